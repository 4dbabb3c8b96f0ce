"""Entity labels in German, Spanish, French and Portuguese for the sample, from the label files of
``multilingual/`` in the sources folder (their ``README.md`` gives sources, licences and matching).

Each file is a TSV ``iri lang label kind source match``. Per entity and language the builder writes
one ``rdfs:label@lang``, chosen by :func:`choose_labels` in the README's source priority
(:data:`MATCH_TIERS`: a DBpedia chapter label first, a heuristic pick from a Wikidata alias set
last), and the files' ``alt`` forms as ``skos:altLabel@lang``. ``kb/README.md`` documents the rule and
the counts.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from urllib.parse import unquote

from bengal.errors import InputError
from bengal.kb.sample.sources import Sources
from bengal.rdf import DBR

__all__ = ["EXCLUDED_SOURCES", "LABEL_FILES", "LABEL_HEADER", "LABEL_LANGUAGES", "MATCH_TIERS", "LabelRow",
           "REFUSALS", "ENGLISH_PLACE_WORDS", "read_labels", "refusal", "choose_labels"]

LABEL_LANGUAGES = ("de", "es", "fr", "pt")
"""The languages of the label files (and of the ontology labels the sample keeps beside English)."""

LABEL_HEADER = ["iri", "lang", "label", "kind", "source", "match"]
"""The header of every label file."""

LABEL_FILES = ("labels_kens_dbp5l", "labels_srprs", "labels_dbp15k", "labels_factbench", "labels_cldr",
               "labels_bmlama", "labels_mlkge", "labels_xfactr")
"""The label files (:data:`bengal.kb.sample.sources.SOURCE_FILES` keys); within one tier and
support, an earlier file wins."""

MATCH_TIERS: tuple[tuple[str, str], ...] = (
    ("dbpedia-iri+", "DBpedia chapter label (interlanguage link)"),
    ("owl:sameAs", "owl:sameAs to a DBpedia chapter"),
    ("english-name->title:title-exact", "English name = page title"),
    ("english-name->title:", "English name = page title, case-folded or without parenthesis"),
    ("wikidata-qid", "Wikidata label (QID)"),
    ("wikidata-qid;label-heuristic", "heuristic pick from a Wikidata alias set"),
)
"""How a row was tied to the sample's IRI (its ``match`` field), best first: the source priority
of ``multilingual/README.md`` (a DBpedia interlanguage link is the most reliable; a
``label-heuristic`` pick only where no better source has a label). A pattern ending in ``+`` or
``:`` is a prefix (``dbpedia-iri+ILL``, ``english-name->title:title-casefold``), any other must be
the whole field. A row's tier is the place of its pattern here."""

EXCLUDED_SOURCES = {
    "pycountry-iso3166-2": "ISO 3166-2 subdivision names from Debian's iso-codes are LGPL-2.1, a licence "
                           "the sample's CC BY-SA cannot carry",
}
"""Row sources (the ``source`` field) the builder reads past, with the reason; each skipped row is
counted (``"<file>: rows of <source> not used"``)."""

_KINDS = ("label", "alt")


@dataclass(frozen=True)
class LabelRow:
    """One row of a label file.

    Attributes:
        lang: ``de``, ``es``, ``fr`` or ``pt``.
        label: the name, whitespace-trimmed.
        kind: ``label`` (an rdfs:label candidate) or ``alt`` (a skos:altLabel).
        tier: the place of ``match`` in :data:`MATCH_TIERS` (0 best).
        file_rank: the place of the row's file in :data:`LABEL_FILES`.
        source: the ``source`` field (dataset and part, e.g. ``cldr-territory``).
        match: the ``match`` field (how the row was tied to the IRI).
    """

    lang: str
    label: str
    kind: str
    tier: int
    file_rank: int
    source: str
    match: str = ""


def _tier(match: str) -> int | None:
    for i, (pattern, _) in enumerate(MATCH_TIERS):
        prefix = pattern[-1] in "+:"
        if (match.startswith(pattern) and len(match) > len(pattern)) if prefix else match == pattern:
            return i
    return None


def read_labels(src: Sources, files: tuple[str, ...] = LABEL_FILES,
                counts: Counter[str] | None = None) -> dict[str, list[LabelRow]]:
    """The rows of the label files, per entity IRI (as written in the files).

    Args:
        src: the sources folder.
        files: the :data:`bengal.kb.sample.sources.SOURCE_FILES` keys to read, best first.
        counts: where to count the rows per file (``"<file>: rows"``) and the labels trimmed of
            surrounding whitespace (``"labels trimmed"``).

    Raises:
        InputError: naming the file and line: another header, a row of another width, an IRI
            outside ``http://dbpedia.org/resource/``, a language other than de/es/fr/pt, a kind
            other than label/alt, a ``match`` no tier knows, or an empty label.

    Rows whose ``source`` is in :data:`EXCLUDED_SOURCES` are counted and not returned.
    """
    counts = Counter() if counts is None else counts
    rows: dict[str, list[LabelRow]] = defaultdict(list)
    for rank, key in enumerate(files):
        where = str(src.path(key))
        name = src.path(key).name
        for line, (iri, lang, label, kind, source, match) in src.tsv_rows(key, LABEL_HEADER):
            if not iri.startswith(DBR) or len(iri) == len(DBR):
                raise InputError(f"not a DBpedia resource IRI: {iri!r}", source=where, line=line)
            if lang not in LABEL_LANGUAGES:
                raise InputError(f"language {lang!r} is not one of {', '.join(LABEL_LANGUAGES)}",
                                 source=where, line=line)
            if kind not in _KINDS:
                raise InputError(f"kind {kind!r} is neither 'label' nor 'alt'", source=where, line=line)
            tier = _tier(match)
            if tier is None:
                raise InputError(f"unknown match {match!r} (known prefixes: "
                                 f"{', '.join(p for p, _ in MATCH_TIERS)})", source=where, line=line)
            if source in EXCLUDED_SOURCES:
                counts[f"{name}: rows of {source} not used"] += 1
                continue
            text = label.strip()
            if not text:
                raise InputError("empty label", source=where, line=line)
            if text != label:
                counts["labels trimmed of surrounding whitespace"] += 1
            counts[f"{name}: rows"] += 1
            rows[iri].append(LabelRow(lang, text, kind, tier, rank, source, match))
    return rows


REFUSALS: dict[str, str] = {
    "primary-topic translation": "the English name matched the page title only without its parenthesis "
                                 "(Bastille_(band)) and the name in the language differs from it: it "
                                 "translates the word's primary sense (es 'Bastilla', the fortress), not "
                                 "the band, song or company the parenthesis names",
    "English title of a place": "a heuristic pick equal to a place's English title written with English "
                                "words ('South Australia', 'County Mayo') or a comma qualifier ('Raleigh, "
                                "North Carolina'): an untranslated English name",
    "common noun phrase": "a heuristic pick that opens with an indefinite article ('una zanahoria' for "
                          "Drum kit): a description, not a name",
    "case-mangled title": "a heuristic pick equal to the English title of an entity that is no place but "
                          "for its first word in lower case, later words capitalised ('camp Rock' for Camp "
                          "Rock, 'boca Juniors'): a damaged copy of the title",
}
"""Why :func:`refusal` refuses a row; the builder counts each refused form under its reason
(``kb/README.md``, *Labels in other languages*)."""

#: Indefinite articles of the label languages, lower case, each followed by a space.
_INDEFINITE = ("un ", "una ", "unos ", "unas ", "une ", "des ", "um ", "uma ", "uns ", "umas ",
               "ein ", "eine ")


def refusal(iri: str, row: LabelRow, is_place: bool) -> str | None:
    """The :data:`REFUSALS` reason why ``row`` is no name of the entity ``iri``, or ``None``.

    Args:
        iri: the entity's DBpedia IRI (its page title is the local name, ``_`` for spaces).
        row: a label-file row of it (a label or an alt).
        is_place: whether the entity is a ``dbo:Place``.

    Rules (each with the row it was made for): a row tied by the English name equal to the page
    title without its parenthesis (``english-name->title:title-paren-stripped…``) whose name differs
    from that English name ("Bastilla" for Bastille_(band), "Tierra" for Earth_(American_band),
    "rosa" for Pink_(singer)): by Wikipedia's primary-topic rule the bare title is another page,
    whose name was translated; and three rules on the heuristic picks from a Wikidata alias set
    (X-FACTR's rows, label or alt): equal to a place's English title (both without a trailing
    parenthesis: "North Vancouver (district)" for North_Vancouver_(district_municipality)) with a word of
    :data:`ENGLISH_PLACE_WORDS` or a comma ("South Australia", "County Mayo", "Raleigh, North
    Carolina" in Spanish; "Poznań" is kept), opening with an indefinite article and a lower-case
    word ("una zanahoria" for Drum kit), equal to the English title of an entity that is no place
    but for its first word in lower case ("camp Rock").
    """
    title = unquote(iri[len(DBR):]).replace("_", " ")
    bare = _PAREN.sub("", title)
    if row.match.startswith("english-name->title:title-paren-stripped") and row.label != bare:
        return "primary-topic translation"
    if row.source == "xfactr-alias":
        if is_place and _PAREN.sub("", row.label) == bare \
                and (", " in bare or any(w in ENGLISH_PLACE_WORDS for w in bare.split())):
            return "English title of a place"
        if row.label.lower().startswith(_INDEFINITE) and row.label[:1].islower():
            return "common noun phrase"
        words, title_words = row.label.split(), bare.split()
        if (not is_place and len(words) > 1 and row.label != bare and row.label.casefold() == bare.casefold()
                and words[0].islower() and title_words[0][:1].isupper() and any(w[:1].isupper() for w in words[1:])):
            return "case-mangled title"
    return None


ENGLISH_PLACE_WORDS = frozenset(
    "South North East West Southern Northern Eastern Western County New Saint St. River Lake Mount Mountains Island "
    "Islands City Province State District Region Bay Valley Central Upper Lower Great Greater Territory Coast Land "
    "Kingdom Republic Empire of the and Township Borough Parish Village Town Park Hills Falls Springs Beach Harbour "
    "Harbor Port Fort Heights Sea Ocean Peninsula Gulf Strait Union United".split())
"""English words of place names: a heuristic pick that is a place's English title with one of them is
refused (:func:`refusal`). Measured on the places that also have a DBpedia-chapter label: such picks
differ from the chapter's label for 39 of 43 (es) and 41 of 56 (fr); the other heuristic picks equal to
the title agree with it for 343 of 388 (es) and 798 of 879 (fr), so they are kept."""


_PAREN = re.compile(r" \([^()]*\)$")


def choose_labels(rows: list[LabelRow]) -> dict[str, tuple[LabelRow | None, list[str], list[str]]]:
    """The ``rdfs:label`` and the ``skos:altLabel`` forms of one entity, per language.

    The label is the ``kind = label`` row with the best ``(tier, -support, file_rank, label)``:
    the best tier of :data:`MATCH_TIERS`, then the form the most distinct sources give (as a label
    or an alt, e.g. FactBench's two owl:sameAs targets ``Kalifornien`` and ``Kalifornien
    (Begriffsklärung)``, of which only the first is also FactBench's label), then the earlier
    file, then the smaller string (code points). The altLabels are the ``kind = alt`` forms
    (``multilingual/README.md``: "use as skos:altLabel") other than the label. A label candidate
    that lost and that no row gives as an alt is not kept (BMLAMA's ``Mineápolis`` for Bremen
    lost to DBpedia-es ``Bremen``; the disambiguation page ``Kalifornien (Begriffsklärung)``): a
    losing candidate is as often a wrong entity as another name. A language with alts only
    has no label (``None``).

    Returns:
        ``{lang: (the chosen row or None, sorted altLabel forms, sorted label candidates not
        kept)}``.
    """
    by_lang: dict[str, list[LabelRow]] = defaultdict(list)
    for r in rows:
        by_lang[r.lang].append(r)
    out: dict[str, tuple[LabelRow | None, list[str], list[str]]] = {}
    for lang, rs in sorted(by_lang.items()):
        support: dict[str, set[tuple[int, str]]] = defaultdict(set)
        for r in rs:
            support[r.label].add((r.file_rank, r.source))
        candidates = [r for r in rs if r.kind == "label"]
        best = min(candidates, key=lambda r: (r.tier, -len(support[r.label]), r.file_rank, r.label),
                   default=None)
        chosen = {best.label} if best else set()
        alts = {r.label for r in rs if r.kind == "alt"} - chosen
        unkept = {r.label for r in candidates} - chosen - alts
        out[lang] = (best, sorted(alts), sorted(unkept))
    return out
