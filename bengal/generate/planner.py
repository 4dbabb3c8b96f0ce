"""Sentence planning: the clauses of a subgraph, worded so that the document's density meets its target.

:func:`plan_sentences` weighs, clause by clause, every wording the verbaliser offers
(templates, descriptions, appositions, joins, surface forms, pronouns, paraphrases) and
keeps the one that brings the document's mentions per token closest to the target.
"""

from __future__ import annotations

from typing import Callable

from bengal.generate.density import count_tokens
from bengal.generate.gender import Gender
from bengal.generate.kbview import Entity, Ontology
from bengal.generate.lexicon import Lexicon
from bengal.generate.paraphrase import Paraphraser
from bengal.generate.strategies import Subgraph
from bengal.generate.verbalise import (
    Sentence,
    apposition_allowed,
    apposition_phrase,
    class_noun,
    fact_sentence,
    fact_templates,
    join_sentences,
    pronoun_allowed,
    sentence_text,
    with_forms,
)

__all__ = ["plan_sentences"]

#: With ``--surface-forms``, a clause written with other surface forms wins over the
#: same clause with full labels when its density gap is at most this much larger
#: (mentions per token): without it the control would take them only when they
#: happen to be closer to the target, which is rare.
_FORM_PREFERENCE = 0.004

#: With ``--paraphrase``, the same for a paraphrased clause (BENGAL's B2, B4, … are
#: meant to be paraphrased, so a paraphrase wins unless it moves the density away).
_PARAPHRASE_PREFERENCE = 0.004


def plan_sentences(lex: Lexicon, onto: Ontology, sub: Subgraph, target: float, min_sentences: int,
                   opening: Sentence | None, past: set[str],
                   forms: Callable[[Entity, bool], Entity | None] | None = None,
                   genders: dict[str, Gender] | None = None, annotate_pronouns: bool = False,
                   paraphraser: Paraphraser | None = None) -> list[Sentence]:
    """Sentences for a subgraph, steering the document's mentions per token to ``target``.

    Each unit of the subgraph becomes a clause; the choices for it are: the
    lexicon's template variants; the subject as a mention or, when the previous
    sentence named or described it, as a description from its class ("the
    footballer"); a single sentence-final object with or without an apposition
    from its class ("the band Pulley"), and likewise for a subject that the previous
    sentence did not name; and a clause of its own or joined to the
    previous sentence about the same subject ("X was born in Y and died in Z.",
    only while the document keeps ``min_sentences``). The choice that brings the
    document's density so far closest to the target wins (ties: the first, i.e.
    a sentence of its own, the main template, the subject named, no apposition).
    A subgraph that prefers aggregation (``summary``) joins whenever it may. The
    first mention of a subject may also take one ("The band Pulley is …"). The
    opening type sentence ("X is a footballer.") is kept unless leaving it out
    (when the document still has ``min_sentences``) lands closer to the target.

    Facts about a subject in ``past`` (people with a death date) are in the past tense.

    Args:
        forms: with ``--surface-forms``, ``forms(entity, named_before)`` gives the
            entity in another surface form (or ``None``); every clause may then also
            be written with those forms for all its mentions (one more choice).
        genders: with ``--pronouns``, ``{subject IRI: Gender}``; a subject that was
            the subject of the previous sentence may then be a pronoun (one more
            choice; ties prefer the name).
        annotate_pronouns: pronouns are gold mentions.
        paraphraser: with ``--paraphrase``, every clause may also be written in the
            other voice, with synonyms, with an apposition after a subject's first
            mention, or joined before the previous clause (see
            :mod:`bengal.generate.paraphrase`); paraphrased options win over the plain
            one unless their density gap is more than ``_PARAPHRASE_PREFERENCE`` larger.

    Returns:
        the document's sentences in order (a joined sentence counts once), from the
        opening choice that lands closer to ``target``.
    """
    plans = []
    openings = [[opening]] if opening is not None else [[]]
    if opening is not None and len(sub.units) >= min_sentences:
        openings.append([])
    for first in openings:
        sentences, tokens = list(first), [count_tokens(sentence_text(s)) for s in first]
        mentions = sum(s.mention_count for s in sentences)
        total = sum(tokens)
        prev_refs: set[str] = {sub.seed.uri} if first else set()
        prev_subject: str | None = sub.seed.uri if first else None
        named: set[str] = {p.uri for s in sentences for p in s.pieces if isinstance(p, Entity)}
        for i, unit in enumerate(sub.units):
            subject, objs = unit.subject, unit.objects
            is_past = subject.uri in past
            n_variants = len(fact_templates(lex, onto, unit.prop, subject, len(objs)))
            noun = class_noun(lex, onto, subject)
            vague = noun in lex.meta.get("apposition_vague", ())
            describe: tuple[str, ...] = ("name", "describe") if subject.uri in prev_refs and noun and not vague \
                else ("name",)
            if genders is not None and prev_subject == subject.uri and subject.uri in genders:
                describe += ("pronoun",)
            appos: tuple[bool, ...] = (False,)
            if len(objs) == 1 and apposition_phrase(lex, onto, objs[0]) is not None:
                appos = (False, True)
            subj_appos: tuple[bool, ...] = (False,)
            if subject.uri not in prev_refs and apposition_phrase(lex, onto, subject) is not None:
                subj_appos = (False, True)
            remaining = len(sub.units) - i - 1
            may_join = bool(sentences) and len(sentences) + remaining >= min_sentences

            def choose(_: int, entity: Entity) -> Entity | None:  # used in this iteration only: no late binding
                return forms(entity, entity.uri in named) if forms is not None else None  # noqa: B023

            best: tuple[float, Sentence, int, int, bool] | None = None  # (gap, sentence, mentions, tokens, joined)
            for join in ((True, False) if sub.prefer_aggregation else (False, True)):
                if join and not may_join:
                    continue
                templates: list[tuple[int, str, str | None]] = [
                    (v, fact_templates(lex, onto, unit.prop, subject, len(objs))[v], None) for v in range(n_variants)]
                other_voice = paraphraser.voice_template(unit.prop, len(objs)) if paraphraser else None
                if other_voice:
                    templates.append((0, other_voice, other_voice))
                for variant, template, override in templates:
                    for d in (describe if not join else ("name",)):
                        if d == "pronoun" and not pronoun_allowed(lex.past(template) if is_past else template):
                            continue
                        for a, sa in ((a, sa) for a in appos for sa in (subj_appos if not (d != "name" or join)
                                                                       else (False,))):
                            if a and not apposition_allowed(lex.parse(template)):
                                continue
                            if sa and not template.startswith("{s} "):
                                continue
                            pronoun = None
                            if d == "pronoun":
                                assert genders is not None  # "pronoun" is a choice only with genders
                                g = genders[subject.uri]
                                pronoun = (g.pronoun, g.source)
                            base = fact_sentence(lex, onto, unit.prop, subject, objs, describe_subject=d == "describe",
                                                 variant=variant, past=is_past, apposition=a,
                                                 subject_apposition=sa, pronoun=pronoun,
                                                 annotate_pronoun=annotate_pronouns, template=override)
                            if override is not None:
                                base = Paraphraser.mark(base, "voice")
                            shortened = with_forms(base, choose) if forms is not None else None
                            candidates = [(base, 0.0), (shortened, _FORM_PREFERENCE)]
                            if paraphraser is not None:
                                for plain, bonus in candidates[:2]:
                                    if plain is None:
                                        continue
                                    candidates.append((paraphraser.synonym(plain, i), bonus))
                                    if not join and d == "name" and not sa and subject.uri not in named:
                                        candidates.append((paraphraser.apposition(plain, noun), bonus))
                                candidates = [(c, b + (_PARAPHRASE_PREFERENCE if c is not None and c.paraphrase
                                                       else 0.0)) for c, b in candidates]
                            for option, bonus in candidates:
                                if option is None:
                                    continue
                                if join:
                                    single = option
                                    option = join_sentences(lex, sentences[-1], single)
                                    if (paraphraser is not None and len(sentences) > len(first)
                                            and not sentences[-1].paraphrase):
                                        reordered = join_sentences(lex, single, sentences[-1])
                                        if reordered is not None:
                                            reordered = Paraphraser.mark(reordered, "reorder")
                                            for joined, extra in ((option, 0.0), (reordered, _PARAPHRASE_PREFERENCE)):
                                                if joined is None:
                                                    continue
                                                jm = joined.mention_count - sentences[-1].mention_count
                                                jt = count_tokens(sentence_text(joined)) - tokens[-1]
                                                gap = abs((mentions + jm) / (total + jt) - target) - bonus - extra
                                                if best is None or gap < best[0] - 1e-12:
                                                    best = (gap, joined, jm, jt, True)
                                            continue
                                    if option is None:
                                        continue
                                    m = option.mention_count - sentences[-1].mention_count
                                    t = count_tokens(sentence_text(option)) - tokens[-1]
                                else:
                                    m, t = option.mention_count, count_tokens(sentence_text(option))
                                gap = abs((mentions + m) / (total + t) - target) - bonus
                                if best is None or gap < best[0] - 1e-12:
                                    best = (gap, option, m, t, join)
                if join and best is not None and sub.prefer_aggregation:
                    break
            assert best is not None  # a clause of its own is always a candidate
            _, chosen, m, t, chosen_joins = best
            if chosen_joins:
                sentences[-1] = chosen
                tokens[-1] += t
            else:
                sentences.append(chosen)
                tokens.append(t)
            mentions += m
            total += t
            prev_refs = {subject.uri} | {p.uri for p in chosen.pieces if isinstance(p, Entity)}
            prev_subject = chosen.subject
            named |= {p.uri for p in chosen.pieces if isinstance(p, Entity)}
        plans.append((abs(mentions / total - target), sentences))
    return min(plans, key=lambda p: p[0])[1]
