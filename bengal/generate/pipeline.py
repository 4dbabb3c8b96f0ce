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
from collections import Counter
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Callable, Sequence

from bengal import __version__
from bengal.errors import UsageError
from bengal.generate.density import count_tokens, parse_density
from bengal.generate.kbview import (SparqlKB, entities, is_seed, load_ontology, local_name, outgoing_facts,
                                    seed_candidates)
from bengal.generate.lexicon import load_lexicon
from bengal.generate.strategies import STRATEGIES
from bengal.generate.verbalise import Sentence, fact_sentence, fact_templates, realise, sentence_text, type_sentence
from bengal.kb.sparql import DBO
from bengal.model import Corpus, Document

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
    payload = json.dumps({"config": asdict(config), "documents": content}, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:12]


def generate(kb: SparqlKB, config: GenerateConfig, kb_snapshot: str = "",
             progress: Callable[[int], None] | None = None) -> Generated:
    """Generate a corpus of ``config.docs`` documents from ``kb``.

    Seed candidates (:func:`bengal.generate.kbview.seed_candidates`) are sorted
    and shuffled by ``Random(seed)``; a candidate is used when it is a seed
    (:func:`bengal.generate.kbview.is_seed`) with enough facts; every document draws its sentence count and
    facts from its own ``Random`` seeded by (seed, seed entity), so a document
    does not depend on the others.

    Density control: within each document, after the first sentence, each
    repeated subject is written either as a mention or as a description from
    its class ("the footballer"), whichever brings the document's mentions per
    token closer to the target.

    Document IRIs are ``DOCUMENT_NAMESPACE + corpus_id + "/" + n`` (see
    :func:`corpus_id`: parameters and content, not the KB's access path);
    ``kb_snapshot`` is accepted for callers that pass it and is not part of them.

    Raises:
        UsageError: when the KB has too few usable seeds for ``config.docs`` documents.
    """
    lex = load_lexicon(config.lang)
    onto = load_ontology(kb)
    classes = config.class_iris()
    wanted = onto.subclasses(classes)
    pool = seed_candidates(kb, onto, classes)
    if not pool:
        raise UsageError(f"the KB has no seed for the classes {', '.join(config.classes)} "
                         "(instances that link to another instance of them)")
    order = list(pool)
    random.Random(config.seed).shuffle(order)
    target = config.density_target
    strategy = STRATEGIES[config.strategy]

    documents: list[Document] = []
    per_doc_density: list[float] = []
    totals = Counter()
    prop_counts: Counter[str] = Counter()
    tried = 0
    for seed_uri in order:
        if len(documents) == config.docs:
            break
        tried += 1
        info = entities(kb, onto, [seed_uri]).get(seed_uri)
        if info is None:
            continue
        info = info.preferring(wanted)
        rng = random.Random(f"{config.seed}|{seed_uri}")
        k = rng.randint(config.min_sentences, config.max_sentences)
        typed = 1 if info.classes else 0
        facts = outgoing_facts(kb, onto, seed_uri)
        if not is_seed(onto, facts, wanted):
            continue
        sub = strategy(info, facts, k - typed, config.min_sentences - typed, rng,
                       lambda p, e=info: bool(fact_templates(lex, onto, p, e, 2)))
        if sub is None:
            continue
        sentences = _verbalise(lex, onto, sub, target, config.min_sentences)
        text, mentions = realise(sentences)
        n = len(documents) + 1
        documents.append(Document(str(n), text, tuple(mentions)))  # IRI set below, from the content
        tokens = sum(count_tokens(sentence_text(s)) for s in sentences)
        totals.update(sentences=len(sentences), tokens=tokens, mentions=len(mentions),
                      fallback_sentences=sum(s.fallback for s in sentences))
        per_doc_density.append(len(mentions) / tokens)
        prop_counts.update(local_name(p) for p, objs in sub.units for _ in objs)
        if progress:
            progress(len(documents))
    if len(documents) < config.docs:
        raise UsageError(
            f"the KB has only {len(documents)} usable seeds of {', '.join(config.classes)} with at least "
            f"{config.min_sentences} sentences' worth of facts; asked for {config.docs} documents")
    cid = corpus_id(config, documents)
    documents = [replace(d, uri=f"{DOCUMENT_NAMESPACE}{cid}/{d.uri}") for d in documents]
    uris = {u for d in documents for m in d.mentions for u in m.uris}
    stats = {
        "documents": len(documents),
        "seed_candidates": len(pool),
        "seeds_tried": tried,
        "sentences": totals["sentences"],
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
    metadata = {"generator": "bengal", "version": __version__, "config": asdict(config), "corpus_id": cid}
    return Generated(Corpus(tuple(documents), name=f"bengal-{config.strategy}-{cid}", metadata=metadata), stats)


def _verbalise(lex, onto, sub, target: float, min_sentences: int) -> list[Sentence]:
    """Sentences for a subgraph, steering the document's mentions per token to ``target``.

    For each fact sentence the choices are the lexicon's template variants, each
    with the subject as a mention or (after the first sentence, for a typed
    subject) as a description; the one that brings the document's density so far
    closest to the target wins (ties: the first, i.e. the lexicon's main
    template with the subject named). The opening type sentence ("X is a
    footballer.") is kept unless leaving it out (when the document still has
    ``min_sentences``) lands closer to the target.
    """
    plans = []
    first = type_sentence(lex, onto, sub.seed)
    openings = [[first]] if first is not None else [[]]
    if first is not None and len(sub.units) >= min_sentences:
        openings.append([])
    for opening in openings:
        sentences = list(opening)
        mentions = sum(s.mention_count for s in sentences)
        tokens = sum(count_tokens(sentence_text(s)) for s in sentences)
        for prop, objs in sub.units:
            best = None
            n_variants = len(fact_templates(lex, onto, prop, sub.seed, len(objs)))
            describe = (False, True) if sentences and sub.seed.classes else (False,)
            for variant in range(n_variants):
                for d in describe:
                    option = fact_sentence(lex, onto, prop, sub.seed, objs, describe_subject=d, variant=variant)
                    m, t = option.mention_count, count_tokens(sentence_text(option))
                    gap = abs((mentions + m) / (tokens + t) - target)
                    if best is None or gap < best[0]:
                        best = (gap, option, m, t)
            _, chosen, m, t = best
            sentences.append(chosen)
            mentions += m
            tokens += t
        plans.append((abs(mentions / tokens - target), sentences))
    return min(plans, key=lambda p: p[0])[1]
