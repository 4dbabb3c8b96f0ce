"""JSON output of results: the stable shapes of their ``to_json()``, strictly valid JSON, written atomically.

(Named ``jsonout`` so that it never shadows the standard library's ``json``.)
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import IO, Any, Mapping

from bengal.atomic import atomic_write
from bengal.score.explain import ErrorReport, explain
from bengal.score.result import ScoreResult

__all__ = ["score_to_json", "finite", "dumps", "write_json", "write_payload", "payload_text", "payload_line"]


def score_to_json(result: ScoreResult, *, per_document: bool = False, errors: int | None = None,
                  extra: Mapping[str, Any] | None = None, report: ErrorReport | None = None) -> dict[str, Any]:
    """The JSON object of ``result`` (:meth:`ScoreResult.to_json`), ``extra`` keys (e.g. what was
    scored) first; ``errors=N`` adds ``"errors"``: :func:`bengal.score.explain.explain` of the ``N``
    worst documents (``{"kinds", "kind_definitions", "documents_with_errors", "shown", "limit", "order",
    "documents": [{"uri", "text", "tp", "fp", "fn", "f1", "in_prediction", "gold": [mention],
    "prediction": [mention]}]}``, a mention being ``{"begin", "end", "surface", "uris", "type", "score",
    "outcome", "error"}``), or null for C2KB, which has no per-mention outcome. ``report``: that error
    report made already (a score made in the stream keeps no documents to explain:
    :meth:`bengal.score.span.SpanScorer.error_report`), used instead of explaining ``result``."""
    out = {**(extra or {}), **result.to_json(per_document=per_document)}
    if errors is not None:
        if result.task == "c2kb":
            out["errors"] = None
        else:
            out["errors"] = (report if report is not None else explain(result, errors)).to_json()
    return out


def finite(value: Any) -> Any:
    """``value`` (a JSON value: dicts, lists, tuples, scalars) with every NaN or infinite float made
    ``None``: JSON has no such numbers, and a bare ``NaN`` makes the whole file invalid JSON for every
    strict reader (``JSON.parse``, ``jq``); ``null`` is JSON's "undefined"."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [finite(v) for v in value]
    return value


def dumps(result: ScoreResult, *, per_document: bool = False, errors: int | None = None,
          extra: Mapping[str, Any] | None = None, indent: int | None = 2) -> str:
    """``result`` as a JSON string; a NaN or infinite value is written ``null`` (:func:`finite`)."""
    return json.dumps(finite(score_to_json(result, per_document=per_document, errors=errors, extra=extra)),
                      indent=indent, ensure_ascii=False, allow_nan=False)


def payload_text(payload: Any) -> str:
    """A JSON value as bengal writes it: indented by 2, UTF-8 as is, a final newline; a NaN or
    infinite value is written ``null`` (:func:`finite`), so the text is always strict JSON."""
    return json.dumps(finite(payload), indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def payload_line(record: Any) -> str:
    """A JSON value as one line of JSON Lines (UTF-8 as is, ``, `` and ``: `` separators, a newline)."""
    return json.dumps(record, ensure_ascii=False) + "\n"


def write_payload(payload: Any, path: str | os.PathLike[str] | IO[str]) -> None:
    """Write a JSON value (:func:`payload_text`) to ``path`` atomically (temporary file, then rename),
    or to an open text stream (e.g. ``sys.stdout``) directly."""
    text = payload_text(payload)
    if hasattr(path, "write"):
        path.write(text)
        return
    with atomic_write(Path(path)) as fh:
        fh.write(text)


def write_json(result: ScoreResult, path: str | os.PathLike[str] | IO[str], *,
               per_document: bool = False, errors: int | None = None, extra: Mapping[str, Any] | None = None) -> None:
    """Write ``result`` as JSON (:func:`score_to_json`) with :func:`write_payload`."""
    write_payload(score_to_json(result, per_document=per_document, errors=errors, extra=extra), path)
