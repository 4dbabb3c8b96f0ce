"""The sample's vocabulary and :class:`Builder`, which collects its facts from the sources.

:class:`Builder` reads the DBpedia ontology 2016-10, kelpie's DBpedia50 and DB100K,
LPBenchGen's test90 individuals and BENGAL's genders; :mod:`bengal.kb.sample.factbench`
adds FactBench's facts and :mod:`bengal.kb.sample.assemble` turns what it holds into the
sample's lines. Every entity is a full IRI with a normalised local name
(:func:`bengal.kb.iri.normalize_local_name`).
"""

from __future__ import annotations

import ast
import re
from collections import Counter, defaultdict
from typing import Any, Iterable, cast

import pyoxigraph as ox

from bengal.errors import InputError
from bengal.kb.iri import normalize_local_name
from bengal.kb.sample.multilingual import LABEL_LANGUAGES, LabelRow, read_labels
from bengal.kb.sample.sources import Sources
from bengal.rdf import DBO, DBR, DBT, FOAF, OWL, RDF, RDF_TYPE, RDFS, SKOS, XSD, literal

__all__ = ["Builder", "RDFS_LABEL", "SKOS_ALTLABEL", "FOAF_GENDER"]

RDFS_LABEL = RDFS + "label"
RDFS_DOMAIN = RDFS + "domain"
RDFS_RANGE = RDFS + "range"
RDFS_SUBCLASSOF = RDFS + "subClassOf"
RDFS_SUBPROPERTYOF = RDFS + "subPropertyOf"
OWL_THING = OWL + "Thing"
SKOS_ALTLABEL = SKOS + "altLabel"
FOAF_GENDER = FOAF + "gender"
XSD_DATE = XSD + "date"
XSD_GYEAR = XSD + "gYear"

_OWL_DECLARATIONS = (OWL + "Class", OWL + "ObjectProperty", OWL + "DatatypeProperty")
# Namespaces whose IRIs may appear as objects of the ontology's domain, range,
# subClassOf and subPropertyOf triples (the rest is external alignment noise:
# schema.org, DUL, Wikidata, geo, skos).
_ONTOLOGY_OBJECT_NAMESPACES = (DBO, DBT, OWL, RDF, RDFS, XSD)

# The ontology's class and property labels kept: English and the languages of the label files.
_ONTOLOGY_LABEL_LANGUAGES = frozenset(("en", *LABEL_LANGUAGES))

_QID = re.compile(r"Q[1-9][0-9]*\Z")
_DATE = re.compile(r"(-?[0-9]{4,})-([0-9]{2})-([0-9]{2})\Z")
_YEAR = re.compile(r"-?[0-9]{4,}\Z")
#: A class cell of plain quoted names (``{'Band', 'Organisation'}``): read without ``ast.literal_eval``
#: (123,000 rows), which reads every other cell.
_PLAIN_SET = re.compile(r"\{'[^'\\]*'(?:, '[^'\\]*')*\}\Z")
_QUOTED = re.compile(r"'([^'\\]*)'")
_NO_YEAR = re.compile(r"--[0-9]{2}-[0-9]{2}\Z")
_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


class Builder:
    """Collects the sample's facts; all IRIs are full, normalised strings."""

    def __init__(self, sources: Sources) -> None:
        self.src = sources
        self._iri_cache: dict[str, str] = {}
        # ontology
        self.classes: set[str] = set()
        self.object_properties: set[str] = set()
        self.datatype_properties: set[str] = set()
        self.parents: dict[str, set[str]] = defaultdict(set)
        self.ontology_lines: set[str] = set()
        # instance data
        self.object_triples: dict[str, set[tuple[str, str, str]]] = defaultdict(set)  # per source
        self.asserted: dict[str, set[str]] = defaultdict(set)  # entity -> dbo classes
        self.listed: set[str] = set()  # entities with a class row (entities.csv, LPBenchGen)
        self.type_sources: dict[str, set[str]] = defaultdict(set)  # source -> entities with a type row
        self.literals: set[tuple[str, str, str]] = set()  # (entity, property, N-Triples literal)
        self.alt_labels: dict[str, set[str]] = defaultdict(set)  # entity -> English surface forms
        self.genders: set[tuple[str, str]] = set()
        self.foreign_labels: dict[str, list[LabelRow]] = {}  # entity -> rows of the label files
        self.ambiguous_same_as: set[tuple[str, str, tuple[str, ...]]] = set()  # (node, chosen, others)
        self.counts: dict[str, Any] = {"sources": {}, "dropped": Counter()}

    # -- helpers --

    def dbr(self, name: str) -> str:
        """Full normalised IRI of a local name (or of a dbr IRI) in any source encoding."""
        iri = self._iri_cache.get(name)
        if iri is None:
            local = name[len(DBR):] if name.startswith(DBR) else name
            iri = DBR + normalize_local_name(local)
            self._iri_cache[name] = iri
        return iri

    def drop(self, reason: str, n: int = 1) -> None:
        self.counts["dropped"][reason] += n

    def source_counts(self, name: str) -> dict[str, Any]:
        return self.counts["sources"].setdefault(name, Counter())

    def add_date(self, entity: str, prop: str, value: str, source: str) -> None:
        value = value.strip()
        m = _DATE.match(value)
        if m:
            year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
            if year != 0 and 1 <= month <= 12 and 1 <= day <= _DAYS[month - 1] and not (
                    month == 2 and day == 29 and not (year % 4 == 0 and (year % 100 != 0 or year % 400 == 0))):
                self.literals.add((entity, DBO + prop, literal(value, datatype=XSD_DATE)))
                self.source_counts(source)[prop] += 1
                return
            self.drop(f"{prop}: invalid calendar date")
            return
        if _YEAR.match(value) and int(value) != 0:
            self.literals.add((entity, DBO + prop, literal(value, datatype=XSD_GYEAR)))
            self.source_counts(source)[prop] += 1
            return
        if _NO_YEAR.match(value):
            self.drop(f"{prop}: --MM-DD value without a year")
        else:
            self.drop(f"{prop}: not a date or a year")

    def add_classes(self, entity: str, names: Iterable[str], source: str) -> None:
        self.listed.add(entity)
        kept = 0
        for name in names:
            cls = name if name.startswith("http") else DBO + name
            if cls in self.classes:
                self.asserted[entity].add(cls)
                kept += 1
            elif cls == OWL_THING or cls == DBO + "Thing":
                self.drop("class owl:Thing (not added as an entity type)")
            else:
                self.drop(f"class not in the 2016 ontology: {cls.rsplit('/', 1)[-1]}")
        if kept:
            self.type_sources[source].add(entity)

    # -- ontology --

    def read_ontology(self) -> None:
        quads = self.src.rdf("ontology", ox.RdfFormat.RDF_XML)
        declared: dict[str, str] = {}
        for q in quads:
            s, p, o = q.subject, q.predicate.value, q.object
            if p == RDF_TYPE and isinstance(s, ox.NamedNode) and s.value.startswith(DBO) \
                    and o.value in _OWL_DECLARATIONS:
                declared[s.value] = o.value
        self.classes = {s for s, t in declared.items() if t == OWL + "Class"}
        self.object_properties = {s for s, t in declared.items() if t == OWL + "ObjectProperty"}
        self.datatype_properties = {s for s, t in declared.items() if t == OWL + "DatatypeProperty"}
        lines = self.ontology_lines
        dropped: Counter[str] = Counter()
        label_counts: Counter[str] = Counter()
        for s, t in declared.items():
            lines.add(f"<{s}> <{RDF_TYPE}> <{t}> .")
        for q in quads:
            s, p, o = q.subject, q.predicate.value, q.object
            if not isinstance(s, ox.NamedNode) or s.value not in declared:
                continue
            if p == RDFS_LABEL:
                if isinstance(o, ox.Literal) and o.language in _ONTOLOGY_LABEL_LANGUAGES:
                    lines.add(f"<{s.value}> <{p}> {literal(o.value, lang=o.language)} .")
                    label_counts[o.language] += 1
            elif p in (RDFS_DOMAIN, RDFS_RANGE, RDFS_SUBCLASSOF, RDFS_SUBPROPERTYOF):
                if isinstance(o, ox.NamedNode) and o.value.startswith(_ONTOLOGY_OBJECT_NAMESPACES):
                    lines.add(f"<{s.value}> <{p}> <{o.value}> .")
                    if p == RDFS_SUBCLASSOF and o.value.startswith(DBO):
                        self.parents[s.value].add(o.value)
                else:
                    dropped[p.rsplit("#", 1)[-1]] += 1
        for kind, n in sorted(dropped.items()):
            self.drop(f"ontology {kind} to an external IRI", n)
        self.counts["ontology"] = {
            "classes": len(self.classes),
            "object_properties": len(self.object_properties),
            "datatype_properties": len(self.datatype_properties),
            "triples": len(lines),
            "labels": dict(sorted(label_counts.items())),
        }

    def ancestors(self, cls: str, memo: dict[str, frozenset[str]]) -> frozenset[str]:
        got = memo.get(cls)
        if got is None:
            memo[cls] = frozenset()  # cycle guard
            acc: set[str] = set()
            for parent in self.parents.get(cls, ()):
                if parent in self.classes:
                    acc.add(parent)
                    acc |= self.ancestors(parent, memo)
            got = memo[cls] = frozenset(acc)
        return got

    # -- object triples --

    def add_object_triple(self, source: str, s: str, prop: str, o: str) -> None:
        p = DBO + prop
        if p not in self.object_properties:
            self.source_counts(source)["triples with a property not declared as owl:ObjectProperty"] += 1
        self.object_triples[source].add((s, p, o))

    def read_dbpedia50(self) -> None:
        c = self.source_counts("DBpedia50")
        for key in ("dbpedia50_train", "dbpedia50_valid", "dbpedia50_test"):
            for _, s, p, o in self.src.tsv_triples(key):
                c["raw lines"] += 1
                if not s or not o or not p:
                    self.drop("DBpedia50: empty field")
                    continue
                self.add_object_triple("DBpedia50", self.dbr(s), p, self.dbr(o))
        for line, (name, classes) in self.src.csv_rows("dbpedia50_entities", ["entity", "classes"]):
            c["entities.csv rows"] += 1
            self.add_classes(self.dbr(name), self._class_set(classes, "dbpedia50_entities", line), "DBpedia50")

    def _class_set(self, cell: str, key: str, line: int) -> set[str]:
        """The Python set literal of an entities.csv row (``{'Band'}``, ``set()``, ``{}``)."""
        if _PLAIN_SET.match(cell):
            return set(_QUOTED.findall(cell))
        try:
            value = ast.literal_eval(cell)
        except (ValueError, SyntaxError) as e:
            raise InputError(f"cannot read the class set {cell!r}: {e}", source=str(self.src.path(key)),
                             line=line) from e
        if value == {}:  # an empty class set is sometimes written as an empty dict
            value = set()
        if not isinstance(value, (set, frozenset, list, tuple)):
            raise InputError(f"the class cell {cell!r} is not a set", source=str(self.src.path(key)), line=line)
        return {str(v) for v in value}

    def read_db100k(self) -> None:
        c = self.source_counts("DB100K")
        mapping: dict[str, str] = {}
        for _, (qid, name) in self.src.csv_rows("db100k_mapping", ["entity", "dbpedia"]):
            if name:
                mapping[qid] = self.dbr(name)
        c["mapping rows"] = len(mapping)
        unmapped_ids: set[str] = set()
        for key in ("db100k_valid", "db100k_test"):
            for _, s, p, o in self.src.tsv_triples(key):
                c["raw lines"] += 1
                ms, mo = mapping.get(s), mapping.get(o)
                if ms is None or mo is None:
                    for x, m in ((s, ms), (o, mo)):
                        if m is None:
                            unmapped_ids.add(x)
                    if (ms is None and not _QID.match(s)) or (mo is None and not _QID.match(o)):
                        self.drop("DB100K: junk object (not a Wikidata QID, e.g. 'unk', '?autoplay=true')")
                    else:
                        self.drop("DB100K: QID without a DBpedia name in mapping.csv")
                    continue
                self.add_object_triple("DB100K", ms, p, mo)
        c["unmapped identifiers"] = len(unmapped_ids)
        c["junk identifiers"] = sum(1 for x in unmapped_ids if not _QID.match(x))
        for line, (name, classes) in self.src.csv_rows("db100k_entities", ["entity", "classes"]):
            c["entities.csv rows"] += 1
            self.add_classes(self.dbr(name), self._class_set(classes, "db100k_entities", line), "DB100K")

    def read_lpbenchgen(self) -> None:
        c = self.source_counts("LPBenchGen")
        for q in self.src.rdf("lpbenchgen_test90", ox.RdfFormat.TURTLE):
            s, p, o = q.subject, q.predicate.value, q.object
            if not isinstance(s, ox.NamedNode) or not s.value.startswith(DBR):
                continue
            subject = self.dbr(s.value)
            if p == RDF_TYPE:
                if o.value == OWL + "NamedIndividual":
                    continue
                c["type triples"] += 1
                self.add_classes(subject, [o.value], "LPBenchGen")
            elif p.startswith(DBO) and isinstance(o, ox.NamedNode) and o.value.startswith(DBR):
                c["object triples"] += 1
                self.add_object_triple("LPBenchGen", subject, p[len(DBO):], self.dbr(o.value))
            else:
                self.drop("LPBenchGen: other triple of an individual")


    # -- labels in other languages --

    def read_foreign_labels(self) -> None:
        """Read the label files (:mod:`bengal.kb.sample.multilingual`); entities re-spelled to
        their normalised IRI."""
        c = cast("Counter[str]", self.source_counts("multilingual labels"))  # a Counter (source_counts)
        for iri, rows in sorted(read_labels(self.src, counts=c).items()):
            entity = self.dbr(iri)
            if entity != iri:
                c["IRIs re-spelled to the normalised form"] += 1
            self.foreign_labels.setdefault(entity, []).extend(rows)

    # -- genders --

    def read_genders(self) -> None:
        c = self.source_counts("genders")
        for q in self.src.rdf("genders", ox.RdfFormat.N_TRIPLES):
            s, p, o = q.subject, q.predicate.value, q.object
            if p == FOAF_GENDER and isinstance(s, ox.NamedNode) and s.value.startswith(DBR) \
                    and isinstance(o, ox.Literal):
                self.genders.add((self.dbr(s.value), literal(o.value, lang=o.language or "en")))
                c["lines"] += 1
            else:
                self.drop("genders: not a foaf:gender triple of a dbr IRI")
