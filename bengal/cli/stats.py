"""``bengal stats`` → :func:`bengal.workflows.stats_files.stats_files`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from bengal.cli._app import Waits, echo_lines
from bengal.io.formats import uri_formats


@click.command()
@click.argument("corpora", nargs=-1, required=True)
@click.option("--kb", "kb_path", type=click.Path(path_type=Path), default=None,
              help="KB dump (.nt/.ttl, .gz) or pyoxigraph store folder; default: the bundled DBpedia sample.")
@click.option("--format", "fmt", type=click.Choice(uri_formats() + ["conll"]), default=None,
              help="Format of every corpus (default: from each file's extension and content).")
@click.option("--json", "json_path", default=None, metavar="PATH",
              help="Also write the measures as JSON to PATH ('-': stdout, instead of the table).")
@click.option("--lang", default=None, metavar="L",
              help="Language of the texts: tokens and sentences by spaCy's blank tokenizer of L (es, pt, de, fr, "
              "en …), as bengal generate counts them; default: the language the corpus records (its bengal "
              "manifest's parameters.lang, a NIF file's nif:isString tags), else English.")
def stats(corpora, kb_path, fmt, json_path, lang) -> None:
    """The shape of corpora side by side: size, density, sentence length, surface forms, ambiguity
    (Waitelonis et al.), type mix and gold checks (docs/shape.md)."""
    from bengal.report.jsonout import write_payload
    from bengal.report.shape import shape_json, shape_table
    from bengal.workflows.stats_files import stats_files

    waits = Waits("KB store")
    result = stats_files(corpora, kb_path=kb_path, format=fmt, lang=lang, status=waits.status, progress=waits.progress)
    if json_path is not None:
        write_payload(shape_json(result.shapes, result.kb), sys.stdout if json_path == "-" else json_path)
    if json_path != "-":
        echo_lines(shape_table(result.shapes, result.kb))
