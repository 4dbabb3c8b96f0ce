#!/usr/bin/env python3
"""Issue 13's options in every language: reach and gold check of --pronouns, --surface-forms,
--ambiguity and --emerging per language.

    python benchmarks/bench_lang_options.py [--docs 100] [--langs en es pt de fr] [--seed 0] [--jobs 2]
        [--options pronouns annotate surface ambiguity0 ambiguity1 emerging]
        [--out DIR (default: bench-lang-options in the system temp folder)]

For each language and option one corpus is generated on the bundled KB (``bengal generate --lang L
--docs N --seed 0`` and the option: ``--pronouns``, ``--pronouns --annotate-pronouns``,
``--surface-forms``, ``--ambiguity 0``, ``--ambiguity 1``, ``--emerging 0.3``; other options at their
defaults), written as JSONL, and checked by ``../shared/tools/corpus_stats.py --no-spacy`` (its gold
checks: :func:`bench_langs.gold_flaws`). Prints one row per corpus: documents, mentions, gold flaws,
the option's reach from the manifest (pronouns written per 100 sentences; mentions by other surface
forms and their ambiguous share; ``stats.ambiguity.share``; ``stats.emerging.share``) and the seconds
taken. Not part of the test run.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_langs import CORPUS_STATS, gold_flaws  # noqa: E402

#: option name → GenerateConfig fields
OPTIONS: dict[str, dict[str, Any]] = {
    "pronouns": {"pronouns": True},
    "annotate": {"pronouns": True, "annotate_pronouns": True},
    "surface": {"surface_forms": True},
    "ambiguity0": {"ambiguity": 0.0},
    "ambiguity1": {"ambiguity": 1.0},
    "emerging": {"emerging": 0.3},
}


def reach(option: str, stats: dict[str, Any]) -> str:
    """The option's reach as the manifest records it, in one short phrase."""
    if option in ("pronouns", "annotate"):
        p = stats["pronouns"]
        return (f"{p['written']} pronouns in {stats['sentences']} sentences "
                f"({100 * p['written'] / stats['sentences']:.1f} per 100)")
    if option == "surface":
        s = stats["surface_forms"]
        other = {k: v for k, v in s["mentions_by_form"].items() if k != "label" and v}
        return f"other forms {other}, ambiguous {s['ambiguous_share']:.3f}"
    if option.startswith("ambiguity"):
        return f"ambiguity share {stats['ambiguity']['share']:.3f}"
    e = stats["emerging"]
    return f"emerging share {e['share']:.3f} ({e['entities']} entities)"


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--docs", type=int, default=100)
    ap.add_argument("--langs", nargs="+", default=["en", "es", "pt", "de", "fr"])
    ap.add_argument("--options", nargs="+", default=list(OPTIONS), choices=list(OPTIONS))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "bench-lang-options")
    args = ap.parse_args()
    if not CORPUS_STATS.exists():
        sys.exit(f"bench_lang_options: {CORPUS_STATS} is absent (run from a checkout beside ../shared)")

    from bengal.generate import GenerateConfig
    from bengal.workflows.generate_files import generate_files

    args.out.mkdir(parents=True, exist_ok=True)
    print(f"{'lang':4} {'option':10} {'docs':>5} {'mentions':>8} {'flaws':>5} {'s':>6}  reach", flush=True)
    for lang in args.langs:
        for option in args.options:
            t = time.perf_counter()
            path = args.out / f"{lang}-{option}-{args.docs}.jsonl"
            config = GenerateConfig(docs=args.docs, seed=args.seed, lang=lang, **OPTIONS[option])
            made, _ = generate_files(path, config, jobs=args.jobs)
            flaws = gold_flaws(path, path.with_suffix(".stats.json"))
            flaw_text = ", ".join(f"{k} {v}" for k, v in flaws.items()) or "0"
            print(f"{lang:4} {option:10} {len(made.corpus.documents):5} {made.stats['mentions']:8} {flaw_text:>5} "
                  f"{time.perf_counter() - t:6.1f}  {reach(option, made.stats)}", flush=True)


if __name__ == "__main__":
    main()
