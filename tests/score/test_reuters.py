"""Score Reuters-128 against a copy of itself with known edits; expected values by hand.

Independent counts (SPARQL over ../shared/data/nif/n3-collection/Reuters-128.ttl,
pyoxigraph, not bengal's reader):

    SELECT (COUNT(DISTINCT ?c) AS ?n) WHERE { ?c a nif:Context }                    -> 128
    SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE { ?p nif:referenceContext ?c }          -> 880
    per context: SELECT ?c (COUNT(?p) AS ?n) WHERE { ?p nif:referenceContext ?c } GROUP BY ?c
        Reuters-128/10 -> 11, Reuters-128/105 -> 11, Reuters-128/100 -> 6,
        Reuters-128/0 -> 5, Reuters-128/1 -> 1
    no phrase has two spans equal in one context, none lacks itsrdf:taIdentRef.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from conftest import SHARED_DATA

from bengal.model import Corpus, Document, Mention
from bengal.score import score

REUTERS = SHARED_DATA / "nif" / "n3-collection" / "Reuters-128.ttl"
BASE = "http://aksw.org/N3/Reuters-128/"
X, Y, Z, W, DROPPED = (BASE + n for n in ("10", "105", "100", "0", "1"))
GOLD_COUNTS = {X: 11, Y: 11, Z: 6, W: 5, DROPPED: 1}
WRONG = "http://example.org/wrong"
SPURIOUS = "http://example.org/spurious"


@pytest.fixture(scope="module")
def gold() -> Corpus:
    if not REUTERS.exists():
        pytest.skip(f"{REUTERS} not found")
    from bengal.io import read_corpus

    return read_corpus(REUTERS)


def free_span(doc: Document, length: int) -> tuple[int, int]:
    """The first ``[b, b+length)`` of the text that overlaps no mention."""
    for b in range(len(doc.text) - length + 1):
        if all(b + length <= m.begin or m.end <= b for m in doc.mentions):
            return b, b + length
    raise AssertionError("no free span")


def edited(gold: Corpus) -> Corpus:
    docs = gold.by_uri()
    out = []
    for doc in gold.documents:
        ms = list(doc.mentions)
        if doc.uri == X:                      # delete the first mention
            del ms[0]
        elif doc.uri == Y:                    # change the URI of the first mention
            ms[0] = replace(ms[0], uris=frozenset({WRONG}))
        elif doc.uri == Z:                    # shift the first mention one code point right
            m = ms[0]
            assert m.end - m.begin >= 2 and m.end + 1 <= len(doc.text)
            shifted = Mention.in_text(doc.text, m.begin + 1, m.end + 1, m.uris)
            assert all(o.span != shifted.span for o in doc.mentions)
            # the shifted span overlaps only its own gold mention (weak match stays one-to-one)
            assert [o for o in doc.mentions if o.begin < shifted.end and shifted.begin < o.end] == [m]
            ms[0] = shifted
        elif doc.uri == W:                    # add a spurious mention where the gold has none
            b, e = free_span(doc, 3)
            ms.append(Mention.in_text(doc.text, b, e, {SPURIOUS}))
        elif doc.uri == DROPPED:              # drop the whole document
            continue
        out.append(Document(doc.uri, doc.text, tuple(ms)))
    assert set(GOLD_COUNTS) <= set(docs)
    return Corpus(tuple(out), "Reuters-128-edited")


def test_gold_counts_match_sparql(gold):
    assert len(gold) == 128
    assert gold.mention_count == 880
    by_uri = gold.by_uri()
    for uri, n in GOLD_COUNTS.items():
        assert len(by_uri[uri].mentions) == n


def test_a2kb_strong_known_edits(gold):
    pred = edited(gold)
    r = score(gold, pred, task="a2kb", match="strong")
    # Untouched documents: 880 - (11 + 11 + 6 + 5 + 1) = 846 mentions, all TP.
    # X (11): first mention deleted      -> TP 10, FP 0, FN 1
    # Y (11): one URI wrong              -> TP 10, FP 1, FN 1
    # Z (6):  one span shifted by 1      -> TP 5,  FP 1, FN 1
    # W (5):  one spurious mention added -> TP 5,  FP 1, FN 0
    # dropped document (1): scored empty -> TP 0,  FP 0, FN 1
    # micro: TP = 846 + 10 + 10 + 5 + 5 = 876; FP = 3; FN = 4   (TP + FN = 880)
    # P = 876/879, R = 876/880, F1 = 2·876/(2·876 + 3 + 4) = 1752/1759
    assert r.documents == 128
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (876, 3, 4)
    assert r.micro.precision == pytest.approx(876 / 879)
    assert r.micro.recall == pytest.approx(876 / 880)
    assert r.micro.f1 == pytest.approx(1752 / 1759)
    # macro over 128 documents (123 untouched documents score 1 each):
    #   P:  X 10/10, Y 10/11, Z 5/6, W 5/6, dropped 0 -> (124 + 10/11 + 5/3) / 128
    #   R:  X 10/11, Y 10/11, Z 5/6, W 1,   dropped 0 -> (124 + 20/11 + 5/6) / 128
    #   F1: X 2·10/(20+1) = 20/21, Y 20/22 = 10/11, Z 10/12 = 5/6, W 10/11, dropped 0
    #       -> (123 + 20/21 + 10/11 + 5/6 + 10/11) / 128
    F = Fraction
    macro_p = (124 + F(10, 11) + F(5, 3)) / 128
    macro_r = (124 + F(20, 11) + F(5, 6)) / 128
    macro_f1 = (123 + F(20, 21) + F(10, 11) + F(5, 6) + F(10, 11)) / 128
    assert r.macro.precision == pytest.approx(float(macro_p))
    assert r.macro.recall == pytest.approx(float(macro_r))
    assert r.macro.f1 == pytest.approx(float(macro_f1))
    missing = [w for w in r.warnings if w.code == "missing_document"]
    assert [(w.where, w.side) for w in missing] == [(DROPPED, "prediction")]
    per_doc = {d.uri: d.counts for d in r.per_document}
    assert (per_doc[X].tp, per_doc[X].fp, per_doc[X].fn) == (10, 0, 1)
    assert (per_doc[Y].tp, per_doc[Y].fp, per_doc[Y].fn) == (10, 1, 1)
    assert (per_doc[Z].tp, per_doc[Z].fp, per_doc[Z].fn) == (5, 1, 1)
    assert (per_doc[W].tp, per_doc[W].fp, per_doc[W].fn) == (5, 1, 0)
    assert (per_doc[DROPPED].tp, per_doc[DROPPED].fp, per_doc[DROPPED].fn) == (0, 0, 1)


def test_weak_and_erec_known_edits(gold):
    pred = edited(gold)
    # A2KB weak: the shifted mention in Z now overlaps its gold (same URI): TP.
    # TP = 876 + 1 = 877; FP = Y + W = 2; FN = X + Y + dropped = 3
    r = score(gold, pred, task="a2kb", match="weak")
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (877, 2, 3)
    # ERec strong: URIs ignored, so Y's wrong URI is a TP; Z shifted is FP + FN.
    # TP = 876 + 1 = 877; FP = Z + W = 2; FN = X + Z + dropped = 3
    r = score(gold, pred, task="erec", match="strong")
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (877, 2, 3)
    # ERec weak: Y and Z both TP: TP 878; FP = W = 1; FN = X + dropped = 2
    r = score(gold, pred, task="erec", match="weak")
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (878, 1, 2)


def test_gold_against_itself_is_perfect(gold):
    r = score(gold, gold)
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (880, 0, 0)
    assert r.macro.f1 == 1.0


def test_edited_prediction_through_a_file(gold, tmp_path):
    from bengal.io import read_corpus, write_corpus

    path = tmp_path / "system.ttl"
    write_corpus(edited(gold), path)
    r = score(gold, read_corpus(path), task="a2kb", match="strong")
    # the same hand-computed counts as test_a2kb_strong_known_edits
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (876, 3, 4)
    assert r.documents == 128
