"""One system on several gold sets, side by side (``bengal compare-sets``).

For each pair (gold set, the system's predictions on it):

* **NER view**: entity-level P/R/F1 of spans with CoNLL types: both sides'
  mention types mapped to PER/ORG/LOC/MISC (:mod:`bengal.typemap`; DBpedia
  classes through their superclasses), then the ``etyping`` task with strong
  match (same span, same type): on CoNLL files this is the chunk count of
  :mod:`bengal.score.chunks` (same first and last token, same type).
* **A2KB view** (only when the gold has URIs): span and URI (``a2kb``, strong
  match), as ``bengal score``.
* Both with percentile bootstrap intervals over documents
  (:func:`bengal.score.bootstrap.bootstrap_ci`); for answer files the
  documents are the sentences (one sample each).

The files are read, and answer files in evalscope's tag format placed (NER view only, their flaw
counts reported), by :func:`bengal.workflows.compare.compare_sets`; the table is
:func:`bengal.report.sets.render_sets`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from bengal.model import Corpus
from bengal.score.api import score
from bengal.score.bootstrap import with_ci
from bengal.score.result import ScoreResult
from bengal.typemap import map_corpus_types

__all__ = ["SetScore", "ner_view", "set_views"]


@dataclass
class SetScore:
    """The views of one gold set: ``ner`` and ``a2kb`` (None without gold URIs), the answer-file
    flaws (``{rule: count}``, empty for corpus predictions)."""

    gold: str
    pred: str
    ner: ScoreResult
    a2kb: ScoreResult | None
    flaws: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"gold": self.gold, "pred": self.pred, "ner": self.ner.to_json(),
                "a2kb": self.a2kb.to_json() if self.a2kb else None, "answer_flaws": self.flaws}


def ner_view(gold: Corpus, pred: Corpus, *, samples: int = 1000, seed: int = 0) -> ScoreResult:
    """The NER view of two corpora whose types are CoNLL types already: ETyping, strong match, with
    bootstrap intervals from ``samples`` resamplings (0: none)."""
    return _with_ci(score(gold, pred, task="etyping", match="strong"), samples, seed)


def set_views(gold: Corpus, pred: Corpus, *, samples: int = 1000, seed: int = 0,
              map_type: Callable[[str | None], str] | None = None) -> tuple[ScoreResult, ScoreResult | None]:
    """``(NER view, A2KB view or None)`` of a prediction corpus on a gold corpus (module docstring):
    types mapped to PER/ORG/LOC/MISC for the NER view; the A2KB view only when the gold has URIs."""
    ner = ner_view(map_corpus_types(gold, map_type), map_corpus_types(pred, map_type), samples=samples, seed=seed)
    has_uris = any(m.uris for d in gold for m in d.mentions)
    a2kb = _with_ci(score(gold, pred, task="a2kb", match="strong"), samples, seed) if has_uris else None
    return ner, a2kb


def _with_ci(result: ScoreResult, samples: int, seed: int) -> ScoreResult:
    """``result`` with bootstrap intervals from ``samples`` resamplings (0: as it is)."""
    return with_ci(result, samples, seed=seed) if samples else result
