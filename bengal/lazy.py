"""Lazily loaded public names of a package (PEP 562), so that importing a package is cheap.

A package ``__init__`` lists where each public name lives and delegates its module ``__getattr__``
here; ``bengal --help`` and ``bengal score`` then import only the submodules they use
(docs/architecture.md, "cheap start-up").
"""

from __future__ import annotations

import importlib
from typing import Any, Mapping, MutableMapping

__all__ = ["load_attribute"]


def load_attribute(package: str, table: Mapping[str, str], namespace: MutableMapping[str, Any], name: str) -> Any:
    """The public ``name`` of ``package``: imported from the module ``table[name]`` on first use and kept
    in ``namespace`` (the package's ``globals()``), so later look-ups do not come here again.

    Raises:
        AttributeError: ``name`` is not in ``table`` (the message names the package, as Python's own).
    """
    module = table.get(name)
    if module is None:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    namespace[name] = value
    return value
