"""FactBench's correct facts in the sample: the DBpedia CSV query results and the reified TTL facts.

The TTL facts hang on a hub node (``person dbo:birth [dbo:birthPlace place; dbo:from
date]``); :data:`_FACTBENCH_HUBS` says which direct triple each becomes. Freebase nodes are
resolved through their ``owl:sameAs`` to English DBpedia; their English labels and
``skos:altLabel``s become the entity's surface forms.
"""

from __future__ import annotations

import tarfile
from collections import defaultdict
from typing import IO, Any, cast

import pyoxigraph as ox

from bengal.errors import InputError
from bengal.kb.iri import label_from_local_name, normalize_local_name
from bengal.kb.sample.builder import RDFS_LABEL, SKOS_ALTLABEL, Builder
from bengal.rdf import DBO, DBR, OWL_SAME_AS, literal

__all__ = ["read_factbench_csv", "read_factbench_ttl"]

# FactBench TTL: the hub property of a reified fact, and what the fact becomes.
# (event property, direct property, reversed?, date property taken from dbo:from)
_FACTBENCH_HUBS: dict[str, tuple[str, str, bool, str | None]] = {
    "birth": ("birthPlace", "birthPlace", False, "birthDate"),
    "death": ("deathPlace", "deathPlace", False, "deathDate"),
    "playedTeam": ("team", "team", False, None),
    "isStarring": ("starring", "starring", False, "releaseDate"),
    "recievedAward": ("award", "award", False, None),  # sic, FactBench's spelling
    "marriage": ("spouse", "spouse", False, None),
    "foundation": ("foundationPlace", "foundationPlace", False, None),
    "acquisition": ("subsidiary", "subsidiary", False, None),
    # person dbo:publication [dbo:author book]  ->  book dbo:author person
    "publication": ("author", "author", True, None),
    # person dbo:inOffice [dbo:office country]  ->  country dbo:leader person
    "inOffice": ("office", "leader", True, None),
}


def _fb_resource(b: Builder, cell: str, what: str) -> str | None:
    """The normalised IRI of a CSV cell that is a DBpedia resource, else ``None`` (counted as dropped)."""
    if cell.startswith(DBR) and len(cell) > len(DBR):
        return b.dbr(cell)
    b.drop(f"FactBench CSV: {what} is not a DBpedia resource (e.g. an imdb.com URL)")
    return None


def read_factbench_csv(b: Builder) -> None:
    """Add the FactBench CSV facts to ``b``: birth and death places and dates, film casts and
    release dates, NBA teams, and Prime Minister offices (a ``dbo:office`` string).

    Raises:
        InputError: a CSV file with another header, a row of the wrong width, broken CSV.
    """
    name = "FactBench CSV"
    c = b.source_counts(name)
    for key, prop, date_prop in (("factbench_birth", "birthPlace", "birthDate"),
                                 ("factbench_death", "deathPlace", "deathDate")):
        for _, (person, place, date) in b.src.csv_rows(key, ["person", "place", "date"]):
            c["raw lines"] += 1
            ps, pl = _fb_resource(b, person, "person"), _fb_resource(b, place, "place")
            if ps is None:
                continue
            if pl is not None:
                b.add_object_triple(name, ps, prop, pl)
            b.add_date(ps, date_prop, date, name)
    for _, (film, actor, date) in b.src.csv_rows("factbench_starring", ["film", "actor", "date"]):
        c["raw lines"] += 1
        f, a = _fb_resource(b, film, "film"), _fb_resource(b, actor, "actor")
        if f is None:
            continue
        if a is not None:
            b.add_object_triple(name, f, "starring", a)
        b.add_date(f, "releaseDate", date, name)
    for _, (player, _period, team, _f, _t) in b.src.csv_rows(
            "factbench_nbateam", ["player", "timePeriod", "team", "from", "to"]):
        c["raw lines"] += 1
        pp, tm = _fb_resource(b, player, "player"), _fb_resource(b, team, "team")
        if pp is not None and tm is not None:
            b.add_object_triple(name, pp, "team", tm)
    for _, (person, _period, office, _f, _t) in b.src.csv_rows(
            "factbench_office", ["person", "timePeriod", "office", "from", "to"]):
        c["raw lines"] += 1
        ps = _fb_resource(b, person, "person")
        if ps is not None and office.strip():
            # dbo:office is an owl:DatatypeProperty (range xsd:string) in the 2016 ontology.
            b.literals.add((ps, DBO + "office", literal(office.strip())))
            c["office"] += 1


def read_factbench_ttl(b: Builder) -> None:
    """Add the reified FactBench TTL facts (train and test ``correct`` files) to ``b``, flattened
    to direct triples (:data:`_FACTBENCH_HUBS`), with their dates and surface forms.

    Raises:
        InputError: the tar archive cannot be read, or a member is not Turtle.
    """
    name = "FactBench TTL"
    c = b.source_counts(name)
    archive = b.src.path("factbench_ttl")
    try:
        # one pass in archive order (a member read after the index would seek back in the gzip stream
        # and decompress it again from the start: 6.6 s of the 7.3 s this took), then sorted by name
        with tarfile.open(archive, "r:gz") as tar:
            # extractfile gives None only for a member that is not a file
            files = sorted((m.name, cast(IO[bytes], tar.extractfile(m)).read()) for m in tar
                           if m.isfile() and m.name.endswith(".ttl"))
    except (OSError, tarfile.TarError, EOFError) as e:
        raise InputError(f"cannot read the tar archive: {e}", source=str(archive)) from e
    for member, data in files:
        c["files"] += 1
        _factbench_file(b, member, b.src.rdf("factbench_ttl", ox.RdfFormat.TURTLE, data, member))


def _factbench_file(b: Builder, member: str, quads: list[Any]) -> None:
    """Add the facts of one TTL member (its parsed ``quads``) to ``b``."""
    name = "FactBench TTL"
    c = b.source_counts(name)
    same_as: dict[str, set[str]] = defaultdict(set)
    en_labels: dict[str, set[str]] = defaultdict(set)
    alt: dict[str, set[str]] = defaultdict(set)
    out: dict[str, list[tuple[str, Any]]] = defaultdict(list)
    for q in quads:
        s, p, o = q.subject.value, q.predicate.value, q.object
        if p == OWL_SAME_AS:
            if o.value.startswith(DBR):
                same_as[s].add(o.value)
        elif p == RDFS_LABEL:
            if isinstance(o, ox.Literal) and o.language == "en":
                en_labels[s].add(o.value)
        elif p == SKOS_ALTLABEL:
            if isinstance(o, ox.Literal) and o.language == "en":
                alt[s].add(o.value)
            else:
                c["non-English altLabels skipped"] += 1
        else:
            out[s].append((p, o))

    def resolve(node: str) -> str | None:
        if node.startswith(DBR):
            return b.dbr(node)
        candidates = sorted(same_as.get(node, ()))
        if not candidates:
            return None
        if len(candidates) > 1:
            # Freebase nodes sometimes list a redirect or a related page too
            # (California / Kalifornien, Nobel_Prize_in_Physics /
            # List_of_Nobel_laureates_in_Physics): take the one whose page
            # title is the node's English label, else the first by name.
            labels = en_labels.get(node, set())
            titled = [x for x in candidates if label_from_local_name(
                normalize_local_name(x[len(DBR):])) in labels]
            chosen = (titled or candidates)[0]
            b.ambiguous_same_as.add((node, b.dbr(chosen), tuple(b.dbr(x) for x in candidates
                                                                      if x != chosen)))
            candidates = titled or candidates
        return b.dbr(candidates[0])

    for subject, props in out.items():
        for p, event in props:
            hub = p[len(DBO):] if p.startswith(DBO) else None
            if hub not in _FACTBENCH_HUBS:
                continue
            event_prop, direct, reverse, date_prop = _FACTBENCH_HUBS[hub]
            c["raw facts"] += 1
            subj = resolve(subject)
            targets = [o for ep, o in out.get(event.value, ()) if ep == DBO + event_prop]
            dates = [o for ep, o in out.get(event.value, ()) if ep == DBO + "from"]
            if subj is None or not targets:
                b.drop("FactBench TTL: Freebase node without an English DBpedia sameAs")
                continue
            for target in targets:
                obj = resolve(target.value) if isinstance(target, ox.NamedNode) else None
                if obj is None:
                    b.drop("FactBench TTL: Freebase node without an English DBpedia sameAs")
                    continue
                if reverse:
                    b.add_object_triple(name, obj, direct, subj)
                else:
                    b.add_object_triple(name, subj, direct, obj)
                if date_prop:
                    for d in dates:
                        b.add_date(subj, date_prop, d.value, name)

    # labels and surface forms of every node that maps to an English DBpedia entity
    for node in sorted(set(en_labels) | set(alt)):
        entity = resolve(node)
        if entity is None:
            continue
        forms = {f.strip() for f in alt.get(node, ())} | {f.strip() for f in en_labels.get(node, ())}
        b.alt_labels[entity].update(f for f in forms if f)
