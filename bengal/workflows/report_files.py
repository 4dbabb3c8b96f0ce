"""``bengal report`` as a function: score result files in, one self-contained HTML page out."""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Iterable

from bengal.atomic import atomic_write, check_writable
from bengal.report.html import build_report
from bengal.report.results import ReportInput, load_results

__all__ = ["report_files"]


def report_files(paths: Iterable[str | os.PathLike[str]], output: str | os.PathLike[str] | IO[str], *,
                 title: str = "bengal report") -> list[ReportInput]:
    """Read the results at ``paths`` (``bengal score --json``) and write their page to ``output``
    atomically (or to an open text stream, e.g. ``sys.stdout``). An output path that is one of the
    results is refused.

    Returns:
        The results, in page order.

    Raises:
        UsageError, InputError: as :func:`bengal.report.results.load_results`; nothing is written then.
    """
    paths = list(paths)
    if not isinstance(output, (str, os.PathLike)):
        results = load_results(paths)
        output.write(build_report(results, title))
        return results
    out = Path(output)
    check_writable(out, inputs=tuple(paths))
    results = load_results(paths)
    page = build_report(results, title)
    with atomic_write(out) as fh:
        fh.write(page)
    return results
