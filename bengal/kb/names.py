"""The KB's name index: which KB entities a surface form can name, and which forms an entity has.

A form names an entity (exact, case-sensitive comparison) when it is

- the entity's English ``rdfs:label`` without its disambiguation parenthesis
  (:func:`bengal.kb.labels.surface_of`: ``"Paris (band)"`` → ``"Paris"``);
- the part of that before the first ``", "`` (``"Cambridge, Massachusetts"`` → ``"Cambridge"``);
- for a ``dbo:Person``, the last word of that name when it has more than one (an approximation
  of the family name, cheap for the 44,000 persons of the bundled sample);
- an English ``skos:altLabel``.

These are the KB's names of an entity, the one definition of "a surface form names an entity" that
``bengal stats`` (``ambiguous_mention_share`` and the other dictionary measures) and the generator's
ambiguity index (:class:`bengal.generate.surface.AmbiguityIndex`) share (:func:`label_forms`). The
generator also counts the names its lexicon writes (:func:`lexicon_forms`: an organisation without its
designator, the name news writes), which a corpus from elsewhere cannot be held to; the manifest gives
its share both ways (``docs/shape.md``).

Besides the forms the index holds each entity's top class (Person, Organisation, Place, Work,
in that order of precedence, from ``rdf:type``; the bundled sample states the superclasses) and
its KB in-degree (the number of triples ``?s ?p <entity>`` with ``?p`` other than ``rdf:type``),
the popularity of Waitelonis et al. (SWJ 2018), who use PageRank; the in-degree is its
one-step, offline stand-in. :func:`name_index` builds it once per KB snapshot and caches it
on disk (``$BENGAL_CACHE/names/``).
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence, cast

from bengal.digest import code_digest
from bengal.kb import labels
from bengal.kb.diskcache import read_cached, write_cached
from bengal.kb.labels import surface_of, writable_label
from bengal.kb.sparql import PREFIXES, SparqlKB
from bengal.kb.store import cache_dir

__all__ = ["NameIndex", "TOP_CLASSES", "build_name_index", "name_index", "label_forms", "lexicon_forms",
           "short_name", "without_article"]

DBO = "http://dbpedia.org/ontology/"
DBR = "http://dbpedia.org/resource/"
#: The top classes of the type mix, in order of precedence (an entity typed Person and Place is a Person).
TOP_CLASSES = ("Person", "Organisation", "Place", "Work")
_CACHE_VERSION = 1


def label_forms(label: str, person: bool = False) -> list[str]:
    """The surface forms an English label gives (module docstring), without repeats, in the order
    label without parenthesis, head before the first comma, last word of a person's name.

    >>> label_forms("Cambridge, Massachusetts")
    ['Cambridge, Massachusetts', 'Cambridge']
    >>> label_forms("Albert Einstein", person=True)
    ['Albert Einstein', 'Einstein']
    """
    surface = surface_of(label)
    out = [surface]
    head = surface.partition(", ")[0]
    if head and head != surface:
        out.append(head)
    if person:
        words = surface.split()
        if len(words) > 1 and words[-1] not in out:
            out.append(words[-1])
    return out


def without_article(name: str) -> str | None:
    """``name`` without the English "The " it opens with, as news writes a band's name after its article ("the
    [Isley Brothers]"), or ``None``: no such "The", nothing after it, or a name whose rest opens with "The" too
    ("The The").

    >>> without_article("The Isley Brothers"), without_article("The The"), without_article("Them")
    ('Isley Brothers', None, None)
    """
    rest = name[4:]
    if not name.startswith("The ") or rest[:1] in ("", " ") or rest.startswith("The"):
        return None
    return rest


@functools.lru_cache(maxsize=16)
def _designator_table(designators: tuple[str, ...]) -> tuple[tuple[str, ...], frozenset[str]]:
    """``designators`` longest first, and the last words they end with (:func:`short_name`, asked once per
    label of a whole KB)."""
    return tuple(sorted(designators, key=len, reverse=True)), frozenset(d.rpartition(" ")[2] for d in designators)


def short_name(label: str, designators: Sequence[str]) -> str | None:
    """The organisation's name without the designator it ends with, one of ``designators`` (the
    language's ``[mentions] designators``, a designator of several words taken whole and before a
    shorter one it ends with: "Arsenal F.C." → "Arsenal", "Apple Inc." → "Apple", "Acme, Inc." → "Acme",
    "General Motors India Private Limited" → "General Motors India" with "Private Limited" a designator),
    or ``None``: no designator, or what is left is not a name (empty, a single letter, not capitalised,
    or a label the KB could not write).

    >>> short_name("General Motors India Private Limited", ("Limited", "Private Limited"))
    'General Motors India'
    >>> short_name("Arsenal F.C.", ("F.C.",)), short_name("Limited", ("Limited",))
    ('Arsenal', None)
    """
    name = surface_of(label)
    longest_first, last_words = _designator_table(tuple(designators))
    if name.rpartition(" ")[2] not in last_words:  # most labels: no designator (one set look-up)
        return None
    ending = next((d for d in longest_first if name.endswith(" " + d)), None)
    if ending is None:
        return None
    head = name[:-len(ending) - 1].rstrip(",").strip()
    if len(head) < 2 or not head[:1].isupper() or not writable_label(head):
        return None
    return head


def lexicon_forms(label: str, designators: Sequence[str] = (),
                  news_names: Callable[[str], Sequence[str]] | None = None) -> list[str]:
    """The surface forms a language's lexicon gives an English label beyond :func:`label_forms`, in this
    order, repeats kept: the label without its organisation designator (:func:`short_name`: "Arsenal" for
    "Arsenal F.C."; a label ending in one is an organisation's) and the names news writes for the
    label without its disambiguation parenthesis (``news_names(title)``, the lexicon's
    ``NewsNames.get``: "Britain" for "United Kingdom", "Greece" for "Greece national football team").

    >>> lexicon_forms("Arsenal F.C.", ("F.C.",))
    ['Arsenal']
    """
    short = short_name(label, designators)
    out = [short] if short else []
    if news_names is not None:
        out.extend(news_names(surface_of(label)))
    return out


@dataclass
class NameIndex:
    """Surface forms ↔ KB entities, with the entities' labels, top classes and in-degrees.

    Attributes:
        entities_of: surface form → the set of entity URIs it can name.
        forms_of: entity URI → the set of its surface forms.
        label: entity URI → its English label without the disambiguation parenthesis.
        top_class: entity URI → one of :data:`TOP_CLASSES` (entities with none are absent).
        in_degree: entity URI → number of triples with it as object (``rdf:type`` left out);
            absent = 0.
        subjects: every IRI that is the subject of a triple in the KB (what "in the KB" means).
    """

    entities_of: dict[str, set[str]] = field(default_factory=dict)
    forms_of: dict[str, set[str]] = field(default_factory=dict)
    label: dict[str, str] = field(default_factory=dict)
    top_class: dict[str, str] = field(default_factory=dict)
    in_degree: dict[str, int] = field(default_factory=dict)
    subjects: frozenset[str] = frozenset()

    def add(self, form: str, entity: str) -> None:
        """Record that ``form`` can name ``entity``."""
        self.entities_of.setdefault(form, set()).add(entity)
        self.forms_of.setdefault(entity, set()).add(form)

    def senses(self, form: str) -> int:
        """How many KB entities ``form`` can name (0 for a form the KB does not know)."""
        return len(self.entities_of.get(form, ()))


def build_name_index(kb: SparqlKB) -> NameIndex:
    """Read the :class:`NameIndex` of ``kb`` (six SELECT queries; about 10 s on the bundled sample).

    Raises:
        InputError: when a query fails (from ``kb.select``).
    """
    index = NameIndex()
    rows = cast("list[tuple[str, str]]", kb.select(
        PREFIXES + 'SELECT ?e ?l WHERE { ?e rdfs:label ?l . FILTER(LANG(?l) = "en") }'))
    for cls in TOP_CLASSES:
        for (e,) in cast("list[tuple[str]]", kb.select(PREFIXES + f"SELECT ?e WHERE {{ ?e a dbo:{cls} }}")):
            index.top_class.setdefault(e, cls)
    for e, label in sorted(rows):
        index.label.setdefault(e, surface_of(label))
        for form in label_forms(label, person=index.top_class.get(e) == "Person"):
            index.add(form, e)
    for e, a in cast("list[tuple[str, str]]", kb.select(
            PREFIXES + 'SELECT ?e ?a WHERE { ?e skos:altLabel ?a . FILTER(LANG(?a) = "en") }')):
        index.add(a, e)
    for o, n in cast("list[tuple[str, str]]", kb.select(
            PREFIXES + "SELECT ?o (COUNT(*) AS ?n) WHERE { ?s ?p ?o . FILTER(isIRI(?o) && ?p != rdf:type) } "
            "GROUP BY ?o")):
        index.in_degree[o] = int(n)
    index.subjects = frozenset(s for (s,) in cast("list[tuple[str]]", kb.select(
        "SELECT DISTINCT ?s WHERE { ?s ?p ?o . FILTER(isIRI(?s)) }")))
    return index


def _code_digest() -> str:
    return code_digest(__file__, labels.__file__)


_MEMORY: dict[str, NameIndex] = {}


def name_index(kb: SparqlKB, *, status: Callable[[str], None] | None = None) -> NameIndex:
    """The :class:`NameIndex` of ``kb``, built once per KB snapshot: kept in memory, and on disk
    under ``$BENGAL_CACHE/names/`` for a KB with a ``checksum`` (the embedded store of a dump;
    the key also holds a digest of this module's code, so an index built by other code is never
    reused). A KB without a checksum (a remote endpoint, a store folder) is read every run.
    ``status`` is told when the index is built (about 10 s) or read from the disk cache, and
    how long that took; nothing when it is already in memory.

    Raises:
        InputError: when a query fails.
    """
    def say(message: str) -> None:
        if status is not None:
            status(message)

    start = time.perf_counter()
    checksum = getattr(kb, "checksum", None)
    if not checksum:
        say(f"building the KB's name index from {getattr(kb, 'source', 'the KB')} (labels, alt labels, types, "
            "in-degrees; not cached for this KB)")
        built = build_name_index(kb)
        say(f"name index: {len(built.entities_of):,} surface forms of {len(built.forms_of):,} entities "
            f"({time.perf_counter() - start:.1f} s)")
        return built
    key = f"{checksum[:24]}-v{_CACHE_VERSION}-{_code_digest()}"
    if key in _MEMORY:
        return _MEMORY[key]
    path = cache_dir() / "names" / f"{key}.pickle"
    if path.is_file():
        say(f"reading the KB's name index from the cache {path}")
    index = read_cached(path, NameIndex)  # a damaged cache file is rebuilt
    if index is None:
        say(f"building the KB's name index from {getattr(kb, 'source', 'the KB')} (labels, alt labels, types, "
            "in-degrees; cached for the next run)")
        index = build_name_index(kb)
        write_cached(path, index)
    say(f"name index: {len(index.entities_of):,} surface forms of {len(index.forms_of):,} entities "
        f"({time.perf_counter() - start:.1f} s)")
    _MEMORY[key] = index
    return index
