"""``bengal report``: one self-contained HTML page from score results (``bengal score --json``).

The page has, in order:

1. the results read (file, task, system, set, documents, warnings by code);
2. a summary table per task (A2KB first): one row per set and system with
   micro P, R, F1 and its bootstrap confidence interval (when the score was run
   with ``--ci``), macro F1, TP/FP/FN, the InKB/EE F1 (URI tasks) and the
   documents the system failed on (``missing_document`` warnings);
3. per-type F1 bars (per task and set, a bar per system; at most
   :data:`MAX_TYPES` types, those with the most gold mentions);
4. micro F1 against the density the sets reached, or per generation strategy,
   when the generated sets (their ``set_info``, from the generator's manifest)
   differ in it;
5. the error kinds (:mod:`bengal.score.explain`) per result;
6. an error browser: the worst documents of each result with gold mentions
   underlined and predictions shaded, TP / FP / FN / wrong link marked.

Charts are matplotlib SVG in ``data:`` URIs; CSS and the little script (a
result selector for the browser, and a filter) are inline: the page needs no
network and no other file. The same inputs give the same bytes.
"""

from __future__ import annotations

import html
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterable, Mapping, Sequence

from bengal import __version__
from bengal.errors import InputError, UsageError
from bengal.score.explain import ERROR_KINDS

__all__ = ["ReportInput", "load_result", "load_results", "build_report", "write_report", "MAX_TYPES", "TASK_ORDER"]

#: Task order and labels of the page.
TASK_ORDER = {"a2kb": "A2KB", "d2kb": "D2KB", "c2kb": "C2KB", "erec": "ERec", "etyping": "ETyping",
              "chunk": "NER chunks (CoNLL)"}
#: Most types shown per per-type chart (by gold mentions, TP + FN).
MAX_TYPES = 12
_METRIC_KEYS = ("tp", "fp", "fn", "precision", "recall", "f1")


@dataclass(frozen=True)
class ReportInput:
    """One score result read for the report.

    Attributes:
        path: the JSON file.
        task: ``a2kb`` … ``etyping`` or ``chunk`` (an LLM answers result counts as ``chunk``).
        system, set: the labels (``bengal score --system-name / --set-name``).
        data: the result object (for an answers file: its ``"chunk"`` object).
        set_info: the generator parameters of the set (None for a static corpus).
        note: how the input was read, when it needs saying (e.g. "LLM answers").
    """

    path: Path
    task: str
    system: str
    set: str
    data: Mapping[str, Any]
    set_info: Mapping[str, Any] | None = None
    note: str = ""
    warnings: tuple[tuple[str, str, int], ...] = field(default=())

    @property
    def micro(self) -> Mapping[str, Any]:
        return self.data["micro"]

    @property
    def failed_documents(self) -> int:
        """Gold documents the prediction lacked (the system failed on them, or skipped them)."""
        return sum(n for code, side, n in self.warnings if code == "missing_document" and side == "prediction")

    def ci(self, measure: str = "f1") -> tuple[float, float] | None:
        """The bootstrap interval of the micro ``measure``, if the score had one."""
        ci = self.data.get("ci")
        if isinstance(ci, Mapping) and isinstance(ci.get("micro"), Mapping):
            lo_hi = ci["micro"].get(measure)
            if isinstance(lo_hi, (list, tuple)) and len(lo_hi) == 2:
                return float(lo_hi[0]), float(lo_hi[1])
        return None


def _bad(path: Path, what: str) -> InputError:
    return InputError(f"{what}; bengal report reads the JSON of bengal score --json", source=str(path))


def _check_metrics(path: Path, obj: Any, where: str, keys: Sequence[str] = _METRIC_KEYS) -> None:
    if not isinstance(obj, Mapping):
        raise _bad(path, f"{where} is not an object")
    for k in keys:
        v = obj.get(k)
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise _bad(path, f"{where}.{k} is missing or not a number")


def load_result(path: str | os.PathLike[str]) -> ReportInput:
    """Read one ``bengal score --json`` file.

    Accepts the span tasks (A2KB, D2KB, C2KB, ERec, ETyping), CoNLL chunk scores
    and LLM answer scores (their chunk part); a result written before results carried
    labels gets them from its ``inputs`` paths, else the file name as system and ``"(unnamed)"`` as set.

    Raises:
        InputError: the file is unreadable, not JSON (with line and column), or not
            a score result of those tasks (naming the missing or wrong key).
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text ({exc.reason} at byte {exc.start})", source=str(p)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not JSON: {exc.msg}", source=str(p), line=exc.lineno, column=exc.colno) from None
    if not isinstance(data, dict):
        raise _bad(p, f"the top level is a JSON {type(data).__name__}, not an object")
    task = data.get("task")
    note = ""
    result: Mapping[str, Any] = data
    if task == "answers":
        result, task, note = data.get("chunk"), "chunk", "LLM answers (evalscope tags)"
        if not isinstance(result, Mapping):
            raise _bad(p, 'an answers result without its "chunk" object')
    if task not in TASK_ORDER:
        if task in ("semeval", "jaccard"):
            raise _bad(p, f"a {task} result: the report shows the tasks {', '.join(TASK_ORDER)} "
                          "(their micro counts); print this one with bengal score")
        raise _bad(p, 'no "task" key' if task is None else f"unknown task {task!r}")
    _check_metrics(p, result.get("micro"), "micro")
    per_type = result.get("per_type", {})
    if not isinstance(per_type, Mapping):
        raise _bad(p, "per_type is not an object")
    for t, m in per_type.items():
        _check_metrics(p, m, f"per_type[{t!r}]")
    if result.get("macro") is not None:
        _check_metrics(p, result["macro"], "macro", ("f1",))
    for sub in ("inkb", "ee"):
        if result.get(sub) is not None:
            _check_metrics(p, result[sub].get("micro") if isinstance(result[sub], Mapping) else None, f"{sub}.micro")
    info = data.get("set_info")
    if info is not None:
        if not isinstance(info, Mapping):
            raise _bad(p, "set_info is not an object")
        if info.get("density") is not None:
            _check_metrics(p, info, "set_info", ("density",))
    errors = result.get("errors")
    if errors is not None:
        if not isinstance(errors, Mapping) or not isinstance(errors.get("documents"), list):
            raise _bad(p, 'errors is not an object with a "documents" list')
        kinds = errors.get("kinds", {})
        if not isinstance(kinds, Mapping) or not all(isinstance(v, int) for v in kinds.values()):
            raise _bad(p, "errors.kinds is not an object of counts")
        _check_metrics(p, errors, "errors", [k for k in ("documents_with_errors",) if k in errors])
        for i, d in enumerate(errors["documents"]):
            if not (isinstance(d, Mapping) and isinstance(d.get("text"), str)
                    and isinstance(d.get("gold"), list) and isinstance(d.get("prediction"), list)):
                raise _bad(p, f"errors.documents[{i}] lacks text, gold or prediction")
            _check_metrics(p, d, f"errors.documents[{i}]", [k for k in ("tp", "fp", "fn", "f1") if k in d])
            for side in ("gold", "prediction"):
                for j, m in enumerate(d[side]):
                    b, e = (m.get("begin"), m.get("end")) if isinstance(m, Mapping) else (None, None)
                    if not (isinstance(b, int) and isinstance(e, int) and 0 <= b < e <= len(d["text"])):
                        raise _bad(p, f"errors.documents[{i}].{side}[{j}] has no span inside the text")
                    if m.get("surface") != d["text"][b:e]:
                        raise _bad(p, f"errors.documents[{i}].{side}[{j}]: surface {m.get('surface')!r} is not "
                                      f"the text at [{b},{e}) ({d['text'][b:e]!r})")
    counts: dict[tuple[str, str], int] = {}
    for w in data.get("warnings") or result.get("warnings") or ():
        if isinstance(w, Mapping):
            key = (str(w.get("code", "?")), str(w.get("side", "")))
            counts[key] = counts.get(key, 0) + 1
    from bengal.io.nif import file_stem as corpus_label

    inputs = data.get("inputs") if isinstance(data.get("inputs"), Mapping) else {}

    def input_label(side: str) -> str | None:
        path = inputs.get(side, {}).get("path") if isinstance(inputs.get(side), Mapping) else None
        return corpus_label(path) if isinstance(path, str) and path else None

    system = data.get("system") or input_label("prediction") or p.stem
    set_name = data.get("set") or input_label("gold") or "(unnamed)"
    return ReportInput(p, task, str(system), str(set_name), result, info, note,
                       tuple((c, s, n) for (c, s), n in counts.items()))


def load_results(paths: Iterable[str | os.PathLike[str]]) -> list[ReportInput]:
    """:func:`load_result` of each path, in task, set and system order.

    Raises:
        UsageError: no path, or two files with the same task, system and set (name them
            apart with ``bengal score --system-name / --set-name``).
        InputError: as :func:`load_result`.
    """
    results = [load_result(p) for p in paths]
    if not results:
        raise UsageError("bengal report needs at least one result (bengal score … --json RESULT.json)")
    seen: dict[tuple[str, str, str], Path] = {}
    for r in results:
        key = (r.task, r.system, r.set)
        if key in seen:
            raise UsageError(f"{seen[key]} and {r.path} both hold {TASK_ORDER[r.task]} of system {r.system!r} "
                             f"on set {r.set!r}: name them apart with bengal score --system-name/--set-name")
        seen[key] = r.path
    order = list(TASK_ORDER)

    def set_key(r: ReportInput) -> tuple:
        info = r.set_info or {}
        return (r.set_info is None, str(info.get("strategy") or ""), float(info.get("density") or 0.0), r.set)

    return sorted(results, key=lambda r: (order.index(r.task), set_key(r), r.system))


# ---------------------------------------------------------------------------- HTML pieces

def _e(x: Any) -> str:
    return html.escape(str(x), quote=True)


def _f(x: float | None, digits: int = 4) -> str:
    return "–" if x is None else f"{x:.{digits}f}"


def _short(iri: str) -> str:
    """dbo:/dbr: prefixes for DBpedia IRIs (types and URIs), the IRI itself otherwise."""
    for prefix, short in (("http://dbpedia.org/ontology/", "dbo:"), ("http://dbpedia.org/resource/", "dbr:")):
        if iri.startswith(prefix):
            return short + iri[len(prefix):]
    return iri


def _systems(results: Sequence[ReportInput]) -> list[str]:
    out: dict[str, None] = {}
    for r in results:
        out.setdefault(r.system)
    return list(out)


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
        rows.append(f"<tr><td><code>{_e(r.path.name)}</code></td><td>{_e(TASK_ORDER[r.task])}</td>"
                    f"<td>{_e(r.system)}</td><td>{_e(r.set)}</td><td>{_e(info or r.note or '–')}</td>"
                    f"<td class=num>{_e(docs)}</td><td>{_e(warns)}</td></tr>")
    return ("<h2 id=inputs>Results read</h2><table><thead><tr><th>file</th><th>task</th><th>system</th><th>set</th>"
            "<th>set details</th><th>documents</th><th>warnings</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>")


def _summary_section(results: Sequence[ReportInput]) -> str:
    out = ["<h2 id=summary>Summary</h2>",
           "<p class=note>Micro P, R and F1 over all mentions (GERBIL's zero-division rule: no gold and no "
           "prediction gives 1). The interval is the bootstrap over documents of <code>bengal score --ci N</code>"
           " (– when not run). Failed documents: gold documents the prediction lacks, scored as all false "
           "negatives. InKB / EE: the mentions of KB entities and of emerging entities (NIL) on their own; "
           "none when neither side has one. The best F1 of each set is bold.</p>"]
    for task, label in TASK_ORDER.items():
        rs = [r for r in results if r.task == task]
        if not rs:
            continue
        uri_task = task in ("a2kb", "d2kb")
        head = ["set", "system", "P", "R", "F1", "F1 interval", "macro F1", "TP", "FP", "FN", "failed docs"]
        if uri_task:
            head += ["InKB F1", "EE F1"]
        best = {}
        for r in rs:
            best[r.set] = max(best.get(r.set, -1.0), float(r.micro["f1"]))
        rows = []
        for r in rs:
            m = r.micro
            ci = r.ci()
            level = r.data.get("ci", {}).get("level") if ci else None
            interval = f"[{ci[0]:.4f}, {ci[1]:.4f}]" + (f" ({level:.0%})" if level else "") if ci else "–"
            f1 = _f(m["f1"])
            if float(m["f1"]) == best[r.set] and len(rs) > 1:
                f1 = f"<b>{f1}</b>"
            macro = r.data.get("macro", {}).get("f1") if isinstance(r.data.get("macro"), Mapping) else None
            failed = "–" if task == "chunk" else str(r.failed_documents)  # (sentences, never missing)
            cells = [_e(r.set), _e(r.system), _f(m["precision"]), _f(m["recall"]), f1, interval, _f(macro),
                     str(m["tp"]), str(m["fp"]), str(m["fn"]), failed]
            if uri_task:
                for sub in ("inkb", "ee"):
                    s = r.data.get(sub)
                    if not isinstance(s, Mapping):
                        cells.append("–")
                    elif not any(s["micro"].get(k) for k in ("tp", "fp", "fn")):
                        cells.append("<span title='no such mention on either side (GERBIL would say 1)'>none</span>")
                    else:
                        cells.append(_f(s["micro"]["f1"]))
            rows.append("<tr>" + "".join(f"<td{' class=num' if i > 1 else ''}>{c}</td>" for i, c in enumerate(cells))
                        + "</tr>")
        match = rs[0].data.get("match")
        caption = label + (f" · {match} match" if match else "") + (
            " · macro F1 = mean over types (seqeval)" if task == "chunk" else " · macro F1 = mean over documents")
        out.append(f"<table class=summary data-task={_e(task)}><caption>{_e(caption)}</caption><thead><tr>"
                   + "".join(f"<th>{h}</th>" for h in head) + "</tr></thead><tbody>" + "".join(rows)
                   + "</tbody></table>")
    return "".join(out)


def _type_section(results: Sequence[ReportInput]) -> str:
    from bengal.report.plots import svg_data_uri, type_bars

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
        systems = _systems(rs)
        f1 = {(t, r.system): float(r.data["per_type"][t]["f1"]) for r in rs for t in shown
              if t in r.data["per_type"]}
        title = f"{TASK_ORDER[task]} on {set_name}: micro F1 per type"
        svg = type_bars([f"{_short(t)} ({support[t]})" for t in shown], systems,
                        {(f"{_short(t)} ({support[t]})", s): v for (t, s), v in f1.items()}, title)
        more = (f" {len(shown)} of {len(types)} types, those with the most gold mentions (in brackets)."
                if len(types) > len(shown) else " Gold mentions per type in brackets.")
        out.append(f"<figure><img alt='{_e(title)}' src='{svg_data_uri(svg)}'><figcaption>{_e(title)}."
                   f"{_e(more)}</figcaption></figure>")
    return out[0] + note + "".join(out[1:]) + "</div>"


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
    from bengal.report.plots import f1_by_density, f1_per_set, svg_data_uri

    out = ["<h2 id=sets>F1 across generated sets</h2>"]
    made = False
    for task, label in TASK_ORDER.items():
        rs = [r for r in results if r.task == task and r.set_info]
        sets = {r.set: r.set_info for r in rs}
        if len(sets) < 2:
            continue
        strategies = sorted({str(info.get("strategy")) for info in sets.values()})
        densities = {info.get("density") for info in sets.values() if info.get("density") is not None}
        varying = [k for k in VARIANT_KEYS if len({_variant(info, k) for info in sets.values()}) > 1]
        if len(densities) > 1:
            points: dict[str, list] = {}
            for r in rs:
                if r.set_info.get("density") is not None:
                    variant = [_variant(r.set_info, k) for k in varying]
                    key = " · ".join([r.system] + [v for v in variant if v])
                    points.setdefault(key, []).append((float(r.set_info["density"]), float(r.micro["f1"]), r.ci()))
            title = f"{label}: micro F1 against entity density"
            svg = f1_by_density(points, title)
            apart = (" and " + ", ".join(k.replace("_", " ") for k in varying)) if varying else ""
            out.append(f"<figure><img alt='{_e(title)}' src='{svg_data_uri(svg)}'><figcaption>{_e(title)}: "
                       f"{len(sets)} generated sets, the density each reached (from its manifest); one line per "
                       f"system{_e(apart)} (sets that differ in more than density are never joined); error bars: "
                       "bootstrap intervals where scored with --ci.</figcaption></figure>")
            made = True
        if len(strategies) > 1 or len(densities) > 1 or varying:
            names = sorted(sets, key=lambda n: (str(sets[n].get("strategy")), sets[n].get("density") or 0.0, n))
            labels = {r.set: _set_label(r) for r in rs}
            cells = {(labels[r.set], r.system): (float(r.micro["f1"]), r.ci()) for r in rs}
            title = f"{label}: micro F1 per set (strategy, density reached)"
            svg = f1_per_set([labels[n] for n in names], _systems(rs), cells, title)
            out.append(f"<figure><img alt='{_e(title)}' src='{svg_data_uri(svg)}'><figcaption>{_e(title)}, "
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
    head = "".join(f"<th title='{_e(ERROR_KINDS[k])}'>{_e(k.replace('_', ' '))}</th>" for k in kinds)
    rows = []
    for r in rs:
        ks = r.data["errors"].get("kinds", {})
        rows.append(f"<tr><td>{_e(TASK_ORDER[r.task])}</td><td>{_e(r.set)}</td><td>{_e(r.system)}</td>"
                    + "".join(f"<td class=num>{int(ks.get(k, 0))}</td>" for k in kinds)
                    + f"<td class=num>{int(r.data['errors'].get('documents_with_errors', 0))}</td></tr>")
    legend = "".join(f"<li><b>{_e(k.replace('_', ' '))}</b>: {_e(ERROR_KINDS[k])}</li>" for k in kinds)
    if without:
        names = ", ".join(f"{TASK_ORDER[r.task]} · {r.set} · {r.system}" for r in without)
        legend += (f"<li>Not in this table nor in the error browser: {_e(names)} (C2KB and CoNLL chunk scores "
                   "carry no per-mention outcomes).</li>")
    return ("<h2 id=kinds>Error kinds</h2><p class=note>Mentions per error kind, over all documents: a wrong link "
            "or a boundary error is one FP and one FN, so it counts on both sides.</p><table><thead><tr><th>task</th><th>set</th><th>system</th>" + head
            + "<th>documents with errors</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
            f"<ul class=legend>{legend}</ul>")


def _mention_title(side: str, m: Mapping[str, Any]) -> str:
    uris = ", ".join(_short(u) for u in m.get("uris") or []) or "NIL"
    kind = str(m.get("outcome", "")).upper()
    if m.get("error"):
        kind += f", {str(m['error']).replace('_', ' ')}"
    typ = f" [{_short(m['type'])}]" if m.get("type") else ""
    return f"{side}: “{m.get('surface', '')}” → {uris}{typ} ({kind})"


def _highlight(text: str, gold: Sequence[Mapping[str, Any]], pred: Sequence[Mapping[str, Any]]) -> str:
    """The text with each stretch covered by mentions wrapped in a span whose classes name the
    gold outcome (g-tp / g-fn) and the prediction outcome (p-tp / p-fp / p-ignored)."""
    cuts = {0, len(text)}
    for m in list(gold) + list(pred):
        cuts.update((m["begin"], m["end"]))
    bounds = sorted(cuts)
    out = []
    for a, b in zip(bounds, bounds[1:]):
        g = [m for m in gold if m["begin"] <= a and b <= m["end"]]
        p = [m for m in pred if m["begin"] <= a and b <= m["end"]]
        piece = _e(text[a:b])
        if not g and not p:
            out.append(piece)
            continue
        classes = sorted({f"g-{m['outcome']}" for m in g} | {f"p-{m['outcome']}" for m in p})
        starts = [m for m in g + p if m["begin"] == a]
        title = "\n".join([_mention_title("gold", m) for m in g] + [_mention_title("prediction", m) for m in p])
        mark = " start" if starts else ""
        out.append(f"<span class='m {' '.join(classes)}{mark}' title='{_e(title)}'>{piece}</span>")
    return "".join(out)


def _document(i: int, d: Mapping[str, Any]) -> str:
    gold, pred = d["gold"], d["prediction"]
    missing = "" if d.get("in_prediction", True) else " · <b>missing from the prediction</b>"
    summary = (f"<span class=doc-uri>{_e(d.get('uri', ''))}</span> · F1 {_f(d.get('f1'), 3)} · "
               f"{int(d.get('fp', 0))} FP, {int(d.get('fn', 0))} FN{missing}")
    rows = []
    for side, ms in (("gold", gold), ("prediction", pred)):
        for m in ms:
            if m.get("outcome") == "tp":
                continue
            rows.append(f"<tr class='{_e(m.get('outcome'))}'><td>{side}</td><td>{_e(m.get('outcome', '').upper())}"
                        f"</td><td>{_e(str(m.get('error') or '').replace('_', ' '))}</td>"
                        f"<td class=num>{int(m['begin'])}–{int(m['end'])}</td><td>{_e(m.get('surface', ''))}</td>"
                        f"<td>{_e(', '.join(_short(u) for u in m.get('uris') or []) or 'NIL')}</td></tr>")
    table = ("<table class=mentions><thead><tr><th>side</th><th>outcome</th><th>kind</th><th>span</th>"
             "<th>surface form</th><th>URIs</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
             if rows else "")
    return (f"<details class=doc data-errors='{int(d.get('fp', 0)) + int(d.get('fn', 0))}'>"
            f"<summary>{summary}</summary><p class=text>{_highlight(d['text'], gold, pred)}</p>{table}</details>")


def _browser_section(results: Sequence[ReportInput]) -> str:
    rs = [r for r in results if isinstance(r.data.get("errors"), Mapping)]
    if not rs:
        return ""
    options, panels = [], []
    for k, r in enumerate(rs):
        errs = r.data["errors"]
        docs = errs["documents"]
        label = f"{TASK_ORDER[r.task]} · {r.set} · {r.system}"
        shown = len(docs)
        total = int(errs.get("documents_with_errors", shown))
        count = f"{shown} of {total}" if total > shown else f"{total}"
        options.append(f"<option value='r{k}'>{_e(label)} ({count} documents with errors)</option>")
        if shown == 0 and total:
            note = (f"Documents with errors: {total}; the result holds none of them in full (it was scored "
                    "with bengal score --errors 0).")
        elif total > shown:
            note = (f"The {shown} worst of {total} documents with errors (lowest F1 first; bengal score --errors N "
                    "gives more).")
        else:
            note = f"All {total} documents with errors, lowest F1 first."
        body = "".join(_document(i, d) for i, d in enumerate(docs)) or "<p>No errors.</p>"
        hidden = "" if k == 0 else " hidden"
        panels.append(f"<section class=panel id='r{k}'{hidden}><p class=note>{_e(note)}</p>{body}</section>")
    legend = ("<p class=legend-line><span class='m g-tp p-tp'>TP</span> gold and prediction agree · "
              "<span class='m g-fn'>FN</span> gold mention missed (underlined) · "
              "<span class='m p-fp'>FP</span> wrong prediction (shaded) · "
              "<span class='m g-fn p-fp'>FN + FP</span> same text, wrong URI / type / boundary · "
              "<span class='m p-ignored'>ignored</span> (D2KB: not a gold span). Hover a mention for its URIs.</p>")
    return ("<h2 id=browser>Error browser</h2>" + legend
            + "<p><label>Result <select id=result-select>" + "".join(options) + "</select></label> "
            "<label><input type=checkbox id=open-all> open all documents</label></p>" + "".join(panels))


_CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2em auto;max-width:1200px;
padding:0 1em;color:#1b1b1b}
h1{font-size:1.6em;margin-bottom:.2em}h2{margin-top:2em;border-bottom:1px solid #ddd;padding-bottom:.2em}
table{border-collapse:collapse;margin:.8em 0;font-size:13px}th,td{border:1px solid #ddd;padding:3px 7px;
text-align:left;vertical-align:top}th{background:#f4f4f4}td.num{text-align:right;font-variant-numeric:tabular-nums}
caption{text-align:left;font-weight:600;padding:.3em 0}.note{color:#555;font-size:13px}
figure{margin:1em 0}figure img{max-width:100%}.grid{display:flex;flex-wrap:wrap;gap:0 2em}
.grid figure{flex:1 1 520px;max-width:580px}figcaption{color:#555;font-size:12px}
nav a{margin-right:1em}code{font-size:12px}
details.doc{border:1px solid #e3e3e3;border-radius:4px;margin:.4em 0;padding:.3em .6em}
details.doc summary{cursor:pointer}.doc-uri{font-family:monospace;font-size:12px}
p.text{line-height:2;white-space:pre-wrap}
.m{padding:1px 0;border-bottom:3px solid transparent}
.g-tp{border-bottom-color:#2e7d32}.g-fn{border-bottom:3px dashed #c62828}
.p-tp{background:#c8e6c9}.p-fp{background:#ffcdd2}.p-ignored{background:#e0e0e0}
.start{margin-left:1px}
table.mentions tr.fn td:first-child{border-left:3px solid #c62828}
table.mentions tr.fp td:first-child{border-left:3px solid #ef9a9a}
ul.legend{font-size:12px;color:#555}
"""

_JS = """
(function () {
  var select = document.getElementById('result-select');
  if (!select) { return; }
  var panels = document.querySelectorAll('section.panel');
  function show() {
    panels.forEach(function (p) { p.hidden = (p.id !== select.value); });
  }
  select.addEventListener('change', show);
  var openAll = document.getElementById('open-all');
  openAll.addEventListener('change', function () {
    document.querySelectorAll('details.doc').forEach(function (d) { d.open = openAll.checked; });
  });
  show();
  document.body.setAttribute('data-ready', 'yes');
})();
"""


def build_report(results: Sequence[ReportInput], title: str = "bengal report") -> str:
    """The HTML page of ``results`` (from :func:`load_results`), one self-contained string."""
    nav = ("<nav><a href='#summary'>Summary</a><a href='#types'>Per type</a><a href='#sets'>Across sets</a>"
           "<a href='#kinds'>Error kinds</a><a href='#browser'>Error browser</a><a href='#inputs'>Results read</a>"
           "</nav>")
    systems = _systems(results)
    sets = list(dict.fromkeys(r.set for r in results))
    lead = (f"<p class=note>{len(results)} results · {len(systems)} "
            f"{'system' if len(systems) == 1 else 'systems'} · {len(sets)} {'set' if len(sets) == 1 else 'sets'}"
            f" · made by bengal {_e(__version__)}</p>")
    body = [f"<h1>{_e(title)}</h1>", lead, nav, _summary_section(results), _type_section(results),
            _set_axis(results), _kinds_section(results), _browser_section(results), _inputs_section(results)]
    return ("<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
            "<meta name=viewport content='width=device-width, initial-scale=1'>"
            f"<title>{_e(title)}</title><style>{_CSS}</style></head><body>" + "\n".join(body)
            + f"<script>{_JS}</script></body></html>\n")


def write_report(paths: Iterable[str | os.PathLike[str]], output: str | os.PathLike[str] | IO[str], *,
                 title: str = "bengal report") -> list[ReportInput]:
    """Read the results at ``paths`` and write their page to ``output`` atomically (or to an open
    text stream, e.g. ``sys.stdout``). An output path that is one of the results is refused.

    Returns:
        The results, in page order.

    Raises:
        UsageError, InputError: as :func:`load_results`; nothing is written then.
    """
    from bengal.atomic import atomic_write, check_writable

    paths = list(paths)
    if hasattr(output, "write"):
        results = load_results(paths)
        output.write(build_report(results, title))
        return results
    out = Path(output)
    check_writable(out, inputs=tuple(paths))
    results = load_results(paths)
    page = build_report(results, title)
    with atomic_write(out) as fh:
        fh.write(page)
    return results
