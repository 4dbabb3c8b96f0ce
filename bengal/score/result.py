"""Result types of the scorer, and the one shape every result's JSON shares.

Every result (span tasks here; chunk, SemEval, Jaccard and LLM-answer results in their
modules) follows :class:`Result`: ``task``, ``micro`` (a :class:`~bengal.score.metrics.MicroScore`),
``warnings`` (:class:`ScoreWarning` s) and ``conventions``, and its ``to_json()`` has the
top-level keys ``task``, ``documents`` or ``sentences``, ``micro`` (``tp``, ``fp``, ``fn``,
``precision``, ``recall``, ``f1``), ``warnings`` and ``conventions``, so a script reads any
result the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol

from bengal.errors import UnknownOptionError
from bengal.model import GOLD, PREDICTION, CorpusWarning, Document
from bengal.score import metrics
from bengal.score.matching import Alignment
from bengal.score.metrics import Counts, Measures, MicroScore

__all__ = ["GOLD", "PREDICTION", "UNTYPED", "SCORING_WARNINGS", "TABLE_NOTES", "WHOLE_RUN_WARNINGS", "Result",
           "ScoreWarning", "SubScore", "SweepPoint", "Sweep", "DocumentScore", "ScoreResult", "RESULT_KEYS"]

#: The per-type key of a mention without a type.
UNTYPED = "(untyped)"

#: Warning codes the scorer itself adds (the others are the readers', passed through with their side).
SCORING_WARNINGS = ("missing_document", "overlapping_mentions", "ignored_predictions", "no_confidence",
                    "text_mismatch", "empty_gold", "gold_outside_kb", "untyped_gold", "kb_namespace_inferred",
                    "pred_outside_kb")

#: The scoring warnings about what the whole gold or the whole prediction holds, given at most once a run: the
#: table prints each as a note, and ``bengal score`` as its message on stderr (the count is inside it: "569
#: predicted mentions link only URIs outside the KB"), never as "1 × CODE", which read as one mention.
TABLE_NOTES = ("empty_gold", "gold_outside_kb", "untyped_gold", "kb_namespace_inferred", "pred_outside_kb")
#: :data:`TABLE_NOTES` and the count of predictions a task ignores (the table gives that one a line of its own).
WHOLE_RUN_WARNINGS = ("ignored_predictions", *TABLE_NOTES)

#: Top-level keys every result's ``to_json()`` has (``documents`` or ``sentences``, as counted).
RESULT_KEYS = ("task", "micro", "warnings", "conventions")


class Result(Protocol):
    """What every scoring result offers (span, chunk, SemEval, Jaccard, LLM answers)."""

    @property
    def task(self) -> str: ...

    @property
    def micro(self) -> MicroScore: ...

    @property
    def warnings(self) -> tuple["ScoreWarning", ...]: ...

    @property
    def conventions(self) -> Mapping[str, str]: ...

    def to_json(self) -> dict[str, Any]: ...


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
class SubScore:
    """Micro and macro of a part of the mentions (InKB, EE or GSInKB lines, as GERBIL reports them).

    Attributes:
        micro: the summed counts of the part and their P, R, F1.
        macro: mean over the scored documents of the part's per-document P, R, F1.
        per_document: the part's counts of each scored document (gold order), for macro F-beta.
    """

    micro: MicroScore
    macro: Measures
    per_document: tuple[Counts, ...] = field(default=(), compare=False, repr=False)

    def f_beta(self, beta: float, average: str = "micro") -> float:
        """F-beta of the part: ``"micro"`` (of the sums) or ``"macro"`` (mean of per-document F-beta;
        1.0 over zero documents, as :func:`bengal.score.metrics.macro`).

        Raises:
            UnknownOptionError: for another ``average``.
            ValueError: when ``beta`` is not a positive finite number.
        """
        if average == "micro":
            return metrics.f_beta(self.micro.counts, beta)
        if average == "macro":
            if not self.per_document:
                return 1.0
            return sum(metrics.f_beta(c, beta) for c in self.per_document) / len(self.per_document)
        raise UnknownOptionError(f"unknown average {average!r}: use 'micro' or 'macro'")

    @classmethod
    def of(cls, per_document: "list[Counts] | tuple[Counts, ...]") -> "SubScore":
        """The sub-score of per-document counts: micro of the sums, macro of the documents."""
        total, _ = metrics.micro(per_document)
        return cls(MicroScore.of(total), metrics.macro(per_document), tuple(per_document))

    def to_json(self, beta: float | None = None) -> dict[str, Any]:
        """``{"micro": {tp, fp, fn, precision, recall, f1}, "macro": {precision, recall, f1}}``, plus
        ``"f_beta": {"beta", "micro", "macro"}`` when ``beta`` is given."""
        out: dict[str, Any] = {"micro": self.micro.to_json(), "macro": self.macro.to_json()}
        if beta is not None:
            out["f_beta"] = {"beta": beta, "micro": self.f_beta(beta), "macro": self.f_beta(beta, "macro")}
        return out


@dataclass(frozen=True, slots=True)
class SweepPoint:
    """Micro counts and measures when only predictions with score >= ``threshold`` are kept."""

    threshold: float
    micro: MicroScore

    def to_json(self) -> dict[str, Any]:
        return {"threshold": self.threshold, **self.micro.to_json()}


@dataclass(frozen=True, slots=True)
class Sweep:
    """The precision-recall curve over confidence thresholds.

    ``best`` is the point of highest micro F1 (ties: the lowest threshold). It is
    **tuned on the test data** (as GERBIL's ``ConfidenceBasedFMeasureCalculator``
    does), so it is optimistic and never the headline number.
    """

    points: tuple[SweepPoint, ...]
    best: SweepPoint | None

    def to_json(self) -> dict[str, Any]:
        return {
            "points": [p.to_json() for p in self.points],
            "best": None if self.best is None else {
                **self.best.to_json(),
                "note": "threshold tuned on the test data (optimistic); not the headline score",
            },
        }


@dataclass(frozen=True, slots=True)
class DocumentScore:
    """Counts and measures of one scored document.

    Attributes:
        uri: the document URI.
        counts: TP, FP, FN.
        measures: P, R, F1 under the zero-division rule.
        in_prediction: False when the prediction lacked the document.
        alignment: the matched pairs (indices into ``gold.mentions`` and ``prediction.mentions``).
        gold: the gold document.
        prediction: the predicted document as scored (after any threshold), None when missing.
    """

    uri: str
    counts: Counts
    measures: Measures
    in_prediction: bool = True
    alignment: Alignment | None = field(default=None, compare=False, repr=False)
    gold: Document | None = field(default=None, compare=False, repr=False)
    prediction: Document | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {"uri": self.uri, **self.counts.to_json(), **self.measures.to_json(),
                "in_prediction": self.in_prediction}


@dataclass(frozen=True)
class ScoreResult:
    """The outcome of :func:`bengal.score.score` for a span task (A2KB, D2KB, C2KB, ERec, ETyping).

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
        profile: ``"bengal"`` or ``"gerbil"`` (see :data:`bengal.score.matching.PROFILES`).
        inkb: micro/macro of the InKB mentions only (A2KB, D2KB, and C2KB under the gerbil profile;
            else None).
        ee: micro/macro of the emerging entities only (as ``inkb``).
        gs_inkb: D2KB only: GERBIL's GSInKB line (:func:`bengal.score.breakdown.gs_inkb`): the gold's
            InKB mentions and the predictions at their spans, matched on their own; None for the other
            tasks and when neither side has such a mention (GERBIL then prints no GSInKB line).
        per_type: ``{type: micro score}``; a mention with several types counts for each,
            ``"(untyped)"`` for none. ETyping: gold and predictions carrying the type, matched on
            their own. A2KB, D2KB, ERec (types not judged): the outcomes attributed to types,
            TP and FN by the gold mention's types, FP by the gold mentions at an accepted span,
            else by the prediction's own types.
        ignored_predictions: predictions the task left out before matching
            (D2KB: spans that are no gold span; C2KB: emerging entities).
        beta: the beta of :attr:`f_beta_micro` / :attr:`f_beta_macro`.
        threshold: the confidence threshold applied (None = all predictions).
        below_threshold: predictions dropped by the threshold (score < T).
        without_score: predictions without a score (kept under a threshold).
        sweep: the precision-recall curve (None unless asked for).
        ci: bootstrap confidence intervals (:func:`bengal.score.bootstrap.with_ci`), else None.
        hierarchical: ETyping only: GERBIL's hierarchical typing measure
            (:class:`bengal.score.hierarchy.HierarchicalTyping`), else None.
        confusion: ETyping only: ``{gold type: {predicted type: n}}`` over span-matched pairs, else None.
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
    profile: str = "bengal"
    inkb: SubScore | None = None
    ee: SubScore | None = None
    gs_inkb: SubScore | None = None
    per_type: Mapping[str, MicroScore] = field(default_factory=dict)
    ignored_predictions: int = 0
    beta: float = 1.0
    threshold: float | None = None
    below_threshold: int = 0
    without_score: int = 0
    sweep: Sweep | None = None
    ci: Mapping[str, Any] | None = None
    hierarchical: Any = None
    confusion: Mapping[str, Mapping[str, int]] | None = None

    @property
    def f_beta_micro(self) -> float:
        """Micro F-beta at :attr:`beta`."""
        return metrics.f_beta(self.micro.counts, self.beta)

    @property
    def f_beta_macro(self) -> float:
        """Macro F-beta at :attr:`beta` (mean of per-document F-beta)."""
        return self.f_beta(self.beta, "macro")

    def f_beta(self, beta: float, average: str = "micro") -> float:
        """F-beta, ``average`` = ``"micro"`` (of the sums) or ``"macro"`` (mean of per-document F-beta)."""
        if average == "micro":
            return metrics.f_beta(self.micro.counts, beta)
        if average == "macro":
            if not self.per_document:
                return 1.0
            return sum(metrics.f_beta(d.counts, beta) for d in self.per_document) / len(self.per_document)
        raise UnknownOptionError(f"unknown average {average!r}: use 'micro' or 'macro'")

    def missing_from_prediction(self) -> tuple[int, int]:
        """``(documents, false negatives)``: the gold documents the prediction lacked (each scored
        with no predicted mentions, as GERBIL scores a document an annotator returned nothing for)
        and their gold mentions, all false negatives (:mod:`bengal.score.pairing`)."""
        missing = [d for d in self.per_document if not d.in_prediction]
        return len(missing), sum(d.counts.fn for d in missing)

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
             "conventions": {…},
             "profile", "f_beta": {"beta", "micro", "macro"},
             "inkb": {"micro", "macro", "f_beta"} | null, "ee": {…} | null, "gs_inkb": {…} | null,
             "per_type": {type: {"tp", "fp", "fn", "precision", "recall", "f1"}},
             "ignored_predictions", "unscored_predictions",
             "threshold": {"value", "below_threshold", "without_score"} | null,
             "sweep": {"points": [...], "best": {..., "note"}} | null,
             "ci": null}

        ``ci`` is null unless bootstrap intervals were asked for
        (:func:`bengal.score.bootstrap.with_ci`): then ``{"method", "samples", "level", "seed",
        "micro": {"precision": [lo, hi], …}, "macro": {…}}``.

        ``per_document=True`` adds ``"per_document"``: a list of
        ``{"uri", "tp", "fp", "fn", "precision", "recall", "f1", "in_prediction"}``.
        (``bengal score --json`` adds the ``"errors"`` block of :func:`bengal.score.explain.explain`
        beside these keys: :func:`bengal.report.jsonout.score_to_json`.) Every number is finite.
        """
        out: dict[str, Any] = {
            "task": self.task,
            "match": self.match,
            "documents": self.documents,
            "micro": self.micro.to_json(),
            "macro": self.macro.to_json(),
            "warnings": [w.to_json() for w in self.warnings],
            "conventions": dict(self.conventions),
            "profile": self.profile,
            "f_beta": {"beta": self.beta, "micro": self.f_beta_micro, "macro": self.f_beta_macro},
            "inkb": None if self.inkb is None else self.inkb.to_json(self.beta),
            "ee": None if self.ee is None else self.ee.to_json(self.beta),
            "gs_inkb": None if self.gs_inkb is None else self.gs_inkb.to_json(self.beta),
            "per_type": {t: s.to_json() for t, s in self.per_type.items()},
            "ignored_predictions": self.ignored_predictions,
            "unscored_predictions": self.unscored_predictions,
            "threshold": None if self.threshold is None else {
                "value": self.threshold, "below_threshold": self.below_threshold,
                "without_score": self.without_score},
            "sweep": None if self.sweep is None else self.sweep.to_json(),
            "ci": None if self.ci is None else dict(self.ci),
            "hierarchical": None if self.hierarchical is None else self.hierarchical.to_json(),
            "confusion": None if self.confusion is None else {g: dict(r) for g, r in self.confusion.items()},
        }
        if per_document:
            out["per_document"] = [d.to_json() for d in self.per_document]
        return out
