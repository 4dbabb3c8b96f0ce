"""Small HTML helpers of the report page: escaping, numbers, system names."""

from __future__ import annotations

import html
from typing import Any, Sequence

from bengal.report.results import ReportInput

__all__ = ["esc", "fixed", "system_names"]


def esc(x: Any) -> str:
    """``str(x)`` escaped for HTML text and quoted attribute values."""
    return html.escape(str(x), quote=True)


def fixed(x: float | None, digits: int = 4) -> str:
    """``x`` with ``digits`` decimals, an en dash for None."""
    return "–" if x is None else f"{x:.{digits}f}"


def system_names(results: Sequence[ReportInput]) -> list[str]:
    """The systems of ``results``, each once, in the order they first appear."""
    out: dict[str, None] = {}
    for r in results:
        out.setdefault(r.system)
    return list(out)
