"""Chunk metrics over tag sequences (CoNLL columns, model outputs), conlleval/seqeval-style.

Tags are decoded by :mod:`bengal.tagging` (one table per scheme, strict or lenient reading);
:func:`count_chunks` counts both sides' chunks, :func:`build_report` turns the counts into a
:class:`ChunkReport` (per type, micro, macro over types, weighted, token accuracy, invalid tags
per side). One implementation serves ``bengal score`` on CoNLL files, the one-call functions
(:func:`score_chunks`; seqeval's :func:`f1_score`, :func:`classification_report`, …) and the
training-loop accumulator (:class:`bengal.score.chunk_evaluator.ChunkEvaluator`). Counting rules,
the zero-division convention and where they differ from seqeval: ``docs/tagging.md``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from bengal.errors import UnknownOptionError
from bengal.lazy import lazy_module
from bengal.model import GOLD, PREDICTION
from bengal.score import metrics
from bengal.score.conventions import (
    ACCURACY_DEFINITION,
    CHUNK_MATCH,
    CHUNK_MICRO,
    LENIENT_DEFINITION,
    MACRO_OVER_TYPES,
    STRICT_DEFINITION,
    WEIGHTED_DEFINITION,
)
from bengal.score.metrics import Counts, Measures, MicroScore
from bengal.score.resample import units_ci
from bengal.score.result import ScoreWarning
from bengal.tagging.decode import (
    LabelTable,
    TagError,
    check_mode,
    encode,
    extract_chunks,
    flat_places,
    invalid_positions,
)
from bengal.tagging.schemes import LENIENT, MODES, STRICT, Scheme

if TYPE_CHECKING:
    import numpy as np
else:  # numpy is loaded on first use: reading and scoring NIF never imports it (issue 15)
    np = lazy_module("numpy")

#: What the confusion table of a chunk report counts.
CHUNK_CONFUSION = ("type confusion: gold type x predicted type over the chunks both sides have on the same "
                   "first and last token (diagonal = TP)")

__all__ = ["ChunkCounts", "ChunkReport", "ChunkTally", "count_chunks", "build_report", "check_lengths", "score_chunks",
           "f1_score", "precision_score", "recall_score", "accuracy_score", "classification_report",
           "sentence_units", "chunk_sentence_units", "with_chunk_ci", "with_units_ci", "CHUNK_CONFUSION",
           "no_gold_chunk"]


@dataclass
class ChunkCounts:
    """Counts of a chunk scoring run, additive over batches.

    Attributes:
        types: type names; the arrays below are indexed like it.
        tp, predicted, gold: ``int64[n_types]`` chunk counts per type.
        sentences, tokens, correct_tokens: totals (tokens exclude padding and ignored positions).
        invalid_gold, invalid_pred: tags in no strict chunk, per side.
        confusion: ``int64[n_types, n_types]``: ``confusion[g, p]`` chunks of the same span, gold type
            ``g``, predicted type ``p`` (the diagonal is TP; a span only one side has is in no cell).
    """

    types: list[str] = field(default_factory=list)
    tp: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    predicted: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    gold: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    sentences: int = 0
    tokens: int = 0
    correct_tokens: int = 0
    invalid_gold: int = 0
    invalid_pred: int = 0
    confusion: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.int64))

    def _grow(self, n: int) -> None:
        if len(self.tp) < n:
            pad = n - len(self.tp)
            self.tp = np.concatenate([self.tp, np.zeros(pad, dtype=np.int64)])
            self.predicted = np.concatenate([self.predicted, np.zeros(pad, dtype=np.int64)])
            self.gold = np.concatenate([self.gold, np.zeros(pad, dtype=np.int64)])
        if self.confusion.shape[0] < n:
            grown = np.zeros((n, n), dtype=np.int64)
            k = self.confusion.shape[0]
            grown[:k, :k] = self.confusion
            self.confusion = grown

    def add(self, other: "ChunkCounts") -> None:
        """Add ``other`` (whose types extend this one's, same table) in place."""
        self.types = list(other.types) if len(other.types) > len(self.types) else self.types
        self._grow(len(other.tp))
        n = len(other.tp)
        self.tp[:n] += other.tp
        self.predicted[:n] += other.predicted
        self.gold[:n] += other.gold
        k = other.confusion.shape[0]
        self.confusion[:k, :k] += other.confusion
        self.sentences += other.sentences
        self.tokens += other.tokens
        self.correct_tokens += other.correct_tokens
        self.invalid_gold += other.invalid_gold
        self.invalid_pred += other.invalid_pred


def count_chunks(gold_ids: np.ndarray, pred_ids: np.ndarray, table: LabelTable, mode: str, *,
                 sentences: int) -> ChunkCounts:
    """Per-type chunk counts and token accuracy of two flat id arrays of equal length.

    Args:
        gold_ids, pred_ids: ``int[n]`` ids of ``table``, each starting with the
            ``O`` sentinel and with one after every sentence (same places).
        table: the shared :class:`LabelTable`.
        mode: ``"lenient"`` or ``"strict"``.
        sentences: number of sentences (sentinels − 1).

    Raises:
        UnknownOptionError: an unknown mode.
    """
    if mode not in MODES:
        raise UnknownOptionError(f"unknown mode {mode!r}: choose one of {', '.join(MODES)}")
    g = extract_chunks(gold_ids, table, mode)
    p = extract_chunks(pred_ids, table, mode)
    n = len(gold_ids)
    n_types = len(table.types)
    end_at = np.full(n, -1, dtype=np.int64)
    type_at = np.full(n, -1, dtype=np.int64)
    end_at[g.starts] = g.ends
    type_at[g.starts] = g.types
    same_span = end_at[p.starts] == p.ends
    hit = same_span & (type_at[p.starts] == p.types)
    confusion = np.zeros((n_types, n_types), dtype=np.int64)
    np.add.at(confusion, (type_at[p.starts][same_span], p.types[same_span]), 1)
    # The sentinels (the leading one, one after each sentence) are equal on both sides:
    # subtract them from the equal positions.
    n_sentinels = sentences + 1
    correct = int(np.count_nonzero(gold_ids == pred_ids)) - n_sentinels
    return ChunkCounts(
        types=list(table.types),
        tp=np.bincount(p.types[hit], minlength=n_types).astype(np.int64),
        predicted=np.bincount(p.types, minlength=n_types).astype(np.int64),
        gold=np.bincount(g.types, minlength=n_types).astype(np.int64),
        sentences=sentences,
        tokens=n - n_sentinels,
        correct_tokens=correct,
        invalid_gold=g.invalid,
        invalid_pred=p.invalid,
        confusion=confusion,
    )


def sentence_units(gold_ids: np.ndarray, pred_ids: np.ndarray, table: LabelTable, mode: str,
                   lengths: Sequence[int]) -> np.ndarray:
    """``int64[n_sentences, 3]``: ``(TP, predicted, gold)`` chunks of each sentence (the units of
    :func:`bengal.score.resample.units_ci` for chunk scores), from the flat id arrays of
    :func:`count_chunks` and the sentences' token counts."""
    g = extract_chunks(gold_ids, table, mode)
    p = extract_chunks(pred_ids, table, mode)
    lens = np.asarray(lengths, dtype=np.int64)
    first = np.concatenate([[1], np.cumsum(lens + 1)[:-1] + 1]) if len(lens) else np.zeros(0, np.int64)
    n = len(gold_ids)
    end_at = np.full(n, -1, dtype=np.int64)
    type_at = np.full(n, -1, dtype=np.int64)
    end_at[g.starts] = g.ends
    type_at[g.starts] = g.types
    hit = (end_at[p.starts] == p.ends) & (type_at[p.starts] == p.types)
    k = len(lens)

    def per_sentence(starts: np.ndarray) -> np.ndarray:
        return np.bincount(np.searchsorted(first, starts, side="right") - 1, minlength=k).astype(np.int64)

    return np.stack([per_sentence(p.starts[hit]), per_sentence(p.starts), per_sentence(g.starts)], axis=1)


@dataclass(frozen=True)
class ChunkReport:
    """The outcome of chunk scoring: per type, micro, macro, weighted, token accuracy.

    Attributes:
        scheme, mode, suffix: how tags were read.
        per_type: ``{type: MicroScore}`` in sorted type order (types with a gold or predicted chunk;
            ``support`` = gold chunks).
        micro: counts summed over types and their P, R, F1.
        macro, weighted: the averages over types (:data:`~bengal.score.conventions.MACRO_OVER_TYPES`,
            :data:`~bengal.score.conventions.WEIGHTED_DEFINITION`), with ``support`` = gold chunks.
        sentences, tokens, correct_tokens: totals; ``token_accuracy`` = correct / tokens (1.0 for no token).
        invalid_gold, invalid_pred: tags in no strict chunk (dropped in strict, repaired in lenient mode).
        conventions: ``{name: one-line statement}``.
        warnings: :class:`~bengal.score.result.ScoreWarning` s (``invalid_tag`` per side, from a file read).
        confusion: ``{gold type: {predicted type: chunks}}`` over the chunks both sides have on the same
            span (first and last token): the diagonal is TP, the rest are type errors; zero cells left out.
        beta: the beta of :attr:`f_beta_micro` (1: plain F1).
        ci: bootstrap intervals over sentences (:func:`with_chunk_ci`), else None.
    """

    scheme: str
    mode: str
    suffix: bool
    per_type: Mapping[str, MicroScore]
    micro: MicroScore
    macro: Measures
    weighted: Measures
    sentences: int
    tokens: int
    correct_tokens: int
    invalid_gold: int
    invalid_pred: int
    conventions: Mapping[str, str] = field(default_factory=dict)
    warnings: tuple[ScoreWarning, ...] = ()
    confusion: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    beta: float = 1.0
    ci: Mapping[str, Any] | None = None

    task = "chunk"

    @property
    def f_beta_micro(self) -> float:
        """Micro F-beta at :attr:`beta` of the summed counts."""
        return metrics.f_beta(self.micro.counts, self.beta)

    @property
    def token_accuracy(self) -> float:
        """Tokens whose predicted tag equals the gold tag, over all tokens (1.0 for no token)."""
        return self.correct_tokens / self.tokens if self.tokens else 1.0

    @property
    def precision(self) -> float:
        """Micro precision."""
        return self.micro.precision

    @property
    def recall(self) -> float:
        """Micro recall."""
        return self.micro.recall

    @property
    def f1(self) -> float:
        """Micro F1."""
        return self.micro.f1

    def f_beta(self, beta: float, average: str = "micro") -> float:
        """Micro F-beta of the summed counts (``average="micro"``) or the mean of per-type F-beta (``"macro"``).

        Raises:
            UnknownOptionError: another average.
        """
        if average == "micro":
            return metrics.f_beta(self.micro.counts, beta)
        if average == "macro":
            rows = list(self.per_type.values())
            if not rows:
                return 1.0
            return sum(metrics.f_beta(r.counts, beta) for r in rows) / len(rows)
        raise UnknownOptionError(f"unknown average {average!r}: use 'micro' or 'macro'")

    def to_json(self) -> dict[str, Any]:
        """The stable JSON shape (keys are only ever added)::

            {"task": "chunk", "scheme", "mode", "suffix", "sentences", "tokens",
             "token_accuracy", "correct_tokens",
             "per_type": {TYPE: {"tp", "fp", "fn", "precision", "recall", "f1", "support"}},
             "micro": {"tp", "fp", "fn", "precision", "recall", "f1", "support"},
             "macro": {"precision", "recall", "f1", "support"},
             "weighted": {"precision", "recall", "f1", "support"},
             "invalid_tags": {"gold", "prediction", "treatment"},
             "warnings": [{"code", "where", "message", "side"}], "conventions": {...},
             "f_beta": {"beta", "micro", "macro"}, "confusion": {GOLD TYPE: {PREDICTED TYPE: n}},
             "ci": null | {"method", "unit": "sentences", "samples", "level", "seed", "micro": {...}}}

        Every number is finite.
        """
        return {
            "task": "chunk",
            "scheme": self.scheme,
            "mode": self.mode,
            "suffix": self.suffix,
            "sentences": self.sentences,
            "tokens": self.tokens,
            "token_accuracy": self.token_accuracy,
            "correct_tokens": self.correct_tokens,
            "per_type": {t: _row_json(r) for t, r in self.per_type.items()},
            "micro": _row_json(self.micro),
            "macro": self.macro.to_json(),
            "weighted": self.weighted.to_json(),
            "invalid_tags": {"gold": self.invalid_gold, "prediction": self.invalid_pred,
                             "treatment": "dropped" if self.mode == STRICT else "repaired"},
            "warnings": [w.to_json() for w in self.warnings],
            "conventions": dict(self.conventions),
            "f_beta": {"beta": self.beta, "micro": self.f_beta_micro, "macro": self.f_beta(self.beta, "macro")},
            "confusion": {g: dict(row) for g, row in self.confusion.items()},
            "ci": None if self.ci is None else dict(self.ci),
        }


def _row_json(r: MicroScore) -> dict[str, Any]:
    return {**r.to_json(), "support": r.support}


def _row(tp: int, pred: int, gold: int) -> MicroScore:
    return MicroScore.of(Counts(tp, pred - tp, gold - tp))


def build_report(counts: ChunkCounts, scheme: Scheme, mode: str, suffix: bool,
                 warnings: Iterable[ScoreWarning] = ()) -> ChunkReport:
    """Turn :class:`ChunkCounts` into a :class:`ChunkReport` (definitions in ``docs/tagging.md``)."""
    order = sorted(i for i in range(len(counts.tp)) if counts.predicted[i] or counts.gold[i])
    order.sort(key=lambda i: counts.types[i])
    per_type = {counts.types[i]: _row(int(counts.tp[i]), int(counts.predicted[i]), int(counts.gold[i]))
                for i in order}
    tp = int(counts.tp.sum())
    pred = int(counts.predicted.sum())
    gold = int(counts.gold.sum())
    micro = _row(tp, pred, gold)
    rows = list(per_type.values())
    if rows:
        k = len(rows)
        macro = Measures(sum(r.precision for r in rows) / k, sum(r.recall for r in rows) / k,
                         sum(r.f1 for r in rows) / k, gold)
    else:
        macro = Measures(1.0, 1.0, 1.0, 0)
    if gold:
        weighted = Measures(sum(r.precision * r.support for r in rows) / gold,
                            sum(r.recall * r.support for r in rows) / gold,
                            sum(r.f1 * r.support for r in rows) / gold, gold)
    else:
        weighted = Measures(micro.precision, micro.recall, micro.f1, 0)
    for v in (macro.precision, macro.recall, macro.f1, weighted.f1):
        assert math.isfinite(v)
    conventions = {
        "scheme": f"{scheme.label} tags, {'suffix (TYPE-P)' if suffix else 'prefix (P-TYPE)'} style",
        "mode": LENIENT_DEFINITION if mode == LENIENT else STRICT_DEFINITION,
        "matching": CHUNK_MATCH,
        "zero_division": metrics.ZERO_DIVISION.replace("per document", "per type"),
        "micro": CHUNK_MICRO,
        "macro": MACRO_OVER_TYPES,
        "weighted": WEIGHTED_DEFINITION,
        "token_accuracy": ACCURACY_DEFINITION,
    }
    conventions["confusion"] = CHUNK_CONFUSION
    confusion: dict[str, dict[str, int]] = {}
    n = counts.confusion.shape[0]
    for gi in order:
        row = {counts.types[pi]: int(counts.confusion[gi, pi]) for pi in order
               if gi < n and pi < n and counts.confusion[gi, pi]}
        if row:
            confusion[counts.types[gi]] = row
    return ChunkReport(scheme.name, mode, suffix, per_type, micro, macro, weighted, counts.sentences,
                       counts.tokens, counts.correct_tokens, counts.invalid_gold, counts.invalid_pred,
                       conventions, tuple(warnings), confusion)


def no_gold_chunk(source: str, report: ChunkReport) -> ScoreWarning | None:
    """The ``no_gold_chunk`` warning (side gold, ``where`` = ``source``) when ``report``'s gold has no
    chunk (every tag ``O``, so P = R = F1 = 1 or 0 only by the zero-division convention), else ``None``.
    Given by every path that scores tags: two CoNLL files and LLM answers against a gold corpus."""
    if report.micro.tp + report.micro.fn:
        return None
    return ScoreWarning("no_gold_chunk", source, f"the gold has no chunk (every tag O): P = R = F1 = "
                        f"{report.micro.f1:g} only by the zero-division convention", GOLD)


def check_lengths(gold: Sequence[Sequence[str]], pred: Sequence[Sequence[str]]) -> None:
    """Check that gold and prediction have the same number of sentences and of tags per sentence.

    Raises:
        TagError: naming the first sentence that differs.
    """
    if len(gold) != len(pred):
        raise TagError(f"the gold has {len(gold)} sentences but the prediction has {len(pred)}")
    for i, (g, p) in enumerate(zip(gold, pred)):
        if len(g) != len(p):
            raise TagError(f"sentence {i + 1}: the gold has {len(g)} tags but the prediction has {len(p)}",
                           sentence=i)


def with_chunk_ci(report: ChunkReport, gold: Sequence[Sequence[str]], pred: Sequence[Sequence[str]], *,
                  samples: int = 1000, level: float = 0.95, seed: int = 0) -> ChunkReport:
    """A copy of ``report`` (scored from these tag sequences) whose ``ci`` holds percentile bootstrap
    intervals of micro P, R, F1 (and F-beta at the report's beta) over **sentences**
    (:func:`bengal.score.resample.units_ci`; a CoNLL file has no other unit every corpus shares).

    Raises:
        UsageError: bad ``samples`` or ``level``; TagError as :func:`score_chunks`.
    """
    units = chunk_sentence_units(gold, pred, scheme=report.scheme, mode=report.mode, suffix=report.suffix)
    return with_units_ci(report, units, samples=samples, level=level, seed=seed)


def with_units_ci(report: ChunkReport, units: np.ndarray, *, samples: int = 1000, level: float = 0.95,
                  seed: int = 0) -> ChunkReport:
    """:func:`with_chunk_ci` from the per-sentence units (``int64[n_sentences, 3]``, :func:`sentence_units`)
    instead of the tag sequences: what :class:`ChunkTally` keeps.

    Raises:
        UsageError: bad ``samples`` or ``level``.
    """
    ci = units_ci(units, unit="sentences", samples=samples, level=level, seed=seed, beta=report.beta)
    return replace(report, ci=ci)


def chunk_sentence_units(gold: Sequence[Sequence[str]], pred: Sequence[Sequence[str]], *, scheme: str = "iob2",
                         mode: str = LENIENT, suffix: bool = False) -> np.ndarray:
    """``int64[n_sentences, 3]``: ``(TP, predicted, gold)`` chunks per sentence (:func:`sentence_units`).

    Raises:
        TagError: as :func:`score_chunks`.
    """
    mode = check_mode(mode)
    table = LabelTable(scheme, suffix)
    check_lengths(gold, pred)
    return sentence_units(encode(table, gold, GOLD), encode(table, pred, PREDICTION), table, mode,
                          [len(s) for s in gold])


class ChunkTally:
    """Chunk counts of tag sequences added a batch of sentences at a time: what :func:`score_chunks` counts
    over all sentences at once, without holding them (chunks never cross a sentence, so the sums of the
    batches' counts are the counts of the whole). Kept besides the counts: the number of invalid tags and
    the places of the first ``keep_invalid`` of each side, and, when ``units`` is true, the
    ``(TP, predicted, gold)`` chunks of each sentence (:func:`sentence_units`, for :func:`with_chunk_ci`).

    Args:
        scheme, mode, suffix: as :func:`score_chunks`.
        units: keep the per-sentence units (``int64[3]`` per sentence).
        keep_invalid: how many invalid-tag places to keep per side.

    Raises:
        UnknownOptionError: an unknown scheme or mode.
    """

    def __init__(self, scheme: str = "iob2", mode: str = LENIENT, suffix: bool = False, *, units: bool = False,
                 keep_invalid: int = 3) -> None:
        self.mode = check_mode(mode)
        self.table = LabelTable(scheme, suffix)
        self.counts = ChunkCounts(types=list(self.table.types))
        self.keep_invalid = keep_invalid
        #: ``{side: [(sentence, token), ...]}``: 0-based places (sentences counted over all batches) of
        #: the first invalid tags of each side.
        self.invalid: dict[str, list[tuple[int, int]]] = {GOLD: [], PREDICTION: []}
        self._units: list[np.ndarray] | None = [] if units else None

    def add(self, gold: Sequence[Sequence[str]], pred: Sequence[Sequence[str]]) -> None:
        """Count one batch: the tags of the same sentences on both sides.

        Raises:
            TagError: as :func:`score_chunks`, the sentence counted within this batch.
        """
        check_lengths(gold, pred)
        g = encode(self.table, gold, GOLD)
        p = encode(self.table, pred, PREDICTION)
        batch = count_chunks(g, p, self.table, self.mode, sentences=len(gold))
        before = self.counts.sentences
        lengths = [len(s) for s in gold]
        for side, ids, n in ((GOLD, g, batch.invalid_gold), (PREDICTION, p, batch.invalid_pred)):
            room = self.keep_invalid - len(self.invalid[side])
            if n and room > 0:
                place = flat_places(lengths)
                for pos in invalid_positions(ids, self.table)[:room].tolist():
                    si, ti = place(pos)
                    self.invalid[side].append((before + si, ti))
        self.counts.add(batch)
        if self._units is not None:
            self._units.append(sentence_units(g, p, self.table, self.mode, lengths))

    def units(self) -> np.ndarray:
        """``int64[n_sentences, 3]``: the per-sentence units so far (:func:`sentence_units`).

        Raises:
            ValueError: the tally keeps no units.
        """
        if self._units is None:
            raise ValueError("this ChunkTally keeps no per-sentence units (units=False)")
        return np.concatenate(self._units) if self._units else np.zeros((0, 3), dtype=np.int64)

    def report(self) -> ChunkReport:
        """The :class:`ChunkReport` of the batches so far (:func:`build_report`)."""
        return build_report(self.counts, self.table.scheme, self.mode, self.table.suffix)


def score_chunks(gold: Sequence[Sequence[str]], pred: Sequence[Sequence[str]], *, scheme: str = "iob2",
                 mode: str = LENIENT, suffix: bool = False) -> ChunkReport:
    """Chunk metrics of predicted tag sequences against gold ones.

    Args:
        gold, pred: one list of tags per sentence (``[["B-PER", "I-PER", "O"], ...]``).
        scheme: ``io``, ``iob1``, ``iob2``, ``ioe1``, ``ioe2``, ``iobes`` or ``bilou``.
        mode: ``"lenient"`` (conlleval, seqeval's default) or ``"strict"``.
        suffix: tags are ``TYPE-P`` (``PER-B``) instead of ``P-TYPE``.

    Returns:
        A :class:`ChunkReport`.

    Raises:
        TagError: (an InputError) different numbers of sentences or
            tags, an empty tag (case C8), a malformed tag, or a tag the scheme does
            not allow; the message names the side, sentence and token (1-based).
        UnknownOptionError: an unknown scheme or mode (a ValueError).
        TypeError: a flat list of tags instead of a list of sentences.
    """
    mode = check_mode(mode)
    table = LabelTable(scheme, suffix)
    check_lengths(gold, pred)
    g = encode(table, gold, GOLD)
    p = encode(table, pred, PREDICTION)
    counts = count_chunks(g, p, table, mode, sentences=len(gold))
    return build_report(counts, table.scheme, mode, table.suffix)


def classification_report(y_true: Sequence[Sequence[str]], y_pred: Sequence[Sequence[str]], *,
                          scheme: str = "iob2", mode: str = LENIENT, suffix: bool = False) -> ChunkReport:
    """seqeval's ``classification_report`` as a :class:`ChunkReport` (``.per_type``,
    ``.micro``, ``.macro``, ``.weighted``; :func:`bengal.report.chunks.render_chunk_report` prints it).
    Same arguments and errors as :func:`score_chunks`."""
    return score_chunks(y_true, y_pred, scheme=scheme, mode=mode, suffix=suffix)


def _average(report: ChunkReport, average: str) -> MicroScore | Measures:
    if average == "micro":
        return report.micro
    if average == "macro":
        return report.macro
    if average == "weighted":
        return report.weighted
    raise UnknownOptionError(f"unknown average {average!r}: use 'micro', 'macro' or 'weighted'")


def f1_score(y_true: Sequence[Sequence[str]], y_pred: Sequence[Sequence[str]], *, average: str = "micro",
             scheme: str = "iob2", mode: str = LENIENT, suffix: bool = False) -> float:
    """Chunk F1 (seqeval's ``f1_score``): ``average`` = ``micro``, ``macro`` or ``weighted``.
    Same arguments and errors as :func:`score_chunks`."""
    return _average(score_chunks(y_true, y_pred, scheme=scheme, mode=mode, suffix=suffix), average).f1


def precision_score(y_true: Sequence[Sequence[str]], y_pred: Sequence[Sequence[str]], *, average: str = "micro",
                    scheme: str = "iob2", mode: str = LENIENT, suffix: bool = False) -> float:
    """Chunk precision (seqeval's ``precision_score``); see :func:`f1_score`."""
    return _average(score_chunks(y_true, y_pred, scheme=scheme, mode=mode, suffix=suffix), average).precision


def recall_score(y_true: Sequence[Sequence[str]], y_pred: Sequence[Sequence[str]], *, average: str = "micro",
                 scheme: str = "iob2", mode: str = LENIENT, suffix: bool = False) -> float:
    """Chunk recall (seqeval's ``recall_score``); see :func:`f1_score`."""
    return _average(score_chunks(y_true, y_pred, scheme=scheme, mode=mode, suffix=suffix), average).recall


def accuracy_score(y_true: Sequence[Sequence[str]], y_pred: Sequence[Sequence[str]], *, scheme: str = "iob2",
                   suffix: bool = False) -> float:
    """Token accuracy (seqeval's ``accuracy_score``): equal tags over all tags (1.0 for no tag).
    Same errors as :func:`score_chunks`."""
    return score_chunks(y_true, y_pred, scheme=scheme, suffix=suffix).token_accuracy
