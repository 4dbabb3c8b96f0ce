"""The verbaliser's lexicon: per-language data (``lang/<code>.toml``) plus the few
language rules that read it (articles, plurals, lists).

A template is a string with ``{s}`` (the subject) and ``{o}`` (one object or a
list of objects); :meth:`Lexicon.parse` cuts it into literal text and slots so
that the verbaliser can build text and gold offsets in one pass.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Mapping, Sequence

from bengal.errors import UsageError
from bengal.generate import realise
from bengal.generate.lang.rules import UNKNOWN_SEX, LanguageRules
from bengal.kb.names import lexicon_forms, without_article
from bengal.resources import load_toml

__all__ = ["Lexicon", "NewsNames", "load_lexicon", "lexicon_path", "LANGUAGES"]

_LANG_DIR = Path(__file__).resolve().parent / "lang"
LANGUAGES = tuple(sorted(p.stem for p in _LANG_DIR.glob("*.toml")))
_SLOT = re.compile(r"\{(s|o)\}")
_PARENTHETICAL = re.compile(r"\s*\([^()]*\)")
_PARTICIPLE = re.compile(r"^(\w+ed|spoken|known|written|born|held|made|built|taken|given|seen|drawn|shown)$")
_VERB_LABEL = re.compile(r"^(is|has|was|had)\b| (of|by|in|with|to|for|from)$")


class NewsNames:
    """The names news writes for some entities instead of their titles, looked up by title (a label
    without its disambiguation parenthesis): a ``table`` (title → names: "United Kingdom" → ("Britain",))
    and ``patterns`` (regular expressions over the whole title whose group ``name`` is the name: a senior
    national team by its country, "Greece national football team" → ("Greece",), as CoNLL-2003 writes
    "Italy beat Germany"). The table wins; of the patterns the first that matches. Answers are kept
    (every candidate wording asks again)."""

    def __init__(self, table: Mapping[str, Sequence[str]] | None = None,
                 patterns: Sequence[re.Pattern[str]] = ()) -> None:
        self.table = {k: tuple(v) for k, v in (table or {}).items()}
        self.patterns = tuple(patterns)
        self._found: dict[str, tuple[str, ...]] = {}

    def get(self, title: str, default: Sequence[str] = ()) -> tuple[str, ...]:
        """The names news writes for ``title``, else ``default``."""
        found = self._found.get(title)
        if found is None:
            found = self.table.get(title, ())
            if not found:
                for pattern in self.patterns:
                    m = pattern.fullmatch(title)
                    if m is not None and m.group("name") != title:
                        found = (m.group("name"),)
                        break
            if len(self._found) > 50000:  # bounded: a whole KB's labels pass through the ambiguity index
                self._found.clear()
            self._found[title] = found
        return found or tuple(default)


@dataclass(frozen=True)
class Lexicon:
    """The language data of the verbaliser (see ``lang/en.toml`` for the fields).

    Attributes:
        lang: language code.
        data: the parsed TOML document.
    """

    lang: str
    data: dict
    _definite: re.Pattern = field(init=False, repr=False, compare=False)
    _bare: re.Pattern = field(init=False, repr=False, compare=False)
    _nouns: dict[tuple[str, str], str] = field(default_factory=dict, init=False, repr=False, compare=False)
    #: the grammar rules of a language other than English (:mod:`bengal.generate.lang.rules`);
    #: ``None`` for English, whose rules are :mod:`bengal.generate.realise`'s.
    rules: LanguageRules | None = field(init=False, repr=False, compare=False)
    #: answers of pure functions of (this lexicon, their arguments) that every document asks again
    #: (:func:`bengal.generate.realise.realise_pieces`'s articles, :func:`bengal.generate.verbalise.fact_sentence`;
    #: issue 15); keyed by the function's name first
    memo: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    #: name → whether it takes "the" (:meth:`takes_definite_article`), template → its past tense
    #: (:meth:`past`): asked again for every candidate wording of every document (issue 15)
    _definite_memo: dict[str, bool] = field(default_factory=dict, init=False, repr=False, compare=False)
    _past_memo: dict[str, str] = field(default_factory=dict, init=False, repr=False, compare=False)
    #: (name, classes) → whether the name takes "the" by its patterns or its class (:meth:`name_article`)
    _article_memo: dict[tuple[str, tuple[str, ...]], bool] = field(default_factory=dict, init=False, repr=False,
                                                                  compare=False)
    #: (predicate text, predicate text) → whether they open with the same verb (:meth:`same_verb`)
    _same_verb_memo: dict[tuple[str, str], bool] = field(default_factory=dict, init=False, repr=False,
                                                         compare=False)

    @property
    def meta(self) -> dict:
        return self.data["meta"]

    def templates(self, prop: str, prop_label: str, subject_classes: Sequence[str],
                  n_objects: int) -> tuple[str, ...]:
        """The template variants for ``n_objects`` objects of property ``prop`` (a local
        name such as ``birthPlace``) about a subject whose classes (local names, most
        specific first) are ``subject_classes``; empty when several objects cannot
        share one sentence (the caller then writes one sentence per object).

        An entry's ``one``/``many`` is a string or a list of variants (the density
        control picks among them). A property without an entry is verbalised from
        its ``rdfs:label`` (``prop_label``) with the lexicon's ``[fallback]``: a label
        opening with a past participle ("spoken in") as "X is spoken in Y", a lone
        participle ("related") by ``[fallback] other``. An entry with a ``classes`` list
        (local names) applies only to subjects of one of those classes or their
        subclasses (``subject_classes`` then holds the ancestors too); other subjects
        get the entry's ``other`` wording (see :meth:`_other`).
        """
        entry = self.data["templates"].get(prop)
        if entry is not None:
            allowed = entry.get("classes")
            if allowed is not None and not set(allowed) & set(subject_classes):
                return self._other(entry, n_objects)
            for cls in subject_classes:
                if isinstance(entry.get(cls), dict):
                    entry = entry[cls]
                    break
            return _variants(entry["one"] if n_objects == 1 else entry.get("many"))
        fallback = self.data["fallback"]
        if "one" not in fallback:  # a lexicon without label wordings: a property without an entry is not written
            return ()
        label = self.common_noun(prop_label, prop)
        first = label.split(" ")[0]
        if not _VERB_LABEL.search(label) and " " not in label and first.endswith("ed"):
            return self._other({}, n_objects)  # "related": no noun to write "The related of X is Y"
        if _PARTICIPLE.search(first) and not _VERB_LABEL.match(label):
            if n_objects > 1:
                return ()
            return tuple(t.replace("{label}", label) for t in _variants(fallback["participle_phrase"]))
        if _VERB_LABEL.search(label):
            if n_objects > 1:
                return ()
            return tuple(t.replace("{label}", label) for t in _variants(fallback["verb_phrase"]))
        if n_objects == 1:
            return tuple(t.replace("{label}", label) for t in _variants(fallback["one"]))
        return tuple(t.replace("{label_plural}", self.plural(label)) for t in _variants(fallback["many"]))

    def _other(self, entry: dict, n_objects: int) -> tuple[str, ...]:
        """The wording for a subject outside a template's ``classes`` (its ``other`` key,
        else the lexicon's ``[fallback] other``): a claim that holds for any subject."""
        other = entry.get("other", self.data["fallback"]["other"])
        return _variants(other)

    def past(self, template: str) -> str:
        """The past-tense form of a template, for facts about a person with a death date:
        the first matching rule of the lexicon's ``[tense] past`` list of
        ``[present, past]`` pairs is applied (a rule may keep the text, e.g. "is buried in");
        ``{label}`` in a rule stands for any property label of the fallback wording
        ("{s}'s death cause is" → "{s}'s death cause was"). Each template is worked out once per lexicon."""
        found = self._past_memo.get(template)
        if found is None:
            found = self._past_memo[template] = self._past(template)
        return found

    def _past(self, template: str) -> str:
        for present, past in self.data.get("tense", {}).get("past", ()):
            if "{label}" in present:  # the fallback's label is already in the template: match any label
                pattern = re.escape(present).replace(re.escape("{label}"), "(?P<label>[^{}]+?)")
                m = re.search(pattern, template)
                if m:
                    return template[: m.start()] + past.replace("{label}", m.group("label")) + template[m.end():]
            elif present in template:
                return template.replace(present, past, 1)
        return template

    def holds_either_way(self, template: str) -> bool:
        """Whether ``template`` is true of a person whether alive or dead as it is written, so that a
        person the KB gives no death for keeps its tense: it holds a text of the lexicon's ``[tense]
        either_way`` list ("The work of {s} belongs to the genre", "{s}'s genre is")."""
        return any(text in template for text in self.data.get("tense", {}).get("either_way", ()))

    def plural_verb(self, predicate: str) -> str:
        """The predicate with its first word in the plural, for the subject "they"
        ("was born in {o}." → "were born in {o}.", "plays the {o}." → "play the {o}."):
        the lexicon's ``[pronouns] plural_verbs`` table, else its ``plural_verb_rules``
        (``[regex, replacement]`` pairs, the first that matches wins; a word no rule
        matches, such as a past tense, stays)."""
        table = self.data["pronouns"]
        word, sep, rest = predicate.partition(" ")
        if word in table["plural_verbs"]:
            return table["plural_verbs"][word] + sep + rest
        for pattern, replacement in table["plural_verb_rules"]:
            new, n = re.subn(pattern, replacement, word, count=1)
            if n:
                return new + sep + rest
        return predicate

    def demonym(self, country_local: str) -> str | None:
        """The adjective of a country ("Germany" → "German"), from the lexicon's
        ``[demonyms]`` table keyed by the country's DBpedia local name, or ``None``."""
        return self.data.get("demonyms", {}).get(country_local)

    @staticmethod
    def parse(template: str) -> list[str]:
        """Cut a template into pieces: literal strings and the slot names ``"{s}"``/``"{o}"`` (a new
        list each call; each template is cut once)."""
        return list(_parse(template))

    def article(self, phrase: str, gender: str | None = None) -> str:
        """The indefinite article for ``phrase``: in English "a" or "an" by its sound
        (:func:`bengal.generate.realise.indefinite_article`); in another language by ``gender``
        (a person's), else by the gender of the noun (:meth:`LanguageRules.agreeing_gender`: "una persona" of a
        man): "un", "una"."""
        if self.rules is None:
            return realise.indefinite_article(self, phrase)
        return self.rules.indefinite(self.rules.agreeing_gender(phrase, gender))

    def definite(self, noun: str, gender: str | None = None, before: str = "") -> str:
        """The definite article with its space before ``noun`` ("the ", "el ", "la ", "l'"), by
        ``gender`` or the noun's gender, in the case the preposition ending ``before`` asks for
        (German "bei dem Wissenschaftler" → "beim", "auf den Politiker";
        :meth:`LanguageRules.case_after`)."""
        if self.rules is None:
            return "the "
        return self.rules.definite(self.rules.agreeing_gender(noun, gender), noun, case=self.rules.case_after(before))

    def articles(self) -> tuple[str, ...]:
        """The language's definite articles as words ("the"; "el", "la", "los", "las"; "der", "die",
        "das", "dem", "den", …: every value of the ``[grammar]`` article tables, elided forms left
        out), sorted: a surface form opening with one is not a name form (:func:`bengal.generate.
        surface.alt_label_ok`)."""
        if self.rules is None:
            return ("the",)
        g = self.data.get("grammar", {})
        words = {str(a).strip() for table in ("definite", "dative", "accusative") for a in g.get(table, {}).values()}
        return tuple(sorted(w for w in words if w and not w.endswith("'")))

    def designators(self) -> tuple[str, ...]:
        """The words news leaves off an organisation's name (``[mentions] designators``: "F.C.",
        "Inc.", …; :func:`bengal.generate.surface.short_name`); none in a language without the table."""
        return tuple(str(d) for d in self.data.get("mentions", {}).get("designators", ()))

    def news_names(self) -> "NewsNames":
        """The names news writes for some entities instead of their titles (the ``news_name`` surface form
        of :class:`bengal.generate.surface.SurfaceForms`): ``[mentions] news_names`` ("United Kingdom" →
        ("Britain",), "United States" → ("U.S.",)) and ``[mentions] news_name_patterns`` ("Greece
        national football team" → ("Greece",)); none in a language without them."""
        table = self.data.get("mentions", {})
        return NewsNames({str(k): tuple(str(v) for v in vs) for k, vs in table.get("news_names", {}).items()},
                         tuple(re.compile(str(p)) for p in table.get("news_name_patterns", ())))

    def other_names(self, label: str) -> list[str]:
        """The names the generator may write for an entity labelled ``label`` beyond the KB's own forms
        (:func:`bengal.kb.names.label_forms`, alt labels): the label without its designator, the names news
        writes for it (:func:`bengal.kb.names.lexicon_forms`), and, in a language whose lexicon writes a
        band's article outside its mention (``[mentions] article_outside_classes``), the label without its
        leading article ("Isley Brothers" for "The Isley Brothers"). For ``bengal stats``'
        ``label_only_share``; repeats kept, the label itself may be among them."""
        news = self.memo.get("news_names")
        if news is None:  # asked for every entity of a corpus: the table read once
            news = self.memo["news_names"] = self.news_names()
        out = lexicon_forms(label, self.designators(), news.get)
        rest = without_article(label) if self.data.get("mentions", {}).get("article_outside_classes") else None
        if rest is not None:
            out.append(rest)  # as surface.article_outside writes it
        return out

    def __post_init__(self) -> None:
        # [news_meta] definite_names_news: more names that take "the", news text only (load_lexicon merges it into meta)
        # and [news_meta] definite_names_dropped: [meta] patterns news text does without (a class rule says it better)
        meta = self.data["meta"]
        dropped = set(meta.get("definite_names_dropped", ()))
        patterns = ([p for p in meta.get("definite_names", ()) if p not in dropped]
                    + list(meta.get("definite_names_news", ())) + list(self.data.get("definite_names", {})))
        object.__setattr__(self, "_definite", re.compile("|".join(f"(?:{p})" for p in patterns) or "(?!)"))
        bare = list(self.data["meta"].get("bare_names", ()))
        object.__setattr__(self, "_bare", re.compile("|".join(f"(?:{p})" for p in bare) or "(?!)"))
        object.__setattr__(self, "rules", None if self.lang == "en" else LanguageRules(self.lang, self.data))

    def takes_definite_article(self, name: str) -> bool:
        """Whether a name reads with "the" in running text ("the United States"),
        by the lexicon's ``definite_names`` patterns (each name matched once per lexicon); never a name that
        opens with its own article ("The Birthday Party", a band, matched " Party": "the The Birthday Party",
        a new user's reading of 7 December 2026)."""
        found = self._definite_memo.get(name)
        if found is None:
            found = self._definite_memo[name] = (self._definite.search(name) is not None
                                                 and not name.startswith(("The ", "the ")))
        return found

    def takes_no_article(self, name: str, classes: Sequence[str] = ()) -> bool:
        """Whether a name is written without the "the" that a template puts before its object ("{s} fought
        in the {o}." for battles, "received the {o}" for awards: most such names take it), English only.

        Rule (``[meta]`` tables): the name matches a ``bare_names`` pattern (a numbered or code name:
        "World War II", "Operation Overlord"), or the entity is of a ``bare_classes`` class (a populated
        place: "fought in Lithuania") and of no ``bare_unless_classes`` class (DBpedia types "Cold War" a
        populated place and an event) and its name takes no "the" by ``definite_names`` ("the
        Netherlands"). ``classes``: the entity's class IRIs (the KB's, superclasses included). Another
        language's rules write every article themselves: ``False``."""
        if self.rules is not None:
            return False
        key = ("takes_no_article", name, tuple(classes))  # asked for every object of every candidate wording
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._takes_no_article(name, classes)
        return found

    def _takes_no_article(self, name: str, classes: Sequence[str]) -> bool:
        if self._bare.search(name):
            return True
        names = {c.rsplit("/", 1)[-1] for c in classes}
        meta = self.data["meta"]
        return (bool(names & set(meta.get("bare_classes", ()))) and not names & set(meta.get("bare_unless_classes", ()))
                and not self.takes_definite_article(name))

    def name_article(self, name: str, before: str, classes: Sequence[str] = ()) -> str | None:
        """The article written as plain text before the name ``name`` (of an entity of ``classes``,
        IRIs) after the text ``before``: English "the " for a name of ``definite_names`` unless
        ``before`` ends with "the"; another language by :meth:`LanguageRules.name_article` ("el
        Reino Unido", "in der Schweiz", "el F. C. Augsburgo"); else ``None``."""
        if self.rules is not None:
            return self.rules.name_article(name, before, classes)
        key = (name, tuple(classes))  # asked for every name of every candidate wording (issue 15)
        takes = self._article_memo.get(key)
        if takes is None:
            takes = self._article_memo[key] = self.takes_definite_article(name) or self.definite_by_class(name, classes)
        if takes and not _THE_BEFORE.search(before):
            return "the "
        return None

    def definite_by_class(self, name: str, classes: Sequence[str]) -> bool:
        """Whether ``name`` takes "the" by its entity's class (``[meta] definite_classes``, news text: a conflict, "the
        Williamite War in Ireland", "the 1991 Iraqi uprisings"), unless it opens with its own article or is a bare name
        (``bare_names``: "World War II", "Operation Overlord")."""
        wanted = self.meta.get("definite_classes")
        if not wanted:
            return False
        key = ("definite_by_class", name, tuple(classes))  # asked for every name of every candidate wording
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = (any(c.rsplit("/", 1)[-1] in wanted for c in classes)
                                      and not name.startswith(("The ", "the ")) and not self._bare.search(name))
        return found

    def agree(self, template: str, gender: str | None) -> str:
        """``template`` with its agreement markers (``[fundado|fundada]``) for the subject's
        grammatical ``gender`` (:meth:`LanguageRules.agree`); English templates have none."""
        return template if self.rules is None else self.rules.agree(template, gender)

    def relative(self, person: bool) -> str | None:
        """The relative pronoun that opens a subject's relative clause (", who ", ", which "; the
        ``[meta] relative_person`` / ``relative_thing`` strings), or ``None`` when the language's
        relative clause needs another word order (German: verb last) and is not written."""
        text = self.meta.get("relative_person" if person else "relative_thing", ", who " if person else ", which ")
        return str(text) or None

    def same_verb(self, first: str, second: str) -> bool:
        """Whether two predicates about one subject open with the same verb, so that one sentence should not
        coordinate them ("X operates from A and operates in B", "X served under A and served alongside B").

        ``first`` and ``second`` are the predicates' texts before their first object (" lies in the city of ").
        Rule: their first words are equal (case aside) and that word is no auxiliary of ``[meta] auxiliaries``;
        or it is one ("is", "was", "has"), and so is the next word that is none of ``[meta] verb_skip`` (articles, and
        "also": "is a native of" and "is a member of" differ, "was born in" and "was buried in" too; "is owned by"
        twice, "has its seat in" and "has its head office in", or "was headed by" and "was also headed by", do
        not). A language without ``auxiliaries`` compares first words only. Equal texts are always the same verb.
        Memoised per pair.
        """
        key = (first, second)
        found = self._same_verb_memo.get(key)
        if found is None:
            a, b = first.lower().split(), second.lower().split()
            found = bool(a) and bool(b) and a[0] == b[0]
            if found and a[0] in self.meta.get("auxiliaries", ()):
                articles = self.meta.get("verb_skip", ())
                found = [w for w in a[1:] if w not in articles][:1] == [w for w in b[1:] if w not in articles][:1]
            found = found or a == b
            self._same_verb_memo[key] = found
        return found

    def names_people(self, classes: Sequence[str]) -> bool:
        """Whether an entity of ``classes`` (IRIs) that is no person still takes the person's relative
        pronoun: a people ("Kashubians, who live in Germany"; ``[meta] relative_person_classes``, local
        names)."""
        wanted = self.meta.get("relative_person_classes", ())
        return any(c.rsplit("/", 1)[-1] in wanted for c in classes)

    def noun_with_demonym(self, noun: str, demonym: str, gender: str | None) -> str:
        """The class noun with a country's adjective: "German footballer" in English (before it,
        unless the noun opens with a proper word: then ``noun``), else by
        :meth:`LanguageRules.with_demonym` ("futbolista alemán", "deutscher Fußballspieler")."""
        if self.rules is None:
            return noun if noun[:1].isupper() else f"{demonym} {noun}"
        return self.rules.with_demonym(noun, demonym, self.rules.agreeing_gender(noun, gender))

    def class_noun(self, class_local: str, class_label: str | None, gender: str | None = None) -> str:
        """The noun for a class: the lexicon's override (for a subject of feminine ``gender``, its
        ``[class_nouns_f]`` form: "escritora"), else its ``rdfs:label`` as a common noun
        (:meth:`common_noun`; the label in the lexicon's language, which the caller passes).
        A person of unknown sex in a language with gendered nouns and articles
        (:data:`bengal.generate.lang.rules.UNKNOWN_SEX`) has no class noun (``""``): no type
        sentence, description or apposition says "un político" of a woman."""
        if gender == UNKNOWN_SEX and self.rules is not None:
            return ""
        if gender in ("f", "fpl"):
            fem = self.data.get("class_nouns_f", {}).get(class_local)
            if fem:
                return str(fem)
        noun = self.data.get("class_nouns", {}).get(class_local)
        if noun:
            return noun
        if self.rules is not None:
            text = _PARENTHETICAL.sub("", class_label or "").strip()
            if self.meta.get("lowercase_nouns", True):
                text = " ".join(w.lower() if w[1:].islower() else w for w in text.split())
            elif self.meta.get("capitalise_nouns", False):  # German: a noun opens with a capital
                text = text[:1].upper() + text[1:]
            return text
        return self.common_noun(class_label or "", class_local)

    def common_noun(self, label: str, local: str) -> str:
        """An ontology label written as a common noun inside a sentence.

        Parentheticals go ("jockey (horse racer)" → "jockey"); a label that is not
        plain ASCII (the 2016 ontology has ``"państwo"@en``) or is empty gives way to
        the local name split at capitals; a CamelCase label is split; capitalised
        words are lower-cased unless the lexicon lists them as proper
        (``proper_words``: "Christian", "British", …). Each (label, local) is worked out once.
        """
        noun = self._nouns.get((label, local))
        if noun is None:
            noun = self._nouns[(label, local)] = self._common_noun(label, local)
        return noun

    def _common_noun(self, label: str, local: str) -> str:
        text = _PARENTHETICAL.sub("", label).strip()
        if not text or not text.isascii():
            text = _split_camel(local)
        if " " not in text and re.search(r"[a-z][A-Z]", text):
            text = _split_camel(text)
        proper = set(self.meta.get("proper_words", ()))
        words = [w.lower() if w[:1].isupper() and w[1:].islower() and w not in proper else w
                 for w in text.split()]
        return realise.capitalise_proper(self, " ".join(words))

    def plural(self, noun_phrase: str) -> str:
        """The plural of a noun phrase's head noun (:func:`bengal.generate.realise.plural`:
        invariant and irregular nouns, then the ``[plural] rules``)."""
        return realise.plural(self, noun_phrase)

    def chained(self, prop: str) -> bool:
        """Whether several objects of ``prop`` (a local name) are written as one place chain,
        "Weyburn, Saskatchewan, Canada" (the template entry's ``chain``), not as a list."""
        entry = self.data["templates"].get(prop)
        return bool(entry is not None and entry.get("chain"))

    @property
    def chain_articles(self) -> bool:
        """Whether the places after the first of a place chain take their article: English "in
        Buffalo, New York, the United States" (``true``, the default); Spanish, Portuguese, French
        and German write the chain as a postal address, "nació en Chicago, Illinois, Estados
        Unidos" (``[grammar] chain_articles = false``)."""
        return bool(self.data.get("grammar", {}).get("chain_articles", True))

    def join_list(self, n: int, before: str = "", articles: bool = False) -> list[str]:
        """The separators between ``n`` list items: ``["", ", ", …, " and "]`` (the first is empty).
        When the text ``before`` the list ends with a preposition of ``[grammar]
        repeat_prepositions`` (French "à", "de", "en"), each separator repeats it, as French
        repeats them: "a vécu à A et à B" (then realised "en Virginie-Occidentale et au Maryland");
        with ``articles`` (an item of the list takes an article), so does a preposition of
        ``[grammar] repeat_before_articles``, which contracts with each item's article
        (Portuguese "morou no Maryland e na Virgínia Ocidental", but "influência de A e B").
        Each ``(n, before, articles)`` is worked out once per lexicon (a new list is returned)."""
        key = ("join_list", n, before, articles)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = tuple(self._join_list(n, before, articles))
        return list(found)

    def list_separators(self, surfaces: Sequence[str], before: str = "", articles: bool = False) -> list[str]:
        """:meth:`join_list` for the items written ``surfaces``, with ``[meta] list_last_serial`` (", and ") before
        the last where an earlier item holds the last separator's word ("British rhythm and blues, and blues rock",
        "WC and the Maad Circle, and Coolio") and the last separator is the plain one."""
        seps = self.join_list(len(surfaces), before, articles)
        serial = self.meta.get("list_last_serial")
        last = self.meta["list_last"]
        if (serial and len(surfaces) > 1 and seps[-1] == last
                and any(f" {last.strip()} " in f" {s} " for s in surfaces[:-1])):
            seps[-1] = serial
        return seps

    @property
    def list_joins(self) -> tuple[str, ...]:
        """Every text that joins list items (``[meta] list_separator``, ``list_last``, ``list_last_serial``)."""
        found = self.memo.get("list_joins")
        if found is None:
            found = self.memo["list_joins"] = tuple(
                str(self.meta[k]) for k in ("list_separator", "list_last", "list_last_serial") if self.meta.get(k))
        return found

    def _join_list(self, n: int, before: str, articles: bool) -> list[str]:
        if n <= 0:
            return []
        seps = [""] + [self.meta["list_separator"]] * (n - 1)
        if n >= 2:
            seps[-1] = self.meta["list_last"]
        words = before.split()
        grammar = self.data.get("grammar", {})
        repeat = set(grammar.get("repeat_prepositions", ())) | (set(grammar.get("repeat_before_articles", ()))
                                                               if articles else set())
        if words and words[-1] in repeat and before.endswith(" "):
            seps = [""] + [sep + words[-1] + " " for sep in seps[1:]]
        return seps


#: "the" with a space after it at the end of a text: a name written after it takes no second "the".
_THE_BEFORE = re.compile(r"(^|\s)the\s$", re.I)


@lru_cache(maxsize=16384)
def _parse(template: str) -> tuple[str, ...]:
    pieces: list[str] = []
    pos = 0
    for m in _SLOT.finditer(template):
        if m.start() > pos:
            pieces.append(template[pos : m.start()])
        pieces.append(m.group(0))
        pos = m.end()
    if pos < len(template):
        pieces.append(template[pos:])
    return tuple(pieces)


def _variants(value: str | list[str] | None) -> tuple[str, ...]:
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def _split_camel(name: str) -> str:
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).lower()


@lru_cache(maxsize=None)
def load_lexicon(lang: str = "en", news: bool = False) -> Lexicon:
    """The lexicon of language ``lang``; with ``news`` (the text of ``--mentions named`` and ``concepts``), the
    entries of its ``[news_templates]`` replace those of ``[templates]`` of the same property, and those of its
    ``[news_meta]`` those of ``[meta]``: wordings and rules that BENGAL's text (``--mentions all``, the B1–B10
    presets, whose bytes are kept) never had.

    Raises:
        UsageError: when there is no ``lang/<lang>.toml``.
    """
    data = load_toml(lexicon_path(lang))
    if news and data.get("news_templates"):
        data = {**data, "templates": {**data["templates"], **data["news_templates"]}}
    if news and data.get("news_meta"):  # [news_meta]: rules of news text that BENGAL's text never had
        data = {**data, "meta": {**data["meta"], **data["news_meta"]}}
    return Lexicon(lang, data)


def lexicon_path(lang: str) -> Path:
    """The file of the lexicon of ``lang`` (``bengal/generate/lang/<lang>.toml``).

    Raises:
        UsageError: when there is none.
    """
    path = _LANG_DIR / f"{lang}.toml"
    if not path.is_file():
        raise UsageError(f"no lexicon for language {lang!r} (available: {', '.join(LANGUAGES)})")
    return path
