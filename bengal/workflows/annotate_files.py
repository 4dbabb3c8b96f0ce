"""``bengal annotate`` and ``bengal serve`` as functions.

:func:`annotate_files` runs a system (:func:`bengal.annotate.open_system`) over the documents of a
corpus file and writes its predictions with their manifest (the system, the corpus, the run
report). A document the system fails on is counted with its reason and left out of the output:
the scorer sees it as a missing prediction. :func:`serve_system` serves a system under GERBIL's
NIF web-service protocol.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from bengal import __version__
from bengal.annotate.run import RunReport, annotate_corpus
from bengal.annotate.systems import open_system
from bengal.annotate.webservice import make_server
from bengal.atomic import check_writable
from bengal.errors import BengalError, UsageError
from bengal.io.formats import ConllOptions, output_format, read_corpus
from bengal.io.manifest import manifest_path, write_with_manifest
from bengal.model import Corpus, CorpusWarning, Document
from bengal.report.jsonout import write_payload
from bengal.resources import resolve_corpus
from bengal.typemap import map_corpus_types

__all__ = ["AnnotateRun", "annotate_files", "keep_token_aligned", "write_predictions", "serve_system"]


@dataclass(frozen=True)
class AnnotateRun:
    """What :func:`annotate_files` did.

    Attributes:
        predictions: the annotated documents, as written.
        report: the run report (documents, errors by reason, seconds).
        output, manifest: the files written.
        corpus_warnings: the reader's warnings of the corpus annotated.
        cut_tokens: predicted mentions left out because they cut a CoNLL token (CoNLL output of a
            CoNLL corpus), else 0.
    """

    predictions: Corpus
    report: RunReport
    output: Path
    manifest: Path
    corpus_warnings: tuple[CorpusWarning, ...] = ()
    cut_tokens: int = 0

    def abort_error(self) -> BengalError | None:
        """The error to end with when GERBIL's abort rule fired (outputs are written), else None."""
        r = self.report
        if not r.aborted:
            return None
        failed = r.failed - r.errors.get("aborted", 0)
        return BengalError(f"{r.system}: run aborted by GERBIL's abort rule after {failed} failed documents "
                           f"(more than a quarter of {r.documents}, rounded up); {self.output} holds the "
                           f"{len(self.predictions)} annotated documents, and bengal score counts the others as "
                           "missing (--no-abort goes on)")


def keep_token_aligned(corpus: Corpus) -> tuple[Corpus, int]:
    """Drop the mentions that do not start and end at whitespace (or the text's ends).

    For predictions on a CoNLL corpus, whose text is its tokens joined by spaces: a CoNLL file
    cannot carry a mention that cuts a gold token (``It`` in ``...It``) without changing the
    tokens, which the chunk scorer refuses. Returns ``(corpus, number of mentions dropped)``.
    """
    dropped = 0
    docs = []
    for d in corpus.documents:
        t = d.text
        keep = tuple(m for m in d.mentions if (m.begin == 0 or t[m.begin - 1].isspace())
                     and (m.end == len(t) or t[m.end].isspace()))
        dropped += len(d.mentions) - len(keep)
        docs.append(Document(d.uri, t, keep))
    return Corpus(tuple(docs), corpus.name, corpus.metadata, corpus.warnings), dropped


def write_predictions(pred: Corpus, output: str | os.PathLike[str], report: RunReport, *, corpus: str,
                      format: str | None = None, conll: ConllOptions | None = None) -> Path:
    """Write a system's predictions to ``output`` and their manifest ``OUT.manifest.json``
    (``{"tool", "version", "system", "corpus", "output": {"file", "format"}, "run": report}``;
    ``bengal score`` names the system after it) with :func:`bengal.io.manifest.write_with_manifest`.

    Returns:
        The manifest's path.
    """
    out = Path(output)
    fmt = output_format(out, format)
    manifest = {"tool": "bengal", "version": __version__, "system": report.system, "corpus": corpus,
                "output": {"file": out.name, "format": fmt}, "run": report.to_json()}
    return write_with_manifest(pred, out, manifest, fmt, conll=conll)


def annotate_files(corpus: str | os.PathLike[str], system: str, output: str | os.PathLike[str], *,
                   kb_path: str | os.PathLike[str] | None = None, jobs: int = 1, timeout: float = 30.0,
                   retries: int = 2, abort: bool = True, map_types: bool = False,
                   progress: Callable[[int, int], None] | None = None,
                   report_json: str | os.PathLike[str] | None = None, status: Callable[[str], None] | None = None,
                   load_progress: Callable[[int, int], None] | None = None) -> AnnotateRun:
    """Annotate the documents of ``corpus`` with ``system`` and write the predictions to ``output``.

    Args:
        corpus: a corpus file or a shipped corpus name (``"conllpp"``).
        system: ``baseline``, an ``http(s)://`` URL of a GERBIL NIF web service, or ``spacy:MODEL``.
        output: the predictions (``.ttl``, ``.nt``, ``.jsonl``, ``.conll``), written atomically with
            ``OUT.manifest.json``; CoNLL output gets CoNLL types (PER/ORG/LOC/MISC).
        kb_path: the baseline's KB (default: the bundled DBpedia sample).
        jobs: documents annotated at once (threads); the output is the same for every value.
        timeout, retries: of a URL system.
        abort: GERBIL's abort rule (stop when failed documents exceed a quarter of the corpus,
            rounded up); the run's :meth:`AnnotateRun.abort_error` then says so.
        map_types: map predicted DBpedia classes to PER/ORG/LOC/MISC.
        progress: called with ``(documents done, documents in all)``.
        report_json: also write the run report there as JSON.
        status, load_progress: what loading the system is doing (:func:`bengal.annotate.open_system`);
            the load's seconds are the report's ``load_seconds``, apart from the per-document time.

    Raises:
        UsageError: bad options or an output that cannot be written (checked before any work).
        InputError: the corpus, the KB or the system cannot be read.
    """
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {jobs}")
    if retries < 0 or timeout <= 0:
        raise UsageError("--retries must be >= 0 and --timeout > 0")
    fmt = output_format(output)
    check_writable(output, manifest_path(output), *([report_json] if report_json else []),
                   inputs=(resolve_corpus(corpus)[0],))
    gold = read_corpus(corpus)
    start = time.perf_counter()
    annotator = open_system(system, kb_path=kb_path, timeout=timeout, retries=retries, status=status,
                            progress=load_progress)
    load_seconds = time.perf_counter() - start
    pred, report = annotate_corpus(gold, annotator.annotate, system=system, jobs=jobs, progress=progress,
                                   abort_rule=abort)
    report.load_seconds = load_seconds
    if map_types or fmt == "conll":
        pred = map_corpus_types(pred)
    dropped = 0
    conll = None
    if fmt == "conll" and gold.metadata.get("format") == "conll":
        pred, dropped = keep_token_aligned(pred)
    elif fmt == "conll":
        conll = ConllOptions(split_punct=True)
    manifest = write_predictions(pred, output, report, corpus=str(corpus), format=fmt, conll=conll)
    if report_json:
        write_payload(report.to_json(), Path(report_json))
    return AnnotateRun(pred, report, Path(output), manifest, gold.warnings, dropped)


def serve_system(system: str, host: str = "127.0.0.1", port: int = 8080, *,
                 kb_path: str | os.PathLike[str] | None = None,
                 ready: Callable[[str], None] | None = None, status: Callable[[str], None] | None = None,
                 progress: Callable[[int, int], None] | None = None) -> None:
    """Serve ``system`` under GERBIL's NIF web-service protocol until interrupted (Ctrl-C).

    Args:
        system: as :func:`annotate_files`.
        host, port: where to listen (``port=0``: a free port).
        kb_path: the baseline's KB.
        ready: called with the server's URL once it listens.
        status, progress: what loading the system is doing before it listens
            (:func:`bengal.annotate.open_system`).
    """
    annotator = open_system(system, kb_path=kb_path, status=status, progress=progress)
    server = make_server(annotator.annotate, host, port)
    if ready is not None:
        ready(f"http://{host}:{server.server_address[1]}/")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
