"""Literal facts: the dates the KB has, written as plain text ("born on 4 May 1950 in Ulm").

News carries dates and numbers that are not mentions; ``--literals`` (on by default) writes a
subject's :data:`bengal.generate.kbview.LITERAL_PROPERTIES` (birth, death and release dates:
what the bundled KB holds; it has no founding years or other numbers) as non-entity text.
A birth or death date joins its place fact ("X was born on 4 May 1950 in Ulm", the
property's ``with_date`` template), else it is a fact of its own ("X was born in 1950"), and a
death fact follows the birth fact so that the document planner joins them into one sentence
("X was born on … in Y and died on … in Z."). The date words are the lexicon's ``[dates]``.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from typing import Collection, Mapping, cast

from bengal.generate.kbview import NOT_NAMES, Entity, Ontology, SubjectDetails
from bengal.generate.lexicon import Lexicon
from bengal.generate.strategies import Subgraph, Unit
from bengal.generate.verbalise import BESIDES_OFFICE
from bengal.kb.labels import local_name
from bengal.kb.sparql import DBO

__all__ = ["date_phrase", "birth_year", "add_literals", "person_lifespans", "PLACE_OF", "office_title",
           "office_properties", "titled_offices"]

#: The place fact a date joins: date property → place property.
PLACE_OF = {"birthDate": "birthPlace", "deathDate": "deathPlace"}

_FULL = re.compile(r"^(-?\d{4,})-(\d{2})-(\d{2})(?:Z|[+-]\d{2}:\d{2})?$")
_YEAR = re.compile(r"^(-?\d{4,})(?:Z|[+-]\d{2}:\d{2})?$")


def date_phrase(lex: Lexicon, value: str) -> str | None:
    """The date phrase of an ``xsd:date`` ("1950-05-04" → "on 4 May 1950") or ``xsd:gYear``
    ("1950" → "in 1950") lexical value, by the lexicon's ``[dates]`` (``months``, ``full``,
    ``year``; ``first_day``: how the first of a month is written, French "1er mars"); ``None``
    for what it cannot write truthfully: no year ("--05-04"), a year before 1 (BCE dates need an
    era word), a month or day out of range."""
    table = lex.data.get("dates", {})
    m = _FULL.match(value)
    if m:
        year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
        if year < 1 or not 1 <= month <= 12 or not 1 <= day <= 31:
            return None
        day_text = str(table["first_day"]) if day == 1 and "first_day" in table else str(day)
        return str(table["full"]).format(day=day_text, month=table["months"][month - 1], year=year)
    m = _YEAR.match(value)
    if m and int(m.group(1)) >= 1:
        return str(table["year"]).format(year=int(m.group(1)))
    return None


def birth_year(details: SubjectDetails) -> int | None:
    """The year of the subject's single ``birthDate`` (``xsd:date`` or ``xsd:gYear``), or ``None``."""
    for prop, value in details.dates:
        if prop == "birthDate":
            m = _FULL.match(value) or _YEAR.match(value)
            return int(m.group(1)) if m else None
    return None


def person_lifespans(lex: Lexicon, details: Mapping[str, SubjectDetails],
                     people: Collection[str]) -> dict[str, tuple[str | None, str | None]]:
    """``{person URI: (birth phrase, death phrase)}`` for the ``people`` whose ``details`` give a birth or
    a death date that :func:`date_phrase` can write (either ``None`` when it cannot): the dates the
    microplanner may say of a person named as an object
    (:func:`bengal.generate.microplan.lifespan_clause`)."""
    out: dict[str, tuple[str | None, str | None]] = {}
    for uri in sorted(people):
        found = dict(details.get(uri, SubjectDetails()).dates)
        born = date_phrase(lex, found["birthDate"]) if "birthDate" in found else None
        died = date_phrase(lex, found["deathDate"]) if "deathDate" in found else None
        if born or died:
            out[uri] = (born, died)
    return out


def _allowed(lex: Lexicon, onto: Ontology, prop: str, subject: Entity) -> bool:
    """Whether the lexicon's template of the literal property ``prop`` applies to ``subject``
    (its ``classes``): a date is never written with a wording for any subject."""
    entry = lex.data["templates"].get(prop)
    if entry is None:
        return False
    classes = {local_name(c) for c in onto.with_ancestors(subject.classes)}
    return bool(set(entry.get("classes", ())) & classes)


def add_literals(lex: Lexicon, onto: Ontology, sub: Subgraph,
                 details: Mapping[str, SubjectDetails]) -> tuple[Subgraph, Counter[str]]:
    """The subgraph with the dates of its subjects (``details``: :func:`bengal.generate.kbview.subject_details`).

    For each subject of a unit (in unit order) and each of its dates that :func:`date_phrase`
    can write and whose template applies to the subject: a birth or death date goes into the
    subject's single-object place unit (``Unit.date``), else a unit of its own (property
    ``dbo:birthDate`` …, one object: an :class:`Entity` of form kind ``"literal"`` whose text is
    the phrase) placed before the subject's first unit; then the subject's death unit is moved
    right after its birth unit.

    Returns:
        ``(subgraph, dates written per property local name)``.
    """
    units = list(sub.units)
    counts: Counter[str] = Counter()
    subjects = list(dict.fromkeys(u.subject.uri for u in units))
    by_uri = {u.subject.uri: u.subject for u in units}
    for uri in subjects:
        subject = by_uri[uri]
        for prop, value in details.get(uri, SubjectDetails()).dates:
            phrase = date_phrase(lex, value)
            if phrase is None or not _allowed(lex, onto, prop, subject):
                continue
            place = PLACE_OF.get(prop)
            k = next((i for i, u in enumerate(units) if u.subject.uri == uri and place is not None
                      and u.prop == DBO + place and (len(u.objects) == 1 or lex.chained(place))
                      and u.date is None), None)
            if k is not None:
                units[k] = units[k]._replace(date=phrase)
            else:
                first = next(i for i, u in enumerate(units) if u.subject.uri == uri)
                literal = Entity(f"{uri}#{prop}", phrase, (), phrase, "literal")
                units.insert(first, Unit(subject, DBO + prop, (literal,)))
            counts[prop] += 1
        births = [i for i, u in enumerate(units) if u.subject.uri == uri and
                  (u.prop == DBO + "birthDate" or (u.prop == DBO + "birthPlace" and u.date))]
        deaths = [i for i, u in enumerate(units) if u.subject.uri == uri and
                  (u.prop == DBO + "deathDate" or (u.prop == DBO + "deathPlace" and u.date))]
        if births and deaths and deaths[0] != births[0] + 1:
            death = units.pop(deaths[0])
            at = births[0] + 1 if deaths[0] > births[0] else births[0]
            units.insert(at, death)
    return replace(sub, units=tuple(units)), counts


def office_title(lex: Lexicon, offices: Collection[str], place: str) -> str | None:
    """The title of the office of ``place`` (a label, "Belgium") among ``offices`` (a person's ``dbo:office``
    values, :attr:`SubjectDetails.offices`), by the lexicon's ``[offices]``: the first title of ``titles`` (in
    the table's order) for which a ``literal`` pattern with ``{title}`` and ``{place}`` filled in is one of
    ``offices`` ("Prime Minister of the Netherlands" for "Netherlands"), else ``None``; ``None`` too for a lexicon
    without the table (every language but English)."""
    table = lex.data.get("offices")
    if not table or not offices:
        return None
    for title in table.get("titles", {}):
        if any(pattern.replace("{title}", title).replace("{place}", place) in offices
               for pattern in table.get("literal", ())):
            return str(title)
    return None


def office_properties(lex: Lexicon) -> frozenset[str]:
    """The local names of the properties whose template entry has ``in_office`` wordings (:func:`titled_offices`),
    none for a lexicon without ``[offices]``; worked out once per lexicon (its ``memo``: asked for every document)."""
    found = lex.memo.get(("office_properties",))
    if found is None:
        found = lex.memo[("office_properties",)] = frozenset(
            name for name, entry in lex.data["templates"].items()
            if isinstance(entry, dict) and "in_office" in entry) if lex.data.get("offices") else frozenset()
    return cast("frozenset[str]", found)


def titled_offices(lex: Lexicon, sub: Subgraph, details: Mapping[str, SubjectDetails]) -> tuple[Subgraph, Counter[str]]:
    """The subgraph with the objects of each fact whose property has ``in_office`` wordings (the lexicon's template
    entry: ``dbo:leader``, ``dbo:leaderName``) who held the office of its subject (:func:`office_title` of their
    ``details`` and the subject's label) moved to a unit of their own with that ``office`` (``Unit.office``),
    placed before the unit of the other objects, if any; the other leaders of a subject that has a titled one take
    the office :data:`~bengal.generate.verbalise.BESIDES_OFFICE`, in whichever unit they are, and move after the
    subject's last titled unit ("The Netherlands was led by Prime Minister Joop den Uyl and was also led by Jo Cals"
    for ``dbr:Netherlands dbo:leader`` both and his ``dbo:office`` "Prime Minister of the Netherlands"; the sample
    gives Cals none).

    Rule: news writes an officeholder's title before the name; the KB's office literal says which office a
    person held, and a leader of the place it names held it there, so the title is true in the clause about
    that place's leaders and said nowhere else (a person holds several offices in turn, and DBpedia keeps
    one). A made-up object has no details and no title.

    Returns:
        ``(subgraph, objects given a title, per title)``.
    """
    counts: Counter[str] = Counter()
    props = office_properties(lex)
    if not props:
        return sub, counts

    def title_of(u: Unit, o: Entity) -> str | None:
        found = details.get(o.uri)
        if found is None or o.form_kind in NOT_NAMES:
            return None
        return office_title(lex, found.offices, u.subject.label)

    # each leader's title, worked out once: by the leader unit's index, in the order of its objects
    titles = {i: [title_of(u, o) for o in u.objects] for i, u in enumerate(sub.units)
              if u.office is None and local_name(u.prop) in props}
    # the subjects some of whose leaders have a title: their other leaders are said "also" (a strategy may give
    # each object a unit of its own, which the document planner joins into one list)
    titled = {sub.units[i].subject.uri for i, ts in titles.items() if any(t is not None for t in ts)}
    units: list[Unit] = []
    for i, u in enumerate(sub.units):
        if i not in titles or u.subject.uri not in titled:
            units.append(u)
            continue
        by_title: dict[str, list[Entity]] = {}
        rest: list[Entity] = []
        for o, title in zip(u.objects, titles[i]):
            if title is None:
                rest.append(o)
            else:
                by_title.setdefault(title, []).append(o)
        for title, objects in by_title.items():
            units.append(u._replace(objects=tuple(objects), office=title))
            counts[title] += len(objects)
        if rest:
            units.append(u._replace(objects=tuple(rest), office=BESIDES_OFFICE))
    for uri in sorted(titled):  # the other leaders after the last titled ones: "also" follows what it adds to
        last = max(i for i, u in enumerate(units) if u.subject.uri == uri and u.office)
        early = [u for u in units[:last] if u.subject.uri == uri and u.office == BESIDES_OFFICE]
        if early:
            before = [u for u in units[:last] if not any(u is e for e in early)]
            units = [*before, units[last], *early, *units[last + 1:]]
    return replace(sub, units=tuple(units)), counts
