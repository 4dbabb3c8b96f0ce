"""``bengal compare-sets`` → :func:`bengal.score.sets.score_set` per pair + :func:`bengal.score.sets.render_sets`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from bengal.cli._app import cli
from bengal.errors import UsageError


@cli.command("compare-sets")
@click.option("--gold", "golds", multiple=True, required=True, metavar="GOLD",
              help="A gold set (repeatable, in order): a corpus file or a shipped corpus name (conllpp).")
@click.option("--pred", "preds", multiple=True, required=True, metavar="PRED",
              help="The system's predictions on the gold set of the same position: a corpus file or an answer "
                   "file (JSON Lines {\"id\", \"answer\"}).")
@click.option("--ci", "ci_samples", type=int, default=1000, show_default=True, metavar="N",
              help="Bootstrap resamplings for the 95% intervals (0: none).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--type-map", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="TOML mapping of DBpedia classes to PER/ORG/LOC/MISC (default: Person, Organisation, Place, "
                   "else MISC).")
@click.option("--json", "json_out", default=None, metavar="PATH", help="Write the rows as JSON (- for stdout).")
@click.option("--strict", is_flag=True, help="Turn corpus flaws into errors.")
def compare_sets(golds, preds, ci_samples, seed, type_map, json_out, strict) -> None:
    """One system on several gold sets, side by side: per set the NER view (P/R/F1 with CoNLL types) and,
    where the gold has URIs, the A2KB view, each with bootstrap intervals.

    Example: bengal compare-sets --gold conllpp --pred answers.jsonl --gold bench.ttl --pred sys.ttl"""
    from bengal.atomic import atomic_write
    from bengal.score.sets import render_sets, score_set
    from bengal.typemap import load_type_map

    if len(golds) != len(preds):
        raise UsageError(f"{len(golds)} --gold but {len(preds)} --pred: give one prediction per gold set, in order")
    if ci_samples < 0:
        raise UsageError(f"--ci must be 0 or more, got {ci_samples}")
    tm = load_type_map(type_map) if type_map else None
    rows = [score_set(g, p, samples=ci_samples, seed=seed, map_type=tm, strict=strict) for g, p in zip(golds, preds)]
    if json_out:
        text = json.dumps([r.to_json() for r in rows], indent=2, ensure_ascii=False, allow_nan=False) + "\n"
        if json_out == "-":
            sys.stdout.write(text)
            return
        with atomic_write(Path(json_out)) as fh:
            fh.write(text)
    click.echo(render_sets(rows), nl=False)
