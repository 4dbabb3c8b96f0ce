"""The ``--endpoint`` options shared by commands that read a KB, folded into one ``source`` argument."""

from __future__ import annotations

import functools
from typing import Callable

import click

__all__ = ["kb_source_options"]


def kb_source_options(command: Callable) -> Callable:
    """Add ``--endpoint``, ``--graph``, ``--timeout``, ``--retries``, ``--page-size`` and
    ``--kb-lenient`` to a click command; the command receives ``remote``, ``kb_timeout`` and
    ``kb_lenient``: ``remote(kb_path)`` checks the options and returns the
    :class:`bengal.kb.endpoint.RemoteKB` they name, or ``None`` (no ``--endpoint``: the
    command opens ``--kb`` or the bundled sample, with ``kb_timeout`` and ``kb_lenient``);
    see :func:`bengal.kb.remote_source`."""

    @functools.wraps(command)
    def wrapper(*args, endpoint, graph, timeout, retries, page_size, kb_lenient, **kwargs):
        from bengal.kb import remote_source

        kwargs["remote"] = functools.partial(remote_source, endpoint=endpoint, graph=graph, timeout=timeout,
                                             retries=retries, page_size=page_size, lenient=kb_lenient)
        kwargs["kb_timeout"], kwargs["kb_lenient"] = timeout, kb_lenient
        return command(*args, **kwargs)

    options = [
        click.option("--endpoint", metavar="URL", default=None,
                     help="SPARQL endpoint to read the KB from (e.g. https://dbpedia.org/sparql) instead of --kb."),
        click.option("--graph", metavar="IRI", default=None,
                     help="With --endpoint: the graph to query (default-graph-uri)."),
        click.option("--timeout", type=float, default=None, metavar="SECONDS",
                     help="Seconds one KB query may take: one whole answer of --endpoint [default: 60], one "
                     "query over --kb or the bundled sample [default: 300]."),
        click.option("--retries", type=int, default=None,
                     help="With --endpoint: retries after 5xx, 429, 405 with Retry-After, 206 partial answers, "
                     "time-outs, dropped connections [default: 3]; a server's Retry-After is followed up to "
                     "120 s."),
        click.option("--page-size", type=int, default=None, metavar="ROWS",
                     help="With --endpoint: rows per page, at most the server's row cap [default: 10000]."),
        click.option("--kb-lenient", is_flag=True,
                     help="Skip and count the lines of a --kb N-Triples dump that do not parse (the manifest "
                     "says how many) instead of stopping at the first."),
    ]
    for option in reversed(options):
        wrapper = option(wrapper)
    return wrapper
