"""What a command imports: ``bengal score`` on CoNLL files loads no NLP pipeline (issue 15)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

CONLL = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "conll" / "conllpp_test.txt"
HEAVY = ("spacy", "thinc", "torch", "transformers", "rdflib", "sklearn", "pandas")

SCRIPT = """
import json, sys
from bengal.cli import main
main(sys.argv[1:])
print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {heavy})))
"""


def imported(*args: str) -> list[str]:
    proc = subprocess.run([sys.executable, "-c", SCRIPT.format(heavy=set(HEAVY)), *args], capture_output=True,
                          text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_help_and_conll_score_load_no_heavy_module():
    assert imported("--help") == []
    assert imported("score", str(CONLL), str(CONLL)) == []
