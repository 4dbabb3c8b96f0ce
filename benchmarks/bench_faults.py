"""Fault classes of issue 11 in generated text: sentences per class, per strategy (a table, not a test).

    python benchmarks/bench_faults.py [--docs N] [--seed S] [--mentions named|all] [--sentence-length short|news|N]

Generates N documents per strategy (star, sym, path, hybrid, summary) with every option
(--surface-forms, --paraphrase, --pronouns; density low and high) on the bundled KB and
counts the sentences that match each fault class's pattern.
"""

from __future__ import annotations

import argparse
import re
import time
from collections import Counter

from bengal.generate.config import GenerateConfig
from bengal.generate.pipeline import generate
from bengal.kb.store import open_kb

#: fault class → a pattern no sentence may match (the test suite keeps its own examples).
FAULTS: dict[str, re.Pattern] = {
    "article": re.compile(r"\ban (?:[bcdfgjkpqtvwyz]|eu|uni|one\b|one-|use|US\b|U\.S\.)"
                          r"|\ba (?!one\b|once\b|one-|[Ee]u)[aeiAEIO]\w"
                          r"|\ba (?!NATO|NASA|NASCAR|NAFTA|SWAT|SARS)[AEFHILMNORSX][A-Z]+\b"),
    "plural": re.compile(r"\b\w+(?:ieses|urses|ieses|cieses|rieses)\b|\b\w+[^e\s]eds of\b|\bpersons\b"),
    "possessive": re.compile(r"\b(?:Records|Philippines|States|Islands|Beatles|Brothers|Netherlands|Studios|"
                             r"Pictures|Bahamas|Airlines|Sons|Partners)'s\b"),
    "capitalised concept": re.compile(r"\b(?:is|was) an? (?:[a-z]+ )*(?!American|British|German|French)"
                                      r"(?:[a-z]+) [A-Z][a-z]+ (?:player|team|club)\b"
                                      r"|\b(?:is|was) an? (?:american|british|german|french|english)\b"),
    "label fallback": re.compile(r"\b[Tt]he \w+ed of\b|(?<!is )(?<!was )(?<!are )\bspoken in\b"),
    "mass noun": re.compile(r"\b(?:is|was) an? (?:royalty|nobility|clergy|music|software|military)(?=[.,;]|$)"),
    "list page": re.compile(r"\bLists? of\b"),
    "wrong subject class": re.compile(r"\b[Tt]he (?:music genre|genre|film|movie|album|single|song|company|"
                                      r"band|record label|television show) (?:plays the|worked as|lived in|"
                                      r"was born in|studied at|was married to)\b"),
    "definite name": re.compile(r"\b(?:in|of|from|to) (?!the )(?:[A-Z][a-z]+ )+(?:Republic|Empire)\b"),
    # --mentions named: a concept written as a name ("plays the Clarinet", "worked as Author",
    # "makes Cable television"), a vague type ("was an American person"), a voice as an instrument
    # (a proper adjective keeps its capital in a concept: "Latin pop", "Christian rock", Chicago 8.80; so does a
    # maker's name: "the Hammond organ")
    "concept as name": re.compile(r"\b(?:plays the|played the|worked as|makes|made|played as|genres?) "
                                  r"(?!(?:Latin|Christian|Celtic|African|Arabic|Irish|Scottish|English|American|"
                                  r"British|French|German|Italian|Spanish|Japanese|Chinese|Korean|Indian|Jewish|"
                                  r"Hammond)\b)"
                                  r"[A-Z][a-z]+(?: [a-z]+)*(?=[.,]| and\b)"),
    "vague type": re.compile(r"\b(?:is|was) an? (?:[A-Z]\w+ )?(?:person|agent)\."),
    "voice as instrument": re.compile(r"\bplay(?:s|ed) the (?:[Ss]inging|[Vv]ocals|[Hh]uman voice|[Vv]oice)\b"),
    # a template's "the" before a numbered or code name ("fought in the World War II")
    "article before a bare name": re.compile(r"\b[Tt]he (?:World War [IVX]+\b|Operation [A-Z])"),
    # one verb phrase as a relative clause and the main clause ("X, which is distributed by A, is distributed by B")
    "verb twice": re.compile(r", (?:which|who) ((?:is|was) \w+ (?:by|through|in|of|with)) [^,]+(?:, among others)?, "
                             r"(?:and )?\1\b"),
    # one verb opening two coordinated predicates of one subject ("Sky Radio Group operates in the mass media industry
    # and operates from Naarden", "served under Juliana and served alongside Prime Minister Zijlstra": a copy editor's
    # reading, twenty-first session); an auxiliary's predicates ("is a city in A and is home to B") are not this class
    "one verb, two predicates": re.compile(r"\b(?!(?:is|was|are|were|has|had|have|and|as)\b)([a-z]{3,}(?:s|ed)) "
                                           r"(?:in|from|with|for|under|alongside|on|at|to|as|by) [^.;]*? and \1 "
                                           r"(?:in|from|with|for|under|alongside|on|at|to|as|by)\b"),
    # a person named as their profession ("whose profession was an economist")
    "profession as a person": re.compile(r"\bprofessions? (?:is|was|are|were) an? [a-z]"),
    # a place taken part in: an event takes "the" unless it is numbered or a code name ("took part in Lithuania")
    "place taken part in": re.compile(r"\btook part in (?!the\b|World War [IVX]+\b|Operation [A-Z])[A-Z]"),
    # a name and a concept in the concepts' list wording ("works in the industries Cinema of Japan and video game")
    "name and concept in one list": re.compile(r"\bthe industries [A-Z][^.]* and [a-z]"),
    # an office as a key person ("Chief executive officer holds a key role at Hallmark Cards.", "… include chief
    # executive officer and President.": the KB's keyPerson names offices)
    "office as a person": re.compile(r"\b(?:[Cc]hief executive officer|[Cc]hairperson|[Gg]eneral manager|President)"
                                     r"(?: and [^.]*)? (?:holds?|held|is|was) (?:a )?key|key people[^.]* include "
                                     r"(?:[^.]*(?:, | and ))?(?:chief executive officer|chairperson|President\b)"),
    # the eighth session's new user's reading of --like rss500: a type as filler before a fact that places its
    # subject ("Conneaut, a city, is part of Ashtabula County."; now "Conneaut is a city in Ashtabula County.")
    "type as filler": re.compile(r"^[A-Z][^,.]*, an? (?:[a-z]+ ){0,2}[a-z]+, (?:is part of|forms part of|lies in|"
                                 r"lies within|is in|is situated in|is found in|is located in|is based in)\b"),
    # one noun for the subject's description and the object's class ("the company owns the company Carroll LLC")
    "one noun twice": re.compile(r"\b[Tt]he (\w+) (?:owns|belongs to|is owned by|is a subsidiary of) the \1 [A-Z]"),
    # a kind before a name that says it ("is situated in the city of New York City", "the town of Manalapan Township")
    "kind said twice": re.compile(r"\bthe (?:city|town|township|village|district|county|region) of "
                                  r"(?:[A-Z][\w'-]* )*(?:City|Town|Township|Village|District|County|Region)\b"),
    # the first clause's subject by name again after ", and" ("Postmedia Network operates in Ontario, and Thomas
    # Hernandez was a key person at Postmedia Network.")
    "subject named again": re.compile(r"^((?:[A-Z][\w.&'-]*)(?: [A-Z][\w.&'-]*)*),? [^.]*, and [^.]* \1\.$"),
}

#: fault classes read with each mention replaced by a mark of its own (a name may repeat a word:
#: "Gudda Gudda", "Sigue Sigue Sputnik"); the rest read the text as written
MASKED: dict[str, re.Pattern] = {
    # a word or two written twice: "Ipswich, a city a city, is part of Suffolk." (a paraphrased
    # apposition and the folded type sentence, 179 times in 300 like-reuters128 documents)
    # (not a pair that ends with "and" or "or": "country rock and rock and roll" names two genres)
    "doubled words": re.compile(r"\b((?!\w+ (?:and|or)\b)\w+(?: \w+)?) \1\b"),
}

SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
STRATEGIES = ("star", "sym", "path", "hybrid", "summary")


def sentences_of(corpus) -> list[tuple[str, str]]:
    """The corpus's sentences (split after a full stop before a capital), each with the same
    sentence in which every mention is a mark of its own ("Ⓜ0", "Ⓜ1", …)."""
    out: list[tuple[str, str]] = []
    for d in corpus.documents:
        mentions = sorted(d.mentions, key=lambda m: m.begin)
        starts = [0, *(m.end() for m in SPLIT.finditer(d.text))]
        ends = [*(m.start() for m in SPLIT.finditer(d.text)), len(d.text)]
        for b, e in zip(starts, ends, strict=True):
            masked, at = [], b
            for i, m in enumerate(mentions):
                if b <= m.begin and m.end <= e:
                    masked += [d.text[at:m.begin], f"Ⓜ{i}"]
                    at = m.end
            out.append((d.text[b:e], "".join(masked) + d.text[at:e]))
    return out


def configs(docs: int, seed: int, mentions: str | None = None,
            sentence_length: str | None = None, emerging: float | None = None) -> list[tuple[str, GenerateConfig]]:
    """Every strategy with every option, density low and high (``mentions``: ``--mentions``,
    ``sentence_length``: ``--sentence-length``, ``emerging``: ``--emerging``; ``None`` for the default, so
    that the script also runs on code without the option)."""
    extra: dict[str, str | float] = {} if mentions is None else {"mentions": mentions}
    if sentence_length is not None:
        extra["sentence_length"] = sentence_length
    if emerging is not None:
        extra["emerging"] = emerging
    out = []
    for strategy in STRATEGIES:
        for density in ("low", "high"):
            out.append((f"{strategy}/{density}", GenerateConfig(
                docs=docs, strategy=strategy, density=density, seed=seed, surface_forms=True,
                paraphrase=True, pronouns=True, **extra)))
    return out


def count_faults(sentences: list[tuple[str, str]]) -> tuple[Counter, dict[str, str]]:
    """Sentences per fault class, and one example of each (``sentences``: :func:`sentences_of`)."""
    counts: Counter = Counter()
    examples: dict[str, str] = {}
    for s, masked in sentences:
        for name, pattern in FAULTS.items():
            if pattern.search(s):
                counts[name] += 1
                examples.setdefault(name, s)
        for name, pattern in MASKED.items():
            if pattern.search(masked):
                counts[name] += 1
                examples.setdefault(name, s)
    return counts, examples


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=100)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--mentions", choices=("named", "all"), default=None, help="--mentions (default: the default)")
    ap.add_argument("--sentence-length", default=None, help="--sentence-length (default: the default)")
    ap.add_argument("--emerging", type=float, default=None, help="--emerging (default: the default)")
    args = ap.parse_args()
    kb = open_kb()
    total: Counter = Counter()
    examples: dict[str, str] = {}
    n = 0
    start = time.perf_counter()
    print(f"{'run':16} {'sentences':>9} " + " ".join(f"{k[:10]:>10}" for k in (*FAULTS, *MASKED)))
    for name, config in configs(args.docs, args.seed, args.mentions, args.sentence_length, args.emerging):
        sents = sentences_of(generate(kb, config).corpus)
        counts, ex = count_faults(sents)
        n += len(sents)
        total.update(counts)
        for k, v in ex.items():
            examples.setdefault(k, v)
        print(f"{name:16} {len(sents):>9} " + " ".join(f"{counts[k]:>10}" for k in (*FAULTS, *MASKED)))
    print(f"{'total':16} {n:>9} " + " ".join(f"{total[k]:>10}" for k in (*FAULTS, *MASKED)))
    print(f"({time.perf_counter() - start:.1f} s)")
    for k, v in examples.items():
        print(f"  {k}: {v}")


if __name__ == "__main__":
    main()
