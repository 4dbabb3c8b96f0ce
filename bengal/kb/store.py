"""The embedded KB: a dump loaded once into an on-disk pyoxigraph store and queried with SPARQL.

The bundled DBpedia sample (``kb/dbpedia-sample.nt.gz``) is loaded on first use
into ``$BENGAL_CACHE/stores/<key>/`` (default cache: the platform's user cache
folder for ``bengal``); the key is derived from the dump's SHA-256 and the
pyoxigraph version, so a changed sample (or a store format change) builds a
fresh store. The store is built in a temporary folder and renamed into place,
so a crash or a concurrent first use never leaves a half-built store behind;
after that it is opened read-only.

Any N-Triples or Turtle dump (optionally gzipped) is handled the same way, and
an existing pyoxigraph store folder is opened read-only as it is.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, cast

import pyoxigraph as ox

from bengal.atomic import atomic_write
from bengal.errors import InputError
from bengal.resources import data_dir

__all__ = ["KB", "open_kb", "bundled_sample_path", "cache_dir", "file_sha256", "count_predicates", "BUNDLED_SAMPLE"]

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


def file_sha256(path: Path) -> str:
    """Hex SHA-256 of a file's bytes."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


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
    """

    store: ox.Store
    source: str
    checksum: str | None
    snapshot: str
    folder: Path | None = None
    _counts: dict[str, int] | None = field(default=None, repr=False, compare=False)

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

    def select(self, query: str) -> list[tuple[str | None, ...]]:
        """Run a SPARQL SELECT query; each row is a tuple of the terms' lexical values
        (IRIs as strings, literals as their lexical form, unbound as ``None``), in the
        order of the query's projection.

        Raises:
            InputError: when the query fails (syntax or evaluation error).
        """
        try:
            solutions = cast(ox.QuerySolutions, self.store.query(query))  # a SELECT query gives solutions
            n = len(solutions.variables)
            return [tuple(None if row[i] is None else row[i].value for i in range(n)) for row in solutions]
        except (SyntaxError, OSError, ValueError) as exc:
            raise InputError(f"SPARQL query failed on {self.source}: {exc}") from None

    def ask(self, query: str) -> bool:
        """Run a SPARQL ASK query."""
        return bool(self.store.query(query))

    def __len__(self) -> int:
        return len(self.store)


def open_kb(path: str | os.PathLike[str] | None = None) -> KB:
    """Open a KB: the bundled sample (``path=None``), a dump file, or a pyoxigraph store folder.

    Args:
        path: ``None`` for the bundled DBpedia sample; an N-Triples/Turtle file
            (``.nt``, ``.ttl``, optionally ``.gz``), loaded into a cached on-disk
            store on first use; or a folder holding a pyoxigraph store.

    Raises:
        InputError: when the path does not exist, has an unknown extension, is
            not valid RDF (the message gives line and column), or the folder is
            not a store.
    """
    if path is None:
        dump = bundled_sample_path()
        return _open_dump(dump, source="bundled")
    p = Path(path)
    if not p.exists():
        raise InputError(f"KB path does not exist: {p}")
    if p.is_dir():
        try:
            store = ox.Store.read_only(str(p))
        except OSError as exc:
            raise InputError(f"{p} is not a pyoxigraph store folder ({exc})") from None
        return KB(store, str(p), None, f"store:{p.name}")
    return _open_dump(p, source=str(p))


def _dump_format(path: Path) -> tuple[ox.RdfFormat, bool]:
    suffixes = path.suffixes
    gz = bool(suffixes) and suffixes[-1] == ".gz"
    ext = suffixes[-2] if gz and len(suffixes) >= 2 else (suffixes[-1] if suffixes else "")
    fmt = _DUMP_FORMATS.get(ext)
    if fmt is None:
        raise InputError(f"{path}: unknown KB dump extension (expected .nt, .ttl, .nt.gz or .ttl.gz)")
    return fmt, gz


def _open_dump(dump: Path, source: str) -> KB:
    fmt, gz = _dump_format(dump)
    checksum = file_sha256(dump)
    key = f"{checksum[:24]}-ox{ox.__version__}"
    root = cache_dir() / "stores"
    final = root / key
    if not (final / _COMPLETE_MARK).is_file():
        _build_store(dump, fmt, gz, root, final, checksum)
    try:
        store = ox.Store.read_only(str(final))
    except OSError as exc:
        raise InputError(f"cannot open the cached KB store {final} ({exc}); delete it to rebuild") from None
    return KB(store, source, checksum, f"{dump.name}@{checksum[:16]}", final)


def count_predicates(store: ox.Store) -> dict[str, int]:
    """The counts of :meth:`KB.predicate_counts`: one GROUP BY over the default graph of ``store``
    (faster than counting its quads in Python, which decodes every term)."""
    rows = cast(ox.QuerySolutions, store.query(
        "SELECT ?p (COUNT(*) AS ?n) WHERE { ?s ?p ?o . FILTER(isIRI(?o)) } GROUP BY ?p"))
    return dict(sorted((row[0].value, int(row[1].value)) for row in rows))


def _write_counts(path: Path, counts: dict[str, int]) -> None:
    try:
        with atomic_write(path) as fh:
            json.dump(counts, fh, indent=0, sort_keys=True)
    except OSError:  # a store folder this user cannot write: counted again next time
        pass


def _build_store(dump: Path, fmt: ox.RdfFormat, gz: bool, root: Path, final: Path, checksum: str) -> None:
    root.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".build-", dir=root))
    try:
        store = ox.Store(str(tmp))
        try:
            if gz:
                with gzip.open(dump, "rb") as fh:
                    store.bulk_load(cast(IO[bytes], fh), fmt)  # a GzipFile is a binary stream
            else:
                store.bulk_load(path=str(dump), format=fmt)
        except SyntaxError as exc:
            raise InputError(f"not valid RDF: {exc.msg if hasattr(exc, 'msg') else exc}", str(dump),
                             exc.lineno, exc.offset) from None
        except (OSError, EOFError) as exc:
            raise InputError(f"cannot read the KB dump: {exc}", str(dump)) from None
        store.flush()
        del store
        (tmp / _COMPLETE_MARK).write_text(f"source={dump.name}\nsha256={checksum}\npyoxigraph={ox.__version__}\n")
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
