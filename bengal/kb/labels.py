"""How KB entities and terms are named in text.

:func:`surface_of` is the text written for an entity (its label without a trailing
disambiguation parenthesis): the generator writes it and the baseline annotator looks for
it. :func:`writable_label` says whether a label can stand in running text;
:func:`local_name` names an ontology class or property (``dbo:birthPlace`` →
``birthPlace``) for the lexicon.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["local_name", "surface_of", "writable_label"]

_DISAMBIGUATION = re.compile(r"\s+\([^()]*\)$")


@lru_cache(maxsize=65536)
def local_name(uri: str) -> str:
    """The part of an IRI after its last ``/`` or ``#``.

    ``"http://dbpedia.org/ontology/birthPlace"`` → ``"birthPlace"``,
    ``"http://xmlns.com/foaf/0.1/gender"`` → ``"gender"``; an IRI that ends in ``/`` gives
    ``""``. Meant for ontology terms and the country keys of the lexicon's demonyms: a
    DBpedia resource whose name holds a ``/`` (``AC/DC``) gives only its last part
    (``DC``); its page title is :func:`bengal.kb.iri.label_from_iri`.
    """
    return re.split(r"[/#]", uri)[-1]


def surface_of(label: str) -> str:
    """The surface form written for an entity: its label without a trailing
    disambiguation parenthesis (``"Paris (band)"`` → ``"Paris"``); the label itself
    when nothing else would be left (``"(band)"``)."""
    stripped = _DISAMBIGUATION.sub("", label)
    return stripped if stripped.strip() else label


def writable_label(label: str) -> bool:
    """Whether a label can be written in running text: not blank, no underscore, no
    ``://`` (a raw IRI used as a label)."""
    return bool(label.strip()) and "_" not in label and "://" not in label
