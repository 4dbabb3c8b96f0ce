"""Run an annotation system over a corpus: threads, progress, errors and GERBIL's abort rule."""

from __future__ import annotations

import math
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable

from bengal.annotate.base import AnnotationFailure
from bengal.model import Corpus, Document

__all__ = ["RunReport", "annotate_corpus"]


@dataclass
class RunReport:
    """What a run did.

    Attributes:
        system: the system's name (``baseline``, a URL, ``spacy:MODEL``).
        documents: documents in the corpus.
        annotated: documents the system answered.
        errors: reason → number of documents that failed for it (``aborted`` counts the
            documents never sent after GERBIL's abort rule fired).
        failures: ``(document URI, reason, detail)`` per failed document, in corpus order.
        seconds: wall-clock seconds per answered or failed document, summed.
        timings: wall-clock seconds of each attempted document, in corpus order (retries included).
        aborted: whether the abort rule fired (errors > ceil(documents / 4)).
        load_seconds: wall-clock seconds spent opening the system before the first document (the
            baseline's KB store and dictionary), counted apart from the per-document ``seconds``.
    """

    system: str
    documents: int = 0
    annotated: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    failures: list[tuple[str, str, str]] = field(default_factory=list)
    seconds: float = 0.0
    timings: list[float] = field(default_factory=list)
    aborted: bool = False
    load_seconds: float = 0.0

    @property
    def failed(self) -> int:
        """Documents without a prediction (failed or never sent)."""
        return self.documents - self.annotated

    @property
    def seconds_per_document(self) -> float:
        """Mean seconds per attempted document (0 when none)."""
        tried = self.annotated + sum(n for r, n in self.errors.items() if r != "aborted")
        return self.seconds / tried if tried else 0.0

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the report."""
        return {"system": self.system, "documents": self.documents, "annotated": self.annotated,
                "failed": self.failed, "errors": dict(sorted(self.errors.items())), "aborted": self.aborted,
                "load_seconds": round(self.load_seconds, 3),
                "seconds": round(self.seconds, 3), "seconds_per_document": round(self.seconds_per_document, 4),
                "seconds_median": round(self.median_seconds(), 4),
                "seconds_max": round(max(self.timings, default=0.0), 4),
                "failures": [{"document": u, "reason": r, "detail": d} for u, r, d in self.failures]}

    def median_seconds(self) -> float:
        """Median seconds per attempted document (0 when none)."""
        ordered = sorted(self.timings)
        k = len(ordered)
        if not k:
            return 0.0
        return ordered[k // 2] if k % 2 else (ordered[k // 2 - 1] + ordered[k // 2]) / 2


def _one(annotate: Callable[[Document], Document], doc: Document) -> tuple[Document | None, str, str, float]:
    start = time.perf_counter()
    try:
        got = annotate(doc)
        if not isinstance(got, Document) or got.uri != doc.uri or got.text != doc.text:
            return None, "bad-answer", "the system returned another document or text", time.perf_counter() - start
        return got, "", "", time.perf_counter() - start
    except AnnotationFailure as exc:
        return None, exc.reason, exc.detail, time.perf_counter() - start
    except Exception as exc:  # a failing system is counted, never a crash
        return None, "system-error", f"{type(exc).__name__}: {exc}", time.perf_counter() - start


def annotate_corpus(corpus: Corpus, annotate: Callable[[Document], Document], *, system: str = "system",
                    jobs: int = 1, progress: Callable[[int, int], None] | None = None,
                    abort_rule: bool = True) -> tuple[Corpus, RunReport]:
    """Annotate every document of ``corpus`` with ``annotate`` (``Document → Document``; the gold
    mentions are removed before the call).

    Args:
        corpus: the documents to annotate.
        annotate: the system (e.g. :meth:`bengal.annotate.baseline.Baseline.annotate`,
            :meth:`bengal.annotate.webservice.NifWebService.annotate`).
        system: its name for the report.
        jobs: threads sending documents at once (>= 1). The output does not depend on it:
            results are taken in corpus order, and the abort rule looks at that order (with
            ``jobs > 1`` documents already in flight when it fires are still sent, and their
            answers discarded; those not yet started are cancelled).
        progress: called with ``(documents done, documents in all)`` after each document.
        abort_rule: GERBIL's rule (``ErrorCountingAnnotatorDecorator``): stop once the failed
            documents exceed ``ceil(documents / 4)``; the documents not yet taken are counted as
            ``aborted``. (GERBIL then drops the whole experiment; bengal keeps what was
            annotated and says the run was aborted.)

    Returns:
        ``(predictions, report)``: the predictions hold only the annotated documents (a failed
        one is a missing prediction for the scorer), in corpus order, with the corpus name and
        ``metadata["system"]``.
    """
    docs = [Document(d.uri, d.text) for d in corpus.documents]
    n = len(docs)
    report = RunReport(system=system, documents=n)
    limit = math.ceil(n / 4)  # GERBIL: maxErrors = ceil(0.25 × documents); abort when errors > maxErrors
    results: list[Document] = []

    def consume(i: int, outcome: tuple[Document | None, str, str, float]) -> bool:
        got, reason, detail, seconds = outcome
        report.seconds += seconds
        report.timings.append(seconds)
        if got is not None:
            results.append(got)
            report.annotated += 1
        else:
            report.errors[reason] = report.errors.get(reason, 0) + 1
            report.failures.append((docs[i].uri, reason, detail))
        if progress is not None:
            progress(len(report.timings), n)
        failed = sum(report.errors.values())
        return abort_rule and failed > limit

    stopped_at = n
    if jobs <= 1:
        for i, doc in enumerate(docs):
            if consume(i, _one(annotate, doc)):
                stopped_at = i + 1
                break
    else:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_one, annotate, doc) for doc in docs]
            for i, fut in enumerate(futures):
                if consume(i, fut.result()):
                    stopped_at = i + 1
                    for later in futures[i + 1:]:
                        later.cancel()
                    break
    if stopped_at < n:
        report.aborted = True
        report.errors["aborted"] = n - stopped_at
        report.failures.extend((d.uri, "aborted", "not sent: the abort rule fired") for d in docs[stopped_at:])
    meta = {"system": system, "annotated_from": corpus.name}
    return Corpus(tuple(results), name=corpus.name, metadata=meta), report
