"""Read every NIF corpus of ``../shared/data`` and check the numbers.

The expected numbers were established INDEPENDENTLY of bengal's reader:

* ``docs``, ``mentions`` and the counts of ``anchor_mismatch``,
  ``missing_context``, ``duplicate_mention`` (checker: ``duplicate_spans``),
  ``iri_offset_mismatch`` and ``conflicting_values`` come from one run of the
  independent checker::

      cd ../shared/data
      python ../tools/corpus_stats.py <every .ttl / .nt.gz below> --no-spacy --examples 1000 --json out.json

  (``documents``, ``mentions_in_documents`` and ``checks.<name>.count``). One
  documented difference: for a phrase node with several ``nif:anchorOf`` values
  the checker compares only the alphabetically first one, bengal every one;
  OKE 2016 task 1 (sample) has one such node (``sentence-17#char=6,15``:
  "Nickerson" = text, "patrician Yankee" != text), so bengal counts 14 anchor
  mismatches where the checker counts 13.
* ``document_uri_clash``, ``relative_iri`` and ``empty_iri`` have no checker
  column; they were established by reading the files: the two
  ``sentence-96#char=0,83`` / ``sentence-96#char=0,206`` contexts of the OKE
  2016 task 1 sample, and the ``itsrdf:taClassRef <>`` at line 46 of the
  DBpedia Spotlight OKE example run (the only relative IRI).
* ``nil_iris`` (``notInWiki`` IRIs read as NIL): ``grep -c notInWiki`` on the
  Turtle files (Reuters-128: 229 ``http://aksw.org/notInWiki/…`` plus one bare
  ``aksw:notInWiki``).
* Besides these literals, the test recounts documents, placed mentions, anchor
  mismatches, missing contexts and same-span pairs with SPARQL over the raw
  graph loaded with rdflib (a different parser; SPARQL ``SUBSTR`` counts code
  points, like NIF).

The three ``task2.ttl`` example files (GERBIL's test resources and the OKE 2015
/ 2016 example data) are malformed Turtle (line 6 lacks the final dot of an
``@prefix``; rdflib and the checker also stop at line 7): they must give an
InputError naming the file and line 7.
"""

from __future__ import annotations

import gzip
from collections import Counter

import pytest
import rdflib
from conftest import SHARED_DATA

from bengal.errors import InputError
from bengal.io import read_corpus

DATA = SHARED_DATA

pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason="../shared (real corpora) is not present")

OKE = "http://www.ontologydesignpatterns.org/data/oke-challenge/"
KORE = "http://www.mpi-inf.mpg.de/yago-naga/aida/download/KORE50.tar.gz/AIDA.tsv/"
NYT_CHOICE = "http://www.nytimes.com/2010/10/11/arts/music/11choice.html?ref=arts"

# path below ../shared/data -> (documents, mentions placed in documents, {warning code: count},
#                                {warning code: a phrase IRI (or the file) that must be named}, nil_iris)
CORPORA = {
    "bengal/bengal_path_100.ttl": (100, 553, {}, {}, 0),
    "bengal/bengal_star_100.ttl": (100, 502, {}, {}, 0),
    "bengal/bengal_sym_100.ttl": (100, 489, {}, {}, 0),
    "nif/eaglet-gerbil_data/datasets/KORE50/kore50-nif.ttl": (
        50, 144,
        {"anchor_mismatch": 5, "iri_offset_mismatch": 1},
        {"anchor_mismatch": KORE + "SPO04#char=0,7", "iri_offset_mismatch": KORE + "POL10#char=0,5"},
        0,
    ),
    "nif/eaglet-gerbil_data/datasets/spotlight/dbpedia-spotlight-nif.ttl": (
        58, 330,
        {"anchor_mismatch": 1, "iri_offset_mismatch": 3, "missing_context": 1},
        {
            "anchor_mismatch": NYT_CHOICE + "#sentence=5,char=69,74",
            "iri_offset_mismatch": NYT_CHOICE + "#sentence=4,char=8,12",
            "missing_context": NYT_CHOICE + "#sentence=1,char=1,8",
        },
        0,
    ),
    "nif/gerbil-test-resources/DBpedia_Spotlight-OKE_2015_Task_1_example_set-w-A2KB.ttl": (
        3, 9,
        {"relative_iri": 1, "empty_iri": 1},
        {
            "relative_iri": "DBpedia_Spotlight-OKE_2015_Task_1_example_set-w-A2KB.ttl",
            "empty_iri": OKE + "task-1/sentence-1#char=132,138",
        },
        0,
    ),
    "nif/gerbil-test-resources/FOX-OKE_2015_Task_1_example_set-w-A2KB.ttl": (3, 9, {}, {}, 0),
    "nif/gerbil-test-resources/NERD_ML-OKE_2015_Task_1_example_set-w-A2KB.ttl": (3, 14, {}, {}, 0),
    "nif/gerbil-test-resources/task1.ttl": (3, 12, {}, {}, 0),
    "nif/gerbil-test-resources/task_rtkb.ttl": (1, 11, {}, {}, 7),
    "nif/gerbil-test-resources/task_rtkb_annotator.ttl": (1, 12, {}, {}, 0),
    "nif/n3-collection/News-100.ttl": (100, 1655, {}, {}, 108),
    "nif/n3-collection/News-100.nt.gz": (100, 1655, {}, {}, 108),
    "nif/n3-collection/RSS-500.ttl": (500, 1000, {}, {}, 476),
    "nif/n3-collection/RSS-500.nt.gz": (500, 1000, {}, {}, 476),
    "nif/n3-collection/Reuters-128.ttl": (128, 880, {}, {}, 230),
    "nif/n3-collection/Reuters-128.nt.gz": (128, 880, {}, {}, 230),
    "nif/oke2015/GoldStandard_sampleData/task1/dataset_task_1.ttl": (
        95, 341, {"anchor_mismatch": 7}, {"anchor_mismatch": OKE + "task-1/sentence-82#char=135,162"}, 0,
    ),
    "nif/oke2015/GoldStandard_sampleData/task2/dataset_task_2.ttl": (99, 300, {}, {}, 0),
    "nif/oke2015/evaluation-data/task1/evaluation-dataset-task1.ttl": (
        101, 664,
        {"anchor_mismatch": 4, "conflicting_values": 1},
        {
            "anchor_mismatch": OKE + "task-1/sentence-99#char=149,158",
            "conflicting_values": OKE + "task-1/sentence-72#char=2,5",
        },
        0,
    ),
    "nif/oke2015/evaluation-data/task2/evaluation-dataset-task2.ttl": (
        99, 305, {"anchor_mismatch": 24}, {"anchor_mismatch": OKE + "task-2/sentence-49#char=34,53"}, 0,
    ),
    "nif/oke2015/example_data/task1.ttl": (3, 12, {}, {}, 0),
    "nif/oke2015/example_data/task3.ttl": (
        2, 6, {"anchor_mismatch": 2}, {"anchor_mismatch": OKE + "task-3/sentence-2#char=54,66"}, 0,
    ),
    "nif/oke2016/GoldStandard_sampleData/task1/dataset_task_1.ttl": (
        196, 1049,
        {
            "anchor_mismatch": 14,  # checker: 13, see the module docstring
            "conflicting_values": 1,
            "document_uri_clash": 2,
            "iri_offset_mismatch": 1,
            "missing_context": 1,
        },
        {
            "anchor_mismatch": OKE + "task-1/sentence-193#char=69,77",
            "conflicting_values": OKE + "task-1/sentence-17#char=6,15",
            "document_uri_clash": OKE + "task-1/sentence-96#char=0,206",
            "iri_offset_mismatch": OKE + "task-1/sentence-177#char=93,101",
            "missing_context": OKE + "task-1/sentence-177#char=93,101",
        },
        0,
    ),
    "nif/oke2016/GoldStandard_sampleData/task2/dataset_task_2.ttl": (
        198, 605, {"anchor_mismatch": 24}, {"anchor_mismatch": OKE + "task-2/sentence-148#char=28,53"}, 0,
    ),
    "nif/oke2016/evaluation-data/task1/evaluation-dataset-task1.ttl": (
        55, 340, {"anchor_mismatch": 1}, {"anchor_mismatch": OKE + "task-1/sentence-20#char=0,5"}, 0,
    ),
    "nif/oke2016/evaluation-data/task2/evaluation-dataset-task2.ttl": (
        50, 146, {"iri_offset_mismatch": 7}, {"iri_offset_mismatch": OKE + "task-2/sentence-3#char=110,131"}, 0,
    ),
    "nif/oke2016/example_data/task1.ttl": (3, 12, {}, {}, 0),
}

MALFORMED = [
    "nif/gerbil-test-resources/task2.ttl",
    "nif/oke2015/example_data/task2.ttl",
    "nif/oke2016/example_data/task2.ttl",
]

# Not corpora: the N3 collection's DataID description.
NOT_CORPORA = {"nif/n3-collection/dataid.ttl"}


def test_every_nif_file_is_covered():
    """No NIF file under ../shared/data is left out of the table (new files must be added)."""
    found = {
        p.relative_to(DATA).as_posix()
        for pattern in ("nif/**/*.ttl", "nif/**/*.nt", "nif/**/*.nt.gz", "bengal/bengal_*.ttl")
        for p in DATA.glob(pattern)
    }
    assert found == set(CORPORA) | set(MALFORMED) | NOT_CORPORA


@pytest.mark.parametrize("rel", sorted(CORPORA))
def test_counts_and_warnings(rel):
    docs, mentions, warnings, named, nil_iris = CORPORA[rel]
    corpus = read_corpus(DATA / rel)
    assert len(corpus) == docs
    assert corpus.mention_count == mentions
    assert dict(Counter(w.code for w in corpus.warnings)) == warnings
    for code, where in named.items():
        wheres = [w.where for w in corpus.warnings if w.code == code]
        assert any(w == where or w.endswith("/" + where) for w in wheres), (code, where, wheres)
    assert corpus.metadata["nil_iris"] == nil_iris
    # never a duplicate mention in these corpora (checker: duplicate_spans = 0 everywhere)
    assert "duplicate_mention" not in warnings


@pytest.mark.parametrize("rel", sorted(r for r, row in CORPORA.items() if row[2]))
def test_strict_mode_rejects_flawed_corpora(rel):
    with pytest.raises(InputError) as err:
        read_corpus(DATA / rel, strict=True)
    assert rel.rsplit("/", 1)[-1] in str(err.value)
    assert any(code in str(err.value) for code in CORPORA[rel][2])


@pytest.mark.parametrize("rel", ["bengal/bengal_sym_100.ttl", "nif/n3-collection/RSS-500.ttl"])
def test_strict_mode_accepts_clean_corpora(rel):
    assert len(read_corpus(DATA / rel, strict=True)) == CORPORA[rel][0]


@pytest.mark.parametrize("rel", MALFORMED)
def test_malformed_example_files(rel):
    with pytest.raises(InputError) as err:
        read_corpus(DATA / rel)
    assert err.value.line == 7
    assert str(DATA / rel) in str(err.value)
    assert ":7:" in str(err.value)


@pytest.mark.parametrize("stem", ["News-100", "RSS-500", "Reuters-128"])
def test_turtle_and_ntriples_twins_agree(stem):
    ttl = read_corpus(DATA / "nif/n3-collection" / f"{stem}.ttl")
    nt = read_corpus(DATA / "nif/n3-collection" / f"{stem}.nt.gz")
    assert nt.metadata["format"] == "nt"
    assert ttl.by_uri() == nt.by_uri()


def test_kore50_offsets_are_the_truth():
    """KORE50 counts offsets in NFD (u + combining diaeresis) but writes NFC text:
    the mention keeps the offsets, its surface comes from the text."""
    corpus = read_corpus(DATA / "nif/eaglet-gerbil_data/datasets/KORE50/kore50-nif.ttl")
    doc = corpus.by_uri()[KORE + "SPO04"]
    first = doc.mentions[0]
    assert (first.begin, first.end) == (0, 7)
    assert first.surface == doc.text[0:7]
    assert first.surface != "Müller"


def test_spotlight_sentences_are_documents():
    corpus = read_corpus(DATA / "nif/eaglet-gerbil_data/datasets/spotlight/dbpedia-spotlight-nif.ttl")
    uris = set(corpus.by_uri())
    assert NYT_CHOICE + "#sentence=5" in uris
    assert corpus.metadata["contexts_without_text"] == 10


def test_several_types_are_kept():
    """The FOX OKE example run gives each mention three classes."""
    corpus = read_corpus(DATA / "nif/gerbil-test-resources/FOX-OKE_2015_Task_1_example_set-w-A2KB.ttl")
    types = [m.type for d in corpus for m in d.mentions]
    assert all(t is not None and len(t.split()) == 3 for t in types)


def test_several_uris_are_one_mention():
    """OKE 2015 evaluation task 1: sentence-72#char=2,5 carries two taIdentRef
    (oke:Man_4, oke:His_4 with oke: = …/task-1/sentence-): one mention with both URIs, not two mentions."""
    corpus = read_corpus(DATA / "nif/oke2015/evaluation-data/task1/evaluation-dataset-task1.ttl")
    doc = corpus.by_uri()[OKE + "task-1/sentence-72"]
    at = [m for m in doc.mentions if m.span == (2, 5)]
    assert len(at) == 1
    assert at[0].uris == {OKE + "task-1/sentence-Man_4", OKE + "task-1/sentence-His_4"}


# --------------------------------------------------------------------------- independent recount



NS = {"nif": rdflib.Namespace("http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#")}
Q_DOCS = "SELECT (COUNT(DISTINCT ?c) AS ?n) WHERE { ?c nif:isString ?t }"
Q_PLACED = """SELECT (COUNT(*) AS ?n) WHERE { SELECT DISTINCT ?p ?c WHERE {
    ?p nif:referenceContext ?c . ?c nif:isString ?t . FILTER NOT EXISTS { ?p nif:isString ?x } } }"""
Q_ANCHOR = """SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE {
    ?p nif:referenceContext ?c ; nif:anchorOf ?a ; nif:beginIndex ?b ; nif:endIndex ?e .
    ?c nif:isString ?t .
    FILTER (STR(?a) != SUBSTR(STR(?t), xsd:integer(?b) + 1, xsd:integer(?e) - xsd:integer(?b))) }"""
Q_MISSING = """SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE {
    { ?p nif:referenceContext ?c . FILTER NOT EXISTS { ?c nif:isString ?t } }
    UNION { ?p nif:anchorOf ?a . FILTER NOT EXISTS { ?p nif:referenceContext ?c2 } } }"""
Q_SAME_SPAN = """SELECT (COUNT(*) AS ?n) WHERE { SELECT ?c ?bi ?ei WHERE {
    ?p nif:referenceContext ?c ; nif:beginIndex ?b ; nif:endIndex ?e .
    BIND (xsd:integer(?b) AS ?bi) BIND (xsd:integer(?e) AS ?ei) }
    GROUP BY ?c ?bi ?ei HAVING (COUNT(DISTINCT ?p) > 1) }"""


def _count(graph, query):
    return int(next(iter(graph.query(query, initNs={**NS, "xsd": rdflib.XSD})))[0])


# every Turtle file, and one N-Triples twin (the other twins are compared with their Turtle file above)
RECOUNTED = sorted(r for r in CORPORA if r.endswith(".ttl")) + ["nif/n3-collection/Reuters-128.nt.gz"]


@pytest.mark.parametrize("rel", RECOUNTED)
def test_literals_match_a_sparql_recount(rel):
    graph = rdflib.Graph()
    path = DATA / rel
    if rel.endswith(".nt.gz"):
        with gzip.open(path, "rb") as fh:
            graph.parse(file=fh, format="nt")
    else:
        graph.parse(path, format="turtle")
    docs, mentions, warnings, _named, _nil = CORPORA[rel]
    assert _count(graph, Q_DOCS) == docs
    assert _count(graph, Q_PLACED) == mentions
    assert _count(graph, Q_ANCHOR) == warnings.get("anchor_mismatch", 0)
    assert _count(graph, Q_MISSING) == warnings.get("missing_context", 0)
    assert _count(graph, Q_SAME_SPAN) == 0
