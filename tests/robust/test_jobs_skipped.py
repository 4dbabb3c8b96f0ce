"""``skipped_iris`` in the manifest with ``--jobs > 1``: the IRIs the worker processes' KBs skipped
reach the manifest, and the count is the one of ``--jobs 1``.

The store is the tiny KB of ``tests/data`` plus one entity whose IRI has a space and which only
Einstein's facts name (it has no class, so the parent's seed query never meets it): by hand, one
distinct IRI is skipped, and only while Einstein's document is made.
"""

from __future__ import annotations

import json

import pyoxigraph as ox
import pytest
from cli_helpers import bengal
from conftest import TEST_DATA

TINY = (TEST_DATA / "tiny_kb.nt").read_text(encoding="utf-8")
BAD = "<http://dbpedia.org/resource/Bad Name>"
EXTRA = [f'{BAD} <http://www.w3.org/2000/01/rdf-schema#label> "Bad Name"@en .',
         f"<http://dbpedia.org/resource/Albert_Einstein> <http://dbpedia.org/ontology/spouse> {BAD} ."]


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    folder = tmp_path_factory.mktemp("skipped") / "store"
    st = ox.Store(str(folder))
    st.bulk_load((TINY + "".join(x + "\n" for x in EXTRA)).encode("utf-8"), ox.RdfFormat.N_TRIPLES, lenient=True)
    st.flush()
    del st
    return folder


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_skipped_iris_of_worker_processes_reach_the_manifest(store, jobs, tmp_path):
    proc = bengal("generate", "--kb", str(store), "--docs", "2", "--min-sentences", "1", "-q",
                  "--jobs", jobs, "-o", "out.ttl", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    manifest = json.loads((tmp_path / "out.ttl.manifest.json").read_text(encoding="utf-8"))
    assert manifest["kb"]["skipped_iris"] == 1
    assert "Bad Name" not in (tmp_path / "out.ttl").read_text(encoding="utf-8")
