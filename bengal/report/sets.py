"""The ``bengal compare-sets`` table: one system on several gold sets, a line per set and view."""

from __future__ import annotations

from typing import Sequence

from rich.console import JustifyMethod
from rich.table import Table

from bengal.report.render import plain_text
from bengal.score.result import ScoreResult
from bengal.score.sets import SetScore

__all__ = ["render_sets"]


def _ci(r: ScoreResult) -> str:
    if not r.ci:
        return ""
    lo, hi = r.ci["micro"]["f1"]
    return f"[{lo:.4f}, {hi:.4f}]"


def render_sets(rows: Sequence[SetScore], *, width: int = 120) -> str:
    """The side-by-side table as plain text: one line per set and view (micro P, R, F1, the F1
    interval, TP/FP/FN, documents)."""
    level = next((r.ner.ci["level"] for r in rows if r.ner.ci), None)
    table = Table(title="one system on several gold sets (micro, strong match)", title_justify="left")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("gold set", "left"), ("view", "left"), ("docs", "right"), ("P", "right"), ("R", "right"), ("F1", "right"),
        (f"F1 {level:.0%} CI" if level else "F1 CI", "right"), ("TP", "right"), ("FP", "right"), ("FN", "right"))
    for name, just in columns:
        table.add_column(name, justify=just)
    for r in rows:
        for view, res in (("NER", r.ner), ("A2KB", r.a2kb)):
            if res is None:
                table.add_row(r.gold, "A2KB: n/a, no gold URIs", "", "", "", "", "", "", "", "")
                continue
            m = res.micro
            table.add_row(r.gold, view, str(res.documents), f"{m.precision:.4f}", f"{m.recall:.4f}", f"{m.f1:.4f}",
                          _ci(res), str(m.tp), str(m.fp), str(m.fn))
        table.add_section()
    text = plain_text(table, width=width)
    notes = []
    for r in rows:
        if r.flaws:
            notes.append(f"{r.pred}: answer flaws " + ", ".join(f"{k} {v}" for k, v in sorted(r.flaws.items())))
    if level:
        first = next(r.ner.ci for r in rows if r.ner.ci)
        notes.append(f"CI: {first['method']}, {first['samples']} samples, seed {first['seed']}; "
                     "answer files resample sentences")
    notes.append("NER: same span and type, types mapped to PER/ORG/LOC/MISC (DBpedia classes through "
                 "rdfs:subClassOf); A2KB: same span and URI")
    return text + "\n".join(notes) + "\n"
