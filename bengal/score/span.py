"""The span scorer one document at a time: :class:`SpanScorer` scores each predicted document as it comes
and keeps only small per-document figures, so that a prediction read in the stream never has to be held whole.

:func:`bengal.score.score` builds one (:func:`bengal.score.api.span_scorer`) and feeds it a whole
corpus (:meth:`SpanScorer.score_corpus`); ``bengal score`` feeds it the documents of a prediction read
in the stream (:meth:`SpanScorer.add`, then :meth:`SpanScorer.finish`). The numbers, warnings (and
their order) and errors are the same either way: every figure is made per document by the same
functions (:mod:`bengal.score.breakdown`, :mod:`bengal.score.hierarchy`, :mod:`bengal.score.pairing`,
:mod:`bengal.score.explain`) and combined in gold order at the end.

What is kept per gold document: its :class:`~bengal.score.result.DocumentScore` (counts and measures),
its InKB / EE and GSInKB counts, for ETyping the hierarchical P and R of its gold mentions and its
confusion pairs; with ``keep_documents`` also the documents and the alignment (what
:func:`bengal.score.explain.explain` reads), else with ``errors`` the ``errors`` worst documents'
outcomes (:class:`~bengal.score.explain.ErrorCollector`). The sweep needs every prediction at every
threshold: a :class:`SpanScorer` does not make one (:func:`bengal.score.score` makes it from the
whole corpora).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from bengal.model import Corpus, Document, Mention
from bengal.score import metrics
from bengal.score.breakdown import GoldTypeTally, add_type_counts, gs_inkb_document, inkb_ee_document
from bengal.score.confidence import threshold_document, unscored_warnings
from bengal.score.conventions import span_conventions
from bengal.score.explain import ErrorCollector, ErrorReport, document_outcome
from bengal.score.goldfacts import GoldFacts, content_warnings, infer_kb
from bengal.score.hierarchy import (
    HIERARCHICAL_DEFINITION,
    HierarchicalPart,
    add_confusion,
    confusion_document,
    hierarchical_document,
    hierarchical_of,
)
from bengal.score.matching import SpanMatch
from bengal.score.metrics import Counts, MicroScore
from bengal.score.oke_types import OKE_TYPES_DEFINITION
from bengal.score.pairing import (
    gold_document_warnings,
    no_common_document,
    no_gold_document,
    unscored_document,
)
from bengal.score.result import GOLD, PREDICTION, DocumentScore, ScoreResult, ScoreWarning, SubScore, Sweep
from bengal.score.tasks import Task
from bengal.score.uris import DEFAULT_KB_NAMESPACES, KB_PRESETS, SameAsIndex, UriMatcher, matcher_for

__all__ = ["SpanScorer"]


@dataclass
class _Part:
    """What one gold document contributes to the result (:meth:`SpanScorer._score_pair`)."""

    score: DocumentScore
    warnings: list[ScoreWarning]
    kb_ee: tuple[Counts, Counts] | None = None
    gs: Counts | None = None
    hierarchical: HierarchicalPart | None = None
    confusion: list[tuple[str, str]] = field(default_factory=list)


class SpanScorer:
    """Score predicted documents against a gold corpus, one document at a time.

    Made by :func:`bengal.score.api.span_scorer` (which checks the options and builds the URI matcher);
    its arguments are those of :func:`bengal.score.score` resolved. Two ways to feed it:

    * the gold held whole (``gold`` given): :meth:`add` each predicted document, in any order, then
      :meth:`finish`;
    * the gold read in the stream too (``gold`` None): :meth:`add_gold` each gold document in gold
      order and :meth:`add` each predicted one, interleaved in any way; a document of one side waits
      in :attr:`pending_gold` or :attr:`pending_pred` until its partner comes (both files in the same
      order: at most a few wait), then :meth:`gold_fits` and :meth:`finish` with the gold's header.

    Args:
        gold: the gold standard (at least one document), or None (read in the stream).
        task, span_match, strategy, profile, uri_matcher, beta, threshold, per_type: as resolved by
            :func:`bengal.score.api.span_scorer`.
        context_warnings: warnings about the gold alone (``empty_gold``, ``gold_outside_kb``,
            ``untyped_gold``), placed after the pairing warnings; None: made at :meth:`finish` from
            the gold documents added (a gold read in the stream).
        translate: the ETyping translation of a predicted document to the gold's OKE classes
            (:func:`bengal.score.oke_types.oke_translator`), or None.
        keep_documents: keep each document pair and its alignment in its ``DocumentScore`` (as
            :func:`bengal.score.score` does), else only counts and measures.
        errors: gather the error report of the ``errors`` worst documents as they are scored
            (:meth:`error_report`), or None (C2KB: always None).
        inferred: ``(preset name, namespaces, gold URIs in them)`` when the KB was inferred from the gold
            (:func:`bengal.score.goldfacts.infer_kb`): a ``kb_namespace_inferred`` warning and convention.
        infers_kb, same_as, translates: a gold read in the stream: whether the options let the KB be
            inferred from the gold, the sameAs classes given, whether ETyping translates OKE classes
            (what :meth:`gold_fits` checks).

    Raises:
        InputError: the gold has no documents.
    """

    def __init__(self, gold: Corpus | None, *, task: Task, span_match: SpanMatch, strategy: str, profile: str,
                 uri_matcher: UriMatcher, beta: float, threshold: float | None, per_type: bool,
                 context_warnings: list[ScoreWarning] | None,
                 translate: Callable[[Document], tuple[Document, int]] | None, keep_documents: bool = True,
                 errors: int | None = None, inferred: tuple[str, tuple[str, ...], int] | None = None,
                 infers_kb: bool = False, same_as: SameAsIndex | None = None, translates: bool = False) -> None:
        if gold is not None and not len(gold):
            raise no_gold_document(gold)
        self.gold = gold
        self.task, self.span_match, self.strategy, self.profile = task, span_match, strategy, profile
        self.uri_matcher, self.beta, self.threshold = uri_matcher, beta, threshold
        self.context_warnings = context_warnings
        self.translate = translate
        self.keep_documents = keep_documents
        self.inferred = inferred
        self._checks = (infers_kb, same_as, translates)
        self.errors = ErrorCollector(task.name, span_match.name, errors) if errors is not None and \
            task.name != "c2kb" else None
        # C2KB has InKB / EE lines under the gerbil profile only, where its bags hold emerging entities (as
        # GERBIL's C2KB prints them); bengal's C2KB leaves the EE out, so its InKB line would be the main one
        self.with_kb_ee = task.uses_uris and (task.uses_spans or profile == "gerbil")
        self.per_type = per_type and task.uses_spans
        self.types: dict[str, Counts] = {}
        self.gold_types = GoldTypeTally()
        self.position = {d.uri: i for i, d in enumerate(gold.documents)} if gold is not None else {}
        self.parts: list[_Part | None] = [None] * len(gold) if gold is not None else []
        self.paired = 0
        self.ignored = 0
        self.oke_translated = 0
        self.below = 0
        self.unscored_conf = 0
        self.unscored_predictions = 0
        self.unscored: list[ScoreWarning] = []
        self.documents = 0
        self.first_uri: str | None = None
        self._seen: set[str] = set()
        #: a gold read in the stream: the gold documents without a predicted partner yet, ``{URI: (position,
        #: document)}``, and the predicted ones without a gold partner yet, ``{URI: (position in the
        #: prediction, document as scored, its missing_document warning, its mentions)}``
        self.pending_gold: dict[str, tuple[int, Document]] = {}
        self.pending_pred: dict[str, tuple[int, Document, ScoreWarning, int]] = {}
        self.facts = GoldFacts()
        #: the matchers whose InKB answers the gold checks read (the scorer's; the default KB's when inferred)
        self._settling = [uri_matcher] + ([matcher_for(None, same_as, ())] if infers_kb else [])
        self.first_gold_uri: str | None = None
        self._seen_gold: set[str] = set()
        #: predicted mentions scored as emerging entities whose URIs a gold mention of their document lists
        #: beside its KB URI (:func:`outside_kb_answers`), and the first such URI
        self.outside_kb = 0
        self.outside_kb_example: str | None = None

    def add_gold(self, g: Document) -> None:
        """A gold read in the stream: its next document (gold order), scored at once when its predicted
        document came already, else kept until it comes (or until :meth:`finish`).

        Raises:
            ValueError: the gold is held whole, or a document URI comes twice.
        """
        if self.gold is not None:
            raise ValueError("this scorer holds its gold whole: give predicted documents only")
        if g.uri in self._seen_gold:
            raise ValueError(f"the gold has two documents with the URI {g.uri}")
        self._seen_gold.add(g.uri)
        if self.first_gold_uri is None:
            self.first_gold_uri = g.uri
        facts = self.facts
        facts.add(g)
        if self._settling:  # until each matcher the gold checks use has seen an InKB gold mention
            self._settling = [m for m in self._settling if not any(m.in_kb(x.uris) for x in g.mentions if x.uris)]
            if not self._settling:
                facts.settle()
        i = len(self.parts)
        self.parts.append(None)
        waiting = self.pending_pred.pop(g.uri, None)
        if waiting is None:
            self.pending_gold[g.uri] = (i, g)
        else:
            self.parts[i] = self._score_pair(i, g, waiting[1])

    def add(self, p: Document) -> None:
        """Score one predicted document (any order; a document the gold lacks is counted, not scored).

        Raises:
            ValueError: a document URI given twice (a corpus has unique URIs).
        """
        if p.uri in self._seen:
            raise ValueError(f"the prediction has two documents with the URI {p.uri}")
        self._seen.add(p.uri)
        self.documents += 1
        if self.first_uri is None:
            self.first_uri = p.uri
        if self.translate is not None:
            p, changed = self.translate(p)
            self.oke_translated += changed
        kept, dropped, unscored = threshold_document(p, self.threshold)
        self.below += dropped
        self.unscored_conf += unscored
        if self.gold is None:
            waiting = self.pending_gold.pop(p.uri, None)
            if waiting is None:
                self.pending_pred[p.uri] = (self.documents - 1, kept, unscored_document(p), len(p.mentions))
            else:
                self.parts[waiting[0]] = self._score_pair(waiting[0], waiting[1], kept)
            return
        i = self.position.get(p.uri)
        if i is None:
            self.unscored_predictions += len(p.mentions)
            self.unscored.append(unscored_document(p))
        else:
            self.parts[i] = self._score_pair(i, self.gold.documents[i], kept)

    def _score_pair(self, i: int, g: Document, p: Document | None) -> _Part:
        """The part of gold document ``g`` (at ``i``) paired with ``p`` (None: the prediction lacks it)."""
        task = self.task
        if p is not None:
            self.paired += 1
        pm = p.mentions if p is not None else ()
        alignment = task.align(g.mentions, pm, self.span_match, self.uri_matcher, self.strategy)
        self.ignored += alignment.ignored_pred
        counts = alignment.counts
        if self.keep_documents:
            score = DocumentScore(g.uri, counts, metrics.measures(counts), p is not None, alignment, g, p)
        else:
            score = DocumentScore(g.uri, counts, metrics.measures(counts), p is not None)
        part = _Part(score, gold_document_warnings(g, p))
        match, matcher, strategy = self.span_match, self.uri_matcher, self.strategy
        if self.with_kb_ee:
            part.kb_ee = inkb_ee_document(task, g, p, counts, match, matcher, strategy)
        if task.name == "d2kb":
            part.gs = gs_inkb_document(task, g, p, match, matcher, strategy)
        if self.per_type:
            if task.name == "etyping":
                add_type_counts(self.types, task, g, p, counts, match, matcher, strategy)
            else:
                self.gold_types.add(task, g, p, alignment, match)
        if task.name == "etyping":
            part.hierarchical = hierarchical_document(g, p, match, strategy)
            part.confusion = confusion_document(g, p, match, strategy)
        if counts.fp and task.uses_uris and matcher.kb is not None and p is not None:
            n, example = outside_kb_answers(g.mentions, pm, matcher)
            if n:
                self.outside_kb += n
                self.outside_kb_example = self.outside_kb_example or example
        if self.errors is not None and counts.fp + counts.fn:
            self.errors.add(i, document_outcome(task.name, match.name, score, g.text, g.mentions, pm, alignment))
        if not self.keep_documents:
            matcher.trim_cache()
        return part

    def gold_fits(self, gold: Corpus) -> bool:
        """A gold read in the stream (``gold``: its header, without documents): whether the score made
        without knowing the whole gold first is the score of the whole gold. False when the gold has no
        document, carries owl:sameAs links (the URI matcher was built without them), would have the KB
        inferred from it (:func:`bengal.score.goldfacts.infer_kb`) or, for ETyping, uses OKE classes
        (the predictions would have been translated): then score with the gold held whole."""
        infers_kb, same_as, translates = self._checks
        facts = self.facts
        if not facts.documents or gold.same_as:
            return False
        if infers_kb and infer_kb(facts, same_as) is not None:
            return False
        return not (translates and facts.oke_typed)

    def score_corpus(self, pred: Corpus, sweep: Sweep | None = None) -> ScoreResult:
        """The result of the whole prediction ``pred`` (its documents added in order, then :meth:`finish`)."""
        for d in pred.documents:
            self.add(d)
        return self.finish(pred, sweep)

    def error_report(self) -> ErrorReport | None:
        """The error report gathered so far (None unless ``errors`` was given and the task has spans)."""
        return self.errors.report() if self.errors is not None else None

    def finish(self, pred: Corpus, sweep: Sweep | None = None, gold: Corpus | None = None) -> ScoreResult:
        """The result once every predicted (and gold) document was added: the gold documents the
        prediction lacked are scored with no prediction, and every figure is combined in gold order.

        Args:
            pred: the prediction as read: its name, metadata and warnings (its documents, if it holds
                them, are not looked at: they were given to :meth:`add`).
            sweep: the precision-recall curve to put in the result, if one was made.
            gold: a gold read in the stream: its header (name, metadata, warnings).

        Raises:
            InputError: the prediction has documents but none that the gold has; a gold read in the
                stream had no document.
            ValueError: a gold read in the stream without its header.
        """
        if self.gold is not None:
            gold = self.gold
        elif gold is None:
            raise ValueError("a gold read in the stream: give its header to finish()")
        n_gold = len(self.parts)
        first_gold = self.gold.documents[0].uri if self.gold is not None and n_gold else self.first_gold_uri
        if not n_gold:
            raise no_gold_document(gold, n_gold)
        if self.documents and not self.paired:
            raise no_common_document(gold, n_gold, first_gold or "", pred, self.documents, self.first_uri or "")
        for _, _, warning, n in sorted(self.pending_pred.values(), key=lambda t: t[0]):
            self.unscored_predictions += n
            self.unscored.append(warning)
        self.pending_pred.clear()
        for i, g in self.pending_gold.values():
            self.parts[i] = self._score_pair(i, g, None)
        self.pending_gold.clear()
        parts: list[_Part] = []
        for i, part in enumerate(self.parts):
            if part is None:
                assert self.gold is not None  # a gold read in the stream waits in pending_gold
                part = self.parts[i] = self._score_pair(i, self.gold.documents[i], None)
            parts.append(part)
        task, profile = self.task, self.profile
        where = str(gold.metadata.get("source") or gold.name or "gold")
        context = self.context_warnings
        if context is None:
            context = content_warnings(self.facts, where, self.uri_matcher, etyping=task.name == "etyping")
        warnings = [ScoreWarning.from_corpus_warning(w, GOLD) for w in gold.warnings]
        warnings += [ScoreWarning.from_corpus_warning(w, PREDICTION) for w in pred.warnings]
        warnings += unscored_warnings(pred, self.threshold, self.unscored_conf)
        for part in parts:
            warnings += part.warnings
        warnings += context
        if self.ignored:
            what = ("predictions on spans that are no gold span (D2KB, GERBIL's rule)" if task.name == "d2kb"
                    else "predicted emerging entities (C2KB counts KB entities only)")
            warnings.append(ScoreWarning("ignored_predictions", str(pred.metadata.get("source") or pred.name or
                                                                     "prediction"),
                                         f"{self.ignored} {what}; not counted", PREDICTION))
        warnings += self.unscored
        if self.outside_kb:
            warnings.append(outside_kb_warning(self.outside_kb, self.outside_kb_example or "",
                                               str(pred.metadata.get("source") or pred.name or "prediction"),
                                               self.uri_matcher))

        per_document = [p.score for p in parts]
        total, micro_m = metrics.micro(d.counts for d in per_document)
        macro_m = metrics.macro(d.counts for d in per_document)
        inkb = ee = gs = None
        if self.with_kb_ee:
            inkb = SubScore.of([p.kb_ee[0] for p in parts if p.kb_ee is not None])
            ee = SubScore.of([p.kb_ee[1] for p in parts if p.kb_ee is not None])
        if task.name == "d2kb":
            gs = SubScore.of([p.gs for p in parts if p.gs is not None])
            gs = None if gs.micro.counts.empty else gs
        types: dict[str, MicroScore] = {}
        if self.per_type:
            types = ({t: MicroScore.of(self.types[t]) for t in sorted(self.types)} if task.name == "etyping"
                     else self.gold_types.scores())
        hier = None
        confusion: dict[str, dict[str, int]] | None = None
        conventions = span_conventions(task, self.span_match, self.strategy, profile, self.uri_matcher,
                                       threshold=self.threshold, sweep=sweep is not None)
        if task.name == "etyping":
            hier = hierarchical_of(p.hierarchical for p in parts)
            confusion = {}
            for p in parts:
                add_confusion(confusion, p.confusion)
            if self.oke_translated:
                conventions = {**conventions, "types": f"{OKE_TYPES_DEFINITION}; {self.oke_translated} predicted "
                                                       "mentions translated"}
            conventions = {**conventions, "hierarchical": HIERARCHICAL_DEFINITION + (
                "; GERBIL prints this as its ETyping score" if profile == "gerbil" else
                "; the headline micro/macro are flat (types as sets, a shared type counts)")}
        notes: Mapping[str, str] = {}
        if self.inferred is not None:
            name, prefixes, hits = self.inferred
            warnings.append(ScoreWarning(
                "kb_namespace_inferred", where,
                f"no gold URI is in the default KB ({DEFAULT_KB_NAMESPACES[0]}) but {hits} are {name} URIs: "
                f"scored with --kb-namespace {name} ({prefixes[0]}); give --kb-namespace to choose", GOLD))
            notes = {"kb": f"KB inferred from the gold: {name} ({', '.join(prefixes)}); GERBIL's default KB would "
                           "make every gold mention an emerging entity"}
        return ScoreResult(
            task=task.name,
            match=self.span_match.name,
            documents=len(per_document),
            micro=MicroScore(total.tp, total.fp, total.fn, micro_m.precision, micro_m.recall, micro_m.f1),
            macro=macro_m,
            per_document=tuple(per_document),
            warnings=tuple(warnings),
            conventions={**conventions, **notes},
            unscored_predictions=self.unscored_predictions,
            profile=profile,
            inkb=inkb,
            ee=ee,
            gs_inkb=gs,
            per_type=types,
            ignored_predictions=self.ignored,
            beta=self.beta,
            threshold=self.threshold,
            below_threshold=self.below,
            without_score=self.unscored_conf,
            sweep=sweep,
            hierarchical=hier,
            confusion=confusion,
        )


def outside_kb_answers(gold: Sequence[Mention], pred: Sequence[Mention], matcher: UriMatcher) -> tuple[int, str | None]:
    """``(count, first URI)``: the predicted mentions of one document that are emerging entities under the
    KB of ``matcher`` (none of their URIs in its namespaces) but share a URI with an InKB gold mention of
    the same document, which lists that URI beside its KB URI (a gold phrase with both ``dbr:Paris`` and
    ``wd:Q90``, a prediction of ``wd:Q90``). GERBIL scores such an answer as an emerging entity, a miss;
    :func:`outside_kb_warning` says which ``--kb-namespace`` would count it. ``matcher`` must classify by
    KB (``matcher.kb`` set)."""
    kb = matcher.kb
    assert kb is not None
    listed: set[str] = set()
    for x in gold:
        if len(x.uris) > 1 and matcher.in_kb(x.uris):
            listed.update(u for u in matcher.canonical(x.uris) if not kb.in_kb(u))
    if not listed:
        return 0, None
    n, first = 0, None
    for y in pred:
        if y.uris and not matcher.in_kb(y.uris):
            shared = matcher.canonical(y.uris) & listed
            if shared:
                n += 1
                first = first or min(shared)
    return n, first


def outside_kb_warning(n: int, example: str, where: str, matcher: UriMatcher) -> ScoreWarning:
    """The ``pred_outside_kb`` warning of :func:`outside_kb_answers`' count ``n`` over a prediction (``where``:
    its source), naming the ``--kb-namespace`` preset of ``example``'s namespace when one has it."""
    preset = next((name for name, prefixes in KB_PRESETS.items() if example.startswith(prefixes)), None)
    kb = matcher.kb.prefixes if matcher.kb is not None else ()
    names = [name for name, prefixes in KB_PRESETS.items() if set(prefixes) <= set(kb)] or list(kb)
    give = (" ".join(f"--kb-namespace {x}" for x in [*names, preset]) if preset is not None
            else "--kb-namespace with their namespace, or --same-as with links to the KB")
    return ScoreWarning(
        "pred_outside_kb", where,
        f"{n} predicted mention{'s' if n != 1 else ''} link{'' if n != 1 else 's'} only URIs outside the KB "
        f"({', '.join(kb)}) that a gold mention lists beside its KB URI (e.g. {example}): each is scored as an "
        "emerging entity, which never matches an InKB gold mention "
        f"(GERBIL's rule); to count them, give {give}", PREDICTION)
