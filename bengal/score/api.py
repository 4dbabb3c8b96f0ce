"""``score(gold, pred)``: pair documents, match mentions per document, count, measure; ``span_scorer(gold)``:
the same one predicted document at a time (:class:`bengal.score.span.SpanScorer`).

The span scorer of the experiment types (:mod:`bengal.score.tasks`): documents pair by URI
(:mod:`bengal.score.pairing`), each pair is aligned by the task (:mod:`bengal.score.matching`,
:mod:`bengal.score.uris`), and the counts become micro and macro P, R, F1
(:mod:`bengal.score.metrics`), with the InKB / EE and per-type breakdowns
(:mod:`bengal.score.breakdown`), thresholds and the sweep (:mod:`bengal.score.confidence`) and the
conventions that state the rules (:mod:`bengal.score.conventions`). ``documents`` in the result is
the number of scored documents: every gold document, whether or not the prediction has it. Reader
warnings of both corpora are passed through, tagged with their side.
"""

from __future__ import annotations

import dataclasses
from typing import Sequence

from bengal.errors import UnknownOptionError, lookup
from bengal.model import Corpus
from bengal.perf import gc_paused
from bengal.score.confidence import sweep_curve
from bengal.score.goldfacts import GoldFacts, content_warnings, infer_kb
from bengal.score.matching import PROFILES, SPAN_MATCHES, SpanMatch
from bengal.score.oke_types import oke_translator
from bengal.score.result import ScoreResult, ScoreWarning
from bengal.score.span import SpanScorer
from bengal.score.tasks import TASKS, Task
from bengal.score.uris import SameAsIndex, UriMatcher, matcher_for

__all__ = ["score", "span_scorer", "gold_content_warnings", "inferred_kb"]


def gold_content_warnings(gold: Corpus, uri_matcher: UriMatcher | None = None) -> list[ScoreWarning]:
    """Warnings about what the gold holds, before any scoring: ``empty_gold`` and ``gold_outside_kb``
    (:func:`bengal.score.goldfacts.content_warnings`, which says when)."""
    return content_warnings(GoldFacts.of(gold), _where(gold), uri_matcher)


def _where(gold: Corpus) -> str:
    return str(gold.metadata.get("source") or gold.name or "gold")


def inferred_kb(gold: Corpus, same_as: SameAsIndex | None = None) -> tuple[str, tuple[str, ...], int] | None:
    """``(preset name, its namespaces, gold URIs in them)`` when no gold mention is InKB under the default
    KB (:data:`~bengal.score.uris.DEFAULT_KB_NAMESPACES`, with ``same_as`` and the gold's own links) but
    some gold URIs lie in another preset's namespace (:data:`~bengal.score.uris.KB_PRESETS`, e.g.
    ELEVANT's Wikidata QIDs); else None. :func:`score` then scores against that preset."""
    return infer_kb(GoldFacts.of(gold), same_as, gold.same_as)


def score(gold: Corpus, pred: Corpus, *, task: str = "a2kb", match: str = "strong",
          uri_matcher: UriMatcher | None = None, profile: str = "bengal",
          kb_namespaces: Sequence[str] | None = None, same_as: SameAsIndex | None = None,
          beta: float = 1.0, threshold: float | None = None, sweep: bool = False,
          per_type: bool = True) -> ScoreResult:
    """Score a prediction corpus against a gold corpus (GERBIL-style; the experiment types of
    :mod:`bengal.score.tasks`, documents paired as :mod:`bengal.score.pairing` says).

    The cyclic garbage collector is paused meanwhile: scoring makes many small acyclic
    objects, and collector passes over large corpora would double the time.

    Args:
        gold: the gold standard.
        pred: the system's annotations.
        task: ``"a2kb"``, ``"d2kb"``, ``"c2kb"``, ``"erec"`` or ``"etyping"``
            (:mod:`bengal.score.tasks`).
        match: ``"strong"`` (same span) or ``"weak"`` (spans share a code point).
            D2KB first drops predictions whose span is no gold span, then matches with this rule.
        uri_matcher: how URI sets are compared; default
            :func:`bengal.score.uris.kb_matcher` with ``kb_namespaces`` and
            ``same_as`` plus the owl:sameAs links of the gold file itself
            (``gold.same_as``).
        profile: ``"bengal"`` (maximum matching) or ``"gerbil"`` (GERBIL 1.2.x:
            greedy first fit in gold order), see :data:`bengal.score.matching.PROFILES`.
        kb_namespaces: KB URI prefixes (default ``http://dbpedia.org/resource/``; when the gold has no
            URI there but some in another preset's namespace, e.g. Wikidata, that preset, with a
            ``kb_namespace_inferred`` warning: :func:`inferred_kb`; not under ``profile="gerbil"``).
        same_as: extra owl:sameAs classes (e.g. of the links :func:`bengal.io.same_as.read_same_as` reads).
        beta: the beta of the reported F-beta (> 0).
        threshold: keep only predictions with ``score >= threshold`` (mentions
            without a score are kept and counted in ``without_score``).
        sweep: also compute the precision-recall curve over the predictions'
            scores (:class:`~bengal.score.result.Sweep`; its best point is tuned on the test data).
        per_type: compute :attr:`ScoreResult.per_type`.

    Returns:
        A :class:`~bengal.score.result.ScoreResult`.

    Raises:
        UnknownOptionError: (a UsageError, hence a ValueError) for an unknown task, match or profile,
            or a bad beta.
        InputError: when the gold has no documents, or the prediction has documents but none in common
            with the gold.
    """
    with gc_paused():
        scorer = span_scorer(gold, task=task, match=match, uri_matcher=uri_matcher, profile=profile,
                             kb_namespaces=kb_namespaces, same_as=same_as, beta=beta, threshold=threshold,
                             per_type=per_type)
        curve = None
        if sweep:
            curve = sweep_curve(scorer.task, gold, _translated(scorer, pred), scorer.span_match, scorer.uri_matcher,
                                scorer.strategy)
        return scorer.score_corpus(pred, curve)


def _translated(scorer: SpanScorer, pred: Corpus) -> Corpus:
    """``pred`` as the scorer sees it: translated to the gold's OKE classes for ETyping (the sweep's input)."""
    if scorer.translate is None:
        return pred
    return pred.with_documents([scorer.translate(d)[0] for d in pred.documents])


def span_scorer(gold: Corpus | None, *, task: str = "a2kb", match: str = "strong",
                uri_matcher: UriMatcher | None = None, profile: str = "bengal",
                kb_namespaces: Sequence[str] | None = None,
                same_as: SameAsIndex | None = None, beta: float = 1.0, threshold: float | None = None,
                per_type: bool = True, keep_documents: bool = True, errors: int | None = None) -> SpanScorer:
    """A :class:`~bengal.score.span.SpanScorer` of ``gold``: the options of :func:`score` checked and
    resolved (the URI matcher built, the KB inferred), ready to score predicted documents one at a time.

    Args:
        gold: the gold standard, or None for a gold read in the stream, whose documents are given to
            :meth:`~bengal.score.span.SpanScorer.add_gold` (the URI matcher is then built without the
            gold's own sameAs links, no KB is inferred and no OKE class translated:
            :meth:`~bengal.score.span.SpanScorer.gold_fits` says at the end whether the gold needed it).
        task, match, uri_matcher, profile, kb_namespaces, same_as, beta, threshold, per_type:
            as :func:`score`.
        keep_documents: keep every document pair and its alignment in the result (what
            :func:`bengal.score.explain.explain` reads); False keeps counts and measures only.
        errors: gather the error report of this many worst documents while scoring
            (:meth:`~bengal.score.span.SpanScorer.error_report`), or None.

    Raises:
        UnknownOptionError: as :func:`score`.
        InputError: the gold has no documents.
    """
    task_def: Task = lookup(TASKS, task, "task")
    span_match: SpanMatch = lookup(SPAN_MATCHES, match, "match")
    strategy: str = lookup(PROFILES, profile, "profile")
    profile = profile.lower()
    if not (isinstance(beta, (int, float)) and beta > 0 and beta != float("inf")):
        raise UnknownOptionError(f"beta must be a positive finite number, got {beta!r}")
    facts = GoldFacts.of(gold) if gold is not None else None
    infer = uri_matcher is None and not kb_namespaces and profile != "gerbil" and task_def.uses_uris
    inferred = None
    if uri_matcher is None:
        if infer and facts is not None and gold is not None:
            inferred = infer_kb(facts, same_as, gold.same_as)
            if inferred is not None:
                kb_namespaces = inferred[1]
        uri_matcher = matcher_for(kb_namespaces, same_as, gold.same_as if gold is not None else ())
        if profile == "gerbil":  # GERBIL 1.2.x expands only the gold markings with owl:sameAs
            uri_matcher = dataclasses.replace(uri_matcher, gold_only=True, _cache={}, _kb_cache={})
    translates = task_def.name == "etyping" and profile != "gerbil"
    translate = oke_translator(gold) if translates and gold is not None else None
    context = None
    if gold is not None and facts is not None:
        context = content_warnings(facts, _where(gold), uri_matcher, etyping=task_def.name == "etyping")
    return SpanScorer(gold, task=task_def, span_match=span_match, strategy=strategy, profile=profile,
                      uri_matcher=uri_matcher, beta=float(beta), threshold=threshold, per_type=per_type,
                      context_warnings=context, translate=translate, keep_documents=keep_documents, errors=errors,
                      inferred=inferred, infers_kb=infer, same_as=same_as, translates=translates)
