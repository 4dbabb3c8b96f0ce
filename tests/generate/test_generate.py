"""`bengal generate` on the bundled DBpedia sample, checked with tools independent of bengal's own
readers: rdflib for the NIF output, a pyoxigraph store loaded straight from the dump for the KB,
spaCy for the token count, hashlib for checksums."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from pathlib import Path

import pyoxigraph as ox
import pytest
import rdflib
from cli_helpers import bengal, bengal_process
from conftest import TEST_DATA

from bengal.generate import GenerateConfig, generate
from bengal.kb.store import bundled_sample_path
from bengal.workflows.generate_files import generate_files

NIF = rdflib.Namespace("http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#")
ITSRDF = rdflib.Namespace("http://www.w3.org/2005/11/its/rdf#")


@pytest.fixture(scope="module")
def raw_kb():
    """The bundled dump in an in-memory store, loaded without bengal's code."""
    store = ox.Store()
    with gzip.open(bundled_sample_path(), "rb") as fh:
        store.bulk_load(fh, ox.RdfFormat.N_TRIPLES)
    return store


@pytest.fixture(scope="module")
def readme_run(tmp_path_factory):
    """The README's first command: `bengal generate --docs 100 --density high -o bench.ttl`, as a process."""
    cwd = tmp_path_factory.mktemp("readme")
    proc = bengal_process("generate", "--docs", "100", "--density", "high", "-o", "bench.ttl", cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    return cwd, proc


def parse_nif(path: Path):
    """(contexts {iri: text}, mentions [(context, begin, end, anchor, uris)]) read with rdflib."""
    g = rdflib.Graph()
    g.parse(path, format="turtle")
    contexts = {str(c): str(t) for c, t in g.subject_objects(NIF.isString)}
    mentions = []
    for m, ctx in g.subject_objects(NIF.referenceContext):
        mentions.append((str(ctx), int(g.value(m, NIF.beginIndex)), int(g.value(m, NIF.endIndex)),
                         str(g.value(m, NIF.anchorOf)), sorted(str(u) for u in g.objects(m, ITSRDF.taIdentRef))))
    return contexts, mentions


def test_readme_command_writes_100_documents_with_exact_gold(readme_run, raw_kb):
    cwd, proc = readme_run
    contexts, mentions = parse_nif(cwd / "bench.ttl")
    assert len(contexts) == 100
    assert len(mentions) > 300
    for ctx, b, e, anchor, uris in mentions:
        assert contexts[ctx][b:e] == anchor
        assert len(uris) == 1
    uris = sorted({u for *_, us in mentions for u in us})
    found = {str(s.value) for s in (q.subject for u in uris for q in raw_kb.quads_for_pattern(
        ox.NamedNode(u), ox.NamedNode("http://www.w3.org/2000/01/rdf-schema#label"), None))}
    assert found == set(uris), "every gold URI is an entity of the bundled KB"
    # no two mentions of a document overlap
    by_ctx: dict[str, list[tuple[int, int]]] = {}
    for ctx, b, e, *_ in mentions:
        by_ctx.setdefault(ctx, []).append((b, e))
    for spans in by_ctx.values():
        spans.sort()
        assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:]))
    assert "density reached" in proc.stderr


def test_manifest_states_parameters_checksum_and_true_density(readme_run):
    import spacy

    cwd, _ = readme_run
    manifest = json.loads((cwd / "bench.ttl.manifest.json").read_text())
    assert manifest["parameters"]["docs"] == 100
    assert manifest["parameters"]["density"] == "high"
    assert manifest["parameters"]["seed"] == 0
    assert manifest["kb"]["sha256"] == hashlib.sha256(bundled_sample_path().read_bytes()).hexdigest()
    contexts, mentions = parse_nif(cwd / "bench.ttl")
    nlp = spacy.blank("en")
    tokens = sum(len(nlp(text)) for text in contexts.values())
    assert manifest["stats"]["mentions"] == len(mentions)
    assert manifest["stats"]["tokens"] == tokens
    assert manifest["stats"]["density"] == pytest.approx(len(mentions) / tokens, abs=1e-6)


def test_score_of_gold_against_itself_is_one(readme_run):
    cwd, _ = readme_run
    proc = bengal("score", "bench.ttl", "bench.ttl", "--json", "-", cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["documents"] == 100
    assert result["micro"]["f1"] == 1.0 and result["macro"]["f1"] == 1.0
    assert result["micro"]["fp"] == 0 and result["micro"]["fn"] == 0


def test_same_arguments_and_seed_give_identical_bytes(tmp_path):
    config = GenerateConfig(docs=30, density="medium", seed=5)
    a, b = tmp_path / "a" / "c.ttl", tmp_path / "b" / "c.ttl"
    a.parent.mkdir()
    b.parent.mkdir()
    generate_files(a, config)
    generate_files(b, config)
    assert a.read_bytes() == b.read_bytes()
    assert (a.parent / "c.ttl.manifest.json").read_bytes() == (b.parent / "c.ttl.manifest.json").read_bytes()
    other = tmp_path / "other.ttl"
    generate_files(other, GenerateConfig(docs=30, density="medium", seed=6))
    assert other.read_bytes() != a.read_bytes()


def test_jsonl_output_holds_the_same_documents(tmp_path):
    from bengal.io import read_corpus

    config = GenerateConfig(docs=20, seed=3)
    generate_files(tmp_path / "c.ttl", config)
    generate_files(tmp_path / "c.jsonl", config)
    lines = (tmp_path / "c.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 20
    first = json.loads(lines[0])
    for m in first["mentions"]:
        assert first["text"][m["begin"]:m["end"]] == m["surface"]
    assert read_corpus(tmp_path / "c.ttl").by_uri() == read_corpus(tmp_path / "c.jsonl").by_uri()


def test_density_rises_and_a_number_is_a_target(bundled_kb):
    reached = {}
    for level in ("low", "medium", "high", "0.17"):
        reached[level] = generate(bundled_kb, GenerateConfig(docs=100, density=level, seed=11)).stats["density"]
    assert reached["low"] < reached["medium"] < reached["high"]
    assert reached["0.17"] == pytest.approx(0.17, rel=0.15)


def test_text_has_no_raw_iri_underscore_or_disambiguation(bundled_kb):
    g = generate(bundled_kb, GenerateConfig(docs=200, density="high", seed=2))
    for doc in g.corpus:
        assert "http" not in doc.text and "_" not in doc.text, doc.text
        for m in doc.mentions:
            assert not re.search(r"\([^()]*\)$", m.surface), m.surface


def test_too_few_seeds_is_an_error_and_writes_nothing(tmp_path):
    tiny = TEST_DATA / "tiny_kb.nt"
    proc = bengal("generate", "--kb", str(tiny), "--docs", "5", "--min-sentences", "2", "-o", "out.ttl",
                  "--sentence-length", "short", cwd=tmp_path)
    assert proc.returncode != 0
    assert proc.stderr.strip().splitlines()[-1].startswith("error: ") and "only 2 usable seeds" in proc.stderr
    assert all(line.startswith("bengal: ") for line in proc.stderr.strip().splitlines()[:-1])  # what it waited for
    assert not (tmp_path / "out.ttl").exists() and not (tmp_path / "out.ttl.manifest.json").exists()
    # news passes over seeds with too few facts for its sentences first, and says what helps
    news = bengal("generate", "--kb", str(tiny), "--docs", "5", "--min-sentences", "2", "-o", "out.ttl",
                  "--sentence-length", "news", cwd=tmp_path)
    assert news.returncode != 0 and "of 22 tokens (--sentence-length short takes fact-poorer seeds)" in news.stderr
    assert not (tmp_path / "out.ttl").exists()


def test_kb_info_counts_match_the_dump(tmp_path):
    proc = bengal("kb", "info", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    lines = 0
    labelled: set[str] = set()
    label = re.compile(r'^<(http://dbpedia\.org/resource/[^>]*)> '
                       r'<http://www\.w3\.org/2000/01/rdf-schema#label> ".*"@en \.$')
    # an object triple: a dbr: subject, a dbo: predicate and an IRI object (the dump is sorted unique lines)
    fact = re.compile(r"^<http://dbpedia\.org/resource/[^>]*> <(http://dbpedia\.org/ontology/[^>]*)> <[^>]*> \.$")
    objects, properties = 0, set()
    with gzip.open(bundled_sample_path(), "rt", encoding="utf-8") as fh:
        for line in fh:
            lines += 1
            m = label.match(line.rstrip("\n"))
            if m:
                labelled.add(m.group(1))
            f = fact.match(line.rstrip("\n"))
            if f:
                objects += 1
                properties.add(f.group(1))
    out = proc.stdout
    assert re.search(rf"triples\s+{lines:,}\b", out), out
    assert re.search(rf"entities\s+{len(labelled):,}\b", out), out
    assert re.search(rf"object triples\s+{objects:,}\b", out), out
    assert re.search(rf"properties\s+{len(properties):,}\b", out), out
