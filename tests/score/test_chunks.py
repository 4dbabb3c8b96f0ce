"""Chunk metrics: cases C1–C9 of shared/cases/scorer-cases.md (values by hand, shown),
scheme tables, errors, and parity with seqeval (an independent oracle) on CoNLL++ test."""

from __future__ import annotations

import json
import random
import re
import warnings

import numpy as np
import pytest
from conftest import shared_path

from bengal.report.chunks import render_chunk_report
from bengal.score.chunk_evaluator import ChunkEvaluator
from bengal.score.chunks import classification_report, f1_score, score_chunks
from bengal.tagging.decode import TagError, get_entities
from bengal.tagging.schemes import SCHEMES, parse_tag


def one(gold: str, pred: str, **kw):
    return score_chunks([gold.split()], [pred.split()], **kw)


def counts(r):
    return (r.micro.tp, r.micro.fp, r.micro.fn)


# --- C1: the scheme is declared, never switched silently -------------------------------

def test_c1_strict_iob2_has_no_chunk_lenient_has_one():
    strict = one("B-X I-X", "I-X I-X", scheme="iob2", mode="strict")
    # I-X I-X is no valid IOB2 chunk: TP 0, FP 0, FN 1; R 0, F1 0
    assert counts(strict) == (0, 0, 1)
    assert strict.micro.recall == 0.0 and strict.micro.f1 == 0.0
    assert strict.invalid_pred == 2  # both tags dropped, and counted
    lenient = one("B-X I-X", "I-X I-X", scheme="iob2", mode="lenient")
    # conlleval: I-X after O starts X(0,1), equal to gold: F1 1
    assert counts(lenient) == (1, 0, 0) and lenient.micro.f1 == 1.0
    assert lenient.invalid_pred == 2  # repaired, and counted


# --- C2: a type switch inside a chunk ------------------------------------------------------

C2_GOLD = "O B-PER O O B-LOC O"
C2_PRED = "O B-PER I-LOC O B-LOC I-PER"


def test_c2_type_switch_strict_and_lenient():
    strict = one(C2_GOLD, C2_PRED, mode="strict")
    # strict IOB2 keeps PER(1,1), LOC(4,4): F1 1.0; I-LOC and I-PER dropped
    assert counts(strict) == (2, 0, 0) and strict.micro.f1 == 1.0
    assert strict.invalid_pred == 2 and strict.invalid_gold == 0
    assert strict.to_json()["invalid_tags"] == {"gold": 0, "prediction": 2, "treatment": "dropped"}
    lenient = one(C2_GOLD, C2_PRED, mode="lenient")
    # four chunks PER(1,1) LOC(2,2) LOC(4,4) PER(5,5): TP 2, FP 2: P 0.5, R 1, F1 2·0.5/1.5
    assert counts(lenient) == (2, 2, 0)
    assert lenient.micro.precision == 0.5 and lenient.micro.recall == 1.0
    assert lenient.micro.f1 == pytest.approx(2 / 3)
    assert lenient.to_json()["invalid_tags"] == {"gold": 0, "prediction": 2, "treatment": "repaired"}


# --- C3: hyphenated types stay whole -------------------------------------------------------

def test_c3_hyphenated_types():
    r = one("B-ARGM-LOC I-ARGM-LOC", "B-LOC I-LOC")
    assert counts(r) == (0, 1, 1) and r.micro.f1 == 0.0
    assert set(r.per_type) == {"ARGM-LOC", "LOC"}
    assert parse_tag("B-ARGM-LOC") == ("B", "ARGM-LOC")
    assert parse_tag("ARGM-LOC-B", suffix=True) == ("B", "ARGM-LOC")
    r = one("ARGM-LOC-B ARGM-LOC-I", "ARGM-LOC-B ARGM-LOC-I", suffix=True)
    assert counts(r) == (1, 0, 0) and list(r.per_type) == ["ARGM-LOC"]


# --- C4: micro, macro, weighted ------------------------------------------------------------

def test_c4_micro_macro_weighted():
    r = one("B-PER O B-LOC O B-LOC O B-LOC", "B-PER O B-LOC O O O O")
    per, loc = r.per_type["PER"], r.per_type["LOC"]
    assert (per.precision, per.recall, per.f1, per.support) == (1.0, 1.0, 1.0, 1)
    # LOC: P 1, R 1/3, F1 2·(1/3)/(4/3) = 0.5
    assert (loc.precision, loc.support) == (1.0, 3)
    assert loc.recall == pytest.approx(1 / 3) and loc.f1 == pytest.approx(0.5)
    # micro: TP 2, pred 2, gold 4: P 1, R 0.5, F1 2/3
    assert counts(r) == (2, 0, 2)
    assert r.micro.precision == 1.0 and r.micro.recall == 0.5 and r.micro.f1 == pytest.approx(2 / 3)
    assert r.macro.f1 == pytest.approx(0.75)  # (1 + 0.5) / 2
    assert r.weighted.f1 == pytest.approx(0.625)  # (1·1 + 0.5·3) / 4
    assert f1_score([["B-PER", "O", "B-LOC", "O", "B-LOC", "O", "B-LOC"]],
                    [["B-PER", "O", "B-LOC", "O", "O", "O", "O"]], average="weighted") == pytest.approx(0.625)


# --- C5: IOBES boundaries --------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["lenient", "strict"])
def test_c5_iobes_boundaries(mode):
    r = one("B-MISC E-MISC B-MISC E-MISC", "B-MISC I-MISC I-MISC E-MISC", scheme="iobes", mode=mode)
    # gold MISC(0,1), MISC(2,3); pred MISC(0,3): TP 0, FP 1, FN 2
    assert counts(r) == (0, 1, 2) and r.micro.f1 == 0.0
    r = one("S-PER S-PER", "B-PER I-PER", scheme="iobes", mode=mode)
    assert r.micro.tp == 0 and r.micro.fn == 2 and r.micro.f1 == 0.0
    # lenient reads B-PER I-PER as one chunk PER(0,1) (repaired: no E); strict drops it
    assert r.micro.fp == (1 if mode == "lenient" else 0)
    assert r.invalid_pred == 2


# --- C6: suffix style (PaddleNLP's ChunkEvaluator(suffix=True)) -------------------------------

def test_c6_suffix_style():
    assert get_entities("LOC-B LOC-I O LOC-B".split(), suffix=True) == [("LOC", 0, 1), ("LOC", 3, 3)]
    assert get_entities("LOC-B LOC-I O LOC-B".split(), suffix=True, mode="strict") == [("LOC", 0, 1),
                                                                                        ("LOC", 3, 3)]


# --- C7: BILOU --------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["lenient", "strict"])
def test_c7_bilou(mode):
    assert get_entities(["U-PER", "U-PER"], scheme="bilou", mode=mode) == [("PER", 0, 0), ("PER", 1, 1)]
    r = one("U-PER U-PER", "B-PER L-PER", scheme="bilou", mode=mode)
    assert counts(r) == (0, 1, 2) and r.micro.f1 == 0.0


# --- C8: an empty label is an error naming the place -------------------------------------------

def test_c8_empty_label_names_sentence_and_token():
    with pytest.raises(TagError, match=r"prediction sentence 2, token 3: empty tag") as err:
        score_chunks([["O"], ["B-PER", "I-PER", "O"]], [["O"], ["B-PER", "I-PER", ""]])
    assert (err.value.side, err.value.sentence, err.value.token) == ("prediction", 1, 2)
    assert isinstance(err.value, ValueError)


def test_bad_input_errors():
    with pytest.raises(TagError, match=r"sentence 1: the gold has 2 tags but the prediction has 1"):
        score_chunks([["O", "O"]], [["O"]])
    with pytest.raises(TagError, match=r"2 sentences but the prediction has 1"):
        score_chunks([["O"], ["O"]], [["O"]])
    with pytest.raises(TagError, match=r"gold sentence 1, token 2: tag 'S-PER' is not allowed by the scheme IOB2"):
        score_chunks([["O", "S-PER"]], [["O", "O"]], mode="strict")
    with pytest.raises(TagError, match=r"not allowed by the scheme IOB2"):  # lenient too: declared scheme
        score_chunks([["O", "S-PER"]], [["O", "O"]])
    with pytest.raises(TagError, match=r"'PER' is not of the form P-TYPE"):
        score_chunks([["PER"]], [["O"]])
    with pytest.raises(TypeError, match="list of tag sequences"):
        score_chunks(["B-PER", "O"], ["B-PER", "O"])
    with pytest.raises(ValueError, match="unknown tagging scheme"):
        score_chunks([["O"]], [["O"]], scheme="bio3")
    with pytest.raises(ValueError, match="unknown mode"):
        score_chunks([["O"]], [["O"]], mode="loose")


# --- C9: no entities anywhere ---------------------------------------------------------------------

def test_c9_no_entities():
    r = score_chunks([["O", "O"], ["O"]], [["O", "O"], ["O"]])
    assert counts(r) == (0, 0, 0)
    # GERBIL's convention: nothing to find, nothing found scores 1 (seqeval says 0 with a warning)
    assert (r.micro.precision, r.micro.recall, r.micro.f1) == (1.0, 1.0, 1.0)
    assert r.per_type == {}
    assert (r.macro.f1, r.weighted.f1, r.token_accuracy) == (1.0, 1.0, 1.0)
    assert "TP = FP = FN = 0" in r.conventions["zero_division"]
    text = json.dumps(r.to_json(), allow_nan=False)  # no NaN in JSON
    assert '"micro"' in text
    # only false positives: P = R = F1 = 0, weighted (no support) = micro
    r = score_chunks([["O"]], [["B-PER"]])
    assert (r.micro.f1, r.weighted.f1, r.macro.f1) == (0.0, 0.0, 0.0)


def test_token_accuracy_and_tables():
    r = one("B-PER I-PER O B-LOC", "B-PER O O B-ORG")
    assert r.tokens == 4 and r.correct_tokens == 2 and r.token_accuracy == 0.5
    assert set(SCHEMES) == {"io", "iob1", "iob2", "ioe1", "ioe2", "iobes", "bilou"}
    # IO: maximal runs of one type; IOE1/IOE2/IOB1 by their definitions
    assert get_entities("I-A I-A I-B O I-A".split(), scheme="io", mode="strict") == [
        ("A", 0, 1), ("B", 2, 2), ("A", 4, 4)]
    assert get_entities("I-A B-A I-A O I-A".split(), scheme="iob1", mode="strict") == [
        ("A", 0, 0), ("A", 1, 2), ("A", 4, 4)]
    assert get_entities("O B-A".split(), scheme="iob1", mode="strict") == []  # B-A after O is not IOB1
    assert get_entities("I-A E-A I-A O".split(), scheme="ioe1", mode="strict") == [("A", 0, 1), ("A", 2, 2)]
    assert get_entities("I-A E-A O".split(), scheme="ioe1", mode="strict") == []  # E-A before O is not IOE1
    assert get_entities("I-A E-A E-A I-A".split(), scheme="ioe2", mode="strict") == [("A", 0, 1), ("A", 2, 2)]


def test_chunks_never_cross_sentences():
    r = score_chunks([["O", "B-PER"], ["I-PER", "O"]], [["O", "B-PER"], ["I-PER", "O"]])
    # lenient: PER(0,1 of sentence 1) and PER(0 of sentence 2), not one chunk
    assert counts(r) == (2, 0, 0)


# --- accumulator (PaddleNLP's ChunkEvaluator) ---------------------------------------------------------

def test_accumulator_paddlenlp_example_and_padding():
    ev = ChunkEvaluator(["O", "B-Person", "I-Person"])
    # PaddleNLP's test: pred O B I B I, gold O B I B B (gold: Person(1,2), Person(3,3), Person(4,4))
    batch = ev.update(np.array([[0, 1, 2, 1, 2]]), np.array([[0, 1, 2, 1, 1]]), np.array([5]))
    assert batch == (2, 3, 1)  # num_infer_chunks, num_label_chunks, num_correct_chunks
    p, r, f = ev.accumulate()
    assert p == 0.5 and r == pytest.approx(1 / 3) and f == pytest.approx(0.4)
    ev.reset()
    # padding cut by lengths; -100 removed on both sides (it neither splits nor extends a chunk)
    preds = np.array([[1, 2, 2, 0, 1], [1, 0, 0, 0, 0]])
    labels = np.array([[1, -100, 2, 0, 7], [1, 0, 0, 0, 0]])  # 7 is padding (length 4)
    assert ev.update(preds, labels, [4, 2]) == (2, 2, 2)
    res = ev.result()
    assert (res["precision"], res["recall"], res["f1"]) == (1.0, 1.0, 1.0)
    assert res["report"].tokens == 3 + 2 and res["token_accuracy"] == 1.0
    ev.update(np.array([[0, 1]]), np.array([[0, 0]]))  # one spurious chunk: TP 2, FP 1, FN 0
    assert ev.result()["num_infer_chunks"] == 3 and ev.result()["precision"] == pytest.approx(2 / 3)
    with pytest.raises(TagError, match="label id 9 is outside label_list"):
        ev.update(np.array([[9]]), np.array([[0]]))
    with pytest.raises(TagError, match="shape"):
        ev.update(np.zeros((1, 2), int), np.zeros((1, 3), int))
    with pytest.raises(TagError, match=r"label_list\[1\]: empty tag"):
        ChunkEvaluator(["O", ""])


def test_accumulator_suffix_and_array_like_equals_one_call():
    labels = ["O", "PER-B", "PER-I", "LOC-B", "LOC-I"]

    class Tensor:  # anything with __array__, as torch or paddle tensors
        def __init__(self, a):
            self.a = np.asarray(a)

        def __array__(self, dtype=None, copy=None):
            return self.a

    ev = ChunkEvaluator(labels, suffix=True, mode="strict")
    g = [[1, 2, 0, 3], [0, 3, 4, 0]]
    p = [[1, 2, 0, 2], [0, 3, 0, 0]]
    for row_g, row_p in zip(g, p):
        ev.update(Tensor([row_p]), Tensor([row_g]))
    one_call = score_chunks([[labels[i] for i in row] for row in g], [[labels[i] for i in row] for row in p],
                            suffix=True, mode="strict")
    assert ev.report().to_json() == one_call.to_json()
    # by hand: gold PER(0,1) LOC(3,3) | LOC(1,2); pred PER(0,1) [PER-I dropped] | LOC(1,1): TP 1, FP 1, FN 2
    assert counts(one_call) == (1, 1, 2) and one_call.invalid_pred == 1


# --- seqeval as an independent oracle on CoNLL++ test ------------------------------------------------

def _conll_tags(path):
    sents, cur = [], []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("-DOCSTART-"):
            if cur:
                sents.append(cur)
                cur = []
            continue
        cur.append(line.split()[-1])
    if cur:
        sents.append(cur)
    return sents


def _perturb(seqs, rng, prefixes, rate):
    """Typical tagger errors and scheme breaks: a tag set to O, or to a random prefix and type."""
    types = ["PER", "LOC", "ORG", "MISC"]
    out = []
    for s in seqs:
        s = list(s)
        for i in range(len(s)):
            if rng.random() < rate:
                s[i] = "O" if rng.random() < 0.3 else rng.choice(prefixes) + "-" + rng.choice(types)
        out.append(s)
    return out


def _to_iobes(seq):
    out = ["O"] * len(seq)
    for t, b, e in get_entities(seq):
        for i in range(b, e + 1):
            out[i] = ("S" if b == e else "B" if i == b else "E" if i == e else "I") + "-" + t
    return out


def _assert_same_as_seqeval(gold, pred, scheme, mode, seqeval_scheme):
    from seqeval.metrics import accuracy_score
    from seqeval.metrics import classification_report as seqeval_report

    ours = score_chunks(gold, pred, scheme=scheme, mode=mode)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = seqeval_report(gold, pred, output_dict=True, mode="strict" if mode == "strict" else None,
                                scheme=seqeval_scheme)
    assert set(ours.per_type) == {k for k in theirs if not k.endswith(" avg")}
    rows = {**ours.per_type, "micro avg": ours.micro, "macro avg": ours.macro, "weighted avg": ours.weighted}
    for name, row in theirs.items():
        mine = rows[name]
        assert (mine.precision, mine.recall, mine.f1, mine.support) == pytest.approx(
            (row["precision"], row["recall"], row["f1-score"], row["support"]), abs=1e-12), name
    assert ours.token_accuracy == pytest.approx(accuracy_score(gold, pred), abs=1e-12)
    return ours


@pytest.mark.parametrize("mode", ["lenient", "strict"])
def test_parity_with_seqeval_on_conllpp_iob2(mode):
    from seqeval.scheme import IOB2

    gold = _conll_tags(shared_path("conll", "conllpp_test.txt"))
    assert sum(map(len, gold)) == 46435
    pred = _perturb(gold, random.Random(7), "BI", 0.1)
    r = _assert_same_as_seqeval(gold, pred, "iob2", mode, IOB2)
    assert r.invalid_pred > 0 and 0.3 < r.micro.f1 < 0.95


def test_parity_with_seqeval_strict_iobes():
    from seqeval.scheme import IOBES

    gold = [_to_iobes(s) for s in _conll_tags(shared_path("conll", "conllpp_test.txt"))[:1500]]
    pred = _perturb(gold, random.Random(3), "BIES", 0.1)
    _assert_same_as_seqeval(gold, pred, "iobes", "strict", IOBES)
    _assert_same_as_seqeval(gold, pred, "iobes", "lenient", IOBES)


def test_classification_report_is_score_chunks():
    g, p = [["B-PER", "I-PER", "O"]], [["B-PER", "O", "O"]]
    assert classification_report(g, p).to_json() == score_chunks(g, p).to_json()


def test_c15_f_beta_of_a_chunk_report():
    # C14-like: gold PER, pred PER + FOO: TP 1, FP 1, FN 0 -> P 0.5, R 1
    r = one("B-PER O", "B-PER B-FOO")
    assert counts(r) == (1, 1, 0)
    # F2 = 5·0.5·1/(4·0.5 + 1) = 0.833; F0.5 = 1.25·0.5/(0.25·0.5 + 1) = 0.556
    assert r.f_beta(2) == pytest.approx(2.5 / 3)
    assert r.f_beta(0.5) == pytest.approx(0.625 / 1.125)
    # macro over types: PER F2 1, FOO F2 0 -> 0.5
    assert r.f_beta(2, average="macro") == pytest.approx(0.5)
    # P 1, R 0.5: F2 = 5·0.5/(4 + 0.5) = 0.556
    r = one("B-PER B-LOC", "B-PER O")
    assert r.f_beta(2) == pytest.approx(2.5 / 4.5)


def test_empty_input():
    r = score_chunks([], [])
    assert (r.tokens, r.sentences, r.micro.f1, r.token_accuracy) == (0, 0, 1.0, 1.0)


def test_accuracy_score_and_float_ids():
    from bengal.score.chunks import accuracy_score

    # 3 of 4 tags equal
    assert accuracy_score([["B-PER", "I-PER"], ["O", "O"]], [["B-PER", "O"], ["O", "O"]]) == 0.75
    ev = ChunkEvaluator(["O", "B-PER"])
    with pytest.raises(TagError, match="label ids must be integers"):
        ev.update(np.array([[0.2, 0.8]]), np.array([[0, 1]]))


@pytest.mark.parametrize("scheme", ["iob1", "iob2", "ioe2", "iobes", "bilou"])
def test_random_sequences_chunk_for_chunk_like_seqeval(scheme):
    """Short random tag sequences (scheme breaks included), sentence by sentence, against seqeval:
    strict mode against its scheme tables (not IOB1, whose end rule differs, see schemes.py),
    lenient mode against its conlleval ``get_entities`` (not BILOU, which it does not know)."""
    from seqeval.metrics.sequence_labeling import get_entities as seqeval_entities
    from seqeval.scheme import BILOU, IOB2, IOBES, IOE2, Tokens

    classes = {"iob2": IOB2, "ioe2": IOE2, "iobes": IOBES, "bilou": BILOU}
    prefixes = SCHEMES[scheme].prefixes
    rng = random.Random(scheme)
    for _ in range(2000):
        seq = ["O" if rng.random() < 0.3 else rng.choice(prefixes) + "-" + rng.choice("XY")
               for _ in range(rng.randint(1, 7))]
        if scheme in classes:
            theirs = [(e.tag, e.start, e.end - 1) for e in Tokens(seq, classes[scheme]).entities]
            assert get_entities(seq, scheme=scheme, mode="strict") == theirs, seq
        if scheme != "bilou":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                assert get_entities(seq, scheme=scheme) == seqeval_entities(seq), seq


@pytest.mark.parametrize("mode", ["lenient", "strict"])
def test_accumulator_over_padded_batches_equals_one_call(mode):
    """Batches of ids with padding and -100 sub-word positions give exactly the one-call report."""
    gold = _conll_tags(shared_path("conll", "conllpp_test.txt"))[:600]
    pred = _perturb(gold, random.Random(5), "BI", 0.1)
    labels = ["O", "B-PER", "I-PER", "B-LOC", "I-LOC", "B-ORG", "I-ORG", "B-MISC", "I-MISC"]
    index = {t: i for i, t in enumerate(labels)}
    ev = ChunkEvaluator(labels, mode=mode)
    rng = random.Random(9)
    for start in range(0, len(gold), 32):
        rows_g, rows_p = gold[start:start + 32], pred[start:start + 32]
        width = 2 * max(map(len, rows_g))  # room for the inserted -100 positions
        g_ids = np.full((len(rows_g), width + 8), 0, dtype=np.int64)
        p_ids = np.full_like(g_ids, 5)  # padding holds a non-O id: it must be cut by lengths
        lengths = []
        for r, (tg, tp) in enumerate(zip(rows_g, rows_p)):
            col = 0
            for a, b in zip(tg, tp):
                g_ids[r, col], p_ids[r, col] = index[a], index[b]
                col += 1
                if rng.random() < 0.2:  # a sub-word continuation: ignored on the gold side
                    g_ids[r, col], p_ids[r, col] = -100, rng.randrange(len(labels))
                    col += 1
            lengths.append(col)
        ev.update(p_ids, g_ids, np.array(lengths))
    assert ev.report().to_json() == score_chunks(gold, pred, mode=mode).to_json()


def test_report_text():
    text = render_chunk_report(classification_report([["B-PER", "I-PER", "O"]], [["B-PER", "O", "O"]]))
    assert "PER" in text and "micro" in text and "weighted" in text and "token accuracy 0.6667" in text
    assert re.search(r"· 1 sentence,\s+3\s+tokens", text)  # one sentence of three tokens: singular where it is one
    two = render_chunk_report(classification_report([["B-PER"], ["O"]], [["B-PER"], ["O"]]))
    assert re.search(r"· 2 sentences,\s+2\s+tokens", two)
    # case C1's prediction I-X I-X: two tags in no chunk IOB2 allows, in both modes; lenient mode reads them by
    # conlleval's rules (one chunk X), strict mode drops them (a new user's reading, twentieth session)
    for mode, said in (("lenient", "read by conlleval's rules"), ("strict", "dropped")):
        c1 = render_chunk_report(classification_report([["B-X", "I-X"]], [["I-X", "I-X"]], mode=mode))
        assert f"invalid tags (in no chunk IOB2 allows; {said}): gold 0, prediction 2" in c1, c1


def test_strict_iob2_on_the_original_conll2003_says_the_tags_are_iob1():
    """Issue 12: the original eng.testb is IOB1 (I- starts a chunk; B- only between two chunks of a type),
    so strict IOB2 drops most chunks; the warning names iob1, and strict IOB1 keeps all 5,648 gold chunks
    (the CoNLL-2003 paper's count of the test set's entities: 1,668 LOC + 702 MISC + 1,661 ORG + 1,617 PER)."""
    from bengal.workflows.score_files import score_conll
    path = shared_path("conll", "conll2003-original", "eng.testb")
    strict = score_conll(path, path, scheme="iob2", mode="strict")
    assert strict.warnings and all("the tags fit the scheme iob1 (give --scheme iob1)" in w.message
                                   for w in strict.warnings)
    iob1 = score_conll(path, path, scheme="iob1", mode="strict")
    assert (iob1.micro.tp, iob1.micro.fn, iob1.invalid_gold) == (1668 + 702 + 1661 + 1617, 0, 0)
    assert not iob1.warnings
