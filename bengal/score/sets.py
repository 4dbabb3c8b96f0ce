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

Predictions may be any corpus file, or an answer file in evalscope's tag
format (:mod:`bengal.score.answers`; NER view only, its flaw counts are
reported).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Callable

from bengal.io import read_corpus
from bengal.score.api import score
from bengal.score.result import ScoreResult
from bengal.score.bootstrap import with_ci
from bengal.typemap import map_corpus_types

__all__ = ["SetScore", "score_set", "render_sets"]


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


def score_set(gold: str | os.PathLike[str], pred: str | os.PathLike[str], *, samples: int = 1000, seed: int = 0,
              map_type: Callable[[str | None], str] | None = None, strict: bool = False) -> SetScore:
    """Score one pair (module docstring).

    Raises:
        InputError: a broken file; UsageError: ``samples < 0``.
    """
    from bengal.score.answers import (answers_as_corpora, is_answers_file, read_answers, score_answers,
                                      sentence_samples)

    g = read_corpus(gold, strict=strict)

    def ci(r: ScoreResult) -> ScoreResult:
        return with_ci(r, samples, seed=seed) if samples else r

    if is_answers_file(pred):
        smp = sentence_samples(g, map_type)
        report = score_answers(smp, read_answers(pred))
        gc, pc = answers_as_corpora(smp, report)
        ner = ci(score(gc, pc, task="etyping", match="strong"))
        return SetScore(os.fspath(gold), os.fspath(pred), ner, None, dict(report.flaws))
    p = read_corpus(pred, strict=strict)
    ner = ci(score(map_corpus_types(g, map_type), map_corpus_types(p, map_type), task="etyping", match="strong"))
    has_uris = any(m.uris for d in g for m in d.mentions)
    a2kb = ci(score(g, p, task="a2kb", match="strong")) if has_uris else None
    return SetScore(os.fspath(gold), os.fspath(pred), ner, a2kb)


def _ci(r: ScoreResult) -> str:
    if not r.ci:
        return ""
    lo, hi = r.ci["micro"]["f1"]
    return f"[{lo:.4f}, {hi:.4f}]"


def render_sets(rows: list[SetScore], *, width: int = 120) -> str:
    """The side-by-side table as plain text: one line per set and view (micro P, R, F1, the F1
    interval, TP/FP/FN, documents)."""
    import io

    from rich.console import Console
    from rich.table import Table

    level = next((r.ner.ci["level"] for r in rows if r.ner.ci), None)
    table = Table(title="one system on several gold sets (micro, strong match)", title_justify="left")
    for name, just in (("gold set", "left"), ("view", "left"), ("docs", "right"), ("P", "right"), ("R", "right"),
                       ("F1", "right"), (f"F1 {level:.0%} CI" if level else "F1 CI", "right"), ("TP", "right"),
                       ("FP", "right"), ("FN", "right")):
        table.add_column(name, justify=just)
    for r in rows:
        for view, res in (("NER", r.ner), ("A2KB", r.a2kb)):
            if res is None:
                table.add_row(r.gold, "A2KB: n/a, no gold URIs", "", "", "", "", "", "", "", "")
                continue
            m = res.micro
            table.add_row(r.gold, view, str(res.documents), f"{m.precision:.4f}", f"{m.recall:.4f}", f"{m.f1:.4f}",
                          _ci(res), str(m.tp), str(m.fp), str(m.fn))
        table.add_section()
    console = Console(file=io.StringIO(), width=width, force_terminal=False, color_system=None, record=True,
                      soft_wrap=False)
    console.print(table)
    notes = []
    for r in rows:
        if r.flaws:
            notes.append(f"{r.pred}: answer flaws " + ", ".join(f"{k} {v}" for k, v in sorted(r.flaws.items())))
    if level:
        first = next(r.ner.ci for r in rows if r.ner.ci)
        notes.append(f"CI: {first['method']}, {first['samples']} samples, seed {first['seed']}; "
                     "answer files resample sentences")
    notes.append("NER: same span and type, types mapped to PER/ORG/LOC/MISC (DBpedia classes through "
                 "rdfs:subClassOf); A2KB: same span and URI")
    return console.export_text() + "\n".join(notes) + "\n"
