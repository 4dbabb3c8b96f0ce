#!/usr/bin/env python3
"""Peak memory of ``bengal score`` on large inputs, beside the floor's own peak, side by side in one run.

    python benchmarks/bench_score_memory.py [--mentions 100000 1000000] [--tokens 5000000] [--repeat 1]

Inputs are written to a temporary folder: NIF pairs of ``bench_slice.make_pair`` (100 mentions a
document; the prediction misses, shifts or mislinks 10 % each) and a CoNLL pair of
``bench_chunks.make_pair`` (CoNLL++ test repeated, 10 % of the predicted tags changed). Each
measurement runs in a fresh child process, so that each peak RSS (``ru_maxrss``) is its own:

* **NIF floor**: ``bench_score_nif.floor``, one streamed ``pyoxigraph.parse`` pass over each file
  keeping only begin, end, context and taIdentRef by subject (what any reader built on the parser
  must at least hold for one file).
* **NIF ``bengal score``**: :func:`bengal.workflows.score_files.score_files` (the command's library
  call: A2KB with InKB/EE and per-type lines, the JSON's errors block gathered): the peak of this
  process and, when the files are read in forked workers (both files read in the stream side by side,
  each in a worker, ``_score_both_streamed``; or the prediction read whole in one,
  :func:`bengal.workflows.score_files.read_pair`), the larger worker's.
* **CoNLL floor**: one pass over both files keeping only the tag column (a list of tags per
  sentence), what a chunk scorer must at least hold when it reads whole files.
* **CoNLL ``bengal score``**: :func:`bengal.workflows.score_files.score_files` on the two files
  (chunk metrics).

Printed: peak RSS in MB and wall seconds of each, the ratio bengal / floor. Not part of the test
run (the 1M-mention pair takes minutes).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
# one peak-RSS reading (VmHWM) and one fresh-process runner for both NIF benchmarks
from bench_score_nif import _peak_mb, run_child  # noqa: E402


def conll_floor(paths: list[str]) -> int:
    """The CoNLL floor: the tag column of each file, one list per sentence; returns the token count."""
    n = 0
    keep = []
    for path in paths:
        sents: list[list[str]] = []
        cur: list[str] = []
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                f = line.split()
                if not f:
                    if cur:
                        sents.append(cur)
                        cur = []
                    continue
                cur.append(f[-1])
        if cur:
            sents.append(cur)
        n += sum(len(s) for s in sents)
        keep.append(sents)
    return n


def worker(kind: str, gold: str, pred: str) -> dict:
    """One measurement in this (fresh) process."""
    sys.path.insert(0, str(HERE))
    w = time.perf_counter()
    if kind == "nif-floor":
        from bench_score_nif import floor

        out = {"phrases": floor([gold, pred])}
    elif kind == "conll-floor":
        out = {"tokens": conll_floor([gold, pred])}
    else:
        from bengal.workflows.score_files import score_files

        run = score_files(gold, pred)
        out = {"tp": run.result.micro.tp, "fp": run.result.micro.fp, "fn": run.result.micro.fn}
    out.update(wall=time.perf_counter() - w, peak_mb=_peak_mb(), worker_peak_mb=_peak_mb(resource.RUSAGE_CHILDREN))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--mentions", type=int, nargs="*", default=[100_000, 1_000_000],
                    help="gold mentions of each NIF pair (default: 100000 1000000)")
    ap.add_argument("--tokens", type=int, nargs="*", default=[5_000_000],
                    help="tokens of each CoNLL pair (default: 5000000)")
    ap.add_argument("--worker", nargs=3, metavar=("KIND", "GOLD", "PRED"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(*args.worker)))
        return 0

    sys.path.insert(0, str(HERE))
    sys.path.insert(0, str(HERE.parent))
    from bench_chunks import make_pair as conll_pair
    from bench_chunks import write_conll
    from bench_slice import make_pair as nif_pair

    from bengal.io import write_corpus

    print(f"{'input':34s} {'floor MB':>9s} {'bengal MB':>10s} {'worker MB':>10s} {'/ floor':>8s} "
          f"{'floor s':>8s} {'bengal s':>9s}")
    with tempfile.TemporaryDirectory(prefix="bengal-bench-mem-") as tmp:
        cases: list[tuple[str, str, Path, Path]] = []
        for n in args.mentions:
            g, p = nif_pair(max(1, n // 100), 100)
            gp, pp = Path(tmp) / f"gold{n}.ttl", Path(tmp) / f"pred{n}.ttl"
            write_corpus(g, gp)
            write_corpus(p, pp)
            del g, p
            cases.append((f"NIF pair, {n:,} gold mentions", "nif-floor", gp, pp))
        for n in args.tokens:
            words, gold, pred, total = conll_pair(n)
            gp, pp = Path(tmp) / f"gold{n}.conll", Path(tmp) / f"pred{n}.conll"
            write_conll(gp, words, gold)
            write_conll(pp, words, pred)
            del words, gold, pred
            cases.append((f"CoNLL pair, {total:,} tokens", "conll-floor", gp, pp))
        for label, floor_kind, gp, pp in cases:
            f = run_child(floor_kind, gp, pp, script=__file__)
            b = run_child("bengal", gp, pp, script=__file__)
            print(f"{label:34s} {f['peak_mb']:9.0f} {b['peak_mb']:10.0f} {b['worker_peak_mb']:10.0f} "
                  f"{b['peak_mb'] / f['peak_mb']:7.2f}x {f['wall']:8.1f} {b['wall']:9.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
