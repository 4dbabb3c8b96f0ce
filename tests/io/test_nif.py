"""NIF (Turtle and N-Triples) read / write, format detection, atomic writes.

Expected values are written out by hand (offsets counted in the comments),
never copied from the code's output; the written NIF is also checked with
rdflib, a parser independent of the one bengal reads with.
"""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import pytest
import rdflib
from conftest import TEST_DATA

from bengal.atomic import atomic_write
from bengal.errors import InputError, UsageError
from bengal.io import detect_format, read_corpus, read_nif, write_corpus, write_nif
from bengal.io.nif import NIL_NAMESPACE, TYPE_NAMESPACE, document_uri
from bengal.model import Corpus, CorpusWarning, Document, Mention

DATA = TEST_DATA / "io"

NIF = rdflib.Namespace("http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#")
ITSRDF = rdflib.Namespace("http://www.w3.org/2005/11/its/rdf#")
DBR = "http://dbpedia.org/resource/"
PREFIXES = (
    "@prefix nif: <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#> .\n"
    "@prefix itsrdf: <http://www.w3.org/2005/11/its/rdf#> .\n"
    "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
)

# "X claps 👏 Berlin": X=0, ' '=1, claps=2..6, ' '=7, 👏=8 (one code point, two UTF-16
# units), ' '=9, Berlin=10..15 -> [10,16) in code points ([11,17) in UTF-16 units).
EMOJI_TEXT = "X claps 👏 Berlin"
# 'He said "Hi" \ to\nBonn.': H0 e1 ' '2 s3 a4 i5 d6 ' '7 "8 H9 i10 "11 ' '12 \13 ' '14
# t15 o16 \n17 B18 o19 n20 n21 .22 -> "Hi" with its quotes [8,12), Bonn [18,22)
TRICKY_TEXT = 'He said "Hi" \\ to\nBonn.'


def sample_corpus() -> Corpus:
    emoji = Document(
        "http://example.org/doc,with,commas",
        EMOJI_TEXT,
        (
            Mention(0, 1, "X", frozenset(), "PER", None),  # NIL, non-IRI type
            Mention(
                10, 16, "Berlin",
                frozenset({DBR + "Berlin", "http://de.dbpedia.org/resource/Berlin"}),  # one mention, two URIs
                "http://dbpedia.org/ontology/City",
                0.25,
            ),
            # same span, other URI (with a comma), other type: must stay a separate mention
            Mention(10, 16, "Berlin", frozenset({"http://example.org/entity/Berlin,_Germany"}), "LOC", None),
            Mention(2, 7, "claps", frozenset(), None, 1e-05),
        ),
    )
    tricky = Document(
        "http://example.org/tricky",
        TRICKY_TEXT,
        (
            Mention(8, 12, '"Hi"', frozenset(), None, None),
            Mention(18, 22, "Bonn", frozenset({DBR + "Bonn"}), "http://a.org/T1 http://a.org/T2", None),
        ),
    )
    fragment = Document(
        "http://example.org/a.html#sentence=5",  # a document URI that has a fragment already
        "Paris.",
        (Mention(0, 5, "Paris", frozenset({DBR + "Paris"})),),
    )
    return Corpus((emoji, tricky, fragment), name="sample")


# --------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("suffix", [".ttl", ".nt", ".ttl.gz", ".nt.gz"])
def test_round_trip(tmp_path, suffix):
    corpus = sample_corpus()
    path = tmp_path / f"out{suffix}"
    write_corpus(corpus, path)
    back = read_corpus(path)
    assert back.documents == corpus.documents
    assert back.warnings == ()
    assert back.metadata["format"] == ("nt" if ".nt" in suffix else "nif")


def test_round_trip_through_streams():
    import io

    corpus = sample_corpus()
    for syntax in ("turtle", "ntriples"):
        buf = io.StringIO()
        write_nif(corpus, buf, syntax=syntax)
        back = read_nif(buf.getvalue().encode("utf-8"), syntax=syntax, name="x")
        assert back.documents == corpus.documents
        assert back.name == "x"


def test_code_point_offsets(tmp_path):
    assert len("👏") == 1 and len("👏".encode("utf-16-le")) // 2 == 2
    berlin = Mention.in_text(EMOJI_TEXT, 10, 16, {DBR + "Berlin"})
    corpus = Corpus((Document("http://ex.org/e", EMOJI_TEXT, (berlin,)),))
    write_corpus(corpus, tmp_path / "e.ttl")
    graph = rdflib.Graph().parse(tmp_path / "e.ttl", format="turtle")
    phrase = rdflib.URIRef("http://ex.org/e#char=10,16")
    assert graph.value(phrase, NIF.beginIndex).toPython() == 10
    assert graph.value(phrase, NIF.endIndex).toPython() == 16
    assert str(graph.value(phrase, NIF.anchorOf)) == "Berlin"
    context = rdflib.URIRef("http://ex.org/e#char=0,16")
    assert str(graph.value(context, NIF.isString)) == EMOJI_TEXT
    assert read_corpus(tmp_path / "e.ttl").documents[0].mentions[0].span == (10, 16)


@pytest.mark.parametrize("fmt,parser", [("nif", "turtle"), ("nt", "nt")])
def test_output_is_gerbil_layout_for_an_independent_parser(tmp_path, fmt, parser):
    path = tmp_path / "out.any"
    write_corpus(sample_corpus(), path, format=fmt)
    graph = rdflib.Graph().parse(path, format=parser)

    ctx = rdflib.URIRef("http://example.org/doc,with,commas#char=0,16")
    assert set(graph.objects(ctx, rdflib.RDF.type)) == {NIF.String, NIF.Context, NIF.RFC5147String}
    assert str(graph.value(ctx, NIF.isString)) == EMOJI_TEXT
    begin = graph.value(ctx, NIF.beginIndex)
    assert (begin.toPython(), begin.datatype) == (0, rdflib.XSD.nonNegativeInteger)
    assert graph.value(ctx, NIF.endIndex).toPython() == 16

    # the tricky text survives escaping
    assert str(graph.value(rdflib.URIRef("http://example.org/tricky#char=0,23"), NIF.isString)) == TRICKY_TEXT
    # a document URI with a fragment: ",char=" is appended, Spotlight style
    assert (rdflib.URIRef("http://example.org/a.html#sentence=5,char=0,6"), NIF.isString, None) in graph

    # one node per mention: 4 + 2 + 1 phrases, none merged (two share the span [10,16))
    phrases = set(graph.subjects(rdflib.RDF.type, NIF.Phrase))
    assert len(phrases) == 7
    berlin = [p for p in phrases if graph.value(p, NIF.beginIndex).toPython() == 10]
    assert len(berlin) == 2
    by_uris = {frozenset(str(u) for u in graph.objects(p, ITSRDF.taIdentRef)): p for p in berlin}
    first = by_uris[frozenset({DBR + "Berlin", "http://de.dbpedia.org/resource/Berlin"})]
    other = by_uris[frozenset({"http://example.org/entity/Berlin,_Germany"})]
    assert graph.value(first, ITSRDF.taClassRef) == rdflib.URIRef("http://dbpedia.org/ontology/City")
    conf = graph.value(first, ITSRDF.taConfidence)
    assert (conf.toPython(), conf.datatype) == (0.25, rdflib.XSD.double)
    assert graph.value(other, ITSRDF.taClassRef) == rdflib.URIRef(TYPE_NAMESPACE + "LOC")
    assert graph.value(other, NIF.referenceContext) == ctx

    # NIL is GERBIL's emerging-entity IRI
    x = rdflib.URIRef("http://example.org/doc,with,commas#char=0,1")
    assert graph.value(x, ITSRDF.taIdentRef) == rdflib.URIRef(NIL_NAMESPACE + "X")
    hi = rdflib.URIRef("http://example.org/tricky#char=8,12")
    assert graph.value(hi, ITSRDF.taIdentRef) == rdflib.URIRef(NIL_NAMESPACE + "%22Hi%22")
    assert str(graph.value(hi, NIF.anchorOf)) == '"Hi"'
    # several IRI types -> several taClassRef
    bonn = rdflib.URIRef("http://example.org/tricky#char=18,22")
    assert set(graph.objects(bonn, ITSRDF.taClassRef)) == {rdflib.URIRef("http://a.org/T1"), rdflib.URIRef("http://a.org/T2")}


def test_turtle_text(tmp_path):
    """The exact Turtle of a one-mention document (written out by hand)."""
    text = 'Tom "T" met\nAnn.'
    corpus = Corpus((Document("http://ex.org/d1", text, (Mention(0, 3, "Tom", frozenset({DBR + "Tom"}), None, 0.5),)),))
    write_corpus(corpus, tmp_path / "d.ttl")
    expected = (
        PREFIXES
        + "\n<http://ex.org/d1#char=0,16>\n"
        "    a nif:String, nif:Context, nif:RFC5147String ;\n"
        '    nif:isString "Tom \\"T\\" met\\nAnn." ;\n'
        '    nif:beginIndex "0"^^xsd:nonNegativeInteger ;\n'
        '    nif:endIndex "16"^^xsd:nonNegativeInteger .\n'
        "\n<http://ex.org/d1#char=0,3>\n"
        "    a nif:String, nif:Phrase, nif:RFC5147String ;\n"
        '    nif:anchorOf "Tom" ;\n'
        '    nif:beginIndex "0"^^xsd:nonNegativeInteger ;\n'
        '    nif:endIndex "3"^^xsd:nonNegativeInteger ;\n'
        "    nif:referenceContext <http://ex.org/d1#char=0,16> ;\n"
        "    itsrdf:taIdentRef <http://dbpedia.org/resource/Tom> ;\n"
        '    itsrdf:taConfidence "0.5"^^xsd:double .\n'
    )
    assert (tmp_path / "d.ttl").read_text(encoding="utf-8") == expected


@pytest.mark.parametrize("name", ["c.ttl", "c.nt", "c.ttl.gz", "c.jsonl.gz"])
def test_deterministic_bytes(tmp_path, name):
    corpus = sample_corpus()
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    write_corpus(corpus, tmp_path / "a" / name)
    # same corpus, documents given in the same order, mentions in another order
    shuffled = Corpus(tuple(Document(d.uri, d.text, tuple(reversed(d.mentions))) for d in corpus.documents))
    write_corpus(shuffled, tmp_path / "b" / name)
    assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_nil_round_trip_and_keep_nil_iris(tmp_path):
    text = "Jo Bloggs"
    corpus = Corpus((Document("http://ex.org/n", text, (Mention.in_text(text, 0, 9),)),))
    write_corpus(corpus, tmp_path / "n.ttl")
    back = read_corpus(tmp_path / "n.ttl")
    assert back.documents[0].mentions[0].is_nil
    assert back.metadata["nil_iris"] == 1
    kept = read_nif(tmp_path / "n.ttl", keep_nil_iris=True)
    assert kept.documents[0].mentions[0].uris == {NIL_NAMESPACE + "Jo_Bloggs"}


def test_document_uri():
    assert document_uri("http://ex.org/doc1#char=0,12") == "http://ex.org/doc1"
    assert document_uri("http://ex.org/AIDA.tsv/CEL01#char=0,") == "http://ex.org/AIDA.tsv/CEL01"  # KORE50
    assert document_uri("http://ex.org/a.html?x=1#sentence=5") == "http://ex.org/a.html?x=1#sentence=5"  # Spotlight
    assert document_uri("http://ex.org/a.html#sentence=5,char=0,40") == "http://ex.org/a.html#sentence=5"
    assert document_uri("http://ex.org/plain") == "http://ex.org/plain"
    assert document_uri("http://ex.org/d#char=0,5,char=0,9") == "http://ex.org/d#char=0,5"


# --------------------------------------------------------------------------- warnings

FLAW_WARNINGS = {
    ("iri_offset_mismatch", "http://ex.org/a#char=14,16"),
    ("anchor_mismatch", "http://ex.org/a#char=18,23"),
    ("anchor_mismatch", "http://ex.org/a#char=24,26"),
    ("conflicting_values", "http://ex.org/a#char=24,26"),
    ("duplicate_mention", "http://ex.org/a#berlin-again"),
    ("missing_context", "http://ex.org/orphan"),
    ("missing_context", "http://ex.org/b#char=0,5"),
    ("unplaced_annotation", "http://ex.org/topic-1"),
}


def test_flaws_are_counted_warnings():
    corpus = read_corpus(DATA / "flaws.ttl")
    assert len(corpus.warnings) == len(FLAW_WARNINGS)
    assert {(w.code, w.where) for w in corpus.warnings} == FLAW_WARNINGS
    assert all(isinstance(w, CorpusWarning) and w.message for w in corpus.warnings)
    assert [d.uri for d in corpus] == ["http://ex.org/a", "http://ex.org/c"]

    a, c = corpus.documents
    assert a.text == "Angela Merkel met Obama in Berlin."
    spans = [(m.begin, m.end) for m in a.mentions]
    assert spans == [(0, 13), (14, 17), (18, 23), (24, 26), (27, 33), (27, 33), (27, 33)]
    merkel, met, obama, in_, *berlins = a.mentions
    assert merkel.uris == {DBR + "Angela_Merkel", "http://de.dbpedia.org/resource/Angela_Merkel"}
    assert met.surface == "met" and met.is_nil and met.type is None
    assert obama.surface == "Obama" and obama.score == 0.75  # the surface is the text's, not the anchor
    assert in_.surface == "in" and in_.uris == {"http://ex.org/In_1", "http://ex.org/In_2"}
    assert sorted(tuple(sorted(m.uris)) for m in berlins) == [
        (DBR + "Berlin",), (DBR + "Berlin",), (DBR + "Berlin_(state)",)
    ]
    assert {m.type for m in berlins} == {None, "http://dbpedia.org/ontology/City"}

    jon, works = c.mentions
    assert (jon.surface, jon.is_nil) == ("Jon Doe", True)
    assert jon.type == "http://dbpedia.org/ontology/Person http://xmlns.com/foaf/0.1/Person"
    assert (works.surface, works.is_nil) == ("works", True)

    assert corpus.metadata["nil_iris"] == 1
    assert corpus.metadata["contexts_without_text"] == 1
    assert corpus.metadata["languages"] == ["en"]
    assert corpus.name == "flaws"


def test_flaws_survive_a_write(tmp_path):
    """What was read (offsets kept, surfaces from the text) writes and reads back the same;
    only the duplicate is reported again."""
    corpus = read_corpus(DATA / "flaws.ttl")
    write_corpus(corpus, tmp_path / "again.ttl")
    back = read_corpus(tmp_path / "again.ttl")
    assert back.documents == corpus.documents
    assert [w.code for w in back.warnings] == ["duplicate_mention"]


def nif_file(tmp_path: Path, body: str, name: str = "t.ttl") -> Path:
    path = tmp_path / name
    path.write_text(PREFIXES + body, encoding="utf-8")
    return path


CTX = '<http://ex.org/d#char=0,11> a nif:Context ; nif:isString "Hello world" .\n'
ONE_FLAW = {
    "anchor_mismatch": (
        '<http://ex.org/d#char=0,5> nif:referenceContext <http://ex.org/d#char=0,11> ;'
        ' nif:anchorOf "Hallo" ; nif:beginIndex 0 ; nif:endIndex 5 .\n',
        "http://ex.org/d#char=0,5",
    ),
    "missing_context": (
        '<http://ex.org/d#char=0,5> nif:referenceContext <http://ex.org/nowhere> ;'
        ' nif:beginIndex 0 ; nif:endIndex 5 .\n',
        "http://ex.org/d#char=0,5",
    ),
    "duplicate_mention": (
        '<http://ex.org/d#char=6,11> nif:referenceContext <http://ex.org/d#char=0,11> ;'
        ' nif:beginIndex 6 ; nif:endIndex 11 ; itsrdf:taIdentRef <http://ex.org/World> .\n'
        '<http://ex.org/d#w2> nif:referenceContext <http://ex.org/d#char=0,11> ;'
        ' nif:beginIndex 6 ; nif:endIndex 11 ; itsrdf:taIdentRef <http://ex.org/World> .\n',
        "http://ex.org/d#w2",
    ),
    "iri_offset_mismatch": (
        '<http://ex.org/d#char=0,4> nif:referenceContext <http://ex.org/d#char=0,11> ;'
        ' nif:beginIndex 0 ; nif:endIndex 5 .\n',
        "http://ex.org/d#char=0,4",
    ),
    "conflicting_values": (
        '<http://ex.org/d#char=0,5> nif:referenceContext <http://ex.org/d#char=0,11> ;'
        ' nif:beginIndex 0 ; nif:endIndex 5 ; itsrdf:taConfidence 0.5, 0.7 .\n',
        "http://ex.org/d#char=0,5",
    ),
    "empty_iri": (
        '<http://ex.org/d#char=0,5> nif:referenceContext <http://ex.org/d#char=0,11> ;'
        ' nif:beginIndex 0 ; nif:endIndex 5 ; itsrdf:taClassRef <> .\n',
        "http://ex.org/d#char=0,5",
    ),
    "malformed_uri": (
        '<http://ex.org/d#char=0,5> nif:referenceContext <http://ex.org/d#char=0,11> ;'
        ' nif:beginIndex 0 ; nif:endIndex 5 ; itsrdf:taIdentRef "http://ex.org/Hello" .\n',
        "http://ex.org/d#char=0,5",
    ),
    "unplaced_annotation": ("<http://ex.org/t> itsrdf:taIdentRef <http://ex.org/Hello> .\n", "http://ex.org/t"),
}


@pytest.mark.parametrize("code", sorted(ONE_FLAW))
def test_each_warning_and_strict_mode(tmp_path, code):
    body, where = ONE_FLAW[code]
    path = nif_file(tmp_path, CTX + body)
    corpus = read_corpus(path)
    found = [(w.code, w.where) for w in corpus.warnings]
    if code == "empty_iri":  # <> is a relative IRI: the file is read again against a base
        assert found == [("relative_iri", str(path)), (code, where)]
    else:
        assert found == [(code, where)]
    with pytest.raises(InputError) as err:
        read_corpus(path, strict=True)
    message = str(err.value)
    assert str(path) in message
    assert ("relative_iri" if code == "empty_iri" else code) in message
    if code != "empty_iri":
        assert where in message


def test_warning_details(tmp_path):
    corpus = read_corpus(nif_file(tmp_path, CTX + ONE_FLAW["conflicting_values"][0]))
    assert corpus.documents[0].mentions[0].score == 0.7  # the highest of the two
    corpus = read_corpus(nif_file(tmp_path, CTX + ONE_FLAW["malformed_uri"][0]))
    assert corpus.documents[0].mentions[0].uris == {"http://ex.org/Hello"}
    corpus = read_corpus(nif_file(tmp_path, CTX + ONE_FLAW["empty_iri"][0]))
    assert corpus.documents[0].mentions[0].type is None
    corpus = read_corpus(nif_file(tmp_path, CTX + ONE_FLAW["missing_context"][0]))
    assert corpus.mention_count == 0
    corpus = read_corpus(nif_file(tmp_path, CTX + ONE_FLAW["anchor_mismatch"][0]))
    assert corpus.documents[0].mentions[0].surface == "Hello"


def test_document_uri_clash(tmp_path):
    body = (
        '<http://ex.org/s#char=0,3> nif:isString "abc" .\n'
        '<http://ex.org/s#char=0,4> nif:isString "abcd" .\n'
    )
    corpus = read_corpus(nif_file(tmp_path, body))
    assert [d.uri for d in corpus] == ["http://ex.org/s#char=0,3", "http://ex.org/s#char=0,4"]
    assert [(w.code, w.where) for w in corpus.warnings] == [
        ("document_uri_clash", "http://ex.org/s#char=0,3"),
        ("document_uri_clash", "http://ex.org/s#char=0,4"),
    ]


# --------------------------------------------------------------------------- hard errors


def test_malformed_turtle_names_file_line_and_column(tmp_path):
    body = (  # PREFIXES are lines 1-3
        "\n"  # 4
        '<http://ex.org/d#char=0,3> nif:isString "abc" .\n'  # 5
        '<http://ex.org/d#char=0,1> nif:beginIndex 0 ;\n'  # 6
        "    nif:endIndex 1 ,, .\n"  # 7: a stray comma
    )
    path = nif_file(tmp_path, body)
    with pytest.raises(InputError) as err:
        read_corpus(path)
    assert err.value.line == 7
    assert err.value.column is not None
    assert str(err.value).startswith(f"{path}:7:")
    assert "malformed Turtle" in str(err.value)


def test_malformed_ntriples_names_the_line(tmp_path):
    path = tmp_path / "bad.nt"
    path.write_text(
        '<http://ex.org/d#char=0,3> <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#isString> "abc" .\n'
        '<http://ex.org/d#char=0,1> nif:beginIndex "0" .\n'  # no prefixed names in N-Triples
        '<http://ex.org/d#char=0,1> <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#endIndex> "1" .\n',
        encoding="utf-8",
    )
    with pytest.raises(InputError) as err:
        read_corpus(path)
    assert err.value.line == 2
    assert f"{path}:2:" in str(err.value)
    assert "malformed N-Triples" in str(err.value)


HARD = {
    "outside": (
        '<http://ex.org/d#char=6,12> nif:referenceContext <http://ex.org/d#char=0,11> ;'
        ' nif:beginIndex 6 ; nif:endIndex 12 .\n',
        ["http://ex.org/d#char=6,12", "outside", "11 code points"],
    ),
    "missing end": (
        '<http://ex.org/d#char=0,5> nif:referenceContext <http://ex.org/d#char=0,11> ; nif:beginIndex 0 .\n',
        ["http://ex.org/d#char=0,5", "no nif:endIndex"],
    ),
    "missing begin": (
        '<http://ex.org/d#char=0,5> nif:referenceContext <http://ex.org/d#char=0,11> ; nif:endIndex 5 .\n',
        ["http://ex.org/d#char=0,5", "no nif:beginIndex"],
    ),
    "non-integer": (
        '<http://ex.org/d#char=0,5> nif:referenceContext <http://ex.org/d#char=0,11> ;'
        ' nif:beginIndex "zero" ; nif:endIndex 5 .\n',
        ["http://ex.org/d#char=0,5", "nif:beginIndex", "'zero'", "not a non-negative integer"],
    ),
    "decimal": (
        '<http://ex.org/d#char=0,5> nif:referenceContext <http://ex.org/d#char=0,11> ;'
        ' nif:beginIndex 0 ; nif:endIndex 5.5 .\n',
        ["http://ex.org/d#char=0,5", "nif:endIndex", "5.5"],
    ),
    "negative": (
        '<http://ex.org/d#char=0,5> nif:referenceContext <http://ex.org/d#char=0,11> ;'
        ' nif:beginIndex -1 ; nif:endIndex 5 .\n',
        ["http://ex.org/d#char=0,5", "nif:beginIndex", "-1"],
    ),
    "begin >= end": (
        '<http://ex.org/d#char=5,5> nif:referenceContext <http://ex.org/d#char=0,11> ;'
        ' nif:beginIndex 5 ; nif:endIndex 5 .\n',
        ["http://ex.org/d#char=5,5", "begin 5 >= end 5"],
    ),
    "two begins": (
        '<http://ex.org/d#char=0,5> nif:referenceContext <http://ex.org/d#char=0,11> ;'
        ' nif:beginIndex 0, 1 ; nif:endIndex 5 .\n',
        ["http://ex.org/d#char=0,5", "several different nif:beginIndex"],
    ),
    "context without text": (
        '<http://ex.org/e#char=0,5> a nif:Context .\n'
        '<http://ex.org/e#char=0,2> nif:referenceContext <http://ex.org/e#char=0,5> ;'
        ' nif:beginIndex 0 ; nif:endIndex 2 .\n',
        ["http://ex.org/e#char=0,2", "http://ex.org/e#char=0,5", "without nif:isString"],
    ),
    "two texts": (
        '<http://ex.org/d#char=0,11> nif:isString "Hello World" .\n',
        ["http://ex.org/d#char=0,11", "2 different nif:isString"],
    ),
    "bad score": (
        '<http://ex.org/d#char=0,5> nif:referenceContext <http://ex.org/d#char=0,11> ;'
        ' nif:beginIndex 0 ; nif:endIndex 5 ; itsrdf:taConfidence "high" .\n',
        ["http://ex.org/d#char=0,5", "taConfidence", "not a number"],
    ),
}


@pytest.mark.parametrize("case", sorted(HARD))
def test_hard_errors_name_file_and_phrase(tmp_path, case):
    body, needles = HARD[case]
    path = nif_file(tmp_path, CTX + body)
    with pytest.raises(InputError) as err:
        read_corpus(path)
    message = str(err.value)
    assert message.startswith(f"{path}: ")
    for needle in needles:
        assert needle in message


def test_missing_file():
    with pytest.raises(InputError) as err:
        read_corpus("/nonexistent/x.ttl")
    assert "/nonexistent/x.ttl" in str(err.value)


# --------------------------------------------------------------------------- formats


def test_unknown_format(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("Just some text.\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        read_corpus(path)
    assert str(path) in str(err.value)
    with pytest.raises(InputError):
        read_corpus(path, format="xml")
    with pytest.raises(UsageError):
        write_corpus(sample_corpus(), tmp_path / "out.xml")
    with pytest.raises(UsageError):
        write_corpus(sample_corpus(), tmp_path / "out.ttl", format="rdfxml")
    assert not (tmp_path / "out.xml").exists()


def test_detection_by_extension_and_content(tmp_path):
    corpus = sample_corpus()
    for fmt, name in [("nif", "x.ttl"), ("nt", "x.nt"), ("jsonl", "x.jsonl"), ("nif", "x.ttl.gz")]:
        write_corpus(corpus, tmp_path / name)
        assert detect_format(tmp_path / name) == fmt
    # no telling extension: the content decides (N-Triples is read as Turtle)
    for src, expected in [("x.ttl", "nif"), ("x.nt", "nif"), ("x.jsonl", "jsonl"), ("x.ttl.gz", "nif")]:
        blind = tmp_path / (src.replace(".", "_") + ".data")
        blind.write_bytes((tmp_path / src).read_bytes())
        assert detect_format(blind) == expected
        assert read_corpus(blind).documents == corpus.documents
    # explicit format wins over the extension
    os.replace(tmp_path / "x.nt", tmp_path / "nt_as.txt")
    assert read_corpus(tmp_path / "nt_as.txt", format="nt").documents == corpus.documents


def test_write_rejects_uris_nif_cannot_carry(tmp_path):
    bad_doc = Corpus((Document("doc-1", "abc"),))
    with pytest.raises(InputError, match="doc-1"):
        write_corpus(bad_doc, tmp_path / "x.ttl")
    bad_uri = Corpus((Document("http://ex.org/d", "abc", (Mention.in_text("abc", 0, 3, {"Q42"}),)),))
    with pytest.raises(InputError, match="Q42"):
        write_corpus(bad_uri, tmp_path / "x.ttl")
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------- atomic writes


@pytest.mark.parametrize("name", ["out.ttl", "out.nt", "out.ttl.gz"])
def test_failed_write_leaves_nothing(tmp_path, name):
    good = Document("http://ex.org/good", "fine text " * 1000, ())
    bad = Document("not-an-iri", "x")  # fails after the first document was written
    corpus = Corpus((good, bad))
    with pytest.raises(InputError):
        write_corpus(corpus, tmp_path / name)
    assert list(tmp_path.iterdir()) == []


def test_failed_write_keeps_the_old_file(tmp_path):
    target = tmp_path / "out.ttl"
    write_corpus(sample_corpus(), target)
    before = target.read_bytes()
    with pytest.raises(InputError):
        write_corpus(Corpus((Document("http://ex.org/ok", "a"), Document("bad", "b"))), target)
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.ttl"]


def test_atomic_write(tmp_path):
    target = tmp_path / "manifest.json"
    with atomic_write(target) as fh:
        fh.write("{}\n")
        assert not target.exists()  # nothing visible before the end
    assert target.read_text() == "{}\n"
    with pytest.raises(RuntimeError):
        with atomic_write(target) as fh:
            fh.write("partial")
            raise RuntimeError("boom")
    assert target.read_text() == "{}\n"
    with atomic_write(tmp_path / "b.bin", "wb") as fh:
        fh.write(b"\x00\x01")
    assert (tmp_path / "b.bin").read_bytes() == b"\x00\x01"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.bin", "manifest.json"]
    with pytest.raises(ValueError):
        with atomic_write(tmp_path / "c", "a"):
            pass


def test_gzip_output_is_gzip(tmp_path):
    write_corpus(sample_corpus(), tmp_path / "c.nt.gz")
    with gzip.open(tmp_path / "c.nt.gz", "rt", encoding="utf-8") as fh:
        first = fh.readline()
    assert first.startswith("<http://example.org/doc,with,commas#char=0,16> ")


def test_whole_text_mention(tmp_path):
    """A mention of the whole text would share DOC#char=0,N with the context node."""
    doc = Document("http://ex.org/w", "Berlin", (Mention.in_text("Berlin", 0, 6, {DBR + "Berlin"}),))
    write_corpus(Corpus((doc,)), tmp_path / "w.ttl")
    graph = rdflib.Graph().parse(tmp_path / "w.ttl", format="turtle")
    assert (rdflib.URIRef("http://ex.org/w#char=0,6;n=2"), NIF.referenceContext,
            rdflib.URIRef("http://ex.org/w#char=0,6")) in graph
    assert read_corpus(tmp_path / "w.ttl").documents == (doc,)


def test_context_that_is_also_a_phrase(tmp_path):
    """GERBIL's writer gives a whole-text mention the context's own IRI: one node, both roles."""
    body = (
        '<http://ex.org/g#char=0,6> a nif:Context, nif:Phrase ; nif:isString "Berlin" ;'
        " nif:beginIndex 0 ; nif:endIndex 6 ; nif:referenceContext <http://ex.org/g#char=0,6> ;"
        " itsrdf:taIdentRef <http://dbpedia.org/resource/Berlin> .\n"
    )
    corpus = read_corpus(nif_file(tmp_path, body))
    assert corpus.documents == (
        Document("http://ex.org/g", "Berlin", (Mention(0, 6, "Berlin", frozenset({DBR + "Berlin"})),)),
    )


def test_bare_notinwiki_is_nil(tmp_path):
    body = (
        CTX + '<http://ex.org/d#char=0,5> nif:referenceContext <http://ex.org/d#char=0,11> ;'
        " nif:beginIndex 0 ; nif:endIndex 5 ; itsrdf:taIdentRef <http://aksw.org/notInWiki> .\n"
    )
    corpus = read_corpus(nif_file(tmp_path, body))
    assert corpus.documents[0].mentions[0].is_nil
    assert corpus.metadata["nil_iris"] == 1


def test_uris_that_are_no_valid_iris_are_percent_encoded(tmp_path):
    text = "abc"
    odd = {"http://x/100%": "http://x/100%25", "http://x/a b": "http://x/a%20b", "http://x/a#b#c": "http://x/a#b%23c"}
    docs = tuple(
        Document(f"http://ex.org/{i}", text, (Mention.in_text(text, 0, 3, {raw}),)) for i, raw in enumerate(odd)
    )
    write_corpus(Corpus(docs), tmp_path / "odd.ttl")
    back = read_corpus(tmp_path / "odd.ttl")  # parses
    assert [next(iter(d.mentions[0].uris)) for d in back] == list(odd.values())
    with pytest.raises(InputError, match="cannot be repaired"):
        write_corpus(Corpus((Document("http://x:port/", "a"),)), tmp_path / "bad.ttl")


@pytest.mark.parametrize("name", ["t.ttl.gz", "t.nt.gz"])
def test_truncated_gzip(tmp_path, name):
    write_corpus(sample_corpus(), tmp_path / name)
    data = (tmp_path / name).read_bytes()
    (tmp_path / name).write_bytes(data[: len(data) // 2])
    with pytest.raises(InputError, match="cannot read"):
        read_corpus(tmp_path / name)
