"""The samples of a gold corpus for LLM answers: one per sentence, tokens with IOB2 tags of CoNLL types.

The gold corpus is cut as its CoNLL export (:func:`bengal.io.conll.write_conll`: a document's
lines are its sentences; a corpus read from CoNLL keeps its tokens, any other gets words with
punctuation split off, cut at mention boundaries; types mapped to PER/ORG/LOC/MISC by
:mod:`bengal.typemap`). A generated corpus has no line breaks in its documents, so each of its
documents is one sample. A sample's source text is its tokens joined by single spaces
(evalscope's ``" ".join(tokens)``); its id is ``NNNNN-hhhhhhhh``, the 1-based sentence number and
the first 8 hex digits of the SHA-1 of the text, so that answers made for another corpus do not
pair up silently.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from typing import Callable

from bengal.io.conll import read_conll_file, write_conll
from bengal.model import Corpus
from bengal.tagging.decode import get_entities
from bengal.typemap import map_corpus_types

__all__ = ["Sample", "sample_id", "sentence_samples"]


@dataclass(frozen=True)
class Sample:
    """One sentence: ``id``, ``tokens``, gold IOB2 ``tags`` (CoNLL types)."""

    id: str
    tokens: tuple[str, ...]
    tags: tuple[str, ...]

    @property
    def text(self) -> str:
        """The source text: tokens joined by single spaces."""
        return " ".join(self.tokens)

    def chunks(self) -> list[tuple[int, int, str]]:
        """``(first token, last token, type)`` of the gold tags (inclusive)."""
        return [(s, e, t) for t, s, e in get_entities(list(self.tags))]


def sample_id(index: int, text: str) -> str:
    """``NNNNN-hhhhhhhh``: 1-based ``index`` and the SHA-1 of ``text`` (module docstring)."""
    return f"{index + 1:05d}-{hashlib.sha1(text.encode('utf-8')).hexdigest()[:8]}"


def sentence_samples(corpus: Corpus, map_type: Callable[[str | None], str] | None = None) -> list[Sample]:
    """The samples of a gold corpus (module docstring).

    Args:
        corpus: any corpus (CoNLL, NIF, JSONL).
        map_type: a mention type → CoNLL type (PER/ORG/LOC/MISC); default
            :func:`bengal.typemap.default_type_map`.

    Raises:
        InputError: a mention CoNLL cannot carry (overlapping mentions, a span on whitespace).
    """
    mapped = map_corpus_types(corpus, map_type)
    buf = io.StringIO()
    # CoNLL tokens stay as they are; any other corpus gets its punctuation split off words
    write_conll(mapped, buf, docstart=False, split_punct=mapped.metadata.get("format") != "conll")
    cf = read_conll_file(buf.getvalue().encode("utf-8"))
    return [Sample(sample_id(i, " ".join(s.tokens)), s.tokens, s.tags) for i, s in enumerate(cf.sentences)]
