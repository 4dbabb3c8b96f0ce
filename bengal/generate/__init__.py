"""Generation of gold standards from a KB (BENGAL, Ngonga Ngomo et al., INLG 2018).

Pipeline: KB → seed selection → subgraph (strategy) → verbalisation (lexicon,
density control) → Document with gold mentions → gold checks → writer.

Python users call :func:`generate` (returns a corpus, writes nothing) or
:func:`generate_to_file` (what ``bengal generate`` runs).
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Any, Callable

from bengal import __version__
from bengal.atomic import check_writable
from bengal.errors import UsageError
from bengal.generate.checks import check_gold
from bengal.generate.config import DEFAULT_CLASSES, GenerateConfig
from bengal.generate.density import DENSITY_PRESETS
from bengal.generate.pipeline import Generated, generate
from bengal.generate.presets import Preset, list_presets, load_preset
from bengal.generate.strategies import STRATEGIES
from bengal.io import manifest_path, output_format, write_with_manifest
from bengal.kb.store import open_kb

__all__ = ["GenerateConfig", "Generated", "generate", "generate_to_file", "manifest_path", "DEFAULT_CLASSES",
           "DENSITY_PRESETS", "STRATEGIES", "Preset", "list_presets", "load_preset"]


def generate_to_file(config: GenerateConfig, output: str | os.PathLike[str], format: str | None = None,
                     kb_path: str | os.PathLike[str] | None = None,
                     progress: Callable[[int], None] | None = None, jobs: int = 1,
                     preset: str | None = None, kb: Any = None) -> tuple[Generated, dict[str, Any]]:
    """Generate a corpus, check its gold, and write it with its manifest.

    Args:
        config: the generation parameters.
        output: the corpus file; ``OUT.manifest.json`` is written beside it.
        format: ``"nif"`` (Turtle), ``"nt"`` or ``"jsonl"``; by default from the extension.
        kb_path: a KB dump or store folder; ``None`` for the bundled DBpedia sample.
        progress: called with the number of documents made so far.
        jobs: worker processes (each opens the KB read-only); the output is
            byte-identical for every value.
        preset: the preset the config came from (recorded in the manifest).
        kb: an opened KB to use instead of ``kb_path`` (``None``: open ``kb_path``), e.g.
            a SPARQL endpoint (:func:`bengal.kb.open_source`); it must pickle when ``jobs > 1``.

    Returns:
        ``(generated, manifest)``.

    Raises:
        bengal.errors.UsageError: bad parameters, too few seeds, an unknown output
            format, or an output path that cannot be written (checked before any work).
        bengal.errors.InputError: an unusable KB path, an endpoint that fails.
        bengal.errors.GoldError: a gold check failed (nothing is written).
    """
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {jobs}")
    out = Path(output)
    fmt = output_format(out, format)
    check_writable(out, manifest_path(out))
    if kb is None:
        kb = open_kb(kb_path)
        opener = functools.partial(open_kb, str(kb_path) if kb_path is not None else None)
    else:
        opener = functools.partial(_same_kb, kb)
    generated = generate(kb, config, progress=progress, jobs=jobs, kb_opener=opener)
    checks = check_gold(generated.corpus, kb)
    manifest = {
        "tool": "bengal",
        "version": __version__,
        "corpus": {"name": generated.corpus.name, "file": out.name, "format": fmt},
        "parameters": {
            "docs": config.docs,
            "density": config.density,
            "density_target": config.density_target,
            "strategy": config.strategy,
            "min_sentences": config.min_sentences,
            "max_sentences": config.max_sentences,
            "seed": config.seed,
            "classes": list(config.classes),
            "lang": config.lang,
            "paraphrase": config.paraphrase,
            "surface_forms": config.surface_forms,
            "pronouns": config.pronouns,
            "annotate_pronouns": config.annotate_pronouns,
            "preset": preset,
        },
        "kb": {"source": kb.source if kb.source == "bundled" or "://" in kb.source else Path(kb.source).name,
               "snapshot": kb.snapshot, "sha256": kb.checksum},
        "gold_checks": checks,
        "stats": generated.stats,
    }
    write_with_manifest(generated.corpus, out, manifest, fmt)
    return generated, manifest


def _same_kb(kb: Any) -> Any:
    """A worker's KB opener for an already opened KB (a remote endpoint pickles as its settings)."""
    return kb
