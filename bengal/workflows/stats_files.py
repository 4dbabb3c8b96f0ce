"""``bengal stats``: read corpora, measure their shape against a KB's name index."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable, Sequence

from bengal.io.formats import read_corpus
from bengal.kb.names import name_index
from bengal.kb.store import open_kb
from bengal.shape import CorpusShape, measure_corpus

__all__ = ["StatsResult", "stats_files"]


@dataclass(frozen=True)
class StatsResult:
    """The shapes of the corpora, in argument order, and the KB snapshot they were measured with."""

    shapes: tuple[CorpusShape, ...]
    kb: str


def stats_files(corpora: Sequence[str | os.PathLike[str]], *, kb_path: str | os.PathLike[str] | None = None,
                format: str | None = None, status: Callable[[str], None] | None = None,
                progress: Callable[[int, int], None] | None = None) -> StatsResult:
    """Measure each corpus file (any format :func:`bengal.io.formats.read_corpus` reads, or a
    shipped corpus name such as ``conllpp``) against the KB at ``kb_path`` (the bundled sample
    when ``None``). ``status`` is told what the waits are for (the KB store's build on first use,
    the KB's name index), ``progress`` gets the store build's ``(bytes read, bytes)``
    (:func:`bengal.kb.store.open_kb`).

    Raises:
        InputError: an unreadable or broken corpus (the message names the file, line or document),
            an unusable KB.
    """
    read = [read_corpus(c, format) for c in corpora]  # every corpus is checked before the KB is opened
    kb = open_kb(kb_path, status=status, progress=progress)
    names = name_index(kb, status=status)
    return StatsResult(tuple(measure_corpus(c, names) for c in read), getattr(kb, "snapshot", str(kb_path)))
