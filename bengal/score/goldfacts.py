"""What the span scorer needs to know of the whole gold before or beside the documents: whether it has
mentions, its distinct URI sets, whether it is typed and uses OKE classes (:class:`GoldFacts`), and what
follows from them: the warnings about the gold alone and the KB inferred from it.

:class:`GoldFacts` is gathered from a whole corpus (:meth:`GoldFacts.of`) or one document at a time
(:meth:`GoldFacts.add`, a gold read in the stream); the figures are the same either way (sets and
flags, no order), so the checks give the same answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bengal.model import Corpus, Document
from bengal.score.oke_types import OKE_CLASSES
from bengal.score.result import GOLD, ScoreWarning
from bengal.score.uris import DEFAULT_KB_NAMESPACES, KB_PRESETS, SameAsIndex, UriMatcher, matcher_for

__all__ = ["GoldFacts", "content_warnings", "infer_kb"]


@dataclass
class GoldFacts:
    """The gold's figures the checks read.

    Attributes:
        documents: gold documents.
        any_mention: whether some document has a mention.
        linked: the distinct URI sets of the linked (non-NIL) gold mentions.
        any_typed: whether some mention has a type.
        oke_typed: whether some mention's type names an OKE class (:data:`bengal.score.oke_types.OKE_CLASSES`).
        some_in_kb: set by :meth:`settle`: some linked set is InKB under every matcher the checks use, so
            they need no more of :attr:`linked` (it is emptied and no longer gathered).
    """

    documents: int = 0
    any_mention: bool = False
    linked: set[frozenset[str]] = field(default_factory=set)
    any_typed: bool = False
    oke_typed: bool = False
    some_in_kb: bool = False

    def add(self, d: Document) -> None:
        """Count one gold document."""
        self.documents += 1
        if d.mentions:
            self.any_mention = True
        linked = None if self.some_in_kb else self.linked
        for m in d.mentions:
            if m.uris and linked is not None:
                linked.add(m.uris)
            if m.type:
                self.any_typed = True
                if not self.oke_typed and any(t in OKE_CLASSES for t in m.type.split()):
                    self.oke_typed = True

    def settle(self) -> None:
        """Some linked set is InKB under each matcher :func:`content_warnings` and :func:`infer_kb` will be
        given (the caller found it): their answers are known (no warning, no KB inferred), so stop
        gathering :attr:`linked`, and the facts no longer grow with the gold's distinct URIs."""
        self.some_in_kb = True
        self.linked = set()

    @classmethod
    def of(cls, gold: Corpus) -> "GoldFacts":
        """The facts of a whole corpus."""
        facts = cls()
        for d in gold.documents:
            facts.add(d)
        return facts


def content_warnings(facts: GoldFacts, where: str, uri_matcher: UriMatcher | None = None, *,
                     etyping: bool = False) -> list[ScoreWarning]:
    """Warnings about what the gold holds, before any scoring (``where``: the gold's source or name).

    * ``empty_gold``: the gold's documents have no mention at all, so every score is the
      zero-division convention (1.0 with no prediction; GERBIL issue #206), not a measurement.
    * ``gold_outside_kb``: (with a KB-classifying ``uri_matcher``) the gold links mentions, none
      is InKB, and some of its URIs lie in the namespace of a preset of
      :data:`bengal.score.uris.KB_PRESETS` that is not configured (e.g. Wikidata QIDs against the
      default DBpedia KB): every mention is an emerging entity and any URI a system gives
      matches; the message names the preset to give to ``--kb-namespace``.
    * ``untyped_gold`` (``etyping``): the gold has mentions and none is typed.
    """
    out: list[ScoreWarning] = []
    if facts.documents and not facts.any_mention:
        out.append(ScoreWarning("empty_gold", where,
                                f"the gold's {facts.documents} documents have no mention at all: every score below "
                                "is the zero-division convention, not a measurement", GOLD))
    kb = uri_matcher.kb if uri_matcher is not None else None
    if kb is not None and uri_matcher is not None:
        linked = facts.linked
        if linked and not facts.some_in_kb and not any(uri_matcher.in_kb(u) for u in linked):
            canon = {c for u in linked for c in uri_matcher.canonical(u)}
            for name, prefixes in KB_PRESETS.items():
                if any(p in kb.prefixes for p in prefixes):
                    continue
                hits = sum(1 for c in canon if c.startswith(prefixes))
                if hits:
                    out.append(ScoreWarning(
                        "gold_outside_kb", where,
                        f"no gold mention is InKB, but {hits} gold URIs are {name} URIs ({prefixes[0]}): every "
                        f"mention is an emerging entity and any URI matches; give --kb-namespace {name}", GOLD))
    if etyping and facts.any_mention and not facts.any_typed:
        out.append(ScoreWarning(
            "untyped_gold", where,
            "ETyping found no typed gold mention (no itsrdf:taClassRef, no type field): every typed prediction "
            "is a false positive and the score measures nothing", GOLD))
    return out


def infer_kb(facts: GoldFacts, same_as: SameAsIndex | None = None,
             gold_same_as: tuple[tuple[str, str], ...] = ()) -> tuple[str, tuple[str, ...], int] | None:
    """``(preset name, its namespaces, gold URIs in them)`` when no gold mention is InKB under the default
    KB (:data:`~bengal.score.uris.DEFAULT_KB_NAMESPACES`, with ``same_as`` and the gold's own links
    ``gold_same_as``) but some gold URIs lie in another preset's namespace
    (:data:`~bengal.score.uris.KB_PRESETS`, e.g. ELEVANT's Wikidata QIDs); else None."""
    default = matcher_for(None, same_as, gold_same_as)
    linked = facts.linked
    if facts.some_in_kb or not linked or any(default.in_kb(u) for u in linked):
        return None
    canon = {c for u in linked for c in default.canonical(u)}
    for name, prefixes in KB_PRESETS.items():
        if prefixes == DEFAULT_KB_NAMESPACES:
            continue
        hits = sum(1 for c in canon if c.startswith(prefixes))
        if hits:
            return name, prefixes, hits
    return None
