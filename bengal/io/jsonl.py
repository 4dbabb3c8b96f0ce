"""JSONL corpora: one document per line, read and written with :mod:`jsonlines`.

Each line is one JSON object ``{"uri": …, "text": …, "mentions": [{"begin": …, "end": …,
"surface": …, "uris": […], "type": …, "score": …}]}``; offsets are Unicode code points, half-open
(Python ``str`` slicing). Reading checks every field (hard errors name the file and line) and
warns ``anchor_mismatch`` and ``duplicate_mention`` (:class:`~bengal.io._source.FlawLog`);
writing is deterministic (the same corpus gives the same bytes).

Required and optional fields, every error and warning, the written layout:
``docs/formats/jsonl.md``.
"""

from __future__ import annotations

import json
import math
import os
import re
from typing import IO, Any, Callable, Iterator

import jsonlines

from bengal.errors import InputError
from bengal.io._source import (
    FlawLog,
    NotStreamable,
    check_duplicates,
    file_stem,
    open_binary,
    source_name,
)
from bengal.model import Corpus, Document, Mention
from bengal.perf import gc_paused

__all__ = ["read_jsonl", "stream_jsonl", "write_jsonl"]


def read_jsonl(
    source: str | os.PathLike[str] | IO[bytes] | bytes,
    *,
    name: str | None = None,
    strict: bool = False,
) -> Corpus:
    """Read a JSONL corpus.

    Args:
        source: a path (gzip recognised by its magic bytes), a binary stream,
            or the bytes of the file.
        name: the corpus name (default: the file name without extensions).
        strict: turn every warning into an :class:`InputError`.

    Returns:
        the corpus; ``corpus.metadata`` has ``source`` and ``format``.

    Raises:
        InputError: naming the file and line, see ``docs/formats/jsonl.md``.
    """
    documents: list[Document] = []
    header = _read(source, documents.append, name, strict)
    return Corpus(tuple(documents), header.name, header.metadata, header.warnings)


def stream_jsonl(source: str | os.PathLike[str], on_document: Callable[[Document], None], *,
                 name: str | None = None, strict: bool = False) -> Corpus:
    """Read a JSONL corpus as :func:`read_jsonl` does, handing each document (one a line) to ``on_document``
    as soon as its line is read and keeping none (memory holds one line and the URIs seen, which must be
    unique).

    Returns:
        the corpus without its documents: name, metadata and warnings equal to :func:`read_jsonl`'s.

    Raises:
        NotStreamable: any error of the file (:func:`read_jsonl` names it; the documents handed on so far
            are to be dropped).
    """
    try:
        return _read(source, on_document, name, strict)
    except InputError:
        raise NotStreamable from None


def _read(source: str | os.PathLike[str] | IO[bytes] | bytes, on_document: Callable[[Document], None],
          name: str | None, strict: bool) -> Corpus:
    """:func:`read_jsonl`'s reading: each document to ``on_document``; the corpus without documents."""
    src = source_name(source, name)
    log = FlawLog(src, strict)
    fh, owned = open_binary(source)
    lineno = 0

    def lines() -> Iterator[bytes]:
        nonlocal lineno
        try:
            for raw in fh:
                lineno += 1
                yield raw
        except EOFError as err:  # a truncated gzip stream
            raise OSError(f"{err} (after line {lineno})") from None

    seen: dict[str, int] = {}
    with gc_paused():
        try:
            reader = jsonlines.Reader(lines())
            while True:
                try:
                    rec = reader.read(type=dict, skip_empty=True)
                except EOFError:
                    break
                except RecursionError:  # arrays or objects nested thousands deep
                    raise InputError("invalid JSON: nested too deep", source=src, line=lineno) from None
                except jsonlines.InvalidLineError as err:
                    cause = err.__cause__
                    column = None
                    if isinstance(cause, json.JSONDecodeError):
                        column = cause.pos + 1
                        # "Unterminated string starting at", "Invalid control character at": json names the place
                        # in str(), not in msg
                        at = f" column {column}" if cause.msg.endswith(" at") else ""
                        detail = f"invalid JSON: {cause.msg}{at}"
                        if err.lineno == 1 and err.line.strip() in ("{", "["):
                            detail += (" (an indented JSON file, e.g. a bengal score --json result, not JSON Lines "
                                       "with one document per line)")
                    elif str(err).startswith("line does not match requested type"):
                        detail = "the line is not a JSON object"
                    else:
                        detail = _shown(str(err).split(" (line ")[0])
                    raise InputError(detail, source=src, line=err.lineno, column=column) from None
                doc = _document(rec, src, lineno, log)
                if doc.uri in seen:
                    raise InputError(f"document URI {_shown(doc.uri)} already used on line {seen[doc.uri]}",
                                     source=src, line=lineno)
                seen[doc.uri] = lineno
                on_document(doc)
        except OSError as err:
            raise InputError(f"cannot read the file: {err}", source=src) from None
        finally:
            if owned:
                fh.close()
    metadata = {"source": src, "format": "jsonl"}
    return Corpus((), name if name is not None else file_stem(src), metadata, tuple(log.warnings))


_SHOWN = 120


def _shown(value: str) -> str:
    """``value`` for a one-line message: non-printable characters escaped, at most 120 characters
    kept (then how long it was)."""
    if not value.isprintable():
        value = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in value)
    if len(value) > _SHOWN:
        return f"{value[:_SHOWN]}... ({len(value)} characters)"
    return value


#: A UTF-16 surrogate code point: JSON's ``\\ud800`` escapes decode to one when unpaired, and no
#: UTF-8 writer can write it.
_SURROGATE = re.compile("[\ud800-\udfff]")


def _no_surrogate(value: str, what: str, src: str, line: int) -> None:
    m = _SURROGATE.search(value)
    if m:
        raise InputError(f"{what} holds a lone surrogate U+{ord(m.group()):04X} at offset {m.start()} (a \\u escape "
                         "of half a UTF-16 pair; no Unicode text can hold it)", source=src, line=line)


def _field(rec: dict, key: str, kind: type | tuple, what: str, src: str, line: int) -> Any:
    if key not in rec:
        raise InputError(f"{what}: missing field {key!r}", source=src, line=line)
    value = rec[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InputError(f"{what}: field {key!r} is {type(value).__name__}, not {_kind_name(kind)}", source=src,
                         line=line)
    return value


def _kind_name(kind: type | tuple) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return kind.__name__


def _document(rec: dict, src: str, line: int, log: FlawLog) -> Document:
    uri = _field(rec, "uri", str, "document", src, line)
    _no_surrogate(uri, "the document URI", src, line)
    name = _shown(uri)
    text = _field(rec, "text", str, f"document {name}", src, line)
    _no_surrogate(text, f"document {name}: the text", src, line)
    raw_mentions = _field(rec, "mentions", list, f"document {name}", src, line)
    entries: list[tuple[Mention, str]] = []
    for i, mrec in enumerate(raw_mentions):
        where = f"{name}#mentions[{i}]"
        what = f"document {name}, mention {i}"
        if not isinstance(mrec, dict):
            raise InputError(f"{what} is not a JSON object", source=src, line=line)
        begin = _field(mrec, "begin", int, what, src, line)
        end = _field(mrec, "end", int, what, src, line)
        if begin < 0 or begin >= end:
            raise InputError(f"{what}: span [{begin},{end}) is empty or negative", source=src, line=line)
        if end > len(text):
            raise InputError(f"{what}: span [{begin},{end}) lies outside the text ({len(text)} code points)",
                             source=src, line=line)
        if "uris" in mrec and mrec["uris"] is not None:
            uris = mrec["uris"]
            if not isinstance(uris, list) or not all(isinstance(u, str) for u in uris):
                raise InputError(f"{what}: field 'uris' must be a list of strings", source=src, line=line)
        elif mrec.get("uri") is not None:
            u = mrec["uri"]
            if isinstance(u, str):
                uris = [u]
            elif isinstance(u, list) and all(isinstance(x, str) for x in u):
                uris = u
            else:
                raise InputError(f"{what}: field 'uri' must be a string", source=src, line=line)
        else:
            uris = []
        for u in uris:
            _no_surrogate(u, f"{what}: a URI", src, line)
        mtype = mrec.get("type")
        if mtype is not None and not isinstance(mtype, str):
            raise InputError(f"{what}: field 'type' must be a string or null", source=src, line=line)
        if mtype is not None:
            _no_surrogate(mtype, f"{what}: the type", src, line)
        score = mrec.get("score")
        if score is not None:
            if isinstance(score, bool) or not isinstance(score, (int, float)):
                raise InputError(f"{what}: field 'score' must be a number or null", source=src, line=line)
            score = float(score)
            if not math.isfinite(score):  # json reads NaN and Infinity, which no JSON writer may write
                raise InputError(f"{what}: field 'score' is {score}, not a finite number", source=src, line=line)
        surface = text[begin:end]
        for key in ("surface", "anchor"):
            given = mrec.get(key)
            if given is None:
                continue
            if not isinstance(given, str):
                raise InputError(f"{what}: field {key!r} must be a string", source=src, line=line)
            if given != surface:
                log.add(
                    "anchor_mismatch",
                    where,
                    f"{src}:{line}: {what}: {key} {_shown(repr(given))} differs from text[{begin}:{end}] "
                    f"{_shown(repr(surface))}; "
                    f"the offsets are kept",
                    line=line,
                )
            break
        entries.append((Mention(begin, end, surface, frozenset(uris), mtype, score), where))
    check_duplicates(uri, entries, log)
    return Document(uri, text, tuple(m for m, _ in entries))


def _json_score(x: float | None) -> float | str | None:
    if x is None or math.isfinite(x):
        return x
    raise ValueError(f"score {x!r} cannot be written as JSON")


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def write_jsonl(corpus: Corpus, fh: IO[str]) -> None:
    """Write ``corpus`` as JSONL to the text stream ``fh`` (``docs/formats/jsonl.md``).

    Raises:
        ValueError: a score that is NaN or infinite (JSON has no such numbers).
    """
    writer = jsonlines.Writer(fh, dumps=_dumps)
    for doc in corpus.documents:
        writer.write(
            {
                "uri": doc.uri,
                "text": doc.text,
                "mentions": [
                    {
                        "begin": m.begin,
                        "end": m.end,
                        "surface": m.surface,
                        "uris": sorted(m.uris),
                        "type": m.type,
                        "score": _json_score(m.score),
                    }
                    for m in doc.mentions
                ],
            }
        )
