"""Experiment types (tasks): what must agree for a gold and a predicted item to count.

A task turns one document's gold and predicted mentions into an
:class:`~bengal.score.matching.Alignment` (and so TP/FP/FN), given a span
matching rule, a URI matcher and a matching strategy. The span tasks share
one pipeline — span candidates, the task's pair test, then maximum matching
(or GERBIL's greedy first fit) — and differ in the pair test; the definitions
follow GERBIL's experiment types (Röder et al., SWJ 2018, Sec. 3):

* **A2KB** (``a2kb``): span *and* URIs must match (:mod:`bengal.score.uris`).
* **D2KB** (``d2kb``): the gold spans are given to the system; only the URI
  is judged. A predicted mention whose span is no gold span is **ignored**
  (GERBIL's ``SearcherBasedNotMatchingMarkingFilter`` with strong span
  matching drops it before counting); their number is
  :attr:`Alignment.ignored_pred` and is reported. The kept predictions are then
  matched with the run's span rule: ``--match weak`` lets a prediction at one gold
  span pair with an overlapping gold mention carrying its URI, as GERBIL's
  ``D2KBTest`` configures it (``Matching.WEAK_ANNOTATION_MATCH``; the filter stays
  strong); strong (the default) needs the same span.
* **C2KB** (``c2kb``): the bag of KB entities of a document, positions
  ignored: each distinct (normalised, sameAs-expanded) URI set of an InKB
  mention is one item; gold and predicted items match when their URI sets
  intersect, one-to-one. Emerging entities (NIL, URIs outside the KB) are no
  KB concepts and are left out (counted in ``ignored_pred`` for predictions). Under
  ``--profile gerbil`` the emerging entities (each distinct EE URI set, each NIL
  mention) stay in both bags, as GERBIL 1.2.x counts them: EE matches EE one-to-one
  (an unanswered gold EE is a false negative, a surplus predicted EE a false positive).
* **ERec** (``erec``): span only; URIs and types are ignored.
* **ETyping** (``etyping``): span and type: the types, read as a set (a
  ``type`` of several space-separated IRIs, as the NIF reader joins several
  ``itsrdf:taClassRef``), must intersect; two untyped mentions match. (GERBIL
  also climbs the class hierarchy; bengal compares the types as written.)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Sequence

from bengal.model import Mention
from bengal.score.matching import Accept, Alignment, SpanMatch, align, greedy_matching, maximum_matching
from bengal.score.uris import UriMatcher, uris_match

__all__ = ["Task", "TASKS", "OTHER_TASKS", "A2KB", "D2KB", "C2KB", "EREC", "ETYPING", "types_of"]

AlignFunction = Callable[[Sequence[Mention], Sequence[Mention], SpanMatch, UriMatcher, str], Alignment]


@dataclass(frozen=True)
class Task:
    """One experiment type.

    Attributes:
        name: the key users type (``"a2kb"``).
        label: the field's spelling (``"A2KB"``).
        description: what must agree, one line.
        align: ``(gold mentions, predicted mentions, span match, URI matcher, strategy) -> Alignment``.
        uses_uris: whether URIs take part (reports state the URI rule and the InKB/EE lines only then).
        uses_spans: whether mention spans take part (False for C2KB).
        gold_spans_only: predictions whose span is no gold span are ignored before matching (D2KB).
    """

    name: str
    label: str
    description: str
    align: AlignFunction
    uses_uris: bool = True
    uses_spans: bool = True
    gold_spans_only: bool = False


def types_of(m: Mention) -> frozenset[str]:
    """The types of a mention as a set (``type`` split at white space; empty when untyped)."""
    return _types(m.type) if m.type else _NO_TYPES


_NO_TYPES: frozenset[str] = frozenset()


@lru_cache(maxsize=4096)
def _types(type_: str) -> frozenset[str]:
    return frozenset(type_.split())


def _uri_accept(uri_matcher: UriMatcher) -> Accept:
    if uri_matcher.normalise is None and uri_matcher.same_as is None and uri_matcher.kb is None:
        return lambda g, p: uris_match(g.uris, p.uris)
    return lambda g, p: uri_matcher(g.uris, p.uris)


def _align_a2kb(gold: Sequence[Mention], pred: Sequence[Mention], span_match: SpanMatch, uri_matcher: UriMatcher,
                strategy: str) -> Alignment:
    return align(gold, pred, span_match, _uri_accept(uri_matcher), strategy)


def _align_erec(gold: Sequence[Mention], pred: Sequence[Mention], span_match: SpanMatch, uri_matcher: UriMatcher,
                strategy: str) -> Alignment:
    return align(gold, pred, span_match, None, strategy)


def _align_etyping(gold: Sequence[Mention], pred: Sequence[Mention], span_match: SpanMatch, uri_matcher: UriMatcher,
                   strategy: str) -> Alignment:
    def accept(g: Mention, p: Mention) -> bool:
        tg, tp = types_of(g), types_of(p)
        return tg == tp or not tg.isdisjoint(tp)

    return align(gold, pred, span_match, accept, strategy)


def _align_d2kb(gold: Sequence[Mention], pred: Sequence[Mention], span_match: SpanMatch, uri_matcher: UriMatcher,
                strategy: str) -> Alignment:
    spans = {m.span for m in gold}
    kept = [i for i, p in enumerate(pred) if p.span in spans]
    sub = [pred[i] for i in kept]
    a = align(gold, sub, span_match, _uri_accept(uri_matcher), strategy)
    pairs = tuple((g, kept[p]) for g, p in a.pairs)
    return Alignment(pairs, len(gold), len(sub), len(pred) - len(sub))


def _align_c2kb(gold: Sequence[Mention], pred: Sequence[Mention], span_match: SpanMatch, uri_matcher: UriMatcher,
                strategy: str) -> Alignment:
    def bag(ms: Sequence[Mention], side: str) -> tuple[list[frozenset[str]], int, int]:
        items: dict[frozenset[str], None] = {}
        emerging: dict[frozenset[str], None] = {}
        nil = 0
        left_out = 0
        for m in ms:
            c = uri_matcher.side_set(m.uris, side)
            if (uri_matcher.kb is not None and not uri_matcher.side_in_kb(m.uris, side)) or not c:
                left_out += 1
                if c:
                    emerging[c] = None
                else:
                    nil += 1
                continue
            items[c] = None
        return sorted(items, key=lambda s: sorted(s)), left_out, len(emerging) + nil

    g_items, _, g_emerging = bag(gold, "gold")
    p_items, p_out, p_emerging = bag(pred, "prediction")
    adj = [[j for j, p in enumerate(p_items) if not g.isdisjoint(p)] for g in g_items]
    match = greedy_matching(adj, len(p_items)) if strategy == "greedy" else maximum_matching(adj, len(p_items))
    pairs = tuple((u, v) for u, v in enumerate(match) if v >= 0)
    if strategy != "greedy":
        return Alignment(pairs, len(g_items), len(p_items), p_out)
    # GERBIL 1.2.x (the greedy strategy is its profile) keeps the emerging entities on both sides (each
    # distinct EE URI set, and each NIL mention, is an item); EE matches EE, one-to-one (its C2KBTest:
    # an empty URI set answering an EE gold is right), so min(gold EE, predicted EE) pairs, the rest
    # false negatives / false positives. (The EE items' indices follow the InKB items'.)
    ee = min(g_emerging, p_emerging)
    pairs += tuple((len(g_items) + k, len(p_items) + k) for k in range(ee))
    return Alignment(pairs, len(g_items) + g_emerging, len(p_items) + p_emerging, 0)


A2KB = Task("a2kb", "A2KB", "span and URI must match", _align_a2kb)
D2KB = Task("d2kb", "D2KB", "gold spans given, URI must match; predictions on other spans are ignored (GERBIL)",
            _align_d2kb, gold_spans_only=True)
C2KB = Task("c2kb", "C2KB", "bag of KB entities per document; positions ignored, emerging entities too (gerbil "
            "profile: kept, EE matches EE)",
            _align_c2kb, uses_spans=False)
EREC = Task("erec", "ERec", "span must match (URIs ignored)", _align_erec, uses_uris=False)
ETYPING = Task("etyping", "ETyping", "span and type must match (types as sets, a shared type counts; URIs ignored)",
               _align_etyping, uses_uris=False)

TASKS: dict[str, Task] = {t.name: t for t in (A2KB, D2KB, C2KB, EREC, ETYPING)}

#: The other scores ``bengal score`` runs, each in its module: chunk metrics of tag sequences
#: (:mod:`bengal.score.chunks`), SemEval-2013 partial credit, Jaccard F-beta.
OTHER_TASKS = ("chunk", "semeval", "jaccard")
