"""Scoring LLM answers in evalscope's tag format against a gold corpus, one sample per sentence.

Samples (:func:`sentence_samples`)
    The gold corpus is cut into sentences of tokens with IOB2 tags of the
    CoNLL types PER, ORG, LOC, MISC, as its CoNLL export
    (:func:`bengal.io.conll.write_conll`: a document's lines are its sentences;
    a corpus read from CoNLL keeps its tokens, any other gets words with
    punctuation split off, cut at mention boundaries; other types are mapped
    by :mod:`bengal.typemap`). A generated corpus has no line breaks in its
    documents, so each of its documents is one sample. The source text of a sample is
    its tokens joined by single spaces (evalscope's ``" ".join(tokens)``). Its
    id is ``NNNNN-hhhhhhhh``: the 1-based sentence number and the first 8 hex
    digits of the SHA-1 of the text, so an answer file made for another corpus
    does not pair up silently.

Answers (:func:`read_answers`)
    JSON Lines, one object per line ``{"id": …, "answer": "<response>…</response>"}``.
    Input flaws are counted per rule (:data:`INPUT_RULES`), never raised.

Placing the entities (:func:`align_answer`)
    The answer is parsed in one pass (:func:`bengal.io.tagged.parse_tagged`);
    its plain text is aligned to the source text character by character with
    difflib's ``SequenceMatcher`` (no junk heuristic). A tagged span is placed
    at the source characters its own characters are aligned to (the equal
    blocks of the alignment; whitespace ignored) and covers the source tokens
    those characters fall in: each entity is placed by its position, never by
    searching for its string (cases C22, C23). Rules counted per answer:
    ``altered_whitespace`` (the plain text differs from the source only in
    whitespace, case C24), ``altered_text`` (it differs otherwise),
    ``unplaced_mention`` (no character of a tagged span is aligned: dropped),
    ``partial_token`` (a tagged span covers part of a token: widened to the
    whole token), ``overlapping_mention`` (a placed span shares a token with an
    earlier one: dropped).

Metrics (:func:`score_answers`)
    Chunk metrics of the IOB2 tag sequences (:func:`bengal.score.chunks.score_chunks`,
    seqeval-compatible: entity-level micro P/R/F1, per type, token accuracy as
    seqeval's ``accuracy_score`` and evalscope). A sentence without an answer
    predicts no entity (all ``O``). Per sample, TP/FP/FN and F1; F1 is ``None``
    (undefined) when the sample has no gold and no predicted entity (case C25).
"""

from __future__ import annotations

import difflib
import hashlib
import io
import json
import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from bengal.io.tagged import FLAW_RULES, parse_tagged
from bengal.model import Corpus
from bengal.score.chunks import ChunkReport, score_chunks
from bengal.tagging.decode import get_entities

__all__ = ["Sample", "sentence_samples", "read_answers", "align_answer", "score_answers", "AnswerReport",
           "INPUT_RULES", "ALIGNMENT_RULES", "RULES", "is_answers_file", "answers_as_corpora"]

#: Rules of the answer file, counted per occurrence.
INPUT_RULES = {
    "missing_answer": "a sentence without an answer line: it predicts no entity",
    "unknown_id": "an answer whose id is no sentence id of the gold: ignored",
    "duplicate_id": "a second answer for the same id: ignored (the first one counts)",
    "empty_answer": "an answer that is empty or only whitespace: no entity",
    "not_utf8": "a line with bytes that are not UTF-8: read with U+FFFD in their place",
    "bad_line": "a line that is not a JSON object with an \"id\" and a string \"answer\": ignored",
}
#: Rules of placing an answer's entities on the source text.
ALIGNMENT_RULES = {
    "altered_whitespace": "the answer's plain text differs from the source text only in whitespace",
    "altered_text": "the answer's plain text differs from the source text beyond whitespace",
    "unplaced_mention": "a tagged span none of whose characters align to the source text: dropped",
    "partial_token": "a tagged span covers part of a source token: widened to the whole token",
    "overlapping_mention": "a tagged span shares a token with an earlier one: dropped",
}
#: Every counted rule with its one-line definition.
RULES = {**INPUT_RULES, **FLAW_RULES, **ALIGNMENT_RULES}


@dataclass(frozen=True)
class Sample:
    """One sentence: ``id``, ``tokens``, gold IOB2 ``tags`` (CoNLL types)."""

    id: str
    tokens: tuple[str, ...]
    tags: tuple[str, ...]

    @property
    def text(self) -> str:
        """The source text: tokens joined by single spaces."""
        return " ".join(self.tokens)

    def chunks(self) -> list[tuple[int, int, str]]:
        """``(first token, last token, type)`` of the gold tags (inclusive)."""
        return [(s, e, t) for t, s, e in get_entities(list(self.tags))]


def sample_id(index: int, text: str) -> str:
    """``NNNNN-hhhhhhhh``: 1-based ``index`` and the SHA-1 of ``text`` (module docstring)."""
    return f"{index + 1:05d}-{hashlib.sha1(text.encode('utf-8')).hexdigest()[:8]}"


def sentence_samples(corpus: Corpus, map_type: Callable[[str | None], str] | None = None) -> list[Sample]:
    """The samples of a gold corpus (module docstring).

    Args:
        corpus: any corpus (CoNLL, NIF, JSONL).
        map_type: a mention type → CoNLL type (PER/ORG/LOC/MISC); default
            :func:`bengal.typemap.default_type_map`.

    Raises:
        InputError: a mention CoNLL cannot carry (overlapping mentions, a span on whitespace).
    """
    from bengal.io.conll import read_conll_file, write_conll
    from bengal.typemap import map_corpus_types

    mapped = map_corpus_types(corpus, map_type)
    buf = io.StringIO()
    write_conll(_no_docstart(mapped), buf)
    cf = read_conll_file(buf.getvalue().encode("utf-8"))
    return [Sample(sample_id(i, " ".join(s.tokens)), s.tokens, s.tags) for i, s in enumerate(cf.sentences)]


def _no_docstart(corpus: Corpus) -> Corpus:
    split = corpus.metadata.get("format") != "conll"  # CoNLL tokens stay as they are
    return Corpus(corpus.documents, corpus.name,
                  {**dict(corpus.metadata), "conll_docstart": False, "conll_split_punct": split}, corpus.warnings)


def is_answers_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a JSON Lines answer file: its first non-blank line is an object with an
    ``"answer"`` key."""
    try:
        with open(path, "rb") as fh:
            for raw in fh:
                if raw.strip():
                    obj = json.loads(raw.decode("utf-8", "replace"))
                    return isinstance(obj, dict) and "answer" in obj
    except (OSError, ValueError):
        return False
    return False


@dataclass
class AnswerFile:
    """Read answers: ``{id: answer}`` (first occurrence) and the input rules counted."""

    answers: dict[str, str] = field(default_factory=dict)
    flaws: Counter = field(default_factory=Counter)
    places: dict[str, list[str]] = field(default_factory=dict)  # rule -> first places (line numbers, ids)

    def add(self, rule: str, where: str) -> None:
        self.flaws[rule] += 1
        self.places.setdefault(rule, [])
        if len(self.places[rule]) < 3:
            self.places[rule].append(where)


def read_answers(source: str | os.PathLike[str] | bytes) -> AnswerFile:
    """Read an answer file (module docstring); only a missing or unreadable file raises.

    Raises:
        OSError: the file cannot be opened.
    """
    data = source if isinstance(source, bytes) else open(source, "rb").read()
    out = AnswerFile()
    for lineno, raw in enumerate(data.split(b"\n"), 1):
        if not raw.strip():
            continue
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            out.add("not_utf8", f"line {lineno}")
            line = raw.decode("utf-8", "replace")
        try:
            obj = json.loads(line)
        except ValueError:
            obj = None
        if not isinstance(obj, dict) or "id" not in obj or not isinstance(obj.get("answer"), str):
            out.add("bad_line", f"line {lineno}")
            continue
        key = str(obj["id"])
        if key in out.answers:
            out.add("duplicate_id", f"line {lineno} ({key})")
            continue
        out.answers[key] = obj["answer"]
    return out


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
        amap = [-1] * len(plain)
        matcher = difflib.SequenceMatcher(None, plain, source, autojunk=False)
        for a, b, size in matcher.get_matching_blocks():
            for k in range(size):
                amap[a + k] = b + k
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

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: ``{"task": "answers", "sentences", "answered", "chunk": …, "flaws": {rule:
        {"count", "answers", "rule", "first"}}, "samples": [...]}``."""
        rules = {}
        for rule in RULES:
            if self.flaws.get(rule):
                rules[rule] = {"count": self.flaws[rule], "answers": self.answers_with.get(rule, self.flaws[rule]),
                               "rule": RULES[rule], "first": self.places.get(rule, [])}
        return {"task": "answers", "format": "evalscope conllpp XML tags, aligned with difflib",
                "sentences": self.sentences, "answered": self.answered, "chunk": self.chunks.to_json(),
                "flaws": rules, "samples": self.samples}


def score_answers(samples: Sequence[Sample], answers: AnswerFile) -> AnswerReport:
    """Score the answers of one system on the sentences ``samples`` (module docstring)."""
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
    return AnswerReport(report, per_sample, +flaws, answers_with, places, len(samples), answered, pred_tags)


def _tags_corpus(samples: Sequence[Sample], tags: Sequence[Sequence[str]], name: str) -> Corpus:
    from bengal.io.conll import read_conll

    buf = []
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
