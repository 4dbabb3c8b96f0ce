"""Which entities a text in a language may name, and the reachable pool per language (issue 13).

An entity (a ``http://dbpedia.org/resource/`` IRI) is *nameable* in ``lang`` when the KB gives it
an ``rdfs:label@lang`` that can stand in running text (:func:`bengal.kb.labels.writable_label`).
A ``dbo:Person`` without one may also be named by its English title without the trailing
parenthesis (:func:`bengal.kb.labels.surface_of` of its ``rdfs:label@en``): the *person
fallback*, counted apart. It is never used for an entity typed ``dbo:Place`` or ``dbo:Event`` (a Person that is
also a Place included): the English title equals the DBpedia-es/fr/de label for 83-95 % of
people but only 28-44 % of places (``multilingual/README.md`` of the shared data, measured
against the DBpedia chapters). For ``en`` the English label is the label and there is no
fallback.

:func:`nameable_entities` says how each entity is nameable; :func:`language_pools` counts, per
language, the entities, those of the four main classes, and the facts (``dbr: dbo:p dbr:``
triples) whose two ends are nameable, with their subjects (the candidates for a seed).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal, Sequence, cast

from bengal.errors import UsageError
from bengal.kb.labels import surface_of, writable_label
from bengal.kb.memo import kb_memo
from bengal.kb.sparql import DBO, DBR, PREFIXES, SparqlKB

__all__ = ["TRANSLATED_TITLE", "POOL_CLASSES", "NameSource", "LanguagePool", "check_language", "label_languages",
           "nameable_entities", "language_pools"]

#: The classes whose instances :class:`LanguagePool` counts apart.
POOL_CLASSES = ("Person", "Organisation", "Place", "Work")

NameSource = Literal["label", "person-fallback"]
"""How an entity is nameable: its label in the language, or (a person) its English title."""

_LANG_TAG = re.compile(r"[a-z]{2,3}(-[a-z0-9]{1,8})*\Z")


def check_language(lang: str) -> str:
    """``lang`` lower-cased, checked to be a BCP 47 language tag (``es``, ``pt``, ``pt-br``).

    Raises:
        UsageError: another string (it is never pasted into a query).
    """
    tag = lang.lower()
    if not _LANG_TAG.match(tag):
        raise UsageError(f"not a language tag: {lang!r} (expected e.g. es, pt, de, fr)")
    return tag


def label_languages(kb: SparqlKB) -> dict[str, int]:
    """``{language tag: number of dbr: entities with an rdfs:label in it}``, largest first (then
    by tag); untagged labels count under ``""``. One query."""
    rows = cast("list[tuple[str, str]]", kb.select(PREFIXES + f"""
        SELECT ?lang (COUNT(DISTINCT ?e) AS ?n) WHERE {{ ?e rdfs:label ?l .
          FILTER(STRSTARTS(STR(?e), "{DBR}")) BIND(LANG(?l) AS ?lang) }} GROUP BY ?lang"""))
    counts = {lang or "": int(n) for lang, n in rows}
    return dict(sorted(counts.items(), key=lambda x: (-x[1], x[0])))


def _labelled(kb: SparqlKB, langs: Sequence[str]) -> dict[str, set[str]]:
    """``{lang: entities with a writable rdfs:label in it}`` for the checked tags ``langs``: one scan of
    the labels for all of them (a scan per language took 1.8 s each on the bundled sample)."""
    out: dict[str, set[str]] = {lang: set() for lang in langs}
    tags = ", ".join(f'"{lang}"' for lang in out)
    rows = cast("list[tuple[str, str, str]]", kb.select(PREFIXES + f"""
        SELECT ?e ?l ?g WHERE {{ ?e rdfs:label ?l . BIND(LANG(?l) AS ?g)
          FILTER(STRSTARTS(STR(?e), "{DBR}") && ?g IN ({tags})) }}"""))
    for e, label, lang in rows:
        if writable_label(label):
            out[lang].add(e)
    return out


def fallback_persons(kb: SparqlKB) -> frozenset[str]:
    """Persons that are no Place and no Event and whose English title, without its parenthesis, is
    writable and no title other languages translate (:data:`TRANSLATED_TITLE`). DBpedia types some
    wars as persons (``Gulf_War`` is a ``dbo:MilitaryPerson`` and a ``dbo:MilitaryConflict``): an
    event's name is translated ("Guerra del Golfo"), so its English title is no name in another
    language, as for a place. One query (2 s on the bundled sample), once
    per KB object (:func:`bengal.kb.memo.kb_memo`): every language's names need it."""
    return kb_memo(kb, "fallback_persons", lambda: _fallback_persons(kb))


#: An English title that another language translates: a ruler's or a saint's ("Harald V of Norway",
#: "Charles the Bold", "Pope Benedict XV", "Mary I of England"; an English "of" or "the", a regnal
#: number, an English rank first). Among the bundled sample's persons with a label in the language,
#: such a title equals that label for 56 of 193 (es), 46 of 392 (fr) and 3 of 111 (de), any other
#: title for 5,702 of 6,239, 8,048 of 8,928 and 1,677 of 1,915: no fallback for them.
TRANSLATED_TITLE = re.compile(r"\b(of|the)\b|(^| )(?=[XVI])X{0,3}(IX|IV|V?I{0,3})( |,|$)"
                              r"|^(Saint|Pope|King|Queen|Prince|Princess|Emperor|Empress|Sir|Lord|Lady|Duke|Count) ")


def _fallback_persons(kb: SparqlKB) -> frozenset[str]:
    rows = cast("list[tuple[str, str]]", kb.select(PREFIXES + f"""
        SELECT ?e ?l WHERE {{ ?e a dbo:Person ; rdfs:label ?l .
          FILTER(STRSTARTS(STR(?e), "{DBR}") && LANG(?l) = "en")
          FILTER NOT EXISTS {{ ?e a dbo:Place }} FILTER NOT EXISTS {{ ?e a dbo:Event }} }}"""))
    return frozenset(e for e, label in rows
                     if writable_label(surface_of(label)) and not TRANSLATED_TITLE.search(surface_of(label)))


def nameable_entities(kb: SparqlKB, lang: str) -> dict[str, NameSource]:
    """``{entity IRI: "label" | "person-fallback"}`` for every entity nameable in ``lang``
    (module docstring); an entity with a writable label in ``lang`` is ``"label"`` even when it
    is a person. Two queries (the persons' once per KB object: :func:`fallback_persons`).

    Raises:
        UsageError: ``lang`` is no language tag (:func:`check_language`).
    """
    lang = check_language(lang)
    return _nameable(lang, _labelled(kb, [lang])[lang], fallback_persons(kb))


def _nameable(lang: str, labelled: set[str], persons: frozenset[str]) -> dict[str, NameSource]:
    out: dict[str, NameSource] = {e: "label" for e in labelled}
    if lang != "en":
        for e in persons:
            out.setdefault(e, "person-fallback")
    return out


@dataclass(frozen=True)
class LanguagePool:
    """The entities and facts reachable in one language.

    Attributes:
        lang: the language tag.
        entities: entities nameable in ``lang`` (``labelled + person_fallback``).
        labelled: entities with a writable ``rdfs:label@lang``.
        person_fallback: persons (no Place) without one, named by the English title.
        per_class: ``{class: {"instances", "labelled", "person_fallback"}}`` for
            :data:`POOL_CLASSES` (an entity counts under each of its classes).
        facts: ``dbr: dbo:p dbr:`` triples whose subject and object are both nameable.
        facts_by_label: those whose two ends are both ``labelled`` (no fallback needed).
        subjects: distinct subjects of ``facts`` (candidates for a seed).
        subjects_3: subjects with three or more of ``facts``.
    """

    lang: str
    entities: int
    labelled: int
    person_fallback: int
    per_class: dict[str, dict[str, int]] = field(default_factory=dict)
    facts: int = 0
    facts_by_label: int = 0
    subjects: int = 0
    subjects_3: int = 0

    def to_json(self) -> dict[str, Any]:
        """The fields as a JSON object (``per_class`` nested)."""
        return {"lang": self.lang, "entities": self.entities, "labelled": self.labelled,
                "person_fallback": self.person_fallback, "per_class": self.per_class,
                "facts": self.facts, "facts_by_label": self.facts_by_label,
                "subjects": self.subjects, "subjects_3": self.subjects_3}


def language_pools(kb: SparqlKB, langs: Sequence[str], facts: bool = True) -> dict[str, LanguagePool]:
    """The :class:`LanguagePool` of each language of ``langs``, in that order.

    Args:
        kb: the KB.
        langs: language tags (``en`` included: no fallback there).
        facts: also count the facts and their subjects (one query reading every ``dbr: dbo:p
            dbr:`` triple, 175,000 rows on the bundled sample); ``False`` leaves those fields 0.

    Queries: the persons and the instances of :data:`POOL_CLASSES` once, the labels of all the
    languages once, the facts once.

    Raises:
        UsageError: a tag of ``langs`` is no language tag.
    """
    tags = [check_language(lang) for lang in langs]
    members: dict[str, set[str]] = {c: set() for c in POOL_CLASSES}
    rows = cast("list[tuple[str, str]]", kb.select(PREFIXES + f"""
        SELECT ?e ?c WHERE {{ VALUES ?c {{ {' '.join(f'dbo:{c}' for c in POOL_CLASSES)} }} ?e a ?c .
          FILTER(STRSTARTS(STR(?e), "{DBR}")) }}"""))
    for e, c in rows:
        members[c[len(DBO):]].add(e)
    pairs: list[tuple[str, str]] = []
    if facts:
        pairs = cast("list[tuple[str, str]]", kb.select(PREFIXES + f"""
            SELECT ?s ?o WHERE {{ ?s ?p ?o . FILTER(STRSTARTS(STR(?p), "{DBO}") && isIRI(?o)
              && STRSTARTS(STR(?s), "{DBR}") && STRSTARTS(STR(?o), "{DBR}")) }}"""))
    pools: dict[str, LanguagePool] = {}
    labelled_in = _labelled(kb, tags)
    for lang in tags:
        names = _nameable(lang, labelled_in[lang], fallback_persons(kb))
        labelled = {e for e, how in names.items() if how == "label"}
        per_class = {c: {"instances": len(m), "labelled": len(m & labelled),
                         "person_fallback": sum(1 for e in m if names.get(e) == "person-fallback")}
                     for c, m in members.items()}
        reachable = [(s, o) for s, o in pairs if s in names and o in names]
        per_subject = Counter(s for s, _ in reachable)
        pools[lang] = LanguagePool(
            lang=lang, entities=len(names), labelled=len(labelled),
            person_fallback=len(names) - len(labelled), per_class=per_class,
            facts=len(reachable),
            facts_by_label=sum(1 for s, o in reachable if s in labelled and o in labelled),
            subjects=len(per_subject), subjects_3=sum(1 for n in per_subject.values() if n >= 3))
    return pools
