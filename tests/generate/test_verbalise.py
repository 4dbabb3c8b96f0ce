"""Verbaliser and generator on a tiny hand-written KB (tests/data/tiny_kb.nt).

Every expected text and offset below was written by hand from the templates in
bengal/generate/lang/en.toml.
"""

from __future__ import annotations

import pickle
import random
import re

import pytest
from conftest import TEST_DATA

from bengal.generate.config import GenerateConfig
from bengal.generate.kbview import (
    Entity,
    Ontology,
    is_seed,
    load_ontology,
    outgoing_facts,
    seed_candidates,
)
from bengal.generate.lexicon import Lexicon, load_lexicon
from bengal.generate.pipeline import generate
from bengal.generate.strategies import StrategyContext, Unit, star
from bengal.generate.verbalise import (
    apposition_phrase,
    fact_sentence,
    place_chain,
    realise,
    sentence_text,
    type_sentence,
)
from bengal.kb.store import open_kb

TINY = TEST_DATA / "tiny_kb.nt"
DBR = "http://dbpedia.org/resource/"
DBO = "http://dbpedia.org/ontology/"

EINSTEIN = Entity(DBR + "Albert_Einstein", "Albert Einstein", (DBO + "Scientist", DBO + "Person"))
ULM = Entity(DBR + "Ulm", "Ulm", (DBO + "City", DBO + "Place"))
BERN = Entity(DBR + "Bern", "Bern")
WASHINGTON = Entity(DBR + "Washington,_D.C.", "Washington, D.C.")
KLEINER = Entity(DBR + "Alfred_Kleiner", "Alfred Kleiner", (DBO + "Scientist", DBO + "Person"))


@pytest.fixture(scope="module")
def tiny():
    kb = open_kb(TINY)
    return kb, load_ontology(kb), load_lexicon("en")


def spans(mentions):
    return [(m.begin, m.end, m.surface, sorted(m.uris)) for m in mentions]


def test_one_fact(tiny):
    _, onto, lex = tiny
    text, mentions = realise([fact_sentence(lex, onto, DBO + "birthPlace", EINSTEIN, [ULM])])
    assert text == "Albert Einstein was born in Ulm."
    assert spans(mentions) == [(0, 15, "Albert Einstein", [DBR + "Albert_Einstein"]), (28, 31, "Ulm", [DBR + "Ulm"])]
    assert mentions[1].type == DBO + "City"


def test_list_and_no_double_full_stop(tiny):
    _, onto, lex = tiny
    text, mentions = realise([fact_sentence(lex, onto, DBO + "residence", EINSTEIN, [BERN, ULM, WASHINGTON])])
    assert text == "Albert Einstein lived in Bern, Ulm and Washington, D.C."
    assert [(m.begin, m.end) for m in mentions] == [(0, 15), (25, 29), (31, 34), (39, 55)]
    assert mentions[3].surface == "Washington, D.C."


def test_description_subject_is_not_a_mention(tiny):
    _, onto, lex = tiny
    text, mentions = realise([fact_sentence(lex, onto, DBO + "birthPlace", EINSTEIN, [ULM], describe_subject=True)])
    assert text == "The scientist was born in Ulm."
    assert spans(mentions) == [(26, 29, "Ulm", [DBR + "Ulm"])]


def test_type_sentence_and_fallback_and_offsets_across_sentences(tiny):
    _, onto, lex = tiny
    first = type_sentence(lex, onto, EINSTEIN)
    # academicAdvisor has a wording since the fifteenth session ("Albert Einstein studied under Alfred Kleiner."):
    # the label fallback on a lexicon without it
    assert sentence_text(fact_sentence(lex, onto, DBO + "academicAdvisor", EINSTEIN, [KLEINER])) == \
        "Albert Einstein studied under Alfred Kleiner."
    bare = Lexicon("en", {**lex.data, "templates": {k: v for k, v in lex.data["templates"].items()
                                                     if k != "academicAdvisor"}})
    second = fact_sentence(bare, onto, DBO + "academicAdvisor", EINSTEIN, [KLEINER])
    assert second.fallback
    text, mentions = realise([first, second])
    assert text == ("Albert Einstein is a scientist. "
                    "The academic advisor of Albert Einstein is Alfred Kleiner.")
    # 32 = len("Albert Einstein is a scientist. "); 32 + len("The academic advisor of ") = 56
    assert [(m.begin, m.end) for m in mentions] == [(0, 15), (56, 71), (75, 89)]
    assert [text[m.begin:m.end] for m in mentions] == ["Albert Einstein", "Albert Einstein", "Alfred Kleiner"]


def test_untyped_subject_has_no_type_sentence_nor_description(tiny):
    _, onto, lex = tiny
    assert type_sentence(lex, onto, BERN) is None
    with pytest.raises(ValueError):
        fact_sentence(lex, onto, DBO + "birthPlace", BERN, [ULM], describe_subject=True)


def test_articles():
    lex = load_lexicon("en")
    assert [lex.article(w) for w in ("actor", "scientist", "university", "hour", "European club")] == \
        ["an", "a", "a", "an", "a"]


def test_kb_view_on_tiny_kb(tiny):
    kb, onto, _ = tiny
    assert onto.depth[DBO + "Scientist"] == 3  # Scientist → Person → Agent
    wanted = [DBO + "Person", DBO + "Place"]
    # Alfred_Kleiner is typed Scientist only: found through Scientist ⊂ Person.
    assert seed_candidates(kb, onto, wanted) == [
        DBR + "Albert_Einstein", DBR + "Alfred_Kleiner", DBR + "Princeton,_New_Jersey", DBR + "Ulm"]
    closure = onto.subclasses(wanted)
    assert closure == {DBO + "Person", DBO + "Scientist", DBO + "Place", DBO + "City"}
    assert [is_seed(onto, outgoing_facts(kb, onto, DBR + n), closure)
            for n in ("Albert_Einstein", "Alfred_Kleiner", "Ulm")] == [True, True, False]
    facts = outgoing_facts(kb, onto, DBR + "Albert_Einstein")
    assert [(p.rsplit("/", 1)[1], e.uri.rsplit("/", 1)[1]) for p, e in facts] == [
        ("academicAdvisor", "Alfred_Kleiner"), ("birthPlace", "Ulm"), ("deathPlace", "Princeton,_New_Jersey"),
        ("residence", "Bern"), ("residence", "Ulm"), ("residence", "Washington,_D.C.")]


def test_generate_on_tiny_kb(tiny):
    kb, _, _ = tiny
    config = GenerateConfig(docs=2, min_sentences=2, max_sentences=5, seed=7, classes=("dbo:Person", "dbo:Place"),
                            sentence_length="short")
    g = generate(kb, config)
    assert len(g.corpus) == 2
    by_seed = {d.mentions[0].surface: d for d in g.corpus}
    kleiner = by_seed["Alfred Kleiner"]
    # Kleiner has one fact: the type sentence plus that fact, whatever the density (the subject
    # named or described, the object with or without an apposition; no join: 2 sentences are needed).
    # (each wording of birthPlace; a wording true whether he is alive or dead: "is a native of"); named again by his
    # family name (surface forms, the default since the thirteenth session: full name first, then the short one)
    assert re.fullmatch(r"Alfred Kleiner is known as a scientist\. (?:Kleiner|The scientist)"
                        r"(?: was born in| is a native of|'s birthplace is|'s place of birth is)"
                        r" (?:the city of )?Ulm\.",
                        kleiner.text), kleiner.text
    for d in g.corpus:
        for m in d.mentions:
            assert d.text[m.begin:m.end] == m.surface
    with pytest.raises(Exception, match="only 2 usable seeds"):
        generate(kb, GenerateConfig(docs=3, min_sentences=2, seed=7, classes=("dbo:Person", "dbo:Place")))


def test_names_that_take_the_get_it_outside_the_mention(tiny):
    _, onto, lex = tiny
    usa = Entity(DBR + "United_States", "United States")
    text, mentions = realise([fact_sentence(lex, onto, DBO + "birthPlace", KLEINER, [usa])])
    assert text == "Alfred Kleiner was born in the United States."
    assert [(m.begin, m.end, m.surface) for m in mentions] == [(0, 14, "Alfred Kleiner"),
                                                                (31, 44, "United States")]
    # at the start of a sentence the article is capitalised; "the" is never doubled
    text, _ = realise([type_sentence(lex, onto, Entity(DBR + "United_Kingdom", "United Kingdom", (DBO + "City",)))])
    assert text == "The United Kingdom is a city."
    assert not lex.takes_definite_article("Germany")


def test_ontology_labels_read_as_common_nouns():
    lex = load_lexicon("en")
    assert lex.common_noun("jockey (horse racer)", "Jockey") == "jockey"
    assert lex.common_noun("adult (pornographic) actor", "AdultActor") == "adult actor"
    assert lex.common_noun("państwo", "locationCountry") == "location country"
    assert lex.common_noun("HumanGeneLocation", "HumanGeneLocation") == "human gene location"
    assert lex.common_noun("Christian Bishop", "ChristianBishop") == "Christian bishop"
    assert lex.common_noun("Sports team member", "SportsTeamMember") == "sports team member"


def test_person_variant_of_president():
    lex = load_lexicon("en")
    assert lex.templates("president", "president", ["Politician", "Person"], 1) == (
        "{s} served while {o} was president.", "{s} held office while {o} was president.",
        "{s} was in office while {o} was president.", "{s} served alongside President {o}.")
    assert lex.templates("president", "president", ["Country"], 1) == (
        "{o} served as president of {s}.", "{o} was president of {s}.", "{o} held the presidency of {s}.")


def test_seed_described_by_its_seed_class():
    fishy = Entity(DBR + "Howard_McGhee", "Howard McGhee", (DBO + "Fish", DBO + "MusicalArtist", DBO + "Person"))
    assert fishy.preferring({DBO + "Person", DBO + "MusicalArtist"}).classes == (
        DBO + "MusicalArtist", DBO + "Person", DBO + "Fish")


def test_star_says_an_object_once():
    import random

    from bengal.generate.strategies import StrategyContext, star

    band = Entity(DBR + "Throbbing_Gristle", "Throbbing Gristle")
    facts = [(DBO + "associatedBand", band), (DBO + "associatedMusicalArtist", band), (DBO + "birthPlace", ULM)]
    ctx = StrategyContext(EINSTEIN, None, random.Random(0), lambda p, s: True, facts)
    sub = star(ctx, 5, 1)
    said = sorted((p.rsplit("/", 1)[1], tuple(o.uri for o in objs)) for _, p, objs, *_ in sub.units)
    assert said == [("associatedBand", (band.uri,)), ("birthPlace", (ULM.uri,))]


# -- aggregation, lists, tense, demonyms, appositions (texts written by hand from en.toml) ------------

def test_two_facts_about_one_subject_join_into_one_sentence(tiny):
    from bengal.generate.verbalise import join_sentences

    _, onto, lex = tiny
    princeton = Entity(DBR + "Princeton,_New_Jersey", "Princeton, New Jersey", (DBO + "City",))
    born = fact_sentence(lex, onto, DBO + "birthPlace", EINSTEIN, [ULM])
    died = fact_sentence(lex, onto, DBO + "deathPlace", EINSTEIN, [princeton])
    joined = join_sentences(lex, born, died)
    text, mentions = realise([joined])
    assert text == "Albert Einstein was born in Ulm and died in Princeton, New Jersey."
    assert [(m.begin, m.end) for m in mentions] == [(0, 15), (28, 31), (44, 65)]
    # a joined sentence takes no third clause; a sentence about another subject does not join
    assert join_sentences(lex, joined, born) is None
    assert join_sentences(lex, born, fact_sentence(lex, onto, DBO + "birthPlace", KLEINER, [ULM])) is None
    # nor two clauses with the same verb phrase ("was born in Ulm and was born in Princeton")
    assert join_sentences(lex, born, fact_sentence(lex, onto, DBO + "birthPlace", EINSTEIN, [princeton])) is None
    usa = Entity(DBR + "United_States", "United States")
    assert join_sentences(lex, born, fact_sentence(lex, onto, DBO + "birthPlace", EINSTEIN, [usa])) is None


def test_list_then_join_reads_right(tiny):
    from bengal.generate.verbalise import join_sentences

    _, onto, lex = tiny
    lived = fact_sentence(lex, onto, DBO + "residence", EINSTEIN, [BERN, ULM])
    born = fact_sentence(lex, onto, DBO + "birthPlace", EINSTEIN, [ULM])
    assert join_sentences(lex, lived, born) is None  # no "X lived in A and B and was born in C."
    text, _ = realise([join_sentences(lex, born, lived)])
    assert text == "Albert Einstein was born in Ulm and lived in Bern and Ulm."


def test_past_tense_and_demonym(tiny):
    _, onto, lex = tiny
    text, mentions = realise([type_sentence(lex, onto, EINSTEIN, demonym="German", past=True)])
    assert text == "Albert Einstein was a German scientist."
    assert [(m.begin, m.end) for m in mentions] == [(0, 15)]
    assert realise([type_sentence(lex, onto, EINSTEIN, demonym="American")])[0] == \
        "Albert Einstein is an American scientist."
    band = Entity(DBR + "Pulley_(band)", "Pulley (band)", (DBO + "Band",))
    assert realise([fact_sentence(lex, onto, DBO + "associatedBand", EINSTEIN, [band], past=True)])[0] == \
        "Albert Einstein worked with Pulley."
    assert realise([fact_sentence(lex, onto, DBO + "hometown", EINSTEIN, [ULM], past=True)])[0] == \
        "Albert Einstein came from Ulm."
    assert realise([fact_sentence(lex, onto, DBO + "restingPlace", EINSTEIN, [ULM], past=True)])[0] == \
        "Albert Einstein is buried in Ulm."


def test_appositions_of_object_and_subject(tiny):
    _, onto, lex = tiny
    band = Entity(DBR + "Pulley_(band)", "Pulley (band)", (DBO + "Band",))
    text, mentions = realise([fact_sentence(lex, onto, DBO + "associatedBand", KLEINER, [band], apposition=True)])
    assert text == "Alfred Kleiner has worked with the band Pulley."
    # 14 + len(" has worked with ") 17 + len("the band ") 9 = 40
    assert [(m.begin, m.end, m.surface) for m in mentions] == [(0, 14, "Alfred Kleiner"), (40, 46, "Pulley")]
    text, mentions = realise([fact_sentence(lex, onto, DBO + "birthPlace", KLEINER, [ULM], subject_apposition=True)])
    assert text == "The scientist Alfred Kleiner was born in Ulm."
    assert [(m.begin, m.end) for m in mentions] == [(14, 28), (41, 44)]


def test_appositions_carry_a_demonym(tiny):
    """By hand: the demonym goes after the apposition's "the " ([meta] apposition_demonym); none where the
    name holds it already, and none in a lexicon without the entry (German writes its adjective after)."""
    _, onto, lex = tiny
    band = Entity(DBR + "Pulley_(band)", "Pulley (band)", (DBO + "Band",))
    text, mentions = realise([fact_sentence(lex, onto, DBO + "associatedBand", KLEINER, [band], apposition=True,
                                            demonym="British")])
    assert text == "Alfred Kleiner has worked with the British band Pulley."
    # 14 + len(" has worked with ") 17 + len("the British band ") 17 = 48
    assert [(m.begin, m.end, m.surface) for m in mentions] == [(0, 14, "Alfred Kleiner"), (48, 54, "Pulley")]
    text, mentions = realise([fact_sentence(lex, onto, DBO + "birthPlace", KLEINER, [ULM], subject_apposition=True,
                                            subject_demonym="Swiss")])
    assert text == "The Swiss scientist Alfred Kleiner was born in Ulm."
    assert [(m.begin, m.end) for m in mentions] == [(20, 34), (47, 50)]
    assert apposition_phrase(lex, onto, band, "British") == "the British band "
    assert apposition_phrase(lex, onto, Entity(DBR + "British_Sea_Power", "British Sea Power", (DBO + "Band",)),
                             "British") == "the band "
    assert apposition_phrase(lex, onto, band, None) == "the band "
    assert "apposition_demonym" not in load_lexicon("fr").meta
    assert apposition_phrase(load_lexicon("fr"), onto, band, "britannique") == "le groupe "


def test_subject_details_on_tiny_kb(tiny):
    from bengal.generate.kbview import SubjectDetails, subject_details

    kb, _, _ = tiny
    # Einstein has a dbo:deathPlace; both were born in Ulm (which has no dbo:country here).
    assert subject_details(kb, [DBR + "Albert_Einstein", DBR + "Alfred_Kleiner"]) == {
        DBR + "Albert_Einstein": SubjectDetails(True, (("birthPlace", DBR + "Ulm"),)),
        DBR + "Alfred_Kleiner": SubjectDetails(False, (("birthPlace", DBR + "Ulm"),)),
    }


def test_plural_rules_come_from_the_lexicon():
    lex = load_lexicon("en")
    assert [lex.plural(w) for w in ("academic advisor", "city", "box", "church", "day")] == \
        ["academic advisors", "cities", "boxes", "churches", "days"]


def test_places_of_one_birth_are_one_chain_never_split():
    """By hand: Weyburn (City) < Saskatchewan (AdministrativeRegion) < Canada (Country), whatever the
    KB's order; "South Carolina" is the qualifier of "Camden, South Carolina" and is left out; star
    keeps the chain one fact even when the document wants more sentences than it has facts."""
    onto = Ontology(parents={DBO + "City": {DBO + "Place"}, DBO + "AdministrativeRegion": {DBO + "Place"},
                             DBO + "Country": {DBO + "Place"}})
    canada = Entity(DBR + "Canada", "Canada", (DBO + "Country",))
    sask = Entity(DBR + "Saskatchewan", "Saskatchewan", (DBO + "AdministrativeRegion",))
    weyburn = Entity(DBR + "Weyburn", "Weyburn", (DBO + "City",))
    lex = load_lexicon("en")
    text, mentions = realise([fact_sentence(lex, onto, DBO + "birthPlace", EINSTEIN, [canada, weyburn, sask])])
    assert text == "Albert Einstein was born in Weyburn, Saskatchewan, Canada."
    assert [m.surface for m in mentions] == ["Albert Einstein", "Weyburn", "Saskatchewan", "Canada"]
    sc = Entity(DBR + "South_Carolina", "South Carolina", (DBO + "AdministrativeRegion",))
    camden = Entity(DBR + "Camden,_South_Carolina", "Camden, South Carolina", (DBO + "City",))
    assert place_chain(onto, [sc, camden]) == [camden]
    text, _ = realise([fact_sentence(lex, onto, DBO + "deathPlace", EINSTEIN, [sc, camden], date="on 1 May 1950")])
    assert text == "Albert Einstein died on 1 May 1950 in Camden, South Carolina."
    facts = [(DBO + "birthPlace", canada), (DBO + "birthPlace", weyburn), (DBO + "genre", ULM)]
    ctx = StrategyContext(EINSTEIN, None, random.Random(0), lambda p, s: True, facts,
                          chained=lambda prop: lex.chained(prop.rsplit("/", 1)[1]))
    sub = star(ctx, 3, 3)  # three facts, but the chain is one: too few for three sentences
    assert sub is None
    sub = star(ctx, 3, 2)
    assert sub is not None and sorted(len(u.objects) for u in sub.units) == [1, 2]
    assert Unit(EINSTEIN, DBO + "birthPlace", (canada, weyburn)) in sub.units or \
        Unit(EINSTEIN, DBO + "birthPlace", (weyburn, canada)) in sub.units


def test_entity_hash_is_the_fields_hash_and_is_not_pickled():
    """Entity keeps its hash once worked out (the memos' keys); it must be the dataclass's own (the hash of
    its fields) and must not cross a pickle: a string's hash differs in another process."""
    e = Entity("http://dbpedia.org/resource/Ulm", "Ulm", (DBO + "City",))
    assert hash(e) == hash((e.uri, e.label, e.classes, e.form, e.form_kind, e.gender, e.article))
    assert hash(e) == hash(e.with_form(None, None)) and e == e.with_form(None, None)
    back = pickle.loads(pickle.dumps(e))
    assert back == e and "_hash" not in back.__dict__ and back.surface == "Ulm"


def test_a_name_opening_a_sentence_in_lower_case_takes_a_capital():
    # a new user's reading of --like reuters128: "van Agt was a member of …" (Dries van Agt's family name)
    from bengal.generate.verbalise import Sentence

    agt = Entity(DBR + "Dries_van_Agt", "Dries van Agt", (DBO + "Person",), "van Agt", "family_name")
    ipod = Entity(DBR + "IPod", "iPod", (DBO + "Device",))
    text, mentions = realise([Sentence((agt, " met ", agt.with_form(None, None), "."), subject=agt.uri, predicate=1),
                              Sentence((ipod, " is sold by ", agt, "."), subject=ipod.uri, predicate=1)])
    # by hand: "Van Agt" 0-7, "Dries van Agt" 12-25, "iPod" 27-31 (second letter a capital: kept), " is sold by "
    # 31-43, "van Agt" 43-50
    assert text == "Van Agt met Dries van Agt. iPod is sold by van Agt."
    assert [(m.begin, m.end, m.surface) for m in mentions] == [
        (0, 7, "Van Agt"), (12, 25, "Dries van Agt"), (27, 31, "iPod"), (43, 50, "van Agt")]
