"""Streamed CoNLL chunk scoring (``score_conll(stream=True)``, the default) against the whole-file reading
(``stream=False``, the independent peer): the same JSON on CoNLL++ test and a perturbed copy, with many
small batches; a broken line deep in the file named by the same file:line."""

from __future__ import annotations

import importlib
import json
import random
from pathlib import Path

import pytest

from bengal.errors import InputError
from bengal.workflows.score_files import score_conll

score_files = importlib.import_module("bengal.workflows.score_files")  # the module, not the function

GOLD = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "conll" / "conllpp_test.txt"
pytestmark = pytest.mark.skipif(not GOLD.exists(), reason="the shared CoNLL++ data is not here")


def _perturbed(tmp_path: Path, every: float = 0.1) -> tuple[list[str], Path]:
    lines = GOLD.read_text(encoding="utf-8").splitlines(True)
    rnd = random.Random(1)
    out = []
    for line in lines:
        f = line.split()
        if f and f[0] != "-DOCSTART-" and rnd.random() < every:
            f[-1] = rnd.choice(["O", "B-PER", "I-ORG", "B-LOC", "I-MISC"])
            line = " ".join(f) + "\n"
        out.append(line)
    path = tmp_path / "pred.conll"
    path.write_text("".join(out), encoding="utf-8")
    return out, path


@pytest.mark.parametrize("kw", [{}, {"ci": 20}, {"mode": "strict"}, {"mode": "strict", "scheme": "iobes"}])
def test_streamed_equals_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kw: dict) -> None:
    _, pred = _perturbed(tmp_path)
    monkeypatch.setattr(score_files, "STREAM_BATCH_TOKENS", 1000)  # about 50 batches
    streamed = score_conll(GOLD, pred, **kw).to_json()
    whole = score_conll(GOLD, pred, stream=False, **kw).to_json()
    assert json.dumps(streamed, sort_keys=True) == json.dumps(whole, sort_keys=True)
    assert streamed["invalid_tags"]["prediction"] > 0  # the warning path with its lines is exercised


def test_broken_line_deep_is_named(tmp_path: Path) -> None:
    out, _ = _perturbed(tmp_path)
    out[40000] = "x\n"
    bad = tmp_path / "bad.conll"
    bad.write_text("".join(out), encoding="utf-8")
    with pytest.raises(InputError, match=rf"{bad.name}:40001: 1 column where the file has 4"):
        score_conll(GOLD, bad)


def test_sentence_count_mismatch_says_what_whole_reading_says(tmp_path: Path) -> None:
    out, _ = _perturbed(tmp_path)
    short = tmp_path / "short.conll"
    short.write_text("".join(out[:-200]), encoding="utf-8")
    with pytest.raises(InputError) as streamed:
        score_conll(GOLD, short)
    with pytest.raises(InputError) as whole:
        score_conll(GOLD, short, stream=False)
    assert str(streamed.value) == str(whole.value) and "sentences" in str(streamed.value)
