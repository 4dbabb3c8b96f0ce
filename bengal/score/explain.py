"""What went wrong where: every mention of a scored document with its outcome and error kind.

The counts of :func:`bengal.score.score` say *how many* mentions were right;
this module says *which*, for error browsers (``bengal report``) and for
``bengal score --json``'s ``"errors"`` block (:func:`explain`). It reads the alignment the
scorer already made (no second matching), so the outcomes always add up to
the document's TP, FP and FN.

Outcomes: a gold mention is ``tp`` (matched) or ``fn``; a predicted mention is
``tp``, ``fp``, or ``ignored`` (D2KB: a span that is no gold span, left out by
GERBIL's rule and never counted). Each unmatched mention also gets an error
kind, the usual NER/EL breakdown (as nervaluate and GERBIL's error analyses
split them):

* ``wrong_uri`` (URI tasks) / ``wrong_type`` (ETyping): a mention on the other
  side has an acceptable span (same span under strong match, an overlapping
  one under weak match) and is itself unmatched, but URIs (types) disagree.
  Such a pair is one FP *and* one FN.
* ``duplicate``: a mention on the other side has an acceptable span, but it
  is matched to another mention (two predictions for one gold span, or two
  gold mentions on one span).
* ``boundary``: the mention overlaps a mention on the other side whose span is
  not acceptable (e.g. "Paris" for gold "Paris Hilton" under strong match).
* ``spurious`` (FP) / ``missed`` (FN): nothing on the other side overlaps it.

C2KB compares bags of URIs, not spans: it has no per-mention outcome
(:func:`explain` raises :class:`ValueError`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from bengal.model import Mention
from bengal.score.matching import SPAN_MATCHES, Alignment
from bengal.score.result import DocumentScore, ScoreResult

__all__ = ["MentionOutcome", "DocumentOutcome", "ErrorReport", "ErrorCollector", "explain_document",
           "document_outcome", "explain", "ERROR_KINDS", "ORDER"]

#: Error kinds in report order, with one line each.
ERROR_KINDS = {
    "wrong_uri": "span right, URIs wrong (one FP and one FN)",
    "wrong_type": "span right, type wrong (one FP and one FN)",
    "boundary": "overlaps a mention on the other side whose span is not accepted",
    "duplicate": "its accepted counterpart is matched to another mention (e.g. two predictions for one gold span)",
    "spurious": "a prediction that overlaps no gold mention",
    "missed": "a gold mention that no prediction overlaps",
}

#: How documents are ordered in the error report.
ORDER = "documents with errors, lowest F1 first, then most errors, then gold order"


@dataclass(frozen=True, slots=True)
class MentionOutcome:
    """One mention and what the scorer made of it.

    Attributes:
        mention: the mention (half-open code-point offsets into the document text).
        outcome: ``"tp"``, ``"fn"`` (gold) or ``"tp"``, ``"fp"``, ``"ignored"`` (prediction).
        error: the error kind of an unmatched mention (:data:`ERROR_KINDS`), else None.
        partner: index of the matched mention on the other side, else None.
    """

    mention: Mention
    outcome: str
    error: str | None = None
    partner: int | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"begin", "end", "surface", "uris": [sorted], "type", "score", "outcome", "error"}``."""
        m = self.mention
        return {"begin": m.begin, "end": m.end, "surface": m.surface, "uris": sorted(m.uris), "type": m.type,
                "score": m.score, "outcome": self.outcome, "error": self.error}


@dataclass(frozen=True, slots=True)
class DocumentOutcome:
    """A scored document with the outcome of each of its gold and predicted mentions.

    Attributes:
        uri, text: the gold document's URI and text.
        tp, fp, fn, f1: the document's counts and F1 (as in the score).
        in_prediction: False when the prediction lacked the document.
        gold, prediction: one :class:`MentionOutcome` per mention, in document order.
    """

    uri: str
    text: str
    tp: int
    fp: int
    fn: int
    f1: float
    in_prediction: bool
    gold: tuple[MentionOutcome, ...]
    prediction: tuple[MentionOutcome, ...]

    @property
    def errors(self) -> int:
        """FP + FN."""
        return self.fp + self.fn

    def to_json(self) -> dict[str, Any]:
        return {"uri": self.uri, "text": self.text, "tp": self.tp, "fp": self.fp, "fn": self.fn, "f1": self.f1,
                "in_prediction": self.in_prediction, "gold": [o.to_json() for o in self.gold],
                "prediction": [o.to_json() for o in self.prediction]}


@dataclass(frozen=True, slots=True)
class ErrorReport:
    """The error kinds over a whole score, and the worst documents in full.

    Attributes:
        kinds: ``{kind: count}`` over all scored documents, kinds in :data:`ERROR_KINDS` order (zeros left out).
        documents_with_errors: scored documents with FP + FN > 0.
        limit: how many documents were asked for.
        documents: the first ``limit`` documents with errors in :data:`ORDER`.
    """

    kinds: dict[str, int]
    documents_with_errors: int
    limit: int
    documents: tuple[DocumentOutcome, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"kinds", "kind_definitions", "documents_with_errors", "shown", "limit", "order", "documents"}``."""
        return {"kinds": dict(self.kinds), "kind_definitions": {k: ERROR_KINDS[k] for k in self.kinds},
                "documents_with_errors": self.documents_with_errors, "shown": len(self.documents),
                "limit": self.limit, "order": ORDER, "documents": [d.to_json() for d in self.documents]}


def _overlap(a: Mention, b: Mention) -> bool:
    return a.begin < b.end and b.begin < a.end


def _by_position(mentions: Sequence[Mention]) -> list[int]:
    return sorted(range(len(mentions)), key=lambda i: (mentions[i].begin, mentions[i].end))


def explain_document(task: str, match: str, gold: Sequence[Mention], pred: Sequence[Mention],
                     alignment: Alignment) -> tuple[tuple[MentionOutcome, ...], tuple[MentionOutcome, ...]]:
    """The outcomes of one document's mentions, each side in document order (begin, then end).

    Args:
        task: the task name the alignment was made for (``"a2kb"``, ``"d2kb"``, ``"erec"``, ``"etyping"``).
        match: ``"strong"`` or ``"weak"``.
        gold, pred: the mentions given to the task's ``align`` (after any threshold).
        alignment: its result (pairs index ``gold`` and ``pred``).

    Returns:
        ``(gold outcomes, predicted outcomes)``.

    Raises:
        ValueError: for C2KB (no spans) or an unknown task or match.
    """
    if task == "c2kb":
        raise ValueError("C2KB compares bags of URIs: its mentions have no per-span outcome")
    if task not in ("a2kb", "d2kb", "erec", "etyping"):
        raise ValueError(f"unknown span task {task!r}")
    if match not in SPAN_MATCHES:
        raise ValueError(f"unknown span match {match!r}: use {' or '.join(SPAN_MATCHES)}")
    span_ok = SPAN_MATCHES[match].predicate
    g_partner = {g: p for g, p in alignment.pairs}
    p_partner = {p: g for g, p in alignment.pairs}
    wrong = {"a2kb": "wrong_uri", "d2kb": "wrong_uri", "etyping": "wrong_type", "erec": "duplicate"}[task]
    gold_spans = {m.span for m in gold}

    # Overlaps by a sweep over both sides sorted by begin: mentions per document are few, but a
    # long document (a whole CoNLL++ file read as one) must not cost |gold| x |pred| pairs.
    events = sorted([(m.begin, m.end, 0, i) for i, m in enumerate(gold)] +
                    [(m.begin, m.end, 1, i) for i, m in enumerate(pred)])
    overlapping: tuple[dict[int, list[int]], dict[int, list[int]]] = ({}, {})
    open_: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])
    for begin, end, side, i in events:
        other = 1 - side
        open_[other][:] = [(e, j) for e, j in open_[other] if e > begin]
        for _, j in open_[other]:
            overlapping[side].setdefault(i, []).append(j)
            overlapping[other].setdefault(j, []).append(i)
        open_[side].append((end, i))

    def kind(m: Mention, i: int, side: int) -> str:
        others = overlapping[side].get(i, [])
        if side == 0:
            acceptable = [j for j in others if span_ok(m, pred[j])]
            free = [j for j in acceptable if j not in p_partner]
        else:
            acceptable = [j for j in others if span_ok(gold[j], m)]
            free = [j for j in acceptable if j not in g_partner]
        if free:  # (ERec: impossible, a free acceptable pair would have been matched)
            return wrong
        if acceptable:
            return "duplicate"
        if others:
            return "boundary"
        return "missed" if side == 0 else "spurious"

    g_out = [MentionOutcome(gold[i], "tp", None, g_partner[i]) if i in g_partner
             else MentionOutcome(gold[i], "fn", kind(gold[i], i, 0)) for i in _by_position(gold)]
    p_out = []
    for i in _by_position(pred):
        m = pred[i]
        if i in p_partner:
            p_out.append(MentionOutcome(m, "tp", None, p_partner[i]))
        elif task == "d2kb" and m.span not in gold_spans:
            p_out.append(MentionOutcome(m, "ignored"))
        else:
            p_out.append(MentionOutcome(m, "fp", kind(m, i, 1)))
    return tuple(g_out), tuple(p_out)


def _document(result: ScoreResult, d: DocumentScore) -> DocumentOutcome:
    gold = d.gold.mentions if d.gold is not None else ()
    pred = d.prediction.mentions if d.prediction is not None else ()
    if d.alignment is None:
        raise ValueError(f"document {d.uri}: the score kept no alignment to explain")
    return document_outcome(result.task, result.match, d, d.gold.text if d.gold is not None else "", gold, pred,
                            d.alignment)


def document_outcome(task: str, match: str, d: DocumentScore, text: str, gold: Sequence[Mention],
                     pred: Sequence[Mention], alignment: Alignment) -> DocumentOutcome:
    """The :class:`DocumentOutcome` of one scored document ``d`` (its ``text``, the mentions given to the
    task's ``align`` and its result), as :func:`explain_document` says.

    Raises:
        ValueError: as :func:`explain_document`.
    """
    g, p = explain_document(task, match, gold, pred, alignment)
    return DocumentOutcome(d.uri, text, d.counts.tp, d.counts.fp, d.counts.fn, d.measures.f1, d.in_prediction,
                           g, p)


class ErrorCollector:
    """The :class:`ErrorReport` of a score gathered one document at a time (:meth:`add`, in any
    order): the error kinds of every document with errors, and only the ``limit`` worst of them in full
    (:data:`ORDER` by each document's place in the gold), so that memory holds ``limit`` documents.
    :func:`explain` gives the same report from a whole result.

    Args:
        task, match: the span task and span match of the score.
        limit: how many documents with errors to give in full (>= 0).

    Raises:
        ValueError: for C2KB or a negative limit.
    """

    def __init__(self, task: str, match: str, limit: int) -> None:
        if limit < 0:
            raise ValueError(f"limit must be >= 0, not {limit}")
        if task == "c2kb":
            raise ValueError("C2KB compares bags of URIs: its mentions have no per-span outcome")
        self.task, self.match, self.limit = task, match, limit
        self.kinds = dict.fromkeys(ERROR_KINDS, 0)
        self.with_errors = 0
        self._worst: list[tuple[float, int, int, DocumentOutcome]] = []

    def add(self, position: int, outcome: DocumentOutcome) -> None:
        """Count the outcome of the scored document at ``position`` in the gold (nothing when it has no error)."""
        if outcome.fp + outcome.fn == 0:
            return
        self.with_errors += 1
        for o in outcome.gold + outcome.prediction:
            if o.error is not None:
                self.kinds[o.error] += 1
        if self.limit:
            self._worst.append((outcome.f1, -outcome.errors, position, outcome))
            if len(self._worst) >= 2 * self.limit + 64:  # keep the worst `limit`, sorted now and then
                self._trim()

    def _trim(self) -> None:
        self._worst.sort(key=lambda t: t[:3])
        del self._worst[self.limit:]

    def report(self) -> ErrorReport:
        """The report of the documents added so far."""
        self._trim()
        return ErrorReport({k: v for k, v in self.kinds.items() if v}, self.with_errors, self.limit,
                           tuple(t[3] for t in self._worst))


def explain(result: ScoreResult, limit: int = 50) -> ErrorReport:
    """The error kinds of ``result`` and its ``limit`` worst documents (see :data:`ORDER`).

    Args:
        result: a score of a span task made by :func:`bengal.score.score` (its per-document
            scores keep the documents and alignments).
        limit: how many documents with errors to give in full (>= 0).

    Raises:
        ValueError: for C2KB, a negative limit, or a result without documents to explain
            (e.g. one rebuilt from JSON, or one scored in the stream, whose report its
            :class:`ErrorCollector` made).
    """
    collector = ErrorCollector(result.task, result.match, limit)
    for pos, d in enumerate(result.per_document):
        if d.counts.fp + d.counts.fn:
            collector.add(pos, _document(result, d))
    return collector.report()
