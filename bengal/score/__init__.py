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
