"""``bengal kb info``: the counts of a KB, by SPARQL (so any backend can answer).

The counts take about 16 s on the bundled sample (10 s of it the label pools per language; the
object-triple counts read the dbo: predicates' triples only, by the store's predicate counts), so
for a store bengal built they are kept in its folder (:meth:`bengal.kb.store.KB.cached_json`, the
file name holds a digest of the code that counts) and the next run reads them.
"""

from __future__ import annotations

import os
import time
from typing import Any, Callable, cast

from bengal.digest import code_digest
from bengal.kb import nameable
from bengal.kb.nameable import label_languages, language_pools
from bengal.kb.sparql import DBO, DBR, PREFIXES, values

__all__ = ["kb_info", "render_kb_info", "TOP_CLASSES"]

#: Classes whose instance counts ``kb info`` lists.
TOP_CLASSES = ("Person", "Organisation", "Place", "Work", "Species", "Event")


def _code_digest() -> str:
    return code_digest(__file__, nameable.__file__)


def kb_info(kb_path: str | os.PathLike[str] | None = None, *, status: Callable[[str], None] | None = None,
            progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Counts of the KB at ``kb_path`` (``None``: the bundled sample), read from the store's folder
    when an earlier run kept them there (module docstring).

    Args:
        kb_path: as :func:`bengal.kb.store.open_kb`.
        status: told what a wait is for (the store build on first use, counting the KB).
        progress: the store build's progress (:func:`bengal.kb.store.open_kb`).

    Returns:
        ``{"source", "snapshot", "sha256", "triples", "entities", "object_triples",
        "properties", "classes", "entities_per_class": {class: n}}``; entities are
        the ``dbr:`` IRIs with an English label.

    Raises:
        bengal.errors.InputError: as :func:`bengal.kb.store.open_kb`.
    """
    from bengal.kb.store import open_kb

    kb = open_kb(kb_path, status=status, progress=progress)
    info: dict[str, Any] = {"source": kb.source, "snapshot": kb.snapshot, "sha256": kb.checksum}
    folder = kb.folder
    kept = folder is not None and (folder / f"bengal-kb-info-{_code_digest()}.json").is_file()
    if status is not None and not kept:
        status(f"counting the KB's entities, classes and labels ({len(kb):,} triples; "
               f"{'kept for the next run' if folder is not None else 'every run for a store folder'})")
    start = time.perf_counter()
    info.update(kb.cached_json(f"bengal-kb-info-{_code_digest()}.json", lambda: _counts(kb)))
    if status is not None and not kept:
        status(f"counted in {time.perf_counter() - start:.1f} s")
    return info


def _counts(kb: Any) -> dict[str, Any]:
    """Everything of :func:`kb_info` but the KB's source, snapshot and checksum."""
    def count(where: str) -> int:
        rows = cast("list[tuple[str]]", kb.select(PREFIXES + f"SELECT (COUNT(*) AS ?n) WHERE {{ {where} }}"))
        return int(rows[0][0])  # COUNT is always bound

    # the dbo: properties with IRI objects, from the store's predicate counts (kept with it), so that the
    # object-triple count reads those predicates' triples only (2 s on the bundled sample; a scan of
    # every triple, filtered on the predicate, took 17 s for the two counts)
    predicates = sorted(p for p in kb.predicate_counts() if p.startswith(DBO))
    objects, properties = 0, 0
    if predicates:
        row = kb.select(PREFIXES + f"""SELECT (COUNT(*) AS ?n) (COUNT(DISTINCT ?p) AS ?k) WHERE {{
            {values('p', predicates)} ?s ?p ?o . FILTER(isIRI(?o) && STRSTARTS(STR(?s), "{DBR}")) }}""")[0]
        objects, properties = int(row[0]), int(row[1])  # COUNTs are always bound
    info: dict[str, Any] = {
        "triples": len(kb),
        "entities": count(f'?e rdfs:label ?l . FILTER(STRSTARTS(STR(?e), "{DBR}") && LANG(?l) = "en")'),
        "object_triples": objects,
        "properties": properties,
        "classes": count("?c a owl:Class"),
        "entities_per_class": {c: count(f"?e a <{DBO}{c}>") for c in TOP_CLASSES},
    }
    tags = sorted((t for t in label_languages(kb) if t), key=lambda t: t != "en")
    pools = language_pools(kb, tags, facts=False)
    info["languages"] = {
        t: {"labelled": p.labelled, "share": p.labelled / info["entities"] if info["entities"] else 0.0,
            "nameable": p.entities, "person_fallback": p.person_fallback, "per_class": p.per_class}
        for t, p in pools.items()}
    return info


def render_kb_info(info: dict[str, Any]) -> str:
    """The counts as aligned text lines."""
    lines = [f"{'source':<16}{info['source']}", f"{'snapshot':<16}{info['snapshot']}"]
    for key in ("triples", "entities", "object_triples", "properties", "classes"):
        lines.append(f"{key.replace('_', ' '):<16}{info[key]:>10,}")
    lines.append("entities per class:")
    for cls, n in info["entities_per_class"].items():
        lines.append(f"  dbo:{cls:<14}{n:>10,}")
    if info.get("languages"):
        lines.append("entity labels per language (nameable: with persons by their English title):")
        for tag, x in info["languages"].items():
            line = f"  @{tag:<14}{x['labelled']:>10,}  {100 * x['share']:5.1f} %"
            if x["person_fallback"]:
                line += f"  nameable {x['nameable']:,} ({x['person_fallback']:,} persons by English title)"
            lines.append(line)
    return "\n".join(lines)
