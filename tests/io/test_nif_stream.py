"""The NIF reader's phrases read in the stream (``bengal.io.nif.read._InStream``): the corpus,
its warnings (and their order) and its errors are those of the plain reading, whatever the
order of the file's triples, and a read of a context-first file holds about the mentions, not
the parser's records.

Expected mentions are written out by hand; the plain reading (``_read`` without in-stream
state: every record kept, then read in order) is the peer for the warnings' order and the errors.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from bengal.errors import InputError
from bengal.io import read_nif
from bengal.io.nif import read as nif_read
from bengal.model import Mention

PREFIXES = (
    "@prefix nif: <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#> .\n"
    "@prefix itsrdf: <http://www.w3.org/2005/11/its/rdf#> .\n"
)
D = "http://ex.org/d"
# "Anna met Bob in Rome": Anna [0,4), met [5,8), Bob [9,12), Rome [16,20)
TEXT = "Anna met Bob in Rome"
CTX = f'<{D}#char=0,20> a nif:Context ; nif:isString "{TEXT}" .\n'


def phrase(b: int, e: int, uri: str | None = "X", anchor: str | None = None, ctx: str = f"{D}#char=0,20") -> str:
    """The triples of one phrase ``[b, e)`` of ``ctx`` linked to dbr:``uri``."""
    out = (f'<{D}#char={b},{e}> a nif:Phrase ; nif:beginIndex "{b}" ; nif:endIndex "{e}" ; '
           f"nif:referenceContext <{ctx}>")
    if uri:
        out += f" ; itsrdf:taIdentRef <http://dbpedia.org/resource/{uri}>"
    if anchor is not None:
        out += f' ; nif:anchorOf "{anchor}"'
    return out + " .\n"


def plain(data: bytes, strict: bool = False):
    """The plain reading (no phrase read in the stream): the peer."""
    return nif_read._read(data, "t", "turtle", "t", strict, False, None)


def both(data: bytes, strict: bool = False):
    return read_nif(data, name="t", strict=strict), plain(data, strict)


def same(a, b) -> None:
    assert a.documents == b.documents
    assert a.warnings == b.warnings
    assert a.metadata == b.metadata


def test_context_first_file_is_read_in_the_stream_with_warnings_in_file_order(monkeypatch):
    bob2 = phrase(9, 12, "Bob").replace(f"<{D}#char=9,12>", f"<{D}#bob>")  # the same mention again
    data = (PREFIXES + CTX + phrase(0, 4, "Anna", anchor="Anne") + phrase(9, 12, "Bob") + bob2
            + phrase(16, 20, None, anchor="Roma")).encode()
    ended = []
    real = nif_read._InStream.ended

    def spy(self, key, rec, records):
        real(self, key, rec, records)
        ended.append((key.value, self.active))

    monkeypatch.setattr(nif_read._InStream, "ended", spy)
    corpus = read_nif(data, name="t")
    # the context and the first three phrases end their runs while the file is parsed (the last one's run
    # ends with the file): all read in the stream
    assert ended == [(f"{D}#char=0,20", True), (f"{D}#char=0,4", True), (f"{D}#char=9,12", True),
                     (f"{D}#bob", True)]
    bob = Mention(9, 12, "Bob", frozenset({"http://dbpedia.org/resource/Bob"}))
    assert [m.span for m in corpus.documents[0].mentions] == [(0, 4), (9, 12), (9, 12), (16, 20)]
    assert corpus.documents[0].mentions[1:3] == (bob, bob)
    assert corpus.documents[0].mentions[3].uris == frozenset()
    codes = [w.code for w in corpus.warnings]
    assert codes == ["anchor_mismatch", "anchor_mismatch", "duplicate_mention"]
    assert "Anne" in corpus.warnings[0].message and "Roma" in corpus.warnings[1].message
    assert corpus.warnings[2].where == f"{D}#bob"
    monkeypatch.undo()
    same(corpus, plain(data))


def test_phrases_before_their_context_are_read_afterwards_the_same():
    data = (PREFIXES + phrase(9, 12, "Bob") + CTX + phrase(0, 4, "Anna", anchor="Anne")).encode()
    streamed, peer = both(data)
    same(streamed, peer)
    assert [(m.span, sorted(m.uris)) for m in streamed.documents[0].mentions] == [
        ((0, 4), ["http://dbpedia.org/resource/Anna"]), ((9, 12), ["http://dbpedia.org/resource/Bob"])]


def test_triples_of_a_phrase_split_over_the_file_restart_the_plain_way():
    # the phrase [0,4) is read in the stream, then gets a second URI further down: read again
    data = (PREFIXES + CTX + phrase(0, 4, "Anna") + phrase(9, 12, "Bob")
            + f"<{D}#char=0,4> itsrdf:taIdentRef <http://dbpedia.org/resource/Anna_K> .\n").encode()
    streamed, peer = both(data)
    same(streamed, peer)
    assert streamed.documents[0].mentions[0].uris == frozenset(
        {"http://dbpedia.org/resource/Anna", "http://dbpedia.org/resource/Anna_K"})
    # a context whose text comes again later (same text: no error) also restarts, with the same result
    again = (PREFIXES + CTX + phrase(0, 4, "Anna") + f'<{D}#char=0,20> nif:isString "{TEXT}" .\n').encode()
    same(*both(again))
    with pytest.raises(InputError, match="2 different nif:isString"):
        read_nif((PREFIXES + CTX + phrase(0, 4) + f'<{D}#char=0,20> nif:isString "other" .\n').encode())


def test_errors_and_strict_mode_are_those_of_the_plain_reading(tmp_path):
    # a span outside the text (an error) read in the stream; the context's error further down comes first
    # in the plain reading, which reads every context before any phrase
    bad = (PREFIXES + CTX + phrase(18, 25) + f'<{D}2#char=0,3> a nif:Context ; nif:isString <{D}2> .\n').encode()
    with pytest.raises(InputError) as streamed_err:
        read_nif(bad, name="t")
    with pytest.raises(InputError) as plain_err:
        plain(bad)
    assert str(streamed_err.value) == str(plain_err.value)
    assert "nif:isString is not a literal" in str(streamed_err.value)
    # strict: the first flaw in the plain order is the error
    flawed = (PREFIXES + CTX + phrase(0, 4, anchor="Anne") + phrase(9, 12, anchor="Bobby")).encode()
    with pytest.raises(InputError, match="Anne") as streamed_err:
        read_nif(flawed, name="t", strict=True)
    with pytest.raises(InputError) as plain_err:
        plain(flawed, strict=True)
    assert str(streamed_err.value) == str(plain_err.value)
    # a file on disk (read by the parser by its path) reads as its bytes do
    path = tmp_path / "t.ttl"
    path.write_bytes(PREFIXES.encode() + (CTX + phrase(0, 4, "Anna") + phrase(16, 20, "Rome")).encode())
    assert read_nif(path).documents == read_nif(path.read_bytes()).documents


def test_a_context_first_read_holds_the_mentions_not_the_records(tmp_path):
    """The peak memory of reading 10,000 phrases: in the stream about that of the corpus; the plain
    reading holds every phrase's record too (measured in fresh processes, VmHWM)."""
    lines = [PREFIXES]
    for d in range(100):
        text = " ".join(f"W{i:03d}" for i in range(100))  # W000 [0,4), W001 [5,9), ...
        lines.append(f'<{D}{d}#char=0,{len(text)}> a nif:Context ; nif:isString "{text}" .\n')
        lines += [phrase(5 * i, 5 * i + 4, f"E{i}", anchor=f"W{i:03d}", ctx=f"{D}{d}#char=0,{len(text)}")
                  .replace(f"<{D}#char=", f"<{D}{d}#char=") for i in range(100)]
    path = tmp_path / "big.ttl"
    path.write_text("".join(lines), encoding="utf-8")
    code = ("import sys; from bengal.io.nif import read as r\n"
            "import bengal.io.nif.read\n"
            "c = r.read_nif(sys.argv[1]) if sys.argv[2] == 'stream' else "
            "r._read(sys.argv[1], sys.argv[1], 'turtle', None, False, False, None)\n"
            "assert c.mention_count == 10000, c.mention_count\n"
            "print(next(int(x.split()[1]) for x in open('/proc/self/status') if x.startswith('VmHWM')))\n")
    base = "import sys; print(next(int(x.split()[1]) for x in open('/proc/self/status') if x.startswith('VmHWM')))"
    if sys.platform != "linux":
        pytest.skip("VmHWM is Linux's")

    def peak(*args: str) -> int:
        out = subprocess.run([sys.executable, "-c", *args], capture_output=True, text=True, check=True)
        return int(out.stdout.split()[-1])

    start = peak("import pyoxigraph, bengal.io.nif.read\n" + base)
    streamed = peak(code, str(path), "stream") - start
    plain_peak = peak(code, str(path), "plain") - start
    # the plain reading holds records (about 1 KB a phrase) beside the mentions: clearly more
    assert streamed < 0.7 * plain_peak, (streamed, plain_peak)


def test_mentions_share_uri_sets_and_types_and_equal_constructed_ones():
    import pickle

    from bengal.model import unchecked_mention

    typed = phrase(0, 4, "Anna").replace(" .\n", " ; itsrdf:taClassRef <http://dbpedia.org/ontology/Person> .\n")
    typed2 = phrase(9, 12, "Anna").replace(" .\n", " ; itsrdf:taClassRef <http://dbpedia.org/ontology/Person> .\n")
    corpus = read_nif((PREFIXES + CTX + typed + typed2 + phrase(16, 20, "Rome")).encode())
    a, b, c = corpus.documents[0].mentions
    assert a.uris == b.uris == frozenset({"http://dbpedia.org/resource/Anna"}) and a.uris is b.uris
    assert a.type == b.type == "http://dbpedia.org/ontology/Person" and a.type is b.type
    assert c.uris == frozenset({"http://dbpedia.org/resource/Rome"}) and c.type is None
    made = Mention(9, 12, "Bob", frozenset({"u"}), "T", 0.5)
    filled = unchecked_mention(9, 12, "Bob", frozenset({"u"}), "T", 0.5)
    assert filled == made and hash(filled) == hash(made) and repr(filled) == repr(made)
    assert pickle.loads(pickle.dumps(filled)) == made
    with pytest.raises(AttributeError):  # still frozen
        filled.begin = 3  # type: ignore[misc]
