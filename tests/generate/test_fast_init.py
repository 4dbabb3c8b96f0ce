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


def test_with_pieces_keeps_every_other_field_of_a_sentence():
    # Sentence.with_pieces names the fields by hand (dataclasses.replace without its look-up): a field added to
    # Sentence and not to it would silently fall back to its default. Every field here differs from its default.
    s = Sentence(("A", "."), fallback=True, subject="s", predicate=1, clauses=2, n_objects=3, plural=True,
                 pronoun=("he", "him"), paraphrase=("voice",), coordinated=True)
    assert [f.name for f in dataclasses.fields(Sentence)] == [
        "pieces", "fallback", "subject", "predicate", "clauses", "n_objects", "plural", "pronoun", "paraphrase",
        "coordinated"]
    assert s.with_pieces(("B", ".")) == dataclasses.replace(s, pieces=("B", "."))
    assert s.with_pieces(("B", "."), 0) == dataclasses.replace(s, pieces=("B", "."), predicate=0)
