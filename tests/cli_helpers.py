"""Running the ``bengal`` command line from tests, and the one-line-error check they share.

:func:`bengal` runs a command in this process (click's ``CliRunner`` isolation around
:func:`bengal.cli.main`, so the exit code and the one-line errors are the entry point's own);
:func:`bengal_process` runs ``python -m bengal`` as a child process, for the few smoke tests that
must see a real process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from bengal.cli import main


@dataclass
class Ran:
    """What a command run gave: its exit code and what it wrote, as text."""

    returncode: int
    stdout: str
    stderr: str


def bengal(*args: str, cwd: Path) -> Ran:
    """``bengal ARGS`` in ``cwd``, in this process, output captured as text."""
    here = os.getcwd()
    os.chdir(cwd)
    try:
        with CliRunner().isolation() as (out, err, _):
            code = main(list(args))
            sys.stdout.flush()
            sys.stderr.flush()
        return Ran(code, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8"))
    finally:
        os.chdir(here)


def bengal_process(*args: str, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess:
    """``python -m bengal ARGS`` as a child process in ``cwd``, output captured as text."""
    return subprocess.run([sys.executable, "-m", "bengal", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout)


def assert_one_line_error(proc: Ran | subprocess.CompletedProcess, *needles: str) -> None:
    """A failed run that printed exactly one ``error: …`` line on stderr, no traceback,
    and that line names every ``needle`` (the ``bengal: …`` lines saying what a wait was for
    before the error are not counted)."""
    assert proc.returncode != 0
    lines = [line for line in proc.stderr.strip().splitlines() if not line.startswith("bengal: ")]
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in proc.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
