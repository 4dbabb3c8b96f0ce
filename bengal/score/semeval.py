"""Partial credit: the SemEval-2013 task 9.1 evaluation schemes, as nervaluate reports them.

The predicted and gold mentions of a document are paired one-to-one, best category
first: a maximum matching on the COR pairs, then a maximum matching of the mentions left
on the INC/PAR pairs (the alignment the span tasks use); a prediction left is SPU
(Segura-Bedmar et al. 2013; the ``nervaluate`` package, ``strategies.py``). So gold
``PER[0,10)`` with predictions ``PER[0,10)`` and ``PER[0,4)`` (any order) is COR 1 + SPU 1
(nervaluate takes the predictions in order and the first overlapping gold, which can give
INC 1 + SPU 1 instead):

* **strict** — COR: same span and type; INC: overlaps a gold mention otherwise; SPU: overlaps none.
* **exact** — COR: same span, any type; INC: overlaps otherwise; SPU: none.
* **partial** — COR: same span, any type; PAR: overlaps otherwise; SPU: none.
* **type** (nervaluate's ``ent_type``) — COR: same span and type first, then an overlapping
  gold mention of the same type; INC: overlaps only mentions of other types; SPU: none.

In every scheme, gold mentions left unmatched are MIS. Then, summed over
documents (micro; case C11: counts are summed first, never scores averaged)::

    ACT = COR + INC + PAR + SPU      POS = COR + INC + PAR + MIS
    strict, exact:  P = COR / ACT                R = COR / POS
    partial, type:  P = (COR + 0.5 PAR) / ACT    R = (COR + 0.5 PAR) / POS
    F1 = 2PR / (P + R)

Overlap: the half-open spans share at least one code point (touching spans do
not overlap). Per type, the same schemes run on the mentions of that type only
(as nervaluate). Zero division follows the project's one convention (GERBIL's,
:mod:`bengal.score.metrics`): ACT = POS = 0 gives 1; any other zero
denominator gives 0 (nervaluate gives 0 in the first case too).

Documents pair by URI (:mod:`bengal.score.pairing`, as :func:`bengal.score.score`). The result's
``micro`` is the strict scheme read as counts (TP = COR, FP = ACT − COR, FN = POS − COR).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from bengal.errors import UnknownOptionError
from bengal.lazy import lazy_module
from bengal.model import Corpus, Mention
from bengal.score.confidence import thresholded, unscored_warnings
from bengal.score.matching import maximum_matching
from bengal.score.metrics import Counts, MicroScore, f_beta_from_pr
from bengal.score.pairing import pair_documents
from bengal.score.resample import units_ci
from bengal.score.result import ScoreWarning

if TYPE_CHECKING:
    import numpy as np
else:  # numpy is loaded on first use: reading and scoring NIF never imports it (issue 15)
    np = lazy_module("numpy")

__all__ = ["SEMEVAL_SCHEMES", "SemEvalCounts", "SemEvalResult", "score_semeval", "semeval_counts", "with_semeval_ci"]

#: The SemEval-2013 evaluation schemes (not the tagging schemes of :mod:`bengal.tagging.schemes`).
SEMEVAL_SCHEMES = ("strict", "exact", "partial", "type")


@dataclass
class SemEvalCounts:
    """COR, INC, PAR, MIS, SPU of one scheme (summable), with the derived ACT, POS, P, R, F1."""

    scheme: str
    cor: int = 0
    inc: int = 0
    par: int = 0
    mis: int = 0
    spu: int = 0

    @property
    def act(self) -> int:
        return self.cor + self.inc + self.par + self.spu

    @property
    def pos(self) -> int:
        return self.cor + self.inc + self.par + self.mis

    @property
    def credit(self) -> float:
        return self.cor + (0.5 * self.par if self.scheme in ("partial", "type") else 0.0)

    @property
    def precision(self) -> float:
        if self.act == 0:
            return 1.0 if self.pos == 0 else 0.0
        return self.credit / self.act

    @property
    def recall(self) -> float:
        if self.pos == 0:
            return 1.0 if self.act == 0 else 0.0
        return self.credit / self.pos

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r > 0 else 0.0

    def add(self, other: "SemEvalCounts") -> None:
        self.cor += other.cor
        self.inc += other.inc
        self.par += other.par
        self.mis += other.mis
        self.spu += other.spu

    def to_json(self) -> dict[str, Any]:
        return {"cor": self.cor, "inc": self.inc, "par": self.par, "mis": self.mis, "spu": self.spu,
                "act": self.act, "pos": self.pos, "precision": self.precision, "recall": self.recall,
                "f1": self.f1}


def _overlap(a: Mention, b: Mention) -> bool:
    return a.begin < b.end and b.begin < a.end


def _same_span(a: Mention, b: Mention) -> bool:
    return a.begin == b.begin and a.end == b.end


#: The stages of each scheme, best first: ``(edge predicate(gold, pred), category)``. Each stage is
#: a one-to-one maximum matching among the mentions the earlier stages left.
_STAGES = {
    "strict": ((lambda g, p: _same_span(g, p) and g.type == p.type, "cor"), (_overlap, "inc")),
    "exact": ((_same_span, "cor"), (_overlap, "inc")),
    "partial": ((_same_span, "cor"), (_overlap, "par")),
    "type": ((lambda g, p: _same_span(g, p) and g.type == p.type, "cor"),
             (lambda g, p: _overlap(g, p) and g.type == p.type, "cor"), (_overlap, "inc")),
}


def semeval_counts(gold: Sequence[Mention], pred: Sequence[Mention], scheme: str) -> SemEvalCounts:
    """The categories of one document under one scheme (module docstring): one-to-one maximum
    matchings, best category first (:data:`_STAGES`), so an exact prediction is never displaced
    by an overlapping one and the counts do not depend on the order of the predictions.

    Raises:
        UnknownOptionError: an unknown scheme (a ValueError).
    """
    if scheme not in SEMEVAL_SCHEMES:
        raise UnknownOptionError(f"unknown SemEval scheme {scheme!r}: choose one of {', '.join(SEMEVAL_SCHEMES)}")
    out = SemEvalCounts(scheme)
    free_g = list(range(len(gold)))
    free_p = list(range(len(pred)))
    for accept, kind in _STAGES[scheme]:
        if not free_g or not free_p:
            break
        adj = [[k for k, j in enumerate(free_g) if accept(gold[j], pred[i])] for i in free_p]
        match = maximum_matching(adj, len(free_g))
        taken_g = {free_g[k] for k in match if k >= 0}
        hits = len(taken_g)
        setattr(out, kind, getattr(out, kind) + hits)
        free_p = [i for i, k in zip(free_p, match) if k < 0]
        free_g = [j for j in free_g if j not in taken_g]
    out.spu += len(free_p)
    out.mis += len(free_g)
    return out


@dataclass(frozen=True)
class SemEvalResult:
    """The outcome of :func:`score_semeval`.

    Attributes:
        documents: scored documents (every gold document).
        overall: ``{scheme: SemEvalCounts}`` summed over documents.
        per_type: ``{type: {scheme: SemEvalCounts}}`` (types of gold or predicted mentions, sorted;
            an untyped mention's type is ``""``).
        warnings: the pairing's warnings (:mod:`bengal.score.pairing`).
        conventions: ``{name: one-line statement}``.
        per_document: ``{scheme: SemEvalCounts}`` of each scored document, in pairing order (the
            units of :func:`with_semeval_ci`; not in the JSON).
        beta: the beta of the F-beta columns (1: F1 only).
        threshold: predictions with a score below it were left out before scoring (None: all kept).
        below_threshold: how many were left out.
        ci: bootstrap intervals over documents per scheme (:func:`with_semeval_ci`), else None.
    """

    documents: int
    overall: Mapping[str, SemEvalCounts]
    per_type: Mapping[str, Mapping[str, SemEvalCounts]]
    warnings: tuple[ScoreWarning, ...] = ()
    conventions: Mapping[str, str] = field(default_factory=dict)
    per_document: tuple[Mapping[str, SemEvalCounts], ...] = field(default=(), repr=False, compare=False)
    beta: float = 1.0
    threshold: float | None = None
    below_threshold: int = 0
    ci: Mapping[str, Any] | None = None

    task = "semeval"

    def f_beta(self, scheme: str) -> float:
        """F-beta at :attr:`beta` of one scheme's summed P and R (:func:`bengal.score.metrics.f_beta_from_pr`)."""
        c = self.overall[scheme]
        if c.act == 0 and c.pos == 0:
            return 1.0
        return f_beta_from_pr(c.precision, c.recall, self.beta)

    @property
    def micro(self) -> MicroScore:
        """The strict scheme as counts: TP = COR, FP = ACT − COR, FN = POS − COR, with its P, R, F1."""
        c = self.overall["strict"]
        return MicroScore.of(Counts(c.cor, c.act - c.cor, c.pos - c.cor))

    def to_json(self) -> dict[str, Any]:
        """``{"task": "semeval", "documents", "micro": {"tp", "fp", "fn", "precision", "recall", "f1"},
        "overall": {scheme: {"cor", "inc", "par", "mis", "spu", "act", "pos", "precision", "recall", "f1"}},
        "per_type": {type: {scheme: …}}, "warnings", "conventions", "beta", "f_beta": {scheme: value},
        "threshold", "below_threshold", "ci": null | {"method", "unit", "samples", "level", "seed", "micro",
        "schemes": {scheme: {"precision": [lo, hi], "recall", "f1" (, "f_beta")}}}}``."""
        return {
            "task": "semeval",
            "documents": self.documents,
            "micro": self.micro.to_json(),
            "overall": {s: c.to_json() for s, c in self.overall.items()},
            "per_type": {t: {s: c.to_json() for s, c in rows.items()} for t, rows in self.per_type.items()},
            "warnings": [w.to_json() for w in self.warnings],
            "conventions": dict(self.conventions),
            "beta": self.beta,
            "f_beta": {s: self.f_beta(s) for s in self.overall},
            "threshold": self.threshold,
            "below_threshold": self.below_threshold,
            "ci": None if self.ci is None else dict(self.ci),
        }


def with_semeval_ci(result: SemEvalResult, samples: int = 1000, level: float = 0.95,
                    seed: int = 0) -> SemEvalResult:
    """A copy of ``result`` whose ``ci`` holds percentile bootstrap intervals over documents of each
    scheme's P, R, F1 (and F-beta at the result's beta), the same resampled documents for every
    scheme (:func:`bengal.score.resample.units_ci`; a unit is (credit, ACT, POS) of a document).

    Raises:
        UsageError: bad ``samples`` or ``level``.
    """
    schemes: dict[str, Any] = {}
    block: dict[str, Any] = {}
    for s in result.overall:
        units = np.array([[d[s].credit, d[s].act, d[s].pos] for d in result.per_document], dtype=float)
        block = units_ci(units, unit="documents", samples=samples, level=level, seed=seed, beta=result.beta)
        schemes[s] = block["micro"]
    out = {k: v for k, v in block.items() if k != "micro"} if block else {}
    out["micro"] = schemes.get("strict", {})
    out["schemes"] = schemes
    return replace(result, ci=out)


def score_semeval(gold: Corpus, pred: Corpus, *, beta: float = 1.0, threshold: float | None = None) -> SemEvalResult:
    """SemEval-2013 strict, exact, partial and type scores of ``pred`` against ``gold``, overall and per type.

    Args:
        gold, pred: the corpora.
        beta: the F-beta reported beside F1 (positive).
        threshold: keep only predictions with ``score >= threshold`` (unscored ones are kept and counted
            in a warning), as :func:`bengal.score.score` does.

    Raises:
        InputError: as :func:`bengal.score.pairing.pair_documents`.
        ValueError: ``beta`` not a positive finite number.
    """
    f_beta_from_pr(1.0, 1.0, beta)  # checks beta
    pred, below, unscored = thresholded(pred, threshold)
    pairing = pair_documents(gold, pred)
    pairs = [(g.mentions, p.mentions if p is not None else ()) for g, p in pairing.pairs]
    per_document = []
    overall = {s: SemEvalCounts(s) for s in SEMEVAL_SCHEMES}
    types = sorted({m.type or "" for g, p in pairs for m in (*g, *p)})
    per_type = {t: {s: SemEvalCounts(s) for s in SEMEVAL_SCHEMES} for t in types}
    for g, p in pairs:
        doc = {s: semeval_counts(g, p, s) for s in SEMEVAL_SCHEMES}
        per_document.append(doc)
        for s in SEMEVAL_SCHEMES:
            overall[s].add(doc[s])
        for t in types:
            gt = [m for m in g if (m.type or "") == t]
            pt = [m for m in p if (m.type or "") == t]
            if gt or pt:
                for s in SEMEVAL_SCHEMES:
                    per_type[t][s].add(semeval_counts(gt, pt, s))
    conventions = {
        "schemes": "SemEval-2013 task 9.1 as nervaluate: strict (span and type), exact (span), partial (overlap "
                   "earns half credit), type (overlap and type)",
        "order": "one-to-one maximum matchings, best category first (COR, then INC/PAR), independent of the "
                 "order of the predictions (nervaluate: prediction order, the first overlapping gold mention)",
        "micro": "COR, INC, PAR, MIS, SPU summed over documents, then P, R, F1 of the sums",
        "zero_division": "ACT = POS = 0 gives P = R = F1 = 1; another zero denominator gives 0",
    }
    warnings = list(pairing.all_warnings)
    if threshold is not None:
        conventions["threshold"] = f"predictions with score >= {threshold:g} kept ({below} left out)"
        warnings += unscored_warnings(pred, threshold, unscored)
    return SemEvalResult(len(pairs), overall, per_type, tuple(warnings), conventions, tuple(per_document),
                         float(beta), threshold, below)
