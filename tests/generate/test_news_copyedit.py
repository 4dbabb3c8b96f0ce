"""Faults a copy editor's reading of `bengal generate --like reuters128 --seed 0`, `--like rss500 --seed 0` and the
default `--docs 30 --seed 5` found (issue 11, seventeenth session), each with the wording a copy editor writes,
computed by hand."""

from __future__ import annotations

import pytest

from bengal.generate.kbview import Entity, load_ontology
from bengal.generate.lexicon import load_lexicon
from bengal.generate.surface import SurfaceForms

DBO = "http://dbpedia.org/ontology/"
DBR = "http://dbpedia.org/resource/"
EMERGING = "http://bengal.invalid/notInWiki/"


@pytest.fixture(scope="module")
def en(bundled_kb):
    return load_ontology(bundled_kb), load_lexicon("en", news=True)


def _forms(kb, onto, lex, uris, short_first=False):
    forms = SurfaceForms(kb, onto.subclasses([DBO + "Person"]), onto.subclasses([DBO + "Place"]),
                         onto.subclasses([DBO + "Organisation"]), "en", lex.articles(), lex.designators(),
                         short_first=short_first, legal_forms=lex.legal_forms())
    forms.prefetch(uris)
    return forms


def test_a_companys_legal_form_stays_at_its_first_mention(bundled_kb, en):
    # "Ruiz, a company, has its seat in Gmina Poniec." for the made-up Ruiz Inc: news writes "Avnet Inc" first,
    # "Avnet" after (Reuters-128); a club's "F.C." is no legal form ("Arsenal" from the first mention on)
    onto, lex = en
    ruiz = Entity(EMERGING + "Ruiz_Inc", "Ruiz Inc", (DBO + "Company", DBO + "Organisation"))
    frank = Entity(DBR + "Charles_Frank_Ltd", "Charles Frank Ltd", (DBO + "Company", DBO + "Organisation"))
    everton = Entity(DBR + "Everton_F.C.", "Everton F.C.", (DBO + "SoccerClub", DBO + "Organisation"))
    forms = _forms(bundled_kb, onto, lex, [ruiz.uri, frank.uri, everton.uri])
    assert [f.text for f in forms.forms(ruiz, named_before=False)] == []
    assert [f.text for f in forms.forms(frank, named_before=False)] == []
    assert [(f.kind, f.text) for f in forms.forms(ruiz, named_before=True)] == [("short_name", "Ruiz")]
    assert [(f.kind, f.text) for f in forms.forms(frank, named_before=True)] == [("short_name", "Charles Frank")]
    assert [(f.kind, f.text) for f in forms.forms(everton, named_before=False)] == [("short_name", "Everton")]
    # --first-mention short (KORE50's way) writes short names from the first mention on
    short = _forms(bundled_kb, onto, lex, [ruiz.uri], short_first=True)
    assert [f.text for f in short.forms(ruiz, named_before=False)] == ["Ruiz"]
