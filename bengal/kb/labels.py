"""How KB entities and terms are named in text.

:func:`surface_of` is the text written for an entity (its label without a trailing
disambiguation parenthesis): the generator writes it and the baseline annotator looks for
it. :func:`writable_label` says whether a label can stand in running text (no control characters,
:data:`CONTROL_CHARS`; :func:`refused_label_count` counts the entities whose label holds one);
:func:`local_name` names an ontology class or property (``dbo:birthPlace`` →
``birthPlace``) for the lexicon.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bengal.kb.sparql import PREFIXES, SparqlKB

__all__ = ["local_name", "surface_of", "writable_label", "has_control", "CONTROL_CHARS", "refused_label_count"]

_DISAMBIGUATION = re.compile(r"\s+\([^()]*\)$")
#: The characters no label may hold to be written in text, as a regex class: every C0 control
#: (U+0000-U+001F: NUL, tab, line feed, carriage return …), DEL (U+007F), every C1 control
#: (U+0080-U+009F) and the Unicode line and paragraph separators (U+2028, U+2029). A label holding
#: one would put a line break, a NUL or a terminal escape into the generated text (or its NIF).
CONTROL_CHARS = "[\u0000-\u001f\u007f-\u009f\u2028\u2029]"
_CONTROL = re.compile(CONTROL_CHARS)
# the same class for the embedded store's regex engine (Rust's regex crate), in a SPARQL string literal
_SPARQL_CONTROL = r"[\\x00-\\x1F\\x7F-\\x9F\\x{2028}\\x{2029}]"


def has_control(label: str) -> bool:
    """Whether ``label`` holds a character of :data:`CONTROL_CHARS`."""
    return _CONTROL.search(label) is not None


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


@lru_cache(maxsize=262144)
def surface_of(label: str) -> str:
    """The surface form written for an entity: its label without a trailing
    disambiguation parenthesis (``"Paris (band)"`` → ``"Paris"``); the label itself
    when nothing else would be left (``"(band)"``)."""
    stripped = _DISAMBIGUATION.sub("", label)
    return stripped if stripped.strip() else label


def writable_label(label: str) -> bool:
    """Whether a label can be written in running text: not blank, no underscore, no
    ``://`` (a raw IRI used as a label), no control character (:data:`CONTROL_CHARS`; such a
    label names nothing, and the manifest counts the entities that have one, ``refused_labels``)."""
    return bool(label.strip()) and "_" not in label and "://" not in label and not has_control(label)


def refused_label_count(kb: SparqlKB) -> int:
    """The number of distinct entities with an ``rdfs:label`` holding a control character
    (:data:`CONTROL_CHARS`): labels :func:`writable_label` refuses, so such an entity is never named by
    that label. One query over every label of the KB (about 1 s on the bundled sample)."""
    rows = kb.select(PREFIXES + f"""
        # labels holding control characters
        SELECT (COUNT(DISTINCT ?e) AS ?n) WHERE {{ ?e rdfs:label ?l .
          FILTER(REGEX(STR(?l), "{_SPARQL_CONTROL}")) }}""")
    return int(rows[0][0] or 0) if rows else 0
