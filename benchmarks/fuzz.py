"""Fuzz the command line with mutated real corpora (issue 14): no traceback, no hang, one-line errors.

Each input class starts from small cuts of the real corpora in ``../shared/data`` (NIF Turtle,
bengal JSON Lines, CoNLL columns, AIDA TSV, LLM answer files, ``bengal score --json`` results),
mutates them with cheap, seeded mutations (byte flips, truncation, line duplication and deletion,
huge numbers, NaN / Infinity, deep nesting, a BOM, NUL and control characters, lone surrogates,
long tokens, TeX math, JSON values of the wrong type) and runs each mutant through the entry point
(:func:`bengal.cli.main`, in this process) of the readers, the scorer (also ``--sweep``), the
converter and ``bengal report``. A run is

- a **crash** when an exception escapes ``main``, the exit code is not 0, 1 or 2, or a traceback
  is printed;
- a **bad error** when it failed without exactly one ``error:`` line, or that error names neither
  the file nor a document (a writer's refusal names the document), or any line it printed on
  stderr is longer than :data:`MAX_LINE` characters, or any line on stderr or stdout holds a
  character that is not printable (an escape sequence, a raw control), or a Python warning was
  printed;
- a **hang** when it takes over :data:`HANG_SECONDS` (stopped by ``SIGALRM``);
- else a clean error (exit 1 or 2), a run with warnings (exit 0, ``warning:`` lines) or a clean run.

``python benchmarks/fuzz.py`` prints one row per input class (``--count N`` mutants per class,
``--seed S``); ``tests/robust/test_fuzz.py`` runs a smaller count of the same under a time budget.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import io
import json
import os
import random
import re
import shutil
import signal
import socket
import sys
import tarfile
import tempfile
import threading
import time
import traceback
import urllib.parse
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable, Iterator, Sequence

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
#: The longest stderr line a run may print (characters).
MAX_LINE = 1000
#: A run longer than this is a hang (seconds).
HANG_SECONDS = 20.0


class Hang(BaseException):
    """Raised by SIGALRM in a run that takes over :data:`HANG_SECONDS`."""


@dataclass
class Outcome:
    """One run: ``kind`` is ok, warning, error, bad_error, crash or hang; ``detail`` says why."""

    kind: str
    detail: str = ""


@dataclass
class Row:
    """The runs of one input class."""

    name: str
    tried: int = 0
    counts: dict[str, int] = field(default_factory=lambda: {k: 0 for k in
                                                            ("ok", "warning", "error", "bad_error", "crash", "hang")})
    examples: list[str] = field(default_factory=list)

    def add(self, outcome: Outcome, mutation: str) -> None:
        self.tried += 1
        self.counts[outcome.kind] += 1
        if outcome.kind in ("bad_error", "crash", "hang") and len(self.examples) < 8:
            self.examples.append(f"{outcome.kind} [{mutation}]: {outcome.detail[:300]}")


# ---------------------------------------------------------------- running one command

def _printable(line: str) -> bool:
    return line.isprintable()


@contextlib.contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    if seconds <= 0 or not hasattr(signal, "setitimer"):
        yield
        return

    def ring(signum: int, frame: object) -> None:
        raise Hang

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_cli(args: list[str], cwd: Path, names: tuple[str, ...], hang: float = HANG_SECONDS,
            cache: Path | None = None) -> Outcome:
    """``bengal ARGS`` in ``cwd`` in this process, judged as the module docstring says; ``names``:
    the file names an error may name (one of them must appear in it); ``cache``: the
    ``BENGAL_CACHE`` of this run (removed after it)."""
    from click.testing import CliRunner

    from bengal.cli import main

    here = os.getcwd()
    os.chdir(cwd)
    start = time.monotonic()
    previous_cache = os.environ.get("BENGAL_CACHE")
    if cache is not None:
        os.environ["BENGAL_CACHE"] = str(cache)
    try:
        with CliRunner().isolation(color=True) as (out, err, _):  # color: click strips no escape sequence
            try:
                with _alarm(hang):
                    code = main(args)
            except Hang:
                return Outcome("hang", f"over {hang:.0f} s: bengal {' '.join(args)}")
            except BaseException as exc:  # noqa: BLE001 - anything escaping main is the finding
                tb = traceback.format_exception(type(exc), exc, exc.__traceback__)
                return Outcome("crash", f"{type(exc).__name__}: {str(exc)[:200]} at {tb[-2].strip()[:300]}")
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
            stderr = err.getvalue().decode("utf-8", "replace")
            stdout = out.getvalue().decode("utf-8", "replace")
    finally:
        os.chdir(here)
        if cache is not None:
            if previous_cache is None:
                os.environ.pop("BENGAL_CACHE", None)
            else:
                os.environ["BENGAL_CACHE"] = previous_cache
            shutil.rmtree(cache, ignore_errors=True)
    return judge(code, stdout, stderr, names, time.monotonic() - start)


def judge(code: int | None, stdout: str, stderr: str, names: tuple[str, ...], seconds: float) -> Outcome:
    """The outcome of a finished run (exit ``code``, what it printed), as the module docstring says."""
    if code not in (0, 1, 2):
        return Outcome("crash", f"exit code {code}: {stderr[:300]}")
    if "Traceback" in stderr:
        return Outcome("crash", f"traceback: {stderr[-500:]}")
    if _PY_WARNING.search(stderr):
        return Outcome("bad_error", f"a Python warning on stderr: {stderr[:300]!r}")
    lines = stderr.splitlines()
    for line in lines:
        if len(line) > MAX_LINE:
            return Outcome("bad_error", f"a stderr line of {len(line)} characters: {line[:200]!r}")
        if not _printable(line):
            return Outcome("bad_error", f"a stderr line with a non-printable character: {line[:300]!r}")
    for line in stdout.splitlines():
        if not line.replace("\t", " ").isprintable():
            return Outcome("bad_error", f"a stdout line with a non-printable character: {line[:300]!r}")
    if code == 0:
        return Outcome("warning" if any(line.startswith("warning:") for line in lines) else "ok", f"{seconds:.2f} s")
    errors = [line for line in lines if line.startswith("error:")]
    if len(errors) != 1 or len([line for line in lines if not line.startswith(("bengal: ", "warning:"))]) != 1:
        return Outcome("bad_error", f"not one error line: {stderr[:400]!r}")
    if not any(name in errors[0] for name in names) and "document " not in errors[0]:
        return Outcome("bad_error", f"the error names no input file: {errors[0][:300]!r}")
    return Outcome("error", errors[0][:200])


# ---------------------------------------------------------------- mutations

HUGE = "9" * 4400
CONTROL = ["\x00", "\x01", "\x07", "\x08", "\x1b[31mred\x1b[0m", "\x1b]0;title\x07", "\x7f", "\x85", "\u2028",
           "\r", "\x0c", "\ufeff", "\u202e"]
TEXTS = ["$\\frac{$", "$", "\\", '"', "<", ">", "{", "}", "[", "]", "'", "&", "%zz", ";", ".", ",", "@prefix",
         "-DOCSTART-", "B-", "I-", "O", "\t", " ", "\n\n", "null", "true", "-1", "0", "1e309", "NaN", "Infinity",
         "-Infinity", "<person>", "</response>", "é", "\U0001f600", "\u0301"]
_PY_WARNING = re.compile(r"\b[A-Z]\w*Warning: ")
_NUMBER = re.compile(rb"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _m_flip(rng: random.Random, data: bytes) -> bytes:
    if not data:
        return bytes([rng.randrange(256)])
    buf = bytearray(data)
    for _ in range(rng.choice((1, 1, 2, 8))):
        buf[rng.randrange(len(buf))] = rng.randrange(256)
    return bytes(buf)


def _m_truncate(rng: random.Random, data: bytes) -> bytes:
    return data[:rng.randrange(len(data) + 1)]


def _m_dup_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines[i:i] = [lines[i]] * rng.choice((1, 2, 50))
    return b"\n".join(lines)


def _m_del_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def _m_swap_lines(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def _replace_number(rng: random.Random, data: bytes, new: bytes) -> bytes:
    found = list(_NUMBER.finditer(data))
    if not found:
        return data + new
    m = rng.choice(found)
    return data[:m.start()] + new + data[m.end():]


def _m_huge_number(rng: random.Random, data: bytes) -> bytes:
    return _replace_number(rng, data, rng.choice((HUGE.encode(), b"-" + HUGE.encode(), b"1e999", b"-1",
                                                 b"18446744073709551617", b"0.5", b"1" + b"0" * 30)))


def _m_nan(rng: random.Random, data: bytes) -> bytes:
    return _replace_number(rng, data, rng.choice((b"NaN", b"Infinity", b"-Infinity", b"1e309", b"-1e309")))


def _insert(rng: random.Random, data: bytes, piece: bytes) -> bytes:
    i = rng.randrange(len(data) + 1)
    return data[:i] + piece + data[i:]


def _m_deep(rng: random.Random, data: bytes) -> bytes:
    depth = rng.choice((1000, 100_000))
    opener, closer = rng.choice(((b"[", b"]"), (b'{"a":', b"}"), (b"(", b")")))
    piece = opener * depth + b"1" + closer * depth
    if data.lstrip().startswith((b"{", b"[")) and rng.random() < 0.5:  # a JSON value made deep
        return _replace_number(rng, data, piece)
    return _insert(rng, data, piece)


def _m_bom(rng: random.Random, data: bytes) -> bytes:
    return b"\xef\xbb\xbf" + data


def _m_control(rng: random.Random, data: bytes) -> bytes:
    return _insert(rng, data, rng.choice(CONTROL).encode("utf-8"))


def _m_surrogate(rng: random.Random, data: bytes) -> bytes:
    return _insert(rng, data, rng.choice((b"\\ud800", b"\\udfff", b"\xed\xa0\x80", b"\xff\xfe", b"\\uD83D")))


def _m_text(rng: random.Random, data: bytes) -> bytes:
    return _insert(rng, data, rng.choice(TEXTS).encode("utf-8"))


def _m_long_token(rng: random.Random, data: bytes) -> bytes:
    return _insert(rng, data, rng.choice((b"x", b"\xc3\xa9", b"<")) * rng.choice((5000, 200_000)))


def _m_empty(rng: random.Random, data: bytes) -> bytes:
    return rng.choice((b"", b"\n", b"\n\n\n", b" ", b"\xef\xbb\xbf"))


_BAD_VALUES: list[object] = [None, "", "x", "$\\frac{$", -1, 0, 1.5, 10 ** 40, [], {}, [1, 2], {"a": 1}, True,
                             float("nan"), float("inf"), "\x1b[31m", "\ud800"]


def _m_json_edit(rng: random.Random, data: bytes) -> bytes:
    """A hand edit of a JSON document (or of one line of JSON Lines): a key deleted or a value of
    another type at a random place."""
    lines = _lines(data)
    spots = [i for i, line in enumerate(lines) if line.strip().startswith((b"{", b"["))]
    if not spots:
        return _m_text(rng, data)
    i = rng.choice(spots)
    try:
        doc = json.loads(lines[i])
    except ValueError:
        return _m_text(rng, data)
    paths: list[tuple[object, object]] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                paths.append((node, key))
                walk(value)
        elif isinstance(node, list):
            for j, value in enumerate(node):
                paths.append((node, j))
                walk(value)

    walk(doc)
    if not paths:
        return _m_text(rng, data)
    parent, key = rng.choice(paths)
    if isinstance(parent, dict) and rng.random() < 0.3:
        del parent[key]
    else:
        parent[key] = rng.choice(_BAD_VALUES)  # type: ignore[index]
    try:
        lines[i] = json.dumps(doc, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
    except ValueError:
        return data
    return b"\n".join(lines)


MUTATIONS: dict[str, Callable[[random.Random, bytes], bytes]] = {
    "flip": _m_flip, "truncate": _m_truncate, "dup_line": _m_dup_line, "del_line": _m_del_line,
    "swap_lines": _m_swap_lines, "huge_number": _m_huge_number, "nan_inf": _m_nan, "deep_nesting": _m_deep,
    "bom": _m_bom, "control": _m_control, "surrogate": _m_surrogate, "text": _m_text, "long_token": _m_long_token,
    "empty": _m_empty,
}
JSON_MUTATIONS = {**MUTATIONS, "json_edit": _m_json_edit, "json_edit2": _m_json_edit}


# ---------------------------------------------------------------- the input classes

@dataclass
class InputClass:
    """One input class: the seed files (name → bytes, written into the work folder; a name may
    hold folders), the file a mutant replaces, and the commands run on it.

    ``encode`` turns the mutant into the bytes written (gzip for ``.gz`` dumps); ``cache``: each run
    gets its own ``BENGAL_CACHE`` in the class folder, removed after it (a mutated KB dump builds a
    store there, never in the shared cache). ``start``, for the classes whose mutants are not files
    (endpoint answers, ``bengal serve`` requests): a context manager given the class folder,
    yielding the function that runs one mutant, ``run(applied, rng, command) -> Outcome``."""

    name: str
    seeds: dict[str, bytes]
    target: str
    commands: list[list[str]]
    mutations: dict[str, Callable[[random.Random, bytes], bytes]]
    encode: Callable[[random.Random, bytes], bytes] | None = None
    cache: bool = False
    start: Callable[[Path], contextlib.AbstractContextManager[Callable[[list[str], random.Random, list[str]],
                                                                           Outcome]]] | None = None


def _cut_nif(text: str, documents: int) -> str:
    """The prefixes and the first ``documents`` contexts' blocks of a GERBIL-style Turtle file."""
    blocks = text.split("\n\n")
    keep, seen = [], 0
    for block in blocks:
        if "nif:Context" in block:
            seen += 1
            if seen > documents:
                break
        keep.append(block)
    return "\n\n".join(keep) + "\n"


def build_classes(work: Path) -> tuple[list[InputClass], dict[str, bytes | dict[str, bytes]]]:
    """The input classes, their seeds made from ``../shared/data`` (some through bengal itself:
    JSONL by ``convert``, answers by ``prompts --with-target``, results by ``score --json``)."""
    from bengal.cli import main

    gerbil = SHARED_DATA / "nif" / "gerbil-test-resources"
    task1 = (gerbil / "task1.ttl").read_text(encoding="utf-8")
    gold_ttl = _cut_nif(task1, 2)
    pred_ttl = _cut_nif((gerbil / "DBpedia_Spotlight-OKE_2015_Task_1_example_set-w-A2KB.ttl")
                        .read_text(encoding="utf-8"), 2)
    conll_lines = (SHARED_DATA / "conll" / "conllpp_test.txt").read_text(encoding="utf-8").split("\n")
    gold_conll = "\n".join(conll_lines[:60]) + "\n"
    aida = (gerbil / "AIDA_example.tsv").read_text(encoding="utf-8")
    aida = "\n".join(aida.split("\n")[:120]) + "\n"
    seed = work / "seed"
    seed.mkdir(parents=True, exist_ok=True)
    (seed / "gold.ttl").write_text(gold_ttl, encoding="utf-8")
    (seed / "pred.ttl").write_text(pred_ttl, encoding="utf-8")
    (seed / "gold.conll").write_text(gold_conll, encoding="utf-8")
    # a prediction with types swapped, so that the chunk result has an off-diagonal confusion table
    (seed / "pred.conll").write_text(gold_conll.replace("B-LOC", "B-ORG", 2).replace("B-PER", "B-LOC", 1),
                                     encoding="utf-8")
    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        here = os.getcwd()
        os.chdir(seed)
        try:
            codes = [main(["convert", "gold.ttl", "-o", "gold.jsonl"]),
                     main(["convert", "pred.ttl", "-o", "pred.jsonl"]),
                     main(["prompts", "gold.conll", "-o", "prompts.jsonl", "--with-target", "--shots", "0"]),
                     main(["score", "gold.ttl", "pred.ttl", "--json", "a2kb.json", "--ci", "5"]),
                     main(["score", "gold.conll", "pred.conll", "--json", "chunk.json", "--ci", "5"])]
        finally:
            os.chdir(here)
    if codes != [0] * len(codes):
        raise RuntimeError(f"the seeds could not be built (exit codes {codes})")
    # confidences on the prediction, so that --sweep and thresholds read them
    rng = random.Random(0)
    pred_lines = []
    for line in (seed / "pred.jsonl").read_text(encoding="utf-8").splitlines():
        doc = json.loads(line)
        for mention in doc.get("mentions", []):
            mention["score"] = round(rng.random(), 3)
        pred_lines.append(json.dumps(doc, ensure_ascii=False))
    pred_jsonl = "\n".join(pred_lines) + "\n"
    answers = "".join(json.dumps({"id": p["id"], "answer": p["target"]}, ensure_ascii=False) + "\n"
                      for p in map(json.loads, (seed / "prompts.jsonl").read_text(encoding="utf-8").splitlines()))
    results = {"a2kb.json": (seed / "a2kb.json").read_bytes(), "chunk.json": (seed / "chunk.json").read_bytes()}
    files = {name: (seed / name).read_bytes() for name in ("gold.ttl", "pred.ttl", "gold.conll", "gold.jsonl")}
    new_classes, new_originals = _more_classes(work)
    return [
        InputClass("NIF Turtle", {"gold.ttl": files["gold.ttl"]}, "in.ttl", [
            ["score", "gold.ttl", "in.ttl"], ["score", "in.ttl", "gold.ttl", "--task", "d2kb"],
            ["convert", "in.ttl", "-o", "out.jsonl"]], MUTATIONS),
        InputClass("JSON Lines", {"gold.jsonl": files["gold.jsonl"]}, "in.jsonl", [
            ["score", "gold.jsonl", "in.jsonl", "--sweep"], ["convert", "in.jsonl", "-o", "out.ttl"],
            ["score", "in.jsonl", "gold.jsonl", "--json", "out.json", "--threshold", "0.5"],
            ["convert", "in.jsonl", "-o", "out.conll", "--map-types"]], JSON_MUTATIONS),
        InputClass("CoNLL columns", {"gold.conll": files["gold.conll"]}, "in.conll", [
            ["score", "gold.conll", "in.conll"], ["score", "in.conll", "gold.conll", "--json", "out.json"],
            ["convert", "in.conll", "-o", "out.jsonl"], ["score", "in.conll", "in.conll", "--scheme", "iobes",
                                                         "--mode", "strict"]], MUTATIONS),
        InputClass("AIDA TSV", {}, "in.tsv", [
            ["convert", "in.tsv", "-o", "out.jsonl"], ["score", "in.tsv", "in.tsv", "--task", "d2kb"]], MUTATIONS),
        InputClass("LLM answers", {"gold.conll": files["gold.conll"]}, "answers.jsonl", [
            ["score", "gold.conll", "answers.jsonl"], ["score", "gold.conll", "answers.jsonl", "--json", "out.json"]],
            JSON_MUTATIONS),
        InputClass("results JSON", {}, "in.json", [["report", "in.json", "-o", "out.html"]], JSON_MUTATIONS),
    ] + new_classes, {"NIF Turtle": gold_ttl.encode(), "JSON Lines": pred_jsonl.encode(),
                      "CoNLL columns": gold_conll.encode(), "AIDA TSV": aida.encode(), "LLM answers": answers.encode(),
                      "results JSON": results, **new_originals}


# ---------------------------------------------------------------- the inputs that are not one file

WIKI_TAR = ("nif", "eaglet-gerbil_data", "datasets", "gerbil_wikipedia_datasets_ACE2004_MSNBC_IITB.tar.gz")
MICROPOSTS = ("nif", "eaglet-gerbil_data", "datasets", "microposts2014",
              "Microposts2014-NEEL_challenge_TweetsTestSet.csv")
#: Two small MSNBC documents (annotation file and text, by name).
MSNBC_DOCS = ("Hea16384904.txt", "Tra16454203.txt")
#: The IITB documents whose annotations are kept (the first two of the file), and a text without any.
IITB_DOCS = 2


def _wiki_seeds() -> tuple[dict[str, bytes], dict[str, bytes]]:
    """Cuts of GERBIL's Wikipedia-datasets tarball: MSNBC's :data:`MSNBC_DOCS` (``MSNBC/Problems/`` and
    ``MSNBC/RawTextsSimpleChars_utf8/``), and IITB's annotations of its first :data:`IITB_DOCS`
    documents with their texts and one text without annotations (``iitb/``)."""
    msnbc: dict[str, bytes] = {}
    iitb: dict[str, bytes] = {}
    with tarfile.open(SHARED_DATA.joinpath(*WIKI_TAR)) as tf:
        def member(name: str) -> bytes:
            fh = tf.extractfile(f"datasets/{name}")
            assert fh is not None, name
            return fh.read()

        for doc in MSNBC_DOCS:
            for folder in ("Problems", "RawTextsSimpleChars_utf8"):
                msnbc[f"MSNBC/{folder}/{doc}"] = member(f"MSNBC/{folder}/{doc}")
        xml = member("iitb/CSAW_Annotations.xml").decode("utf-8")
        records = re.findall(r"<annotation>.*?</annotation>\s*", xml, flags=re.S)
        docs: list[str] = []
        kept = []
        for record in records:
            doc = re.search(r"<docName>(.*?)</docName>", record, flags=re.S).group(1).strip()  # type: ignore[union-attr]
            if doc not in docs:
                if len(docs) == IITB_DOCS:
                    continue
                docs.append(doc)
            kept.append(record)
        iitb["iitb/CSAW_Annotations.xml"] = ("<iitb.CSAW.entityAnnotations>\n" + "".join(kept)
                                             + "</iitb.CSAW.entityAnnotations>\n").encode("utf-8")
        texts = sorted(m.name for m in tf.getmembers()
                       if m.name.startswith("datasets/iitb/crawledDocs/") and m.isfile())
        other = next(t for t in texts if Path(t).name not in docs)
        for doc in docs + [Path(other).name]:
            iitb[f"iitb/crawledDocs/{doc}"] = member(f"iitb/crawledDocs/{doc}")
    return msnbc, iitb


def kb_slice() -> bytes:
    """A small KB cut from the bundled DBpedia sample (``kb/dbpedia-sample.nt.gz``): the triples of
    the 17 subjects of ``tests/data/tiny_kb.nt`` (Einstein, his advisor, the places, the classes and
    properties they use), English labels only, no alt labels: 62 lines, enough for ``generate``."""
    from bengal.kb.store import bundled_sample_path

    repo = Path(__file__).resolve().parents[1]
    tiny = (repo / "tests" / "data" / "tiny_kb.nt").read_bytes().splitlines()
    subjects = {line.split(b" ", 1)[0] for line in tiny if line.strip()}
    keep = []
    with gzip.open(bundled_sample_path(), "rb") as fh:
        for line in fh:
            if line.split(b" ", 1)[0] not in subjects or b"altLabel" in line:
                continue
            if b'"@' in line and not line.rstrip().endswith(b'"@en .'):
                continue
            keep.append(line)
    return b"".join(keep)


def _nt_to_turtle(nt: bytes) -> bytes:
    """The N-Triples ``nt`` as Turtle with prefixes (pyoxigraph's serializer)."""
    import pyoxigraph as ox

    triples = list(ox.parse(nt, format=ox.RdfFormat.N_TRIPLES))
    return ox.serialize(triples, format=ox.RdfFormat.TURTLE, prefixes={
        "dbr": "http://dbpedia.org/resource/", "dbo": "http://dbpedia.org/ontology/",
        "rdfs": "http://www.w3.org/2000/01/rdf-schema#", "owl": "http://www.w3.org/2002/07/owl#"})


def _e_gzip(rng: random.Random, data: bytes) -> bytes:
    """The mutant gzip-compressed; one in four then has its compressed bytes flipped or cut."""
    packed = gzip.compress(data, mtime=0)
    if rng.random() < 0.25:
        packed = rng.choice((_m_flip, _m_truncate))(rng, packed)
    return packed


#: HTTP faults of a SPARQL endpoint (the answer to one request of the run): name → (status, headers, body
#: transform); ``None`` body: the real answer; "drop" / "short" / "long" / "drip": how the body is sent;
#: "drip_headers": the headers never end.
HTTP_FAULTS: dict[str, tuple[int, dict[str, str], str]] = {
    "http_500": (500, {}, "text"), "http_503_retry_after": (503, {"Retry-After": "1"}, "text"),
    "http_429_bad_retry_after": (429, {"Retry-After": "soon"}, "text"),
    "http_405_negative_retry_after": (405, {"Retry-After": "-5"}, "text"),
    "http_206_partial": (206, {"X-SQL-State": "S1TAT"}, "half"), "http_414": (414, {}, "text"),
    "http_400_virtuoso": (400, {}, "virtuoso"), "http_302_loop": (302, {"Location": "/sparql"}, "text"),
    "http_200_html": (200, {"Content-Type": "text/html"}, "html"),
    "http_200_xml": (200, {"Content-Type": "application/sparql-results+xml"}, "xml"),
    "http_200_no_type": (200, {"Content-Type": ""}, "answer"),
    "http_drop_mid_body": (200, {}, "drop"), "http_short_length": (200, {}, "short"),
    "http_long_length": (200, {}, "long"), "http_drip": (200, {}, "drip"),
    "http_drip_headers": (200, {}, "drip_headers"),
    "http_huge_length": (200, {"Content-Length": "9" * 30}, "answer"),
    "http_bad_status_line": (0, {}, "garbage"), "http_empty_reply": (0, {}, "nothing"),
}


class _FuzzEndpoint(ThreadingHTTPServer):
    """A SPARQL endpoint on 127.0.0.1 answering from a pyoxigraph store of :func:`kb_slice`, whose
    answer to request number ``victim`` of a run is spoilt by ``plan`` (body mutations, HTTP faults)."""

    daemon_threads = True
    block_on_close = False

    def __init__(self, store: object) -> None:
        super().__init__(("127.0.0.1", 0), _EndpointHandler)
        self.store = store
        self.lock = threading.Lock()
        self.requests = 0
        self.victim = 0
        self.plan: list[str] = []
        self.rng = random.Random(0)
        self.mutations: dict[str, Callable[[random.Random, bytes], bytes]] = {}

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/sparql"


class _EndpointHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _FuzzEndpoint
    timeout = 10

    def log_message(self, format: str, *args: object) -> None:
        pass

    def log_error(self, format: str, *args: object) -> None:
        pass

    def _handle(self) -> None:
        import pyoxigraph as ox

        srv = self.server
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if self.command == "POST" else b""
        form = dict(urllib.parse.parse_qsl(body.decode("utf-8") if body else self.path.partition("?")[2]))
        with srv.lock:
            n = srv.requests
            srv.requests += 1
            spoilt = n == srv.victim
        try:
            results = srv.store.query(form.get("query", ""))  # type: ignore[attr-defined]
            answer = results.serialize(format=ox.QueryResultsFormat.JSON)
            xml = srv.store.query(form.get("query", "")).serialize(  # type: ignore[attr-defined]
                format=ox.QueryResultsFormat.XML)
        except (SyntaxError, OSError, ValueError) as exc:
            self._send(400, {}, f"query error: {exc}".encode())
            return
        if not spoilt:
            self._send(200, {"Content-Type": "application/sparql-results+json"}, answer)
            return
        status, headers, how = 200, {"Content-Type": "application/sparql-results+json"}, "answer"
        for name in srv.plan:
            if name in HTTP_FAULTS:
                status, extra, how = HTTP_FAULTS[name]
                headers = {**headers, **extra}
            else:
                answer = srv.mutations[name](srv.rng, answer)
        self._fault(status, headers, how, answer, xml)

    def _fault(self, status: int, headers: dict[str, str], how: str, answer: bytes, xml: bytes) -> None:
        if how == "nothing":
            self.close_connection = True
            return
        if how == "drip_headers":  # the status line, then a header byte every 0.2 s: the headers never end
            self.wfile.write(b"HTTP/1.1 200 OK\r\nX-Slow: ")
            try:
                for _ in range(150):  # 30 s at most: the client has left long before
                    self.wfile.write(b"x")
                    self.wfile.flush()
                    time.sleep(0.2)
            except OSError:
                pass
            self.close_connection = True
            return
        if how == "garbage":
            self.wfile.write(b"HTTP/1.1 2OO Fine\r\n\r\n")
            self.close_connection = True
            return
        body = {"text": b"Service error", "virtuoso": b"Virtuoso 42000 Error The estimated execution time 9999 (sec) "
                b"exceeds the limit of 240 (sec).", "html": b"<html><body>busy</body></html>", "xml": xml,
                "half": answer[:len(answer) // 2]}.get(how, answer)
        if how in ("drop", "short", "long", "drip"):
            self.send_response(status)
            for key, value in headers.items():
                self.send_header(key, value)
            size = {"short": len(body) // 2, "long": len(body) + 1000}.get(how, len(body))
            self.send_header("Content-Length", str(size))
            self.end_headers()
            try:
                if how == "drip":  # a byte every 0.2 s: each read is quick, the whole answer is not
                    for i in range(len(body)):
                        self.wfile.write(body[i:i + 1])
                        self.wfile.flush()
                        time.sleep(0.2)
                else:
                    self.wfile.write(body[:len(body) // 2] if how == "drop" else body[:size] if how == "short"
                                     else body)
            except OSError:
                pass
            self.close_connection = True
            return
        self._send(status, headers, body)

    def _send(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.send_response(status)
        headers = {"Content-Type": "text/plain", **headers}
        for key, value in headers.items():
            if value:
                self.send_header(key, value)
        if "Content-Length" not in headers:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except OSError:
            pass

    do_GET = do_POST = _handle


ENDPOINT_TIMEOUT = "3"


@contextlib.contextmanager
def _endpoint_runner(kb: bytes, mutations: dict[str, Callable[[random.Random, bytes], bytes]], hang: float,
                     folder: Path) -> Iterator[Callable[[list[str], random.Random, list[str]], Outcome]]:
    """Serve :func:`kb_slice` from a :class:`_FuzzEndpoint`; each run spoils one answer (the first,
    second, … tenth request of ``generate``) and runs the command with ``{url}`` replaced."""
    import pyoxigraph as ox

    store = ox.Store()
    store.load(kb, format=ox.RdfFormat.N_TRIPLES)
    server = _FuzzEndpoint(store)
    server.mutations = mutations
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    def run(applied: list[str], rng: random.Random, command: list[str]) -> Outcome:
        with server.lock:
            server.requests, server.victim = 0, rng.choice((0, 0, 1, 2, 3, 5, 9))
            server.plan, server.rng = applied, random.Random(rng.random())
        args = [server.url if a == "{url}" else a for a in command]
        return run_cli(args, folder, (server.url, "127.0.0.1"), hang, cache=folder / "cache")

    try:
        yield run
    finally:
        server.shutdown()
        server.server_close()


#: Faults of a request to ``bengal serve``: name → how the request is sent (the mutated NIF document
#: is the body unless the fault replaces it).
SERVE_FAULTS = ("no_length", "negative_length", "huge_length", "text_length", "short_length", "long_length",
                "chunked", "bad_method", "bad_request_line", "http_0_9", "bad_header", "many_headers",
                "long_header", "wrong_type", "half_close", "two_requests", "bad_version")


@contextlib.contextmanager
def _serve_runner(kb: Path, folder: Path, hang: float) -> Iterator[Callable[[list[str], random.Random, list[str]],
                                                                                 Outcome]]:
    """``bengal serve``'s server (the baseline over ``kb``, 1 s time limit) on 127.0.0.1 in a thread;
    each run sends one mutated request over a raw socket, and the server must answer it with a
    status and a one-line printable reason, print nothing on stderr, and then answer a good request.
    A 500 (the annotator failed) or a traceback is a crash (501, 503 and 505 are refusals); no answer
    within ``hang`` s a hang; a connection the server closed without a status (a request it could not
    read as HTTP) is a clean error."""
    from bengal.annotate import make_server
    from bengal.annotate.systems import open_system
    from bengal.annotate.webservice import document_to_nif
    from bengal.model import Document

    os.environ["BENGAL_CACHE"], previous = str(folder / "cache"), os.environ.get("BENGAL_CACHE")
    try:
        annotator = open_system("baseline", kb_path=kb)
    finally:
        if previous is None:
            os.environ.pop("BENGAL_CACHE", None)
        else:
            os.environ["BENGAL_CACHE"] = previous
    failures: list[str] = []
    server = make_server(annotator.annotate, timeout=1.0, workers=4)
    # what socketserver would print on stderr for an exception escaping a handler: a crash
    server.handle_error = lambda request, client: failures.append(traceback.format_exc())  # type: ignore[method-assign]
    address = server.server_address[:2]
    good = document_to_nif(Document("http://example.org/d", "Albert Einstein was born in Ulm."))

    def exchange(request: bytes, half_close: bool = False) -> bytes | None:
        with socket.create_connection(address, timeout=hang) as sock:
            try:
                sock.sendall(request)
                if half_close:
                    sock.shutdown(socket.SHUT_WR)
            except OSError:
                pass
            answer = b""
            try:
                while piece := sock.recv(65536):
                    answer += piece
                    if b"\r\n\r\n" in answer:
                        head, _, rest = answer.partition(b"\r\n\r\n")
                        length = re.search(rb"Content-Length: (\d+)", head)
                        if length and len(rest) >= int(length.group(1)):
                            break
            except socket.timeout:
                return None
            except OSError:
                pass
            return answer

    def run(applied: list[str], rng: random.Random, command: list[str]) -> Outcome:
        body = base_body
        faults = [a for a in applied if a in SERVE_FAULTS]
        for name in applied:
            if name not in SERVE_FAULTS:
                body = MUTATIONS[name](rng, body)
        head = {"Host": "127.0.0.1", "Content-Type": "application/x-turtle", "Content-Length": str(len(body)),
                "Connection": "close"}
        line = b"POST / HTTP/1.1"
        tail = b""
        for fault in faults:
            if fault == "no_length":
                head.pop("Content-Length", None)
            elif fault == "negative_length":
                head["Content-Length"] = "-5"
            elif fault == "huge_length":
                head["Content-Length"] = rng.choice(("99999999999", "9" * 40, "17000000"))
            elif fault == "text_length":
                head["Content-Length"] = rng.choice(("ten", "1e3", " 12 ", "0x10", "+5"))
            elif fault == "short_length":
                head["Content-Length"] = str(len(body) // 2)
            elif fault == "long_length":
                head["Content-Length"] = str(len(body) + 50)
            elif fault == "chunked":
                head.pop("Content-Length", None)
                head["Transfer-Encoding"] = "chunked"
                body = f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n"
            elif fault == "bad_method":
                line = rng.choice((b"GET / HTTP/1.1", b"PUT / HTTP/1.1", b"DELETE / HTTP/1.1", b"BREW / HTTP/1.1"))
            elif fault == "bad_request_line":
                line = rng.choice((b"POST", b"POST /", b"\x00\x01\x02", b"POST / HTTP/1.1 extra", b""))
            elif fault == "http_0_9":
                line = b"POST /"
            elif fault == "bad_version":
                line = rng.choice((b"POST / HTTP/9.9", b"POST / HTTP/0.1", b"POST / FTP/1.0"))
            elif fault == "bad_header":
                head[rng.choice(("Bad Header", "X-\x1b[31m", ":", "X-Nul\x00"))] = "x"
            elif fault == "many_headers":
                for k in range(rng.choice((50, 200))):
                    head[f"X-{k}"] = "x"
            elif fault == "long_header":
                head["X-Long"] = "a" * rng.choice((10_000, 70_000))
            elif fault == "wrong_type":
                head["Content-Type"] = rng.choice(("application/json", "text/html", "", "\x1b[0m"))
            elif fault == "two_requests":
                tail = b"POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc"
        request = (line + b"\r\n" + b"".join(f"{k}: {v}\r\n".encode("utf-8", "surrogateescape")
                                               for k, v in head.items()) + b"\r\n" + body + tail)
        start = time.monotonic()
        answer = exchange(request, half_close="half_close" in faults)
        seconds = time.monotonic() - start
        if answer is None:
            return Outcome("hang", f"no answer within {hang:.0f} s ({'+'.join(applied)})")
        if failures:
            text = failures.pop()
            failures.clear()
            return Outcome("crash", f"an exception escaped the handler: {text[-400:]}")
        ok = exchange(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-turtle\r\nConnection: close\r\n"
                      + f"Content-Length: {len(good)}\r\n\r\n".encode() + good)
        if not ok or not ok.startswith(b"HTTP/1.1 200 "):
            return Outcome("crash", f"the server did not answer a good request after this one: {ok!r:.200}")
        if not answer:
            return Outcome("error", f"closed without a status ({seconds:.2f} s)")
        status_line, _, rest = answer.partition(b"\r\n")
        match = re.match(rb"HTTP/1\.[01] (\d{3}) ", status_line)
        if not match:
            return Outcome("bad_error", f"not an HTTP status line: {status_line[:200]!r}")
        status = int(match.group(1))
        reason = rest.partition(b"\r\n\r\n")[2]
        # 501 (a method the server does not know) and 505 (an HTTP version it does not speak) are what RFC
        # 9110 sections 15.6.2 and 15.6.6 say to answer, like a 503 when busy: refusals, not failures
        if status >= 500 and status not in (501, 503, 505):
            return Outcome("crash", f"{status}: {reason[:300]!r}")
        if status >= 400:
            text = reason.decode("utf-8", "replace").rstrip("\n")
            if "\n" in text or len(text) > MAX_LINE or not text.isprintable():
                return Outcome("bad_error", f"{status} with a reason that is not one printable line: {text[:300]!r}")
            return Outcome("error", f"{status} {text[:200]}")
        return Outcome("ok", f"{status} ({seconds:.2f} s)")

    gerbil = SHARED_DATA / "nif" / "gerbil-test-resources"
    base_body = _cut_nif((gerbil / "task1.ttl").read_text(encoding="utf-8"), 1).encode("utf-8")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield run
    finally:
        server.shutdown()
        server.server_close()


def _identity(rng: random.Random, data: bytes) -> bytes:
    """No change (the name of an HTTP fault, applied by the runner, not to the bytes)."""
    return data


#: The generate command of the KB classes: one short document, quiet.
_GENERATE = ["generate", "--docs", "1", "--min-sentences", "1", "--max-sentences", "2", "-q", "-o", "out.ttl"]


def _more_classes(work: Path) -> tuple[list[InputClass], dict[str, bytes | dict[str, bytes]]]:
    """The input classes that are a folder, a KB, an endpoint's answers or a request to ``bengal
    serve``: Wikipedia-datasets XML (MSNBC: an annotation file, a raw text), IITB, Microposts 2014,
    ``--kb`` dumps (N-Triples strict and ``--kb-lenient``, ``.nt.gz``, Turtle), SPARQL answers and
    HTTP faults of a loopback endpoint (``generate --endpoint``), and requests to ``bengal serve``."""
    msnbc, iitb = _wiki_seeds()
    micro = b"\n".join(SHARED_DATA.joinpath(*MICROPOSTS).read_bytes().split(b"\n")[:40]) + b"\n"
    kb = kb_slice()
    (work / "kb.nt").write_bytes(kb)
    annotation, text = f"MSNBC/Problems/{MSNBC_DOCS[0]}", f"MSNBC/RawTextsSimpleChars_utf8/{MSNBC_DOCS[0]}"
    endpoint_mutations = {**JSON_MUTATIONS, **{name: _identity for name in HTTP_FAULTS}}
    serve_mutations = {**MUTATIONS, **{name: _identity for name in SERVE_FAULTS}}
    hang = HANG_SECONDS
    wiki_commands = [["convert", "MSNBC", "-o", "out.jsonl"], ["score", "MSNBC", "MSNBC", "--task", "d2kb"],
                     ["convert", "MSNBC/Problems", "-o", "out.ttl"]]
    classes = [
        InputClass("Wikipedia XML", msnbc, annotation, wiki_commands, MUTATIONS),
        InputClass("Wikipedia XML text", msnbc, text, wiki_commands, MUTATIONS),
        InputClass("IITB", iitb, "iitb/CSAW_Annotations.xml", [
            ["convert", "iitb", "-o", "out.jsonl"], ["score", "iitb", "iitb", "--task", "a2kb"]], MUTATIONS),
        InputClass("Microposts 2014", {}, "in.csv", [
            ["convert", "in.csv", "-o", "out.jsonl"], ["score", "in.csv", "in.csv", "--task", "d2kb"],
            ["convert", "in.csv", "-o", "out.ttl", "--format", "nif"]], MUTATIONS),
        InputClass("KB N-Triples", {}, "in.nt", [_GENERATE + ["--kb", "in.nt"],
                                                 _GENERATE + ["--kb", "in.nt", "--kb-lenient"]], MUTATIONS, cache=True),
        InputClass("KB N-Triples .gz", {}, "in.nt.gz", [_GENERATE + ["--kb", "in.nt.gz", "--kb-lenient"],
                                                        _GENERATE + ["--kb", "in.nt.gz"]],
                   MUTATIONS, encode=_e_gzip, cache=True),
        InputClass("KB Turtle", {}, "in.ttl", [_GENERATE + ["--kb", "in.ttl"]], MUTATIONS, cache=True),
        InputClass("endpoint answers", {}, "answer.json", [
            _GENERATE + ["--endpoint", "{url}", "--timeout", ENDPOINT_TIMEOUT, "--retries", "0"],
            _GENERATE + ["--endpoint", "{url}", "--timeout", ENDPOINT_TIMEOUT, "--retries", "1"]],
            endpoint_mutations, start=lambda folder: _endpoint_runner(kb, JSON_MUTATIONS, hang, folder)),
        InputClass("serve requests", {}, "request.http", [["serve"]], serve_mutations,
                   start=lambda folder: _serve_runner(work / "kb.nt", folder, hang)),
    ]
    originals: dict[str, bytes | dict[str, bytes]] = {
        "Wikipedia XML": msnbc[annotation], "Wikipedia XML text": msnbc[text],
        "IITB": iitb["iitb/CSAW_Annotations.xml"], "Microposts 2014": micro, "KB N-Triples": kb,
        "KB N-Triples .gz": kb, "KB Turtle": _nt_to_turtle(kb), "endpoint answers": b"", "serve requests": b""}
    return classes, originals


def fuzz(count: int, seed: int = 14, budget: float | None = None, work: Path | None = None,
         only: str | Sequence[str] | None = None, hang: float = HANG_SECONDS,
         progress: Callable[[str], None] | None = None, at_least: int = 0) -> list[Row]:
    """``count`` mutants per input class (fewer when the ``budget`` in seconds runs out: each class gets
    an equal share, counted from its own start after one unmutated run that pays its imports, but never
    fewer than ``at_least``, so that a loaded machine cannot make a run vacuous), seeded by ``seed``; one
    :class:`Row` per class; ``only``: the names of the classes to run (one name, or several), in the order
    of :func:`build_classes`."""
    wanted = None if only is None else {only} if isinstance(only, str) else set(only)
    with contextlib.ExitStack() as stack:
        if work is None:
            work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bengal-fuzz-")))
        classes, originals = build_classes(work)
        unknown = (wanted or set()) - {c.name for c in classes}
        if unknown:
            raise ValueError(f"unknown input classes {sorted(unknown)}: the classes are {[c.name for c in classes]}")
        rows = []
        chosen = [c for c in classes if wanted is None or c.name in wanted]
        for index, cls in enumerate(chosen):
            row = Row(cls.name)
            rows.append(row)
            folder = work / f"class{index}"
            folder.mkdir()
            for name, data in cls.seeds.items():
                (folder / name).parent.mkdir(parents=True, exist_ok=True)
                (folder / name).write_bytes(data)
            rng = random.Random(f"{seed}:{cls.name}")
            sources = originals[cls.name]
            names = list(cls.mutations)
            with contextlib.ExitStack() as running:
                runner = running.enter_context(cls.start(folder)) if cls.start is not None else None
                if runner is None and budget is not None:
                    # one unmutated run first, outside the class's time: the imports its commands need (spaCy
                    # for LLM answers: seconds on a loaded machine) do not eat the mutants' share
                    first = sources[sorted(sources)[0]] if isinstance(sources, dict) else sources
                    (folder / cls.target).write_bytes(first)
                    run_cli(cls.commands[0], folder, (cls.target,), hang, cache=folder / "cache" if cls.cache else None)
                    for leftover in folder.glob("out.*"):
                        leftover.unlink()
                # each class its share of the budget, from its own start (a slow class before it takes nothing)
                deadline = None if budget is None else time.monotonic() + budget / len(chosen)
                for i in range(count):
                    if deadline is not None and i >= at_least and time.monotonic() > deadline:
                        break
                    applied = [names[i % len(names)]] + [rng.choice(names) for _ in range(rng.choice((0, 0, 0, 1, 2)))]
                    mutation = "+".join(applied)
                    command = cls.commands[i % len(cls.commands)]
                    data = b""
                    if runner is not None:
                        outcome = runner(applied, rng, command)
                    else:
                        data = sources[rng.choice(sorted(sources))] if isinstance(sources, dict) else sources
                        for name in applied:
                            data = cls.mutations[name](rng, data)
                        if cls.encode is not None:
                            data = cls.encode(rng, data)
                        (folder / cls.target).write_bytes(data)
                        # an error may name the mutant, or the dataset folder it is in (given on the command line)
                        outcome = run_cli(command, folder, (cls.target, Path(cls.target).name,
                                                            Path(cls.target).parts[0]), hang,
                                          cache=folder / "cache" if cls.cache else None)
                        for leftover in folder.glob("out.*"):
                            leftover.unlink()
                    row.add(outcome, mutation)
                    if outcome.kind in ("crash", "bad_error", "hang"):
                        keep = work / "findings"
                        keep.mkdir(exist_ok=True)
                        (keep / f"{index}-{i}-{Path(cls.target).name}").write_bytes(data)
                        if progress:
                            progress(f"{cls.name} #{i} [{mutation}] {' '.join(command)}: {outcome.kind}: "
                                     f"{outcome.detail[:400]}")
        return rows


def table(rows: list[Row]) -> str:
    """The Markdown table of :func:`fuzz`'s rows."""
    head = ("| input class | inputs tried | clean errors | warnings | accepted | bad errors | crashes | hangs |\n"
            "|---|---:|---:|---:|---:|---:|---:|---:|")
    lines = [head]
    total = Row("total")
    for row in rows:
        c = row.counts
        lines.append(f"| {row.name} | {row.tried:,} | {c['error']:,} | {c['warning']:,} | {c['ok']:,} | "
                     f"{c['bad_error']:,} | {c['crash']:,} | {c['hang']:,} |")
        total.tried += row.tried
        for k, v in c.items():
            total.counts[k] += v
    c = total.counts
    lines.append(f"| **total** | {total.tried:,} | {c['error']:,} | {c['warning']:,} | {c['ok']:,} | "
                 f"{c['bad_error']:,} | {c['crash']:,} | {c['hang']:,} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2000, help="mutants per input class (default 2000)")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--classes", default=None,
                        help="comma-separated input classes by name (default: all; --list-classes lists them)")
    parser.add_argument("--list-classes", action="store_true", help="list the input classes and exit")
    parser.add_argument("--keep", type=Path, default=None, help="work folder to keep (findings/ holds each mutant)")
    args = parser.parse_args(argv)
    os.environ.setdefault("BENGAL_CACHE", str(Path(tempfile.gettempdir()) / "bengal-cache"))
    start = time.monotonic()
    if args.list_classes:
        with tempfile.TemporaryDirectory(prefix="bengal-fuzz-") as tmp:
            print("\n".join(c.name for c in build_classes(Path(tmp))[0]))
        return 0
    only = None if args.classes is None else [c.strip() for c in args.classes.split(",") if c.strip()]
    rows = fuzz(args.count, args.seed, work=args.keep, only=only, progress=lambda s: print(s, file=sys.stderr))
    print(table(rows))
    chosen = "" if args.classes is None else f" --classes '{args.classes}'"
    print(f"\n{sum(r.tried for r in rows):,} runs in {time.monotonic() - start:.0f} s "
          f"(python benchmarks/fuzz.py --count {args.count} --seed {args.seed}{chosen})")
    for row in rows:
        for example in row.examples:
            print(f"{row.name}: {example}")
    return 1 if any(r.counts["crash"] or r.counts["hang"] or r.counts["bad_error"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
