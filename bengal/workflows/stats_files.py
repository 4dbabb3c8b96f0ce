"""``bengal stats``: read corpora, measure their shape against a KB's name index."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Sequence

from bengal.io.formats import read_corpus
from bengal.kb import open_source
from bengal.kb.names import name_index
from bengal.shape import CorpusShape, measure_corpus

__all__ = ["StatsResult", "stats_files"]


@dataclass(frozen=True)
class StatsResult:
    """The shapes of the corpora, in argument order, and the KB snapshot they were measured with."""

    shapes: tuple[CorpusShape, ...]
    kb: str


def stats_files(corpora: Sequence[str | os.PathLike[str]], *, kb_path: str | os.PathLike[str] | None = None,
                format: str | None = None) -> StatsResult:
    """Measure each corpus file (any format :func:`bengal.io.formats.read_corpus` reads, or a
    shipped corpus name such as ``conllpp``) against the KB at ``kb_path`` (the bundled sample
    when ``None``).

    Raises:
        InputError: an unreadable or broken corpus (the message names the file, line or document),
            an unusable KB.
    """
    read = [read_corpus(c, format) for c in corpora]  # every corpus is checked before the KB is opened
    kb = open_source(kb_path)
    names = name_index(kb)
    return StatsResult(tuple(measure_corpus(c, names) for c in read), getattr(kb, "snapshot", str(kb_path)))
