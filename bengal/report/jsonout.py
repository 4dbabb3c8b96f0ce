"""JSON output of a score: the stable shape of :meth:`ScoreResult.to_json`, strictly valid JSON.

(Named ``jsonout`` so that it never shadows the standard library's ``json``.)
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import IO, Any

from bengal.io.atomic import atomic_write
from bengal.score.api import ScoreResult

__all__ = ["score_to_json", "dumps", "write_json"]


def score_to_json(result: ScoreResult, *, per_document: bool = False) -> dict[str, Any]:
    """The JSON object of ``result`` (see :meth:`ScoreResult.to_json`)."""
    return result.to_json(per_document=per_document)


def dumps(result: ScoreResult, *, per_document: bool = False, indent: int | None = 2) -> str:
    """``result`` as a JSON string. NaN or infinity raise ``ValueError`` (never emitted)."""
    return json.dumps(score_to_json(result, per_document=per_document), indent=indent,
                      ensure_ascii=False, allow_nan=False)


def write_json(result: ScoreResult, path: str | os.PathLike[str] | IO[str], *,
               per_document: bool = False) -> None:
    """Write ``result`` as JSON to ``path`` atomically (temporary file, then rename).

    ``path`` may also be an open text stream (e.g. ``sys.stdout``), written directly.
    """
    text = dumps(result, per_document=per_document) + "\n"
    if hasattr(path, "write"):
        path.write(text)
        return
    with atomic_write(Path(path)) as fh:
        fh.write(text)
