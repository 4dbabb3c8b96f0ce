"""The generated text keeps its variety of wording (issue 11: "word types / 3,000 tokens" outside mentions).

A fact is said in one of its template's wordings, drawn per document and sentence (``vary``), for the
first clause of a sentence and the later ones alike. If the draw collapsed to one wording (every
document "X has worked with Y"), the words that only the other wordings bring would be missing from a
generated corpus: that is what these tests count, with bounds computed from the lexicon, not copied
from a run.
"""

from __future__ import annotations

import re

import pytest

from bengal.generate.config import GenerateConfig
from bengal.generate.lexicon import load_lexicon
from bengal.generate.pipeline import generate
from bengal.tokens import tokens

LEX = load_lexicon("en")

#: The four properties the bundled sample says most (about a third of all facts over every strategy and
#: preset), and the subject classes whose wordings they take.
FREQUENT = {"associatedBand": (), "associatedMusicalArtist": (), "recordLabel": (),
            "genre": ("MusicalArtist", "Artist", "Person")}


def _words(template: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]+", template.replace("{s}", " ").replace("{o}", " "))}


def _variant_words(prop: str, classes: tuple[str, ...]) -> set[str]:
    """The words that only the wordings after the first bring (one object and several), in any tense."""
    out: set[str] = set()
    for n in (1, 2):
        variants = LEX.templates(prop, prop, classes, n)
        first = _words(variants[0]) | _words(LEX.past(variants[0]))
        for v in variants[1:]:
            out |= (_words(v) | _words(LEX.past(v))) - first
    return out


def test_the_frequent_properties_have_several_wordings():
    for prop, classes in FREQUENT.items():
        assert len(LEX.templates(prop, prop, classes, 1)) >= 4, prop
        assert len(_variant_words(prop, classes)) >= 4, prop


@pytest.fixture(scope="module")
def outside_words(bundled_kb) -> set[str]:
    corpus = generate(bundled_kb, GenerateConfig(docs=120, strategy="star", seed=1, sentence_length="news")).corpus
    words: set[str] = set()
    for d in corpus.documents:
        spans = [(m.begin, m.end) for m in d.mentions]
        words |= {t.lower() for b, e, t in tokens(d.text, "en")
                  if t.isalpha() and not any(b < me and mb < e for mb, me in spans)}
    return words


def test_a_generated_corpus_uses_the_other_wordings(outside_words):
    # 120 star documents of the bundled sample say each of these properties 50 to 180 times; a sentence
    # weighs its main wording and two others drawn per document and sentence (microplan.MAX_WEIGHED_VARIANTS)
    # and a later clause draws among all of them, so each of the 4 to 8 is expected some 10 times or more,
    # and one never drawn is rare. Half of the words only the other wordings
    # bring leaves room for the density control's choices; with one wording only, none would appear.
    for prop, classes in FREQUENT.items():
        own = _variant_words(prop, classes)
        seen = own & outside_words
        assert len(seen) >= len(own) / 2, (prop, sorted(own - seen))
