"""The error browser of the report page: the worst documents of each result, gold mentions
underlined and predictions shaded, TP / FP / FN / wrong link marked, a table of the errors below.

It reads the ``errors`` object of a result (``bengal score --json --errors N``, see
:mod:`bengal.score.explain`); a result without one has no panel.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from bengal.report.markup import esc, fixed
from bengal.report.render import short_iri
from bengal.report.results import TASK_ORDER, ReportInput

__all__ = ["browser_section"]


def _mention_title(side: str, m: Mapping[str, Any]) -> str:
    uris = ", ".join(short_iri(u) for u in m.get("uris") or []) or "NIL"
    kind = str(m.get("outcome", "")).upper()
    if m.get("error"):
        kind += f", {str(m['error']).replace('_', ' ')}"
    typ = f" [{short_iri(m['type'])}]" if m.get("type") else ""
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
        piece = esc(text[a:b])
        if not g and not p:
            out.append(piece)
            continue
        classes = sorted({f"g-{m['outcome']}" for m in g} | {f"p-{m['outcome']}" for m in p})
        starts = [m for m in g + p if m["begin"] == a]
        title = "\n".join([_mention_title("gold", m) for m in g] + [_mention_title("prediction", m) for m in p])
        mark = " start" if starts else ""
        out.append(f"<span class='m {' '.join(classes)}{mark}' title='{esc(title)}'>{piece}</span>")
    return "".join(out)


def _document(i: int, d: Mapping[str, Any]) -> str:
    gold, pred = d["gold"], d["prediction"]
    missing = "" if d.get("in_prediction", True) else " · <b>missing from the prediction</b>"
    summary = (f"<span class=doc-uri>{esc(d.get('uri', ''))}</span> · F1 {fixed(d.get('f1'), 3)} · "
               f"{int(d.get('fp', 0))} FP, {int(d.get('fn', 0))} FN{missing}")
    rows = []
    for side, ms in (("gold", gold), ("prediction", pred)):
        for m in ms:
            if m.get("outcome") == "tp":
                continue
            rows.append(f"<tr class='{esc(m.get('outcome'))}'><td>{side}</td><td>{esc(m.get('outcome', '').upper())}"
                        f"</td><td>{esc(str(m.get('error') or '').replace('_', ' '))}</td>"
                        f"<td class=num>{int(m['begin'])}–{int(m['end'])}</td><td>{esc(m.get('surface', ''))}</td>"
                        f"<td>{esc(', '.join(short_iri(u) for u in m.get('uris') or []) or 'NIL')}</td></tr>")
    table = ("<table class=mentions><thead><tr><th>side</th><th>outcome</th><th>kind</th><th>span</th>"
             "<th>surface form</th><th>URIs</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
             if rows else "")
    return (f"<details class=doc data-errors='{int(d.get('fp', 0)) + int(d.get('fn', 0))}'>"
            f"<summary>{summary}</summary><p class=text>{_highlight(d['text'], gold, pred)}</p>{table}</details>")


def browser_section(results: Sequence[ReportInput]) -> str:
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
        options.append(f"<option value='r{k}'>{esc(label)} ({count} documents with errors)</option>")
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
        panels.append(f"<section class=panel id='r{k}'{hidden}><p class=note>{esc(note)}</p>{body}</section>")
    legend = ("<p class=legend-line><span class='m g-tp p-tp'>TP</span> gold and prediction agree · "
              "<span class='m g-fn'>FN</span> gold mention missed (underlined) · "
              "<span class='m p-fp'>FP</span> wrong prediction (shaded) · "
              "<span class='m g-fn p-fp'>FN + FP</span> same text, wrong URI / type / boundary · "
              "<span class='m p-ignored'>ignored</span> (D2KB: not a gold span). Hover a mention for its URIs.</p>")
    return ("<h2 id=browser>Error browser</h2>" + legend
            + "<p><label>Result <select id=result-select>" + "".join(options) + "</select></label> "
            "<label><input type=checkbox id=open-all> open all documents</label></p>" + "".join(panels))
