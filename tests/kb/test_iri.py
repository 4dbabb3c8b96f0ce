"""DBpedia IRI normalisation (bengal.kb.iri); every expected value is written by hand."""

from __future__ import annotations

import pytest

from bengal.kb.iri import (
    DBPEDIA_RESOURCE,
    IRI_ESCAPES,
    dbpedia_resource,
    is_dbpedia_resource,
    label_from_iri,
    label_from_local_name,
    normalize_dbpedia_iri,
    normalize_local_name,
)

# (source spelling, DBpedia 2016 spelling)
CASES = [
    # DB100K / old URI style: percent-encoded UTF-8 and ASCII
    ("Beyonc%C3%A9", "Beyoncé"),
    ("Finsp%C3%A5ng", "Finspång"),
    ("B%C3%BClent_Ar%C4%B1n%C3%A7", "Bülent_Arınç"),
    ("Fun_Lovin%27_Criminals", "Fun_Lovin'_Criminals"),
    ("Compton%27s_Most_Wanted", "Compton's_Most_Wanted"),
    ("Thirty_Three_%26_1/3", "Thirty_Three_&_1/3"),
    ("C%2B%2B", "C++"),
    ("2012%E2%80%9313_Galatasaray_S.K._(men%27s_basketball)_season",
     "2012–13_Galatasaray_S.K._(men's_basketball)_season"),
    ("lower%c3%a9case_hex", "lowerécase_hex"),
    # DB100K keeps ? and " encoded, and so does DBpedia
    ("Who_Framed_Roger_Rabbit%3F", "Who_Framed_Roger_Rabbit%3F"),
    ("%22Weird_Al%22_Yankovic", "%22Weird_Al%22_Yankovic"),
    # raw IRI style (DBpedia50, LPBenchGen, FactBench, genders): unchanged
    ("Compton's_Most_Wanted", "Compton's_Most_Wanted"),
    ("Daniel_Mąka", "Daniel_Mąka"),
    ("Cambridge,_Massachusetts", "Cambridge,_Massachusetts"),
    ("Republic_of_China_(1912–49)", "Republic_of_China_(1912–49)"),
    ("Mission:_Impossible", "Mission:_Impossible"),
    ("AC/DC", "AC/DC"),
    ("$_(film)", "$_(film)"),
    ("Yes!", "Yes!"),
    ("Rock_&_roll", "Rock_&_roll"),
    # raw characters of the escape set get encoded
    ("Who?", "Who%3F"),
    ('"Weird_Al"_Yankovic', "%22Weird_Al%22_Yankovic"),
    ("C#", "C%23"),
    ("a<b>c", "a%3Cb%3Ec"),
    ("[x]", "%5Bx%5D"),
    ("back\\slash", "back%5Cslash"),
    ("x^y", "x%5Ey"),
    ("`tick`", "%60tick%60"),
    ("{a|b}", "%7Ba%7Cb%7D"),
    ("tab\there", "tab%09here"),
    ("del\x7f", "del%7F"),
    ("c1\x85", "c1%C2%85"),
    # spaces become underscores
    ("Cambridge, Massachusetts", "Cambridge,_Massachusetts"),
    ("New%20York", "New_York"),
    # a % sign: escaped as %25; a % that starts no escape is a percent sign
    ("100%25_Pure", "100%25_Pure"),
    ("100%_Pure", "100%25_Pure"),
    ("50%", "50%25"),
    # encoded escape-set characters stay encoded, with uppercase hex
    ("Who%3f", "Who%3F"),
    ("%5bx%5d", "%5Bx%5D"),
    # bytes that are not UTF-8 are kept as they are
    ("Caf%E9", "Caf%E9"),
]


@pytest.mark.parametrize(("raw", "expected"), CASES)
def test_normalize_local_name(raw: str, expected: str) -> None:
    assert normalize_local_name(raw) == expected


@pytest.mark.parametrize(("raw", "expected"), CASES)
def test_normalize_is_idempotent(raw: str, expected: str) -> None:
    once = normalize_local_name(raw)
    assert normalize_local_name(once) == once


def test_two_spellings_meet() -> None:
    # DB100K and DBpedia50 spell the same band differently
    assert normalize_local_name("Compton%27s_Most_Wanted") == normalize_local_name("Compton's_Most_Wanted")
    assert normalize_local_name("Fran%C3%A7ois_Fillon") == normalize_local_name("François_Fillon")
    # FactBench TTL (Freebase side) vs DBpedia50
    assert normalize_local_name("Wilhelm_R%C3%B6ntgen") == "Wilhelm_Röntgen"


def test_escape_set() -> None:
    assert set('"#%<>?[\\]^`{|}') <= IRI_ESCAPES
    assert "\x00" in IRI_ESCAPES and "\x1f" in IRI_ESCAPES
    assert "\x7f" in IRI_ESCAPES and "\x9f" in IRI_ESCAPES
    for ch in " '&,():!*/.-+=$@é\xa0":
        assert ch not in IRI_ESCAPES
    assert len(IRI_ESCAPES) == 32 + 14 + 33


def test_dbpedia_resource() -> None:
    assert dbpedia_resource("Ender%27s_Game") == "http://dbpedia.org/resource/Ender's_Game"
    assert dbpedia_resource("Cambridge, Massachusetts") == \
        "http://dbpedia.org/resource/Cambridge,_Massachusetts"
    assert dbpedia_resource("http://dbpedia.org/resource/Who?") == "http://dbpedia.org/resource/Who%3F"
    assert DBPEDIA_RESOURCE == "http://dbpedia.org/resource/"


def test_normalize_dbpedia_iri() -> None:
    assert normalize_dbpedia_iri("http://dbpedia.org/resource/Beyonc%C3%A9") == \
        "http://dbpedia.org/resource/Beyoncé"
    # other IRIs are left alone
    assert normalize_dbpedia_iri("http://dbpedia.org/ontology/birthPlace") == \
        "http://dbpedia.org/ontology/birthPlace"
    assert normalize_dbpedia_iri("http://de.dbpedia.org/resource/Caf%C3%A9") == \
        "http://de.dbpedia.org/resource/Caf%C3%A9"


def test_is_dbpedia_resource() -> None:
    assert is_dbpedia_resource("http://dbpedia.org/resource/Berlin")
    assert not is_dbpedia_resource("http://dbpedia.org/resource/")
    assert not is_dbpedia_resource("http://fr.dbpedia.org/resource/Berlin")
    with pytest.raises(ValueError):
        label_from_iri("http://example.org/Berlin")


@pytest.mark.parametrize(("iri", "label"), [
    ("http://dbpedia.org/resource/Cambridge,_Massachusetts", "Cambridge, Massachusetts"),
    ("http://dbpedia.org/resource/Ender's_Game", "Ender's Game"),
    ("http://dbpedia.org/resource/Ender%27s_Game", "Ender's Game"),
    ("http://dbpedia.org/resource/Beyonc%C3%A9", "Beyoncé"),
    ("http://dbpedia.org/resource/%22Weird_Al%22_Yankovic", '"Weird Al" Yankovic'),
    ("http://dbpedia.org/resource/Who_Framed_Roger_Rabbit%3F", "Who Framed Roger Rabbit?"),
    ("http://dbpedia.org/resource/100%25_Pure", "100% Pure"),
    ("http://dbpedia.org/resource/Paris_(band)", "Paris (band)"),
])
def test_label_from_iri(iri: str, label: str) -> None:
    assert label_from_iri(iri) == label


def test_label_from_local_name() -> None:
    assert label_from_local_name("Albert_Einstein") == "Albert Einstein"
    assert label_from_local_name("Caf%E9") == "Caf\ufffd"
    with pytest.raises(ValueError):
        label_from_iri("http://dbpedia.org/ontology/Person")
