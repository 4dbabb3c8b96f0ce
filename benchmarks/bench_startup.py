#!/usr/bin/env python3
"""Start-up of the command line, and chunk scoring as a whole process, beside their floors (issue 15).

    python benchmarks/bench_startup.py [--tokens 200000] [--repeat 3] [--cpu]

Each figure is the median of ``--repeat`` runs of a fresh process (wall clock, seconds; with
``--cpu`` the process's user + system CPU seconds, steadier on a loaded machine):

1. ``python -c pass``: the interpreter's own start-up, the floor;
2. ``bengal --help``; target < 0.5 s;
3. ``bengal score small.conll small.conll`` on two 3-sentence CoNLL files; target < 0.5 s;
4. ``bengal score gold.conll pred.conll`` on a ``--tokens`` pair (import + read + score), beside
   a seqeval process that imports seqeval, reads the same two files (tokens and last column) and
   prints ``classification_report``; target: bengal >= 5x faster.

The pair is synthetic (random words; gold IOB2 chunks of 1-3 tokens, four types; 10 % of the
predicted tags changed, as benchmarks/bench_chunks.py does), written in a temporary folder, so the
benchmark needs no data beside the checkout. Both processes print micro F1; they must agree.
Not part of the test run.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: Time CPU seconds instead of wall clock (--cpu).
CPU = False

SMALL = """EU B-ORG
rejects O
German B-MISC
call O

Peter B-PER
Blackburn I-PER

BRUSSELS B-LOC
1996-08-22 O
"""

SEQEVAL = r"""
import sys
from seqeval.metrics import classification_report, f1_score

def read(path):
    sents, cur = [], []
    for line in open(path, encoding="utf-8"):
        f = line.split()
        if not f:
            if cur:
                sents.append(cur)
                cur = []
            continue
        cur.append(f[-1])
    if cur:
        sents.append(cur)
    return sents

gold, pred = read(sys.argv[1]), read(sys.argv[2])
classification_report(gold, pred, output_dict=True)
print(f"micro F1 {f1_score(gold, pred):.6f}")
"""


def make_pair(folder: Path, n_tokens: int, seed: int = 0) -> tuple[Path, Path]:
    """Write gold.conll and pred.conll of about ``n_tokens`` tokens in ``folder``."""
    rng = random.Random(seed)
    types = ["PER", "LOC", "ORG", "MISC"]
    gold_lines, pred_lines, total = [], [], 0
    while total < n_tokens:
        tags: list[str] = []
        for _ in range(rng.randint(5, 30)):
            if rng.random() < 0.2:
                typ = rng.choice(types)
                tags += [f"B-{typ}"] + [f"I-{typ}"] * rng.randint(0, 2)
            else:
                tags.append("O")
        for tag in tags:
            word = "w" + str(rng.randint(0, 9999))
            p = tag
            if rng.random() < 0.1:
                p = "O" if rng.random() < 0.3 else rng.choice("BI") + "-" + rng.choice(types)
            gold_lines.append(f"{word} {tag}\n")
            pred_lines.append(f"{word} {p}\n")
        gold_lines.append("\n")
        pred_lines.append("\n")
        total += len(tags)
    gold, pred = folder / "gold.conll", folder / "pred.conll"
    gold.write_text("".join(gold_lines), encoding="utf-8")
    pred.write_text("".join(pred_lines), encoding="utf-8")
    return gold, pred


def median_run(cmd: list[str], repeat: int) -> tuple[float, str]:
    """The median time of ``repeat`` runs of ``cmd`` and the last run's stdout; a failing run stops.

    The time is wall clock, or with ``--cpu`` the child's user + system CPU seconds (steadier on a
    loaded machine)."""
    times, out = [], ""
    for _ in range(repeat):
        t, before = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        times.append(cpu if CPU else time.perf_counter() - t)
        if proc.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr.strip()[-500:]}")
        out = proc.stdout
    return statistics.median(times), out


def micro_f1(bengal_text: str) -> float:
    """Micro F1 from ``bengal score --json -``'s output."""
    import json

    return float(json.loads(bengal_text)["micro"]["f1"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tokens", type=int, default=200_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--cpu", action="store_true", help="time each process's CPU seconds instead of wall clock")
    args = ap.parse_args()
    global CPU
    CPU = args.cpu
    py = sys.executable
    bengal = [py, "-m", "bengal"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        small = folder / "small.conll"
        small.write_text(SMALL, encoding="utf-8")
        floor, _ = median_run([py, "-c", "pass"], args.repeat)
        t_help, _ = median_run([*bengal, "--help"], args.repeat)
        t_small, _ = median_run([*bengal, "score", str(small), str(small)], args.repeat)
        print(f"python -c pass (floor)      {floor:6.3f} s")
        for label, took in (("bengal --help", t_help), ("bengal score small small", t_small)):
            print(f"{label:<27} {took:6.3f} s   target < 0.5 s   {'met' if took < 0.5 else 'NOT met'}")

        gold, pred = make_pair(folder, args.tokens)
        t_ours, ours = median_run([*bengal, "score", str(gold), str(pred), "--json", "-"], args.repeat)
        script = folder / "seqeval_run.py"
        script.write_text(SEQEVAL, encoding="utf-8")
        t_seq, theirs = median_run([py, str(script), str(gold), str(pred)], args.repeat)
        f_ours, f_seq = micro_f1(ours), float(theirs.split()[-1])
        if abs(f_ours - f_seq) > 1e-6:
            raise SystemExit(f"micro F1 disagrees: bengal {f_ours} seqeval {f_seq}")
        ratio = t_seq / t_ours
        print(f"chunk scoring, {args.tokens:,} tokens, whole process (import + read + score), micro F1 {f_ours:.4f}:")
        print(f"  bengal score              {t_ours:6.3f} s")
        print(f"  seqeval                   {t_seq:6.3f} s   bengal {ratio:.2f}x faster   target >= 5x   "
              f"{'met' if ratio >= 5 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
