#!/usr/bin/env python3
"""Generation speed: documents per second for ``bengal generate`` with ``--jobs 1`` and ``--jobs 2``.

    python benchmarks/bench_generate.py [--docs 10000] [--strategy star] [--jobs 1 2] [--rounds 3]
                                        [--baseline /path/to/a/checkout/of/main]

Each run is what the CLI does (KB opened, documents made, gold checked, NIF and manifest written),
in a child process of its own (so no run inherits another's caches; the KB store, its predicate
counts and its in-memory view are built before the first figure). With ``--baseline``, the same run
is made by that checkout's ``bengal`` (``PYTHONPATH``) right after, each round, and the lines give
both figures and their ratios: the machines are shared and noisy, so the ratio of runs made side by
side is the figure to quote; medians of ``--rounds``. Beside the wall time, the CPU seconds of the
run (its worker processes included): documents per CPU second is the figure per core, which other
work on the machine disturbs far less. The corpora of every run are compared byte for
byte (they must be identical). Not part of the test run.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

_CHILD = """
import resource, sys, time
from pathlib import Path
import bengal
print(bengal.__file__, file=sys.stderr)
from bengal.generate import GenerateConfig
from bengal.kb.store import open_kb
from bengal.workflows.generate_files import generate_files
docs, strategy, jobs, out = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
kb = open_kb()
kb.predicate_counts()
getattr(kb, "graph", lambda: None)()  # a first-use build is not part of the figure
def cpu():
    return time.process_time() + sum(getattr(resource.getrusage(resource.RUSAGE_CHILDREN), f)
                                     for f in ("ru_utime", "ru_stime"))
start, start_cpu = time.perf_counter(), cpu()
generate_files(out, GenerateConfig(docs=docs, strategy=strategy, seed=0), jobs=jobs)
print(time.perf_counter() - start, cpu() - start_cpu)
"""


def _run(pythonpath: str | None, docs: int, strategy: str, jobs: int, out: Path) -> tuple[float, float, str]:
    """Wall seconds and CPU seconds (its worker processes included) of one run in a child process,
    and the sha256 of its corpus."""
    # the checkout's bengal first (the child runs in the output's folder, so the current folder,
    # first on a ``-c`` child's path, holds no other bengal)
    env = dict(os.environ, PYTHONPATH=pythonpath or str(Path(__file__).resolve().parents[1]))
    done = subprocess.run([sys.executable, "-c", _CHILD, str(docs), strategy, str(jobs), str(out)],
                          env=env, cwd=out.parent, check=True, capture_output=True, text=True)
    wall, cpu = done.stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu), hashlib.sha256(out.read_bytes()).hexdigest()


def _figures(runs: list[tuple[float, float]], docs: int) -> str:
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    return f"{wall:.1f} s = {docs / wall:.0f} docs/s wall, {cpu:.1f} CPU s = {docs / cpu:.0f} docs per CPU second"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=10000)
    ap.add_argument("--strategy", default="star")
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--baseline", help="a checkout whose bengal is run beside this one (e.g. a worktree of main)")
    args = ap.parse_args()

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{os.cpu_count()} cores, load average {load:.1f} at the start", flush=True)
    digests: set[str] = set()
    with tempfile.TemporaryDirectory() as tmp:
        for jobs in args.jobs:
            now: list[tuple[float, float]] = []
            before: list[tuple[float, float]] = []
            for r in range(args.rounds):
                wall, cpu, digest = _run(None, args.docs, args.strategy, jobs, Path(tmp) / f"now{jobs}-{r}.ttl")
                now.append((wall, cpu))
                digests.add(digest)
                if args.baseline:
                    wall, cpu, digest = _run(args.baseline, args.docs, args.strategy, jobs,
                                             Path(tmp) / f"before{jobs}-{r}.ttl")
                    before.append((wall, cpu))
                    digests.add(digest)
            print(f"generate --docs {args.docs} --strategy {args.strategy} --jobs {jobs}: {_figures(now, args.docs)}",
                  flush=True)
            if before:
                walls = statistics.median(b[0] / n[0] for b, n in zip(before, now))
                cpus = statistics.median(b[1] / n[1] for b, n in zip(before, now))
                print(f"  baseline: {_figures(before, args.docs)}; speed-up {walls:.2f}x wall, {cpus:.2f}x CPU "
                      f"(medians of {args.rounds} rounds' ratios)", flush=True)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.1f} at the end; outputs identical: {len(digests) == 1}")


if __name__ == "__main__":
    main()
