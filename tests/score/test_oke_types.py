"""OKE's DUL classes against DBpedia-typed answers (issue 12): bengal/data/oke_dul_dbpedia.tsv."""

from __future__ import annotations

import pytest

from bengal.io import read_corpus
from bengal.model import Corpus, Document, Mention
from bengal.score import score
from bengal.score.oke_types import OKE_CLASSES, oke_class_map, translate_to_oke
from tests.conftest import shared_path

DUL = "http://www.ontologydesignpatterns.org/ont/dul/DUL.owl#"
D0_WIKI = "http://ontologydesignpatterns.org/ont/wikipedia/d0.owl#Location"
DBO = "http://dbpedia.org/ontology/"


def retyped(corpus, mapping):
    """``corpus`` with each mention's type replaced by ``mapping[type]`` (kept when not in it)."""
    return corpus.with_documents([Document(d.uri, d.text, tuple(
        Mention(m.begin, m.end, m.surface, m.uris, mapping.get(m.type, m.type)) for m in d.mentions))
        for d in corpus])


def test_table_rows_and_provenance():
    table = oke_class_map()
    assert table[DBO + "Person"] == [DUL + "Person"]
    assert table[DBO + "Organisation"] == [DUL + "Organization"]
    assert table[DBO + "Place"] == [DUL + "Place", D0_WIKI, "http://www.ontologydesignpatterns.org/ont/d0.owl#Location"]
    assert DUL + "Role" not in OKE_CLASSES  # no DBpedia class for OKE's roles


def test_example_gold_with_a_dbpedia_typed_answer():
    """GERBIL's OKE example gold (task1.ttl): 12 mentions, 7 dul:Person, 2 dul:Role, 1 dul:Organization,
    1 d0:Location (the wikipedia/d0.owl spelling), 1 untyped. The answer has every span and types
    Person as dbo:Politician, Organization as dbo:University, Location as dbo:City (Role and the untyped
    one as the gold). bengal: each dbo: class falls under a mapped class (Politician < Person,
    University < Organisation, City < Place): all 12 right, 9 answers translated. gerbil profile (no
    translation, as GERBIL): only the 2 Role and the untyped one are right: TP 3, FP 9, FN 9."""
    gold = read_corpus(shared_path("nif", "gerbil-test-resources", "task1.ttl"))
    answer = retyped(gold, {DUL + "Person": DBO + "Politician", DUL + "Organization": DBO + "University",
                            D0_WIKI: DBO + "City"})
    r = score(gold, answer, task="etyping")
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (12, 0, 0)
    assert "9 predicted mentions translated" in r.conventions["types"]
    assert r.hierarchical.micro_f1 == pytest.approx(1.0)
    g = score(gold, answer, task="etyping", profile="gerbil")
    assert (g.micro.tp, g.micro.fp, g.micro.fn) == (3, 9, 9) and "types" not in g.conventions


def test_oke_2016_evaluation_gold():
    """The OKE 2016 task-1 evaluation gold spells places dul:Place; 340 typed mentions (105 Person,
    105 Organization, 86 Role, 44 Place). An answer Person → dbo:Person, Organization → dbo:Company,
    Place → dbo:Country, Role as the gold: all right for bengal; under the gerbil profile only the 86
    Roles."""
    gold = read_corpus(shared_path("nif", "oke2016", "evaluation-data", "task1", "evaluation-dataset-task1.ttl"))
    answer = retyped(gold, {DUL + "Person": DBO + "Person", DUL + "Organization": DBO + "Company",
                            DUL + "Place": DBO + "Country"})
    r = score(gold, answer, task="etyping")
    assert (r.micro.fp, r.micro.fn) == (0, 0) and r.micro.tp == 340
    g = score(gold, answer, task="etyping", profile="gerbil")
    assert (g.micro.tp, g.micro.fp, g.micro.fn) == (86, 254, 254)


TEXT = "Acme in Paris"


def doc(*marks):
    return Corpus((Document("http://ex.org/1", TEXT, tuple(Mention.in_text(TEXT, b, e, (), t) for b, e, t in marks)),))


def test_translation_rules():
    """A gold typed both Organization and Place (as OKE 2015 does twice): an answer dbo:Company reads
    dul:Organization and shares a type: TP. An answer dbo:Event (under no mapped class) stays dbo:Event:
    FP + FN. Only the spellings the gold uses are given: the gold uses dul:Place, not d0:Location."""
    gold = doc((0, 4, f"{DUL}Organization {DUL}Place"), (8, 13, DUL + "Place"))
    pred = doc((0, 4, DBO + "Company"), (8, 13, DBO + "Event"))
    translated, n = translate_to_oke(gold, pred)
    assert n == 1 and [m.type for m in translated.documents[0].mentions] == [DUL + "Organization", DBO + "Event"]
    r = score(gold, pred, task="etyping")
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (1, 1, 1)
    city = doc((0, 4, DBO + "Company"), (8, 13, DBO + "City"))
    assert [m.type for m in translate_to_oke(gold, city)[0].documents[0].mentions] == [DUL + "Organization",
                                                                                     DUL + "Place"]


def test_no_translation_without_oke_gold():
    """A DBpedia-typed gold: the answer is compared as written (no 'types' convention)."""
    gold = doc((0, 4, DBO + "Organisation"))
    pred = doc((0, 4, DBO + "Company"))
    assert translate_to_oke(gold, pred) == (pred, 0)
    r = score(gold, pred, task="etyping")
    assert "types" not in r.conventions and (r.micro.tp, r.micro.fp) == (0, 1)
