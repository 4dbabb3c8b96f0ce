"""Chunk metrics over tag sequences (CoNLL columns, model outputs), conlleval/seqeval-style.

One implementation serves ``bengal score`` on CoNLL files, the one-call
functions (:func:`score_chunks`, :func:`f1_score`, :func:`classification_report`,
as seqeval's) and the training-loop accumulator (:class:`ChunkEvaluator`, as
PaddleNLP's): tags become integer ids of a :class:`LabelTable`, a sentence
boundary becomes an ``O`` sentinel, and :func:`count_chunks` reads the chunks of
both sides from pair tables (the scheme tables of :mod:`bengal.score.schemes`
compiled for the labels seen) with a few NumPy passes, then counts.

Counting (seqeval's ``precision_recall_fscore_support``; conlleval):

* a chunk is ``(type, first token, last token)``; a predicted chunk is a true
  positive when a gold chunk has the same type, first and last token;
* per type: TP, FP = predicted − TP, FN = gold − TP, support = gold chunks;
  the types reported are those with a gold or predicted chunk;
* **micro**: counts summed over types, then P, R, F1;
* **macro**: the unweighted mean over the reported types of P, R, F1;
* **weighted**: the mean of P, R, F1 weighted by support (seqeval,
  scikit-learn); with zero total support it equals micro;
* **token accuracy**: tokens whose predicted tag equals the gold tag, over all
  tokens (seqeval's ``accuracy_score``; evalscope);
* **zero division**: GERBIL's rule of :mod:`bengal.score.metrics` (TP = FP =
  FN = 0 gives 1; otherwise TP = 0 gives 0). This equals seqeval's values
  except when there is no chunk at all (case C9), where seqeval gives 0 with a
  warning; macro over zero types is 1.0.

Tags that the declared scheme's strict reading puts in no chunk are counted
per side as ``invalid_tags``: dropped in strict mode, repaired (read the
conlleval way) in lenient mode (case C2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from bengal.errors import InputError
from bengal.perf import gc_paused
from bengal.score import metrics
from bengal.score.metrics import Counts
from bengal.score.schemes import (
    LENIENT,
    MODES,
    OUTSIDE,
    STRICT,
    Scheme,
    get_scheme,
    parse_tag,
)

__all__ = [
    "TagError",
    "LabelTable",
    "ChunkCounts",
    "TypeScore",
    "ChunkReport",
    "count_chunks",
    "extract_chunks",
    "score_chunks",
    "f1_score",
    "precision_score",
    "recall_score",
    "accuracy_score",
    "classification_report",
    "ChunkEvaluator",
    "get_entities",
    "score_conll",
]

GOLD = "gold"
PREDICTION = "prediction"

CHUNK_MATCH = "a predicted chunk counts when a gold chunk has the same type, first and last token"
MACRO_DEFINITION = "macro: unweighted mean over the reported types of per-type P, R and F1"
WEIGHTED_DEFINITION = ("weighted: mean of per-type P, R and F1 weighted by support (gold chunks); "
                       "equals micro when there is no gold chunk")
ACCURACY_DEFINITION = "token accuracy: tokens whose predicted tag equals the gold tag, over all tokens"
LENIENT_DEFINITION = ("lenient: conlleval's chunk rules (seqeval's default mode); tags the scheme does not "
                      "allow in place are repaired and counted as invalid_tags")
STRICT_DEFINITION = ("strict: only chunks the scheme allows (seqeval's mode='strict'); tags outside a valid "
                     "chunk are dropped and counted as invalid_tags")


class TagError(InputError, ValueError):
    """A broken tag sequence: an empty tag, a tag the scheme does not allow, or
    gold and prediction of different lengths.

    Attributes:
        side: ``"gold"`` or ``"prediction"`` (``None`` for a length mismatch).
        sentence: 0-based index of the sentence (or batch row).
        token: 0-based index of the token in it (``None`` for a length mismatch).
    """

    def __init__(self, message: str, *, side: str | None = None, sentence: int | None = None,
                 token: int | None = None, source: str | None = None, line: int | None = None) -> None:
        self.side = side
        self.sentence = sentence
        self.token = token
        super().__init__(message, source=source, line=line)


# Bits of the pair tables.
_L_START, _L_END, _S_START, _S_INSIDE, _S_END = 1, 2, 4, 8, 16


class LabelTable:
    """The labels seen so far, as integer ids, with their prefix and type.

    Id 0 is always ``O`` (also the sentence-boundary sentinel). Ids grow as new
    labels are met; :meth:`pair_table` compiles the scheme's patterns into a
    ``[n_labels, n_labels]`` array of bit flags (lenient start/end, strict
    start/inside/end) for the current labels.

    Args:
        scheme: the declared scheme (name or :class:`Scheme`).
        suffix: tags are ``TYPE-P`` (PaddleNLP's ``suffix=True``) instead of ``P-TYPE``.

    Raises:
        ValueError: an unknown scheme.
    """

    def __init__(self, scheme: str | Scheme = "iob2", suffix: bool = False) -> None:
        self.scheme = get_scheme(scheme)
        self.suffix = bool(suffix)
        self.labels: list[str] = [OUTSIDE]
        self.prefixes: list[str] = [OUTSIDE]
        self.types: list[str] = []
        self._type_ids: dict[str, int] = {}
        self._label_type: list[int] = [-1]
        table = self

        class _Ids(dict):
            def __missing__(self, label: str) -> int:
                return table._add(label)

        self.ids: dict[str, int] = _Ids({OUTSIDE: 0})
        self._pairs: np.ndarray | None = None

    def _add(self, label: Any) -> int:
        if not isinstance(label, str):
            raise ValueError(f"tag {label!r} is not a string")
        prefix, typ = parse_tag(label, self.suffix)
        if not self.scheme.allows(prefix):
            allowed = ", ".join(self.scheme.prefixes) + ", O"
            raise ValueError(f"tag {label!r} is not allowed by the scheme {self.scheme.label} "
                             f"(prefixes {allowed}); declare the scheme the tags use (--scheme)")
        tid = self._type_ids.get(typ)
        if tid is None:
            tid = self._type_ids[typ] = len(self.types)
            self.types.append(typ)
        i = len(self.labels)
        self.labels.append(label)
        self.prefixes.append(prefix)
        self._label_type.append(tid)
        dict.__setitem__(self.ids, label, i)
        self._pairs = None
        return i

    def add(self, label: str) -> int:
        """The id of ``label``, adding it when new.

        Raises:
            ValueError: an empty tag, a malformed tag, or a prefix the scheme does not allow.
        """
        return self.ids[label]

    def __len__(self) -> int:
        return len(self.labels)

    @property
    def label_types(self) -> np.ndarray:
        """``[n_labels]`` type id of each label (-1 for ``O``)."""
        return np.asarray(self._label_type, dtype=np.int64)

    def pair_table(self) -> np.ndarray:
        """``[n_labels, n_labels]`` uint8 flags of each (previous, current) label pair."""
        if self._pairs is not None and self._pairs.shape[0] == len(self.labels):
            return self._pairs
        n = len(self.labels)
        s = self.scheme
        roles = [OUTSIDE] + [s.roles[p] for p in self.prefixes[1:]]
        out = np.zeros((n, n), dtype=np.uint8)
        for i in range(n):
            pp, pr, pt = self.prefixes[i], roles[i], self._label_type[i]
            for j in range(n):
                cp, cr, ct = self.prefixes[j], roles[j], self._label_type[j]
                same = pt == ct
                flags = 0
                if _conlleval_start(pr, cr, same):
                    flags |= _L_START
                if _conlleval_end(pr, cr, same):
                    flags |= _L_END
                if s.is_start(pp, cp, same):
                    flags |= _S_START
                if s.is_inside(pp, cp, same):
                    flags |= _S_INSIDE
                if s.is_end(pp, cp, same):
                    flags |= _S_END
                out[i, j] = flags
        self._pairs = out
        return out


def _conlleval_end(prev: str, cur: str, same: bool) -> bool:
    """conlleval.pl ``endOfChunk`` over roles: did a chunk end before ``cur``?"""
    if prev == OUTSIDE:
        return False
    if prev in "ES":
        return True
    if cur in "BSO":  # prev is B or I
        return True
    return not same


def _conlleval_start(prev: str, cur: str, same: bool) -> bool:
    """conlleval.pl ``startOfChunk`` over roles: does a chunk start at ``cur``?"""
    if cur == OUTSIDE:
        return False
    if cur in "BS":
        return True
    if prev in "ESO":  # cur is I or E
        return True
    return not same


def _encode(table: LabelTable, seqs: Sequence[Sequence[str]], side: str) -> np.ndarray:
    """Flat ``int32`` ids: a leading ``O`` sentinel, then each sentence followed by one."""
    if isinstance(seqs, str) or (len(seqs) and isinstance(seqs[0], str)):
        raise TypeError(f"{side}: expected a list of tag sequences (one list of tags per sentence), "
                        "got a flat sequence of tags")
    flat: list[str] = [OUTSIDE]
    for s in seqs:
        flat.extend(s)
        flat.append(OUTSIDE)
    try:
        return np.fromiter(map(table.ids.__getitem__, flat), dtype=np.int32, count=len(flat))
    except (ValueError, TypeError, KeyError):
        pass
    # Slow path, errors only: find the first bad tag and name its place.
    for si, s in enumerate(seqs):
        for ti, tag in enumerate(s):
            try:
                table.ids[tag]
            except (ValueError, TypeError) as exc:
                raise TagError(f"{side} sentence {si + 1}, token {ti + 1}: {exc}",
                               side=side, sentence=si, token=ti) from None
    raise AssertionError("unreachable: encoding failed without a bad tag")  # pragma: no cover


def _check_lengths(gold: Sequence[Sequence[str]], pred: Sequence[Sequence[str]]) -> None:
    if len(gold) != len(pred):
        raise TagError(f"the gold has {len(gold)} sentences but the prediction has {len(pred)}")
    for i, (g, p) in enumerate(zip(gold, pred)):
        if len(g) != len(p):
            raise TagError(f"sentence {i + 1}: the gold has {len(g)} tags but the prediction has {len(p)}",
                           sentence=i)


@dataclass(frozen=True)
class Chunks:
    """Chunks of one flat id array: ``starts``, ``ends`` (inclusive) and ``types``
    (type ids), each ``int64[n_chunks]``, in order; ``invalid``: tags in no
    strict chunk (dropped in strict mode, repaired in lenient mode)."""

    starts: np.ndarray
    ends: np.ndarray
    types: np.ndarray
    invalid: int


def extract_chunks(ids: np.ndarray, table: LabelTable, mode: str = LENIENT) -> Chunks:
    """Read the chunks of a flat id array (sentinel ``O`` first, after each sentence).

    Args:
        ids: ``int[n]`` label ids of ``table``; ``ids[0]`` and ``ids[-1]`` are 0.
        table: the labels.
        mode: ``"lenient"`` (conlleval) or ``"strict"`` (the scheme's patterns).

    Returns:
        :class:`Chunks` with positions in ``ids``' coordinates.
    """
    pairs = table.pair_table()
    label_types = table.label_types
    flags = pairs[ids[:-1], ids[1:]]  # flags[k - 1] describes the pair (k - 1, k)
    n = len(ids)

    # Strict reading (also gives the invalid-tag count in lenient mode).
    st = np.zeros(n, dtype=bool)
    ins = np.zeros(n, dtype=bool)
    st[1:] = (flags & _S_START) != 0
    ins[1:] = (flags & _S_INSIDE) != 0
    # in_chunk[k] = st[k] | (in_chunk[k-1] & ins[k]): known where st or not ins, else carried forward.
    known = st | ~ins
    idx = np.where(known, np.arange(n), 0)
    np.maximum.accumulate(idx, out=idx)
    in_chunk = st[idx]
    head = np.ones(n, dtype=bool)
    head[1:] = ~(in_chunk[:-1] & ins[1:])
    s_starts = np.flatnonzero(st & head)
    heads = np.flatnonzero(head)
    stops = heads[np.searchsorted(heads, s_starts, side="right")]  # first token after the chunk
    complete = (flags[stops - 1] & _S_END) != 0
    s_starts, s_ends = s_starts[complete], stops[complete] - 1
    non_o = int(np.count_nonzero(ids))
    invalid = non_o - int((s_ends - s_starts + 1).sum())

    if mode == STRICT:
        return Chunks(s_starts, s_ends, label_types[ids[s_starts]], invalid)
    starts = np.flatnonzero(flags & _L_START) + 1
    ends = np.flatnonzero(flags & _L_END)
    if len(starts) != len(ends):  # pragma: no cover - the conlleval rules pair every start with an end
        raise AssertionError("lenient chunk starts and ends do not pair up")
    return Chunks(starts, ends, label_types[ids[starts]], invalid)


def invalid_positions(ids: np.ndarray, table: LabelTable) -> np.ndarray:
    """Positions (in ``ids``' flat coordinates) of the non-``O`` tags that the scheme's
    strict reading puts in no chunk: the ``invalid_tags`` of :class:`ChunkReport`."""
    ch = extract_chunks(ids, table, STRICT)
    cover = np.zeros(len(ids) + 1, dtype=np.int64)
    np.add.at(cover, ch.starts, 1)
    np.add.at(cover, ch.ends + 1, -1)
    covered = np.cumsum(cover)[:-1] > 0
    return np.flatnonzero((ids != 0) & ~covered)


def flat_places(lengths: Sequence[int]) -> Any:
    """A function ``position -> (sentence, token)`` (0-based) for flat arrays of sentences of
    these lengths, as :func:`_encode` lays them out (a leading sentinel, one after each sentence)."""
    lens = np.asarray(lengths, dtype=np.int64)
    first = np.concatenate([[1], np.cumsum(lens + 1)[:-1] + 1]) if len(lens) else np.zeros(0, np.int64)

    def place(pos: int) -> tuple[int, int]:
        si = int(np.searchsorted(first, pos, side="right") - 1)
        return si, int(pos - first[si])

    return place


@dataclass
class ChunkCounts:
    """Counts of a chunk scoring run, additive over batches.

    Attributes:
        types: type names; the arrays below are indexed like it.
        tp, predicted, gold: ``int64[n_types]`` chunk counts per type.
        sentences, tokens, correct_tokens: totals (tokens exclude padding and ignored positions).
        invalid_gold, invalid_pred: tags in no strict chunk, per side.
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

    def _grow(self, n: int) -> None:
        if len(self.tp) < n:
            pad = n - len(self.tp)
            self.tp = np.concatenate([self.tp, np.zeros(pad, dtype=np.int64)])
            self.predicted = np.concatenate([self.predicted, np.zeros(pad, dtype=np.int64)])
            self.gold = np.concatenate([self.gold, np.zeros(pad, dtype=np.int64)])

    def add(self, other: "ChunkCounts") -> None:
        """Add ``other`` (whose types extend this one's, same table) in place."""
        self.types = list(other.types) if len(other.types) > len(self.types) else self.types
        self._grow(len(other.tp))
        n = len(other.tp)
        self.tp[:n] += other.tp
        self.predicted[:n] += other.predicted
        self.gold[:n] += other.gold
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
        ValueError: an unknown mode.
    """
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: choose one of {', '.join(MODES)}")
    g = extract_chunks(gold_ids, table, mode)
    p = extract_chunks(pred_ids, table, mode)
    n = len(gold_ids)
    n_types = len(table.types)
    end_at = np.full(n, -1, dtype=np.int64)
    type_at = np.full(n, -1, dtype=np.int64)
    end_at[g.starts] = g.ends
    type_at[g.starts] = g.types
    hit = (end_at[p.starts] == p.ends) & (type_at[p.starts] == p.types)
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
    )


@dataclass(frozen=True, slots=True)
class TypeScore:
    """Counts and measures of one row of the report (a type or an average).

    Attributes:
        tp, fp, fn: chunk counts (summed for micro; 0 for macro/weighted rows
            whose counts are not defined, see ``to_json``).
        precision, recall, f1: the measures (never NaN).
        support: gold chunks (the row's or the sum).
    """

    tp: int
    fp: int
    fn: int
    precision: float
    recall: float
    f1: float
    support: int

    def to_json(self, counts: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if counts:
            out.update(tp=self.tp, fp=self.fp, fn=self.fn)
        out.update(precision=self.precision, recall=self.recall, f1=self.f1, support=self.support)
        return out


@dataclass(frozen=True)
class ChunkReport:
    """The outcome of chunk scoring: per type, micro, macro, weighted, token accuracy.

    Attributes:
        scheme, mode, suffix: how tags were read.
        per_type: ``{type: TypeScore}`` in sorted type order (types with a gold or predicted chunk).
        micro, macro, weighted: the averages (:data:`MACRO_DEFINITION`, ...).
        sentences, tokens, correct_tokens: totals; ``token_accuracy`` = correct / tokens (1.0 for no token).
        invalid_gold, invalid_pred: tags in no strict chunk (dropped in strict, repaired in lenient mode).
        conventions: ``{name: one-line statement}``.
        warnings: ``[(code, where, message, side)]`` as dicts, for reports.
    """

    scheme: str
    mode: str
    suffix: bool
    per_type: Mapping[str, TypeScore]
    micro: TypeScore
    macro: TypeScore
    weighted: TypeScore
    sentences: int
    tokens: int
    correct_tokens: int
    invalid_gold: int
    invalid_pred: int
    conventions: Mapping[str, str] = field(default_factory=dict)
    warnings: tuple[Mapping[str, str], ...] = ()

    task = "chunk"

    @property
    def token_accuracy(self) -> float:
        return self.correct_tokens / self.tokens if self.tokens else 1.0

    @property
    def precision(self) -> float:
        return self.micro.precision

    @property
    def recall(self) -> float:
        return self.micro.recall

    @property
    def f1(self) -> float:
        return self.micro.f1

    def f_beta(self, beta: float, average: str = "micro") -> float:
        """Micro F-beta of the summed counts (``average="micro"``) or the mean of per-type F-beta (``"macro"``)."""
        if average == "micro":
            return metrics.f_beta(Counts(self.micro.tp, self.micro.fp, self.micro.fn), beta)
        if average == "macro":
            rows = list(self.per_type.values())
            if not rows:
                return 1.0
            return sum(metrics.f_beta(Counts(r.tp, r.fp, r.fn), beta) for r in rows) / len(rows)
        raise ValueError(f"unknown average {average!r}: use 'micro' or 'macro'")

    def to_text(self) -> str:
        """The per-type table as plain text (seqeval's ``classification_report`` string;
        :func:`bengal.report.chunks.render_chunk_report`)."""
        from bengal.report.chunks import render_chunk_report

        return render_chunk_report(self)

    def to_json(self) -> dict[str, Any]:
        """The stable JSON shape (keys are only ever added)::

            {"task": "chunk", "scheme", "mode", "suffix", "sentences", "tokens",
             "token_accuracy", "correct_tokens",
             "per_type": {TYPE: {"tp", "fp", "fn", "precision", "recall", "f1", "support"}},
             "micro": {"tp", "fp", "fn", "precision", "recall", "f1", "support"},
             "macro": {"precision", "recall", "f1", "support"},
             "weighted": {"precision", "recall", "f1", "support"},
             "invalid_tags": {"gold", "prediction", "treatment"},
             "warnings": [...], "conventions": {...}}

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
            "per_type": {t: r.to_json() for t, r in self.per_type.items()},
            "micro": self.micro.to_json(),
            "macro": self.macro.to_json(counts=False),
            "weighted": self.weighted.to_json(counts=False),
            "invalid_tags": {"gold": self.invalid_gold, "prediction": self.invalid_pred,
                             "treatment": "dropped" if self.mode == STRICT else "repaired"},
            "warnings": [dict(w) for w in self.warnings],
            "conventions": dict(self.conventions),
        }


def _row(tp: int, pred: int, gold: int) -> TypeScore:
    c = Counts(tp, pred - tp, gold - tp)
    m = metrics.measures(c)
    return TypeScore(tp, pred - tp, gold - tp, m.precision, m.recall, m.f1, gold)


def build_report(counts: ChunkCounts, scheme: Scheme, mode: str, suffix: bool,
                 warnings: Iterable[Mapping[str, str]] = ()) -> ChunkReport:
    """Turn :class:`ChunkCounts` into a :class:`ChunkReport` (the module docstring's definitions)."""
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
        macro = TypeScore(0, 0, 0, sum(r.precision for r in rows) / k, sum(r.recall for r in rows) / k,
                          sum(r.f1 for r in rows) / k, gold)
    else:
        macro = TypeScore(0, 0, 0, 1.0, 1.0, 1.0, 0)
    if gold:
        weighted = TypeScore(0, 0, 0, sum(r.precision * r.support for r in rows) / gold,
                             sum(r.recall * r.support for r in rows) / gold,
                             sum(r.f1 * r.support for r in rows) / gold, gold)
    else:
        weighted = TypeScore(0, 0, 0, micro.precision, micro.recall, micro.f1, 0)
    for v in (macro.precision, macro.recall, macro.f1, weighted.f1):
        assert math.isfinite(v)
    conventions = {
        "scheme": f"{scheme.label} tags, {'suffix (TYPE-P)' if suffix else 'prefix (P-TYPE)'} style",
        "mode": LENIENT_DEFINITION if mode == LENIENT else STRICT_DEFINITION,
        "matching": CHUNK_MATCH,
        "zero_division": metrics.ZERO_DIVISION.replace("per document", "per type"),
        "micro": "micro: TP, FP, FN summed over types, then P, R, F1 of the sums",
        "macro": MACRO_DEFINITION,
        "weighted": WEIGHTED_DEFINITION,
        "token_accuracy": ACCURACY_DEFINITION,
    }
    return ChunkReport(scheme.name, mode, suffix, per_type, micro, macro, weighted, counts.sentences,
                       counts.tokens, counts.correct_tokens, counts.invalid_gold, counts.invalid_pred,
                       conventions, tuple(warnings))


def _check_mode(mode: str) -> str:
    m = str(mode).lower()
    if m not in MODES:
        raise ValueError(f"unknown mode {mode!r}: choose one of {', '.join(MODES)}")
    return m


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
        TagError: (an InputError and ValueError) different numbers of sentences or
            tags, an empty tag (case C8), a malformed tag, or a tag the scheme does
            not allow; the message names the side, sentence and token (1-based).
        ValueError: an unknown scheme or mode.
        TypeError: a flat list of tags instead of a list of sentences.
    """
    mode = _check_mode(mode)
    table = LabelTable(scheme, suffix)
    _check_lengths(gold, pred)
    g = _encode(table, gold, GOLD)
    p = _encode(table, pred, PREDICTION)
    counts = count_chunks(g, p, table, mode, sentences=len(gold))
    return build_report(counts, table.scheme, mode, table.suffix)


def classification_report(y_true: Sequence[Sequence[str]], y_pred: Sequence[Sequence[str]], *,
                          scheme: str = "iob2", mode: str = LENIENT, suffix: bool = False) -> ChunkReport:
    """seqeval's ``classification_report`` as a :class:`ChunkReport` (``.per_type``,
    ``.micro``, ``.macro``, ``.weighted``; ``bengal.report.chunks.render_chunk_report`` prints it).
    Same arguments and errors as :func:`score_chunks`."""
    return score_chunks(y_true, y_pred, scheme=scheme, mode=mode, suffix=suffix)


def _average(report: ChunkReport, average: str) -> TypeScore:
    if average == "micro":
        return report.micro
    if average == "macro":
        return report.macro
    if average == "weighted":
        return report.weighted
    raise ValueError(f"unknown average {average!r}: use 'micro', 'macro' or 'weighted'")


def f1_score(y_true: Sequence[Sequence[str]], y_pred: Sequence[Sequence[str]], *, average: str = "micro",
             scheme: str = "iob2", mode: str = LENIENT, suffix: bool = False) -> float:
    """Chunk F1 (seqeval's ``f1_score``): ``average`` = ``micro``, ``macro`` or ``weighted``.
    Same arguments and errors as :func:`score_chunks`."""
    return _average(score_chunks(y_true, y_pred, scheme=scheme, mode=mode, suffix=suffix), average).f1


def precision_score(y_true, y_pred, *, average: str = "micro", scheme: str = "iob2", mode: str = LENIENT,
                    suffix: bool = False) -> float:
    """Chunk precision (seqeval's ``precision_score``); see :func:`f1_score`."""
    return _average(score_chunks(y_true, y_pred, scheme=scheme, mode=mode, suffix=suffix), average).precision


def recall_score(y_true, y_pred, *, average: str = "micro", scheme: str = "iob2", mode: str = LENIENT,
                 suffix: bool = False) -> float:
    """Chunk recall (seqeval's ``recall_score``); see :func:`f1_score`."""
    return _average(score_chunks(y_true, y_pred, scheme=scheme, mode=mode, suffix=suffix), average).recall


def accuracy_score(y_true: Sequence[Sequence[str]], y_pred: Sequence[Sequence[str]], *, scheme: str = "iob2",
                   suffix: bool = False) -> float:
    """Token accuracy (seqeval's ``accuracy_score``): equal tags over all tags (1.0 for no tag).
    Same errors as :func:`score_chunks`."""
    return score_chunks(y_true, y_pred, scheme=scheme, suffix=suffix).token_accuracy


def get_entities(tags: Sequence[str], *, scheme: str = "iob2", mode: str = LENIENT,
                 suffix: bool = False) -> list[tuple[str, int, int]]:
    """The chunks of one tag sequence as ``(type, first token, last token)`` (inclusive), in order.

    Raises:
        TagError: a tag that is empty, malformed or not allowed by the scheme.
    """
    mode = _check_mode(mode)
    table = LabelTable(scheme, suffix)
    ids = _encode(table, [list(tags)], GOLD)
    ch = extract_chunks(ids, table, mode)
    return [(table.types[t], s - 1, e - 1) for t, s, e in zip(ch.types.tolist(), ch.starts.tolist(),
                                                               ch.ends.tolist())]


class ChunkEvaluator:
    """Chunk metrics accumulated over batches of label ids (PaddleNLP's ``ChunkEvaluator``).

    Args:
        label_list: the tag of each label id (``label_list[i]`` is the tag of id ``i``),
            e.g. ``["O", "B-PER", "I-PER"]``; any iterable (a dict's keys in id order).
        suffix: tags are ``TYPE-P`` instead of ``P-TYPE``.
        scheme: the tagging scheme (default ``iob2``).
        mode: ``"lenient"`` (default, conlleval/seqeval) or ``"strict"``.
        ignore_index: a label id to skip (default -100, the Hugging Face convention): a
            position whose gold *or* predicted id equals it is removed from both
            sequences before chunking (it neither splits nor extends a chunk).

    Example::

        metric = ChunkEvaluator(["O", "B-PER", "I-PER"])
        for batch in loader:
            preds = logits.argmax(-1)                       # [batch, seq_len]
            metric.update(preds, batch["labels"], batch["lengths"])
        metric.result()["f1"]; metric.reset()

    Raises:
        TagError: a label of ``label_list`` that is empty, malformed or not allowed by the scheme.
        ValueError: an unknown scheme or mode.
    """

    def __init__(self, label_list: Iterable[str], suffix: bool = False, *, scheme: str = "iob2",
                 mode: str = LENIENT, ignore_index: int | None = -100) -> None:
        self.mode = _check_mode(mode)
        self.table = LabelTable(scheme, suffix)
        self.label_list = list(label_list)
        ids = []
        for i, label in enumerate(self.label_list):
            try:
                ids.append(self.table.add(label))
            except (ValueError, TypeError) as exc:
                raise TagError(f"label_list[{i}]: {exc}", side="label_list", token=i) from None
        self._map = np.asarray(ids, dtype=np.int32)
        self.ignore_index = ignore_index
        self.reset()

    def reset(self) -> None:
        """Forget all counts (e.g. at the start of an epoch)."""
        self.counts = ChunkCounts(types=list(self.table.types))

    def _ids(self, arr: np.ndarray, keep: np.ndarray, what: str) -> np.ndarray:
        if arr.dtype.kind not in "iu":
            raise TagError(f"{what}: label ids must be integers, got an array of {arr.dtype} "
                           "(take the argmax of the logits first)", side=what)
        vals = arr[keep]
        bad = (vals < 0) | (vals >= len(self._map))
        if bad.any():
            v = int(vals[np.flatnonzero(bad)[0]])
            raise TagError(f"{what}: label id {v} is outside label_list (0..{len(self._map) - 1})",
                           side=what)
        return self._map[vals]

    def update(self, predictions: Any, labels: Any, lengths: Any = None) -> tuple[int, int, int]:
        """Add one batch.

        Args:
            predictions: ``int[batch, seq_len]`` predicted label ids (a NumPy array or
                anything with ``__array__``: torch or paddle tensors on the CPU; a
                ``[seq_len]`` array is one sentence).
            labels: ``int[batch, seq_len]`` gold label ids.
            lengths: ``int[batch]`` valid lengths (the rest is padding), or ``None``
                for full rows.

        Returns:
            ``(num_infer_chunks, num_label_chunks, num_correct_chunks)`` of this batch.

        Raises:
            TagError: shapes that differ, a length outside ``0..seq_len``, or an id
                outside ``label_list`` (other than ``ignore_index``).
        """
        pred = np.asarray(predictions)
        gold = np.asarray(labels)
        if pred.ndim == 1:
            pred, gold = pred[None, :], gold[None, :]
        if pred.shape != gold.shape or pred.ndim != 2:
            raise TagError(f"predictions have shape {tuple(pred.shape)} but labels {tuple(gold.shape)}; "
                           "expected two arrays of shape [batch, seq_len]")
        b, t = gold.shape
        if lengths is None:
            lens = np.full(b, t, dtype=np.int64)
        else:
            lens = np.asarray(lengths).reshape(-1).astype(np.int64)
            if lens.shape[0] != b or (lens < 0).any() or (lens > t).any():
                raise TagError(f"lengths {lens.tolist()} do not fit a batch of shape {(b, t)}")
        keep = np.arange(t)[None, :] < lens[:, None]
        if self.ignore_index is not None:
            keep &= gold != self.ignore_index
            keep &= pred != self.ignore_index
        # Append a sentinel column (kept) after each row, and a leading sentinel.
        keep_ext = np.concatenate([keep, np.ones((b, 1), dtype=bool)], axis=1)
        g_ext = np.zeros((b, t + 1), dtype=np.int32)
        p_ext = np.zeros((b, t + 1), dtype=np.int32)
        g_ext[:, :t][keep] = self._ids(gold, keep, "labels")
        p_ext[:, :t][keep] = self._ids(pred, keep, "predictions")
        g_flat = np.concatenate([[0], g_ext[keep_ext]]).astype(np.int32)
        p_flat = np.concatenate([[0], p_ext[keep_ext]]).astype(np.int32)
        batch = count_chunks(g_flat, p_flat, self.table, self.mode, sentences=b)
        self.counts.add(batch)
        return int(batch.predicted.sum()), int(batch.gold.sum()), int(batch.tp.sum())

    def result(self) -> dict[str, Any]:
        """The scores so far: ``{"precision", "recall", "f1", "num_infer_chunks",
        "num_label_chunks", "num_correct_chunks", "token_accuracy", "report"}``
        (``report``: the full :class:`ChunkReport`, per type, macro, weighted)."""
        report = self.report()
        return {
            "precision": report.micro.precision,
            "recall": report.micro.recall,
            "f1": report.micro.f1,
            "num_infer_chunks": report.micro.tp + report.micro.fp,
            "num_label_chunks": report.micro.support,
            "num_correct_chunks": report.micro.tp,
            "token_accuracy": report.token_accuracy,
            "report": report,
        }

    def accumulate(self) -> tuple[float, float, float]:
        """``(precision, recall, f1)`` so far (PaddleNLP's ``accumulate``)."""
        r = self.report()
        return r.micro.precision, r.micro.recall, r.micro.f1

    def report(self) -> ChunkReport:
        """The full :class:`ChunkReport` of the batches so far."""
        return build_report(self.counts, self.table.scheme, self.mode, self.table.suffix)


def score_conll(gold: Any, pred: Any, *, scheme: str = "iob2", mode: str = LENIENT, suffix: bool = False,
                tag_column: int = -1) -> ChunkReport:
    """Chunk metrics of two CoNLL column files (``bengal score`` on CoNLL files).

    Args:
        gold, pred: paths (or streams / bytes) of CoNLL files with the same tokens
            in the same sentences (:mod:`bengal.io.conll`).
        scheme, mode, suffix: as :func:`score_chunks`.
        tag_column: the column of the tag in both files (default the last).

    Raises:
        InputError: a broken file, or sentences / tags that do not line up, naming
            the file and line; TagError (an InputError) for a bad tag, naming the
            file and line.
    """
    from bengal.io.conll import read_conll_file

    with gc_paused():  # millions of small acyclic objects: the collector's passes only cost time
        g = read_conll_file(gold, tag_column=tag_column)
        p = read_conll_file(pred, tag_column=tag_column)
        g_tags, p_tags = g.tags(), p.tags()
    if len(g.sentences) != len(p.sentences):
        raise InputError(f"the gold {g.source} has {len(g.sentences)} sentences but the prediction has "
                         f"{len(p.sentences)}: the files must have the same sentences", source=p.source)
    for i, (a, b) in enumerate(zip(g.sentences, p.sentences)):
        if len(a.tokens) != len(b.tokens):
            raise InputError(f"sentence {i + 1} has {len(b.tokens)} tokens here but {len(a.tokens)} in the gold "
                             f"({g.source}:{a.line})", source=p.source, line=b.line)
    try:
        report = score_chunks(g_tags, p_tags, scheme=scheme, mode=mode, suffix=suffix)
    except TagError as err:
        cf = g if err.side == GOLD else p
        detail = str(err).split(": ", 1)[-1]
        raise TagError(f"sentence {err.sentence + 1}, token {err.token + 1}: {detail}", side=err.side,
                       sentence=err.sentence, token=err.token, source=cf.source,
                       line=cf.line_of(err.sentence, err.token)) from None
    warnings = []
    for side, n, cf, tags in ((GOLD, report.invalid_gold, g, g_tags), (PREDICTION, report.invalid_pred, p, p_tags)):
        if n:
            table = LabelTable(scheme, suffix)
            place = flat_places([len(t) for t in tags])
            first = [cf.line_of(*place(pos)) for pos in invalid_positions(_encode(table, tags, side), table)[:3]]
            what = "dropped (strict mode)" if mode == STRICT else "repaired (lenient mode)"
            lines = ", ".join(f"{cf.source}:{line}" for line in first) + (" …" if n > len(first) else "")
            warnings.append({"code": "invalid_tag", "where": cf.source, "side": side,
                             "message": f"{n} tags not allowed in place by the scheme "
                                        f"{table.scheme.label}: {what}; at {lines}"})
    return replace(report, warnings=tuple(warnings))
