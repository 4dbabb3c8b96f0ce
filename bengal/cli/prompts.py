"""``bengal prompts`` → :func:`bengal.workflows.prompt_files`."""

from __future__ import annotations

from pathlib import Path

import click

from bengal.cli._app import echo_lines


@click.command()
@click.argument("corpus", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), required=True,
              help="The prompts, JSON Lines: one {\"id\", \"text\", \"prompt\"} per sentence.")
@click.option("--shots", type=int, default=5, show_default=True,
              help="Few-shot examples from the CoNLL-2003 training split (0-10).")
@click.option("--type-map", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="TOML mapping of DBpedia classes to PER/ORG/LOC/MISC (default: Person, Organisation, "
                   "Place, else MISC).")
@click.option("--with-target", is_flag=True, help="Add each sentence's gold answer as \"target\".")
def prompts(corpus, output, shots, type_map, with_target) -> None:
    """Write one NER prompt per sentence of CORPUS (a corpus file, or conllpp) in evalscope's tag format.

    Score the answers with `bengal score CORPUS answers.jsonl` (one {"id", "answer"} per line)."""
    from bengal.report.text import warning_lines
    from bengal.workflows.prompts import prompt_files

    run = prompt_files(corpus, output, shots=shots, type_map=type_map, with_target=with_target)
    echo_lines(warning_lines(run.corpus_warnings, f"corpus {corpus}"), err=True)
    click.echo(f"{run.prompts} prompts ({shots}-shot) → {output}", err=True)
