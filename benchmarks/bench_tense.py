"""Tense of what generated English text says about people, by what the KB says of their death (a table,
not a test; issues 11 and 13).

    python benchmarks/bench_tense.py FILE.jsonl [FILE.jsonl ...]

For each sentence that opens with a person's mention (its gold type under ``dbo:Person``: the class the
generator chose), the wording after the mention is sorted into a type sentence ("X is a N.", "X was a
N.", "X is known as a N.") or a fact in the present or the past, and counted by the person's status in
the bundled KB, asked here by SPARQL: "dead or born before 1900" (a ``dbo:deathDate``, ``deathPlace``,
``deathYear``, ``deathCause`` or ``restingPlace``, or a ``birthDate`` before 1900) or "unknown" (may be
alive or dead). Make the files with ``bengal generate --docs 1000 --seed 3 -o FILE.jsonl`` at two
commits to compare them.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter

from bengal.generate.kbview import load_ontology
from bengal.kb.sparql import DBO, PREFIXES
from bengal.kb.store import open_kb

DEATH = ("deathDate", "deathPlace", "deathYear", "deathCause", "restingPlace")
PRESENT = re.compile(r" (is|plays|lives|comes from|makes|stars|has|sits in|chairs|belongs) ")
PAST = re.compile(r" (was|played|lived|came from|made|starred|had|sat in|chaired|belonged|worked|recorded|married) ")
TYPE = r" {verb} an? [^.]*\."
NOT_TYPE = r" {verb} an? [^.]* (of|at|in|to|for|with) "  # "X is a member of Y": a fact


def kind(rest: str) -> str | None:
    """What the text after a person's mention at a sentence start is, or ``None``."""
    if re.match(r" is known as an? ", rest):
        return "type: is known as"
    for verb in ("is", "was"):
        if re.match(TYPE.format(verb=verb), rest) and not re.match(NOT_TYPE.format(verb=verb), rest):
            return f"type: {verb} a"
    if PRESENT.match(rest):
        return "fact: present" if not rest.startswith(" is buried") else "fact: is buried"
    if PAST.match(rest):
        return "fact: past"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    kb = open_kb()
    persons = load_ontology(kb).subclasses([DBO + "Person"])
    death = " ".join(f"dbo:{p}" for p in DEATH)
    known = {u for (u,) in kb.select(PREFIXES + f"""SELECT DISTINCT ?e WHERE {{ VALUES ?p {{ {death} }}
        ?e ?p ?x . ?e a dbo:Person }}""")}
    known |= {u for u, b in kb.select(PREFIXES + "SELECT ?e ?b WHERE { ?e a dbo:Person ; dbo:birthDate ?b }")
              if re.match(r"\d{4}", b) and int(b[:4]) < 1900}
    rows: dict[str, Counter] = {}
    for path in args.files:
        counts: Counter = Counter()
        with open(path, encoding="utf-8") as f:
            for line in f:
                doc = json.loads(line)
                text = doc["text"]
                for m in doc["mentions"]:
                    if m["type"] not in persons or not m["uris"]:
                        continue
                    if m["begin"] and text[m["begin"] - 2:m["begin"]] != ". ":
                        continue
                    found = kind(text[m["end"]:])
                    if found:
                        status = "dead or born before 1900" if m["uris"][0] in known else "unknown"
                        counts[(status, found)] += 1
        rows[path] = counts
    keys = sorted({k for c in rows.values() for k in c})
    print("| person's status | wording | " + " | ".join(rows) + " |")
    print("|---|---|" + "---:|" * len(rows))
    for status, found in keys:
        print(f"| {status} | {found} | " + " | ".join(str(c[(status, found)]) for c in rows.values()) + " |")


if __name__ == "__main__":
    main()
