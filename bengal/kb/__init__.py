"""Knowledge bases: the embedded store (:mod:`bengal.kb.store`) and remote SPARQL
endpoints (:mod:`bengal.kb.endpoint`), both answering ``select(query)``.

:func:`open_source` is where the choice between them is made.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bengal.kb.endpoint import RemoteKB
    from bengal.kb.store import KB

__all__ = ["open_source", "remote_source"]


def open_source(kb_path: str | os.PathLike[str] | None = None, endpoint: str | None = None,
                graph: str | None = None, timeout: float | None = None, retries: int | None = None,
                page_size: int | None = None, lenient: bool = False) -> "KB | RemoteKB":
    """Open the KB to generate from: an embedded store or a SPARQL endpoint.

    Args:
        kb_path: a dump or store folder (see :func:`bengal.kb.store.open_kb`);
            ``None`` (and no ``endpoint``) for the bundled DBpedia sample.
        endpoint: a SPARQL endpoint URL, e.g. ``https://dbpedia.org/sparql``.
        graph: with ``endpoint``: the default graph IRI to query.
        timeout: seconds one query may take: with ``endpoint`` one HTTP answer (default 60),
            else one query over the embedded store (default 300).
        retries: with ``endpoint``: retries after 5xx, 429, time-outs, dropped
            connections (default 3).
        page_size: with ``endpoint``: rows per page (default 10,000, DBpedia's cap).
        lenient: without ``endpoint``: skip and count the bad lines of an N-Triples dump.

    Returns:
        a :class:`bengal.kb.store.KB` or a :class:`bengal.kb.endpoint.RemoteKB`;
        opening an endpoint sends no request yet.

    Raises:
        UsageError: ``kb_path`` and ``endpoint`` together, endpoint options
            without ``endpoint``, or malformed endpoint options.
        InputError: an unusable ``kb_path`` (as :func:`bengal.kb.store.open_kb`).
    """
    remote = remote_source(kb_path, endpoint, graph, timeout, retries, page_size, lenient)
    if remote is not None:
        return remote
    from bengal.kb.store import open_kb

    return open_kb(kb_path, timeout=timeout, lenient=lenient)


def remote_source(kb_path: str | os.PathLike[str] | None = None, endpoint: str | None = None,
                  graph: str | None = None, timeout: float | None = None, retries: int | None = None,
                  page_size: int | None = None, lenient: bool = False) -> "RemoteKB | None":
    """The endpoint of :func:`open_source`'s arguments, or ``None`` when they name no
    endpoint (the embedded store is then opened later, by whoever needs it). Checks
    the arguments and sends no request.

    Raises:
        UsageError: as :func:`open_source`.
    """
    from bengal.errors import UsageError

    if endpoint is None:
        given = [name for name, value in (("--graph", graph), ("--retries", retries),
                                          ("--page-size", page_size)) if value is not None]
        if given:
            raise UsageError(f"{', '.join(given)} only apply with --endpoint")
        return None
    if kb_path is not None:
        raise UsageError("give either --kb or --endpoint, not both")
    if lenient:
        raise UsageError("--kb-lenient applies to a --kb dump, not to --endpoint")
    from bengal.kb.endpoint import DEFAULT_PAGE_SIZE, DEFAULT_RETRIES, DEFAULT_TIMEOUT, RemoteKB

    return RemoteKB(endpoint, graph,
                    timeout=DEFAULT_TIMEOUT if timeout is None else timeout,
                    retries=DEFAULT_RETRIES if retries is None else retries,
                    page_size=DEFAULT_PAGE_SIZE if page_size is None else page_size)
