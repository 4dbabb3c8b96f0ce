"""Per-mention outcomes and error kinds (bengal.score.explain).

Every expected value is worked out by hand in the comment beside it, from the
definitions in the module docstring of :mod:`bengal.score.explain`:

* gold: ``tp`` / ``fn``; prediction: ``tp`` / ``fp`` / ``ignored`` (D2KB, span is no gold span).
* kinds of an unmatched mention: ``wrong_uri`` (``wrong_type`` for ETyping) when an acceptable,
  *unmatched* mention is on the other side; ``duplicate`` when the acceptable ones are all matched;
  ``boundary`` when it only overlaps unacceptable spans; ``spurious`` / ``missed`` when nothing overlaps.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from conftest import shared_path

from bengal.model import Corpus, Document, Mention
from bengal.report.jsonout import score_to_json
from bengal.score import score
from bengal.score.explain import ERROR_KINDS, ORDER, explain, explain_document
from bengal.score.matching import STRONG as STRONG_MATCH
from bengal.score.tasks import A2KB

DBR = "http://dbpedia.org/resource/"
PH, PARIS, BERLIN, ROME, MILAN, OBAMA, TEXAS, SPRING = (
    DBR + n for n in ("Paris_Hilton", "Paris", "Berlin", "Rome", "Milan", "Barack_Obama", "Texas", "Spring"))

#          0         1         2         3         4         5         6         7
#          0123456789012345678901234567890123456789012345678901234567890123456789012345
TEXT = "Paris Hilton visited Berlin and Rome with Obama, Merkel and Texas in Spring."
# Paris Hilton [0,12)  Paris [0,5)  Hilton [6,12)  Berlin [21,27)  Rome [32,36)  Obama [42,47)
# Merkel [49,55)  Texas [60,65)  Spring [69,75)
URI = "http://ex.org/d"


def m(b, e, *uris, type=None, score=None):
    return Mention.in_text(TEXT, b, e, uris, type, score)


def corpus(*docs):
    return Corpus(tuple(Document(uri, TEXT, tuple(ms)) for uri, ms in docs))


def one(gold, pred, **kw):
    return score(corpus((URI, gold)), corpus((URI, pred)), **kw)


def outcomes(side):
    return [(o.mention.surface, o.outcome, o.error) for o in side]


def only_document(r):
    rep = explain(r, 10)
    assert rep.documents_with_errors == 1 and len(rep.documents) == 1
    return rep, rep.documents[0]


# --------------------------------------------------------------------------- A2KB, strong


def test_a2kb_strong_every_kind():
    gold = [m(0, 12, PH), m(21, 27, BERLIN), m(32, 36, ROME), m(42, 47, OBAMA), m(49, 55), m(60, 65, TEXAS)]
    # given out of order on purpose: outcomes come back sorted by (begin, end)
    pred = [m(69, 75, SPRING), m(60, 65), m(49, 55), m(32, 36, MILAN), m(21, 27, BERLIN), m(21, 27, BERLIN),
            m(0, 5, PARIS)]
    r = one(gold, pred)
    # Paris Hilton [0,12) vs Paris [0,5): overlap, not the same span -> boundary on both sides
    # Berlin: TP, the second Berlin prediction: its gold span is matched to the first -> duplicate
    # Rome vs Milan, same span: wrong_uri on both sides (one FP, one FN)
    # Obama: no prediction overlaps -> missed
    # Merkel NIL vs NIL: emerging entity matches emerging entity -> TP
    # Texas (KB) vs NIL on the same span: wrong_uri on both sides
    # Spring: overlaps no gold -> spurious
    # TP 2 (Berlin, Merkel); FP 5 (Paris, Berlin dup, Milan, NIL Texas, Spring); FN 4 (PH, Rome, Obama, Texas)
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (2, 5, 4)
    rep, doc = only_document(r)
    assert outcomes(doc.gold) == [
        ("Paris Hilton", "fn", "boundary"),
        ("Berlin", "tp", None),
        ("Rome", "fn", "wrong_uri"),
        ("Obama", "fn", "missed"),
        ("Merkel", "tp", None),
        ("Texas", "fn", "wrong_uri"),
    ]
    p = outcomes(doc.prediction)
    assert p[0] == ("Paris", "fp", "boundary")
    # the two identical Berlin predictions: one is the TP, the other the duplicate (which one is a tie)
    assert sorted(p[1:3], key=str) == [("Berlin", "fp", "duplicate"), ("Berlin", "tp", None)]
    assert p[3:] == [("Rome", "fp", "wrong_uri"), ("Merkel", "tp", None), ("Texas", "fp", "wrong_uri"),
                     ("Spring", "fp", "spurious")]
    # kinds: wrong_uri 2 gold + 2 pred = 4; boundary 1 + 1 = 2; duplicate 1; spurious 1; missed 1
    # (sum 9 = FP 5 + FN 4), in ERROR_KINDS order, zeros left out (no wrong_type)
    assert rep.kinds == {"wrong_uri": 4, "boundary": 2, "duplicate": 1, "spurious": 1, "missed": 1}
    assert list(rep.kinds) == ["wrong_uri", "boundary", "duplicate", "spurious", "missed"]
    # document counts: TP 2, FP 5, FN 4; F1 = 2·2 / (2·2 + 5 + 4) = 4/13
    assert (doc.tp, doc.fp, doc.fn, doc.errors) == (2, 5, 4, 9)
    assert doc.f1 == pytest.approx(4 / 13)
    assert doc.uri == URI and doc.text == TEXT and doc.in_prediction is True


def test_a2kb_partner_indices_point_at_each_other():
    gold = [m(21, 27, BERLIN), m(49, 55)]
    pred = [m(0, 5, PARIS), m(21, 27, BERLIN), m(49, 55)]
    r = one(gold, pred)
    _, doc = only_document(r)
    # gold Berlin (index 0) <-> pred Berlin (index 1); gold Merkel (1) <-> pred Merkel (2); Paris unmatched
    assert [o.partner for o in doc.gold] == [1, 2]
    assert [o.partner for o in doc.prediction] == [None, 0, 1]


def test_two_gold_mentions_on_one_span_one_is_duplicate():
    gold = [m(21, 27, BERLIN), m(21, 27, DBR + "Berlin_(band)")]
    pred = [m(21, 27, BERLIN)]
    r = one(gold, pred)
    # the prediction matches gold Berlin; gold Berlin_(band) has an acceptable prediction, but it is
    # matched to the other gold mention -> duplicate (not wrong_uri). TP 1, FP 0, FN 1
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (1, 0, 1)
    rep, doc = only_document(r)
    assert sorted(o.error or "" for o in doc.gold) == ["", "duplicate"]
    assert outcomes(doc.prediction) == [("Berlin", "tp", None)]
    assert rep.kinds == {"duplicate": 1}


def test_wrong_uri_wins_over_duplicate_when_a_free_acceptable_mention_exists():
    # two predictions on gold Rome: one right (TP), one wrong; plus a second gold on the same span
    gold = [m(32, 36, ROME), m(32, 36, MILAN)]
    pred = [m(32, 36, ROME), m(32, 36, PARIS)]
    r = one(gold, pred)
    # gold Rome - pred Rome TP. gold Milan: acceptable preds {Rome (matched), Paris (free)} -> wrong_uri.
    # pred Paris: acceptable golds {Rome (matched), Milan (free)} -> wrong_uri. TP 1, FP 1, FN 1
    _, doc = only_document(r)
    assert sorted(outcomes(doc.gold), key=str) == [("Rome", "fn", "wrong_uri"), ("Rome", "tp", None)]
    assert sorted(outcomes(doc.prediction), key=str) == [("Rome", "fp", "wrong_uri"), ("Rome", "tp", None)]


def test_missing_document_and_threshold():
    g = corpus(("http://ex.org/1", [m(21, 27, BERLIN)]), ("http://ex.org/2", [m(32, 36, ROME), m(42, 47, OBAMA)]))
    p = corpus(("http://ex.org/2", [m(32, 36, ROME, score=0.9), m(42, 47, OBAMA, score=0.2)]))
    r = score(g, p, threshold=0.5)
    rep = explain(r)
    # doc 1 lacks a prediction: Berlin missed, F1 0, in_prediction False.
    # doc 2: Obama's prediction (0.2 < 0.5) was dropped before scoring: it is no outcome at all,
    # gold Obama is missed. TP 1, FP 0, FN 1: F1 = 2/3. Order: doc 1 (F1 0) then doc 2.
    assert [d.uri for d in rep.documents] == ["http://ex.org/1", "http://ex.org/2"]
    d1, d2 = rep.documents
    assert (d1.in_prediction, d1.f1, outcomes(d1.gold), d1.prediction) == (
        False, 0.0, [("Berlin", "fn", "missed")], ())
    assert outcomes(d2.gold) == [("Rome", "tp", None), ("Obama", "fn", "missed")]
    assert outcomes(d2.prediction) == [("Rome", "tp", None)]
    assert d2.f1 == pytest.approx(2 / 3)
    assert rep.kinds == {"missed": 2}


# --------------------------------------------------------------------------- weak match


def test_weak_overlap_with_wrong_uri_is_wrong_uri_not_boundary():
    gold = [m(0, 12, PH)]
    pred = [m(0, 5, PARIS)]
    r = one(gold, pred, match="weak")
    # [0,5) and [0,12) share a code point: an acceptable span under weak match, URIs differ -> wrong_uri
    _, doc = only_document(r)
    assert outcomes(doc.gold) == [("Paris Hilton", "fn", "wrong_uri")]
    assert outcomes(doc.prediction) == [("Paris", "fp", "wrong_uri")]
    # the same pair under strong match is a boundary error
    _, doc = only_document(one(gold, pred, match="strong"))
    assert outcomes(doc.gold) == [("Paris Hilton", "fn", "boundary")]
    assert outcomes(doc.prediction) == [("Paris", "fp", "boundary")]


def test_weak_two_partial_predictions_one_tp_one_duplicate():
    gold = [m(0, 12, PH)]
    pred = [m(0, 5, PH), m(6, 12, PH)]
    r = one(gold, pred, match="weak")
    # both overlap gold Paris Hilton with its URI; one is matched, the other's only acceptable gold is
    # taken -> duplicate. TP 1, FP 1, FN 0
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (1, 1, 0)
    rep, doc = only_document(r)
    assert outcomes(doc.gold) == [("Paris Hilton", "tp", None)]
    assert sorted(o.outcome + "/" + str(o.error) for o in doc.prediction) == ["fp/duplicate", "tp/None"]
    assert rep.kinds == {"duplicate": 1}


def test_weak_gerbil_greedy_chain():
    # gold g1 [0,12) "Paris Hilton", g2 [5,8) " Hi"; pred p1 [0,7) "Paris H", p2 [9,21) "ton visited ",
    # all with the same URI. Overlaps: g1-p1, g1-p2, g2-p1 (g2 [5,8) and p2 [9,21) do not overlap).
    gold = [m(0, 12, PH), m(5, 8, PH)]
    pred = [m(0, 7, PH), m(9, 21, PH)]
    r = one(gold, pred, match="weak", profile="gerbil")
    # GERBIL's greedy first fit in gold order: g1 takes its first neighbour p1; g2's only neighbour p1 is used.
    # TP 1 (g1-p1); g2 FN: its only acceptable prediction p1 is matched -> duplicate;
    # p2 FP: its only overlapping gold g1 ([9,21) vs [5,8) do not overlap) is matched -> duplicate
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (1, 1, 1)
    rep, doc = only_document(r)
    assert [(o.mention.span, o.outcome, o.error) for o in doc.gold] == [((0, 12), "tp", None),
                                                                         ((5, 8), "fn", "duplicate")]
    assert [(o.mention.span, o.outcome, o.error) for o in doc.prediction] == [((0, 7), "tp", None),
                                                                               ((9, 21), "fp", "duplicate")]
    assert rep.kinds == {"duplicate": 2}
    # the bengal profile (maximum matching) finds g1-p2, g2-p1: no error
    assert explain(one(gold, pred, match="weak")).documents_with_errors == 0


# --------------------------------------------------------------------------- D2KB


def test_d2kb_prediction_on_no_gold_span_is_ignored():
    gold = [m(21, 27, BERLIN), m(32, 36, ROME), m(42, 47, OBAMA)]
    pred = [m(0, 5, PARIS), m(21, 24, BERLIN), m(21, 27, BERLIN), m(21, 27, PARIS), m(32, 36, MILAN)]
    r = one(gold, pred, task="d2kb")
    # Paris [0,5) and "Ber" [21,24) are no gold span: ignored (2), not counted.
    # Berlin/Berlin TP; Berlin/Paris: its gold span is matched -> duplicate FP; Rome/Milan: wrong_uri FP + FN;
    # Obama missed. TP 1, FP 2, FN 2
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (1, 2, 2)
    assert r.ignored_predictions == 2
    rep, doc = only_document(r)
    assert outcomes(doc.prediction) == [
        ("Paris", "ignored", None),
        ("Ber", "ignored", None),
        ("Berlin", "tp", None),       # sort_key: same span, URIs Berlin < Paris
        ("Berlin", "fp", "duplicate"),
        ("Rome", "fp", "wrong_uri"),
    ]
    assert outcomes(doc.gold) == [("Berlin", "tp", None), ("Rome", "fn", "wrong_uri"), ("Obama", "fn", "missed")]
    # kinds: wrong_uri 2, duplicate 1, missed 1 = 4 = FP 2 + FN 2 (ignored ones have no kind)
    assert rep.kinds == {"wrong_uri": 2, "duplicate": 1, "missed": 1}
    # F1 = 2·1 / (2 + 2 + 2) = 1/3
    assert doc.f1 == pytest.approx(1 / 3)


def test_d2kb_gold_overlapped_only_by_an_ignored_prediction_is_boundary():
    gold = [m(21, 27, BERLIN)]
    pred = [m(21, 24, BERLIN)]
    r = one(gold, pred, task="d2kb")
    # "Ber" is ignored (no gold span) and uncounted; gold Berlin is FN and overlaps a prediction whose
    # span is not acceptable -> boundary (by the definition, even though that prediction is ignored)
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (0, 0, 1)
    rep, doc = only_document(r)
    assert outcomes(doc.gold) == [("Berlin", "fn", "boundary")]
    assert outcomes(doc.prediction) == [("Ber", "ignored", None)]
    assert rep.kinds == {"boundary": 1}


# --------------------------------------------------------------------------- ETyping, ERec


def test_etyping_wrong_type():
    gold = [m(21, 27, type="LOC"), m(42, 47, type="http://x/Person http://x/Agent"), m(60, 65, type="LOC")]
    pred = [m(21, 27, type="ORG"), m(42, 47, type="http://x/Agent"), m(60, 63, type="LOC")]
    r = one(gold, pred, task="etyping")
    # Berlin LOC vs ORG, same span: wrong_type both sides. Obama {Person, Agent} vs {Agent}: share Agent: TP.
    # Texas [60,65) vs "Tex" [60,63): boundary both sides. TP 1, FP 2, FN 2
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (1, 2, 2)
    rep, doc = only_document(r)
    assert outcomes(doc.gold) == [("Berlin", "fn", "wrong_type"), ("Obama", "tp", None), ("Texas", "fn", "boundary")]
    assert outcomes(doc.prediction) == [("Berlin", "fp", "wrong_type"), ("Obama", "tp", None),
                                        ("Tex", "fp", "boundary")]
    assert rep.kinds == {"wrong_type": 2, "boundary": 2}


def test_erec_unmatched_prediction_on_matched_gold_span_is_duplicate():
    gold = [m(21, 27, BERLIN), m(42, 47, OBAMA)]
    pred = [m(21, 27, BERLIN), m(21, 27, PARIS), m(69, 75, SPRING)]
    r = one(gold, pred, task="erec")
    # URIs ignored: one Berlin prediction is the TP, the other is a duplicate (never wrong_uri);
    # Obama missed; Spring spurious. TP 1, FP 2, FN 1
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (1, 2, 1)
    rep, doc = only_document(r)
    assert outcomes(doc.gold) == [("Berlin", "tp", None), ("Obama", "fn", "missed")]
    assert sorted(outcomes(doc.prediction)[:2], key=str) == [("Berlin", "fp", "duplicate"), ("Berlin", "tp", None)]
    assert outcomes(doc.prediction)[2] == ("Spring", "fp", "spurious")
    assert rep.kinds == {"duplicate": 1, "spurious": 1, "missed": 1}


# --------------------------------------------------------------------------- explain_document directly


def test_explain_document_sorts_each_side_and_keeps_input_indices():
    gold = [m(32, 36, ROME), m(0, 12, PH), m(0, 5, PARIS)]
    pred = [m(32, 36, ROME), m(0, 12, PARIS), m(0, 5, PARIS)]
    a = A2KB.align(gold, pred, STRONG_MATCH, _plain_matcher(), "maximum")
    # pairs (gold index, pred index): Rome 0-0, Paris [0,5) 2-2; PH [0,12) vs Paris [0,12): wrong_uri
    assert a.pairs == ((0, 0), (2, 2))
    g, p = explain_document("a2kb", "strong", gold, pred, a)
    # sorted by (begin, end): (0,5), (0,12), (32,36); partners are indices into the input sequences
    assert [(o.mention.span, o.outcome, o.error, o.partner) for o in g] == [
        ((0, 5), "tp", None, 2), ((0, 12), "fn", "wrong_uri", None), ((32, 36), "tp", None, 0)]
    assert [(o.mention.span, o.outcome, o.error, o.partner) for o in p] == [
        ((0, 5), "tp", None, 2), ((0, 12), "fp", "wrong_uri", None), ((32, 36), "tp", None, 0)]


def test_explain_document_rejects_c2kb_and_unknown_task():
    with pytest.raises(ValueError):
        explain_document("c2kb", "strong", [], [], A2KB.align([], [], STRONG_MATCH, _plain_matcher(), "maximum"))
    with pytest.raises(ValueError):
        explain_document("nerd", "strong", [], [], A2KB.align([], [], STRONG_MATCH, _plain_matcher(), "maximum"))


def _plain_matcher():
    from bengal.score.uris import kb_matcher

    return kb_matcher()


# --------------------------------------------------------------------------- ordering, limit, JSON


def _ordering_corpora():
    A, B, C = PARIS, BERLIN, ROME
    gold = corpus(
        ("http://ex.org/d1", [m(0, 5, A), m(21, 27, B)]),
        ("http://ex.org/d2", [m(0, 5, A)]),
        ("http://ex.org/d3", [m(0, 5, A), m(21, 27, B), m(32, 36, C), m(42, 47, A)]),
        ("http://ex.org/d4", [m(0, 5, A)]),
        ("http://ex.org/d5", [m(0, 5, A), m(21, 27, B)]),
    )
    pred = corpus(
        ("http://ex.org/d1", [m(0, 5, A), m(69, 75, C)]),
        ("http://ex.org/d2", [m(0, 5, A)]),
        ("http://ex.org/d3", [m(0, 5, A), m(21, 27, B), m(49, 55, C), m(60, 65, A)]),
        # d4 is missing from the prediction
        ("http://ex.org/d5", [m(0, 5, A), m(69, 75, C)]),
    )
    return gold, pred


def test_explain_order_and_limit():
    gold, pred = _ordering_corpora()
    r = score(gold, pred)
    # d1: TP 1 FP 1 FN 1: F1 = 2/4 = 0.5, 2 errors (Berlin missed, Spring spurious)
    # d2: perfect, no errors -> not listed
    # d3: TP 2 FP 2 FN 2: F1 = 4/8 = 0.5, 4 errors (Rome, Obama missed; Merkel, Texas spurious)
    # d4: missing: FN 1, F1 0, 1 error (missed)
    # d5: like d1: F1 0.5, 2 errors
    # order: lowest F1 first (d4), then F1 0.5 by most errors (d3), then gold order (d1, d5)
    rep = explain(r, 10)
    assert [d.uri.rsplit("/", 1)[1] for d in rep.documents] == ["d4", "d3", "d1", "d5"]
    assert [(d.f1, d.errors) for d in rep.documents] == [(0.0, 1), (0.5, 4), (0.5, 2), (0.5, 2)]
    assert rep.documents_with_errors == 4 and rep.limit == 10
    # missed: d1 1 + d3 2 + d4 1 + d5 1 = 5; spurious: d1 1 + d3 2 + d5 1 = 4; 9 = FP 4 + FN 5
    assert rep.kinds == {"spurious": 4, "missed": 5}
    assert (r.micro.fp, r.micro.fn) == (4, 5)
    two = explain(r, 2)
    assert [d.uri.rsplit("/", 1)[1] for d in two.documents] == ["d4", "d3"]
    assert two.documents_with_errors == 4 and two.limit == 2
    assert two.kinds == rep.kinds  # kinds count every document, not only the shown ones
    zero = explain(r, 0)
    assert zero.documents == () and zero.documents_with_errors == 4
    # the default limit is 50: all four
    assert len(explain(r).documents) == 4


def test_explain_errors():
    gold, pred = _ordering_corpora()
    with pytest.raises(ValueError):
        explain(score(gold, pred), -1)
    r = score(gold, pred, task="c2kb")
    with pytest.raises(ValueError):
        explain(r)
    with pytest.raises(ValueError):
        explain(r, 0)
    out = score_to_json(r, errors=5)
    assert "errors" in out and out["errors"] is None
    # without errors=..., no "errors" key at all
    assert "errors" not in score(gold, pred).to_json()


def test_to_json_errors_block():
    gold, pred = _ordering_corpora()
    out = score_to_json(score(gold, pred), errors=2)
    json.dumps(out, allow_nan=False)
    e = out["errors"]
    assert set(e) == {"kinds", "kind_definitions", "documents_with_errors", "shown", "limit", "order", "documents"}
    assert e["kinds"] == {"spurious": 4, "missed": 5}
    assert e["kind_definitions"] == {"spurious": ERROR_KINDS["spurious"], "missed": ERROR_KINDS["missed"]}
    assert (e["documents_with_errors"], e["shown"], e["limit"], e["order"]) == (4, 2, 2, ORDER)
    d4, d3 = e["documents"]
    assert set(d4) == {"uri", "text", "tp", "fp", "fn", "f1", "in_prediction", "gold", "prediction"}
    assert (d4["uri"], d4["tp"], d4["fp"], d4["fn"], d4["f1"], d4["in_prediction"]) == (
        "http://ex.org/d4", 0, 0, 1, 0.0, False)
    assert d4["text"] == TEXT and d4["prediction"] == []
    assert d4["gold"] == [{"begin": 0, "end": 5, "surface": "Paris", "uris": [PARIS], "type": None, "score": None,
                           "outcome": "fn", "error": "missed"}]
    assert (d3["tp"], d3["fp"], d3["fn"], d3["f1"]) == (2, 2, 2, 0.5)
    # gold of d3 in (begin, end) order: Paris, Berlin, Rome, Obama
    assert [(g["begin"], g["end"], g["outcome"], g["error"]) for g in d3["gold"]] == [
        (0, 5, "tp", None), (21, 27, "tp", None), (32, 36, "fn", "missed"), (42, 47, "fn", "missed")]
    assert [(p["begin"], p["end"], p["outcome"], p["error"]) for p in d3["prediction"]] == [
        (0, 5, "tp", None), (21, 27, "tp", None), (49, 55, "fp", "spurious"), (60, 65, "fp", "spurious")]
    assert out["errors"] == explain(score(gold, pred), 2).to_json()


def test_mention_to_json_and_sorting():
    gold = [m(60, 65, TEXAS, DBR + "Texas_(band)", type="LOC", score=0.5), m(21, 27, BERLIN)]
    pred = [m(60, 65, TEXAS, type="http://x/Place", score=0.75), m(21, 24, BERLIN), m(21, 27, ROME)]
    out = score_to_json(one(gold, pred), errors=1)
    doc = out["errors"]["documents"][0]
    # gold sorted by (begin, end): Berlin [21,27) then Texas [60,65) with its URIs sorted
    assert doc["gold"] == [
        {"begin": 21, "end": 27, "surface": "Berlin", "uris": [BERLIN], "type": None, "score": None,
         "outcome": "fn", "error": "wrong_uri"},
        {"begin": 60, "end": 65, "surface": "Texas", "uris": [TEXAS, DBR + "Texas_(band)"], "type": "LOC",
         "score": 0.5, "outcome": "tp", "error": None},
    ]
    # predictions: "Ber" [21,24) before Berlin [21,27) (same begin, shorter end first), then Texas
    assert doc["prediction"] == [
        {"begin": 21, "end": 24, "surface": "Ber", "uris": [BERLIN], "type": None, "score": None,
         "outcome": "fp", "error": "boundary"},
        {"begin": 21, "end": 27, "surface": "Berlin", "uris": [ROME], "type": None, "score": None,
         "outcome": "fp", "error": "wrong_uri"},
        {"begin": 60, "end": 65, "surface": "Texas", "uris": [TEXAS], "type": "http://x/Place", "score": 0.75,
         "outcome": "tp", "error": None},
    ]


# --------------------------------------------------------------------------- real corpora, random edits

WRONG = "http://example.org/wrong"


def _edit(gold: Corpus, seed: int) -> Corpus:
    """A copy with seeded random edits: drop, change URI, make NIL, shift an end or a begin,
    duplicate, and add a few spurious mentions."""
    rng = random.Random(seed)
    docs = []
    for doc in gold.documents:
        ms = []
        n = len(doc.text)
        for mm in doc.mentions:
            x = rng.random()
            if x < 0.10:
                continue  # dropped
            if x < 0.20:
                mm = replace(mm, uris=frozenset({WRONG}))
            elif x < 0.25:
                mm = replace(mm, uris=frozenset())
            elif x < 0.35:
                e = min(n, max(mm.begin + 1, mm.end + rng.choice((-3, -2, -1, 1, 2, 3))))
                mm = Mention.in_text(doc.text, mm.begin, e, mm.uris, mm.type, mm.score)
            elif x < 0.40:
                b = min(mm.end - 1, max(0, mm.begin + rng.choice((-2, -1, 1, 2))))
                mm = Mention.in_text(doc.text, b, mm.end, mm.uris, mm.type, mm.score)
            elif x < 0.45:
                ms.append(replace(mm, uris=frozenset({WRONG})))  # an extra prediction on the same span
            ms.append(mm)
        for _ in range(rng.choice((0, 0, 1, 2))):
            if n < 2:
                break
            b = rng.randrange(0, n - 1)
            e = min(n, b + rng.randint(1, 8))
            ms.append(Mention.in_text(doc.text, b, e, {WRONG}))
        docs.append(Document(doc.uri, doc.text, tuple(ms)))
    # drop one document from the prediction entirely
    return Corpus(tuple(docs[1:]), gold.name + "-edited")


@pytest.fixture(scope="module", params=["reuters", "kore50"])
def real_pair(request):
    from bengal.io import read_corpus

    path = {"reuters": shared_path("nif", "n3-collection", "Reuters-128.ttl"),
            "kore50": shared_path("nif", "eaglet-gerbil_data", "datasets", "KORE50", "kore50-nif.ttl")}[request.param]
    if not path.exists():
        pytest.skip(f"{path} not found")
    gold = read_corpus(path)
    return request.param, gold, _edit(gold, seed=20240617)


def _span_ok(match, a, b):
    return a.span == b.span if match == "strong" else (a.begin < b.end and b.begin < a.end)


CONFIGS = [("a2kb", "strong", "bengal"), ("a2kb", "strong", "gerbil"), ("a2kb", "weak", "bengal"),
           ("a2kb", "weak", "gerbil"), ("erec", "strong", "bengal"), ("erec", "weak", "gerbil"),
           ("d2kb", "strong", "bengal"), ("d2kb", "strong", "gerbil"), ("etyping", "strong", "bengal")]


def _check_outcomes(r, task, match):
    """Check every document's outcomes against its counts and the definitions; return the report."""
    kinds = Counter()
    ignored = 0
    bad = []
    for pos, d in enumerate(r.per_document):
        gm = d.gold.mentions
        pm = d.prediction.mentions if d.prediction is not None else ()
        g, p = explain_document(task, match, gm, pm, d.alignment)
        assert len(g) == len(gm) and len(p) == len(pm)
        go = Counter(o.outcome for o in g)
        po = Counter(o.outcome for o in p)
        assert set(go) <= {"tp", "fn"} and set(po) <= {"tp", "fp", "ignored"}
        assert go["tp"] == po["tp"] == d.counts.tp
        assert go["fn"] == d.counts.fn and po["fp"] == d.counts.fp
        ignored += po["ignored"]
        for o in g + p:
            # each unmatched counted mention has exactly one kind; matched and ignored ones none
            assert (o.error is not None) == (o.outcome in ("fn", "fp")), o
            assert (o.partner is not None) == (o.outcome == "tp"), o
            if o.error is not None:
                assert o.error in ERROR_KINDS
                kinds[o.error] += 1
        # every kind again, by brute force over all pairs, straight from the definitions
        for side, mine, other in ((0, g, p), (1, p, g)):
            for o in mine:
                if o.error is None:
                    continue
                over_all = [x for x in other
                            if x.mention.begin < o.mention.end and o.mention.begin < x.mention.end]
                ok = [x for x in over_all if _span_ok(match, o.mention, x.mention)]
                free = [x for x in ok if x.outcome not in ("tp", "ignored")]
                if free:  # (ERec: impossible, a free acceptable pair would have been matched: KeyError)
                    want = {"a2kb": "wrong_uri", "d2kb": "wrong_uri", "etyping": "wrong_type"}[task]
                elif ok:
                    want = "duplicate"
                elif over_all:
                    want = "boundary"
                else:
                    want = "missed" if side == 0 else "spurious"
                assert o.error == want, (d.uri, side, o)
        # partners point at each other (sides are in (begin, end) order, as the documents keep them)
        for i, o in enumerate(g):
            if o.partner is not None:
                assert p[o.partner].partner == i and p[o.partner].outcome == "tp"
        # each side in (begin, end) order
        assert [o.mention.span for o in g] == sorted(o.mention.span for o in g)
        assert [o.mention.span for o in p] == sorted(o.mention.span for o in p)
        if d.counts.fp + d.counts.fn:
            bad.append((d.measures.f1, -(d.counts.fp + d.counts.fn), pos, d.uri))
    assert ignored == r.ignored_predictions
    assert sum(kinds.values()) == r.micro.fp + r.micro.fn
    rep = explain(r, 10**6)
    assert rep.kinds == {k: kinds[k] for k in ERROR_KINDS if kinds[k]}
    assert rep.documents_with_errors == len(bad) == len(rep.documents)
    assert [d.uri for d in rep.documents] == [t[3] for t in sorted(bad)]
    by_uri = {d.uri: d.counts for d in r.per_document}
    assert all((d.tp, d.fp, d.fn) == (by_uri[d.uri].tp, by_uri[d.uri].fp, by_uri[d.uri].fn) for d in rep.documents)
    if match == "weak":
        assert "boundary" not in rep.kinds  # under weak match every overlap is acceptable
    if task != "etyping":
        assert "wrong_type" not in rep.kinds
    if task in ("erec", "etyping"):
        assert "wrong_uri" not in rep.kinds
    if task == "d2kb":
        # every counted prediction is on a gold span: never boundary or spurious on the prediction side
        assert all(o.error not in ("boundary", "spurious") for d in rep.documents for o in d.prediction)
    return rep


@pytest.mark.parametrize("task,match,profile", CONFIGS)
def test_outcomes_add_up_on_real_corpus(real_pair, task, match, profile):
    name, gold, pred = real_pair
    r = score(gold, pred, task=task, match=match, profile=profile)
    assert r.micro.fp + r.micro.fn > 0  # the edits made errors
    rep = _check_outcomes(r, task, match)
    # the document missing from the prediction is reported as such
    missing = [d for d in rep.documents if not d.in_prediction]
    assert [d.uri for d in missing] == ([gold.documents[0].uri] if gold.documents[0].mentions else [])
    if (task, match) == ("a2kb", "strong"):
        assert {"wrong_uri", "boundary", "duplicate", "spurious", "missed"} <= set(rep.kinds)
    json.dumps(score_to_json(r, errors=3), allow_nan=False)


@pytest.mark.parametrize("task,match,profile", CONFIGS)
def test_outcomes_add_up_on_dense_random_documents(task, match, profile):
    # short texts crowded with nested and overlapping mentions, few URIs and types: every kind occurs
    rng = random.Random(7)
    text = "abcdefghijklmnopqrstuvwxyz0123"
    uris = [(), (PARIS,), (BERLIN,), (PARIS, BERLIN)]
    types = [None, "PER", "LOC", "PER LOC"]

    def rand_mention():
        b = rng.randrange(0, len(text) - 1)
        e = min(len(text), b + rng.randint(1, 6))
        return Mention.in_text(text, b, e, rng.choice(uris), rng.choice(types))

    gold_docs, pred_docs = [], []
    for k in range(150):
        gm = [rand_mention() for _ in range(rng.randint(0, 7))]
        pm = [rand_mention() for _ in range(rng.randint(0, 7))]
        pm += [replace(x, uris=frozenset(rng.choice(uris))) for x in gm if rng.random() < 0.5]
        gold_docs.append(Document(f"http://ex.org/r{k}", text, tuple(gm)))
        pred_docs.append(Document(f"http://ex.org/r{k}", text, tuple(pm)))
    r = score(Corpus(tuple(gold_docs)), Corpus(tuple(pred_docs)), task=task, match=match, profile=profile)
    rep = _check_outcomes(r, task, match)
    assert r.micro.tp > 0 and r.micro.fp + r.micro.fn > 0
    if match == "strong":
        assert "boundary" in rep.kinds


def test_explain_needs_the_alignment():
    gold, pred = _ordering_corpora()
    r = score(gold, pred)
    # a result whose per-document scores lost their alignments (as one rebuilt from JSON would) cannot be
    # explained: ValueError naming the document
    bare = replace(r, per_document=tuple(replace(d, alignment=None) for d in r.per_document))
    with pytest.raises(ValueError, match="http://ex.org/d1"):
        explain(bare)


def test_unknown_match_name_is_a_value_error():
    from bengal.score.matching import STRONG
    from bengal.score.tasks import A2KB
    from bengal.score.uris import kb_matcher

    m = Mention.in_text("Berlin", 0, 6, ["http://dbpedia.org/resource/Berlin"])
    a = A2KB.align([m], [m], STRONG, kb_matcher(), "maximum")
    with pytest.raises(ValueError, match="unknown span match 'exact'"):
        explain_document("a2kb", "exact", [m], [m], a)
