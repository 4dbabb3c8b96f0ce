#!/usr/bin/env python3
"""Read and score a 100,000-mention NIF pair beside the parser's floor, side by side in one run.

    python benchmarks/bench_score_nif.py [--mentions 100000] [--repeat 3] [--rdflib]

The pair (``bench_slice.make_pair``: 100 mentions a document; the prediction misses, shifts or
mislinks 10 % each) is written as NIF Turtle in a temporary folder. Each measurement runs in a
fresh child process (so that each peak RSS is its own), ``--repeat`` rounds, the kinds taking
turns in each round; printed are the medians and the median of the per-round ratios:

* **floor**: one streamed ``pyoxigraph.parse`` pass over each file that keeps only
  ``nif:beginIndex``, ``nif:endIndex``, ``nif:referenceContext`` and ``itsrdf:taIdentRef``
  (their values, by subject): what any NIF reader built on the parser must at least do.
* **bengal, single-threaded**: :func:`bengal.io.read_corpus` on both files in turn, then
  :func:`bengal.score.score` (A2KB, strong, InKB/EE and per-type lines). Target: <= 1.3x the floor.
* **``bengal score`` as a whole command**: the CLI in its own process (start-up, both files read
  in the stream side by side, each in a forked process, each document pair scored in the command's
  process as it comes, table printed; issues 14 and 15), wall time. Target: below the floor. Its peak
  memory is measured on the same library call (:func:`bengal.workflows.score_files.score_files`) in a
  child: this process and the larger of its reading workers, each (target <= 300 MB).
* with ``--rdflib``: an rdflib-based reader (``Graph.parse`` then ``graph.value``), how most NIF
  tools read NIF (issue 4's peer; slow).

CPU seconds (``time.process_time``) are printed beside wall seconds for the in-process kinds: on
a shared machine the wall clock also measures the neighbours. Not part of the test run.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _peak_mb(who: int = resource.RUSAGE_SELF) -> float:
    """Peak RSS in MB: of this process, its own high-water mark (``VmHWM``: ``ru_maxrss`` would carry
    the benchmark parent's peak over through fork and exec); of its children, their ``ru_maxrss``."""
    if who == resource.RUSAGE_SELF:
        try:
            with open("/proc/self/status", encoding="ascii") as fh:
                for line in fh:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) / 1024.0
        except OSError:  # not Linux
            pass
    return resource.getrusage(who).ru_maxrss / 1024.0


def floor(paths: list[str]) -> int:
    """The floor pass: ``{subject: [begin, end, context, taIdentRef]}`` of each file; returns the phrase count."""
    import pyoxigraph as ox

    nif = "http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#"
    keep = {ox.NamedNode(nif + "beginIndex"): 0, ox.NamedNode(nif + "endIndex"): 1,
            ox.NamedNode(nif + "referenceContext"): 2,
            ox.NamedNode("http://www.w3.org/2005/11/its/rdf#taIdentRef"): 3}
    get = keep.get
    n = 0
    for path in paths:
        records: dict = {}
        with open(path, "rb") as fh:
            for s, p, o, _g in ox.parse(fh, format=ox.RdfFormat.TURTLE):
                k = get(p)
                if k is None:
                    continue
                r = records.get(s)
                if r is None:
                    r = records[s] = [None, None, None, None]
                r[k] = o.value
        n += sum(1 for r in records.values() if r[2] is not None)
    return n


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
    g.parse(path, format="turtle")
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


def worker(kind: str, gold: str, pred: str) -> dict:
    """One measurement in this (fresh) process."""
    if kind == "floor":
        w, c = time.perf_counter(), time.process_time()
        n = floor([gold, pred])
        return {"wall": time.perf_counter() - w, "cpu": time.process_time() - c, "phrases": n,
                "peak_mb": _peak_mb()}
    if kind == "memory":  # the whole command's library call: this process and its reading workers
        from bengal.workflows.score_files import score_files

        run = score_files(gold, pred)
        return {"peak_mb": _peak_mb(), "worker_peak_mb": _peak_mb(resource.RUSAGE_CHILDREN),
                "tp": run.result.micro.tp}
    from bengal.io import read_corpus
    from bengal.score import score

    w, c = time.perf_counter(), time.process_time()
    if kind == "bengal":
        g, p = read_corpus(gold), read_corpus(pred)
    else:
        g, p = read_with_rdflib(gold), read_with_rdflib(pred)
    r = score(g, p)
    return {"wall": time.perf_counter() - w, "cpu": time.process_time() - c, "peak_mb": _peak_mb(),
            "tp": r.micro.tp, "fp": r.micro.fp, "fn": r.micro.fn}


def run_child(kind: str, gold: Path, pred: Path, script: str = __file__) -> dict:
    """``script --worker KIND GOLD PRED`` in a fresh Python (the checkout first on its path): the JSON
    its last stdout line prints; a failed worker ends the benchmark with its stderr."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(HERE.parent) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run([sys.executable, script, "--worker", kind, str(gold), str(pred)],
                          capture_output=True, text=True, env=env, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"{kind} worker failed:\n{proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def run_command(gold: Path, pred: Path) -> dict:
    """``bengal score GOLD PRED`` as a user runs it (the console script beside this Python)."""
    exe = Path(sys.executable).with_name("bengal")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "bengal"]
    w = time.perf_counter()
    proc = subprocess.run([*cmd, "score", str(gold), str(pred)], capture_output=True, text=True, check=False)
    wall = time.perf_counter() - w
    if proc.returncode != 0:
        raise SystemExit(f"bengal score failed:\n{proc.stderr}")
    return {"wall": wall}


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--mentions", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rdflib", action="store_true", help="also time the rdflib-based reader (about a minute)")
    ap.add_argument("--worker", nargs=3, metavar=("KIND", "GOLD", "PRED"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(*args.worker)))
        return 0

    sys.path.insert(0, str(HERE))
    sys.path.insert(0, str(HERE.parent))
    from bench_slice import make_pair

    from bengal.io import write_corpus

    kinds = ["floor", "bengal", "command"] + (["rdflib"] if args.rdflib else [])
    runs: dict[str, list[dict]] = {k: [] for k in kinds}
    with tempfile.TemporaryDirectory(prefix="bengal-bench-nif-") as tmp:
        gold, pred = make_pair(max(1, args.mentions // 100), 100)
        gold_path, pred_path = Path(tmp) / "gold.ttl", Path(tmp) / "pred.ttl"
        write_corpus(gold, gold_path)
        write_corpus(pred, pred_path)
        size = (gold_path.stat().st_size + pred_path.stat().st_size) / 1e6
        print(f"NIF pair: {gold.mention_count:,} gold + {pred.mention_count:,} predicted mentions, {size:.0f} MB; "
              f"{args.repeat} rounds, medians")
        for i in range(args.repeat):
            order = kinds[i % len(kinds):] + kinds[:i % len(kinds)]  # each kind goes first once in a while
            for kind in order:
                if kind == "command":
                    runs[kind].append(run_command(gold_path, pred_path))
                else:
                    runs[kind].append(run_child(kind, gold_path, pred_path))
        memory = run_child("memory", gold_path, pred_path)

    def med(kind: str, key: str) -> float:
        return statistics.median(r[key] for r in runs[kind])

    def ratio(kind: str, key: str = "wall") -> float:
        return statistics.median(r[key] / f[key] for r, f in zip(runs[kind], runs["floor"]))

    b = runs["bengal"][0]
    print(f"{'':34s} {'wall s':>7s} {'cpu s':>7s} {'/ floor':>8s}  peak RSS   target")
    print(f"{'floor (pyoxigraph pass, 4 props)':34s} {med('floor', 'wall'):7.2f} {med('floor', 'cpu'):7.2f} "
          f"{'1.00':>8s}  {med('floor', 'peak_mb'):5.0f} MB")
    print(f"{'bengal read + score, 1 thread':34s} {med('bengal', 'wall'):7.2f} {med('bengal', 'cpu'):7.2f} "
          f"{ratio('bengal', 'cpu'):7.2f}x  {med('bengal', 'peak_mb'):5.0f} MB   <= 1.3x (cpu; wall "
          f"{ratio('bengal'):.2f}x)")
    print(f"{'bengal score (whole command)':34s} {med('command', 'wall'):7.2f} {'':>7s} {ratio('command'):7.2f}x  "
          f"{memory['peak_mb']:5.0f} MB   < 1x (wall); <= 300 MB (+ larger reading worker "
          f"{memory['worker_peak_mb']:.0f} MB)")
    if args.rdflib:
        r = runs["rdflib"][0]
        print(f"{'rdflib-based reader + score':34s} {med('rdflib', 'wall'):7.2f} {med('rdflib', 'cpu'):7.2f} "
              f"{ratio('rdflib', 'cpu'):7.2f}x  {med('rdflib', 'peak_mb'):5.0f} MB   "
              f"same counts: {'yes' if (r['tp'], r['fp'], r['fn']) == (b['tp'], b['fp'], b['fn']) else 'NO'}")
    print(f"(TP {b['tp']:,}, FP {b['fp']:,}, FN {b['fn']:,}; the command's library call: TP {memory['tp']:,}; "
          f"floor phrases {runs['floor'][0]['phrases']:,})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
