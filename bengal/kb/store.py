"""The embedded KB: a dump loaded once into an on-disk pyoxigraph store and queried with SPARQL.

The bundled DBpedia sample (``kb/dbpedia-sample.nt.gz``) is loaded on first use
into ``$BENGAL_CACHE/stores/<key>/`` (default cache: the platform's user cache
folder for ``bengal``); the key is derived from the dump's SHA-256 and the
pyoxigraph version, so a changed sample (or a store format change) builds a
fresh store. The store is built in a temporary folder and renamed into place,
so a crash or a concurrent first use never leaves a half-built store behind;
after that it is opened read-only.

Any N-Triples or Turtle dump (optionally gzipped) is handled the same way, and
an existing pyoxigraph store folder is opened read-only as it is. A dump with
bad lines fails with ``file:line:col``; ``lenient=True`` (``--kb-lenient``)
skips and counts the lines of an N-Triples dump that do not parse (a store of
its own in the cache; the count is kept with it).

Every query has a time limit (``timeout``, default :data:`DEFAULT_STORE_TIMEOUT`):
it runs on a worker thread (pyoxigraph releases the GIL while it evaluates) and
one that takes longer is an :class:`~bengal.errors.InputError` naming what the
query was for (:func:`bengal.kb.sparql.purpose_of`).
"""

from __future__ import annotations

import gzip
import io
import json
import os
import queue
import re
import shutil
import tempfile
import threading
import time
import weakref
import zlib
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable, cast

import pyoxigraph as ox

from bengal.atomic import atomic_write
from bengal.digest import file_sha256
from bengal.errors import InputError, UsageError
from bengal.kb.graph import GraphView, load_graph
from bengal.kb.sparql import is_sparql_iri, purpose_of
from bengal.resources import data_dir

__all__ = ["KB", "open_kb", "bundled_sample_path", "cache_dir", "count_predicates", "BUNDLED_SAMPLE",
           "DEFAULT_STORE_TIMEOUT", "Status", "Progress"]

#: A status callback: told, in one line of text, what a wait over a second is doing (the CLI prints it).
Status = Callable[[str], None]
#: A progress callback: ``(done, total)`` in the work's own unit (for the store build: bytes of the dump read).
Progress = Callable[[int, int], None]

#: Seconds one query over the embedded store may take (``--timeout``); the slowest query of a
#: run over the bundled sample (property frequencies, a scan of the whole KB) takes about 12-22 s.
DEFAULT_STORE_TIMEOUT = 300.0

#: File name of the bundled DBpedia sample inside ``kb/``.
BUNDLED_SAMPLE = "dbpedia-sample.nt.gz"

_DUMP_FORMATS = {
    ".nt": ox.RdfFormat.N_TRIPLES,
    ".ttl": ox.RdfFormat.TURTLE,
}
_COMPLETE_MARK = "bengal-store.txt"
#: The predicate counts of a store bengal built (:meth:`KB.predicate_counts`), a file in its folder.
_COUNTS_FILE = "bengal-predicate-counts.json"


def bundled_sample_path() -> Path:
    """Path of the bundled DBpedia sample (``kb/dbpedia-sample.nt.gz``).

    Raises:
        InputError: when the installation lacks it.
    """
    try:
        path = data_dir("kb") / BUNDLED_SAMPLE
    except FileNotFoundError as exc:
        raise InputError(str(exc)) from None
    if not path.is_file():
        raise InputError(f"the bundled KB sample {path.name} is missing from this installation")
    return path


def cache_dir() -> Path:
    """The cache folder: ``$BENGAL_CACHE`` if set, else the user cache folder for ``bengal``."""
    env = os.environ.get("BENGAL_CACHE")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir("bengal"))


class _Worker:
    """One daemon thread that runs queries; a query that overruns its time limit is left to
    finish there, and the next query gets a fresh thread (a daemon: it never holds up exit)."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[tuple[Callable[[], Any], Future[Any]]] | None = None

    def run(self, job: Callable[[], Any], timeout: float) -> tuple[bool, Any]:
        """``(True, job())``, or ``(False, None)`` when it takes more than ``timeout`` seconds;
        the job's own exception is raised as it is."""
        if self._jobs is None:
            jobs: queue.SimpleQueue[tuple[Callable[[], Any], Future[Any]]] = queue.SimpleQueue()
            threading.Thread(target=_serve, args=(jobs,), name="bengal-kb-query", daemon=True).start()
            weakref.finalize(self, jobs.put, (_stop, Future()))  # the thread ends with its KB
            self._jobs = jobs
        done: Future[Any] = Future()
        self._jobs.put((job, done))
        try:
            return True, done.result(timeout)
        except TimeoutError:
            self._jobs.put((_stop, Future()))  # that thread ends after the overrunning query
            self._jobs = None
            return False, None


def _stop() -> None:
    raise _Stop


class _Stop(Exception):
    pass


def _serve(jobs: "queue.SimpleQueue[tuple[Callable[[], Any], Future[Any]]]") -> None:
    while True:
        job, done = jobs.get()
        try:
            done.set_result(job())
        except _Stop:
            return
        except BaseException as exc:  # handed to the caller, who raises it
            done.set_exception(exc)
        del job, done  # the job holds its KB: keep nothing between jobs, or the KB is never freed


@dataclass
class KB:
    """A knowledge base answering SPARQL SELECT queries.

    Attributes:
        store: the opened pyoxigraph store.
        source: what it was opened from (a dump path, a store folder, or ``bundled``).
        checksum: SHA-256 of the dump it was built from (``None`` for a store folder
            opened as it is).
        snapshot: a short id of the KB snapshot for manifests, e.g.
            ``"dbpedia-sample.nt.gz@3f2a…"``.
        timeout: seconds one query may take (> 0).
        check_iris: skip rows binding an IRI that cannot be written in SPARQL
            (:func:`bengal.kb.sparql.is_sparql_iri`); on for a store folder opened as it is
            (it may have been loaded leniently), off for a store bengal built (its parser
            checked every IRI).
        skipped_lines: with ``lenient``: the dump lines skipped as unparsable.
        first_skipped: the first of them, ``"file:line:col: message"`` (``None`` if none).
        skipped_iris: the distinct IRIs whose rows were skipped (with ``check_iris``).
    """

    store: ox.Store
    source: str
    checksum: str | None
    snapshot: str
    timeout: float = DEFAULT_STORE_TIMEOUT
    check_iris: bool = False
    skipped_lines: int = 0
    first_skipped: str | None = None
    skipped_iris: set[str] = field(default_factory=set)
    folder: Path | None = None
    status: Status | None = field(default=None, repr=False, compare=False)
    _counts: dict[str, int] | None = field(default=None, repr=False, compare=False)
    _worker: _Worker = field(default_factory=_Worker, init=False, repr=False, compare=False)
    _graph: GraphView | None = field(default=None, init=False, repr=False, compare=False)
    _graph_tried: bool = field(default=False, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.timeout > 0:
            raise UsageError(f"--timeout must be more than 0 seconds, not {self.timeout}")

    def predicate_counts(self) -> dict[str, int]:
        """``{predicate IRI: number of triples of the default graph with that predicate and an IRI
        object}`` (what ``SELECT ?p (COUNT(*) AS ?n) WHERE { ?s ?p ?o . FILTER(isIRI(?o)) } GROUP BY ?p``
        gives), sorted by predicate. That GROUP BY over the whole KB takes about 22 s on the bundled
        sample, so for a store bengal built (``folder``) it runs once, the first time the counts are
        needed, and they are kept in a file in the store's folder; a store folder opened as it is
        gets them counted once per :class:`KB`.
        """
        if self._counts is None:
            cached = self.folder / _COUNTS_FILE if self.folder is not None else None
            if cached is not None and cached.is_file():
                self._counts = cast("dict[str, int]", json.loads(cached.read_text(encoding="utf-8")))
            else:
                self._counts = count_predicates(self.store)
                if cached is not None:
                    _write_counts(cached, self._counts)
        return self._counts

    def graph(self) -> GraphView | None:
        """The in-memory view of the facts the generator walks (:class:`bengal.kb.graph.GraphView`)
        for a store bengal built (``folder``): built on first use (20-100 s for the bundled sample)
        and kept in the folder, read from there after (well under a second). ``None`` for a store
        folder opened as it is (``check_iris``: its rows are checked one query at a time), a store too
        large for one (:data:`bengal.kb.graph.MAX_VIEW_ROWS`) or a KB whose values the view cannot
        hold; the generator then asks SPARQL, with the same answers."""
        if not self._graph_tried:
            self._graph_tried = True
            if self.folder is not None and not self.check_iris:
                try:
                    self._graph = load_graph(self.folder, self.store, status=self.status,
                                             predicates=lambda: list(self.predicate_counts()))
                except ValueError:  # a value with a line break (build_graph)
                    self._graph = None
        return self._graph

    def cached_json(self, name: str, compute: Callable[[], Any]) -> Any:
        """``compute()``, kept as JSON in the file ``name`` of the store's folder for a store bengal
        built (so the next run reads it; a folder this user cannot write only costs the time), and
        computed every time for a store folder opened as it is. A damaged file is computed again.
        The caller puts a version in ``name`` when what ``compute`` gives changes."""
        cached = self.folder / name if self.folder is not None else None
        if cached is not None and cached.is_file():
            try:
                return json.loads(cached.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                pass
        value = compute()
        if cached is not None:
            _write_counts(cached, value, sort_keys=False)
        return value

    def select(self, query: str) -> list[tuple[str | None, ...]]:
        """Run a SPARQL SELECT query; each row is a tuple of the terms' lexical values
        (IRIs as strings, literals as their lexical form, unbound as ``None``), in the
        order of the query's projection.

        Raises:
            InputError: when the query fails (syntax or evaluation error), or takes more than
                ``timeout`` seconds (the message names the query's purpose).
        """
        def job() -> list[tuple[str | None, ...]]:
            solutions = cast(ox.QuerySolutions, self.store.query(query))  # a SELECT query gives solutions
            n = len(solutions.variables)
            if not self.check_iris:
                return [tuple(None if row[i] is None else row[i].value for i in range(n)) for row in solutions]
            rows = []
            for row in solutions:
                terms = [row[i] for i in range(n)]
                bad = [t.value for t in terms if isinstance(t, ox.NamedNode) and not is_sparql_iri(t.value)]
                if bad:
                    self.skipped_iris.update(bad)
                else:
                    rows.append(tuple(None if t is None else t.value for t in terms))
            return rows

        return cast("list[tuple[str | None, ...]]", self._run(job, query))

    def ask(self, query: str) -> bool:
        """Run a SPARQL ASK query (the same time limit and errors as :meth:`select`)."""
        return bool(self._run(lambda: bool(self.store.query(query)), query))

    def _run(self, job: Callable[[], Any], query: str) -> Any:
        try:
            finished, value = self._worker.run(job, self.timeout)
        except (SyntaxError, OSError, ValueError) as exc:
            raise InputError(f"SPARQL query failed on {self.source}: {exc}") from None
        if not finished:
            raise InputError(f"the KB query for {purpose_of(query)} took more than {self.timeout:g} s on "
                             f"{self.source} (--timeout)")
        return value

    def __len__(self) -> int:
        return len(self.store)


def open_kb(path: str | os.PathLike[str] | None = None, *, timeout: float | None = None,
            lenient: bool = False, status: Status | None = None, progress: Progress | None = None) -> KB:
    """Open a KB: the bundled sample (``path=None``), a dump file, or a pyoxigraph store folder.

    Args:
        path: ``None`` for the bundled DBpedia sample; an N-Triples/Turtle file
            (``.nt``, ``.ttl``, optionally ``.gz``), loaded into a cached on-disk
            store on first use; or a folder holding a pyoxigraph store.
        timeout: seconds one query may take (default :data:`DEFAULT_STORE_TIMEOUT`).
        lenient: skip and count the lines of an N-Triples dump that do not parse
            (``KB.skipped_lines``) instead of failing on the first.
        status: told what a wait is for: the store build on first use (about 30 s for the bundled
            sample), and when it is done.
        progress: during a store build, ``(bytes of the dump file read, its size in bytes)``.

    Raises:
        UsageError: ``lenient`` for anything but an N-Triples dump, or a ``timeout`` of 0 or less.
        InputError: when the path does not exist, has an unknown extension, is
            not valid RDF (the message gives line and column), or the folder is
            not a store.
    """
    limit = DEFAULT_STORE_TIMEOUT if timeout is None else timeout
    if not limit > 0:
        raise UsageError(f"--timeout must be more than 0 seconds, not {limit}")
    if path is None:
        if lenient:
            raise UsageError("--kb-lenient applies to a --kb N-Triples dump, not the bundled sample")
        dump = bundled_sample_path()
        return _open_dump(dump, "bundled", limit, False, status, progress)
    p = Path(path)
    if not p.exists():
        raise InputError(f"KB path does not exist: {p}")
    if p.is_dir():
        if lenient:
            raise UsageError("--kb-lenient applies to a --kb N-Triples dump, not a store folder")
        try:
            store = ox.Store.read_only(str(p))
        except OSError as exc:
            raise InputError(f"{p} is not a pyoxigraph store folder ({exc})") from None
        return KB(store, str(p), None, f"store:{p.name}", limit, check_iris=True)
    return _open_dump(p, str(p), limit, lenient, status, progress)


def _dump_format(path: Path) -> tuple[ox.RdfFormat, bool]:
    suffixes = path.suffixes
    gz = bool(suffixes) and suffixes[-1] == ".gz"
    ext = suffixes[-2] if gz and len(suffixes) >= 2 else (suffixes[-1] if suffixes else "")
    fmt = _DUMP_FORMATS.get(ext)
    if fmt is None:
        raise InputError(f"{path}: unknown KB dump extension (expected .nt, .ttl, .nt.gz or .ttl.gz)")
    return fmt, gz


def _open_dump(dump: Path, source: str, timeout: float, lenient: bool, status: Status | None = None,
               progress: Progress | None = None) -> KB:
    fmt, gz = _dump_format(dump)
    if lenient and fmt != ox.RdfFormat.N_TRIPLES:
        raise UsageError(f"--kb-lenient skips bad lines of N-Triples dumps (.nt, .nt.gz), where a line is a "
                         f"triple; {dump.name} is Turtle, whose statements may span lines")
    checksum = file_sha256(dump)
    key = f"{checksum[:24]}-ox{ox.__version__}" + ("-lenient" if lenient else "")
    root = cache_dir() / "stores"
    final = root / key
    if not (final / _COMPLETE_MARK).is_file():
        if status is not None:
            status(f"building the KB store of {dump.name} ({_size(dump)}; first use only, kept in {root})")
        start = time.perf_counter()
        _build_store(dump, fmt, gz, root, final, checksum, lenient, progress)
        if status is not None:
            status(f"KB store built in {time.perf_counter() - start:.1f} s")
    try:
        store = ox.Store.read_only(str(final))
        mark = (final / _COMPLETE_MARK).read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot open the cached KB store {final} ({exc}); delete it to rebuild") from None
    fields = dict(line.partition("=")[::2] for line in mark.splitlines())
    skipped = int(fields.get("skipped_lines") or 0)
    first = fields.get("first_skipped") or None
    return KB(store, source, checksum, f"{dump.name}@{checksum[:16]}", timeout, skipped_lines=skipped,
              first_skipped=first, folder=final, status=status)


def count_predicates(store: ox.Store) -> dict[str, int]:
    """The counts of :meth:`KB.predicate_counts`: one GROUP BY over the default graph of ``store``
    (faster than counting its quads in Python, which decodes every term)."""
    rows = cast(ox.QuerySolutions, store.query(
        "SELECT ?p (COUNT(*) AS ?n) WHERE { ?s ?p ?o . FILTER(isIRI(?o)) } GROUP BY ?p"))
    return dict(sorted((row[0].value, int(row[1].value)) for row in rows))


def _write_counts(path: Path, counts: Any, sort_keys: bool = True) -> None:
    try:
        with atomic_write(path) as fh:
            json.dump(counts, fh, indent=0, sort_keys=sort_keys)
    except OSError:  # a store folder this user cannot write: counted again next time
        pass


def _size(path: Path) -> str:
    n = path.stat().st_size
    return f"{n / 1e6:.1f} MB" if n >= 100_000 else f"{n:,} bytes"


class _CountingReader(io.RawIOBase):
    """A binary file that reports ``(bytes read, size)`` to ``progress`` as it is read (at most
    every 1 MiB, and at the end)."""

    def __init__(self, fh: IO[bytes], size: int, progress: Progress) -> None:
        self._fh, self._size, self._progress = fh, size, progress
        self._done = self._told = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        n = self._fh.readinto(buffer)  # type: ignore[attr-defined]
        self._done += n or 0
        if (not n and self._told != self._done) or self._done - self._told >= 1 << 20:
            self._told = self._done
            self._progress(self._done, self._size)
        return n or 0


def _build_store(dump: Path, fmt: ox.RdfFormat, gz: bool, root: Path, final: Path, checksum: str,
                 lenient: bool, progress: Progress | None = None) -> None:
    root.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".build-", dir=root))
    skipped, first = 0, ""
    try:
        store = ox.Store(str(tmp))
        try:
            if lenient:
                skipped, first = _load_skipping_bad_lines(store, dump, gz)
            elif progress is not None:
                with open(dump, "rb") as raw:
                    counted = io.BufferedReader(_CountingReader(raw, dump.stat().st_size, progress))
                    stream = cast(IO[bytes], gzip.GzipFile(fileobj=counted) if gz else counted)
                    store.bulk_load(stream, fmt)
            elif gz:
                with gzip.open(dump, "rb") as fh:
                    store.bulk_load(cast(IO[bytes], fh), fmt)  # a GzipFile is a binary stream
            else:
                store.bulk_load(path=str(dump), format=fmt)
        except SyntaxError as exc:
            raise InputError(f"not valid RDF: {_printable(str(exc.msg if hasattr(exc, 'msg') else exc))}",
                             str(dump), exc.lineno, exc.offset) from None
        except (OSError, EOFError, zlib.error) as exc:  # zlib.error: a .gz whose compressed data is damaged
            raise InputError(f"cannot read the KB dump: {exc}", str(dump)) from None
        store.flush()
        del store
        (tmp / _COMPLETE_MARK).write_text(f"source={dump.name}\nsha256={checksum}\npyoxigraph={ox.__version__}\n"
                                          f"lenient={lenient}\nskipped_lines={skipped}\nfirst_skipped={first}\n",
                                          encoding="utf-8")
        if final.exists() and not (final / _COMPLETE_MARK).is_file():
            shutil.rmtree(final)  # an incomplete leftover of an interrupted build
        try:
            os.rename(tmp, final)
        except OSError:
            if not (final / _COMPLETE_MARK).is_file():  # not a race lost to a complete build
                raise
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


_CHUNK_LINES = 100_000


def _load_skipping_bad_lines(store: ox.Store, dump: Path, gz: bool) -> tuple[int, str]:
    """Load an N-Triples dump, leaving out every line the (strict) parser rejects;
    ``(lines skipped, "file:line:col: message" of the first)``.

    Lines are parsed a chunk at a time; a chunk with an error is parsed again line by line
    (N-Triples lines are independent), and only the lines that parse alone are loaded: the
    parser reports some errors on the next line (a missing final dot), and its recovery can
    yield a triple from the bad line itself, so neither can say which lines to keep.
    pyoxigraph's own ``lenient`` parsing is not used: it skips IRI checks (the store would
    hold IRIs no query can name) and lets a string run over line ends, swallowing the good
    lines after an unclosed quote.
    """
    skipped, first = 0, ""
    opener = gzip.open if gz else open
    with opener(dump, "rb") as fh:
        lineno = 0
        while True:
            chunk = [line if line.endswith(b"\n") else line + b"\n" for _, line in zip(range(_CHUNK_LINES), fh)]
            if not chunk:
                break
            data = b"".join(chunk)
            if _parse_error(data) is not None:
                keep = []
                for i, line in enumerate(chunk, lineno + 1):
                    error = _parse_error(line)
                    if error is None:
                        keep.append(line)
                        continue
                    skipped += 1
                    if not first:
                        first = f"{dump.name}:{i}: {_one_line(error)}"
                data = b"".join(keep)
            lineno += len(chunk)
            if data:
                store.bulk_load(data, ox.RdfFormat.N_TRIPLES)
    return skipped, first


def _parse_error(data: bytes) -> SyntaxError | None:
    """The first error of the strict N-Triples parser on ``data``, or ``None``."""
    try:
        for _ in ox.parse(data, ox.RdfFormat.N_TRIPLES):
            pass
    except SyntaxError as exc:
        return exc
    return None


def _one_line(exc: SyntaxError) -> str:
    """The parser's message without its position (given apart), on one line."""
    text = str(exc.msg if getattr(exc, "msg", None) else exc)
    text = re.sub(r"^Parser error at line \d+ (?:column \d+|between columns \d+ and \d+): ", "", text)
    return _printable(text)


def _printable(text: str) -> str:
    """``text`` as one printable line of at most 200 characters (a parser quotes the bad
    character, which may be a line end or a control character)."""
    text = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)
    return text if len(text) <= 200 else text[:200] + "..."
