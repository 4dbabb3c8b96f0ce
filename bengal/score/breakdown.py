"""Breakdowns of a span score: the InKB / EE lines (GERBIL's per-class counts) and per-type scores.

* **InKB / EE**: gold and predictions restricted to the InKB (resp. emerging-entity) mentions,
  matched on their own.
* **GSInKB** (D2KB, as GERBIL): the gold's InKB mentions and the predictions at their spans.
* **Per type, ETyping** (types judged): gold and predictions restricted to the mentions carrying
  the type, matched on their own (conlleval's per-type counts).
* **Per type, A2KB / D2KB / ERec** (types not judged): the main alignment's outcomes attributed to
  types (:func:`per_gold_type`), so that a system's own type labels cannot hide its linking errors.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Iterable, Sequence

from bengal.model import Document
from bengal.score.matching import Alignment, SpanMatch
from bengal.score.metrics import Counts, MicroScore
from bengal.score.result import UNTYPED, DocumentScore, SubScore
from bengal.score.tasks import Task, types_of
from bengal.score.uris import UriMatcher

__all__ = ["inkb_ee", "inkb_ee_document", "gs_inkb", "gs_inkb_document", "per_type", "add_type_counts",
           "per_gold_type", "GoldTypeTally"]

Pairs = Sequence[tuple[Document, "Document | None"]]


def inkb_ee(task: Task, docs: Pairs, doc_counts: Sequence[Counts], span_match: SpanMatch, matcher: UriMatcher,
            strategy: str) -> tuple[SubScore, SubScore]:
    """Micro and macro of the InKB and of the EE mentions, each matched on their own (GERBIL's
    per-class counts): :func:`inkb_ee_document` of each document, in order."""
    kb_counts, ee_counts = [], []
    for (g, p), main in zip(docs, doc_counts):
        kb, ee = inkb_ee_document(task, g, p, main, span_match, matcher, strategy)
        kb_counts.append(kb)
        ee_counts.append(ee)
    return SubScore.of(kb_counts), SubScore.of(ee_counts)


def inkb_ee_document(task: Task, g: Document, p: Document | None, main: Counts, span_match: SpanMatch,
                     matcher: UriMatcher, strategy: str) -> tuple[Counts, Counts]:
    """``(InKB counts, EE counts)`` of one document pair (``p`` None: no prediction), ``main`` being its
    counts under the task. A document whose mentions all fall in one class reuses ``main``. Under
    GERBIL's gold-only sameAs a prediction's class is that of its own URIs
    (:meth:`~bengal.score.uris.UriMatcher.side_in_kb`)."""
    pm = p.mentions if p is not None else ()
    if matcher.gold_only and matcher.same_as is not None:
        side_in_kb = matcher.side_in_kb
        g_kb = [side_in_kb(m.uris, "gold") for m in g.mentions]
        p_kb = [side_in_kb(m.uris, "prediction") for m in pm]
    else:  # both sides classified alike (UriMatcher.side_in_kb's rule)
        in_kb = matcher.in_kb
        g_kb = [in_kb(m.uris) for m in g.mentions]
        p_kb = [in_kb(m.uris) for m in pm]
    if all(g_kb) and all(p_kb):
        return main, Counts()
    if not any(g_kb) and not any(p_kb):
        return Counts(), main
    out = []
    for flag in (True, False):
        gs = [m for m, k in zip(g.mentions, g_kb) if k is flag]
        ps = [m for m, k in zip(pm, p_kb) if k is flag]
        out.append(task.align(gs, ps, span_match, matcher, strategy).counts)
    return out[0], out[1]


def gs_inkb(task: Task, docs: Pairs, span_match: SpanMatch, matcher: UriMatcher, strategy: str) -> SubScore | None:
    """GERBIL's GSInKB line of a D2KB score (``GSInKBClassifyingEvaluatorDecorator``, dice-group/gerbil
    ``src/main/java/org/aksw/gerbil/evaluate/impl``): the gold mentions that are InKB, and the
    predictions whose span *equals* (strong match, whatever ``span_match``) the span of such a gold
    mention, matched on their own with the task's rule. A system is judged only where the gold
    links to the KB: its answers on the gold's emerging entities count neither way.

    Returns:
        The micro/macro of those counts, or None when they are all zero over the corpus (GERBIL
        prints no GSInKB line then: the gold has no InKB mention and no prediction sits on one).
    """
    sub = SubScore.of([gs_inkb_document(task, g, p, span_match, matcher, strategy) for g, p in docs])
    return None if sub.micro.counts.empty else sub


def gs_inkb_document(task: Task, g: Document, p: Document | None, span_match: SpanMatch, matcher: UriMatcher,
                     strategy: str) -> Counts:
    """The GSInKB counts of one document pair (:func:`gs_inkb`; ``p`` None: no prediction)."""
    gs = [m for m in g.mentions if matcher.side_in_kb(m.uris, "gold")]
    spans = {m.span for m in gs}
    ps = [m for m in (p.mentions if p is not None else ()) if m.span in spans]
    return task.align(gs, ps, span_match, matcher, strategy).counts


def per_type(task: Task, docs: Pairs, doc_counts: Sequence[Counts], span_match: SpanMatch, matcher: UriMatcher,
             strategy: str) -> dict[str, MicroScore]:
    """Per type where the task judges types (ETyping): gold and predictions restricted to the
    mentions carrying the type, matched on their own (conlleval's per-type counts)."""
    sums: dict[str, Counts] = {}
    for (g, p), main in zip(docs, doc_counts):
        add_type_counts(sums, task, g, p, main, span_match, matcher, strategy)
    return {t: MicroScore.of(sums[t]) for t in sorted(sums)}


def add_type_counts(sums: dict[str, Counts], task: Task, g: Document, p: Document | None, main: Counts,
                    span_match: SpanMatch, matcher: UriMatcher, strategy: str) -> None:
    """Add one document pair's per-type counts of :func:`per_type` to ``sums`` (``{type: counts}``;
    ``p`` None: no prediction; ``main`` the pair's counts under the task)."""
    pm = p.mentions if p is not None else ()
    if all(m.type is None for m in g.mentions) and all(m.type is None for m in pm):
        sums[UNTYPED] = sums.get(UNTYPED, Counts()) + main  # every mention is "(untyped)"
        return
    types = {t for m in g.mentions for t in (types_of(m) or {UNTYPED})}
    types |= {t for m in pm for t in (types_of(m) or {UNTYPED})}
    for t in types:
        gs = [m for m in g.mentions if t in (types_of(m) or {UNTYPED})]
        ps = [m for m in pm if t in (types_of(m) or {UNTYPED})]
        c = task.align(gs, ps, span_match, matcher, strategy).counts
        sums[t] = sums.get(t, Counts()) + c


def per_gold_type(task: Task, docs: Pairs, per_document: Sequence[DocumentScore],
                  span_match: SpanMatch) -> dict[str, MicroScore]:
    """Per type where the task does not judge types (A2KB, D2KB, ERec): the main alignment's
    outcomes attributed to types. A TP or FN counts for its gold mention's types; an FP for the
    types of the gold mentions at an acceptable span (a wrong link on a Person mention is a Person
    error; under weak match an FP over gold mentions of several types counts for each, so per-type
    FP can add up to more than the FP total), else for its own predicted types; ``(untyped)`` when
    there are none. A system's own type vocabulary then cannot hide its linking errors."""
    tally = GoldTypeTally()
    for (g, p), d in zip(docs, per_document):
        assert d.alignment is not None  # score() keeps every document's alignment
        tally.add(task, g, p, d.alignment, span_match)
    return tally.scores()


class GoldTypeTally:
    """The counts of :func:`per_gold_type`, added one document pair at a time (:meth:`add`); the
    scores of the pairs added so far by :meth:`scores` (the order of the pairs does not matter)."""

    def __init__(self) -> None:
        self.tp: dict[str, int] = {}
        self.fp: dict[str, int] = {}
        self.fn: dict[str, int] = {}

    @staticmethod
    def _add(table: dict[str, int], types: Iterable[str]) -> None:
        for t in types or (UNTYPED,):
            table[t] = table.get(t, 0) + 1

    def add(self, task: Task, g: Document, p: Document | None, a: Alignment, span_match: SpanMatch) -> None:
        """Add the outcomes of one document pair (``p`` None: no prediction), ``a`` being its alignment
        under the task."""
        add = self._add
        tp, fp, fn = self.tp, self.fp, self.fn
        gm = g.mentions
        pm = p.mentions if p is not None else ()
        matched_g = {i for i, _ in a.pairs}
        matched_p = {j for _, j in a.pairs}
        for i, m in enumerate(gm):
            add(tp if i in matched_g else fn, types_of(m))
        gold_spans = {m.span for m in gm} if task.gold_spans_only else None
        # gold mentions are sorted by begin (Document): the gold spans a predicted span can match
        # lie in the window of begins span_match gives (both rules are symmetric in gold and pred)
        begins = [m.begin for m in gm]
        longest = max((m.end - m.begin for m in gm), default=0)
        for j, m in enumerate(pm):
            if j in matched_p or (gold_spans is not None and m.span not in gold_spans):
                continue  # TP (counted on the gold side) or ignored by D2KB
            at: set[str] = set()
            lo, hi = span_match.window(m.begin, m.end, longest)
            for k in range(bisect_left(begins, lo), bisect_right(begins, hi)):
                if span_match(gm[k], m):
                    at |= types_of(gm[k]) or {UNTYPED}
            add(fp, at or types_of(m))

    def scores(self) -> dict[str, MicroScore]:
        """``{type: micro score}``, types sorted."""
        tp, fp, fn = self.tp, self.fp, self.fn
        types = sorted(set(tp) | set(fp) | set(fn))
        return {t: MicroScore.of(Counts(tp.get(t, 0), fp.get(t, 0), fn.get(t, 0))) for t in types}
