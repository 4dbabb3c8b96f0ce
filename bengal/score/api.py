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
* When the prediction has documents but shares none with the gold, it is for
  another corpus: :class:`bengal.errors.InputError` names both. A prediction
  without any document (a system that failed on every one) is scored: every
  gold document is missing from it. A gold
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

from bengal.errors import InputError, UnknownOptionError
from bengal.model import Corpus, CorpusWarning, Document
from bengal.perf import gc_paused
from bengal.score import metrics
from bengal.score.matching import GREEDY_RULE, MATCHING_RULE, SPAN_MATCHES, STRONG, Alignment
from bengal.score.metrics import Counts, Measures
from bengal.score.tasks import TASKS, Task, types_of
from bengal.score.uris import DEFAULT_KB_NAMESPACES, SameAsIndex, UriMatcher, kb_matcher

__all__ = [
    "score",
    "ScoreResult",
    "ScoreWarning",
    "DocumentScore",
    "MicroScore",
    "SubScore",
    "SweepPoint",
    "Sweep",
    "PROFILES",
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

    @classmethod
    def of(cls, c: Counts) -> "MicroScore":
        """Counts and their P, R, F1 (GERBIL's zero-division rule)."""
        m = metrics.measures(c)
        return cls(c.tp, c.fp, c.fn, m.precision, m.recall, m.f1)

    def to_json(self) -> dict[str, Any]:
        return {"tp": self.tp, "fp": self.fp, "fn": self.fn,
                "precision": self.precision, "recall": self.recall, "f1": self.f1}


@dataclass(frozen=True, slots=True)
class SubScore:
    """Micro and macro of a part of the mentions (InKB or EE lines, as GERBIL reports them)."""

    micro: MicroScore
    macro: Measures

    def to_json(self) -> dict[str, Any]:
        """``{"micro": {tp, fp, fn, precision, recall, f1}, "macro": {precision, recall, f1}}``."""
        return {"micro": self.micro.to_json(), "macro": self.macro.to_json()}


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
        profile: ``"bengal"`` or ``"gerbil"`` (see :data:`PROFILES`).
        inkb: micro/macro of the InKB mentions only (URI tasks; else None).
        ee: micro/macro of the emerging entities only (URI tasks; else None).
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
    per_type: Mapping[str, MicroScore] = field(default_factory=dict)
    ignored_predictions: int = 0
    beta: float = 1.0
    threshold: float | None = None
    below_threshold: int = 0
    without_score: int = 0
    sweep: Sweep | None = None
    ci: Mapping[str, Any] | None = None

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

    def warning_counts(self) -> dict[tuple[str, str], int]:
        """``{(code, side): number of warnings}``, in first-seen order."""
        out: dict[tuple[str, str], int] = {}
        for w in self.warnings:
            out[(w.code, w.side)] = out.get((w.code, w.side), 0) + 1
        return out

    def explain(self, limit: int = 50):
        """Which mentions were right and wrong: :func:`bengal.score.explain.explain` (an
        :class:`~bengal.score.explain.ErrorReport`; ValueError for C2KB)."""
        from bengal.score.explain import explain

        return explain(self, limit)

    def to_json(self, *, per_document: bool = False, errors: int | None = None) -> dict[str, Any]:
        """The stable JSON shape (keys are only ever added, never renamed)::

            {"task", "match", "documents",
             "micro": {"tp", "fp", "fn", "precision", "recall", "f1"},
             "macro": {"precision", "recall", "f1"},
             "warnings": [{"code", "where", "message", "side"}, …],
             "conventions": {…},
             "profile", "f_beta": {"beta", "micro", "macro"},
             "inkb": {"micro", "macro"} | null, "ee": {"micro", "macro"} | null,
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
        ``errors=N`` adds ``"errors"``: :meth:`explain` (``{"kinds", "kind_definitions",
        "documents_with_errors", "shown", "limit", "order", "documents": [{"uri", "text", "tp", "fp",
        "fn", "f1", "in_prediction", "gold": [mention], "prediction": [mention]}]}``, a mention being
        ``{"begin", "end", "surface", "uris", "type", "score", "outcome", "error"}``), or null for C2KB.
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
            "profile": self.profile,
            "f_beta": {"beta": self.beta, "micro": self.f_beta_micro, "macro": self.f_beta_macro},
            "inkb": None if self.inkb is None else self.inkb.to_json(),
            "ee": None if self.ee is None else self.ee.to_json(),
            "per_type": {t: s.to_json() for t, s in self.per_type.items()},
            "ignored_predictions": self.ignored_predictions,
            "unscored_predictions": self.unscored_predictions,
            "threshold": None if self.threshold is None else {
                "value": self.threshold, "below_threshold": self.below_threshold,
                "without_score": self.without_score},
            "sweep": None if self.sweep is None else self.sweep.to_json(),
            "ci": None if self.ci is None else dict(self.ci),
        }
        if per_document:
            out["per_document"] = [d.to_json() for d in self.per_document]
        if errors is not None:
            out["errors"] = None if self.task == "c2kb" else self.explain(errors).to_json()
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


#: Scoring profiles. ``bengal``: one-to-one maximum matching (order-independent).
#: ``gerbil``: GERBIL 1.2.x exactly — greedy first fit in gold order
#: (``MatchingsCounterImpl``); two emerging entities always match; a document
#: with empty gold and empty prediction scores 1 in the macro average; macro F1
#: is the mean of per-document F1. Both share the URI rule and zero division.
PROFILES = {"bengal": "maximum", "gerbil": "greedy"}

UNTYPED = "(untyped)"


def _filter_threshold(pred: Corpus, threshold: float | None) -> tuple[dict[str, Document], int, int]:
    """``({uri: document with predictions of score >= T}, dropped, without score)``."""
    docs = pred.by_uri()
    if threshold is None:
        return docs, 0, 0
    dropped = unscored = 0
    out = {}
    for uri, d in docs.items():
        kept = []
        for m in d.mentions:
            if m.score is None:
                unscored += 1
                kept.append(m)
            elif m.score >= threshold:
                kept.append(m)
            else:
                dropped += 1
        out[uri] = d if len(kept) == len(d.mentions) else Document(d.uri, d.text, tuple(kept))
    return out, dropped, unscored


def _overlaps(mentions) -> int:
    """How many mentions (sorted by begin) overlap an earlier one."""
    n = 0
    reach = -1
    for m in mentions:
        if m.begin < reach:
            n += 1
        reach = max(reach, m.end)
    return n


def _inkb_ee(task: Task, docs, doc_counts, span_match, matcher, strategy) -> tuple[SubScore, SubScore]:
    """Micro and macro of the InKB and of the EE mentions, each matched on their own (GERBIL's
    per-class counts). A document whose mentions all fall in one class reuses its main counts."""
    in_kb = matcher.in_kb
    kb_counts, ee_counts = [], []
    for (g, p), main in zip(docs, doc_counts):
        pm = p.mentions if p is not None else ()
        g_kb = [in_kb(m.uris) for m in g.mentions]
        p_kb = [in_kb(m.uris) for m in pm]
        if all(g_kb) and all(p_kb):
            kb_counts.append(main)
            ee_counts.append(Counts())
        elif not any(g_kb) and not any(p_kb):
            kb_counts.append(Counts())
            ee_counts.append(main)
        else:
            for flag, out in ((True, kb_counts), (False, ee_counts)):
                gs = [m for m, k in zip(g.mentions, g_kb) if k is flag]
                ps = [m for m, k in zip(pm, p_kb) if k is flag]
                out.append(task.align(gs, ps, span_match, matcher, strategy).counts)
    subs = []
    for counts in (kb_counts, ee_counts):
        total, _ = metrics.micro(counts)
        subs.append(SubScore(MicroScore.of(total), metrics.macro(counts)))
    return subs[0], subs[1]


def _per_type(task: Task, docs, doc_counts, span_match, matcher, strategy) -> dict[str, MicroScore]:
    """Per type where the task judges types (ETyping): gold and predictions restricted to the
    mentions carrying the type, matched on their own (conlleval's per-type counts)."""
    sums: dict[str, Counts] = {}
    for (g, p), main in zip(docs, doc_counts):
        pm = p.mentions if p is not None else ()
        if all(m.type is None for m in g.mentions) and all(m.type is None for m in pm):
            sums[UNTYPED] = sums.get(UNTYPED, Counts()) + main  # every mention is "(untyped)"
            continue
        types = {t for m in g.mentions for t in (types_of(m) or {UNTYPED})}
        types |= {t for m in pm for t in (types_of(m) or {UNTYPED})}
        for t in types:
            gs = [m for m in g.mentions if t in (types_of(m) or {UNTYPED})]
            ps = [m for m in pm if t in (types_of(m) or {UNTYPED})]
            c = task.align(gs, ps, span_match, matcher, strategy).counts
            sums[t] = sums.get(t, Counts()) + c
    return {t: MicroScore.of(sums[t]) for t in sorted(sums)}


def _per_gold_type(task: Task, docs, per_document, span_match) -> dict[str, MicroScore]:
    """Per type where the task does not judge types (A2KB, D2KB, ERec): the main alignment's
    outcomes attributed to types. A TP or FN counts for its gold mention's types; an FP for the
    types of the gold mentions at an acceptable span (a wrong link on a Person mention is a Person
    error; under weak match an FP over gold mentions of several types counts for each, so per-type
    FP can add up to more than the FP total), else for its own predicted types; ``(untyped)`` when there are none. A system's own
    type vocabulary then cannot hide its linking errors."""
    tp: dict[str, int] = {}
    fp: dict[str, int] = {}
    fn: dict[str, int] = {}

    def add(table: dict[str, int], types) -> None:
        for t in types or (UNTYPED,):
            table[t] = table.get(t, 0) + 1

    for (g, p), d in zip(docs, per_document):
        a = d.alignment
        gm = g.mentions
        pm = p.mentions if p is not None else ()
        matched_g = {i for i, _ in a.pairs}
        matched_p = {j for _, j in a.pairs}
        for i, m in enumerate(gm):
            add(tp if i in matched_g else fn, types_of(m))
        gold_spans = {m.span for m in gm} if task.strong_only else None
        for j, m in enumerate(pm):
            if j in matched_p or (gold_spans is not None and m.span not in gold_spans):
                continue  # TP (counted on the gold side) or ignored by D2KB
            at = set()
            for gm_ in gm:
                if span_match(gm_, m):
                    at |= types_of(gm_) or {UNTYPED}
            add(fp, at or types_of(m))
    types = sorted(set(tp) | set(fp) | set(fn))
    return {t: MicroScore.of(Counts(tp.get(t, 0), fp.get(t, 0), fn.get(t, 0))) for t in types}


def _sweep(task: Task, gold: Corpus, pred: Corpus, span_match, matcher, strategy, max_points: int = 101) -> Sweep:
    scores = sorted({m.score for d in pred.documents for m in d.mentions if m.score is not None})
    if len(scores) > max_points:  # evenly spaced quantiles of the distinct scores, both ends kept
        step = (len(scores) - 1) / (max_points - 1)
        scores = sorted({scores[round(i * step)] for i in range(max_points)})
    points = []
    for t in scores:
        docs, _, _ = _filter_threshold(pred, t)
        total = Counts()
        for g in gold.documents:
            p = docs.get(g.uri)
            total = total + task.align(g.mentions, p.mentions if p is not None else (), span_match, matcher,
                                       strategy).counts
        points.append(SweepPoint(t, MicroScore.of(total)))
    best = None
    for pt in points:
        if best is None or pt.micro.f1 > best.micro.f1:
            best = pt
    return Sweep(tuple(points), best)


def score(gold: Corpus, pred: Corpus, **options: Any) -> ScoreResult:
    """Score a prediction corpus against a gold corpus: see :func:`score_corpora` for the options.

    The cyclic garbage collector is paused meanwhile: scoring makes many small acyclic
    objects, and collector passes over large corpora would double the time.
    """
    with gc_paused():
        return score_corpora(gold, pred, **options)


def score_corpora(gold: Corpus, pred: Corpus, *, task: str = "a2kb", match: str = "strong",
          uri_matcher: UriMatcher | None = None, profile: str = "bengal",
          kb_namespaces: tuple[str, ...] | list[str] | None = None, same_as: SameAsIndex | None = None,
          beta: float = 1.0, threshold: float | None = None, sweep: bool = False,
          per_type: bool = True) -> ScoreResult:
    """Score a prediction corpus against a gold corpus.

    Args:
        gold: the gold standard.
        pred: the system's annotations.
        task: ``"a2kb"``, ``"d2kb"``, ``"c2kb"``, ``"erec"`` or ``"etyping"``
            (:mod:`bengal.score.tasks`).
        match: ``"strong"`` (same span) or ``"weak"`` (spans share a code point).
            D2KB needs strong (its spans are the gold spans).
        uri_matcher: how URI sets are compared; default
            :func:`bengal.score.uris.kb_matcher` with ``kb_namespaces`` and
            ``same_as`` plus the owl:sameAs links of the gold file itself
            (``gold.metadata["same_as"]``).
        profile: ``"bengal"`` (maximum matching) or ``"gerbil"`` (GERBIL 1.2.x:
            greedy first fit in gold order), see :data:`PROFILES`.
        kb_namespaces: KB URI prefixes (default ``http://dbpedia.org/resource/``).
        same_as: extra owl:sameAs classes (e.g. from :func:`bengal.score.uris.read_same_as`).
        beta: the beta of the reported F-beta (> 0).
        threshold: keep only predictions with ``score >= threshold`` (mentions
            without a score are kept and counted in ``without_score``).
        sweep: also compute the precision-recall curve over the predictions'
            scores (:class:`Sweep`; its best point is tuned on the test data).
        per_type: compute :attr:`ScoreResult.per_type`.

    Returns:
        A :class:`ScoreResult`.

    Raises:
        UnknownOptionError: (a UsageError and ValueError) for an unknown task, match or profile,
            a bad beta, or weak matching with D2KB.
        InputError: when the gold has no documents, or the prediction has documents but none in common
            with the gold.
    """
    task_def: Task = _lookup(TASKS, task, "task")
    span_match = _lookup(SPAN_MATCHES, match, "match")
    strategy = _lookup(PROFILES, profile, "profile")
    profile = profile.lower()
    if task_def.strong_only and span_match is not STRONG:
        raise UnknownOptionError(f"{task_def.label} scores the gold spans: use strong match, not {match!r}")
    if not (isinstance(beta, (int, float)) and beta > 0 and beta != float("inf")):
        raise UnknownOptionError(f"beta must be a positive finite number, got {beta!r}")

    gold_links = list(gold.metadata.get("same_as", ()) if gold.metadata else ())
    if uri_matcher is None:
        index = same_as
        if gold_links:
            index = SameAsIndex()
            if same_as is not None:
                for members in same_as.members().values():
                    ms = sorted(members)
                    for other in ms[1:]:
                        index.add(ms[0], other)
                index.link_count = same_as.link_count
            for a, b in gold_links:
                index.add(a, b)
        uri_matcher = kb_matcher(tuple(kb_namespaces) if kb_namespaces else DEFAULT_KB_NAMESPACES, index)

    gold_docs = gold.by_uri()
    pred_all = pred.by_uri()
    if not len(gold):
        raise InputError(f"the gold standard {_corpus_label(gold)} has no documents: nothing to score",
                         source=None)
    if len(pred) and not any(uri in pred_all for uri in gold_docs):
        example_g = gold.documents[0].uri
        example_p = pred.documents[0].uri if len(pred) else "none"
        raise InputError(
            f"the prediction {_corpus_label(pred)} and the gold standard {_corpus_label(gold)} "
            f"have no document URI in common (e.g. gold {example_g}, prediction {example_p}): "
            f"is the prediction for another corpus?",
            source=str(pred.metadata.get("source") or pred.name or "") or None,
        )
    pred_docs, below, unscored_conf = _filter_threshold(pred, threshold)

    warnings: list[ScoreWarning] = [ScoreWarning.from_corpus_warning(w, GOLD) for w in gold.warnings]
    warnings += [ScoreWarning.from_corpus_warning(w, PREDICTION) for w in pred.warnings]
    if threshold is not None and unscored_conf:
        warnings.append(ScoreWarning(
            "no_confidence", str(pred.metadata.get("source") or pred.name or "prediction"),
            f"{unscored_conf} predicted mentions have no score; kept under --threshold {threshold}",
            PREDICTION))

    per_document: list[DocumentScore] = []
    pairs: list[tuple[Document, Document | None]] = []
    ignored = 0
    for g in gold.documents:
        overlapping = _overlaps(g.mentions)
        if overlapping:
            warnings.append(ScoreWarning(
                "overlapping_mentions", g.uri,
                f"gold document {g.uri}: {overlapping} mentions overlap an earlier gold mention; all are scored",
                GOLD))
        p: Document | None = pred_docs.get(g.uri)
        if p is None:
            warnings.append(ScoreWarning(
                "missing_document", g.uri,
                f"gold document {g.uri} is missing from the prediction; scored with no predicted "
                f"mentions ({len(g.mentions)} false negatives)",
                PREDICTION,
            ))
            alignment = task_def.align(g.mentions, (), span_match, uri_matcher, strategy)
        else:
            if p.text != g.text:
                warnings.append(ScoreWarning(
                    "text_mismatch", g.uri,
                    f"document {g.uri}: the prediction's text ({len(p.text)} code points) differs from "
                    f"the gold text ({len(g.text)} code points); mentions are compared by offsets",
                    PREDICTION,
                ))
            alignment = task_def.align(g.mentions, p.mentions, span_match, uri_matcher, strategy)
            ignored += alignment.ignored_pred
        pairs.append((g, p))
        counts = alignment.counts
        per_document.append(DocumentScore(g.uri, counts, metrics.measures(counts), p is not None, alignment, g, p))
    if ignored:
        what = ("predictions on spans that are no gold span (D2KB, GERBIL's rule)" if task_def.name == "d2kb"
                else "predicted emerging entities (C2KB counts KB entities only)")
        warnings.append(ScoreWarning("ignored_predictions", str(pred.metadata.get("source") or pred.name or
                                                                 "prediction"),
                                     f"{ignored} {what}; not counted", PREDICTION))

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

    inkb = ee = None
    doc_counts = [d.counts for d in per_document]
    if task_def.uses_uris and task_def.uses_spans:
        inkb, ee = _inkb_ee(task_def, pairs, doc_counts, span_match, uri_matcher, strategy)
    types: dict[str, MicroScore] = {}
    if per_type and task_def.uses_spans:
        types = (_per_type(task_def, pairs, doc_counts, span_match, uri_matcher, strategy) if task_def.name == "etyping"
                 else _per_gold_type(task_def, pairs, per_document, span_match))
    curve = _sweep(task_def, gold, pred, span_match, uri_matcher, strategy) if sweep else None

    rule = GREEDY_RULE if strategy == "greedy" else MATCHING_RULE
    edge = span_match.description if task_def.uses_spans else "no spans (bag of URIs)"
    conventions = {
        "zero_division": metrics.ZERO_DIVISION,
        "micro": metrics.MICRO_DEFINITION,
        "macro": metrics.MACRO_DEFINITION,
        "matching": f"{rule}; edge: {edge}" + (f" and {uri_matcher.description}" if task_def.uses_uris else ""),
        "task": f"{task_def.label}: {task_def.description}",
        "uris": uri_matcher.description if task_def.uses_uris else "URIs ignored",
        "documents": PAIRING_RULE,
        "profile": (f"{profile}: " + ("GERBIL 1.2.x (greedy first fit in gold order, EE matches EE, empty document "
                                      "scores 1, macro F1 = mean of per-document F1)" if profile == "gerbil"
                                      else "one-to-one maximum matching, independent of input order")),
        "inkb_ee": "InKB / EE lines: gold and predictions restricted to InKB (resp. EE) mentions, matched on their own "
                   "(GERBIL's per-class counts)",
        "per_type": ("per type: gold and predictions restricted to mentions carrying the type, matched on their own"
                     if task_def.name == "etyping" else
                     "per type (types not judged): TP and FN count for the gold mention's types, an FP for the "
                     "types of the gold mentions at an accepted span, else for its own types"),
        "threshold": ("predictions with score >= threshold are kept; unscored ones are kept" if threshold is not None
                      else "all predictions scored (no threshold)"),
    }
    if curve is not None:
        conventions["sweep"] = ("the sweep's best threshold is tuned on the test data (optimistic), reported "
                                "apart from the headline numbers")
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
        profile=profile,
        inkb=inkb,
        ee=ee,
        per_type=types,
        ignored_predictions=ignored,
        beta=float(beta),
        threshold=threshold,
        below_threshold=below,
        without_score=unscored_conf,
        sweep=curve,
    )
