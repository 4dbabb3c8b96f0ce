"""``--system spacy:MODEL``: an installed spaCy pipeline's named entities (NER only, no linking).

Each entity (``doc.ents``) becomes a NIL mention (no URI) typed with its label mapped to CoNLL
types: ``PERSON``/``PER`` → PER, ``ORG`` → ORG, ``GPE``/``LOC``/``FAC`` → LOC, every other label
→ MISC (:data:`LABELS`; OntoNotes labels such as ``DATE`` or ``CARDINAL`` are left out, since no
NER benchmark of the field counts them). Score the output with ``--task erec`` or
``--task etyping`` (A2KB needs URIs this system does not give).
"""

from __future__ import annotations

import threading

from bengal.errors import InputError
from bengal.model import Document, Mention

__all__ = ["SpacySystem", "LABELS"]

#: spaCy / OntoNotes / CoNLL entity labels → CoNLL types; labels not here are dropped.
LABELS = {"PERSON": "PER", "PER": "PER", "ORG": "ORG", "GPE": "LOC", "LOC": "LOC", "FAC": "LOC",
          "NORP": "MISC", "MISC": "MISC", "EVENT": "MISC", "WORK_OF_ART": "MISC", "PRODUCT": "MISC",
          "LAW": "MISC", "LANGUAGE": "MISC"}


class SpacySystem:
    """A spaCy pipeline as an annotator: ``annotate(Document) → Document``.

    Args:
        model: an installed package name (``en_core_web_sm``) or a pipeline folder.

    Raises:
        InputError: the model cannot be loaded (not installed, no such folder, not a pipeline).
    """

    def __init__(self, model: str) -> None:
        import spacy

        try:
            self.nlp = spacy.load(model)
        except (OSError, ValueError, ImportError) as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise InputError(f"cannot load the spaCy pipeline {model!r}: {first[:200]}") from None
        self.name = f"spacy:{model}"
        self._lock = threading.Lock()

    def annotate(self, document: Document) -> Document:
        """``document`` with one mention per entity of the pipeline whose label :data:`LABELS` maps."""
        with self._lock:
            doc = self.nlp(document.text)
            ents = [(e.start_char, e.end_char, e.label_) for e in doc.ents]
        mentions = tuple(Mention.in_text(document.text, b, e, (), LABELS[label])
                         for b, e, label in ents if label in LABELS and e > b)
        return Document(document.uri, document.text, mentions)
