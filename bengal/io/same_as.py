"""owl:sameAs link files: N-Triples (optionally gzip) whose triples link two IRIs.

Lines ``<a> <p> <b> .`` with ``p`` in :data:`SAME_AS_PREDICATES` are links; blank lines and
``#`` comments are skipped; a triple with another predicate is no link, and is counted (the caller
says so), not dropped silently. The scorer turns the links into equivalence classes
(:class:`bengal.score.uris.SameAsIndex`).
"""

from __future__ import annotations

import gzip
import os
import re

from bengal.errors import InputError
from bengal.rdf import OWL_SAME_AS

__all__ = ["SAME_AS_PREDICATES", "read_same_as"]

#: Predicates read as sameAs links: owl:sameAs, and ``<http://same_as>`` of the dwy-nb DBpedia–Wikidata map.
SAME_AS_PREDICATES = frozenset({OWL_SAME_AS, "http://same_as"})

_NT_LINE = re.compile(r'^\s*<([^>]*)>\s*<([^>]*)>\s*<([^>]*)>\s*\.\s*$')


def read_same_as(path: str | os.PathLike[str]) -> tuple[list[tuple[str, str]], int]:
    """The sameAs links of an N-Triples file.

    Returns:
        ``(links, other)``: the ``(IRI, IRI)`` links in file order, and the number of triples with
        another predicate.

    Raises:
        InputError: the file is missing or unreadable, or a line is no IRI triple (names file and line).
    """
    src = os.fspath(path)
    links: list[tuple[str, str]] = []
    other = 0
    try:
        with open(src, "rb") as raw:
            magic = raw.read(2)
        opener = gzip.open if magic == b"\x1f\x8b" else open
        with opener(src, "rt", encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                s = line.strip()
                if not s or s.startswith("#"):
                    continue
                m = _NT_LINE.match(s)
                if m is None:
                    raise InputError("not an N-Triples line of three IRIs (an owl:sameAs link)", source=src,
                                     line=lineno)
                if m.group(2) in SAME_AS_PREDICATES:
                    links.append((m.group(1), m.group(3)))
                else:
                    other += 1
    except OSError as err:
        raise InputError(f"cannot read the sameAs file: {err.strerror or err}", source=src) from None
    except (EOFError, UnicodeDecodeError, gzip.BadGzipFile) as err:
        raise InputError(f"cannot read the sameAs file: {err}", source=src) from None
    return links, other
