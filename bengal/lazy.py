"""Lazily loaded public names of a package (PEP 562), so that importing a package is cheap.

A package ``__init__`` lists where each public name lives and delegates its module ``__getattr__``
here; ``bengal --help`` and ``bengal score`` then import only the submodules they use
(docs/architecture.md, "cheap start-up").
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from types import ModuleType
from typing import Any, Callable, Mapping, MutableMapping

__all__ = ["load_attribute", "lazy_function", "lazy_module"]


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


def lazy_module(name: str) -> ModuleType:
    """The module ``name`` (e.g. ``"numpy"``), executed on its first attribute access rather than now
    (:class:`importlib.util.LazyLoader`): a module that needs numpy only inside its functions binds
    ``np = lazy_module("numpy")``, and a command that never calls them (``bengal score`` on NIF files)
    never pays numpy's import (issue 15). A module already imported is returned as it is.

    Raises:
        ModuleNotFoundError: there is no module ``name`` (at this call, as an import statement's; its
            own import errors surface at the first attribute access).
    """
    module = sys.modules.get(name)
    if module is not None:
        return module
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module
