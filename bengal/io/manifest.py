"""The manifest beside every corpus bengal writes: ``OUT.manifest.json``, what made ``OUT``.

``bengal generate`` records the generator's parameters, KB snapshot and statistics; ``bengal
annotate`` the system and its run report. :func:`write_with_manifest` writes a corpus and its
manifest so that neither is ever left without the other; :func:`system_name` and :func:`set_info`
read back what a score result needs to say what it is of.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from bengal.atomic import atomic_files, atomic_write
from bengal.digest import file_sha256
from bengal.io.formats import ConllOptions, write_corpus
from bengal.model import Corpus

__all__ = ["manifest_path", "write_with_manifest", "read_manifest", "system_name", "set_info", "SET_KEYS"]


def manifest_path(output: str | os.PathLike[str]) -> Path:
    """``OUT.manifest.json`` beside the corpus file ``OUT``."""
    out = Path(output)
    return out.with_name(out.name + ".manifest.json")


def write_with_manifest(corpus: Corpus, path: str | os.PathLike[str], manifest: dict[str, Any],
                        format: str | None = None, *, conll: ConllOptions | None = None,
                        data: bytes | None = None) -> Path:
    """Write ``corpus`` (:func:`bengal.io.formats.write_corpus`) and ``manifest`` as JSON to
    :func:`manifest_path` as one unit (:func:`bengal.atomic.atomic_files`): both are written in full
    to a hidden staging folder beside them, then put in place, the manifest first; on any failure
    (a full disk, an interrupt, a SIGTERM under the CLI) both keep their old content (or stay
    absent). The manifest gets ``file_sha256``, the sha256 of the corpus file as written, by
    which :func:`read_manifest` tells a stale manifest (one a SIGKILL between the two renames
    left beside the old corpus).

    ``data``: the bytes :func:`~bengal.io.formats.write_corpus` writes for ``corpus`` at ``path`` in
    ``format`` (the gold check's round trip kept them: :func:`bengal.generate.checks.check_gold`),
    written as they are instead of writing the corpus again.

    Returns:
        The manifest's path.
    """
    out = Path(path)
    with atomic_files(manifest_path(out), out) as (staged_manifest, staged_corpus):
        if data is None:
            write_corpus(corpus, staged_corpus, format, conll=conll)
        else:
            staged_corpus.write_bytes(data)
        full = {**manifest, "file_sha256": file_sha256(staged_corpus)}
        with atomic_write(staged_manifest) as fh:
            fh.write(json.dumps(full, indent=2, ensure_ascii=False) + "\n")
    return manifest_path(out)


#: The generator parameters a report groups sets by, read from ``OUT.manifest.json``.
SET_KEYS = ("strategy", "density_target", "preset", "surface_forms", "paraphrase", "pronouns", "docs", "seed")


def read_manifest(path: str | os.PathLike[str]) -> tuple[dict[str, Any] | None, str | None]:
    """The manifest beside a corpus file (:func:`manifest_path`): ``(manifest object, None)``,
    ``(None, None)`` without one, ``(None, reason)`` when it is unreadable or stale (its
    ``file_sha256`` is not the corpus file's: it describes another version of it) — a problem to
    report, not an error: a corpus is scored without its manifest."""
    mpath = manifest_path(path)
    if not mpath.is_file():
        return None, None
    try:
        manifest = json.loads(mpath.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:
        return None, f"manifest {mpath} is unreadable ({exc.__class__.__name__}: {exc}); its details are left out"
    if not isinstance(manifest, dict):
        return None, f"manifest {mpath} is no JSON object; its details are left out"
    expected = manifest.get("file_sha256")
    if isinstance(expected, str) and Path(path).is_file():
        try:
            actual = file_sha256(Path(path))
        except OSError as exc:
            return None, f"manifest {mpath}: {path} is unreadable ({exc.strerror or exc}); its details are left out"
        if actual != expected:
            return None, (f"manifest {mpath} is stale: it describes another version of {Path(path).name} "
                          "(file_sha256 differs); its details are left out")
    return manifest, None


def system_name(pred_path: str | os.PathLike[str]) -> tuple[str | None, str | None]:
    """``(name, problem)``: the system a prediction file's manifest (``bengal annotate``) names."""
    manifest, problem = read_manifest(pred_path)
    name = manifest.get("system") if manifest else None
    return (name if isinstance(name, str) and name else None), problem


def set_info(gold_path: str | os.PathLike[str]) -> tuple[dict[str, Any] | None, str | None]:
    """``(info, problem)``: what a generated gold standard's manifest (``GOLD.manifest.json``
    beside it, written by ``bengal generate``) says of the set: :data:`SET_KEYS` from its
    parameters, ``"density"`` (reached), ``"corpus"`` (the corpus id) and ``"kb"`` (snapshot).
    ``(None, None)`` when there is no generator's manifest; ``(None, reason)`` when it is unreadable."""
    manifest, problem = read_manifest(gold_path)
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
