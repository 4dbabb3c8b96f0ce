"""``bengal compare`` → :func:`bengal.score.bootstrap.paired_bootstrap`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from bengal.cli._app import cli


@cli.command()
@click.argument("gold", type=click.Path(path_type=Path))
@click.argument("pred_a", type=click.Path(path_type=Path))
@click.argument("pred_b", type=click.Path(path_type=Path))
@click.option("--task", type=click.Choice(["a2kb", "d2kb", "c2kb", "erec", "etyping"]), default="a2kb",
              show_default=True, help="The task both systems are scored on.")
@click.option("--match", type=click.Choice(["strong", "weak"]), default="strong", show_default=True)
@click.option("--profile", type=click.Choice(["bengal", "gerbil"]), default="bengal", show_default=True)
@click.option("--samples", type=int, default=1000, show_default=True, help="Bootstrap resamplings.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--json", "json_out", default=None, metavar="PATH", help="Write the comparison as JSON (- for stdout).")
def compare(gold, pred_a, pred_b, task, match, profile, samples, seed, json_out) -> None:
    """Is system B better than system A on GOLD? Paired bootstrap over documents (micro F1)."""
    from bengal.io import read_corpus
    from bengal.atomic import atomic_write
    from bengal.score.bootstrap import paired_bootstrap

    if json_out not in (None, "-"):
        from bengal.atomic import check_writable

        check_writable(json_out, inputs=(gold, pred_a, pred_b))
    g = read_corpus(gold)
    out = paired_bootstrap(g, read_corpus(pred_a), read_corpus(pred_b), samples=samples, seed=seed,
                           task=task, match=match, profile=profile)
    if json_out:
        text = json.dumps(out, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
        if json_out == "-":
            sys.stdout.write(text)
            return
        with atomic_write(Path(json_out)) as fh:
            fh.write(text)
    lo, hi = out["delta_ci"]
    click.echo(f"A {pred_a}: micro F1 {out['a']['micro']['f1']:.4f}")
    click.echo(f"B {pred_b}: micro F1 {out['b']['micro']['f1']:.4f}")
    click.echo(f"B - A = {out['delta_micro_f1']:+.4f}, {out['level']:.0%} interval [{lo:+.4f}, {hi:+.4f}], "
               f"p = {out['p_value']:.4f} (paired bootstrap over documents, {samples} samples, seed {seed})")
