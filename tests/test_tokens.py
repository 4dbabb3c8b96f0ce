"""count_tokens counts a single-spaced text word by word (issue 15): the sum must be spaCy's count
of the whole text, which the test gets from the tokenizer itself, on generated sentences and
documents (paraphrases, pronouns, news-length sentences, every KB resource a mention), on BENGAL's own corpus
texts and on texts made to be awkward."""

from __future__ import annotations

import pytest
from conftest import shared_path

from bengal.generate import GenerateConfig, generate
from bengal.io.formats import read_corpus
from bengal.tokens import _tokenizer, count_sentences, count_tokens, sentences


def whole(text: str) -> int:
    return len(_tokenizer()(text))


AWKWARD = [
    "", " ", "  ", "a", "a b", "a  b", " a", "a ", "a\nb", "a\tb", "a\u00a0b", "a \u2009b",
    "Washington, D.C. is in the U.S.", "Ulm's mayor (born 4 May 1950) isn't \"here\".",
    "can't won't gonna 'em 's", "e.g. i.e. a.m. p.m. Mr. St.", ":) :-) <3 ^_^", "1950-05-04 3.5km $10,000",
    "Dr. A. B. Jones-Smith, Jr.'s co-op", "é ü ß Ångström ... !!! ???", "(((a))) [b] {c}", "http://x.org/a?b=c",
]


@pytest.mark.parametrize("text", AWKWARD)
def test_awkward_texts(text):
    assert count_tokens(text) == whole(text)


def test_generated_sentences_and_documents(bundled_kb):
    texts = []
    for config in (GenerateConfig(docs=40, strategy="sym", seed=3, paraphrase=True, pronouns=True),
                   GenerateConfig(docs=30, strategy="hybrid", seed=4, density="high", sentence_length="news"),
                   GenerateConfig(docs=30, strategy="summary", seed=5, mentions="all", literals=False)):
        for doc in generate(bundled_kb, config).corpus.documents:
            texts.append(doc.text)
            texts.extend(doc.text[b:e] for b, e in sentences(doc.text))
    assert len(texts) > 300
    split = sum(1 for t in texts if t.split(" ") == t.split())
    assert split == len(texts)  # every generated text takes the word-by-word path
    assert [count_tokens(t) for t in texts] == [whole(t) for t in texts]
    # the sentences, word by word, are spaCy's sentencizer's of the whole text (bengal stats)
    assert [count_sentences(t) for t in texts] == [len(sentences(t)) for t in texts]


@pytest.mark.parametrize("text", [*AWKWARD, "Sertanense F.C. Wendy Moss is a native.", "Aa!, which is a band.",
                                  "He served in the No. 77 Squadron RAAF. Racer X. Barbara Knox is."])
def test_awkward_sentences(text):
    assert count_sentences(text) == len(sentences(text))


def test_sentences_by_hand():
    # spaCy's rule: "F.C." and "X." are one token each (no split after them), "!" in a name is a sentence end
    assert count_sentences("The club is Sertanense F.C. Wendy Moss is a native.") == 1
    assert count_sentences("It joined Aa!, which is a band. Hello! Project is one.") == 4
    assert count_sentences("He served in the No. 77 Squadron.") == 2


def test_bengal_corpus_texts():
    corpus = read_corpus(shared_path("bengal", "bengal_star_100.ttl"))
    texts = [d.text for d in corpus.documents]
    assert [count_tokens(t) for t in texts] == [whole(t) for t in texts]


def test_sentences_of_a_double_spaced_text_are_kept():
    # a KB label with two spaces in a row (the bundled sample's "Mike Will Made It  Ear Drummer Records  1") keeps
    # the text off the word-by-word count: split whole by spaCy once, then known (kept between runs like the words)
    from bengal.tokens import _SENTENCES_KEY, add_word_counts, known_word_counts

    text = "The label Mike Will Made It  Ear Drummer Records  1 belongs to Universal. It is a label."
    assert count_sentences(text) == 2  # by hand: one "." inside, a word after it
    assert known_word_counts()[_SENTENCES_KEY + text] == 2
    other = "Rome  is old. Paris is big. Oslo is cold."
    add_word_counts({_SENTENCES_KEY + other: 7})  # as read from the kept file: taken without spaCy
    assert count_sentences(other) == 7
    assert len(sentences(other)) == 3
