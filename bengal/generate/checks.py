"""Gold checks run on every generated corpus before anything is written.

1. every mention's surface equals ``text[begin:end]`` and lies inside the text;
2. no two mentions of a document overlap (the generator writes no nested mentions);
3. every URI is an entity of the KB (it has an English ``rdfs:label`` there), except made-up
   emerging entities (:mod:`bengal.generate.emerging`), which must NOT be in the KB; a URI
   that cannot be written in SPARQL (:func:`bengal.kb.sparql.is_sparql_iri`; the KBs skip
   such IRIs, so the generator never gets one) is not asked about but fails the check;
4. the corpus round-trips unchanged through every writer and reader
   (NIF Turtle, NIF N-Triples, JSONL); with ``jobs`` > 1, the formats' round trips run side by side
   in forked processes (the same checks and errors: a format that fails in its process is checked
   again here, to raise what the serial check raises).
"""

from __future__ import annotations

import multiprocessing
import signal
import tempfile
from multiprocessing.connection import Connection
from pathlib import Path
from typing import cast

from bengal.errors import GoldError, InputError
from bengal.generate.emerging import is_emerging
from bengal.generate.kbview import graph_view
from bengal.io.formats import read_corpus, write_corpus
from bengal.kb.sparql import PREFIXES, SparqlKB, is_sparql_iri, values
from bengal.model import Corpus
from bengal.perf import gc_paused

__all__ = ["check_gold", "GoldCheck", "ROUND_TRIP_FORMATS"]

#: (format name, file suffix) of every writer the round-trip check exercises.
ROUND_TRIP_FORMATS = (("nif", ".ttl"), ("nt", ".nt"), ("jsonl", ".jsonl"))


def check_gold(corpus: Corpus, kb: SparqlKB, jobs: int = 1, written: dict[str, bytes] | None = None) -> dict[str, int]:
    """Run the gold checks; return what was checked as counts.

    ``jobs``: processes the round trips may use (``bengal generate --jobs``): with more than one (and
    processes that can be forked), the N-Triples and JSONL round trips run in forked processes while this
    one checks the URIs and the Turtle round trip.

    ``written``: when given, gets ``{format name: bytes of the file its writer wrote}`` for each format
    whose round trip passed in this process (not in a forked one), so that the caller can write those
    checked bytes instead of writing the corpus again (:func:`bengal.io.manifest.write_with_manifest`'s
    ``data``).

    Raises:
        GoldError: naming the document and mention at the first failed check.
        InputError: a written file that its reader refuses (the round trip).
    """
    with GoldCheck(kb, jobs) as check:
        check.start(corpus)
        return check.finish(written)


class GoldCheck:
    """:func:`check_gold` in two steps, so that the caller can go on working while the forked round trips run:
    :meth:`start` forks them (with ``jobs`` above 1) as soon as the corpus exists (``bengal generate`` works out
    the corpus's statistics meanwhile, :func:`bengal.generate.pipeline.generate`'s ``corpus_made``), and
    :meth:`finish` makes the checks of this process, in the serial check's order, and collects theirs. Used
    as a ``with`` block, which stops the processes still at work when it ends (an error, Ctrl-C, SIGTERM)."""

    def __init__(self, kb: SparqlKB, jobs: int = 1) -> None:
        self.kb = kb
        self.here, self.side = _share_round_trips(jobs)
        self.corpus: Corpus | None = None
        self.workers: list[tuple[Connection, multiprocessing.process.BaseProcess]] = []

    def __enter__(self) -> GoldCheck:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self, corpus: Corpus) -> None:
        """Fork the side processes' round trips of ``corpus`` (nothing with one job)."""
        self.corpus = corpus
        self.workers = [_start_round_trips(corpus, formats) for formats in self.side]

    def finish(self, written: dict[str, bytes] | None = None) -> dict[str, int]:
        """The checks of :func:`check_gold` (``written`` as there) of the corpus given to :meth:`start`.

        Raises:
            GoldError, InputError: as :func:`check_gold`.
        """
        corpus = self.corpus
        assert corpus is not None, "GoldCheck.finish() before start()"
        try:  # the processes are stopped at the first error here, and joined when they are done
            mentions = 0
            for doc in corpus.documents:
                prev_end = -1
                for m in doc.mentions:
                    if not (0 <= m.begin < m.end <= len(doc.text)) or doc.text[m.begin:m.end] != m.surface:
                        raise GoldError(f"{doc.uri}: mention [{m.begin},{m.end}) {m.surface!r} is not text[begin:end]")
                    if m.begin < prev_end:
                        raise GoldError(f"{doc.uri}: mention [{m.begin},{m.end}) overlaps the mention before it")
                    if not m.uris:
                        raise GoldError(f"{doc.uri}: mention [{m.begin},{m.end}) has no URI")
                    prev_end = m.end
                    mentions += 1
            all_uris = sorted({u for d in corpus.documents for m in d.mentions for u in m.uris})
            uris = [u for u in all_uris if not is_emerging(u)]
            emerging = [u for u in all_uris if is_emerging(u)]
            known = _with_label(self.kb, uris)
            missing = [u for u in uris if u not in known]
            if missing:
                raise GoldError(f"{len(missing)} gold URIs are not entities of the KB, e.g. {missing[0]}")
            in_kb = sorted(_with_label(self.kb, emerging))
            if in_kb:
                raise GoldError(f"{len(in_kb)} emerging-entity URIs are entities of the KB, e.g. {in_kb[0]}")
            # raises at the first change: the serial check's first error too
            _round_trip(corpus, self.here, written=written)
            failed: list[tuple[str, str]] = []
            for formats, (receive, process) in zip(self.side, self.workers):
                try:
                    passed = receive.recv()
                except EOFError:  # the process died: check its formats here
                    passed = ()
                process.join()
                failed += [f for f in formats if f not in passed]
        finally:
            self.close()
        # the first failed format in ROUND_TRIP_FORMATS order, checked here: its error, as the serial check gives it
        for fmt in ROUND_TRIP_FORMATS:
            if fmt in failed:
                _round_trip(corpus, (fmt,), raise_error=True)
        return {"documents": len(corpus.documents), "mentions": mentions, "uris_checked": len(uris),
                "emerging_uris_checked": len(emerging), "round_trips": len(ROUND_TRIP_FORMATS)}

    def close(self) -> None:
        """Stop the processes still at work (on an error here, or Ctrl-C); nothing once :meth:`finish` is done."""
        workers, self.workers = self.workers, []
        for receive, process in workers:
            if process.is_alive():
                process.terminate()
            receive.close()
            process.join()


def _with_label(kb: SparqlKB, uris: list[str]) -> set[str]:
    """The URIs of ``uris`` that have an English ``rdfs:label`` in the KB (never one that
    cannot be written in SPARQL: it is not asked about). A KB with an in-memory view
    (:func:`bengal.generate.kbview.graph_view`, read from the same store with the same pattern and
    filter) answers from it, with no query: the same set (``tests/generate/test_gold_checks.py``)."""
    known: set[str] = set()
    writable = [u for u in uris if is_sparql_iri(u)]
    view = graph_view(kb)
    if view is not None:
        return {u for u in writable if view.labels(u)}
    for start in range(0, len(writable), 500):
        chunk = writable[start : start + 500]
        rows = kb.select("# gold check: URIs with an English label\n" + PREFIXES +
                         f"SELECT ?e WHERE {{ {values('e', chunk)} " '?e rdfs:label ?l . FILTER(LANG(?l) = "en") }')
        known.update(r[0] for r in cast("list[tuple[str]]", rows))  # ?e is bound in every row
    return known


def _share_round_trips(jobs: int) -> tuple[tuple[tuple[str, str], ...], list[tuple[tuple[str, str], ...]]]:
    """The round trips this process makes, and those of each forked process: all here for one job (or
    without fork); for two, Turtle here (beside the URI checks) and N-Triples and JSONL in one process
    (about the same time each side); for more, each of those in a process of its own."""
    if jobs < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return ROUND_TRIP_FORMATS, []
    here, rest = ROUND_TRIP_FORMATS[:1], ROUND_TRIP_FORMATS[1:]
    return here, ([rest] if jobs == 2 else [(f,) for f in rest])


def _start_round_trips(corpus: Corpus, formats: tuple[tuple[str, str], ...]
                       ) -> tuple[Connection, multiprocessing.process.BaseProcess]:
    """A forked process (it shares ``corpus`` without a copy) that makes the round trips of ``formats`` and
    sends back those that passed."""
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    process = ctx.Process(target=_round_trips_to, args=(send, corpus, formats), daemon=True)
    process.start()
    send.close()
    return receive, process


def _round_trips_to(conn: Connection, corpus: Corpus, formats: tuple[tuple[str, str], ...]) -> None:
    """In a forked process: send the formats of ``formats`` whose round trip passes (a failure is checked
    again by the parent, which raises its error). Ctrl-C is the parent's to handle; SIGTERM (the parent
    stopping it) ends it with its temporary folder removed."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop)
    try:
        conn.send(tuple(f for f in formats if _round_trip(corpus, (f,), raise_error=False)))
    except BaseException:  # noqa: BLE001 - the parent checks every format again
        pass
    finally:
        conn.close()


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(1)


def _round_trip(corpus: Corpus, formats: tuple[tuple[str, str], ...] = ROUND_TRIP_FORMATS, *,
                raise_error: bool = True, written: dict[str, bytes] | None = None) -> bool:
    """Write ``corpus`` in each of ``formats`` and read it back; True when every document comes back unchanged.
    ``written`` gets the bytes of each format's file once its round trip has passed.

    Raises:
        GoldError, InputError: with ``raise_error``, at the first change or refused file (else False).
    """
    try:
        # writing and reading back build hundreds of thousands of small acyclic objects: the
        # collector's passes over them (and over the corpus and the generator's memos) only cost time
        with gc_paused(), tempfile.TemporaryDirectory(prefix="bengal-check-") as tmp:
            for fmt, suffix in formats:
                path = Path(tmp) / f"corpus{suffix}"
                write_corpus(corpus, path, fmt)
                back = read_corpus(path, fmt, strict=True)
                if len(back.documents) != len(corpus.documents):
                    raise GoldError(f"round trip through {fmt} gave {len(back.documents)} documents, "
                                    f"expected {len(corpus.documents)}")
                docs = back.by_uri()
                for a in corpus.documents:
                    if docs.get(a.uri) != a:
                        raise GoldError(f"{a.uri}: the document changes in a round trip through {fmt}")
                if written is not None:
                    written[fmt] = path.read_bytes()
    except (GoldError, InputError):
        if raise_error:
            raise
        return False
    return True
