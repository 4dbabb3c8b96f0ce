#!/usr/bin/env python3
"""The density dial's reach (issue 11): target → reached mentions per token, per strategy and
``--sentence-length`` (a table, not a test).

    python benchmarks/bench_density.py [--docs 100] [--seed 0] [--lengths short news]
        [--strategies star sym path hybrid summary] [--targets 0.04 0.08 0.12 0.16 0.2 0.25]

For each sentence length, strategy and target one corpus is generated on the bundled KB (other
options at their defaults) and its manifest's reached density (gold mentions ÷ spaCy English
tokens, ``stats.density``) printed beside the target, with ``ok`` when it is within ±10 % of the
target (the issue's bound). Not part of the test run.
"""

from __future__ import annotations

import argparse
import time

from bengal.generate.config import GenerateConfig
from bengal.generate.pipeline import generate
from bengal.kb.store import open_kb

TARGETS = (0.04, 0.08, 0.12, 0.16, 0.20, 0.25)
STRATEGIES = ("star", "sym", "path", "hybrid", "summary")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--lengths", nargs="+", default=["short", "news"])
    ap.add_argument("--strategies", nargs="+", default=list(STRATEGIES))
    ap.add_argument("--targets", type=float, nargs="+", default=list(TARGETS))
    args = ap.parse_args()
    kb = open_kb()
    start = time.perf_counter()
    print(f"{'length':6} {'strategy':8} " + " ".join(f"{t:>11.2f}" for t in args.targets), flush=True)
    for length in args.lengths:
        for strategy in args.strategies:
            cells = []
            for target in args.targets:
                g = generate(kb, GenerateConfig(docs=args.docs, strategy=strategy, seed=args.seed,
                                                density=target, sentence_length=length))
                reached = g.stats["density"]
                cells.append(f"{reached:.3f}{' ok' if abs(reached - target) <= 0.1 * target else '   '}")
            print(f"{length:6} {strategy:8} " + " ".join(f"{c:>11}" for c in cells), flush=True)
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
