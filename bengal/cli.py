"""The ``bengal`` command line: a click group whose commands are thin wrappers over the library.

- ``bengal generate`` → :func:`bengal.generate.generate_to_file`
- ``bengal score``    → :func:`bengal.io.read_corpus` + :func:`bengal.score.score`
- ``bengal kb info``  → :func:`bengal.kb.info.kb_info`
- ``bengal kb build`` → :func:`bengal.kb.build.build_sample`

Every error the user can cause is printed as one line on stderr (no traceback)
with a non-zero exit: 2 for bad usage, 1 for bad input.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Sequence

import click

from bengal import __version__
from bengal.errors import BengalError, UsageError
from bengal.model import CorpusWarning

__all__ = ["cli", "main"]


def _echo_warnings(warnings: Sequence[CorpusWarning], label: str, limit: int = 3) -> None:
    """One stderr line per warning code: the count and the first places."""
    by_code: dict[str, list[CorpusWarning]] = {}
    for w in warnings:
        by_code.setdefault(w.code, []).append(w)
    for code, items in sorted(by_code.items()):
        first = "; ".join(w.where for w in items[:limit]) + (" …" if len(items) > limit else "")
        click.echo(f"warning: {label}: {len(items)} × {code} ({first})", err=True)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bengal")
def cli() -> None:
    """bengal: fresh NER + entity-linking gold standards from a KB, and a GERBIL-style scorer."""


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
@click.option("--kb", "kb_path", type=click.Path(path_type=Path), default=None,
              help="KB dump (.nt/.ttl, .gz) or pyoxigraph store folder; default: the bundled DBpedia sample.")
@click.option("-o", "--output", type=click.Path(path_type=Path), default=Path("bench.ttl"), show_default=True,
              help="Output corpus; OUT.manifest.json is written beside it.")
@click.option("--format", "fmt", type=click.Choice(["nif", "nt", "jsonl"]), default=None,
              help="Output format (default: from the extension: .ttl NIF Turtle, .nt NIF N-Triples, .jsonl).")
@click.option("-q", "--quiet", is_flag=True, help="No progress or summary on stderr.")
def generate(docs, density, strategy, min_sentences, max_sentences, seed, classes, lang, kb_path, output, fmt,
             quiet) -> None:
    """Generate a NER + EL benchmark with exact gold from the KB."""
    from bengal.generate import GenerateConfig, generate_to_file, manifest_path

    config = GenerateConfig(docs=docs, density=density, strategy=strategy, min_sentences=min_sentences,
                            max_sentences=max_sentences, seed=seed,
                            classes=tuple(c.strip() for c in classes.split(",") if c.strip()), lang=lang)
    generated, manifest = generate_to_file(config, output, fmt, kb_path)
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
    _echo_warnings(gold_corpus.warnings, f"gold {gold}")
    _echo_warnings(pred_corpus.warnings, f"prediction {pred}")
    _echo_warnings([w for w in result.warnings if w.code == "missing_document"], "pairing")
    if json_out == "-":
        write_json(result, sys.stdout)
        return
    click.echo(render_score(result))
    if json_out:
        write_json(result, Path(json_out))


@cli.group()
def kb() -> None:
    """The knowledge base: information and the bundled sample's builder."""


@kb.command("info")
@click.option("--kb", "kb_path", type=click.Path(path_type=Path), default=None,
              help="KB dump or store folder; default: the bundled DBpedia sample.")
def kb_info_cmd(kb_path) -> None:
    """Print the KB's counts (triples, entities, classes, properties)."""
    from bengal.kb.info import kb_info, render_kb_info

    click.echo(render_kb_info(kb_info(kb_path)))


@kb.command("build")
@click.option("--sources", type=click.Path(path_type=Path, exists=True, file_okay=False), required=True,
              help="Folder laid out like the project's shared data (dbpedia_kb/, bengal/).")
@click.option("-o", "--output", type=click.Path(path_type=Path), required=True,
              help="The gzipped N-Triples file to write (kb/dbpedia-sample.nt.gz).")
def kb_build_cmd(sources, output) -> None:
    """Rebuild the bundled DBpedia sample from its sources, byte for byte."""
    from bengal.kb.build import build_sample

    counts = build_sample(sources, output)
    for key, value in counts.items():
        if isinstance(value, (int, float, str)):
            click.echo(f"{key}: {value}", err=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code."""
    try:
        cli.main(args=list(argv) if argv is not None else None, prog_name="bengal", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:  # pragma: no cover - click >= 8.2
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc), err=True)
        return 2
    except click.exceptions.UsageError as exc:
        click.echo(f"error: {exc.format_message()}", err=True)
        return 2
    except UsageError as exc:
        click.echo(f"error: {exc}", err=True)
        return 2
    except BengalError as exc:
        click.echo(f"error: {exc}", err=True)
        return 1
    except OSError as exc:  # a file system refusal the checks could not foresee
        where = f": {exc.filename}" if getattr(exc, "filename", None) else ""
        click.echo(f"error: {exc.strerror or exc}{where}", err=True)
        return 1
    except click.exceptions.Abort:
        click.echo("error: aborted", err=True)
        return 1
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except BrokenPipeError:
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
