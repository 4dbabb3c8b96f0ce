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
import io
import json
import os
import random
import re
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

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


def run_cli(args: list[str], cwd: Path, names: tuple[str, ...], hang: float = HANG_SECONDS) -> Outcome:
    """``bengal ARGS`` in ``cwd`` in this process, judged as the module docstring says; ``names``:
    the file names an error may name (one of them must appear in it)."""
    from click.testing import CliRunner

    from bengal.cli import main

    here = os.getcwd()
    os.chdir(cwd)
    start = time.monotonic()
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
    seconds = time.monotonic() - start
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
    """One input class: the seed files (name → bytes, written into the work folder), the file a
    mutant replaces, and the commands run on it (``{in}`` is the mutant's file name)."""

    name: str
    seeds: dict[str, bytes]
    target: str
    commands: list[list[str]]
    mutations: dict[str, Callable[[random.Random, bytes], bytes]]


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
    ], {"NIF Turtle": gold_ttl.encode(), "JSON Lines": pred_jsonl.encode(), "CoNLL columns": gold_conll.encode(),
        "AIDA TSV": aida.encode(), "LLM answers": answers.encode(), "results JSON": results}


def fuzz(count: int, seed: int = 14, budget: float | None = None, work: Path | None = None,
         only: str | None = None, hang: float = HANG_SECONDS,
         progress: Callable[[str], None] | None = None) -> list[Row]:
    """``count`` mutants per input class (fewer when the ``budget`` in seconds, shared by the
    classes, runs out), seeded by ``seed``; one :class:`Row` per class."""
    with contextlib.ExitStack() as stack:
        if work is None:
            work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bengal-fuzz-")))
        classes, originals = build_classes(work)
        rows = []
        start = time.monotonic()
        chosen = [c for c in classes if only is None or c.name == only]
        for index, cls in enumerate(chosen):
            row = Row(cls.name)
            rows.append(row)
            folder = work / f"class{index}"
            folder.mkdir()
            for name, data in cls.seeds.items():
                (folder / name).write_bytes(data)
            rng = random.Random(f"{seed}:{cls.name}")
            sources = originals[cls.name]
            deadline = None if budget is None else start + budget * (index + 1) / len(chosen)
            names = list(cls.mutations)
            for i in range(count):
                if deadline is not None and time.monotonic() > deadline:
                    break
                if isinstance(sources, dict):
                    base = sources[rng.choice(sorted(sources))]
                else:
                    base = sources
                applied = [names[i % len(names)]] + [rng.choice(names) for _ in range(rng.choice((0, 0, 0, 1, 2)))]
                data = base
                for name in applied:
                    data = cls.mutations[name](rng, data)
                mutation = "+".join(applied)
                (folder / cls.target).write_bytes(data)
                command = cls.commands[i % len(cls.commands)]
                outcome = run_cli(command, folder, (cls.target,), hang)
                for leftover in folder.glob("out.*"):
                    leftover.unlink()
                row.add(outcome, mutation)
                if outcome.kind in ("crash", "bad_error", "hang"):
                    keep = work / "findings"
                    keep.mkdir(exist_ok=True)
                    (keep / f"{index}-{i}-{cls.target}").write_bytes(data)
                    if progress:
                        progress(f"{cls.name} #{i} {' '.join(command)}: {outcome.kind}: {outcome.detail[:400]}")
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
    parser.add_argument("--only", default=None, help="one input class by name")
    parser.add_argument("--keep", type=Path, default=None, help="work folder to keep (findings/ holds each mutant)")
    args = parser.parse_args(argv)
    os.environ.setdefault("BENGAL_CACHE", str(Path(tempfile.gettempdir()) / "bengal-cache"))
    start = time.monotonic()
    rows = fuzz(args.count, args.seed, work=args.keep, only=args.only, progress=lambda s: print(s, file=sys.stderr))
    print(table(rows))
    print(f"\n{sum(r.tried for r in rows):,} runs in {time.monotonic() - start:.0f} s "
          f"(python benchmarks/fuzz.py --count {args.count} --seed {args.seed})")
    for row in rows:
        for example in row.examples:
            print(f"{row.name}: {example}")
    return 1 if any(r.counts["crash"] or r.counts["hang"] or r.counts["bad_error"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
