"""Staging files and folders a SIGKILL left behind are removed by the next write to the same target, and
said on stderr; a running process's staging, another target's and a name without a pid are kept (issue 14)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

from bengal.atomic import atomic_files, atomic_write, clean_stale

# a writer that stages a corpus and its manifest, then waits to be killed inside the unit
WRITER = textwrap.dedent("""
    import sys, time
    from bengal.atomic import atomic_files, atomic_write
    folder = sys.argv[1]
    with atomic_write(folder + "/single.txt") as fh:
        fh.write("half")
        fh.flush()
        with atomic_files(folder + "/c.ttl.manifest.json", folder + "/c.ttl") as (m, c):
            open(m, "w").write("{}")
            open(c, "w").write("half a corpus")
            print("staged", flush=True)
            time.sleep(60)
""")


def _killed_writer(folder) -> int:
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(folder)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "staged"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    return proc.pid


def test_a_killed_writers_staging_is_removed_by_the_next_write(tmp_path, capsys):
    pid = _killed_writer(tmp_path)
    left = sorted(p.name for p in tmp_path.iterdir())
    # SIGKILL runs no cleanup: a staging folder for the unit and a temporary file for the single file
    assert [n.split(".")[-2].split("-")[0] for n in left] == [str(pid), str(pid)]
    assert {n.split(".")[1] for n in left} == {"c", "single"}
    live = tmp_path / f".c.ttl.{os.getpid()}-{'ab' * 6}.tmp"  # a process still running (this one)
    live.mkdir()
    old_style = tmp_path / f".c.ttl.{'cd' * 6}.tmp"  # no pid in the name: its writer cannot be told
    old_style.write_text("x")
    other = tmp_path / f".d.ttl.{pid}-{'ef' * 6}.tmp"  # another target's
    other.write_text("x")

    with atomic_files(tmp_path / "c.ttl.manifest.json", tmp_path / "c.ttl") as (m, c):
        m.write_text("{}")
        c.write_text("corpus")
    err = capsys.readouterr().err
    assert err.count("left by process") == 1 and str(pid) in err and ".c.ttl." in err
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted(["c.ttl", "c.ttl.manifest.json", live.name, old_style.name, other.name,
                            next(n for n in left if n.startswith(".single.txt."))])

    with atomic_write(tmp_path / "single.txt") as fh:
        fh.write("whole")
    assert "single.txt" in capsys.readouterr().err
    assert (tmp_path / "single.txt").read_text() == "whole"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["c.ttl", "c.ttl.manifest.json", "single.txt", live.name, old_style.name, other.name])


def test_clean_stale_keeps_what_it_cannot_tell(tmp_path, capsys):
    names = [".x.1-zzzzzzzzzzzz.tmp",  # not hex
             ".x.-1-abababababab.tmp",  # no pid
             ".x.0-abababababab.tmp",  # pid 0: never written by bengal
             ".xy.99999999-abababababab.tmp"]  # the target "xy", not "x"
    for n in names:
        (tmp_path / n).write_text("")
    assert clean_stale(tmp_path, "x") == []
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names)
    assert capsys.readouterr().err == ""
    assert clean_stale(tmp_path / "missing", "x") == []
