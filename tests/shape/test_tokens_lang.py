"""bengal.tokens counts with the tokenizer of the text's language (issue 13): French splits an elided
article off its noun and keeps a hyphenated country whole, where the English tokenizer does the
opposite; English is the default, so B1-B10 counts are unchanged. Counts written by hand."""

from __future__ import annotations

import pytest

from bengal.tokens import count_tokens, sentences, tokens

FRENCH = "L'homme politique naît aux États-Unis."


def test_french_tokens_differ_from_english():
    # fr: L' | homme | politique | naît | aux | États-Unis | .
    assert [t for _, _, t in tokens(FRENCH, "fr")] == ["L'", "homme", "politique", "naît", "aux", "États-Unis", "."]
    assert count_tokens(FRENCH, "fr") == 7
    # en: L'homme | politique | naît | aux | États | - | Unis | .
    assert count_tokens(FRENCH) == count_tokens(FRENCH, "en") == 8
    begin, end, text = tokens(FRENCH, "fr")[5]
    assert FRENCH[begin:end] == text == "États-Unis"  # half-open code-point offsets


@pytest.mark.parametrize("lang,text,n", [("es", "Nació en el Reino Unido.", 6),
                                         ("pt", "Nasceu no Paquistão.", 4),
                                         ("de", "Auf den Politiker folgte z. B. Hans.", 8)])
def test_other_languages(lang, text, n):
    assert count_tokens(text, lang) == n


def test_sentences_per_language():
    text = "Zé naît en Iran. Il meurt à Paris."
    assert sentences(text, "fr") == [(0, 16), (17, 34)]
    assert sentences(text, "fr") == sentences(text)


def test_an_unknown_language_is_refused():
    with pytest.raises(ImportError):
        count_tokens("x", "xx-not-a-language")
