"""Subgraph strategies: which facts about a seed a document verbalises.

Each strategy takes the seed's facts and a random generator and returns a
:class:`Subgraph`: the facts grouped into the units that become sentences. The
registry :data:`STRATEGIES` maps the ``--strategy`` names to them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Sequence

from bengal.generate.kbview import Entity

__all__ = ["Subgraph", "star", "STRATEGIES", "MAX_LIST"]

#: At most this many objects share one list sentence ("A, B, C and D").
MAX_LIST = 4


@dataclass(frozen=True)
class Subgraph:
    """The facts of one document, in sentence order.

    Attributes:
        seed: the seed entity (the subject of every fact for ``star``).
        units: ``(property IRI, objects)`` pairs; each becomes one sentence, a list
            sentence when it has several objects.
    """

    seed: Entity
    units: tuple[tuple[str, tuple[Entity, ...]], ...]


def star(seed: Entity, facts: Sequence[tuple[str, Entity]], n_units: int, min_units: int,
         rng: random.Random, can_list: Callable[[str], bool]) -> Subgraph | None:
    """BENGAL's *star* strategy: outgoing facts of the seed, one sentence per property.

    The seed's facts are grouped by property (an object already linked by an
    earlier property, in property order, is not said twice); a group becomes one list sentence
    (at most :data:`MAX_LIST` objects, drawn at random) when the lexicon has a list
    form for the property, else one sentence per object. Groups are taken in random
    order. Lists are kept whole (aggregation reads better) and split into single
    facts only when the document would otherwise have fewer than ``min_units``
    fact sentences.

    Args:
        seed: the seed entity.
        facts: its ``(property IRI, object)`` facts, sorted.
        n_units: how many fact sentences are wanted.
        min_units: the fewest acceptable; fewer available facts → ``None``.
        rng: the document's random generator.
        can_list: whether a property has a list form.

    Returns:
        The subgraph, or ``None`` when the seed has fewer than ``min_units`` facts.
    """
    groups: dict[str, list[Entity]] = {}
    seen: set[str] = set()
    for prop, obj in facts:
        if obj.uri in seen:  # one object, two properties (associatedBand and associatedMusicalArtist)
            continue
        seen.add(obj.uri)
        groups.setdefault(prop, []).append(obj)
    units: list[tuple[str, tuple[Entity, ...]]] = []
    for prop in sorted(groups):
        objs = groups[prop]
        if len(objs) > MAX_LIST:
            objs = sorted(rng.sample(objs, MAX_LIST), key=lambda e: e.uri)
        if len(objs) > 1 and can_list(prop):
            units.append((prop, tuple(objs)))
        else:
            units.extend((prop, (o,)) for o in objs)
    rng.shuffle(units)
    available = sum(len(objs) for _, objs in units)
    if available < min_units:
        return None
    wanted = max(min(n_units, len(units)), min_units)
    while len(units) < wanted:
        i = next(k for k, (_, objs) in enumerate(units) if len(objs) > 1)
        prop, objs = units[i]
        units[i : i + 1] = [(prop, objs[:-1]), (prop, objs[-1:])]
    return Subgraph(seed, tuple(units[:wanted]))


#: ``--strategy`` name → strategy function.
STRATEGIES: dict[str, Callable[..., Subgraph | None]] = {"star": star}
