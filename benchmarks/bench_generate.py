#!/usr/bin/env python3
"""Generation speed: documents per second for ``bengal generate`` with ``--jobs 1`` and ``--jobs 2``.

    python benchmarks/bench_generate.py [--docs 10000] [--strategy star] [--jobs 1 2]

Each run is what the CLI does (KB opened, documents made, gold checked, NIF and
manifest written); the corpora of the runs are compared byte for byte (they
must be identical). Not part of the test run; one run per figure on this machine.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=10000)
    ap.add_argument("--strategy", default="star")
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    args = ap.parse_args()

    from bengal.generate import GenerateConfig
    from bengal.kb.store import open_kb
    from bengal.workflows.generate_files import generate_files

    open_kb()  # the first-use store build is not part of the figure
    outputs = []
    with tempfile.TemporaryDirectory() as tmp:
        for jobs in args.jobs:
            out = Path(tmp) / f"jobs{jobs}" / "bench.ttl"
            out.parent.mkdir()
            config = GenerateConfig(docs=args.docs, strategy=args.strategy, seed=0)
            start = time.perf_counter()
            generate_files(out, config, jobs=jobs)
            seconds = time.perf_counter() - start
            outputs.append(out.read_bytes())
            print(f"generate --docs {args.docs} --strategy {args.strategy} --jobs {jobs}: {seconds:.1f} s, "
                  f"{args.docs / seconds:.0f} docs/s", flush=True)
    print("outputs identical:", all(o == outputs[0] for o in outputs))


if __name__ == "__main__":
    main()
