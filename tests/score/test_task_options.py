"""Issue 12: --beta, --bootstrap and --threshold for the chunk, SemEval and Jaccard scores, the chunk
type-confusion table, and the paired bootstrap of chunk scores; every value by hand (shown)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from cli_helpers import bengal

from bengal.errors import UsageError
from bengal.model import Corpus, Document, Mention
from bengal.score.chunks import chunk_sentence_units, score_chunks, with_chunk_ci
from bengal.score.jaccard import score_jaccard, with_jaccard_ci
from bengal.score.resample import micro_of_units, paired_units, units_ci
from bengal.score.semeval import score_semeval, with_semeval_ci

GOLD = [["B-PER", "I-PER", "O", "B-LOC"], ["B-ORG"]]
PRED = [["B-PER", "I-PER", "O", "B-ORG"], ["B-LOC"]]


def test_micro_of_units_f_beta_case_c15():
    # P 0.5, R 1: F2 = 5·0.5/(4·0.5 + 1) = 0.8333; F0.5 = 1.25·0.5/(0.25·0.5 + 1) = 0.5556
    units = np.array([1.0, 2.0, 1.0])
    assert micro_of_units(units, 2.0)[2] == pytest.approx(2.5 / 3)
    assert micro_of_units(units, 0.5)[2] == pytest.approx(0.625 / 1.125)
    # zero division: nothing predicted, nothing gold -> 1; predicted but no credit -> 0
    assert tuple(float(x) for x in micro_of_units(np.array([0.0, 0.0, 0.0]))) == (1.0, 1.0, 1.0)
    assert tuple(float(x) for x in micro_of_units(np.array([0.0, 1.0, 0.0]))) == (0.0, 0.0, 0.0)
    with pytest.raises(ValueError, match="beta"):
        micro_of_units(units, 0.0)


def test_units_ci_by_hand():
    # two units: (1, 2, 2) and (0, 1, 1). Resampled corpora: both first -> P 2/4 = 0.5; one each -> 1/3;
    # both second -> 0. With 2,000 draws each case occurs: the 95 % interval is [0, 0.5].
    ci = units_ci(np.array([[1, 2, 2], [0, 1, 1]]), unit="sentences", samples=2000, seed=1)
    assert ci["micro"]["precision"] == [0.0, 0.5] and ci["micro"]["f1"] == [0.0, 0.5]
    assert ci["unit"] == "sentences" and "f_beta" not in ci["micro"]
    assert units_ci(np.zeros((0, 3)), unit="documents", samples=5)["micro"]["f1"] == [1.0, 1.0]
    with pytest.raises(UsageError):
        units_ci(np.zeros((1, 3)), unit="documents", samples=0)
    with pytest.raises(UsageError):
        units_ci(np.zeros((1, 3)), unit="documents", samples=5, level=1.0)


def test_paired_units_identical_systems_and_a_clear_winner():
    a = np.array([[1, 1, 1]] * 10)
    same = paired_units(a, a, unit="sentences", samples=200)
    assert same["delta_micro_f1"] == 0.0 and same["delta_ci"] == [0.0, 0.0] and same["p_value"] == 1.0
    worse = np.array([[0, 1, 1]] * 10)  # F1 0 everywhere; B = a is better by 1 in every resampling
    out = paired_units(worse, a, unit="sentences", samples=200)
    assert out["delta_micro_f1"] == 1.0 and out["p_value"] == 0.0
    with pytest.raises(ValueError, match="line up"):
        paired_units(a, a[:3], unit="sentences")


def test_chunk_confusion_units_beta_and_ci():
    report = score_chunks(GOLD, PRED)
    # same-span chunks: PER(0,1) both PER; (3,3) gold LOC pred ORG; sentence 2 (0,0) gold ORG pred LOC
    assert report.confusion == {"LOC": {"ORG": 1}, "ORG": {"LOC": 1}, "PER": {"PER": 1}}
    units = chunk_sentence_units(GOLD, PRED)
    assert units.tolist() == [[1, 2, 2], [0, 1, 1]]
    with_ci = with_chunk_ci(report, GOLD, PRED, samples=2000, seed=1)
    assert with_ci.ci is not None and with_ci.ci["micro"]["f1"] == [0.0, 0.5]
    data = with_ci.to_json()
    assert data["confusion"]["LOC"] == {"ORG": 1} and data["ci"]["unit"] == "sentences"
    assert data["f_beta"]["beta"] == 1.0 and data["f_beta"]["micro"] == pytest.approx(1 / 3)


def test_chunk_confusion_ignores_spans_only_one_side_has():
    report = score_chunks([["B-PER", "I-PER", "O"]], [["B-PER", "O", "B-LOC"]])
    assert report.confusion == {}


TEXT = "0123456789 tail"


def _doc(uri, *mentions):
    return Document(uri, TEXT, tuple(mentions))


def _m(b, e, typ="PER", score=None):
    return Mention.in_text(TEXT, b, e, (), typ, score=score)


def test_semeval_beta_threshold_and_ci():
    # SemEval-2013 9.1: gold PER[0,10); predictions PER[0,10) (score 0.9) and PER[0,4) (score 0.2):
    # strict COR 1 + SPU 1: P 0.5, R 1, F2 = 5·0.5/(2 + 1) = 0.8333
    gold = Corpus((_doc("http://ex.org/1", _m(0, 10)),))
    pred = Corpus((_doc("http://ex.org/1", _m(0, 10, score=0.9), _m(0, 4, score=0.2)),))
    r = score_semeval(gold, pred, beta=2.0)
    assert r.f_beta("strict") == pytest.approx(2.5 / 3) and r.to_json()["f_beta"]["strict"] == r.f_beta("strict")
    # --threshold 0.5 leaves out the PER[0,4): COR 1, P = R = 1
    t = score_semeval(gold, pred, threshold=0.5)
    assert (t.overall["strict"].cor, t.overall["strict"].spu, t.below_threshold) == (1, 0, 1)
    ci = with_semeval_ci(r, 50).ci
    assert ci is not None and ci["schemes"]["strict"]["precision"] == [0.5, 0.5]
    assert ci["schemes"]["strict"]["f_beta"] == [pytest.approx(2.5 / 3)] * 2 and ci["micro"] == ci["schemes"]["strict"]


def test_semeval_threshold_keeps_and_counts_unscored_predictions():
    gold = Corpus((_doc("http://ex.org/1", _m(0, 10)),))
    pred = Corpus((_doc("http://ex.org/1", _m(0, 10), _m(0, 4, score=0.1)),))
    r = score_semeval(gold, pred, threshold=0.5)
    assert r.overall["strict"].cor == 1 and r.below_threshold == 1
    assert [w.code for w in r.warnings] == ["no_confidence"]


def test_jaccard_threshold_and_ci():
    gold = Corpus((_doc("http://ex.org/1", _m(0, 10)), _doc("http://ex.org/2", _m(0, 10))))
    pred = Corpus((_doc("http://ex.org/1", _m(0, 10, score=0.9)), _doc("http://ex.org/2", _m(11, 15, score=0.1))))
    r = score_jaccard(gold, pred, beta=1.0)
    # doc 1 TP 1; doc 2 "tail" vs "0123456789": J 0 -> FP 1, FN 1. Units (1,1,1), (0,1,1).
    assert (r.counts.tp, r.counts.fp, r.counts.fn) == (1, 1, 1)
    ci = with_jaccard_ci(r, 2000, seed=1).ci
    assert ci is not None and ci["micro"]["f1"] == [0.0, 1.0]
    t = score_jaccard(gold, pred, beta=1.0, score_threshold=0.5)
    assert (t.counts.tp, t.counts.fp, t.counts.fn, t.below_threshold) == (1, 0, 1, 1)


def _write(tmp_path, name, rows):
    (tmp_path / name).write_text("\n\n".join("\n".join(f"w{i} {t}" for i, t in enumerate(s)) for s in rows) + "\n")


def test_cli_chunk_beta_bootstrap_and_refusals(tmp_path):
    _write(tmp_path, "g.conll", GOLD)
    _write(tmp_path, "p.conll", PRED)
    out = bengal("score", "g.conll", "p.conll", "--beta", "2", "--ci", "200", "--json", "-", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["f_beta"]["beta"] == 2.0 and data["ci"]["samples"] == 200 and "f_beta" in data["ci"]["micro"]
    assert data["confusion"]["ORG"] == {"LOC": 1}
    text = bengal("score", "g.conll", "p.conll", "--ci", "50", cwd=tmp_path).stdout
    assert "resamplings of the sentences" in text and "type confusion" in text
    for option in (["--threshold", "0.5"], ["--match", "weak"], ["--profile", "gerbil"], ["--sweep"]):
        proc = bengal("score", "g.conll", "p.conll", *option, cwd=tmp_path)
        assert proc.returncode == 2 and f"--task chunk does not use {option[0]}" in proc.stderr, option
    bad = bengal("score", "g.conll", "p.conll", "--beta", "-1", cwd=tmp_path)
    assert bad.returncode == 2 and "--beta must be a positive number" in bad.stderr


def test_cli_compare_chunks_paired_bootstrap(tmp_path):
    _write(tmp_path, "g.conll", GOLD)
    _write(tmp_path, "a.conll", PRED)
    _write(tmp_path, "b.conll", GOLD)
    proc = bengal("compare", "g.conll", "a.conll", "b.conll", "--samples", "200", "--json", "-", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    # A: TP 1 of 3/3: F1 1/3; B = gold: F1 1: delta 2/3
    assert data["task"] == "chunk" and data["unit"] == "sentences"
    assert data["delta_micro_f1"] == pytest.approx(2 / 3) and data["a"]["micro"]["f1"] == pytest.approx(1 / 3)


def test_html_report_shows_the_chunk_confusion(tmp_path):
    _write(tmp_path, "g.conll", GOLD)
    _write(tmp_path, "p.conll", PRED)
    assert bengal("score", "g.conll", "p.conll", "--json", "r.json", cwd=tmp_path).returncode == 0
    assert bengal("report", "r.json", "-o", "r.html", cwd=tmp_path).returncode == 0
    page = (tmp_path / "r.html").read_text()
    assert "type confusion (rows gold, columns predicted, same span)" in page
