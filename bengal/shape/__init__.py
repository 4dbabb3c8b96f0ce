"""The shape of a gold corpus (``bengal stats``): size, density, sentence length, surface forms,
ambiguity and the dataset properties of Waitelonis et al. (SWJ 2018), type mix, and gold checks,
measured against a KB's name index (:mod:`bengal.kb.names`). Definitions: ``docs/shape.md``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bengal.lazy import load_attribute

if TYPE_CHECKING:
    from bengal.shape.measures import MEASURES, CorpusShape, measure_corpus

__all__ = ["MEASURES", "CorpusShape", "measure_corpus"]

#: Where each lazily loaded public name lives (PEP 562: a submodule is imported on first use of its name).
_LAZY = {
    "MEASURES": "bengal.shape.measures",
    "CorpusShape": "bengal.shape.measures",
    "measure_corpus": "bengal.shape.measures",
}


def __getattr__(name: str) -> Any:
    """Import the submodule of a public name on its first use (PEP 562), so importing the package is cheap."""
    return load_attribute(__name__, _LAZY, globals(), name)
