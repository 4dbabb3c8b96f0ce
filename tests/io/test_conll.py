"""CoNLL columns: reading (case C10: CRLF = LF, tab = space), the corpus model, writing,
detection from content, and `bengal score` on CoNLL files (values by hand)."""

from __future__ import annotations

import io
import json

import pytest
from cli_helpers import bengal
from conftest import shared_path

from bengal.errors import InputError
from bengal.io import ConllOptions, detect_format, read_corpus, write_corpus
from bengal.io.conll import read_conll, read_conll_file, write_conll
from bengal.workflows.score_files import score_conll

GOLD = """-DOCSTART- -X- -X- O

EU NNP B-NP B-ORG
rejects VBZ B-VP O
German JJ B-NP B-MISC
call NN I-NP O

Peter NNP B-NP B-PER
Blackburn NNP I-NP I-PER

-DOCSTART- -X- -X- O

BRUSSELS NNP B-NP B-LOC
1996-08-22 CD I-NP O
"""
# EU right; German missed; "Peter Blackburn" cut to "Peter"; BRUSSELS typed ORG.
PRED = GOLD.replace("German JJ B-NP B-MISC", "German JJ B-NP O") \
           .replace("Blackburn NNP I-NP I-PER", "Blackburn NNP I-NP O") \
           .replace("BRUSSELS NNP B-NP B-LOC", "BRUSSELS NNP B-NP B-ORG")


def test_read_sentences_and_documents():
    cf = read_conll_file(GOLD.encode())
    assert cf.has_docstart and cf.columns == 4
    assert [s.tokens for s in cf.sentences] == [("EU", "rejects", "German", "call"), ("Peter", "Blackburn"),
                                                ("BRUSSELS", "1996-08-22")]
    assert [s.document for s in cf.sentences] == [0, 0, 1]
    assert [s.line for s in cf.sentences] == [3, 8, 13]
    c = read_conll(GOLD.encode())
    assert [d.uri for d in c.documents] == ["http://bengal.invalid/conll/document-1",
                                            "http://bengal.invalid/conll/document-2"]
    d = c.documents[0]
    assert d.text == "EU rejects German call\nPeter Blackburn"
    assert [(m.begin, m.end, m.surface, m.type) for m in d.mentions] == [
        (0, 2, "EU", "ORG"), (11, 17, "German", "MISC"), (23, 38, "Peter Blackburn", "PER")]
    assert c.documents[1].mentions[0].surface == "BRUSSELS"


def test_one_document_per_sentence_without_docstart():
    text = "Paris B-LOC\nis O\n\nOslo B-ORG\n"
    c = read_conll(text.encode())
    assert [d.uri for d in c.documents] == ["http://bengal.invalid/conll/sentence-1",
                                            "http://bengal.invalid/conll/sentence-2"]
    assert [d.text for d in c.documents] == ["Paris is", "Oslo"]


def test_c10_crlf_and_tabs_read_alike(tmp_path):
    lf = tmp_path / "lf.txt"
    crlf = tmp_path / "crlf.txt"
    tabs = tmp_path / "tabs.txt"
    pred = tmp_path / "pred.txt"
    lf.write_bytes(GOLD.encode())
    crlf.write_bytes(GOLD.replace("\n", "\r\n").encode())
    tabs.write_bytes(GOLD.replace(" ", "\t").encode())
    pred.write_bytes(PRED.replace("\n", "\r\n").replace(" ", "\t").encode())
    for path in (lf, crlf, tabs):
        assert detect_format(path) == "conll"
        assert read_conll_file(path).sentences == read_conll_file(lf).sentences
    results = [score_conll(g, pred).to_json() for g in (lf, crlf, tabs)]
    assert results[0] == results[1] == results[2]
    r = results[0]
    # gold ORG(EU) MISC(German) PER(Peter Blackburn) LOC(BRUSSELS); pred ORG(EU) PER(Peter) ORG(BRUSSELS)
    # TP 1, FP 2, FN 3: P 1/3, R 1/4, F1 2·(1/3)(1/4)/(7/12) = 2/7
    assert (r["micro"]["tp"], r["micro"]["fp"], r["micro"]["fn"]) == (1, 2, 3)
    assert r["micro"]["f1"] == pytest.approx(2 / 7)
    # 8 tokens; wrong: German, Blackburn, BRUSSELS -> 5/8
    assert r["tokens"] == 8 and r["token_accuracy"] == 5 / 8


def test_reader_errors_name_file_and_line(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("EU NNP B-NP B-ORG\nrejects VBZ B-VP\n")
    with pytest.raises(InputError, match=r"bad.txt:2: 3 columns where the file has 4"):
        read_conll_file(bad)
    one_col = tmp_path / "one.txt"
    one_col.write_text("EU\n")
    with pytest.raises(InputError, match=r"one.txt:1: a token line needs at least two columns"):
        read_conll_file(one_col)
    # an empty tag: "EU\t" has one column after the split -> C8 as a file error with its line
    tab = tmp_path / "tab.txt"
    tab.write_text("EU\tB-ORG\nrejects\t\n")
    with pytest.raises(InputError, match=r"tab.txt:2: 1 column where the file has 2"):
        read_conll_file(tab)
    # the same file by content (no .conll name): the empty tag is reported by line, not as a file of no
    # known format (a new user's run of case C8 with .txt files)
    tab.write_text("EU\tB-ORG\nrejects\t\nit\tO\n")
    assert detect_format(tab) == "conll"
    with pytest.raises(InputError, match=r"tab.txt:2: looks like CoNLL columns, but 1 column where the file has 2"):
        read_corpus(tab)
    prose = tmp_path / "prose.txt"  # one word a line is no CoNLL file
    prose.write_text("Hello\nworld\n")
    with pytest.raises(InputError, match="cannot tell the corpus format"):
        detect_format(prose)
    # a tag the declared scheme does not allow, named by file and line
    s = tmp_path / "s.txt"
    s.write_text("EU S-ORG\n")
    with pytest.raises(InputError, match=r"s.txt:1: .*'S-ORG' is not allowed by the scheme IOB2"):
        read_conll(s)
    ok = tmp_path / "ok.txt"
    ok.write_text("EU B-ORG\n\nrejects O\n")
    short = tmp_path / "short.txt"
    short.write_text("EU B-ORG\n")
    with pytest.raises(InputError, match=r"short.txt: the gold .* has 2 sentences but the prediction has 1"):
        score_conll(ok, short)
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("EU B-ORG\n\nrejects O\nit O\n")
    with pytest.raises(InputError, match=r"wrong.txt:3: sentence 2 has 2 tokens here but 1 in the gold"):
        score_conll(ok, wrong)
    sp = tmp_path / "sp.txt"
    sp.write_text("EU B-ORG\n\nrejects S-ORG\n")
    with pytest.raises(InputError, match=r"sp.txt:3: sentence 2, token 1: tag 'S-ORG' is not allowed"):
        score_conll(ok, sp)


def test_invalid_tags_are_counted_warnings_or_strict_errors():
    text = b"a O\nb I-PER\nc O\n"
    c = read_conll(text)  # IOB2, lenient: I-PER after O is repaired, and said
    assert [w.code for w in c.warnings] == ["invalid_tag"]
    assert c.warnings[0].where.endswith(":2") and "repaired" not in c.warnings[0].message.split(";")[0]
    assert len(c.documents[0].mentions) == 1
    c = read_conll(text, mode="strict")  # dropped, and said
    assert c.documents[0].mentions == () and "dropped" in c.warnings[0].message
    assert read_conll(text, scheme="iob1").warnings == ()  # valid IOB1
    with pytest.raises(InputError, match=r":2: .*invalid_tag"):
        read_conll(text, strict=True)


@pytest.mark.parametrize("scheme", ["iob1", "iob2", "iobes", "bilou", "io", "ioe2"])
def test_write_then_read_round_trip(scheme):
    c = read_conll(GOLD.encode())
    buf = io.StringIO()
    write_conll(c, buf, scheme=scheme)
    back = read_conll(buf.getvalue().encode(), scheme=scheme, mode="strict")
    assert back.warnings == ()
    assert [(d.text, d.mentions) for d in back.documents] == [(d.text, d.mentions) for d in c.documents]


def test_write_corpus_conll_extension(tmp_path):
    c = read_conll(GOLD.encode())
    write_corpus(c, tmp_path / "out.conll")
    assert read_corpus(tmp_path / "out.conll").documents == c.documents


def test_original_conll2003_iob1_reads_like_conllpp():
    # eng.testb: CRLF, IOB1; conllpp_test.txt: LF, IOB2 (CoNLL++ corrected 186 sentences)
    orig = read_corpus(shared_path("conll", "conll2003-original", "eng.testb"), conll=ConllOptions(scheme="iob1"))
    pp = read_corpus(shared_path("conll", "conllpp_test.txt"))
    assert orig.warnings == () and pp.warnings == ()
    assert len(orig) == len(pp) == 231
    assert [d.text for d in orig.documents] == [d.text for d in pp.documents]
    assert pp.mention_count == 1646 + 723 + 1715 + 1618  # the B- tags of the file


def run(tmp_path, *args):
    (tmp_path / "gold.txt").write_text(GOLD)
    (tmp_path / "pred.txt").write_text(PRED)
    return run_pair(tmp_path, *args)


def test_cli_chunk_table_and_json(tmp_path):
    proc = run(tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "IOB2" in out and "lenient" in out
    for row in ("LOC", "MISC", "ORG", "PER", "micro", "macro", "weighted", "token accuracy 0.6250"):
        assert row in out
    data = json.loads(run(tmp_path, "--json", "-", "--mode", "strict").stdout)
    assert data["task"] == "chunk" and data["mode"] == "strict" and data["scheme"] == "iob2"
    # per type by hand: ORG TP 1 FP 1 (BRUSSELS) FN 0; PER TP 0 FP 1 FN 1; MISC FN 1; LOC FN 1
    assert {t: (r["tp"], r["fp"], r["fn"]) for t, r in data["per_type"].items()} == {
        "LOC": (0, 0, 1), "MISC": (0, 0, 1), "ORG": (1, 1, 0), "PER": (0, 1, 1)}
    # macro F1: ORG 2·0.5·1/1.5 = 2/3, others 0 -> (2/3)/4 = 1/6; weighted: ORG support 1 of 4 -> 1/6
    assert data["macro"]["f1"] == pytest.approx(1 / 6)
    assert data["weighted"]["f1"] == pytest.approx((2 / 3) / 4)
    assert set(data) >= {"micro", "macro", "weighted", "per_type", "token_accuracy", "invalid_tags"}


def test_cli_forced_format_and_span_tasks(tmp_path):
    (tmp_path / "g.data").write_text(GOLD)
    (tmp_path / "p.data").write_text(PRED)
    proc = bengal("score", "g.data", "p.data", "--gold-format", "conll", "--pred-format", "conll", "--json", "-",
                  cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["micro"]["tp"] == 1
    # the same files as span corpora: ERec (span only) -> EU, BRUSSELS match: TP 2, FP 1 (Peter), FN 2
    data = json.loads(run(tmp_path, "--task", "erec", "--json", "-").stdout)
    assert (data["micro"]["tp"], data["micro"]["fp"], data["micro"]["fn"]) == (2, 1, 2)
    bad = run(tmp_path, "--task", "chunk", "--gold-format", "jsonl")
    assert bad.returncode == 2 and "must be CoNLL files" in bad.stderr


def test_cli_strict_makes_invalid_tags_an_error(tmp_path):
    (tmp_path / "gold.txt").write_text(GOLD)
    (tmp_path / "pred.txt").write_text(PRED.replace("EU NNP B-NP B-ORG", "EU NNP B-NP I-ORG"))
    ok = run_pair(tmp_path)
    assert ok.returncode == 0 and "invalid_tag: 1 tags" in ok.stderr
    # lenient (the default): the tags are read by conlleval's rules, not said to be "repaired" (two tags "I-X I-X" are
    # counted and conlleval changes one: a new user's reading of case C1, twentieth session)
    assert "1 tags in no chunk the scheme IOB2 allows: read by conlleval's rules (lenient mode)" in ok.stderr
    bad = run_pair(tmp_path, "--strict")
    assert bad.returncode == 1 and "--strict" in bad.stderr
    assert "pred.txt: 1 tags in no chunk the scheme IOB2 allows" in bad.stderr


def run_pair(tmp_path, *args):
    return bengal("score", "gold.txt", "pred.txt", *args, cwd=tmp_path)


def test_writer_cuts_words_at_mention_boundaries():
    from bengal.model import Corpus, Document, Mention

    text = "Papa Roach's fans met in Oslo."
    d = Document("http://ex.org/1", text, (Mention.in_text(text, 0, 10, (), "ORG"),
                                           Mention.in_text(text, 25, 29, (), "LOC")))
    buf = io.StringIO()
    write_conll(Corpus((d,), metadata={"conll_docstart": False}), buf)
    assert buf.getvalue() == ("Papa B-ORG\nRoach I-ORG\n's O\nfans O\nmet O\nin O\nOslo B-LOC\n. O\n\n")
    back = read_conll(buf.getvalue().encode()).documents[0]
    assert back.text == "Papa Roach 's fans met in Oslo ."
    assert [m.surface for m in back.mentions] == ["Papa Roach", "Oslo"]


def test_repeated_tokens_and_tags_are_kept_once():
    # "the" and "B-PER"/"O" repeat across sentences: each distinct string is one object (memory of large files)
    data = b"the O\nAnna B-PER\n\nthe O\nBob B-PER\n"
    f = read_conll_file(data)
    (t1, g1), (t2, g2) = ((s.tokens, s.tags) for s in f.sentences)
    assert t1 == ("the", "Anna") and t2 == ("the", "Bob") and g1 == g2 == ("O", "B-PER")
    assert t1[0] is t2[0] and g1[0] is g2[0] and g1[1] is g2[1]
