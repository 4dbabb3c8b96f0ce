"""GERBIL's GSInKB line, D2KB with weak matching, and F-beta of the InKB / EE / GSInKB lines and of the
bootstrap intervals (issue 12). Expected values are computed by hand in each docstring."""

from __future__ import annotations

import json

import pytest
from cli_helpers import bengal

from bengal.io import write_corpus
from bengal.model import Corpus, Document, Mention
from bengal.report.table import render_table
from bengal.score import score
from bengal.score.bootstrap import with_ci

DBR = "http://dbpedia.org/resource/"
A, B, C = DBR + "A", DBR + "B", DBR + "C"
TEXT = "Anne and Bob and Carl went home."  # Anne [0,4), Bob [9,12), Carl [17,21)


def doc(uri, *marks, text=TEXT):
    return Document(uri, text, tuple(Mention.in_text(text, b, e, us) for b, e, us in marks))


def counts(m):
    return (m.tp, m.fp, m.fn)


# two documents; gold of d1: Anne=A, Bob=NIL (EE), Carl=C; gold of d2: Anne=A, Bob=NIL
GOLD = Corpus((doc("http://ex.org/1", (0, 4, (A,)), (9, 12, ()), (17, 21, (C,))),
               doc("http://ex.org/2", (0, 4, (A,)), (9, 12, ()))))
# d1: Anne=A right, Bob=NIL right, Carl unanswered; d2: Anne=B wrong, Bob=B (an InKB answer on the EE gold)
PRED = Corpus((doc("http://ex.org/1", (0, 4, (A,)), (9, 12, ())),
               doc("http://ex.org/2", (0, 4, (B,)), (9, 12, (B,)))))


def test_f_beta_of_the_inkb_and_ee_lines_micro_and_macro():
    """InKB per document: d1 gold A, C / answer A: (1, 0, 1), P 1, R 1/2, F2 = 5·½/(4+½) = 5/9;
    d2 gold A / answers B, B: (0, 2, 1), F2 0. InKB macro F2 = 5/18; micro (1, 2, 2): P 1/3, R 1/3,
    F2 1/3. EE: d1 (1, 0, 0) F2 1; d2 gold NIL, no EE answer: (0, 0, 1) F2 0; macro 1/2; micro
    (1, 0, 1): P 1, R 1/2, F2 5/9."""
    r = score(GOLD, PRED, beta=2)
    assert counts(r.inkb.micro) == (1, 2, 2) and counts(r.ee.micro) == (1, 0, 1)
    assert r.inkb.f_beta(2, "macro") == pytest.approx(5 / 18)
    assert r.inkb.f_beta(2) == pytest.approx(1 / 3)
    assert r.ee.f_beta(2, "macro") == pytest.approx(0.5)
    assert r.ee.f_beta(2) == pytest.approx(5 / 9)
    out = r.to_json()
    assert out["inkb"]["f_beta"] == pytest.approx({"beta": 2, "micro": 1 / 3, "macro": 5 / 18})
    assert out["ee"]["f_beta"] == pytest.approx({"beta": 2, "micro": 5 / 9, "macro": 0.5})
    table = render_table(r)
    inkb_macro = next(line for line in table.splitlines() if "InKB macro" in line)
    ee_macro = next(line for line in table.splitlines() if "EE macro" in line)
    assert "0.2778" in inkb_macro and "0.5000" in ee_macro  # the F2 cells are filled
    with pytest.raises(ValueError):
        r.inkb.f_beta(2, "weighted")


def test_bootstrap_gives_the_f_beta_interval_of_micro_and_macro():
    """One document: every resample is that document, the intervals collapse to the point values.
    Gold A, C; answer A: P 1, R 1/2, F2 5/9 (micro = macro)."""
    g = Corpus((doc("http://ex.org/1", (0, 4, (A,)), (17, 21, (C,))),))
    p = Corpus((doc("http://ex.org/1", (0, 4, (A,))),))
    r = with_ci(score(g, p, beta=2), samples=20, seed=1)
    assert r.ci["micro"]["f_beta"] == pytest.approx([5 / 9, 5 / 9])
    assert r.ci["macro"]["f_beta"] == pytest.approx([5 / 9, 5 / 9]) and r.ci["macro"]["beta"] == 2
    assert "micro F2 [0.5556, 0.5556], macro F2 [0.5556, 0.5556]" in render_table(r).replace("\n", " ")
    # beta 1: no F-beta interval (F1 is there already)
    assert "f_beta" not in with_ci(score(g, p), samples=5).ci["macro"]


def test_bootstrap_macro_f_beta_interval_lies_between_the_documents():
    """Two documents: d1 (2, 0, 1), P 1, R 2/3, F2 = 5·⅔/(4+⅔) = 5/7; d2 (0, 2, 2), F2 0: every
    resampled mean lies in [0, 5/7], and 200 resamplings of two documents reach both ends."""
    r = with_ci(score(GOLD, PRED, beta=2), samples=200, seed=0)
    assert r.f_beta_macro == pytest.approx(5 / 14)
    assert r.ci["macro"]["f_beta"] == pytest.approx([0.0, 5 / 7])


def test_gs_inkb_line_of_d2kb():
    """D2KB, every answer at a gold span. GSInKB keeps the gold's InKB mentions (d1 Anne=A, Carl=C;
    d2 Anne=A) and the answers at their spans (d1 Anne=A; d2 Anne=B): d1 (1, 0, 1), d2 (0, 1, 1);
    the answer B on d2's NIL gold Bob counts neither way. Micro (1, 1, 2): P 1/2, R 1/3, F1 0.4;
    macro P (1 + 0)/2, R (1/2 + 0)/2, F1 (2/3 + 0)/2. The main D2KB line counts it: TP 2 (d1 A, NIL),
    FP 2 (d2 B, B), FN 3 (d1 C; d2 A, NIL)."""
    r = score(GOLD, PRED, task="d2kb")
    assert counts(r.micro) == (2, 2, 3)
    assert counts(r.gs_inkb.micro) == (1, 1, 2)
    assert r.gs_inkb.micro.f1 == pytest.approx(0.4)
    assert (r.gs_inkb.macro.precision, r.gs_inkb.macro.recall, r.gs_inkb.macro.f1) == pytest.approx(
        (0.5, 0.25, 1 / 3))
    assert "GSInKB" in r.conventions["gs_inkb"]
    out = r.to_json()
    assert out["gs_inkb"]["micro"]["tp"] == 1 and out["gs_inkb"]["macro"]["f1"] == pytest.approx(1 / 3)
    assert "GSInKB micro" in render_table(r)
    # the other tasks have no GSInKB line, and the JSON says null
    a = score(GOLD, PRED)
    assert a.gs_inkb is None and a.to_json()["gs_inkb"] is None and "GSInKB" not in render_table(a)
    assert "gs_inkb" not in a.conventions


def test_gs_inkb_absent_when_the_gold_has_no_inkb_mention():
    """Gold only NIL mentions: nothing is InKB, no prediction sits on an InKB gold: GERBIL prints no line."""
    g = Corpus((doc("http://ex.org/1", (9, 12, ())),))
    p = Corpus((doc("http://ex.org/1", (9, 12, (B,))),))
    r = score(g, p, task="d2kb")
    assert r.gs_inkb is None and counts(r.micro) == (0, 1, 1)


NYC = "New York City is big."  # "New York City" [0,13), "New York" [0,8)


@pytest.mark.parametrize("profile", ["bengal", "gerbil"])
def test_d2kb_weak_match(profile):
    """Nested gold: New York City [0,13) = NYC, New York [0,8) = NY. One answer at [0,8) with NYC.
    Strong: it must match the gold at [0,8) (NY): FP 1, FN 2. Weak (GERBIL's D2KBTest setting): the
    answer (kept: its span is a gold span) overlaps the NYC gold, same URI: TP 1, FN 1 (NY).
    An answer at [0,4) is no gold span: ignored under both rules (the filter stays strong)."""
    g = Corpus((doc("http://ex.org/1", (0, 13, (DBR + "New_York_City",)), (0, 8, (DBR + "New_York",)), text=NYC),))
    p = Corpus((doc("http://ex.org/1", (0, 8, (DBR + "New_York_City",)), (0, 4, (DBR + "New",)), text=NYC),))
    strong = score(g, p, task="d2kb", profile=profile)
    weak = score(g, p, task="d2kb", match="weak", profile=profile)
    assert counts(strong.micro) == (0, 1, 2) and strong.ignored_predictions == 1
    assert counts(weak.micro) == (1, 0, 1) and weak.ignored_predictions == 1 and weak.match == "weak"


def test_cli_d2kb_gs_inkb_table_json_and_report(tmp_path):
    write_corpus(GOLD, tmp_path / "gold.jsonl")
    write_corpus(PRED, tmp_path / "pred.jsonl")
    proc = bengal("score", "gold.jsonl", "pred.jsonl", "--task", "d2kb", "--beta", "2", "--json", "d.json",
                  cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    gs_macro = next(line for line in proc.stdout.splitlines() if "GSInKB macro" in line)
    # GSInKB macro: d1 (1, 0, 1) F2 5/9, d2 (0, 1, 1) F2 0: mean 5/18
    assert "0.2778" in gs_macro
    out = json.loads((tmp_path / "d.json").read_text())
    assert out["gs_inkb"]["f_beta"]["macro"] == pytest.approx(5 / 18)
    assert bengal("report", "d.json", "-o", "r.html", cwd=tmp_path).returncode == 0
    page = (tmp_path / "r.html").read_text()
    assert "<th>GSInKB F1</th>" in page and "0.4000" in page  # GSInKB micro F1 0.4


def test_html_report_shows_the_chunk_type_confusion(tmp_path):
    """Issue 12 audit (type-confusion tables in the HTML report): gold EU/ORG, Paris/LOC; predicted
    EU/LOC, Paris/LOC: on the same spans gold ORG was predicted LOC once, gold LOC LOC once."""
    (tmp_path / "g.conll").write_text("EU B-ORG\nin O\nParis B-LOC\n")
    (tmp_path / "p.conll").write_text("EU B-LOC\nin O\nParis B-LOC\n")
    assert bengal("score", "g.conll", "p.conll", "--json", "c.json", cwd=tmp_path).returncode == 0
    assert bengal("report", "c.json", "-o", "c.html", cwd=tmp_path).returncode == 0
    page = (tmp_path / "c.html").read_text()
    start = page.index("type confusion (rows gold, columns predicted, same span)")
    table = page[start:page.index("</table>", start)]
    assert "<th>gold \\ pred</th><th>LOC</th>" in table
    assert "<tr><th>LOC</th><td>1</td></tr><tr><th>ORG</th><td>1</td></tr>" in table
