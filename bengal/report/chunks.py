"""Terminal table of a chunk report (:class:`bengal.score.chunks.ChunkReport`) and of LLM answers.

The table: one row per type (P, R, F1, TP, FP, FN, support), then the micro,
macro and weighted rows; under it the token accuracy, the invalid tags per side
(repaired or dropped) and the conventions the numbers follow.
"""

from __future__ import annotations

from typing import Any, Mapping

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bengal.io.answers import INPUT_RULES
from bengal.llm.answers import RULES, AnswerReport
from bengal.report.render import plain_text, short_iri
from bengal.report.text import counted
from bengal.score.chunks import ChunkReport
from bengal.tagging.schemes import INVALID_TAG_TREATMENT, get_scheme

__all__ = ["build_chunk_report", "render_chunk_report", "render_answers", "confusion_table", "ci_line",
           "CONFUSION_TYPES"]


def _f(x: float) -> str:
    return f"{x:.4f}"


def build_chunk_report(report: ChunkReport) -> Group:
    """The report as a ``rich`` renderable."""
    scheme = get_scheme(report.scheme).label
    style = "suffix" if report.suffix else "prefix"
    table = Table(title=f"chunks · {scheme} ({style} tags) · {report.mode} mode · "
                        f"{counted(report.sentences, 'sentence')}, {counted(report.tokens, 'token')}",
                  title_justify="left")
    table.add_column("", style="bold")
    for name in ("P", "R", "F1", "TP", "FP", "FN", "support"):
        table.add_column(name, justify="right")
    for typ, r in report.per_type.items():
        table.add_row(typ, _f(r.precision), _f(r.recall), _f(r.f1), str(r.tp), str(r.fp), str(r.fn), str(r.support))
    table.add_section()
    m = report.micro
    table.add_row("micro", _f(m.precision), _f(m.recall), _f(m.f1), str(m.tp), str(m.fp), str(m.fn), str(m.support))
    for name, avg in (("macro", report.macro), ("weighted", report.weighted)):
        table.add_row(name, _f(avg.precision), _f(avg.recall), _f(avg.f1), "", "", "", str(avg.support))
    treatment = INVALID_TAG_TREATMENT[report.mode]
    lines = [
        f"token accuracy {_f(report.token_accuracy)} ({report.correct_tokens} of {report.tokens} tokens)",
        f"invalid tags (in no chunk {scheme} allows; {treatment}): gold {report.invalid_gold}, "
        f"prediction {report.invalid_pred}",
    ]
    if report.beta != 1.0:
        lines.append(f"micro F{report.beta:g} {_f(report.f_beta_micro)}, macro F{report.beta:g} "
                     f"{_f(report.f_beta(report.beta, 'macro'))} (mean over types)")
    if report.ci is not None:
        lines.append(ci_line(report.ci))
    notes = [report.conventions.get(k, "") for k in ("mode", "matching", "macro", "weighted", "zero_division")]
    parts: list[RenderableType] = [table, Text("\n".join(lines))]
    confusion = confusion_table(report.confusion, "chunks")
    if confusion is not None:
        parts.append(confusion)
    parts.append(Text("\n".join(n for n in notes if n), style="dim"))
    return Group(*parts)


#: Most types a confusion table prints as rows and columns (the JSON keeps every cell).
CONFUSION_TYPES = 8


def confusion_table(confusion: Mapping[str, Mapping[str, int]], what: str,
                    limit: int = CONFUSION_TYPES) -> Table | None:
    """The type-confusion table (gold type rows × predicted type columns, same-span matches) as a
    ``rich`` table; None when no off-diagonal cell is set (all matched spans agree on the type: the
    table would repeat TP). At most ``limit`` rows and columns (the types with the most matches);
    DBpedia IRIs prefixed (``dbo:City``), several types of one mention joined by ``+``."""
    if not any(g != p and n for g, row in confusion.items() for p, n in row.items()):
        return None
    rows_w: dict[str, int] = {}
    cols_w: dict[str, int] = {}
    for g, row in confusion.items():
        for p, n in row.items():
            rows_w[g] = rows_w.get(g, 0) + n
            cols_w[p] = cols_w.get(p, 0) + n
    rows = sorted(rows_w, key=lambda t: (-rows_w[t], t))
    cols = sorted(cols_w, key=lambda t: (-cols_w[t], t))
    cut = len(rows) > limit or len(cols) > limit
    more = " (the types with the most matches; --json has every cell)" if cut else ""
    table = Table(title=f"type confusion on {what} of the same span: rows gold, columns predicted{more}",
                  title_justify="left")
    table.add_column("gold \\ pred", style="bold")
    for t in cols[:limit]:
        table.add_column(_type_label(t), justify="right")
    for g in rows[:limit]:
        row = confusion.get(g, {})
        table.add_row(_type_label(g), *(str(row[p]) if row.get(p) else "·" for p in cols[:limit]))
    return table


def _type_label(key: str) -> str:
    return " + ".join(short_iri(t) for t in key.split()) if key else "(untyped)"


def ci_line(ci: Mapping[str, Any]) -> str:
    """One line of a bootstrap interval block: ``95% bootstrap CI (1000 resamplings of the sentences): micro
    P [lo, hi], R [lo, hi], F1 [lo, hi]`` (and F-beta when there)."""
    m = ci["micro"]
    parts = [f"{name} [{_f(m[key][0])}, {_f(m[key][1])}]" for name, key in (("P", "precision"), ("R", "recall"),
                                                                           ("F1", "f1"))]
    if "f_beta" in m:
        parts.append(f"F{m['beta']:g} [{_f(m['f_beta'][0])}, {_f(m['f_beta'][1])}]")
    return (f"{ci['level']:.0%} bootstrap CI ({ci['samples']} resamplings of the {ci.get('unit', 'documents')}): "
            f"micro {', '.join(parts)}")


def render_chunk_report(report: ChunkReport, *, width: int = 100) -> str:
    """The report as plain text (no colour codes)."""
    return plain_text(build_chunk_report(report), width=width)


def render_answers(report: AnswerReport) -> str:
    """A :class:`bengal.llm.answers.AnswerReport` as plain text: the chunk table, then one line per
    counted rule (occurrences, answers that show it, the rule, the first places)."""
    head = (f"LLM answers (evalscope conllpp tag format) · {counted(report.sentences, 'sentence')}, "
            f"{report.answered} answered\n")
    lines = []
    for rule in RULES:
        n = report.flaws.get(rule, 0)
        if n:
            first = ", ".join(report.places.get(rule, []))
            per = "" if rule in INPUT_RULES else f" in {report.answers_with.get(rule, n)} answers"
            lines.append(f"  {rule}: {n}{per} - {RULES[rule]}"
                         + (f"; first: {first}" if first else ""))
    flaws = "answer flaws (counted per rule):\n" + ("\n".join(lines) if lines else "  none")
    return head + render_chunk_report(report.chunks) + flaws + "\n"
