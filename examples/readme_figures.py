#!/usr/bin/env python3
"""Regenerate the figures the README and its docs pages print from a seed, and check that they are current.

    python examples/readme_figures.py                 # print every figure block
    python examples/readme_figures.py --write         # rewrite the pages in place between the markers
    python examples/readme_figures.py --check         # exit 1 and name the blocks that are stale
    python examples/readme_figures.py --only tour,score-json --check
    python examples/readme_figures.py --check --readme README.md   # one page only (repeatable)

A figure block lies between two HTML comment lines (invisible on GitHub)::

    <!-- figures:NAME -->
    ...text this script writes...
    <!-- /figures:NAME -->

The blocks live in the pages of :data:`PAGES` (``README.md`` and the ``docs/`` pages its long
reference moved to); each ``NAME`` is used once across them. The markers may be indented (inside a
list item); the block's text is then indented the same. Each
``NAME`` is a key of :data:`FIGURES`: a function that runs the page's seeded command through the
library (the bundled KB, no subprocess; the ``loop`` block runs the loop's commands as processes,
as a user does) and returns the block's Markdown. Runs shared by several
blocks are made once. Text outside the markers is never touched. Needs a checkout (it reads and
writes the checkout's pages); ``tests/test_readme_figures.py`` checks the fast blocks.

Errors (one line, exit 2): a marker that is not closed, closed twice or nested, an unknown name, a
name used twice (on one page or on two).
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
#: The pages that hold figure blocks, relative to the checkout: the README and the docs pages of the
#: full references that moved out of it (the generator's options, the scorer, CoNLL++ and LLM answers).
PAGES = ("README.md", "docs/generate.md", "docs/score.md", "docs/conllpp-llm.md")
#: ``<!-- figures:NAME -->`` / ``<!-- /figures:NAME -->``, alone on a line (leading blanks allowed).
OPEN = re.compile(r"^(?P<indent>[ \t]*)<!-- figures:(?P<name>[a-z0-9-]+) -->[ \t]*$")
CLOSE = re.compile(r"^[ \t]*<!-- /figures:(?P<name>[a-z0-9-]+) -->[ \t]*$")
STRATEGIES = ("star", "sym", "path", "hybrid", "summary")


class FigureError(Exception):
    """A README whose markers cannot be read (the message names the file and line)."""


@dataclass(frozen=True)
class Block:
    """One figure block of the README: its ``name``, the marker's ``indent``, the 0-based line
    numbers of the opening and closing markers, and the text between them (lines joined, no
    trailing newline)."""

    name: str
    indent: str
    open_line: int
    close_line: int
    body: str


def find_blocks(text: str, source: str = "README.md") -> list[Block]:
    """The figure blocks of ``text``, in order.

    Raises:
        FigureError: an opening marker inside another block, a closing marker without its opening
            one or with another name, a block never closed, a name used twice.
    """
    lines = text.split("\n")
    blocks: list[Block] = []
    current: tuple[str, str, int] | None = None
    for i, line in enumerate(lines):
        m = OPEN.match(line)
        if m:
            if current is not None:
                raise FigureError(f"{source}:{i + 1}: figures:{m['name']} opens inside figures:{current[0]}")
            current = (m["name"], m["indent"], i)
            continue
        c = CLOSE.match(line)
        if c:
            if current is None or current[0] != c["name"]:
                raise FigureError(f"{source}:{i + 1}: /figures:{c['name']} closes no open figures:{c['name']}")
            name, indent, start = current
            if any(b.name == name for b in blocks):
                raise FigureError(f"{source}:{start + 1}: figures:{name} appears twice")
            blocks.append(Block(name, indent, start, i, "\n".join(lines[start + 1:i])))
            current = None
    if current is not None:
        raise FigureError(f"{source}:{current[2] + 1}: figures:{current[0]} is never closed")
    return blocks


def find_page_blocks(pages: list[Path]) -> dict[str, tuple[Path, Block]]:
    """Every figure block of ``pages`` (Markdown files), by name: the page that holds it and the block.

    Raises:
        FigureError: as :func:`find_blocks` for one page, and a name used on two pages; ``OSError``
            for a page that cannot be read.
    """
    found: dict[str, tuple[Path, Block]] = {}
    for page in pages:
        for block in find_blocks(page.read_text(encoding="utf-8"), str(page)):
            if block.name in found:
                raise FigureError(f"{page}:{block.open_line + 1}: figures:{block.name} appears twice "
                                  f"(also in {found[block.name][0]})")
            found[block.name] = (page, block)
    return found


def indent_text(body: str, indent: str) -> str:
    """``body`` with every non-empty line prefixed by ``indent``."""
    return "\n".join(indent + line if line else line for line in body.split("\n"))


def replace_blocks(text: str, bodies: dict[str, str], source: str = "README.md") -> tuple[str, list[str]]:
    """``text`` with the blocks named in ``bodies`` replaced (indented as their markers), and the
    names of the blocks whose text changed. Raises :class:`FigureError` as :func:`find_blocks`."""
    lines = text.split("\n")
    stale = []
    for block in reversed(find_blocks(text, source)):
        if block.name not in bodies:
            continue
        new = indent_text(bodies[block.name], block.indent)
        if new != block.body:
            stale.append(block.name)
            lines[block.open_line + 1:block.close_line] = new.split("\n")
    return "\n".join(lines), sorted(stale)


# --------------------------------------------------------------------------- the runs


@dataclass
class Runner:
    """Makes the README's corpora through the library, each configuration once, on one opened KB.

    ``tmp`` holds the files a block needs on disk (the tour's ``bench.ttl`` and its manifest)."""

    tmp: Path
    kb: Any = None
    _runs: dict[Any, Any] = field(default_factory=dict)

    def open(self) -> Any:
        """The bundled KB (opened once)."""
        if self.kb is None:
            from bengal.kb.store import open_kb
            self.kb = open_kb()
        return self.kb

    def generated(self, **options: Any) -> Any:
        """The :class:`~bengal.generate.pipeline.Generated` of ``bengal generate`` with ``options``."""
        from bengal.generate.pipeline import generate
        from bengal.workflows.generate_files import generate_config
        config = generate_config(**options)  # the key: options equal to the defaults are one run
        if config not in self._runs:
            self._runs[config] = generate(self.open(), config)
        return self._runs[config]

    def written(self, name: str, **options: Any) -> tuple[Any, dict[str, Any], Path]:
        """``generate_files(tmp / name, **options)``: ``(generated, manifest, path)``, made once."""
        key = ("file", name, *sorted(options.items()))
        if key not in self._runs:
            from bengal.workflows.generate_files import generate_files
            out = self.tmp / name
            self._runs[key] = (*generate_files(out, kb=self.open(), **options), out)
        return self._runs[key]


TOUR = {"docs": 100, "density": "high", "seed": 42}
#: The option examples and tables: ``bengal generate --docs 100 --strategy NAME --seed 1 OPTION``.
OPTION_RUN = {"docs": 100, "seed": 1}


def fig_tour(r: Runner) -> str:
    """The tour's first command and the two lines it prints."""
    from bengal.generate.config import GenerateConfig
    from bengal.report.text import generated_lines
    gen, _, _ = r.written("bench.ttl", **TOUR)
    lines = generated_lines(gen.stats, "bench.ttl", "bench.ttl.manifest.json", "high",
                            GenerateConfig(density="high").density_target, "star")
    out = ["```sh", "# 1. A benchmark: 100 documents, dense, star subgraphs, seed 42.",
           "bengal generate --docs 100 --density high --seed 42 -o bench.ttl"]
    out += [f"# {line}" for line in lines]
    out += ["", "# 2. The same corpus as JSONL (same seed: the same documents).",
            "bengal generate --docs 100 --density high --seed 42 -o bench.jsonl", "",
            "# 3. Score a system's output against it. Here the gold itself (F1 = 1); with your",
            "#    system, annotate the documents of bench.ttl (same context IRIs, as GERBIL",
            "#    sends them) and score its NIF or JSONL output the same way.",
            "bengal score bench.ttl bench.ttl",
            "bengal score bench.ttl bench.jsonl --json result.json",
            "bengal report result.json -o report.html      # one HTML page (see \"The loop\" below)", "",
            "# 4. The KB behind it.", "bengal kb info", "```"]
    return "\n".join(out)


def fig_nif(r: Runner) -> str:
    """The NIF phrase of the tour corpus's first mention, as the writer gives it."""
    from bengal.io.nif.write import write_nif
    gen, _, _ = r.written("bench.ttl", **TOUR)
    doc = gen.corpus.documents[0]
    one = gen.corpus.with_documents([doc])
    buf = io.StringIO()
    write_nif(one, buf)
    m = doc.mentions[0]
    head = f"<{doc.uri}#char={m.begin},{m.end}>"
    text = buf.getvalue()
    start = text.index(head)
    end = text.index(" .\n", start) + 2
    return "```turtle\n" + text[start:end] + "\n```"


def _perturbed(gen: Any) -> Any:
    """The score example's "system": the first mention of the first 20 documents removed, the last
    document left out."""
    docs = []
    for i, d in enumerate(gen.corpus.documents[:-1]):
        docs.append(type(d)(d.uri, d.text, d.mentions[1:]) if i < 20 else d)
    return gen.corpus.with_documents(docs)


def fig_score_json(r: Runner) -> str:
    """The abbreviated ``bengal score --json`` example, with the values of a fresh run."""
    from bengal.io import write_corpus
    from bengal.workflows.score_files import score_files
    gen, _, gold = r.written("bench.ttl", **TOUR)
    pred = r.tmp / "pred.ttl"
    if not pred.exists():
        write_corpus(_perturbed(gen), pred)
    js = score_files(gold, pred).to_json()
    mi, ma, fb = js["micro"], js["macro"], js["f_beta"]
    w = next(x for x in js["warnings"] if x["code"] == "missing_document")
    last = gen.corpus.documents[-1]
    fn_last = len(last.mentions)
    si = js["set_info"]
    msg = re.sub(r"gold document \S+ is", "gold document … is", w["message"])
    out = [
        "```json",
        '{"system": "pred", "set": "bench", "inputs": {"gold": {"path": "bench.ttl", "documents": '
        f'{js["inputs"]["gold"]["documents"]}}}, "prediction": {{…}}}},',
        f' "set_info": {{"strategy": "{si["strategy"]}", "density_target": {si["density_target"]}, '
        f'"density": {si["density"]:.3f}, …}},',
        f' "task": "{js["task"]}", "match": "{js["match"]}", "documents": {js["documents"]},',
        f' "micro": {{"tp": {mi["tp"]}, "fp": {mi["fp"]}, "fn": {mi["fn"]}, "precision": {mi["precision"]}, '
        f'"recall": {mi["recall"]}, "f1": {mi["f1"]}}},',
        f' "macro": {{"precision": {ma["precision"]}, "recall": {ma["recall"]}, "f1": {ma["f1"]}}},',
        f' "warnings": [{{"code": "missing_document", "where": "{w["where"]}",',
        f'               "message": {json.dumps(msg, ensure_ascii=False)},',
        f'               "side": "{w.get("side")}"}}],',
        ' "conventions": {"zero_division": "…", "micro": "…", "macro": "…", "matching": "…", "task": "…", '
        '"uris": "…", "documents": "…", "profile": "…", …},',
        f' "profile": "{js["profile"]}", "f_beta": {{"beta": {fb["beta"]}, "micro": {fb["micro"]}, '
        f'"macro": {fb["macro"]}}},',
        ' "inkb": {"micro": {…}, "macro": {…}, "f_beta": {…}}, "ee": {"micro": {…}, "macro": {…}, "f_beta": {…}},',
        f' "gs_inkb": {json.dumps(js["gs_inkb"])} (D2KB only: GERBIL\'s GSInKB line),',
        ' "per_type": {"http://dbpedia.org/ontology/Band": {"tp": …, "fp": …, "fn": …, "precision": …, '
        '"recall": …, "f1": …}, …},',
        f' "ignored_predictions": {js["ignored_predictions"]}, "unscored_predictions": '
        f'{js["unscored_predictions"]}, "threshold": null, "sweep": null, "ci": null,',
        ' "errors": {"kinds": {"missed": …}, "kind_definitions": {…}, "documents_with_errors": …, '
        '"shown": …, "limit": 50,',
        '            "order": "…", "documents": [{"uri": …, "text": …, "tp": …, "fp": …, "fn": …, "f1": …,',
        '            "gold": [{"begin": …, "end": …, "surface": …, "uris": […], "type": …, "score": null,',
        '                      "outcome": "fn", "error": "missed"}, …], "prediction": […]}, …]}}',
        "```",
        "",
        f"Macro P is {ma['precision']:g}, not 1: the missing document has TP = FP = 0 and FN = {fn_last}, so",
        "its P is 0 under the zero-division rule above. With β = 1 (the default of `--beta`), `f_beta`",
        "equals F1.",
    ]
    return "\n".join(out)


def fig_sentences(r: Runner) -> str:
    """Sentences per document of each strategy (100 documents, seed 0, the defaults)."""
    parts = []
    for s in STRATEGIES:
        counts = Counter(r.generated(docs=100, seed=0, strategy=s).stats["sentences_per_document"])
        lo, hi = min(counts), max(counts)
        hist = ", ".join(f"{k}: {counts[k]}" for k in sorted(counts))
        parts.append(f"{s} {lo}–{hi} ({hist})")
    return ("Measured (`bengal generate --docs 100 --seed 0 --strategy NAME`, defaults 3–10; sentences: "
            "documents): " + "; ".join(parts) + ".")


def _md_table(head: list[str], rows: list[list[Any]]) -> str:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def fig_surface(r: Runner) -> str:
    """The ``--surface-forms`` table (100 documents, seed 1, density medium)."""
    rows = []
    for s in STRATEGIES:
        st = r.generated(**OPTION_RUN, strategy=s, surface_forms=True).stats
        sf = st["surface_forms"]
        by = sf["mentions_by_form"]
        n, other = st["mentions"], st["mentions"] - by["label"]
        amb_other = round(sf["ambiguous_share_other_forms"] * other) if other else 0
        amb_label = sf["ambiguous_mentions"] - amb_other
        extra = f", acronym {by['acronym']}" if by["acronym"] else ""
        rows.append([s, f"{other} of {n} ({by['family_name']}, {by['unqualified']}, {by['alt_label']}{extra})",
                     f"{100 * sf['ambiguous_share']:.1f} %", f"{100 * amb_label / by['label']:.1f} %",
                     f"{100 * sf['ambiguous_share_other_forms']:.1f} %"])
    return _md_table(["strategy", "mentions not the label (family name, unqualified, alt label)",
                      "ambiguous, all mentions", "ambiguous, label", "ambiguous, other forms"], rows)


def fig_pronouns(r: Runner) -> str:
    """The ``--pronouns`` table (100 documents, seed 1)."""
    rows = []
    for s in STRATEGIES:
        p = r.generated(**OPTION_RUN, strategy=s, pronouns=True, surface_forms=False).stats["pronouns"]
        g = p["gender_source"]
        rows.append([s, p["written"], g["foaf:gender"], g["first_name"], g["unknown"], g["class"]])
    return _md_table(["strategy", "pronouns", "foaf:gender", "first name", "unknown (they)",
                      "not a person (it)"], rows)


def fig_paraphrase(r: Runner) -> str:
    """The ``--paraphrase`` counts (100 documents, seed 1)."""
    parts = []
    for i, s in enumerate(STRATEGIES):
        st = r.generated(**OPTION_RUN, strategy=s, paraphrase=True, surface_forms=False).stats
        p = st["paraphrase"]
        ops = p["operations"]
        done = p["sentences_paraphrased"]
        total = done + p["sentences_not_paraphrased"]
        vals = ", ".join(str(ops[o]) for o in ("synonym", "voice", "reorder", "apposition"))
        if i == 0:
            parts.append(f"{s} {done} of {total} sentences paraphrased (synonym {ops['synonym']}, voice "
                         f"{ops['voice']}, reorder {ops['reorder']}, apposition {ops['apposition']})")
        else:
            parts.append(f"{s} {done} of {total} ({vals})")
    return "Measured (100 documents, seed 1): " + ", ".join(parts) + "."


def fig_options_density(r: Runner) -> str:
    """Density reached with each option and with all three (100 documents, seed 1, medium)."""
    rows = []
    for s in STRATEGIES:
        row: list[Any] = [s]
        for opts in ({"surface_forms": True}, {"pronouns": True, "surface_forms": False},
                     {"paraphrase": True, "surface_forms": False},
                     {"surface_forms": True, "pronouns": True, "paraphrase": True}):
            row.append(f"{r.generated(**OPTION_RUN, strategy=s, **opts).stats['density']:.3f}")
        rows.append(row)
    return _md_table(["strategy", "`--surface-forms`", "`--pronouns`", "`--paraphrase`", "all three"], rows)


def _shape(r: Runner, gen: Any) -> dict[str, Any]:
    """The measures of ``bengal stats`` of a generated corpus (docs/shape.md)."""
    from bengal.kb.names import name_index
    from bengal.shape.measures import measure_corpus
    return measure_corpus(gen.corpus, name_index(r.open())).values


def fig_mentions(r: Runner) -> str:
    """``--mentions``/``--literals`` before (``--mentions all --no-literals``) and after (the
    defaults): 100 documents, seed 0, density medium."""
    rows = []
    for s in ("star", "sym", "path"):
        before = r.generated(docs=100, seed=0, strategy=s, mentions="all", literals=False)
        after = r.generated(docs=100, seed=0, strategy=s)
        b, a = _shape(r, before), _shape(r, after)
        mm = after.stats["mention_mode"]
        rows.append([s, f"{b['mentions']} → {a['mentions']}",
                     f"{b['mentions_per_token']:.3f} → {a['mentions_per_token']:.3f}",
                     f"{b['tokens_per_sentence']:.2f} → {a['tokens_per_sentence']:.2f}",
                     f"{100 * b['type_other']:.1f} % → {100 * a['type_other']:.1f} %",
                     mm["concepts_as_text"], mm["facts_left_out"]])
    return _md_table(["strategy", "mentions", "mentions / token", "tokens / sentence",
                      "type \"other\" (concepts)", "concepts written as text", "facts left out"], rows)


def fig_literals(r: Runner) -> str:
    """Documents with a date (100 documents, seed 0, the defaults)."""
    n = [r.generated(docs=100, seed=0, strategy=s).stats["literals"]["documents_with_a_date"]
         for s in ("star", "sym", "path")]
    return (f"A date is written in {n[0]} (star), {n[1]} (sym) and {n[2]} (path) of 100 documents "
            "(`--seed 0`, the defaults).")


LEVELS = (("low", 0.15), ("medium", 0.18), ("high", 0.21))


def fig_density(r: Runner) -> str:
    """The reachable density range (targets 0.05 and 0.5, seed 1) and the presets (seeds 1 and 7)."""
    ranges = []
    for s in STRATEGIES:
        lo = r.generated(docs=100, seed=1, strategy=s, density=0.05).stats["density"]
        hi = r.generated(docs=100, seed=1, strategy=s, density=0.5).stats["density"]
        ranges.append(f"{s} {lo:.3f}–{hi:.3f}")
    rows, worst = [], (0.0, "", "")
    for s in STRATEGIES:
        row: list[Any] = [s]
        for level, target in LEVELS:
            got = [r.generated(docs=100, seed=seed, strategy=s, density=level).stats["density"] for seed in (1, 7)]
            row.append(", ".join(f"{g:.3f}" for g in got))
            for g in got:
                gap = (g - target) / target
                if abs(gap) > abs(worst[0]):
                    worst = (gap, s, level)
        rows.append(row)
    return ("Reachable range on the bundled sample (100 documents, seed 1, target 0.05 and 0.5): "
            + ", ".join(ranges) + ". Reached for the presets (100 documents, seeds 1 and 7):\n\n"
            + _md_table(["strategy", "low (0.15)", "medium (0.18)", "high (0.21)"], rows)
            + f"\n\nThe largest gap is {worst[1]} at {worst[2]}, {100 * worst[0]:+.1f} %. The tests assert ±15 % for "
            "every strategy and level on 100-document corpora (seed 4), and ±16 % for sym at low, whose floor rose "
            "when acts the KB types both a band and a person lost their class nouns (eighteenth session); "
            + ("every figure above is within that." if abs(worst[0]) <= 0.15 or
               (abs(worst[0]) <= 0.16 and worst[1:] == ("sym", "low")) else "not every figure above is within that."))


def fig_strategy_examples(r: Runner) -> str:
    """The first three documents of each strategy (100 documents, seed 1, density medium)."""
    out = []
    for s in STRATEGIES:
        docs = r.generated(**OPTION_RUN, strategy=s).corpus.documents[:3]
        out.append(f"**{s}**\n\n" + "\n>\n".join(f"> {d.text}" for d in docs))
    return "\n\n".join(out)


def fig_worked_mentions(r: Runner) -> str:
    """The mention count of the worked example's corpus (``--docs 100 --seed 7``)."""
    n = r.generated(docs=100, seed=7).stats["mentions"]
    return f"(`bengal generate --docs 100 --seed 7` writes {n} mentions.)"


def _dbr(uri: str) -> str:
    return "dbr:" + uri.removeprefix("http://dbpedia.org/resource/")


def fig_surface_example(r: Runner) -> str:
    """The second document of ``--strategy star --seed 1 --surface-forms`` with its mentions."""
    doc = r.generated(**OPTION_RUN, strategy="star", surface_forms=True).corpus.documents[1]
    parts = [f"`[{m.begin},{m.end})` {m.surface} → `{', '.join(_dbr(u) for u in sorted(m.uris))}`"
             for m in doc.mentions]
    return f"> {doc.text}\n\nmentions " + ", ".join(parts) + "."


PRONOUNS = {"he", "she", "it", "they", "his", "her", "its", "their"}


def _ordinal(n: int) -> str:
    """"1st", "2nd", "3rd", "4th", … "11th", "21st"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def fig_annotated_pronouns(r: Runner) -> str:
    """The first document from the sixth on of ``--strategy star --seed 1 --pronouns --annotate-pronouns``
    that has a pronoun mention: its first three sentences and its pronoun mentions."""
    docs = r.generated(**OPTION_RUN, strategy="star", pronouns=True, annotate_pronouns=True,
                       surface_forms=False).corpus.documents
    k, doc = next(((k, d) for k, d in enumerate(docs) if k >= 5
                   and any(m.surface.lower() in PRONOUNS for m in d.mentions)), (5, docs[5]))
    cut = [i for i in range(len(doc.text)) if doc.text.startswith(". ", i)]
    head = doc.text[:cut[2] + 1] + " …" if len(cut) >= 3 else doc.text
    ms = [m for m in doc.mentions if m.surface.lower() in PRONOUNS]
    spans = " and ".join(f"`[{m.begin},{m.end})`" for m in ms)
    names = sorted({m.surface for m in ms})
    uris = sorted({_dbr(u) for m in ms for u in m.uris})
    return (f"`--annotate-pronouns` makes them gold mentions with the antecedent's URI (for coreference-aware "
            f"systems); the {_ordinal(k + 1)} document of the same run then reads \"{head}\" with the mentions {spans} "
            f"{'/'.join(names)} → `{', '.join(uris)}`.")


#: The loop's commands as the README shows them (``{set}`` expanded for each generated set).
LOOP_SH = """# three generated sets, 100 documents each, seed 1: low and high density with every mention the entity's
# label, and high density with the surface forms a linker must resolve (the default: family names, places
# without their qualifier, altLabels)
bengal generate --docs 100 --density low --seed 1 --no-surface-forms -o low.ttl
bengal generate --docs 100 --density high --seed 1 --no-surface-forms -o high.ttl
bengal generate --docs 100 --density high --seed 1 --surface-forms -o high-sf.ttl
mkdir -p results
for set in low high high-sf; do
  bengal annotate $set.ttl --system baseline -o baseline-$set.ttl
  python examples/perturb_system.py corpus $set.ttl noisy-$set.ttl      # a stand-in second "system"
  bengal score $set.ttl baseline-$set.ttl --ci 1000 --json results/baseline-$set.json
  bengal score $set.ttl noisy-$set.ttl --ci 1000 --system-name noisy --json results/noisy-$set.json
done
# the benchmark everyone knows, beside them
bengal annotate conllpp --system baseline -o baseline-conllpp.conll
bengal score conllpp baseline-conllpp.conll --json results/baseline-conllpp.json
bengal report results/*.json -o report.html"""


def loop_commands() -> list[list[str]]:
    """:data:`LOOP_SH` as argument lists, the ``for`` loop unrolled (``mkdir`` left to the caller)."""
    lines = [ln.strip() for ln in LOOP_SH.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    body = lines[lines.index("for set in low high high-sf; do") + 1:lines.index("done")]
    before = lines[:lines.index("mkdir -p results")]
    after = lines[lines.index("done") + 1:]
    expanded = before + [ln.replace("$set", s) for s in ("low", "high", "high-sf") for ln in body] + after
    return [ln.split("#")[0].split() for ln in expanded]


def _run_loop(r: Runner) -> tuple[str, dict[str, Any]]:
    """The loop run as a user runs it (each command a process of its own, in an empty folder, the
    KB store and the baseline's dictionary already built): its stderr, the seconds (which vary)
    shown as ``…``, the cache folder as ``$BENGAL_CACHE``; and its ``results/*.json`` by file stem.
    Run once per :class:`Runner`."""
    if "loop" in r._runs:
        return r._runs["loop"]
    import glob
    import os
    import subprocess

    from bengal.annotate.baseline import load_baseline
    from bengal.kb.store import cache_dir

    load_baseline(r.open())  # built and cached before the loop, as on every run but a clone's first
    work = r.tmp / "loop"
    (work / "results").mkdir(parents=True, exist_ok=True)
    printed: list[str] = []
    for argv in loop_commands():
        if argv[0] == "bengal":
            argv = [sys.executable, "-m", "bengal", *argv[1:]]
        elif argv[0] == "python":
            argv = [sys.executable, str(REPO / argv[1]), *argv[2:]]
        argv = [a for pattern in argv
                for a in ([os.path.relpath(g, work) for g in sorted(glob.glob(str(work / pattern)))]
                          if "*" in pattern else [pattern])]
        ran = subprocess.run(argv, cwd=work, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
        if ran.returncode != 0:
            raise FigureError(f"the loop's {' '.join(argv)} failed: {ran.stderr.strip()}")
        printed += ran.stderr.splitlines()
    text = "\n".join(printed).replace(str(cache_dir()), "$BENGAL_CACHE")
    text = re.sub(r"baseline-dictionary-\S+\.pickle", "baseline-dictionary-….pickle", text)
    text = re.sub(r"\(median \d+\.\d+, max \d+\.\d+\)", "(median …, max …)", text)
    text = re.sub(r"\b\d+\.\d+ s\b", "… s", text)
    results = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted((work / "results").glob("*.json"))}
    r._runs["loop"] = (text, results)
    return r._runs["loop"]


def fig_loop(r: Runner) -> str:
    """The loop's commands and what they print on stderr (:func:`_run_loop`)."""
    text, _ = _run_loop(r)
    return "\n".join(["```sh", LOOP_SH, "```", "",
                      "What it prints on stderr (the score tables on stdout left out; the seconds, which vary, "
                      "as …):", "", "```", text, "```"])


def fig_loop_scores(r: Runner) -> str:
    """The report's summary figures of the loop: the baseline's micro F1 (with its bootstrap
    interval) per set, its error kinds on the surface forms, CoNLL++, the noisy system's range."""
    _, res = _run_loop(r)

    def f1(name: str) -> float:
        return float(res[name]["micro"]["f1"])

    def ci(name: str) -> str:
        lo, hi = res[name]["ci"]["micro"]["f1"]
        return f"[{lo:.4f}, {hi:.4f}]"

    kinds = res["baseline-high-sf"]["errors"]["kinds"]
    noisy = [f1(f"noisy-{s}") for s in ("low", "high", "high-sf")]
    points = round((f1("baseline-high") - f1("baseline-high-sf")) * 100)
    return (f"Here the baseline nearly solves the plain sets (F1 {f1('baseline-low'):.4f} {ci('baseline-low')} at "
            f"low density, {f1('baseline-high'):.4f} at high) and loses {points} points to the surface forms "
            f"({f1('baseline-high-sf'):.4f} {ci('baseline-high-sf')}: {kinds.get('missed', 0)} of its "
            f"{sum(kinds.values())} errors are mentions it never spotted); on CoNLL++ its NER F1 is "
            f"{f1('baseline-conllpp'):.4f}. The stand-in \"noisy\" system (the gold with 10 % of mentions "
            f"dropped, 8 % relinked, 5 % cut short) sits at {min(noisy):.3f}–{max(noisy):.3f}.")


@dataclass(frozen=True)
class Figure:
    """One figure block: ``make(runner)`` gives its Markdown; ``fast`` blocks (one 100-document run
    or less) are the ones ``tests/test_readme_figures.py`` checks on every test run."""

    make: Callable[[Runner], str]
    fast: bool


FIGURES: dict[str, Figure] = {
    "tour": Figure(fig_tour, True),
    "nif-example": Figure(fig_nif, True),
    "score-json": Figure(fig_score_json, True),
    "sentences": Figure(fig_sentences, False),
    "surface-forms": Figure(fig_surface, False),
    "pronouns": Figure(fig_pronouns, False),
    "paraphrase": Figure(fig_paraphrase, False),
    "options-density": Figure(fig_options_density, False),
    "mentions": Figure(fig_mentions, False),
    "literals": Figure(fig_literals, False),
    "density": Figure(fig_density, False),
    "strategy-examples": Figure(fig_strategy_examples, False),
    "worked-mentions": Figure(fig_worked_mentions, False),
    "surface-example": Figure(fig_surface_example, False),
    "annotated-pronouns": Figure(fig_annotated_pronouns, False),
    "loop": Figure(fig_loop, False),
    "loop-scores": Figure(fig_loop_scores, False),
}


def render(names: list[str], runner: Runner) -> dict[str, str]:
    """The block text of each of ``names`` (keys of :data:`FIGURES`)."""
    return {name: FIGURES[name].make(runner) for name in names}


def main(argv: list[str] | None = None) -> int:
    """The command line; returns the exit status (0; 1 for stale blocks under ``--check``; 2 for
    unreadable markers or unknown names)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="rewrite the pages' blocks in place")
    mode.add_argument("--check", action="store_true", help="exit 1 when a block differs from a fresh run")
    ap.add_argument("--only", help="comma-separated block names (default: all)")
    ap.add_argument("--readme", type=Path, action="append", dest="pages", metavar="PAGE",
                    help="a page to read and write (repeatable; default: the pages of PAGES)")
    args = ap.parse_args(argv)
    pages: list[Path] = args.pages or [REPO / page for page in PAGES]
    names = args.only.split(",") if args.only else list(FIGURES)
    unknown = [n for n in names if n not in FIGURES]
    where = ", ".join(str(p) for p in pages)
    try:
        if unknown:
            raise FigureError(f"unknown figure block {', '.join(unknown)} (known: {', '.join(FIGURES)})")
        if args.write or args.check:
            found = find_page_blocks(pages)
            bad = sorted(set(found) - set(FIGURES))
            if bad:
                raise FigureError(f"{found[bad[0]][0]}: unknown figure block {', '.join(bad)}")
            missing = [n for n in names if n not in found]
            if missing:
                raise FigureError(f"{where}: no figure block {', '.join(missing)}")
        with tempfile.TemporaryDirectory() as tmp:
            bodies = render(names, Runner(Path(tmp)))
        if not (args.write or args.check):
            for name, body in bodies.items():
                print(f"<!-- figures:{name} -->\n{body}\n<!-- /figures:{name} -->\n")
            return 0
        # read again: a page may have been edited while the corpora were made
        updated: dict[Path, tuple[str, list[str]]] = {}
        for page in pages:
            new, page_stale = replace_blocks(page.read_text(encoding="utf-8"), bodies, str(page))
            updated[page] = (new, page_stale)
    except FigureError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    stale = sorted(n for _, page_stale in updated.values() for n in page_stale)
    if args.check:
        if stale:
            for page, (_, page_stale) in updated.items():
                if page_stale:
                    print(f"stale figure blocks in {page}: {', '.join(page_stale)} "
                          "(python examples/readme_figures.py --write)", file=sys.stderr)
            return 1
        print(f"{len(names)} figure blocks current ({where})")
        return 0
    for page, (new, page_stale) in updated.items():
        if page_stale:
            tmp_path = page.with_name(page.name + ".tmp")
            tmp_path.write_text(new, encoding="utf-8")
            tmp_path.replace(page)
    print(f"rewrote {len(stale)} of {len(names)} figure blocks" + (f": {', '.join(stale)}" if stale else ""))
    return 0

if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    sys.exit(main())
