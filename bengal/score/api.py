"""``score(gold, pred)``: pair documents, match mentions per document, count, measure.

Document pairing (by document URI)
----------------------------------
* A gold document missing from the prediction is **scored** with no
  predicted mentions (all its gold mentions are false negatives), as GERBIL
  does when an annotator returns nothing for a document
  (``InstanceListBasedAnnotator.getDocumentMarkings`` gives an empty list).
  Warning ``missing_document``, side ``"prediction"`` (the side that lacks it).
* A prediction document absent from the gold is **not scored**: the gold
  defines the benchmark, and GERBIL only ever asks an annotator for gold
  documents, so extra documents never reach its counts. Counting their
  mentions as false positives would make the score depend on unrelated text
  (e.g. a system run on a superset corpus). It is never silent: warning
  ``missing_document``, side ``"gold"``, naming the document and how many
  predicted mentions were left unscored (also in
  :attr:`ScoreResult.unscored_predictions`).
* When the two corpora share no document at all, the prediction is for
  another corpus: :class:`bengal.errors.InputError` names both. A gold
  standard without documents is an :class:`~bengal.errors.InputError` too:
  there is nothing to score (it would read as a perfect 1.0).
* A paired document whose texts differ gets a ``text_mismatch`` warning
  (side ``"prediction"``); mentions are still compared by offsets.

``documents`` in the result is the number of **scored** documents: every gold
document, whether or not the prediction has it.

Reader warnings of both corpora are passed through, tagged with their side
(``"gold"`` or ``"prediction"``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from bengal.errors import InputError, UsageError
from bengal.model import Corpus, CorpusWarning, Document
from bengal.score import metrics
from bengal.score.matching import MATCHING_RULE, SPAN_MATCHES, Alignment
from bengal.score.metrics import Counts, Measures
from bengal.score.tasks import TASKS
from bengal.score.uris import EXACT, UriMatcher

__all__ = [
    "score",
    "ScoreResult",
    "ScoreWarning",
    "DocumentScore",
    "MicroScore",
    "UnknownOptionError",
    "GOLD",
    "PREDICTION",
    "PAIRING_RULE",
]

GOLD = "gold"
PREDICTION = "prediction"

PAIRING_RULE = (
    "documents pair by URI; a gold document missing from the prediction is scored with no predicted "
    "mentions; a prediction document missing from the gold is not scored (as in GERBIL); both are "
    "warned as missing_document"
)


class UnknownOptionError(UsageError, ValueError):
    """An unknown task or match name (a :class:`UsageError` and a :class:`ValueError`)."""


@dataclass(frozen=True, slots=True)
class ScoreWarning:
    """A warning of a scoring run: a reader warning or a pairing flaw, with its side.

    Attributes:
        code: stable name (``missing_document``, ``text_mismatch``, or a reader's code).
        where: the document URI, phrase IRI or file it concerns.
        message: one human-readable line.
        side: ``"gold"`` or ``"prediction"``: the corpus the warning is about
            (for ``missing_document``: the corpus that lacks the document).
    """

    code: str
    where: str
    message: str
    side: str

    @classmethod
    def from_corpus_warning(cls, warning: CorpusWarning, side: str) -> "ScoreWarning":
        return cls(warning.code, warning.where, warning.message, side)

    def to_json(self) -> dict[str, str]:
        """``{"code": …, "where": …, "message": …, "side": …}``."""
        return {"code": self.code, "where": self.where, "message": self.message, "side": self.side}


@dataclass(frozen=True, slots=True)
class MicroScore:
    """Summed counts and their precision, recall, F1."""

    tp: int
    fp: int
    fn: int
    precision: float
    recall: float
    f1: float

    @property
    def counts(self) -> Counts:
        return Counts(self.tp, self.fp, self.fn)

    def to_json(self) -> dict[str, Any]:
        return {"tp": self.tp, "fp": self.fp, "fn": self.fn,
                "precision": self.precision, "recall": self.recall, "f1": self.f1}


@dataclass(frozen=True, slots=True)
class DocumentScore:
    """Counts and measures of one scored document.

    Attributes:
        uri: the document URI.
        counts: TP, FP, FN.
        measures: P, R, F1 under the zero-division rule.
        in_prediction: False when the prediction lacked the document.
        alignment: the matched pairs (indices into the documents' ``mentions``).
    """

    uri: str
    counts: Counts
    measures: Measures
    in_prediction: bool = True
    alignment: Alignment | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {"uri": self.uri, **self.counts.to_json(), **self.measures.to_json(),
                "in_prediction": self.in_prediction}


@dataclass(frozen=True)
class ScoreResult:
    """The outcome of :func:`score`.

    Attributes:
        task: task name (``"a2kb"``).
        match: span match name (``"strong"``).
        documents: number of scored documents (every gold document).
        micro: summed TP/FP/FN and micro P, R, F1.
        macro: mean over scored documents of per-document P, R, F1.
        per_document: one :class:`DocumentScore` per scored document, gold order.
        warnings: reader warnings (tagged by side) then pairing warnings.
        conventions: ``{name: one-line statement}`` of the rules the numbers follow.
        unscored_predictions: predicted mentions in documents the gold lacks.
    """

    task: str
    match: str
    documents: int
    micro: MicroScore
    macro: Measures
    per_document: tuple[DocumentScore, ...] = ()
    warnings: tuple[ScoreWarning, ...] = ()
    conventions: Mapping[str, str] = field(default_factory=dict)
    unscored_predictions: int = 0

    def f_beta(self, beta: float, average: str = "micro") -> float:
        """F-beta, ``average`` = ``"micro"`` (of the sums) or ``"macro"`` (mean of per-document F-beta)."""
        if average == "micro":
            return metrics.f_beta(self.micro.counts, beta)
        if average == "macro":
            if not self.per_document:
                return 1.0
            return sum(metrics.f_beta(d.counts, beta) for d in self.per_document) / len(self.per_document)
        raise UnknownOptionError(f"unknown average {average!r}: use 'micro' or 'macro'")

    def warning_counts(self) -> dict[tuple[str, str], int]:
        """``{(code, side): number of warnings}``, in first-seen order."""
        out: dict[tuple[str, str], int] = {}
        for w in self.warnings:
            out[(w.code, w.side)] = out.get((w.code, w.side), 0) + 1
        return out

    def to_json(self, *, per_document: bool = False) -> dict[str, Any]:
        """The stable JSON shape (keys are only ever added, never renamed)::

            {"task", "match", "documents",
             "micro": {"tp", "fp", "fn", "precision", "recall", "f1"},
             "macro": {"precision", "recall", "f1"},
             "warnings": [{"code", "where", "message", "side"}, …],
             "conventions": {…}}

        ``per_document=True`` adds ``"per_document"``: a list of
        ``{"uri", "tp", "fp", "fn", "precision", "recall", "f1", "in_prediction"}``.
        Every number is finite (no NaN).
        """
        out: dict[str, Any] = {
            "task": self.task,
            "match": self.match,
            "documents": self.documents,
            "micro": self.micro.to_json(),
            "macro": self.macro.to_json(),
            "warnings": [w.to_json() for w in self.warnings],
            "conventions": dict(self.conventions),
        }
        if per_document:
            out["per_document"] = [d.to_json() for d in self.per_document]
        return out


def _corpus_label(corpus: Corpus) -> str:
    source = corpus.metadata.get("source") if corpus.metadata else None
    name = str(source) if source else corpus.name
    return f"{name!r} ({len(corpus)} documents)" if name else f"({len(corpus)} documents)"


def _lookup(table: Mapping[str, Any], name: str, what: str) -> Any:
    key = name.lower() if isinstance(name, str) else name
    if key not in table:
        raise UnknownOptionError(f"unknown {what} {name!r}: choose one of {', '.join(sorted(table))}")
    return table[key]


def score(gold: Corpus, pred: Corpus, *, task: str = "a2kb", match: str = "strong",
          uri_matcher: UriMatcher = EXACT) -> ScoreResult:
    """Score a prediction corpus against a gold corpus.

    Args:
        gold: the gold standard.
        pred: the system's annotations.
        task: ``"a2kb"`` (span and URI) or ``"erec"`` (span only).
        match: ``"strong"`` (same span) or ``"weak"`` (spans share a code point).
        uri_matcher: how URI sets are compared (exact by default).

    Returns:
        A :class:`ScoreResult`.

    Raises:
        UnknownOptionError: (a UsageError and ValueError) for an unknown task or match.
        InputError: when the gold has no documents, or the corpora have no document in common.
    """
    task_def = _lookup(TASKS, task, "task")
    span_match = _lookup(SPAN_MATCHES, match, "match")

    gold_docs = gold.by_uri()
    pred_docs = pred.by_uri()
    if not len(gold):
        raise InputError(f"the gold standard {_corpus_label(gold)} has no documents: nothing to score",
                         source=None)
    if not any(uri in pred_docs for uri in gold_docs):
        example_g = gold.documents[0].uri
        example_p = pred.documents[0].uri if len(pred) else "none"
        raise InputError(
            f"the prediction {_corpus_label(pred)} and the gold standard {_corpus_label(gold)} "
            f"have no document URI in common (e.g. gold {example_g}, prediction {example_p}): "
            f"is the prediction for another corpus?",
            source=str(pred.metadata.get("source") or pred.name or "") or None,
        )

    warnings: list[ScoreWarning] = [ScoreWarning.from_corpus_warning(w, GOLD) for w in gold.warnings]
    warnings += [ScoreWarning.from_corpus_warning(w, PREDICTION) for w in pred.warnings]

    per_document: list[DocumentScore] = []
    for g in gold.documents:
        p: Document | None = pred_docs.get(g.uri)
        if p is None:
            warnings.append(ScoreWarning(
                "missing_document", g.uri,
                f"gold document {g.uri} is missing from the prediction; scored with no predicted "
                f"mentions ({len(g.mentions)} false negatives)",
                PREDICTION,
            ))
            alignment = Alignment((), len(g.mentions), 0)
        else:
            if p.text != g.text:
                warnings.append(ScoreWarning(
                    "text_mismatch", g.uri,
                    f"document {g.uri}: the prediction's text ({len(p.text)} code points) differs from "
                    f"the gold text ({len(g.text)} code points); mentions are compared by offsets",
                    PREDICTION,
                ))
            alignment = task_def.align(g.mentions, p.mentions, span_match, uri_matcher)
        counts = alignment.counts
        per_document.append(DocumentScore(g.uri, counts, metrics.measures(counts), p is not None, alignment))

    unscored = 0
    for p in pred.documents:
        if p.uri not in gold_docs:
            unscored += len(p.mentions)
            warnings.append(ScoreWarning(
                "missing_document", p.uri,
                f"prediction document {p.uri} is not in the gold standard; not scored "
                f"({len(p.mentions)} predicted mentions ignored)",
                GOLD,
            ))

    total, micro_m = metrics.micro(d.counts for d in per_document)
    macro_m = metrics.macro(d.counts for d in per_document)

    conventions = {
        "zero_division": metrics.ZERO_DIVISION,
        "micro": metrics.MICRO_DEFINITION,
        "macro": metrics.MACRO_DEFINITION,
        "matching": f"{MATCHING_RULE}; edge: {span_match.description}"
                    + (f" and {uri_matcher.description}" if task_def.uses_uris else ""),
        "task": f"{task_def.label}: {task_def.description}",
        "uris": uri_matcher.description if task_def.uses_uris else "URIs ignored",
        "documents": PAIRING_RULE,
    }
    return ScoreResult(
        task=task_def.name,
        match=span_match.name,
        documents=len(per_document),
        micro=MicroScore(total.tp, total.fp, total.fn, micro_m.precision, micro_m.recall, micro_m.f1),
        macro=macro_m,
        per_document=tuple(per_document),
        warnings=tuple(warnings),
        conventions=conventions,
        unscored_predictions=unscored,
    )
