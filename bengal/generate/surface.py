"""Surface forms other than the full label (``--surface-forms``), and the ambiguity of surface forms.

A mention need not say the entity's full label; the gold URI never changes. The
alternatives, by kind: ``family_name`` (a person's, after the first mention:
:func:`family_name`), ``unqualified`` (a place without its qualifier:
:func:`unqualified_place`), ``short_name`` (an organisation without its designator, "Arsenal" for
"Arsenal F.C.": :func:`short_name`), ``alt_label`` (a ``skos:altLabel`` of the KB in the language of the
text that passes :func:`alt_label_ok`) and ``acronym`` (an organisation's alt label that is its
initials: :func:`is_acronym`). :class:`AmbiguityIndex` counts, for a surface form, the KB entities
it can name in that language (es, pt, de, fr: the names the language writes, issue 13). Pronouns
(``--pronouns``) are :mod:`bengal.generate.gender`'s.

The referring-expression rule of news (:meth:`SurfaceForms.shorten_repeats`): full name first, then the
short name. In Reuters-128 and RSS-500 a later mention of an entity in a document is rarely its first
mention's surface ("Reagan", "Dominion", "Fed", "Tucson"); bengal's repeats were 92 % the full label.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Collection, Iterable, Mapping, Sequence, cast

from bengal.generate.gender import is_given_name
from bengal.generate.kbview import NOT_NAMES, Entity, graph_view
from bengal.generate.lexicon import NewsNames
from bengal.generate.nameparts import name_parts
from bengal.generate.verbalise import NameFit, Piece, Sentence, swap_entities
from bengal.kb.labels import local_name, surface_of, writable_label
from bengal.kb.names import label_forms, lexicon_forms, short_name, without_article
from bengal.kb.sparql import DBO, PREFIXES, SparqlKB, values

__all__ = ["SurfaceForms", "FIRST_MENTIONS", "SHORT_KINDS", "AmbiguityIndex", "AmbiguityDial", "PriorSenses",
           "order_seeds", "rank_seeds", "steers_content", "RANKED_OBJECTS", "family_name", "is_acronym",
           "alt_label_ok", "ALT_KINDS", "unqualified_place", "short_name", "split_qualified", "name_words",
           "document_name_words", "names_another", "restates_qualifier", "article_outside", "ARTICLE_OUTSIDE",
           "close_titles"]

#: ``--first-mention``: ``full`` (a person's family name only after the full name) or ``short`` (from the
#: first mention on, as KORE50 writes: :class:`SurfaceForms`'s ``short_first``).
FIRST_MENTIONS = ("full", "short")

_ROMAN = re.compile(r"^[IVXLC]+$")
_INITIAL = re.compile(r"^[A-Z]\.$")
#: The kinds of :meth:`SurfaceForms.forms` that are a shorter name for the same entity, in the order
#: :meth:`SurfaceForms.shorten_repeats` takes them (an alt label may be longer, or another name).
SHORT_KINDS = ("news_name", "family_name", "unqualified", "short_name", "acronym")
#: Classes whose people often go by a stage name (:func:`family_name`'s ``stage_name``).
STAGE_NAME_CLASSES = frozenset({"MusicalArtist", "Wrestler", "Comedian", "Model"})
_ALT_CHARS = re.compile(r"^[\w .,'&-]+$")
#: Family names that open a name (East Asian order: "Chen Shui-bian", "Xi Jinping", "Kim Jong-un", "Nguyen Van
#: Thieu"): the commonest Chinese (pinyin and Wade-Giles), Korean and Vietnamese ones (Wikipedia, "List of common
#: Chinese surnames", "List of Korean surnames", "Vietnamese name"; Singapore's and Malaysia's Hokkien, Teochew and
#: Cantonese spellings, "Toh Chin Chye", "Goh Chok Tong"; Cambodia's "Hun Sen"). A person's name that opens with one
#: has no family name form (:func:`family_name`): its last word is a given name, and which word is the family name
#: cannot be told from the label alone ("Lee Marvin" loses "Marvin": a full name is never wrong). Burmese names, which
#: have no family name at all, are told by :data:`BURMESE_NAME_WORDS`.
EAST_ASIAN_FAMILY_NAMES = frozenset("""
    Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo He Lin Gao Luo Zheng Liang Xie Song Tang
    Han Feng Deng Cao Peng Zeng Xiao Tian Dong Pan Yuan Cai Jiang Yu Du Ye Cheng Wei Su Lu Ding Ren Shen Yao Xi
    Mao Hou Qian Jin Tan Fu Lai Lam Chan Cheung Wong Leung Chow Ho Tsai Hsu Chang Chou Kuo Teng Chiang
    Toh Ong Teo Goh Ng Koh Yeo Chua Tay Khoo Quek Heng Yap Chong Lau Yip Tse Kwok Mok Hui Hun
    Kim Lee Park Choi Jung Jeong Kang Cho Yoon Jang Lim Shin Oh Seo Kwon Hwang Ahn Ryu Hong
    Nguyen Tran Le Pham Hoang Phan Vu Dang Bui Do Ngo Duong Ly
""".split())
#: The words of Burmese personal names, which have no family name ("Thein Sein" is never "Sein"; "Aung San Suu Kyi"
#: never "San Suu Kyi": a copy editor's reading, thirteenth session): the syllables of the Wikipedia article
#: "Burmese names" and of Myanmar's heads of state and government. A name all of whose words are in it has no
#: family-name form (:func:`family_name`).
BURMESE_NAME_WORDS = frozenset("""
    U Daw Ko Maung Saw Aung San Suu Kyi Thein Sein Than Shwe Tin Oo Win Myint Ne Nu Ba Khin Nyunt Kyaw Htin Min
    Hlaing Thant Soe Zaw Hla Myo Nyan Mya Thura Shwe Htoo Htun Tun Lwin Naing Moe Thet Wai Yan Zin Thiha Khaing
""".split())
#: A peer's title after the name ("William Palmer, 2nd Earl of Selborne", "Harold Alexander, 1st Earl Alexander of
#: Tunis"): the family name is the name's before it.
_PEERAGE = re.compile(r", (?:\d+(?:st|nd|rd|th) )?(?:Earl|Baron|Baroness|Viscount|Viscountess|Marquess|Marquis|Duke|"
                      r"Duchess|Countess|Count|Baronet)\b")
#: A regnal number I–XXXIX ("II", "XIV"; not a state's code such as "MD", "MI", "IL")
_REGNAL = re.compile(r"^(?=[XVI])X{0,3}(?:IX|IV|V?I{0,3})$")


@lru_cache(maxsize=65536)
def family_name(label: str, stage_name: bool = False) -> str | None:
    """A person's family name from ``nameparser`` ("Albert Einstein" → "Einstein",
    "Ludwig van Beethoven" → "van Beethoven"), or ``None`` when the name has no
    separate first and last part, has a regnal number ("Charles XIV John"), or the
    last part is not capitalised or is the whole name. With ``stage_name`` (a performer, whose
    name may be a stage name) also ``None`` when the first part is no given name
    (:func:`bengal.generate.gender.is_given_name`): "Tinchy Stryder" is not "Stryder", "Easy Mo
    Bee" not "Bee"; an initial is one ("M. Shadows" → "Shadows"). ``None`` too for a name in East Asian order:
    one that opens with a family name of :data:`EAST_ASIAN_FAMILY_NAMES` or ends in a hyphenated given name
    ("Tsai Ing-wen" is not "Ing-wen"; a new user's reading of the default set), and for a Burmese name (every word
    in :data:`BURMESE_NAME_WORDS`: "Thein Sein"). A peer's is the family name of the name before the title
    ("William Palmer, 2nd Earl of Selborne" → "Palmer"). ``None`` for a name that opens with an article (DBpedia types
    acts "The Alchemist" and "The Andrews Sisters" persons: "Alchemist", "Sisters" before) and for a last part of one
    letter ("Kenny G", "Cardi B", "Sheila E.", "Albert I, Prince of Monaco": "G", "B", "I" before; 54 of the sample's
    persons, 146 open with "The"). Worked out once a label (nameparser takes about 0.3 ms a name: its parts are kept
    between runs, :func:`bengal.generate.nameparts.name_parts`)."""
    name = surface_of(label)
    peer = _PEERAGE.search(name)
    if peer is not None:
        name = name[:peer.start()]  # "William Palmer, 2nd Earl of Selborne": "Palmer", not "William Palmer"
    words = name.split()
    if words and words[0] in ("The", "the"):
        return None  # "The Alchemist": an act's name, not a given name and a family name
    if words and (words[0] in EAST_ASIAN_FAMILY_NAMES or (len(words) > 1 and re.search(r"-[a-z]", words[-1]))):
        return None  # "Chen Shui-bian", "Tsai Ing-wen": the family name first, the last word a given name
    if words and all(w in BURMESE_NAME_WORDS for w in words):
        return None  # "Thein Sein": no family name
    first, last = name_parts(name)
    last = last.strip()
    if not first or not last or last == name or last not in name or len(last.rstrip(".")) == 1:
        return None  # a letter ("Kenny G", "Sheila E.") is no family name
    if stage_name and not (_INITIAL.match(first) or any(is_given_name(p) for p in first.split("-"))):
        return None
    if any(_ROMAN.match(w) for w in name.split()):
        return None
    if not last.split()[-1][:1].isupper() or not writable_label(last):
        return None
    return last


def unqualified_place(label: str) -> str | None:
    """The place name without its qualifier ("Cambridge, Massachusetts" → "Cambridge"), or ``None``."""
    name = surface_of(label)
    head, sep, _ = name.partition(", ")
    return head.strip() if sep and head.strip() else None


def restates_qualifier(named: Entity, pieces: Sequence[Piece]) -> bool:
    """Whether an entity of ``pieces`` is what the qualifier of ``named``'s written name names, so that
    a clause about ``named`` with it as object says again what the name said: "Santander, Spain" and
    Spain ("… in Santander, Spain, which is in Spain"), "Memphis, Tennessee" and Tennessee, "Nuffield
    College, Oxford" and Oxford.

    Rule: ``named``'s surface form has a qualifier (the parts after its first ", ", Wikipedia's
    comma-disambiguated titles), and another entity piece's surface form or label without its
    disambiguation parenthesis ("Georgia (U.S. state)" → "Georgia") is one of them. A name written
    without its qualifier ("Santander") restates nothing: the clause then tells the reader where it is.
    """
    _, sep, tail = named.surface.partition(", ")
    if not sep:
        return False
    qualifiers = {q.strip() for q in tail.split(", ") if q.strip()}
    return any(isinstance(p, Entity) and p.uri != named.uri and (p.surface in qualifiers or surface_of(p.label)
                                                                 in qualifiers) for p in pieces)


def is_acronym(form: str, label: str) -> bool:
    """Whether ``form`` is the initials of ``label``'s capitalised words (2–6 capitals,
    "IBM" for "International Business Machines"; "of", "the", "and" are skipped)."""
    if not (2 <= len(form) <= 6 and form.isalpha() and form.isupper()):
        return False
    initials = "".join(w[0] for w in re.split(r"[\s-]+", surface_of(label)) if w[:1].isupper())
    return form == initials


#: What an entity is, for :func:`alt_label_ok`'s rules on shorter forms.
ALT_KINDS = ("person", "place", "organisation", "other")
_SUFFIX = re.compile(r",? (?:Jr|Sr)\.?$")


def _squash(text: str) -> str:
    """The name without punctuation and spaces, ", Jr." read as " Jr." ("Martin Luther King, Jr.")."""
    return re.sub(r"[\W_]+", "", _SUFFIX.sub(lambda m: m.group().lstrip(","), text))


def _shorter_form_ok(form_words: list[str], label_words: list[str], form: str, label: str, kind: str) -> bool:
    """:func:`alt_label_ok`'s rule for a form made of the label's words (and, for a place, a state code):
    a person by the family name ("Kennedy"), the family name on ("Kennedy Jr.") or the first and last
    names without the middle ones ("Robert Millikan"), never a first name ("Douglas") or a middle one
    ("Wadsworth"), never with a word the label lacks ("Gordon Brown MP", "Mel Gibson DUI") nor an initial
    without the full stop the label gives it ("P Botha" for "P. W. Botha"); a place or an
    organisation by its label's first words ("Colorado Springs", "Sequent", "Washington"; a place's only when
    the words of its name left out open in lower case: "Frankfurt", never "Buenos" for Buenos Aires; an
    organisation's leading number or capitals may go: "FSV Mainz", "Mainz 05" for "1. FSV Mainz 05"),
    never its last ("Lanka" for Sri Lanka, "Trent" for Stoke-on-Trent, "Heat" for Miami Heat), and a place's qualifier
    only replaced by a code of it ("Memphis, TN" for "Memphis, Tennessee"; not "Chicago, WI" for
    "Chicago", which no label word can check); anything else (a work: "Slaughterhouse" for
    "Slaughterhouse-Five") keeps every word."""
    if kind == "person":
        if any(w not in label_words for w in form_words):
            return False
        if any(len(w) == 1 and w.isupper() and f"{w}." in label.split() for w in form.split()):
            return False  # "P Botha" for "P. W. Botha": an initial without its full stop is the label badly written
        from_family = family_name(label)
        tail = from_family.split() if from_family else label_words[-1:]
        if form_words == tail or (form_words[: len(tail)] == tail and form_words[len(tail):] == label_words[
                label_words.index(tail[0]) + len(tail): label_words.index(tail[0]) + len(form_words)]):
            return True  # the family name, or the family name on ("Kennedy Jr.")
        return len(form_words) >= 2 and form_words[0] == label_words[0] and form_words[-1] == label_words[-1]
    if kind in ("place", "organisation"):
        head, _, qualifier = surface_of(label).partition(", ")
        head_words = re.findall(r"[^\W_]+", head)
        extra = [w for w in form_words if w not in label_words]
        if extra:  # a qualifier written as its code
            code = extra[-1]
            return (kind == "place" and len(extra) == 1 and form_words[-1] == code and bool(qualifier)
                    and form_words[:-1] == head_words and _is_code_of(code, qualifier))
        if kind == "organisation":  # a club's number or letters first may go: "FSV Mainz", "Mainz 05"
            for start in range(len(label_words)):
                if form_words == label_words[start: start + len(form_words)]:
                    return True
                word = label_words[start]
                if not (word.isdigit() or (word.isupper() and len(word) <= 4)):
                    break
            return False
        # (a place's first words only when what is left opens in lower case, "Frankfurt" of "Frankfurt am Main";
        # never "Buenos" of "Buenos Aires", "New" of "New York": a name cut in two)
        rest = label_words[len(form_words):len(head_words)]
        return form_words == label_words[: len(form_words)] and not (rest and rest[0][:1].isupper())
    return not any(w not in label_words for w in form_words) and len(form_words) >= len(label_words)


def _is_code_of(code: str, qualifier: str) -> bool:
    """Whether the capitals ``code`` abbreviate ``qualifier``: its words' initials ("NY" for "New York")
    or its first letter and a later one ("TN" for "Tennessee", "CA" for "California")."""
    words = qualifier.split()
    if code == "".join(w[0] for w in words if w[:1].isupper()):
        return True
    q = qualifier.upper()
    return len(code) == 2 and q[:1] == code[0] and code[1] in q[1:]


def alt_label_ok(form: str, label: str, articles: Sequence[str] = ("the",), kind: str = "other") -> bool:
    """The filter for FactBench's noisy ``skos:altLabel``s: whether ``form`` may be written
    for the entity labelled ``label``.

    A form is kept when each of its words is a word of the label in the label's case or an
    abbreviation of 2–4 capitals ("Buffalo NY", "Kennedy" for "John F. Kennedy"), one at
    least is a label word, it has only letters, digits, spaces and ``.,'&-``, is at most 40
    characters, is not all capitals beyond six letters ("UNITED STATES OF AMERICA"), does
    not open with a definite article (``articles``: "the"; "el", "la", "der", "le", … in the other
    languages: the verbaliser writes articles), and is not the label itself. The label's words
    keep the label's order ("Clinton, Bill" and "Ohio Akron" are catalogue forms), a regnal
    number the label lacks is no abbreviation ("George Bush II"), and the form does not end in a
    comma or in a full stop that is no abbreviation's ("New Zealand,", "India."; "Jr." and "D.C."
    are kept), has no comma without a space after it ("Los Angeles,CA"), nor joins with a hyphen
    words the label keeps apart ("New-Zealand"): in the bundled
    sample these refuse 359 of the 2,051 English alt labels kept before. Then by what the entity is
    (``kind``, one of :data:`ALT_KINDS`), a form that drops words of the label must drop the ones news
    drops (:func:`_shorter_form_ok`: "Kennedy", "Colorado Springs", "Memphis, TN"; not "Douglas" for
    Douglas Adams, "Lanka", "Gordon Brown MP"), and a form that differs from the label only in
    punctuation and spaces is the label badly written ("Dwight D Eisenhower", "H H Asquith", "Alec
    Douglas Home", "Omaha Nebraska"), except ", Jr." written " Jr.": these refuse a further 479 of the
    sample's 1,677 kept before (a new user's reading found them in ``--like reuters128``).
    """
    surface = surface_of(label)
    if any(form.lower().startswith(a.lower() + " ") for a in articles):  # the verbaliser's ("the United States")
        return False
    if form.isupper() and len(form) > 6:  # "UNITED STATES OF AMERICA": shouting, not a name form
        return False
    if form == surface or form == label or len(form) > 40 or not _ALT_CHARS.match(form) or not writable_label(form):
        return False
    if form[-1] in ",;" or (form[-1] == "." and _stray_full_stop(form, surface)):  # "New Zealand,", "India."
        return False
    if re.search(r",(?! )", form):  # "Los Angeles,CA": a comma with no space after it
        return False
    tokens = {t.strip(",.") for t in surface.split()}
    if any("-" in t and t.strip(",.") not in tokens for t in form.split()):  # "New-Zealand": the label has a space
        return False
    ordered = re.findall(r"[^\W_]+", surface)
    label_words = set(ordered)
    form_words = re.findall(r"[^\W_]+", form)
    # every word is one of the label's (same case) or a short abbreviation ("Buffalo NY", not a
    # regnal number: "George Bush II" for George W. Bush): this drops misspellings ("Bert
    # Lancaster"), other entities ("Hecht-Hill-Lancaster Productions" for Burt Lancaster),
    # lower-cased forms and added qualifiers
    if not all(w in label_words or (w.isupper() and 2 <= len(w) <= 4 and not _REGNAL.match(w)) for w in form_words):
        return False
    # the label's words in the label's order: a catalogue's inversion ("Clinton, Bill") is no name form
    rest = iter(ordered)
    if not all(any(w == x for x in rest) for w in form_words if w in label_words):
        return False
    if not label_words & set(form_words):
        return False
    squashed = _squash(form)
    if squashed == _squash(surface):
        return _SUFFIX.search(form) is not None and _SUFFIX.search(surface) is not None  # "King, Jr." as "King Jr."
    return _shorter_form_ok(form_words, ordered, form, label, kind)


def _stray_full_stop(form: str, surface: str) -> bool:
    """Whether the full stop that ends ``form`` is punctuation caught with the name ("India."), not an
    abbreviation's: the last word is not a word of the label, has no other full stop ("D.C.") and is
    longer than a short abbreviation ("Jr.", "St.", "Inc.")."""
    last = form.split()[-1]
    return last not in surface.split() and "." not in last[:-1] and len(last) > 4


def alt_labels(kb: SparqlKB, uris: Sequence[str], lang: str = "en") -> dict[str, list[str]]:
    """``{uri: sorted skos:altLabels@lang}`` for the URIs that have any: read from the KB's in-memory view
    when it has one (:func:`bengal.generate.kbview.graph_view`, the same answers), else one query per 500."""
    view = graph_view(kb)
    if view is not None:
        return {u: list(found) for u in sorted(set(uris)) if (found := view.alt_labels(u, lang))}
    result: dict[str, set[str]] = {}
    uris = sorted(set(uris))
    for start in range(0, len(uris), 500):
        chunk = uris[start : start + 500]
        rows = kb.select(PREFIXES + f"""
                SELECT ?e ?a WHERE {{ {values('e', chunk)} ?e skos:altLabel ?a . FILTER(LANG(?a) = "{lang}") }}""")
        for e, a in cast("list[tuple[str, str]]", rows):  # no OPTIONAL: both bound
            result.setdefault(e, set()).add(a)
    return {e: sorted(v) for e, v in result.items()}


@dataclass(frozen=True)
class Form:
    """One alternative surface form: ``kind`` (see the module docstring) and ``text``."""

    kind: str
    text: str


def name_words(entities: Iterable[Entity]) -> dict[str, frozenset[str]]:
    """URI → the words of the entity's name (its label without a disambiguation parenthesis,
    split at spaces, a comma after a word dropped: "Trump" is a word of "Donald Trump, Jr."), for
    :func:`names_another`."""
    return {e.uri: frozenset(w.rstrip(",") for w in surface_of(e.label).split()) for e in entities}


def document_name_words(sentences: Iterable[Sentence]) -> dict[str, frozenset[str]]:
    """:func:`name_words` of the entities the ``sentences`` name (pronouns and concepts written as text
    left out: they name nobody by their words)."""
    return name_words(p for s in sentences for p in s.pieces
                      if isinstance(p, Entity) and p.form_kind != "pronoun" and p.form_kind not in NOT_NAMES)


def names_another(form: str, uri: str, words: Mapping[str, frozenset[str]]) -> bool:
    """Whether every word of ``form`` belongs to the name of an entity other than ``uri``
    (``words``: :func:`name_words` of the document's entities): "Hathaway" for Donny Hathaway where
    Lalah Hathaway is named too, "Gonzalez" beside two Gonzalezes; a reader could not tell which."""
    form_words = set(form.split())
    return any(form_words <= w for u, w in words.items() if u != uri)


#: The most (entity, named before) pairs :meth:`SurfaceForms.forms` keeps the forms of.
_FORMS_SIZE = 100_000


class SurfaceForms:
    """The alternative surface forms of entities, with the KB answers cached.

    Args:
        kb: the KB.
        persons, places, organisations: class IRIs (with their subclasses) of each kind.
        lang: the language of the text: its ``skos:altLabel``s are the alt labels (an entity's
            label, in :meth:`forms`, is the entity's label in that language).
        articles: the language's definite articles (:func:`alt_label_ok`).
        designators: the language's organisation designators (:func:`short_name`).
        news_names: the names news writes instead of some titles ("Britain", "Greece" for Greece national
            football team; the ``news_name`` form): :meth:`bengal.generate.lexicon.Lexicon.news_names`.
        fit: what the words beside a name depend on (English: :func:`bengal.generate.verbalise.name_fit`), so
            that a new form takes the article and possessive it needs (:func:`bengal.generate.verbalise.swap_entities`).
        short_first: a person's family name (and a one-word alt label) is a form from the first mention
            on (``--first-mention short``: KORE50's "Jobs and Baez were close friends"), not only after
            the entity was named.
    """

    def __init__(self, kb: SparqlKB, persons: set[str], places: set[str], organisations: set[str],
                 lang: str = "en", articles: Sequence[str] = ("the",), designators: Sequence[str] = (),
                 news_names: NewsNames | Mapping[str, Sequence[str]] | None = None,
                 fit: NameFit | None = None, short_first: bool = False) -> None:
        self.kb, self.persons, self.places, self.organisations = kb, persons, places, organisations
        #: the article and possessive a new form needs (:func:`bengal.generate.verbalise.swap_entities`);
        #: ``None``: the words beside a name are left as they are
        self.fit = fit
        self.lang, self.articles, self.designators = lang, tuple(articles), tuple(designators)
        self.news_names = news_names if isinstance(news_names, NewsNames) else NewsNames(news_names)
        self.short_first = short_first
        self._alt: dict[str, list[str]] = {}
        #: (URI, label, classes, named before) → the forms, for an entity whose alt labels were fetched: the
        #: microplanner asks for every entity piece of every candidate wording (issue 15)
        self._forms: dict[tuple[str, str, tuple[str, ...], bool], tuple[Form, ...]] = {}

    def prefetch(self, uris: Sequence[str]) -> None:
        """Fetch the altLabels of ``uris`` not asked for yet (one query per 500)."""
        todo = sorted({u for u in uris if u not in self._alt})
        if todo:
            found = alt_labels(self.kb, todo, self.lang)
            for u in todo:
                self._alt[u] = found.get(u, [])

    def forms(self, entity: Entity, named_before: bool) -> list[Form]:
        """The alternatives for a mention of ``entity`` (call :meth:`prefetch` first),
        in a fixed order: the name news writes for it (``news_names``: "Britain"), family name (only
        when ``named_before`` or ``short_first``), unqualified place name, short name (organisations), acronyms
        (organisations), then filtered alt labels. Worked out once an entity and ``named_before``, once its
        alt labels are fetched."""
        named_before = named_before or self.short_first
        key = (entity.uri, entity.label, entity.classes, named_before)
        found = self._forms.get(key)
        if found is None:
            found = self._forms_of(entity, named_before)
            if entity.uri in self._alt:
                if len(self._forms) >= _FORMS_SIZE:  # bounded: a long run names many entities once
                    self._forms.clear()
                self._forms[key] = found
        return list(found)

    def _forms_of(self, entity: Entity, named_before: bool) -> tuple[Form, ...]:
        out: list[Form] = [Form("news_name", n) for n in self.news_names.get(surface_of(entity.label), ())]
        classes = set(entity.classes)
        is_person = bool(classes & self.persons)
        if is_person and named_before:
            fam = family_name(entity.label, any(local_name(c) in STAGE_NAME_CLASSES for c in classes))
            if fam:
                out.append(Form("family_name", fam))
        if classes & self.places:
            head = unqualified_place(entity.label)
            if head:
                out.append(Form("unqualified", head))
        if classes & self.organisations:
            short = short_name(entity.label, self.designators)
            if short:
                out.append(Form("short_name", short))
        for a in self._alt.get(entity.uri, ()):
            if a in {f.text for f in out}:
                continue
            if classes & self.organisations and is_acronym(a, entity.label):
                out.append(Form("acronym", a))
            elif (alt_label_ok(a, entity.label, self.articles, "person" if is_person else "place"
                               if classes & self.places else "organisation" if classes & self.organisations
                               else "other")
                  and (named_before or not is_person or " " in a)):
                out.append(Form("alt_label", a))
        return tuple(out)

    def shorten_repeats(self, sentences: Sequence[Sentence],
                        skip: Callable[[str], bool] | None = None) -> list[Sentence]:
        """The sentences of one document with every later mention of an entity written in its first
        short form (:data:`SHORT_KINDS` order: "Merkel", "Camden", "Arsenal", "FBI") where it has one;
        the first mention keeps its form, and so do pronouns, plain-text pieces, the entities of
        ``skip`` (URIs), a mention already in another form than an alt label of two or more words
        ("Harry Truman" is "Truman" after it), a short form whose words all occur in
        another entity's name in the document (two Gonzalezes), a name before a possessive ("Capitol
        Records' label": the ending was chosen for the name) and a name whose final "." the short
        form lacks or adds where it ends the sentence ("played for Everton F.C." ends the sentence with the
        name's full stop; inside one, "Manchester City F.C. and …" is "Manchester City and …": a new user
        found one club written in full five times in a document, thirteenth session;
        call :meth:`prefetch` first for the acronyms). The URI, the gold, never changes.

        Source: the referring-expression rule of Reiter and Dale (full name first, then a short
        name), measured on Reuters-128 and RSS-500: 80 % and 100 % of repeated KB mentions there differ
        from the entity's first surface in the document."""
        out: list[Sentence] = []
        named: set[str] = set()
        # the words of every other entity's name in the document: "Gonzalez" is no short name when
        # Cassandra Gonzalez and Jill Gonzalez are both named
        words = document_name_words(sentences)
        for sentence in sentences:
            pieces = sentence.pieces
            swaps: list[tuple[int, Entity]] = []
            for i, p in enumerate(pieces):
                if not isinstance(p, Entity) or p.form_kind == "pronoun" or p.form_kind in NOT_NAMES:
                    continue
                # a label, or an alt label of two or more words ("Harry Truman … Harry Truman": a copy editor's
                # reading, thirteenth session); another form was chosen as it is
                in_full = p.form is None or (p.form_kind == "alt_label" and " " in p.surface)
                if p.uri in named and in_full and not (skip is not None and skip(p.uri)):
                    after = pieces[i + 1] if i + 1 < len(pieces) else ""
                    short = next((f for k in SHORT_KINDS for f in self.forms(p, True) if f.kind == k), None)
                    if (short is not None and isinstance(after, str) and not after.startswith("'")
                            and (short.text.endswith(".") == p.surface.endswith(".")
                                 or (p.surface.endswith(".") and after[:1] in (" ", ",")))
                            and not names_another(short.text, p.uri, words)):
                        swaps.append((i, p.with_form(short.text, short.kind)))
                named.add(p.uri)
            out.append(swap_entities(sentence, swaps, self.fit) if swaps else sentence)
        return out



#: Text that goes on after a place's qualifier (a space and a word): a comma closes the qualifier first.
_GOES_ON = re.compile(r" \w")


def split_qualified(sentences: Sequence[Sentence], qualifier_of: Callable[[Entity], Entity | None],
                    head_only: bool = False, named: Collection[str] | None = None) -> list[Sentence]:
    """The sentences with every place (or organisation) written by a label "Head, Qualifier" written as
    news writes it: two mentions, the head for the entity and the qualifier for the entity it names
    ("born in [Eugene], [Oregon]": ``Eugene,_Oregon`` and ``Oregon``), where ``qualifier_of(entity)``
    gives that entity (a KB fact of the first links it: the caller checks), else as it was.

    With ``head_only`` the qualifier is left out instead ("born in [Eugene]", the ``unqualified`` form:
    news writes both; the microplanner takes it where fewer names bring the density closer to its
    target). Only an entity piece written by its label is split (another form was chosen as it is: "Eugene",
    "Memphis, TN"); the head is the piece in the form kind ``place_head`` (the ambiguity dial leaves it
    as it is), so the gold URI never changes, and ``Sentence.predicate`` follows the two pieces added
    before it. ``named``: with ``head_only``, only the entities of these URIs (named before in the document)
    are written by the head alone, the others split as without it (news gives a town's state at its first
    mention). A place whose qualifier's entity the sentence names anyway is written by its head alone, with
    or without ``head_only``: "Hoboken is part of New Jersey", not "Hoboken, New Jersey is part of New
    Jersey" (a copy editor's reading, thirteenth session; 6 such sentences in 5,000 documents of
    ``bengal generate --docs 1000 --seed 3``, one run a strategy); so is a place written by its whole label
    (``qualifier_of`` gives no entity) whose qualifier is the surface form of a place the sentence names
    (:func:`_qualifier_said`: "was associated with Georgia and died in Washington", a new user's reading).

    The qualifier is parenthetical: where the sentence goes on after it, a comma closes it ("born in [Angus],
    [Scotland], and was given …", The Chicago Manual of Style 6.17; was "born in Angus, Scotland and was
    given …", found by a new user's reading); not in the subject, whose predicate piece the microplanner
    joins and compares as it is ("Eugene, Oregon is part of Lane County"), and not after a label written whole,
    which :func:`close_titles` closes once its surface is final.

    Source: the news corpora's boundaries. Reuters-128 writes a place's qualifier as a mention of its
    own 37 times ("Lohn, West Germany", "Fayetteville, N.C."), OKE 2015 21 times ("Imperia, Italy") and
    4 times as one mention; the issue found spaCy's misses on generated text to be mostly such boundaries.
    """
    out: list[Sentence] = []
    for sentence in sentences:
        pieces: list[Piece] = []
        predicate = sentence.predicate
        for i, p in enumerate(sentence.pieces):
            q = (qualifier_of(p) if isinstance(p, Entity) and p.form is None and p.form_kind not in NOT_NAMES
                 else None)
            head = unqualified_place(p.label) if isinstance(p, Entity) and q is not None else None
            if isinstance(p, Entity) and q is not None and head and (
                    (head_only and (named is None or p.uri in named))
                    or any(isinstance(o, Entity) and o.uri == q.uri for o in sentence.pieces)):
                pieces.append(p.with_form(head, "unqualified"))
            elif isinstance(p, Entity) and q is None and _qualifier_said(p, sentence.pieces):
                # a label written whole whose qualifier names a place the sentence names anyway ("was associated with
                # Georgia and died in Washington"; "… in Washington, Georgia" was written: a new user's reading)
                pieces.append(p.with_form(unqualified_place(p.label) or p.label, "unqualified"))
            elif isinstance(p, Entity) and q is not None and head:
                pieces += [p.with_form(head, "place_head"), ", ", q]
                if sentence.predicate and i < sentence.predicate:
                    predicate += 2
            elif (isinstance(p, str) and i > sentence.predicate and _GOES_ON.match(p) and len(pieces) >= 4
                  and isinstance(pieces[-3], Entity) and pieces[-3].form_kind == "place_head" and pieces[-2] == ", "):
                # the qualifier, a mention of its own after the place's head, closed by a comma as a parenthetical
                # (Chicago 6.17); never after the name that opens the sentence (its subject, which close_titles
                # closes at the end). A label written whole ("died in Roswell, Georgia, and released …") is closed by
                # close_titles too, on the finished sentence: closed here, a short form chosen later kept the comma
                # ("Pietà, is part of Floriana." for "Pietà, Malta", the other voice of "Floriana includes Pietà,
                # Malta", whose predicate index is 0; "Lansley … succeeded Young, in office." for George Young, Baron
                # Young of Cookham: a blind reader's and the copy editor's marks, twenty-first session)
                pieces.append("," + p)
            else:
                pieces.append(p)
        out.append(sentence.with_pieces(tuple(pieces), predicate)
                   if pieces != list(sentence.pieces) else sentence)
    return out


#: :func:`article_outside`'s form kind: a name whose own "The" is written as the article before the mention.
ARTICLE_OUTSIDE = "article_outside"


#: Text that ends with an apposition's "the NOUN " ("the band ", "the British band ", "The band "): "the", then up to
#: three words of which none is a preposition or conjunction, the last lower case and no article.
_NOT_IN_APPOSITION = r"(?!(?:with|in|of|for|and|by|to|on|at|from|the|a|an) )"
_APPOSITION_END = re.compile(rf"(?:^|\s)[Tt]he (?:{_NOT_IN_APPOSITION}[\w-]+ ){{0,2}}{_NOT_IN_APPOSITION}[a-z][\w-]* $")


def article_outside(sentences: Sequence[Sentence], takes_it: Callable[[Entity], bool]) -> list[Sentence]:
    """The sentences with every name that opens with its own "The " and whose entity ``takes_it`` (English news:
    a band) written as news writes it: the article as plain text before the mention, lower case inside a sentence
    ("worked with the [Isley Brothers]", "The [Beatles] recorded for …"), the mention the rest of the name (form
    kind :data:`ARTICLE_OUTSIDE`; the gold URI never changes, and neither do the tokens). Not a name whose rest
    opens with "The" too ("The The"), not where no text comes before the name but the sentence's start, and not
    after an apposition ("the band The Who", :data:`_APPOSITION_END`: "the band the Who" read as a doubled article
    to a new user, 28 times in `bengal generate --docs 300 --seed 1 --strategy S` over the five strategies).
    Only a name written by its label (another form was chosen as it is); ``Sentence.predicate`` follows a piece
    added before it.

    Source: the style of Wikipedia (MOS:THEMUSIC: "the Beatles" in running text) and of news, and the manual
    corpora's boundaries, which leave the article outside ("the [Rolling Stones]"); a copy editor's reading of the
    default set marked "founded by The Isley Brothers" (fifteenth session), 177 of 238 band names opening with
    "The" stood inside a sentence in `bengal generate --docs 300 --seed 1 --strategy S` over the five strategies.
    """
    out: list[Sentence] = []
    for sentence in sentences:
        pieces: list[Piece] = []
        predicate = sentence.predicate
        for i, p in enumerate(sentence.pieces):
            rest = (without_article(p.surface) if isinstance(p, Entity) and p.form is None
                    and p.form_kind not in NOT_NAMES else None)
            if rest is None or not isinstance(p, Entity) or not takes_it(p):
                pieces.append(p)
                continue
            before = pieces[-1] if pieces else None
            if before is None:
                pieces += ["The ", p.with_form(rest, ARTICLE_OUTSIDE)]
                if sentence.predicate:
                    predicate += 1
            elif isinstance(before, str) and before.endswith(" ") and not _APPOSITION_END.search(before):
                pieces[-1] = before + "the "
                pieces.append(p.with_form(rest, ARTICLE_OUTSIDE))
            else:
                pieces.append(p)
        out.append(sentence.with_pieces(tuple(pieces), predicate)
                   if pieces != list(sentence.pieces) else sentence)
    return out


def close_titles(sentences: Sequence[Sentence], has_title: Callable[[str], bool]) -> list[Sentence]:
    """The sentences with a comma after every name written with a title after a comma (``has_title(surface)``,
    English news: :func:`bengal.generate.realise.title_after_comma`: "Henry Page Croft, 1st Baron Croft") where the
    sentence goes on with a word: the title is parenthetical ("… Croft, came from Britain"; The Chicago Manual of
    Style 6.17). So is a place's qualifier in the subject, which :func:`split_qualified` leaves open (the
    microplanner joins and compares the subject as it is): "Gmina Piaski, Greater Poland Voivodeship, forms part of
    Gostyń County", "Saint-Gaudens, Haute-Garonne, is a settlement in France", whether the qualifier is a mention of
    its own (after a ``place_head`` piece and ", ") or part of a place's label written whole. Applied to finished
    sentences, after every surface form was chosen ("Croft came from Britain" for the short form takes none); the
    pieces' number and order are kept, so ``Sentence.predicate`` stays.

    Source: a copy editor's reading (seventeenth session): "The politician Herbert Samuel, 1st Viscount Samuel
    served while MacDonald was prime minister", 12 sentences in `bengal generate --docs 300 --seed 1 --strategy S`
    over the five strategies; a new user's reading (eighteenth session) of `--like reuters128`: "Gmina Piaski,
    Greater Poland Voivodeship forms part of Gostyń County"."""
    out: list[Sentence] = []
    for sentence in sentences:
        pieces = list(sentence.pieces)
        for i in range(1, len(pieces)):
            p, before = pieces[i], pieces[i - 1]
            if not (isinstance(p, str) and _GOES_ON.match(p) and isinstance(before, Entity)
                    and before.form_kind not in NOT_NAMES):
                continue
            if (has_title(before.surface) or _places_qualifier(pieces, i - 1)
                    or (DBO + "Place" in before.classes and before.form is None and ", " in before.surface)):
                pieces[i] = "," + p
        out.append(sentence.with_pieces(tuple(pieces), sentence.predicate)
                   if pieces != list(sentence.pieces) else sentence)
    return out


def _places_qualifier(pieces: Sequence[Piece], k: int) -> bool:
    """Whether ``pieces[k]`` is the qualifier :func:`split_qualified` wrote after a place's head ("[Eugene],
    [Oregon]": a ``place_head`` piece, ", ", then this one)."""
    head = pieces[k - 2] if k >= 2 else None
    return pieces[k - 1] == ", " and isinstance(head, Entity) and head.form_kind == "place_head"


def _qualifier_said(entity: Entity, pieces: Sequence[Piece]) -> bool:
    """Whether ``entity`` (a piece written by its label) is a place whose label's qualifier ("Georgia" of
    "Washington, Georgia") is the surface form of a place another piece of ``pieces`` names. The narrow form of
    :func:`restates_qualifier` (which also takes each comma part and another piece's label): only a place, only
    the whole qualifier, only as written, so that no name the sentence does not show as the qualifier shortens it."""
    if entity.form is not None or entity.form_kind in NOT_NAMES or DBO + "Place" not in entity.classes:
        return False
    head, sep, qualifier = surface_of(entity.label).partition(", ")
    return bool(sep and head and qualifier) and any(
        isinstance(o, Entity) and o.uri != entity.uri and o.surface == qualifier and DBO + "Place" in o.classes
        for o in pieces)


class AmbiguityIndex:
    """How many KB entities a surface form can name (a per-run index of the whole KB).

    A form names an entity when it is one of the KB's names of the entity
    (:func:`bengal.kb.names.label_forms` of each label: the label without its disambiguation
    parenthesis, the part of that before the first comma ("Cambridge" names ``Cambridge`` and
    ``Cambridge,_Massachusetts``), the last word of a person's label (an approximation of the family
    name, cheap for 44,000 persons); and each ``skos:altLabel``), the definition ``bengal stats``
    counts with (:class:`bengal.kb.names.NameIndex`); or one of the names the lexicon writes
    (:func:`bengal.kb.names.lexicon_forms`: the label without an organisation designator,
    ``designators``: "Arsenal" names ``Arsenal_F.C.``; the name news writes for the label,
    ``news_names``: "Britain" names ``United_Kingdom``, "Greece" names
    ``Greece_national_football_team``). :meth:`entities` counts both, and is what the dial steers by;
    :meth:`kb_entities` the KB's names alone. Comparison is exact (case-sensitive). A person is an
    entity typed one of ``persons`` (the subclasses of ``dbo:Person``).

    In another language (``lang`` with ``labels``) the labels are the names the language writes,
    ``labels`` (:attr:`bengal.generate.lang.naming.LanguageNames.written`: each nameable entity's label
    in the language, or a person's English title), and the alt labels are the ``skos:altLabel``s
    in ``lang``: an English label that the language never writes makes no name ambiguous.
    """

    def __init__(self, kb: SparqlKB, persons: set[str], lang: str = "en",
                 labels: dict[str, str] | None = None, designators: Sequence[str] = (),
                 news_names: NewsNames | Mapping[str, Sequence[str]] | None = None) -> None:
        kb_names: dict[str, set[str]] = {}  # form -> entities, by the KB's names
        written: dict[str, set[str]] = {}  # form -> entities, by the lexicon's names
        news = news_names if isinstance(news_names, NewsNames) else NewsNames(news_names)
        # no OPTIONAL in these queries: every variable is bound in every row
        rows: list[tuple[str, str]] = sorted(labels.items()) if labels is not None else cast(
            "list[tuple[str, str]]", kb.select(
                PREFIXES + 'SELECT ?e ?l WHERE { ?e rdfs:label ?l . FILTER(LANG(?l) = "en") }'))
        people = {r[0] for r in kb.select(PREFIXES + f"""
            SELECT DISTINCT ?e WHERE {{ {values('c', sorted(persons))} ?e a ?c }}""")}
        # (person, form) of the forms a person's first mention does not take unless --first-mention short
        # (SurfaceForms.forms): the last word of the label, a one-word alt label
        later: set[tuple[str, str]] = set()
        for e, label in rows:
            forms = label_forms(label, person=e in people)
            for form in forms:
                kb_names.setdefault(form, set()).add(e)
            if e in people and len(forms) > 1 and " " not in forms[-1] and " " in forms[0]:
                later.add((e, forms[-1]))
            for form in lexicon_forms(label, designators, news.get):
                written.setdefault(form, set()).add(e)
        for e, a in cast("list[tuple[str, str]]", kb.select(
                PREFIXES + f'SELECT ?e ?a WHERE {{ ?e skos:altLabel ?a . FILTER(LANG(?a) = "{lang}") }}')):
            kb_names.setdefault(a, set()).add(e)
            if e in people and " " not in a:
                later.add((e, a))
        #: the KB-names count of the forms where it is not :attr:`_count` (a lexicon's name adds an entity)
        self._kb_count: dict[str, int] = {}
        index = kb_names  # the lexicon's names join the KB's, in place (a whole KB's sets, not copied)
        for form, es in written.items():
            known = index.setdefault(form, set())
            before = len(known)
            known |= es
            if len(known) != before:
                self._kb_count[form] = before
        self._count = {form: len(es) for form, es in index.items()}
        #: the entities that some form of theirs, as counted here, shares with another entity
        self.ambiguous_entities = frozenset(e for es in index.values() if len(es) > 1 for e in es)
        #: those whose shared form may be a first mention without ``--first-mention short``: a form other than a
        #: person's family name (the last word of the label) or one-word alt label ("Dottie West" is in
        #: :attr:`ambiguous_entities` for "West", not here)
        self.ambiguous_first = frozenset(e for form, es in index.items() if len(es) > 1
                                         for e in es if (e, form) not in later)

    def entities(self, form: str) -> int:
        """The number of KB entities ``form`` can name, by the KB's names and the lexicon's (0 for a form
        the KB does not know)."""
        return self._count.get(form, 0)

    def kb_entities(self, form: str) -> int:
        """The number of KB entities ``form`` can name by the KB's names alone
        (:func:`bengal.kb.names.label_forms`, alt labels), as ``bengal stats`` counts them in English
        (:meth:`bengal.kb.names.NameIndex.senses`)."""
        return self._kb_count.get(form, self._count.get(form, 0))


class PriorSenses:
    """Which sense of an ambiguous KB name is its most popular one (``--rare-senses``).

    For each surface form of :class:`bengal.kb.names.NameIndex` that names two or more KB entities, the
    prior sense is the entity with the highest KB in-degree (ties: the smallest URI): the sense a linker
    with a popularity prior picks, and the one ``bengal stats``' KB-prior ceiling counts as right
    (docs/shape.md, ``kb_prior_ceiling``). A *rare* sense of a form is any other entity it names.

    Attributes:
        dominated: the entities that are a rare sense of at least one form (the seeds and facts the dial
            prefers with ``--rare-senses``).
    """

    def __init__(self, entities_of: Mapping[str, Iterable[str]], in_degree: Mapping[str, int]) -> None:
        self._prior: dict[str, str] = {}
        dominated: set[str] = set()
        for form, named in entities_of.items():
            senses = list(named)
            if len(senses) < 2:
                continue
            top = min(senses, key=lambda e: (-in_degree.get(e, 0), e))
            self._prior[form] = top
            dominated.update(e for e in senses if e != top)
        self.dominated = frozenset(dominated)

    def is_rare(self, form: str, uri: str) -> bool:
        """Whether ``form`` names two or more KB entities and ``uri`` is not the most popular of them (a
        form the KB does not hold, or holds for one entity only, is no rare sense)."""
        prior = self._prior.get(form)
        return prior is not None and prior != uri


class AmbiguityDial:
    """``--ambiguity X``: rewrites a document's mentions so that about ``X`` of them have a
    surface form that names more than one KB entity (:class:`AmbiguityIndex`).

    For each entity mention in text order (pronouns and emerging entities excepted) the
    options are its label and its :meth:`SurfaceForms.forms` (family name only after the
    entity was named, unqualified place name, acronym, filtered alt labels: natural names of
    that entity, never another's). An error-diffusion rule keeps the running share on
    target: while the ambiguous mentions so far are fewer than ``X`` × the mentions so far
    (this one included), an ambiguous option is taken if there is one, else an unambiguous
    one (the label first). Among several options of the wanted kind the label comes first,
    then the order of :meth:`SurfaceForms.forms`; with ``prefer_forms`` (``--surface-forms`` given: the
    user asked for names other than the label) the other forms come first and the label last. The rule
    is deterministic: no random draw.

    Where the KB has no ambiguous form for a mention, the dial cannot make one: the share
    reached is what the manifest reports (``stats["ambiguity"]``), never the target.

    Args:
        target: ``X`` in [0, 1].
        forms: the alternative surface forms (prefetch the document's URIs first).
        index: the KB's ambiguity index.
        skip: ``skip(uri) -> bool``, entities left as they are (emerging entities).
        prefer_forms: among the options of the wanted kind, take another form before the label.
        rare: ``--rare-senses``: an ambiguous option that is a rare sense of its form
            (:meth:`PriorSenses.is_rare`) is taken before the other ambiguous options, and the facts
            kept at a target of 0.5 or more are those whose object is a rare sense of some name
            (:attr:`PriorSenses.dominated`) where two or more are.
    """

    def __init__(self, target: float, forms: SurfaceForms, index: AmbiguityIndex,
                 skip: Callable[[str], bool] | None = None, prefer_forms: bool = False,
                 rare: PriorSenses | None = None) -> None:
        self.target, self.forms, self.index = target, forms, index
        self.skip = skip or (lambda uri: False)
        self.prefer_forms = prefer_forms
        self.rare = rare
        #: the entities whose first mention can be an ambiguous name: :attr:`AmbiguityIndex.ambiguous_entities`
        #: with ``--first-mention short``, else :attr:`AmbiguityIndex.ambiguous_first` (most objects are named
        #: once: "Dottie West" is no ambiguous mention unless written "West")
        self.ambiguous_names = index.ambiguous_entities if forms.short_first else index.ambiguous_first
        self._steers = steers_content(target, forms.short_first)  # asked by wants for every fact a strategy weighs

    @property
    def steers_content(self) -> bool:
        """Whether the dial also chooses seeds and facts by their objects' names (:func:`steers_content`)."""
        return self._steers

    def wants(self, prop: str, obj: Entity) -> bool:
        """Whether the strategies should take the fact ``(…, prop, obj)`` before others
        (:attr:`bengal.generate.strategies.StrategyContext.prefer`) where :attr:`steers_content`: at a target of
        0.5 or more, one whose object is in :attr:`ambiguous_names`, under 0.1 one whose object is not; else none.
        Measured with 100 documents, seed 0, ``--ambiguity 1`` (with the seed ranking of :func:`rank_seeds`):
        path 0.38 → 0.45 of mentions ambiguous, hybrid 0.44 → 0.45."""
        if not self.steers_content:
            return False
        return (obj.uri in self.ambiguous_names) == (self.target >= 0.5)

    def prefer_facts(self, facts: Sequence[tuple[str, Entity]]) -> list[tuple[str, Entity]]:
        """The seed's facts a strategy may choose from: at a target of 0.5 or more, only those
        whose object has an ambiguous name in any of its forms (:attr:`AmbiguityIndex.ambiguous_entities`, wider
        than :attr:`ambiguous_names`: kept to :attr:`ambiguous_names`, star's first pass under the count planner
        found too few seeds with enough facts, and reached 0.20 of mentions ambiguous rather than 0.52); at a
        target under 0.1, only those whose object has none; otherwise, or when fewer than two
        facts are left, all. The facts stay true: the dial only chooses among them."""
        if 0.1 <= self.target < 0.5:
            return list(facts)
        want = self.target >= 0.5
        if want and self.rare is not None:
            rare = [(p, o) for p, o in facts if o.uri in self.rare.dominated]
            if len(rare) >= 2:
                return rare
        kept = [(p, o) for p, o in facts if (o.uri in self.index.ambiguous_entities) == want]
        return kept if len(kept) >= 2 else list(facts)

    def choose(self, entity: Entity, named_before: bool, want_ambiguous: bool,
               words: Mapping[str, frozenset[str]] | None = None) -> Entity:
        """The entity written in a form of the wanted kind when it has one, else as it is. A form
        whose words all belong to another name of the document (``words``: :func:`name_words`) is never
        taken: "Eisenhower was related to Eisenhower" names two people alike for a reader."""
        label = entity.with_form(None, None)
        others = [entity.with_form(f.text, f.kind) for f in self.forms.forms(entity, named_before)
                  if words is None or not names_another(f.text, entity.uri, words)]
        options = [*others, label] if self.prefer_forms else [label, *others]
        if want_ambiguous and self.rare is not None:
            for o in options:
                if self.rare.is_rare(o.surface, entity.uri) and self.index.entities(o.surface) > 1:
                    return o
        for o in options:
            if (self.index.entities(o.surface) > 1) == want_ambiguous:
                return o
        return entity

    def apply_sentences(self, sentences: Sequence[Sentence]) -> list[Sentence]:
        """The sentences with their entity pieces rewritten, in text order (the URIs' alt
        labels are fetched first). A new form ending in "." before a piece that opens with
        "." is not taken (the sentence's full stop was placed for the label), nor a qualified label whose
        qualifier a later name of the sentence restates (:func:`restates_qualifier`). A person once written
        by the family name keeps it ("The musician Wilson … Steven Wilson" read as two people), and an
        organisation once written without its designator keeps that ("Tokuyama … Tokuyama Corporation")."""
        self.forms.prefetch(sorted({p.uri for s in sentences for p in s.pieces
                                    if isinstance(p, Entity) and not self.skip(p.uri)}))
        out: list[Sentence] = []
        named: set[str] = set()
        words = document_name_words(sentences)
        family: dict[str, Entity] = {}  # the people written by their family name, organisations by short name
        done = ambiguous = 0
        for sentence in sentences:
            pieces = sentence.pieces
            swaps: list[tuple[int, Entity]] = []
            for i, p in enumerate(pieces):
                if not isinstance(p, Entity) or p.form_kind == "pronoun":
                    continue
                chosen = p
                if not self.skip(p.uri) and p.form_kind != "place_head" and p.form_kind not in NOT_NAMES:
                    want = ambiguous < self.target * (done + 1) - 1e-9
                    chosen = family.get(p.uri) or self.choose(p, p.uri in named, want, words)
                    if chosen.form_kind in ("family_name", "short_name"):
                        family.setdefault(p.uri, chosen)
                    after = pieces[i + 1] if i + 1 < len(pieces) else ""
                    if chosen.surface.endswith(".") and isinstance(after, str) and after.startswith("."):
                        chosen = p
                    if restates_qualifier(chosen, pieces[i + 1:]) and not restates_qualifier(p, pieces[i + 1:]):
                        chosen = p  # "Santander, which is in Spain" never becomes "Santander, Spain, which is in Spain"
                if chosen != p:
                    swaps.append((i, chosen))
                done += 1
                ambiguous += self.index.entities(chosen.surface) > 1
                named.add(p.uri)
            out.append(swap_entities(sentence, swaps, self.forms.fit) if swaps else sentence)
        return out


def order_seeds(order: Sequence[str], target: float, ambiguous: Callable[[str], bool], seed: int) -> list[str]:
    """The seed candidates re-ordered for ``--ambiguity target``: the next candidate is one whose
    name is ambiguous (``ambiguous(uri)``, e.g. in :attr:`AmbiguityIndex.ambiguous_entities`)
    with probability ``min(1, 2 × target)``, else one whose name is not, each list in its given
    order (a random draw of ``Random(f"{seed}|ambiguity")``); when one list runs out the other
    follows. Target 0 puts unambiguous names first, 0.5 and above ambiguous names first."""
    amb = [u for u in order if ambiguous(u)]
    plain = [u for u in order if not ambiguous(u)]
    p = min(1.0, 2 * target)
    rng = random.Random(f"{seed}|ambiguity")
    out: list[str] = []
    i = j = 0
    while i < len(amb) and j < len(plain):
        if rng.random() < p:
            out.append(amb[i])
            i += 1
        else:
            out.append(plain[j])
            j += 1
    return out + amb[i:] + plain[j:]


def steers_content(target: float, short_first: bool) -> bool:
    """Whether ``--ambiguity target`` chooses the seeds (:func:`rank_seeds`) and the strategies' facts
    (:meth:`AmbiguityDial.wants`) by how many of their objects have ambiguous names: at a target of 0.5 or more or
    under 0.1, where names are written in full at their first mention (not ``short_first``, ``--first-mention
    short``). With ``short_first`` a person's family name already gives most mentions an ambiguous form (0.41–0.53
    of mentions at 1 for the five strategies), and steering there shifted ``--like kore50``'s type mix towards
    people and places (6 of its 10 figures outside ±20 % of KORE50's rather than 2 to 4, seeds 0–2) and moved
    its systems' ranking from KORE50's (``benchmarks/bench_validity.py --only like-kore50``: Kendall +0.6 on
    seeds 0, 1 and 2 rather than +0.8, the capitalisation rule above 1, 2 and 1 spaCy pipelines rather than none)."""
    return not short_first and not 0.1 <= target < 0.5


#: :func:`rank_seeds` counts at most this many objects with an ambiguous name per candidate: a candidate with
#: more is no better (a document names a few of its objects), and its share of them decides among equals.
RANKED_OBJECTS = 3


def rank_seeds(order: Sequence[str], target: float, objects: Callable[[str], Sequence[str]],
               ambiguous: Callable[[str], bool], window: int) -> list[str]:
    """The seed candidates for ``--ambiguity target``: the first ``window`` of ``order`` ranked by the ambiguous
    names a document about them can start from, the rest after them as they are; at a target under 0.1 the
    other way round (fewest first); between 0.1 and 0.5, ``order`` itself. The caller ranks only where
    :func:`steers_content`.

    A candidate's rank: 1 if its own name is ambiguous (``ambiguous(uri)``) plus the number of its objects
    (``objects(uri)``: the objects of its outgoing facts, as URIs) with an ambiguous name, at most
    :data:`RANKED_OBJECTS`, higher first; then the share of its objects with one, higher first; ties keep
    their order (a stable sort). Measured on the bundled sample, 100 documents, seed 0, ``--ambiguity 1``
    (names written in full at their first mention), with :meth:`AmbiguityDial.wants`: ambiguous mentions
    star 0.17 → 0.52, path 0.25 → 0.45, hybrid 0.23 → 0.45, summary 0.17 → 0.52, sym 0.36 → 0.46. A window of
    20 candidates a document instead of 100 gave star 0.40; the seed's name counted in all its forms
    (:attr:`AmbiguityIndex.ambiguous_entities`) rather than those of a first mention, 0.44.

    Args:
        order: the candidates in their order (:func:`order_seeds`).
        target: the ``--ambiguity`` target.
        objects: a candidate's objects (asked once per candidate in the window: a fact look-up each).
        ambiguous: whether an entity's first mention can be an ambiguous name
            (:attr:`AmbiguityDial.ambiguous_names`).
        window: how many candidates are ranked (``bengal.generate.pipeline.FACT_RICH_WINDOW`` a document).
    """
    if 0.1 <= target < 0.5:
        return list(order)
    sign = -1 if target >= 0.5 else 1

    def rank(uri: str) -> tuple[int, float]:
        objs = set(objects(uri))
        n = sum(1 for o in objs if ambiguous(o))
        return sign * (min(n, RANKED_OBJECTS) + ambiguous(uri)), sign * (n / len(objs) if objs else 0.0)

    return sorted(order[:window], key=rank) + list(order[window:])
