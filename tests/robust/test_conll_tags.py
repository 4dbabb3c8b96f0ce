"""CoNLL tags with spaces (issue 14): ``bengal convert fox.ttl -o x.conll`` (GERBIL's FOX OKE
example, whose mentions carry several types) wrote ``B-ann:Annotation http://…PERSON …`` lines
that bengal could not read back. The writer now refuses a type with whitespace in one line naming
the document and mention; the reader's error for such a line names file and line."""

from __future__ import annotations

import io

import pytest
from cli_helpers import assert_one_line_error, bengal
from conftest import shared_path

from bengal.errors import InputError
from bengal.io.conll import read_conll, write_conll
from bengal.model import Corpus, Document, Mention


def _corpus(typ: str) -> Corpus:
    return Corpus((Document("http://example.org/d1", "James Carville spoke.",
                            (Mention(0, 14, "James Carville", frozenset(), typ),)),), name="t")


@pytest.mark.parametrize("typ", ["ann:Annotation http://ns.aksw.org/scms/annotations/PERSON", "PER\tORG",
                                 "PER\nORG", "PER\u00a0ORG"])
def test_a_type_with_whitespace_is_refused_naming_the_document(typ):
    with pytest.raises(InputError, match=r"document http://example.org/d1: mention \[0,14\) 'James Carville'"
                                         r" has the type .*whitespace"):
        write_conll(_corpus(typ), io.StringIO())


def test_a_type_without_whitespace_reads_back():
    buf = io.StringIO()
    write_conll(_corpus("http://dbpedia.org/ontology/Person"), buf)
    assert buf.getvalue().splitlines()[2:4] == ["James B-http://dbpedia.org/ontology/Person",
                                                "Carville I-http://dbpedia.org/ontology/Person"]
    back = read_conll(buf.getvalue().encode("utf-8"))
    assert [(m.begin, m.end, m.type) for m in back.documents[0].mentions] == [
        (0, 14, "http://dbpedia.org/ontology/Person")]


def test_convert_of_gerbils_fox_example_to_conll_is_one_line_and_writes_nothing(tmp_path):
    source = shared_path("nif", "gerbil-test-resources", "FOX-OKE_2015_Task_1_example_set-w-A2KB.ttl")
    proc = bengal("convert", str(source), "-o", "x.conll", cwd=tmp_path)
    assert_one_line_error(proc, "a CoNLL tag cannot carry it")
    assert proc.returncode == 1 and "sentence-2" in proc.stderr and list(tmp_path.iterdir()) == []
    ok = bengal("convert", str(source), "-o", "y.conll", "--map-types", cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr
    assert all(len(line.split()) in (0, 2) for line in (tmp_path / "y.conll").read_text(encoding="utf-8").splitlines())


def test_a_tag_line_with_a_space_is_an_error_naming_file_and_line(tmp_path):
    path = tmp_path / "spaced.conll"
    path.write_text("James B-PER\nCarville I-PER X\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"spaced.conll:2: 3 columns where the file has 2 \(a token with a space\?\)"):
        read_conll(path)
