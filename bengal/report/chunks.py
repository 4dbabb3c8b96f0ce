"""Terminal table and JSON of a chunk report (:class:`bengal.score.chunks.ChunkReport`).

The table: one row per type (P, R, F1, TP, FP, FN, support), then the micro,
macro and weighted rows; under it the token accuracy, the invalid tags per side
(repaired or dropped) and the conventions the numbers follow.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import IO

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from bengal.atomic import atomic_write
from bengal.score.chunks import ChunkReport
from bengal.tagging.schemes import get_scheme

__all__ = ["build_chunk_report", "render_chunk_report", "chunk_json", "write_chunk_json"]


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
    for name, r in (("macro", report.macro), ("weighted", report.weighted)):
        table.add_row(name, _f(r.precision), _f(r.recall), _f(r.f1), "", "", "", str(r.support))
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
    console = Console(file=io.StringIO(), width=width, force_terminal=False, color_system=None, record=True,
                      soft_wrap=False)
    console.print(build_chunk_report(report))
    return console.export_text()


def chunk_json(report: ChunkReport) -> str:
    """``report.to_json()`` as strict JSON (NaN raises ``ValueError``, never emitted)."""
    return json.dumps(report.to_json(), indent=2, ensure_ascii=False, allow_nan=False)


def write_chunk_json(report: ChunkReport, path: str | os.PathLike[str] | IO[str]) -> None:
    """Write the JSON to ``path`` atomically, or to an open text stream."""
    text = chunk_json(report) + "\n"
    if hasattr(path, "write"):
        path.write(text)
        return
    with atomic_write(Path(path)) as fh:
        fh.write(text)


def _plain(renderable) -> str:
    console = Console(file=io.StringIO(), width=100, force_terminal=False, color_system=None, record=True,
                      soft_wrap=False)
    console.print(renderable)
    return console.export_text()


def render_semeval(result) -> str:
    """A :class:`bengal.score.semeval.SemEvalResult` as plain text: one row per scheme (COR, INC, PAR, MIS,
    SPU, ACT, POS, P, R, F1), then F1 per type and scheme."""
    table = Table(title=f"SemEval-2013 schemes · {result.documents} documents", title_justify="left")
    table.add_column("scheme", style="bold")
    for name in ("COR", "INC", "PAR", "MIS", "SPU", "ACT", "POS", "P", "R", "F1"):
        table.add_column(name, justify="right")
    for scheme, c in result.overall.items():
        table.add_row(scheme, str(c.cor), str(c.inc), str(c.par), str(c.mis), str(c.spu), str(c.act), str(c.pos),
                      _f(c.precision), _f(c.recall), _f(c.f1))
    items = [table]
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
    return _plain(Group(*items))


def render_jaccard(result) -> str:
    """A :class:`bengal.score.jaccard.JaccardResult` as plain text."""
    table = Table(title=f"Jaccard F{result.beta:g} · threshold {result.threshold:g} · "
                        f"{'greedy' if result.greedy else 'one-to-one'} matching · {result.documents} documents",
                  title_justify="left")
    for name in ("P", "R", f"F{result.beta:g}", "TP", "FP", "FN"):
        table.add_column(name, justify="right")
    c = result.counts
    table.add_row(_f(result.precision), _f(result.recall), _f(result.f_beta), str(c.tp), str(c.fp), str(c.fn))
    return _plain(Group(table, Text("\n".join(result.conventions.values()), style="dim")))


def render_answers(report) -> str:
    """A :class:`bengal.score.answers.AnswerReport` as plain text: the chunk table, then one line per
    counted rule (occurrences, answers that show it, the rule, the first places)."""
    from bengal.score.answers import INPUT_RULES, RULES

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
