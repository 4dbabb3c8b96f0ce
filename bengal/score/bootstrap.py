"""Bootstrap confidence intervals over documents, and the paired bootstrap comparison of two systems.

Documents are the unit of resampling (the counts of one document are not
independent of each other; documents are, to a first approximation):

* :func:`bootstrap_ci` draws ``samples`` corpora of the same number of
  documents *with replacement* from the scored documents (their TP/FP/FN and
  per-document P/R/F1), recomputes micro P, R, F1 (from the summed counts,
  GERBIL's zero-division rule) and macro P, R, F1 (means) for each, and
  reports the percentile interval at ``level`` (Efron & Tibshirani 1993,
  ch. 13).
* :func:`paired_bootstrap` scores two systems on the same gold documents and
  resamples the *same* document indices for both (Koehn 2004, "Statistical
  significance tests for machine translation evaluation"; Berg-Kirkpatrick et
  al. 2012): the interval of the difference B − A of micro F1 and the two-sided
  p-value ``2·min(share of samples with Δ <= 0, share with Δ >= 0)`` (capped
  at 1). The observed difference is the difference of the full-corpus scores.

Seeded (``numpy.random.default_rng(seed)``): the same inputs and seed give
the same interval.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from bengal.errors import UsageError
from bengal.lazy import lazy_module
from bengal.model import Corpus
from bengal.score import metrics
from bengal.score.api import score
from bengal.score.resample import micro_of_units
from bengal.score.result import ScoreResult

if TYPE_CHECKING:
    import numpy as np
else:  # numpy is loaded on first use: reading and scoring NIF never imports it (issue 15)
    np = lazy_module("numpy")

__all__ = ["bootstrap_ci", "with_ci", "paired_bootstrap", "CI_METHOD"]

CI_METHOD = "percentile bootstrap over documents (resampled with replacement)"


def _check(samples: int, level: float) -> None:
    if not isinstance(samples, int) or samples < 1:
        raise UsageError(f"bootstrap samples must be a positive integer, got {samples!r}")
    if not 0 < level < 1:
        raise UsageError(f"confidence level must lie strictly between 0 and 1, got {level!r}")


def _micro(sums: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """P, R, F1 of summed counts ``sums[..., (tp, fp, fn)]`` under GERBIL's zero-division rule."""
    tp, fp, fn = sums[..., 0].astype(float), sums[..., 1].astype(float), sums[..., 2].astype(float)
    empty = (tp == 0) & (fp == 0) & (fn == 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(tp > 0, tp / (tp + fp), np.where(empty, 1.0, 0.0))
        r = np.where(tp > 0, tp / (tp + fn), np.where(empty, 1.0, 0.0))
        f = np.where(tp > 0, 2 * p * r / (p + r), np.where(empty, 1.0, 0.0))
    return p, r, f


def _interval(values: np.ndarray, level: float) -> list[float]:
    lo, hi = np.quantile(values, [(1 - level) / 2, 1 - (1 - level) / 2])
    return [float(lo), float(hi)]


def bootstrap_ci(result: ScoreResult, samples: int = 1000, level: float = 0.95, seed: int = 0) -> dict[str, Any]:
    """Percentile bootstrap intervals of micro and macro P, R, F1 of ``result``.

    Returns:
        ``{"method", "samples", "level", "seed", "micro": {"precision": [lo, hi], "recall": …, "f1": …
        (, "beta", "f_beta": [lo, hi] when the result's beta is not 1)}, "macro": {… the same, the macro
        F-beta being the mean of per-document F-beta}}`` (plain floats).

    Raises:
        UsageError: ``samples < 1`` or ``level`` outside (0, 1).
    """
    _check(samples, level)
    docs = result.per_document
    counts = np.array([[d.counts.tp, d.counts.fp, d.counts.fn] for d in docs], dtype=np.int64).reshape(-1, 3)
    per_doc = np.array([[d.measures.precision, d.measures.recall, d.measures.f1] for d in docs]).reshape(-1, 3)
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(docs), size=(samples, len(docs)))
    sums = counts[idx].sum(axis=1)
    p, r, f = _micro(sums)
    macro = per_doc[idx].mean(axis=1)
    f_beta: dict[str, Any] = {}
    macro_f_beta: dict[str, Any] = {}
    if result.beta != 1.0:
        units = np.stack([sums[:, 0], sums[:, 0] + sums[:, 1], sums[:, 0] + sums[:, 2]], axis=-1)
        f_beta = {"beta": result.beta, "f_beta": _interval(micro_of_units(units, result.beta)[2], level)}
        per_doc_fb = np.array([metrics.f_beta(d.counts, result.beta) for d in docs])
        macro_f_beta = {"beta": result.beta, "f_beta": _interval(per_doc_fb[idx].mean(axis=1), level)}
    return {
        "method": CI_METHOD,
        "samples": samples,
        "level": level,
        "seed": seed,
        "micro": {"precision": _interval(p, level), "recall": _interval(r, level), "f1": _interval(f, level),
                  **f_beta},
        "macro": {"precision": _interval(macro[:, 0], level), "recall": _interval(macro[:, 1], level),
                  "f1": _interval(macro[:, 2], level), **macro_f_beta},
    }


def with_ci(result: ScoreResult, samples: int = 1000, level: float = 0.95, seed: int = 0) -> ScoreResult:
    """A copy of ``result`` whose ``ci`` (and JSON ``"ci"``) holds :func:`bootstrap_ci`."""
    return dataclasses.replace(result, ci=bootstrap_ci(result, samples, level, seed))


def paired_bootstrap(gold: Corpus, pred_a: Corpus, pred_b: Corpus, *, samples: int = 1000, level: float = 0.95,
                     seed: int = 0, **options: Any) -> dict[str, Any]:
    """Compare systems A and B on ``gold`` by the paired bootstrap over documents.

    Args:
        gold, pred_a, pred_b: the corpora.
        samples, level, seed: as :func:`bootstrap_ci`.
        **options: passed to :func:`bengal.score.score` for both systems (task, match, profile, …).

    Returns:
        ``{"method", "samples", "level", "seed", "a": result A JSON, "b": result B JSON,
        "delta_micro_f1": B − A, "delta_ci": [lo, hi], "p_value": two-sided p}``.
    """
    _check(samples, level)
    ra, rb = score(gold, pred_a, **options), score(gold, pred_b, **options)
    ca = np.array([[d.counts.tp, d.counts.fp, d.counts.fn] for d in ra.per_document], dtype=np.int64)
    cb = np.array([[d.counts.tp, d.counts.fp, d.counts.fn] for d in rb.per_document], dtype=np.int64)
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(ca), size=(samples, len(ca)))
    delta = _micro(cb[idx].sum(axis=1))[2] - _micro(ca[idx].sum(axis=1))[2]
    p_value = min(1.0, 2 * min(float(np.mean(delta <= 0)), float(np.mean(delta >= 0))))
    return {
        "method": "paired bootstrap over documents (Koehn 2004): the same resampled documents for both systems",
        "samples": samples,
        "level": level,
        "seed": seed,
        "a": ra.to_json(),
        "b": rb.to_json(),
        "delta_micro_f1": rb.micro.f1 - ra.micro.f1,
        "delta_ci": _interval(delta, level),
        "p_value": p_value,
    }
