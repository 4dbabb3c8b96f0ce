"""KB type noise decided by the KB's facts (issue 11, "KB type noise taken at face value"), as a new user found it:
acts that DBpedia types both a band and a person ("the band Bonnie Tyler", "the musician 2 Live Crew") and place
properties whose object is no place ("Tommy Bolin died in Miami", linked to the James Gang album).

The expected values are read by hand from the bundled sample's triples (``kb/dbpedia-sample.nt.gz``), quoted at
each test."""

from __future__ import annotations

from unittest import mock

from bengal.generate.config import GenerateConfig
from bengal.generate.kbview import (
    AGENT,
    Entity,
    Ontology,
    act_kind,
    born_entities,
    consistent_classes,
    entities,
    grouped_entities,
    load_ontology,
    not_a_place,
    typed_band_and_person,
    unknown_agent,
)
from bengal.generate.lexicon import load_lexicon
from bengal.generate.pipeline import DocumentMaker
from bengal.generate.realise import takes_plural_verb
from bengal.generate.stats import MadeDocument, generation_stats
from bengal.generate.strategies import FactSource
from bengal.generate.verbalise import class_noun, type_sentence
from bengal.kb.sparql import DBO
from bengal.kb.store import KB

LEX = load_lexicon("en")
R = "http://dbpedia.org/resource/"
ACT = tuple(DBO + c for c in ("Band", "MusicalArtist", "Group", "Artist", "Organisation", "Person", "Agent"))


def _music() -> Ontology:
    return Ontology(parents={DBO + "Band": {DBO + "Group"}, DBO + "Group": {DBO + "Organisation"},
                             DBO + "Organisation": {AGENT}, DBO + "MusicalArtist": {DBO + "Artist"},
                             DBO + "Artist": {DBO + "Person"}, DBO + "Person": {AGENT}},
                    depth={AGENT: 1, DBO + "Person": 2, DBO + "Organisation": 2, DBO + "Artist": 3, DBO + "Group": 3,
                           DBO + "MusicalArtist": 4, DBO + "Band": 4})


# --- acts typed a band and a person -------------------------------------------------------------------------------

def test_an_act_is_a_person_or_a_group_only_by_its_facts(bundled_kb):
    # all four are typed Band, Group, Organisation, MusicalArtist, Artist, Person and Agent in the sample.
    # Johnny Cash: birthPlace Kingsland, Arkansas, deathPlace Nashville, birthDate 1932-02-26 (a person);
    # Kool & the Gang: bandMember Ronald_Bell_(musician) (a group); Bonnie Tyler: only facts that point at her
    # (associatedBand from Frankie Miller and Jim Steinman, musicalBand from a song); 2 Live Crew: associatedBand,
    # associatedMusicalArtist and genre facts (neither).
    cash, kool, tyler, crew = (R + n for n in ("Johnny_Cash", "Kool_&_the_Gang", "Bonnie_Tyler", "2_Live_Crew"))
    onto = load_ontology(bundled_kb)
    found = entities(bundled_kb, onto, [cash, kool, tyler, crew])
    assert all(typed_band_and_person(onto, e.classes) for e in found.values()) and len(found) == 4
    acts = [cash, kool, tyler, crew]
    assert born_entities(bundled_kb, acts) == {cash}
    assert grouped_entities(bundled_kb, acts) == {kool}
    with mock.patch.object(KB, "graph", lambda self: None):  # the SPARQL path answers the same
        assert grouped_entities(bundled_kb, acts) == {kool}
    assert [act_kind(u == cash, u == kool) for u in acts] == ["person", "group", "undecided", "undecided"]
    # an entity with both signals, or with none, is undecided
    assert act_kind(True, True) == act_kind(False, False) == "undecided"
    # a band typed no person class and a musician typed no band are no such act
    assert not typed_band_and_person(_music(), (DBO + "Band", DBO + "Group", DBO + "Organisation"))
    assert not typed_band_and_person(_music(), (DBO + "MusicalArtist", DBO + "Artist", DBO + "Person"))


def test_the_kb_decides_the_class_of_an_act_once_whatever_the_property():
    onto = _music()
    act = Entity(R + "X", "X", ACT)
    for evidence in ([DBO + "Band"], [DBO + "MusicalArtist"], []):  # the range of associatedBand, …MusicalArtist
        assert consistent_classes(onto, act, evidence, born=True).classes == (
            DBO + "MusicalArtist", DBO + "Artist", DBO + "Person", AGENT)
        assert consistent_classes(onto, act, evidence, grouped=True).classes == (
            DBO + "Band", DBO + "Group", DBO + "Organisation", AGENT)
        assert consistent_classes(onto, act, evidence).classes == (AGENT,)
        assert consistent_classes(onto, act, evidence, born=True, grouped=True).classes == (AGENT,)
    # a KB that does not state Agent: the undecided act is still an agent
    bare = Entity(R + "X", "X", (DBO + "Band", DBO + "MusicalArtist"))
    assert consistent_classes(onto, bare, []).classes == (AGENT,)
    # the nouns: "musician" for a person, "band" for a group, none for an undecided act
    nouns = [class_noun(LEX, onto, consistent_classes(onto, act, [], born=b, grouped=g))
             for b, g in ((True, False), (False, True), (False, False))]
    assert nouns == ["musician", "band", None]


def test_an_undecided_act_takes_no_noun_no_pronoun_and_a_groups_verb_only_by_its_name():
    onto = _music()
    tyler = Entity(R + "Bonnie_Tyler", "Bonnie Tyler", (AGENT,))
    assert unknown_agent(onto, tyler)
    assert type_sentence(LEX, onto, tyler) is None  # never "Bonnie Tyler is a band."
    assert not unknown_agent(onto, Entity(R + "X", "X", (DBO + "MusicalArtist", DBO + "Artist", DBO + "Person")))
    assert not unknown_agent(onto, Entity(R + "X", "X", ()))  # untyped: no agent
    agent = (AGENT,)
    assert takes_plural_verb(LEX, "The Everly Brothers", agent)  # "The Everly Brothers have …"
    assert takes_plural_verb(LEX, "Simon & Garfunkel", agent)
    assert not takes_plural_verb(LEX, "Bonnie Tyler", agent)
    assert not takes_plural_verb(LEX, "Phil Collins", agent)  # plural in form only: a band's rule, not a person's


def test_a_document_about_an_undecided_act_names_no_class_and_no_pronoun(bundled_kb):
    # 2 Live Crew's sym document (seed 3) was "DJ Laz joined forces with the band 2 Live Crew. 2 Live Crew, a dirty
    # rap and Miami bass band, …"
    maker = DocumentMaker(bundled_kb, GenerateConfig(strategy="sym", seed=3, min_sentences=2, max_sentences=12,
                                                     pronouns=True), fact_poor=True)
    made = maker.make(R + "2_Live_Crew")
    assert made is not None
    assert "2 Live Crew" in made.text
    for noun in ("band", "musician", "group", "artist"):
        assert f"{noun} 2 Live Crew" not in made.text and f"2 Live Crew, a {noun}" not in made.text
        assert f"dirty rap and Miami bass {noun}" not in made.text
    assert not any(s.startswith(("It ", "They ", "He ", "She ")) for s in made.text.split(". "))
    assert "undecided" in made.acts


# --- a place property whose object is no place --------------------------------------------------------------------

def test_a_place_propertys_object_that_is_no_place(bundled_kb):
    onto = load_ontology(bundled_kb)
    names = ["Miami_(James_Gang_album)", "Australia_(2008_film)", "Mountain_Studios", "Billboard_Hot_100",
             "Victoria_(state)", "Colombians"]
    found = entities(bundled_kb, onto, [R + n for n in names])
    miami, film, studio, chart, victoria, people = (found[R + n] for n in names)
    # Tommy_Bolin deathPlace Miami_(James_Gang_album): untyped, its disambiguator names an album
    assert miami.classes == () and not_a_place(onto, DBO + "deathPlace", miami)
    # Nicole_Kidman residence Australia_(2008_film): typed Film and Work, and "film" in its name
    assert not_a_place(onto, DBO + "residence", film)
    # Shelley_Fabares birthPlace Billboard_Hot_100: typed Single, MusicalWork and Work
    assert not_a_place(onto, DBO + "birthPlace", chart)
    # Alejandro_Char_Chaljub nationality Colombians: typed EthnicGroup
    assert not_a_place(onto, DBO + "nationality", people)
    # A_Kind_of_Magic recordedIn Mountain_Studios: typed Company; a studio is where an album is recorded
    assert not not_a_place(onto, DBO + "recordedIn", studio)
    # Barry_Humphries birthPlace Victoria_(state): untyped, "state" names a place
    assert not not_a_place(onto, DBO + "birthPlace", victoria)
    # a property whose range is no place (genre: Genre) is never judged so
    assert not not_a_place(onto, DBO + "genre", film)


def test_no_place_edge_cases():
    onto = Ontology(parents={DBO + "Settlement": {DBO + "PopulatedPlace"}, DBO + "PopulatedPlace": {DBO + "Place"},
                             DBO + "Album": {DBO + "MusicalWork"}, DBO + "MusicalWork": {DBO + "Work"}},
                    ranges={DBO + "birthPlace": DBO + "Place", DBO + "hometown": DBO + "Settlement"})
    # typed a place and a work: the place class says it may be one
    both = Entity(R + "Miami", "Miami", (DBO + "Settlement", DBO + "Album"))
    assert not not_a_place(onto, DBO + "hometown", both)
    # typed a place, but its name says a band: the name wins
    band = Entity(R + "Boston_(band)", "Boston (band)", (DBO + "Settlement",))
    assert not_a_place(onto, DBO + "birthPlace", band)
    # untyped and no disambiguator: nothing says it is no place
    assert not not_a_place(onto, DBO + "birthPlace", Entity(R + "Glendale", "Glendale"))
    # a disambiguator that ends in a kind's letters but not its word ("(Albumville)") is no kind
    assert not not_a_place(onto, DBO + "birthPlace", Entity(R + "X_(Albumville)", "X (Albumville)"))


def test_such_facts_are_left_out_and_counted(bundled_kb):
    onto = load_ontology(bundled_kb)
    facts = FactSource(bundled_kb, onto)
    facts.start_document()
    bolin = facts.outgoing(R + "Tommy_Bolin")
    assert (DBO + "deathPlace") not in {p for p, _ in bolin}  # his only deathPlace is the album
    assert (DBO + "genre", R + "Hard_rock") in {(p, o.uri) for p, o in bolin}
    assert facts.no_place_facts() == [DBO + "deathPlace"]
    facts.start_document()
    assert facts.no_place_facts() == []
    # the fact seen from its object: the film's incoming facts hold no residence of Nicole Kidman
    assert (DBO + "residence", R + "Nicole_Kidman") not in {
        (p, s.uri) for p, s in facts.incoming(R + "Australia_(2008_film)")}
    assert facts.no_place_facts() == [DBO + "residence"]
    maker = DocumentMaker(bundled_kb, GenerateConfig(strategy="star", seed=3, min_sentences=2, max_sentences=12),
                          fact_poor=True)
    made = maker.make(R + "Tommy_Bolin")
    assert made is not None and "Miami" not in made.text and made.no_place == ("deathPlace",)


def test_the_manifest_counts_them(bundled_kb):
    onto = load_ontology(bundled_kb)
    doc = MadeDocument("Ann Lee sings.", (), 1, 4, 0, (), acts=("person", "undecided"), no_place=("deathPlace",))
    other = MadeDocument("Bob Lee sings.", (), 1, 4, 0, (), acts=("group",), no_place=("nationality", "deathPlace"))
    stats = generation_stats([doc, other], GenerateConfig(surface_forms=False, literals=False), bundled_kb, onto, 2, 2)
    assert stats["kb_noise"] == {
        "acts_typed_band_and_person": {"person": 1, "group": 1, "undecided": 1},
        "place_facts_without_a_place": 3,
        "without_a_place_by_property": {"deathPlace": 2, "nationality": 1},
    }
