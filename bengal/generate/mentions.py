"""What is a mention: named entities, and KB concepts written as common nouns (``--mentions``).

``--mentions all`` is BENGAL's behaviour: every KB resource a fact names is a gold mention.
``--mentions concepts`` writes the text as ``named`` does and annotates the concepts too, as the
common nouns they are ("plays the [guitar]", "worked as an [author]"; the article is no part of the
mention), as DBpedia Spotlight's corpus annotates "smartphone", "basketball" and "album" and OKE 2015 its
roles ("professor", "poet").
``--mentions named`` (the default) annotates only named entities (persons, organisations,
places, works, events, …), as the GERBIL news corpora do (KORE50, Reuters-128, RSS-500 and
OKE never annotate "clarinet" or "author"); a KB concept (a genre, an instrument, an
occupation, a language, …) is written as plain text in lower case ("plays the clarinet",
"worked as an author") and is not a mention, and a concept that reads wrongly as the object
of its property ("plays the Singing") leaves its fact out. The rule is :meth:`MentionPolicy.is_concept`;
its tables are the lexicon's ``[mentions]`` section (``lang/<code>.toml``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Callable, Collection

from bengal.generate.kbview import COMMON_NOUN, NOT_NAMES, Entity, Ontology
from bengal.generate.lexicon import Lexicon
from bengal.generate.realise import of_plural_class, singular_group_name
from bengal.generate.strategies import Subgraph, Unit
from bengal.generate.verbalise import class_noun
from bengal.kb.labels import local_name
from bengal.kb.sparql import DBO

__all__ = ["MENTION_MODES", "MentionPolicy", "ConceptCounts", "is_title_case", "capitals_only_acronyms",
           "ATTRIBUTE_PROPERTIES"]

#: ``dbo:`` properties (local names) whose object is an attribute of its subject: a place's people, languages,
#: currency, time zone or religion, a party's ideology. In news text (``--mentions named`` and ``concepts``) a walk
#: (path, hybrid) names such an object but does not go on to say its own facts: "Germans are akin to Norwegians."
#: in the story of a Hungarian town says nothing of the town, and the same few peoples' facts came back in many
#: documents (a new user's reading of ``--like reuters128``, seed 7: that sentence in 3 of 128 documents).
ATTRIBUTE_PROPERTIES = frozenset({"ethnicGroup", "language", "officialLanguage", "regionalLanguage", "languages",
                                  "currency", "timeZone", "religion", "denomination", "governmentType", "ideology"})

#: ``--mentions`` values: ``named`` (named entities only; concepts are text), ``all`` (BENGAL: every KB
#: resource a mention, written by its label) and ``concepts`` (named entities and concepts, the concepts
#: written as lower-case common nouns).
MENTION_MODES = ("named", "all", "concepts")

_PARENTHETICAL = re.compile(r"\s*\([^()]*\)$")


def is_title_case(text: str, small_words: frozenset[str] | set[str] = frozenset()) -> bool:
    """Whether ``text`` is written as a name of several words: two or more words, each opening
    with a capital or a non-letter ("Pearl Drums", "The Weinstein Company", "1. FC Köln"),
    except the lexicon's small words ("of", "the", "and", …) after the first. Wikipedia titles
    of concepts are in sentence case ("Bass guitar", "Film director"), those of names in title
    case, so a title-case label names something (Wikipedia's naming conventions, WP:NCCAPS)."""
    words = text.split()
    if len(words) < 2:
        return False
    for k, w in enumerate(words):
        if k and w in small_words:
            continue
        if w[:1].isalpha() and not w[:1].isupper():
            return False
    return True


def capitals_only_acronyms(text: str, small_words: frozenset[str] | set[str] = frozenset()) -> bool:
    """Whether every word of ``text`` after the first (the lexicon's small words aside) is an acronym, its
    letters (two or more) all capitals ("Contemporary R&B", "Alternative R&B"): such a label's capitals say
    nothing of title case, as a sentence-case title writes an acronym in capitals too. A Roman numeral is
    no acronym ("Selim II" is a name)."""
    later = [w for w in text.split()[1:] if w not in small_words]
    return bool(later) and all(len(letters := [c for c in w if c.isalpha()]) >= 2
                               and all(c.isupper() for c in letters) and not set(letters) <= set("IVXLCDM")
                               for w in later)


@dataclass
class ConceptCounts:
    """What :meth:`MentionPolicy.apply` did to one document's facts.

    Attributes:
        concepts: objects written as plain text (not mentions), per property local name.
        left_out: facts left out (a concept that reads wrongly as its property's object,
            or a concept as a fact's subject), per property local name.
    """

    concepts: dict[str, int] = field(default_factory=dict)
    left_out: dict[str, int] = field(default_factory=dict)


class MentionPolicy:
    """The ``--mentions`` rule of one run.

    Args:
        lex: the lexicon (its ``[mentions]`` tables: ``named_classes``, ``concept_classes``,
            ``concept_properties``, ``concept_only``, ``small_words``, ``article_before``, ``article_not_before``,
            ``definite_before``,
            ``strip_suffix``, ``strip_suffix_of``, ``news_words``, ``keep_case``, ``leave_out``).
        onto: the KB's ontology (class ancestors, property ranges).
        mode: one of :data:`MENTION_MODES`.
        keep: entities never treated as concepts (emerging entities: made-up names).
        links: ``links(uri) -> {property IRI: count}``, the properties that point at an entity in
            the KB (:func:`bengal.generate.kbview.incoming_property_counts`), the evidence for a
            one-word object of a concept property that has a named class; ``None``: no such
            evidence (the object is then a name).
        own_facts: ``own_facts(uri) -> properties``, the properties of the facts the KB states of an entity
            (:func:`bengal.generate.kbview.outgoing_properties`); one that is no concept property
            (:meth:`concept_property`) is the evidence that such an object is a named work or product ("Bully
            (video game)", with a developer; "Zork", with its platforms), not a concept ("Laptop", "Tanker
            (ship)": nothing; "Anarcho-punk", typed Band, only its ``instrument`` and ``stylisticOrigin``);
            ``None``: no such evidence.

    Raises:
        ValueError: for a mode outside :data:`MENTION_MODES`.
    """

    def __init__(self, lex: Lexicon, onto: Ontology, mode: str,
                 keep: Callable[[Entity], bool] = lambda e: False,
                 links: Callable[[str], dict[str, int]] | None = None,
                 own_facts: Callable[[str], Collection[str]] | None = None) -> None:
        if mode not in MENTION_MODES:
            raise ValueError(f"unknown mentions mode {mode!r} (available: {', '.join(MENTION_MODES)})")
        self.lex, self.onto, self.mode, self.keep, self.links = lex, onto, mode, keep, links
        self.own_facts = own_facts
        #: concept_parts' answers, by (property, label, classes): every document asks again (issue 15)
        self._concept_parts: dict[tuple[str, str, tuple[str, ...]], tuple[str, str]] = {}
        self._as_name: dict[str, bool] = {}
        #: is_concept's answers, by (property, entity): asked two or three times for each fact's object of every
        #: seed candidate, whose objects recur (issue 15); bounded as the fact caches
        self._concepts: dict[tuple[str | None, Entity], bool] = {}
        table = lex.data.get("mentions", {})
        self.named_classes = {DBO + c for c in table.get("named_classes", ())}
        self.concept_classes = {DBO + c for c in table.get("concept_classes", ())}
        self.concept_props = set(table.get("concept_properties", ()))
        self.small_words = set(table.get("small_words", ()))
        self.article_before = set(table.get("article_before", ()))
        #: mass nouns among the concepts of ``article_before`` properties, which take no article ("federalism")
        self.article_not_before = [re.compile(p) for p in table.get("article_not_before", ())]
        self.definite_before = set(table.get("definite_before", ()))
        self.strip_suffix: dict[str, str] = dict(table.get("strip_suffix", {}))
        #: property local name → a suffix its wordings write themselves ("industry" → " industry")
        self.strip_suffix_of: dict[str, str] = dict(table.get("strip_suffix_of", {}))
        #: a concept's label → the words news writes for it ("Hip hop music" → "Hip hop")
        self.news_words: dict[str, str] = dict(table.get("news_words", {}))
        self.keep_case = {DBO + c for c in table.get("keep_case", ())}
        #: ``[mentions] lower_case = false``: a concept keeps its label's capitals (German writes
        #: every noun with one: "auf dem Gebiet Astronomie", not "astronomie")
        self.lower_case = bool(table.get("lower_case", True))
        self.noise = {DBO + c for c in table.get("concept_noise", ())}
        self.leave_out = {p: {w.lower() for w in ws} for p, ws in table.get("leave_out", {}).items()}
        #: properties whose concept object, when it is the subject's class noun, says nothing ("The musician Bernard
        #: Fowler … worked as a musician": a blind reader's mark, twenty-first session)
        self.said_by_class = set(table.get("said_by_class_noun", ()))
        self.concept_only = set(table.get("concept_only", ()))
        #: properties whose wordings take their object as a people with a plural verb ("{o} live in {s}.")
        self.group_objects = set(table.get("group_objects", ()))
        self.country_objects = set(table.get("country_objects", ()))
        self.plural_classes = tuple(lex.data.get("realise", {}).get("possessive", {}).get("plural_classes", ()))
        self._kinds: dict[tuple[str, ...], tuple[bool, bool, bool]] = {}

    @property
    def news_text(self) -> bool:
        """Whether the text is written as news writes it (``named`` and ``concepts``): concepts as
        common nouns, places' qualifiers as mentions of their own, lists abridged, and the rest of the
        microplanner's news levers; ``all`` keeps BENGAL's text (B1–B10)."""
        return self.mode != "all"

    def _class_kind(self, classes: tuple[str, ...]) -> tuple[bool, bool, bool]:
        """``(concept class, named class, named class outside concept_noise)`` among the classes
        and their ancestors."""
        if classes not in self._kinds:
            every = set(self.onto.with_ancestors(classes))
            named = every & self.named_classes
            self._kinds[classes] = (bool(every & self.concept_classes), bool(named), bool(named - self.noise))
        return self._kinds[classes]

    def concept_property(self, prop: str) -> bool:
        """Whether the objects of ``prop`` are concepts by the property: it is listed in
        ``concept_properties`` or its ``rdfs:range`` is (under) a class of ``concept_classes``
        (``dbo:instrument`` → ``Instrument``, ``dbo:genre`` → ``Genre``)."""
        if local_name(prop) in self.concept_props:
            return True
        rng = self.onto.ranges.get(prop)
        return rng is not None and self._class_kind((rng,))[0]

    def is_concept(self, prop: str | None, entity: Entity) -> bool:
        """Whether ``entity``, named by a fact of ``prop`` (``None``: as a subject), is a concept.

        Rule, in order: ``all`` mode, an entity to ``keep`` (emerging) or a title-case label of two
        or more words (:func:`is_title_case`) is never a concept, unless the entity has a concept class and
        its capitals after the first word are acronyms (:func:`capitals_only_acronyms`: "Contemporary R&B", a
        genre, is sentence case); an entity with a class (or an
        ancestor) in ``concept_classes`` is one; the object of a concept property
        (:meth:`concept_property`) is one unless it has a one-word label, a named class outside
        ``concept_noise`` and the KB links it more often by other properties than by concept
        properties (``links``) or states facts of it by other properties (``own_facts``): "Motown", a record
        label, as a genre is
        a name, and so is "Bully (video game)", a ``product`` with a developer ("is active in the bully
        business" was written); "Guitar", typed MusicalArtist by DBpedia's noise, "Laptop", typed Device but
        only ever a ``product`` and the subject of nothing, and "Film director", in sentence case, are
        concepts. Any other entity is not a concept. Each ``(prop, entity)`` worked out once.
        """
        key = (prop, entity)
        found = self._concepts.get(key)
        if found is None:
            if len(self._concepts) > 20000:
                self._concepts.clear()
            found = self._concepts[key] = self._is_concept(prop, entity)
        return found

    def _is_concept(self, prop: str | None, entity: Entity) -> bool:
        if self.mode == "all" or self.keep(entity):
            return False
        text = _PARENTHETICAL.sub("", entity.label)
        concept_cls, _, named_beyond_noise = self._class_kind(entity.classes)
        if is_title_case(text, self.small_words) and not (
                concept_cls and capitals_only_acronyms(text, self.small_words)):
            return False
        if concept_cls:
            return True
        if prop is None or not self.concept_property(prop):
            return False
        return not named_beyond_noise or len(text.split()) > 1 or not self._used_as_name(entity.uri)

    def _used_as_name(self, uri: str) -> bool:
        """Whether the KB links ``uri`` by other properties more often than by concept properties
        ("Motown": ``recordLabel`` far more than ``genre``; "Laptop", typed Device, only by ``product``) or
        states facts of it by other than concept properties (``own_facts``: "Bully (video game)" has a developer,
        "Laptop" nothing)."""
        if self.links is None:
            return True
        if uri not in self._as_name:
            counts = self.links(uri)
            concept = sum(n for p, n in counts.items() if self.concept_property(p))
            if len(self._as_name) > 20000:  # bounded, as the fact caches
                self._as_name.clear()
            self._as_name[uri] = sum(counts.values()) - concept > concept or (
                self.own_facts is not None and not all(self.concept_property(p) for p in self.own_facts(uri)))
        return self._as_name[uri]

    def concept_text(self, prop: str, entity: Entity) -> str:
        """:meth:`concept_parts` as one text ("an author")."""
        article, noun = self.concept_parts(prop, entity)
        return article + noun

    def concept_parts(self, prop: str, entity: Entity) -> tuple[str, str]:
        """``(article, noun)``: the plain text of a concept object: its label without the disambiguation
        parenthesis, capitalised words in lower case except the lexicon's proper words and a name after an
        inner "the" ("City status in the United Kingdom" → "city status in the United Kingdom"), less its
        ``[mentions] common_words`` ("World music" → "world music";
        :meth:`bengal.generate.lexicon.Lexicon.common_noun`'s rule: "Bass guitar" → "bass
        guitar", "Christian rock" stays; a class of ``keep_case`` keeps every capital:
        "Standard Chinese"; so does an object of a property whose range is such a class, typed or not:
        "Sami languages"), a suffix of ``strip_suffix`` for its class removed, else one of ``strip_suffix_of``
        for its property, which the property's wordings write themselves ("Automotive industry" as an
        ``industry``: "works in the automotive industry", not "the automotive industry industry")
        ("English language" → "English"), and the indefinite article before it for a property of
        ``article_before`` ("worked as an author"; a label of ``news_words`` first gives way to the words news
        writes for it: "Hip hop music" → "hip hop") unless a pattern of ``article_not_before`` finds it a mass noun
        ("federalism"), or the definite article of its gender for a
        property of ``definite_before`` (es "toca la guitarra y el piano"), the article with the space
        after it (``""`` when none). Worked out once per property, label and classes."""
        key = (prop, entity.label, entity.classes)
        found = self._concept_parts.get(key)
        if found is None:
            found = self._concept_parts[key] = self._build_concept_parts(prop, entity)
        return found

    def _build_concept_parts(self, prop: str, entity: Entity) -> tuple[str, str]:
        text = _PARENTHETICAL.sub("", entity.label).strip()
        text = self.news_words.get(text, text)  # "whose music is rooted in hip hop", not "in hip hop music"
        for cls in self.onto.with_ancestors(entity.classes):
            suffix = self.strip_suffix.get(local_name(cls))
            if suffix and text.endswith(suffix) and len(text) > len(suffix):
                text = text[: -len(suffix)]
                break
        else:  # the property's own wording says the noun: "works in the automotive industry", not "industry industry"
            suffix = self.strip_suffix_of.get(local_name(prop), "")
            if suffix and text.lower().endswith(suffix) and len(text) > len(suffix):
                text = text[: -len(suffix)]
        rng = self.onto.ranges.get(prop)
        kept = set(self.onto.with_ancestors(entity.classes)) | set(self.onto.with_ancestors((rng,)) if rng else ())
        if self.lower_case and not kept & self.keep_case:  # an untyped language keeps its case by the range
            proper = set(self.lex.meta.get("proper_words", ()))
            # a demonym of several words is proper as a whole: "New Zealand" keeps "New", "New jack swing" does not
            proper |= {w for v in self.lex.data.get("demonyms", {}).values()
                       if " " not in v or re.search(rf"\b{re.escape(v)}\b", text) for w in v.split()}
            proper -= set(self.lex.data.get("mentions", {}).get("common_words", ()))
            # (a letter before a hyphen is an initial: "K-pop", "J-rock" keep it; capitalised words after an
            # inner "the" are a name in a sentence-case title: "city status in the United Kingdom")
            words, named = text.split(), False
            for k, w in enumerate(words):
                named = w[:1].isupper() and k > 1 and (named or words[k - 1] == "the")
                if (w[:1].isupper() and (w[1:].islower() or len(w) == 1) and w not in proper and w[1:2] != "-"
                        and not named):
                    words[k] = w.lower()
            text = " ".join(words)
        if local_name(prop) in self.article_before and not any(p.search(text) for p in self.article_not_before):
            return f"{self.lex.article(text)} ", text
        if local_name(prop) in self.definite_before:  # es "toca el piano", each object of a list its own
            return self.lex.definite(text), text
        return "", text

    def concept_classes_of(self, prop: str, entity: Entity) -> tuple[str, ...]:
        """The classes a concept mention is typed with in the gold (``--mentions concepts``): those of
        ``entity``'s classes that are (under) a class of ``concept_classes``, else the range of ``prop``
        when it is one ("guitar", typed MusicalArtist by DBpedia's noise, as an ``instrument``:
        ``dbo:Instrument``), else none. A concept is no person, place or organisation, whatever the KB
        types it as."""
        kept = tuple(c for c in entity.classes if self._class_kind((c,))[0])
        if kept:
            return kept
        rng = self.onto.ranges.get(prop)
        return (rng,) if rng is not None and self._class_kind((rng,))[0] else ()

    def leaves_out(self, prop: str, entity: Entity) -> bool:
        """Whether the fact ``(…, prop, entity)`` is left out in ``named`` mode: the concept reads
        wrongly as the object of its property (the lexicon's ``leave_out`` table: "singing",
        "vocals" as an ``instrument``; ``"*"``: every concept of the property, "Ipswich is of the
        type city")."""
        if self.mode == "all":
            return False
        words = self.leave_out.get(local_name(prop))
        if not words:  # most properties: no label to read
            return False
        return "*" in words or _PARENTHETICAL.sub("", entity.label).lower() in words

    def _is_people(self, entity: Entity) -> bool:
        """Whether ``entity`` is a people (a class of ``[realise.possessive] plural_classes``: "Irish people",
        "Colombians"), which no property of ``[mentions] country_objects`` takes as its object."""
        return of_plural_class(self.lex, self.onto.with_ancestors(entity.classes))

    def _singular_group(self, entity: Entity) -> bool:
        """Whether ``entity`` is a people (a class of ``[realise.possessive] plural_classes``) whose name is a
        singular noun (:func:`bengal.generate.realise.singular_group_name`: "Mulatto", "African diaspora")."""
        return self._is_people(entity) and singular_group_name(self.lex, _PARENTHETICAL.sub("", entity.label))

    def _group_wording_misfits(self, prop: str, subject: Entity) -> bool:
        """Whether a fact of ``prop`` (a local name) about ``subject`` is left out in ``named`` mode: the lexicon words
        it for a people in the plural (its entry's ``EthnicGroup`` table or ``classes``: "{s} live in {o}.", "{s}
        speak {o}.") and ``subject`` is a people whose name is a singular noun (:meth:`_singular_group`): "Mulatto
        live in Latin America" was written, and no wording of the fact fits both."""
        entry = self.lex.data.get("templates", {}).get(prop)
        if not isinstance(entry, dict) or not any(
                c in entry or c in entry.get("classes", ()) for c in self.plural_classes):
            return False
        return self._singular_group(subject)

    def named_range(self, prop: str) -> bool:
        """Whether ``prop``'s ``rdfs:range`` is (under) a named class and no concept class (``keyPerson`` →
        ``Person``, ``employer`` → ``Organisation``): a concept as its object contradicts it ("Chief
        executive officer holds a key role at Aviva": the KB's ``keyPerson`` names an office, typed
        ``PersonFunction``)."""
        rng = self.onto.ranges.get(prop)
        if rng is None:
            return False
        concept_cls, named, _ = self._class_kind((rng,))
        return named and not concept_cls

    def may_be_subject(self, prop: str | None, entity: Entity) -> bool:
        """Whether a strategy may say facts about ``entity`` (reached by ``prop``): not a concept
        (``named`` mode says nothing about genres and instruments themselves), and not an attribute of the
        entity before it (reached by one of :data:`ATTRIBUTE_PROPERTIES`: its people, language, currency)."""
        if self.mode == "all":
            return True
        return not (prop is not None and local_name(prop) in ATTRIBUTE_PROPERTIES) and not self.is_concept(prop, entity)

    def apply(self, sub: Subgraph) -> tuple[Subgraph, ConceptCounts]:
        """The subgraph with concept objects written as text (an :class:`Entity` whose ``form``
        is :meth:`concept_text` and ``form_kind`` ``"concept"``; the verbaliser writes it as a
        plain string, never a mention; in ``concepts`` mode an entity whose ``form`` is the noun of
        :meth:`concept_parts`, its ``article`` the article and ``form_kind``
        :data:`~bengal.generate.kbview.COMMON_NOUN`: a mention) and facts left out (:meth:`leaves_out`, a concept
        subject, a concept as the object of a property of a named range (:meth:`named_range`), or a name as the
        object of a property of ``concept_only``: "espouses Bülent Ecevit"), a list that mixes names and concepts
        of a property with a ``concepts`` wording split in two units (:meth:`_split_names_and_concepts`), and a
        people whose name is a singular noun where the wording is plural (the subject of such a fact,
        :meth:`_group_wording_misfits`, or the object of a property of ``[mentions] group_objects``: "Mulatto live in
        Latin America"), a people as the object of a property of ``[mentions] country_objects`` ("held the
        nationality of Irish people"), a concept of a property of ``[mentions] said_by_class_noun`` that is the
        subject's class noun ("The musician Bernard Fowler … worked as a musician"), and, with ``[meta]
        unworded_left_out``, a fact whose property has no
        template of the lexicon's (only the label fallback: "The Drum's cinematography is Périnal"); in ``all``
        mode ``sub`` itself."""
        counts = ConceptCounts()
        if self.mode == "all":
            return sub, counts
        units: list[Unit] = []
        worded = self.lex.data.get("templates", {}) if self.lex.meta.get("unworded_left_out") else None
        for u in sub.units:
            name = local_name(u.prop)
            if worded is not None and name not in worded:  # no wording but the label fallback ([meta])
                counts.left_out[name] = counts.left_out.get(name, 0) + len(u.objects)
                continue
            if u.subject.form_kind != "concept" and u.subject.uri != sub.seed.uri and self.is_concept(None, u.subject):
                counts.left_out[name] = counts.left_out.get(name, 0) + len(u.objects)
                continue
            if self._group_wording_misfits(name, u.subject):
                counts.left_out[name] = counts.left_out.get(name, 0) + len(u.objects)
                continue
            objects = []
            noun = class_noun(self.lex, self.onto, u.subject) if name in self.said_by_class else None
            for o in u.objects:
                if noun is not None and o.form_kind is None and self.is_concept(u.prop, o) \
                        and self.concept_parts(u.prop, o)[1] == noun:
                    counts.left_out[name] = counts.left_out.get(name, 0) + 1  # "the musician … worked as a musician"
                elif self.leaves_out(u.prop, o) or (name in self.group_objects and self._singular_group(o)) or (
                        name in self.country_objects and self._is_people(o)) or (
                        name in self.concept_only and o.form_kind is None
                        and not self.keep(o) and not self.is_concept(u.prop, o)):
                    counts.left_out[name] = counts.left_out.get(name, 0) + 1
                elif o.form_kind is None and self.is_concept(u.prop, o) and self.named_range(u.prop):
                    counts.left_out[name] = counts.left_out.get(name, 0) + 1  # an office as a key person
                elif o.form_kind is None and self.is_concept(u.prop, o):
                    if self.mode == "concepts":
                        article, noun = self.concept_parts(u.prop, o)
                        objects.append(replace(o.with_form(noun, COMMON_NOUN), article=article,
                                               classes=self.concept_classes_of(u.prop, o)))
                    else:
                        objects.append(o.with_form(self.concept_text(u.prop, o), "concept"))
                    counts.concepts[name] = counts.concepts.get(name, 0) + 1
                else:
                    objects.append(o)
            units += self._split_names_and_concepts(Unit(u.subject, u.prop, tuple(objects))) if objects else []
        return replace(sub, units=tuple(units)), counts

    def _split_names_and_concepts(self, unit: Unit) -> list[Unit]:
        """``[unit]``, or two units (its names, then its concepts) when its objects mix names and concepts
        and its property's lexicon entry words concepts otherwise (a ``concepts`` table:
        :func:`bengal.generate.verbalise.concept_wording`): one list cannot take both wordings ("IG Port works
        in the industries Cinema of Japan and video game" was written; now "IG Port works in the Cinema of
        Japan industry" and "… in the video game industry")."""
        entry = self.lex.data.get("templates", {}).get(local_name(unit.prop))
        if not isinstance(entry, dict) or not entry.get("concepts"):
            return [unit]
        concepts = tuple(o for o in unit.objects if o.form_kind in NOT_NAMES)
        names = tuple(o for o in unit.objects if o.form_kind not in NOT_NAMES)
        if not concepts or not names:
            return [unit]
        return [unit._replace(objects=names), unit._replace(objects=concepts)]
