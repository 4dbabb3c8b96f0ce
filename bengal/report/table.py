"""Terminal table of a score, rendered with ``rich``.

One table: a micro row and a macro row with P, R, F1 and (micro only) TP, FP,
FN; the task, match and number of documents in the title; the conventions as
a footnote; warnings summarised as counts per code and side. Works without a
TTY: :func:`render_table` returns plain text, :func:`print_table` prints to a
given :class:`rich.console.Console`.
"""

from __future__ import annotations

import io

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from bengal.score.api import ScoreResult
from bengal.score.matching import SPAN_MATCHES
from bengal.score.tasks import TASKS
from bengal.score.uris import URI_RULE

__all__ = ["build_table", "build_report", "render_table", "render_score", "print_table"]


def _fmt(x: float) -> str:
    return f"{x:.4f}"


def _title(result: ScoreResult) -> str:
    task = TASKS[result.task].label if result.task in TASKS else result.task
    docs = "document" if result.documents == 1 else "documents"
    return f"{task} · {result.match} match · {result.documents} {docs}"


def build_table(result: ScoreResult) -> Table:
    """The score table (a ``rich`` renderable)."""
    table = Table(title=_title(result), title_justify="left")
    table.add_column("", style="bold")
    for name in ("P", "R", "F1", "TP", "FP", "FN"):
        table.add_column(name, justify="right")
    m = result.micro
    table.add_row("micro", _fmt(m.precision), _fmt(m.recall), _fmt(m.f1), str(m.tp), str(m.fp), str(m.fn))
    a = result.macro
    table.add_row("macro", _fmt(a.precision), _fmt(a.recall), _fmt(a.f1), "", "", "")
    return table


def _footnote(result: ScoreResult) -> Text:
    c = result.conventions
    lines = [
        "micro = counts summed over documents; macro = mean of per-document P, R, F1 "
        "(macro F1 = mean of per-document F1, as GERBIL).",
        "Zero division (GERBIL): a document with TP = FP = FN = 0 scores 1; otherwise TP = 0 scores 0.",
    ]
    span = SPAN_MATCHES.get(result.match)
    task = TASKS.get(result.task)
    if span is not None and task is not None:
        pair = span.description + ("; " + URI_RULE if task.uses_uris else "; URIs ignored")
        lines.append(f"Matching: one-to-one maximum matching per document (input order irrelevant); {pair}.")
    elif "matching" in c:
        lines.append(f"Matching: {c['matching']}.")
    return Text("\n".join(lines), style="dim")


def _warning_summary(result: ScoreResult) -> Text | None:
    counts = result.warning_counts()
    if not counts:
        return None
    total = sum(counts.values())
    parts = [f"{code} ({side}) ×{n}" for (code, side), n in counts.items()]
    return Text(f"{total} warning{'s' if total != 1 else ''}: " + ", ".join(parts), style="yellow")


def build_report(result: ScoreResult) -> Group:
    """Table, footnote and warning summary as one ``rich`` renderable."""
    items = [build_table(result), _footnote(result)]
    summary = _warning_summary(result)
    if summary is not None:
        items.append(summary)
    return Group(*items)


def print_table(result: ScoreResult, console: Console) -> None:
    """Print the report to ``console``."""
    console.print(build_report(result))


def render_table(result: ScoreResult, *, width: int = 100) -> str:
    """The report as plain text (no colour codes), e.g. for CI logs and tests."""
    console = Console(file=io.StringIO(), width=width, force_terminal=False, color_system=None,
                      record=True, soft_wrap=False)
    print_table(result, console)
    return console.export_text()


#: Alias used by ``bengal score`` (bengal/cli.py).
render_score = render_table
