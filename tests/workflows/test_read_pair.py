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


def test_model_pickles_as_constructor_calls():
    m = Mention(0, 6, "Berlin", frozenset({"http://dbpedia.org/resource/Berlin"}), "PER", 0.5)
    d = Document("http://ex.org/d", "Berlin is big", (m,))
    assert pickle.loads(pickle.dumps(d)) == d and pickle.loads(pickle.dumps(m)) == m
    broken = Mention(0, 6, "Berlin")
    object.__setattr__(broken, "surface", "Berl")  # 4 code points for a 6-code-point span
    with pytest.raises(ValueError, match="surface of 4 code points"):  # the constructor's checks run on loading
        pickle.loads(pickle.dumps(broken))
