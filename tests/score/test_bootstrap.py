"""Bootstrap confidence intervals and the paired bootstrap (item 8); values by hand."""

from __future__ import annotations

import json

import pytest
from cli_helpers import bengal

from bengal.errors import UsageError
from bengal.model import Corpus, Document, Mention
from bengal.score import score
from bengal.score.bootstrap import bootstrap_ci, paired_bootstrap, with_ci

A, B = "http://dbpedia.org/resource/A", "http://dbpedia.org/resource/B"
TEXT = "Alice met Bob."


def d(uri, *spans):
    return Document(uri, TEXT, tuple(Mention.in_text(TEXT, b, e, u) for b, e, u in spans))


def test_identical_documents_give_a_point_interval():
    # five documents, each TP 1 FP 1 FN 0: every resample has micro P 0.5, R 1, F1 2/3
    g = Corpus(tuple(d(f"http://ex.org/{i}", (0, 5, {A})) for i in range(5)))
    p = Corpus(tuple(d(f"http://ex.org/{i}", (0, 5, {A}), (10, 13, {B})) for i in range(5)))
    ci = bootstrap_ci(score(g, p), samples=200)
    assert ci["micro"]["precision"] == [0.5, 0.5]
    assert ci["micro"]["f1"] == [pytest.approx(2 / 3), pytest.approx(2 / 3)]
    json.dumps(ci, allow_nan=False)


def test_two_documents_interval_spans_the_extremes():
    # doc 1 perfect (TP 1), doc 2 wrong (FP 1, FN 1). A resample of two documents is
    # {1,1} (F1 1, prob 1/4), {2,2} (F1 0, prob 1/4) or mixed (TP 1 FP 1 FN 1: F1 0.5, prob 1/2),
    # so the 2.5 % and 97.5 % quantiles are 0 and 1.
    g = Corpus((d("http://ex.org/1", (0, 5, {A})), d("http://ex.org/2", (0, 5, {A}))))
    p = Corpus((d("http://ex.org/1", (0, 5, {A})), d("http://ex.org/2", (0, 5, {B}))))
    r = with_ci(score(g, p), samples=2000, seed=1)
    assert r.ci["micro"]["f1"] == [0.0, 1.0]
    assert r.to_json()["ci"]["samples"] == 2000
    assert with_ci(score(g, p), samples=2000, seed=1).ci == r.ci  # seeded: reproducible
    with pytest.raises(UsageError):
        bootstrap_ci(r, samples=0)
    with pytest.raises(UsageError):
        bootstrap_ci(r, level=1.0)


def test_paired_bootstrap():
    g = Corpus((d("http://ex.org/1", (0, 5, {A})), d("http://ex.org/2", (0, 5, {A}))))
    good = Corpus((d("http://ex.org/1", (0, 5, {A})), d("http://ex.org/2", (0, 5, {A}))))
    half = Corpus((d("http://ex.org/1", (0, 5, {A})), d("http://ex.org/2", (0, 5, {B}))))
    same = paired_bootstrap(g, half, half, samples=300)
    # the same system twice: every resampled difference is 0 -> interval [0, 0], p = min(1, 2·1) = 1
    assert same["delta_micro_f1"] == 0 and same["delta_ci"] == [0.0, 0.0] and same["p_value"] == 1.0
    out = paired_bootstrap(g, half, good, samples=2000, seed=3)
    # full corpus: good F1 1, half TP 1 FP 1 FN 1 -> F1 0.5: B - A = 0.5. Per resample the
    # difference is 0 when both documents drawn are doc 1 (prob 1/4), else > 0: p = 2·P(Δ <= 0) ≈ 0.5
    assert out["delta_micro_f1"] == pytest.approx(0.5)
    assert out["p_value"] == pytest.approx(0.5, abs=0.06)


def test_compare_cli(tmp_path):
    line = ('{"uri": "http://ex.org/1", "text": "Alice met Bob.", "mentions": '
            '[{"begin": 0, "end": 5, "uris": ["http://dbpedia.org/resource/A"]}]}\n')
    (tmp_path / "g.jsonl").write_text(line)
    proc = bengal("compare", "g.jsonl", "g.jsonl", "g.jsonl", "--samples", "50", "--json", "-", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["p_value"] == 1.0 and out["delta_micro_f1"] == 0.0
