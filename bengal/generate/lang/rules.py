"""Grammar rules of the languages other than English (es, pt, de, fr), driven by their lexicons.

English keeps its own rules (:mod:`bengal.generate.realise`: "a"/"an" by sound, possessives,
plurals). The other languages share one rule set whose tables are in ``lang/<code>.toml``
(sections ``[grammar]`` and ``[realise]``); what a table cannot say is a method here:

- **gender of a noun** (:meth:`LanguageRules.noun_gender`): the ``[grammar.noun_genders]`` table,
  else the first ``[grammar] gender_rules`` ``[regex, gender]`` pair that matches (es "-ción" → f),
  else ``default_gender``. Genders are ``m``, ``f``, ``n`` (German), plurals ``mpl``, ``fpl``, ``pl``.
- **articles** by gender (:meth:`LanguageRules.indefinite`, :meth:`LanguageRules.definite`): the
  ``[grammar.indefinite]`` / ``[grammar.definite]`` tables; French elides "le"/"la" to "l'"
  before a vowel or a mute h (``[grammar] elide_article``, ``vowel``, ``mute_h``: "l'homme
  politique", but "le héros").
- **case after a preposition** (:meth:`LanguageRules.case_after`, German): the article takes the
  dative after ``[grammar] dative_after`` ("in", "von", "mit", …: ``[grammar.dative]``, "in der
  Schweiz", "von dem" → "vom") and the accusative after ``[grammar] accusative_after`` ("auf",
  "für", "durch", …: ``[grammar.accusative]``, "Auf den Politiker folgte …").
- **names that take an article** (:meth:`LanguageRules.name_article`): ``[territories]`` lists
  the sample's countries and regions that take one by gender and number ("Paquistão" m → "no
  Paquistão"), ``[definite_names]`` maps a regex on the name to its gender ("^(Guerra|Universidad)
  " = "f" → "en la Guerra del Golfo"), and ``[grammar.definite_classes]`` gives the gender of the
  names of a class that all take one when the name says nothing (es, fr, pt: a football club, "jugó
  en el F. C. Augsburgo", "a joué pour le Fulham Football Club"), in the case the preposition before it asks for; a
  ``[realise] before`` rule may name ``{territory}`` (French "à la" + a territory → "en").
- **agreement** (:meth:`LanguageRules.agree`): a template marker ``[masculine|feminine]``
  ("fue fundad[o|a] por") takes the form of the subject's grammatical gender.
- **feminine forms** of adjectives (demonyms; :meth:`LanguageRules.feminine_adjective`:
  ``[grammar] feminine_rules``) and of person nouns (``[class_nouns_f]``), and the demonym's place
  (``demonym_position``: after the noun in Romance languages, before it in German with the
  endings of ``[grammar.demonym_endings]``: "ein deutscher Fußballspieler").
- **pronouns** (``--pronouns``; :meth:`LanguageRules.pronoun_clash`, :meth:`LanguageRules.drop_subject`):
  only a person of known sex is written as a pronoun (``[pronouns] he`` / ``she``: él/ella, ele/ela,
  er/sie, il/elle; never a masculine default); another entity of the sentence before blocks it when
  it could take the same pronoun (a person of that sex or of unknown sex, a thing whose grammatical
  gender gives the same word by ``[pronouns.grammatical]``: German "sie" is a woman, "die Band" and
  a plural); Spanish drops a repeated subject (``[pronouns] null_subject``: "Nació en Madrid."),
  so there any other person blocks it, as the verb tells no gender.
- **contractions** (:meth:`LanguageRules.realise_pieces`): ``[realise] contractions`` ``[regex,
  replacement]`` pairs on plain text (de el → del, a o → ao, de le → du, in dem → im), and
  ``[realise] before`` rules ``[word, regex on the following text, replacement]`` that look across
  a piece boundary: French elision ("de" + "Avignon" → "d'Avignon"), Spanish "y" → "e" before an
  i sound ("Francia e Italia").

Only plain strings change; an entity piece (a gold mention) is never rewritten, so offsets
(half-open Unicode code points, counted later from the pieces) stay exact.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import Any, Sequence, Union

from bengal.generate.kbview import Entity
from bengal.kb.labels import local_name

__all__ = ["LanguageRules", "GENDERS", "UNKNOWN_SEX"]

#: The grammatical genders a lexicon may use (``pl`` forms for plural names).
GENDERS = ("m", "f", "n", "mpl", "fpl", "pl")

#: The gender of a person whose sex neither ``foaf:gender`` nor the first name tells
#: (:class:`bengal.generate.lang.naming.LanguageNames`): no gendered wording is chosen for it
#: (:meth:`LanguageRules.agree`, :meth:`bengal.generate.lexicon.Lexicon.class_noun`).
UNKNOWN_SEX = "u"

Piece = Union[str, Entity]

_MARKER = re.compile(r"\[([^\[\]|{}]*)\|([^\[\]|{}]*)\]")


class LanguageRules:
    """The rules of one language other than English, reading its lexicon's tables.

    Args:
        lang: the language code.
        data: the parsed lexicon (``lang/<code>.toml``).

    Raises:
        ValueError: when a table names a gender outside :data:`GENDERS`.
    """

    def __init__(self, lang: str, data: dict[str, Any]) -> None:
        self.lang, self.data = lang, data
        g = data.get("grammar", {})
        self.grammar: dict[str, Any] = g
        self.default_gender: str = g.get("default_gender", "m")
        for value in (list(g.get("noun_genders", {}).values()) + list(data.get("definite_names", {}).values())
                      + list(data.get("territories", {})) + [pair[1] for pair in g.get("place_name_genders", ())]
                      + list(g.get("definite_classes", {}).values())):
            if value not in GENDERS:
                raise ValueError(f"lang/{lang}.toml: gender {value!r} is not one of {', '.join(GENDERS)}")

    @cached_property
    def _gender_rules(self) -> list[tuple[re.Pattern, str]]:
        return [(re.compile(p), gender) for p, gender in self.grammar.get("gender_rules", ())]

    @cached_property
    def _names(self) -> list[tuple[re.Pattern, str]]:
        return [(re.compile(p), gender) for p, gender in self.data.get("definite_names", {}).items()]

    @cached_property
    def _contractions(self) -> list[tuple[re.Pattern, str]]:
        return [(re.compile(p), r) for p, r in self.data.get("realise", {}).get("contractions", ())]

    @cached_property
    def _before(self) -> list[tuple[re.Pattern, str]]:
        # "word " at the start of the text or after a space, when the following text matches
        # (the following text may lie in the next piece: joined behind a \x00 that no rule matches)
        # "{vowel}" in a rule's regex: a vowel or a word of [grammar] mute_h (French "homme");
        # "{territory}": a name of [territories]; a word ending in an apostrophe ("à l'") joins the next
        out = []
        for word, nxt, repl in self.data.get("realise", {}).get("before", ()):
            nxt = nxt.replace("{vowel}", self._vowel).replace("{territory}", self._territory)
            sep = "" if word.endswith("'") else " "
            pattern = rf"(?<![\w']){re.escape(word.rstrip())}{sep}(?=\x00?(?:{nxt}))"
            out.append((re.compile(pattern, re.IGNORECASE), repl))
        return out

    @cached_property
    def _territories(self) -> dict[str, str]:
        return {name: gender for gender, names in self.data.get("territories", {}).items() for name in names}

    @cached_property
    def _territory(self) -> str:
        names = sorted(self._territories, key=lambda n: (-len(n), n))
        return f"(?:{'|'.join(re.escape(n) for n in names)})(?![\\w-])" if names else "(?!)"

    @cached_property
    def _vowel(self) -> str:
        vowel = self.grammar.get("vowel", r"[AEIOUaeiou]")
        mute = sorted(self.grammar.get("mute_h", ()), key=lambda w: (-len(w), w))
        return f"{vowel}|(?:{'|'.join(re.escape(w) for w in mute)})s?(?![\\w])" if mute else vowel

    def noun_gender(self, noun: str) -> str:
        """The grammatical gender of a common noun (``m``, ``f``, ``n``): the head word (the first
        in Romance languages, the last in German, ``[grammar] head``) looked up in
        ``[grammar.noun_genders]`` (the whole noun first), else ``gender_rules`` (on the head in lower
        case), else
        ``default_gender``."""
        table = self.grammar.get("noun_genders", {})
        if noun in table:
            return str(table[noun])
        head = self._head(noun)
        if not head:
            return self.default_gender
        if head in table:
            return str(table[head])
        for pattern, gender in self._gender_rules:
            if pattern.search(head.lower()):
                return gender
        return self.default_gender

    def agreeing_gender(self, noun: str, gender: str | None) -> str:
        """The gender an article or adjective before or after ``noun`` agrees with, said of a person of
        ``gender`` (``m``/``f``, or ``None`` when unknown): the person's, except for a noun of one grammatical
        gender whatever the person's sex (``[grammar] epicene``, the whole noun or its head word: "una persona
        francesa" of a man, "eine Person"; "un persona francés" was written, found in 38 of 479 runs of a fuzz
        sweep, fifteenth session), and the noun's own (:meth:`noun_gender`) when the person's is unknown."""
        epicene = self.grammar.get("epicene", ())
        if gender is None or noun in epicene or self._head(noun) in epicene:
            return self.noun_gender(noun)
        return gender

    def _head(self, noun: str) -> str:
        """The head word of ``noun`` (``[grammar] head``: the first word in Romance languages, the last in German),
        ``""`` for a noun of no word."""
        words = noun.split()
        if not words:
            return ""
        return words[-1] if self.grammar.get("head", "first") == "last" else words[0]

    def indefinite(self, gender: str) -> str:
        """The indefinite article of ``gender`` ("un", "una", "ein", "eine")."""
        table = self.grammar["indefinite"]
        return str(table.get(gender, table[self.default_gender]))

    def definite(self, gender: str, following: str = "", dative: bool = False, case: str | None = None) -> str:
        """The definite article of ``gender`` with the space after it ("el ", "la ", "les "), the
        elided form before a vowel or a word of ``[grammar] mute_h`` ("l'" when ``[grammar]
        elide_article`` lists the article: "l'homme politique"), in ``case`` (``"dative"``: "dem ",
        ``"accusative"``: "den ", German: the ``[grammar.<case>]`` table; ``dative=True`` is
        ``case="dative"``; a case the lexicon has no table for: the nominative)."""
        case = case or ("dative" if dative else None)
        table = self.grammar[case] if case and case in self.grammar else self.grammar["definite"]
        article = str(table.get(gender, table[self.default_gender]))
        elide = self.grammar.get("elide_article", {})
        if article in elide and self.starts_with_vowel(following):
            return str(elide[article])
        return article + " "

    def starts_with_vowel(self, text: str) -> bool:
        """Whether ``text`` opens with a vowel sound: a letter of ``[grammar] vowel`` or a word of
        ``[grammar] mute_h`` (French "homme", "histoire"; not the aspirated "héros", "hockey")."""
        return re.match(f"(?:{self._vowel})", text, re.IGNORECASE) is not None

    def case_after(self, before: str) -> str | None:
        """The case of a noun phrase after the text ``before``: ``"dative"`` when its last word is one
        of ``[grammar] dative_after`` (German "in", "von", "mit", "zu", …), ``"accusative"`` for one of
        ``accusative_after`` ("auf", "für", "durch", "gegen", "ohne", "um"), else ``None`` (the
        nominative; languages without these lists never decline)."""
        words = before.split()
        if not words:
            return None
        last = words[-1].lower()
        if last in self.grammar.get("dative_after", ()):
            return "dative"
        if last in self.grammar.get("accusative_after", ()):
            return "accusative"
        return None

    def takes_dative(self, before: str) -> bool:
        """Whether a noun phrase after the text ``before`` is in the dative (:meth:`case_after`)."""
        return self.case_after(before) == "dative"

    def name_gender(self, name: str) -> str | None:
        """The gender of a name that takes a definite article, or ``None``: the ``[territories]``
        lists (countries and regions of the sample by gender and number, the name exactly: es "Reino
        Unido" m, fr "États-Unis" mpl; in French also the names a preposition contracts with: "à la
        France" → "en France"), else the first ``[definite_names]`` regex that matches (a label
        pattern: es "^(Universidad|Guerra|…) " f)."""
        if name in self._territories:
            return self._territories[name]
        for pattern, gender in self._names:
            if pattern.search(name):
                return gender
        return None

    def place_name_gender(self, name: str) -> str | None:
        """The gender a predicate agrees with when a place is its subject by the name ``name``
        (es "Alemania estuvo dirigida", fr "La Norvège a été dirigée"; the description keeps its
        noun's: "El país estuvo dirigido"): :meth:`name_gender`, else the first ``[grammar]
        place_name_genders`` ``[regex, gender]`` pair that matches (es, pt: a name ending in an
        unstressed "a" is feminine, "Alemania", "Lisboa"; "Canadá" is not), else ``None``."""
        gender = self.name_gender(name)
        if gender is not None:
            return gender
        for pattern, g in self._place_rules:
            if pattern.search(name):
                return g
        return None

    @cached_property
    def _definite_classes(self) -> dict[str, str]:
        return dict(self.grammar.get("definite_classes", {}))

    @cached_property
    def _place_rules(self) -> list[tuple[re.Pattern, str]]:
        return [(re.compile(p), gender) for p, gender in self.grammar.get("place_name_genders", ())]

    def name_article(self, name: str, before: str, classes: Sequence[str] = ()) -> str | None:
        """The article written before the name ``name`` after the text ``before`` ("el " before
        "Reino Unido"; "der " in "in der Schweiz"), or ``None`` (no article, ``before`` ends
        with it already, or ``before`` ends with a noun of ``[grammar] no_article_after``: the
        name is in apposition, "la distinction Prix Nobel"). The gender is :meth:`name_gender`'s,
        else that of the first of the entity's ``classes`` (IRIs or local names) in
        ``[grammar.definite_classes]`` (es SoccerClub = "m": "el Fulham Football Club")."""
        gender = self.name_gender(name)
        if gender is None:
            gender = next((self._definite_classes[c] for c in map(local_name, classes)
                           if c in self._definite_classes), None)
        if gender is None:
            return None
        words = before.split()
        if words and words[-1].lower() in {w.lower() for w in self.grammar.get("no_article_after", ())}:
            return None  # in apposition after a noun: "le label Interscope", "die Region Bayern"
        article = self.definite(gender, name, case=self.case_after(before))
        if before.lower().endswith(" " + article.lower()) or before.lower() == article.lower():
            return None
        return article

    def agree(self, template: str, gender: str | None) -> str:
        """``template`` with each ``[masculine|feminine]`` marker replaced by the form for
        ``gender`` (feminine for ``f`` and ``fpl``, else masculine; ``None``: the language's
        default gender). For a person of unknown sex (:data:`UNKNOWN_SEX`) a template with a
        marker becomes its wording in the ``[neutral]`` table, which says the same without a
        gendered word ("{s} estuvo casad[o|a] con {o}." → "{s} contrajo matrimonio con {o}."); a
        template the table lacks takes the masculine (:meth:`needs_neutral` tells which)."""
        if gender == UNKNOWN_SEX and _MARKER.search(template):
            neutral = self.data.get("neutral", {}).get(template)
            if neutral is not None:
                return str(neutral)
        feminine = (gender or self.default_gender) in ("f", "fpl")
        return _MARKER.sub(lambda m: m.group(2) if feminine else m.group(1), template)

    def needs_neutral(self, template: str) -> bool:
        """Whether ``template`` has a gender marker and no ``[neutral]`` wording (for a person of
        unknown sex it would be written in the masculine)."""
        return bool(_MARKER.search(template)) and template not in self.data.get("neutral", {})

    def feminine_adjective(self, adjective: str) -> str:
        """The feminine form of an adjective ("alemán" → "alemana", "français" → "française"), by
        the first matching ``[grammar] feminine_rules`` ``[regex, replacement]`` pair applied to
        each word."""
        def one(word: str) -> str:
            for pattern, repl in self.grammar.get("feminine_rules", ()):
                new, n = re.subn(pattern, repl, word, count=1)
                if n:
                    return new
            return word
        return " ".join(one(w) for w in adjective.split(" "))

    def with_demonym(self, noun: str, demonym: str, gender: str) -> str:
        """The class noun with a demonym: after it, agreeing in gender ("futbolista alemana"), or
        (``demonym_position = "before"``) before it with the ending of ``[grammar.demonym_endings]``
        for the gender after an indefinite article ("deutscher Fußballspieler")."""
        if self.grammar.get("demonym_position", "after") == "before":
            ending = self.grammar.get("demonym_endings", {}).get(gender, "")
            return f"{demonym}{ending} {noun}"
        adjective = self.feminine_adjective(demonym) if gender in ("f", "fpl") else demonym
        return f"{noun} {adjective}"

    def pronoun_clash(self, other: Entity, pronoun: str, person: bool) -> bool:
        """Whether ``other``, another entity of the sentence before, could be read as the referent
        of a subject pronoun ``pronoun`` (``"he"`` or ``"she"``), so that the pronoun is not written.

        A person (``person``) clashes when its sex gives the same word, or its sex is unknown
        (:data:`UNKNOWN_SEX`, ``None``): "Ana trabajó con Luis. Ella …" is clear, after "Ana trabajó
        con Kim" it is not. A thing clashes when the word of its grammatical gender in
        ``[pronouns.grammatical]`` is the pronoun's (de "Er spielte für den Verein" → "er" could be
        the club; "sie": a woman, a feminine noun or a plural). With ``[pronouns] null_subject``
        (Spanish: the subject is dropped, the verb says no gender) every other person clashes and no
        thing does (the templates of a person subject do not fit one).
        """
        table = self.data.get("pronouns", {})
        if table.get("null_subject"):
            return person
        word = table[pronoun][0].lower()
        if person:
            sex = {"m": "he", "f": "she"}.get(other.gender or "")
            return sex is None or table[sex][0].lower() == word
        thing = table.get("grammatical", {}).get(other.gender or "")
        return thing is not None and str(thing).lower() == word

    def drop_subject(self, pieces: Sequence[Piece]) -> list[Piece] | None:
        """A sentence that opens with a subject pronoun written without it, for a language with
        ``[pronouns] null_subject`` (Spanish "Él nació en Madrid." → "Nació en Madrid."), or ``None``
        (not such a language; the first piece is not a plain pronoun followed by a plain string
        that goes on after a space, as in "Él, que …"). Only plain strings change."""
        table = self.data.get("pronouns", {})
        if not table.get("null_subject") or len(pieces) < 2:
            return None
        first, rest = pieces[0], pieces[1]
        words = {str(table[k][0]).lower() for k in ("he", "she")}
        if isinstance(first, str) and first.strip().lower() in words and first == first.strip():
            if isinstance(rest, str) and rest.startswith(" ") and rest[1:2].isalpha():
                return [rest[1:2].upper() + rest[2:], *pieces[2:]]
        if isinstance(first, str):
            head, sep, tail = first.partition(" ")  # the pronoun merged with the verb: "Él nació en "
            if sep and head.lower() in words and tail[:1].isalpha():
                return [tail[:1].upper() + tail[1:], *pieces[1:]]
        return None

    def realise_pieces(self, pieces: Sequence[Piece]) -> list[Piece]:
        """A sentence's pieces with the contractions and the boundary rules applied to its plain
        strings and the first letter a capital; entity pieces are the same objects and the
        number and order of pieces is kept."""
        out = list(pieces)
        for i, p in enumerate(out):
            if not isinstance(p, str):
                continue
            for pattern, repl in self._contractions:
                p = pattern.sub(lambda m, r=repl: _keep_case(m.group(0), m.expand(r)), p)  # type: ignore[misc]
            following = "".join(q if isinstance(q, str) else q.surface for q in out[i + 1 : i + 3])
            joined = p + "\x00" + following
            for pattern, repl in self._before:
                joined = pattern.sub(lambda m, r=repl: _keep_case(m.group(0), r), joined)  # type: ignore[misc]
            out[i] = joined.split("\x00", 1)[0]
        if out and isinstance(out[0], str) and out[0]:
            out[0] = out[0][:1].upper() + out[0][1:]
        return out


def _keep_case(old: str, new: str) -> str:
    return new[:1].upper() + new[1:] if old[:1].isupper() else new
