#!/usr/bin/env python3
"""Chunk metrics on a 1,000,000-token CoNLL pair, side by side with seqeval.

    python benchmarks/bench_chunks.py [--tokens 1000000] [--strict] [--repeat 3]

The pair: the sentences of the shipped CoNLL++ test set (``conllpp``, ``corpora/conllpp/``) repeated
until the token count is reached (gold), and a prediction with 10 % of its tags
changed (to ``O``, or to a random prefix and type, so it also breaks IOB2),
both written as CoNLL files in a temporary folder.

Timed, on the same lists of tag sequences (the best of ``--repeat`` runs):

1. bengal's full report (per type, micro, macro, weighted, token accuracy), lenient
   mode: :func:`bengal.score.chunks.score_chunks`;
2. seqeval's ``classification_report`` (lenient, its default mode);
3. seqeval's ``f1_score`` (lenient);

and, for information, ``bengal score`` as the CLI runs it (both files read, then
scored: :func:`bengal.workflows.score_files.score_conll`). With ``--strict`` also both in
strict mode (seqeval's strict mode is much slower: a Python object per token).

Targets: 1 >= 10x faster than 2, and never slower than 3. The results are
checked to agree with seqeval before the figures are printed. Not part of the
test run.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import warnings
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bengal.resources import resolve_corpus  # noqa: E402


def read_sentences(path: Path) -> list[list[tuple[str, str]]]:
    sents, cur = [], []
    for line in open(path, encoding="utf-8"):
        f = line.split()
        if not f or f[0] == "-DOCSTART-":
            if cur:
                sents.append(cur)
                cur = []
            continue
        cur.append((f[0], f[-1]))
    if cur:
        sents.append(cur)
    return sents


def make_pair(n_tokens: int, seed: int = 0):
    base = read_sentences(resolve_corpus("conllpp")[0])
    rng = random.Random(seed)
    types = ["PER", "LOC", "ORG", "MISC"]
    gold, pred, words = [], [], []
    total = 0
    while total < n_tokens:
        for s in base:
            if total >= n_tokens:
                break
            g = [t for _, t in s]
            p = list(g)
            for i in range(len(p)):
                if rng.random() < 0.1:
                    p[i] = "O" if rng.random() < 0.3 else rng.choice("BI") + "-" + rng.choice(types)
            gold.append(g)
            pred.append(p)
            words.append([w for w, _ in s])
            total += len(g)
    return words, gold, pred, total


def write_conll(path: Path, words, tags) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        for ws, ts in zip(words, tags):
            fh.writelines(f"{w} {t}\n" for w, t in zip(ws, ts))
            fh.write("\n")


def best(fn, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tokens", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--strict", action="store_true", help="also time strict mode (seqeval takes long)")
    args = ap.parse_args()

    from seqeval.metrics import classification_report, f1_score
    from seqeval.scheme import IOB2

    from bengal.score.chunks import score_chunks
    from bengal.workflows.score_files import score_conll

    warnings.simplefilter("ignore")
    words, gold, pred, total = make_pair(args.tokens)
    print(f"pair: {total:,} tokens, {len(gold):,} sentences (CoNLL++ test repeated, 10 % of predicted tags changed)")

    t_ours, ours = best(lambda: score_chunks(gold, pred, mode="lenient"), args.repeat)
    t_cr, theirs = best(lambda: classification_report(gold, pred, output_dict=True), 1)
    t_f1, f1 = best(lambda: f1_score(gold, pred), 1)
    assert abs(ours.micro.f1 - f1) < 1e-12 and abs(theirs["micro avg"]["f1-score"] - f1) < 1e-12
    for typ, row in ours.per_type.items():
        assert abs(row.f1 - theirs[typ]["f1-score"]) < 1e-12, typ
    assert abs(ours.macro.f1 - theirs["macro avg"]["f1-score"]) < 1e-12
    assert abs(ours.weighted.f1 - theirs["weighted avg"]["f1-score"]) < 1e-12

    with tempfile.TemporaryDirectory() as tmp:
        gpath, ppath = Path(tmp) / "gold.conll", Path(tmp) / "pred.conll"
        write_conll(gpath, words, gold)
        write_conll(ppath, words, pred)
        t_files, from_files = best(lambda: score_conll(gpath, ppath), args.repeat)
    assert from_files.to_json()["micro"] == ours.to_json()["micro"]

    print(f"micro F1 {ours.micro.f1:.4f} (equal to seqeval's, per type, macro and weighted too)\n")
    print(f"{'lenient mode':48s} {'seconds':>9s}")
    print(f"{'bengal score_chunks (full per-type report)':48s} {t_ours:9.3f}")
    print(f"{'seqeval classification_report':48s} {t_cr:9.3f}")
    print(f"{'seqeval f1_score':48s} {t_f1:9.3f}")
    print(f"{'bengal score_conll (read both files + report)':48s} {t_files:9.3f}")
    r_cr, r_f1 = t_cr / t_ours, t_f1 / t_ours
    print(f"\nratio vs classification_report: {r_cr:6.1f}x faster (target >= 10x): {'OK' if r_cr >= 10 else 'MISSED'}")
    print(f"ratio vs f1_score:               {r_f1:6.1f}x faster (target >= 1x):  {'OK' if r_f1 >= 1 else 'MISSED'}")
    print(f"ratio of files path vs f1_score: {t_f1 / t_files:6.1f}x faster")

    if args.strict:
        t_s, ours_s = best(lambda: score_chunks(gold, pred, mode="strict"), args.repeat)
        t_scr, theirs_s = best(lambda: classification_report(gold, pred, output_dict=True, mode="strict",
                                                             scheme=IOB2), 1)
        assert abs(ours_s.micro.f1 - theirs_s["micro avg"]["f1-score"]) < 1e-12
        print(f"\n{'strict mode (IOB2)':48s} {'seconds':>9s}")
        print(f"{'bengal score_chunks':48s} {t_s:9.3f}")
        print(f"{'seqeval classification_report(mode=strict)':48s} {t_scr:9.3f}")
        print(f"ratio: {t_scr / t_s:6.1f}x faster")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
