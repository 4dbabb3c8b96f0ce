"""Span matching, URI matching and the maximum one-to-one matching."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from bengal.model import Corpus, Document, Mention
from bengal.score import Counts, score
from bengal.score.matching import STRONG, WEAK, align, maximum_matching, strong_span_match, weak_span_match
from bengal.score.uris import UriMatcher, uris_match

A = "http://dbpedia.org/resource/A"
B = "http://dbpedia.org/resource/B"
C = "http://dbpedia.org/resource/C"
TEXT = "0123456789" * 10


def m(b: int, e: int, *uris: str) -> Mention:
    return Mention.in_text(TEXT, b, e, uris)


def a2kb(gold, pred, span=STRONG):
    return align(gold, pred, span, lambda g, p: uris_match(g.uris, p.uris)).counts


# --- span predicates -------------------------------------------------------

def test_span_predicates():
    assert strong_span_match(m(0, 5), m(0, 5))
    assert not strong_span_match(m(0, 5), m(0, 4))
    assert weak_span_match(m(0, 5), m(4, 9))          # share code point 4
    assert not weak_span_match(m(0, 5), m(5, 9))      # touching: C13
    assert not weak_span_match(m(5, 9), m(0, 5))
    assert weak_span_match(m(2, 3), m(0, 10))         # nested
    assert weak_span_match(m(0, 10), m(2, 3))


# --- URIs --------------------------------------------------------------------

def test_several_uris_a_match_on_either_counts():
    assert uris_match(frozenset({A, B}), frozenset({B}))
    assert uris_match(frozenset({A}), frozenset({C, A}))
    assert not uris_match(frozenset({A}), frozenset({B, C}))
    assert a2kb([m(0, 5, A, B)], [m(0, 5, B)]) == Counts(1, 0, 0)
    assert a2kb([m(0, 5, A)], [m(0, 5, B, A)]) == Counts(1, 0, 0)
    assert a2kb([m(0, 5, A)], [m(0, 5, B, C)]) == Counts(0, 1, 1)


def test_nil_matches_nil_only():
    assert uris_match(frozenset(), frozenset())
    assert not uris_match(frozenset(), frozenset({A}))
    assert not uris_match(frozenset({A}), frozenset())
    assert a2kb([m(0, 5)], [m(0, 5)]) == Counts(1, 0, 0)
    assert a2kb([m(0, 5)], [m(0, 5, A)]) == Counts(0, 1, 1)
    assert a2kb([m(0, 5, A)], [m(0, 5)]) == Counts(0, 1, 1)


def test_uri_matcher_normalisation_hook():
    https = UriMatcher(lambda u: u.replace("https://", "http://"))
    assert https(frozenset({"https://dbpedia.org/resource/A"}), frozenset({A}))
    # a normaliser that drops every URI makes the mention NIL
    drop = UriMatcher(lambda u: None)
    assert drop(frozenset({A}), frozenset())
    assert not UriMatcher()(frozenset({"https://dbpedia.org/resource/A"}), frozenset({A}))


# --- one-to-one maximum matching ------------------------------------------------

def test_duplicate_predictions_are_false_positives():
    assert a2kb([m(0, 5, A)], [m(0, 5, A), m(0, 5, A)]) == Counts(1, 1, 0)
    assert a2kb([m(0, 5, A), m(0, 5, A)], [m(0, 5, A)]) == Counts(1, 0, 1)


def test_augmenting_path_beats_greedy():
    # gold g1 [0,10) overlaps p1 [2,6) and p2 [8,12); gold g2 [5,8) overlaps only p1.
    # A greedy pass in begin order gives g1 -> p1 and leaves g2 unmatched (TP 1);
    # the maximum matching is g1 -> p2, g2 -> p1: TP 2, FP 0, FN 0.
    gold = [m(0, 10, A), m(5, 8, A)]
    pred = [m(2, 6, A), m(8, 12, A)]
    assert a2kb(gold, pred, WEAK) == Counts(2, 0, 0)
    assert maximum_matching([[0, 1], [0]], 2) == [1, 0]
    # a longer chain: each left vertex's first choice blocks the next one
    adj = [[0, 1], [1, 2], [2, 3], [3]]
    assert sorted(maximum_matching(adj, 4)) == [0, 1, 2, 3]


def test_one_long_prediction_overlapping_many():
    gold = [m(i, i + 1, A) for i in range(0, 50, 2)]  # 25 one-character gold mentions
    pred = [m(0, 60, A)] + [m(i, i + 1, A) for i in range(1, 50, 2)]
    # only the long prediction overlaps gold; it takes one of them: TP 1, FP 25, FN 24
    assert a2kb(gold, pred, WEAK) == Counts(1, 25, 24)


def _random_mentions(rng: random.Random, n: int) -> list[Mention]:
    out = []
    for _ in range(n):
        b = rng.randrange(0, 40)
        e = b + rng.randint(1, 8)
        uris = rng.choice([(), (A,), (B,), (A, B), (C,)])
        out.append(m(b, e, *uris))
    return out


def _reference_tp(gold, pred, span_pred, use_uris):
    graph = nx.Graph()
    left = [("g", i) for i in range(len(gold))]
    graph.add_nodes_from(left)
    graph.add_nodes_from(("p", j) for j in range(len(pred)))
    for i, g in enumerate(gold):
        for j, p in enumerate(pred):
            if span_pred(g, p) and (not use_uris or uris_match(g.uris, p.uris)):
                graph.add_edge(("g", i), ("p", j))
    matching = nx.bipartite.hopcroft_karp_matching(graph, top_nodes=left)
    return len(matching) // 2


@pytest.mark.parametrize("seed", range(40))
def test_maximum_and_order_independent_against_networkx(seed):
    rng = random.Random(seed)
    gold = _random_mentions(rng, rng.randint(0, 12))
    pred = _random_mentions(rng, rng.randint(0, 12))
    for span in (STRONG, WEAK):
        for use_uris in (True, False):
            accept = (lambda g, p: uris_match(g.uris, p.uris)) if use_uris else None
            expected_tp = _reference_tp(gold, pred, span.predicate, use_uris)
            counts = align(gold, pred, span, accept).counts
            assert counts == Counts(expected_tp, len(pred) - expected_tp, len(gold) - expected_tp)
            for _ in range(5):
                g2, p2 = gold[:], pred[:]
                rng.shuffle(g2)
                rng.shuffle(p2)
                assert align(g2, p2, span, accept).counts == counts


def test_alignment_pairs_are_valid():
    gold = [m(0, 5, A), m(10, 15, B), m(20, 25)]
    pred = [m(20, 25), m(0, 5, A), m(10, 15, C)]
    al = align(gold, pred, STRONG, lambda g, p: uris_match(g.uris, p.uris))
    assert al.pairs == ((0, 1), (2, 0))
    assert al.unmatched_gold == [1]
    assert al.unmatched_pred == [2]


def test_corpus_order_independence():
    rng = random.Random(7)
    docs_g, docs_p = [], []
    for k in range(20):
        uri = f"http://ex.org/doc{k}"
        docs_g.append(Document(uri, TEXT, tuple(_random_mentions(rng, 10))))
        docs_p.append(Document(uri, TEXT, tuple(_random_mentions(rng, 10))))
    base = score(Corpus(tuple(docs_g)), Corpus(tuple(docs_p)), match="weak")
    for _ in range(5):
        rng.shuffle(docs_g)
        rng.shuffle(docs_p)
        r = score(Corpus(tuple(docs_g)), Corpus(tuple(docs_p)), match="weak")
        assert r.micro == base.micro
        assert r.macro.f1 == pytest.approx(base.macro.f1)
        assert r.macro.precision == pytest.approx(base.macro.precision)
