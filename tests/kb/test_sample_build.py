"""The bundled DBpedia sample (kb/dbpedia-sample.nt.gz) and its builder (bengal.kb.sample).

The facts checked here were looked up by hand in the source files under
../shared/data (file and line given next to each).
"""

from __future__ import annotations

import gzip
import hashlib
import os
import re
import shutil
from pathlib import Path

import pyoxigraph as ox
import pytest
from conftest import REPO, SHARED_DATA

from bengal.errors import InputError
from bengal.kb.iri import DBPEDIA_RESOURCE, label_from_iri, normalize_local_name
from bengal.kb.sample import build_sample
from bengal.kb.sample.builder import Builder
from bengal.kb.sample.sources import SOURCE_FILES, Sources
from bengal.kb.store import BUNDLED_SAMPLE as DEFAULT_SAMPLE_NAME

SOURCES = SHARED_DATA
SAMPLE = REPO / "kb" / DEFAULT_SAMPLE_NAME

DBR = DBPEDIA_RESOURCE
DBO = "http://dbpedia.org/ontology/"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
RDFS = "http://www.w3.org/2000/01/rdf-schema#"
OWL = "http://www.w3.org/2002/07/owl#"
XSD = "http://www.w3.org/2001/XMLSchema#"
SKOS_ALT = "http://www.w3.org/2004/02/skos/core#altLabel"
FOAF_GENDER = "http://xmlns.com/foaf/0.1/gender"

needs_sources = pytest.mark.skipif(
    not SOURCES.is_dir(), reason=f"the KB sources folder {SOURCES} does not exist (only in a full checkout "
                                 "next to shared/data)")


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- the committed sample -----------------------------------------------------


@pytest.fixture(scope="module")
def store() -> ox.Store:
    assert SAMPLE.is_file(), f"{SAMPLE} is missing"
    st = ox.Store()
    with gzip.open(SAMPLE, "rb") as f:
        st.bulk_load(f, format=ox.RdfFormat.N_TRIPLES)
    return st


@pytest.fixture(scope="module")
def lines() -> list[str]:
    with gzip.open(SAMPLE, "rt", encoding="utf-8", newline="") as f:
        text = f.read()
    assert text.endswith("\n")
    return text[:-1].split("\n")


def _has(st: ox.Store, s: str, p: str, o: ox.NamedNode | ox.Literal | str) -> bool:
    obj = ox.NamedNode(o) if isinstance(o, str) else o
    return ox.Quad(ox.NamedNode(s), ox.NamedNode(p), obj, ox.DefaultGraph()) in st


def _count(st: ox.Store, query: str) -> int:
    prefixes = (f"PREFIX dbo: <{DBO}> PREFIX rdfs: <{RDFS}> PREFIX owl: <{OWL}> "
                f"PREFIX skos: <http://www.w3.org/2004/02/skos/core#> ")
    rows = list(st.query(prefixes + query))
    return int(rows[0][0].value)


def test_gzip_header_is_reproducible() -> None:
    head = SAMPLE.read_bytes()[:10]
    assert head[:3] == b"\x1f\x8b\x08"
    assert head[3] == 0, "no FNAME or other optional header fields"
    assert head[4:8] == b"\x00\x00\x00\x00", "mtime must be 0"


def test_lines_are_sorted_unique_ntriples(lines: list[str], store: ox.Store) -> None:
    # strictly increasing: sorted, and no line twice
    assert all(a < b for a, b in zip(lines, lines[1:]))
    # every line is one N-Triples triple: the store (a strict load: pyoxigraph checks IRIs) holds as many
    # triples as there are lines, so no line failed, held two triples, or wrote another's triple again
    assert len(store) == len(lines)


def test_counts_in_line_with_kb_notes(store: ox.Store) -> None:
    n_triples = len(store)
    # about 820k of English DBpedia (KB-NOTES: 860k) plus about 115k labels in de, es, fr, pt
    assert 900_000 <= n_triples <= 960_000
    entities = _count(store, f"""SELECT (COUNT(DISTINCT ?e) AS ?n) WHERE {{
        {{ ?e ?p ?o }} UNION {{ ?s ?p ?e }} FILTER(isIRI(?e) && STRSTARTS(STR(?e), "{DBR}")) }}""")
    assert 145_000 <= entities <= 160_000
    object_triples = _count(store, f"""SELECT (COUNT(*) AS ?n) WHERE {{ ?s ?p ?o
        FILTER(STRSTARTS(STR(?s), "{DBR}") && STRSTARTS(STR(?p), "{DBO}") && isIRI(?o)) }}""")
    assert 170_000 <= object_triples <= 180_000
    properties = _count(store, f"""SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE {{ ?s ?p ?o
        FILTER(STRSTARTS(STR(?s), "{DBR}") && STRSTARTS(STR(?p), "{DBO}") && isIRI(?o)) }}""")
    assert properties == 436
    persons = _count(store, "SELECT (COUNT(DISTINCT ?e) AS ?n) WHERE { ?e a dbo:Person }")
    assert 40_000 <= persons <= 48_000
    assert _count(store, "SELECT (COUNT(*) AS ?n) WHERE { ?e a owl:Thing }") == 0
    assert _count(store, "SELECT (COUNT(*) AS ?n) WHERE { ?e a dbo:Location }") == 0


def test_every_entity_has_exactly_one_english_label(store: ox.Store) -> None:
    # one row per dbr entity whose number of English labels is not 1
    rows = list(store.query(f"""PREFIX rdfs: <{RDFS}>
        SELECT ?e (COUNT(?l) AS ?n) WHERE {{
          {{ SELECT DISTINCT ?e WHERE {{ {{ ?e ?p ?o }} UNION {{ ?s ?p ?e }}
             FILTER(isIRI(?e) && STRSTARTS(STR(?e), "{DBR}")) }} }}
          OPTIONAL {{ ?e rdfs:label ?l FILTER(LANG(?l) = "en") }}
        }} GROUP BY ?e HAVING (COUNT(?l) != 1) LIMIT 5"""))
    assert rows == []
    # other entity labels are in de, es, fr or pt only, at most one per entity and language
    assert _count(store, f"""SELECT (COUNT(*) AS ?n) WHERE {{ ?e rdfs:label ?l
        FILTER(STRSTARTS(STR(?e), "{DBR}") && !(LANG(?l) IN ("en", "de", "es", "fr", "pt"))) }}""") == 0
    rows = list(store.query(f"""PREFIX rdfs: <{RDFS}>
        SELECT ?e ?lang (COUNT(?l) AS ?n) WHERE {{ ?e rdfs:label ?l
          FILTER(STRSTARTS(STR(?e), "{DBR}")) BIND(LANG(?l) AS ?lang) }}
        GROUP BY ?e ?lang HAVING (COUNT(?l) > 1) LIMIT 5"""))
    assert rows == []


def test_iris_are_normalised_and_unique(lines: list[str]) -> None:
    entities: set[str] = set()
    labels: dict[str, str] = {}
    for line in lines:
        for part in line.split("<")[1:]:
            iri = part.split(">", 1)[0]
            assert " " not in iri, line
            if iri.startswith(DBR):
                entities.add(iri)
        if f"> <{RDFS}label> " in line and line.startswith(f"<{DBR}"):
            iri, rest = line[1:].split("> ", 1)
            labels[iri] = rest
    bad_percent = [e for e in entities
                   if any(not all(c in "0123456789ABCDEF" for c in chunk[:2]) or len(chunk) < 2
                          for chunk in e.split("%")[1:])]
    assert bad_percent == []
    assert [e for e in entities if normalize_local_name(e[len(DBR):]) != e[len(DBR):]] == []
    # the page title is injective on normalised names, so one title = one spelling
    titles = {label_from_iri(e) for e in entities}
    assert len(titles) == len(entities)
    assert set(labels) == entities
    # no DB100K-style spellings survive
    assert not any("%27" in e or "%C3" in e or "%26" in e for e in entities)


def test_hand_checked_facts(store: ox.Store) -> None:
    date = lambda v: ox.Literal(v, datatype=ox.NamedNode(XSD + "date"))  # noqa: E731
    # FactBench dbpedia_002.csv line 2: Hannes_Bok, Kansas_City,_Missouri, 1914-07-02
    assert _has(store, DBR + "Hannes_Bok", DBO + "birthPlace", DBR + "Kansas_City,_Missouri")
    assert _has(store, DBR + "Hannes_Bok", DBO + "birthDate", date("1914-07-02"))
    # dbpedia_002.csv line 7: a year-only date becomes xsd:gYear
    assert _has(store, DBR + "John_McNamara_(writer)", DBO + "birthDate",
                ox.Literal("1962", datatype=ox.NamedNode(XSD + "gYear")))
    # dbpedia_003.csv.gz line 2: Destry_Rides_Again, James_Stewart, 1939-12-29
    assert _has(store, DBR + "Destry_Rides_Again", DBO + "starring", DBR + "James_Stewart")
    assert _has(store, DBR + "Destry_Rides_Again", DBO + "releaseDate", date("1939-12-29"))
    # dbpedia_001.csv line 5: Adolphe_Thiers, "Prime Minister of France"
    assert _has(store, DBR + "Adolphe_Thiers", DBO + "office", ox.Literal("Prime Minister of France"))
    # DB100K valid.txt.gz "Q1004336 associatedMusicalArtist Q1140657"; mapping.csv.gz:
    # Q1004336,Fun_Lovin%27_Criminals and Q1140657,Cro-Mags
    assert _has(store, DBR + "Fun_Lovin'_Criminals", DBO + "associatedMusicalArtist", DBR + "Cro-Mags")
    # DB100K "Q10372854 hometown Q1439": Q10372854,Society%27s_Finest and Q1439,Texas
    assert _has(store, DBR + "Society's_Finest", DBO + "hometown", DBR + "Texas")
    # DB100K entities.csv.gz: %C3%81ngel_Guirado,{'SoccerPlayer'} -> SoccerPlayer, Athlete, Person, Agent
    for cls in ("SoccerPlayer", "Athlete", "Person", "Agent"):
        assert _has(store, DBR + "Ángel_Guirado", RDF_TYPE, DBO + cls), cls
    assert not _has(store, DBR + "Ángel_Guirado", RDF_TYPE, OWL + "Thing")
    # DBpedia50 test.txt "Compton's_Most_Wanted genre Gangsta_rap" and DB100K entities.csv.gz
    # "Compton%27s_Most_Wanted,{'Band'}": one entity
    assert _has(store, DBR + "Compton's_Most_Wanted", DBO + "genre", DBR + "Gangsta_rap")
    assert _has(store, DBR + "Compton's_Most_Wanted", RDF_TYPE, DBO + "Band")
    # genders_en.ttl
    assert _has(store, DBR + "Harlan_Ellison", FOAF_GENDER, ox.Literal("male", language="en"))
    # FactBench TTL birth_00001.ttl (flattened): George_W._Bush__1 birthPlace / from
    assert _has(store, DBR + "George_W._Bush", DBO + "birthPlace", DBR + "New_Haven,_Connecticut")
    assert _has(store, DBR + "George_W._Bush", DBO + "birthDate", date("1946-07-06"))
    # FactBench TTL award_00004.ttl: Freebase m.0gmnx sameAs dbr:Wilhelm_R%C3%B6ntgen, award m.0dt39
    # (sameAs Nobel_Prize_in_Physics and List_of_Nobel_laureates_in_Physics; its label picks the first)
    assert _has(store, DBR + "Wilhelm_Röntgen", DBO + "award", DBR + "Nobel_Prize_in_Physics")
    # publication is reversed: book dbo:author person; inOffice: country dbo:leader person
    assert _has(store, DBR + "The_Caves_of_Steel", DBO + "author", DBR + "Isaac_Asimov")
    assert _has(store, DBR + "Israel", DBO + "leader", DBR + "Ariel_Sharon")
    assert _has(store, DBR + "Kate_Winslet", DBO + "spouse", DBR + "Sam_Mendes")
    # labels: the page title; FactBench surface forms as skos:altLabel
    assert _has(store, DBR + "Cambridge,_Massachusetts", RDFS + "label",
                ox.Literal("Cambridge, Massachusetts", language="en"))
    assert _has(store, DBR + "Cambridge,_Massachusetts", SKOS_ALT, ox.Literal("Newtowne", language="en"))
    assert _has(store, DBR + "Albert_Einstein", SKOS_ALT, ox.Literal("Einstein", language="en"))
    # labels in other languages (multilingual/): bmlama.tsv.gz line 3, Rome pt "Roma"
    assert _has(store, DBR + "Rome", RDFS + "label", ox.Literal("Roma", language="pt"))
    # Venice es: kens_dbp5l.tsv.gz line 1203 "Venecia" (a DBpedia-es label) beats the heuristic pick
    # "VENÉZIA" of xfactr_esfr.tsv.gz line 876, which is kept as an altLabel
    assert _has(store, DBR + "Venice", RDFS + "label", ox.Literal("Venecia", language="es"))
    assert _has(store, DBR + "Venice", SKOS_ALT, ox.Literal("VENÉZIA", language="es"))
    assert not _has(store, DBR + "Venice", SKOS_ALT, ox.Literal("Venecia", language="es"))
    # California de, factbench_defr.tsv.gz lines 5605-5619: two owl:sameAs titles; "Kalifornien" is
    # also FactBench's label (two sources), so it wins; the disambiguation page, a losing candidate
    # that no row gives as an alt, is not kept; the alt rows are altLabels
    assert _has(store, DBR + "California", RDFS + "label", ox.Literal("Kalifornien", language="de"))
    assert not _has(store, DBR + "California", SKOS_ALT, ox.Literal("Kalifornien (Begriffsklärung)", language="de"))
    assert _has(store, DBR + "California", SKOS_ALT, ox.Literal("Californien", language="de"))
    # refused rows (kb/README.md "Rows refused"): bmlama.tsv.gz's "Bastilla" (the fortress) for the band,
    # xfactr_esfr.tsv.gz's "una zanahoria" for Drum kit, "South Australia" and "camp Rock"; "Poznań" stays
    assert not _has(store, DBR + "Bastille_(band)", RDFS + "label", ox.Literal("Bastilla", language="es"))
    assert _has(store, DBR + "Bastille_(band)", RDFS + "label", ox.Literal("Bastille", language="fr"))
    for iri, form, lang in (("Drum_kit", "una zanahoria", "es"), ("South_Australia", "South Australia", "es"),
                            ("Camp_Rock", "camp Rock", "fr")):
        assert not _has(store, DBR + iri, RDFS + "label", ox.Literal(form, language=lang))
        assert not _has(store, DBR + iri, SKOS_ALT, ox.Literal(form, language=lang))
    assert _has(store, DBR + "Poznań", RDFS + "label", ox.Literal("Poznań", language="es"))
    # ontology
    assert _has(store, DBO + "birthPlace", RDF_TYPE, OWL + "ObjectProperty")
    assert _has(store, DBO + "birthPlace", RDFS + "label", ox.Literal("birth place", language="en"))
    # ontology.owl.gz line 6194: the de and fr labels are kept, nl (and the other languages) not
    assert _has(store, DBO + "birthPlace", RDFS + "label", ox.Literal("Geburtsort", language="de"))
    assert _has(store, DBO + "birthPlace", RDFS + "label", ox.Literal("lieu de naissance", language="fr"))
    assert not _has(store, DBO + "birthPlace", RDFS + "label", ox.Literal("geboorteplaats", language="nl"))
    assert _has(store, DBO + "birthPlace", RDFS + "range", DBO + "Place")
    assert _has(store, DBO + "SoccerPlayer", RDFS + "subClassOf", DBO + "Athlete")
    assert _has(store, DBO + "Person", RDF_TYPE, OWL + "Class")
    assert _has(store, DBO + "birthDate", RDF_TYPE, OWL + "DatatypeProperty")
    assert not _has(store, DBO + "University", RDFS + "subClassOf", "http://schema.org/CollegeOrUniversity")
    # junk objects are gone
    assert not any(True for _ in store.quads_for_pattern(ox.NamedNode(DBR + "%3Fautoplay=true"), None, None))


# --- the builder --------------------------------------------------------------


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    if not SOURCES.is_dir():
        pytest.skip(f"the KB sources folder {SOURCES} does not exist")
    out_dir = tmp_path_factory.mktemp("kb")
    out = out_dir / DEFAULT_SAMPLE_NAME
    counts = build_sample(SOURCES, out)
    return out, counts


@needs_sources
def test_rebuild_is_byte_identical(rebuilt: tuple[Path, dict]) -> None:
    out, counts = rebuilt
    assert _sha256(out) == _sha256(SAMPLE) == counts["sha256"]
    assert os.listdir(out.parent) == [out.name], "no temporary file left behind"
    assert counts["bytes"] == out.stat().st_size


@needs_sources
def test_rebuild_counts(rebuilt: tuple[Path, dict], store: ox.Store) -> None:
    _, counts = rebuilt
    assert counts["triples"] == len(store)
    assert counts["properties"] == 436
    assert counts["labels"] == counts["entities"]
    assert counts["top_classes"]["any"]["Person"] == 44_177
    dropped = counts["dropped"]
    assert dropped["DB100K: junk object (not a Wikidata QID, e.g. 'unk', '?autoplay=true')"] == 51
    assert dropped["birthDate: --MM-DD value without a year"] == 14
    assert dropped["deathDate: --MM-DD value without a year"] == 2
    assert dropped["FactBench CSV: actor is not a DBpedia resource (e.g. an imdb.com URL)"] == 6
    assert dropped["class not in the 2016 ontology: Location"] > 20_000


_ENGLISH = set("South North East West Southern Northern Eastern Western County New Saint St. River Lake Mount "
               "Mountains Island Islands City Province State District Region Bay Valley Central Upper Lower Great "
               "Greater Territory Coast Land Kingdom Republic Empire of the and Township Borough Parish Village Town "
               "Park Hills Falls Springs Beach Harbour Harbor Port Fort Heights Sea Ocean Peninsula Gulf Strait Union "
               "United".split())


def _refused(r: list[str], is_place: bool) -> bool:
    """The four rules of kb/README.md ("Rows refused"), written again from the README's words."""
    iri, _, label, _, source, match = r
    title = re.sub(r" \([^()]*\)$", "", label_from_iri(iri))
    if "title-paren-stripped" in match:
        return label != title
    if source != "xfactr-alias":
        return False
    if is_place and re.sub(r" \([^()]*\)$", "", label) == title:
        return ", " in title or bool(_ENGLISH & set(title.split()))
    first = label.split(" ")[0]
    if first in ("un", "una", "unos", "unas", "une", "des", "um", "uma", "uns", "umas", "ein", "eine") and " " in label:
        return True
    return (not is_place and " " in label and label != title and label.lower() == title.lower()
            and first == first.lower() and any(w[:1].isupper() for w in label.split()[1:]))


def _label_files() -> list[list[str]]:
    """The rows of the label files the sample uses: all but the ISO 3166-2 names from iso-codes
    (source ``pycountry-iso3166-2``, LGPL-2.1, which the CC BY-SA sample cannot carry)."""
    rows = []
    for path in sorted((SOURCES / "multilingual").glob("*.tsv.gz")):
        with gzip.open(path, "rt", encoding="utf-8", newline="") as f:
            lines = f.read().split("\n")
        assert lines[0] == "iri\tlang\tlabel\tkind\tsource\tmatch" and lines[-1] == ""
        rows += [line.split("\t") for line in lines[1:-1]]
    return [r for r in rows if r[4] != "pycountry-iso3166-2"]


@needs_sources
def test_rebuild_labels_per_language_match_the_label_files(rebuilt: tuple[Path, dict], store: ox.Store) -> None:
    _, counts = rebuilt
    rows = _label_files()
    # the iso-codes rows are counted as not used (390 rows of cldr.tsv.gz, counted here by grep)
    with gzip.open(SOURCES / "multilingual" / "cldr.tsv.gz", "rt", encoding="utf-8") as f:
        iso = sum(1 for line in f if "\tpycountry-iso3166-2\t" in line)
    assert iso > 0 and counts["sources"]["multilingual labels"][
        "cldr.tsv.gz: rows of pycountry-iso3166-2 not used"] == iso
    places = {row[0].value for row in store.query(f"SELECT ?e WHERE {{ ?e a <{DBO}Place> }}")}
    rows = [r for r in rows if not _refused(r, r[0] in places)]
    for lang in ("de", "es", "fr", "pt"):
        # every IRI with a kind=label row that is not refused gets one rdfs:label@lang (all IRIs are
        # entities of the sample)
        expected = {r[0] for r in rows if r[1] == lang and r[3] == "label"}
        assert counts["labels_per_language"][lang]["labels"] == len(expected), lang
        got = _count(store, f"""SELECT (COUNT(DISTINCT ?e) AS ?n) WHERE {{ ?e rdfs:label ?l
            FILTER(STRSTARTS(STR(?e), "{DBR}") && LANG(?l) = "{lang}") }}""")
        assert got == len(expected), lang
        # the altLabels are the distinct alt forms that are not the entity's label
        alt_forms = {(r[0], r[2].strip()) for r in rows if r[1] == lang and r[3] == "alt"}
        chosen = {(row[0].value, row[1].value) for row in store.query(
            f'SELECT ?e ?l WHERE {{ ?e <{RDFS}label> ?l FILTER(LANG(?l) = "{lang}") }}')}
        alts = _count(store, f"""SELECT (COUNT(*) AS ?n) WHERE {{ ?e skos:altLabel ?l FILTER(LANG(?l) = "{lang}") }}""")
        assert alts == len(alt_forms - chosen) == counts["labels_per_language"][lang]["alt_labels"], lang
    # a heuristic pick is the label only where no other file gives a label (README of multilingual/)
    better = {(r[0], r[1]) for r in rows if r[3] == "label" and "label-heuristic" not in r[5]}
    heuristic_only = {(r[0], r[1]) for r in rows if r[3] == "label" and "label-heuristic" in r[5]} - better
    for lang in ("es", "fr"):
        by_match = counts["labels_per_language"][lang]["labels_by_match"]
        assert by_match["heuristic pick from a Wikidata alias set"] == sum(1 for _, x in heuristic_only if x == lang)
    # the ontology's class and property labels in en, de, es, fr, pt, counted in the OWL file itself
    owl = list(ox.parse(gzip.decompress((SOURCES / SOURCE_FILES["ontology"]).read_bytes()),
                        format=ox.RdfFormat.RDF_XML))
    declared = {q.subject.value for q in owl if q.predicate.value == RDF_TYPE and q.subject.value.startswith(DBO)
                and q.object.value in (OWL + "Class", OWL + "ObjectProperty", OWL + "DatatypeProperty")}
    per_lang: dict[str, int] = {}
    for q in owl:
        if q.predicate.value == RDFS + "label" and q.subject.value in declared \
                and q.object.language in ("en", "de", "es", "fr", "pt"):
            per_lang[q.object.language] = per_lang.get(q.object.language, 0) + 1
    assert counts["ontology"]["labels"] == dict(sorted(per_lang.items()))
    for lang, n in per_lang.items():
        assert _count(store, f"""SELECT (COUNT(*) AS ?n) WHERE {{ ?t rdfs:label ?l
            FILTER(STRSTARTS(STR(?t), "{DBO}") && LANG(?l) = "{lang}") }}""") == n, lang


def _fake_sources(root: Path, skip: str | None = None) -> None:
    for rel in SOURCE_FILES.values():
        if rel == skip:
            continue
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(b"")


def test_missing_source_names_the_file(tmp_path: Path) -> None:
    missing = SOURCE_FILES["db100k_mapping"]
    _fake_sources(tmp_path / "src", skip=missing)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    with pytest.raises(InputError) as err:
        build_sample(tmp_path / "src", out_dir / DEFAULT_SAMPLE_NAME)
    assert missing in str(err.value)
    assert err.value.source == str(tmp_path / "src" / missing)
    assert os.listdir(out_dir) == []


def test_missing_sources_folder(tmp_path: Path) -> None:
    with pytest.raises(InputError) as err:
        build_sample(tmp_path / "nowhere", tmp_path / DEFAULT_SAMPLE_NAME)
    assert "nowhere" in str(err.value)


@needs_sources
def test_broken_source_names_file_and_line(tmp_path: Path) -> None:
    src = tmp_path / "src"
    for rel in SOURCE_FILES.values():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        os.symlink(SOURCES / rel, src / rel)
    broken = SOURCE_FILES["dbpedia50_valid"]
    (src / broken).unlink()
    shutil.copyfile(SOURCES / broken, src / broken)
    with open(src / broken, "a", encoding="utf-8") as f:
        f.write("Berlin\tcountry\n")  # two fields
    n_lines = len((src / broken).read_text(encoding="utf-8").splitlines())
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    out = out_dir / DEFAULT_SAMPLE_NAME
    out.write_bytes(b"previous sample")
    with pytest.raises(InputError) as err:
        build_sample(src, out)
    assert str(src / broken) in str(err.value) and err.value.line == n_lines
    # the previous file is untouched and nothing else is left behind
    assert out.read_bytes() == b"previous sample"
    assert os.listdir(out_dir) == [out.name]


@pytest.mark.parametrize(("cell", "expected"), [
    ("{'Band', 'Organisation'}", {"Band", "Organisation"}),  # the plain form, read without literal_eval
    ("{'Band'}", {"Band"}),
    ("set()", set()),
    ("{}", set()),  # an empty set written as an empty dict
    ('{"Band", \'Place\'}', {"Band", "Place"}),  # other quoting: read by literal_eval
    ("{'O\\'Neill'}", {"O'Neill"}),  # an escaped quote is no plain cell
    ("['Band', 'Place']", {"Band", "Place"}),
])
def test_class_cells_of_entities_csv(cell: str, expected: set[str]) -> None:
    assert Builder(Sources(Path("src")))._class_set(cell, "dbpedia50_entities", 7) == expected


@pytest.mark.parametrize("cell", ["{'Band'", "{'Band'}}", "'Band'", "{'Band': 1}", "42"])
def test_a_broken_class_cell_names_file_and_line(cell: str) -> None:
    with pytest.raises(InputError) as err:
        Builder(Sources(Path("src")))._class_set(cell, "dbpedia50_entities", 7)
    assert err.value.source == str(Path("src") / SOURCE_FILES["dbpedia50_entities"]) and err.value.line == 7
