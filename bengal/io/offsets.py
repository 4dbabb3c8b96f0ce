"""Offset converters at the edges: code points <-> UTF-16 code units <-> UTF-8 bytes.

Inside bengal every offset is a **Unicode code point** index (half-open
``[begin, end)``, as Python ``str`` slicing and NIF's RFC 5147 ``#char=``
count). Some tools count otherwise: Java and JavaScript strings (GERBIL's
``String.length()``, many web annotators) count **UTF-16 code units**, where a
character outside the Basic Multilingual Plane (an emoji such as 👏, U+1F44F)
takes two; byte-oriented tools count **UTF-8 bytes** (1–4 per code point).
These converters map single offsets of one text between the three; they are
exact inverses on every offset that falls on a character boundary
(scorer case C19: in ``"X claps 👏 Berlin"``, ``Berlin`` is ``[10,16)`` in code
points, ``[11,17)`` in UTF-16 units and ``[13,19)`` in UTF-8 bytes).

All functions raise :class:`ValueError` for an offset outside ``[0, len]``
of its unit, or one that falls inside a character (the middle of a surrogate
pair or of a multi-byte UTF-8 sequence).
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import accumulate

__all__ = [
    "utf16_length",
    "utf8_length",
    "code_point_to_utf16",
    "utf16_to_code_point",
    "code_point_to_utf8",
    "utf8_to_code_point",
    "OffsetTable",
]


def _width16(ch: str) -> int:
    return 2 if ord(ch) > 0xFFFF else 1


def _width8(ch: str) -> int:
    o = ord(ch)
    return 1 if o < 0x80 else 2 if o < 0x800 else 3 if o < 0x10000 else 4


def utf16_length(text: str) -> int:
    """Length of ``text`` in UTF-16 code units."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def utf8_length(text: str) -> int:
    """Length of ``text`` in UTF-8 bytes."""
    return len(text.encode("utf-8", "surrogatepass"))


class OffsetTable:
    """Prefix sums of one text, for converting many offsets (O(log n) each).

    Args:
        text: the document text.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self._u16 = [0, *accumulate(_width16(c) for c in text)]
        self._u8 = [0, *accumulate(_width8(c) for c in text)]

    def _check_cp(self, offset: int) -> None:
        if not 0 <= offset <= len(self.text):
            raise ValueError(f"code point offset {offset} outside [0, {len(self.text)}]")

    def to_utf16(self, offset: int) -> int:
        """Code point offset -> UTF-16 code unit offset."""
        self._check_cp(offset)
        return self._u16[offset]

    def to_utf8(self, offset: int) -> int:
        """Code point offset -> UTF-8 byte offset."""
        self._check_cp(offset)
        return self._u8[offset]

    @staticmethod
    def _back(table: list[int], offset: int, unit: str) -> int:
        if not 0 <= offset <= table[-1]:
            raise ValueError(f"{unit} offset {offset} outside [0, {table[-1]}]")
        i = bisect_left(table, offset)
        if table[i] != offset:
            raise ValueError(f"{unit} offset {offset} falls inside a character")
        return i

    def from_utf16(self, offset: int) -> int:
        """UTF-16 code unit offset -> code point offset."""
        return self._back(self._u16, offset, "UTF-16")

    def from_utf8(self, offset: int) -> int:
        """UTF-8 byte offset -> code point offset."""
        return self._back(self._u8, offset, "UTF-8")


def code_point_to_utf16(text: str, offset: int) -> int:
    """Code point offset in ``text`` -> UTF-16 code unit offset."""
    return OffsetTable(text).to_utf16(offset)


def utf16_to_code_point(text: str, offset: int) -> int:
    """UTF-16 code unit offset in ``text`` -> code point offset."""
    return OffsetTable(text).from_utf16(offset)


def code_point_to_utf8(text: str, offset: int) -> int:
    """Code point offset in ``text`` -> UTF-8 byte offset."""
    return OffsetTable(text).to_utf8(offset)


def utf8_to_code_point(text: str, offset: int) -> int:
    """UTF-8 byte offset in ``text`` -> code point offset."""
    return OffsetTable(text).from_utf8(offset)
