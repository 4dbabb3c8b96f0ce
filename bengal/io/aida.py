"""AIDA/CoNLL-YAGO TSV (the ``AIDA-YAGO2-dataset.tsv`` layout): CoNLL-2003 tokens with entity links.

One token per line; a blank line ends a sentence; ``-DOCSTART- (id)`` starts a document. A token of a
mention carries tab-separated columns: ``token, B|I, full mention, YAGO2 name | --NME--`` and, for a
linked mention, ``Wikipedia URL, Wikipedia page id, Freebase mid`` (the page id is missing in
GERBIL's ``AIDA_example.tsv``). ``--NME--`` is NIL. The text of a document is its tokens joined by one
space, its sentences by ``\\n``; the URI is ``urn:aida:`` + the percent-encoded document id; URLs map
to DBpedia by :func:`bengal.io.wikititles.wikipedia_to_dbpedia`. The split (``train``, ``testa``,
``testb``) is read from the id (``947testa CRICKET``; ids without one are ``train``).

Errors, warnings and the exact mapping: ``docs/formats/aida.md``.
"""

from __future__ import annotations

import os
import re
from typing import IO
from urllib.parse import quote

from bengal.errors import InputError
from bengal.io._source import FlawLog, file_stem, open_binary, source_name, text_lines
from bengal.io.wikititles import wikipedia_to_dbpedia
from bengal.model import Corpus, Document, Mention

__all__ = ["AIDA_SPLITS", "AIDA_DOC_PREFIX", "read_aida", "looks_like_aida", "looks_like_pair_list"]

#: The splits of AIDA/CoNLL-YAGO, in file order.
AIDA_SPLITS = ("train", "testa", "testb")
#: Document URIs are this prefix + the percent-encoded ``-DOCSTART-`` id.
AIDA_DOC_PREFIX = "urn:aida:"
_DOCSTART = re.compile(r"^-DOCSTART-\s*(?:\((.*)\))?\s*$")
_SPLIT = re.compile(r"^\d+(testa|testb)\b")
_YAGO_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")
#: A UTF-16 surrogate code point.
_SURROGATE = re.compile("[\ud800-\udfff]")


def _unescape_yago(name: str, src: str, line: int) -> str:
    """A YAGO2 name's ``\\uXXXX`` escapes decoded; they are UTF-16 code units (Java's), so a pair of
    surrogate escapes is one character beyond U+FFFF.

    Raises:
        InputError: an unpaired surrogate escape (no UTF-8 text can hold it), naming file and line.
    """
    decoded = _YAGO_ESCAPE.sub(lambda mm: chr(int(mm.group(1), 16)), name)
    if _SURROGATE.search(decoded):
        try:
            decoded = decoded.encode("utf-16-le", "surrogatepass").decode("utf-16-le")
        except UnicodeDecodeError:
            raise InputError(f"the YAGO2 name {name!r} has an unpaired UTF-16 surrogate escape", source=src,
                             line=line) from None
    return decoded


def looks_like_aida(first: bytes, chunk: bytes) -> bool:
    """Whether a file starts like AIDA-YAGO2 TSV: a ``-DOCSTART- (id)`` line and, among the first
    lines, a tab-separated token line whose second column is ``B`` or ``I``."""
    if not first.startswith(b"-DOCSTART- ("):
        return False
    for line in chunk.splitlines()[1:400]:
        cols = line.split(b"\t")
        if len(cols) >= 4 and cols[1] in (b"B", b"I"):
            return True
    return False


def looks_like_pair_list(first: bytes, chunk: bytes) -> bool:
    """Whether a file is a ``surface<TAB>Wikipedia URL | NIL`` pair list (the DBpedia Spotlight
    evaluation-datasets' AIDA export): no text, no offsets, so not a corpus."""
    lines = [ln for ln in chunk.splitlines()[:-1] if ln.strip()][:50]
    return bool(lines) and all(
        len(c := ln.rstrip(b"\r").split(b"\t")) == 2 and (c[1] == b"NIL" or c[1].startswith(b"http")) for ln in lines)


def _split_of(doc_id: str) -> str:
    m = _SPLIT.match(doc_id)
    return m.group(1) if m else "train"


def read_aida(source: str | os.PathLike[str] | IO[bytes] | bytes, *, split: str | None = None,
              name: str | None = None, strict: bool = False) -> Corpus:
    """Read an AIDA-YAGO2 TSV file (module docstring).

    Args:
        source: a path (gzip recognised by its magic bytes), a binary stream or the bytes.
        split: keep only the documents of this split (:data:`AIDA_SPLITS`); None = all.
        name: the corpus name (default: the file name without extensions).
        strict: turn every warning into an :class:`InputError`.

    Returns:
        the corpus (offsets: half-open code points); ``metadata`` has ``source``, ``format``
        (``"aida"``) and ``split``.

    Raises:
        InputError: naming the file and line: no ``-DOCSTART-`` before the first token, a
            ``-DOCSTART-`` without an id, a line of 2 or 3 columns, a second column other than
            ``B``/``I``, a repeated document id, an unknown split, a split none of the file's documents
            belongs to, a surface-URL pair list, a truncated gzip stream, text that is not UTF-8.
    """
    src = source_name(source, name)
    if split is not None and split not in AIDA_SPLITS:
        raise InputError(f"unknown AIDA split {split!r} (expected one of {', '.join(AIDA_SPLITS)})", source=src)
    log = FlawLog(src, strict)
    fh, owned = open_binary(source)
    documents: list[Document] = []
    seen: dict[str, int] = {}
    doc_id: str | None = None
    doc_line = 0
    sentences: list[list[str]] = []
    tokens: list[str] = []
    # per document: (sentence index, first token, last token + 1, URI or None, full mention, line)
    spans: list[list] = []
    open_span: list | None = None

    def close_sentence() -> None:
        nonlocal tokens, open_span
        if tokens:
            sentences.append(tokens)
            tokens = []
        open_span = None

    def close_document() -> None:
        nonlocal sentences, spans
        close_sentence()
        if doc_id is None:
            return
        if not sentences:
            log.add("empty_document", doc_id, f"document {doc_id!r} (line {doc_line}) has no token; it is kept, "
                    "empty", line=doc_line)
        starts: list[list[int]] = []
        pos = 0
        for sent in sentences:
            offs = []
            for tok in sent:
                offs.append(pos)
                pos += len(tok) + 1
            starts.append(offs)
        text = "\n".join(" ".join(s) for s in sentences)
        uri = AIDA_DOC_PREFIX + quote(doc_id, safe="")
        mentions = []
        for si, t0, t1, target, full, line in spans:
            begin = starts[si][t0]
            end = starts[si][t1 - 1] + len(sentences[si][t1 - 1])
            surface = text[begin:end]
            if full != surface:
                log.add("mention_text_mismatch", f"{src}:{line}",
                        f"line {line}: the mention column says {full!r} but its tokens read {surface!r}; the "
                        "tokens are kept", line=line)
            mentions.append(Mention(begin, end, surface, frozenset([target]) if target else frozenset()))
        if split is None or _split_of(doc_id) == split:
            documents.append(Document(uri, text, tuple(mentions)))
        sentences = []
        spans = []

    lineno = 0
    try:
        for lineno, raw, line in text_lines(fh, src):
            if line.startswith("-DOCSTART-"):
                close_document()
                m = _DOCSTART.match(line)
                if m is None or not (m.group(1) or "").strip():
                    raise InputError("a -DOCSTART- line without a document id in parentheses", source=src, line=lineno)
                doc_id, doc_line = m.group(1).strip(), lineno
                if doc_id in seen:
                    raise InputError(f"document id {doc_id!r} already started on line {seen[doc_id]}", source=src,
                                     line=lineno)
                seen[doc_id] = lineno
                continue
            if not line.strip():
                close_sentence()
                continue
            if doc_id is None:
                if looks_like_pair_list(raw, raw + b"\n"):
                    raise InputError("this is a surface<TAB>URL pair list (DBpedia Spotlight's AIDA export), not "
                                     "AIDA-YAGO2 TSV: it has no text and no offsets, so it cannot be scored",
                                     source=src, line=lineno)
                raise InputError("a token before the first -DOCSTART- line (AIDA-YAGO2 TSV starts each document "
                                 "with one)", source=src, line=lineno)
            cols = line.split("\t")
            if len(cols) in (2, 3):
                raise InputError(f"{len(cols)} columns; an AIDA-YAGO2 line has 1 (token) or 4 and more (token, B|I, "
                                 "mention, YAGO2 name | --NME--, URL, ids)", source=src, line=lineno)
            tokens.append(cols[0])
            if len(cols) == 1:
                open_span = None
                continue
            bio, full, yago = cols[1], cols[2], cols[3]
            if bio not in ("B", "I"):
                raise InputError(f"second column {bio!r}; expected B or I", source=src, line=lineno)
            if yago == "--NME--":
                target = None
            else:
                url = cols[4] if len(cols) > 4 and cols[4] else None
                if url is None:
                    log.add("missing_url", f"{src}:{lineno}", f"line {lineno}: YAGO2 name {yago!r} without a "
                            "Wikipedia URL; the name is mapped instead", line=lineno)
                    url = _unescape_yago(yago, src, lineno)
                target = wikipedia_to_dbpedia(url)
                if target is None:
                    raise InputError(f"{url!r} is neither an English Wikipedia URL nor a title", source=src,
                                     line=lineno)
            if bio == "I" and open_span is not None and open_span[3] == target and open_span[4] == full:
                open_span[2] += 1
                continue
            if bio == "I":
                log.add("orphan_inside", f"{src}:{lineno}", f"line {lineno}: an I token that continues no "
                        "mention of the same entity; it starts a mention", line=lineno)
            open_span = [len(sentences), len(tokens) - 1, len(tokens), target, full, lineno]
            spans.append(open_span)
        close_document()
    except (EOFError, OSError) as err:
        raise InputError(f"truncated or unreadable ({err})", source=src, line=lineno) from None
    finally:
        if owned:
            fh.close()
    if split is not None and seen and not documents:
        found = sorted({_split_of(d) for d in seen}, key=AIDA_SPLITS.index)
        raise InputError(f"no document of split {split!r}: the file's {len(seen)} documents are of split "
                         f"{', '.join(found)} (ids with testa/testb after the number, e.g. '947testa CRICKET', "
                         "are test documents, the others train)", source=src)
    return Corpus(tuple(documents), name=name or file_stem(src),
                  metadata={"source": src, "format": "aida", "split": split or "all"}, warnings=tuple(log.warnings))
