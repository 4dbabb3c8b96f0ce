"""The ``bengal`` command line: a click group; each command is its options, one call to
:mod:`bengal.workflows`, and the text of :mod:`bengal.report` (one module per command, as spaCy's
``spacy/cli``).

The group loads a command's module only when that command runs (click's "lazy loading of
subcommands" pattern): ``bengal --help`` lists the commands from :data:`COMMANDS` (module, function
and one-line help of each) without importing any, and ``bengal score`` imports only what scoring
needs. A command module defines a plain ``@click.command()`` and imports only :mod:`bengal.cli._app`
(the shared helpers), never this module, so the loading goes one way. A new command is a new module
and a line in :data:`COMMANDS`.

Every error the user can cause is printed as one line on stderr (no traceback) with the exit code
its class gives (:mod:`bengal.errors`): 2 for bad usage, 1 for bad input; the line is bounded and
printable (:func:`bengal.cli._app.one_line`: no raw line break or escape sequence from an input).
"""

from __future__ import annotations

import gc
import importlib
import signal
import sys
import threading
from typing import Sequence

import click

from bengal import __version__
from bengal.cli._app import INTERRUPTED, TERMINATED, Terminated, one_line, raise_terminated
from bengal.errors import WRITE_ERRNOS, BengalError, exit_code

__all__ = ["cli", "main", "COMMANDS", "LazyGroup"]

#: Each command: its name → (module under bengal.cli, function name, help line shown by ``bengal --help``,
#: the first paragraph of the command's docstring; tests/cli/test_startup.py checks they agree).
COMMANDS: dict[str, tuple[str, str, str]] = {
    "annotate": ("annotate", "annotate",
                 "Annotate the documents of CORPUS (a file, or conllpp) with a system and write its predictions, "
                 "e.g. bengal annotate bench.ttl --system baseline -o pred.ttl."),
    "compare": ("compare", "compare",
                "Is system B better than system A on GOLD? Paired bootstrap of micro F1 over documents (span tasks) "
                "or sentences (chunk scores of CoNLL files)."),
    "compare-sets": ("compare_sets", "compare_sets",
                     "One system on several gold sets, side by side: per set the NER view (P/R/F1 with CoNLL types) "
                     "and, where the gold has URIs, the A2KB view, each with bootstrap intervals."),
    "convert": ("convert", "convert",
                "Convert the corpus SOURCE (a file, or conllpp) to another format, e.g. a generated NIF corpus to "
                "CoNLL columns with CoNLL types: bengal convert bench.ttl -o bench.conll --map-types."),
    "generate": ("generate", "generate", "Generate a NER + EL benchmark with exact gold from the KB."),
    "kb": ("kb", "kb", "The knowledge base: information and the bundled sample's builder."),
    "prompts": ("prompts", "prompts",
                "Write one NER prompt per sentence of CORPUS (a corpus file, or conllpp) in evalscope's tag format."),
    "report": ("report", "report",
               "Make one self-contained HTML page from score results (bengal score … --json RESULT.json): summary "
               "table with confidence intervals, per-type bars, F1 across generated sets, error kinds and an error "
               "browser, e.g. bengal report results/*.json -o report.html."),
    "score": ("score", "score",
              "Score a system's annotations PRED against the gold standard GOLD (GERBIL-style)."),
    "serve": ("annotate", "serve",
              "Serve a system under GERBIL's NIF web-service protocol (POST one NIF document as "
              "application/x-turtle, get it back annotated), e.g. for GERBIL or bengal annotate --system URL."),
    "stats": ("stats", "stats",
              "The shape of corpora side by side: size, density, sentence length, surface forms, ambiguity "
              "(Waitelonis et al.), type mix and gold checks (docs/shape.md)."),
}


class LazyGroup(click.Group):
    """A click group whose commands are imported by name on first use (:data:`COMMANDS`); its help
    lists them from their stored help lines, importing none."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command name, sorted (those of :data:`COMMANDS` and any added directly)."""
        return sorted({*COMMANDS, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command ``cmd_name``, importing its module the first time; None for an unknown name."""
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            module, attr, _ = COMMANDS[cmd_name]
            command = getattr(importlib.import_module(f"bengal.cli.{module}"), attr)
            if not isinstance(command, click.Command):
                raise TypeError(f"bengal.cli.{module}.{attr} is not a click command")
            self.add_command(command, cmd_name)
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The "Commands:" section of the help: each name with its help line cut to the terminal width."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            if name in self.commands:
                if self.commands[name].hidden:
                    continue
                short = self.commands[name].get_short_help_str(limit)
            else:
                short = click.Command(name, help=COMMANDS[name][2]).get_short_help_str(limit)
            rows.append((name, short))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bengal")
def cli() -> None:
    """bengal: fresh NER + entity-linking gold standards from a KB, and a GERBIL-style scorer."""


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code: 0, 1 (bad input), 2 (bad usage) or
    :data:`INTERRUPTED` after Ctrl-C, :data:`TERMINATED` after SIGTERM, each failure with one line on
    stderr.

    Called as the console script (``argv`` ``None``), the objects left are moved out of the cyclic
    collector's reach (:func:`gc.freeze`) once the command is done: the process exits next, and the
    interpreter's collections while it shuts down went over every object a command kept (after
    ``generate --docs 10000``, 1.4 of 12.8 CPU s; the memos, the corpus and the KB view)."""
    if threading.current_thread() is not threading.main_thread():
        return _main(argv)
    previous = signal.signal(signal.SIGTERM, raise_terminated)
    try:
        return _main(argv)
    finally:
        signal.signal(signal.SIGTERM, previous)
        if argv is None:
            gc.freeze()


def _main(argv: Sequence[str] | None) -> int:
    try:
        cli.main(args=list(argv) if argv is not None else None, prog_name="bengal", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:  # pragma: no cover - click >= 8.2
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc), err=True)
        return 2
    except click.exceptions.UsageError as exc:
        click.echo(one_line(f"error: {exc.format_message()}"), err=True)
        return 2
    except BengalError as exc:  # usage 2, input 1: the class decides (bengal.errors)
        click.echo(one_line(f"error: {exc}"), err=True)
        return exit_code(exc)
    except OSError as exc:  # a file system refusal the checks could not foresee
        click.echo(one_line(f"error: {_os_error_line(exc)}"), err=True)
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
    except Terminated:
        click.echo("error: terminated", err=True)
        return TERMINATED
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except BrokenPipeError:
        return 1
    try:  # what is still buffered fails here, not in the interpreter's exit ("Exception ignored ...")
        sys.stdout.flush()
    except BrokenPipeError:
        return 1
    except OSError as exc:
        click.echo(one_line(f"error: {_os_error_line(exc)}"), err=True)
        return 1
    return 0


def _os_error_line(exc: OSError) -> str:
    """The text of an :class:`OSError` no check foresaw, naming its file. A full disk's (quota's,
    size limit's, I/O) error without a file name comes from stdout: every file bengal writes goes
    through :func:`bengal.atomic.atomic_write`, which gives that error its target's name
    (``bengal score … --json - > /dev/full``: "cannot write to stdout: No space left on device")."""
    if exc.filename:
        return f"{exc.strerror or exc}: {exc.filename}"
    if exc.errno in WRITE_ERRNOS:
        return f"cannot write to stdout: {exc.strerror or exc}"
    return f"{exc.strerror or exc}"
