"""Reading gold and prediction side by side (``read_pair``): the same corpora and errors as reading in turn."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from bengal.errors import InputError
from bengal.io.formats import read_corpus
from bengal.model import Document, Mention
from bengal.workflows.score_files import read_pair

N3 = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "nif" / "n3-collection"


def test_side_by_side_equals_in_turn():
    gold, pred = N3 / "Reuters-128.ttl", N3 / "RSS-500.ttl"
    g, p = read_pair(gold, "nif", pred, "nif", min_bytes=0)  # forked worker for the prediction
    g2, p2 = read_corpus(gold, "nif"), read_corpus(pred, "nif")
    assert (g.documents, g.warnings, dict(g.metadata)) == (g2.documents, g2.warnings, dict(g2.metadata))
    assert (p.documents, p.warnings, dict(p.metadata), p.same_as) == (p2.documents, p2.warnings,
                                                                       dict(p2.metadata), p2.same_as)
    assert len(p) == 500 and len(g) == 128  # the N3 collection's document counts


def test_a_broken_prediction_raises_as_in_turn(tmp_path):
    bad = tmp_path / "bad.ttl"
    bad.write_text("<http://ex.org/d#char=0,3> <http://ex.org/p> .\n")  # a triple without object
    with pytest.raises(InputError) as side:
        read_pair(N3 / "Reuters-128.ttl", "nif", bad, "nif", min_bytes=0)
    with pytest.raises(InputError) as alone:
        read_corpus(bad, "nif")
    assert str(side.value) == str(alone.value) and side.value.line == alone.value.line == 1


def test_model_pickles_as_its_fields_and_unpickles_equal():
    m = Mention(0, 6, "Berlin", frozenset({"http://dbpedia.org/resource/Berlin"}), "PER", 0.5)
    n = Mention(10, 13, "big", frozenset({"http://ex.org/a", "http://ex.org/b"}))  # two URIs, no type or score
    d = Document("http://ex.org/d", "Berlin is big", (n, m))
    back = pickle.loads(pickle.dumps(d))
    assert back == d and hash(back) == hash(d)
    # a frozenset's repr follows its iteration order, which the hash seed may change when it is rebuilt
    # (1 of 12 seeds): the repr is compared where each mention has one URI
    assert repr(back.mentions[0]) == repr(m) and repr(back).startswith("Document(uri='http://ex.org/d'")
    assert [x.span for x in back.mentions] == [(0, 6), (10, 13)]  # the sorted order kept
    assert [x.surface for x in back.mentions] == ["Berlin", "big"]  # the text's, not pickled apart
    assert pickle.loads(pickle.dumps(m)) == m and hash(pickle.loads(pickle.dumps(m))) == hash(m)
    with pytest.raises(AttributeError):  # still frozen
        back.mentions[0].begin = 3  # type: ignore[misc]
    for doc in read_corpus(N3 / "Reuters-128.ttl", "nif").documents:  # a real corpus, document by document
        assert pickle.loads(pickle.dumps(doc)) == doc
    # the surface is not pickled: the document's text holds it
    assert b"Berlin is big" in pickle.dumps(d) and pickle.dumps(d).count(b"big") == 1
