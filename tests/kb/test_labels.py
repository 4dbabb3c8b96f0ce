"""How entities and terms are named in text (bengal.kb.labels); expected values written by hand."""

from __future__ import annotations

from bengal.kb.labels import local_name, surface_of, writable_label


def test_surface_drops_disambiguation_only():
    assert surface_of("Mercury (planet)") == "Mercury"
    assert surface_of("Princeton, New Jersey") == "Princeton, New Jersey"
    assert surface_of("(band)") == "(band)"


def test_local_name_of_ontology_terms_and_resources():
    assert local_name("http://dbpedia.org/ontology/birthPlace") == "birthPlace"
    assert local_name("http://www.w3.org/2000/01/rdf-schema#label") == "label"
    assert local_name("http://dbpedia.org/resource/Ender's_Game") == "Ender's_Game"
    assert local_name("http://dbpedia.org/resource/AC/DC") == "DC"  # the last part only


def test_writable_label():
    assert writable_label("Paris (band)")
    assert not writable_label("  ")
    assert not writable_label("Albert_Einstein")
    assert not writable_label("http://dbpedia.org/resource/Paris")


def test_a_label_with_a_control_character_is_not_writable():
    from bengal.kb.labels import writable_label

    for bad in ("Ulm\nDonau", "Be\x00rn", "Tab\tbed", "CR\r", "Del\x7f", "Next\x85line", "Line\u2028sep",
                "Para\u2029sep", "\x1b[31mRed"):
        assert not writable_label(bad), repr(bad)
    for good in ("Ulm", "Zürich", "São Paulo", "Ōsaka", "Ça va", "L\u00a0A"):  # no-break space is no control
        assert writable_label(good), repr(good)
