"""The generation pipeline: KB → seeds → subgraph → sentences → Document with gold.

:func:`generate` is what ``bengal generate`` runs: it draws the seeds, has
:class:`DocumentMaker` make one document per seed (here or in ``--jobs`` worker
processes) and returns the corpus with its statistics (:mod:`bengal.generate.stats`); it
writes nothing. :func:`bengal.workflows.generate_files` checks the gold and writes the
corpus and its manifest.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
import random
import signal
import threading
import time
from collections import Counter
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Callable, Collection, Generator, Mapping, Sequence

from bengal import __version__
from bengal.errors import UsageError
from bengal.generate.config import (
    DEFAULT_CLASSES,
    DOCUMENT_NAMESPACE,
    GenerateConfig,
    corpus_id,
)
from bengal.generate.density import count_tokens
from bengal.generate.docplan import ONE_RELATION, facts_per_sentence, plan_document, plan_to_count
from bengal.generate.emerging import HOSTS as EMERGING_HOSTS
from bengal.generate.emerging import KINDS as EMERGING_KINDS
from bengal.generate.emerging import EmergingPlacer, is_emerging
from bengal.generate.gender import Gender, gender_of, kb_genders
from bengal.generate.kbview import (
    Entity,
    Ontology,
    SubjectDetails,
    act_kind,
    born_entities,
    consistent_classes,
    entities,
    grouped_entities,
    incoming_property_counts,
    is_list_page,
    is_seed,
    load_ontology,
    outgoing_properties,
    places_labelled,
    seed_candidates,
    seeds_surely_refused,
    subject_details,
    typed_band_and_person,
    typed_person_and_organisation,
    unknown_agent,
)
from bengal.generate.lang.naming import (
    LanguageFactSource,
    LanguageNames,
    language_names,
    language_stats,
    localised_ontology,
)
from bengal.generate.lexicon import Lexicon, load_lexicon
from bengal.generate.literals import add_literals, birth_year, office_properties, person_lifespans, titled_offices
from bengal.generate.mentions import MentionPolicy
from bengal.generate.microplan import (
    density_of,
    drawn,
    fold_opening,
    microplan,
    type_apposition_of,
    type_noun_phrase,
)
from bengal.generate.nameparts import add_name_parts, save_name_parts, take_new_name_parts
from bengal.generate.paraphrase import Paraphraser
from bengal.generate.realise import is_group_name, kind_contradicts_name, title_after_comma
from bengal.generate.seeds import class_quotas, mix_seeds, seed_class_stats, split_by_class
from bengal.generate.stats import MadeDocument, ambiguity_index, generation_stats, prior_senses
from bengal.generate.strategies import (
    STRATEGIES,
    FactSource,
    StrategyContext,
    Subgraph,
    Unit,
    distinct_names,
    memberships_said,
    parts_in_order,
    without_restated_qualifiers,
)
from bengal.generate.surface import (
    AmbiguityDial,
    SurfaceForms,
    article_outside,
    close_titles,
    name_words,
    names_another,
    order_seeds,
    rank_seeds,
    split_qualified,
    steers_content,
)
from bengal.generate.verbalise import (
    Demonym,
    Sentence,
    class_noun,
    fact_sentence,
    fact_templates,
    name_fit,
    realise,
    says_nothing_new,
    sentence_text,
    type_sentence,
)
from bengal.generate.wordcounts import load_word_counts, save_word_counts
from bengal.kb.labels import local_name, surface_of, writable_label
from bengal.kb.sparql import DBO, SparqlKB
from bengal.model import Corpus, Document, Mention
from bengal.perf import full_gc_paused, pause_full_gc
from bengal.tokens import add_word_counts, count_sentences, take_new_word_counts

__all__ = ["Generated", "generate", "DocumentMaker", "FACT_RICH_WINDOW", "demonym_of", "MADE_UP_COUNTRY_FACTS"]

#: The first (fact-rich) pass of :func:`generate` tries at most this many seed candidates per
#: document wanted before the second pass takes the seeds it passed over (on the bundled sample,
#: star finds 100 fact-rich seeds among the first 9,346 candidates).
FACT_RICH_WINDOW = 100

#: Seed candidates a ``--jobs`` worker takes at a time (fewer for a small corpus: :func:`_made_documents`), about
#: 30-60 ms of work: small enough that no worker waits long for another at the end, large enough that sending them
#: costs little.
CHUNK = 32

#: A made-up entity's facts that give its country for a demonym (:meth:`DocumentMaker.made_up_details`): fact →
#: the :data:`~bengal.generate.kbview.DEMONYM_PROPERTIES` entry it stands for ("a Polish company"; a person's birth
#: place gives a demonym of birth, "Polish-born").
MADE_UP_COUNTRY_FACTS = {"headquarter": "country", "location": "country", "locationCity": "country",
                         "country": "country", "birthPlace": "birthPlace"}

#: The properties that place an entity in another (:meth:`DocumentMaker._placed_in`).
_PLACED_IN = frozenset(DBO + p for p in ("isPartOf", "county", "state", "region", "district"))


@dataclass
class Generated:
    """A generated corpus and what was measured while making it.

    Attributes:
        corpus: the documents with their gold mentions.
        stats: the manifest's ``stats`` section: documents, sentences, tokens, mentions,
            distinct URIs, density reached, fallback sentences, facts per property, …
            (:func:`bengal.generate.stats.generation_stats`).
    """

    corpus: Corpus
    stats: dict[str, Any] = field(default_factory=dict)


class DocumentMaker:
    """Makes the document of one seed candidate; one per process.

    A document depends only on (config, KB, seed entity): its random generator is
    ``Random(f"{seed}|{entity IRI}")``, and nothing is carried from one document to
    the next except caches of KB answers. That is what makes ``--jobs N`` output
    identical to ``--jobs 1``.
    """

    def __init__(self, kb: SparqlKB, config: GenerateConfig, fact_poor: bool = False) -> None:
        self.kb, self.config = kb, config
        # the config's derived values that make() reads for every candidate (properties that parse the option)
        self.count_planner = config.count_planner
        self.sentence_target = config.sentence_target
        #: the fewest outgoing facts a seed candidate needs (make): one, and for star and summary, which say
        #: only the seed's own facts, the fewest units they are asked for (--min-sentences less the type sentence)
        self.least_own_facts = self.fewest_facts(config, fact_poor=True)
        #: the second pass of :func:`generate`: seeds are not held to :meth:`fact_rich`
        self.fact_poor = fact_poor
        # fact_rich's figure, asked for every seed candidate (about 35 a document in the news planner's first pass)
        self._fact_rich = 0 if fact_poor else self.facts_needed(config)
        self.lex = load_lexicon(config.lang, news=config.mentions != "all")  # --mentions all: BENGAL's wordings
        self.office_props = office_properties(self.lex)  # the properties a leader's title is written in
        if config.lang == "en":  # the English words counted by earlier runs: no spaCy for them
            load_word_counts()
        self.onto = load_ontology(kb)
        self.classes = config.class_iris()
        self.wanted = self.onto.subclasses(self.classes)
        self.persons = self.onto.subclasses([DBO + "Person"])
        self.places = self.onto.subclasses([DBO + "Place"])
        self._qualifiers: dict[str, Entity | None] = {}  # _qualifier's answers
        self.countries = self.onto.subclasses([DBO + "Country"])
        self.organisations = self.onto.subclasses([DBO + "Organisation"])
        self._qualified = self.places | self.organisations  # what a label's qualifier may be split from
        self.facts = FactSource(kb, self.onto)
        # a language other than English: its labels, nameable entities and genders (issue 13)
        self.names: LanguageNames | None = None
        if config.lang != "en":
            self.onto = localised_ontology(kb, self.onto, config.lang)
            self.names = language_names(kb, self.lex, self.onto, self.persons)
            self.facts = LanguageFactSource(kb, self.onto, self.names)
        self.strategy = STRATEGIES[config.strategy]
        self.target = config.density_target
        self.policy = MentionPolicy(self.lex, self.onto, config.mentions, keep=lambda e: is_emerging(e.uri),
                                    links=functools.partial(incoming_property_counts, kb),
                                    own_facts=functools.partial(outgoing_properties, kb))
        def surface_forms() -> SurfaceForms:
            return SurfaceForms(kb, self.persons, self.onto.subclasses([DBO + "Place"]),
                                self.onto.subclasses([DBO + "Organisation"]), config.lang, self.lex.articles(),
                                self.lex.designators(), self.lex.news_names(), name_fit(self.lex),
                                short_first=config.first_mention == "short")

        self.forms = surface_forms() if config.surface_forms else None
        # news text: the classes whose names' own "The" is written as the article before the mention ("the Beatles")
        self.article_outside = (self.onto.subclasses([DBO + c for c in self.lex.data.get("mentions", {}).get(
            "article_outside_classes", ())]) if self.policy.news_text else set())
        # issue 11's dials (bengal.generate.surface.AmbiguityDial, bengal.generate.emerging); in
        # another language the index holds the names that language writes (issue 13)
        self.ambiguity: AmbiguityDial | None = None
        self.emerging: EmergingPlacer | None = None
        if config.ambiguity is not None or config.emerging > 0:
            index = ambiguity_index(kb, self.onto, self.names)
            if config.ambiguity is not None:
                self.ambiguity = AmbiguityDial(config.ambiguity, self.forms or surface_forms(), index,
                                               skip=is_emerging, prefer_forms=config.surface_forms,
                                               rare=prior_senses(kb) if config.rare_senses else None)
            if config.emerging > 0:
                kinds = {kind: self.onto.subclasses([DBO + cls])
                         for kind, cls in {**EMERGING_KINDS, **EMERGING_HOSTS}.items()}
                weights = config.emerging_weights()
                if self.names is None:
                    self.emerging = EmergingPlacer(config.emerging, kinds, lambda name: index.entities(name) > 0,
                                                   weights=weights, roles=config.emerging_roles)
                else:  # absent from the names of the language and from the English ones
                    english = ambiguity_index(kb, self.onto)
                    self.emerging = EmergingPlacer(
                        config.emerging, kinds,
                        lambda name: index.entities(name) > 0 or english.entities(name) > 0,
                        self.lex.data["emerging"], weights, config.emerging_roles)
        # the facts the dials want taken first (StrategyContext.prefer): --emerging's roles for a made-up entity,
        # --ambiguity's objects with an ambiguous name or without one (AmbiguityDial.steers_content: at 0.5 or more or
        # under 0.1, names in full first), either where both are given
        wants: list[Callable[[str, Entity], bool]] = []
        if self.emerging is not None:
            wants.append(self.emerging.wants)
        if self.ambiguity is not None and self.ambiguity.steers_content:
            wants.append(self.ambiguity.wants)
        self.prefer: Callable[[str, Entity], bool] | None = (
            None if not wants else wants[0] if len(wants) == 1
            else lambda prop, obj: any(w(prop, obj) for w in wants))

    def can_list(self, prop: str, subject: Entity) -> bool:
        return bool(fact_templates(self.lex, self.onto, prop, subject, 2))

    def _placed_in(self, uri: str) -> list[Entity]:
        """The entities the KB places ``uri`` in (its ``isPartOf``, ``county``, ``state``, ``region`` and
        ``district`` objects): :func:`~bengal.generate.strategies.reversed_part_of`'s evidence."""
        return [o for p, o in self.facts.outgoing(uri) if p in _PLACED_IN]

    def wording(self, prop: str, subject: Entity) -> str | None:
        """The main template of ``prop`` about ``subject`` (the document planner's key: properties worded
        the same are one list, :func:`~bengal.generate.docplan.plan_document`), or ``None`` for a property
        whose objects are no list of equals (a place the subject is in, ``[meta] not_abridged``: "comes
        from Berlin and Germany" would read as two homes) or that has no list wording."""
        if local_name(prop) in self.lex.meta.get("not_abridged", ()) or not self.can_list(prop, subject):
            return None
        found = fact_templates(self.lex, self.onto, prop, subject, 1)
        return found[0] if found else None

    def _unit_length(self, unit: Unit) -> int:
        """Tokens of ``unit`` written as a sentence of its own (main template): the document
        planner's length estimate."""
        if not fact_templates(self.lex, self.onto, unit.prop, unit.subject, len(unit.objects)):
            return 8
        return count_tokens(sentence_text(fact_sentence(self.lex, self.onto, unit.prop, unit.subject,
                                                        unit.objects)), self.lex.lang)

    def fact_rich(self) -> int:
        """The fewest facts (objects) a document's subgraph needs in the first pass of
        :func:`generate` under the count planner (``--sentence-length`` other than ``short``):
        :func:`~bengal.generate.docplan.facts_per_sentence` for each of ``--min-sentences`` sentences
        but one, so that its sentences reach the length rather than falling back to one fact each
        (all ``--min-sentences`` full would leave 78 seeds of the bundled sample's 94,257); 0 for ``short``
        and in the second pass (``fact_poor``). Seeds with fewer are passed over in the first pass
        (:meth:`make` returns ``None``), so the corpus prefers the fact-rich seeds."""
        return self._fact_rich

    @staticmethod
    def facts_needed(config: GenerateConfig) -> int:
        """:meth:`fact_rich`'s figure for ``config`` (0 for ``short``)."""
        if not config.count_planner:
            return 0
        return facts_per_sentence(config.sentence_target) * max(config.min_sentences - 1, 1)

    @staticmethod
    def fewest_facts(config: GenerateConfig, fact_poor: bool = False) -> int:
        """The fewest outgoing facts a seed candidate needs, so that :meth:`make` refuses one with fewer
        before anything else is read (a bound any number of ``dbo:`` triples of the KB's view can test,
        :meth:`bengal.generate.strategies.FactSource.surely_fewer_outgoing`): 1 (no fact, no seed: ``is_seed``);
        for star and summary, which say only the seed's own facts, the fewest units their strategy is asked for
        (``--min-sentences`` less the type sentence, at least 1) and, in the count planner's fact-rich pass
        (not ``fact_poor``), :meth:`fact_rich`'s figure."""
        if config.strategy not in ("star", "summary"):
            return 1
        least = max(config.min_sentences - 1, 1)
        return least if fact_poor else max(least, DocumentMaker.facts_needed(config))

    def make(self, seed_uri: str) -> MadeDocument | None:
        """The document for one seed candidate, or ``None`` when it is not a usable seed."""
        config, lex, onto = self.config, self.lex, self.onto
        count_planner = self.count_planner
        self.facts.start_document()  # the facts left out as no place are counted per document (no_place_facts)
        # (the second pass holds no seed to a figure: fact_rich() is 0, and asking fewer_outgoing would fetch the
        # facts of every candidate, most of which the bound below refuses without them)
        fact_rich = self.fact_rich()
        if (fact_rich and count_planner and config.strategy in ("star", "summary")
                and self.facts.fewer_outgoing(seed_uri, fact_rich)):
            return None  # star and summary say only the seed's own facts: too few for the length
        # no fact is no seed (is_seed below); star and summary say only the seed's own facts, at least
        # --min-sentences of them less the type sentence (the strategy's min_units below): known before
        # the label is read
        if self.facts.surely_fewer_outgoing(seed_uri, self.least_own_facts):
            return None
        info = entities(self.kb, onto, [seed_uri]).get(seed_uri)
        if info is None or not writable_label(info.label) or is_list_page(info.label):
            return None
        facts = self.facts.outgoing(seed_uri)
        if not is_seed(onto, facts, self.wanted):  # two of three candidates: before the seed's classes are worked out
            return None
        # a seed the KB shows to be one person (a birth or death place or date, a spouse, a parent, a child) is a
        # person, whatever else it is typed
        born = typed_person_and_organisation(onto, info.classes) and seed_uri in born_entities(self.kb, [seed_uri])
        # an act typed a band and a person is a group by its members, else undecided (kbview.act_kind)
        grouped = typed_band_and_person(onto, info.classes) and seed_uri in grouped_entities(self.kb, [seed_uri])
        preferred = info.preferring(self.wanted)
        if self.policy.news_text and kind_contradicts_name(lex, class_noun(lex, onto, preferred), info.label):
            # a seed drawn as a Settlement whose name says another kind is not called one: "Bojnord County, a
            # settlement, includes Central District" (a new user's reading); its own classes decide (an
            # administrative region); --mentions all is BENGAL's text, B1-B10 keep their bytes
            preferred = info
        info = consistent_classes(onto, preferred, [onto.domains.get(p) for p, _ in facts], born, grouped)
        if self.names is not None:
            localised = self.names.one(info)
            if localised is None:
                return None
            info = localised
        # drawn only for a seed (a generator seeded by a string costs a SHA-512 of it)
        rng = random.Random(f"{config.seed}|{seed_uri}")
        k = rng.randint(config.min_sentences, config.max_sentences)
        # (an act the KB leaves undecided between a person and a group has no type to say: kbview.unknown_agent)
        typed = 1 if info.classes and k >= 2 and not unknown_agent(onto, info) else 0
        if typed and self.policy.news_text and (says_nothing_new(lex, class_noun(lex, onto, info), info.label)
                                                or kind_contradicts_name(lex, class_noun(lex, onto, info), info.label)):
            # news text: never "Jane Novak was an American person.", nor "Lostine River is a river." (the name says
            # it; a new user's reading), nor "Kagoshima Prefecture is a settlement." where the KB gives no other class
            # than one the name contradicts (a second new user's reading, 7 December 2026: 9 of 533 sentences)
            typed = 0
        policy = self.policy if self.policy.news_text else None
        ctx = StrategyContext(info, self.facts, rng, self.can_list,
                              facts if self.ambiguity is None else self.ambiguity.prefer_facts(facts),
                              policy.may_be_subject if policy is not None else None,
                              self.prefer,
                              lambda prop: lex.chained(local_name(prop)))
        # --sentence-length news or N: k is the sentence count, fetch facts for sentences of the length
        wanted_units = k * facts_per_sentence(self.sentence_target) if count_planner else k - typed
        sub = self.strategy(ctx, wanted_units, max(config.min_sentences - typed, 1))
        if sub is None:
            return None
        sub = distinct_names(sub)  # one name, one entity in a document
        sub = parts_in_order(sub, self._placed_in)  # "County Tipperary is part of Clonmel" the right way round
        as_members = 0
        if self.policy.news_text:  # "X collaborated with Iron Maiden" of a member (BENGAL's text keeps the KB's link)
            sub, as_members = memberships_said(sub, self.facts.outgoing, self.facts.incoming)
        sub, concepts = self.policy.apply(sub)
        if self.emerging is not None:  # after the policy: a concept or a fact left out hosts no made-up entity
            sub = self.emerging.place(sub, rng)
        if not sub.units:
            return None
        if count_planner and sum(len(u.objects) for u in sub.units) < self.fact_rich():
            return None  # too few facts for sentences of the length: a fact-richer seed comes next
        people = {u.subject.uri for u in sub.units if onto.is_instance(u.subject, self.persons)} | (
            {info.uri} if onto.is_instance(info, self.persons) else set())
        if self.policy.news_text:  # the people a template opens with ("{o} is a member of {s}"): their tense
            people |= {o.uri for u in sub.units for o in u.objects if onto.is_instance(o, self.persons)}
        # the leaders a title may go before (literals.titled_offices): their offices are among their details
        leaders = ({o.uri for u in sub.units if local_name(u.prop) in self.office_props for o in u.objects}
                   if self.policy.news_text else set())
        details = subject_details(self.kb, sorted({u.subject.uri for u in sub.units} | {info.uri} | people | leaders))
        past = {uri for uri, d in details.items() if d.deceased}
        dates: dict[str, int] = {}
        lifespans: dict[str, tuple[str | None, str | None]] = {}
        if config.literals:
            sub, dates = add_literals(lex, onto, sub, details)
            if self.policy.news_text:  # a person named as an object: their dates in a relative clause
                lifespans = person_lifespans(lex, details, people - {u.subject.uri for u in sub.units})
        titles: Counter[str] = Counter()
        if self.policy.news_text:  # "led by Prime Minister Joop den Uyl"; --mentions all: B1-B10 keep their bytes
            sub, titles = titled_offices(lex, sub, details)
        if config.literals or self.policy.news_text:  # --mentions all: BENGAL's text, B1-B10 keep their bytes
            before = int(lex.data.get("tense", {}).get("past_born_before", 0))
            past |= {uri for uri, d in details.items() if (birth_year(d) or before) < before}
        past &= people
        # A person the KB gives no death and no early birth for may be alive or dead (40,041 of the sample's
        # 44,177 people): the wordings must hold either way (docs/generate.md, "Tense"). Facts take the past
        # tense (an event: "X played for Y" is true of the living and the dead; "X plays for Y" is false of
        # the dead) and the type the lexicon's type_sentence_unsure ("X is known as a writer.").
        unsure = people - past if self.policy.news_text and "type_sentence_unsure" in lex.meta else set()
        opening = None
        # the seed's own facts name these: a demonym from one of them says it twice ("Gifhorn, a
        # German administrative region, is in Germany"; "X is a German philosopher. X was born in Germany.");
        # --mentions all is BENGAL's text, B1-B10 keep their bytes
        said = ({o.uri for u in sub.units if u.subject.uri == info.uri for o in u.objects}
                if self.policy.news_text else set())
        if typed:
            opening = type_sentence(lex, onto, info, self.demonym(details[info.uri].countries, said), info.uri in past,
                                    unsure=info.uri in unsure)
        # the document's entities (the seed, then its facts' subjects and objects), by URI
        in_doc = {e.uri: e for e in (info, *(u.subject for u in sub.units), *(o for u in sub.units for o in u.objects))}
        demonyms = (self.apposition_demonyms(in_doc, {**details, **self.made_up_details(sub)},
                                             skip={info.uri} if typed else set())
                    if self.policy.news_text and lex.meta.get("apposition_demonym") else None)
        forms = None
        if self.forms is not None:
            self.forms.prefetch(sorted(in_doc))
            forms = self._form_chooser(seed_uri, name_words(in_doc.values()))
        genders = None
        if config.pronouns:
            # an agent of no known kind (an act the KB leaves undecided between a person and a group) takes no
            # pronoun: neither "he", "she", "they" nor "it" is sure
            subjects = {u.subject.uri: u.subject for u in sub.units if not unknown_agent(onto, u.subject)}
            in_kb = kb_genders(self.kb, [u for u, e in subjects.items() if onto.is_instance(e, self.persons)])
            if self.names is None:
                genders = {u: gender_of(e, onto.is_instance(e, self.persons), in_kb.get(u))
                           for u, e in subjects.items()}
            else:  # only a person of known sex takes a pronoun (lang/rules.py: pronoun_clash)
                genders = {u: Gender({"m": "he", "f": "she"}[e.gender], "foaf:gender" if u in in_kb else "first_name")
                           for u, e in subjects.items()
                           if onto.is_instance(e, self.persons) and e.gender in ("m", "f")}
        paraphraser = Paraphraser(lex, f"{config.seed}|{seed_uri}") if config.paraphrase else None
        fold: str | None = None
        fold_np: str | None = None
        if count_planner and opening is not None:  # length first: the type is an apposition, not a 5-token sentence
            fold_np = type_noun_phrase(lex, onto, info, self.demonym(details[info.uri].countries, said))
            fold = type_apposition_of(lex, fold_np)
        split = None
        # a qualifier is a mention of its own unless another entity of the document has its name ("Portland,
        # Oregon" beside the band Oregon): one name, one entity (strategies.distinct_names)
        doc_names = {surface_of(e.label): uri for uri, e in in_doc.items()}

        def qualifier(entity: Entity) -> Entity | None:
            found = self._qualifier(entity)
            return found if found is None or doc_names.get(found.surface, found.uri) == found.uri else None

        said_by_name = 0
        if self.policy.news_text and self.ambiguity is None:  # the dial may write "Hope" alone, which says no state
            sub, said_by_name = without_restated_qualifiers(sub, qualifier)
            if not sub.units:
                return None
        if self.policy.news_text:  # "[Eugene], [Oregon]", as news marks a place's qualifier, or "[Eugene]"
            def split(sentence: Sentence, named: frozenset[str] = frozenset()) -> list[Sentence]:
                if not any(isinstance(p, Entity) and ", " in p.label for p in sentence.pieces):
                    return [sentence]  # no label with a qualifier (_qualifier): nothing to split
                both = split_qualified([sentence], qualifier)[0]
                # the head alone only for a place named before: a first mention keeps its qualifier ("Roswell,
                # Georgia"; "Roswell" alone reads as New Mexico's: a copy editor's reading, thirteenth session);
                # without such a piece head_only changes nothing, so it is not asked (every candidate wording is
                # split: issue 15)
                if not any(isinstance(p, Entity) and p.uri in named and ", " in p.label for p in sentence.pieces):
                    return [both]
                head = split_qualified([sentence], qualifier, head_only=True, named=named)[0]
                return [both] if head.pieces == both.pieces else [both, head]

            opening = split(opening)[0] if opening is not None else None
        # every entity piece of a candidate wording is one of the document's entities (in another form at most, with
        # its label): without a label that has a qualifier, split gives each candidate as it is, so none is asked
        split_candidates = split if split is not None and any(
            ", " in e.label for e in (info, *(u.subject for u in sub.units), *(o for u in sub.units for o in u.objects))
        ) else None

        # one relation, one mention of its object ("partnered with X and was linked to X"); news text only: BENGAL's
        # text (--mentions all, B1-B10, P1-P4, S1-S4) keeps its bytes
        relations = ONE_RELATION if self.policy.news_text else None

        def word(units: Subgraph) -> list[Sentence]:
            """The document's sentences for the facts of ``units`` (document plan, microplan, the folded type)."""
            if count_planner:
                # a folded type is no sentence of its own: the facts keep --min-sentences
                at_least = max(config.min_sentences - (typed if fold is None else 0), 1)
                doc_plan = plan_to_count(units, k, self.can_list, at_least=at_least,
                                         per_sentence=facts_per_sentence(self.sentence_target), wording=self.wording,
                                         relations=relations)
            else:
                doc_plan = plan_document(units, self._unit_length, self.sentence_target, config.min_sentences,
                                         self.can_list, self.wording, relations)
            written = microplan(lex, onto, doc_plan.sentences, self.target, None if fold else opening, past | unsure,
                                forms=forms, genders=genders, annotate_pronouns=config.annotate_pronouns,
                                paraphraser=paraphraser, persons=self.persons, keep_opening=count_planner,
                                chain_length=self.sentence_target if count_planner else None,
                                object_tense=self.policy.news_text, unsure=frozenset(unsure),
                                abridge=self.policy.news_text, lifespans=lifespans, split=split_candidates,
                                vary=f"{config.seed}|{seed_uri}" if self.policy.news_text else None,
                                describe_named=self.policy.news_text, demonyms=demonyms)
            if fold is not None:
                folded = fold_opening(lex, written, info.uri, fold, fold_np, onto.is_instance(info, self.places))
                if folded is not None and (abs(density_of(lex, folded) - self.target)
                                           <= abs(density_of(lex, written) - self.target)):
                    written = folded  # a dense target may leave the type out, as the short planner does
                # else the first sentence cannot take it; the count is full, so no type sentence is added
            if count_planner:
                # a planned sentence whose facts could not share one is split by the microplanner: the
                # document keeps its drawn count and leaves the last facts out
                written = written[:k]
            return written

        sentences = word(sub)
        left_for_density: tuple[str, ...] = ()
        reached = density_of(lex, sentences)
        if count_planner and self.policy.news_text and reached < self.target:
            # news-length sentences aggregate one subject's facts, so a dense target needs fewer words without a
            # name: the facts whose objects are all concepts written as text ("whose music draws on jazz and
            # blues", no mention) are left out where that lands closer to the target (stats.mention_mode)
            concept_units = [u for u in sub.units if all(o.form_kind == "concept" for o in u.objects)]
            if 0 < len(concept_units) < len(sub.units):
                without = word(replace(sub, units=tuple(u for u in sub.units if u not in concept_units)))
                if abs(density_of(lex, without) - self.target) < self.target - reached:
                    sentences = without
                    left_for_density = tuple(sorted(local_name(u.prop) for u in concept_units for _ in u.objects))
        if genders is not None and lex.rules is not None:  # Spanish drops a repeated subject
            sentences = [s if s.pronoun is None or (dropped := lex.rules.drop_subject(s.pieces)) is None
                         else replace(s, pieces=tuple(dropped)) for s in sentences]
        if self.forms is not None:  # full name first, then the short name ("Angela Merkel … Merkel"); prefetched above
            sentences = self.forms.shorten_repeats(sentences)
        if self.ambiguity is not None:
            sentences = self.ambiguity.apply_sentences(sentences)
            if split is not None:  # a qualified title the dial wrote back as the label: two mentions too
                sentences = split_qualified(sentences, qualifier)
        if self.article_outside:  # "worked with the Isley Brothers": the name's own article outside the mention
            sentences = article_outside(sentences, self._takes_article_outside)
        if self.policy.news_text:  # "Henry Page Croft, 1st Baron Croft, came from …": a title is parenthetical
            sentences = close_titles(sentences, functools.partial(title_after_comma, self.lex))
        if not sentences:
            # every wording of the planned facts was refused ("Mengo, Uganda is part of Uganda" restates the name
            # and was the one fact of a one-sentence document, `--like rss500 --seed 0`): no document, the next seed
            return None
        text, mentions = realise(sentences)
        tokens = sum(count_tokens(sentence_text(s), self.lex.lang) for s in sentences)
        kinds = tuple(p.form_kind for s in sentences for p in s.pieces if isinstance(p, Entity))
        pronouns = tuple(s.pronoun for s in sentences if s.pronoun is not None)
        # the sentences bengal stats counts in the text (a name such as "Aa!," or a last word such as "F.C."
        # moves spaCy's split), beside the sentences written
        return MadeDocument(text, tuple(mentions), count_sentences(text, self.lex.lang), tokens,
                            sum(s.fallback for s in sentences),
                            tuple(local_name(u.prop) for u in sub.units for _ in u.objects), kinds, pronouns,
                            sum(1 for s in sentences if s.paraphrase),
                            tuple(op for s in sentences for op in s.paraphrase),
                            tuple(sorted(p for p, n in concepts.concepts.items() for _ in range(n))),
                            tuple(sorted(p for p, n in concepts.left_out.items() for _ in range(n))),
                            tuple(sorted(p for p, n in dates.items() for _ in range(n))),
                            k if count_planner else 0, len(sentences), left_for_density, said_by_name,
                            as_members, self._acts_named(mentions),
                            tuple(local_name(p) for p in self.facts.no_place_facts()), tuple(sorted(titles.elements())))

    def _acts_named(self, mentions: Sequence[Mention]) -> tuple[str, ...]:
        """What each act that DBpedia types a band and a person (:func:`~bengal.generate.kbview.typed_band_and_person`)
        named in ``mentions`` is by its facts (:func:`~bengal.generate.kbview.act_kind`: "person", "group",
        "undecided"), one entry per distinct IRI, sorted."""
        onto = self.onto
        uris = sorted({u for m in mentions for u in m.uris})
        acts = [u for u, e in entities(self.kb, onto, uris).items() if typed_band_and_person(onto, e.classes)]
        if not acts:
            return ()
        born, grouped = born_entities(self.kb, acts), grouped_entities(self.kb, acts)
        return tuple(sorted(act_kind(u in born, u in grouped) for u in acts))

    def _qualifier(self, entity: Entity) -> Entity | None:
        """The place that the qualifier of ``entity``'s label names ("Oregon" of "Eugene, Oregon"): the
        place of that name a fact of ``entity`` in the KB links it to; else (English) the one place of
        the KB labelled so exactly (:func:`bengal.generate.kbview.places_labelled`) when it is no country
        (a country qualifier is one the entity's facts name: "Atlanta, Georgia" is not the country
        Georgia) and its country, when a fact gives it, is the entity's; else ``None``: the label stays
        one mention ("Washington, D.C."). The same answers from every backend (facts and one literal
        look-up per name), cached per entity."""
        if ", " not in entity.label:  # the surface is (part of) the label: no qualifier
            return None
        qualifier = surface_of(entity.label).partition(", ")[2]
        if not qualifier or not self.onto.is_instance(entity, self._qualified):
            return None
        if entity.uri in self._qualifiers:
            return self._qualifiers[entity.uri]
        facts = self.facts.outgoing(entity.uri)
        found = next((o for _, o in facts if o.surface == qualifier and o.form is None
                      and self.onto.is_instance(o, self.places)), None)
        if found is None and self.config.lang == "en":
            named = places_labelled(self.kb, self.onto, qualifier)
            candidate = entities(self.kb, self.onto, named).get(named[0]) if len(named) == 1 else None
            if (candidate is not None and candidate.uri != entity.uri
                    and not self.onto.is_instance(candidate, self.countries)):
                ours = {o.uri for p, o in facts if p == DBO + "country"}
                theirs = {o.uri for p, o in self.facts.outgoing(candidate.uri) if p == DBO + "country"}
                if not (ours and theirs) or ours & theirs:
                    found = candidate
        if len(self._qualifiers) > 20000:  # bounded, as the fact caches
            self._qualifiers.clear()
        self._qualifiers[entity.uri] = found
        return found

    def _takes_article_outside(self, entity: Entity) -> bool:
        """Whether news writes ``entity``'s own "The" as the article before its name
        (:func:`~bengal.generate.surface.article_outside`): an entity of ``[mentions] article_outside_classes`` (a
        band), or one whose name is clearly a group's (:func:`~bengal.generate.realise.is_group_name`: "The Rude
        Boys", which DBpedia types ``MusicalArtist`` and ``Person``) and which is typed a person or nothing (a work
        keeps its title whole: "The Simpsons"), or an act the KB leaves undecided between a person and a group
        (:func:`~bengal.generate.kbview.unknown_agent`: the 154 such acts of the bundled sample whose name opens with
        "The" are groups, "the Budos Band", "the Invisible Men", and a few solo acts named as one, "the Rocket
        Summer")."""
        if not self.article_outside.isdisjoint(entity.classes):
            return True
        tops = {t for c in entity.classes for t in self.onto.tops(c)}
        return tops <= {DBO + "Person"} and (is_group_name(self.lex, entity.label) or unknown_agent(self.onto, entity))

    def _form_chooser(self, seed_uri: str, words: Mapping[str, frozenset[str]] | None = None
                      ) -> Callable[[Entity, bool], Entity | None]:
        """``choose(entity, named_before) -> Entity | None``: the alternative surface form of a
        mention, one of :meth:`SurfaceForms.forms` picked by a hash of (seed, document seed,
        entity IRI, form count), so that the choice depends on nothing else. A made-up (emerging)
        company may be written without its designator from its first mention ("Saunders is located in
        the city." for "Saunders Ltd"), as news names companies ("Lufthansa said …"). Written whole
        there, the five systems of ``benchmarks/bench_validity.py`` ranked on ``--like reuters128`` as on
        Reuters-128 at Kendall +0.4, +0.4, +0.6 (seeds 0-2); written so, at +1.0 with each seed: a
        one-word name opening a sentence is what defeats the capitalisation rule's shortcut. Measured again on 7
        December 2026 (seventeenth session), when a copy editor read "Ruiz, a company, has its seat in …" as a
        person and the legal form was kept at every company's first mention (87 made-up and 4 KB first mentions
        in 2,200 documents): Kendall against Reuters-128 +0.4, +0.4, +0.6 (seeds 0-2) and the capitalisation
        rule above 2, 2 and 1 of the three spaCy pipelines, against +1.0, +0.8, +0.8 and none without it; not
        adopted. ``words``: the
        words of the name of each entity of the document (:func:`~bengal.generate.surface.name_words`); a
        form whose words all belong to another's name is not offered
        (:func:`~bengal.generate.surface.names_another`: "Hathaway" for Donny Hathaway where Lalah
        Hathaway is named too), as :meth:`SurfaceForms.shorten_repeats` does. A place whose label has a
        qualifier ("Roswell, Georgia") is written with it at its first mention (news: "Roswell, Ga."; a
        reader takes "Roswell" for New Mexico's, "Cambridge" for England's: a copy editor's reading of the
        default set, thirteenth session) and may drop it later; the name news writes for it ("Britain") stays.
        ``--first-mention short`` and the ambiguity dial, which choose their forms themselves, keep theirs."""
        forms = self.forms
        assert forms is not None
        seed = self.config.seed
        places = self.places
        # the microplanner asks again for each candidate wording that names the entity: chosen once a document
        chosen: dict[tuple[Entity, bool], Entity | None] = {}

        def choose(entity: Entity, named_before: bool) -> Entity | None:
            key = (entity, named_before)
            if key in chosen:
                return chosen[key]
            options = forms.forms(entity, named_before)
            if (not (named_before or forms.short_first) and ", " in entity.label
                    and self.onto.is_instance(entity, places)):
                options = [f for f in options if f.kind == "news_name"]
            if words:
                options = [f for f in options if not names_another(f.text, entity.uri, words)]
            found = None
            if options:
                form = options[drawn(len(options), f"{seed}|{seed_uri}|{entity.uri}")]
                found = entity.with_form(form.text, form.kind)
            chosen[key] = found
            return found

        return choose

    def apposition_demonyms(self, in_doc: Mapping[str, Entity], details: Mapping[str, SubjectDetails],
                            skip: Collection[str] = ()) -> dict[str, Demonym]:
        """``{URI: Demonym}`` for the document's entities (``in_doc``, by URI) that an apposition may introduce
        ("the British band Pulley", "the Romanian town of Arad": the lexicon's ``[apposition]`` has one of their
        classes), by :meth:`demonym` of their countries (``details``, fetched here for the entities it lacks).

        Rule: none for an entity whose label has a qualifier ("Sunnyvale, California": it places the entity) or holds
        the country ("Arad, Romania"), and none for the URIs in
        ``skip`` (the seed whose type sentence says its own demonym already); the microplanner leaves a
        demonym out of a sentence that names its country (:class:`~bengal.generate.verbalise.Demonym`). Until
        the nineteenth session an entity whose country the document named anywhere took none: 0.1-0.5
        capitalised words outside the mentions per 100 words on the ``--like`` sets, against 1.9-10.8 on the
        manual corpora (``bengal.shape.measures.capitalised_outside_mentions``)."""
        table = self.lex.data.get("apposition", {})
        wanted = sorted(uri for uri, e in in_doc.items()
                        if uri not in skip and any(local_name(c) in table for c in e.classes))
        fetched = subject_details(self.kb, [uri for uri in wanted if uri not in details])
        out: dict[str, Demonym] = {}
        for uri in wanted:
            countries = (details.get(uri) or fetched[uri]).countries
            label = in_doc[uri].label
            if ", " in label or any(local_name(c).replace("_", " ") in label for _, c in countries):
                continue  # the label's qualifier places it: "the American city of Sunnyvale, California"
            found = demonym_of(self.lex, countries, news_text=self.policy.news_text)
            if found:
                out[uri] = found
        return out

    def made_up_details(self, sub: Subgraph) -> dict[str, SubjectDetails]:
        """``{URI: SubjectDetails}`` of the subgraph's made-up entities (:mod:`bengal.generate.emerging`) that a
        fact of theirs places (:data:`MADE_UP_COUNTRY_FACTS`): their countries, as the KB gives a KB entity's,
        from the place and the place's ``dbo:country`` ("Ruiz has its seat in Gmina Poniec", a village of
        Poland: a Polish company; a made-up person born in Kyiv: Ukrainian-born). True by construction: the
        made-up entity is where its facts put it. Empty when the subgraph has none."""
        placed: dict[str, list[tuple[str, str]]] = {}
        for u in sub.units:
            prop = MADE_UP_COUNTRY_FACTS.get(local_name(u.prop))
            if prop is not None and is_emerging(u.subject.uri):
                placed.setdefault(u.subject.uri, []).extend((prop, o.uri) for o in u.objects
                                                            if not is_emerging(o.uri))
        if not placed:
            return {}
        places = subject_details(self.kb, sorted({o for pairs in placed.values() for _, o in pairs}))
        return {uri: SubjectDetails(countries=tuple(dict.fromkeys(
                    (prop, c) for prop, o in pairs
                    for c in (o, *(c for p, c in places[o].countries if p == "country")))))
                for uri, pairs in placed.items()}

    def demonym(self, countries: Sequence[tuple[str, str]], said: Collection[str] = ()) -> str | None:
        """:func:`demonym_of`'s adjective for this run's lexicon and text (``--mentions named`` writes a demonym of
        birth as "Ukrainian-born"), or ``None``."""
        found = demonym_of(self.lex, countries, said, self.policy.news_text)
        return found.word if found else None


def demonym_of(lex: Lexicon, countries: Sequence[tuple[str, str]], said: Collection[str] = (),
               news_text: bool = True) -> Demonym | None:
    """The one demonym of the strongest property that gives any ("German") with the places it says, or ``None``
    when that property's countries disagree or one of them is in ``said`` (URIs the document's facts about the
    subject name: the country is then said by a fact, not twice; for a demonym of birth, the birth place too).

    Args:
        countries: ``(property local name, IRI)`` pairs, strongest property first
            (:attr:`~bengal.generate.kbview.SubjectDetails.countries`): countries, and birth places.
        news_text: ``--mentions named``'s text (below); ``False``: BENGAL's (B1-B10 keep their bytes).

    Returns:
        the adjective and the places it says (:class:`~bengal.generate.verbalise.Demonym`): the property's
        countries that have a demonym, and for a demonym of birth the birth place too ("the Ukrainian-born X
        was born in Kyiv" says it twice; "a Polish company based in Gmina Poniec" does not).

    Rule: a demonym that only the birth place gives says where the person was born, not their nationality
    (Golda Meir, born in Kyiv, is no Ukrainian politician); in news text it is written as the lexicon's
    ``[meta] demonym_of_birth`` ("Ukrainian-born"), and left out where the lexicon has none."""
    by_prop: dict[str, set[str]] = {}
    from_prop: dict[str, set[str]] = {}
    for prop, country in countries:
        d = lex.demonym(local_name(country))
        if d:
            by_prop.setdefault(prop, set()).add(d)
            from_prop.setdefault(prop, set()).add(country)
    for prop, _ in countries:
        if prop in by_prop:
            found = by_prop[prop]
            if len(found) != 1 or from_prop[prop] & set(said):
                return None
            demonym = next(iter(found))
            if prop == "birthPlace" and news_text:
                if any(p == prop and c in said for p, c in countries):
                    return None  # "X, an Israeli-born scientist, is a native of Haifa" says it twice
                of_birth = lex.meta.get("demonym_of_birth")
                places = frozenset(c for p, c in countries if p == prop)
                return Demonym(str(of_birth).format(demonym=demonym), places) if of_birth else None
            return Demonym(demonym, frozenset(from_prop[prop]))
    return None


# A worker process's state (set by _init_worker): the KB its documents are made from, one DocumentMaker per
# pass (fact_poor) made when first needed (the first pass's at the start), the session of the parent's
# _make_documents call it serves (a new one opens a fresh KB), and the IRIs its KB skipped that the worker has
# already reported to the parent.
@dataclass
class _WorkerState:
    kb_opener: Callable[[], SparqlKB]
    config: GenerateConfig
    kb: SparqlKB
    current: Any  # the parent's latest session (a shared int): tasks of an earlier one are dropped unmade
    session: int = 1  # the first (_Workers.next_session), served by the KB opened at the start
    makers: dict[bool, DocumentMaker] = field(default_factory=dict)
    reported: set[str] = field(default_factory=set)

    def maker(self, session: int, fact_poor: bool) -> DocumentMaker:
        """The document maker of ``fact_poor``'s pass in the parent's ``session`` (a
        :func:`_make_documents` call): a later session starts from a fresh KB and fresh makers,
        as the processes of a pool of its own would (nothing of the KB's answers, its skipped IRIs
        nor what was reported carries over)."""
        if session != self.session:
            self.session, self.kb = session, self.kb_opener()
            self.makers.clear()
            self.reported.clear()
        maker = self.makers.get(fact_poor)
        if maker is None:
            maker = self.makers[fact_poor] = DocumentMaker(self.kb, self.config, fact_poor)
        return maker


_WORKER: _WorkerState | None = None


def _init_worker(kb_opener: Callable[[], SparqlKB], config: GenerateConfig, current: Any) -> None:
    """A worker's start, while the parent reads the seed pool: the KB and the maker of the first pass."""
    global _WORKER
    pause_full_gc()  # the worker only makes documents (bengal.perf.full_gc_paused says why)
    _WORKER = _WorkerState(kb_opener, config, kb_opener(), current, session=1)
    _WORKER.maker(1, not config.count_planner)


def _make_in_worker(session: int, fact_poor: bool, seed_uri: str
                    ) -> tuple[MadeDocument | None, frozenset[str], dict[str, int], dict[str, tuple[str, str]]]:
    """The document of one seed candidate (made by the worker's maker of ``fact_poor``'s pass in the parent's
    ``session``), the IRIs the worker's KB skipped (``skipped_iris``,
    rows binding an IRI SPARQL cannot write) for the first time while making it: the parent adds
    them to its own KB's count for the candidates it uses, so the manifest's ``skipped_iris`` is
    the same for every ``--jobs``; and the English words the worker counted with spaCy for the first
    time (:func:`bengal.tokens.take_new_word_counts`), which the parent keeps for the next run
    (:func:`bengal.generate.wordcounts.save_word_counts`); and the names it split with nameparser for the first
    time (:func:`bengal.generate.nameparts.take_new_name_parts`), kept the same way."""
    state = _WORKER
    assert state is not None
    if session != state.current.value:  # asked ahead by a call that has all its documents: not wanted
        return None, frozenset(), {}, {}
    doc = state.maker(session, fact_poor).make(seed_uri)
    words = take_new_word_counts()
    names = take_new_name_parts()
    skipped = getattr(state.kb, "skipped_iris", None)
    if not skipped or len(skipped) == len(state.reported):
        return doc, frozenset(), words, names
    new = frozenset(skipped - state.reported)
    state.reported.update(new)
    return doc, new, words, names


def _pool_without_ctrl_c(ctx: Any, jobs: int, kb_opener: Callable[[], SparqlKB], config: GenerateConfig,
                         current: Any) -> Any:
    """A pool of ``jobs`` worker processes that are born ignoring Ctrl-C (SIGINT): a terminal sends it
    to every process of the command, and a worker that took it, even while still starting, would
    print its own traceback; the parent keeps its handler, stops the pool and exits 130. The ignored
    disposition is inherited through the spawn's exec (POSIX) and Python keeps it at start-up; the
    parent ignores Ctrl-C, and holds back SIGTERM, only while it starts the processes (milliseconds).
    Outside the main thread (where signals cannot be set) the pool is made as it is."""
    def make() -> Any:
        return ctx.Pool(jobs, initializer=_init_worker, initargs=(kb_opener, config, current))
    if threading.current_thread() is not threading.main_thread():
        return make()
    # SIGTERM is held back (not ignored: the workers must inherit its default, pool.terminate
    # sends it) while the processes start: taken while a start writes a worker's task, it would
    # leave that worker to print an EOFError traceback.
    terms: list[int] = []
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    previous_term = signal.signal(signal.SIGTERM, lambda signum, _frame: terms.append(signum)) or signal.SIG_DFL
    try:
        return make()
    finally:
        signal.signal(signal.SIGINT, previous)
        signal.signal(signal.SIGTERM, previous_term)
        if terms:
            os.kill(os.getpid(), signal.SIGTERM)


@dataclass
class _Workers:
    """The ``--jobs`` worker processes of one :func:`generate` run: one pool for every pass and seed class, started
    before the seed pool is read so that the workers' start-up (imports, the KB and its view, the first pass's
    document maker) overlaps the parent's. ``current`` numbers the parent's :func:`_make_documents` calls (shared
    with the workers): a worker drops a task of an earlier call unmade, and starts a later call from a fresh KB
    (:meth:`_WorkerState.maker`)."""

    pool: Any
    jobs: int
    current: Any

    def next_session(self) -> int:
        self.current.value += 1
        return int(self.current.value)


@contextlib.contextmanager
def _started_workers(jobs: int, kb_opener: Callable[[], SparqlKB] | None,
                     config: GenerateConfig) -> Generator[_Workers | None, None, None]:
    """The worker processes of ``--jobs`` (``None`` for one job), stopped when the block ends (the documents made
    or an error, Ctrl-C or SIGTERM), so that nothing is left running beside the gold checks.

    Raises:
        UsageError: ``jobs`` above 1 without a ``kb_opener``.
    """
    if jobs <= 1:
        yield None
        return
    if kb_opener is None:
        raise UsageError("--jobs above 1 needs a KB that worker processes can open (a path or the bundled sample)")
    ctx = multiprocessing.get_context("spawn")
    current = ctx.RawValue("q", 0)
    with _pool_without_ctrl_c(ctx, jobs, kb_opener, config, current) as pool:
        yield _Workers(pool, jobs, current)
        pool.terminate()


#: Seed candidates whose bound (:func:`~bengal.generate.kbview.seeds_surely_refused`) :func:`_made_documents` reads
#: at a time with one process.
REFUSED_BLOCK = 4096


def _made_documents(kb: SparqlKB, config: GenerateConfig, order: Sequence[str], workers: _Workers | None,
                    session: int = 0, fact_poor: bool = False,
                    wanted: int | None = None) -> Generator[tuple[int, MadeDocument | None], None, None]:
    """``(candidates tried, document or None)`` in candidate order for each candidate given to make(), made here
    or by the ``workers`` (for the parent's ``session``, :meth:`_Workers.next_session`).

    With workers, the IRIs a worker's KB skipped while making a document are added to
    ``kb.skipped_iris`` (when ``kb`` has one) as that document is yielded, so the count covers
    the candidates tried, as with one process. ``fact_poor``: the makers' second pass
    (:class:`DocumentMaker`); ``wanted``: documents still wanted (default ``config.docs``).

    A candidate that make() refuses at its first test (fewer triples in the KB's view than
    :meth:`DocumentMaker.fewest_facts`: most candidates of the bundled sample) is not given to it (nor sent to
    a worker: a process round trip each) and not yielded: the count of the next candidate yielded covers it,
    and the caller counts those after the last one yielded (all of ``order`` tried)."""
    least = DocumentMaker.fewest_facts(config, fact_poor)
    if workers is None:
        maker = DocumentMaker(kb, config, fact_poor)
        # the bound read for a block of candidates at a time: the caller stops once it has its documents, most
        # often long before the last candidate (the second pass is given every candidate of the pool)
        for start in range(0, len(order), REFUSED_BLOCK):
            block = order[start:start + REFUSED_BLOCK]
            for i in [i for i, r in enumerate(seeds_surely_refused(kb, block, least)) if not r]:
                yield start + i + 1, maker.make(block[i])
        return
    refused = seeds_surely_refused(kb, order, least)
    # one ordered stream of the candidates make() may take, in small chunks: the workers never wait for the parent
    # between batches, the documents are read as they come (in candidate order), and the stream is dropped as soon
    # as the caller has its documents (the workers are stopped, or their tasks of this session dropped unmade)
    sent = [i for i, r in enumerate(refused) if not r]
    target = config.docs if wanted is None else wanted
    chunk = max(1, min(CHUNK, target // (8 * workers.jobs)))
    dropped = False

    def candidates() -> Generator[str, None, None]:  # read by the pool's feeding thread, as the workers take them
        for i in sent:
            if dropped:
                return
            yield order[i]

    made = workers.pool.imap(functools.partial(_make_in_worker, session, fact_poor), candidates(), chunk)
    try:
        for i, (doc, skipped, words, names) in zip(sent, made):
            if skipped and isinstance(getattr(kb, "skipped_iris", None), set):
                kb.skipped_iris.update(skipped)  # type: ignore[attr-defined]
            if words:
                add_word_counts(words)
            if names:
                add_name_parts(names)
            yield i + 1, doc
    finally:  # no more candidates fed once the caller has its documents
        dropped = True


def _kb_named(kb: SparqlKB) -> str:
    """The KB as an error names it: ``the KB kb.nt`` (the path or endpoint it was opened from),
    ``the bundled KB sample``, or ``the KB`` for one that does not say."""
    source = getattr(kb, "source", None)
    if not source:
        return "the KB"
    return "the bundled KB sample" if source == "bundled" else f"the KB {source}"


def _make_documents(kb: SparqlKB, config: GenerateConfig, order: Sequence[str], wanted: int,
                    workers: _Workers | None, progress: Callable[[int], None] | None,
                    done: int = 0) -> tuple[list[MadeDocument], list[str], int, int]:
    """Up to ``wanted`` documents from the candidates ``order``, tried in that order: ``(documents, their
    seeds, candidates tried, documents of the fact-rich pass)``; ``progress`` is told ``done`` plus the
    documents made so far.

    Two passes under the count planner: the fact-rich seeds first (:meth:`DocumentMaker.fact_rich`;
    at most :data:`FACT_RICH_WINDOW` candidates a wanted document), then, only when they are too few,
    the seeds the first pass did not use, in the same order."""
    made: list[MadeDocument] = []
    seeds: list[str] = []
    tried = fact_rich = 0
    used: set[int] = set()
    passes = (False, True) if config.count_planner else (True,)
    session = workers.next_session() if workers is not None else 0
    for fact_poor in passes:
        if len(made) == wanted:
            break
        index = [i for i in range(len(order) if fact_poor else min(len(order), FACT_RICH_WINDOW * wanted))
                 if i not in used]
        candidates = [order[i] for i in index]
        made_iter = _made_documents(kb, config, candidates, workers, session, fact_poor, wanted - len(made))
        n_tried = 0
        for n_tried, doc in made_iter:
            if doc is None:
                continue
            used.add(index[n_tried - 1])
            made.append(doc)
            seeds.append(candidates[n_tried - 1])
            if progress:
                progress(done + len(made))
            if len(made) == wanted:
                break
        else:  # every candidate tried (those refused after the last one yielded too)
            n_tried = len(candidates)
        tried += n_tried
        made_iter.close()
        if not fact_poor:
            fact_rich = len(made)
    return made, seeds, tried, fact_rich


def _make_by_class(kb: SparqlKB, config: GenerateConfig, order: Sequence[str], members: Sequence[set[str]],
                   weights: Sequence[float], workers: _Workers | None,
                   progress: Callable[[int], None] | None) -> tuple[list[MadeDocument], list[str], int, int]:
    """:func:`_make_documents` for weighted seed classes: each class's :func:`class_quotas` share of
    ``config.docs`` from its own candidates (in ``order``; a seed of two classes counts for the first
    listed, :func:`bengal.generate.seeds.seed_class`); a class whose usable seeds are too few leaves its
    shortfall to the other classes, the heaviest first (the manifest's ``seed_classes`` says how many each
    made). The documents are then put in the order :func:`bengal.generate.seeds.mix_seeds` gives their
    seeds, so that the classes are interleaved, not one block after another."""
    queues = split_by_class(order, members)[0]
    made: list[MadeDocument] = []
    seeds: list[str] = []
    tried = fact_rich = 0
    quotas = class_quotas(weights, config.docs)
    heaviest = sorted(range(len(weights)), key=lambda i: (-weights[i], i))
    exhausted: set[int] = set()  # classes that made fewer than they were asked for: every seed was tried
    for round_ in (quotas, None):  # the quotas, then the shortfall from the heaviest classes on
        for i in (range(len(queues)) if round_ is not None else heaviest):
            want = round_[i] if round_ is not None else config.docs - len(made)
            if want <= 0 or i in exhausted:
                continue
            taken = set(seeds)
            docs_i, seeds_i, tried_i, rich_i = _make_documents(
                kb, config, [u for u in queues[i] if u not in taken], want, workers, progress, len(made))
            if len(docs_i) < want:
                exhausted.add(i)
            made += docs_i
            seeds += seeds_i
            tried += tried_i
            fact_rich += rich_i
    by_seed = dict(zip(seeds, made))
    mixed = mix_seeds(seeds, members, weights, config.seed)
    return [by_seed[u] for u in mixed], mixed, tried, fact_rich


def generate(kb: SparqlKB, config: GenerateConfig, *, progress: Callable[[int], None] | None = None,
             jobs: int = 1, kb_opener: Callable[[], SparqlKB] | None = None,
             status: Callable[[str], None] | None = None,
             corpus_made: Callable[[Corpus], None] | None = None) -> Generated:
    """Generate a corpus of ``config.docs`` documents from ``kb``.

    Seed candidates (:func:`bengal.generate.kbview.seed_candidates`) are sorted
    and shuffled by ``Random(seed)``; a candidate is used when it is a seed
    (:func:`bengal.generate.kbview.is_seed`) for which the strategy finds enough
    facts. Every document draws its sentence count (from ``[min_sentences,
    max_sentences]``) and its facts from its own ``Random`` seeded by (seed, seed
    entity), so a document does not depend on the others (:class:`DocumentMaker`).

    Args:
        kb: the KB (anything with ``select(sparql_text)``).
        config: the parameters.
        progress: called with the number of documents made so far.
        jobs: worker processes; the output is identical for every value.
        kb_opener: a picklable zero-argument callable that opens the same KB in a
            worker process (e.g. ``functools.partial(open_kb, path)``); needed when ``jobs > 1``.
        status: told the size of the seed pool once it is read (and when ``--ambiguity`` builds
            its index of every KB name); nothing else.
        corpus_made: called with the corpus (the one returned) as soon as it is made, before its statistics
            are worked out (``bengal generate`` starts the gold checks' forked round trips with it,
            :class:`bengal.generate.checks.GoldCheck`).

    Returns:
        the corpus, its documents' IRIs ``DOCUMENT_NAMESPACE + corpus_id + "/" + n`` (see
        :func:`bengal.generate.config.corpus_id`: parameters and content, not the KB's
        access path), and its statistics (:func:`bengal.generate.stats.generation_stats`).

    Raises:
        UsageError: for a seed class the KB's ontology lacks (other than the default
            classes), or when the KB has too few usable seeds for ``config.docs`` documents.
    """
    with full_gc_paused():  # hundreds of thousands of objects live on, and almost none are cyclic garbage
        return _generate(kb, config, progress, jobs, kb_opener, status, corpus_made)


def _generate(kb: SparqlKB, config: GenerateConfig, progress: Callable[[int], None] | None, jobs: int,
              kb_opener: Callable[[], SparqlKB] | None, status: Callable[[str], None] | None,
              corpus_made: Callable[[Corpus], None] | None) -> Generated:
    onto = load_ontology(kb)
    # A class the user names must be one of the KB's ontology (the default set tolerates a KB
    # that lacks one of its classes, e.g. a small dump without organisations).
    known = set(onto.class_labels) | set(onto.depth)
    for name, c in zip(config.class_names(), config.class_iris()):
        if known and c not in known and name not in DEFAULT_CLASSES:
            raise UsageError(f"unknown class {name} (not a class of the KB's ontology)")
    # the --jobs workers start now, beside the seed pool's reading, and are stopped once the documents are made
    with _started_workers(jobs, kb_opener, config) as workers:
        start = time.perf_counter()
        pool = seed_candidates(kb, onto, config.class_iris())
        if status is not None and pool:
            status(f"seed pool: {len(pool):,} candidates ({time.perf_counter() - start:.1f} s); trying them, "
                   f"shuffled by the seed, until {config.docs:,} documents are made")
        if not pool:
            raise UsageError(f"{_kb_named(kb)} has no seed for the classes {', '.join(config.classes)} "
                             "(instances that link to another instance of them)")
        order = list(pool)
        random.Random(config.seed).shuffle(order)
        if config.ambiguity is not None:  # --ambiguity: prefer seeds with ambiguous names (or not)
            if status is not None:
                status("building the ambiguity index (how many KB entities each name can name)")
            index = ambiguity_index(kb, onto, _names(kb, onto, config))
            preferred = (prior_senses(kb).dominated if config.rare_senses  # --rare-senses: a rare sense of a name
                         else index.ambiguous_entities)
            order = order_seeds(order, config.ambiguity, preferred.__contains__, config.seed)
            if steers_content(config.ambiguity, config.first_mention == "short"):
                # at 0.5 or more the candidates whose objects have ambiguous names first, under 0.1 last (a fact look-up
                # each of the first FACT_RICH_WINDOW a document)
                facts = FactSource(kb, onto)
                order = rank_seeds(order, config.ambiguity, lambda uri: [o.uri for _, o in facts.outgoing(uri)],
                                   index.ambiguous_first.__contains__, FACT_RICH_WINDOW * config.docs)
        weights = config.class_weights()
        members: list[set[str]] = []
        if weights is None:
            made, made_seeds, tried, fact_rich_documents = _make_documents(
                kb, config, order, config.docs, workers, progress)
        else:  # --classes dbo:Place=0.6,...: the documents of each class follow the weights
            members = [set(seed_candidates(kb, onto, [c])) for c in config.class_iris()]
            made, made_seeds, tried, fact_rich_documents = _make_by_class(
                kb, config, order, members, weights, workers, progress)
    if len(made) < config.docs:
        raise UsageError(
            f"{_kb_named(kb)} has only {len(made)} usable seeds of {', '.join(config.classes)} for the "
            f"{config.strategy} strategy with at least {config.min_sentences} sentences' worth of facts"
            + (f" of {config.sentence_target:g} tokens (--sentence-length short takes fact-poorer seeds)"
               if config.count_planner else "")
            + f"; asked for {config.docs} documents")
    documents = [Document(str(n), doc.text, doc.mentions) for n, doc in enumerate(made, 1)]
    cid = corpus_id(config, documents)
    documents = [replace(d, uri=f"{DOCUMENT_NAMESPACE}{cid}/{d.uri}") for d in documents]
    metadata = {"generator": "bengal", "version": __version__, "config": asdict(config), "corpus_id": cid}
    corpus = Corpus(tuple(documents), name=f"bengal-{config.strategy}-{cid}", metadata=metadata)
    if corpus_made is not None:
        corpus_made(corpus)
    if config.lang == "en":
        save_word_counts()  # the words counted here and by the workers, for the next run
    save_name_parts()  # the names split here and by the workers, likewise
    names = _names(kb, onto, config)
    stats = generation_stats(made, config, kb, onto, len(pool), tried, names)
    if config.count_planner:
        stats["sentence_plan"]["fact_rich"] = {"facts_needed": DocumentMaker.facts_needed(config),
                                               "documents": fact_rich_documents}
    if weights is not None:
        stats["seed_classes"] = seed_class_stats(config.class_names(), weights, class_quotas(weights, config.docs),
                                                 members, made_seeds)
    if names is not None:  # issue 13: the reachable pool and the names written in the language
        stats["language"] = language_stats(names, [m for d in documents for m in d.mentions])
    return Generated(corpus, stats)


def _names(kb: SparqlKB, onto: Ontology, config: GenerateConfig) -> LanguageNames | None:
    """The names of ``config.lang`` (``None`` for English), built once per KB and language."""
    if config.lang == "en":
        return None
    local = localised_ontology(kb, onto, config.lang)
    return language_names(kb, load_lexicon(config.lang), local, local.subclasses([DBO + "Person"]))
