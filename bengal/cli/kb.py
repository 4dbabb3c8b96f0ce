"""``bengal kb info`` → :func:`bengal.kb.info.kb_info`; ``bengal kb build`` → :func:`bengal.kb.sample.build_sample`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from bengal.atomic import check_writable
from bengal.cli._app import Waits


@click.group()
def kb() -> None:
    """The knowledge base: information and the bundled sample's builder."""


@kb.command("info")
@click.option("--kb", "kb_path", type=click.Path(path_type=Path), default=None,
              help="KB dump or store folder; default: the bundled DBpedia sample.")
@click.option("--json", "json_path", default=None, metavar="PATH",
              help="Also write the counts as JSON to PATH ('-': stdout, instead of the text).")
def kb_info_cmd(kb_path, json_path) -> None:
    """Print the KB's counts (triples, entities, classes, properties, labels per language)."""
    from bengal.kb.info import kb_info, render_kb_info
    from bengal.report.jsonout import write_payload

    if json_path not in (None, "-"):
        check_writable(json_path)  # before the count, which can take a minute on first use
    waits = Waits("KB store")
    info = kb_info(kb_path, status=waits.status, progress=waits.progress)
    if json_path is not None:
        write_payload(info, sys.stdout if json_path == "-" else json_path)
    if json_path != "-":
        click.echo(render_kb_info(info))


@kb.command("build")
@click.option("--sources", type=click.Path(path_type=Path, exists=True, file_okay=False), required=True,
              help="Folder laid out like the project's shared data (dbpedia_kb/, bengal/).")
@click.option("-o", "--output", type=click.Path(path_type=Path), required=True,
              help="The gzipped N-Triples file to write (kb/dbpedia-sample.nt.gz).")
def kb_build_cmd(sources, output) -> None:
    """Rebuild the bundled DBpedia sample from its sources, byte for byte."""
    from bengal.kb.sample import build_sample

    counts = build_sample(sources, output)
    for key, value in counts.items():
        if isinstance(value, (int, float, str)):
            click.echo(f"{key}: {value}", err=True)
