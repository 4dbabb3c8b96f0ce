"""Bad input on the command line: one line on stderr, a non-zero exit, no traceback, no output file."""

from __future__ import annotations

import pytest
from cli_helpers import assert_one_line_error, bengal

GOOD_NIF = """@prefix nif: <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#> .
@prefix itsrdf: <http://www.w3.org/2005/11/its/rdf#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
<http://example.org/d1#char=0,13> a nif:Context ; nif:isString "Berlin is big" ;
    nif:beginIndex "0"^^xsd:nonNegativeInteger ; nif:endIndex "13"^^xsd:nonNegativeInteger .
<http://example.org/d1#char=0,6> a nif:Phrase ; nif:anchorOf "Berlin" ;
    nif:beginIndex "0"^^xsd:nonNegativeInteger ; nif:endIndex "6"^^xsd:nonNegativeInteger ;
    nif:referenceContext <http://example.org/d1#char=0,13> ;
    itsrdf:taIdentRef <http://dbpedia.org/resource/Berlin> .
"""


run = bengal  # the tests below call it run


@pytest.mark.parametrize("args, needle", [
    (["--strategy", "nope"], "nope"),
    (["--docs", "0"], "--docs"),
    (["--kb", "does/not/exist.nt"], "does not exist"),
    (["--min-sentences", "5", "--max-sentences", "3"], "--max-sentences"),
    (["--density", "thick"], "--density"),
    (["--classes", "dbo:Per son"], "class"),
    (["--emerging", "0.2", "--emerging-types", "robot=1"], "--emerging-types"),
])
def test_generate_bad_arguments(tmp_path, args, needle):
    proc = run("generate", "--docs" if "--docs" not in args else "--seed", "2" if "--docs" not in args else "1",
               *args, "-o", "out.ttl", cwd=tmp_path)
    assert_one_line_error(proc, needle)
    assert list(tmp_path.iterdir()) == []


def test_score_malformed_turtle_names_file_line_and_column(tmp_path):
    (tmp_path / "gold.ttl").write_text(GOOD_NIF)
    bad = GOOD_NIF.replace('nif:isString "Berlin is big" ;', 'nif:isString "Berlin is big ;', 1)
    (tmp_path / "bad.ttl").write_text(bad)
    proc = run("score", "gold.ttl", "bad.ttl", cwd=tmp_path)
    assert_one_line_error(proc, "bad.ttl")
    # the unterminated string starts on line 4
    assert ":4:" in proc.stderr or "line 4" in proc.stderr


def test_score_mention_outside_text(tmp_path):
    (tmp_path / "gold.ttl").write_text(GOOD_NIF)
    (tmp_path / "pred.ttl").write_text(GOOD_NIF.replace('"6"^^', '"60"^^').replace("#char=0,6>", "#char=0,60>"))
    proc = run("score", "gold.ttl", "pred.ttl", cwd=tmp_path)
    assert_one_line_error(proc, "pred.ttl")


def test_score_missing_file(tmp_path):
    (tmp_path / "gold.ttl").write_text(GOOD_NIF)
    proc = run("score", "gold.ttl", "nothere.ttl", cwd=tmp_path)
    assert_one_line_error(proc, "nothere.ttl")


def test_version_and_help(tmp_path):
    from bengal import __version__

    proc = run("--version", cwd=tmp_path)
    assert proc.returncode == 0 and __version__ in proc.stdout
    for cmd in (["generate"], ["score"], ["kb"], ["kb", "info"], ["kb", "build"]):
        proc = run(*cmd, "--help", cwd=tmp_path)
        assert proc.returncode == 0 and "Usage:" in proc.stdout


@pytest.mark.parametrize("out, needle", [
    ("no/such/folder/out.ttl", "does not exist"),
    ("out.xyz", "--format"),
    ("adir.ttl", "is a folder"),
])
def test_generate_bad_output_paths_fail_before_any_work(tmp_path, out, needle):
    (tmp_path / "adir.ttl").mkdir()
    proc = run("generate", "--docs", "2", "-o", out, cwd=tmp_path)
    assert_one_line_error(proc, needle)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["adir.ttl"]


def test_generate_format_must_not_contradict_extension(tmp_path):
    proc = run("generate", "--docs", "2", "--format", "jsonl", "-o", "out.ttl", cwd=tmp_path)
    assert_one_line_error(proc, "contradicts")
    assert list(tmp_path.iterdir()) == []


def test_generate_refuses_a_format_without_uris(tmp_path):
    # `bengal generate -o x.conll` wrote CoNLL columns whose tags were class IRIs and whose links were lost, though
    # --format refused conll (a new user's report, 7 December 2026): a gold standard keeps its URIs
    proc = run("generate", "--docs", "2", "-o", "bench.conll", cwd=tmp_path)
    assert_one_line_error(proc, "bengal convert bench.ttl -o bench.conll --map-types")
    assert list(tmp_path.iterdir()) == []


def test_existing_corpus_survives_an_unwritable_manifest(tmp_path):
    (tmp_path / "old.ttl").write_text("OLD")
    (tmp_path / "old.ttl.manifest.json").mkdir()
    proc = run("generate", "--docs", "2", "-o", "old.ttl", cwd=tmp_path)
    assert_one_line_error(proc, "is a folder")
    assert (tmp_path / "old.ttl").read_text() == "OLD"


def test_score_empty_gold_is_an_error(tmp_path):
    (tmp_path / "empty.jsonl").write_text("")
    proc = run("score", "empty.jsonl", "empty.jsonl", cwd=tmp_path)
    assert_one_line_error(proc, "no documents")


def test_strict_error_does_not_claim_the_lenient_repair(tmp_path):
    (tmp_path / "gold.ttl").write_text(GOOD_NIF.replace('nif:anchorOf "Berlin"', 'nif:anchorOf "Berlln"'))
    proc = run("score", "gold.ttl", "gold.ttl", "--strict", cwd=tmp_path)
    assert_one_line_error(proc, "anchor_mismatch", "Berlln")
    assert "kept" not in proc.stderr
    lenient = run("score", "gold.ttl", "gold.ttl", cwd=tmp_path)
    assert lenient.returncode == 0 and "anchor_mismatch" in lenient.stderr


def test_the_exit_code_follows_the_error_class(tmp_path):
    """Usage errors exit 2, input errors 1, whatever module raises them (bengal/errors.py's tree)."""
    from bengal.annotate.base import AnnotationFailure
    from bengal.errors import BengalError, GoldError, InputError, UnknownOptionError, UsageError, exit_code
    from bengal.tagging.decode import TagError

    assert [exit_code(e) for e in (UsageError("u"), UnknownOptionError("o"), InputError("i"), GoldError("g"),
                                   TagError("t"), AnnotationFailure("timeout"))] == [2, 2, 1, 1, 1, 1]
    assert all(issubclass(c, BengalError) for c in (UsageError, InputError, GoldError, TagError, AnnotationFailure))
    assert issubclass(UsageError, ValueError) and not issubclass(InputError, ValueError)
    # an unknown name of a registry (a usage error) and a broken file (an input error), from the command line
    (tmp_path / "gold.ttl").write_text(GOOD_NIF)
    assert run("score", "gold.ttl", "gold.ttl", "--scheme", "bio3", cwd=tmp_path).returncode == 2
    assert run("convert", "gold.ttl", "-o", "out.xyz", cwd=tmp_path).returncode == 2
    (tmp_path / "bad.ttl").write_text("<a> <b> .\n")
    assert run("score", "bad.ttl", "gold.ttl", cwd=tmp_path).returncode == 1


@pytest.mark.parametrize("args", [
    ["compare-sets", "--gold", "gold.ttl", "--pred", "pred.ttl", "--ci", "0", "--json", "pred.ttl"],
    ["prompts", "gold.ttl", "--shots", "0", "-o", "gold.ttl"],
    ["convert", "gold.ttl", "-o", "gold.ttl"],
    ["convert", "gold.ttl", "-o", "./gold.ttl"],  # another spelling of the same file
])
def test_an_output_that_is_an_input_is_refused_and_the_input_kept(tmp_path, args):
    (tmp_path / "gold.ttl").write_text(GOOD_NIF)
    (tmp_path / "pred.ttl").write_text(GOOD_NIF)
    proc = run(*args, cwd=tmp_path)
    assert_one_line_error(proc, "it is also an input")
    assert proc.returncode == 2
    assert (tmp_path / "gold.ttl").read_text() == GOOD_NIF and (tmp_path / "pred.ttl").read_text() == GOOD_NIF


def test_an_unknown_output_extension_names_every_format(tmp_path):
    (tmp_path / "gold.ttl").write_text(GOOD_NIF)
    proc = run("convert", "gold.ttl", "-o", "out.xyz", cwd=tmp_path)
    assert_one_line_error(proc, ".ttl (NIF Turtle)", ".nt (NIF N-Triples)", ".jsonl (JSON Lines)",
                          ".conll (CoNLL columns)")
