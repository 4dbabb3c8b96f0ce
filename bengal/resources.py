"""Where the data folders shipped with bengal (``kb/``, ``generators/``, ``corpora/``) are, the
corpora accepted by name, and how the TOML data files (lexicons, presets, type maps) are read.

In a source checkout (editable install) the folders sit at the repository's top level;
in an installed wheel they are copied into ``bengal/_data/`` (pyproject.toml,
``force-include``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = ["data_dir", "SHIPPED_CORPORA", "resolve_corpus", "load_toml", "TOMLDecodeError"]

#: What :func:`load_toml` raises for a file that is not TOML.
TOMLDecodeError = tomllib.TOMLDecodeError

_PACKAGE = Path(__file__).resolve().parent

#: Corpora shipped with bengal (``corpora/``), accepted by name wherever a gold
#: corpus file is expected: ``{name: (path under corpora/, format)}``. A file of
#: that name in the working directory wins over the shipped corpus.
SHIPPED_CORPORA = {"conllpp": ("conllpp/conllpp_test.txt", "conll")}


def data_dir(name: str) -> Path:
    """The folder ``name`` (``"kb"``, ``"generators"`` or ``"corpora"``).

    Raises:
        FileNotFoundError: when neither the wheel copy nor the checkout folder exists.
    """
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"bengal's data folder {name!r} is missing from this installation")


def resolve_corpus(path: str | os.PathLike[str]) -> tuple[Path, str | None, str | None]:
    """``(file, format, name)`` of a corpus argument: a shipped corpus name
    (:data:`SHIPPED_CORPORA`, e.g. ``"conllpp"``) gives its bundled file, its
    format and its name; any other argument is returned as a path with
    ``(None, None)`` (format and name then come from the file)."""
    key = os.fspath(path)
    if key in SHIPPED_CORPORA and not os.path.exists(key):
        rel, fmt = SHIPPED_CORPORA[key]
        return data_dir("corpora") / rel, fmt, key
    return Path(path), None, None


def load_toml(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The TOML file at ``path`` (the standard library's ``tomllib``, ``tomli`` on Python 3.10).

    Raises:
        OSError: the file cannot be read; TOMLDecodeError: it is not TOML.
    """
    with open(path, "rb") as fh:
        return tomllib.load(fh)
