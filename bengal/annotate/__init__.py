"""Annotation systems and running them over a corpus (``bengal annotate``, ``bengal serve``).

- :mod:`bengal.annotate.base` — the :class:`Annotator` protocol and :class:`AnnotationFailure`;
- :mod:`bengal.annotate.baseline` — the dictionary-and-prior baseline (``--system baseline``);
- :mod:`bengal.annotate.spacy_system` — an installed spaCy pipeline's NER (``--system spacy:MODEL``);
- :mod:`bengal.annotate.webservice` — GERBIL's NIF web-service protocol, client
  (``--system URL``) and server (``bengal serve``);
- :mod:`bengal.annotate.systems` — :func:`open_system`: a ``--system`` value to an annotator;
- :mod:`bengal.annotate.run` — :func:`annotate_corpus`: threads, progress callback, per-document
  errors, GERBIL's abort rule, the run report.
"""

from bengal.annotate.base import AnnotationFailure, Annotator
from bengal.annotate.run import RunReport, annotate_corpus
from bengal.annotate.systems import open_system
from bengal.annotate.webservice import NifWebService, make_server

__all__ = ["Annotator", "AnnotationFailure", "open_system", "annotate_corpus", "RunReport", "NifWebService",
           "make_server"]
