"""``--like NAME``: the like presets' stored targets against the independent meter
``../shared/tools/corpus_stats.py`` on the real corpora, the loader's refusals, ``--like`` with ``--preset``."""

from __future__ import annotations

import pytest

from bengal.errors import UsageError
from bengal.generate import presets
from bengal.generate.presets import LIKE_FIGURES, load_like
from bengal.report.text import like_lines
from bengal.shape import MEASURES
from bengal.tokens import sentences
from tests.cli_helpers import assert_one_line_error, bengal
from tests.conftest import SHARED_DATA
from tests.shape.test_stats_cli import _meter

NAMES = ("conllpp", "kore50", "oke2015", "reuters128", "rss500", "spotlight")


def test_like_figures_are_shape_measures():
    assert set(LIKE_FIGURES) <= {key for key, _, _ in MEASURES}


@pytest.mark.parametrize("name", NAMES)
def test_stored_targets_equal_corpus_stats_on_the_real_file(name, tmp_path):
    import spacy

    from bengal.io.formats import read_corpus, write_corpus

    target = load_like(name).target
    assert target is not None
    if target.corpus == "conllpp":
        path = tmp_path / "conllpp.jsonl"  # the meter reads JSONL, not CoNLL
        write_corpus(read_corpus("conllpp"), path)
    else:
        path = SHARED_DATA.parent / target.corpus[len("../shared/"):]
        if not path.is_file():
            pytest.skip(f"{target.corpus} is not beside this checkout")
    meter = _meter()
    theirs = meter.load_corpus(str(path), None, 3)
    meter.run_gold_checks(theirs)
    nlp = spacy.blank("en")  # bengal's tokenizer and sentencizer, as tests/shape/test_stats_cli.py
    nlp.add_pipe("sentencizer")
    meter.shape_stats(theirs, nlp)
    st = theirs.stats
    f = target.figures
    assert f["documents"] == st["documents"]
    assert f["mentions_per_document"] == pytest.approx(st["mentions_per_doc_mean"], abs=5e-5)
    assert f["tokens_per_sentence"] == pytest.approx(st["tokens_per_sentence_mean"], abs=5e-5)
    assert f["mentions_per_token"] == pytest.approx(st["mentions_per_spacy_token"], abs=5e-5)
    if "nil_share" in f:  # NIL: none of the meter's URIs or their sameAs links a DBpedia resource (GERBIL's InKB)
        nil = sum(1 for m in theirs.mentions
                  if not any(u.startswith("http://dbpedia.org/resource/") for u in meter.resolved_uris(theirs, m.uris)))
        assert f["nil_share"] == pytest.approx(nil / st["mentions"], abs=5e-5)


def _folder_with(tmp_path, monkeypatch, text):
    (tmp_path / "like-x.toml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(presets, "_folder", lambda: tmp_path)


GOOD = ('[generate]\ndocs = 2\n[target]\ncorpus = "c.ttl"\ncommand = "bengal stats c.ttl"\n'
        + "".join(f"{k} = 0.5\n" for k in LIKE_FIGURES))


@pytest.mark.parametrize("text, message", [
    ("[generate]\ndocs = 2\n", "needs a [target] table"),
    (GOOD.replace("type_other = 0.5\n", ""), "[target] lacks type_other"),
    (GOOD.replace("type_other = 0.5", 'type_other = "many"'), "type_other must be a non-negative number"),
    (GOOD.replace("type_other = 0.5", "type_other = -0.1"), "type_other must be a non-negative number"),
    (GOOD + "colour = 1\n", "unknown key 'colour' in [target]"),
    (GOOD.replace('corpus = "c.ttl"\n', ""), "[target] needs corpus"),
    (GOOD.replace("docs = 2", "ambiguity = true"), "[generate] ambiguity has the wrong type"),
    (GOOD + 'missed_on_purpose = { nil_share = "" }\n', "missed_on_purpose must map measured figures"),
    (GOOD + 'missed_on_purpose = { colour = "why" }\n', "missed_on_purpose must map measured figures"),
    (GOOD + 'missed_on_purpose = ["nil_share"]\n', "missed_on_purpose must map measured figures"),
    (GOOD.replace("nil_share = 0.5\n", "") + 'not_measured = ["nil_share"]\nmissed_on_purpose = { nil_share = "x" }\n',
     "missed_on_purpose must map measured figures"),
])
def test_loader_refuses_a_broken_like_preset(tmp_path, monkeypatch, text, message):
    _folder_with(tmp_path, monkeypatch, text)
    with pytest.raises(UsageError) as err:
        load_like("x")
    assert message in str(err.value) and "like-x.toml" in str(err.value)


def test_good_like_preset_and_compare(tmp_path, monkeypatch):
    _folder_with(tmp_path, monkeypatch, GOOD)
    target = load_like("x").target
    assert target is not None and target.figures["documents"] == 0.5
    # 0.6 is 20 % above 0.5 (within), 0.61 is not, None has no base
    out = target.compare({"documents": 0.6, "mentions_per_document": 0.61, "tokens_per_sentence": None,
                          **{k: 0.4 for k in LIKE_FIGURES[3:]}})
    assert out["within_20pct"]["documents"] and not out["within_20pct"]["mentions_per_document"]
    assert out["outside"] == ["mentions_per_document", "tokens_per_sentence"]
    chosen = target.compare({"documents": 0.9, **{k: 0.4 for k in LIKE_FIGURES[1:]}}, set_by_user=["documents"])
    assert chosen["within_20pct"]["documents"] is False and chosen["set_by_user"] == ["documents"]
    assert "documents" not in chosen["outside"]


def test_a_figure_missed_on_purpose_is_compared_but_never_outside(tmp_path, monkeypatch):
    _folder_with(tmp_path, monkeypatch, GOOD + 'missed_on_purpose = { nil_share = "made-up entities stand in" }\n')
    target = load_like("x").target
    assert target is not None and target.missed_on_purpose == {"nil_share": "made-up entities stand in"}
    reached = {**{k: 0.5 for k in LIKE_FIGURES}, "nil_share": 0.9, "type_other": 0.9}
    out = target.compare(reached)
    assert out["within_20pct"]["nil_share"] is False and out["outside"] == ["type_other"]
    assert out["missed_on_purpose"] == {"nil_share": "made-up entities stand in"} and out["not_measured"] == []
    # reached after all: nothing to explain
    assert target.compare({k: 0.5 for k in LIKE_FIGURES})["missed_on_purpose"] == {}
    line, second = like_lines(out)
    assert line == (f"like x: 1 of {len(LIKE_FIGURES) - 1} figures outside ±20 % of the corpus's: type_other 0.900 "
                    "(target 0.500)")
    assert second == ("like x: missed on purpose (the manifest's like.missed_on_purpose says why): nil_share 0.900 "
                      "(target 0.500)")


def test_kore50_and_spotlight_miss_their_nil_share_on_purpose_and_conllpp_measures_none():
    for name in ("kore50", "spotlight"):
        target = load_like(name).target
        assert target is not None and target.figures["nil_share"] == 0.0 and "nil_share" in target.missed_on_purpose
    conllpp = load_like("conllpp")
    assert conllpp.target is not None and set(conllpp.target.not_measured) == {"label_identical_share", "nil_share"}
    assert "label-identical" not in conllpp.description.split(";")[0]


def test_unknown_like_lists_the_known(tmp_path):
    with pytest.raises(UsageError, match="unknown --like 'kore51'.*kore50"):
        load_like("kore51")


def test_like_with_preset_is_refused(tmp_path):
    proc = bengal("generate", "--like", "kore50", "--preset", "B1", "-o", "x.ttl", cwd=tmp_path)
    assert_one_line_error(proc, "give --preset or --like, not both")
    assert not (tmp_path / "x.ttl").exists()


def test_one_like_run_records_targets_and_reached(tmp_path):
    from bengal.workflows.generate_files import generate_files

    generated, manifest = generate_files(tmp_path / "k.ttl", like="kore50", docs=5)
    like = manifest["like"]
    target = load_like("kore50").target
    assert target is not None and like["targets"] == target.figures and like["name"] == "kore50"
    assert like["reached"]["documents"] == 5 == len(generated.corpus.documents)
    mentions = sum(len(d.mentions) for d in generated.corpus.documents)
    assert like["reached"]["mentions_per_document"] == pytest.approx(mentions / 5)
    assert like["within_20pct"]["documents"] is False  # 5 documents asked against KORE50's 50
    # … but asked for (--docs 5): never reported as missed
    assert like["set_by_user"] == ["documents"] and "documents" not in like["outside"]
    # the summary's figures are bengal stats' own: sentences (spaCy's sentencizer) and ambiguous mentions by the
    # KB's names (the dial's share also counts the lexicon's names: stats.ambiguity.share)
    stats = manifest["stats"]
    assert stats["sentences"] == sum(len(sentences(d.text)) for d in generated.corpus.documents)
    assert stats["tokens"] / stats["sentences"] == pytest.approx(like["reached"]["tokens_per_sentence"])
    assert stats["ambiguity"]["kb_names"]["share"] == pytest.approx(like["reached"]["ambiguous_mention_share"],
                                                                     abs=1e-6)
    _, manifest = generate_files(tmp_path / "k50.ttl", like="kore50", docs=50, max_sentences=1, min_sentences=1)
    assert manifest["like"]["set_by_user"] == []  # the preset's own count


def test_like_summary_names_a_figure_the_user_set():
    like = {"name": "x", "targets": {"documents": 50, "nil_share": 0.1, "mentions_per_document": 2.0},
            "reached": {"documents": 5, "nil_share": 0.3, "mentions_per_document": 2.1},
            "outside": ["nil_share"], "set_by_user": ["documents"]}
    assert like_lines(like) == ["like x: 1 of 2 figures outside ±20 % of the corpus's: nil_share 0.300 "
                                "(target 0.100) (documents as asked: --docs)"]
    assert like_lines({**like, "outside": []}) == [
        "like x: every figure within ±20 % of the corpus's (2 figures) (documents as asked: --docs)"]
    # a manifest written before the key existed
    assert like_lines({k: v for k, v in like.items() if k != "set_by_user"})[0].startswith("like x: 1 of 3 figures")


def test_a_seed_whose_planned_facts_give_no_sentence_is_passed_over(tmp_path):
    # like-rss500 plans one sentence a document; for its 147th document at seed 0 (Mengo, Uganda) that sentence's
    # one fact was "Mengo, Uganda is part of Uganda", which restates the name and has no other wording: the
    # document came out with no text and the run stopped in the manifest's statistics (ZeroDivisionError)
    from bengal.workflows.generate_files import generate_files

    generated, manifest = generate_files(tmp_path / "r.jsonl", like="rss500", seed=0)
    documents = generated.corpus.documents
    assert len(documents) == 500 == manifest["stats"]["documents"]
    assert all(d.text.strip() and d.mentions for d in documents)
    assert not any(d.text.startswith("Mengo") for d in documents)


def test_figures_beyond_the_kbs_reach_are_named_with_their_reach():
    from bengal.generate.presets import kb_reach

    section = {"targets": {"label_identical_share": 0.46, "mentions_per_token": 0.05, "nil_share": 0.28},
               "reached": {"label_identical_share": 0.92, "mentions_per_token": 0.163, "nil_share": 0.24},
               "outside": ["label_identical_share", "mentions_per_token"], "name": "x"}
    density = {"within_15pct": False, "side": "below", "off_by": 2.26, "why": "few words that are not names"}
    # 0.46 × 1.2 = 0.552 < 0.632: no surface forms reach the band
    reach = kb_reach(section, 0.632, density)
    assert reach == {"label_identical_share": {"reach": 0.632, "why": reach["label_identical_share"]["why"]},
                     "mentions_per_token": {"reach": 0.163, "why": "few words that are not names"}}
    assert "63.2%" in reach["label_identical_share"]["why"]
    # 0.46 × 1.2 = 0.552 ≥ 0.55: within reach, the recipe's choice; a density within 15 % of its target: none
    assert kb_reach(section, 0.55, {"within_15pct": True}) == {}
    assert kb_reach(section, None, None) == {}
    # a figure within ±20 % is never listed, whatever the floor
    assert kb_reach({**section, "outside": []}, 0.9, density) == {}
    # a line of its own: the CLI cuts a line at 500 characters, and the first line of a preset can near it
    assert like_lines({**section, "kb_reach": reach})[1] == (
        "like x: beyond the KB's reach (the manifest's like.kb_reach says why): label_identical_share 0.920 "
        "(its floor, the mentions of entities the KB gives no other name, is 0.632), mentions_per_token 0.163 "
        "(the density control's lowest 0.163)")
