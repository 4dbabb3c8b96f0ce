"""Speed helpers shared by the readers and the scorer."""

from __future__ import annotations

import contextlib
import dataclasses
import gc
from typing import Any, Callable, Generic, Iterator, TypeVar, overload

__all__ = ["gc_paused", "full_gc_paused", "pause_full_gc", "cached_attribute", "direct_init"]

_T = TypeVar("_T")
_C = TypeVar("_C", bound=type)


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the ``with`` body: reading and scoring build
    millions of small, acyclic objects, and the collector's passes over them would double the
    time. The collector is re-enabled (if it was enabled) on exit, also on an exception."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


#: The threshold of the collector's oldest generation that :func:`pause_full_gc` sets: never reached
#: (it counts collections of the middle generation), so no full collection starts on its own.
_NO_FULL_COLLECTION = 1 << 30


def pause_full_gc() -> None:
    """Stop the cyclic garbage collector's automatic full collections for the rest of the process (a
    worker process that only makes documents); the young generations are still collected."""
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, _NO_FULL_COLLECTION)


@contextlib.contextmanager
def full_gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector's automatic full collections for the ``with`` body, keeping
    the young generations' collections: the generator keeps hundreds of thousands of objects alive
    (memos, the documents made) and creates almost no cyclic garbage (about 3,000 objects in 10,000
    documents, found young), so each full pass over the survivors is pure cost (1.3 of 11.8 CPU s
    of ``generate --docs 10000``). The threshold is restored on exit, also on an exception."""
    before = gc.get_threshold()
    pause_full_gc()
    try:
        yield
    finally:
        gc.set_threshold(*before)


class cached_attribute(Generic[_T]):
    """:func:`functools.cached_property` without its lock: the value is worked out on the first
    access and kept in the instance's ``__dict__`` (where later reads find it without calling the
    descriptor), also on a frozen dataclass. Python 3.11's ``cached_property`` takes a lock on each
    first access; the generator makes hundreds of thousands of sentences and entity pieces, each read
    once or twice (``Sentence.text``, ``Entity.surface``). Not for values two threads may race on."""

    def __init__(self, func: Callable[[Any], _T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, cls: type | None = None) -> "cached_attribute[_T]": ...

    @overload
    def __get__(self, obj: object, cls: type | None = None) -> _T: ...

    def __get__(self, obj: object | None, cls: type | None = None) -> "_T | cached_attribute[_T]":
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


def direct_init(cls: _C) -> _C:
    """Class decorator, above ``@dataclass(frozen=True)``: replaces the dataclass's ``__init__`` by one with
    the same parameters and defaults (made from :func:`dataclasses.fields`, so the two cannot drift) that
    stores each field in the instance's ``__dict__``, where the frozen dataclass's own sets each through
    ``object.__setattr__`` (about 2 µs an object; the generator makes entity pieces and candidate sentences
    by the hundred thousand: issue 15). For fields with plain defaults only.

    Raises:
        TypeError: a field with a ``default_factory`` or left out of ``__init__`` (which this does not write).
    """
    fields = dataclasses.fields(cls)
    namespace: dict[str, Any] = {}
    params = []
    for f in fields:
        if f.default_factory is not dataclasses.MISSING or not f.init:
            raise TypeError(f"direct_init: {cls.__name__}.{f.name} has a default factory or no init")
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
    body = "".join(f"    fields[{f.name!r}] = {f.name}\n" for f in fields)
    exec(f"def __init__(self, {', '.join(params)}):\n    fields = self.__dict__\n{body}", namespace)  # noqa: S102
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = f"The fields of {cls.__name__} as given (:func:`bengal.perf.direct_init`)."
    cls.__init__ = init  # type: ignore[misc]
    return cls
