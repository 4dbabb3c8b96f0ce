"""ELEVANT's benchmark JSONL (``*.benchmark.jsonl``): one article per line, linked to Wikidata.

Each line is ``{"id": int, "title": str, "text": str, "evaluation_span": [b, e], "labels": [{"id",
"span": [b, e], "entity_id": "Q…" | "<NIL>" | "<NO_MAPPING>", "name", "type": "Q…|Q…", "parent"?,
"children"?}]}``; spans are half-open code-point offsets. A QID becomes
``http://www.wikidata.org/entity/Q…``; ``<NIL>`` is NIL; ``<NO_MAPPING>`` (a gold entity ELEVANT
could not map to Wikidata) is NIL too, counted ``no_mapping``. The document URI is the title without
its ``#char=…`` part when the title is an IRI, else ``urn:elevant:<file stem>:<id>``. Labels are kept
whole (nested labels, ``parent``/``children``, too); a title that repeats an earlier one's URI
is counted ``document_uri_clash`` and the article gets the ``urn:elevant:`` URI; a label outside
``evaluation_span`` is kept and counted ``outside_evaluation_span``. Errors and warnings: ``docs/formats/elevant.md``.
"""

from __future__ import annotations

import json
import os
from typing import IO, Any

from bengal.errors import InputError
from bengal.io._source import FlawLog, file_stem, open_binary, source_name
from bengal.io.nif.iris import document_uri
from bengal.model import Corpus, Document, Mention

__all__ = ["WIKIDATA_ENTITY", "read_elevant", "looks_like_elevant"]

WIKIDATA_ENTITY = "http://www.wikidata.org/entity/"
_NIL = ("<NIL>", "<NO_MAPPING>")


def looks_like_elevant(first: bytes, chunk: bytes) -> bool:
    """Whether the first line is an ELEVANT benchmark article (a JSON object with ``labels`` and
    ``evaluation_span``)."""
    return first.startswith(b"{") and b'"evaluation_span"' in first and b'"labels"' in first


def _span(value: Any, what: str, src: str, line: int) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2 or not all(type(v) is int for v in value)
            or not 0 <= value[0] <= value[1]):
        raise InputError(f"{what} must be [begin, end] with 0 <= begin <= end, got {value!r}", source=src, line=line)
    return value[0], value[1]


def read_elevant(source: str | os.PathLike[str] | IO[bytes] | bytes, *, name: str | None = None,
                 strict: bool = False) -> Corpus:
    """Read an ELEVANT benchmark JSONL file (module docstring).

    Args:
        source: a path (gzip recognised by its magic bytes), a binary stream or the bytes.
        name: the corpus name (default: the file name without extensions).
        strict: turn every warning into an :class:`InputError`.

    Returns:
        the corpus; ``metadata`` has ``source`` and ``format`` (``"elevant"``).

    Raises:
        InputError: naming the file and line: a line that is not a JSON object, a missing or mistyped
            ``text``/``labels``/``span``/``entity_id``, a span outside the text or empty, an
            ``entity_id`` that is neither a QID nor ``<NIL>``/``<NO_MAPPING>``, two articles with
            one ``urn:elevant:`` URI, a truncated gzip stream.
    """
    src = source_name(source, name)
    stem = name or file_stem(src)
    log = FlawLog(src, strict)
    fh, owned = open_binary(source)
    documents: list[Document] = []
    seen: dict[str, int] = {}
    lineno = 0
    try:
        for raw in fh:
            lineno += 1
            if not raw.strip():
                continue
            try:
                rec = json.loads(raw)
            except (json.JSONDecodeError, UnicodeDecodeError) as err:
                raise InputError(f"not a JSON object ({err})", source=src, line=lineno) from None
            except RecursionError:  # arrays or objects nested thousands deep
                raise InputError("invalid JSON: nested too deep", source=src, line=lineno) from None
            except ValueError as err:  # an integer of over 4,300 digits
                raise InputError(f"not a JSON object ({err})", source=src, line=lineno) from None
            if not isinstance(rec, dict):
                raise InputError("not a JSON object", source=src, line=lineno)
            text, labels = rec.get("text"), rec.get("labels")
            if not isinstance(text, str):
                raise InputError("missing or non-string field 'text' (an ELEVANT article)", source=src, line=lineno)
            if not isinstance(labels, list):
                raise InputError("missing or non-list field 'labels' (an ELEVANT article)", source=src, line=lineno)
            title = rec.get("title")
            uri = (document_uri(title) if isinstance(title, str) and title.startswith(("http://", "https://"))
                   else f"urn:elevant:{stem}:{rec.get('id', lineno)}")
            if uri in seen:
                fallback = f"urn:elevant:{stem}:{rec.get('id', lineno)}"
                log.add("document_uri_clash", uri, f"line {lineno}: the title gives the URI {uri} of line "
                        f"{seen[uri]}; this article is read as {fallback}", line=lineno)
                uri = fallback
                if uri in seen:
                    raise InputError(f"document URI {uri} already used on line {seen[uri]}", source=src, line=lineno)
            seen[uri] = lineno
            ev = _span(rec["evaluation_span"], "evaluation_span", src, lineno) if "evaluation_span" in rec else None
            mentions = []
            for k, lab in enumerate(labels):
                if not isinstance(lab, dict):
                    raise InputError(f"label {k} is not an object", source=src, line=lineno)
                b, e = _span(lab.get("span"), f"label {k}: span", src, lineno)
                if e == b or e > len(text):
                    raise InputError(f"label {k}: span [{b},{e}) is empty or ends after the text "
                                     f"({len(text)} code points)", source=src, line=lineno)
                qid = lab.get("entity_id")
                if not isinstance(qid, str) or not (qid in _NIL or (qid[:1] == "Q" and qid[1:].isdigit())):
                    raise InputError(f"label {k}: entity_id {qid!r} is neither a Wikidata QID nor <NIL>/<NO_MAPPING>",
                                     source=src, line=lineno)
                if qid == "<NO_MAPPING>":
                    log.add("no_mapping", f"{uri} label {k}", f"line {lineno}: label {k} {text[b:e]!r} has "
                            "entity_id <NO_MAPPING>; read as NIL", line=lineno)
                if ev is not None and not (ev[0] <= b and e <= ev[1]):
                    log.add("outside_evaluation_span", f"{uri} label {k}", f"line {lineno}: label {k} [{b},{e}) "
                            f"lies outside evaluation_span [{ev[0]},{ev[1]}); it is kept", line=lineno)
                uris = frozenset() if qid in _NIL else frozenset([WIKIDATA_ENTITY + qid])
                mentions.append(Mention(b, e, text[b:e], uris))
            documents.append(Document(uri, text, tuple(mentions)))
    except (EOFError, OSError) as err:
        raise InputError(f"truncated or unreadable ({err})", source=src, line=lineno) from None
    finally:
        if owned:
            fh.close()
    return Corpus(tuple(documents), name=stem, metadata={"source": src, "format": "elevant"},
                  warnings=tuple(log.warnings))
