"""Values computed once per open KB in a process: :func:`kb_memo`.

Some answers read every label of the KB (about 2 s each on the bundled sample) and do not change while
the KB object lives: the persons named by their English title, a language's names, the ambiguity
index. They are kept here per KB object, found by its ``id`` and told apart from a later object with
the same ``id`` by a weak reference, and dropped when the KB object is.
"""

from __future__ import annotations

import functools
import weakref
from typing import Any, Callable, Hashable, TypeVar

__all__ = ["kb_memo"]

T = TypeVar("T")

#: ``id(kb)`` → (weak reference to the KB, {key: value}).
_MEMO: dict[int, tuple["weakref.ref[Any]", dict[Hashable, Any]]] = {}


def kb_memo(kb: object, key: Hashable, build: Callable[[], T]) -> T:
    """``build()``, called once per KB object ``kb`` and ``key`` in this process, later calls answered
    from memory. A KB object that takes no weak reference is not remembered: ``build()`` each time.
    The caller's key must name everything the value depends on besides the KB."""
    kb_id = id(kb)
    entry = _MEMO.get(kb_id)
    if entry is None or entry[0]() is not kb:
        try:
            ref = weakref.ref(kb, functools.partial(_forget, _MEMO, kb_id))
        except TypeError:
            return build()
        entry = _MEMO[kb_id] = (ref, {})
    table = entry[1]
    if key not in table:
        table[key] = build()
    return table[key]


def _forget(memo: dict[int, tuple["weakref.ref[Any]", dict[Hashable, Any]]], kb_id: int,
            dead: "weakref.ref[Any]") -> None:
    """Drop the values of a KB object that no longer exists (not those of a newer one with its id).
    The table is bound when the reference is made: at interpreter exit the module's globals may be gone."""
    entry = memo.get(kb_id)
    if entry is not None and entry[0] is dead:
        del memo[kb_id]
