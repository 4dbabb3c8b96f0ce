"""Realisation: the morphology and orthography rules applied to a finished sentence's pieces.

:func:`realise_pieces` is the one call point through which every microplanned
sentence passes before its text is joined (:func:`bengal.generate.verbalise.realise`).
It is the identity here; the rules (a/an by sound, plurals, possessives, capitalisation
of concepts) are issue 11's realisation stage and plug in at this point.
"""

from __future__ import annotations

from typing import Sequence

from bengal.generate.lexicon import Lexicon
from bengal.generate.verbalise import Piece

__all__ = ["realise_pieces"]


def realise_pieces(lex: Lexicon, pieces: Sequence[Piece]) -> tuple[Piece, ...]:
    """The sentence's pieces (strings and entity pieces) after the language's realisation
    rules; entity pieces keep their surface, so gold offsets stay exact. Today: unchanged."""
    del lex
    return tuple(pieces)
