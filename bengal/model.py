"""The one data model: :class:`Mention`, :class:`Document`, :class:`Corpus`.

Every reader turns its format into these three value types and every writer
turns them back; the generator, the scorer and the reports see nothing else.

Offsets are half-open intervals of **Unicode code points** ``[begin, end)``,
exactly as Python ``str`` slicing and NIF's RFC 5147 ``#char=b,e`` fragments
count them. A mention's ``surface`` is always ``text[begin:end]`` of its
document: it is derived from the text, checked when the document is built,
and never taken from the input (an input anchor that differs is a reader
warning, see :mod:`bengal.io`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping, Sequence

__all__ = ["Mention", "Document", "Corpus", "CorpusWarning", "GOLD", "PREDICTION"]

#: The two sides of a scored pair, as warnings and errors name them.
GOLD = "gold"
PREDICTION = "prediction"


@dataclass(frozen=True, slots=True)
class Mention:
    """One annotation: a span of its document's text with its KB URIs.

    Attributes:
        begin: first code point of the span (inclusive, >= 0).
        end: code point after the span (exclusive, > begin).
        surface: ``text[begin:end]`` of the document the mention belongs to;
            :class:`Document` checks it.
        uris: the entity URIs; an empty set means NIL (an emerging entity,
            not in the KB). Several URIs are alternatives: a match on any one
            counts (GERBIL's reading of several ``itsrdf:taIdentRef``).
        type: optional type label, e.g. ``"PER"`` or a DBpedia class IRI.
        score: optional system confidence.

    Raises:
        ValueError: when ``begin < 0``, ``end <= begin`` or ``surface`` does not
            have ``end - begin`` code points.
    """

    begin: int
    end: int
    surface: str
    uris: frozenset[str] = frozenset()
    type: str | None = None
    score: float | None = None

    def __post_init__(self) -> None:
        if self.begin < 0 or self.end <= self.begin:
            raise ValueError(f"mention span [{self.begin},{self.end}) is empty or negative")
        if len(self.surface) != self.end - self.begin:
            raise ValueError(
                f"mention [{self.begin},{self.end}) has a surface of {len(self.surface)} code points, "
                f"expected {self.end - self.begin}"
            )
        if not isinstance(self.uris, frozenset):
            object.__setattr__(self, "uris", frozenset(self.uris))

    @classmethod
    def in_text(
        cls,
        text: str,
        begin: int,
        end: int,
        uris: Iterable[str] = (),
        type: str | None = None,
        score: float | None = None,
    ) -> "Mention":
        """Build the mention ``[begin, end)`` of ``text``, taking the surface from the text.

        Raises:
            ValueError: when the span is empty or lies outside ``text``.
        """
        if not 0 <= begin < end <= len(text):
            raise ValueError(f"mention [{begin},{end}) lies outside a text of {len(text)} code points")
        return cls(begin, end, text[begin:end], frozenset(uris), type, score)

    @property
    def span(self) -> tuple[int, int]:
        """``(begin, end)``."""
        return (self.begin, self.end)

    @property
    def is_nil(self) -> bool:
        """True when the mention links to no KB entity (NIL / emerging entity)."""
        return not self.uris

    def __reduce__(self) -> tuple:
        # pickled as its fields, unpickled by unchecked_mention (corpora cross processes in
        # bengal.workflows.score_files and in generate --jobs)
        return (unchecked_mention, (self.begin, self.end, self.surface, self.uris, self.type, self.score))

    def sort_key(self) -> tuple:
        """Total order used inside a document: begin, end, then URIs, type, score."""
        return (
            self.begin,
            self.end,
            tuple(sorted(self.uris)),
            self.type or "",
            -1.0 if self.score is None else self.score,
        )


@dataclass(frozen=True, slots=True)
class Document:
    """A text with its mentions.

    Attributes:
        uri: the document IRI: the NIF context IRI without its ``#char=…``
            fragment (documents of two corpora pair by this URI).
        text: the full text (``nif:isString``).
        mentions: the annotations, sorted by :meth:`Mention.sort_key` on
            construction (input order does not matter).

    Raises:
        ValueError: when a mention lies outside the text or its surface is not
            ``text[begin:end]``.
    """

    uri: str
    text: str
    mentions: tuple[Mention, ...] = ()

    def __post_init__(self) -> None:
        mentions = tuple(self.mentions)
        # readers and the generator give mentions in order: with every (begin, end) after the one
        # before, the order is the sort's (its key begins with them), and the sort is spared
        if not all(a.begin < b.begin or (a.begin == b.begin and a.end < b.end)
                   for a, b in zip(mentions, mentions[1:])):
            mentions = tuple(sorted(mentions, key=Mention.sort_key))
        n = len(self.text)
        for m in mentions:
            if m.end > n:
                raise ValueError(
                    f"document {self.uri}: mention [{m.begin},{m.end}) ends after the text ({n} code points)"
                )
            if self.text[m.begin : m.end] != m.surface:
                raise ValueError(
                    f"document {self.uri}: mention [{m.begin},{m.end}) has surface {m.surface!r} "
                    f"but the text there is {self.text[m.begin:m.end]!r}"
                )
        object.__setattr__(self, "mentions", mentions)

    def __reduce__(self) -> tuple:
        # pickled as its fields, each mention as (begin, end, uris, type, score): the surface is the
        # text's; unpickled by _unpickled_document (a third smaller, and twice as fast to unpickle)
        return (_unpickled_document,
                (self.uri, self.text, tuple((m.begin, m.end, m.uris, m.type, m.score) for m in self.mentions)))


_new_object = object.__new__
_SET_BEGIN, _SET_END, _SET_SURFACE, _SET_URIS, _SET_TYPE, _SET_SCORE = (
    Mention.__dict__[f].__set__ for f in ("begin", "end", "surface", "uris", "type", "score"))
_SET_URI, _SET_TEXT, _SET_MENTIONS = (Document.__dict__[f].__set__ for f in ("uri", "text", "mentions"))


def unchecked_mention(begin: int, end: int, surface: str, uris: frozenset[str], type: str | None,
                      score: float | None) -> Mention:
    """``Mention(begin, end, surface, uris, type, score)`` for values already checked (``0 <= begin < end``,
    ``surface`` the text's ``[begin, end)``, ``uris`` a frozenset): the slots are filled directly, without
    the frozen dataclass's ``__init__`` and ``__post_init__`` (half the constructor's time). Used by the
    NIF reader's fast path and to unpickle (a pickle is trusted input anyway: unpickling runs what it
    names). The object is equal, with the same hash, to the constructor's."""
    m = _new_object(Mention)
    _SET_BEGIN(m, begin)
    _SET_END(m, end)
    _SET_SURFACE(m, surface)
    _SET_URIS(m, uris)
    _SET_TYPE(m, type)
    _SET_SCORE(m, score)
    return m


def _unpickled_document(uri: str, text: str,
                        mentions: tuple[tuple[int, int, frozenset[str], str | None, float | None], ...]) -> Document:
    """The document :meth:`Document.__reduce__` pickled: its mentions were sorted and checked against the
    text when it was made, so they are rebuilt in their order without the checks, each surface
    ``text[begin:end]``."""
    built = []
    for begin, end, uris, mtype, score in mentions:  # unchecked_mention inline: a quarter faster
        m = _new_object(Mention)
        _SET_BEGIN(m, begin)
        _SET_END(m, end)
        _SET_SURFACE(m, text[begin:end])
        _SET_URIS(m, uris)
        _SET_TYPE(m, mtype)
        _SET_SCORE(m, score)
        built.append(m)
    d = _new_object(Document)
    _SET_URI(d, uri)
    _SET_TEXT(d, text)
    _SET_MENTIONS(d, tuple(built))
    return d


@dataclass(frozen=True, slots=True)
class CorpusWarning:
    """A counted flaw of an input corpus that is not fatal: the reader counts it, names where it is,
    and goes on (``strict=True`` makes it an error).

    Attributes:
        code: the flaw's stable name, e.g. ``"anchor_mismatch"``,
            ``"missing_context"``, ``"duplicate_mention"``, ``"missing_document"``.
        where: what carries it: a file, a document URI, a phrase IRI.
        message: one human-readable line.
    """

    code: str
    where: str
    message: str

    def to_json(self) -> dict[str, str]:
        """``{"code": …, "where": …, "message": …}``."""
        return {"code": self.code, "where": self.where, "message": self.message}


@dataclass(frozen=True)
class Corpus:
    """An ordered collection of documents plus metadata.

    Attributes:
        documents: the documents, in corpus order; their URIs are unique.
        name: a short name (file stem, ``conllpp``, …).
        metadata: read-only provenance: source path, format, KB snapshot, generator
            parameters. Never an option of a writer or scorer (those are typed arguments).
        warnings: flaws found while reading (empty for generated corpora).
        same_as: ``(IRI, IRI)`` owl:sameAs links the corpus file carries (OKE links its
            corpus-local entities to DBpedia with them); the scorer adds them to its URI classes.

    Raises:
        ValueError: when two documents share a URI.
    """

    documents: tuple[Document, ...]
    name: str = ""
    metadata: Mapping[str, Any] = field(default_factory=dict)
    warnings: tuple[CorpusWarning, ...] = ()
    same_as: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        docs = tuple(self.documents)
        seen: set[str] = set()
        for d in docs:
            if d.uri in seen:
                raise ValueError(f"corpus {self.name!r}: two documents have the URI {d.uri}")
            seen.add(d.uri)
        object.__setattr__(self, "documents", docs)
        object.__setattr__(self, "warnings", tuple(self.warnings))
        object.__setattr__(self, "same_as", tuple(self.same_as))

    def __len__(self) -> int:
        return len(self.documents)

    def __iter__(self) -> Iterator[Document]:
        return iter(self.documents)

    def by_uri(self) -> dict[str, Document]:
        """``{document URI: Document}``."""
        return {d.uri: d for d in self.documents}

    @property
    def mention_count(self) -> int:
        """Total number of mentions over all documents."""
        return sum(len(d.mentions) for d in self.documents)

    def with_documents(self, documents: Sequence[Document]) -> "Corpus":
        """A copy with other documents and the same name, metadata, warnings and sameAs links."""
        return Corpus(tuple(documents), self.name, dict(self.metadata), self.warnings, self.same_as)
