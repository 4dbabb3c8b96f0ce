"""Counting and measures: TP/FP/FN, precision, recall, F1, F-beta, micro and macro.

This module knows nothing about mentions or matching: it turns counts into
numbers, under **one** zero-division convention, GERBIL's.

Zero division (GERBIL's rule)
-----------------------------
GERBIL's ``FMeasureCalculator.calculateMeasures`` (dice-group/gerbil,
``src/main/java/org/aksw/gerbil/evaluate/impl/FMeasureCalculator.java``)::

    if TP == 0:
        if FP == 0 and FN == 0:  P = R = F1 = 1.0   # nothing to find, nothing found
        else:                    P = R = F1 = 0.0   # nothing right, some mistakes
    else:
        P = TP / (TP + FP); R = TP / (TP + FN); F1 = 2PR / (P + R)

When TP > 0 no denominator can be 0, so this rule is complete: a count triple
with TP = FP = FN = 0 scores 1 for every measure, and any other triple whose
denominator is 0 scores 0 (e.g. TP = FP = 0 < FN gives P = 0, not 1).
The same rule applies to the summed counts of micro scoring, so two empty
corpora give micro P = R = F1 = 1.0, as GERBIL prints. No measure is ever NaN.

Micro and macro
---------------
* micro: sum TP, FP, FN over documents, then P, R, F1 of the sums.
* macro: per document P, R, F1 (each under the rule above), then the
  arithmetic mean of each over documents. Macro F1 is the **mean of the
  per-document F1** (as GERBIL prints it), not the harmonic mean of macro P and
  macro R (see case C18: mean F1 0.667 while macro P = macro R = 0.75).
  The mean over zero documents is defined as 1.0 (nothing to score, nothing
  wrong: the same reading as an empty document).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable

__all__ = [
    "Counts",
    "Measures",
    "MicroScore",
    "ZERO_DIVISION",
    "MACRO_DEFINITION",
    "MICRO_DEFINITION",
    "precision",
    "recall",
    "f_beta",
    "f_beta_from_pr",
    "measures",
    "micro",
    "macro",
]

ZERO_DIVISION = (
    "GERBIL: TP = FP = FN = 0 gives P = R = F1 = 1; otherwise TP = 0 gives P = R = F1 = 0 "
    "(applies per document and to the micro sums; never NaN)"
)
MICRO_DEFINITION = "micro: TP, FP, FN summed over paired documents, then P, R, F1 of the sums"
MACRO_DEFINITION = (
    "macro: arithmetic mean over paired documents of per-document P, R and F1; "
    "macro F1 is the mean of per-document F1 (GERBIL), not the harmonic mean of macro P and R"
)


@dataclass(frozen=True, slots=True)
class Counts:
    """True positives, false positives and false negatives of one document or a sum.

    ``Counts`` add with ``+`` and ``sum(..., Counts())``.
    """

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def __post_init__(self) -> None:
        if self.tp < 0 or self.fp < 0 or self.fn < 0:
            raise ValueError(f"counts must not be negative: {self}")

    def __add__(self, other: "Counts") -> "Counts":
        if not isinstance(other, Counts):
            return NotImplemented
        return Counts(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn)

    __radd__ = __add__

    @property
    def empty(self) -> bool:
        """True when TP = FP = FN = 0 (nothing to find and nothing found)."""
        return self.tp == 0 and self.fp == 0 and self.fn == 0

    @property
    def gold(self) -> int:
        """Number of gold items (TP + FN)."""
        return self.tp + self.fn

    @property
    def predicted(self) -> int:
        """Number of predicted items (TP + FP)."""
        return self.tp + self.fp

    def to_json(self) -> dict[str, int]:
        """``{"tp": …, "fp": …, "fn": …}``."""
        return {"tp": self.tp, "fp": self.fp, "fn": self.fn}


@dataclass(frozen=True, slots=True)
class Measures:
    """Precision, recall and F1 (never NaN), e.g. a macro average; ``support``: the gold items
    behind an average when it states them (seqeval's macro and weighted rows), else ``None``."""

    precision: float
    recall: float
    f1: float
    support: int | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"precision": …, "recall": …, "f1": …}`` (and ``"support"`` when it is set)."""
        out: dict[str, Any] = {"precision": self.precision, "recall": self.recall, "f1": self.f1}
        if self.support is not None:
            out["support"] = self.support
        return out


def precision(c: Counts) -> float:
    """TP / (TP + FP) under GERBIL's zero-division rule (module docstring)."""
    if c.tp == 0:
        return 1.0 if c.empty else 0.0
    return c.tp / (c.tp + c.fp)


def recall(c: Counts) -> float:
    """TP / (TP + FN) under GERBIL's zero-division rule (module docstring)."""
    if c.tp == 0:
        return 1.0 if c.empty else 0.0
    return c.tp / (c.tp + c.fn)


def f_beta_from_pr(p: float, r: float, beta: float = 1.0) -> float:
    """F-beta of a precision and a recall: ``(1 + b²)·P·R / (b²·P + R)``.

    ``beta < 1`` favours precision, ``beta > 1`` recall. When ``P = R = 0`` the
    result is 0 (the only zero denominator for ``beta > 0``).

    Raises:
        ValueError: when ``beta`` is not a positive finite number.
    """
    if not (beta > 0 and math.isfinite(beta)):
        raise ValueError(f"beta must be a positive finite number, got {beta!r}")
    b2 = beta * beta
    denominator = b2 * p + r
    if denominator == 0:
        return 0.0
    return (1 + b2) * p * r / denominator


def f_beta(c: Counts, beta: float = 1.0) -> float:
    """F-beta of counts under GERBIL's zero-division rule.

    TP = FP = FN = 0 gives 1.0; TP = 0 otherwise gives 0.0; else
    ``f_beta_from_pr(precision(c), recall(c), beta)``.
    """
    if c.tp == 0:
        if not (beta > 0 and math.isfinite(beta)):
            raise ValueError(f"beta must be a positive finite number, got {beta!r}")
        return 1.0 if c.empty else 0.0
    return f_beta_from_pr(precision(c), recall(c), beta)


def measures(c: Counts) -> Measures:
    """P, R, F1 of one count triple (GERBIL's ``calculateMeasures``)."""
    return Measures(precision(c), recall(c), f_beta(c, 1.0))


@dataclass(frozen=True, slots=True)
class MicroScore:
    """The one P/R/F1 record: counts and their precision, recall, F1 (GERBIL's zero-division
    rule; never NaN). Every result's ``micro``, per-type rows, InKB/EE and sweep points use it."""

    tp: int
    fp: int
    fn: int
    precision: float
    recall: float
    f1: float

    @property
    def counts(self) -> Counts:
        """``Counts(tp, fp, fn)``."""
        return Counts(self.tp, self.fp, self.fn)

    @property
    def support(self) -> int:
        """Gold items (TP + FN), seqeval's ``support``."""
        return self.tp + self.fn

    @classmethod
    def of(cls, c: Counts) -> "MicroScore":
        """Counts and their P, R, F1 (GERBIL's zero-division rule)."""
        m = measures(c)
        return cls(c.tp, c.fp, c.fn, m.precision, m.recall, m.f1)

    def to_json(self) -> dict[str, Any]:
        """``{"tp", "fp", "fn", "precision", "recall", "f1"}``."""
        return {"tp": self.tp, "fp": self.fp, "fn": self.fn,
                "precision": self.precision, "recall": self.recall, "f1": self.f1}



def micro(counts: Iterable[Counts]) -> tuple[Counts, Measures]:
    """Summed counts and their P, R, F1."""
    total = Counts()
    for c in counts:
        total = total + c
    return total, measures(total)


def macro(counts: Iterable[Counts]) -> Measures:
    """Mean over documents of per-document P, R and F1 (1.0 each over zero documents)."""
    n = 0
    sp = sr = sf = 0.0
    for c in counts:
        m = measures(c)
        sp += m.precision
        sr += m.recall
        sf += m.f1
        n += 1
    if n == 0:
        return Measures(1.0, 1.0, 1.0)
    return Measures(sp / n, sr / n, sf / n)
