"""The IRIs of NIF: a context's document URI, the ``char=b,e`` parts of context and phrase IRIs,
GERBIL's emerging-entity (NIL) IRIs, bengal's IRIs for plain type labels, and the repair of URIs
NIF cannot carry as they are (``docs/formats/nif.md``)."""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import quote

from bengal.errors import InputError
from bengal.rdf import GERBIL_NIL_NAMESPACE, IRI_FORBIDDEN, has_scheme, is_absolute_iri, valid_iri

__all__ = ["NIL_NAMESPACE", "TYPE_NAMESPACE", "document_uri", "nil_iri", "type_iris"]

#: GERBIL's namespace for emerging entities (entities not in the KB).
NIL_NAMESPACE = GERBIL_NIL_NAMESPACE
_NIL_BARE = NIL_NAMESPACE.rstrip("/")  # Reuters-128 also has the bare <http://aksw.org/notInWiki>
#: Namespace bengal writes plain (non-IRI) type labels in.
TYPE_NAMESPACE = "urn:bengal:type:"

# RFC 5147 part at the end of a fragment: "#char=0,12", "#sentence=5,char=0,12",
# "#char=0," (KORE50), optionally followed by ";…" parameters ("#char=3,9;n=2").
_CHAR_TAIL = re.compile(r"(?:^|,)char=(\d+),(\d*)((?:;[^,;#]*)*)$")
_PHRASE_CHAR = re.compile(r"[#,]char=(\d+),(\d*)(?:;[^,;#]*)*$")


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


def nil_iri(surface: str) -> str:
    """GERBIL-style emerging-entity IRI for a NIL mention: ``http://aksw.org/notInWiki/<surface>``."""
    label = "_".join(surface.split()) or "_"
    return NIL_NAMESPACE + quote(label, safe="!$&'()*+,;=:@/-._~")


def type_iris(mtype: str) -> list[str]:
    """The ``itsrdf:taClassRef`` IRIs bengal writes for a :attr:`Mention.type`: the type
    itself when it is a valid absolute IRI, each part when it is several separated by
    single spaces, else ``urn:bengal:type:<percent-encoded type>``."""
    return list(_type_iris(mtype) if len(mtype) <= _CACHED_LENGTH else _type_iris.__wrapped__(mtype))


@lru_cache(maxsize=65536)
def _type_iris(mtype: str) -> tuple[str, ...]:
    """:func:`type_iris`, cached: a corpus has few types, written again and again."""
    parts = mtype.split(" ")
    if all(is_absolute_iri(p) and valid_iri(p) for p in parts):
        return tuple(sorted(set(parts)))
    return (TYPE_NAMESPACE + quote(mtype, safe=""),)


def _with_char(doc_uri: str, begin: int, end: int) -> str:
    sep = "," if "#" in doc_uri else "#"
    return f"{doc_uri}{sep}char={begin},{end}"


def _iri_text(s: str) -> str:
    if IRI_FORBIDDEN.search(s):
        s = IRI_FORBIDDEN.sub(lambda m: "".join(f"%{b:02X}" for b in m.group(0).encode("utf-8")), s)
    return s


_BAD_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")


def _safe_iri(s: str, what: str, corpus_name: str) -> str:
    """``s`` as an IRI NIF can carry: characters forbidden in IRIs are percent-encoded;
    when that is not enough (a stray ``%``, a second ``#``, ``[`` in a path, …) the path,
    query and fragment are percent-encoded as a whole. The result is checked with
    pyoxigraph's IRI parser. ``what`` and ``corpus_name`` say in an error what ``s`` is.

    Raises:
        InputError: ``s`` is not absolute, or cannot be repaired (e.g. a bad port).
    """
    t = _repaired_iri(s) if len(s) <= _CACHED_LENGTH else _repaired_iri.__wrapped__(s)
    if t is not None:
        return t
    if not has_scheme(s):
        raise InputError(f"{what} {s!r} is not an absolute IRI; NIF needs one", source=corpus_name or None)
    raise InputError(f"{what} {s!r} is not a valid IRI and cannot be repaired", source=corpus_name or None)


#: IRIs up to this length are cached (:func:`_repaired_iri`); a longer one, as a hostile input has, is not kept.
_CACHED_LENGTH = 2048


@lru_cache(maxsize=65536)
def _repaired_iri(s: str) -> str | None:
    """:func:`_safe_iri`'s IRI for ``s``, or None when there is none; cached (a corpus links the same
    entities again and again)."""
    if not has_scheme(s):
        return None
    t = _iri_text(s)
    if valid_iri(t):
        return t
    scheme, rest = t.split(":", 1)
    head, sep, frag = rest.partition("#")
    safe = "/?:@!$&'()*+,;=~-._%"
    t = scheme + ":" + quote(_BAD_PERCENT.sub("%25", head), safe=safe)
    if sep:
        t += "#" + quote(_BAD_PERCENT.sub("%25", frag), safe=safe)
    return t if valid_iri(t) else None
