"""Issue 12: hierarchical ETyping as GERBIL's HierarchicalFMeasureCalculator defines it, and the
ETyping type-confusion table; values by hand from the shipped DBpedia class table."""

from __future__ import annotations

import json

import pytest
from cli_helpers import bengal
from conftest import shared_path

from bengal.model import Corpus, Document, Mention
from bengal.score import score
from bengal.score.hierarchy import class_counts, subclasses
from bengal.typemap import DBO

TEXT = "Paris and Lyon and Bob"


def _m(b, e, typ=None):
    return Mention.in_text(TEXT, b, e, (), typ)


def test_subclasses_from_the_shipped_table():
    # 2016-10 ontology: City has sub-classes Capital, CapitalOfRegion (leaves)
    assert subclasses([DBO + "City"]) == {DBO + c for c in ("City", "Capital", "CapitalOfRegion")}
    assert subclasses(["x:A"], {"x:A": ["x:B"], "x:B": ["x:A"]}) == {"x:A", "x:B"}  # a cycle ends


def test_class_counts_by_hand():
    # gold City {City, Capital, CapitalOfRegion}; pred Settlement: those + Settlement, CityDistrict,
    # HistoricalSettlement, Town, Village: TP 3, FP 5, FN 0
    assert class_counts([DBO + "City"], [DBO + "Settlement"]) == (3, 5, 0)
    # classes outside dbo: are not counted (a CoNLL type)
    assert class_counts(["PER"], ["LOC"]) == (0, 0, 0)


#: GERBIL's HierarchicalFMeasureCalculatorTest model: B, C, D under A; E, F under B; G under C and D;
#: H, I, J, L under D; K, L under I.
GERBIL_MODEL = {"B": ["A"], "C": ["A"], "D": ["A"], "E": ["B"], "F": ["B"], "G": ["C", "D"], "H": ["D"],
                "I": ["D"], "J": ["D"], "K": ["I"], "L": ["D", "I"]}


def _typed_pairs(cases):
    """One document per (gold types, answer types), one mention each at the same span (GERBIL's test)."""
    pairs = []
    for i, (g, p) in enumerate(cases):
        pairs.append((Document(f"http://ex.org/{i}", TEXT, (_m(0, 5, " ".join(g)),)),
                      Document(f"http://ex.org/{i}", TEXT, (_m(0, 5, " ".join(p)),))))
    return pairs


@pytest.mark.parametrize("cases, expected", [
    # gold G, J, K; answer H, K, L: TP 1, FP 2, FN 2
    ([("GJK", "HKL")], (1 / 3, 1 / 3, 1 / 3, 1 / 3, 1 / 3, 1 / 3)),
    # gold D; answer C: TP 1 (G), FP 1 (C), FN 6 (D H I J K L)
    ([("D", "C")], (1 / 2, 1 / 7, 2 / 9, 1 / 2, 1 / 7, 2 / 9)),
    # both documents
    ([("GJK", "HKL"), ("D", "C")], (5 / 12, 5 / 21, 10 / 33, 5 / 12, 5 / 21, 5 / 18)),
])
def test_gerbil_hierarchical_f_measure_calculator_cases(cases, expected):
    from bengal.score.hierarchy import hierarchical_typing
    from bengal.score.matching import WEAK
    h = hierarchical_typing(_typed_pairs(cases), WEAK, "greedy", parents=GERBIL_MODEL, namespace=None)
    got = (h.micro_precision, h.micro_recall, h.micro_f1, h.macro_precision, h.macro_recall, h.macro_f1)
    assert got == pytest.approx(expected)


def test_hierarchical_typing_corpus_by_hand():
    gold = Corpus((Document("http://ex.org/1", TEXT, (_m(0, 5, DBO + "City"), _m(10, 14, DBO + "City"),
                                                       _m(19, 22, DBO + "Person"))),
                   Document("http://ex.org/2", TEXT, ())))
    pred = Corpus((Document("http://ex.org/1", TEXT, (_m(0, 5, DBO + "Settlement"), _m(10, 14, DBO + "City"),
                                                       _m(15, 18, DBO + "Person"))),
                   Document("http://ex.org/2", TEXT, ())))
    r = score(gold, pred, task="etyping")
    h = r.hierarchical
    # Paris: P 3/8, R 1; Lyon: P = R = 1; Bob: unmatched, P = R = 0 (the prediction "and" is not counted).
    # micro P = (3/8 + 1 + 0)/3 = 11/24, R = (1 + 1 + 0)/3 = 2/3
    assert (h.mentions, h.matched) == (3, 2)
    assert h.micro_precision == pytest.approx(11 / 24) and h.micro_recall == pytest.approx(2 / 3)
    assert h.micro_f1 == pytest.approx(2 * (11 / 24) * (2 / 3) / (11 / 24 + 2 / 3))
    # document 2 has no gold mention: left out of macro, so macro = the one document's means
    assert h.macro_f1 == pytest.approx(h.micro_f1)
    # flat: Paris City vs Settlement differs: TP 1 (Lyon), FP 2, FN 2
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (1, 2, 2)
    assert r.confusion == {DBO + "City": {DBO + "Settlement": 1, DBO + "City": 1}}
    data = r.to_json()
    assert data["hierarchical"]["micro"]["precision"] == pytest.approx(11 / 24)
    assert "hierarchical" in data["conventions"]


def test_no_gold_mention_scores_one_and_other_tasks_have_no_block():
    empty = Corpus((Document("http://ex.org/1", TEXT, ()),))
    r = score(empty, empty, task="etyping")
    assert r.hierarchical.micro_f1 == 1.0 and r.hierarchical.mentions == 0
    assert score(empty, empty, task="a2kb").hierarchical is None


def test_oke_task1_gold_against_itself_and_fox_from_the_cli(tmp_path):
    """GERBIL's OKE 2015 task-1 example gold (12 typed mentions, DUL types) scores 1 against itself;
    FOX's answers give a confusion table in the text and the JSON."""
    gold = shared_path("nif", "gerbil-test-resources", "task1.ttl")
    fox = shared_path("nif", "gerbil-test-resources", "FOX-OKE_2015_Task_1_example_set-w-A2KB.ttl")
    same = json.loads(bengal("score", str(gold), str(gold), "--task", "etyping", "--json", "-", cwd=tmp_path).stdout)
    assert same["hierarchical"]["mentions"] == 12 and same["hierarchical"]["micro"]["f1"] == 1.0
    proc = bengal("score", str(gold), str(fox), "--task", "etyping", cwd=tmp_path)
    assert proc.returncode == 0 and "type confusion on mentions" in proc.stdout
    assert "Hierarchical ETyping" in proc.stdout


def test_c2kb_gold_emerging_entities_are_false_negatives_only_under_the_gerbil_profile():
    """Issue 12: GERBIL 1.2.x's C2KB keeps the gold's emerging entities; bengal leaves them out.
    Gold: dbr:Berlin (InKB), oke:Bob (EE), one NIL; answer dbr:Berlin. bengal: TP 1, FN 0;
    gerbil: TP 1, FN 2 (oke:Bob and the NIL), P 1, R 1/3."""
    text = "Berlin and Bob and Ann"
    dbr = "http://dbpedia.org/resource/"
    gold = Corpus((Document("http://ex.org/1", text, (
        Mention.in_text(text, 0, 6, (dbr + "Berlin",)),
        Mention.in_text(text, 11, 14, ("http://www.ontologydesignpatterns.org/data/oke-challenge/task-1/Bob",)),
        Mention.in_text(text, 19, 22, ()))),))
    pred = Corpus((Document("http://ex.org/1", text, (Mention.in_text(text, 0, 6, (dbr + "Berlin",)),)),))
    b = score(gold, pred, task="c2kb")
    g = score(gold, pred, task="c2kb", profile="gerbil")
    assert (b.micro.tp, b.micro.fp, b.micro.fn) == (1, 0, 0)
    assert (g.micro.tp, g.micro.fp, g.micro.fn) == (1, 0, 2) and g.micro.recall == pytest.approx(1 / 3)
    assert "EE matching EE" in g.conventions["profile"]


def test_gerbil_profile_expands_only_the_gold_with_same_as():
    """Issue 12: GERBIL expands only the gold markings with the dataset's owl:sameAs. Gold oke:Bob,
    linked to dbr:Bob in the gold file: an answer oke:Bob is InKB through the link for bengal (TP),
    but EE for GERBIL against an InKB gold (FP 1, FN 1); an answer dbr:Bob is right for both."""
    text = "Bob"
    oke = "http://www.ontologydesignpatterns.org/data/oke-challenge/task-1/Bob"
    dbr = "http://dbpedia.org/resource/Bob"
    gold = Corpus((Document("http://ex.org/1", text, (Mention.in_text(text, 0, 3, (oke,)),)),),
                  same_as=((oke, dbr),))
    own = Corpus((Document("http://ex.org/1", text, (Mention.in_text(text, 0, 3, (oke,)),)),))
    kb = Corpus((Document("http://ex.org/1", text, (Mention.in_text(text, 0, 3, (dbr,)),)),))
    counts = {(name, profile): score(gold, pred, profile=profile).micro
              for name, pred in (("own", own), ("kb", kb)) for profile in ("bengal", "gerbil")}
    assert (counts["own", "bengal"].tp, counts["own", "gerbil"].tp, counts["own", "gerbil"].fn) == (1, 0, 1)
    assert counts["kb", "bengal"].tp == 1 and counts["kb", "gerbil"].tp == 1
