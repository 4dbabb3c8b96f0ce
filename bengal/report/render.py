"""Plain text of a ``rich`` renderable (the one way every terminal report becomes a string), and the
short names of IRIs that every report prints."""

from __future__ import annotations

import io

from rich.console import Console, RenderableType

__all__ = ["plain_text", "short_iri", "SHORT_PREFIXES"]

#: The prefixes reports print instead of a namespace: ``(namespace, prefix)`` (DBpedia's own
#: ``dbo:``/``dbr:``, as in DBpedia's SPARQL endpoint).
SHORT_PREFIXES = (("http://dbpedia.org/ontology/", "dbo:"), ("http://dbpedia.org/resource/", "dbr:"))


def plain_text(renderable: RenderableType, *, width: int = 100) -> str:
    """``renderable`` printed as plain text at ``width`` columns (e.g. for CI logs and tests)."""
    console = Console(file=io.StringIO(), width=width, force_terminal=False, color_system=None, record=True,
                      soft_wrap=False)
    console.print(renderable)
    return console.export_text()


def short_iri(iri: str) -> str:
    """``iri`` with a :data:`SHORT_PREFIXES` prefix for its namespace (``dbo:Band``), else itself.

    >>> short_iri("http://dbpedia.org/ontology/Band"), short_iri("PER")
    ('dbo:Band', 'PER')
    """
    for namespace, short in SHORT_PREFIXES:
        if iri.startswith(namespace):
            return short + iri[len(namespace):]
    return iri
