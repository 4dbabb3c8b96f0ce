"""The AIDA/CoNLL-YAGO and ELEVANT readers on the real files, bad inputs, detection and forcing."""

from __future__ import annotations

import json

import pytest

from bengal.errors import InputError
from bengal.io.aida import read_aida
from bengal.io.elevant import read_elevant
from bengal.io.formats import detect_format, read_corpus
from bengal.io.wikititles import wikipedia_to_dbpedia
from tests.conftest import shared_path


def test_aida_example_counts_by_grep():
    path = shared_path("nif", "gerbil-test-resources", "AIDA_example.tsv")
    lines = path.read_text(encoding="utf-8").splitlines()
    b_lines = [ln.split("\t") for ln in lines if "\t" in ln and ln.split("\t")[1] == "B"]
    corpus = read_aida(path)
    assert len(corpus) == sum(ln.startswith("-DOCSTART-") for ln in lines)
    mentions = [m for d in corpus for m in d.mentions]
    assert len(mentions) == len(b_lines)
    assert sum(m.is_nil for m in mentions) == sum(c[3] == "--NME--" for c in b_lines)
    assert corpus.documents[0].uri == "urn:aida:10%20Israel"
    washington = [m for m in mentions if m.surface == "Washington"]
    assert washington[0].uris == {"http://dbpedia.org/resource/Washington,_D.C."}


def test_aida_split_suffix_and_detection():
    path = shared_path("nif", "gerbil-test-resources", "AIDA_example.tsv")
    assert detect_format(path) == "aida"
    assert len(read_corpus(f"{path}:train")) == 1
    # its one document (10 Israel) is train: asking for testb is a one-line error, not an empty corpus
    with pytest.raises(InputError, match=r"no document of split 'testb': the file's 1 documents are of split train"):
        read_corpus(f"{path}:testb")


def test_aida_splits_from_ids():
    data = b"-DOCSTART- (1 EU)\nA\tB\tA\t--NME--\n\n-DOCSTART- (947testa X)\nB\n\n-DOCSTART- (1163testb Y)\nC\n"
    assert [d.uri for d in read_aida(data, split="testa")] == ["urn:aida:947testa%20X"]
    assert [d.text for d in read_aida(data, split="testb")] == ["C"]
    assert len(read_aida(data)) == 3


@pytest.mark.parametrize("data, message", [
    (b"-DOCSTART- (1 a)\nx\tB\tx\n", "3 columns"),
    (b"-DOCSTART- (1 a)\nx\tQ\tx\t--NME--\n", "second column 'Q'"),
    (b"x\tB\tx\t--NME--\n", "before the first -DOCSTART-"),
    (b"-DOCSTART-\nx\n", "without a document id"),
    (b"Berlin\thttp://en.wikipedia.org/wiki/Berlin\nEU\tNIL\n", "pair list"),
])
def test_aida_bad_input_one_line(data, message):
    with pytest.raises(InputError) as err:
        read_aida(data, name="bad.tsv")
    assert message in str(err.value) and ":" in str(err.value) and "\n" not in str(err.value)


def test_aida_orphan_inside_counted():
    corpus = read_aida(b"-DOCSTART- (1 a)\nx\tI\tx\t--NME--\n")
    assert [w.code for w in corpus.warnings] == ["orphan_inside"]


def test_wikipedia_mapping():
    assert wikipedia_to_dbpedia("http://en.wikipedia.org/wiki/A%22b") == "http://dbpedia.org/resource/A%22b"
    assert wikipedia_to_dbpedia("--NME--") is None


def test_elevant_real_file_counts_by_json():
    path = shared_path("elevant-benchmarks", "kore50.benchmark.jsonl")
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    corpus = read_corpus(path)
    assert corpus.metadata["format"] == "elevant"
    assert len(corpus) == len(records)
    assert sum(len(d.mentions) for d in corpus) == sum(len(r["labels"]) for r in records)
    nil = sum(lab["entity_id"] in ("<NIL>", "<NO_MAPPING>") for r in records for lab in r["labels"])
    assert sum(m.is_nil for d in corpus for m in d.mentions) == nil
    assert "http://www.wikidata.org/entity/Q19837" in corpus.documents[0].mentions[0].uris


def test_elevant_bad_inputs():
    with pytest.raises(InputError, match="entity_id"):
        read_elevant(b'{"text": "ab", "labels": [{"span": [0, 1], "entity_id": "X1"}], "evaluation_span": [0, 2]}\n')
    with pytest.raises(InputError, match=":2: not a JSON"):
        read_elevant(b'{"text": "a", "labels": []}\n{"text": \n', name="e.jsonl")
    ok = read_elevant(b'{"text": "ab", "labels": [{"span": [0, 1], "entity_id": "<NO_MAPPING>"}], '
                      b'"evaluation_span": [1, 2]}\n')
    assert sorted(w.code for w in ok.warnings) == ["no_mapping", "outside_evaluation_span"]


def test_force_format(tmp_path):
    f = tmp_path / "x.txt"
    f.write_bytes(b"-DOCSTART- (1 a)\nx\tB\tx\t--NME--\n")
    assert read_corpus(f, format="aida").documents[0].mentions[0].is_nil


def test_elevant_content_in_a_plain_jsonl_file_is_read_as_elevant(tmp_path):
    """Issue 12 audit: ELEVANT's records saved as ``x.jsonl`` (not ``.benchmark.jsonl``) were refused
    with "missing field 'uri'"; the content now tells ELEVANT from bengal's JSONL. Its one label
    Q42 at [0,13) is read as http://www.wikidata.org/entity/Q42."""
    rec = {"id": 0, "title": "doc", "text": "Douglas Adams wrote.", "evaluation_span": [0, 20],
           "labels": [{"id": 0, "span": [0, 13], "entity_id": "Q42", "name": "Douglas Adams"}]}
    path = tmp_path / "x.jsonl"
    path.write_text(json.dumps(rec) + "\n")
    assert detect_format(path) == "elevant"
    (m,) = read_corpus(path).documents[0].mentions
    assert (m.begin, m.end, m.uris) == (0, 13, {"http://www.wikidata.org/entity/Q42"})
    # bengal's own JSONL keeps its format
    own = tmp_path / "own.jsonl"
    own.write_text('{"uri": "http://ex.org/1", "text": "Berlin", "mentions": [{"begin": 0, "end": 6}]}\n')
    assert detect_format(own) == "jsonl"
