"""Ctrl-C: a real ``bengal generate -j 2`` process group gets SIGINT, as a terminal sends it to every
process of the command; the command exits 130 with one line and no worker traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import default_ctrl_c

SIGINT_BIT = 1 << (signal.SIGINT - 1)


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(c) for c in text.split()]


def _ignores_sigint(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    ignored = next(line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:"))
    return bool(int(ignored, 16) & SIGINT_BIT)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads worker state from /proc (Linux)")
def test_ctrl_c_during_generate_with_workers_exits_130_with_one_line(tmp_path, bundled_kb):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "bengal", "generate", "--docs", "5000", "-j", "2", "-q",
                             "-o", str(tmp_path / "big.ttl")], cwd=tmp_path, env=env, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=default_ctrl_c)
    try:
        # wait (a condition, not a time) until both workers run and leave Ctrl-C to the parent
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline and proc.poll() is None:
            # (the parent ignores it only while it starts them)
            workers = [c for c in _children(proc.pid) if _ignores_sigint(c)]
            if len(workers) >= 2 and not _ignores_sigint(proc.pid):
                break
            time.sleep(0.1)
        assert proc.poll() is None, proc.communicate()
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C in a terminal does
        out, err = proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err
    # what it waited for (bengal: ... lines), then the one error line
    assert [line for line in err.splitlines() if line.strip() and not line.startswith("bengal: ")] == [
        "error: interrupted"], err
    assert out == ""
    assert not (tmp_path / "big.ttl").exists()
    assert [p.name for p in tmp_path.iterdir()] == []  # no partial output, no temporary file
