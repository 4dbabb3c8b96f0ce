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

Spotting (:meth:`Baseline.annotate`): every run of ``spacy.blank("en")`` tokens that spells the
tokens of a form (tokens compared verbatim, case-sensitive, as spaCy's ``PhraseMatcher`` does; here
a token trie in flat arrays, :mod:`bengal.annotate.compact`, a tenth of the matcher's memory; a
form ending in a lone capital, ``World War I``, is also looked for with a period, since spaCy
keeps ``I.`` as one token); a match that ends in a
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
import re
import threading
import time
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, TypeVar, cast

from bengal.annotate import compact
from bengal.annotate.compact import PackedStrings, TokenTrie
from bengal.digest import code_digest
from bengal.kb import labels
from bengal.kb.diskcache import read_cached, write_cached
from bengal.kb.labels import surface_of
from bengal.kb.sparql import SparqlKB
from bengal.kb.store import cache_dir, open_kb
from bengal.model import Document, Mention

__all__ = ["Dictionary", "Patterns", "Baseline", "build_dictionary", "build_patterns", "load_baseline",
           "surface_form"]

RES = "http://dbpedia.org/resource/"
DBO = "http://dbpedia.org/ontology/"
_TYPES = (DBO + "Person", DBO + "Organisation", DBO + "Place")
COHERENCE_WEIGHT = 2.0
_FINAL_INITIAL = re.compile(r"(?:^|\s)[A-Z]$")
_CACHE_VERSION = 4  # the content of the cache: (Dictionary, Patterns) in flat arrays
_V = TypeVar("_V")


def _code_digest() -> str:
    """A digest of the code that builds the dictionary (this module and :mod:`bengal.kb.labels`,
    where ``surface_of`` lives): a cached dictionary made by other code is never reused, even
    when ``_CACHE_VERSION`` was not raised."""
    return code_digest(__file__, labels.__file__, compact.__file__)


def _spacy_version() -> str:
    """The installed spaCy's version (its tokenizer makes the patterns)."""
    from importlib.metadata import version

    return version("spacy")


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


class _View(Mapping[str, _V]):
    """A read-only mapping over a :class:`Dictionary`'s arrays (``get(key)`` → value or None)."""

    def __init__(self, keys: PackedStrings, get: Callable[[int], _V | None]) -> None:
        self._keys, self._get = keys, get

    def __getitem__(self, key: str) -> _V:
        i = self._keys.find(key) if isinstance(key, str) else -1
        value = self._get(i) if i >= 0 else None
        if value is None:
            raise KeyError(key)
        return value

    def __iter__(self) -> Iterator[str]:
        return (k for i, k in enumerate(self._keys) if self._get(i) is not None)

    def __len__(self) -> int:
        return sum(1 for i in range(len(self._keys)) if self._get(i) is not None)


class Dictionary:
    """What the baseline knows of the KB, in flat arrays (:mod:`bengal.annotate.compact`): about
    10 MB for the bundled sample's 164,697 forms, where dicts of Python objects took 136 MB.

    Built from plain mappings: ``candidates`` (surface form → entity URIs), ``degree`` (URI → number
    of entity-to-entity triples it is subject or object of; absent = 0), ``neighbours`` (URI → the
    URIs it shares a triple with), ``types`` (URI → one of dbo:Person, dbo:Organisation,
    dbo:Place). Entities that are no form's candidate are left out of all four.

    Attributes:
        forms: the surface forms, sorted (:class:`PackedStrings`; ``forms.find(form)`` → form id).
        entities: the candidate URIs, sorted (entity id = position; id order is URI order).
        candidates: surface form → sorted tuple of entity URIs (a read-only view).
        degree: entity URI → its degree, for the entities with one (view).
        neighbours: entity URI → frozenset of its neighbours among :attr:`entities` (view).
        types: entity URI → its type IRI, for the typed entities (view).

    Raises:
        ValueError: ``types`` holds an IRI other than the three above.
    """

    def __init__(self, candidates: Mapping[str, Iterable[str]], degree: Mapping[str, int] | None = None,
                 neighbours: Mapping[str, Iterable[str]] | None = None,
                 types: Mapping[str, str] | None = None) -> None:
        self.forms = PackedStrings(candidates)
        self.entities = PackedStrings(u for us in candidates.values() for u in us)
        eid = {u: i for i, u in enumerate(self.entities)}  # only while building
        self._cand_start = array("q", [0])
        self._cand = array("i")
        for form in self.forms:
            self._cand.extend(sorted({eid[u] for u in candidates[form]}))
            self._cand_start.append(len(self._cand))
        degree = degree or {}
        self._degree = array("i", (degree.get(u, 0) for u in self.entities))
        neighbours = neighbours or {}
        self._nb_start = array("q", [0])
        self._nb = array("i")
        for u in self.entities:
            self._nb.extend(sorted({eid[v] for v in neighbours.get(u, ()) if v in eid}))
            self._nb_start.append(len(self._nb))
        code = {t: i + 1 for i, t in enumerate(_TYPES)}
        types = types or {}
        bad = sorted(set(types.values()) - set(code))
        if bad:
            raise ValueError(f"Dictionary: type {bad[0]} is not one of {', '.join(_TYPES)}")
        self._type = bytes(code.get(types.get(u, ""), 0) for u in self.entities)

    def candidate_ids(self, form_id: int) -> array[int]:
        """The entity ids of form ``form_id``, ascending (URI order)."""
        return self._cand[self._cand_start[form_id]:self._cand_start[form_id + 1]]

    def neighbour_ids(self, entity_id: int) -> array[int]:
        """The ids of the dictionary entities that share a triple with ``entity_id``, ascending."""
        return self._nb[self._nb_start[entity_id]:self._nb_start[entity_id + 1]]

    def degree_of(self, entity_id: int) -> int:
        """The degree of ``entity_id`` (0 when it has no entity-to-entity triple)."""
        return self._degree[entity_id]

    def type_of(self, entity_id: int) -> str | None:
        """The type IRI of ``entity_id`` (dbo:Person, dbo:Organisation, dbo:Place) or None."""
        c = self._type[entity_id]
        return _TYPES[c - 1] if c else None

    @property
    def candidates(self) -> Mapping[str, tuple[str, ...]]:
        return _View(self.forms, lambda i: tuple(self.entities[j] for j in self.candidate_ids(i)))

    @property
    def degree(self) -> Mapping[str, int]:
        return _View(self.entities, lambda i: self._degree[i] or None)

    @property
    def neighbours(self) -> Mapping[str, frozenset[str]]:
        return _View(self.entities, lambda i: frozenset(self.entities[j] for j in self.neighbour_ids(i)) or None)

    @property
    def types(self) -> Mapping[str, str]:
        return _View(self.entities, self.type_of)


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


@dataclass
class Patterns:
    """The spotter's patterns: each form (and each ``World War I`` form again with a period,
    module docstring) as the sequence of spaCy token hashes (``Token.orth``) that
    ``spacy.blank("en")`` makes of it, what ``PhraseMatcher`` compares.

    Attributes:
        vocab: the distinct token hashes of all patterns, ascending (token id = position).
        trie: the patterns as token-id sequences (:class:`TokenTrie`).
        spacy_version: the spaCy that tokenised them (a cache made by another is not reused).
    """

    vocab: array[int]
    trie: TokenTrie
    spacy_version: str


def build_patterns(dictionary: Dictionary, *, progress: Callable[[int, int], None] | None = None) -> Patterns:
    """Tokenise ``dictionary``'s forms (10,000 at a time, each batch reported as
    ``progress(forms done, forms in all)``) with a ``spacy.blank("en")`` of its own, dropped
    afterwards so its vocabulary of pattern tokens does not stay in memory."""
    import spacy

    forms = list(dictionary.forms)
    # spaCy keeps "I." (a capital and a period) as one token, so "World War I" cannot match
    # "World War I." at a sentence end: such forms are also looked for with the period, which
    # spot() then gives back to the sentence.
    forms += [f + "." for f in forms if _FINAL_INITIAL.search(f) and f + "." not in dictionary.forms]
    tokenizer = spacy.blank("en").tokenizer
    hashed: list[tuple[int, ...]] = []
    for i in range(0, len(forms), 10000):
        # spaCy types Language.tokenizer as any Callable[[str], Doc]; spacy.blank's is a Tokenizer (has .pipe)
        hashed.extend(tuple(t.orth for t in doc) for doc in tokenizer.pipe(forms[i:i + 10000]))  # type: ignore[union-attr]
        if progress is not None:
            progress(min(i + 10000, len(forms)), len(forms))
    del tokenizer
    vocab = array("Q", sorted({h for seq in hashed for h in seq}))
    position = {h: i for i, h in enumerate(vocab)}
    trie = TokenTrie([tuple(position[h] for h in seq) for seq in hashed if seq])
    return Patterns(vocab, trie, _spacy_version())


class Baseline:
    """The baseline annotator (module docstring): ``annotate(document) → Document``.

    Thread-safe: :meth:`annotate` only reads; spaCy's tokenizer is called under a lock.
    """

    name = "baseline"

    def __init__(self, dictionary: Dictionary, patterns: Patterns | None = None, *,
                 progress: Callable[[int, int], None] | None = None) -> None:
        """The spotter over ``dictionary``'s forms; ``patterns`` default to
        :func:`build_patterns` (``progress`` as there; 10-25 s for the bundled sample)."""
        import spacy

        self.dictionary = dictionary
        self.patterns = patterns if patterns is not None else build_patterns(dictionary, progress=progress)
        self.nlp = spacy.blank("en")
        self._lock = threading.Lock()

    def spot(self, text: str) -> list[tuple[int, int]]:
        """The spotted spans of ``text``: half-open code-point offsets, sorted, non-overlapping
        (longest match first, then earliest)."""
        with self._lock:
            doc = self.nlp.make_doc(text)
            tokens = [(t.idx, t.idx + len(t), t.orth) for t in doc]
        vocab = self.patterns.vocab
        ids = []
        for _, _, h in tokens:
            k = bisect_left(vocab, h)
            ids.append(k if k < len(vocab) and vocab[k] == h else -1)
        matches = [(tokens[s][0], tokens[e - 1][1]) for s, e in self.patterns.trie.matches(ids)]
        forms = self.dictionary.forms
        found = []
        for b, e in matches:
            # "Canada." (an altLabel) or "World War I." at a sentence end: the period belongs to
            # the sentence when the name without it is a form.
            if text[e - 1] == "." and e - b > 1 and text[b:e - 1] in forms:
                e -= 1
            if text[b:e] in forms and _word_edge(text, b, e):
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
        d = self.dictionary
        surfaces = [text[b:e] for b, e in spans]
        form_ids = [d.forms.find(f) for f in surfaces]
        mentions = []
        for (b, e), form, fid in zip(spans, surfaces, form_ids):
            options = d.candidate_ids(fid)
            if not options:
                continue
            others = {g for g in form_ids if g != fid}
            scored = []
            for uid in options:
                nbs = set(d.neighbour_ids(uid))
                support = sum(1 for g in others if any(c in nbs for c in d.candidate_ids(g)))
                score = math.log1p(d.degree_of(uid)) + COHERENCE_WEIGHT * support
                scored.append((-score, uid))  # entity ids sort as their URIs
            scored.sort()
            best_score, best = -scored[0][0], scored[0][1]
            total = sum(-s for s, _ in scored)
            confidence = 1.0 if total <= 0 else round(best_score / total, 6)
            mentions.append(Mention(b, e, form, frozenset((d.entities[best],)), d.type_of(best), confidence))
        return Document(document.uri, text, tuple(mentions))


_LOADED: dict[str, Baseline] = {}


def load_baseline(kb: SparqlKB | None = None, kb_path: str | os.PathLike[str] | None = None,
                  cache: bool = True, *, status: Callable[[str], None] | None = None,
                  progress: Callable[[int, int], None] | None = None) -> Baseline:
    """The baseline over ``kb`` (default: :func:`bengal.kb.store.open_kb` of ``kb_path``, the
    bundled sample when ``None``). The dictionary and the spotter's patterns are cached as one
    pickle in :func:`bengal.kb.store.cache_dir` keyed by the KB's checksum (when it has one), a
    digest of the code that builds them and the spaCy version; the built annotator is memoised in
    the process.

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
    loaded: tuple[Dictionary, Patterns] | None = None
    path: Path | None = None
    start = time.perf_counter()
    if cache and checksum:
        assert key is not None  # set from checksum above
        digest = hashlib.sha256(key.encode()).hexdigest()[:16]
        path = cache_dir() / (f"baseline-dictionary-v{_CACHE_VERSION}-{_code_digest()}-"
                              f"spacy{_spacy_version()}-{digest}.pickle")
        if path.exists():
            say(f"reading the baseline's dictionary from the cache {path}")
        # a damaged cache file is rebuilt
        loaded = read_cached(path, tuple, lambda got: len(got) == 2 and isinstance(got[0], Dictionary)
                             and isinstance(got[1], Patterns) and got[1].spacy_version == _spacy_version())
    if loaded is not None:
        dictionary, patterns = loaded
        say(f"dictionary: {len(dictionary.forms):,} surface forms and the spotter's patterns "
            f"({time.perf_counter() - start:.1f} s)")
        start = time.perf_counter()
    else:
        say(f"building the baseline's dictionary from {getattr(kb, 'source', 'the KB')} (labels, alt labels, "
            f"links, types; {'cached for the next run' if path is not None else 'not cached for this KB'})")
        dictionary = build_dictionary(kb)
        say(f"dictionary: {len(dictionary.forms):,} surface forms ({time.perf_counter() - start:.1f} s); "
            "tokenising them for the spotter")
        start = time.perf_counter()
        patterns = build_patterns(dictionary, progress=progress)
        if path is not None:
            write_cached(path, (dictionary, patterns))  # a cache that cannot be written only costs time
    baseline = Baseline(dictionary, patterns)
    say(f"baseline ready ({time.perf_counter() - start:.1f} s for the spotter)")
    if key:
        _LOADED[key] = baseline
    return baseline
