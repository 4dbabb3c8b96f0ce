"""Pickled values of one KB snapshot kept under ``$BENGAL_CACHE`` (:func:`bengal.kb.store.cache_dir`).

An index that reads every label of the KB costs seconds to build and is the same on every run of the
same snapshot: :func:`read_cached` and :func:`write_cached` keep it in a file whose name holds what it
depends on (the KB's checksum, a digest of the code that built it, the parameters). A damaged or
foreign file is rebuilt, a cache that cannot be written only costs time: neither is an error.
"""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Callable, TypeVar

from bengal.atomic import atomic_write

__all__ = ["read_cached", "write_cached"]

T = TypeVar("T")


def read_cached(path: Path, kind: type[T], accept: Callable[[T], bool] = lambda _: True) -> T | None:
    """The value pickled at ``path`` when it is a ``kind`` that ``accept`` takes, else ``None`` (no
    file, an unreadable or damaged one, another type)."""
    if not path.is_file():
        return None
    try:
        with open(path, "rb") as fh:
            value = pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        return None
    return value if isinstance(value, kind) and accept(value) else None


def write_cached(path: Path, value: object) -> bool:
    """Pickle ``value`` to ``path`` atomically (no partial file); ``False`` when it cannot be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_write(path, "wb") as fh:
            pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)
    except OSError:
        return False
    return True
