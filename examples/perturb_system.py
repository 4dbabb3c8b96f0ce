"""A stand-in "system" for the worked examples (README, docs/conllpp-llm.md): the gold with seeded edits. Not a model.

    python examples/perturb_system.py answers prompts.jsonl answers.jsonl   # from `bengal prompts --with-target`
    python examples/perturb_system.py corpus bench.ttl bench-system.ttl      # any corpus file bengal reads

answers: each gold answer ("target") with edits an LLM makes: 10% of the entity tags removed, 8% given
another tag, 3% of the answers with a doubled space (altered whitespace), 1% left without <response>.
corpus: 10% of the mentions removed, 8% linked to another entity (URI of another mention), 5% cut by one
character at the end. The edits are seeded (random.Random(SEED), default 1): the same input gives the
same output.
"""

from __future__ import annotations

import json
import random
import re
import sys

from bengal.io import read_corpus, write_corpus
from bengal.model import Mention

TAGS = ("person", "organization", "location", "miscellaneous")


def perturb_answer(target: str, rng: random.Random) -> str:
    def edit(m: re.Match) -> str:
        tag, inner = m.group(1), m.group(2)
        x = rng.random()
        if x < 0.10:
            return inner
        if x < 0.18:
            tag = rng.choice([t for t in TAGS if t != tag])
        return f"<{tag}>{inner}</{tag}>"

    out = re.sub(r"<(person|organization|location|miscellaneous)>(.*?)</\1>", edit, target)
    if rng.random() < 0.03:
        out = out.replace(" ", "  ", 1)
    if rng.random() < 0.01:
        out = out.replace("<response>", "").replace("</response>", "")
    return out


def perturb_corpus(src: str, dst: str, rng: random.Random) -> None:
    corpus = read_corpus(src)
    uris = sorted({u for d in corpus for m in d.mentions for u in m.uris})
    docs = []
    for d in corpus:
        kept = []
        for m in d.mentions:
            x = rng.random()
            if x < 0.10:
                continue
            if x < 0.18 and uris:
                m = Mention(m.begin, m.end, m.surface, frozenset({rng.choice(uris)}), m.type)
            elif x < 0.23 and m.end - m.begin > 1:
                m = Mention.in_text(d.text, m.begin, m.end - 1, m.uris, m.type)
            kept.append(m)
        docs.append(type(d)(d.uri, d.text, tuple(kept)))
    write_corpus(corpus.with_documents(docs), dst)


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[0] not in ("answers", "corpus"):
        print(__doc__, file=sys.stderr)
        return 2
    rng = random.Random(int(argv[3]) if len(argv) > 3 else 1)
    if argv[0] == "corpus":
        perturb_corpus(argv[1], argv[2], rng)
        return 0
    with open(argv[1], encoding="utf-8") as fin, open(argv[2], "w", encoding="utf-8") as fout:
        for line in fin:
            rec = json.loads(line)
            fout.write(json.dumps({"id": rec["id"], "answer": perturb_answer(rec["target"], rng)}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
