"""A corpus and its manifest are one unit (issue 14): a failure while the manifest is written
leaves both old files as they were (it deleted the previous corpus), nothing hidden is left
behind, and a manifest beside another version of its corpus (what a SIGKILL between the two
renames would leave) is reported as stale, not believed."""

from __future__ import annotations

import json

import pytest

from bengal.atomic import atomic_files
from bengal.io.formats import write_corpus
from bengal.io.manifest import manifest_path, read_manifest, set_info, write_with_manifest
from bengal.model import Corpus, Document, Mention

OLD = Corpus((Document("http://example.org/d1", "Berlin is old."),), name="old")
NEW = Corpus((Document("http://example.org/d1", "Paris is new.",
                       (Mention(0, 5, "Paris", frozenset({"http://dbpedia.org/resource/Paris"})),)),), name="new")


@pytest.fixture
def old_pair(tmp_path):
    out = tmp_path / "c.ttl"
    write_with_manifest(OLD, out, {"tool": "bengal", "parameters": {"docs": 1}})
    return out, out.read_bytes(), manifest_path(out).read_bytes()


def _unchanged(out, corpus, manifest):
    assert out.read_bytes() == corpus and manifest_path(out).read_bytes() == manifest
    assert sorted(p.name for p in out.parent.iterdir()) == ["c.ttl", "c.ttl.manifest.json"]  # no .tmp left


def test_a_manifest_that_cannot_be_serialised_leaves_the_old_corpus(old_pair):
    out, corpus, manifest = old_pair
    with pytest.raises(TypeError):
        write_with_manifest(NEW, out, {"tool": "bengal", "bad": object()})
    _unchanged(out, corpus, manifest)


def test_a_manifest_that_cannot_be_put_in_place_leaves_the_old_corpus(tmp_path):
    """The manifest's path is a folder (the rename fails after both files were written): the
    corpus that was there before is still there, byte for byte."""
    out = tmp_path / "c.ttl"
    write_corpus(OLD, out)
    before = out.read_bytes()
    manifest_path(out).mkdir()
    with pytest.raises(OSError):
        write_with_manifest(NEW, out, {"tool": "bengal"})
    assert out.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.ttl", "c.ttl.manifest.json"]


def test_a_new_pair_replaces_the_old_and_names_its_corpus_checksum(old_pair):
    import hashlib

    out, _, _ = old_pair
    write_with_manifest(NEW, out, {"tool": "bengal", "parameters": {"docs": 2}})
    manifest = json.loads(manifest_path(out).read_text(encoding="utf-8"))
    assert manifest["file_sha256"] == hashlib.sha256(out.read_bytes()).hexdigest()
    assert "Paris is new." in out.read_text(encoding="utf-8")
    assert read_manifest(out) == (manifest, None)


def test_a_manifest_beside_another_version_of_its_corpus_is_stale(old_pair):
    out, _, _ = old_pair
    write_corpus(NEW, out)  # the corpus changed under its manifest (or a SIGKILL between the renames)
    manifest, problem = read_manifest(out)
    assert manifest is None and "is stale" in problem and "c.ttl" in problem
    info, problem = set_info(out)
    assert info is None and "is stale" in problem


def test_atomic_files_refuses_bad_arguments_and_an_unwritten_file(tmp_path):
    (tmp_path / "sub").mkdir()
    with pytest.raises(ValueError, match="not all in"):
        with atomic_files(tmp_path / "a", tmp_path / "sub" / "b"):
            pass
    with pytest.raises(ValueError, match="twice"):
        with atomic_files(tmp_path / "a", tmp_path / "a"):
            pass
    with pytest.raises(ValueError, match="no paths"):
        with atomic_files():
            pass
    with pytest.raises(FileNotFoundError, match="b was not written"):
        with atomic_files(tmp_path / "a", tmp_path / "b") as (a, _b):
            a.write_text("x")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sub"]  # nothing put in place, nothing left
