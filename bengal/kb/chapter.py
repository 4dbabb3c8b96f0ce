"""A DBpedia chapter endpoint (pt.dbpedia.org, es.dbpedia.org …) as a KB in English DBpedia's namespace (issue 13).

A chapter names its resources in its own namespace (``http://pt.dbpedia.org/resource/Brasil``),
gives them labels in its language only (``rdfs:label@pt``, ``skos:altLabel@pt``), uses the DBpedia
ontology (``dbo:``) and links its resources to English DBpedia with ``owl:sameAs``
(``<http://pt.dbpedia.org/resource/Brasil> owl:sameAs <http://dbpedia.org/resource/Brazil>``).

:class:`ChapterKB` wraps a :class:`bengal.kb.endpoint.RemoteKB` (or any KB answering
``select(query)``) so that the generator's queries run on it unchanged:

- **Namespace.** In each query, the text ``http://dbpedia.org/resource/`` (the ``dbr:`` prefix,
  IRIs and ``STRSTARTS`` filters) becomes the chapter's namespace; in each answer, a value that
  starts with the chapter's namespace gets ``http://dbpedia.org/resource/`` in its place. Inside a
  run a chapter resource is so ``dbr:`` + its chapter local name (``dbr:Brasil``: an internal name,
  never written out as such).
- **Labels.** ``LANG(?v) = "en"`` in a query becomes ``LANG(?v) = "<lang>"``: the chapter's label
  stands where the generator asks for the title. The chapter has no English titles, so its person
  fallback is empty (every labelled person is named by its label; the manifest's pool says 0).
- **Gold IRIs** (``gold_iris``): ``"chapter"`` writes each gold URI back in the chapter's
  namespace; ``"english"`` writes the English DBpedia IRI of the chapter's ``owl:sameAs`` link.
  In ``english`` mode an entity with no link to ``http://dbpedia.org/resource/``, with several, or
  whose English IRI another chapter entity links to as well, is not nameable (counted in
  :meth:`ChapterKB.manifest`).

Made-up (emerging) entities outside the KB keep their ``http://bengal.invalid/notInWiki/`` IRIs.

**Detection** (:func:`detect_namespace`): ``--endpoint URL --lang L`` without
``--resource-namespace`` asks the endpoint, in one query with a ``LIMIT``, for resources with an
``rdfs:label@L`` and a DBpedia ontology type; when none of them is in English DBpedia's namespace
and all share one other namespace, the endpoint is that chapter.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, cast

from bengal.errors import GoldError, UsageError
from bengal.kb.nameable import check_language
from bengal.kb.sparql import DBR, PREFIXES, iri
from bengal.model import Corpus, Mention

__all__ = ["GOLD_IRIS", "DETECT_SAMPLE", "ChapterKB", "check_namespace", "detect_namespace", "namespace_of"]

#: The values of ``--gold-iris``: the chapter's own IRIs, or English DBpedia's through owl:sameAs.
GOLD_IRIS = ("chapter", "english")

#: Resources :func:`detect_namespace` asks for (the LIMIT of its one query).
DETECT_SAMPLE = 200
DBO = "http://dbpedia.org/ontology/"

_LANG_EN = re.compile(r"(LANG\s*\(\s*[?$][A-Za-z0-9_]+\s*\)\s*=\s*)\"en\"", re.IGNORECASE)


def check_namespace(namespace: str) -> str:
    """``namespace`` checked to be a chapter's resource namespace: an absolute ``http(s)`` IRI
    ending in ``/`` or ``#``, other than English DBpedia's ``http://dbpedia.org/resource/``.

    Raises:
        UsageError: another string.
    """
    if not re.match(r"^https?://[^\s/]+/", namespace or "") or namespace[-1] not in "/#":
        raise UsageError(f"--resource-namespace must be an http(s) IRI ending in / or #, such as "
                         f"http://pt.dbpedia.org/resource/, not {namespace!r}")
    try:
        iri(namespace)
    except ValueError:
        raise UsageError(f"--resource-namespace holds characters an IRI cannot contain: {namespace!r}") from None
    if namespace.startswith(DBR) or DBR.startswith(namespace):
        raise UsageError(f"--resource-namespace {namespace} is English DBpedia's own: leave the option out")
    return namespace


def namespace_of(resource: str) -> str:
    """The resource namespace of an IRI: up to and including its first ``/resource/``
    (``http://pt.dbpedia.org/resource/AC/DC`` → ``http://pt.dbpedia.org/resource/``), else up to and
    including its last ``/`` or ``#``."""
    at = resource.find("/resource/")
    if at >= 0:
        return resource[:at + len("/resource/")]
    return resource[:max(resource.rfind("/"), resource.rfind("#")) + 1]


def detect_namespace(kb: Any, lang: str) -> str | None:
    """The chapter namespace of the endpoint ``kb`` for language ``lang``, or ``None`` when it is not a
    chapter. One query: at most :data:`DETECT_SAMPLE` resources (IRIs) with an ``rdfs:label@lang`` and
    an ``rdf:type`` in the DBpedia ontology (``dbo:``; the ontology's own classes and properties, labelled
    too, are typed ``owl:`` and left out).

    Returns:
        ``None`` when no such resource is found (nothing says the endpoint is a chapter; the run goes
        on in English DBpedia's namespace, as without detection) or when one of them is in
        ``http://dbpedia.org/resource/`` (English DBpedia or a KB in its namespace, with labels in
        ``lang``); else the one namespace (:func:`namespace_of`) all of them share.

    Raises:
        UsageError: the resources lie in several namespaces, or in one that is no chapter namespace
            (:func:`check_namespace`): one line asking for ``--resource-namespace``.
        whatever ``kb.select`` raises (an unreachable endpoint's InputError).
    """
    lang = check_language(lang)
    rows = cast("list[tuple[str]]", kb.select(PREFIXES + f"""
        SELECT ?s WHERE {{ ?s rdfs:label ?l . FILTER(isIRI(?s) && LANG(?l) = "{lang}")
          ?s a ?c . FILTER(STRSTARTS(STR(?c), "{DBO}")) }} LIMIT {DETECT_SAMPLE}"""))
    found = Counter(namespace_of(s) for (s,) in rows if s is not None)
    if not found or any(ns.startswith(DBR) or DBR.startswith(ns) for ns in found):
        return None
    if len(found) > 1:
        seen = ", ".join(f"{ns} ({n})" for ns, n in sorted(found.items(), key=lambda x: (-x[1], x[0]))[:3])
        raise UsageError(f"the endpoint's resources labelled in {lang} lie in several namespaces ({seen}); "
                         "pass --resource-namespace to say which is the chapter's")
    (namespace,) = found
    try:
        return check_namespace(namespace)
    except UsageError:
        raise UsageError(f"the endpoint's resources labelled in {lang} lie in {namespace!r}, which is no "
                         "resource namespace; pass --resource-namespace") from None


@dataclass
class ChapterKB:
    """A chapter endpoint seen in English DBpedia's namespace (module docstring).

    Attributes:
        kb: the endpoint (a :class:`bengal.kb.endpoint.RemoteKB`, or any KB with ``select``).
        namespace: the chapter's resource namespace, e.g. ``http://pt.dbpedia.org/resource/``.
        lang: the chapter's language tag (its labels are ``rdfs:label@lang``).
        gold_iris: ``"chapter"`` or ``"english"`` (:data:`GOLD_IRIS`).
        detected: the namespace was found by :func:`detect_namespace`, not given.

    Raises:
        UsageError: on construction, a bad namespace or ``gold_iris``, or ``lang`` ``en``.
    """

    kb: Any
    namespace: str
    lang: str
    gold_iris: str = "chapter"
    detected: bool = False
    _links: dict[str, str] | None = field(default=None, init=False, repr=False)
    _refused: Counter[str] = field(default_factory=Counter, init=False, repr=False)

    def __post_init__(self) -> None:
        check_namespace(self.namespace)
        self.lang = check_language(self.lang)
        if self.gold_iris not in GOLD_IRIS:
            raise UsageError(f"--gold-iris must be one of {', '.join(GOLD_IRIS)}, not {self.gold_iris!r}")
        if self.lang == "en":
            raise UsageError("--resource-namespace needs the chapter's --lang (es, pt, de, fr …): a chapter "
                             "serves labels in its own language")

    @property
    def source(self) -> str:
        return str(self.kb.source)

    @property
    def checksum(self) -> None:
        return None

    @property
    def snapshot(self) -> str:
        return f"{self.kb.snapshot} namespace {self.namespace}"

    @property
    def skipped_iris(self) -> set[str]:
        return cast("set[str]", getattr(self.kb, "skipped_iris", set()))

    def select(self, query: str) -> list[tuple[str | None, ...]]:
        """``query`` run on the chapter with the namespace and label language swapped (module
        docstring); rows of lexical values, chapter IRIs given as ``http://dbpedia.org/resource/`` ones.

        Raises:
            whatever the wrapped KB's ``select`` raises (an endpoint's InputError, UsageError).
        """
        text = _LANG_EN.sub(lambda m: f'{m.group(1)}"{self.lang}"', query.replace(DBR, self.namespace))
        ns, n = self.namespace, len(self.namespace)
        return [tuple(DBR + v[n:] if v is not None and v.startswith(ns) else v for v in row)
                for row in self.kb.select(text)]

    def links(self) -> dict[str, str]:
        """``{internal dbr: IRI: its English DBpedia IRI}`` for the chapter resources with exactly one
        ``owl:sameAs`` link to ``http://dbpedia.org/resource/`` that no other resource shares
        (one query, kept). Resources with several links are counted as ``several_links``, English
        IRIs that two resources link to as ``shared_links``."""
        if self._links is None:
            rows = cast("list[tuple[str, str]]", self.kb.select(PREFIXES + f"""
                SELECT ?c ?e WHERE {{ ?c owl:sameAs ?e .
                  FILTER(STRSTARTS(STR(?c), "{self.namespace}") && STRSTARTS(STR(?e), "{DBR}")) }}"""))
            out: dict[str, set[str]] = {}
            for c, e in rows:
                out.setdefault(DBR + c[len(self.namespace):], set()).add(e)
            single = {c: next(iter(es)) for c, es in out.items() if len(es) == 1}
            shared = Counter(single.values())
            self._refused = Counter(several_links=sum(1 for es in out.values() if len(es) > 1),
                                    shared_links=sum(1 for e in single.values() if shared[e] > 1))
            self._links = {c: e for c, e in single.items() if shared[e] == 1}
        return self._links

    def nameable(self, uri: str) -> bool:
        """Whether a gold URI can be written for the internal ``uri``: always in ``chapter`` mode,
        with an English link (:meth:`links`) in ``english`` mode."""
        return self.gold_iris == "chapter" or uri in self.links()

    def gold_iri(self, uri: str) -> str:
        """The IRI written in the gold for the internal ``uri`` (another IRI is kept as it is).

        Raises:
            GoldError: ``english`` mode and an internal IRI without a usable link (never generated:
                :meth:`nameable` keeps it out; nothing is written).
        """
        if not uri.startswith(DBR):
            return uri
        if self.gold_iris == "chapter":
            return self.namespace + uri[len(DBR):]
        english = self.links().get(uri)
        if english is None:
            raise GoldError(f"the chapter resource {self.namespace + uri[len(DBR):]} was named but has no "
                            "usable owl:sameAs link to English DBpedia")
        return english

    def gold_corpus(self, corpus: Corpus) -> Corpus:
        """``corpus`` with each mention's URIs written by :meth:`gold_iri`."""
        docs = tuple(replace(d, mentions=tuple(
            Mention(m.begin, m.end, m.surface, frozenset(self.gold_iri(u) for u in m.uris), m.type, m.score)
            for m in d.mentions)) for d in corpus.documents)
        return replace(corpus, documents=docs)

    def labelled(self) -> set[str]:
        """The internal IRIs of the chapter resources with an ``rdfs:label@lang`` (one query)."""
        rows = cast("list[tuple[str]]", self.kb.select(PREFIXES + f"""
            SELECT DISTINCT ?c WHERE {{ ?c rdfs:label ?l .
              FILTER(STRSTARTS(STR(?c), "{self.namespace}") && LANG(?l) = "{self.lang}") }}"""))
        return {DBR + c[len(self.namespace):] for (c,) in rows}

    def manifest(self) -> dict[str, Any]:
        """The manifest's ``kb.chapter`` section: ``namespace``, ``lang``, ``gold_iris``, ``detected``
        (the namespace was detected, :func:`detect_namespace`, not given) and, in
        ``english`` mode, ``sameas_links`` (resources with a usable link), ``several_links``
        (resources linked to more than one English IRI), ``shared_links`` (resources whose English
        IRI another one links to as well) and ``unlinked_labelled`` (resources with a label in
        ``lang`` but no usable link: not nameable). One query more in ``english`` mode."""
        out: dict[str, Any] = {"namespace": self.namespace, "lang": self.lang, "gold_iris": self.gold_iris,
                               "detected": self.detected}
        if self.gold_iris == "english":
            links = self.links()
            out["sameas_links"] = len(links)
            out.update(sorted(self._refused.items()))
            out["unlinked_labelled"] = len(self.labelled() - set(links))
        return out
