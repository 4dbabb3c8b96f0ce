"""Microplanning: a document plan's sentences worded, aggregated and with referring expressions.

:func:`microplan` turns each planned sentence (one to three facts about one subject,
:mod:`bengal.generate.docplan`) into one :class:`~bengal.generate.verbalise.Sentence`:
lexicalisation from the lexicon's templates, aggregation (the objects of one property
are one coordinated list, already in the unit; two facts as "X was born in Y and died
in Z", three as "X, who was born in Y, played for A and died in Z"), referring
expressions by :func:`description_allowed` and :func:`pronoun_resolves`, and no
sentence written twice in a document. Among the wordings a rule allows, the one that
brings the document's mentions per token closest to the density target wins.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from functools import lru_cache
from typing import Callable, Collection, Mapping, Optional, Sequence

from bengal.generate.density import count_tokens
from bengal.generate.emerging import is_emerging
from bengal.generate.gender import Gender
from bengal.generate.kbview import NOT_NAMES, Entity, Ontology, unknown_agent
from bengal.generate.lexicon import Lexicon
from bengal.generate.paraphrase import Paraphraser
from bengal.generate.realise import name_kind_noun, of_plural_class, realise_pieces, takes_plural_verb
from bengal.generate.strategies import Unit
from bengal.generate.surface import restates_qualifier
from bengal.generate.verbalise import (
    BESIDES_OFFICE,
    Demonym,
    Piece,
    Sentence,
    apposition_phrase,
    class_noun,
    fact_sentence,
    fact_templates,
    join_sentences,
    name_fit,
    pronoun_allowed,
    sentence_text,
    strip_the,
    template_takes_apposition,
    type_with_place,
    with_forms,
)
from bengal.kb.labels import local_name
from bengal.kb.sparql import DBO

__all__ = ["microplan", "description_allowed", "pronoun_resolves", "aggregate", "type_apposition", "type_noun_phrase",
           "type_apposition_of", "fold_opening",
           "chain", "where_after_subject", "whose_clause", "coordinate", "coordinate_subjects", "reads_as_place",
           "abridge_list", "abridge_allowed", "abridgeable", "abridged_template",
           "lifespan_clause", "lifespan_of", "Lifespan", "VARY_WITHIN", "describe_objects", "description_noun", "drawn",
           "density_of", "CHAIN_MARGIN"]

#: At most this many relative clauses in one sentence joined by :func:`chain` ("X worked with the band
#: The Verve, which is associated with Richard Ashcroft, who is associated with DJ Shadow.").
MAX_RELATIVES = 2

#: With ``--surface-forms`` / ``--paraphrase``, such a wording wins over the plain one
#: unless its density gap is more than this much larger (mentions per token).
_PREFERENCE = 0.004


def description_allowed(uri: str, noun: str | None, history: Sequence[tuple[int, str, str | None]],
                        vague: Sequence[str] = ()) -> bool:
    """Whether "the NOUN" refers to the entity ``uri`` for a reader.

    Rule: the entity was mentioned before, its class noun is known and not vague, and no
    other entity with the same class noun was mentioned from the sentence of the
    entity's last mention on (that sentence included): "Angela Merkel served while Horst
    Köhler was president. The politician …" is refused, for "the politician" could be either.

    Args:
        history: ``(sentence index, URI, class noun)`` of every entity piece written so far, in order.
    """
    if not noun or noun in vague:
        return False
    last = max((s for s, u, _ in history if u == uri), default=None)
    if last is None:
        return False
    return not any(s >= last and u != uri and n == noun for s, u, n in history)


def description_noun(lex: Lexicon, onto: Ontology, entity: Entity) -> str | None:
    """The noun of "the NOUN" that refers to ``entity`` named before: its class noun
    (:func:`~bengal.generate.verbalise.class_noun`), or, where that noun tells a reader too little to find the place
    (``[meta] description_vague``: "administrative region", "settlement"), the kind the place's own name says
    (:func:`~bengal.generate.realise.name_kind`: "Kościerzyna County" → "county") when that is one of ``[realise]
    kind_nouns`` and not vague itself. Source: a copy editor's reading, twenty-first session: "Gmina Dziemiany is part
    of Kościerzyna County, and Gmina Stara Kiszewa belongs to Kościerzyna County" (the sample types the county
    ``AdministrativeRegion``, whose noun no description takes), where news writes "… is part of the county"."""
    noun = class_noun(lex, onto, entity)
    vague = lex.meta.get("description_vague", ())
    if noun is None or noun not in vague:
        return noun
    kind = name_kind_noun(lex, entity.surface)
    return noun if kind is None or kind in vague else kind


def describe_objects(lex: Lexicon, onto: Ontology, sentence: Sentence,
                     history: Sequence[tuple[int, str, str | None]], index: int,
                     vague: Sequence[str] = ()) -> Sentence | None:
    """The sentence with each named entity after its predicate that the document named before written
    as "the NOUN" of its class instead ("Kashubians live in France. Wiśniewski-Kot is based in the
    country."), or ``None`` when none may be.

    Rule: the entity is no subject, pronoun, concept or date; "the NOUN" refers to it for a reader
    (:func:`description_allowed` over ``history`` and the sentence's own other names, as sentence
    ``index``); the text before it does not already describe it ("the city of Ulm", "the band
    Pulley": a "the" among its last three words that is not the name's own), it is no qualifier or
    list item after a name and a comma ("Glassboro, New Jersey"), no name before a comma and a qualifier
    or another item, and no apposition follows (", a city,"); "the " written before a name ("in the United
    Kingdom") goes, and a possessive after it becomes "'s". News refers to a place or an organisation
    named again this way; the description is plain text, not a mention (as a subject described by
    ``describe_subject``), so the gold stays exact. English only (``lex.rules`` is ``None``): other
    languages' nouns agree in gender. A sentence that does not open with its subject is described only where
    it opens with a name and its last name ends it ("Gloria Suarez was a key person at the bank.", a template
    that opens with its object); not "… belongs to the company network" for "the BBC network".
    """
    if lex.rules is not None or (not sentence.predicate and not _opens_with_its_object(sentence)):
        return None
    not_after = tuple(lex.meta.get("not_described_after", ()))
    pieces: list[Piece] = list(sentence.pieces)
    own: list[tuple[int, str, str | None]] | None = None  # the sentence's own names, worked out when first needed
    changed = False
    for j in range(len(pieces) - 1, sentence.predicate, -1):
        p = pieces[j]
        if (not isinstance(p, Entity) or p.uri == sentence.subject or p.form_kind == "pronoun"
                or p.form_kind in NOT_NAMES or not any(u == p.uri for _, u, _ in history)):
            continue
        if own is None:  # asked of every candidate wording (issue 15); few have a piece that gets here
            own = [(index, q.uri, description_noun(lex, onto, q)) for q in sentence.pieces if isinstance(q, Entity)]
        noun = description_noun(lex, onto, p)
        others = [*history, *((k, u, n) for k, u, n in own if u != p.uri)]
        if noun is None or not description_allowed(p.uri, noun, others, vague):
            continue
        before = pieces[j - 1]
        after = pieces[j + 1] if j + 1 < len(pieces) else None
        words = before.lower().split() if isinstance(before, str) else []
        # (an apposition, "the club ", "the city of ", "the {class} ", is a "the" within its last three words
        # or ends with the noun)
        if (not isinstance(before, str) or (after is not None and not isinstance(after, str))
                or before.lower().endswith((f"{noun} ", f"{noun} of "))
                or before.endswith(not_after)
                or (words and before.rsplit(None, 1)[-1][:1].isupper())
                or ("the" in words[-3:] and words[-1:] != ["the"])
                or (before.endswith(", ") and isinstance(pieces[j - 2], Entity))
                or (after is not None and after.startswith(",") and j + 2 < len(pieces)
                    and isinstance(pieces[j + 2], Entity))
                or (after is not None and after.startswith((", a ", ", an ")))
                or (after is not None and _modifies(before, after))):
            # a description before it ("appeared for the club the football club", "is situated in the city of
            # the city district"), a title ("led by Prime Minister the politician": Unit.office), a qualifier or
            # a list's item ("Glassboro, the administrative region"), a name its qualifier follows ("made a home
            # in the settlement, Los Angeles"), a name that modifies the noun after it ("part of the BBC network",
            # not "the company network"), a name after "belongs to" ([meta] not_described_after: "X belongs to the
            # company" reads as any company's property)
            continue
        text = strip_the(before) + f"the {noun}"
        if after is not None:
            text += "'s " + after[2:] if after.startswith("' ") else after
        elif p.surface.endswith("."):
            text += "."  # the name's full stop ended the sentence ("… for Sertanense F.C."): it is the sentence's
        pieces[j - 1 : j + 2] = [text]
        changed = True
    if not changed:
        return None
    return sentence.with_pieces(tuple(realise_pieces(lex, pieces)))


def pronoun_resolves(uri: str, previous: Sentence | None, pronoun: str, genders: dict[str, Gender],
                     is_person: Callable[[Entity], bool],
                     clash: Callable[[Entity, str, bool], bool] | None = None) -> bool:
    """Whether he / she / it / they refers to ``uri`` for a reader.

    Rule: the previous sentence's subject is ``uri``, and no other entity of that sentence
    could take the same pronoun: another entity whose known gender gives the same pronoun,
    or, for a person's "he"/"she", another person of unknown gender, and for "it"/"they",
    any other entity that is not a person. A language other than English says instead which
    entity could take it (``clash(entity, pronoun, is_person(entity))``:
    :meth:`bengal.generate.lang.rules.LanguageRules.pronoun_clash`, grammatical gender included).
    """
    if previous is None or previous.subject != uri:
        return False
    for p in previous.pieces:
        if not isinstance(p, Entity) or p.uri == uri:
            continue
        if clash is not None:
            if clash(p, pronoun, is_person(p)):
                return False
            continue
        g = genders.get(p.uri)
        if g is not None:
            if g.pronoun == pronoun:
                return False
        elif is_person(p) == (pronoun in ("he", "she")):
            return False
    return True


def abridgeable(lex: Lexicon, onto: Ontology, unit: Unit) -> bool:
    """Whether :func:`abridge_list` may write ``unit`` by its first object: it has several objects, the
    lexicon has ``[meta] among_others``, and they are a list, not a place chain ("Weyburn, Saskatchewan"),
    nor of a property in ``[meta] not_abridged`` (where "among others" reads as a falsehood or nonsense:
    "Hajipur is part of Bihar, among others."), and every object is of a class of ``[meta] abridged_classes``
    and of none of ``not_abridged_classes`` (people, organisations, works: "worked with Chet Baker, among
    others"; not "studied at Stanford, among others", "live in Ohio, among others", which a copy editor's
    reading of the default set marked, 35 of 55, fifteenth session). A lexicon without ``abridged_classes``
    asks no class. Nor leaders with or beside a title (``Unit.office``): "among others" hides the leaders that
    "also" names ("… led by Prime Minister Yitzhak Shamir, among others, and the country was also led by Golda
    Meir": a new user's reading, twentieth session)."""
    name = local_name(unit.prop)
    if not (len(unit.objects) > 1 and bool(lex.meta.get("among_others")) and not lex.chained(name)
            and name not in lex.meta.get("not_abridged", ()) and unit.office is None):
        return False
    wanted = _class_set(onto, lex.meta.get("abridged_classes"))
    refused = _class_set(onto, lex.meta.get("not_abridged_classes"))
    return all((wanted is None or onto.is_instance(o, wanted)) and not (refused and onto.is_instance(o, refused))
               for o in unit.objects)


def _class_set(onto: Ontology, names: object) -> frozenset[str] | None:
    """The ``dbo:`` classes named in a lexicon list (local names) and their subclasses
    (:meth:`Ontology.frozen_subclasses`), or ``None`` for no list."""
    if not isinstance(names, (list, tuple)):
        return None
    return onto.frozen_subclasses(tuple(DBO + str(n) for n in names))


def abridged_template(lex: Lexicon, onto: Ontology, unit: Unit) -> str | None:
    """The template :func:`abridge_list` writes ``unit`` with: its first single-object wording that
    :func:`abridge_allowed` ("{s} recorded for the label {o}."), else its first list wording that is
    ("{s} was led by {o}.", "The members of {s} include {o}."; a single object after a plural noun, "the
    labels {o}", is not written), else ``None``."""
    for n in (1, len(unit.objects)):
        for t in fact_templates(lex, onto, unit.prop, unit.subject, n):
            if abridge_allowed(t) and (n == 1 or t.endswith(" include {o}.") or not _PLURAL_BEFORE.search(t)):
                return t
    return None


#: A plural noun right before a list ("the labels {o}", "the countries {o}"): no single object there.
_PLURAL_BEFORE = re.compile(r"\w+s \{o\}\.$")


def abridge_allowed(template: str) -> bool:
    """Whether a list template (``many``) can be written with its first object only: the list ends the
    sentence ("… {o}.") after a subject that opens it ("{s} worked with {o}.") or after "include"
    ("The members of {s} include {o}."), so that "among others" can only be read of the list."""
    return template.endswith("{o}.") and (template.startswith("{s} ") or template.endswith(" include {o}."))


def abridge_list(lex: Lexicon, sentence: Sentence, template: str) -> Sentence | None:
    """A sentence of a list fact written with its first object only (``template``, :func:`abridge_allowed`)
    made true of the whole list: ``[meta] among_others`` after the object ("X worked with Chet Baker,
    among others."), or nothing for an "include" wording, which says so already ("The members of X
    include Jane Roe."). ``None`` when the sentence does not end with its object.

    The other objects are not named, so the sentence has fewer mentions for about the same words: the
    microplanner's candidate for a density below what full lists give (news names a few of many: "worked
    with musicians such as"). The entity piece is unchanged, so the gold stays exact."""
    if template.endswith(" include {o}."):
        return sentence
    among = str(lex.meta.get("among_others", ""))
    pieces = list(sentence.pieces)
    if len(pieces) >= 2 and isinstance(pieces[-2], Entity) and pieces[-1] == ".":
        pieces[-1:] = [among + "."]
    elif pieces and isinstance(pieces[-1], Entity) and pieces[-1].surface.endswith("."):
        pieces.append(among + ".")
    else:
        return None
    return sentence.with_pieces(tuple(pieces))


#: A person's dates as :func:`bengal.generate.literals.date_phrase` writes them: ``(birth, death)``, either
#: ``None`` when the KB lacks it.
Lifespan = tuple[Optional[str], Optional[str]]


def lifespan_clause(lex: Lexicon, sentence: Sentence, lifespans: Mapping[str, Lifespan], subject: str | None,
                    said: Collection[str] = ()) -> Sentence | None:
    """The sentence with the dates of the person it ends with as a relative clause (``[meta]
    lifespan``: "… led by Robert Borden, who was born on 26 June 1854 and died on 10 June 1937."), or
    ``None``: the sentence does not end with one entity piece and its full stop, that entity is the last
    item of a list (the clause would read as the whole list's: "stars A, B and C, who was born on …", a new
    user's reading of 7 December 2026), the entity is the sentence's subject, has no entry in ``lifespans``
    or is in ``said`` (its dates were written), the
    sentence already has :data:`MAX_RELATIVES` relative clauses, or the language has no ``lifespan``.

    News gives a person's dates where the story needs them; the KB has birth and death dates for about
    10,000 of the sample's 44,000 people, and a subject's own dates are facts of its own
    (:mod:`bengal.generate.literals`), so this is the date of a person named as an object. The clause
    is past tense whatever the person's status ("was born" is true of the living). The dates are plain
    text: the mentions are unchanged, and a month name is a capitalised word that names nothing."""
    table = lex.meta.get("lifespan", {})
    if not table or len(sentence.pieces) < 2:
        return None
    last, stop = sentence.pieces[-2], sentence.pieces[-1]
    if not (isinstance(last, Entity) and stop == "." and last.uri != subject and last.uri not in said
            and last.form_kind not in NOT_NAMES):
        return None
    before = sentence.pieces[-3] if len(sentence.pieces) > 2 else None
    separators = lex.list_joins
    if isinstance(before, str) and separators and before.endswith(separators):
        return None
    born, died = lifespans.get(last.uri, (None, None))
    key = "born_died" if born and died else "born" if born else "died" if died else None
    if key is None or key not in table:
        return None
    marks = [m for m in (lex.relative(True), lex.relative(False), str(lex.meta.get("relative_possessive", ""))) if m]
    if sum(p.count(m) for p in sentence.pieces if isinstance(p, str) for m in marks) >= MAX_RELATIVES:
        return None
    clause = str(table[key]).replace("{born}", born or "").replace("{died}", died or "")
    return sentence.with_pieces((*sentence.pieces[:-1], clause + "."))


def lifespan_of(lex: Lexicon, sentence: Sentence, lifespans: Mapping[str, Lifespan] | None) -> set[str]:
    """The people whose lifespan clause (:func:`lifespan_clause`) ``sentence`` holds: an entity piece of
    ``lifespans`` followed by a text piece that opens with the language's person relative pronoun and
    says one of their dates."""
    if not lifespans:
        return set()
    who = lex.relative(True) or ""
    out: set[str] = set()
    for p, after in zip(sentence.pieces, sentence.pieces[1:]):
        if isinstance(p, Entity) and p.uri in lifespans and isinstance(after, str) and who and after.startswith(who):
            if any(d and d in after for d in lifespans[p.uri]):
                out.add(p.uri)
    return out


def _rest(sentence: Sentence) -> list[Piece] | None:
    """The predicate pieces of a sentence that opens with its subject, without the leading
    space and the final full stop, or ``None``."""
    if not sentence.predicate or sentence.clauses != 1:
        return None
    rest = list(sentence.pieces[sentence.predicate:])
    if not rest or not isinstance(rest[0], str) or not rest[0].startswith(" "):
        return None
    rest[0] = rest[0][1:]
    last = rest[-1]
    if isinstance(last, str) and last.endswith("."):
        rest[-1] = last[:-1]
        if rest[-1] == "":
            rest.pop()
    elif not (isinstance(last, Entity) and last.surface.endswith(".")):
        return None
    return rest


def aggregate(lex: Lexicon, sentences: Sequence[Sentence], person: bool | None) -> Sentence | None:
    """One sentence for several about one subject, or ``None`` when they cannot share one.

    Two: "X was born in Y and died in Z." (:func:`bengal.generate.verbalise.join_sentences`,
    else the relative form). Three (or two the plain join refuses): "X, who was born in Y,
    played for A and died in Z." — the first clause becomes a relative clause ("who" for a
    person, else "which"; neither for a subject of no known class, ``person`` ``None``, nor after a pronoun), the
    others are joined. Every sentence must open with the same subject, and no two may open their predicates with the
    same verb
    (:meth:`~bengal.generate.lexicon.Lexicon.same_verb`: "X, which is owned by A, is owned by B" says one thing twice,
    "X operates from A and operates in B" strikes a copy editor; :func:`~bengal.generate.verbalise.join_sentences`
    refuses it for two).
    """
    if len(sentences) == 1:
        return sentences[0]
    first = sentences[0]
    if any(s.subject is None or s.subject != first.subject or s.plural for s in sentences):
        return None
    if len(sentences) == 2:
        joined = join_sentences(lex, first, sentences[1])
        if joined is not None:
            return joined
    rests = [_kept_rest(s) for s in sentences]
    if any(r is None for r in rests):
        return None
    heads = [r[0] for r in rests if r and isinstance(r[0], str)]
    if any(lex.same_verb(a, b) for k, a in enumerate(heads) for b in heads[k + 1:]):
        return None  # "X, which is distributed by A, is distributed by B.": the same verb twice, two sentences
    # ", who " / ", which "; None: the language writes no such clause, or the subject is of no known class (``person``
    # None: neither pronoun is sure)
    relative = lex.relative(person) if person is not None else None
    if relative is None or first.pronoun is not None:  # "He, who managed Aston Villa, …" is no English
        return None
    head = list(first.pieces[:first.predicate])
    pieces: list[Piece] = head + [relative]
    pieces += rests[0] or []
    pieces.append(", ")
    among = str(lex.meta.get("among_others", ""))
    for k, r in enumerate(rests[1:]):
        if k:
            after_list = bool(among) and isinstance(pieces[-1], str) and pieces[-1].endswith(among)
            pieces.append(("," if after_list else "") + lex.meta["clause_join"])
        pieces += r or []
    last = pieces[-1]
    if not (isinstance(last, Entity) and last.surface.endswith(".")):
        pieces.append(".")
    merged: list[Piece] = []
    for p in pieces:
        if not isinstance(p, str):
            merged.append(p)
        elif merged and isinstance(merged[-1], str):
            merged[-1] += p
        elif p:
            merged.append(p)
    return Sentence(tuple(merged), any(s.fallback for s in sentences), first.subject, first.predicate,
                    len(sentences), sentences[-1].n_objects, False, first.pronoun,
                    tuple(sorted({op for s in sentences for op in s.paraphrase})))


def _kept_rest(sentence: Sentence) -> list[Piece] | None:
    """:func:`_rest` of ``sentence``, kept for the sentences met lately: :func:`aggregate` is given the same
    clauses after a planned sentence's first for each wording of its first fact (:func:`_plan_once`; issue 15).
    Kept by the sentence object, which the memo holds (so that its ``id`` stays its own), and bounded; the rest is
    shared, so no caller may change it."""
    found = _RESTS.get(id(sentence))
    if found is not None and found[0] is sentence:
        return found[1]
    rest = _rest(sentence)
    if len(_RESTS) >= _RESTS_SIZE:
        _RESTS.clear()
    _RESTS[id(sentence)] = (sentence, rest)
    return rest


#: :func:`_kept_rest`'s answers by the sentence's ``id`` (with the sentence), at most ``_RESTS_SIZE``.
_RESTS: dict[int, tuple[Sentence, list[Piece] | None]] = {}
_RESTS_SIZE = 4096


def _says_its_qualifier(sentence: Sentence) -> bool:
    """Whether ``sentence`` names its subject with a qualifier that an object after its predicate
    restates (:func:`restates_qualifier`): "Gloucester County, New Jersey is in the state of New Jersey."."""
    subject = sentence.subject
    if subject is None or not sentence.predicate:
        return False
    for p in sentence.pieces[:sentence.predicate]:  # asked of every candidate wording (issue 15): cheap tests first
        if isinstance(p, Entity) and ", " in p.surface and p.uri == subject \
                and restates_qualifier(p, sentence.pieces[sentence.predicate:]):
            return True
    return False


def _relative_marks(lex: Lexicon) -> list[str]:
    """The openings of the language's relative clauses: ``[meta] relative_person``, ``relative_thing``,
    ``relative_possessive`` and ``relative_where`` (", who ", ", which ", ", whose ", ", where "), those it has."""
    return [m for m in (lex.relative(True), lex.relative(False), str(lex.meta.get("relative_possessive", "")),
                        str(lex.meta.get("relative_where", ""))) if m]


def _relatives_in(pieces: Sequence[Piece], marks: Sequence[str]) -> int:
    """How many relative clauses (``marks``, :func:`_relative_marks`) the text pieces of ``pieces`` open."""
    return sum(p.count(m) for p in pieces if isinstance(p, str) for m in marks)


def chain(lex: Lexicon, first: Sentence, second: Sentence, person: bool | None) -> Sentence | None:
    """A walk's next step joined onto the object that ends the sentence before it, as a relative
    clause ("X was born in Lagos." + "Lagos is part of Lagos State." → "X was born in Lagos, which
    is part of Lagos State."; "X worked with B." + "B's genre is rock." → "X worked with B, whose
    genre is rock.", by ``[meta] relative_possessive``; "X was born in Ipswich." + "The company Acme
    Ltd has its headquarters in Ipswich." → "X was born in Ipswich, where the company Acme Ltd has
    its headquarters.", by :func:`_where_clause`), or ``None`` when the two cannot be joined that way.

    Rule: ``first`` ends with one entity (a single object, not a list: "A, B and C, which …" would
    not say which) and its full stop, and has fewer than :data:`MAX_RELATIVES` relative clauses
    ("… The Verve, which is associated with Richard Ashcroft, who is associated with DJ Shadow.");
    ``second`` opens with that entity as its subject (named, described or a pronoun: the relative
    pronoun replaces it) and has no relative clause of its own, nor a plural pronoun subject, nor an object
    that the entity's written qualifier names (:func:`restates_qualifier`: "Santander, Spain, which is in
    Spain" says nothing). The relative pronoun is
    :meth:`bengal.generate.lexicon.Lexicon.relative` ("who" when ``person``: the second subject is a
    person; ``None``, an entity of no known class, takes neither "who" nor "which", only "whose" and "where"). The
    result keeps ``first``'s subject, so a pronoun in the next sentence still refers
    to ``first``'s subject by :func:`pronoun_resolves`; the entity pieces are unchanged objects, so
    the gold stays exact (the second subject's name, when it was named, is no longer written).
    """
    if second.plural or first.n_objects != 1 or len(first.pieces) < 2:
        return None
    last, stop = first.pieces[-2], first.pieces[-1]
    if not (isinstance(last, Entity) and stop == ".") or last.form_kind in NOT_NAMES:
        return None  # a concept ("plays the [guitar]", --mentions concepts) takes no clause: no topic of its own
    whose = str(lex.meta.get("relative_possessive", ""))
    marks = _relative_marks(lex)
    before = first.pieces[-3] if len(first.pieces) > 2 else None
    if (_relatives_in(first.pieces, marks) >= MAX_RELATIVES
            or any(isinstance(p, str) and any(m in p for m in marks) for p in second.pieces)
            or (isinstance(before, str) and any(m in before for m in marks))):
        # at most MAX_RELATIVES relative clauses a sentence, none nested in the second, and none about the object of
        # another ("Mike Posner, whose place of birth is Michigan, whose capital is Lansing": a new user's reading of
        # the default set, 7 December 2026, marked 20 such chains in 118 path sentences)
        return None
    if (second.subject is not None and before == ", " and len(first.pieces) > 3
            and isinstance(first.pieces[-4], Entity) and first.pieces[-4].uri == second.subject):
        # the object is the qualifier of a place that second is about: "… part of Western Province, Sri Lanka, where
        # Western Province is." (a copy editor's reading, thirteenth session): the name said it
        return None
    relative = lex.relative(person) if person is not None else None
    where = _where_clause(lex, second, last) if reads_as_place(lex, first.pieces) else None
    if where is not None:
        rest = where
    elif second.subject == last.uri and second.predicate and relative is not None:
        rest = list(second.pieces[second.predicate:])
        if not rest or not isinstance(rest[0], str) or not rest[0].startswith(" "):
            return None
        if takes_plural_verb(lex, last.surface, last.classes):
            # the relative pronoun takes its antecedent's number: "Red Hot Chili Peppers, which have worked with …"
            # (second said "The band has worked with …"; "which has" found by a new user's reading)
            rest = _plural_predicate(lex, rest)
        verb = rest[0]
        assert isinstance(verb, str)  # _plural_predicate keeps the verb a text piece
        rest[0] = relative + verb[1:]
    else:  # "B's genre is rock." → ", whose genre is rock"
        start = 1 if second.pieces and second.pieces[0] in ("The ", "the ") else 0
        owner = second.pieces[start] if len(second.pieces) > start + 1 else None
        tail = second.pieces[start + 1] if owner is not None else None
        if not (whose and isinstance(owner, Entity) and owner.uri == last.uri and isinstance(tail, str)
                and tail.startswith("'s ")):
            return None
        rest = [whose + tail[3:], *second.pieces[start + 2:]]
    end = rest[-1]
    if not ((isinstance(end, str) and end.endswith(".")) or (isinstance(end, Entity) and end.surface.endswith("."))):
        return None
    if restates_qualifier(last, rest):
        return None  # "… the town of Santander, Spain, which is in Spain.": the name said it
    if _class_nouns_before_names(first.pieces) & _class_nouns_before_names(rest):
        return None  # "The musician Rosanne Cash worked with Lucinda Williams, who worked with the musician …"
    pieces: list[Piece] = list(first.pieces[:-1]) + rest
    return Sentence(tuple(p for p in pieces if p != ""), first.fallback or second.fallback, first.subject,
                    first.predicate, first.clauses, second.n_objects, first.plural, first.pronoun,
                    tuple(sorted(set(first.paraphrase) | set(second.paraphrase))))


def _class_nouns_before_names(pieces: Sequence[Piece]) -> set[str]:
    """The class nouns that introduce a name in ``pieces`` ("The musician " before Rosanne Cash, "the band " before
    Slint: an apposition, :func:`~bengal.generate.verbalise.apposition_phrase`), lower case: two clauses joined
    into one sentence must not both introduce a name by one noun ("The musician Rosanne Cash worked with Lucinda
    Williams, who worked with the musician Mark Knopfler": a copy editor's reading, fourteenth session)."""
    found: set[str] = set()
    for p, q in zip(pieces, pieces[1:]):
        if isinstance(p, str) and isinstance(q, Entity):
            m = _CLASS_BEFORE_NAME.search(p)
            if m is not None:
                found.add(m.group(1).lower())
    return found


#: "the NOUN " (one or two lower-case words) that ends a text piece before a name: a class noun ("the musician "),
#: and also "the NOUN of " ("the city of ", "the translator of "), whose repetition in one sentence reads as badly.
_CLASS_BEFORE_NAME = re.compile(r"(?:^|\s)[Tt]he ([a-z]+(?: [a-z]+)?) $")


def _names_a_place(entity: Entity) -> bool:
    """Whether the entity piece is a place's name: no concept (``form_kind`` not in
    :data:`~bengal.generate.kbview.NOT_NAMES`), of the class dbo:Place and no dbo:Event (DBpedia types "Cold War" a
    populated place)."""
    return (entity.form_kind not in NOT_NAMES and DBO + "Place" in entity.classes
            and DBO + "Event" not in entity.classes)


def reads_as_place(lex: Lexicon, pieces: Sequence[Piece]) -> bool:
    """Whether the entity that ends ``pieces`` (a sentence's, before its full stop) reads as a place, so that
    a "where" clause may follow it (:func:`_where_clause`).

    Rule: it is a name (no concept: ``form_kind`` not in :data:`~bengal.generate.kbview.NOT_NAMES`) of the
    class dbo:Place and no dbo:Event (DBpedia types "Cold War" a populated place), and, when a copula
    writes it (optionally with "the" or a class noun between: "was the city of Moscow"), what it is is a
    place (``[meta] where_on_nouns``: "X's place of death was Moscow, where …", "The arrondissement of X is
    Thonon-les-Bains, where …"). "The company's service is Tertiary sector of the economy, where …" (a
    concept DBpedia types a settlement) is refused: the sentence does not speak of a place."""
    if len(pieces) < 3 or pieces[-1] != ".":
        return False
    place, before = pieces[-2], pieces[-3]
    if not (isinstance(place, Entity) and isinstance(before, str) and _names_a_place(place)):
        return False
    words = before.split()
    while words and (words[-1] == "the" or words[-1] == "of" and len(words) > 2 and words[-3] == "the"):
        words = words[:-1] if words[-1] == "the" else words[:-3]  # "in the ", "was the city of "
    if words and words[-1] in ("is", "was", "are", "were"):
        said = " ".join(words[:-1]).lower()
        return any(said.endswith(noun) or f"{noun} of " in said for noun in lex.meta.get("where_on_nouns", ()))
    return True


def _where_clause(lex: Lexicon, second: Sentence, place: Entity) -> list[Piece] | None:
    """``second`` as a locative relative clause on ``place`` (``[meta] relative_where`` and
    ``where_after``: "The company Acme Ltd has its headquarters in Ipswich." → ", where the company
    Acme Ltd has its headquarters."), or ``None``: ``second`` must end with ``place`` (its one
    object, a mention) after one of the ``where_after`` prepositions and its full stop, be about
    another subject, open with a name or a plain word (not a pronoun mention, whose surface
    would have to change case), and hold none of ``where_not_after`` before the place (a type complement:
    "Tbilisi, where Norris-Cantrell is a company based." never reads)."""
    where = str(lex.meta.get("relative_where", ""))
    prepositions = tuple(str(w) for w in lex.meta.get("where_after", ()))
    pieces = second.pieces
    if (not where or not prepositions or second.n_objects != 1 or second.subject == place.uri or len(pieces) < 4
            or pieces[-1] != "." or not isinstance(pieces[-2], Entity) or pieces[-2].uri != place.uri):
        return None
    before = pieces[-3]
    if not isinstance(before, str):
        return None
    prep = next((w for w in prepositions if before.endswith(" " + w + " ")), None)
    if prep is None:
        return None
    said = "".join(p if isinstance(p, str) else " " for p in pieces[1:-2])
    if any(w in said for w in lex.meta.get("where_not_after", ())):
        return None
    opener = pieces[0]
    if isinstance(opener, Entity):
        if opener.form_kind == "pronoun":
            return None
        head: list[Piece] = [where, opener]
    else:
        head = [where + opener[:1].lower() + opener[1:]]
    body = [*head, *pieces[1:-3], before[: -len(prep) - 2], "."]
    return [p for p in body if p != ""]


def where_after_subject(lex: Lexicon, first: Sentence, second: Sentence) -> Sentence | None:
    """A fact that places its subject in the place ``first`` opens with, as a locative relative clause after that
    subject ("Gmina Grunwald forms part of Ostróda County." + "Gardner-Garcia has its seat in Gmina Grunwald." →
    "Gmina Grunwald, where Gardner-Garcia has its seat, forms part of Ostróda County."; :func:`_where_clause`), or
    ``None`` when the two cannot be joined that way.

    Rule: ``first`` opens with the place's name (an entity piece of the class dbo:Place and no dbo:Event, no
    pronoun, no concept) as its subject, its predicate right after it (no apposition, no qualifier), and has fewer
    than :data:`MAX_RELATIVES` relative clauses; ``second`` ends with that place as :func:`_where_clause` asks and
    has no relative clause or comma of its own ("Gmina Grunwald, where Ruiz, a company, has its seat, forms part of
    …" nests one parenthesis in another), and the clause's verb is not the main one
    (:meth:`~bengal.generate.lexicon.Lexicon.same_verb`: "Aomori Prefecture, where Roman Inc is situated, is situated
    in Japan"). News joins such facts so ("Tokyo, where the company has its head office,
    …"): a sentence of one made-up company's seat stood alone before, 146 of 389 sentences of ``bengal generate
    --like reuters128 --docs 100 --seed 0``, with 8.8 words against 15.9 for the others. The result keeps
    ``first``'s subject, predicate index and last clause; the entity pieces are the same objects, so the gold
    stays exact."""
    if first.subject is None or first.predicate != 1 or len(first.pieces) < 3 or first.pronoun is not None:
        return None
    place, verb = first.pieces[0], first.pieces[1]
    if (not isinstance(place, Entity) or place.uri != first.subject or not _names_a_place(place)
            or place.form_kind == "pronoun" or not isinstance(verb, str) or not verb.startswith(" ")):
        return None
    marks = _relative_marks(lex)
    if (_relatives_in(first.pieces, marks) >= MAX_RELATIVES
            or any(isinstance(p, str) and ("," in p or any(m in p for m in marks)) for p in second.pieces)):
        return None
    where = _where_clause(lex, second, place)
    if where is None or where[-1] != "." or not isinstance(where[-2], str):
        return None
    if lex.same_verb(where[-2], verb):
        return None  # "Aomori Prefecture, where Roman Inc is situated, is situated in Japan" (a new user's reading)
    clause = [*where[:-2], where[-2] + "," + verb]
    return first.with_pieces((place, *clause, *first.pieces[2:]))


def _ends_in_relative_clause(lex: Lexicon, pieces: Sequence[Piece]) -> bool:
    """Whether the text of ``pieces`` ends inside a relative clause: its last relative pronoun (``[meta]
    relative_person``, ``relative_thing``, ``relative_possessive``, ``relative_where``) has no comma after it."""
    text = "".join(p if isinstance(p, str) else p.surface for p in pieces)
    last = max((text.rfind(m) + len(m) for m in _relative_marks(lex) if m in text), default=-1)
    return last >= 0 and "," not in text[last:]


def coordinate(lex: Lexicon, first: Sentence, second: Sentence, about: Collection[str] = ()) -> Sentence | None:
    """Two sentences about related subjects as one, coordinated (``[meta] sentence_join``, ", and "):
    "Shane Embury is a member of Venomous Concept." + "The musician has worked with Anaal
    Nathrakh." → "Shane Embury is a member of Venomous Concept, and the musician has worked with
    Anaal Nathrakh.", or ``None``.

    Rule: the two share an entity (an entity piece or the subject of one is an entity piece or the
    subject of the other, or one of ``about``: URIs that ``second`` refers to by a description, such as the
    fact subject of a template that opens with its object, "Gloria Suarez was a key person at the bank";
    a walk's next step, a fact about an object just named), so the clauses are about one thing, and
    ``second`` neither opens with a name of ``first`` nor names again ``first``'s subject or the name it opens
    with ("Alexander appeared in X, and Aud Egede-Nissen was married to Alexander"; its description
    does: "X, a bank, operates from Makati, and Gloria Suarez was a key person at X" repeated the name, found
    by a new user's reading), unless ``second`` is about a made-up entity (``--emerging``) and names one
    of ``first`` again (a shared place alone makes no topic: "Paul Frees was born in Chicago, and the
    company Moreno-Welch is located in the city of Chicago"), or ``second`` is about an entity that ``first``
    names with a qualifier its objects restate ("… Memphis, Tennessee, and the city belongs to Tennessee":
    :func:`restates_qualifier`); ``first`` ends with its full stop and
    ``second`` opens with a name (an
    entity piece, kept as it is) or with a word of :data:`_OPENERS`, a definite article of the language
    (:meth:`~bengal.generate.lexicon.Lexicon.articles`: "el", "der") or a pronoun of the language's
    ``[pronouns]`` (then lower-cased: "the musician", "he", "el músico"); ``second`` is not a pronoun mention
    (its surface would have to change), nor, about ``first``'s subject, opens its predicate with ``first``'s verb
    (:func:`_opens_with_the_verb_of`: "Acme operates from Ulm, and the company operates in Spain"). The result keeps
    ``first``'s subject, so :func:`pronoun_resolves` still asks that no other entity of the whole sentence could take
    the pronoun; the entity pieces are the same objects, so the gold stays exact. A join without a comma (" y ",
    " et ") takes one where ``first`` ends inside a relative clause (:func:`_ends_in_relative_clause`: "…
    Motlanthe, que nació en Unión Sudafricana, y la sucesión …"). ``None`` for a language without
    ``sentence_join``.
    """
    join = str(lex.meta.get("sentence_join", ""))
    if not join or len(first.pieces) < 2 or not second.pieces:
        return None
    shared = coordinate_subjects(lex, first, second)
    if shared is not None:
        return shared
    if first.coordinated or second.coordinated or any(isinstance(p, str) and join in p
                                                      for p in first.pieces + second.pieces):
        return None  # one coordination a sentence ("A, and B, and C" runs on)
    same = _same_subject_predicates(lex, first, second)
    if same is not None:
        return same
    if first.subject is not None and second.subject == first.subject and _opens_with_the_verb_of(lex, first, second):
        return None  # "Acme operates from Ulm, and the company operates in Spain": two sentences read better
    named = _entity_uris(first)
    ours = named | ({first.subject} if first.subject else set())
    pieces_of_second = _entity_uris(second)
    opens_first = {first.subject} | ({first.pieces[0].uri} if isinstance(first.pieces[0], Entity) else set())
    if (isinstance(second.pieces[0], Entity) and second.pieces[0].uri in named) or opens_first & pieces_of_second:
        # "X is a member of Y, and X was born in Z" (aggregation's job); "X operates from Makati, and Gloria
        # Suarez was a key person at X": the first clause's subject by name again, where its description reads
        return None
    theirs = pieces_of_second | set(about) | ({second.subject} if second.subject else set())
    if not ours & theirs:
        return None
    after = second.pieces[second.predicate:]
    if second.subject is not None and any(
            isinstance(p, Entity) and p.uri == second.subject and restates_qualifier(p, after) for p in first.pieces):
        return None  # "… born in Memphis, Tennessee, and the city belongs to Tennessee.": the name said it
    opener = second.pieces[0]
    if is_emerging(second.subject or "") or (isinstance(opener, Entity) and is_emerging(opener.uri)):
        if any(isinstance(p, Entity) and p.uri in named for p in second.pieces[1:]):
            # a made-up entity's added fact (--emerging) shares a name, not a topic: "Paul Frees was born in
            # Chicago, and the company Moreno-Welch is located in the city of Chicago." stays two sentences, as
            # does one that opens with its made-up object ("Citroën C3 Picasso is made by the company Citroën,
            # and Miller-Hicks belongs to Citroën.")
            return None
    head = list(first.pieces)
    if _class_nouns_before_names(first.pieces) & _class_nouns_before_names(second.pieces):
        return None  # "The musician A …, and the musician B …": one noun twice (a copy editor's reading)
    if not (isinstance(head[-1], str) and head[-1].endswith(".")):
        return None
    head[-1] = head[-1][:-1]
    if not join.startswith(",") and _ends_in_relative_clause(lex, head):
        # the relative clause that ends the first is closed by a comma before the join ("Kgalema Motlanthe, que
        # nació en Unión Sudafricana, y la sucesión …"; English's ", and " closes it already)
        join = "," + join
    if isinstance(opener, Entity):
        if opener.form_kind == "pronoun":
            return None
        tail: list[Piece] = [join, *second.pieces]
    else:
        word = opener.split(" ", 1)[0]
        pronouns = {w for pair in lex.data.get("pronouns", {}).values() if isinstance(pair, list)
                    for w in pair if isinstance(w, str)}
        if word.lower() not in _OPENERS | pronouns | {a.lower() for a in lex.articles()}:
            return None
        tail = [join + opener[:1].lower() + opener[1:], *second.pieces[1:]]
    return _joined(first, second, head + tail)


def _joined(first: Sentence, second: Sentence, pieces: Sequence[Piece], coordinated: bool = False) -> Sentence:
    """``first`` and ``second`` as one sentence of ``pieces`` (adjacent strings merged, empty ones dropped): the
    first's subject, predicate, number and pronoun, both's clauses and paraphrases, the second's objects."""
    merged: list[Piece] = []
    for p in pieces:
        if isinstance(p, str) and merged and isinstance(merged[-1], str):
            merged[-1] += p
        elif p != "":
            merged.append(p)
    return Sentence(tuple(merged), first.fallback or second.fallback, first.subject, first.predicate,
                    first.clauses + second.clauses, second.n_objects, first.plural, first.pronoun,
                    tuple(sorted(set(first.paraphrase) | set(second.paraphrase))), coordinated)


def _opens_with_the_verb_of(lex: Lexicon, first: Sentence, second: Sentence) -> bool:
    """Whether ``second``'s predicate opens with the verb of ``first``'s (both plain text after their subjects:
    :meth:`~bengal.generate.lexicon.Lexicon.same_verb`)."""
    verb = first.pieces[first.predicate] if 0 < first.predicate < len(first.pieces) else None
    other = second.pieces[second.predicate] if 0 < second.predicate < len(second.pieces) else None
    return isinstance(verb, str) and isinstance(other, str) and lex.same_verb(verb, other)


def _same_subject_predicates(lex: Lexicon, first: Sentence, second: Sentence) -> Sentence | None:
    """Two sentences about one subject, the second opening with its description ("The company Vaughn operates from
    the country." + "The company owns Nguyen Group."), as one subject with two predicates ("The company Vaughn
    operates from the country and owns Nguyen Group."; ``[meta] clause_join``, or ``sentence_join`` where the first
    holds that word already: "… Mori, and was also headed by Junichiro Koizumi"), or ``None``.

    Rule: both are about the same subject, the first opens with it (a name, a description or a pronoun) and does not
    end inside a relative clause (the predicate would read as the clause's), the second opens with the subject's
    description alone before its predicate (``predicate`` 1, plain text opening with a space: not ", whose genre is
    …, " after the description), agrees in number with the first and does
    not open its predicate with the first's verb (:meth:`~bengal.generate.lexicon.Lexicon.same_verb`); the
    description is left out. Was "The company Vaughn operates from the country, and the company owns Nguyen Group."
    (40 of 1,885 sentences of ``--like reuters128`` and ``conllpp`` repeated their subject's description so: a copy
    editor's reading, twentieth session). ``None`` for a language without ``clause_join``.
    """
    clause_join = str(lex.meta.get("clause_join", ""))
    if (not clause_join or first.subject is None or second.subject != first.subject or first.predicate < 1
            or second.predicate != 1 or len(second.pieces) < 2 or not isinstance(second.pieces[0], str)
            or not isinstance(second.pieces[1], str) or not second.pieces[1].startswith(" ")
            or second.pronoun is not None or first.plural != second.plural):
        return None  # (a predicate that opens with ", whose genre is …, " is the description's clause, not the verb)
    head = list(first.pieces)
    if not (isinstance(head[-1], str) and head[-1].endswith(".")) or _ends_in_relative_clause(lex, head):
        return None
    if _opens_with_the_verb_of(lex, first, second):
        return None  # "The company Vaughn operates from the country and operates in Spain."
    head[-1] = head[-1][:-1]
    text = "".join(p for p in head if isinstance(p, str))
    join = str(lex.meta.get("sentence_join", clause_join)) if clause_join in text else clause_join
    among = str(lex.meta.get("among_others", ""))
    if among and isinstance(head[-1], str) and head[-1].endswith(among) and not join.startswith(","):
        join = "," + join  # "X has worked with A, among others, and once counted B among its members"
    return _joined(first, second, [*head, join.rstrip() + " " + second.pieces[1].lstrip(), *second.pieces[2:]],
                   coordinated=True)


def coordinate_subjects(lex: Lexicon, first: Sentence, second: Sentence) -> Sentence | None:
    """Two sentences that say the same of two subjects as one with a coordinated subject (Reiter and
    Dale's subject coordination): "Jessica Davis took part in the Prix Maurice de Gheest." + "François
    Boutin took part in the Prix Maurice de Gheest." → "Jessica Davis and François Boutin took part in
    the Prix Maurice de Gheest.", or ``None``; ``first`` may already be one ("Jessica Davis, François Boutin and
    Freddy Head took part in …": sym's incoming facts of one property, which read "A took part in X, and B took
    part in the horse race. C took part in X, and …" before).

    Rule (a language with ``[meta] sentence_join``): each sentence is one clause that opens with its subject's
    name (an entity piece, not a pronoun) and neither is plural, or ``first`` is a coordination made here; the
    verb is not followed by a word of ``[meta] singular_complement`` ("is a work of": "A and B are a work of C"
    would need the noun made plural too); a list of three or more holds no name with a comma ("Building Bridges,
    Ring on Her Finger, Time on Her Hands and Please Remember Me": one title or two?); the subjects differ; everything
    after the subject is the same (the same text, the same entities written the same) once ``second``'s verb
    is plural. The verb is made plural (:meth:`~bengal.generate.lexicon.Lexicon.plural_verb`: "stars" →
    "star", "was" → "were"; a past tense stays) and "its" becomes "their". The subjects are joined as a list
    (``[meta] list_separator``, ``list_last``, ``list_last_serial`` where a name holds "and"). The result has no
    single subject (``subject`` ``None``, ``plural``), so no pronoun or description refers back to it; the
    entity pieces are the same objects and the repeated ones are written once, so the gold stays exact."""
    if (not lex.meta.get("sentence_join") or not lex.data.get("pronouns", {}).get("plural_verbs")
            or second.predicate != 1 or second.clauses != 1 or second.plural
            or second.pronoun is not None or first.clauses != 1 or first.pronoun is not None):
        return None
    b = second.pieces[0]
    if not isinstance(b, Entity) or b.uri != second.subject or b.form_kind == "pronoun":
        return None
    other = second.pieces[1:]
    verb = other[0] if other else None
    if not isinstance(verb, str) or not verb.startswith(" ") or len(verb) < 2:
        return None
    words = verb.split()
    if len(words) > 1 and words[1] in lex.meta.get("singular_complement", ()):
        return None  # "A and B are a work of C"
    coordinated = _coordinated_subjects(lex, first)
    if coordinated is None:
        a = first.pieces[0]
        if (first.predicate != 1 or first.plural or not isinstance(a, Entity) or a.uri != first.subject
                or a.form_kind == "pronoun"):
            return None
        subjects, rest = [a], first.pieces[1:]
    else:
        subjects, rest = coordinated
    # asked of every candidate wording after a sentence (issue 15): the plural verb only where it is compared
    # (a coordination's rest is plural) or written
    want: Sequence[Piece] = other if coordinated is None else _plural_predicate(lex, other)
    if len(subjects) >= 2 and any(", " in e.surface for e in (*subjects, b)):
        return None  # "Building Bridges, Ring on Her Finger, Time on Her Hands and …": one title or two?
    if any(e.uri == b.uri for e in subjects) or len(rest) != len(want) or not all(
            x == y if isinstance(x, str) else isinstance(y, Entity) and (x.uri, x.surface) == (y.uri, y.surface)
            for x, y in zip(rest, want)):
        return None
    pieces: list[Piece] = []
    for sep, e in zip(lex.list_separators([e.surface for e in (*subjects, b)]), [*subjects, b]):
        pieces += [sep, e] if sep else [e]
    pieces += _plural_predicate(lex, other) if coordinated is None else rest
    return Sentence(tuple(pieces), first.fallback or second.fallback, None, 0, 1, first.n_objects, True, None,
                    tuple(sorted(set(first.paraphrase) | set(second.paraphrase))))


def _plural_predicate(lex: Lexicon, predicate: Sequence[Piece]) -> list[Piece]:
    """``predicate`` (the pieces after a subject, opening with its verb) for a plural subject: the verb made
    plural (:meth:`~bengal.generate.lexicon.Lexicon.plural_verb`) and "its" made "their"."""
    verb, *rest = predicate
    assert isinstance(verb, str)
    return [p.replace(" its ", " their ") if isinstance(p, str) else p
            for p in (" " + lex.plural_verb(verb[1:]), *rest)]


def _coordinated_subjects(lex: Lexicon, sentence: Sentence) -> tuple[list[Entity], tuple[Piece, ...]] | None:
    """The subjects and the rest of a sentence :func:`coordinate_subjects` made (the only sentences without a
    subject that take a plural verb), else ``None``."""
    if sentence.subject is not None or not sentence.plural or sentence.clauses != 1:
        return None
    seps = lex.list_joins
    pieces = sentence.pieces
    subjects: list[Entity] = []
    i = 0
    while i < len(pieces):
        p = pieces[i]
        if not isinstance(p, Entity):
            return None
        subjects.append(p)
        if i + 2 < len(pieces) and pieces[i + 1] in seps and isinstance(pieces[i + 2], Entity):
            i += 2
            continue
        break
    return (subjects, pieces[i + 1:]) if len(subjects) >= 2 else None


#: Sentence-opening words of a plain-text subject that :func:`coordinate` writes in lower case after
#: the join (a description "The musician …", "The language of X …"); any other opening word is refused.
_OPENERS = frozenset({"the"})


def tense_of(template: str, objects: Sequence[Entity], subject_past: bool, past: set[str]) -> bool:
    """Whether a fact's ``template`` is written in the past tense: by its grammatical subject. A
    template that opens with its objects ("{o} is a member of {s}", "{o} is a child of {s}") is about
    them: past when there are objects and every one is in ``past``; any other template takes its
    subject's tense (``subject_past``)."""
    if template.startswith("{o}"):
        return bool(objects) and all(o.uri in past for o in objects)
    return subject_past


def type_noun_phrase(lex: Lexicon, onto: Ontology, subject: Entity, demonym: str | None = None) -> str | None:
    """The opening type sentence's class noun with its indefinite article ("an Australian musician"),
    the demonym written as :func:`bengal.generate.verbalise.type_sentence` writes it; ``None`` for an
    untyped subject, a vague noun ("person") or a language without ``[meta] type_apposition`` (the
    only place it is written: :func:`type_apposition`, :func:`fold_opening`)."""
    noun = class_noun(lex, onto, subject)
    if not noun or noun in lex.meta.get("apposition_vague", ()) or not lex.meta.get("type_apposition"):
        return None  # also a language whose lexicon writes none (the type stays a sentence)
    if _leading(lex):  # "Der Politiker X …": the definite article; no demonym (its ending would follow the article)
        return f"{lex.definite(noun, subject.gender)}{noun}"
    if demonym:  # as the type sentence writes it: "Australian musician", "músico australiano"
        noun = lex.noun_with_demonym(noun, demonym, subject.gender)
    return f"{lex.article(noun, subject.gender)} {noun}"


def _leading(lex: Lexicon) -> bool:
    """Whether the language's folded type opens the sentence before the name (``[meta] type_apposition``
    holds ``{s}``: German and French, "Der Politiker Winston Churchill folgte auf …", where ", ein Politiker,"
    reads as stilted) rather than following it as an apposition."""
    return "{s}" in str(lex.meta.get("type_apposition", ""))


def type_apposition(lex: Lexicon, onto: Ontology, subject: Entity, demonym: str | None = None) -> str | None:
    """The opening type sentence's class noun as an apposition (``[meta] type_apposition``: ", an
    Australian musician,"), the noun phrase of :func:`type_noun_phrase`; ``None`` where that is
    ``None``."""
    return type_apposition_of(lex, type_noun_phrase(lex, onto, subject, demonym))


def type_apposition_of(lex: Lexicon, noun_phrase: str | None) -> str | None:
    """``[meta] type_apposition`` (", {a} {class},") around ``noun_phrase`` (:func:`type_noun_phrase`, "a
    city"), or ``None`` for ``None``."""
    if noun_phrase is None:
        return None
    if _leading(lex):
        return str(lex.meta["type_apposition"]).replace("{the}{class}", noun_phrase)
    return str(lex.meta["type_apposition"]).replace("{a} {class}", noun_phrase)


def fold_opening(lex: Lexicon, sentences: Sequence[Sentence], subject: str, phrase: str,
                 noun_phrase: str | None = None, place: bool = False) -> list[Sentence] | None:
    """The document's first sentence with ``phrase`` (:func:`type_apposition`) after its opening
    subject ("Virgil Donati, an Australian musician, has worked with CAB."), or ``None`` when the
    first sentence does not open with ``subject``'s name followed by its predicate (a description,
    a pronoun, "The band X …", or an apposition already there, such as the one of
    :meth:`bengal.generate.paraphrase.Paraphraser.apposition`): then the type stays a sentence.
    The entity pieces are unchanged, so the gold stays exact. Before a relative clause the
    clause restricts the apposition's noun, with no comma between them ("X, a band whose genre is
    rock, recorded …"; was "X, a band, whose genre is rock, recorded …", found by a new user's reading).
    A ``phrase`` holding ``{s}`` (German and French, :func:`_leading`: "der Politiker {s}") goes before the name
    instead: "Der Politiker Winston Churchill folgte auf …" (the entity piece one further on, ``predicate`` too).
    Given ``noun_phrase`` (:func:`type_noun_phrase`, "a city"), a first fact that places its subject
    (:func:`~bengal.generate.verbalise.type_with_place`; ``place``: the subject is a place) takes the
    type as its complement instead: "Conneaut is a city in Ashtabula County.", not "Conneaut, a city, is
    part of Ashtabula County.". ``None`` too where the sentence introduces a name by the phrase's noun
    (:func:`_class_nouns_before_names`: "Ya Boy, a musician, joined forces with the musician San Quinn", a
    copy editor's reading, fourteenth session)."""
    if not sentences:
        return None
    first = sentences[0]
    name = first.pieces[0] if first.pieces else None
    rest = first.pieces[1] if len(first.pieces) > 1 else None
    if (not isinstance(name, Entity) or name.uri != subject or name.form_kind == "pronoun"
            or first.predicate != 1 or not isinstance(rest, str) or "apposition" in first.paraphrase):
        return None  # (a paraphrased apposition there: "Ipswich, a city a city, is part of Suffolk" before)
    said = phrase.split("{s}", 1)[0].strip(" ,")
    if any(said == noun or said.endswith(" " + noun) for noun in _class_nouns_before_names(first.pieces)):
        return None  # "Ya Boy, a musician, joined forces with the musician San Quinn": one noun twice
    if rest.startswith((", a ", ", an ")):
        # a genre's apposition says the type already (modifier_apposition: "X, a death metal musician, worked with
        # …"); the type's demonym joins it ("X, an Australian death metal musician, …"): the longest end of the
        # type's noun phrase that the apposition ends with is its noun, the words between it and the article the
        # demonym ("an American record label": "record label", "American")
        words = (noun_phrase or said).split()
        head = next((k for k in range(len(words) - 1, 0, -1) if f" {' '.join(words[-k:])}, " in rest), None)
        demonym = " ".join(words[1:len(words) - head]) if head is not None else ""
        if not demonym:
            return list(sentences)
        modified = rest.split(" ", 2)[2]  # "death metal musician, worked with …"
        merged = (name, f", {lex.article(demonym)} {demonym} {modified}", *first.pieces[2:])
        return [Sentence(merged, first.fallback, first.subject, first.predicate, first.clauses, first.n_objects,
                         first.plural, first.pronoun, first.paraphrase), *sentences[1:]]
    if "{s}" in phrase:  # the type before the name (_leading): "Der Politiker Winston Churchill folgte auf …"
        opening = phrase.split("{s}", 1)[0]
        pieces: tuple[Piece, ...] = (opening[:1].upper() + opening[1:], *first.pieces)
        folded = Sentence(tuple(realise_pieces(lex, pieces)), first.fallback, first.subject, first.predicate + 1,
                          first.clauses, first.n_objects, first.plural, first.pronoun, first.paraphrase)
        return [folded, *sentences[1:]]
    placing = type_with_place(lex, rest, noun_phrase, place) if noun_phrase is not None else None
    if placing is not None:
        joined = placing
    elif rest.startswith(" "):
        joined = phrase + rest
    elif rest.startswith(", ") and phrase.endswith(","):  # before a relative clause: "X, a band whose …"
        joined = phrase[:-1] + " " + rest[2:]
    else:
        return None
    pieces = (name, joined, *first.pieces[2:])
    folded = Sentence(tuple(realise_pieces(lex, pieces)), first.fallback, first.subject, first.predicate,
                      first.clauses, first.n_objects, first.plural, first.pronoun, first.paraphrase)
    return [folded, *sentences[1:]]


def microplan(lex: Lexicon, onto: Ontology, plan: Sequence[Sequence[Unit]], target: float,
              opening: Sentence | None, past: set[str],
              forms: Callable[[Entity, bool], Entity | None] | None = None,
              genders: dict[str, Gender] | None = None, annotate_pronouns: bool = False,
              paraphraser: Paraphraser | None = None,
              persons: set[str] | None = None, keep_opening: bool = False,
              chain_length: float | None = None, object_tense: bool = False,
              unsure: frozenset[str] = frozenset(), abridge: bool = False,
              lifespans: Mapping[str, Lifespan] | None = None,
              split: Callable[[Sentence, frozenset[str]], Sequence[Sentence]] | None = None,
              vary: str | None = None, describe_named: bool = False,
              demonyms: Mapping[str, Demonym] | None = None) -> list[Sentence]:
    """The sentences of a document plan, worded so that the density meets ``target``.

    For each planned sentence the candidates are: the template variants of its first fact (the others
    take their main template), the subject named, described (when :func:`description_allowed`) or a
    pronoun (with ``genders``, when :func:`pronoun_resolves`), an apposition before the first fact's
    single sentence-final object and before a subject not yet named ("The band Pulley …"), with
    ``forms`` the other surface forms, with ``paraphraser`` a synonym or subject apposition variant.
    Candidates whose text was written earlier in the document, or whose subject's written qualifier an
    object restates ("St. Johns, Michigan lies in Michigan.": :func:`restates_qualifier`), are refused; the
    one whose document
    density so far lands closest to ``target`` (mentions per token) wins, ties the first. A planned
    sentence with no candidate (every wording a repeat, or facts that cannot share a sentence) is split
    into one sentence per fact. The opening type sentence is kept unless leaving it out lands closer to
    the target (always kept with ``keep_opening``: the document's sentence count counts it). Facts about
    a subject in ``past`` are in the past tense; with ``object_tense``, a template whose grammatical
    subject is the fact's object ("{o} is a member of {s}") takes the tense of its objects instead (past
    when every object is in ``past``; :func:`tense_of`); a subject in ``unsure`` (in ``past`` too: a
    person who may be alive or dead) keeps the template's tense where the template holds either way
    (:meth:`~bengal.generate.lexicon.Lexicon.holds_either_way`). With ``chain_length`` (tokens a
    sentence, ``--sentence-length`` other than ``short``), a sentence about the last object of the
    sentence before it is joined onto that one as a relative clause (:func:`chain`) while the sentence
    before has fewer than ``chain_length`` tokens and the joined one at most twice that; failing that, a
    sentence that shares an entity with the one before is coordinated with it (:func:`coordinate`) when
    the joined one has at most 1.5 times ``chain_length`` tokens; the density is then measured on the
    joined sentence, and the joined wording is written unless one that is not lands closer to the target by
    more than :data:`CHAIN_MARGIN` (a dense target: "X, who played for Y" names X once, "X played for Y"
    after a full stop twice). With ``abridge`` (``--mentions named``; BENGAL's presets keep their text), one list
    fact of a sentence may also be written by its first object "among others" (:func:`abridge_list`).
    With ``lifespans`` (``{person URI: (birth phrase, death phrase)}``), a sentence that ends with such a
    person may say their dates in a relative clause (:func:`lifespan_clause`), once a document. ``split``
    rewrites every candidate before it is weighed (the names of qualified places as two mentions,
    :func:`bengal.generate.surface.split_qualified`), so that the density counts what will be written;
    it is given the URIs the document named before and may give further wordings (the head alone of a place
    named before), each weighed as a candidate that wins over the first only by more than a small margin.
    With ``vary`` (a key that fixes a document's choices), the wording is drawn among those within
    :data:`VARY_WITHIN` of the best (:func:`_varied`), so that one fact is
    not said in the same words in every document that says it. With ``describe_named`` (``--mentions
    named`` at every sentence length), an object the document named before may be written as "the NOUN"
    of its class (:func:`describe_objects`), one more candidate with fewer names. An object takes its
    class before its name ("the club FC A") on its first mention only; with ``demonyms`` (``{URI:
    Demonym}``) an entity there takes its country adjective in that apposition too ("the British band Pulley",
    :func:`~bengal.generate.verbalise.apposition_phrase`), as does the paraphraser's apposition after a subject
    ("Ruiz, a Polish company, has its seat in Gmina Poniec"), unless the sentence, the one before or one of the
    two planned after it (either may be joined onto it) names a place the adjective says
    (:class:`~bengal.generate.verbalise.Demonym`).

    Returns:
        the sentences in order, each passed through
        :func:`bengal.generate.realise.realise_pieces`.
    """
    persons = persons or set()

    def is_person(e: Entity) -> bool:
        return any(c in persons for c in e.classes) or DBO + "Person" in e.classes

    plans = []
    memo: dict[tuple, list[_Candidate]] = {}  # the candidates, shared by the two runs
    for first in ([opening], []) if opening is not None else ([],):
        out = _plan_once(lex, onto, plan, target, list(first), past, forms, genders, annotate_pronouns,
                         paraphraser, is_person, chain_length, object_tense, unsure, abridge, lifespans, split,
                         vary, describe_named, memo, demonyms)
        plans.append((abs(density_of(lex, out) - target), out))
        if len(plan) < 2 or keep_opening:
            break
    best = min(plans, key=lambda p: p[0])[1]
    return [Sentence(tuple(realise_pieces(lex, s.pieces)), s.fallback, s.subject, s.predicate, s.clauses, s.n_objects,
                     s.plural, s.pronoun, s.paraphrase) for s in best]


def density_of(lex: Lexicon, sentences: Sequence[Sentence]) -> float:
    """Mentions per token of ``sentences`` (tokens of the language's spaCy tokenizer,
    :func:`bengal.generate.density.count_tokens`): the figure the density target is weighed against; 0 for no
    sentence."""
    tokens = sum(count_tokens(sentence_text(s), lex.lang) for s in sentences) or 1
    return sum(s.mention_count for s in sentences) / tokens


#: A subject coordination (:func:`coordinate_subjects`: "A, B and C competed in X.") wins over another
#: wording of the same sentence unless that lands closer to the density target by more than this: it is
#: fewer tokens for the same names, so the density alone preferred "A and B competed in X, and C took part in
#: the horse race." (the object described rather than coordinated).
COORDINATED_SUBJECTS_BONUS = 0.02

#: A sentence joined onto the one before (:func:`chain`, :func:`coordinate`) is written unless a wording
#: that is not lands closer to the density target by more than this (mentions per token of the document
#: so far): sentences of the length first, the density where it asks for much more.
CHAIN_MARGIN = 0.03

#: With ``vary``: the wordings whose density gap is at most this much larger than the best one's are
#: drawn among (mentions per token of the document so far; the later sentences make up the difference,
#: as they do for every choice).
VARY_WITHIN = 0.02


def _varied(best: tuple[float, Sentence, int, int, bool], weighed: Sequence[tuple[float, Sentence, int, int, bool]],
            key: str) -> tuple[float, Sentence, int, int, bool]:
    """One of the ``weighed`` wordings that continue the sentence before as ``best`` does (or not), name
    the same entities in the same forms and order with the same pronoun (only the words between them
    differ: a name is never traded for a pronoun or a description here) and whose gap is within
    :data:`VARY_WITHIN` of ``best``'s, drawn by a hash of ``key`` (the same document and sentence, the
    same draw; distinct texts once each, in the order weighed)."""
    def names(s: Sentence) -> tuple[object, ...]:
        return (s.pronoun, *((p.uri, p.surface) for p in s.pieces if isinstance(p, Entity)))

    chosen = best[1]
    same = names(chosen)
    count = chosen.mention_count  # a wording of another count names other entities: no names() needed
    near: list[tuple[float, Sentence, int, int, bool]] = []
    seen: set[str] = set()
    for w in weighed:
        s = w[1]
        if (w[4] == best[4] and w[0] <= best[0] + VARY_WITHIN and s.text not in seen
                and (s is chosen or (s.mention_count == count and names(s) == same))):
            seen.add(s.text)
            near.append(w)
    if len(near) < 2:
        return best
    return near[drawn(len(near), key)]


#: Properties of what comes last in a life: a person's facts of one sentence say them after the others ("saw action
#: in the American Civil War and died in Norwalk"; "died in … and saw action in …" was written: a copy editor's
#: reading, fourteenth session).
LAST_IN_LIFE = frozenset({"deathPlace", "deathDate", "deathCause", "restingPlace", "placeOfBurial"})

#: ... and of what comes first: a person's birth is said before the sentence's other facts ("was born in Hawaii and
#: received the Nobel Peace Prize"; "… and was born in/on" was written 103 times in 5,000 documents of the default set,
#: none after, matched as words: a copy editor's reading, fifteenth session).
FIRST_IN_LIFE = frozenset({"birthPlace", "birthDate"})


def _life_order(prop: str) -> int:
    """A fact's place in a sentence about a person: 0 birth (:data:`FIRST_IN_LIFE`), 2 death and burial
    (:data:`LAST_IN_LIFE`), 1 the rest."""
    name = local_name(prop)
    return 0 if name in FIRST_IN_LIFE else 2 if name in LAST_IN_LIFE else 1


#: With ``vary``: at most this many template variants of a planned sentence's first fact are weighed
#: (its main one and others drawn by the document's key): a template of many wordings would otherwise
#: multiply the candidates a sentence writes and counts (issue 15), while every wording still reaches
#: some documents.
MAX_WEIGHED_VARIANTS = 3


def _weighed_variants(variants: Sequence[str], vary: str | None, sentence: int,
                      also: int | None = None) -> list[tuple[int, str]]:
    """``(index, template)`` of the variants :func:`_plan_once` weighs for a planned sentence's first
    fact: all of them without ``vary``; with it, the main one and up to :data:`MAX_WEIGHED_VARIANTS` − 1
    others drawn by a hash of ``vary`` and the sentence's index (the same document, the same draw), and the
    variant ``also`` (the one the sentence before said its like fact in: :func:`_variant_said_before`), in
    index order."""
    if vary is None or len(variants) <= MAX_WEIGHED_VARIANTS:
        return list(enumerate(variants))
    rest = list(range(1, len(variants)))
    picked = {0}
    for k in range(MAX_WEIGHED_VARIANTS - 1):
        picked.add(rest.pop(drawn(len(rest), f"{vary}|{sentence}|variant|{k}")))
    if also is not None:
        picked.add(also)
    return [(v, variants[v]) for v in sorted(picked)]


def _variant_said_before(lex: Lexicon, variants: Sequence[str], previous: Sentence | None, head: Unit) -> int | None:
    """The index of the variant of ``head``'s fact that ``previous`` said its own fact in, where both have one
    object, the same ("Sakura Gakuin released records on Toy's Factory." before John Zorn's label Toy's
    Factory: "released records on"), so that the two can be one sentence with coordinated subjects
    (:func:`coordinate_subjects`: "Sakura Gakuin and John Zorn released records on Toy's Factory."; sym's hub
    facts were written "…, and John Zorn recorded for the label Toy's Factory", 246 such pairs in 1,000
    ``--strategy sym`` documents, seed 3); ``None`` when there is none. ``previous`` is one clause that opens
    with a name and ends with that object; its verb phrase opens with the variant's words between ``{s}`` and
    ``{o}``, in the present or the past (:meth:`~bengal.generate.lexicon.Lexicon.past`)."""
    if (previous is None or len(head.objects) != 1 or previous.clauses != 1 or previous.predicate != 1
            or len(previous.pieces) < 4 or previous.pieces[-1] != "."):
        return None
    last, verb = previous.pieces[-2], previous.pieces[1]
    if not (isinstance(last, Entity) and last.uri == head.objects[0].uri and isinstance(verb, str)):
        return None
    for k, template in enumerate(variants):
        for t in (template, lex.past(template)):
            if t.startswith("{s} ") and t.endswith(" {o}.") and t.count("{") == 2:
                middle = t[3:-4].rstrip()
                if verb.rstrip() == middle or verb.startswith(middle + " "):
                    return k
    return None


def _opens(lex: Lexicon, onto: Ontology, u: Unit) -> bool:
    """Whether the unit's main template opens with its subject ("{s} …")."""
    templates = fact_templates(lex, onto, u.prop, u.subject, len(u.objects))
    return bool(templates) and templates[0].startswith("{s} ")


def _possessive_variant(templates: Sequence[str], draw: str | None = None) -> int | None:
    """The index of the first template that opens with the subject's possessive ("{s}'s …"); with
    ``draw`` (a key, :func:`drawn`), one of those templates drawn by it."""
    found = [k for k, t in enumerate(templates) if t.startswith("{s}'s ")]
    if not found:
        return None
    return found[drawn(len(found), draw)] if draw is not None else found[0]


def drawn(n: int, key: str) -> int:
    """An index below ``n`` drawn by a hash of ``key`` (the same key, the same draw): the first 8 hex digits of
    its SHA-256 modulo ``n``. Every per-document choice of the generator draws with it (a wording, a surface
    form), so a choice depends on its key and nothing else."""
    return _key_hash(key) % n


@lru_cache(maxsize=16384)
def _key_hash(key: str) -> int:
    """The first 8 hex digits of the SHA-256 of ``key`` as a number (:func:`drawn`), kept for the keys met
    lately: the two runs of :func:`microplan` draw with the same keys."""
    return int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:4], "big")  # its first 8 hex digits


def _clause_variant(templates: Sequence[str], draw: str | None) -> int:
    """The variant a fact after a sentence's first is written with (:func:`_other_clauses`): its main
    template, or with ``draw`` (a key, ``vary``) one drawn among the variants that open as the main one
    does ("{s} …": the ones :func:`aggregate` can join), so that a fact said in the second clause of a
    sentence is not said in the same words in every document either."""
    if draw is None or len(templates) < 2:
        return 0
    head = templates[0].startswith("{s} ")
    same = [k for k, t in enumerate(templates) if t.startswith("{s} ") == head]
    return same[drawn(len(same), draw)]


def whose_clause(lex: Lexicon, sentence: Sentence, owner: Sentence, noun: str | None = None) -> Sentence | None:
    """``owner`` ("X's genre is blues.") as a relative clause after the subject of ``sentence``
    ("X recorded for Sub Pop." → "X, whose genre is blues, recorded for Sub Pop."), or ``None``
    when ``sentence`` does not open with the same subject followed by its predicate (a pronoun takes no clause),
    already has a relative clause, or the language has no ``[meta] relative_possessive``. The entity pieces are
    the same objects, so the gold stays exact. Given the subject's class ``noun``, an owner that
    :func:`modifier_apposition` can write as an apposition is written so instead ("X, a blues
    musician, recorded for Sub Pop.")."""
    whose = str(lex.meta.get("relative_possessive", ""))
    if (not whose or sentence.subject is None or not sentence.predicate or sentence.plural
            or sentence.pronoun is not None):  # "He, whose music is rooted in jam band, worked with …" is no English
        return None
    marks = [m for m in (lex.relative(True), lex.relative(False), whose) if m]
    if any(isinstance(p, str) and any(m in p for m in marks) for p in sentence.pieces):
        return None
    if noun is not None:
        modified = modifier_apposition(lex, sentence, owner, noun)
        if modified is not None:
            return modified
    if len(owner.pieces) < 2 or not (isinstance(owner.pieces[0], Entity) and owner.pieces[0].uri == sentence.subject):
        return None
    clause = list(owner.pieces[1:])
    tail, end = clause[0], clause[-1]
    if not (isinstance(tail, str) and tail.startswith("'s ") and isinstance(end, str) and end.endswith(".")):
        return None
    clause[0] = whose + tail[3:]
    clause[-1] = str(clause[-1])[:-1]
    rest = sentence.pieces[sentence.predicate]
    if not isinstance(rest, str) or not rest.startswith(" "):
        return None
    if isinstance(clause[-1], str):
        clause[-1] += "," + rest
    pieces = (*sentence.pieces[:sentence.predicate], *(p for p in clause if p != ""),
              *sentence.pieces[sentence.predicate + 1:])
    return Sentence(pieces, sentence.fallback or owner.fallback, sentence.subject, sentence.predicate,
                    sentence.clauses + 1, sentence.n_objects, False, sentence.pronoun,
                    tuple(sorted(set(sentence.paraphrase) | set(owner.paraphrase))))


def modifier_apposition(lex: Lexicon, sentence: Sentence, owner: Sentence, noun: str) -> Sentence | None:
    """``owner``, a possessive wording of ``[meta] modifier_possessives`` with its objects written as text ("X's
    style is death metal.", "X's genres are funk and jazz."), as the modifier of the subject's class ``noun`` in an
    apposition after the subject's name ("X worked with Y." → "X, a death metal musician, worked with Y."; "X, a
    funk and jazz musician, …"), the endings of ``[meta] modifier_drop`` left off ("dance music" → "a dance
    musician") and the article by the modifier's sound (:meth:`~bengal.generate.lexicon.Lexicon.article`: "an
    ambient musician"); or ``None`` where news would not write it so: the owner is another wording, names more
    than two objects or an object as a mention (a concept is plain text under ``--mentions named``; B1-B10's
    concepts are names), ``noun`` is vague (``[meta] apposition_vague``), or ``sentence`` does not open with the
    subject's name (a description, a pronoun) right before its predicate. After the subject's apposition ("The
    musician X", "The American musician X") the modifier goes before the noun: "The jazz musician X performed
    with …". The entity pieces are the same objects, so the gold stays exact.

    Source: news and Wikipedia's appositions ("the jazz pianist X"); the stock "whose style is" that a copy
    editor's reading marked (fifteenth session)."""
    tails = lex.meta.get("modifier_possessives", ())
    if not tails or noun in lex.meta.get("apposition_vague", ()) or sentence.predicate not in (1, 2):
        return None
    lead = sentence.pieces[0] if sentence.predicate == 2 else ""  # "The musician " of "The musician X"
    name, rest = sentence.pieces[sentence.predicate - 1], sentence.pieces[sentence.predicate]
    if (not isinstance(name, Entity) or name.uri != sentence.subject or name.form_kind == "pronoun"
            or not isinstance(rest, str) or not rest.startswith(" ")
            or not isinstance(lead, str) or not (lead == "" or lead.endswith(f" {noun} "))):
        return None
    if len(owner.pieces) != 2 or not isinstance(owner.pieces[0], Entity) or owner.pieces[0].uri != sentence.subject:
        return None
    said = owner.pieces[1]
    tail = next((t for t in tails if isinstance(said, str) and said.startswith(t) and said.endswith(".")), None)
    if tail is None:
        return None
    modifier = str(said)[len(tail):-1]
    if ", " in modifier or modifier.count(" and ") > 1:
        return None  # three objects or more ("funk, soul and jazz")
    kept = tuple(lex.meta.get("modifier_keep", ()))
    for ending in lex.meta.get("modifier_drop", ()):
        modifier = " and ".join(m[:-len(ending)] if m.endswith(ending) and len(m) > len(ending) and m not in kept
                                else m for m in modifier.split(" and "))
    if lead:  # before the name: "The jazz musician Stan Levey performed with …"
        pieces: tuple[Piece, ...] = (f"{lead[:-len(noun) - 1]}{modifier} {noun} ", name, *sentence.pieces[2:])
    else:
        pieces = (name, f", {lex.article(modifier)} {modifier} {noun}," + rest, *sentence.pieces[2:])
    return Sentence(pieces, sentence.fallback or owner.fallback, sentence.subject, sentence.predicate,
                    sentence.clauses + 1, sentence.n_objects, False, sentence.pronoun,
                    tuple(sorted(set(sentence.paraphrase) | set(owner.paraphrase))))


def _split(lex: Lexicon, onto: Ontology, group: Sequence[Unit]) -> list[list[Unit]]:
    """A planned sentence whose facts could not share one, cut so that the facts whose main
    template opens with the subject ("{s} …", the ones :func:`aggregate` can join) stay together
    and each other fact ("X's genre is Y.") is a sentence of its own; when that leaves the group as
    it was, the first fact is cut off (and the rest tried again)."""
    # (a fact's other leaders, "also led", never before the titled ones they follow: Unit.office)
    opens = [_opens(lex, onto, u) and u.office != BESIDES_OFFICE for u in group]
    joinable = [u for u, o in zip(group, opens) if o]
    if 2 <= len(joinable) < len(group):
        return [joinable] + [[u] for u, o in zip(group, opens) if not o]
    return [list(group[:1]), list(group[1:])]


def _other_clauses(lex: Lexicon, onto: Ontology, group: Sequence[Unit], abridged_at: int | None,
                   past_of: Callable[[str, Sequence[Entity]], bool],
                   whose: bool, draw: str | None = None) -> tuple[list[Sentence], Sentence | None] | None:
    """The clauses of a planned sentence's facts after its first, each by its main template (the one
    at ``abridged_at`` by :func:`abridge_list` when it can be), and with ``whose`` (``chain_length``) the
    first fact whose template opens with the subject's possessive as the owner of a "whose" clause
    (:func:`whose_clause`), not a clause; ``None`` when a fact has no template for its objects. The
    same for every wording of the first fact, so the microplanner writes them once a sentence. With
    ``draw`` (a key that fixes the sentence's choices), each fact's variant is drawn by it
    (:func:`_clause_variant`, :func:`_possessive_variant`) instead of the main one."""
    clauses: list[Sentence] = []
    owner: Sentence | None = None  # with chain_length: one "X's genre is Y" as "whose"
    subject = group[0].subject
    for k, u in enumerate(group[1:], 1):
        templates = fact_templates(lex, onto, u.prop, subject, len(u.objects))
        if not templates:
            return None
        pick = None if draw is None else f"{draw}|{k}"
        pv = _possessive_variant(templates, pick) if whose else None
        if owner is None and pv is not None and not templates[0].startswith("{s} "):
            owner = fact_sentence(lex, onto, u.prop, subject, u.objects,
                                  past=past_of(templates[pv], u.objects), variant=pv, date=u.date, office=u.office)
            continue
        clause = None
        short = abridged_template(lex, onto, u) if abridged_at == k else None
        if short is not None:
            clause = abridge_list(lex, fact_sentence(
                lex, onto, u.prop, subject, u.objects[:1], past=past_of(short, u.objects[:1]),
                date=u.date, template=short, office=u.office), short)
        v = _clause_variant(templates, pick) if u.date is None else 0
        clauses.append(clause or fact_sentence(lex, onto, u.prop, subject, u.objects, variant=v,
                                               past=past_of(templates[v], u.objects), date=u.date,
                                               office=u.office))
    return clauses, owner


#: A candidate wording of a planned sentence as :func:`_plan_once` keeps it for weighing: ``(sentence, bonus
#: (mentions per token taken off its density gap), its text, whether it restates its subject's qualifier
#: (:func:`_says_its_qualifier`: never written), its mentions, its tokens (0 when it restates))``, worked out
#: once for the runs of one :func:`microplan` call.
_Candidate = tuple[Sentence, float, str, bool, int, int]


def _weighable(lex: Lexicon, sentence: Sentence, bonus: float) -> _Candidate:
    """``sentence`` with its ``bonus`` and what weighing it reads, as :data:`_Candidate` gives them."""
    restated = _says_its_qualifier(sentence)
    return (sentence, bonus, sentence.text, restated, sentence.mention_count,
            0 if restated else count_tokens(sentence.text, lex.lang))


#: Words that may follow an object described as "the NOUN" (a clause or phrase goes on); any other word
#: after a name is a noun it modifies ("the BBC network"): :func:`_modifies`.
_AFTER_OBJECT = frozenset({"and", "or", "in", "on", "at", "from", "since", "until", "with", "by", "for", "as",
                           "among", "which", "where", "who", "whose", "before", "after", "during", "to", "of"})


def _modifies(before: str, after: str) -> bool:
    """Whether the texts around a name make the name a modifier of a noun ("the BBC network."): ``before``
    ends with "the " and ``after`` opens with a space and a word not in :data:`_AFTER_OBJECT` (a name that
    opens a clause, ", where Acme has its headquarters", is no modifier)."""
    if not (after.startswith(" ") and before.lower().endswith("the ")):
        return False
    word = after[1:].split(" ", 1)[0].rstrip(".,;")
    return word.lower() not in _AFTER_OBJECT


def _opens_with_its_object(sentence: Sentence) -> bool:
    """Whether a sentence that does not open with its subject opens with a name and ends with a name and its
    full stop ("Gloria Suarez was a key person at Acme."): the shape of a template that opens with its object."""
    p = sentence.pieces
    return (len(p) >= 3 and isinstance(p[0], Entity) and p[0].form_kind != "pronoun"
            and isinstance(p[-2], Entity) and p[-1] == ".")


def _type_is_complement(lex: Lexicon, template: str, noun: str | None, place: bool) -> bool:
    """Whether a template that opens with its subject ("{s} lies in {o}.") places it so that its class
    ``noun`` can be the fact's complement (:func:`~bengal.generate.verbalise.type_with_place`, "Wausau is a
    city in Marathon County."; ``place``: the subject is a place). Where the paraphraser writes that wording,
    :func:`_plan_once` offers no subject apposition of the same fact ("The city of Wausau lies in Marathon
    County."): it says the class as a filler before the name and won the weighing by its one more token at a
    low density (``--like rss500``), so the documents lost the name that opens them, as names open news
    sentences (and the capitalisation rule of ``benchmarks/bench_validity.py``, blind to a sentence's first
    name before a lower-case word, rose above spaCy's small pipeline)."""
    if not noun or noun in lex.meta.get("apposition_vague", ()):
        return False
    return type_with_place(lex, template[len("{s}"):], f"{lex.article(noun)} {noun}", place) is not None


def _entity_uris(sentence: Sentence) -> set[str]:
    """The URIs of the sentence's entity pieces."""
    return {p.uri for p in sentence.pieces if isinstance(p, Entity)}


def _names_again(sentence: Sentence, named: Collection[str]) -> bool:
    """Whether an entity piece after the sentence's predicate is one of ``named`` (URIs): the only pieces
    :func:`describe_objects` may describe (it returns ``None`` for a sentence without one)."""
    pieces = sentence.pieces
    for j in range(len(pieces) - 1, sentence.predicate, -1):
        p = pieces[j]
        if isinstance(p, Entity) and p.uri in named:
            return True
    return False


def _plan_once(lex: Lexicon, onto: Ontology, plan: Sequence[Sequence[Unit]], target: float,
               sentences: list[Sentence], past: set[str], forms: Callable[[Entity, bool], Entity | None] | None,
               genders: dict[str, Gender] | None, annotate_pronouns: bool, paraphraser: Paraphraser | None,
               is_person: Callable[[Entity], bool], chain_length: float | None = None,
               object_tense: bool = False, unsure: frozenset[str] = frozenset(),
               abridge: bool = False, lifespans: Mapping[str, Lifespan] | None = None,
               split: Callable[[Sentence, frozenset[str]], Sequence[Sentence]] | None = None,
               vary: str | None = None, describe: bool = False,
               memo: dict[tuple, list[_Candidate]] | None = None,
               demonyms: Mapping[str, Demonym] | None = None) -> list[Sentence]:
    """One run of :func:`microplan` over ``plan`` after the ``sentences`` given (the opening, or
    none), which it extends and returns. ``memo``: each planned sentence's candidate wordings with what
    weighing them reads (:data:`_Candidate`), by what they depend on (shared by the runs of one
    :func:`microplan` call)."""
    if memo is None:
        memo = {}
    written = {sentence_text(s) for s in sentences}
    fit = name_fit(lex)
    # forms(entity, named before) of each entity piece, asked for every candidate wording that names it (about 48
    # a document): kept by the piece object (a planned sentence's wordings share them) and whether it was named
    forms_chosen: dict[int, tuple[Entity, bool, Entity | None]] = {}

    def form_of(_: int, entity: Entity) -> Entity | None:
        assert forms is not None
        before = entity.uri in named
        found = forms_chosen.get(id(entity))
        if found is None or found[0] is not entity or found[1] is not before:
            found = forms_chosen[id(entity)] = (entity, before, forms(entity, before))
        return found[2]

    dated: set[str] = set()  # the people whose dates a lifespan clause has said
    mentions = sum(s.mention_count for s in sentences)
    total = sum(count_tokens(sentence_text(s), lex.lang) for s in sentences)
    history: list[tuple[int, str, str | None]] = []
    for k, s in enumerate(sentences):
        history += [(k, p.uri, description_noun(lex, onto, p)) for p in s.pieces if isinstance(p, Entity)]
    # class nouns that refer to no entity for a reader: "the person", and "has its main office in the
    # administrative region" ([meta] description_vague)
    vague = (*lex.meta.get("apposition_vague", ()), *lex.meta.get("description_vague", ()))
    not_described_after = tuple(lex.meta.get("not_described_after", ()))
    previous_is_opening = bool(sentences)  # the type sentence is never continued
    queue = [list(g) for g in plan]
    i = 0
    while i < len(queue):
        group = queue[i]
        subject = group[0].subject
        is_past = subject.uri in past

        def past_of(template: str, objects: Sequence[Entity], subject_past: bool = is_past,
                    subject_unsure: bool = subject.uri in unsure) -> bool:
            if object_tense and template.startswith("{o}"):
                return tense_of(template, objects, subject_past, past)
            return subject_past and not (subject_unsure and lex.holds_either_way(template))

        noun = class_noun(lex, onto, subject)
        # the subject takes the person's relative pronoun (aggregate, chain): asked once a planned sentence
        # (an agent of no known kind, an act the KB leaves undecided, takes "who": it fits a person and a group)
        # (an entity the KB gives no class, "Max Weber" in the sample, takes neither: "Max Weber, which was an
        # influence on …" was written, a copy editor's reading, twenty-first session; None: no "who"/"which" clause)
        person_like: bool | None = (is_person(subject) or lex.names_people(subject.classes)
                                    or unknown_agent(onto, subject)) if subject.classes else None
        previous = sentences[-1] if sentences else None
        refs = ["name"]
        # a people's templates are written plural ("Croats live in Sweden."): its singular class
        # noun would not agree ("The ethnic group live in Sweden.")
        if description_allowed(subject.uri, noun, history, vague) and not of_plural_class(lex, subject.classes):
            refs.append("describe")
        pronoun = None
        if genders is not None and subject.uri in genders:
            g = genders[subject.uri]
            clash = lex.rules.pronoun_clash if lex.rules is not None else None
            if pronoun_resolves(subject.uri, previous, g.pronoun, genders, is_person, clash):
                refs.append("pronoun")
                pronoun = (g.pronoun, g.source)
        if chain_length is not None and len(group) > 1:  # a fact that opens with its subject leads, birth first,
            group = sorted(group, key=lambda u: (u.office == BESIDES_OFFICE, not _opens(lex, onto, u),  # death last,
                                                 _life_order(u.prop)))  # "also led" after the titled leaders
        named = {u for _, u, _ in history}
        # The candidates before the descriptions of named objects (describe_objects, which reads the whole
        # history) depend on the planned sentence and on what the document said before only through this key:
        # the run without the opening sentence (microplan) finds most of its sentences' candidates written by
        # the run with it, and describes them again by its own history.
        named_key = frozenset(named)
        head = group[0]
        variants = fact_templates(lex, onto, head.prop, subject, len(head.objects))
        # the wording the sentence before said a like fact in, weighed too: the two may share it with coordinated
        # subjects (news text: BENGAL's B1-B10 keep their bytes)
        also = _variant_said_before(lex, variants, previous, head) if describe and chain_length is not None else None
        # the country adjectives the sentence may write: none that says a place of the sentence, of the one before
        # (which it may be joined onto) or of the two planned after it (which may be joined onto it: "Owen Group, an
        # Iranian company, operates from Astara County, which is in Iran"; Demonym)
        adjectives: dict[str, str] = {}
        if demonyms:
            near = {e.uri for g in queue[i:i + 3] for u in g for e in (u.subject, *u.objects)}
            if previous is not None:
                near |= {p.uri for p in previous.pieces if isinstance(p, Entity)}
            # nor one that the sentence before says (this one may be joined onto it) or another entity of this one
            # takes too: "the Danish city of Copenhagen, where Gray, a Danish company, has its seat" (a new user's
            # reading, 7 December 2026)
            said_before = previous.text if previous is not None else ""
            here = {e.uri for u in group for e in (u.subject, *u.objects) if e.uri in demonyms}
            words_here = Counter(demonyms[uri].word for uri in here)
            adjectives = {uri: d.word for uri, d in demonyms.items()
                          if not d.places & near and d.word not in said_before
                          and words_here[d.word] - (uri in here) == 0}
        key = (i, tuple(map(id, group)), tuple(refs), pronoun, named_key,
               frozenset(dated) if lifespans else None, also, frozenset(adjectives) if demonyms else None)
        memo_found = memo.get(key)
        if memo_found is None:
            candidates: list[tuple[Sentence, float]] = []
            # the other facts' clauses of the sentence, by abridged_at (_other_clauses; None: they cannot be written)
            rests: dict[int | None, tuple[list[Sentence], Sentence | None] | None] = {}
            # a list written as its first object "among others" (abridge_list), when a fact of the
            # sentence has one: fewer names for the same words, so the density can go lower
            # (at most one a sentence: "worked with A, among others, and was associated with B, among others" repeats),
            # never one whose left-out objects a later sentence is about ("Interscope Records was founded by Jimmy
            # Iovine, among others. Ted Field was born …": the text jumps to a name it never gave; a new user's
            # reading of the default set, 7 December 2026)
            later = {u.subject.uri for g in queue[i + 1:] for u in g} if abridge else set()
            abridging: list[int | None] = [None] + [k for k, u in enumerate(group)
                                                     if abridge and abridgeable(lex, onto, u)
                                                     and abridged_template(lex, onto, u) is not None
                                                     and not any(o.uri in later for o in u.objects[1:])]
            for (v, template), abridged_at in ((vt, a) for vt in _weighed_variants(variants, vary, i, also)
                                               for a in abridging):
                head_abridged = abridged_at == 0
                if head_abridged:
                    if v:
                        continue  # the abridged wording is one, whichever variant the list has
                    template = abridged_template(lex, onto, head) or template
                head_objects = head.objects[:1] if head_abridged else head.objects
                # the same for each reference to the subject: worked out once a wording
                head_past = past_of(template, head_objects)
                tense = lex.past(template) if head_past else template
                appos_options = [False]
                written_as = lex.agree(template, subject.gender)  # a [neutral] wording has another shape
                # an object is introduced by its class ("the musician X") on its first mention only, and not where
                # its office is its title ("Prime Minister X": Unit.office; BESIDES_OFFICE, "", is none)
                if (len(head_objects) == 1 and head_objects[0].uri not in named and not head.office
                        and template_takes_apposition(lex, written_as)
                        and apposition_phrase(lex, onto, head_objects[0]) is not None):
                    appos_options.append(True)
                for ref in refs:
                    if ref == "pronoun" and not pronoun_allowed(tense):
                        continue
                    subj_appos = [False]
                    # not "The city of X lies in Y" where the paraphraser writes "X is a city in Y"
                    if (ref == "name" and subject.uri not in named and written_as.startswith("{s} ")
                            and apposition_phrase(lex, onto, subject) is not None
                            and not (paraphraser is not None
                                     and _type_is_complement(lex, written_as, noun, DBO + "Place" in subject.classes))):
                        subj_appos.append(True)
                    for appos, sa in ((a, b) for a in appos_options for b in subj_appos):
                        if describe and appos and sa and class_noun(lex, onto, head_objects[0]) == noun:
                            # "The musician Don Covay performed with the musician Jimi Hendrix." (one noun twice: a
                            # copy editor's reading, fourteenth session); news text only, BENGAL's B1-B10 keep theirs
                            continue
                        if ref == "describe" and ((appos or (describe and written_as.startswith("{o}"))) and any(
                                class_noun(lex, onto, o) == noun for o in head_objects)
                                or (describe and tense.split("{s}", 1)[0].endswith(not_described_after))):
                            # "the company owns the company Carroll LLC"; news text (describe: BENGAL's B1-B10 keep
                            # their bytes): "Singleton and Sons belongs to the company." (the subject described after
                            # an object of its class: which company? or after "belongs to", where "the record label"
                            # reads as any label's property)
                            continue
                        worded = fact_sentence(lex, onto, head.prop, subject, head_objects,
                                               describe_subject=ref == "describe", variant=v, past=head_past,
                                               apposition=appos, subject_apposition=sa,
                                               pronoun=pronoun if ref == "pronoun" else None,
                                               annotate_pronoun=annotate_pronouns, date=head.date, office=head.office,
                                               template=template if head_abridged else None,
                                               demonym=adjectives.get(head_objects[0].uri) if appos else None,
                                               subject_demonym=adjectives.get(subject.uri) if sa else None)
                        first_clause = abridge_list(lex, worded, template) if head_abridged else worded
                        if first_clause is None:
                            continue
                        if abridged_at not in rests:
                            rests[abridged_at] = _other_clauses(lex, onto, group, abridged_at, past_of,
                                                                chain_length is not None,
                                                                None if vary is None else f"{vary}|{i}")
                        rest = rests[abridged_at]
                        if rest is None:
                            continue
                        clauses, owner = [first_clause, *rest[0]], rest[1]
                        joined = aggregate(lex, clauses, person_like)
                        if joined is not None and owner is not None:
                            joined = whose_clause(lex, joined, owner, noun if describe else None)
                        if joined is None:
                            continue
                        candidates.append((joined, 0.0))
                        if forms is not None:
                            alt = with_forms(joined, form_of, fit)
                            if alt is not None:
                                candidates.append((alt, _PREFERENCE))
            if paraphraser is not None:
                # the other voice ("Y was founded by X"), for a sentence of one fact
                # (not for a concept object: "Laptop is made by X" opens with a bare common noun)
                other_voice = (paraphraser.voice_template(head.prop, len(head.objects))
                               if len(group) == 1 and head.date is None
                               and not any(o.form_kind in NOT_NAMES for o in head.objects) else None)
                if other_voice is not None:
                    voiced = fact_sentence(lex, onto, head.prop, subject, head.objects,
                                           past=past_of(other_voice, head.objects), template=other_voice)
                    candidates.append((Paraphraser.mark(voiced, "voice"), _PREFERENCE))
                for c, bonus in list(candidates):
                    syn = paraphraser.synonym(c, i)
                    if syn is not None:
                        candidates.append((syn, bonus + _PREFERENCE))
                    if subject.uri not in named:
                        ap = paraphraser.apposition(c, noun, DBO + "Place" in subject.classes,
                                                    adjectives.get(subject.uri))
                        if ap is not None:
                            candidates.append((ap, bonus + _PREFERENCE))
            if split is not None:
                candidates = [(v, bonus - (_PREFERENCE if k else 0.0)) for c, bonus in candidates
                              for k, v in enumerate(split(c, named_key))]
            if lifespans:
                # a person named at the end of the sentence, with the dates the KB has of them, as a relative
                # clause ("… led by Robert Borden, who was born on 26 June 1854 and died on 10 June 1937.")
                for c, bonus in list(candidates):
                    dated_c = lifespan_clause(lex, c, lifespans, subject.uri, dated)
                    if dated_c is not None:
                        candidates.append((dated_c, bonus))
            weighable = memo[key] = [_weighable(lex, c, bonus) for c, bonus in candidates]
        else:
            weighable = memo_found
        if describe:
            # a place or an organisation named before, written as "the country" (describe_objects)
            # (describe_objects finds nothing in a wording that names no one the document named before after
            # its predicate: tested here first, as it is asked of every candidate wording in each run)
            described = [(d, c[1]) for c in weighable
                         if _names_again(c[0], named)
                         and (d := describe_objects(lex, onto, c[0], history, len(sentences), vague)) is not None]
            if described:
                weighable = weighable + [_weighable(lex, d, bonus) for d, bonus in described]
        # --sentence-length news or N: a sentence still short of the length is continued by the
        # walk's next step about its last object ("…Lagos, which is part of Lagos State.")
        onto_prev = None
        named_before: set[str] = set()
        if chain_length is not None and previous is not None and not previous_is_opening:
            prev_t = count_tokens(sentence_text(previous), lex.lang)
            if prev_t < chain_length:
                onto_prev = (previous, previous.mention_count, prev_t)
                named_before = _entity_uris(previous)
        best: tuple[float, Sentence, int, int, bool] | None = None
        plain: tuple[float, Sentence, int, int, bool] | None = None  # the best wording not joined on
        weighed: list[tuple[float, Sentence, int, int, bool]] = []
        for c, bonus, text, restated, m, t in weighable:
            if text in written or restated:
                continue  # said before, or said by the subject's name ("Johns, Michigan lies in Michigan.")
            options = [(c, False, mentions, total, m, t, 0.0)]
            if onto_prev is not None:
                # the same said of two subjects, before the object named again is described or a relative clause
                # says it: "A competed in X, and B competed in the horse race" is "A and B competed in X"
                both = coordinate_subjects(lex, onto_prev[0], c)
                if both is not None and (bt := count_tokens(both.text, lex.lang)) <= 1.5 * (chain_length or 0):
                    options.append((both, True, mentions - onto_prev[1], total - onto_prev[2], both.mention_count, bt,
                                    COORDINATED_SUBJECTS_BONUS))
                merged = chain(lex, onto_prev[0], c, person_like) or where_after_subject(lex, onto_prev[0], c)
                limit = 2 * (chain_length or 0)
                if merged is None:
                    second, about = c, {subject.uri}
                    if describe and _names_again(c, named_before):
                        # a name of the sentence before again ("… born in Ulm, and Anna Berg died in Ulm") is
                        # written by its description, or the two are not coordinated
                        by_noun = describe_objects(lex, onto, c, history, len(sentences), vague)
                        if by_noun is not None:
                            second = by_noun
                            about |= _entity_uris(c) - _entity_uris(by_noun)
                    if both is None or second is not c:  # else coordinate would give `both` again (its first try)
                        merged, limit = coordinate(lex, onto_prev[0], second, about), 1.5 * (chain_length or 0)
                if merged is not None and (mt := count_tokens(sentence_text(merged), lex.lang)) <= limit:
                    options.append((merged, True, mentions - onto_prev[1], total - onto_prev[2],
                                    merged.mention_count, mt, 0.0))
            for eff, joined_on, base_m, base_t, em, et, extra in options:
                gap = abs((base_m + em) / (base_t + et) - target) - bonus - extra
                if vary is not None:
                    weighed.append((gap, eff, em, et, joined_on))
                if joined_on:
                    if best is None or gap < best[0] - 1e-12:
                        best = (gap, eff, em, et, joined_on)
                elif plain is None or gap < plain[0] - 1e-12:
                    plain = (gap, eff, em, et, joined_on)
        # a wording that continues the sentence before wins, unless one that does not lands closer to the
        # density target by more than CHAIN_MARGIN (a dense target: "X, who played for Y" names X once)
        if best is None or (plain is not None and plain[0] < best[0] - CHAIN_MARGIN):
            best = plain
        if best is not None and vary is not None:
            best = _varied(best, weighed, f"{vary}|{i}")
        if best is None:
            if len(group) > 1:
                queue[i:i + 1] = _split(lex, onto, group) if chain_length is not None else [[u] for u in group]
                continue
            i += 1  # the one fact's every wording is already in the document: said once is enough
            continue
        _, chosen, m, t, joined_on = best
        dated |= lifespan_of(lex, chosen, lifespans)
        if joined_on:
            assert onto_prev is not None
            sentences.pop()
            mentions -= onto_prev[1]
            total -= onto_prev[2]
        k = len(sentences)
        sentences.append(chosen)
        previous_is_opening = False
        written.add(sentence_text(chosen))
        history += [(k, p.uri, description_noun(lex, onto, p)) for p in chosen.pieces if isinstance(p, Entity)]
        if chosen.subject is not None and not any(isinstance(p, Entity) and p.uri == subject.uri
                                                  for p in chosen.pieces):
            history.append((k, subject.uri, noun))  # described or a pronoun: still its latest mention
        mentions += m
        total += t
        i += 1
    return sentences
