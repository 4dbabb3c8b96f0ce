"""bengal stats' measures on hand-built corpora, against values worked out by hand (in the comments)."""

from __future__ import annotations

import pytest

from bengal.kb.names import NameIndex, build_name_index, label_forms
from bengal.kb.store import open_kb
from bengal.model import Corpus, Document, Mention
from bengal.shape import measure_corpus
from bengal.tokens import count_tokens, sentences, tokens

DBR = "http://dbpedia.org/resource/"
CITY, HILTON, BERLIN, OTHER = DBR + "Paris", DBR + "Paris_Hilton", DBR + "Berlin", "http://example.org/X"


def _names() -> NameIndex:
    idx = NameIndex(label={CITY: "Paris", HILTON: "Paris Hilton", BERLIN: "Berlin"},
                    top_class={CITY: "Place", HILTON: "Person", BERLIN: "Place"},
                    in_degree={CITY: 10, HILTON: 4, BERLIN: 7}, subjects=frozenset({CITY, HILTON, BERLIN}))
    for form, e in (("Paris", CITY), ("Paris Hilton", HILTON), ("Paris", HILTON), ("Hilton", HILTON),
                    ("Berlin", BERLIN)):
        idx.add(form, e)
    return idx


def _doc(uri: str, text: str, *spans: tuple[int, int, tuple[str, ...], str | None]) -> Document:
    return Document(uri, text, tuple(Mention.in_text(text, b, e, uris, t) for b, e, uris, t in spans))


def _corpus() -> Corpus:
    return Corpus((
        _doc("d1", "Paris met Paris. Berlin is big.", (0, 5, (CITY,), None), (10, 15, (HILTON,), None),
             (17, 23, (BERLIN,), None)),
        _doc("d2", "Paris is big. Berlin is big.", (0, 5, (CITY,), None), (14, 20, (OTHER,), None)),
        _doc("d3", "Ann Smith spoke.", (0, 9, (), "PER")),
    ), name="hand")


def test_tokens_and_sentences_by_hand():
    assert [t for _, _, t in tokens("Paris met Paris. Berlin is big.")] == \
        ["Paris", "met", "Paris", ".", "Berlin", "is", "big", "."]
    assert sentences("Paris met Paris.  Berlin is big. ") == [(0, 16), (18, 32)]
    assert count_tokens("Ann Smith spoke.") == 4


def test_the_type_mix_counts_only_mentions_whose_type_is_known():
    # Jazz: in the KB, of no top class → other; Acme: outside the KB but typed by the corpus → Organisation;
    # Zed: outside the KB and untyped → not counted (a manual corpus's links past the KB sample are not "other")
    # Euro: a NIL of CoNLL's MISC → other (before, MISC fell out of every share: CoNLL++'s summed to 0.87)
    names = _names()
    names.label[DBR + "Jazz"] = "Jazz"
    text = "Jazz, Acme and Zed met Berlin in Euro."
    doc = _doc("d", text, (0, 4, (DBR + "Jazz",), None), (6, 10, (DBR + "Acme",), "http://dbpedia.org/ontology/Company"),
               (15, 18, (DBR + "Zed",), None), (23, 29, (BERLIN,), None), (33, 37, (), "MISC"))
    v = measure_corpus(Corpus((doc,), name="types"), names).values
    assert v["type_known_share"] == pytest.approx(4 / 5)
    assert (v["type_other"], v["type_organisation"], v["type_place"], v["type_person"]) == \
        pytest.approx((2 / 4, 1 / 4, 1 / 4, 0.0))


def test_every_measure_on_a_hand_built_corpus():
    v = measure_corpus(_corpus(), _names(), window=5).values
    # 3 documents, 3 + 2 + 1 mentions; tokens 8 + 8 + 4; sentences 2 + 2 + 1
    assert (v["documents"], v["mentions"], v["mentions_per_document"]) == (3, 6, 2.0)
    assert (v["tokens"], v["sentences"], v["tokens_per_sentence"]) == (20, 5, 4.0)
    assert v["mentions_per_token"] == pytest.approx(6 / 20)
    # linked mentions with a KB label: Paris=Paris yes, Paris≠Paris Hilton, Berlin yes, Paris yes (X has none)
    assert v["label_identical_share"] == pytest.approx(3 / 4)
    # of those 4, the entity has no other name for the city (twice) and Berlin; Paris Hilton has "Paris", "Hilton"
    assert v["label_only_share"] == pytest.approx(3 / 4)
    # NIL / emerging: Ann Smith (no URI) and X (an IRI outside DBpedia's namespace, GERBIL's convention)
    assert v["nil_share"] == pytest.approx(2 / 6)
    # no KB entity answers: Ann Smith (no URI) and X (not a KB subject): 2 of 6; a dictionary over the KB
    # knows every surface form but "Ann Smith": 1 of 6
    assert (v["outside_kb_share"], v["unknown_form_share"]) == pytest.approx((2 / 6, 1 / 6))
    # Place: Paris, Berlin, Paris; Person: Paris Hilton and the NIL typed PER; X, outside the KB and
    # untyped, has no known type: the mix is over the 5 typed mentions, not the KB sample's coverage
    assert (v["type_person"], v["type_place"], v["type_other"]) == pytest.approx((2 / 5, 3 / 5, 0.0))
    assert (v["type_organisation"], v["type_work"]) == (0.0, 0.0)
    assert v["type_known_share"] == pytest.approx(5 / 6)
    # the first 5 words outside mentions: met is big is big → 3 types
    assert v["word_types_per_3000"] == 3
    # "Berlin is big." is in d1 and d2: 2 of 5 sentences
    assert v["repeated_sentence_share"] == pytest.approx(2 / 5)
    # "Berlin is big." is in 2 of the 3 documents; every other sentence in one
    assert v["top_sentence_document_share"] == pytest.approx(2 / 3)
    # forms Paris (2 senses), Berlin (1); Ann Smith unknown to the KB, left out
    assert v["surface_form_ambiguity"] == pytest.approx(1.5)
    # KB forms: Paris 1, Paris Hilton 3, Berlin 1 (X has none)
    assert v["entity_ambiguity"] == pytest.approx(5 / 3)
    # forms used / KB forms: 1/1, 1/3, 1/1
    assert v["dominance"] == pytest.approx(7 / 9)
    # Paris → the city (2 of 3); Berlin: a tie 1:1 goes to the smaller URI (dbpedia's Berlin): 3 of 5
    assert v["mfs_ceiling"] == pytest.approx(3 / 5)
    # the KB's most popular sense (in-degree): Paris → the city (10 > 4), Berlin → dbr:Berlin: 3 of 5
    assert v["kb_prior_ceiling"] == pytest.approx(3 / 5)
    assert (v["popularity_mean"], v["popularity_median"]) == (7.0, 7.0)
    assert v["ambiguous_mention_share"] == pytest.approx(3 / 6)
    assert (v["offsets_outside_text"], v["anchor_mismatches"], v["overlapping_pairs"], v["uris_not_in_kb"]) == \
        (0, 0, 0, 1)


def test_word_types_need_a_full_window():
    assert measure_corpus(_corpus(), _names()).values["word_types_per_3000"] is None


def test_overlaps_are_counted_per_pair_and_touching_spans_are_not():
    nested = _doc("n", "New York City", (0, 8, (), None), (0, 13, (), None), (4, 8, (), None))
    touching = _doc("t", "AB CD", (0, 2, (), None), (2, 5, (), None))
    assert measure_corpus(Corpus((nested, touching)), _names()).values["overlapping_pairs"] == 3


def test_an_emerging_entitys_iri_is_no_uri_missing_from_the_kb():
    # GERBIL's notInWiki (also bare, as Reuters-128 writes it) and bengal's made-up entities are outside every KB
    # by design: only the unknown dbpedia IRI is a gold flaw to check
    text = "Acme, Zed, Bob and Qux."
    doc = _doc("d", text, (0, 4, ("http://aksw.org/notInWiki/Acme",), None),
               (6, 9, ("http://aksw.org/notInWiki",), None),
               (11, 14, ("http://bengal.invalid/notInWiki/Bob_Smith",), None), (19, 22, (DBR + "Qux",), None))
    assert measure_corpus(Corpus((doc,)), _names()).values["uris_not_in_kb"] == 1


def test_same_as_links_resolve_corpus_local_iris():
    local = "http://local.example/berlin"
    corpus = Corpus((_doc("d", "Berlin.", (0, 6, (local,), None)),), same_as=((local, BERLIN),))
    v = measure_corpus(corpus, _names()).values
    assert (v["uris_not_in_kb"], v["label_identical_share"], v["type_place"]) == (0, 1.0, 1.0)


def test_an_empty_corpus_has_no_shares():
    v = measure_corpus(Corpus(()), _names()).values
    assert v["documents"] == 0 and v["mentions_per_document"] is None and v["dominance"] is None


def test_label_forms():
    assert label_forms("Paris (band)") == ["Paris"]
    assert label_forms("Cambridge, Massachusetts") == ["Cambridge, Massachusetts", "Cambridge"]
    assert label_forms("Albert Einstein", person=True) == ["Albert Einstein", "Einstein"]
    assert label_forms("Albert Einstein") == ["Albert Einstein"]


TINY = """\
@prefix dbr: <http://dbpedia.org/resource/> .
@prefix dbo: <http://dbpedia.org/ontology/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
dbr:Paris rdfs:label "Paris"@en ; a dbo:Place .
dbr:Paris_Hilton rdfs:label "Paris Hilton"@en ; a dbo:Person ; skos:altLabel "Hilton"@en .
<http://dbpedia.org/resource/Paris_(band)> rdfs:label "Paris (band)"@en ; a dbo:Organisation ;
    dbo:hometown dbr:Paris .
<http://dbpedia.org/resource/Cambridge,_Massachusetts> rdfs:label "Cambridge, Massachusetts"@en .
dbr:Cambridge rdfs:label "Cambridge"@en .
dbr:X dbo:birthPlace dbr:Paris ; a dbo:Person .
"""


def test_the_name_index_of_a_tiny_kb(tmp_path):
    path = tmp_path / "tiny.ttl"
    path.write_text(TINY, encoding="utf-8")
    idx = build_name_index(open_kb(path))
    assert idx.entities_of["Paris"] == {DBR + "Paris", DBR + "Paris_(band)"}
    assert idx.senses("Cambridge") == 2 and idx.senses("Massachusetts") == 0
    assert idx.forms_of[DBR + "Paris_Hilton"] == {"Paris Hilton", "Hilton"}
    assert idx.in_degree == {DBR + "Paris": 2}
    assert idx.top_class == {DBR + "Paris": "Place", DBR + "Paris_Hilton": "Person",
                             DBR + "Paris_(band)": "Organisation", DBR + "X": "Person"}
    assert idx.label[DBR + "Paris_(band)"] == "Paris"
    assert len(idx.subjects) == 6  # Paris, Paris_Hilton, Paris_(band), both Cambridges, X


def test_corpus_sense_and_kb_prior_ceilings_differ():
    # "Paris" always for Paris Hilton: the corpus's most frequent sense (1 of 1), not the KB's (the city, 10 > 4)
    corpus = Corpus((_doc("d", "Paris and Paris.", (0, 5, (HILTON,), None), (10, 15, (HILTON,), None)),))
    v = measure_corpus(corpus, _names()).values
    assert (v["mfs_ceiling"], v["kb_prior_ceiling"]) == (1.0, 0.0)


def test_a_corpus_without_uris_has_no_outside_kb_share():
    # CoNLL: NER only; whether its entities are in the KB is unknown, so not 100 % (as nil_share is)
    conll = Corpus((_doc("c", "Ann Smith met Paris.", (0, 9, (), "PER"), (14, 19, (), "LOC")),))
    v = measure_corpus(conll, _names()).values
    assert v["outside_kb_share"] is None and v["unknown_form_share"] == pytest.approx(1 / 2)


DUL = "http://www.ontologydesignpatterns.org/ont/dul/DUL.owl#"


def test_oke_classes_give_the_type_mix():
    # OKE 2015 types its gold with DUL classes; before, the type map knew none and counted every one as
    # "other" (57 % of OKE's mentions). By hand: Person, Organisation, Place, other (dul:Role); a field of
    # two IRIs counts as the first top class either gives (Organisation before Place)
    text = "Ann met Bob at Acme in Rome; the poet went to the UN."
    corpus = Corpus((_doc("d1", text, (0, 3, ("http://e/Ann",), DUL + "Person"),
                          (8, 11, ("http://e/Bob",), DUL + "Person"),
                          (15, 19, ("http://e/Acme",), DUL + "Organization"),
                          (23, 27, ("http://e/Rome",), DUL + "Place"),
                          (33, 37, ("http://e/poet",), DUL + "Role"),
                          (50, 52, ("http://e/UN",), f"{DUL}Organization {DUL}Place")),), name="oke-like")
    v = measure_corpus(corpus, NameIndex()).values
    assert (v["type_person"], v["type_organisation"], v["type_place"], v["type_other"]) == \
        pytest.approx((2 / 6, 2 / 6, 1 / 6, 1 / 6))


def test_the_real_oke_2015_type_mix_counts_its_dul_classes():
    # the real corpus, read with its types; counted here from the file with pyoxigraph, not by bengal's reader:
    # every phrase's itsrdf:taClassRef of the four DUL classes
    from pathlib import Path

    import pyoxigraph

    path = Path(__file__).resolve().parents[2].parent / "shared/data/nif/oke2015/evaluation-data/task1/" \
        "evaluation-dataset-task1.ttl"
    if not path.exists():
        pytest.skip("../shared/data is not beside the checkout")
    store = pyoxigraph.Store()
    store.load(path=str(path), format=pyoxigraph.RdfFormat.TURTLE)
    # one mention a span of a context (the file states one span twice, which the reader counts once)
    rows = store.query("""PREFIX itsrdf: <http://www.w3.org/2005/11/its/rdf#>
        PREFIX nif: <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#>
        SELECT ?x ?b ?n (GROUP_CONCAT(STR(?c); SEPARATOR=" ") AS ?cs) WHERE {
          ?p nif:referenceContext ?x ; nif:beginIndex ?b ; nif:endIndex ?n ; itsrdf:taIdentRef ?e .
          ?e a ?c . FILTER(STRSTARTS(STR(?c), "%s")) } GROUP BY ?x ?b ?n""" % DUL)
    by_class = {"Person": 0, "Organization": 0, "Place": 0, "Role": 0}
    for row in rows:
        names = row["cs"].value.split()
        first = next(c for c in ("Person", "Organization", "Place", "Role") if DUL + c in names)
        by_class[first] += 1
    from bengal.io.formats import read_corpus

    corpus = read_corpus(path)
    n = sum(len(d.mentions) for d in corpus.documents)
    v = measure_corpus(corpus, NameIndex()).values
    assert n == sum(by_class.values())
    assert v["type_person"] == pytest.approx(by_class["Person"] / n)
    assert v["type_organisation"] == pytest.approx(by_class["Organization"] / n)
    assert v["type_place"] == pytest.approx(by_class["Place"] / n)
    assert v["type_other"] == pytest.approx(by_class["Role"] / n)


def test_a_lexicons_other_names_lower_the_label_only_share():
    # the lexicon names Berlin "the German capital" (made up for the test): only the city's two mentions are left
    others = {"Berlin": ["Berlin", "the German capital"]}
    v = measure_corpus(_corpus(), _names(), window=5, other_names=lambda label: others.get(label, [])).values
    assert v["label_only_share"] == pytest.approx(2 / 4)
    assert v["label_identical_share"] == pytest.approx(3 / 4)  # what the text wrote is unchanged


def test_the_english_lexicons_other_names():
    from bengal.generate.lexicon import load_lexicon

    lex = load_lexicon("en")
    # the article news writes outside a band's name, a designator, a news name (docs/generate.md, --surface-forms)
    assert "Isley Brothers" in lex.other_names("The Isley Brothers")
    assert "Arsenal" in lex.other_names("Arsenal F.C.")
    assert "Britain" in lex.other_names("United Kingdom")
    assert lex.other_names("Angela Merkel") == [] and lex.other_names("The") == []


def test_capitalised_words_outside_mentions_per_100_words():
    from bengal.shape.measures import capitalised_outside_mentions

    text = 'On Monday the Japanese minister met Ann. Paris is "Big" in NATO.'
    doc = _doc("d", text, (36, 39, (HILTON,), None))
    # 12 words; "On" and "Paris" open a sentence, "Ann" is a mention, "Big" follows a quote, "NATO" is no
    # capitalised word (all capitals): "Monday" and "Japanese", 2 of 12
    assert capitalised_outside_mentions([doc]) == pytest.approx(100 * 2 / 12)
    assert capitalised_outside_mentions([]) is None
    v = measure_corpus(Corpus((doc,), name="c"), _names()).values
    assert v["capitalised_outside_per_100"] == pytest.approx(100 * 2 / 12)
