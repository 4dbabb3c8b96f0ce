"""Pairing the documents of a gold and a predicted corpus by document URI: the one rule of every scorer.

* A gold document missing from the prediction is **scored** with no predicted mentions (all its
  gold mentions are false negatives), as GERBIL does when an annotator returns nothing for a
  document (``InstanceListBasedAnnotator.getDocumentMarkings`` gives an empty list). Warning
  ``missing_document``, side ``"prediction"`` (the side that lacks it).
* A prediction document absent from the gold is **not scored**: the gold defines the benchmark,
  and GERBIL only ever asks an annotator for gold documents. Never silent: warning
  ``missing_document``, side ``"gold"``, with how many predicted mentions were left unscored.
* A prediction with documents but none in common with the gold is for another corpus, and a gold
  standard without documents has nothing to score: :class:`~bengal.errors.InputError`. A
  prediction without any document (a system that failed on every one) is scored.
* A paired document whose texts differ gets ``text_mismatch`` (mentions are compared by offsets);
  gold mentions that overlap an earlier one get ``overlapping_mentions`` (all are scored).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from bengal.errors import InputError
from bengal.model import Corpus, Document, Mention
from bengal.score.result import GOLD, PREDICTION, ScoreWarning

__all__ = ["PAIRING_RULE", "Pairing", "pair_documents", "describe_corpus", "overlapping_count", "no_gold_document",
           "no_common_document", "gold_document_warnings", "unscored_document"]

PAIRING_RULE = (
    "documents pair by URI; a gold document missing from the prediction is scored with no predicted "
    "mentions; a prediction document missing from the gold is not scored (as in GERBIL); both are "
    "warned as missing_document"
)


@dataclass(frozen=True)
class Pairing:
    """The scored document pairs and what pairing found.

    Attributes:
        pairs: ``(gold document, predicted document or None)`` per gold document, in gold order.
        warnings: ``overlapping_mentions``, ``missing_document`` and ``text_mismatch`` warnings of
            the gold documents, in gold order.
        unscored: the ``missing_document`` warnings of the predicted documents the gold lacks.
        unscored_predictions: predicted mentions in those documents.
    """

    pairs: tuple[tuple[Document, Document | None], ...]
    warnings: tuple[ScoreWarning, ...]
    unscored: tuple[ScoreWarning, ...]
    unscored_predictions: int

    @property
    def all_warnings(self) -> tuple[ScoreWarning, ...]:
        """:attr:`warnings` then :attr:`unscored`."""
        return self.warnings + self.unscored


def describe_corpus(corpus: Corpus, documents: int | None = None) -> str:
    """How a corpus is named in messages: ``'its source' (N documents)``; ``documents``: N when the
    corpus does not hold its documents (a prediction read in the stream), else ``len(corpus)``."""
    source = corpus.metadata.get("source") if corpus.metadata else None
    name = str(source) if source else corpus.name
    n = len(corpus) if documents is None else documents
    return f"{name!r} ({n} documents)" if name else f"({n} documents)"


def overlapping_count(mentions: Sequence[Mention]) -> int:
    """How many mentions (sorted by begin) overlap an earlier one."""
    n = 0
    reach = -1
    for m in mentions:
        if m.begin < reach:
            n += 1
        reach = max(reach, m.end)
    return n


def pair_documents(gold: Corpus, pred: Corpus,
                   prediction_docs: Mapping[str, Document] | None = None) -> Pairing:
    """Pair ``gold`` and ``pred`` by document URI (module docstring).

    Args:
        gold: the gold standard.
        pred: the prediction, as read (its documents outside the gold are counted from it).
        prediction_docs: ``{URI: document}`` to pair instead of ``pred``'s own documents (e.g.
            after a confidence threshold); default ``pred.by_uri()``.

    Raises:
        InputError: the gold has no documents, or the prediction has documents and none in common
            with the gold.
    """
    gold_docs = gold.by_uri()
    pred_all = pred.by_uri()
    if not len(gold):
        raise no_gold_document(gold)
    if len(pred) and not any(uri in pred_all for uri in gold_docs):
        raise no_common_document(gold, len(gold), gold.documents[0].uri, pred, len(pred), pred.documents[0].uri)
    docs = pred_all if prediction_docs is None else prediction_docs
    warnings: list[ScoreWarning] = []
    pairs: list[tuple[Document, Document | None]] = []
    for g in gold.documents:
        p = docs.get(g.uri)
        warnings += gold_document_warnings(g, p)
        pairs.append((g, p))
    unscored = 0
    extra: list[ScoreWarning] = []
    for p in pred.documents:
        if p.uri not in gold_docs:
            unscored += len(p.mentions)
            extra.append(unscored_document(p))
    return Pairing(tuple(pairs), tuple(warnings), tuple(extra), unscored)


def no_gold_document(gold: Corpus, documents: int | None = None) -> InputError:
    """The error for a gold standard without documents (nothing to score); ``documents`` as
    :func:`describe_corpus`."""
    return InputError(f"the gold standard {describe_corpus(gold, documents)} has no documents: nothing to score",
                      source=None)


def no_common_document(gold: Corpus, gold_documents: int, first_gold: str, pred: Corpus, documents: int,
                       first_uri: str) -> InputError:
    """The error for a prediction of ``documents`` documents (the first one ``first_uri``) none of which the
    gold (of ``gold_documents``, the first ``first_gold``) has: a prediction for another corpus. ``gold`` and
    ``pred`` name the two sides (their documents may be left out: read in the stream)."""
    return InputError(
        f"the prediction {describe_corpus(pred, documents)} and the gold standard "
        f"{describe_corpus(gold, gold_documents)} have no document URI in common (e.g. gold {first_gold}, "
        f"prediction {first_uri}): is the prediction for another corpus?",
        source=str(pred.metadata.get("source") or pred.name or "") or None,
    )


def gold_document_warnings(g: Document, p: Document | None) -> list[ScoreWarning]:
    """The pairing warnings of gold document ``g`` paired with ``p`` (None: the prediction lacks it):
    ``overlapping_mentions``, then ``missing_document`` or ``text_mismatch`` (module docstring)."""
    warnings = []
    overlapping = overlapping_count(g.mentions)
    if overlapping:
        warnings.append(ScoreWarning(
            "overlapping_mentions", g.uri,
            f"gold document {g.uri}: {overlapping} mentions overlap an earlier gold mention; all are scored",
            GOLD))
    if p is None:
        warnings.append(ScoreWarning(
            "missing_document", g.uri,
            f"gold document {g.uri} is missing from the prediction; scored with no predicted "
            f"mentions ({len(g.mentions)} false negatives)",
            PREDICTION,
        ))
    elif p.text != g.text:
        warnings.append(ScoreWarning(
            "text_mismatch", g.uri,
            f"document {g.uri}: the prediction's text ({len(p.text)} code points) differs from "
            f"the gold text ({len(g.text)} code points); mentions are compared by offsets",
            PREDICTION,
        ))
    return warnings


def unscored_document(p: Document) -> ScoreWarning:
    """The ``missing_document`` warning of a predicted document the gold lacks (not scored)."""
    return ScoreWarning(
        "missing_document", p.uri,
        f"prediction document {p.uri} is not in the gold standard; not scored "
        f"({len(p.mentions)} predicted mentions ignored)",
        GOLD,
    )
