"""``bengal stats``'s output: one table (rows = measures, columns = corpora) and its JSON."""

from __future__ import annotations

from typing import Any, Sequence

from bengal.shape.measures import MEASURES, CorpusShape

__all__ = ["shape_table", "shape_json"]


def _cell(value: float | int | None, kind: str) -> str:
    if value is None:
        return "–"
    if kind == "int":
        return f"{int(value):,}"
    if kind == "share":
        return f"{100 * value:.1f} %"
    if kind == "float3":
        return f"{value:.3f}"
    return f"{value:.2f}"


def shape_table(shapes: Sequence[CorpusShape], kb: str) -> list[str]:
    """The lines of a Markdown table: one row per measure of :data:`MEASURES`, one column per
    corpus, then a line naming the KB and, per corpus, the language its tokens and sentences were
    counted in when that is not the default English (and where it came from), and the reader's
    warnings (code × count)."""
    header = ["measure", *(s.name for s in shapes)]
    rows = [[label, *(_cell(s.values.get(key), kind) for s in shapes)] for key, label, kind in MEASURES]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.ljust(w) if i == 0 else c.rjust(w)
                                 for i, (c, w) in enumerate(zip(cells, widths))) + " |"

    out = [line(header), "|" + "|".join(("-" * (w + 1)) + (":" if i else "-") for i, w in enumerate(widths)) + "|"]
    out += [line(r) for r in rows]
    out.append(f"KB: {kb}")
    for s in shapes:
        if s.lang_source is not None:
            out.append(f"{s.name}: tokens and sentences in {s.lang} (from {s.lang_source})")
        if s.warnings:
            out.append(f"{s.name}: reader warnings " + ", ".join(f"{c} × {n}" for c, n in s.warnings.items()))
    return out


def shape_json(shapes: Sequence[CorpusShape], kb: str) -> dict[str, Any]:
    """``{"kb": snapshot, "measures": [{"key", "label"}], "corpora": [CorpusShape.to_json()]}``."""
    return {"kb": kb, "measures": [{"key": k, "label": label} for k, label, _ in MEASURES],
            "corpora": [s.to_json() for s in shapes]}
