"""Documents read in the stream (:func:`bengal.io.nif.stream_nif`, :func:`bengal.io.formats.stream_corpus`,
issue 14): each one handed on equal to :func:`bengal.io.read_nif`'s, the same warnings, metadata and sameAs
links; files the stream cannot read refused (:class:`~bengal.io.formats.NotStreamable`), for the caller to
read them whole; and memory that does not grow with the documents. The peer is :func:`read_nif`."""

from __future__ import annotations

import dataclasses
import tracemalloc
from pathlib import Path

import pytest

from bengal.io import read_nif, write_corpus
from bengal.io.formats import NotStreamable, stream_corpus
from bengal.io.nif import stream_nif
from bengal.model import Document

NIF = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "nif"
pytestmark = pytest.mark.skipif(not NIF.exists(), reason="the shared NIF corpora are not here")
OKE2016 = NIF / "oke2016" / "evaluation-data" / "task1" / "evaluation-dataset-task1.ttl"
RSS = NIF / "n3-collection" / "RSS-500.ttl"
PREFIXES = ("@prefix nif: <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#> .\n"
            "@prefix itsrdf: <http://www.w3.org/2005/11/its/rdf#> .\n")


def test_stream_nif_hands_on_the_documents_of_read_nif(tmp_path):
    corpus = read_nif(OKE2016)
    path = tmp_path / "oke.ttl"
    write_corpus(corpus, path)
    whole = read_nif(path)
    docs: list[Document] = []
    head = stream_nif(path, docs.append)
    assert tuple(docs) == whole.documents and len(docs) == 55
    assert head.documents == () and head.warnings == whole.warnings and head.same_as == whole.same_as
    assert dict(head.metadata) == dict(whole.metadata) and head.name == whole.name
    seen: list[Document] = []
    assert stream_corpus(path, seen.append).warnings == whole.warnings and tuple(seen) == whole.documents
    conll = tmp_path / "x.conll"
    conll.write_text("Anna B-PER\nmet O\n", encoding="utf-8")
    for other in (conll, tmp_path, tmp_path / "missing.ttl"):  # no stream reader, a folder, no file
        with pytest.raises(NotStreamable):
            stream_corpus(other, seen.append)


def _peak(fn) -> int:
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_stream_memory_does_not_grow_with_the_documents(tmp_path):
    """Not a timing: the bytes Python allocates. Reading whole holds every document; the stream holds one
    document and a hash per subject, so 4 times the documents cost the stream a small part of what they
    cost the whole reading."""
    gold = read_nif(RSS)  # 500 short documents
    small, large = tmp_path / "small.ttl", tmp_path / "large.ttl"
    write_corpus(gold.with_documents(gold.documents[:100]), small)
    many = [dataclasses.replace(d, uri=f"{d.uri}/copy{k}") for k in range(4) for d in gold.documents[:100]]
    write_corpus(gold.with_documents(many), large)
    read_nif(small)  # the parser's and the reader's one-off allocations before measuring
    whole = _peak(lambda: read_nif(large)) - _peak(lambda: read_nif(small))
    stream = _peak(lambda: stream_nif(large, lambda d: None)) - _peak(lambda: stream_nif(small, lambda d: None))
    assert whole > 0 and stream < whole / 4


@pytest.mark.parametrize("name", ["n3-collection/Reuters-128.ttl", "n3-collection/News-100.ttl",
                                  "eaglet-gerbil_data/datasets/KORE50/kore50-nif.ttl",
                                  "oke2015/evaluation-data/task1/evaluation-dataset-task1.ttl"])
def test_real_corpora_in_bengals_layout_are_streamed_and_gerbils_are_refused(tmp_path, name):
    with pytest.raises(NotStreamable):  # Jena's order: phrases before their contexts (or OKE's entity types)
        stream_nif(NIF / name, lambda d: None)
    path = tmp_path / "x.ttl"
    write_corpus(read_nif(NIF / name), path)
    whole = read_nif(path)
    docs: list[Document] = []
    head = stream_nif(path, docs.append)
    assert tuple(docs) == whole.documents and head.warnings == whole.warnings
    assert dict(head.metadata) == dict(whole.metadata)


CTX = '<http://ex.org/d#char=0,8> a nif:Context ; nif:isString "Anna met" .\n'
PHRASE = ('<http://ex.org/d#char=0,4> nif:referenceContext <http://ex.org/d#char=0,8> ; nif:beginIndex "0" ; '
          'nif:endIndex "4" ; nif:anchorOf "{anchor}" .\n')
CTX2 = '<http://ex.org/e#char=0,4> a nif:Context ; nif:isString "Oslo" .\n'


@pytest.mark.parametrize("data", [
    PHRASE.format(anchor="Anna") + CTX,  # a phrase before its context
    CTX + CTX2 + PHRASE.format(anchor="Anna"),  # a phrase after the next context
    CTX + '<http://ex.org/d#char=0,4> nif:beginIndex "0" .\n' + CTX2 +
    '<http://ex.org/d#char=0,4> nif:endIndex "4" ; nif:referenceContext <http://ex.org/d#char=0,8> .\n',
    CTX + PHRASE.format(anchor="Anna") + "<http://ex.org/X> a <http://ex.org/Person> .\n",  # an entity type
    CTX + '<http://ex.org/t#char=0,1> a nif:Context .\n',  # a context without text
    CTX + "<http://ex.org/d#char=0,4> <http://ex.org/p> .\n",  # a syntax error
    CTX + PHRASE.format(anchor="Anna").replace('"4"', '"40"'),  # a span outside the text: an error
])
def test_what_the_stream_refuses(tmp_path, data):
    path = tmp_path / "x.ttl"
    path.write_text(PREFIXES + data, encoding="utf-8")
    with pytest.raises(NotStreamable):
        stream_nif(path, lambda d: None)


def test_strict_flaw_is_refused_and_a_flaw_is_a_warning_in_file_order(tmp_path):
    path = tmp_path / "x.ttl"
    path.write_bytes(b"\xef\xbb\xbf" + (PREFIXES + CTX + PHRASE.format(anchor="Anne") +
                                        PHRASE.format(anchor="Anna").replace("char=0,4>", "char=0,4-again>")
                                        .replace("nif:anchorOf", "nif:anchorOf")).encode())
    with pytest.raises(NotStreamable):
        stream_nif(path, lambda d: None, strict=True)
    whole = read_nif(path)
    docs: list[Document] = []
    head = stream_nif(path, docs.append)
    assert [w.code for w in whole.warnings] == ["byte_order_mark", "anchor_mismatch", "duplicate_mention"]
    assert head.warnings == whole.warnings and tuple(docs) == whole.documents


def test_stream_jsonl_hands_on_the_documents_of_read_jsonl_and_refuses_errors(tmp_path):
    from bengal.io.jsonl import read_jsonl, stream_jsonl

    corpus = read_nif(RSS)
    path = tmp_path / "rss.jsonl"
    write_corpus(corpus, path)
    lines = path.read_text(encoding="utf-8").splitlines(True)
    lines[3] = lines[3].replace('"surface":"', '"surface":"x', 1)  # an anchor mismatch: a counted warning
    path.write_text("".join(lines), encoding="utf-8")
    whole = read_jsonl(path)
    docs: list[Document] = []
    head = stream_jsonl(path, docs.append)
    assert tuple(docs) == whole.documents and len(docs) == 500 and head.documents == ()
    assert head.warnings == whole.warnings and [w.code for w in whole.warnings] == ["anchor_mismatch"]
    assert dict(head.metadata) == dict(whole.metadata) and head.name == whole.name
    seen: list[Document] = []
    assert stream_corpus(path, seen.append).warnings == whole.warnings and len(seen) == 500
    for broken in (lines[:10] + [lines[2]] + lines[10:],  # a document URI used twice
                   lines[:10] + ["{not json\n"] + lines[10:]):
        bad = tmp_path / "bad.jsonl"
        bad.write_text("".join(broken), encoding="utf-8")
        with pytest.raises(NotStreamable):
            stream_jsonl(bad, lambda d: None)
    with pytest.raises(NotStreamable):  # strict: the flaw is an error
        stream_jsonl(path, lambda d: None, strict=True)
