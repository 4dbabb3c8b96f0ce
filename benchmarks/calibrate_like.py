"""How close a like preset's recipe comes to its corpus: target vs reached, figure by figure.

Generates the corpus of ``bengal generate --like NAME`` (with any recipe value changed by
``--set KEY=VALUE``, as the command line would) into a temporary folder and prints, for each
figure of the preset's ``[target]`` table (measured on the real corpus by ``bengal stats``), the
target, the reached figure (the manifest's ``like`` section: the same measures on the generated
corpus against the bundled KB's name index), their ratio, and whether it is within ±20 %::

    python benchmarks/calibrate_like.py kore50
    python benchmarks/calibrate_like.py kore50 --set density=0.2 --set strategy=sym
    python benchmarks/calibrate_like.py all --markdown     # the table of docs/validity.md, every preset

``--set`` takes GenerateConfig fields; values are read as JSON where they parse (numbers,
``true``), else as text; ``classes`` as a comma-separated list. The recipes in
``generators/like-*.toml`` were chosen with it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bengal.generate.presets import LIKE_PREFIX
from bengal.resources import data_dir
from bengal.workflows.generate_files import generate_files

#: How a figure is printed: documents as a count, shares and densities with three decimals.
_LABELS = {"documents": "documents", "mentions_per_document": "mentions / document",
           "tokens_per_sentence": "tokens / sentence", "mentions_per_token": "mentions / token",
           "label_identical_share": "label-identical", "ambiguous_mention_share": "ambiguous mentions",
           "nil_share": "NIL / emerging",
           "type_person": "type: Person", "type_organisation": "type: Organisation", "type_place": "type: Place",
           "type_other": "type: other"}


def like_names() -> list[str]:
    """The like presets' names (``kore50`` for ``generators/like-kore50.toml``), sorted."""
    return sorted(p.stem[len(LIKE_PREFIX):] for p in data_dir("generators").glob(f"{LIKE_PREFIX}*.toml"))


def parse_set(items: list[str]) -> dict[str, Any]:
    """``["density=0.2", "classes=dbo:Person,dbo:Place"]`` → ``{"density": 0.2, "classes": (...)}``."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep:
            raise SystemExit(f"--set {item!r}: write KEY=VALUE")
        if key == "classes":
            out[key] = tuple(c.strip() for c in raw.split(",") if c.strip())
            continue
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


def reach(name: str, overrides: dict[str, Any], folder: Path) -> tuple[dict[str, Any], float]:
    """Generate ``--like name`` with ``overrides`` in ``folder``; the manifest's ``like`` section and seconds."""
    start = time.perf_counter()
    _, manifest = generate_files(folder / f"like-{name}.ttl", like=name, **overrides)
    return manifest["like"], time.perf_counter() - start


def _show(key: str, value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:,.0f}" if key == "documents" else f"{value:.3f}" if value < 1 else f"{value:.2f}"


def print_one(like: dict[str, Any], seconds: float) -> None:
    """One preset's figures: target, reached, ratio, within ±20 %."""
    print(f"like {like['name']} ({like['corpus']}; {seconds:.1f} s)")
    print(f"{'figure':22} {'target':>9} {'reached':>9} {'ratio':>6}  within ±20 %")
    for key, target in like["targets"].items():
        got = like["reached"][key]
        ratio = f"{got / target:.2f}" if got is not None and target else "–"
        print(f"{_LABELS[key]:22} {_show(key, target):>9} {_show(key, got):>9} {ratio:>6}  "
              f"{'yes' if like['within_20pct'][key] else 'NO'}")
    print(f"outside ±20 %: {', '.join(like['outside']) or 'none'}\n")


def markdown(likes: list[dict[str, Any]]) -> str:
    """One table: a row per figure, a column per preset, ``target → reached`` (bold when outside ±20 %)."""
    head = "| figure | " + " | ".join(f"`--like {like['name']}`" for like in likes) + " |"
    rows = [head, "|---|" + "---|" * len(likes)]
    for key, label in _LABELS.items():
        cells = []
        for like in likes:
            if key not in like["targets"]:
                cells.append("–")
                continue
            cell = f"{_show(key, like['targets'][key])} → {_show(key, like['reached'][key])}"
            cells.append(cell if like["within_20pct"][key] else f"**{cell}**")
        rows.append(f"| {label} | " + " | ".join(cells) + " |")
    rows.append("| within ±20 % | " + " | ".join(
        f"{sum(like['within_20pct'].values())} of {len(like['targets'])}" for like in likes) + " |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="+", help=f"like presets ({', '.join(like_names())}) or all")
    ap.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                    help="change a recipe value (a GenerateConfig field), as a command-line option would")
    ap.add_argument("--markdown", action="store_true", help="also print one Markdown table of every preset run")
    ap.add_argument("--json", metavar="OUT", help="write the like sections as JSON")
    args = ap.parse_args(argv)
    names = like_names() if args.names == ["all"] else args.names
    overrides = parse_set(args.sets)
    print(f"load: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores; overrides: {overrides or 'none'}\n")
    likes = []
    with tempfile.TemporaryDirectory(prefix="calibrate-like-") as tmp:
        for name in names:
            like, seconds = reach(name, overrides, Path(tmp))
            print_one(like, seconds)
            likes.append(like)
    if args.markdown:
        print(markdown(likes))
    if args.json:
        Path(args.json).write_text(json.dumps(likes, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
