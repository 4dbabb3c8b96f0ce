"""``bengal compare`` and ``bengal compare-sets`` as functions.

:func:`compare`: are two systems different on one gold standard? The paired bootstrap over
documents (:func:`bengal.score.bootstrap.paired_bootstrap`). :func:`compare_sets`: one system on
several gold sets side by side (:mod:`bengal.score.sets`), predictions given as corpus files or as
LLM answer files.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Sequence

from bengal.atomic import check_writable
from bengal.errors import UsageError
from bengal.io.answers import is_answers_file, read_answers
from bengal.io.conll import read_conll_file
from bengal.io.formats import detect_format, read_corpus
from bengal.llm.answers import answers_as_corpora, score_answers
from bengal.llm.samples import sentence_samples
from bengal.report.jsonout import write_payload
from bengal.resources import resolve_corpus
from bengal.score.bootstrap import paired_bootstrap
from bengal.score.chunks import chunk_sentence_units
from bengal.score.resample import paired_units
from bengal.score.sets import SetScore, ner_view, set_views
from bengal.tagging.schemes import LENIENT
from bengal.typemap import load_type_map
from bengal.workflows.score_files import score_conll

__all__ = ["compare", "compare_sets"]


def compare(gold: str | os.PathLike[str], pred_a: str | os.PathLike[str], pred_b: str | os.PathLike[str], *,
            task: str | None = None, match: str = "strong", profile: str = "bengal", samples: int = 1000, seed: int = 0,
            scheme: str = "iob2", mode: str = LENIENT, suffix: bool = False,
            json_path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """System B against system A on ``gold``: the paired bootstrap of micro F1, over documents for the
    span tasks, over sentences for chunk scores of CoNLL files.

    Args:
        gold, pred_a, pred_b: corpus files (or a shipped corpus name for ``gold``).
        task: a span task of :data:`bengal.score.tasks.TASKS`, or ``"chunk"`` (tag sequences of three
            CoNLL files); default: ``chunk`` when all three files are CoNLL files, else ``a2kb``.
        match, profile: as :func:`bengal.score.score`, for both systems (span tasks only).
        samples, seed: bootstrap resamplings and their seed.
        scheme, mode, suffix: how CoNLL tags are read (chunk only).
        json_path: also write the comparison there as JSON (checked before any work).

    Returns:
        ``{"task", "unit", "method", "samples", "level", "seed", "a", "b", "delta_micro_f1", "delta_ci",
        "p_value"}``: :func:`bengal.score.bootstrap.paired_bootstrap`'s object for span tasks,
        :func:`bengal.score.resample.paired_units` over sentences with both chunk reports for ``chunk``.

    Raises:
        UsageError: an output path that cannot be written, --match/--profile with chunks, chunks of
            files that are not CoNLL; InputError: a broken file, sentences that do not line up.
    """
    if json_path is not None:
        check_writable(json_path, inputs=(gold, pred_a, pred_b))
    gold_file = resolve_corpus(gold)[0]
    if task is None:
        formats = [detect_format(f) for f in (gold, pred_a, pred_b)]
        task = "chunk" if formats == ["conll"] * 3 else "a2kb"
    if task == "chunk":
        if match != "strong" or profile != "bengal":
            raise UsageError("compare of chunk scores does not use --match or --profile (chunks match by first and "
                             "last token and type)")
        out = _compare_chunks(gold_file, pred_a, pred_b, samples=samples, seed=seed, scheme=scheme, mode=mode,
                              suffix=suffix)
    else:
        out = {"task": task, "unit": "documents",
               **paired_bootstrap(read_corpus(gold), read_corpus(pred_a), read_corpus(pred_b), samples=samples,
                                  seed=seed, task=task, match=match, profile=profile)}
    if json_path is not None:
        write_payload(out, Path(json_path))
    return out


def _compare_chunks(gold: str | os.PathLike[str], pred_a: str | os.PathLike[str], pred_b: str | os.PathLike[str], *,
                    samples: int, seed: int, scheme: str, mode: str, suffix: bool) -> dict[str, Any]:
    """The paired bootstrap over sentences of two systems' chunk scores (CoNLL files)."""
    for f in (gold, pred_a, pred_b):
        if (fmt := detect_format(f)) != "conll":
            raise UsageError(f"compare of chunk scores needs CoNLL files; {os.fspath(f)} reads as {fmt}")
    reports = [score_conll(gold, p, scheme=scheme, mode=mode, suffix=suffix) for p in (pred_a, pred_b)]
    g_tags = read_conll_file(gold).tags()
    units = [chunk_sentence_units(g_tags, read_conll_file(p).tags(), scheme=scheme, mode=mode, suffix=suffix)
             for p in (pred_a, pred_b)]
    paired = paired_units(units[0], units[1], unit="sentences", samples=samples, seed=seed)
    return {"task": "chunk", **paired, "a": reports[0].to_json(), "b": reports[1].to_json()}


def compare_sets(golds: Sequence[str | os.PathLike[str]], preds: Sequence[str | os.PathLike[str]], *,
                 samples: int = 1000, seed: int = 0, type_map: str | os.PathLike[str] | None = None,
                 strict: bool = False, json_path: str | os.PathLike[str] | None = None) -> list[SetScore]:
    """One system on several gold sets: per pair the NER view and (gold with URIs) the A2KB view.

    Args:
        golds: gold sets (corpus files or shipped corpus names), in order.
        preds: the system's predictions on the gold set of the same position: a corpus file or an
            answer file (JSON Lines ``{"id", "answer"}``; NER view only, its flaws counted).
        samples, seed: bootstrap resamplings for the intervals (0: none).
        type_map: TOML mapping of DBpedia classes to PER/ORG/LOC/MISC.
        strict: corpus flaws are errors.
        json_path: also write the rows as JSON there (checked before any work).

    Raises:
        UsageError: unequal numbers of gold and prediction sets, ``samples < 0``, an output path that
            cannot be written (e.g. one of the inputs).
        InputError: a broken file.
    """
    if len(golds) != len(preds):
        raise UsageError(f"{len(golds)} --gold but {len(preds)} --pred: give one prediction per gold set, in order")
    if samples < 0:
        raise UsageError(f"--ci must be 0 or more, got {samples}")
    if json_path is not None:
        check_writable(json_path, inputs=(*golds, *preds))
    map_type = load_type_map(type_map) if type_map else None
    rows = []
    for gold, pred in zip(golds, preds):
        g = read_corpus(gold, strict=strict)
        if is_answers_file(pred):
            smp = sentence_samples(g, map_type)
            report = score_answers(smp, read_answers(pred), gold_source=os.fspath(gold))
            gc, pc = answers_as_corpora(smp, report)
            rows.append(SetScore(os.fspath(gold), os.fspath(pred), ner_view(gc, pc, samples=samples, seed=seed), None,
                                 dict(report.flaws)))
            continue
        ner, a2kb = set_views(g, read_corpus(pred, strict=strict), samples=samples, seed=seed, map_type=map_type)
        rows.append(SetScore(os.fspath(gold), os.fspath(pred), ner, a2kb))
    if json_path is not None:
        write_payload([r.to_json() for r in rows], Path(json_path))
    return rows
