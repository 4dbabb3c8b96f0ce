"""``bengal generate`` as a function: generate a corpus, check its gold, write it with its manifest."""

from __future__ import annotations

import functools
import os
import signal
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any, Callable

from bengal import __version__
from bengal.atomic import check_writable
from bengal.errors import InputError, UsageError
from bengal.generate.checks import GoldCheck
from bengal.generate.config import GenerateConfig
from bengal.generate.lexicon import load_lexicon
from bengal.generate.pipeline import Generated, generate
from bengal.generate.presets import LIKE_FIGURES, kb_reach, load_like, load_preset
from bengal.io.formats import output_format, uri_formats
from bengal.io.manifest import manifest_path, write_with_manifest
from bengal.kb.chapter import ChapterKB
from bengal.kb.labels import refused_label_count
from bengal.kb.names import name_index
from bengal.kb.store import open_kb
from bengal.perf import full_gc_paused
from bengal.shape import measure_corpus

__all__ = ["generate_files", "generate_config", "manifest_parameters", "like_section"]


def generate_config(preset: str | None = None, *, like: str | None = None, **options: Any) -> GenerateConfig:
    """The parameters of a run: the values of ``preset`` (a recipe of ``generators/``) or of the like
    preset ``like`` (``generators/like-NAME.toml``), overridden by ``options`` (fields of
    :class:`~bengal.generate.pipeline.GenerateConfig`), over the defaults.

    Raises:
        UsageError: an unknown preset, both ``preset`` and ``like``, an unknown option or a value out
            of range.
    """
    if preset is not None and like is not None:
        raise UsageError(f"give --preset or --like, not both (--preset {preset} --like {like})")
    values = dict(load_preset(preset).values) if preset is not None else {}
    if like is not None:
        values = dict(load_like(like).values)
    values.update(options)
    try:
        return GenerateConfig(**values)
    except TypeError as exc:  # an unknown field name
        raise UsageError(f"not a generator option: {exc}") from None


def manifest_parameters(config: GenerateConfig, preset: str | None = None) -> dict[str, Any]:
    """The manifest's ``parameters``: every field of ``config`` (``density_target`` after ``density``),
    then the ``preset`` the config came from."""
    params: dict[str, Any] = {}
    for key, value in asdict(config).items():
        params[key] = list(value) if key == "classes" else value
        if key == "density":
            params["density_target"] = config.density_target
    params["preset"] = preset
    return params


def generate_files(output: str | os.PathLike[str], config: GenerateConfig | None = None, *,
                   preset: str | None = None, like: str | None = None, format: str | None = None,
                   kb_path: str | os.PathLike[str] | None = None, kb: Any = None,
                   kb_timeout: float | None = None, kb_lenient: bool = False,
                   progress: Callable[[int], None] | None = None, jobs: int = 1,
                   status: Callable[[str], None] | None = None,
                   load_progress: Callable[[int, int], None] | None = None,
                   **options: Any) -> tuple[Generated, dict[str, Any]]:
    """Generate a corpus, check its gold, and write it to ``output`` with ``OUT.manifest.json``.

    Args:
        output: the corpus file (``.ttl``, ``.nt``, ``.jsonl``, each optionally ``.gz``).
        config: the generation parameters; default :func:`generate_config` of ``preset`` and ``options``.
        preset: the preset the config comes from (recorded in the manifest).
        like: ``--like NAME``: the like preset the config comes from; the corpus is then measured
            (:func:`bengal.shape.measure_corpus` against the KB's name index) and the manifest's
            ``like`` section gives the preset's measured targets, the reached figures and which are
            within ±20 % (:meth:`bengal.generate.presets.LikeTarget.compare`).
        format: ``"nif"`` (Turtle), ``"nt"`` or ``"jsonl"``; by default from the extension.
        kb_path: a KB dump or store folder; ``None`` for the bundled DBpedia sample.
        kb: an opened KB to use instead of ``kb_path``, e.g. a SPARQL endpoint
            (:func:`bengal.kb.open_source`); it must pickle when ``jobs > 1``.
        kb_timeout: with ``kb_path``: seconds one query may take (default 300).
        kb_lenient: with ``kb_path``: skip and count the bad lines of an N-Triples dump.
        progress: called with the number of documents made so far.
        jobs: worker processes (each opens the KB read-only); the output is byte-identical for every value.
        status: told what the waits before the first document are for (the KB store's build on
            first use, the ontology and the seed pool).
        load_progress: the store build's ``(bytes read, bytes)`` (:func:`bengal.kb.store.open_kb`).
        **options: :class:`~bengal.generate.pipeline.GenerateConfig` fields (``docs=100``, ``density="high"``).

    Returns:
        ``(generated, manifest)``.

    Raises:
        UsageError: bad parameters, too few seeds, an unknown output format or one without URIs (CoNLL), or an
            output path that cannot be written (checked before any work), or ``-`` (stdout: no place for the
            manifest).
        InputError: an unusable KB path, an endpoint that fails.
        GoldError: a gold check failed (nothing is written).
    """
    if config is None:
        config = generate_config(preset, like=like, **options)
    elif preset is not None and like is not None:
        raise UsageError(f"give --preset or --like, not both (--preset {preset} --like {like})")
    elif options:
        raise UsageError(f"give either a config or options, not both ({', '.join(sorted(options))})")
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {jobs}")
    if os.fspath(output) == "-":
        raise UsageError("-o - (stdout) cannot take a generated corpus: its manifest (OUT.manifest.json) is written "
                         "beside it as one unit; give a file name (./- for a file named -)")
    out = Path(output)
    fmt = output_format(out, format)
    if fmt not in uri_formats():
        # CoNLL columns carry no URI: a generated gold standard would lose its links (and its types would be
        # class IRIs, not CoNLL's PER/ORG/LOC/MISC); convert tells how to map them (a new user's report)
        raise UsageError(f"{out}: bengal generate writes a gold standard with URIs: NIF (.ttl, .nt) or JSONL "
                         f"(.jsonl), not {fmt}; for CoNLL columns write NIF and run `bengal convert {out.stem}.ttl "
                         f"-o {out.name} --map-types`")
    check_writable(out, manifest_path(out))
    if like is not None:
        load_like(like)  # an unknown or broken like preset, before any work
    if kb is None:
        kb = open_kb(kb_path, timeout=kb_timeout, lenient=kb_lenient, status=status, progress=load_progress)
        opener = functools.partial(_worker_kb, functools.partial(open_kb, timeout=kb_timeout, lenient=kb_lenient),
                                   str(kb_path) if kb_path is not None else None)
    else:
        opener = functools.partial(_worker_kb, _same_kb, kb)
    if status is not None:
        status(f"reading the ontology and the seed pool of {', '.join(config.classes)}"
               + (f", starting {jobs} worker processes" if jobs > 1 else ""))
    with full_gc_paused():  # the whole run (bengal.perf.full_gc_paused): not one deferred full pass after generate()
        return _generate_check_write(kb, config, out, fmt, preset, like, jobs, opener, progress, status)


def _generate_check_write(kb: Any, config: GenerateConfig, out: Path, fmt: str, preset: str | None,
                          like: str | None, jobs: int, opener: Callable[[], Any],
                          progress: Callable[[int], None] | None,
                          status: Callable[[str], None] | None) -> tuple[Generated, dict[str, Any]]:
    """:func:`generate_files` once its arguments are checked and the KB is open."""
    written: dict[str, bytes] = {}  # the checked bytes of the output's format, written as they are
    with GoldCheck(kb, jobs) as gold:  # its forked round trips run while generate() works out the statistics
        generated = generate(kb, config, progress=progress, jobs=jobs, kb_opener=opener, status=status,
                             corpus_made=gold.start)
        checks = gold.finish(written)
    chapter: dict[str, Any] = {}
    if isinstance(kb, ChapterKB):  # a chapter endpoint: the gold in its IRIs or English DBpedia's (issue 13)
        generated = replace(generated, corpus=kb.gold_corpus(generated.corpus))
        chapter = {"chapter": kb.manifest()}
    manifest = {
        "tool": "bengal",
        "version": __version__,
        "corpus": {"name": generated.corpus.name, "file": out.name, "format": fmt},
        "parameters": manifest_parameters(config, preset),
        "kb": {"source": kb.source if kb.source == "bundled" or "://" in kb.source else Path(kb.source).name,
               "snapshot": kb.snapshot, "sha256": kb.checksum, **_skipped(kb), **chapter},
        "gold_checks": checks,
        "stats": generated.stats,
    }
    if like is not None:
        manifest["like"] = like_section(like, generated, kb, status, docs=config.docs)
    data = written.get(fmt) if not chapter and not out.name.lower().endswith(".gz") else None
    write_with_manifest(generated.corpus, out, manifest, fmt, data=data)
    return generated, manifest


def like_section(like: str, generated: Generated, kb: Any,
                 status: Callable[[str], None] | None = None, docs: int | None = None) -> dict[str, Any]:
    """The manifest's ``like`` section: the like preset's targets beside the generated corpus's
    figures, measured as ``bengal stats`` measures them (:func:`bengal.shape.measure_corpus` against
    :func:`bengal.kb.names.name_index` of ``kb``; :meth:`~bengal.generate.presets.LikeTarget.compare`).
    ``docs``: the documents asked for; when it is not the preset's own count, the user chose it
    (``--docs``) and ``documents`` is never reported as missed.

    Raises:
        UsageError: an unknown or broken like preset.
    """
    preset = load_like(like)
    target = preset.target
    assert target is not None  # load_like refuses a like preset without one
    values = measure_corpus(generated.corpus, name_index(kb, status=status),
                            other_names=load_lexicon("en").other_names).values
    chosen = ("documents",) if docs is not None and docs != preset.values.get("docs") else ()
    section = target.compare({key: values[key] for key in LIKE_FIGURES}, chosen)
    label_only = values["label_only_share"]
    return {**section, "kb_reach": kb_reach(section, label_only if isinstance(label_only, float) else None,
                                            generated.stats.get("density_reach"))}


def _skipped(kb: Any) -> dict[str, Any]:
    """The manifest's count of what the KB skipped: ``skipped_iris`` (entities whose IRI cannot be
    written in SPARQL, :func:`bengal.kb.sparql.is_sparql_iri`), ``refused_labels`` (entities whose
    label holds a control character, never named by it: :func:`bengal.kb.labels.refused_label_count`;
    kept in a store bengal built, asked of an endpoint once per run) and, for a lenient dump,
    ``skipped_lines`` with the ``first_skipped``.

    An endpoint that cannot answer that one query over all its labels (a time limit, Virtuoso's
    estimate refusal) does not undo the run: ``refused_labels`` is then ``null`` and
    ``refused_labels_unknown`` holds the endpoint's one-line error."""
    out: dict[str, Any] = {"skipped_iris": len(getattr(kb, "skipped_iris", ()))}
    cached_json = getattr(kb, "cached_json", None)
    if cached_json is not None:
        out["refused_labels"] = cached_json("refused-labels-v1.json", lambda: refused_label_count(kb))
    else:
        try:
            out["refused_labels"] = refused_label_count(kb)
        except InputError as exc:
            out["refused_labels"], out["refused_labels_unknown"] = None, str(exc)
    if getattr(kb, "skipped_lines", 0):
        out["skipped_lines"] = kb.skipped_lines
        out["first_skipped"] = kb.first_skipped
    return out


def _worker_kb(open_: Callable[[Any], Any], source: Any) -> Any:
    """A worker process's KB: ``open_(source)``, after leaving Ctrl-C (SIGINT, which a terminal sends
    to every process of the command) to the parent, which stops the pool and exits 130; a worker
    that took it would print its own traceback (``Process SpawnPoolWorker-1: …``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    return open_(source)


def _same_kb(kb: Any) -> Any:
    """A worker's KB opener for an already opened KB (a remote endpoint pickles as its settings)."""
    return kb
