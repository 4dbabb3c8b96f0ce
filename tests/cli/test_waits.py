"""Every wait says what it is for (issue 16): the first-use store build, kb info's counts (kept with
the store for the next run), the baseline's dictionary, and the run report's load time apart from
the per-document time. Tiny KBs in a fresh cache, so each test builds its own store in well under
a second."""

from __future__ import annotations

import json
import re
from pathlib import Path

from bengal.annotate.run import RunReport
from bengal.kb.store import open_kb
from bengal.report.text import run_report_lines
from tests.cli_helpers import bengal
from tests.conftest import TEST_DATA

R = "http://dbpedia.org/resource/"
LABEL = "<http://www.w3.org/2000/01/rdf-schema#label>"


def test_first_kb_info_on_a_fresh_cache_says_it_builds_and_counts_then_the_second_reads(tmp_path, monkeypatch):
    monkeypatch.setenv("BENGAL_CACHE", str(tmp_path / "cache"))
    kb = str(TEST_DATA / "tiny_kb.nt")
    first = bengal("kb", "info", "--kb", kb, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    lines = first.stderr.splitlines()
    assert lines[0] == (f"bengal: building the KB store of tiny_kb.nt ({(TEST_DATA / 'tiny_kb.nt').stat().st_size:,} "
                        f"bytes; first use only, kept in {tmp_path / 'cache' / 'stores'})")
    assert re.fullmatch(r"bengal: KB store built in \d+\.\d s", lines[1])
    assert lines[2] == "bengal: counting the KB's entities, classes and labels (41 triples; kept for the next run)"
    assert re.fullmatch(r"bengal: counted in \d+\.\d s", lines[3]) and len(lines) == 4
    assert "bengal:" not in first.stdout  # the messages go to stderr
    second = bengal("kb", "info", "--kb", kb, cwd=tmp_path)
    assert second.returncode == 0 and second.stderr == ""  # nothing to wait for: the store and the counts are kept
    assert second.stdout == first.stdout
    kept = list((tmp_path / "cache" / "stores").glob("*/bengal-kb-info-*.json"))
    assert len(kept) == 1
    counts = json.loads(kept[0].read_text(encoding="utf-8"))
    assert counts["triples"] == 41 and list(counts["languages"])[0] == "en"  # en first, as computed
    counts["triples"] = 99  # the next run reads the kept counts, not the store
    kept[0].write_text(json.dumps(counts), encoding="utf-8")
    assert re.search(r"^triples\s+99$", bengal("kb", "info", "--kb", kb, cwd=tmp_path).stdout, re.M)
    kept[0].write_text("{not json", encoding="utf-8")  # a damaged file is counted again
    third = bengal("kb", "info", "--kb", kb, cwd=tmp_path)
    assert third.stdout == first.stdout


def test_store_build_reports_the_bytes_read_of_plain_and_gzipped_dumps(tmp_path, monkeypatch):
    import gzip

    monkeypatch.setenv("BENGAL_CACHE", str(tmp_path / "cache"))
    data = (TEST_DATA / "tiny_kb.nt").read_bytes()
    gz = tmp_path / "tiny.nt.gz"
    gz.write_bytes(gzip.compress(data))
    said: list[str] = []
    seen: list[tuple[int, int]] = []
    for dump in (TEST_DATA / "tiny_kb.nt", gz):
        said.clear()
        seen.clear()
        kb = open_kb(dump, status=said.append, progress=lambda d, t: seen.append((d, t)))
        assert len(kb) == 41
        size = dump.stat().st_size
        assert seen[-1] == (size, size) and all(t == size for _, t in seen)  # the file's bytes, compressed for .gz
        assert [d for d, _ in seen] == sorted(d for d, _ in seen)
        assert said[0].startswith(f"building the KB store of {dump.name}") and said[1].startswith("KB store built in")
        said.clear()
        open_kb(dump, status=said.append)  # built: no wait, nothing said
        assert said == []


def test_baseline_load_is_said_and_counted_apart_from_documents(tmp_path, monkeypatch):
    monkeypatch.setenv("BENGAL_CACHE", str(tmp_path / "cache"))
    kb = tmp_path / "slice.nt"
    kb.write_text(f'<{R}Paris> {LABEL} "Paris"@en .\n<{R}France> {LABEL} "France"@en .\n', encoding="utf-8")
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"uri": "http://x/1", "text": "Paris is in France.", "mentions": []}) + "\n",
                    encoding="utf-8")
    ran = bengal("annotate", str(gold), "--system", "baseline", "--kb", str(kb), "-o", str(tmp_path / "p.jsonl"),
                 "--no-progress", "--report-json", str(tmp_path / "r.json"), cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    said = [line for line in ran.stderr.splitlines() if line.startswith("bengal: ")]
    assert said[0].startswith("bengal: building the KB store of slice.nt")
    assert said[2].startswith(f"bengal: building the baseline's dictionary from {kb} ")
    assert said[2].endswith("cached for the next run)")
    assert said[3].startswith("bengal: dictionary: 2 surface forms (") and said[4].startswith("bengal: baseline ready")
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert report["annotated"] == 1 and report["load_seconds"] > 0
    # the load (a store, the dictionary, spaCy's matcher) is not in the one document's time
    assert report["seconds_max"] < report["load_seconds"]
    assert re.search(r"s per document .*; \d+\.\d s to load the system first$", ran.stderr, re.M)


def test_run_report_line_names_the_load_apart():
    report = RunReport("baseline", documents=2, annotated=2, seconds=0.5, timings=[0.2, 0.3], load_seconds=21.04)
    assert run_report_lines(report)[0] == ("baseline: 2/2 documents annotated, 0 failed; 0.250 s per document "
                                           "(median 0.250, max 0.300); 21.0 s to load the system first")
    quick = RunReport("http://x/", documents=1, annotated=1, seconds=0.1, timings=[0.1])  # a URL: nothing loads
    assert "to load" not in run_report_lines(quick)[0]
    assert report.to_json()["load_seconds"] == 21.04


def test_cached_json_of_a_store_folder_opened_as_it_is_is_computed_each_time(tmp_path, monkeypatch):
    monkeypatch.setenv("BENGAL_CACHE", str(tmp_path / "cache"))
    built = open_kb(TEST_DATA / "tiny_kb.nt")
    assert built.folder is not None
    folder = Path(built.folder)
    del built
    kb = open_kb(folder)  # a store folder: no folder of bengal's to write into
    calls: list[int] = []
    assert kb.cached_json("x.json", lambda: calls.append(1) or {"a": 1}) == {"a": 1}
    assert kb.cached_json("x.json", lambda: calls.append(1) or {"a": 1}) == {"a": 1}
    assert calls == [1, 1] and not (folder / "x.json").exists()


def test_stats_says_it_builds_the_name_index_then_reads_it_from_the_cache(tmp_path, monkeypatch):
    from bengal.kb import names

    monkeypatch.setenv("BENGAL_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(names, "_MEMORY", {})  # the commands run in this process: no index kept from before
    kb = str(TEST_DATA / "tiny_kb.nt")
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"uri": "http://x/1", "text": "Ulm is small.", "mentions": [
        {"begin": 0, "end": 3, "uris": [R + "Ulm"]}]}) + "\n", encoding="utf-8")
    first = bengal("stats", str(gold), "--kb", kb, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    said = [line for line in first.stderr.splitlines() if line.startswith("bengal: ")]
    assert said[0].startswith("bengal: building the KB store of tiny_kb.nt")
    assert said[1].startswith("bengal: KB store built")
    assert said[2] == (f"bengal: building the KB's name index from {kb} (labels, alt labels, types, in-degrees; "
                       "cached for the next run)")
    # by hand from tiny_kb.nt: 8 ontology labels; Albert Einstein (a dbo:Person: + Einstein), Alfred
    # Kleiner (no dbo:Person), Ulm, Princeton, New Jersey (+ Princeton), Bern, Washington, D.C.
    # (+ Washington), Mercury (planet) (→ Mercury): 8 + 10 = 18 forms of 15 entities
    assert re.fullmatch(r"bengal: name index: 18 surface forms of 15 entities \(\d+\.\d s\)", said[3])
    assert len(said) == 4
    monkeypatch.setattr(names, "_MEMORY", {})  # as a new process: the index only on disk
    second = bengal("stats", str(gold), "--kb", kb, cwd=tmp_path)
    assert second.returncode == 0 and second.stdout == first.stdout
    again = [line for line in second.stderr.splitlines() if line.startswith("bengal: ")]
    assert again[0].startswith("bengal: reading the KB's name index from the cache ") and len(again) == 2
    assert again[1] == said[3][:said[3].rindex("(")] + again[1][again[1].rindex("("):]


def test_generate_says_the_seed_pool_size(tmp_path, monkeypatch):
    monkeypatch.setenv("BENGAL_CACHE", str(tmp_path / "cache"))
    ran = bengal("generate", "--kb", str(TEST_DATA / "tiny_kb.nt"), "--docs", "2", "--min-sentences", "2",
                 "--max-sentences", "5", "--seed", "7", "--classes", "dbo:Person,dbo:Place",
                 "-o", str(tmp_path / "g.jsonl"), cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    said = [line for line in ran.stderr.splitlines() if line.startswith("bengal: ")]
    assert said[2] == "bengal: reading the ontology and the seed pool of dbo:Person, dbo:Place"
    # the first generate on a fresh cache also builds the in-memory view of the store (bengal/kb/graph.py)
    assert said[3] == (f"bengal: building the KB's in-memory view for generation (first use only, kept in "
                       f"{next((tmp_path / 'cache' / 'stores').iterdir())})")
    assert re.fullmatch(r"bengal: in-memory view built in \d+\.\d s", said[4])
    del said[3:5]
    # the instances of Person, Scientist, Place, City in tiny_kb.nt: Albert Einstein, Alfred
    # Kleiner (a Scientist), Princeton, New Jersey and Ulm
    assert re.fullmatch(r"bengal: seed pool: 4 candidates \(\d+\.\d s\); trying them, shuffled by the seed, "
                        r"until 2 documents are made", said[3])
    assert len(said) == 4
