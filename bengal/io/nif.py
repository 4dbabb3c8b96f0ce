"""NIF 2.0 (GERBIL layout) in Turtle and N-Triples: read and write.

Reading
=======

The file is parsed once, as a stream, with :func:`pyoxigraph.parse` (no
network, no base IRI unless the file needs one). Only the properties below are
kept, in one small record per subject (a dict keyed by the subject's IRI; the
triples of one subject are usually adjacent, so the last record is kept at
hand), and the model is built from those records afterwards.

* A **context** is a node with ``nif:isString`` (its text). Its document URI is
  the context IRI without its RFC 5147 ``char=b,e`` part: ``DOC#char=0,N`` and
  ``DOC#char=0,`` (KORE50) give ``DOC``; a context whose fragment says something
  else is kept whole, e.g. DBpedia Spotlight's sentence contexts
  ``…11choice.html?ref=arts#sentence=5`` (GERBIL cuts at the last ``#``, which
  would give all sentences of an article one URI; bengal's documents need
  unique URIs). ``DOC#sentence=5,char=0,N`` gives ``DOC#sentence=5``.
  Documents keep the order in which their context nodes first appear.
* A **phrase** (mention) is a node with ``nif:referenceContext`` or
  ``nif:anchorOf``, or with ``nif:beginIndex``/``nif:endIndex`` that is no
  context. Offsets are Unicode code points (RFC 5147, as GERBIL reads them).
* ``itsrdf:taIdentRef``: every value is one alternative URI of ONE mention
  (GERBIL's reading); no value = NIL. IRIs in GERBIL's emerging-entity
  namespace :data:`NIL_NAMESPACE` (``http://aksw.org/notInWiki/…``, used by the
  N3 collection; also the bare ``http://aksw.org/notInWiki``) are read as NIL,
  so that NIL round-trips through :func:`write_nif`; their number is kept in
  ``corpus.metadata["nil_iris"]`` (the emerging entity's label is lost; NIL
  matches NIL in the scorer, as GERBIL matches two emerging entities).
  Pass ``keep_nil_iris=True`` to keep them as URIs instead.
* ``itsrdf:taClassRef`` gives :attr:`Mention.type`. An IRI in
  :data:`TYPE_NAMESPACE` (``urn:bengal:type:PER``) is the percent-encoded plain
  label bengal writes for non-IRI types (``"PER"``). **Several values** (e.g.
  the FOX / DBpedia Spotlight OKE example runs carry up to six DBpedia/FOAF/
  schema.org classes per mention) are all kept: ``type`` is their sorted,
  distinct values joined by a single space (IRIs cannot contain a space, so
  ``mention.type.split()`` gives them back, and :func:`write_nif` writes each
  as its own ``itsrdf:taClassRef``).
* ``itsrdf:taConfidence`` (GERBIL's score property, written by GERBIL as
  ``xsd:double``) gives :attr:`Mention.score`.
* ``owl:sameAs`` links between IRIs (OKE maps its corpus-local ``oke:``
  entities to DBpedia with them) are kept as ``corpus.same_as``,
  a tuple of ``(IRI, IRI)`` pairs (empty when there are none); the scorer
  adds them to its sameAs classes.
* Not read: ``rdf:type`` of entity resources (GERBIL adds those
  to a mention's types; OKE task 1 types its entities that way), ``nif:topic``
  document-level annotations, language tags of the text (their set is kept in
  ``corpus.metadata["languages"]``), ``itsrdf:taSource``, ``nif:sourceUrl``.

Flaws of real corpora are counted :class:`~bengal.model.CorpusWarning`\\ s
(``corpus.warnings``); ``strict=True`` turns the first one into an
:class:`~bengal.errors.InputError`. Codes (``where`` = the phrase IRI unless
said otherwise):

``anchor_mismatch``
    ``nif:anchorOf`` differs from ``text[begin:end]``. The offsets are the
    truth (GERBIL never looks at the anchor): the mention is kept with the
    surface taken from the text.
``missing_context``
    the phrase's ``nif:referenceContext`` names no node with text in the file,
    or the phrase has none. It cannot be placed, so it is not in the corpus;
    the warning is its record.
``duplicate_mention``
    a second phrase node with the same span and the same URIs in one document
    (one warning per extra node, naming it). All are kept.
``conflicting_values``
    one phrase node with several ``nif:anchorOf``, ``nif:referenceContext`` or
    ``itsrdf:taConfidence`` values: usually two annotations written with the
    same ``#char=b,e`` IRI, which RDF merges into one node (OKE 2015/2016 task 1:
    ``sentence-72#char=2,5`` carries ``"man"`` and ``"his"``, ``oke:Man_4`` and
    ``oke:His_4``). It is kept as ONE mention with all URIs (which URI went with
    which anchor is lost in the RDF); several contexts: placed in each;
    several scores: the highest.
``iri_offset_mismatch``
    the phrase IRI's ``char=b,e`` disagrees with its ``nif:beginIndex`` /
    ``nif:endIndex``; the index properties win (GERBIL reads only those).
``relative_iri``
    (``where`` = the file) the file has relative IRIs and was read again with
    the base ``file:///<file name>``.
``empty_iri``
    an ``itsrdf:taIdentRef`` / ``itsrdf:taClassRef`` that is the empty relative
    IRI ``<>``; the value is dropped.
``malformed_uri``
    an ``itsrdf:taIdentRef`` that is a literal or a blank node: a literal
    that looks like an IRI (no white space) is kept as the URI, else dropped.
``unplaced_annotation``
    a node with ``itsrdf:taIdentRef``/``taClassRef`` but no span and no
    context (e.g. a ``nif:topic`` annotation): not a mention, not read.
``document_uri_clash``
    (``where`` = a context IRI) two contexts give the same document URI once
    ``char=b,e`` is cut off (OKE 2016 task 1 sample: ``sentence-96#char=0,83``
    and ``sentence-96#char=0,206`` are two different sentences): each of them
    keeps its full context IRI as its document URI. One warning per context.

Hard errors (:class:`~bengal.errors.InputError` naming the file, and the phrase
or context IRI): malformed Turtle / N-Triples (with line and column), a
missing, repeated-and-different, negative or non-integer begin/end,
``begin >= end``, a mention that ends after its document's text, a phrase whose
context is a ``nif:Context`` node without ``nif:isString``, a context with
several different texts, a non-numeric confidence. Text-less contexts that no phrase names (the
collection-level contexts of KORE50 and Spotlight, linked by
``nif:broaderContext``) are no documents; their number is in
``corpus.metadata["contexts_without_text"]``.

Writing
=======

GERBIL's layout, NIF 2.0 Core, one context per document then its phrases::

    <DOC#char=0,N> a nif:String, nif:Context, nif:RFC5147String ;
        nif:isString "…" ;
        nif:beginIndex "0"^^xsd:nonNegativeInteger ;
        nif:endIndex "N"^^xsd:nonNegativeInteger .
    <DOC#char=b,e> a nif:String, nif:Phrase, nif:RFC5147String ;
        nif:anchorOf "…" ;
        nif:beginIndex "b"^^xsd:nonNegativeInteger ;
        nif:endIndex "e"^^xsd:nonNegativeInteger ;
        nif:referenceContext <DOC#char=0,N> ;
        itsrdf:taIdentRef <uri1>, <uri2> ;
        itsrdf:taClassRef <type> ;
        itsrdf:taConfidence "0.5"^^xsd:double .

* A document URI that already has a fragment gets ``,char=b,e`` (Spotlight's
  ``#sentence=5,char=69,74`` style) instead of ``#char=b,e``.
* NIL (no URI) is written as GERBIL's emerging-entity IRI
  ``http://aksw.org/notInWiki/<surface, white space as _, percent-encoded>``
  (as in Reuters-128 / RSS-500 / News-100), which the reader turns back to NIL.
* Types: an absolute IRI is written as it is; a type made of several absolute
  IRIs separated by spaces as one ``itsrdf:taClassRef`` each; any other label
  (``"PER"``) as ``<urn:bengal:type:PER>`` (percent-encoded).
* Same span, several mentions (different URIs, types or scores, or plain
  duplicates): they would share the IRI ``DOC#char=b,e`` and merge. The first
  (in :meth:`Mention.sort_key` order) gets ``DOC#char=b,e``, the k-th
  ``DOC#char=b,e;n=k`` (an RFC 5147-style ``;`` parameter) — distinct nodes,
  so they read back as distinct mentions. A mention of the whole text would
  share ``DOC#char=0,N`` with the context: the context counts as the first
  node of that span, so such a mention is ``DOC#char=0,N;n=2``. (The reader
  also accepts a node that is both the context and, through its own
  ``nif:referenceContext``, a whole-text phrase, as GERBIL writes it.)
* Literals are escaped (``\\\\``, ``\\"``, ``\\n``, ``\\r``, ``\\t`` and other
  control characters as ``\\uXXXX``). Document and entity URIs must be
  absolute IRIs (else :class:`InputError`); characters that may not appear in
  an IRI (space, ``<>"{}|^`\\``, controls) are percent-encoded, and a URI that
  is still no valid IRI (a stray ``%``, a second ``#``, ``[`` in a path) gets
  its path, query and fragment percent-encoded — such a URI does not come back
  byte-identical (the scorer's URI normalisation treats the forms as equal).
  Every IRI written is checked with pyoxigraph's IRI parser.
* Output is deterministic: corpus order, mentions sorted, URIs and types
  sorted, scores as Python's shortest round-trip ``repr``.
"""

from __future__ import annotations

import dataclasses
import gzip
import io
import math
import os
import re
from collections import defaultdict
from pathlib import Path
from typing import IO, Any, Iterable, Iterator
from urllib.parse import quote, unquote

import pyoxigraph as ox

from bengal.errors import InputError
from bengal.model import Corpus, CorpusWarning, Document, Mention
from bengal.perf import gc_paused
from bengal.rdf import IRI_FORBIDDEN, ITSRDF, NIF, OWL_SAME_AS, RDF_TYPE, XSD, has_scheme, is_absolute_iri, quote_literal, valid_iri

__all__ = [
    "read_nif",
    "write_nif",
    "NIF",
    "ITSRDF",
    "NIL_NAMESPACE",
    "TYPE_NAMESPACE",
    "WARNING_CODES",
    "document_uri",
]


#: GERBIL's namespace for emerging entities (entities not in the KB).
NIL_NAMESPACE = "http://aksw.org/notInWiki/"
_NIL_BARE = NIL_NAMESPACE.rstrip("/")  # Reuters-128 also has the bare <http://aksw.org/notInWiki>
#: Namespace bengal writes plain (non-IRI) type labels in.
TYPE_NAMESPACE = "urn:bengal:type:"

#: Stable warning codes of the NIF and JSONL readers (see the module docstring).
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
)

_SYNTAX_NAMES = {"turtle": "Turtle", "ntriples": "N-Triples"}
_RDF_FORMATS = {"turtle": ox.RdfFormat.TURTLE, "ntriples": ox.RdfFormat.N_TRIPLES}

# Slots of the per-subject record filled while parsing (lists of pyoxigraph
# terms); slot _TYPE is True when the subject is typed nif:Context.
_IS_STRING, _BEGIN, _END, _ANCHOR, _REF, _IDENT, _CLASS, _CONF, _TYPE, _SAME_AS = range(10)
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
_NIF_CONTEXT_NODE = ox.NamedNode(_NIF_CONTEXT)
_DISPATCH_NODES = {ox.NamedNode(k): v for k, v in _DISPATCH.items()}

# RFC 5147 part at the end of a fragment: "#char=0,12", "#sentence=5,char=0,12",
# "#char=0," (KORE50), optionally followed by ";…" parameters ("#char=3,9;n=2").
_CHAR_TAIL = re.compile(r"(?:^|,)char=(\d+),(\d*)((?:;[^,;#]*)*)$")
_PHRASE_CHAR = re.compile(r"[#,]char=(\d+),(\d*)(?:;[^,;#]*)*$")


# --------------------------------------------------------------------------- shared with jsonl


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
            return gzip.open(source, "rb"), True
        return fh, True
    return source, False


# --------------------------------------------------------------------------- reading


def document_uri(context_iri: str) -> str:
    """The document URI of a NIF context IRI: the IRI without its ``char=b,e`` part.

    >>> document_uri("http://ex.org/doc1#char=0,12")
    'http://ex.org/doc1'
    >>> document_uri("http://ex.org/a.html#sentence=5,char=0,12")
    'http://ex.org/a.html#sentence=5'
    >>> document_uri("http://ex.org/a.html#sentence=5")
    'http://ex.org/a.html#sentence=5'
    """
    hash_at = context_iri.find("#")
    if hash_at < 0:
        return context_iri
    frag = context_iri[hash_at + 1 :]
    m = _CHAR_TAIL.search(frag)
    if m is None:
        return context_iri
    if frag[m.start() : m.start() + 1] == ",":
        return context_iri[: hash_at + 1 + m.start()]
    return context_iri[:hash_at]


def _name(key: str) -> str:
    """Subject key (``str`` of a pyoxigraph term: ``<iri>`` or ``_:id``) -> IRI or ``_:id``."""
    return key[1:-1] if key[:1] == "<" else key


def _shown(term: Any) -> str:
    if isinstance(term, (ox.NamedNode, ox.Literal)):
        return term.value
    return str(term)


def _parse_records(fh: IO[bytes], fmt: Any, base_iri: str | None,
                   same_as: list[tuple[str, str]] | None = None) -> dict[str, list]:
    """One streaming pass: ``{subject key: record}`` for the subjects of kept properties.

    Triples of one subject are usually adjacent in a file, so the record of the
    last subject is kept at hand; keys are plain strings (cheap to hash).
    owl:sameAs links between IRIs are appended to ``same_as``.
    """
    records: dict[str, list] = {}
    kind_same_as = _SAME_AS
    dispatch_get = _DISPATCH_NODES.get
    context_node = _NIF_CONTEXT_NODE
    kind_type = _TYPE
    named_node = ox.NamedNode
    cur_subject: Any = None
    cur: list = []
    # Hot loop (about 9 triples per mention): predicates are looked up as pyoxigraph
    # terms (no str made), and the subject's key string is made only when it changes.
    for subject, predicate, o, _graph in ox.parse(fh, format=fmt, base_iri=base_iri):
        k = dispatch_get(predicate)
        if k is None:
            continue
        if k == kind_type:
            if o != context_node:
                continue
        elif k == kind_same_as:
            if same_as is not None and type(o) is named_node and type(subject) is named_node:
                same_as.append((subject.value, o.value))
            continue
        if subject != cur_subject:
            key = str(subject)
            cur = records.get(key)  # type: ignore[assignment]
            if cur is None:
                cur = records[key] = [None, None, None, None, None, None, None, None, False]
            cur_subject = subject
        if k == kind_type:
            cur[kind_type] = True
            continue
        lst = cur[k]
        if lst is None:
            cur[k] = [o]
        else:
            lst.append(o)
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
        the corpus; flaws are in ``corpus.warnings`` (see the module docstring
        for the codes), ``corpus.metadata`` has ``source``, ``format``,
        ``languages``, ``nil_iris`` and ``contexts_without_text``.

    Raises:
        InputError: malformed input (file, line and column) or a hard flaw
            (file, phrase / context IRI, what is wrong); in strict mode any flaw.
    """
    if syntax not in _RDF_FORMATS:
        raise InputError(f"unknown NIF syntax {syntax!r} (expected 'turtle' or 'ntriples')")
    src = source_name(source, name)
    fmt = _RDF_FORMATS[syntax]
    log = FlawLog(src, strict)

    base = None
    with gc_paused():
        fh, owned = open_binary(source)
        try:
            try:
                same_as: list[tuple[str, str]] = []
                records = _parse_records(fh, fmt, None, same_as)
            except SyntaxError as first:
                if "IRI" not in str(first):
                    raise _syntax_error(first, src, syntax) from None
                # Perhaps relative IRIs: read again against a neutral base.
                if owned and isinstance(source, (str, os.PathLike)):
                    fh.close()
                    fh, owned = open_binary(source)
                elif fh.seekable():
                    fh.seek(0)
                else:
                    raise _syntax_error(first, src, syntax) from None
                base = "file:///" + quote(Path(src).name or "stream")
                try:
                    same_as = []
                    records = _parse_records(fh, fmt, base, same_as)
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
        finally:
            if owned:
                fh.close()
        corpus = _build_corpus(records, src, log, name, syntax, base, keep_nil_iris)
        return dataclasses.replace(corpus, same_as=tuple(same_as)) if same_as else corpus


def _int_of(values: list | None, prop: str, iri: str, src: str) -> int:
    """The one non-negative integer of a begin/end property (fast path: one plain literal)."""
    if values is not None and len(values) == 1:
        v = values[0]
        if type(v) is ox.Literal:
            s = v.value
            if s.isdigit() and s.isascii():
                return int(s)
    if not values:
        raise InputError(f"phrase {iri}: no {prop}", source=src)
    ints = set()
    for v in values:
        s = v.value.strip() if isinstance(v, ox.Literal) else ""
        if s.startswith("+"):
            s = s[1:]
        if not (s.isascii() and s.isdigit()):
            raise InputError(f"phrase {iri}: {prop} {_shown(v)!r} is not a non-negative integer", source=src)
        ints.add(int(s))
    if len(ints) > 1:
        raise InputError(f"phrase {iri}: several different {prop} values {sorted(ints)}", source=src)
    return ints.pop()


def _build_corpus(
    records: dict[str, list],
    src: str,
    log: FlawLog,
    name: str | None,
    syntax: str,
    base: str | None,
    keep_nil_iris: bool,
) -> Corpus:
    # ---- contexts -> documents (in the order their subjects first appear)
    texts: dict[str, str] = {}
    doc_of_ctx: dict[str, str] = {}
    languages: set[str] = set()
    for key, rec in records.items():
        values = rec[_IS_STRING]
        if values is None:
            continue
        ctx_iri = _name(key)
        distinct: dict[str, None] = {}
        for v in values:
            if not isinstance(v, ox.Literal):
                raise InputError(f"context {ctx_iri}: nif:isString is not a literal", source=src)
            distinct[v.value] = None
            if v.language:
                languages.add(v.language)
        if len(distinct) > 1:
            raise InputError(f"context {ctx_iri}: {len(distinct)} different nif:isString texts", source=src)
        texts[key] = next(iter(distinct))
        doc_of_ctx[key] = document_uri(ctx_iri)

    clashes: dict[str, list[str]] = defaultdict(list)
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
    ctx_of_doc: dict[str, str] = {}
    for key, uri in doc_of_ctx.items():
        if uri in ctx_of_doc:
            raise InputError(
                f"contexts {_name(ctx_of_doc[uri])} and {_name(key)} both give the document URI {uri}", source=src
            )
        ctx_of_doc[uri] = key

    # ---- phrases
    per_doc: dict[str, list[tuple[Mention, str]]] = {key: [] for key in texts}
    referenced: set[str] = set()
    nil_iris = 0
    Literal = ox.Literal
    NamedNode = ox.NamedNode

    for key, rec in records.items():
        refs = rec[_REF]
        if rec[_IS_STRING] is not None and refs is None:
            continue  # a context (one that also names a context is a whole-text phrase, too)
        anchors = rec[_ANCHOR]
        if refs is None and anchors is None:
            if rec[_TYPE] or (rec[_BEGIN] is None and rec[_END] is None):
                if rec[_IDENT] is not None or rec[_CLASS] is not None:
                    log.add(
                        "unplaced_annotation",
                        _name(key),
                        f"{_name(key)} has itsrdf annotations but no span and no context; not read as a mention",
                    )
                continue
        iri = _name(key)
        # fast path inline (one plain ASCII-digit literal each); anything else -> _int_of
        bv, ev = rec[_BEGIN], rec[_END]
        if (bv is not None and ev is not None and len(bv) == 1 and len(ev) == 1
                and type(bv[0]) is Literal and type(ev[0]) is Literal):
            bs, es = bv[0].value, ev[0].value
            if bs.isdigit() and es.isdigit() and bs.isascii() and es.isascii():
                begin, end = int(bs), int(es)
            else:
                begin = _int_of(bv, "nif:beginIndex", iri, src)
                end = _int_of(ev, "nif:endIndex", iri, src)
        else:
            begin = _int_of(bv, "nif:beginIndex", iri, src)
            end = _int_of(ev, "nif:endIndex", iri, src)
        if begin >= end:
            raise InputError(f"phrase {iri}: begin {begin} >= end {end}", source=src)

        # contexts
        placed: list[str] = []
        if refs is None:
            log.add("missing_context", iri, f"phrase {iri} has no nif:referenceContext; not placed in any document")
        else:
            ctx_keys = [str(refs[0])] if len(refs) == 1 else list(dict.fromkeys(str(r) for r in refs))
            if len(ctx_keys) > 1:
                log.add(
                    "conflicting_values",
                    iri,
                    f"phrase {iri} has {len(ctx_keys)} nif:referenceContext values; placed in each",
                )
            for ck in ctx_keys:
                if ck in texts:
                    placed.append(ck)
                    referenced.add(ck)
                elif ck in records and records[ck][_TYPE]:
                    raise InputError(
                        f"phrase {iri}: its context {_name(ck)} is a nif:Context without nif:isString", source=src
                    )
                else:
                    log.add(
                        "missing_context",
                        iri,
                        f"phrase {iri}: its nif:referenceContext {_name(ck)} is no context in the file; "
                        f"not placed in any document",
                    )

        # the phrase IRI's own char=b,e
        if "#" in iri:
            m = _PHRASE_CHAR.search(iri)
            if m is not None and m.group(2) and (int(m.group(1)) != begin or int(m.group(2)) != end):
                log.add(
                    "iri_offset_mismatch",
                    iri,
                    f"phrase {iri}: the IRI says char={m.group(1)},{m.group(2)} but nif:beginIndex/endIndex "
                    f"say [{begin},{end}); the index properties are used",
                )

        # URIs
        uris: frozenset[str] = frozenset()
        idents = rec[_IDENT]
        if idents is not None:
            found: set[str] = set()
            for obj in idents:
                if type(obj) is NamedNode:
                    value = obj.value
                    if value == base:
                        log.add("empty_iri", iri, f"phrase {iri}: itsrdf:taIdentRef <> (empty IRI) dropped")
                        continue
                elif type(obj) is Literal and obj.value and not re.search(r"\s", obj.value):
                    value = obj.value
                    log.add("malformed_uri", iri, f"phrase {iri}: itsrdf:taIdentRef is a literal {value!r}; kept")
                else:
                    log.add(
                        "malformed_uri", iri, f"phrase {iri}: itsrdf:taIdentRef {_shown(obj)!r} is no IRI; dropped"
                    )
                    continue
                if not keep_nil_iris and (value.startswith(NIL_NAMESPACE) or value == _NIL_BARE):
                    nil_iris += 1
                    continue
                found.add(value)
            uris = frozenset(found)

        # types
        mtype = None
        classes = rec[_CLASS]
        if classes is not None:
            type_values: set[str] = set()
            for obj in classes:
                if type(obj) is NamedNode:
                    value = obj.value
                    if value == base:
                        log.add("empty_iri", iri, f"phrase {iri}: itsrdf:taClassRef <> (empty IRI) dropped")
                        continue
                    if value.startswith(TYPE_NAMESPACE):
                        value = unquote(value[len(TYPE_NAMESPACE) :])
                    type_values.add(value)
                else:
                    type_values.add(obj.value if type(obj) is Literal else _shown(obj))
            if type_values:
                mtype = " ".join(sorted(type_values))

        # score
        score = None
        confs = rec[_CONF]
        if confs is not None:
            scores = set()
            for obj in confs:
                try:
                    scores.add(float(obj.value) if type(obj) is Literal else float("x"))
                except ValueError:
                    raise InputError(
                        f"phrase {iri}: itsrdf:taConfidence {_shown(obj)!r} is not a number", source=src
                    ) from None
            if len(scores) > 1:
                log.add(
                    "conflicting_values",
                    iri,
                    f"phrase {iri} has {len(scores)} itsrdf:taConfidence values; the highest is kept",
                )
            score = max(scores)

        # anchors, checked against the text of each context
        if anchors is not None and len(anchors) == 1:
            a = anchors[0]
            anchor_values = [a.value if type(a) is Literal else _shown(a)]
        elif anchors is not None:
            anchor_values = list(dict.fromkeys(a.value if type(a) is Literal else _shown(a) for a in anchors))
            if len(anchor_values) > 1:
                log.add(
                    "conflicting_values",
                    iri,
                    f"phrase {iri} has {len(anchor_values)} nif:anchorOf values {anchor_values!r} (annotations "
                    f"merged under one IRI?); kept as one mention with all URIs",
                )
        else:
            anchor_values = []
        for ck in placed:
            text = texts[ck]
            if end > len(text):
                raise InputError(
                    f"phrase {iri}: span [{begin},{end}) lies outside the text of its context {_name(ck)} "
                    f"({len(text)} code points)",
                    source=src,
                )
            surface = text[begin:end]
            for a in anchor_values:
                if a != surface:
                    log.add(
                        "anchor_mismatch",
                        iri,
                        f"phrase {iri}: nif:anchorOf {a!r} differs from text[{begin}:{end}] {surface!r}; "
                        f"the offsets are kept",
                    )
                    break
            per_doc[ck].append((Mention(begin, end, surface, uris, mtype, score), iri))

    # ---- documents
    documents = []
    for key, text in texts.items():
        entries = per_doc[key]
        check_duplicates(doc_of_ctx[key], entries, log)
        documents.append(Document(doc_of_ctx[key], text, tuple(m for m, _ in entries)))

    textless = sum(1 for k, rec in records.items() if rec[_TYPE] and k not in texts and k not in referenced)
    metadata = {
        "source": src,
        "format": "nif" if syntax == "turtle" else "nt",
        "languages": sorted(languages),
        "nil_iris": nil_iris,
        "contexts_without_text": textless,
    }
    return Corpus(tuple(documents), name if name is not None else file_stem(src), metadata, tuple(log.warnings))


def file_stem(src: str) -> str:
    """The default corpus name: the file name without ``.gz`` and its extension."""
    base = Path(src).name
    if base.endswith(".gz"):
        base = base[:-3]
    stem = base.rsplit(".", 1)[0] if "." in base else base
    return stem or base


# --------------------------------------------------------------------------- writing

def _iri_text(s: str) -> str:
    if IRI_FORBIDDEN.search(s):
        s = IRI_FORBIDDEN.sub(lambda m: "".join(f"%{b:02X}" for b in m.group(0).encode("utf-8")), s)
    return s


_BAD_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")


def _safe_iri(s: str, what: str, corpus_name: str) -> str:
    """``s`` as an IRI NIF can carry: characters forbidden in IRIs are percent-encoded;
    when that is not enough (a stray ``%``, a second ``#``, ``[`` in a path, …) the path,
    query and fragment are percent-encoded as a whole. The result is checked with
    pyoxigraph's IRI parser.

    Raises:
        InputError: ``s`` is not absolute, or cannot be repaired (e.g. a bad port).
    """
    if not has_scheme(s):
        raise InputError(f"{what} {s!r} is not an absolute IRI; NIF needs one", source=corpus_name or None)
    t = _iri_text(s)
    if valid_iri(t):
        return t
    scheme, rest = t.split(":", 1)
    head, sep, frag = rest.partition("#")
    safe = "/?:@!$&'()*+,;=~-._%"
    t = scheme + ":" + quote(_BAD_PERCENT.sub("%25", head), safe=safe)
    if sep:
        t += "#" + quote(_BAD_PERCENT.sub("%25", frag), safe=safe)
    if not valid_iri(t):
        raise InputError(f"{what} {s!r} is not a valid IRI and cannot be repaired", source=corpus_name or None)
    return t


def _double(x: float) -> str:
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "INF" if x > 0 else "-INF"
    return repr(float(x))


def nil_iri(surface: str) -> str:
    """GERBIL-style emerging-entity IRI for a NIL mention: ``http://aksw.org/notInWiki/<surface>``."""
    label = "_".join(surface.split()) or "_"
    return NIL_NAMESPACE + quote(label, safe="!$&'()*+,;=:@/-._~")


def type_iris(mtype: str) -> list[str]:
    """The ``itsrdf:taClassRef`` IRIs bengal writes for a :attr:`Mention.type`: the type
    itself when it is a valid absolute IRI, each part when it is several separated by
    single spaces, else ``urn:bengal:type:<percent-encoded type>``."""
    parts = mtype.split(" ")
    if all(is_absolute_iri(p) and valid_iri(p) for p in parts):
        return sorted(set(parts))
    return [TYPE_NAMESPACE + quote(mtype, safe="")]


def _with_char(doc_uri: str, begin: int, end: int) -> str:
    sep = "," if "#" in doc_uri else "#"
    return f"{doc_uri}{sep}char={begin},{end}"


_P = {
    "type": "http://www.w3.org/1999/02/22-rdf-syntax-ns#type",
    "isString": NIF + "isString",
    "beginIndex": NIF + "beginIndex",
    "endIndex": NIF + "endIndex",
    "anchorOf": NIF + "anchorOf",
    "referenceContext": NIF + "referenceContext",
    "taIdentRef": ITSRDF + "taIdentRef",
    "taClassRef": ITSRDF + "taClassRef",
    "taConfidence": ITSRDF + "taConfidence",
}
_CONTEXT_TYPES = ("String", "Context", "RFC5147String")
_PHRASE_TYPES = ("String", "Phrase", "RFC5147String")


def _nodes(doc: Document, corpus_name: str) -> Iterator[tuple[str, list[tuple[str, list[str]]]]]:
    """The nodes of one document: ``(subject IRI, [(property, [objects as (kind, value)] …)])``.

    Objects are tagged tuples ``("iri", s)``, ``("str", s)``, ``("nni", n)``, ``("dbl", s)``.
    """
    uri = _safe_iri(doc.uri, "document URI", corpus_name)
    n = len(doc.text)
    ctx = _with_char(uri, 0, n)
    yield ctx, [
        ("type", [("cls", t) for t in _CONTEXT_TYPES]),
        ("isString", [("str", doc.text)]),
        ("beginIndex", [("nni", 0)]),
        ("endIndex", [("nni", n)]),
    ]
    seen: dict[tuple[int, int], int] = {(0, n): 1}  # the context node already is DOC#char=0,N
    for m in doc.mentions:
        k = seen.get(m.span, 0) + 1
        seen[m.span] = k
        subj = _with_char(uri, m.begin, m.end) + (f";n={k}" if k > 1 else "")
        props: list[tuple[str, list]] = [
            ("type", [("cls", t) for t in _PHRASE_TYPES]),
            ("anchorOf", [("str", m.surface)]),
            ("beginIndex", [("nni", m.begin)]),
            ("endIndex", [("nni", m.end)]),
            ("referenceContext", [("iri", ctx)]),
        ]
        if m.uris:
            what = f"document {doc.uri}: mention [{m.begin},{m.end}) URI"
            idents = [("iri", _safe_iri(u, what, corpus_name)) for u in sorted(m.uris)]
        else:
            idents = [("iri", nil_iri(m.surface))]
        props.append(("taIdentRef", idents))
        if m.type is not None and m.type != "":
            props.append(("taClassRef", [("iri", t) for t in type_iris(m.type)]))
        if m.score is not None:
            props.append(("taConfidence", [("dbl", _double(m.score))]))
        yield subj, props


_TTL_PREFIXES = (
    f"@prefix nif: <{NIF}> .\n"
    f"@prefix itsrdf: <{ITSRDF}> .\n"
    f"@prefix xsd: <{XSD}> .\n"
)
_TTL_PRED = {
    "type": "a",
    "isString": "nif:isString",
    "beginIndex": "nif:beginIndex",
    "endIndex": "nif:endIndex",
    "anchorOf": "nif:anchorOf",
    "referenceContext": "nif:referenceContext",
    "taIdentRef": "itsrdf:taIdentRef",
    "taClassRef": "itsrdf:taClassRef",
    "taConfidence": "itsrdf:taConfidence",
}


def _obj(o: tuple, turtle: bool) -> str:
    """One object term, ``(kind, value)``, in Turtle (with the nif/xsd prefixes) or N-Triples."""
    kind, v = o
    if kind == "iri":
        return f"<{v}>"
    if kind == "cls":
        return f"nif:{v}" if turtle else f"<{NIF}{v}>"
    if kind == "str":
        return quote_literal(v)
    datatype = "nonNegativeInteger" if kind == "nni" else "double"
    return f'"{v}"^^xsd:{datatype}' if turtle else f'"{v}"^^<{XSD}{datatype}>'


def write_nif(corpus: Corpus, fh: IO[str], syntax: str = "turtle") -> None:
    """Write ``corpus`` as NIF (GERBIL layout) to the text stream ``fh``.

    Args:
        corpus: the corpus.
        fh: a text stream (UTF-8). Use :func:`bengal.io.write_corpus` for an
            atomic file.
        syntax: ``"turtle"`` (with ``nif:``, ``itsrdf:``, ``xsd:`` prefixes) or
            ``"ntriples"``.

    Raises:
        InputError: when a document or entity URI is not an absolute IRI.
        ValueError: for an unknown syntax.
    """
    if syntax == "turtle":
        fh.write(_TTL_PREFIXES)
        for doc in corpus.documents:
            parts = []
            for subj, props in _nodes(doc, corpus.name):
                lines = [f"\n<{subj}>\n"]
                last = len(props) - 1
                for i, (p, objs) in enumerate(props):
                    end = " .\n" if i == last else " ;\n"
                    lines.append(f"    {_TTL_PRED[p]} {', '.join(_obj(o, True) for o in objs)}{end}")
                parts.append("".join(lines))
            fh.write("".join(parts))
    elif syntax == "ntriples":
        for doc in corpus.documents:
            parts = []
            for subj, props in _nodes(doc, corpus.name):
                s = f"<{subj}> "
                for p, objs in props:
                    pp = f"<{_P[p]}> "
                    for o in objs:
                        parts.append(f"{s}{pp}{_obj(o, False)} .\n")
            fh.write("".join(parts))
    else:
        raise ValueError(f"unknown NIF syntax {syntax!r} (expected 'turtle' or 'ntriples')")
