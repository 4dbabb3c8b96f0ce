"""Tagging schemes as tables: IO, IOB1, IOB2, IOE1, IOE2, IOBES, BILOU (seqeval's ``scheme.py`` idea).

A scheme is data, not code: the prefixes it allows, three sets of patterns over a pair of
neighbouring tokens (``start``, ``inside``, ``end``, each ``(previous prefixes, current
prefixes, SAME|DIFF|ANY type rule)``), the conlleval role of each prefix for lenient reading,
and the prefixes it writes a chunk with. One generic loop (:mod:`bengal.tagging.decode`)
reads every scheme, strict or lenient; :func:`tags_for` writes any scheme that can be
written. Tags are ``B-PER`` (prefix style) or ``PER-B`` (suffix style, :func:`parse_tag`).
Definitions, sources and where this differs from seqeval: ``docs/tagging.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, cast

from bengal.errors import UnknownOptionError

__all__ = [
    "INVALID_TAG_TREATMENT",
    "Scheme",
    "SCHEMES",
    "SAME",
    "DIFF",
    "ANY",
    "OUTSIDE",
    "MODES",
    "LENIENT",
    "STRICT",
    "get_scheme",
    "parse_tag",
    "tags_for",
]

SAME = "same"
DIFF = "diff"
ANY = "any"

#: The outside tag.
OUTSIDE = "O"
#: Every prefix letter any scheme uses; ``O`` is the outside prefix.
ALL_PREFIXES = "OBIESLU"

LENIENT = "lenient"
STRICT = "strict"
MODES = (LENIENT, STRICT)
#: What each mode does with a tag in no chunk the scheme allows (the chunk report's and the invalid-tag warning's
#: words): strict mode drops it, lenient mode reads it by conlleval's rules ("I-X I-X" is one chunk).
INVALID_TAG_TREATMENT = {STRICT: "dropped", LENIENT: "read by conlleval's rules"}

Pattern = tuple[str, str, str]


@dataclass(frozen=True)
class Scheme:
    """One tagging scheme as a table.

    Attributes:
        name: the key users type (``"iob2"``).
        label: the field's spelling (``"IOB2"``).
        prefixes: the allowed chunk prefixes (``O`` is always allowed).
        roles: conlleval's role (``B``, ``I``, ``E`` or ``S``) of each prefix,
            for lenient mode.
        start, inside, end: the patterns (module docstring); ``"*"`` in a
            prefix slot means any prefix of the scheme, ``O`` included.
        writes: the prefixes a written chunk gets: ``(one-token chunk, first, inside, last)``
            token; ``None`` when the scheme cannot be written from spans alone (IOE1, whose
            tags depend on the next chunk).
        after_same: the first prefix of a chunk that directly follows a chunk of the same
            type, when it differs from ``writes`` (IOB1's ``B``), else ``None``.
    """

    name: str
    label: str
    prefixes: str
    roles: Mapping[str, str]
    start: frozenset[Pattern]
    inside: frozenset[Pattern]
    end: frozenset[Pattern]
    writes: tuple[str, str, str, str] | None = None
    after_same: str | None = None

    def allows(self, prefix: str) -> bool:
        """True when ``prefix`` (a letter, or ``O``) is allowed by the scheme."""
        return prefix == OUTSIDE or prefix in self.prefixes

    @staticmethod
    def _match(patterns: frozenset[Pattern], prev: str, cur: str, same: bool) -> bool:
        for p, c, rule in patterns:
            if (p == "*" or prev in p) and (c == "*" or cur in c):
                if rule == ANY or (rule == SAME) == same:
                    return True
        return False

    def is_start(self, prev: str, cur: str, same: bool) -> bool:
        """Whether ``cur`` begins a chunk after ``prev`` (prefixes; ``same``: same type)."""
        return cur != OUTSIDE and self._match(self.start, prev, cur, same)

    def is_inside(self, prev: str, cur: str, same: bool) -> bool:
        """Whether ``cur`` continues the chunk ``prev`` is in."""
        return prev != OUTSIDE and cur != OUTSIDE and self._match(self.inside, prev, cur, same)

    def is_end(self, prev: str, cur: str, same: bool) -> bool:
        """Whether a chunk whose last token is ``prev`` is complete when ``cur`` follows."""
        return prev != OUTSIDE and self._match(self.end, prev, cur, same)


def _scheme(name: str, label: str, prefixes: str, roles: dict[str, str], start: Iterable[Pattern],
            inside: Iterable[Pattern], end: Iterable[Pattern], writes: str | None = None,
            after_same: str | None = None) -> Scheme:
    # ``writes`` has one prefix letter per slot ("IIII"): four, which the type system cannot count
    return Scheme(name, label, prefixes, roles, frozenset(start), frozenset(inside), frozenset(end),
                  cast("tuple[str, str, str, str]", tuple(writes)) if writes else None, after_same)


SCHEMES: dict[str, Scheme] = {s.name: s for s in (
    _scheme("io", "IO", "I", {"I": "I"},
            start=[("O", "I", ANY), ("I", "I", DIFF)],
            inside=[("I", "I", SAME)],
            end=[("I", "*", ANY)],
            writes="IIII"),
    _scheme("iob1", "IOB1", "IB", {"I": "I", "B": "B"},
            # I-X begins a chunk unless it continues one (after O, another type, or a
            # B-X that began no chunk); B-X begins one only right after a chunk of type X.
            start=[("O", "I", ANY), ("IB", "I", DIFF), ("B", "I", SAME), ("IB", "B", SAME)],
            inside=[("IB", "I", SAME)],
            end=[("IB", "*", ANY)],
            writes="IIII", after_same="B"),
    _scheme("iob2", "IOB2", "IB", {"I": "I", "B": "B"},
            start=[("*", "B", ANY)],
            inside=[("IB", "I", SAME)],
            end=[("IB", "*", ANY)],
            writes="BBII"),
    _scheme("ioe1", "IOE1", "IE", {"I": "I", "E": "E"},
            # E-X ends a chunk only when a chunk of type X follows directly.
            start=[("O", "IE", ANY), ("IE", "IE", DIFF), ("E", "IE", SAME)],
            inside=[("I", "IE", SAME)],
            end=[("I", "*", ANY), ("E", "IE", SAME)]),
    _scheme("ioe2", "IOE2", "IE", {"I": "I", "E": "E"},
            start=[("OE", "IE", ANY), ("I", "IE", DIFF)],
            inside=[("I", "IE", SAME)],
            end=[("E", "*", ANY)],
            writes="EIIE"),
    _scheme("iobes", "IOBES", "IBES", {"I": "I", "B": "B", "E": "E", "S": "S"},
            start=[("*", "BS", ANY)],
            inside=[("BI", "IE", SAME)],
            end=[("ES", "*", ANY)],
            writes="SBIE"),
    _scheme("bilou", "BILOU", "BILU", {"B": "B", "I": "I", "L": "E", "U": "S"},
            start=[("*", "BU", ANY)],
            inside=[("BI", "IL", SAME)],
            end=[("LU", "*", ANY)],
            writes="UBIL"),
)}


def get_scheme(name: str | Scheme) -> Scheme:
    """The :class:`Scheme` called ``name`` (case-insensitive).

    Raises:
        UnknownOptionError: an unknown scheme name (the message lists the known ones; a ValueError).
    """
    if isinstance(name, Scheme):
        return name
    scheme = SCHEMES.get(str(name).lower())
    if scheme is None:
        raise UnknownOptionError(f"unknown tagging scheme {name!r}: choose one of {', '.join(SCHEMES)}")
    return scheme


def parse_tag(tag: str, suffix: bool = False) -> tuple[str, str]:
    """Split a tag into ``(prefix, type)``.

    ``"O"`` gives ``("O", "")``; ``"B-PER"`` gives ``("B", "PER")`` (prefix
    style: split at the first ``-``); with ``suffix=True`` ``"PER-B"`` gives
    ``("B", "PER")`` (split at the last ``-``); a bare ``"B"`` gives
    ``("B", "_")`` (seqeval's convention for an untyped chunk), but ``"B-"``
    (a ``-`` and no type after it, a truncated tag) is refused.

    Raises:
        ValueError: an empty tag, a prefix that is not one letter of
            ``OBIESLU``, a tag without the ``-`` between prefix and type, or
            a ``-`` with no type (``"B-"``; ``"-B"`` in suffix style).
    """
    if not tag:
        raise ValueError("empty tag")
    if tag == OUTSIDE:
        return OUTSIDE, ""
    if len(tag) == 1:
        if tag in ALL_PREFIXES:
            return tag, "_"
        raise ValueError(f"tag {tag!r} has no known prefix (one of {', '.join(ALL_PREFIXES)})")
    if suffix:
        typ, sep, prefix = tag.rpartition("-")
    else:
        prefix, sep, typ = tag.partition("-")
    if not sep or len(prefix) != 1 or prefix not in ALL_PREFIXES or prefix == OUTSIDE:
        style = "TYPE-P (suffix style)" if suffix else "P-TYPE (prefix style)"
        raise ValueError(f"tag {tag!r} is not of the form {style} with P one of B, I, E, S, L, U, or O")
    if not typ:
        raise ValueError(f"tag {tag!r} has a '-' but no type (a bare {prefix!r} is an untyped chunk)")
    return prefix, typ


def tags_for(scheme: str | Scheme, n: int, typ: str, *, suffix: bool = False, follows_same: bool = False) -> list[str]:
    """The tags of one chunk of ``n`` tokens of type ``typ`` (``"_"``: untyped) under ``scheme``.

    Args:
        scheme: a scheme name or :class:`Scheme`.
        n: tokens in the chunk (>= 1).
        typ: the chunk's type; ``"_"`` writes bare prefixes (``B``, ``I``).
        suffix: write ``TYPE-P`` instead of ``P-TYPE``.
        follows_same: the chunk directly follows a chunk of the same type (IOB1 then begins with ``B``).

    Raises:
        UnknownOptionError: an unknown scheme, or one that cannot be written (IOE1).
    """
    sch = get_scheme(scheme)
    if sch.writes is None:
        raise UnknownOptionError(f"writing the scheme {sch.name!r} is not supported")
    single, first, inside, last = sch.writes
    if follows_same and sch.after_same:
        single = first = sch.after_same
    prefixes = [single] if n == 1 else [first] + [inside] * (n - 2) + [last]
    if typ == "_":
        return prefixes
    return [f"{typ}-{p}" if suffix else f"{p}-{typ}" for p in prefixes]
