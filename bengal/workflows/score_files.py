"""``bengal score`` as a function: read the two files, score them by the right task, say what was scored.

(work in progress: score_conll)
"""

from __future__ import annotations

import os
from dataclasses import replace

from bengal.errors import InputError
from bengal.io.conll import read_conll_file
from bengal.perf import gc_paused
from bengal.score.chunks import ChunkReport, score_chunks
from bengal.score.result import ScoreWarning
from bengal.tagging.decode import GOLD, PREDICTION, LabelTable, TagError, encode, flat_places, invalid_positions
from bengal.tagging.schemes import LENIENT, STRICT

__all__ = ["score_conll"]


def score_conll(gold: str | os.PathLike[str] | bytes, pred: str | os.PathLike[str] | bytes, *, scheme: str = "iob2", mode: str = LENIENT, suffix: bool = False,
                tag_column: int = -1) -> ChunkReport:
    """Chunk metrics of two CoNLL column files (``bengal score`` on CoNLL files).

    Args:
        gold, pred: paths (or streams / bytes) of CoNLL files with the same tokens
            in the same sentences (:mod:`bengal.io.conll`).
        scheme, mode, suffix: as :func:`bengal.score.chunks.score_chunks`.
        tag_column: the column of the tag in both files (default the last).

    Raises:
        InputError: a broken file, or sentences / tags that do not line up, naming
            the file and line; TagError (an InputError) for a bad tag, naming the
            file and line.
    """
    with gc_paused():  # millions of small acyclic objects: the collector's passes only cost time
        g = read_conll_file(gold, tag_column=tag_column)
        p = read_conll_file(pred, tag_column=tag_column)
        g_tags, p_tags = g.tags(), p.tags()
    if len(g.sentences) != len(p.sentences):
        raise InputError(f"the gold {g.source} has {len(g.sentences)} sentences but the prediction has "
                         f"{len(p.sentences)}: the files must have the same sentences", source=p.source)
    for i, (a, b) in enumerate(zip(g.sentences, p.sentences)):
        if len(a.tokens) != len(b.tokens):
            raise InputError(f"sentence {i + 1} has {len(b.tokens)} tokens here but {len(a.tokens)} in the gold "
                             f"({g.source}:{a.line})", source=p.source, line=b.line)
    try:
        report = score_chunks(g_tags, p_tags, scheme=scheme, mode=mode, suffix=suffix)
    except TagError as err:
        cf = g if err.side == GOLD else p
        detail = str(err).split(": ", 1)[-1]
        raise TagError(f"sentence {err.sentence + 1}, token {err.token + 1}: {detail}", side=err.side,
                       sentence=err.sentence, token=err.token, source=cf.source,
                       line=cf.line_of(err.sentence, err.token)) from None
    warnings: list[ScoreWarning] = []
    for side, n, cf, tags in ((GOLD, report.invalid_gold, g, g_tags), (PREDICTION, report.invalid_pred, p, p_tags)):
        if n:
            table = LabelTable(scheme, suffix)
            place = flat_places([len(t) for t in tags])
            first = [cf.line_of(*place(pos)) for pos in invalid_positions(encode(table, tags, side), table)[:3]]
            what = "dropped (strict mode)" if mode == STRICT else "repaired (lenient mode)"
            lines = ", ".join(f"{cf.source}:{line}" for line in first) + (" …" if n > len(first) else "")
            warnings.append(ScoreWarning("invalid_tag", cf.source,
                                         f"{n} tags not allowed in place by the scheme "
                                         f"{table.scheme.label}: {what}; at {lines}", side))
    return replace(report, warnings=tuple(warnings))
