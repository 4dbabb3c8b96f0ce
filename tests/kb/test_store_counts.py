"""The predicate counts a built store keeps beside it (the summary strategy's salience)."""

from __future__ import annotations

import json

from bengal.generate.kbview import property_frequencies
from bengal.kb.store import _COUNTS_FILE, open_kb

DBO = "http://dbpedia.org/ontology/"
DBR = "http://dbpedia.org/resource/"
DUMP = f"""<{DBR}A> <{DBO}birthPlace> <{DBR}Berlin> .
<{DBR}B> <{DBO}birthPlace> <{DBR}Paris> .
<{DBR}B> <{DBO}birthPlace> <{DBR}Paris> .
<{DBR}A> <{DBO}birthDate> "1970-01-01" .
<{DBR}A> <{DBO}spouse> <{DBR}B> .
<{DBR}A> <{DBO}spouse> _:x .
<{DBR}A> <http://www.w3.org/2000/01/rdf-schema#label> "A"@en .
<{DBR}A> <http://xmlns.com/foaf/0.1/knows> <{DBR}B> .
"""


def test_counted_once_and_kept_with_the_store(tmp_path, monkeypatch):
    monkeypatch.setenv("BENGAL_CACHE", str(tmp_path / "cache"))
    dump = tmp_path / "kb.nt"
    dump.write_text(DUMP)
    kb = open_kb(dump)
    # by hand: birthPlace 2 (the repeated triple is one triple), spouse 1 (the blank node is no IRI),
    # foaf:knows 1; birthDate and rdfs:label have literal objects
    expected = {DBO + "birthPlace": 2, DBO + "spouse": 1, "http://xmlns.com/foaf/0.1/knows": 1}
    assert kb.predicate_counts() == expected
    assert property_frequencies(kb) == {DBO + "birthPlace": 2, DBO + "spouse": 1}
    kept = kb.folder / _COUNTS_FILE
    assert json.loads(kept.read_text()) == expected
    kept.write_text(json.dumps({DBO + "birthPlace": 7}))  # the next KB reads the file, not the store
    assert property_frequencies(open_kb(dump)) == {DBO + "birthPlace": 7}


def test_a_store_folder_opened_as_it_is_is_counted_without_writing(tmp_path, monkeypatch):
    monkeypatch.setenv("BENGAL_CACHE", str(tmp_path / "cache"))
    dump = tmp_path / "kb.nt"
    dump.write_text(DUMP)
    folder = open_kb(dump).folder
    kb = open_kb(folder)
    assert kb.folder is None and property_frequencies(kb) == {DBO + "birthPlace": 2, DBO + "spouse": 1}
    assert not (folder / _COUNTS_FILE).exists()
