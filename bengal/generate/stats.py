"""What a generation run measured: the manifest's ``stats`` section.

Workers return one :class:`MadeDocument` per document; :func:`generation_stats` adds them
up (sentences, tokens, mentions, density, facts per property) and, for the features that
are on, counts surface forms and their ambiguity (:func:`surface_form_stats`), paraphrases
and pronouns.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from bengal.digest import code_digest
from bengal.generate import surface
from bengal.generate.config import GenerateConfig
from bengal.generate.docplan import facts_per_sentence
from bengal.generate.emerging import EMERGING_NAMESPACE, is_emerging
from bengal.generate.kbview import COMMON_NOUN, LITERAL_PROPERTIES, Ontology
from bengal.generate.lang import naming
from bengal.generate.lang.naming import LanguageNames
from bengal.generate.lexicon import lexicon_path, load_lexicon
from bengal.generate.paraphrase import OPERATIONS
from bengal.generate.surface import ARTICLE_OUTSIDE, AmbiguityIndex, PriorSenses
from bengal.kb import labels, nameable
from bengal.kb import names as kb_names
from bengal.kb.diskcache import read_cached, write_cached
from bengal.kb.memo import kb_memo
from bengal.kb.sparql import DBO, PREFIXES, SparqlKB
from bengal.kb.store import cache_dir
from bengal.model import Mention

__all__ = ["sentence_plan_stats", "density_reach", "DENSITY_TOLERANCE", "DENSITY_OUT_OF_REACH", "MadeDocument",
           "generation_stats", "ambiguity_index", "prior_senses", "surface_form_stats", "dial_stats"]


@dataclass(frozen=True)
class MadeDocument:
    """One document as a worker makes it (picklable; numbered by the caller), with what
    :func:`generation_stats` counts of it.

    Attributes:
        text: the document text.
        mentions: its gold mentions.
        sentences: number of sentences as ``bengal stats`` counts them (:func:`bengal.tokens.count_sentences`:
            spaCy's rule sentencizer of the corpus language over the text).
        tokens: spaCy tokens of the corpus language (:func:`bengal.tokens.count_tokens`).
        fallback_sentences: sentences worded from a property label.
        properties: local names of the properties of the facts said.
        form_kinds: per mention, what its surface form is when not the label
            ("news_name", "family_name", "unqualified", "short_name", "alt_label", "acronym", "place_head":
            the head of a qualified place written as two mentions, "article_outside": a band's name without the
            "The" written before it, "pronoun", "common_noun": a concept with ``--mentions concepts``), else ``None``.
        pronouns: ``(pronoun, gender source)`` of the subject pronouns written (gold or not).
        paraphrased_sentences: sentences with at least one paraphrasing operation.
        paraphrase_operations: the operations applied, one entry per use.
        concepts: per KB concept written as a common noun (``--mentions named``: plain text; ``concepts``: a
            mention), its property's local name.
        left_out: per fact left out by ``--mentions named`` or ``concepts``, its property's local name.
        dates: per date planned as text (``--literals``), its property's local name.
        wanted_sentences: the sentence count the document drew (``--sentence-length`` other than
            ``short``), else 0.
        sentences_written: the sentences the generator wrote (a joined "X was born in Y and died in Z." is
            one); ``sentences`` differs where spaCy's rule splits inside a name ("Aa!, which", "No. 77
            Squadron") or not after one ending in a full stop ("… Racer X. Barbara Knox …").
        left_for_density: per concept object of a fact left out so that the density comes closer to its
            target (news-length sentences under ``--mentions named``: a fact whose objects are all concepts
            names no one), its property's local name.
        said_by_name: facts left out because a place's written name says them ("Hope, Arkansas" and its
            fact "is part of Arkansas": :func:`bengal.generate.strategies.without_restated_qualifiers`).
        as_members: loose links between a musician and a band written as the membership the KB also gives
            (:func:`bengal.generate.strategies.memberships_said`).
        acts: per act named that DBpedia types a band and a person, what its facts make it ("person", "group",
            "undecided": :func:`bengal.generate.kbview.act_kind`).
        no_place: per fact left out because a place property's object is no place
            (:func:`bengal.generate.kbview.not_a_place`), among the facts read to make the document, its property's
            local name.
        offices: per object planned with its office's title before its name ("led by Prime Minister X":
            :func:`bengal.generate.literals.titled_offices`), the title.
    """

    text: str
    mentions: tuple[Mention, ...]
    sentences: int
    tokens: int
    fallback_sentences: int
    properties: tuple[str, ...]
    form_kinds: tuple[str | None, ...] = ()
    pronouns: tuple[tuple[str, str], ...] = ()
    paraphrased_sentences: int = 0
    paraphrase_operations: tuple[str, ...] = ()
    concepts: tuple[str, ...] = ()
    left_out: tuple[str, ...] = ()
    dates: tuple[str, ...] = ()
    wanted_sentences: int = 0
    sentences_written: int = 0
    left_for_density: tuple[str, ...] = ()
    said_by_name: int = 0
    as_members: int = 0
    acts: tuple[str, ...] = ()
    no_place: tuple[str, ...] = ()
    offices: tuple[str, ...] = ()


def _token_counter(lang: str) -> str:
    """The manifest's ``token_counter``: the tokenizer that counted the corpus's tokens
    (:func:`bengal.tokens.count_tokens` in the corpus's language)."""
    if lang == "en":  # the wording English manifests have always had
        return "spaCy English tokenizer (spacy.blank('en'))"
    return f"spaCy {lang} tokenizer (spacy.blank('{lang}'))"


#: How far the density reached may be from its target before the manifest and the summary line say that the
#: target is out of reach (a share of the target).
DENSITY_TOLERANCE = 0.15

#: Why a density target is out of reach, by direction (the manifest's ``density_reach.why``; docs/generate.md).
DENSITY_OUT_OF_REACH = {
    "below": "the target is below what the KB's facts can be written at: each fact names its object, and the KB "
             "gives few facts without one (the bundled sample: birth, death and release dates, no numbers), so the "
             "text has few words that are not names to dilute the names with; on the bundled sample the lowest "
             "density reached is about 0.10-0.16 (100 documents a strategy, short sentences; 0.13-0.15 with "
             "news-length sentences)",
    "above": "the target is above what the strategy's wordings can reach: a clause names its subject and its "
             "objects, and more names per token would need shorter wordings than the lexicon has; on the bundled "
             "sample the highest density reached is 0.22-0.23 (100 documents a strategy)",
}


def density_reach(reached: float, target: float) -> dict[str, Any] | None:
    """The manifest's ``density_reach`` when ``reached`` (mentions per token) is more than
    :data:`DENSITY_TOLERANCE` of ``target`` away from it: ``{"within_15pct": False, "off_by": reached / target - 1
    (6 decimals), "side": "below" | "above" (the target's side of what was reached), "why": …}``
    (:data:`DENSITY_OUT_OF_REACH`); ``None`` when it is within. Issue 11 asks that where the KB lacks what a dial
    needs, the manifest says so with the measured reach."""
    if target <= 0 or abs(reached - target) <= DENSITY_TOLERANCE * target:
        return None
    side = "below" if target < reached else "above"
    return {"within_15pct": False, "off_by": round(reached / target - 1, 6), "side": side,
            "why": DENSITY_OUT_OF_REACH[side]}


def generation_stats(made: Sequence[MadeDocument], config: GenerateConfig, kb: SparqlKB, onto: Ontology,
                     seed_candidates: int, seeds_tried: int, names: LanguageNames | None = None) -> dict[str, Any]:
    """The manifest's ``stats`` of a corpus made of ``made`` (in document order).

    Args:
        made: the corpus's documents as the workers made them (at least one).
        config: the parameters they were made with; ``surface_forms``, ``paraphrase``
            and ``pronouns`` add their sections.
        kb, onto: the KB and its ontology (the ambiguity of surface forms is counted
            against the whole KB).
        seed_candidates: size of the seed pool; seeds_tried: candidates tried until the
            corpus was complete.
        names: the names of a language other than English (the ambiguity of its surface forms
            is counted against them: :func:`ambiguity_index`).

    Returns:
        ``documents``, ``seed_candidates``, ``seeds_tried``, ``sentences`` and ``sentences_per_document``
        (list; as ``bengal stats`` counts them: :func:`bengal.tokens.count_sentences`), ``sentences_written``
        (the generator's own sentences, :attr:`MadeDocument.sentences_written`), ``tokens`` (spaCy tokens of
        the language),
        ``mentions``, ``distinct_uris``, ``density_target`` and ``density`` (mentions per
        token, 6 decimals), ``density_per_document`` (``min``/``mean``/``max``), ``density_reach`` when the
        target is out of reach (:func:`density_reach`),
        ``fallback_sentences``, ``facts_per_property`` (local name → count, most
        frequent first), ``token_counter``; then ``surface_forms``, ``ambiguity``,
        ``emerging`` (:func:`dial_stats`), ``mention_mode`` (``--mentions named``: concepts written as
        text, facts left out), ``literals`` (``--literals``: dates written, documents with one),
        ``kb_noise`` (acts typed a band and a person by what their facts make them, :attr:`MadeDocument.acts`;
        facts of a place property left out because their object is no place, :attr:`MadeDocument.no_place`),
        ``paraphrase`` and ``pronouns`` when on, ``sentence_plan`` (:func:`sentence_plan_stats`) with a
        drawn sentence count.
    """
    per_doc_density: list[float] = []
    per_doc_sentences: list[int] = []
    totals: Counter[str] = Counter()
    prop_counts: Counter[str] = Counter()
    form_counts: Counter[str] = Counter()
    pronoun_sources: Counter[str] = Counter()
    pronoun_words: Counter[str] = Counter()
    surfaces: list[tuple[str, str | None]] = []
    paraphrase_ops: Counter[str] = Counter()
    for doc in made:
        totals.update(sentences=doc.sentences, sentences_written=doc.sentences_written, tokens=doc.tokens,
                      mentions=len(doc.mentions), fallback_sentences=doc.fallback_sentences)
        per_doc_density.append(len(doc.mentions) / doc.tokens)
        per_doc_sentences.append(doc.sentences)
        prop_counts.update(doc.properties)
        form_counts.update(k for k in doc.form_kinds if k)
        pronoun_sources.update(src for _, src in doc.pronouns)
        pronoun_words.update(p for p, _ in doc.pronouns)
        totals.update(paraphrased_sentences=doc.paraphrased_sentences)
        paraphrase_ops.update(doc.paraphrase_operations)
        surfaces.extend((m.surface, k) for m, k in zip(doc.mentions, doc.form_kinds))
    uris = {u for doc in made for m in doc.mentions for u in m.uris}
    stats = {
        "documents": len(made),
        "seed_candidates": seed_candidates,
        "seeds_tried": seeds_tried,
        "sentences": totals["sentences"],
        "sentences_per_document": per_doc_sentences,
        "sentences_written": totals["sentences_written"],
        "tokens": totals["tokens"],
        "mentions": totals["mentions"],
        "distinct_uris": len(uris),
        "density_target": config.density_target,
        "density": round(totals["mentions"] / totals["tokens"], 6),
        "density_per_document": {
            "min": round(min(per_doc_density), 6),
            "mean": round(statistics.fmean(per_doc_density), 6),
            "max": round(max(per_doc_density), 6),
        },
        "fallback_sentences": totals["fallback_sentences"],
        "facts_per_property": dict(sorted(prop_counts.items(), key=lambda kv: (-kv[1], kv[0]))),
        "token_counter": _token_counter(config.lang),
    }
    reach = density_reach(totals["mentions"] / totals["tokens"], config.density_target)
    if reach is not None:
        stats["density_reach"] = reach
    if config.surface_forms:
        stats["surface_forms"] = surface_form_stats(kb, onto, surfaces, form_counts, names)
    if config.ambiguity is not None or config.emerging > 0:
        stats.update(dial_stats(kb, onto, made, config, names))
    if config.mentions in ("named", "concepts"):
        concepts = Counter(p for doc in made for p in doc.concepts)
        left_out = Counter(p for doc in made for p in doc.left_out)
        thinned = Counter(p for doc in made for p in doc.left_for_density)
        stats["mention_mode"] = {
            "mode": config.mentions,
            # named: the concept objects of the facts planned, written as plain text; concepts: the common-noun
            # mentions written (a planned fact may still be left out: its every wording said before, or past the
            # document's sentence count), the planned ones by property below
            "concepts_as_text" if config.mentions == "named" else "concepts_as_mentions":
                sum(concepts.values()) if config.mentions == "named"
                else sum(k == COMMON_NOUN for doc in made for k in doc.form_kinds),
            "concepts_by_property": dict(sorted(concepts.items(), key=lambda kv: (-kv[1], kv[0]))),
            "facts_left_out": sum(left_out.values()),
            "left_out_by_property": dict(sorted(left_out.items(), key=lambda kv: (-kv[1], kv[0]))),
            # news-length sentences: concept facts left out where that brought the density closer to its target
            "concept_facts_left_for_density": sum(thinned.values()),
            "left_for_density_by_property": dict(sorted(thinned.items(), key=lambda kv: (-kv[1], kv[0]))),
            # a place's fact that its written name says ("Hope, Arkansas … is part of Arkansas")
            "facts_said_by_a_name": sum(doc.said_by_name for doc in made),
            # "associated acts" that the KB also gives as band membership, written as membership
            "associations_written_as_membership": sum(doc.as_members for doc in made),
            # leaders planned with the title of the subject's office before their names ("led by Prime Minister X")
            "leaders_planned_with_their_title": sum(len(doc.offices) for doc in made),
        }
    if config.literals:
        dates = Counter(p for doc in made for p in doc.dates)
        with_date = sum(1 for doc in made if doc.dates)
        stats["literals"] = {
            "dates": sum(dates.values()),
            "dates_by_property": {p: dates.get(p, 0) for p in LITERAL_PROPERTIES},
            "documents_with_a_date": with_date,
            "share_of_documents": round(with_date / len(made), 6),
            "kb_reach": "the bundled KB's literals are birth and death dates (about 900 typed persons) and film "
                        "release dates; it has no founding years or other numbers",
        }
    acts = Counter(k for doc in made for k in doc.acts)
    no_place = Counter(p for doc in made for p in doc.no_place)
    stats["kb_noise"] = {
        # named acts that DBpedia types both a band and a person, by what their facts make them (once a document):
        # a person or a group is written as one; an undecided act takes no class noun and no pronoun
        "acts_typed_band_and_person": {k: acts.get(k, 0) for k in ("person", "group", "undecided")},
        # facts of a place property whose object is no place (a work, a people, a language: kbview.not_a_place),
        # left out, among the facts read to make the documents
        "place_facts_without_a_place": sum(no_place.values()),
        "without_a_place_by_property": dict(sorted(no_place.items(), key=lambda kv: (-kv[1], kv[0]))),
    }
    if config.count_planner:
        stats["sentence_plan"] = sentence_plan_stats(made, config)
    if config.paraphrase:
        stats["paraphrase"] = {
            "sentences_paraphrased": totals["paraphrased_sentences"],
            "sentences_not_paraphrased": totals["sentences_written"] - totals["paraphrased_sentences"],
            "operations": {op: paraphrase_ops.get(op, 0) for op in OPERATIONS},
        }
    if config.pronouns:
        stats["pronouns"] = {
            "written": sum(pronoun_words.values()),
            "gold_mentions": config.annotate_pronouns,
            "by_pronoun": dict(sorted(pronoun_words.items())),
            "gender_source": {src: pronoun_sources.get(src, 0)
                              for src in ("foaf:gender", "first_name", "unknown", "class")},
        }
    return stats


def prior_senses(kb: SparqlKB) -> PriorSenses:
    """The :class:`PriorSenses` of ``kb`` (``--rare-senses``), from its name index
    (:func:`bengal.kb.names.name_index`, the one ``bengal stats`` counts the KB prior with: kept on disk
    for the embedded store, read every run from an endpoint), built once per open KB.

    Raises:
        InputError: when a query fails (from the name index)."""
    def build() -> PriorSenses:
        index = kb_names.name_index(kb)
        return PriorSenses(index.entities_of, index.in_degree)
    return kb_memo(kb, ("prior_senses",), build)


def ambiguity_index(kb: SparqlKB, onto: Ontology, names: LanguageNames | None = None) -> AmbiguityIndex:
    """The :class:`AmbiguityIndex` of ``kb`` in English, or with ``names`` in their language (the
    names it writes: each nameable entity's label in the language, a person of the fallback by its
    English title; the ``skos:altLabel``s in the language), built once per open KB and language
    (:func:`bengal.kb.memo.kb_memo`: building one reads every label, about 2 s on the bundled sample)."""
    lang = "en" if names is None else names.lex.lang
    return kb_memo(kb, ("ambiguity_index", lang), lambda: _cached_ambiguity_index(kb, onto, lang, names))


def _cached_ambiguity_index(kb: SparqlKB, onto: Ontology, lang: str, names: LanguageNames | None) -> AmbiguityIndex:
    """The index of a KB with a ``checksum`` (the embedded store of a dump) from the disk cache
    (:mod:`bengal.kb.diskcache`, ``$BENGAL_CACHE/ambiguity/``), built and kept there when it is not. The key
    holds the checksum, the language and a digest of the code and the lexicon that build it (in another
    language the names come from the lexicon and the KB: :class:`LanguageNames`). A KB without a checksum
    (an endpoint, a DBpedia chapter) is built every run."""
    checksum = getattr(kb, "checksum", None)
    if not checksum:
        return _build_ambiguity_index(kb, onto, lang, names)
    code = code_digest(surface.__file__, labels.__file__, kb_names.__file__, __file__, naming.__file__,
                       nameable.__file__, lexicon_path(lang))
    path = cache_dir() / "ambiguity" / f"{checksum[:24]}-{lang}-{code}.pickle"
    index = read_cached(path, AmbiguityIndex)
    if index is None:
        index = _build_ambiguity_index(kb, onto, lang, names)
        write_cached(path, index)
    return index


def _build_ambiguity_index(kb: SparqlKB, onto: Ontology, lang: str, names: LanguageNames | None) -> AmbiguityIndex:
    persons = onto.subclasses([DBO + "Person"])
    lex = load_lexicon(lang)
    designators, news = lex.designators(), lex.news_names()
    if names is None:
        return AmbiguityIndex(kb, persons, designators=designators, news_names=news)
    labels = dict(names.labels)
    english: dict[str, str] = {}
    for e, label in sorted(kb.select(PREFIXES + 'SELECT ?e ?l WHERE { ?e rdfs:label ?l . '
                                                'FILTER(LANG(?l) = "en") }')):
        if e in names.fallback:
            english.setdefault(str(e), str(label))
    labels.update(english)
    return AmbiguityIndex(kb, persons, lang, labels, designators, news)


def counted_against(names: LanguageNames | None) -> str:
    """What the ambiguity of a surface form is counted against (the manifest says it)."""
    if names is None:
        return ("the KB's English labels without their disambiguation parenthesis, their part before the first "
                "comma, the last word of person labels, and English skos:altLabels; and the lexicon's names: a "
                "label without an organisation designator, the name news writes for a label (exact, "
                "case-sensitive)")
    lang = names.lex.lang
    return (f"the names written in {lang} (each nameable entity's label@{lang}, a fallback person's English "
            f"title) without their disambiguation parenthesis, their part before the first comma, the last word "
            f"of person names, and skos:altLabels@{lang} (exact, case-sensitive)")


def surface_form_stats(kb: SparqlKB, onto: Ontology, surfaces: Sequence[tuple[str, str | None]],
                       form_counts: Counter[str], names: LanguageNames | None = None) -> dict[str, Any]:
    """The manifest's ``surface_forms`` section: mentions per kind of surface form and
    the share of mentions whose surface names more than one KB entity
    (:class:`bengal.generate.surface.AmbiguityIndex`), for all mentions and for
    those not written as the label (in the language of ``names``, English without)."""
    index = ambiguity_index(kb, onto, names)
    amb = [index.entities(text) > 1 for text, kind in surfaces if kind != "pronoun"]
    amb_alt = [index.entities(text) > 1 for text, kind in surfaces if kind not in (None, "pronoun")]
    label = len(amb) - len(amb_alt)
    return {
        "mentions_by_form": {"label": label, **{k: form_counts.get(k, 0)
                                                for k in ("news_name", "family_name", "unqualified", "short_name",
                                                          "alt_label", "acronym", "place_head", ARTICLE_OUTSIDE,
                                                          COMMON_NOUN)}},
        "ambiguous_mentions": sum(amb),
        "ambiguous_share": round(sum(amb) / len(amb), 6) if amb else 0.0,
        "ambiguous_share_other_forms": round(sum(amb_alt) / len(amb_alt), 6) if amb_alt else 0.0,
        "ambiguity_counted_against": counted_against(names),
    }


def emerging_names(names: LanguageNames | None) -> str:
    """How the made-up names were drawn (the manifest's ``emerging.names``)."""
    if names is None:
        return ("Faker en_US: person first + last names, company and city patterns; none equals a KB label, "
                "label head, person last word or alt label; later mentions by a person's family name or a "
                "company's name without its designator may be KB names (a linker keeps them NIL)")
    lang, locale = names.lex.lang, names.lex.data["emerging"]["locale"]
    return (f"Faker {locale}: person first names of the replaced person's sex + last names, companies, "
            f"settlements and teams by lang/{lang}.toml's [emerging] patterns; none equals a name written in "
            f"{lang} or an English KB label, label head, person last word or alt label; later mentions by a "
            f"person's family name or a company's name without its designator may be KB names")


def dial_stats(kb: SparqlKB, onto: Ontology, made: Sequence[MadeDocument], config: GenerateConfig,
               names: LanguageNames | None = None) -> dict[str, Any]:
    """The manifest's ``ambiguity`` and ``emerging`` sections (issue 11's dials), each with the
    ``target`` and the ``share`` reached over the corpus's mentions (pronoun mentions left out).

    ``ambiguity.share``: mentions whose surface names more than one KB entity
    (:class:`bengal.generate.surface.AmbiguityIndex`) / mentions. ``emerging.share``: mentions
    whose URI is a made-up entity (:data:`bengal.generate.emerging.EMERGING_NAMESPACE`) /
    mentions; ``emerging.entities``: distinct made-up URIs. A reach far from the target means
    the KB lacks what the dial needs (forms that are ambiguous, or replaceable entities). With
    ``names`` (a language other than English) the ambiguity is that of the language's names.

    With ``--ambiguity`` in English, ``ambiguity.rare_senses`` counts the mentions whose form names their
    entity as a rare sense (:class:`bengal.generate.surface.PriorSenses`; ``asked``: ``--rare-senses``)
    beside the ambiguous ones (``kb_names``): what ``--rare-senses`` moves.

    In English ``ambiguity.kb_names`` gives the share as ``bengal stats`` measures it
    (``ambiguous_mention_share``): by the KB's names alone (:meth:`AmbiguityIndex.kb_entities`, the
    definition of :class:`bengal.kb.names.NameIndex`) over every mention, pronouns included. It is the
    lower where a mention's form is ambiguous only through a name of the lexicon ("Arsenal", "Britain",
    "Finland" the national team), which a corpus from elsewhere cannot be held to.
    """
    index = ambiguity_index(kb, onto, names)
    mentions = [m for doc in made for m, k in zip(doc.mentions, doc.form_kinds or (None,) * len(doc.mentions))
                if k != "pronoun"]
    n = len(mentions)
    out: dict[str, Any] = {}
    amb = sum(index.entities(m.surface) > 1 for m in mentions)
    out["ambiguity"] = {"target": config.ambiguity, "ambiguous_mentions": amb, "mentions": n,
                        "share": round(amb / n, 6) if n else 0.0,
                        "counted_against": counted_against(names)}
    if names is None:
        every = [m for doc in made for m in doc.mentions]
        kb_amb = sum(index.kb_entities(m.surface) > 1 for m in every)
        out["ambiguity"]["kb_names"] = {
            "ambiguous_mentions": kb_amb, "mentions": len(every),
            "share": round(kb_amb / len(every), 6) if every else 0.0,
            "counted_against": "the KB's names alone (the lexicon's names left out) over every mention, as bengal "
                               "stats measures ambiguous_mention_share"}
        if config.ambiguity is not None:  # the dial is on: how many of its ambiguous names are a rare sense
            prior = prior_senses(kb)
            rare = sum(any(prior.is_rare(m.surface, u) for u in m.uris) for m in every)
            out["ambiguity"]["rare_senses"] = {
                "asked": config.rare_senses, "mentions": rare, "ambiguous_mentions": kb_amb,
                "share_of_ambiguous": round(rare / kb_amb, 6) if kb_amb else 0.0,
                "counted_against": "each KB name's most popular entity (highest in-degree, ties the smallest URI; "
                                   "bengal stats' KB prior): a mention of any other entity the name names is a "
                                   "rare sense"}
    emerging = [m for m in mentions if any(is_emerging(u) for u in m.uris)]
    out["emerging"] = {"target": config.emerging, "emerging_mentions": len(emerging), "mentions": n,
                       "share": round(len(emerging) / n, 6) if n else 0.0,
                       "entities": len({u for m in emerging for u in m.uris}),
                       "namespace": EMERGING_NAMESPACE,
                       "names": emerging_names(names)}
    return out


def sentence_plan_stats(made: Sequence[MadeDocument], config: GenerateConfig) -> dict[str, Any]:
    """The manifest's ``stats.sentence_plan``: how the drawn sentence counts were met.

    Returns:
        ``sentence_length`` (the option), ``target_tokens_per_sentence``, ``facts_per_sentence`` (facts
        fetched per drawn sentence, :func:`bengal.generate.docplan.facts_per_sentence`),
        ``wanted`` and ``made`` (sentences written → documents), ``documents_short`` (fewer sentences
        than drawn: the KB has too few facts for the seed), ``share_short`` and
        ``documents_over`` (more: one subject's facts too many for the count).
    """
    wanted = Counter(d.wanted_sentences for d in made)
    got = Counter(d.sentences_written for d in made)
    short = sum(1 for d in made if d.sentences_written < d.wanted_sentences)
    return {
        "sentence_length": config.sentence_length,
        "target_tokens_per_sentence": config.sentence_target,
        "facts_per_sentence": facts_per_sentence(config.sentence_target),
        "wanted": {str(k): wanted[k] for k in sorted(wanted)},
        "made": {str(k): got[k] for k in sorted(got)},
        "documents_short": short,
        "share_short": round(short / len(made), 6),
        "documents_over": sum(1 for d in made if d.sentences_written > d.wanted_sentences),
    }
