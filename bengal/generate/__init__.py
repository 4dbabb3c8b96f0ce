"""Generation of gold standards from a KB (BENGAL, Ngonga Ngomo et al., INLG 2018).

Pipeline: KB → seed selection → subgraph (strategy) → what is a mention
(:mod:`bengal.generate.mentions`) and dates (:mod:`bengal.generate.literals`) → document plan →
microplan (lexicon, density control) → realisation → Document with gold mentions → gold checks → writer.

Python users call :func:`generate` (returns a corpus, writes nothing) or
:func:`bengal.workflows.generate_files` (what ``bengal generate`` runs: checks and writes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bengal.lazy import load_attribute

if TYPE_CHECKING:
    from bengal.generate.checks import check_gold
    from bengal.generate.config import DEFAULT_CLASSES, GenerateConfig
    from bengal.generate.density import DENSITY_PRESETS
    from bengal.generate.pipeline import Generated, generate
    from bengal.generate.presets import Preset, list_presets, load_preset
    from bengal.generate.strategies import STRATEGIES

__all__ = ["GenerateConfig", "Generated", "generate", "check_gold", "DEFAULT_CLASSES", "DENSITY_PRESETS", "STRATEGIES",
           "Preset", "list_presets", "load_preset"]

#: Where each lazily loaded public name lives (PEP 562: a submodule is imported on first use of its name).
_LAZY = {
    "check_gold": "bengal.generate.checks",
    "DEFAULT_CLASSES": "bengal.generate.config",
    "GenerateConfig": "bengal.generate.config",
    "DENSITY_PRESETS": "bengal.generate.density",
    "Generated": "bengal.generate.pipeline",
    "generate": "bengal.generate.pipeline",
    "Preset": "bengal.generate.presets",
    "list_presets": "bengal.generate.presets",
    "load_preset": "bengal.generate.presets",
    "STRATEGIES": "bengal.generate.strategies",
}


def __getattr__(name: str) -> Any:
    """Import the submodule of a public name on its first use (PEP 562), so importing the package is cheap."""
    return load_attribute(__name__, _LAZY, globals(), name)
