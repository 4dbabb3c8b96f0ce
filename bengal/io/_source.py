"""What every corpus reader shares: naming and opening a source, the default corpus name, and
the warnings of real corpora's flaws (:class:`FlawLog`; the codes in :data:`WARNING_CODES` are
explained in ``docs/formats/nif.md`` and ``docs/formats/jsonl.md``)."""

from __future__ import annotations

import gzip
import io
import os
from pathlib import Path
from typing import IO, Any, Iterable, Iterator, cast

from bengal.errors import InputError
from bengal.model import CorpusWarning, Mention

__all__ = ["WARNING_CODES", "NotStreamable", "FlawLog", "check_duplicates", "source_name", "open_binary",
           "text_lines", "file_stem", "BOM", "skip_bom"]

#: Stable warning codes of the corpus readers (``docs/formats/nif.md``).
WARNING_CODES = (
    "anchor_mismatch",
    "missing_context",
    "duplicate_mention",
    "conflicting_values",
    "iri_offset_mismatch",
    "relative_iri",
    "empty_iri",
    "malformed_uri",
    "unplaced_annotation",
    "document_uri_clash",
    # AIDA/CoNLL-YAGO TSV (docs/formats/aida.md)
    "empty_document",
    "mention_text_mismatch",
    "missing_url",
    "orphan_inside",
    # ELEVANT benchmark JSONL (docs/formats/elevant.md)
    "no_mapping",
    "outside_evaluation_span",
    # Wikipedia-datasets XML and IITB (docs/formats/wikipedia-xml.md)
    "nested_same_entity",
    "stray_file",
    "unknown_element",
    "duplicate_annotation",
    "conflicting_annotation",
    "word_boundary",
    # Microposts 2014 (docs/formats/microposts2014.md)
    "mention_not_found",
    "hashtag_mention",
    "duplicate_document",
    # lenient NIF (docs/formats/nif-lenient.md)
    "repaired_iri",
    # NIF Turtle / N-Triples starting with U+FEFF (docs/formats/nif.md)
    "byte_order_mark",
)


class NotStreamable(Exception):
    """A stream reader (:func:`bengal.io.formats.stream_corpus`) cannot hand on the documents one by one
    as the whole reading would give them (the file's layout, a flaw, an error): read the file whole
    instead, and drop what the stream handed on."""


class FlawLog:
    """Collects :class:`CorpusWarning` s; in strict mode the first one is raised.

    Args:
        source: the file name used in messages.
        strict: raise an :class:`InputError` instead of recording a warning.
    """

    def __init__(self, source: str, strict: bool) -> None:
        self.source = source
        self.strict = strict
        self.warnings: list[CorpusWarning] = []

    def add(self, code: str, where: str, message: str, line: int | None = None) -> None:
        if self.strict:
            # drop the "; what the lenient reader does" tail: under --strict it does not
            head = message.rsplit("; ", 1)[0]
            raise InputError(f"{head} ({code}: an error under strict mode)", source=self.source, line=line)
        self.warnings.append(CorpusWarning(code, where, message))


def check_duplicates(doc_uri: str, entries: Iterable[tuple[Mention, str]], log: FlawLog) -> None:
    """Warn ``duplicate_mention`` for each extra mention with the same span and URIs.

    Args:
        doc_uri: the document, for the message.
        entries: ``(mention, where)`` pairs of one document, in reading order.
        log: where the warnings go.
    """
    first: dict[tuple, str] = {}
    for m, where in entries:
        key = (m.begin, m.end, m.uris)
        if key in first:
            log.add(
                "duplicate_mention",
                where,
                f"document {doc_uri}: {where} duplicates {first[key]} (mention [{m.begin},{m.end}) "
                f"{m.surface!r}, same span and URIs); both are kept",
            )
        else:
            first[key] = where


def source_name(source: Any, name: str | None = None) -> str:
    """How a source is named in messages: its path, or the stream's ``name``."""
    if isinstance(source, (str, os.PathLike)):
        return os.fspath(source)
    return str(getattr(source, "name", None) or name or "<stream>")


def open_binary(source: Any) -> tuple[IO[bytes], bool]:
    """``(binary stream, owned)``: a path is opened (gunzipped when it starts with the
    gzip magic bytes); bytes are wrapped; a stream is used as it is."""
    if isinstance(source, (bytes, bytearray)):
        return io.BytesIO(source), True
    if isinstance(source, (str, os.PathLike)):
        try:
            fh = open(source, "rb")
        except OSError as err:
            raise InputError(f"cannot read the file: {err.strerror or err}", source=os.fspath(source)) from None
        if fh.peek(2)[:2] == b"\x1f\x8b":
            fh.close()
            return cast(IO[bytes], gzip.open(source, "rb")), True  # a GzipFile is a binary stream
        return fh, True
    return source, False


#: The UTF-8 byte-order mark (U+FEFF), which Windows editors put first in a file.
BOM = b"\xef\xbb\xbf"


def skip_bom(fh: IO[bytes]) -> bool:
    """Skip a UTF-8 byte-order mark at the start of a seekable binary stream; whether there was one
    (a stream that cannot seek is left as it is: False)."""
    if not fh.seekable():
        return False
    start = fh.tell()
    if fh.read(3) == BOM:
        return True
    fh.seek(start)
    return False


def text_lines(fh: Iterable[bytes], src: str) -> Iterator[tuple[int, bytes, str]]:
    """``(line number from 1, raw bytes, line)`` of a binary line stream, the line decoded as UTF-8
    without its line end (``\\n`` or ``\\r\\n``) and, on line 1, without a byte-order mark.

    Raises:
        InputError: a line that is not UTF-8, naming ``src``, the line and the byte.
    """
    for lineno, raw in enumerate(fh, 1):
        try:
            line = raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as err:
            raise InputError(f"not UTF-8 text ({err.reason} at byte {err.start})", source=src,
                             line=lineno) from None
        yield lineno, raw, line.lstrip("\ufeff") if lineno == 1 else line


def file_stem(src: str) -> str:
    """The default corpus name: the file name without ``.gz`` and its extension."""
    base = Path(src).name
    if base.endswith(".gz"):
        base = base[:-3]
    stem = base.rsplit(".", 1)[0] if "." in base else base
    return stem or base
