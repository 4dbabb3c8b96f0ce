#!/usr/bin/env python3
"""Peak memory and build time of the baseline's spotter, the old way beside the current one.

    python benchmarks/bench_names.py [--kb DUMP]

Each way runs in a child process of its own (so one peak is not the other's), on the baseline's
dictionary of ``--kb`` (default: the bundled sample; the dictionary is built once, or read from
the KB cache, before either is timed):

1. ``all-at-once``: the old build, every form tokenised into a spaCy ``Doc`` first (164,697 of
   them for the bundled sample), then added to the ``PhraseMatcher`` 10,000 at a time;
2. ``chunked``: :class:`bengal.annotate.baseline.Baseline` as it is, each 10,000 forms tokenised
   and added before the next are made.

Printed per way: the child's peak RSS (``ru_maxrss``, after reading the dictionary) and the
matcher's build time. Both spotters are checked to find the same spans in a few sentences. Not
part of the test run. On the bundled sample (busy 2-core machine, issue 16)::

    build          peak RSS MB  matcher s
    all-at-once          1,273       32.7
    chunked                546       27.6
    same spans on 4 sentences: True
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time

SENTENCES = ["Albert Einstein was born in Ulm and worked in Berlin.", "Paris is the capital of France.",
             "The Beatles were a band from Liverpool, England.", "He fought in World War I."]


def child(mode: str, kb_path: str | None) -> None:
    """Build one spotter, print ``peak_mb seconds spans``."""
    import hashlib
    import pickle

    from bengal.annotate import baseline as mod
    from bengal.annotate.baseline import _FINAL_INITIAL, Baseline, load_baseline
    from bengal.kb.store import cache_dir, open_kb

    if mode == "warm":  # builds and caches the dictionary when it is not cached yet
        load_baseline(kb_path=kb_path)
        return
    kb = open_kb(kb_path)
    digest = hashlib.sha256(f"{kb.checksum}:{kb.source}".encode()).hexdigest()[:16]
    path = cache_dir() / f"baseline-dictionary-v{mod._CACHE_VERSION}-{mod._code_digest()}-{digest}.pickle"
    del kb
    with open(path, "rb") as fh:
        dictionary = pickle.load(fh)
    start = time.perf_counter()
    if mode == "chunked":
        spotter = Baseline(dictionary)
    else:  # the build before issue 16: every pattern's Doc at once
        import spacy
        from spacy.matcher import PhraseMatcher

        spotter = Baseline.__new__(Baseline)
        spotter.dictionary = dictionary
        spotter.nlp = spacy.blank("en")
        spotter.matcher = PhraseMatcher(spotter.nlp.vocab)
        forms = sorted(dictionary.candidates)
        forms += [f + "." for f in forms if _FINAL_INITIAL.search(f) and f + "." not in dictionary.candidates]
        patterns = list(spotter.nlp.tokenizer.pipe(forms))  # type: ignore[union-attr]
        for i in range(0, len(patterns), 10000):
            spotter.matcher.add("ENTITY", patterns[i:i + 10000])
        import threading

        spotter._lock = threading.Lock()
    seconds = time.perf_counter() - start
    spans = [spotter.spot(s) for s in SENTENCES]
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{peak_mb:.0f} {seconds:.1f} {spans!r}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kb", default=None, help="KB dump (default: the bundled sample)")
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.kb)
        return
    kb = ["--kb", args.kb] if args.kb else []
    subprocess.run([sys.executable, __file__, "--child", "warm", *kb], check=True)  # the dictionary, cached
    results = {}
    for mode in ("all-at-once", "chunked"):
        out = subprocess.run([sys.executable, __file__, "--child", mode, *kb], check=True, capture_output=True,
                             text=True).stdout.split(" ", 2)
        results[mode] = (float(out[0]), float(out[1]), out[2].strip())
    print(f"{'build':<14}{'peak RSS MB':>12}{'matcher s':>11}")
    for mode, (peak, seconds, _) in results.items():
        print(f"{mode:<14}{peak:>12,.0f}{seconds:>11.1f}")
    same = results["all-at-once"][2] == results["chunked"][2]
    print(f"same spans on {len(SENTENCES)} sentences: {same}")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
