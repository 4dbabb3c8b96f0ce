"""OKE's DUL entity classes ↔ DBpedia classes, so that a DBpedia-typed answer can score ETyping against
OKE gold.

OKE 2015/2016 task-1 gold types its entities with four DOLCE+DnS Ultralite classes (``oke:X a
dul:Person``; GERBIL's ``OKE_Task1`` whitelists exactly ``dul:Person``, ``dul:Organization``,
``d0:Location``, ``dul:Role``). GERBIL does not translate: its hierarchical measure climbs only the
DUL and d0 hierarchies it loads (``gerbil_data/resources/hierarchies``), so an answer typed
``dbo:Person`` scores 0 there. bengal's default profile reads an answer's ``dbo:`` classes as the OKE
class of their nearest ``dbo:`` super-class named in the shipped map
(``bengal/data/oke_dul_dbpedia.tsv``, its provenance per row): ``dbo:Person`` → ``dul:Person``,
``dbo:Organisation`` → ``dul:Organization``, ``dbo:Place`` → ``dul:Place`` or ``d0:Location``
(whichever spelling the gold uses; so ``dbo:City``, under ``dbo:Place``, is a place);
``dul:Role`` has no DBpedia class. Under ``--profile gerbil`` nothing is translated, as in GERBIL.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from bengal.model import Corpus, Document, Mention
from bengal.typemap import TypeMap

__all__ = ["OKE_CLASSES", "oke_class_map", "translate_to_oke", "oke_translator", "OKE_TYPES_DEFINITION"]

_TABLE = Path(__file__).resolve().parent.parent / "data" / "oke_dul_dbpedia.tsv"

#: One line for the conventions.
OKE_TYPES_DEFINITION = ("OKE gold types (DUL classes): the answer's dbo: classes read as the OKE class of their "
                        "nearest dbo: super-class in bengal/data/oke_dul_dbpedia.tsv (dbo:Person → dul:Person, "
                        "dbo:Organisation → dul:Organization, dbo:Place → dul:Place or d0:Location, as the gold "
                        "spells it); GERBIL does not translate")


def oke_class_map() -> dict[str, list[str]]:
    """``{DBpedia class IRI: [OKE (DUL / d0) class IRIs]}`` of the shipped table, in its order."""
    out: dict[str, list[str]] = {}
    with open(_TABLE, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            oke, dbo, _provenance = line.rstrip("\n").split("\t")
            out.setdefault(dbo, []).append(oke)
    return out


#: The OKE classes the table maps to.
OKE_CLASSES = frozenset(c for cs in oke_class_map().values() for c in cs)

_MAP: TypeMap | None = None


def _nearest_mapped() -> TypeMap:
    """A dbo: class → the nearest mapped DBpedia class above it (itself included), else ``""``."""
    global _MAP
    if _MAP is None:
        _MAP = TypeMap({dbo: dbo for dbo in oke_class_map()}, default="")
    return _MAP


def translate_to_oke(gold: Corpus, pred: Corpus) -> tuple[Corpus, int]:
    """``(pred, n)``: when some gold mention is typed with an OKE class (:data:`OKE_CLASSES`), a copy
    of ``pred`` whose ``dbo:`` types that fall under a mapped DBpedia class are replaced by that
    class's OKE spellings the gold uses (a type field of several space-separated IRIs is translated
    IRI by IRI; other types are kept), and the number ``n`` of predicted mentions changed.
    Otherwise ``(pred, 0)``, ``pred`` itself."""
    translate = oke_translator(gold)
    if translate is None:
        return pred, 0
    changed = 0
    docs = []
    for d in pred.documents:
        doc, n = translate(d)
        changed += n
        docs.append(doc)
    if not changed:
        return pred, 0
    return pred.with_documents(docs), changed


def oke_translator(gold: Corpus) -> Callable[[Document], tuple[Document, int]] | None:
    """The document-by-document form of :func:`translate_to_oke`: None when no gold mention is typed
    with an OKE class, else a function ``document -> (translated document, predicted mentions changed)``."""
    used = {t for d in gold for m in d.mentions if m.type for t in m.type.split() if t in OKE_CLASSES}
    if not used:
        return None
    table = {dbo: [c for c in cs if c in used] for dbo, cs in oke_class_map().items()}
    nearest = _nearest_mapped()

    def translate(t: str) -> list[str]:
        return table.get(nearest(t)) or [t]

    def document(d: Document) -> tuple[Document, int]:
        changed = 0
        ms = []
        for m in d.mentions:
            if m.type:
                parts = m.type.split()
                new = " ".join(dict.fromkeys(x for t in parts for x in translate(t)))
                if new != " ".join(parts):
                    changed += 1
                    m = Mention(m.begin, m.end, m.surface, m.uris, new, m.score)
            ms.append(m)
        return (Document(d.uri, d.text, tuple(ms)), changed) if changed else (d, 0)

    return document
