"""A generation run in a child process whose kept file (word counts, name parts) a test names: what the
tests of :mod:`bengal.generate.wordcounts` and :mod:`bengal.generate.nameparts` share."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path
from typing import Iterable

from bengal.model import Document

_CHILD = """
import hashlib, importlib, sys
from pathlib import Path
module = importlib.import_module(sys.argv[2])
setattr(module, sys.argv[3], lambda: Path(sys.argv[1]))
from bengal.generate import GenerateConfig, generate
from bengal.kb.store import open_kb
corpus = generate(open_kb(), GenerateConfig(docs=int(sys.argv[5]), seed=int(sys.argv[6]))).corpus
made = repr([(d.text, d.mentions) for d in corpus.documents]).encode()
print(sys.argv[4] in sys.modules, hashlib.sha256(made).hexdigest())
"""


def corpus_digest(documents: Iterable[Document]) -> str:
    """sha256 of the documents' texts and mentions, as the child process prints it."""
    return hashlib.sha256(repr([(d.text, d.mentions) for d in documents]).encode()).hexdigest()


def run_with_kept_file(path: Path, module: str, path_function: str, watched: str, docs: int,
                       seed: int) -> tuple[bool, str]:
    """Generate ``docs`` documents of ``seed`` (the default options) in a child process whose ``module``'s
    ``path_function`` gives ``path``; ``(whether the child imported the module `watched`, corpus_digest)``."""
    done = subprocess.run([sys.executable, "-c", _CHILD, str(path), module, path_function, watched, str(docs),
                           str(seed)], capture_output=True, text=True, check=True, env=dict(os.environ))
    imported, digest = done.stdout.split()
    return imported == "True", digest
