"""Fuzzing the JSONL reader and every writer after it (issue 14): a fixed seed, 3,000 mutations
of real corpora (the first documents of GERBIL's Reuters-128 and RSS-500 NIF, as JSONL).

Each mutated input must either be refused with one :class:`~bengal.errors.InputError` whose
message is one printable line of bounded length, or be read into a corpus that every writer
(NIF Turtle, NIF N-Triples, JSONL, CoNLL) writes as UTF-8 and that reads back unchanged from
JSONL. Anything else (another exception, a traceback) is a crash; the test lists them all.
"""

from __future__ import annotations

import io
import json
import random
from collections import Counter

from conftest import shared_path

from bengal.errors import BengalError, InputError
from bengal.io import read_jsonl, write_jsonl
from bengal.io.formats import FORMATS, ConllOptions
from bengal.io.nif import read_nif

SEED = 14
INPUTS = 3000
#: Values a hand-edited or machine-written file can hold where a field is expected.
NASTY = [-1, 0, 10**30, 2**63, 1.5, -0.0, True, False, None, "", "x", "\ud800", "a\udfffb", "\x00", "\u2028",
         "line\nbreak", [], {}, [[[]]], {"begin": 0}, "9" * 4400, float("nan"), float("inf"), "<script>",
         "$\\frac{$", "http://x/a b", 'http://x/"q"', "B-", "x" * 5000]
#: Byte strings spliced into the raw text.
SPLICES = [b"\\ud800", b"\\udc00\\ud800", b"NaN", b"Infinity", b"-Infinity", b"1e999", b'"', b"{", b"}", b"[", b"]",
           b",", b":", b"\x00", b"\xff\xfe", b"\xef\xbb\xbf", b"\xc3", b"\n", b"\r\n", b" " * 3, b"9" * 4400,
           b"[" * 50_000, b'{"a":' * 20_000, b"\\u0000", b"null", b"true", b"-1", b"0.5"]


def _base_inputs() -> list[bytes]:
    out = []
    for name in ("Reuters-128.ttl", "RSS-500.ttl"):
        corpus = read_nif(shared_path("nif", "n3-collection", name))
        buf = io.StringIO()
        write_jsonl(corpus.__class__(corpus.documents[:6], corpus.name), buf)
        out.append(buf.getvalue().encode("utf-8"))
    return out


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


def _structural(rng: random.Random, data: bytes) -> bytes:
    lines = data.split(b"\n")
    i = rng.randrange(len(lines))
    try:
        rec = json.loads(lines[i])
    except (ValueError, RecursionError):  # broken by an earlier mutation
        return _bytewise(rng, data)
    paths = list(_paths(rec))[1:]
    if not paths:
        return _bytewise(rng, data)
    path = rng.choice(paths)
    target = rec
    for key in path[:-1]:
        target = target[key]
    choice = rng.random()
    if choice < 0.15 and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = rng.choice(NASTY)
    lines[i] = json.dumps(rec, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
    return b"\n".join(lines)


def _bytewise(rng: random.Random, data: bytes) -> bytes:
    b = bytearray(data or b"\n")
    kind = rng.randrange(5)
    pos = rng.randrange(len(b))
    if kind == 0:
        b[pos] = rng.randrange(256)
    elif kind == 1:
        del b[pos : pos + rng.randrange(1, 200)]
    elif kind == 2:
        b[pos:pos] = rng.choice(SPLICES)
    elif kind == 3:
        del b[pos:]
    else:
        line = rng.choice(data.split(b"\n"))
        b[pos:pos] = line + b"\n"
    return bytes(b)


def _mutations():
    rng = random.Random(SEED)
    bases = _base_inputs()
    for n in range(INPUTS):
        data = bases[n % len(bases)]
        for _ in range(rng.choice((1, 1, 2, 3))):
            data = _structural(rng, data) if rng.random() < 0.5 else _bytewise(rng, data)
        yield data


def _one_line(message: str) -> bool:
    return "\n" not in message and "\r" not in message and len(message) <= 2000 and message.isprintable()


def test_mutated_jsonl_never_crashes_the_reader_or_the_writers():
    outcomes: Counter[str] = Counter()
    crashes: list[str] = []
    for n, data in enumerate(_mutations()):
        try:
            corpus = read_jsonl(data, name="fuzz")
        except InputError as exc:
            outcomes["refused"] += 1
            if not _one_line(str(exc)):
                crashes.append(f"input {n}: not one printable bounded line: {str(exc)[:200]!r}")
            continue
        except Exception as exc:  # a crash: collected, the test fails below
            crashes.append(f"input {n}: reader {type(exc).__name__}: {str(exc)[:200]}")
            continue
        outcomes["read"] += 1
        outcomes["warnings"] += len(corpus.warnings)
        for fmt in ("nif", "nt", "jsonl", "conll"):
            buf = io.StringIO()
            try:
                FORMATS[fmt].write(corpus, buf, ConllOptions())  # type: ignore[misc]
                written = buf.getvalue().encode("utf-8")
            except BengalError:
                outcomes[f"{fmt} refused"] += 1
                continue
            except Exception as exc:
                crashes.append(f"input {n}: {fmt} writer {type(exc).__name__}: {str(exc)[:200]}")
                continue
            if fmt == "jsonl" and read_jsonl(written, name="fuzz").documents != corpus.documents:
                crashes.append(f"input {n}: the JSONL written does not read back the same")
    assert not crashes, f"{len(crashes)} crashes of {INPUTS} inputs ({dict(outcomes)}):\n" + "\n".join(crashes[:30])
    assert outcomes["refused"] + outcomes["read"] == INPUTS and outcomes["refused"] > 0 and outcomes["read"] > 0
