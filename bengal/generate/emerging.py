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
keeps its URI (:data:`EMERGING_NAMESPACE` + a slug of its name) throughout the document.

NIL as bengal models it: a URI outside the KB namespaces is an emerging entity (GERBIL's
``notInWiki`` convention; :mod:`bengal.score.uris`), so the gold carries the new URI, the NIF
and JSONL writers write it as any other, and the scorer counts the mention as EE.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any, Callable

from bengal.generate.kbview import Entity
from bengal.generate.strategies import Subgraph, Unit
from bengal.kb.labels import writable_label

__all__ = ["EMERGING_NAMESPACE", "KINDS", "EmergingPlacer", "is_emerging", "emerging_kind"]

#: The namespace of made-up entities (``.invalid`` never resolves; outside every KB namespace).
EMERGING_NAMESPACE = "http://bengal.invalid/notInWiki/"

#: Draws of a name before a replacement is given up (every draw was a KB name or taken).
_NAME_DRAWS = 20


def is_emerging(uri: str) -> bool:
    """Whether ``uri`` is a made-up (emerging) entity of :data:`EMERGING_NAMESPACE`."""
    return uri.startswith(EMERGING_NAMESPACE)


#: The kinds of entity that are made up, each with the DBpedia class (and its subclasses) that
#: has it and how its names are drawn. Other entities (countries, rivers, parties, bands,
#: works, concepts) are never replaced: a pattern name for them would not read plausibly.
KINDS = {"person": "Person", "company": "Company", "team": "SportsTeam", "settlement": "Settlement"}

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


def _slug(name: str, letters: bool = False) -> str:
    # ``letters``: keep every letter ("Villanueva_de_Müller"; an IRI may hold them), so that two names
    # that differ by an accent get two IRIs; English names keep their ASCII slugs
    return re.sub(r"[\W_]+" if letters else r"[^A-Za-z0-9]+", "_", name).strip("_")


class EmergingPlacer:
    """Puts emerging entities into subgraphs.

    Args:
        share: the wanted share of a document's mentions that are emerging, in [0, 1].
        kinds: ``{kind: class IRIs with their subclasses}`` for every kind of :data:`KINDS`.
        known: ``known(name) -> bool``, whether a KB entity can be named ``name``
            (e.g. ``lambda s: index.entities(s) > 0`` of an :class:`AmbiguityIndex`).
        table: a lexicon's ``[emerging]`` table (``locale``; ``settlements`` and ``teams``:
            patterns whose ``{field}`` is a Faker method of the locale, ``{settlement}`` in a team
            pattern a settlement drawn by them), or ``None``: English (``en_US``, as above).

    Raises:
        ValueError: when a pattern names a field the locale's Faker lacks.
    """

    def __init__(self, share: float, kinds: dict[str, set[str]], known: Callable[[str], bool],
                 table: dict[str, Any] | None = None) -> None:
        from faker import Faker  # a heavy import (about 0.3 s), needed only with --emerging

        self.share, self.kinds, self.known, self.table = share, kinds, known, table
        self._faker = Faker("en_US" if table is None else table["locale"])
        if table is not None:
            for pattern in (*table["settlements"], *table["teams"]):
                for name in _FIELD.findall(pattern):
                    if name != "settlement" and not callable(getattr(self._faker, name, None)):
                        raise ValueError(f"[emerging] pattern {pattern!r}: Faker {table['locale']} has no {name!r}")

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
            return f"{f.first_name()} {f.last_name()}"
        if kind == "company":
            return str(f.company())
        if kind == "team":
            return f"{f.city()} {f.random_element(_TEAM_SUFFIXES)}"
        return str(f.city())

    def _usable(self, name: str) -> bool:
        # outside English: a name opens with a capital and is written as it is ("da Mata" is no company name)
        return self.table is None or (name[:1].isupper() and writable_label(name))

    def place(self, sub: Subgraph, rng: random.Random) -> Subgraph:
        """``sub`` with some non-seed entities replaced by emerging ones of the same kind.

        The candidates are the subgraph's distinct non-seed persons, organisations and places,
        in a shuffled order (``rng``); each replaces every occurrence of one KB entity (as an
        object and as a subject of later facts) while the emerging share of the subgraph's
        entity occurrences (each subject and object of a unit, and the seed once for the
        opening sentence) stays at or below ``share`` — the mentions the verbaliser writes
        follow those occurrences closely. Names are drawn from Faker seeded by ``rng``.

        Returns:
            the subgraph (unchanged when ``share`` is 0 or nothing can be replaced).
        """
        if self.share <= 0:
            return sub
        occurrences: dict[str, int] = {sub.seed.uri: 1}
        order: list[Entity] = []
        for u in sub.units:
            for e in (u.subject, *u.objects):
                if e.uri not in occurrences:
                    order.append(e)
                occurrences[e.uri] = occurrences.get(e.uri, 0) + 1
        total = sum(occurrences.values())
        candidates = sorted((e for e in order if e.uri != sub.seed.uri and emerging_kind(e, self.kinds)),
                            key=lambda e: e.uri)
        rng.shuffle(candidates)
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
            name = None
            for _ in range(_NAME_DRAWS):
                cand = self._name(kind, e.gender)
                if cand not in taken and not self.known(cand) and "," not in cand and self._usable(cand):
                    name = cand
                    break
            if name is None:
                continue
            taken.add(name)
            uri = EMERGING_NAMESPACE + _slug(name, self.table is not None)
            new[e.uri] = Entity(uri, name, e.classes, gender=e.gender)
            done += n
            if done / total >= self.share - 1e-9:
                break
        if not new:
            return sub

        def swap(e: Entity) -> Entity:
            return new.get(e.uri, e)

        units = tuple(Unit(swap(u.subject), u.prop, tuple(swap(o) for o in u.objects)) for u in sub.units)
        return replace(sub, units=units)
