#!/usr/bin/env python3
"""Parsing and placing one long LLM answer line: time against the answer's length (issue 14).

    python benchmarks/bench_answers.py [--sizes 100000,1000000,4000000] [--repeat 3]

For each size (characters of the answer), a synthetic source sentence of random words and its
answer in evalscope's tag format (every third word tagged) are built; three answers are timed with
:func:`bengal.llm.answers.align_answer` (which parses with :func:`bengal.io.tagged.parse_tagged`):

- ``exact``: the answer's plain text is the source text (the alignment is the identity);
- ``altered``: one word in the middle of the answer is changed (the matcher runs, then the common
  start and end are aligned and the middle matched, ``alignment_cut`` when the budget runs out);
- ``garbage``: ``<`` and runs of spaces against a 500-character source, difflib's worst case (a
  500-character such answer took difflib 4 s before the step budget).

Each figure is the median of ``--repeat`` runs (seconds) and, beside it, seconds per MB: a linear
parse keeps that figure flat as the size grows. Before the change, a 600 KB ``exact`` answer took
1.5 s to parse and a 190 KB nested one 8 s (quadratic). Not part of the test run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bengal.llm.answers import align_answer


def _answers(size: int, rng: random.Random) -> dict[str, tuple[str, list[str]]]:
    words: list[str] = []
    n = 0
    while n < size:
        w = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(2, 9))).capitalize()
        words.append(w)
        n += len(w) + 7  # the word, a space and, for every third word, its tags
    tagged = [f"<person>{w}</person>" if i % 3 == 0 else w for i, w in enumerate(words)]
    exact = "<response>" + " ".join(tagged) + "</response>"
    mid = len(tagged) // 2 + 1
    altered = "<response>" + " ".join(tagged[:mid] + ["Changed"] + tagged[mid + 1:]) + "</response>"
    garbage = "<response>" + ("<" + " " * 50) * (size // 51) + "</response>"
    source_g = " ".join(["w"] * 250)
    return {"exact": (exact, words), "altered": (altered, words), "garbage": (garbage, source_g.split())}


def main() -> None:
    """Print the table (module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="100000,1000000,4000000")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rng = random.Random(14)
    print(f"{'size':>9} {'answer':>8} {'seconds':>8} {'s/MB':>6}  flaws")
    for size in (int(s) for s in args.sizes.split(",")):
        for kind, (answer, tokens) in _answers(size, rng).items():
            times = []
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                chunks, flaws = align_answer(answer, tokens)
                times.append(time.perf_counter() - t0)
            med = statistics.median(times)
            print(f"{len(answer):>9} {kind:>8} {med:>8.3f} {med / (len(answer) / 1e6):>6.2f}  "
                  f"{dict(flaws)} ({len(chunks)} chunks)", flush=True)


if __name__ == "__main__":
    main()
