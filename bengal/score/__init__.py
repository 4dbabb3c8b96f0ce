"""Scoring annotation systems against a gold standard, GERBIL-style; one module per rule.

Span tasks: :mod:`~bengal.score.matching` (strong / weak span match, one-to-one maximum
matching), :mod:`~bengal.score.uris` (normalisation, owl:sameAs, KB namespaces),
:mod:`~bengal.score.tasks` (A2KB, D2KB, C2KB, ERec, ETyping), :mod:`~bengal.score.metrics`
(counts, P/R/F1, GERBIL's zero-division rule), :mod:`~bengal.score.pairing`,
:mod:`~bengal.score.api` (:func:`score`), :mod:`~bengal.score.result`. Tag sequences:
:mod:`~bengal.score.chunks` and :mod:`~bengal.score.chunk_evaluator`; partial credit in
:mod:`~bengal.score.semeval`, Jaccard F-beta in :mod:`~bengal.score.jaccard`. The scorer reads
no file and renders no text: files are :mod:`bengal.workflows`', text is :mod:`bengal.report`'s.

    result = score(gold_corpus, pred_corpus, task="a2kb", match="weak", profile="gerbil")
    result.micro.f1, result.macro.f1, result.to_json()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bengal.lazy import load_attribute

if TYPE_CHECKING:
    from bengal.score.api import score
    from bengal.score.matching import PROFILES, SPAN_MATCHES, STRONG, WEAK, Alignment, align
    from bengal.score.metrics import Counts, Measures, MicroScore, f_beta, f_beta_from_pr
    from bengal.score.result import DocumentScore, Result, ScoreResult, ScoreWarning, SubScore, Sweep, SweepPoint
    from bengal.score.tasks import TASKS, Task
    from bengal.score.uris import KbNamespaces, SameAsIndex, UriMatcher, kb_matcher, normalise_uri, uris_match

__all__ = ["score", "PROFILES", "Result", "ScoreResult", "ScoreWarning", "DocumentScore", "MicroScore", "SubScore",
           "Sweep", "SweepPoint", "Counts", "Measures", "f_beta", "f_beta_from_pr", "Alignment", "align",
           "SPAN_MATCHES", "STRONG", "WEAK", "TASKS", "Task", "KbNamespaces", "SameAsIndex", "UriMatcher",
           "kb_matcher", "normalise_uri", "uris_match"]

#: Where each lazily loaded public name lives (PEP 562: a submodule is imported on first use of its name).
_LAZY = {
    "score": "bengal.score.api",
    "PROFILES": "bengal.score.matching",
    "SPAN_MATCHES": "bengal.score.matching",
    "STRONG": "bengal.score.matching",
    "WEAK": "bengal.score.matching",
    "Alignment": "bengal.score.matching",
    "align": "bengal.score.matching",
    "Counts": "bengal.score.metrics",
    "Measures": "bengal.score.metrics",
    "MicroScore": "bengal.score.metrics",
    "f_beta": "bengal.score.metrics",
    "f_beta_from_pr": "bengal.score.metrics",
    "DocumentScore": "bengal.score.result",
    "Result": "bengal.score.result",
    "ScoreResult": "bengal.score.result",
    "ScoreWarning": "bengal.score.result",
    "SubScore": "bengal.score.result",
    "Sweep": "bengal.score.result",
    "SweepPoint": "bengal.score.result",
    "TASKS": "bengal.score.tasks",
    "Task": "bengal.score.tasks",
    "KbNamespaces": "bengal.score.uris",
    "SameAsIndex": "bengal.score.uris",
    "UriMatcher": "bengal.score.uris",
    "kb_matcher": "bengal.score.uris",
    "normalise_uri": "bengal.score.uris",
    "uris_match": "bengal.score.uris",
}


def __getattr__(name: str) -> Any:
    """Import the submodule of a public name on its first use (PEP 562), so importing the package is cheap."""
    return load_attribute(__name__, _LAZY, globals(), name)
