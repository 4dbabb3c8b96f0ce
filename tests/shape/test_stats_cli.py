"""``bengal stats`` end to end on the bundled KB, and agreement with the independent meter
``../shared/tools/corpus_stats.py`` on KORE50 for the measures both compute alike."""

from __future__ import annotations

import importlib.util
import json

import pytest

from bengal.io.formats import read_corpus
from bengal.kb.names import name_index
from bengal.shape import measure_corpus
from tests.cli_helpers import assert_one_line_error, bengal
from tests.conftest import SHARED, shared_path

KORE50 = ("nif", "eaglet-gerbil_data", "datasets", "KORE50", "kore50-nif.ttl")

JSONL = (
    '{"uri": "http://example.org/d1", "text": "Berlin is big.", "mentions": '
    '[{"begin": 0, "end": 6, "uris": ["http://dbpedia.org/resource/Berlin"]}]}\n'
    '{"uri": "http://example.org/d2", "text": "Ann spoke.", "mentions": [{"begin": 0, "end": 3, "uris": []}]}\n'
)


@pytest.fixture(scope="module")
def names(bundled_kb):
    return name_index(bundled_kb)


def _meter():
    path = SHARED / "tools" / "corpus_stats.py"
    if not path.is_file():
        pytest.skip("../shared/tools/corpus_stats.py is absent")
    spec = importlib.util.spec_from_file_location("corpus_stats", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_agrees_with_corpus_stats_on_kore50(names):
    import spacy

    path = shared_path(*KORE50)
    meter = _meter()
    theirs = meter.load_corpus(str(path), None, 3)
    meter.run_gold_checks(theirs)
    nlp = spacy.blank("en")  # the meter's token and sentence figures, with bengal's tokenizer and sentencizer
    nlp.add_pipe("sentencizer")
    meter.shape_stats(theirs, nlp)
    st = theirs.stats
    ours = measure_corpus(read_corpus(path), names).values
    assert ours["documents"] == st["documents"]
    assert ours["mentions"] == st["mentions_in_documents"]
    assert ours["tokens"] == round(st["spacy_tokens_per_doc_mean"] * st["documents"])
    assert ours["tokens_per_sentence"] == pytest.approx(st["tokens_per_sentence_mean"])
    assert ours["mentions_per_token"] == pytest.approx(st["mentions_per_spacy_token"])
    assert ours["anchor_mismatches"] == theirs.checks.counts.get("anchor_mismatch", 0)
    assert ours["offsets_outside_text"] == theirs.checks.counts.get("offsets_outside_text", 0)


def test_cli_table_and_json(tmp_path, bundled_kb):
    (tmp_path / "c.jsonl").write_text(JSONL, encoding="utf-8")
    ran = bengal("stats", "c.jsonl", "--json", "out.json", cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    lines = ran.stdout.splitlines()
    assert [cell.strip() for cell in lines[0].split("|")[1:3]] == ["measure", "c"]
    assert any(line.startswith("| documents ") and line.rstrip().endswith("2 |") for line in lines)
    payload = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    m = payload["corpora"][0]["measures"]
    # Berlin is the KB label of dbr:Berlin; one NIL of two mentions; tokens 4 + 3
    assert (m["documents"], m["mentions"], m["tokens"]) == (2, 2, 7)
    assert (m["label_identical_share"], m["nil_share"], m["uris_not_in_kb"]) == (1.0, 0.5, 0)
    stdout_json = bengal("stats", "c.jsonl", "--json", "-", cwd=tmp_path)
    assert json.loads(stdout_json.stdout) == payload


def test_broken_corpus_is_a_one_line_error(tmp_path):
    (tmp_path / "bad.jsonl").write_text(
        '{"uri": "http://example.org/d", "text": "ab", "mentions": [{"begin": 0, "end": 9, "uris": []}]}\n',
        encoding="utf-8")
    assert_one_line_error(bengal("stats", "bad.jsonl", cwd=tmp_path), "bad.jsonl", "outside the text")


def test_missing_corpus_is_a_one_line_error(tmp_path):
    ran = bengal("stats", "nothing.ttl", cwd=tmp_path)
    assert ran.returncode != 0
    assert_one_line_error(ran, "nothing.ttl")
