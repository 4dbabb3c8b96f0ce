"""``bengal compare-sets`` → :func:`bengal.workflows.compare_sets`, printed by
:func:`bengal.report.sets.render_sets`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from bengal.cli._app import printable


@click.command("compare-sets")
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
    from bengal.report.jsonout import payload_text
    from bengal.report.sets import render_sets
    from bengal.workflows.compare import compare_sets as score_sets

    rows = score_sets(golds, preds, samples=ci_samples, seed=seed, type_map=type_map, strict=strict,
                      json_path=None if json_out in (None, "-") else json_out)
    if json_out == "-":
        sys.stdout.write(payload_text([r.to_json() for r in rows]))
        return
    click.echo(printable(render_sets(rows)), nl=False)
