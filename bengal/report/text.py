"""The short text lines commands print: warnings by code, a score of any kind, what a run made.

Every function returns plain text (lines without a newline, or one string); the CLI echoes it,
warnings and progress on stderr, results on stdout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from bengal.lazy import lazy_function
from bengal.llm.answers import AnswerReport
from bengal.model import CorpusWarning
from bengal.report.rows import TYPE_ROWS
from bengal.score.result import (
    GOLD,
    PREDICTION,
    SCORING_WARNINGS,
    WHOLE_RUN_WARNINGS,
    Result,
    ScoreResult,
    ScoreWarning,
)
from bengal.score.tasks import TASKS

if TYPE_CHECKING:  # annotations only: bengal score need not load the annotation runner
    from bengal.annotate.run import RunReport

# The renderers (and rich) are imported when a result is rendered: the warning lines need neither.
render_answers = lazy_function("bengal.report.chunks", "render_answers")
render_chunk_report = lazy_function("bengal.report.chunks", "render_chunk_report")
render_jaccard = lazy_function("bengal.report.partial", "render_jaccard")
render_semeval = lazy_function("bengal.report.partial", "render_semeval")
render_table = lazy_function("bengal.report.table", "render_table")

__all__ = ["counted", "warning_lines", "score_warning_lines", "missing_document_lines", "render_result", "RENDERERS",
           "run_report_lines", "generated_lines", "like_lines", "comparison_lines"]

#: How each kind of result is printed, by its ``task``: ``(result, type_rows) -> text``, ``type_rows``
#: the number of per-type rows (None: all; results without per-type rows ignore it).
RENDERERS: dict[str, Callable[[Any, int | None], str]] = {
    **dict.fromkeys(TASKS, lambda r, n: render_table(r, type_rows=n)),
    "chunk": lambda r, n: render_chunk_report(r),
    "semeval": render_semeval,
    "jaccard": lambda r, n: render_jaccard(r),
    "answers": lambda r, n: render_answers(r),
}


def render_result(result: Result, *, type_rows: int | None = TYPE_ROWS) -> str:
    """The terminal table of any result (:data:`RENDERERS`), with at most ``type_rows`` per-type rows
    (the types with the most gold mentions; None: every type)."""
    return RENDERERS[result.task](result, type_rows)


def warning_lines(warnings: Sequence[CorpusWarning | ScoreWarning], label: str, limit: int = 3) -> list[str]:
    """One line per warning code, codes sorted: ``warning: LABEL: N × CODE (first places …)``."""
    by_code: dict[str, list[CorpusWarning | ScoreWarning]] = {}
    for w in warnings:
        by_code.setdefault(w.code, []).append(w)
    lines = []
    for code, items in sorted(by_code.items()):
        first = "; ".join(w.where for w in items[:limit]) + (" …" if len(items) > limit else "")
        lines.append(f"warning: {label}: {len(items)} × {code} ({first})")
    return lines


def _chunk_warning_line(w: ScoreWarning) -> str:
    return f"warning: {w.side} {w.where}: {w.code}: {w.message}"


def score_warning_lines(problems: Sequence[str], readers: Sequence[tuple[str, Sequence[CorpusWarning]]],
                        result: Result, prediction: str, gold: str = "the gold") -> list[str]:
    """What ``bengal score`` tells on stderr: the problems, each file's reader warnings, then the
    result's own warnings (span tasks: the scoring codes, documents missing from either side named by
    file (:func:`missing_document_lines`); chunks: one line each; answers: per rule)."""
    lines = [f"warning: {p}" for p in problems]
    for label, warnings in readers:
        lines += warning_lines(warnings, label)
    if isinstance(result, AnswerReport):
        lines += [_chunk_warning_line(w) for w in result.chunks.warnings]
        lines += [f"warning: answers {prediction}: {n} × {rule}" for rule, n in sorted(result.flaws.items())]
    elif result.task == "chunk":
        lines += [_chunk_warning_line(w) for w in result.warnings]
    elif isinstance(result, ScoreResult):
        scoring = [w for w in result.warnings if w.code in SCORING_WARNINGS]
        lines += warning_lines([w for w in scoring if w.code not in ("missing_document", *WHOLE_RUN_WARNINGS)],
                               "scoring")
        lines += [f"warning: scoring: {w.code}: {w.message}" for w in scoring if w.code in WHOLE_RUN_WARNINGS]
        lines += missing_document_lines(result, scoring, prediction, gold)
    elif result.task in TASKS:
        lines += warning_lines([w for w in result.warnings if w.code in SCORING_WARNINGS], "scoring")
    return lines


def missing_document_lines(result: ScoreResult, warnings: Sequence[ScoreWarning], prediction: str,
                           gold: str, limit: int = 3) -> list[str]:
    """The ``missing_document`` warnings of a span score as at most two lines naming the files: the gold
    documents ``prediction`` lacks (how many of the gold's, their false negatives; "holds none" when it
    lacks every one: an empty file or a failed run is scored, not refused, as GERBIL scores an annotator
    that returned nothing), then the prediction's documents ``gold`` lacks (not scored); the first ``limit``
    document URIs of each are shown."""
    lines = []
    for side in (PREDICTION, GOLD):
        uris = [w.where for w in warnings if w.code == "missing_document" and w.side == side]
        if not uris:
            continue
        first = "; ".join(uris[:limit]) + (" …" if len(uris) > limit else "")
        if side == PREDICTION:
            n, fn = result.missing_from_prediction()
            which = (f"holds none of the {result.documents} gold documents" if n == result.documents
                     else f"lacks {n} of the {result.documents} gold documents")
            lines.append(f"warning: the prediction {prediction} {which} ({first}): scored with no "
                         f"predicted mentions ({counted(fn, 'false negative')}); missing_document ×{len(uris)}")
        else:
            ignored = counted(result.unscored_predictions, "predicted mention")
            lines.append(f"warning: the prediction {prediction} has {counted(len(uris), 'document')} that the gold "
                         f"{gold} lacks ({first}): not scored ({ignored} ignored); missing_document ×{len(uris)}")
    return lines


def run_report_lines(report: RunReport) -> list[str]:
    """A system run as a few lines: documents annotated and failed, seconds per document (the system's
    load time apart, when it took any), then one line per failure reason with its first case."""
    out = [f"{report.system}: {report.annotated}/{report.documents} documents annotated, {report.failed} failed"
           f"{' (aborted: errors exceeded a quarter of the documents, rounded up)' if report.aborted else ''}; "
           f"{report.seconds_per_document:.3f} s per document (median {report.median_seconds():.3f}, "
           f"max {max(report.timings, default=0.0):.3f})"
           + (f"; {report.load_seconds:.1f} s to load the system first" if report.load_seconds >= 0.05 else "")]
    for reason, n in sorted(report.errors.items()):
        first = next((f"{u}: {d}" for u, r, d in report.failures if r == reason), "")
        out.append(f"  {n} × {reason}" + (f" (first: {first})" if first else ""))
    return out


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, the noun in the plural unless ``n`` is 1 ("1 document", "2 documents")."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def generated_lines(stats: Mapping[str, Any], output: str, manifest: str, density: str | float,
                    target: float, strategy: str) -> list[str]:
    """What ``bengal generate`` made: counts, and the density reached against its target (with a note
    when the strategy missed it by more than 15 %: ``stats["density_reach"]``)."""
    s = stats
    lines = [f"wrote {counted(s['documents'], 'document')}, {counted(s['sentences'], 'sentence')}, "
             f"{counted(s['mentions'], 'mention')} ({counted(s['distinct_uris'], 'distinct URI')}) to {output}; "
             f"manifest {manifest}"]
    try:  # a number given is said once ("target 0.05"), a preset with its number ("target high = 0.21")
        said = f"{target:g}" if float(density) == target else f"{density} = {target:g}"
    except ValueError:
        said = f"{density} = {target:g}"
    line = f"density reached: {s['density']:.3f} mentions/token (target {said})"
    if s.get("density_reach"):  # the manifest says why (bengal.generate.stats.density_reach)
        line += (f"; the target is out of reach of --strategy {strategy} on this KB (more than 15 % off; "
                 "why: the manifest's stats.density_reach)")
    lines.append(line)
    lang = s.get("language")
    if lang:  # a corpus in another language than English (issue 13)
        pool = lang["pool"]
        lines.append(f"language {lang['lang']}: reachable pool {pool['entities']:,} entities ({pool['labelled']:,} "
                     f"labelled, {pool['person_fallback']:,} persons by English title); mentions named by label "
                     f"{lang['mentions_by_label']:,}, "
                     f"by English title {lang['mentions_by_person_fallback']:,} ({lang['fallback_share']:.1%})")
    for dial in ("ambiguity", "emerging"):  # issue 11's dials, when on
        d = s.get(dial)
        if d and d.get("target") is not None and (dial == "ambiguity" or d["target"] > 0):
            line = f"{dial} reached: {d['share']:.3f} of mentions (target {d['target']:g})"
            if "kb_names" in d:  # the dial counts the lexicon's names too; bengal stats the KB's alone
                line += (f"; by the KB's names alone {d['kb_names']['share']:.3f} "
                         "(bengal stats' ambiguous_mention_share)")
                rare = d.get("rare_senses")
                if rare:  # --ambiguity in English: how many of those name a rare sense (--rare-senses moves it)
                    line += (f"; rare senses {rare['mentions']:,} of {rare['ambiguous_mentions']:,} ambiguous "
                             f"mentions ({'--rare-senses' if rare['asked'] else 'without --rare-senses'})")
            lines.append(line)
    return lines


def like_lines(like: Mapping[str, Any]) -> list[str]:
    """The summary lines of ``bengal generate --like NAME``: the figures outside ±20 % of the corpus's
    measured targets (the manifest's ``like`` section), or that every one is within; then, each on a line of
    its own (so that no line is cut at the CLI's length limit), the figures beyond the KB's reach with their
    reach (``kb_reach``) and those the recipe misses on purpose (``missed_on_purpose``)."""
    outside = like["outside"]
    chosen = like.get("set_by_user", [])
    on_purpose = like.get("missed_on_purpose", {})
    compared = len(like["targets"]) - len(chosen) - len(on_purpose)

    def show(key: str, value: float | None) -> str:
        if value is None:
            return "–"
        return f"{value:,.0f}" if key == "documents" else f"{value:.3f}" if value < 1 else f"{value:.2f}"

    def figures(keys: Sequence[str]) -> str:
        return ", ".join(f"{key} {show(key, like['reached'][key])} (target {show(key, like['targets'][key])})"
                         for key in keys)

    note = f" ({', '.join(chosen)} as asked: {', '.join(_CHOSEN_BY.get(k, k) for k in chosen)})" if chosen else ""
    lines = ([f"like {like['name']}: every figure within ±20 % of the corpus's ({compared} figures){note}"]
             if not outside else
             [f"like {like['name']}: {len(outside)} of {compared} figures outside ±20 % of the corpus's: "
              + figures(outside) + note])
    reach = like.get("kb_reach", {})
    if reach:
        lines.append(f"like {like['name']}: beyond the KB's reach (the manifest's like.kb_reach says why): "
                     + ", ".join(f"{key} {show(key, like['reached'][key])} ({_REACH_AS.get(key, 'at best')} "
                                 f"{show(key, r['reach'])})" for key, r in reach.items()))
    if on_purpose:
        lines.append(f"like {like['name']}: missed on purpose (the manifest's like.missed_on_purpose says why): "
                     f"{figures(list(on_purpose))}")
    return lines


#: How :func:`like_lines` names a figure's reach beyond the KB (``like.kb_reach``; the default "at best"), after the
#: figure reached. The label-identical share's reach is a floor, not what the recipe aims at: "no lower than 0.685"
#: beside a reached 0.949 read as a contradiction to a new user (7 December 2026).
_REACH_AS = {"label_identical_share": "its floor, the mentions of entities the KB gives no other name, is",
             "mentions_per_token": "the density control's lowest"}

#: The option that sets a like figure the user chose (:func:`like_lines`).
_CHOSEN_BY = {"documents": "--docs"}


def comparison_lines(out: Mapping[str, Any], pred_a: str, pred_b: str) -> list[str]:
    """The paired bootstrap comparison of two systems in three lines."""
    lo, hi = out["delta_ci"]
    return [f"A {pred_a}: micro F1 {out['a']['micro']['f1']:.4f}",
            f"B {pred_b}: micro F1 {out['b']['micro']['f1']:.4f}",
            f"B - A = {out['delta_micro_f1']:+.4f}, {out['level']:.0%} interval [{lo:+.4f}, {hi:+.4f}], "
            f"p = {out['p_value']:.4f} (paired bootstrap over {out.get('unit', 'documents')}, "
            f"{out['samples']} samples, seed {out['seed']})"]
