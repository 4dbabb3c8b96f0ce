"""Entity and Sentence take their ``__init__`` for speed (issue 15) from :func:`bengal.perf.direct_init`: it must
name the dataclass's fields with the same defaults, or a field added to one is silently missing; and it refuses
what it cannot write."""

import dataclasses
import inspect

import pytest

from bengal.generate.kbview import Entity
from bengal.generate.verbalise import Sentence


@pytest.mark.parametrize("cls", [Entity, Sentence])
def test_the_written_init_matches_the_dataclass_fields(cls):
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    fields = [f for f in dataclasses.fields(cls) if f.init]
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields):
        default = inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default
        assert p.default == default, f.name


def test_direct_init_refuses_a_default_factory_and_keeps_frozenness():
    from bengal.perf import direct_init

    with pytest.raises(TypeError, match="Bag.items has a default factory"):
        @direct_init
        @dataclasses.dataclass(frozen=True)
        class Bag:
            items: list = dataclasses.field(default_factory=list)

    @direct_init
    @dataclasses.dataclass(frozen=True)
    class Pair:
        a: int
        b: str = "x"

    p = Pair(1)
    assert (p.a, p.b) == (1, "x") and p == Pair(1, "x") and p != Pair(1, "y")
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.a = 2  # type: ignore[misc]
