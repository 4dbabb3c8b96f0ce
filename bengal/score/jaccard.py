"""Jaccard F-beta: word-level Jaccard at or above a threshold counts as a match, then micro F-beta.

The metric of the Kaggle "Coleridge Initiative – Show US the Data" competition
(2021), over the mentions of a span corpus:

* each mention's surface form is **cleaned**: lowercased, every run of
  characters that are not letters or digits replaced by one space (Kaggle's
  ``re.sub('[^A-Za-z0-9]+', ' ', txt.lower())``, here Unicode-aware: ``[\\W_]+``);
* **Jaccard** of two cleaned strings: ``|A ∩ B| / |A ∪ B|`` of their word sets
  (0 when both are empty);
* per document, a gold and a predicted mention may match when their Jaccard is
  at least ``threshold`` (default 0.5). Types and offsets are ignored; each
  mention is one item (a name said twice is two items);
* **one-to-one** (default): a maximum matching over those pairs (the one-to-one
  maximum matching of :mod:`bengal.score.matching`): TP = its size,
  FP = predicted − TP, FN = gold − TP;
* **greedy** (``greedy=True``, the Kaggle procedure): gold and predicted
  strings are sorted alphabetically; each gold string in turn takes the
  remaining prediction of highest Jaccard (the first in that order on ties);
  at or above the threshold it is a TP, otherwise that prediction is an FP and
  the gold string an FN; predictions left over are FPs. A prediction below the
  threshold is used up, so greedy can score lower than one-to-one;
* counts are summed over documents (micro), then F-beta (default beta 0.5,
  favouring precision) under the project's zero-division rule
  (:mod:`bengal.score.metrics`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from bengal.errors import UsageError
from bengal.lazy import lazy_module
from bengal.model import Corpus, Mention
from bengal.score import metrics
from bengal.score.confidence import thresholded, unscored_warnings
from bengal.score.matching import maximum_matching
from bengal.score.metrics import Counts, MicroScore
from bengal.score.pairing import pair_documents
from bengal.score.resample import units_ci
from bengal.score.result import ScoreWarning

if TYPE_CHECKING:
    import numpy as np
else:  # numpy is loaded on first use: reading and scoring NIF never imports it (issue 15)
    np = lazy_module("numpy")

__all__ = ["clean_text", "jaccard", "jaccard_counts", "JaccardResult", "score_jaccard", "with_jaccard_ci"]

_NON_WORD = re.compile(r"[\W_]+")


def clean_text(text: str) -> str:
    """Lowercase, runs of non-letters/digits to one space, stripped (Kaggle Coleridge's ``clean_text``)."""
    return _NON_WORD.sub(" ", text.lower()).strip()


def jaccard(a: str, b: str) -> float:
    """Word-level Jaccard of two cleaned strings (0.0 when both have no word)."""
    x, y = set(a.split()), set(b.split())
    union = len(x | y)
    return len(x & y) / union if union else 0.0


def jaccard_counts(gold: Sequence[str], pred: Sequence[str], threshold: float = 0.5,
                   greedy: bool = False) -> Counts:
    """TP, FP, FN of one document's cleaned gold and predicted strings (module docstring)."""
    if greedy:
        g_sorted = sorted(gold)
        remaining = sorted(pred)
        tp = fn = fp = 0
        for g in g_sorted:
            if not remaining:
                fn += 1
                continue
            best_i, best = 0, -1.0
            for i, p in enumerate(remaining):
                j = jaccard(g, p)
                if j > best:
                    best_i, best = i, j
            remaining.pop(best_i)
            if best >= threshold:
                tp += 1
            else:
                fp += 1
                fn += 1
        return Counts(tp, fp + len(remaining), fn)
    adj = [[j for j, p in enumerate(pred) if jaccard(g, p) >= threshold] for g in gold]
    tp = sum(1 for v in maximum_matching(adj, len(pred)) if v >= 0)
    return Counts(tp, len(pred) - tp, len(gold) - tp)


@dataclass(frozen=True)
class JaccardResult:
    """The outcome of :func:`score_jaccard`: summed counts, P, R, F-beta, and the settings.

    ``threshold`` is the Jaccard match threshold; ``score_threshold`` the prediction-score cut
    (``--threshold``, None: all kept) and ``below_threshold`` the predictions it left out;
    ``per_document`` the counts of each document (the bootstrap's units, not in the JSON);
    ``ci`` the bootstrap intervals over documents (:func:`with_jaccard_ci`), else None.
    """

    documents: int
    counts: Counts
    beta: float
    threshold: float
    greedy: bool
    warnings: tuple[ScoreWarning, ...] = ()
    conventions: Mapping[str, str] = field(default_factory=dict)
    per_document: tuple[Counts, ...] = field(default=(), repr=False, compare=False)
    below_threshold: int = 0
    score_threshold: float | None = None
    ci: Mapping[str, Any] | None = None

    task = "jaccard"

    @property
    def micro(self) -> MicroScore:
        """The summed counts with their P, R and F1 (F-beta at :attr:`beta` is :attr:`f_beta`)."""
        return MicroScore.of(self.counts)

    @property
    def precision(self) -> float:
        return metrics.precision(self.counts)

    @property
    def recall(self) -> float:
        return metrics.recall(self.counts)

    @property
    def f_beta(self) -> float:
        return metrics.f_beta(self.counts, self.beta)

    def to_json(self) -> dict[str, Any]:
        """``{"task": "jaccard", "documents", "micro": {"tp", "fp", "fn", "precision", "recall", "f1"},
        "threshold", "beta", "matching", "tp", "fp", "fn", "precision", "recall", "f_beta", "warnings",
        "conventions", "score_threshold", "below_threshold", "ci"}``."""
        return {"task": "jaccard", "documents": self.documents, "micro": self.micro.to_json(),
                "threshold": self.threshold, "beta": self.beta,
                "matching": "greedy" if self.greedy else "one-to-one", **self.counts.to_json(),
                "precision": self.precision, "recall": self.recall, "f_beta": self.f_beta,
                "warnings": [w.to_json() for w in self.warnings], "conventions": dict(self.conventions),
                "score_threshold": self.score_threshold, "below_threshold": self.below_threshold,
                "ci": None if self.ci is None else dict(self.ci)}


def with_jaccard_ci(result: JaccardResult, samples: int = 1000, level: float = 0.95, seed: int = 0) -> JaccardResult:
    """A copy of ``result`` whose ``ci`` holds percentile bootstrap intervals over documents of micro P,
    R, F1 and F-beta at the result's beta (:func:`bengal.score.resample.units_ci`).

    Raises:
        UsageError: bad ``samples`` or ``level``.
    """
    units = np.array([[c.tp, c.tp + c.fp, c.tp + c.fn] for c in result.per_document], dtype=float)
    return replace(result, ci=units_ci(units, unit="documents", samples=samples, level=level, seed=seed,
                                       beta=result.beta))


def _strings(mentions: Sequence[Mention]) -> list[str]:
    return [clean_text(m.surface) for m in mentions]


def score_jaccard(gold: Corpus, pred: Corpus, *, threshold: float = 0.5, beta: float = 0.5,
                  greedy: bool = False, score_threshold: float | None = None) -> JaccardResult:
    """Jaccard F-beta of ``pred`` against ``gold`` (module docstring); ``score_threshold`` keeps only the
    predictions with ``score >= score_threshold`` (unscored ones kept and counted in a warning).

    Raises:
        UsageError: ``threshold`` outside (0, 1] or ``beta`` not positive (a ValueError).
        InputError: a gold standard without documents, or no document in common.
    """
    if not 0 < threshold <= 1:
        raise UsageError(f"the Jaccard threshold must be in (0, 1], got {threshold}")
    if not beta > 0:
        raise UsageError(f"beta must be positive, got {beta}")
    pred, below, unscored = thresholded(pred, score_threshold)
    pairing = pair_documents(gold, pred)
    total = Counts()
    per_document = []
    for g, p in pairing.pairs:
        c = jaccard_counts(_strings(g.mentions), _strings(p.mentions if p is not None else ()), threshold, greedy)
        per_document.append(c)
        total = total + c
    conventions = {
        "cleaning": "lowercase; runs of characters other than letters and digits become one space",
        "match": f"word-level Jaccard >= {threshold} (types and offsets ignored)",
        "matching": ("greedy, Kaggle Coleridge: gold strings in alphabetical order take the best remaining "
                     "prediction") if greedy else "one-to-one maximum matching per document",
        "micro": "TP, FP, FN summed over documents, then P, R and F-beta",
        "zero_division": metrics.ZERO_DIVISION,
    }
    warnings = list(pairing.all_warnings)
    if score_threshold is not None:
        conventions["score_threshold"] = f"predictions with score >= {score_threshold:g} kept ({below} left out)"
        warnings += unscored_warnings(pred, score_threshold, unscored)
    return JaccardResult(len(pairing.pairs), total, beta, threshold, greedy, tuple(warnings), conventions,
                         tuple(per_document), below, score_threshold)
