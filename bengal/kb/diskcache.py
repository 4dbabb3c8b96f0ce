"""Pickled values of one KB snapshot kept under ``$BENGAL_CACHE`` (:func:`bengal.kb.store.cache_dir`).

An index that reads every label of the KB costs seconds to build and is the same on every run of the
same snapshot: :func:`read_cached` and :func:`write_cached` keep it in a file whose name holds what it
depends on (the KB's checksum, a digest of the code that built it, the parameters). A damaged or
foreign file is rebuilt, a cache that cannot be written only costs time: neither is an error.
"""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Callable, Mapping, TypeVar

from bengal.atomic import atomic_write

__all__ = ["read_cached", "write_cached", "save_merged"]

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


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


def save_merged(path: Path, known: Mapping[K, V], kept: dict[Path, dict[K, V]],
                read: Callable[[Path], dict[K, V]]) -> int:
    """Keep ``known`` (every entry a process knows: read, worked out, or had from its worker processes) in the
    dict pickled at ``path``, merged with what the file holds now, when the file lacks any of its keys; ``kept``
    is the process's table of what it read from or wrote to each file (updated here), ``read`` reads a file (an
    empty dict for none or a damaged one). The number of entries added (0: nothing written). The word counts
    (:mod:`bengal.generate.wordcounts`) and the name parts (:mod:`bengal.generate.nameparts`) are kept so."""
    found = kept.get(path)
    if found is None:
        found = kept[path] = read(path)
    if all(k in found for k in known):
        return 0
    on_disk = read(path)  # another run may have added entries since this one read them
    merged = {**on_disk, **known}
    write_cached(path, merged)
    kept[path] = merged
    return len(merged) - len(on_disk)
