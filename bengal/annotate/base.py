"""What every annotation system is: :class:`Annotator`, and :class:`AnnotationFailure` for one failed document."""

from __future__ import annotations

from typing import Protocol

from bengal.errors import BengalError
from bengal.model import Document

__all__ = ["Annotator", "AnnotationFailure"]


class Annotator(Protocol):
    """An annotation system: a ``name`` and ``annotate(Document) -> Document``.

    ``annotate`` receives a document without mentions and returns the same document (same URI and
    text) with the system's mentions; it raises :class:`AnnotationFailure` (or any exception, which
    the runner counts as ``system-error``) when it fails on the document. It must be thread-safe
    when run with ``--jobs`` above 1.
    """

    name: str

    def annotate(self, document: Document) -> Document: ...


class AnnotationFailure(BengalError):
    """A system failed on one document (counted per reason by :func:`bengal.annotate.annotate_corpus`).

    Attributes:
        reason: a short stable code (``unreachable``, ``timeout``, ``http-503``, ``not-nif``, …).
        detail: one human-readable line.
    """

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail
