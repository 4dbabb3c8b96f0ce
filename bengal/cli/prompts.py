"""``bengal prompts`` → :func:`bengal.prompts.corpus_prompts` + :func:`bengal.prompts.write_prompts`."""

from __future__ import annotations

from pathlib import Path

import click

from bengal.cli._app import cli, echo_warnings


@cli.command()
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
    from bengal.io import read_corpus
    from bengal.prompts import corpus_prompts, fewshot_samples, write_prompts
    from bengal.typemap import load_type_map

    fewshot_samples(shots)  # checks --shots before any reading
    gold = read_corpus(corpus)
    echo_warnings(gold.warnings, f"corpus {corpus}")
    n = write_prompts(corpus_prompts(gold, shots, map_type=load_type_map(type_map) if type_map else None,
                                     with_target=with_target), output)
    click.echo(f"{n} prompts ({shots}-shot) → {output}", err=True)
