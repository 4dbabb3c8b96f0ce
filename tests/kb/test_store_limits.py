"""The embedded store's limits and broken KBs: a time limit on every query, ``--kb-lenient``
dumps, and IRIs that cannot be written in SPARQL.

Expected values are counted by hand from the small dumps written here (the tiny KB of
``tests/data`` plus the lines each test adds).
"""

from __future__ import annotations

import json
import re

import pyoxigraph as ox
import pytest
from cli_helpers import assert_one_line_error, bengal
from conftest import TEST_DATA

from bengal.errors import InputError, UsageError
from bengal.kb.sparql import is_sparql_iri, purpose_of
from bengal.kb.store import open_kb

TINY = (TEST_DATA / "tiny_kb.nt").read_text(encoding="utf-8")
RDF_TYPE = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>"
LABEL = "<http://www.w3.org/2000/01/rdf-schema#label>"
PERSON = "<http://dbpedia.org/ontology/Person>"
ULM = "<http://dbpedia.org/resource/Ulm>"
BIRTH = "<http://dbpedia.org/ontology/birthPlace>"

#: Five bad lines, each of a kind a real dump carries: a missing final dot, a space in an IRI,
#: a bad percent escape, an unclosed string (which must not swallow the good line after it),
#: a lone surrogate escape.
BAD_LINES = [
    f'<http://dbpedia.org/resource/No_dot> {LABEL} "No dot"@en',
    f"<http://dbpedia.org/resource/Bad Name> {RDF_TYPE} {PERSON} .",
    f"<http://dbpedia.org/resource/Q%zz> {BIRTH} {ULM} .",
    f'<http://dbpedia.org/resource/Open> {LABEL} "unclosed .',
    f'<http://dbpedia.org/resource/Sur> {LABEL} "\\ud800"@en .',
]
GOOD_AFTER = f'<http://dbpedia.org/resource/Kept> {LABEL} "Kept"@en .'


def test_sparql_iri_rules():
    """SPARQL 1.1 rule [139] and RFC 3987 pct-encoded, by hand."""
    assert is_sparql_iri("http://dbpedia.org/resource/Ender's_Game")
    assert is_sparql_iri("http://dbpedia.org/resource/100%25_Pure")
    for bad in ("http://x/a b", 'http://x/a"b', "http://x/a>b", "http://x/100%_Pure", "http://x/%2", "no-scheme",
                "http://x/a{b}"):
        assert not is_sparql_iri(bad), bad
    assert purpose_of("# seed candidates\nPREFIX a: <http://a/>\nSELECT ?s WHERE { ?s a ?c }") == "seed candidates"
    assert purpose_of("PREFIX a: <http://a/>\nSELECT ?s\n  WHERE { ?s a ?c }") == "'SELECT ?s WHERE { ?s a ?c }'"


def test_a_query_over_its_time_limit_is_one_error_naming_its_purpose(bundled_kb):
    """A scan of all 819,562 triples with a string function takes seconds; with a limit of
    0.05 s it is an InputError naming the comment's purpose, and the next query still answers."""
    kb = open_kb(timeout=0.05)
    query = ("# triples with long objects\n"
             "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o . FILTER(STRLEN(STR(?o)) > 3) }")
    with pytest.raises(InputError, match=r"for triples with long objects took more than 0.05 s .*--timeout"):
        kb.select(query)
    kb.timeout = 60
    assert kb.select("SELECT ?c WHERE { ?c a <http://www.w3.org/2002/07/owl#Class> } LIMIT 1") != []
    with pytest.raises(UsageError, match="--timeout"):
        open_kb(timeout=0)


def test_timeout_reaches_the_store_from_the_command_line(tmp_path):
    proc = bengal("generate", "--docs", "2", "--timeout", "0.001", "-o", "x.ttl", cwd=tmp_path)
    assert_one_line_error(proc, "took more than 0.001 s", "--timeout")
    assert list(tmp_path.iterdir()) == []


def _dump(tmp_path, *extra: str, name: str = "kb.nt"):
    path = tmp_path / name
    path.write_text(TINY + "".join(line + "\n" for line in extra), encoding="utf-8")
    return path


def test_one_bad_line_stops_a_strict_load_with_file_and_line(tmp_path):
    path = _dump(tmp_path, BAD_LINES[1])
    with pytest.raises(InputError, match=rf"kb.nt:{TINY.count(chr(10)) + 1}:\d+: not valid RDF"):
        open_kb(path)


def test_kb_lenient_skips_and_counts_bad_lines(tmp_path):
    """41 good lines, the 5 bad ones, and a good line after the unclosed string: 5 skipped,
    42 triples kept, the first skipped named by file and line."""
    path = _dump(tmp_path, *BAD_LINES, GOOD_AFTER)
    kb = open_kb(path, lenient=True)
    assert kb.skipped_lines == 5 and len(kb) == 42
    assert kb.first_skipped == "kb.nt:42: Quads must be followed by a dot"
    assert kb.select(f"SELECT ?l WHERE {{ <http://dbpedia.org/resource/Kept> {LABEL} ?l }}") == [("Kept",)]
    again = open_kb(path, lenient=True)  # from the cache, with the count kept beside the store
    assert (again.skipped_lines, again.first_skipped) == (5, kb.first_skipped)


def test_kb_lenient_in_the_manifest(tmp_path):
    path = _dump(tmp_path, *BAD_LINES, GOOD_AFTER)
    proc = bengal("generate", "--kb", str(path), "--kb-lenient", "--docs", "2", "--min-sentences", "1", "-q",
                  "-o", "out.ttl", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    kb = json.loads((tmp_path / "out.ttl.manifest.json").read_text())["kb"]
    assert (kb["skipped_lines"], kb["skipped_iris"], kb["first_skipped"]) == (5, 0, "kb.nt:42: Quads must be "
                                                                                   "followed by a dot")


@pytest.mark.parametrize("args, needle", [
    (["--kb-lenient"], "not the bundled sample"),
    (["--kb-lenient", "--endpoint", "http://127.0.0.1:9/sparql"], "not to --endpoint"),
])
def test_kb_lenient_misused_is_a_usage_error(args, needle, tmp_path):
    proc = bengal("generate", "--docs", "2", "-o", "x.ttl", *args, cwd=tmp_path)
    assert_one_line_error(proc, needle)
    assert proc.returncode == 2 and list(tmp_path.iterdir()) == []


def test_kb_lenient_refuses_turtle(tmp_path):
    path = _dump(tmp_path, name="kb.ttl")
    with pytest.raises(UsageError, match="N-Triples"):
        open_kb(path, lenient=True)


def test_a_store_holding_iris_sparql_cannot_write_skips_and_counts_them(tmp_path):
    """A store folder loaded leniently (as ``oxigraph load --lenient`` does) holding a person
    whose IRI has a space and who is Einstein's spouse: that entity is skipped (one distinct
    IRI, met by the seed query and by Einstein's facts), the run writes 2 documents, and the
    manifest counts 1."""
    bad = "<http://dbpedia.org/resource/Bad Name>"
    extra = [f"{bad} {RDF_TYPE} {PERSON} .", f'{bad} {LABEL} "Bad Name"@en .', f"{bad} {BIRTH} {ULM} .",
             f"<http://dbpedia.org/resource/Albert_Einstein> <http://dbpedia.org/ontology/spouse> {bad} ."]
    store = ox.Store(str(tmp_path / "store"))
    store.bulk_load((TINY + "".join(x + "\n" for x in extra)).encode("utf-8"), ox.RdfFormat.N_TRIPLES, lenient=True)
    store.flush()
    del store
    kb = open_kb(tmp_path / "store")
    rows = kb.select(f"SELECT ?s WHERE {{ ?s {RDF_TYPE} {PERSON} }}")
    assert sorted(rows) == [("http://dbpedia.org/resource/Albert_Einstein",)]
    assert kb.skipped_iris == {"http://dbpedia.org/resource/Bad Name"}
    proc = bengal("generate", "--kb", str(tmp_path / "store"), "--docs", "2", "--min-sentences", "1", "-q",
                  "-o", "out.ttl", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    manifest = json.loads((tmp_path / "out.ttl.manifest.json").read_text())
    assert manifest["kb"]["skipped_iris"] == 1 and "skipped_lines" not in manifest["kb"]
    assert "Bad Name" not in (tmp_path / "out.ttl").read_text(encoding="utf-8")


def test_mutated_dumps_load_or_fail_in_one_line(tmp_path, monkeypatch):
    """30 seeded byte mutations of the tiny KB (splices of what real dumps carry): a strict
    load is a KB or one InputError naming the file and line; a lenient load always gives a KB,
    whose skipped lines plus the lines it kept are the dump's lines, and whose IRIs can all be
    written in SPARQL."""
    import random

    monkeypatch.setenv("BENGAL_CACHE", str(tmp_path / "cache"))
    rng = random.Random(14)
    splices = [b" ", b'"', b">", b"<", b"%zz", b"\\ud800", b"\\u00", b"\x00", b"\xff", b"\n", b".", b"@", b"^^",
               b"_:", b"#", b"\r", b"\t", b"\\"]
    base = TINY.encode("utf-8")
    outcomes = {"strict ok": 0, "strict refused": 0}
    for n in range(30):
        data = bytearray(base)
        for _ in range(rng.choice((1, 2, 3))):
            pos = rng.randrange(len(data))
            if rng.random() < 0.7:
                data[pos:pos] = rng.choice(splices)
            else:
                del data[pos : pos + rng.randrange(1, 40)]
        path = tmp_path / f"m{n}.nt"
        path.write_bytes(bytes(data))
        try:
            open_kb(path)
            outcomes["strict ok"] += 1
        except InputError as exc:
            outcomes["strict refused"] += 1
            assert re.match(rf"^{re.escape(str(path))}:\d+(:\d+)?: ", str(exc)) and "\n" not in str(exc), str(exc)
        kb = open_kb(path, lenient=True)
        lines = bytes(data).count(b"\n") + (not bytes(data).endswith(b"\n"))
        assert 0 <= kb.skipped_lines <= lines
        for (s,) in kb.select("SELECT DISTINCT ?s WHERE { { ?s ?p ?o } UNION { ?x ?s ?o } UNION { ?x ?p ?s } "
                              "FILTER(isIRI(?s)) }"):
            assert is_sparql_iri(s), s
    assert outcomes["strict ok"] > 0 and outcomes["strict refused"] > 0, outcomes


def test_the_query_thread_ends_with_its_kb(bundled_kb):
    import gc
    import threading

    def query_threads() -> list[threading.Thread]:
        return [t for t in threading.enumerate() if t.name == "bengal-kb-query"]

    before = set(query_threads())
    for _ in range(3):
        kb = open_kb()
        assert kb.select("SELECT ?c WHERE { ?c a <http://www.w3.org/2002/07/owl#Class> } LIMIT 1")
        del kb
    gc.collect()
    for thread in set(query_threads()) - before:
        thread.join(10)
        assert not thread.is_alive()


_ULM = '<http://dbpedia.org/resource/Ulm> <http://www.w3.org/2000/01/rdf-schema#label> "Ulm"@en .'
_BERN = '<http://dbpedia.org/resource/Bern> <http://www.w3.org/2000/01/rdf-schema#label> "Bern"@en .'
#: The tiny KB with Ulm's label holding a line feed and Bern's a NUL (as N-Triples escapes): two
#: entities with a refused label (tests/kb/test_endpoint.py serves it too).
TINY_REFUSED = TINY.replace(_ULM, _ULM.replace('"Ulm"', '"Ulm\\nDonau"')).replace(
    _BERN, _BERN.replace('"Bern"', '"Be\\u0000rn"'))


def test_labels_with_control_characters_name_nothing_and_are_counted(tmp_path):
    """Ulm's label holds a line feed and Bern's a NUL (as N-Triples escapes): neither entity can be named
    by its label, so neither is mentioned and no control character reaches the text; the manifest counts
    2 (Ulm and Bern, counted by hand). The same run on the unchanged tiny KB mentions both and counts 0."""
    assert _ULM in TINY and _BERN in TINY and TINY_REFUSED.count("\\n") == TINY_REFUSED.count("\\u0000") == 1
    from bengal.io import read_corpus

    def run(folder, dump_text):
        folder.mkdir()
        (folder / "kb.nt").write_text(dump_text, encoding="utf-8")
        proc = bengal("generate", "--kb", "kb.nt", "--docs", "1", "--min-sentences", "3", "-q", "-o", "out.ttl",
                      cwd=folder)
        assert proc.returncode == 0, proc.stderr
        corpus = read_corpus(folder / "out.ttl")
        uris = {u for d in corpus.documents for m in d.mentions for u in m.uris}
        texts = "".join(d.text for d in corpus.documents)
        return json.loads((folder / "out.ttl.manifest.json").read_text())["kb"], uris, texts

    kb, uris, _ = run(tmp_path / "plain", TINY)
    assert kb["refused_labels"] == 0
    assert {"http://dbpedia.org/resource/Ulm", "http://dbpedia.org/resource/Bern"} <= uris
    kb, uris, texts = run(tmp_path / "bad", TINY_REFUSED)
    assert kb["refused_labels"] == 2
    assert not uris & {"http://dbpedia.org/resource/Ulm", "http://dbpedia.org/resource/Bern"}
    assert "\n" not in texts and "\x00" not in texts and "Donau" not in texts
