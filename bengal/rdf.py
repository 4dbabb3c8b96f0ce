"""RDF in one place: the namespaces bengal reads and writes, and the term syntax its writers share.

Term syntax (N-Triples / Turtle, W3C RDF 1.1): :func:`quote_literal` writes a string literal with
``\\\\``, ``\\"``, ``\\n``, ``\\r``, ``\\t`` escaped and every other control character as
``\\uXXXX``; :func:`literal` adds a language tag or a datatype IRI; :func:`valid_iri` asks
pyoxigraph's IRI parser (pyoxigraph is imported on its first call, so that a command
that reads no RDF does not load it); :func:`is_absolute_iri` is the cheap syntactic test before it.
"""

from __future__ import annotations

import importlib
import re
from typing import Any, Callable

__all__ = ["RDF", "RDFS", "OWL", "XSD", "SKOS", "FOAF", "DBO", "DBR", "DBT", "NIF", "ITSRDF", "RDF_TYPE",
           "OWL_SAME_AS", "NIL_SPELLINGS", "GERBIL_NIL_NAMESPACE", "BENGAL_NIL_NAMESPACE", "EMERGING_NAMESPACES",
           "IRI_FORBIDDEN", "quote_literal", "literal", "is_absolute_iri", "has_scheme",
           "valid_iri"]

RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
RDFS = "http://www.w3.org/2000/01/rdf-schema#"
OWL = "http://www.w3.org/2002/07/owl#"
XSD = "http://www.w3.org/2001/XMLSchema#"
SKOS = "http://www.w3.org/2004/02/skos/core#"
FOAF = "http://xmlns.com/foaf/0.1/"
#: DBpedia ontology (classes and properties), resources (entities), datatypes.
DBO = "http://dbpedia.org/ontology/"
DBR = "http://dbpedia.org/resource/"
#: Spellings of "no KB entity" (NIL) in the field's corpora, compared after stripping white space:
#: the empty string, ELEVANT's ``<NIL>`` (and ``NIL``, the spotlight pair lists'), AIDA-YAGO2's
#: ``--NME--``, the Wikipedia datasets' ``*null*``. The readers (:mod:`bengal.io.wikititles`) and
#: the URI matcher (:mod:`bengal.score.uris`) share this one set.
NIL_SPELLINGS = frozenset({"", "<NIL>", "NIL", "--NME--", "*null*"})
#: GERBIL's namespace for emerging entities (entities not in the KB): ``notInWiki``.
GERBIL_NIL_NAMESPACE = "http://aksw.org/notInWiki/"
#: The namespace of the entities ``bengal generate --emerging`` makes up (``.invalid`` never resolves).
BENGAL_NIL_NAMESPACE = "http://bengal.invalid/notInWiki/"
#: IRI prefixes of emerging entities, in the KB by design of no KB (Reuters-128 also writes the bare
#: ``<http://aksw.org/notInWiki>``).
EMERGING_NAMESPACES = (GERBIL_NIL_NAMESPACE.rstrip("/"), BENGAL_NIL_NAMESPACE)
DBT = "http://dbpedia.org/datatype/"
#: NIF 2.0 Core and the ITS 2.0 RDF vocabulary (GERBIL's corpus format).
NIF = "http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#"
ITSRDF = "http://www.w3.org/2005/11/its/rdf#"

RDF_TYPE = RDF + "type"
OWL_SAME_AS = OWL + "sameAs"

_LITERAL_ESCAPES = {i: f"\\u{i:04X}" for i in list(range(0x20)) + [0x7F]}
_LITERAL_ESCAPES.update({0x5C: "\\\\", 0x22: '\\"', 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t"})

#: Characters an IRI may not hold (RFC 3987; N-Triples IRIREF): controls, space, ``<>"{}|^`\``, DEL.
IRI_FORBIDDEN = re.compile(r'[\x00-\x20<>"{}|^`\\\x7f]')
_ABSOLUTE_IRI = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")


def quote_literal(value: str) -> str:
    """``value`` as a quoted N-Triples / Turtle string literal (``"…"``, escaped as the module says). A value with
    nothing to escape (most: the search is about three times faster than the translation) is written as it is."""
    if _TO_ESCAPE.search(value) is None:
        return '"' + value + '"'
    return '"' + value.translate(_LITERAL_ESCAPES) + '"'


#: A character :data:`_LITERAL_ESCAPES` escapes (each of its keys).
_TO_ESCAPE = re.compile("[" + "".join(re.escape(chr(c)) for c in sorted(_LITERAL_ESCAPES)) + "]")


def literal(value: str, *, lang: str | None = None, datatype: str | None = None) -> str:
    """An N-Triples literal term: ``"value"``, ``"value"@lang`` or ``"value"^^<datatype>``."""
    text = quote_literal(value)
    if lang:
        return f"{text}@{lang}"
    if datatype:
        return f"{text}^^<{datatype}>"
    return text


def is_absolute_iri(value: str) -> bool:
    """Whether ``value`` has a scheme and no character an IRI may not hold (cheap; see :func:`valid_iri`)."""
    return bool(_ABSOLUTE_IRI.match(value)) and not IRI_FORBIDDEN.search(value)


def has_scheme(value: str) -> bool:
    """Whether ``value`` starts with an IRI scheme (``http:``, ``urn:``, …)."""
    return bool(_ABSOLUTE_IRI.match(value))


_NAMED_NODE: list[Callable[[str], Any]] = []  # pyoxigraph.NamedNode, once imported


def valid_iri(value: str) -> bool:
    """Whether pyoxigraph's IRI parser accepts ``value`` as an absolute IRI (pyoxigraph imported on the
    first call)."""
    if not _NAMED_NODE:
        _NAMED_NODE.append(importlib.import_module("pyoxigraph").NamedNode)
    try:
        _NAMED_NODE[0](value)
    except ValueError:
        return False
    return True
