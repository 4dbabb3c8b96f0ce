"""Subgraph strategies: which facts of the KB a document verbalises (BENGAL's five).

Each strategy gets a :class:`StrategyContext` (the seed, the document's random
generator, and cached access to the KB's facts) and returns a :class:`Subgraph`:
facts grouped into :class:`Unit` objects, in sentence order; a unit becomes one
clause (a list clause when it has several objects). The registry
:data:`STRATEGIES` maps the ``--strategy`` names to them. Every strategy is a
plain function, so a new one is a new function and one registry entry.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Callable, Collection, NamedTuple, Sequence

from bengal.generate.kbview import (
    Entity,
    Ontology,
    entities,
    incoming_facts,
    incoming_property_counts,
    not_a_place,
    outgoing_facts,
    outgoing_facts_at_most,
    place_range,
    property_frequencies,
    range_tops,
    used_as,
)
from bengal.kb.labels import surface_of
from bengal.kb.sparql import DBO, SparqlKB

__all__ = ["Unit", "Subgraph", "reversed_part_of", "parts_in_order",
           "StrategyContext", "FactSource", "star", "sym", "path", "hybrid", "summary",
           "distinct_names", "without_restated_qualifiers", "memberships_said", "ASSOCIATED", "MEMBERSHIP",
           "STRATEGIES", "MAX_LIST", "WALK_ATTEMPTS", "HUB_RATIO"]

#: At most this many objects share one list clause ("A, B, C and D").
MAX_LIST = 4
#: A walk (``path``, ``hybrid``) that ends in a dead end is restarted from the seed
#: up to this many times; the longest walk wins.
WALK_ATTEMPTS = 6
#: A walk never moves to a hub: an entity that more than this many times as many facts name as
#: their object as it has facts of its own (:meth:`FactSource.hub`). Every walk that enters such an
#: entity says one of its few facts: in the bundled sample the United States has one fact of its
#: own (its form of government) and 2,155 facts point at it, so "The United States' form of
#: government is federalism." was in 48 of 1,000 path documents (and its other wording in 48 more).
#: At 40, Romania (2 facts, 70 pointing at it) let a walk from a Romanian village say "Romanians live
#: in France." in 8 of 500 ``--like reuters128`` documents and "Romanians live in the country." in 7
#: more; at 30 the most repeated sentence there is in 5 of 500 (seed 0) and 4 of 500 (seed 1).
HUB_RATIO = 30


class Unit(NamedTuple):
    """Facts that share a subject and a property: ``subject prop o`` for every ``o`` in ``objects``.

    ``date``: a date phrase said in the same clause ("on 4 May 1950": "X was born on 4 May 1950
    in Y"; :mod:`bengal.generate.literals`), else ``None``.

    ``office``: the title every object held of the subject and that the clause writes before the objects'
    names ("Prime Minister": "Belgium was led by Prime Minister Guy Verhofstadt"; the lexicon entry's
    ``in_office`` wordings; :func:`bengal.generate.literals.titled_offices`);
    :data:`bengal.generate.verbalise.BESIDES_OFFICE` for the other objects of a fact some of whose objects have
    one ("…, and Golda Meir also led the country": the entry's ``besides_office`` wordings); else ``None``.
    """

    subject: Entity
    prop: str
    objects: tuple[Entity, ...]
    date: str | None = None
    office: str | None = None


@dataclass(frozen=True)
class Subgraph:
    """The facts of one document, in sentence order.

    Attributes:
        seed: the seed entity.
        units: the facts; each becomes one clause.
        prefer_aggregation: ask the verbaliser to join clauses about one subject into
            one sentence whenever the sentence bounds allow it (``summary``).
    """

    seed: Entity
    units: tuple[Unit, ...]
    prefer_aggregation: bool = False


#: A name of an area that holds settlements ("Chomutov District", "Baghdad Governorate", "Chicago
#: metropolitan area", "Seoul Capital Area", "Ouest (department)"): :func:`reversed_part_of`.
_AREA = re.compile(r"\b(?:[Cc]ounty|[Dd]istrict|[Gg]overnorate|[Pp]rovince|[Mm]unicipality|[Rr]egion|[Pp]arish"
                   r"|[Dd]epartment|[Mm]etropolitan [Aa]rea|Capital Area)\b|\((?:state|province|department)\)")
#: A region named by a part of a larger place ("Western United States", "Southern California", "Greater
#: Hartford", "Mid-Atlantic (United States)"): it holds that place's towns and states, never the reverse.
_PART_REGION = re.compile(r"^(?:Western|Eastern|Northern|Southern|Central|Greater|Mid-Atlantic) [^,]+$")
#: Classes of a settlement, and of a place that can hold one (DBpedia also types "Bushehr province" a city).
_SETTLEMENT = ("City", "Town", "Village")
_HOLDER = ("Region", "AdministrativeRegion", "Country", "Continent")


def reversed_part_of(subject: Entity, obj: Entity, obj_parts: Collection[str] = (),
                     subject_in: Collection[Entity] = ()) -> bool:
    """Whether the KB's ``subject dbo:isPartOf obj`` runs from the whole to its part, so that "subject is
    part of obj" would be false ("County Tipperary is part of Clonmel", "Western United States is part of
    Colorado": DBpedia reads an area's seat or member states as isPartOf).

    Rule, one of: the KB also places ``obj`` in ``subject`` (``obj_parts``: the IRIs ``obj`` is
    ``isPartOf``, ``county``, ``state``, ``region`` or ``district`` of), ``obj`` is a city, town or village
    and the subject is the area (its name says so, :data:`_AREA`, or it is of a region class); or the subject's
    name is an area named after ``obj`` ("Chomutov District" and Chomutov, "Chicago metropolitan area" and
    Chicago: the area holds its seat); or it is an area holding several settlements (a metropolitan or
    capital area) or a part of a larger place (:data:`_PART_REGION`, "Southern California") and ``obj``
    is a settlement, or (not a "Greater" city's area) a state other than that larger place ("Western United
    States" and Colorado); or ``obj`` is a city, town or village, the subject is none, and the KB places the
    subject in two or more of them (``subject_in``: the entities the subject is ``isPartOf``, ``county``,
    ``state``, ``region`` or ``district`` of): a place is part of no two cities, it is the area that holds them
    ("Randstad is part of Almere, Alphen aan den Rijn, Delft and Leiden": Randstad is typed only Settlement;
    Delaware Valley and Central Jersey are too).
    Classes are local names of ``subject.classes``/``obj.classes`` (the KB's types)."""
    s_name, o_name = surface_of(subject.label), surface_of(obj.label)
    s_cls = {c.rsplit("/", 1)[-1] for c in subject.classes}
    o_cls = {c.rsplit("/", 1)[-1] for c in obj.classes}
    settlement = _is_settlement(obj)
    if settlement and not s_cls & set(_SETTLEMENT) and sum(map(_is_settlement, subject_in)) >= 2:
        return True
    area = _AREA.search(s_name) is not None
    if subject.uri in obj_parts and not _AREA.search(o_name) and settlement and (area or s_cls & set(_HOLDER)):
        return True  # (a "settlement" of no settlement class is no evidence: DBpedia types the province Connacht so)
    seat, own = o_name.split(",")[0], s_name.split(",")[0]  # "Glenn County, California": the qualifier is no seat
    if (area and not o_cls & set(_HOLDER) and not _AREA.search(seat)
            and re.search(rf"(?:^|[\s-]){re.escape(seat)}(?:$|[\s-])", own)):
        return True
    part = _PART_REGION.match(s_name)
    if part is not None and not _AREA.search(s_name):
        whole = re.sub(r"^\S+ ", "", s_name).split(" (")[0]
        return settlement or (not s_name.startswith("Greater ") and bool(o_cls & {"AdministrativeRegion", "Region"})
                              and o_name != whole and whole not in o_name)  # "Greater Houston" is in Texas
    return bool(re.search(r"[Mm]etropolitan [Aa]rea|Capital Area", s_name)) and settlement


def _is_settlement(entity: Entity) -> bool:
    """Whether the entity is typed a city, town or village and no region, country or continent."""
    classes = {c.rsplit("/", 1)[-1] for c in entity.classes}
    return bool(classes & set(_SETTLEMENT)) and not classes & set(_HOLDER)


def parts_in_order(sub: Subgraph, parts: Callable[[str], Collection[Entity]]) -> Subgraph:
    """The subgraph with each ``dbo:isPartOf`` fact that :func:`reversed_part_of` finds reversed written
    the right way round: its object becomes the subject of its own fact at the same place ("Clonmel is
    part of County Tipperary."; was "County Tipperary is part of Clonmel."), so a walk that went on from
    the object still follows it. ``parts(uri)``: the entities the KB places ``uri`` in. Every mode (the fact
    is false with any mention policy); a subgraph without such a fact is returned as it is."""
    units: list[Unit] = []
    changed = False
    for u in sub.units:
        if u.prop != DBO + "isPartOf":
            units.append(u)
            continue
        within = parts(u.subject.uri)
        keep = [o for o in u.objects if not reversed_part_of(u.subject, o, {e.uri for e in parts(o.uri)}, within)]
        if len(keep) == len(u.objects):
            units.append(u)
            continue
        changed = True
        if keep:
            units.append(u._replace(objects=tuple(keep)))
        units += [Unit(o, u.prop, (u.subject,)) for o in u.objects if o not in keep]
    return Subgraph(sub.seed, tuple(units), sub.prefer_aggregation) if changed else sub


def distinct_names(sub: Subgraph) -> Subgraph:
    """The subgraph without the entities whose name (label without its disambiguation parenthesis)
    is that of another entity the document names first: a fact whose object is one is left out, and
    so is every fact about one. "The capital of Ibiza is the city of Ibiza.", "King Diamond was
    associated with the band King Diamond." and "TLC" for two channels wrote one surface form with two
    gold URIs in a document, which no reader or system can tell apart (2 in 300 ``--like conllpp``
    documents). The seed is named first; the order of the units is kept; a unit left without
    objects goes, and once a fact has gone so does every later one that names no entity kept before
    it (a walk that went on from the left-out entity: "Paul David Harbour played the bass guitar."
    in a document about King Diamond). A subgraph with no clash is returned as it is."""
    first: dict[str, str] = {surface_of(sub.seed.label): sub.seed.uri}

    def clashes(e: Entity) -> bool:
        return first.setdefault(surface_of(e.label), e.uri) != e.uri

    units: list[Unit] = []
    connected = {sub.seed.uri}
    changed = False
    for u in sub.units:
        objects = () if clashes(u.subject) else tuple(o for o in u.objects if not clashes(o))
        if changed and u.subject.uri not in connected and not any(o.uri in connected for o in objects):
            objects = ()
        changed |= len(objects) < len(u.objects)
        if objects:
            units.append(u if len(objects) == len(u.objects) else u._replace(objects=objects))
            connected.update((u.subject.uri, *(o.uri for o in objects)))
    return Subgraph(sub.seed, tuple(units), sub.prefer_aggregation) if changed else sub


def without_restated_qualifiers(sub: Subgraph, qualifier_of: Callable[[Entity], Entity | None]
                                ) -> tuple[Subgraph, int]:
    """The subgraph without the facts that a place's written name already says, and how many went: a fact
    about a place named by a label "Head, Qualifier" whose object is the entity ``qualifier_of`` gives
    for it, where an earlier fact of the document names the place (news writes its qualifier at that
    first mention: "… born in Hope, Arkansas. Hope, Arkansas is part of Arkansas." says it twice: a copy
    editor's reading, thirteenth session; 54 such facts in 5,000 documents of ``bengal generate --docs 1000
    --seed 3``, one run a strategy). Where the fact names the place first it stays: "Hope is part of
    Arkansas." (:func:`bengal.generate.surface.split_qualified` writes the head alone there). A unit left
    without objects goes; the order of the units is kept. A subgraph with no such fact is returned as it
    is, with 0."""
    units: list[Unit] = []
    named: set[str] = set()
    dropped = 0
    for u in sub.units:
        q = qualifier_of(u.subject) if u.subject.uri in named else None
        objects = u.objects if q is None else tuple(o for o in u.objects if o.uri != q.uri)
        dropped += len(u.objects) - len(objects)
        if objects:
            units.append(u if len(objects) == len(u.objects) else u._replace(objects=objects))
        named.update((u.subject.uri, *(o.uri for o in objects)))
    return (Subgraph(sub.seed, tuple(units), sub.prefer_aggregation) if dropped else sub), dropped


#: The KB's loose links between musicians and bands (Wikipedia's "associated acts"), and its membership facts.
ASSOCIATED = (DBO + "associatedBand", DBO + "associatedMusicalArtist")
MEMBERSHIP = (DBO + "bandMember", DBO + "formerBandMember")


def memberships_said(sub: Subgraph, outgoing: Callable[[str], Sequence[tuple[str, Entity]]],
                     incoming: Callable[[str], Sequence[tuple[str, Entity]]]) -> tuple[Subgraph, int]:
    """The subgraph with each loose link between a musician and a band ("associated acts": ``dbo:associatedBand``,
    ``dbo:associatedMusicalArtist``) that the KB also gives as membership written as that membership, and how many:
    "Adrian Smith … collaborated with Iron Maiden" is "Adrian Smith is a member of Iron Maiden" where the KB has
    ``Iron_Maiden dbo:bandMember Adrian_Smith`` (``dbo:formerBandMember``: "was once a member"). A copy editor's
    reading of the default set (fourteenth session) marked 59 members, founders or singers written as collaborators
    in 475 sentences; the sample holds 631 associated links that are memberships.

    Rule: for a unit of an :data:`ASSOCIATED` property, an object that is a band the subject is a member of
    (``incoming(subject)`` holds a :data:`MEMBERSHIP` fact from it) becomes a unit ``object membership subject``
    right after it; an object that is a member of the subject band (``outgoing(subject)``) becomes the subject's
    own membership unit ``subject membership object``. Membership units of the subgraph are not said twice: the
    object then just goes. A unit left without objects goes; the order is kept. ``outgoing``/``incoming``: an
    entity URI → its facts as ``(property IRI, object or subject)``. A subgraph with no such link is returned as
    it is, with 0."""
    said = {(u.subject.uri, u.prop, o.uri) for u in sub.units if u.prop in MEMBERSHIP for o in u.objects}
    units: list[Unit] = []
    moved = 0
    for u in sub.units:
        if u.prop not in ASSOCIATED:
            units.append(u)
            continue
        bands = {e.uri: p for p, e in incoming(u.subject.uri) if p in MEMBERSHIP}  # bands the subject is in
        members = {e.uri: p for p, e in outgoing(u.subject.uri) if p in MEMBERSHIP}  # members of the subject band
        keep: list[Entity] = []
        added: list[Unit] = []
        for o in u.objects:
            if o.uri in bands:
                fact = (o.uri, bands[o.uri], u.subject.uri)
                if fact not in said:
                    added.append(Unit(o, bands[o.uri], (u.subject,)))
            elif o.uri in members:
                fact = (u.subject.uri, members[o.uri], o.uri)
                if fact not in said:
                    added.append(Unit(u.subject, members[o.uri], (o,)))
            else:
                keep.append(o)
                continue
            said.add(fact)
            moved += 1
        if keep:
            units.append(u if len(keep) == len(u.objects) else u._replace(objects=tuple(keep)))
        merged: dict[tuple[str, str], Unit] = {}  # a band's members in one unit: "A and B are members of X"
        for a in added:
            key = (a.subject.uri, a.prop)
            merged[key] = merged[key]._replace(objects=merged[key].objects + a.objects) if key in merged else a
        units += merged.values()
    return (Subgraph(sub.seed, tuple(units), sub.prefer_aggregation) if moved else sub), moved


class FactSource:
    """Cached fact look-ups on a KB for one process (answers do not depend on the cache).

    Args:
        kb: anything with ``select(sparql_text)``.
        onto: the KB's ontology.
    """

    def __init__(self, kb: SparqlKB, onto: Ontology) -> None:
        self.kb, self.onto = kb, onto
        self._out: dict[str, list[tuple[str, Entity]]] = {}
        self._in: dict[str, list[tuple[str, Entity]]] = {}
        self._freq: dict[str, int] | None = None
        self._hub: dict[str, bool] = {}
        self._links: dict[str, dict[str, int]] = {}
        #: per entity IRI, the properties of its facts left out because their object is no place
        #: (:func:`bengal.generate.kbview.not_a_place`; outgoing facts, then incoming ones): the same answer
        #: whenever the facts are fetched again
        self._no_place: dict[tuple[str, str], tuple[str, ...]] = {}
        #: the entities whose facts were asked for since :meth:`start_document` (its count of facts left out)
        self._asked: set[tuple[str, str]] = set()
        self._fits: dict[tuple[str, str], bool] = {}

    def _cached(self, table: dict[str, list[tuple[str, Entity]]],
                fetch: Callable[[SparqlKB, Ontology, str], list[tuple[str, Entity]]],
                uri: str) -> list[tuple[str, Entity]]:
        if uri not in table:
            if len(table) > 20000:  # bounded: a long run visits many entities once
                table.clear()
            table[uri] = fetch(self.kb, self.onto, uri)
        return table[uri]

    def outgoing(self, uri: str) -> list[tuple[str, Entity]]:
        """The entity's outgoing facts (:func:`bengal.generate.kbview.outgoing_facts`) whose object the
        KB uses as the property's range says (:meth:`fits`) and is a place where the range is one
        (:func:`bengal.generate.kbview.not_a_place`)."""
        self._asked.add(("out", uri))
        return self._cached(self._out, self._outgoing, uri)

    def start_document(self) -> None:
        """Forget which entities' facts were asked for (:meth:`no_place_facts` counts those of one document)."""
        self._asked = set()

    def no_place_facts(self) -> list[str]:
        """The properties of the facts left out since :meth:`start_document` because their object is no place
        (:func:`bengal.generate.kbview.not_a_place`), one entry per fact, over the entities whose facts were asked
        for (each once): what a document's making read and did not write. Sorted."""
        return sorted(p for key in self._asked for p in self._no_place.get(key, ()))

    def fewer_outgoing(self, uri: str, n: int) -> bool:
        """``len(self.outgoing(uri)) < n``, answered without fetching the facts when the KB's triples of
        ``uri`` are already fewer (:func:`bengal.generate.kbview.outgoing_facts_at_most`): most seed
        candidates of ``--sentence-length news`` fail so (issue 15): :meth:`surely_fewer_outgoing` first."""
        return self.surely_fewer_outgoing(uri, n) or len(self.outgoing(uri)) < n

    def surely_fewer_outgoing(self, uri: str, n: int) -> bool:
        """Whether ``len(self.outgoing(uri)) < n`` is sure without fetching anything: the facts already
        fetched are fewer, or the KB's in-memory view has fewer ``dbo:`` triples of ``uri`` with an IRI
        object (:func:`bengal.generate.kbview.outgoing_facts_at_most`; each gives at most one fact).
        ``False`` when it may have ``n`` or more, or when the KB has no view and the facts are not fetched
        yet. A subclass that keeps a subset of these facts (a language's) has fewer then too. Most seed
        candidates of the bundled sample have none or one (issue 15)."""
        found = self._out.get(uri)
        if found is not None:
            return len(found) < n
        bound = outgoing_facts_at_most(self.kb, uri)
        return bound is not None and bound < n

    def incoming(self, uri: str) -> list[tuple[str, Entity]]:
        """The entity's genuine incoming facts (:func:`bengal.generate.kbview.incoming_facts`) whose
        property's range fits the entity (:meth:`fits`)."""
        self._asked.add(("in", uri))
        return self._cached(self._in, self._incoming, uri)

    def _outgoing(self, kb: SparqlKB, onto: Ontology, uri: str) -> list[tuple[str, Entity]]:
        facts = [(p, o) for p, o in outgoing_facts(kb, onto, uri) if self.fits(p, o.uri)]
        return self._places_only(("out", uri), facts, lambda p, o: not_a_place(onto, p, o))

    def _incoming(self, kb: SparqlKB, onto: Ontology, uri: str) -> list[tuple[str, Entity]]:
        facts = [(p, s) for p, s in incoming_facts(kb, onto, uri) if self.fits(p, uri)]
        # the entity itself (its classes), read only when a fact's range is a place
        target = entities(kb, onto, [uri]).get(uri) if any(place_range(onto, p) for p, _ in facts) else None

        def no_place(p: str, _: Entity) -> bool:
            return target is not None and not_a_place(onto, p, target)

        return self._places_only(("in", uri), facts, no_place)

    def _places_only(self, key: tuple[str, str], facts: list[tuple[str, Entity]],
                     no_place: Callable[[str, Entity], bool]) -> list[tuple[str, Entity]]:
        """``facts`` without those ``no_place(property, other end)`` refuses, whose properties are kept for
        :meth:`no_place_facts` under ``key``."""
        judged = [no_place(p, e) for p, e in facts]
        if not any(judged):
            return facts
        # never emptied: few entities have such facts (about 280 in the sample)
        self._no_place[key] = tuple(p for (p, _), out in zip(facts, judged) if out)
        return [fact for fact, out in zip(facts, judged) if not out]

    def fits(self, prop: str, obj: str) -> bool:
        """Whether a fact of ``prop`` may have the object ``obj``: the KB's other facts about
        ``obj`` agree with the property's range (:func:`bengal.generate.kbview.used_as`; a fact
        that gives an instrument as an occupation or a country as an award is DBpedia noise). Each
        ``(prop, obj)`` worked out once (objects recur: a country, a genre, a club; weighing a country's
        incoming properties against the range is most of the work: issue 15), bounded as the fact caches."""
        key = (prop, obj)
        found = self._fits.get(key)
        if found is None:
            # no range to disagree with: no query
            found = not range_tops(self.onto, prop) or used_as(self.onto, prop, self.links(obj))
            if len(self._fits) > 50000:
                self._fits.clear()
            self._fits[key] = found
        return found

    def links(self, uri: str) -> dict[str, int]:
        """How many facts of each ``dbo:`` property point at the entity
        (:func:`bengal.generate.kbview.incoming_property_counts`), asked once."""
        counts = self._links.get(uri)
        if counts is None:
            if len(self._links) > 20000:
                self._links.clear()
            counts = self._links[uri] = incoming_property_counts(self.kb, uri)
        return counts

    def hub(self, uri: str) -> bool:
        """Whether more than :data:`HUB_RATIO` times as many ``dbo:`` facts point at the entity
        (:func:`bengal.generate.kbview.incoming_property_counts`) as it has outgoing facts
        (:meth:`outgoing`, at least one counted)."""
        found = self._hub.get(uri)
        if found is None:
            if len(self._hub) > 20000:
                self._hub.clear()
            into = sum(self.links(uri).values())
            found = self._hub[uri] = into > HUB_RATIO * max(len(self.outgoing(uri)), 1)
        return found

    def frequencies(self) -> dict[str, int]:
        """Triples per ``dbo:`` property in the KB (asked once)."""
        if self._freq is None:
            self._freq = property_frequencies(self.kb)
        return self._freq


@dataclass
class StrategyContext:
    """What a strategy may use.

    Attributes:
        seed: the seed entity.
        facts: fact look-ups on the KB.
        rng: the document's random generator (seeded by (seed, seed entity)).
        can_list: ``can_list(prop, subject)``: whether the lexicon has a list form.
        seed_facts: the seed's outgoing facts (already fetched by the seed test).
        may_be_subject: ``may_be_subject(prop, entity)``: whether the document may say facts
            about ``entity``, reached by a fact of ``prop`` (an incoming fact's subject: its
            ``prop``); ``None``: any (``--mentions named`` says nothing about concepts,
            :meth:`bengal.generate.mentions.MentionPolicy.may_be_subject`).
        prefer: ``prefer(prop, object)``: whether a dial wants the fact (``--emerging``: a role a
            made-up entity may fill, :meth:`bengal.generate.emerging.EmergingPlacer.wants`); the
            strategies that choose facts (``star``, ``sym``'s outgoing facts, the walks) take such
            facts first; ``None``: no preference (the choice is the one without the dial).
        chained: ``chained(prop)``: whether the objects of ``prop`` form one place chain that is
            never split to reach a sentence count (:meth:`bengal.generate.lexicon.Lexicon.chained`).
    """

    seed: Entity
    facts: FactSource
    rng: random.Random
    can_list: Callable[[str, Entity], bool]
    seed_facts: Sequence[tuple[str, Entity]] = field(default_factory=list)
    may_be_subject: Callable[[str | None, Entity], bool] | None = None
    prefer: Callable[[str, Entity], bool] | None = None
    chained: Callable[[str], bool] = lambda prop: False

    def preferred_first(self, units: list[Unit]) -> list[Unit]:
        """``units`` with those holding a fact :attr:`prefer` wants first (a stable sort)."""
        if self.prefer is None:
            return units
        prefer = self.prefer
        return sorted(units, key=lambda u: not any(prefer(u.prop, o) for o in u.objects))


def _group(subject: Entity, facts: Sequence[tuple[str, Entity]], ctx: StrategyContext, seen: set[str],
           order: Sequence[str] | None = None) -> list[Unit]:
    """Facts of one subject grouped by property into units; an object already in
    ``seen`` (said by an earlier property) is skipped; a group longer than
    :data:`MAX_LIST` is cut to a random sample; a group without a list form becomes
    one unit per object."""
    groups: dict[str, list[Entity]] = {}
    for prop, obj in facts:
        if obj.uri in seen:  # one object, two properties (associatedBand and associatedMusicalArtist)
            continue
        seen.add(obj.uri)
        groups.setdefault(prop, []).append(obj)
    units: list[Unit] = []
    for prop in (order if order is not None else sorted(groups)):
        objs = groups.get(prop)
        if not objs:
            continue
        if len(objs) > MAX_LIST:
            objs = sorted(ctx.rng.sample(objs, MAX_LIST), key=lambda e: e.uri)
        if len(objs) > 1 and ctx.can_list(prop, subject):
            units.append(Unit(subject, prop, tuple(objs)))
        else:
            units.extend(Unit(subject, prop, (o,)) for o in objs)
    return units


def _fit(units: list[Unit], n_units: int, min_units: int,
         chained: Callable[[str], bool] = lambda prop: False) -> list[Unit] | None:
    """The first ``n_units`` units; lists are split into single facts only when there
    would otherwise be fewer than ``min_units``, never a place chain (``chained(prop)``: one
    birth place chain, not "X was born in A. X was born in B."); ``None`` when even that is too few."""
    if sum(1 if chained(u.prop) else len(u.objects) for u in units) < min_units:
        return None
    wanted = max(min(n_units, len(units)), min_units)
    units = list(units)
    while len(units) < wanted:
        i = next(k for k, u in enumerate(units) if len(u.objects) > 1 and not chained(u.prop))
        u = units[i]
        units[i : i + 1] = [u._replace(objects=u.objects[:-1]), u._replace(objects=u.objects[-1:])]
    return units[:wanted]


def star(ctx: StrategyContext, n_units: int, min_units: int) -> Subgraph | None:
    """BENGAL's *star* strategy: outgoing facts of the seed.

    The seed's facts are grouped by property (an object already linked by an
    earlier property is not said twice); a group becomes one list clause (at most
    :data:`MAX_LIST` objects, drawn at random) when the lexicon has a list form,
    else one clause per object. Groups are taken in random order; lists are split
    into single facts only to reach ``min_units``.

    Returns:
        The subgraph, or ``None`` when the seed has fewer than ``min_units`` facts.
    """
    units = _group(ctx.seed, ctx.seed_facts, ctx, set())
    ctx.rng.shuffle(units)
    fitted = _fit(ctx.preferred_first(units), n_units, min_units, ctx.chained)
    return None if fitted is None else Subgraph(ctx.seed, tuple(fitted))


def sym(ctx: StrategyContext, n_units: int, min_units: int) -> Subgraph | None:
    """BENGAL's *sym* strategy: outgoing and incoming facts of the seed.

    Incoming facts are triples ``(s, p, seed)`` stored in the KB (the seed is the
    object: "Albert Einstein was born in Ulm." for the seed Ulm), never an outgoing
    fact turned round; an entity linked both ways is said once. About half the
    clauses (at least one) are incoming, the rest are outgoing groups as in
    :func:`star`; their order is random.

    Returns:
        The subgraph, or ``None`` when the seed has no incoming fact or too few facts.
    """
    seen: set[str] = {ctx.seed.uri}
    out_units = _group(ctx.seed, ctx.seed_facts, ctx, seen)
    in_units = [Unit(s, p, (ctx.seed,)) for p, s in ctx.facts.incoming(ctx.seed.uri)
                if s.uri not in seen and (ctx.may_be_subject is None or ctx.may_be_subject(None, s))]
    if not in_units:
        return None
    ctx.rng.shuffle(out_units)
    out_units = ctx.preferred_first(out_units)
    ctx.rng.shuffle(in_units)
    n_in = min(len(in_units), max(1, n_units // 2))
    n_out = min(len(out_units), max(n_units - n_in, 0))
    n_in = min(len(in_units), max(n_units - n_out, n_in))
    chosen_out = _fit(out_units, n_out, min(n_out, max(min_units - n_in, 0)), ctx.chained) or []
    units = chosen_out + in_units[:n_in]
    if len(units) < min_units:
        return None
    ctx.rng.shuffle(units)
    return Subgraph(ctx.seed, tuple(units[:max(n_units, min_units)]))


def _walk(ctx: StrategyContext, n_units: int, stay: float) -> list[Unit]:
    """One random walk from the seed: each step says one fact ``(current, p, o)`` with an
    unvisited ``o``; afterwards the walk moves to ``o`` (probability ``1 - stay``) or
    stays on the current entity (when that still has an unvisited object); it never moves to an
    entity that ``ctx.may_be_subject`` refuses, nor to a hub (:meth:`FactSource.hub`)."""
    visited = {ctx.seed.uri}
    current = ctx.seed
    units: list[Unit] = []
    last: Entity | None = None
    while len(units) < n_units:
        if last is not None:
            move = ctx.rng.random() >= stay
            if ctx.may_be_subject is not None and not ctx.may_be_subject(units[-1].prop, last):
                pass  # a concept ("the clarinet"): the walk stays where it is
            elif ctx.facts.hub(last.uri):
                pass  # a hub: every walk through it would say one of its few facts
            elif move or not any(o.uri not in visited for _, o in _facts_of(ctx, current)):
                current = last
        # a second object of a place chain would join the first in one clause ("died in Los Angeles,
        # California"): one fact less than the walk counts, so never taken
        said = {u.prop for u in units if u.subject.uri == current.uri and ctx.chained(u.prop)}
        options = [(p, o) for p, o in _facts_of(ctx, current) if o.uri not in visited and p not in said]
        if not options:
            break
        if ctx.prefer is not None:
            options = [(p, o) for p, o in options if ctx.prefer(p, o)] or options
        p, o = ctx.rng.choice(options)
        visited.add(o.uri)
        units.append(Unit(current, p, (o,)))
        last = o
    return units


def _facts_of(ctx: StrategyContext, entity: Entity) -> Sequence[tuple[str, Entity]]:
    return ctx.seed_facts if entity.uri == ctx.seed.uri else ctx.facts.outgoing(entity.uri)


def _best_walk(ctx: StrategyContext, n_units: int, min_units: int, stay: float) -> Subgraph | None:
    best: list[Unit] = []
    for _ in range(WALK_ATTEMPTS):
        units = _walk(ctx, n_units, stay)
        if len(units) > len(best):
            best = units
        if len(best) >= n_units:
            break
    return Subgraph(ctx.seed, tuple(best)) if len(best) >= max(min_units, 1) else None


def path(ctx: StrategyContext, n_units: int, min_units: int) -> Subgraph | None:
    """BENGAL's *path* strategy: a random walk from the seed.

    The walk's length is the document's drawn sentence count (from
    ``[--min-sentences, --max-sentences]``, less the opening type sentence); each
    step says one fact of the current entity whose object has not been visited, and
    moves to that object ("Ulm is in Baden-Württemberg. Baden-Württemberg's capital is
    Stuttgart. …"), unless the object is a hub (:data:`HUB_RATIO`: a country, a big city): then
    the next fact is another of the current entity's. A walk stuck in a dead end is restarted
    from the seed (at most
    :data:`WALK_ATTEMPTS` times); the longest walk is kept if it has ``min_units`` steps.
    """
    return _best_walk(ctx, n_units, min_units, stay=0.0)


def hybrid(ctx: StrategyContext, n_units: int, min_units: int) -> Subgraph | None:
    """BENGAL's *hybrid* strategy: a walk that mixes star and path steps.

    After each fact the walk either stays on the current entity and says another
    of its facts (a star step, probability 1/2) or moves to the object just named (a
    path step); it never says an object twice. Length and restarts as :func:`path`.
    """
    return _best_walk(ctx, n_units, min_units, stay=0.5)


def summary(ctx: StrategyContext, n_units: int, min_units: int) -> Subgraph | None:
    """BENGAL's *summary* strategy: the seed's most salient facts, grouped.

    Salience of a fact is the frequency of its property in the KB (the properties
    DBpedia states most often, such as birth place, team or genre, are what
    summaries of an entity say first); ties by property IRI. All objects of a property form one list
    clause (at most :data:`MAX_LIST`), the clauses come in order of salience, and
    the verbaliser joins clauses about the seed into multi-fact sentences ("X was
    born in Y and played for A, B and C.") as far as the sentence bounds allow.
    """
    freq = ctx.facts.frequencies()
    props = sorted({p for p, _ in ctx.seed_facts}, key=lambda p: (-freq.get(p, 0), p))
    units = _group(ctx.seed, ctx.seed_facts, ctx, set(), order=props)
    fitted = _fit(units, n_units, min_units, ctx.chained)
    return None if fitted is None else Subgraph(ctx.seed, tuple(fitted), prefer_aggregation=True)


#: ``--strategy`` name → strategy function ``(ctx, n_units, min_units) -> Subgraph | None``.
STRATEGIES: dict[str, Callable[[StrategyContext, int, int], Subgraph | None]] = {
    "star": star, "sym": sym, "path": path, "hybrid": hybrid, "summary": summary}
