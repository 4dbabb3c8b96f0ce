"""URI matching: when do the URIs of a gold and a predicted mention agree?

A mention carries a *set* of URIs (``Mention.uris``); several URIs are
alternatives (GERBIL's reading of several ``itsrdf:taIdentRef`` on one
phrase), and the empty set is NIL (an emerging entity).

The rule, in one place:

* two URI sets match when they **intersect** (a match on any URI counts);
* **NIL matches NIL** (both sets empty);
* NIL never matches a non-empty set.

URIs are compared after an optional normalisation (:class:`UriMatcher`'s
``normalise``), identity for now. Later work plugs in here: http/https,
``en.dbpedia.org``, percent-encoding, Wikipedia URL ↔ DBpedia resource, KB
namespaces (a URI outside them becomes NIL) and owl:sameAs sets — all as a
function ``str -> str | None`` (``None`` drops the URI, so a mention whose URIs
all fall outside the KB becomes NIL), without touching the matcher or tasks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

__all__ = ["uris_match", "UriMatcher", "EXACT", "URI_RULE"]

URI_RULE = "URI sets match when they intersect; NIL (no URI) matches NIL only"


def uris_match(gold: frozenset[str], pred: frozenset[str]) -> bool:
    """True when ``gold`` and ``pred`` share a URI, or both are empty (NIL = NIL)."""
    if gold == pred:  # the common case; also NIL = NIL
        return True
    if not gold or not pred:
        return False
    return not gold.isdisjoint(pred)


@dataclass(frozen=True)
class UriMatcher:
    """URI matching with an optional normalisation of each URI.

    Attributes:
        normalise: maps a URI to its canonical form, or to ``None`` when the
            URI is to be ignored (e.g. outside the KB namespaces, making the
            mention NIL if no URI is left). ``None`` = compare URIs as given.

    Calling the matcher on two URI sets applies :func:`uris_match` to the
    normalised sets. Normalised sets are cached per input set.
    """

    normalise: Callable[[str], str | None] | None = None
    _cache: dict = field(default_factory=dict, repr=False, compare=False)

    def canonical(self, uris: Iterable[str]) -> frozenset[str]:
        """The normalised URI set (the input set itself when there is no normalisation)."""
        uris = frozenset(uris)
        if self.normalise is None:
            return uris
        hit = self._cache.get(uris)
        if hit is None:
            out = set()
            for u in uris:
                n = self.normalise(u)
                if n is not None:
                    out.add(n)
            hit = self._cache[uris] = frozenset(out)
        return hit

    def __call__(self, gold: frozenset[str], pred: frozenset[str]) -> bool:
        if self.normalise is None:
            return uris_match(gold, pred)
        return uris_match(self.canonical(gold), self.canonical(pred))

    @property
    def description(self) -> str:
        return URI_RULE + ("" if self.normalise is None else ", after normalisation")


#: URIs compared exactly as written.
EXACT = UriMatcher()
