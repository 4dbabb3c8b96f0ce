"""Every measure of ``bengal stats`` on one corpus; the definitions are ``docs/shape.md``.

Tokens and sentences are :mod:`bengal.tokens` (spaCy's blank tokenizer and rule sentencizer of the
corpus's language, English unless told; tokens are the non-space tokens). Entities are a mention's
URIs after the corpus's own ``owl:sameAs`` links to ``http://dbpedia.org/resource/`` (OKE's corpus-local IRIs);
a mention with several URIs counts with the smallest. The dataset properties follow Waitelonis, Jürges and
Sack, "Remixing entity linking evaluation datasets for focused benchmarking", Semantic Web
journal (SWJ 2018), section on dataset properties: likelihood of confusion of surface forms and of
entities, dominance, popularity; the dictionary is the KB's :class:`bengal.kb.names.NameIndex`
instead of the paper's Wikipedia anchor dictionary, popularity the KB in-degree instead of PageRank.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from bengal.kb.names import TOP_CLASSES, NameIndex
from bengal.model import Corpus, Document, Mention
from bengal.rdf import EMERGING_NAMESPACES
from bengal.score.oke_types import oke_class_map
from bengal.score.uris import DEFAULT_KB_NAMESPACES, KbNamespaces, normalise_uri
from bengal.tokens import sentences, tokens
from bengal.typemap import TypeMap

__all__ = ["MEASURES", "CHECKS", "CorpusShape", "measure_corpus", "capitalised_outside_mentions", "TYPE_WINDOW"]

DBR = "http://dbpedia.org/resource/"
#: The scorer's InKB rule (GERBIL's KB namespaces, after its URI normalisation): a mention none of whose
#: URIs is in the KB is NIL / emerging (``aksw.org/notInWiki``, bengal's ``bengal.invalid/notInWiki``, a
#: corpus-local IRI, a DBpedia chapter's), as ``bengal score`` counts it.
_KB = KbNamespaces(DEFAULT_KB_NAMESPACES)
#: Tokens outside mentions over which word types are counted (the issue's "per 3,000 tokens").
TYPE_WINDOW = 3000

#: The measures in table order: ``(key, label, kind)``; kind ``int``, ``float`` or ``share``.
MEASURES: tuple[tuple[str, str, str], ...] = (
    ("documents", "documents", "int"),
    ("mentions", "mentions", "int"),
    ("mentions_per_document", "mentions / document", "float"),
    ("sentences", "sentences", "int"),
    ("tokens", "tokens", "int"),
    ("tokens_per_sentence", "tokens / sentence", "float"),
    ("mentions_per_token", "mentions / token", "float3"),
    ("label_identical_share", "label-identical", "share"),
    ("label_only_share", "entity has no other KB name", "share"),
    ("nil_share", "NIL / emerging", "share"),
    ("outside_kb_share", "outside the KB", "share"),
    ("unknown_form_share", "surface form not in the KB", "share"),
    ("type_person", "type: Person", "share"),
    ("type_organisation", "type: Organisation", "share"),
    ("type_place", "type: Place", "share"),
    ("type_work", "type: Work", "share"),
    ("type_other", "type: other", "share"),
    ("type_known_share", "type known", "share"),
    ("word_types_per_3000", "word types / 3,000 tokens", "int"),
    ("capitalised_outside_per_100", "capitalised non-mention words / 100", "float"),
    ("repeated_sentence_share", "sentences repeated across docs", "share"),
    ("top_sentence_document_share", "docs holding the most repeated sentence", "share"),
    ("surface_form_ambiguity", "ambiguity of surface forms", "float"),
    ("entity_ambiguity", "ambiguity of entities", "float"),
    ("dominance", "dominance", "share"),
    ("mfs_ceiling", "most-frequent-sense ceiling", "share"),
    ("kb_prior_ceiling", "KB-prior sense ceiling", "share"),
    ("popularity_mean", "popularity: in-degree mean", "float"),
    ("popularity_median", "popularity: in-degree median", "float"),
    ("ambiguous_mention_share", "ambiguous mentions", "share"),
    ("offsets_outside_text", "check: offsets outside text", "int"),
    ("anchor_mismatches", "check: anchor != text slice", "int"),
    ("overlapping_pairs", "check: overlapping mention pairs", "int"),
    ("uris_not_in_kb", "check: URIs not in the KB", "int"),
)
#: The gold checks among :data:`MEASURES`.
CHECKS = ("offsets_outside_text", "anchor_mismatches", "overlapping_pairs", "uris_not_in_kb")

_TYPE_MAP = TypeMap({c: c for c in TOP_CLASSES}, default="other")
#: A mention's CoNLL type → the top class (MISC and the rest: "other").
_CONLL_TOP = {"PER": "Person", "ORG": "Organisation", "LOC": "Place"}
#: OKE's entity classes (DUL, d0) → the DBpedia class they type (``bengal/data/oke_dul_dbpedia.tsv``): OKE
#: 2015's gold types its mentions ``dul:Person``, ``dul:Organization``, ``dul:Place``, ``dul:Role``.
_OKE_TO_DBO = {oke: dbo for dbo, okes in oke_class_map().items() for oke in okes}


@dataclass(frozen=True)
class CorpusShape:
    """The measures of one corpus.

    Attributes:
        name: the corpus name.
        values: :data:`MEASURES` key → value; ``None`` where the measure has no base (e.g. no
            mention, or fewer than :data:`TYPE_WINDOW` tokens outside mentions).
        warnings: the reader's warning codes → counts.
        lang: the language whose spaCy tokenizer and sentencizer counted tokens and sentences.
        lang_source: where ``lang`` came from (``"--lang"``, the manifest's or the NIF file's name),
            ``None`` for the default English.
    """

    name: str
    values: dict[str, float | int | None]
    warnings: dict[str, int] = field(default_factory=dict)
    lang: str = "en"
    lang_source: str | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"name", "lang", "lang_source", "measures": {key: value}, "reader_warnings": {code: count}}``."""
        return {"name": self.name, "lang": self.lang, "lang_source": self.lang_source,
                "measures": dict(self.values), "reader_warnings": dict(self.warnings)}


def _share(part: float, whole: float) -> float | None:
    return part / whole if whole else None


def _mean(xs: list[float]) -> float | None:
    return statistics.fmean(xs) if xs else None


def _entity(m: Mention, same_as: Callable[[str], str]) -> str | None:
    return min(same_as(u) for u in m.uris) if m.uris else None


def _top_class(m: Mention, entity: str | None, names: NameIndex) -> str | None:
    """The mention's top class (docs/shape.md): its KB entity's, else its own type's (a DBpedia
    class, PER/ORG/LOC or an OKE class: :func:`_own_top`; "other" for MISC, ``dul:Role`` and the
    rest), else "other" for an untyped KB entity of none of :data:`TOP_CLASSES`; ``None`` when
    neither the KB nor the corpus says (an untyped mention of an entity outside the KB sample, an
    untyped NIL), so that the type mix is not the KB sample's coverage."""
    top = names.top_class.get(entity) if entity is not None else None
    if top is not None:
        return top
    if m.type:  # the type map passes a type it does not know through ("MISC"): that is "other" here
        return _own_top(m.type)
    return "other" if entity is not None and entity in names.label else None


def _own_top(type_: str) -> str:
    """The top class of a mention's own type field: PER/ORG/LOC, a DBpedia class through the class
    hierarchy, or an OKE class read as its DBpedia class (``dul:Person`` → Person: :data:`_OKE_TO_DBO`);
    of a field of several space-separated IRIs ("dul:Organization dul:Place"), the first of
    :data:`~bengal.kb.names.TOP_CLASSES` that one of them gives; "other" when none does (MISC,
    ``dul:Role``)."""
    found: set[str] = set()
    for t in type_.split():
        mapped = _CONLL_TOP.get(t) or _TYPE_MAP(_OKE_TO_DBO.get(t, t))
        found.add(mapped)
    return next((c for c in TOP_CLASSES if c in found), "other")


#: A capitalised word: its first letter upper case, the rest lower case ("Monday", "Japanese", "President").
_CAPITALISED = re.compile(r"\b[A-Z][a-z]+\b")


def capitalised_outside_mentions(documents: Sequence[Document]) -> float | None:
    """Capitalised words (:data:`_CAPITALISED`) outside every gold mention and not opening a sentence (the
    text's start, or after ``.``, ``!``, ``?`` or a closing quote, spaces between), per 100 whitespace-separated
    words; ``None`` without words. The months, weekdays, demonyms, titles and unannotated names news carries,
    which a capitalisation rule takes for mentions (``benchmarks/caprule.py``): on the manual corpora 1.9-10.8
    (RSS-500 10.8 with its unannotated names, Reuters-128 2.6), on the ``--like`` sets 0.3-0.5 (issue 11, 7 December
    2026; ``benchmarks/bench_validity.py``'s last column, where the measure was first written)."""
    found = words = 0
    for d in documents:
        spans = [(m.begin, m.end) for m in d.mentions]
        words += len(d.text.split())
        text = d.text
        for m in _CAPITALISED.finditer(text):
            i = m.start() - 1
            while i >= 0 and text[i].isspace():  # the character before the word and its spaces (no prefix copied)
                i -= 1
            if i >= 0 and text[i] not in ".!?\"" and not any(b <= m.start() < e for b, e in spans):
                found += 1
    return 100 * found / words if words else None


def measure_corpus(corpus: Corpus, names: NameIndex, *, window: int = TYPE_WINDOW, lang: str = "en",
                   lang_source: str | None = None,
                   other_names: Callable[[str], Iterable[str]] | None = None) -> CorpusShape:
    """Measure ``corpus`` against the KB's ``names`` (definitions: ``docs/shape.md``).

    Args:
        corpus: any corpus of the model (NIF, JSONL, CoNLL read alike).
        names: the KB's name index (:func:`bengal.kb.names.name_index`).
        window: tokens outside mentions over which word types are counted.
        lang: the spaCy language code tokens and sentences are counted in (``spacy.blank(lang)``).
        lang_source: where ``lang`` came from, kept in the shape (:class:`CorpusShape`).
        other_names: label → the names a lexicon gives it beyond the index's forms
            (:meth:`bengal.generate.lexicon.Lexicon.other_names`), counted by ``label_only_share``.

    Raises:
        ImportError: spaCy has no language ``lang``.

    Returns:
        a :class:`CorpusShape`; counts are ints, the rest floats or ``None``.
    """
    links = {a: b for a, b in corpus.same_as if b.startswith(DBR) and not a.startswith(DBR)}
    links.update({b: a for a, b in corpus.same_as if a.startswith(DBR) and not b.startswith(DBR)})

    def same_as(u: str) -> str:
        return links.get(u, u)

    v: dict[str, float | int | None] = {}
    docs = corpus.documents
    mentions = [(d, m) for d in docs for m in d.mentions]
    n_m = len(mentions)
    v["documents"] = len(docs)
    v["mentions"] = n_m
    v["mentions_per_document"] = _share(n_m, len(docs))

    n_tok = n_sent = 0
    outside_words: list[str] = []
    sentence_docs: dict[str, set[int]] = defaultdict(set)
    sentence_list: list[str] = []
    for i, d in enumerate(docs):
        toks = tokens(d.text, lang)
        n_tok += len(toks)
        spans = [(m.begin, m.end) for m in d.mentions]
        for tb, te, t in toks:
            if len(outside_words) < window and any(c.isalpha() for c in t) and \
                    not any(tb < me and mb < te for mb, me in spans):
                outside_words.append(t.lower())
        for sb, se in sentences(d.text, lang):
            n_sent += 1
            sentence_docs[d.text[sb:se]].add(i)
            sentence_list.append(d.text[sb:se])
    v["sentences"] = n_sent
    v["tokens"] = n_tok
    v["tokens_per_sentence"] = _share(n_tok, n_sent)
    v["mentions_per_token"] = _share(n_m, n_tok)

    linked = [(d, m, _entity(m, same_as)) for d, m in mentions if m.uris]
    base = [(m, e) for _, m, e in linked if e in names.label]
    v["label_identical_share"] = _share(sum(1 for m, e in base if m.surface == names.label[e]), len(base))
    # the floor of the share above: a mention of an entity the KB and the lexicon give no other name can only
    # be its label
    only: dict[str, bool] = {}
    for _, entity in base:
        if entity is not None and entity not in only:
            label = names.label[entity]
            only[entity] = all(f == label for f in names.forms_of.get(entity, ())) and \
                (other_names is None or all(f == label for f in other_names(label)))
    v["label_only_share"] = _share(sum(1 for _, entity in base if entity is not None and only[entity]), len(base))
    v["nil_share"] = _share(sum(1 for _, m in mentions
                                if not any(_KB.in_kb(normalise_uri(same_as(u))) for u in m.uris)), n_m)

    # what a system linking with this KB cannot get right: the entity is NIL / emerging or not in the KB
    # (the KB sample lacks it); the surface form names no KB entity (a dictionary cannot spot it)
    v["outside_kb_share"] = _share(sum(1 for _, m in mentions if not any(same_as(u) in names.subjects
                                                                         for u in m.uris)),
                                   n_m) if any(m.uris for _, m in mentions) else None
    v["unknown_form_share"] = _share(sum(1 for _, m in mentions if names.senses(m.surface) == 0), n_m)

    types: Counter[str] = Counter()
    for _, m in mentions:
        top = _top_class(m, _entity(m, same_as), names)
        if top is not None:
            types[top] += 1
    typed = sum(types.values())
    for cls in (*TOP_CLASSES, "other"):
        v[f"type_{cls.lower()}"] = _share(types[cls], typed)
    v["type_known_share"] = _share(typed, n_m)

    v["word_types_per_3000"] = len(set(outside_words)) if len(outside_words) >= window else None
    v["capitalised_outside_per_100"] = capitalised_outside_mentions(docs)
    v["repeated_sentence_share"] = _share(sum(1 for s in sentence_list if len(sentence_docs[s]) > 1), n_sent)
    v["top_sentence_document_share"] = _share(max((len(d) for d in sentence_docs.values()), default=0), len(docs))

    # Waitelonis et al.: likelihood of confusion, dominance, popularity; and the MFS ceiling
    forms = sorted({m.surface for _, m in mentions})
    v["surface_form_ambiguity"] = _mean([names.senses(f) for f in forms if names.senses(f) > 0])
    gold = sorted({e for _, _, e in linked if e is not None})
    v["entity_ambiguity"] = _mean([len(names.forms_of[e]) for e in gold if e in names.forms_of])
    used: dict[str, set[str]] = defaultdict(set)
    for _, m, e in linked:
        if e is not None:
            used[e].add(m.surface)
    v["dominance"] = _mean([len(used[e] & names.forms_of[e]) / len(names.forms_of[e])
                            for e in gold if names.forms_of.get(e)])
    by_form: dict[str, Counter[str]] = defaultdict(Counter)
    for _, m, e in linked:
        if e is not None:
            by_form[m.surface][e] += 1
    top_sense = {f: min(c, key=lambda e: (-c[e], e)) for f, c in by_form.items()}
    v["mfs_ceiling"] = _share(sum(1 for _, m, e in linked if top_sense.get(m.surface) == e), len(linked))
    kb_top = {f: min(names.entities_of[f], key=lambda e: (-names.in_degree.get(e, 0), e))
              for f in forms if names.senses(f) > 0}
    known = [(m, e) for _, m, e in linked if m.surface in kb_top]
    v["kb_prior_ceiling"] = _share(sum(1 for m, e in known if kb_top[m.surface] == e), len(known))
    in_kb = [e for e in gold if e in names.subjects]
    degrees = [names.in_degree.get(e, 0) for e in in_kb]
    v["popularity_mean"] = _mean([float(x) for x in degrees])
    v["popularity_median"] = float(statistics.median(degrees)) if degrees else None
    v["ambiguous_mention_share"] = _share(sum(1 for _, m in mentions if names.senses(m.surface) > 1), n_m)

    # gold checks
    warnings = Counter(w.code for w in corpus.warnings)
    v["offsets_outside_text"] = sum(1 for d, m in mentions if m.end > len(d.text))
    v["anchor_mismatches"] = warnings.get("anchor_mismatch", 0)
    pairs = 0
    for d in docs:
        spans = sorted({(m.begin, m.end) for m in d.mentions})
        for k, (_, end) in enumerate(spans):
            for b2, _ in spans[k + 1:]:
                if b2 >= end:
                    break
                pairs += 1
    v["overlapping_pairs"] = pairs
    # an emerging entity's IRI (GERBIL's notInWiki, bengal's made-up entities) is outside the KB by design
    v["uris_not_in_kb"] = len({same_as(u) for _, m in mentions for u in m.uris
                               if not u.startswith(EMERGING_NAMESPACES)} - names.subjects)
    return CorpusShape(corpus.name, v, dict(sorted(warnings.items())), lang, lang_source)
