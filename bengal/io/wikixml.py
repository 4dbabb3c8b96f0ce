"""The "Wikipedia datasets" XML of MSNBC, ACE2004 and AQUAINT, and the IITB (CSAW) XML, as GERBIL reads them.

MSNBC / ACE2004 / AQUAINT (GERBIL's ``MSNBCDataset``): a folder of annotation files, one
``<ReferenceProblem>`` per document, naming its raw text file (``<ReferenceFileName>``) in a sibling
``RawTexts*`` folder; each ``<ReferenceInstance>`` has ``SurfaceForm``, ``Offset``, ``Length`` (code
points of the UTF-8 text) and ``ChosenAnnotation`` (a Wikipedia URL, or ``*null*`` = NIL).
IITB (GERBIL's ``IITBDataset``): one ``<iitb.CSAW.entityAnnotations>`` file of ``<annotation>``
records (``docName, userId, wikiName, offset, length``; an empty ``wikiName`` is NIL) over the
files of a sibling ``crawledDocs`` folder; of several annotations of one span the first is kept,
as GERBIL's set does. Titles and URLs become DBpedia IRIs by
:func:`bengal.io.wikititles.wikipedia_to_dbpedia`. Documents are ``urn:<dataset>:<file name>``.
The layout, every warning and error: ``docs/formats/wikipedia-xml.md``. No DTD is read (no entity
expansion).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import quote
from xml.parsers import expat

from bengal.errors import InputError
from bengal.io._source import FlawLog, check_duplicates
from bengal.io.wikititles import wikipedia_to_dbpedia
from bengal.model import Corpus, Document, Mention
from bengal.rdf import NIL_SPELLINGS

__all__ = ["read_wikipedia_xml", "read_iitb", "looks_like_wikipedia_xml", "looks_like_iitb",
           "is_wikipedia_xml_folder", "is_iitb_folder", "DATASET_NAMES"]

#: Folder names of GERBIL's downloads → the dataset name in document URIs (``urn:msnbc:…``).
DATASET_NAMES = {"msnbc": "msnbc", "ace2004_coref_turking": "ace2004", "ace2004": "ace2004", "aquaint": "aquaint",
                 "iitb": "iitb"}
#: The text folder GERBIL's configuration names for each dataset, tried first (then any single ``RawTexts*``).
_TEXT_FOLDERS = ("RawTextsSimpleChars_utf8", "RawTextsNoTranscripts", "RawTexts")
_PROBLEM = b"<ReferenceProblem"
_IITB = b"<iitb.CSAW.entityAnnotations"
_MSNBC_FIELDS = {"SurfaceForm", "Offset", "Length", "ChosenAnnotation"}
_MSNBC_IGNORED = {"NumAnnotators", "AnnotatorId", "Annotation"}
_IITB_FIELDS = {"docName", "userId", "wikiName", "offset", "length"}


def _root_is(chunk: bytes, root: bytes) -> bool:
    """Whether an XML text starts with ``root`` (after an XML declaration, a DOCTYPE or a BOM)."""
    head = chunk.lstrip(b"\xef\xbb\xbf \t\r\n")
    if not head.startswith(b"<"):
        return False
    if head.startswith((b"<?xml", b"<!")):
        return root in head[:1024]
    return head.startswith(root)


def looks_like_wikipedia_xml(first: bytes, chunk: bytes) -> bool:
    """Whether a file is one MSNBC-style annotation file (its root element is ``<ReferenceProblem>``)."""
    return _root_is(chunk, _PROBLEM)


def looks_like_iitb(first: bytes, chunk: bytes) -> bool:
    """Whether a file is the IITB annotation file (root element ``<iitb.CSAW.entityAnnotations>``)."""
    return _root_is(chunk, _IITB)


def _starts_with(path: Path, marker: bytes) -> bool:
    try:
        with open(path, "rb") as fh:
            head = fh.read(512)
    except OSError:
        return False
    return (looks_like_wikipedia_xml if marker == _PROBLEM else looks_like_iitb)(b"", head)


def _problem_folders(folder: Path, depth: int = 3) -> list[Path]:
    """The annotation folders at or below ``folder`` (``depth`` levels): folders whose first visible
    file starts with ``<ReferenceProblem>`` (GERBIL's whole ``datasets`` folder finds MSNBC's and
    ACE2004's, which :func:`read_wikipedia_xml` refuses as ambiguous)."""
    files = sorted(f for f in folder.iterdir() if f.is_file() and not f.name.startswith("."))
    if files and _starts_with(files[0], _PROBLEM):
        return [folder]
    if depth == 0:
        return []
    return [found for sub in sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith("."))
            for found in _problem_folders(sub, depth - 1)]


def is_wikipedia_xml_folder(path: Path) -> bool:
    """Whether ``path`` is a folder holding MSNBC-style annotation files (itself or up to three levels down)."""
    try:
        return path.is_dir() and bool(_problem_folders(path))
    except OSError:
        return False


def is_iitb_folder(path: Path) -> bool:
    """Whether ``path`` is a folder holding the IITB annotation file."""
    try:
        return path.is_dir() and _iitb_file(path) is not None
    except OSError:
        return False


def _iitb_file(folder: Path) -> Path | None:
    for f in sorted(folder.iterdir()):
        if f.is_file() and f.suffix.lower() == ".xml" and _starts_with(f, _IITB):
            return f
    return None


def _dataset_name(folder: Path) -> str:
    for p in (folder, *folder.parents):
        if p.name.lower() in DATASET_NAMES:
            return DATASET_NAMES[p.name.lower()]
    return quote(folder.parent.name.lower() or "wikixml", safe="")


def _text_folder(annotations: Path, texts: str | os.PathLike[str] | None, src: str) -> Path:
    if texts is not None:
        t = Path(texts)
        if not t.is_dir():
            raise InputError(f"the text folder {os.fspath(t)} does not exist", source=src)
        return t
    parent = annotations.parent
    for name in _TEXT_FOLDERS:
        if (parent / name).is_dir():
            return parent / name
    found = sorted(p for p in parent.iterdir() if p.is_dir() and p.name.startswith("RawTexts"))
    if len(found) == 1:
        return found[0]
    what = "no RawTexts* folder" if not found else f"several ({', '.join(p.name for p in found)})"
    raise InputError(f"the raw texts of {annotations.name} are looked for in a sibling RawTexts* folder: {what}; "
                     "give the folder (read_wikipedia_xml(..., texts=FOLDER))", source=src)


class _Records:
    """One XML file parsed with expat into records: ``(line, {field: (text, line)})`` per ``record``
    element, and the top-level fields outside records. DTDs (and so entity expansion) are refused."""

    def __init__(self, path: Path, root: str, record: str, fields: set[str], ignored: set[str],
                 top: set[str], log: FlawLog) -> None:
        self.records: list[tuple[int, dict[str, tuple[str, int]]]] = []
        self.top: dict[str, tuple[str, int]] = {}
        src = os.fspath(path)
        try:
            data = path.read_bytes()
        except OSError as err:
            raise InputError(f"cannot read the file: {err.strerror or err}", source=src) from None
        parser = expat.ParserCreate()
        stack: list[str] = []
        buf: list[str] = []
        current: dict[str, tuple[str, int]] | None = None
        field_line = 0

        def refuse(*_: Any) -> None:
            raise InputError("the file declares a DTD; bengal reads no DTD (no entity expansion)", source=src,
                             line=parser.CurrentLineNumber)

        def start(tag: str, attrs: dict[str, str]) -> None:
            nonlocal current, field_line
            if not stack and tag != root:
                raise InputError(f"the root element is <{tag}>, not <{root}>", source=src,
                                 line=parser.CurrentLineNumber)
            stack.append(tag)
            if tag == record:
                if current is not None:
                    raise InputError(f"<{record}> inside <{record}>", source=src, line=parser.CurrentLineNumber)
                current = {}
                self.records.append((parser.CurrentLineNumber, current))
            elif tag in fields or tag in top:
                buf.clear()
                field_line = parser.CurrentLineNumber
            elif tag != root and tag not in ignored:
                log.add("unknown_element", f"{src}:{parser.CurrentLineNumber}",
                        f"line {parser.CurrentLineNumber}: unknown element <{tag}>; it is ignored",
                        line=parser.CurrentLineNumber)

        def end(tag: str) -> None:
            nonlocal current
            stack.pop()
            if tag == record:
                current = None
            elif tag in fields and current is not None:
                if tag in current:
                    raise InputError(f"<{tag}> given twice in one <{record}>", source=src, line=field_line)
                current[tag] = ("".join(buf).strip(), field_line)
            elif tag in top and current is None:
                self.top[tag] = ("".join(buf).strip(), field_line)
            elif tag in fields:
                raise InputError(f"<{tag}> outside a <{record}>", source=src, line=field_line)

        parser.StartElementHandler = start
        parser.EndElementHandler = end
        parser.CharacterDataHandler = buf.append
        parser.StartDoctypeDeclHandler = refuse
        parser.EntityDeclHandler = refuse
        try:
            parser.Parse(data, True)
        except expat.ExpatError as err:
            msg = expat.errors.messages.get(err.code, str(err)) if err.code else str(err)
            raise InputError(f"malformed XML: {msg}", source=src, line=err.lineno, column=err.offset + 1) from None


def _int(rec: dict[str, tuple[str, int]], key: str, src: str, line: int) -> int:
    if key not in rec:
        raise InputError(f"an annotation without <{key}>", source=src, line=line)
    value, at = rec[key]
    try:
        return int(value)
    except ValueError:
        raise InputError(f"<{key}> is {value!r}, not an integer", source=src, line=at) from None


def _read_text(path: Path, src: str, line: int) -> str:
    try:
        data = path.read_bytes()
    except OSError as err:
        raise InputError(f"cannot read the text file {os.fspath(path)} it names: {err.strerror or err}", source=src,
                         line=line) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputError(f"not UTF-8 text ({err.reason} at byte {err.start})", source=os.fspath(path)) from None


def _span(begin: int, length: int, text: str, src: str, line: int, doc: str) -> tuple[int, int]:
    if begin < 0 or length <= 0 or begin + length > len(text):
        raise InputError(f"offset {begin}, length {length} lies outside the text of {doc} ({len(text)} code points)"
                         " or is empty", source=src, line=line)
    return begin, begin + length


def _target(value: str, src: str, line: int) -> str | None:
    if value.strip() in NIL_SPELLINGS:
        return None
    try:
        target = wikipedia_to_dbpedia(value)
    except UnicodeDecodeError:
        raise InputError(f"{value!r} has percent escapes that are not UTF-8", source=src, line=line) from None
    if target is None:
        raise InputError(f"{value!r} is neither an English Wikipedia URL nor a title", source=src, line=line)
    return target


def _nested_same_entity(uri: str, entries: list[tuple[Mention, str]], log: FlawLog) -> None:
    """Warn ``nested_same_entity`` for a mention inside a longer one with a shared URI (GERBIL's
    ``MSNBCDataset.mergeSubNamedEntity`` drops the inner one; bengal keeps both)."""
    for m, where in entries:
        for o, where_o in entries:
            if (o is not m and o.begin <= m.begin and m.end <= o.end and (o.end - o.begin) > (m.end - m.begin)
                    and m.uris & o.uris):
                log.add("nested_same_entity", where,
                        f"document {uri}: {where} [{m.begin},{m.end}) {m.surface!r} lies inside {where_o} "
                        f"[{o.begin},{o.end}) {o.surface!r} with the same entity; both are kept (GERBIL drops the "
                        "inner one)")
                break


def read_wikipedia_xml(source: str | os.PathLike[str], *, texts: str | os.PathLike[str] | None = None,
                       dataset: str | None = None, name: str | None = None, strict: bool = False) -> Corpus:
    """Read an MSNBC / ACE2004 / AQUAINT dataset in the "Wikipedia datasets" XML (module docstring).

    Args:
        source: the dataset folder (``MSNBC``, ``ACE2004_Coref_Turking``: its annotation folder is
            found up to three levels down), the annotation folder (``Problems``), or one annotation file.
        texts: the raw text folder; default: the annotation folder's sibling ``RawTexts*`` folder
            (GERBIL's choice first: ``RawTextsSimpleChars_utf8``, ``RawTextsNoTranscripts``, ``RawTexts``).
        dataset: the name in document URIs (``urn:<dataset>:<file>``); default from the folder names
            (:data:`DATASET_NAMES`), else the annotation folder's parent's name.
        name: the corpus name (default: the dataset name).
        strict: turn every warning into an :class:`InputError`.

    Returns:
        the corpus, documents in file-name order; offsets are half-open code points of the text file.
        ``metadata``: ``source``, ``format`` (``"wikipedia-xml"``), ``texts`` (the text folder),
        ``texts_without_annotations`` (text files no annotation file names; not read, as in GERBIL).

    Raises:
        InputError: naming the file and line: no annotation folder, no or several text folders,
            malformed XML or a DTD, a missing or non-integer ``Offset``/``Length``, a span outside its
            text, a URL that is not English Wikipedia, a missing text file, a text that is not UTF-8,
            two annotation files naming one text.
    """
    src = os.fspath(source)
    path = Path(source)
    log = FlawLog(src, strict)
    if path.is_file():
        folder, files = path.parent, [path]
    elif path.is_dir():
        found = _problem_folders(path)
        if not found:
            raise InputError("no folder of <ReferenceProblem> annotation files here or three levels down",
                             source=src)
        if len(found) > 1:
            raise InputError(f"several datasets' annotation folders ({', '.join(os.fspath(f) for f in found)}); "
                             "give one dataset's folder", source=src)
        folder = found[0]
        files = []
        for f in sorted(folder.iterdir()):
            if f.name.startswith(".") or not f.is_file():
                log.add("stray_file", os.fspath(f), f"{os.fspath(f)}: a hidden file or folder among the annotation "
                        "files (an editor's leftover?); it is not read")
                continue
            files.append(f)
    else:
        raise InputError("no such file or folder", source=src)
    text_dir = _text_folder(folder, texts, src)
    ds = dataset or _dataset_name(folder)
    documents: list[Document] = []
    named: dict[str, str] = {}
    for f in files:
        fsrc = os.fspath(f)
        parsed = _Records(f, "ReferenceProblem", "ReferenceInstance", _MSNBC_FIELDS, _MSNBC_IGNORED,
                          {"ReferenceFileName"}, log)
        if "ReferenceFileName" not in parsed.top or not parsed.top["ReferenceFileName"][0]:
            raise InputError("no <ReferenceFileName>: the annotation file names no text", source=fsrc)
        text_name, name_line = parsed.top["ReferenceFileName"]
        if text_name in named:
            raise InputError(f"{text_name} is already annotated by {named[text_name]}", source=fsrc, line=name_line)
        named[text_name] = fsrc
        text = _read_text(text_dir / text_name, fsrc, name_line)
        uri = f"urn:{ds}:{quote(text_name, safe='')}"
        entries: list[tuple[Mention, str]] = []
        for line, rec in parsed.records:
            b, e = _span(_int(rec, "Offset", fsrc, line), _int(rec, "Length", fsrc, line), text, fsrc, line, text_name)
            if "ChosenAnnotation" not in rec:
                raise InputError("an annotation without <ChosenAnnotation>", source=fsrc, line=line)
            target = _target(rec["ChosenAnnotation"][0], fsrc, rec["ChosenAnnotation"][1])
            surface = text[b:e]
            given = rec.get("SurfaceForm", (surface, line))[0]
            if given != surface:
                log.add("anchor_mismatch", f"{fsrc}:{line}", f"line {line}: the SurfaceForm {given!r} differs from "
                        f"the text at [{b},{e}) {surface!r}; the offsets are kept", line=line)
            entries.append((Mention(b, e, surface, frozenset([target]) if target else frozenset()), f"{fsrc}:{line}"))
        check_duplicates(uri, entries, log)
        _nested_same_entity(uri, entries, log)
        documents.append(Document(uri, text, tuple(m for m, _ in entries)))
    unread = sum(1 for t in text_dir.iterdir() if t.is_file() and t.name not in named and not t.name.startswith("."))
    return Corpus(tuple(documents), name=name or ds,
                  metadata={"source": src, "format": "wikipedia-xml", "texts": os.fspath(text_dir),
                            "texts_without_annotations": unread}, warnings=tuple(log.warnings))


def read_iitb(source: str | os.PathLike[str], *, texts: str | os.PathLike[str] | None = None,
              name: str | None = None, strict: bool = False) -> Corpus:
    """Read the IITB dataset (``CSAW_Annotations.xml`` over ``crawledDocs``; module docstring).

    Args:
        source: the annotation file, or the folder holding it.
        texts: the folder of the documents; default: ``crawledDocs`` beside the annotation file.
        name: the corpus name (default ``iitb``).
        strict: turn every warning into an :class:`InputError`.

    Returns:
        the corpus, documents in the order the annotation file first names them. Of annotations of
        one span (``docName, offset, length``) the first is kept, as GERBIL's ``IITBDataset``:
        the others are counted ``duplicate_annotation`` (same title) or ``conflicting_annotation``
        (another title). ``metadata``: ``source``, ``format`` (``"iitb"``), ``texts``,
        ``texts_without_annotations``.

    Raises:
        InputError: naming the file and line: malformed XML or a DTD, an annotation without
            ``docName``/``offset``/``length``, a non-integer offset or length, a span outside its text,
            a missing text file, a text that is not UTF-8.
    """
    src = os.fspath(source)
    path = Path(source)
    if path.is_dir():
        found = _iitb_file(path)
        if found is None:
            raise InputError("no IITB annotation file (<iitb.CSAW.entityAnnotations>) in this folder", source=src)
        path = found
    if not path.is_file():
        raise InputError("no such file or folder", source=src)
    fsrc = os.fspath(path)
    log = FlawLog(fsrc, strict)
    text_dir = Path(texts) if texts is not None else path.parent / "crawledDocs"
    if not text_dir.is_dir():
        raise InputError(f"the documents are looked for in {os.fspath(text_dir)}, which is not a folder", source=fsrc)
    parsed = _Records(path, "iitb.CSAW.entityAnnotations", "annotation", _IITB_FIELDS, set(), set(), log)
    by_doc: dict[str, list[tuple[int, dict[str, tuple[str, int]]]]] = {}
    for line, rec in parsed.records:
        doc = rec.get("docName", ("", line))[0]
        if not doc:
            raise InputError("an annotation without <docName>", source=fsrc, line=line)
        by_doc.setdefault(doc, []).append((line, rec))
    documents = []
    for doc, recs in by_doc.items():
        text = _read_text(text_dir / doc, fsrc, recs[0][0])
        uri = f"urn:iitb:{quote(doc, safe='')}"
        kept: dict[tuple[int, int], tuple[int, str, str]] = {}
        mentions = []
        for line, rec in recs:
            b, e = _span(_int(rec, "offset", fsrc, line), _int(rec, "length", fsrc, line), text, fsrc, line, doc)
            title = rec.get("wikiName", ("", line))[0]
            user = rec.get("userId", ("?", line))[0]
            if (b, e) in kept:
                first_line, first_title, first_user = kept[(b, e)]
                same = first_title == title
                log.add("duplicate_annotation" if same else "conflicting_annotation", f"{fsrc}:{line}",
                        f"line {line}: {doc} [{b},{e}) {text[b:e]!r} is annotated again ({user}: {title or 'NIL'!r}) "
                        f"after line {first_line} ({first_user}: {first_title or 'NIL'!r}); the first is kept, as "
                        "GERBIL does", line=line)
                continue
            kept[(b, e)] = (line, title, user)
            target = _target(title, fsrc, line)
            _boundary(text, b, e, doc, fsrc, line, log)
            mentions.append(Mention(b, e, text[b:e], frozenset([target]) if target else frozenset()))
        documents.append(Document(uri, text, tuple(mentions)))
    unread = sum(1 for t in text_dir.iterdir() if t.is_file() and t.name not in by_doc)
    return Corpus(tuple(documents), name=name or "iitb",
                  metadata={"source": fsrc, "format": "iitb", "texts": os.fspath(text_dir),
                            "texts_without_annotations": unread}, warnings=tuple(log.warnings))


def _boundary(text: str, b: int, e: int, doc: str, src: str, line: int, log: FlawLog) -> None:
    """Warn ``word_boundary`` where GERBIL's IITB reader logs one: a letter just before or after the
    span, or a span that starts or ends with white space."""
    if (b > 0 and text[b - 1].isalpha()) or (e < len(text) and text[e].isalpha()) or text[b].isspace() \
            or text[e - 1].isspace():
        log.add("word_boundary", f"{src}:{line}", f"line {line}: {doc} [{b},{e}) {text[b:e]!r} starts or ends "
                "inside a word or with white space; it is kept", line=line)
