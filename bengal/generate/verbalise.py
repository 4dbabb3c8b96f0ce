"""Verbalisation: facts → sentences made of pieces → text with exact gold offsets.

A sentence is a list of pieces: plain strings and :class:`Entity` objects. An
entity piece is written as its surface form and becomes a gold mention; its
offsets are taken while the text is built (:func:`realise`), never found by
searching the finished text afterwards (which loses repeated and nested names).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Sequence, TypeVar, Union, cast

from bengal.generate.kbview import AGENT, COMMON_NOUN, NOT_NAMES, TEXT_KINDS, Entity, Ontology, range_tops
from bengal.generate.lexicon import Lexicon
from bengal.generate.realise import (
    is_group_name,
    is_plural_name,
    of_plural_class,
    possessive_suffix,
    realise_pieces,
    takes_plural_verb,
)
from bengal.kb.labels import local_name
from bengal.kb.sparql import DBO
from bengal.model import Mention
from bengal.perf import cached_attribute, direct_init

__all__ = ["Piece", "Sentence", "type_sentence", "fact_templates", "fact_sentence", "join_sentences", "realise",
           "sentence_text", "apposition_allowed", "pronoun_allowed", "with_forms", "swap_entities", "NameFit",
           "name_fit", "strip_the", "concept_wording", "range_wording", "type_with_place", "says_nothing_new",
           "template_takes_apposition", "name_wording", "plural_object_wording", "office_wording", "plural_common_name",
           "Demonym", "BESIDES_OFFICE"]

Piece = Union[str, Entity]
_V = TypeVar("_V")


@direct_init  # the dataclass's __init__, writing the fields straight into __dict__ (issue 15)
@dataclass(frozen=True)
class Sentence:
    """One planned sentence.

    Attributes:
        pieces: the sentence as plain strings and entity pieces.
        fallback: True when no lexicon entry existed and the property's label was used.
    """

    pieces: tuple[Piece, ...]
    fallback: bool = False
    #: URI of the subject when the sentence opens with it (then ``predicate`` is the
    #: index of the first piece after the subject), else ``None``.
    subject: str | None = None
    predicate: int = 0
    #: clauses in the sentence (2 after :func:`join_sentences`), objects of its last clause.
    clauses: int = 1
    n_objects: int = 1
    #: the subject takes a plural verb (the pronoun "they", a band's plural name:
    #: :func:`bengal.generate.realise.takes_plural_verb`): no clause may be joined to it (its verb
    #: would have to agree).
    plural: bool = False
    #: ``(pronoun class, gender source)`` (:class:`bengal.generate.gender.Gender`) when
    #: the subject is written as a pronoun, else ``None``.
    pronoun: tuple[str, str] | None = None
    #: paraphrasing operations applied (:data:`bengal.generate.paraphrase.OPERATIONS`), sorted.
    paraphrase: tuple[str, ...] = ()
    #: two sentences about one subject joined as its two predicates ("The company X operates from Y and owns Z":
    #: :func:`bengal.generate.microplan.coordinate`): no other sentence is coordinated with it (one coordination a
    #: sentence; its conjunction is the clauses' " and ", which a list or an aggregation writes too).
    coordinated: bool = False

    def with_pieces(self, pieces: tuple[Piece, ...], predicate: int | None = None) -> "Sentence":
        """The same sentence with ``pieces`` (and ``predicate``, when given) instead: ``dataclasses.replace``
        without its look-up of the fields (asked for candidate wordings by the hundred thousand: issue 15)."""
        return Sentence(pieces, self.fallback, self.subject, self.predicate if predicate is None else predicate,
                        self.clauses, self.n_objects, self.plural, self.pronoun, self.paraphrase, self.coordinated)

    @cached_attribute
    def mention_count(self) -> int:
        """The entity pieces (gold mentions) of the sentence."""
        return sum([isinstance(p, Entity) for p in self.pieces])

    @cached_attribute
    def text(self) -> str:
        """The sentence's text (entities written as their surface forms), worked out once."""
        return "".join([p if isinstance(p, str) else p.surface for p in self.pieces])


def class_noun(lex: Lexicon, onto: Ontology, entity: Entity) -> str | None:
    """The noun for the entity's most specific class that reads as a countable noun
    ("footballer"; "royalty" is skipped for the next class, by the lexicon's
    ``[realise] mass_nouns``), or ``None`` if there is none; a feminine subject takes the
    feminine noun of a language that has one ("escritora"). A class under ``Person`` is skipped for an
    entity whose name is a group's (:func:`bengal.generate.realise.is_group_name`: "Kool & the Gang", which
    DBpedia types ``MusicalArtist``; "the musician Kool & the Gang" was written): no person noun, and no noun at
    all where its other classes give none. ``Agent`` gives no noun: it is what an act the KB leaves undecided between
    a person and a group keeps (:func:`bengal.generate.kbview.consistent_classes`: "the band Bonnie Tyler", "the
    musician 2 Live Crew" were written), and "an agent" tells a reader nothing. Worked out once per lexicon,
    ontology, classes, gender and whether the name is a group's (:func:`_memoised`), and kept by the entity too:
    asked for every entity piece of every candidate wording, whose entities recur (issue 15)."""
    by_entity = ("class_noun_of", id(onto), entity)
    found = lex.memo.get(by_entity)  # _memoised's look-up without its closure
    if found is not None and found[0] is onto:
        return found[1]
    group = is_group_name(lex, entity.label)
    key = ("class_noun", id(onto), entity.classes, entity.gender, group)
    found = lex.memo.get(key)
    noun: str | None = found[1] if found is not None and found[0] is onto else _remember(lex, onto, key, _class_noun(
        lex, onto, entity, group))
    return _remember(lex, onto, by_entity, noun)


def _class_noun(lex: Lexicon, onto: Ontology, entity: Entity, group: bool = False) -> str | None:
    for cls in entity.classes:
        if cls == AGENT or (group and _PERSON in onto.tops(cls)):
            continue
        noun = lex.class_noun(local_name(cls), onto.class_labels.get(cls), entity.gender)
        if noun and noun.lower() not in lex.data.get("realise", {}).get("mass_nouns", ()):
            return noun
    return None


def type_sentence(lex: Lexicon, onto: Ontology, subject: Entity, demonym: str | None = None,
                  past: bool = False, unsure: bool = False) -> Sentence | None:
    """"X is a footballer." from the subject's most specific class, or ``None`` if untyped.

    Args:
        demonym: an adjective of the subject's country ("German"), written before the
            class noun ("X is a German footballer.") unless the noun already starts
            with a proper word ("American football player").
        past: the past-tense form (a person with a death date: "X was a footballer.").
        unsure: a person who may be alive or dead: the lexicon's ``[meta] type_sentence_unsure``,
            a wording true either way ("X is known as a footballer.").
    """
    noun = class_noun(lex, onto, subject)
    if noun is None:
        return None
    if demonym:
        noun = lex.noun_with_demonym(noun, demonym, subject.gender)
    template = lex.meta["type_sentence_unsure" if unsure and not past else "type_sentence"]
    if past:
        template = lex.past(template)
    template = lex.agree(template, subject.gender)
    classes = onto.with_ancestors(subject.classes)
    # a people's plural name too ("Germans are an ethnic group"; its fact templates are written plural already)
    plural = template.startswith("{s} ") and (takes_plural_verb(lex, subject.surface, classes) or (
        of_plural_class(lex, classes) and is_plural_name(lex, subject.surface, classes)))
    if plural:
        template = "{s} " + lex.plural_verb(template[4:])  # "The Beatles are a band."
    template = template.replace("{a}", lex.article(noun, subject.gender)).replace("{class}", noun)
    pieces, predicate = _fill(lex, lex.parse(template), subject, ())
    return Sentence(tuple(pieces), subject=subject.uri if predicate else None, predicate=predicate, n_objects=0,
                    plural=plural)


def fact_templates(lex: Lexicon, onto: Ontology, prop: str, subject: Entity, n_objects: int) -> tuple[str, ...]:
    """The lexicon's template variants for ``n_objects`` objects of ``prop`` about ``subject``
    (empty when several objects cannot share a sentence). Worked out once per lexicon, ontology,
    property, subject classes and count (:func:`_memoised`)."""
    key = ("fact_templates", id(onto), prop, subject.classes, n_objects)
    found = lex.memo.get(key)  # _memoised's look-up without a call: asked for every candidate wording
    if found is not None and found[0] is onto:
        return found[1]

    def make() -> tuple[str, ...]:
        classes = [local_name(c) for c in onto.with_ancestors(subject.classes)]
        return lex.templates(local_name(prop), onto.property_labels.get(prop, ""), classes, n_objects)

    return cast("tuple[str, ...]", _memoised(lex, onto, key, make))


def _memoised(lex: Lexicon, onto: Ontology, key: tuple, make: Callable[[], object]) -> object:
    """``make()``, kept in the lexicon's ``memo`` under ``key`` (which holds ``id(onto)``) for the
    same ontology object: the answers of pure functions of (lexicon, ontology, ``key``'s values),
    which the microplanner asks again for each candidate wording of each document (issue 15)."""
    found = lex.memo.get(key)
    if found is not None and found[0] is onto:  # the same ontology object, not one at a reused id
        return found[1]
    return _remember(lex, onto, key, make())


def _remember(lex: Lexicon, onto: Ontology, key: tuple, value: _V) -> _V:
    """``value`` kept in the lexicon's ``memo`` under ``key`` for ``onto`` (:func:`_memoised`'s store; the
    memo is emptied first when it holds :data:`_MEMO_SIZE` entries)."""
    memo = lex.memo
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    memo[key] = (onto, value)
    return value


def fact_sentence(lex: Lexicon, onto: Ontology, prop: str, subject: Entity, objects: Sequence[Entity],
                  describe_subject: bool = False, variant: int = 0, past: bool = False,
                  apposition: bool = False, subject_apposition: bool = False,
                  pronoun: tuple[str, str] | None = None, annotate_pronoun: bool = False,
                  template: str | None = None, date: str | None = None, demonym: str | None = None,
                  subject_demonym: str | None = None, office: str | None = None) -> Sentence:
    """One sentence for ``subject prop o`` for every ``o`` in ``objects`` (a list when
    there are several; the caller checks :func:`fact_templates` allows it).

    Args:
        describe_subject: write the subject as a description from its class ("the
            footballer") instead of a mention; needs a typed subject.
        variant: which of the template variants to use.
        past: facts about a person with a death date: the lexicon's past-tense rules
            (``[tense] past``) rewrite the template ("X plays the guitar" → "X played the guitar").
        apposition: write a single object with a description from its class before
            it ("the band Pulley", "the city of Ulm"; the lexicon's ``[apposition]``);
            the caller checks :func:`apposition_allowed`.
        subject_apposition: the same for a subject that opens the sentence ("The band
            Pulley is associated with …").
        pronoun: ``(pronoun, gender source)``: write the subject as he / she / it / they
            (or his / her / its / their in "{s}'s …"), from the lexicon's ``[pronouns]``;
            "they" takes plural verbs (:meth:`Lexicon.plural_verb`); the template must
            open with the subject (see :func:`pronoun_allowed`).
        annotate_pronoun: make that pronoun a gold mention with the subject's URI
            (coreference); else it is plain text.
        template: a template to use instead of the lexicon's variant (paraphrasing's
            other voice, :class:`bengal.generate.paraphrase.Paraphraser`).
        date: a date phrase said in the clause ("on 4 May 1950"): the property's ``with_date``
            template ("{s} was born {d} in {o}.") with ``{d}`` replaced is used instead
            (:class:`bengal.generate.strategies.Unit`'s ``date``).
        demonym: the object's country adjective in its apposition ("the British band Pulley";
            :func:`apposition_phrase`); ignored without ``apposition``.
        subject_demonym: the same for the subject's apposition ("The German company X …").
        office: the title every object held of the subject ("Prime Minister"; ``Unit.office``): the
            property's ``in_office`` wording at the same variant (:func:`office_wording`); no ``apposition``;
            :data:`BESIDES_OFFICE`: the ``besides_office`` wording of the objects that held none.

    A sentence is made once per lexicon and ontology for the same arguments (the lexicon's ``memo``;
    entities are equal when all their fields are): the microplanner asks for the same wordings again
    for each plan it weighs and each document that says the same fact (issue 15).

    Raises:
        ValueError: when the lexicon has no list form for several objects, a
            description is asked for an untyped subject, an apposition for an object with an ``office``,
            or an ``office`` the lexicon has no wording for (:func:`office_wording`).
    """
    key = ("fact_sentence", id(onto), prop, subject, tuple(objects), describe_subject, variant, past, apposition,
           subject_apposition, pronoun, annotate_pronoun, template, date, demonym, subject_demonym, office)
    found = lex.memo.get(key)
    if found is not None and found[0] is onto:
        return found[1]
    # _memoised, without its closure (most calls are misses: issue 15)
    return _remember(lex, onto, key, _fact_sentence(lex, onto, prop, subject, objects, describe_subject, variant,
                                                    past, apposition, subject_apposition, pronoun, annotate_pronoun,
                                                    template, date, demonym, subject_demonym, office))


def concept_wording(lex: Lexicon, prop: str, template: str, objects: Sequence[Entity]) -> str:
    """``template`` (a wording of the property ``prop``, a local name), or the entry's ``concepts`` wording
    at the same variant when every object is a concept written as a common noun (``form_kind`` in
    :data:`~bengal.generate.kbview.NOT_NAMES`: ``--mentions named`` and ``concepts``).

    Rule: some properties' wordings fit a name but not a bare common noun ("X makes the iPhone", never
    "X makes credit card and asset management", a reading of ``--like conllpp``); their entry's
    ``concepts`` table (``one``/``many``) writes the concepts as what they are, noun adjuncts of the
    subject's field ("X is active in the credit card and asset management businesses"). A template
    that is none of the entry's ``one``/``many`` variants (a date wording, another voice) stays."""
    entry = lex.data["templates"].get(prop)
    wordings = entry.get("concepts") if isinstance(entry, dict) else None
    if not wordings or not objects or any(o.form_kind not in NOT_NAMES for o in objects):
        return template
    return _same_variant(entry, wordings, template, len(objects))


def range_wording(lex: Lexicon, onto: Ontology, prop: str, template: str, objects: Sequence[Entity]) -> str:
    """``template`` (a wording of the property ``prop``, an IRI), or the entry's ``off_range`` wording at the
    same variant when an object is a name typed outside the property's range: it has classes and none is
    under a top class of the range (:func:`bengal.generate.kbview.range_tops`; an untyped object, a concept
    or a property without a range is no evidence).

    Rule: some wordings say what only an object of the range can be ("took part in the {o}" of
    ``dbo:battle``, whose range is MilitaryConflict: "took part in Lithuania", a reading of the
    ``--like`` corpora, where DBpedia's infobox names the country fought in); the entry's ``off_range``
    table (``one``/``many``) words it as what it is ("fought in Lithuania"). An entry's ``range_classes``
    (DBpedia local names) narrows the range below its top class: a typed name of none of them is off the
    range too ("The river's source mountain is Upshur County.": ``dbo:sourceMountain`` of a county, whose
    range Mountain and the county are both places; written "rises in Upshur County"). A template that is
    none of the entry's variants (another voice, a date wording) stays, and so does an entry without the
    table."""
    entry = lex.data["templates"].get(local_name(prop))
    wordings = entry.get("off_range") if isinstance(entry, dict) else None
    if not wordings or not objects:
        return template
    narrow = entry.get("range_classes")
    if narrow and any(o.form_kind not in NOT_NAMES and o.classes
                      and not any(local_name(c) in narrow for c in onto.with_ancestors(o.classes)) for o in objects):
        return _same_variant(entry, wordings, template, len(objects))
    wanted = range_tops(onto, prop)
    if not wanted or not any(o.form_kind not in NOT_NAMES and o.classes
                             and not {t for c in o.classes for t in onto.tops(c)} & wanted for o in objects):
        return template
    return _same_variant(entry, wordings, template, len(objects))


def name_wording(lex: Lexicon, prop: str, template: str, subject: Entity, objects: Sequence[Entity]) -> str:
    """``template`` (a wording of the property ``prop``, a local name), or the wording at the same variant of the
    first table of the entry's ``by_name`` whose ``subject`` pattern matches the subject's surface form and whose
    ``object`` pattern matches every object's (``re.search``; a pattern left out matches anything).

    Rule: a wording may fit a name but not another of the same class, which the name says: a front is fought
    on ("saw action on the Western Front"; "saw action in the Western Front" was written), a legislature's own name
    says it is one ("The parties in Legislature XV of Italy include …", not "The parties in the legislature of
    Legislature XV of Italy include …": copy editors' readings of the default set, seventeenth session). A template
    that is none of the entry's ``one``/``many`` variants (another voice, a date wording) stays, and so does an
    entry without the list (``--mentions all``: the tables are news text's, B1-B10 keep their bytes)."""
    entry = lex.data["templates"].get(prop)
    tables = entry.get("by_name") if isinstance(entry, dict) else None
    if not tables or not objects:
        return template
    for table in tables:
        wanted_subject, wanted_object = table.get("subject"), table.get("object")
        if ((wanted_subject is None or re.search(wanted_subject, subject.surface))
                and (wanted_object is None or all(re.search(wanted_object, o.surface) for o in objects))):
            return _same_variant(entry, table, template, len(objects))
    return template


#: ``Unit.office`` (and :func:`fact_sentence`'s ``office``) of the objects of a fact that held no office of its
#: subject, beside those of the same fact that did (:func:`bengal.generate.literals.titled_offices`); no title is
#: this string.
BESIDES_OFFICE = ""


def office_wording(lex: Lexicon, prop: str, template: str, office: str, n_objects: int) -> str:
    """``template`` (a wording of the property ``prop``, a local name, for ``n_objects`` objects) as the entry's
    ``in_office`` wording at the same variant, with ``{title}`` the office (a key of the lexicon's ``[offices]
    titles``, "Prime Minister") and ``{titles}`` its plural ("Belgium was led by Prime Ministers A and B.",
    "A served as Prime Minister of Belgium."); for :data:`BESIDES_OFFICE`, the entry's ``besides_office`` wording
    at the same variant ("…, and Golda Meir also led the country": the fact's other objects, said after the
    officeholders; two clauses "was headed by Prime Minister A, and the country was headed by B" read as a
    repetition). A template that is none of the entry's variants (an abridged list, another voice) stays as it is.

    Rule: news writes a title before an officeholder's name, capitalised ("Prime Minister Guy Verhofstadt"; the
    AP and Chicago styles: a formal title before one or more names, "Prime Ministers A and B"); the title is
    no part of the mention (KORE50, Reuters-128 and OKE 2015 leave titles out of theirs). It is said only in
    the clause of the office's own country (:func:`bengal.generate.literals.titled_offices`), where it is true.

    Raises:
        ValueError: the entry has no ``in_office`` wordings or the lexicon no plural for ``office``.
    """
    entry = lex.data["templates"].get(prop)
    if office == BESIDES_OFFICE:
        wordings = entry.get("besides_office") if isinstance(entry, dict) else None
        if not wordings:
            raise ValueError(f"the lexicon has no wording for {prop} beside an office")
        return _same_variant(entry, wordings, template, n_objects)
    wordings = entry.get("in_office") if isinstance(entry, dict) else None
    plural = lex.data.get("offices", {}).get("titles", {}).get(office)
    if not wordings or plural is None:
        raise ValueError(f"the lexicon has no wording for {prop} in the office {office!r}")
    return _same_variant(entry, wordings, template, n_objects).replace("{titles}", plural).replace("{title}", office)


def plural_object_wording(lex: Lexicon, onto: Ontology, prop: str, subject: Entity, template: str,
                          objects: Sequence[Entity]) -> str:
    """``template`` (a wording of ``prop``, an IRI, for one object), or the property's wording for several objects at
    the same variant when the one object opens the sentence and its name is a plural common noun
    (:func:`plural_common_name`): "Kurdish languages are spoken in Iraq.", "The languages of Iraq include Kurdish
    languages." (was "Kurdish languages is a language of the country.", a copy editor's reading of ``--like
    reuters128``). Where the property has no such wording, or ``template`` is none of its wordings for one object,
    the template's first word takes the plural (:meth:`Lexicon.plural_verb`). Any other template stays."""
    if len(objects) != 1 or not template.startswith("{o} ") or not plural_common_name(lex, objects[0].surface):
        return template
    ones, many = (fact_templates(lex, onto, prop, subject, n) for n in (1, 2))
    if template in ones and many:
        return many[ones.index(template) % len(many)]
    return "{o} " + lex.plural_verb(template[4:])


def plural_common_name(lex: Lexicon, name: str) -> bool:
    """Whether ``name`` ends in a plural common noun of the lexicon's ``[meta] plural_common_heads`` (news text:
    ``[news_meta]``; "Kurdish languages", "Sami languages": Wikipedia titles a group of languages in sentence case),
    which takes a plural verb whatever its entity's class. No name without the table (``--mentions all``: BENGAL's
    text, B1-B10 keep their bytes)."""
    heads = lex.meta.get("plural_common_heads") or ()
    return name.rpartition(" ")[2] in heads


def _same_variant(entry: dict, wordings: dict, template: str, n_objects: int) -> str:
    """The variant of ``wordings`` (a table of ``one``/``many`` wordings) at the index of ``template``
    among the entry's own variants for ``n_objects`` objects (modulo their number), or ``template`` when
    it is none of them or the table has none."""
    key = "one" if n_objects == 1 else "many"
    own, theirs = _variants_of(entry.get(key)), _variants_of(wordings.get(key))
    if template not in own or not theirs:
        return template
    return theirs[own.index(template) % len(theirs)]


def _variants_of(value: object) -> list[str]:
    return [value] if isinstance(value, str) else [str(v) for v in value] if isinstance(value, list) else []


#: Entries a lexicon's ``memo`` holds before it is emptied (a bound on memory for long runs).
_MEMO_SIZE = 500_000


def _fact_sentence(lex: Lexicon, onto: Ontology, prop: str, subject: Entity, objects: Sequence[Entity],
                   describe_subject: bool, variant: int, past: bool, apposition: bool, subject_apposition: bool,
                   pronoun: tuple[str, str] | None, annotate_pronoun: bool, template: str | None,
                   date: str | None, demonym: str | None, subject_demonym: str | None,
                   office: str | None) -> Sentence:
    template, objects, chain, fallback = _prepared(lex, onto, prop, subject, objects, variant, past, template, date,
                                                   office)
    named = not (describe_subject or subject_apposition or pronoun is not None)
    template = lex.agree(template, _name_gender(lex, onto, subject) if named else subject.gender)
    subj: Piece = subject
    if describe_subject:
        noun = class_noun(lex, onto, subject)
        if noun is None:
            raise ValueError(f"{subject.uri} has no class to describe it by")
        article = lex.definite(noun, subject.gender, template.split("{s}", 1)[0])
        subj = lex.meta["description"].replace("{the}", article).replace("{class}", noun)
    appos = None
    if apposition:
        if office:  # a title (BESIDES_OFFICE is none)
            raise ValueError(f"no apposition for {objects[0].uri if objects else None}: its office is its title")
        appos = apposition_phrase(lex, onto, objects[0], demonym) if len(objects) == 1 else None
        if appos is None or not template_takes_apposition(lex, template):
            raise ValueError(f"no apposition for {objects[0].uri if objects else None} in {template!r}")
    subj_appos = None
    if subject_apposition:
        subj_appos = apposition_phrase(lex, onto, subject, subject_demonym)
        if subj_appos is None or describe_subject or not template.startswith("{s} "):
            raise ValueError(f"no apposition for the subject {subject.uri} in {template!r}")
    plural = possessive_form = False
    if named and template.startswith("{s} ") and (takes_plural_verb(lex, subject.surface,
                                                                    onto.with_ancestors(subject.classes))
                                                  or plural_common_name(lex, subject.surface)):
        template, plural = "{s} " + lex.plural_verb(template[4:]), True  # "The Righteous Brothers have …"
        template = template.replace(" its ", " their ")  # "… once counted X among their members"
    if pronoun is not None:
        if describe_subject or subject_apposition or not pronoun_allowed(template):
            raise ValueError(f"no pronoun for the subject of {template!r}")
        subjective, possessive = lex.data["pronouns"][pronoun[0]]
        possessive_form = template.startswith("{s}'s ")
        if possessive_form:
            word, template = possessive, "{s} " + template[6:]
        else:
            word = subjective
            if pronoun[0] == "they":
                template, plural = "{s} " + lex.plural_verb(template[4:]), True
        word = word[:1].upper() + word[1:]
        subj = subject.with_form(word, "pronoun") if annotate_pronoun else word
    pieces, predicate = _fill(lex, lex.parse(template), subj, objects, appos, subj_appos,
                              chain=chain)
    if pronoun is not None and possessive_form:
        predicate = 0  # "His genre is Y" does not open with its grammatical subject
    return Sentence(tuple(pieces), fallback, subject.uri if predicate else None, predicate, 1, len(objects),
                    plural, pronoun)


def _prepared(lex: Lexicon, onto: Ontology, prop: str, subject: Entity, objects: Sequence[Entity], variant: int,
              past: bool, template: str | None, date: str | None,
              office: str | None = None) -> tuple[str, Sequence[Entity], bool, bool]:
    """:func:`_fact_sentence`'s first steps, which the subject's reference (named, described, a pronoun) and the
    appositions do not change: ``(template with its concept, range, date and tense wording, the objects in
    order (a place chain's narrowest first), whether they are a place chain, whether the property has no
    lexicon entry)``. The answer of the call before is kept with its arguments and given again for the same
    subject and objects tuple (``is``) and equal values: the microplanner asks for a planned sentence's first
    fact with each reference and apposition in turn, so most calls follow one with the same arguments (issue 15).

    Raises:
        ValueError: when the lexicon has no list form for several objects, or no wording for ``office``.
    """
    last = _LAST_PREPARED[0]  # one tuple, replaced whole: a thread reads one call's arguments and answer together
    if (last is not None and last[4] is objects and last[3] is subject and last[0] is lex and last[1] is onto
            and last[2] == prop and last[5] == variant and last[6] == past and last[7] == template and last[8] == date
            and last[9] == office):
        return last[10]
    name = local_name(prop)
    variants = fact_templates(lex, onto, prop, subject, len(objects))
    if not variants:
        raise ValueError(f"the lexicon has no list form for {name}")
    written = variants[variant] if template is None else template
    written = range_wording(lex, onto, prop, concept_wording(lex, name, written, objects), objects)
    written = plural_object_wording(lex, onto, prop, subject, name_wording(lex, name, written, subject, objects),
                                    objects)
    if office is not None:
        written = office_wording(lex, name, written, office, len(objects))
    if date is not None:
        written = lex.data["templates"][name]["with_date"].replace("{d}", date)
    if past:
        written = lex.past(written)
    chain = len(objects) > 1 and lex.chained(name)
    ordered = place_chain(onto, objects) if chain else objects
    found = (written, ordered, chain, name not in lex.data["templates"])
    if type(objects) is tuple:  # kept only for objects that cannot change in place
        _LAST_PREPARED[0] = (lex, onto, prop, subject, objects, variant, past, template, date, office, found)
    return found


#: :func:`_prepared`'s arguments and answer of its last call, as one tuple of eleven (``None`` before the first).
_LAST_PREPARED: list[tuple | None] = [None]


def template_takes_apposition(lex: Lexicon, template: str) -> bool:
    """:func:`apposition_allowed` of ``template`` (cut by :meth:`Lexicon.parse`), each template worked out once
    per lexicon (its ``memo``): asked for every candidate wording (issue 15)."""
    key = ("apposition_allowed", template)
    found = lex.memo.get(key)
    if found is None:
        found = lex.memo[key] = apposition_allowed(lex.parse(template))
    return bool(found)


#: How wide a place is, for :func:`place_chain`: a class (local name, the entity's or an ancestor)
#: → rank; a place of no class here ranks 0 (a town, a village, a palace).
_PLACE_RANK = {"City": 1, "AdministrativeRegion": 2, "State": 2, "Province": 2, "Region": 2, "Country": 3}


def place_chain(onto: Ontology, places: Sequence[Entity]) -> list[Entity]:
    """Places of one birth, death or burial as a chain, the narrowest first (by :data:`_PLACE_RANK`
    of the place's most specific ranked class, ties in the given order), without a place whose
    label is a qualifier of another's label ("South Carolina" beside "Camden, South Carolina"):
    "Weyburn, Saskatchewan, Canada"."""
    def rank(e: Entity) -> int:  # the most specific ranked class: Lancashire is typed Country too
        return next((_PLACE_RANK[n] for n in map(local_name, onto.with_ancestors(e.classes)) if n in _PLACE_RANK), 0)

    qualifiers = {q.strip() for e in places for q in e.label.split(",")[1:]}
    kept = [e for e in places if e.label not in qualifiers] or list(places)
    return sorted(kept, key=rank)


def _name_gender(lex: Lexicon, onto: Ontology, subject: Entity) -> str | None:
    """The gender a predicate agrees with when ``subject`` is written by its name: a place's name has
    its own (:meth:`bengal.generate.lang.rules.LanguageRules.place_name_gender`: es "Alemania estuvo
    dirigida", fr "La Norvège a été dirigée"), anything else the one of ``subject.gender`` (a person's
    sex, else its class noun's, which the description, the apposition and the type sentence use)."""
    if lex.rules is None or subject.form_kind is not None or _PLACE not in onto.with_ancestors(subject.classes):
        return subject.gender
    return lex.rules.place_name_gender(subject.surface) or subject.gender


_PLACE = DBO + "Place"
_PERSON = DBO + "Person"


def pronoun_allowed(template: str) -> bool:
    """Whether a template's subject can be a pronoun: it opens the sentence as the
    grammatical subject ("{s} was born …") or as a possessive ("{s}'s genre …")."""
    return template.startswith(("{s} ", "{s}'s "))


def apposition_phrase(lex: Lexicon, onto: Ontology, entity: Entity, demonym: str | None = None) -> str | None:
    """The description written before an object ("the band ", "the city of "), from the
    lexicon's ``[apposition]`` table keyed by the entity's classes (most specific
    first), or ``None``: no entry, a vague class noun, a name that takes the definite article, or
    a name holding every word of the class noun ("University of Pavia", "Mexico City"). Worked out
    once per lexicon, ontology, form kind, classes, surface form, gender and demonym (:func:`_memoised`).

    With ``demonym`` (the entity's country adjective, "British"), the lexicon's ``[meta]
    apposition_demonym`` (English: ``"the "``) says where it goes: after that opening of the phrase ("the
    British band ", "the Romanian town of "), as news introduces an entity. Not when the phrase does not open
    so, the name holds the demonym ("the American band American Football") or the lexicon has no such entry
    (the other languages: their adjective follows the noun, :meth:`Lexicon.noun_with_demonym`)."""
    if entity.form_kind in NOT_NAMES:
        return None
    key = ("apposition_phrase", id(onto), entity.classes, entity.surface, entity.gender, demonym)
    return cast("str | None", _memoised(lex, onto, key, lambda: _apposition_phrase(lex, onto, entity, demonym)))


def _apposition_phrase(lex: Lexicon, onto: Ontology, entity: Entity, demonym: str | None) -> str | None:
    table = lex.data.get("apposition", {})
    for cls in entity.classes:
        phrase = table.get(local_name(cls))
        if phrase:
            noun = class_noun(lex, onto, entity) or ""
            if "{class}" in phrase and (not noun or noun in lex.meta.get("apposition_vague", ())):
                return None
            if lex.takes_definite_article(entity.surface):
                return None
            if noun and _words_of(noun, entity.surface):
                return None  # the name says it: not "the university University of Pavia", "the city of Mexico City"
            written = phrase.replace("{the}", lex.definite(noun, entity.gender)).replace("{class}", noun)
            opening = lex.meta.get("apposition_demonym")
            if (demonym and opening and written.startswith(opening) and demonym not in entity.surface
                    and not noun[:1].isupper()):
                written = f"{opening}{demonym} {written[len(opening):]}"
            return written
    return None


def says_nothing_new(lex: Lexicon, noun: str | None, name: str) -> bool:
    """Whether a type sentence "NAME is a NOUN." would tell a reader nothing: the class noun is vague
    (``[meta] apposition_vague``: "Jane Novak is a person.") or every word of it is a word of the name's
    head before a qualifier or a parenthesis ("Lostine River is a river.", "Manalapan Township, New Jersey
    is a township."; case-insensitive; "Queen (band)" is written "Queen" and says nothing), as
    :func:`apposition_phrase` refuses "the university University of Pavia"."""
    if noun is None:
        return False
    if noun in lex.meta.get("apposition_vague", ()):
        return True
    return _words_of(noun, name.split(", ", 1)[0].split(" (", 1)[0])  # "Queen (band)" is written "Queen"


def _words_of(noun: str, name: str) -> bool:
    """Whether every word of ``noun`` is a word of ``name`` (case-insensitive): the name says the noun."""
    return set(noun.lower().split()) <= set(re.findall(r"[^\W\d_]+", name.lower()))


def type_with_place(lex: Lexicon, rest: str, noun_phrase: str, place: bool) -> str | None:
    """The words after a sentence's opening subject with its type as the complement of a first fact that
    places it (``[meta] type_with_place``): ``rest`` " is part of " with ``noun_phrase`` "a city" gives
    " is a city in ", so that "Conneaut is a city in Ashtabula County." is written where an apposition
    would say the type as filler ("Conneaut, a city, is part of Ashtabula County."). An entry marked
    ``"place"`` applies only when ``place`` (the subject is a place: "X belongs to Y" of a company names
    its owner), and none when what follows begins with one of ``[meta] type_with_place_not`` ("lies in the
    time zones CET and CEST" places nothing). ``None`` when no entry opens ``rest`` (or the lexicon has no
    such table)."""
    for entry in lex.meta.get("type_with_place", ()):
        if rest.startswith(entry[0]) and (len(entry) < 3 or place):
            after = rest[len(entry[0]):]
            if after.startswith(tuple(lex.meta.get("type_with_place_not", ()))):
                return None
            return str(entry[1]).replace("{np}", noun_phrase) + after
    return None


def apposition_allowed(parts: Sequence[str]) -> bool:
    """Whether a template (cut by :meth:`Lexicon.parse`) can take an apposition before its
    object: the object ends the sentence and is not already described ("the genre
    {o}", "the city of {o}", a title: "Prime Minister {o}")."""
    if "{o}" not in parts:
        return False
    i = parts.index("{o}")
    after = parts[i + 1] if i + 1 < len(parts) else ""
    before = parts[i - 1] if i > 0 else ""
    if after != "." or not before:
        return False
    words = before.split()
    if words and words[-1][:1].isupper():
        return False  # a title before the name says what it is ("Prime Minister {o}")
    words = [w.lower() for w in words]
    return bool(words) and not set(words[-3:]) & _DESCRIBED and words[-1] not in _OF


#: Words that say an object is already described when they are among the three words before it
#: (a definite article: "the genre {o}", "el género {o}", "le genre {o}", "das Genre {o}") or the
#: word right before it ("the city of {o}", "la ciudad de {o}").
#: (No word that English templates use otherwise: "as", "do", "no", "am" are left out.)
_DESCRIBED = {"the", "el", "la", "los", "las", "lo", "le", "les", "l'", "os", "der", "das", "dem", "al", "del",
              "au", "aux", "du", "ao", "aos", "à", "da", "dos", "na", "nas", "nos", "pelo", "pela", "pelos",
              "pelas", "im", "zum", "zur", "vom", "beim"}
_OF = {"of", "de", "da", "du", "des", "von", "del", "d'"}


def join_sentences(lex: Lexicon, first: Sentence, second: Sentence) -> Sentence | None:
    """Aggregation: two sentences about one subject as one ("X was born in Y." + "X died
    in Z." → "X was born in Y and died in Z."), or ``None`` when they cannot be joined
    (other subjects, the first already joined or ending in a list, the second not
    opening with its subject, or both opening with the same verb:
    :meth:`~bengal.generate.lexicon.Lexicon.same_verb`)."""
    if (first.subject is None or first.subject != second.subject or first.clauses != 1 or second.clauses != 1
            or first.n_objects != 1 or not second.predicate or first.plural):
        return None
    rest = second.pieces[second.predicate:]
    if not rest or not isinstance(rest[0], str) or not rest[0].startswith(" "):
        return None
    verb = first.pieces[first.predicate] if first.predicate < len(first.pieces) else None
    if isinstance(verb, str) and lex.same_verb(verb, rest[0]):
        return None  # the same verb twice ("operates from Y and operates in Z"): two sentences read better
    head = list(first.pieces)
    if isinstance(head[-1], str) and head[-1].endswith("."):
        head[-1] = head[-1][:-1]
        if head[-1] == "":
            head.pop()
    elif not (isinstance(head[-1], Entity) and head[-1].surface.endswith(".")):
        return None
    join = str(lex.meta["clause_join"])
    among = str(lex.meta.get("among_others", ""))
    if among and isinstance(head[-1], str) and head[-1].endswith(among):
        join = "," + join  # "X worked with A, among others, and was born in Y"
    pieces = head + [join + rest[0][1:]] + list(rest[1:])
    return Sentence(tuple(pieces), first.fallback or second.fallback, first.subject, first.predicate, 2,
                    second.n_objects, False, first.pronoun,
                    tuple(sorted(set(first.paraphrase) | set(second.paraphrase))))


def _add_entity(lex: Lexicon, pieces: list[Piece], entity: Entity, noun_after: bool = False) -> None:
    """:func:`_fill`'s step for one entity slot: ``entity`` appended to ``pieces`` as its text (a concept
    or a date), a common noun after its article, or a name with the article it takes after the text before
    it (a template's "the " dropped before a name that opens with "The " or takes none)."""
    kind = entity.form_kind
    if kind in TEXT_KINDS:  # a concept or a date: plain text, never a mention
        pieces.append(entity.surface)
        return
    if kind == COMMON_NOUN:  # --mentions concepts: "worked as an [author]"; no name's article
        if entity.article:
            pieces.append(entity.article)
        pieces.append(entity)
        return
    before = pieces[-1] if pieces and isinstance(pieces[-1], str) else ""
    if before.lower().endswith("the ") and before[-5:-4] in ("", " ") and (
            entity.surface.startswith("The ")
            or (not noun_after and lex.takes_no_article(entity.surface, entity.classes))):
        # "a member of the {o}" with "The Republicans": one "the"; "fought in the {o}" with "World War II": none
        pieces[-1] = before = before[:-4]
    article = lex.name_article(entity.surface, before, entity.classes)
    if article:
        pieces.append(article)
    pieces.append(entity)


def _noun_after(part: str) -> bool:
    """Whether a template part after an object slot opens with a lower-case word (:data:`_NOUN_AFTER`),
    each part tested once per process (asked for every candidate wording)."""
    found = _NOUN_AFTER_OF.get(part)
    if found is None:
        found = _NOUN_AFTER_OF[part] = _NOUN_AFTER.match(part) is not None
    return found


#: template part → :func:`_noun_after` (the parts of the lexicons' templates: a few hundred).
_NOUN_AFTER_OF: dict[str, bool] = {}


def _fill(lex: Lexicon, parts: list[str], subject: Piece, objects: Sequence[Entity],
          apposition: str | None = None, subject_apposition: str | None = None,
          chain: bool = False) -> tuple[list[Piece], int]:
    """Template parts → (pieces, predicate): slots filled (``chain``: the objects joined by ", ",
    a place chain), names that take "the" get it,
    the first letter capitalised, no double full stop after a name ending in one;
    ``predicate`` is the index of the first piece after a sentence-opening subject (0
    when the sentence does not open with the subject)."""
    pieces: list[Piece] = []
    predicate = 0
    n_parts = len(parts)
    for k, part in enumerate(parts):
        if part == "{s}":
            if subject_apposition:
                pieces.append(subject_apposition)
            if isinstance(subject, Entity):
                _add_entity(lex, pieces, subject)
            else:
                pieces.append(subject)
            if k == 0 and n_parts > 1 and parts[1].startswith(" "):  # the grammatical subject, not "X's"
                predicate = len(pieces)
        elif part == "{o}" and len(objects) == 1:  # one object (most facts): no list, no separator
            if apposition:
                pieces.append(apposition)
            _add_entity(lex, pieces, objects[0], k + 1 < n_parts and _noun_after(parts[k + 1]))
        elif part == "{o}":
            if apposition:
                pieces.append(apposition)
            before = parts[k - 1] if k > 0 and not apposition else ""
            # whether an item takes an article: it changes only the separators between items (join_list)
            articles = len(objects) > 1 and any(o.form_kind not in NOT_NAMES
                                                and lex.name_article(o.surface, before, o.classes) for o in objects)
            # a template's "the" before a list of which a name takes none goes with each name that takes it
            # ("fought in World War II and the Gulf War"; lex.takes_no_article), unless it is the article of
            # a noun after the slot ("works in the {o} industry")
            noun_after = k + 1 < n_parts and _noun_after(parts[k + 1])
            prev = pieces[-1] if pieces else None
            bare: list[bool] = []
            own_the = False
            if (len(objects) > 1 and not chain and not noun_after and isinstance(prev, str)
                    and _THE.search(prev) is not None):
                bare = [o.form_kind not in NOT_NAMES and lex.takes_no_article(o.surface, o.classes) for o in objects]
                own_the = any(bare)
            if own_the and isinstance(prev, str):
                pieces[-1] = strip_the(prev)
            seps = (["", *[", "] * (len(objects) - 1)] if chain
                    else lex.list_separators([o.surface for o in objects], before, articles))
            for n, (sep, obj) in enumerate(zip(seps, objects)):
                if sep:
                    pieces.append(sep)
                if chain and n and not lex.chain_articles:
                    pieces.append(obj)  # "en Chicago, Illinois, Estados Unidos"
                else:
                    if own_the and obj.form_kind not in NOT_NAMES and not bare[n]:
                        pieces.append("the ")
                    _add_entity(lex, pieces, obj, noun_after)
        else:
            pieces.append(part)
    if pieces and isinstance(pieces[0], str):
        pieces[0] = pieces[0][:1].upper() + pieces[0][1:]
    # merge neighbouring strings ("the " + "band ") and drop empty ones; keep ``predicate`` right;
    # "Washington, D.C." at the end of a sentence takes no second full stop (one pass for both)
    out: list[Piece] = []
    new_predicate = 0
    last: Piece = ""
    for i, p in enumerate(pieces):
        prior, last = last, p  # the piece before, as it was
        if i == predicate and predicate:
            new_predicate = len(out)
        if isinstance(p, str):
            if i and p.startswith(".") and isinstance(prior, Entity) and prior.surface.endswith("."):
                p = p[1:]
            if p == "":
                continue
            if out and isinstance(out[-1], str) and i != predicate:
                out[-1] += p
                continue
        out.append(p)
    if predicate and predicate >= len(pieces):
        new_predicate = len(out)
    return realise_pieces(lex, out), new_predicate


#: A template part after an object slot that opens with a lower-case word: a noun after the slot ("the {o} industry").
_NOUN_AFTER = re.compile(r" [a-z]")


def sentence_text(sentence: Sentence) -> str:
    """The sentence's text (entities written as their surface forms; :attr:`Sentence.text`)."""
    return sentence.text


def realise(sentences: Sequence[Sentence]) -> tuple[str, list[Mention]]:
    """Join sentences with single spaces into a text and its gold mentions.

    Returns:
        ``(text, mentions)``: each entity piece becomes a :class:`Mention` with
        half-open code-point offsets counted while the text is built, the entity
        URI as its only URI and its most specific class as its type. A name that opens a sentence in
        lower case is written with a capital there, as every sentence opens ("Van Agt was …" for the
        family name "van Agt"; not "iPod", whose second letter is one); the mention's surface is the
        text written.
    """
    out: list[str] = []
    mentions: list[Mention] = []
    pos = 0
    for k, sentence in enumerate(sentences):
        if k:
            out.append(" ")
            pos += 1
        for i, piece in enumerate(sentence.pieces):
            if isinstance(piece, str):
                out.append(piece)
                pos += len(piece)
            else:
                surface = piece.surface
                if i == 0 and surface[:1].islower() and not surface[1:2].isupper():
                    surface = surface[:1].upper() + surface[1:]
                mentions.append(Mention(pos, pos + len(surface), surface, frozenset((piece.uri,)), piece.type))
                out.append(surface)
                pos += len(surface)
    return "".join(out), mentions


@dataclass(frozen=True)
class Demonym:
    """An entity's country adjective for its apposition ("the British band Pulley", "X, a Polish company,")
    and the places it says: the country, and the birth place an adjective of birth ("Ukrainian-born")
    stands for (URIs).

    Rule (news text): a sentence that names one of ``places``, follows one that does or comes before one of the
    two planned sentences after it that do, is written without it, since it would say the country twice ("The
    Netherlands was led by the Dutch politician Joop den Uyl"; the microplanner may join a sentence onto the one
    before); so is one where the sentence before says the same adjective or another entity of those sentences takes
    it too ("the Danish city of Copenhagen, where Gray, a Danish company, has its seat"). Anywhere else in the
    document the country may be named too, as news does ("Japan … the Japanese finance ministry"; Reuters-128
    carries 2.6 capitalised words outside its mentions per 100 words, demonyms among the most frequent).

    Attributes:
        word: the adjective ("British", "Ukrainian-born").
        places: the URIs it says.
    """

    word: str
    places: frozenset[str]


@dataclass(frozen=True)
class NameFit:
    """What the words beside a name depend on, for a name that changes form (:func:`swap_entities`):
    whether it reads with "the" (``takes_the(surface)``) and its possessive ending
    (``possessive(entity)``: "'s" or "'"). English: :func:`name_fit`."""

    takes_the: Callable[[str], bool]
    possessive: Callable[[Entity], str]


def name_fit(lex: Lexicon) -> NameFit | None:
    """The English lexicon's :class:`NameFit` (:meth:`~bengal.generate.lexicon.Lexicon.takes_definite_article`,
    :func:`bengal.generate.realise.possessive_suffix`); ``None`` for another language, whose articles
    and endings its own rules write."""
    if lex.rules is not None:
        return None
    return NameFit(lex.takes_definite_article, lambda e: possessive_suffix(lex, e.surface, e.classes))


def with_forms(sentence: Sentence, choose: Callable[[int, Entity], Entity | None],
               fit: NameFit | None = None) -> Sentence | None:
    """The sentence with some entity pieces written in another surface form:
    ``choose(position, entity)`` gives the :class:`Entity` to write (``entity.with_form(...)``)
    or ``None`` to keep it; ``None`` when nothing changed. Text and offsets stay
    exact because the new form is the piece itself; with ``fit`` the article before a changed name
    and the possessive after it follow the new name (:func:`swap_entities`)."""
    pieces = sentence.pieces
    swaps: list[tuple[int, Entity]] = []
    for i, p in enumerate(pieces):
        if isinstance(p, Entity) and p.form_kind != "pronoun" and p.form_kind not in NOT_NAMES:
            new = choose(i, p)
            after = pieces[i + 1] if i + 1 < len(pieces) else ""
            if new is not None and new.surface.endswith(".") and isinstance(after, str) and after.startswith("."):
                new = None  # "comes from Canada.." : the sentence's full stop was placed for the label
            if new is not None:
                swaps.append((i, new))
    if not swaps:
        return None
    return swap_entities(sentence, swaps, fit)


_THE = re.compile(r"(?:^|(?<=\s))[Tt]he $")


def strip_the(text: str) -> str:
    """``text`` without the "the " (or "The ") it ends with, written before a name that takes it ("is
    in the " before "United Kingdom"); ``text`` as it is when it ends otherwise."""
    return text[:-4] if _THE.search(text) else text


def swap_entities(sentence: Sentence, swaps: Sequence[tuple[int, Entity]], fit: NameFit | None = None) -> Sentence:
    """The sentence with the entity piece at each position of ``swaps`` replaced (another surface form of
    the same entity: the gold URI is unchanged) and, with ``fit`` (English: :func:`name_fit`), the article
    before it and the possessive after it made to fit the new name: "is in the United Kingdom" → "is in
    Britain", "The United Kingdom was …" → "Britain was …", "the United States' form …" → "the U.S.'s
    form …", "born in United States" never. A name that ended the sentence with its own full stop
    ("Northwich Victoria F.C.") and is replaced by one without leaves the sentence its full stop.
    ``Sentence.predicate`` follows a piece removed or added before it.

    Raises:
        ValueError: when a position of ``swaps`` holds no entity piece of the new entity's URI.
    """
    pieces = list(sentence.pieces)
    predicate = sentence.predicate
    for i, new in sorted(swaps, key=lambda s: -s[0]):  # from the end: earlier positions stay valid
        old = pieces[i]
        if not isinstance(old, Entity) or old.uri != new.uri:
            raise ValueError(f"piece {i} of {sentence.text!r} is not an entity piece of {new.uri}")
        pieces[i] = new
        if i == len(pieces) - 1 and old.surface.endswith(".") and not new.surface.endswith("."):
            pieces.append(".")  # the label's full stop ended the sentence: "managed Northwich Victoria."
        if fit is None:
            continue
        after = pieces[i + 1] if i + 1 < len(pieces) else None
        if isinstance(after, str) and (after.startswith("'s") or after.startswith("' ")):
            ending = "'s" if after.startswith("'s") else "'"
            pieces[i + 1] = fit.possessive(new) + after[len(ending):]
        had, needs = fit.takes_the(old.surface), fit.takes_the(new.surface)
        if had == needs:
            continue
        prev = pieces[i - 1] if i > 0 else None
        if had and isinstance(prev, str) and (text := strip_the(prev)) != prev:
            if text:
                pieces[i - 1] = text
            else:  # the sentence opened with "The "
                del pieces[i - 1]
                predicate -= 1 if predicate >= i else 0
        elif needs and not (isinstance(prev, str) and _THE.search(prev)):
            if isinstance(prev, str) and prev.endswith(" "):
                pieces[i - 1] = prev + "the "
            elif i == 0:
                pieces.insert(0, "The ")
                predicate += 1 if predicate else 0
    return sentence.with_pieces(tuple(pieces), predicate)
