#!/usr/bin/env python3
"""Peak memory and start time of the baseline's spotter: spaCy's PhraseMatcher beside the compact one.

    python benchmarks/bench_names.py [--kb DUMP]

Each way runs in a child process of its own (so one peak is not the other's), on the baseline's
dictionary of ``--kb`` (default: the bundled sample; built and cached once, before any is timed):

1. ``phrase-matcher``: the spotter before the compact one (issue 16): the dictionary as dicts of
   Python objects (form → tuple of URIs, URI → frozenset of neighbours, …) and spaCy's
   ``PhraseMatcher`` over every form, added 10,000 at a time;
2. ``compact-build``: :class:`bengal.annotate.baseline.Dictionary` in flat arrays and the token
   trie built from it (:func:`~bengal.annotate.baseline.build_patterns`: a first run);
3. ``compact-cached``: both read from the cache (every later run).

Printed per way: the child's peak RSS (``ru_maxrss``) and the seconds from the cached dictionary
to a ready spotter. All three are checked to find the same spans and links in a few sentences.
Not part of the test run. On the bundled sample (busy 2-core machine, 2 December 2026)::

    way            peak RSS MB  ready in s
    phrase-matcher         564        54.5
    compact-build          227        24.7
    compact-cached         129         2.9
    same annotations on 4 sentences: True
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
    """Build one spotter, print ``peak_mb seconds annotations``."""
    import hashlib
    import pickle

    from bengal.annotate import baseline as mod
    from bengal.annotate.baseline import Baseline, build_patterns, load_baseline
    from bengal.kb.store import cache_dir, open_kb
    from bengal.model import Document

    if mode == "warm":  # builds and caches the dictionary when it is not cached yet
        load_baseline(kb_path=kb_path)
        return
    kb = open_kb(kb_path)
    digest = hashlib.sha256(f"{kb.checksum}:{kb.source}".encode()).hexdigest()[:16]
    path = cache_dir() / (f"baseline-dictionary-v{mod._CACHE_VERSION}-{mod._code_digest()}-"
                          f"spacy{mod._spacy_version()}-{digest}.pickle")
    del kb
    start = time.perf_counter()
    with open(path, "rb") as fh:
        dictionary, patterns = pickle.load(fh)
    if mode == "compact-cached":
        spotter = Baseline(dictionary, patterns)
        run = spotter.annotate
    elif mode == "compact-build":
        del patterns
        spotter = Baseline(dictionary, build_patterns(dictionary))
        run = spotter.annotate
    else:  # the spotter before issue 16's compact one, and its dictionary as Python objects
        del patterns
        run = _phrase_matcher(dictionary)
    seconds = time.perf_counter() - start
    out = [[(m.begin, m.end, sorted(m.uris), m.type, m.score) for m in run(Document("http://x/", s)).mentions]
           for s in SENTENCES]
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{peak_mb:.0f} {seconds:.1f} {out!r}")


def _phrase_matcher(compact):  # type: ignore[no-untyped-def]
    """The annotate() of the baseline as it was before the compact dictionary (its code, abridged)."""
    import math

    import spacy
    from spacy.matcher import PhraseMatcher

    from bengal.annotate.baseline import _FINAL_INITIAL, COHERENCE_WEIGHT, _word_edge
    from bengal.model import Document, Mention

    cand = dict(compact.candidates)
    neighbours = dict(compact.neighbours)
    degree = dict(compact.degree)
    types = dict(compact.types)
    del compact
    nlp = spacy.blank("en")
    matcher = PhraseMatcher(nlp.vocab)
    forms = sorted(cand)
    forms += [f + "." for f in forms if _FINAL_INITIAL.search(f) and f + "." not in cand]
    for i in range(0, len(forms), 10000):
        matcher.add("ENTITY", list(nlp.tokenizer.pipe(forms[i:i + 10000])))

    def annotate(document):  # type: ignore[no-untyped-def]
        text = document.text
        doc = nlp.make_doc(text)
        found = []
        for _, s, e in matcher(doc):
            b, e = doc[s:e].start_char, doc[s:e].end_char
            if text[e - 1] == "." and e - b > 1 and text[b:e - 1] in cand:
                e -= 1
            if text[b:e] in cand and _word_edge(text, b, e):
                found.append((b, e))
        kept, taken = [], set()
        for b, e in sorted(set(found), key=lambda sp: (-(sp[1] - sp[0]), sp[0])):
            if not any(i in taken for i in range(b, e)):
                kept.append((b, e))
                taken.update(range(b, e))
        spans = sorted(kept)
        surfaces = [text[b:e] for b, e in spans]
        mentions = []
        for (b, e), form in zip(spans, surfaces):
            others = {f for f in surfaces if f != form}
            scored = []
            for uri in cand[form]:
                nbs = neighbours.get(uri, frozenset())
                support = sum(1 for f in others if any(c in nbs for c in cand.get(f, ())))
                scored.append((-(math.log1p(degree.get(uri, 0)) + COHERENCE_WEIGHT * support), uri))
            scored.sort()
            total = sum(-s for s, _ in scored)
            confidence = 1.0 if total <= 0 else round(-scored[0][0] / total, 6)
            mentions.append(Mention(b, e, form, frozenset((scored[0][1],)), types.get(scored[0][1]), confidence))
        return Document(document.uri, text, tuple(mentions))

    return annotate


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
    for mode in ("phrase-matcher", "compact-build", "compact-cached"):
        out = subprocess.run([sys.executable, __file__, "--child", mode, *kb], check=True, capture_output=True,
                             text=True).stdout.split(" ", 2)
        results[mode] = (float(out[0]), float(out[1]), out[2].strip())
    print(f"{'way':<15}{'peak RSS MB':>11}{'ready in s':>12}")
    for mode, (peak, seconds, _) in results.items():
        print(f"{mode:<15}{peak:>11,.0f}{seconds:>12.1f}")
    same = len({r[2] for r in results.values()}) == 1
    print(f"same annotations on {len(SENTENCES)} sentences: {same}")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
