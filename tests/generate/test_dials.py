"""Issue 11's dials ``--ambiguity X`` and ``--emerging X``.

The ambiguity of a surface form is counted here from the KB by this file's own rule (a peer of
bengal.generate.surface.AmbiguityIndex written from its documented definition, over SPARQL rows);
emerging names are checked against every English label and alt label of the KB read here; the
scores of the scoring test are counted by hand.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from urllib.parse import unquote

import pytest
from cli_helpers import bengal

from bengal.errors import GoldError, UsageError
from bengal.generate.checks import check_gold
from bengal.generate.config import GenerateConfig
from bengal.generate.emerging import EMERGING_NAMESPACE, EmergingPlacer, plausible_stand_in
from bengal.generate.kbview import Entity
from bengal.generate.lexicon import load_lexicon
from bengal.generate.pipeline import generate
from bengal.generate.strategies import Subgraph, Unit
from bengal.io.formats import write_corpus
from bengal.kb.names import name_index
from bengal.kb.sparql import PREFIXES
from bengal.kb.store import open_kb
from bengal.model import Corpus, Document, Mention
from bengal.score.api import score
from bengal.shape.measures import measure_corpus

DBR = "http://dbpedia.org/resource/"
DOCS = 20


def _make(kb, **kw):
    # the short planner, whose reach these bars were measured on (the default is news-length sentences since
    # 7 December 2026; bench_dials.py measures both)
    return generate(kb, GenerateConfig(docs=kw.pop("docs", DOCS), seed=kw.pop("seed", 5),
                                       sentence_length=kw.pop("sentence_length", "short"), **kw))


@pytest.fixture(scope="module")
def peer_index(bundled_kb):
    """surface form -> set of KB entities it can name, by the documented rule: the English label
    without a trailing " (…)", its part before the first ", ", a person label's last word, the label
    without its last word when that is an organisation designator of the lexicon ("Arsenal" for
    "Arsenal F.C."), the names news writes for a label (the lexicon's table: "Britain"; a senior national
    team by its country, by a rule written here: "England" for England national football team), and every
    English skos:altLabel; and the same without the lexicon's names (designators, news names): the KB's
    names alone, as bengal stats counts them."""
    designators = set(load_lexicon("en").designators())
    news = load_lexicon("en").data["mentions"]["news_names"]
    index: dict[str, set[str]] = {}
    kb_names: dict[str, set[str]] = {}
    labels = bundled_kb.select(PREFIXES + 'SELECT ?e ?l WHERE { ?e rdfs:label ?l . FILTER(LANG(?l) = "en") }')
    persons = {r[0] for r in bundled_kb.select(PREFIXES + """SELECT DISTINCT ?e WHERE {
        ?e a ?c . ?c rdfs:subClassOf* dbo:Person }""")}
    for e, label in labels:
        s = re.sub(r" \([^()]*\)$", "", label)
        index.setdefault(s, set()).add(e)
        kb_names.setdefault(s, set()).add(e)
        for name in news.get(s, ()):
            index.setdefault(name, set()).add(e)
        team = re.fullmatch(r"(.+?) (?:men's |women's )?national (?:[a-z]+ )*team", s)
        if team and not team.group(1).endswith("'s"):
            index.setdefault(team.group(1), set()).add(e)
        if ", " in s:
            index.setdefault(s.split(", ")[0], set()).add(e)
            kb_names.setdefault(s.split(", ")[0], set()).add(e)
        if e in persons and len(s.split()) > 1:
            index.setdefault(s.split()[-1], set()).add(e)
            kb_names.setdefault(s.split()[-1], set()).add(e)
        head, _, last = s.rpartition(" ")
        head = head.rstrip(",").strip()
        if last in designators and len(head) >= 2 and head[0].isupper():
            index.setdefault(head, set()).add(e)
    for e, a in bundled_kb.select(PREFIXES + 'SELECT ?e ?a WHERE { ?e skos:altLabel ?a . FILTER(LANG(?a) = "en") }'):
        index.setdefault(a, set()).add(e)
        kb_names.setdefault(a, set()).add(e)
    return index, kb_names


def _peer_share(corpus: Corpus, index) -> float:
    ms = [m for d in corpus.documents for m in d.mentions]
    return sum(len(index.get(m.surface, ())) > 1 for m in ms) / len(ms)


@pytest.fixture(scope="module")
def ambiguity_runs(bundled_kb):
    return {x: _make(bundled_kb, ambiguity=x) for x in (0.0, 0.25, 0.5)}


def test_ambiguity_dial_moves_the_share_monotonically(ambiguity_runs, peer_index):
    index, kb_names = peer_index
    reached = {x: g.stats["ambiguity"]["share"] for x, g in ambiguity_runs.items()}
    peer = {x: _peer_share(g.corpus, index) for x, g in ambiguity_runs.items()}
    # the manifest's share is the share this file counts independently
    for x in reached:
        assert reached[x] == pytest.approx(peer[x], abs=1e-6)
        # … and its share by the KB's names alone is bengal stats' ambiguous_mention_share, counted here too
        kb_share = ambiguity_runs[x].stats["ambiguity"]["kb_names"]["share"]
        assert kb_share == pytest.approx(_peer_share(ambiguity_runs[x].corpus, kb_names), abs=1e-6)
        assert kb_share <= reached[x]
    # by hand: "Britain" names the United Kingdom only through the lexicon's news names
    assert "http://dbpedia.org/resource/United_Kingdom" in index["Britain"] - kb_names.get("Britain", set())
    assert peer[0.0] < peer[0.25] < peer[0.5]
    assert peer[0.0] <= 0.08 and peer[0.5] >= 0.3  # the bundled sample's measured reach (docs/generate.md)
    assert ambiguity_runs[0.5].stats["ambiguity"]["target"] == 0.5


def test_ambiguity_dial_reaches_further_with_names_written_in_full(bundled_kb, peer_index):
    """At the default news-length sentences a name is written in full at its first mention and most names are
    mentioned once: the dial's reach comes from which seeds and facts are taken (bengal.generate.surface.rank_seeds,
    AmbiguityDial.wants). Counted with this file's peer index; before the seeds and facts were chosen for the
    dial (3234709) these runs reached star 0.26 at 1, path 0.18 at 0 and 0.26 at 1."""
    index, _ = peer_index
    runs = {(s, x): generate(bundled_kb, GenerateConfig(docs=DOCS, seed=5, strategy=s, ambiguity=x))
            for s, x in (("star", 1.0), ("path", 0.0), ("path", 1.0))}
    share = {k: _peer_share(g.corpus, index) for k, g in runs.items()}
    assert share[("star", 1.0)] >= 0.45
    assert share[("path", 0.0)] <= 0.12 and share[("path", 1.0)] >= 0.4


def test_ambiguous_forms_are_names_of_the_entity(ambiguity_runs, bundled_kb):
    """Every surface written by the dial is the label (parenthesis dropped), a part of it
    (family name, unqualified place, an alt label built of its words) or an alt label of that entity."""
    corpus = ambiguity_runs[0.5].corpus
    uris = sorted({u for d in corpus.documents for m in d.mentions for u in m.uris})
    names: dict[str, set[str]] = {}
    for start in range(0, len(uris), 400):
        vals = " ".join(f"<{u}>" for u in uris[start:start + 400])
        for e, n in bundled_kb.select(PREFIXES + f"""SELECT ?e ?n WHERE {{ VALUES ?e {{ {vals} }}
                {{ ?e rdfs:label ?n }} UNION {{ ?e skos:altLabel ?n }} FILTER(LANG(?n) = "en") }}"""):
            names.setdefault(e, set()).add(n)
    for d in corpus.documents:
        for m in d.mentions:
            (u,) = m.uris
            ok = any(m.surface == n or m.surface in re.sub(r" \([^()]*\)$", "", n).split(", ")[0].split(" ")
                     or m.surface in n or all(w in n for w in m.surface.split()) for n in names[u])
            assert ok, (m.surface, u)


@pytest.fixture(scope="module")
def emerging_runs(bundled_kb):
    return {x: _make(bundled_kb, emerging=x, strategy="hybrid") for x in (0.15, 0.3, 0.6)}


def test_emerging_dial_moves_the_share_monotonically(emerging_runs):
    def share(g):
        ms = [m for d in g.corpus.documents for m in d.mentions]
        return sum(1 for m in ms if next(iter(m.uris)).startswith(EMERGING_NAMESPACE)) / len(ms)

    shares = {x: share(g) for x, g in emerging_runs.items()}
    assert 0 < shares[0.15] < shares[0.3] < shares[0.6]
    # made-up entities host facts of their own when facts beside KB entities leave the share short: each of
    # those adds a KB occurrence too, and the share stopped at 0.30 for any value of 0.5 or more
    # (0.58 when this was written; 0.539 since made-up entities stay within three steps of a KB entity, are no
    # member or key person of a KB band or company, and walks do not go on into a place's people: seventh of
    # December 2026; the bar is the dial's point, a share above 0.5)
    assert shares[0.6] >= 0.52
    for x in (0.15, 0.3, 0.6):
        assert emerging_runs[x].stats["emerging"]["share"] == pytest.approx(shares[x], abs=1e-6)
        # never above the target by more than one entity's mentions; below it where the subgraph has
        # too few roles a made-up entity may fill (docs/generate.md, --emerging: the reach)
        assert shares[x] <= x + 0.05
    assert shares[0.3] >= 0.08


def test_emerging_names_are_absent_from_the_kb_and_keep_their_uri(emerging_runs, bundled_kb):
    kb_names = {r[0] for r in bundled_kb.select(PREFIXES + """SELECT DISTINCT ?n WHERE {
        { ?e rdfs:label ?n } UNION { ?e skos:altLabel ?n } FILTER(LANG(?n) = "en") }""")}
    kb_names |= {re.sub(r" \([^()]*\)$", "", n) for n in kb_names}
    seen = 0
    for d in emerging_runs[0.3].corpus.documents:
        by_uri: dict[str, list[str]] = {}
        for m in d.mentions:
            (u,) = m.uris
            if u.startswith(EMERGING_NAMESPACE):
                by_uri.setdefault(u, []).append(m.surface)
        for u, surfaces in by_uri.items():
            # one name, one URI, throughout the document: the made-up name (the URI's), or (surface forms, the
            # default since the thirteenth session) a shorter form of it, a word that may be a KB name: a made-up
            # person's family name after the first mention ("Thomas"), a made-up company without its designator
            # ("Flores" for Flores PLC, as news names companies: pipeline.DocumentMaker._form_chooser)
            def words(text: str) -> set[str]:
                return set(re.split(r"[\s_-]+", text.lower()))

            # the URI's name: "Riley_Reed" for Riley-Reed, before the tag of its document (made_up_uri)
            name = words(unquote(u.rsplit("/", 1)[1].rsplit("_", 1)[0]))
            assert all(words(s) <= name for s in surfaces), (u, surfaces)
            whole = [s for s in surfaces if words(s) == name]
            assert not set(whole) & kb_names
            seen += bool(whole)
    assert seen >= 5
    assert check_gold(emerging_runs[0.3].corpus, bundled_kb)["emerging_uris_checked"] >= 5


def test_a_made_up_uri_names_one_entity_of_one_document(emerging_runs):
    """A made-up entity lives in its document: the same Faker name drawn in two documents is two entities with two
    URIs (one URI for "Smith and Sons" of London in one document and of a Polish county in another made them one
    entity of the gold; a new user's reading, 7 December 2026). Checked over every document of the run."""
    documents_of: dict[str, set[str]] = {}
    for d in emerging_runs[0.3].corpus.documents:
        for m in d.mentions:
            (u,) = m.uris
            if u.startswith(EMERGING_NAMESPACE):
                documents_of.setdefault(u, set()).add(d.uri)
    assert documents_of and all(len(docs) == 1 for docs in documents_of.values())
    assert all(re.fullmatch(r"[0-9a-f]{8}", u.rsplit("_", 1)[1]) for u in documents_of)


def test_made_up_english_names_write_mc_as_english_does():
    # Faker's list has "Mcdonald", "Mckinney"; like-reuters128 wrote "the record label Mcdonald"
    placer = EmergingPlacer(0.5, {}, lambda name: False)
    placer._faker.seed_instance(0)
    names = [placer._name(kind) for kind in ("person", "company") for _ in range(3000)]
    mc = [n for n in names if "Mc" in n]
    assert len(mc) >= 10  # the list holds 34 Mc names of 1,000
    assert not [n for n in mc if re.search(r"\bMc[a-z]", n)]
    assert all(re.search(r"\bMc[A-Z][a-z]", n) for n in mc)
    # and its Irish O' names without their apostrophe ("Oconnell Group", "Obrien-Vasquez" in like-reuters128)
    assert not [n for n in names if re.search(r"\bO(?:brien|connell|connor|donnell|neal|neill)\b", n)]
    irish = [n for n in names if re.search(r"\bO'[A-Z][a-z]+", n)]
    assert len(irish) >= 5
    assert all(re.search(r"\bO'(?:Brien|Connell|Connor|Donnell|Neal|Neill)\b", n) for n in irish)
    assert [n for n in names if re.search(r"\bOliver\b|\bOrtiz\b", n)]  # other O names stay as they are


DBO = "http://dbpedia.org/ontology/"


def test_strict_roles_put_no_made_up_entity_in_a_fact_about_a_kb_entity():
    """By hand: with ``--emerging-roles strict`` a KB band keeps its label (no stand-in), no made-up label or
    subsidiary is added to a KB band or company, and every added fact's subject is made up ("Jane Doe was born in
    Chester"); ``news`` (the default) replaces the label. A bad value is a usage error."""
    def e(name, cls):
        return Entity(DBR + name, name.replace("_", " "), (DBO + cls,))

    band, label, town = e("Love/Hate", "Band"), e("Columbia_Records", "RecordLabel"), e("Chester", "Town")
    firm = e("Sony", "Company")
    sub = Subgraph(band, (Unit(band, DBO + "recordLabel", (label,)), Unit(band, DBO + "hometown", (town,)),
                          Unit(firm, DBO + "location", (town,))))
    kinds = {"person": {DBO + "Person"}, "company": {DBO + "RecordLabel", DBO + "Company"}, "team": set(),
             "settlement": {DBO + "Town"}, "place": {DBO + "Town"}, "band": {DBO + "Band"}}
    for seed in range(5):
        strict = EmergingPlacer(0.9, kinds, lambda name: False, roles="strict").place(sub, random.Random(seed))
        assert [u for u in strict.units if u in sub.units] == list(sub.units)  # nothing replaced
        added = [u for u in strict.units if u not in sub.units]
        assert added  # the share is short: facts are added
        for u in added:  # each about a made-up entity, none about a KB one
            assert u.subject.uri.startswith(EMERGING_NAMESPACE), (u.subject.uri, u.prop)
        news = EmergingPlacer(0.9, kinds, lambda name: False).place(sub, random.Random(seed))
        assert any(u.subject.uri == band.uri and u.prop == DBO + "recordLabel"
                   and u.objects[0].uri.startswith(EMERGING_NAMESPACE) for u in news.units)
    with pytest.raises(ValueError):
        EmergingPlacer(0.5, kinds, lambda name: False, roles="loose")
    with pytest.raises(UsageError):
        GenerateConfig(emerging=0.5, emerging_roles="loose")


def test_made_up_entities_stand_in_only_where_news_names_unknowns():
    """By hand: Warsaw as Poland's capital, Tusk as its leader, Brown as Blair's successor and a
    county's village are facts a reader knows or checks (a made-up value is a falsehood), and so is a KB band's
    former member ("Ricky Woods was a member of One Direction"); a label is a role an entity outside the KB
    plausibly fills."""
    def e(name, cls):
        return Entity(DBR + name, name.replace("_", " "), (DBO + cls,))

    poland, band, county = e("Poland", "Country"), e("Love/Hate", "Band"), e("Biłgoraj_County", "AdministrativeRegion")
    warsaw, tusk, member = e("Warsaw", "City"), e("Donald_Tusk", "Politician"), e("Leonard_Oneal", "MusicalArtist")
    label, village = e("Columbia_Records", "RecordLabel"), e("Tarnogród", "Village")
    brown, blair = e("Gordon_Brown", "Politician"), e("Tony_Blair", "Politician")
    sub = Subgraph(poland, (
        Unit(poland, DBO + "capital", (warsaw,)), Unit(poland, DBO + "leader", (tusk,)),
        Unit(band, DBO + "formerBandMember", (member,)), Unit(band, DBO + "recordLabel", (label,)),
        Unit(county, DBO + "part", (village,)), Unit(blair, DBO + "successor", (brown,)),
        Unit(member, DBO + "birthPlace", (warsaw,))))  # Warsaw is also a birth place: still a capital
    allowed = {x.uri for x in (warsaw, tusk, member, label, village, brown, blair) if plausible_stand_in(x, sub)}
    assert allowed == {label.uri}
    # a made-up office-holder before a real one is refused on the subject side ("X was succeeded by Brown")
    assert not plausible_stand_in(blair, Subgraph(blair, (Unit(blair, DBO + "successor", (brown,)),)))
    # a KB company's owner and a KB person's influence: "The company Dell is owned by Chambers", "Haruki Murakami
    # was influenced by Sierra Salinas" (a new user's reading, 7 December 2026); a collaborator stays
    dell, owner = e("Dell", "Company"), e("Michael_Dell", "Businessperson")
    murakami, carver = e("Haruki_Murakami", "Writer"), e("Raymond_Carver", "Writer")
    for prop, subject, obj in (("owningCompany", dell, owner),
                               ("parentCompany", dell, e("Dell_Technologies", "Company")),
                               ("distributingLabel", label, e("Sony_Music", "RecordLabel")),
                               ("influencedBy", murakami, carver), ("influenced", carver, murakami)):
        assert not plausible_stand_in(obj, Subgraph(subject, (Unit(subject, DBO + prop, (obj,)),))), prop
    assert plausible_stand_in(member, Subgraph(band, (Unit(band, DBO + "associatedMusicalArtist", (member,)),)))
    kinds = {"person": {DBO + "Politician", DBO + "MusicalArtist"}, "company": {DBO + "RecordLabel"},
             "team": set(), "settlement": {DBO + "City", DBO + "Village"}}
    placed = EmergingPlacer(1.0, kinds, lambda name: False).place(sub, random.Random(1))
    # the made-up label then hosts facts of its own (its key person or subsidiary: properties sub has none of; no
    # KB entity here is of a host kind "place" or "band")
    kept = [u for u in placed.units if u.prop in {u0.prop for u0 in sub.units}]
    assert len(kept) == len(sub.units) and len(placed.units) > len(sub.units)
    replaced = {o0.uri for u0, u in zip(sub.units, kept) for o0, o in zip(u0.objects, u.objects)
                if o0.uri != o.uri}
    assert replaced == {label.uri}
    assert placed.units[0].objects == (warsaw,) and placed.units[1].objects == (tusk,)


def test_a_made_up_person_never_stands_in_for_an_entity_that_is_a_band_elsewhere():
    """--like conllpp (seed 8): "The band Anthrax … has teamed up with Kathleen Brown … Brown, whose genre is
    thrash metal, counts Nancy Stephens and Dave Mustaine among its members.": a band the KB also types a
    musical artist is a person as an associatedMusicalArtist (the range) and a band as the subject of
    bandMember; a made-up person stood in for both."""
    anthrax = Entity(DBR + "Anthrax_(American_band)", "Anthrax", (DBO + "Band",))
    as_artist = Entity(DBR + "Megadeth", "Megadeth", (DBO + "MusicalArtist",))
    as_band = Entity(DBR + "Megadeth", "Megadeth", (DBO + "Band",))
    mustaine = Entity(DBR + "Dave_Mustaine", "Dave Mustaine", (DBO + "MusicalArtist",))
    kinds = {"person": {DBO + "MusicalArtist"}, "company": set(), "team": set(), "settlement": set()}
    both = Subgraph(anthrax, (Unit(anthrax, DBO + "associatedMusicalArtist", (as_artist,)),
                              Unit(as_band, DBO + "bandMember", (mustaine,))))
    for seed in range(5):
        placed = EmergingPlacer(0.9, kinds, lambda name: False).place(both, random.Random(seed))
        assert placed.units[0].objects == (as_artist,) and placed.units[1].subject == as_band
    # named only as an artist, it may be replaced
    alone = Subgraph(anthrax, (Unit(anthrax, DBO + "associatedMusicalArtist", (as_artist,)),))
    placed = EmergingPlacer(0.9, kinds, lambda name: False).place(alone, random.Random(1))
    assert placed.units[0].objects != (as_artist,)


def test_made_up_entities_are_added_beside_hosts_when_none_may_stand_in():
    """Poland's capital and leader may not be made up; at a share of 2/9 the placer adds facts about
    new entities beside the two places instead: 5 occurrences (the seed once, four in the facts), each
    added fact one made-up and one KB occurrence, so two facts (2/9; a third host is none), each
    right after the first fact naming its host, a person born there or a company based there."""
    def e(name, cls):
        return Entity(DBR + name, name, (DBO + cls,))

    poland, warsaw, tusk = e("Poland", "Country"), e("Warsaw", "City"), e("Donald_Tusk", "Politician")
    sub = Subgraph(poland, (Unit(poland, DBO + "capital", (warsaw,)), Unit(poland, DBO + "leader", (tusk,))))
    kinds = {"person": {DBO + "Politician"}, "company": set(), "team": set(), "settlement": {DBO + "City"},
             "place": {DBO + "Country", DBO + "City"}, "band": set()}
    placed = EmergingPlacer(2 / 9, kinds, lambda name: False).place(sub, random.Random(3))
    assert len(placed.units) == 4
    assert placed.units[0] == sub.units[0] and placed.units[3] == sub.units[1]
    added = placed.units[1:3]
    assert [u.objects for u in added] == [(poland,), (warsaw,)]
    for u in added:
        # the URI: the namespace, the name's ASCII letters and digits (runs of others as "_") and the first 8 hex
        # digits of the SHA-256 of the document's seed URI
        tag = hashlib.sha256(poland.uri.encode("utf-8")).hexdigest()[:8]
        assert u.subject.uri == (EMERGING_NAMESPACE + re.sub(r"[^A-Za-z0-9]+", "_", u.subject.label).strip("_")
                                 + "_" + tag)
        assert (u.prop, u.subject.classes) in {(DBO + "birthPlace", (DBO + "Person",)),
                                               (DBO + "headquarter", (DBO + "Company",)),
                                               (DBO + "location", (DBO + "Company",))}
    assert EmergingPlacer(0.1, kinds, lambda name: False).place(sub, random.Random(3)) == sub  # 1/7 > 0.1
    # a category is no host: "has its headquarters in Counties of Iran"
    counties = e("Counties of Iran", "Country")
    sub = Subgraph(poland, (Unit(poland, DBO + "type", (counties,)),))
    placed = EmergingPlacer(0.5, kinds, lambda name: False).place(sub, random.Random(3))
    assert all(counties not in u.objects for u in placed.units[1:])
    # a time zone typed as a place is no host: "has its headquarters in Iran Standard Time"
    irst = e("Iran_Standard_Time", "City")
    sub = Subgraph(poland, (Unit(poland, DBO + "timeZone", (irst,)),))
    placed = EmergingPlacer(0.5, kinds, lambda name: False).place(sub, random.Random(3))
    assert all(irst not in u.objects for u in placed.units[1:])


def test_made_up_entities_host_facts_when_kb_hosts_leave_the_share_short():
    """By hand, the Poland subgraph above at a share of 0.5: beside the two KB places, two facts give 2 made-up
    occurrences of 9 (0.22). Then each fact about a made-up host adds two made-up occurrences: 4/11 (0.36),
    6/13 (0.46), and a third would give 8/15 (0.53, above the share): two facts, each about a made-up host (a
    person's employer, a company's key person or subsidiary, at most two of a property), each after the first
    fact that names its host (a host added in this step included)."""
    def e(name, cls):
        return Entity(DBR + name, name, (DBO + cls,))

    poland, warsaw, tusk = e("Poland", "Country"), e("Warsaw", "City"), e("Donald_Tusk", "Politician")
    sub = Subgraph(poland, (Unit(poland, DBO + "capital", (warsaw,)), Unit(poland, DBO + "leader", (tusk,))))
    kinds = {"person": {DBO + "Politician", DBO + "Person"}, "company": {DBO + "Company"}, "team": set(),
             "settlement": {DBO + "City"}, "place": {DBO + "Country", DBO + "City"}, "band": set()}
    for seed in range(6):
        placed = EmergingPlacer(0.5, kinds, lambda name: False).place(sub, random.Random(seed))
        assert len(placed.units) == 6
        made_up = [x for u in placed.units for x in (u.subject, *u.objects) if x.uri.startswith(EMERGING_NAMESPACE)]
        assert len(made_up) == 6  # of 13: the seed once, four in the KB facts, two KB hosts, six made up
        phase_two = [u for u in placed.units if all(x.uri.startswith(EMERGING_NAMESPACE)
                                                     for x in (u.subject, *u.objects))]
        assert len(phase_two) == 2
        for u in phase_two:
            assert u.prop in (DBO + "employer", DBO + "keyPerson", DBO + "subsidiary")
            host, new = u.subject, u.objects[0]  # the made-up host is the subject of all three
            at = placed.units.index(u)
            assert any(host in (v.subject, *v.objects) for v in placed.units[:at])  # named before
            assert not any(new in (v.subject, *v.objects) for v in placed.units[:at])  # new here
            assert host.classes[0] == DBO + ("Person" if u.prop == DBO + "employer" else "Company")
        props = [u.prop for u in placed.units]
        assert all(props.count(p) <= 2 for p in set(props) - {DBO + "capital", DBO + "leader"})


def test_the_gold_check_refuses_an_emerging_uri_that_the_kb_has(bundled_kb):
    doc = Document("http://bengal.invalid/corpus/x/1", "Albert Einstein", (
        Mention(0, 15, "Albert Einstein", frozenset({DBR + "Albert_Einstein"})),))
    check_gold(Corpus((doc,)), bundled_kb)

    class Spoofed:  # a KB that has a label for the emerging URI
        def select(self, query):
            if EMERGING_NAMESPACE in query:
                return [(EMERGING_NAMESPACE + "Jane_Roe",)]
            return bundled_kb.select(query)

    doc2 = Document("http://bengal.invalid/corpus/x/2", "Jane Roe", (
        Mention(0, 8, "Jane Roe", frozenset({EMERGING_NAMESPACE + "Jane_Roe"})),))
    with pytest.raises(GoldError, match="emerging-entity URIs are entities of the KB"):
        check_gold(Corpus((doc2,)), Spoofed())


def test_linking_an_emerging_mention_to_the_kb_is_wrong():
    text = "Jane Roe met Albert Einstein."
    gold = Corpus((Document("d", text, (
        Mention(0, 8, "Jane Roe", frozenset({EMERGING_NAMESPACE + "Jane_Roe"})),
        Mention(13, 28, "Albert Einstein", frozenset({DBR + "Albert_Einstein"})))),))
    linked = Corpus((Document("d", text, (
        Mention(0, 8, "Jane Roe", frozenset({DBR + "Jane_Roe"})),
        Mention(13, 28, "Albert Einstein", frozenset({DBR + "Albert_Einstein"})))),))
    nil = Corpus((Document("d", text, (
        Mention(0, 8, "Jane Roe", frozenset()),
        Mention(13, 28, "Albert Einstein", frozenset({DBR + "Albert_Einstein"})))),))
    wrong = score(gold, linked, task="a2kb")
    # by hand: Einstein right (tp 1); Jane Roe linked into the KB: a false positive and a miss
    assert (wrong.micro.tp, wrong.micro.fp, wrong.micro.fn) == (1, 1, 1)
    assert wrong.ee is not None and wrong.ee.micro.tp == 0 and wrong.ee.micro.fn == 1
    right = score(gold, nil, task="a2kb")  # NIL matches an emerging entity
    assert (right.micro.tp, right.micro.fp, right.micro.fn) == (2, 0, 0)
    assert right.ee is not None and right.ee.micro.tp == 1


def test_nil_in_the_written_nif_and_jsonl_and_same_bytes(bundled_kb, tmp_path):
    config = GenerateConfig(docs=4, seed=2, strategy="hybrid", emerging=0.3, ambiguity=0.5)
    a, b = generate(bundled_kb, config), generate(bundled_kb, config)
    out = {}
    for name, g in (("a", a), ("b", b)):
        for ext, fmt in (("ttl", "nif"), ("jsonl", "jsonl")):
            write_corpus(g.corpus, tmp_path / f"{name}.{ext}", fmt)
            out[name, ext] = (tmp_path / f"{name}.{ext}").read_bytes()
    assert out["a", "ttl"] == out["b", "ttl"] and out["a", "jsonl"] == out["b", "jsonl"]  # same seed, same bytes
    assert f"<{EMERGING_NAMESPACE}".encode() in out["a", "ttl"]  # itsrdf:taIdentRef of an emerging entity
    uris = [u for line in out["a", "jsonl"].decode().splitlines() for m in json.loads(line)["mentions"]
            for u in m["uris"]]
    assert any(u.startswith(EMERGING_NAMESPACE) for u in uris)
    assert a.stats["emerging"]["target"] == 0.3 and 0 <= a.stats["ambiguity"]["share"] <= 1
    # bengal stats counts them as NIL / emerging (GERBIL: a URI outside DBpedia's namespace), as it
    # counts Reuters-128's notInWiki ones: the like presets' nil_share target is met by --emerging
    emerging = sum(1 for d in a.corpus.documents for m in d.mentions
                   if m.uris and all(u.startswith(EMERGING_NAMESPACE) for u in m.uris))
    shape = measure_corpus(a.corpus, name_index(bundled_kb)).values
    assert emerging > 0 and shape["nil_share"] == pytest.approx(emerging / a.corpus.mention_count)
    c = generate(bundled_kb, config, jobs=2, kb_opener=open_kb)  # --jobs 2: the same corpus
    assert c.corpus == a.corpus


@pytest.mark.parametrize("kw", [{"ambiguity": 1.5}, {"ambiguity": -0.1}, {"emerging": 1.0}, {"emerging": -0.2}])
def test_dial_values_out_of_range(kw):
    with pytest.raises(UsageError):
        GenerateConfig(**kw)


def test_emerging_types_weigh_the_kinds_made_up():
    """By hand: with company=1 no person is made up (a person's role then keeps its KB entity), with
    person=1 no company; the weights are normalised; each kind's facts are its own."""
    assert GenerateConfig(emerging=0.3, emerging_types=("company=3", "person=1")).emerging_weights() == \
        {"company": 0.75, "person": 0.25}
    assert GenerateConfig(emerging=0.3).emerging_weights() is None

    def e(name, cls):
        return Entity(DBR + name, name, (DBO + cls,))

    poland, warsaw, band = e("Poland", "Country"), e("Warsaw", "City"), e("Love/Hate", "Band")
    member, label = e("Leonard_Oneal", "MusicalArtist"), e("Columbia_Records", "RecordLabel")
    sub = Subgraph(poland, (Unit(poland, DBO + "capital", (warsaw,)), Unit(band, DBO + "formerBandMember", (member,)),
                            Unit(band, DBO + "recordLabel", (label,))))
    kinds = {"person": {DBO + "MusicalArtist"}, "company": {DBO + "RecordLabel"}, "team": set(),
             "settlement": {DBO + "City"}, "place": {DBO + "Country", DBO + "City"}, "band": {DBO + "Band"}}
    made = {}
    for kind in ("company", "person"):
        out = []
        for seed in range(20):
            placed = EmergingPlacer(0.6, kinds, lambda name: False, weights={kind: 1.0}).place(sub, random.Random(seed))
            out += [x for u in placed.units for x in (u.subject, *u.objects) if x.uri.startswith(EMERGING_NAMESPACE)]
        made[kind] = {x.classes[0] for x in out}
    assert made["company"] and made["company"] <= {DBO + "RecordLabel", DBO + "Company"}
    assert made["person"] and made["person"] <= {DBO + "MusicalArtist", DBO + "Person"}
    # the strategies ask only for facts whose object may be made up
    placer = EmergingPlacer(0.6, kinds, lambda name: False, weights={"company": 1.0})
    assert placer.wants(DBO + "recordLabel", label) and not placer.wants(DBO + "formerBandMember", member)


@pytest.mark.parametrize("types", [("robot=1",), ("person",), ("person=-1",), ("person=x",), ("person=0",),
                                   ("person=1", "person=2")])
def test_emerging_types_refused(types):
    with pytest.raises(UsageError, match="--emerging-types"):
        GenerateConfig(emerging=0.2, emerging_types=types)


def test_emerging_types_from_the_command_line_and_a_recipe(tmp_path):
    from bengal.workflows.generate_files import generate_config

    assert generate_config(like="reuters128").emerging_weights() == {"company": 1.0}
    assert generate_config(like="reuters128", emerging_types=("person=1",)).emerging_weights() == {"person": 1.0}
    ran = bengal("generate", "--docs", "3", "--emerging", "0.3", "--emerging-types", "company=1", "-q",
                 "-o", "x.jsonl", cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    manifest = json.loads((tmp_path / "x.jsonl.manifest.json").read_text())
    assert manifest["parameters"]["emerging_types"] == ["company=1"]
