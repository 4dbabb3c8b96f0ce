"""Fault classes of issue 11: each rule with hand-written examples, then a bounded corpus check.

The expected values below are English as a copy editor writes it (Chicago Manual of Style
for possessives), written by hand, not taken from the code's output.
"""

from __future__ import annotations

import re

import pytest

from bengal.generate import realise
from bengal.generate.config import GenerateConfig
from bengal.generate.kbview import Entity, Ontology, consistent_classes, is_list_page, used_as
from bengal.generate.lexicon import load_lexicon
from bengal.generate.mentions import MentionPolicy
from bengal.generate.microplan import abridgeable, chain, microplan
from bengal.generate.paraphrase import Paraphraser
from bengal.generate.pipeline import generate
from bengal.generate.strategies import Unit
from bengal.generate.verbalise import class_noun, fact_sentence, sentence_text, type_sentence
from bengal.kb.sparql import DBO

LEX = load_lexicon("en")


@pytest.mark.parametrize("phrase, article", [
    ("NCAA team", "an"), ("FBI agent", "an"), ("MP", "an"), ("NATO summit", "a"), ("NASA mission", "a"),
    ("one-time champion", "a"), ("Eurovision entry", "a"), ("eukaryote", "a"), ("US state", "a"),
    ("U.S. state", "a"), ("university", "a"), ("hour", "an"), ("honorary title", "an"), ("apple", "an"),
    ("band", "a"), ("umbrella", "an"), ("Ukrainian footballer", "a"), ("8-track", "an"), ("18th", "an"),
    ("1990s band", "a"), ("European club", "a"), ("RAF pilot", "an"), ("BBC show", "a"), ("", "a"),
])
def test_article_by_sound(phrase, article):
    assert realise.indefinite_article(LEX, phrase) == article


@pytest.mark.parametrize("singular, plural", [
    ("species", "species"), ("series", "series"), ("honours", "honours"), ("region served", "regions served"),
    ("member of parliament", "members of parliament"), ("person", "people"), ("child", "children"),
    ("city", "cities"), ("church", "churches"), ("key", "keys"), ("genus", "genera"), ("footballer", "footballers"),
])
def test_plural_of_the_head_noun(singular, plural):
    assert realise.plural(LEX, singular) == plural
    assert LEX.plural(singular) == plural  # the lexicon's rule is the realiser's


@pytest.mark.parametrize("name, suffix", [
    ("Capitol Records", "'"), ("Philippines", "'"), ("United States", "'"), ("The Beatles", "'"),
    ("Netherlands", "'"), ("James", "'s"), ("Paris", "'s"), ("Ulm", "'s"), ("Charles Dickens", "'s"),
])
def test_possessive_chicago_style(name, suffix):
    assert realise.possessive_suffix(LEX, name) == suffix


BAND = (DBO + "Band", DBO + "Group", DBO + "Organisation", DBO + "Agent")
TEAM = (DBO + "SoccerClub", DBO + "SportsTeam", DBO + "Organisation", DBO + "Agent")


@pytest.mark.parametrize("name, classes, plural", [
    # a band's name plural in form takes a plural verb and the apostrophe alone (AP style; "Swans's" and "Red Hot
    # Chili Peppers, which has" were written: a copy editor's reading, thirteenth session)
    ("Swans", BAND, True), ("Nine Inch Nails", BAND, True), ("Beastie Boys", BAND, True), ("Pixies", BAND, True),
    ("Guns N' Roses", BAND, True), ("In Flames", BAND, True),
    # not plural in form: a final "ss", "us", "is", "as", a short word, a preposition before the last word
    ("Supergrass", BAND, False), ("Nucleus", BAND, False), ("Crisis", BAND, False), ("Texas", BAND, False),
    ("Yes", BAND, False), ("Alice in Chains", BAND, False), ("Army of the Pharaohs", BAND, False),
    ("Metallica", BAND, False), ("Jane's Addiction", BAND, False),
    # a team's place name is no plural ("FC Nantes is"); a person's name never
    ("FC Nantes", TEAM, False), ("RC Lens", TEAM, False), ("Chicago Bears", TEAM, True),
    ("Charles Dickens", (DBO + "Person",), False),
])
def test_a_band_name_plural_in_form_is_plural(name, classes, plural):
    assert realise.takes_plural_verb(LEX, name, classes) is plural
    assert realise.possessive_suffix(LEX, name, classes) == ("'" if plural else "'s")


def test_a_plural_band_that_ends_in_no_s_keeps_its_s():
    # "Simon & Garfunkel were", but "Simon & Garfunkel's": the apostrophe alone only after an "s"
    assert realise.takes_plural_verb(LEX, "Simon & Garfunkel", BAND)
    assert realise.possessive_suffix(LEX, "Simon & Garfunkel", BAND) == "'s"


def test_realise_pieces_fixes_strings_and_never_an_entity():
    label = Entity("http://dbpedia.org/resource/Capitol_Records", "Capitol Records")
    nasa = Entity("http://dbpedia.org/resource/NASA", "NASA")
    pieces = ["the label ", label, "'s distributing label is ", "an ", nasa, " unit."]
    out = realise.realise_pieces(LEX, pieces)
    assert out == ["The label ", label, "' distributing label is ", "a ", nasa, " unit."]
    assert out[1] is label and out[4] is nasa
    assert realise.realise_pieces(LEX, ["X is an eukaryote."]) == ["X is a eukaryote."]
    assert realise.realise_pieces(LEX, ["It is a hour."]) == ["It is an hour."]


def test_proper_words_keep_their_capital_in_a_common_noun():
    assert LEX.common_noun("american football team", "AmericanFootballTeam") == "American football team"
    assert LEX.common_noun("Musical Artist", "MusicalArtist") == "musical artist"


def test_templates_apply_only_to_their_subject_classes():
    person = ("MusicalArtist", "Artist", "Person", "Agent")
    genre = ("MusicGenre", "Genre", "TopicalConcept")
    assert LEX.templates("instrument", "instrument", person, 1) == ("{s} plays the {o}.", "{s} performs on the {o}.")
    assert LEX.templates("instrument", "instrument", genre, 1) == ("{s} features the {o}.",)
    # an act the KB leaves undecided between a person and a band: true of both; a company: its products
    assert LEX.templates("instrument", "instrument", ("Agent",), 1) == ("{s}'s music features the {o}.",)
    assert LEX.templates("instrument", "instrument", ("Company", "Organisation", "Agent"), 1) == (
        "{s} features the {o}.",)
    assert LEX.templates("occupation", "occupation", ("Band", "Group", "Organisation"), 1) == (
        "{s} is associated with {o}.",)
    assert LEX.templates("residence", "residence", ("Film", "Work"), 1) == ("{s} is associated with {o}.",)


def test_fallback_labels_read_as_english():
    # a participle label: "X is spoken in Y", never "X spoken in Y"
    assert LEX.templates("spokenAtHome", "spoken in", (), 1) == ("{s} is spoken in {o}.",)
    # a lone participle names no noun: never "The related of X is Y"
    assert LEX.templates("relatedThing", "related", (), 1) == ("{s} is associated with {o}.",)
    assert LEX.templates("related", "related", (), 1) == ("{s} is related to {o}.", "{s} is akin to {o}.")
    assert LEX.templates("species", "species", (), 2) == ("The species of {s} are {o}.",)


def _onto() -> Ontology:
    parents = {"Company": {"Organisation"}, "Organisation": {"Agent"}, "Sea": {"BodyOfWater"},
               "BodyOfWater": {"NaturalPlace"}, "NaturalPlace": {"Place"}, "Person": {"Agent"},
               "Royalty": {"Person"}, "Film": {"Work"}, "HorseRace": {"Race"}, "Race": {"SportsEvent"},
               "SportsEvent": {"SocietalEvent"}, "SocietalEvent": {"Event"}, "Band": {"Organisation"}}
    onto = Ontology(parents={DBO + c: {DBO + p for p in ps} for c, ps in parents.items()})
    onto.depth = {DBO + c: d for c, d in {"Sea": 4, "BodyOfWater": 3, "NaturalPlace": 2, "Company": 2,
                                          "Organisation": 1, "Film": 2, "Person": 1, "HorseRace": 5,
                                          "Band": 2, "Royalty": 2}.items()}
    return onto


def test_classes_agree_with_the_facts_top_class():
    onto = _onto()
    ferry = Entity("http://dbpedia.org/resource/Jadrolinija", "Jadrolinija",
                   (DBO + "Sea", DBO + "BodyOfWater", DBO + "Company", DBO + "Organisation"))
    kept = consistent_classes(onto, ferry, [DBO + "Organisation", DBO + "Company", None])
    assert kept.classes == (DBO + "Company", DBO + "Organisation")
    # married to a person, not "the film Ian Hendry": the range of spouse is Person
    actor = Entity("http://dbpedia.org/resource/Ian_Hendry", "Ian Hendry", (DBO + "Film", DBO + "Person"))
    assert consistent_classes(onto, actor, [DBO + "Person"]).classes == (DBO + "Person",)
    race = Entity("http://dbpedia.org/resource/Prix_Ganay", "Prix Ganay", (DBO + "Band", DBO + "HorseRace"))
    # "the band Prix Ganay": the property's range (a race) decides
    assert consistent_classes(onto, race, [DBO + "Race"]).classes == (DBO + "HorseRace",)
    # no evidence, one class each: the first class's top class is kept
    assert consistent_classes(onto, race, []).classes == (DBO + "Band",)
    plain = Entity("http://dbpedia.org/resource/Ulm", "Ulm", (DBO + "Sea",))
    assert consistent_classes(onto, plain, [DBO + "Person"]) is plain  # one top class: nothing to choose


def test_a_person_with_a_birth_or_death_place_is_no_band():
    # DBpedia types 145 of the sample's singers and players Band too; a fact's range (associatedBand) made
    # "the band Duke Ellington". A birth or death place settles it; without one, or a member, the act is undecided
    # (kbview.act_kind: no class the KB contradicts, whatever the fact's range; was Band, Group by the range)
    onto = Ontology(parents={DBO + "Band": {DBO + "Group"}, DBO + "Group": {DBO + "Organisation"},
                             DBO + "MusicalArtist": {DBO + "Artist"}, DBO + "Artist": {DBO + "Person"}})
    duke = Entity("http://dbpedia.org/resource/Duke_Ellington", "Duke Ellington",
                  (DBO + "Band", DBO + "MusicalArtist", DBO + "Group", DBO + "Artist", DBO + "Person"))
    assert consistent_classes(onto, duke, [DBO + "Band"]).classes == (DBO + "Agent",)
    assert consistent_classes(onto, duke, [DBO + "MusicalArtist"], grouped=True).classes == \
        (DBO + "Band", DBO + "Group")
    assert consistent_classes(onto, duke, [DBO + "Band"], born=True).classes == \
        (DBO + "MusicalArtist", DBO + "Artist", DBO + "Person")
    band = Entity("http://dbpedia.org/resource/Goatsnake", "Goatsnake", (DBO + "Band", DBO + "Group"))
    assert consistent_classes(onto, band, [DBO + "Band"], born=True) is band  # no Person class: nothing to choose


def test_born_entities_reads_the_same_from_the_view_and_from_sparql(bundled_kb):
    from unittest import mock

    from bengal.generate.kbview import born_entities
    from bengal.kb.store import KB

    uris = ["http://dbpedia.org/resource/Duke_Ellington", "http://dbpedia.org/resource/Shakira",
            "http://dbpedia.org/resource/Goatsnake", "http://dbpedia.org/resource/Will_Young"]
    # by the KB's triples (asked here): Duke Ellington was born in Washington, D.C.; Shakira in Barranquilla;
    # the band Goatsnake and Will Young (typed Band, no birth or death place in the sample) were not
    asked = {e for e in uris if bundled_kb.select(
        f"SELECT ?x WHERE {{ <{e}> ?p ?x . VALUES ?p {{ <{DBO}birthPlace> <{DBO}deathPlace> }} FILTER(isIRI(?x)) }}")}
    assert asked == set(uris[:2])
    assert born_entities(bundled_kb, uris) == asked
    with mock.patch.object(KB, "graph", lambda self: None):
        assert born_entities(bundled_kb, uris) == asked


def test_a_people_is_never_a_country_or_a_band():
    # the KB types "Norwegians" Country and EthnicGroup, "Icelanders" Band and EthnicGroup; a fact's range
    # (a headquarters: a place) made them hosts of "The company Maynard has its headquarters in Norwegians."
    # and "… related to the band Icelanders" (like-conllpp, 1,000 documents, seed 7)
    onto = Ontology(parents={DBO + "Country": {DBO + "PopulatedPlace"}, DBO + "PopulatedPlace": {DBO + "Place"},
                             DBO + "Band": {DBO + "Organisation"}, DBO + "Organisation": {DBO + "Agent"}})
    norwegians = Entity("http://dbpedia.org/resource/Norwegians", "Norwegians",
                        (DBO + "Country", DBO + "PopulatedPlace", DBO + "EthnicGroup", DBO + "Place"))
    assert consistent_classes(onto, norwegians, [DBO + "PopulatedPlace"]).classes == (DBO + "EthnicGroup",)
    icelanders = Entity("http://dbpedia.org/resource/Icelanders", "Icelanders",
                        (DBO + "Band", DBO + "EthnicGroup", DBO + "Organisation", DBO + "Agent"))
    assert consistent_classes(onto, icelanders, []).classes == (DBO + "EthnicGroup", DBO + "Agent")


def test_a_fact_the_objects_other_uses_contradict_is_refused():
    # ranges as DBpedia states them; an entity's incoming counts as the KB gives them
    onto = Ontology(parents={DBO + "Instrument": {DBO + "Device"}, DBO + "MusicalArtist": {DBO + "Person"},
                             DBO + "Band": {DBO + "Organisation"}, DBO + "Country": {DBO + "Place"}},
                    ranges={DBO + "occupation": DBO + "PersonFunction", DBO + "instrument": DBO + "Instrument",
                            DBO + "associatedMusicalArtist": DBO + "MusicalArtist",
                            DBO + "associatedBand": DBO + "Band", DBO + "award": DBO + "Award",
                            DBO + "country": DBO + "Country"})
    percussion = {DBO + "instrument": 120, DBO + "occupation": 3, DBO + "related": 40}  # related: no range
    assert not used_as(onto, DBO + "occupation", percussion)  # 3 of 123 ranged facts: "worked as a percussion …"
    assert used_as(onto, DBO + "instrument", percussion)
    assert used_as(onto, DBO + "related", percussion)  # no range: nothing to disagree with
    # one in ten agreeing is enough, fewer is not: 1 of 10 and 1 of 11
    assert used_as(onto, DBO + "award", {DBO + "award": 1, DBO + "country": 9})
    assert not used_as(onto, DBO + "award", {DBO + "award": 1, DBO + "country": 10})
    # too few ranged facts to judge: kept ("Saudi Arabia" with 4 facts pointing at it would stay)
    assert used_as(onto, DBO + "award", {DBO + "award": 1, DBO + "country": 3})
    # a band where an artist is expected and the other way round: Person and Organisation stand in
    assert used_as(onto, DBO + "associatedMusicalArtist", {DBO + "associatedBand": 50})
    assert used_as(onto, DBO + "associatedBand", {DBO + "associatedMusicalArtist": 50})


def test_a_band_with_a_plural_name_takes_a_plural_verb():
    # sym, 2,000 documents, seed 7: "The Righteous Brothers … has worked with", "Jungle Brothers has worked with"
    r = "http://dbpedia.org/resource/"
    onto = Ontology(parents={DBO + "Band": {DBO + "Organisation"}, DBO + "Company": {DBO + "Organisation"},
                             DBO + "RecordLabel": {DBO + "Company"}})
    band = Entity(r + "The_Righteous_Brothers", "The Righteous Brothers", (DBO + "Band", DBO + "Organisation"))
    spector = Entity(r + "Phil_Spector", "Phil Spector", (DBO + "Person",))
    assert sentence_text(fact_sentence(LEX, onto, DBO + "associatedMusicalArtist", band, [spector])) == \
        "The Righteous Brothers have worked with Phil Spector."
    # the band as a description or after its class noun is singular
    assert sentence_text(fact_sentence(LEX, onto, DBO + "associatedMusicalArtist", band, [spector],
                                       describe_subject=True)) == "The band has worked with Phil Spector."
    assert sentence_text(type_sentence(LEX, onto, band)) == "The Righteous Brothers are a band."
    # like-kore50 (20 documents, seed 12): "The Predators is associated with The Pillows"
    predators = Entity(r + "The_Predators", "The Predators", (DBO + "Band", DBO + "Organisation"))
    assert sentence_text(type_sentence(LEX, onto, predators)) == "The Predators are a band."
    # path (15 documents, seed 12): "The Brothers Johnson once counted Yellowjackets among its members."
    member = Entity(r + "Louis_Johnson", "Louis Johnson", (DBO + "Person",))
    assert sentence_text(fact_sentence(LEX, onto, DBO + "formerBandMember", band, [member],
                                       template="{s} once counted {o} among its members.")) == \
        "The Righteous Brothers once counted Louis Johnson among their members."
    # a singular band name, and a company's plural name, take a singular verb
    boss = Entity(r + "The_Boss_(band)", "The Boss (band)", (DBO + "Band", DBO + "Organisation"))
    assert sentence_text(type_sentence(LEX, onto, boss)) == "The Boss is a band."
    queen = Entity(r + "Queen_(band)", "Queen (band)", (DBO + "Band", DBO + "Organisation"))
    assert sentence_text(type_sentence(LEX, onto, queen)) == "Queen is a band."
    capitol = Entity(r + "Capitol_Records", "Capitol Records", (DBO + "RecordLabel", DBO + "Company"))
    assert sentence_text(type_sentence(LEX, onto, capitol)) == "Capitol Records is a record label."


def test_a_complex_series_takes_a_comma_before_its_conjunction():
    # bench_faults.py (100 documents a run, seed 3): "The work of Jones spans the genres British rhythm and
    # blues and blues rock." reads as three genres; AP and Chicago put a comma before the last "and"
    r = "http://dbpedia.org/resource/"
    jones = Entity(r + "Jones", "Jones", (DBO + "Person",))
    rnb = Entity(r + "British_rhythm_and_blues", "British rhythm and blues", (DBO + "Genre",))
    rock = Entity(r + "Blues_rock", "Blues rock", (DBO + "Genre",))
    jazz = Entity(r + "Jazz", "Jazz", (DBO + "Genre",))
    variant = LEX.templates("genre", "genre", (), 2).index("{s}'s genres are {o}.")

    def text(objects):
        return sentence_text(fact_sentence(LEX, Ontology(), DBO + "genre", jones, objects, variant=variant))

    assert text([rnb, rock]) == "Jones's genres are British rhythm and blues, and Blues rock."
    assert text([rnb, jazz, rock]) == "Jones's genres are British rhythm and blues, Jazz, and Blues rock."
    assert text([rock, rnb]) == "Jones's genres are Blues rock and British rhythm and blues."  # no "and" before
    assert text([jazz, rock]) == "Jones's genres are Jazz and Blues rock."


def test_list_pages_and_mass_nouns_are_never_types():
    assert is_list_page("List of cities in Saskatchewan")
    assert not is_list_page("Listowel")
    onto = _onto()
    onto.class_labels = {DBO + "Royalty": "royalty", DBO + "Person": "person"}
    queen = Entity("http://dbpedia.org/resource/Elizabeth_II", "Elizabeth II", (DBO + "Royalty", DBO + "Person"))
    assert class_noun(LEX, onto, queen) == "person"


#: the corpus check's own patterns (independent of benchmarks/bench_faults.py)
FAULTS = {
    "article": re.compile(r"\ban (?:[bcdfgjkpqtvwyz]|eu|uni|one\b|use|US\b)|\ba (?!one\b|once\b|[Ee]u)[aeiAEIO]\w"
                          r"|\ba (?!NATO|NASA|NASCAR)[AEFHILMNORSX][A-Z]+\b"),
    "plural": re.compile(r"specieses|honourses|serieses|\bregion serveds\b"),
    "possessive": re.compile(r"\b(?:Records|Philippines|States|Islands|Beatles|Netherlands)'s\b"),
    "concept": re.compile(r"\b(?:is|was) an? (?:american|british|german|french)\b"),
    "fallback": re.compile(r"\b[Tt]he \w+ed of\b|(?<!is )(?<!was )\bspoken in\b"),
    "mass": re.compile(r"\b(?:is|was) an? (?:royalty|nobility|clergy)\b"),
    "list page": re.compile(r"\bLists? of\b"),
    "subject class": re.compile(r"\b[Tt]he (?:music genre|film|band|company) (?:plays the|worked as|lived in)\b"),
}


def test_fault_patterns_catch_the_examples_of_issue_11():
    bad = ["The specieses of X are Y.", "Capitol Records's distributing label is Z.", "X is an eukaryote.",
           "Chicago Bears is an american football team.", "The related of Croats is South Slavs.",
           "Standard Chinese spoken in Taiwan.", "Elizabeth II is a royalty.", "It is a NCAA team.",
           "Estevan is of the type List of cities in Saskatchewan.", "The music genre plays the Drum kit."]
    assert all(any(p.search(s) for p in FAULTS.values()) for s in bad)
    good = ["X is a eukaryote.", "Capitol Records' label is Z.", "Standard Chinese is spoken in Taiwan.",
            "Elizabeth II is a person.", "It is an NCAA team.", "James's band is Y."]
    assert not any(p.search(s) for s in good for p in FAULTS.values())


@pytest.mark.parametrize("strategy, density", [("star", "low"), ("sym", "high"), ("path", "low"),
                                               ("hybrid", "high"), ("summary", "low")])
def test_no_generated_sentence_matches_a_fault_class(bundled_kb, strategy, density):
    # bounded: each generate() call costs seconds of set-up on the bundled KB, so one
    # density per strategy; benchmarks/bench_faults.py runs every combination at scale.
    found = []
    config = GenerateConfig(docs=2, strategy=strategy, density=density, seed=3, surface_forms=True,
                            paraphrase=True, pronouns=True)
    for doc in generate(bundled_kb, config).corpus.documents:  # generate() checks the gold
        found += [(name, doc.text) for name, p in FAULTS.items() if p.search(doc.text)]
    assert found == []


#: a word or two written twice outside the names ("Gudda Gudda" is a name): read on the text with
#: every mention replaced by a mark of its own
DOUBLED = re.compile(r"\b((?!\w+ (?:and|or)\b)\w+(?: \w+)?) \1\b")


def _masked(doc) -> str:
    out, at = [], 0
    for i, m in enumerate(sorted(doc.mentions, key=lambda m: m.begin)):
        out += [doc.text[at:m.begin], f"<{i}>"]
        at = m.end
    return "".join(out) + doc.text[at:]


def test_doubled_words_pattern():
    assert DOUBLED.search("Ipswich, a city a city, is part of Suffolk.")
    assert DOUBLED.search("It is is a town.")
    assert not DOUBLED.search("<0>, a city, is part of <1>.")
    assert not DOUBLED.search("<0> <1> worked with <2>.")  # two names side by side are two marks
    assert not DOUBLED.search("<0>'s genres are country rock and rock and roll.")  # two genres
    assert DOUBLED.search("<0> was was in charge of by <1>.")


@pytest.mark.parametrize("template", ["{s} was managed by {o}.", "{s} is managed by {o}.", "{s} managed {o}."])
def test_a_synonym_never_doubles_a_verb(template):
    # --paraphrase wrote "Maccabi Tel Aviv F.C. was was in charge of by Jokanović." ("managed" → "was in
    # charge of" inside a passive), found by benchmarks/bench_faults.py's doubled-words class
    club = Entity("http://dbpedia.org/resource/C", "Maccabi Tel Aviv F.C.", (DBO + "SoccerClub",))
    coach = Entity("http://dbpedia.org/resource/J", "Slaviša Jokanović", (DBO + "Person",))
    sentence = fact_sentence(LEX, Ontology(), DBO + "manager", club, [coach], template=template)
    texts = {sentence_text(s) for k in range(12)
             if (s := Paraphraser(LEX, f"seed {k}").synonym(sentence, 0)) is not None}
    assert texts and not any(DOUBLED.search(t) or re.search(r"\b(?:is|was) (?:is|was)\b| of by\b", t)
                             for t in texts), texts


def test_no_word_is_written_twice_with_paraphrased_long_sentences(bundled_kb):
    # like-reuters128 (--paraphrase, --sentence-length 26) wrote "Ipswich, a city a city, is part of
    # Suffolk." in 179 of 300 documents: the opening type folded after a paraphrased apposition
    config = GenerateConfig(docs=12, strategy="hybrid", seed=0, sentence_length=26, surface_forms=True,
                            paraphrase=True, classes=("dbo:Place=0.85", "dbo:Organisation=0.15"))
    doubled = [m.group(0) for doc in generate(bundled_kb, config).corpus.documents
               for m in DOUBLED.finditer(_masked(doc))]
    assert doubled == []


def test_among_others_never_where_it_reads_as_a_falsehood():
    # the copy editor's reading of six --like sets (6 December 2026): "Hajipur is part of Bihar, among
    # others.", "Shiney Ahuja lived in India, among others.", "Gordon Brown was succeeded by Kenneth
    # Clarke, among others."
    subject = Entity("http://dbpedia.org/resource/S", "S", (DBO + "Place",))
    a, b = (Entity(f"http://dbpedia.org/resource/{n}", n, (DBO + "Person",)) for n in ("A", "B"))
    for prop in ("isPartOf", "residence", "successor"):
        assert not abridgeable(LEX, Ontology(), Unit(subject, DBO + prop, (a, b)))
    assert abridgeable(LEX, Ontology(), Unit(subject, DBO + "associatedMusicalArtist", (a, b)))
    assert not abridgeable(LEX, Ontology(), Unit(subject, DBO + "associatedMusicalArtist", (a,)))


def test_a_type_fact_is_left_out_in_named_mode_and_said_in_all():
    # "Ipswich is of the type city.", "Bern is of the type Municipalities of Switzerland."
    city = Entity("http://dbpedia.org/resource/City", "City")
    named, every = MentionPolicy(LEX, Ontology(), "named"), MentionPolicy(LEX, Ontology(), "all")
    assert named.leaves_out(DBO + "type", city) and not every.leaves_out(DBO + "type", city)
    assert not named.leaves_out(DBO + "genre", Entity("http://dbpedia.org/resource/Rock_music", "Rock music"))


@pytest.mark.parametrize("name, the, plural", [
    ("University of Oxford", True, False), ("University of Texas", True, False), ("Democratic Party", True, False),
    ("Norway national under-19 football team", True, False), ("Council of Europe", True, False),
    ("Netherlands", True, True), ("Oxford", False, False), ("Party People", False, False),
])
def test_names_that_take_the_and_their_number(name, the, plural):
    # "studied at University of Oxford", "include Democratic Party" before; "the University of Texas are"
    # never (the head comes before "of")
    assert LEX.takes_definite_article(name) is the
    assert realise.is_plural_name(LEX, name) is plural


@pytest.mark.parametrize("name, plural", [("Azores", True), ("Euphrates", False), ("Danube", False)])
def test_news_text_gives_an_archipelago_and_great_rivers_the(name, plural):
    # "situated in Azores", "Euphrates is a river in …" (a new user's reading of --like reuters128, twentieth
    # session); the Euphrates is one river ([realise.possessive] singular_names); BENGAL's text keeps its bytes
    news = load_lexicon("en", news=True)
    assert news.takes_definite_article(name) and not LEX.takes_definite_article(name)
    assert realise.is_plural_name(news, name) is plural
    assert not news.takes_definite_article("Nile")  # also a band's name


def test_paraphrase_synonyms_a_news_writer_would_not_use_are_gone():
    synonyms = {k: set(v) for k, v in LEX.data["paraphrase"]["synonyms"].items()}
    assert "the city of" not in synonyms  # "headquartered in the city Warsaw"
    assert "the politician" not in synonyms  # "the statesman Beata Szydło"
    assert "was born in" not in synonyms  # "came into the world in"
    assert "manufactures" not in synonyms["makes"]  # "Aniplex manufactures anime"
    assert "lies in" not in synonyms["is located in"]  # "The firm Weber-Page lies in Suffolk."


def test_a_people_takes_who():
    # "Kashubians, which speak English and live in Germany" (like-reuters128, seed 5)
    assert LEX.names_people((DBO + "EthnicGroup",))
    assert not LEX.names_people((DBO + "Country", DBO + "Place"))
    kashubians = Entity("http://dbpedia.org/resource/Kashubians", "Kashubians", (DBO + "EthnicGroup",))
    germany = Entity("http://dbpedia.org/resource/Germany", "Germany", (DBO + "Country",))
    poland = Entity("http://dbpedia.org/resource/Poland", "Poland", (DBO + "Country",))
    first = fact_sentence(LEX, Ontology(), DBO + "ethnicGroup", poland, [kashubians], template="{s} is home to {o}.")
    second = fact_sentence(LEX, Ontology(), DBO + "populationPlace", kashubians, [germany],
                           template="{s} live in {o}.")
    joined = chain(LEX, first, second, LEX.names_people(kashubians.classes))
    assert joined is not None and sentence_text(joined) == "Poland is home to Kashubians, who live in Germany."


@pytest.mark.parametrize("label, text", [
    ("K-pop", "K-pop"), ("Celtic music", "Celtic music"), ("Miami bass", "Miami bass"), ("Britpop", "Britpop"),
    ("Heavy metal music", "heavy metal"), ("Christian rock", "Christian rock"), ("Guitar", "guitar"),
])
def test_a_genre_keeps_the_capitals_of_its_proper_words(label, text):
    # "k-pop", "celtic music", "miami bass" before (a copy editor's reading, 6 December 2026)
    genre = Entity("http://dbpedia.org/resource/" + label.replace(" ", "_"), label, (DBO + "MusicGenre",))
    assert MentionPolicy(LEX, Ontology(), "named").concept_text(DBO + "genre", genre) == text


def test_a_people_takes_a_plural_verb_and_is_never_described_by_a_singular_noun():
    # like-reuters128 (seed 0, 500 documents): "The ethnic group live in Sweden, among others." and
    # "The ethnic group is related to South Slavs."; "Croats is related to South Slavs." at a high density
    r = "http://dbpedia.org/resource/"
    croatia = Entity(r + "Croatia", "Croatia", (DBO + "Country", DBO + "Place"))
    croats = Entity(r + "Croats", "Croats", (DBO + "EthnicGroup",))
    sweden = Entity(r + "Sweden", "Sweden", (DBO + "Country", DBO + "Place"))
    slavs = Entity(r + "South_Slavs", "South Slavs", (DBO + "EthnicGroup",))
    plan = [(Unit(croatia, DBO + "ethnicGroup", (croats,)),), (Unit(croats, DBO + "populationPlace", (sweden,)),),
            (Unit(croats, DBO + "related", (slavs,)),)]
    # every wording of the people's two facts, a plural verb each ("Croats live in", "have a presence in")
    lives = {sentence_text(fact_sentence(LEX, Ontology(), DBO + "populationPlace", croats, [sweden], template=t))
             for t in LEX.templates("populationPlace", "population place", ["EthnicGroup"], 1)}
    kin = {sentence_text(fact_sentence(LEX, Ontology(), DBO + "related", croats, [slavs], template=t))
           for t in LEX.templates("related", "related", ["EthnicGroup"], 1)}
    assert "Croats live in Sweden." in lives and "Croats are related to South Slavs." in kin
    assert not any(re.search(r"^Croats (?:is|has|lives)\b", t) for t in lives | kin)
    for target in (0.02, 0.5):
        texts = [sentence_text(s) for s in microplan(LEX, Ontology(), plan, target, None, set())]
        assert texts[1] in lives and texts[2] in kin, (target, texts)
    catholicism = Entity(r + "Catholicism", "Catholicism", (DBO + "Religion",))
    written = {sentence_text(fact_sentence(LEX, Ontology(), DBO + "religion", croats, [catholicism], template=t))
               for t in LEX.templates("religion", "religion", ["EthnicGroup"], 1)}
    assert written == {"Croats follow Catholicism.", "Croats adhere to Catholicism."}


def test_a_persons_religion_never_reads_as_a_succession():
    # a new user's reading of --like conllpp (7 December 2026): "Blunkett followed Methodism and was succeeded by
    # Gillian Shephard." reads as an office's succession; by hand, every wording of a dead person's religion
    blunkett = Entity("http://dbpedia.org/resource/David_Blunkett", "David Blunkett",
                      (DBO + "Politician", DBO + "Person"))
    methodism = Entity("http://dbpedia.org/resource/Methodism", "Methodism", (DBO + "Religion",))
    written = {sentence_text(fact_sentence(LEX, Ontology(), DBO + "religion", blunkett, [methodism], variant=v,
                                           past=True)) for v in range(3)}
    assert written == {"David Blunkett practised Methodism.", "David Blunkett adhered to Methodism.",
                       "David Blunkett's religion was Methodism."}


@pytest.mark.parametrize("name", ["Battle of France", "Allied invasion of Sicily", "River Thames", "Catholic Church",
                                  "Consortium of Liberal Arts Colleges", "European Union", "Eastern Time Zone",
                                  "Party of Democratic Action", "Dominion of Pakistan", "Crown of Aragon",
                                  "Six-Day War", "War of 1812", "Chattanooga campaign", "16th arrondissement of Paris",
                                  "National Medal of Science", "Nobel Prize in Physics", "Franklin Medal",
                                  "Medal of Honor", "Union Army", "Valencian Community",
                                  "European University Association",
                                  # a copy editor's reading of the default set (thirteenth session): "practised Old
                                  # Catholic Church", "adhered to Protestant Church in the Netherlands"
                                  "Old Catholic Church", "Protestant Church in the Netherlands", "Episcopal Church",
                                  # the fourteenth session's: "attended London School of Economics", "was educated at
                                  # National University of Colombia", "inducted into National Museum of Racing …"
                                  "London School of Economics", "Chinese University of Hong Kong",
                                  "Massachusetts Institute of Technology", "Royal Academy of Music",
                                  "National Museum of Racing and Hall of Fame", "Russell Group",
                                  "United Methodist Church", "Armenian Apostolic Church", "Scottish Episcopal Church",
                                  "National and Kapodistrian University of Athens"])
def test_names_a_news_writer_gives_the(name):
    # a reader of like-conllpp (6 December 2026): "fought in the Allied invasion of Sicily, Battle of France and
    # Battle of Voronezh", "River Ash flows into River Thames", "adhered to Catholic Church"
    assert LEX.takes_definite_article(name)


@pytest.mark.parametrize("name", ["Riverside", "St Mary's Church", "St. Paul Church", "Christ Church", "Battleford",
                                  "World War II",
                                  "Central European Time", "Warsaw", "Union City", "Partyland", "United Russia",
                                  "Prize", "Armyworm",
                                  # a name with its own article takes no second one: "is connected with the The
                                  # Birthday Party" (a new user's reading of the default set, 7 December 2026)
                                  "The Birthday Party", "The Communist Party", "The Salvation Army",
                                  # a school named without "of", and a company's group
                                  "Boston University", "Harvard Law School", "Universal Music Group",
                                  # a person named Church ("linked to the Charlotte Church": a new user's reading)
                                  "Charlotte Church", "Eric Church", "Frederic Edwin Church"])
def test_names_that_take_no_the(name):
    assert not LEX.takes_definite_article(name)


@pytest.mark.parametrize("name, news", [
    # a new user's reading (eighteenth session): "College of Idaho's teams compete in National Association of
    # Intercollegiate Athletics" (sym, --docs 30 --seed 5)
    ("College of Idaho", True), ("College of William & Mary", True),
    ("National Association of Intercollegiate Athletics", True), ("International Council for Science", True),
    # not: a town, a college named by its place, a body whose kind comes last
    ("Collegeville", False), ("College Park, Maryland", False), ("Boston College", False), ("World Bank", False)])
def test_colleges_and_national_bodies_take_the_in_news_text(name, news):
    assert load_lexicon("en", news=True).takes_definite_article(name) is news
    # news text only: BENGAL's text (--mentions all, B1-B10) writes these names as before, bare
    assert not LEX.takes_definite_article(name)


def test_class_nouns_a_reader_knows():
    # "The medician Oliver Sacks": DBpedia's class dbo:Medician is labelled "medician"
    sacks = Entity("http://dbpedia.org/resource/Oliver_Sacks", "Oliver Sacks", (DBO + "Medician", DBO + "Person"))
    assert class_noun(LEX, Ontology(), sacks) == "physician"
    organ = Entity("http://dbpedia.org/resource/Hammond_organ", "Hammond organ", (DBO + "Instrument",))
    assert MentionPolicy(LEX, Ontology(), "named").concept_text(DBO + "instrument", organ) == "Hammond organ"


def test_a_language_keeps_its_capitals_typed_or_not():
    # like-reuters128 (25 documents, seed 11): "the regional language of Finland is sami languages": the KB
    # gives "Sami languages" no type, but the range of regionalLanguage is Language
    sami = Entity("http://dbpedia.org/resource/Sami_languages", "Sami languages")
    onto = Ontology(ranges={DBO + "regionalLanguage": DBO + "Language", DBO + "genre": DBO + "Genre"})
    policy = MentionPolicy(LEX, onto, "named")
    assert policy.concept_text(DBO + "regionalLanguage", sami) == "Sami languages"
    assert policy.concept_text(DBO + "genre", Entity("http://dbpedia.org/resource/Blues_rock", "Blues rock")) == \
        "blues rock"


def test_a_name_that_opens_with_the_takes_no_second_the():
    # like-reuters128 (25 documents, seed 11): "Debré belonged to the The Republicans" ("{s} belongs to the {o}.")
    debre = Entity("http://dbpedia.org/resource/Jean-Louis_Debré", "Jean-Louis Debré", (DBO + "Person",))
    republicans = Entity("http://dbpedia.org/resource/The_Republicans_(France)", "The Republicans (France)",
                         (DBO + "PoliticalParty",))
    labour = Entity("http://dbpedia.org/resource/Labour_Party_(UK)", "Labour Party (UK)", (DBO + "PoliticalParty",))
    texts = {sentence_text(fact_sentence(LEX, Ontology(), DBO + "party", debre, [party], template=t))
             for t in ("{s} belongs to the {o}.", "{s} is a member of the {o}.") for party in (republicans, labour)}
    assert texts == {"Jean-Louis Debré belongs to The Republicans.",
                     "Jean-Louis Debré is a member of The Republicans.",
                     "Jean-Louis Debré belongs to the Labour Party.",
                     "Jean-Louis Debré is a member of the Labour Party."}


@pytest.mark.parametrize("label, text", [
    # news writes the genre without "music" where the words alone name it ("whose music is rooted in hip hop
    # music": a copy editor's reading, fourteenth session); where they would name something else it stays
    ("Hip hop music", "hip hop"), ("Heavy metal music", "heavy metal"), ("Rock music", "rock"), ("Soul music", "soul"),
    ("World music", "world music"), ("Dance music", "dance music"), ("Classical music", "classical music"),
    ("Alternative rock", "alternative rock"),
])
def test_a_genre_is_written_as_news_names_it(label, text):
    policy = MentionPolicy(LEX, Ontology(), "named")
    genre = Entity("http://dbpedia.org/resource/" + label.replace(" ", "_"), label, (DBO + "MusicGenre",))
    assert policy.concept_text(DBO + "genre", genre) == text
