"""Tasks (D2KB, C2KB, ETyping), the gerbil profile, URIs, per type, threshold, sweep, F-beta.

Every expected value is worked out by hand in the comment beside it.
"""

from __future__ import annotations

import gzip
import json

import pytest

from bengal.errors import InputError
from bengal.io.same_as import read_same_as
from bengal.model import Corpus, Document, Mention
from bengal.score import score
from bengal.score.uris import SameAsIndex, normalise_uri

DBR = "http://dbpedia.org/resource/"
A, B, C = DBR + "A", DBR + "B", DBR + "C"
TEXT = "0123456789" * 6


def m(b, e, *uris, type=None, score=None):
    return Mention.in_text(TEXT, b, e, uris, type, score)


def one(gold, pred, **kw):
    return score(Corpus((Document("http://ex.org/d", TEXT, tuple(gold)),)),
                 Corpus((Document("http://ex.org/d", TEXT, tuple(pred)),)), **kw)


def counts(r):
    return (r.micro.tp, r.micro.fp, r.micro.fn)


# --------------------------------------------------------------------------- tasks

def test_d2kb_ignores_predictions_on_other_spans():
    gold = [m(0, 5, A), m(10, 15, B)]
    pred = [m(0, 5, A), m(10, 15, C), m(20, 25, A), m(1, 5, A)]
    r = one(gold, pred, task="d2kb")
    # [20,25) and [1,5) are no gold span: ignored (not FP). [0,5) A = TP; [10,15) C vs B = FP + FN
    assert counts(r) == (1, 1, 1)
    assert r.ignored_predictions == 2
    assert [w.code for w in r.warnings] == ["ignored_predictions"]
    # A2KB counts them: TP 1, FP 3, FN 1
    assert counts(one(gold, pred, task="a2kb")) == (1, 3, 1)


def test_c2kb_bag_of_uris():
    gold = [m(0, 5, A), m(10, 15, A), m(20, 25, B), m(30, 35)]
    pred = [m(40, 45, A), m(50, 55, C), m(1, 3)]
    r = one(gold, pred, task="c2kb")
    # gold bag {A, B} (A twice = once; NIL left out); pred bag {A, C} (NIL left out): TP 1 (A), FP 1 (C), FN 1 (B)
    assert counts(r) == (1, 1, 1)
    assert r.ignored_predictions == 1  # the predicted NIL
    assert r.inkb is None and r.per_type == {}


def test_etyping_types_as_sets():
    gold = [m(0, 5, type="PER"), m(10, 15, type="LOC"), m(20, 25, type="http://x/Person http://x/Agent")]
    pred = [m(0, 5, type="PER"), m(10, 15, type="ORG"), m(20, 25, type="http://x/Agent")]
    r = one(gold, pred, task="etyping")
    # PER = PER; LOC != ORG (FP + FN); {Person, Agent} and {Agent} share Agent: TP 2, FP 1, FN 1
    assert counts(r) == (2, 1, 1)
    # per type: PER 1/0/0; LOC 0/0/1; ORG 0/1/0; Agent 1/0/0; Person: gold only, and the pred
    # [20,25) does not carry it -> 0/0/1
    pt = {t: (s.tp, s.fp, s.fn) for t, s in r.per_type.items()}
    assert pt == {"PER": (1, 0, 0), "LOC": (0, 0, 1), "ORG": (0, 1, 0), "http://x/Agent": (1, 0, 0),
                  "http://x/Person": (0, 0, 1)}


# --------------------------------------------------------------------------- profiles

def test_gerbil_profile_is_greedy_bengal_is_maximum():
    # gold g1 [0,10) overlaps p1 [2,6) and p2 [8,12); g2 [5,8) overlaps only p1.
    # GERBIL: g1 takes p1 (first fit), g2 finds nothing: TP 1, FP 1, FN 1.
    # Maximum: g1-p2, g2-p1: TP 2.
    gold = [m(0, 10, A), m(5, 8, A)]
    pred = [m(2, 6, A), m(8, 12, A)]
    assert counts(one(gold, pred, match="weak", profile="gerbil")) == (1, 1, 1)
    assert counts(one(gold, pred, match="weak", profile="bengal")) == (2, 0, 0)
    r = one(gold, pred, match="weak", profile="gerbil")
    assert r.profile == "gerbil" and "greedy" in r.conventions["matching"]


def test_gerbil_empty_document_scores_one_in_macro():
    g = Corpus((Document("http://ex.org/1", TEXT, (m(0, 5, A),)), Document("http://ex.org/2", TEXT, ())))
    p = Corpus((Document("http://ex.org/1", TEXT, ()), Document("http://ex.org/2", TEXT, ())))
    r = score(g, p, profile="gerbil")
    # doc 1: FN 1 -> 0; doc 2: empty/empty -> 1; macro P = R = F1 = 0.5
    assert (r.macro.precision, r.macro.recall, r.macro.f1) == (0.5, 0.5, 0.5)


# --------------------------------------------------------------------------- URIs

def test_normalisation():
    assert normalise_uri("https://dbpedia.org/resource/A") == A
    assert normalise_uri("http://en.dbpedia.org/resource/A") == A
    assert normalise_uri("https://en.wikipedia.org/wiki/A") == A
    assert normalise_uri(DBR + "Caf%C3%A9") == DBR + "Café"
    assert normalise_uri(DBR + "AC%2fDC") == DBR + "AC%2FDC"  # an encoded slash stays encoded
    # a prediction in another spelling matches
    assert counts(one([m(0, 5, A)], [m(0, 5, "https://en.wikipedia.org/wiki/A")])) == (1, 0, 0)


def test_kb_namespaces_and_emerging_entities():
    other = "http://example.org/kb/X"
    # outside the default KB: both are emerging entities, and EE matches EE (GERBIL's rule)
    r = one([m(0, 5, other)], [m(0, 5)])
    assert counts(r) == (1, 0, 0)
    assert (r.ee.micro.tp, r.inkb.micro.tp, r.inkb.micro.fn) == (1, 0, 0)
    # with that namespace as the KB, the gold is InKB and the NIL prediction does not match
    r = one([m(0, 5, other)], [m(0, 5)], kb_namespaces=["http://example.org/kb/"])
    assert counts(r) == (0, 1, 1)
    # InKB line: gold InKB FN 1, no InKB prediction; EE line: NIL prediction FP 1, no EE gold
    assert (r.inkb.micro.tp, r.inkb.micro.fp, r.inkb.micro.fn) == (0, 0, 1)
    assert (r.ee.micro.tp, r.ee.micro.fp, r.ee.micro.fn) == (0, 1, 0)


def test_same_as_file_and_gold_links(tmp_path):
    wd = "http://www.wikidata.org/entity/Q1"
    path = tmp_path / "map.nt.gz"
    with gzip.open(path, "wt") as fh:
        fh.write(f"<{A}> <http://same_as> <{wd}> .\n# comment\n\n")
        fh.write(f"<{B}> <http://www.w3.org/2002/07/owl#sameAs> <{C}> .\n")
        fh.write(f"<{B}> <http://www.w3.org/2000/01/rdf-schema#seeAlso> <{C}> .\n")
    links, other = read_same_as(path)
    index = SameAsIndex(links)
    assert (len(index), other) == (2, 1)
    assert index.representative(wd) == index.representative(A)
    # gold in DBpedia, prediction in Wikidata: without links the Wikidata URI is EE (no match), with them a TP
    assert counts(one([m(0, 5, A)], [m(0, 5, wd)])) == (0, 1, 1)
    assert counts(one([m(0, 5, A)], [m(0, 5, wd)], same_as=index)) == (1, 0, 0)
    # sameAs links in the gold file itself (gold.same_as) are used too
    g = Corpus((Document("http://ex.org/d", TEXT, (m(0, 5, "http://oke/X"),)),), same_as=(("http://oke/X", C),))
    p = Corpus((Document("http://ex.org/d", TEXT, (m(0, 5, C),)),))
    assert counts(score(g, p)) == (1, 0, 0)
    bad = tmp_path / "bad.nt"
    bad.write_text("<a> <b> .\n")
    with pytest.raises(InputError, match="bad.nt:1"):
        read_same_as(bad)


def test_same_as_index_is_order_independent():
    a = SameAsIndex([("http://x/2", "http://x/3"), ("http://x/1", "http://x/2")])
    b = SameAsIndex([("http://x/1", "http://x/2"), ("http://x/3", "http://x/2")])
    assert {a.representative(f"http://x/{i}") for i in (1, 2, 3)} == {"http://x/1"}
    assert {b.representative(f"http://x/{i}") for i in (1, 2, 3)} == {"http://x/1"}


# --------------------------------------------------------------------------- metrics

def test_threshold_sweep_and_beta():
    gold = [m(0, 5, A), m(10, 15, B), m(20, 25, C)]
    pred = [m(0, 5, A, score=0.9), m(10, 15, B, score=0.4), m(30, 35, C, score=0.6), m(40, 45, A)]
    r = one(gold, pred, threshold=0.5, beta=2)
    # kept: 0.9 (TP), 0.6 (FP), and the unscored [40,45) (FP); dropped: 0.4 -> TP 1, FP 2, FN 2
    assert counts(r) == (1, 2, 2) and (r.below_threshold, r.without_score) == (1, 1)
    assert "no_confidence" in [w.code for w in r.warnings]
    # F2 with P 1/3, R 1/3: 5·(1/9)/(4/3 + 1/3) = (5/9)/(5/3) = 1/3
    assert r.f_beta_micro == pytest.approx(1 / 3)
    s = one(gold, pred, sweep=True)
    # thresholds = the distinct scores 0.4, 0.6, 0.9 (the unscored prediction is always kept):
    # >= 0.4: TP 2, FP 2, FN 1: F1 = 4/7 = 0.5714; >= 0.6: TP 1 FP 2 FN 2: 1/3; >= 0.9: TP 1 FP 1 FN 2: 0.4
    pts = [(p.threshold, p.micro.tp, p.micro.fp, p.micro.fn) for p in s.sweep.points]
    assert pts == [(0.4, 2, 2, 1), (0.6, 1, 2, 2), (0.9, 1, 1, 2)]
    assert s.sweep.best.threshold == 0.4 and s.sweep.best.micro.f1 == pytest.approx(4 / 7)
    out = s.to_json()
    assert "tuned on the test data" in out["sweep"]["best"]["note"]
    # the headline stays the untuned score: all predictions, TP 2, FP 2, FN 1
    assert (out["micro"]["tp"], out["micro"]["fp"], out["micro"]["fn"]) == (2, 2, 1)
    json.dumps(out, allow_nan=False)


def test_overlapping_gold_and_duplicate_predictions_are_reported():
    gold = [m(0, 10, A), m(5, 8, B)]
    pred = [m(0, 10, A), m(0, 10, A), m(5, 8, B)]
    r = one(gold, pred)
    # the duplicate [0,10) A is a false positive: TP 2, FP 1, FN 0
    assert counts(r) == (2, 1, 0)
    assert [(w.code, w.side) for w in r.warnings] == [("overlapping_mentions", "gold")]


def test_duplicate_predictions_from_a_file_are_false_positives_and_warned(tmp_path):
    from bengal.io import read_corpus

    text = "Berlin is big"
    gold = tmp_path / "g.jsonl"
    pred = tmp_path / "p.jsonl"
    gold.write_text(json.dumps({"uri": "http://ex.org/d", "text": text,
                                "mentions": [{"begin": 0, "end": 6, "uris": [DBR + "Berlin"]}]}) + "\n")
    ment = {"begin": 0, "end": 6, "uris": [DBR + "Berlin"]}
    pred.write_text(json.dumps({"uri": "http://ex.org/d", "text": text, "mentions": [ment, ment]}) + "\n")
    r = score(read_corpus(gold), read_corpus(pred))
    # one of the two identical predictions is the TP, the other a FP: TP 1, FP 1, FN 0
    assert counts(r) == (1, 1, 0)
    assert r.warning_counts() == {("duplicate_mention", "prediction"): 1}


def test_table_shows_per_type_sweep_and_ci():
    from bengal.report.table import render_table
    from bengal.score.bootstrap import with_ci

    gold = [m(0, 5, A, type="PER"), m(10, 15, B, type="LOC")]
    pred = [m(0, 5, A, type="PER", score=0.9), m(10, 15, C, type="LOC", score=0.2)]
    r = with_ci(one(gold, pred, sweep=True, beta=0.5), samples=50)
    text = render_table(r, width=140)
    # per type: PER TP 1; LOC FP 1 FN 1 (wrong URI)
    assert "per type" in text and "PER" in text and "LOC" in text
    assert "tuned on the test data" in text and "bootstrap CI" in text and "F0.5" in text


# --------------------------------------------------------------------------- per type (types not judged)

X = DBR + "X"
PERSON, AGENT = "http://x/Person", "http://x/Agent"


def per_type(r):
    return {t: (s.tp, s.fp, s.fn) for t, s in r.per_type.items()}


def test_per_type_a2kb_attributes_errors_to_the_gold_types():
    gold = [m(0, 5, A, type="PER"), m(10, 15, B, type="LOC")]
    pred = [m(0, 5, A, type="ORG"), m(10, 15, C, type="LOC"), m(20, 25, A, type="ORG")]
    r = one(gold, pred)
    # [0,5): right URI, the system's type ORG is not judged: TP, counted for the gold type PER.
    # [10,15): wrong URI: FN for gold LOC; the FP is at the gold LOC span -> LOC.
    # [20,25): spurious, no gold at its span -> its own type ORG.
    # PER 1/0/0, LOC 0/1/1, ORG 0/1/0; micro TP 1, FP 2, FN 1
    assert counts(r) == (1, 2, 1)
    assert per_type(r) == {"LOC": (0, 1, 1), "ORG": (0, 1, 0), "PER": (1, 0, 0)}
    assert list(r.per_type) == ["LOC", "ORG", "PER"]  # sorted
    assert "gold mention's types" in r.conventions["per_type"]


def _typed_case():
    gold = [m(0, 5, A, type="PER"), m(10, 15, B, type="LOC"), m(20, 25, C, type=f"{PERSON} {AGENT}"),
            m(30, 35, A), m(40, 45, B, type="PER")]
    pred = [m(0, 5, A, type="ORG"), m(0, 3, A, type="MISC"), m(10, 15, C, type="LOC"), m(12, 22, X, type="ORG"),
            m(20, 25, C, type="ORG"), m(30, 35, B, type="PER"), m(50, 55, A, type="ORG"), m(55, 60, A)]
    return gold, pred


def test_per_type_a2kb_strong_with_two_types_and_untyped():
    gold, pred = _typed_case()
    r = one(gold, pred)
    # strong: TP [0,5) A (gold PER) and [20,25) C (gold Person+Agent, counted for both);
    # FN [10,15) (LOC, wrong URI), [30,35) (untyped, wrong URI), [40,45) (PER, missed): TP 2, FP 6, FN 3
    # FP attribution:
    #   [0,3)  MISC: no gold with the same span -> own type MISC
    #   [10,15) C: gold LOC at the span -> LOC
    #   [12,22) ORG: no gold span [12,22) -> own ORG
    #   [30,35) PER: the gold at the span is untyped -> "(untyped)" (not the system's PER)
    #   [50,55) ORG spurious -> ORG; [55,60) untyped spurious -> "(untyped)"
    assert counts(r) == (2, 6, 3)
    assert per_type(r) == {
        "PER": (1, 0, 1),
        "LOC": (0, 1, 1),
        PERSON: (1, 0, 0),
        AGENT: (1, 0, 0),
        "(untyped)": (0, 2, 1),
        "ORG": (0, 2, 0),
        "MISC": (0, 1, 0),
    }


def test_per_type_a2kb_weak_attributes_fp_to_every_overlapping_gold_type():
    gold, pred = _typed_case()
    r = one(gold, pred, match="weak")
    # weak edges: gold [0,5) A with pred [0,5) A and [0,3) A (one TP, the other FP); gold [20,25) C with
    # pred [20,25) C; no other URI agrees: TP 2, FP 6, FN 3 (same as strong)
    # FP attribution (gold mentions overlapping it):
    #   [0,5)/[0,3) leftover: gold [0,5) PER -> PER
    #   [10,15) C: gold LOC -> LOC
    #   [12,22) ORG: overlaps gold [10,15) LOC and [20,25) Person+Agent -> LOC, Person, Agent (one each)
    #   [30,35): gold untyped -> "(untyped)"; [50,55) ORG: no gold -> ORG; [55,60): -> "(untyped)"
    assert counts(r) == (2, 6, 3)
    assert per_type(r) == {
        "PER": (1, 1, 1),
        "LOC": (0, 2, 1),
        PERSON: (1, 1, 0),
        AGENT: (1, 1, 0),
        "(untyped)": (0, 2, 1),
        "ORG": (0, 1, 0),
    }


def test_per_type_missing_document_counts_fn_by_gold_types():
    g = Corpus((Document("http://ex.org/1", TEXT, (m(0, 5, A, type="PER"),)),
                Document("http://ex.org/2", TEXT, (m(0, 5, A, type="PER"), m(10, 15, B)))))
    p = Corpus((Document("http://ex.org/1", TEXT, (m(0, 5, A, type="ORG"),)),))
    r = score(g, p)
    # doc 1: TP PER. doc 2 missing: FN PER and FN (untyped). PER 1/0/1, (untyped) 0/0/1
    assert per_type(r) == {"(untyped)": (0, 0, 1), "PER": (1, 0, 1)}


def test_per_type_d2kb_skips_ignored_predictions():
    gold = [m(0, 5, A, type="PER"), m(10, 15, B, type="LOC")]
    pred = [m(0, 5, C, type="ORG"), m(10, 15, B, type="LOC"), m(10, 15, A, type="MISC"), m(20, 25, A, type="ORG")]
    r = one(gold, pred, task="d2kb")
    # [20,25) is no gold span: ignored, counted for no type.
    # [0,5) C vs gold A: FN PER; the FP is at the gold PER span -> PER.
    # [10,15) B: TP LOC; [10,15) A (the gold is taken): FP at the gold LOC span -> LOC (not MISC)
    # PER 0/1/1, LOC 1/1/0; micro TP 1, FP 2, FN 1
    assert counts(r) == (1, 2, 1) and r.ignored_predictions == 1
    assert per_type(r) == {"LOC": (1, 1, 0), "PER": (0, 1, 1)}


def test_per_type_erec():
    gold = [m(0, 5, A, type="PER"), m(10, 15, A), m(20, 25, A, type="LOC")]
    pred = [m(0, 5, A, type="ORG"), m(0, 5, A, type="MISC"), m(10, 15, A, type="LOC"), m(30, 35, A, type="ORG")]
    r = one(gold, pred, task="erec")
    # spans only: [0,5) TP (gold PER), its second prediction FP at the gold PER span -> PER;
    # [10,15) TP counted for the gold's "(untyped)" (the system's LOC does not count);
    # [20,25) LOC missed: FN LOC; [30,35) spurious: own ORG.
    # PER 1/1/0, (untyped) 1/0/0, LOC 0/0/1, ORG 0/1/0; micro TP 2, FP 2, FN 1
    assert counts(r) == (2, 2, 1)
    assert per_type(r) == {"(untyped)": (1, 0, 0), "LOC": (0, 0, 1), "ORG": (0, 1, 0), "PER": (1, 1, 0)}
