"""Terminal tables of the partial-credit scores: SemEval-2013's schemes and Jaccard F-beta."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bengal.report.render import plain_text
from bengal.score.jaccard import JaccardResult
from bengal.score.semeval import SemEvalResult

__all__ = ["render_semeval", "render_jaccard"]


def _f(x: float) -> str:
    return f"{x:.4f}"


def render_semeval(result: SemEvalResult) -> str:
    """A :class:`~bengal.score.semeval.SemEvalResult` as plain text: one row per scheme (COR, INC, PAR, MIS,
    SPU, ACT, POS, P, R, F1), then F1 per type and scheme."""
    table = Table(title=f"SemEval-2013 schemes · {result.documents} documents", title_justify="left")
    table.add_column("scheme", style="bold")
    for name in ("COR", "INC", "PAR", "MIS", "SPU", "ACT", "POS", "P", "R", "F1"):
        table.add_column(name, justify="right")
    for scheme, c in result.overall.items():
        table.add_row(scheme, str(c.cor), str(c.inc), str(c.par), str(c.mis), str(c.spu), str(c.act), str(c.pos),
                      _f(c.precision), _f(c.recall), _f(c.f1))
    items: list[RenderableType] = [table]
    if result.per_type:
        types = Table(title="F1 per type", title_justify="left")
        types.add_column("type", style="bold")
        schemes = list(result.overall)
        for s in schemes:
            types.add_column(s, justify="right")
        for t, rows in result.per_type.items():
            types.add_row(t or "(untyped)", *(_f(rows[s].f1) for s in schemes))
        items.append(types)
    items.append(Text("\n".join(result.conventions.values()), style="dim"))
    return plain_text(Group(*items))


def render_jaccard(result: JaccardResult) -> str:
    """A :class:`~bengal.score.jaccard.JaccardResult` as plain text."""
    table = Table(title=f"Jaccard F{result.beta:g} · threshold {result.threshold:g} · "
                        f"{'greedy' if result.greedy else 'one-to-one'} matching · {result.documents} documents",
                  title_justify="left")
    for name in ("P", "R", f"F{result.beta:g}", "TP", "FP", "FN"):
        table.add_column(name, justify="right")
    c = result.counts
    table.add_row(_f(result.precision), _f(result.recall), _f(result.f_beta), str(c.tp), str(c.fp), str(c.fn))
    return plain_text(Group(table, Text("\n".join(result.conventions.values()), style="dim")))
