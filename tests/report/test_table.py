"""Terminal table of a score (rich, without a TTY)."""

from __future__ import annotations

import io

from rich.console import Console

from bengal.model import Corpus, CorpusWarning, Document, Mention
from bengal.report.table import build_table, print_table, render_table
from bengal.score import score

A = "http://dbpedia.org/resource/A"
TEXT = "Alice met Bob."


def d(uri, *spans):
    return Document(uri, TEXT, tuple(Mention.in_text(TEXT, b, e, u) for b, e, u in spans))


def make_result():
    warns = tuple(CorpusWarning("anchor_mismatch", f"http://ex.org/1#char={i}", "differs") for i in range(3))
    g = Corpus((d("http://ex.org/1", (0, 5, {A}), (10, 13, {A})), d("http://ex.org/2", (0, 5, {A}))),
               "gold", warnings=warns)
    p = Corpus((d("http://ex.org/1", (0, 5, {A})), d("http://ex.org/9")), "pred")
    return score(g, p)


def test_render_plain_text():
    text = render_table(make_result())
    assert "\x1b[" not in text  # no escape codes without a terminal
    assert "A2KB · strong match · 2 documents" in text
    lines = text.splitlines()
    micro = next(line for line in lines if "micro" in line and "1.0000" in line)
    # micro TP 1, FP 0, FN 2: P 1.0000, R 0.3333, F1 0.5000
    for cell in ("1.0000", "0.3333", "0.5000"):
        assert cell in micro
    macro = next(line for line in lines if line.strip().strip("│┃|").strip().startswith("macro"))
    # macro P (1 + 0)/2 = 0.5, R (0.5 + 0)/2 = 0.25, F1 (2/3 + 0)/2 = 0.3333
    for cell in ("0.5000", "0.2500", "0.3333"):
        assert cell in macro
    assert "Zero division (GERBIL)" in text
    assert "anchor_mismatch (gold) ×3" in text
    assert "missing_document (prediction) ×1" in text
    assert "missing_document (gold) ×1" in text
    assert "5 warnings" in text


def test_print_to_given_console_and_columns():
    buf = io.StringIO()
    console = Console(file=buf, width=120, force_terminal=False, color_system=None)
    print_table(make_result(), console)
    assert "micro" in buf.getvalue() and "macro" in buf.getvalue()
    table = build_table(make_result())
    assert [c.header for c in table.columns] == ["", "P", "R", "F1", "TP", "FP", "FN"]
    assert table.row_count == 6  # micro, macro, InKB micro/macro, EE micro/macro


def test_no_warnings_no_summary():
    g = Corpus((d("http://ex.org/1", (0, 5, {A})),))
    text = render_table(score(g, g))
    assert "warning" not in text


def test_an_ee_row_with_nothing_to_find_says_its_one_is_the_zero_division_rule():
    # no NIL mention in either corpus: EE micro TP = FP = FN = 0 prints 1.0000 (GERBIL's rule), and a note says so
    text = " ".join(render_table(make_result(), width=300).split())
    assert "EE: neither the gold nor the prediction has a mention of an emerging entity (NIL)" in text
    assert "InKB: neither" not in text  # the InKB row has counts
    nil = Corpus((Document("http://ex.org/1", TEXT, (Mention.in_text(TEXT, 0, 5, set()),)),), "gold")
    with_nil = " ".join(render_table(score(nil, nil), width=300).split())
    assert "EE: neither" not in with_nil and "InKB: neither the gold nor the prediction has a mention of a KB entity" \
        in with_nil
