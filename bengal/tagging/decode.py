"""Tag sequences → chunks: one generic loop over the scheme tables of :mod:`bengal.tagging.schemes`.

Tags become integer ids of a :class:`LabelTable`; a sentence boundary becomes an ``O``
sentinel; :func:`extract_chunks` reads the chunks of a flat id array from the pair table
(the scheme's patterns compiled for the labels seen) with a few NumPy passes, in the
scheme's strict reading or conlleval's lenient one (seqeval's cut between ``scheme.py``
and ``get_entities``). The readers (:mod:`bengal.io.conll`) and the chunk scorer
(:mod:`bengal.score.chunks`) both decode tags here. Definitions: ``docs/tagging.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

from bengal.errors import InputError, UnknownOptionError
from bengal.lazy import lazy_module
from bengal.model import GOLD, PREDICTION
from bengal.tagging.schemes import LENIENT, MODES, OUTSIDE, STRICT, Scheme, get_scheme, parse_tag

if TYPE_CHECKING:
    import numpy as np
else:  # numpy is loaded on first use: reading and scoring NIF never imports it (issue 15)
    np = lazy_module("numpy")

__all__ = ["GOLD", "PREDICTION", "TagError", "LabelTable", "Chunks", "encode", "extract_chunks",
           "invalid_positions", "flat_places", "check_mode", "get_entities"]

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


def encode(table: LabelTable, seqs: Sequence[Sequence[str]], side: str) -> np.ndarray:
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


def flat_places(lengths: Sequence[int]) -> Callable[[int], tuple[int, int]]:
    """A function ``position -> (sentence, token)`` (0-based) for flat arrays of sentences of
    these lengths, as :func:`encode` lays them out (a leading sentinel, one after each sentence)."""
    lens = np.asarray(lengths, dtype=np.int64)
    first = np.concatenate([[1], np.cumsum(lens + 1)[:-1] + 1]) if len(lens) else np.zeros(0, np.int64)

    def place(pos: int) -> tuple[int, int]:
        si = int(np.searchsorted(first, pos, side="right") - 1)
        return si, int(pos - first[si])

    return place


def check_mode(mode: str) -> str:
    """``mode`` in lower case when it is ``lenient`` or ``strict``.

    Raises:
        UnknownOptionError: another mode (a UsageError, hence a ValueError).
    """
    m = str(mode).lower()
    if m not in MODES:
        raise UnknownOptionError(f"unknown mode {mode!r}: choose one of {', '.join(MODES)}")
    return m


def get_entities(tags: Sequence[str], *, scheme: str = "iob2", mode: str = LENIENT,
                 suffix: bool = False) -> list[tuple[str, int, int]]:
    """The chunks of one tag sequence as ``(type, first token, last token)`` (inclusive), in order.

    Raises:
        TagError: a tag that is empty, malformed or not allowed by the scheme.
    """
    mode = check_mode(mode)
    table = LabelTable(scheme, suffix)
    ids = encode(table, [list(tags)], GOLD)
    ch = extract_chunks(ids, table, mode)
    return [(table.types[t], s - 1, e - 1) for t, s, e in zip(ch.types.tolist(), ch.starts.tolist(),
                                                               ch.ends.tolist())]
