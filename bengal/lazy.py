"""Lazily loaded public names of a package (PEP 562), so that importing a package is cheap.

A package ``__init__`` lists where each public name lives and delegates its module ``__getattr__``
here; ``bengal --help`` and ``bengal score`` then import only the submodules they use
(docs/architecture.md, "cheap start-up").
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Callable, Mapping, MutableMapping

__all__ = ["load_attribute", "lazy_function"]


def load_attribute(package: str, table: Mapping[str, str], namespace: MutableMapping[str, Any], name: str) -> Any:
    """The public ``name`` of ``package``: imported from the module ``table[name]`` on first use and kept
    in ``namespace`` (the package's ``globals()``), so later look-ups do not come here again. The
    other names of ``table`` whose modules are loaded by then are put in ``namespace`` too (see the
    comment in the body: a submodule that shares a public name's spelling would otherwise hide it).

    Raises:
        AttributeError: ``name`` is not in ``table`` (the message names the package, as Python's own).
    """
    module = table.get(name)
    if module is None:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    namespace[name] = value
    # A submodule named like a public name (bengal.workflows.score_files holds score_files) is bound on
    # the package by the import system when it is first imported, by this import or one it makes; put
    # every public name whose module is loaded back, so the package never hands out the module instead.
    for other, where in table.items():
        loaded = sys.modules.get(where)
        if loaded is not None and other != name and hasattr(loaded, other):
            namespace[other] = getattr(loaded, other)
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
