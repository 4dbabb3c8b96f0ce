"""LLM named-entity recognition in evalscope's tag format: the samples of a gold corpus
(:mod:`bengal.llm.samples`), the prompts (:mod:`bengal.llm.prompts`), and placing and scoring the
answers (:mod:`bengal.llm.answers`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bengal.lazy import load_attribute

if TYPE_CHECKING:
    from bengal.llm.answers import AnswerReport, align_answer, answers_as_corpora, score_answers
    from bengal.llm.prompts import build_prompt, corpus_prompts, fewshot_samples
    from bengal.llm.samples import Sample, sample_id, sentence_samples

__all__ = ["Sample", "sample_id", "sentence_samples", "build_prompt", "corpus_prompts", "fewshot_samples",
           "AnswerReport", "align_answer", "score_answers", "answers_as_corpora"]

#: Where each lazily loaded public name lives (PEP 562: a submodule is imported on first use of its name).
_LAZY = {
    "AnswerReport": "bengal.llm.answers",
    "align_answer": "bengal.llm.answers",
    "answers_as_corpora": "bengal.llm.answers",
    "score_answers": "bengal.llm.answers",
    "build_prompt": "bengal.llm.prompts",
    "corpus_prompts": "bengal.llm.prompts",
    "fewshot_samples": "bengal.llm.prompts",
    "Sample": "bengal.llm.samples",
    "sample_id": "bengal.llm.samples",
    "sentence_samples": "bengal.llm.samples",
}


def __getattr__(name: str) -> Any:
    """Import the submodule of a public name on its first use (PEP 562), so importing the package is cheap."""
    return load_attribute(__name__, _LAZY, globals(), name)
