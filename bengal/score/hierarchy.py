"""Hierarchical ETyping, as GERBIL scores typing (``HierarchicalFMeasureCalculator`` with its
``HierarchicalMatchingsCounter``), and the type-confusion table of ETyping.

For each gold mention, in gold order, the prediction its span is matched to (the ERec alignment of
the run: maximum matching, or GERBIL's first fit under ``--profile gerbil``) is compared by
classes: both type sets are closed **downward** under ``rdfs:subClassOf`` (each type and all its
sub-classes, from the KB's class table, :func:`bengal.typemap.class_hierarchy`; GERBIL's
``SubClassInferencer.inferSubClasses``, as its ``HierarchicalFMeasureCalculatorTest`` confirms: gold
D, answer C in its A…L model give TP 1, FP 1, FN 6), and only the classes of the KB's ontology
(``http://dbpedia.org/ontology/``) are counted: TP = classes in both closures, FP = in the
prediction's only, FN = in the gold's only. The mention's hierarchical P = TP/(TP+FP), R = TP/(TP+FN);
both 0 when TP = 0 (but when TP = FP = FN = 0, neither side giving a KB class, GERBIL counts TP = 1:
P = R = 1). A gold mention matched to no prediction has P = R = 0; an unmatched prediction is not
counted (GERBIL's rule). **Micro** P, R = the means over all gold mentions, F1 their harmonic mean;
**macro** = the mean over documents with gold mentions of the per-document means (F1 per document,
then averaged). No gold mention at all gives 1 (the project's zero-division rule).

Worked case (by hand, 2016-10 table): gold dbo:City, prediction dbo:Settlement: closures {City,
Capital, CapitalOfRegion} and {Settlement, City, Capital, CapitalOfRegion, CityDistrict,
HistoricalSettlement, Town, Village}: TP 3, FP 5, FN 0: P 3/8, R 1 (a too general answer loses
precision, a too specific one recall).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from bengal.model import Document, Mention
from bengal.score.matching import SpanMatch, align
from bengal.typemap import DBO, children_of, class_hierarchy, with_subclasses

__all__ = ["subclasses", "class_counts", "HierarchicalTyping", "hierarchical_typing", "hierarchical_document",
           "hierarchical_of", "HierarchicalPart", "type_confusion", "confusion_document", "add_confusion",
           "HIERARCHICAL_DEFINITION"]

#: One line for the conventions.
HIERARCHICAL_DEFINITION = (
    "hierarchical ETyping (GERBIL's HierarchicalFMeasureCalculator): per gold mention, P and R over the "
    "dbo: sub-classes (downward rdfs:subClassOf closure, as GERBIL's inferSubClasses) of its type and of the "
    "matched prediction's; an unmatched "
    "gold mention P = R = 0, unmatched predictions not counted; micro = mean over gold mentions")

_CHILDREN: dict[str, list[str]] | None = None


def _default_children() -> Mapping[str, list[str]]:
    global _CHILDREN
    if _CHILDREN is None:
        _CHILDREN = children_of(class_hierarchy())
    return _CHILDREN


def subclasses(types: Iterable[str], parents: Mapping[str, Sequence[str]] | None = None) -> frozenset[str]:
    """The classes ``types`` and all their sub-classes (transitive, downward ``rdfs:subClassOf``; cycles
    are safe). ``parents``: ``{class: [direct super-classes]}`` (default: the shipped DBpedia table)."""
    table = _default_children() if parents is None else children_of(parents)
    return frozenset(with_subclasses(types, table))


def class_counts(gold_types: Iterable[str], pred_types: Iterable[str],
                 parents: Mapping[str, Sequence[str]] | None = None,
                 namespace: str | None = DBO) -> tuple[int, int, int]:
    """``(TP, FP, FN)`` over the KB classes (IRIs under ``namespace``; None: every class) of the two
    sub-class closures."""
    g = {c for c in subclasses(gold_types, parents) if namespace is None or c.startswith(namespace)}
    p = {c for c in subclasses(pred_types, parents) if namespace is None or c.startswith(namespace)}
    return len(g & p), len(p - g), len(g - p)


def _measures(tp: int, fp: int, fn: int) -> tuple[float, float]:
    if tp == 0:
        return (1.0, 1.0) if fp == 0 and fn == 0 else (0.0, 0.0)
    return tp / (tp + fp), tp / (tp + fn)


def _f1(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p > 0 and r > 0 else 0.0


@dataclass(frozen=True)
class HierarchicalTyping:
    """Hierarchical ETyping of a corpus (module docstring).

    Attributes:
        micro_precision, micro_recall, micro_f1: means over gold mentions (F1 of the two means).
        macro_precision, macro_recall, macro_f1: means over documents with gold mentions.
        mentions: gold mentions scored; matched: those with a span-matched prediction.
    """

    micro_precision: float
    micro_recall: float
    micro_f1: float
    macro_precision: float
    macro_recall: float
    macro_f1: float
    mentions: int
    matched: int

    def to_json(self) -> dict[str, Any]:
        """``{"definition", "mentions", "matched", "micro": {"precision", "recall", "f1"}, "macro": {…}}``."""
        return {"definition": HIERARCHICAL_DEFINITION, "mentions": self.mentions, "matched": self.matched,
                "micro": {"precision": self.micro_precision, "recall": self.micro_recall, "f1": self.micro_f1},
                "macro": {"precision": self.macro_precision, "recall": self.macro_recall, "f1": self.macro_f1}}


def _types(m: Mention) -> list[str]:
    return m.type.split() if m.type else []


def hierarchical_typing(pairs: Sequence[tuple[Document, Document | None]], span_match: SpanMatch, strategy: str,
                        parents: Mapping[str, Sequence[str]] | None = None,
                        namespace: str | None = DBO) -> HierarchicalTyping:
    """Hierarchical ETyping of paired documents ``(gold, prediction or None)`` (module docstring);
    ``parents`` and ``namespace`` as :func:`class_counts`."""
    return hierarchical_of([hierarchical_document(g, p, span_match, strategy, parents, namespace) for g, p in pairs])


#: What one document gives hierarchical ETyping: ``(P of each gold mention, R of each, gold mentions matched)``.
HierarchicalPart = tuple[list[float], list[float], int]


def hierarchical_document(g: Document, p: Document | None, span_match: SpanMatch, strategy: str,
                          parents: Mapping[str, Sequence[str]] | None = None,
                          namespace: str | None = DBO) -> HierarchicalPart | None:
    """One document pair's part of :func:`hierarchical_typing` (``p`` None: no prediction): the
    hierarchical P and R of each gold mention in gold order and how many were span-matched; None for
    a document without gold mentions (it takes no part)."""
    gold = g.mentions
    if not gold:
        return None
    pred = p.mentions if p is not None else ()
    partner = dict(align(gold, pred, span_match, None, strategy).pairs)
    ps, rs = [], []
    matched = 0
    for i, m in enumerate(gold):
        j = partner.get(i)
        if j is None:
            mp, mr = 0.0, 0.0
        else:
            matched += 1
            mp, mr = _measures(*class_counts(_types(m), _types(pred[j]), parents, namespace))
        ps.append(mp)
        rs.append(mr)
    return ps, rs, matched


def hierarchical_of(parts: Iterable[HierarchicalPart | None]) -> HierarchicalTyping:
    """Hierarchical ETyping of the documents' parts (:func:`hierarchical_document`), in document order."""
    all_p: list[float] = []
    all_r: list[float] = []
    doc_p: list[float] = []
    doc_r: list[float] = []
    doc_f: list[float] = []
    matched = 0
    for part in parts:
        if part is None:
            continue
        ps, rs, n = part
        matched += n
        all_p += ps
        all_r += rs
        dp, dr = sum(ps) / len(ps), sum(rs) / len(rs)
        doc_p.append(dp)
        doc_r.append(dr)
        doc_f.append(_f1(dp, dr))
    if not all_p:
        return HierarchicalTyping(1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0, 0)
    mp, mr = sum(all_p) / len(all_p), sum(all_r) / len(all_r)
    return HierarchicalTyping(mp, mr, _f1(mp, mr), sum(doc_p) / len(doc_p), sum(doc_r) / len(doc_r),
                              sum(doc_f) / len(doc_f), len(all_p), matched)


def type_confusion(pairs: Sequence[tuple[Document, Document | None]], span_match: SpanMatch,
                   strategy: str) -> dict[str, dict[str, int]]:
    """``{gold type: {predicted type: n}}`` over the span-matched pairs (the ERec alignment): the types as
    written (several space-separated IRIs stay one key), ``""`` for untyped; zero cells left out."""
    out: dict[str, dict[str, int]] = {}
    for g, p in pairs:
        add_confusion(out, confusion_document(g, p, span_match, strategy))
    return out


def confusion_document(g: Document, p: Document | None, span_match: SpanMatch,
                       strategy: str) -> list[tuple[str, str]]:
    """``(gold type, predicted type)`` of each span-matched pair of one document (gold order; ``""`` for
    untyped; none when ``p`` is None): its part of :func:`type_confusion`."""
    if p is None:
        return []
    return [(g.mentions[i].type or "", p.mentions[j].type or "")
            for i, j in align(g.mentions, p.mentions, span_match, None, strategy).pairs]


def add_confusion(table: dict[str, dict[str, int]], part: Iterable[tuple[str, str]]) -> None:
    """Count one document's :func:`confusion_document` pairs into ``table`` (rows and cells in first-seen order)."""
    for gt, pt in part:
        row = table.setdefault(gt, {})
        row[pt] = row.get(pt, 0) + 1
