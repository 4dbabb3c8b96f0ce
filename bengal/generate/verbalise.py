"""Verbalisation: facts → sentences made of pieces → text with exact gold offsets.

A sentence is a list of pieces: plain strings and :class:`Entity` objects. An
entity piece is written as its surface form and becomes a gold mention; its
offsets are taken while the text is built (:func:`realise`), never found by
searching the finished text afterwards (which loses repeated and nested names).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence, Union

from bengal.generate.kbview import Entity, Ontology, local_name
from bengal.generate.lexicon import Lexicon
from bengal.model import Mention

__all__ = ["Piece", "Sentence", "type_sentence", "fact_templates", "fact_sentence", "realise", "sentence_text"]

Piece = Union[str, Entity]


@dataclass(frozen=True)
class Sentence:
    """One planned sentence.

    Attributes:
        pieces: the sentence as plain strings and entity pieces.
        fallback: True when no lexicon entry existed and the property's label was used.
    """

    pieces: tuple[Piece, ...]
    fallback: bool = False

    @property
    def mention_count(self) -> int:
        return sum(1 for p in self.pieces if isinstance(p, Entity))


def class_noun(lex: Lexicon, onto: Ontology, entity: Entity) -> str | None:
    """The noun for the entity's most specific class ("footballer"), or ``None`` if untyped."""
    if not entity.classes:
        return None
    cls = entity.classes[0]
    return lex.class_noun(local_name(cls), onto.class_labels.get(cls))


def type_sentence(lex: Lexicon, onto: Ontology, subject: Entity) -> Sentence | None:
    """"X is a footballer." from the subject's most specific class, or ``None`` if untyped."""
    noun = class_noun(lex, onto, subject)
    if noun is None:
        return None
    template = lex.meta["type_sentence"].replace("{a}", lex.article(noun)).replace("{class}", noun)
    return Sentence(tuple(_fill(lex, lex.parse(template), subject, ())))


def fact_templates(lex: Lexicon, onto: Ontology, prop: str, subject: Entity, n_objects: int) -> tuple[str, ...]:
    """The lexicon's template variants for ``n_objects`` objects of ``prop`` about ``subject``
    (empty when several objects cannot share a sentence)."""
    classes = [local_name(c) for c in subject.classes]
    return lex.templates(local_name(prop), onto.property_labels.get(prop, ""), classes, n_objects)


def fact_sentence(lex: Lexicon, onto: Ontology, prop: str, subject: Entity, objects: Sequence[Entity],
                  describe_subject: bool = False, variant: int = 0) -> Sentence:
    """One sentence for ``subject prop o`` for every ``o`` in ``objects`` (a list when
    there are several; the caller checks :func:`fact_templates` allows it).

    Args:
        describe_subject: write the subject as a description from its class ("the
            footballer") instead of a mention; needs a typed subject.
        variant: which of the template variants to use.

    Raises:
        ValueError: when the lexicon has no list form for several objects, or a
            description is asked for an untyped subject.
    """
    name = local_name(prop)
    variants = fact_templates(lex, onto, prop, subject, len(objects))
    if not variants:
        raise ValueError(f"the lexicon has no list form for {name}")
    template = variants[variant]
    fallback = name not in lex.data["templates"]
    subj: Piece = subject
    if describe_subject:
        noun = class_noun(lex, onto, subject)
        if noun is None:
            raise ValueError(f"{subject.uri} has no class to describe it by")
        subj = lex.meta["description"].replace("{class}", noun)
    pieces = _fill(lex, lex.parse(template), subj, objects)
    return Sentence(tuple(pieces), fallback)


def _fill(lex: Lexicon, parts: list[str], subject: Piece, objects: Sequence[Entity]) -> list[Piece]:
    """Template parts → pieces: slots filled, names that take "the" get it, the first
    letter capitalised, no double full stop after a name ending in one."""
    pieces: list[Piece] = []

    def add_entity(entity: Entity) -> None:
        before = pieces[-1] if pieces and isinstance(pieces[-1], str) else ""
        if lex.takes_definite_article(entity.surface) and not re.search(r"(^|\s)the\s$", before, re.I):
            pieces.append("the ")
        pieces.append(entity)

    for part in parts:
        if part == "{s}":
            if isinstance(subject, Entity):
                add_entity(subject)
            else:
                pieces.append(subject)
        elif part == "{o}":
            for sep, obj in zip(lex.join_list(len(objects)), objects):
                if sep:
                    pieces.append(sep)
                add_entity(obj)
        else:
            pieces.append(part)
    if pieces and isinstance(pieces[0], str):
        pieces[0] = pieces[0][:1].upper() + pieces[0][1:]
    # "Washington, D.C." at the end of a sentence takes no second full stop.
    for i in range(1, len(pieces)):
        prev, cur = pieces[i - 1], pieces[i]
        if isinstance(cur, str) and cur.startswith(".") and isinstance(prev, Entity) and prev.surface.endswith("."):
            pieces[i] = cur[1:]
    return [p for p in pieces if not (isinstance(p, str) and p == "")]


def sentence_text(sentence: Sentence) -> str:
    """The sentence's text (entities written as their surface forms)."""
    return "".join(p if isinstance(p, str) else p.surface for p in sentence.pieces)


def realise(sentences: Sequence[Sentence]) -> tuple[str, list[Mention]]:
    """Join sentences with single spaces into a text and its gold mentions.

    Returns:
        ``(text, mentions)``: each entity piece becomes a :class:`Mention` with
        half-open code-point offsets counted while the text is built, the entity
        URI as its only URI and its most specific class as its type.
    """
    out: list[str] = []
    mentions: list[Mention] = []
    pos = 0
    for k, sentence in enumerate(sentences):
        if k:
            out.append(" ")
            pos += 1
        for piece in sentence.pieces:
            if isinstance(piece, str):
                out.append(piece)
                pos += len(piece)
            else:
                surface = piece.surface
                mentions.append(Mention(pos, pos + len(surface), surface, frozenset((piece.uri,)), piece.type))
                out.append(surface)
                pos += len(surface)
    return "".join(out), mentions
