"""``bengal report``: one self-contained HTML page from score results (``bengal score --json``).

The page holds, in order: a summary table per task (micro P/R/F1 with the bootstrap interval,
macro F1, TP/FP/FN, failed documents, InKB/EE), per-type F1 bars, F1 across generated sets (by
density or strategy), the error kinds per result, the error browser (:mod:`bengal.report.browser`)
and the results read. Charts are matplotlib SVG (:mod:`bengal.report.plots`) in ``data:`` URIs, CSS
and script inline (:mod:`bengal.report.assets`): the page needs no network and no other file, and
the same inputs give the same bytes. :mod:`bengal.report.results` reads and checks the inputs.

Each section in detail: ``docs/report.md``.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from bengal import __version__
from bengal.report.assets import CSS, JS
from bengal.report.browser import browser_section
from bengal.report.markup import esc, fixed, system_names
from bengal.report.plots import f1_by_density, f1_per_set, svg_data_uri, type_bars
from bengal.report.render import short_iri
from bengal.report.results import TASK_ORDER, ReportInput
from bengal.score.explain import ERROR_KINDS

__all__ = ["build_report", "MAX_TYPES"]

#: Most types shown per per-type chart (by gold mentions, TP + FN).
MAX_TYPES = 12


def _inputs_section(results: Sequence[ReportInput]) -> str:
    rows = []
    for r in results:
        docs = (f"{r.data['sentences']} sentences" if "documents" not in r.data and "sentences" in r.data
                else r.data.get("documents", ""))
        warns = ", ".join(f"{n} × {c}" + (f" ({s})" if s else "") for c, s, n in r.warnings) or "none"
        info = ""
        if r.set_info:
            parts = [f"{k} {r.set_info[k]}" for k in ("strategy", "density_target", "preset") if
                     r.set_info.get(k) is not None]
            parts += [k.replace("_", " ") for k in ("surface_forms", "paraphrase", "pronouns") if r.set_info.get(k)]
            if r.set_info.get("density") is not None:
                parts.append(f"density reached {r.set_info['density']:.3f}")
            info = "; ".join(parts)
        rows.append(f"<tr><td><code>{esc(r.path.name)}</code></td><td>{esc(TASK_ORDER[r.task])}</td>"
                    f"<td>{esc(r.system)}</td><td>{esc(r.set)}</td><td>{esc(info or r.note or '–')}</td>"
                    f"<td class=num>{esc(docs)}</td><td>{esc(warns)}</td></tr>")
    return ("<h2 id=inputs>Results read</h2><table><thead><tr><th>file</th><th>task</th><th>system</th><th>set</th>"
            "<th>set details</th><th>documents</th><th>warnings</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>")


def _summary_section(results: Sequence[ReportInput]) -> str:
    out = ["<h2 id=summary>Summary</h2>",
           "<p class=note>Micro P, R and F1 over all mentions (GERBIL's zero-division rule: no gold and no "
           "prediction gives 1). The interval is the bootstrap over documents of <code>bengal score --ci N</code>"
           " (– when not run). Failed documents: gold documents the prediction lacks, scored as all false "
           "negatives. InKB / EE: the mentions of KB entities and of emerging entities (NIL) on their own; "
           "GSInKB (D2KB, as GERBIL): the gold's KB mentions and the answers at their spans; "
           "none when neither side has one. The best F1 of each set is bold.</p>"]
    for task, label in TASK_ORDER.items():
        rs = [r for r in results if r.task == task]
        if not rs:
            continue
        uri_task = task in ("a2kb", "d2kb")
        head = ["set", "system", "P", "R", "F1", "F1 interval", "macro F1", "TP", "FP", "FN", "failed docs"]
        subs = ("inkb", "ee", "gs_inkb") if task == "d2kb" else ("inkb", "ee")
        if uri_task:
            head += ["InKB F1", "EE F1"] + (["GSInKB F1"] if task == "d2kb" else [])
        best: dict[str, float] = {}
        for r in rs:
            best[r.set] = max(best.get(r.set, -1.0), float(r.micro["f1"]))
        rows = []
        for r in rs:
            m = r.micro
            ci = r.ci()
            level = r.data.get("ci", {}).get("level") if ci else None
            interval = f"[{ci[0]:.4f}, {ci[1]:.4f}]" + (f" ({level:.0%})" if level else "") if ci else "–"
            f1 = fixed(m["f1"])
            if float(m["f1"]) == best[r.set] and len(rs) > 1:
                f1 = f"<b>{f1}</b>"
            macro = r.data.get("macro", {}).get("f1") if isinstance(r.data.get("macro"), Mapping) else None
            failed = "–" if task == "chunk" else str(r.failed_documents)  # (sentences, never missing)
            cells = [esc(r.set), esc(r.system), fixed(m["precision"]), fixed(m["recall"]), f1, interval, fixed(macro),
                     str(m["tp"]), str(m["fp"]), str(m["fn"]), failed]
            if uri_task:
                for sub in subs:
                    s = r.data.get(sub)
                    if not isinstance(s, Mapping):
                        cells.append("–")
                    elif not any(s["micro"].get(k) for k in ("tp", "fp", "fn")):
                        cells.append("<span title='no such mention on either side (GERBIL would say 1)'>none</span>")
                    else:
                        cells.append(fixed(s["micro"]["f1"]))
            rows.append("<tr>" + "".join(f"<td{' class=num' if i > 1 else ''}>{c}</td>" for i, c in enumerate(cells))
                        + "</tr>")
        match = rs[0].data.get("match")
        caption = label + (f" · {match} match" if match else "") + (
            " · macro F1 = mean over types (seqeval)" if task == "chunk" else " · macro F1 = mean over documents")
        out.append(f"<table class=summary data-task={esc(task)}><caption>{esc(caption)}</caption><thead><tr>"
                   + "".join(f"<th>{h}</th>" for h in head) + "</tr></thead><tbody>" + "".join(rows)
                   + "</tbody></table>")
    return "".join(out)


def _type_section(results: Sequence[ReportInput]) -> str:
    out = ["<h2 id=types>Per type</h2>", "<div class=grid>"]
    groups: dict[tuple[str, str], list[ReportInput]] = {}
    for r in results:
        pt = r.data.get("per_type") or {}
        if pt and set(pt) != {"(untyped)"}:
            groups.setdefault((r.task, r.set), []).append(r)
    if not groups:
        return out[0] + "<p class=note>No result has typed mentions.</p>"
    note = ("<p class=note>A2KB, D2KB, ERec: a TP or FN counts for its gold mention's types, an FP for the types "
            "of the gold mention at its span, else for its own. ETyping and chunks: per type as conlleval counts "
            "it. A mention with several types counts for each.</p>")
    for (task, set_name), rs in groups.items():
        support: dict[str, int] = {}
        for r in rs:
            for t, m in r.data["per_type"].items():
                support[t] = max(support.get(t, 0), int(m["tp"]) + int(m["fn"]))
        types = sorted(support, key=lambda t: (-support[t], t))
        shown = types[:MAX_TYPES]
        systems = system_names(rs)
        f1 = {(t, r.system): float(r.data["per_type"][t]["f1"]) for r in rs for t in shown
              if t in r.data["per_type"]}
        title = f"{TASK_ORDER[task]} on {set_name}: micro F1 per type"
        svg = type_bars([f"{short_iri(t)} ({support[t]})" for t in shown], systems,
                        {(f"{short_iri(t)} ({support[t]})", s): v for (t, s), v in f1.items()}, title)
        more = (f" {len(shown)} of {len(types)} types, those with the most gold mentions (in brackets)."
                if len(types) > len(shown) else " Gold mentions per type in brackets.")
        out.append(f"<figure><img alt='{esc(title)}' src='{svg_data_uri(svg)}'><figcaption>{esc(title)}."
                   f"{esc(more)}</figcaption></figure>")
    return out[0] + note + "".join(out[1:]) + "</div>"


#: Most gold and predicted types a confusion table shows (the JSON holds every cell).
MAX_CONFUSION_TYPES = 8


def _confusion_section(results: Sequence[ReportInput]) -> str:
    """One gold × predicted type table per result whose ``confusion`` (chunk scores, ETyping) has a cell
    off the diagonal; nothing when none has."""
    out = []
    for r in results:
        conf = r.data.get("confusion") or {}
        if not isinstance(conf, Mapping) or not any(g != p and n for g, row in conf.items() for p, n in row.items()):
            continue
        rows_w: dict[str, int] = {}
        cols_w: dict[str, int] = {}
        for g, row in conf.items():
            for p, n in row.items():
                rows_w[g] = rows_w.get(g, 0) + int(n)
                cols_w[p] = cols_w.get(p, 0) + int(n)
        rows = sorted(rows_w, key=lambda t: (-rows_w[t], t))[:MAX_CONFUSION_TYPES]
        cols = sorted(cols_w, key=lambda t: (-cols_w[t], t))[:MAX_CONFUSION_TYPES]

        def label(key: str) -> str:
            return " + ".join(short_iri(t) for t in key.split()) if key else "(untyped)"

        head = "".join(f"<th>{esc(label(c))}</th>" for c in cols)
        body = "".join(f"<tr><th>{esc(label(g))}</th>"
                       + "".join(f"<td>{int(conf[g].get(c, 0)) or '·'}</td>" for c in cols) + "</tr>" for g in rows)
        out.append(f"<h3>{esc(TASK_ORDER[r.task])} · {esc(r.system)} on {esc(r.set)}: type confusion "
                   f"(rows gold, columns predicted, same span)</h3><table><thead><tr><th>gold \\ pred</th>{head}"
                   f"</tr></thead><tbody>{body}</tbody></table>")
    return "".join(out)


#: Generator parameters besides density that make two sets different variants (never joined by a line).
VARIANT_KEYS = ("strategy", "surface_forms", "paraphrase", "pronouns", "preset")


def _variant(info: Mapping[str, Any], key: str) -> str:
    """How a set's ``key`` reads in a label: the strategy or preset name, the flag's name when set."""
    value = info.get(key)
    if key in ("strategy", "preset"):
        return str(value) if value else ""
    return key.replace("_", " ") if value else ""


def _set_label(r: ReportInput) -> str:
    info = r.set_info or {}
    bits = [v for v in (_variant(info, k) for k in VARIANT_KEYS) if v]
    if info.get("density") is not None:
        bits.append(f"d {float(info['density']):.3f}")
    return "\n".join([r.set] + bits)


def _set_axis(results: Sequence[ReportInput]) -> str:
    out = ["<h2 id=sets>F1 across generated sets</h2>"]
    made = False
    for task, label in TASK_ORDER.items():
        rs = [r for r in results if r.task == task and r.set_info]
        sets = {r.set: r.set_info for r in rs if r.set_info}  # all of rs (the test narrows the type)
        if len(sets) < 2:
            continue
        strategies = sorted({str(info.get("strategy")) for info in sets.values()})
        densities = {info.get("density") for info in sets.values() if info.get("density") is not None}
        varying = [k for k in VARIANT_KEYS if len({_variant(info, k) for info in sets.values()}) > 1]
        if len(densities) > 1:
            points: dict[str, list] = {}
            for r in rs:
                assert r.set_info  # rs holds the results with set info
                if r.set_info.get("density") is not None:
                    variant = [_variant(r.set_info, k) for k in varying]
                    key = " · ".join([r.system] + [v for v in variant if v])
                    points.setdefault(key, []).append((float(r.set_info["density"]), float(r.micro["f1"]), r.ci()))
            title = f"{label}: micro F1 against entity density"
            svg = f1_by_density(points, title)
            apart = (" and " + ", ".join(k.replace("_", " ") for k in varying)) if varying else ""
            out.append(f"<figure><img alt='{esc(title)}' src='{svg_data_uri(svg)}'><figcaption>{esc(title)}: "
                       f"{len(sets)} generated sets, the density each reached (from its manifest); one line per "
                       f"system{esc(apart)} (sets that differ in more than density are never joined); error bars: "
                       "bootstrap intervals where scored with --ci.</figcaption></figure>")
            made = True
        if len(strategies) > 1 or len(densities) > 1 or varying:
            names = sorted(sets, key=lambda n: (str(sets[n].get("strategy")), sets[n].get("density") or 0.0, n))
            labels = {r.set: _set_label(r) for r in rs}
            cells = {(labels[r.set], r.system): (float(r.micro["f1"]), r.ci()) for r in rs}
            title = f"{label}: micro F1 per set (strategy, density reached)"
            svg = f1_per_set([labels[n] for n in names], system_names(rs), cells, title)
            out.append(f"<figure><img alt='{esc(title)}' src='{svg_data_uri(svg)}'><figcaption>{esc(title)}, "
                       "sets ordered by strategy, then density.</figcaption></figure>")
            made = True
    if not made:
        out.append("<p class=note>No two generated sets (scored with their manifest beside them) differ in "
                   "density or strategy.</p>")
    return "".join(out)


def _kinds_section(results: Sequence[ReportInput]) -> str:
    rs = [r for r in results if isinstance(r.data.get("errors"), Mapping)]
    if not rs:
        return ("<h2 id=kinds>Error kinds</h2><p class=note>No result carries per-mention outcomes "
                "(bengal score --json writes them for the span tasks).</p>")
    with_outcomes = {id(r) for r in rs}
    without = [r for r in results if id(r) not in with_outcomes]
    kinds = [k for k in ERROR_KINDS if any(r.data["errors"].get("kinds", {}).get(k) for r in rs)]
    head = "".join(f"<th title='{esc(ERROR_KINDS[k])}'>{esc(k.replace('_', ' '))}</th>" for k in kinds)
    rows = []
    for r in rs:
        ks = r.data["errors"].get("kinds", {})
        rows.append(f"<tr><td>{esc(TASK_ORDER[r.task])}</td><td>{esc(r.set)}</td><td>{esc(r.system)}</td>"
                    + "".join(f"<td class=num>{int(ks.get(k, 0))}</td>" for k in kinds)
                    + f"<td class=num>{int(r.data['errors'].get('documents_with_errors', 0))}</td></tr>")
    legend = "".join(f"<li><b>{esc(k.replace('_', ' '))}</b>: {esc(ERROR_KINDS[k])}</li>" for k in kinds)
    if without:
        names = ", ".join(f"{TASK_ORDER[r.task]} · {r.set} · {r.system}" for r in without)
        legend += (f"<li>Not in this table nor in the error browser: {esc(names)} (C2KB and CoNLL chunk scores "
                   "carry no per-mention outcomes).</li>")
    return ("<h2 id=kinds>Error kinds</h2><p class=note>Mentions per error kind, over all documents: a wrong link "
            "or a boundary error is one FP and one FN, so it counts on both sides.</p>"
            "<table><thead><tr><th>task</th><th>set</th><th>system</th>" + head
            + "<th>documents with errors</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
            f"<ul class=legend>{legend}</ul>")


def build_report(results: Sequence[ReportInput], title: str = "bengal report") -> str:
    """The HTML page of ``results`` (from :func:`~bengal.report.results.load_results`), one
    self-contained string."""
    nav = ("<nav><a href='#summary'>Summary</a><a href='#types'>Per type</a><a href='#sets'>Across sets</a>"
           "<a href='#kinds'>Error kinds</a><a href='#browser'>Error browser</a><a href='#inputs'>Results read</a>"
           "</nav>")
    systems = system_names(results)
    sets = list(dict.fromkeys(r.set for r in results))
    lead = (f"<p class=note>{len(results)} results · {len(systems)} "
            f"{'system' if len(systems) == 1 else 'systems'} · {len(sets)} {'set' if len(sets) == 1 else 'sets'}"
            f" · made by bengal {esc(__version__)}</p>")
    body = [f"<h1>{esc(title)}</h1>", lead, nav, _summary_section(results), _type_section(results),
            _confusion_section(results), _set_axis(results), _kinds_section(results), browser_section(results),
            _inputs_section(results)]
    return ("<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
            "<meta name=viewport content='width=device-width, initial-scale=1'>"
            f"<title>{esc(title)}</title><style>{CSS}</style></head><body>" + "\n".join(body)
            + f"<script>{JS}</script></body></html>\n")
