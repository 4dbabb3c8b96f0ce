"""Write a corpus as NIF 2.0 (GERBIL layout) in Turtle or N-Triples.

One context node per document, then its phrase nodes; NIL as GERBIL's emerging-entity IRI, plain
type labels as ``urn:bengal:type:…``, same-span mentions as distinct ``;n=k`` nodes; output is
deterministic. The layout and its rules: ``docs/formats/nif.md`` ("Writing").
"""

from __future__ import annotations

import math
from typing import IO, NamedTuple

from bengal.io.nif.iris import _safe_iri, _with_char, nil_iri, type_iris
from bengal.model import Corpus, Document
from bengal.rdf import ITSRDF, NIF, RDF_TYPE, XSD, quote_literal

__all__ = ["write_nif"]


def _double(x: float) -> str:
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "INF" if x > 0 else "-INF"
    return repr(float(x))


_CONTEXT_TYPES = ("String", "Context", "RFC5147String")
_PHRASE_TYPES = ("String", "Phrase", "RFC5147String")


class _Phrase(NamedTuple):
    """What one phrase node says: its IRI, anchor, offsets, URIs (or the NIL IRI), classes, confidence."""

    subject: str
    surface: str
    begin: int
    end: int
    idents: list[str]
    classes: list[str] | None
    confidence: str | None


def _nodes(doc: Document, corpus_name: str) -> tuple[str, list[_Phrase]]:
    """The nodes of one document: its context IRI (``DOC#char=0,N``) and its phrases in mention order
    (a second mention of one span is ``…;n=2``; NIL as GERBIL's emerging-entity IRI; plain type labels
    as ``urn:bengal:type:…``)."""
    uri = _safe_iri(doc.uri, "document URI", corpus_name)
    n = len(doc.text)
    ctx = _with_char(uri, 0, n)
    seen: dict[tuple[int, int], int] = {(0, n): 1}  # the context node already is DOC#char=0,N
    phrases = []
    for m in doc.mentions:
        k = seen.get(m.span, 0) + 1
        seen[m.span] = k
        subj = _with_char(uri, m.begin, m.end) + (f";n={k}" if k > 1 else "")
        if m.uris:
            what = f"document {doc.uri}: mention [{m.begin},{m.end}) URI"
            idents = [_safe_iri(u, what, corpus_name) for u in sorted(m.uris)]
        else:
            idents = [nil_iri(m.surface)]
        classes = type_iris(m.type) if m.type is not None and m.type != "" else None
        confidence = _double(m.score) if m.score is not None else None
        phrases.append(_Phrase(subj, m.surface, m.begin, m.end, idents, classes, confidence))
    return ctx, phrases


_TTL_PREFIXES = (
    f"@prefix nif: <{NIF}> .\n"
    f"@prefix itsrdf: <{ITSRDF}> .\n"
    f"@prefix xsd: <{XSD}> .\n"
)
_TTL_CONTEXT_TYPES = ", ".join(f"nif:{t}" for t in _CONTEXT_TYPES)
_TTL_PHRASE_TYPES = ", ".join(f"nif:{t}" for t in _PHRASE_TYPES)
_NNI_TTL = "^^xsd:nonNegativeInteger"
_NNI_NT = f"^^<{XSD}nonNegativeInteger>"


def _turtle(doc: Document, corpus_name: str) -> str:
    """One document's nodes in Turtle (with the nif/itsrdf/xsd prefixes)."""
    ctx, phrases = _nodes(doc, corpus_name)
    parts = [f"\n<{ctx}>\n    a {_TTL_CONTEXT_TYPES} ;\n    nif:isString {quote_literal(doc.text)} ;\n"
             f'    nif:beginIndex "0"{_NNI_TTL} ;\n    nif:endIndex "{len(doc.text)}"{_NNI_TTL} .\n']
    for p in phrases:
        parts.append(f"\n<{p.subject}>\n    a {_TTL_PHRASE_TYPES} ;\n    nif:anchorOf {quote_literal(p.surface)} ;\n"
                     f'    nif:beginIndex "{p.begin}"{_NNI_TTL} ;\n    nif:endIndex "{p.end}"{_NNI_TTL} ;\n'
                     f"    nif:referenceContext <{ctx}> ;\n    itsrdf:taIdentRef <{'>, <'.join(p.idents)}>")
        if p.classes is not None:
            parts.append(f" ;\n    itsrdf:taClassRef <{'>, <'.join(p.classes)}>")
        if p.confidence is not None:
            parts.append(f' ;\n    itsrdf:taConfidence "{p.confidence}"^^xsd:double')
        parts.append(" .\n")
    return "".join(parts)


_NT_TYPE = f"> <{RDF_TYPE}> <{NIF}"
_NT_IS_STRING = f"> <{NIF}isString> "
_NT_BEGIN = f"> <{NIF}beginIndex> \""
_NT_END = f"> <{NIF}endIndex> \""
_NT_ANCHOR = f"> <{NIF}anchorOf> "
_NT_CONTEXT = f"> <{NIF}referenceContext> <"
_NT_IDENT = f"> <{ITSRDF}taIdentRef> <"
_NT_CLASS = f"> <{ITSRDF}taClassRef> <"
_NT_CONF = f"> <{ITSRDF}taConfidence> \""
_NT_DOUBLE = f"\"^^<{XSD}double> .\n"


def _ntriples(doc: Document, corpus_name: str) -> str:
    """One document's nodes in N-Triples (the triples in the order of the Turtle writer's)."""
    ctx, phrases = _nodes(doc, corpus_name)
    c = "<" + ctx
    parts = [f"{c}{_NT_TYPE}{t}> .\n" for t in _CONTEXT_TYPES]
    parts.append(f"{c}{_NT_IS_STRING}{quote_literal(doc.text)} .\n{c}{_NT_BEGIN}0\"{_NNI_NT} .\n"
                 f'{c}{_NT_END}{len(doc.text)}"{_NNI_NT} .\n')
    t1, t2, t3 = (f"{_NT_TYPE}{t}> .\n" for t in _PHRASE_TYPES)
    for p in phrases:
        s = "<" + p.subject
        parts.append(f"{s}{t1}{s}{t2}{s}{t3}{s}{_NT_ANCHOR}{quote_literal(p.surface)} .\n"
                     f'{s}{_NT_BEGIN}{p.begin}"{_NNI_NT} .\n{s}{_NT_END}{p.end}"{_NNI_NT} .\n'
                     f"{s}{_NT_CONTEXT}{ctx}> .\n")
        parts.extend(f"{s}{_NT_IDENT}{u}> .\n" for u in p.idents)
        if p.classes is not None:
            parts.extend(f"{s}{_NT_CLASS}{t}> .\n" for t in p.classes)
        if p.confidence is not None:
            parts.append(f"{s}{_NT_CONF}{p.confidence}{_NT_DOUBLE}")
    return "".join(parts)


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
            fh.write(_turtle(doc, corpus.name))
    elif syntax == "ntriples":
        for doc in corpus.documents:
            fh.write(_ntriples(doc, corpus.name))
    else:
        raise ValueError(f"unknown NIF syntax {syntax!r} (expected 'turtle' or 'ntriples')")
