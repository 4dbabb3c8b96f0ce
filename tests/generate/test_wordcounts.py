"""The English word counts kept between runs (bengal.generate.wordcounts, issue 15): what is kept is
spaCy's count of each word, a run with every word kept needs no spaCy and makes the same corpus,
and a damaged file is only ignored."""

from __future__ import annotations

import pickle

from bengal.generate import GenerateConfig, generate, wordcounts
from bengal.tokens import _tokenizer, add_word_counts, count_tokens, known_word_counts, take_new_word_counts
from tests.kept_runs import corpus_digest, run_with_kept_file

CONFIG = GenerateConfig(docs=12, seed=11)


def test_kept_counts_are_spacys_and_spare_its_import(bundled_kb, tmp_path, monkeypatch):
    path = tmp_path / "words.pickle"
    monkeypatch.setattr(wordcounts, "word_counts_path", lambda: path)
    corpus = generate(bundled_kb, CONFIG).corpus
    kept = pickle.loads(path.read_bytes())
    words = {w for d in corpus.documents for w in d.text.split(" ")}
    assert words <= set(kept)
    assert all(kept[w] == len(_tokenizer()(w)) for w in words)
    imported, digest = run_with_kept_file(path, "bengal.generate.wordcounts", "word_counts_path", "spacy", 12, 11)
    assert not imported  # every word was kept: no spaCy import, no tokenisation
    assert digest == corpus_digest(corpus.documents)
    assert wordcounts.save_word_counts() == 0  # nothing new: the file is not written again


def test_damaged_file_is_ignored_and_replaced(bundled_kb, tmp_path, monkeypatch):
    path = tmp_path / "words.pickle"
    path.write_bytes(b"not a pickle")
    monkeypatch.setattr(wordcounts, "word_counts_path", lambda: path)
    wordcounts.load_word_counts()
    corpus = generate(bundled_kb, CONFIG).corpus
    kept = pickle.loads(path.read_bytes())
    assert {w for d in corpus.documents for w in d.text.split(" ")} <= set(kept)
    for bad in ({"word": -1}, {"word": "1"}, {1: 1}, ["word"]):  # foreign values: read as none
        path.write_bytes(pickle.dumps(bad))
        assert wordcounts._read(path) == {}


def test_worker_words_reach_the_parent():
    word = "zyxwvut-qq'ss"
    assert count_tokens(word) == len(_tokenizer()(word))
    assert take_new_word_counts().get(word) == len(_tokenizer()(word))  # what a worker sends
    assert word not in take_new_word_counts()  # taken once
    add_word_counts({"made-up-word-of-a-worker": 3})  # what the parent does with it
    assert known_word_counts()["made-up-word-of-a-worker"] == 3
