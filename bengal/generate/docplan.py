"""Document planning: the facts of a subgraph ordered, grouped and cut into sentences.

:func:`plan_document` takes a strategy's :class:`~bengal.generate.strategies.Subgraph`
and returns a :class:`DocumentPlan`: the units (facts sharing subject and property,
i.e. already aggregated objects) in the strategy's order with exact repeats removed,
grouped per subject as long as the subject stays the same (the path strategy's
transitions are kept), and cut into sentences of one to three facts so that the
sentences' estimated mean length meets the target (tokens per sentence).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from bengal.generate.kbview import Entity
from bengal.generate.strategies import MAX_LIST, Subgraph, Unit

__all__ = ["DocumentPlan", "plan_document", "MAX_FACTS", "DEFAULT_SENTENCE_LENGTH"]

#: At most this many facts (units) share one sentence ("X, who was born in Y, played for A and died in Z.").
MAX_FACTS = 3
#: The default target of mean tokens per sentence (news corpora: 25-32; the issue asks for 15-30).
DEFAULT_SENTENCE_LENGTH = 22


@dataclass(frozen=True)
class DocumentPlan:
    """The plan of one document.

    Attributes:
        sentences: per sentence, its units in order; every unit of one sentence has the same subject.
        repeats: facts (subject, property, object) of the subgraph left out because the same fact came earlier in it.
    """

    sentences: tuple[tuple[Unit, ...], ...]
    repeats: int = 0


def plan_document(sub: Subgraph, length: Callable[[Unit], int], target_length: float,
                  min_sentences: int = 1, can_list: Callable[[str, Entity], bool] | None = None) -> DocumentPlan:
    """Order, group and cut the facts of ``sub`` into sentences.

    Rule: first, facts already stated are left out and the objects of one subject and property
    become one unit (a coordinated list of at most :data:`bengal.generate.strategies.MAX_LIST`;
    never "X is affiliated with A. X is affiliated with B."), at the place of its first unit. Then
    walk the units in the strategy's order; a unit starts a new sentence when its subject differs
    from the current sentence's, when the sentence has :data:`MAX_FACTS` units, or when the sentence
    already has at least ``target_length`` tokens or would exceed it by more than half the unit's
    own length. A joined fact is estimated at its own sentence's length (``length(unit)``, tokens)
    minus two (the subject is not repeated). Then, while the plan has fewer than ``min_sentences``
    sentences, the longest multi-fact sentence is split after its first unit.

    Args:
        length: tokens of the unit written as a sentence of its own.
        target_length: mean tokens per sentence aimed at.
        min_sentences: sentences the document must keep when it has that many units.
        can_list: whether the lexicon can write several objects of a property about a
            subject in one clause (``None``: always).

    Returns:
        the plan; empty when the subgraph has no units.
    """
    seen: set[tuple[str, str, str]] = set()
    units: list[Unit] = []
    where: dict[tuple[str, str], int] = {}
    repeats = 0
    for u in sub.units:
        objects = []
        for o in u.objects:
            if (u.subject.uri, u.prop, o.uri) in seen:
                repeats += 1
            else:
                seen.add((u.subject.uri, u.prop, o.uri))
                objects.append(o)
        if not objects:
            continue
        k = where.get((u.subject.uri, u.prop))
        if (k is not None and u.date is None and units[k].date is None
                and len(units[k].objects) + len(objects) <= MAX_LIST
                and (can_list is None or can_list(u.prop, u.subject))):
            units[k] = units[k]._replace(objects=units[k].objects + tuple(objects))  # one coordinated list
        else:
            where[(u.subject.uri, u.prop)] = len(units)
            units.append(u._replace(objects=tuple(objects)))
    groups: list[list[Unit]] = []
    tokens = 0
    for u in units:
        own = length(u)
        cur = groups[-1] if groups else None
        if (cur is None or cur[0].subject.uri != u.subject.uri or len(cur) >= MAX_FACTS
                or tokens >= target_length or tokens + own - 2 > target_length + own / 2):
            groups.append([u])
            tokens = own
        else:
            cur.append(u)
            tokens += own - 2
    while len(groups) < min_sentences:
        multi = [i for i, g in enumerate(groups) if len(g) > 1]
        if not multi:
            break
        i = max(multi, key=lambda k: (len(groups[k]), -k))
        groups[i:i + 1] = [groups[i][:1], groups[i][1:]]
    return DocumentPlan(tuple(tuple(g) for g in groups), repeats)
