"""``bengal score`` → :func:`bengal.workflows.score_files`, printed by :mod:`bengal.report.text`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from bengal.cli._app import echo_lines, printable
from bengal.io.formats import FORMATS
from bengal.score.matching import PROFILES, SPAN_MATCHES
from bengal.score.tasks import OTHER_TASKS, TASKS
from bengal.tagging.schemes import MODES, SCHEMES


@click.command()
@click.argument("gold", type=click.Path(path_type=Path))
@click.argument("pred", type=click.Path(path_type=Path), required=False)
@click.option("--task", type=click.Choice([*TASKS, *OTHER_TASKS]), default=None,
              help="a2kb: span and URI; d2kb: gold spans given, URI only; c2kb: bag of URIs per document; "
                   "erec: span only; etyping: span and type; chunk: chunk metrics of tag sequences; semeval: "
                   "SemEval-2013 partial credit; jaccard: Jaccard F-beta. Default: chunk for two CoNLL files, "
                   "else a2kb.")
@click.option("--match", "match", type=click.Choice(list(SPAN_MATCHES)), default="strong", show_default=True,
              help="strong: same begin and end; weak: the spans overlap.")
@click.option("--profile", type=click.Choice(list(PROFILES)), default="bengal", show_default=True,
              help="bengal: one-to-one maximum matching; gerbil: GERBIL 1.2.x exactly (greedy first fit).")
@click.option("--kb-namespace", "kb_namespaces", multiple=True, metavar="PREFIX",
              help="A KB namespace (repeatable), or a preset: dbpedia, wikidata (http://www.wikidata.org/entity/; "
                   "wiki/Q... = entity/Q...). URIs outside all are emerging entities. "
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
@click.option("--strict", is_flag=True, help="Turn corpus flaws (anchor mismatches, …) and documents missing from "
                                              "either side (a prediction cut short or empty) into errors.")
@click.option("--lenient", is_flag=True,
              help="Read NIF whose IRIs hold spaces or line breaks (historic files, the 2014 N3 collection): "
                   "each such IRI is repaired and counted as a repaired_iri warning.")
@click.option("--gold-format", type=click.Choice(list(FORMATS)), default=None,
              help="Read GOLD in this format (default: from the extension, else the content).")
@click.option("--pred-format", type=click.Choice(list(FORMATS)), default=None,
              help="Read PRED in this format (default: from the extension, else the content).")
@click.option("--scheme", type=click.Choice(list(SCHEMES)), default="iob2", show_default=True,
              help="Tagging scheme of CoNLL tags.")
@click.option("--mode", type=click.Choice(list(MODES)), default="lenient", show_default=True,
              help="lenient: conlleval's chunk rules (seqeval's default); strict: only chunks the scheme allows.")
@click.option("--suffix", is_flag=True, help="Tags are TYPE-B (suffix style) instead of B-TYPE.")
@click.option("--jaccard-threshold", type=float, default=0.5, show_default=True,
              help="--task jaccard: word-level Jaccard at or above which a pair matches.")
@click.option("--greedy", is_flag=True,
              help="--task jaccard: the Kaggle Coleridge greedy matching instead of one-to-one maximum matching.")
@click.option("--type-map", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Answer files: TOML mapping of DBpedia classes to PER/ORG/LOC/MISC (default: Person, "
                   "Organisation, Place, else MISC).")
@click.option("--all-rows", is_flag=True,
              help="Print every per-type row (default: the 10 types with the most gold mentions and a count of the "
                   "rest; the JSON always has every type).")
def score(gold, pred, task, match, profile, kb_namespaces, same_as_files, beta, threshold, sweep, ci_samples,
          ci_level, ci_seed, json_out, system_name, set_name, error_docs, strict, gold_format, pred_format, scheme,
          mode, suffix, jaccard_threshold, greedy, type_map, lenient, all_rows) -> None:
    """Score a system's annotations PRED against the gold standard GOLD (GERBIL-style).

    GOLD may be the name of a shipped corpus (conllpp: the CoNLL++ test set), or a dataset folder
    (MSNBC, ACE2004, AQUAINT, IITB). PRED may be an answer file of an LLM (JSON Lines {"id", "answer"}
    in evalscope's tag format, from `bengal prompts`). With GOLD alone (or --gold-format conlleval),
    GOLD is a conlleval file: token ... gold-tag predicted-tag per line, scored by chunks."""
    from bengal.report.jsonout import payload_text
    from bengal.report.rows import TYPE_ROWS
    from bengal.report.text import render_result, score_warning_lines
    from bengal.workflows.score_files import score_files

    run = score_files(gold, pred, task=task, match=match, profile=profile, kb_namespaces=kb_namespaces,
                      same_as=same_as_files, beta=beta, threshold=threshold, sweep=sweep, ci=ci_samples,
                      level=ci_level, seed=ci_seed, system=system_name, set_name=set_name, errors=error_docs,
                      strict=strict, gold_format=gold_format, pred_format=pred_format, scheme=scheme, mode=mode,
                      suffix=suffix, jaccard_threshold=jaccard_threshold, greedy=greedy, type_map=type_map,
                      json_path=None if json_out in (None, "-") else json_out, lenient=lenient,
                      explain=json_out is not None)
    echo_lines(score_warning_lines(run.problems, run.reader_warnings, run.result, str(pred or gold), str(gold)),
               err=True)
    if json_out == "-":
        sys.stdout.write(payload_text(run.to_json()))
    else:
        click.echo(printable(render_result(run.result, type_rows=None if all_rows else TYPE_ROWS)))
