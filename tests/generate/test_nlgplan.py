"""The document planner and the microplanner on small hand-built facts (expected text written by hand)."""

from __future__ import annotations

from bengal.generate.docplan import plan_document
from bengal.generate.gender import Gender
from bengal.generate.kbview import Entity, Ontology, SubjectDetails
from bengal.generate.lexicon import load_lexicon
from bengal.generate.literals import person_lifespans
from bengal.generate.microplan import (
    abridge_allowed,
    abridge_list,
    abridgeable,
    abridged_template,
    aggregate,
    coordinate,
    coordinate_subjects,
    description_allowed,
    lifespan_clause,
    lifespan_of,
    microplan,
    pronoun_resolves,
)
from bengal.generate.strategies import Subgraph, Unit
from bengal.generate.verbalise import fact_sentence, sentence_text

DBO = "http://dbpedia.org/ontology/"
DBR = "http://dbpedia.org/resource/"
PERSON = (DBO + "Person",)
PLACE = (DBO + "City", DBO + "Place")
ANNA = Entity(DBR + "Anna_Berg", "Anna Berg", PERSON)
ULM = Entity(DBR + "Ulm", "Ulm", PLACE)
KIEL = Entity(DBR + "Kiel", "Kiel", PLACE)
A = Entity(DBR + "FC_A", "FC A", (DBO + "SoccerClub", DBO + "Organisation"))
B = Entity(DBR + "FC_B", "FC B", (DBO + "SoccerClub", DBO + "Organisation"))


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


C = Entity(DBR + "FC_C", "FC C", (DBO + "SoccerClub", DBO + "Organisation"))
LEX = load_lexicon("en")


def _abridged(prop, subject, objects, past=False):
    unit = Unit(subject, DBO + prop, tuple(objects))
    template = abridged_template(LEX, Ontology(), unit)
    if template is None:
        return None
    sentence = fact_sentence(LEX, Ontology(), DBO + prop, subject, objects[:1], template=template, past=past)
    return abridge_list(LEX, sentence, template)


def test_a_list_is_written_by_its_first_object_among_others():
    s = _abridged("team", ANNA, [A, B, C])
    assert s is not None and sentence_text(s) == "Anna Berg played for FC A, among others."
    assert [p.uri for p in s.pieces if isinstance(p, Entity)] == [ANNA.uri, A.uri]  # B and C are not named
    # an "include" wording says it already; a single-object wording that opens with the object does
    # not take it ("FC A led X, among others" would be read of X), the list wording does
    carl = Entity(DBR + "Carl", "Carl Berg", PERSON)
    s = _abridged("bandMember", Entity(DBR + "Band", "The Band", (DBO + "Band",)), [ANNA, carl])
    assert s is not None and sentence_text(s) == "The members of The Band include Anna Berg."
    country = Entity(DBR + "Utopia", "Utopia", (DBO + "Country",))
    s = _abridged("leader", country, [ANNA, carl])
    assert s is not None and sentence_text(s) == "Utopia was led by Anna Berg, among others."


def test_no_abridged_list_for_a_place_chain_a_plural_noun_or_a_possessive():
    # "Ulm, Baden-Württemberg": a chain
    assert not abridgeable(LEX, Ontology(), Unit(ANNA, DBO + "birthPlace", (ULM, KIEL)))
    assert not abridgeable(LEX, Ontology(), Unit(ANNA, DBO + "team", (A,)))  # one object: nothing left out
    # "X's genres are rock, among others" and "recorded for the labels A, among others" are not written
    assert _abridged("genre", ANNA, [Entity(DBR + "Rock", "Rock", ()), Entity(DBR + "Pop", "Pop", ())]) is None
    assert abridge_allowed("{s} recorded for the label {o}.") and not abridge_allowed("{o} led {s}.")
    assert not abridge_allowed("{s}'s genres are {o}.")


def test_an_abridged_list_keeps_its_comma_before_a_joined_clause():
    first = _abridged("team", ANNA, [A, B])
    joined = aggregate(LEX, [first, _one("birthPlace", ANNA, [ULM])], True)
    assert joined is not None
    assert sentence_text(joined) == "Anna Berg played for FC A, among others, and was born in Ulm."
    three = aggregate(LEX, [_one("birthPlace", ANNA, [ULM]), first, _one("deathPlace", ANNA, [KIEL])], True)
    assert three is not None
    assert sentence_text(three) == "Anna Berg, who was born in Ulm, played for FC A, among others, and died in Kiel."


def test_the_microplanner_abridges_a_list_only_when_the_density_asks_and_only_when_told():
    sub = [(Unit(ANNA, DBO + "team", (A, B, C)),)]
    full = "Anna Berg played for FC A, FC B and FC C."
    assert [sentence_text(s) for s in microplan(LEX, Ontology(), sub, 0.4, None, set(), abridge=True)] == [full]
    low = microplan(LEX, Ontology(), sub, 0.05, None, set(), abridge=True)
    # the apposition ("the club") is one more way to fewer names a word
    assert [sentence_text(s) for s in low] == ["Anna Berg played for the club FC A, among others."]
    # BENGAL's presets (--mentions all) keep their facts: no abridging unless asked (the density control
    # still picks among the team's wordings: "was on the rosters of FC A, FC B and FC C" has fewer names a word)
    plain = [sentence_text(s) for s in microplan(LEX, Ontology(), sub, 0.05, None, set())]
    assert len(plain) == 1 and "among others" not in plain[0]
    assert plain[0].startswith("Anna Berg ") and plain[0].endswith(" FC A, FC B and FC C.")


def test_no_abridged_list_leaves_out_what_a_later_sentence_is_about():
    # "Interscope Records was founded by Jimmy Iovine, among others. Ted Field was born on 1 June 1953 in Chicago."
    # (a new user's reading of the default set, 7 December 2026): the walk goes on from an object the list left out
    plan = [(Unit(ANNA, DBO + "team", (A, B, C)),), (Unit(B, DBO + "ground", (ULM,)),)]
    texts = [sentence_text(s) for s in microplan(LEX, Ontology(), plan, 0.05, None, set(), abridge=True)]
    assert "among others" not in " ".join(texts) and "FC B" in texts[0], texts
    # a later sentence about the first object, which the abridged list names, leaves it free to abridge
    plan = [(Unit(ANNA, DBO + "team", (A, B, C)),), (Unit(A, DBO + "ground", (ULM,)),)]
    texts = [sentence_text(s) for s in microplan(LEX, Ontology(), plan, 0.05, None, set(), abridge=True)]
    assert "among others" in texts[0], texts


def test_a_person_named_at_the_end_takes_their_dates_as_a_relative_clause():
    country = Entity(DBR + "Utopia", "Utopia", (DBO + "Country",))
    led = fact_sentence(LEX, Ontology(), DBO + "leader", country, [ANNA, Entity(DBR + "Carl", "Carl Berg", PERSON)])
    one = _one("leader", country, [ANNA])  # "Anna Berg led Utopia.": it ends with its subject
    spans = {ANNA.uri: ("on 26 June 1854", "on 10 June 1937"), country.uri: ("in 1900", None)}
    boss = Entity(DBR + "Boss", "Boss Hogg", PERSON)
    s = lifespan_clause(LEX, _one("manager", A, [boss]), {boss.uri: ("in 1931", None)}, A.uri)
    assert s is not None and sentence_text(s) == "FC A is managed by Boss Hogg, who was born in 1931."
    s = lifespan_clause(LEX, _one("manager", A, [boss]), {boss.uri: ("on 1 May 1931", "in 2000")}, A.uri)
    assert s is not None
    assert sentence_text(s) == "FC A is managed by Boss Hogg, who was born on 1 May 1931 and died in 2000."
    s = lifespan_clause(LEX, _one("manager", A, [boss]), {boss.uri: (None, "in 2000")}, A.uri)
    assert s is not None and sentence_text(s) == "FC A is managed by Boss Hogg, who died in 2000."
    assert [p.uri for p in s.pieces if isinstance(p, Entity)] == [A.uri, boss.uri]  # the gold is unchanged
    assert lifespan_of(LEX, s, {boss.uri: (None, "in 2000")}) == {boss.uri}
    # not: a list at the end, the sentence's own subject, a person without dates, dates already said
    assert lifespan_clause(LEX, led, spans, country.uri) is None
    assert sentence_text(one) == "Anna Berg led Utopia."
    assert lifespan_clause(LEX, one, spans, country.uri) is None
    assert lifespan_clause(LEX, _one("manager", A, [boss]), spans, A.uri) is None
    assert lifespan_clause(LEX, _one("manager", A, [boss]), {boss.uri: ("in 1931", None)}, A.uri, {boss.uri}) is None
    # nor after the last item of a list, where it would read as the whole list's ("stars Anika Noni Rose, Jim
    # Cummings, John Goodman and Terrence Howard, who was born on 11 March 1969": a new user's reading of the
    # default set, 7 December 2026)
    film = Entity(DBR + "Frog", "The Frog", (DBO + "Film",))
    two = fact_sentence(LEX, Ontology(), DBO + "starring", film, [Entity(DBR + "Carl", "Carl Berg", PERSON), boss])
    assert sentence_text(two) == "The Frog stars Carl Berg and Boss Hogg."
    assert lifespan_clause(LEX, two, {boss.uri: ("in 1931", None)}, film.uri) is None
    one_star = fact_sentence(LEX, Ontology(), DBO + "starring", film, [boss])  # a single object still takes it
    assert sentence_text(lifespan_clause(LEX, one_star, {boss.uri: ("in 1931", None)}, film.uri) or one_star) == (
        "The Frog stars Boss Hogg, who was born in 1931.")
    # nor in a language whose lexicon has no such clause
    assert lifespan_clause(load_lexicon("de"), _one("manager", A, [boss]), {boss.uri: ("in 1931", None)}, A.uri) is None


def test_person_lifespans_writes_the_dates_the_kb_gives():
    details = {ANNA.uri: SubjectDetails(True, (), (("birthDate", "1854-06-26"), ("deathDate", "1937"))),
               B.uri: SubjectDetails(False, (), (("birthDate", "--06-26"),)),  # no year: not written
               C.uri: SubjectDetails(False, (), ())}
    assert person_lifespans(LEX, details, [ANNA.uri, B.uri, C.uri, KIEL.uri]) == {
        ANNA.uri: ("on 26 June 1854", "in 1937")}


def test_the_microplanner_says_a_lifespan_once_and_only_where_the_density_asks():
    boss = Entity(DBR + "Boss", "Boss Hogg", PERSON)
    plan = [(Unit(A, DBO + "manager", (boss,)),), (Unit(B, DBO + "manager", (boss,)),)]
    spans = {boss.uri: ("in 1931", None)}
    low = [sentence_text(s) for s in microplan(LEX, Ontology(), plan, 0.05, None, set(), lifespans=spans)]
    assert sum("who was born in 1931" in t for t in low) == 1
    high = [sentence_text(s) for s in microplan(LEX, Ontology(), plan, 0.5, None, set(), lifespans=spans)]
    assert not any("1931" in t for t in high)


def test_an_object_is_introduced_by_its_class_on_its_first_mention_only():
    # like-oke2015 --strategy sym: "AlunaGeorge has collaborated with the musician Kaytranada" after "The musician
    # Kaytranada had connections to …"; "the Netherlands was headed by the politician Cals" after "Jo Cals"
    carl = Entity(DBR + "Carl_Berg", "Carl Berg", PERSON)
    # a low density asks for every word the wordings offer ("was a player for", "the club")
    plan = [(Unit(ANNA, DBO + "team", (A,)),), (Unit(carl, DBO + "team", (A,)),)]
    low = [sentence_text(s) for s in microplan(LEX, Ontology(), plan, 0.05, None, set())]
    # (the longest wording without the class: fewest names a word)
    assert low == ["Anna Berg was a player for the club FC A.", "Carl Berg was on the roster of FC A."]
    # a first mention keeps its apposition after another object's
    plan = [(Unit(ANNA, DBO + "team", (A,)),), (Unit(carl, DBO + "team", (B,)),)]
    low = [sentence_text(s) for s in microplan(LEX, Ontology(), plan, 0.05, None, set())]
    assert low == ["Anna Berg was a player for the club FC A.", "Carl Berg was a player for the club FC B."]


def test_more_subjects_join_a_coordinated_subject_and_a_singular_complement_takes_none():
    # sym's incoming facts of one property (a new reading of the default set, 7 December 2026): "Freddy Head competed
    # in the Prix Ganay, and Angel Penna Sr. competed in the horse race. Chanteur took part in the Prix Ganay, and …"
    carl, dora, eli = (Entity(DBR + n.replace(" ", "_"), n, PERSON) for n in ("Carl Berg", "Dora Lind", "Eli Roth"))
    two = coordinate_subjects(LEX, _one("birthPlace", ANNA, [ULM]), _one("birthPlace", carl, [ULM]))
    three = coordinate_subjects(LEX, two, _one("birthPlace", dora, [ULM]))
    assert three is not None and sentence_text(three) == "Anna Berg, Carl Berg and Dora Lind were born in Ulm."
    four = coordinate_subjects(LEX, three, _one("birthPlace", eli, [ULM]))
    assert four is not None and sentence_text(four) == "Anna Berg, Carl Berg, Dora Lind and Eli Roth were born in Ulm."
    assert [p.uri for p in four.pieces if isinstance(p, Entity)] == [ANNA.uri, carl.uri, dora.uri, eli.uri, ULM.uri]
    assert four.subject is None and four.plural
    # one of them already, or another object: none
    assert coordinate_subjects(LEX, three, _one("birthPlace", carl, [ULM])) is None
    assert coordinate_subjects(LEX, three, _one("birthPlace", eli, [KIEL])) is None
    # a name holding "and" before the last: the serial comma ("Simon and Garfunkel, and Eli Roth")
    duo = Entity(DBR + "Simon_and_Garfunkel", "Simon and Garfunkel", PERSON)
    serial = coordinate_subjects(LEX, _one("birthPlace", duo, [ULM]), _one("birthPlace", eli, [ULM]))
    assert serial is not None and sentence_text(serial) == "Simon and Garfunkel, and Eli Roth were born in Ulm."
    # a name with a comma in a list of three reads as two names ("Ring on Her Finger, Time on Her Hands"): refused
    ring = Entity(DBR + "Ring,_Time", "Ring on Her Finger, Time on Her Hands", PERSON)
    assert coordinate_subjects(LEX, two, _one("birthPlace", ring, [ULM])) is None
    assert coordinate_subjects(LEX, _one("birthPlace", ring, [ULM]), _one("birthPlace", eli, [ULM])) is not None
    # "Anna Berg and Carl Berg were a citizen of Germany" would need "citizens": a singular complement is refused
    germany = Entity(DBR + "Germany", "Germany", (DBO + "Country", DBO + "Place"))
    assert sentence_text(_one("citizenship", carl, [germany])) == "Carl Berg was a citizen of Germany."
    assert coordinate_subjects(LEX, _one("citizenship", ANNA, [germany]), _one("citizenship", carl, [germany])) is None
    # the news planner writes three such facts as one sentence where the density allows (4 names in 11 tokens: at
    # 0.2 it writes more words, "Anna Berg was born in the city of Ulm, and Carl Berg's place of birth is Ulm, …")
    plan = [(Unit(s, DBO + "birthPlace", (ULM,)),) for s in (ANNA, carl, dora)]
    news = [sentence_text(x) for x in microplan(LEX, Ontology(), plan, 0.36, None, set(), chain_length=22.0)]
    assert news == ["Anna Berg, Carl Berg and Dora Lind were born in Ulm."]


def test_two_subjects_that_the_same_is_said_of_are_one_coordinated_subject():
    # like-oke2015 --strategy sym: "Jessica Davis took part in the Prix Maurice de Gheest, …, and François Boutin
    # took part in the Prix Maurice de Gheest."; "The Leopard stars Burt Lancaster, and Airport stars Burt Lancaster."
    carl = Entity(DBR + "Carl_Berg", "Carl Berg", PERSON)
    joined = coordinate_subjects(LEX, _one("birthPlace", ANNA, [ULM]), _one("birthPlace", carl, [ULM]))
    assert joined is not None
    assert sentence_text(joined) == "Anna Berg and Carl Berg were born in Ulm."
    assert [p.uri for p in joined.pieces if isinstance(p, Entity)] == [ANNA.uri, carl.uri, ULM.uri]
    assert joined.subject is None and joined.plural  # no pronoun or description refers back to one of them
    film = (DBO + "Film",)
    leopard, airport = Entity(DBR + "The_Leopard", "The Leopard", film), Entity(DBR + "Airport", "Airport", film)
    burt = Entity(DBR + "Burt_Lancaster", "Burt Lancaster", PERSON)
    stars = coordinate(LEX, _one("starring", airport, [burt]), _one("starring", leopard, [burt]))
    assert stars is not None and sentence_text(stars) == "Airport and The Leopard star Burt Lancaster."
    # other objects, or the same subject: no coordinated subject (coordinate joins the clauses, or nothing)
    assert coordinate_subjects(LEX, _one("birthPlace", ANNA, [ULM]), _one("birthPlace", carl, [KIEL])) is None
    assert coordinate_subjects(LEX, _one("birthPlace", ANNA, [ULM]), _one("deathPlace", carl, [ULM])) is None
    assert coordinate_subjects(LEX, _one("birthPlace", ANNA, [ULM]), _one("birthPlace", ANNA, [ULM])) is None
