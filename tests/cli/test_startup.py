"""What a command imports: ``bengal score`` on CoNLL files loads no NLP pipeline (issue 15)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bengal.cli import main

CONLL = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "conll" / "conllpp_test.txt"
HEAVY = ("spacy", "thinc", "torch", "transformers", "rdflib", "sklearn", "pandas")

SCRIPT = """
import json, sys
from bengal.cli import main
main(sys.argv[1:])
print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {heavy})))
"""


def imported(*args: str) -> list[str]:
    proc = subprocess.run([sys.executable, "-c", SCRIPT.format(heavy=set(HEAVY)), *args], capture_output=True,
                          text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_help_and_conll_score_load_no_heavy_module():
    assert imported("--help") == []
    assert imported("score", str(CONLL), str(CONLL)) == []


def test_help_imports_no_command_module():
    """`bengal --help` lists the commands from bengal.cli.COMMANDS without importing their modules."""
    proc = subprocess.run([sys.executable, "-c", "import sys\nfrom bengal.cli import main\nmain(['--help'])\n"
                           "print(sorted(m for m in sys.modules if m.startswith('bengal.') and m not in "
                           "{'bengal.cli', 'bengal.cli._app', 'bengal.model', 'bengal.errors'}))"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "[]"


def test_stored_help_lines_are_the_commands_own():
    """Each line that --help shows unloaded is the first paragraph of the command's docstring, and the
    stored module and function name the command of that name."""
    import inspect

    import click

    from bengal.cli import COMMANDS, cli

    ctx = click.Context(cli)
    for name, (_, _, line) in COMMANDS.items():
        command = cli.get_command(ctx, name)
        assert command is not None and command.name == name
        assert command.help is not None
        assert inspect.cleandoc(command.help).split("\n\n")[0].replace("\n", " ") == line, name
    assert cli.get_command(ctx, "no-such-command") is None


def test_unknown_command_is_a_usage_error(capsys):
    assert main(["no-such-command"]) == 2
    assert "No such command" in capsys.readouterr().err


def test_conll_score_loads_no_other_reader_nor_the_span_scorer(tmp_path):
    # the format registry imports a reader when its format is used (issue 15): two CoNLL files need neither
    # pyoxigraph (NIF, AIDA titles, IRI checks) nor the JSON/XML readers, nor span scoring and its bootstrap
    small = tmp_path / "a.conll"
    small.write_text("EU B-ORG\nrejects O\nGerman B-MISC\n\n", encoding="utf-8")
    script = ("import json, sys\nfrom bengal.cli import main\nmain(sys.argv[1:])\n"
              "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'pyoxigraph' or m in "
              "{'jsonlines', 'bengal.io.nif', 'bengal.io.aida', 'bengal.io.jsonl', 'bengal.io.wikixml', "
              "'bengal.score.bootstrap', 'bengal.score.api', 'bengal.workflows.compare'})))")
    proc = subprocess.run([sys.executable, "-c", script, "score", str(small), str(small)], capture_output=True,
                          text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.strip().splitlines()[-1]) == []


def test_a_lazily_registered_reader_still_reads_and_sniffs(tmp_path):
    from bengal.io.formats import detect_format, read_corpus

    path = tmp_path / "doc"  # no extension: told by its content, through the lazy sniffers
    path.write_text('{"uri": "http://example.org/d1", "text": "Paris", "mentions": '
                    '[{"begin": 0, "end": 5, "uri": "http://dbpedia.org/resource/Paris"}]}\n', encoding="utf-8")
    assert detect_format(path) == "jsonl"
    corpus = read_corpus(path)
    assert [(m.begin, m.end, set(m.uris)) for m in corpus.documents[0].mentions] == [
        (0, 5, {"http://dbpedia.org/resource/Paris"})]


def test_conll_score_to_json_loads_no_table_renderer(tmp_path):
    small = tmp_path / "a.conll"
    small.write_text("EU B-ORG\nrejects O\n\n", encoding="utf-8")
    script = ("import json, sys\nfrom bengal.cli import main\nmain(sys.argv[1:])\n"
              "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'rich' "
              "or m in {'bengal.report.table', 'bengal.report.chunks', 'bengal.report.partial'})))")
    proc = subprocess.run([sys.executable, "-c", script, "score", str(small), str(small), "--json", "-"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.strip().splitlines()
    assert json.loads(out[-1]) == []
    assert '"f1": 1.0' in proc.stdout  # the score itself is still written


NUMPY_RAN = ("import json, sys\nfrom bengal.cli import main\nmain(sys.argv[1:])\n"
             # numpy is bound lazily (bengal.lazy.lazy_module): its package only counts once it has run
             "print(json.dumps([m for m in ('numpy._core', 'numpy.core') if m in sys.modules]))")


def _numpy_ran(*args: str) -> list[str]:
    proc = subprocess.run([sys.executable, "-c", NUMPY_RAN, *args], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_nif_score_runs_no_numpy_but_its_bootstrap_does(tmp_path):
    # issue 15: reading and scoring NIF needs no numpy; the bootstrap (--ci) and CoNLL chunks do
    from bengal.io.formats import write_corpus
    from bengal.model import Corpus, Document, Mention

    doc = Document("http://example.org/d1", "Ulm is a city.",
                   (Mention(0, 3, "Ulm", frozenset({"http://dbpedia.org/resource/Ulm"})),))
    nif = tmp_path / "a.ttl"
    write_corpus(Corpus((doc,)), nif, "nif")
    assert _numpy_ran("score", str(nif), str(nif)) == []
    assert _numpy_ran("score", str(nif), str(nif), "--ci", "20") != []
    conll = tmp_path / "a.conll"
    conll.write_text("EU B-ORG\nrejects O\n\n", encoding="utf-8")
    assert _numpy_ran("score", str(conll), str(conll)) != []
