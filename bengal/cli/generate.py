"""``bengal generate`` → :func:`bengal.generate.generate_to_file`."""

from __future__ import annotations

from pathlib import Path

import click

from bengal.cli._app import cli
from bengal.cli._kbsource import kb_source_options


@cli.command()
@click.option("--docs", type=int, default=100, show_default=True, help="Number of documents.")
@click.option("--density", default="medium", show_default=True,
              help="Gold mentions per token: low, medium, high, or a number such as 0.2.")
@click.option("--strategy", default="star", show_default=True, help="Subgraph strategy (star).")
@click.option("--min-sentences", type=int, default=3, show_default=True, help="Fewest sentences per document.")
@click.option("--max-sentences", type=int, default=10, show_default=True, help="Most sentences per document.")
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed (same seed, same corpus).")
@click.option("--classes", default="dbo:Person,dbo:Organisation,dbo:Place", show_default=True,
              help="Comma-separated seed classes.")
@click.option("--lang", default="en", show_default=True, help="Language of the lexicon.")
@kb_source_options
@click.option("--kb", "kb_path", type=click.Path(path_type=Path), default=None,
              help="KB dump (.nt/.ttl, .gz) or pyoxigraph store folder; default: the bundled DBpedia sample.")
@click.option("-o", "--output", type=click.Path(path_type=Path), default=Path("bench.ttl"), show_default=True,
              help="Output corpus; OUT.manifest.json is written beside it.")
@click.option("--format", "fmt", type=click.Choice(["nif", "nt", "jsonl"]), default=None,
              help="Output format (default: from the extension: .ttl NIF Turtle, .nt NIF N-Triples, .jsonl).")
@click.option("-q", "--quiet", is_flag=True, help="No progress or summary on stderr.")
def generate(docs, density, strategy, min_sentences, max_sentences, seed, classes, lang, kb_path, output, fmt,
             quiet, remote) -> None:
    """Generate a NER + EL benchmark with exact gold from the KB."""
    from bengal.generate import GenerateConfig, generate_to_file, manifest_path

    config = GenerateConfig(docs=docs, density=density, strategy=strategy, min_sentences=min_sentences,
                            max_sentences=max_sentences, seed=seed,
                            classes=tuple(c.strip() for c in classes.split(",") if c.strip()), lang=lang)
    generated, manifest = generate_to_file(config, output, fmt, kb_path, kb=remote(kb_path))
    if not quiet:
        s = generated.stats
        click.echo(
            f"wrote {s['documents']} documents, {s['sentences']} sentences, {s['mentions']} mentions "
            f"({s['distinct_uris']} distinct URIs) to {output}; manifest {manifest_path(output)}", err=True)
        line = (f"density reached: {s['density']:.3f} mentions/token "
                f"(target {config.density} = {config.density_target:g})")
        if abs(s["density"] - config.density_target) > 0.15 * config.density_target:
            line += (f"; the target is out of reach of the {config.strategy} strategy on this KB "
                     f"(more than 15 % off)")
        click.echo(line, err=True)
