"""Realisation: morphology and orthography of a finished sentence, by the language's tables.

Rules (each reads a table of ``lang/<code>.toml``, section ``[realise]``): the indefinite
article by sound (:func:`indefinite_article`), plurals of a noun phrase's head noun
(:func:`plural`), possessives after names (:func:`possessive_suffix`) and capitals
(:func:`capitalise_proper`). :func:`realise_pieces` applies them to a sentence's pieces:
only the plain strings change, an entity piece's text never does, so gold offsets
(half-open Unicode code points, counted later from the pieces) stay exact.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Protocol, Sequence, Union

from bengal.generate.kbview import AGENT, Entity


class Lexicon(Protocol):
    """What the rules read of a language (:class:`bengal.generate.lexicon.Lexicon` has it; the
    lexicon calls these rules, so this module does not import it)."""

    @property
    def data(self) -> dict[str, Any]: ...

    @property
    def meta(self) -> dict[str, Any]: ...

    def takes_definite_article(self, name: str) -> bool: ...

    def definite_by_class(self, name: str, classes: Sequence[str]) -> bool: ...

__all__ = ["indefinite_article", "plural", "is_plural_name", "is_group_name", "title_after_comma", "of_plural_class",
           "singular_group_name", "takes_plural_verb",
           "possessive_suffix", "capitalise_proper", "realise_pieces", "name_kind", "name_kind_noun",
           "kind_contradicts_name"]

Piece = Union[str, Entity]

_WORD = re.compile(r"[A-Za-z0-9][\w.'-]*")
_ARTICLE = re.compile(r"(?:(?<=\s)|^)([Aa]n?) $")


def _table(lex: Lexicon) -> dict:
    return lex.data.get("realise", {})


def indefinite_article(lex: Lexicon, phrase: str) -> str:
    """"a" or "an" for ``phrase``, by the sound of its first word (not its letter).

    The rules, in order (tables in ``[realise.article]``):

    1. a word in ``an_words`` / ``a_words`` (case-insensitive: "hour", "honest" → an;
       "one", "university" → a) or starting with one of ``an_prefixes`` / ``a_prefixes``
       ("eu", "uni", "use", "one" → a; "hon", "heir" → an);
    2. an initialism (all capitals, dots allowed: "FBI", "U.S.", "MP") is read letter by
       letter unless ``word_acronyms`` lists it as read as a word ("NATO", "NASA"): "an"
       when its first letter's name opens with a vowel sound (``vowel_letters``: A E F H I
       L M N O R S X), so "an FBI", "an MP", "an NCAA", "a US", "a U.S.";
    3. a number: "an" for 8, 11, 18, 80–89, 800–899, … (``an_numbers`` patterns);
    4. otherwise the first letter: a vowel letter gives "an".

    Returns ``"a"`` for an empty phrase. Each phrase worked out once per lexicon (its ``memo``, when it has one):
    a class noun's article is asked for every document that names its class (issue 15).
    """
    return _per_text(lex, "indefinite_article", _indefinite_article, phrase)


def _per_text(lex: Lexicon, name: str, rule: Callable[[Lexicon, str], str], text: str) -> str:
    """``rule(lex, text)``, worked out once per lexicon and text (the lexicon's ``memo`` under ``(name, text)``,
    when it has one): the realisation rules are asked again for every candidate wording (issue 15)."""
    memo: dict | None = getattr(lex, "memo", None)
    if memo is None:
        return rule(lex, text)
    key = (name, text)
    found = memo.get(key)
    if found is None:
        found = memo[key] = rule(lex, text)
    return str(found)


def _indefinite_article(lex: Lexicon, phrase: str) -> str:
    t = _table(lex).get("article", {})
    m = _WORD.search(phrase)
    if m is None:
        return "a"
    word = m.group(0)
    low = word.lower().rstrip(".")
    if low in t.get("an_words", ()):
        return "an"
    if low in t.get("a_words", ()):
        return "a"
    letters = word.replace(".", "")
    if len(letters) >= 2 and letters.isalpha() and letters.isupper() and letters not in t.get("word_acronyms", ()):
        return "an" if letters[0] in t.get("vowel_letters", "AEFHILMNORSX") else "a"
    if len(letters) == 1 and letters.isupper() and "." in word:
        return "an" if letters in t.get("vowel_letters", "AEFHILMNORSX") else "a"
    if low[:1].isdigit():
        digits = re.match(r"\d[\d,]*", low)
        number = digits.group(0).replace(",", "") if digits else low
        return "an" if any(re.fullmatch(p, number) for p in t.get("an_numbers", ())) else "a"
    if low.startswith(tuple(t.get("an_prefixes", ()))):
        return "an"
    if low.startswith(tuple(t.get("a_prefixes", ()))):
        return "a"
    return "an" if low[:1] in "aeiou" else "a"


def plural(lex: Lexicon, noun_phrase: str) -> str:
    """The plural of a noun phrase: its head noun takes the plural, not simply its last word.

    The head is the last word before a postmodifier: a preposition ("member of parliament"
    → "members of parliament") or a trailing past participle ("region served" → "regions
    served"; ``[realise.plural] postmodifiers``, and any word ending in "ed"). The head is
    then looked up in ``invariant`` ("species", "series", "honours", "people": unchanged) and
    ``irregular`` ("person" → "people", "child" → "children"), else the lexicon's
    ``[plural] rules`` (``[regex, replacement]`` pairs, first match wins) are applied.
    """
    t = _table(lex).get("plural", {})
    words = noun_phrase.split(" ")
    head = len(words) - 1
    preps = set(t.get("prepositions", ()))
    for i, w in enumerate(words):
        if i and w.lower() in preps:
            head = i - 1
            break
    else:
        while head > 0 and (words[head].lower() in t.get("postmodifiers", ()) or
                            (words[head].lower().endswith("ed") and not words[head - 1].lower().endswith("ed"))):
            head -= 1
    words[head] = plural_word(lex, words[head])
    return " ".join(words)


def plural_word(lex: Lexicon, word: str) -> str:
    """The plural of one noun by the tables of :func:`plural` (case of the first letter kept)."""
    t = _table(lex).get("plural", {})
    low = word.lower()
    if low in t.get("invariant", ()):
        return word
    irregular = t.get("irregular", {})
    if low in irregular:
        new = irregular[low]
        return new[:1].upper() + new[1:] if word[:1].isupper() else new
    for pattern, replacement in lex.data.get("plural", {}).get("rules", ()):
        new, n = re.subn(pattern, replacement, word, count=1)
        if n:
            return new
    return word


def is_plural_name(lex: Lexicon, name: str, classes: Sequence[str] = ()) -> bool:
    """Whether a name is grammatically plural ("Capitol Records", "the Philippines", "United
    States", "The Beatles", "Kashubians"): its last word is in ``[realise.possessive] plural_heads``,
    or the whole name in ``plural_names``, or it takes "the" (the lexicon's ``definite_names``, or news text's
    ``definite_classes``: "the 1991 Iraqi uprisings'") and ends in "s" without an "of" ("the Netherlands", "the
    Bahamas"; not "the University of Texas"), or it names an entity of a class of
    ``plural_classes`` (``classes``: IRIs; an ethnic group, "Kashubians", "Scottish people") and
    ends in "s" or "people"; never a name in ``singular_names`` ("the Euphrates")."""
    t = _table(lex).get("possessive", {})
    if name in t.get("singular_names", ()):
        return False
    last = name.split()[-1] if name.split() else name
    if name in t.get("plural_names", ()) or last in t.get("plural_heads", ()):
        return True
    if of_plural_class(lex, classes) and (last == "people" or (last.endswith("s") and not last.endswith("ss"))):
        return True
    # not a name whose head comes before "of" ("the Republic of the Philippines", "the University of Texas")
    return (last.endswith("s") and not last.endswith("ss") and " of " not in name
            and (lex.takes_definite_article(name) or lex.definite_by_class(name, classes)))


def is_group_name(lex: Lexicon, name: str) -> bool:
    """Whether ``name`` is clearly the name of a group of people, by a pattern of the lexicon's ``[meta]
    group_name_patterns`` (news text: ``[news_meta]``; ``re.search``): "Kool & the Gang", "Florence and the Machine",
    "Duke Ellington and His Orchestra", "Simon & Garfunkel", "The Rude Boys". DBpedia types many such acts
    ``MusicalArtist`` and ``Person`` ("the musician Kool & the Gang" was written): such a name takes no person's
    class noun (:func:`bengal.generate.verbalise.class_noun`). ``False`` without the table (``--mentions all``).
    Each name worked out once per lexicon (its ``memo``, when it has one)."""
    return _meta_pattern_matches(lex, "group_name_patterns", name)


def _meta_pattern_matches(lex: Lexicon, table: str, name: str) -> bool:
    """Whether a pattern of the lexicon's ``[meta]`` list ``table`` matches ``name`` (``re.search``; ``False`` without
    the list), worked out once per lexicon, table and name (its ``memo``, when it has one)."""
    patterns = lex.meta.get(table)
    if not patterns:
        return False
    memo: dict | None = getattr(lex, "memo", None)
    key = ("meta_pattern", table, name)
    found = memo.get(key) if memo is not None else None
    if found is None:
        found = any(re.search(p, name) for p in patterns)
        if memo is not None:
            memo[key] = found
    return bool(found)


def of_plural_class(lex: Lexicon, classes: Sequence[str]) -> bool:
    """Whether an entity of ``classes`` (IRIs) is of a class in ``[realise.possessive] plural_classes``
    (an ethnic group): its name takes a plural verb, and so are its fact templates written ("{s} live
    in {o}.")."""
    plural_classes = _table(lex).get("possessive", {}).get("plural_classes", ())
    return bool(plural_classes) and any(c.rsplit("/", 1)[-1] in plural_classes for c in classes)


def singular_group_name(lex: Lexicon, name: str) -> bool:
    """Whether a people's name (an entity of ``[realise.possessive] plural_classes``) is a singular noun, which the
    people's plural wordings ("{s} live in {o}.", "{o} are found in {s}.") do not agree with: the last word of its
    head (the name without its parenthesis, before an inner " in ", " of ", " to " or " with ": "Indian diaspora
    in Southeast Africa" → "diaspora") matches a pattern of ``[realise] singular_group_heads`` ("Mulatto live in
    Latin America", "African diaspora live in France", "Chinese Filipino live in Zamboanga City", a new user's
    reading). A plural name ("Croats", "Scottish people", "Overseas Chinese", "Cree") is no singular one."""
    patterns = _table(lex).get("singular_group_heads", ())
    head = _GROUP_HEAD.split(_PARENTHESIS.sub("", name).strip(), 1)[0].split()
    return bool(head) and any(re.search(p, head[-1]) for p in patterns)


_GROUP_HEAD = re.compile(r" (?:in|of|to|with) ")
_PARENTHESIS = re.compile(r"\s*\([^()]*\)")


def takes_plural_verb(lex: Lexicon, name: str, classes: Sequence[str]) -> bool:
    """Whether an entity written by ``name`` takes a plural verb: a plural name
    (:func:`is_plural_name`) of an entity of a class in ``[realise] plural_verb_classes`` (``classes``:
    IRIs with their ancestors). A band or a team with a plural name is a plural subject in English
    ("The Righteous Brothers have worked with …", "The Beatles are a band"), and so is such an entity's
    name of the form "The …s" ("The Predators", not "The Boss") or one that coordinates capitalised names
    ("Mac and Katie Kissoon", "Simon & Garfunkel"; not "Florence and the Machine"); a company or a country is
    not, whatever its name ("Capitol Records is a label", "the Netherlands is a country"). Each ``(name, classes)``
    worked out once per lexicon (its ``memo``, when it has one): asked for every candidate wording."""
    memo: dict | None = getattr(lex, "memo", None)
    if memo is None:
        return _takes_plural_verb(lex, name, classes)
    key = ("takes_plural_verb", name, tuple(classes))
    found = memo.get(key)
    if found is None:
        found = memo[key] = _takes_plural_verb(lex, name, classes)
    return found


def _takes_plural_verb(lex: Lexicon, name: str, classes: Sequence[str]) -> bool:
    wanted = _table(lex).get("plural_verb_classes", ())
    last = name.split()[-1] if name.split() else name
    if wanted and tuple(classes) == (AGENT,):
        # an act the KB leaves undecided between a person and a group (kbview.consistent_classes): plural only by a
        # group's name ("The Everly Brothers have", "Simon & Garfunkel have"), never by a name plural in form alone
        # ("Phil Collins has")
        return (is_plural_name(lex, name, classes) or _NAMED_BY_MEMBERS.search(name) is not None
                or (name.startswith("The ") and " of " not in name
                    and last.endswith("s") and not last.endswith(("ss", "us", "is"))))
    if not wanted or not any(c.rsplit("/", 1)[-1] in wanted for c in classes):
        return False
    # "The Predators", "The Sylvers", "The Pillows": a band's "The …s" is plural ("The Boss", "The Genius" not);
    # a band named by its members is too ("Mac and Katie Kissoon were", "Simon & Garfunkel were", "Crosby, Stills
    # & Nash were"; "Mac and Katie Kissoon was" found by a new user's reading); and a band's name plural in form
    # without "The" ([realise] plural_form_classes: "Swans have", "Nine Inch Nails have")
    in_form = _table(lex).get("plural_form_classes", ())
    return (is_plural_name(lex, name, classes) or _NAMED_BY_MEMBERS.search(name) is not None
            or (name.startswith("The ") and " of " not in name
                and last.endswith("s") and not last.endswith(("ss", "us", "is")))
            or (any(c.rsplit("/", 1)[-1] in in_form for c in classes) and _PLURAL_IN_FORM.search(name) is not None))


#: A name plural in form ([realise] plural_form_classes): no preposition before its last word, which is longer
#: than three letters and ends in "s" but not "ss", "us", "is", "as" or a possessive "'s".
_PLURAL_IN_FORM = re.compile(r"^(?!.* (?:of|in|from|on|at|for|to|with|the) )(?:.* )?[^\s]{3,}(?<![sui'’a])s$")


#: A band's name that coordinates its members ("Mac and Katie Kissoon", "Simon & Garfunkel"): plural.
_NAMED_BY_MEMBERS = re.compile(r"^[A-Z][^ ]* (?:[A-Z][^ ]* )*(?:and|&) [A-Z]")


def possessive_suffix(lex: Lexicon, name: str, classes: Sequence[str] = ()) -> str:
    """The possessive ending after ``name`` (of an entity of ``classes``), by the Chicago Manual of
    Style (7.16–7.17): a singular name takes "'s" even when it ends in s ("James's", "Paris's"); a
    plural name takes the apostrophe alone ("Capitol Records'", "the Philippines'", "Kashubians'"), and so
    does a name in "s" that takes a plural verb (:func:`takes_plural_verb`: "Swans'", "The Vaselines'"; not
    "Simon & Garfunkel's")."""
    plural = is_plural_name(lex, name, classes) or (name.endswith("s") and takes_plural_verb(lex, name, classes))
    return "'" if plural else "'s"


def capitalise_proper(lex: Lexicon, text: str) -> str:
    """``text`` with the lexicon's proper words (``[meta] proper_words`` and the values of
    ``[demonyms]``) capitalised where a label wrote them in lower case ("american football
    team" → "American football team"); other words are left as they are."""
    proper = {w.lower(): w for w in lex.meta.get("proper_words", ())}
    for value in lex.data.get("demonyms", {}).values():
        for w in value.split():
            proper.setdefault(w.lower(), w)

    def fix(m: re.Match) -> str:
        w = m.group(0)
        return proper.get(w, w) if w.islower() else w

    return re.sub(r"[A-Za-z']+", fix, text)


def _surface(piece: Piece) -> str:
    return piece if isinstance(piece, str) else piece.surface


def realise_pieces(lex: Lexicon, pieces: Sequence[Piece]) -> list[Piece]:
    """A finished sentence's pieces with the realisation rules applied to its plain strings.

    - an "a"/"an" that ends a string is chosen by :func:`indefinite_article` for the text
      that follows (the next piece, entity or string);
    - an "'s" that opens a string after an entity is :func:`possessive_suffix` of the
      entity's surface form ("Capitol Records' label");
    - a "the NOUN of " that ends a string before a place's name that says its kind goes ("in the city
      of New York City" → "in New York City": :func:`_kind_said`);
    - the sentence's first letter is a capital (in a string piece; a name is written as it is).

    A lexicon of another language (its ``rules``) has its own rules instead
    (:meth:`bengal.generate.lang.rules.LanguageRules.realise_pieces`).

    Args:
        pieces: plain strings and :class:`~bengal.generate.kbview.Entity` pieces.

    Returns:
        a new list of pieces; entity pieces are the same objects, unchanged, and the
        number and order of pieces is kept (a sentence's ``predicate`` index stays right).
    """
    rules = getattr(lex, "rules", None)
    if rules is not None:  # a language other than English: bengal.generate.lang.rules
        return list(rules.realise_pieces(pieces))
    out = list(pieces)
    memo: dict | None = getattr(lex, "memo", None)
    for i, p in enumerate(out):
        if not isinstance(p, str):
            continue
        following_entity = out[i + 1] if i + 1 < len(out) else None
        if isinstance(following_entity, Entity) and p.endswith(" of "):
            p = _kind_said(lex, p, following_entity.surface)
        before = out[i - 1] if i else None
        if isinstance(before, Entity) and p.startswith(("'s ", "'s,", "'s.")):
            p = possessive_suffix(lex, before.surface, before.classes) + p[2:]
        # articles inside the string, decided by the word after them; one that ends it, by the next pieces
        # (_articles_of's memo read here first: every string piece of every candidate wording asks it)
        found = memo.get(("articles_of", p)) if memo is not None else None
        p, at, article = found if found is not None else _articles_of(lex, p)
        if article is not None and i + 1 < len(out):
            following = "".join(_surface(q) for q in out[i + 1 : i + 3])
            p = p[:at] + _match_case(article, indefinite_article(lex, following)) + " "
        out[i] = p
    if out and isinstance(out[0], str) and out[0]:
        out[0] = out[0][:1].upper() + out[0][1:]
    return out


def title_after_comma(lex: Lexicon, name: str) -> bool:
    """Whether ``name`` ends with a title after a comma, a pattern of the lexicon's ``[meta] parenthetical_titles``
    (news text: ``[news_meta]``; ``re.search``): a peer's ("Henry Page Croft, 1st Baron Croft", "Herbert Samuel, 1st
    Viscount Samuel") or a prince's ("Albert II, Prince of Monaco"). The title is parenthetical, closed by a comma
    where the sentence goes on (:func:`bengal.generate.surface.close_titles`). ``False`` without the table
    (``--mentions all``: BENGAL's text, B1-B10 keep their bytes). Each name worked out once per lexicon (its
    ``memo``, when it has one)."""
    return ", " in name and _meta_pattern_matches(lex, "parenthetical_titles", name)


_KIND_OF = re.compile(r"(?:^|(?<=\s))[Tt]he ([a-z]+) of $")


def name_kind(lex: Lexicon, name: str) -> str | None:
    """The kind a place's name says by the last word of its head before a qualifier or a parenthesis, when
    that word is one of ``[realise] kind_heads``, lower-cased: "Bojnord County" → "county", "Wallowa County,
    Oregon" → "county", "Fall River" → "river"; or by its first word when that is one of ``kind_prefixes`` and
    more words follow ("Gmina Lipusz" → "gmina"); ``None`` for any other name ("Chester")."""
    head = name.split(", ", 1)[0].split(" (", 1)[0]
    last = head.rsplit(" ", 1)[-1]
    if last in _table(lex).get("kind_heads", ()):
        return last.lower()
    first = head.split(" ", 1)[0]
    return first.lower() if " " in head and first in _table(lex).get("kind_prefixes", ()) else None


def name_kind_noun(lex: Lexicon, name: str) -> str | None:
    """:func:`name_kind` of ``name`` when it is one of ``[realise] kind_nouns`` (a noun the text may write: "Kościerzyna
    County" → "county"; not "Gmina Lipusz" → "gmina"), else ``None``."""
    kind = name_kind(lex, name)
    return kind if kind is not None and kind in _table(lex).get("kind_nouns", ()) else None


def kind_contradicts_name(lex: Lexicon, noun: str | None, name: str) -> bool:
    """Whether calling the entity named ``name`` a ``noun`` contradicts the kind its name says
    (:func:`name_kind`): ``noun`` is another of ``[realise] kind_nouns`` ("Bojnord County" a "settlement",
    "Moei District" a "town"); not for a noun outside them ("Veronica Lake" an "actress")."""
    kind = name_kind(lex, name)
    return kind is not None and noun != kind and noun in _table(lex).get("kind_nouns", ())


def _kind_said(lex: Lexicon, text: str, name: str) -> str:
    """``text`` (which ends with " of " before the entity written ``name``) without a closing "the NOUN
    of " when the name says its kind (:func:`name_kind`) and NOUN is one of ``[realise] kind_nouns``: "is
    situated in the city of " before "New York City" gives "is situated in "."""
    if name_kind(lex, name) is None:
        return text
    m = _KIND_OF.search(text)
    return text[:m.start()] if m is not None and m.group(1) in _table(lex).get("kind_nouns", ()) else text


def _articles_of(lex: Lexicon, text: str) -> tuple[str, int, str | None]:
    """``(text with its inner articles chosen (:func:`_articles_within`), where an "a"/"an" that ends
    it begins, that article)``; ``(…, 0, None)`` when none ends it. Each text worked out once per
    lexicon (its ``memo``, when it has one)."""
    memo: dict | None = getattr(lex, "memo", None)
    key = ("articles_of", text)
    found = memo.get(key) if memo is not None else None
    if found is None:
        within = _articles_within(lex, text)
        m = _ARTICLE.search(within)
        found = (within, m.start(1), m.group(1)) if m else (within, 0, None)
        if memo is not None:
            memo[key] = found
    return found


def _articles_within(lex: Lexicon, text: str) -> str:
    """Every "a"/"an" inside ``text`` that a word follows, chosen for that word (each text worked
    out once per lexicon: its ``memo``, when it has one)."""
    return _per_text(lex, "articles_within", _articles_within_of, text)


def _articles_within_of(lex: Lexicon, text: str) -> str:
    return re.sub(r"(?:(?<=\s)|^)([Aa]n?) (?=\S)",
                  lambda m: _match_case(m.group(1), indefinite_article(lex, text[m.end():])) + " ", text)


def _match_case(old: str, new: str) -> str:
    return new[:1].upper() + new[1:] if old[:1].isupper() else new
