"""Microposts 2014 (the #Microposts2014 NEEL challenge TSV), read as GERBIL's ``Microposts2014Dataset``.

One tweet a line: ``tweet id TAB "text" (TAB mention TAB DBpedia URI)*``. The text cell is quoted; it
ends at the first ``"`` followed by a tab or the end of the line (so a tab inside the quotes is text)
and is read verbatim, then stripped of surrounding white space (GERBIL's ``trim``). The annotations
give no offsets: each mention is found as GERBIL finds it, the first occurrence at or after the end
of the previous one; when there is none, in the text without ``#`` (``Amy Winehouse`` in ``#Amy
#Winehouse``: the span then covers the hashes). A mention found nowhere is left out and counted
``mention_not_found`` (GERBIL leaves it out too); one found only without hashes is counted
``hashtag_mention``. Documents are ``urn:microposts2014:<tweet id>``. Differences from GERBIL's
CSV reading, errors and warnings: ``docs/formats/microposts2014.md``.
"""

from __future__ import annotations

import os
import re
from typing import IO

from bengal.errors import InputError
from bengal.io._source import FlawLog, file_stem, open_binary, source_name, text_lines
from bengal.model import Corpus, Document, Mention
from bengal.rdf import NIL_SPELLINGS, is_absolute_iri

__all__ = ["read_microposts2014", "looks_like_microposts2014", "MICROPOSTS_PREFIX"]

#: Document URIs are this prefix + the tweet id.
MICROPOSTS_PREFIX = "urn:microposts2014:"
_LINE = re.compile(rb"^\d{6,20}\t\"")
_CLOSE = re.compile(r'"(?=\t|$)')


def looks_like_microposts2014(first: bytes, chunk: bytes) -> bool:
    """Whether the first lines are ``tweet id TAB "text" …`` lines."""
    lines = [ln for ln in chunk.splitlines()[:20] if ln.strip()]
    return bool(lines) and all(_LINE.match(ln) for ln in lines[:-1] or lines)


def _cells(line: str, src: str, lineno: int) -> tuple[str, str, list[str]]:
    tweet_id, tab, rest = line.partition("\t")
    if not tab or not tweet_id.isdigit():
        raise InputError("not a 'tweet id TAB \"text\"' line (Microposts 2014)", source=src, line=lineno)
    if not rest.startswith('"'):
        raise InputError('the text cell does not start with a double quote', source=src, line=lineno)
    m = _CLOSE.search(rest, 1)
    if m is None:
        raise InputError("the quoted text has no closing double quote before a tab or the end of the line",
                         source=src, line=lineno)
    text = rest[1:m.start()]
    tail = rest[m.end():]
    cells = tail.split("\t")[1:] if tail else []
    if len(cells) % 2:
        raise InputError(f"{len(cells)} cells after the text; annotations come in pairs (mention, URI)", source=src,
                         line=lineno)
    return tweet_id, text, cells


def _place(text: str, mention: str, end: int, no_hash: list[str | None], hashes: list[int]) -> tuple[int, int, bool]:
    """``(begin, end, via hashes)`` of ``mention`` searched from ``end`` as GERBIL does; begin -1 = not found.

    Without hashes the search starts at ``end`` less the hashes before it (GERBIL's intent; its loop
    indexes the wrong variable, which changes nothing on the real files) and the span found is mapped
    back over the hashes it covers.
    """
    start = text.find(mention, end)
    if start >= 0:
        return start, start + len(mention), False
    plain = no_hash[0]
    if plain is None:
        hashes.extend(i for i, ch in enumerate(text) if ch == "#")
        plain = no_hash[0] = text.replace("#", "")
    shifted = end - sum(1 for h in hashes if h < end)
    start = plain.find(mention, shifted)
    if start < 0:
        return -1, end, False
    stop = start + len(mention)
    for h in hashes:
        if h < stop:
            stop += 1
            if h < start:
                start += 1
    return start, stop, True


def read_microposts2014(source: str | os.PathLike[str] | IO[bytes] | bytes, *, name: str | None = None,
                        strict: bool = False) -> Corpus:
    """Read a Microposts 2014 NEEL TSV file (module docstring).

    Args:
        source: a path (gzip recognised by its magic bytes), a binary stream or the bytes.
        name: the corpus name (default: the file name without extensions).
        strict: turn every warning into an :class:`InputError`.

    Returns:
        the corpus, one document per tweet in file order; ``metadata`` has ``source`` and ``format``
        (``"microposts2014"``).

    Raises:
        InputError: naming the file and line: a line that is not ``id TAB "text"``, a text without
            its closing quote, an odd number of cells after the text, an empty mention, a URI that is
            not an absolute IRI, a tweet id repeated with another line (an exact repeat is counted
            ``duplicate_document``), text that is not UTF-8.
    """
    src = source_name(source, name)
    log = FlawLog(src, strict)
    fh, owned = open_binary(source)
    documents: list[Document] = []
    seen: dict[str, tuple[int, str]] = {}
    lineno = 0
    try:
        for lineno, _raw, line in text_lines(fh, src):
            if not line.strip():
                continue
            tweet_id, text, cells = _cells(line, src, lineno)
            if tweet_id in seen:
                first_line, first = seen[tweet_id]
                if first != line:
                    raise InputError(f"tweet {tweet_id} already given, otherwise, on line {first_line}", source=src,
                                     line=lineno)
                log.add("duplicate_document", f"{src}:{lineno}", f"line {lineno}: tweet {tweet_id} repeats line "
                        f"{first_line} exactly; the repeat is not read again", line=lineno)
                continue
            seen[tweet_id] = (lineno, line)
            text = text.strip()
            uri = MICROPOSTS_PREFIX + tweet_id
            mentions = []
            end = 0
            no_hash: list[str | None] = [None]
            hashes: list[int] = []
            for k in range(0, len(cells), 2):
                mention, target = cells[k], cells[k + 1].strip()
                if not mention:
                    raise InputError(f"annotation {k // 2 + 1} has an empty mention", source=src, line=lineno)
                if target not in NIL_SPELLINGS and not is_absolute_iri(target):
                    raise InputError(f"annotation {k // 2 + 1}: {target!r} is not an absolute IRI", source=src,
                                     line=lineno)
                begin, stop, via_hash = _place(text, mention, end, no_hash, hashes)
                if begin < 0:
                    log.add("mention_not_found", f"{uri} annotation {k // 2 + 1}",
                            f"line {lineno}: mention {mention!r} is not in the text after the previous mention; it "
                            "is left out, as GERBIL does", line=lineno)
                    continue
                if via_hash:
                    log.add("hashtag_mention", f"{uri} annotation {k // 2 + 1}",
                            f"line {lineno}: mention {mention!r} is found only across hashtags, as "
                            f"{text[begin:stop]!r} [{begin},{stop}); that span is kept", line=lineno)
                end = stop
                uris = frozenset() if target in NIL_SPELLINGS else frozenset([target])
                mentions.append(Mention(begin, stop, text[begin:stop], uris))
            documents.append(Document(uri, text, tuple(mentions)))
    except (EOFError, OSError) as err:
        raise InputError(f"truncated or unreadable ({err})", source=src, line=lineno) from None
    finally:
        if owned:
            fh.close()
    return Corpus(tuple(documents), name=name or file_stem(src),
                  metadata={"source": src, "format": "microposts2014"}, warnings=tuple(log.warnings))
