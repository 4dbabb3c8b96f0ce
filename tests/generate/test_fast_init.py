"""Entity and Sentence write their own ``__init__`` for speed (issue 15) beside their dataclass fields: the
two must name the same fields with the same defaults, or a field added to one is silently missing."""

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
