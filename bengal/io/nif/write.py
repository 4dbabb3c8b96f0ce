"""Write a corpus as NIF 2.0 (GERBIL layout) in Turtle or N-Triples.

One context node per document, then its phrase nodes; NIL as GERBIL's emerging-entity IRI, plain
type labels as ``urn:bengal:type:…``, same-span mentions as distinct ``;n=k`` nodes; output is
deterministic. The layout and its rules: ``docs/formats/nif.md`` ("Writing").
"""

from __future__ import annotations

import math
from typing import IO, Iterator

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


_P = {
    "type": RDF_TYPE,
    "isString": NIF + "isString",
    "beginIndex": NIF + "beginIndex",
    "endIndex": NIF + "endIndex",
    "anchorOf": NIF + "anchorOf",
    "referenceContext": NIF + "referenceContext",
    "taIdentRef": ITSRDF + "taIdentRef",
    "taClassRef": ITSRDF + "taClassRef",
    "taConfidence": ITSRDF + "taConfidence",
}
#: An object term, ``(kind, value)`` (the kinds: :func:`_nodes`).
_Obj = tuple[str, str | int]

_CONTEXT_TYPES = ("String", "Context", "RFC5147String")
_PHRASE_TYPES = ("String", "Phrase", "RFC5147String")


def _nodes(doc: Document, corpus_name: str) -> Iterator[tuple[str, list[tuple[str, list[_Obj]]]]]:
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
        props: list[tuple[str, list[_Obj]]] = [
            ("type", [("cls", t) for t in _PHRASE_TYPES]),
            ("anchorOf", [("str", m.surface)]),
            ("beginIndex", [("nni", m.begin)]),
            ("endIndex", [("nni", m.end)]),
            ("referenceContext", [("iri", ctx)]),
        ]
        idents: list[_Obj]
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


def _obj(o: _Obj, turtle: bool) -> str:
    """One object term, ``(kind, value)``, in Turtle (with the nif/xsd prefixes) or N-Triples."""
    kind, v = o
    if kind == "iri":
        return f"<{v}>"
    if kind == "cls":
        return f"nif:{v}" if turtle else f"<{NIF}{v}>"
    if kind == "str":
        assert isinstance(v, str)  # the "str" kind holds text
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
