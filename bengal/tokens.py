"""Tokens and sentences as bengal counts them: spaCy's rule-based tokenizer of the text's language
(``spacy.blank(lang)``: for English the tokenizer ``en_core_web_sm`` also uses; es, pt, de, fr
have their own exceptions and punctuation rules, French splits "l'homme" into "l'" and "homme";
no model download) and spaCy's rule ``sentencizer`` (a sentence ends at ``.``, ``!``, ``?`` and
the like). ``lang`` defaults to English everywhere, so English counts are unchanged.

The generator's density (:mod:`bengal.generate.density`) and the corpus shape
(:mod:`bengal.shape`) both count with these functions, so the mentions per token that
``bengal generate`` reports is the one ``bengal stats`` measures, and so are the sentences
(:func:`count_sentences` is ``len(sentences(text))``). spaCy is imported on first use.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from importlib import metadata
from typing import TYPE_CHECKING, Any, Callable, Mapping

if TYPE_CHECKING:  # spaCy is imported on first use
    from spacy.tokens import Doc

__all__ = ["count_tokens", "count_sentences", "tokens", "sentences", "tokenizer_version", "add_word_counts",
           "known_word_counts", "take_new_word_counts"]


@lru_cache(maxsize=8)
def _tokenizer(lang: str = "en") -> Callable[[str], Doc]:
    import spacy

    return spacy.blank(lang).tokenizer


@lru_cache(maxsize=8)
def _sentencizer(lang: str = "en") -> Any:
    import spacy

    nlp = spacy.blank(lang)
    nlp.add_pipe("sentencizer")
    return nlp


@lru_cache(maxsize=65536)
def count_tokens(text: str, lang: str = "en") -> int:
    """Number of spaCy tokens of language ``lang`` (a spaCy language code: en, es, pt, de, fr) in
    ``text`` (whitespace tokens included, as spaCy makes them for runs of more than one space).

    An English text whose only whitespace is single spaces between words (what the generator
    writes) is counted word by word, each distinct word tokenised once (:func:`_count_word`; or
    counted before, :func:`add_word_counts`):
    spaCy's tokenizer splits at those spaces first and tokenises each word on its own
    (``Tokenizer._tokenize_affixes``), and no English special case it retokenises across words can
    match a span holding a space (its only rules with whitespace are a single whitespace
    character), so the sum is the count of the whole text (``tests/test_tokens.py`` checks it on
    generated sentences). Any other text, and every text of another language (whose exceptions are
    not checked for spaces), is tokenised whole.

    Raises:
        ImportError: spaCy has no language ``lang`` (``spacy.blank``'s error).
    """
    if lang != "en":
        return len(_tokenizer(lang)(text))
    words = text.split(" ")
    # single-spaced (what the generator writes): no character but the space is whitespace in a printable text
    # (tested in C, without the second split; issue 15), else the two splits are compared
    single = bool(text) and text.isprintable() and "  " not in text and text[0] != " " and text[-1] != " "
    if not single and words != text.split():  # other whitespace, two spaces in a row, or an outer space
        return _count_word(text)
    try:  # every word counted before (most texts: asked for every candidate wording), summed without a loop
        return sum(map(_WORD_COUNTS.__getitem__, words))
    except KeyError:
        pass
    known = _WORD_COUNTS.get
    n = 0
    for w in words:
        c = known(w)
        n += _count_word(w) if c is None else c
    return n


def _count_word(text: str) -> int:
    """The English tokenizer's count of ``text`` (a word, or a text not counted word by word), each
    text tokenised once per process (or counted before: :func:`add_word_counts`)."""
    n = _WORD_COUNTS.get(text)
    if n is None:
        n = _WORD_COUNTS[text] = _NEW_WORD_COUNTS[text] = len(_tokenizer()(text))
    return n


#: English text → its spaCy token count: the words (and the few texts :func:`count_tokens` does not
#: count word by word, such as a label with two spaces in a row) counted in this process and those
#: handed in by :func:`add_word_counts`; ``_NEW_WORD_COUNTS`` holds the ones counted here since
#: :func:`take_new_word_counts` last took them. The same tables keep a word's sentence marks
#: (:func:`_word_marks`) under :data:`_MARKS_KEY` + the word, so that they travel and are kept between runs
#: with the counts.
_WORD_COUNTS: dict[str, int] = {}
_NEW_WORD_COUNTS: dict[str, int] = {}
#: The prefix of a word's sentence marks in :data:`_WORD_COUNTS` (no text starts with a NUL: a label with a
#: control character is never written, :func:`bengal.kb.labels.writable_label`).
_MARKS_KEY = "\x00marks\x00"
#: The prefix of an English text's sentence count in :data:`_WORD_COUNTS`, for a text that
#: :func:`count_sentences` does not count word by word.
_SENTENCES_KEY = "\x00sentences\x00"


def count_sentences(text: str, lang: str = "en") -> int:
    """``len(sentences(text, lang))``: the sentences ``bengal stats`` counts in ``text``.

    An English text whose only whitespace is single spaces between words (what the generator writes)
    is counted word by word, as :func:`count_tokens` counts it, without spaCy for a word met before:
    spaCy's rule sentencizer starts a sentence at the first token that is no punctuation after a
    token that is one of its sentence ends (``.``, ``!``, ``?`` and the like), and the tokens of such a
    text are those of its words (:func:`count_tokens`), so the words' marks (:func:`_word_marks`) in
    order decide every start. "Aa!, which" is two sentences and "Racer X. Barbara" one, as spaCy
    splits them (``tests/test_tokens.py`` checks the count against spaCy's on generated documents).
    Any other text, and every text of another language, is split whole by :func:`sentences`; such an
    English text's count is kept with the word counts (under :data:`_SENTENCES_KEY` + the text), so that
    a run meeting it again (a KB label with two spaces in a row: one document in 10,000) needs no spaCy.

    Raises:
        ImportError: spaCy has no language ``lang``.
    """
    words = text.split(" ")
    if lang != "en":
        return len(sentences(text, lang))
    if words != text.split():
        key = _SENTENCES_KEY + text
        n = _WORD_COUNTS.get(key)
        if n is None:
            n = _WORD_COUNTS[key] = _NEW_WORD_COUNTS[key] = len(sentences(text))
        return n
    n, seen_end = 1, False  # a non-empty text without whitespace tokens: its first token opens a sentence
    for word in words:
        for mark in _word_marks(word):
            if mark == ".":
                seen_end = True
            elif seen_end:
                n, seen_end = n + 1, False
    return n


def _word_marks(word: str) -> str:
    """What spaCy's English rule sentencizer sees of ``word`` (no whitespace): its tokens in order as
    ``"."`` (one of the sentencizer's sentence ends) or ``"w"`` (no punctuation: spaCy's ``is_punct`` is
    false), other punctuation left out and a mark repeated in a row kept once (a repeat changes nothing):
    "Portugal." → ``"w."``, "F.C." → ``"w"`` (one token), "Aa!," → ``"w."``, "," → ``""``. A word without a
    character of Unicode category P is ``"w"`` without spaCy (every sentence end is of category P, and a
    token is punctuation only when all its characters are); another is tokenised once per process, or
    known from an earlier run (kept with the word counts, :data:`_MARKS_KEY`)."""
    found = _MARKS.get(word)  # each word's marks worked out once per process (every document's words)
    if found is None:
        if len(_MARKS) >= _MARKS_SIZE:
            _MARKS.clear()
        found = _MARKS[word] = _marks_of(word)
    return found


#: word → its marks (:func:`_word_marks`), bounded by ``_MARKS_SIZE`` entries.
_MARKS: dict[str, str] = {}
_MARKS_SIZE = 200_000


def _marks_of(word: str) -> str:
    if not any(unicodedata.category(c).startswith("P") for c in word):
        return "w"
    key = _MARKS_KEY + word
    code = _WORD_COUNTS.get(key)
    if code is None:
        ends = _sentence_ends()
        marks = ""
        for t in _tokenizer()(word):
            mark = "." if t.text in ends else "" if t.is_punct else "w"
            if mark and not marks.endswith(mark):
                marks += mark
        # marks alternate: kept as an int (the tables' values), twice the length plus 1 when they open with "."
        code = _WORD_COUNTS[key] = _NEW_WORD_COUNTS[key] = 2 * len(marks) + (marks[:1] == ".")
    length, opens_with_end = divmod(code, 2)
    return ((".w" if opens_with_end else "w.") * length)[:length]


@lru_cache(maxsize=1)
def _sentence_ends() -> frozenset[str]:
    """The tokens after which the English rule sentencizer of :func:`sentences` may start a sentence."""
    return frozenset(_sentencizer("en").get_pipe("sentencizer").punct_chars)


def tokenizer_version() -> str:
    """What the English word counts depend on: ``"spacy-<version>"`` of the installed spaCy, read
    from its package metadata without importing it (``"spacy-unknown"`` when it has none). A word
    count kept beside this version (:func:`add_word_counts`) is the tokenizer's count of that word."""
    try:
        return f"spacy-{metadata.version('spacy')}"
    except metadata.PackageNotFoundError:
        return "spacy-unknown"


def add_word_counts(counts: Mapping[str, int]) -> None:
    """Take ``{text: spaCy token count}`` (words, or whole texts, each counted by the English
    tokenizer of the spaCy of :func:`tokenizer_version`, e.g. kept from an earlier run or counted by
    a worker process) as counted: :func:`count_tokens` then needs neither spaCy's import nor its
    tokenizer for a text made of those words (or that text)."""
    _WORD_COUNTS.update(counts)


def known_word_counts() -> dict[str, int]:
    """Every English word this process knows the count of (counted here or handed in), ``{word: tokens}``;
    also the words' sentence marks, each under :data:`_MARKS_KEY` + the word, and the sentence counts of the texts
    not counted word by word, under :data:`_SENTENCES_KEY` + the text (:func:`count_sentences`)."""
    return dict(_WORD_COUNTS)


def take_new_word_counts() -> dict[str, int]:
    """The English words this process counted with spaCy since the last call, ``{word: tokens}``
    (then forgotten as new; still counted)."""
    new = dict(_NEW_WORD_COUNTS)
    _NEW_WORD_COUNTS.clear()
    return new


def tokens(text: str, lang: str = "en") -> list[tuple[int, int, str]]:
    """The non-space tokens of ``text`` in language ``lang`` as ``(begin, end, text)``: half-open
    code-point offsets into ``text``."""
    return [(t.idx, t.idx + len(t.text), t.text) for t in _tokenizer(lang)(text) if not t.is_space]


def sentences(text: str, lang: str = "en") -> list[tuple[int, int]]:
    """The sentences of ``text`` by spaCy's rule sentencizer for ``lang``, as half-open code-point
    spans ``(begin, end)`` stripped of outer whitespace; sentences of only whitespace are left out."""
    out = []
    for sent in _sentencizer(lang)(text).sents:
        chunk = sent.text
        stripped = chunk.strip()
        if stripped:
            begin = sent.start_char + (len(chunk) - len(chunk.lstrip()))
            out.append((begin, begin + len(stripped)))
    return out
