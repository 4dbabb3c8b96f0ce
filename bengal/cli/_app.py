"""The click group, the shared helpers of the commands, and the entry point."""

from __future__ import annotations

import contextlib
import sys
from typing import Any, Callable, Iterable, Iterator, Sequence

import click

from bengal import __version__
from bengal.errors import BengalError, exit_code

__all__ = ["cli", "main", "echo_lines", "progress_bar", "Waits", "INTERRUPTED"]

#: The exit code after Ctrl-C (SIGINT): 128 + 2, as shells and command-line tools report it.
INTERRUPTED = 130


def echo_lines(lines: Iterable[str], *, err: bool = False) -> None:
    """Echo each line (to stderr with ``err``)."""
    for line in lines:
        click.echo(line, err=err)


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
            click.echo(f"bengal: {message}", err=True)

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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bengal")
def cli() -> None:
    """bengal: fresh NER + entity-linking gold standards from a KB, and a GERBIL-style scorer."""


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code: 0, 1 (bad input), 2 (bad usage) or
    :data:`INTERRUPTED` after Ctrl-C, each failure with one line on stderr."""
    try:
        cli.main(args=list(argv) if argv is not None else None, prog_name="bengal", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:  # pragma: no cover - click >= 8.2
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc), err=True)
        return 2
    except click.exceptions.UsageError as exc:
        click.echo(f"error: {exc.format_message()}", err=True)
        return 2
    except BengalError as exc:  # usage 2, input 1: the class decides (bengal.errors)
        click.echo(f"error: {exc}", err=True)
        return exit_code(exc)
    except OSError as exc:  # a file system refusal the checks could not foresee
        where = f": {exc.filename}" if getattr(exc, "filename", None) else ""
        click.echo(f"error: {exc.strerror or exc}{where}", err=True)
        return 1
    except click.exceptions.Abort as exc:  # click turns Ctrl-C (KeyboardInterrupt) into Abort
        if isinstance(exc.__cause__, KeyboardInterrupt):
            click.echo("error: interrupted", err=True)
            return INTERRUPTED
        click.echo("error: aborted", err=True)
        return 1
    except KeyboardInterrupt:  # Ctrl-C outside click's invocation
        click.echo("\nerror: interrupted", err=True)
        return INTERRUPTED
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except BrokenPipeError:
        return 1
    return 0
