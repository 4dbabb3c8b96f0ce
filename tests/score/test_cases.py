"""Scorer cases C12–C18 of shared/cases/scorer-cases.md; values computed by hand (shown)."""

from __future__ import annotations

import pytest

from bengal.model import Corpus, Document, Mention
from bengal.score import Counts, f_beta, f_beta_from_pr, score
from bengal.score.metrics import measures

A = "http://dbpedia.org/resource/A"
B = "http://dbpedia.org/resource/B"
C = "http://dbpedia.org/resource/C"
X = "http://dbpedia.org/resource/X"
NYC = "http://dbpedia.org/resource/New_York_City"


def doc(uri: str, text: str, *spans: tuple) -> Document:
    """``spans``: ``(begin, end)`` or ``(begin, end, uris)`` or ``(begin, end, uris, type)``."""
    ms = []
    for s in spans:
        b, e = s[0], s[1]
        uris = s[2] if len(s) > 2 else ()
        typ = s[3] if len(s) > 3 else None
        ms.append(Mention.in_text(text, b, e, uris, typ))
    return Document(uri, text, tuple(ms))


def corpus(*docs: Document, name: str = "") -> Corpus:
    return Corpus(tuple(docs), name)


TEXT = "abcdefghijklmnopqrstuvwxyz" * 2


def one(gold_spans, pred_spans, **kw):
    g = corpus(doc("http://ex.org/d1", TEXT, *gold_spans))
    p = corpus(doc("http://ex.org/d1", TEXT, *pred_spans))
    return score(g, p, **kw)


# C12: gold PER(1,2), PER(3,10); pred PER(1,2), PER(3,5), PER(6,10), as half-open
# code-point spans [1,3) [3,11) and [1,3) [3,6) [6,11).
C12_GOLD = [(1, 3, {A}, "PER"), (3, 11, {B}, "PER")]
C12_PRED = [(1, 3, {A}, "PER"), (3, 6, {B}, "PER"), (6, 11, {B}, "PER")]


@pytest.mark.parametrize("task", ["a2kb", "erec"])
def test_c12_one_to_one_strong(task):
    r = one(C12_GOLD, C12_PRED, task=task, match="strong")
    # only [1,3) matches: TP 1, FP 2, FN 1; P = 1/3, R = 1/2, F1 = 2·(1/3)(1/2)/(1/3+1/2) = 0.4
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (1, 2, 1)
    assert r.micro.precision == pytest.approx(1 / 3)
    assert r.micro.recall == pytest.approx(0.5)
    assert r.micro.f1 == pytest.approx(0.4)


@pytest.mark.parametrize("task", ["a2kb", "erec"])
def test_c12_one_to_one_weak_never_matches_a_gold_twice(task):
    r = one(C12_GOLD, C12_PRED, task=task, match="weak")
    # [3,11) overlaps [3,6) and [6,11) but is matched once: TP 2, FP 1, FN 0
    # P = 2/3, R = 1, F1 = 2·(2/3)/(2/3 + 1) = 0.8
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (2, 1, 0)
    assert r.micro.precision == pytest.approx(2 / 3)
    assert r.micro.recall == pytest.approx(1.0)
    assert r.micro.f1 == pytest.approx(0.8)


@pytest.mark.parametrize("task", ["a2kb", "erec"])
def test_c13_touching_spans_do_not_weak_match(task):
    r = one([(0, 5, {A})], [(5, 10, {A})], task=task, match="weak")
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (0, 1, 1)
    assert (r.micro.precision, r.micro.recall, r.micro.f1) == (0.0, 0.0, 0.0)
    # one shared code point is enough: [0,5) and [4,10) share 'e'
    r = one([(0, 5, {A})], [(4, 10, {A})], task=task, match="weak")
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (1, 0, 0)


@pytest.mark.parametrize("task", ["a2kb", "erec"])
def test_c14_unknown_label_is_a_false_positive(task):
    r = one([(0, 5, {A}, "PER")], [(0, 5, {A}, "PER"), (10, 15, {C}, "FOO")], task=task)
    # TP 1, FP 1, FN 0: P 0.5, R 1, F1 = 2·0.5/1.5 = 0.667
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (1, 1, 0)
    assert r.micro.precision == 0.5
    assert r.micro.recall == 1.0
    assert r.micro.f1 == pytest.approx(2 / 3)


def test_c15_f_beta():
    # P 0.5, R 1: F2 = 5·0.5·1/(4·0.5 + 1) = 2.5/3 = 0.8333
    assert f_beta_from_pr(0.5, 1.0, 2) == pytest.approx(2.5 / 3)
    assert f_beta(Counts(1, 1, 0), 2) == pytest.approx(0.8333, abs=1e-4)
    # P 1, R 0.5: F2 = 5·0.5/(4 + 0.5) = 0.5556
    assert f_beta_from_pr(1.0, 0.5, 2) == pytest.approx(2.5 / 4.5)
    assert f_beta(Counts(1, 0, 1), 2) == pytest.approx(0.5556, abs=1e-4)
    # F0.5 with P 0.5, R 1: 1.25·0.5/(0.25·0.5 + 1) = 0.625/1.125 = 0.5556
    assert f_beta_from_pr(0.5, 1.0, 0.5) == pytest.approx(0.625 / 1.125)
    assert f_beta(Counts(1, 1, 0), 0.5) == pytest.approx(0.5556, abs=1e-4)
    # beta = 1 is F1
    assert f_beta(Counts(1, 1, 0), 1) == pytest.approx(measures(Counts(1, 1, 0)).f1)
    # on a whole result: micro TP 1, FP 1, FN 0 (C14) -> F2 0.8333
    r = one([(0, 5, {A})], [(0, 5, {A}), (10, 15, {C})])
    assert r.f_beta(2) == pytest.approx(2.5 / 3)
    assert r.f_beta(2, average="macro") == pytest.approx(2.5 / 3)
    with pytest.raises(ValueError):
        f_beta(Counts(1, 1, 0), 0)


def test_c16_weak_match_gold_split_in_two():
    text = "New York City is big"
    g = corpus(doc("http://ex.org/nyc", text, (0, 13, {NYC})))
    p = corpus(doc("http://ex.org/nyc", text, (0, 3, {NYC}), (4, 13, {NYC})))
    r = score(g, p, task="a2kb", match="weak")
    # one of the two predictions takes the gold mention: TP 1, FP 1, FN 0; P 0.5, R 1, F1 0.667
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (1, 1, 0)
    assert r.micro.precision == 0.5 and r.micro.recall == 1.0
    assert r.micro.f1 == pytest.approx(2 / 3)
    # strong: nothing matches: TP 0, FP 2, FN 1
    r = score(g, p, task="a2kb", match="strong")
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (0, 2, 1)


def test_c17_micro_over_documents_and_macro_with_empty_document():
    t = "m1 m2 m4 text"
    g = corpus(
        doc("http://ex.org/D1", t, (0, 2, {X})),
        doc("http://ex.org/D2", t, (3, 5, {A})),
        doc("http://ex.org/D3", t),
        doc("http://ex.org/D4", t, (6, 8, {B})),
    )
    p = corpus(
        doc("http://ex.org/D1", t),
        doc("http://ex.org/D2", t, (3, 5, {A})),
        doc("http://ex.org/D3", t),
        doc("http://ex.org/D4", t, (6, 8, {C})),
    )
    r = score(g, p, task="a2kb", match="strong")
    assert r.documents == 4
    # MICRO (sum of counts): D1 FN 1; D2 TP 1; D3 nothing; D4 FP 1 + FN 1
    # -> TP 1, FP 1, FN 2; P = 1/2, R = 1/3, F1 = 2·(1/2)(1/3)/(5/6) = 0.4
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (1, 1, 2)
    assert r.micro.precision == 0.5
    assert r.micro.recall == pytest.approx(1 / 3)
    assert r.micro.f1 == pytest.approx(0.4)
    # MACRO (mean of per-document values), empty D3 scores 1 (GERBIL):
    # P = (0 + 1 + 1 + 0)/4 = 0.5; R = (0 + 1 + 1 + 0)/4 = 0.5; F1 = (0 + 1 + 1 + 0)/4 = 0.5
    assert [d.measures.precision for d in r.per_document] == [0.0, 1.0, 1.0, 0.0]
    assert [d.measures.recall for d in r.per_document] == [0.0, 1.0, 1.0, 0.0]
    assert r.macro.precision == 0.5
    assert r.macro.recall == 0.5
    assert r.macro.f1 == 0.5
    assert r.warnings == ()


def test_c18_macro_f1_is_mean_of_per_document_f1():
    t = "aa bb cc dd"
    g = corpus(doc("http://ex.org/D1", t, (0, 2, {A}), (3, 5, {B})),
               doc("http://ex.org/D2", t, (0, 2, {A})))
    p = corpus(doc("http://ex.org/D1", t, (0, 2, {A})),
               doc("http://ex.org/D2", t, (0, 2, {A}), (6, 8, {C})))
    r = score(g, p)
    assert [d.counts for d in r.per_document] == [Counts(1, 0, 1), Counts(1, 1, 0)]
    # D1: P 1, R 0.5, F1 2/3; D2: P 0.5, R 1, F1 2/3
    # macro F1 (printed, GERBIL) = mean of F1 = 2/3 = 0.667
    # macro P = (1 + 0.5)/2 = 0.75, macro R = (0.5 + 1)/2 = 0.75 (their harmonic mean would be 0.75)
    assert r.macro.f1 == pytest.approx(2 / 3)
    assert r.macro.precision == pytest.approx(0.75)
    assert r.macro.recall == pytest.approx(0.75)
    assert "mean of per-document F1" in r.conventions["macro"]
    # micro: TP 2, FP 1, FN 1 -> P = R = F1 = 2/3
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (2, 1, 1)
    assert r.micro.f1 == pytest.approx(2 / 3)


# --------------------------------------------------------------------------- C19, C20 (NIF)

C19_TEXT = "X claps 👏 Berlin"


def test_c19_code_points_utf16_utf8_round_trip():
    from bengal.io.offsets import (
        OffsetTable,
        code_point_to_utf8,
        code_point_to_utf16,
        utf8_to_code_point,
        utf16_to_code_point,
    )

    # 'X claps ' is 8 code points, 👏 (U+1F44F) one more, then a space: Berlin starts at 10.
    # UTF-16: 👏 is a surrogate pair (2 units): 10 + 1 = 11. UTF-8: 👏 is 4 bytes: 10 + 3 = 13.
    assert C19_TEXT[10:16] == "Berlin"
    assert (code_point_to_utf16(C19_TEXT, 10), code_point_to_utf16(C19_TEXT, 16)) == (11, 17)
    assert (code_point_to_utf8(C19_TEXT, 10), code_point_to_utf8(C19_TEXT, 16)) == (13, 19)
    assert (utf16_to_code_point(C19_TEXT, 11), utf16_to_code_point(C19_TEXT, 17)) == (10, 16)
    assert (utf8_to_code_point(C19_TEXT, 13), utf8_to_code_point(C19_TEXT, 19)) == (10, 16)
    assert C19_TEXT.encode("utf-16-le")[11 * 2:17 * 2].decode("utf-16-le") == "Berlin"
    assert C19_TEXT.encode("utf-8")[13:19].decode("utf-8") == "Berlin"
    table = OffsetTable(C19_TEXT)
    for cp in range(len(C19_TEXT) + 1):  # every boundary round-trips
        assert table.from_utf16(table.to_utf16(cp)) == cp
        assert table.from_utf8(table.to_utf8(cp)) == cp
    with pytest.raises(ValueError):
        table.from_utf16(9)  # 'X claps ' = 8 units, 👏 = units 8-9: 9 is inside the pair
    with pytest.raises(ValueError):
        table.from_utf8(10)  # 👏 = bytes 8..11
    with pytest.raises(ValueError):
        table.to_utf8(17)


NIF_HEAD = """@prefix nif: <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#> .
@prefix itsrdf: <http://www.w3.org/2005/11/its/rdf#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
"""


def _nif_doc(text: str, phrases: str) -> bytes:
    n = len(text)
    return (NIF_HEAD + f"""<http://ex.org/d#char=0,{n}> a nif:Context ; nif:isString "{text}" ;
  nif:beginIndex "0"^^xsd:nonNegativeInteger ; nif:endIndex "{n}"^^xsd:nonNegativeInteger .
""" + phrases).encode("utf-8")


def test_c19_nif_with_code_point_offsets_reads_without_error():
    from bengal.io import read_nif

    data = _nif_doc(C19_TEXT, """<http://ex.org/d#char=10,16> nif:anchorOf "Berlin" ;
  nif:beginIndex "10"^^xsd:nonNegativeInteger ; nif:endIndex "16"^^xsd:nonNegativeInteger ;
  nif:referenceContext <http://ex.org/d#char=0,16> ; itsrdf:taIdentRef <http://dbpedia.org/resource/Berlin> .
""")
    c = read_nif(data, strict=True)
    (m,) = c.documents[0].mentions
    assert (m.begin, m.end, m.surface) == (10, 16, "Berlin") and c.warnings == ()


def test_c20_two_ident_refs_one_mention_and_anchor_mismatch():
    from bengal.errors import InputError
    from bengal.io import read_nif

    text = "Paris and Texas"
    data = _nif_doc(text, """<http://ex.org/d#char=0,5> nif:anchorOf "Paris" ;
  nif:beginIndex "0"^^xsd:nonNegativeInteger ; nif:endIndex "5"^^xsd:nonNegativeInteger ;
  nif:referenceContext <http://ex.org/d#char=0,15> ;
  itsrdf:taIdentRef <http://dbpedia.org/resource/Paris>, <http://dbpedia.org/resource/Paris,_Texas> .
<http://ex.org/d#char=10,15> nif:anchorOf "Tex" ;
  nif:beginIndex "10"^^xsd:nonNegativeInteger ; nif:endIndex "15"^^xsd:nonNegativeInteger ;
  nif:referenceContext <http://ex.org/d#char=0,15> ; itsrdf:taIdentRef <http://dbpedia.org/resource/Texas> .
""")
    gold = read_nif(data)
    paris, texas = gold.documents[0].mentions
    # one mention with two URIs, not two mentions and not one URI lost
    assert paris.uris == {"http://dbpedia.org/resource/Paris", "http://dbpedia.org/resource/Paris,_Texas"}
    # offsets are the truth: the surface is text[10:15] = "Texas"; the anchor "Tex" is a counted warning
    assert texas.surface == "Texas"
    assert [(w.code, w.where) for w in gold.warnings] == [("anchor_mismatch", "http://ex.org/d#char=10,15")]
    with pytest.raises(InputError, match="anchor_mismatch"):
        read_nif(data, strict=True)
    # a match on either URI counts: predictions with only the second URI, and with only the first
    for uri in ("http://dbpedia.org/resource/Paris,_Texas", "http://dbpedia.org/resource/Paris"):
        pred = corpus(doc("http://ex.org/d", text, (0, 5, {uri}), (10, 15, {"http://dbpedia.org/resource/Texas"})))
        r = score(gold, pred)
        assert (r.micro.tp, r.micro.fp, r.micro.fn) == (2, 0, 0)
