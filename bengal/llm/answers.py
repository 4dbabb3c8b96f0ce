"""Scoring LLM answers in evalscope's tag format against a gold corpus, one sample per sentence.

Placing the entities (:func:`align_answer`): the answer is parsed in one pass
(:func:`bengal.io.tagged.parse_tagged`); its plain text is aligned to the source text character by
character as difflib's ``SequenceMatcher`` does (no junk heuristic), within a step budget linear in the
answer's length (:data:`STEPS_PER_CHAR`; past it, ``alignment_cut``). A tagged span is placed at the
source characters its own characters are aligned to and covers the source tokens those characters
fall in: each entity is placed by its position, never by searching for its string (cases C22,
C23). What the model altered is counted per rule (:data:`ALIGNMENT_RULES`), never dropped silently.
Metrics (:func:`score_answers`): chunk metrics of the IOB2 tags (seqeval-compatible), per sample
TP/FP/FN and F1 (``None`` when undefined, case C25). The rules in full: ``docs/llm-answers.md``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from bengal.io.answers import INPUT_RULES, AnswerFile
from bengal.io.conll import read_conll
from bengal.io.tagged import FLAW_RULES, parse_tagged
from bengal.llm.samples import Sample
from bengal.model import Corpus
from bengal.score.chunks import ChunkReport, no_gold_chunk, score_chunks
from bengal.score.metrics import MicroScore
from bengal.score.result import PREDICTION, ScoreWarning

__all__ = ["align_answer", "score_answers", "AnswerReport", "ALIGNMENT_RULES", "RULES", "answers_as_corpora"]

#: Rules of placing an answer's entities on the source text.
ALIGNMENT_RULES = {
    "altered_whitespace": "the answer's plain text differs from the source text only in whitespace",
    "altered_text": "the answer's plain text differs from the source text beyond whitespace",
    "unplaced_mention": "a tagged span none of whose characters align to the source text: dropped",
    "partial_token": "a tagged span covers part of a source token: widened to the whole token",
    "overlapping_mention": "a tagged span shares a token with an earlier one: dropped",
    "alignment_cut": "an answer too far from the source text to align within the step budget: its common start "
                     "and end are aligned, what is left unaligned places no entity",
}
#: The step budget of the character alignment: steps per character of answer and source, and the least budget.
#: difflib's matcher takes up to (answer × source × blocks) steps (a 500-character answer of spaces took 4 s);
#: bounding the steps makes :func:`align_answer` linear in the answer's length.
STEPS_PER_CHAR, MIN_STEPS = 4, 2_000_000
ALIGNMENT_CONVENTION = ("the answer's plain text is aligned to the source text character by character (difflib); "
                        "a tagged span covers the source tokens its aligned characters fall in")
SAMPLE_CONVENTION = "one sample per sentence; a sentence without an answer predicts no entity"
#: Every counted rule with its one-line definition.
RULES = {**INPUT_RULES, **FLAW_RULES, **ALIGNMENT_RULES}


def _token_index(tokens: Sequence[str]) -> tuple[list[int], list[int], list[int]]:
    """Per character of the source text, its token (-1 on spaces); token starts and ends."""
    owner: list[int] = []
    starts, ends = [], []
    for i, tok in enumerate(tokens):
        if i:
            owner.append(-1)
        starts.append(len(owner))
        owner.extend([i] * len(tok))
        ends.append(len(owner))
    return owner, starts, ends


class _Budget:
    """Steps left to the matcher."""

    def __init__(self, steps: int) -> None:
        self.left = steps


def _longest_match(a: str, b2j: dict[str, list[int]], alo: int, ahi: int, blo: int, bhi: int,
                   budget: _Budget) -> tuple[int, int, int] | None:
    """difflib's ``find_longest_match`` without junk (the same block, ties to the earliest in ``a``, then
    in ``b``); None when the budget runs out."""
    besti, bestj, bestsize = alo, blo, 0
    j2len: dict[int, int] = {}
    nothing: list[int] = []
    steps = budget.left
    for i in range(alo, ahi):
        j2lenget = j2len.get
        newj2len: dict[int, int] = {}
        steps -= 1
        for j in b2j.get(a[i], nothing):
            if j < blo:
                steps -= 1
                continue
            if j >= bhi:
                break
            steps -= 1
            k = newj2len[j] = j2lenget(j - 1, 0) + 1
            if k > bestsize:
                besti, bestj, bestsize = i - k + 1, j - k + 1, k
        if steps < 0:
            budget.left = 0
            return None
        j2len = newj2len
    budget.left = steps
    return besti, bestj, bestsize


def _matching_blocks(a: str, b: str, alo: int, ahi: int, blo: int, bhi: int,
                     budget: _Budget) -> tuple[list[tuple[int, int, int]], bool]:
    """The matching blocks difflib's ``SequenceMatcher(None, a, b, autojunk=False)`` finds in
    ``a[alo:ahi]``, ``b[blo:bhi]`` (same order of work), as far as the budget goes; and whether it ran out."""
    b2j: dict[str, list[int]] = {}
    for j in range(blo, bhi):
        b2j.setdefault(b[j], []).append(j)
    # The first search alone takes one step per character of a[alo:ahi] plus one per pair of equal
    # characters: when that is past the budget, it would run out before finding a block; say so now.
    first = (ahi - alo) + sum(n * len(b2j.get(c, ())) for c, n in Counter(a[alo:ahi]).items())
    if first > budget.left:
        budget.left = 0
        return [], True
    queue = [(alo, ahi, blo, bhi)]
    blocks: list[tuple[int, int, int]] = []
    while queue:
        lo, hi, blo_, bhi_ = queue.pop()
        found = _longest_match(a, b2j, lo, hi, blo_, bhi_, budget)
        if found is None:
            return blocks, True
        i, j, k = found
        if k:
            blocks.append(found)
            if lo < i and blo_ < j:
                queue.append((lo, i, blo_, j))
            if i + k < hi and j + k < bhi_:
                queue.append((i + k, hi, j + k, bhi_))
    return blocks, False


def _alignment(plain: str, source: str) -> tuple[list[int], bool]:
    """Per character of ``plain``, the source character it is aligned to (-1: none); and whether the step
    budget cut the alignment short (module docstring, :data:`STEPS_PER_CHAR`).

    Within the budget the alignment is difflib's ``SequenceMatcher(None, plain, source, autojunk=False)``.
    Past it, the common prefix and suffix are aligned one to one and the middle is matched with a fresh
    budget; what it cannot reach stays unaligned (True is returned)."""
    la, lb = len(plain), len(source)
    steps = max(MIN_STEPS, STEPS_PER_CHAR * (la + lb))
    blocks, cut = _matching_blocks(plain, source, 0, la, 0, lb, _Budget(steps))
    if cut:
        p = 0
        while p < la and p < lb and plain[p] == source[p]:
            p += 1
        q = 0
        while q < la - p and q < lb - p and plain[la - 1 - q] == source[lb - 1 - q]:
            q += 1
        middle, cut = _matching_blocks(plain, source, p, la - q, p, lb - q, _Budget(steps))
        blocks = [(0, 0, p), (la - q, lb - q, q), *middle]
    amap = [-1] * la
    for a, b, size in blocks:
        amap[a:a + size] = range(b, b + size)
    return amap, cut


def align_answer(answer: str, tokens: Sequence[str]) -> tuple[list[tuple[int, int, str]], Counter]:
    """Place the entities of ``answer`` on the source ``tokens`` (module docstring).

    Returns:
        ``(chunks, flaws)``: chunks ``(first token, last token, CoNLL type)``
        (inclusive, in token order) and the rules counted
        (:data:`bengal.io.tagged.FLAW_RULES` and :data:`ALIGNMENT_RULES`).
    """
    parsed = parse_tagged(answer)
    flaws = Counter(parsed.flaws)
    source = " ".join(tokens)
    plain = parsed.text
    owner, starts, ends = _token_index(tokens)
    if plain == source:
        amap = list(range(len(plain)))
    else:
        flaws["altered_whitespace" if plain.split() == source.split() else "altered_text"] += 1
        amap, cut = _alignment(plain, source)
        if cut:
            flaws["alignment_cut"] += 1
    taken = [False] * len(tokens)
    chunks: list[tuple[int, int, str]] = []
    for begin, end, typ in parsed.mentions:
        placed = [amap[k] for k in range(begin, end) if amap[k] >= 0 and owner[amap[k]] >= 0]
        if not placed:
            flaws["unplaced_mention"] += 1
            continue
        lo, hi = min(placed), max(placed)
        first, last = owner[lo], owner[hi]
        if any(taken[first:last + 1]):
            flaws["overlapping_mention"] += 1
            continue
        if starts[first] != lo or ends[last] != hi + 1:
            flaws["partial_token"] += 1
        for t in range(first, last + 1):
            taken[t] = True
        chunks.append((first, last, typ))
    chunks.sort()
    return chunks, +flaws


def _tags(n: int, chunks: list[tuple[int, int, str]]) -> list[str]:
    tags = ["O"] * n
    for s, e, t in chunks:
        tags[s] = f"B-{t}"
        for k in range(s + 1, e + 1):
            tags[k] = f"I-{t}"
    return tags


@dataclass
class AnswerReport:
    """The result of :func:`score_answers`.

    Attributes:
        chunks: the chunk report over all sentences (micro/macro/per type, token accuracy).
        samples: one dict per sentence: ``id``, ``tp``, ``fp``, ``fn``, ``f1`` (``None`` when
            undefined, case C25), ``flaws`` (``{rule: count}``).
        flaws: ``{rule: occurrences}`` over the whole file (input, markup and alignment rules).
        answers_with: ``{rule: number of answers that show it}`` (markup and alignment rules).
        places: ``{rule: first places}`` (line numbers or ids).
        sentences, answered: sentence count and how many had an answer.
    """

    chunks: ChunkReport
    samples: list[dict[str, Any]]
    flaws: Counter
    answers_with: Counter
    places: dict[str, list[str]]
    sentences: int
    answered: int
    pred_tags: list[list[str]] = field(default_factory=list, repr=False)

    task = "answers"

    @property
    def micro(self) -> MicroScore:
        """Entity-level micro counts and P, R, F1 over all sentences (the chunk report's)."""
        return self.chunks.micro

    @property
    def warnings(self) -> tuple[ScoreWarning, ...]:
        """The chunk report's warnings (``no_gold_chunk``), then one warning per counted rule (side
        ``prediction``), in :data:`RULES` order, ``where`` its first places."""
        return self.chunks.warnings + tuple(ScoreWarning(rule, ", ".join(self.places.get(rule, [])),
                                  f"{self.flaws[rule]} × {rule}: {RULES[rule]}", PREDICTION)
                     for rule in RULES if self.flaws.get(rule))

    @property
    def conventions(self) -> dict[str, str]:
        """The chunk report's conventions and how answers are placed."""
        return {**self.chunks.conventions, "alignment": ALIGNMENT_CONVENTION, "samples": SAMPLE_CONVENTION}

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: ``{"task": "answers", "format", "sentences", "answered", "micro": {"tp", "fp", "fn",
        "precision", "recall", "f1"}, "chunk": …, "flaws": {rule: {"count", "answers", "rule", "first"}},
        "samples": [...], "warnings": [...], "conventions": {...}}``."""
        rules = {}
        for rule in RULES:
            if self.flaws.get(rule):
                rules[rule] = {"count": self.flaws[rule], "answers": self.answers_with.get(rule, self.flaws[rule]),
                               "rule": RULES[rule], "first": self.places.get(rule, [])}
        return {"task": "answers", "format": "evalscope conllpp XML tags, aligned with difflib",
                "sentences": self.sentences, "answered": self.answered, "micro": self.micro.to_json(),
                "chunk": self.chunks.to_json(), "flaws": rules, "samples": self.samples,
                "warnings": [w.to_json() for w in self.warnings], "conventions": self.conventions}


def score_answers(samples: Sequence[Sample], answers: AnswerFile, *, gold_source: str = "gold") -> AnswerReport:
    """Score the answers of one system on the sentences ``samples`` (module docstring); ``gold_source`` names
    the gold corpus in the ``no_gold_chunk`` warning its chunk report carries when every gold tag is O."""
    flaws: Counter = Counter(answers.flaws)
    answers_with: Counter = Counter()
    places = {k: list(v) for k, v in answers.places.items()}
    known = {s.id for s in samples}

    def note(rule: str, where: str) -> None:
        places.setdefault(rule, [])
        if len(places[rule]) < 3:
            places[rule].append(where)

    for key in answers.answers:
        if key not in known:
            flaws["unknown_id"] += 1
            note("unknown_id", key)
    gold_tags, pred_tags, per_sample = [], [], []
    answered = 0
    for s in samples:
        answer = answers.answers.get(s.id)
        sample_flaws: Counter = Counter()
        if answer is None:
            sample_flaws["missing_answer"] += 1
            chunks: list[tuple[int, int, str]] = []
        elif not answer.strip():
            answered += 1
            sample_flaws["empty_answer"] += 1
            chunks = []
        else:
            answered += 1
            chunks, sample_flaws = align_answer(answer, s.tokens)
        for rule, n in sample_flaws.items():
            flaws[rule] += n
            answers_with[rule] += 1
            note(rule, s.id)
        gold = set(s.chunks())
        pred = set(chunks)
        tp = len(gold & pred)
        fp, fn = len(pred) - tp, len(gold) - tp
        f1 = None if tp == fp == fn == 0 else (2 * tp / (2 * tp + fp + fn))
        per_sample.append({"id": s.id, "tp": tp, "fp": fp, "fn": fn, "f1": f1, "flaws": dict(sample_flaws)})
        gold_tags.append(list(s.tags))
        pred_tags.append(_tags(len(s.tokens), chunks))
    report = score_chunks(gold_tags, pred_tags, scheme="iob2", mode="lenient")
    if (empty := no_gold_chunk(gold_source, report)) is not None:
        report = replace(report, warnings=(*report.warnings, empty))
    return AnswerReport(report, per_sample, +flaws, answers_with, places, len(samples), answered, pred_tags)


def _tags_corpus(samples: Sequence[Sample], tags: Sequence[Sequence[str]], name: str) -> Corpus:
    buf: list[str] = []
    for s, t in zip(samples, tags):
        buf.extend(f"{tok} {tag}" for tok, tag in zip(s.tokens, t))
        buf.append("")
    return read_conll("\n".join(buf).encode("utf-8"), name=name)


def answers_as_corpora(samples: Sequence[Sample], report: AnswerReport) -> tuple[Corpus, Corpus]:
    """The gold and the answers of :func:`score_answers` as two span corpora of one document per
    sentence (``…/conll/sentence-N``, text = the source text, CoNLL types), so that the span scorer
    and the bootstrap over documents (here: sentences) see the same chunks as the chunk report."""
    pred_tags = report.pred_tags
    return (_tags_corpus(samples, [s.tags for s in samples], "gold"),
            _tags_corpus(samples, pred_tags, "answers"))
