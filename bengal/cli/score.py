"""``bengal score`` → :func:`bengal.io.read_corpus` + :func:`bengal.score.score`; on two CoNLL
files → :func:`bengal.score.chunks.score_conll` (chunk metrics); ``--task semeval`` /
``--task jaccard`` → :mod:`bengal.cli.score_extra`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from bengal.cli._app import cli, echo_warnings

SPAN_TASKS = ["a2kb", "erec"]
#: Tasks of the chunk / partial-credit / Jaccard work (bengal.cli.score_extra).
EXTRA_TASKS = ["chunk", "semeval", "jaccard"]
FORMATS = ["nif", "nt", "jsonl", "conll"]


@cli.command()
@click.argument("gold", type=click.Path(path_type=Path))
@click.argument("pred", type=click.Path(path_type=Path))
@click.option("--task", type=click.Choice(SPAN_TASKS + EXTRA_TASKS), default=None,
              help="a2kb: span and URI must match; erec: span only (entity recognition); chunk: chunk metrics "
                   "of tag sequences; semeval: SemEval-2013 partial credit; jaccard: Jaccard F-beta. "
                   "Default: chunk for two CoNLL files, else a2kb.")
@click.option("--match", "match", type=click.Choice(["strong", "weak"]), default="strong", show_default=True,
              help="strong: same begin and end; weak: the spans overlap.")
@click.option("--json", "json_out", default=None, metavar="PATH", help="Write the result as JSON (- for stdout).")
@click.option("--strict", is_flag=True, help="Turn corpus flaws (anchor mismatches, …) into errors.")
@click.option("--gold-format", type=click.Choice(FORMATS), default=None,
              help="Read GOLD in this format (default: from the extension, else the content).")
@click.option("--pred-format", type=click.Choice(FORMATS), default=None,
              help="Read PRED in this format (default: from the extension, else the content).")
@click.option("--scheme", type=click.Choice(["io", "iob1", "iob2", "ioe1", "ioe2", "iobes", "bilou"]),
              default="iob2", show_default=True, help="Tagging scheme of CoNLL tags.")
@click.option("--mode", type=click.Choice(["lenient", "strict"]), default="lenient", show_default=True,
              help="lenient: conlleval's chunk rules (seqeval's default); strict: only chunks the scheme allows.")
@click.option("--suffix", is_flag=True, help="Tags are TYPE-B (suffix style) instead of B-TYPE.")
@click.option("--beta", type=float, default=None, help="F-beta of --task jaccard (default 0.5).")
@click.option("--jaccard-threshold", type=float, default=0.5, show_default=True,
              help="--task jaccard: word-level Jaccard at or above which a pair matches.")
@click.option("--greedy", is_flag=True,
              help="--task jaccard: the Kaggle Coleridge greedy matching instead of one-to-one maximum matching.")
def score(gold, pred, task, match, json_out, strict, gold_format, pred_format, scheme, mode, suffix, beta,
          jaccard_threshold, greedy) -> None:
    """Score a system's annotations PRED against the gold standard GOLD (GERBIL-style)."""
    from bengal.io import detect_format, read_corpus

    gfmt = gold_format or detect_format(gold)
    pfmt = pred_format or detect_format(pred)
    if task is None:
        task = "chunk" if gfmt == pfmt == "conll" else "a2kb"
    if task in EXTRA_TASKS:
        from bengal.cli.score_extra import run_extra

        run_extra(task, gold, pred, gfmt, pfmt, json_out=json_out, strict=strict, scheme=scheme, mode=mode,
                  suffix=suffix, beta=beta, jaccard_threshold=jaccard_threshold, greedy=greedy)
        return

    from bengal.report.jsonout import write_json
    from bengal.report.table import render_score
    from bengal.score import score as score_corpora

    conll = {"scheme": scheme, "mode": mode, "suffix": suffix}
    gold_corpus = read_corpus(gold, gfmt, strict=strict, conll=conll)
    pred_corpus = read_corpus(pred, pfmt, strict=strict, conll=conll)
    result = score_corpora(gold_corpus, pred_corpus, task=task, match=match)
    echo_warnings(gold_corpus.warnings, f"gold {gold}")
    echo_warnings(pred_corpus.warnings, f"prediction {pred}")
    echo_warnings([w for w in result.warnings if w.code == "missing_document"], "pairing")
    if json_out == "-":
        write_json(result, sys.stdout)
        return
    click.echo(render_score(result))
    if json_out:
        write_json(result, Path(json_out))
