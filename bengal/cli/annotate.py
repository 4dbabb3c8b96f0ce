"""``bengal annotate`` → :func:`bengal.annotate.open_system` + :func:`bengal.annotate.annotate_corpus`
+ :func:`bengal.annotate.run.write_predictions`; ``bengal serve`` → :func:`bengal.annotate.make_server`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from bengal.cli._app import cli, echo_warnings


@cli.command()
@click.argument("corpus", type=click.Path(path_type=Path))
@click.option("--system", "system", required=True, metavar="NAME|URL",
              help="baseline (dictionary spotter + degree/coherence linker over the KB), an http(s):// URL of a "
                   "GERBIL NIF web service, or spacy:MODEL.")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), required=True,
              help="The predictions (.ttl, .nt, .jsonl, .conll; written atomically), with OUT.manifest.json "
                   "(the system and its run report; bengal score names the system after it).")
@click.option("--kb", "kb_path", type=click.Path(path_type=Path), default=None,
              help="KB of the baseline (default: the bundled DBpedia sample).")
@click.option("--jobs", type=int, default=1, show_default=True,
              help="Documents annotated at once (threads); the output is the same for every value.")
@click.option("--timeout", type=float, default=30.0, show_default=True, help="URL systems: seconds per answer.")
@click.option("--retries", type=int, default=2, show_default=True,
              help="URL systems: retries after refused connections, time-outs, 5xx, 429.")
@click.option("--no-abort", is_flag=True, help="Do not stop when failed documents exceed a quarter of the corpus (rounded up; GERBIL's rule).")
@click.option("--map-types", is_flag=True, help="Map predicted DBpedia classes to PER/ORG/LOC/MISC (e.g. for CoNLL).")
@click.option("--progress/--no-progress", default=None, help="Progress bar on stderr [default: when stderr is a terminal].")
@click.option("--report-json", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Also write the run report (documents, errors by reason, seconds) as JSON.")
def annotate(corpus, system, output, kb_path, jobs, timeout, retries, no_abort, map_types, progress,
             report_json) -> None:
    """Annotate the documents of CORPUS (a file, or conllpp) with a system and write its predictions,
    e.g. bengal annotate bench.ttl --system baseline -o pred.ttl.

    A document the system fails on (down, time-out, HTML, another document, changed text) is counted
    with its reason and left out of the output: the scorer sees it as a missing prediction."""
    from bengal.annotate import annotate_corpus, open_system
    from bengal.errors import UsageError
    from bengal.annotate.run import write_predictions
    from bengal.io import manifest_path, output_format, read_corpus
    from bengal.atomic import check_writable

    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {jobs}")
    if retries < 0 or timeout <= 0:
        raise UsageError("--retries must be >= 0 and --timeout > 0")
    fmt = output_format(output)
    from bengal.resources import resolve_corpus

    check_writable(output, manifest_path(output), *([report_json] if report_json else []),
                   inputs=(resolve_corpus(corpus)[0],))
    gold = read_corpus(corpus)
    echo_warnings(gold.warnings, f"corpus {corpus}")
    annotator = open_system(system, kb_path=kb_path, timeout=timeout, retries=retries)
    show = sys.stderr.isatty() if progress is None else progress
    pred, report = annotate_corpus(gold, annotator.annotate, system=system, jobs=jobs, progress=show,
                                   abort_rule=not no_abort)
    if map_types or fmt == "conll":
        from bengal.typemap import map_corpus_types

        pred = map_corpus_types(pred)
    if fmt == "conll" and gold.metadata.get("format") == "conll":
        from bengal.annotate.run import keep_token_aligned

        pred, dropped = keep_token_aligned(pred)
        if dropped:
            click.echo(f"note: {dropped} predicted mention{'s' if dropped != 1 else ''} cut a CoNLL token and "
                       f"{'were' if dropped != 1 else 'was'} left out of {output}", err=True)
    elif fmt == "conll":
        from bengal.model import Corpus

        pred = Corpus(pred.documents, pred.name, {**dict(pred.metadata), "conll_split_punct": True})
    manifest = write_predictions(pred, output, report, corpus=str(corpus), format=fmt)
    for line in report.lines():
        click.echo(line, err=True)
    click.echo(f"{len(pred)} documents, {pred.mention_count} mentions → {output}; manifest {manifest}", err=True)
    if report_json:
        from bengal.atomic import atomic_write

        with atomic_write(report_json, "w") as fh:
            json.dump(report.to_json(), fh, indent=2, ensure_ascii=False)
            fh.write("\n")
    if report.aborted:
        from bengal.errors import BengalError

        failed = report.failed - report.errors.get("aborted", 0)
        raise BengalError(f"{system}: run aborted by GERBIL's abort rule after {failed} failed documents "
                          f"(more than a quarter of {report.documents}, rounded up); {output} holds the {len(pred)} "
                          "annotated documents, and bengal score counts the others as missing (--no-abort goes on)")


@cli.command()
@click.option("--system", "system", default="baseline", show_default=True, help="The annotator to serve.")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=int, default=8080, show_default=True, help="0 = a free port (printed).")
@click.option("--kb", "kb_path", type=click.Path(path_type=Path), default=None, help="KB of the baseline.")
def serve(system, host, port, kb_path) -> None:
    """Serve a system under GERBIL's NIF web-service protocol (POST one NIF document as
    application/x-turtle, get it back annotated), e.g. for GERBIL or bengal annotate --system URL."""
    from bengal.annotate import make_server, open_system

    annotator = open_system(system, kb_path=kb_path)
    server = make_server(annotator.annotate, host, port)
    click.echo(f"serving {system} on http://{host}:{server.server_address[1]}/ (Ctrl-C stops)", err=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
