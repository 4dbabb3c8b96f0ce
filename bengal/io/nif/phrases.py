"""One NIF phrase record read into its mentions: placement in contexts, offsets (checked against
the phrase IRI's ``char=b,e``), URIs (GERBIL's NIL IRIs read as NIL), types, score and anchors,
with the warnings and errors ``docs/formats/nif.md`` lists.

A record is what :mod:`bengal.io.nif.read` keeps of one subject: a list indexed by the slots
below, each ``None``, the one pyoxigraph term the subject has for that property, or the list of
its terms when it has several (:func:`values`); slot ``_TYPE`` says whether the subject is typed
``nif:Context``.
"""

from __future__ import annotations

import math
import re
from typing import Any
from urllib.parse import unquote

from pyoxigraph import Literal, NamedNode

from bengal.errors import InputError
from bengal.io._source import FlawLog
from bengal.io.nif.iris import _NIL_BARE, _PHRASE_CHAR, NIL_NAMESPACE, TYPE_NAMESPACE
from bengal.model import Mention, unchecked_mention

__all__ = ["add_phrase", "values"]

# Slots of the per-subject record; slot _TYPE is True when the subject is typed nif:Context;
# _SAME_AS links are collected apart, never stored in a record. _TYPE and _SAME_AS come last (the
# reader's hot loop tells them from the value slots by ``slot >= _TYPE``).
_IS_STRING, _BEGIN, _END, _ANCHOR, _REF, _IDENT, _CLASS, _CONF, _TYPE, _SAME_AS = range(10)

_SPACE = re.compile(r"\s")

def values(slot: Any) -> list:
    """The terms of a record slot as a list: ``[]`` for ``None``, ``[term]`` for one term, the
    list itself for several."""
    if slot is None:
        return []
    return slot if type(slot) is list else [slot]


def _name(key: Any) -> str:
    """Subject term -> its IRI, or ``_:id`` for a blank node."""
    return key.value if type(key) is NamedNode else str(key)


def _shown(term: Any) -> str:
    if isinstance(term, (NamedNode, Literal)):
        return term.value
    return str(term)


#: The most digits an offset may have: 18 (under 10**18 characters, no text is longer; a longer number,
#: such as one of 4,400 digits, is an error before Python's int() refuses it with a ValueError).
_MAX_DIGITS = 18


def _same_number(digits: str, value: int) -> bool:
    """Whether the decimal ``digits`` (leading zeros allowed, any length) are ``value``."""
    return (digits.lstrip("0") or "0") == str(value)


def _int_of(slot: Any, prop: str, iri: str, src: str) -> int:
    """The one non-negative integer of a begin/end property (at most :data:`_MAX_DIGITS` digits)."""
    terms = values(slot)
    if not terms:
        raise InputError(f"phrase {iri}: no {prop}", source=src)
    ints = set()
    for v in terms:
        s = v.value.strip() if isinstance(v, Literal) else ""
        if s.startswith("+"):
            s = s[1:]
        if not (s.isascii() and s.isdigit()):
            raise InputError(f"phrase {iri}: {prop} {_shown(v)!r} is not a non-negative integer", source=src)
        if len(s.lstrip("0")) > _MAX_DIGITS:
            raise InputError(f"phrase {iri}: {prop} is a number of {len(s):,} digits, beyond any text", source=src)
        ints.add(int(s))
    if len(ints) > 1:
        raise InputError(f"phrase {iri}: several different {prop} values {sorted(ints)}", source=src)
    return ints.pop()


def add_phrase(
    key: Any,
    rec: list,
    records: dict[Any, list],
    texts: dict[Any, str],
    per_doc: dict[Any, list[tuple[Mention, str]]],
    log: FlawLog,
    src: str,
    base: str | None,
    keep_nil_iris: bool,
    uri_sets: dict[Any, frozenset[str]] | None = None,
    type_names: dict[str, str] | None = None,
) -> int:
    """Read the record ``rec`` of subject ``key`` as a phrase: append ``(mention, phrase IRI)``
    to ``per_doc[context term]`` for each context it is placed in (nothing when the record is no
    phrase or cannot be placed).

    Args:
        key: the subject (a pyoxigraph ``NamedNode`` or ``BlankNode``).
        rec: its record.
        records: every record of the file (to tell a text-less ``nif:Context`` from no context).
        texts: the text of each context, by subject term.
        per_doc: the mentions read so far, by context term.
        log: where the warnings go.
        src: the file, for errors.
        base: the base IRI the file was read against (its empty IRI ``<>`` is dropped), or None.
        keep_nil_iris: keep GERBIL's emerging-entity IRIs as URIs instead of reading them as NIL.
        uri_sets, type_names: the URI sets and type strings of the phrases read so far (a URI set by
            its one URI or by itself, a type by itself), filled here: mentions with the same URIs
            or type share one object (a corpus links the same entities again and again; a frozenset
            of one URI takes 216 bytes). None: nothing shared.

    Returns:
        the number of GERBIL NIL IRIs read as NIL.

    Raises:
        InputError: a hard flaw of the phrase (offsets, context, confidence, span outside the text).
    """
    refs = rec[_REF]
    if rec[_IS_STRING] is not None and refs is None:
        return 0  # a context (one that also names a context is a whole-text phrase, too)
    anchors = rec[_ANCHOR]
    if refs is None and anchors is None:
        if rec[_TYPE] or (rec[_BEGIN] is None and rec[_END] is None):
            if rec[_IDENT] is not None or rec[_CLASS] is not None:
                log.add(
                    "unplaced_annotation",
                    _name(key),
                    f"{_name(key)} has itsrdf annotations but no span and no context; not read as a mention",
                )
            return 0
    iri = key.value if type(key) is NamedNode else str(key)
    # Each step has a fast path for the common case (one plain value) inline; anything else goes
    # to its helper, which gives the warnings and errors.
    bv, ev = rec[_BEGIN], rec[_END]
    if type(bv) is Literal and type(ev) is Literal and (bs := bv.value).isdigit() and (es := ev.value).isdigit() \
            and bs.isascii() and es.isascii() and len(bs) <= _MAX_DIGITS and len(es) <= _MAX_DIGITS:
        begin, end = int(bs), int(es)
    else:
        begin = _int_of(bv, "nif:beginIndex", iri, src)
        end = _int_of(ev, "nif:endIndex", iri, src)
    if begin >= end:
        raise InputError(f"phrase {iri}: begin {begin} >= end {end}", source=src)

    placed = (refs,) if refs is not None and type(refs) is not list and refs in texts else \
        _contexts(iri, refs, records, texts, log, src)

    # the phrase IRI's own char=b,e (fast path: it ends with exactly "#char=begin,end")
    if "#" in iri:
        tail = f"char={begin},{end}"
        if not (iri.endswith(tail) and iri[-len(tail) - 1] in "#,"):
            m = _PHRASE_CHAR.search(iri)
            if m is not None and m.group(2) and not (_same_number(m.group(1), begin)
                                                     and _same_number(m.group(2), end)):
                log.add(
                    "iri_offset_mismatch",
                    iri,
                    f"phrase {iri}: the IRI says char={m.group(1)},{m.group(2)} but nif:beginIndex/endIndex "
                    f"say [{begin},{end}); the index properties are used",
                )

    idents = rec[_IDENT]
    nil_iris = 0
    if idents is None:
        uris: frozenset[str] = frozenset()
    elif (type(idents) is NamedNode and (value := idents.value) != base
          and (keep_nil_iris or not (value.startswith(NIL_NAMESPACE) or value == _NIL_BARE))):
        if uri_sets is None:
            uris = frozenset((value,))
        elif (shared := uri_sets.get(value)) is not None:
            uris = shared
        else:
            uris = uri_sets[value] = frozenset((value,))
    else:
        uris, nil_iris = _uris(iri, values(idents), base, keep_nil_iris, log)
        if uri_sets is not None:
            uris = uri_sets.setdefault(uris, uris)
    classes = rec[_CLASS]
    if classes is None:
        mtype = None
    elif type(classes) is NamedNode and (mtype := classes.value) != base and not mtype.startswith(TYPE_NAMESPACE):
        pass  # one class IRI: the type is that IRI
    else:
        mtype = _type(iri, values(classes), base, log)
    if mtype is not None and type_names is not None:
        mtype = type_names.setdefault(mtype, mtype)
    confs = rec[_CONF]
    score = None if confs is None else _score(iri, values(confs), log, src)

    # anchors, checked against the text of each context
    if anchors is None:
        anchor_values: list[str] = []
    elif type(anchors) is Literal:
        anchor_values = [anchors.value]
    elif type(anchors) is not list:
        anchor_values = [_shown(anchors)]
    else:
        anchor_values = list(dict.fromkeys(a.value if type(a) is Literal else _shown(a) for a in anchors))
        if len(anchor_values) > 1:
            log.add(
                "conflicting_values",
                iri,
                f"phrase {iri} has {len(anchor_values)} nif:anchorOf values {anchor_values!r} (annotations "
                f"merged under one IRI?); kept as one mention with all URIs",
            )
    for ck in placed:
        text = texts[ck]
        if end > len(text):
            raise InputError(
                f"phrase {iri}: span [{begin},{end}) lies outside the text of its context {_name(ck)} "
                f"({len(text)} code points)",
                source=src,
            )
        surface = text[begin:end]
        for a in anchor_values:
            if a != surface:
                log.add(
                    "anchor_mismatch",
                    iri,
                    f"phrase {iri}: nif:anchorOf {a!r} differs from text[{begin}:{end}] {surface!r}; "
                    f"the offsets are kept",
                )
                break
        per_doc[ck].append((unchecked_mention(begin, end, surface, uris, mtype, score), iri))
    return nil_iris


def _contexts(iri: str, refs: Any, records: dict[Any, list], texts: dict[Any, str], log: FlawLog,
              src: str) -> list[Any]:
    """The subject terms of the contexts with text the phrase is placed in (``nif:referenceContext``)."""
    placed: list[Any] = []
    if refs is None:
        log.add("missing_context", iri, f"phrase {iri} has no nif:referenceContext; not placed in any document")
        return placed
    ctx_keys = list(dict.fromkeys(values(refs)))
    if len(ctx_keys) > 1:
        log.add(
            "conflicting_values",
            iri,
            f"phrase {iri} has {len(ctx_keys)} nif:referenceContext values; placed in each",
        )
    for ck in ctx_keys:
        if ck in texts:
            placed.append(ck)
        elif ck in records and records[ck][_TYPE]:
            raise InputError(
                f"phrase {iri}: its context {_name(ck)} is a nif:Context without nif:isString", source=src
            )
        else:
            log.add(
                "missing_context",
                iri,
                f"phrase {iri}: its nif:referenceContext {_name(ck)} is no context in the file; "
                f"not placed in any document",
            )
    return placed


def _uris(iri: str, idents: list, base: str | None, keep_nil_iris: bool,
          log: FlawLog) -> tuple[frozenset[str], int]:
    """``(URIs, number of NIL IRIs read as NIL)`` of the ``itsrdf:taIdentRef`` values."""
    found: set[str] = set()
    nil_iris = 0
    for obj in idents:
        if type(obj) is NamedNode:
            value = obj.value
            if value == base:
                log.add("empty_iri", iri, f"phrase {iri}: itsrdf:taIdentRef <> (empty IRI) dropped")
                continue
        elif type(obj) is Literal and obj.value and not _SPACE.search(obj.value):
            value = obj.value
            log.add("malformed_uri", iri, f"phrase {iri}: itsrdf:taIdentRef is a literal {value!r}; kept")
        else:
            log.add("malformed_uri", iri, f"phrase {iri}: itsrdf:taIdentRef {_shown(obj)!r} is no IRI; dropped")
            continue
        if not keep_nil_iris and (value.startswith(NIL_NAMESPACE) or value == _NIL_BARE):
            nil_iris += 1
            continue
        found.add(value)
    return frozenset(found), nil_iris


def _type(iri: str, classes: list, base: str | None, log: FlawLog) -> str | None:
    """The :attr:`Mention.type` of the ``itsrdf:taClassRef`` values: sorted, distinct, space-joined."""
    type_values: set[str] = set()
    for obj in classes:
        if type(obj) is NamedNode:
            value = obj.value
            if value == base:
                log.add("empty_iri", iri, f"phrase {iri}: itsrdf:taClassRef <> (empty IRI) dropped")
                continue
            if value.startswith(TYPE_NAMESPACE):
                value = unquote(value[len(TYPE_NAMESPACE) :])
            type_values.add(value)
        else:
            type_values.add(obj.value if type(obj) is Literal else _shown(obj))
    return " ".join(sorted(type_values)) if type_values else None


def _score(iri: str, confs: list, log: FlawLog, src: str) -> float:
    """The ``itsrdf:taConfidence`` of the phrase (the highest of several)."""
    scores = set()
    for obj in confs:
        try:
            scores.add(float(obj.value) if type(obj) is Literal else float("x"))
        except ValueError:
            raise InputError(f"phrase {iri}: itsrdf:taConfidence {_shown(obj)!r} is not a number", source=src) from None
    if not all(math.isfinite(s) for s in scores):  # xsd:double has NaN and INF; no threshold or JSON takes them
        raise InputError(f"phrase {iri}: itsrdf:taConfidence is {min(scores, key=math.isfinite)}, not a finite "
                         "number", source=src)
    if len(scores) > 1:
        log.add(
            "conflicting_values",
            iri,
            f"phrase {iri} has {len(scores)} itsrdf:taConfidence values; the highest is kept",
        )
    return max(scores)
