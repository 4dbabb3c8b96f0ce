"""Tagging schemes as tables: IO, IOB1, IOB2, IOE1, IOE2, IOBES, BILOU.

A scheme is data, not code (the idea of seqeval's ``scheme.py``): the
prefixes it allows, and three sets of *patterns* over a pair of neighbouring
tokens ``(previous, current)``, each pattern ``(previous prefixes, current
prefixes, type rule)`` with the type rule ``SAME``, ``DIFF`` or ``ANY``:

* ``start``: the current token begins a chunk (when it does not continue one);
* ``inside``: the current token continues the chunk the previous token is in;
* ``end``: a chunk that stops before the current token is complete (strict
  mode keeps it), otherwise it is dropped.

One generic loop (:mod:`bengal.score.chunks`) reads every scheme, in two modes:

* **strict**: the chunks are exactly those the scheme's patterns allow; tags
  outside any valid chunk are dropped and counted (case C2). This is
  seqeval's ``mode="strict"`` (seqeval ``scheme.py``: ``IOB2``, ``IOBES``,
  ``BILOU``, ``IOE2``; its ``IOB1``/``IOE1`` tables have known gaps, see
  below).
* **lenient**: conlleval's rules (conlleval.pl ``startOfChunk`` /
  ``endOfChunk``; seqeval's default mode, ``get_entities``), which read any
  tag sequence as chunks, repairing what the scheme does not allow (an
  ``I-X`` after ``O`` starts a chunk, a type switch starts a new chunk). Each
  prefix of the scheme maps to one of conlleval's roles ``B I E S``
  (:attr:`Scheme.roles`: BILOU's ``L`` is ``E`` and ``U`` is ``S``). The tags
  that the strict reading would drop are counted as *repaired*.

Tags: prefix style ``B-PER`` (split at the first ``-``, so ``B-ARGM-LOC`` has
type ``ARGM-LOC``) or suffix style ``PER-B`` (split at the last ``-``, as
PaddleNLP's ``ChunkEvaluator(suffix=True)``); a bare prefix (``B``) has the
type ``_`` (seqeval's convention); ``O`` is outside. See :func:`parse_tag`.

Definitions (Ramshaw & Marcus 1995 for IOB1; Tjong Kim Sang & Veenstra 1999
for IOB2/IOE1/IOE2; IOBES/BILOU as in Ratinov & Roth 2009):

* IO: a chunk is a maximal run of ``I-X`` of one type.
* IOB1: ``I-X`` begins a chunk unless it continues one of type X; ``B-X``
  only begins a chunk that directly follows another chunk of type X.
* IOB2: ``B-X`` begins every chunk, ``I-X`` continues it.
* IOE1: ``I-X`` ends a chunk unless the next chunk has type X and follows
  directly, then the chunk ends with ``E-X``.
* IOE2: ``E-X`` ends every chunk, ``I-X`` is inside.
* IOBES: ``B-X`` begins, ``I-X`` inside, ``E-X`` ends a chunk of two or
  more tokens; ``S-X`` is a one-token chunk.
* BILOU: IOBES with ``L`` for ``E`` and ``U`` for ``S``.

Where this differs from seqeval's strict tables (both on tag sequences that
break the scheme): IOB1 ``B-X B-Y`` — seqeval drops the ``B-X`` chunk, here it
is kept (the invalid tag is ``B-Y``, which is dropped); IOE1 — seqeval's own
table is marked unfinished (``# Todo``), this one follows the definition.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

__all__ = [
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
    """

    name: str
    label: str
    prefixes: str
    roles: Mapping[str, str]
    start: frozenset[Pattern]
    inside: frozenset[Pattern]
    end: frozenset[Pattern]

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


def _scheme(name: str, label: str, prefixes: str, roles: dict[str, str], start, inside, end) -> Scheme:
    return Scheme(name, label, prefixes, roles, frozenset(start), frozenset(inside), frozenset(end))


SCHEMES: dict[str, Scheme] = {s.name: s for s in (
    _scheme("io", "IO", "I", {"I": "I"},
            start=[("O", "I", ANY), ("I", "I", DIFF)],
            inside=[("I", "I", SAME)],
            end=[("I", "*", ANY)]),
    _scheme("iob1", "IOB1", "IB", {"I": "I", "B": "B"},
            # I-X begins a chunk unless it continues one (after O, another type, or a
            # B-X that began no chunk); B-X begins one only right after a chunk of type X.
            start=[("O", "I", ANY), ("IB", "I", DIFF), ("B", "I", SAME), ("IB", "B", SAME)],
            inside=[("IB", "I", SAME)],
            end=[("IB", "*", ANY)]),
    _scheme("iob2", "IOB2", "IB", {"I": "I", "B": "B"},
            start=[("*", "B", ANY)],
            inside=[("IB", "I", SAME)],
            end=[("IB", "*", ANY)]),
    _scheme("ioe1", "IOE1", "IE", {"I": "I", "E": "E"},
            # E-X ends a chunk only when a chunk of type X follows directly.
            start=[("O", "IE", ANY), ("IE", "IE", DIFF), ("E", "IE", SAME)],
            inside=[("I", "IE", SAME)],
            end=[("I", "*", ANY), ("E", "IE", SAME)]),
    _scheme("ioe2", "IOE2", "IE", {"I": "I", "E": "E"},
            start=[("OE", "IE", ANY), ("I", "IE", DIFF)],
            inside=[("I", "IE", SAME)],
            end=[("E", "*", ANY)]),
    _scheme("iobes", "IOBES", "IBES", {"I": "I", "B": "B", "E": "E", "S": "S"},
            start=[("*", "BS", ANY)],
            inside=[("BI", "IE", SAME)],
            end=[("ES", "*", ANY)]),
    _scheme("bilou", "BILOU", "BILU", {"B": "B", "I": "I", "L": "E", "U": "S"},
            start=[("*", "BU", ANY)],
            inside=[("BI", "IL", SAME)],
            end=[("LU", "*", ANY)]),
)}


def get_scheme(name: str | Scheme) -> Scheme:
    """The :class:`Scheme` called ``name`` (case-insensitive).

    Raises:
        ValueError: an unknown scheme name (the message lists the known ones).
    """
    if isinstance(name, Scheme):
        return name
    scheme = SCHEMES.get(str(name).lower())
    if scheme is None:
        raise ValueError(f"unknown tagging scheme {name!r}: choose one of {', '.join(SCHEMES)}")
    return scheme


def parse_tag(tag: str, suffix: bool = False) -> tuple[str, str]:
    """Split a tag into ``(prefix, type)``.

    ``"O"`` gives ``("O", "")``; ``"B-PER"`` gives ``("B", "PER")`` (prefix
    style: split at the first ``-``); with ``suffix=True`` ``"PER-B"`` gives
    ``("B", "PER")`` (split at the last ``-``); a bare ``"B"`` gives
    ``("B", "_")`` (seqeval's convention for an untyped chunk).

    Raises:
        ValueError: an empty tag, a prefix that is not one letter of
            ``OBIESLU``, or a tag without the ``-`` between prefix and type.
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
    return prefix, typ or "_"
