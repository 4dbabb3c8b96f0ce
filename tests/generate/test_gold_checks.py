"""The gold checks' round trips side by side (``check_gold(jobs=N)``, issue 15): the same counts and the same
first error as the serial check, whichever process finds it."""

from __future__ import annotations

import pytest

import bengal.generate.checks as checks
import bengal.generate.kbview as kbview
from bengal.errors import GoldError, InputError
from bengal.generate.checks import GoldCheck, check_gold
from bengal.io.formats import write_corpus
from bengal.model import Corpus, Document, Mention

DBR = "http://dbpedia.org/resource/"
DBO = "http://dbpedia.org/ontology/"


def corpus(score: float | None = None) -> Corpus:
    text = "Albert Einstein was born in Ulm."
    doc = Document("http://bengal.invalid/corpus/x/1", text, (
        Mention(0, 15, "Albert Einstein", frozenset({DBR + "Albert_Einstein"}), None, score),
        Mention(28, 31, "Ulm", frozenset({DBR + "Ulm"}))))
    ulm = Document("http://bengal.invalid/corpus/x/2", "Ulm.", (Mention(0, 3, "Ulm", frozenset({DBR + "Ulm"})),))
    return Corpus((doc, ulm), "x")


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_side_by_side_counts_are_the_serial_ones(bundled_kb, jobs):
    # by hand: 2 documents, 3 mentions, 2 distinct KB URIs, 3 formats
    assert check_gold(corpus(), bundled_kb, jobs=jobs) == {
        "documents": 2, "mentions": 3, "uris_checked": 2, "emerging_uris_checked": 0, "round_trips": 3}


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_a_file_its_reader_refuses_is_the_serial_error(bundled_kb, jobs):
    # a confidence of NaN: NIF writes it, its reader refuses it (the first format, checked in this process)
    with pytest.raises(InputError, match=r"corpus\.ttl: phrase .*taConfidence is nan, not a finite number"):
        check_gold(corpus(float("nan")), bundled_kb, jobs=jobs)


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_a_failure_in_a_side_process_is_raised_here_as_serially(bundled_kb, monkeypatch, jobs):
    # fault injection: the JSONL writer drops the second document (the forked processes inherit the patch)
    real = checks.write_corpus

    def lossy(c, path, fmt):
        real(Corpus(c.documents[:1], c.name) if fmt == "jsonl" else c, path, fmt)

    monkeypatch.setattr(checks, "write_corpus", lossy)
    with pytest.raises(GoldError, match="^round trip through jsonl gave 1 documents, expected 2$"):
        check_gold(corpus(), bundled_kb, jobs=jobs)


def test_a_side_process_that_dies_has_its_formats_checked_here(bundled_kb, monkeypatch):
    # the side process ends without an answer (here: killed by an error no check catches); this process
    # checks its formats again and raises what the serial check raises
    real = checks.write_corpus

    def broken(c, path, fmt):
        if fmt == "nt":
            raise ValueError("nt writer broke")
        real(c, path, fmt)

    monkeypatch.setattr(checks, "write_corpus", broken)
    for jobs in (1, 2):
        with pytest.raises(ValueError, match="^nt writer broke$"):
            check_gold(corpus(), bundled_kb, jobs=jobs)


def test_the_uri_check_comes_before_the_round_trips(bundled_kb):
    doc = Document("http://bengal.invalid/corpus/x/1", "Nobody", (
        Mention(0, 6, "Nobody", frozenset({DBR + "No_such_entity_in_the_sample"}), None, float("nan")),))
    for jobs in (1, 2):  # the round trip would fail too (NaN): the URI check's error comes first
        with pytest.raises(GoldError, match="1 gold URIs are not entities of the KB"):
            check_gold(Corpus((doc,), "x"), bundled_kb, jobs=jobs)


@pytest.mark.parametrize("jobs", [1, 2])
def test_written_bytes_are_the_writers(bundled_kb, tmp_path, jobs):
    # the checked bytes handed back for the output (generate_files writes them as they are): those
    # of the formats checked in this process, each what write_corpus writes
    written: dict[str, bytes] = {}
    check_gold(corpus(), bundled_kb, jobs=jobs, written=written)
    here = checks.ROUND_TRIP_FORMATS if jobs == 1 else checks.ROUND_TRIP_FORMATS[:1]
    assert sorted(written) == sorted(fmt for fmt, _ in here)
    for fmt, suffix in here:
        write_corpus(corpus(), tmp_path / f"c{suffix}", fmt)
        assert written[fmt] == (tmp_path / f"c{suffix}").read_bytes()


def test_the_uri_check_reads_the_view_with_the_answers_of_sparql(bundled_kb):
    # the KB's in-memory view answers the URI check with no query: the same URIs as the SPARQL check
    class SparqlOnly:
        def select(self, query):
            return bundled_kb.select(query)

    pool = kbview.seed_candidates(bundled_kb, kbview.load_ontology(bundled_kb), [DBO + "Person"])[:300]
    uris = sorted({*pool, DBR + "Ulm", DBR + "No_such_entity", DBO + "Person", "http://bengal.invalid/emerging/X",
                   DBR + "Bad iri"})
    assert kbview.graph_view(bundled_kb) is not None and kbview.graph_view(SparqlOnly()) is None
    by_view = checks._with_label(bundled_kb, uris)
    assert by_view == checks._with_label(SparqlOnly(), uris)
    assert DBR + "Ulm" in by_view and DBR + "No_such_entity" not in by_view and len(by_view) >= 300


def test_started_round_trips_are_stopped_when_the_block_ends_early(bundled_kb):
    # GoldCheck.start forks the side processes as soon as the corpus exists (bengal generate then works out
    # its statistics): an error before finish() (or Ctrl-C, SIGTERM) leaves none running
    with pytest.raises(RuntimeError, match="^statistics broke$"):
        with GoldCheck(bundled_kb, jobs=3) as gold:
            gold.start(corpus())
            processes = [process for _, process in gold.workers]
            assert len(processes) == 2
            raise RuntimeError("statistics broke")
    assert processes and not any(p.is_alive() for p in processes) and gold.workers == []


def test_two_steps_are_check_gold(bundled_kb):
    written: dict[str, bytes] = {}
    with GoldCheck(bundled_kb, jobs=2) as gold:
        gold.start(corpus())
        assert gold.finish(written) == check_gold(corpus(), bundled_kb)
    assert list(written) == ["nif"]
