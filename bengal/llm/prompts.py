"""Prompts for LLM named-entity recognition in evalscope's ``conllpp`` answer format.

One prompt per sentence of a gold corpus (the samples of
:func:`bengal.llm.samples.sentence_samples`, whose ids the answers must
carry): the model is asked to give the sentence back inside
``<response>…</response>`` with every entity wrapped in ``<person>``,
``<organization>``, ``<location>`` or ``<miscellaneous>`` (the answer format of
evalscope's ``conllpp`` benchmark, which :mod:`bengal.llm.answers` scores).
The instruction text is bengal's own wording.

Few-shot examples are the first sentences of the CoNLL-2003 training split,
shipped in ``corpora/conllpp/fewshot_train.txt`` (provenance in
``corpora/conllpp/README.md``; at most :data:`MAX_SHOTS`), each shown with its
gold answer (as evalscope's 5-shot default does, from the same split).
Generated corpora get the same four tags, their DBpedia classes mapped by
:mod:`bengal.typemap`.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Sequence

from bengal.errors import UsageError
from bengal.io.conll import read_conll
from bengal.io.tagged import render_tagged
from bengal.llm.samples import Sample, sentence_samples
from bengal.model import Corpus
from bengal.resources import data_dir

__all__ = ["INSTRUCTION", "MAX_SHOTS", "fewshot_samples", "build_prompt", "corpus_prompts"]

INSTRUCTION = """\
Task: named entity recognition. Mark every name of a person, organization, location or other \
named thing in the sentence below, by wrapping it in one of these tags:
<person>…</person> for people (real or fictional),
<organization>…</organization> for companies, teams, parties, institutions and other organizations,
<location>…</location> for countries, cities, regions, rivers, mountains and other places,
<miscellaneous>…</miscellaneous> for other names: nationalities, events, languages, works, products.

How to answer:
- Give back the sentence exactly as it is: the same words, spaces, punctuation and case.
- Insert the tags around the entities and change nothing else.
- Put the whole tagged sentence between <response> and </response>.
- Do not nest tags; close every tag you open; add no explanation."""

MAX_SHOTS = 10


def fewshot_samples(shots: int) -> list[Sample]:
    """The first ``shots`` sentences of the shipped CoNLL-2003 training excerpt.

    Raises:
        UsageError: ``shots`` outside 0 … :data:`MAX_SHOTS`.
    """
    if not 0 <= shots <= MAX_SHOTS:
        raise UsageError(f"--shots must lie between 0 and {MAX_SHOTS} (the shipped training sentences), "
                         f"got {shots}")
    if shots == 0:
        return []
    corpus = read_conll(data_dir("corpora") / "conllpp" / "fewshot_train.txt", name="conll2003-train")
    return sentence_samples(corpus)[:shots]


def build_prompt(sample: Sample, shots: Sequence[Sample] = ()) -> str:
    """The prompt text for ``sample`` with the few-shot examples ``shots``."""
    parts = []
    if shots:
        parts.append("Examples:\n")
        for s in shots:
            parts.append(f"Sentence: {s.text}\nAnswer: {render_tagged(s.tokens, s.chunks())}\n")
        parts.append("")
    parts.append(INSTRUCTION)
    parts.append(f"\nSentence: {sample.text}\nAnswer:")
    return "\n".join(parts)


def corpus_prompts(corpus: Corpus, examples: Sequence[Sample] = (), *,
                   map_type: Callable[[str | None], str] | None = None,
                   with_target: bool = False) -> Iterator[dict[str, Any]]:
    """One record per sentence: ``{"id", "text", "prompt"}`` (+ ``"target"``, the gold answer, when
    ``with_target``), each prompt with the few-shot ``examples`` (:func:`fewshot_samples`).

    Raises:
        InputError: a gold mention CoNLL cannot carry (see :func:`bengal.llm.samples.sentence_samples`).
    """
    for s in sentence_samples(corpus, map_type):
        rec = {"id": s.id, "text": s.text, "prompt": build_prompt(s, examples)}
        if with_target:
            rec["target"] = render_tagged(s.tokens, s.chunks())
        yield rec
