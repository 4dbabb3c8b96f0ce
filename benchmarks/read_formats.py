"""Read the field's corpora in the new formats and print format → file → documents, mentions, NIL,
warnings (by code) and read time. Usage: ``python benchmarks/read_formats.py [SHARED_DATA]``
(default ``../shared/data`` beside the checkout)."""

from __future__ import annotations

import collections
import sys
import time
from pathlib import Path

from bengal.errors import InputError
from bengal.io.formats import detect_format, read_corpus

FILES = ["nif/gerbil-test-resources/AIDA_example.tsv", "aida/AIDA-YAGO2_entities_and_links.tsv.gz"]


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "shared" / "data"
    files = FILES + sorted(str(p.relative_to(root)) for p in (root / "elevant-benchmarks").glob("*.benchmark.jsonl"))
    print("| format | file | documents | mentions | NIL | warnings | read s |")
    print("|---|---|---|---|---|---|---|")
    for rel in files:
        path = root / rel
        t0 = time.perf_counter()
        try:
            fmt = detect_format(path)
            corpus = read_corpus(path)
        except InputError as err:
            print(f"| {fmt} | {rel} | refused: {err.detail} | | | | |")
            continue
        dt = time.perf_counter() - t0
        mentions = [m for d in corpus for m in d.mentions]
        codes = collections.Counter(w.code for w in corpus.warnings)
        warn = ", ".join(f"{c} {n}" for c, n in sorted(codes.items())) or "none"
        print(f"| {fmt} | {rel} | {len(corpus)} | {len(mentions)} | {sum(m.is_nil for m in mentions)} | {warn} "
              f"| {dt:.3f} |")


if __name__ == "__main__":
    main()
