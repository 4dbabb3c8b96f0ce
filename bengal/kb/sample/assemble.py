"""The sample's lines and file: every fact the builder holds as one sorted set of N-Triples lines,
written gzipped and atomically.

The lines are de-duplicated and sorted (UTF-8, one space between terms, ``\\n`` line ends);
the file is gzipped at :data:`GZIP_LEVEL` with ``mtime=0`` and no file name in the header, so
the same sources give the same bytes (with the same zlib build, see ``kb/README.md``).
"""

from __future__ import annotations

import gzip
import hashlib
from collections import Counter
from pathlib import Path
from typing import Any

from bengal.atomic import atomic_write
from bengal.kb.iri import label_from_local_name
from bengal.kb.sample.builder import FOAF_GENDER, RDFS_LABEL, SKOS_ALTLABEL, Builder
from bengal.kb.sample.multilingual import LABEL_LANGUAGES, MATCH_TIERS, REFUSALS, choose_labels, refusal
from bengal.rdf import DBO, DBR, RDF_TYPE, literal

__all__ = ["GZIP_LEVEL", "sample_lines", "write_atomically"]

GZIP_LEVEL = 9
"""Fixed gzip compression level of the sample (part of its byte-for-byte identity)."""


def sample_lines(b: Builder) -> tuple[list[str], dict[str, Any]]:
    """The sample's N-Triples lines, sorted and de-duplicated, and the builder's counts
    completed with what the lines hold.

    Adds the ``rdf:type`` closure of every asserted class (never ``owl:Thing``), one
    ``rdfs:label`` (the page title) per entity and the surface forms that differ from it, and
    per language of the label files one ``rdfs:label@lang`` and the alt forms as
    ``skos:altLabel@lang`` (:func:`bengal.kb.sample.multilingual.choose_labels`).

    Returns:
        ``(lines, counts)``: lines without their ``\\n``; ``counts`` is ``b.counts`` with
        ``entities``, ``object_triples``, ``top_classes`` and the other totals added.
    """
    counts = b.counts
    lines: set[str] = set(b.ontology_lines)
    object_triples: set[tuple[str, str, str]] = set()
    for source, triples in sorted(b.object_triples.items()):
        b.source_counts(source)["distinct triples"] = len(triples)
        object_triples |= triples
    entities: set[str] = set()
    properties: Counter[str] = Counter()
    for s, p, o in object_triples:
        lines.add(f"<{s}> <{p}> <{o}> .")
        entities.add(s)
        entities.add(o)
        properties[p] += 1
    for s, p, lit in b.literals:
        lines.add(f"<{s}> <{p}> {lit} .")
        entities.add(s)
    for s, lit in b.genders:
        lines.add(f"<{s}> <{FOAF_GENDER}> {lit} .")
        entities.add(s)
    # types: asserted classes and their superclasses (never owl:Thing)
    memo: dict[str, frozenset[str]] = {}
    type_triples = asserted_triples = 0
    typed: dict[str, set[str]] = {}
    for entity, classes in b.asserted.items():
        closure = set(classes)
        for cls in classes:
            closure |= b.ancestors(cls, memo)
        typed[entity] = closure
        asserted_triples += len(classes)
        type_triples += len(closure)
        entities.add(entity)
        for cls in closure:
            lines.add(f"<{entity}> <{RDF_TYPE}> <{cls}> .")
    unused = len(b.listed - entities)
    if unused:
        b.drop("entities.csv rows with no class in the 2016 ontology and no fact", unused)
    # labels: the page title of every entity; English surface forms that differ from it
    alt_count = 0
    alt_entities = 0
    for entity in entities:
        local = entity[len(DBR):]
        title = label_from_local_name(local)
        lines.add(f"<{entity}> <{RDFS_LABEL}> {literal(title, lang='en')} .")
    for entity, forms in b.alt_labels.items():
        if entity not in entities:
            # a node whose facts were all dropped: its labels alone make no entity
            b.drop("FactBench TTL: surface forms of an entity with no kept fact", len(forms))
            continue
        title = label_from_local_name(entity[len(DBR):])
        kept = [f for f in forms if f != title]
        if kept:
            alt_entities += 1
        for form in kept:
            lines.add(f"<{entity}> <{SKOS_ALTLABEL}> {literal(form, lang='en')} .")
            alt_count += 1

    foreign = _foreign_labels(b, entities, typed, lines)
    top = _top_classes(b, typed, entities)
    literal_counts = Counter(p[len(DBO):] for _, p, _ in b.literals)
    counts.update({
        "entities": len(entities),
        "typed_entities": len(typed),
        "entities_in_object_triples": len({x for s, _, o in object_triples for x in (s, o)}),
        "object_triples": len(object_triples),
        "properties": len(properties),
        "properties_not_in_ontology": sorted(p[len(DBO):] for p in properties
                                             if p not in b.object_properties),
        "asserted_type_triples": asserted_triples,
        "type_triples": type_triples,
        "labels": len(entities),
        "alt_labels": alt_count,
        "alt_label_entities": alt_entities,
        "genders": len(b.genders),
        "birth_dates": literal_counts["birthDate"],
        "death_dates": literal_counts["deathDate"],
        "release_dates": literal_counts["releaseDate"],
        "offices": literal_counts["office"],
        "top_classes": top,
        "labels_per_language": foreign,
        "top_properties": [(p[len(DBO):], n) for p, n in
                           sorted(properties.items(), key=lambda x: (-x[1], x[0]))[:20]],
    })
    return sorted(lines), counts


_COVERAGE_CLASSES = ("Person", "Organisation", "Place", "Work")


def _foreign_labels(b: Builder, entities: set[str], typed: dict[str, set[str]],
                    lines: set[str]) -> dict[str, Any]:
    """Add the de/es/fr/pt labels of the sample's entities to ``lines``; rows of an IRI that is
    no entity of the sample are counted as dropped.

    Returns:
        per language: ``labels`` (entities with an rdfs:label), ``alt_labels`` (triples),
        ``alt_only`` (entities with altLabels and no label), ``losing_candidates_not_kept``
        (label candidates that lost and are no alt form, :func:`choose_labels`), ``labels_by_match`` (the chosen
        label's tier, :data:`MATCH_TIERS` descriptions), ``labels_per_class`` (entities with a
        label among the instances of Person, Organisation, Place, Work), ``refused`` (rows that
        :func:`bengal.kb.sample.multilingual.refusal` refuses, per reason).
    """
    out: dict[str, dict[str, Any]] = {
        lang: {"labels": 0, "alt_labels": 0, "alt_only": 0, "losing_candidates_not_kept": 0,
               "labels_by_match": Counter(), "labels_per_class": Counter(), "refused": Counter()}
        for lang in LABEL_LANGUAGES}
    for entity, rows in sorted(b.foreign_labels.items()):
        if entity not in entities:
            b.drop("label files: rows of an IRI that is no entity of the sample", len(rows))
            continue
        classes = typed.get(entity, set())
        kept = []
        for r in rows:
            why = refusal(entity, r, DBO + "Place" in classes)
            if why is None:
                kept.append(r)
            else:
                out[r.lang]["refused"][why] += 1
                b.drop(f"label files: rows refused ({why})")
        rows = kept
        for lang, (best, alts, unkept) in choose_labels(rows).items():
            c = out[lang]
            if best is not None:
                lines.add(f"<{entity}> <{RDFS_LABEL}> {literal(best.label, lang=lang)} .")
                c["labels"] += 1
                c["labels_by_match"][MATCH_TIERS[best.tier][1]] += 1
                for cls in _COVERAGE_CLASSES:
                    if DBO + cls in classes:
                        c["labels_per_class"][cls] += 1
            else:
                c["alt_only"] += 1
            for form in alts:
                lines.add(f"<{entity}> <{SKOS_ALTLABEL}> {literal(form, lang=lang)} .")
            c["alt_labels"] += len(alts)
            c["losing_candidates_not_kept"] += len(unkept)
            if unkept:
                b.drop("label files: label candidates that lost and are no alt form (not kept)", len(unkept))
    for c in out.values():
        c["labels_by_match"] = {d: c["labels_by_match"][d] for _, d in MATCH_TIERS}
        c["labels_per_class"] = {cls: c["labels_per_class"][cls] for cls in _COVERAGE_CLASSES}
        c["refused"] = {why: c["refused"][why] for why in REFUSALS}
    return out


def _top_classes(b: Builder, typed: dict[str, set[str]], entities: set[str]) -> dict[str, Any]:
    """Entities per top class: the classes right under owl:Thing, with dbo:Agent
    split into its subclasses (Person, Organisation, …)."""
    agent = DBO + "Agent"
    tops = {c for c in b.classes
            if (not b.parents.get(c) and c != agent) or b.parents.get(c) == {agent}}
    main = ("Person", "Organisation", "Place", "Work")
    any_count: Counter[str] = Counter()
    exclusive: Counter[str] = Counter()
    combos: Counter[str] = Counter()
    for entity, closure in typed.items():
        mine = sorted(c[len(DBO):] for c in closure & tops)
        for c in mine:
            any_count[c] += 1
        if len(mine) > 1:
            exclusive["several top classes"] += 1
            combos["+".join(mine)] += 1
        elif mine and mine[0] in main:
            exclusive[mine[0]] += 1
        else:
            exclusive["other top class (or only Agent)"] += 1
    exclusive["untyped"] = len(entities) - len(typed)
    return {
        "any": dict(sorted(any_count.items(), key=lambda x: (-x[1], x[0]))),
        "exclusive": {k: exclusive[k] for k in (*main, "other top class (or only Agent)",
                                                "several top classes", "untyped")},
        "top_combinations": dict(sorted(combos.items(), key=lambda x: (-x[1], x[0]))[:8]),
    }


def write_atomically(lines: list[str], out: Path) -> tuple[str, int, str]:
    """Write the gzipped lines to ``out`` via a temporary file in the same folder.

    Returns the sha256 of the file, its size and the sha256 of the uncompressed
    N-Triples (which does not depend on the zlib build).
    """
    content = hashlib.sha256()
    with atomic_write(out, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=GZIP_LEVEL, mtime=0) as gz:
            batch = 20000
            for i in range(0, len(lines), batch):
                chunk = ("\n".join(lines[i:i + batch]) + "\n").encode("utf-8")
                content.update(chunk)
                gz.write(chunk)
    return hashlib.sha256(out.read_bytes()).hexdigest(), out.stat().st_size, content.hexdigest()
