"""Speed helpers shared by the readers and the scorer."""

from __future__ import annotations

import contextlib
import gc
from typing import Iterator

__all__ = ["gc_paused", "full_gc_paused", "pause_full_gc"]


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the ``with`` body: reading and scoring build
    millions of small, acyclic objects, and the collector's passes over them would double the
    time. The collector is re-enabled (if it was enabled) on exit, also on an exception."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


#: The threshold of the collector's oldest generation that :func:`pause_full_gc` sets: never reached
#: (it counts collections of the middle generation), so no full collection starts on its own.
_NO_FULL_COLLECTION = 1 << 30


def pause_full_gc() -> None:
    """Stop the cyclic garbage collector's automatic full collections for the rest of the process (a
    worker process that only makes documents); the young generations are still collected."""
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, _NO_FULL_COLLECTION)


@contextlib.contextmanager
def full_gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector's automatic full collections for the ``with`` body, keeping
    the young generations' collections: the generator keeps hundreds of thousands of objects alive
    (memos, the documents made) and creates almost no cyclic garbage (about 3,000 objects in 10,000
    documents, found young), so each full pass over the survivors is pure cost (1.3 of 11.8 CPU s
    of ``generate --docs 10000``). The threshold is restored on exit, also on an exception."""
    before = gc.get_threshold()
    pause_full_gc()
    try:
        yield
    finally:
        gc.set_threshold(*before)
