"""Shared fixtures: paths to the project's shared data, a KB cache for the whole session."""

from __future__ import annotations

import os
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


@pytest.fixture(scope="session", autouse=True)
def _kb_cache(tmp_path_factory):
    """One KB store cache for the test session (unless BENGAL_CACHE is already set, as in CI)."""
    if os.environ.get("BENGAL_CACHE"):
        yield Path(os.environ["BENGAL_CACHE"])
        return
    cache = tmp_path_factory.mktemp("bengal-cache")
    os.environ["BENGAL_CACHE"] = str(cache)
    try:
        yield cache
    finally:
        os.environ.pop("BENGAL_CACHE", None)


@pytest.fixture(scope="session")
def bundled_kb(_kb_cache):
    """The bundled DBpedia sample opened as a KB (built into the session's cache once)."""
    from bengal.kb.store import open_kb

    return open_kb()
