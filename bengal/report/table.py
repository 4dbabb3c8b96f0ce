"""Terminal table of a score, rendered with ``rich``.

One table: a micro row and a macro row with P, R, F1 and (micro only) TP, FP,
FN, then (URI tasks) the InKB and EE rows (D2KB: and GSInKB) as GERBIL reports them, and an
F-beta column when beta is not 1; the task, match, profile and number of
documents in the title. Below it: the per-type table (types as ``dbo:Band``; by default the
:data:`TYPE_ROWS` types with the most gold mentions and a line counting the rest), the threshold and the
sweep (its best threshold labelled as tuned on the test data), the
conventions as a footnote, and warnings summarised as counts per code and side. Works without a
TTY: :func:`render_table` returns plain text, :func:`print_table` prints to a
given :class:`rich.console.Console`.
"""

from __future__ import annotations

from typing import Mapping

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from bengal.report.chunks import confusion_table
from bengal.report.render import plain_text, short_iri
from bengal.report.rows import TYPE_ROWS
from bengal.score import metrics
from bengal.score.matching import SPAN_MATCHES
from bengal.score.metrics import Measures, MicroScore
from bengal.score.result import TABLE_NOTES, UNTYPED, ScoreResult
from bengal.score.tasks import TASKS

__all__ = ["build_table", "build_type_table", "build_report", "render_table", "print_table", "TYPE_ROWS",
           "top_types"]



def _fmt(x: float) -> str:
    return f"{x:.4f}"


def _title(result: ScoreResult) -> str:
    task = TASKS[result.task].label if result.task in TASKS else result.task
    docs = "document" if result.documents == 1 else "documents"
    profile = "" if result.profile == "bengal" else f" · {result.profile} profile"
    return f"{task} · {result.match} match{profile} · {result.documents} {docs}"


def build_table(result: ScoreResult) -> Table:
    """The score table (a ``rich`` renderable)."""
    table = Table(title=_title(result), title_justify="left")
    table.add_column("", style="bold")
    fb = result.beta != 1.0
    names = ["P", "R", "F1"] + ([f"F{result.beta:g}"] if fb else []) + ["TP", "FP", "FN"]
    for name in names:
        table.add_column(name, justify="right")

    def micro_row(label: str, m: MicroScore) -> None:
        extra = [_fmt(metrics.f_beta(m.counts, result.beta))] if fb else []
        table.add_row(label, _fmt(m.precision), _fmt(m.recall), _fmt(m.f1), *extra, str(m.tp), str(m.fp), str(m.fn))

    def macro_row(label: str, a: Measures, fbeta: float) -> None:
        extra = [_fmt(fbeta)] if fb else []
        table.add_row(label, _fmt(a.precision), _fmt(a.recall), _fmt(a.f1), *extra, "", "", "")

    micro_row("micro", result.micro)
    macro_row("macro", result.macro, result.f_beta_macro)
    for label, sub in (("InKB", result.inkb), ("EE", result.ee), ("GSInKB", result.gs_inkb)):
        if sub is not None:
            micro_row(f"{label} micro", sub.micro)
            macro_row(f"{label} macro", sub.macro, sub.f_beta(result.beta, "macro"))
    return table


def top_types(per_type: Mapping[str, MicroScore], rows: int | None = TYPE_ROWS) -> tuple[list[str], list[str]]:
    """``(shown, rest)``: the types of ``per_type`` ordered by gold mentions (TP + FN) descending, then
    predictions (TP + FP) descending, then name, split after the first ``rows`` (None: all shown), as
    the HTML report orders its per-type figure."""
    order = sorted(per_type, key=lambda t: (-(per_type[t].tp + per_type[t].fn), -(per_type[t].tp + per_type[t].fp), t))
    if rows is None or len(order) <= rows:
        return order, []
    return order[:rows], order[rows:]


def build_type_table(result: ScoreResult, rows: int | None = TYPE_ROWS) -> Table | None:
    """Micro P, R, F1 and counts per type (None when there are no types): the ``rows`` types with the
    most gold mentions (:func:`top_types`; None: every type), DBpedia IRIs prefixed (``dbo:Band``),
    and a last row summing the counts of the types left out."""
    if not result.per_type or set(result.per_type) == {UNTYPED}:
        return None
    shown, rest = top_types(result.per_type, rows)
    title = "per type (micro)" + (f", the {len(shown)} of {len(result.per_type)} types with the most gold mentions"
                                  if rest else "")
    table = Table(title=title, title_justify="left")
    table.add_column("type", style="bold")
    for name in ("P", "R", "F1", "TP", "FP", "FN"):
        table.add_column(name, justify="right")
    for t in shown:
        m = result.per_type[t]
        table.add_row(short_iri(t), _fmt(m.precision), _fmt(m.recall), _fmt(m.f1), str(m.tp), str(m.fp), str(m.fn))
    if rest:
        table.add_section()
        table.add_row(f"… {len(rest)} more (--all-rows)", "", "", "",
                      str(sum(result.per_type[t].tp for t in rest)), str(sum(result.per_type[t].fp for t in rest)),
                      str(sum(result.per_type[t].fn for t in rest)))
    return table


def _extras(result: ScoreResult) -> Text | None:
    lines = []
    if result.ci is not None:
        ci = result.ci
        mi, ma = ci["micro"]["f1"], ci["macro"]["f1"]
        fbeta = ""
        if "f_beta" in ci["micro"]:
            b, fmi = ci["micro"]["beta"], ci["micro"]["f_beta"]
            fbeta = f", micro F{b:g} [{_fmt(fmi[0])}, {_fmt(fmi[1])}]"
            if "f_beta" in ci["macro"]:
                fma = ci["macro"]["f_beta"]
                fbeta += f", macro F{b:g} [{_fmt(fma[0])}, {_fmt(fma[1])}]"
        lines.append(f"{ci['level']:.0%} bootstrap CI ({ci['samples']} resamplings of the documents): "
                     f"micro F1 [{_fmt(mi[0])}, {_fmt(mi[1])}], macro F1 [{_fmt(ma[0])}, {_fmt(ma[1])}]{fbeta}.")
    h = result.hierarchical
    if h is not None:
        lines.append(f"Hierarchical ETyping (GERBIL's measure, dbo: sub-classes; {h.matched} of {h.mentions} gold "
                     f"mentions span-matched): micro P {_fmt(h.micro_precision)}, R {_fmt(h.micro_recall)}, "
                     f"F1 {_fmt(h.micro_f1)}; macro F1 {_fmt(h.macro_f1)}.")
    for w in result.warnings:
        if w.code in TABLE_NOTES:
            lines.append(f"Note: {w.message}.")
    missing, fn = result.missing_from_prediction()
    if missing:
        lines.append(f"Note: the prediction lacks {missing} of the {result.documents} gold documents, scored "
                     f"with no predicted mentions ({fn} false negative{'s' if fn != 1 else ''}), as GERBIL scores a "
                     "document its annotator returned nothing for.")
    if result.ignored_predictions:
        lines.append(f"{result.ignored_predictions} predictions ignored by the task ({result.task}).")
    if result.threshold is not None:
        lines.append(f"Threshold: predictions with score >= {result.threshold:g} kept; "
                     f"{result.below_threshold} dropped, {result.without_score} without a score kept.")
    if result.sweep is not None and result.sweep.best is not None:
        b = result.sweep.best
        lines.append(f"Sweep over {len(result.sweep.points)} thresholds: best micro F1 {_fmt(b.micro.f1)} "
                     f"(P {_fmt(b.micro.precision)}, R {_fmt(b.micro.recall)}) at score >= {b.threshold:g} "
                     "— tuned on the test data, optimistic, not the headline score.")
    return Text("\n".join(lines)) if lines else None


def _footnote(result: ScoreResult) -> Text:
    c = result.conventions
    lines = [
        "micro = counts summed over documents; macro = mean of per-document P, R, F1 "
        "(macro F1 = mean of per-document F1, as GERBIL).",
        "Zero division (GERBIL): a document with TP = FP = FN = 0 scores 1; otherwise TP = 0 scores 0.",
    ]
    for label, sub, what in (("InKB", result.inkb, "a KB entity"), ("EE", result.ee, "an emerging entity (NIL)")):
        if sub is not None and sub.micro.tp == sub.micro.fp == sub.micro.fn == 0:
            # (a new user read "EE micro 1.0" on a corpus without emerging entities as a result)
            lines.append(f"{label}: neither the gold nor the prediction has a mention of {what}; its 1.0 is the "
                         "zero-division rule, not a result.")
    span = SPAN_MATCHES.get(result.match)
    task = TASKS.get(result.task)
    if span is not None and task is not None:
        pair = span.description if task.uses_spans else "bag of KB URIs per document"
        pair += "; InKB URI sets must intersect, EE matches EE" if task.uses_uris else "; URIs ignored"
        how = ("greedy first fit in gold order (GERBIL 1.2.x)" if result.profile == "gerbil"
               else "one-to-one maximum matching per document (input order irrelevant)")
        lines.append(f"Matching: {how}; {pair}.")
    elif "matching" in c:
        lines.append(f"Matching: {c['matching']}.")
    return Text("\n".join(lines), style="dim")


def _warning_summary(result: ScoreResult) -> Text | None:
    counts = result.warning_counts()
    if not counts:
        return None
    total = sum(counts.values())
    parts = [f"{code} ({side}) ×{n}" for (code, side), n in counts.items()]
    return Text(f"{total} warning{'s' if total != 1 else ''}: " + ", ".join(parts), style="yellow")


def build_report(result: ScoreResult, type_rows: int | None = TYPE_ROWS) -> Group:
    """Table, per-type table (``type_rows`` rows, None: all), footnote and warning summary as one
    ``rich`` renderable."""
    items: list[RenderableType] = [build_table(result)]
    types = build_type_table(result, type_rows)
    if types is not None:
        items.append(types)
    extras = _extras(result)
    if extras is not None:
        items.append(extras)
    if result.confusion:
        confusion = confusion_table(result.confusion, "mentions")
        if confusion is not None:
            items.append(confusion)
    items.append(_footnote(result))
    summary = _warning_summary(result)
    if summary is not None:
        items.append(summary)
    return Group(*items)


def print_table(result: ScoreResult, console: Console, type_rows: int | None = TYPE_ROWS) -> None:
    """Print the report to ``console``."""
    console.print(build_report(result, type_rows))


def render_table(result: ScoreResult, *, width: int = 100, type_rows: int | None = TYPE_ROWS) -> str:
    """The report as plain text (no colour codes), e.g. for CI logs and tests; ``type_rows`` per-type
    rows (None: all)."""
    return plain_text(build_report(result, type_rows), width=width)
