"""DBpedia classes → CoNLL types (PER, ORG, LOC, MISC), through the class hierarchy.

A mention's type in a generated corpus is its most specific DBpedia class IRI
(``http://dbpedia.org/ontology/City``). :class:`TypeMap` maps it by walking up
``rdfs:subClassOf`` breadth-first from the class itself: the **nearest**
ancestor (the class included) that the mapping names gives the type; two named
ancestors at the same distance are decided by the mapping's order. A class
that reaches no named ancestor, an unknown IRI, and a mention without a type
get ``default`` (MISC).

Default mapping (:data:`DEFAULT_MAPPING`): ``Person → PER``,
``Organisation → ORG``, ``Place → LOC``, everything else ``MISC``. The
hierarchy is ``bengal/data/dbpedia_subclassof.tsv``: the direct
``rdfs:subClassOf`` links of the 2016-10 DBpedia ontology as they are in the
bundled KB (``kb/dbpedia-sample.nt.gz``; 755 links). Types that already are
CoNLL types (``PER`` …) map to themselves.

A TOML file changes the mapping (:func:`load_type_map`)::

    default = "MISC"          # optional
    [types]                   # in priority order
    Person = "PER"            # a dbo local name, dbo:Name, or a full IRI
    Organisation = "ORG"
    Place = "LOC"
    Event = "MISC"
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterable, Mapping

from bengal.errors import InputError
from bengal.model import Corpus, Document, Mention
from bengal.resources import TOMLDecodeError, load_toml

__all__ = ["DBO", "CONLL_TYPES", "DEFAULT_MAPPING", "TypeMap", "class_hierarchy",
           "children_of", "with_subclasses", "default_type_map", "load_type_map",
           "map_corpus_types"]

DBO = "http://dbpedia.org/ontology/"
CONLL_TYPES = ("PER", "ORG", "LOC", "MISC")
DEFAULT_MAPPING = {DBO + "Person": "PER", DBO + "Organisation": "ORG", DBO + "Place": "LOC"}
_TABLE = Path(__file__).resolve().parent / "data" / "dbpedia_subclassof.tsv"


def _iri(name: str) -> str:
    if name.startswith(("http://", "https://")):
        return name
    return DBO + name.removeprefix("dbo:")


def _read_hierarchy(path: Path = _TABLE) -> dict[str, list[str]]:
    parents: dict[str, list[str]] = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            child, parent = line.rstrip("\n").split("\t")
            parents.setdefault(_iri(child), []).append(_iri(parent))
    return parents


def class_hierarchy() -> dict[str, list[str]]:
    """``{class IRI: [direct superclass IRIs]}`` of the shipped DBpedia 2016-10 ontology table
    (``bengal/data/dbpedia_subclassof.tsv``; full IRIs, dbo: expanded). A new dict on every call."""
    return _read_hierarchy()


def children_of(parents: Mapping[str, Iterable[str]]) -> dict[str, list[str]]:
    """``{class: [direct sub-classes]}`` of a ``{class: [direct super-classes]}`` table."""
    out: dict[str, list[str]] = {}
    for child, ups in parents.items():
        for up in ups:
            out.setdefault(up, []).append(child)
    return out


def with_subclasses(classes: Iterable[str], children: Mapping[str, Iterable[str]]) -> set[str]:
    """``classes`` and all their sub-classes: the transitive closure downward over ``children``
    (:func:`children_of`); cycles are safe."""
    seen: set[str] = set()
    todo = list(classes)
    while todo:
        c = todo.pop()
        if c not in seen:
            seen.add(c)
            todo.extend(children.get(c, ()))
    return seen


class TypeMap:
    """A mention type → a CoNLL type (module docstring).

    Args:
        mapping: ``{class IRI: CoNLL type}`` in priority order.
        default: the type of everything else.
        parents: ``{class IRI: [direct superclass IRIs]}`` (default: the shipped 2016 table).
    """

    def __init__(self, mapping: Mapping[str, str] | None = None, default: str = "MISC",
                 parents: Mapping[str, list[str]] | None = None) -> None:
        self.mapping = dict(DEFAULT_MAPPING if mapping is None else {_iri(k): v for k, v in mapping.items()})
        self.default = default
        self.parents = dict(_read_hierarchy() if parents is None else parents)
        self._order = {iri: i for i, iri in enumerate(self.mapping)}
        self._cache: dict[str | None, str] = {}

    def __call__(self, type_: str | None) -> str:
        """The CoNLL type of ``type_`` (a class IRI, a CoNLL type, or None)."""
        hit = self._cache.get(type_)
        if hit is None:
            hit = self._cache[type_] = self._resolve(type_)
        return hit

    def _resolve(self, type_: str | None) -> str:
        if type_ is None:
            return self.default
        if type_ in CONLL_TYPES and type_ not in self.mapping:
            return type_
        level, seen = [type_], {type_}
        while level:
            named = [c for c in level if c in self.mapping]
            if named:
                return self.mapping[min(named, key=self._order.__getitem__)]
            nxt = []
            for c in level:
                for p in self.parents.get(c, ()):
                    if p not in seen:
                        seen.add(p)
                        nxt.append(p)
            level = nxt
        return self.default


_DEFAULT: TypeMap | None = None


def default_type_map() -> TypeMap:
    """The default :class:`TypeMap` (shared, built once)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = TypeMap()
    return _DEFAULT


def load_type_map(path: str | os.PathLike[str]) -> TypeMap:
    """A :class:`TypeMap` from a TOML file (module docstring).

    Raises:
        InputError: an unreadable file, bad TOML, or a value that is not a string.
    """
    try:
        data = load_toml(path)
    except OSError as err:
        raise InputError(f"cannot read the type map: {err.strerror}", source=os.fspath(path)) from None
    except TOMLDecodeError as err:
        raise InputError(f"not TOML: {err}", source=os.fspath(path)) from None
    types = data.get("types", {})
    default = data.get("default", "MISC")
    if not isinstance(types, dict) or not all(isinstance(v, str) and v for v in types.values()) \
            or not isinstance(default, str) or not default:
        raise InputError("expected [types] with string values (class = \"TYPE\") and an optional "
                         "default = \"TYPE\"", source=os.fspath(path))
    return TypeMap(types, default)


def map_corpus_types(corpus: Corpus, map_type: Callable[[str | None], str] | None = None) -> Corpus:
    """A copy of ``corpus`` whose mention types are mapped by ``map_type`` (default
    :func:`default_type_map`); URIs, spans and metadata are kept."""
    f = map_type or default_type_map()
    docs = []
    for d in corpus.documents:
        docs.append(Document(d.uri, d.text, tuple(Mention(m.begin, m.end, m.surface, m.uris, f(m.type), m.score)
                                                  for m in d.mentions)))
    return corpus.with_documents(docs)
