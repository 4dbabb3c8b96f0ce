"""Percentile bootstrap over scoring units of any task: documents (span tasks, SemEval, Jaccard) or
sentences (chunk scores of tag sequences), each unit given as ``(credit, predicted, gold)``.

One resampled corpus draws as many units as there are *with replacement*; its micro P =
Σcredit / Σpredicted and R = Σcredit / Σgold follow the project's one zero-division rule
(:mod:`bengal.score.metrics`: nothing predicted and nothing in the gold gives 1, any other zero
credit 0), F-beta = (1 + β²)·P·R / (β²·P + R). The interval is the ``(1 − level)/2`` and
``1 − (1 − level)/2`` quantiles of the resampled values (Efron & Tibshirani 1993, ch. 13).
``credit`` is TP for counting tasks and COR + ½·PAR for SemEval's partial and type schemes.
Seeded (``numpy.random.default_rng(seed)``): same inputs, same seed, same interval.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from bengal.errors import UsageError
from bengal.lazy import lazy_module

if TYPE_CHECKING:
    import numpy as np
else:  # numpy is loaded on first use: reading and scoring NIF never imports it (issue 15)
    np = lazy_module("numpy")

__all__ = ["check_bootstrap", "micro_of_units", "units_ci", "paired_units"]


def check_bootstrap(samples: int, level: float) -> None:
    """Raise a one-line UsageError unless ``samples`` is a positive integer and ``0 < level < 1``."""
    if not isinstance(samples, int) or samples < 1:
        raise UsageError(f"bootstrap samples must be a positive integer, got {samples!r}")
    if not 0 < level < 1:
        raise UsageError(f"confidence level must lie strictly between 0 and 1, got {level!r}")


def micro_of_units(sums: np.ndarray, beta: float = 1.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(P, R, F-beta)`` arrays of summed units ``sums[..., (credit, predicted, gold)]`` (module docstring).

    Raises:
        ValueError: ``beta`` not a positive finite number.
    """
    if not (beta > 0 and math.isfinite(beta)):
        raise ValueError(f"beta must be a positive finite number, got {beta!r}")
    credit, act, pos = (sums[..., k].astype(float) for k in range(3))
    empty = (act == 0) & (pos == 0)
    b2 = beta * beta
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(credit > 0, credit / np.where(act > 0, act, 1), np.where(empty, 1.0, 0.0))
        r = np.where(credit > 0, credit / np.where(pos > 0, pos, 1), np.where(empty, 1.0, 0.0))
        f = np.where(credit > 0, (1 + b2) * p * r / np.where(b2 * p + r > 0, b2 * p + r, 1),
                     np.where(empty, 1.0, 0.0))
    return p, r, f


def _interval(values: np.ndarray, level: float) -> list[float]:
    lo, hi = np.quantile(values, [(1 - level) / 2, 1 - (1 - level) / 2])
    return [float(lo), float(hi)]


def units_ci(units: np.ndarray, *, unit: str, samples: int = 1000, level: float = 0.95, seed: int = 0,
             beta: float = 1.0) -> dict[str, Any]:
    """Percentile bootstrap intervals of micro P, R, F1 (and F-beta when ``beta`` is not 1).

    Args:
        units: ``float[n, 3]``: ``(credit, predicted, gold)`` of each unit.
        unit: what a unit is, plural (``"documents"``, ``"sentences"``), for the method line.
        samples, level, seed: resamplings, confidence level, seed.
        beta: the F-beta to give an interval for besides F1.

    Returns:
        ``{"method", "unit", "samples", "level", "seed", "micro": {"precision": [lo, hi], "recall", "f1"
        (, "f_beta", "beta")}}``, plain floats. No unit at all gives the point value as both ends.

    Raises:
        UsageError: ``samples < 1`` or ``level`` outside (0, 1).
    """
    check_bootstrap(samples, level)
    arr = np.asarray(units, dtype=float).reshape(-1, 3)
    rng = np.random.default_rng(seed)
    if len(arr):
        sums = arr[rng.integers(0, len(arr), size=(samples, len(arr)))].sum(axis=1)
    else:
        sums = np.zeros((samples, 3))
    p, r, f1 = micro_of_units(sums)
    micro: dict[str, Any] = {"precision": _interval(p, level), "recall": _interval(r, level),
                             "f1": _interval(f1, level)}
    if beta != 1.0:
        micro["beta"] = beta
        micro["f_beta"] = _interval(micro_of_units(sums, beta)[2], level)
    return {"method": f"percentile bootstrap over {unit} (resampled with replacement)", "unit": unit,
            "samples": samples, "level": level, "seed": seed, "micro": micro}


def paired_units(a: np.ndarray, b: np.ndarray, *, unit: str, samples: int = 1000, level: float = 0.95,
                 seed: int = 0) -> dict[str, Any]:
    """The paired bootstrap of micro F1 of system B against A over the same units (Koehn 2004): each
    resampling draws the same unit indices for both.

    Args:
        a, b: ``float[n, 3]`` units of A and of B, in the same order (the same ``n`` units).

    Returns:
        ``{"method", "unit", "samples", "level", "seed", "delta_micro_f1": B − A of the full corpus,
        "delta_ci": [lo, hi], "p_value"}``: the two-sided p-value is
        ``min(1, 2·min(share of Δ <= 0, share of Δ >= 0))``.

    Raises:
        UsageError: bad ``samples`` / ``level``; ValueError: ``a`` and ``b`` of different shapes.
    """
    check_bootstrap(samples, level)
    ua, ub = np.asarray(a, dtype=float).reshape(-1, 3), np.asarray(b, dtype=float).reshape(-1, 3)
    if ua.shape != ub.shape:
        raise ValueError(f"paired units must line up: {len(ua)} units for A, {len(ub)} for B")
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, max(len(ua), 1), size=(samples, len(ua)))
    delta = micro_of_units(ub[idx].sum(axis=1))[2] - micro_of_units(ua[idx].sum(axis=1))[2]
    observed = float(micro_of_units(ub.sum(axis=0))[2] - micro_of_units(ua.sum(axis=0))[2])
    p_value = min(1.0, 2 * min(float(np.mean(delta <= 0)), float(np.mean(delta >= 0))))
    return {"method": f"paired bootstrap over {unit} (Koehn 2004): the same resampled {unit} for both systems",
            "unit": unit, "samples": samples, "level": level, "seed": seed, "delta_micro_f1": observed,
            "delta_ci": _interval(delta, level), "p_value": p_value}
