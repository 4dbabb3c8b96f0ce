"""Wikipedia titles and URLs → DBpedia resource URIs, and the NIL spellings of the field's corpora.

The mapping (used by the AIDA reader, ``docs/formats/aida.md``): take the title (the part after
``/wiki/`` of an ``en.wikipedia.org`` URL, or the bare title), drop a ``#section``, percent-decode it
as UTF-8, turn spaces into ``_`` and upper-case the first character (MediaWiki's first-letter
rule), then percent-encode only DBpedia's IRI escape set: U+0000–U+001F, ``" # % < > ? [ \\ ] ^ `` `
`` { | }`` and U+007F–U+009F (DBpedia extraction framework, ``DBpediaNamespace.iriEscapes``, as the
KB builder notes record). Everything else stays raw UTF-8 (``Washington,_D.C.``,
``Café``), as the 2016-10 English DBpedia IRIs are written.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from bengal.rdf import DBR, NIL_SPELLINGS

__all__ = ["DBPEDIA_RESOURCE", "NIL_SPELLINGS", "wikipedia_to_dbpedia"]

DBPEDIA_RESOURCE = DBR

_WIKI_URL = re.compile(r"^https?://en\.(?:m\.)?wikipedia\.org/wiki/(.*)$")
_ESCAPE = frozenset(chr(c) for c in (*range(0x00, 0x20), *range(0x7F, 0xA0))) | frozenset('"#%<>?[\\]^`{|}')


def wikipedia_to_dbpedia(url_or_title: str) -> str | None:
    """The DBpedia resource URI of an English Wikipedia URL or title (module docstring).

    Returns:
        ``http://dbpedia.org/resource/<name>``; ``None`` when the input is empty or a NIL spelling
        (:data:`NIL_SPELLINGS`), or a URL of another host or language (the caller reports it).

    >>> wikipedia_to_dbpedia("http://en.wikipedia.org/wiki/Washington,_D.C.")
    'http://dbpedia.org/resource/Washington,_D.C.'
    >>> wikipedia_to_dbpedia("Caf%C3%A9 de Flore")
    'http://dbpedia.org/resource/Café_de_Flore'
    >>> wikipedia_to_dbpedia("http://en.wikipedia.org/wiki/Berlin#History")
    'http://dbpedia.org/resource/Berlin'
    >>> wikipedia_to_dbpedia("C%23 (programming language)")
    'http://dbpedia.org/resource/C%23_(programming_language)'
    """
    s = url_or_title.strip()
    if not s or s in NIL_SPELLINGS:
        return None
    if "://" in s:
        m = _WIKI_URL.match(s)
        if m is None:
            return None
        s = m.group(1)
    title = unquote(s.split("#", 1)[0], encoding="utf-8", errors="strict").replace(" ", "_").strip("_")
    if not title:
        return None
    title = title[0].upper() + title[1:]
    return DBPEDIA_RESOURCE + "".join(f"%{ord(ch):02X}" if ch in _ESCAPE else ch for ch in title)
