#!/usr/bin/env python3
"""Generation speed: documents per second for ``bengal generate`` with ``--jobs 1`` and ``--jobs 2``.

    python benchmarks/bench_generate.py [--docs 10000] [--strategy star] [--jobs 1 2] [--rounds 3]
                                        [--baseline /path/to/a/checkout/of/main]

Each run is what the CLI does (KB opened, documents made, gold checked, NIF and manifest written),
in a child process of its own (so no run inherits another's caches; the KB store, its predicate
counts and its in-memory view are built before the first figure). With ``--baseline``, the same run
is made by that checkout's ``bengal`` (``PYTHONPATH``) right after, each round, and the line gives
both figures and their ratio: the machines are shared and noisy, so the ratio of runs made side by
side is the figure to quote; medians of ``--rounds``. The corpora of every run are compared byte for
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
import sys, time
from pathlib import Path
from bengal.generate import GenerateConfig
from bengal.kb.store import open_kb
from bengal.workflows.generate_files import generate_files
docs, strategy, jobs, out = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
kb = open_kb()
kb.predicate_counts()
getattr(kb, "graph", lambda: None)()  # a first-use build is not part of the figure
start = time.perf_counter()
generate_files(out, GenerateConfig(docs=docs, strategy=strategy, seed=0), jobs=jobs)
print(time.perf_counter() - start)
"""


def _run(pythonpath: str | None, docs: int, strategy: str, jobs: int, out: Path) -> tuple[float, str]:
    """Seconds of one run in a child process and the sha256 of its corpus."""
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    done = subprocess.run([sys.executable, "-c", _CHILD, str(docs), strategy, str(jobs), str(out)],
                          env=env, check=True, capture_output=True, text=True)
    return float(done.stdout.strip().splitlines()[-1]), hashlib.sha256(out.read_bytes()).hexdigest()


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
            now: list[float] = []
            before: list[float] = []
            for r in range(args.rounds):
                seconds, digest = _run(None, args.docs, args.strategy, jobs, Path(tmp) / f"now{jobs}-{r}.ttl")
                now.append(seconds)
                digests.add(digest)
                if args.baseline:
                    seconds, digest = _run(args.baseline, args.docs, args.strategy, jobs,
                                           Path(tmp) / f"before{jobs}-{r}.ttl")
                    before.append(seconds)
                    digests.add(digest)
            rate = args.docs / statistics.median(now)
            line = (f"generate --docs {args.docs} --strategy {args.strategy} --jobs {jobs}: "
                    f"{statistics.median(now):.1f} s, {rate:.0f} docs/s")
            if before:
                ratios = [b / n for b, n in zip(before, now)]
                line += (f"; baseline {statistics.median(before):.1f} s, {args.docs / statistics.median(before):.0f}"
                         f" docs/s; speed-up {statistics.median(ratios):.2f}x (median of {args.rounds} rounds)")
            print(line, flush=True)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.1f} at the end; outputs identical: {len(digests) == 1}")


if __name__ == "__main__":
    main()
