#!/usr/bin/env python3
"""Issue 11's dials: target vs reached share per strategy, and the baseline's A2KB F1 across them.

    python benchmarks/bench_dials.py [--docs 100] [--strategies star sym path hybrid summary]
        [--ambiguity 0 0.1 0.25 0.5 1] [--emerging 0 0.1 0.2 0.3] [--first-mention short]

For each strategy and dial value one corpus is generated (seed 0, other options at their
defaults; with ``--first-mention short`` the ambiguity runs take it), annotated by the baseline
(the dictionary over the same KB: what ``bengal annotate CORPUS --system baseline`` runs) and
scored A2KB, strong match (what ``bengal score`` reports). Prints one table row per run. Not part of the test run.
"""

from __future__ import annotations

import argparse
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=100)
    ap.add_argument("--strategies", nargs="+", default=["star", "sym", "path", "hybrid", "summary"])
    ap.add_argument("--ambiguity", type=float, nargs="*", default=[0.0, 0.1, 0.25, 0.5, 1.0])
    ap.add_argument("--emerging", type=float, nargs="*", default=[0.0, 0.1, 0.2, 0.3])
    ap.add_argument("--first-mention", default="full", choices=("full", "short"),
                    help="the ambiguity runs' --first-mention (short: a family name may be the first mention)")
    args = ap.parse_args()

    from bengal.annotate.baseline import load_baseline
    from bengal.generate import GenerateConfig
    from bengal.generate.pipeline import generate
    from bengal.kb.store import open_kb
    from bengal.model import Corpus
    from bengal.score.api import score

    kb = open_kb()
    baseline = load_baseline(kb)
    print(f"{'strategy':8} {'dial':9} {'target':>6} {'reached':>7} {'A2KB F1':>7} {'EE F1':>6} {'s':>5}", flush=True)
    for strategy in args.strategies:
        runs = [("ambiguity", x) for x in args.ambiguity] + [("emerging", x) for x in args.emerging]
        for dial, x in runs:
            t = time.perf_counter()
            extra = {"first_mention": args.first_mention} if dial == "ambiguity" else {}
            config = GenerateConfig(docs=args.docs, strategy=strategy, **{dial: x}, **extra)
            g = generate(kb, config)
            pred = Corpus(tuple(baseline.annotate(d) for d in g.corpus.documents))
            result = score(g.corpus, pred, task="a2kb")
            reached = g.stats.get(dial, {}).get("share", 0.0)  # --emerging 0: no section, none made
            ee = f"{result.ee.micro.f1:6.3f}" if result.ee is not None and dial == "emerging" and x > 0 else "     -"
            print(f"{strategy:8} {dial:9} {x:6.2f} {reached:7.3f} {result.micro.f1:7.3f} {ee} "
                  f"{time.perf_counter() - t:5.1f}", flush=True)


if __name__ == "__main__":
    main()
