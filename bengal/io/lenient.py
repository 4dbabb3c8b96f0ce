"""Lenient reading of historic NIF: IRIs with spaces or line breaks inside ``<…>`` are repaired first.

The 2014 N3 collection (``Reuters-128.ttl``: ``<http://aksw.org/notInWiki/Colorado Rural Electric
Association>``; ``RSS-500.ttl``: ``<http://dbpedia.org/resource/Bureau of Land Management>``;
``News-100.ttl``: ``nif:sourceUrl <\\n    >``) is no valid Turtle, and a strict parser stops at the
first such IRI. :func:`repair_iris` rewrites only those IRIs, outside string literals and comments:
white space at either end is dropped; inside, a run of white space becomes ``_`` in a title IRI
(DBpedia resources, Wikipedia pages, ``aksw.org/notInWiki``: MediaWiki writes a title's spaces as
``_``) and is percent-encoded elsewhere (RFC 3987 §3.1). Line breaks taken out of an IRI are put back
after it (after the line, in N-Triples), so every later line keeps its number. The repaired text
goes to the ordinary NIF reader (:func:`bengal.io.nif.read_nif`); each repaired IRI is a
``repaired_iri`` warning naming the line, the IRI as written and as read. ``docs/formats/nif.md``
("Lenient reading").
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import replace
from typing import IO

from bengal.errors import InputError
from bengal.io._source import FlawLog, open_binary, source_name
from bengal.io.nif import read_nif
from bengal.model import Corpus, CorpusWarning

__all__ = ["repair_iris", "read_nif_lenient", "count_whitespace_iris", "LENIENT_HINT"]

#: What a NIF syntax error says when the file has IRIs this module repairs.
LENIENT_HINT = ("; the file has IRIs with spaces or line breaks inside <…> (historic NIF, e.g. the 2014 N3 "
                "collection): read it with --lenient (read_corpus(..., lenient=True)) to repair them")

# Turtle / N-Triples tokens that may hold a "<": long and short strings, comments, then IRIs.
_TOKENS = re.compile(
    rb'"""(?:[^"\\]|\\.|"(?!""))*"""'
    rb"|'''(?:[^'\\]|\\.|'(?!''))*'''"
    rb'|"(?:[^"\\\n]|\\.)*"'
    rb"|'(?:[^'\\\n]|\\.)*'"
    rb"|#[^\n]*"
    rb'|<([^<>"{}\\]*)>', re.S)
_WS = re.compile(rb"[ \t\r\n]+")
_TITLE_IRI = re.compile(rb"^https?://(?:[a-z\-]+\.)?(?:dbpedia\.org/resource/|(?:m\.)?wikipedia\.org/wiki/"
                        rb"|aksw\.org/notInWiki/)")


def _fix(iri: bytes) -> bytes:
    inner = iri.strip(b" \t\r\n")
    if _TITLE_IRI.match(inner):
        return _WS.sub(b"_", inner)
    return _WS.sub(lambda m: b"".join(b"%%%02X" % c for c in m.group(0)), inner)


def repair_iris(data: bytes, syntax: str = "turtle") -> tuple[bytes, list[tuple[int, str, str]]]:
    """Repair the IRIs of a Turtle or N-Triples text that hold white space (module docstring).

    Args:
        data: the file's bytes (UTF-8).
        syntax: ``"turtle"`` or ``"ntriples"`` (where the line breaks taken out go back).

    Returns:
        ``(repaired bytes, [(1-based line, IRI as written, IRI as repaired)])``; the bytes are
        ``data`` itself when nothing needed repair.
    """
    out: list[bytes] = []
    repairs: list[tuple[int, str, str]] = []
    pos = 0
    line = 1
    owed = 0  # line breaks taken out of an N-Triples IRI, put back after the line
    for m in _TOKENS.finditer(data):
        iri = m.group(1)
        if iri is None or not _WS.search(iri):
            continue
        start, end = m.span()
        before = data[pos:start]
        if owed and b"\n" in before:
            k = before.index(b"\n") + 1
            before = before[:k] + b"\n" * owed + before[k:]
            owed = 0
        line += data.count(b"\n", pos, start)
        fixed = _fix(iri)
        breaks = iri.count(b"\n")
        out += [before, b"<", fixed, b">"]
        if breaks and syntax != "ntriples":
            out.append(b"\n" * breaks)
        else:
            owed += breaks
        repairs.append((line, iri.decode("utf-8", "replace"), fixed.decode("utf-8", "replace")))
        line += breaks
        pos = end
    if not repairs:
        return data, []
    rest = data[pos:]
    if owed:
        k = rest.find(b"\n")
        rest = rest + b"\n" * owed if k < 0 else rest[:k + 1] + b"\n" * owed + rest[k + 1:]
    out.append(rest)
    return b"".join(out), repairs


def count_whitespace_iris(source: str | os.PathLike[str] | IO[bytes] | bytes) -> int:
    """How many IRIs of a Turtle / N-Triples source hold white space (0 when it cannot be read)."""
    try:
        fh, owned = open_binary(source)
    except InputError:  # a hint only: an unreadable file has no such IRIs to tell
        return 0
    try:
        data = fh.read()
    except (OSError, EOFError):
        return 0
    finally:
        if owned:
            fh.close()
    return sum(1 for m in _TOKENS.finditer(data) if m.group(1) is not None and _WS.search(m.group(1)))


def read_nif_lenient(source: str | os.PathLike[str] | IO[bytes] | bytes, *, syntax: str = "turtle",
                     name: str | None = None, strict: bool = False) -> Corpus:
    """Read NIF whose IRIs may hold spaces or line breaks: :func:`repair_iris`, then
    :func:`bengal.io.nif.read_nif` on the repaired text.

    Args:
        source: a path (gzip recognised), a binary stream or the bytes.
        syntax: ``"turtle"`` or ``"ntriples"``.
        name: the corpus name (default: the file name without extensions).
        strict: turn every warning, ``repaired_iri`` too, into an :class:`~bengal.errors.InputError`.

    Returns:
        the corpus of :func:`read_nif`, its warnings preceded by one ``repaired_iri`` per repaired
        IRI; ``metadata["repaired_iris"]`` is their number.

    Raises:
        InputError: as :func:`read_nif` (file, line and column, unchanged by the repair).
    """
    src = source_name(source, name)
    fh, owned = open_binary(source)
    try:
        try:
            data = fh.read()
        except (OSError, EOFError) as err:
            raise InputError(f"cannot read the file: {err}", source=src) from None
    finally:
        if owned:
            fh.close()
    fixed, repairs = repair_iris(data, syntax)
    log = FlawLog(src, strict)
    for line, before, after in repairs:
        shown = before.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t")
        log.add("repaired_iri", f"{src}:{line}", f"line {line}: the IRI <{shown}> holds white space; read as "
                f"<{after}>", line=line)
    stream = io.BytesIO(fixed)
    stream.name = src  # messages name the file, not a stream
    corpus = read_nif(stream, syntax=syntax, name=name, strict=strict)
    warnings: tuple[CorpusWarning, ...] = (*log.warnings, *corpus.warnings)
    return replace(corpus, warnings=warnings, metadata={**corpus.metadata, "repaired_iris": len(repairs)})
