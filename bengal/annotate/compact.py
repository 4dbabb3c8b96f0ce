"""Compact containers for the baseline's dictionary: a few flat arrays instead of a Python object
per surface form, entity or pattern (issue 16: the baseline needed 1.3 GB, then ~560 MB with
spaCy's ``PhraseMatcher``).

- :class:`PackedStrings`: sorted distinct strings as one UTF-8 ``bytes`` and an offset array;
  ``index(s)`` by binary search (UTF-8 byte order is code-point order, so the order is Python's
  ``sorted`` of the strings).
- :class:`TokenTrie`: a trie of integer sequences (token ids) in breadth-first arrays; the children
  of a node are contiguous and sorted, found by ``bisect``; ``matches(ids)`` lists every
  ``(start, end)`` whose ids spell a stored sequence, as spaCy's ``PhraseMatcher`` does.

Both pickle as a handful of ``bytes``/``array`` objects (fast to cache and to read back).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from typing import overload

__all__ = ["PackedStrings", "TokenTrie"]


class PackedStrings(Sequence[str]):
    """Sorted distinct strings, packed: ``self[i]`` is the ``i``-th in code-point order and
    :meth:`index` finds one in ``O(log n)`` comparisons.

    Built from any iterable of ``str`` (repeats are dropped). Lone surrogates are kept
    (``surrogatepass``), so any Python string round-trips.
    """

    __slots__ = ("_data", "_offsets")

    def __init__(self, strings: Iterable[str] = ()) -> None:
        encoded = sorted({s.encode("utf-8", "surrogatepass") for s in strings})
        offsets = array("q", [0])
        total = 0
        for b in encoded:
            total += len(b)
            offsets.append(total)
        self._data = b"".join(encoded)
        self._offsets = offsets

    def __len__(self) -> int:
        return len(self._offsets) - 1

    @overload
    def __getitem__(self, i: int) -> str: ...

    @overload
    def __getitem__(self, i: slice) -> list[str]: ...

    def __getitem__(self, i: int | slice) -> str | list[str]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"PackedStrings index {i} out of range 0..{n - 1}")
        return self._data[self._offsets[i]:self._offsets[i + 1]].decode("utf-8", "surrogatepass")

    def __iter__(self) -> Iterator[str]:
        data, off = self._data, self._offsets
        for i in range(len(off) - 1):
            yield data[off[i]:off[i + 1]].decode("utf-8", "surrogatepass")

    def __contains__(self, s: object) -> bool:
        return isinstance(s, str) and self.find(s) >= 0

    def find(self, s: str) -> int:
        """The position of ``s``, or -1 when it is not stored."""
        key = s.encode("utf-8", "surrogatepass")
        data, off = self._data, self._offsets
        lo, hi = 0, len(off) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if data[off[mid]:off[mid + 1]] < key:
                lo = mid + 1
            else:
                hi = mid
        if lo < len(off) - 1 and data[off[lo]:off[lo + 1]] == key:
            return lo
        return -1

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """The position of ``value`` (as ``list.index``, over the sorted strings).

        Raises:
            ValueError: ``value`` is not stored (or not in ``[start, stop)``).
        """
        i = self.find(value) if isinstance(value, str) else -1
        if i < 0 or i < start or (stop is not None and i >= stop):
            raise ValueError(f"{value!r} is not in the packed strings")
        return i

    @property
    def nbytes(self) -> int:
        """Bytes held by the packed data and the offsets (not Python's object headers)."""
        return len(self._data) + self._offsets.itemsize * len(self._offsets)

    def __getstate__(self) -> tuple[bytes, array[int]]:
        return self._data, self._offsets

    def __setstate__(self, state: tuple[bytes, array[int]]) -> None:
        self._data, self._offsets = state


class TokenTrie:
    """A set of non-empty sequences of non-negative ints (token ids), for all-matches lookup.

    Nodes are numbered breadth-first (the root is 0) and, within a level, in the sorted order of
    the prefixes they stand for; so a node's children are the contiguous run
    ``[lo[n], hi[n])``, sorted by their token ``tok[child]``, and ``end[n]`` is 1 when the prefix
    of node ``n`` is a stored sequence. Memory: about 9 bytes per node, one node per distinct
    prefix.

    Raises:
        ValueError: an empty sequence or a negative id among ``sequences``.
    """

    __slots__ = ("tok", "lo", "hi", "end")

    def __init__(self, sequences: Iterable[Sequence[int]]) -> None:
        seqs = sorted({tuple(s) for s in sequences})
        if seqs and not seqs[0]:
            raise ValueError("TokenTrie: an empty sequence cannot be stored")
        if any(t < 0 for s in seqs for t in s):
            raise ValueError("TokenTrie: token ids must be non-negative")
        tok = array("i", [-1])
        lo = array("i", [0])
        hi = array("i", [0])
        end = bytearray(1)
        prev: dict[tuple[int, ...], int] = {(): 0}
        depth = 0
        longer = seqs
        while True:
            longer = [s for s in longer if len(s) > depth]
            level = sorted({s[:depth + 1] for s in longer})
            if not level:
                break
            nxt: dict[tuple[int, ...], int] = {}
            for prefix in level:
                node = len(tok)
                parent = prev[prefix[:-1]]
                if hi[parent] == lo[parent]:  # its first child
                    lo[parent] = node
                hi[parent] = node + 1
                tok.append(prefix[-1])
                lo.append(0)
                hi.append(0)
                end.append(0)
                nxt[prefix] = node
            prev = nxt
            depth += 1
        for s in seqs:  # mark the stored sequences (a walk from the root)
            end[self._walk(tok, lo, hi, s)] = 1
        self.tok, self.lo, self.hi, self.end = tok, lo, hi, bytes(end)

    @staticmethod
    def _walk(tok: array[int], lo: array[int], hi: array[int], seq: Sequence[int]) -> int:
        node = 0
        for t in seq:
            k = bisect_left(tok, t, lo[node], hi[node])
            node = k
        return node

    def __len__(self) -> int:
        """The number of stored sequences."""
        return sum(self.end)

    def __contains__(self, seq: object) -> bool:
        if not isinstance(seq, (tuple, list)) or not seq:
            return False
        node = 0
        tok, lo, hi = self.tok, self.lo, self.hi
        for t in seq:
            k = bisect_left(tok, t, lo[node], hi[node])
            if k == hi[node] or tok[k] != t:
                return False
            node = k
        return bool(self.end[node])

    def matches(self, ids: Sequence[int]) -> list[tuple[int, int]]:
        """Every ``(start, end)`` (half-open positions in ``ids``) with ``ids[start:end]`` stored,
        sorted by start, then end. An id < 0 (a token no sequence has) matches nothing."""
        tok, lo, hi, end = self.tok, self.lo, self.hi, self.end
        out = []
        n = len(ids)
        for start in range(n):
            node = 0
            for j in range(start, n):
                t = ids[j]
                if t < 0:
                    break
                a, b = lo[node], hi[node]
                k = bisect_left(tok, t, a, b)
                if k == b or tok[k] != t:
                    break
                node = k
                if end[node]:
                    out.append((start, j + 1))
        return out

    @property
    def nbytes(self) -> int:
        """Bytes held by the node arrays."""
        return (len(self.tok) * 3) * self.tok.itemsize + len(self.end)

    def __getstate__(self) -> tuple[array[int], array[int], array[int], bytes]:
        return self.tok, self.lo, self.hi, self.end

    def __setstate__(self, state: tuple[array[int], array[int], array[int], bytes]) -> None:
        self.tok, self.lo, self.hi, self.end = state
