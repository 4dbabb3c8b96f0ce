"""Span matching and the one-to-one maximum matching of one document's mentions.

Two pieces, kept apart (GERBIL's cuts):

1. **Span matching** — when may a gold and a predicted span be paired?

   * ``strong``: same begin and same end.
   * ``weak``: the half-open spans ``[b, e)`` share at least one code point,
     i.e. ``g.begin < p.end and p.begin < g.end``; touching spans such as
     ``[0,5)`` and ``[5,10)`` do **not** match (case C13). GERBIL's
     ``WeakSpanMatchingsSearcher`` uses the same test.

   A :class:`SpanMatch` is its predicate plus the window of predicted begins
   that can match a gold span, so candidates are found by binary search over
   the predictions sorted by begin instead of by comparing every pair.

2. **Maximum bipartite matching** — a gold mention is paired with at most
   one prediction and vice versa; the pairing has the largest possible size.
   An edge (gold g, prediction p) exists when the spans match and the task's
   extra test (``accept``, e.g. URIs for A2KB) holds. The size of a maximum
   matching does not depend on the order of the inputs, so neither do
   TP = |matching|, FP = |pred| − TP and FN = |gold| − TP. Duplicate
   predictions of one gold mention are therefore false positives.

   Algorithm: greedy initial matching, then Kuhn's augmenting paths (iterative
   DFS, visited marks by stamp so nothing is reset between searches). A search
   only explores the connected component of its start vertex, and components
   are tiny in real corpora (a mention overlaps few others), so a document
   costs about O(E).

3. **Greedy first fit** (``strategy="greedy"``, the ``gerbil`` profile):
   GERBIL 1.2.x's ``MatchingsCounterImpl.countMatchings`` walks the gold
   mentions in order and gives each the *first* (lowest-index) unused
   prediction that matches; it never revisits a choice, so with weak matching
   it can count fewer TP than the maximum (C12/C16-like chains). Gold and
   predictions are taken in document order (bengal's documents keep mentions
   sorted by begin, end; GERBIL takes the order its NIF parser returns).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Callable, Sequence

from bengal.model import Mention
from bengal.score.metrics import Counts

__all__ = [
    "SpanMatch",
    "STRONG",
    "WEAK",
    "SPAN_MATCHES",
    "strong_span_match",
    "weak_span_match",
    "Alignment",
    "candidate_edges",
    "maximum_matching",
    "align",
    "greedy_matching",
    "MATCHING_RULE",
    "GREEDY_RULE",
    "PROFILES",
]

MATCHING_RULE = (
    "one-to-one maximum bipartite matching (Kuhn's augmenting paths) of gold and predicted mentions "
    "per document; independent of input order; a gold mention is matched at most once and "
    "unmatched or duplicate predictions are false positives"
)

GREEDY_RULE = (
    "greedy first fit in gold order (GERBIL 1.2.x MatchingsCounterImpl): each gold mention takes the first "
    "unused matching prediction; unmatched predictions are false positives"
)
#: Scoring profiles and the matching strategy each uses (``"maximum"`` or ``"greedy"``).
#: ``bengal``: one-to-one maximum matching (order-independent). ``gerbil``: GERBIL 1.2.x
#: exactly — greedy first fit in gold order (``MatchingsCounterImpl``); two emerging entities
#: always match; a document with empty gold and empty prediction scores 1 in the macro average;
#: macro F1 is the mean of per-document F1. Both share the URI rule and zero division.
PROFILES = {"bengal": "maximum", "gerbil": "greedy"}

Accept = Callable[[Mention, Mention], bool]


def strong_span_match(gold: Mention, pred: Mention) -> bool:
    """Same begin and same end."""
    return gold.begin == pred.begin and gold.end == pred.end


def weak_span_match(gold: Mention, pred: Mention) -> bool:
    """The half-open spans share at least one code point (touching spans do not)."""
    return gold.begin < pred.end and pred.begin < gold.end


def _strong_window(begin: int, end: int, max_len: int) -> tuple[int, int]:
    return begin, begin  # predicted begin must equal the gold begin


def _weak_window(begin: int, end: int, max_len: int) -> tuple[int, int]:
    # p.end > begin with p.end <= p.begin + max_len  =>  p.begin > begin - max_len;
    # p.begin < end.
    return begin - max_len + 1, end - 1


@dataclass(frozen=True)
class SpanMatch:
    """A span-matching rule.

    Attributes:
        name: ``"strong"`` or ``"weak"``.
        description: one line for reports.
        predicate: ``(gold, pred) -> bool``.
        window: ``(gold begin, gold end, longest predicted length) -> (lo, hi)``,
            the inclusive range of predicted begins that can match at all.
    """

    name: str
    description: str
    predicate: Callable[[Mention, Mention], bool]
    window: Callable[[int, int, int], tuple[int, int]]

    def __call__(self, gold: Mention, pred: Mention) -> bool:
        return self.predicate(gold, pred)


STRONG = SpanMatch("strong", "strong match: same begin and end", strong_span_match, _strong_window)
WEAK = SpanMatch(
    "weak",
    "weak match: spans share at least one code point (touching half-open spans do not)",
    weak_span_match,
    _weak_window,
)
SPAN_MATCHES: dict[str, SpanMatch] = {m.name: m for m in (STRONG, WEAK)}


@dataclass(frozen=True, slots=True)
class Alignment:
    """The result of matching one document.

    Attributes:
        pairs: ``(gold index, pred index)`` of each matched pair, indices into
            the sequences given to :func:`align`, sorted by gold index.
        gold_count: number of gold mentions.
        pred_count: number of predicted mentions (after any task filter).
        ignored_pred: predictions the task left out before matching (D2KB:
            spans that are no gold span, GERBIL's rule); not counted as FP.
    """

    pairs: tuple[tuple[int, int], ...]
    gold_count: int
    pred_count: int
    ignored_pred: int = 0

    @property
    def counts(self) -> Counts:
        tp = len(self.pairs)
        return Counts(tp, self.pred_count - tp, self.gold_count - tp)

    @property
    def unmatched_gold(self) -> list[int]:
        """Indices of the false negatives."""
        used = {g for g, _ in self.pairs}
        return [i for i in range(self.gold_count) if i not in used]

    @property
    def unmatched_pred(self) -> list[int]:
        """Indices of the false positives."""
        used = {p for _, p in self.pairs}
        return [i for i in range(self.pred_count) if i not in used]


def candidate_edges(
    gold: Sequence[Mention],
    pred: Sequence[Mention],
    span_match: SpanMatch,
    accept: Accept | None = None,
) -> list[list[int]]:
    """For each gold mention, the indices of the predictions it may be paired with.

    Predictions are searched by begin (binary search in the window of
    ``span_match``), then filtered by the span predicate and ``accept``.
    Neighbours are listed in (begin, end) order of the predictions (ties in
    input order). The size of the maximum matching, hence every count, never
    depends on input order; which of several identical-span predictions is
    paired does, and inside :func:`bengal.score.score` that order is fixed by
    :class:`~bengal.model.Document` (sorted by ``Mention.sort_key``).
    """
    if not gold or not pred:
        return [[] for _ in gold]
    if span_match is STRONG:  # same span: the predictions of each span by one dict look-up, in input order
        by_span: dict[tuple[int, int], list[int]] = {}
        for j, p in enumerate(pred):
            by_span.setdefault((p.begin, p.end), []).append(j)
        no_match: list[int] = []
        if accept is None:
            return [list(by_span.get((g.begin, g.end), no_match)) for g in gold]
        return [[j for j in by_span.get((g.begin, g.end), no_match) if accept(g, pred[j])] for g in gold]
    # Stable sort by span: a Document's mentions are already in sort_key order,
    # so ties (same span) keep that order and the pairing is deterministic.
    order = sorted(range(len(pred)), key=lambda i: (pred[i].begin, pred[i].end))
    begins = [pred[i].begin for i in order]
    max_len = max(m.end - m.begin for m in pred)
    window = span_match.window
    predicate = span_match.predicate
    adj: list[list[int]] = []
    for g in gold:
        lo, hi = window(g.begin, g.end, max_len)
        a = bisect_left(begins, lo)
        b = bisect_right(begins, hi, a)
        nbrs = []
        for k in range(a, b):
            j = order[k]
            p = pred[j]
            if predicate(g, p) and (accept is None or accept(g, p)):
                nbrs.append(j)
        adj.append(nbrs)
    return adj


def maximum_matching(adj: Sequence[Sequence[int]], right_count: int) -> list[int]:
    """A maximum matching of a bipartite graph given by adjacency lists.

    Args:
        adj: ``adj[u]`` lists the right vertices of left vertex ``u``.
        right_count: number of right vertices (``0 .. right_count-1``).

    Returns:
        ``match[u]`` = the right vertex matched to ``u``, or ``-1``.
    """
    n = len(adj)
    match_l = [-1] * n
    match_r = [-1] * right_count
    # Greedy start: most vertices of a real document are settled here.
    for u in range(n):
        for v in adj[u]:
            if match_r[v] < 0:
                match_r[v] = u
                match_l[u] = v
                break
    visited = [0] * right_count
    stamp = 0
    for u in range(n):
        if match_l[u] >= 0 or not adj[u]:
            continue
        stamp += 1
        stack = [u]  # left vertices of the current alternating path
        ptr = {u: 0}
        found = -1
        while stack:
            x = stack[-1]
            nbrs = adj[x]
            i = ptr[x]
            pushed = False
            while i < len(nbrs):
                v = nbrs[i]
                i += 1
                if visited[v] == stamp:
                    continue
                visited[v] = stamp
                w = match_r[v]
                if w < 0:
                    found = v
                    break
                ptr[x] = i
                ptr[w] = 0
                stack.append(w)
                pushed = True
                break
            if found >= 0:
                break
            if not pushed:
                stack.pop()
        if found >= 0:
            # Flip the path: the last left vertex takes the free right vertex,
            # every earlier one takes the right vertex its successor gives up.
            v = found
            for x in reversed(stack):
                previous = match_l[x]
                match_l[x] = v
                match_r[v] = x
                v = previous
    return match_l


def greedy_matching(adj: Sequence[Sequence[int]], right_count: int) -> list[int]:
    """GERBIL's greedy first fit: left vertex ``u`` in order takes its lowest free right vertex.

    Returns:
        ``match[u]`` = the right vertex matched to ``u``, or ``-1``.
    """
    used = [False] * right_count
    match_l = [-1] * len(adj)
    for u, nbrs in enumerate(adj):
        free = [v for v in nbrs if not used[v]]
        if free:
            v = min(free)
            used[v] = True
            match_l[u] = v
    return match_l


def align(
    gold: Sequence[Mention],
    pred: Sequence[Mention],
    span_match: SpanMatch = STRONG,
    accept: Accept | None = None,
    strategy: str = "maximum",
) -> Alignment:
    """Match one document's gold and predicted mentions one-to-one, maximally.

    Args:
        gold: the gold mentions (any order).
        pred: the predicted mentions (any order; duplicates allowed).
        span_match: :data:`STRONG` or :data:`WEAK` (or any :class:`SpanMatch`).
        accept: the task's extra condition on a pair, e.g. URIs for A2KB;
            ``None`` = spans only (ERec).
        strategy: ``"maximum"`` (maximum bipartite matching, order-independent)
            or ``"greedy"`` (GERBIL's first fit in gold order).
    """
    if not gold or not pred:
        return Alignment((), len(gold), len(pred))
    g_order = sorted(range(len(gold)), key=lambda i: (gold[i].begin, gold[i].end))
    g_sorted = [gold[i] for i in g_order]
    adj = candidate_edges(g_sorted, pred, span_match, accept)
    if strategy == "greedy":
        match = greedy_matching(adj, len(pred))
    else:
        match = maximum_matching(adj, len(pred))
    pairs = sorted((g_order[u], v) for u, v in enumerate(match) if v >= 0)
    return Alignment(tuple(pairs), len(gold), len(pred))
