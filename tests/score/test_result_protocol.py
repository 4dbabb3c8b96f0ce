"""Every kind of result reads the same way: the same top-level JSON keys, one P/R/F1 record, one
warning shape. Values by hand on one small pair of corpora."""

from __future__ import annotations

import json

import pytest

from bengal.io.answers import read_answers
from bengal.llm.answers import score_answers
from bengal.llm.samples import Sample
from bengal.model import Corpus, Document, Mention
from bengal.score import score
from bengal.score.chunks import score_chunks
from bengal.score.jaccard import score_jaccard
from bengal.score.metrics import MicroScore
from bengal.score.result import RESULT_KEYS
from bengal.score.semeval import score_semeval

TEXT = "Paris and Rome met Berlin"
PARIS, ROME, BERLIN = (f"http://dbpedia.org/resource/{n}" for n in ("Paris", "Rome", "Berlin"))
MICRO_KEYS = {"tp", "fp", "fn", "precision", "recall", "f1"}
WARNING_KEYS = {"code", "where", "message", "side"}


def m(begin: int, end: int, uri: str, typ: str = "LOC") -> Mention:
    return Mention.in_text(TEXT, begin, end, (uri,), typ)


@pytest.fixture()
def pair():
    # gold: Paris [0,5), Rome [10,14), Berlin [19,25); prediction: Paris right, "Rom" cut short, a second
    # document the gold lacks (a missing_document warning, side gold)
    gold = Corpus((Document("http://ex.org/d1", TEXT, (m(0, 5, PARIS), m(10, 14, ROME), m(19, 25, BERLIN))),))
    pred = Corpus((Document("http://ex.org/d1", TEXT, (m(0, 5, PARIS), m(10, 13, ROME))),
                   Document("http://ex.org/other", TEXT, (m(0, 5, PARIS),))))
    return gold, pred


def check(out: dict, counted: str, micro: tuple[int, int, int]) -> None:
    json.dumps(out, allow_nan=False)
    assert set(RESULT_KEYS) <= set(out) and counted in out
    assert MICRO_KEYS <= set(out["micro"])
    tp, fp, fn = micro
    assert (out["micro"]["tp"], out["micro"]["fp"], out["micro"]["fn"]) == micro
    p = tp / (tp + fp) if tp else 0.0
    r = tp / (tp + fn) if tp else 0.0
    assert out["micro"]["precision"] == pytest.approx(p)
    assert out["micro"]["recall"] == pytest.approx(r)
    assert out["micro"]["f1"] == pytest.approx(2 * p * r / (p + r) if p + r else 0.0)
    for w in out["warnings"]:
        assert set(w) == WARNING_KEYS
    assert isinstance(out["conventions"], dict) and out["conventions"]


def test_span_result(pair):
    r = score(*pair)  # strong A2KB: Paris TP; "Rom" FP; Rome, Berlin FN
    assert isinstance(r.micro, MicroScore)
    check(r.to_json(), "documents", (1, 1, 2))
    assert [(w["code"], w["side"]) for w in r.to_json()["warnings"]] == [("missing_document", "gold")]


def test_semeval_result(pair):
    r = score_semeval(*pair)  # strict scheme: COR 1 (Paris), INC 1 ("Rom"), MIS 1 (Berlin): TP 1, FP 1, FN 2
    check(r.to_json(), "documents", (1, 1, 2))
    assert [w.code for w in r.warnings] == ["missing_document"]


def test_jaccard_result(pair):
    r = score_jaccard(*pair)  # "rom" vs "rome": Jaccard 0 (different words): TP 1, FP 1, FN 2
    check(r.to_json(), "documents", (1, 1, 2))


def test_chunk_result():
    r = score_chunks([["B-LOC", "O", "B-LOC", "O", "B-LOC"]], [["B-LOC", "O", "B-PER", "O", "O"]])
    check(r.to_json(), "sentences", (1, 1, 2))  # LOC right; PER on Rome wrong type; Berlin missed


def test_answers_result():
    sample = Sample("00001-x", tuple(TEXT.split()), ("B-LOC", "O", "B-LOC", "O", "B-LOC"))
    answer = "<response><location>Paris</location> and Rome met <person>Berlin</person></response>"
    r = score_answers([sample], read_answers(json.dumps({"id": sample.id, "answer": answer}).encode()))
    out = r.to_json()
    check(out, "sentences", (1, 1, 2))
    assert out["micro"] == {k: v for k, v in out["chunk"]["micro"].items() if k != "support"}


def test_answer_flaws_are_warnings():
    sample = Sample("00001-x", ("Paris",), ("B-LOC",))
    r = score_answers([sample], read_answers(b'{"id": "00001-x", "answer": "<location>Paris</location>"}\n'))
    out = r.to_json()
    check(out, "sentences", (1, 0, 0))
    assert [(w["code"], w["side"]) for w in out["warnings"]] == [("no_response", "prediction")]
