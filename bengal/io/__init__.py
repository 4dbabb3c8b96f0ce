"""Formats at the edge: every reader returns a :class:`~bengal.model.Corpus`, every
writer takes one.

* ``"nif"`` — NIF 2.0 in Turtle, GERBIL's layout (:mod:`bengal.io.nif`);
* ``"nt"`` — the same NIF as N-Triples;
* ``"jsonl"`` — one document per line (:mod:`bengal.io.jsonl`);
* ``"conll"`` — CoNLL-2003-style token/tag columns (:mod:`bengal.io.conll`;
  recognised by the extension ``.conll``/``.iob``/``.bio`` or by content: a
  ``-DOCSTART-`` line, or lines of columns whose last column is a tag).

:func:`read_corpus` picks the format from the extension (``.ttl``/``.turtle``,
``.nt``/``.ntriples``, ``.jsonl``/``.ndjson``, each also with ``.gz``) and,
when the extension says nothing, from the first non-blank bytes of the
(decompressed) content: ``{`` is JSONL; ``@prefix``/``@base``/``PREFIX``/
``BASE``/``<``/``_:`` is NIF (read as Turtle, which also reads N-Triples).
:func:`write_corpus` writes atomically (:func:`bengal.atomic.atomic_write`)
and deterministically (the same corpus gives the same bytes; a ``.gz`` target
is gzip-compressed with a zero timestamp and no file name in the header).

Reader flaws are counted warnings (``corpus.warnings``), see
``docs/formats/nif.md`` for the codes; ``strict=True`` makes them errors.
"""

from __future__ import annotations

import gzip
import io
import os
import re
from pathlib import Path

from bengal.atomic import atomic_write
from bengal.errors import InputError, UsageError
from bengal.io._source import WARNING_CODES
from bengal.io.conll import looks_like_conll, read_conll, write_conll
from bengal.io.jsonl import read_jsonl, write_jsonl
from bengal.io.nif import read_nif, write_nif
from bengal.model import Corpus
from bengal.resources import resolve_corpus

__all__ = [
    "read_corpus",
    "manifest_path",
    "write_with_manifest",
    "write_corpus",
    "detect_format",
    "output_format",
    "read_nif",
    "write_nif",
    "read_jsonl",
    "write_jsonl",
    "atomic_write",
    "read_conll",
    "write_conll",
    "FORMATS",
    "WARNING_CODES",
]

def manifest_path(output: str | os.PathLike[str]) -> Path:
    """``OUT.manifest.json`` beside the corpus file ``OUT``: what made it (``bengal generate``:
    the generator's parameters; ``bengal annotate``: the system and its run report)."""
    out = Path(output)
    return out.with_name(out.name + ".manifest.json")


def write_with_manifest(corpus: Corpus, path: str | os.PathLike[str], manifest: dict,
                        format: str | None = None) -> Path:
    """Write ``corpus`` (:func:`write_corpus`) and then ``manifest`` as JSON to
    :func:`manifest_path`, both atomically; when the manifest cannot be written the corpus file
    is removed again, so a corpus is never left without the manifest that says what made it.

    Returns:
        The manifest's path.
    """
    import json

    out = Path(path)
    write_corpus(corpus, out, format)
    try:
        with atomic_write(manifest_path(out)) as fh:
            fh.write(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
    except BaseException:
        out.unlink(missing_ok=True)
        raise
    return manifest_path(out)


#: The format names :func:`read_corpus` and :func:`write_corpus` accept.
FORMATS = ("nif", "nt", "jsonl", "conll")

_ALIASES = {
    "nif": "nif",
    "ttl": "nif",
    "turtle": "nif",
    "nt": "nt",
    "ntriples": "nt",
    "n-triples": "nt",
    "jsonl": "jsonl",
    "ndjson": "jsonl",
    "conll": "conll",
}
_EXTENSIONS = {
    ".ttl": "nif",
    ".turtle": "nif",
    ".nif": "nif",
    ".nt": "nt",
    ".ntriples": "nt",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".conll": "conll",
    ".iob": "conll",
    ".iob2": "conll",
    ".bio": "conll",
}


_DIRECTIVE = re.compile(rb"^(?:@prefix|@base|prefix|base)\s", re.IGNORECASE)


def _normal_format(format: str, path: str) -> str:
    fmt = _ALIASES.get(format.lower())
    if fmt is None:
        raise InputError(f"unknown corpus format {format!r} (expected one of {', '.join(FORMATS)})", source=path)
    return fmt


def _format_from_extension(path: str | os.PathLike[str]) -> str | None:
    name = Path(path).name.lower()
    if name.endswith(".gz"):
        name = name[:-3]
    return _EXTENSIONS.get(Path(name).suffix)


def _sniff(path: str | os.PathLike[str]) -> str | None:
    try:
        with open(path, "rb") as raw:
            head = raw.read(2)
            raw.seek(0)
            fh = gzip.GzipFile(fileobj=raw, mode="rb") if head == b"\x1f\x8b" else raw
            chunk = fh.read(65536)
    except (OSError, EOFError, gzip.BadGzipFile):
        return None
    for line in io.BytesIO(chunk):
        s = line.lstrip(b"\xef\xbb\xbf").strip()
        if not s:
            continue
        if s.startswith(b"#"):  # a Turtle / N-Triples comment
            continue
        if s.startswith((b"{", b"[")):
            return "jsonl"
        if _DIRECTIVE.match(s) or s.startswith((b"<", b"_:")):
            return "nif"
        break
    return "conll" if looks_like_conll(chunk) else None


def detect_format(path: str | os.PathLike[str]) -> str:
    """The format of ``path``: from its extension, else from its first non-blank bytes.

    Raises:
        InputError: when neither tells.
    """
    path, shipped, _ = resolve_corpus(path)
    if shipped:
        return shipped
    fmt = _format_from_extension(path)
    if fmt is None and os.path.isfile(path):
        fmt = _sniff(path)
    if fmt is None:
        raise InputError(
            "cannot tell the corpus format from the file name or its content; give one of "
            + ", ".join(FORMATS),
            source=os.fspath(path),
        )
    return fmt


def output_format(path: str | os.PathLike[str], format: str | None = None) -> str:
    """The format to write ``path`` in: ``format`` if given, else from the extension.

    Raises:
        UsageError: an unknown format, an extension that names no format (and no
            ``format``), or a ``format`` that contradicts a known extension (a
            JSONL file named ``.ttl`` would be unreadable as what it claims to be).
    """
    by_extension = _format_from_extension(path)
    if format:
        fmt = _ALIASES.get(format.lower())
        if fmt is None:
            raise UsageError(f"unknown corpus format {format!r} (expected one of {', '.join(FORMATS)})")
        if by_extension is not None and by_extension != fmt:
            raise UsageError(f"--format {format} contradicts the extension of {os.fspath(path)} "
                             f"({by_extension}); change one of them")
        return fmt
    if by_extension is None:
        raise UsageError(f"cannot tell the output format from the extension of {os.fspath(path)}: "
                         "use .ttl (NIF Turtle), .nt (NIF N-Triples) or .jsonl, optionally .gz, or --format")
    return by_extension


def read_corpus(
    path: str | os.PathLike[str],
    format: str | None = None,
    *,
    strict: bool = False,
    name: str | None = None,
    conll: dict | None = None,
) -> Corpus:
    """Read a corpus file.

    Args:
        path: the file (``.gz`` allowed, recognised by its content), or the
            name of a shipped corpus (``"conllpp"``: the CoNLL++ test set,
            read as CoNLL columns, IOB2).
        format: ``"nif"`` (Turtle), ``"nt"`` (NIF as N-Triples) or ``"jsonl"``;
            None = :func:`detect_format`.
        strict: turn reader warnings into :class:`InputError`.
        name: the corpus name (default: the file name without extensions).
        conll: options of :func:`bengal.io.conll.read_conll` for a CoNLL file
            (``scheme``, ``mode``, ``suffix``, ``tag_column``).

    Raises:
        InputError: unknown format, unreadable or broken file.
    """
    path, shipped, shipped_name = resolve_corpus(path)
    name = name or shipped_name
    fmt = _normal_format(format, os.fspath(path)) if format else detect_format(path)
    if fmt == "jsonl":
        return read_jsonl(path, name=name, strict=strict)
    if fmt == "conll":
        return read_conll(path, name=name, strict=strict, **(conll or {}))
    return read_nif(path, syntax="turtle" if fmt == "nif" else "ntriples", name=name, strict=strict)


def write_corpus(corpus: Corpus, path: str | os.PathLike[str], format: str | None = None) -> None:
    """Write ``corpus`` to ``path`` atomically and deterministically.

    Args:
        corpus: the corpus.
        path: the target; a name ending in ``.gz`` is gzip-compressed.
        format: ``"nif"``, ``"nt"`` or ``"jsonl"``; None = from the extension.

    Raises:
        UsageError: as :func:`output_format`.
        InputError: a URI NIF cannot carry (see :func:`bengal.io.nif.write_nif`).
        OSError: the folder is missing or not writable.

    On any error nothing is left behind: neither a partial target nor a
    temporary file (an existing target keeps its old content).
    """
    fmt = output_format(path, format)

    def emit(fh) -> None:
        if fmt == "jsonl":
            write_jsonl(corpus, fh)
        elif fmt == "conll":
            write_conll(corpus, fh)
        else:
            write_nif(corpus, fh, syntax="turtle" if fmt == "nif" else "ntriples")

    if os.fspath(path).lower().endswith(".gz"):
        with atomic_write(path, "wb") as raw:
            with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz:
                with io.TextIOWrapper(gz, encoding="utf-8", newline="\n") as fh:
                    emit(fh)
                    fh.flush()
    else:
        with atomic_write(path, "w") as fh:
            emit(fh)
