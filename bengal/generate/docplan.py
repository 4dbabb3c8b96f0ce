"""Document planning: the facts of a subgraph ordered, grouped and cut into sentences.

:func:`plan_document` takes a strategy's :class:`~bengal.generate.strategies.Subgraph`
and returns a :class:`DocumentPlan`: the units (facts sharing subject and property,
i.e. already aggregated objects) in the strategy's order with exact repeats removed,
grouped per subject as long as the subject stays the same (the path strategy's
transitions are kept), and cut into sentences of one to three facts so that the
sentences' estimated mean length meets the target (tokens per sentence): BENGAL's planner,
``--sentence-length short``. :func:`plan_to_count` is the news planner, the default since 7 December
2026: a document draws its sentence count and its facts are cut into that many sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from bengal.generate.kbview import NOT_NAMES, Entity
from bengal.generate.strategies import MAX_LIST, Subgraph, Unit
from bengal.generate.verbalise import BESIDES_OFFICE
from bengal.kb.labels import local_name

__all__ = ["DocumentPlan", "plan_document", "plan_to_count", "facts_per_sentence", "MAX_FACTS",
           "DEFAULT_SENTENCE_LENGTH", "SENTENCE_LENGTHS"]

#: At most this many facts (units) share one sentence ("X, who was born in Y, played for A and died in Z.").
MAX_FACTS = 3
#: The default target of mean tokens per sentence (news corpora: 25-32; the issue asks for 15-30).
DEFAULT_SENTENCE_LENGTH = 22

#: Properties that DBpedia uses for one relation (a musician's band given as both ``associatedBand`` and
#: ``associatedMusicalArtist``): an object said under one is not said again under another of its group
#: ("Stu Cook partnered with Creedence Clearwater Revisited and was linked to Creedence Clearwater
#: Revisited.", a new user's reading of the default set, 7 December 2026), local name → group.
ONE_RELATION: dict[str, str] = {"associatedBand": "associated", "associatedMusicalArtist": "associated",
                                # a work's performer, which DBpedia gives twice for a band ("No More is a work of
                                # A1 … No More is a work of the band": a new user's reading, 7 December 2026)
                                "musicalArtist": "performer", "musicalBand": "performer"}

#: ``--sentence-length`` by name: ``short`` is the planner before sentence counts were drawn
#: (:func:`plan_document`: facts drawn from the range, about 9 tokens a sentence; B1-B10, P1-P4, S1-S4),
#: ``news`` (the default) the count planner (:func:`plan_to_count`) aiming at :data:`DEFAULT_SENTENCE_LENGTH`
#: tokens.
SENTENCE_LENGTHS: dict[str, float] = {"short": DEFAULT_SENTENCE_LENGTH, "news": DEFAULT_SENTENCE_LENGTH}


@dataclass(frozen=True)
class DocumentPlan:
    """The plan of one document.

    Attributes:
        sentences: per sentence, its units in order; every unit of one sentence has the same subject.
        repeats: facts (subject, property, object) of the subgraph left out because the same fact (or the
            same object under another property of its :data:`ONE_RELATION` group) came earlier in it.
    """

    sentences: tuple[tuple[Unit, ...], ...]
    repeats: int = 0
    #: the number of sentences asked for (:func:`plan_to_count`; 0: :func:`plan_document`).
    wanted: int = 0


def plan_document(sub: Subgraph, length: Callable[[Unit], int], target_length: float,
                  min_sentences: int = 1, can_list: Callable[[str, Entity], bool] | None = None,
                  wording: Callable[[str, Entity], str | None] | None = None,
                  relations: Mapping[str, str] | None = None) -> DocumentPlan:
    """Order, group and cut the facts of ``sub`` into sentences.

    Rule: first, facts already stated are left out and the objects of one subject and property
    become one unit (a coordinated list of at most :data:`bengal.generate.strategies.MAX_LIST`;
    never "X is affiliated with A. X is affiliated with B."), at the place of its first unit; so do
    the objects of properties that ``wording`` words the same (:func:`_merged_units`). Then
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
        wording: ``wording(prop, subject)``: the property's wording about the subject when the
            objects of properties worded the same become one list, else ``None`` (``None``: by property).
        relations: property local name → relation group (:data:`ONE_RELATION`): an object said under one
            property of a group is left out, a repeat, under the others; ``None``: every property its own.

    Returns:
        the plan; empty when the subgraph has no units.
    """
    units, repeats = _merged_units(sub, can_list, wording, relations)
    groups: list[list[Unit]] = []
    tokens = 0
    # A sentence's first unit is measured only when the next unit may join it (same subject, room left):
    # ``length`` writes the unit as a sentence (issue 15), and most sentences of a plan end with their
    # subject's run of units. The groups are those of measuring every unit first.
    unmeasured: Unit | None = None  # the current sentence's first unit, when its length is not yet known
    for u in units:
        cur = groups[-1] if groups else None
        if cur is None or cur[0].subject.uri != u.subject.uri or len(cur) >= MAX_FACTS:
            groups.append([u])
            unmeasured = u
            continue
        if unmeasured is not None:
            tokens, unmeasured = length(unmeasured), None
        if tokens >= target_length:
            groups.append([u])
            unmeasured = u
            continue
        own = length(u)
        if tokens + own - 2 > target_length + own / 2:
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
    return DocumentPlan(_besides_after_titled([tuple(g) for g in groups]), repeats)


def _merged_units(sub: Subgraph, can_list: Callable[[str, Entity], bool] | None,
                  wording: Callable[[str, Entity], str | None] | None = None,
                  relations: Mapping[str, str] | None = None) -> tuple[list[Unit], int]:
    """The subgraph's units with facts already stated left out and the objects of one subject and
    property merged into one coordinated list at the place of the first (at most ``MAX_LIST``: the
    objects beyond are left out, not said in a second clause); and the number of facts left out as
    repeats. Two properties that ``wording`` words the same about the subject (DBpedia's
    ``distributingLabel`` and ``distributingCompany``: "{s} is distributed by {o}.") are one property
    here: their objects are one list under the first's property, each object once ("The label is
    distributed by A and B."; was "The label, which is distributed by A, is distributed by B."). A unit of
    concepts only (plain text or common nouns: :data:`~bengal.generate.kbview.NOT_NAMES`) and one with a name
    are never merged (:meth:`bengal.generate.mentions.MentionPolicy.apply` splits such a list), nor two of
    another ``office`` (a country's prime ministers and its other leaders: ``Unit.office``). With
    ``relations`` (property local name → group, :data:`ONE_RELATION`; news text: BENGAL's presets keep their
    bytes), an object said under one property of a group is a repeat under the others."""
    seen: set[tuple[str, str, str]] = set()
    units: list[Unit] = []
    where: dict[tuple[str, str, bool, str | None], int] = {}
    repeats = 0
    for u in sub.units:
        objects = []
        relation = relations.get(local_name(u.prop), u.prop) if relations else u.prop
        for o in u.objects:
            if (u.subject.uri, relation, o.uri) in seen:
                repeats += 1
            else:
                seen.add((u.subject.uri, relation, o.uri))
                objects.append(o)
        if not objects:
            continue
        said = (wording(u.prop, u.subject) if wording is not None else None) or u.prop
        # names and concepts of one property stay apart when a unit holds only one kind (MentionPolicy splits
        # a mixed list so: "works in the Cinema of Japan industry" and "… in the video game industry")
        kind = all(o.form_kind in NOT_NAMES for o in objects)
        k = where.get((u.subject.uri, said, kind, u.office))
        if k is not None:
            objects = [o for o in objects if all(o.uri != p.uri for p in units[k].objects)]
            if not objects:
                continue
        if (k is not None and (u.date is None or units[k].date is None)
                and (can_list is None or can_list(u.prop, u.subject))):
            # one coordinated list of at most MAX_LIST (a birth place chain keeps the date of either:
            # "born on … in A, B"); the facts beyond are not said, never a second clause of the same
            # property ("The country, which was led by A, B, C and D, was led by E, F, G and H")
            room = MAX_LIST - len(units[k].objects)
            units[k] = units[k]._replace(objects=units[k].objects + tuple(objects[:max(room, 0)]),
                                         date=units[k].date or u.date)
        else:
            where[(u.subject.uri, said, kind, u.office)] = len(units)
            units.append(u._replace(objects=tuple(objects)))
    return units, repeats


def facts_per_sentence(target_length: float) -> int:
    """How many facts a sentence of ``target_length`` tokens holds, by the rule of thumb measured on
    the bundled sample: a fact alone is about 8 tokens ("X was born in Y." with its full stop, a
    two-word name), each joined fact adds about 6 ("and played for A"): ``1 + (target - 8) / 6``,
    rounded, between 1 and :data:`MAX_FACTS` (22 tokens: 3 facts; 15: 2; 10: 1)."""
    return max(1, min(MAX_FACTS, round(1 + (target_length - 8) / 6)))


def plan_to_count(sub: Subgraph, sentences: int, can_list: Callable[[str, Entity], bool] | None = None,
                  at_least: int = 1, per_sentence: int = 1,
                  wording: Callable[[str, Entity], str | None] | None = None,
                  relations: Mapping[str, str] | None = None) -> DocumentPlan:
    """Order, group and cut the facts of ``sub`` into ``sentences`` sentences (the count a document
    drew), as far as its facts allow.

    Rule: the units are merged as in :func:`plan_document` and kept in the strategy's order. A
    sentence holds units of one subject only, at most :data:`MAX_FACTS`, so each run of units about
    one subject needs at least ``ceil(run / MAX_FACTS)`` sentences and at most one per unit; runs
    past the point where their minimum exceeds ``sentences`` are left out (sym's incoming facts,
    each of another subject). The count aimed at is ``ceil(units / per_sentence)`` (length first:
    a document short of facts gets fewer, full sentences), at most ``sentences`` and at least
    ``at_least`` while that leaves two units a sentence (``units // 2``; 5 units, ``at_least`` 3,
    ``per_sentence`` 3: 2 sentences, not 2 + 2 + 1), within what the runs allow. Each run first gets
    its minimum; each further sentence goes to the run with the most units per sentence (ties: the
    earlier run), and a run's units are cut into consecutive
    sentences whose sizes differ by at most one, the larger first ("A, who …, B and C. D and E.").
    Last, a sentence about the single object that ends an earlier sentence is moved up to follow
    it (:func:`_continuations_next`), for the microplanner's relative clause.

    Args:
        sentences: the number of sentences wanted (>= 1).
        can_list, wording, relations: as in :func:`plan_document`.
        at_least: fewest sentences when the units allow two a sentence (the document's
            ``--min-sentences``, less the opening sentence).

    Returns:
        the plan with ``wanted = sentences``; fewer sentences than wanted when the facts are too
        few (one fact each), more when one subject's facts are too many for the count.

    Raises:
        ValueError: when ``sentences`` is below 1.
    """
    if sentences < 1:
        raise ValueError(f"a document needs at least one sentence, not {sentences}")
    units, repeats = _merged_units(sub, can_list, wording, relations)
    runs: list[list[Unit]] = []
    for u in units:
        if runs and runs[-1][0].subject.uri == u.subject.uri:
            runs[-1].append(u)
        else:
            runs.append([u])
    alloc = [-(-len(r) // MAX_FACTS) for r in runs]
    keep = 1
    while keep < len(runs) and sum(alloc[:keep + 1]) <= sentences:
        keep += 1
    runs, alloc = runs[:keep], alloc[:keep]
    n_units = sum(len(r) for r in runs)
    goal = max(min(sentences, -(-n_units // max(per_sentence, 1))), min(at_least, max(n_units // 2, 1)))
    while sum(alloc) < goal:
        open_runs = [i for i, r in enumerate(runs) if alloc[i] < len(r)]
        if not open_runs:
            break
        i = max(open_runs, key=lambda k: (len(runs[k]) / alloc[k], -k))
        alloc[i] += 1
    groups: list[tuple[Unit, ...]] = []
    for run, n in zip(runs, alloc):
        size, extra = divmod(len(run), n)
        pos = 0
        for k in range(n):
            step = size + (1 if k < extra else 0)
            groups.append(tuple(run[pos:pos + step]))
            pos += step
    return DocumentPlan(_besides_after_titled(_continuations_next(groups)), repeats, sentences)


def _besides_after_titled(groups: Sequence[tuple[Unit, ...]]) -> tuple[tuple[Unit, ...], ...]:
    """The planned sentences with each unit of a subject's other leaders (``Unit.office``
    :data:`~bengal.generate.verbalise.BESIDES_OFFICE`, "was also led by") that no titled unit of the same subject comes
    before in the plan (merged away as a repeat, left out past the sentence count) written plainly (office ``None``):
    "also" follows what it adds to ("Haifa is a city in Israel, which was also headed by Golda Meir" named no prime
    minister; a new user's reading, twentieth session)."""
    titled: set[str] = set()
    out: list[tuple[Unit, ...]] = []
    for group in groups:
        kept: list[Unit] = []
        for u in group:
            if u.office == BESIDES_OFFICE and u.subject.uri not in titled:
                u = u._replace(office=None)
            elif u.office:
                titled.add(u.subject.uri)
            kept.append(u)
        out.append(tuple(kept))
    return tuple(out)


def _continuations_next(groups: Sequence[tuple[Unit, ...]]) -> list[tuple[Unit, ...]]:
    """The planned sentences with, after each that ends with one object, the first later sentence
    about that object moved up to follow it (so the microplanner can join it as a relative clause:
    sym's "Anna Berg was born in Ulm" then "Ulm is part of Baden-Württemberg"); a walk's order
    (path, hybrid) already has it, and a sentence is moved at most once."""
    rest = list(groups)
    out: list[tuple[Unit, ...]] = []
    moved: set[int] = set()
    while rest:
        g = rest.pop(0)
        out.append(g)
        last = g[-1]
        if len(last.objects) != 1 or not rest or rest[0][0].subject.uri == last.objects[0].uri:
            continue
        k = next((j for j, h in enumerate(rest) if h[0].subject.uri == last.objects[0].uri and id(h) not in moved),
                 None)
        if k is not None:
            moved.add(id(rest[k]))
            rest.insert(0, rest.pop(k))
    return out
