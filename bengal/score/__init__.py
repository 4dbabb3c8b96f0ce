"""Scoring annotation systems against a gold standard, GERBIL-style.

The pieces, one module each (find a rule by its field name):

* :mod:`bengal.score.matching` — span matching (strong, weak) and the
  one-to-one maximum matching of one document's mentions;
* :mod:`bengal.score.uris` — URI matching: normalisation, owl:sameAs, KB
  namespaces (InKB vs emerging entities), the matching rule;
* :mod:`bengal.score.metrics` — TP/FP/FN, P, R, F1, F-beta, micro, macro and
  the zero-division convention (GERBIL's);
* :mod:`bengal.score.tasks` — the experiment types (A2KB, D2KB, C2KB, ERec, ETyping);
* :mod:`bengal.score.api` — :func:`score`: pairs documents, runs a task,
  returns a :class:`ScoreResult` (``to_json()``; terminal table in
  :mod:`bengal.report.table`).

Example::

    from bengal.io import read_corpus
    from bengal.score import score
    result = score(read_corpus("gold.ttl"), read_corpus("system.ttl"), task="a2kb", match="weak",
                   profile="gerbil", kb_namespaces=["http://dbpedia.org/resource/"])
    result.micro.f1, result.macro.f1, result.to_json()

Tag sequences (CoNLL columns, model outputs) have their own modules:
:mod:`bengal.score.schemes` (IO/IOB1/IOB2/IOE1/IOE2/IOBES/BILOU as tables) and
:mod:`bengal.score.chunks` (chunk metrics: :func:`score_chunks`, seqeval-style
:func:`f1_score` / :func:`classification_report`, the training-loop accumulator
:class:`ChunkEvaluator`); partial credit in :mod:`bengal.score.semeval`, Jaccard
F-beta in :mod:`bengal.score.jaccard`.
"""

from bengal.score.api import (
    PROFILES,
    DocumentScore,
    MicroScore,
    ScoreResult,
    ScoreWarning,
    SubScore,
    Sweep,
    SweepPoint,
    score,
    score_corpora,
)
from bengal.score.matching import SPAN_MATCHES, STRONG, WEAK, Alignment, align
from bengal.score.metrics import Counts, Measures, f_beta, f_beta_from_pr
from bengal.score.tasks import TASKS, Task
from bengal.score.uris import KbNamespaces, SameAsIndex, UriMatcher, kb_matcher, normalise_uri, read_same_as, uris_match

__all__ = [
    "score",
    "score_corpora",
    "PROFILES",
    "SubScore",
    "Sweep",
    "SweepPoint",
    "KbNamespaces",
    "SameAsIndex",
    "kb_matcher",
    "normalise_uri",
    "read_same_as",
    "ScoreResult",
    "ScoreWarning",
    "DocumentScore",
    "MicroScore",
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
