"""Issue 12: Wikidata as the KB, NIL spellings, NFC/NFD and host case, the empty-gold and
outside-the-KB warnings. Expected values are worked out by hand in the comments."""

from __future__ import annotations

import pytest

from bengal.io.same_as import read_same_as
from bengal.model import Corpus, Document, Mention
from bengal.report.table import render_table
from bengal.score import score
from bengal.score.uris import SameAsIndex, kb_matcher, normalise_or_nil, normalise_uri, resolve_kb_namespaces
from tests.conftest import shared_path

WD = "http://www.wikidata.org/entity/"
DBR = "http://dbpedia.org/resource/"
TEXT = "0123456789" * 6


def m(b, e, *uris):
    return Mention.in_text(TEXT, b, e, uris)


def one(gold, pred, **kw):
    return score(Corpus((Document("http://ex.org/d", TEXT, tuple(gold)),)),
                 Corpus((Document("http://ex.org/d", TEXT, tuple(pred)),)), **kw)


def counts(r):
    return (r.micro.tp, r.micro.fp, r.micro.fn)


@pytest.mark.parametrize("raw, want", [
    ("http://DBpedia.org/resource/Berlin", DBR + "Berlin"),          # host case (RFC 3986 6.2.2.1)
    ("HTTP://EN.DBPEDIA.ORG/resource/Berlin", DBR + "Berlin"),        # scheme and host case, then en.
    ("http://dbpedia.org/resource/Cafe\u0301", DBR + "Caf\u00e9"),    # NFD e + U+0301 -> NFC U+00E9
    ("https://www.wikidata.org/wiki/Q42", WD + "Q42"),                # page URL -> entity IRI
    ("http://wikidata.org/entity/Q42", WD + "Q42"),
    ("http://dbpedia.org/resource/berlin", DBR + "berlin"),           # the path keeps its case
])
def test_normalise_uri_host_case_nfc_wikidata(raw, want):
    assert normalise_uri(raw) == want


@pytest.mark.parametrize("nil", ["<NIL>", "--NME--", "*null*", " --NME-- ", "NIL"])
def test_nil_spellings_are_nil(nil):
    assert normalise_or_nil(nil) is None
    # a gold NIL spelled --NME-- matches a NIL prediction (EE = EE) and not an InKB one
    assert counts(one([m(0, 5, nil)], [m(0, 5)])) == (1, 0, 0)
    assert counts(one([m(0, 5, nil)], [m(0, 5, DBR + "Berlin")])) == (0, 1, 1)


def test_wikidata_preset_makes_a_wrong_qid_wrong():
    assert resolve_kb_namespaces(["wikidata", "dbpedia"]) == (WD, DBR)
    gold, wrong, right = [m(0, 5, WD + "Q42")], [m(0, 5, WD + "Q1")], [m(0, 5, "http://www.wikidata.org/wiki/Q42")]
    # no --kb-namespace: the gold has no DBpedia URI but a Wikidata one, so Wikidata is the KB (said in a
    # warning, the table and the conventions): Q1 != Q42 is FP 1 + FN 1
    r = one(gold, wrong)
    assert counts(r) == (0, 1, 1)
    assert [w.code for w in r.warnings] == ["kb_namespace_inferred"]
    assert "scored with --kb-namespace wikidata" in r.warnings[0].message
    assert "scored with --kb-namespace wikidata" in render_table(r, width=200).replace("\n", " ")
    assert "wikidata" in r.conventions["kb"]
    # GERBIL's profile keeps its default KB: both QIDs are EE and EE matches EE -- and the gold is flagged
    r = one(gold, wrong, profile="gerbil")
    assert counts(r) == (1, 0, 0)
    assert [w.code for w in r.warnings] == ["gold_outside_kb"]
    assert "--kb-namespace wikidata" in r.warnings[0].message
    assert "--kb-namespace wikidata" in render_table(r, width=200)
    # a gold with a DBpedia URI keeps the default KB (no inference): the QID mention is EE
    mixed = [m(0, 5, WD + "Q42"), m(10, 15, DBR + "Berlin")]
    r = one(mixed, [m(0, 5, WD + "Q1"), m(10, 15, DBR + "Berlin")])
    assert counts(r) == (2, 0, 0) and "kb" not in r.conventions
    # the preset: Q1 != Q42 is FP 1 + FN 1; the wiki/ page URL of Q42 is Q42
    assert counts(one(gold, wrong, kb_namespaces=["wikidata"])) == (0, 1, 1)
    r = one(gold, right, kb_namespaces=["wikidata"])
    assert counts(r) == (1, 0, 0) and not r.warnings
    assert kb_matcher(("wikidata",))(frozenset({WD + "Q42"}), frozenset({"https://www.wikidata.org/wiki/Q42"}))



def test_a_qid_answer_to_a_gold_listing_dbpedia_and_wikidata_is_named():
    # the gold lists both URIs of Paris; a Wikidata-linking system answers Q90. Under the default KB the
    # answer has no DBpedia URI, so it is an emerging entity and cannot match the InKB gold (GERBIL's rule):
    # FP 1 + FN 1, said in a warning that names the flag which counts it
    gold = [m(0, 5, DBR + "Paris", WD + "Q90"), m(10, 15, DBR + "France", WD + "Q142")]
    pred = [m(0, 5, WD + "Q90"), m(10, 15, DBR + "France")]
    r = one(gold, pred)
    assert counts(r) == (1, 1, 1)
    assert [w.code for w in r.warnings] == ["pred_outside_kb"]
    w = r.warnings[0]
    assert w.side == "prediction"
    assert w.message.startswith("1 predicted mention links only URIs outside the KB (" + DBR + ")")
    assert "(e.g. " + WD + "Q90)" in w.message
    assert w.message.endswith("give --kb-namespace dbpedia --kb-namespace wikidata")
    assert "--kb-namespace dbpedia --kb-namespace wikidata" in " ".join(render_table(r, width=300).split())
    # with both namespaces the answer is InKB and its set meets the gold's: TP 2, no warning
    r = one(gold, pred, kb_namespaces=["dbpedia", "wikidata"])
    assert counts(r) == (2, 0, 0) and not r.warnings
    # a wrong QID (Q1 is no URI of the gold) and an unlinked answer are plain misses, not this case
    for answer in ([m(0, 5, WD + "Q1")], [m(0, 5)], [m(0, 5, "http://example.org/Paris")]):
        r = one(gold, answer)
        assert counts(r) == (0, 1, 2) and not r.warnings
    # the same QID where the gold lists no KB URI beside it is an EE matching an EE gold: no warning
    r = one([m(0, 5, WD + "Q90"), m(10, 15, DBR + "France")], [m(0, 5, WD + "Q90"), m(10, 15, DBR + "France")])
    assert counts(r) == (2, 0, 0) and not r.warnings
    # a namespace no preset has: the message says which flags to look for
    gold = [m(0, 5, DBR + "Paris", "http://yago-knowledge.org/resource/Paris")]
    r = one(gold, [m(0, 5, "http://yago-knowledge.org/resource/Paris")])
    assert counts(r) == (0, 1, 1)
    assert r.warnings[0].message.endswith("give --kb-namespace with their namespace, or --same-as with links "
                                          "to the KB")

def test_nfd_and_host_case_match_the_nfc_gold():
    r = one([m(0, 5, DBR + "Caf\u00e9")], [m(0, 5, "http://DBpedia.org/resource/Cafe\u0301")])
    assert counts(r) == (1, 0, 0)


def test_dwy_nb_map_scores_wikidata_against_dbpedia_and_back():
    links, other = read_same_as(shared_path("dbpedia_kb", "dwy-nb", "mapping_wd.ttl.gz"))
    assert (len(links), other) == (25000, 0)  # `zcat mapping_wd.ttl.gz | wc -l` = 25000, one predicate
    index = SameAsIndex(links)
    # first line of the file: dbr:Sebastian_Koch <http://same_as> wd:Q63187; second: John_Ensign = Q529372
    koch, ensign = DBR + "Sebastian_Koch", DBR + "John_Ensign"
    gold = [m(0, 5, koch), m(10, 15, ensign)]
    pred = [m(0, 5, "https://www.wikidata.org/wiki/Q63187"), m(10, 15, WD + "Q63187")]
    assert counts(one(gold, pred, same_as=index)) == (1, 1, 1)    # Koch right, Ensign given Koch's QID
    assert counts(one(gold, pred)) == (0, 2, 2)                    # without the map: EE answers vs InKB gold
    back = one([m(0, 5, WD + "Q63187")], [m(0, 5, koch)], same_as=index, kb_namespaces=["wikidata"])
    assert counts(back) == (1, 0, 0)


def test_all_empty_gold_warns_and_the_table_says_it():
    r = one([], [])
    assert r.micro.f1 == 1.0  # GERBIL's zero division: TP = FP = FN = 0 scores 1
    assert [w.code for w in r.warnings] == ["empty_gold"]
    assert "no mention at all" in render_table(r, width=200)


def test_oke_types_on_the_entity_resource_make_etyping_work():
    """Issue 12: OKE 2015 task 1 types its entities on the resource (`oke:X a owl:Individual , dul:Person`),
    never with itsrdf:taClassRef (grep: 0 taClassRef, 664 taIdentRef, 101 nif:isString). Each phrase now
    carries its entity's class, so the gold against itself scores 1 in ETyping, with no warning."""
    from bengal.io.nif.read import read_nif
    gold = read_nif(shared_path("nif", "oke2015", "evaluation-data", "task1", "evaluation-dataset-task1.ttl"))
    mentions = [m for d in gold for m in d.mentions]
    assert (len(gold), len(mentions)) == (101, 664)
    assert all(m.type for m in mentions) and gold.metadata["typed_by_entity"] == 664
    r = score(gold, gold, task="etyping")
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (664, 0, 0)
    assert not [w for w in r.warnings if w.code == "untyped_gold"]


def test_etyping_without_any_typed_gold_mention_warns():
    r = one([m(0, 5, DBR + "A")], [Mention.in_text(TEXT, 0, 5, (DBR + "A",), "PER")], task="etyping")
    assert [w.code for w in r.warnings] == ["untyped_gold"]
    assert "no typed gold mention" in render_table(r, width=200)
