"""SIGTERM (``kill PID``, a scheduler stopping a job) during a write leaves no temporary file and no
partial output (issue 14: the default action killed the process with its ``.NAME.<hex>.tmp``
files left behind): real ``bengal`` processes, killed at a moment found by watching the folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import shared_path


def _start(args, cwd):
    return subprocess.Popen([sys.executable, "-m", "bengal", *args], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})


def _wait_for(cond, proc, limit=120.0):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and proc.poll() is None:
        if cond():
            return True
        time.sleep(0.002)
    return False


def _finish(proc):
    try:
        return proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_sigterm_while_convert_writes_leaves_nothing(tmp_path):
    """CoNLL++ train (946 documents) to NIF Turtle: SIGTERM once the hidden temporary file exists
    (the write is under way): exit 143, one line, the folder empty."""
    source = shared_path("conll", "conllpp_train.txt.gz")
    proc = _start(["convert", str(source), "-o", str(tmp_path / "out.ttl")], tmp_path)
    seen = _wait_for(lambda: any(p.name.startswith(".") for p in tmp_path.iterdir()), proc)
    assert seen, "the temporary file never appeared"
    proc.send_signal(signal.SIGTERM)
    out, err = _finish(proc)
    assert proc.returncode == 143, err
    assert [line for line in err.splitlines() if line.strip()] == ["error: terminated"], err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads worker processes from /proc (Linux)")
def test_sigterm_while_generate_runs_with_workers_leaves_nothing(tmp_path, bundled_kb):
    """``generate -j 2`` of 5,000 documents, SIGTERM to the parent once both workers run: exit 143,
    one line, no corpus, no manifest, no temporary file, and the workers are gone."""
    proc = _start(["generate", "--docs", "5000", "-j", "2", "-q", "-o", str(tmp_path / "big.ttl")], tmp_path)

    def children() -> list[int]:
        try:
            return [int(c) for c in Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()]
        except OSError:
            return []

    # the resource tracker is a child too: two workers make three children
    assert _wait_for(lambda: len(children()) >= 3, proc, 600), proc.communicate()
    workers = children()
    proc.send_signal(signal.SIGTERM)
    out, err = _finish(proc)
    assert proc.returncode == 143, err
    assert [line for line in err.splitlines() if line.strip()] == ["error: terminated"], err
    assert list(tmp_path.iterdir()) == []
    time.sleep(0.5)
    assert not [w for w in workers if Path(f"/proc/{w}").exists()
                and "zombie" not in Path(f"/proc/{w}/status").read_text()]
