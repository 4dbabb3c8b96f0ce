#!/usr/bin/env python3
"""Speed figures of the vertical slice, printed beside their targets.

    python benchmarks/bench_slice.py [--docs 1000] [--mentions 100000] [--rdflib]

1. first-use store build: the bundled sample loaded into a fresh on-disk store
   (target <= 60 s);
2. ``bengal generate --docs 1000`` as the CLI runs it (generation, gold checks,
   NIF + manifest written), in documents per second (target >= 100 docs/s);
3. scoring a 100,000-mention NIF pair as ``bengal score`` does (both files
   read, then A2KB strong scored) (target <= 10 s). With ``--rdflib`` the same
   two files are also parsed with rdflib, the reader most NIF tools use, for
   comparison.

Not part of the test run. Each figure is one run on this machine; run it twice
and take the second when the disk cache matters.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path


def make_pair(n_docs: int, per_doc: int, seed: int = 0):
    """A gold/prediction corpus pair with ``n_docs * per_doc`` gold mentions and
    typical system errors (10 % wrong URI, 10 % shifted span, 10 % missed)."""
    from bengal.model import Corpus, Document, Mention

    rng = random.Random(seed)
    words = [f"Entity{i}" for i in range(500)]
    gold_docs, pred_docs = [], []
    for k in range(n_docs):
        parts, gm, pm, pos = [], [], [], 0
        for i in range(per_doc):
            w = rng.choice(words)
            filler = " went to the "
            parts.append(w + filler)
            b, e = pos, pos + len(w)
            pos += len(w) + len(filler)
            uri = frozenset({f"http://dbpedia.org/resource/{w}"})
            gm.append((b, e, uri))
            r = rng.random()
            if r < 0.7:
                pm.append((b, e, uri))
            elif r < 0.8:
                pm.append((b, e, frozenset({"http://dbpedia.org/resource/Other"})))
            elif r < 0.9:
                pm.append((b + 1, e + 1, uri))
        text = "".join(parts)
        uri = f"http://bench.invalid/doc/{k}"
        gold_docs.append(Document(uri, text, tuple(Mention(b, e, text[b:e], u) for b, e, u in gm)))
        pred_docs.append(Document(uri, text, tuple(Mention(b, e, text[b:e], u) for b, e, u in pm)))
    return Corpus(tuple(gold_docs), "gold"), Corpus(tuple(pred_docs), "pred")


def row(what: str, value: str, target: str) -> None:
    print(f"{what:<48} {value:>14}" + (f"   target {target}" if target else ""))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=1000)
    ap.add_argument("--mentions", type=int, default=100_000)
    ap.add_argument("--rdflib", action="store_true", help="also parse the NIF pair with rdflib")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory(prefix="bengal-bench-") as tmp:
        os.environ["BENGAL_CACHE"] = str(Path(tmp) / "cache")
        from bengal.kb.store import open_kb

        t = time.perf_counter()
        kb = open_kb()
        build = time.perf_counter() - t
        row("first-use store build (bundled sample)", f"{build:.1f} s", "<= 60 s")
        row(f"  ({len(kb):,} triples)", "", "")
        t = time.perf_counter()
        open_kb()
        row("reopening the built store", f"{time.perf_counter() - t:.2f} s", "")
        del kb

        from bengal.generate import GenerateConfig
        from bengal.workflows.generate_files import generate_files

        out = Path(tmp) / "bench.ttl"
        t = time.perf_counter()
        generated, _ = generate_files(out, GenerateConfig(docs=args.docs, density="high", seed=1))
        gen = time.perf_counter() - t
        row(f"generate --docs {args.docs} (checks + NIF written)", f"{args.docs / gen:.0f} docs/s", ">= 100 docs/s")
        row(f"  ({gen:.1f} s, {generated.stats['mentions']:,} mentions)", "", "")

        from bengal.io import read_corpus, write_corpus
        from bengal.score import score

        per_doc = 100
        gold, pred = make_pair(max(1, args.mentions // per_doc), per_doc)
        gold_path, pred_path = Path(tmp) / "gold.ttl", Path(tmp) / "pred.ttl"
        write_corpus(gold, gold_path)
        write_corpus(pred, pred_path)
        t = time.perf_counter()
        g = read_corpus(gold_path)
        p = read_corpus(pred_path)
        read = time.perf_counter() - t
        t = time.perf_counter()
        result = score(g, p)
        scored = time.perf_counter() - t
        row(f"score a {gold.mention_count:,}-mention NIF pair (read + A2KB)", f"{read + scored:.1f} s", "<= 10 s")
        row("  reading both files", f"{read:.2f} s", "")
        row("  scoring", f"{scored:.2f} s", "")
        row(f"  (micro F1 {result.micro.f1:.3f}, TP {result.micro.tp:,})", "", "")
        if args.rdflib:
            import rdflib

            t = time.perf_counter()
            for path in (gold_path, pred_path):
                rdflib.Graph().parse(path, format="turtle")
            row("  peer: rdflib parsing the same two files", f"{time.perf_counter() - t:.1f} s", "")
    return 0


if __name__ == "__main__":
    sys.exit(main())
