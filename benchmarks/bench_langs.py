#!/usr/bin/env python3
"""Issue 13's gold check: corpora per language and strategy, checked by corpus_stats.py.

    python benchmarks/bench_langs.py [--docs 1000] [--langs es pt de fr] [--strategies star sym path hybrid summary]
        [--seed 0] [--jobs 2] [--out DIR (default: bench-langs in the system temp folder)]

For each language and strategy one corpus is generated on the bundled KB (``bengal generate --lang L
--strategy S --docs N --seed 0``, other options at their defaults) and written as JSONL;
``../shared/tools/corpus_stats.py --no-spacy`` then counts the gold flaws of each (its checks of kind
``gold``: anchor mismatches, offsets outside the text, overlapping and duplicate spans, mentions
without a URI). Prints one row per corpus: documents, mentions, gold flaws, the share of mentions named
by a person's English title (``stats.language.fallback_share``) and of person mentions of unknown sex
(``unknown_sex_share``), the mentions written otherwise than by a label of the entity in the language
although it has a writable one (``not in L``: e.g. a person with an ``rdfs:label@es`` named by its
English title; read from the bundled KB's ``rdfs:label@L``, independent of the generator's pool), and the
seconds taken. Not part of the test run.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CORPUS_STATS = Path(__file__).resolve().parents[2] / "shared" / "tools" / "corpus_stats.py"


def gold_flaws(path: Path, out: Path) -> dict[str, int]:
    """The gold checks of corpus_stats.py that found something, ``{check: count}`` (empty: none)."""
    subprocess.run([sys.executable, str(CORPUS_STATS), str(path), "--no-spacy", "--quiet", "--json", str(out)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    checks = json.loads(out.read_text(encoding="utf-8"))["corpora"][0]["checks"]
    return {name: c["count"] for name, c in checks.items() if c["kind"] == "gold" and c["count"]}


def label_misses(path: Path, lang: str, store) -> tuple[int, int, list[str]]:
    """``(misses, of them written as the English label, up to 5 examples)``: the mentions of the JSONL
    corpus ``path`` whose entity has a writable ``rdfs:label@lang`` in the KB ``store`` (pyoxigraph) but
    whose surface is none of those labels (without their parenthesis)."""
    import pyoxigraph as ox

    from bengal.kb.labels import surface_of, writable_label

    label = ox.NamedNode("http://www.w3.org/2000/01/rdf-schema#label")
    cache: dict[str, tuple[set[str], set[str]]] = {}

    def labels(uri: str) -> tuple[set[str], set[str]]:
        if uri not in cache:
            own, english = set(), set()
            for q in store.quads_for_pattern(ox.NamedNode(uri), label, None):
                if isinstance(q.object, ox.Literal) and writable_label(q.object.value):
                    if q.object.language == lang:
                        own.add(surface_of(q.object.value))
                    elif q.object.language == "en":
                        english.add(surface_of(q.object.value))
            cache[uri] = own, english
        return cache[uri]

    misses = as_english = 0
    examples: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        doc = json.loads(line)
        for m in doc["mentions"]:
            for uri in m["uris"]:
                own, english = labels(uri)
                if own and m["surface"] not in own:
                    misses += 1
                    as_english += m["surface"] in english
                    if len(examples) < 5:
                        examples.append(f"{m['surface']!r} for {uri} ({lang}: {', '.join(sorted(own))})")
    return misses, as_english, examples


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--docs", type=int, default=1000)
    ap.add_argument("--langs", nargs="+", default=["es", "pt", "de", "fr"])
    ap.add_argument("--strategies", nargs="+", default=["star", "sym", "path", "hybrid", "summary"])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "bench-langs")
    args = ap.parse_args()
    if not CORPUS_STATS.exists():
        sys.exit(f"bench_langs: {CORPUS_STATS} is absent (run from a checkout beside ../shared)")

    from bengal.generate import GenerateConfig
    from bengal.kb.store import open_kb
    from bengal.workflows.generate_files import generate_files

    store = open_kb().store

    args.out.mkdir(parents=True, exist_ok=True)
    print(f"{'lang':4} {'strategy':8} {'docs':>5} {'mentions':>8} {'flaws':>5} {'fallback':>8} {'unknown sex':>11} "
          f"{'not in L':>8} {'s':>6}", flush=True)
    for lang in args.langs:
        for strategy in args.strategies:
            t = time.perf_counter()
            path = args.out / f"{lang}-{strategy}-{args.docs}.jsonl"
            made, _ = generate_files(path, GenerateConfig(docs=args.docs, strategy=strategy, seed=args.seed,
                                                          lang=lang), jobs=args.jobs)
            flaws = gold_flaws(path, path.with_suffix(".stats.json"))
            misses, as_english, examples = label_misses(path, lang, store)
            section = made.stats["language"]
            mentions = section["mentions_by_label"] + section["mentions_by_person_fallback"]
            flaw_text = ", ".join(f"{k} {v}" for k, v in flaws.items()) or "0"
            print(f"{lang:4} {strategy:8} {len(made.corpus.documents):5} {mentions:8} {flaw_text:>5} "
                  f"{section['fallback_share']:8.3f} {section['unknown_sex_share']:11.3f} "
                  f"{misses:8} {time.perf_counter() - t:6.1f}", flush=True)
            for example in examples:
                print(f"    not in {lang} ({as_english} of {misses} the English label): {example}", flush=True)


if __name__ == "__main__":
    main()
