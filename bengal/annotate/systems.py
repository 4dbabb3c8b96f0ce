"""``--system NAME|URL``: the systems bengal can run, by name."""

from __future__ import annotations

import os
from typing import Callable

from bengal.annotate.base import Annotator
from bengal.annotate.baseline import load_baseline
from bengal.annotate.spacy_system import SpacySystem
from bengal.annotate.webservice import NifWebService
from bengal.errors import UsageError

__all__ = ["open_system", "SYSTEM_HELP"]

#: What ``--system`` accepts, one line.
SYSTEM_HELP = ("baseline (dictionary spotter + degree/coherence linker over the KB), an http(s):// URL of a "
               "GERBIL NIF web service, or spacy:MODEL")


def open_system(system: str, *, kb_path: str | os.PathLike[str] | None = None, timeout: float = 30.0,
                retries: int = 2, status: Callable[[str], None] | None = None,
                progress: Callable[[int, int], None] | None = None) -> Annotator:
    """The :class:`~bengal.annotate.base.Annotator` named by ``system``.

    Args:
        system: ``baseline`` (over ``kb_path``, default the bundled sample), an ``http(s)://``
            URL of a GERBIL NIF web service, or ``spacy:MODEL`` (an installed spaCy pipeline's
            name or folder; NER only).
        kb_path: the KB of the baseline.
        timeout, retries: of the web-service client.
        status, progress: what the baseline's load is doing (:func:`bengal.annotate.baseline.load_baseline`).

    Raises:
        UsageError: an unknown system name.
        InputError: the KB or the spaCy model cannot be loaded.
    """
    if system == "baseline":
        return load_baseline(kb_path=kb_path, status=status, progress=progress)
    if system.startswith(("http://", "https://")):
        return NifWebService(system, timeout=timeout, retries=retries)
    if system.startswith("spacy:"):
        if status is not None:
            status(f"loading the spaCy pipeline {system[len('spacy:'):]}")
        return SpacySystem(system[len("spacy:"):])
    raise UsageError(f"unknown --system {system!r}: use baseline, an http(s):// URL, or spacy:MODEL")
