"""bengal: fresh NER + entity-linking gold standards from a knowledge base, and a GERBIL-style scorer.

The public data model lives in :mod:`bengal.model`; formats in :mod:`bengal.io`;
the KB in :mod:`bengal.kb`; generation in :mod:`bengal.generate`; scoring in
:mod:`bengal.score`; reports in :mod:`bengal.report`.
"""

__version__ = "0.1.0"

from bengal.model import Corpus, CorpusWarning, Document, Mention  # noqa: E402

__all__ = ["Corpus", "CorpusWarning", "Document", "Mention", "__version__"]
