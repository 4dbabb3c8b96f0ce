"""``bengal prompts`` as a function: one NER prompt per sentence of a corpus, in evalscope's tag format."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from bengal.atomic import atomic_write, check_writable
from bengal.io.formats import read_corpus
from bengal.llm.prompts import corpus_prompts, fewshot_samples
from bengal.model import CorpusWarning
from bengal.report.jsonout import payload_line
from bengal.resources import resolve_corpus
from bengal.typemap import load_type_map

__all__ = ["PromptRun", "prompt_files"]


@dataclass(frozen=True)
class PromptRun:
    """What :func:`prompt_files` wrote: ``prompts`` records to ``output``; the corpus reader's warnings."""

    prompts: int
    output: Path
    corpus_warnings: tuple[CorpusWarning, ...] = ()


def prompt_files(corpus: str | os.PathLike[str], output: str | os.PathLike[str], *, shots: int = 5,
                 type_map: str | os.PathLike[str] | None = None, with_target: bool = False) -> PromptRun:
    """Write one ``{"id", "text", "prompt"}`` record per sentence of ``corpus`` to ``output`` (JSON Lines,
    atomically); the answers are scored by ``bengal score CORPUS answers.jsonl``.

    Args:
        corpus: a corpus file or a shipped corpus name (``"conllpp"``).
        output: the prompts file.
        shots: few-shot examples from the CoNLL-2003 training split (0 … 10).
        type_map: TOML mapping of DBpedia classes to PER/ORG/LOC/MISC.
        with_target: add each sentence's gold answer as ``"target"``.

    Raises:
        UsageError: ``shots`` out of range, an output path that cannot be written (e.g. the corpus
            itself); both checked before any reading. InputError: a broken corpus or a gold mention
            CoNLL cannot carry.
    """
    examples = fewshot_samples(shots)
    check_writable(output, inputs=(resolve_corpus(corpus)[0],))
    gold = read_corpus(corpus)
    records = corpus_prompts(gold, examples, map_type=load_type_map(type_map) if type_map else None,
                             with_target=with_target)
    n = 0
    with atomic_write(output, "w") as fh:
        for rec in records:
            fh.write(payload_line(rec))
            n += 1
    return PromptRun(n, Path(output), gold.warnings)
