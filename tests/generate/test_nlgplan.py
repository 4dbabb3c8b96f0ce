"""The document planner and the microplanner on small hand-built facts (expected text written by hand)."""

from __future__ import annotations

from bengal.generate.docplan import plan_document
from bengal.generate.gender import Gender
from bengal.generate.kbview import Entity, Ontology
from bengal.generate.lexicon import load_lexicon
from bengal.generate.microplan import aggregate, description_allowed, pronoun_resolves
from bengal.generate.strategies import Subgraph, Unit
from bengal.generate.verbalise import fact_sentence, sentence_text

DBO = "http://dbpedia.org/ontology/"
DBR = "http://dbpedia.org/resource/"
PERSON = (DBO + "Person",)
PLACE = (DBO + "City", DBO + "Place")
ANNA = Entity(DBR + "Anna_Berg", "Anna Berg", PERSON)
ULM = Entity(DBR + "Ulm", "Ulm", PLACE)
KIEL = Entity(DBR + "Kiel", "Kiel", PLACE)
A = Entity(DBR + "FC_A", "FC A", (DBO + "SoccerClub",))
B = Entity(DBR + "FC_B", "FC B", (DBO + "SoccerClub",))


def _one(prop, subject, objects):
    return fact_sentence(load_lexicon("en"), Ontology(), DBO + prop, subject, objects)


def test_two_facts_join_with_and():
    lex = load_lexicon("en")
    joined = aggregate(lex, [_one("birthPlace", ANNA, [ULM]), _one("deathPlace", ANNA, [KIEL])], True)
    assert joined is not None
    assert sentence_text(joined) == "Anna Berg was born in Ulm and died in Kiel."
    assert [p.uri for p in joined.pieces if isinstance(p, Entity)] == [ANNA.uri, ULM.uri, KIEL.uri]


def test_three_facts_take_a_relative_clause():
    lex = load_lexicon("en")
    parts = [_one("birthPlace", ANNA, [ULM]), _one("team", ANNA, [A, B]), _one("deathPlace", ANNA, [KIEL])]
    joined = aggregate(lex, parts, True)
    assert joined is not None
    assert sentence_text(joined) == "Anna Berg, who was born in Ulm, played for FC A and FC B and died in Kiel."
    assert joined.mention_count == 5


def test_other_subjects_are_not_aggregated():
    lex = load_lexicon("en")
    assert aggregate(lex, [_one("birthPlace", ANNA, [ULM]), _one("team", A, [B])], True) is None


def test_document_plan_lists_objects_of_one_property_and_drops_repeats():
    sub = Subgraph(ANNA, (Unit(ANNA, DBO + "team", (A,)), Unit(ANNA, DBO + "birthPlace", (ULM,)),
                          Unit(ANNA, DBO + "team", (B,)), Unit(ANNA, DBO + "birthPlace", (ULM,))))
    plan = plan_document(sub, lambda u: 8, target_length=40)
    assert plan.sentences == ((Unit(ANNA, DBO + "team", (A, B)), Unit(ANNA, DBO + "birthPlace", (ULM,))),)
    assert plan.repeats == 1


def test_document_plan_cuts_sentences_at_the_target_length_and_keeps_min_sentences():
    units = tuple(Unit(ANNA, DBO + p, (o,)) for p, o in (("birthPlace", ULM), ("deathPlace", KIEL), ("team", A)))
    # 10 tokens alone, 8 more when joined: 10 + 8 = 18 <= 14 + 5 joins; then 18 >= 14 closes it
    plan = plan_document(Subgraph(ANNA, units), lambda u: 10, target_length=14)
    assert [len(s) for s in plan.sentences] == [2, 1]
    # with a target of 12: 18 > 12 + 5, every fact alone
    assert [len(s) for s in plan_document(Subgraph(ANNA, units), lambda u: 10, 12).sentences] == [1, 1, 1]
    assert [len(s) for s in plan_document(Subgraph(ANNA, units), lambda u: 10, 40).sentences] == [3]
    assert [len(s) for s in plan_document(Subgraph(ANNA, units), lambda u: 10, 40, min_sentences=3).sentences] \
        == [1, 1, 1]


def test_description_refused_when_another_entity_of_the_class_noun_was_named():
    # "Angela Merkel served while Horst Köhler was president. The politician's chancellor is …"
    merkel, koehler = DBR + "Angela_Merkel", DBR + "Horst_Köhler"
    history = [(0, merkel, "politician"), (0, koehler, "politician")]
    assert not description_allowed(koehler, "politician", history)
    assert not description_allowed(merkel, "politician", history)
    assert description_allowed(merkel, "politician", [(0, merkel, "politician"), (0, ULM.uri, "city")])
    assert not description_allowed(merkel, "politician", [(0, ULM.uri, "city")])  # never named
    assert not description_allowed(merkel, "person", [(0, merkel, "person")], vague=("person",))


def test_pronoun_only_for_the_previous_subject_without_a_rival():
    genders = {ANNA.uri: Gender("she", "foaf:gender")}
    plain = _one("birthPlace", ANNA, [ULM])

    def is_person(e):
        return DBO + "Person" in e.classes

    assert pronoun_resolves(ANNA.uri, plain, "she", genders, is_person)
    assert not pronoun_resolves(ANNA.uri, None, "she", genders, is_person)
    eva = Entity(DBR + "Eva_Lind", "Eva Lind", PERSON)
    rival = _one("spouse", ANNA, [eva])
    assert not pronoun_resolves(ANNA.uri, rival, "she", genders, is_person)  # Eva Lind could be "she"
    assert not pronoun_resolves(ANNA.uri, _one("team", A, [B]), "she", genders, is_person)
