"""Speed helpers shared by the readers and the scorer."""

from __future__ import annotations

import contextlib
import gc
from typing import Iterator

__all__ = ["gc_paused"]


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
