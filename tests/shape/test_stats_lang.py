"""``bengal stats --lang L`` and the language a corpus records (its bengal manifest's
``parameters.lang``, a NIF file's ``nif:isString`` language tags): tokens and sentences counted by
spaCy's blank tokenizer and sentencizer of that language (issue 13).

The expected counts are worked out by hand from spaCy's rules for each language: Spanish keeps the
abbreviations "Sr." and "EE.UU." whole (English splits off their last period, which then also ends a
sentence); French splits the elided "C'", "l'" and "d'" off the next word (English keeps "C'est" whole);
German keeps "usw." and the ordinal "3." whole (English splits their period and starts a sentence after it).
"""

from __future__ import annotations

import hashlib
import json

import pytest

from bengal.errors import UsageError
from bengal.workflows.stats_files import stats_files
from tests.cli_helpers import assert_one_line_error, bengal

#: (text, tokens and sentences in its language, tokens and sentences in English), counted by hand:
#: es "Vive|en|la|calle|Sr.|López|." + "Nació|en|EE.UU.|en|1950|." = 7 + 6 tokens, 2 sentences;
#: en splits "Sr|." and "EE.UU|." (+2 tokens) and starts a sentence after each (+2 sentences).
TEXTS = {
    "es": ("Vive en la calle Sr. López. Nació en EE.UU. en 1950.", (13, 2), (15, 4)),
    # fr "C'|est|l'|Université|d'|Ottawa|." = 7; en "C'est|l'Université|d'Ottawa|." = 4
    "fr": ("C'est l'Université d'Ottawa.", (7, 1), (4, 1)),
    # de "Er|kam|am|3.|Mai|." + "Das|ist|usw.|bekannt|." = 6 + 5; en "3|." and "usw|." (+2, +2 sentences)
    "de": ("Er kam am 3. Mai. Das ist usw. bekannt.", (11, 2), (13, 4)),
}
NIF_PREFIXES = ("@prefix nif: <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#> .\n"
                "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n")


def write_jsonl(path, lang: str, manifest_lang: str | None = None, *, stale: bool = False):
    """One document of ``TEXTS[lang]`` with one mention (its last word before the period) as JSONL; with
    ``manifest_lang`` a bengal manifest beside it recording that language (``file_sha256`` of the file,
    or of other bytes when ``stale``)."""
    text = TEXTS[lang][0]
    word = text.rstrip(".").split(" ")[-1]
    begin = text.rindex(word)
    doc = {"uri": "http://example.org/d1", "text": text,
           "mentions": [{"begin": begin, "end": begin + len(word), "uris": []}]}
    path.write_text(json.dumps(doc, ensure_ascii=False) + "\n", encoding="utf-8")
    if manifest_lang is not None:
        digest = hashlib.sha256(b"other" if stale else path.read_bytes()).hexdigest()
        manifest = {"tool": "bengal", "parameters": {"docs": 1, "lang": manifest_lang}, "file_sha256": digest}
        path.with_name(path.name + ".manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return path


def write_nif(path, tag: str, lang: str = "de"):
    text = TEXTS[lang][0]
    path.write_text(NIF_PREFIXES + f'<http://example.org/d1#char=0,{len(text)}> a nif:Context ;\n'
                    f'  nif:beginIndex "0"^^xsd:nonNegativeInteger ;\n'
                    f'  nif:endIndex "{len(text)}"^^xsd:nonNegativeInteger ;\n'
                    f'  nif:isString "{text}"@{tag} .\n', encoding="utf-8")
    return path


def counts(shape) -> tuple[int, int]:
    return shape.values["tokens"], shape.values["sentences"]


@pytest.mark.parametrize("lang", sorted(TEXTS))
def test_lang_counts_tokens_and_sentences_of_that_language(tmp_path, lang, bundled_kb):
    path = write_jsonl(tmp_path / "c.jsonl", lang)
    _, own, english = TEXTS[lang]
    shape, = stats_files([path], lang=lang).shapes
    assert counts(shape) == own
    assert (shape.lang, shape.lang_source) == (lang, "--lang")
    assert shape.values["mentions_per_token"] == pytest.approx(1 / own[0])
    plain, = stats_files([path]).shapes  # no manifest, no --lang: English, as before
    assert counts(plain) == english
    assert (plain.lang, plain.lang_source) == ("en", None)


def test_the_manifest_language_is_used_and_said(tmp_path, bundled_kb):
    write_jsonl(tmp_path / "fr.jsonl", "fr", "fr")
    ran = bengal("stats", "fr.jsonl", "--json", "out.json", cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert "fr: tokens and sentences in fr (from fr.jsonl.manifest.json)" in ran.stdout.splitlines()
    payload = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["corpora"][0]
    assert (payload["lang"], payload["lang_source"]) == ("fr", "fr.jsonl.manifest.json")
    assert (payload["measures"]["tokens"], payload["measures"]["sentences"]) == TEXTS["fr"][1]
    # --lang agreeing with the manifest: the same counts, said to come from --lang
    shape, = stats_files([tmp_path / "fr.jsonl"], lang="FR").shapes
    assert counts(shape) == TEXTS["fr"][1] and shape.lang_source == "--lang"


def test_a_stale_manifest_says_nothing(tmp_path, bundled_kb):
    shape, = stats_files([write_jsonl(tmp_path / "es.jsonl", "es", "es", stale=True)]).shapes
    assert counts(shape) == TEXTS["es"][2] and shape.lang == "en"


def test_the_nif_language_tag_is_used(tmp_path, bundled_kb):
    shape, = stats_files([write_nif(tmp_path / "de.ttl", "de-AT")]).shapes
    assert counts(shape) == TEXTS["de"][1]
    assert (shape.lang, shape.lang_source) == ("de", "its nif:isString tags")


def test_conflicts_are_one_line_errors(tmp_path):
    write_jsonl(tmp_path / "fr.jsonl", "fr", "fr")
    assert_one_line_error(bengal("stats", "fr.jsonl", "--lang", "de", cwd=tmp_path),
                          "--lang de, but fr.jsonl is in fr (fr.jsonl.manifest.json)")
    write_nif(tmp_path / "de.ttl", "de")
    (tmp_path / "de.ttl.manifest.json").write_text(json.dumps({"parameters": {"lang": "es"}}), encoding="utf-8")
    assert_one_line_error(bengal("stats", "de.ttl", cwd=tmp_path),
                          "de.ttl: de.ttl.manifest.json says es but its nif:isString tags say de")
    with pytest.raises(UsageError, match="tagged in several languages"):
        two = NIF_PREFIXES + ('<http://example.org/a#char=0,2> a nif:Context ; nif:isString "ab"@de .\n'
                              '<http://example.org/b#char=0,2> a nif:Context ; nif:isString "ab"@fr .\n')
        (tmp_path / "two.ttl").write_text(two, encoding="utf-8")
        stats_files([tmp_path / "two.ttl"])


@pytest.mark.parametrize("lang, needle", [("zz", "spaCy has no tokenizer for the language 'zz'"),
                                          ("e s", "not a language tag")])
def test_bad_lang_is_a_one_line_error(tmp_path, lang, needle):
    write_jsonl(tmp_path / "c.jsonl", "es")
    assert_one_line_error(bengal("stats", "c.jsonl", "--lang", lang, cwd=tmp_path), "--lang", needle)
    (tmp_path / "c.jsonl.manifest.json").write_text(json.dumps({"parameters": {"lang": lang}}), encoding="utf-8")
    assert_one_line_error(bengal("stats", "c.jsonl", cwd=tmp_path), "c.jsonl.manifest.json", needle)


def test_a_generated_corpus_measures_the_density_it_was_made_with(tmp_path, bundled_kb):
    """The generator counts tokens in the corpus's language, so must ``bengal stats`` reading its manifest:
    the two token totals are the same (with English counts they differ for French)."""
    ran = bengal("generate", "--lang", "fr", "--docs", "20", "--seed", "1", "-q", "-o", "fr.jsonl", cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    made = json.loads((tmp_path / "fr.jsonl.manifest.json").read_text(encoding="utf-8"))["stats"]
    shape, = stats_files([tmp_path / "fr.jsonl"]).shapes
    assert shape.lang == "fr"
    assert (shape.values["tokens"], shape.values["mentions"]) == (made["tokens"], made["mentions"])
    assert made["token_counter"] == "spaCy fr tokenizer (spacy.blank('fr'))"
    import spacy

    english = spacy.blank("en").tokenizer  # what bengal stats counted before --lang: other totals
    docs = [json.loads(line) for line in (tmp_path / "fr.jsonl").read_text(encoding="utf-8").splitlines()]
    assert sum(1 for d in docs for t in english(d["text"]) if not t.is_space) != made["tokens"]
