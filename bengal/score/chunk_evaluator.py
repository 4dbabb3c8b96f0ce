"""The training-loop accumulator of chunk metrics (PaddleNLP's ``ChunkEvaluator``): ``update`` with
batches of label ids, ``result`` / ``accumulate`` / ``report``, ``reset`` between epochs. It counts
with :func:`bengal.score.chunks.count_chunks`, the same code as ``bengal score`` on CoNLL files.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from bengal.lazy import lazy_module
from bengal.score.chunks import ChunkCounts, ChunkReport, build_report, count_chunks
from bengal.tagging.decode import LabelTable, TagError, check_mode
from bengal.tagging.schemes import LENIENT

if TYPE_CHECKING:
    import numpy as np
else:  # numpy is loaded on first use: reading and scoring NIF never imports it (issue 15)
    np = lazy_module("numpy")

__all__ = ["ChunkEvaluator"]


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
        UnknownOptionError: an unknown scheme or mode (a ValueError).
    """

    def __init__(self, label_list: Iterable[str], suffix: bool = False, *, scheme: str = "iob2",
                 mode: str = LENIENT, ignore_index: int | None = -100) -> None:
        self.mode = check_mode(mode)
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
