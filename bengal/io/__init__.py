"""Formats at the edge: every reader returns a :class:`~bengal.model.Corpus`, every writer takes one.

The formats are one registry (:mod:`bengal.io.formats`): NIF 2.0 in Turtle (``nif``) and
N-Triples (``nt``), JSON Lines (``jsonl``) and CoNLL columns (``conll``), written and read; read
only: AIDA/CoNLL-YAGO TSV, ELEVANT JSONL, the Wikipedia-datasets XML and IITB
(:mod:`bengal.io.wikixml`), Microposts 2014 (:mod:`bengal.io.microposts`), conlleval files; historic
NIF leniently (:mod:`bengal.io.lenient`). Their rules are in ``docs/formats/``.
Beside them: the manifest every written corpus gets (:mod:`bengal.io.manifest`),
owl:sameAs link files (:mod:`bengal.io.same_as`), LLM answer files (:mod:`bengal.io.answers`,
:mod:`bengal.io.tagged`) and offset converters (:mod:`bengal.io.offsets`). The layer never
imports :mod:`bengal.score`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bengal.lazy import load_attribute

if TYPE_CHECKING:
    from bengal.io._source import WARNING_CODES, file_stem
    from bengal.io.conll import read_conll, write_conll
    from bengal.io.formats import (
        FORMATS,
        ConllOptions,
        Format,
        detect_format,
        get_format,
        output_format,
        read_corpus,
        write_corpus,
    )
    from bengal.io.jsonl import read_jsonl, write_jsonl
    from bengal.io.manifest import manifest_path, write_with_manifest
    from bengal.io.nif import read_nif, write_nif

__all__ = ["read_corpus", "write_corpus", "detect_format", "output_format", "get_format", "FORMATS", "Format",
           "ConllOptions", "manifest_path", "write_with_manifest", "read_nif", "write_nif", "read_jsonl",
           "write_jsonl", "read_conll", "write_conll", "WARNING_CODES", "file_stem"]

#: Where each lazily loaded public name lives (PEP 562: a submodule is imported on first use of its name).
_LAZY = {
    "WARNING_CODES": "bengal.io._source",
    "file_stem": "bengal.io._source",
    "read_conll": "bengal.io.conll",
    "write_conll": "bengal.io.conll",
    "FORMATS": "bengal.io.formats",
    "ConllOptions": "bengal.io.formats",
    "Format": "bengal.io.formats",
    "detect_format": "bengal.io.formats",
    "get_format": "bengal.io.formats",
    "output_format": "bengal.io.formats",
    "read_corpus": "bengal.io.formats",
    "write_corpus": "bengal.io.formats",
    "read_jsonl": "bengal.io.jsonl",
    "write_jsonl": "bengal.io.jsonl",
    "manifest_path": "bengal.io.manifest",
    "write_with_manifest": "bengal.io.manifest",
    "read_nif": "bengal.io.nif",
    "write_nif": "bengal.io.nif",
}


def __getattr__(name: str) -> Any:
    """Import the submodule of a public name on its first use (PEP 562), so importing the package is cheap."""
    return load_attribute(__name__, _LAZY, globals(), name)
