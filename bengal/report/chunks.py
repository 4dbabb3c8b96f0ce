"""Terminal table of a chunk report (:class:`bengal.score.chunks.ChunkReport`) and of LLM answers.

The table: one row per type (P, R, F1, TP, FP, FN, support), then the micro,
macro and weighted rows; under it the token accuracy, the invalid tags per side
(repaired or dropped) and the conventions the numbers follow.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from bengal.io.answers import INPUT_RULES
from bengal.llm.answers import RULES, AnswerReport
from bengal.report.render import plain_text
from bengal.score.chunks import ChunkReport
from bengal.tagging.schemes import get_scheme

__all__ = ["build_chunk_report", "render_chunk_report", "render_answers"]


def _f(x: float) -> str:
    return f"{x:.4f}"


def build_chunk_report(report: ChunkReport) -> Group:
    """The report as a ``rich`` renderable."""
    scheme = get_scheme(report.scheme).label
    style = "suffix" if report.suffix else "prefix"
    table = Table(title=f"chunks · {scheme} ({style} tags) · {report.mode} mode · {report.sentences} sentences, "
                        f"{report.tokens} tokens", title_justify="left")
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
    treatment = "dropped" if report.mode == "strict" else "repaired"
    lines = [
        f"token accuracy {_f(report.token_accuracy)} ({report.correct_tokens} of {report.tokens} tokens)",
        f"invalid tags (not allowed in place by {scheme}; {treatment}): gold {report.invalid_gold}, "
        f"prediction {report.invalid_pred}",
    ]
    notes = [report.conventions.get(k, "") for k in ("mode", "matching", "macro", "weighted", "zero_division")]
    return Group(table, Text("\n".join(lines)), Text("\n".join(n for n in notes if n), style="dim"))


def render_chunk_report(report: ChunkReport, *, width: int = 100) -> str:
    """The report as plain text (no colour codes)."""
    return plain_text(build_chunk_report(report), width=width)


def render_answers(report: AnswerReport) -> str:
    """A :class:`bengal.llm.answers.AnswerReport` as plain text: the chunk table, then one line per
    counted rule (occurrences, answers that show it, the rule, the first places)."""
    head = (f"LLM answers (evalscope conllpp tag format) · {report.sentences} sentences, "
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
