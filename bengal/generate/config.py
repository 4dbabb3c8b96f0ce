"""The parameters of one generated corpus, and the id the corpus gets from them and its content.

:class:`GenerateConfig` checks its values when it is made; :func:`corpus_id` is the
namespace of the document IRIs (:data:`DOCUMENT_NAMESPACE`).
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import asdict, dataclass
from typing import Sequence

from bengal.errors import UsageError
from bengal.generate.density import parse_density
from bengal.generate.docplan import SENTENCE_LENGTHS
from bengal.generate.emerging import EMERGING_ROLES
from bengal.generate.emerging import KINDS as EMERGING_KINDS
from bengal.generate.lexicon import load_lexicon
from bengal.generate.mentions import MENTION_MODES
from bengal.generate.strategies import STRATEGIES
from bengal.generate.surface import FIRST_MENTIONS
from bengal.kb.sparql import DBO
from bengal.model import Document

__all__ = ["GenerateConfig", "DEFAULT_CLASSES", "DOCUMENT_NAMESPACE", "expand_class", "split_class_weight", "corpus_id"]

#: The seed classes when ``--classes`` is not given.
DEFAULT_CLASSES = ("dbo:Person", "dbo:Organisation", "dbo:Place")
#: Generated documents get IRIs under this namespace (``.invalid`` never resolves).
DOCUMENT_NAMESPACE = "http://bengal.invalid/corpus/"


@dataclass(frozen=True)
class GenerateConfig:
    """Parameters of one generated corpus (the manifest records them all).

    Attributes:
        docs: number of documents (>= 1).
        density: ``"low"``, ``"medium"``, ``"high"`` or a number of mentions per token.
        strategy: subgraph strategy name (see :data:`bengal.generate.strategies.STRATEGIES`).
        min_sentences, max_sentences: sentences per document, inclusive bounds.
        seed: random seed; the same config and KB give the same corpus.
        classes: seed classes, as ``dbo:Name`` or full IRIs, each once, optionally with a weight after its
            last ``=`` (``dbo:Place=0.6``): the share of the documents whose seed is of that class
            (:mod:`bengal.generate.seeds`; weights are normalised to sum 1; all classes or none carry one);
            without weights, the candidates of all classes are shuffled together.
        lang: lexicon language.
        paraphrase: paraphrase the sentences (BENGAL's B2, B4, …): synonyms, active/passive,
            clause order, appositions (:mod:`bengal.generate.paraphrase`), as choices of
            the density control.
        surface_forms: mentions may use another surface form than the full label
            (family name, unqualified place, organisation without designator, filtered alt label, acronym; see
            :mod:`bengal.generate.surface`), as a choice of the density control, and a later mention of an
            entity takes its short name (full name first: :meth:`bengal.generate.surface.SurfaceForms.shorten_repeats`).
            On by default since the thirteenth session (7 December 2026): a copy editor's reading of 470 default
            sentences found a full name repeated where news writes the short one in 189 (``--no-surface-forms``,
            and the presets B1-B10, P1-P4, S1-S4, keep every mention the entity's label).
        pronouns: a subject named by the previous sentence's subject may be he / she /
            it / they (a choice of the density control).
        annotate_pronouns: pronouns are gold mentions with their antecedent's URI
            (needs ``pronouns``).
        sentence_length: ``--sentence-length``: ``"news"``: each document draws its
            sentence count from ``[min_sentences, max_sentences]``, fetches about
            :func:`~bengal.generate.docplan.facts_per_sentence` facts a sentence and the planner cuts
            them into that many sentences (:func:`~bengal.generate.docplan.plan_to_count`), the
            opening type folded into the first sentence as an apposition; a number (3 to 80) is the
            same with that many tokens a sentence aimed at instead of 22; ``"short"``: the planner
            before (:func:`~bengal.generate.docplan.plan_document`: the range is a number of facts,
            about 9 tokens a sentence; B1-B10 pin it). ``news`` is the default since 7 December 2026 (issue
            11: a mean of 15-30 tokens a sentence by default; 17-24 on every strategy and density preset,
            README). With ``news``
            seeds with fewer facts than its sentences need are passed over first (most of the
            bundled sample's seeds have 1-4 facts), a walk's next step joins the sentence before it
            as a relative clause (at most two a sentence, none about another's object), and a sentence
            that shares an entity with the one before is coordinated with it (", and"), unless the
            density lands closer to its target without the join by more than
            :data:`~bengal.generate.microplan.CHAIN_MARGIN`; a document below its density target leaves
            out its folded type and its facts whose objects are all concepts written as text where that
            lands closer (``stats.mention_mode.concept_facts_left_for_density``).
        ambiguity: ``--ambiguity X``, the wanted share of mentions whose surface form names
            more than one KB entity, in [0, 1] (:class:`bengal.generate.surface.AmbiguityDial`);
            ``None``: off.
        emerging: ``--emerging X``, the wanted share of mentions that are emerging entities
            (made up, outside the KB), in [0, 1) (:mod:`bengal.generate.emerging`); 0: none.
        emerging_types: ``--emerging-types``: the kinds of made-up entity, each ``kind=weight``
            (``person``, ``company``, ``team``, ``settlement``: :data:`bengal.generate.emerging.KINDS`), the
            weights the made-up entities' kinds are drawn by (every kind not listed: weight 0; normalised);
            empty: every kind alike (the draw before the option).
        emerging_roles: ``--emerging-roles``: where a made-up entity may stand (:data:`EMERGING_ROLES`):
            ``news`` (the default) also in a KB entity's facts (a real band's label, a real firm's subsidiary, a
            real musician's collaborator: fiction about a real entity, as every role that reaches a share above
            0.3 is); ``strict`` only in facts whose subject it is and beside other made-up entities ("Jane Doe
            was born in Chester", "Acme Ltd is based in Chester", "Jane Doe worked for Acme Ltd"), never in a
            fact whose subject is a KB entity; the share reached is lower (:mod:`bengal.generate.emerging`).
        mentions: ``--mentions``: ``"named"`` (only named entities are gold mentions; KB concepts
            such as genres and instruments are lower-case text), ``"all"`` (BENGAL: every KB
            resource a mention; the B1–B10 presets) or ``"concepts"`` (the text of ``named``, the concepts
            gold mentions written as common nouns: "plays the [guitar]"); :mod:`bengal.generate.mentions`.
        first_mention: ``--first-mention``: ``"full"`` (a person is named in full first, by family name
            only after: news, Reiter and Dale's referring expressions) or ``"short"`` (the family name may
            be the first mention too, as KORE50 writes "Jobs and Baez were close friends"; with
            ``surface_forms`` or ``ambiguity``, which choose the forms; :class:`bengal.generate.surface.SurfaceForms`).
        rare_senses: ``--rare-senses`` (with ``ambiguity``): the ambiguous names the dial takes are, where it
            can, ones whose most popular KB entity (the highest in-degree among the entities the name can
            name: ``bengal stats``' KB prior) is another entity than the one meant, and the seeds and facts
            it prefers are entities that have such a name, as KORE50 chooses long-tail senses of ambiguous
            names (Hoffart et al., CIKM 2012); :class:`bengal.generate.surface.PriorSenses`. English only.
        literals: ``--literals``: write the subjects' birth, death and release dates as plain text
            ("born on 4 May 1950 in Ulm"), and a person born before the lexicon's
            ``past_born_before`` year in the past tense (:mod:`bengal.generate.literals`).

    Raises:
        UsageError: on construction, for values out of range or unknown names.
    """

    docs: int = 100
    density: str | float = "medium"
    strategy: str = "star"
    min_sentences: int = 3
    max_sentences: int = 10
    seed: int = 0
    classes: tuple[str, ...] = DEFAULT_CLASSES
    lang: str = "en"
    paraphrase: bool = False
    surface_forms: bool = True
    pronouns: bool = False
    annotate_pronouns: bool = False
    sentence_length: str | float = "news"
    ambiguity: float | None = None
    emerging: float = 0.0
    emerging_types: tuple[str, ...] = ()
    emerging_roles: str = "news"
    mentions: str = "named"
    literals: bool = True
    first_mention: str = "full"
    rare_senses: bool = False

    def __post_init__(self) -> None:
        if self.docs < 1:
            raise UsageError(f"--docs must be at least 1, not {self.docs}")
        if self.strategy not in STRATEGIES:
            raise UsageError(f"unknown --strategy {self.strategy!r} (available: {', '.join(sorted(STRATEGIES))})")
        if self.min_sentences < 1:
            raise UsageError(f"--min-sentences must be at least 1, not {self.min_sentences}")
        if self.max_sentences < self.min_sentences:
            raise UsageError(
                f"--min-sentences ({self.min_sentences}) is above --max-sentences ({self.max_sentences})")
        if not self.classes:
            raise UsageError("--classes needs at least one class")
        if self.annotate_pronouns and not self.pronouns:
            raise UsageError("--annotate-pronouns needs --pronouns")
        if self.ambiguity is not None and not 0.0 <= self.ambiguity <= 1.0:
            raise UsageError(f"--ambiguity must be in [0, 1], not {self.ambiguity}")
        if not 0.0 <= self.emerging < 1.0:
            raise UsageError(f"--emerging must be in [0, 1), not {self.emerging}")
        self.emerging_weights()  # raises on a bad --emerging-types
        if self.emerging_roles not in EMERGING_ROLES:
            raise UsageError(
                f"unknown --emerging-roles {self.emerging_roles!r} (available: {', '.join(EMERGING_ROLES)})")
        if self.first_mention not in FIRST_MENTIONS:
            raise UsageError(f"unknown --first-mention {self.first_mention!r} (available: {', '.join(FIRST_MENTIONS)})")
        if self.rare_senses and self.ambiguity is None:
            raise UsageError("--rare-senses needs --ambiguity (it chooses which of an ambiguous name's senses)")
        if self.rare_senses and self.lang.lower() != "en":
            raise UsageError("--rare-senses is English only (the KB's in-degrees are counted over its English names)")
        if self.first_mention == "short" and not (self.surface_forms or self.ambiguity is not None):
            raise UsageError("--first-mention short needs --surface-forms or --ambiguity (they choose the forms)")
        if self.mentions not in MENTION_MODES:
            raise UsageError(f"unknown --mentions {self.mentions!r} (available: {', '.join(MENTION_MODES)})")
        parse_density(self.density)
        target = self.sentence_target  # checks the value
        if not (isinstance(self.sentence_length, str) and self.sentence_length.strip().lower() in SENTENCE_LENGTHS):
            object.__setattr__(self, "sentence_length", target)  # "25" from the command line: 25.0
        else:
            object.__setattr__(self, "sentence_length", self.sentence_length.strip().lower())
        load_lexicon(self.lang)
        object.__setattr__(self, "classes", tuple(self.classes))
        weights = [split_class_weight(c)[1] for c in self.classes]
        if any(w is not None for w in weights) and any(w is None for w in weights):
            raise UsageError(f"--classes {','.join(self.classes)}: give every class a weight (dbo:Place=0.6) or none")
        iris = self.class_iris()
        twice = sorted({c for c, iri in zip(self.classes, iris) if iris.count(iri) > 1})
        if twice:
            raise UsageError(f"--classes names a class twice: {', '.join(twice)} (give each class once, with its "
                             "whole weight)")

    @property
    def density_target(self) -> float:
        return parse_density(self.density)[1]

    @property
    def sentence_target(self) -> float:
        """Mean tokens per sentence aimed at (:data:`~bengal.generate.docplan.SENTENCE_LENGTHS` for a name).

        Raises:
            UsageError: for an unknown name or a number outside [3, 80].
        """
        value = self.sentence_length
        if isinstance(value, str) and value.strip().lower() in SENTENCE_LENGTHS:
            return SENTENCE_LENGTHS[value.strip().lower()]
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise UsageError(f"--sentence-length must be one of {', '.join(SENTENCE_LENGTHS)} or a number "
                             f"of tokens, not {value!r}") from None
        if not 3 <= number <= 80:
            raise UsageError(f"--sentence-length must lie in [3, 80] tokens, not {value}")
        return number

    @property
    def count_planner(self) -> bool:
        """Whether documents draw a sentence count (every ``--sentence-length`` but ``short``)."""
        return not (isinstance(self.sentence_length, str) and self.sentence_length.strip().lower() == "short")

    def class_names(self) -> list[str]:
        """The seed classes as given, without their weights (``["dbo:Place", "dbo:Person"]``)."""
        return [split_class_weight(c)[0] for c in self.classes]

    def class_iris(self) -> list[str]:
        """The seed classes' full IRIs, in the order given."""
        return [expand_class(c) for c in self.class_names()]

    def emerging_weights(self) -> dict[str, float] | None:
        """``--emerging-types`` as ``{kind: weight}`` normalised to sum 1 (a kind not listed: absent),
        or ``None`` when not given.

        Raises:
            UsageError: an entry without ``=weight``, an unknown kind, a kind named twice, a weight that
                is not a number >= 0, or weights summing to 0.
        """
        if not self.emerging_types:
            return None
        out: dict[str, float] = {}
        for entry in self.emerging_types:
            kind, sep, raw = str(entry).partition("=")
            kind = kind.strip()
            if not sep:
                raise UsageError(f"--emerging-types: {entry!r} has no weight (write {kind}=0.5)")
            if kind not in EMERGING_KINDS:
                raise UsageError(f"--emerging-types: unknown kind {kind!r} (kinds: {', '.join(EMERGING_KINDS)})")
            if kind in out:
                raise UsageError(f"--emerging-types: {kind} is named twice")
            try:
                weight = float(raw)
            except ValueError:
                weight = -1.0
            if not (weight >= 0 and math.isfinite(weight)):
                raise UsageError(f"--emerging-types: the weight of {kind} must be a number >= 0, not {raw!r}")
            out[kind] = weight
        total = sum(out.values())
        if total <= 0:
            raise UsageError("--emerging-types: the weights sum to 0")
        return {k: w / total for k, w in out.items()}

    def class_weights(self) -> tuple[float, ...] | None:
        """The classes' weights normalised to sum 1, in the order given; ``None`` when none carries one."""
        weights = [split_class_weight(c)[1] for c in self.classes]
        if weights[0] is None:
            return None
        total = sum(w for w in weights if w is not None)
        return tuple((w or 0.0) / total for w in weights)


def split_class_weight(entry: str) -> tuple[str, float | None]:
    """``"dbo:Place=0.6"`` → ``("dbo:Place", 0.6)``; ``"dbo:Place"`` → ``("dbo:Place", None)``. The weight
    follows the last ``=``.

    Raises:
        UsageError: a weight that is not a finite number above 0.
    """
    name, sep, raw = entry.strip().rpartition("=")
    if not sep:
        return entry.strip(), None
    try:
        weight = float(raw)
    except ValueError:
        raise UsageError(f"--classes {entry!r}: the weight after '=' must be a number, not {raw!r}") from None
    if not (math.isfinite(weight) and weight > 0):
        raise UsageError(f"--classes {entry!r}: a class's weight must be a finite number above 0, not {raw}")
    return name.strip(), weight


def expand_class(name: str) -> str:
    """``dbo:Person`` or ``Person`` → ``http://dbpedia.org/ontology/Person``; a full IRI stays.

    Raises:
        UsageError: for anything else.
    """
    name = name.strip()
    if name.startswith(("http://", "https://")):
        return name
    if name.startswith("dbo:"):
        name = name[4:]
    if not name or not name.replace("_", "").isalnum():
        raise UsageError(f"not a class name: {name!r} (use dbo:Person or a full IRI)")
    return DBO + name


#: GenerateConfig fields added after corpus ids were first published, with the value that gives
#: the text made before them (left out of the id then, so that B1–B10 keep their ids; ``short`` is
#: the planner that ``sentence_length`` 22 named before ``news`` existed).
_LATER_FIELDS: dict[str, object] = {"surface_forms": False, "pronouns": False, "annotate_pronouns": False,
                                     "sentence_length": "short", "ambiguity": None, "emerging": 0.0,
                                     "mentions": "all", "literals": False, "emerging_types": (),
                                     "emerging_roles": "news",
                                     "first_mention": "full", "rare_senses": False}


def corpus_id(config: GenerateConfig, documents: Sequence[Document]) -> str:
    """A short id of (parameters, content): the document IRIs' namespace.

    The id is the first 12 hex digits of the SHA-256 of the parameters and of
    every document's text and gold mentions (offsets, URIs, type), in order. It
    does not depend on how the KB was reached (bundled store, dump, SPARQL
    endpoint): the same data with the same parameters gives the same corpus,
    byte for byte, and a KB whose data differs where the corpus looks gives a
    different id. The manifest's ``kb`` section says where the data came from.
    """
    content = [[d.text, [[m.begin, m.end, sorted(m.uris), m.type] for m in d.mentions]] for d in documents]
    params = asdict(config)
    for name, default in _LATER_FIELDS.items():  # left out at their defaults
        if params[name] == default:
            del params[name]
    payload = json.dumps({"config": params, "documents": content}, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:12]
