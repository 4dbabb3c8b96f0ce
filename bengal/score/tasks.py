"""Experiment types (tasks): what must agree for a gold and a predicted mention to count.

A task turns one document's gold and predicted mentions into an
:class:`~bengal.score.matching.Alignment` (and so TP/FP/FN), given a span
matching rule and a URI matcher. The tasks here share one pipeline — span
candidates, the task's pair test, maximum matching — and differ only in the
pair test:

* **A2KB** (``a2kb``): span *and* URIs must match (URI sets intersect; NIL
  matches NIL, see :mod:`bengal.score.uris`).
* **ERec** (``erec``): span only; URIs and types are ignored.

D2KB (gold spans given, URI only), C2KB (bag of URIs per document) and
ETyping (span and type) are later work: each is a new :class:`Task` entry in
:data:`TASKS` with its own ``align`` function, without changes elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from bengal.model import Mention
from bengal.score.matching import Alignment, SpanMatch, align
from bengal.score.uris import UriMatcher, uris_match

__all__ = ["Task", "TASKS", "A2KB", "EREC"]

AlignFunction = Callable[[Sequence[Mention], Sequence[Mention], SpanMatch, UriMatcher], Alignment]


@dataclass(frozen=True)
class Task:
    """One experiment type.

    Attributes:
        name: the key users type (``"a2kb"``).
        label: the field's spelling (``"A2KB"``).
        description: what must agree, one line.
        align: ``(gold mentions, predicted mentions, span match, URI matcher) -> Alignment``.
        uses_uris: whether URIs take part (reports state the URI rule only then).
    """

    name: str
    label: str
    description: str
    align: AlignFunction
    uses_uris: bool = True


def _align_a2kb(gold: Sequence[Mention], pred: Sequence[Mention], span_match: SpanMatch,
                uri_matcher: UriMatcher) -> Alignment:
    if uri_matcher.normalise is None:
        return align(gold, pred, span_match, lambda g, p: uris_match(g.uris, p.uris))
    return align(gold, pred, span_match, lambda g, p: uri_matcher(g.uris, p.uris))


def _align_erec(gold: Sequence[Mention], pred: Sequence[Mention], span_match: SpanMatch,
                uri_matcher: UriMatcher) -> Alignment:
    return align(gold, pred, span_match, None)


A2KB = Task("a2kb", "A2KB", "span and URI must match", _align_a2kb, uses_uris=True)
EREC = Task("erec", "ERec", "span must match (URIs ignored)", _align_erec, uses_uris=False)

TASKS: dict[str, Task] = {t.name: t for t in (A2KB, EREC)}
