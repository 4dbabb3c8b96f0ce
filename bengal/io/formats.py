"""The one registry of corpus formats: name, extensions, content sniffing, reader and writer.

Every format the tool reads or writes is one :class:`Format` in :data:`FORMATS`, in sniffing
order; the CLI's ``--format`` choices, the extension table and the error messages all come from
it, so a new format is one entry here plus its reader/writer module. :func:`read_corpus` picks the
format from the extension (``.gz`` allowed), else from the first non-blank, non-comment bytes of the
(decompressed) content, or, for a folder (the Wikipedia-datasets XML, IITB), from the files in it;
a file recognised by its content that its reader refuses is an error saying what it looked like;
:func:`write_corpus` writes atomically (:func:`bengal.atomic.atomic_write`)
and deterministically (a ``.gz`` target is gzip-compressed with a zero timestamp and no file name).
Reader flaws are counted warnings (``corpus.warnings``, ``docs/formats/``); ``strict=True`` makes
them errors.
"""

from __future__ import annotations

import gzip
import importlib
import io
import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Callable

from bengal.atomic import atomic_write
from bengal.errors import InputError, UnknownOptionError, UsageError
from bengal.io._source import NotStreamable
from bengal.lazy import lazy_function
from bengal.model import Corpus, Document
from bengal.resources import resolve_corpus

# The readers and writers of the other formats are imported when their format is used or sniffed
# (``bengal score`` on two CoNLL files then loads neither pyoxigraph nor the JSON and XML readers).
looks_like_aida = lazy_function("bengal.io.aida", "looks_like_aida")
looks_like_pair_list = lazy_function("bengal.io.aida", "looks_like_pair_list")
read_aida = lazy_function("bengal.io.aida", "read_aida")
# CoNLL's reader decodes tags with numpy (bengal.tagging.decode): loaded only when a CoNLL file is
# sniffed, read or written, so that reading and scoring NIF or JSONL never imports numpy (issue 15)
looks_like_conll = lazy_function("bengal.io.conll", "looks_like_conll")
read_conll = lazy_function("bengal.io.conll", "read_conll")
write_conll = lazy_function("bengal.io.conll", "write_conll")
looks_like_elevant = lazy_function("bengal.io.elevant", "looks_like_elevant")
read_elevant = lazy_function("bengal.io.elevant", "read_elevant")
read_jsonl = lazy_function("bengal.io.jsonl", "read_jsonl")
stream_jsonl = lazy_function("bengal.io.jsonl", "stream_jsonl")
write_jsonl = lazy_function("bengal.io.jsonl", "write_jsonl")
count_whitespace_iris = lazy_function("bengal.io.lenient", "count_whitespace_iris")
read_nif_lenient = lazy_function("bengal.io.lenient", "read_nif_lenient")
looks_like_microposts2014 = lazy_function("bengal.io.microposts", "looks_like_microposts2014")
read_microposts2014 = lazy_function("bengal.io.microposts", "read_microposts2014")
read_nif = lazy_function("bengal.io.nif", "read_nif")
stream_nif = lazy_function("bengal.io.nif", "stream_nif")
write_nif = lazy_function("bengal.io.nif", "write_nif")
is_iitb_folder = lazy_function("bengal.io.wikixml", "is_iitb_folder")
is_wikipedia_xml_folder = lazy_function("bengal.io.wikixml", "is_wikipedia_xml_folder")
looks_like_iitb = lazy_function("bengal.io.wikixml", "looks_like_iitb")
looks_like_wikipedia_xml = lazy_function("bengal.io.wikixml", "looks_like_wikipedia_xml")
read_iitb = lazy_function("bengal.io.wikixml", "read_iitb")
read_wikipedia_xml = lazy_function("bengal.io.wikixml", "read_wikipedia_xml")

__all__ = ["Format", "FORMATS", "ConllOptions", "get_format", "detect_format", "output_format", "read_corpus",
           "stream_corpus", "NotStreamable", "stream_format", "write_corpus", "uri_formats"]


@dataclass(frozen=True)
class ConllOptions:
    """How CoNLL columns are read and written (ignored by the other formats).

    Attributes:
        scheme: the tagging scheme (:data:`bengal.tagging.schemes.SCHEMES`), read and written.
        mode: ``"lenient"`` (conlleval) or ``"strict"`` reading of the tags.
        suffix: tags are ``TYPE-P`` instead of ``P-TYPE``.
        tag_column: the column of the tag when reading (0-based; negative counts from the end).
        split_punct: when writing, tokens are words with punctuation split off
            (:data:`bengal.io.conll.PUNCT_TOKEN`) instead of whitespace-separated words.
        docstart: when writing, a ``-DOCSTART-`` line before each document; ``None`` = as the
            corpus was read (a CoNLL file without them stays without), else yes.
        split: the AIDA/CoNLL-YAGO split to read (``train``, ``testa``, ``testb``; None = all);
            :func:`read_corpus` also takes it as a ``FILE:testb`` suffix.
    """

    scheme: str = "iob2"
    mode: str = "lenient"
    suffix: bool = False
    tag_column: int = -1
    split_punct: bool = False
    docstart: bool | None = None
    split: str | None = None


Reader = Callable[[Path, str | None, bool, ConllOptions], Corpus]
Writer = Callable[[Corpus, IO[str], ConllOptions], None]
Sniffer = Callable[[bytes, bytes], bool]
FolderSniffer = Callable[[Path], bool]
Streamer = Callable[[Path, Callable[[Document], None], bool], Corpus]


@dataclass(frozen=True)
class Format:
    """One corpus format.

    Attributes:
        name: the key users type (``"nif"``).
        label: how messages name it (``"NIF Turtle"``).
        extensions: file name endings that mean this format (before an optional ``.gz``).
        aliases: other names accepted for ``name`` (``"ttl"``, ``"turtle"``).
        sniff: ``(first non-blank line, first 64 KiB) -> bool``: whether the content is this format;
            ``None`` when the content cannot tell it from another (N-Triples reads as Turtle).
        read: ``(path, name, strict, conll options) -> Corpus``.
        write: ``(corpus, text stream, conll options) -> None``.
        carries_uris: whether the format can hold entity URIs (CoNLL columns cannot).
        sniff_folder: ``folder -> bool``: whether a folder holds a corpus of this format.
        read_lenient: the reader of ``read_corpus(..., lenient=True)`` (NIF: IRIs with white space
            repaired, :mod:`bengal.io.lenient`); None = the format has no lenient reading.
        stream: ``(path, on_document, strict) -> corpus without documents``: :func:`stream_corpus`'s reader
            (raises :class:`~bengal.io._source.NotStreamable` where it cannot); None = read whole only.
    """

    name: str
    label: str
    extensions: tuple[str, ...]
    aliases: tuple[str, ...] = ()
    sniff: Sniffer | None = field(default=None, repr=False)
    read: Reader | None = field(default=None, repr=False)
    write: Writer | None = field(default=None, repr=False)
    carries_uris: bool = True
    sniff_folder: FolderSniffer | None = field(default=None, repr=False)
    read_lenient: Reader | None = field(default=None, repr=False)
    stream: Streamer | None = field(default=None, repr=False)


_DIRECTIVE = re.compile(rb"^(?:@prefix|@base|prefix|base)\s", re.IGNORECASE)


def _is_rdf(line: bytes, chunk: bytes) -> bool:
    return bool(_DIRECTIVE.match(line)) or line.startswith((b"<", b"_:"))


def _is_json(line: bytes, chunk: bytes) -> bool:
    return line.startswith((b"{", b"["))


def _is_conll(line: bytes, chunk: bytes) -> bool:
    return looks_like_conll(chunk)


def _is_aida(line: bytes, chunk: bytes) -> bool:
    # a surface-URL pair list is claimed too, so that the AIDA reader says what it is and refuses it
    return looks_like_aida(line, chunk) or looks_like_pair_list(line, chunk)


def _is_elevant(line: bytes, chunk: bytes) -> bool:
    return looks_like_elevant(line, chunk)


def _read_aida(path: Path, name: str | None, strict: bool, conll: ConllOptions) -> Corpus:
    return read_aida(path, split=conll.split, name=name, strict=strict)


def _read_elevant(path: Path, name: str | None, strict: bool, conll: ConllOptions) -> Corpus:
    return read_elevant(path, name=name, strict=strict)


def _nif_hint(path: Path, syntax: str, name: str | None, strict: bool) -> Corpus:
    """:func:`read_nif`; a syntax error in a file with IRIs holding white space says ``--lenient`` exists when
    reading it so succeeds (a Markdown page with "<…>" in its prose was sent there by the hint, a new user's
    try, 7 December 2026), and one in a file whose content another format's sniffer recognises (:func:`_sniff`:
    JSON Lines named ``.ttl``) names that format (and the parser's quoting of a line break stays on one line)."""
    try:
        return read_nif(path, syntax=syntax, name=name, strict=strict)
    except InputError as err:
        if type(err) is InputError and "malformed" in err.detail:
            detail = err.detail.replace("\r", "\\r").replace("\n", "\\n")
            other = _sniff(path)
            if other is not None and other.name != "nif":
                detail += (f"; the file reads as {other.label}: read it as {other.name} (bengal score's --gold-format "
                           f"{other.name} or --pred-format {other.name}, bengal stats' --format) or name it "
                           f"{other.extensions[0] if other.extensions else 'by that format'}")
            elif count_whitespace_iris(path) and _reads_leniently(path, syntax):
                detail += importlib.import_module("bengal.io.lenient").LENIENT_HINT
            if detail != err.detail:
                raise InputError(detail, source=err.source, line=err.line, column=err.column) from None
        raise


def _reads_leniently(path: Path, syntax: str) -> bool:
    """Whether :func:`bengal.io.lenient.read_nif_lenient` reads the file (on a syntax error only: a second parse)."""
    try:
        read_nif_lenient(path, syntax=syntax)
    except (InputError, OSError, ValueError):  # a hint's probe: any failure means no hint
        return False
    return True


def _read_nif(path: Path, name: str | None, strict: bool, conll: ConllOptions) -> Corpus:
    return _nif_hint(path, "turtle", name, strict)


def _stream_nif(path: Path, on_document: Callable[[Document], None], strict: bool) -> Corpus:
    return stream_nif(path, on_document, syntax="turtle", strict=strict)


def _stream_nt(path: Path, on_document: Callable[[Document], None], strict: bool) -> Corpus:
    return stream_nif(path, on_document, syntax="ntriples", strict=strict)


def _read_nt(path: Path, name: str | None, strict: bool, conll: ConllOptions) -> Corpus:
    return _nif_hint(path, "ntriples", name, strict)


def _read_nif_lenient(path: Path, name: str | None, strict: bool, conll: ConllOptions) -> Corpus:
    return read_nif_lenient(path, syntax="turtle", name=name, strict=strict)


def _read_nt_lenient(path: Path, name: str | None, strict: bool, conll: ConllOptions) -> Corpus:
    return read_nif_lenient(path, syntax="ntriples", name=name, strict=strict)


def _read_wikixml(path: Path, name: str | None, strict: bool, conll: ConllOptions) -> Corpus:
    return read_wikipedia_xml(path, name=name, strict=strict)


def _read_iitb(path: Path, name: str | None, strict: bool, conll: ConllOptions) -> Corpus:
    return read_iitb(path, name=name, strict=strict)


def _read_microposts(path: Path, name: str | None, strict: bool, conll: ConllOptions) -> Corpus:
    return read_microposts2014(path, name=name, strict=strict)


def _read_conlleval(path: Path, name: str | None, strict: bool, conll: ConllOptions) -> Corpus:
    # the gold side of a conlleval file (token ... gold pred): the next-to-last column
    return read_conll(path, scheme=conll.scheme, mode=conll.mode, suffix=conll.suffix, name=name, strict=strict,
                      tag_column=-2)


def _read_jsonl(path: Path, name: str | None, strict: bool, conll: ConllOptions) -> Corpus:
    return read_jsonl(path, name=name, strict=strict)


def _stream_jsonl(path: Path, on_document: Callable[[Document], None], strict: bool) -> Corpus:
    return stream_jsonl(path, on_document, strict=strict)


def _read_conll(path: Path, name: str | None, strict: bool, conll: ConllOptions) -> Corpus:
    return read_conll(path, scheme=conll.scheme, mode=conll.mode, suffix=conll.suffix, name=name, strict=strict,
                      tag_column=conll.tag_column)


def _write_nif(corpus: Corpus, fh: IO[str], conll: ConllOptions) -> None:
    write_nif(corpus, fh, syntax="turtle")


def _write_nt(corpus: Corpus, fh: IO[str], conll: ConllOptions) -> None:
    write_nif(corpus, fh, syntax="ntriples")


def _write_jsonl(corpus: Corpus, fh: IO[str], conll: ConllOptions) -> None:
    write_jsonl(corpus, fh)


def _write_conll(corpus: Corpus, fh: IO[str], conll: ConllOptions) -> None:
    write_conll(corpus, fh, scheme=conll.scheme, suffix=conll.suffix, split_punct=conll.split_punct,
                docstart=conll.docstart)


#: Every format (sniffed in the order of :data:`_SNIFF_ORDER`).
FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("nif", "NIF Turtle", (".ttl", ".turtle", ".nif"), ("ttl", "turtle"), _is_rdf, _read_nif, _write_nif,
           read_lenient=_read_nif_lenient, stream=_stream_nif),
    Format("nt", "NIF N-Triples", (".nt", ".ntriples"), ("ntriples", "n-triples"), None, _read_nt, _write_nt,
           read_lenient=_read_nt_lenient, stream=_stream_nt),
    Format("jsonl", "JSON Lines", (".jsonl", ".ndjson"), ("ndjson",), _is_json, _read_jsonl, _write_jsonl,
           stream=_stream_jsonl),
    Format("conll", "CoNLL columns", (".conll", ".iob", ".iob2", ".bio"), (), _is_conll, _read_conll, _write_conll,
           carries_uris=False),
    Format("aida", "AIDA/CoNLL-YAGO TSV", (".aida",), ("aida-yago2", "conll-yago"), _is_aida, _read_aida),
    Format("elevant", "ELEVANT benchmark JSONL", (".benchmark.jsonl",), (), _is_elevant, _read_elevant),
    Format("wikipedia-xml", "Wikipedia-datasets XML (MSNBC, ACE2004, AQUAINT)", (), ("msnbc", "ace2004", "aquaint"),
           looks_like_wikipedia_xml, _read_wikixml, sniff_folder=is_wikipedia_xml_folder),
    Format("iitb", "IITB (CSAW) XML", (), ("csaw",), looks_like_iitb, _read_iitb, sniff_folder=is_iitb_folder),
    Format("microposts2014", "Microposts 2014 NEEL TSV", (), ("neel2014",), looks_like_microposts2014,
           _read_microposts),
    Format("conlleval", "conlleval file (token ... gold pred)", (), (), None, _read_conlleval, carries_uris=False),
)}
#: Content sniffing order: the specific layouts before the general ones they resemble (the XML
#: datasets start with "<" as Turtle may; a Microposts line has tab-separated columns as CoNLL has).
_SNIFF_ORDER = ("elevant", "jsonl", "iitb", "wikipedia-xml", "nif", "microposts2014", "aida", "conll")
_BY_NAME = {alias: f for f in FORMATS.values() for alias in (f.name, *f.aliases)}
_BY_EXTENSION = {ext: f for f in FORMATS.values() for ext in f.extensions}


def uri_formats() -> list[str]:
    """The names of the writable formats that carry entity URIs (what ``bengal generate`` may write)."""
    return [f.name for f in FORMATS.values() if f.carries_uris and f.write is not None]


def _choices() -> str:
    return ", ".join(FORMATS)


def _extension_choices() -> str:
    """``.ttl (NIF Turtle), .nt (NIF N-Triples), .jsonl (JSON Lines) or .conll (CoNLL columns)``."""
    named = [f"{f.extensions[0]} ({f.label})" for f in FORMATS.values() if f.write is not None]
    return ", ".join(named[:-1]) + " or " + named[-1]


def get_format(name: str) -> Format:
    """The :class:`Format` called ``name`` or one of its aliases (case-insensitive).

    Raises:
        UnknownOptionError: an unknown name (the message lists the formats).
    """
    fmt = _BY_NAME.get(name.lower())
    if fmt is None:
        raise UnknownOptionError(f"unknown corpus format {name!r} (expected one of {_choices()})")
    return fmt


def _from_extension(path: str | os.PathLike[str]) -> Format | None:
    name = Path(path).name.lower()
    if name.endswith(".gz"):
        name = name[:-3]
    for ext in sorted(_BY_EXTENSION, key=len, reverse=True):  # ".benchmark.jsonl" before ".jsonl"
        if ext.count(".") > 1 and name.endswith(ext):
            return _BY_EXTENSION[ext]
    return _BY_EXTENSION.get(Path(name).suffix)


def _aida_splits() -> tuple[str, ...]:
    """:data:`bengal.io.aida.AIDA_SPLITS` (the AIDA reader is imported only for a ``FILE:split`` path)."""
    return tuple(importlib.import_module("bengal.io.aida").AIDA_SPLITS)


def _split_path(path: str | os.PathLike[str]) -> tuple[str | os.PathLike[str], str | None]:
    """``("eng.tsv", "testb")`` for ``"eng.tsv:testb"`` when no file of the full name exists."""
    s = os.fspath(path)
    if ":" in s and not os.path.exists(s) and s.endswith(tuple(":" + x for x in _aida_splits())):
        head, _, split = s.rpartition(":")
        return head, split
    return path, None


def _sniff(path: str | os.PathLike[str]) -> Format | None:
    try:
        with open(path, "rb") as raw:
            head = raw.read(2)
            raw.seek(0)
            fh = gzip.GzipFile(fileobj=raw, mode="rb") if head == b"\x1f\x8b" else raw
            chunk = fh.read(65536)
    except (OSError, EOFError, gzip.BadGzipFile):
        return None
    first = b""
    for line in io.BytesIO(chunk):
        s = line.lstrip(b"\xef\xbb\xbf").strip()
        if s and not s.startswith(b"#"):  # skip blank lines and Turtle / N-Triples comments
            first = s
            break
    for name in _SNIFF_ORDER:
        sniff = FORMATS[name].sniff
        if sniff is not None and sniff(first, chunk):
            return FORMATS[name]
    return None


def _sniff_folder(path: Path) -> Format | None:
    for f in FORMATS.values():
        if f.sniff_folder is not None and f.sniff_folder(path):
            return f
    return None


def _detect(path: str | os.PathLike[str]) -> tuple[Format, bool]:
    """``(format, by content)`` of a resolved path (a shipped corpus's own format counts as named)."""
    path, shipped, _ = resolve_corpus(path)
    if shipped:
        return FORMATS[shipped], False
    if os.path.isdir(path):
        fmt = _sniff_folder(Path(path))
        if fmt is None:
            folders = ", ".join(f.name for f in FORMATS.values() if f.sniff_folder)
            raise InputError(f"a folder that holds no corpus bengal reads (the folder formats: {folders})",
                             source=os.fspath(path))
        return fmt, True
    fmt = _from_extension(path)
    if fmt is not None:
        # ".jsonl" names bengal's JSONL and ELEVANT's benchmark JSONL alike: the content tells them apart
        if fmt.name == "jsonl" and os.path.isfile(path) and _sniff(path) is FORMATS["elevant"]:
            return FORMATS["elevant"], True
        return fmt, False
    fmt = _sniff(path) if os.path.isfile(path) else None
    if fmt is None:
        raise InputError(f"cannot tell the corpus format from the file name or its content; give one of {_choices()}",
                         source=os.fspath(path))
    return fmt, True


def detect_format(path: str | os.PathLike[str]) -> str:
    """The format name of ``path``: a shipped corpus's own, else from the extension, else from the
    content (of a folder: its files, :attr:`Format.sniff_folder`).

    Raises:
        InputError: when neither tells.
    """
    path, _ = _split_path(path)
    return _detect(path)[0].name


def output_format(path: str | os.PathLike[str], format: str | None = None) -> str:
    """The format name to write ``path`` in: ``format`` if given, else from the extension.

    Raises:
        UsageError: an unknown format, an extension that names no format (and no ``format``), or a
            ``format`` that contradicts a known extension (a JSONL file named ``.ttl`` would be
            unreadable as what it claims to be).
    """
    by_extension = _from_extension(path)
    if format:
        fmt = get_format(format)
        if by_extension is not None and by_extension is not fmt:
            raise UsageError(f"--format {format} contradicts the extension of {os.fspath(path)} "
                             f"({by_extension.name}); change one of them")
        if fmt.write is None:
            raise UsageError(f"bengal reads {fmt.label} but does not write it; write one of "
                             f"{_extension_choices()}")
        return fmt.name
    if by_extension is not None and by_extension.write is None:
        raise UsageError(f"{os.fspath(path)}: bengal reads {by_extension.label} but does not write it; use "
                         f"{_extension_choices()}, or --format")
    if by_extension is None:
        raise UsageError(f"cannot tell the output format from the extension of {os.fspath(path)}: "
                         f"use {_extension_choices()}, optionally .gz, or --format")
    return by_extension.name


def read_corpus(path: str | os.PathLike[str], format: str | None = None, *, strict: bool = False,
                name: str | None = None, conll: ConllOptions | None = None, lenient: bool = False) -> Corpus:
    """Read a corpus file.

    Args:
        path: the file (``.gz`` allowed, recognised by its content), or the name of a shipped
            corpus (``"conllpp"``: the CoNLL++ test set, read as CoNLL columns, IOB2). An AIDA file
            may carry its split as a suffix, ``aida.tsv:testb`` (when no file has that full name).
        format: a name of :data:`FORMATS` (or an alias); None = :func:`detect_format`.
        strict: turn reader warnings into :class:`~bengal.errors.InputError`.
        name: the corpus name (default: the file name without extensions).
        conll: how CoNLL tags are read (:class:`ConllOptions`).
        lenient: read with the format's lenient reader where it has one (NIF: IRIs holding white
            space are repaired, each a ``repaired_iri`` warning; :mod:`bengal.io.lenient`); other
            formats read as usual.

    Raises:
        InputError: unknown format, unreadable or broken file; for a file whose format was told
            by its content, the message starts ``looks like <format>, but``.
    """
    path, split = _split_path(path)
    options = conll or ConllOptions()
    if split is not None:
        options = replace(options, split=split)
    path, _, shipped_name = resolve_corpus(path)
    name = name or shipped_name
    by_content = False
    if format:
        fmt = _BY_NAME.get(format.lower())
        if fmt is None:
            raise InputError(f"unknown corpus format {format!r} (expected one of {_choices()})", source=os.fspath(path))
    else:
        fmt, by_content = _detect(path)
    if options.split is not None and fmt.name != "aida":
        raise InputError(f"a split ({options.split}) is only read from AIDA/CoNLL-YAGO TSV, not {fmt.label}",
                         source=os.fspath(path))
    reader = fmt.read_lenient if lenient and fmt.read_lenient is not None else fmt.read
    assert reader is not None
    try:
        return reader(path, name, strict, options)
    except InputError as err:
        if not by_content or type(err) is not InputError:
            raise
        raise InputError(f"looks like {fmt.label}, but {err.detail}", source=err.source, line=err.line,
                         column=err.column) from None


def stream_corpus(path: str | os.PathLike[str], on_document: Callable[[Document], None], format: str | None = None,
                  *, strict: bool = False) -> Corpus:
    """Read a corpus file as :func:`read_corpus` does (without a name, split, shipped corpus or lenient
    reading), handing each document to ``on_document`` as soon as it is read and keeping none.

    Args:
        path: a plain or gzipped file.
        on_document: called with each document, in the order of :func:`read_corpus`'s corpus.
        format: a name of :data:`FORMATS` (or an alias); None = :func:`detect_format`.
        strict: as :func:`read_corpus`.

    Returns:
        the corpus without its documents: name, metadata, warnings and sameAs links equal to
        :func:`read_corpus`'s.

    Raises:
        NotStreamable: the format has no stream reader (:attr:`Format.stream`: NIF Turtle,
            N-Triples and JSON Lines have one), ``path`` is no file, or the reader cannot go on (its docstring says
            when; every error of the file is one): read the file with :func:`read_corpus` instead,
            which gives its corpus or its error, and drop the documents handed on.
    """
    fmt = _BY_NAME.get(format.lower()) if format else None
    if format and fmt is None:
        raise NotStreamable
    try:
        if not Path(path).is_file():
            raise NotStreamable
        if fmt is None:
            fmt, _ = _detect(path)
    except (InputError, OSError):  # read_corpus says what is wrong
        raise NotStreamable from None
    if fmt.stream is None:
        raise NotStreamable
    return fmt.stream(Path(path), on_document, strict)


def stream_format(format: str | None) -> str:
    """The format name to write a stream (stdout, ``-o -``) in, which has no extension to tell it.

    Raises:
        UsageError: ``format`` is None, or as :func:`output_format`.
    """
    if format is None:
        writable = ", ".join(f.name for f in FORMATS.values() if f.write is not None)
        raise UsageError(f"a corpus written to stdout (-o -) needs --format (one of {writable})")
    return output_format("", format)


def write_corpus(corpus: Corpus, path: str | os.PathLike[str] | IO[str], format: str | None = None, *,
                 conll: ConllOptions | None = None) -> None:
    """Write ``corpus`` to ``path`` atomically and deterministically.

    Args:
        corpus: the corpus.
        path: the target; a name ending in ``.gz`` is gzip-compressed. Or an open text stream
            (``sys.stdout`` for ``-o -``), which needs ``format`` and gets the whole text in one
            write once the writer has finished (a writer's refusal writes nothing).
        format: a name of :data:`FORMATS`; None = from the extension.
        conll: how CoNLL columns are written (:class:`ConllOptions`).

    Raises:
        UsageError: as :func:`output_format`; a stream without ``format``.
        InputError: a URI NIF cannot carry, a mention CoNLL cannot carry.
        OSError: the folder is missing or not writable.

    On any error nothing is left behind: neither a partial target nor a temporary file (an
    existing target keeps its old content).
    """
    options = conll or ConllOptions()
    if not isinstance(path, (str, os.PathLike)):
        fmt = FORMATS[stream_format(format)]
        assert fmt.write is not None
        text = io.StringIO()
        fmt.write(corpus, text, options)
        path.write(text.getvalue())
        return
    fmt = FORMATS[output_format(path, format)]
    assert fmt.write is not None
    if os.fspath(path).lower().endswith(".gz"):
        with atomic_write(path, "wb") as raw:
            with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz:
                with io.TextIOWrapper(gz, encoding="utf-8", newline="\n") as fh:
                    fmt.write(corpus, fh, options)
                    fh.flush()
    else:
        with atomic_write(path, "w") as fh:
            fmt.write(corpus, fh, options)
