"""Entity labels in German, Spanish, French and Portuguese for the sample, from the label files of
``multilingual/`` in the sources folder (their ``README.md`` gives sources, licences and matching).

Each file is a TSV ``iri lang label kind source match``. Per entity and language the builder writes
one ``rdfs:label@lang``, chosen by :func:`choose_labels` in the README's source priority
(:data:`MATCH_TIERS`: a DBpedia chapter label first, a heuristic pick from a Wikidata alias set
last), and the files' ``alt`` forms as ``skos:altLabel@lang``. ``kb/README.md`` documents the rule and
the counts.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from bengal.errors import InputError
from bengal.kb.sample.sources import Sources
from bengal.rdf import DBR

__all__ = ["EXCLUDED_SOURCES", "LABEL_FILES", "LABEL_HEADER", "LABEL_LANGUAGES", "MATCH_TIERS", "LabelRow",
           "read_labels", "choose_labels"]

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
    """

    lang: str
    label: str
    kind: str
    tier: int
    file_rank: int
    source: str


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
            rows[iri].append(LabelRow(lang, text, kind, tier, rank, source))
    return rows


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
