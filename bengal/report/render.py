"""Plain text of a ``rich`` renderable: the one way every terminal report becomes a string."""

from __future__ import annotations

import io

from rich.console import Console, RenderableType

__all__ = ["plain_text"]


def plain_text(renderable: RenderableType, *, width: int = 100) -> str:
    """``renderable`` printed as plain text at ``width`` columns (e.g. for CI logs and tests)."""
    console = Console(file=io.StringIO(), width=width, force_terminal=False, color_system=None, record=True,
                      soft_wrap=False)
    console.print(renderable)
    return console.export_text()
