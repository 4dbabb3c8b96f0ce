"""The baseline annotator: a dictionary spotter over the KB's names plus a prior-and-coherence linker.

It is a **baseline**, a floor to compare real systems against, not a system to use: no statistics
of text, no learned model.

Dictionary (:func:`build_dictionary`, three SPARQL queries and one for the types, run on any
:class:`bengal.kb.store.KB` or remote KB with ``select``):

- surface forms: every English or untagged ``rdfs:label`` of a ``http://dbpedia.org/resource/``
  entity with its trailing disambiguation parenthesis removed (``"Paris (band)"`` → ``"Paris"``,
  as the generator writes entities, :func:`bengal.kb.labels.surface_of`) and every English or
  untagged ``skos:altLabel`` (the baseline reads English text: the bundled sample's
  ``@de``/``@es``/``@fr``/``@pt`` names, such as ``"Apple"@fr`` for Apple Inc., are not its
  forms); forms without an upper-case letter, or shorter than two code points, are
  dropped (they are mostly common words and numbers);
- prior: an entity's degree, the number of entity-to-entity triples it takes part in
  (``rdf:type`` left out);
- context: the entity-to-entity edges themselves.

Spotting (:meth:`Baseline.annotate`): spaCy's ``PhraseMatcher`` on ``spacy.blank("en")``
(tokens compared verbatim, case-sensitive; a form ending in a lone capital, ``World War I``, is
also looked for with a period, since spaCy keeps ``I.`` as one token); a match that ends in a
period loses it when the name without it is a form (``Canada.`` at a sentence end, an altLabel,
is ``Canada``); a match that starts or ends inside a word (a run of letters, digits and hyphens:
``21`` in ``21-man``) is dropped; then, as ``spacy.util.filter_spans`` but in code points: the
longest match first, then the earliest; the kept matches do not overlap.

Linking: among the candidates of a surface form the one with the highest score
``log(1 + degree) + 2 × (number of other spotted surface forms in the document that have a
candidate adjacent to it in the KB)`` wins; ties go to the smallest URI. Every mention gets a
type when its entity is a ``dbo:Person``, ``dbo:Organisation`` or ``dbo:Place`` (the class IRI,
which :mod:`bengal.typemap` maps to PER/ORG/LOC) and ``score`` = the winner's share of the
candidates' scores.
"""

from __future__ import annotations

import hashlib
import math
import os
import pickle
import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, cast

from bengal.atomic import atomic_write
from bengal.digest import code_digest
from bengal.kb import labels
from bengal.kb.labels import surface_of
from bengal.kb.sparql import SparqlKB
from bengal.kb.store import cache_dir, open_kb
from bengal.model import Document, Mention

__all__ = ["Dictionary", "Baseline", "build_dictionary", "load_baseline", "surface_form"]

RES = "http://dbpedia.org/resource/"
DBO = "http://dbpedia.org/ontology/"
_TYPES = (DBO + "Person", DBO + "Organisation", DBO + "Place")
COHERENCE_WEIGHT = 2.0
_FINAL_INITIAL = re.compile(r"(?:^|\s)[A-Z]$")
_CACHE_VERSION = 3  # the dictionary's content; the matcher is rebuilt each run


def _code_digest() -> str:
    """A digest of the code that builds the dictionary (this module and :mod:`bengal.kb.labels`,
    where ``surface_of`` lives): a cached dictionary made by other code is never reused, even
    when ``_CACHE_VERSION`` was not raised."""
    return code_digest(__file__, labels.__file__)


def surface_form(label: str) -> str:
    """``label`` without a trailing disambiguation parenthesis, stripped (``"Paris (band)"`` →
    ``"Paris"``); the label itself when nothing would be left."""
    return surface_of(label.strip()).strip() or label.strip()


def _usable(form: str) -> bool:
    return len(form) >= 2 and any(c.isupper() for c in form)


def _word_edge(text: str, begin: int, end: int) -> bool:
    """Whether ``[begin, end)`` neither starts nor ends inside a word (a letter, digit or hyphen
    run): ``21`` in ``21-man`` is no match."""
    def inner(c: str) -> bool:
        return c.isalnum() or c == "-"

    return not (begin > 0 and inner(text[begin - 1]) and inner(text[begin])) and \
        not (end < len(text) and inner(text[end]) and inner(text[end - 1]))


@dataclass
class Dictionary:
    """What the baseline knows of the KB.

    Attributes:
        candidates: surface form → sorted tuple of entity URIs.
        degree: entity URI → number of entity-to-entity triples it is subject or object of.
        neighbours: entity URI → frozenset of the URIs it shares a triple with.
        types: entity URI → one of dbo:Person, dbo:Organisation, dbo:Place (that order wins).
    """

    candidates: dict[str, tuple[str, ...]]
    degree: dict[str, int] = field(default_factory=dict)
    neighbours: dict[str, frozenset[str]] = field(default_factory=dict)
    types: dict[str, str] = field(default_factory=dict)


def build_dictionary(kb: SparqlKB) -> Dictionary:
    """Read the baseline's :class:`Dictionary` from ``kb`` (anything with ``select(sparql)`` →
    rows of lexical values). Four SELECT queries.

    Raises:
        InputError: when a query fails (from ``kb.select``).
    """
    forms: dict[str, set[str]] = {}
    labels = kb.select(
        "SELECT ?s ?l WHERE { ?s <http://www.w3.org/2000/01/rdf-schema#label> ?l "
        f'FILTER(STRSTARTS(STR(?s), "{RES}") && (LANG(?l) = "en" || LANG(?l) = "")) }}')
    alts = kb.select(
        "SELECT ?s ?l WHERE { ?s <http://www.w3.org/2004/02/skos/core#altLabel> ?l "
        f'FILTER(STRSTARTS(STR(?s), "{RES}") && (LANG(?l) = "en" || LANG(?l) = "")) }}')
    for s, label in labels:
        if s and label:
            form = surface_form(label)
            if _usable(form):
                forms.setdefault(form, set()).add(s)
    for s, label in alts:
        if s and label:
            form = label.strip()
            if _usable(form):
                forms.setdefault(form, set()).add(s)
    edges = kb.select(
        "SELECT ?s ?o WHERE { ?s ?p ?o FILTER(isIRI(?o) "
        "&& ?p != <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> "
        f'&& STRSTARTS(STR(?s), "{RES}") && STRSTARTS(STR(?o), "{RES}")) }}')
    degree: dict[str, int] = {}
    nb: dict[str, set[str]] = {}
    for s, o in cast("list[tuple[str, str]]", edges):  # no OPTIONAL: both bound
        if s == o:
            continue
        degree[s] = degree.get(s, 0) + 1
        degree[o] = degree.get(o, 0) + 1
        nb.setdefault(s, set()).add(o)
        nb.setdefault(o, set()).add(s)
    type_rows = kb.select(
        "SELECT ?s ?t WHERE { VALUES ?t { " + " ".join(f"<{t}>" for t in _TYPES) + " } "
        "?s <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> ?t }")
    rank = {t: i for i, t in enumerate(_TYPES)}
    types: dict[str, str] = {}
    for s, t in cast("list[tuple[str, str]]", type_rows):
        if s not in types or rank[t] < rank[types[s]]:
            types[s] = t
    known = {u for us in forms.values() for u in us}
    return Dictionary(
        candidates={f: tuple(sorted(us)) for f, us in forms.items()},
        degree={u: d for u, d in degree.items() if u in known},
        neighbours={u: frozenset(v) for u, v in nb.items() if u in known},
        types={u: t for u, t in types.items() if u in known},
    )


class Baseline:
    """The baseline annotator (module docstring): ``annotate(document) → Document``.

    Thread-safe: :meth:`annotate` only reads; spaCy's tokenizer and matcher are called under a
    lock (they share one vocabulary).
    """

    name = "baseline"

    def __init__(self, dictionary: Dictionary, *, progress: Callable[[int, int], None] | None = None) -> None:
        """Build the spotter over ``dictionary``'s forms; ``progress(forms added, forms in all)`` is
        called every 10,000 forms (the phrase matcher takes about 10-20 s for the bundled sample)."""
        import spacy
        from spacy.matcher import PhraseMatcher

        self.dictionary = dictionary
        self.nlp = spacy.blank("en")
        self.matcher = PhraseMatcher(self.nlp.vocab)
        forms = sorted(dictionary.candidates)
        # spaCy keeps "I." (a capital and a period) as one token, so "World War I" cannot match
        # "World War I." at a sentence end: such forms are also looked for with the period, which
        # spot() then gives back to the sentence.
        forms += [f + "." for f in forms if _FINAL_INITIAL.search(f) and f + "." not in dictionary.candidates]
        # spaCy types Language.tokenizer as any Callable[[str], Doc]; spacy.blank's is a Tokenizer (has .pipe)
        # 10,000 patterns at a time: the Doc of every form at once would take hundreds of MB at the peak
        tokenizer = self.nlp.tokenizer
        for i in range(0, len(forms), 10000):
            self.matcher.add("ENTITY", list(tokenizer.pipe(forms[i:i + 10000])))  # type: ignore[union-attr]
            if progress is not None:
                progress(min(i + 10000, len(forms)), len(forms))
        self._lock = threading.Lock()

    def spot(self, text: str) -> list[tuple[int, int]]:
        """The spotted spans of ``text``: half-open code-point offsets, sorted, non-overlapping
        (longest match first, then earliest)."""
        with self._lock:
            doc = self.nlp.make_doc(text)
            matches = [(doc[s:e].start_char, doc[s:e].end_char) for _, s, e in self.matcher(doc)]
        cand = self.dictionary.candidates
        found = []
        for b, e in matches:
            # "Canada." (an altLabel) or "World War I." at a sentence end: the period belongs to
            # the sentence when the name without it is a form.
            if text[e - 1] == "." and e - b > 1 and text[b:e - 1] in cand:
                e -= 1
            if text[b:e] in cand and _word_edge(text, b, e):
                found.append((b, e))
        # the longest first, then the earliest; no overlaps (as spacy.util.filter_spans, in code points)
        kept: list[tuple[int, int]] = []
        taken: set[int] = set()
        for b, e in sorted(set(found), key=lambda sp: (-(sp[1] - sp[0]), sp[0])):
            if not any(i in taken for i in range(b, e)):
                kept.append((b, e))
                taken.update(range(b, e))
        return sorted(kept)

    def annotate(self, document: Document) -> Document:
        """``document`` with its gold mentions replaced by the baseline's (text and URI kept)."""
        text = document.text
        spans = self.spot(text)
        cand = self.dictionary.candidates
        surfaces = [text[b:e] for b, e in spans]
        mentions = []
        for (b, e), form in zip(spans, surfaces):
            options = cand.get(form, ())
            if not options:
                continue
            others = {f for f in surfaces if f != form}
            scored = []
            for uri in options:
                nbs = self.dictionary.neighbours.get(uri, frozenset())
                support = sum(1 for f in others if any(c in nbs for c in cand.get(f, ())))
                score = math.log1p(self.dictionary.degree.get(uri, 0)) + COHERENCE_WEIGHT * support
                scored.append((-score, uri))
            scored.sort()
            best_score, best = -scored[0][0], scored[0][1]
            total = sum(-s for s, _ in scored)
            confidence = 1.0 if total <= 0 else round(best_score / total, 6)
            mentions.append(Mention(b, e, form, frozenset((best,)), self.dictionary.types.get(best), confidence))
        return Document(document.uri, text, tuple(mentions))


_LOADED: dict[str, Baseline] = {}


def load_baseline(kb: SparqlKB | None = None, kb_path: str | os.PathLike[str] | None = None,
                  cache: bool = True, *, status: Callable[[str], None] | None = None,
                  progress: Callable[[int, int], None] | None = None) -> Baseline:
    """The baseline over ``kb`` (default: :func:`bengal.kb.store.open_kb` of ``kb_path``, the
    bundled sample when ``None``). The dictionary is cached as a pickle in
    :func:`bengal.kb.store.cache_dir` keyed by the KB's checksum (when it has one) and a digest of
    the code that builds it, and the
    built annotator is memoised in the process.

    Raises:
        InputError: the KB cannot be opened or queried.
    """
    def say(message: str) -> None:
        if status is not None:
            status(message)

    if kb is None:
        kb = open_kb(kb_path, status=status, progress=progress)
    checksum = getattr(kb, "checksum", None)
    key = f"{checksum}:{getattr(kb, 'source', '')}" if checksum else None
    if key and key in _LOADED:
        return _LOADED[key]
    dictionary = None
    path: Path | None = None
    start = time.perf_counter()
    if cache and checksum:
        assert key is not None  # set from checksum above
        digest = hashlib.sha256(key.encode()).hexdigest()[:16]
        path = cache_dir() / f"baseline-dictionary-v{_CACHE_VERSION}-{_code_digest()}-{digest}.pickle"
        if path.exists():
            say(f"reading the baseline's dictionary from the cache {path}")
            try:
                with open(path, "rb") as cached:
                    dictionary = pickle.load(cached)
            except (OSError, pickle.UnpicklingError, EOFError, AttributeError):
                dictionary = None
    if dictionary is None:
        say(f"building the baseline's dictionary from {getattr(kb, 'source', 'the KB')} (labels, alt labels, "
            f"links, types; {'cached for the next run' if path is not None else 'not cached for this KB'})")
        dictionary = build_dictionary(kb)
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                with atomic_write(path, "wb") as fh:
                    pickle.dump(dictionary, fh, protocol=pickle.HIGHEST_PROTOCOL)
            except OSError:
                pass  # a cache that cannot be written only costs time
    say(f"dictionary: {len(dictionary.candidates):,} surface forms ({time.perf_counter() - start:.1f} s); "
        "building the phrase matcher")
    start = time.perf_counter()
    baseline = Baseline(dictionary, progress=progress)
    say(f"baseline ready ({time.perf_counter() - start:.1f} s for the matcher)")
    if key:
        _LOADED[key] = baseline
    return baseline
