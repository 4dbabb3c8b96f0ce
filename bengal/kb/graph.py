"""A read-only in-memory view of the part of an embedded KB the generator walks (issue 15).

:class:`GraphView` holds, per IRI, what the generator's per-entity SPARQL queries
(:mod:`bengal.generate.kbview`) ask: English labels, ``dbo:`` types, the ``dbo:`` facts between two
IRIs (outgoing and incoming), the counts of incoming ``dbo:`` triples, the rows of the subject-details
query, the instances of every class (the seed pool), and the language-tagged ``skos:altLabel`` values (the
surface forms' alt labels, :func:`bengal.generate.surface.alt_labels`). It is read from the store with a few
whole-KB queries that bind the same patterns and filters as the per-entity ones, so every answer is
the one SPARQL gives; :meth:`bengal.kb.store.KB.graph` builds it once per store and keeps it as a
pickle in the store's folder (the file name holds a digest of this module's code), so later runs
and ``--jobs`` workers only load it (27 MB, 0.1-0.4 s for the bundled sample; its build takes
20-100 s on the shared 2-core machine, once). A store too large for memory gets no view.
"""

from __future__ import annotations

import pickle
import time
from array import array
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence, cast

import pyoxigraph as ox

from bengal.atomic import atomic_write
from bengal.digest import code_digest
from bengal.rdf import DBO, RDF, RDFS, SKOS

__all__ = ["GraphView", "build_graph", "load_graph", "graph_file_name", "DETAIL_PROPERTIES", "MAX_VIEW_ROWS",
           "ViewTooLarge"]

#: ``dbo:`` local names whose values :meth:`GraphView.detail_rows` keeps: the death, demonym, literal and
#: office properties of :func:`bengal.generate.kbview.subject_details` (it checks they agree).
DETAIL_PROPERTIES = ("deathDate", "deathPlace", "deathYear", "deathCause", "restingPlace",
                     "nationality", "citizenship", "stateOfOrigin", "country", "birthPlace",
                     "birthDate", "releaseDate", "office")

_NONE = -1
#: The tables of a view and the ints in each of their rows.
_WIDTHS = {"labels": 1, "types": 1, "instances": 1, "out": 2, "into": 2, "in_counts": 2, "details": 3, "alt": 2}


class _Table:
    """Rows of ints keyed by a node id, in CSR form: the rows of node ``n`` are
    ``columns[k][ptr[n]:ptr[n + 1]]`` (``array('i')``: compact to pickle and fast to load)."""

    def __init__(self, width: int, rows: dict[int, list[tuple[int, ...]]], n_nodes: int) -> None:
        self.ptr = array("i", [0]) * (n_nodes + 1)
        self.columns = [array("i") for _ in range(width)]
        at = 0
        for node in range(n_nodes):
            self.ptr[node] = at
            for row in rows.get(node, ()):
                for col, value in zip(self.columns, row):
                    col.append(value)
                at += 1
        self.ptr[n_nodes] = at

    def rows(self, node: int) -> list[tuple[int, ...]]:
        begin, end = self.ptr[node], self.ptr[node + 1]
        if begin == end:
            return []
        return list(zip(*(col[begin:end] for col in self.columns)))


class GraphView:
    """What the generator reads of a KB, by IRI (:func:`build_graph`); every method answers what the
    matching per-entity SPARQL query of :mod:`bengal.generate.kbview` gives, as sorted tuples of
    ``str`` (IRIs and lexical values). Strings are numbered once (``self.strings``); each table is
    CSR arrays of those numbers, so the pickle is small and loads fast."""

    def __init__(self, strings: list[str], tables: dict[str, dict[int, list[tuple[int, ...]]]]) -> None:
        self.strings = strings
        n = len(strings)
        self.tables = {name: _Table(_WIDTHS[name], rows, n) for name, rows in tables.items()}
        self._ids: dict[str, int] | None = None
        #: IRI → its number of outgoing rows, for the instances :meth:`instances_of` listed (not pickled)
        self._degrees: dict[str, int] = {}

    def __getstate__(self) -> dict[str, object]:
        return {"strings": "\n".join(self.strings), "tables": self.tables}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.strings = cast(str, state["strings"]).split("\n")
        self.tables = cast("dict[str, _Table]", state["tables"])
        self._ids = None
        self._degrees = {}

    def _id(self, value: str) -> int:
        if self._ids is None:
            self._ids = dict(zip(self.strings, range(len(self.strings))))
        return self._ids.get(value, _NONE)

    def _rows(self, table: str, key: str) -> list[tuple[int, ...]]:
        node = self._id(key)
        return [] if node == _NONE else self.tables[table].rows(node)

    def _columns(self, table: str, key: str) -> list[list[str]]:
        """The columns of the rows of ``key`` in ``table``, as strings (what :meth:`_rows` gives, by
        column, without a tuple per row: the generator asks these for every entity it reads); no
        column when it has no rows."""
        node = self._id(key)
        if node == _NONE:
            return []
        t = self.tables[table]
        begin, end = t.ptr[node], t.ptr[node + 1]
        if begin == end:
            return []
        string = self.strings.__getitem__
        return [list(map(string, col[begin:end])) for col in t.columns]

    def _str(self, i: int) -> str | None:
        return None if i == _NONE else self.strings[i]

    def labels(self, uri: str) -> tuple[str, ...]:
        """The distinct English (``LANG = "en"``) ``rdfs:label`` values of the IRI, sorted."""
        found = self._columns("labels", uri)
        return tuple(sorted(found[0])) if found else ()

    def types(self, uri: str) -> tuple[str, ...]:
        """The IRI's ``rdf:type`` values whose text starts with the ``dbo:`` namespace, sorted."""
        found = self._columns("types", uri)
        return tuple(sorted(found[0])) if found else ()

    def outgoing(self, uri: str) -> tuple[tuple[str, str], ...]:
        """``(p, o)`` of every triple ``uri p o`` with a ``dbo:`` predicate and an IRI ``o != uri``, sorted."""
        return tuple(sorted(zip(*self._columns("out", uri))))

    def outgoing_count(self, uri: str) -> int:
        """``len(self.outgoing(uri))``, read from the table's index without a string made."""
        node = self._id(uri)
        if node == _NONE:
            return 0
        ptr = self.tables["out"].ptr
        return ptr[node + 1] - ptr[node]

    def outgoing_counts(self, uris: Iterable[str]) -> list[int]:
        """``[self.outgoing_count(uri) for uri in uris]`` in one pass, without a call per IRI (the generator
        asks it of every seed candidate, about 94,000 for the bundled sample: issue 15)."""
        if self._ids is None:
            self._id("")
        ids = self._ids
        assert ids is not None
        get = ids.get
        ptr = self.tables["out"].ptr
        known = self._degrees.get  # the seed pool's, kept by instances_of: a look-up in a small table
        return [d if (d := known(uri)) is not None else 0 if (node := get(uri, _NONE)) == _NONE
                else ptr[node + 1] - ptr[node] for uri in uris]

    def incoming(self, uri: str) -> tuple[tuple[str, str], ...]:
        """``(p, s)`` of every triple ``s p uri`` with a ``dbo:`` predicate and an IRI ``s != uri``, sorted."""
        return tuple(sorted((self.strings[p], self.strings[s]) for p, s in self._rows("into", uri)))

    def incoming_counts(self, uri: str) -> dict[str, int]:
        """``{p: number of triples ? p uri}`` over the ``dbo:`` predicates (any subject, blank nodes
        and ``uri`` itself included)."""
        return {self.strings[p]: n for p, n in self._rows("in_counts", uri)}

    def detail_rows(self, uri: str) -> tuple[tuple[str, str, str | None], ...]:
        """Rows ``(p, o, c)`` of the triples ``uri p o`` for ``p`` in :data:`DETAIL_PROPERTIES`
        (``o``: lexical value), one per IRI ``dbo:country`` ``c`` of ``o`` (``None`` when it has none)."""
        rows = [(self.strings[p], self.strings[o], self._str(c)) for p, o, c in self._rows("details", uri)]
        return tuple(sorted(rows, key=lambda r: (r[0], r[1], r[2] or "")))

    def alt_labels(self, uri: str, lang: str) -> tuple[str, ...]:
        """The distinct ``skos:altLabel`` values of the IRI whose language tag is ``lang`` (``LANG(?a) =
        lang``: pyoxigraph writes tags in lower case), sorted."""
        found = self._columns("alt", uri)
        return tuple(sorted({a for a, tag in zip(*found) if tag == lang})) if found else ()

    def instances_of(self, classes: Iterable[str]) -> list[str]:
        """The IRI subjects of ``rdf:type`` triples whose object is one of the IRIs ``classes``
        (no inference), sorted, each once. Their numbers of outgoing rows are kept for :meth:`outgoing_counts`,
        which the generator asks of every seed candidate twice a run (issue 15)."""
        numbers = list(self._instance_numbers(classes))
        names = list(map(self.strings.__getitem__, numbers))
        out = self.tables.get("out")
        if out is not None:
            ptr = out.ptr
            self._degrees.update(zip(names, [ptr[n + 1] - ptr[n] for n in numbers]))
        names.sort()
        return names

    def _instance_numbers(self, classes: Iterable[str]) -> set[int]:
        """The string numbers of the :meth:`instances_of` ``classes`` (each string is numbered once)."""
        found: set[int] = set()
        t = self.tables["instances"]
        for c in classes:
            node = self._id(c)
            if node != _NONE:
                for col in t.columns:
                    found.update(col[t.ptr[node]:t.ptr[node + 1]])
        return found

    def instances_by_label(self, classes: Iterable[str]) -> dict[str, tuple[str, ...]]:
        """``{label: IRIs}``: every English ``rdfs:label`` (as :meth:`labels` gives them) of the
        :meth:`instances_of` ``classes``, with the instances that carry it, sorted. The same as asking
        :meth:`labels` of each instance, read from the tables' numbers with a string made only for each
        instance and label found (the generator's index of place names, about 27,000 places in the bundled
        sample, is built so once per view: issue 15)."""
        found = self._instance_numbers(classes)
        labels = self.tables["labels"]
        ptr, (column,) = labels.ptr, labels.columns
        by_label: dict[int, list[int]] = {}
        for e in found:
            begin, end = ptr[e], ptr[e + 1]
            for label in column[begin:end]:
                holders = by_label.get(label)
                if holders is None:
                    by_label[label] = [e]
                else:
                    holders.append(e)
        string = self.strings.__getitem__
        return {string(label): tuple(sorted(map(string, holders))) for label, holders in by_label.items()}


def graph_file_name() -> str:
    """The view's file name in a store folder: ``bengal-graph-<code digest>.pickle``."""
    return f"bengal-graph-{code_digest(__file__)}.pickle"


#: A store whose view would hold more rows than this (a full DBpedia, not a sample) gets none: the
#: generator asks SPARQL per entity, as before. The bundled sample's view has about 1.3 million.
MAX_VIEW_ROWS = 30_000_000


class ViewTooLarge(ValueError):
    """The store holds more than :data:`MAX_VIEW_ROWS` rows for a view."""


def build_graph(store: ox.Store, max_rows: int = MAX_VIEW_ROWS,
                predicates: Sequence[str] | None = None) -> GraphView:
    """Read the view from the default graph of ``store``: five whole-KB SELECT queries with the
    patterns and filters of the per-entity ones (20-100 s for the bundled sample, once per store).
    ``predicates``: the store's predicates with an IRI object (:meth:`bengal.kb.store.KB.
    predicate_counts`), so that the facts are read from the ``dbo:`` ones' triples only (3 s on the
    bundled sample instead of 8 s for a scan of every triple); ``None``: that scan.

    Raises:
        ViewTooLarge: more than ``max_rows`` rows (the build stops there).
        ValueError: a value holds a line break (the string table is one ``\\n``-joined text); the
            caller then keeps to SPARQL.
    """
    ids: dict[str, int] = {}
    seen = 0

    def s(value: str) -> int:
        i = ids.get(value)
        if i is None:
            if "\n" in value:
                raise ValueError("a KB value holds a line break")
            i = ids[value] = len(ids)
        return i

    def rows(query: str) -> Iterator[ox.QuerySolution]:
        nonlocal seen
        for row in cast(ox.QuerySolutions, store.query(f"PREFIX dbo: <{DBO}>\n" + query)):
            seen += 1
            if seen > max_rows:
                raise ViewTooLarge(f"more than {max_rows:,} rows")
            yield row

    tables: dict[str, dict[int, list[tuple[int, ...]]]] = {name: {} for name in _WIDTHS}
    for row in rows(f'SELECT ?e ?l WHERE {{ ?e <{RDFS}label> ?l . FILTER(isIRI(?e) && LANG(?l) = "en") }}'):
        tables["labels"].setdefault(s(row[0].value), []).append((s(row[1].value),))
    for row in rows(f"SELECT ?e ?t WHERE {{ ?e <{RDF}type> ?t . FILTER(isIRI(?e)) }}"):
        e, t = s(row[0].value), row[1]
        if t.value.startswith(DBO):
            tables["types"].setdefault(e, []).append((s(t.value),))
        if isinstance(t, ox.NamedNode):
            tables["instances"].setdefault(s(t.value), []).append((e,))
    counts: dict[int, dict[int, int]] = {}
    if predicates is None:
        facts = f'SELECT ?s ?p ?o WHERE {{ ?s ?p ?o . FILTER(isIRI(?o) && STRSTARTS(STR(?p), "{DBO}")) }}'
    else:
        listed = " ".join(f"<{p}>" for p in sorted(predicates) if p.startswith(DBO))
        facts = f"SELECT ?s ?p ?o WHERE {{ VALUES ?p {{ {listed} }} ?s ?p ?o . FILTER(isIRI(?o)) }}"
    for row in rows(facts):
        subj, p, o = row[0], s(row[1].value), s(row[2].value)
        by_p = counts.setdefault(o, {})
        by_p[p] = by_p.get(p, 0) + 1
        if isinstance(subj, ox.NamedNode) and subj.value != row[2].value:
            sv = s(subj.value)
            tables["out"].setdefault(sv, []).append((p, o))
            tables["into"].setdefault(o, []).append((p, sv))
    tables["in_counts"] = {o: list(by_p.items()) for o, by_p in counts.items()}
    props = " ".join(f"<{DBO}{p}>" for p in DETAIL_PROPERTIES)
    for row in rows(f"SELECT ?e ?p ?o ?c WHERE {{ VALUES ?p {{ {props} }} ?e ?p ?o . FILTER(isIRI(?e)) "
                    "OPTIONAL { ?o dbo:country ?c . FILTER(isIRI(?c)) } }"):
        c = row[3]
        tables["details"].setdefault(s(row[0].value), []).append(
            (s(row[1].value), s(row[2].value), _NONE if c is None else s(c.value)))
    for row in rows(f"SELECT ?e ?a WHERE {{ ?e <{SKOS}altLabel> ?a . FILTER(isIRI(?e) && LANG(?a) != \"\") }}"):
        tables["alt"].setdefault(s(row[0].value), []).append((s(row[1].value), s(row[1].language)))
    return GraphView(list(ids), tables)


def load_graph(folder: Path, store: ox.Store, max_rows: int = MAX_VIEW_ROWS,
               status: Callable[[str], None] | None = None,
               predicates: Callable[[], Sequence[str]] | None = None) -> GraphView | None:
    """The view kept in ``folder`` (:func:`graph_file_name`), else :func:`build_graph` of ``store``
    (said to ``status`` before and after, with its time: 15-100 s for the bundled sample) written
    there for the next run (a folder this user cannot write only costs the build; a damaged
    or unreadable file is built again); ``None`` for a store too large for a view (:class:`ViewTooLarge`,
    remembered by a file ``….too-large`` beside, so the next run does not try again). ``predicates``
    gives :func:`build_graph`'s, asked for only when the view is built."""
    path = folder / graph_file_name()
    too_large = path.with_suffix(".too-large")
    if too_large.is_file():
        return None
    if path.is_file():
        try:
            with open(path, "rb") as fh:
                view = pickle.load(fh)
            if isinstance(view, GraphView):
                return view
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError):
            pass
    if status is not None:
        status(f"building the KB's in-memory view for generation (first use only, kept in {folder})")
    start = time.perf_counter()
    try:
        view = build_graph(store, max_rows, None if predicates is None else predicates())
    except ViewTooLarge as exc:
        try:
            too_large.write_text(f"{exc}\n", encoding="utf-8")
        except OSError:
            pass
        return None
    if status is not None:
        status(f"in-memory view built in {time.perf_counter() - start:.1f} s")
    try:
        with atomic_write(path, "wb") as fh:
            pickle.dump(view, fh, protocol=pickle.HIGHEST_PROTOCOL)
    except OSError:
        pass
    return view
