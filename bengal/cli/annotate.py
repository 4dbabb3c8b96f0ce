"""``bengal annotate`` → :func:`bengal.workflows.annotate_files`; ``bengal serve`` →
:func:`bengal.workflows.serve_system`."""

from __future__ import annotations

from pathlib import Path

import click

from bengal.cli._app import Terminated, Waits, echo_lines, progress_bar


@click.command()
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
@click.option("--timeout", type=float, default=30.0, show_default=True,
              help="URL systems: seconds one whole answer may take (headers and body).")
@click.option("--retries", type=int, default=2, show_default=True,
              help="URL systems: retries after refused connections, time-outs, 5xx, 429.")
@click.option("--no-abort", is_flag=True,
              help="Do not stop when failed documents exceed a quarter of the corpus (rounded up; GERBIL's rule).")
@click.option("--map-types", is_flag=True, help="Map predicted DBpedia classes to PER/ORG/LOC/MISC (e.g. for CoNLL).")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on stderr [default: when stderr is a terminal].")
@click.option("--report-json", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Also write the run report (documents, errors by reason, seconds) as JSON.")
def annotate(corpus, system, output, kb_path, jobs, timeout, retries, no_abort, map_types, progress,
             report_json) -> None:
    """Annotate the documents of CORPUS (a file, or conllpp) with a system and write its predictions,
    e.g. bengal annotate bench.ttl --system baseline -o pred.ttl.

    A document the system fails on (down, time-out, HTML, another document, changed text) is counted
    with its reason and left out of the output: the scorer sees it as a missing prediction."""
    from bengal.report.text import counted, run_report_lines, warning_lines
    from bengal.workflows.annotate_files import annotate_files

    waits = Waits("loading", show=progress)
    with progress_bar("annotating", show=progress) as tick:
        run = annotate_files(corpus, system, output, kb_path=kb_path, jobs=jobs, timeout=timeout, retries=retries,
                             abort=not no_abort, map_types=map_types, progress=tick, report_json=report_json,
                             status=waits.status, load_progress=waits.progress)
    echo_lines(warning_lines(run.corpus_warnings, f"corpus {corpus}"), err=True)
    if run.cut_tokens:
        n = run.cut_tokens
        click.echo(f"note: {n} predicted mention{'s' if n != 1 else ''} cut a CoNLL token and "
                   f"{'were' if n != 1 else 'was'} left out of {output}", err=True)
    echo_lines(run_report_lines(run.report), err=True)
    click.echo(f"{counted(len(run.predictions), 'document')}, {counted(run.predictions.mention_count, 'mention')} "
               f"→ {output}; manifest {run.manifest}", err=True)
    aborted = run.abort_error()
    if aborted is not None:
        raise aborted


@click.command()
@click.option("--system", "system", default="baseline", show_default=True, help="The annotator to serve.")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=int, default=8080, show_default=True, help="0 = a free port (printed).")
@click.option("--kb", "kb_path", type=click.Path(path_type=Path), default=None, help="KB of the baseline.")
def serve(system, host, port, kb_path) -> None:
    """Serve a system under GERBIL's NIF web-service protocol (POST one NIF document as
    application/x-turtle, get it back annotated), e.g. for GERBIL or bengal annotate --system URL.

    Ctrl-C or SIGTERM stops it (exit 0). Limits: bodies up to 16 MiB (413 above), 30 s for a
    request to arrive and for an idle connection (408 / closed), 64 requests at once (503 with
    Retry-After beyond), 400 or 411 for a malformed or missing Content-Length."""
    from bengal.workflows.annotate_files import serve_system

    waits = Waits("loading")
    waits.status(f"loading {system} before listening on {host}:{port}")
    try:  # a server's stop is its normal end: exit 0 (serve_system returns on Ctrl-C)
        serve_system(system, host, port, kb_path=kb_path, status=waits.status, progress=waits.progress,
                     ready=lambda url: click.echo(f"serving {system} on {url} (Ctrl-C stops)", err=True))
    except Terminated:
        click.echo("bengal: serve stopped (SIGTERM)", err=True)
    else:
        click.echo("bengal: serve stopped (Ctrl-C)", err=True)
