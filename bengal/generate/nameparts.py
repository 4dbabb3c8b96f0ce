"""A person's name split into its first and last parts by ``nameparser``, the parts kept between runs.

:func:`bengal.generate.surface.family_name` (the family-name form of each person a document names again:
"Einstein") and :func:`bengal.generate.gender.first_name_gender` read a name's first and last parts from
``nameparser``'s ``HumanName``, which takes about 0.3 ms a name and 30-70 ms to import: a default run of 3,000
documents parses about 700 names, 0.2 CPU s, a twentieth of making its documents (issue 15). The parts are kept
in ``$BENGAL_CACHE/person-names/`` (:func:`bengal.kb.store.cache_dir`) in a file named by the nameparser version that
parsed them (:func:`parser_version`): the same name, the same parts. A run reads them when it first needs a name
and adds the names it parsed at its end (its worker processes' too), as :mod:`bengal.generate.wordcounts` keeps
the token counts, so a name parsed before is split without nameparser, to the same parts. Reading a file of every
person of the bundled sample (about 44,000 names, 1.8 MB) would take about 0.035 CPU s, what parsing 115 names
takes. A damaged or foreign file is ignored, a cache that cannot be written only costs time.
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path
from typing import Mapping

from bengal.kb.diskcache import read_cached, save_merged
from bengal.kb.store import cache_dir

__all__ = ["name_parts", "parser_version", "package_version", "person_names_file", "name_parts_path",
           "load_name_parts", "save_name_parts", "add_name_parts", "take_new_name_parts"]

#: name → ``(first, last)``, nameparser's parts of every name this process parsed or was handed.
_PARTS: dict[str, tuple[str, str]] = {}
#: the names this process parsed since :func:`take_new_name_parts` last took them.
_NEW_PARTS: dict[str, tuple[str, str]] = {}
#: The parts this process read from or wrote to each file, to tell at the end whether it knows more.
_kept: dict[Path, dict[str, tuple[str, str]]] = {}


def name_parts(name: str) -> tuple[str, str]:
    """``(first, last)``: ``HumanName(name).first`` and ``.last`` of ``nameparser`` (strings, either may be
    empty), each name parsed once per process, or not at all when an earlier run kept it (the kept file is read
    on the first name this process does not know, :func:`load_name_parts`: a run that asks for no name reads
    nothing)."""
    found = _PARTS.get(name)
    if found is None and name_parts_path() not in _kept:
        load_name_parts()
        found = _PARTS.get(name)
    if found is None:
        # imported on first use: a run whose names were all kept never imports it (30-70 ms)
        from nameparser import HumanName

        parsed = HumanName(name)
        found = _PARTS[name] = _NEW_PARTS[name] = (str(parsed.first), str(parsed.last))
    return found


def parser_version() -> str:
    """What the kept parts depend on: ``"nameparser-<version>"`` of the installed nameparser, read from its
    package metadata without importing it (``"nameparser-unknown"`` when it has none)."""
    return package_version("nameparser")


def package_version(package: str) -> str:
    """``"<package>-<version>"`` of an installed package, from its metadata without importing it
    (``"<package>-unknown"`` when it has none): what a kept file of that package's answers is named by."""
    try:
        return f"{package}-{metadata.version(package)}"
    except metadata.PackageNotFoundError:
        return f"{package}-unknown"


def person_names_file(kind: str, package: str) -> Path:
    """The kept file of ``kind`` (``parts``, ``given``) of the installed ``package``'s answers about people's
    names: ``$BENGAL_CACHE/person-names/<kind>-<package>-<version>.pickle``."""
    return cache_dir() / "person-names" / f"{kind}-{package_version(package)}.pickle"


def name_parts_path() -> Path:
    """The file of the name parts of the installed nameparser (``$BENGAL_CACHE/person-names/``)."""
    return person_names_file("parts", "nameparser")


def _valid(parts: dict) -> bool:
    return all(type(k) is str and type(v) is tuple and len(v) == 2 and type(v[0]) is str and type(v[1]) is str
               for k, v in parts.items())


def _read(path: Path) -> dict[str, tuple[str, str]]:
    return read_cached(path, dict, _valid) or {}


def add_name_parts(parts: Mapping[str, tuple[str, str]]) -> None:
    """Take ``{name: (first, last)}`` (nameparser's parts of the installed version, kept from an earlier run or
    parsed by a worker process) as parsed: :func:`name_parts` then gives them without nameparser."""
    _PARTS.update(parts)


def take_new_name_parts() -> dict[str, tuple[str, str]]:
    """The names this process parsed with nameparser since the last call, ``{name: (first, last)}`` (then
    forgotten as new; still known)."""
    new = dict(_NEW_PARTS)
    _NEW_PARTS.clear()
    return new


def load_name_parts() -> None:
    """Hand the kept name parts to :func:`add_name_parts` (the file is read once per process)."""
    path = name_parts_path()
    if path not in _kept:
        _kept[path] = _read(path)
        add_name_parts(_kept[path])


def save_name_parts() -> int:
    """Keep every name's parts this process knows (parsed here, read, or had from its worker processes) in the
    file, merged with what the file holds now, when the file lacks any of them; the number of names added (0:
    nothing written)."""
    return save_merged(name_parts_path(), _PARTS, _kept, _read)
