"""Build the bundled DBpedia sample (``kb/dbpedia-sample.nt.gz``) from its sources.

The sample merges small public DBpedia extracts into one graph of full, correctly encoded
English DBpedia IRIs (:mod:`bengal.kb.iri`): object triples from kelpie's DBpedia50 and
DB100K, LPBenchGen and FactBench; ``rdf:type`` with all superclasses from the DBpedia
ontology 2016-10; one ``rdfs:label`` per entity, FactBench's surface forms and dates,
BENGAL's ``foaf:gender``; the ontology's classes and properties. A rebuild from the same
sources gives the same bytes. ``kb/README.md`` documents the sources, licences, decisions
and counts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bengal.atomic import check_writable
from bengal.kb.sample.assemble import sample_lines, write_atomically
from bengal.kb.sample.builder import Builder
from bengal.kb.sample.factbench import read_factbench_csv, read_factbench_ttl
from bengal.kb.sample.sources import Sources

__all__ = ["build_sample"]


def build_sample(sources: Path, out: Path) -> dict[str, Any]:
    """Build the DBpedia sample from ``sources`` and write it to ``out``.

    Args:
        sources: a folder laid out like ``shared/data`` (see :data:`bengal.kb.sample.sources.SOURCE_FILES`).
        out: the gzipped N-Triples file to write (e.g. ``kb/dbpedia-sample.nt.gz``);
            written atomically (temporary file in the same folder, then rename).

    Returns:
        counts: ``triples``, ``bytes`` and ``sha256`` of the file, ``content_sha256``
        of the uncompressed N-Triples; ``entities``,
        ``typed_entities``, ``object_triples``, ``properties``, ``labels``,
        ``alt_labels``, ``genders``, ``birth_dates``, ``death_dates``,
        ``release_dates``, ``offices``, ``type_triples``, ``top_classes``,
        ``ontology`` (classes, properties, triples), per-source counts under
        ``sources`` and the dropped items by reason under ``dropped``.

    Raises:
        InputError: a source file is missing or cannot be read (the message names it).
        UsageError: ``out`` cannot be written (its folder is missing, or it is a folder).
    """
    sources, out = Path(sources), Path(out)
    check_writable(out)
    src = Sources(sources)
    src.check()
    b = Builder(src)
    b.read_ontology()
    b.read_dbpedia50()
    b.read_db100k()
    b.read_lpbenchgen()
    read_factbench_csv(b)
    read_factbench_ttl(b)
    b.read_genders()
    b.read_foreign_labels()
    lines, counts = sample_lines(b)
    digest, size, content_digest = write_atomically(lines, out)
    counts["triples"] = len(lines)
    counts["bytes"] = size
    counts["sha256"] = digest
    counts["content_sha256"] = content_digest
    counts["dropped"] = dict(sorted(counts["dropped"].items()))
    counts["sources"] = {k: dict(v) for k, v in sorted(counts["sources"].items())}
    counts["entities_with_asserted_class_by_source"] = {k: len(v) for k, v in sorted(b.type_sources.items())}
    counts["factbench_ambiguous_same_as"] = sorted(b.ambiguous_same_as)
    first = ("triples", "bytes", "sha256", "content_sha256", "entities", "typed_entities")
    last = ("ontology", "sources", "dropped", "factbench_ambiguous_same_as")
    ordered = {k: counts[k] for k in first}
    ordered.update((k, v) for k, v in counts.items() if k not in first and k not in last)
    ordered.update((k, counts[k]) for k in last)
    return ordered
