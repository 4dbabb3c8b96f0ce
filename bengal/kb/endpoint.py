"""A remote KB: any SPARQL 1.1 endpoint (DBpedia, Virtuoso, Oxigraph server, QLever…) over the SPARQL 1.1 Protocol.

:class:`RemoteKB` answers the same ``select(query)`` as the embedded
:class:`bengal.kb.store.KB`, so the generator's SPARQL text runs unchanged on
both. What it adds for a server:

- **Paging under a row cap.** Public endpoints cut answers at a maximum row
  count (DBpedia's Virtuoso: 10,000 rows) without an error. A SELECT is first
  sent once with ``LIMIT page_size`` (no ORDER BY: sorting is costly on some
  servers); when that page is full, the query is sent again as pages::

      PREFIX …                                  (the query's own prologue)
      SELECT ?a ?b WHERE { { SELECT ?a ?b WHERE { { <the query> } } ORDER BY ?a ?b } }
      LIMIT n OFFSET k

  with an order over all projected variables, ``n`` = ``page_size`` (default
  10,000), and ``k`` = 0, n, 2n … until a page comes back short. The ORDER BY
  sits in a subquery and LIMIT/OFFSET outside it: the form Virtuoso documents
  for paging past its sort limit (``MaxSortedTopRows``, 40,000 rows on
  dbpedia.org), where ``ORDER BY … OFFSET 40000`` fails. SPARQL 1.1 does not
  promise that an outer query keeps a subquery's order; Virtuoso and Oxigraph
  keep it (the tests check every row arrives once on Oxigraph).
- **A cap the server does not announce.** When the server says it truncated a
  page (Virtuoso's ``X-SPARQL-MaxRows`` header) the page size drops to that cap
  and the next page starts after the rows received. A short page whose row
  count is a multiple of 1,000 (caps are set in thousands: DBpedia's 10,000)
  is taken for a silent cap in the same way: the query is paged at that size,
  and at the end a ``COUNT`` of the query's solutions must equal the rows
  received, else an :class:`~bengal.errors.InputError` (never a smaller answer
  in silence). A silent cap that is not a multiple of 1,000 cannot be told
  from a short answer: set ``page_size`` at or below it.
- **Order kept between pages.** Under the total order, equal rows are
  neighbours; a row that comes back on two pages apart means the server lost
  the order between pages (and so skipped other rows): an ``InputError``.
- **Partial answers.** HTTP 206 (Virtuoso's answer cut at its time limit,
  with ``X-SQL-State``) is never taken as data: it is retried, then an error
  that says to page smaller or ask less.
- **Retries.** HTTP 5xx, 429, 405 with ``Retry-After`` (DBpedia's rate limit),
  206, time-outs and dropped connections are retried ``retries`` times,
  waiting the server's ``Retry-After`` (seconds or an HTTP date, at most
  ``max_wait`` = 120 s) or else ``backoff`` × 2^i seconds (at most 30 s) before
  retry i; other 4xx answers are not retried. A 414 (URI too long) to a GET is
  sent again at once as a POST. Virtuoso's "estimated execution time … exceeds
  the limit" refusal is not retried (it cannot succeed): the error says to
  give a smaller ``--page-size`` or narrower classes.
- **A deadline per answer.** ``timeout`` bounds the whole answer (connecting,
  the headers, and the body read in pieces against one deadline), so a server
  that sends a byte now and then cannot hold a run forever.
- **Clear errors.** A refused connection, an unknown host, an HTML page or any
  answer that is not SPARQL JSON results, a rejected query: one-line
  :class:`bengal.errors.InputError` naming the endpoint.
- **IRIs that cannot be queried.** A row binding an IRI that cannot be
  written back into SPARQL (:func:`bengal.kb.sparql.is_sparql_iri`: a space,
  ``"``, ``>``, a bad percent escape …) is skipped, and the IRI counted in
  ``skipped_iris`` (the manifest says how many): it could never be asked about
  again, and a server would refuse the query that tried (HTTP 400).
- **IRIs escaped.** The endpoint and graph IRIs are checked; the queries'
  IRIs are already written through :func:`bengal.kb.sparql.iri`.

Results are the lexical values of the bound terms (IRIs as strings, literals
as their lexical form, unbound as ``None``), in the query's projection order,
as :meth:`bengal.kb.store.KB.select` gives them. Row order: the server's for
an answer that fits one page, sorted by the projected variables when paged;
callers that need an order sort (the generator does).
"""

from __future__ import annotations

import bisect
import email.utils
import http.client
import json
import re
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from email.message import Message
from typing import Any

from bengal.errors import InputError, UsageError
from bengal.fetch import fetch
from bengal.kb.sparql import iri, is_sparql_iri, purpose_of

__all__ = ["RemoteKB", "DEFAULT_PAGE_SIZE", "DEFAULT_TIMEOUT", "DEFAULT_RETRIES", "MAX_RETRY_AFTER", "split_query",
           "projection", "looks_capped", "binds_every_variable"]

#: Rows per page: DBpedia's public endpoint returns at most 10,000 rows per answer.
DEFAULT_PAGE_SIZE = 10_000
#: Seconds to wait for one HTTP answer.
DEFAULT_TIMEOUT = 60.0
#: Retries of one page after a 5xx, a 429, a 405 with Retry-After, a 206, a time-out or a dropped connection.
DEFAULT_RETRIES = 3
#: Longest wait (seconds) a server's ``Retry-After`` is followed for; a longer one is cut to it.
MAX_RETRY_AFTER = 120.0
_MAX_WAIT = 30.0  # the longest back-off of our own
_ESTIMATE = re.compile(r"estimated execution time", re.IGNORECASE)
_ADVICE = "give a smaller --page-size or narrower --classes"
_GET_LIMIT = 2000  # longer query strings go by POST (URLs of a few KB are refused by some servers)

_PROLOGUE = re.compile(r"\s*(?:(?:PREFIX\s+[A-Za-z0-9_.\-]*:\s*<[^<>\s]*>|BASE\s+<[^<>\s]*>)\s*|#[^\n]*\n\s*)*",
                       re.IGNORECASE)
_SELECT = re.compile(r"SELECT\s+(?:(?:DISTINCT|REDUCED)\s+)?", re.IGNORECASE)
_AS_VAR = re.compile(r"\bAS\s+[?$]([A-Za-z0-9_]+)\s*$", re.IGNORECASE)
_VAR = re.compile(r"[?$]([A-Za-z0-9_]+)")


def split_query(query: str) -> tuple[str, str]:
    """``(prologue, body)``: the leading ``PREFIX``/``BASE`` declarations (and comments)
    and the SELECT query after them.

    Raises:
        UsageError: when the body is not a SELECT query.
    """
    m = _PROLOGUE.match(query)
    assert m is not None  # the pattern matches the empty string
    prologue, body = query[: m.end()], query[m.end():]
    if not _SELECT.match(body):
        raise UsageError("only SPARQL SELECT queries can be sent to an endpoint")
    return prologue, body


def projection(body: str) -> list[str] | None:
    """The projected variable names of a SELECT query body, in order (``None`` for ``SELECT *``).

    Handles ``?v``, ``$v`` and ``(expression AS ?v)``.

    Raises:
        UsageError: when the projection cannot be read.
    """
    m = _SELECT.match(body)
    if m is None:
        raise UsageError("only SPARQL SELECT queries can be sent to an endpoint")
    i, names, depth, start = m.end(), [], 0, 0
    while i < len(body):
        c = body[i]
        if depth == 0:
            if c == "*":
                return None
            if c == "(":
                depth, start = 1, i + 1
            elif c in "?$":
                v = _VAR.match(body, i)
                if v is None:
                    break
                names.append(v.group(1))
                i = v.end()
                continue
            elif not c.isspace():
                break  # WHERE or "{": the end of the projection
        else:
            if c in "\"'":  # a string literal inside an expression: skip it, parentheses and all
                q = re.compile(r"%s(?:[^%s\\]|\\.)*%s" % (c, c, c), re.DOTALL).match(body, i)
                if q is None:
                    raise UsageError("cannot read the projected variables of the SELECT query")
                i = q.end()
                continue
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    a = _AS_VAR.search(body[start:i])
                    if a is None:
                        raise UsageError("a projected expression needs 'AS ?name' to be paged")
                    names.append(a.group(1))
        i += 1
    if not names:
        raise UsageError("cannot read the projected variables of the SELECT query")
    return names


#: The SPARQL forms that can leave a projected variable unbound in a solution (SPARQL 1.1 Query,
#: sections 6, 7, 10.1, 10.2.1, 11, 18.2.4.1, 18.5): OPTIONAL, UNION, VALUES with UNDEF, BIND and a
#: projected expression (an error leaves it unbound), aggregates, a remote SERVICE. Matched as words
#: anywhere in the text (inside an IRI or a string too: then the check is only skipped).
_MAY_LEAVE_UNBOUND = re.compile(r"\b(?:OPTIONAL|UNION|UNDEF|BIND|SERVICE|SAMPLE|MAX|MIN|AVG|SUM|GROUP_CONCAT)\b"
                                r"|\bAS\s+[?$]", re.IGNORECASE)


def binds_every_variable(body: str) -> bool:
    """Whether the SELECT query ``body`` binds each of its projected variables in every solution:
    it uses none of the forms that can leave one unbound (basic graph patterns, FILTER, VALUES
    without UNDEF, MINUS, subqueries of the same). ``False`` when unsure."""
    return _MAY_LEAVE_UNBOUND.search(body) is None


def looks_capped(rows: int) -> bool:
    """Whether a short page of ``rows`` rows may have been cut by a silent server cap: a
    positive multiple of 1,000 (caps are set in thousands; DBpedia's is 10,000)."""
    return rows > 0 and rows % 1000 == 0


def _check_endpoint_url(url: str) -> tuple[str, list[tuple[str, str]]]:
    """``(the URL without its query string, the query string's parameters)``: the parameters
    go with every request beside ``query`` (never a second ``?`` appended to a URL that has a
    query string already).

    Raises:
        UsageError: not an http(s) URL, characters a URL cannot hold, a ``#fragment`` (never
            sent to a server), or a ``query`` parameter of its own.
    """
    if not re.match(r"^https?://[^\s/]+", url or ""):
        raise UsageError(f"--endpoint must be an http:// or https:// URL, not {url!r}")
    try:
        iri(url)
    except ValueError:
        raise UsageError(f"--endpoint holds characters a URL cannot contain: {url!r}") from None
    parts = urllib.parse.urlsplit(url)
    if parts.fragment or url.endswith("#"):
        raise UsageError(f"--endpoint must not hold a #fragment (it is never sent to the server): {url!r}")
    params = urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
    if any(name == "query" for name, _ in params):
        raise UsageError(f"--endpoint must not hold a query= parameter of its own: {url!r}")
    return urllib.parse.urlunsplit(parts._replace(query="")), params


@dataclass
class RemoteKB:
    """A SPARQL endpoint answering SELECT queries like :class:`bengal.kb.store.KB`.

    Attributes:
        endpoint: the endpoint URL (``http(s)://…``), e.g. ``https://dbpedia.org/sparql``.
        graph: the default graph IRI to query (``default-graph-uri``), or ``None``
            for the server's default graph.
        timeout: seconds one whole answer may take (> 0): connecting, headers and body.
        retries: retries of one request after a 5xx, a 429, a 405 with ``Retry-After``, a
            206 partial answer, a time-out or a dropped connection (>= 0).
        page_size: rows per page (>= 1); at or below the server's row cap.
        backoff: seconds before the first retry, doubled for each further one (capped at 30 s),
            when the server gives no ``Retry-After``.
        max_wait: the longest ``Retry-After`` followed, in seconds (default :data:`MAX_RETRY_AFTER`).
        source: what it was opened from (the endpoint URL).
        checksum: always ``None`` (a server's data cannot be hashed from outside).
        snapshot: ``"<endpoint>"`` or ``"<endpoint> graph <graph>"`` for the manifest.
        requests: HTTP requests sent so far (attempts, retries included).
        skipped_iris: the distinct IRIs of rows skipped because they cannot be written in
            SPARQL (:func:`bengal.kb.sparql.is_sparql_iri`).

    Raises:
        UsageError: on construction, for a malformed URL or graph IRI or values out of range.
    """

    endpoint: str
    graph: str | None = None
    timeout: float = DEFAULT_TIMEOUT
    retries: int = DEFAULT_RETRIES
    page_size: int = DEFAULT_PAGE_SIZE
    backoff: float = 1.0
    max_wait: float = MAX_RETRY_AFTER
    requests: int = field(default=0, init=False)
    skipped_iris: set[str] = field(default_factory=set, init=False)
    _base: str = field(default="", init=False, repr=False)
    _params: list[tuple[str, str]] = field(default_factory=list, init=False, repr=False)

    def __post_init__(self) -> None:
        self._base, self._params = _check_endpoint_url(self.endpoint)
        if self.graph is not None:
            try:
                iri(self.graph)
            except ValueError:
                raise UsageError(f"--graph must be an absolute IRI, not {self.graph!r}") from None
        if not self.timeout > 0:
            raise UsageError(f"--timeout must be more than 0 seconds, not {self.timeout}")
        if self.retries < 0:
            raise UsageError(f"--retries must be 0 or more, not {self.retries}")
        if self.page_size < 1:
            raise UsageError(f"--page-size must be at least 1, not {self.page_size}")

    @property
    def source(self) -> str:
        return self.endpoint

    @property
    def checksum(self) -> None:
        return None

    @property
    def snapshot(self) -> str:
        return self.endpoint + (f" graph {self.graph}" if self.graph else "")

    def select(self, query: str) -> list[tuple[str | None, ...]]:
        """Run a SPARQL SELECT query, page by page; rows of lexical values in projection order
        (rows binding an IRI that cannot be written in SPARQL skipped and counted in
        ``skipped_iris``).

        Raises:
            UsageError: when the text is not a SELECT query whose projection can be read.
            InputError: when the endpoint cannot be reached, rejects the query, answers with
                something other than SPARQL JSON results, cuts the answer short without saying
                so (a COUNT disagrees), or loses the order between pages.
        """
        prologue, body = split_query(query)
        names = projection(body)
        if names is None:  # SELECT *: ask for the variables with an empty page
            names, _, _ = self._request(f"{prologue}SELECT * WHERE {{ {{ {body}\n}} }} LIMIT 0", query)
        if not names:
            return []
        vars_ = " ".join("?" + n for n in names)
        wrapped = f"{prologue}SELECT {vars_} WHERE {{ {{ {body}\n}} }}"  # \n: ends a trailing comment
        # First one page without ORDER BY (sorting is costly on some servers): most answers fit.
        got, page, cap = self._request(f"{wrapped} LIMIT {self.page_size}", query)
        self._check_vars(got, names)
        announced = cap is not None and len(page) == cap
        silent = len(page) < self.page_size and looks_capped(len(page))
        if len(page) < self.page_size and not announced and not silent:
            return self._rows(page, names, body, query)
        # More rows than a page, or a page cut at a cap: page in a total order so that pages
        # neither overlap nor skip.
        size = len(page) if (announced or silent) and 0 < len(page) < self.page_size else self.page_size
        suspect = silent
        bindings: list[dict[str, Any]] = []
        starts: list[int] = []  # where each page starts in bindings
        while True:
            got, page, cap = self._request(f"{prologue}SELECT {vars_} WHERE {{ {{ SELECT {vars_} WHERE "
                                           f"{{ {{ {body}\n}} }} ORDER BY {vars_} }} }} "
                                           f"LIMIT {size} OFFSET {len(bindings)}", query)
            self._check_vars(got, names)
            starts.append(len(bindings))
            bindings.extend(page)
            if cap is not None and 0 < cap < size and len(page) == cap:
                size = cap  # the server truncated the page and said so: page at its cap
                continue
            if 0 < len(page) < size and looks_capped(len(page)):
                size, suspect = len(page), True  # perhaps a silent cap below the page size: page at it
                continue
            if len(page) < size:
                break
        self._check_order([self._values(b, names) for b in bindings], starts, query)
        if suspect:
            self._check_count(prologue, body, len(bindings), query)
        return self._rows(bindings, names, body, query)

    @staticmethod
    def _values(binding: dict[str, Any], names: list[str]) -> tuple[str | None, ...]:
        return tuple(None if binding.get(n) is None else binding[n].get("value") for n in names)

    def _rows(self, bindings: list[dict[str, Any]], names: list[str], body: str,
              query: str) -> list[tuple[str | None, ...]]:
        """The rows of ``bindings``, without those binding an IRI that cannot be written in SPARQL
        (counted in ``skipped_iris``).

        Raises:
            InputError: a solution leaves a variable unbound that the query ``body`` binds in every
                solution (:func:`binds_every_variable`): the server's answer is not the query's.
        """
        if binds_every_variable(body):
            for i, b in enumerate(bindings, 1):
                missing = [n for n in names if n not in b]
                if missing:
                    raise InputError(f"the endpoint {self.endpoint} answered {purpose_of(query)} with a solution "
                                     f"({i}) that leaves ?{missing[0]} unbound, which the query binds in every "
                                     "solution")
        rows = []
        for b in bindings:
            # every term is an object with a type and a string value (_results_flaw checked each page)
            bad = [t["value"] for t in b.values() if t["type"] == "uri" and not is_sparql_iri(t["value"])]
            if bad:
                self.skipped_iris.update(bad)
            else:
                rows.append(self._values(b, names))
        return rows

    def _check_order(self, rows: list[tuple[str | None, ...]], starts: list[int], query: str) -> None:
        """Equal rows are neighbours in a total order: one seen again further on means the
        server lost the order between pages (and so skipped other rows)."""
        last: dict[tuple[str | None, ...], int] = {}
        for i, row in enumerate(rows):
            j = last.get(row)
            if j is not None and j != i - 1:
                raise InputError(f"the endpoint {self.endpoint} does not keep the order between pages for "
                                 f"{purpose_of(query)}: a row came on pages {bisect.bisect_right(starts, j)} and "
                                 f"{bisect.bisect_right(starts, i)}, so others were skipped; give a --page-size "
                                 "above the answer's size or use another endpoint")
            last[row] = i

    def _check_count(self, prologue: str, body: str, received: int, query: str) -> None:
        """A ``COUNT`` of the query's solutions must equal the rows received."""
        _, page, _ = self._request(f"{prologue}SELECT (COUNT(*) AS ?n) WHERE {{ {{ {body}\n}} }}", query)
        try:
            count = int(page[0]["n"]["value"])
        except (IndexError, KeyError, TypeError, ValueError):
            raise InputError(f"the endpoint {self.endpoint} did not answer a COUNT for {purpose_of(query)}") from None
        if count != received:
            raise InputError(f"the endpoint {self.endpoint} gave {received} rows for {purpose_of(query)} where its "
                             f"COUNT says {count}: it cuts answers without saying so; give a --page-size at or "
                             f"below its row cap")

    def _check_vars(self, got: list[str], names: list[str]) -> None:
        if set(got) != set(names):
            raise InputError(f"the endpoint {self.endpoint} answered with the variables {got}, not {names}")

    def _request(self, text: str, query: str) -> tuple[list[str], list[dict[str, Any]], int | None]:
        """One query with retries: ``(head variables, bindings, the server's row cap or None)``;
        ``query`` is the caller's query (its purpose names it in errors)."""
        attempt = 0
        post = len(text) > _GET_LIMIT
        while True:
            try:
                return self._once(text, post)
            except _TooLong:
                post = True  # a 414 to a GET: the same query as a POST, at once (not a retry)
            except _Retryable as exc:
                if attempt >= self.retries:
                    advice = f"; {_ADVICE}" if exc.partial else ""
                    raise InputError(f"the endpoint {self.endpoint} failed {attempt + 1} times: {exc} "
                                     f"(for {purpose_of(query)}){advice}") from None
                wait = self.backoff * 2 ** attempt
                time.sleep(min(self.max_wait, exc.wait) if exc.wait is not None else min(_MAX_WAIT, wait))
                attempt += 1

    def _once(self, text: str, post: bool) -> tuple[list[str], list[dict[str, Any]], int | None]:
        """One request of the SPARQL 1.1 Protocol (section 2.1.1 query via GET, 2.1.2 via URL-encoded
        POST), its whole answer read within ``timeout`` (:func:`bengal.fetch.fetch`)."""
        from bengal import __version__

        # the endpoint URL's own parameters (an API key, a graph …), then the graph and the query
        params = [*self._params, *([("default-graph-uri", self.graph)] if self.graph else []), ("query", text)]
        encoded = urllib.parse.urlencode(params)
        headers = {"Accept": "application/sparql-results+json", "User-Agent": f"bengal/{__version__}"}
        if post:
            request = urllib.request.Request(self._base, data=encoded.encode("ascii"), method="POST", headers={
                **headers, "Content-Type": "application/x-www-form-urlencoded"})
        else:
            request = urllib.request.Request(f"{self._base}?{encoded}", method="GET", headers=headers)
        where = f"the endpoint {self.endpoint}"
        self.requests += 1
        try:
            answer = fetch(request, self.timeout)
        except urllib.error.URLError as exc:
            reason = exc.reason
            if isinstance(reason, (TimeoutError, socket.timeout, ConnectionResetError, ConnectionAbortedError)):
                raise _Retryable(f"{type(reason).__name__}: {reason}") from None
            raise InputError(f"cannot reach {where}: {_first_line(str(reason))}") from None
        except (TimeoutError, socket.timeout, ConnectionResetError, ConnectionAbortedError,
                http.client.IncompleteRead, http.client.RemoteDisconnected) as exc:
            raise _Retryable(f"{type(exc).__name__}: {exc}") from None
        except (http.client.HTTPException, OSError, ValueError) as exc:
            raise InputError(f"cannot query {where}: {_first_line(str(exc))}") from None
        status, raw = answer.status, answer.body
        ctype = (answer.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        cap = answer.headers.get("X-SPARQL-MaxRows")
        if status == 206:  # Virtuoso's partial answer at its time limit: never data
            state = answer.headers.get("X-SQL-State")
            detail = f" (X-SQL-State {_first_line(state)})" if state else ""
            raise _Retryable(f"HTTP 206 a partial answer{detail}", partial=True)
        if status >= 300:
            wait = _retry_after(answer.headers)
            detail = _first_line(raw)
            if _ESTIMATE.search(detail):
                raise InputError(f"{where} refused the query (HTTP {status}): {detail}; it will not succeed on "
                                 f"retry: {_ADVICE}")
            if status == 414 and not post:
                raise _TooLong()
            if status >= 500 or status == 429 or (status == 405 and wait is not None):
                raise _Retryable(f"HTTP {status} {detail or answer.reason}", wait)
            if status < 400:  # urllib follows redirects: this one loops, or names no place to go
                raise InputError(f"{where} answered HTTP {status} {_first_line(answer.reason)}: a redirect that "
                                 "cannot be followed (a loop, or no Location)")
            raise InputError(f"{where} refused the query (HTTP {status}): {detail or answer.reason}")
        if ctype and "json" not in ctype:
            raise InputError(f"{where} answered with {ctype}, not SPARQL JSON results "
                             "(is the URL the SPARQL endpoint itself?)")
        try:
            data = json.loads(raw.decode("utf-8"))
            names = data["head"].get("vars", [])
            bindings = data["results"]["bindings"]
            if not isinstance(names, list) or not isinstance(bindings, list):
                raise TypeError
        except (UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError, AttributeError, RecursionError):
            raise InputError(f"{where} answered with something that is not SPARQL JSON results "
                             f"(it starts {raw[:40]!r})") from None
        flaw = _results_flaw(names, bindings)
        if flaw is not None:
            raise InputError(f"{where} answered with something that is not SPARQL JSON results ({flaw})")
        try:
            cap_rows = int(cap) if cap else None
        except ValueError:
            cap_rows = None
        return names, bindings, cap_rows


#: The kinds of RDF term a SPARQL JSON result binds (SPARQL 1.1 Query Results JSON Format, section 3.2.2;
#: "typed-literal" is the older draft's, which Virtuoso still writes).
_TERM_TYPES = frozenset({"uri", "literal", "typed-literal", "bnode"})


def _results_flaw(names: list[Any], bindings: list[Any]) -> str | None:
    """What makes a parsed SPARQL JSON answer unusable, or ``None``: the head's variables are strings,
    each solution an object of variable → RDF term, each term an object with a known ``type`` and a
    string ``value`` (SPARQL 1.1 Query Results JSON Format, section 3.2). Bounded text: the first flaw."""
    for n in names:
        if not isinstance(n, str):
            return f"a variable in the head is {_short_json(n)}, not a name"
    for i, b in enumerate(bindings, 1):
        if not isinstance(b, dict):
            return f"solution {i} is {_short_json(b)}, not an object of variables"
        for var, term in b.items():
            if not isinstance(term, dict) or not isinstance(term.get("value"), str) \
                    or not isinstance(term.get("type"), str) or term["type"] not in _TERM_TYPES:
                return f"solution {i} binds ?{_short_json(var)[1:-1]} to {_short_json(term)}, not an RDF term " \
                       "with a type and a string value"
    return None


def _short_json(value: Any) -> str:
    """``value`` as JSON, at most 60 characters, printable."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= 60 else text[:57] + "..."


class _Retryable(Exception):
    """A failure worth another try: HTTP 5xx, 429, 405 with Retry-After, 206, a time-out, a dropped
    connection; ``wait`` is the server's Retry-After in seconds (``None``: none given)."""

    def __init__(self, message: str, wait: float | None = None, partial: bool = False) -> None:
        super().__init__(message)
        self.wait = wait
        self.partial = partial


class _TooLong(Exception):
    """HTTP 414 to a GET: send the query as a POST."""


def _retry_after(headers: Message) -> float | None:
    """The seconds an answer's ``Retry-After`` header asks for (delta-seconds or an HTTP date,
    RFC 9110 section 10.2.3), or ``None``."""
    value = headers.get("Retry-After")
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - time.time())


def _first_line(value: Any) -> str:
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    lines = [line.strip() for line in str(value).splitlines() if line.strip()]
    return "".join(c if c.isprintable() else "?" for c in (lines[0] if lines else ""))[:200]
