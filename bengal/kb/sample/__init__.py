"""The bundled DBpedia sample's builder (``bengal kb build``): a one-off tool beside the runtime KB code.

:func:`build_sample` rebuilds ``kb/dbpedia-sample.nt.gz`` from its sources, byte for byte.
"""

from bengal.kb.sample.build import build_sample

__all__ = ["build_sample"]
