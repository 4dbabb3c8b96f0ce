"""JSONL read / write. Expected values are written out by hand."""

from __future__ import annotations

import json
import re

import pytest
from cli_helpers import assert_one_line_error, bengal

from bengal.errors import InputError
from bengal.io import read_corpus, read_jsonl, write_corpus, write_jsonl
from bengal.model import Corpus, Document, Mention

DBR = "http://dbpedia.org/resource/"

# "X claps 👏 Berlin": Berlin is [10,16) in code points (👏 is one code point).
EMOJI_TEXT = "X claps 👏 Berlin"
# 'She said "Hi"\nto Bonn \\ ok': S0 h1 e2 ' '3 s4 a5 i6 d7 ' '8 "9 H10 i11 "12 \n13 t14 o15
# ' '16 B17 o18 n19 n20 ' '21 \22 ' '23 o24 k25
TRICKY_TEXT = 'She said "Hi"\nto Bonn \\ ok'


def sample_corpus() -> Corpus:
    return Corpus(
        (
            Document(
                "http://example.org/doc,1",
                EMOJI_TEXT,
                (
                    Mention(10, 16, "Berlin", frozenset({DBR + "Berlin", "http://de.dbpedia.org/resource/Berlin"}),
                            "LOC", 0.5),
                    Mention(0, 1, "X", frozenset(), None, None),  # NIL
                ),
            ),
            Document(
                "http://example.org/doc2",
                TRICKY_TEXT,
                (
                    Mention(9, 13, '"Hi"', frozenset(), "MISC", None),
                    Mention(17, 21, "Bonn", frozenset({"http://example.org/a,b"}), "http://dbpedia.org/ontology/City",
                            1.0),
                ),
            ),
            Document("urn:x:empty", "", ()),
        ),
        name="s",
    )


def test_round_trip(tmp_path):
    corpus = sample_corpus()
    for name in ("c.jsonl", "c.jsonl.gz"):
        write_corpus(corpus, tmp_path / name)
        back = read_corpus(tmp_path / name)
        assert back.documents == corpus.documents
        assert back.warnings == ()
        assert back.metadata["format"] == "jsonl"
        assert back.name == "c"


def test_written_lines(tmp_path):
    write_corpus(sample_corpus(), tmp_path / "c.jsonl")
    raw = (tmp_path / "c.jsonl").read_bytes()
    assert raw.endswith(b"\n") and raw.count(b"\n") == 3
    assert "👏".encode("utf-8") in raw  # UTF-8, not \ud83d\udc4f escapes
    lines = [json.loads(line) for line in raw.decode("utf-8").splitlines()]
    assert lines[0] == {
        "uri": "http://example.org/doc,1",
        "text": EMOJI_TEXT,
        "mentions": [
            {"begin": 0, "end": 1, "surface": "X", "uris": [], "type": None, "score": None},
            {
                "begin": 10,
                "end": 16,
                "surface": "Berlin",
                "uris": ["http://dbpedia.org/resource/Berlin", "http://de.dbpedia.org/resource/Berlin"],
                "type": "LOC",
                "score": 0.5,
            },
        ],
    }
    assert lines[1]["text"] == TRICKY_TEXT
    assert lines[2] == {"uri": "urn:x:empty", "text": "", "mentions": []}
    # exact bytes of a small document, written out by hand
    small = Corpus((Document("u", "ab", (Mention(0, 2, "ab", frozenset({"http://x/A"})),)),))
    write_corpus(small, tmp_path / "s.jsonl")
    assert (tmp_path / "s.jsonl").read_text(encoding="utf-8") == (
        '{"uri":"u","text":"ab","mentions":[{"begin":0,"end":2,"surface":"ab","uris":["http://x/A"],'
        '"type":null,"score":null}]}\n'
    )


def test_deterministic(tmp_path):
    corpus = sample_corpus()
    write_corpus(corpus, tmp_path / "a.jsonl.gz")
    reordered = Corpus(tuple(Document(d.uri, d.text, tuple(reversed(d.mentions))) for d in corpus))
    write_corpus(reordered, tmp_path / "b.jsonl.gz")
    assert (tmp_path / "a.jsonl.gz").read_bytes() == (tmp_path / "b.jsonl.gz").read_bytes()


def write_lines(tmp_path, *lines, name="t.jsonl"):
    path = tmp_path / name
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_lenient_fields(tmp_path):
    path = write_lines(
        tmp_path,
        json.dumps({"uri": "d1", "text": EMOJI_TEXT, "mentions": [
            {"begin": 10, "end": 16, "uri": DBR + "Berlin"},          # one string in place of "uris"
            {"begin": 0, "end": 1, "uri": None, "anchor": "X"},        # NIL, "anchor" in place of "surface"
            {"begin": 2, "end": 7, "score": 1},                          # no URIs at all: NIL; int score
        ], "extra": "ignored"}, ensure_ascii=True),
        "",
        "   ",
    )
    corpus = read_corpus(path)
    assert corpus.warnings == ()
    (doc,) = corpus.documents
    assert doc.mentions == (
        Mention(0, 1, "X", frozenset()),
        Mention(2, 7, "claps", frozenset(), None, 1.0),
        Mention(10, 16, "Berlin", frozenset({DBR + "Berlin"})),
    )


def test_anchor_mismatch_and_duplicates(tmp_path):
    path = write_lines(
        tmp_path,
        json.dumps({"uri": "d1", "text": "Angela Merkel", "mentions": []}),
        json.dumps({"uri": "d2", "text": "Obama in Bonn", "mentions": [
            {"begin": 0, "end": 5, "surface": "Obama ", "uris": [DBR + "Barack_Obama"]},
            {"begin": 9, "end": 13, "uris": [DBR + "Bonn"]},
            {"begin": 9, "end": 13, "uris": [DBR + "Bonn"]},
            {"begin": 9, "end": 13, "uris": [DBR + "Bonn_(district)"]},
        ]}),
    )
    corpus = read_corpus(path)
    assert [(w.code, w.where) for w in corpus.warnings] == [
        ("anchor_mismatch", "d2#mentions[0]"),
        ("duplicate_mention", "d2#mentions[2]"),
    ]
    assert f"{path}:2" in corpus.warnings[0].message
    obama = corpus.documents[1].mentions[0]
    assert obama.surface == "Obama"  # from the text; the offsets are the truth
    assert corpus.mention_count == 4
    with pytest.raises(InputError) as err:
        read_corpus(path, strict=True)
    assert str(err.value).startswith(f"{path}:2: ")
    assert "anchor_mismatch" in str(err.value)


BAD = {
    "bad json": ('{"uri": "d", "text": "abc", "mentions": [}', 2, "invalid JSON"),
    "not an object": ("[1, 2]", 2, "not a JSON object"),
    "null line": ("null", 2, None),
    "missing uri": ('{"text": "abc", "mentions": []}', 2, "missing field 'uri'"),
    "missing text": ('{"uri": "d", "mentions": []}', 2, "missing field 'text'"),
    "missing mentions": ('{"uri": "d", "text": "abc"}', 2, "missing field 'mentions'"),
    "missing end": ('{"uri": "d", "text": "abc", "mentions": [{"begin": 0}]}', 2, "missing field 'end'"),
    "missing begin": ('{"uri": "d", "text": "abc", "mentions": [{"end": 1}]}', 2, "missing field 'begin'"),
    "string offset": ('{"uri": "d", "text": "abc", "mentions": [{"begin": "0", "end": 1}]}', 2, "'begin'"),
    "bool offset": ('{"uri": "d", "text": "abc", "mentions": [{"begin": false, "end": 1}]}', 2, "'begin'"),
    "float offset": ('{"uri": "d", "text": "abc", "mentions": [{"begin": 0, "end": 1.0}]}', 2, "'end'"),
    "outside": ('{"uri": "d", "text": "abc", "mentions": [{"begin": 1, "end": 4}]}', 2, "outside the text"),
    "empty span": ('{"uri": "d", "text": "abc", "mentions": [{"begin": 2, "end": 2}]}', 2, "[2,2)"),
    "uris not a list": ('{"uri": "d", "text": "abc", "mentions": [{"begin": 0, "end": 1, "uris": "x"}]}', 2,
                        "'uris'"),
    "bad score": ('{"uri": "d", "text": "abc", "mentions": [{"begin": 0, "end": 1, "score": "hi"}]}', 2, "'score'"),
    "bad type": ('{"uri": "d", "text": "abc", "mentions": [{"begin": 0, "end": 1, "type": 3}]}', 2, "'type'"),
    "duplicate document": ('{"uri": "d0", "text": "x", "mentions": []}', 2, "d0 already used on line 1"),
    # a line cut inside a string: json's message names the place (the line break, 1-based column 25 after the 24
    # characters) only in str(), and the error's message ended "Invalid control character at"
    "cut in a string": ('{"uri": "d", "text": "ab', 2, ":2:25: invalid JSON: Invalid control character at column 25"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_names_file_and_line(tmp_path, case):
    line, lineno, needle = BAD[case]
    path = write_lines(tmp_path, '{"uri": "d0", "text": "x", "mentions": []}', line)
    with pytest.raises(InputError) as err:
        read_corpus(path)
    assert err.value.line == lineno
    assert str(err.value).startswith(f"{path}:{lineno}")
    if needle:
        assert needle in str(err.value)


def test_bad_json_after_blank_lines_counts_lines(tmp_path):
    path = write_lines(tmp_path, "", '{"uri": "d0", "text": "x", "mentions": []}', "", "{oops")
    with pytest.raises(InputError) as err:
        read_corpus(path)
    assert err.value.line == 4


def test_not_utf8(tmp_path):
    path = tmp_path / "latin1.jsonl"
    path.write_bytes('{"uri": "d", "text": "Müller", "mentions": []}\n'.encode("latin-1"))
    with pytest.raises(InputError) as err:
        read_corpus(path)
    assert err.value.line == 1


def test_streams_and_nan():
    import io

    buf = io.StringIO()
    write_jsonl(sample_corpus(), buf)
    back = read_jsonl(buf.getvalue().encode("utf-8"), name="mem")
    assert back.documents == sample_corpus().documents
    assert back.name == "mem"
    nan = Corpus((Document("d", "a", (Mention(0, 1, "a", frozenset(), None, float("nan")),)),))
    with pytest.raises(ValueError):
        write_jsonl(nan, io.StringIO())


def test_failed_write_leaves_nothing(tmp_path):
    nan = Document("d2", "a", (Mention(0, 1, "a", frozenset(), None, float("inf")),))
    corpus = Corpus((Document("d1", "fine " * 10000, ()), nan))
    with pytest.raises(ValueError):
        write_corpus(corpus, tmp_path / "c.jsonl")
    assert list(tmp_path.iterdir()) == []


def test_truncated_gzip(tmp_path):
    write_corpus(sample_corpus(), tmp_path / "t.jsonl.gz")
    data = (tmp_path / "t.jsonl.gz").read_bytes()
    (tmp_path / "t.jsonl.gz").write_bytes(data[: len(data) // 2])
    with pytest.raises(InputError, match="cannot read"):
        read_corpus(tmp_path / "t.jsonl.gz")


@pytest.mark.parametrize("line, needle", [
    ('{"uri":"http://x/d1","text":"ab\\ud800c","mentions":[]}', "document http://x/d1: the text holds a lone "
     "surrogate U+D800 at offset 2"),
    ('{"uri":"http://x/\\udfff","text":"abc","mentions":[]}', "the document URI holds a lone surrogate U+DFFF "
     "at offset 9"),
    ('{"uri":"http://x/d1","text":"ab\\ud83d\\ude00c","mentions":[{"begin":2,"end":3,"uris":["http://x/\\udc00"]}]}',
     "document http://x/d1, mention 0: a URI holds a lone surrogate U+DC00 at offset 9"),
    ('{"uri":"http://x/d1","text":"abc","mentions":[{"begin":0,"end":1,"type":"P\\ud800"}]}',
     "document http://x/d1, mention 0: the type holds a lone surrogate U+D800 at offset 1"),
])
def test_a_lone_surrogate_is_refused_at_the_reader(line, needle, tmp_path):
    """JSON's \\u escapes can spell half a UTF-16 pair, which no UTF-8 writer can write: refused
    with the line, the document and the code point offset (a pair, U+1F600, is text: offset 2
    of the third case's text is the emoji)."""
    path = tmp_path / "s.jsonl"
    path.write_text("\n" + line + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=re.escape(f"s.jsonl:2: {needle}")):
        read_jsonl(path)
    proc = bengal("convert", str(path), "-o", "s.ttl", cwd=tmp_path)
    assert_one_line_error(proc, needle)
    assert not (tmp_path / "s.ttl").exists()


@pytest.mark.parametrize("line, needle", [
    ('{"uri":"http://x/d1","text":"abc","mentions":[{"begin":0,"end":1,"score":NaN}]}',
     "document http://x/d1, mention 0: field 'score' is nan, not a finite number"),
    ('{"uri":"http://x/d1","text":"abc","mentions":[{"begin":0,"end":1,"score":-Infinity}]}',
     "field 'score' is -inf, not a finite number"),
    ("[" * 100_000 + "]" * 100_000, "invalid JSON: nested too deep"),
    ('{"uri":"http://x/' + "a" * 5000 + '","text":"abc","mentions":[{"begin":0,"end":9}]}',
     "document http://x/" + "a" * 111 + "... (5009 characters), mention 0: span [0,9) lies outside the text"),
    ('{"uri":"http://x/a\\u001b[31m","text":"abc","mentions":[{"begin":0,"end":9}]}',
     "document http://x/a\\x1b[31m, mention 0"),
])
def test_what_json_reads_but_no_writer_writes_is_refused_in_one_bounded_line(line, needle, tmp_path):
    """NaN and Infinity (json reads them; JSON has no such numbers), nesting 100,000 deep (a
    RecursionError before), a URI of 5,000 characters (echoed whole before) and an escape
    sequence in a URI (it reached the terminal): one printable line of bounded length."""
    path = tmp_path / "s.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        read_jsonl(path)
    message = str(err.value)
    assert needle in message and message.isprintable() and len(message) < 400
