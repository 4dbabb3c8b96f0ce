"""score(): document pairing, warnings, errors, conventions, zero division, speed."""

from __future__ import annotations

import json

import pytest

from bengal.errors import InputError, UsageError
from bengal.model import Corpus, CorpusWarning, Document, Mention
from bengal.score import Counts, score
from bengal.score.metrics import macro, measures, micro

A = "http://dbpedia.org/resource/A"
B = "http://dbpedia.org/resource/B"
TEXT = "Alice met Bob in Paris."


def d(uri: str, *spans, text: str = TEXT) -> Document:
    return Document(uri, text, tuple(Mention.in_text(text, b, e, u) for b, e, u in spans))


def test_zero_division_convention_gerbil():
    # nothing to find, nothing found -> 1
    assert measures(Counts(0, 0, 0)) == measures(Counts(0, 0, 0))
    m = measures(Counts(0, 0, 0))
    assert (m.precision, m.recall, m.f1) == (1.0, 1.0, 1.0)
    # TP = FP = 0 < FN: precision has a zero denominator -> 0 (not 1)
    m = measures(Counts(0, 0, 3))
    assert (m.precision, m.recall, m.f1) == (0.0, 0.0, 0.0)
    # TP = FN = 0 < FP: recall has a zero denominator -> 0
    m = measures(Counts(0, 2, 0))
    assert (m.precision, m.recall, m.f1) == (0.0, 0.0, 0.0)
    # macro over zero documents is 1.0, micro of nothing is 1.0
    assert macro([]).f1 == 1.0
    assert micro([])[1].f1 == 1.0


def test_empty_gold_and_empty_prediction():
    # documents without mentions on both sides
    g = Corpus((d("http://ex.org/1"), d("http://ex.org/2")), "gold")
    p = Corpus((d("http://ex.org/1"), d("http://ex.org/2")), "pred")
    r = score(g, p)
    assert r.documents == 2
    # micro: TP = FP = FN = 0 -> 1.0 by the convention (documented, GERBIL applies it to the sums)
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (0, 0, 0)
    assert (r.micro.precision, r.micro.recall, r.micro.f1) == (1.0, 1.0, 1.0)
    # macro: each empty document scores 1 -> mean 1.0
    assert (r.macro.precision, r.macro.recall, r.macro.f1) == (1.0, 1.0, 1.0)
    json.dumps(r.to_json(), allow_nan=False)  # raises on NaN or infinity
    # a gold standard without any document: nothing to score, an error (not a silent 1.0)
    with pytest.raises(InputError, match="no documents"):
        score(Corpus((), "empty-gold"), Corpus(()))


def test_missing_documents_warn_on_both_sides():
    g = Corpus((d("http://ex.org/1", (0, 5, {A})), d("http://ex.org/2", (10, 13, {B}), (17, 22, {A}))))
    p = Corpus((d("http://ex.org/1", (0, 5, {A})), d("http://ex.org/3", (0, 5, {A}), (10, 13, {B}))))
    r = score(g, p)
    # gold doc 2 missing from the prediction: scored empty, its 2 mentions are FN;
    # prediction doc 3 not in the gold: not scored (2 mentions ignored)
    assert r.documents == 2
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (1, 0, 2)
    # macro: doc 1 P = R = F1 = 1, doc 2 TP 0 FN 2 -> 0: mean 0.5
    assert r.macro.f1 == 0.5
    assert r.unscored_predictions == 2
    missing = [(w.code, w.where, w.side) for w in r.warnings]
    assert missing == [
        ("missing_document", "http://ex.org/2", "prediction"),
        ("missing_document", "http://ex.org/3", "gold"),
    ]
    assert "missing from the prediction" in r.warnings[0].message
    assert "not in the gold" in r.warnings[1].message
    assert r.per_document[1].in_prediction is False


def test_no_common_document_is_an_input_error():
    g = Corpus((d("http://ex.org/gold/1"),), "Reuters-128")
    p = Corpus((d("http://ex.org/other/1"),), "RSS-500-system")
    with pytest.raises(InputError) as exc:
        score(g, p)
    assert "Reuters-128" in str(exc.value) and "RSS-500-system" in str(exc.value)
    # a prediction without any document (a system that failed on every one) is scored, not refused:
    # the gold document is missing from it, and its one gold mention is a false negative
    r = score(Corpus((d("http://ex.org/gold/1", (0, 5, {A})),)), Corpus((), "empty-system"))
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (0, 0, 1) and r.micro.f1 == 0.0
    assert [(w.code, w.side) for w in r.warnings] == [("missing_document", "prediction")]


def test_reader_warnings_pass_through_with_side():
    gw = CorpusWarning("anchor_mismatch", "http://ex.org/1#char=0,5", "anchor differs")
    pw = CorpusWarning("duplicate_mention", "http://ex.org/1#char=0,5", "duplicate")
    g = Corpus((d("http://ex.org/1", (0, 5, {A})),), warnings=(gw,))
    p = Corpus((d("http://ex.org/1", (0, 5, {A})),), warnings=(pw,))
    r = score(g, p)
    assert [w.to_json() for w in r.warnings] == [
        {"code": "anchor_mismatch", "where": "http://ex.org/1#char=0,5", "message": "anchor differs",
         "side": "gold"},
        {"code": "duplicate_mention", "where": "http://ex.org/1#char=0,5", "message": "duplicate",
         "side": "prediction"},
    ]
    assert r.warning_counts() == {("anchor_mismatch", "gold"): 1, ("duplicate_mention", "prediction"): 1}


def test_text_mismatch_warns_and_scores_by_offsets():
    g = Corpus((d("http://ex.org/1", (0, 5, {A})),))
    p = Corpus((d("http://ex.org/1", (0, 5, {A}), text="Alice saw Bob."),))
    r = score(g, p)
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (1, 0, 0)
    assert [(w.code, w.side) for w in r.warnings] == [("text_mismatch", "prediction")]


def test_unknown_task_or_match():
    g = Corpus((d("http://ex.org/1"),))
    for kw in ({"task": "nope"}, {"match": "fuzzy"}, {"profile": "trec"}, {"beta": 0}):
        with pytest.raises(UsageError):
            score(g, g, **kw)
        with pytest.raises(ValueError):
            score(g, g, **kw)
    assert score(g, g, task="A2KB", match="Strong").task == "a2kb"


def test_erec_ignores_uris():
    g = Corpus((d("http://ex.org/1", (0, 5, {A}), (10, 13, set())),))
    p = Corpus((d("http://ex.org/1", (0, 5, {B}), (10, 13, {A})),))
    assert score(g, p, task="a2kb").micro.counts == Counts(0, 2, 2)
    assert score(g, p, task="erec").micro.counts == Counts(2, 0, 0)


def test_result_states_its_conventions():
    r = score(Corpus((d("http://ex.org/1"),)), Corpus((d("http://ex.org/1"),)))
    for key in ("zero_division", "macro", "micro", "matching", "documents"):
        assert r.conventions[key]
    assert "GERBIL" in r.conventions["zero_division"]
    assert "maximum" in r.conventions["matching"]
