"""JSON output of a score: the stable shape of :meth:`ScoreResult.to_json`, strictly valid JSON.

(Named ``jsonout`` so that it never shadows the standard library's ``json``.)
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import IO, Any, Mapping

from bengal.io import manifest_path
from bengal.atomic import atomic_write
from bengal.score.explain import explain
from bengal.score.result import ScoreResult

__all__ = ["score_to_json", "dumps", "write_json", "write_payload", "provenance", "corpus_label", "set_info",
           "system_name"]


def score_to_json(result: ScoreResult, *, per_document: bool = False, errors: int | None = None,
                  extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The JSON object of ``result`` (:meth:`ScoreResult.to_json`), ``extra`` keys (e.g. what was
    scored) first; ``errors=N`` adds ``"errors"``: :func:`bengal.score.explain.explain` of the ``N``
    worst documents (``{"kinds", "kind_definitions", "documents_with_errors", "shown", "limit", "order",
    "documents": [{"uri", "text", "tp", "fp", "fn", "f1", "in_prediction", "gold": [mention],
    "prediction": [mention]}]}``, a mention being ``{"begin", "end", "surface", "uris", "type", "score",
    "outcome", "error"}``), or null for C2KB, which has no per-mention outcome."""
    out = {**(extra or {}), **result.to_json(per_document=per_document)}
    if errors is not None:
        out["errors"] = None if result.task == "c2kb" else explain(result, errors).to_json()
    return out


def dumps(result: ScoreResult, *, per_document: bool = False, errors: int | None = None,
          extra: Mapping[str, Any] | None = None, indent: int | None = 2) -> str:
    """``result`` as a JSON string. NaN or infinity raise ``ValueError`` (never emitted)."""
    return json.dumps(score_to_json(result, per_document=per_document, errors=errors, extra=extra), indent=indent,
                      ensure_ascii=False, allow_nan=False)


def write_payload(payload: Mapping[str, Any], path: str | os.PathLike[str] | IO[str]) -> None:
    """Write a JSON object to ``path`` atomically (temporary file, then rename), or to an open
    text stream (e.g. ``sys.stdout``) directly. NaN or infinity raise ``ValueError``."""
    text = json.dumps(payload, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    if hasattr(path, "write"):
        path.write(text)
        return
    with atomic_write(Path(path)) as fh:
        fh.write(text)


def write_json(result: ScoreResult, path: str | os.PathLike[str] | IO[str], *,
               per_document: bool = False, errors: int | None = None, extra: Mapping[str, Any] | None = None) -> None:
    """Write ``result`` as JSON (:func:`score_to_json`) with :func:`write_payload`."""
    write_payload(score_to_json(result, per_document=per_document, errors=errors, extra=extra), path)


def corpus_label(path: str | os.PathLike[str]) -> str:
    """A short name for a corpus argument: a shipped corpus name as it is (``conllpp``), else the
    file name without folders, ``.gz`` and extension (``runs/bench-high.ttl`` → ``bench-high``)."""
    name = Path(path).name
    if name.endswith(".gz"):
        name = name[:-3]
    stem, dot, _ = name.rpartition(".")
    return stem if dot and stem else name


#: The generator parameters a report groups sets by, read from ``OUT.manifest.json``.
SET_KEYS = ("strategy", "density_target", "preset", "surface_forms", "paraphrase", "pronouns", "docs", "seed")


def _manifest(path: str | os.PathLike[str]) -> tuple[dict[str, Any] | None, str | None]:
    """``(manifest object, None)``, ``(None, None)`` without one, ``(None, reason)`` when unreadable."""
    mpath = manifest_path(path)
    if not mpath.is_file():
        return None, None
    try:
        manifest = json.loads(mpath.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return None, f"manifest {mpath} is unreadable ({exc.__class__.__name__}: {exc}); its details are left out"
    if not isinstance(manifest, dict):
        return None, f"manifest {mpath} is no JSON object; its details are left out"
    return manifest, None


def system_name(pred_path: str | os.PathLike[str]) -> tuple[str | None, str | None]:
    """``(name, problem)``: the system a prediction file's manifest (``bengal annotate``) names."""
    manifest, problem = _manifest(pred_path)
    name = manifest.get("system") if manifest else None
    return (name if isinstance(name, str) and name else None), problem


def set_info(gold_path: str | os.PathLike[str]) -> tuple[dict[str, Any] | None, str | None]:
    """``(info, problem)``: what a generated gold standard's manifest (``GOLD.manifest.json``
    beside it, written by ``bengal generate``) says of the set: :data:`SET_KEYS` from its
    parameters, ``"density"`` (reached), ``"corpus"`` (the corpus id) and ``"kb"`` (snapshot).
    ``(None, None)`` when there is no generator's manifest; ``(None, reason)`` when it is unreadable."""
    manifest, problem = _manifest(gold_path)
    if manifest is None or "parameters" not in manifest:
        return None, problem
    mpath = manifest_path(gold_path)
    try:
        params = manifest["parameters"]
        info = {k: params.get(k) for k in SET_KEYS}
        info["density"] = manifest.get("stats", {}).get("density")
        info["corpus"] = manifest.get("corpus", {}).get("name")
        info["kb"] = manifest.get("kb", {}).get("snapshot")
    except (TypeError, AttributeError) as exc:  # parameters, stats, corpus or kb not objects
        return None, f"manifest {mpath} is unreadable ({exc.__class__.__name__}: {exc}); set details left out"
    return info, None


def provenance(gold_arg: str | os.PathLike[str], gold_file: str | os.PathLike[str], pred_arg: str | os.PathLike[str],
               *, system: str | None = None, set_name: str | None = None,
               documents: tuple[int, int] | None = None) -> tuple[dict[str, Any], list[str]]:
    """``(block, problems)``: the keys that name what a score JSON is of, for ``bengal report``::

        {"system": label, "set": label,
         "inputs": {"gold": {"path", "documents"}, "prediction": {"path", "documents"}},
         "set_info": {...} | null}

    Args:
        gold_arg, pred_arg: the corpus arguments as given (paths, or a shipped corpus name).
        gold_file: the file ``gold_arg`` resolved to (its manifest, if any, gives ``set_info``).
        system, set_name: labels; default: the system its manifest names (:func:`system_name`), else
            :func:`corpus_label` of the arguments.
        documents: ``(gold documents, prediction documents)`` when known.
    """
    info, problem = set_info(gold_file)
    named, problem2 = system_name(pred_arg) if system is None else (None, None)
    g_docs, p_docs = documents if documents is not None else (None, None)
    block = {
        "system": system or named or corpus_label(pred_arg),
        "set": set_name or corpus_label(gold_arg),
        "inputs": {"gold": {"path": os.fspath(gold_arg), "documents": g_docs},
                   "prediction": {"path": os.fspath(pred_arg), "documents": p_docs}},
        "set_info": info,
    }
    return block, [p for p in (problem, problem2) if p]
