"""The name parts kept between runs (bengal.generate.nameparts, issue 15): what is kept is nameparser's split of
each name, a run with every name kept needs no nameparser and makes the same corpus, and a damaged file is only
ignored."""

from __future__ import annotations

import pickle

from nameparser import HumanName

from bengal.generate import GenerateConfig, generate, nameparts
from bengal.generate.nameparts import add_name_parts, name_parts, take_new_name_parts
from bengal.generate.surface import family_name
from tests.kept_runs import corpus_digest, run_with_kept_file

CONFIG = GenerateConfig(docs=40, seed=11)


def test_parts_are_nameparsers():
    # by hand: nameparser's first and last parts ("van" opens the family name; a single word is a first name)
    assert name_parts("Ludwig van Beethoven") == ("Ludwig", "van Beethoven")
    assert name_parts("Albert Einstein") == ("Albert", "Einstein")
    assert name_parts("Madonna") == ("Madonna", "")
    for name in ("M. Shadows", "Dr. Dre", "Martin Luther King Jr.", "Tinchy Stryder", "José María Aznar"):
        parsed = HumanName(name)
        assert name_parts(name) == (parsed.first, parsed.last)
    assert family_name("Ludwig van Beethoven") == "van Beethoven"


def test_kept_parts_spare_nameparser(bundled_kb, tmp_path, monkeypatch):
    path = tmp_path / "parts.pickle"
    monkeypatch.setattr(nameparts, "name_parts_path", lambda: path)
    corpus = generate(bundled_kb, CONFIG).corpus
    kept = pickle.loads(path.read_bytes())
    assert kept  # the documents name people again (family names asked)
    assert all(kept[name] == (HumanName(name).first, HumanName(name).last) for name in list(kept)[:50])
    imported, digest = run_with_kept_file(path, "bengal.generate.nameparts", "name_parts_path", "nameparser", 40, 11)
    assert not imported  # every name was kept: nameparser not even imported
    assert digest == corpus_digest(corpus.documents)
    assert nameparts.save_name_parts() == 0  # nothing new: the file is not written again


def test_damaged_file_is_ignored(tmp_path, monkeypatch):
    path = tmp_path / "parts.pickle"
    path.write_bytes(b"not a pickle")
    monkeypatch.setattr(nameparts, "name_parts_path", lambda: path)
    nameparts.load_name_parts()
    name_parts("Albert Einstein")
    assert nameparts.save_name_parts() > 0  # replaced by what this process knows
    assert pickle.loads(path.read_bytes())["Albert Einstein"] == ("Albert", "Einstein")
    for bad in ({"A B": ("A",)}, {"A B": ["A", "B"]}, {"A B": ("A", 1)}, {1: ("A", "B")}, ["A B"]):
        path.write_bytes(pickle.dumps(bad))
        assert nameparts._read(path) == {}


def test_worker_parts_reach_the_parent():
    name = "Zyxwv Qqsstt-Made"
    assert name_parts(name) == (HumanName(name).first, HumanName(name).last)
    assert name in take_new_name_parts()  # what a worker sends
    assert name not in take_new_name_parts()  # taken once
    add_name_parts({"Made Up": ("Made", "Up")})  # what the parent does with it
    assert name_parts("Made Up") == ("Made", "Up")
    assert "Made Up" not in take_new_name_parts()  # handed in, not parsed here
