"""Read the field's corpora in the new formats and print format → file → documents, mentions, NIL,
warnings (by code) and read time. Usage: ``python benchmarks/read_formats.py [SHARED_DATA]``
(default ``../shared/data`` beside the checkout)."""

from __future__ import annotations

import collections
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from bengal.errors import InputError
from bengal.io.formats import detect_format, read_corpus

FILES = ["nif/gerbil-test-resources/AIDA_example.tsv", "aida/AIDA-YAGO2_entities_and_links.tsv.gz",
         "nif/eaglet-gerbil_data/datasets/microposts2014/Microposts2014-NEEL_challenge_TweetsTrainingSet.csv",
         "nif/eaglet-gerbil_data/datasets/microposts2014/Microposts2014-NEEL_challenge_TweetsTestSet.csv"]
WIKI_TAR = "nif/eaglet-gerbil_data/datasets/gerbil_wikipedia_datasets_ACE2004_MSNBC_IITB.tar.gz"
#: The dataset folders of WIKI_TAR, read unpacked.
WIKI_FOLDERS = ["datasets/MSNBC", "datasets/ACE2004_Coref_Turking", "datasets/iitb"]


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "shared" / "data"
    with tempfile.TemporaryDirectory(prefix="read-formats-") as tmp:
        table(root, Path(tmp))


def table(root: Path, unpacked: Path) -> None:
    """Print the table; GERBIL's Wikipedia-datasets tarball is unpacked into ``unpacked``."""
    files = FILES + sorted(str(p.relative_to(root)) for p in (root / "elevant-benchmarks").glob("*.benchmark.jsonl"))
    with tarfile.open(root / WIKI_TAR) as tf:
        tf.extractall(unpacked, filter="data")
    paths = [(rel, root / rel) for rel in files] + [(f"{Path(WIKI_TAR).name}: {rel}", unpacked / rel)
                                                    for rel in WIKI_FOLDERS]
    print("| format | file | documents | mentions | NIL | warnings | read s |")
    print("|---|---|---|---|---|---|---|")
    for rel, path in paths:
        fmt = "?"
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
