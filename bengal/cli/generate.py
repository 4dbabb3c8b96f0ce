"""``bengal generate`` → :func:`bengal.workflows.generate_files`.

Options given on the command line override the values of ``--preset`` or ``--like``; the
others fall back to the preset, then to :class:`bengal.generate.GenerateConfig`'s defaults.
"""

from __future__ import annotations

from pathlib import Path

import click
from click.core import ParameterSource

from bengal.cli._app import Waits, echo_lines, progress_bar
from bengal.cli._kbsource import kb_source_options
from bengal.generate.emerging import EMERGING_ROLES
from bengal.generate.mentions import MENTION_MODES
from bengal.generate.strategies import STRATEGIES
from bengal.generate.surface import FIRST_MENTIONS
from bengal.io.formats import uri_formats

#: CLI option name → GenerateConfig field, for the options a preset may set.
_CONFIG_OPTIONS = ("docs", "density", "strategy", "min_sentences", "max_sentences", "seed", "classes", "lang",
                   "surface_forms", "pronouns", "annotate_pronouns", "paraphrase", "sentence_length",
                   "ambiguity", "emerging", "emerging_types", "emerging_roles", "first_mention", "rare_senses",
                   "mentions", "literals")


@click.command()
@click.option("--preset", default=None, help="A recipe from generators/ (B1 … B10, low, medium, high); "
              "options given here override its values.")
@click.option("--like", default=None, metavar="NAME",
              help="A preset shaped like a real corpus: kore50, reuters128, rss500, oke2015, spotlight, conllpp "
              "(generators/like-NAME.toml: the corpus's measured figures and a recipe); the manifest and the "
              "summary give the figures reached and those outside ±20 %; options given here override the recipe.")
@click.option("--list-presets", is_flag=True, help="List the presets and exit.")
@click.option("--docs", type=int, default=100, show_default=True, help="Number of documents.")
@click.option("--density", default="medium", show_default=True,
              help="Gold mentions per token: low, medium, high, or a number such as 0.2.")
@click.option("--strategy", default="star", show_default=True,
              help=f"Subgraph strategy: {', '.join(STRATEGIES)}.")
@click.option("--min-sentences", type=int, default=3, show_default=True,
              help="Fewest sentences per document, fewer when its facts are too few "
                   "(with --sentence-length short: facts).")
@click.option("--max-sentences", type=int, default=10, show_default=True,
              help="Most sentences per document (with --sentence-length short: facts).")
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed (same seed, same corpus).")
@click.option("--classes", default="dbo:Person,dbo:Organisation,dbo:Place", show_default=True,
              help="Comma-separated seed classes; each may carry a weight, dbo:Place=0.6: the share of the "
                   "documents seeded from it (every class or none; normalised).")
@click.option("--lang", default="en", show_default=True, help="Language of the lexicon.")
@click.option("--surface-forms/--no-surface-forms", default=True, show_default=True,
              help="Mentions may use other surface forms than the full label (family name, place without "
              "qualifier, organisation without F.C./Inc./…, alt label, acronym), a later mention the short name "
              "(full name first); same gold URI. --no-surface-forms: every mention the entity's label.")
@click.option("--pronouns", is_flag=True, help="A repeated subject may be he / she / it / they (not gold mentions).")
@click.option("--paraphrase", is_flag=True, help="Rule-based paraphrasing: synonyms, active/passive, clause "
              "order, appositions (BENGAL's B2, B4, …); mentions are never rewritten.")
@click.option("--annotate-pronouns", is_flag=True, help="With --pronouns: pronouns are gold mentions with the "
              "antecedent's URI (coreference).")
@click.option("--sentence-length", default="news", show_default=True,
              help="news (the default): each document draws its sentence count from the range and facts for "
              "sentences of about 22 tokens (facts of one subject joined, a walk's next step as a relative "
              "clause, the type as an apposition; seeds with too few facts passed over); a number: the same "
              "with that many tokens aimed at; short: the range is a number of facts, about 9 tokens a "
              "sentence (BENGAL's planner; B1-B10 pin it).")
# issue 11's dials
@click.option("--ambiguity", type=click.FloatRange(0, 1), default=None,
              help="Share of mentions (0-1) whose surface form names more than one KB entity, by choosing "
              "family names, unqualified place and organisation names, acronyms and alt labels; the reached share "
              "is reported.")
@click.option("--emerging", type=click.FloatRange(0, 1, max_open=True), default=0.0, show_default=True,
              help="Share of mentions (0-1) that are emerging entities: made-up persons, companies, sports teams "
              "and settlements outside the KB (URIs under http://bengal.invalid/notInWiki/).")
@click.option("--emerging-roles", type=click.Choice(EMERGING_ROLES), default="news", show_default=True,
              help="With --emerging: where made-up entities stand. news: also in facts about KB entities (a real "
              "band's made-up label); strict: only in facts about themselves and each other (no fiction about a "
              "KB entity; a lower share reached).")
@click.option("--emerging-types", default=None, metavar="KINDS",
              help="With --emerging: the kinds of made-up entity and their weights, e.g. company=0.7,person=0.3 "
              "(kinds: person, company, team, settlement; a kind not listed is never made up); default: every "
              "kind alike.")
@click.option("--first-mention", type=click.Choice(FIRST_MENTIONS), default="full", show_default=True,
              help="full: a person is named in full first and by family name after (news); short: the family "
              "name may be the first mention too, as KORE50 writes \"Jobs and Baez were close friends\" (with "
              "--surface-forms or --ambiguity).")
@click.option("--rare-senses", is_flag=True, default=False,
              help="With --ambiguity: give an ambiguous name, where the KB allows, to an entity that is not its most "
              "popular sense (KB in-degree), as KORE50 does: a prior-based linker then errs (English only).")
@click.option("--mentions", type=click.Choice(MENTION_MODES), default="named", show_default=True,
              help="named: only named entities (persons, organisations, places, works, events, ...) are gold "
              "mentions and KB concepts (genres, instruments, occupations, ...) are lower-case text, as news "
              "corpora annotate; all: every KB resource a mention (BENGAL; the B1-B10 presets); concepts: the text of "
              "named, with the concepts annotated too, as lower-case common nouns (\"plays the [guitar]\"), as DBpedia "
              "Spotlight's corpus annotates them.")
@click.option("--literals/--no-literals", default=True, show_default=True,
              help="Write the KB's birth, death and release dates as text (\"born on 4 May 1950 in Ulm\"); "
              "a person born before 1900 is written in the past tense.")
@kb_source_options
@click.option("--resource-namespace", metavar="IRI", default=None,
              help="With --endpoint and --lang: the endpoint is a DBpedia chapter whose resources live in this "
              "namespace (e.g. http://pt.dbpedia.org/resource/) and carry labels in --lang. Without it, --endpoint "
              "with --lang other than en detects a chapter by one bounded query and says so.")
@click.option("--gold-iris", type=click.Choice(("chapter", "english")), default=None,
              help="With --resource-namespace: write the gold URIs as the chapter's IRIs [default], or as "
              "English DBpedia's through the chapter's owl:sameAs links (entities without one are not named).")
@click.option("--kb", "kb_path", type=click.Path(path_type=Path), default=None,
              help="KB dump (.nt/.ttl, .gz) or pyoxigraph store folder; default: the bundled DBpedia sample.")
@click.option("-o", "--output", type=click.Path(path_type=Path), default=Path("bench.ttl"), show_default=True,
              help="Output corpus; OUT.manifest.json is written beside it.")
@click.option("--format", "fmt", type=click.Choice(uri_formats()), default=None,
              help="Output format (default: from the extension: .ttl NIF Turtle, .nt NIF N-Triples, .jsonl).")
@click.option("-j", "--jobs", type=int, default=1, show_default=True,
              help="Worker processes (output identical to --jobs 1).")
@click.option("-q", "--quiet", is_flag=True, help="No progress or summary on stderr.")
@click.pass_context
def generate(ctx, preset, like, list_presets, docs,
             density, strategy, min_sentences, max_sentences, seed, classes, lang,
             surface_forms, pronouns, paraphrase, annotate_pronouns, sentence_length, ambiguity, emerging,
             emerging_types, emerging_roles, first_mention, rare_senses, mentions, literals, resource_namespace,
             gold_iris, kb_path,
             output, fmt, jobs, quiet, remote, kb_timeout, kb_lenient) -> None:
    """Generate a NER + EL benchmark with exact gold from the KB."""
    from bengal.generate.presets import list_presets as all_presets
    from bengal.io.manifest import manifest_path
    from bengal.report.text import generated_lines, like_lines
    from bengal.workflows.generate_files import generate_config, generate_files

    if list_presets:
        for p in all_presets():
            click.echo(f"{p.name:15} {p.description}")
        return
    options = {name: ctx.params[name] for name in _CONFIG_OPTIONS
               if (preset is None and like is None)
               or ctx.get_parameter_source(name) not in (ParameterSource.DEFAULT, None)}
    if options.get("emerging_types") is None:
        options.pop("emerging_types", None)
    for name in ("classes", "emerging_types"):  # comma-separated lists
        if name in options:
            options[name] = tuple(c.strip() for c in options[name].split(",") if c.strip())
    config = generate_config(preset, like=like, **options)
    endpoint = remote(kb_path)  # checks the endpoint options before any work
    if resource_namespace is not None or gold_iris is not None:
        endpoint = _chapter(endpoint, resource_namespace, gold_iris, config.lang)
    elif endpoint is not None and config.lang.lower() != "en":
        endpoint = _detected_chapter(endpoint, config.lang, quiet)
    waits = Waits("KB store", quiet=quiet)
    with progress_bar("generating", config.docs, show=False if quiet else None) as tick:
        generated, manifest = generate_files(output, config, preset=preset, like=like, format=fmt, kb_path=kb_path,
                                             kb=endpoint, kb_timeout=kb_timeout, kb_lenient=kb_lenient,
                                             progress=tick, jobs=jobs, status=waits.status,
                                             load_progress=waits.progress)
    if not quiet:
        echo_lines(generated_lines(generated.stats, str(output), str(manifest_path(output)), config.density,
                                   config.density_target, config.strategy), err=True)
        if "like" in manifest:
            echo_lines(like_lines(manifest["like"]), err=True)
        chapter = manifest["kb"].get("chapter")
        if chapter is not None:
            line = f"chapter {chapter['namespace']}: gold IRIs {chapter['gold_iris']}"
            if chapter["gold_iris"] == "english":
                line += (f", {chapter['sameas_links']} owl:sameAs links; not named for want of a usable link: "
                         f"{chapter['unlinked_labelled']} labelled resources ({chapter['several_links']} linked "
                         f"twice or more, {chapter['shared_links']} sharing an English IRI)")
            click.echo(line, err=True)


def _detected_chapter(endpoint, lang: str, quiet: bool):
    """``--endpoint URL --lang L`` without ``--resource-namespace``: the endpoint as a
    :class:`bengal.kb.chapter.ChapterKB` when :func:`bengal.kb.chapter.detect_namespace` finds it is a
    DBpedia chapter (said on stderr unless ``quiet``; the manifest's ``kb.chapter.detected``), else
    itself. A chapter is used rather than refused: its namespace is what ``--resource-namespace`` would
    say, and without it the run finds no seed in English DBpedia's namespace.

    Raises:
        UsageError: the labelled resources lie in several namespaces (pass ``--resource-namespace``).
    """
    from bengal.kb.chapter import ChapterKB, detect_namespace

    namespace = detect_namespace(endpoint, lang)
    if namespace is None:
        return endpoint
    if not quiet:
        click.echo(f"detected a DBpedia chapter: resources labelled in {lang} live in {namespace} "
                   f"(--resource-namespace {namespace}; gold IRIs chapter, --gold-iris english for "
                   "English DBpedia's)", err=True)
    return ChapterKB(endpoint, namespace, lang, "chapter", detected=True)


def _chapter(endpoint, namespace: str | None, gold_iris: str | None, lang: str):
    """The :class:`bengal.kb.chapter.ChapterKB` of ``--resource-namespace`` and ``--gold-iris``.

    Raises:
        UsageError: ``--gold-iris`` without ``--resource-namespace``, either without ``--endpoint``,
            ``--lang en``, or a bad namespace.
    """
    from bengal.errors import UsageError
    from bengal.kb.chapter import ChapterKB

    if namespace is None:
        raise UsageError("--gold-iris applies with --resource-namespace (a DBpedia chapter endpoint)")
    if endpoint is None:
        raise UsageError("--resource-namespace applies with --endpoint")
    return ChapterKB(endpoint, namespace, lang, gold_iris or "chapter")
