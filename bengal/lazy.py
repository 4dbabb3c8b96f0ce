"""Lazily loaded public names of a package (PEP 562), so that importing a package is cheap.

A package ``__init__`` lists where each public name lives and delegates its module ``__getattr__``
here; ``bengal --help`` and ``bengal score`` then import only the submodules they use
(docs/architecture.md, "cheap start-up").
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping, MutableMapping

__all__ = ["load_attribute", "lazy_function"]


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


def lazy_function(module: str, name: str) -> Callable[..., Any]:
    """A stand-in for the function ``name`` of ``module`` that imports the module on its first call (and
    then calls straight through), so that a registry can name every reader without importing them all.

    The module's own import errors surface at that first call (ImportError, as an import statement's).
    """
    target: list[Callable[..., Any]] = []

    def call(*args: Any, **kwargs: Any) -> Any:
        if not target:
            target.append(getattr(importlib.import_module(module), name))
        return target[0](*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__module__ = module
    call.__doc__ = f"``{module}.{name}``, imported on first call (:func:`bengal.lazy.lazy_function`)."
    return call
