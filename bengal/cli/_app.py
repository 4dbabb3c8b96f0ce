"""The shared helpers of the commands (the group and the entry point are in :mod:`bengal.cli`, which
loads the command modules by name; a command module imports only these helpers)."""

from __future__ import annotations

import contextlib
import sys
from typing import Any, Callable, Iterable, Iterator

import click

__all__ = ["echo_lines", "progress_bar", "Waits", "INTERRUPTED", "TERMINATED", "Terminated",
           "raise_terminated", "one_line", "printable", "LINE_LIMIT"]

#: The exit code after Ctrl-C (SIGINT): 128 + 2, as shells and command-line tools report it.
INTERRUPTED = 130
#: The exit code after SIGTERM (``kill PID``, a job scheduler's stop): 128 + 15.
TERMINATED = 143


class Terminated(BaseException):
    """Raised in the main thread by SIGTERM, so that, as for Ctrl-C, every ``with`` block unwinds:
    temporary files are removed, worker pools stopped, and no partial output is left."""


def raise_terminated(signum: int, frame: object) -> None:
    """The SIGTERM handler :func:`bengal.cli.main` installs: raises :class:`Terminated` in the main thread."""
    raise Terminated


#: The longest message line the CLI prints on stderr, in characters (what is cut says how long it was).
LINE_LIMIT = 500


def one_line(message: str, limit: int = LINE_LIMIT) -> str:
    """``message`` as one bounded, printable terminal line: every character that is not printable
    (``str.isprintable``: line breaks, tabs, NUL, ESC and the other controls, U+FEFF, U+2028, bidi
    overrides, lone surrogates) written as its Python escape (``\\n``, ``\\x1b``, ``\\ufeff``), so that no
    escape sequence from an input reaches the terminal; a result over ``limit`` characters is cut to
    ``limit`` and ends with how long it was (``… (4,000,017 characters)``)."""
    message = _escaped(message)
    if len(message) > limit:
        tail = f"… ({len(message):,} characters)"
        message = message[:max(0, limit - len(tail))] + tail
    return message


def _escaped(text: str, keep: str = "") -> str:
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c in keep else ascii(c)[1:-1] for c in text)


def printable(text: str) -> str:
    """``text`` (several lines: a table for stdout) with every character that is neither printable nor
    a line break or tab escaped as :func:`one_line` does; the lines stay as they are, none is cut."""
    return _escaped(text, "\n\t")


def echo_lines(lines: Iterable[str], *, err: bool = False) -> None:
    """Echo each line: on stderr (``err``) made :func:`one_line` (warnings echo input text), on stdout
    :func:`printable`."""
    for line in lines:
        click.echo(one_line(line) if err else printable(line), err=err)


@contextlib.contextmanager
def progress_bar(label: str, total: int | None = None, *, show: bool | None = None) -> Iterator[Callable[..., None]]:
    """A progress bar on stderr (rich), drawn only when ``show`` (default: stderr is a terminal); yields
    the callback the library calls: ``(done)`` or ``(done, total)``. The bar appears at the first call,
    so the status lines of a wait before the work (:class:`Waits`) are not drawn under an empty bar."""
    if not (sys.stderr.isatty() if show is None else show):
        yield lambda *args: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with contextlib.ExitStack() as stack:
        state: dict[str, Any] = {}

        def update(done: int, total_now: int | None = None) -> None:
            if "bar" not in state:
                bar = stack.enter_context(Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(),
                                                   TimeRemainingColumn(), console=Console(stderr=True),
                                                   transient=True))
                state["bar"], state["task"] = bar, bar.add_task(label, total=total)
            bar, task = state["bar"], state["task"]
            if total_now is None:
                bar.update(task, completed=done)
            else:
                bar.update(task, completed=done, total=total_now)

        yield update


class Waits:
    """What the CLI says while the library waits: :meth:`status` prints a line on stderr (``bengal:
    MESSAGE``; nothing when ``quiet``), :meth:`progress` draws a percentage bar (rich, transient) on a
    terminal from its first call until ``done == total``. Pass ``waits.status`` and
    ``waits.progress`` as the library's ``status`` and ``progress`` callbacks."""

    def __init__(self, label: str = "building", *, quiet: bool = False, show: bool | None = None) -> None:
        self.label, self.quiet = label, quiet
        self.show = (sys.stderr.isatty() if show is None else show) and not quiet
        self._bar: contextlib.ExitStack | None = None
        self._update: Callable[..., None] | None = None

    def status(self, message: str) -> None:
        """Print ``message`` as one line on stderr (after ending a bar in progress)."""
        self._end()
        if not self.quiet:
            click.echo(one_line(f"bengal: {message}"), err=True)

    def progress(self, done: int, total: int) -> None:
        """Draw ``done`` of ``total`` (any unit: bytes of a dump, forms of a dictionary)."""
        if not self.show:
            return
        if self._bar is None:
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn

            stack = contextlib.ExitStack()
            bar = stack.enter_context(Progress(TextColumn(self.label), BarColumn(), TaskProgressColumn(),
                                               TimeRemainingColumn(), console=Console(stderr=True),
                                               transient=True))
            task = bar.add_task(self.label, total=total)
            self._bar = stack
            self._update = lambda d, t: bar.update(task, completed=d, total=t)
        assert self._update is not None
        self._update(done, total)
        if done >= total:
            self._end()

    def _end(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = self._update = None

