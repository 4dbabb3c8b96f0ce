"""Read the field's corpora in every format of issue 12 and print format → file → documents, mentions, NIL,
warnings (by code) and read time. Usage: ``python benchmarks/read_formats.py [SHARED_DATA]``
(default ``../shared/data`` beside the checkout). The N3 collection's N-Triples files are read twice,
strict (refused: IRIs with spaces) and ``lenient``; ``eng.testb`` is the original CoNLL-2003 file (IOB1)."""

from __future__ import annotations

import collections
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from bengal.errors import InputError
from bengal.io.formats import detect_format, read_corpus

FILES = ["nif/gerbil-test-resources/AIDA_example.tsv", "nif/gerbil-test-resources/AIDA_example.tsv:testb",
         "aida/AIDA-YAGO2_entities_and_links.tsv.gz",
         "nif/eaglet-gerbil_data/datasets/microposts2014/Microposts2014-NEEL_challenge_TweetsTrainingSet.csv",
         "nif/eaglet-gerbil_data/datasets/microposts2014/Microposts2014-NEEL_challenge_TweetsTestSet.csv"]
#: NIF files: OKE task-1 gold (types on the entity resource) and the N3 collection (Turtle, then N-Triples).
NIF_FILES = ["nif/gerbil-test-resources/task1.ttl", "nif/oke2015/evaluation-data/task1/evaluation-dataset-task1.ttl",
             "nif/oke2016/evaluation-data/task1/evaluation-dataset-task1.ttl", "nif/n3-collection/News-100.ttl",
             "nif/n3-collection/RSS-500.ttl", "nif/n3-collection/Reuters-128.ttl",
             "nif/eaglet-gerbil_data/datasets/KORE50/kore50-nif.ttl",
             "nif/eaglet-gerbil_data/datasets/spotlight/dbpedia-spotlight-nif.ttl"]
#: Read strict, then lenient (historic NIF with white space inside IRIs).
LENIENT_FILES = ["nif/n3-collection/News-100.nt.gz", "nif/n3-collection/RSS-500.nt.gz",
                 "nif/n3-collection/Reuters-128.nt.gz"]
CONLL_FILES = ["conll/conll2003-original/eng.testb", "conll/conllpp_test.txt"]
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
    paths: list[tuple[str, Path, bool, str | None]] = [(rel, root / rel, False, None)
                                                       for rel in files + NIF_FILES + CONLL_FILES]
    paths += [(f"{Path(WIKI_TAR).name}: {rel}", unpacked / rel, False, None) for rel in WIKI_FOLDERS]
    paths += [(rel + suffix, root / rel, lenient, None) for rel in LENIENT_FILES
              for suffix, lenient in (("", False), (" (--lenient)", True))]
    # a conlleval single file (token gold predicted), written from eng.testb's own tags (gold = predicted)
    conlleval = unpacked / "eng.testb.conlleval"
    with open(root / CONLL_FILES[0], encoding="utf-8") as src, open(conlleval, "w", encoding="utf-8") as out:
        for line in src:
            cols = line.split()
            out.write(f"{cols[0]} {cols[-1]} {cols[-1]}\n" if cols else "\n")
    # (three columns read as CoNLL by content; --gold-format conlleval, or GOLD alone on the CLI, says which)
    paths.append(("eng.testb as conlleval (token gold pred; --gold-format conlleval)", conlleval, False, "conlleval"))
    print("| format | file | documents | mentions | NIL | warnings | read s |")
    print("|---|---|---|---|---|---|---|")
    for rel, path, lenient, forced in paths:
        fmt = "?"
        t0 = time.perf_counter()
        try:
            fmt = forced or detect_format(path)
            corpus = read_corpus(path, forced, lenient=lenient)
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
