"""CoNLL column files (CoNLL-2003 style): tag sequences and the corpus model.

:func:`read_conll_file` reads one token per line (the token the first column, the tag the last
or ``tag_column``; a blank line ends a sentence, ``-DOCSTART-`` begins a document);
:func:`conll_to_corpus` makes documents of it (one per ``-DOCSTART-``, else one per sentence;
tokens joined by single spaces, sentences by ``"\\n"``; mentions are the chunks of the tags under
a declared scheme and mode, NIL, typed); :func:`write_conll` writes ``token TAG`` lines in any
scheme that can be written. Broken input is an :class:`~bengal.errors.InputError` naming file and
line; tags the scheme does not allow in place are counted ``invalid_tag`` warnings. The rules in
full: ``docs/formats/conll.md``.
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass, field
from typing import IO, Any, Iterator

from bengal.errors import InputError
from bengal.io._source import FlawLog, file_stem, open_binary, source_name
from bengal.model import Corpus, Document, Mention
from bengal.perf import gc_paused
from bengal.tagging.decode import (
    LabelTable,
    TagError,
    check_mode,
    encode,
    extract_chunks,
    flat_places,
    invalid_positions,
)
from bengal.tagging.schemes import STRICT, get_scheme, tags_for

__all__ = [
    "ConllSentence",
    "ConllFile",
    "read_conll_file",
    "iter_conll_file",
    "conll_to_corpus",
    "read_conll",
    "write_conll",
    "looks_like_conll",
    "DOCSTART",
    "URI_BASE",
]

DOCSTART = "-DOCSTART-"
URI_BASE = "http://bengal.invalid/conll/"

_TAG = re.compile(r"^(?:O|[BIESLU]|[BIESLU]-\S+|\S+-[BIESLU])$")


@dataclass(frozen=True, slots=True)
class ConllSentence:
    """One sentence: its tokens and tags, the 1-based line of its first token, its document index."""

    tokens: tuple[str, ...]
    tags: tuple[str, ...]
    line: int
    document: int


@dataclass
class ConllFile:
    """A read CoNLL file.

    Attributes:
        source: the file name used in messages.
        sentences: in file order.
        has_docstart: whether the file has ``-DOCSTART-`` lines.
        columns: columns per token line.
    """

    source: str
    sentences: list[ConllSentence] = field(default_factory=list)
    has_docstart: bool = False
    columns: int = 0

    def tags(self) -> list[list[str]]:
        """One list of tags per sentence (for :func:`bengal.score.chunks.score_chunks`)."""
        return [list(s.tags) for s in self.sentences]

    def line_of(self, sentence: int, token: int | None = None) -> int:
        """The 1-based line of a token (0-based sentence and token indices)."""
        return self.sentences[sentence].line + (token or 0)


def _text_lines(source: Any) -> tuple[IO[str], str]:
    fh, _ = open_binary(source)
    name = source_name(source)
    return io.TextIOWrapper(fh, encoding="utf-8-sig", newline=None), name


def read_conll_file(source: str | os.PathLike[str] | IO[bytes] | bytes, *, tag_column: int = -1) -> ConllFile:
    """Read a CoNLL column file into sentences of tokens and tags (module docstring).

    Args:
        source: a path (gzip recognised), a binary stream or the file's bytes.
        tag_column: the column of the tag (0-based; negative counts from the end; default the last).

    Raises:
        InputError: naming the file and line (see the module docstring).
    """
    out = ConllFile(source_name(source))
    out.sentences = list(iter_conll_file(source, tag_column=tag_column, into=out))
    if not out.has_docstart:
        out.sentences = [ConllSentence(s.tokens, s.tags, s.line, i) for i, s in enumerate(out.sentences)]
    return out


def iter_conll_file(source: str | os.PathLike[str] | IO[bytes] | bytes, *, tag_column: int = -1,
                    into: ConllFile | None = None) -> Iterator[ConllSentence]:
    """The sentences of a CoNLL column file one at a time, as :func:`read_conll_file` reads them (the same
    checks, the same errors at the same lines), holding only the sentence being read: what scoring a
    file larger than memory needs (:func:`bengal.workflows.score_files.score_conll`).

    Args:
        source, tag_column: as :func:`read_conll_file`.
        into: a :class:`ConllFile` whose ``source`` (the name used in messages), ``has_docstart`` and
            ``columns`` are set as the lines are read (its ``sentences`` are left alone).

    Yields:
        :class:`ConllSentence` in file order; ``document`` counts ``-DOCSTART-`` lines (in a file
        without any, every sentence says 0: :func:`read_conll_file` numbers them afterwards).

    Raises:
        InputError: naming the file and line, when the broken line is reached.
    """
    text, src = _text_lines(source)
    out = into if into is not None else ConllFile(src)
    out.source = src
    tokens: list[str] = []
    tags: list[str] = []
    first = 0
    doc = 0
    started = False  # a document has begun (a DOCSTART seen, or a sentence before the first one)
    columns = 0
    lineno = 0
    # each distinct token and tag is kept once (words and tags repeat: a third of the memory of a
    # large file; a tag is one of a few dozen strings)
    seen: dict[str, str] = {}
    share = seen.setdefault
    try:
        with text, gc_paused():
            for lineno, line in enumerate(text, 1):
                fields = line.split()
                if not fields:
                    if tokens:
                        yield ConllSentence(tuple(tokens), tuple(tags), first, doc)
                        tokens, tags = [], []
                    continue
                if fields[0] == DOCSTART:
                    if tokens:
                        yield ConllSentence(tuple(tokens), tuple(tags), first, doc)
                        tokens, tags = [], []
                    if started or out.has_docstart:
                        doc += 1
                    out.has_docstart = True
                    started = False
                    continue
                if columns == 0:
                    columns = len(fields)
                    if columns < 2:
                        raise InputError(f"a token line needs at least two columns (token and tag), found "
                                         f"{columns}: {line.rstrip()!r}", source=src, line=lineno)
                    out.columns = columns
                    if not -columns <= tag_column < columns:
                        raise InputError(f"tag column {tag_column} does not exist in lines of {columns} columns",
                                         source=src, line=lineno)
                elif len(fields) != columns:
                    what = "an empty tag or a missing column?" if len(fields) < columns else "a token with a space?"
                    raise InputError(f"{len(fields)} column{'s' if len(fields) != 1 else ''} where the file has "
                                     f"{columns} ({what}): "
                                     f"{line.rstrip()!r}", source=src, line=lineno)
                if not tokens:
                    first = lineno
                started = True
                tokens.append(share(fields[0], fields[0]))
                tags.append(share(fields[tag_column], fields[tag_column]))
            if tokens:
                yield ConllSentence(tuple(tokens), tuple(tags), first, doc)
    except UnicodeDecodeError as err:
        raise InputError(f"not UTF-8 text ({err.reason} after line {lineno})", source=src, line=lineno + 1) from None


def looks_like_conll(head: bytes) -> bool:
    """Whether the first bytes of a file look like CoNLL columns: a ``-DOCSTART-``
    line first, or the first non-blank lines with two or more columns whose last
    column is a tag (``O``, ``B-PER``, ``PER-B``, ...), except a few lines of one
    column (at most as many as the tagged ones): a token whose tag is missing, which the
    reader then reports by line ("b" with an empty tag, case C8), not as a file of no
    known format."""
    seen = lone = 0
    for raw in io.BytesIO(head).readlines()[:-1] or [head]:
        line = raw.decode("utf-8", "replace").lstrip("\ufeff")
        fields = line.split()
        if not fields:
            continue
        if fields[0] == DOCSTART:
            return True
        if len(fields) == 1:
            lone += 1
        elif not _TAG.match(fields[-1]):
            return False
        else:
            seen += 1
        if seen + lone >= 20:
            break
    return seen > 0 and lone <= seen


def conll_to_corpus(cf: ConllFile, *, scheme: str = "iob2", mode: str = "lenient", suffix: bool = False,
                    name: str | None = None, strict: bool = False) -> Corpus:
    """The corpus model of a read CoNLL file (module docstring).

    Raises:
        InputError: a tag that is empty, malformed or not allowed by the scheme
            (naming the file and line); under ``strict=True`` also an invalid tag.
        ValueError: an unknown scheme or mode.
    """
    mode = check_mode(mode)
    table = LabelTable(scheme, suffix)
    try:
        ids = encode(table, [list(s.tags) for s in cf.sentences], "tags")
    except TagError as err:
        assert err.sentence is not None  # encode() names the sentence of a bad tag
        raise InputError(str(err).split(": ", 1)[1], source=cf.source,
                         line=cf.line_of(err.sentence, err.token)) from None
    chunks = extract_chunks(ids, table, mode)
    log = FlawLog(cf.source, strict)

    place = flat_places([len(s.tokens) for s in cf.sentences])
    if chunks.invalid:  # non-O tags outside the strict chunks
        what = "dropped (strict mode)" if mode == STRICT else "read as conlleval does (lenient mode)"
        for pos in invalid_positions(ids, table).tolist():
            si, ti = place(pos)
            line = cf.line_of(si, ti)
            tag = cf.sentences[si].tags[ti]
            log.add("invalid_tag", f"{cf.source}:{line}",
                    f"tag {tag!r} is not allowed here by the scheme {table.scheme.label}; {what}", line=line)

    # Build documents.
    by_sentence: dict[int, list[tuple[int, int, int]]] = {}
    for t, s, e in zip(chunks.types.tolist(), chunks.starts.tolist(), chunks.ends.tolist()):
        si, ti = place(s)
        by_sentence.setdefault(si, []).append((ti, ti + (e - s), t))
    docs: list[Document] = []
    stem = "document" if cf.has_docstart else "sentence"
    current: list[int] = []

    def emit(indices: list[int]) -> None:
        parts: list[str] = []
        mentions: list[Mention] = []
        offset = 0
        for si in indices:
            sent = cf.sentences[si]
            starts = []
            pos = offset
            for tok in sent.tokens:
                starts.append(pos)
                pos += len(tok) + 1
            for ti, tj, t in by_sentence.get(si, ()):
                begin = starts[ti]
                end = starts[tj] + len(sent.tokens[tj])
                typ = table.types[t]
                text_piece = " ".join(sent.tokens[ti:tj + 1])
                mentions.append(Mention(begin, end, text_piece, frozenset(), None if typ == "_" else typ))
            parts.append(" ".join(sent.tokens))
            offset = pos  # the previous sentence's length + 1 ("\n")
        docs.append(Document(f"{URI_BASE}{stem}-{len(docs) + 1}", "\n".join(parts), tuple(mentions)))

    last_doc = None
    for si, sent in enumerate(cf.sentences):
        if last_doc is not None and sent.document != last_doc:
            emit(current)
            current = []
        current.append(si)
        last_doc = sent.document
    if current:
        emit(current)
    meta = {"source": cf.source, "format": "conll", "conll_docstart": cf.has_docstart,
            "scheme": table.scheme.name, "mode": mode, "suffix": bool(suffix)}
    return Corpus(tuple(docs), name or file_stem(cf.source), meta, tuple(log.warnings))


def read_conll(source: str | os.PathLike[str] | IO[bytes] | bytes, *, scheme: str = "iob2",
               mode: str = "lenient", suffix: bool = False, name: str | None = None, strict: bool = False,
               tag_column: int = -1) -> Corpus:
    """Read a CoNLL file into a :class:`~bengal.model.Corpus` (module docstring).

    Raises:
        InputError: naming the file and line.
    """
    return conll_to_corpus(read_conll_file(source, tag_column=tag_column), scheme=scheme, mode=mode,
                           suffix=suffix, name=name, strict=strict)


#: Word tokens when punctuation is split off (``split_punct``): runs of word characters joined by
#: inner ``-``, ``'``, ``’`` or ``.`` (``1996-08-22``, ``O'Neil``, ``U.S``), or one other non-space character.
PUNCT_TOKEN = re.compile(r"\w+(?:[-'’.]\w+)*|[^\w\s]")


_SPACE = re.compile(r"\s")


def _shown(text: str, limit: int = 80) -> str:
    """``text`` quoted for a one-line message, at most ``limit`` characters of it."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def write_conll(corpus: Corpus, fh: IO[str], *, scheme: str = "iob2", suffix: bool = False,
                split_punct: bool = False, docstart: bool | None = None) -> None:
    """Write ``corpus`` as two-column CoNLL (module docstring).

    Args:
        scheme, suffix: the tags written (any scheme but IOE1; ``TYPE-P`` with ``suffix``).
        split_punct: tokens are :data:`PUNCT_TOKEN` matches (``company.`` → ``company`` ``.``)
            instead of whitespace-separated words, so that a gold corpus and a system's output on
            it get the same tokens whatever their mentions are. Mention boundaries still cut tokens.
        docstart: a ``-DOCSTART- O`` line and a blank line before each document; ``None`` = as
            the corpus was read (its ``conll_docstart`` provenance, when it came from a CoNLL file),
            else true.

    Raises:
        InputError: a mention that does not cover whole tokens, overlapping mentions, a type with
            whitespace (a tag is one column, so it could not be read back).
        ValueError: a scheme that cannot be written (``ioe1``).
    """
    sch = get_scheme(scheme).name
    if docstart is None:
        docstart = bool(corpus.metadata.get("conll_docstart", True)) if corpus.metadata else True
    words = PUNCT_TOKEN if split_punct else re.compile(r"[^\s]+")
    for doc in corpus.documents:
        if docstart:
            fh.write(f"{DOCSTART} O\n\n")
        cuts = sorted({m.begin for m in doc.mentions} | {m.end for m in doc.mentions})
        tokens = []
        for w in words.finditer(doc.text):
            b, e = w.start(), w.end()
            for c in cuts:  # a mention boundary inside a word splits it ("Oslo." -> "Oslo" ".")
                if b < c < e:
                    tokens.append((b, c, doc.text[b:c]))
                    b = c
            tokens.append((b, e, doc.text[b:e]))
        newline_after = {i for i, (b, e, _) in enumerate(tokens)
                         if i + 1 < len(tokens) and "\n" in doc.text[e:tokens[i + 1][0]]}
        at_begin = {b: i for i, (b, _, _) in enumerate(tokens)}
        at_end = {e: i for i, (_, e, _) in enumerate(tokens)}
        tags = ["O"] * len(tokens)
        last_end, last_type, last_tok = -1, None, -2
        for m in doc.mentions:
            if m.begin not in at_begin or m.end not in at_end:
                raise InputError(f"document {doc.uri}: mention [{m.begin},{m.end}) {m.surface!r} begins or ends "
                                 "on whitespace; CoNLL cannot carry it", source=None)
            if m.begin < last_end:
                raise InputError(f"document {doc.uri}: mention [{m.begin},{m.end}) overlaps the one before; "
                                 "CoNLL cannot carry overlapping mentions", source=None)
            i, j = at_begin[m.begin], at_end[m.end]
            typ = m.type or "_"
            if _SPACE.search(typ):  # a tag is one column: "B-A B" would not read back
                raise InputError(f"document {doc.uri}: mention [{m.begin},{m.end}) {m.surface!r} has the type "
                                 f"{_shown(typ)}, with whitespace (several types?); a CoNLL tag cannot carry it "
                                 "(--map-types maps types to PER/ORG/LOC/MISC)", source=None)
            follows = last_tok == i - 1 and last_type == typ and (i - 1) not in newline_after
            tags[i:j + 1] = tags_for(sch, j - i + 1, typ, suffix=suffix, follows_same=follows)
            last_end, last_type, last_tok = m.end, typ, j
        for i, (_, _, tok) in enumerate(tokens):
            fh.write(f"{tok} {tags[i]}\n")
            if i in newline_after:
                fh.write("\n")
        if tokens:
            fh.write("\n")
