"""``bengal score`` → :func:`bengal.io.read_corpus` + :func:`bengal.score.score`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from bengal.cli._app import cli, echo_warnings


@cli.command()
@click.argument("gold", type=click.Path(path_type=Path))
@click.argument("pred", type=click.Path(path_type=Path))
@click.option("--task", type=click.Choice(["a2kb", "erec"]), default="a2kb", show_default=True,
              help="a2kb: span and URI must match; erec: span only (entity recognition).")
@click.option("--match", "match", type=click.Choice(["strong", "weak"]), default="strong", show_default=True,
              help="strong: same begin and end; weak: the spans overlap.")
@click.option("--json", "json_out", default=None, metavar="PATH", help="Write the result as JSON (- for stdout).")
@click.option("--strict", is_flag=True, help="Turn corpus flaws (anchor mismatches, …) into errors.")
@click.option("--gold-format", type=click.Choice(["nif", "nt", "jsonl"]), default=None,
              help="Read GOLD in this format (default: from the extension, else the content).")
@click.option("--pred-format", type=click.Choice(["nif", "nt", "jsonl"]), default=None,
              help="Read PRED in this format (default: from the extension, else the content).")
def score(gold, pred, task, match, json_out, strict, gold_format, pred_format) -> None:
    """Score a system's annotations PRED against the gold standard GOLD (GERBIL-style)."""
    from bengal.io import read_corpus
    from bengal.report.jsonout import write_json
    from bengal.report.table import render_score
    from bengal.score import score as score_corpora

    gold_corpus = read_corpus(gold, gold_format, strict=strict)
    pred_corpus = read_corpus(pred, pred_format, strict=strict)
    result = score_corpora(gold_corpus, pred_corpus, task=task, match=match)
    echo_warnings(gold_corpus.warnings, f"gold {gold}")
    echo_warnings(pred_corpus.warnings, f"prediction {pred}")
    echo_warnings([w for w in result.warnings if w.code == "missing_document"], "pairing")
    if json_out == "-":
        write_json(result, sys.stdout)
        return
    click.echo(render_score(result))
    if json_out:
        write_json(result, Path(json_out))
