"""Where the data folders shipped with bengal (``kb/``, ``generators/``, ``corpora/``) are.

In a source checkout (editable install) they sit at the repository's top level;
in an installed wheel they are copied into ``bengal/_data/`` (pyproject.toml,
``force-include``).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["data_dir"]

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder ``name`` (``"kb"``, ``"generators"`` or ``"corpora"``).

    Raises:
        FileNotFoundError: when neither the wheel copy nor the checkout folder exists.
    """
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"bengal's data folder {name!r} is missing from this installation")
