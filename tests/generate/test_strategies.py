"""The five strategies, sentence bounds, density targets, --jobs and presets on the bundled KB.

Independent checks: the facts a strategy picks are looked up as triples in the
pyoxigraph store directly (not through bengal's SPARQL text); sentence counts are
recounted from the text and the gold spans; densities are recounted with spaCy.
Corpora are 100 documents or fewer and shared per module.
"""

from __future__ import annotations

import json
import random
import re

import pyoxigraph as ox
import pytest
from cli_helpers import bengal

from bengal.generate import GenerateConfig, generate
from bengal.generate.kbview import Entity, entities, incoming_property_counts, load_ontology, outgoing_facts
from bengal.generate.pipeline import DocumentMaker
from bengal.generate.strategies import (
    HUB_RATIO,
    STRATEGIES,
    FactSource,
    StrategyContext,
    Subgraph,
    Unit,
    distinct_names,
    memberships_said,
    without_restated_qualifiers,
)
from bengal.tokens import sentences
from bengal.workflows.generate_files import generate_files

DBR = "http://dbpedia.org/resource/"

STRATEGY_NAMES = ("star", "sym", "path", "hybrid", "summary")
DBO = "http://dbpedia.org/ontology/"


def count_sentences(doc) -> int:
    """Sentence ends in the text: a full stop followed by a space or the end of the text,
    not inside a gold span; or a gold span ending in a full stop ("Washington, D.C.") that
    ends the text or is followed by a space and a capital (the sentence's own stop is dropped)."""
    text = doc.text
    inside = set()
    span_ends = set()
    for m in doc.mentions:
        inside.update(range(m.begin, m.end))
        span_ends.add(m.end)
    n = 0
    for i, ch in enumerate(text):
        if ch != "." or (i + 1 < len(text) and text[i + 1] != " "):
            continue
        if i not in inside:
            n += 1
        elif i + 1 in span_ends and (i + 1 == len(text) or text[i + 2 : i + 3].isupper()):
            n += 1
    return n


@pytest.fixture(scope="module")
def corpora(bundled_kb):
    """{(strategy, level): Generated} for 100-document corpora, seed 4, sentences 2 to 6."""
    out = {}
    for strategy in STRATEGY_NAMES:
        for level in ("low", "medium", "high"):
            config = GenerateConfig(docs=100, density=level, strategy=strategy, seed=4, min_sentences=2,
                                    max_sentences=6)
            out[strategy, level] = generate(bundled_kb, config)
    return out


@pytest.mark.parametrize("strategy", STRATEGY_NAMES)
def test_density_presets_within_15_percent(corpora, strategy):
    import spacy

    nlp = spacy.blank("en")
    for level, target in (("low", 0.15), ("medium", 0.18), ("high", 0.21)):
        corpus = corpora[strategy, level].corpus
        mentions = sum(len(d.mentions) for d in corpus)
        tokens = sum(len(nlp(d.text)) for d in corpus)
        assert len(corpus) == 100
        # sym's low target sits at the KB's floor: 0.1722 with this seed before the acts the KB leaves undecided
        # between a person and a band lost their class noun ("the band Bonnie Tyler", issue 11), 0.1737 after (seeds
        # 5-7: 0.1688, 0.1594, 0.1700 before, 0.1697, 0.1622, 0.1724 after): a description the text no longer says
        slack = 0.16 if (strategy, level) == ("sym", "low") else 0.15
        assert abs(mentions / tokens - target) <= slack * target, (strategy, level, mentions / tokens)


@pytest.mark.parametrize("strategy", STRATEGY_NAMES)
def test_sentence_bounds_hold_for_every_document(bundled_kb, corpora, strategy):
    # news-length sentences (the default): the range is a number of sentences, fewer when the facts are too few
    # (at most ceil(facts / 3), the minimum only while every sentence keeps two facts); the short planner: a number
    # of facts, joined 1-3 a sentence, and the opening type sentence, so 2 to 6 sentences
    short = {level: generate(bundled_kb, GenerateConfig(docs=30, density=level, strategy=strategy, seed=4,
                                                        min_sentences=2, max_sentences=6, sentence_length="short"))
             for level in ("low", "high")}
    for level in ("low", "high"):
        for g, least in ((corpora[strategy, level], 1), (short[level], 2)):
            counts = g.stats["sentences_per_document"]
            assert len(counts) == len(g.corpus)
            written = [count_sentences(doc) for doc in g.corpus]
            for doc, recorded, n in zip(g.corpus, counts, written):
                assert recorded == len(sentences(doc.text)), doc.text  # as bengal stats counts them
                assert least <= n <= 6, doc.text
            assert sum(counts) == g.stats["sentences"]
            assert sum(written) == g.stats["sentences_written"]


@pytest.mark.parametrize("strategy", STRATEGY_NAMES)
def test_text_is_clean(corpora, strategy):
    for doc in corpora[strategy, "medium"].corpus:
        assert "http" not in doc.text and "_" not in doc.text, doc.text
        assert doc.text[:1].isupper() or doc.mentions[0].begin == 0, doc.text
        assert ".." not in doc.text and "  " not in doc.text, doc.text
        for m in doc.mentions:
            assert doc.text[m.begin:m.end] == m.surface
            # no disambiguation left ("Wale (rapper)"); a title's own parenthesis stays ("While(1 Is Less Than 2)")
            assert not re.search(r" \([^()]*\)$", m.surface), m.surface


def test_float_density_target_for_path(bundled_kb):
    g = generate(bundled_kb, GenerateConfig(docs=60, density="0.16", strategy="path", seed=9))
    assert g.stats["density"] == pytest.approx(0.16, rel=0.15)
    assert "density_reach" not in g.stats  # reached: the manifest has nothing to explain


def test_a_density_out_of_reach_is_explained_in_the_manifest(bundled_kb):
    # Reuters-128's 0.05 mentions per token: each fact names its object, and the sample has few facts without one
    g = generate(bundled_kb, GenerateConfig(docs=10, density="0.04", strategy="star", seed=9))
    reached = g.stats["density"]
    assert reached > 0.04 * 1.15
    reach = g.stats["density_reach"]
    assert reach["within_15pct"] is False and reach["side"] == "below"
    assert reach["off_by"] == pytest.approx(reached / 0.04 - 1, abs=2e-5)  # density has 6 decimals, ÷ 0.04
    assert "each fact names its object" in reach["why"]


# -- the strategies' subgraphs, checked against the store's triples ---------------------------------

@pytest.fixture(scope="module")
def subgraphs(bundled_kb):
    """{strategy: [(seed Entity, Subgraph)]} for the first 15 usable seeds of seed order 3."""
    config = GenerateConfig(docs=15, seed=3)
    maker = DocumentMaker(bundled_kb, config)
    onto = load_ontology(bundled_kb)
    from bengal.generate.kbview import seed_candidates
    order = seed_candidates(bundled_kb, onto, config.class_iris())
    random.Random(3).shuffle(order)
    facts = FactSource(bundled_kb, onto)
    out = {}
    for name in STRATEGY_NAMES:
        found = []
        for uri in order[:400]:
            info = entities(bundled_kb, onto, [uri])[uri]
            ctx = StrategyContext(info, facts, random.Random(uri), maker.can_list,
                                  outgoing_facts(bundled_kb, onto, uri))
            sub = STRATEGIES[name](ctx, 5, 2)
            if sub is not None:
                found.append((info, sub))
            if len(found) == 15:
                break
        out[name] = found
    return out


def has_triple(kb, s, p, o) -> bool:
    return any(True for _ in kb.store.quads_for_pattern(ox.NamedNode(s), ox.NamedNode(p), ox.NamedNode(o)))


@pytest.mark.parametrize("strategy", STRATEGY_NAMES)
def test_every_fact_is_a_triple_of_the_kb(bundled_kb, subgraphs, strategy):
    assert len(subgraphs[strategy]) == 15
    for _, sub in subgraphs[strategy]:
        assert 2 <= len(sub.units) <= 5
        for u in sub.units:
            for o in u.objects:
                assert has_triple(bundled_kb, u.subject.uri, u.prop, o.uri), (u.subject.uri, u.prop, o.uri)


def test_star_and_summary_say_facts_of_the_seed_only(subgraphs):
    for name in ("star", "summary"):
        for seed, sub in subgraphs[name]:
            assert all(u.subject.uri == seed.uri for u in sub.units)


def test_sym_has_genuine_incoming_facts(bundled_kb, subgraphs):
    for seed, sub in subgraphs["sym"]:
        incoming = [u for u in sub.units if u.subject.uri != seed.uri]
        assert incoming, "every sym document has an incoming fact"
        for u in incoming:
            assert [o.uri for o in u.objects] == [seed.uri]
            # the stored triple is (subject, p, seed): checked in the store, not reversed
            assert has_triple(bundled_kb, u.subject.uri, u.prop, seed.uri)
        said = [o.uri for u in sub.units if u.subject.uri == seed.uri for o in u.objects]
        assert not {u.subject.uri for u in incoming} & set(said), "an entity linked both ways is said once"


def test_path_is_a_walk_to_unvisited_entities(subgraphs, bundled_kb):
    facts = FactSource(bundled_kb, load_ontology(bundled_kb))
    stayed = 0
    for seed, sub in subgraphs["path"]:
        visited = [seed.uri]
        current = seed.uri
        for u in sub.units:
            if u.subject.uri == current and current != visited[-1]:
                # the walk stays only where the object just named is a hub: many more facts of the
                # KB point at it than it has (the United States: 2,155 and one)
                into = sum(incoming_property_counts(bundled_kb, visited[-1]).values())
                assert into > HUB_RATIO * max(len(facts.outgoing(visited[-1])), 1)
                stayed += 1
            else:
                assert u.subject.uri == visited[-1]
            current = u.subject.uri
            (o,) = u.objects
            assert o.uri not in visited
            visited.append(o.uri)
    assert stayed > 0


def test_hubs_of_the_bundled_sample(bundled_kb):
    # counted by hand with SPARQL on the bundled sample: (facts pointing at it, its own facts)
    facts = FactSource(bundled_kb, load_ontology(bundled_kb))
    assert facts.hub(DBR + "United_States")  # 2,155 and 1
    assert facts.hub(DBR + "Germany")  # 1,106 and 2
    assert not facts.hub(DBR + "France")  # 229 and 13: 229 < 30 * 13
    assert facts.hub(DBR + "Romania")  # 70 and 2: 70 > 30 * 2
    assert not facts.hub(DBR + "Hungary")  # 20 and 1: 20 < 30 * 1


def test_hybrid_stays_or_moves(subgraphs):
    moved = stayed = 0
    for seed, sub in subgraphs["hybrid"]:
        visited = [seed.uri]
        current = seed.uri
        for u in sub.units:
            assert u.subject.uri in visited
            if u.subject.uri == current:
                stayed += 1
            else:
                assert u.subject.uri == visited[-1], "a move goes to the object just named"
                moved += 1
            current = u.subject.uri
            (o,) = u.objects
            assert o.uri not in visited
            visited.append(o.uri)
    assert moved and stayed


def test_summary_orders_properties_by_frequency(bundled_kb, subgraphs):
    counts = {}
    for seed, sub in subgraphs["summary"]:
        for u in sub.units:
            if u.prop not in counts:
                counts[u.prop] = sum(1 for q in bundled_kb.store.quads_for_pattern(None, ox.NamedNode(u.prop), None)
                                     if isinstance(q.object, ox.NamedNode))
        freqs = [counts[u.prop] for u in sub.units]
        assert freqs == sorted(freqs, reverse=True), [u.prop for u in sub.units]


# -- --jobs and presets -------------------------------------------------------------------------------

@pytest.mark.parametrize("options", [
    {"strategy": "hybrid"},
    # weighted classes: one _make_documents call (a session of the workers) per class, each with both passes
    {"classes": ("dbo:Place=0.6", "dbo:Person=0.4")},
])
def test_jobs_2_gives_the_same_bytes_as_jobs_1(tmp_path, options):
    outs = []
    for jobs in (1, 2):
        folder = tmp_path / f"j{jobs}"
        folder.mkdir()
        generate_files(folder / "c.ttl", GenerateConfig(docs=40, seed=8, **options), jobs=jobs)
        outs.append(((folder / "c.ttl").read_bytes(), (folder / "c.ttl.manifest.json").read_bytes()))
    assert outs[0] == outs[1]


def test_corpus_made_is_told_the_corpus_before_the_statistics(bundled_kb):
    # bengal generate starts the gold checks' forked round trips with it (bengal.generate.checks.GoldCheck)
    seen = []
    generated = generate(bundled_kb, GenerateConfig(docs=3, seed=1), corpus_made=seen.append)
    assert len(seen) == 1 and seen[0] is generated.corpus and generated.stats["documents"] == 3


def test_list_presets_names_all_recipes(tmp_path):
    proc = bengal("generate", "--list-presets", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    names = [line.split()[0] for line in proc.stdout.splitlines()]
    assert names == ([f"B{i}" for i in range(1, 11)] + [f"P{i}" for i in range(1, 5)] + [f"S{i}" for i in range(1, 5)]
                     + ["high"] + [f"like-{n}" for n in ("conllpp", "kore50", "oke2015", "reuters128", "rss500",
                                                          "spotlight")] + ["low", "medium"])


def test_preset_values_and_command_line_override(tmp_path):
    proc = bengal("generate", "--preset", "B5", "--docs", "12", "--seed", "2", "-q", "-o", "b5.ttl", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    params = json.loads((tmp_path / "b5.ttl.manifest.json").read_text())["parameters"]
    assert (params["strategy"], params["docs"], params["seed"], params["preset"]) == ("sym", 12, 2, "B5")
    proc = bengal("generate", "--preset", "low", "--strategy", "path", "--docs", "10", "-q", "-o", "low.ttl",
                  cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    params = json.loads((tmp_path / "low.ttl.manifest.json").read_text())["parameters"]
    assert (params["density"], params["strategy"], params["docs"]) == ("low", "path", 10)


@pytest.mark.parametrize("args, message", [
    (("--preset", "B11"), "unknown preset 'B11'"),
    (("--strategy", "tree"), "unknown --strategy 'tree'"),
    (("--min-sentences", "5", "--max-sentences", "4"), "--min-sentences (5) is above --max-sentences (4)"),
    (("--jobs", "0"), "--jobs must be at least 1"),
    (("--annotate-pronouns",), "--annotate-pronouns needs --pronouns"),
    (("--classes", "dbo:Spaceship"), "unknown class dbo:Spaceship"),
])
def test_bad_generate_options_are_one_line_errors(tmp_path, args, message):
    proc = bengal("generate", *args, "-o", "out.ttl", cwd=tmp_path)
    assert proc.returncode == 2
    lines = [line for line in proc.stderr.strip().splitlines() if not line.startswith("bengal: ")]
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], proc.stderr
    assert not any(tmp_path.iterdir())


def test_a_fact_that_a_place_s_written_name_says_goes_after_its_first_mention():
    """"Clinton was born in Hope, Arkansas. Hope, Arkansas is part of Arkansas." (a copy editor's reading): the
    second fact goes once an earlier fact names Hope (its qualifier is written there); where the fact names it
    first it stays ("Hope is part of Arkansas."), and so does a fact with another object."""
    clinton = Entity(DBR + "Bill_Clinton", "Bill Clinton", (DBO + "Person",))
    hope = Entity(DBR + "Hope,_Arkansas", "Hope, Arkansas", (DBO + "City",))
    arkansas = Entity(DBR + "Arkansas", "Arkansas", (DBO + "AdministrativeRegion",))
    county = Entity(DBR + "Hempstead_County,_Arkansas", "Hempstead County, Arkansas", (DBO + "AdministrativeRegion",))

    def qualifier_of(e):
        return arkansas if e.uri in (hope.uri, county.uri) else None

    sub = Subgraph(clinton, (Unit(clinton, DBO + "birthPlace", (hope,)),
                             Unit(hope, DBO + "isPartOf", (arkansas, county)),
                             Unit(arkansas, DBO + "capital", (hope,))))
    kept, dropped = without_restated_qualifiers(sub, qualifier_of)
    assert dropped == 1
    assert kept.units == (Unit(clinton, DBO + "birthPlace", (hope,)), Unit(hope, DBO + "isPartOf", (county,)),
                          Unit(arkansas, DBO + "capital", (hope,)))
    # named first by the fact itself: it stays, the same subgraph
    first = Subgraph(hope, (Unit(hope, DBO + "isPartOf", (arkansas,)), Unit(arkansas, DBO + "capital", (hope,))))
    assert without_restated_qualifiers(first, qualifier_of) == (first, 0)
    # a unit left without objects goes
    alone = Subgraph(clinton, (Unit(clinton, DBO + "birthPlace", (hope,)), Unit(hope, DBO + "isPartOf", (arkansas,))))
    assert without_restated_qualifiers(alone, qualifier_of)[0].units == (Unit(clinton, DBO + "birthPlace", (hope,)),)


def test_a_loose_link_that_the_kb_gives_as_membership_is_written_as_membership():
    """"Adrian Smith … collaborated with Iron Maiden" (a copy editor's reading, fourteenth session): an associated act
    that the KB also gives as membership becomes that membership fact, for a musician's bands (its incoming
    facts) and a band's members (its outgoing ones); a membership the subgraph says already is not said twice."""
    smith = Entity(DBR + "Adrian_Smith", "Adrian Smith", (DBO + "MusicalArtist",))
    maiden = Entity(DBR + "Iron_Maiden", "Iron Maiden", (DBO + "Band",))
    asap = Entity(DBR + "ASAP_(band)", "ASAP", (DBO + "Band",))
    gillan = Entity(DBR + "Gillan", "Gillan", (DBO + "Band",))
    dickinson = Entity(DBR + "Bruce_Dickinson", "Bruce Dickinson", (DBO + "MusicalArtist",))
    facts_in = {smith.uri: [(DBO + "bandMember", maiden), (DBO + "formerBandMember", asap)]}
    facts_out = {maiden.uri: [(DBO + "bandMember", smith), (DBO + "bandMember", dickinson), (DBO + "genre", gillan)]}

    def incoming(uri):
        return facts_in.get(uri, [])

    def outgoing(uri):
        return facts_out.get(uri, [])

    sub = Subgraph(smith, (Unit(smith, DBO + "associatedBand", (asap, maiden, gillan)),
                           Unit(maiden, DBO + "associatedMusicalArtist", (dickinson,))))
    kept, moved = memberships_said(sub, outgoing, incoming)
    assert moved == 3
    assert kept.units == (Unit(smith, DBO + "associatedBand", (gillan,)),
                          Unit(asap, DBO + "formerBandMember", (smith,)), Unit(maiden, DBO + "bandMember", (smith,)),
                          Unit(maiden, DBO + "bandMember", (dickinson,)))
    # said already: the link just goes, and a unit left without objects goes
    said = Subgraph(smith, (Unit(maiden, DBO + "bandMember", (smith,)), Unit(smith, DBO + "associatedBand", (maiden,))))
    assert memberships_said(said, outgoing, incoming) == (Subgraph(smith, said.units[:1]), 1)
    # no membership in the KB: the same subgraph
    plain = Subgraph(smith, (Unit(smith, DBO + "associatedBand", (gillan,)),))
    assert memberships_said(plain, outgoing, incoming) == (plain, 0)


def test_one_name_names_one_entity_in_a_document():
    # "Ibiza, a city, is part of Ibiza, which is situated in Spain." (like-reuters128, seed 0): the town
    # and the island wrote one surface form with two gold URIs; the one named first keeps the name
    town = Entity(DBR + "Ibiza_(town)", "Ibiza (town)", (DBO + "Town",))
    island = Entity(DBR + "Ibiza", "Ibiza", (DBO + "Island",))
    spain = Entity(DBR + "Spain", "Spain", (DBO + "Country",))
    felipe = Entity(DBR + "Felipe_González", "Felipe González", (DBO + "Person",))
    sub = Subgraph(town, (Unit(town, DBO + "isPartOf", (island, spain)), Unit(island, DBO + "country", (spain,)),
                          Unit(spain, DBO + "leader", (felipe,))))
    kept = distinct_names(sub)
    assert kept.units == (Unit(town, DBO + "isPartOf", (spain,)), Unit(spain, DBO + "leader", (felipe,)))
    # nothing to leave out: the same subgraph, object for object
    plain = Subgraph(town, (Unit(town, DBO + "country", (spain,)),))
    assert distinct_names(plain) is plain
    # a fact about the seed's namesake goes whole, and a unit left without objects goes
    assert distinct_names(Subgraph(town, (Unit(town, DBO + "isPartOf", (island,)),))).units == ()
    # a walk that went on from the left-out entity goes too: nothing kept before names its subject
    walk = Subgraph(town, (Unit(town, DBO + "isPartOf", (island,)), Unit(island, DBO + "country", (spain,)),
                           Unit(spain, DBO + "leader", (felipe,)), Unit(town, DBO + "country", (spain,))))
    assert distinct_names(walk).units == (Unit(town, DBO + "country", (spain,)),)


def test_generated_documents_never_give_one_surface_form_two_uris(bundled_kb):
    # "King Diamond is known as a musician. … King Diamond was associated with the band King Diamond." (sym,
    # seed 0, with --surface-forms --ambiguity 0.5); 2 of 300 like-conllpp documents did too ("TLC" for two channels)
    config = GenerateConfig(docs=1, strategy="sym", seed=0, surface_forms=True, ambiguity=0.5, sentence_length="short")
    made = DocumentMaker(bundled_kb, config).make(DBR + "King_Diamond")
    assert made is not None and "Paul David Harbour" in made.text
    by_surface: dict[str, set[str]] = {}
    for m in made.mentions:
        by_surface.setdefault(m.surface, set()).update(m.uris)
    assert by_surface["King Diamond"] == {DBR + "King_Diamond"}, made.text
    assert all(len(uris) == 1 for uris in by_surface.values()), (made.text, by_surface)
