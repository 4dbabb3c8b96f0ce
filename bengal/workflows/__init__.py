"""The Python API of bengal's commands: one function per command, paths in, result objects out.

==========================  ===================================================  ============================
command                     function                                             returns
==========================  ===================================================  ============================
``bengal generate``         :func:`~bengal.workflows.generate_files.generate_files`  ``(Generated, manifest)``
``bengal score``            :func:`~bengal.workflows.score_files.score_files`      :class:`ScoreRun`
``bengal compare``          :func:`~bengal.workflows.compare.compare`              the paired bootstrap
``bengal compare-sets``     :func:`~bengal.workflows.compare.compare_sets`         ``list[SetScore]``
``bengal annotate``         :func:`~bengal.workflows.annotate_files.annotate_files`  :class:`AnnotateRun`
``bengal serve``            :func:`~bengal.workflows.annotate_files.serve_system`  (serves until Ctrl-C)
``bengal convert``          :func:`~bengal.workflows.convert.convert`              the corpus written
``bengal prompts``          :func:`~bengal.workflows.prompts.prompt_files`         :class:`PromptRun`
``bengal report``           :func:`~bengal.workflows.report_files.report_files`    the results read
``bengal stats``            :func:`~bengal.workflows.stats_files.stats_files`      :class:`StatsResult`
==========================  ===================================================  ============================

Only this layer reads and writes files on behalf of a command; the CLI (:mod:`bengal.cli`) is
each command's options, one call here, and the text of :mod:`bengal.report`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bengal.lazy import load_attribute

if TYPE_CHECKING:
    from bengal.workflows.annotate_files import AnnotateRun, annotate_files, serve_system
    from bengal.workflows.compare import compare, compare_sets
    from bengal.workflows.convert import convert
    from bengal.workflows.generate_files import generate_config, generate_files
    from bengal.workflows.prompts import PromptRun, prompt_files
    from bengal.workflows.report_files import report_files
    from bengal.workflows.score_files import ScoreRun, score_files
    from bengal.workflows.stats_files import StatsResult, stats_files

__all__ = ["score_files", "ScoreRun", "compare", "compare_sets", "generate_files", "generate_config",
           "annotate_files", "AnnotateRun", "serve_system", "convert", "prompt_files", "PromptRun", "report_files",
           "stats_files", "StatsResult"]

#: Where each lazily loaded public name lives (PEP 562: a submodule is imported on first use of its name).
_LAZY = {
    "compare": "bengal.workflows.compare",
    "compare_sets": "bengal.workflows.compare",
    "convert": "bengal.workflows.convert",
    "AnnotateRun": "bengal.workflows.annotate_files",
    "annotate_files": "bengal.workflows.annotate_files",
    "serve_system": "bengal.workflows.annotate_files",
    "generate_config": "bengal.workflows.generate_files",
    "generate_files": "bengal.workflows.generate_files",
    "PromptRun": "bengal.workflows.prompts",
    "prompt_files": "bengal.workflows.prompts",
    "report_files": "bengal.workflows.report_files",
    "ScoreRun": "bengal.workflows.score_files",
    "score_files": "bengal.workflows.score_files",
    "StatsResult": "bengal.workflows.stats_files",
    "stats_files": "bengal.workflows.stats_files",
}


def __getattr__(name: str) -> Any:
    """Import the submodule of a public name on its first use (PEP 562), so importing the package is cheap."""
    return load_attribute(__name__, _LAZY, globals(), name)
