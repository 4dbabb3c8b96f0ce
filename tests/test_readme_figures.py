"""The seeded figures of the README and its docs pages against a fresh run (examples/readme_figures.py),
and its marker parser.

The fast blocks (the tour, its NIF phrase, the score JSON: one 100-document run) are regenerated
here on the session's KB; the slower ones (five strategies times four options) are checked by
``python examples/readme_figures.py --check``. Every block lives on one page of ``PAGES``.
"""

from __future__ import annotations

import importlib.util
import sys

import pytest

from tests.conftest import REPO

SCRIPT = REPO / "examples" / "readme_figures.py"


def _load():
    spec = importlib.util.spec_from_file_location("readme_figures", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["readme_figures"] = module
    spec.loader.exec_module(module)
    return module


figures = _load()


@pytest.fixture(scope="module")
def runner(bundled_kb, tmp_path_factory):
    """One runner for the module: the tour corpus is made once."""
    return figures.Runner(tmp_path_factory.mktemp("figures"), kb=bundled_kb)


def test_fast_blocks_match_a_fresh_run(runner):
    found = figures.find_page_blocks([REPO / page for page in figures.PAGES])
    blocks = {name: block for name, (_, block) in found.items()}
    assert set(blocks) <= set(figures.FIGURES), "a block the script does not know"
    assert set(figures.FIGURES) <= set(blocks), "a figure no page holds"
    # the tour and its NIF phrase are what a new user reads first: they stay in the README
    assert found["tour"][0].name == found["nif-example"][0].name == "README.md"
    fast = [n for n, f in figures.FIGURES.items() if f.fast]
    assert fast
    bodies = figures.render(fast, runner)
    stale = [n for n in fast if figures.indent_text(bodies[n], blocks[n].indent) != blocks[n].body]
    assert not stale, f"stale README figures {stale}: run python examples/readme_figures.py --write"


def test_score_json_figures_agree_with_each_other(runner):
    """f_beta with beta = 1 is F1; F1 = 2PR/(P+R) of the printed P and R; TP + FN = the tour's mentions."""
    import json
    import re

    body = figures.render(["score-json", "tour"], runner)
    mentions = int(re.search(r"(\d+) mentions \(", body["tour"]).group(1))
    line = re.search(r'"micro": (\{"tp".*?\})', body["score-json"]).group(1)
    micro = json.loads(line)
    fb = re.search(r'"f_beta": \{"beta": 1.0, "micro": ([0-9.]+), "macro": ([0-9.]+)\}', body["score-json"])
    macro_f1 = float(re.search(r'"macro": \{"precision": [0-9.]+, "recall": [0-9.]+, "f1": ([0-9.]+)\}',
                               body["score-json"]).group(1))
    p, r = micro["precision"], micro["recall"]
    assert micro["f1"] == pytest.approx(2 * p * r / (p + r))
    assert float(fb.group(1)) == pytest.approx(micro["f1"])
    assert float(fb.group(2)) == pytest.approx(macro_f1)
    assert micro["tp"] + micro["fn"] == mentions
    assert micro["fp"] == 0
    # 20 first mentions removed plus the whole last document
    last = re.search(r"\((\d+) false negatives\)", body["score-json"]).group(1)
    assert micro["fn"] == 20 + int(last)


def test_replace_blocks_rewrites_only_between_markers():
    text = "a\n  <!-- figures:x -->\n  old\n  <!-- /figures:x -->\nb\n<!-- figures:y -->\nsame\n<!-- /figures:y -->\n"
    new, stale = figures.replace_blocks(text, {"x": "one\n\ntwo", "y": "same"})
    assert stale == ["x"]
    assert new == ("a\n  <!-- figures:x -->\n  one\n\n  two\n  <!-- /figures:x -->\nb\n"
                   "<!-- figures:y -->\nsame\n<!-- /figures:y -->\n")


@pytest.mark.parametrize("text, message", [
    ("<!-- figures:x -->\nbody\n", "README.md:1: figures:x is never closed"),
    ("<!-- figures:x -->\n<!-- figures:y -->\n", "README.md:2: figures:y opens inside figures:x"),
    ("text\n<!-- /figures:x -->\n", "README.md:2: /figures:x closes no open figures:x"),
    ("<!-- figures:x -->\n<!-- /figures:y -->\n", "README.md:2: /figures:y closes no open figures:y"),
    ("<!-- figures:x -->\n<!-- /figures:x -->\n<!-- figures:x -->\n<!-- /figures:x -->\n",
     "README.md:3: figures:x appears twice"),
])
def test_bad_markers_are_one_line_errors(text, message):
    with pytest.raises(figures.FigureError) as err:
        figures.find_blocks(text)
    assert str(err.value) == message


def test_a_name_on_two_pages_is_a_one_line_error(tmp_path):
    one, two = tmp_path / "README.md", tmp_path / "generate.md"
    one.write_text("<!-- figures:x -->\na\n<!-- /figures:x -->\n", encoding="utf-8")
    two.write_text("text\n<!-- figures:x -->\nb\n<!-- /figures:x -->\n", encoding="utf-8")
    with pytest.raises(figures.FigureError) as err:
        figures.find_page_blocks([one, two])
    assert str(err.value) == f"{two}:2: figures:x appears twice (also in {one})"


def test_check_and_write_span_several_pages(tmp_path, capsys, monkeypatch):
    one, two = tmp_path / "README.md", tmp_path / "generate.md"
    one.write_text("<!-- figures:tour -->\nfresh\n<!-- /figures:tour -->\n", encoding="utf-8")
    two.write_text("x\n<!-- figures:density -->\nold\n<!-- /figures:density -->\n", encoding="utf-8")
    monkeypatch.setattr(figures, "render", lambda names, runner: {n: "fresh" for n in names})
    pages = ["--readme", str(one), "--readme", str(two)]
    assert figures.main(["--check", "--only", "tour,density", *pages]) == 1
    err = capsys.readouterr().err
    assert f"stale figure blocks in {two}: density" in err and str(one) not in err
    assert figures.main(["--write", "--only", "tour,density", *pages]) == 0
    assert two.read_text() == "x\n<!-- figures:density -->\nfresh\n<!-- /figures:density -->\n"
    assert figures.main(["--check", "--only", "tour,density", *pages]) == 0
    # a block no page holds
    assert figures.main(["--check", "--only", "loop", *pages]) == 2
    assert "no figure block loop" in capsys.readouterr().err


def test_check_mode_exits_1_and_names_the_stale_block(tmp_path, capsys, monkeypatch):
    readme = tmp_path / "README.md"
    readme.write_text("<!-- figures:tour -->\nnot the tour\n<!-- /figures:tour -->\n", encoding="utf-8")
    monkeypatch.setattr(figures, "render", lambda names, runner: {n: "fresh" for n in names})
    assert figures.main(["--check", "--only", "tour", "--readme", str(readme)]) == 1
    assert "stale figure blocks" in capsys.readouterr().err and "tour" in readme.read_text()
    assert figures.main(["--write", "--only", "tour", "--readme", str(readme)]) == 0
    assert readme.read_text() == "<!-- figures:tour -->\nfresh\n<!-- /figures:tour -->\n"
    assert figures.main(["--check", "--only", "tour", "--readme", str(readme)]) == 0
    assert figures.main(["--check", "--only", "nope", "--readme", str(readme)]) == 2
    assert "unknown figure block nope" in capsys.readouterr().err
