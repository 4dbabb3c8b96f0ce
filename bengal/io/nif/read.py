"""Read NIF 2.0 (GERBIL layout) from Turtle or N-Triples into a :class:`~bengal.model.Corpus`.

The file is parsed once, as a stream, with :func:`pyoxigraph.parse`; only the properties NIF
corpora carry are kept, in one small record per subject (:func:`_parse_records`), and the
documents are built from those records afterwards: contexts here, phrases in
:mod:`bengal.io.nif.phrases`. What is read, every warning code and every hard error:
``docs/formats/nif.md`` ("Reading").
"""

from __future__ import annotations

import io
import os
import re
from array import array
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from typing import IO, Any, Callable
from urllib.parse import quote

import pyoxigraph as ox

from bengal.errors import InputError
from bengal.io._source import (
    FlawLog,
    NotStreamable,
    check_duplicates,
    file_stem,
    open_binary,
    skip_bom,
    source_name,
)
from bengal.io.nif.iris import document_uri
from bengal.io.nif.phrases import (
    _ANCHOR,
    _BEGIN,
    _CLASS,
    _CONF,
    _END,
    _IDENT,
    _IS_STRING,
    _REF,
    _SAME_AS,
    _TYPE,
    _name,
    add_phrase,
    values,
)
from bengal.model import Corpus, Document, Mention
from bengal.perf import gc_paused
from bengal.rdf import ITSRDF, NIF, OWL_SAME_AS, RDF_TYPE

__all__ = ["read_nif", "stream_nif", "NotStreamable"]

_SYNTAX_NAMES = {"turtle": "Turtle", "ntriples": "N-Triples"}
_RDF_FORMATS = {"turtle": ox.RdfFormat.TURTLE, "ntriples": ox.RdfFormat.N_TRIPLES}

# The kept properties, by the record slot they fill (bengal.io.nif.phrases).
_DISPATCH = {
    OWL_SAME_AS: _SAME_AS,
    NIF + "isString": _IS_STRING,
    NIF + "beginIndex": _BEGIN,
    NIF + "endIndex": _END,
    NIF + "anchorOf": _ANCHOR,
    NIF + "referenceContext": _REF,
    ITSRDF + "taIdentRef": _IDENT,
    ITSRDF + "taClassRef": _CLASS,
    ITSRDF + "taConfidence": _CONF,
    RDF_TYPE: _TYPE,
}
_NIF_CONTEXT = NIF + "Context"
_DISPATCH_NODES = {ox.NamedNode(k): v for k, v in _DISPATCH.items()}

#: Classes of an entity resource that are no entity type (OKE writes ``a owl:Individual , dul:Person``).
_NOT_ENTITY_TYPES = (NIF, "http://www.w3.org/2002/07/owl#")
#: ``rdf:type`` objects known at a glance: nif:Context (True) and the NIF classes every phrase
#: carries (False: neither a context nor an entity type). Any other class is looked at closely.
_CLASS_NODES = {ox.NamedNode(_NIF_CONTEXT): True, **{
    ox.NamedNode(NIF + c): False for c in ("String", "Phrase", "RFC5147String", "OffsetBasedString", "Word",
                                            "Sentence", "Paragraph", "Title", "CString", "CStringInst")}}


class _Restart(Exception):
    """Reading phrases in the stream (:class:`_InStream`) cannot give what reading them afterwards
    gives: read the file again, the plain way."""


class _InStream:
    """Phrases read while the file is parsed, their records dropped at once: a read then holds the
    mentions and the contexts' records, not every phrase's record (about 1 KB of parser terms a phrase,
    more than the mention it becomes).

    The records are read in the order their subjects first appear, as afterwards, as long as each is
    one of the two common kinds when its subject's run of triples ends: a context (one literal
    ``nif:isString``, no ``nif:referenceContext``: its text is kept, its record too) or a phrase
    placed in one context already read (not typed ``nif:Context``: read by
    :func:`~bengal.io.nif.phrases.add_phrase` and dropped). At the first record of another kind
    reading in the stream stops and the rest is read afterwards, in order. Reading afterwards would
    give other results when a subject's triples are not adjacent or when a phrase has a flaw that is
    an error (or, under ``strict``, any flaw: which error comes first depends on the order): then
    :class:`_Restart` is raised and the file is read again the plain way, so that corpus, warnings
    (their order too) and errors are always those of the plain reading. (Subjects are remembered by
    their hash, 8 bytes each, and a subject whose triples went on after its record was read in the stream
    is found at the end of the file, :class:`_SubjectHashes`; a collision only reads the file again.)

    ``emit`` (:func:`stream_nif`): each document is built and handed to ``emit`` once the next
    context has been read (the last one at the end of the file), and its text and mentions are
    dropped; any record of another kind, a phrase of an earlier document or a second context of one
    document URI raises :class:`_Restart`, since documents already handed on cannot take it.
    """

    def __init__(self, src: str, strict: bool, base: str | None, keep_nil_iris: bool,
                 emit: Callable[[Document], None] | None = None) -> None:
        self.active = True
        self.texts: dict[Any, str] = {}
        self.per_doc: dict[Any, list[tuple[Mention, str]]] = {}
        self.subjects = _SubjectHashes()
        self.read_any = False  # a phrase (or, with emit, a document) was read in the stream
        self.log = FlawLog(src, strict)
        self.nil_iris = 0
        self.uri_sets: dict[Any, frozenset[str]] = {}
        self.type_names: dict[str, str] = {}
        self._args = (src, base, keep_nil_iris)
        self.emit = emit
        self.duplicates = FlawLog(src, strict)  # emit: the duplicate_mention warnings, document by document
        self.documents = 0
        self.languages: set[str] = set()
        self._uris: dict[str, None] = {}
        self._open: dict[Any, str] = {}  # emit: context term -> document URI, not yet handed on

    def ended(self, key: Any, rec: list, records: dict[Any, list]) -> None:
        """The run of triples of subject ``key`` (record ``rec``, in ``records``) has ended."""
        strings, refs = rec[_IS_STRING], rec[_REF]
        if strings is not None:
            if refs is None and type(strings) is ox.Literal:
                if self.emit is not None:
                    self.flush(records)
                    uri = document_uri(_name(key))
                    if uri in self._uris:
                        raise _Restart  # a clash of document URIs, or one context read twice: as read whole
                    self._uris[uri] = None
                    self._open[key] = uri
                    if strings.language:
                        self.languages.add(strings.language)
                self.texts[key] = strings.value
                self.per_doc[key] = []
            elif self.emit is not None:
                raise _Restart
            else:
                self.active = False
            return
        if rec[_TYPE] or refs is None or type(refs) is list or refs not in self.texts:
            if self.emit is not None:
                raise _Restart
            self.active = False
            return
        src, base, keep_nil_iris = self._args
        try:
            self.nil_iris += add_phrase(key, rec, records, self.texts, self.per_doc, self.log, src, base,
                                        keep_nil_iris, self.uri_sets, self.type_names)
        except InputError:  # the plain reading raises its first error, which may be another
            raise _Restart from None
        del records[key]
        self.read_any = True

    def flush(self, records: dict[Any, list]) -> None:
        """``emit``: hand on the documents of the contexts read so far, in order, and forget them."""
        assert self.emit is not None
        for key, uri in self._open.items():
            entries = self.per_doc.pop(key)
            try:
                check_duplicates(uri, entries, self.duplicates)
            except InputError:  # strict: the plain reading raises its first error, which may be another
                raise _Restart from None
            doc = Document(uri, self.texts.pop(key), tuple(m for m, _ in entries))
            del records[key]
            self.read_any = True
            self.documents += 1
            self.emit(doc)
        self._open.clear()
        # the URI sets and types are shared within a document only: the documents are not kept, so
        # sharing across them would only make the tables grow with the corpus
        self.uri_sets.clear()
        self.type_names.clear()


class _SubjectHashes:
    """The hashes of the subjects whose records :func:`_parse_records` began, 8 bytes each (in 256 arrays by
    the hash's low byte), to tell at the end of the file whether a subject's triples went on after its
    record was read in the stream and dropped (it begins a second record: its hash comes twice; two
    subjects' equal hashes look the same, and only cost a second reading). Checked once, at the end,
    so that reading costs no set of every subject: what was read in the stream is dropped then."""

    def __init__(self) -> None:
        self.buckets = [array("q") for _ in range(256)]

    def add(self, h: int) -> None:
        self.buckets[h & 255].append(h)

    def repeated(self) -> bool:
        """Whether a hash was added twice."""
        return any(len(set(b)) != len(b) for b in self.buckets)


def _parse_records(fh: IO[bytes], fmt: Any, base_iri: str | None,
                   same_as: list[tuple[str, str]] | None = None,
                   entity_types: dict[str, list[str]] | None = None,
                   path: str | None = None, in_stream: _InStream | None = None) -> dict[Any, list]:
    """One streaming pass: ``{subject term: record}`` for the subjects of kept properties.

    ``path``: the plain (not gzipped) file ``fh`` reads, given to the parser to read itself
    (faster than through the Python stream; the same triples and errors), or None.
    ``in_stream``: read contexts and phrases while parsing (:class:`_InStream`; the records it
    reads are not returned); raises :class:`_Restart` when that cannot be kept up.

    A record slot holds ``None``, the one value (a pyoxigraph term) or, for a property given
    several times, the list of its values (:func:`bengal.io.nif.phrases.values`); slot ``_TYPE``
    says whether the subject is typed ``nif:Context``. Triples of one subject are usually
    adjacent in a file, so the record of the last subject is kept at hand. owl:sameAs links
    between IRIs are appended to ``same_as``; the ``rdf:type`` classes of other IRI subjects
    (OKE's ``oke:X a dul:Person``; NIF and OWL classes left out) to ``entity_types[subject]``.
    """
    records: dict[Any, list] = {}
    dispatch_get = _DISPATCH_NODES.get
    class_get = _CLASS_NODES.get
    kind_type = _TYPE
    named_node = ox.NamedNode
    list_type = list
    cur_subject: Any = None
    cur: list = []
    # Hot loop (about 8 triples per mention): predicates and classes are looked up as pyoxigraph
    # terms (no str made), records are keyed by the subject term, and a slot becomes a list only
    # when a property has a second value. A quad's terms become Python objects only when asked
    # for: the predicate first, the object and subject only of kept triples, the graph never
    # (unpacking all four costs a third of the parser's own time).
    quads = ox.parse(fh, format=fmt, base_iri=base_iri) if path is None else \
        ox.parse(path=path, format=fmt, base_iri=base_iri)
    for quad in quads:
        k = dispatch_get(quad.predicate)
        if k is None:
            continue
        o = quad.object
        if k >= kind_type:  # rdf:type or owl:sameAs
            if k == kind_type:
                is_context = class_get(o)
                if not is_context:
                    if (is_context is None and entity_types is not None and type(o) is named_node
                            and not o.value.startswith(_NOT_ENTITY_TYPES)
                            and type(subject := quad.subject) is named_node):
                        entity_types.setdefault(subject.value, []).append(o.value)
                    continue
                subject = quad.subject
            else:
                subject = quad.subject
                if same_as is not None and type(o) is named_node and type(subject) is named_node:
                    same_as.append((subject.value, o.value))
                continue
        else:
            subject = quad.subject
        if subject != cur_subject:
            if in_stream is not None and in_stream.active and cur_subject is not None:
                in_stream.ended(cur_subject, cur, records)
            found = records.get(subject)
            if found is None:
                if in_stream is not None:  # the triples of a subject read in the stream may go on here
                    in_stream.subjects.add(hash(subject))
                found = records[subject] = [None, None, None, None, None, None, None, None, False]
            elif in_stream is not None and (in_stream.texts or in_stream.read_any):
                raise _Restart  # a subject's triples are not adjacent: perhaps one read in the stream
            cur = found
            cur_subject = subject
        if k == kind_type:
            cur[kind_type] = True
            continue
        v = cur[k]
        if v is None:
            cur[k] = o
        elif type(v) is list_type:
            v.append(o)
        else:
            cur[k] = [v, o]
    if in_stream is not None and in_stream.emit is not None and cur_subject is not None:
        in_stream.ended(cur_subject, cur, records)
        in_stream.flush(records)
    if in_stream is not None and in_stream.subjects.repeated():
        raise _Restart  # the triples of a subject read in the stream went on later (or two hashes collide)
    return records


def _syntax_error(err: SyntaxError, src: str, syntax: str) -> InputError:
    msg = str(err.msg if getattr(err, "msg", None) else err)
    msg = re.sub(r"^Parser error at line \d+ between columns \d+ and \d+: ", "", msg)
    msg = re.sub(r"^Parser error at line \d+ column \d+: ", "", msg)
    msg = re.sub(r" \([^()]*, line \d+\)$", "", msg)
    return InputError(
        f"malformed {_SYNTAX_NAMES.get(syntax, syntax)}: {msg}",
        source=src,
        line=getattr(err, "lineno", None),
        column=getattr(err, "offset", None),
    )


def read_nif(
    source: str | os.PathLike[str] | IO[bytes] | bytes,
    *,
    syntax: str = "turtle",
    name: str | None = None,
    strict: bool = False,
    keep_nil_iris: bool = False,
) -> Corpus:
    """Read a NIF corpus (GERBIL layout) from Turtle or N-Triples.

    Args:
        source: a path (gzip is recognised by its magic bytes), a binary
            stream, or the bytes of the file.
        syntax: ``"turtle"`` or ``"ntriples"``.
        name: the corpus name (default: the file name without extensions).
        strict: turn every warning into an :class:`InputError`.
        keep_nil_iris: keep ``http://aksw.org/notInWiki/…`` IRIs as URIs
            instead of reading them as NIL.

    Returns:
        the corpus; flaws are in ``corpus.warnings`` (``docs/formats/nif.md`` lists
        the codes), ``corpus.metadata`` has ``source``, ``format``,
        ``languages``, ``nil_iris`` and ``contexts_without_text``.

    Raises:
        InputError: malformed input (file, line and column) or a hard flaw
            (file, phrase / context IRI, what is wrong); in strict mode any flaw.
    """
    if syntax not in _RDF_FORMATS:
        raise InputError(f"unknown NIF syntax {syntax!r} (expected 'turtle' or 'ntriples')")
    src = source_name(source, name)
    with gc_paused():
        if isinstance(source, (str, os.PathLike, bytes, bytearray)):  # can be read again
            try:
                return _read(source, src, syntax, name, strict, keep_nil_iris,
                             _InStream(src, strict, None, keep_nil_iris))
            except _Restart:
                pass
        return _read(source, src, syntax, name, strict, keep_nil_iris, None)


def stream_nif(
    source: str | os.PathLike[str],
    on_document: Callable[[Document], None],
    *,
    syntax: str = "turtle",
    name: str | None = None,
    strict: bool = False,
    keep_nil_iris: bool = False,
) -> Corpus:
    """Read a NIF file as :func:`read_nif` does, handing each document to ``on_document`` as soon as it
    is complete and keeping none: memory holds one document, the parser's terms of the current subject
    and, per subject read (a phrase, a context), an 8-byte hash (:class:`_SubjectHashes`), plus the URI
    sets and types shared by the mentions and the document URIs (which must be unique).

    This works for files whose contexts each come before their phrases, and whose phrases all come
    before the next context (what :func:`bengal.io.nif.write_nif` writes, one subject's triples
    together). A document is complete when the next context has been read, the last one at the end of
    the file. Anything else raises :class:`NotStreamable` (the caller reads the file whole with
    :func:`read_nif`, which gives the corpus, warnings and errors of every layout): a phrase before its
    context or after the next one, a subject whose triples are not adjacent, a record that is neither a
    context nor a phrase (a text-less ``nif:Context``, an unplaced annotation), two contexts of one
    document URI, a relative IRI, entity types on resources (OKE's ``oke:X a dul:Person``, which type
    mentions of any document), and every error or, under ``strict``, every flaw (the first one read
    whole may be another).

    Args:
        source: a path (gzip is recognised by its magic bytes).
        on_document: called with each :class:`~bengal.model.Document`, in file order (the order of
            :func:`read_nif`'s corpus), each one equal to the corpus's document.
        syntax, name, strict, keep_nil_iris: as :func:`read_nif`.

    Returns:
        the corpus without its documents: its name, metadata, warnings (in the same order) and
        owl:sameAs links, all equal to :func:`read_nif`'s.

    Raises:
        NotStreamable: see above; the documents handed on so far are to be dropped.
        InputError: an unknown ``syntax``.
    """
    if syntax not in _RDF_FORMATS:
        raise InputError(f"unknown NIF syntax {syntax!r} (expected 'turtle' or 'ntriples')")
    src = source_name(source, name)
    in_stream = _InStream(src, strict, None, keep_nil_iris, emit=on_document)
    log = FlawLog(src, strict)
    same_as: list[tuple[str, str]] = []
    entity_types: dict[str, list[str]] = {}
    try:
        with gc_paused():
            fh, owned = open_binary(source)
            try:
                path = os.fspath(source) if owned and type(fh) is io.BufferedReader else None
                if skip_bom(fh):  # as _read says
                    log.add("byte_order_mark", src, f"{src}: the file starts with a UTF-8 byte-order mark (U+FEFF); "
                                                    "skipped")
                    path = None
                records = _parse_records(fh, _RDF_FORMATS[syntax], None, same_as, entity_types, path, in_stream)
            finally:
                if owned:
                    fh.close()
    except (_Restart, InputError, SyntaxError, OSError, EOFError, MemoryError):
        raise NotStreamable from None
    if records or entity_types:
        raise NotStreamable
    metadata = {
        "source": src,
        "format": "nif" if syntax == "turtle" else "nt",
        "languages": sorted(in_stream.languages),
        "nil_iris": in_stream.nil_iris,
        "contexts_without_text": 0,
        "typed_by_entity": 0,
    }
    warnings = (*log.warnings, *in_stream.log.warnings, *in_stream.duplicates.warnings)
    return Corpus((), name if name is not None else file_stem(src), metadata, warnings, tuple(same_as))


def _read(source: str | os.PathLike[str] | IO[bytes] | bytes, src: str, syntax: str, name: str | None, strict: bool,
          keep_nil_iris: bool, in_stream: _InStream | None) -> Corpus:
    """:func:`read_nif` of ``source`` (named ``src``), phrases read in the stream by ``in_stream``
    when given (:class:`_Restart` when that cannot be kept up)."""
    fmt = _RDF_FORMATS[syntax]
    log = FlawLog(src, strict)
    base = None
    fh, owned = open_binary(source)
    # a plain file opened from its path is read by the parser itself (gzip and streams through fh)
    path = os.fspath(source) if owned and isinstance(source, (str, os.PathLike)) and \
        type(fh) is io.BufferedReader else None
    try:
        try:
            if skip_bom(fh):  # a Windows editor's U+FEFF: Turtle has no place for it, the parser refuses it
                log.add("byte_order_mark", src, f"{src}: the file starts with a UTF-8 byte-order mark (U+FEFF); "
                                                "skipped")
                path = None  # the parser reads past the mark through fh, not the file by its path
            same_as: list[tuple[str, str]] = []
            entity_types: dict[str, list[str]] = {}
            records = _parse_records(fh, fmt, None, same_as, entity_types, path, in_stream)
        except SyntaxError as first:
            if "IRI" not in str(first):
                raise _syntax_error(first, src, syntax) from None
            # Perhaps relative IRIs: read again against a neutral base.
            if owned and isinstance(source, (str, os.PathLike)):
                fh.close()
                fh, owned = open_binary(source)
                skip_bom(fh)
            elif fh.seekable():
                fh.seek(0)
                skip_bom(fh)
            else:
                raise _syntax_error(first, src, syntax) from None
            base = "file:///" + quote(Path(src).name or "stream")
            if in_stream is not None:
                in_stream = _InStream(src, strict, base, keep_nil_iris)
            try:
                same_as = []
                entity_types = {}
                records = _parse_records(fh, fmt, base, same_as, entity_types, path, in_stream)
            except SyntaxError as err:
                raise _syntax_error(err, src, syntax) from None
            log.add(
                "relative_iri",
                src,
                f"{src}: relative IRI at line {getattr(first, 'lineno', '?')} "
                f"({first.msg if getattr(first, 'msg', None) else first}); read against the base <{base}>",
            )
    except (OSError, EOFError) as err:
        raise InputError(f"cannot read the file: {err}", source=src) from None
    except MemoryError as err:  # pyoxigraph: "Reached the buffer maximal size of 16777216"
        raise InputError(f"a literal or IRI longer than the parser's 16 MiB limit ({err})", source=src) from None
    finally:
        if owned:
            fh.close()
    return _build_corpus(records, src, log, name, syntax, base, keep_nil_iris, tuple(same_as), entity_types,
                         in_stream)


def _build_corpus(
    records: dict[Any, list],
    src: str,
    log: FlawLog,
    name: str | None,
    syntax: str,
    base: str | None,
    keep_nil_iris: bool,
    same_as: tuple[tuple[str, str], ...] = (),
    entity_types: dict[str, list[str]] | None = None,
    in_stream: _InStream | None = None,
) -> Corpus:
    texts, doc_of_ctx, languages = _contexts(records, src, log)
    if in_stream is None:
        in_stream = _InStream(src, log.strict, base, keep_nil_iris)  # nothing read in the stream
    # the phrases read in the stream come first in the file's order: their mentions and warnings too
    streamed = in_stream.per_doc
    per_doc: dict[Any, list[tuple[Mention, str]]] = {key: streamed.get(key, []) for key in texts}
    log.warnings.extend(in_stream.log.warnings)
    nil_iris = in_stream.nil_iris
    uri_sets, type_names = in_stream.uri_sets, in_stream.type_names
    # Each record that is neither a context nor typed nif:Context is dropped once read (a phrase
    # placed in it reads it as "no context in the file" either way), so that the memory of the
    # parser's terms goes to the mentions instead of adding to it: the peak of a read is about
    # the records', not the records' plus the corpus'.
    for key in list(records):
        rec = records[key]
        nil_iris += add_phrase(key, rec, records, texts, per_doc, log, src, base, keep_nil_iris, uri_sets,
                               type_names)
        if not rec[_TYPE] and rec[_IS_STRING] is None:
            del records[key]

    documents = []
    typed_by_entity = 0
    for key, text in texts.items():
        entries = per_doc[key]
        check_duplicates(doc_of_ctx[key], entries, log)
        mentions = tuple(m for m, _ in entries)
        if entity_types:
            typed = tuple(_type_from_entity(m, entity_types) for m in mentions)
            typed_by_entity += sum(1 for a, b in zip(mentions, typed) if a is not b)
            mentions = typed
        documents.append(Document(doc_of_ctx[key], text, mentions))

    # a text-less context a phrase names is an error (phrases._contexts), so these are named by none
    textless = sum(1 for k, rec in records.items() if rec[_TYPE] and k not in texts)
    metadata = {
        "source": src,
        "format": "nif" if syntax == "turtle" else "nt",
        "languages": sorted(languages),
        "nil_iris": nil_iris,
        "contexts_without_text": textless,
        "typed_by_entity": typed_by_entity,
    }
    return Corpus(tuple(documents), name if name is not None else file_stem(src), metadata, tuple(log.warnings),
                  same_as)


def _type_from_entity(m: Mention, entity_types: dict[str, list[str]]) -> Mention:
    """``m`` typed by the ``rdf:type`` classes of its URIs' resources (where OKE puts types:
    ``oke:X a dul:Person``) when the phrase has no ``itsrdf:taClassRef``; else ``m`` itself."""
    if m.type or not m.uris:
        return m
    classes = sorted({c for u in m.uris for c in entity_types.get(u, ())})
    return replace(m, type=" ".join(classes)) if classes else m


def _contexts(records: dict[Any, list], src: str, log: FlawLog) -> tuple[dict[Any, str], dict[Any, str], set[str]]:
    """``(text, document URI, languages)`` of the contexts, by subject term, in the order their
    subjects first appear."""
    texts: dict[Any, str] = {}
    doc_of_ctx: dict[Any, str] = {}
    languages: set[str] = set()
    for key, rec in records.items():
        strings = rec[_IS_STRING]
        if strings is None:
            continue
        ctx_iri = _name(key)
        distinct: dict[str, None] = {}
        for v in values(strings):
            if not isinstance(v, ox.Literal):
                raise InputError(f"context {ctx_iri}: nif:isString is not a literal", source=src)
            distinct[v.value] = None
            if v.language:
                languages.add(v.language)
        if len(distinct) > 1:
            raise InputError(f"context {ctx_iri}: {len(distinct)} different nif:isString texts", source=src)
        texts[key] = next(iter(distinct))
        doc_of_ctx[key] = document_uri(ctx_iri)

    clashes: dict[str, list[Any]] = defaultdict(list)
    for key, uri in doc_of_ctx.items():
        clashes[uri].append(key)
    for uri, group in clashes.items():
        if len(group) > 1:
            names = ", ".join(_name(k) for k in group)
            for key in group:
                doc_of_ctx[key] = _name(key)
                log.add(
                    "document_uri_clash",
                    _name(key),
                    f"the contexts {names} would all be the document {uri}; each keeps its full context IRI "
                    f"as its document URI",
                )
    ctx_of_doc: dict[str, Any] = {}
    for key, uri in doc_of_ctx.items():
        if uri in ctx_of_doc:
            raise InputError(
                f"contexts {_name(ctx_of_doc[uri])} and {_name(key)} both give the document URI {uri}", source=src
            )
        ctx_of_doc[uri] = key
    return texts, doc_of_ctx, languages
