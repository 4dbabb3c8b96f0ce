"""Values kept per open KB object (bengal.kb.memo.kb_memo)."""

from __future__ import annotations

import gc
import subprocess
import sys

from bengal.kb import memo


class _KB:
    """A stand-in KB object: kb_memo needs only an object that takes a weak reference."""


def test_built_once_per_object_and_key_and_dropped_with_the_object():
    calls = []
    a, b = _KB(), _KB()
    assert memo.kb_memo(a, "x", lambda: calls.append("a") or 1) == 1
    assert memo.kb_memo(a, "x", lambda: calls.append("again") or 2) == 1  # remembered
    assert memo.kb_memo(a, "y", lambda: calls.append("y") or 3) == 3  # another key
    assert memo.kb_memo(b, "x", lambda: calls.append("b") or 4) == 4  # another KB object
    assert calls == ["a", "y", "b"]
    ids = {id(a), id(b)}
    del a, b
    gc.collect()
    assert not ids & set(memo._MEMO)


def test_an_object_without_weak_references_is_built_each_time():
    calls = []
    kb = object()
    assert memo.kb_memo(kb, "x", lambda: calls.append(1) or 5) == 5
    assert memo.kb_memo(kb, "x", lambda: calls.append(1) or 6) == 6
    assert calls == [1, 1]


def test_a_kb_alive_at_interpreter_exit_prints_nothing():
    code = ("from bengal.kb import memo\nclass K: pass\nk = K()\nmemo.kb_memo(k, 'x', lambda: 1)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == ""
