"""Scoring annotation systems against a gold standard, GERBIL-style.

The pieces, one module each (find a rule by its field name):

* :mod:`bengal.score.matching` — span matching (strong, weak) and the
  one-to-one maximum matching of one document's mentions;
* :mod:`bengal.score.uris` — URI matching (sets intersect; NIL matches NIL);
* :mod:`bengal.score.metrics` — TP/FP/FN, P, R, F1, F-beta, micro, macro and
  the zero-division convention (GERBIL's);
* :mod:`bengal.score.tasks` — the experiment types (A2KB, ERec, …);
* :mod:`bengal.score.api` — :func:`score`: pairs documents, runs a task,
  returns a :class:`ScoreResult` (``to_json()``; terminal table in
  :mod:`bengal.report.table`).

Example::

    from bengal.io import read_corpus
    from bengal.score import score
    result = score(read_corpus("gold.ttl"), read_corpus("system.ttl"), task="a2kb", match="strong")
    result.micro.f1, result.macro.f1, result.to_json()

Tag sequences (CoNLL columns, model outputs) have their own modules:
:mod:`bengal.score.schemes` (IO/IOB1/IOB2/IOE1/IOE2/IOBES/BILOU as tables) and
:mod:`bengal.score.chunks` (chunk metrics: :func:`score_chunks`, seqeval-style
:func:`f1_score` / :func:`classification_report`, the training-loop accumulator
:class:`ChunkEvaluator`); partial credit in :mod:`bengal.score.semeval`, Jaccard
F-beta in :mod:`bengal.score.jaccard`.
"""

from bengal.score.api import (
    DocumentScore,
    MicroScore,
    ScoreResult,
    ScoreWarning,
    UnknownOptionError,
    score,
)
from bengal.score.matching import SPAN_MATCHES, STRONG, WEAK, Alignment, align
from bengal.score.metrics import Counts, Measures, f_beta, f_beta_from_pr
from bengal.score.tasks import TASKS, Task
from bengal.score.uris import UriMatcher, uris_match

__all__ = [
    "score",
    "ScoreResult",
    "ScoreWarning",
    "DocumentScore",
    "MicroScore",
    "UnknownOptionError",
    "Counts",
    "Measures",
    "f_beta",
    "f_beta_from_pr",
    "Alignment",
    "align",
    "SPAN_MATCHES",
    "STRONG",
    "WEAK",
    "TASKS",
    "Task",
    "UriMatcher",
    "uris_match",
]

# Chunk metrics of tag sequences (bengal.score.chunks), kept apart from the span scorer's exports.
from bengal.score.chunks import ChunkEvaluator, ChunkReport, score_chunks  # noqa: E402

__all__ += ["ChunkEvaluator", "ChunkReport", "score_chunks"]
