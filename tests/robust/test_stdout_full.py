"""A full stdout (``> /dev/full``) is one line naming stdout and exit 1, never a traceback, an
"Exception ignored" from the interpreter's exit or a silent exit 0; ``convert -o -`` writes the
corpus to stdout (with ``--format``); ``generate -o -`` is refused (its manifest would have no
place beside the corpus), not written to a file named ``-``.

Each command runs as a child process (``python -m bengal``) with its stdout opened on
``/dev/full``, where every write fails with ENOSPC, as on a full disk.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from cli_helpers import assert_one_line_error, bengal
from conftest import TEST_DATA

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")

#: Two sentences, one ORG chunk each, in CoNLL columns: written here, counted by hand.
CONLL = "EU NNP B-NP B-ORG\nrejects VBZ B-VP O\n\nUN NNP B-NP B-ORG\nmeets VBZ B-VP O\n"


def _to_full(*args: str, cwd) -> subprocess.CompletedProcess:
    with open("/dev/full", "w") as full:
        return subprocess.run([sys.executable, "-m", "bengal", *args], cwd=cwd, stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=300)


@pytest.fixture()
def conll(tmp_path):
    (tmp_path / "g.conll").write_text(CONLL, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("args", [
    ("score", "g.conll", "g.conll", "--json", "-"),       # one write of the JSON payload
    ("score", "g.conll", "g.conll"),                       # the table, through click.echo
    ("convert", "g.conll", "-o", "-", "--format", "jsonl"),
    ("convert", "g.conll", "-o", "-", "--format", "nif"),
    ("--version",),
])
def test_a_full_stdout_is_one_line_naming_stdout(conll, args):
    proc = _to_full(*args, cwd=conll)
    assert proc.returncode == 1, proc.stderr
    assert_one_line_error(proc, "cannot write to stdout", "No space left on device")
    assert "Exception ignored" not in proc.stderr
    assert sorted(p.name for p in conll.iterdir()) == ["g.conll"]  # no file named -, no staging file


def test_convert_to_stdout_writes_the_corpus_and_needs_a_format(conll):
    ran = bengal("convert", "g.conll", "-o", "-", "--format", "jsonl", cwd=conll)
    assert ran.returncode == 0, ran.stderr
    docs = [json.loads(line) for line in ran.stdout.splitlines()]
    # one document per sentence (no -DOCSTART-): "EU" [0,2) of "EU rejects", "UN" [0,2) of "UN meets"
    assert [(d["text"], [(m["begin"], m["end"], m["type"]) for m in d["mentions"]]) for d in docs] == [
        ("EU rejects", [(0, 2, "ORG")]), ("UN meets", [(0, 2, "ORG")])]
    assert ran.stderr.strip().endswith("→ stdout")
    refused = bengal("convert", "g.conll", "-o", "-", cwd=conll)
    assert refused.returncode == 2 and refused.stdout == ""
    assert_one_line_error(refused, "stdout (-o -) needs --format", "jsonl")
    assert sorted(p.name for p in conll.iterdir()) == ["g.conll"]


def test_generate_to_stdout_is_refused_before_any_work(tmp_path):
    kb = tmp_path / "kb.nt"
    kb.write_bytes((TEST_DATA / "tiny_kb.nt").read_bytes())
    ran = bengal("generate", "--kb", "kb.nt", "--docs", "1", "-o", "-", cwd=tmp_path)
    assert ran.returncode == 2 and ran.stdout == ""
    assert_one_line_error(ran, "-o - (stdout)", "manifest", "./-")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kb.nt"]  # no file named -, no manifest
