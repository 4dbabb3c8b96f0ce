"""Tag sequences: schemes as tables (:mod:`bengal.tagging.schemes`) and decoding tags into chunks
(:mod:`bengal.tagging.decode`, with NumPy). Below both :mod:`bengal.io` (CoNLL columns) and
:mod:`bengal.score` (chunk metrics), which never import each other."""

from bengal.tagging.schemes import MODES, SCHEMES, Scheme, get_scheme, parse_tag, tags_for

__all__ = ["Scheme", "SCHEMES", "MODES", "get_scheme", "parse_tag", "tags_for"]
