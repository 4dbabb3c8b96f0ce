"""Confidence thresholds: keep predictions with ``score >= T``, and the precision-recall curve over T.

A prediction without a score is kept under every threshold (and counted). The curve's best
point is **tuned on the test data** (as GERBIL's ``ConfidenceBasedFMeasureCalculator`` does):
optimistic, reported apart from the headline numbers (:class:`~bengal.score.result.Sweep`).
"""

from __future__ import annotations

import dataclasses

from bengal.model import Corpus, Document
from bengal.score.matching import SpanMatch
from bengal.score.metrics import Counts, MicroScore
from bengal.score.result import PREDICTION, ScoreWarning, Sweep, SweepPoint
from bengal.score.tasks import Task
from bengal.score.uris import UriMatcher

__all__ = ["filter_threshold", "threshold_document", "thresholded", "unscored_warnings", "sweep_curve",
           "MAX_SWEEP_POINTS"]

#: Most thresholds a sweep tries (evenly spaced quantiles of the distinct scores, both ends kept).
MAX_SWEEP_POINTS = 101


def filter_threshold(pred: Corpus, threshold: float | None) -> tuple[dict[str, Document], int, int]:
    """``({uri: document with predictions of score >= T}, dropped, without score)``."""
    docs = pred.by_uri()
    if threshold is None:
        return docs, 0, 0
    dropped = unscored = 0
    out = {}
    for uri, d in docs.items():
        out[uri], n_dropped, n_unscored = threshold_document(d, threshold)
        dropped += n_dropped
        unscored += n_unscored
    return out, dropped, unscored


def threshold_document(d: Document, threshold: float | None) -> tuple[Document, int, int]:
    """``(d with only the predictions of score >= threshold, dropped, without score)``: one document of
    :func:`filter_threshold` (predictions without a score are kept; ``d`` itself when nothing is dropped)."""
    if threshold is None:
        return d, 0, 0
    dropped = unscored = 0
    kept = []
    for m in d.mentions:
        if m.score is None:
            unscored += 1
            kept.append(m)
        elif m.score >= threshold:
            kept.append(m)
        else:
            dropped += 1
    return (d if len(kept) == len(d.mentions) else Document(d.uri, d.text, tuple(kept))), dropped, unscored


def unscored_warnings(pred: Corpus, threshold: float | None, unscored: int) -> list[ScoreWarning]:
    """The ``no_confidence`` warning when ``threshold`` is set and ``unscored`` (> 0) predicted mentions have
    no score (they are kept under every threshold); an empty list otherwise."""
    if threshold is None or not unscored:
        return []
    return [ScoreWarning("no_confidence", str(pred.metadata.get("source") or pred.name or "prediction"),
                         f"{unscored} predicted mentions have no score; kept under --threshold {threshold}",
                         PREDICTION)]


def thresholded(pred: Corpus, threshold: float | None) -> tuple[Corpus, int, int]:
    """``(pred with only the predictions of score >= threshold, dropped, without score)``: the corpus
    form of :func:`filter_threshold` (unscored predictions are kept), for the scores that take corpora
    (SemEval, Jaccard). ``threshold`` None returns ``pred`` itself."""
    if threshold is None:
        return pred, 0, 0
    docs, dropped, unscored = filter_threshold(pred, threshold)
    return dataclasses.replace(pred, documents=tuple(docs[d.uri] for d in pred.documents)), dropped, unscored


def sweep_curve(task: Task, gold: Corpus, pred: Corpus, span_match: SpanMatch, matcher: UriMatcher, strategy: str,
                max_points: int = MAX_SWEEP_POINTS) -> Sweep:
    """Micro P/R/F1 at every distinct prediction score as threshold (at most ``max_points``)."""
    scores = sorted({m.score for d in pred.documents for m in d.mentions if m.score is not None})
    if len(scores) > max_points:  # evenly spaced quantiles of the distinct scores, both ends kept
        step = (len(scores) - 1) / (max_points - 1)
        scores = sorted({scores[round(i * step)] for i in range(max_points)})
    points = []
    for t in scores:
        docs, _, _ = filter_threshold(pred, t)
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
