#!/usr/bin/env python3
"""What the embedded store's time limit costs per query, beside the store queried directly.

    python benchmarks/bench_kb_limits.py [--repeat 2000]

Every :meth:`bengal.kb.store.KB.select` runs on a worker thread so that a query over its
``--timeout`` can be abandoned (pyoxigraph releases the GIL while it evaluates). Timed, on the
bundled sample, the mean time (best of three, alternating) of one small query (a class, ``LIMIT 1``) and one of the
generator's own (an entity's outgoing facts):

1. ``KB.select`` (worker thread, time limit);
2. the peer: the same rows built from ``pyoxigraph.Store.query`` called directly.

The floor: the difference times the queries of a run (``bengal generate --docs 100`` makes
about 800) stays under a second. Not part of the test run.
"""

from __future__ import annotations

import argparse
import time

from bengal.kb.sparql import PREFIXES
from bengal.kb.store import open_kb

SMALL = "SELECT ?c WHERE { ?c a <http://www.w3.org/2002/07/owl#Class> } LIMIT 1"
FACTS = PREFIXES + """SELECT ?p ?o ?label WHERE { dbr:Albert_Einstein ?p ?o .
    FILTER(isIRI(?o)) ?o rdfs:label ?label . FILTER(LANG(?label) = "en") }"""


def _direct(store, query: str) -> list[tuple]:
    solutions = store.query(query)
    n = len(solutions.variables)
    return [tuple(None if row[i] is None else row[i].value for i in range(n)) for row in solutions]


def _mean(call, repeat: int) -> float:
    """Mean microseconds of ``call()`` over ``repeat`` calls."""
    t = time.perf_counter()
    for _ in range(repeat):
        call()
    return (time.perf_counter() - t) / repeat * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2000)
    args = parser.parse_args()
    kb = open_kb()
    print(f"{'query':8} {'KB.select (µs)':>15} {'direct (µs)':>12} {'cost (µs)':>10}")
    for name, query in (("small", SMALL), ("facts", FACTS)):
        assert kb.select(query) == _direct(kb.store, query)
        ours = peer = float("inf")
        for _ in range(3):  # alternating, the best of three: the store's caches warm for both
            ours = min(ours, _mean(lambda q=query: kb.select(q), args.repeat))
            peer = min(peer, _mean(lambda q=query: _direct(kb.store, q), args.repeat))
        print(f"{name:8} {ours:15.0f} {peer:12.0f} {ours - peer:10.0f}")
    print("floor: cost x 800 queries of a 100-document run < 1 s")


if __name__ == "__main__":
    main()
