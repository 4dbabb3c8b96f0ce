"""Terminal tables of the partial-credit scores: SemEval-2013's schemes and Jaccard F-beta."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bengal.report.chunks import ci_line
from bengal.report.render import plain_text, short_iri
from bengal.report.rows import TYPE_ROWS
from bengal.score.jaccard import JaccardResult
from bengal.score.semeval import SemEvalResult

__all__ = ["render_semeval", "render_jaccard"]


def _f(x: float) -> str:
    return f"{x:.4f}"


def render_semeval(result: SemEvalResult, type_rows: int | None = TYPE_ROWS) -> str:
    """A :class:`~bengal.score.semeval.SemEvalResult` as plain text: one row per scheme (COR, INC, PAR, MIS,
    SPU, ACT, POS, P, R, F1), then F1 per type and scheme for the ``type_rows`` types with the most gold
    mentions (None: all; DBpedia IRIs prefixed, ``dbo:Band``) and a row counting the rest."""
    table = Table(title=f"SemEval-2013 schemes · {result.documents} documents", title_justify="left")
    table.add_column("scheme", style="bold")
    fb = result.beta != 1.0
    names = ("COR", "INC", "PAR", "MIS", "SPU", "ACT", "POS", "P", "R", "F1", *([f"F{result.beta:g}"] if fb else []))
    for name in names:
        table.add_column(name, justify="right")
    for scheme, c in result.overall.items():
        table.add_row(scheme, str(c.cor), str(c.inc), str(c.par), str(c.mis), str(c.spu), str(c.act), str(c.pos),
                      _f(c.precision), _f(c.recall), _f(c.f1), *([_f(result.f_beta(scheme))] if fb else []))
    items: list[RenderableType] = [table]
    if result.ci is not None:
        lines = [f"{s}: " + ci_line({**result.ci, "micro": m}).split(": micro ", 1)[1]
                 for s, m in result.ci["schemes"].items()]
        head = ci_line(result.ci).split(": micro ", 1)[0]
        items.append(Text(f"{head}, micro:\n  " + "\n  ".join(lines)))
    if result.per_type:
        def gold(t: str) -> int:
            return max(c.pos for c in result.per_type[t].values())

        order = sorted(result.per_type, key=lambda t: (-gold(t), t))
        shown = order if type_rows is None else order[:type_rows]
        more = (f", the {len(shown)} of {len(order)} types with the most gold mentions"
                if len(shown) < len(order) else "")
        types = Table(title=f"F1 per type{more}", title_justify="left")
        types.add_column("type", style="bold")
        schemes = list(result.overall)
        for s in schemes:
            types.add_column(s, justify="right")
        for t in shown:
            types.add_row(short_iri(t) if t else "(untyped)", *(_f(result.per_type[t][s].f1) for s in schemes))
        if more:
            types.add_section()
            types.add_row(f"… {len(order) - len(shown)} more (--all-rows)", *("" for _ in schemes))
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
    items: list[RenderableType] = [table]
    if result.ci is not None:
        items.append(Text(ci_line(result.ci)))
    items.append(Text("\n".join(result.conventions.values()), style="dim"))
    return plain_text(Group(*items))
