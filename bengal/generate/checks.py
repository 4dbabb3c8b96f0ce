"""Gold checks run on every generated corpus before anything is written.

1. every mention's surface equals ``text[begin:end]`` and lies inside the text;
2. no two mentions of a document overlap (the generator writes no nested mentions);
3. every URI is an entity of the KB (it has an English ``rdfs:label`` there), except made-up
   emerging entities (:mod:`bengal.generate.emerging`), which must NOT be in the KB; a URI
   that cannot be written in SPARQL (:func:`bengal.kb.sparql.is_sparql_iri`; the KBs skip
   such IRIs, so the generator never gets one) is not asked about but fails the check;
4. the corpus round-trips unchanged through every writer and reader
   (NIF Turtle, NIF N-Triples, JSONL).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import cast

from bengal.errors import GoldError
from bengal.generate.emerging import is_emerging
from bengal.io.formats import read_corpus, write_corpus
from bengal.kb.sparql import PREFIXES, SparqlKB, is_sparql_iri, values
from bengal.model import Corpus

__all__ = ["check_gold", "ROUND_TRIP_FORMATS"]

#: (format name, file suffix) of every writer the round-trip check exercises.
ROUND_TRIP_FORMATS = (("nif", ".ttl"), ("nt", ".nt"), ("jsonl", ".jsonl"))


def check_gold(corpus: Corpus, kb: SparqlKB) -> dict[str, int]:
    """Run the gold checks; return what was checked as counts.

    Raises:
        GoldError: naming the document and mention at the first failed check.
    """
    mentions = 0
    for doc in corpus.documents:
        prev_end = -1
        for m in doc.mentions:
            if not (0 <= m.begin < m.end <= len(doc.text)) or doc.text[m.begin:m.end] != m.surface:
                raise GoldError(f"{doc.uri}: mention [{m.begin},{m.end}) {m.surface!r} is not text[begin:end]")
            if m.begin < prev_end:
                raise GoldError(f"{doc.uri}: mention [{m.begin},{m.end}) overlaps the mention before it")
            if not m.uris:
                raise GoldError(f"{doc.uri}: mention [{m.begin},{m.end}) has no URI")
            prev_end = m.end
            mentions += 1
    all_uris = sorted({u for d in corpus.documents for m in d.mentions for u in m.uris})
    uris = [u for u in all_uris if not is_emerging(u)]
    emerging = [u for u in all_uris if is_emerging(u)]
    known = _with_label(kb, uris)
    missing = [u for u in uris if u not in known]
    if missing:
        raise GoldError(f"{len(missing)} gold URIs are not entities of the KB, e.g. {missing[0]}")
    in_kb = sorted(_with_label(kb, emerging))
    if in_kb:
        raise GoldError(f"{len(in_kb)} emerging-entity URIs are entities of the KB, e.g. {in_kb[0]}")
    _round_trip(corpus)
    return {"documents": len(corpus.documents), "mentions": mentions, "uris_checked": len(uris),
            "emerging_uris_checked": len(emerging), "round_trips": len(ROUND_TRIP_FORMATS)}


def _with_label(kb: SparqlKB, uris: list[str]) -> set[str]:
    """The URIs of ``uris`` that have an English ``rdfs:label`` in the KB (never one that
    cannot be written in SPARQL: it is not asked about)."""
    known: set[str] = set()
    writable = [u for u in uris if is_sparql_iri(u)]
    for start in range(0, len(writable), 500):
        chunk = writable[start : start + 500]
        rows = kb.select("# gold check: URIs with an English label\n" + PREFIXES +
                         f"SELECT ?e WHERE {{ {values('e', chunk)} " '?e rdfs:label ?l . FILTER(LANG(?l) = "en") }')
        known.update(r[0] for r in cast("list[tuple[str]]", rows))  # ?e is bound in every row
    return known


def _round_trip(corpus: Corpus) -> None:
    with tempfile.TemporaryDirectory(prefix="bengal-check-") as tmp:
        for fmt, suffix in ROUND_TRIP_FORMATS:
            path = Path(tmp) / f"corpus{suffix}"
            write_corpus(corpus, path, fmt)
            back = read_corpus(path, fmt, strict=True)
            if len(back.documents) != len(corpus.documents):
                raise GoldError(f"round trip through {fmt} gave {len(back.documents)} documents, "
                                f"expected {len(corpus.documents)}")
            docs = back.by_uri()
            for a in corpus.documents:
                if docs.get(a.uri) != a:
                    raise GoldError(f"{a.uri}: the document changes in a round trip through {fmt}")
