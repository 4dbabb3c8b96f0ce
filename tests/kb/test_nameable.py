"""Which entities a text in a language may name (bengal.kb.nameable), and kb info's labels per language.

A hand-made KB whose pools are counted by hand, and the bundled sample against SPARQL counts."""

from __future__ import annotations

import json
import re
from typing import cast

import pytest
from cli_helpers import bengal

from bengal.errors import UsageError
from bengal.kb.info import kb_info, render_kb_info
from bengal.kb.nameable import check_language, fallback_persons, label_languages, language_pools, nameable_entities
from bengal.kb.store import open_kb

R = "http://dbpedia.org/resource/"
O = "http://dbpedia.org/ontology/"  # noqa: E741
LABEL = "<http://www.w3.org/2000/01/rdf-schema#label>"
TYPE = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>"

# P1 person with an es label; P2 person without (English title fallback); P3 a person that is also a
# place (never the fallback); P4 a person whose English title cannot be written; L1 a place without
# an es label; L2 a place with one; O1 an organisation; W1 a work whose es label cannot be written.
TINY = f"""
<{R}P1> {TYPE} <{O}Person> .
<{R}P1> {LABEL} "Ana Lima (singer)"@en .
<{R}P1> {LABEL} "Ana Lima"@es .
<{R}P2> {TYPE} <{O}Person> .
<{R}P2> {LABEL} "Bo Berg"@en .
<{R}P3> {TYPE} <{O}Person> .
<{R}P3> {TYPE} <{O}Place> .
<{R}P3> {LABEL} "Cy Town"@en .
<{R}P4> {TYPE} <{O}Person> .
<{R}P4> {LABEL} "Gil_Bad"@en .
<{R}L1> {TYPE} <{O}Place> .
<{R}L1> {LABEL} "Dorf (village)"@en .
<{R}L2> {TYPE} <{O}Place> .
<{R}L2> {LABEL} "Ebene"@en .
<{R}L2> {LABEL} "Llanura"@es .
<{R}O1> {TYPE} <{O}Organisation> .
<{R}O1> {LABEL} "Foo Corp"@en .
<{R}W1> {TYPE} <{O}Work> .
<{R}W1> {LABEL} "Hymn"@en .
<{R}W1> {LABEL} "Himno_raro"@es .
<{R}P1> <{O}birthPlace> <{R}L2> .
<{R}P2> <{O}birthPlace> <{R}L2> .
<{R}P2> <{O}deathPlace> <{R}L1> .
<{R}P1> <{O}spouse> <{R}P2> .
<{R}P1> <{O}employer> <{R}O1> .
<{R}P1> <{O}knownFor> <{R}W1> .
<{O}Person> {LABEL} "persona"@es .
"""


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    path = tmp_path_factory.mktemp("kb") / "tiny.nt"
    path.write_text(TINY.strip() + "\n", encoding="utf-8")
    return open_kb(path)


def test_nameable_entities_by_hand(tiny):
    assert nameable_entities(tiny, "es") == {R + "P1": "label", R + "L2": "label", R + "P2": "person-fallback"}
    assert nameable_entities(tiny, "fr") == {R + "P1": "person-fallback", R + "P2": "person-fallback"}
    # English: every writable English label, no fallback
    assert set(nameable_entities(tiny, "EN")) == {R + x for x in ("P1", "P2", "P3", "L1", "L2", "O1", "W1")}


def test_language_pools_by_hand(tiny):
    pools = language_pools(tiny, ["es", "fr", "en"])
    assert list(pools) == ["es", "fr", "en"]
    es = pools["es"]
    assert (es.entities, es.labelled, es.person_fallback) == (3, 2, 1)
    assert es.per_class == {"Person": {"instances": 4, "labelled": 1, "person_fallback": 1},
                            "Organisation": {"instances": 1, "labelled": 0, "person_fallback": 0},
                            "Place": {"instances": 3, "labelled": 1, "person_fallback": 0},
                            "Work": {"instances": 1, "labelled": 0, "person_fallback": 0}}
    # P1→L2, P2→L2, P1→P2 are reachable; only P1→L2 by two labels; subjects P1 (2 facts), P2 (1)
    assert (es.facts, es.facts_by_label, es.subjects, es.subjects_3) == (3, 1, 2, 0)
    fr = pools["fr"]
    assert (fr.entities, fr.labelled, fr.person_fallback) == (2, 0, 2)
    assert (fr.facts, fr.facts_by_label, fr.subjects, fr.subjects_3) == (1, 0, 1, 0)
    en = pools["en"]
    assert (en.entities, en.labelled, en.person_fallback) == (7, 7, 0)
    assert (en.facts, en.facts_by_label, en.subjects, en.subjects_3) == (6, 6, 2, 1)
    assert es.to_json()["per_class"]["Place"]["labelled"] == 1
    assert language_pools(tiny, ["es"], facts=False)["es"].facts == 0


def test_label_languages_and_kb_info(tiny):
    # entities with a label in a language, whether writable or not (P4's, W1's count)
    assert label_languages(tiny) == {"en": 8, "es": 3}
    info = kb_info(tiny.source)
    assert info["entities"] == 8
    assert info["languages"]["es"]["labelled"] == 2 and info["languages"]["es"]["share"] == 2 / 8
    assert info["languages"]["es"]["nameable"] == 3 and info["languages"]["es"]["person_fallback"] == 1
    assert list(info["languages"]) == ["en", "es"]
    text = render_kb_info(info)
    assert "@es" in text and "nameable 3 (1 persons by English title)" in text


@pytest.mark.parametrize("bad", ["", "e s", 'es") || true || ("', "español", "1x"])
def test_a_bad_language_tag_is_a_usage_error(tiny, bad):
    with pytest.raises(UsageError):
        nameable_entities(tiny, bad)
    assert check_language("pt-BR") == "pt-br"


def _count(kb, where: str) -> int:
    prefixes = (f"PREFIX dbo: <{O}> PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> ")
    rows = cast("list[tuple[str]]", kb.select(prefixes + f"SELECT (COUNT(DISTINCT ?e) AS ?n) WHERE {{ {where} }}"))
    return int(rows[0][0])


_RANKS = {"Saint", "Pope", "King", "Queen", "Prince", "Princess", "Emperor", "Empress", "Sir", "Lord", "Lady", "Duke",
          "Count"}
_REGNAL = {"I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV", "XVI",
           "XVII", "XVIII", "XIX", "XX", "XXI", "XXII", "XXIII"}


def _translated(title: str) -> bool:
    """The documented rule, restated by words: an English "of" or "the" (a hyphen parts words:
    "Winnie-the-Pooh"), a regnal number I-XXIII (the sample has no higher one), an English rank before
    another word ("Prince" alone is the musician's name)."""
    words = title.replace(",", " ").split()
    parts = title.replace(",", " ").replace("-", " ").split()
    return bool({"of", "the"} & set(parts) or _REGNAL & set(words) or (len(words) > 1 and words[0] in _RANKS))


def test_translated_titles_have_no_fallback(bundled_kb):
    persons = fallback_persons(bundled_kb)
    for name in ("Harald_V_of_Norway", "Pope_Benedict_XV", "Charles_the_Bold", "Mary_I_of_England"):
        assert R + name not in persons, name
    assert R + "Albert_Einstein" in persons and R + "Angela_Merkel" in persons


def test_bundled_pools_against_sparql_counts(bundled_kb):
    # pt only (the smallest; es and fr are checked against the label files in test_sample_build.py);
    # the facts are counted by hand on the tiny KB
    pools = language_pools(bundled_kb, ["pt"], facts=False)
    for lang, pool in pools.items():
        labelled = _count(bundled_kb, f"""?e rdfs:label ?l FILTER(STRSTARTS(STR(?e), "{R}") && LANG(?l) = "{lang}"
            && !CONTAINS(?l, "_") && !CONTAINS(?l, "://") && REGEX(?l, "\\\\S"))""")
        rows = bundled_kb.select(f"PREFIX dbo: <{O}> PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> "
                                 f"""SELECT DISTINCT ?e ?en WHERE {{ ?e a dbo:Person ; rdfs:label ?en
            FILTER(LANG(?en) = "en" && STRSTARTS(STR(?e), "{R}"))
            FILTER NOT EXISTS {{ ?e a dbo:Place }} FILTER NOT EXISTS {{ ?e a dbo:Event }}
            FILTER NOT EXISTS {{ ?e rdfs:label ?l FILTER(LANG(?l) = "{lang}") }} }}""")
        fallback = len({e for e, en in rows if not _translated(re.sub(r" \([^()]*\)$", "", en))})
        assert (pool.labelled, pool.person_fallback) == (labelled, fallback), lang
        places = _count(bundled_kb, f"""?e a dbo:Place ; rdfs:label ?l FILTER(LANG(?l) = "{lang}")""")
        assert pool.per_class["Place"] == {"instances": 26_650, "labelled": places, "person_fallback": 0}
    # pt has labels for under a thousand entities, from CLDR and BMLAMA only (multilingual/README.md)
    assert pools["pt"].labelled < 1_000
    # DBpedia types the Gulf War as a MilitaryPerson: an event is never named by its English title
    persons = fallback_persons(bundled_kb)
    assert R + "Gulf_War" not in persons and R + "Albert_Einstein" in persons


def test_kb_info_cli_text_and_json(tiny, tmp_path):
    proc = bengal("kb", "info", "--kb", str(tiny.source), "--json", "-", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    info = json.loads(proc.stdout)
    assert info["languages"]["es"]["labelled"] == 2 and info["languages"]["es"]["nameable"] == 3
    assert info["languages"]["es"]["per_class"]["Person"] == {"instances": 4, "labelled": 1, "person_fallback": 1}
    proc = bengal("kb", "info", "--kb", str(tiny.source), "--json", "info.json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads((tmp_path / "info.json").read_text(encoding="utf-8")) == info
    assert re.search(r"@es\s+2\s+25\.0 %\s+nameable 3 \(1 persons by English title\)", proc.stdout), proc.stdout


def test_kb_info_json_into_a_missing_folder_is_one_line_before_counting(tiny, tmp_path):
    proc = bengal("kb", "info", "--kb", str(tiny.source), "--json", "nowhere/info.json", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "error: cannot write nowhere/info.json: the folder nowhere does not exist"
    assert "counting" not in proc.stderr and not proc.stdout  # refused before the KB is opened or counted
