r"""DBpedia resource IRIs: one spelling per entity.

Sources spell the same DBpedia entity in different ways: the old URI style
percent-encodes UTF-8 and some ASCII (``Beyonc%C3%A9``, ``Ender%27s_Game``),
the IRI style of DBpedia 2016 writes them raw (``Beyoncé``, ``Ender's_Game``),
and a few sources use spaces instead of underscores. This module maps every
spelling to the one DBpedia's extraction framework writes for the English
2016-era releases:

1. percent-decode the local name, reading the bytes as UTF-8;
2. change spaces to ``_``;
3. percent-encode (UTF-8, uppercase hex) only DBpedia's IRI escape set:
   U+0000–U+001F, ``" # % < > ? [ \ ] ^ ` { | }`` and U+007F–U+009F.

The escape set is the one of the extraction framework's
``DBpediaNamespace.iriEscapes`` (dbpedia/extraction-framework, Scala object
``org.dbpedia.extraction.ontology.DBpediaNamespace``:
``('\u0000' to '\u001F') + "\"#%<>?[\\]^`{|}" + ('\u007F' to '\u009F')``,
chosen after RFC 3987). Everything else stays raw: non-ASCII letters and
``' & , ( ) : ! * / . - + = $ @``. The result is a
valid IRI (RFC 3987) and a valid N-Triples IRIREF.

Examples (local names)::

    Beyonc%C3%A9            -> Beyoncé
    Ender%27s_Game          -> Ender's_Game
    Cambridge, Massachusetts -> Cambridge,_Massachusetts
    Who?                    -> Who%3F
    "Weird_Al"_Yankovic     -> %22Weird_Al%22_Yankovic
    100%_Pure               -> 100%25_Pure     (a % that starts no escape is a percent sign)

Normalisation is idempotent: ``normalize_local_name(normalize_local_name(x))
== normalize_local_name(x)``.

The DBpedia label of an entity (``rdfs:label``) is the Wikipedia page title:
the percent-decoded local name with ``_`` read as a space
(:func:`label_from_iri`).
"""

from __future__ import annotations

import re

from bengal.rdf import DBO, DBR

__all__ = [
    "DBPEDIA_RESOURCE",
    "DBPEDIA_ONTOLOGY",
    "IRI_ESCAPES",
    "normalize_local_name",
    "dbpedia_resource",
    "is_dbpedia_resource",
    "normalize_dbpedia_iri",
    "label_from_local_name",
    "label_from_iri",
]

DBPEDIA_RESOURCE = DBR
"""Namespace of English DBpedia entities (``dbr:``)."""

DBPEDIA_ONTOLOGY = DBO
"""Namespace of the DBpedia ontology (``dbo:``)."""

IRI_ESCAPES: frozenset[str] = frozenset(
    [chr(c) for c in range(0x00, 0x20)]
    + list('"#%<>?[\\]^`{|}')
    + [chr(c) for c in range(0x7F, 0xA0)]
)
"""Characters DBpedia percent-encodes in IRIs (extraction-framework
``DBpediaNamespace.iriEscapes``): U+0000–U+001F, ``" # % < > ? [ \\ ] ^ ` { | }``
and U+007F–U+009F. A space is not in the set: it becomes ``_`` first."""

# One run of %XX escapes; decoded together so multi-byte UTF-8 sequences join up.
_PCT_RUN = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
# Anything that needs work: a %, a space, a character of the escape set, or a
# lone surrogate (left by undecodable bytes, written back as %XX).
_NEEDS_WORK = re.compile("[%% \x00-\x1f\"#<>?\\[\\\\\\]^`{|}\x7f-\x9f\udc80-\udcff]")
_TO_ESCAPE = re.compile("[\x00-\x1f\"#%<>?\\[\\\\\\]^`{|}\x7f-\x9f\udc80-\udcff]")


def _decode_run(match: re.Match[str]) -> str:
    raw = bytes.fromhex(match.group(0).replace("%", ""))
    # Bytes that are not UTF-8 become lone surrogates and are written back as
    # %XX by _escape_char, so such a name survives unchanged (and idempotently).
    return raw.decode("utf-8", errors="surrogateescape")


def _escape_char(match: re.Match[str]) -> str:
    ch = match.group(0)
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte kept by surrogateescape
        return f"%{code - 0xDC00:02X}"
    return "".join(f"%{b:02X}" for b in ch.encode("utf-8"))


def _percent_decode(name: str) -> str:
    if "%" not in name:
        return name
    return _PCT_RUN.sub(_decode_run, name)


def normalize_local_name(name: str) -> str:
    """The DBpedia spelling of a resource's local name.

    Percent-decodes ``name`` (UTF-8), turns spaces into ``_`` and percent-encodes
    only :data:`IRI_ESCAPES` (uppercase hex). Idempotent.

    Args:
        name: a local name in any source encoding, e.g. ``"Beyonc%C3%A9"``,
            ``"Ender%27s_Game"``, ``"Cambridge, Massachusetts"``.

    Returns:
        e.g. ``"Beyoncé"``, ``"Ender's_Game"``, ``"Cambridge,_Massachusetts"``.

    Definition: extraction-framework ``DBpediaNamespace.iriEscapes`` (see the
    module docstring).
    """
    if not _NEEDS_WORK.search(name):
        return name
    decoded = _percent_decode(name).replace(" ", "_")
    return _TO_ESCAPE.sub(_escape_char, decoded)


def dbpedia_resource(name: str) -> str:
    """The full English DBpedia IRI of a local name, normalised.

    Args:
        name: a local name in any encoding (``"Ender%27s_Game"``), or already a
            full ``http://dbpedia.org/resource/...`` IRI.

    Returns:
        ``"http://dbpedia.org/resource/" + normalize_local_name(name)``, e.g.
        ``"http://dbpedia.org/resource/Ender's_Game"``.
    """
    if name.startswith(DBPEDIA_RESOURCE):
        name = name[len(DBPEDIA_RESOURCE):]
    return DBPEDIA_RESOURCE + normalize_local_name(name)


def is_dbpedia_resource(iri: str) -> bool:
    """Whether ``iri`` is in the English DBpedia resource namespace
    (``http://dbpedia.org/resource/`` followed by a non-empty local name)."""
    return iri.startswith(DBPEDIA_RESOURCE) and len(iri) > len(DBPEDIA_RESOURCE)


def normalize_dbpedia_iri(iri: str) -> str:
    """Normalise a ``http://dbpedia.org/resource/...`` IRI; return any other IRI unchanged.

    ``"http://dbpedia.org/resource/Ender%27s_Game"`` gives
    ``"http://dbpedia.org/resource/Ender's_Game"``.
    """
    if not is_dbpedia_resource(iri):
        return iri
    return DBPEDIA_RESOURCE + normalize_local_name(iri[len(DBPEDIA_RESOURCE):])


def label_from_local_name(name: str) -> str:
    """The page title of a local name: percent-decoded, ``_`` read as a space.

    ``"Cambridge,_Massachusetts"`` gives ``"Cambridge, Massachusetts"``;
    ``"%22Weird_Al%22_Yankovic"`` gives ``'"Weird Al" Yankovic'``. Bytes that
    are not UTF-8 become U+FFFD.
    """
    if "%" in name:
        name = _PCT_RUN.sub(
            lambda m: bytes.fromhex(m.group(0).replace("%", "")).decode("utf-8", errors="replace"),
            name,
        )
    return name.replace("_", " ")


def label_from_iri(iri: str) -> str:
    """The DBpedia label (``rdfs:label``, the Wikipedia page title) of an entity IRI.

    Args:
        iri: a ``http://dbpedia.org/resource/...`` IRI in any encoding.

    Returns:
        the percent-decoded local name with ``_`` read as a space, e.g.
        ``label_from_iri("http://dbpedia.org/resource/Cambridge,_Massachusetts")
        == "Cambridge, Massachusetts"``.

    Raises:
        ValueError: when ``iri`` is not in the English DBpedia resource namespace.
    """
    if not is_dbpedia_resource(iri):
        raise ValueError(f"not an English DBpedia resource IRI: {iri!r}")
    return label_from_local_name(iri[len(DBPEDIA_RESOURCE):])
