"""``bengal score`` → :func:`bengal.io.read_corpus` + :func:`bengal.score.score`; on two CoNLL
files → :func:`bengal.score.chunks.score_conll` (chunk metrics); ``--task chunk|semeval|jaccard``
→ :mod:`bengal.cli.score_extra`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from bengal.cli._app import cli, echo_warnings
from bengal.errors import UsageError

#: Warnings the scorer adds (the readers' own are echoed per file).
SCORING_WARNINGS = ("missing_document", "overlapping_mentions", "ignored_predictions", "no_confidence",
                    "text_mismatch")
#: Tasks of the chunk / partial-credit / Jaccard work (bengal.cli.score_extra).
EXTRA_TASKS = ["chunk", "semeval", "jaccard"]
FORMATS = ["nif", "nt", "jsonl", "conll"]


@cli.command()
@click.argument("gold", type=click.Path(path_type=Path))
@click.argument("pred", type=click.Path(path_type=Path))
@click.option("--task", type=click.Choice(["a2kb", "d2kb", "c2kb", "erec", "etyping"] + EXTRA_TASKS), default=None,
              help="a2kb: span and URI; d2kb: gold spans given, URI only; c2kb: bag of URIs per document; "
                   "erec: span only; etyping: span and type; chunk: chunk metrics of tag sequences; semeval: "
                   "SemEval-2013 partial credit; jaccard: Jaccard F-beta. Default: chunk for two CoNLL files, "
                   "else a2kb.")
@click.option("--match", "match", type=click.Choice(["strong", "weak"]), default="strong", show_default=True,
              help="strong: same begin and end; weak: the spans overlap.")
@click.option("--profile", type=click.Choice(["bengal", "gerbil"]), default="bengal", show_default=True,
              help="bengal: one-to-one maximum matching; gerbil: GERBIL 1.2.x exactly (greedy first fit).")
@click.option("--kb-namespace", "kb_namespaces", multiple=True, metavar="PREFIX",
              help="A KB namespace (repeatable); URIs outside all are emerging entities. "
                   "[default: http://dbpedia.org/resource/]")
@click.option("--same-as", "same_as_files", multiple=True, type=click.Path(path_type=Path), metavar="FILE",
              help="N-Triples owl:sameAs links (repeatable, .gz allowed), added to those of the gold file.")
@click.option("--beta", type=float, default=None,
              help="Report F-beta with this beta (default 1; 0.5 for --task jaccard).")
@click.option("--threshold", type=float, default=None, metavar="T",
              help="Keep only predictions with score >= T.")
@click.option("--sweep", is_flag=True,
              help="Also report the precision-recall curve over score thresholds (best threshold tuned on the "
                   "test data, reported apart).")
@click.option("--ci", "--bootstrap", "ci_samples", type=int, default=0, metavar="N",
              help="Add bootstrap confidence intervals from N resamplings of the documents (e.g. 1000).")
@click.option("--level", "ci_level", type=float, default=0.95, show_default=True,
              help="Confidence level of --bootstrap intervals.")
@click.option("--seed", "ci_seed", type=int, default=0, show_default=True,
              help="Random seed of --bootstrap (same inputs and seed, same intervals).")
@click.option("--json", "json_out", default=None, metavar="PATH",
              help="Write the result as JSON (- for stdout), the input for bengal report.")
@click.option("--system-name", default=None, metavar="NAME",
              help="The system's name in the JSON and reports [default: the system named in PRED's manifest "
                   "(bengal annotate), else PRED's file name without extension].")
@click.option("--set-name", default=None, metavar="NAME",
              help="The gold standard's name in the JSON and reports [default: GOLD's file name without extension].")
@click.option("--errors", "error_docs", type=click.IntRange(min=0), default=50, show_default=True, metavar="N",
              help="JSON: give the N worst documents in full, each mention with its outcome and error kind "
                   "(for bengal report's error browser); the error kinds are counted over all documents.")
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
@click.option("--jaccard-threshold", type=float, default=0.5, show_default=True,
              help="--task jaccard: word-level Jaccard at or above which a pair matches.")
@click.option("--greedy", is_flag=True,
              help="--task jaccard: the Kaggle Coleridge greedy matching instead of one-to-one maximum matching.")
@click.option("--type-map", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Answer files: TOML mapping of DBpedia classes to PER/ORG/LOC/MISC (default: Person, "
                   "Organisation, Place, else MISC).")
def score(gold, pred, task, match, profile, kb_namespaces, same_as_files, beta, threshold, sweep, ci_samples,
          ci_level, ci_seed, json_out, system_name, set_name, error_docs, strict, gold_format, pred_format, scheme, mode, suffix, jaccard_threshold, greedy, type_map) -> None:
    """Score a system's annotations PRED against the gold standard GOLD (GERBIL-style).

    GOLD may be the name of a shipped corpus (conllpp: the CoNLL++ test set). PRED may be an answer
    file of an LLM (JSON Lines {"id", "answer"} in evalscope's tag format, from `bengal prompts`)."""
    from bengal.io import detect_format, read_corpus
    from bengal.resources import resolve_corpus
    from bengal.report.jsonout import provenance

    from bengal.atomic import check_writable

    gold_arg = gold
    gold_file = resolve_corpus(gold)[0]
    if json_out not in (None, "-"):
        check_writable(json_out, inputs=(gold_file, pred))
    extra, problems = provenance(gold_arg, gold_file, pred, system=system_name, set_name=set_name)
    for problem in problems:
        click.echo(f"warning: {problem}", err=True)
    gfmt = gold_format or detect_format(gold)
    pfmt = pred_format or detect_format(pred)
    if pfmt == "jsonl" and task is None:
        from bengal.score.answers import is_answers_file

        if is_answers_file(pred):
            from bengal.cli.score_extra import run_answers

            run_answers(gold, pred, gfmt, json_out=json_out, strict=strict, type_map=type_map, extra=extra)
            return
    if task is None:
        task = "chunk" if gfmt == pfmt == "conll" else "a2kb"
    if task in EXTRA_TASKS:
        from bengal.cli.score_extra import run_extra

        run_extra(task, gold_file, pred, gfmt, pfmt, json_out=json_out, strict=strict, scheme=scheme, mode=mode,
                  suffix=suffix, beta=beta, jaccard_threshold=jaccard_threshold, greedy=greedy, extra=extra)
        return
    beta = 1.0 if beta is None else beta
    from bengal.report.jsonout import write_json
    from bengal.report.table import render_score
    from bengal.score import score as score_corpora
    from bengal.score.uris import SameAsIndex, read_same_as

    same_as = None
    for path in same_as_files:
        same_as, other = read_same_as(path, same_as or SameAsIndex())
        if other:
            click.echo(f"warning: sameAs {path}: {other} triples with another predicate are no sameAs links; "
                       "not used", err=True)

    conll = {"scheme": scheme, "mode": mode, "suffix": suffix}
    gold_corpus = read_corpus(gold, gfmt, strict=strict, conll=conll)
    pred_corpus = read_corpus(pred, pfmt, strict=strict, conll=conll)
    result = score_corpora(gold_corpus, pred_corpus, task=task, match=match, profile=profile,
                           kb_namespaces=kb_namespaces or None, same_as=same_as, beta=beta,
                           threshold=threshold, sweep=sweep)
    if ci_samples:
        from bengal.score.bootstrap import with_ci

        if not 0.0 < ci_level < 1.0:
            raise UsageError(f"--level must lie strictly between 0 and 1, not {ci_level}")
        if ci_samples < 1:
            raise UsageError(f"--bootstrap needs at least 1 resampling, not {ci_samples}")
        result = with_ci(result, ci_samples, ci_level, ci_seed)
    echo_warnings(gold_corpus.warnings, f"gold {gold}")
    echo_warnings(pred_corpus.warnings, f"prediction {pred}")
    echo_warnings([w for w in result.warnings if w.code in SCORING_WARNINGS], "scoring")
    extra["inputs"]["gold"]["documents"] = len(gold_corpus)
    extra["inputs"]["prediction"]["documents"] = len(pred_corpus)
    errors = error_docs if result.task != "c2kb" else None
    if json_out == "-":
        write_json(result, sys.stdout, errors=errors, extra=extra)
        return
    click.echo(render_score(result))
    if json_out:
        write_json(result, Path(json_out), errors=errors, extra=extra)
