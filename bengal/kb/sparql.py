"""The KB protocol and the SPARQL text shared by every KB backend.

:class:`SparqlKB` is what the generator, the gold checks and the baseline annotator need of
a KB: ``select(query)``. The embedded store (:class:`bengal.kb.store.KB`) and remote
endpoints (:class:`bengal.kb.endpoint.RemoteKB`) provide it. Every IRI that goes into a
query passes through :func:`iri`, which checks it and writes it in angle brackets; nothing
is pasted raw into a query.
"""

from __future__ import annotations

import re
from typing import Iterable, Protocol

from bengal.rdf import DBO, DBR, FOAF, OWL, RDF, RDFS, SKOS, XSD

__all__ = ["SparqlKB", "iri", "is_sparql_iri", "values", "purpose_of", "PREFIXES",
           "DBO", "DBR", "RDFS", "RDF", "SKOS", "FOAF", "OWL", "XSD"]


class SparqlKB(Protocol):
    """Anything with ``select(query) -> list[tuple[str | None, ...]]``: one row per solution,
    the lexical value of each projected variable (``None`` when unbound), in ``SELECT`` order."""

    def select(self, query: str) -> list[tuple[str | None, ...]]: ...


PREFIXES = (
    f"PREFIX dbo: <{DBO}>\nPREFIX dbr: <{DBR}>\nPREFIX rdf: <{RDF}>\nPREFIX rdfs: <{RDFS}>\n"
    f"PREFIX owl: <{OWL}>\nPREFIX skos: <{SKOS}>\nPREFIX foaf: <{FOAF}>\n"
)

# IRIREF in SPARQL 1.1 (grammar rule [139]) excludes these characters; a "%" must start a
# percent escape (RFC 3987 pct-encoded: "%" HEXDIG HEXDIG), which servers check (Oxigraph: HTTP 400).
_IRI_FORBIDDEN = re.compile(r'[\x00-\x20<>"{}|^`\\]|%(?![0-9A-Fa-f]{2})')
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_COMMENT = re.compile(r"^\s*#[ \t]*([^\n]*?)[ \t]*$", re.MULTILINE)
_DECLARATION = re.compile(r"^\s*(?:PREFIX|BASE)\b", re.IGNORECASE)


def is_sparql_iri(value: str) -> bool:
    r"""Whether ``value`` can be written as a SPARQL IRIREF: absolute (a scheme), none of the
    characters SPARQL 1.1 grammar rule [139] excludes (controls, space, ``<>"{}|^`\``), and
    every ``%`` starting a percent escape (RFC 3987 ``pct-encoded``)."""
    return bool(_SCHEME.match(value)) and not _IRI_FORBIDDEN.search(value)


def iri(value: str) -> str:
    """``value`` as a SPARQL IRIREF ``<value>``.

    Raises:
        ValueError: when ``value`` is not an IRI :func:`is_sparql_iri` accepts; such a value
            is never pasted into a query.
    """
    if not is_sparql_iri(value):
        raise ValueError(f"not an IRI that can be written in SPARQL: {value!r}")
    return f"<{value}>"


def purpose_of(query: str) -> str:
    """What a query is for, for error messages: its first comment line (``# seed candidates``),
    else its first line after the ``PREFIX``/``BASE`` declarations, blanks collapsed, at most 80
    characters."""
    m = _COMMENT.search(query)
    if m and m.group(1):
        return m.group(1)[:80]
    lines = [line.strip() for line in query.splitlines() if line.strip() and not _DECLARATION.match(line)]
    text = " ".join(" ".join(lines).split())
    return repr(text if len(text) <= 80 else text[:77] + "...")


def values(var: str, iris: Iterable[str]) -> str:
    """``VALUES ?var { <a> <b> … }`` with each IRI checked by :func:`iri`."""
    return "VALUES ?%s { %s }" % (var, " ".join(iri(i) for i in iris))
