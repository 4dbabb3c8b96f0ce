"""Faults a copy editor marked in the twenty-first session's reading of `--like reuters128`, `--like conllpp`,
`--like oke2015` and the default set (279 sentences, seed 7), each fixed at its cause (issue 11):

- one verb twice in a coordinated predicate ("Sky Radio Group operates in the mass media industry and operates from
  Naarden", "X served under A and served alongside B"): ``Lexicon.same_verb``, asked by every join of one subject's
  predicates;
- ", whose genre is …" after a description taken for the predicate ("Symfonia is originally from Finland and ,
  whose members include …");
- a musician or a jockey that DBpedia also types a fish or a horse ("Howard McGhee, a fish, has teamed up with …");
- "the River Phoenix", "The River Island operates in Peru", "Nile is a river located in Egypt";
- "Max Weber, which was an influence on …" (an entity the KB gives no class);
- "forms part of Districts of Malta", "born in Presidencies and provinces of British India";
- "Gmina Łososina Dolna forms part of Nowy Sącz County" after the county was named ("… part of the county");
- made-up companies based in states of the past ("Oliver has its seat in the Second Spanish Republic");
- "Foča, a town, keeps Central European Time"; "held a key role at" and "was a key person at" in most documents;
- a synonym that opens a second predicate with the first's verb ("performed on the accordion and performed with");
- a pronoun with a relative clause ("He, who managed Aston Villa F.C., …", "He, whose music is rooted in …");
- a comma after the name that opens a sentence ("Pietà, is part of Floriana.") or after a short form chosen later
  ("Lansley … succeeded Young, in office.");
- an occupation that is the subject's class noun ("The musician Bernard Fowler … worked as a musician").

Expected values are written by hand; the KB's are read from the bundled sample's triples, quoted at each test."""

from __future__ import annotations

import random

import pytest

from bengal.generate.emerging import EmergingPlacer
from bengal.generate.kbview import Entity, Ontology, consistent_classes, entities, load_ontology, not_a_place
from bengal.generate.lexicon import load_lexicon
from bengal.generate.mentions import MentionPolicy
from bengal.generate.microplan import (
    aggregate,
    chain,
    coordinate,
    describe_objects,
    description_noun,
    where_after_subject,
    whose_clause,
)
from bengal.generate.paraphrase import Paraphraser
from bengal.generate.realise import title_after_comma
from bengal.generate.strategies import Subgraph, Unit
from bengal.generate.surface import close_titles, split_qualified
from bengal.generate.verbalise import Sentence, class_noun, fact_sentence, join_sentences, sentence_text
from bengal.kb.sparql import DBO

R = "http://dbpedia.org/resource/"
EN = load_lexicon("en")
NEWS = load_lexicon("en", news=True)
ACME = Entity(R + "Acme", "Acme", (DBO + "Company", DBO + "Organisation"))
ULM = Entity(R + "Ulm", "Ulm", (DBO + "City", DBO + "Place"))
SPAIN = Entity(R + "Spain", "Spain", (DBO + "Country", DBO + "Place"))
WEBER = Entity(R + "Max_Weber", "Max Weber")  # the sample types him with no class at all
LUKACS = Entity(R + "György_Lukács", "György Lukács", (DBO + "Philosopher", DBO + "Person"))


def _s(*pieces):
    """A sentence that opens with its subject (an entity piece) followed by its predicate."""
    return Sentence(tuple(pieces), subject=pieces[0].uri, predicate=1)


# --- one verb twice -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("first, second, same", [
    (" operates from ", " operates in ", True),            # the copy editor's "operates from … and operates in …"
    (" served under ", " served alongside Prime Minister ", True),
    (" lies in the city of ", " lies in the state of ", True),
    (" worked with ", " worked as ", True),
    (" is a city in ", " is home to ", False),              # after "is", the next word decides: city, home
    (" is a native of ", " is a member of ", False),        # native, member (the article skipped)
    (" has its seat in ", " has its head office in ", True),  # its, its: both say where the seat is
    (" was headed by Prime Minister ", " was also headed by ", True),  # "also" skipped like an article
    (" was born in ", " was educated at ", False),
    (" was succeeded in office by ", " succeeded ", False),  # two voices: was, succeeded
    (" was influenced by ", " influenced ", False),
    (" is owned by the company ", " is owned by ", True),
    (" Operates from ", " operates in ", True),             # case aside
    ("", " operates in ", False),
])
def test_same_verb(first, second, same):
    assert EN.same_verb(first, second) is same
    assert EN.same_verb(second, first) is same


def test_the_same_verb_is_not_joined_in_any_way():
    seat = _s(ACME, " operates from ", ULM, ".")
    other = _s(ACME, " operates in ", SPAIN, ".")
    assert join_sentences(EN, seat, other) is None
    assert aggregate(EN, [seat, other], False) is None
    owns = _s(ACME, " owns ", Entity(R + "B", "B", (DBO + "Company",)), ".")
    assert aggregate(EN, [seat, owns, other], False) is None
    # another verb is joined: "Acme operates from Ulm and owns B."
    assert sentence_text(join_sentences(EN, seat, owns)) == "Acme operates from Ulm and owns B."
    # a described second subject's predicate (microplan._same_subject_predicates through coordinate)
    described = Sentence(("The company", " operates in ", SPAIN, "."), subject=ACME.uri, predicate=1)
    assert coordinate(EN, seat, described) is None  # nor "Acme operates from Ulm, and the company operates in Spain"
    assert sentence_text(coordinate(EN, seat, Sentence(("The company", " owns the firm ", ULM, "."),
                                                        subject=ACME.uri, predicate=1))) == \
        "Acme operates from Ulm and owns the firm Ulm."


def test_a_description_with_its_own_clause_is_no_predicate():
    # "The band, whose genre is west coast hip hop, once counted …" joined as "… among others and , whose genre is …"
    first = _s(ACME, " has worked with ", ULM, ", among others.")
    second = Sentence(("The company", ", whose home is Spain, owns ", SPAIN, "."), subject=ACME.uri, predicate=1)
    joined = coordinate(EN, first, second)
    assert joined is None or " and ," not in sentence_text(joined)
    # after "among others" the coordinated predicate takes its comma: "…, among others, and owns …"
    owns = Sentence(("The company", " owns ", SPAIN, "."), subject=ACME.uri, predicate=1)
    assert sentence_text(coordinate(EN, first, owns)) == "Acme has worked with Ulm, among others, and owns Spain."


def test_spanish_and_german_take_the_rule_too():
    es, de = load_lexicon("es"), load_lexicon("de")
    assert es.same_verb(" trabajó como ", " trabajó con ") and not es.same_verb(" es una ciudad de ", " es sede de ")
    assert de.same_verb(" spielte für ", " spielte mit ") and not de.same_verb(" ist eine Stadt in ", " ist Sitz von ")


# --- KB type noise ------------------------------------------------------------------------------------------------

def test_a_person_of_a_persons_class_is_no_fish_nor_horse(bundled_kb):
    onto = load_ontology(bundled_kb)
    names = ["Howard_McGhee", "Eddie_Delahoussaye", "Seattle_Slew"]
    found = entities(bundled_kb, onto, [R + n for n in names])
    mcghee, jockey, horse = (found[R + n] for n in names)
    # Howard_McGhee: Agent, Animal, Artist, Eukaryote, Fish, MusicalArtist, Person, Species; his facts three
    # associatedMusicalArtist (Count Basie, Lionel Hampton; from Idrees Sulieman), no birth or death
    tops = {t for c in consistent_classes(onto, mcghee, []).classes for t in onto.tops(c)}
    assert DBO + "Person" in tops and DBO + "Species" not in tops
    # Eddie_Delahoussaye: Jockey and Athlete beside Horse, RaceHorse, Mammal, Animal, Eukaryote, Species
    assert DBO + "Jockey" in consistent_classes(onto, jockey, []).classes
    # Seattle_Slew: Person alone on that side (no class below it) beside RaceHorse, Horse, …: a horse
    kept = consistent_classes(onto, horse, []).classes
    assert DBO + "RaceHorse" in kept and DBO + "Person" not in kept


def test_a_set_of_places_is_no_place(bundled_kb):
    onto = load_ontology(bundled_kb)
    names = ["Districts_of_Malta", "Presidencies_and_provinces_of_British_India", "Isles_of_Scilly", "Malta"]
    found = entities(bundled_kb, onto, [R + n for n in names])
    # Districts_of_Malta (typed Settlement) is the object of 9 isPartOf facts ("forms part of Districts of Malta")
    assert not_a_place(onto, DBO + "isPartOf", found[R + "Districts_of_Malta"])
    # 81 birthPlace facts name British India's provinces (typed Country, AdministrativeRegion)
    assert not_a_place(onto, DBO + "birthPlace", found[R + "Presidencies_and_provinces_of_British_India"])
    # a place whose name is a plural of no subdivision, and a country, stay places
    assert not not_a_place(onto, DBO + "birthPlace", found[R + "Isles_of_Scilly"])
    assert not not_a_place(onto, DBO + "isPartOf", found[R + "Malta"])
    # a property of no place range is never judged so
    assert not not_a_place(onto, DBO + "genre", found[R + "Districts_of_Malta"])


# --- articles and relative pronouns --------------------------------------------------------------------------------

def test_a_river_takes_the_by_its_class_in_news_text():
    river = (DBO + "River", DBO + "Stream", DBO + "BodyOfWater", DBO + "NaturalPlace", DBO + "Place")
    assert NEWS.name_article("Nile", "in ", river) == "the "
    assert NEWS.name_article("River Thames", "in ", river) == "the "
    assert NEWS.name_article("River Thames", "in the ", river) is None  # the template's own "the"
    # a name that opens "River " and names no river: a person, a company, a city, a song (9 of the sample's 54)
    assert NEWS.name_article("River Phoenix", "with ", (DBO + "Person",)) is None
    assert NEWS.name_article("River Island", "owns ", (DBO + "Company",)) is None
    assert NEWS.name_article("River Falls, Wisconsin", "in ", (DBO + "City",)) is None
    # BENGAL's text (--mentions all, B1-B10) keeps its pattern and its bytes
    assert EN.name_article("River Phoenix", "with ", (DBO + "Person",)) == "the "
    assert EN.name_article("Nile", "in ", river) is None


def test_an_entity_of_no_class_takes_neither_who_nor_which():
    first = _s(LUKACS, " was inspired by ", WEBER, ".")
    second = _s(WEBER, " influenced ", Entity(R + "Talcott_Parsons", "Talcott Parsons", (DBO + "Person",)), ".")
    assert chain(EN, first, second, None) is None
    assert sentence_text(chain(EN, first, second, True)) == \
        "György Lukács was inspired by Max Weber, who influenced Talcott Parsons."
    # a possessive clause fits either: "… Max Weber, whose birthplace is Erfurt."
    owned = Sentence((WEBER, "'s birthplace is ", ULM, "."), subject=WEBER.uri, predicate=0)
    assert sentence_text(chain(EN, first, owned, None)) == \
        "György Lukács was inspired by Max Weber, whose birthplace is Ulm."
    born = _s(WEBER, " was born in ", ULM, ".")
    died = _s(WEBER, " died in ", SPAIN, ".")
    works = _s(WEBER, " worked with ", LUKACS, ".")
    assert aggregate(EN, [born, died, works], None) is None  # "Max Weber, which was born in …"
    assert sentence_text(aggregate(EN, [born, died], None)) == "Max Weber was born in Ulm and died in Spain."


# --- wordings ------------------------------------------------------------------------------------------------------

def test_a_place_uses_a_time_zone_in_news_text():
    entry = NEWS.data["templates"]["timeZone"]
    assert all(" keeps " not in t for t in entry["one"]) and "{s} uses {o}." in entry["one"]
    assert "{s} keeps {o}." in EN.data["templates"]["timeZone"]["one"]  # BENGAL's text unchanged


def test_a_key_person_has_news_wordings_of_its_own():
    # "… held a key role at …" and "… was a key person at …": 202 of 215 such sentences of --like conllpp (300
    # documents, seed 5) before; the same fact worded four ways in news text, two in BENGAL's
    acme = Entity(R + "Acme_Records", "Acme Records", (DBO + "RecordLabel", DBO + "Company"))
    nelson = Entity(R + "Nelson", "Nelson", (DBO + "Person",))
    news = {sentence_text(fact_sentence(NEWS, Ontology(), DBO + "keyPerson", acme, [nelson], variant=v))
            for v in range(4)}
    assert news == {"Nelson is a key person at Acme Records.", "Nelson holds a key role at Acme Records.",
                    "Nelson is an executive at Acme Records.", "Nelson is a senior figure at Acme Records."}
    assert len(EN.data["templates"]["keyPerson"]["one"]) == 2


# --- made-up companies ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("state, former", [
    ("Soviet Union", True), ("Second Spanish Republic", True), ("Kingdom of Italy", True),
    ("French Third Republic", True), ("Ottoman Empire", True), ("Empire of Japan", True), ("Qing dynasty", True),
    ("Kingdom of the Netherlands", False), ("Spain", False), ("Czech Republic", False), ("Dominican Republic", False),
    ("Inland Empire", False), ("Empire State Building", False), ("United Kingdom", False),
    ("East Asia", True),  # typed Continent too: "… has its head office in the continent" (a new user's reading)
])
def test_a_state_of_the_past_hosts_no_made_up_company(state, former):
    classes = (DBO + "Country", DBO + "PopulatedPlace", DBO + "Place")
    if state == "East Asia":
        classes = (DBO + "Country", DBO + "Continent", *classes[1:])
    place = Entity(R + state.replace(" ", "_"), state, classes)
    person = Entity(R + "Anna_Berg", "Anna Berg", (DBO + "Person",))
    kinds = {"place": {DBO + "Country"}, "person": {DBO + "Person"}, "company": {DBO + "Company"},
             "team": {DBO + "SportsTeam"}, "settlement": {DBO + "Settlement"}, "band": {DBO + "Band"}}
    placer = EmergingPlacer(1.0, kinds, lambda name: False)
    props = set()
    for seed in range(40):  # each draw picks one of the place's three facts: birthPlace, headquarter, location
        sub = Subgraph(seed=person, units=(Unit(person, DBO + "birthPlace", (place,)),))
        placed = placer.place(sub, random.Random(seed))
        props |= {u.prop for u in placed.units[1:]}
    assert (DBO + "birthPlace") in props  # a made-up person may be born there
    assert bool(props & {DBO + "headquarter", DBO + "location"}) is not former


# --- a place named again -------------------------------------------------------------------------------------------

def test_a_place_named_again_is_the_kind_its_name_says():
    # "Gmina Dziemiany is part of Kościerzyna County, and Gmina Stara Kiszewa belongs to Kościerzyna County": the
    # sample types the county AdministrativeRegion, whose noun ("the administrative region") no reader can place
    region = (DBO + "AdministrativeRegion", DBO + "Region", DBO + "PopulatedPlace", DBO + "Place")
    onto = Ontology(parents={DBO + "AdministrativeRegion": {DBO + "Region"}, DBO + "Region": {DBO + "PopulatedPlace"},
                             DBO + "PopulatedPlace": {DBO + "Place"}})
    county = Entity(R + "Kościerzyna_County", "Kościerzyna County", region)
    gmina = Entity(R + "Gmina_Stara_Kiszewa", "Gmina Stara Kiszewa", region)
    assert class_noun(NEWS, onto, county) == "administrative region"
    assert description_noun(NEWS, onto, county) == "county"
    assert description_noun(NEWS, onto, gmina) == "administrative region"  # "gmina" is no noun of kind_nouns
    assert description_noun(NEWS, onto, Entity(R + "Kent", "Kent", region)) == "administrative region"
    assert description_noun(NEWS, onto, ULM) == class_noun(NEWS, onto, ULM)  # a class noun that says enough stays
    history = [(0, gmina.uri, "administrative region"), (0, county.uri, "county")]
    other = Entity(R + "Gmina_Dziemiany", "Gmina Dziemiany", region)
    described = describe_objects(NEWS, onto, _s(other, " is part of ", county, "."), history, 1)
    assert described is not None and sentence_text(described) == "Gmina Dziemiany is part of the county."
    # another county named since: "the county" could be either
    two = [*history, (0, R + "Bytów_County", "county")]
    assert describe_objects(NEWS, onto, _s(other, " is part of ", county, "."), two, 1) is None


def test_a_synonym_opens_no_second_predicate_with_the_first_verb():
    # "Ron Asheton, a musician, performed on the accordion and performed with the Stooges." (benchmarks/bench_faults.py,
    # seed 3): the join said "played the accordion and performed with …", and the synonym of "played the" is
    # "performed on the" alone ([paraphrase.synonyms])
    asheton = Entity(R + "Ron_Asheton", "Ron Asheton", (DBO + "MusicalArtist", DBO + "Person"))
    stooges = Entity(R + "The_Stooges", "The Stooges", (DBO + "Band",))
    paraphraser = Paraphraser(EN, "k")
    joined = _s(asheton, " played the accordion and performed with ", stooges, ".")
    assert paraphraser.synonym(joined, 0) is None
    # alone, or beside another subject's clause, it is taken
    alone = paraphraser.synonym(_s(asheton, " played the accordion.",), 0)
    assert alone is not None and sentence_text(alone) == "Ron Asheton performed on the accordion."
    two = paraphraser.synonym(_s(asheton, " played the accordion, and ", LUKACS, " performed with ", stooges, "."), 0)
    assert two is not None and sentence_text(two) == (
        "Ron Asheton performed on the accordion, and György Lukács performed with The Stooges.")


def test_a_pronoun_takes_no_relative_clause():
    # "John Gregory played as a midfielder. He, who managed Aston Villa F.C., Derby County F.C. and Wycombe Wanderers
    # F.C., was a player for the England national football team" (docs/generate.md's --pronouns example, found when
    # this session's changes redrew it); "He, whose music is rooted in jam band, worked with …" (--pronouns, seed 2)
    gregory = Entity(R + "John_Gregory", "John Gregory", (DBO + "SoccerManager", DBO + "Person"))
    he = Entity(gregory.uri, gregory.label, gregory.classes, "He", "pronoun")

    def by_pronoun(*rest):
        return Sentence((he, *rest), subject=gregory.uri, predicate=1, pronoun=("he", "gender"))

    managed = by_pronoun(" managed ", ACME, ".")
    played = by_pronoun(" was a player for ", ULM, ".")
    born = by_pronoun(" was born in ", SPAIN, ".")
    assert aggregate(EN, [managed, played, born], True) is None
    named = [Sentence((gregory, *s.pieces[1:]), subject=gregory.uri, predicate=1) for s in (managed, played, born)]
    assert sentence_text(aggregate(EN, named, True)) == \
        "John Gregory, who managed Acme, was a player for Ulm and was born in Spain."
    genre = Sentence((gregory, "'s genre is jam band."), subject=gregory.uri, predicate=0)
    assert whose_clause(EN, managed, genre) is None
    assert sentence_text(whose_clause(EN, named[0], genre)) == "John Gregory, whose genre is jam band, managed Acme."


def test_a_where_clause_says_no_verb_of_its_main_clause():
    # "Aomori Prefecture, where Roman Inc is situated, is situated in Japan." (a new user's reading)
    aomori = Entity(R + "Aomori_Prefecture", "Aomori Prefecture", (DBO + "AdministrativeRegion", DBO + "Place"))
    japan = Entity(R + "Japan", "Japan", (DBO + "Country", DBO + "Place"))
    roman = Entity("http://bengal.invalid/notInWiki/Roman_Inc", "Roman Inc", (DBO + "Company",))
    first = _s(aomori, " is situated in ", japan, ".")
    assert where_after_subject(NEWS, first, _s(roman, " is situated in ", aomori, ".")) is None
    joined = where_after_subject(NEWS, first, _s(roman, " has its seat in ", aomori, "."))
    assert joined is not None and sentence_text(joined) == \
        "Aomori Prefecture, where Roman Inc has its seat, is situated in Japan."


def test_the_name_that_opens_a_sentence_takes_no_closing_comma_before_its_verb():
    # "Pietà, is part of Floriana." (a blind reader's mark): the other voice of "Floriana includes Pietà, Malta" opens
    # with the fact's object, so the sentence's predicate index is 0 and the whole label "Pietà, Malta" took the
    # qualifier's closing comma; its head alone was chosen later and the comma stayed
    pieta = Entity(R + "Pietà,_Malta", "Pietà, Malta", (DBO + "Settlement", DBO + "Place"))
    floriana = Entity(R + "Floriana", "Floriana", (DBO + "Settlement", DBO + "Place"))
    voiced = Sentence((pieta, " is part of ", floriana, "."), subject=floriana.uri, predicate=0)
    assert split_qualified([voiced], lambda e: None) == [voiced]
    # a label written whole is closed by close_titles, on the finished sentence, where its surface still holds the
    # comma ("died in Roswell, Georgia, and …"); a name shortened after the microplanner takes none ("Lansley …
    # succeeded Young, in office" was written for George Young, Baron Young of Cookham: split_qualified had closed
    # the whole label before the short form was chosen)
    roswell = Entity(R + "Roswell,_Georgia", "Roswell, Georgia", (DBO + "City", DBO + "Place"))
    died = Sentence((ACME, " was founded in ", roswell, " and owns ", ULM, "."), subject=ACME.uri, predicate=1)
    assert split_qualified([died], lambda e: None) == [died]
    assert sentence_text(close_titles([died], lambda name: title_after_comma(NEWS, name))[0]) == \
        "Acme was founded in Roswell, Georgia, and owns Ulm."
    young = Entity(R + "George_Young,_Baron_Young_of_Cookham", "George Young, Baron Young of Cookham",
                   (DBO + "Politician", DBO + "Person"))
    lansley = Entity(R + "Andrew_Lansley", "Andrew Lansley", (DBO + "Politician", DBO + "Person"))
    succeeded = Sentence((lansley, " succeeded ", young, " in office."), subject=lansley.uri, predicate=1)
    assert sentence_text(split_qualified([succeeded], lambda e: None)[0]) == \
        "Andrew Lansley succeeded George Young, Baron Young of Cookham in office."
    shortened = succeeded.with_pieces((lansley, " succeeded ", young.with_form("Young", "family_name"), " in office."),
                                      1)
    assert sentence_text(close_titles([shortened], lambda name: title_after_comma(NEWS, name))[0]) == \
        "Andrew Lansley succeeded Young in office."
    assert sentence_text(close_titles([succeeded], lambda name: title_after_comma(NEWS, name))[0]) == \
        "Andrew Lansley succeeded George Young, Baron Young of Cookham, in office."


def test_an_occupation_that_is_the_subjects_class_noun_is_left_out():
    # "The musician Bernard Fowler, who played with …, worked as a musician." (a blind reader's mark; 3 such sentences
    # in `bengal generate --docs 500 --seed 5` before, none after)
    onto = Ontology(parents={DBO + "MusicalArtist": {DBO + "Artist"}, DBO + "Artist": {DBO + "Person"}})
    fowler = Entity(R + "Bernard_Fowler", "Bernard Fowler", (DBO + "MusicalArtist", DBO + "Artist", DBO + "Person"))
    musician = Entity(R + "Musician", "Musician", (DBO + "PersonFunction",))
    singer = Entity(R + "Singer", "Singer", (DBO + "PersonFunction",))
    policy = MentionPolicy(NEWS, onto, "named")
    assert class_noun(NEWS, onto, fowler) == "musician"
    sub = Subgraph(seed=fowler, units=(Unit(fowler, DBO + "occupation", (musician, singer)),))
    kept, counts = policy.apply(sub)
    assert [o.surface for u in kept.units for o in u.objects] == ["a singer"]  # the concept written as text
    assert counts.left_out == {"occupation": 1}
    # BENGAL's text keeps every fact
    assert MentionPolicy(EN, onto, "all").apply(sub)[0] == sub
