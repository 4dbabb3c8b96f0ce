"""SemEval-2013 partial credit (case C11, nervaluate as an independent oracle) and Jaccard F-beta
(values by hand, shown)."""

from __future__ import annotations

import json
import random

import pytest
from cli_helpers import bengal
from conftest import shared_path

from bengal.errors import InputError
from bengal.io.conll import read_conll
from bengal.model import Corpus, Document, Mention
from bengal.score.jaccard import clean_text, jaccard, jaccard_counts, score_jaccard
from bengal.score.metrics import Counts
from bengal.score.semeval import score_semeval, semeval_counts

TEXT = "w0 w1 w2 w3 w4 w5 w6 w7"


def tok(i: int, j: int, typ: str = "PER") -> Mention:
    """Tokens i..j (inclusive) of TEXT as a mention."""
    b, e = 3 * i, 3 * j + 2
    return Mention.in_text(TEXT, b, e, (), typ)


def doc(uri: str, *mentions: Mention, text: str = TEXT) -> Document:
    return Document(uri, text, mentions)


def test_c11_partial_credit_over_documents():
    gold = Corpus((doc("http://ex.org/1", tok(0, 1)), doc("http://ex.org/2", tok(0, 0))))
    pred = Corpus((doc("http://ex.org/1", tok(0, 0)), doc("http://ex.org/2", tok(0, 0))))
    r = score_semeval(gold, pred)
    partial = r.overall["partial"]
    # COR 1, PAR 1, ACT 2, POS 2: P = R = (1 + 0.5)/2 = 0.75, F1 0.75
    assert (partial.cor, partial.par, partial.act, partial.pos) == (1, 1, 2, 2)
    assert partial.precision == partial.recall == partial.f1 == 0.75
    # strict and exact: the partial one is INC: P = R = 1/2
    assert (r.overall["strict"].cor, r.overall["strict"].inc) == (1, 1)
    assert r.overall["exact"].f1 == 0.5
    # type: overlap with the same type counts as correct: 2/2
    assert r.overall["type"].f1 == 1.0
    assert r.per_type["PER"]["partial"].f1 == 0.75
    assert json.loads(json.dumps(r.to_json(), allow_nan=False))["overall"]["partial"]["par"] == 1


def test_semeval_categories_by_hand():
    g = [tok(0, 1, "PER"), tok(3, 3, "LOC"), tok(5, 6, "ORG")]
    p = [tok(0, 1, "LOC"), tok(3, 4, "LOC"), tok(7, 7, "PER")]
    # pred 1: same span, other type; pred 2: overlap, same type; pred 3: spurious; gold ORG missed
    strict = semeval_counts(g, p, "strict")
    assert (strict.cor, strict.inc, strict.par, strict.mis, strict.spu) == (0, 2, 0, 1, 1)
    exact = semeval_counts(g, p, "exact")
    assert (exact.cor, exact.inc, exact.mis, exact.spu) == (1, 1, 1, 1)
    partial = semeval_counts(g, p, "partial")
    assert (partial.cor, partial.par, partial.mis, partial.spu) == (1, 1, 1, 1)
    # (1 + 0.5) / ACT 3 = 0.5; / POS 3 = 0.5
    assert partial.precision == pytest.approx(0.5) and partial.recall == pytest.approx(0.5)
    typ = semeval_counts(g, p, "type")
    assert (typ.cor, typ.inc, typ.mis, typ.spu) == (1, 1, 1, 1)
    empty = semeval_counts([], [], "partial")
    assert (empty.precision, empty.recall, empty.f1) == (1.0, 1.0, 1.0)


def _perturbed_conll(path, seed):
    rng = random.Random(seed)
    out = []
    for line in open(path, encoding="utf-8"):
        f = line.split()
        if len(f) == 4 and f[0] != "-DOCSTART-" and rng.random() < 0.08:
            f[3] = rng.choice(["O", "B-PER", "I-PER", "B-LOC", "I-ORG", "B-MISC"])
            line = " ".join(f) + "\n"
        out.append(line)
    return "".join(out).encode()


def test_parity_with_nervaluate_on_conllpp():
    from nervaluate import Evaluator

    path = shared_path("conll", "conllpp_test.txt")
    gold = read_conll(path)
    pred = read_conll(_perturbed_conll(path, 11))
    ours = score_semeval(gold, pred)

    def dicts(corpus):
        return [[{"label": m.type, "start": m.begin, "end": m.end - 1} for m in d.mentions] for d in corpus]

    types = ["LOC", "MISC", "ORG", "PER"]
    theirs = Evaluator(dicts(gold), dicts(pred), tags=types, loader="dict").evaluate()
    names = {"strict": "strict", "exact": "exact", "partial": "partial", "type": "ent_type"}
    for ours_name, their_name in names.items():
        for mine, t in [(ours.overall[ours_name], theirs["overall"][their_name])] + [
                (ours.per_type[ty][ours_name], theirs["entities"][ty][their_name]) for ty in types]:
            if ours_name == "type":
                # nervaluate's ent_type pairs a prediction with the first overlapping gold mention; bengal's
                # maximum matching (issue 12) pairs it with an overlapping gold of its own type where one is
                # free: the same predictions and gold mentions, more COR and fewer INC, never fewer COR
                assert (mine.act, mine.pos, mine.mis, mine.spu) == (
                    t.correct + t.incorrect + t.partial + t.spurious, t.correct + t.incorrect + t.partial + t.missed,
                    t.missed, t.spurious)
                assert mine.cor >= t.correct and mine.cor + mine.inc == t.correct + t.incorrect
                continue
            assert (mine.cor, mine.inc, mine.par, mine.mis, mine.spu) == (
                t.correct, t.incorrect, t.partial, t.missed, t.spurious), ours_name
            assert (mine.precision, mine.recall, mine.f1) == pytest.approx((t.precision, t.recall, t.f1), abs=1e-12)
    assert ours.overall["partial"].par > 0 and ours.overall["strict"].inc > 0
    typ, their_typ = ours.overall["type"], theirs["overall"]["ent_type"]
    assert typ.cor > their_typ.correct  # pairs the first-overlap rule gives away exist on this corpus


# --- Jaccard F-beta ------------------------------------------------------------------------------

def test_clean_and_jaccard():
    assert clean_text("The U.S. Census-Bureau's  data!") == "the u s census bureau s data"
    # {national, education, survey} vs {national, survey}: 2/3
    assert jaccard("national education survey", "national survey") == pytest.approx(2 / 3)
    assert jaccard("", "") == 0.0


def test_jaccard_one_to_one_and_greedy_by_hand():
    gold = ["a b", "a c"]
    pred = ["a b c"]  # J = 2/3 with each gold string
    # one-to-one: one match: TP 1, FP 0, FN 1
    assert jaccard_counts(gold, pred) == Counts(1, 0, 1)
    # greedy: "a b" (first alphabetically) takes "a b c" (2/3): TP 1; "a c" finds nothing left: FN 1
    assert jaccard_counts(gold, pred, greedy=True) == Counts(1, 0, 1)
    gold = ["x y", "x"]
    pred = ["x", "x y z w"]
    # pairs >= 0.5: "x y"~"x" (1/2), "x"~"x" (1). "x y"~"x y z w" (2/4 = 0.5). one-to-one: 2 matches
    assert jaccard_counts(gold, pred) == Counts(2, 0, 0)
    # greedy, alphabetical: gold "x" first takes "x" (1.0); "x y" takes "x y z w" (0.5 >= 0.5): TP 2
    assert jaccard_counts(gold, pred, greedy=True) == Counts(2, 0, 0)
    # a prediction below the threshold is used up by greedy: gold "a" (first alphabetically) takes
    # "a y z" (J 1/3 < 0.5) -> FP 1 + FN 1, and "b y z" finds nothing left -> FN; TP 0, FP 1, FN 2.
    # One-to-one pairs "b y z" with "a y z" ({y, z} / {a, b, y, z} = 0.5): TP 1, FP 0, FN 1
    gold = ["a", "b y z"]
    pred = ["a y z"]
    assert jaccard_counts(gold, pred) == Counts(1, 0, 1)
    assert jaccard_counts(gold, pred, greedy=True) == Counts(0, 1, 2)


def test_score_jaccard_corpus_f_beta():
    text = "The National Education Survey and the U.S. Census were used."
    assert (text[4:29], text[38:49], text[4:22], text[43:49]) == (
        "National Education Survey", "U.S. Census", "National Education", "Census")
    g = Document("http://ex.org/1", text, (Mention.in_text(text, 4, 29), Mention.in_text(text, 38, 49)))
    # "National Education": J 2/3 with the survey (match); "Census": {census} / {u, s, census} = 1/3 (no match)
    p = Document("http://ex.org/1", text, (Mention.in_text(text, 4, 22), Mention.in_text(text, 43, 49)))
    r = score_jaccard(Corpus((g,)), Corpus((p,)))
    # TP 1, FP 1, FN 1: P = R = 0.5, F0.5 = 0.5
    assert (r.counts.tp, r.counts.fp, r.counts.fn) == (1, 1, 1)
    assert r.f_beta == pytest.approx(0.5)
    r = score_jaccard(Corpus((g,)), Corpus((p,)), threshold=0.3, beta=2)
    assert (r.counts.tp, r.counts.fp, r.counts.fn) == (2, 0, 0) and r.f_beta == 1.0
    with pytest.raises(ValueError):
        score_jaccard(Corpus((g,)), Corpus((p,)), threshold=0)
    with pytest.raises(InputError, match="no document URI in common"):
        score_jaccard(Corpus((g,)), Corpus((Document("http://ex.org/other", text),)))


def test_cli_semeval_and_jaccard(tmp_path):
    (tmp_path / "g.txt").write_text("Peter B-PER\nBlackburn I-PER\nsaid O\n")
    (tmp_path / "p.txt").write_text("Peter B-PER\nBlackburn O\nsaid O\n")

    def run(*args):
        proc = bengal("score", "g.txt", "p.txt", *args, "--json", "-", cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout)

    sem = run("--task", "semeval")
    # one partial: COR 0, PAR 1: P = R = 0.5 / 1
    assert sem["overall"]["partial"]["par"] == 1 and sem["overall"]["partial"]["f1"] == 0.5
    jac = run("--task", "jaccard")
    # "peter" vs "peter blackburn": J 1/2 >= 0.5: TP 1
    assert (jac["tp"], jac["fp"], jac["fn"]) == (1, 0, 0) and jac["matching"] == "one-to-one"
    jac = run("--task", "jaccard", "--jaccard-threshold", "0.6", "--greedy", "--beta", "1")
    assert (jac["tp"], jac["fp"], jac["fn"], jac["f_beta"]) == (0, 1, 1, 0.0)


# --------------------------------------------------------------------------- issue 12: the alignment

@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_semeval_exact_prediction_is_not_displaced_by_an_overlapping_one(order):
    """SemEval-2013 9.1 by hand: gold PER[0,10); predictions PER[0,10) and PER[0,4), in either order.
    strict: COR 1 (the exact one) + SPU 1 (the other overlaps no gold left): P = 1/2, R = 1/1."""
    from bengal.score.semeval import semeval_counts
    text = "0123456789 tail"
    gold = [Mention.in_text(text, 0, 10, (), "PER")]
    preds = [Mention.in_text(text, 0, 10, (), "PER"), Mention.in_text(text, 0, 4, (), "PER")]
    pred = [preds[i] for i in order]
    for scheme in ("strict", "exact", "partial", "type"):
        c = semeval_counts(gold, pred, scheme)
        assert (c.cor, c.inc, c.par, c.mis, c.spu) == (1, 0, 0, 0, 1), scheme
        assert (c.precision, c.recall) == (0.5, 1.0)


def test_semeval_maximum_matching_covers_both_gold_mentions():
    """gold A[0,6) and B[4,10), both PER; predictions [3,8) (overlaps both) and [0,5) (overlaps A only).
    First-fit in prediction order gives [0,5)->A, [3,8)->B (INC 2); so does the matching, but in the
    other prediction order first fit gives [3,8)->A and leaves [0,5) SPU: the matching gives INC 2, MIS 0."""
    from bengal.score.semeval import semeval_counts
    text = "0123456789"
    gold = [Mention.in_text(text, 0, 6, (), "PER"), Mention.in_text(text, 4, 10, (), "PER")]
    pred = [Mention.in_text(text, 3, 8, (), "PER"), Mention.in_text(text, 0, 5, (), "PER")]
    c = semeval_counts(gold, pred, "strict")
    assert (c.cor, c.inc, c.mis, c.spu) == (0, 2, 0, 0)
