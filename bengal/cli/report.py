"""``bengal report`` → :func:`bengal.workflows.report_files`."""

from __future__ import annotations

import sys
from pathlib import Path

import click


@click.command()
@click.argument("results", nargs=-1, required=True, type=click.Path(path_type=Path, dir_okay=False))
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False, allow_dash=True), required=True,
              help="The HTML page (self-contained; written atomically); - for stdout.")
@click.option("--title", default="bengal report", show_default=True, help="The page's title.")
def report(results, output, title) -> None:
    """Make one self-contained HTML page from score results (bengal score … --json RESULT.json):
    summary table with confidence intervals, per-type bars, F1 across generated sets, error kinds
    and an error browser, e.g. bengal report results/*.json -o report.html."""
    from bengal.workflows.report_files import report_files

    read = report_files(results, sys.stdout if str(output) == "-" else output, title=title)

    def n(count: int, word: str) -> str:
        return f"{count} {word}" + ("" if count == 1 else "s")

    systems = len({r.system for r in read})
    sets = len({r.set for r in read})
    click.echo(f"{n(len(read), 'result')} ({n(systems, 'system')}, {n(sets, 'set')}) → {output}", err=True)
