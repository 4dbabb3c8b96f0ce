"""Errors that reach the user as one line (the CLI prints them without a traceback)."""

from __future__ import annotations

__all__ = ["BengalError", "InputError", "GoldError", "UsageError"]


class BengalError(Exception):
    """Base class of every error bengal reports to the user.

    The CLI prints ``str(error)`` on one line of stderr and exits non-zero.
    """


class InputError(BengalError):
    """An input file is broken: the message names the file and, when known,
    the line and column, or the document / phrase IRI, and what is wrong.

    Args:
        message: what is wrong.
        source: the file (or corpus name) the flaw is in.
        line: 1-based line number, when known.
        column: 1-based column number, when known.
    """

    def __init__(self, message: str, source: str | None = None, line: int | None = None,
                 column: int | None = None) -> None:
        self.source = source
        self.line = line
        self.column = column
        self.detail = message
        where = source or ""
        if line is not None:
            where += f":{line}" + (f":{column}" if column is not None else "")
        super().__init__(f"{where}: {message}" if where else message)


class GoldError(BengalError):
    """A generated gold standard failed a check before writing (nothing is written)."""


class UsageError(BengalError):
    """Arguments that cannot work together or are out of range."""
