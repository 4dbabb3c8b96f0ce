"""Running the ``bengal`` command line from tests, and the one-line-error check they share."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def bengal(*args: str, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess:
    """``python -m bengal ARGS`` in ``cwd``, output captured as text."""
    return subprocess.run([sys.executable, "-m", "bengal", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout)


def assert_one_line_error(proc: subprocess.CompletedProcess, *needles: str) -> None:
    """A failed run that printed exactly one ``error: …`` line on stderr, no traceback,
    and that line names every ``needle``."""
    assert proc.returncode != 0
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in proc.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
