"""Generation of gold standards from a KB (BENGAL, Ngonga Ngomo et al., INLG 2018).

Pipeline: KB → seed selection → subgraph (strategy) → what is a mention
(:mod:`bengal.generate.mentions`) and dates (:mod:`bengal.generate.literals`) → document plan →
microplan (lexicon, density control) → realisation → Document with gold mentions → gold checks → writer.

Python users call :func:`generate` (returns a corpus, writes nothing) or
:func:`bengal.workflows.generate_files` (what ``bengal generate`` runs: checks and writes).
"""

from __future__ import annotations

from bengal.generate.checks import check_gold
from bengal.generate.config import DEFAULT_CLASSES, GenerateConfig
from bengal.generate.density import DENSITY_PRESETS
from bengal.generate.pipeline import Generated, generate
from bengal.generate.presets import Preset, list_presets, load_preset
from bengal.generate.strategies import STRATEGIES

__all__ = ["GenerateConfig", "Generated", "generate", "check_gold", "DEFAULT_CLASSES", "DENSITY_PRESETS", "STRATEGIES",
           "Preset", "list_presets", "load_preset"]
