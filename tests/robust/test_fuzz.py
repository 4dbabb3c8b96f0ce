"""The command line under mutated real corpora (issue 14): a fixed seed, mutants of cuts of the
corpora in ``../shared/data`` (NIF Turtle, JSON Lines, CoNLL, AIDA TSV, LLM answers, score results,
GERBIL's Wikipedia-datasets XML, IITB, Microposts 2014) through the readers, the scorer, the converter
and ``bengal report``, in this process
(``benchmarks/fuzz.py``, which ``python benchmarks/fuzz.py`` runs at a larger count).

Each run must end with exit code 0, 1 or 2, no exception escaping :func:`bengal.cli.main`, no
traceback, no Python warning, within :data:`HANG` seconds; a failed run prints exactly one
``error:`` line naming the file (or a document), and every line on stderr is at most 1,000
printable characters (stdout: printable). Each class gets its share of :data:`BUDGET` seconds, counted
after one unmutated run that pays its imports, so a loaded machine runs fewer mutants, never fewer than
:data:`AT_LEAST` a class (the test then takes longer rather than fail for the load).
"""

from __future__ import annotations

import importlib.util
import random
import sys

import pytest
from conftest import REPO, shared_path

#: Mutants per input class when the budget allows (a few thousand per format in all: 2,000 each).
COUNT = 2000
#: The classes run here: every file format bengal reads (benchmarks/fuzz.py has more: KB dumps, endpoint
#: answers, serve requests, which start a server or a generate run per input).
FILE_CLASSES = ["NIF Turtle", "JSON Lines", "CoNLL columns", "AIDA TSV", "LLM answers", "results JSON",
                "Wikipedia XML", "Wikipedia XML text", "IITB", "Microposts 2014"]
#: Seconds for the whole run (all classes): an idle 2-core machine gets through about 3,000 mutants.
BUDGET = 15.0
#: A run over this many seconds is a hang.
HANG = 15.0
#: The fewest mutants a class gets through whatever the budget (``fuzz(at_least=)``), so that a slow machine
#: cannot make the test vacuous
#: (an idle machine runs about 300 per class in the budget, LLM answers far fewer; ``bengal report`` is the
#: slowest, 0.1 s).
AT_LEAST = 25


def _fuzz_module():
    spec = importlib.util.spec_from_file_location("bengal_fuzz_bench", REPO / "benchmarks" / "fuzz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def fuzz():
    shared_path("nif", "gerbil-test-resources", "task1.ttl")  # skip without ../shared
    return _fuzz_module()


def test_mutated_real_inputs_never_crash_hang_or_print_a_bad_error(fuzz, tmp_path):
    rows = fuzz.fuzz(COUNT, seed=14, budget=BUDGET, work=tmp_path, hang=HANG, only=FILE_CLASSES, at_least=AT_LEAST)
    table = fuzz.table(rows)
    print(table)
    assert [r.name for r in rows] == FILE_CLASSES
    for row in rows:
        assert row.tried >= AT_LEAST, table
        assert (row.counts["crash"], row.counts["hang"], row.counts["bad_error"]) == (0, 0, 0), \
            f"{row.name}:\n" + "\n".join(row.examples)
        # the mutants reach both sides: some are refused, some read (with or without warnings)
        assert row.counts["error"] > 0 and row.counts["ok"] + row.counts["warning"] > 0, table


# ---------------------------------------------------------------- the judge itself can fail

def test_the_judge_calls_an_escaping_exception_a_crash_and_a_bad_line_a_bad_error(fuzz, tmp_path, monkeypatch):
    """``run_cli`` must see what it is there to see: a command that raises, one that prints a
    raw escape sequence, one that prints two error lines, and a slow one."""
    import click

    from bengal import cli as cli_module
    from bengal.errors import InputError

    @click.command()
    @click.argument("what")
    def probe(what):
        if what == "raise":
            raise KeyError("x")
        if what == "escape":
            click.echo("error: in.txt: \x1b[31mred", err=True)
            raise click.exceptions.Exit(1)
        if what == "two":  # a line of its own before the entry point's error line
            click.echo("error: in.txt: one", err=True)
            raise InputError("two", source="in.txt")
        if what == "unnamed":
            raise InputError("no file named")
        if what == "slow":
            while True:
                pass

    monkeypatch.setitem(cli_module.cli.commands, "probe", probe)
    assert fuzz.run_cli(["probe", "raise"], tmp_path, ("in.txt",)).kind == "crash"
    assert fuzz.run_cli(["probe", "escape"], tmp_path, ("in.txt",)).kind == "bad_error"
    assert fuzz.run_cli(["probe", "two"], tmp_path, ("in.txt",)).kind == "bad_error"
    assert fuzz.run_cli(["probe", "unnamed"], tmp_path, ("in.txt",)).kind == "bad_error"
    assert fuzz.run_cli(["probe", "slow"], tmp_path, ("in.txt",), hang=0.5).kind == "hang"
    assert fuzz.run_cli(["probe", "quiet"], tmp_path, ("in.txt",)).kind == "ok"


def test_the_mutations_are_seeded_and_change_the_input(fuzz):
    data = b'{"a": [1, 2.5, "x"]}\nline two 42\n'
    for name, mutate in fuzz.JSON_MUTATIONS.items():
        first = mutate(random.Random(7), data)
        assert mutate(random.Random(7), data) == first, name  # same seed, same mutant
    assert fuzz.MUTATIONS["bom"](random.Random(0), data) == b"\xef\xbb\xbf" + data
    assert fuzz.MUTATIONS["nan_inf"](random.Random(0), b"x 12 y") in (b"x NaN y", b"x Infinity y", b"x -Infinity y",
                                                                      b"x 1e309 y", b"x -1e309 y")
    deep = fuzz.MUTATIONS["deep_nesting"](random.Random(3), b"[1]")
    assert max(deep.count(b"["), deep.count(b"{"), deep.count(b"(")) >= 1000
