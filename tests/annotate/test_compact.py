"""The baseline's compact containers (bengal.annotate.compact) against independent peers: Python's
sorted()/list.index for PackedStrings, a brute-force scan for TokenTrie, and spaCy's own
PhraseMatcher for the spotter the baseline builds from them."""

from __future__ import annotations

import pickle
import random

import pytest

from bengal.annotate.baseline import Baseline, Dictionary
from bengal.annotate.compact import PackedStrings, TokenTrie

R = "http://dbpedia.org/resource/"


def test_packed_strings_sort_find_and_round_trip():
    words = ["Zürich", "Paris", "Ωmega", "a", "Paris", "", "日本", "😀 face", "Z", "\ud800lone"]
    packed = PackedStrings(words)
    expected = sorted(set(words))  # Python's order of code points
    assert list(packed) == expected and len(packed) == len(expected)
    assert [packed[i] for i in range(len(packed))] == expected and packed[-1] == expected[-1]
    assert packed[1:3] == expected[1:3]
    for w in expected:
        assert packed.find(w) == expected.index(w) and packed.index(w) == expected.index(w) and w in packed
    for absent in ("paris", "Pari", "Parisx", "zz", "\U0001F600"):
        assert packed.find(absent) == -1 and absent not in packed
    assert 3 not in packed
    with pytest.raises(ValueError, match="'nope' is not in the packed strings"):
        packed.index("nope")
    with pytest.raises(IndexError, match="out of range"):
        packed[len(expected)]
    again = pickle.loads(pickle.dumps(packed))
    assert list(again) == expected and again.find("日本") == expected.index("日本")
    assert list(PackedStrings()) == [] and PackedStrings().find("x") == -1


def _brute_matches(stored: set[tuple[int, ...]], ids: list[int]) -> list[tuple[int, int]]:
    return sorted((s, e) for s in range(len(ids)) for e in range(s + 1, len(ids) + 1) if tuple(ids[s:e]) in stored)


def test_token_trie_finds_every_stored_run_as_a_brute_force_scan():
    rng = random.Random(16)
    stored = {tuple(rng.randrange(6) for _ in range(rng.randint(1, 4))) for _ in range(60)}
    trie = TokenTrie(stored)
    assert len(trie) == len(stored)
    for seq in stored:
        assert seq in trie and list(seq) in trie
    assert () not in trie and "ab" not in trie
    for _ in range(200):
        ids = [rng.randrange(-1, 7) for _ in range(rng.randint(0, 12))]  # -1: a token no pattern has
        assert trie.matches(ids) == _brute_matches(stored, ids)
    # nested and overlapping runs are all listed, as spaCy's PhraseMatcher lists them
    small = TokenTrie([(1,), (1, 2), (2, 3), (1, 2, 3)])
    assert small.matches([1, 2, 3]) == [(0, 1), (0, 2), (0, 3), (1, 3)]
    assert (1, 2, 4) not in small and (2,) not in small
    assert pickle.loads(pickle.dumps(small)).matches([0, 1, 2, 3]) == [(1, 2), (1, 3), (1, 4), (2, 4)]
    assert TokenTrie([]).matches([0, 1]) == []


def test_token_trie_refuses_empty_and_negative_sequences():
    with pytest.raises(ValueError, match="empty sequence"):
        TokenTrie([(1,), ()])
    with pytest.raises(ValueError, match="non-negative"):
        TokenTrie([(1, -2)])


def test_dictionary_views_and_bad_type():
    d = Dictionary({"Paris": [R + "Paris_(band)", R + "Paris"], "France": [R + "France"]},
                   degree={R + "Paris": 1, R + "France": 1, R + "Elsewhere": 9},
                   neighbours={R + "Paris": [R + "France", R + "Elsewhere"], R + "France": [R + "Paris"]},
                   types={R + "Paris": "http://dbpedia.org/ontology/Place"})
    assert d.candidates["Paris"] == (R + "Paris", R + "Paris_(band)") and "Lyon" not in d.candidates
    assert dict(d.degree) == {R + "France": 1, R + "Paris": 1}  # no form names Elsewhere: left out
    assert d.neighbours[R + "Paris"] == frozenset({R + "France"}) and R + "Paris_(band)" not in d.neighbours
    assert dict(d.types) == {R + "Paris": "http://dbpedia.org/ontology/Place"} and len(d.types) == 1
    with pytest.raises(KeyError):
        d.candidates["Lyon"]
    with pytest.raises(ValueError, match="type http://x/T is not one of"):
        Dictionary({"X": [R + "X"]}, types={R + "X": "http://x/T"})


FORMS = ["New York", "New York City", "York", "World War I", "World War I.", "U.S.", "AT&T", "A-ha",
         "Jean-Paul Sartre", "São Paulo", "Dr. No", "Guns N' Roses", "C++", "Mrs. Brown", "L.A.", "Cobb, Ty",
         "The The", "I", "Canada.", "Canada", "Rock'n'roll", "R&B", "Washington, D.C.", "9/11", "e-Bay",
         "(band)", "Paris (band)", "O'Neil"]
TEXTS = ["In New York City and New York, Cobb, Ty met Jean-Paul Sartre.", "The The played World War I. AT&T!",
         "U.S. and L.A. (band) A-ha, Dr. No's Mrs. Brown; São Paulo's C++ e-Bay 9/11.",
         "Guns N' Roses play Rock'n'roll and R&B in Washington, D.C. and Canada. O'Neil, I think, New",
         "York York  York\tYork\nNew  York New-York"]


def test_the_spotters_runs_are_the_phrase_matchers():
    """The trie finds the spans spaCy's PhraseMatcher finds (before the baseline's own filters)."""
    import spacy
    from spacy.matcher import PhraseMatcher

    nlp = spacy.blank("en")
    matcher = PhraseMatcher(nlp.vocab)
    # the baseline also looks for a form ending in a lone capital with a period ("World War I.", "I.")
    extra = [f + "." for f in FORMS if (f[-1].isupper() and (len(f) == 1 or f[-2] == " ")) and f + "." not in FORMS]
    assert extra == ["I."]
    matcher.add("F", list(nlp.tokenizer.pipe(FORMS + extra)))  # type: ignore[union-attr]
    d = Dictionary({f: [R + f.replace(" ", "_")] for f in FORMS})
    seen: list[tuple[int, int]] = []
    spotter = Baseline(d, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(len(FORMS) + 1, len(FORMS) + 1)]  # the forms and "I.", in one batch of up to 10,000
    for text in TEXTS:
        doc = nlp.make_doc(text)
        theirs = sorted((doc[s:e].start_char, doc[s:e].end_char) for _, s, e in matcher(doc))
        tokens = list(spotter.nlp.make_doc(text))
        vocab = spotter.patterns.vocab
        ids = [vocab.index(t.orth) if t.orth in vocab else -1 for t in tokens]
        runs = spotter.patterns.trie.matches(ids)
        ours = sorted((tokens[s].idx, tokens[e - 1].idx + len(tokens[e - 1])) for s, e in runs)
        assert ours == theirs, text
    assert theirs  # the last text has matches: the comparison is not of two empty lists
