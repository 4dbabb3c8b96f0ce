"""GERBIL's own OKE 2015 task-1 example and three system outputs, scored with ``profile="gerbil"``.

Expected values: GERBIL's unit test ``FileBasedA2KBTest`` (dice-group/gerbil,
src/test/java/org/aksw/gerbil/execute/FileBasedA2KBTest.java), A2KB, weak
annotation match, KB ``http://dbpedia.org/resource/``; its arrays are
``{macro P, macro R, macro F1, micro P, micro R, micro F1, errors}``.
``testWithoutConfidence`` erases the scores (our plain run); ``test`` keeps
them, and GERBIL's ``ConfidenceBasedFMeasureCalculator`` then reports the
threshold of best micro F1 (tuned on the test data: our ``sweep``'s best point).
The gold maps its ``oke:`` entities to DBpedia by owl:sameAs in the file itself.
"""

from __future__ import annotations

import pytest

from bengal.io import read_corpus
from bengal.score import score
from tests.conftest import shared_path

SYSTEMS = {
    # system: (without confidence, with confidence) — GERBIL's FileBasedA2KBTest arrays
    "NERD_ML": ((0.2222222222, 0.2222222222, 0.2222222222, 0.2857142857, 1 / 3, 0.3076923077),
                (0.2666666667, 0.2222222222, 0.2424242424, 0.5714285714, 1 / 3, 0.4210526316)),
    "FOX": ((0.8333333333, 0.5555555556, 0.6555555556, 0.7777777778, 0.5833333333, 0.6666666667),
            (0.8333333333, 0.5555555556, 0.6555555556, 0.7777777778, 0.5833333333, 0.6666666667)),
    "DBpedia_Spotlight": ((0.75, 0.4722222222, 0.5722222222, 0.6666666667, 0.5, 0.5714285714),
                          (0.75, 0.4722222222, 0.5722222222, 0.6666666667, 0.5, 0.5714285714)),
}


@pytest.fixture(scope="module")
def gold():
    return read_corpus(shared_path("nif", "gerbil-test-resources", "task1.ttl"))


def _system(name):
    return read_corpus(shared_path("nif", "gerbil-test-resources", f"{name}-OKE_2015_Task_1_example_set-w-A2KB.ttl"))


def _six(r):
    return (r.macro.precision, r.macro.recall, r.macro.f1, r.micro.precision, r.micro.recall, r.micro.f1)


@pytest.mark.parametrize("name", sorted(SYSTEMS))
def test_gerbil_profile_reproduces_file_based_a2kb_test(gold, name):
    plain, with_confidence = SYSTEMS[name]
    pred = _system(name)
    r = score(gold, pred, task="a2kb", match="weak", profile="gerbil", sweep=True)
    assert _six(r) == pytest.approx(plain, abs=1e-7)
    # GERBIL's confidence-based run = the threshold of best micro F1 (tuned on the test data)
    # (FOX and Spotlight carry no scores: no sweep point, and GERBIL's two arrays are equal)
    if r.sweep.best is None:
        tuned = r
    else:
        tuned = score(gold, pred, task="a2kb", match="weak", profile="gerbil", threshold=r.sweep.best.threshold)
        assert r.sweep.best.micro.f1 == pytest.approx(with_confidence[5], abs=1e-7)
    assert _six(tuned) == pytest.approx(with_confidence, abs=1e-7)


def test_fox_counts_by_hand(gold):
    # FOX: 7 of the 9 predictions match a gold mention of the 12: micro P 7/9, R 7/12, F1 14/21
    r = score(gold, _system("FOX"), match="weak", profile="gerbil")
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (7, 2, 5)
    assert r.micro.f1 == pytest.approx(14 / 21)


def test_gold_same_as_links_matter(gold):
    # 9 owl:sameAs links in task1.ttl map oke: entities to DBpedia; without them every gold
    # mention is an emerging entity and no DBpedia prediction can match it: the only TP left is
    # "Douglas Robert Dundas" (gold oke:, FOX http://scms.eu/…: both outside the KB, EE matches EE).
    assert len(gold.same_as) == 9
    bare = gold.__class__(gold.documents, gold.name, gold.metadata)
    r = score(bare, _system("FOX"), match="weak", profile="gerbil")
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (1, 8, 11)
