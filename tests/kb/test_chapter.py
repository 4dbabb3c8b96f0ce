"""A DBpedia chapter endpoint (``--endpoint … --lang pt --resource-namespace …``, issue 13) on a real
Oxigraph server on loopback.

The chapter-style sample is built here from the bundled KB: its resources with an ``rdfs:label@pt``
(about 1,100) and their triples, with every ``http://dbpedia.org/resource/`` IRI rewritten into
``http://pt.dbpedia.org/resource/`` (the kept resources named by their Portuguese label, as chapters
do: ``dbr:Brazil`` → ``pt:Brasil``), labels and alt labels in Portuguese only, the ontology as it is,
and an ``owl:sameAs`` link from each kept resource to its English IRI, except (by construction,
counted by hand below) every tenth resource, one resource linked twice and two resources linked to
one English IRI. The same resources in English DBpedia's namespace, all labels kept, go into the
named graph ``ENGLISH`` (a plain endpoint with labels in pt). One ``oxigraph serve-read-only`` for
the module, 127.0.0.1 only.

Expected values come from the construction (the link map written here) and from the bundled KB's
labels, never from the generator's output.
"""

from __future__ import annotations

import json
import subprocess
import urllib.parse
import urllib.request
from pathlib import Path

import pyoxigraph as ox
import pytest
from cli_helpers import assert_one_line_error, bengal
from test_endpoint import oxigraph_cli, serve_read_only

from bengal.errors import UsageError
from bengal.kb.chapter import detect_namespace, namespace_of
from bengal.kb.labels import surface_of, writable_label
from bengal.kb.store import open_kb

DBR = "http://dbpedia.org/resource/"
PT = "http://pt.dbpedia.org/resource/"
ENGLISH = "http://example.org/graph/english"
SAME_AS = ox.NamedNode("http://www.w3.org/2002/07/owl#sameAs")
LABELS = {"http://www.w3.org/2000/01/rdf-schema#label", "http://www.w3.org/2004/02/skos/core#altLabel"}
_RESOURCES = """SELECT ?s ?p ?o WHERE { ?s <http://www.w3.org/2000/01/rdf-schema#label> ?pl .
  FILTER(LANG(?pl) = "pt" && STRSTARTS(STR(?s), "http://dbpedia.org/resource/")) ?s ?p ?o }"""
_ONTOLOGY = """SELECT ?s ?p ?o WHERE { VALUES ?t { <http://www.w3.org/2002/07/owl#Class>
  <http://www.w3.org/2002/07/owl#ObjectProperty> <http://www.w3.org/2002/07/owl#DatatypeProperty> }
  ?s a ?t . ?s ?p ?o }"""
#: The types and English labels of the resources the kept ones point at (persons among them: the person
#: fallback of the English graph) are read by these predicates.
_NEIGHBOUR_PREDICATES = (ox.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"),
                         ox.NamedNode("http://www.w3.org/2000/01/rdf-schema#label"))


def chapter_name(label: str) -> str:
    """A chapter's local name for a label, as chapters write them (IRIs, not URIs): spaces as
    underscores, non-ASCII letters as they are ("Rússia"), other unsafe ASCII characters escaped."""
    return "".join(c if ord(c) > 127 or c.isalnum() or c in "_()',-.!:;*$&+=@~" else urllib.parse.quote(c)
                   for c in label.replace(" ", "_"))


def build_samples(tmp: Path) -> dict:
    """Write ``chapter.nt`` and ``english.nt`` into ``tmp``; return the construction's facts:
    ``pt_label`` {English IRI: its pt label}, ``chapter_of`` {English IRI: chapter IRI}, ``links``
    {chapter IRI: English IRI} (the usable links), ``several``, ``shared``, ``unlinked`` (counts)."""
    store = open_kb().store
    rows = [tuple(r) for r in store.query(_RESOURCES)]
    onto = [tuple(r) for r in store.query(_ONTOLOGY)]
    pt_label: dict[str, str] = {}
    for s, p, o in rows:
        if p.value.endswith("#label") and isinstance(o, ox.Literal) and o.language == "pt":
            pt_label[s.value] = min(pt_label.get(s.value, o.value), o.value)
    kept = sorted(pt_label)
    chapter_of: dict[str, str] = {}
    used: set[str] = set()
    for e in kept:
        name = chapter_name(pt_label[e])
        name = name if name not in used else e[len(DBR):]  # two resources with one label: the English name
        used.add(name)
        chapter_of[e] = PT + name

    def rewrite(term):
        if isinstance(term, ox.NamedNode) and term.value.startswith(DBR):
            return ox.NamedNode(chapter_of.get(term.value) or PT + term.value[len(DBR):])
        return term

    chapter = [f"{s} {p} {o} ." for s, p, o in onto]
    chapter += [f"{rewrite(s)} {p} {rewrite(o)} ." for s, p, o in rows
                if not (p.value in LABELS and isinstance(o, ox.Literal) and o.language != "pt")]
    links: dict[str, str] = {}
    for i, e in enumerate(kept):
        c = chapter_of[e]
        if i % 10 == 0:
            continue  # no link
        target = kept[4] if i == 3 else e  # resources 3 and 4 link to one English IRI: both refused
        chapter.append(f"<{c}> {SAME_AS} <{target}> .")
        if i == 1:  # linked twice: refused
            chapter.append(f"<{c}> {SAME_AS} <{DBR}Extra_link> .")
        elif i not in (3, 4):
            links[c] = e
    (tmp / "chapter.nt").write_text("\n".join(chapter) + "\n", encoding="utf-8")
    english = [f"{s} {p} {o} ." for s, p, o in onto + rows]
    neighbours = sorted({o.value for _, _, o in rows if isinstance(o, ox.NamedNode) and o.value.startswith(DBR)
                         and o.value not in pt_label})
    english += [f"{q.subject} {q.predicate} {q.object} ." for o in neighbours for p in _NEIGHBOUR_PREDICATES
                for q in store.quads_for_pattern(ox.NamedNode(o), p, None)
                if not isinstance(q.object, ox.Literal) or q.object.language == "en"]
    (tmp / "english.nt").write_text("\n".join(english) + "\n", encoding="utf-8")
    unlinked = len(range(0, len(kept), 10))
    return {"pt_label": pt_label, "chapter_of": chapter_of, "links": links, "several": 1, "shared": 2,
            "unlinked": unlinked, "kept": len(kept)}


@pytest.fixture(scope="module")
def chapter(tmp_path_factory):
    """``(endpoint URL, the construction's facts, the folder of the samples)``: a read-only Oxigraph
    server holding ``chapter.nt`` (default graph) and ``english.nt`` (graph ``ENGLISH``)."""
    exe = oxigraph_cli()
    tmp = tmp_path_factory.mktemp("chapter")
    facts = build_samples(tmp)
    db = tmp / "db"
    subprocess.run([exe, "load", "--location", str(db), "--file", str(tmp / "chapter.nt")],
                   check=True, capture_output=True, timeout=120)
    subprocess.run([exe, "load", "--location", str(db), "--file", str(tmp / "english.nt"), "--graph", ENGLISH],
                   check=True, capture_output=True, timeout=120)
    with serve_read_only(exe, db, tmp) as url:
        yield url, facts, tmp


#: Ten short documents: the chapter sample has only 888 resources, few with three nameable facts.
ARGS = ("generate", "--lang", "pt", "--docs", "10", "--seed", "4", "--min-sentences", "1", "--max-sentences", "4",
        "--retries", "0", "-q")


def documents(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def check_gold_exact(docs: list[dict]) -> list[tuple[str, str]]:
    """Every mention's span is its surface in the text; ``[(surface, uri)]`` of all mentions."""
    out = []
    for d in docs:
        for m in d["mentions"]:
            assert d["text"][m["begin"]:m["end"]] == m["surface"], (d["uri"], m)
            assert len(m["uris"]) == 1, m
            out.append((m["surface"], m["uris"][0]))
    return out


def test_chapter_iris_are_the_chapters_and_the_same_for_the_same_seed(chapter, tmp_path):
    url, facts, _ = chapter
    english_of = {c: e for e, c in facts["chapter_of"].items()}
    for name in ("a.jsonl", "b.jsonl"):
        proc = bengal(*ARGS, "--endpoint", url, "--resource-namespace", PT, "-o", name, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    mentions = check_gold_exact(documents(tmp_path / "a.jsonl"))
    assert len(mentions) >= 10
    assert any(ord(c) > 127 for _, uri in mentions for c in uri)  # IRIs such as pt:Rússia, unescaped
    for surface, uri in mentions:
        assert uri in english_of, uri  # a chapter IRI of a kept resource (never dbr:, never a neighbour)
        assert surface == surface_of(facts["pt_label"][english_of[uri]])
    manifest = json.loads((tmp_path / "a.jsonl.manifest.json").read_text())
    assert manifest["kb"]["chapter"] == {"namespace": PT, "lang": "pt", "gold_iris": "chapter", "detected": False}
    assert manifest["kb"]["source"] == url
    assert manifest["stats"]["language"]["pool"]["person_fallback"] == 0  # a chapter has no English titles


def test_english_iris_follow_the_sameas_links(chapter, tmp_path):
    url, facts, _ = chapter
    linked = {e: c for c, e in facts["links"].items()}
    proc = bengal(*ARGS[:-1], "--endpoint", url, "--resource-namespace", PT, "--gold-iris", "english",
                  "-o", "en.jsonl", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    refused = facts["unlinked"] + facts["several"] + facts["shared"]
    assert (f"chapter {PT}: gold IRIs english, {len(facts['links'])} owl:sameAs links; not named for want of a "
            f"usable link: {refused} labelled resources (1 linked twice or more, 2 sharing an English IRI)"
            in proc.stderr.splitlines())
    mentions = check_gold_exact(documents(tmp_path / "en.jsonl"))
    assert len(mentions) >= 10
    for surface, uri in mentions:
        assert uri in linked, uri  # an English IRI with a usable link: never an unlinked resource
        assert surface == surface_of(facts["pt_label"][uri])
    manifest = json.loads((tmp_path / "en.jsonl.manifest.json").read_text())
    assert manifest["kb"]["chapter"] == {
        "namespace": PT, "lang": "pt", "gold_iris": "english", "detected": False, "sameas_links": len(facts["links"]),
        "several_links": facts["several"], "shared_links": facts["shared"],
        "unlinked_labelled": facts["unlinked"] + facts["several"] + facts["shared"]}
    pool = manifest["stats"]["language"]["pool"]
    # nameable: the linked resources whose pt label can stand in text, and no other
    assert pool == {"entities": sum(writable_label(facts["pt_label"][e]) for e in linked),
                    "labelled": sum(writable_label(facts["pt_label"][e]) for e in linked),
                    "person_fallback": 0, "unwritable": 0}


def test_a_plain_endpoint_in_pt_gives_the_offline_corpus(chapter, tmp_path):
    """`--endpoint URL --lang pt` on a server in English DBpedia's namespace with labels in pt: the
    very bytes (and the same pool, person fallback included) that `--kb` gives for the same data."""
    url, _, samples = chapter
    a = bengal(*ARGS[:-3], "-q", "--kb", str(samples / "english.nt"), "-o", "offline.jsonl", cwd=tmp_path)
    assert a.returncode == 0, a.stderr
    b = bengal(*ARGS, "--endpoint", url, "--graph", ENGLISH, "-o", "remote.jsonl", cwd=tmp_path)
    assert b.returncode == 0, b.stderr
    assert (tmp_path / "offline.jsonl").read_bytes() == (tmp_path / "remote.jsonl").read_bytes()
    ma = json.loads((tmp_path / "offline.jsonl.manifest.json").read_text())
    mb = json.loads((tmp_path / "remote.jsonl.manifest.json").read_text())
    assert ma["stats"]["language"] == mb["stats"]["language"]
    assert mb["stats"]["language"]["pool"]["person_fallback"] > 0  # persons the sample points at, English only
    assert "chapter" not in mb["kb"]


@pytest.mark.parametrize("args, needle", [
    (("--gold-iris", "english", "--endpoint", "http://127.0.0.1:9/query"), "--gold-iris applies with --resource"),
    (("--resource-namespace", PT), "--resource-namespace applies with --endpoint"),
    (("--resource-namespace", "pt.dbpedia.org/resource/", "--endpoint", "http://127.0.0.1:9/query"),
     "must be an http(s) IRI"),
    (("--resource-namespace", "http://pt.dbpedia.org/resource", "--endpoint", "http://127.0.0.1:9/query"),
     "ending in / or #"),
    (("--resource-namespace", DBR, "--endpoint", "http://127.0.0.1:9/query"), "English DBpedia's own"),
    (("--resource-namespace", "http://pt.dbpedia.org/re source/", "--endpoint", "http://127.0.0.1:9/query"),
     "cannot contain"),
])
def test_bad_chapter_options_are_one_line_errors_and_write_nothing(tmp_path, args, needle):
    proc = bengal("generate", "--lang", "pt", "--docs", "2", "-o", "x.jsonl", *args, cwd=tmp_path)
    assert_one_line_error(proc, needle)
    assert list(tmp_path.iterdir()) == []


def test_a_chapter_needs_its_language(tmp_path):
    proc = bengal("generate", "--docs", "2", "-o", "x.jsonl", "--resource-namespace", PT, "--endpoint",
                  "http://127.0.0.1:9/query", cwd=tmp_path)
    assert_one_line_error(proc, "--resource-namespace needs the chapter's --lang")
    assert list(tmp_path.iterdir()) == []


def test_a_chapter_is_detected_and_gives_the_corpus_its_namespace_gives(chapter, tmp_path):
    """`--endpoint URL --lang pt` without `--resource-namespace` on the chapter-style server: the
    namespace is detected (stderr, manifest `kb.chapter.detected`), and the corpus is the very bytes
    that `--resource-namespace` with the constructed namespace gives."""
    url, _, _ = chapter
    given = bengal(*ARGS, "--endpoint", url, "--resource-namespace", PT, "-o", "given.jsonl", cwd=tmp_path)
    assert given.returncode == 0, given.stderr
    found = bengal(*ARGS[:-1], "--endpoint", url, "-o", "found.jsonl", cwd=tmp_path)
    assert found.returncode == 0, found.stderr
    assert f"detected a DBpedia chapter: resources labelled in pt live in {PT} (--resource-namespace {PT}; " \
           "gold IRIs chapter, --gold-iris english for English DBpedia's)" in found.stderr.splitlines()
    assert (tmp_path / "found.jsonl").read_bytes() == (tmp_path / "given.jsonl").read_bytes()
    manifest = json.loads((tmp_path / "found.jsonl.manifest.json").read_text())
    assert manifest["kb"]["chapter"] == {"namespace": PT, "lang": "pt", "gold_iris": "chapter", "detected": True}


def test_namespace_of():
    assert namespace_of(PT + "AC/DC") == PT
    assert namespace_of("http://example.org/kb#Ulm") == "http://example.org/kb#"
    assert namespace_of("http://example.org/things/Ulm") == "http://example.org/things/"


def _tiny_kb(folder, subjects: list[str], lang: str = "pt"):
    """A KB file: each subject a dbo:Place with a label in ``lang``, plus an ontology class labelled in
    ``lang`` (typed owl:Class: never taken for a resource)."""
    lines = [f'<{s}> <http://www.w3.org/2000/01/rdf-schema#label> "Lugar {i}"@{lang} .\n'
             f'<{s}> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://dbpedia.org/ontology/Place> .'
             for i, s in enumerate(subjects)]
    lines.append('<http://dbpedia.org/ontology/Place> <http://www.w3.org/2000/01/rdf-schema#label> "lugar"@pt .\n'
                 '<http://dbpedia.org/ontology/Place> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> '
                 '<http://www.w3.org/2002/07/owl#Class> .')
    folder.mkdir()
    path = folder / "tiny.nt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return open_kb(path)


def test_detection_decides_by_the_labelled_resources_namespaces(tmp_path):
    assert detect_namespace(_tiny_kb(tmp_path / "a", [PT + "Brasil", PT + "AC/DC"]), "pt") == PT
    # English DBpedia's namespace (or a KB in it) with labels in pt: no chapter
    assert detect_namespace(_tiny_kb(tmp_path / "b", [DBR + "Brazil", PT + "Brasil"]), "pt") is None
    # nothing labelled in the language: nothing detected
    assert detect_namespace(_tiny_kb(tmp_path / "c", [PT + "Brasil"]), "es") is None
    with pytest.raises(UsageError, match=r"several namespaces \(http://es.dbpedia.org/resource/ \(1\), "
                       r"http://pt.dbpedia.org/resource/ \(1\)\); pass --resource-namespace"):
        detect_namespace(_tiny_kb(tmp_path / "d", [PT + "Brasil", "http://es.dbpedia.org/resource/Brasil"]), "pt")
