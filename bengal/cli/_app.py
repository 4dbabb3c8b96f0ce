"""The click group, the shared helpers of the commands, and the entry point."""

from __future__ import annotations

from typing import Sequence

import click

from bengal import __version__
from bengal.errors import BengalError, exit_code
from bengal.model import CorpusWarning

__all__ = ["cli", "main", "echo_warnings"]


def echo_warnings(warnings: Sequence[CorpusWarning], label: str, limit: int = 3) -> None:
    """One stderr line per warning code: the count and the first places."""
    by_code: dict[str, list[CorpusWarning]] = {}
    for w in warnings:
        by_code.setdefault(w.code, []).append(w)
    for code, items in sorted(by_code.items()):
        first = "; ".join(w.where for w in items[:limit]) + (" …" if len(items) > limit else "")
        click.echo(f"warning: {label}: {len(items)} × {code} ({first})", err=True)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bengal")
def cli() -> None:
    """bengal: fresh NER + entity-linking gold standards from a KB, and a GERBIL-style scorer."""


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code."""
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
    except click.exceptions.Abort:
        click.echo("error: aborted", err=True)
        return 1
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except BrokenPipeError:
        return 1
    return 0
