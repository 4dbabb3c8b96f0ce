"""The generation pipeline: KB → seeds → subgraph → sentences → Document with gold.

:func:`generate` is what ``bengal generate`` runs; it returns the corpus and its
statistics and writes nothing. :func:`write_generated` checks the gold and writes
the corpus and its manifest atomically.
"""

from __future__ import annotations

import hashlib
import json
import random
import statistics
import weakref
from collections import Counter
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Callable, Iterator, Sequence

from bengal import __version__
from bengal.errors import UsageError
from bengal.generate.density import count_tokens, parse_density
from bengal.generate.kbview import (
    Entity,
    entities,
    is_seed,
    load_ontology,
    seed_candidates,
    subject_details,
)
from bengal.generate.lexicon import load_lexicon
from bengal.generate.paraphrase import OPERATIONS, Paraphraser
from bengal.generate.strategies import STRATEGIES, FactSource, StrategyContext, Subgraph
from bengal.generate.surface import AmbiguityIndex, SurfaceForms, gender_of, kb_genders
from bengal.generate.verbalise import (
    Sentence,
    apposition_allowed,
    apposition_phrase,
    class_noun,
    fact_sentence,
    fact_templates,
    join_sentences,
    pronoun_allowed,
    realise,
    sentence_text,
    type_sentence,
    with_forms,
)
from bengal.kb.labels import local_name, writable_label
from bengal.kb.sparql import DBO, SparqlKB
from bengal.model import Corpus, Document, Mention

__all__ = ["GenerateConfig", "Generated", "generate", "DEFAULT_CLASSES", "DOCUMENT_NAMESPACE"]

DEFAULT_CLASSES = ("dbo:Person", "dbo:Organisation", "dbo:Place")
#: Generated documents get IRIs under this namespace (``.invalid`` never resolves).
DOCUMENT_NAMESPACE = "http://bengal.invalid/corpus/"


@dataclass(frozen=True)
class GenerateConfig:
    """Parameters of one generated corpus (the manifest records them all).

    Attributes:
        docs: number of documents (>= 1).
        density: ``"low"``, ``"medium"``, ``"high"`` or a number of mentions per token.
        strategy: subgraph strategy name (see :data:`bengal.generate.strategies.STRATEGIES`).
        min_sentences, max_sentences: sentences per document, inclusive bounds.
        seed: random seed; the same config and KB give the same corpus.
        classes: seed classes, as ``dbo:Name`` or full IRIs.
        lang: lexicon language.
        paraphrase: paraphrase the sentences (BENGAL's B2, B4, …): synonyms, active/passive,
            clause order, appositions (:mod:`bengal.generate.paraphrase`), as choices of
            the density control.
        surface_forms: mentions may use another surface form than the full label
            (family name, unqualified place, filtered alt label, acronym; see
            :mod:`bengal.generate.surface`), as a choice of the density control.
        pronouns: a subject named by the previous sentence's subject may be he / she /
            it / they (a choice of the density control).
        annotate_pronouns: pronouns are gold mentions with their antecedent's URI
            (needs ``pronouns``).

    Raises:
        UsageError: on construction, for values out of range or unknown names.
    """

    docs: int = 100
    density: str | float = "medium"
    strategy: str = "star"
    min_sentences: int = 3
    max_sentences: int = 10
    seed: int = 0
    classes: tuple[str, ...] = DEFAULT_CLASSES
    lang: str = "en"
    paraphrase: bool = False
    surface_forms: bool = False
    pronouns: bool = False
    annotate_pronouns: bool = False

    def __post_init__(self) -> None:
        if self.docs < 1:
            raise UsageError(f"--docs must be at least 1, not {self.docs}")
        if self.strategy not in STRATEGIES:
            raise UsageError(f"unknown --strategy {self.strategy!r} (available: {', '.join(sorted(STRATEGIES))})")
        if self.min_sentences < 1:
            raise UsageError(f"--min-sentences must be at least 1, not {self.min_sentences}")
        if self.max_sentences < self.min_sentences:
            raise UsageError(
                f"--min-sentences ({self.min_sentences}) is above --max-sentences ({self.max_sentences})")
        if not self.classes:
            raise UsageError("--classes needs at least one class")
        if self.annotate_pronouns and not self.pronouns:
            raise UsageError("--annotate-pronouns needs --pronouns")
        parse_density(self.density)
        load_lexicon(self.lang)
        object.__setattr__(self, "classes", tuple(self.classes))
        for c in self.classes:
            expand_class(c)

    @property
    def density_target(self) -> float:
        return parse_density(self.density)[1]

    def class_iris(self) -> list[str]:
        return [expand_class(c) for c in self.classes]


def expand_class(name: str) -> str:
    """``dbo:Person`` or ``Person`` → ``http://dbpedia.org/ontology/Person``; a full IRI stays.

    Raises:
        UsageError: for anything else.
    """
    name = name.strip()
    if name.startswith(("http://", "https://")):
        return name
    if name.startswith("dbo:"):
        name = name[4:]
    if not name or not name.replace("_", "").isalnum():
        raise UsageError(f"not a class name: {name!r} (use dbo:Person or a full IRI)")
    return DBO + name


@dataclass
class Generated:
    """A generated corpus and what was measured while making it.

    Attributes:
        corpus: the documents with their gold mentions.
        stats: counts (documents, sentences, tokens, mentions, distinct URIs,
            density reached, fallback sentences, facts per property).
    """

    corpus: Corpus
    stats: dict[str, Any] = field(default_factory=dict)


def corpus_id(config: GenerateConfig, documents: Sequence[Document]) -> str:
    """A short id of (parameters, content): the document IRIs' namespace.

    The id is the first 12 hex digits of the SHA-256 of the parameters and of
    every document's text and gold mentions (offsets, URIs, type), in order. It
    does not depend on how the KB was reached (bundled store, dump, SPARQL
    endpoint): the same data with the same parameters gives the same corpus,
    byte for byte, and a KB whose data differs where the corpus looks gives a
    different id. The manifest's ``kb`` section says where the data came from.
    """
    content = [[d.text, [[m.begin, m.end, sorted(m.uris), m.type] for m in d.mentions]] for d in documents]
    params = asdict(config)
    for name in _LATER_FIELDS:  # left out at their defaults: corpora made before them keep their ids
        if params[name] is False:
            del params[name]
    payload = json.dumps({"config": params, "documents": content}, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:12]


#: GenerateConfig fields added after corpus ids were first published.
_LATER_FIELDS = ("surface_forms", "pronouns", "annotate_pronouns")


@dataclass(frozen=True)
class MadeDocument:
    """One document as a worker makes it (picklable; numbered by the caller).

    Attributes:
        text: the document text.
        mentions: its gold mentions.
        sentences: number of sentences (a joined "X was born in Y and died in Z." is one).
        tokens: spaCy English tokens.
        fallback_sentences: sentences worded from a property label.
        properties: local names of the properties of the facts said.
        form_kinds: per mention, what its surface form is when not the label
            ("family_name", "unqualified", "alt_label", "acronym", "pronoun"), else ``None``.
        pronouns: ``(pronoun, gender source)`` of the subject pronouns written (gold or not).
        paraphrased_sentences: sentences with at least one paraphrasing operation.
        paraphrase_operations: the operations applied, one entry per use.
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


class DocumentMaker:
    """Makes the document of one seed candidate; one per process.

    A document depends only on (config, KB, seed entity): its random generator is
    ``Random(f"{seed}|{entity IRI}")``, and nothing is carried from one document to
    the next except caches of KB answers. That is what makes ``--jobs N`` output
    identical to ``--jobs 1``.
    """

    def __init__(self, kb: SparqlKB, config: GenerateConfig) -> None:
        self.kb, self.config = kb, config
        self.lex = load_lexicon(config.lang)
        self.onto = load_ontology(kb)
        self.classes = config.class_iris()
        self.wanted = self.onto.subclasses(self.classes)
        self.persons = self.onto.subclasses([DBO + "Person"])
        self.facts = FactSource(kb, self.onto)
        self.strategy = STRATEGIES[config.strategy]
        self.target = config.density_target
        self.forms = None
        if config.surface_forms:
            self.forms = SurfaceForms(kb, self.persons, self.onto.subclasses([DBO + "Place"]),
                                      self.onto.subclasses([DBO + "Organisation"]))

    def can_list(self, prop: str, subject: Entity) -> bool:
        return bool(fact_templates(self.lex, self.onto, prop, subject, 2))

    def make(self, seed_uri: str) -> MadeDocument | None:
        """The document for one seed candidate, or ``None`` when it is not a usable seed."""
        config, lex, onto = self.config, self.lex, self.onto
        info = entities(self.kb, onto, [seed_uri]).get(seed_uri)
        if info is None or not writable_label(info.label):
            return None
        info = info.preferring(self.wanted)
        rng = random.Random(f"{config.seed}|{seed_uri}")
        k = rng.randint(config.min_sentences, config.max_sentences)
        facts = self.facts.outgoing(seed_uri)
        if not is_seed(onto, facts, self.wanted):
            return None
        typed = 1 if info.classes and k >= 2 else 0
        ctx = StrategyContext(info, self.facts, rng, self.can_list, facts)
        sub = self.strategy(ctx, k - typed, max(config.min_sentences - typed, 1))
        if sub is None:
            return None
        details = subject_details(self.kb, sorted({u.subject.uri for u in sub.units} | {info.uri}))
        past = {uri for uri, d in details.items() if d.deceased}
        past &= {u.subject.uri for u in sub.units if onto.is_instance(u.subject, self.persons)} | (
            {info.uri} if onto.is_instance(info, self.persons) else set())
        opening = None
        if typed:
            opening = type_sentence(lex, onto, info, self.demonym(details[info.uri].countries), info.uri in past)
        forms = None
        if self.forms is not None:
            named = sorted({info.uri} | {u.subject.uri for u in sub.units} | {o.uri for u in sub.units for o in u.objects})
            self.forms.prefetch(named)
            forms = self._form_chooser(seed_uri)
        genders = None
        if config.pronouns:
            subjects = {u.subject.uri: u.subject for u in sub.units}
            in_kb = kb_genders(self.kb, [u for u, e in subjects.items() if onto.is_instance(e, self.persons)])
            genders = {u: gender_of(e, onto.is_instance(e, self.persons), in_kb.get(u)) for u, e in subjects.items()}
        paraphraser = Paraphraser(lex, f"{config.seed}|{seed_uri}") if config.paraphrase else None
        sentences = plan_sentences(lex, onto, sub, self.target, config.min_sentences, opening, past,
                                   forms=forms, genders=genders, annotate_pronouns=config.annotate_pronouns,
                                   paraphraser=paraphraser)
        text, mentions = realise(sentences)
        tokens = sum(count_tokens(sentence_text(s)) for s in sentences)
        kinds = tuple(p.form_kind for s in sentences for p in s.pieces if isinstance(p, Entity))
        pronouns = tuple(s.pronoun for s in sentences if s.pronoun is not None)
        return MadeDocument(text, tuple(mentions), len(sentences), tokens, sum(s.fallback for s in sentences),
                            tuple(local_name(u.prop) for u in sub.units for _ in u.objects), kinds, pronouns,
                            sum(1 for s in sentences if s.paraphrase),
                            tuple(op for s in sentences for op in s.paraphrase))

    def _form_chooser(self, seed_uri: str):
        """``choose(entity, named_before) -> Entity | None``: the alternative surface form of a
        mention, one of :meth:`SurfaceForms.forms` picked by a hash of (seed, document seed,
        entity IRI, form count), so that the choice depends on nothing else."""
        assert self.forms is not None
        seed = self.config.seed

        def choose(entity: Entity, named_before: bool) -> Entity | None:
            options = self.forms.forms(entity, named_before)
            if not options:
                return None
            h = int(hashlib.sha256(f"{seed}|{seed_uri}|{entity.uri}".encode()).hexdigest()[:8], 16)
            form = options[h % len(options)]
            return entity.with_form(form.text, form.kind)

        return choose

    def demonym(self, countries: Sequence[tuple[str, str]]) -> str | None:
        """The one demonym of the strongest property that gives any ("German"), or ``None``
        when that property's countries disagree."""
        by_prop: dict[str, set[str]] = {}
        for prop, country in countries:
            d = self.lex.demonym(local_name(country))
            if d:
                by_prop.setdefault(prop, set()).add(d)
        for prop, _ in countries:
            if prop in by_prop:
                found = by_prop[prop]
                return next(iter(found)) if len(found) == 1 else None
        return None


# One DocumentMaker per worker process (set by _init_worker).
_WORKER: DocumentMaker | None = None


def _init_worker(kb_opener: Callable[[], SparqlKB], config: GenerateConfig) -> None:
    global _WORKER
    _WORKER = DocumentMaker(kb_opener(), config)


def _make_in_worker(seed_uri: str) -> MadeDocument | None:
    assert _WORKER is not None
    return _WORKER.make(seed_uri)


def _made_documents(kb: SparqlKB, config: GenerateConfig, order: Sequence[str], jobs: int,
                    kb_opener: Callable[[], SparqlKB] | None) -> Iterator[tuple[int, MadeDocument | None]]:
    """``(candidates tried, document or None)`` in candidate order, made here or by ``jobs`` processes."""
    if jobs <= 1:
        maker = DocumentMaker(kb, config)
        for i, uri in enumerate(order):
            yield i + 1, maker.make(uri)
        return
    import multiprocessing

    if kb_opener is None:
        raise UsageError("--jobs above 1 needs a KB that worker processes can open (a path or the bundled sample)")
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(jobs, initializer=_init_worker, initargs=(kb_opener, config)) as pool:
        pos = 0
        made = 0
        while pos < len(order):
            remaining = max(config.docs - made, 1)
            window = order[pos : pos + min(1024, max(8 * jobs, int(remaining * 1.5) + 4 * jobs))]
            for j, doc in enumerate(pool.map(_make_in_worker, window, chunksize=max(1, len(window) // (4 * jobs)))):
                made += doc is not None
                yield pos + j + 1, doc
            pos += len(window)
        pool.terminate()


def generate(kb: SparqlKB, config: GenerateConfig, kb_snapshot: str = "",
             progress: Callable[[int], None] | None = None, jobs: int = 1,
             kb_opener: Callable[[], SparqlKB] | None = None) -> Generated:
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
        kb_snapshot: accepted for callers that pass it; not part of the document IRIs (see below).
        progress: called with the number of documents made so far.
        jobs: worker processes; the output is identical for every value.
        kb_opener: a picklable zero-argument callable that opens the same KB in a
            worker process (e.g. ``functools.partial(open_kb, path)``); needed when ``jobs > 1``.

    Document IRIs are ``DOCUMENT_NAMESPACE + corpus_id + "/" + n`` (see
    :func:`corpus_id`: parameters and content, not the KB's access path);
    ``kb_snapshot`` is accepted for callers that pass it and is not part of them.

    Raises:
        UsageError: for a seed class the KB's ontology lacks (other than the default
            classes), or when the KB has too
            few usable seeds for ``config.docs`` documents.
    """
    onto = load_ontology(kb)
    # A class the user names must be one of the KB's ontology (the default set tolerates a KB
    # that lacks one of its classes, e.g. a small dump without organisations).
    known = set(onto.class_labels) | set(onto.depth)
    for name, c in zip(config.classes, config.class_iris()):
        if known and c not in known and name not in DEFAULT_CLASSES:
            raise UsageError(f"unknown class {name} (not a class of the KB's ontology)")
    pool = seed_candidates(kb, onto, config.class_iris())
    if not pool:
        raise UsageError(f"the KB has no seed for the classes {', '.join(config.classes)} "
                         "(instances that link to another instance of them)")
    order = list(pool)
    random.Random(config.seed).shuffle(order)
    target = config.density_target

    documents: list[Document] = []
    per_doc_density: list[float] = []
    per_doc_sentences: list[int] = []
    totals: Counter[str] = Counter()
    prop_counts: Counter[str] = Counter()
    form_counts: Counter[str] = Counter()
    pronoun_sources: Counter[str] = Counter()
    pronoun_words: Counter[str] = Counter()
    surfaces: list[tuple[str, str | None]] = []
    paraphrase_ops: Counter[str] = Counter()
    tried = 0
    made_iter = _made_documents(kb, config, order, jobs, kb_opener)
    for tried, made in made_iter:
        if made is None:
            continue
        n = len(documents) + 1
        documents.append(Document(str(n), made.text, made.mentions))  # IRI set below, from the content
        totals.update(sentences=made.sentences, tokens=made.tokens, mentions=len(made.mentions),
                      fallback_sentences=made.fallback_sentences)
        per_doc_density.append(len(made.mentions) / made.tokens)
        per_doc_sentences.append(made.sentences)
        prop_counts.update(made.properties)
        form_counts.update(k for k in made.form_kinds if k)
        pronoun_sources.update(src for _, src in made.pronouns)
        pronoun_words.update(p for p, _ in made.pronouns)
        totals.update(paraphrased_sentences=made.paraphrased_sentences)
        paraphrase_ops.update(made.paraphrase_operations)
        surfaces.extend((m.surface, k) for m, k in zip(made.mentions, made.form_kinds))
        if progress:
            progress(len(documents))
        if len(documents) == config.docs:
            break
    if hasattr(made_iter, "close"):
        made_iter.close()
    if len(documents) < config.docs:
        raise UsageError(
            f"the KB has only {len(documents)} usable seeds of {', '.join(config.classes)} for the "
            f"{config.strategy} strategy with at least {config.min_sentences} sentences' worth of facts; "
            f"asked for {config.docs} documents")
    cid = corpus_id(config, documents)
    documents = [replace(d, uri=f"{DOCUMENT_NAMESPACE}{cid}/{d.uri}") for d in documents]
    uris = {u for d in documents for m in d.mentions for u in m.uris}
    stats = {
        "documents": len(documents),
        "seed_candidates": len(pool),
        "seeds_tried": tried,
        "sentences": totals["sentences"],
        "sentences_per_document": per_doc_sentences,
        "tokens": totals["tokens"],
        "mentions": totals["mentions"],
        "distinct_uris": len(uris),
        "density_target": target,
        "density": round(totals["mentions"] / totals["tokens"], 6),
        "density_per_document": {
            "min": round(min(per_doc_density), 6),
            "mean": round(statistics.fmean(per_doc_density), 6),
            "max": round(max(per_doc_density), 6),
        },
        "fallback_sentences": totals["fallback_sentences"],
        "facts_per_property": dict(sorted(prop_counts.items(), key=lambda kv: (-kv[1], kv[0]))),
        "token_counter": "spaCy English tokenizer (spacy.blank('en'))",
    }
    if config.surface_forms:
        stats["surface_forms"] = surface_form_stats(kb, onto, surfaces, form_counts)
    if config.paraphrase:
        stats["paraphrase"] = {
            "sentences_paraphrased": totals["paraphrased_sentences"],
            "sentences_not_paraphrased": totals["sentences"] - totals["paraphrased_sentences"],
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
    metadata = {"generator": "bengal", "version": __version__, "config": asdict(config), "corpus_id": cid}
    return Generated(Corpus(tuple(documents), name=f"bengal-{config.strategy}-{cid}", metadata=metadata), stats)


#: With ``--paraphrase``, the same for a paraphrased clause (BENGAL's B2, B4, … are
#: meant to be paraphrased, so a paraphrase wins unless it moves the density away).
_PARAPHRASE_PREFERENCE = 0.004

#: With ``--surface-forms``, a clause written with other surface forms wins over the
#: same clause with full labels when its density gap is at most this much larger
#: (mentions per token): without it the control would take them only when they
#: happen to be closer to the target, which is rare.
_FORM_PREFERENCE = 0.004


#: One ambiguity index per open KB (building it reads every label: about 2 s on the bundled sample).
#: (KB id → (weak reference to the KB, index)); the weak reference tells a reused id apart.
_AMBIGUITY: dict[int, tuple[Any, AmbiguityIndex]] = {}


def ambiguity_index(kb: SparqlKB, onto) -> AmbiguityIndex:
    """The :class:`AmbiguityIndex` of ``kb``, built once per open KB (the last one is kept)."""
    cached = _AMBIGUITY.get(id(kb))
    if cached is not None and cached[0]() is kb:
        return cached[1]
    index = AmbiguityIndex(kb, onto.subclasses([DBO + "Person"]))
    try:
        _AMBIGUITY.clear()
        _AMBIGUITY[id(kb)] = (weakref.ref(kb), index)
    except TypeError:  # a KB object that takes no weak reference: no cache
        pass
    return index


def surface_form_stats(kb: SparqlKB, onto, surfaces: Sequence[tuple[str, str | None]],
                       form_counts: Counter) -> dict[str, Any]:
    """The manifest's ``surface_forms`` section: mentions per kind of surface form and
    the share of mentions whose surface names more than one KB entity
    (:class:`bengal.generate.surface.AmbiguityIndex`), for all mentions and for
    those not written as the label."""
    index = ambiguity_index(kb, onto)
    amb = [index.entities(text) > 1 for text, kind in surfaces if kind != "pronoun"]
    amb_alt = [index.entities(text) > 1 for text, kind in surfaces if kind not in (None, "pronoun")]
    label = len(amb) - len(amb_alt)
    return {
        "mentions_by_form": {"label": label, **{k: form_counts.get(k, 0)
                                                for k in ("family_name", "unqualified", "alt_label", "acronym")}},
        "ambiguous_mentions": sum(amb),
        "ambiguous_share": round(sum(amb) / len(amb), 6) if amb else 0.0,
        "ambiguous_share_other_forms": round(sum(amb_alt) / len(amb_alt), 6) if amb_alt else 0.0,
        "ambiguity_counted_against": "the KB's English labels without their disambiguation parenthesis, their "
                                     "part before the first comma, the last word of person labels, and "
                                     "English skos:altLabels (exact, case-sensitive)",
    }


def plan_sentences(lex, onto, sub: Subgraph, target: float, min_sentences: int, opening: Sentence | None,
                   past: set[str], forms: Callable[[Entity, bool], Entity | None] | None = None,
                   genders: dict[str, Any] | None = None, annotate_pronouns: bool = False,
                   paraphraser: Paraphraser | None = None) -> list[Sentence]:
    """Sentences for a subgraph, steering the document's mentions per token to ``target``.

    Each unit of the subgraph becomes a clause; the choices for it are: the
    lexicon's template variants; the subject as a mention or, when the previous
    sentence named or described it, as a description from its class ("the
    footballer"); a single sentence-final object with or without an apposition
    from its class ("the band Pulley"), and likewise for a subject that the previous
    sentence did not name; and a clause of its own or joined to the
    previous sentence about the same subject ("X was born in Y and died in Z.",
    only while the document keeps ``min_sentences``). The choice that brings the
    document's density so far closest to the target wins (ties: the first, i.e.
    a sentence of its own, the main template, the subject named, no apposition).
    A subgraph that prefers aggregation (``summary``) joins whenever it may. The
    first mention of a subject may also take one ("The band Pulley is …"). The
    opening type sentence ("X is a footballer.") is kept unless leaving it out
    (when the document still has ``min_sentences``) lands closer to the target.

    Facts about a subject in ``past`` (people with a death date) are in the past tense.

    Args:
        forms: with ``--surface-forms``, ``forms(entity, named_before)`` gives the
            entity in another surface form (or ``None``); every clause may then also
            be written with those forms for all its mentions (one more choice).
        genders: with ``--pronouns``, ``{subject IRI: Gender}``; a subject that was
            the subject of the previous sentence may then be a pronoun (one more
            choice; ties prefer the name).
        annotate_pronouns: pronouns are gold mentions.
        paraphraser: with ``--paraphrase``, every clause may also be written in the
            other voice, with synonyms, with an apposition after a subject's first
            mention, or joined before the previous clause (see
            :mod:`bengal.generate.paraphrase`); paraphrased options win over the plain
            one unless their density gap is more than ``_PARAPHRASE_PREFERENCE`` larger.
    """
    plans = []
    openings = [[opening]] if opening is not None else [[]]
    if opening is not None and len(sub.units) >= min_sentences:
        openings.append([])
    for first in openings:
        sentences, tokens = list(first), [count_tokens(sentence_text(s)) for s in first]
        mentions = sum(s.mention_count for s in sentences)
        total = sum(tokens)
        prev_refs: set[str] = {sub.seed.uri} if first else set()
        prev_subject: str | None = sub.seed.uri if first else None
        named: set[str] = {p.uri for s in sentences for p in s.pieces if isinstance(p, Entity)}
        for i, unit in enumerate(sub.units):
            subject, objs = unit.subject, unit.objects
            is_past = subject.uri in past
            n_variants = len(fact_templates(lex, onto, unit.prop, subject, len(objs)))
            noun = class_noun(lex, onto, subject)
            vague = noun in lex.meta.get("apposition_vague", ())
            describe: tuple[str, ...] = ("name", "describe") if subject.uri in prev_refs and noun and not vague \
                else ("name",)
            if genders is not None and prev_subject == subject.uri and subject.uri in genders:
                describe += ("pronoun",)
            appos = (False,)
            if len(objs) == 1 and apposition_phrase(lex, onto, objs[0]) is not None:
                appos = (False, True)
            subj_appos = (False,)
            if subject.uri not in prev_refs and apposition_phrase(lex, onto, subject) is not None:
                subj_appos = (False, True)
            remaining = len(sub.units) - i - 1
            may_join = bool(sentences) and len(sentences) + remaining >= min_sentences

            def choose(_: int, entity: Entity) -> Entity | None:
                return forms(entity, entity.uri in named) if forms is not None else None

            best = None
            for join in ((True, False) if sub.prefer_aggregation else (False, True)):
                if join and not may_join:
                    continue
                templates = [(v, fact_templates(lex, onto, unit.prop, subject, len(objs))[v], None)
                             for v in range(n_variants)]
                other_voice = paraphraser.voice_template(unit.prop, len(objs)) if paraphraser else None
                if other_voice:
                    templates.append((0, other_voice, other_voice))
                for variant, template, override in templates:
                    for d in (describe if not join else ("name",)):
                        if d == "pronoun" and not pronoun_allowed(lex.past(template) if is_past else template):
                            continue
                        for a, sa in ((a, sa) for a in appos for sa in (subj_appos if not (d != "name" or join)
                                                                       else (False,))):
                            if a and not apposition_allowed(lex.parse(template)):
                                continue
                            if sa and not template.startswith("{s} "):
                                continue
                            pronoun = None
                            if d == "pronoun":
                                g = genders[subject.uri]
                                pronoun = (g.pronoun, g.source)
                            base = fact_sentence(lex, onto, unit.prop, subject, objs, describe_subject=d == "describe",
                                                 variant=variant, past=is_past, apposition=a,
                                                 subject_apposition=sa, pronoun=pronoun,
                                                 annotate_pronoun=annotate_pronouns, template=override)
                            if override is not None:
                                base = Paraphraser.mark(base, "voice")
                            shortened = with_forms(base, choose) if forms is not None else None
                            candidates = [(base, 0.0), (shortened, _FORM_PREFERENCE)]
                            if paraphraser is not None:
                                for plain, bonus in candidates[:2]:
                                    if plain is None:
                                        continue
                                    candidates.append((paraphraser.synonym(plain, i), bonus))
                                    if not join and d == "name" and not sa and subject.uri not in named:
                                        candidates.append((paraphraser.apposition(plain, noun), bonus))
                                candidates = [(c, b + (_PARAPHRASE_PREFERENCE if c is not None and c.paraphrase
                                                       else 0.0)) for c, b in candidates]
                            for option, bonus in candidates:
                                if option is None:
                                    continue
                                if join:
                                    single = option
                                    option = join_sentences(lex, sentences[-1], single)
                                    if (paraphraser is not None and len(sentences) > len(first)
                                            and not sentences[-1].paraphrase):
                                        reordered = join_sentences(lex, single, sentences[-1])
                                        if reordered is not None:
                                            reordered = Paraphraser.mark(reordered, "reorder")
                                            for joined, extra in ((option, 0.0), (reordered, _PARAPHRASE_PREFERENCE)):
                                                if joined is None:
                                                    continue
                                                jm = joined.mention_count - sentences[-1].mention_count
                                                jt = count_tokens(sentence_text(joined)) - tokens[-1]
                                                gap = abs((mentions + jm) / (total + jt) - target) - bonus - extra
                                                if best is None or gap < best[0] - 1e-12:
                                                    best = (gap, joined, jm, jt, True)
                                            continue
                                    if option is None:
                                        continue
                                    m = option.mention_count - sentences[-1].mention_count
                                    t = count_tokens(sentence_text(option)) - tokens[-1]
                                else:
                                    m, t = option.mention_count, count_tokens(sentence_text(option))
                                gap = abs((mentions + m) / (total + t) - target) - bonus
                                if best is None or gap < best[0] - 1e-12:
                                    best = (gap, option, m, t, join)
                if join and best is not None and sub.prefer_aggregation:
                    break
            _, chosen, m, t, joined = best
            if joined:
                sentences[-1] = chosen
                tokens[-1] += t
            else:
                sentences.append(chosen)
                tokens.append(t)
            mentions += m
            total += t
            prev_refs = {subject.uri} | {p.uri for p in chosen.pieces if isinstance(p, Entity)}
            prev_subject = chosen.subject
            named |= {p.uri for p in chosen.pieces if isinstance(p, Entity)}
        plans.append((abs(mentions / total - target), sentences))
    return min(plans, key=lambda p: p[0])[1]
