"""What the generator asks the KB: the ontology, the seed pool, and an entity's facts.

All access goes through SPARQL SELECT text (:mod:`bengal.kb.sparql`), so any
backend that answers SPARQL serves the generator. Results are sorted in Python
so that nothing depends on a store's iteration order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import AbstractSet, Any, Iterable, Mapping, Sequence, cast

from bengal.kb.graph import GraphView
from bengal.kb.labels import local_name, surface_of, writable_label
from bengal.kb.memo import kb_memo
from bengal.kb.sparql import DBO, PREFIXES, SparqlKB, iri, values
from bengal.kb.store import KB
from bengal.perf import cached_attribute, direct_init
from bengal.rdf import literal
from bengal.typemap import children_of, with_subclasses

__all__ = ["graph_view", "Entity", "TEXT_KINDS", "COMMON_NOUN", "NOT_NAMES", "Ontology", "TOP_CLASSES",
           "consistent_classes", "is_list_page", "load_ontology", "seed_candidates", "is_seed", "outgoing_facts",
           "outgoing_facts_at_most", "seeds_surely_refused",
           "incoming_facts", "entities", "subject_details", "SubjectDetails", "property_frequencies",
           "DEMONYM_PROPERTIES", "LITERAL_PROPERTIES", "OFFICE_PROPERTIES", "places_labelled",
           "incoming_property_counts", "range_tops", "used_as", "USAGE_MIN_FACTS", "USAGE_MIN_SHARE",
           "LIFE_PROPERTIES", "FAMILY_PROPERTIES", "LIFE_DATES", "born_entities", "typed_person_and_organisation",
           "outgoing_properties", "MEMBER_PROPERTIES", "grouped_entities", "typed_band_and_person", "act_kind",
           "unknown_agent", "AGENT", "NOT_PLACE_KINDS", "not_a_place", "place_range"]


def graph_view(kb: SparqlKB) -> GraphView | None:
    """The KB's in-memory view (:meth:`bengal.kb.store.KB.graph`) when it has one: every function
    here then reads it instead of sending SPARQL, with the same answers (``tests/generate/test_graph_view.py``)."""
    return kb.graph() if isinstance(kb, KB) else None


#: ``Entity.form_kind`` values written as plain text, never as a gold mention.
TEXT_KINDS = ("concept", "literal")
#: A KB concept written as a common noun that is a gold mention (``--mentions concepts``: "plays the [guitar]").
COMMON_NOUN = "common_noun"
#: The form kinds whose text is no name: plain text (:data:`TEXT_KINDS`) or a common-noun mention. No other
#: surface form, description ("the NOUN") or qualifier split is ever made of them.
NOT_NAMES = (*TEXT_KINDS, COMMON_NOUN)


@direct_init  # the dataclass's __init__, writing the fields straight into __dict__ (issue 15)
@dataclass(frozen=True)
class Entity:
    """A KB entity as the verbaliser sees it.

    Attributes:
        uri: the entity IRI (the gold URI of its mentions).
        label: its English ``rdfs:label``.
        classes: its DBpedia ontology classes, most specific first (may be empty).
        form: the text written for this mention when it is not the label (a family
            name, an alt label, a pronoun; see :mod:`bengal.generate.surface`), else ``None``.
        form_kind: what ``form`` is ("news_name", "family_name", "unqualified", "place_head", "short_name", "alt_label",
            "acronym", "article_outside", "pronoun"), for the manifest's counts; "concept" (a KB concept written
            as a common noun, :mod:`bengal.generate.mentions`) and "literal" (a date,
            :mod:`bengal.generate.literals`) are :data:`TEXT_KINDS`: plain text, never a mention;
            :data:`COMMON_NOUN` is a concept written as a common noun that is a mention (``--mentions
            concepts``).
        gender: the grammatical gender of the entity in a language other than English ("m", "f",
            "n"; a person's from its sex, anything else's from its class noun), for agreement
            (:mod:`bengal.generate.lang.rules`); ``None`` in English.
        article: text written before a :data:`COMMON_NOUN` mention and not part of it ("an " of "worked
            as an [author]", es "la " of "toca la [guitarra]"); empty for every other entity.
    """

    uri: str
    label: str
    classes: tuple[str, ...] = ()
    form: str | None = None
    form_kind: str | None = None
    gender: str | None = None
    article: str = ""

    def __hash__(self) -> int:
        """The hash of the fields, as the dataclass's own, worked out once per object: entities are
        the keys of the verbaliser's memos, asked again for every candidate wording (issue 15). Not
        pickled (a string's hash differs between processes)."""
        found = self.__dict__.get("_hash")
        if found is None:
            found = self.__dict__["_hash"] = hash((self.uri, self.label, self.classes, self.form, self.form_kind,
                                                   self.gender, self.article))
        return found

    def __getstate__(self) -> dict[str, object]:
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    @cached_attribute
    def surface(self) -> str:
        """The text written for a mention of the entity: ``form`` if set, else the label
        without its disambiguation parenthesis (see :func:`bengal.kb.labels.surface_of`);
        worked out once per object."""
        return self.form if self.form is not None else surface_of(self.label)

    def with_form(self, form: str | None, kind: str | None) -> "Entity":
        """The same entity written as ``form`` (``None``: its label)."""
        return Entity(self.uri, self.label, self.classes, form, kind if form is not None else None, self.gender)

    @property
    def type(self) -> str | None:
        """The most specific class IRI, or ``None``."""
        return self.classes[0] if self.classes else None

    def preferring(self, wanted: set[str]) -> "Entity":
        """The same entity with its classes in ``wanted`` first (order kept otherwise):
        a seed drawn as a Person is described as a person even when DBpedia also
        types it as something else (``Howard_McGhee`` is also a ``Fish``)."""
        first = tuple(c for c in self.classes if c in wanted)
        return Entity(self.uri, self.label, first + tuple(c for c in self.classes if c not in wanted),
                      gender=self.gender)


@dataclass
class Ontology:
    """Class depths and labels, property labels.

    Attributes:
        depth: class IRI → length of its longest ``rdfs:subClassOf`` chain to a root.
        class_labels: class IRI → English label.
        property_labels: property IRI → English label.
    """

    depth: dict[str, int] = field(default_factory=dict)
    class_labels: dict[str, str] = field(default_factory=dict)
    property_labels: dict[str, str] = field(default_factory=dict)
    parents: dict[str, set[str]] = field(default_factory=dict)
    #: property IRI → its ``rdfs:domain`` / ``rdfs:range`` class IRI (``dbo:`` classes only).
    domains: dict[str, str] = field(default_factory=dict)
    ranges: dict[str, str] = field(default_factory=dict)
    # Answers of tops / most_specific_first / with_ancestors, which every mention asks again (issue 15):
    # they depend only on ``depth`` and ``parents``, which load_ontology fills before the first call.
    _memo: dict[tuple, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def tops(self, cls: str) -> frozenset[str]:
        """The :data:`TOP_CLASSES` that ``cls`` is (or is a subclass of); empty for a
        class above them (``Agent``) or outside them."""
        key = ("tops", cls)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = frozenset({cls, *self.with_ancestors((cls,))} & set(TOP_CLASSES))
        return found

    def most_specific_first(self, classes: Iterable[str]) -> tuple[str, ...]:
        """Classes sorted by depth (deepest first), then by IRI."""
        key = ("msf", frozenset(classes))
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = tuple(sorted(key[1], key=lambda c: (-self.depth.get(c, 0), c)))
        return found

    def subclasses(self, classes: Iterable[str]) -> set[str]:
        """The classes and all their (transitive) subclasses."""
        return with_subclasses(classes, children_of(self.parents))

    def frozen_subclasses(self, classes: tuple[str, ...]) -> frozenset[str]:
        """:meth:`subclasses`, worked out once per ontology and tuple of classes (for checks made per
        candidate wording)."""
        key = ("subclasses", classes)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = frozenset(self.subclasses(classes))
        return found

    def with_ancestors(self, classes: Sequence[str]) -> tuple[str, ...]:
        """``classes`` in their order, then all their (transitive) superclasses, deepest
        first: what a template's ``classes`` key is checked against."""
        key = ("anc", tuple(classes))
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._with_ancestors(key[1])
        return found

    def _with_ancestors(self, classes: tuple[str, ...]) -> tuple[str, ...]:
        seen: dict[str, None] = dict.fromkeys(classes)
        todo = list(classes)
        while todo:
            for p in sorted(self.parents.get(todo.pop(), ())):
                if p not in seen:
                    seen[p] = None
                    todo.append(p)
        first = tuple(classes)
        return first + self.most_specific_first(c for c in seen if c not in first)

    def is_instance(self, entity: "Entity", classes: AbstractSet[str]) -> bool:
        """Whether one of the entity's classes is in ``classes`` (pass :meth:`subclasses`
        of the wanted classes, so that unmaterialised KBs answer right too)."""
        return any(c in classes for c in entity.classes)


#: The top classes an entity's classes must agree on (DBpedia ontology IRIs): a class
#: under one of them is never written for an entity whose other evidence says another
#: (a ferry company typed ``Company`` and ``Sea`` is not "a sea").
TOP_CLASSES = tuple(DBO + c for c in ("Person", "Organisation", "Place", "Work", "Event", "Species",
                                      "TopicalConcept", "MeanOfTransportation", "EthnicGroup", "Language",
                                      "Award", "PersonFunction", "Device", "Food", "Disease", "Activity"))


#: Top classes that win over others an entity is also typed with, whatever the facts say: in the
#: bundled sample all 88 entities typed ``EthnicGroup`` and a place ("Albanians", "Norwegians": typed
#: ``Country``) and the 19 typed ``EthnicGroup`` and an organisation ("Icelanders", "Ashkenazi Jews":
#: typed ``Band``) are peoples, which a fact's range would otherwise turn into a country or a band
#: ("has its headquarters in Norwegians", "the band Icelanders").
_PRECEDENCE = {DBO + "EthnicGroup": (DBO + "Place", DBO + "Organisation")}
_PERSON, _ORGANISATION = DBO + "Person", DBO + "Organisation"
#: A class below ``Person`` (``Jockey``, ``HorseTrainer``, ``MusicalArtist``, ``Scientist``) wins over ``Species``
#: (:func:`consistent_classes`): DBpedia types 142 of the bundled sample's entities both ``Person`` and ``Species``;
#: the racehorses, plants and animals among them have ``Person`` alone on that side, while the jockeys, trainers,
#: musicians and naturalists have a person's class of their own ("Howard McGhee, a fish, has teamed up with Lionel
#: Hampton", "the horse Eddie Delahoussaye": a copy editor's reading, twenty-first session, where the deeper taxonomy
#: won the tie). With no facts as evidence, 65 of the 142 are decided a person now (6 before), 58 a species, and 19
#: a third top class (trainers the KB also types a building, with more classes there: the facts a document gives
#: them decide, as for any other entity).
_SPECIES = DBO + "Species"


#: Place classes that say a place is no country: a settlement or a region lies within one, a continent
#: holds several. DBpedia types 205 of the bundled sample's 1,153 entities typed ``Country`` also with one of
#: these (Plateau State, a Nigerian state: ``Country`` and ``Settlement``; Aosta Valley: ``Country`` and
#: ``AdministrativeRegion``; East Asia: ``Country`` and ``Continent``); ``Country`` is then type noise
#: (:func:`consistent_classes`), never the noun a reader is told ("Plateau State, a country, …"). So are an island
#: and a natural place (a sea, a peninsula, a mountain): 49 more of them, every one but Seychelles (an island
#: country, then "an island") a part of a country or a sea ("Borneo is a country located in Malaysia", "Caspian Sea,
#: a country": a new user's reading, twentieth session; Ireland is the island, Great Britain too).
_NOT_A_COUNTRY = tuple(DBO + c for c in ("Settlement", "Region", "Continent", "Island", "NaturalPlace"))


def _without_country_noise(onto: Ontology, classes: tuple[str, ...]) -> tuple[str, ...]:
    """``classes`` without ``Country`` when another of them is (under) a class of :data:`_NOT_A_COUNTRY`;
    ``Settlement`` goes with it when no subclass of it is left (a city, a town, a village): DBpedia's
    ``Settlement`` beside ``Country`` is a region as often as a town (Bohemia, Plateau State, Amadora), so
    neither noun is said and the entity is a populated place."""
    country = DBO + "Country"
    if country not in classes:
        return classes
    others = [c for c in classes if c != country]
    if not any(a in _NOT_A_COUNTRY for c in others for a in (c, *onto.with_ancestors((c,)))):
        return classes
    settlement = DBO + "Settlement"
    if settlement in others and not any(settlement in onto.with_ancestors((c,)) for c in others if c != settlement):
        others.remove(settlement)
    return tuple(others)


def is_list_page(label: str) -> bool:
    """Whether a label names a Wikipedia list page ("List of cities in Saskatchewan"),
    which is never a type nor an entity the generator writes about."""
    return label.startswith(("List of ", "Lists of "))


#: Facts only a person has: a band, a company or a place is never born and never dies. An entity with one of
#: them as a subject (to another IRI) is a person whatever else DBpedia types it (:func:`consistent_classes`):
#: 145 of the bundled sample's entities typed both Person and Organisation have one, every one a singer or a
#: player typed ``Band`` too ("the band Duke Ellington", "the band Shakira"); the 2,002 without are mostly
#: bands, labels, broadcasters and parties typed ``Person`` too, and singers the KB says nothing more of
#: (Will Young: a record label, two ``associatedBand`` and a ``musicalArtist`` fact).
LIFE_PROPERTIES = (DBO + "birthPlace", DBO + "deathPlace")
#: Family facts: the spouse, partner, parent or child of someone, at either end of the fact (to another IRI),
#: is one person too. 15 more of the sample's entities typed Person and Organisation have one and no birth or
#: death place, every one a person ("the band Seal": ``Heidi_Klum dbo:spouse Seal_(musician)``; Beyoncé,
#: Elvis Presley, Miley Cyrus, Johnny Hallyday). ``relative`` is left out: ``Kennedy_family`` is the object of
#: one. ``foaf:gender`` is no such evidence: 15 of the 34 entities typed Person and Organisation that have one
#: and none of these facts are duos, bands or clubs (The Everly Brothers, Boyce and Hart, K.A.A. Gent).
FAMILY_PROPERTIES = (DBO + "spouse", DBO + "partner", DBO + "parent", DBO + "child")
#: A birth or death date (any value) says the same as a birth or death place (none of the sample's entities
#: typed Person and Organisation has one without a place; a larger KB may).
LIFE_DATES = (DBO + "birthDate", DBO + "deathDate")

#: Facts only a group has: the subject of a member fact (to another IRI) has members, so it is no one person.
#: Over the bundled sample's 1,602 entities typed both ``Band`` and ``MusicalArtist`` (:func:`typed_band_and_person`)
#: 25 have one (98 Degrees, Kool & the Gang, The Miracles); 24 are groups and one is a singer whose member facts
#: run the wrong way round (Ani Kyd ``formerBandMember`` Dethklok, Strapping Young Lad), whom the rule takes for a
#: group (a fact's range could write "the band Ani Kyd" before it, too).
MEMBER_PROPERTIES = (DBO + "bandMember", DBO + "formerBandMember", DBO + "currentMember")
#: The class above Person and Organisation: what an act the KB leaves undecided between them keeps
#: (:func:`consistent_classes`), and what no class noun or pronoun is written for (:func:`unknown_agent`).
AGENT = DBO + "Agent"
_BAND = DBO + "Band"


def typed_band_and_person(onto: Ontology, classes: Sequence[str]) -> bool:
    """Whether ``classes`` hold ``Band`` (or a subclass) and a class under Person: a musical act that DBpedia types
    both a group and a person (1,602 of the bundled sample's entities are typed ``Band`` and ``MusicalArtist``:
    solo singers as Bonnie Tyler and groups as 2 Live Crew alike). Such an act is a person or a group only by its
    facts (:func:`act_kind`), never by a property's domain or range. Worked out once per ontology and classes."""
    key = ("band_and_person", tuple(classes))
    found = onto._memo.get(key)
    if found is None:
        found = onto._memo[key] = (any(_BAND in onto.with_ancestors((c,)) for c in classes)
                                   and any(_PERSON in onto.tops(c) for c in classes))
    return found


def act_kind(born: bool, grouped: bool) -> str:
    """What an act typed a band and a person (:func:`typed_band_and_person`) is by its facts: ``"person"`` when the
    KB shows it to be one person (:func:`born_entities`) and gives it no members, ``"group"`` when it has members
    (:func:`grouped_entities`) and no person's facts, else ``"undecided"`` (neither or both)."""
    if born != grouped:
        return "person" if born else "group"
    return "undecided"


def unknown_agent(onto: Ontology, entity: "Entity") -> bool:
    """Whether the entity is an agent of no known kind: every class of it is above the top classes and one is
    ``Agent`` (an act the KB leaves undecided between a person and a group, :func:`consistent_classes`; the sample
    also types 105 characters and instruments ``Agent`` alone). Such an entity takes no class noun, no pronoun
    (neither "he", "she", "they" nor "it" is sure) and the relative "who", which fits a person and a group."""
    classes = entity.classes
    return (bool(classes) and AGENT in classes and all(not onto.tops(c) for c in classes))


def typed_person_and_organisation(onto: Ontology, classes: Sequence[str]) -> bool:
    """Whether ``classes`` fall under both Person and Organisation: the only entities whose person evidence
    (:func:`born_entities`) :func:`consistent_classes` reads."""
    tops = {t for c in classes for t in onto.tops(c)}
    return _PERSON in tops and _ORGANISATION in tops


def _born_in_view(view: GraphView, uri: str) -> bool:
    """Whether the view holds evidence that ``uri`` is one person: a :data:`LIFE_PROPERTIES` or
    :data:`FAMILY_PROPERTIES` fact of it, a :data:`FAMILY_PROPERTIES` fact pointing at it (its facts are between
    distinct IRIs) or a :data:`LIFE_DATES` value (the view's detail rows: any value)."""
    if any(p in LIFE_PROPERTIES or p in FAMILY_PROPERTIES for p, _ in view.outgoing(uri)):
        return True
    if any(p in LIFE_DATES for p, _, _ in view.detail_rows(uri)):
        return True
    return any(p in FAMILY_PROPERTIES for p, _ in view.incoming(uri))


def born_entities(kb: SparqlKB, uris: Sequence[str]) -> set[str]:
    """The ``uris`` the KB shows to be one person each: the subject of a :data:`LIFE_PROPERTIES` or
    :data:`FAMILY_PROPERTIES` fact whose object is another IRI, the object of a :data:`FAMILY_PROPERTIES` fact
    whose subject is another IRI, or the subject of a :data:`LIFE_DATES` fact (any value); from the in-memory
    view when the KB has one, else one SPARQL query per 500 URIs (the same answers)."""
    view = graph_view(kb)
    if view is not None:
        return {u for u in uris if _born_in_view(view, u)}
    found: set[str] = set()
    todo = sorted(set(uris))
    family = list(FAMILY_PROPERTIES)
    for start in range(0, len(todo), 500):
        query = PREFIXES + f"""
            SELECT DISTINCT ?e WHERE {{ {values('e', todo[start:start + 500])}
              {{ {values('p', [*LIFE_PROPERTIES, *family])} ?e ?p ?x . FILTER(isIRI(?x) && ?x != ?e) }}
              UNION {{ {values('p', family)} ?x ?p ?e . FILTER(isIRI(?x) && ?x != ?e) }}
              UNION {{ {values('p', list(LIFE_DATES))} ?e ?p ?x }} }}"""
        found |= {e for (e,) in cast("list[tuple[str]]", kb.select(query))}
    return found


def _grouped_in_view(view: GraphView, uri: str) -> bool:
    """Whether the view holds a :data:`MEMBER_PROPERTIES` fact of ``uri`` (its facts are between distinct IRIs)."""
    return any(p in MEMBER_PROPERTIES for p, _ in view.outgoing(uri))


def grouped_entities(kb: SparqlKB, uris: Sequence[str]) -> set[str]:
    """The ``uris`` the KB gives members: the subject of a :data:`MEMBER_PROPERTIES` fact whose object is another
    IRI; from the in-memory view when the KB has one, else one SPARQL query per 500 URIs (the same answers)."""
    view = graph_view(kb)
    if view is not None:
        return {u for u in uris if _grouped_in_view(view, u)}
    found: set[str] = set()
    todo = sorted(set(uris))
    for start in range(0, len(todo), 500):
        query = PREFIXES + f"""
            SELECT DISTINCT ?e WHERE {{ {values('e', todo[start:start + 500])}
              {values('p', list(MEMBER_PROPERTIES))} ?e ?p ?x . FILTER(isIRI(?x) && ?x != ?e) }}"""
        found |= {e for (e,) in cast("list[tuple[str]]", kb.select(query))}
    return found


def consistent_classes(onto: Ontology, entity: Entity, evidence: Iterable[str | None], born: bool = False,
                       grouped: bool = False) -> Entity:
    """The entity with only the classes that agree with one top class (:data:`TOP_CLASSES`).

    When its classes fall under several top classes (DBpedia's type noise: a company
    typed ``Sea``, a horse race typed ``Band``), a top class of :data:`_PRECEDENCE` wins over the
    ones it names whatever the evidence (a people typed ``Country`` or ``Band``: "Norwegians",
    "Icelanders"); among those left, the top class that the ``evidence``
    supports most wins: the domains of the entity's properties as a subject and the
    ranges of the properties that point at it (class IRIs, ``None`` ignored); ties go
    to the top class with more of the entity's classes, then to that of its first
    class. Classes above every top class (``Agent``) are kept; the order is kept. A place typed ``Country``
    and a settlement, region or continent is no country (:func:`_without_country_noise`). ``born``: the KB
    shows the entity to be one person (a birth or death place or date, a spouse, partner, parent or child:
    :func:`born_entities`), so Person wins over Organisation whatever the evidence. A class below Person (a jockey,
    a musician) wins over Species whatever the evidence (:data:`_SPECIES`).

    An act typed a band and a person (:func:`typed_band_and_person`) is decided by its facts alone (:func:`act_kind`):
    a person (``born``, no members) keeps its Person classes, a group (``grouped``: members,
    :func:`grouped_entities`; no person's facts) its Organisation classes; an act the KB leaves undecided keeps
    only the classes above every top class (``Agent``, added when the KB does not state it): no class noun,
    gold type or pronoun that could be false ("the band Bonnie Tyler", "the musician 2 Live Crew" were written
    from a property's range or the deeper class).
    """
    if typed_band_and_person(onto, entity.classes):
        kind = act_kind(born, grouped)
        if kind == "undecided":
            above = tuple(c for c in entity.classes if not onto.tops(c))
            return replace(entity, classes=above if AGENT in above else (*above, AGENT))
        born = kind == "person"
        if kind == "group":
            keep = tuple(c for c in entity.classes if _PERSON not in onto.tops(c))
            return consistent_classes(onto, replace(entity, classes=keep), evidence)
    groups: dict[str, list[str]] = {}
    for c in entity.classes:
        for t in onto.tops(c):
            groups.setdefault(t, []).append(c)
    pruned = False
    if born and _PERSON in groups:
        pruned |= groups.pop(_ORGANISATION, None) is not None
    if _SPECIES in groups and any(c != _PERSON for c in groups.get(_PERSON, ())):
        pruned |= groups.pop(_SPECIES) is not None  # a jockey or a trumpeter typed a horse or a fish: a person
    for winner, losers in _PRECEDENCE.items():
        if winner in groups:
            for t in losers:
                pruned |= groups.pop(t, None) is not None
    if len(groups) <= 1 and not pruned:
        classes = _without_country_noise(onto, entity.classes)
        if classes == entity.classes:
            return entity
        return replace(entity, classes=classes)
    if len(groups) == 1:
        best = next(iter(groups))
    else:
        support = dict.fromkeys(groups, 0)
        for cls in evidence:
            if cls:
                for t in onto.tops(cls):
                    if t in support:
                        support[t] += 1
        first_tops = onto.tops(entity.classes[0])
        best = max(sorted(groups), key=lambda t: (support[t], len(groups[t]), t in first_tops))
    keep = _without_country_noise(onto, tuple(c for c in entity.classes if best in onto.tops(c) or not onto.tops(c)))
    return replace(entity, classes=keep)


#: Kinds of thing that are never a place, as English DBpedia names them in an IRI's parenthesised disambiguator
#: ("Miami_(James_Gang_album)", "Australia_(2008_film)"): the last words of the disambiguator (``_`` read as a
#: space, case ignored). Read by :func:`not_a_place`.
NOT_PLACE_KINDS = ("album", "song", "single", "EP", "soundtrack", "film", "TV series", "series", "novel", "book",
                   "play", "musical", "opera", "video game", "band", "group", "musician", "singer", "rapper",
                   "actor", "legal instrument")
_DISAMBIGUATOR = re.compile(r"_\(([^()]*)\)$")
_NOT_PLACE_KIND = re.compile(r"(?:^| )(?:" + "|".join(re.escape(k.lower()) for k in NOT_PLACE_KINDS) + r")$")
_PLACE = DBO + "Place"
#: A label that names the set of a country's subdivisions or a survey of it, not one place (:func:`not_a_place`):
#: "Gmina Mellieha forms part of Districts of Malta", "was born in Presidencies and provinces of British India", "died
#: in Partitions of Poland", "a citizen of Demographics of India" (a copy editor's reading, twenty-first session; 111 of
#: the bundled sample's place-range facts, 81 of them births in British India's provinces, which DBpedia types a
#: country or a settlement, and 9 ``isPartOf`` facts, whose range the ontology leaves open).
_IS_PART_OF = DBO + "isPartOf"
_SET_OF_PLACES = re.compile(
    r"^(?:Districts|Provinces|Regions|Counties|Municipalities|Departments|States|Cantons|Boroughs|Communes|Parishes|"
    r"Prefectures|Oblasts|Governorates|Subdivisions|Divisions|Administrative divisions|Cities|Towns|Villages|"
    r"Territories|Comarcas|Cercles|Partitions|Demographics|Presidencies and provinces) of ")


def place_range(onto: Ontology, prop: str) -> bool:
    """Whether ``prop``'s ``rdfs:range`` is ``Place`` or a class under it."""
    rng = onto.ranges.get(prop)
    return rng is not None and _PLACE in onto.tops(rng)


def not_a_place(onto: Ontology, prop: str, obj: "Entity") -> bool:
    """Whether a fact of ``prop`` with the object ``obj`` would write as a place something that is none: ``prop``'s
    ``rdfs:range`` is ``Place`` or under it (``birthPlace``, ``deathPlace``, ``location``, ``hometown``,
    ``recordedIn``, ``nationality``, …) and ``obj``'s IRI names a kind of :data:`NOT_PLACE_KINDS` in its
    disambiguator, or its label names a set of places (:data:`_SET_OF_PLACES`; also for ``isPartOf``), or ``obj``
    has a class under a top class (:data:`TOP_CLASSES`) and none under ``Place`` or ``Organisation``. An
    organisation may be the site it runs (a recording studio is where an album was recorded, a university where a
    company was founded); a work, an event, a people, a language or a person is never a
    place. Such a fact is DBpedia noise ("Tommy Bolin died in Miami" linked to the James Gang album; "recorded in
    1976 in music"; "Hokkien is spoken in Hoklo people"): left out and counted (the manifest's ``kb_noise``).

    Over the bundled sample's 50,586 facts of such a property that :func:`outgoing_facts` reads, this leaves out 284
    (``nationality`` 170, ``stateOfOrigin`` 60, ``recordedIn`` 20, ``country`` 8, ``region`` 5, ``birthPlace`` 4,
    ``location`` 4, ``deathPlace`` 3, ``broadcastArea``, ``spokenIn``, ``hometown``, ``place`` 2 each,
    ``residence``, ``populationPlace`` 1 each): 236 have a people as object ("is a citizen of Americans", "hailed from
    Canadians"), 26 a work (years in music typed ``Album``, the Billboard Hot 100, a film), 7 a language, 6 an event,
    3 an untyped one whose disambiguator names a work or a document, 6 another. 11 are places the KB mistypes and are
    lost with the rest (4 circuits typed ``Single``, 7 studio facts typed ``Cartoon``, ``Person`` or a work); the
    44 kept whose object has no place class are organisations (41 studios, a university, and 2 noise: the
    Catholic Church as a country, Grampian Television as a broadcast area)."""
    if _SET_OF_PLACES.match(obj.label) and (prop == _IS_PART_OF or place_range(onto, prop)):
        return True
    if not place_range(onto, prop):
        return False
    found = _DISAMBIGUATOR.search(obj.uri)
    if found is not None and _NOT_PLACE_KIND.search(found.group(1).replace("_", " ").lower()):
        return True
    tops = {t for c in obj.classes for t in onto.tops(c)}
    return bool(tops) and not tops & {_PLACE, _ORGANISATION}


#: The queries :func:`load_ontology` reads the ontology with, by the part of it each fills.
_ONTOLOGY_QUERIES = {
    "parents": PREFIXES + f"""
        SELECT ?c ?super WHERE {{ ?c rdfs:subClassOf ?super .
          FILTER(STRSTARTS(STR(?c), "{DBO}") && STRSTARTS(STR(?super), "{DBO}")) }}""",
    "class_labels": PREFIXES + """
        SELECT ?c ?l WHERE { ?c a owl:Class ; rdfs:label ?l . FILTER(LANG(?l) = "en") }""",
    "property_labels": PREFIXES + """
        SELECT ?p ?l WHERE { ?p a owl:ObjectProperty ; rdfs:label ?l . FILTER(LANG(?l) = "en") }""",
    "domains_ranges": PREFIXES + f"""
        SELECT ?p ?k ?c WHERE {{ VALUES ?k {{ rdfs:domain rdfs:range }} ?p ?k ?c .
          FILTER(STRSTARTS(STR(?p), "{DBO}") && STRSTARTS(STR(?c), "{DBO}")) }}""",
}


def _ontology_rows(kb: SparqlKB) -> dict[str, list[tuple[str, ...]]]:
    """The rows of each of :data:`_ONTOLOGY_QUERIES`, in the order the KB gives them, asked once per
    open KB in a process (:func:`bengal.kb.memo.kb_memo`): :func:`generate` and its document maker
    each read the ontology, and the four queries cost about 0.15 CPU s."""
    def ask() -> dict[str, list[tuple[str, ...]]]:
        # A variable outside OPTIONAL is bound in every solution: the casts in this module say
        # which columns of a query's rows are never None (the type of kb.select cannot know it).
        return {part: cast("list[tuple[str, ...]]", kb.select(query)) for part, query in _ONTOLOGY_QUERIES.items()}

    return kb_memo(kb, ("ontology_rows",), ask)


def load_ontology(kb: SparqlKB) -> Ontology:
    """Read the DBpedia ontology's class tree and labels from the KB (empty maps if it has none)."""
    onto = Ontology()
    parents = onto.parents
    rows = _ontology_rows(kb)
    for c, sup in rows["parents"]:
        parents.setdefault(c, set()).add(sup)

    def depth(c: str, seen: frozenset = frozenset()) -> int:
        if c in onto.depth:
            return onto.depth[c]
        ps = [p for p in parents.get(c, ()) if p not in seen]
        d = 1 + max((depth(p, seen | {c}) for p in ps), default=0)
        onto.depth[c] = d
        return d

    for c in sorted(parents):
        depth(c)
    for c, label in rows["class_labels"]:
        onto.class_labels.setdefault(c, label)
    for p, label in rows["property_labels"]:
        onto.property_labels.setdefault(p, label)
    for p, kind, c in rows["domains_ranges"]:
        (onto.domains if kind.endswith("domain") else onto.ranges).setdefault(p, c)
    return onto


def seed_candidates(kb: SparqlKB, onto: Ontology, classes: Sequence[str]) -> list[str]:
    """Instances of ``classes`` or of any of their subclasses, sorted.

    A candidate is a seed (BENGAL's rule) when it links by a ``dbo:`` property to
    another instance of the classes; the generator checks that on the facts it
    fetches anyway (:func:`is_seed`), which is far cheaper than a join over the
    whole KB.
    """
    wanted = sorted(onto.subclasses(classes))
    view = graph_view(kb)
    if view is not None:
        return view.instances_of(wanted)
    query = PREFIXES + f"SELECT DISTINCT ?s WHERE {{ {values('c', wanted)} ?s a ?c . FILTER(isIRI(?s)) }}"
    return sorted(row[0] for row in cast("list[tuple[str]]", kb.select(query)))


def is_seed(onto: Ontology, facts: Sequence[tuple[str, "Entity"]], wanted: set[str]) -> bool:
    """BENGAL's seed rule on a candidate's outgoing facts: one object is an instance of
    the seed classes (``wanted`` = :meth:`Ontology.subclasses` of them), or an agent of no known kind
    (:func:`unknown_agent`: an act the KB leaves undecided between a person and a group) where the seed classes
    hold both Person and Organisation: it is one of the two."""
    either = _PERSON in wanted and _ORGANISATION in wanted
    return any(onto.is_instance(obj, wanted) or (either and unknown_agent(onto, obj)) for _, obj in facts)


def outgoing_facts(kb: SparqlKB, onto: Ontology, seed: str) -> list[tuple[str, Entity]]:
    """The seed's outgoing ``dbo:`` facts whose object is a labelled entity (not the seed
    itself and not a Wikipedia list page, :func:`is_list_page`), as sorted ``(property
    IRI, object Entity)`` pairs; each object keeps the classes that agree with the
    property's range (:func:`consistent_classes`)."""
    view = graph_view(kb)
    if view is not None:
        return _outgoing_from_view(view, onto, seed)
    query = PREFIXES + f"""
        SELECT ?p ?o ?label ?type WHERE {{
          {iri(seed)} ?p ?o .
          FILTER(isIRI(?o) && ?o != {iri(seed)} && STRSTARTS(STR(?p), "{DBO}"))
          ?o rdfs:label ?label . FILTER(LANG(?label) = "en")
          OPTIONAL {{ ?o a ?type . FILTER(STRSTARTS(STR(?type), "{DBO}")) }}
        }}"""
    rows = cast("list[tuple[str, str, str, str | None]]", kb.select(query))
    labels: dict[str, str] = {}
    types: dict[str, set[str]] = {}
    props: dict[tuple[str, str], None] = {}
    for p, o, label, typ in rows:
        if not writable_label(label):
            continue
        if o not in labels or label < labels[o]:
            labels[o] = label
        types.setdefault(o, set())
        if typ:
            types[o].add(typ)
        props[(p, o)] = None
    # the person evidence is read only of an entity typed Person and Organisation (consistent_classes)
    born = born_entities(kb, [o for o in labels if typed_person_and_organisation(onto, tuple(types[o]))])
    grouped = grouped_entities(kb, [o for o in labels if typed_band_and_person(onto, tuple(types[o]))])
    return sorted(
        ((p, consistent_classes(onto, Entity(o, labels[o], onto.most_specific_first(types[o])), [onto.ranges.get(p)],
                                o in born, o in grouped))
         for p, o in props if not is_list_page(labels[o])),
        key=lambda pe: (pe[0], pe[1].uri),
    )


def outgoing_facts_at_most(kb: SparqlKB, seed: str) -> int | None:
    """A bound on ``len(outgoing_facts(kb, onto, seed))`` that costs no fact: the seed's ``dbo:`` triples
    with an IRI object in the KB's in-memory view (each gives at most one fact); ``None`` for a KB without
    a view (:func:`graph_view`)."""
    view = graph_view(kb)
    return None if view is None else view.outgoing_count(seed)


def seeds_surely_refused(kb: SparqlKB, seeds: Sequence[str], least: int) -> list[bool]:
    """For each of ``seeds``, whether :func:`outgoing_facts_at_most` is below ``least`` (so the seed surely has
    fewer outgoing facts): all ``False`` for a KB without a view. One pass over the view's counts, without a
    call per seed (the generator asks it of every seed candidate, about 135,000 for ``--docs 10000``: issue 15)."""
    view = graph_view(kb)
    if view is None:
        return [False] * len(seeds)
    return [count < least for count in view.outgoing_counts(seeds)]


def _outgoing_from_view(view: GraphView, onto: Ontology, seed: str) -> list[tuple[str, Entity]]:
    """:func:`outgoing_facts` from the in-memory view: the same rows, the same filters. An object
    reached by one property is worked out once per view and ontology (objects recur: countries,
    genres, clubs) and is the same :class:`Entity` object each time."""
    found = []
    memo = onto._memo
    for p, o in view.outgoing(seed):
        key = ("object", o, p)
        known: tuple[GraphView, Entity | None] | None = memo.get(key)
        if known is None or known[0] is not view:
            entity: Entity | None = None
            writable = [label for label in view.labels(o) if writable_label(label)]
            if writable and not is_list_page(min(writable)):
                classes = onto.most_specific_first(view.types(o))
                entity = consistent_classes(onto, Entity(o, min(writable), classes), [onto.ranges.get(p)],
                                            typed_person_and_organisation(onto, classes) and _born_in_view(view, o),
                                            typed_band_and_person(onto, classes) and _grouped_in_view(view, o))
            if len(memo) >= _OBJECT_MEMO_SIZE:
                memo.clear()
            memo[key] = known = (view, entity)
        if known[1] is not None:
            found.append((p, known[1]))
    return found  # in (property, object IRI) order, as view.outgoing gives them


#: Entries the ontology's memo holds before it is emptied (a bound on memory for long runs: the
#: objects of :func:`_outgoing_from_view` are most of them).
_OBJECT_MEMO_SIZE = 400_000


#: At most this many incoming facts of one entity are fetched (the first in ``(property, subject)``
#: order): a country of the full DBpedia has millions. The bundled sample's most linked entity has
#: fewer, so its corpora are the same as without the cap.
INCOMING_CAP = 10_000


def incoming_facts(kb: SparqlKB, onto: Ontology, target: str, limit: int = 64) -> list[tuple[str, Entity]]:
    """Genuine incoming ``dbo:`` facts of ``target``: triples ``(s, p, target)`` stored in
    the KB (never an outgoing fact turned round), as sorted ``(property IRI, subject
    Entity)`` pairs, for subjects with a writable English label.

    A popular object (a country) has thousands; the first :data:`INCOMING_CAP` ``(p, s)``
    pairs in sorted order are fetched and, beyond ``limit``, every ``n``-th is kept (a
    deterministic thinning that does not depend on store order) before their labels are fetched.
    """
    view = graph_view(kb)
    if view is not None:
        pairs = list(view.incoming(target)[:INCOMING_CAP])
    else:
        query = PREFIXES + f"""
            SELECT ?p ?s WHERE {{
              ?s ?p {iri(target)} .
              FILTER(isIRI(?s) && ?s != {iri(target)} && STRSTARTS(STR(?p), "{DBO}"))
            }} ORDER BY ?p ?s LIMIT {INCOMING_CAP}"""
        pairs = sorted({(p, s) for p, s in cast("list[tuple[str, str]]", kb.select(query))})
    if len(pairs) > limit:
        step = len(pairs) / limit
        pairs = [pairs[int(i * step)] for i in range(limit)]
    info = entities(kb, onto, [s for _, s in pairs])
    born = born_entities(kb, [s for s, e in info.items() if typed_person_and_organisation(onto, e.classes)])
    grouped = grouped_entities(kb, [s for s, e in info.items() if typed_band_and_person(onto, e.classes)])
    return [(p, consistent_classes(onto, info[s], [onto.domains.get(p)], s in born, s in grouped)) for p, s in pairs
            if s in info and writable_label(info[s].label) and not is_list_page(info[s].label)]


#: Properties that give a person's or an organisation's country for a demonym
#: ("a German footballer"), strongest first; ``birthPlace`` counts through the
#: birth place itself or its ``dbo:country``.
DEMONYM_PROPERTIES = ("nationality", "citizenship", "stateOfOrigin", "country", "birthPlace")


#: Literal properties the verbaliser can write ("born on 4 May 1950"), the ones the bundled KB
#: holds (``kb/README.md``: FactBench's dates; it has no founding years or other numbers).
LITERAL_PROPERTIES = ("birthDate", "deathDate", "releaseDate")

#: Literal properties that name an office a person held ("Prime Minister of Belgium": the bundled KB's
#: ``dbo:office`` values, on 774 people, every one a prime minister's office): news writes the title before the
#: name ("Belgium was led by Prime Minister Guy Verhofstadt"; :func:`bengal.generate.literals.titled_offices`).
OFFICE_PROPERTIES = ("office",)

#: Properties whose presence says that a person has died.
_DEATH_PROPERTIES = ("deathDate", "deathPlace", "deathYear", "deathCause", "restingPlace")


@dataclass(frozen=True)
class SubjectDetails:
    """What the verbaliser needs to know about a subject beyond its label and classes.

    Attributes:
        deceased: it has a ``dbo:deathDate``, ``deathPlace``, ``deathYear``, ``deathCause`` or
            ``restingPlace`` (facts about a person take the past tense).
        countries: ``(property local name, country IRI)`` pairs for a demonym, in
            :data:`DEMONYM_PROPERTIES` order, then by IRI.
        dates: ``(property local name, lexical value)`` of :data:`LITERAL_PROPERTIES` that have
            exactly one value (a KB that gives two birth dates is not believed), sorted.
        offices: the literal values of :data:`OFFICE_PROPERTIES` ("Prime Minister of Belgium"), sorted,
            each once.
    """

    deceased: bool = False
    countries: tuple[tuple[str, str], ...] = ()
    dates: tuple[tuple[str, str], ...] = ()
    offices: tuple[str, ...] = ()


def subject_details(kb: SparqlKB, uris: Sequence[str]) -> dict[str, SubjectDetails]:
    """``{uri: SubjectDetails}`` for every URI in ``uris`` (one query per 200 URIs)."""
    props = list(dict.fromkeys([*_DEATH_PROPERTIES, *DEMONYM_PROPERTIES, *LITERAL_PROPERTIES, *OFFICE_PROPERTIES]))
    result: dict[str, SubjectDetails] = {}
    uris = sorted(set(uris))
    view = graph_view(kb)
    for start in range(0, len(uris), 200):
        chunk = uris[start : start + 200]
        if view is not None:
            rows = [(e, *row) for e in chunk for row in view.detail_rows(e)]
        else:
            rows = cast("list[tuple[str, str, str, str | None]]", kb.select(PREFIXES + f"""
                SELECT ?e ?p ?o ?c WHERE {{
                  {values('e', chunk)} {values('p', [DBO + p for p in props])}
                  ?e ?p ?o .
                  OPTIONAL {{ ?o dbo:country ?c . FILTER(isIRI(?c)) }}
                }}"""))
        dead: set[str] = set()
        found: dict[str, set[tuple[int, str, str]]] = {}
        dates: dict[tuple[str, str], set[str]] = {}
        offices: dict[str, set[str]] = {}
        for e, p, o, c in rows:
            name = local_name(p)
            if name in LITERAL_PROPERTIES and o and not o.startswith("http"):
                dates.setdefault((e, name), set()).add(o)
            if name in OFFICE_PROPERTIES and o and not o.startswith("http"):
                offices.setdefault(e, set()).add(o)
            if name in _DEATH_PROPERTIES:
                dead.add(e)
            if name in DEMONYM_PROPERTIES and o and o.startswith("http"):
                rank = DEMONYM_PROPERTIES.index(name)
                found.setdefault(e, set()).add((rank, name, o))
                if name == "birthPlace" and c:
                    found[e].add((rank, name, c))
        for e in chunk:
            result[e] = SubjectDetails(e in dead, tuple((n, o) for _, n, o in sorted(found.get(e, ()))),
                                       tuple(sorted((n, next(iter(vs))) for (x, n), vs in dates.items()
                                                    if x == e and len(vs) == 1)),
                                       tuple(sorted(offices.get(e, ()))))
    return result


def incoming_property_counts(kb: SparqlKB, uri: str) -> dict[str, int]:
    """``{property IRI: number of triples (s, property, uri)}`` over the ``dbo:`` properties that
    point at ``uri``: how the KB uses an entity ("Guitar" is the object of ``instrument`` hundreds
    of times, "Motown" of ``recordLabel``)."""
    view = graph_view(kb)
    if view is not None:
        return view.incoming_counts(uri)
    rows = cast("list[tuple[str, str]]", kb.select(PREFIXES + f"""
        SELECT ?p (COUNT(*) AS ?n) WHERE {{ ?s ?p {iri(uri)} . FILTER(STRSTARTS(STR(?p), "{DBO}")) }}
        GROUP BY ?p"""))
    return {p: int(n) for p, n in rows}


def outgoing_properties(kb: SparqlKB, uri: str) -> frozenset[str]:
    """The ``dbo:`` properties of the facts whose subject is ``uri`` and whose object is another IRI (what
    :func:`outgoing_facts` reads, before labels): what the KB says of it, as of a named work ("Bully (video
    game)": ``developer``) and not of a concept ("Laptop": nothing). From the in-memory view when the KB has
    one, else one SPARQL query (the same answer)."""
    view = graph_view(kb)
    if view is not None:
        return frozenset(p for p, _ in view.outgoing(uri))
    rows = cast("list[tuple[str]]", kb.select(PREFIXES + f"""
        SELECT DISTINCT ?p WHERE {{ {iri(uri)} ?p ?o .
          FILTER(isIRI(?o) && ?o != {iri(uri)} && STRSTARTS(STR(?p), "{DBO}")) }}"""))
    return frozenset(p for (p,) in rows)


#: Ranges the DBpedia ontology does not state, for :func:`used_as`: a portrayer is a person.
_RANGES_ADDED = {DBO + "portrayer": DBO + "Person"}
#: Top classes that stand in for each other in a range: a band where an artist is expected
#: ("associatedMusicalArtist", "writer") and an artist where a band is ("associatedBand").
_AGENTS = frozenset({DBO + "Person", DBO + "Organisation"})
#: :func:`used_as` judges an entity only when at least this many facts with a ranged property point at it …
USAGE_MIN_FACTS = 5
#: … and refuses a property when fewer than this share of them agree with its range.
USAGE_MIN_SHARE = 0.1


def range_tops(onto: Ontology, prop: str) -> frozenset[str]:
    """The top classes (:data:`TOP_CLASSES`) of ``prop``'s ``rdfs:range`` (or of :data:`_RANGES_ADDED`),
    with Person and Organisation standing for each other; empty when the range is unknown or above
    every top class."""
    key = ("range_tops", prop)
    found = onto._memo.get(key)
    if found is None:
        rng = onto.ranges.get(prop) or _RANGES_ADDED.get(prop)
        tops = onto.tops(rng) if rng else frozenset()
        found = onto._memo[key] = tops | _AGENTS if tops & _AGENTS else tops
    return found


def used_as(onto: Ontology, prop: str, counts: Mapping[str, int]) -> bool:
    """Whether the KB's own use of an entity agrees with ``prop``'s range: ``False`` when at least
    :data:`USAGE_MIN_FACTS` of the facts that point at it have a property with a range
    (``counts``: :func:`incoming_property_counts` of the entity) and fewer than
    :data:`USAGE_MIN_SHARE` of those have a range of a top class of ``prop``'s (:func:`range_tops`).

    DBpedia's infobox extraction puts an instrument under ``occupation`` ("worked as a percussion
    instrument"), a country under ``award``, a language under ``nationality``, a place under
    ``language``: the same entity is the object of properties of another range many times over
    (Percussion instrument: of ``instrument``), so such a fact is the noise. The entity's own
    ``rdf:type`` is no judge: the KB types "Piano" as a ``PersonFunction`` and "Guitar" as a
    ``Person``, and they are instruments all the same. Over the bundled sample this refuses 177 of
    its 174,535 outgoing ``dbo:`` facts between IRIs (``occupation`` 36, ``bandMember`` 27, ``genre``
    20, ``formerBandMember`` 18, ``instrument`` 17: "Rapping", "Record producer"), every one read
    and found wrong.
    """
    wanted = range_tops(onto, prop)
    if not wanted:
        return True
    agree = total = 0
    for p, n in counts.items():
        tops = range_tops(onto, p)
        if tops:
            total += n
            if tops & wanted:
                agree += n
    return total < USAGE_MIN_FACTS or agree >= USAGE_MIN_SHARE * total


def property_frequencies(kb: SparqlKB) -> dict[str, int]:
    """``{property IRI: number of triples with an IRI object}`` for every ``dbo:`` property of the
    KB: the salience of a property for the ``summary`` strategy. An embedded KB keeps the counts
    with its store (:meth:`bengal.kb.store.KB.predicate_counts`); any other KB is asked once."""
    if isinstance(kb, KB):
        return {p: n for p, n in kb.predicate_counts().items() if p.startswith(DBO)}
    rows = cast("list[tuple[str, str]]", kb.select(PREFIXES + f"""
        SELECT ?p (COUNT(*) AS ?n) WHERE {{ ?s ?p ?o . FILTER(STRSTARTS(STR(?p), "{DBO}") && isIRI(?o)) }}
        GROUP BY ?p"""))
    return {p: int(n) for p, n in rows}


def places_labelled(kb: SparqlKB, onto: Ontology, name: str) -> list[str]:
    """The IRIs of the places (instances of ``dbo:Place`` or a subclass) whose English ``rdfs:label``
    is ``name`` exactly, sorted: one query with the name as a literal (an index look-up on any store
    or endpoint), or the KB's in-memory view with the same answer (its index of place labels, built
    once per view: the place classes are worked out only then)."""
    view = graph_view(kb)
    if view is not None:
        found = _PLACE_LABELS.get(id(view))
        if found is None or found[0] is not view:
            found = (view, view.instances_by_label(sorted(onto.subclasses([DBO + "Place"]))))
            _PLACE_LABELS.clear()
            _PLACE_LABELS[id(view)] = found
        return list(found[1].get(name, ()))
    places = sorted(onto.subclasses([DBO + "Place"]))
    rows = kb.select(PREFIXES + f"""SELECT DISTINCT ?e WHERE {{ ?e rdfs:label {literal(name, lang="en")} .
        {values('c', places)} ?e a ?c . FILTER(isIRI(?e)) }}""")
    return sorted(str(r[0]) for r in rows)


_PLACE_LABELS: dict[int, tuple[GraphView, dict[str, tuple[str, ...]]]] = {}


def entities(kb: SparqlKB, onto: Ontology, uris: Sequence[str]) -> dict[str, Entity]:
    """``{uri: Entity}`` for the URIs that have an English label (the others are absent)."""
    result: dict[str, Entity] = {}
    view = graph_view(kb)
    if view is not None:
        for e in sorted(set(uris)):
            names = view.labels(e)
            if names:
                result[e] = Entity(e, names[0], onto.most_specific_first(view.types(e)))
        return result
    for start in range(0, len(uris), 500):
        chunk = sorted(set(uris[start : start + 500]))
        query = PREFIXES + f"""
            SELECT ?e ?label ?type WHERE {{
              {values('e', chunk)}
              ?e rdfs:label ?label . FILTER(LANG(?label) = "en")
              OPTIONAL {{ ?e a ?type . FILTER(STRSTARTS(STR(?type), "{DBO}")) }}
            }}"""
        labels: dict[str, str] = {}
        types: dict[str, set[str]] = {}
        for e, label, typ in cast("list[tuple[str, str, str | None]]", kb.select(query)):
            if e not in labels or label < labels[e]:
                labels[e] = label
            types.setdefault(e, set())
            if typ:
                types[e].add(typ)
        for e, label in labels.items():
            result[e] = Entity(e, label, onto.most_specific_first(types[e]))
    return result
