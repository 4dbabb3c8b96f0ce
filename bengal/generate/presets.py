"""Generation presets: TOML recipes in ``generators/`` for ``bengal generate --preset NAME``.

A preset file ``generators/NAME.toml`` holds a ``description`` and a
``[generate]`` table whose keys are fields of
:class:`bengal.generate.config.GenerateConfig` (``docs``, ``density``,
``strategy``, ``min_sentences``, ``max_sentences``, ``seed``, ``classes``,
``lang``, ``paraphrase``, ``surface_forms``, ``pronouns``, ``annotate_pronouns``, ``mentions``,
``literals``, ``sentence_length``). BENGAL's B1–B10 set ``mentions = "all"``, ``literals = false`` and
``sentence_length = "short"``: every KB resource a mention, no dates and short sentences, as BENGAL
wrote them.
Options given on the command line override a preset's values (a flag given on
the command line turns the feature on; it cannot turn a preset's flag off).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bengal.errors import UsageError
from bengal.resources import TOMLDecodeError, data_dir, load_toml

__all__ = ["Preset", "list_presets", "load_preset", "PRESET_KEYS"]

#: Keys a preset's ``[generate]`` table may set.
PRESET_KEYS = ("docs", "density", "strategy", "min_sentences", "max_sentences", "seed", "classes", "lang",
               "paraphrase", "surface_forms", "pronouns", "annotate_pronouns", "mentions", "literals",
               "sentence_length")


@dataclass(frozen=True)
class Preset:
    """One preset.

    Attributes:
        name: its name (the file name without ``.toml``).
        description: one line for ``--list-presets``.
        values: the ``[generate]`` table (``classes`` as a tuple).
        path: the file.
    """

    name: str
    description: str
    values: dict[str, Any]
    path: Path


def _folder() -> Path:
    try:
        return data_dir("generators")
    except FileNotFoundError as exc:
        raise UsageError(str(exc)) from None


def _natural(name: str) -> tuple:
    return tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name))


def list_presets() -> list[Preset]:
    """Every preset in ``generators/``, in natural name order (B1, B2, …, B10, high, low, medium).

    Raises:
        UsageError: when a preset file is broken (naming the file).
    """
    return [load_preset(p.stem) for p in sorted(_folder().glob("*.toml"), key=lambda p: _natural(p.stem))]


def load_preset(name: str) -> Preset:
    """The preset ``name``.

    Raises:
        UsageError: for an unknown name (listing the known ones), a file that is not
            valid TOML, an unknown key or a value of the wrong type.
    """
    folder = _folder()
    path = folder / f"{name}.toml"
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", name) or not path.is_file():
        known = ", ".join(p.stem for p in sorted(folder.glob("*.toml"), key=lambda p: _natural(p.stem)))
        raise UsageError(f"unknown preset {name!r} (available: {known}; see bengal generate --list-presets)")
    try:
        data = load_toml(path)
    except TOMLDecodeError as exc:
        raise UsageError(f"{path}: not valid TOML ({exc})") from None
    values = dict(data.get("generate", {}))
    unknown = sorted(set(values) - set(PRESET_KEYS))
    if unknown:
        raise UsageError(f"{path}: unknown key {unknown[0]!r} in [generate] (allowed: {', '.join(PRESET_KEYS)})")
    types: dict[str, type | tuple[type, ...]] = {
        "docs": int, "min_sentences": int, "max_sentences": int, "seed": int, "strategy": str, "lang": str,
        "paraphrase": bool, "surface_forms": bool, "pronouns": bool, "annotate_pronouns": bool,
        "mentions": str, "literals": bool,
        "density": (str, int, float), "sentence_length": (str, int, float), "classes": list}
    for key, value in values.items():
        if not isinstance(value, types[key]) or (types[key] is int and isinstance(value, bool)):
            raise UsageError(f"{path}: [generate] {key} has the wrong type ({type(value).__name__})")
    if "classes" in values:
        values["classes"] = tuple(str(c) for c in values["classes"])
    return Preset(name, str(data.get("description", "")), values, path)
