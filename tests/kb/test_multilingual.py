"""The label files of the sample's builder (bengal.kb.sample.multilingual): reading, bad rows, and the
choice of one rdfs:label per language. The files here are small, written by hand."""

from __future__ import annotations

import gzip
from collections import Counter
from pathlib import Path

import pytest

from bengal.errors import InputError
from bengal.kb.sample.multilingual import LABEL_HEADER, LabelRow, choose_labels, read_labels, refusal
from bengal.kb.sample.sources import SOURCE_FILES, Sources

R = "http://dbpedia.org/resource/"
HEADER = "\t".join(LABEL_HEADER)


def _write(root: Path, key: str, rows: list[str], header: str = HEADER) -> Path:
    path = root / SOURCE_FILES[key]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(gzip.compress(("\n".join([header, *rows]) + "\n").encode("utf-8"), mtime=0))
    return path


def _choice(rows_by_file: dict[str, list[str]],
            tmp_path: Path) -> dict[str, tuple[str | None, list[str], list[str]]]:
    for key, rows in rows_by_file.items():
        _write(tmp_path, key, rows)
    read = read_labels(Sources(tmp_path), files=tuple(rows_by_file))
    assert list(read) == [R + "X"]
    return {lang: (best.label if best else None, alts, unkept)
            for lang, (best, alts, unkept) in choose_labels(read[R + "X"]).items()}


def test_heuristic_pick_only_where_no_better_source_has_a_label(tmp_path):
    got = _choice({
        "labels_cldr": [f"{R}X\tes\tEquis\tlabel\tcldr-territory\tenglish-name->title:title-exact"],
        "labels_xfactr": [f"{R}X\tes\tEQUIS\tlabel\txfactr-alias\twikidata-qid;label-heuristic",
                          f"{R}X\tes\tEquis\talt\txfactr-alias\twikidata-qid",
                          f"{R}X\tfr\tIx\tlabel\txfactr-alias\twikidata-qid;label-heuristic",
                          f"{R}X\tfr\tIcs\talt\txfactr-alias\twikidata-qid"],
    }, tmp_path)
    # es: CLDR's title match beats the heuristic pick "EQUIS", which is no alt row, so it is not kept
    # (the alt "Equis" is the label); fr: only the heuristic pick
    assert got == {"es": ("Equis", [], ["EQUIS"]), "fr": ("Ix", ["Ics"], [])}


def test_tier_before_support_before_file(tmp_path):
    got = _choice({
        # a DBpedia chapter label outranks two later files that agree on another form
        "labels_srprs": [f"{R}X\tde\tX (Stadt)\tlabel\tsrprs-en_de_15k_V1\tdbpedia-iri+ILL"],
        "labels_factbench": [f"{R}X\tde\tIks\tlabel\tfactbench-sameAs\towl:sameAs",
                             f"{R}X\tde\tIks-Stadt\tlabel\tfactbench-sameAs\towl:sameAs",
                             f"{R}X\tde\tIks\tlabel\tfactbench-label\towl:sameAs",
                             f"{R}X\tfr\tIks\tlabel\tfactbench-sameAs\towl:sameAs",
                             f"{R}X\tfr\tIks-Ville\tlabel\tfactbench-sameAs\towl:sameAs",
                             f"{R}X\tfr\tIks-Ville\talt\tfactbench-label\towl:sameAs"],
        "labels_mlkge": [f"{R}X\tde\tIks\tlabel\twikikge10-wikidata\twikidata-qid"],
    }, tmp_path)
    assert got["de"] == ("X (Stadt)", [], ["Iks", "Iks-Stadt"])
    # fr: one tier; "Iks-Ville" is given by two sources (sameAs and label), "Iks" by one
    assert got["fr"] == ("Iks-Ville", [], ["Iks"])


def test_a_losing_candidate_that_is_also_an_alt_row_stays_an_alt(tmp_path):
    got = _choice({
        "labels_kens_dbp5l": [f"{R}X\tes\tVenecia\tlabel\tkens-dbp5l\tdbpedia-iri+seed-link"],
        "labels_xfactr": [f"{R}X\tes\tVENÉZIA\tlabel\txfactr-alias\twikidata-qid;label-heuristic",
                          f"{R}X\tes\tVENÉZIA\talt\txfactr-alias\twikidata-qid",
                          f"{R}X\tes\tVenecia\talt\txfactr-alias\twikidata-qid"],
    }, tmp_path)
    assert got == {"es": ("Venecia", ["VENÉZIA"], [])}


def test_same_tier_and_support_earlier_file_then_smaller_string(tmp_path):
    got = _choice({
        "labels_kens_dbp5l": [f"{R}X\tfr\tZèta\tlabel\tkens-dbp5l\tdbpedia-iri+seed-link"],
        "labels_dbp15k": [f"{R}X\tfr\tAlpha\tlabel\tdbp15k-fr_en\tdbpedia-iri+ILL",
                          f"{R}X\tes\tBeta\tlabel\tdbp15k-fr_en\tdbpedia-iri+ILL",
                          f"{R}X\tes\tAlfa\tlabel\tdbp15k-fr_en\tdbpedia-iri+ILL"],
    }, tmp_path)
    assert got == {"es": ("Alfa", [], ["Beta"]), "fr": ("Zèta", [], ["Alpha"])}


def test_alts_only_give_no_label_and_whitespace_is_trimmed_and_counted(tmp_path):
    _write(tmp_path, "labels_mlkge", [f"{R}X\tde\t Iks \talt\twikikge10-gold\twikidata-qid",
                                      f"{R}X\tde\tIks\talt\twikikge10-wikidata\twikidata-qid"])
    counts: Counter[str] = Counter()
    read = read_labels(Sources(tmp_path), files=("labels_mlkge",), counts=counts)
    assert counts["labels trimmed of surrounding whitespace"] == 1 and counts["mlkge.tsv.gz: rows"] == 2
    best, alts, unkept = choose_labels(read[R + "X"])["de"]
    assert best is None and alts == ["Iks"] and unkept == []


@pytest.mark.parametrize(("row", "message"), [
    (f"{R}X\tes\tEquis\tlabel\tcldr\tenglish-name->title:title-exact\textra", "expected 6 tab-separated fields"),
    (f"{R}X\tit\tIcs\tlabel\tcldr\tenglish-name->title:title-exact", "language 'it'"),
    (f"{R}X\tes\tEquis\tname\tcldr\tenglish-name->title:title-exact", "kind 'name'"),
    (f"{R}X\tes\tEquis\tlabel\tcldr\tguess", "unknown match 'guess'"),
    (f"{R}X\tes\tEquis\tlabel\tcldr\tenglish-name->title:", "unknown match"),
    (f"{R}X\tes\t  \tlabel\tcldr\tenglish-name->title:title-exact", "empty label"),
    ("http://example.org/X\tes\tEquis\tlabel\tcldr\tenglish-name->title:title-exact", "not a DBpedia resource IRI"),
])
def test_bad_row_names_file_and_line(tmp_path, row, message):
    good = f"{R}Y\tes\tIgriega\tlabel\tcldr\tenglish-name->title:title-exact"
    path = _write(tmp_path, "labels_cldr", [good, row])
    with pytest.raises(InputError) as err:
        read_labels(Sources(tmp_path), files=("labels_cldr",))
    assert err.value.source == str(path) and err.value.line == 3
    assert message in str(err.value)


def test_bad_header_names_file_and_line_one(tmp_path):
    path = _write(tmp_path, "labels_cldr", [], header="iri\tlang\tlabel")
    with pytest.raises(InputError) as err:
        read_labels(Sources(tmp_path), files=("labels_cldr",))
    assert err.value.source == str(path) and err.value.line == 1 and "TSV header" in str(err.value)


def test_a_label_may_hold_a_unicode_line_separator(tmp_path):
    # lines end at \n only: U+2028 inside a label is no line break
    _write(tmp_path, "labels_cldr", [f"{R}X\tfr\tA\u2028B\tlabel\tcldr\tenglish-name->title:title-exact"])
    read = read_labels(Sources(tmp_path), files=("labels_cldr",))
    assert [r.label for r in read[R + "X"]] == ["A\u2028B"]


def _row(label: str, source: str, match: str, lang: str = "es", kind: str = "label") -> LabelRow:
    return LabelRow(lang, label, kind, 0, 0, source, match)


PAREN = "english-name->title:title-paren-stripped-unique"
HEUR = "wikidata-qid;label-heuristic"

# (IRI local name, is a place, row, the reason it is refused or None): the rows a reader found in
# generated text (multilingual/*.tsv.gz) and their neighbours that must stay
REFUSALS = [
    ("Bastille_(band)", False, _row("Bastilla", "bmlama", PAREN), "primary-topic translation"),
    ("Bastille_(band)", False, _row("Bastille", "bmlama", PAREN, "fr"), None),
    ("Earth_(American_band)", False, _row("Tierra", "bmlama", PAREN), "primary-topic translation"),
    ("Bastille_(band)", False, _row("Bastilla", "bmlama", "english-name->title:title-exact"), None),
    ("South_Australia", True, _row("South Australia", "xfactr-alias", HEUR), "English title of a place"),
    ("South_Australia", True, _row("South Australia", "xfactr-alias", "wikidata-qid", kind="alt"),
     "English title of a place"),
    ("County_Mayo", True, _row("County Mayo", "xfactr-alias", HEUR), "English title of a place"),
    ("Raleigh,_North_Carolina", True, _row("Raleigh, North Carolina", "xfactr-alias", HEUR),
     "English title of a place"),
    ("Poznań", True, _row("Poznań", "xfactr-alias", HEUR), None),
    ("North_Vancouver_(district_municipality)", True, _row("North Vancouver (district)", "xfactr-alias", HEUR, "fr"),
     "English title of a place"),
    # the same English name from a better source (BMLAMA: the name in the language is the title)
    ("South_Australia", True, _row("South Australia", "bmlama", "english-name->title:title-exact", "de"), None),
    # not a place: an organisation's English name is right for about half of them
    ("United_States_Army", False, _row("United States Army", "xfactr-alias", HEUR, "fr"), None),
    ("Drum_kit", False, _row("una zanahoria", "xfactr-alias", HEUR), "common noun phrase"),
    ("Una_Healy", False, _row("Una Healy", "xfactr-alias", HEUR), None),
    ("Camp_Rock", False, _row("camp Rock", "xfactr-alias", HEUR, "fr"), "case-mangled title"),
    ("Jazz", False, _row("jazz", "xfactr-alias", HEUR), None),
    ("IPhone", False, _row("iPhone", "xfactr-alias", HEUR), None),
    ("Mont_Blanc", True, _row("mont Blanc", "xfactr-alias", HEUR, "fr"), None),
]


@pytest.mark.parametrize("local,is_place,row,reason", REFUSALS)
def test_refused_rows(local, is_place, row, reason):
    assert refusal(R + local, row, is_place) == reason
