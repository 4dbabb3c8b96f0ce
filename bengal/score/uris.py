"""URI matching: when do the URIs of a gold and a predicted mention agree?

A mention carries a *set* of URIs (``Mention.uris``); several URIs are
alternatives (GERBIL's reading of several ``itsrdf:taIdentRef`` on one
phrase), and the empty set is NIL (an emerging entity).

Three separable steps, each a piece of its own:

1. **Normalisation** (:func:`normalise_uri`): one spelling per URI —
   ``https`` → ``http``; ``en.dbpedia.org`` → ``dbpedia.org``;
   ``en.wikipedia.org/wiki/T`` (and ``/w/index.php?title=T``) →
   ``dbpedia.org/resource/T``; percent-encoding decoded where it is not
   needed (``%28`` → ``(``, but ``%2F``, ``%23``, ``%3F``, ``%25`` stay, as
   they change the meaning of a path); spaces in a Wikipedia title → ``_``;
   Unicode NFC (an NFD ``Cafe\u0301`` is ``Café``); the scheme and host in lower case
   (``http://DBpedia.org/…`` is ``http://dbpedia.org/…``; RFC 3986 §6.2.2.1: host names are
   case-insensitive, paths are not); Wikidata's page URL ``www.wikidata.org/wiki/Q42`` →
   its entity IRI ``www.wikidata.org/entity/Q42``. The NIL spellings of the field
   (:data:`NIL_SPELLINGS`: ELEVANT's ``<NIL>``, AIDA's ``--NME--``, the Wikipedia datasets'
   ``*null*``, and the empty string) are no URI: the matcher drops them, so a mention that
   carries only one of them is NIL.
2. **owl:sameAs closure** (:class:`SameAsIndex`): a URI stands for every URI
   linked to it by a chain of owl:sameAs links (from ``--same-as`` files and
   from the gold file itself, as OKE links its ``oke:`` entities to DBpedia).
   Links are read as undirected; each equivalence class has a canonical
   representative, so a URI set becomes a set of class representatives.
3. **KB classification** (:class:`KbNamespaces`, GERBIL's
   ``SimpleWhiteListBasedUriKBClassifier``): a mention is **InKB** when at
   least one URI of its (expanded) set starts with a KB namespace (default
   ``http://dbpedia.org/resource/``); otherwise it is an **emerging entity**
   (EE; NIL included).

The matching rule (:meth:`UriMatcher.__call__`), the same in both profiles
and the one GERBIL's ``AbstractMeaningMatchingsSearcher`` applies:

* both InKB: match when the expanded URI sets **intersect**;
* both EE (NIL, or URIs outside every KB namespace): **match** (NIL = NIL; an
  emerging entity is not compared by its corpus-local URI);
* one InKB and one EE: no match.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from bengal.rdf import NIL_SPELLINGS

__all__ = [
    "uris_match",
    "normalise_uri",
    "KbNamespaces",
    "SameAsIndex",
    "UriMatcher",
    "URI_RULE",
    "DEFAULT_KB_NAMESPACES",
    "KB_PRESETS",
    "NIL_SPELLINGS",
    "resolve_kb_namespaces",
    "normalise_or_nil",
    "kb_matcher",
    "matcher_for",
]

URI_RULE = ("URI sets match when they intersect; NIL (no URI) matches NIL only")
KB_RULE = ("a mention is InKB when one of its URIs (normalised, with owl:sameAs) starts with a KB namespace, "
           "else an emerging entity (EE, NIL included); two InKB mentions match when their URI sets intersect, "
           "two EE mentions always match, InKB never matches EE (GERBIL's AbstractMeaningMatchingsSearcher)")

#: GERBIL's default KB (``SimpleWhiteListBasedUriKBClassifier("http://dbpedia.org/resource/")``).
DEFAULT_KB_NAMESPACES = ("http://dbpedia.org/resource/",)

#: ``--kb-namespace`` presets: a name instead of a prefix. ``wikidata`` is Wikidata's entity
#: namespace (its ``/wiki/Q…`` page URLs normalise to ``/entity/Q…``).
KB_PRESETS: dict[str, tuple[str, ...]] = {
    "dbpedia": DEFAULT_KB_NAMESPACES,
    "wikidata": ("http://www.wikidata.org/entity/",),
}



def resolve_kb_namespaces(names: Sequence[str]) -> tuple[str, ...]:
    """KB prefixes for ``names``: each a preset of :data:`KB_PRESETS` (``wikidata``) or a prefix
    itself; presets are expanded in place, duplicates dropped (order kept)."""
    out: list[str] = []
    for name in names:
        for prefix in KB_PRESETS.get(name.strip().lower(), (name,)):
            if prefix not in out:
                out.append(prefix)
    return tuple(out)


def uris_match(gold: frozenset[str], pred: frozenset[str]) -> bool:
    """True when ``gold`` and ``pred`` share a URI, or both are empty (NIL = NIL)."""
    if gold == pred:  # the common case; also NIL = NIL
        return True
    if not gold or not pred:
        return False
    return not gold.isdisjoint(pred)


# --------------------------------------------------------------------------- normalisation

_PERCENT = re.compile(r"%[0-9A-Fa-f]{2}(?:%[0-9A-Fa-f]{2})*")
_WIKI = re.compile(r"^http://([a-z\-]+\.)?(?:m\.)?wikipedia\.org/wiki/(.+)$")
_WIKIDATA_PAGE = re.compile(r"^http://(?:m\.)?(?:www\.)?wikidata\.org/wiki/((?:Q|P|L)[0-9]+)$")
_SCHEME_HOST = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]*://)([^/?#]*)")
_WIKI_INDEX = re.compile(r"^http://([a-z\-]+\.)?wikipedia\.org/w/index\.php\?title=([^&#]+)")


_REENCODE = {"/": "%2F", "#": "%23", "?": "%3F", "%": "%25", " ": "%20"}


def _decode_percent(run: re.Match) -> str:
    """Decode one run of ``%XX`` escapes when it is UTF-8; characters that change a
    URI's meaning when bare (``/ # ? %`` and space) stay encoded (upper-case hex)."""
    s = run.group(0)
    try:
        text = bytes(int(s[i + 1:i + 3], 16) for i in range(0, len(s), 3)).decode("utf-8")
    except UnicodeDecodeError:
        return s.upper()
    return "".join(_REENCODE.get(ch, ch) for ch in text)


def normalise_uri(uri: str) -> str:
    """The canonical spelling of ``uri`` (rules in the module docstring, step 1).

    >>> normalise_uri("https://en.dbpedia.org/resource/Berlin")
    'http://dbpedia.org/resource/Berlin'
    >>> normalise_uri("http://en.wikipedia.org/wiki/New_York_City")
    'http://dbpedia.org/resource/New_York_City'
    >>> normalise_uri("http://dbpedia.org/resource/Caf%C3%A9_%28film%29")
    'http://dbpedia.org/resource/Café_(film)'
    """
    u = uri.strip()
    if not u.isascii():
        u = unicodedata.normalize("NFC", u)
    m0 = _SCHEME_HOST.match(u)
    if m0 is not None and not m0.group(0).islower() and any(c.isupper() for c in m0.group(0)):
        u = m0.group(0).lower() + u[m0.end():]
    if u.startswith("https://"):
        u = "http://" + u[8:]
    if "%" in u:
        u = _PERCENT.sub(_decode_percent, u)
    if u.startswith("http://en.dbpedia.org/"):
        u = "http://dbpedia.org/" + u[len("http://en.dbpedia.org/"):]
    if "wikipedia.org/" in u:
        m = _WIKI.match(u) or _WIKI_INDEX.match(u)
        if m is not None and (m.group(1) in (None, "en.")):
            title = m.group(2).split("#", 1)[0].replace(" ", "_")
            u = "http://dbpedia.org/resource/" + title
    if "wikidata.org/wiki/" in u:
        m = _WIKIDATA_PAGE.match(u)
        if m is not None:
            u = "http://www.wikidata.org/entity/" + m.group(1)
    if u.startswith("http://wikidata.org/entity/"):
        u = "http://www.wikidata.org/entity/" + u[len("http://wikidata.org/entity/"):]
    return u


def normalise_or_nil(uri: str) -> str | None:
    """:func:`normalise_uri`, or ``None`` for a NIL spelling of :data:`NIL_SPELLINGS` (the
    matcher then ignores the URI, so a mention with only NIL spellings is NIL)."""
    if uri.strip() in NIL_SPELLINGS:
        return None
    return normalise_uri(uri)


# --------------------------------------------------------------------------- sameAs


class SameAsIndex:
    """Equivalence classes of URIs under owl:sameAs (union–find; links are undirected).

    ``representative(u)`` is the same URI for every member of a class (the
    smallest normalised URI of the class, so the choice does not depend on the
    order of the links). URIs are normalised (:func:`normalise_uri`) before they
    are linked.
    """

    def __init__(self, links: Iterable[tuple[str, str]] = ()) -> None:
        self._parent: dict[str, str] = {}
        self.link_count = 0
        for a, b in links:
            self.add(a, b)

    def _find(self, u: str) -> str:
        parent = self._parent
        root = u
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(u, u) != root:  # path compression
            parent[u], u = root, parent[u]
        return root

    def add(self, a: str, b: str) -> None:
        """Link ``a`` and ``b`` (normalised first)."""
        a, b = normalise_uri(a), normalise_uri(b)
        self.link_count += 1
        ra, rb = self._find(a), self._find(b)
        if ra == rb:
            return
        if rb < ra:
            ra, rb = rb, ra
        self._parent[rb] = ra
        self._parent.setdefault(ra, ra)

    def representative(self, uri: str) -> str:
        """The class representative of a normalised ``uri`` (``uri`` itself when unlinked)."""
        return self._find(uri) if uri in self._parent else uri

    def members(self) -> dict[str, set[str]]:
        """``{representative: every URI of its class}`` (for tests and reports)."""
        out: dict[str, set[str]] = {}
        for u in self._parent:
            out.setdefault(self._find(u), set()).add(u)
        return out

    def __len__(self) -> int:
        return self.link_count


# --------------------------------------------------------------------------- KB classification


@dataclass(frozen=True)
class KbNamespaces:
    """The KB namespaces (GERBIL's ``SimpleWhiteListBasedUriKBClassifier``).

    Attributes:
        prefixes: URI prefixes of the KB (normalised); default :data:`DEFAULT_KB_NAMESPACES`.
    """

    prefixes: tuple[str, ...] = DEFAULT_KB_NAMESPACES

    def __post_init__(self) -> None:
        object.__setattr__(self, "prefixes", tuple(normalise_uri(p) for p in self.prefixes))

    def in_kb(self, uri: str) -> bool:
        """True when ``uri`` starts with one of the prefixes."""
        return uri.startswith(self.prefixes)


# --------------------------------------------------------------------------- the matcher


@dataclass
class UriMatcher:
    """URI matching: normalisation, sameAs closure, KB classification, then the rule.

    Attributes:
        normalise: maps a URI to its canonical form, or to ``None`` to ignore
            the URI. ``None`` (the attribute) = compare URIs as written and use
            the plain rule (:func:`uris_match`; no KB classes).
        same_as: owl:sameAs classes (or ``None``).
        kb: KB namespaces; when given, mentions are classified InKB / EE and
            the KB rule of the module docstring applies.
        gold_only: GERBIL 1.2.x's rule (``--profile gerbil``): only the gold URIs are expanded with
            the owl:sameAs classes (to every member); a predicted set is compared and classified
            InKB / EE by its own normalised URIs. False (bengal): both sides are expanded.

    Calling the matcher on two URI sets gives the match decision; results of
    :meth:`canonical` are cached per input set.
    """

    normalise: Callable[[str], str | None] | None = None
    same_as: SameAsIndex | None = None
    kb: KbNamespaces | None = None
    gold_only: bool = False
    _cache: dict = field(default_factory=dict, repr=False, compare=False)
    _kb_cache: dict = field(default_factory=dict, repr=False, compare=False)  # in_kb's answers, by set

    def canonical(self, uris: Iterable[str]) -> frozenset[str]:
        """The set the rule compares: normalised URIs plus (with sameAs) their class
        representatives."""
        uris = frozenset(uris)
        if self.normalise is None and self.same_as is None:
            return uris
        hit = self._cache.get(uris)
        if hit is None:
            out = set()
            for u in uris:
                n = self.normalise(u) if self.normalise is not None else u
                if n is None:
                    continue
                out.add(n)
                if self.same_as is not None:
                    out.add(self.same_as.representative(n))
            hit = self._cache[uris] = frozenset(out)
        return hit

    def in_kb(self, uris: Iterable[str]) -> bool:
        """True when the mention is InKB (always True for a non-NIL set without ``kb``)."""
        if type(uris) is not frozenset:
            uris = frozenset(uris)
        hit = self._kb_cache.get(uris)
        if hit is None:
            hit = self._kb_cache[uris] = self._in_kb(uris)
        return hit

    def _in_kb(self, uris: frozenset[str]) -> bool:
        c = self.canonical(uris)
        if self.kb is None:
            return bool(c)
        if self.same_as is None:
            return any(self.kb.in_kb(u) for u in c)
        members = self._members()
        for u in c:
            if self.kb.in_kb(u):
                return True
            for v in members.get(u, ()):
                if self.kb.in_kb(v):
                    return True
        return False

    def side_set(self, uris: Iterable[str], side: str) -> frozenset[str]:
        """The URI set one side's mention is compared by: :meth:`canonical` for both sides; under
        ``gold_only`` (GERBIL 1.2.x) the gold's normalised URIs with every member of their sameAs
        classes, and a prediction's own normalised URIs. ``side`` is ``"gold"`` or ``"prediction"``."""
        uris = frozenset(uris)
        if not (self.gold_only and self.same_as is not None):
            return self.canonical(uris)
        key = (side, uris)
        hit = self._cache.get(key)
        if hit is None:
            own = self._own(uris)
            if side == "gold":
                members = self._members()
                out = set(own)
                for u in own:
                    out |= members.get(self.same_as.representative(u), set())
                own = frozenset(out)
            hit = self._cache[key] = own
        return hit

    def side_in_kb(self, uris: Iterable[str], side: str) -> bool:
        """:meth:`in_kb` of one side's mention: under ``gold_only`` a prediction is InKB by its own
        URIs only (GERBIL classifies the answer's URIs as given)."""
        if not (self.gold_only and self.same_as is not None):
            return self.in_kb(uris)
        s = self.side_set(uris, side)
        return any(self.kb.in_kb(u) for u in s) if self.kb is not None else bool(s)

    def trim_cache(self, limit: int = 200_000) -> None:
        """Forget the cached answers when there are more than ``limit`` (the sameAs members kept): a
        scorer that sees the corpus a document at a time calls it, so that the cache does not grow with
        the corpus's distinct URI sets (the answers do not change; forgotten ones are worked out again)."""
        if len(self._kb_cache) > limit:
            self._kb_cache.clear()
        cache = self._cache
        if len(cache) > limit:
            members = cache.get("__members__")
            cache.clear()
            if members is not None:
                cache["__members__"] = members

    def _members(self) -> dict[str, set[str]]:
        m = self._cache.get("__members__")
        if m is None:
            m = self._cache["__members__"] = self.same_as.members() if self.same_as is not None else {}
        return m

    def __call__(self, gold: frozenset[str], pred: frozenset[str]) -> bool:
        if self.gold_only and self.same_as is not None:  # the gold's class may differ from the same answer's
            return self._gold_only_match(gold, pred)
        if gold == pred:  # same set: same class (InKB or EE), and InKB sets intersect (or both NIL)
            return True
        if self.normalise is None and self.same_as is None and self.kb is None:
            return uris_match(gold, pred)
        g, p = self.canonical(gold), self.canonical(pred)
        if self.kb is None:
            return uris_match(g, p)
        gk, pk = self.in_kb(gold), self.in_kb(pred)
        if gk and pk:
            return not g.isdisjoint(p)
        return not gk and not pk

    def _own(self, uris: frozenset[str]) -> frozenset[str]:
        """The normalised URIs of a set, without sameAs (NIL and ignored URIs dropped)."""
        if self.normalise is None:
            return uris
        return frozenset(n for n in map(self.normalise, uris) if n is not None)

    def _gold_only_match(self, gold: frozenset[str], pred: frozenset[str]) -> bool:
        members = self._members()
        g = set(self._own(gold))
        for u in list(g):
            g |= members.get(self.same_as.representative(u), set()) if self.same_as is not None else set()
        p = self._own(pred)
        if self.kb is None:
            return uris_match(frozenset(g), p)
        gk = any(self.kb.in_kb(u) for u in g)
        pk = any(self.kb.in_kb(u) for u in p)
        if gk and pk:
            return not p.isdisjoint(g)
        return not gk and not pk

    @property
    def description(self) -> str:
        if self.kb is not None:
            ns = ", ".join(self.kb.prefixes)
            extra = ("URIs normalised (http/https, host case, Unicode NFC, en.dbpedia.org, percent-encoding, "
                     "Wikipedia URL -> DBpedia, wikidata.org/wiki/Q -> /entity/Q; <NIL>, --NME--, *null* are NIL)")
            if self.same_as is not None:
                extra += f", owl:sameAs closure of {len(self.same_as)} links"
                extra += " (gold URIs only, GERBIL 1.2.x)" if self.gold_only else " (gold and predicted URIs)"
            return f"{KB_RULE}; KB namespaces: {ns}; {extra}"
        return URI_RULE + ("" if self.normalise is None else ", after normalisation")


def kb_matcher(namespaces: Sequence[str] = DEFAULT_KB_NAMESPACES,
               same_as: SameAsIndex | None = None) -> UriMatcher:
    """The matcher ``bengal score`` uses: :func:`normalise_or_nil`, sameAs, KB namespaces
    (prefixes or presets of :data:`KB_PRESETS`)."""
    return UriMatcher(normalise_or_nil, same_as, KbNamespaces(resolve_kb_namespaces(namespaces)))




def matcher_for(kb_namespaces: Sequence[str] | None = None, same_as: SameAsIndex | None = None,
                links: Iterable[tuple[str, str]] = ()) -> UriMatcher:
    """The matcher of a score: :func:`kb_matcher` over ``kb_namespaces`` (default
    :data:`DEFAULT_KB_NAMESPACES`) with the classes of ``same_as`` plus ``links`` (e.g. the
    owl:sameAs links the gold file itself carries). ``same_as`` is not changed."""
    links = list(links)
    index = same_as
    if links:
        index = SameAsIndex()
        if same_as is not None:
            for members in same_as.members().values():
                ms = sorted(members)
                for other in ms[1:]:
                    index.add(ms[0], other)
            index.link_count = same_as.link_count
        for a, b in links:
            index.add(a, b)
    return kb_matcher(tuple(kb_namespaces) if kb_namespaces else DEFAULT_KB_NAMESPACES, index)
