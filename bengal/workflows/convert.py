"""``bengal convert`` as a function: read a corpus in one format, write it in another."""

from __future__ import annotations

import os
from typing import IO

from bengal.atomic import check_writable
from bengal.io.formats import ConllOptions, read_corpus, stream_format, write_corpus
from bengal.model import Corpus
from bengal.resources import resolve_corpus
from bengal.typemap import load_type_map, map_corpus_types

__all__ = ["convert"]


def convert(source: str | os.PathLike[str], output: str | os.PathLike[str] | IO[str], *, format: str | None = None,
            map_types: bool = False, type_map: str | os.PathLike[str] | None = None,
            keep_words: bool = False) -> Corpus:
    """Convert the corpus ``source`` (a file, or a shipped corpus name) to ``output``.

    Args:
        source: the corpus to read (format from its extension or content).
        output: the file to write, atomically (format from the extension, or ``format``); or an open
            text stream such as ``sys.stdout``, written once the whole text is ready (needs ``format``).
        format: a format name of :data:`bengal.io.formats.FORMATS`.
        map_types: map mention types (DBpedia classes) to PER/ORG/LOC/MISC through the class hierarchy.
        type_map: a TOML type mapping (implies ``map_types``).
        keep_words: CoNLL output: tokens are whitespace-separated words (cut only at mention
            boundaries) instead of words with punctuation split off. A corpus read from CoNLL keeps
            its tokens either way.

    Returns:
        The corpus as written (its ``warnings`` are the reader's).

    Raises:
        UsageError: an output format that cannot be told, an output path that cannot be written (e.g.
            the source itself; checked before any reading); InputError: a broken source, or a mention
            the output format cannot carry.
    """
    if isinstance(output, (str, os.PathLike)):
        check_writable(output, inputs=(resolve_corpus(source)[0],))
    else:  # before any reading, as check_writable
        stream_format(format)
    corpus = read_corpus(source)
    if map_types or type_map:
        corpus = map_corpus_types(corpus, load_type_map(type_map) if type_map else None)
    split = corpus.metadata.get("format") != "conll" and not keep_words
    write_corpus(corpus, output, format, conll=ConllOptions(split_punct=split))
    return corpus
