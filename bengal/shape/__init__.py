"""The shape of a gold corpus (``bengal stats``): size, density, sentence length, surface forms,
ambiguity and the dataset properties of Waitelonis et al. (SWJ 2018), type mix, and gold checks,
measured against a KB's name index (:mod:`bengal.kb.names`). Definitions: ``docs/shape.md``."""

from bengal.shape.measures import MEASURES, CorpusShape, measure_corpus

__all__ = ["MEASURES", "CorpusShape", "measure_corpus"]
