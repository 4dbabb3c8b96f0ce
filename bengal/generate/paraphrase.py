"""Rule-based, offline paraphrasing (``--paraphrase``; BENGAL's B2, B4, …).

Four operations, each a choice the density control can take for a clause
(:func:`bengal.generate.microplan.microplan`); none ever touches an entity
piece, so mentions are never rewritten and the gold stays exact by construction:

- ``synonym``: a verb or noun phrase of a plain-text piece replaced by one of its
  synonyms from the lexicon's ``[paraphrase.synonyms]`` table ("was born in" →
  "was born in" stays, "died in" → "passed away in", "the band" → "the group").
  The synonym is picked by a hash of (seed, document seed entity, clause number,
  phrase), so it depends on nothing else.
- ``voice``: active/passive alternation from ``[paraphrase.voice]`` (one object
  only: "X was produced by Y." → "Y produced X.").
- ``reorder``: two clauses about one subject joined in the other order ("X died
  in Z and was born in Y." instead of "X was born in Y and died in Z.").
- ``apposition``: the first mention of a subject that opens its sentence takes its
  class as an apposition ("X, a physicist, was born in Y."; not for vague classes
  such as "person").

A sentence that no operation applies to stays as it is; the manifest counts the
sentences paraphrased and not, and each operation.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace
from functools import lru_cache

from bengal.generate.kbview import Entity
from bengal.generate.lexicon import Lexicon
from bengal.generate.realise import kind_contradicts_name
from bengal.generate.verbalise import Sentence, type_with_place
from bengal.kb.labels import local_name

__all__ = ["OPERATIONS", "Paraphraser"]

OPERATIONS = ("synonym", "voice", "reorder", "apposition")


def _mark(sentence: Sentence, op: str) -> Sentence:
    return replace(sentence, paraphrase=tuple(sorted(set(sentence.paraphrase) | {op})))


@lru_cache(maxsize=None)
def _synonym_pattern(lang: str, keys: tuple[str, ...]) -> re.Pattern:
    alternatives = "|".join(re.escape(k) for k in sorted(keys, key=lambda k: (-len(k), k)))
    return re.compile(rf"(?<![\w'])({alternatives})(?![\w'])", re.IGNORECASE)


class Paraphraser:
    """The paraphrasing operations for one document.

    Args:
        lex: the lexicon (its ``[paraphrase]`` tables).
        key: a string that fixes the document's choices (seed and seed entity).

    Raises:
        bengal.errors.UsageError: (from :func:`check_tables`) when the lexicon has no
            ``[paraphrase]`` tables.
    """

    def __init__(self, lex: Lexicon, key: str) -> None:
        self.lex, self.key = lex, key
        table = lex.data["paraphrase"]
        self.synonyms: dict[str, list[str]] = {k.lower(): v for k, v in table["synonyms"].items()}
        self.voice: dict[str, str] = table["voice"]
        self._pattern = _synonym_pattern(lex.lang, tuple(self.synonyms))

    def _pick(self, n: int, *salt: object) -> int:
        h = hashlib.sha256("|".join(map(str, (self.key, *salt))).encode("utf-8")).hexdigest()
        return int(h[:8], 16) % n

    def synonym(self, sentence: Sentence, clause: int) -> Sentence | None:
        """The sentence with every phrase of the synonym table in its plain-text pieces
        replaced by a synonym (first letter's case kept), or ``None`` when it has none or when a synonym
        would make two phrases one (it replaces two phrases, or the sentence says it already: "X, which is
        situated in A, is located in B" → "X, which is situated in A, is situated in B" says one verb twice), or
        when a synonym's verb, no auxiliary of ``[meta] auxiliaries``, would open two predicates of one subject, the
        second right after ``[meta] clause_join`` ("X played the accordion and performed with The Stooges" → "X
        performed on the accordion and performed with …": a copy editor's reading, twenty-first session; two clauses
        about two subjects, "A collaborated with X, and B collaborated with Y", are parallel and stay)."""
        pieces = list(sentence.pieces)
        changed = False
        sources: dict[str, set[str]] = {}  # synonym → the phrases it replaced
        for i, p in enumerate(pieces):
            if not isinstance(p, str):
                continue

            def sub(m: re.Match) -> str:
                found = m.group(1)
                options = self.synonyms[found.lower()]
                new = options[self._pick(len(options), clause, found.lower())]
                sources.setdefault(new.lower(), set()).add(found.lower())
                return new[:1].upper() + new[1:] if found[:1].isupper() else new

            new = self._pattern.sub(sub, p)
            if new != p:
                pieces[i] = new
                changed = True
        if not changed:
            return None
        before = " ".join(p for p in sentence.pieces if isinstance(p, str)).lower()
        if any(len(found) > 1 or re.search(rf"\b{re.escape(new)}\b", before) for new, found in sources.items()):
            return None  # two wordings made one: "X, which is situated in A, is situated in B and is situated in C"
        join = str(self.lex.meta.get("clause_join", " and ")).strip()
        auxiliaries = self.lex.meta.get("auxiliaries", ())
        text = "".join(p if isinstance(p, str) else p.surface for p in pieces).lower()
        for verb in {new.split(" ", 1)[0] for new in sources} - set(auxiliaries):
            if text.count(verb) < 2:
                continue  # once in the sentence: no second predicate to open (the regexes below asked only then)
            said = rf"\b{re.escape(verb)}\b"
            if len(re.findall(said, text)) > 1 and re.search(rf"\b{re.escape(join)} {said}", text):
                return None  # one subject's two predicates: "… performed on the accordion and performed with …"
        return _mark(replace(sentence, pieces=tuple(pieces)), "synonym")

    def voice_template(self, prop: str, n_objects: int) -> str | None:
        """The other-voice template of ``prop`` (one object only), or ``None``."""
        return self.voice.get(local_name(prop)) if n_objects == 1 else None

    def apposition(self, sentence: Sentence, noun: str | None, place: bool = False,
                   demonym: str | None = None) -> Sentence | None:
        """"X, a physicist, was born in Y.": the sentence with its opening subject followed
        by its class noun as an apposition, or ``None`` (no named opening subject, vague or
        missing noun, a noun the subject's name contradicts: "Kagoshima Prefecture is a settlement located in
        Japan", :func:`~bengal.generate.realise.kind_contradicts_name`, a noun the sentence says already: "BCE Inc.,
        a company, owns the company Ellis Group"). Before a first fact that places the
        subject the class is that fact's complement instead ("X is a city in Y.",
        :func:`~bengal.generate.verbalise.type_with_place`; ``place``: the subject is a place). With
        ``demonym`` (the subject's country adjective), the noun takes it as the type sentence writes it
        ("X, a Polish company, has its seat in Y"; :meth:`~bengal.generate.lexicon.Lexicon.noun_with_demonym`)."""
        if (not noun or noun in self.lex.meta.get("apposition_vague", ()) or not sentence.predicate
                or sentence.predicate != 1 or not isinstance(sentence.pieces[0], Entity)
                or sentence.pieces[0].form_kind == "pronoun"
                or kind_contradicts_name(self.lex, noun, sentence.pieces[0].label)):
            return None
        rest = sentence.pieces[1]
        if not isinstance(rest, str) or not rest.startswith(" "):
            return None
        said = "".join(p for p in sentence.pieces[1:] if isinstance(p, str))
        if re.search(rf"\b{re.escape(noun)}\b", said):
            return None  # "BCE Inc., a company, owns the company Ellis Group" (a new user's reading, 7 December 2026)
        subject = sentence.pieces[0]
        if demonym and isinstance(subject, Entity):
            noun = self.lex.noun_with_demonym(noun, demonym, subject.gender)
        article = self.lex.article(noun)
        placing = type_with_place(self.lex, rest, f"{article} {noun}", place)
        phrase = self.lex.data["paraphrase"]["apposition"].replace("{a}", article).replace("{class}", noun)
        pieces = (sentence.pieces[0], placing if placing is not None else phrase + rest, *sentence.pieces[2:])
        return _mark(replace(sentence, pieces=pieces), "apposition")

    @staticmethod
    def mark(sentence: Sentence, op: str) -> Sentence:
        """The sentence marked as paraphrased by ``op``."""
        return _mark(sentence, op)
