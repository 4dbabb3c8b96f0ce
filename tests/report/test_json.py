"""JSON output of a score: the stable shape."""

from __future__ import annotations

import json

import pytest

from bengal.model import Corpus, CorpusWarning, Document, Mention
from bengal.report.jsonout import dumps, score_to_json, write_json
from bengal.score import score

A = "http://dbpedia.org/resource/A"
TEXT = "Alice met Bob."


def d(uri, *spans):
    return Document(uri, TEXT, tuple(Mention.in_text(TEXT, b, e, u) for b, e, u in spans))


@pytest.fixture
def result():
    g = Corpus((d("http://ex.org/1", (0, 5, {A}), (10, 13, {A})), d("http://ex.org/2", (0, 5, {A}))),
               "gold", warnings=(CorpusWarning("anchor_mismatch", "http://ex.org/1#char=0,5", "differs"),))
    p = Corpus((d("http://ex.org/1", (0, 5, {A})),), "pred")
    return score(g, p)


def test_shape(result):
    out = result.to_json()
    # the slice's keys first, unchanged; issue-4 keys after them
    assert list(out)[:7] == ["task", "match", "documents", "micro", "macro", "warnings", "conventions"]
    assert set(out) >= {"per_type", "inkb", "ee", "ci", "profile", "f_beta", "threshold", "sweep"}
    assert out["ci"] is None and out["profile"] == "bengal" and out["sweep"] is None and out["threshold"] is None
    assert out["task"] == "a2kb" and out["match"] == "strong" and out["documents"] == 2
    assert list(out["micro"]) == ["tp", "fp", "fn", "precision", "recall", "f1"]
    assert list(out["macro"]) == ["precision", "recall", "f1"]
    # doc 1: TP 1 FN 1; doc 2 missing from the prediction: FN 1 -> micro TP 1, FP 0, FN 2
    assert out["micro"] == {"tp": 1, "fp": 0, "fn": 2, "precision": 1.0, "recall": pytest.approx(1 / 3),
                            "f1": pytest.approx(0.5)}
    # macro: doc 1 P 1, R 0.5, F1 2/3; doc 2 P = R = F1 = 0 -> P 0.5, R 0.25, F1 1/3
    assert out["macro"] == {"precision": 0.5, "recall": 0.25, "f1": pytest.approx(1 / 3)}
    assert out["warnings"] == [
        {"code": "anchor_mismatch", "where": "http://ex.org/1#char=0,5", "message": "differs", "side": "gold"},
        {"code": "missing_document", "where": "http://ex.org/2", "message": out["warnings"][1]["message"],
         "side": "prediction"},
    ]
    assert {"zero_division", "macro", "matching"} <= set(out["conventions"])
    assert all(isinstance(v, str) for v in out["conventions"].values())


def test_dumps_and_write_are_strict_json(result, tmp_path):
    text = dumps(result)
    assert json.loads(text) == json.loads(json.dumps(result.to_json()))
    path = tmp_path / "score.json"
    write_json(result, path, per_document=True)
    loaded = json.loads(path.read_text(encoding="utf-8"))
    assert [doc["uri"] for doc in loaded["per_document"]] == ["http://ex.org/1", "http://ex.org/2"]
    assert loaded["per_document"][1]["in_prediction"] is False
    assert score_to_json(result) == result.to_json()
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def test_write_json_to_a_stream(result):
    import io

    buf = io.StringIO()
    write_json(result, buf)
    assert json.loads(buf.getvalue()) == json.loads(dumps(result))
