"""Shared fixtures: paths to the project's shared data, a KB cache for the whole session."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
#: Small test inputs kept with the tests.
TEST_DATA = TESTS / "data"
#: The project's shared folder (real corpora, KB sources), beside the checkout.
SHARED = REPO.parent / "shared"
SHARED_DATA = SHARED / "data"


def shared_path(*parts: str) -> Path:
    """A path under ../shared/data; skips the test when the shared folder is absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not SHARED_DATA.is_dir():
        pytest.skip(f"the shared data folder {SHARED_DATA} is not beside this checkout")
    return path


#: The KB cache this run made (removed at its end); None when BENGAL_CACHE was given, as in CI.
_OWN_CACHE: str | None = None


def pytest_configure(config: pytest.Config) -> None:
    """Before any test and before xdist starts its workers (they inherit the environment): one KB
    store cache for the run, with the bundled sample's store, predicate counts and graph view built
    into it once. Without this every worker, and every CLI test that ran before the cache existed,
    built them at once (about 30 CPU s each; a fresh cache cost the suite 140 CPU s)."""
    global _OWN_CACHE
    if hasattr(config, "workerinput"):  # an xdist worker: the controller made the cache
        return
    if not os.environ.get("BENGAL_CACHE"):
        _OWN_CACHE = tempfile.mkdtemp(prefix="bengal-test-cache-")
        os.environ["BENGAL_CACHE"] = _OWN_CACHE
    from bengal.kb.store import open_kb

    kb = open_kb()
    kb.predicate_counts()
    kb.graph()


def pytest_unconfigure(config: pytest.Config) -> None:
    if _OWN_CACHE is not None and not hasattr(config, "workerinput"):
        shutil.rmtree(_OWN_CACHE, ignore_errors=True)
        os.environ.pop("BENGAL_CACHE", None)


@pytest.fixture(scope="session")
def bundled_kb():
    """The bundled DBpedia sample opened as a KB (built into the run's cache once: :func:`pytest_configure`)."""
    from bengal.kb.store import open_kb

    return open_kb()


def default_ctrl_c() -> None:
    """A ``preexec_fn`` for a child that must take Ctrl-C: SIGINT at its default before the exec, as a
    terminal's command has it. A test run started in the background by a shell without job control
    (``pytest … &`` in a script) inherits SIGINT ignored, and the exec would keep that: the command
    would then rightly ignore Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
