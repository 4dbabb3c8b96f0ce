"""Prompts in evalscope's answer format, the DBpedia class → CoNLL type map, and the CoNLL converter."""

from __future__ import annotations

import json

import pytest

from bengal.cli import main
from bengal.io import read_corpus, write_corpus
from bengal.model import Corpus, Document, Mention
from bengal.typemap import DBO, TypeMap

# evalscope's conllpp card: the first test sample and its target.
_EVALSCOPE_TARGET = ("<response>SOCCER - <location>JAPAN</location> GET LUCKY WIN , <location>CHINA</location> "
                     "IN SURPRISE DEFEAT .</response>")
_EVALSCOPE_SHOT = ("<response><organization>EU</organization> rejects <miscellaneous>German</miscellaneous> "
                   "call to boycott <miscellaneous>British")


def test_prompts_conllpp(tmp_path):
    out = tmp_path / "prompts.jsonl"
    assert main(["prompts", "conllpp", "--shots", "5", "-o", str(out), "--with-target"]) == 0
    recs = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(recs) == 3453 and len({r["id"] for r in recs}) == 3453
    first = recs[0]
    assert first["text"] == "SOCCER - JAPAN GET LUCKY WIN , CHINA IN SURPRISE DEFEAT ."
    assert first["target"] == _EVALSCOPE_TARGET
    assert _EVALSCOPE_SHOT in first["prompt"] and first["prompt"].count("Sentence: ") == 6
    assert first["prompt"].rstrip().endswith(first["text"] + "\nAnswer:")
    # The ids are stable: the same command gives the same file.
    again = tmp_path / "again.jsonl"
    assert main(["prompts", "conllpp", "--shots", "5", "-o", str(again), "--with-target"]) == 0
    assert again.read_bytes() == out.read_bytes()
    # Answering with the targets scores 1.0.
    answers = tmp_path / "answers.jsonl"
    answers.write_text("".join(json.dumps({"id": r["id"], "answer": r["target"]}) + "\n" for r in recs))
    json_out = tmp_path / "score.json"
    assert main(["score", "conllpp", str(answers), "--json", str(json_out)]) == 0
    data = json.loads(json_out.read_text())
    assert data["chunk"]["micro"]["f1"] == 1.0 and data["flaws"] == {}


def test_shots_out_of_range_writes_nothing(tmp_path):
    out = tmp_path / "p.jsonl"
    assert main(["prompts", "conllpp", "--shots", "11", "-o", str(out)]) == 2
    assert not out.exists()


@pytest.mark.parametrize("cls, want", [
    ("Person", "PER"), ("SoccerPlayer", "PER"),  # SoccerPlayer ⊂ Athlete ⊂ Person
    ("Company", "ORG"), ("City", "LOC"), ("Film", "MISC"),
    ("Library", "ORG"),  # ⊂ EducationalInstitution ⊂ Organisation (2 steps) and ⊂ Building ⊂ … ⊂ Place (3 steps)
])
def test_type_map_walks_superclasses(cls, want):
    assert TypeMap()(DBO + cls) == want


def test_type_map_edges_and_toml(tmp_path):
    t = TypeMap()
    assert t(None) == "MISC" and t("PER") == "PER" and t("http://example.org/Thing") == "MISC"
    toml = tmp_path / "map.toml"
    toml.write_text('default = "O-THER"\n[types]\n"dbo:Film" = "WORK"\nPerson = "PER"\n')
    from bengal.typemap import load_type_map

    m = load_type_map(toml)
    assert m(DBO + "Film") == "WORK" and m(DBO + "SoccerPlayer") == "PER" and m(DBO + "City") == "O-THER"
    toml.write_text("[types]\nPerson = 3\n")
    with pytest.raises(Exception, match="string values"):
        load_type_map(toml)


def _generated_like(tmp_path):
    text = "Arçelik is owned by Koç Holding in Istanbul. The Film Heat stars Al Pacino."
    spans = [(0, 7, "Company"), (20, 31, "Company"), (35, 43, "City"), (54, 58, "Film"), (65, 74, "SoccerPlayer")]
    doc = Document("http://example.org/doc-1", text, tuple(
        Mention.in_text(text, b, e, {f"http://dbpedia.org/resource/X{b}"}, DBO + c) for b, e, c in spans))
    path = tmp_path / "bench.ttl"
    write_corpus(Corpus((doc,), "bench"), path)
    return path


def test_generated_corpus_converts_and_prompts(tmp_path):
    bench = _generated_like(tmp_path)
    conll = tmp_path / "bench.conll"
    assert main(["convert", str(bench), "-o", str(conll), "--map-types"]) == 0
    got = [(m.surface, m.type) for d in read_corpus(conll) for m in d.mentions]
    assert got == [("Arçelik", "ORG"), ("Koç Holding", "ORG"), ("Istanbul", "LOC"), ("Heat", "MISC"),
                   ("Al Pacino", "PER")]
    out = tmp_path / "p.jsonl"
    assert main(["prompts", str(bench), "--shots", "0", "-o", str(out), "--with-target"]) == 0
    (rec,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert rec["target"] == ("<response><organization>Arçelik</organization> is owned by <organization>Koç "
                             "Holding</organization> in <location>Istanbul</location> . The Film "
                             "<miscellaneous>Heat</miscellaneous> stars <person>Al Pacino</person> .</response>")
    # The same chunk metrics score the converted gold against itself.
    assert main(["score", str(conll), str(conll), "--json", str(tmp_path / "s.json")]) == 0
    assert json.loads((tmp_path / "s.json").read_text())["micro"]["f1"] == 1.0


def test_compare_sets_ner_and_a2kb_views(tmp_path):
    bench = _generated_like(tmp_path)
    gold = read_corpus(bench)
    (doc,) = gold.documents
    kept = [m for m in doc.mentions if m.surface != "Istanbul"]  # one mention dropped
    kept = [Mention(m.begin, m.end, m.surface, m.uris, DBO + "Person") if m.surface == "Heat" else m for m in kept]
    system = tmp_path / "system.ttl"
    write_corpus(gold.with_documents([Document(doc.uri, doc.text, tuple(kept))]), system)
    out = tmp_path / "sets.json"
    assert main(["compare-sets", "--gold", str(bench), "--pred", str(system), "--ci", "50", "--json", str(out)]) == 0
    (row,) = json.loads(out.read_text())
    ner, a2kb = row["ner"]["micro"], row["a2kb"]["micro"]
    # NER: TP Arçelik, Koç Holding, Al Pacino; FP Heat as PER; FN Istanbul, Heat as MISC.
    assert (ner["tp"], ner["fp"], ner["fn"]) == (3, 1, 2)
    assert ner["f1"] == pytest.approx(2 * 0.75 * 0.6 / 1.35)
    # A2KB ignores types: only Istanbul is missed.
    assert (a2kb["tp"], a2kb["fp"], a2kb["fn"]) == (4, 0, 1)
    assert row["ner"]["ci"]["samples"] == 50
    # The same NER counts from the chunk metrics of the two CoNLL exports.
    for src, dst in ((bench, "g.conll"), (system, "s.conll")):
        assert main(["convert", str(src), "-o", str(tmp_path / dst), "--map-types"]) == 0
    assert main(["score", str(tmp_path / "g.conll"), str(tmp_path / "s.conll"),
                 "--json", str(tmp_path / "c.json")]) == 0
    chunk = json.loads((tmp_path / "c.json").read_text())["micro"]
    assert (chunk["tp"], chunk["fp"], chunk["fn"]) == (3, 1, 2)
    assert main(["compare-sets", "--gold", str(bench), "--gold", "conllpp", "--pred", str(system)]) == 2
