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

__all__ = ["SparqlKB", "iri", "values", "PREFIXES", "DBO", "DBR", "RDFS", "RDF", "SKOS", "FOAF", "OWL", "XSD"]


class SparqlKB(Protocol):
    """Anything with ``select(query) -> list[tuple[str | None, ...]]``: one row per solution,
    the lexical value of each projected variable (``None`` when unbound), in ``SELECT`` order."""

    def select(self, query: str) -> list[tuple[str | None, ...]]: ...


PREFIXES = (
    f"PREFIX dbo: <{DBO}>\nPREFIX dbr: <{DBR}>\nPREFIX rdf: <{RDF}>\nPREFIX rdfs: <{RDFS}>\n"
    f"PREFIX owl: <{OWL}>\nPREFIX skos: <{SKOS}>\nPREFIX foaf: <{FOAF}>\n"
)

# IRIREF in SPARQL 1.1 (grammar rule [139]) excludes these characters.
_IRI_FORBIDDEN = re.compile(r'[\x00-\x20<>"{}|^`\\]')
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def iri(value: str) -> str:
    """``value`` as a SPARQL IRIREF ``<value>``.

    Raises:
        ValueError: when ``value`` is not an absolute IRI or holds a character an
            IRIREF cannot contain (SPARQL 1.1 grammar rule [139]); such a value is
            never pasted into a query.
    """
    if not _SCHEME.match(value) or _IRI_FORBIDDEN.search(value):
        raise ValueError(f"not an IRI that can be written in SPARQL: {value!r}")
    return f"<{value}>"


def values(var: str, iris: Iterable[str]) -> str:
    """``VALUES ?var { <a> <b> … }`` with each IRI checked by :func:`iri`."""
    return "VALUES ?%s { %s }" % (var, " ".join(iri(i) for i in iris))
