"""The shared helpers of the commands (the group and the entry point are in :mod:`bengal.cli`, which
loads the command modules by name; a command module imports only these helpers)."""

from __future__ import annotations

import contextlib
import sys
from typing import Callable, Iterable, Iterator

import click

__all__ = ["echo_lines", "progress_bar", "INTERRUPTED"]

#: The exit code after Ctrl-C (SIGINT): 128 + 2, as shells and command-line tools report it.
INTERRUPTED = 130


def echo_lines(lines: Iterable[str], *, err: bool = False) -> None:
    """Echo each line (to stderr with ``err``)."""
    for line in lines:
        click.echo(line, err=err)


@contextlib.contextmanager
def progress_bar(label: str, total: int | None = None, *, show: bool | None = None) -> Iterator[Callable[..., None]]:
    """A progress bar on stderr (rich), drawn only when ``show`` (default: stderr is a terminal); yields
    the callback the library calls: ``(done)`` or ``(done, total)``."""
    if not (sys.stderr.isatty() if show is None else show):
        yield lambda *args: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)

        def update(done: int, total: int | None = None) -> None:
            if total is None:
                bar.update(task, completed=done)
            else:
                bar.update(task, completed=done, total=total)

        yield update
