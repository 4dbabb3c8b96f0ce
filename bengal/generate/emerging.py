"""Emerging entities (``--emerging X``): made-up persons, organisations and places that the KB lacks.

:class:`EmergingPlacer` replaces KB entities of a document's subgraph (never the seed) by new
entities of the same class, so that about ``X`` of the document's mentions name an entity
outside the KB. Names come from Faker's ``en_US`` name lists (persons: first and last name;
companies: its company patterns; sports teams: a city pattern and "FC", "United", …;
settlements: its city patterns; see :data:`KINDS`), seeded per document, and are
kept only when no KB label, label head, person family name or alt label equals them
(:class:`bengal.generate.surface.AmbiguityIndex`). In another language the lexicon's
``[emerging]`` table gives Faker's locale (es_ES, pt_BR, de_DE, fr_FR), the settlement and team
patterns (Faker's Spanish and German cities are real towns, so settlements are made of name
parts: "Villanueva de Guijarro", "Kranzhausen"), a person's first name has the replaced person's
sex (the text's agreement stays right), and the caller's ``known`` also asks the language's names.
The facts of a replaced entity stay, now
about the new one: fiction of the right class ("X played for Dunnshire Rovers"). One new entity
keeps its URI (:func:`made_up_uri`: :data:`EMERGING_NAMESPACE`, a slug of its name and a tag of its document)
throughout the document; the same name drawn in two documents names two entities, with two URIs.

Only an entity in a role that an entity outside the KB plausibly fills is replaced
(:func:`plausible_stand_in`): a musician's associate, a musician's label, a player's club
(:data:`STAND_IN_ROLES`), as news names people and firms no KB has; never a
country's capital or leader, a politician's successor, a town's county, a time zone, or where a
KB person was born or died ("the capital of Poland is the city of Jenkinsland", "Kaitlyn Smith led
Poland": each a falsehood a reader knows; before this rule, 3,774 of the 4,466 made-up objects of
KB entities' facts in 200 ``--like reuters128`` documents, seed 5). Where no entity may be
replaced, facts of :data:`ADDED_FACTS` place new entities beside KB ones ("Jane Doe was born in
Chester"), and where those leave the share short, facts of :data:`MADE_UP_HOST_FACTS` beside made-up ones
("Laura King held a key role at Watson and Sons"), so that shares above 0.5 are reached.

NIL as bengal models it: a URI outside the KB namespaces is an emerging entity (GERBIL's
``notInWiki`` convention; :mod:`bengal.score.uris`), so the gold carries the new URI, the NIF
and JSONL writers write it as any other, and the scorer counts the mention as EE.
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import replace
from typing import Any, Callable

from bengal.generate.kbview import Entity, is_list_page
from bengal.generate.strategies import Subgraph, Unit
from bengal.kb.labels import local_name, writable_label
from bengal.kb.sparql import DBO
from bengal.rdf import BENGAL_NIL_NAMESPACE

__all__ = ["made_up_uri", "EMERGING_NAMESPACE", "EMERGING_ROLES", "KINDS", "HOSTS", "ADDED_FACTS", "STRICT_ADDED_FACTS",
           "MADE_UP_HOST_FACTS", "MADE_UP_DEPTH",
           "STAND_IN_ROLES", "NOT_STAND_IN_SUBJECT", "EmergingPlacer", "is_emerging", "emerging_kind",
           "plausible_stand_in"]

#: The namespace of made-up entities (``.invalid`` never resolves; outside every KB namespace).
EMERGING_NAMESPACE = BENGAL_NIL_NAMESPACE

#: Draws of a name before a replacement is given up (every draw was a KB name or taken).
_NAME_DRAWS = 20


def is_emerging(uri: str) -> bool:
    """Whether ``uri`` is a made-up (emerging) entity of :data:`EMERGING_NAMESPACE`."""
    return uri.startswith(EMERGING_NAMESPACE)


#: The kinds of entity that are made up, each with the DBpedia class (and its subclasses) that
#: has it and how its names are drawn. Other entities (countries, rivers, parties, bands,
#: works, concepts) are never replaced: a pattern name for them would not read plausibly.
KINDS = {"person": "Person", "company": "Company", "team": "SportsTeam", "settlement": "Settlement"}

#: ``dbo:`` properties (local names) whose object a made-up entity may be: roles that news fills
#: with people and firms outside any KB (associates, labels and owners, clubs). Not: a county's villages
#: (English pattern names in Polish and Iranian counties:
#: "Wysokie Mazowieckie County consists of Rasmussenberg, New Donnashire and Shanefort"), where a KB
#: person was born, lived or died, or a KB company is based (a falsehood about the subject: "Earl
#: Scruggs died in the city of South William"), offices and office chains (``leader``,
#: ``president``, ``successor``), geography that contains its subject or is unique to it
#: (``country``, ``isPartOf``, ``capital``, ``largestCity``, ``countySeat``), classes and concepts
#: typed as persons or places by KB noise (``type``, ``timeZone``, ``profession``, ``instrument``),
#: a person's family or works (``spouse``, ``director``, ``starring``), and a KB band's or organisation's
#: own few people, its members, founders, key people, chairman, manager or coach (``bandMember``,
#: ``formerBandMember``, ``foundedBy``, ``founder``, ``keyPerson``, ``chairman``, ``manager``, ``coach``:
#: "Ricky Woods was a member of One Direction", "Ford Motor Company was founded by Jacob Moore", "Shaun
#: Hoffman was a key person at Koch Industries"; 30 sentences of 100 ``--emerging 0.6`` documents, seed 0,
#: named a made-up person so; a made-up organisation may have made-up key people, :data:`MADE_UP_HOST_FACTS`),
#: and a KB company's owner, parent or distributor and a KB person's influences (``parentCompany``,
#: ``owningCompany``, ``owner``, ``distributingCompany``, ``distributingLabel``, ``influencedBy``, ``influenced``:
#: "The company Dell is owned by Chambers", "Haruki Murakami was influenced by Sierra Salinas", 16 of the 519
#: sentences a new user read on 7 December 2026; without them the share reached at 0.6 is 0.590 against 0.593,
#: ``--like rss500``'s 0.182 against 0.236, ``--like oke2015``'s 0.181 against 0.195, 100 documents, seed 0):
#: a made-up value there contradicts what a reader knows of the subject. A KB band's made-up label, a KB
#: company's made-up subsidiary, a KB player's made-up club stay (leaving the labels out too took ``--emerging
#: 0.6`` to 0.557 and ``--like rss500`` to 0.173).
STAND_IN_ROLES = frozenset({
    "associatedAct", "associatedBand", "associatedMusicalArtist",
    "recordLabel", "subsidiary", "employer", "sponsor", "company",
    "team", "club", "formerTeam", "currentTeam", "youthClub", "managerClub",
})

#: ``dbo:`` properties (local names) whose objects host no added fact (:meth:`EmergingPlacer._add`),
#: whatever the KB types them as: a religion, a sector or a product is no place ("Jeremy Gonzalez was born
#: in Anglicanism", "The company Morales is located in Tertiary sector of the economy": DBpedia types
#: Anglicanism a country and the tertiary sector a settlement; "Fletcher, a company, is located in Polish people":
#: the sample types Polish_people a country, and a people is the object of ``ethnicGroup``).
_NO_HOST_AFTER = frozenset({"timeZone", "governmentType", "type", "language", "officialLanguage", "religion",
                            "denomination", "service", "product", "industry", "ideology", "genre", "ethnicGroup"})

#: ``dbo:`` properties (local names) a made-up entity may not be the subject of when their object is a
#: KB entity: a made-up office-holder before or after a real one, a made-up place that holds real ones.
NOT_STAND_IN_SUBJECT = frozenset({"successor", "predecessor", "part", "capital", "largestCity", "countySeat"})


def plausible_stand_in(entity: Entity, sub: Subgraph) -> bool:
    """Whether a made-up entity may stand in for ``entity`` in ``sub``: every fact whose object it is
    has a property of :data:`STAND_IN_ROLES`, and no fact whose subject it is has one of
    :data:`NOT_STAND_IN_SUBJECT`."""
    for u in sub.units:
        name = local_name(u.prop)
        if u.subject.uri == entity.uri and name in NOT_STAND_IN_SUBJECT:
            return False
        if name not in STAND_IN_ROLES and any(o.uri == entity.uri for o in u.objects):
            return False
    return True


#: Facts that give a made-up entity a place beside a KB entity of a host kind when replacing
#: (:func:`plausible_stand_in`) leaves the share short: host kind → ``(property, the new entity's
#: kind, whether the new entity is the subject)``, each a fact news states about people and firms
#: outside any KB ("Jane Doe was born in Chester", "Acme Ltd has its headquarters in Chester", "Acme Ltd
#: is located in Chester", "Love/Hate recorded for Acme Records", "Acme Ltd is a subsidiary of Sony", "John Roe
#: played for Dunnshire Rovers"); never a made-up member or key person of a KB band or company
#: (:data:`STAND_IN_ROLES`). :data:`HOSTS` names the host kinds' classes.
ADDED_FACTS: dict[str, tuple[tuple[str, str, bool], ...]] = {
    "place": (("birthPlace", "person", True), ("headquarter", "company", True), ("location", "company", True)),
    "band": (("recordLabel", "company", False),),
    "company": (("subsidiary", "company", False),),
    "team": (("team", "person", True),),
}
#: ``--emerging-roles strict``: the facts of :data:`ADDED_FACTS` whose subject is the new entity ("Jane Doe was born
#: in Chester", "Acme Ltd has its headquarters in Chester", "John Roe played for Arsenal"): a claim made of the
#: made-up entity, with the KB entity as its object (not "Love/Hate recorded for Acme Records", "Sony owns Acme
#: Ltd", whose subject is the KB entity; a made-up player of a KB team still says the team had him).
STRICT_ADDED_FACTS: dict[str, tuple[tuple[str, str, bool], ...]] = {
    host: tuple(f for f in facts if f[2]) for host, facts in ADDED_FACTS.items()}
#: ``--emerging-roles``: ``news`` (made-up entities also stand in for KB entities' objects and are added as the
#: objects of KB entities' facts: :data:`STAND_IN_ROLES`, :data:`ADDED_FACTS`) or ``strict`` (only in facts whose
#: subject they are, :data:`STRICT_ADDED_FACTS`, and beside each other, :data:`MADE_UP_HOST_FACTS`).
EMERGING_ROLES = ("news", "strict")
#: Facts that place a new made-up entity beside one the document already has (replaced or added) when
#: the facts of :data:`ADDED_FACTS` beside KB entities leave the share short: those of
#: :data:`ADDED_FACTS`, a made-up company's key person ("John Roe is a key person at Acme Ltd") and a made-up
#: person's employer ("Jane Doe worked for Acme Ltd"), which of a KB company or person would be a falsehood.
MADE_UP_HOST_FACTS: dict[str, tuple[tuple[str, str, bool], ...]] = {
    **ADDED_FACTS, "company": (("keyPerson", "person", False), ("subsidiary", "company", False)),
    "person": (("employer", "company", False),)}
#: The host kinds of :data:`ADDED_FACTS` and the DBpedia class (with its subclasses) of each.
HOSTS = {"place": "PopulatedPlace", "band": "Band", "company": "Company", "team": "SportsTeam"}
#: The class a made-up entity of a kind has when it is added (a replacement keeps the replaced
#: entity's classes).
_NEW_CLASS = {"person": "Person", "company": "Company"}
#: A label that names a category, never a host ("Counties of Iran": "has its headquarters in Counties
#: of Iran" is no place); list pages are :func:`bengal.generate.kbview.is_list_page`.
_CATEGORY = re.compile(r"^[A-Z][a-z]+s of ")
#: A state that no longer exists, by its English label: a made-up company is never based there ("Franco hailed from
#: the Second Spanish Republic, and Oliver has its seat in the country", "Wassily Leontief was a citizen of the Soviet
#: Union, and the company Robinson Inc has its headquarters in the country": a copy editor's reading, twenty-first
#: session; 16 such sentences in 2,300 documents of the six ``--like`` sets and the default set, seed 5), while a
#: made-up person may still be born there. The KB gives these states no end date nor class of their own (``Country``
#: alone), so their names say it: an empire (not California's Inland Empire), a kingdom titled "Kingdom of" (the
#: living ones are titled by their names: "Spain", "Norway"; not the Netherlands'), a numbered or named republic of
#: the past, a union, confederation or dominion of the past.
_FORMER_STATE = re.compile(
    r"(?<!Inland )\bEmpire$|^Empire of |^Kingdom of (?!the Netherlands\b)|^(?:Grand )?Duchy of |^Electorate of |"
    r"^Principality of |"
    r"\b(?:First|Second|Third|Fourth) (?:[A-Z]\w+ )?Republic\b|^(?:French|Spanish|Portuguese) (?:First|Second|"
    r"Third|Fourth) Republic$|^(?:Soviet Union|Austria-Hungary|Yugoslavia|Czechoslovakia|East Germany|West Germany|"
    r"Nazi Germany|Weimar Republic|British Raj|Union of South Africa|Republic of Venice|Republic of Genoa)$|"
    r"^Confederate States|^Dominion of |^Socialist Federal Republic of |\b(?:Caliphate|Khanate|Shogunate|dynasty)\b")
_CONTINENT = DBO + "Continent"
#: At most this many added facts of one property a document ("The company X has its headquarters
#: in …" three times reads as a template).
_ADDED_PER_PROPERTY = 2
#: A made-up entity is at most this many steps from the document's KB entities (:meth:`EmergingPlacer._add`): one
#: in a fact with a KB entity is 1, a made-up one beside it 2, one beside that 3, which hosts none. Without the
#: cap, chains ran to 7 steps ("Jane Doe worked for Acme, whose key person John Roe worked for Beta Ltd, whose
#: subsidiary …"): 163 of 506 made-up entities of 100 ``--emerging 0.6`` documents (seed 0) were 3 to 7 steps
#: away, 78 more than 3; with 2 the share reached fell to 0.54 (0.58 at 0.8), with 3 it is 0.60 (0.68 at 0.8).
MADE_UP_DEPTH = 3

_TEAM_SUFFIXES = ("FC", "United", "Rovers", "Athletic", "City FC", "Wanderers")
_FIELD = re.compile(r"\{(\w+)\}")


def emerging_kind(entity: Entity, kinds: dict[str, set[str]]) -> str | None:
    """The kind (a key of :data:`KINDS`) of the entity's most specific class, the class it is
    described by (``kinds``: kind → class IRIs with their subclasses), or ``None`` (never replaced)."""
    if not entity.classes:
        return None
    for kind in KINDS:
        if entity.classes[0] in kinds[kind]:
            return kind
    return None


#: Faker's English family names write "Mcdonald", "Mckinney"; English writes "McDonald" (only "Mc":
#: "Macias", "Mack" are no "Mac" names)
_MC = re.compile(r"\bMc([a-z])")


def _mc_capital(m: re.Match) -> str:
    return "Mc" + m.group(1).upper()


#: Faker's en_US last names that are Irish "O'" names spelt without their apostrophe and capital: written as
#: the names are ("Oconnell Group" → "O'Connell Group"; a new user's reading of ``--like reuters128``).
_IRISH_O = {"Obrien": "O'Brien", "Oconnell": "O'Connell", "Oconnor": "O'Connor", "Odonnell": "O'Donnell",
            "Oneal": "O'Neal", "Oneill": "O'Neill"}
_IRISH_O_WORD = re.compile(r"\b(?:" + "|".join(_IRISH_O) + r")\b")


def _as_written(name: str) -> str:
    """An English made-up name as the name is written: "Mcdonald" → "McDonald", "Obrien" → "O'Brien"."""
    return _IRISH_O_WORD.sub(lambda m: _IRISH_O[m.group()], _MC.sub(_mc_capital, name))


def made_up_uri(name: str, document: str, letters: bool = False) -> str:
    """The URI of a made-up entity named ``name`` in the document of the seed ``document`` (a URI):
    :data:`EMERGING_NAMESPACE`, a slug of the name (``letters``: every letter kept, as other languages' names need)
    and the first 8 hex digits of the SHA-256 of ``document`` ("…/notInWiki/Smith_and_Sons_1a2b3c4d"). A made-up
    entity lives in one document: one URI for "Smith and Sons" of London in one document and of a Polish county in
    another made them one entity of the gold (a new user's reading of ``--like reuters128``, 7 December 2026)."""
    tag = hashlib.sha256(document.encode("utf-8")).hexdigest()[:8]
    return f"{EMERGING_NAMESPACE}{_slug(name, letters)}_{tag}"


def _slug(name: str, letters: bool = False) -> str:
    # ``letters``: keep every letter ("Villanueva_de_Müller"; an IRI may hold them), so that two names
    # that differ by an accent get two IRIs; English names keep their ASCII slugs
    return re.sub(r"[\W_]+" if letters else r"[^A-Za-z0-9]+", "_", name).strip("_")


class EmergingPlacer:
    """Puts emerging entities into subgraphs.

    Args:
        share: the wanted share of a document's mentions that are emerging, in [0, 1].
        kinds: ``{kind: class IRIs with their subclasses}`` for every kind of :data:`KINDS` and,
            for the facts it adds, of :data:`HOSTS` (a host kind left out adds nothing).
        known: ``known(name) -> bool``, whether a KB entity can be named ``name``
            (e.g. ``lambda s: index.entities(s) > 0`` of an :class:`AmbiguityIndex`).
        table: a lexicon's ``[emerging]`` table (``locale``; ``settlements`` and ``teams``:
            patterns whose ``{field}`` is a Faker method of the locale, ``{settlement}`` in a team
            pattern a settlement drawn by them), or ``None``: English (``en_US``, as above).
        weights: ``{kind: weight}`` (``--emerging-types``,
            :meth:`bengal.generate.config.GenerateConfig.emerging_weights`): the kinds replaced first and
            the facts added are drawn by these weights, a kind absent is never made up; ``None``: every
            kind alike.
        roles: ``--emerging-roles`` (:data:`EMERGING_ROLES`): ``strict`` replaces no KB entity and adds only the
            facts of :data:`STRICT_ADDED_FACTS` beside KB entities, so that no fact whose subject is a KB entity
            names a made-up one.

    Raises:
        ValueError: when a pattern names a field the locale's Faker lacks, or ``roles`` is none of
            :data:`EMERGING_ROLES`.
    """

    def __init__(self, share: float, kinds: dict[str, set[str]], known: Callable[[str], bool],
                 table: dict[str, Any] | None = None, weights: dict[str, float] | None = None,
                 roles: str = "news") -> None:
        from faker import Faker  # a heavy import (about 0.3 s), needed only with --emerging

        self.share, self.kinds, self.known, self.table = share, kinds, known, table
        #: ``--emerging-types``: ``{kind: weight}``; a kind absent is never made up; ``None``: every kind alike
        self.weights = weights
        if roles not in EMERGING_ROLES:
            raise ValueError(f"unknown emerging roles {roles!r} (available: {', '.join(EMERGING_ROLES)})")
        #: ``--emerging-roles strict``: no made-up entity in a fact whose subject is a KB entity
        self.strict = roles == "strict"
        self._faker = Faker("en_US" if table is None else table["locale"])
        if table is not None:
            for pattern in (*table["settlements"], *table["teams"]):
                for name in _FIELD.findall(pattern):
                    if name != "settlement" and not callable(getattr(self._faker, name, None)):
                        raise ValueError(f"[emerging] pattern {pattern!r}: Faker {table['locale']} has no {name!r}")

    def wants(self, prop: str, obj: Entity) -> bool:
        """Whether the fact ``(…, prop, obj)`` gives a made-up entity a place: ``obj`` is of a
        kind of :data:`KINDS` and ``prop`` a role of :data:`STAND_IN_ROLES` (the strategies
        prefer such facts when the share is above 0, :class:`bengal.generate.strategies.StrategyContext`:
        ``--like rss500``, a star recipe, reached 0.316 with the preference and 0.254 without)."""
        kind = emerging_kind(obj, self.kinds)
        return (not self.strict and local_name(prop) in STAND_IN_ROLES and kind is not None
                and (self.weights is None or kind in self.weights))

    def _pattern(self, patterns: list[str]) -> str:
        f = self._faker
        return _FIELD.sub(lambda m: str(getattr(f, m.group(1))()), str(f.random_element(patterns)))

    def _name(self, kind: str, gender: str | None = None) -> str:
        f = self._faker
        if self.table is not None:  # a language other than English
            if kind == "person":
                first = f.first_name_female() if gender == "f" else f.first_name_male() if gender == "m" \
                    else f.first_name()
                return f"{first} {f.last_name()}"
            if kind == "company":
                return str(f.company())
            if kind == "team":
                team = str(f.random_element(self.table["teams"]))
                return team.replace("{settlement}", self._pattern(self.table["settlements"]))
            return self._pattern(self.table["settlements"])
        if kind == "person":
            return _as_written(f"{f.first_name()} {f.last_name()}")
        if kind == "company":
            return _as_written(str(f.company()))
        if kind == "team":
            return f"{f.city()} {f.random_element(_TEAM_SUFFIXES)}"
        return str(f.city())

    def _usable(self, name: str) -> bool:
        # outside English: a name opens with a capital and is written as it is ("da Mata" is no company name)
        return self.table is None or (name[:1].isupper() and writable_label(name))

    def place(self, sub: Subgraph, rng: random.Random) -> Subgraph:
        """``sub`` with some non-seed entities replaced by emerging ones of the same kind, and
        facts about emerging entities added where replacing leaves the share short.

        The candidates are the subgraph's distinct non-seed persons, organisations and places
        (not concepts) that a made-up entity may stand in for (:func:`plausible_stand_in`) and that are of
        one kind wherever the subgraph names them (:func:`emerging_kind` of each occurrence), in a
        shuffled order (``rng``); each replaces every occurrence of one KB entity (as an object
        and as a subject of later facts) while the emerging share of the subgraph's entity
        occurrences (each subject and object of a unit, and the seed once for the opening
        sentence) stays at or below ``share`` — the mentions the verbaliser writes follow those
        occurrences closely. If the share is still short, facts of :data:`ADDED_FACTS` give new
        entities a place beside KB entities, then facts of :data:`MADE_UP_HOST_FACTS` beside made-up ones
        (:meth:`_add`). Names are drawn from Faker seeded
        by ``rng``.

        Returns:
            the subgraph (unchanged when ``share`` is 0 or nothing can be replaced or added).
        """
        if self.share <= 0:
            return sub
        occurrences: dict[str, int] = {sub.seed.uri: 1}
        order: list[Entity] = []
        # the kinds one KB entity takes across the subgraph: its classes follow each fact's range, so a band
        # typed a musical artist too is a person as an associatedMusicalArtist and a band as the subject of
        # bandMember; a made-up person standing in for it "counts Dave Mustaine among its members"
        kinds_of: dict[str, set[str | None]] = {}
        for u in sub.units:
            for e in (u.subject, *u.objects):
                if e.uri not in occurrences:
                    order.append(e)
                occurrences[e.uri] = occurrences.get(e.uri, 0) + 1
                kinds_of.setdefault(e.uri, set()).add(emerging_kind(e, self.kinds))
        total = sum(occurrences.values())
        # --emerging-roles strict: no KB entity is replaced (a stand-in is in a fact about a KB entity)
        candidates = [] if self.strict else sorted(
            (e for e in order if e.uri != sub.seed.uri and e.form_kind is None and emerging_kind(e, self.kinds)
             and len(kinds_of[e.uri]) == 1 and plausible_stand_in(e, sub)), key=lambda e: e.uri)
        rng.shuffle(candidates)
        if self.weights is not None:  # a weighted order (Efraimidis and Spirakis' keys u ** (1 / w)); absent kinds out
            weights = self.weights
            keyed = [(rng.random() ** (1 / weights[k]), e) for e in candidates
                     if (k := emerging_kind(e, self.kinds) or "") in weights and weights[k] > 0]
            candidates = [e for _, e in sorted(keyed, key=lambda x: -x[0])]
        self._faker.seed_instance(rng.getrandbits(64))
        new: dict[str, Entity] = {}
        taken: set[str] = set()
        done = 0
        for e in candidates:
            n = occurrences[e.uri]
            if (done + n) / total > self.share + 1e-9:
                # would overshoot: take it only when that lands closer to the share than stopping here
                if abs((done + n) / total - self.share) >= abs(done / total - self.share):
                    continue
            kind = emerging_kind(e, self.kinds)
            assert kind is not None
            name = self._draw(kind, e.gender, taken)
            if name is None:
                continue
            uri = made_up_uri(name, sub.seed.uri, self.table is not None)
            new[e.uri] = Entity(uri, name, e.classes, gender=e.gender)
            done += n
            if done / total >= self.share - 1e-9:
                break

        def swap(e: Entity) -> Entity:
            return new.get(e.uri, e)

        units = [Unit(swap(u.subject), u.prop, tuple(swap(o) for o in u.objects)) for u in sub.units]
        if done / total < self.share - 1e-9:
            units = self._add(units, done, total, taken, rng, sub.seed.uri)
        return sub if not new and len(units) == len(sub.units) else replace(sub, units=tuple(units))

    def _draw(self, kind: str, gender: str | None, taken: set[str]) -> str | None:
        for _ in range(_NAME_DRAWS):
            cand = self._name(kind, gender)
            if cand not in taken and not self.known(cand) and "," not in cand and self._usable(cand):
                taken.add(cand)
                return cand
        return None

    def _add(self, units: list[Unit], done: int, total: int, taken: set[str], rng: random.Random,
             document: str) -> list[Unit]:
        """``units`` with facts of :data:`ADDED_FACTS` about made-up entities, while the share of emerging
        occurrences (``done`` of ``total`` so far) is short of ``share``.

        First beside KB entities: a KB entity of a host kind (each host once, in a shuffled order) hosts one
        new entity, each fact one made-up and one KB occurrence, while the share stays at or below ``share``.
        If the share is still short, the document's made-up entities host more (:data:`MADE_UP_HOST_FACTS`:
        "John Roe is a key person at Acme Ltd", "Jane Doe worked for Acme Ltd"), each fact two made-up
        occurrences, a new entity a host in turn, while the share stays at or below ``share``: without them
        the share stopped at 0.30 for any ``--emerging`` of 0.5 or more (star, 100 documents, seed 1), since
        each fact beside a KB entity adds a KB occurrence too. At most :data:`_ADDED_PER_PROPERTY`
        facts of one property a document. Each fact goes right after the first unit whose one object is its
        host, else after the first unit that names it (:func:`_placed`)."""
        used: dict[str, int] = {}
        hosts: list[Entity] = []
        # a time zone or a government type typed as a place by KB noise hosts no town or company
        # ("The company Paul and Sons has its headquarters in Iran Standard Time")
        seen: set[str] = {o.uri for u in units if local_name(u.prop) in _NO_HOST_AFTER for o in u.objects}
        for u in units:
            for e in (u.subject, *u.objects):
                if (e.uri not in seen and not is_emerging(e.uri) and e.form_kind is None
                        and not is_list_page(e.label) and not _CATEGORY.match(e.label)):
                    seen.add(e.uri)
                    hosts.append(e)
        rng.shuffle(hosts)
        after: dict[str, list[Unit]] = {}
        done, total = self._facts_beside(hosts, STRICT_ADDED_FACTS if self.strict else ADDED_FACTS, 1, done, total,
                                         after, used, taken, rng, document)
        units = _placed(units, after)
        if done / total >= self.share - 1e-9:
            return units
        made_up: list[Entity] = []
        for u in units:
            for e in (u.subject, *u.objects):
                if is_emerging(e.uri) and e.uri not in seen:
                    seen.add(e.uri)
                    made_up.append(e)
        rng.shuffle(made_up)
        after = {}
        self._facts_beside(made_up, MADE_UP_HOST_FACTS, 2, done, total, after, used, taken, rng, document)
        return _placed(units, after)

    def _facts_beside(self, hosts: list[Entity], table: dict[str, tuple[tuple[str, str, bool], ...]], made_up: int,
                      done: int, total: int, after: dict[str, list[Unit]], used: dict[str, int], taken: set[str],
                      rng: random.Random, document: str) -> tuple[int, int]:
        """Facts of ``table`` beside ``hosts`` in their order (:meth:`_fact_beside`), each added to ``after``
        (host URI → facts) while the share stays at or below ``share``: each fact adds two occurrences, of which
        ``made_up`` (1 beside a KB host, 2 beside a made-up one) are emerging. Beside made-up hosts the host may host
        again (another property, within :data:`_ADDED_PER_PROPERTY`), and a fact's new entity joins ``hosts`` and
        hosts in turn while it is fewer than :data:`MADE_UP_DEPTH` steps from the KB entities (each of ``hosts``
        is 1), so that the document stays about KB entities: the share is reached in breadth, not in chains.
        ``document``: the seed's URI (:func:`made_up_uri`). Returns the emerging and all occurrences, ``(done,
        total)``."""
        depth: dict[str, int] = {}  # a made-up host's steps from the KB entities (1: it names or is beside one)
        for host in hosts:  # grows when made_up == 2
            if (done + made_up) / (total + 2) > self.share + 1e-9:
                break
            made = self._fact_beside(host, table, used, taken, rng, document)
            if made is not None:
                after.setdefault(host.uri, []).append(made[1])
                if made_up == 2:
                    hosts.append(host)  # it may host another fact, of another property
                    if depth.get(host.uri, 1) + 1 < MADE_UP_DEPTH:
                        depth[made[0].uri] = depth.get(host.uri, 1) + 1
                        hosts.append(made[0])
                done, total = done + made_up, total + 2
        return done, total

    def _fact_beside(self, host: Entity, table: dict[str, tuple[tuple[str, str, bool], ...]], used: dict[str, int],
                     taken: set[str], rng: random.Random, document: str) -> tuple[Entity, Unit] | None:
        """A new made-up entity and the fact that places it beside ``host`` (``table``: host kind →
        ``(property, the new entity's kind, whether the new entity is the subject)``), or ``None`` when
        ``host`` is of no host kind of ``table``, every property of its kind has had
        :data:`_ADDED_PER_PROPERTY` facts (``used``, counted here) or no name could be drawn. A state of the past
        (:data:`_FORMER_STATE`) or a continent hosts no made-up company ("… has its head office in the continent" of
        East Asia, a new user's reading, twenty-first session)."""
        kind = next((k for k in table if host.classes and host.classes[0] in self.kinds.get(k, ())), None)
        if kind is None:
            return None
        no_seat = kind == "place" and (_FORMER_STATE.search(host.label) is not None or _CONTINENT in host.classes)
        options = [a for a in table[kind] if used.get(a[0], 0) < _ADDED_PER_PROPERTY
                   and (self.weights is None or self.weights.get(a[1], 0) > 0)
                   and not (no_seat and a[1] == "company")]
        if not options:
            return None
        if self.weights is None:
            prop, new_kind, new_is_subject = rng.choice(options)
        else:
            prop, new_kind, new_is_subject = rng.choices(options, [self.weights[a[1]] for a in options])[0]
        used[prop] = used.get(prop, 0) + 1
        gender = rng.choice(("m", "f")) if self.table is not None and new_kind == "person" else None
        name = self._draw(new_kind, gender, taken)
        if name is None:
            return None
        made = Entity(made_up_uri(name, document, self.table is not None), name, (DBO + _NEW_CLASS[new_kind],),
                      gender=gender)
        return made, (Unit(made, DBO + prop, (host,)) if new_is_subject else Unit(host, DBO + prop, (made,)))


def _placed(units: list[Unit], after: dict[str, list[Unit]]) -> list[Unit]:
    """``units`` with each list of ``after`` (host URI → added facts) right after the first unit that ends
    with its host (the microplanner may then join it as "…Ipswich, where the company Acme Ltd has its
    headquarters"), else after the first unit naming it; an added fact's new entity may host facts of
    ``after`` in turn, which follow it."""
    if not after:
        return units
    ends = {u.objects[-1].uri for u in units if len(u.objects) == 1}
    out: list[Unit] = []

    def emit(u: Unit) -> None:
        out.append(u)
        for e in (u.subject, *u.objects):
            if e.uri in after and (e.uri not in ends or (len(u.objects) == 1 and u.objects[-1].uri == e.uri)):
                for v in after.pop(e.uri):
                    emit(v)

    for u in units:
        emit(u)
    return out
