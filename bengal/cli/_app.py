"""The click group, the shared helpers of the commands, and the entry point."""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from typing import Callable, Iterable, Iterator, Sequence

import click

from bengal import __version__
from bengal.errors import BengalError, exit_code

__all__ = ["cli", "main", "echo_lines", "progress_bar", "INTERRUPTED", "TERMINATED"]

#: The exit code after Ctrl-C (SIGINT): 128 + 2, as shells and command-line tools report it.
INTERRUPTED = 130
#: The exit code after SIGTERM (``kill PID``, a job scheduler's stop): 128 + 15.
TERMINATED = 143


class _Terminated(BaseException):
    """Raised in the main thread by SIGTERM, so that, as for Ctrl-C, every ``with`` block unwinds:
    temporary files are removed, worker pools stopped, and no partial output is left."""


def _raise_terminated(signum: int, frame: object) -> None:
    raise _Terminated


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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bengal")
def cli() -> None:
    """bengal: fresh NER + entity-linking gold standards from a KB, and a GERBIL-style scorer."""


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code: 0, 1 (bad input), 2 (bad usage) or
    :data:`INTERRUPTED` after Ctrl-C, :data:`TERMINATED` after SIGTERM, each failure with one line on
    stderr."""
    if threading.current_thread() is not threading.main_thread():
        return _main(argv)
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        return _main(argv)
    finally:
        signal.signal(signal.SIGTERM, previous)


def _main(argv: Sequence[str] | None) -> int:
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
    except _Terminated:
        click.echo("error: terminated", err=True)
        return TERMINATED
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except BrokenPipeError:
        return 1
    return 0
