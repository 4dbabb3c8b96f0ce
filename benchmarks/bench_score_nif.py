#!/usr/bin/env python3
"""Score a 100,000-mention NIF pair with bengal's reader and with an rdflib-based reader, side by side.

    python benchmarks/bench_score_nif.py [--mentions 100000] [--skip-rdflib]

Both runs do the same work, each in a fresh child process (so that each peak
RSS is its own): read the gold and the prediction NIF Turtle files, build
bengal's model, and score A2KB (strong match, default profile, InKB/EE and
per-type lines included). The only difference is the reader:

* **bengal**: :func:`bengal.io.read_corpus` (pyoxigraph's streaming parser,
  one small record per subject);
* **rdflib**: ``rdflib.Graph().parse(path, format="turtle")``, then the
  contexts and phrases taken from the graph with ``graph.subjects`` /
  ``graph.value`` — how most NIF tools (pynif, GERBIL's Python ports) read NIF.

Printed: wall time of each (read + score), the ratio rdflib / bengal (and,
as a lower bound, rdflib's ``Graph.parse`` time alone against bengal's read +
score), and
each child's peak RSS (``resource.getrusage(RUSAGE_SELF).ru_maxrss``, Linux
kB). Targets (issue 4): ratio >= 10, bengal's peak RSS < 400 MB. Not part of
the test run; timings are one run on this machine.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


#: Seconds rdflib spent in ``Graph.parse`` alone (a lower bound for any rdflib-based reader).
PARSE_ONLY: list[float] = []


def read_with_rdflib(path: str):
    """An rdflib-based NIF reader producing bengal's model (contexts, phrases, URIs, types, scores)."""
    import rdflib
    from rdflib.namespace import RDF

    from bengal.io.nif import NIL_NAMESPACE, document_uri
    from bengal.model import Corpus, Document, Mention
    from bengal.rdf import ITSRDF, NIF

    nif = rdflib.Namespace(NIF)
    its = rdflib.Namespace(ITSRDF)
    g = rdflib.Graph()
    t = time.perf_counter()
    g.parse(path, format="turtle")
    PARSE_ONLY.append(time.perf_counter() - t)
    texts = {}
    for ctx in g.subjects(RDF.type, nif.Context):
        s = g.value(ctx, nif.isString)
        if s is not None:
            texts[ctx] = str(s)
    per_ctx: dict = {c: [] for c in texts}
    for ph in g.subjects(nif.referenceContext, None):
        ctx = g.value(ph, nif.referenceContext)
        if ctx not in texts:
            continue
        b = int(g.value(ph, nif.beginIndex))
        e = int(g.value(ph, nif.endIndex))
        uris = frozenset(str(u) for u in g.objects(ph, its.taIdentRef) if not str(u).startswith(NIL_NAMESPACE))
        types = sorted(str(t) for t in g.objects(ph, its.taClassRef))
        conf = g.value(ph, its.taConfidence)
        text = texts[ctx]
        per_ctx[ctx].append(Mention(b, e, text[b:e], uris, " ".join(types) or None,
                                    float(conf) if conf is not None else None))
    docs = [Document(document_uri(str(c)), texts[c], tuple(ms)) for c, ms in per_ctx.items()]
    return Corpus(tuple(docs), Path(path).stem)


def worker(kind: str, gold_path: str, pred_path: str) -> dict:
    from bengal.score import score

    t = time.perf_counter()
    if kind == "bengal":
        from bengal.io import read_corpus

        g, p = read_corpus(gold_path), read_corpus(pred_path)
    else:
        g, p = read_with_rdflib(gold_path), read_with_rdflib(pred_path)
    read = time.perf_counter() - t
    t = time.perf_counter()
    r = score(g, p)
    scored = time.perf_counter() - t
    return {"kind": kind, "read_s": read, "score_s": scored, "total_s": read + scored,
            "mentions": g.mention_count, "tp": r.micro.tp, "fp": r.micro.fp, "fn": r.micro.fn,
            "peak_rss_mb": _peak_rss_mb(), "parse_only_s": sum(PARSE_ONLY)}


def run_child(kind: str, gold_path: Path, pred_path: Path) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(HERE.parent) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run([sys.executable, __file__, "--worker", kind, str(gold_path), str(pred_path)],
                          capture_output=True, text=True, env=env, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"{kind} worker failed:\n{proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mentions", type=int, default=100_000)
    ap.add_argument("--skip-rdflib", action="store_true", help="time bengal only")
    ap.add_argument("--worker", nargs=3, metavar=("KIND", "GOLD", "PRED"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(*args.worker)))
        return 0

    sys.path.insert(0, str(HERE))
    sys.path.insert(0, str(HERE.parent))
    from bench_slice import make_pair

    from bengal.io import write_corpus

    with tempfile.TemporaryDirectory(prefix="bengal-bench-nif-") as tmp:
        per_doc = 100
        gold, pred = make_pair(max(1, args.mentions // per_doc), per_doc)
        gold_path, pred_path = Path(tmp) / "gold.ttl", Path(tmp) / "pred.ttl"
        write_corpus(gold, gold_path)
        write_corpus(pred, pred_path)
        size = (gold_path.stat().st_size + pred_path.stat().st_size) / 1e6
        print(f"NIF pair: {gold.mention_count:,} gold + {pred.mention_count:,} predicted mentions, {size:.0f} MB")
        results = [run_child("bengal", gold_path, pred_path)]
        if not args.skip_rdflib:
            results.append(run_child("rdflib", gold_path, pred_path))
    for r in results:
        print(f"{r['kind']:<7} read {r['read_s']:6.2f} s + score {r['score_s']:5.2f} s = {r['total_s']:6.2f} s   "
              f"peak RSS {r['peak_rss_mb']:6.0f} MB   (TP {r['tp']:,}, FP {r['fp']:,}, FN {r['fn']:,})")
    b = results[0]
    print(f"bengal peak RSS {b['peak_rss_mb']:.0f} MB (target < 400 MB)")
    if len(results) == 2:
        r = results[1]
        same = (b["tp"], b["fp"], b["fn"]) == (r["tp"], r["fp"], r["fn"])
        print(f"ratio rdflib / bengal: {r['total_s'] / b['total_s']:.1f}x (target >= 10x); "
              f"same counts: {'yes' if same else 'NO'}")
        print(f"  rdflib Graph.parse alone took {r['parse_only_s']:.1f} s: even against parsing only, "
              f"bengal's read + score is {r['parse_only_s'] / b['total_s']:.1f}x faster")
    return 0


if __name__ == "__main__":
    sys.exit(main())
