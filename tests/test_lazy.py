"""bengal.lazy: a package's public names are imported on first use and kept; an unknown name is an
AttributeError naming the package, as Python's own."""

import pytest

from bengal.lazy import load_attribute


def test_a_listed_name_is_imported_and_kept():
    namespace: dict = {}
    value = load_attribute("pkg", {"dumps": "json"}, namespace, "dumps")
    import json

    assert value is json.dumps
    assert namespace == {"dumps": json.dumps}


def test_an_unlisted_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="module 'pkg' has no attribute 'loads'"):
        load_attribute("pkg", {"dumps": "json"}, {}, "loads")


def test_the_packages_delegate_here():
    import bengal.io

    with pytest.raises(AttributeError, match="module 'bengal.io' has no attribute 'nope'"):
        bengal.io.nope  # noqa: B018
    from bengal.io.nif import read_nif

    assert bengal.io.read_nif is read_nif
    assert vars(bengal.io)["read_nif"] is read_nif  # kept: the next look-up does not import again


def test_lazy_function_imports_on_first_call_only():
    import sys

    from bengal.lazy import lazy_function

    sys.modules.pop("colorsys", None)
    f = lazy_function("colorsys", "rgb_to_hsv")
    assert "colorsys" not in sys.modules and f.__name__ == "rgb_to_hsv"
    assert f(1.0, 0.0, 0.0) == (0.0, 1.0, 1.0)  # pure red: hue 0, full saturation and value
    assert "colorsys" in sys.modules
    missing = lazy_function("colorsys", "nope")
    with pytest.raises(AttributeError, match="nope"):
        missing()


@pytest.mark.parametrize("line", [
    # the README's Python API line, as the trial of a new user ran it (score_files came back a module:
    # importing compare first imports the submodule bengal.workflows.score_files, bound on the package)
    "from bengal.workflows import annotate_files, compare, compare_sets, convert, generate_files, score_files, "
    "stats_files",
    "from bengal.workflows import compare\nfrom bengal.workflows import score_files, convert",
])
def test_a_submodule_never_hides_the_public_function_of_its_name(line):
    import subprocess
    import sys

    check = (line + "\nimport types\nnames = ['annotate_files', 'compare', 'convert', 'generate_files', "
             "'score_files', 'stats_files']\nimport bengal.workflows as w\n"
             "bad = [n for n in names if isinstance(getattr(w, n), types.ModuleType)]\n"
             "assert not bad, bad\nassert callable(score_files)\n")
    ran = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr


def test_lazy_module_runs_the_module_on_first_attribute_access_only():
    import subprocess
    import sys

    # a fresh process: colorsys is not loaded there (the suite's own process may have loaded it)
    check = ("import sys\nfrom bengal.lazy import lazy_module\nm = lazy_module('colorsys')\n"
             "assert sys.modules['colorsys'] is m\n"
             "assert type(m).__name__ == '_LazyModule', type(m)\n"
             "assert m.rgb_to_hsv(1.0, 0.0, 0.0) == (0.0, 1.0, 1.0)\n"  # pure red: hue 0, full saturation
             "assert type(m).__name__ == 'module'\n"
             "assert lazy_module('colorsys') is m\n")
    ran = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr


def test_lazy_module_of_an_already_imported_module_is_that_module():
    import json

    from bengal.lazy import lazy_module

    assert lazy_module("json") is json


def test_lazy_module_of_no_module_fails_at_once():
    from bengal.lazy import lazy_module

    with pytest.raises(ModuleNotFoundError, match="no_such_module_here"):
        lazy_module("no_such_module_here")
