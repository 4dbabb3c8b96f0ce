"""Span scoring with the prediction read in the stream (issue 14): ``score_files`` scores each predicted
document as :func:`bengal.io.nif.stream_nif` hands it on and keeps only per-document figures.

The peer of every comparison is the whole-corpus path, called directly: both files read whole by
:func:`bengal.io.read_corpus`, scored by :func:`bengal.score.score`, the JSON made by
:func:`bengal.report.jsonout.score_to_json` (``explain`` of the whole result). A few values are by hand.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import json
import random
from pathlib import Path

import pytest

from bengal.errors import InputError
from bengal.io import read_corpus, read_nif, write_corpus
from bengal.io.formats import NotStreamable
from bengal.io.nif import stream_nif
from bengal.model import Corpus, Document, Mention
from bengal.report.jsonout import score_to_json
from bengal.score import score
from bengal.score.api import span_scorer
from bengal.score.bootstrap import with_ci
from bengal.score.explain import explain
from bengal.score.uris import UriMatcher
from bengal.workflows.score_files import provenance, score_files

sf = importlib.import_module("bengal.workflows.score_files")  # the module, not the function

NIF = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "nif"
pytestmark = pytest.mark.skipif(not NIF.exists(), reason="the shared NIF corpora are not here")

REAL = {
    "reuters": NIF / "n3-collection" / "Reuters-128.ttl",
    "rss": NIF / "n3-collection" / "RSS-500.ttl",
    "news": NIF / "n3-collection" / "News-100.ttl",
    "kore50": NIF / "eaglet-gerbil_data" / "datasets" / "KORE50" / "kore50-nif.ttl",
    "oke2015": NIF / "oke2015" / "evaluation-data" / "task1" / "evaluation-dataset-task1.ttl",
    "oke2016": NIF / "oke2016" / "evaluation-data" / "task1" / "evaluation-dataset-task1.ttl",
}
OTHER = "http://dbpedia.org/resource/Somewhere_else"


@functools.lru_cache(maxsize=None)
def real(name: str) -> Corpus:
    """The real corpus ``name`` of :data:`REAL` as read (read once per test process)."""
    return read_nif(REAL[name])


def perturbed(gold: Corpus, seed: int = 0, *, shuffle: bool = False, drop_docs: int = 0) -> Corpus:
    """A system's prediction of ``gold``: of each gold mention 70 % kept, 10 % mislinked, 10 % shifted by
    one code point (when the text allows), 10 % missed; a spurious mention now and then; ``drop_docs``
    documents left out, the document order shuffled when asked."""
    rng = random.Random(seed)
    docs = []
    for d in gold.documents:
        ms = []
        for m in d.mentions:
            r = rng.random()
            if r < 0.7:
                ms.append(m)
            elif r < 0.8:
                ms.append(dataclasses.replace(m, uris=frozenset({OTHER})))
            elif r < 0.9 and m.end < len(d.text):
                ms.append(Mention.in_text(d.text, m.begin + 1, m.end + 1, m.uris, m.type))
        if len(d.text) > 3 and rng.random() < 0.3:
            ms.append(Mention.in_text(d.text, 0, 3, (OTHER,), "http://dbpedia.org/ontology/Place", 0.25))
        docs.append(Document(d.uri, d.text, tuple(ms)))
    if shuffle:
        rng.shuffle(docs)
    return Corpus(tuple(docs[drop_docs:]), "pred")


def whole_json(gold: Path, pred: Path, errors: int = 50, **kw) -> dict:
    """The whole-corpus path's JSON of ``bengal score GOLD PRED`` (the peer)."""
    g, p = read_corpus(gold), read_corpus(pred)
    block, _ = provenance(gold, gold, pred, documents=(len(g), len(p)))
    result = score(g, p, **kw)
    return score_to_json(result, errors=None if result.task == "c2kb" else errors, extra=block)


@pytest.fixture(params=["gold whole", "both streamed"])
def mode(request, monkeypatch) -> str:
    """Run a test twice: the gold read whole and the prediction in the stream (small files), and both read
    in the stream side by side (each in a forked process; any size)."""
    monkeypatch.setattr(sf, "STREAM_BOTH_MIN_BYTES", 0 if request.param == "both streamed" else 10**12)
    return request.param


def streamed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record how each ``score_files`` call scored: ``"both streamed"``, ``"gold whole"`` (the prediction in
    the stream) or, when neither was done, nothing (both read whole)."""
    done: list[str] = []
    both, pred_only = sf._score_both_streamed, sf._score_streamed

    def spy_both(*args, **kwargs):
        out = both(*args, **kwargs)
        if isinstance(out, tuple):
            done.append("both streamed")
        return out

    def spy_pred(*args, **kwargs):
        out = pred_only(*args, **kwargs)
        if out is not None:
            done.append("gold whole")
        return out

    monkeypatch.setattr(sf, "_score_both_streamed", spy_both)
    monkeypatch.setattr(sf, "_score_streamed", spy_pred)
    return done


def same(a: dict, b: dict) -> None:
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


# every task on three corpora (news agency, short ambiguous sentences, OKE's typed gold), A2KB on the others
TASKS = ("a2kb", "d2kb", "c2kb", "erec", "etyping")
CASES = [(name, task) for name in ("reuters", "kore50", "oke2016") for task in TASKS]
CASES += [(name, "a2kb") for name in ("rss", "news", "oke2015")]


@pytest.mark.parametrize(("name", "task"), CASES)
def test_real_corpora_streamed_equal_whole(tmp_path, monkeypatch, mode, name, task):
    gold = tmp_path / "gold.ttl"
    write_corpus(real(name), gold)  # bengal's layout: each context before its phrases
    pred = tmp_path / "pred.ttl"
    write_corpus(perturbed(read_corpus(gold), shuffle=True, drop_docs=3), pred)
    done = streamed(monkeypatch)
    run = score_files(gold, pred, task=task, errors=5)
    oke = name.startswith("oke") and task == "etyping"  # the gold's OKE classes: known before scoring
    assert done == (["gold whole"] if oke else [mode])  # read in the stream, not whole
    assert all(d.alignment is None and d.prediction is None for d in run.result.per_document)
    same(run.to_json(), whole_json(gold, pred, errors=5, task=task))
    assert run.result.micro.fn + run.result.micro.fp > 0  # the perturbation shows


@pytest.mark.parametrize("kw", [{"match": "weak"}, {"profile": "gerbil"}, {"threshold": 0.5}, {"ci": 30, "seed": 3},
                                {"beta": 0.5}, {"kb_namespaces": ("http://dbpedia.org/",)}])
def test_options_streamed_equal_whole(tmp_path, monkeypatch, mode, kw):
    gold = tmp_path / "gold.ttl"
    write_corpus(real("reuters"), gold)
    pred = tmp_path / "pred.nt"  # N-Triples are read in the stream too
    write_corpus(perturbed(read_corpus(gold), seed=1, shuffle=True), pred)
    done = streamed(monkeypatch)
    run = score_files(gold, pred, **kw)
    assert done == [mode]
    whole_kw = {k: v for k, v in kw.items() if k not in ("ci", "seed")}
    expected = whole_json(gold, pred, **whole_kw)
    if "ci" in kw:
        g, p = read_corpus(gold), read_corpus(pred)
        expected["ci"] = with_ci(score(g, p), kw["ci"], 0.95, kw["seed"]).ci
    same(run.to_json(), expected)


def test_real_file_phrases_before_contexts_falls_back_to_the_whole_reading(tmp_path, monkeypatch, mode):
    # GERBIL's own file (Jena's subject order: phrases before their contexts) cannot be read in the stream
    with pytest.raises(NotStreamable):
        stream_nif(REAL["reuters"], lambda d: None)
    gold = tmp_path / "gold.ttl"
    write_corpus(real("reuters"), gold)
    done = streamed(monkeypatch)
    run = score_files(gold, REAL["reuters"])
    assert done == []
    same(run.to_json(), whole_json(gold, REAL["reuters"]))
    assert run.result.micro.fp == run.result.micro.fn == 0


# A small case by hand. Gold d1 "Anna met Bob" Anna [0,4) A, Bob [9,12) B; d2 "Rome is big" Rome [0,4) R;
# d3 "Oslo is far" Oslo [0,4) O. Prediction, in another order: d2 (Rome -> R, "is" [5,7) -> X), x9 (not in the
# gold: one mention), d1 (Anna -> A, Bob -> C); d3 is missing.
PREFIXES = ("@prefix nif: <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#> .\n"
            "@prefix itsrdf: <http://www.w3.org/2005/11/its/rdf#> .\n")


def nif_doc(uri: str, text: str, mentions: list[tuple[int, int, str]], ctx_iri: str | None = None) -> str:
    ctx = ctx_iri or f"{uri}#char=0,{len(text)}"
    out = f'<{ctx}> a nif:Context ; nif:isString "{text}" .\n'
    for b, e, target in mentions:
        out += (f'<{uri}#char={b},{e}> a nif:Phrase ; nif:referenceContext <{ctx}> ; nif:beginIndex "{b}" ; '
                f'nif:endIndex "{e}" ; nif:anchorOf "{text[b:e]}" ; '
                f"itsrdf:taIdentRef <http://dbpedia.org/resource/{target}> .\n")
    return out


GOLD_TTL = PREFIXES + nif_doc("http://ex.org/d1", "Anna met Bob", [(0, 4, "A"), (9, 12, "B")]) + \
    nif_doc("http://ex.org/d2", "Rome is big", [(0, 4, "R")]) + \
    nif_doc("http://ex.org/d3", "Oslo is far", [(0, 4, "O")])
PRED_TTL = PREFIXES + nif_doc("http://ex.org/d2", "Rome is big", [(0, 4, "R"), (5, 7, "X")]) + \
    nif_doc("http://ex.org/x9", "Elsewhere", [(0, 4, "E")]) + \
    nif_doc("http://ex.org/d1", "Anna met Bob", [(0, 4, "A"), (9, 12, "C")])


def test_other_order_missing_and_extra_documents_by_hand(tmp_path, monkeypatch, mode):
    gold, pred = tmp_path / "g.ttl", tmp_path / "p.ttl"
    gold.write_text(GOLD_TTL, encoding="utf-8")
    pred.write_text(PRED_TTL, encoding="utf-8")
    done = streamed(monkeypatch)
    run = score_files(gold, pred)
    assert done == [mode]
    r = run.result
    # d1: TP 1 (Anna), FP 1 (Bob -> C), FN 1; d2: TP 1, FP 1; d3 missing: FN 1. x9 is not scored.
    assert (r.micro.tp, r.micro.fp, r.micro.fn) == (2, 2, 2)
    assert [(d.uri, d.counts.tp, d.counts.fp, d.counts.fn, d.in_prediction) for d in r.per_document] == [
        ("http://ex.org/d1", 1, 1, 1, True), ("http://ex.org/d2", 1, 1, 0, True), ("http://ex.org/d3", 0, 0, 1, False)]
    # macro P = (1/2 + 1/2 + 0) / 3, macro R = (1/2 + 1 + 0) / 3
    assert r.macro.precision == pytest.approx(1 / 3) and r.macro.recall == pytest.approx(0.5)
    assert r.unscored_predictions == 1 and run.provenance["inputs"]["prediction"]["documents"] == 3
    assert [(w.code, w.where, w.side) for w in r.warnings] == [
        ("missing_document", "http://ex.org/d3", "prediction"), ("missing_document", "http://ex.org/x9", "gold")]
    errors = run.to_json()["errors"]
    # worst first: d3 (F1 0), then d1 (F1 0.5, 2 errors), then d2 (F1 0.667)
    assert [d["uri"] for d in errors["documents"]] == ["http://ex.org/d3", "http://ex.org/d1", "http://ex.org/d2"]
    assert errors["kinds"] == {"wrong_uri": 2, "spurious": 1, "missed": 1}
    same(run.to_json(), whole_json(gold, pred))


def test_no_document_in_common_says_what_the_whole_path_says(tmp_path, mode):
    gold, pred = tmp_path / "g.ttl", tmp_path / "p.ttl"
    gold.write_text(GOLD_TTL, encoding="utf-8")
    pred.write_text(PREFIXES + nif_doc("http://ex.org/x9", "Elsewhere", [(0, 4, "E")]), encoding="utf-8")
    with pytest.raises(InputError) as whole:
        score(read_corpus(gold), read_corpus(pred))
    with pytest.raises(InputError) as streamed_err:
        score_files(gold, pred)
    assert str(streamed_err.value) == str(whole.value)
    assert "no document URI in common" in str(whole.value) and "(1 documents)" in str(whole.value)


def test_duplicated_document_uri_keeps_todays_behaviour(tmp_path, monkeypatch, mode):
    # two contexts that both give the document http://ex.org/d1: today each keeps its full context IRI
    # (document_uri_clash); the stream cannot know that when it hands on the first one, so it is read whole
    text = "Anna met Bob"
    pred = tmp_path / "p.ttl"
    pred.write_text(PREFIXES + nif_doc("http://ex.org/d1", text, [(0, 4, "A")]) +
                    nif_doc("http://ex.org/d1", text, [(9, 12, "B")], ctx_iri="http://ex.org/d1"),
                    encoding="utf-8")
    with pytest.raises(NotStreamable):
        stream_nif(pred, lambda d: None)
    gold = tmp_path / "g.ttl"
    gold.write_text(GOLD_TTL, encoding="utf-8")
    done = streamed(monkeypatch)
    run = score_files(gold, pred)
    assert done == []
    assert [w.code for w in run.reader_warnings[1][1]] == ["document_uri_clash", "document_uri_clash"]
    same(run.to_json(), whole_json(gold, pred))
    # the same context IRI twice, its triples apart: one document, as the whole reading merges it
    again = tmp_path / "again.ttl"
    again.write_text(PREFIXES + nif_doc("http://ex.org/d1", text, [(0, 4, "A")]) +
                     nif_doc("http://ex.org/d2", "Rome is big", [(0, 4, "R")]) +
                     nif_doc("http://ex.org/d1", text, [(9, 12, "B")]), encoding="utf-8")
    run = score_files(gold, again)
    assert done == []
    assert [len(d.mentions) for d in read_corpus(again).documents] == [2, 1]
    same(run.to_json(), whole_json(gold, again))


def test_broken_prediction_and_strict_flaw_raise_the_whole_readings_error(tmp_path, mode):
    gold = tmp_path / "g.ttl"
    gold.write_text(GOLD_TTL, encoding="utf-8")
    broken = tmp_path / "broken.ttl"  # two documents handed on, then a syntax error
    broken.write_text(PRED_TTL + "<http://ex.org/x> <http://ex.org/p> .\n", encoding="utf-8")
    flawed = tmp_path / "flawed.ttl"  # an anchor that differs from the text: an error under --strict
    flawed.write_text(PRED_TTL.replace('nif:anchorOf "Bob"', 'nif:anchorOf "Bo"'), encoding="utf-8")
    for path, strict in ((broken, False), (flawed, True)):
        with pytest.raises(InputError) as whole:
            read_corpus(path, strict=strict)
        with pytest.raises(InputError) as run:
            score_files(gold, path, strict=strict)
        assert (str(run.value), run.value.line) == (str(whole.value), whole.value.line)
    same(score_files(gold, flawed).to_json(), whole_json(gold, flawed))  # a counted warning otherwise
    # a broken gold (read by its own worker when both are streamed): the whole reading's error too
    broken_gold = tmp_path / "broken_gold.ttl"
    broken_gold.write_text(GOLD_TTL + "<http://ex.org/x> <http://ex.org/p> .\n", encoding="utf-8")
    with pytest.raises(InputError) as whole:
        read_corpus(broken_gold)
    with pytest.raises(InputError) as run:
        score_files(broken_gold, flawed)
    assert (str(run.value), run.value.line) == (str(whole.value), whole.value.line)


def test_sweep_and_lenient_read_whole(tmp_path, monkeypatch, mode):
    gold = tmp_path / "gold.ttl"
    write_corpus(real("kore50"), gold)
    pred = tmp_path / "pred.ttl"
    write_corpus(perturbed(read_corpus(gold), seed=2), pred)
    done = streamed(monkeypatch)
    run = score_files(gold, pred, sweep=True)
    assert done == [] and run.result.sweep is not None
    same(run.to_json(), whole_json(gold, pred, sweep=True))
    score_files(gold, pred, lenient=True)
    assert done == []


def test_span_scorer_without_documents_equals_score_and_explain(tmp_path):
    gold = real("rss")
    pred = perturbed(gold, seed=4, shuffle=True, drop_docs=20)
    whole = score(gold, pred)
    scorer = span_scorer(gold, keep_documents=False, errors=7)
    for d in pred.documents:
        scorer.add(d)
    result = scorer.finish(pred)
    assert result == whole  # the per-document scores compare by URI, counts and measures
    assert all(d.gold is None and d.alignment is None for d in result.per_document)
    assert scorer.error_report() == explain(whole, 7)
    with pytest.raises(ValueError, match="two documents with the URI"):
        scorer.add(pred.documents[0])


WIKIDATA_GOLD = GOLD_TTL.replace("http://dbpedia.org/resource/", "http://www.wikidata.org/entity/Q")
OKE_GOLD = GOLD_TTL.replace(" .\n<http://ex.org/d2#", " ; itsrdf:taClassRef "
                            "<http://www.ontologydesignpatterns.org/ont/dul/DUL.owl#Person> .\n<http://ex.org/d2#", 1)


@pytest.mark.parametrize(("gold_text", "task"), [
    (GOLD_TTL + "<http://ex.org/E> <http://www.w3.org/2002/07/owl#sameAs> <http://dbpedia.org/resource/C> .\n",
     "a2kb"),  # the gold's own sameAs links: Bob -> C matches B's class only if known before scoring
    (WIKIDATA_GOLD, "a2kb"),  # the KB is inferred from the whole gold (Wikidata)
    (OKE_GOLD, "etyping"),  # ETyping translates the predictions to the gold's OKE classes
    (None, "a2kb"),  # GERBIL's own layout: phrases before their contexts
])
def test_a_gold_needed_whole_is_read_whole_and_the_prediction_streamed(tmp_path, monkeypatch, gold_text, task):
    monkeypatch.setattr(sf, "STREAM_BOTH_MIN_BYTES", 0)
    gold, pred = tmp_path / "g.ttl", tmp_path / "p.ttl"
    if gold_text is None:
        gold = REAL["reuters"]
        write_corpus(perturbed(read_corpus(gold), seed=5), pred)
    else:
        gold.write_text(gold_text, encoding="utf-8")
        pred.write_text(PRED_TTL.replace("http://dbpedia.org/resource/", "http://www.wikidata.org/entity/Q")
                        if gold_text is WIKIDATA_GOLD else PRED_TTL.replace(
                            "<http://dbpedia.org/resource/A> .", "<http://dbpedia.org/resource/A> ; "
                            "itsrdf:taClassRef <http://dbpedia.org/ontology/Person> ."), encoding="utf-8")
    done = streamed(monkeypatch)
    run = score_files(gold, pred, task=task)
    assert done == ["gold whole"]
    same(run.to_json(), whole_json(gold, pred, task=task))
    codes = [w["code"] for w in run.to_json()["warnings"]]
    if gold_text is WIKIDATA_GOLD:
        assert "kb_namespace_inferred" in codes
    if gold_text is OKE_GOLD:
        assert run.result.conventions["types"].startswith("OKE gold types")


@pytest.mark.parametrize("shuffle", [False, True])
def test_both_streamed_in_one_order_hold_a_few_documents(tmp_path, monkeypatch, shuffle):
    """Not a timing: how many documents wait for their partner at once (what memory holds beside the counts).
    In one order only the three gold documents missing from the prediction wait to the end, and as many
    predicted ones as they put the prediction ahead, and the side ahead is at most LOOKAHEAD_DOCUMENTS ahead;
    in another order most wait (still the right numbers)."""
    monkeypatch.setattr(sf, "STREAM_BOTH_MIN_BYTES", 0)
    monkeypatch.setattr(sf, "LOOKAHEAD_DOCUMENTS", 2)
    gold = tmp_path / "gold.ttl"
    write_corpus(real("rss"), gold)  # 500 documents
    pred = tmp_path / "pred.ttl"
    write_corpus(perturbed(read_corpus(gold), seed=6, shuffle=shuffle, drop_docs=3), pred)
    most = [0]
    make = sf.span_scorer

    def counted(scorer, method):
        def call(d):
            method(d)
            most[0] = max(most[0], len(scorer.pending_gold) + len(scorer.pending_pred))
        return call

    def watched(*args, **kwargs):
        scorer = make(*args, **kwargs)
        scorer.add, scorer.add_gold = counted(scorer, scorer.add), counted(scorer, scorer.add_gold)
        return scorer

    monkeypatch.setattr(sf, "span_scorer", watched)
    done = streamed(monkeypatch)
    run = score_files(gold, pred)
    assert done == ["both streamed"]
    same(run.to_json(), whole_json(gold, pred))
    assert (most[0] <= 3 + 3 * 2) if not shuffle else (most[0] > 100)


@pytest.mark.parametrize("formats", [("ttl", "jsonl"), ("jsonl", "jsonl"), ("jsonl", "ttl")])
def test_json_lines_are_streamed_too(tmp_path, monkeypatch, mode, formats):
    gold_corpus = real("news")
    gold, pred = tmp_path / f"gold.{formats[0]}", tmp_path / f"pred.{formats[1]}"
    write_corpus(gold_corpus, gold)
    write_corpus(perturbed(gold_corpus, seed=7, drop_docs=2), pred)
    done = streamed(monkeypatch)
    run = score_files(gold, pred, task="d2kb")
    assert done == [mode]
    same(run.to_json(), whole_json(gold, pred, task="d2kb"))
    lines = pred.read_text(encoding="utf-8").splitlines(True) if formats[1] == "jsonl" else None
    if lines is not None:  # a document URI used twice: the whole reading's error, file and line
        bad = tmp_path / "bad.jsonl"
        bad.write_text("".join(lines + [lines[5]]), encoding="utf-8")
        with pytest.raises(InputError) as whole:
            read_corpus(bad)
        with pytest.raises(InputError) as err:
            score_files(gold, bad)
        assert (str(err.value), err.value.line) == (str(whole.value), whole.value.line)
        assert "already used on line 6" in str(err.value)


def test_a_trimmed_uri_cache_gives_the_same_numbers(tmp_path, monkeypatch, mode):
    trim = UriMatcher.trim_cache
    trims = []

    def small(self, limit=200_000):
        trims.append(len(self._cache))
        trim(self, 5)  # forget the answers after every document

    monkeypatch.setattr(UriMatcher, "trim_cache", small)
    gold = tmp_path / "gold.ttl"
    write_corpus(real("reuters"), gold)
    pred = tmp_path / "pred.ttl"
    write_corpus(perturbed(read_corpus(gold), seed=8), pred)
    run = score_files(gold, pred, kb_namespaces=("http://dbpedia.org/",), same_as=())
    assert len(trims) == 128 and max(trims) > 5
    same(run.to_json(), whole_json(gold, pred, kb_namespaces=("http://dbpedia.org/",)))


def test_without_explain_the_stream_skips_the_outcomes_and_says_so(tmp_path, mode):
    gold, pred = tmp_path / "g.ttl", tmp_path / "p.ttl"
    gold.write_text(GOLD_TTL, encoding="utf-8")
    pred.write_text(PRED_TTL, encoding="utf-8")
    run = score_files(gold, pred, explain=False)
    assert run.streamed and run.error_report is None and (run.result.micro.tp, run.result.micro.fn) == (2, 2)
    with pytest.raises(ValueError, match="explain=True"):
        run.to_json()
    same(score_files(gold, pred, explain=False, json_path=tmp_path / "r.json").to_json(), whole_json(gold, pred))
    whole = score_files(REAL["kore50"], REAL["kore50"], explain=False)  # GERBIL's layout: read whole
    assert not whole.streamed and whole.to_json()["errors"] is not None
