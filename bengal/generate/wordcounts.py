"""The English word counts of the generator's token counts, kept between runs.

:func:`bengal.tokens.count_tokens` counts a generated English text word by word, each distinct word
tokenised once by spaCy. A run of ``bengal generate`` meets tens of thousands of distinct words (names
of the KB, the lexicon's words with their punctuation), and spaCy's import (about 0.9 s) and those
first tokenisations (about 1 s for 10,000 documents) were a tenth of a run, paid again by every worker
process. The counts are kept in ``$BENGAL_CACHE/tokens/`` (:func:`bengal.kb.store.cache_dir`) in a
file named by the spaCy version that counted them (:func:`bengal.tokens.tokenizer_version`): a run
reads them first and adds the words it counted at its end (and the few texts not counted word by
word, such as a label with two spaces in a row), so a text of known words is counted without spaCy,
to the same number. A damaged or foreign file is ignored, a cache that cannot be
written only costs time.
"""

from __future__ import annotations

from pathlib import Path

from bengal.kb.diskcache import read_cached, save_merged
from bengal.kb.store import cache_dir
from bengal.tokens import add_word_counts, known_word_counts, tokenizer_version

__all__ = ["load_word_counts", "save_word_counts", "word_counts_path"]

#: The counts this process read from or wrote to each file, to tell at the end whether it knows more.
_kept: dict[Path, dict[str, int]] = {}


def word_counts_path() -> Path:
    """The file of the English word counts of the installed spaCy (``$BENGAL_CACHE/tokens/``)."""
    return cache_dir() / "tokens" / f"words-en-{tokenizer_version()}.pickle"


def _valid(counts: dict) -> bool:
    return all(type(w) is str and type(n) is int and n >= 0 for w, n in counts.items())


def _read(path: Path) -> dict[str, int]:
    return read_cached(path, dict, _valid) or {}


def load_word_counts() -> None:
    """Hand the kept English word counts to :func:`bengal.tokens.add_word_counts` (the file is read
    once per process)."""
    path = word_counts_path()
    if path not in _kept:
        _kept[path] = _read(path)
        add_word_counts(_kept[path])


def save_word_counts() -> int:
    """Keep every English word count this process knows (:func:`bengal.tokens.known_word_counts`:
    those it read, counted, or had from its worker processes) in the file, merged with what the file
    holds now, when the file lacks any of them; the number of words added (0: nothing written)."""
    return save_merged(word_counts_path(), known_word_counts(), _kept, _read)
