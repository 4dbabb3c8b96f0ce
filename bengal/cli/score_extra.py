"""The chunk, SemEval and Jaccard tasks of ``bengal score`` (kept apart from the span tasks).

* ``chunk`` (two CoNLL files) → :func:`bengal.score.chunks.score_conll`, printed by
  :mod:`bengal.report.chunks`;
* ``semeval`` → :func:`bengal.score.semeval.score_semeval` on two span corpora;
* ``jaccard`` → :func:`bengal.score.jaccard.score_jaccard` on two span corpora.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from bengal.cli._app import echo_warnings
from bengal.errors import InputError, UsageError

__all__ = ["run_extra", "run_answers"]


def run_answers(gold: Path, pred: Path, gfmt: str, *, json_out: str | None, strict: bool,
                type_map: Path | None = None, extra: dict | None = None) -> None:
    """Score an answer file (evalscope's tag format, :mod:`bengal.score.answers`) against GOLD."""
    from bengal.io import read_corpus
    from bengal.report.chunks import render_answers
    from bengal.score.answers import read_answers, score_answers, sentence_samples
    from bengal.typemap import load_type_map

    gold_corpus = read_corpus(gold, gfmt, strict=strict)
    echo_warnings(gold_corpus.warnings, f"gold {gold}")
    samples = sentence_samples(gold_corpus, load_type_map(type_map) if type_map else None)
    report = score_answers(samples, read_answers(pred))
    for rule, n in sorted(report.flaws.items()):
        click.echo(f"warning: answers {pred}: {n} × {rule}", err=True)
    _emit(render_answers(report), report.to_json(), json_out, extra)


def _emit(text_table: str, payload: dict, json_out: str | None, extra: dict | None = None) -> None:
    from bengal.report.jsonout import write_payload

    payload = {**(extra or {}), **payload}
    if json_out == "-":
        write_payload(payload, sys.stdout)
        return
    click.echo(text_table)
    if json_out:
        write_payload(payload, Path(json_out))


def run_extra(task: str, gold: Path, pred: Path, gfmt: str, pfmt: str, *, json_out: str | None, strict: bool,
              scheme: str, mode: str, suffix: bool, beta: float | None, jaccard_threshold: float,
              greedy: bool, extra: dict | None = None) -> None:
    """Run ``task`` on the two files and print (or write) the result."""
    if task == "chunk":
        if gfmt != "conll" or pfmt != "conll":
            raise UsageError(f"--task chunk scores tag sequences: GOLD and PRED must be CoNLL files "
                             f"(read as {gfmt} and {pfmt}; force with --gold-format/--pred-format conll)")
        from bengal.report.chunks import render_chunk_report
        from bengal.workflows.score_files import score_conll

        report = score_conll(gold, pred, scheme=scheme, mode=mode, suffix=suffix)
        if strict and (report.invalid_gold or report.invalid_pred):
            w = report.warnings[0]
            raise InputError(f"{w.message} (an error under --strict)", source=w.where)
        for w in report.warnings:
            click.echo(f"warning: {w.side} {w.where}: {w.code}: {w.message}", err=True)
        _emit(render_chunk_report(report), report.to_json(), json_out, extra)
        return

    from bengal.io import read_corpus

    conll = {"scheme": scheme, "mode": mode, "suffix": suffix}
    gold_corpus = read_corpus(gold, gfmt, strict=strict, conll=conll)
    pred_corpus = read_corpus(pred, pfmt, strict=strict, conll=conll)
    echo_warnings(gold_corpus.warnings, f"gold {gold}")
    echo_warnings(pred_corpus.warnings, f"prediction {pred}")
    if task == "semeval":
        from bengal.report.chunks import render_semeval
        from bengal.score.semeval import score_semeval

        result = score_semeval(gold_corpus, pred_corpus)
        _emit(render_semeval(result), result.to_json(), json_out, extra)
        return
    if task == "jaccard":
        from bengal.report.chunks import render_jaccard
        from bengal.score.jaccard import score_jaccard

        result = score_jaccard(gold_corpus, pred_corpus, threshold=jaccard_threshold,
                               beta=0.5 if beta is None else beta, greedy=greedy)
        _emit(render_jaccard(result), result.to_json(), json_out, extra)
        return
    raise UsageError(f"unknown task {task!r}")  # pragma: no cover - click checks the choice
