"""``bengal stats``: read corpora, measure their shape against a KB's name index."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from bengal.errors import InputError, UsageError
from bengal.generate.lexicon import load_lexicon
from bengal.io.formats import read_corpus
from bengal.io.manifest import manifest_path, read_manifest
from bengal.kb.nameable import check_language
from bengal.kb.names import name_index
from bengal.kb.store import open_kb
from bengal.model import Corpus
from bengal.shape import CorpusShape, measure_corpus
from bengal.tokens import count_tokens

__all__ = ["StatsResult", "stats_files", "corpus_language"]


@dataclass(frozen=True)
class StatsResult:
    """The shapes of the corpora, in argument order, and the KB snapshot they were measured with."""

    shapes: tuple[CorpusShape, ...]
    kb: str


def _spacy_language(tag: str, where: str) -> str:
    """The spaCy language of the BCP 47 ``tag`` (its primary subtag: ``pt-BR`` → ``pt``).

    Raises:
        UsageError: no language tag, or one spaCy has no tokenizer for (``where`` names its source).
    """
    try:
        lang = check_language(tag).split("-")[0]
    except UsageError as exc:
        raise UsageError(f"{where}: {exc}") from None
    try:
        count_tokens("", lang)
    except ImportError:
        raise UsageError(f"{where}: spaCy has no tokenizer for the language {tag!r}") from None
    return lang


def corpus_language(source: str | os.PathLike[str], corpus: Corpus,
                    lang: str | None = None) -> tuple[str, str | None]:
    """``(spaCy language, where it came from)`` to count the tokens and sentences of ``corpus``
    (read from ``source``) in.

    The corpus says its language in the manifest ``bengal generate`` writes beside it
    (``OUT.manifest.json``, ``parameters.lang``) or in the language tags of a NIF file's
    ``nif:isString`` literals (``corpus.metadata["languages"]``, one tag; bengal writes none). ``lang``
    (``--lang``) is used when given and must agree with what the corpus says; without either the
    language is English (source ``None``). Tags compare by their primary subtag (``pt-BR`` is ``pt``).
    A stale or unreadable manifest says nothing (:func:`bengal.io.manifest.read_manifest`).

    Returns:
        the language (``"es"``) and ``"--lang"``, the manifest's file name, ``"its nif:isString
        tags"`` or ``None``.

    Raises:
        UsageError: ``lang``, the manifest's ``lang`` or a NIF tag is no language spaCy tokenizes; the
            manifest and the NIF tags disagree, the NIF file carries several languages, or ``lang``
            disagrees with the corpus (one line naming the file).
    """
    name = str(source)
    found: list[tuple[str, str]] = []  # (language, where)
    if Path(source).is_file():
        manifest, _ = read_manifest(source)
        params = manifest.get("parameters") if manifest else None
        if isinstance(params, dict) and "lang" in params:
            mpath = manifest_path(source).name
            value = params["lang"]
            if not isinstance(value, str):
                raise InputError(f"parameters.lang is not a language tag: {value!r}", source=mpath)
            found.append((_spacy_language(value, f"{mpath} (parameters.lang)"), mpath))
    tags = sorted({_spacy_language(t, f"{name} (nif:isString)") for t in corpus.metadata.get("languages", ())})
    if len(tags) > 1:
        raise UsageError(f"{name}: its texts are tagged in several languages ({', '.join(tags)}); "
                         "give --lang to count tokens in one")
    if tags:
        found.append((tags[0], "its nif:isString tags"))
    if len({lg for lg, _ in found}) > 1:
        (a, wa), (b, wb) = found
        raise UsageError(f"{name}: {wa} says {a} but {wb} say {b}; give --lang to choose")
    if lang is not None:
        chosen = _spacy_language(lang, "--lang")
        if found and found[0][0] != chosen:
            raise UsageError(f"--lang {chosen}, but {name} is in {found[0][0]} ({found[0][1]})")
        return chosen, "--lang"
    return found[0] if found else ("en", None)


def stats_files(corpora: Sequence[str | os.PathLike[str]], *, kb_path: str | os.PathLike[str] | None = None,
                format: str | None = None, lang: str | None = None, status: Callable[[str], None] | None = None,
                progress: Callable[[int, int], None] | None = None) -> StatsResult:
    """Measure each corpus file (any format :func:`bengal.io.formats.read_corpus` reads, or a
    shipped corpus name such as ``conllpp``) against the KB at ``kb_path`` (the bundled sample
    when ``None``). Tokens and sentences are counted in each corpus's language
    (:func:`corpus_language`: ``lang``, else what the corpus says, else English). ``status`` is told
    what the waits are for (the KB store's build on first use, the KB's name index), ``progress`` gets
    the store build's ``(bytes read, bytes)`` (:func:`bengal.kb.store.open_kb`).

    Raises:
        InputError: an unreadable or broken corpus (the message names the file, line or document),
            an unusable KB.
        UsageError: a language that is unknown or disagrees with the corpus (:func:`corpus_language`).
    """
    read = [read_corpus(c, format) for c in corpora]  # every corpus is checked before the KB is opened
    langs = [corpus_language(c, r, lang) for c, r in zip(corpora, read)]
    kb = open_kb(kb_path, status=status, progress=progress)
    names = name_index(kb, status=status)
    other_names = load_lexicon("en").other_names  # the index's labels are English
    shapes = tuple(measure_corpus(c, names, lang=lg, lang_source=where, other_names=other_names)
                   for c, (lg, where) in zip(read, langs))
    return StatsResult(shapes, getattr(kb, "snapshot", str(kb_path)))
