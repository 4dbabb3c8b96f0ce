"""The default length of the terminal tables, in a module of its own so that a command that prints no
table (``bengal score --json -``) need not import the table renderers and rich to know it."""

from __future__ import annotations

__all__ = ["TYPE_ROWS"]

#: How many per-type rows the terminal table shows by default (``bengal score --all-rows``: all).
TYPE_ROWS = 10
