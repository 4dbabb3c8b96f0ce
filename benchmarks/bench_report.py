#!/usr/bin/env python3
"""What the error data and the HTML report cost on a large score: a synthetic 100,000-mention pair.

    python benchmarks/bench_report.py [--documents 10000] [--errors 50]

Builds 10,000 documents of 60 words with a gold mention every sixth word
(100,000 mentions) and a prediction with seeded edits (10 % dropped, 8 %
relinked), then times, in this process:

* ``score`` (A2KB, strong, per-type and InKB/EE lines included);
* ``to_json(errors=N)``: the per-mention outcomes of every document with errors
  (:mod:`bengal.score.explain`) and the N worst in full, which ``bengal score --json``
  adds for ``bengal report``;
* ``load_result`` + ``build_report`` of that JSON (the page with its matplotlib charts).

Printed: seconds of each step, the JSON and HTML sizes. Not part of the test run.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from pathlib import Path


def corpora(documents: int, seed: int = 1):
    from bengal.model import Corpus, Document, Mention

    rng = random.Random(seed)
    words = [f"W{j}x" for j in range(60)]
    text = " ".join(words)
    offsets, pos = [], 0
    for w in words:
        offsets.append((pos, pos + len(w)))
        pos += len(w) + 1
    gold, pred = [], []
    for i in range(documents):
        gm = [Mention.in_text(text, *offsets[k], {f"http://dbpedia.org/resource/E{i}_{k}"}, "PER" if k % 12 else "LOC")
              for k in range(0, 60, 6)]
        pm = []
        for m in gm:
            x = rng.random()
            if x < 0.10:
                continue
            pm.append(Mention.in_text(text, m.begin, m.end, {"http://dbpedia.org/resource/X"}, m.type) if x < 0.18
                      else m)
        gold.append(Document(f"http://example.org/{i}", text, tuple(gm)))
        pred.append(Document(f"http://example.org/{i}", text, tuple(pm)))
    return Corpus(tuple(gold), "gold"), Corpus(tuple(pred), "pred")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--documents", type=int, default=10_000)
    ap.add_argument("--errors", type=int, default=50)
    args = ap.parse_args()
    from bengal.report.html import build_report
    from bengal.report.results import load_result
    from bengal.score import score

    gold, pred = corpora(args.documents)
    t0 = time.perf_counter()
    result = score(gold, pred)
    t1 = time.perf_counter()
    data = {"system": "edited", "set": "synthetic", **result.to_json(errors=args.errors)}
    text = json.dumps(data, ensure_ascii=False, allow_nan=False)
    t2 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "result.json"
        path.write_text(text, encoding="utf-8")
        t3 = time.perf_counter()
        page = build_report([load_result(path)])
        t4 = time.perf_counter()
    mentions = sum(len(d.mentions) for d in gold.documents)
    print(f"{args.documents} documents, {mentions} gold mentions; micro F1 {result.micro.f1:.4f}")
    print(f"score:                 {t1 - t0:6.2f} s")
    print(f"errors + JSON (N={args.errors}):  {t2 - t1:6.2f} s   JSON {len(text) / 1e6:.2f} MB, "
          f"{data['errors']['documents_with_errors']} documents with errors")
    print(f"report (read + page):  {t4 - t3:6.2f} s   HTML {len(page) / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
