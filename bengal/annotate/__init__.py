"""Annotation systems and running them over a corpus (``bengal annotate``, ``bengal serve``).

- :mod:`bengal.annotate.baseline` — the dictionary-and-prior baseline (``--system baseline``);
- :mod:`bengal.annotate.webservice` — GERBIL's NIF web-service protocol, client
  (``--system URL``) and server (``bengal serve``);
- :mod:`bengal.annotate.run` — :func:`annotate_corpus`: threads, progress bar, per-document
  errors, GERBIL's abort rule, the run report.

:func:`open_system` turns a ``--system`` value into an annotator.
"""

from __future__ import annotations

import os
from typing import Any

from bengal.annotate.run import RunReport, annotate_corpus
from bengal.annotate.webservice import AnnotationFailure, NifWebService, make_server
from bengal.errors import UsageError

__all__ = ["open_system", "annotate_corpus", "RunReport", "AnnotationFailure", "NifWebService", "make_server"]


def open_system(system: str, *, kb_path: str | os.PathLike[str] | None = None, timeout: float = 30.0,
                retries: int = 2) -> Any:
    """The annotator named by ``system``: an object with ``name`` and ``annotate(Document) → Document``.

    Args:
        system: ``baseline`` (over ``kb_path``, default the bundled sample), an ``http(s)://``
            URL of a GERBIL NIF web service, or ``spacy:MODEL`` (an installed spaCy pipeline's
            name or folder; NER only).
        kb_path: the KB of the baseline.
        timeout, retries: of the web-service client.

    Raises:
        UsageError: an unknown system name.
        InputError: the KB or the spaCy model cannot be loaded.
    """
    if system == "baseline":
        from bengal.annotate.baseline import load_baseline

        return load_baseline(kb_path=kb_path)
    if system.startswith(("http://", "https://")):
        return NifWebService(system, timeout=timeout, retries=retries)
    if system.startswith("spacy:"):
        from bengal.annotate.spacy_system import SpacySystem

        return SpacySystem(system[len("spacy:"):])
    raise UsageError(f"unknown --system {system!r}: use baseline, an http(s):// URL, or spacy:MODEL")
