"""Digests for caches and manifests: a file's SHA-256, and a short digest of the code that made a
cached result (so a cache written by other code is never reused)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

__all__ = ["file_sha256", "code_digest"]


def file_sha256(path: str | os.PathLike[str]) -> str:
    """Hex SHA-256 of a file's bytes, read in 1 MiB blocks.

    Raises:
        OSError: the file cannot be read.
    """
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def code_digest(*module_files: str | os.PathLike[str]) -> str:
    """The first 12 hex digits of the SHA-256 of the given source files' bytes, in order (pass
    ``__file__`` of each module whose code shapes the cached result)."""
    h = hashlib.sha256()
    for module_file in module_files:
        h.update(Path(module_file).read_bytes())
    return h.hexdigest()[:12]
