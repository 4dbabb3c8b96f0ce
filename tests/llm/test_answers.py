"""CoNLL++ shipped by name, its reading (IOB1/IOB2, -DOCSTART-, CRLF), and LLM answers in evalscope's tag
format: cases C21–C25, the flaw rules, the bad-input rules, and parity with seqeval on well-formed answers."""

from __future__ import annotations

import difflib
import io
import json
import random
from contextlib import redirect_stdout

import pytest

from bengal.io import read_corpus
from bengal.io.answers import read_answers
from bengal.io.conll import read_conll
from bengal.io.tagged import parse_tagged
from bengal.llm.answers import _alignment, align_answer, score_answers
from bengal.llm.samples import Sample, sentence_samples


def _sample(tokens: str, tags: str, sid: str = "s1") -> Sample:
    return Sample(sid, tuple(tokens.split()), tuple(tags.split()))


def _score(sample: Sample, answer: str):
    return score_answers([sample], read_answers(json.dumps({"id": sample.id, "answer": answer}).encode()))


# --- the shipped corpus -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def conllpp():
    return read_corpus("conllpp")


def test_conllpp_by_name_counts(conllpp):
    # Counts of corpora/conllpp/README.md (grep/awk over the file, not this reader).
    assert conllpp.name == "conllpp"
    assert len(conllpp) == 231
    assert sum(d.text.count("\n") + 1 for d in conllpp) == 3453
    assert sum(len(d.text.split()) for d in conllpp) == 46435
    types = {}
    for d in conllpp:
        for m in d.mentions:
            types[m.type] = types.get(m.type, 0) + 1
    assert types == {"ORG": 1715, "LOC": 1646, "PER": 1618, "MISC": 723}
    assert not conllpp.warnings


_IOB2 = "-DOCSTART- -X- -X- O\n\nEU NNP B-NP B-ORG\nrejects VBZ B-VP O\nGerman JJ B-NP B-MISC\n\n" \
        "Peter NNP B-NP B-PER\nBlackburn NNP I-NP I-PER\nSmith NNP I-NP B-PER\n"
# The same in IOB1 (a chunk begins with I- unless it follows a chunk of its type).
_IOB1 = _IOB2.replace("B-ORG", "I-ORG").replace("B-MISC", "I-MISC").replace("Peter NNP B-NP B-PER",
                                                                             "Peter NNP B-NP I-PER")


def _spans(corpus):
    return [(m.surface, m.type) for d in corpus for m in d.mentions]


def test_conll_variants_read_alike():
    want = [("EU", "ORG"), ("German", "MISC"), ("Peter Blackburn", "PER"), ("Smith", "PER")]
    for text in (_IOB2, _IOB1, _IOB2.replace("\n", "\r\n"), _IOB1.replace("\n", "\r\n")):
        c = read_conll(text.encode())
        assert _spans(c) == want and len(c) == 1
    no_doc = read_conll(_IOB2.split("\n\n", 1)[1].encode())
    assert _spans(no_doc) == want and len(no_doc) == 2  # one document per sentence without -DOCSTART-


def test_shipped_file_with_crlf_reads_alike(conllpp):
    from bengal.resources import data_dir

    raw = (data_dir("corpora") / "conllpp" / "conllpp_test.txt").read_bytes()
    crlf = read_conll(raw.replace(b"\n", b"\r\n"))
    assert [(d.text, d.mentions) for d in crlf] == [(d.text, d.mentions) for d in conllpp]


def test_bengal_score_conllpp_by_name(tmp_path):
    from bengal.cli import main

    pred = tmp_path / "pred.conll"
    pred.write_text(_IOB2)  # wrong number of sentences: a clear error, exit 1
    assert main(["score", "conllpp", str(pred)]) == 1
    samples = sentence_samples(read_corpus("conllpp"))[:3]
    ans = tmp_path / "answers.jsonl"
    ans.write_text(json.dumps({"id": samples[0].id, "answer": "<response>SOCCER - <location>JAPAN</location> "
                               "GET LUCKY WIN , <location>CHINA</location> IN SURPRISE DEFEAT .</response>"}) + "\n")
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["score", "conllpp", str(ans), "--json", "-"]) == 0
    data = json.loads(out.getvalue())
    micro = data["chunk"]["micro"]
    assert (micro["tp"], micro["fp"]) == (2, 0)  # the evalscope card's sample, its target as the answer
    assert data["flaws"]["missing_answer"]["count"] == 3452


# --- cases C21–C25 --------------------------------------------------------------------------------------

def test_c21_adjacent_same_type():
    s = _sample("Paris London talks", "B-LOC B-LOC O")
    r = _score(s, "<response><location>Paris</location> <location>London</location> talks</response>")
    assert (r.chunks.micro.tp, r.chunks.micro.fp, r.chunks.micro.fn) == (2, 0, 0)
    assert r.chunks.micro.f1 == 1.0


def test_c22_repeated_name_placed_by_position():
    s = _sample("Oslo beat Oslo", "B-ORG O B-ORG")
    r = _score(s, "<response><organization>Oslo</organization> beat <organization>Oslo</organization></response>")
    assert r.chunks.micro.tp == 2 and r.chunks.micro.f1 == 1.0


def test_c23_substring_of_earlier_word():
    s = _sample("Nigeria and Niger", "B-LOC O B-LOC")
    r = _score(s, "<response><location>Nigeria</location> and <location>Niger</location></response>")
    assert r.chunks.micro.tp == 2 and r.chunks.micro.f1 == 1.0
    # Only the second is tagged: it stays on the third token, not inside "Nigeria".
    r = _score(s, "<response>Nigeria and <location>Niger</location></response>")
    assert (r.chunks.micro.tp, r.chunks.micro.fp, r.chunks.micro.fn) == (1, 0, 1)


@pytest.mark.parametrize("answer", ["<response>Mr <person> Smith </person> said</response>",
                                    "<response>Mr <person>Smith\n</person> said</response>"])
def test_c24_whitespace_inside_tag(answer):
    s = _sample("Mr Smith said", "O B-PER O")
    r = _score(s, answer)
    assert r.chunks.micro.f1 == 1.0
    assert r.flaws["altered_whitespace"] == 1 and "altered_text" not in r.flaws


def test_c25_no_entities_per_sample_undefined():
    a = _sample("It rained .", "O O O", "a")
    b = _sample("Paris London talks", "B-LOC B-LOC O", "b")
    lines = [{"id": "a", "answer": "<response>It rained .</response>"},
             {"id": "b", "answer": "<response><location>Paris</location> London talks</response>"}]
    r = score_answers([a, b], read_answers("\n".join(json.dumps(x) for x in lines).encode()))
    assert r.samples[0]["f1"] is None
    assert r.samples[1]["f1"] == pytest.approx(2 / 3)  # TP 1, FN 1: P 1, R 0.5
    assert (r.chunks.micro.tp, r.chunks.micro.fp, r.chunks.micro.fn) == (1, 0, 1)
    json.dumps(r.to_json(), allow_nan=False)


# --- flaw rules -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("answer, rule, tp_fp_fn", [
    ("<response><person>Mr Smith said</response>", "unbalanced_tag", (0, 0, 1)),
    ("<response>Mr Smith</person> said</response>", "unbalanced_tag", (0, 0, 1)),
    ("<response>Mr <person>Smith</location> said</response>", "unbalanced_tag", (0, 0, 1)),
    ("<response>Mr <name>Smith</name> said</response>", "unknown_tag", (0, 0, 1)),
    ("<response>Mr <person><location>Smith</location></person> said</response>", "nested_tag", (1, 0, 0)),
    ("Mr <person>Smith</person> said", "no_response", (1, 0, 0)),
    ("Sure:\n<response>Mr <person>Smith</person> said</response>", "text_outside_response", (1, 0, 0)),
    ("<response>Mister <person>Smith</person> said</response>", "altered_text", (1, 0, 0)),
    ("<response>Mr <person>Smi</person>th said</response>", "partial_token", (1, 0, 0)),
    ("<response>Mr <person>Jones</person> said</response>", "unplaced_mention", (0, 0, 1)),
    ("<response>Mr <person> </person>Smith said</response>", "empty_mention", (0, 0, 1)),
])
def test_flaw_rules(answer, rule, tp_fp_fn):
    r = _score(_sample("Mr Smith said", "O B-PER O"), answer)
    assert r.flaws[rule] >= 1
    m = r.chunks.micro
    assert (m.tp, m.fp, m.fn) == tp_fp_fn


def test_parser_keeps_entities_literal():
    p = parse_tagged("<response>AT&amp;T <organization>A &lt; B</organization></response>")
    assert p.text == "AT&amp;T A &lt; B" and p.mentions == [(9, 17, "ORG")]


def test_bad_input_counted_per_rule():
    s = [_sample("Mr Smith said", "O B-PER O", "a"), _sample("Oslo beat Oslo", "B-ORG O B-ORG", "b"),
         _sample("It rained .", "O O O", "c")]
    data = b"\n".join([
        b'{"id": "a", "answer": "<response>Mr <person>Smith</person> said</response>"}',
        b'{"id": "a", "answer": "<response>Mr Smith said</response>"}',  # duplicate: ignored
        b'{"id": "zz", "answer": "<response>x</response>"}',  # unknown id
        b'{"id": "b", "answer": "  "}',  # empty answer
        b'not json',
        b'{"id": "q", "answer": "\xff"}',  # not UTF-8 (and an unknown id)
    ])
    r = score_answers(s, read_answers(data))
    assert dict(r.flaws) == {"duplicate_id": 1, "unknown_id": 2, "empty_answer": 1, "bad_line": 1,
                             "not_utf8": 1, "missing_answer": 1}
    m = r.chunks.micro
    assert (m.tp, m.fp, m.fn) == (1, 0, 2)


def test_alignment_survives_dropped_and_added_words():
    chunks, flaws = align_answer("<response>The <organization>Oslo</organization> team beat "
                                 "<organization>Oslo</organization> again</response>", "Oslo beat Oslo".split())
    assert chunks == [(0, 0, "ORG"), (2, 2, "ORG")] and flaws["altered_text"] == 1


# --- parity with seqeval on well-formed answers ----------------------------------------------------------

def _perturb(chunks, n, rng):
    out, used = [], set()
    for s, e, t in chunks:
        x = rng.random()
        if x < 0.15:
            continue  # dropped
        if x < 0.3:
            t = rng.choice([u for u in ("PER", "ORG", "LOC", "MISC") if u != t])
        elif x < 0.4 and e + 1 < n:
            e += 1
        if used & set(range(s, e + 1)):
            continue
        used |= set(range(s, e + 1))
        out.append((s, e, t))
    for i in range(n):
        if i not in used and rng.random() < 0.03:
            used.add(i)
            out.append((i, i, rng.choice(("PER", "ORG", "LOC", "MISC"))))
    return sorted(out)


def test_seqeval_parity_on_conllpp(conllpp):
    seqeval_metrics = pytest.importorskip("seqeval.metrics")
    tags_of = {"PER": "person", "ORG": "organization", "LOC": "location", "MISC": "miscellaneous"}
    samples = sentence_samples(conllpp)[:800]
    rng = random.Random(5)
    lines, y_true, y_pred = [], [], []
    for s in samples:
        chunks = _perturb(s.chunks(), len(s.tokens), rng)
        words, tags = list(s.tokens), ["O"] * len(s.tokens)
        for a, b, t in chunks:
            words[a] = f"<{tags_of[t]}>" + words[a]
            words[b] = words[b] + f"</{tags_of[t]}>"
            tags[a:b + 1] = [f"B-{t}"] + [f"I-{t}"] * (b - a)
        lines.append(json.dumps({"id": s.id, "answer": "<response>" + " ".join(words) + "</response>"}))
        y_true.append(list(s.tags))
        y_pred.append(tags)
    r = score_answers(samples, read_answers("\n".join(lines).encode()))
    assert not r.flaws
    assert r.chunks.micro.precision == pytest.approx(seqeval_metrics.precision_score(y_true, y_pred))
    assert r.chunks.micro.recall == pytest.approx(seqeval_metrics.recall_score(y_true, y_pred))
    assert r.chunks.micro.f1 == pytest.approx(seqeval_metrics.f1_score(y_true, y_pred))
    assert r.chunks.token_accuracy == pytest.approx(seqeval_metrics.accuracy_score(y_true, y_pred))
    per_type = seqeval_metrics.classification_report(y_true, y_pred, output_dict=True)
    for t in ("PER", "ORG", "LOC", "MISC"):
        assert r.chunks.per_type[t].f1 == pytest.approx(per_type[t]["f1-score"])


def test_unclosed_outer_tag_keeps_the_well_formed_inner_one():
    """Issue 12: `<person>John lives in <location>Paris</location> .` with the outer tag never closed.
    By hand: plain text "John lives in Paris ." -- Paris at [14, 19); the person tag gives nothing."""
    for answer in ("<response><person>John lives in <location>Paris</location> .</response>",
                   "<person>John lives in <location>Paris</location> ."):
        r = parse_tagged(answer)
        assert r.text == "John lives in Paris ."
        assert r.mentions == [(14, 19, "LOC")]
        assert (r.flaws["recovered_inner_tag"], r.flaws["unbalanced_tag"], r.flaws["nested_tag"]) == (1, 1, 1)
    # a closed outer tag still wins, and nothing is recovered
    r = parse_tagged("<response><person>A <location>B</location></person> c</response>")
    assert r.mentions == [(0, 3, "PER")] and "recovered_inner_tag" not in r.flaws


# --- long answers: linear parse, bounded alignment (issue 14; timings in benchmarks/bench_answers.py) ---

def _long_answer(n: int) -> tuple[list[str], str]:
    words = [f"W{i}" for i in range(n)]
    return words, "<response>" + " ".join(f"<person>{w}</person>" if i % 3 == 0 else w
                                           for i, w in enumerate(words)) + "</response>"


def test_megabyte_answer_parses_to_every_tag():
    words, answer = _long_answer(120_000)
    assert len(answer) > 1_000_000
    parsed = parse_tagged(answer)
    assert parsed.text == " ".join(words) and not parsed.flaws
    # word i starts after the i words before it and their i separating spaces
    starts = [0]
    for w in words[:-1]:
        starts.append(starts[-1] + len(w) + 1)
    assert parsed.mentions == [(starts[i], starts[i] + len(words[i]), "PER") for i in range(0, len(words), 3)]
    chunks, flaws = align_answer(answer, words)
    assert chunks == [(i, i, "PER") for i in range(0, len(words), 3)] and not flaws


def test_megabyte_answer_with_one_word_changed_places_the_others():
    words, answer = _long_answer(30_000)
    answer = answer.replace(" W15001 ", " Changed ")  # 15001 % 3 != 0: an untagged word
    chunks, flaws = align_answer(answer, words)
    assert chunks == [(i, i, "PER") for i in range(0, len(words), 3)]
    assert flaws == {"altered_text": 1}


def test_deeply_nested_unbalanced_tags_are_counted():
    n = 50_000
    parsed = parse_tagged("<response>" + "<person>" * n + " x " + "</location>" * n + "</response>")
    assert parsed.text == " x " and parsed.mentions == []
    # n-1 tags opened inside another; n closings of a tag never opened; n tags still open at </response>
    assert parsed.flaws == {"nested_tag": n - 1, "unbalanced_tag": 2 * n}


def test_spaces_after_lt_are_text():
    parsed = parse_tagged("<response>" + ("<" + " " * 40) * 5_000 + "<person>Ann</person></response>")
    assert parsed.text.startswith("<" + " " * 40) and len(parsed.text) == 41 * 5_000 + 3
    assert parsed.mentions == [(41 * 5_000, 41 * 5_000 + 3, "PER")]


def test_alignment_past_its_budget_is_cut_and_counted():
    # difflib's worst case: a single repeated character matched one at a time (a 500-character such
    # answer took difflib 4 s); the budget stops it and says so
    answer = "<response>" + ("<" + " " * 50) * 400 + "</response>"
    chunks, flaws = align_answer(answer, ["w"] * 250)
    assert chunks == [] and flaws == {"altered_text": 1, "alignment_cut": 1}
    report = _score(_sample(" ".join(["w"] * 250), " ".join(["O"] * 250)), answer)
    assert report.flaws["alignment_cut"] == 1 and any(w.code == "alignment_cut" for w in report.warnings)


def test_alignment_within_budget_is_difflibs():
    rng = random.Random(5)
    for _ in range(300):
        a = "".join(rng.choice("ab c") for _ in range(rng.randint(0, 40)))
        b = "".join(rng.choice("ab c") for _ in range(rng.randint(0, 40)))
        expected = [-1] * len(a)
        for i, j, k in difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks():
            expected[i:i + k] = range(j, j + k)
        assert _alignment(a, b) == (expected, False)
