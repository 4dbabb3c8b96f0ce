"""The input crashes issue 14 names, each by hand: a one-line error naming the file (or a counted
warning where the input is readable), never a traceback, a hang or a silently wrong number.

Deep JSON, NaN/INF confidences, a 4,400-digit offset, a literal over pyoxigraph's 16 MiB buffer,
TeX math in report labels, hand-edited result files, messages echoing a 2 MB token or escape
sequences, a full file system, empty CoNLL files, a ``B-`` tag without a type, UTF-8 byte-order
marks, and NaN in ``score --json``.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import os
import re
import resource
import signal
import subprocess
import sys

import pytest
from cli_helpers import assert_one_line_error, bengal
from conftest import shared_path

from bengal.cli._app import one_line, printable
from bengal.report.jsonout import finite

XSD = "http://www.w3.org/2001/XMLSchema#"
NIF = "http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#"
ITS = "http://www.w3.org/2005/11/its/rdf#"


def _nif(text: str = "Berlin is big.", begin: str = "0", end: str = "6", extra: str = "") -> str:
    """One document, one mention of Berlin, as GERBIL writes it (N-Triples-like Turtle)."""
    ctx = f"<http://x/d1#char=0,{len(text)}>"
    phrase = "<http://x/d1#char=0,6>"
    return (f"{ctx} a <{NIF}Context> ; <{NIF}isString> {json.dumps(text)} ; "
            f"<{NIF}beginIndex> \"0\"^^<{XSD}nonNegativeInteger> ; "
            f"<{NIF}endIndex> \"{len(text)}\"^^<{XSD}nonNegativeInteger> .\n"
            f"{phrase} a <{NIF}Phrase> ; <{NIF}referenceContext> {ctx} ; <{NIF}anchorOf> \"Berlin\" ; "
            f"<{NIF}beginIndex> \"{begin}\"^^<{XSD}nonNegativeInteger> ; "
            f"<{NIF}endIndex> \"{end}\"^^<{XSD}nonNegativeInteger> ; "
            f"<{ITS}taIdentRef> <http://dbpedia.org/resource/Berlin>{extra} .\n")


def _strict_json(text: str):
    def refuse(constant: str):
        raise ValueError(f"bare {constant} in the JSON")
    return json.loads(text, parse_constant=refuse)


# ---------------------------------------------------------------- deep JSON, huge numbers

DEEP = "[" * 100_000 + "]" * 100_000


def test_json_nested_100000_deep_is_one_line_in_a_corpus_a_result_and_counted_in_answers(tmp_path):
    (tmp_path / "deep.jsonl").write_text(DEEP + "\n", encoding="utf-8")
    assert_one_line_error(bengal("convert", "deep.jsonl", "-o", "x.ttl", cwd=tmp_path), "deep.jsonl:1",
                          "nested too deep")
    (tmp_path / "deep.benchmark.jsonl").write_text(DEEP + "\n", encoding="utf-8")  # ELEVANT
    assert_one_line_error(bengal("convert", "deep.benchmark.jsonl", "-o", "x.ttl", cwd=tmp_path),
                          "deep.benchmark.jsonl:1", "nested too deep")
    (tmp_path / "deep.json").write_text(DEEP, encoding="utf-8")
    assert_one_line_error(bengal("report", "deep.json", "-o", "r.html", cwd=tmp_path), "deep.json", "nested too deep")
    (tmp_path / "gold.conll").write_text("Berlin B-LOC\n", encoding="utf-8")
    (tmp_path / "answers.jsonl").write_text('{"id": "x", "answer": "a"}\n' + DEEP + "\n", encoding="utf-8")
    run = bengal("score", "gold.conll", "answers.jsonl", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "1 × bad_line" in run.stderr and "Traceback" not in run.stderr
    assert not (set(os.listdir(tmp_path)) - {"deep.jsonl", "deep.benchmark.jsonl", "deep.json", "gold.conll",
                                             "answers.jsonl"})


def test_an_offset_of_4400_digits_is_one_line_naming_the_file(tmp_path):
    (tmp_path / "big.ttl").write_text(_nif(begin="9" * 4400), encoding="utf-8")
    assert_one_line_error(bengal("convert", "big.ttl", "-o", "x.jsonl", cwd=tmp_path), "big.ttl",
                          "nif:beginIndex is a number of 4,400 digits")
    (tmp_path / "big.jsonl").write_text(json.dumps({"uri": "http://x/d1", "text": "Berlin", "mentions": []})[:-2]
                                        + '[{"begin": ' + "9" * 4400 + ', "end": 6}]}\n', encoding="utf-8")
    proc = bengal("convert", "big.jsonl", "-o", "x.ttl", cwd=tmp_path)
    assert_one_line_error(proc, "big.jsonl:1")
    assert len(proc.stderr) < 600


def test_an_iri_offset_of_4400_digits_is_a_counted_mismatch_not_a_crash(tmp_path):
    text = _nif().replace("<http://x/d1#char=0,6>", "<http://x/d1#char=0," + "7" * 4400 + ">")
    (tmp_path / "iri.ttl").write_text(text, encoding="utf-8")
    run = bengal("convert", "iri.ttl", "-o", "x.jsonl", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "iri_offset_mismatch" in run.stderr
    mention = json.loads((tmp_path / "x.jsonl").read_text(encoding="utf-8"))["mentions"][0]
    assert (mention["begin"], mention["end"]) == (0, 6)


def test_a_literal_over_16_mib_is_one_line_naming_the_file(tmp_path):
    text = "x" * (17 * 2 ** 20) + " Berlin"
    (tmp_path / "huge.ttl").write_text(_nif(text=text), encoding="utf-8")
    assert_one_line_error(bengal("convert", "huge.ttl", "-o", "x.jsonl", cwd=tmp_path), "huge.ttl", "16 MiB")
    assert not (tmp_path / "x.jsonl").exists()


# ---------------------------------------------------------------- NaN / INF confidences

@pytest.mark.parametrize("value", ["NaN", "INF", "-INF"])
def test_a_nan_or_inf_confidence_in_nif_is_one_line_for_convert_and_score_sweep(tmp_path, value):
    extra = f' ; <{ITS}taConfidence> "{value}"^^<{XSD}double>'
    (tmp_path / "pred.ttl").write_text(_nif(extra=extra), encoding="utf-8")
    (tmp_path / "gold.ttl").write_text(_nif(), encoding="utf-8")
    shown = {"NaN": "nan", "INF": "inf", "-INF": "-inf"}[value]
    assert_one_line_error(bengal("convert", "pred.ttl", "-o", "x.jsonl", cwd=tmp_path), "pred.ttl",
                          f"itsrdf:taConfidence is {shown}, not a finite number")
    assert_one_line_error(bengal("score", "gold.ttl", "pred.ttl", "--sweep", cwd=tmp_path), "pred.ttl",
                          "not a finite number")


def test_a_finite_confidence_still_reads(tmp_path):
    (tmp_path / "pred.ttl").write_text(_nif(extra=f' ; <{ITS}taConfidence> "0.25"^^<{XSD}double>'), encoding="utf-8")
    assert bengal("convert", "pred.ttl", "-o", "x.jsonl", cwd=tmp_path).returncode == 0
    assert json.loads((tmp_path / "x.jsonl").read_text(encoding="utf-8"))["mentions"][0]["score"] == 0.25


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_a_nan_or_inf_threshold_is_a_usage_error(tmp_path, value):
    (tmp_path / "gold.ttl").write_text(_nif(), encoding="utf-8")
    proc = bengal("score", "gold.ttl", "gold.ttl", "--threshold", value, "--json", "r.json", cwd=tmp_path)
    assert_one_line_error(proc, "--threshold must be a finite number")
    assert proc.returncode == 2 and not (tmp_path / "r.json").exists()


def test_score_json_is_strict_json_and_finite_writes_null():
    assert finite({"a": math.nan, "b": [math.inf, 1.5, -math.inf], "c": (2, "NaN")}) == {
        "a": None, "b": [None, 1.5, None], "c": [2, "NaN"]}


def test_score_json_of_real_corpora_has_no_bare_constant(tmp_path):
    gold = shared_path("nif", "gerbil-test-resources", "task1.ttl")
    pred = shared_path("nif", "gerbil-test-resources", "DBpedia_Spotlight-OKE_2015_Task_1_example_set-w-A2KB.ttl")
    run = bengal("score", str(gold), str(pred), "--json", "r.json", "--ci", "20", "--sweep", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    data = _strict_json((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert (data["micro"]["tp"], data["micro"]["fp"], data["micro"]["fn"]) == (6, 3, 6)  # bengal score's table


# ---------------------------------------------------------------- bengal report

def _result(tmp_path, name="r.json"):
    gold = shared_path("nif", "gerbil-test-resources", "task1.ttl")
    pred = shared_path("nif", "gerbil-test-resources", "DBpedia_Spotlight-OKE_2015_Task_1_example_set-w-A2KB.ttl")
    run = bengal("score", str(gold), str(pred), "--json", name, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    return json.loads((tmp_path / name).read_text(encoding="utf-8"))


def test_tex_math_in_a_system_name_and_a_type_is_drawn_as_text(tmp_path):
    data = _result(tmp_path)
    data["system"] = "$\\frac{$"
    data["per_type"] = {f"$\\frac{{$ {k}": v for k, v in data["per_type"].items()}
    (tmp_path / "tex.json").write_text(json.dumps(data), encoding="utf-8")
    run = bengal("report", "tex.json", "-o", "tex.html", cwd=tmp_path)  # matplotlib's ParseSyntaxException before
    assert run.returncode == 0, run.stderr
    page = (tmp_path / "tex.html").read_text(encoding="utf-8")
    charts = _charts(page)
    assert "<td>$\\frac{$</td>" in page and charts
    assert any("$\\frac{$" in svg for svg in charts)  # drawn as the text it is (svg.fonttype none keeps text)


def _charts(page: str) -> list[str]:
    """The SVG text of each chart of a report page (``<img src="data:image/svg+xml;base64,…">``)."""
    return [base64.b64decode(m).decode("utf-8") for m in re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)",
                                                                    page)]


def _gold_mention(d):
    return d["errors"]["documents"][0]["gold"][0]


HAND_EDITS = [
    ("the outcome deleted", lambda d: _gold_mention(d).pop("outcome"), "errors.documents[0].gold[0].outcome"),
    ("uris a string", lambda d: _gold_mention(d).__setitem__("uris", "http://x"), "errors.documents[0].gold[0].uris"),
    ("type a number", lambda d: _gold_mention(d).__setitem__("type", 3), "errors.documents[0].gold[0].type"),
    ("begin a bool", lambda d: _gold_mention(d).__setitem__("begin", True), "has no span inside the text"),
    ("document uri a list", lambda d: d["errors"]["documents"][0].__setitem__("uri", []),
     "errors.documents[0].uri"),
    ("micro f1 NaN", lambda d: d["micro"].__setitem__("f1", math.nan), "micro.f1 is nan, not a finite number"),
    ("micro tp Infinity", lambda d: d["micro"].__setitem__("tp", math.inf), "micro.tp is inf"),
    ("fp of 40 digits", lambda d: d["micro"].__setitem__("fp", 10 ** 40), "micro.fp is a number of 41 digits"),
    ("a lone surrogate in the system", lambda d: d.__setitem__("system", "A\ud800"),
     "system holds an unpaired UTF-16 surrogate"),
    ("a lone surrogate in a type", lambda d: d["per_type"].__setitem__("T\udfff", d["micro"]),
     "a key of per_type holds an unpaired UTF-16 surrogate"),
]


@pytest.mark.parametrize("edit, needle", [(e, n) for _, e, n in HAND_EDITS], ids=[h[0] for h in HAND_EDITS])
def test_a_hand_edited_result_is_one_line_naming_file_and_field(tmp_path, edit, needle):
    data = _result(tmp_path)
    assert data["errors"]["documents"][0]["gold"], "the seed result has a gold mention in its worst document"
    edit(data)
    (tmp_path / "edited.json").write_text(json.dumps(data), encoding="utf-8")  # NaN and inf as Python writes them
    proc = bengal("report", "edited.json", "-o", "page.html", cwd=tmp_path)
    assert_one_line_error(proc, "edited.json", needle)
    assert not (tmp_path / "page.html").exists()


CHUNK_EDITS = [
    ("a confusion row a list", lambda d: d["confusion"].__setitem__("LOC", [1]), "confusion['LOC'] is not an object"),
    ("a confusion count a string", lambda d: d["confusion"]["LOC"].__setitem__("ORG", "2"),
     "confusion['LOC']['ORG'] is not a count"),
    ("a negative confusion count", lambda d: d["confusion"]["LOC"].__setitem__("ORG", -2),
     "confusion['LOC']['ORG'] is not a count"),
    ("ci level a string", lambda d: d["ci"].__setitem__("level", "high"), "ci.level is not a number between 0 and 1"),
    ("a ci bound null", lambda d: d["ci"]["micro"].__setitem__("f1", [None, 1.0]), "ci.micro.f1 is not a [low, high]"),
    ("ci a list", lambda d: d.__setitem__("ci", [0.1, 0.2]), "ci is not an object"),
]


@pytest.mark.parametrize("edit, needle", [(e, n) for _, e, n in CHUNK_EDITS], ids=[h[0] for h in CHUNK_EDITS])
def test_a_hand_edited_chunk_result_is_one_line_naming_file_and_field(tmp_path, edit, needle):
    (tmp_path / "gold.conll").write_text("Paris B-LOC\nis O\nnice O\n\nEU B-ORG\nsaid O\n", encoding="utf-8")
    (tmp_path / "pred.conll").write_text("Paris B-ORG\nis O\nnice O\n\nEU B-ORG\nsaid O\n", encoding="utf-8")
    run = bengal("score", "gold.conll", "pred.conll", "--json", "r.json", "--ci", "10", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    data = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert data["confusion"] == {"LOC": {"ORG": 1}, "ORG": {"ORG": 1}}  # Paris: gold LOC, predicted ORG
    assert bengal("report", "r.json", "-o", "ok.html", cwd=tmp_path).returncode == 0  # as written, it reads
    edit(data)
    (tmp_path / "edited.json").write_text(json.dumps(data), encoding="utf-8")
    assert_one_line_error(bengal("report", "edited.json", "-o", "page.html", cwd=tmp_path), "edited.json", needle)
    assert not (tmp_path / "page.html").exists()


def test_a_4400_digit_integer_in_a_result_is_one_line(tmp_path):
    text = json.dumps(_result(tmp_path)).replace('"tp": 6', '"tp": ' + "6" * 4400, 1)
    (tmp_path / "digits.json").write_text(text, encoding="utf-8")
    assert_one_line_error(bengal("report", "digits.json", "-o", "page.html", cwd=tmp_path), "digits.json",
                          "not JSON that bengal reads")


def test_a_200000_character_type_is_drawn_in_seconds(tmp_path):
    data = _result(tmp_path)
    drawn = max(data["per_type"], key=lambda t: data["per_type"][t]["tp"] + data["per_type"][t]["fn"])
    data["per_type"]["é" * 200_000] = data["per_type"].pop(drawn)
    (tmp_path / "long.json").write_text(json.dumps(data), encoding="utf-8")
    run = bengal("report", "long.json", "-o", "page.html", cwd=tmp_path)  # took 113 s before labels were cut
    assert run.returncode == 0, run.stderr
    assert "Warning" not in run.stderr
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    charts = _charts(page)
    assert any("é" * 79 + "…" in svg for svg in charts)  # the label cut at 80 characters
    assert not any("é" * 81 in svg for svg in charts)


def test_control_characters_in_a_chart_label_are_escaped_without_a_warning(tmp_path):
    data = _result(tmp_path)
    drawn = max(data["per_type"], key=lambda t: data["per_type"][t]["tp"] + data["per_type"][t]["fn"])
    data["per_type"]["Ty\x85pe\x00"] = data["per_type"].pop(drawn)  # U+0085: no glyph in DejaVu Sans
    (tmp_path / "ctl.json").write_text(json.dumps(data), encoding="utf-8")
    run = bengal("report", "ctl.json", "-o", "page.html", cwd=tmp_path)
    assert run.returncode == 0 and "Warning" not in run.stderr, run.stderr
    assert any("Ty\\x85pe\\x00" in svg for svg in _charts((tmp_path / "page.html").read_text(encoding="utf-8")))


# ---------------------------------------------------------------- error messages

def test_one_line_escapes_what_is_not_printable_and_bounds_the_length():
    assert one_line("a\nb\tc\x1b[31md\x00\u2028\ufeff\ud800") == "a\\nb\\tc\\x1b[31md\\x00\\u2028\\ufeff\\ud800"
    cut = one_line("x" * 2_000_000)
    assert len(cut) == 500 and cut.endswith("… (2,000,000 characters)") and cut.startswith("xxx")
    assert one_line("plain é ✓") == "plain é ✓"
    assert printable("row\tA\nrow \x1b[2J") == "row\tA\nrow \\x1b[2J"


def test_an_error_echoing_a_2_mb_token_is_one_bounded_line(tmp_path):
    (tmp_path / "long.conll").write_text("Berlin B-LOC\n" + "é" * 2_000_000 + "\n", encoding="utf-8")
    proc = bengal("score", "long.conll", "long.conll", cwd=tmp_path)
    assert_one_line_error(proc, "long.conll:2")
    assert len(proc.stderr) < 600 and "characters)" in proc.stderr


def test_escape_sequences_and_line_breaks_from_an_input_do_not_reach_the_terminal(tmp_path):
    (tmp_path / "esc.conll").write_text("Berlin\x1b]0;pwned\x07\x1b[2J\rX\n", encoding="utf-8")
    proc = bengal("score", "esc.conll", "esc.conll", cwd=tmp_path)
    assert_one_line_error(proc, "esc.conll:1", "'Berlin\\x1b]0;pwned\\x07\\x1b[2J'")
    assert "\x1b" not in proc.stderr and "\r" not in proc.stderr and "\x07" not in proc.stderr
    (tmp_path / "type.conll").write_text("Berlin B-LOC\x1b[31m\n", encoding="utf-8")
    run = bengal("score", "type.conll", "type.conll", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "\x1b" not in run.stdout and "LOC\\x1b[31m" in run.stdout


def test_a_full_file_system_names_the_output_and_leaves_nothing(tmp_path):
    """A real kernel refusal: the process may write files of at most 64 KiB (``RLIMIT_FSIZE``;
    SIGXFSZ ignored, so write fails with EFBIG as on a full disk with ENOSPC)."""
    source = shared_path("nif", "n3-collection", "News-100.ttl")

    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (65536, 65536))

    proc = subprocess.run([sys.executable, "-m", "bengal", "convert", str(source), "-o", "out.jsonl"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300, preexec_fn=limit)
    assert_one_line_error(proc, "File too large", "out.jsonl")
    assert proc.returncode == 1 and list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- CoNLL: empty files, B- without a type

def test_two_empty_conll_files_are_refused_not_f1_1(tmp_path):
    (tmp_path / "gold.conll").write_text("", encoding="utf-8")
    (tmp_path / "pred.conll").write_text("\n\n", encoding="utf-8")
    proc = bengal("score", "gold.conll", "pred.conll", cwd=tmp_path)
    assert_one_line_error(proc, "gold.conll", "no token", "nothing to score")
    assert proc.returncode == 1 and "1.0000" not in proc.stdout


def test_a_gold_without_chunks_is_scored_with_a_warning(tmp_path):
    (tmp_path / "gold.conll").write_text("The O\ncat O\n", encoding="utf-8")
    (tmp_path / "pred.conll").write_text("The O\ncat B-PER\n", encoding="utf-8")
    quiet = bengal("score", "gold.conll", "gold.conll", "--json", "-", cwd=tmp_path)
    assert quiet.returncode == 0, quiet.stderr
    assert "no_gold_chunk" in quiet.stderr and "P = R = F1 = 1 only by the zero-division convention" in quiet.stderr
    assert _strict_json(quiet.stdout)["micro"]["f1"] == 1.0  # TP = FP = FN = 0: GERBIL's convention
    wrong = bengal("score", "gold.conll", "pred.conll", "--json", "-", cwd=tmp_path)
    assert "no_gold_chunk" in wrong.stderr and _strict_json(wrong.stdout)["micro"]["f1"] == 0.0  # one FP


def test_llm_answers_against_a_gold_without_chunks_get_the_same_warning(tmp_path):
    # case C25 over a whole file: the per-sample F1 is undefined, and the corpus F1 of 1 (nothing predicted)
    # or 0 (one person predicted) exists only by the zero-division convention, as for two CoNLL files
    (tmp_path / "gold.conll").write_text("It O\nrained O\n. O\n", encoding="utf-8")
    sid = "00001-" + hashlib.sha1(b"It rained .").hexdigest()[:8]  # the sample id: index and text digest
    for name, answer in (("right", "It rained ."), ("wrong", "<person>It</person> rained .")):
        line = {"id": sid, "answer": f"<response>{answer}</response>"}
        (tmp_path / f"{name}.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    right = bengal("score", "gold.conll", "right.jsonl", "--json", "-", cwd=tmp_path)
    assert right.returncode == 0, right.stderr
    data = _strict_json(right.stdout)
    assert "no_gold_chunk" in right.stderr and "P = R = F1 = 1 only by the zero-division convention" in right.stderr
    assert data["micro"]["f1"] == 1.0 and data["samples"][0]["f1"] is None
    assert "no_gold_chunk" in [w["code"] for w in data["warnings"]]
    wrong = bengal("score", "gold.conll", "wrong.jsonl", "--json", "-", cwd=tmp_path)
    assert "no_gold_chunk" in wrong.stderr and _strict_json(wrong.stdout)["micro"]["f1"] == 0.0  # one FP


@pytest.mark.parametrize("tag, args", [("B-", ()), ("I-", ()), ("-B", ("--suffix",))])
def test_a_tag_with_a_dash_and_no_type_is_refused_naming_file_and_line(tmp_path, tag, args):
    (tmp_path / "t.conll").write_text(f"The O\nBerlin {tag}\n", encoding="utf-8")
    assert_one_line_error(bengal("score", "t.conll", "t.conll", *args, cwd=tmp_path), "t.conll:2",
                          f"tag {tag!r} has a '-' but no type")


def test_a_bare_prefix_is_still_an_untyped_chunk(tmp_path):
    (tmp_path / "t.conll").write_text("The O\nBerlin B\n", encoding="utf-8")
    run = bengal("score", "t.conll", "t.conll", "--json", "-", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert _strict_json(run.stdout)["micro"]["tp"] == 1


# ---------------------------------------------------------------- byte-order marks

def test_turtle_with_a_bom_reads_as_without_one_with_a_counted_warning(tmp_path):
    source = shared_path("nif", "gerbil-test-resources", "task1.ttl")
    (tmp_path / "plain.ttl").write_bytes(source.read_bytes())
    (tmp_path / "bom.ttl").write_bytes(b"\xef\xbb\xbf" + source.read_bytes())
    plain = bengal("convert", "plain.ttl", "-o", "plain.jsonl", cwd=tmp_path)
    bom = bengal("convert", "bom.ttl", "-o", "bom.jsonl", cwd=tmp_path)
    assert plain.returncode == bom.returncode == 0, bom.stderr
    assert "byte_order_mark" in bom.stderr and "byte_order_mark" not in plain.stderr
    assert (tmp_path / "bom.jsonl").read_bytes() == (tmp_path / "plain.jsonl").read_bytes()
    strict = bengal("score", "bom.ttl", "plain.ttl", "--strict", cwd=tmp_path)
    assert_one_line_error(strict, "bom.ttl", "byte-order mark")


def test_an_answers_file_with_a_bom_is_scored_as_answers(tmp_path):
    gold = "\n".join(["EU B-ORG", "rejects O", "German B-MISC", "call O", "", "Peter B-PER", "Blackburn I-PER", ""])
    (tmp_path / "gold.conll").write_text(gold, encoding="utf-8")
    made = bengal("prompts", "gold.conll", "-o", "p.jsonl", "--with-target", "--shots", "0", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    prompts = [json.loads(line) for line in (tmp_path / "p.jsonl").read_text(encoding="utf-8").splitlines()]
    answers = "".join(json.dumps({"id": p["id"], "answer": p["target"]}) + "\n" for p in prompts)
    (tmp_path / "answers.jsonl").write_bytes(b"\xef\xbb\xbf" + answers.encode("utf-8"))
    run = bengal("score", "gold.conll", "answers.jsonl", "--json", "-", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    data = _strict_json(run.stdout)
    assert data["task"] == "answers" and data["chunk"]["micro"]["tp"] == 3 and data["chunk"]["micro"]["f1"] == 1.0
    assert "1 × byte_order_mark" in run.stderr
