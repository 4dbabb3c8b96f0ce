"""Names in a language other than English: which entities a document may name, by which text,
with which grammatical gender (issue 13).

An entity is *nameable* in a language when the KB has a writable ``rdfs:label@lang`` for it
(:func:`bengal.kb.nameable.nameable_entities`); a person (never a place) without one may be named
by its English title without the parenthesis (the *person fallback*, counted in the manifest).
:class:`LanguageNames` gives each nameable entity its label in the language (the gold surface
form: that label without its disambiguation parenthesis; the gold URI stays the English DBpedia
IRI) and its grammatical gender; :class:`LanguageFactSource` hands the strategies only facts
whose object is nameable and whose property the language's lexicon has a template for, so seeds
and facts whose entities cannot be named are never chosen.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from typing import Any, Iterable, cast

from bengal.generate.gender import first_name_gender, kb_genders
from bengal.generate.kbview import LITERAL_PROPERTIES, Entity, Ontology
from bengal.generate.lang.rules import UNKNOWN_SEX
from bengal.generate.lexicon import Lexicon
from bengal.generate.strategies import FactSource
from bengal.generate.verbalise import class_noun
from bengal.kb.chapter import ChapterKB
from bengal.kb.labels import local_name, writable_label
from bengal.kb.memo import kb_memo
from bengal.kb.nameable import check_language, fallback_persons
from bengal.kb.sparql import DBO, DBR, PREFIXES, SparqlKB
from bengal.model import Mention

__all__ = ["LanguageNames", "LanguageFactSource", "localised_ontology", "language_names", "language_stats"]


def localised_ontology(kb: SparqlKB, onto: Ontology, lang: str) -> Ontology:
    """A copy of ``onto`` whose class and property labels are the ontology's ``rdfs:label@lang``
    (a class without one has no label: its noun comes from the lexicon's ``[class_nouns]`` or the
    next class). Two queries."""
    lang = check_language(lang)
    classes: dict[str, str] = {}
    for c, label in sorted(cast("list[tuple[str, str]]", kb.select(PREFIXES + f"""
            SELECT ?c ?l WHERE {{ ?c a owl:Class ; rdfs:label ?l . FILTER(LANG(?l) = "{lang}") }}"""))):
        classes.setdefault(c, label)
    props: dict[str, str] = {}
    for p, label in sorted(cast("list[tuple[str, str]]", kb.select(PREFIXES + f"""
            SELECT ?p ?l WHERE {{ ?p a owl:ObjectProperty ; rdfs:label ?l . FILTER(LANG(?l) = "{lang}") }}"""))):
        props.setdefault(p, label)
    return replace(onto, class_labels=classes, property_labels=props)


class LanguageNames:
    """The names of the KB's entities in one language other than English.

    Args:
        kb: the KB.
        lex: the language's lexicon (its ``[meta] unwritable_names``: regexes of labels that the
            language would have to inflect in running text, such as German "Vereinigte Staaten"
            → "in den Vereinigten Staaten"; such an entity is not nameable).
        onto: the ontology with labels in the language (:func:`localised_ontology`).
        persons: :meth:`Ontology.subclasses` of ``dbo:Person``.

    Queries: the labels in the language once, the persons' English titles once.

    Attributes:
        labels: ``{entity IRI: its label in the language}`` (the smallest when there are several).
        fallback: persons named by their English title.
        unwritable: entities whose only label matches ``unwritable_names``.
    """

    def __init__(self, kb: SparqlKB, lex: Lexicon, onto: Ontology, persons: set[str]) -> None:
        self.kb, self.lex, self.onto, self.persons = kb, lex, onto, persons
        lang = check_language(lex.lang)
        bad = [re.compile(p) for p in lex.meta.get("unwritable_names", ())]
        labels: dict[str, str] = {}
        self.unwritable: set[str] = set()
        rows = cast("list[tuple[str, str]]", kb.select(PREFIXES + f"""
            SELECT ?e ?l WHERE {{ ?e rdfs:label ?l .
              FILTER(STRSTARTS(STR(?e), "{DBR}") && LANG(?l) = "{lang}") }}"""))
        for e, label in sorted(rows):
            if not writable_label(label):
                continue
            if any(p.search(label) for p in bad):
                self.unwritable.add(e)
                continue
            labels.setdefault(e, label)
        self.unwritable -= set(labels)
        fallback = set(fallback_persons(kb)) - set(labels)
        if isinstance(kb, ChapterKB):  # English gold IRIs: only entities with an owl:sameAs link to one
            labels = {e: label for e, label in labels.items() if kb.nameable(e)}
            fallback = {e for e in fallback if kb.nameable(e)}
        self.labels = labels
        self.fallback = fallback
        self._genders: dict[str, str | None] = {}

    def nameable(self, uri: str) -> bool:
        """Whether the entity may be named in the language (its label, or the person fallback)."""
        return uri in self.labels or uri in self.fallback

    def source(self, uri: str) -> str | None:
        """``"label"``, ``"person-fallback"`` or ``None`` (not nameable)."""
        return "label" if uri in self.labels else "person-fallback" if uri in self.fallback else None

    def localise(self, entities: list[Entity]) -> list[Entity | None]:
        """Each entity with its label in the language and its grammatical gender, or ``None``
        when it is not nameable. A literal or an already localised entity is kept as it is.

        The gender: a person's from ``foaf:gender``, else from the first name (``gender-guesser``),
        else :data:`~bengal.generate.lang.rules.UNKNOWN_SEX` (no gendered wording: no class noun,
        the ``[neutral]`` templates); anything else's from its class noun ("la banda", "el club",
        "une région administrative" for le Colorado), else from the name (``[territories]``,
        ``[definite_names]``: "Francia" → f). One ``foaf:gender`` query per call for the new persons.
        """
        rules = self.lex.rules
        assert rules is not None, "LanguageNames is for a language other than English"
        new_persons = [e.uri for e in entities if e.form_kind != "literal" and e.uri not in self._genders
                       and self.onto.is_instance(e, self.persons)]
        if new_persons:
            sexes = kb_genders(self.kb, new_persons)
            for e in entities:
                if e.uri in new_persons and e.uri not in self._genders:
                    sex = sexes.get(e.uri)
                    guess = {"male": "he", "female": "she"}.get(sex or "") or first_name_gender(e.label)
                    self._genders[e.uri] = {"he": "m", "she": "f"}.get(guess or "")
        out: list[Entity | None] = []
        for e in entities:
            if e.form_kind == "literal" or e.gender is not None:
                out.append(e)
                continue
            label = self.labels.get(e.uri)
            if label is None:
                if e.uri not in self.fallback:
                    out.append(None)
                    continue
                label = e.label  # the English title: its surface drops the parenthesis
            named = Entity(e.uri, label, e.classes, e.form, e.form_kind)
            if self.onto.is_instance(e, self.persons):
                gender = self._genders.get(e.uri) or UNKNOWN_SEX
            else:
                # the class noun's gender first: the type sentence, the description and the
                # apposition agree with it ("le Colorado est une région administrative", "la
                # région"); the name's own article comes from rules.name_article, not from here
                noun = class_noun(self.lex, self.onto, named)
                gender = (rules.noun_gender(noun) if noun else None) or rules.name_gender(named.surface) \
                    or rules.default_gender
            out.append(replace(named, gender=gender))
        return out

    def one(self, entity: Entity) -> Entity | None:
        """:meth:`localise` of one entity."""
        return self.localise([entity])[0]


class LanguageFactSource(FactSource):
    """A :class:`FactSource` for a language other than English: only facts whose property has a
    template in the lexicon (or is a literal property) and whose object is nameable, with the
    objects localised (:meth:`LanguageNames.localise`); the others are never offered to a strategy."""

    def __init__(self, kb: SparqlKB, onto: Ontology, names: LanguageNames) -> None:
        super().__init__(kb, onto)
        self.names = names
        templates = names.lex.data["templates"]
        self._templated = {DBO + p for p in templates} | {DBO + p for p in LITERAL_PROPERTIES}
        self._concept_props = {DBO + p for p in names.lex.data.get("mentions", {}).get("concept_properties", ())}
        self._concept_props |= {p for p, c in onto.ranges.items()
                                if local_name(c) in names.lex.data.get("mentions", {}).get("concept_classes", ())}
        self._local_out: dict[str, list[tuple[str, Entity]]] = {}
        self._local_in: dict[str, list[tuple[str, Entity]]] = {}

    def _keep(self, facts: list[tuple[str, Entity]]) -> list[tuple[str, Entity]]:
        # the person fallback never names the object of a concept property: DBpedia types "Drum kit"
        # or "Guitar" as a MusicalArtist, and its English title is no Portuguese word
        facts = [(p, o) for p, o in facts if p in self._templated
                 and not (p in self._concept_props and self.names.source(o.uri) == "person-fallback")]
        local = self.names.localise([o for _, o in facts])
        return [(p, o) for (p, _), o in zip(facts, local) if o is not None]

    def outgoing(self, uri: str) -> list[tuple[str, Entity]]:
        """The entity's outgoing facts that the language can write (class docstring)."""
        if uri not in self._local_out:
            if len(self._local_out) > 20000:
                self._local_out.clear()
            self._local_out[uri] = self._keep(super().outgoing(uri))
        return self._local_out[uri]

    def incoming(self, uri: str) -> list[tuple[str, Entity]]:
        """The entity's genuine incoming facts whose subject is nameable and whose property the
        language can write."""
        if uri not in self._local_in:
            if len(self._local_in) > 20000:
                self._local_in.clear()
            self._local_in[uri] = self._keep(super().incoming(uri))
        return self._local_in[uri]



def language_names(kb: SparqlKB, lex: Lexicon, onto: Ontology, persons: set[str]) -> LanguageNames:
    """The :class:`LanguageNames` of ``kb`` in the lexicon's language, built once per KB object and
    language in a process (:func:`bengal.kb.memo.kb_memo`; a KB that cannot be weakly referenced gets a
    new one each time)."""
    return kb_memo(kb, ("language_names", lex.lang), lambda: LanguageNames(kb, lex, onto, persons))


def language_stats(names: LanguageNames, mentions: Iterable[Mention]) -> dict[str, Any]:
    """The manifest's ``language`` section of a corpus: the reachable pool (``pool``: entities
    nameable in the language, ``labelled`` by a label in it, ``person_fallback`` persons named by
    their English title, ``unwritable`` entities whose only label the language would have to
    inflect) and how the corpus's gold mentions are named: ``mentions_by_label``,
    ``mentions_by_person_fallback`` and their share ``fallback_share`` (0 without mentions);
    ``person_mentions`` (mentions whose type is a person class) and of them
    ``person_mentions_unknown_sex`` (no ``foaf:gender``, no first name ``gender-guesser`` knows in
    the mention's surface: written without gendered words, :data:`UNKNOWN_SEX`) and their share
    ``unknown_sex_share``.
    The facts between nameable entities are counted by :func:`bengal.kb.nameable.language_pools`
    (``bengal kb info``), too slow to run with every corpus."""
    mentions = list(mentions)
    by = Counter(names.source(uri) or "other" for m in mentions for uri in m.uris)
    total = by["label"] + by["person-fallback"]
    persons = [(next(iter(m.uris)), m.surface) for m in mentions if len(m.uris) == 1 and m.type in names.persons]
    sexes = kb_genders(names.kb, sorted({u for u, _ in persons})) if persons else {}
    unknown = sum(1 for u, surface in persons if sexes.get(u) not in ("male", "female")
                  and first_name_gender(surface) is None)
    pool = {"entities": len(names.labels) + len(names.fallback), "labelled": len(names.labels),
            "person_fallback": len(names.fallback), "unwritable": len(names.unwritable)}
    return {"lang": names.lex.lang, "pool": pool, "mentions_by_label": by["label"],
            "mentions_by_person_fallback": by["person-fallback"],
            "fallback_share": round(by["person-fallback"] / total, 4) if total else 0.0,
            "person_mentions": len(persons), "person_mentions_unknown_sex": unknown,
            "unknown_sex_share": round(unknown / len(persons), 4) if persons else 0.0}
