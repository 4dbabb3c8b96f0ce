"""LLM named-entity recognition in evalscope's tag format: the samples of a gold corpus
(:mod:`bengal.llm.samples`), the prompts (:mod:`bengal.llm.prompts`), and placing and scoring the
answers (:mod:`bengal.llm.answers`)."""

from bengal.llm.answers import AnswerReport, align_answer, answers_as_corpora, score_answers
from bengal.llm.prompts import build_prompt, corpus_prompts, fewshot_samples
from bengal.llm.samples import Sample, sample_id, sentence_samples

__all__ = ["Sample", "sample_id", "sentence_samples", "build_prompt", "corpus_prompts", "fewshot_samples",
           "AnswerReport", "align_answer", "score_answers", "answers_as_corpora"]
