"""`bengal score` on hand-written files: the printed table and the JSON shape."""

from __future__ import annotations

import json

from cli_helpers import bengal

GOLD = ('{"uri": "http://ex.org/d1", "text": "Berlin and Paris", "mentions": ['
        '{"begin": 0, "end": 6, "uris": ["http://dbpedia.org/resource/Berlin"]}, '
        '{"begin": 11, "end": 16, "uris": ["http://dbpedia.org/resource/Paris"]}]}\n')
# Berlin linked to the wrong entity; Paris right; "and" spurious.
PRED = ('{"uri": "http://ex.org/d1", "text": "Berlin and Paris", "mentions": ['
        '{"begin": 0, "end": 6, "uris": ["http://dbpedia.org/resource/Paris"]}, '
        '{"begin": 7, "end": 10, "uris": ["http://dbpedia.org/resource/And"]}, '
        '{"begin": 11, "end": 16, "uris": ["http://dbpedia.org/resource/Paris"]}]}\n')


def run(tmp_path, *args):
    (tmp_path / "gold.jsonl").write_text(GOLD)
    (tmp_path / "pred.jsonl").write_text(PRED)
    return bengal("score", "gold.jsonl", "pred.jsonl", *args, cwd=tmp_path)


def test_a2kb_and_erec_json(tmp_path):
    a2kb = json.loads(run(tmp_path, "--json", "-").stdout)
    # A2KB: Paris TP; Berlin→Paris FP + FN; "and" FP. P = 1/3, R = 1/2, F1 = 2·(1/3)(1/2)/(5/6) = 0.4
    assert (a2kb["micro"]["tp"], a2kb["micro"]["fp"], a2kb["micro"]["fn"]) == (1, 2, 1)
    assert abs(a2kb["micro"]["f1"] - 0.4) < 1e-9
    assert set(a2kb) >= {"task", "match", "documents", "micro", "macro", "warnings"}
    assert a2kb["task"] == "a2kb" and a2kb["match"] == "strong" and a2kb["documents"] == 1
    erec = json.loads(run(tmp_path, "--task", "erec", "--json", "-").stdout)
    # ERec: both gold spans found, "and" spurious: P = 2/3, R = 1, F1 = 0.8
    assert (erec["micro"]["tp"], erec["micro"]["fp"], erec["micro"]["fn"]) == (2, 1, 0)
    assert abs(erec["micro"]["f1"] - 0.8) < 1e-9


def test_table_and_json_file(tmp_path):
    proc = run(tmp_path, "--json", "out.json")
    assert proc.returncode == 0, proc.stderr
    assert "A2KB" in proc.stdout and "micro" in proc.stdout and "macro" in proc.stdout
    assert "0.3333" in proc.stdout and "0.5000" in proc.stdout
    assert json.loads((tmp_path / "out.json").read_text())["micro"]["tp"] == 1


def test_issue4_options(tmp_path):
    out = json.loads(run(tmp_path, "--task", "d2kb", "--profile", "gerbil", "--beta", "2", "--json", "-").stdout)
    # D2KB: "and" [7,10) is no gold span: ignored. Berlin->Paris FP + FN, Paris TP: TP 1, FP 1, FN 1
    assert (out["micro"]["tp"], out["micro"]["fp"], out["micro"]["fn"]) == (1, 1, 1)
    assert out["ignored_predictions"] == 1 and out["profile"] == "gerbil" and out["task"] == "d2kb"
    # F2 with P = R = 1/2 is 1/2
    assert abs(out["f_beta"]["micro"] - 0.5) < 1e-9 and out["f_beta"]["beta"] == 2
    assert out["ci"] is None and out["inkb"]["micro"]["tp"] == 1
    # D2KB with --match weak (GERBIL's D2KBTest): the filter stays strong, "and" is still ignored
    out = json.loads(run(tmp_path, "--task", "d2kb", "--match", "weak", "--json", "-").stdout)
    assert (out["micro"]["tp"], out["micro"]["fp"], out["micro"]["fn"]) == (1, 1, 1) and out["match"] == "weak"
    assert out["ignored_predictions"] == 1
    # stderr gives the ignored predictions as one line with their count (it printed "1 × ignored_predictions",
    # which a new user read as one prediction when 32 were ignored)
    proc = run(tmp_path, "--task", "d2kb")
    assert ("warning: scoring: ignored_predictions: 1 predictions on spans that are no gold span (D2KB, GERBIL's "
            "rule); not counted") in proc.stderr
    (tmp_path / "map.nt").write_text("<http://dbpedia.org/resource/Paris> <http://www.w3.org/2002/07/owl#sameAs> "
                                     "<http://dbpedia.org/resource/Berlin> .\n")
    out = json.loads(run(tmp_path, "--same-as", "map.nt", "--json", "-").stdout)
    # with Paris = Berlin, Berlin->Paris matches too: TP 2, FP 1 ("and"), FN 0
    assert (out["micro"]["tp"], out["micro"]["fp"], out["micro"]["fn"]) == (2, 1, 0)


def test_bootstrap_seed_and_level(tmp_path):
    # one document: every resample is that document, so the interval collapses to the point value
    a = json.loads(run(tmp_path, "--bootstrap", "200", "--seed", "3", "--level", "0.9", "--json", "-").stdout)
    ci = a["ci"]
    assert ci["samples"] == 200 and ci["seed"] == 3 and abs(ci["level"] - 0.9) < 1e-12
    assert all(abs(v - 0.4) < 1e-9 for v in ci["micro"]["f1"])
    bad = run(tmp_path, "--bootstrap", "10", "--level", "1.5")
    assert bad.returncode == 2 and bad.stderr.strip().startswith("error: ") and "--level" in bad.stderr


def test_semeval_and_jaccard_json_count_the_documents(tmp_path):
    """Issue 12: `--task semeval|jaccard --json` wrote inputs.*.documents: null; each file has 1 document."""
    for task in ("semeval", "jaccard"):
        out = json.loads(run(tmp_path, "--task", task, "--json", "-").stdout)
        assert out["inputs"]["gold"]["documents"] == 1 and out["inputs"]["prediction"]["documents"] == 1, task


def test_kb_namespace_preset_and_nil_spelling_from_the_cli(tmp_path):
    """Issue 12: gold Q42 vs prediction Q1 is wrong with --kb-namespace wikidata, and by default too (the
    gold has no DBpedia URI: Wikidata is inferred, with a kb_namespace_inferred warning); right under
    --profile gerbil (GERBIL's default KB: both EE, with a gold_outside_kb warning). AIDA's --NME-- in
    the gold is NIL and matches a NIL answer."""
    wd = "http://www.wikidata.org/entity/"
    (tmp_path / "g.jsonl").write_text('{"uri": "http://ex.org/d", "text": "Douglas Adams and Ann", "mentions": ['
                                      f'{{"begin": 0, "end": 13, "uris": ["{wd}Q42"]}}, '
                                      '{"begin": 18, "end": 21, "uris": ["--NME--"]}]}\n')
    (tmp_path / "p.jsonl").write_text('{"uri": "http://ex.org/d", "text": "Douglas Adams and Ann", "mentions": ['
                                      f'{{"begin": 0, "end": 13, "uris": ["{wd}Q1"]}}, '
                                      '{"begin": 18, "end": 21, "uris": []}]}\n')
    gerbil = bengal("score", "g.jsonl", "p.jsonl", "--profile", "gerbil", "--json", "-", cwd=tmp_path)
    assert json.loads(gerbil.stdout)["micro"]["tp"] == 2 and "gold_outside_kb" in gerbil.stderr
    plain = bengal("score", "g.jsonl", "p.jsonl", "--json", "-", cwd=tmp_path)
    out = json.loads(plain.stdout)
    assert (out["micro"]["tp"], out["micro"]["fp"], out["micro"]["fn"]) == (1, 1, 1)
    assert "kb_namespace_inferred" in plain.stderr and "wikidata" in out["conventions"]["kb"]
    wdk = json.loads(bengal("score", "g.jsonl", "p.jsonl", "--kb-namespace", "wikidata", "--json", "-",
                            cwd=tmp_path).stdout)["micro"]
    assert (wdk["tp"], wdk["fp"], wdk["fn"]) == (1, 1, 1)  # Ann: NIL = NIL; Adams: Q1 != Q42


def test_a_wikidata_answer_to_a_gold_with_both_uris_is_named_on_stderr(tmp_path):
    """A new user's case (7 December 2026): the gold phrase lists dbr:Paris and wd:Q90, the system answers
    Q90. GERBIL's default KB makes the answer an emerging entity, a miss (TP 0, FP 1, FN 1); stderr and the
    table's note name the case and the flags that count it, which then give TP 1."""
    wd, dbr = "http://www.wikidata.org/entity/", "http://dbpedia.org/resource/"
    (tmp_path / "g.jsonl").write_text('{"uri": "http://ex.org/d", "text": "Paris", "mentions": ['
                                      f'{{"begin": 0, "end": 5, "uris": ["{dbr}Paris", "{wd}Q90"]}}]}}\n')
    (tmp_path / "p.jsonl").write_text('{"uri": "http://ex.org/d", "text": "Paris", "mentions": ['
                                      f'{{"begin": 0, "end": 5, "uris": ["{wd}Q90"]}}]}}\n')
    plain = bengal("score", "g.jsonl", "p.jsonl", cwd=tmp_path)
    assert plain.returncode == 0
    # one line with the message (the count of mentions and the flags), not "1 × pred_outside_kb"
    assert ("warning: scoring: pred_outside_kb: 1 predicted mention links only URIs outside the KB "
            "(http://dbpedia.org/resource/)") in plain.stderr
    assert plain.stderr.rstrip().endswith("to count them, give --kb-namespace dbpedia --kb-namespace wikidata")
    assert "× pred_outside_kb" not in plain.stderr
    note = " ".join(plain.stdout.split())
    assert "1 predicted mention links only URIs outside the KB" in note
    assert "give --kb-namespace dbpedia --kb-namespace wikidata" in note
    out = json.loads(bengal("score", "g.jsonl", "p.jsonl", "--json", "-", cwd=tmp_path).stdout)
    assert (out["micro"]["tp"], out["micro"]["fp"], out["micro"]["fn"]) == (0, 1, 1)
    assert [w["code"] for w in out["warnings"]] == ["pred_outside_kb"]
    both = json.loads(bengal("score", "g.jsonl", "p.jsonl", "--kb-namespace", "dbpedia", "--kb-namespace",
                             "wikidata", "--json", "-", cwd=tmp_path).stdout)
    assert (both["micro"]["tp"], both["micro"]["fp"], both["micro"]["fn"]) == (1, 0, 0) and not both["warnings"]


def test_options_a_task_would_ignore_are_refused(tmp_path):
    """Issue 12: --match/--profile/--sweep/... were silently ignored by the chunk, SemEval and Jaccard
    scores: where they mean nothing, a one-line usage error (exit 2) naming the option and why; --beta,
    --bootstrap and (SemEval, Jaccard) --threshold now work."""
    for task, option in [("semeval", ["--match", "weak"]), ("jaccard", ["--kb-namespace", "wikidata"]),
                         ("semeval", ["--profile", "gerbil"]), ("jaccard", ["--sweep"])]:
        proc = run(tmp_path, "--task", task, *option)
        assert proc.returncode == 2, (task, option)
        assert f"--task {task} does not use {option[0]}" in proc.stderr
        assert len([x for x in proc.stderr.splitlines() if x.strip()]) == 1
    # C2KB compares bags of entities: --match weak printed "C2KB · weak match" and changed nothing
    proc = run(tmp_path, "--task", "c2kb", "--match", "weak")
    assert proc.returncode == 2
    assert proc.stderr.strip() == ("error: --task c2kb does not use --match (c2kb compares each document's bag of "
                                   "entities and matches no span; it applies to the tasks a2kb, d2kb, erec and "
                                   "etyping)")
    assert run(tmp_path, "--task", "c2kb").returncode == 0
    for task, option in [("semeval", ["--beta", "2"]), ("jaccard", ["--threshold", "0.5"]),
                         ("jaccard", ["--bootstrap", "10"]), ("semeval", ["--bootstrap", "10"]),
                         ("jaccard", ["--beta", "1"])]:
        assert run(tmp_path, "--task", task, *option).returncode == 0, (task, option)


def test_documents_missing_from_either_side_are_named_with_the_file(tmp_path):
    # the new user's finding (sixteenth session): a prediction cut short, or an empty one, was scored with
    # exit 0 and only "scoring: N × missing_document" on stderr, naming neither file nor how much was lost
    d2 = ('{"uri": "http://ex.org/d2", "text": "Rome", "mentions": ['
          '{"begin": 0, "end": 4, "uris": ["http://dbpedia.org/resource/Rome"]}]}\n')
    d3 = '{"uri": "http://ex.org/d3", "text": "nothing here", "mentions": []}\n'
    (tmp_path / "gold.jsonl").write_text(GOLD + d2 + d3)
    (tmp_path / "cut.jsonl").write_text(GOLD)
    (tmp_path / "empty.jsonl").write_text("")
    (tmp_path / "extra.jsonl").write_text(GOLD + d2 + d3 + d2.replace("/d2", "/d9"))
    cut = bengal("score", "gold.jsonl", "cut.jsonl", cwd=tmp_path)
    # d2 lacks its one mention (1 FN), d3 has none: 2 of 3 documents, 1 false negative; scored as GERBIL does
    assert cut.returncode == 0
    assert ("warning: the prediction cut.jsonl lacks 2 of the 3 gold documents (http://ex.org/d2; http://ex.org/d3): "
            "scored with no predicted mentions (1 false negative); missing_document ×2") in cut.stderr
    assert "Note: the prediction lacks 2 of the 3 gold documents, scored with no predicted mentions" in cut.stdout
    empty = bengal("score", "gold.jsonl", "empty.jsonl", cwd=tmp_path)
    # every gold mention a false negative: Berlin, Paris, Rome
    assert empty.returncode == 0
    assert ("warning: the prediction empty.jsonl holds none of the 3 gold documents (http://ex.org/d1; http://ex.org/d2;"
            " http://ex.org/d3): scored with no predicted mentions (3 false negatives)") in empty.stderr
    extra = bengal("score", "gold.jsonl", "extra.jsonl", cwd=tmp_path)
    assert ("warning: the prediction extra.jsonl has 1 document that the gold gold.jsonl lacks (http://ex.org/d9): "
            "not scored (1 predicted mention ignored); missing_document ×1") in extra.stderr
    assert "lacks" not in extra.stderr.replace("gold.jsonl lacks", "") and "Note: the prediction" not in extra.stdout

    # --strict: each is an error naming the prediction, for a script that checks only the exit code
    cut = bengal("score", "gold.jsonl", "cut.jsonl", "--strict", cwd=tmp_path)
    assert cut.returncode == 1 and cut.stdout == ""
    assert ("error: cut.jsonl: the prediction lacks 2 of the 3 gold documents (1 gold mention; an error under "
            "--strict, without it scored with no predicted mentions)") in cut.stderr
    empty = bengal("score", "gold.jsonl", "empty.jsonl", "--strict", cwd=tmp_path)
    assert empty.returncode == 1 and "the prediction lacks 3 of the 3 gold documents (3 gold mentions" in empty.stderr
    extra = bengal("score", "gold.jsonl", "extra.jsonl", "--strict", cwd=tmp_path)
    assert extra.returncode == 1
    assert ("error: extra.jsonl: the prediction holds 1 document that the gold gold.jsonl lacks (an error under "
            "--strict, without it not scored)") in extra.stderr
    assert bengal("score", "gold.jsonl", "gold.jsonl", "--strict", cwd=tmp_path).returncode == 0
