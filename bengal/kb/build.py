"""Build the bundled DBpedia sample (``kb/dbpedia-sample.nt.gz``) from its sources.

The sample merges small public DBpedia extracts into one graph of full, correctly
encoded English DBpedia IRIs (:mod:`bengal.kb.iri`):

- object triples (``dbr:`` –``dbo:``– ``dbr:``) from kelpie's DBpedia50 (train,
  valid, test) and DB100K (valid, test; Wikidata QIDs mapped to DBpedia names
  with its ``mapping.csv.gz``), LPBenchGen's ``dbpedia-test90`` individuals and
  FactBench's correct facts (the DBpedia CSV query results and the reified TTL
  facts, flattened to direct triples);
- ``rdf:type`` with every entity's asserted DBpedia classes (kelpie
  ``entities.csv`` files, LPBenchGen) and all their superclasses, materialised
  from the DBpedia ontology 2016-10 (``owl:Thing`` is not added);
- ``rdfs:label "page title"@en`` for every ``dbr:`` IRI of the sample,
  ``skos:altLabel @en`` surface forms and ``dbo:birthDate`` /
  ``dbo:deathDate`` / ``dbo:releaseDate`` / ``dbo:office`` literals from
  FactBench, ``foaf:gender`` from BENGAL's ``genders_en.ttl``;
- the DBpedia ontology's classes and properties (type, English label, domain,
  range, subClassOf, subPropertyOf; DBpedia, OWL, RDF and XSD IRIs only).

The output is the sorted, de-duplicated set of N-Triples lines, gzipped with a
fixed level, ``mtime=0`` and no file name, so a rebuild from the same sources
gives the same bytes. ``kb/README.md`` documents the sources, licences, decisions
and counts; ``KB-NOTES.md`` next to the sources documents the data problems.

Usage::

    from bengal.kb.build import build_sample
    # SOURCES: a folder laid out like the project's shared data (dbpedia_kb/, bengal/)
    counts = build_sample(Path(SOURCES), Path("kb/dbpedia-sample.nt.gz"))
"""

from __future__ import annotations

import ast
import csv
import gzip
import hashlib
import io
import re
import tarfile
import zlib
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Iterable, Iterator

import pyoxigraph as ox

from bengal.errors import InputError
from bengal.atomic import atomic_write, check_writable
from bengal.kb.iri import DBPEDIA_ONTOLOGY, DBPEDIA_RESOURCE, label_from_local_name, normalize_local_name
from bengal.rdf import DBT, FOAF, OWL, RDF, RDFS, SKOS, XSD, literal

__all__ = ["DEFAULT_SAMPLE_NAME", "SOURCE_FILES", "GZIP_LEVEL", "build_sample"]

DEFAULT_SAMPLE_NAME = "dbpedia-sample.nt.gz"
"""File name of the bundled sample in ``kb/``."""

GZIP_LEVEL = 9
"""Fixed gzip compression level of the sample (part of its byte-for-byte identity)."""

SOURCE_FILES: dict[str, str] = {
    "dbpedia50_train": "dbpedia_kb/kelpie/DBpedia50/train.txt.gz",
    "dbpedia50_valid": "dbpedia_kb/kelpie/DBpedia50/valid.txt",
    "dbpedia50_test": "dbpedia_kb/kelpie/DBpedia50/test.txt",
    "dbpedia50_entities": "dbpedia_kb/kelpie/DBpedia50/entities.csv",
    "db100k_valid": "dbpedia_kb/kelpie/DB100K/valid.txt.gz",
    "db100k_test": "dbpedia_kb/kelpie/DB100K/test.txt.gz",
    "db100k_mapping": "dbpedia_kb/kelpie/DB100K/mapping.csv.gz",
    "db100k_entities": "dbpedia_kb/kelpie/DB100K/entities.csv.gz",
    "lpbenchgen_test90": "dbpedia_kb/lpbenchgen/dbpedia-test90-ontology.ttl.gz",
    "factbench_office": "dbpedia_kb/factbench/files/dbpedia/dbpedia_001.csv",
    "factbench_birth": "dbpedia_kb/factbench/files/dbpedia/dbpedia_002.csv",
    "factbench_starring": "dbpedia_kb/factbench/files/dbpedia/dbpedia_003.csv.gz",
    "factbench_death": "dbpedia_kb/factbench/files/dbpedia/dbpedia_004.csv.gz",
    "factbench_nbateam": "dbpedia_kb/factbench/files/dbpedia/dbpedia_005.csv",
    "factbench_ttl": "dbpedia_kb/factbench/factbench_correct_facts.tar.gz",
    "genders": "bengal/genders_en.ttl",
    "ontology": "dbpedia_kb/ontology/2016-10-14/ontology.owl.gz",
}
"""Every source file, relative to the sources folder (laid out like ``shared/data``)."""

# --- vocabulary -------------------------------------------------------------------


DBO = DBPEDIA_ONTOLOGY
DBR = DBPEDIA_RESOURCE

RDF_TYPE = RDF + "type"
RDFS_LABEL = RDFS + "label"
RDFS_DOMAIN = RDFS + "domain"
RDFS_RANGE = RDFS + "range"
RDFS_SUBCLASSOF = RDFS + "subClassOf"
RDFS_SUBPROPERTYOF = RDFS + "subPropertyOf"
OWL_THING = OWL + "Thing"
OWL_SAMEAS = OWL + "sameAs"
SKOS_ALTLABEL = SKOS + "altLabel"
FOAF_GENDER = FOAF + "gender"
XSD_DATE = XSD + "date"
XSD_GYEAR = XSD + "gYear"

_OWL_DECLARATIONS = (OWL + "Class", OWL + "ObjectProperty", OWL + "DatatypeProperty")
# Namespaces whose IRIs may appear as objects of the ontology's domain, range,
# subClassOf and subPropertyOf triples (the rest is external alignment noise:
# schema.org, DUL, Wikidata, geo, skos).
_ONTOLOGY_OBJECT_NAMESPACES = (DBO, DBT, OWL, RDF, RDFS, XSD)

# FactBench TTL: the hub property of a reified fact, and what the fact becomes.
# (event property, direct property, reversed?, date property taken from dbo:from)
_FACTBENCH_HUBS: dict[str, tuple[str, str, bool, str | None]] = {
    "birth": ("birthPlace", "birthPlace", False, "birthDate"),
    "death": ("deathPlace", "deathPlace", False, "deathDate"),
    "playedTeam": ("team", "team", False, None),
    "isStarring": ("starring", "starring", False, "releaseDate"),
    "recievedAward": ("award", "award", False, None),  # sic, FactBench's spelling
    "marriage": ("spouse", "spouse", False, None),
    "foundation": ("foundationPlace", "foundationPlace", False, None),
    "acquisition": ("subsidiary", "subsidiary", False, None),
    # person dbo:publication [dbo:author book]  ->  book dbo:author person
    "publication": ("author", "author", True, None),
    # person dbo:inOffice [dbo:office country]  ->  country dbo:leader person
    "inOffice": ("office", "leader", True, None),
}

_QID = re.compile(r"Q[1-9][0-9]*\Z")
_DATE = re.compile(r"(-?[0-9]{4,})-([0-9]{2})-([0-9]{2})\Z")
_YEAR = re.compile(r"-?[0-9]{4,}\Z")
_NO_YEAR = re.compile(r"--[0-9]{2}-[0-9]{2}\Z")
_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


# --- reading sources ------------------------------------------------------------


class _Sources:
    """Resolves source paths and opens them, turning read failures into InputError."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path(self, key: str) -> Path:
        return self.root / SOURCE_FILES[key]

    def check(self) -> None:
        if not self.root.is_dir():
            raise InputError("the KB sources folder does not exist (expected a folder laid out "
                             "like shared/data)", source=str(self.root))
        for key, rel in SOURCE_FILES.items():
            p = self.root / rel
            if not p.is_file():
                raise InputError(f"missing KB source file {rel} (needed for {key})", source=str(p))

    def read_bytes(self, key: str) -> bytes:
        p = self.path(key)
        try:
            raw = p.read_bytes()
            return gzip.decompress(raw) if p.name.endswith(".gz") else raw
        except (OSError, EOFError, zlib.error) as e:  # gzip.BadGzipFile is an OSError
            raise InputError(f"cannot read: {e}", source=str(p)) from e

    def text_lines(self, key: str) -> Iterator[tuple[int, str]]:
        p = self.path(key)
        try:
            text = self.read_bytes(key).decode("utf-8")
        except UnicodeDecodeError as e:
            raise InputError(f"not UTF-8: {e}", source=str(p)) from e
        for number, line in enumerate(text.splitlines(), 1):
            yield number, line

    def csv_rows(self, key: str, header: list[str]) -> Iterator[tuple[int, list[str]]]:
        p = self.path(key)
        try:
            text = self.read_bytes(key).decode("utf-8")
        except UnicodeDecodeError as e:
            raise InputError(f"not UTF-8: {e}", source=str(p)) from e
        reader = csv.reader(io.StringIO(text, newline=""))
        try:
            first = next(reader, None)
            if first != header:
                raise InputError(f"expected the CSV header {','.join(header)}, found {first!r}",
                                 source=str(p), line=1)
            for row in reader:
                if len(row) != len(header):
                    raise InputError(f"expected {len(header)} fields, found {len(row)}",
                                     source=str(p), line=reader.line_num)
                yield reader.line_num, row
        except csv.Error as e:
            raise InputError(f"broken CSV: {e}", source=str(p), line=reader.line_num) from e

    def tsv_triples(self, key: str) -> Iterator[tuple[int, str, str, str]]:
        p = self.path(key)
        for number, line in self.text_lines(key):
            if not line:
                continue
            fields = line.split("\t")
            if len(fields) != 3:
                raise InputError(f"expected 3 tab-separated fields, found {len(fields)}",
                                 source=str(p), line=number)
            yield number, fields[0], fields[1], fields[2]

    def rdf(self, key: str, fmt: ox.RdfFormat, data: bytes | None = None,
            name: str | None = None) -> list[Any]:
        where = str(self.path(key)) + (f"!{name}" if name else "")
        try:
            return list(ox.parse(self.read_bytes(key) if data is None else data, format=fmt))
        except SyntaxError as e:
            raise InputError(f"cannot parse as {fmt}: {e}", source=where) from e


class _Builder:
    """Collects the sample's facts; all IRIs are full, normalised strings."""

    def __init__(self, sources: _Sources) -> None:
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
        dropped = Counter()
        for s, t in declared.items():
            lines.add(f"<{s}> <{RDF_TYPE}> <{t}> .")
        for q in quads:
            s, p, o = q.subject, q.predicate.value, q.object
            if not isinstance(s, ox.NamedNode) or s.value not in declared:
                continue
            if p == RDFS_LABEL:
                if isinstance(o, ox.Literal) and o.language == "en":
                    lines.add(f"<{s.value}> <{p}> {literal(o.value, lang='en')} .")
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
        where = str(self.src.path(key))
        try:
            value = ast.literal_eval(cell)
        except (ValueError, SyntaxError) as e:
            raise InputError(f"cannot read the class set {cell!r}: {e}", source=where, line=line) from e
        if value == {}:  # an empty class set is sometimes written as an empty dict
            value = set()
        if not isinstance(value, (set, frozenset, list, tuple)):
            raise InputError(f"the class cell {cell!r} is not a set", source=where, line=line)
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

    # -- FactBench --

    def _fb_resource(self, cell: str, what: str) -> str | None:
        if cell.startswith(DBR) and len(cell) > len(DBR):
            return self.dbr(cell)
        self.drop(f"FactBench CSV: {what} is not a DBpedia resource (e.g. an imdb.com URL)")
        return None

    def read_factbench_csv(self) -> None:
        name = "FactBench CSV"
        c = self.source_counts(name)
        for key, prop, date_prop in (("factbench_birth", "birthPlace", "birthDate"),
                                     ("factbench_death", "deathPlace", "deathDate")):
            for _, (person, place, date) in self.src.csv_rows(key, ["person", "place", "date"]):
                c["raw lines"] += 1
                ps, pl = self._fb_resource(person, "person"), self._fb_resource(place, "place")
                if ps is None:
                    continue
                if pl is not None:
                    self.add_object_triple(name, ps, prop, pl)
                self.add_date(ps, date_prop, date, name)
        for _, (film, actor, date) in self.src.csv_rows("factbench_starring", ["film", "actor", "date"]):
            c["raw lines"] += 1
            f, a = self._fb_resource(film, "film"), self._fb_resource(actor, "actor")
            if f is None:
                continue
            if a is not None:
                self.add_object_triple(name, f, "starring", a)
            self.add_date(f, "releaseDate", date, name)
        for _, (player, _period, team, _f, _t) in self.src.csv_rows(
                "factbench_nbateam", ["player", "timePeriod", "team", "from", "to"]):
            c["raw lines"] += 1
            pp, tm = self._fb_resource(player, "player"), self._fb_resource(team, "team")
            if pp is not None and tm is not None:
                self.add_object_triple(name, pp, "team", tm)
        for _, (person, _period, office, _f, _t) in self.src.csv_rows(
                "factbench_office", ["person", "timePeriod", "office", "from", "to"]):
            c["raw lines"] += 1
            ps = self._fb_resource(person, "person")
            if ps is not None and office.strip():
                # dbo:office is an owl:DatatypeProperty (range xsd:string) in the 2016 ontology.
                self.literals.add((ps, DBO + "office", literal(office.strip())))
                c["office"] += 1

    def read_factbench_ttl(self) -> None:
        name = "FactBench TTL"
        c = self.source_counts(name)
        archive = self.src.path("factbench_ttl")
        try:
            tar = tarfile.open(archive, "r:gz")
            members = sorted((m for m in tar.getmembers() if m.isfile() and m.name.endswith(".ttl")),
                             key=lambda m: m.name)
            files = [(m.name, tar.extractfile(m).read()) for m in members]  # type: ignore[union-attr]
            tar.close()
        except (OSError, tarfile.TarError, EOFError) as e:
            raise InputError(f"cannot read the tar archive: {e}", source=str(archive)) from e
        for member, data in files:
            c["files"] += 1
            self._factbench_file(member, self.src.rdf("factbench_ttl", ox.RdfFormat.TURTLE, data, member))

    def _factbench_file(self, member: str, quads: list[Any]) -> None:
        name = "FactBench TTL"
        c = self.source_counts(name)
        same_as: dict[str, set[str]] = defaultdict(set)
        en_labels: dict[str, set[str]] = defaultdict(set)
        alt: dict[str, set[str]] = defaultdict(set)
        out: dict[str, list[tuple[str, Any]]] = defaultdict(list)
        for q in quads:
            s, p, o = q.subject.value, q.predicate.value, q.object
            if p == OWL_SAMEAS:
                if o.value.startswith(DBR):
                    same_as[s].add(o.value)
            elif p == RDFS_LABEL:
                if isinstance(o, ox.Literal) and o.language == "en":
                    en_labels[s].add(o.value)
            elif p == SKOS_ALTLABEL:
                if isinstance(o, ox.Literal) and o.language == "en":
                    alt[s].add(o.value)
                else:
                    c["non-English altLabels skipped"] += 1
            else:
                out[s].append((p, o))

        def resolve(node: str) -> str | None:
            if node.startswith(DBR):
                return self.dbr(node)
            candidates = sorted(same_as.get(node, ()))
            if not candidates:
                return None
            if len(candidates) > 1:
                # Freebase nodes sometimes list a redirect or a related page too
                # (California / Kalifornien, Nobel_Prize_in_Physics /
                # List_of_Nobel_laureates_in_Physics): take the one whose page
                # title is the node's English label, else the first by name.
                labels = en_labels.get(node, set())
                titled = [x for x in candidates if label_from_local_name(
                    normalize_local_name(x[len(DBR):])) in labels]
                chosen = (titled or candidates)[0]
                self.ambiguous_same_as.add((node, self.dbr(chosen), tuple(self.dbr(x) for x in candidates
                                                                          if x != chosen)))
                candidates = titled or candidates
            return self.dbr(candidates[0])

        for subject, props in out.items():
            for p, event in props:
                hub = p[len(DBO):] if p.startswith(DBO) else None
                if hub not in _FACTBENCH_HUBS:
                    continue
                event_prop, direct, reverse, date_prop = _FACTBENCH_HUBS[hub]
                c["raw facts"] += 1
                subj = resolve(subject)
                targets = [o for ep, o in out.get(event.value, ()) if ep == DBO + event_prop]
                dates = [o for ep, o in out.get(event.value, ()) if ep == DBO + "from"]
                if subj is None or not targets:
                    self.drop("FactBench TTL: Freebase node without an English DBpedia sameAs")
                    continue
                for target in targets:
                    obj = resolve(target.value) if isinstance(target, ox.NamedNode) else None
                    if obj is None:
                        self.drop("FactBench TTL: Freebase node without an English DBpedia sameAs")
                        continue
                    if reverse:
                        self.add_object_triple(name, obj, direct, subj)
                    else:
                        self.add_object_triple(name, subj, direct, obj)
                    if date_prop:
                        for d in dates:
                            self.add_date(subj, date_prop, d.value, name)

        # labels and surface forms of every node that maps to an English DBpedia entity
        for node in sorted(set(en_labels) | set(alt)):
            entity = resolve(node)
            if entity is None:
                continue
            forms = {f.strip() for f in alt.get(node, ())} | {f.strip() for f in en_labels.get(node, ())}
            self.alt_labels[entity].update(f for f in forms if f)

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

    # -- assembly --

    def lines(self) -> tuple[list[str], dict[str, Any]]:
        counts = self.counts
        lines: set[str] = set(self.ontology_lines)
        object_triples: set[tuple[str, str, str]] = set()
        for source, triples in sorted(self.object_triples.items()):
            self.source_counts(source)["distinct triples"] = len(triples)
            object_triples |= triples
        entities: set[str] = set()
        properties = Counter()
        for s, p, o in object_triples:
            lines.add(f"<{s}> <{p}> <{o}> .")
            entities.add(s)
            entities.add(o)
            properties[p] += 1
        for s, p, lit in self.literals:
            lines.add(f"<{s}> <{p}> {lit} .")
            entities.add(s)
        for s, lit in self.genders:
            lines.add(f"<{s}> <{FOAF_GENDER}> {lit} .")
            entities.add(s)
        # types: asserted classes and their superclasses (never owl:Thing)
        memo: dict[str, frozenset[str]] = {}
        type_triples = asserted_triples = 0
        typed: dict[str, set[str]] = {}
        for entity, classes in self.asserted.items():
            closure = set(classes)
            for cls in classes:
                closure |= self.ancestors(cls, memo)
            typed[entity] = closure
            asserted_triples += len(classes)
            type_triples += len(closure)
            entities.add(entity)
            for cls in closure:
                lines.add(f"<{entity}> <{RDF_TYPE}> <{cls}> .")
        unused = len(self.listed - entities)
        if unused:
            self.drop("entities.csv rows with no class in the 2016 ontology and no fact", unused)
        # labels: the page title of every entity; English surface forms that differ from it
        alt_count = 0
        alt_entities = 0
        for entity in entities:
            local = entity[len(DBR):]
            title = label_from_local_name(local)
            lines.add(f"<{entity}> <{RDFS_LABEL}> {literal(title, lang='en')} .")
        for entity, forms in self.alt_labels.items():
            if entity not in entities:
                # a node whose facts were all dropped: its labels alone make no entity
                self.drop("FactBench TTL: surface forms of an entity with no kept fact", len(forms))
                continue
            title = label_from_local_name(entity[len(DBR):])
            kept = [f for f in forms if f != title]
            if kept:
                alt_entities += 1
            for form in kept:
                lines.add(f"<{entity}> <{SKOS_ALTLABEL}> {literal(form, lang='en')} .")
                alt_count += 1

        top = self._top_classes(typed, entities)
        literal_counts = Counter(p[len(DBO):] for _, p, _ in self.literals)
        counts.update({
            "entities": len(entities),
            "typed_entities": len(typed),
            "entities_in_object_triples": len({x for s, _, o in object_triples for x in (s, o)}),
            "object_triples": len(object_triples),
            "properties": len(properties),
            "properties_not_in_ontology": sorted(p[len(DBO):] for p in properties
                                                 if p not in self.object_properties),
            "asserted_type_triples": asserted_triples,
            "type_triples": type_triples,
            "labels": len(entities),
            "alt_labels": alt_count,
            "alt_label_entities": alt_entities,
            "genders": len(self.genders),
            "birth_dates": literal_counts["birthDate"],
            "death_dates": literal_counts["deathDate"],
            "release_dates": literal_counts["releaseDate"],
            "offices": literal_counts["office"],
            "top_classes": top,
            "top_properties": [(p[len(DBO):], n) for p, n in
                               sorted(properties.items(), key=lambda x: (-x[1], x[0]))[:20]],
        })
        return sorted(lines), counts

    def _top_classes(self, typed: dict[str, set[str]], entities: set[str]) -> dict[str, Any]:
        """Entities per top class: the classes right under owl:Thing, with dbo:Agent
        split into its subclasses (Person, Organisation, …)."""
        agent = DBO + "Agent"
        tops = {c for c in self.classes
                if (not self.parents.get(c) and c != agent) or self.parents.get(c) == {agent}}
        main = ("Person", "Organisation", "Place", "Work")
        any_count: Counter[str] = Counter()
        exclusive: Counter[str] = Counter()
        combos: Counter[str] = Counter()
        for entity, closure in typed.items():
            mine = sorted(c[len(DBO):] for c in closure & tops)
            for c in mine:
                any_count[c] += 1
            if len(mine) > 1:
                exclusive["several top classes"] += 1
                combos["+".join(mine)] += 1
            elif mine and mine[0] in main:
                exclusive[mine[0]] += 1
            else:
                exclusive["other top class (or only Agent)"] += 1
        exclusive["untyped"] = len(entities) - len(typed)
        return {
            "any": dict(sorted(any_count.items(), key=lambda x: (-x[1], x[0]))),
            "exclusive": {k: exclusive[k] for k in (*main, "other top class (or only Agent)",
                                                    "several top classes", "untyped")},
            "top_combinations": dict(sorted(combos.items(), key=lambda x: (-x[1], x[0]))[:8]),
        }


def _write_atomically(lines: list[str], out: Path) -> tuple[str, int, str]:
    """Write the gzipped lines to ``out`` via a temporary file in the same folder.

    Returns the sha256 of the file, its size and the sha256 of the uncompressed
    N-Triples (which does not depend on the zlib build).
    """
    content = hashlib.sha256()
    with atomic_write(out, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=GZIP_LEVEL, mtime=0) as gz:
            batch = 20000
            for i in range(0, len(lines), batch):
                chunk = ("\n".join(lines[i:i + batch]) + "\n").encode("utf-8")
                content.update(chunk)
                gz.write(chunk)
    return hashlib.sha256(out.read_bytes()).hexdigest(), out.stat().st_size, content.hexdigest()


def build_sample(sources: Path, out: Path) -> dict[str, Any]:
    """Build the DBpedia sample from ``sources`` and write it to ``out``.

    Args:
        sources: a folder laid out like ``shared/data`` (see :data:`SOURCE_FILES`).
        out: the gzipped N-Triples file to write (e.g. ``kb/dbpedia-sample.nt.gz``);
            written atomically (temporary file in the same folder, then rename).

    Returns:
        counts: ``triples``, ``bytes`` and ``sha256`` of the file, ``content_sha256``
        of the uncompressed N-Triples; ``entities``,
        ``typed_entities``, ``object_triples``, ``properties``, ``labels``,
        ``alt_labels``, ``genders``, ``birth_dates``, ``death_dates``,
        ``release_dates``, ``offices``, ``type_triples``, ``top_classes``,
        ``ontology`` (classes, properties, triples), per-source counts under
        ``sources`` and the dropped items by reason under ``dropped``.

    Raises:
        InputError: a source file is missing or cannot be read (the message names it).
        UsageError: ``out`` cannot be written (its folder is missing, or it is a folder).
    """
    sources, out = Path(sources), Path(out)
    check_writable(out)
    src = _Sources(sources)
    src.check()
    b = _Builder(src)
    b.read_ontology()
    b.read_dbpedia50()
    b.read_db100k()
    b.read_lpbenchgen()
    b.read_factbench_csv()
    b.read_factbench_ttl()
    b.read_genders()
    lines, counts = b.lines()
    digest, size, content_digest = _write_atomically(lines, out)
    counts["triples"] = len(lines)
    counts["bytes"] = size
    counts["sha256"] = digest
    counts["content_sha256"] = content_digest
    counts["dropped"] = dict(sorted(counts["dropped"].items()))
    counts["sources"] = {k: dict(v) for k, v in sorted(counts["sources"].items())}
    counts["entities_with_asserted_class_by_source"] = {k: len(v) for k, v in sorted(b.type_sources.items())}
    counts["factbench_ambiguous_same_as"] = sorted(b.ambiguous_same_as)
    first = ("triples", "bytes", "sha256", "content_sha256", "entities", "typed_entities")
    last = ("ontology", "sources", "dropped", "factbench_ambiguous_same_as")
    ordered = {k: counts[k] for k in first}
    ordered.update((k, v) for k, v in counts.items() if k not in first and k not in last)
    ordered.update((k, counts[k]) for k in last)
    return ordered
