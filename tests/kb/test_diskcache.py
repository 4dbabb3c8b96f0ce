"""The disk cache of KB indexes (bengal.kb.diskcache): a damaged or foreign file is no error."""

from __future__ import annotations

import os
import pickle

import pytest

from bengal.kb.diskcache import read_cached, write_cached


def test_a_written_value_is_read_back(tmp_path):
    path = tmp_path / "sub" / "v.pickle"  # the folder is made
    assert write_cached(path, {"Cambridge": 2})
    assert read_cached(path, dict) == {"Cambridge": 2}
    assert os.listdir(path.parent) == ["v.pickle"]  # no temporary file left


@pytest.mark.parametrize("content", [b"", b"not a pickle", pickle.dumps({"x": 1})[:-3],
                                     b"\x80\x05\x95\x00\x00\x00\x00\x00\x00\x00\x00c__nowhere__\nThing\n."])
def test_a_damaged_file_reads_as_nothing(tmp_path, content):
    path = tmp_path / "v.pickle"
    path.write_bytes(content)
    assert read_cached(path, dict) is None


def test_another_type_or_a_refused_value_reads_as_nothing(tmp_path):
    path = tmp_path / "v.pickle"
    path.write_bytes(pickle.dumps(["a", "list"]))
    assert read_cached(path, dict) is None
    assert read_cached(path, list) == ["a", "list"]
    assert read_cached(path, list, lambda v: len(v) == 3) is None
    assert read_cached(tmp_path / "missing.pickle", list) is None


def test_a_cache_that_cannot_be_written_is_false_and_leaves_nothing(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder should be", encoding="utf-8")
    assert write_cached(blocker / "v.pickle", {"x": 1}) is False
    assert os.listdir(tmp_path) == ["file"]
