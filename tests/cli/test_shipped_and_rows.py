"""A shipped corpus name (``conllpp``) on either side of every command that reads a corpus, and the
per-type rows ``bengal score`` prints (prefixed names, the top rows, ``--all-rows``)."""

from __future__ import annotations

import json

from cli_helpers import bengal

# corpora/conllpp/README.md (counted with grep/awk over the file): 5,702 entity chunks,
# ORG 1,715, LOC 1,646, PER 1,618, MISC 723; 231 documents, 3,453 sentences.
CONLLPP_CHUNKS = {"ORG": 1715, "LOC": 1646, "PER": 1618, "MISC": 723}


def test_conllpp_on_both_sides_of_score(tmp_path):
    out = bengal("score", "conllpp", "conllpp", "--json", "-", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    chunk = json.loads(out.stdout)
    assert chunk["task"] == "chunk" and chunk["sentences"] == 3453
    assert (chunk["micro"]["tp"], chunk["micro"]["fp"], chunk["micro"]["fn"]) == (5702, 0, 0)
    assert {t: r["tp"] for t, r in chunk["per_type"].items()} == CONLLPP_CHUNKS
    span = json.loads(bengal("score", "conllpp", "conllpp", "--task", "erec", "--json", "-", cwd=tmp_path).stdout)
    assert (span["micro"]["tp"], span["micro"]["fp"], span["micro"]["fn"]) == (5702, 0, 0)
    assert span["documents"] == 231


def test_conllpp_as_prediction_and_in_convert_stats_compare(tmp_path):
    assert bengal("convert", "conllpp", "-o", "c.jsonl", cwd=tmp_path).returncode == 0
    # the converted file against the shipped name, the name in either place
    for gold, pred in (("c.jsonl", "conllpp"), ("conllpp", "c.jsonl")):
        out = bengal("score", gold, pred, "--task", "erec", "--json", "-", cwd=tmp_path)
        assert out.returncode == 0, out.stderr
        micro = json.loads(out.stdout)["micro"]
        assert (micro["tp"], micro["fp"], micro["fn"]) == (5702, 0, 0)
    stats = bengal("stats", "conllpp", "c.jsonl", cwd=tmp_path)
    assert stats.returncode == 0, stats.stderr
    assert "5,702" in stats.stdout
    cmp = bengal("compare", "c.jsonl", "conllpp", "conllpp", "--samples", "20", cwd=tmp_path)
    assert cmp.returncode == 0, cmp.stderr
    assert "B - A = +0.0000" in cmp.stdout


def test_a_file_of_that_name_wins_and_a_near_name_is_a_missing_file(tmp_path):
    (tmp_path / "conllpp").write_text("not a corpus at all {\n")
    out = bengal("score", "conllpp", "conllpp", cwd=tmp_path)
    assert out.returncode == 1 and "conllpp" in out.stderr and len(out.stderr.strip().splitlines()) == 1
    near = bengal("score", "conllp", "conllp", cwd=tmp_path)
    assert near.returncode != 0 and "conllp" in near.stderr and "Traceback" not in near.stderr


def _typed_gold(n_types: int) -> str:
    """One document whose type k (k = 1 … n_types) has k mentions: dbo:T01 … each a one-letter span."""
    text = " ".join("x" for _ in range(n_types * (n_types + 1) // 2))
    mentions, at = [], 0
    for k in range(1, n_types + 1):
        for _ in range(k):
            mentions.append({"begin": at, "end": at + 1, "uris": [f"http://dbpedia.org/resource/E{at}"],
                             "type": f"http://dbpedia.org/ontology/T{k:02d}"})
            at += 2
    return json.dumps({"uri": "http://ex.org/d", "text": text, "mentions": mentions}) + "\n"


def test_score_prints_the_top_types_prefixed_and_counts_the_rest(tmp_path):
    (tmp_path / "g.jsonl").write_text(_typed_gold(12))
    out = bengal("score", "g.jsonl", "g.jsonl", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    rows = [line for line in out.stdout.splitlines() if "dbo:T" in line]
    # the ten types with the most gold mentions, most first: T12 (12) … T03 (3)
    assert [r.split()[1] for r in rows] == [f"dbo:T{k:02d}" for k in range(12, 2, -1)]
    assert "http://dbpedia.org/ontology/" not in out.stdout
    rest = next(line for line in out.stdout.splitlines() if "more (--all-rows)" in line)
    # T02 and T01 left out: 2 + 1 = 3 TP, no FP or FN
    assert "… 2 more" in rest and rest.split("│")[-4:-1] == [" 3 ", " 0 ", " 0 "] or \
        [c.strip() for c in rest.split("│")[-4:-1]] == ["3", "0", "0"]
    assert "the 10 of 12 types" in out.stdout
    every = bengal("score", "g.jsonl", "g.jsonl", "--all-rows", cwd=tmp_path)
    assert sum("dbo:T" in line for line in every.stdout.splitlines()) == 12
    assert "more (--all-rows)" not in every.stdout
    data = json.loads(bengal("score", "g.jsonl", "g.jsonl", "--json", "-", cwd=tmp_path).stdout)
    assert len(data["per_type"]) == 12 and data["per_type"]["http://dbpedia.org/ontology/T01"]["tp"] == 1


def test_semeval_per_type_rows_too(tmp_path):
    (tmp_path / "g.jsonl").write_text(_typed_gold(11))
    out = bengal("score", "g.jsonl", "g.jsonl", "--task", "semeval", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "… 1 more (--all-rows)" in out.stdout and "dbo:T11" in out.stdout and "dbo:T01" not in out.stdout
    every = bengal("score", "g.jsonl", "g.jsonl", "--task", "semeval", "--all-rows", cwd=tmp_path)
    assert "dbo:T01" in every.stdout
