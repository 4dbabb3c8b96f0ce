"""``bengal convert`` → :func:`bengal.workflows.convert`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from bengal.cli._app import echo_lines
from bengal.io.formats import FORMATS


@click.command()
@click.argument("source", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), required=True,
              help="The converted corpus (format from the extension: .ttl, .nt, .jsonl, .conll; or --format); "
                   "- for stdout (with --format).")
@click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default=None,
              help="Output format (default: from the extension).")
@click.option("--map-types", is_flag=True,
              help="Map mention types (DBpedia classes) to PER/ORG/LOC/MISC through the class hierarchy.")
@click.option("--keep-words", is_flag=True,
              help="CoNLL output: tokens are the whitespace-separated words (cut only at mention boundaries) "
                   "instead of words with punctuation split off.")
@click.option("--type-map", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="TOML mapping for --map-types (default: Person, Organisation, Place, else MISC).")
def convert(source, output, fmt, map_types, keep_words, type_map) -> None:
    """Convert the corpus SOURCE (a file, or conllpp) to another format, e.g. a generated NIF corpus to
    CoNLL columns with CoNLL types: bengal convert bench.ttl -o bench.conll --map-types.

    CoNLL output of a corpus that did not come from CoNLL splits punctuation off words (company. →
    company .), so a gold corpus and a system's output on it get the same tokens."""
    from bengal.report.text import counted, warning_lines
    from bengal.workflows.convert import convert as convert_corpus

    to_stdout = str(output) == "-"
    corpus = convert_corpus(source, sys.stdout if to_stdout else output, format=fmt, map_types=map_types,
                            type_map=type_map, keep_words=keep_words)
    echo_lines(warning_lines(corpus.warnings, f"corpus {source}"), err=True)
    click.echo(f"{counted(len(corpus), 'document')}, {counted(corpus.mention_count, 'mention')} → "
               f"{'stdout' if to_stdout else output}",
               err=True)
