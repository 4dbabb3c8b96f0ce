"""Generation presets: TOML recipes in ``generators/`` for ``bengal generate --preset NAME``.

A preset file ``generators/NAME.toml`` holds a ``description`` and a
``[generate]`` table whose keys are fields of
:class:`bengal.generate.config.GenerateConfig` (``docs``, ``density``,
``strategy``, ``min_sentences``, ``max_sentences``, ``seed``, ``classes``,
``lang``, ``paraphrase``, ``surface_forms``, ``pronouns``, ``annotate_pronouns``, ``mentions``,
``literals``, ``sentence_length``, ``ambiguity``, ``emerging``).
BENGAL's B1–B10 set ``mentions = "all"``, ``literals = false`` and
``sentence_length = "short"``: every KB resource a mention, no dates and short sentences, as BENGAL
wrote them.
Options given on the command line override a preset's values (a flag given on
the command line turns the feature on; it cannot turn a preset's flag off).

A *like* preset ``generators/like-NAME.toml`` (``bengal generate --like NAME``) also holds a
``[target]`` table: the shape of a real corpus (:data:`LIKE_FIGURES`, measured by ``bengal stats``
as :mod:`bengal.shape` defines them, ``docs/shape.md``), the corpus file and the command that
measured them; its ``[generate]`` table is the recipe chosen to reach them
(``benchmarks/calibrate_like.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from bengal.errors import UsageError
from bengal.resources import TOMLDecodeError, data_dir, load_toml

__all__ = ["Preset", "LikeTarget", "list_presets", "load_preset", "load_like", "kb_reach", "PRESET_KEYS",
           "LIKE_FIGURES", "LIKE_TOLERANCE", "LIKE_PREFIX"]

#: Keys a preset's ``[generate]`` table may set.
PRESET_KEYS = ("docs", "density", "strategy", "min_sentences", "max_sentences", "seed", "classes", "lang",
               "paraphrase", "surface_forms", "pronouns", "annotate_pronouns", "mentions", "literals",
               "sentence_length", "ambiguity", "emerging", "emerging_types", "first_mention", "rare_senses")

#: The figures of a like preset's ``[target]`` table, keys of :data:`bengal.shape.MEASURES`: documents,
#: mentions per document, tokens per sentence, mentions per token (spaCy's blank English tokens),
#: the label-identical share (surface == the entity's KB label, over mentions of KB entities), the
#: ambiguous-mention share (surface names more than one entity in the KB's name index), the NIL share
#: (mentions that are not InKB by the scorer's rule: what ``--emerging`` makes) and the type mix
#: (shares of the mentions whose type is known, by top class: docs/shape.md; an untyped link past the
#: KB sample counts in none).
LIKE_FIGURES = ("documents", "mentions_per_document", "tokens_per_sentence", "mentions_per_token",
                "label_identical_share", "ambiguous_mention_share", "nil_share", "type_person",
                "type_organisation", "type_place", "type_other")
#: A reached figure is within the target when ``|reached - target| <= LIKE_TOLERANCE * target``.
LIKE_TOLERANCE = 0.2
#: A like preset's file name is ``LIKE_PREFIX + NAME + ".toml"``.
LIKE_PREFIX = "like-"
_TARGET_TEXT = ("corpus", "command")


@dataclass(frozen=True)
class LikeTarget:
    """The measured shape of a real corpus that a like preset aims at.

    Attributes:
        name: the corpus's short name (``kore50``: ``--like kore50``).
        figures: :data:`LIKE_FIGURES` key → the measured value (counts and shares as ``bengal stats
            --json`` gives them; shares in [0, 1]); a figure the corpus has no base for is absent and
            named in ``not_measured``.
        corpus: the corpus file the figures were measured on (a path under the project's data
            folder, or a shipped corpus name such as ``conllpp``).
        command: the command that measured them.
        not_measured: figures without a base in the corpus (CoNLL++ has no links: no label-identical share).
        missed_on_purpose: figure → why the recipe misses it on purpose (KORE50's NIL share is 0, but
            made-up entities stand in for its entities that the bundled KB lacks): compared and reported,
            never listed as ``outside``.
    """

    name: str
    figures: dict[str, float]
    corpus: str
    command: str
    not_measured: tuple[str, ...] = ()
    missed_on_purpose: Mapping[str, str] = field(default_factory=dict)

    def compare(self, reached: dict[str, float | int | None], set_by_user: Sequence[str] = ()) -> dict[str, Any]:
        """The manifest's ``like`` section for the ``reached`` measures (:data:`LIKE_FIGURES` keys → values).

        Args:
            set_by_user: figures the user chose rather than the preset (``documents`` under ``--docs``):
                compared all the same, but never listed as ``outside``.

        Returns:
            ``{"name", "corpus", "command", "targets", "reached", "within_20pct", "outside",
            "set_by_user", "missed_on_purpose", "not_measured"}``: ``within_20pct`` maps each target figure
            to whether ``|reached - target| <=`` :data:`LIKE_TOLERANCE` ``× target`` (``False`` when the
            reached figure has no base), ``outside`` lists the figures that are not, in :data:`LIKE_FIGURES`
            order, except those ``set_by_user`` (the ones of the targets, in that order) and those the
            recipe misses on purpose (``missed_on_purpose``: figure → the reason, for the ones outside);
            ``not_measured``: the figures the corpus has no base for.
        """
        got = {key: reached.get(key) for key in self.figures}
        within = {}
        for key, target in self.figures.items():
            value = got[key]
            within[key] = value is not None and abs(value - target) <= LIKE_TOLERANCE * target + 1e-12
        chosen = [key for key in self.figures if key in set_by_user]
        on_purpose = {key: self.missed_on_purpose[key] for key in self.figures
                      if key in self.missed_on_purpose and not within[key] and key not in chosen}
        return {"name": self.name, "corpus": self.corpus, "command": self.command,
                "targets": dict(self.figures), "reached": got, "within_20pct": within,
                "outside": [key for key in self.figures
                            if not within[key] and key not in chosen and key not in on_purpose],
                "set_by_user": chosen, "missed_on_purpose": on_purpose, "not_measured": list(self.not_measured)}


def kb_reach(section: Mapping[str, Any], label_only_share: float | None,
             density: Mapping[str, Any] | None) -> dict[str, dict[str, Any]]:
    """The manifest's ``like.kb_reach``: the figures outside ±20 % (``section``, :meth:`LikeTarget.compare`'s
    result) whose target lies beyond what the KB lets any text reach, measured, each ``{"reach": the nearest
    reachable value, "why": …}``:

    * ``label_identical_share``, when even the target's upper bound (``× 1.2``) is below ``label_only_share``
      (:func:`bengal.shape.measure_corpus`: the share of the corpus's KB mentions whose entity the KB and the
      lexicon give no other name; such a mention can only be the label, whatever the surface forms);
    * ``mentions_per_token``, when the density control found the target out of reach with the text denser
      than asked (``density``, the manifest's ``density_reach`` of :func:`bengal.generate.stats.
      density_reach`): its ``why``, the reached density as the reach.

    The issue's rule (issue 11): where the KB lacks what a dial needs, say so with the measured reach, never
    fake it. Other figures outside are the recipe's trade-offs (the preset's comments) and are not listed."""
    outside = set(section["outside"])
    out: dict[str, dict[str, Any]] = {}
    target = section["targets"].get("label_identical_share")
    if ("label_identical_share" in outside and target is not None and label_only_share is not None
            and target * (1 + LIKE_TOLERANCE) < label_only_share):
        out["label_identical_share"] = {
            "reach": round(label_only_share, 4),
            "why": f"the KB gives no other name (alt label, name before a comma, family name, name without its "
                   f"designator, news name) for the entities of {label_only_share:.1%} of these mentions: no "
                   "choice of surface forms writes fewer label-identical mentions"}
    if "mentions_per_token" in outside and density and not density.get("within_15pct", True) \
            and density.get("side") == "below":
        out["mentions_per_token"] = {"reach": section["reached"].get("mentions_per_token"), "why": density["why"]}
    return out


@dataclass(frozen=True)
class Preset:
    """One preset.

    Attributes:
        name: its name (the file name without ``.toml``).
        description: one line for ``--list-presets``.
        values: the ``[generate]`` table (``classes`` as a tuple).
        path: the file.
        target: a like preset's :class:`LikeTarget` (its ``[target]`` table); ``None`` for the others.
    """

    name: str
    description: str
    values: dict[str, Any]
    path: Path
    target: LikeTarget | None = None


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
            valid TOML, an unknown key or a value of the wrong type (in ``[generate]`` or a like
            preset's ``[target]``), a like preset without its ``[target]`` or a figure of it.
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
        "mentions": str, "literals": bool, "first_mention": str, "rare_senses": bool, "ambiguity": (int, float),
        "emerging": (int, float),
        "density": (str, int, float), "sentence_length": (str, int, float), "classes": list, "emerging_types": list}
    for key, value in values.items():
        if not isinstance(value, types[key]) or (types[key] is not bool and isinstance(value, bool)):
            raise UsageError(f"{path}: [generate] {key} has the wrong type ({type(value).__name__})")
    for key in ("classes", "emerging_types"):
        if key in values:
            values[key] = tuple(str(c) for c in values[key])
    target = _target(path, name[len(LIKE_PREFIX):], data) if name.startswith(LIKE_PREFIX) else None
    return Preset(name, str(data.get("description", "")), values, path, target)


def _target(path: Path, name: str, data: dict[str, Any]) -> LikeTarget:
    """The ``[target]`` table of the like preset at ``path``.

    Raises:
        UsageError: naming the file and the key: no table, an unknown key, a figure missing (and not
            in ``not_measured``) or not a non-negative number, ``corpus`` or ``command`` missing, a
            ``missed_on_purpose`` entry that is no measured figure or has no reason.
    """
    table = data.get("target")
    if not isinstance(table, dict):
        raise UsageError(f"{path}: a like preset needs a [target] table (the measured figures: "
                         f"{', '.join(LIKE_FIGURES)}; corpus; command)")
    allowed = (*LIKE_FIGURES, *_TARGET_TEXT, "not_measured", "missed_on_purpose")
    unknown = sorted(set(table) - set(allowed))
    if unknown:
        raise UsageError(f"{path}: unknown key {unknown[0]!r} in [target] (allowed: {', '.join(allowed)})")
    for key in _TARGET_TEXT:
        if not isinstance(table.get(key), str) or not table[key].strip():
            raise UsageError(f"{path}: [target] needs {key} = \"...\" (the measured corpus file and the command)")
    missing = table.get("not_measured", [])
    if not isinstance(missing, list) or not all(m in LIKE_FIGURES for m in missing):
        raise UsageError(f"{path}: [target] not_measured must list figures of {', '.join(LIKE_FIGURES)}")
    figures: dict[str, float] = {}
    for key in LIKE_FIGURES:
        if key in missing:
            if key in table:
                raise UsageError(f"{path}: [target] {key} is both given and listed in not_measured")
            continue
        value = table.get(key)
        if value is None:
            raise UsageError(f"{path}: [target] lacks {key} (or list it in not_measured)")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            raise UsageError(f"{path}: [target] {key} must be a non-negative number, not {value!r}")
        figures[key] = value
    on_purpose = table.get("missed_on_purpose", {})
    if not isinstance(on_purpose, dict) or not all(
            key in figures and isinstance(why, str) and why.strip() for key, why in on_purpose.items()):
        raise UsageError(f"{path}: [target] missed_on_purpose must map measured figures to the reason "
                         "(missed_on_purpose = { nil_share = \"why\" })")
    return LikeTarget(name, figures, table["corpus"], table["command"], tuple(missing), dict(on_purpose))


def load_like(name: str) -> Preset:
    """The like preset of the corpus ``name`` (``generators/like-NAME.toml``; ``--like NAME``).

    Raises:
        UsageError: for an unknown name (listing the known ones) or a broken file (:func:`load_preset`).
    """
    folder = _folder()
    known = sorted(p.stem[len(LIKE_PREFIX):] for p in folder.glob(f"{LIKE_PREFIX}*.toml"))
    if name not in known:
        raise UsageError(f"unknown --like {name!r} (available: {', '.join(known)}; see bengal generate "
                         "--list-presets)")
    return load_preset(LIKE_PREFIX + name)
