"""NIF 2.0 (GERBIL layout) in Turtle and N-Triples: read (:mod:`.read`, one record per subject,
phrases in :mod:`.phrases`) and write (:mod:`.write`); the IRIs of both in :mod:`.iris`.

The format, every warning code and the writing layout: ``docs/formats/nif.md``.
"""

from bengal.io.nif.iris import (
    NIL_NAMESPACE,
    TYPE_NAMESPACE,
    document_uri,
    nil_iri,
    type_iris,
)
from bengal.io.nif.read import read_nif, stream_nif
from bengal.io.nif.write import write_nif

__all__ = ["read_nif", "stream_nif", "write_nif", "document_uri", "nil_iri", "type_iris", "NIL_NAMESPACE",
           "TYPE_NAMESPACE"]
