"""``bengal compare`` → :func:`bengal.workflows.compare`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from bengal.cli._app import echo_lines
from bengal.score.matching import PROFILES, SPAN_MATCHES
from bengal.score.tasks import TASKS
from bengal.tagging.schemes import MODES, SCHEMES


@click.command()
@click.argument("gold", type=click.Path(path_type=Path))
@click.argument("pred_a", type=click.Path(path_type=Path))
@click.argument("pred_b", type=click.Path(path_type=Path))
@click.option("--task", type=click.Choice([*TASKS, "chunk"]), default=None,
              help="The task both systems are scored on (chunk: chunk scores of CoNLL tag sequences, resampling "
                   "sentences). Default: chunk for three CoNLL files, else a2kb.")
@click.option("--match", type=click.Choice(list(SPAN_MATCHES)), default="strong", show_default=True)
@click.option("--profile", type=click.Choice(list(PROFILES)), default="bengal", show_default=True)
@click.option("--samples", type=int, default=1000, show_default=True, help="Bootstrap resamplings.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--scheme", type=click.Choice(list(SCHEMES)), default="iob2", show_default=True,
              help="Chunk task: tagging scheme of the CoNLL tags.")
@click.option("--mode", type=click.Choice(list(MODES)), default="lenient", show_default=True,
              help="Chunk task: lenient (conlleval's rules) or strict.")
@click.option("--suffix", is_flag=True, help="Chunk task: tags are TYPE-B (suffix style).")
@click.option("--json", "json_out", default=None, metavar="PATH", help="Write the comparison as JSON (- for stdout).")
def compare(gold, pred_a, pred_b, task, match, profile, samples, seed, scheme, mode, suffix, json_out) -> None:
    """Is system B better than system A on GOLD? Paired bootstrap of micro F1 over documents (span tasks)
    or sentences (chunk scores of CoNLL files)."""
    from bengal.report.jsonout import payload_text
    from bengal.report.text import comparison_lines
    from bengal.workflows.compare import compare as compare_systems

    out = compare_systems(gold, pred_a, pred_b, task=task, match=match, profile=profile, samples=samples, seed=seed,
                          scheme=scheme, mode=mode, suffix=suffix,
                          json_path=None if json_out in (None, "-") else json_out)
    if json_out == "-":
        sys.stdout.write(payload_text(out))
        return
    echo_lines(comparison_lines(out, str(pred_a), str(pred_b)))
