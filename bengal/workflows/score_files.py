"""``bengal score`` as a function: read two files, score them by the right task, say what was scored.

:func:`score_files` picks the task (chunk metrics for two CoNLL files, LLM answers for an answer
file, else A2KB unless told), reads both sides, scores, and returns a :class:`ScoreRun`: the
result, what it is of (system, set, inputs, the generator's set parameters) and the problems and
reader warnings to tell the user. The span tasks read NIF and JSONL files in the stream where they
allow it, each document pair scored as it comes (:func:`_score_both_streamed`, :func:`_score_streamed`;
issue 14), else whole (:func:`read_pair`), with the same result. :func:`score_conll` scores two CoNLL column files,
:func:`score_conlleval` the gold and predicted columns of one (``token … gold pred``, conlleval.pl's input).
"""

from __future__ import annotations

import math
import multiprocessing
import os
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from multiprocessing.connection import wait as ready_connections
from pathlib import Path
from typing import IO, Any, Callable, Iterator, Sequence, cast

from bengal.atomic import check_writable
from bengal.errors import InputError, UsageError
from bengal.io import file_stem
from bengal.io.answers import is_answers_file, read_answers
from bengal.io.conll import ConllFile, ConllSentence, iter_conll_file, read_conll_file
from bengal.io.formats import FORMATS, ConllOptions, NotStreamable, detect_format, read_corpus, stream_corpus
from bengal.io.manifest import set_info, system_name
from bengal.io.same_as import read_same_as
from bengal.lazy import lazy_function
from bengal.llm.answers import score_answers
from bengal.llm.samples import sentence_samples
from bengal.model import GOLD, PREDICTION, Corpus, CorpusWarning, Document
from bengal.perf import gc_paused
from bengal.report.jsonout import score_to_json, write_payload
from bengal.resources import resolve_corpus
from bengal.score.chunks import ChunkReport, ChunkTally, no_gold_chunk, score_chunks, with_chunk_ci, with_units_ci
from bengal.score.explain import ErrorReport
from bengal.score.jaccard import score_jaccard, with_jaccard_ci
from bengal.score.result import Result, ScoreResult, ScoreWarning
from bengal.score.semeval import score_semeval, with_semeval_ci
from bengal.score.tasks import OTHER_TASKS, TASKS
from bengal.score.uris import SameAsIndex
from bengal.tagging.decode import LabelTable, TagError, encode, flat_places, invalid_positions
from bengal.tagging.schemes import INVALID_TAG_TREATMENT, LENIENT, SCHEMES, STRICT
from bengal.typemap import load_type_map

# Span scoring and its bootstrap are imported when a span task is scored, not for two CoNLL files.
score = lazy_function("bengal.score.api", "score")
span_scorer = lazy_function("bengal.score.api", "span_scorer")
with_ci = lazy_function("bengal.score.bootstrap", "with_ci")

__all__ = ["ScoreRun", "score_files", "score_conll", "score_conlleval", "provenance", "read_pair"]



@dataclass(frozen=True)
class ScoreRun:
    """One ``bengal score`` run.

    Attributes:
        result: the score: a :class:`~bengal.score.result.ScoreResult` (span tasks), a
            :class:`~bengal.score.chunks.ChunkReport`, a SemEval, Jaccard or LLM-answers result.
        provenance: what the score is of (:func:`provenance`): ``system``, ``set``, ``inputs``, ``set_info``.
        reader_warnings: ``(label, warnings)`` of each file read (``"gold bench.ttl"``, …).
        problems: one-line problems that did not stop the run (an unreadable manifest, sameAs
            triples with another predicate).
        error_documents: the worst documents given in full in the JSON (span tasks but C2KB), else None.
        error_report: those documents' report when the prediction was scored in the stream (its
            per-document scores then keep no documents to explain), else None.
        streamed: whether the span score was made in the stream (its per-document scores keep no
            documents: :attr:`error_report` is the only source of the errors block).
    """

    result: Result
    provenance: dict[str, Any]
    reader_warnings: tuple[tuple[str, tuple[CorpusWarning, ...]], ...] = ()
    problems: tuple[str, ...] = ()
    error_documents: int | None = None
    error_report: ErrorReport | None = None
    streamed: bool = False

    def to_json(self) -> dict[str, Any]:
        """What ``bengal score --json`` writes: the provenance keys, then the result's own JSON (and, for
        span tasks, the ``"errors"`` block of :func:`bengal.report.jsonout.score_to_json`).

        Raises:
            ValueError: a span score made in the stream by ``score_files(..., explain=False)`` (its
                errors block was not gathered).
        """
        if isinstance(self.result, ScoreResult):
            if self.streamed and self.error_documents is not None and self.error_report is None:
                raise ValueError("this score was read in the stream without its errors block "
                                 "(score_files(..., explain=False)): score again with explain=True for its JSON")
            return score_to_json(self.result, errors=self.error_documents, extra=self.provenance,
                                 report=self.error_report)
        return {**self.provenance, **self.result.to_json()}


def provenance(gold_arg: str | os.PathLike[str], gold_file: str | os.PathLike[str], pred_arg: str | os.PathLike[str],
               *, system: str | None = None, set_name: str | None = None,
               documents: tuple[int, int] | None = None) -> tuple[dict[str, Any], list[str]]:
    """``(block, problems)``: the keys that name what a score JSON is of, for ``bengal report``::

        {"system": label, "set": label,
         "inputs": {"gold": {"path", "documents"}, "prediction": {"path", "documents"}},
         "set_info": {...} | null}

    Args:
        gold_arg, pred_arg: the corpus arguments as given (paths, or a shipped corpus name).
        gold_file: the file ``gold_arg`` resolved to (its manifest, if any, gives ``set_info``).
        system, set_name: labels; default: the system its manifest names
            (:func:`bengal.io.manifest.system_name`), else the arguments' file names without extension.
        documents: ``(gold documents, prediction documents)`` when known.
    """
    info, problem = set_info(gold_file)
    named, problem2 = system_name(pred_arg) if system is None else (None, None)
    g_docs, p_docs = documents if documents is not None else (None, None)
    block = {
        "system": system or named or file_stem(os.fspath(pred_arg)),
        "set": set_name or file_stem(os.fspath(gold_arg)),
        "inputs": {"gold": {"path": os.fspath(gold_arg), "documents": g_docs},
                   "prediction": {"path": os.fspath(pred_arg), "documents": p_docs}},
        "set_info": info,
    }
    return block, [p for p in (problem, problem2) if p]


def score_files(gold: str | os.PathLike[str], pred: str | os.PathLike[str] | None = None, *, task: str | None = None,
                match: str = "strong", profile: str = "bengal", kb_namespaces: Sequence[str] = (),
                same_as: Sequence[str | os.PathLike[str]] = (), beta: float | None = None,
                threshold: float | None = None, sweep: bool = False, ci: int = 0, level: float = 0.95,
                seed: int = 0, system: str | None = None, set_name: str | None = None, errors: int = 50,
                strict: bool = False, gold_format: str | None = None, pred_format: str | None = None,
                scheme: str = "iob2", mode: str = LENIENT, suffix: bool = False, jaccard_threshold: float = 0.5,
                greedy: bool = False, type_map: str | os.PathLike[str] | None = None,
                json_path: str | os.PathLike[str] | None = None, lenient: bool = False,
                explain: bool = True) -> ScoreRun:
    """Score the predictions ``pred`` against the gold standard ``gold`` (what ``bengal score`` runs).

    Args:
        gold: a corpus file or folder (:data:`bengal.io.formats.FORMATS`) or a shipped corpus name
            (``"conllpp"``); alone (``pred`` None) or with ``gold_format="conlleval"``: a conlleval
            file, ``token … gold pred`` per line, scored by :func:`score_conlleval`.
        pred: a corpus file or folder, or an LLM answer file (JSON Lines ``{"id", "answer"}``);
            None for a conlleval file.
        task: a span task of :data:`bengal.score.tasks.TASKS` (``a2kb`` … ``etyping``), or one of
            :data:`bengal.score.tasks.OTHER_TASKS` (``chunk``, ``semeval``, ``jaccard``);
            default: ``chunk`` for two CoNLL files, the answers score for an answer file, else ``a2kb``.
        match, profile, kb_namespaces, beta, threshold, sweep: as :func:`bengal.score.score` (beta
            defaults to 1, 0.5 for Jaccard).
        same_as: owl:sameAs N-Triples files added to the gold file's own links.
        ci, level, seed: bootstrap intervals from ``ci`` resamplings of the documents (0: none).
        system, set_name: names in the JSON (default: from PRED's manifest, else the file names).
        errors: span tasks: how many worst documents the JSON gives in full.
        strict: corpus flaws are errors.
        gold_format, pred_format: force a format of :data:`bengal.io.formats.FORMATS`.
        lenient: read NIF inputs leniently (IRIs holding white space repaired and counted,
            :mod:`bengal.io.lenient`); a usage error when neither input is NIF.
        scheme, mode, suffix: how CoNLL tags are read.
        jaccard_threshold, greedy: of ``task="jaccard"``.
        type_map: TOML type mapping for answer files.
        json_path: also write :meth:`ScoreRun.to_json` there (checked before any work).
        explain: span tasks: gather the per-mention outcomes of the JSON's ``"errors"`` block. A span score
            made in the stream (the prediction, or both files, read document by document: memory does not
            grow with the corpus) keeps no documents to explain afterwards, so it gathers them while
            scoring; False spares that work when no JSON will be asked for (``bengal score`` without
            ``--json``; :meth:`ScoreRun.to_json` of such a score then raises ValueError). Ignored with
            ``json_path``.

    Raises:
        UsageError: options that cannot work, an output path that cannot be written.
        InputError: a broken input file.
    """
    if pred is None or "conlleval" in (gold_format, pred_format):
        return _score_conlleval_run(gold, pred, task=task, match=match, profile=profile, beta=beta,
                                    threshold=threshold, sweep=sweep, ci=ci, level=level, seed=seed,
                                    kb_namespaces=kb_namespaces,
                                    same_as=same_as, system=system, set_name=set_name, strict=strict,
                                    gold_format=gold_format, pred_format=pred_format, scheme=scheme, mode=mode,
                                    suffix=suffix, json_path=json_path, lenient=lenient)
    _check_ci(ci, level)
    _check_threshold(threshold)
    _refuse_unused_options(task, match=match, profile=profile, beta=beta, threshold=threshold, sweep=sweep, ci=ci,
                           kb_namespaces=kb_namespaces, same_as=same_as)
    gold_file = resolve_corpus(gold)[0]
    if json_path is not None:
        check_writable(json_path, inputs=(gold_file, pred))
    block, found = provenance(gold, gold_file, pred, system=system, set_name=set_name)
    problems = list(found)
    gfmt = gold_format or detect_format(gold)
    pfmt = pred_format or detect_format(pred)
    if lenient and FORMATS[gfmt].read_lenient is None and FORMATS[pfmt].read_lenient is None:
        raise UsageError(f"--lenient repairs the IRIs of NIF files; GOLD is read as {gfmt} and PRED as {pfmt}")
    readers: list[tuple[str, tuple[CorpusWarning, ...]]] = []
    result: Result
    error_documents = None
    error_report = None
    streamed: _Streamed | None = None
    if task is None and pfmt == "jsonl" and is_answers_file(pred):
        gold_corpus = read_corpus(gold, gold_format, strict=strict, lenient=lenient)
        readers.append((f"gold {os.fspath(gold)}", gold_corpus.warnings))
        samples = sentence_samples(gold_corpus, load_type_map(type_map) if type_map else None)
        if not samples:  # as score_conll: F1 = 1 of nothing is no score
            raise InputError("the gold has no sentence: nothing to score", source=os.fspath(gold))
        result = score_answers(samples, read_answers(pred), gold_source=os.fspath(gold))
    elif (task or ("chunk" if gfmt == pfmt == "conll" else "a2kb")) == "chunk":
        if gfmt != "conll" or pfmt != "conll":
            raise UsageError(f"--task chunk scores tag sequences: GOLD and PRED must be CoNLL files "
                             f"(read as {gfmt} and {pfmt}; force with --gold-format/--pred-format conll)")
        _refuse_unused_options("chunk", match=match, profile=profile, beta=beta, threshold=threshold, sweep=sweep,
                               ci=ci, kb_namespaces=kb_namespaces, same_as=same_as)
        chunks = score_conll(gold_file, resolve_corpus(pred)[0], scheme=scheme, mode=mode, suffix=suffix,
                             beta=1.0 if beta is None else beta, ci=ci, level=level, seed=seed)
        if strict and (chunks.invalid_gold or chunks.invalid_pred):
            w = chunks.warnings[0]
            raise InputError(f"{w.message} (an error under --strict)", source=w.where)
        result = chunks
    else:
        task = task or "a2kb"
        index = _same_as_index(same_as, problems) if task in TASKS else None
        read_gold = gold_file if task in OTHER_TASKS else gold
        conll = ConllOptions(scheme=scheme, mode=mode, suffix=suffix)
        if task in TASKS and not sweep and not lenient:
            options: dict[str, Any] = dict(strict=strict, task=task, match=match, profile=profile,
                                           kb_namespaces=kb_namespaces, same_as=index, beta=beta,
                                           threshold=threshold,
                                           errors=errors if explain or json_path is not None else None)
            both = _score_both_streamed(read_gold, gold_format, pred, pred_format, **options)
            if both is None:  # the gold cannot be read in the stream: read it whole, stream the prediction
                streamed = _score_streamed(read_gold, gold_format, pred, pred_format, conll=conll, **options)
            elif not isinstance(both, _Refusal):
                streamed = both
        if streamed is not None:
            gold_corpus, pred_corpus, span, error_report, gold_documents, pred_documents = streamed
        else:
            # the formats as given (None: detected again), so that a file told by its content says so when refused
            gold_corpus, pred_corpus = read_pair(read_gold, gold_format, pred, pred_format, strict=strict,
                                                 conll=conll, lenient=lenient)
            gold_documents, pred_documents = len(gold_corpus), len(pred_corpus)
        readers += [(f"gold {os.fspath(read_gold)}", gold_corpus.warnings),
                    (f"prediction {os.fspath(pred)}", pred_corpus.warnings)]
        block["inputs"]["gold"]["documents"] = gold_documents
        block["inputs"]["prediction"]["documents"] = pred_documents
        if task == "semeval":
            sem = score_semeval(gold_corpus, pred_corpus, beta=_check_beta(1.0 if beta is None else beta),
                                threshold=threshold)
            result = with_semeval_ci(sem, ci, level, seed) if ci else sem
        elif task == "jaccard":
            jac = score_jaccard(gold_corpus, pred_corpus, threshold=jaccard_threshold,
                                beta=_check_beta(0.5 if beta is None else beta), greedy=greedy,
                                score_threshold=threshold)
            result = with_jaccard_ci(jac, ci, level, seed) if ci else jac
        else:
            if streamed is None:
                span = score(gold_corpus, pred_corpus, task=task, match=match, profile=profile,
                             kb_namespaces=kb_namespaces or None, same_as=index,
                             beta=1.0 if beta is None else beta, threshold=threshold, sweep=sweep)
            if strict:
                _refuse_missing_documents(span, pred, read_gold)
            result = with_ci(span, ci, level, seed) if ci else span
            error_documents = errors if span.task != "c2kb" else None
    run = ScoreRun(result, block, tuple(readers), tuple(problems), error_documents, error_report,
                   streamed is not None)
    if json_path is not None:
        write_payload(run.to_json(), Path(json_path))
    return run


def _refuse_missing_documents(span: ScoreResult, pred: str | os.PathLike[str],
                              gold: str | os.PathLike[str]) -> None:
    """Under ``--strict``: the documents missing from either side (:mod:`bengal.score.pairing`) as an error
    instead of ``missing_document`` warnings, so that a prediction cut short, empty or for a partly other corpus
    fails a script that checks only the exit code (a new user's finding, seventeenth session).

    Raises:
        InputError: the prediction lacks gold documents, or holds documents the gold lacks (named with the file)."""
    missing, fn = span.missing_from_prediction()
    if missing:
        raise InputError(f"the prediction lacks {missing} of the {span.documents} gold documents ({fn} gold "
                         f"mention{'s' if fn != 1 else ''}; an error under --strict, without it scored with no "
                         "predicted mentions)",
                         source=os.fspath(pred))
    extra = sum(1 for w in span.warnings if w.code == "missing_document" and w.side == GOLD)
    if extra:
        raise InputError(f"the prediction holds {extra} document{'s' if extra != 1 else ''} that the gold "
                         f"{os.fspath(gold)} lacks (an error under --strict, without it not scored)",
                         source=os.fspath(pred))


#: What a span score read in the stream gives :func:`score_files`: ``(gold, prediction, result, error report,
#: gold documents, predicted documents)``, the corpora without their documents where they were read in the stream.
_Streamed = tuple[Corpus, Corpus, ScoreResult, "ErrorReport | None", int, int]


def _score_streamed(gold: str | os.PathLike[str], gold_format: str | None, pred: str | os.PathLike[str],
                    pred_format: str | None, *, strict: bool, conll: ConllOptions, task: str, match: str,
                    profile: str, kb_namespaces: Sequence[str], same_as: SameAsIndex | None, beta: float | None,
                    threshold: float | None, errors: int | None) -> _Streamed | None:
    """The span score of :func:`score_files` with the gold read whole and the prediction read in the stream
    (:func:`bengal.io.formats.stream_corpus`), each predicted document scored and dropped as it is read
    (:meth:`bengal.score.span.SpanScorer.add`), so that memory holds the gold and one predicted document
    but not the prediction nor its alignments (issue 14); the numbers, warnings and JSON are those of
    reading both whole (:data:`_Streamed`).

    None, for :func:`score_files` to read both files whole and score them (:func:`read_pair`, then
    :func:`bengal.score.score`), when the prediction cannot be read in the stream: a format without a
    stream reader (NIF Turtle, N-Triples and JSON Lines have one), a folder, a NIF file whose phrases do not
    follow their context (:func:`bengal.io.nif.stream_nif` says when), any broken prediction (read whole
    it gives its error); and when the options or the gold refuse scoring (no gold document, a bad beta),
    so that errors come in the order of the whole reading (a broken prediction before them). The callers
    leave out the sweep (every prediction at every threshold) and ``--lenient`` (read whole).

    Raises:
        InputError: a broken gold file (read first, as :func:`read_pair` reads it); the prediction shares
            no document URI with the gold (raised as :func:`bengal.score.score` raises it).
    """
    gold_corpus = read_corpus(gold, gold_format, strict=strict, conll=conll)
    try:
        scorer = span_scorer(gold_corpus, task=task, match=match, profile=profile,
                             kb_namespaces=kb_namespaces or None, same_as=same_as,
                             beta=1.0 if beta is None else beta, threshold=threshold, keep_documents=False,
                             errors=errors if task != "c2kb" and errors is not None else None)
    except (InputError, ValueError):  # said after the prediction is read, as the whole reading says it
        return None
    try:
        with gc_paused():
            pred_corpus = stream_corpus(pred, scorer.add, pred_format, strict=strict)
    except NotStreamable:
        return None
    span = scorer.finish(pred_corpus)
    return gold_corpus, pred_corpus, span, scorer.error_report(), len(gold_corpus), scorer.documents


#: Both files at least this big (bytes) before :func:`score_files` reads both in the stream, the prediction in a
#: forked process (:func:`_score_both_streamed`): below it, the gold is read whole (memory is no matter there,
#: and starting a process costs more than it saves).
STREAM_BOTH_MIN_BYTES = 1_000_000

#: How many documents one side may be ahead of the other (in documents received) before :func:`_score_both_streamed`
#: stops reading it until the other catches up. Both files in one order: a few documents wait for their partners
#: (and those whose partner is missing, to the end).
LOOKAHEAD_DOCUMENTS = 16


class _Refused(Exception):
    """The prediction cannot be read in the stream (the worker of :func:`_score_both_streamed` said so, or died)."""


class _GoldRefused(Exception):
    """The gold cannot be read in the stream (its worker in :func:`_score_both_streamed` said so, or died)."""


class _Refusal:
    """:func:`_score_both_streamed`'s answer when the prediction cannot be read in the stream: read both whole."""


_REFUSED = _Refusal()


def _score_both_streamed(gold: str | os.PathLike[str], gold_format: str | None, pred: str | os.PathLike[str],
                         pred_format: str | None, *, strict: bool, task: str, match: str, profile: str,
                         kb_namespaces: Sequence[str], same_as: SameAsIndex | None, beta: float | None,
                         threshold: float | None, errors: int | None) -> _Streamed | _Refusal | None:
    """The span score of :func:`score_files` with both files read in the stream side by side, each in a forked
    process that sends its documents as it reads them (the pipe holds a few; the process waits while it is
    full), and each gold document scored here with its predicted one as soon as both have come
    (:meth:`bengal.score.span.SpanScorer.add_gold`, :meth:`~bengal.score.span.SpanScorer.add`). This process
    only scores, so the two readings, the larger part of the work, take a core each (issue 15: the whole
    command below the floor of one parser pass over both files). A side :data:`LOOKAHEAD_DOCUMENTS` documents
    ahead of the other waits for it, so with both files in the same document order memory holds a few
    documents (and those whose partner is missing), the per-document counts and the readers'
    hashes of the subjects, whatever the corpus's size (issue 14); in other orders the documents wait for
    their partners (as much as reading whole, at worst). The numbers, warnings and JSON are those of reading
    both whole (:data:`_Streamed`): the scorer combines every figure in gold order, whatever the order the
    documents came in.

    Only when processes can be forked and both files are at least :data:`STREAM_BOTH_MIN_BYTES`; else None,
    as when the gold cannot be read in the stream (:func:`bengal.io.nif.stream_nif` says when; a broken gold
    too: read whole, it gives its error) or needs to be known whole before scoring
    (:meth:`~bengal.score.span.SpanScorer.gold_fits`: its own sameAs links, a KB inferred from it, ETyping's
    OKE classes): :func:`_score_streamed` then reads the gold whole. :data:`_REFUSED` when the prediction
    cannot be read in the stream (:func:`read_pair` reads both whole).

    Raises:
        InputError: the prediction shares no document URI with the gold (as :func:`bengal.score.score`).
    """
    if "fork" not in multiprocessing.get_all_start_methods():
        return None
    try:
        if min(os.path.getsize(gold), os.path.getsize(pred)) < STREAM_BOTH_MIN_BYTES:
            return None
    except OSError:  # not a file: read_corpus says what it is
        return None
    try:
        scorer = span_scorer(None, task=task, match=match, profile=profile, kb_namespaces=kb_namespaces or None,
                             same_as=same_as, beta=1.0 if beta is None else beta, threshold=threshold,
                             keep_documents=False, errors=errors if task != "c2kb" and errors is not None else None)
    except (InputError, ValueError):  # said after both files are read, as the whole reading says it
        return _REFUSED
    ctx = multiprocessing.get_context("fork")
    readers = []
    for path, fmt in ((gold, gold_format), (pred, pred_format)):
        receive, send = ctx.Pipe(duplex=False)
        worker = ctx.Process(target=_stream_to, args=(send, path, fmt, strict), daemon=True)
        worker.start()
        send.close()
        readers.append((receive, worker))
    (gold_in, _), (pred_in, _) = readers
    ends: dict[Connection, Corpus] = {}  # each side's corpus without documents, once it has come
    refusals: dict[Connection, type[Exception]] = {gold_in: _GoldRefused, pred_in: _Refused}
    add: dict[Connection, Callable[[Document], None]] = {gold_in: scorer.add_gold, pred_in: scorer.add}
    taken = {gold_in: 0, pred_in: 0}  # documents received from each side
    other = {gold_in: pred_in, pred_in: gold_in}
    try:
        with gc_paused():
            while len(ends) < 2:
                # a side LOOKAHEAD_DOCUMENTS documents ahead of the other waits for it (one side never is)
                sides = [c for c in (gold_in, pred_in) if c not in ends
                         and (other[c] in ends or taken[c] - taken[other[c]] < LOOKAHEAD_DOCUMENTS)]
                for conn in cast("list[Connection]", ready_connections(sides)):
                    try:
                        message = conn.recv()
                    except EOFError:  # the worker died: the whole reading says why
                        raise refusals[conn] from None
                    if isinstance(message, Document):
                        taken[conn] += 1
                        add[conn](message)
                    elif isinstance(message, Corpus):
                        ends[conn] = message
                    else:  # None: this file cannot be read in the stream
                        raise refusals[conn]
    except _GoldRefused:
        return None
    except _Refused:
        return _REFUSED
    finally:
        for receive, worker in readers:
            if worker.is_alive():
                worker.terminate()
            receive.close()
            worker.join()
    gold_corpus, pred_corpus = ends[gold_in], ends[pred_in]
    if not scorer.gold_fits(gold_corpus):
        return None
    span = scorer.finish(pred_corpus, gold=gold_corpus)
    return gold_corpus, pred_corpus, span, scorer.error_report(), len(scorer.parts), scorer.documents


def _stream_to(conn: Connection, path: str | os.PathLike[str], fmt: str | None, strict: bool) -> None:
    """The worker of :func:`_score_both_streamed`: send each document of ``path`` read in the stream, then the
    corpus without documents; ``None`` when it cannot be read in the stream; on any other error nothing
    (the parent reads both files whole and raises the error itself)."""
    try:
        with gc_paused():  # millions of small acyclic objects: the collector's passes only cost time
            conn.send(stream_corpus(path, conn.send, fmt, strict=strict))
    except NotStreamable:
        conn.send(None)
    except BaseException:  # noqa: BLE001 - told to the parent by the closed pipe
        pass
    finally:
        conn.close()


#: Both files at least this big (bytes) before :func:`read_pair` reads them side by side: below it, starting
#: a process costs more than it saves (a 1 MB NIF file takes about 0.07 s to read).
PARALLEL_MIN_BYTES = 1_000_000


def read_pair(gold: str | os.PathLike[str], gold_format: str | None, pred: str | os.PathLike[str],
              pred_format: str | None, *, strict: bool = False, conll: ConllOptions | None = None,
              lenient: bool = False, min_bytes: int = PARALLEL_MIN_BYTES) -> tuple[Corpus, Corpus]:
    """``(gold corpus, prediction corpus)`` read with :func:`bengal.io.formats.read_corpus`; when both files
    have at least ``min_bytes`` bytes, a second core is free to this process and processes can be forked,
    the prediction is read in a forked process while this one reads the gold (a format of ``None`` is
    detected from the file; ``lenient`` as for :func:`bengal.io.formats.read_corpus`) (the parsers hold the GIL,
    so threads would not overlap). The result is the same either way; if the worker fails, the
    prediction is read again here, so that its error is raised as a serial read raises it.

    Raises:
        InputError: a broken file (as :func:`bengal.io.formats.read_corpus`).
    """
    conll = conll if conll is not None else ConllOptions()
    if not _side_by_side(gold, pred, min_bytes):
        return (read_corpus(gold, gold_format, strict=strict, conll=conll, lenient=lenient),
                read_corpus(pred, pred_format, strict=strict, conll=conll, lenient=lenient))
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    worker = ctx.Process(target=_read_to, args=(send, pred, pred_format, strict, conll, lenient), daemon=True)
    worker.start()
    send.close()
    pred_corpus: Corpus | None = None
    try:
        gold_corpus = read_corpus(gold, gold_format, strict=strict, conll=conll, lenient=lenient)
        try:
            pred_corpus = receive.recv()
        except EOFError:  # the worker failed
            pred_corpus = None
    except BaseException:
        worker.terminate()
        raise
    finally:
        receive.close()
        worker.join()
    if pred_corpus is None:
        pred_corpus = read_corpus(pred, pred_format, strict=strict, conll=conll, lenient=lenient)
    return gold_corpus, pred_corpus


def _side_by_side(gold: str | os.PathLike[str], pred: str | os.PathLike[str], min_bytes: int) -> bool:
    if "fork" not in multiprocessing.get_all_start_methods():
        return False
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    try:
        return cores > 1 and min(os.path.getsize(gold), os.path.getsize(pred)) >= min_bytes
    except OSError:  # not a file (a shipped corpus name resolved elsewhere, a missing path): read in turn
        return False


def _read_to(conn: Connection, path: str | os.PathLike[str], fmt: str | None, strict: bool, conll: ConllOptions,
             lenient: bool) -> None:
    """The worker of :func:`read_pair`: send the corpus of ``path``; on any error send nothing (the
    parent reads the file again and raises the error itself)."""
    try:
        conn.send(read_corpus(path, fmt, strict=strict, conll=conll, lenient=lenient))
    except BaseException:  # noqa: BLE001 - told to the parent by the closed pipe
        pass
    finally:
        conn.close()


#: The options of the span tasks that the other scores have no meaning for: ``{task: options}``.
#: ``bengal score`` refuses them there instead of ignoring them. --beta and --bootstrap work for
#: every task (chunk intervals resample sentences); --threshold for SemEval and Jaccard (their
#: predictions can carry scores; tag sequences carry none). --match: chunks match by first and last
#: token, SemEval's schemes are the overlap rules, Jaccard matches by words. --profile, --sweep,
#: --kb-namespace and --same-as concern GERBIL's span tasks and URIs only. C2KB compares each document's bag of
#: entities (GERBIL's C2KB), so --match means nothing there either ("C2KB · weak match" was printed).
_UNUSED_OPTIONS = {
    "chunk": ("--match", "--profile", "--threshold", "--sweep", "--kb-namespace", "--same-as"),
    "semeval": ("--match", "--profile", "--sweep", "--kb-namespace", "--same-as"),
    "jaccard": ("--match", "--profile", "--sweep", "--kb-namespace", "--same-as"),
    "c2kb": ("--match",),
}

#: Why a task refuses an option (the usage error's reason), by option or, where a task has a reason of its own,
#: by ``(option, task)``.
_WHY_UNUSED: dict[str | tuple[str, str], str] = {
    "--match": "{task} has its own span rule",
    ("--match", "c2kb"): "c2kb compares each document's bag of entities and matches no span",
    "--profile": "the GERBIL profile concerns the span tasks",
    "--threshold": "tag sequences carry no prediction scores",
    "--sweep": "the sweep is of the span tasks",
    "--kb-namespace": "{task} judges no URIs",
    "--same-as": "{task} judges no URIs",
}


def _check_ci(ci: int, level: float) -> None:
    """One-line UsageErrors for a negative --bootstrap or a --level outside (0, 1) when intervals are asked for."""
    if ci < 0:
        raise UsageError(f"--bootstrap needs at least 1 resampling, not {ci}")
    if ci and not 0.0 < level < 1.0:
        raise UsageError(f"--level must lie strictly between 0 and 1, not {level}")


def _refuse_unused_options(task: str | None, *, match: str, profile: str, beta: float | None,
                           threshold: float | None, sweep: bool, ci: int, kb_namespaces: Sequence[str],
                           same_as: Sequence[object]) -> None:
    """A one-line UsageError for an option the task would ignore (:data:`_UNUSED_OPTIONS`); a task
    left to detection is checked once it is known only for the options it names."""
    if task not in _UNUSED_OPTIONS:
        return
    given = {"--match": match != "strong", "--profile": profile != "bengal", "--beta": beta is not None,
             "--threshold": threshold is not None, "--sweep": sweep, "--bootstrap": bool(ci),
             "--kb-namespace": bool(kb_namespaces), "--same-as": bool(same_as)}
    bad = [o for o in _UNUSED_OPTIONS[task] if given[o]]
    if not bad:
        return
    why = "; ".join(_WHY_UNUSED.get((o, task)) or _WHY_UNUSED[o].format(task=task) for o in bad)
    if task in TASKS:  # a span task that ignores an option the other span tasks use (C2KB's --match)
        users = [t for t in TASKS if not set(bad) & set(_UNUSED_OPTIONS.get(t, ()))]
        raise UsageError(f"--task {task} does not use {', '.join(bad)} ({why}; it applies to the tasks "
                         f"{', '.join(users[:-1])} and {users[-1]})")
    raise UsageError(f"--task {task} does not use {', '.join(bad)} ({why}; they apply to the span tasks "
                     f"{', '.join(TASKS)})")


def _same_as_index(paths: Sequence[str | os.PathLike[str]], problems: list[str]) -> SameAsIndex | None:
    """The owl:sameAs classes of the link files ``paths`` (None for none); a file's triples with another
    predicate are a problem to tell, not links."""
    index = None
    for path in paths:
        links, other = read_same_as(path)
        if index is None:
            index = SameAsIndex()
        for a, b in links:
            index.add(a, b)
        if other:
            problems.append(f"sameAs {os.fspath(path)}: {other} triples with another predicate are no sameAs links; "
                            "not used")
    return index


def fitting_schemes(tags: Sequence[Sequence[str]], side: str, suffix: bool = False) -> list[str]:
    """The names of the tagging schemes of :data:`bengal.tagging.schemes.SCHEMES` (in table order)
    under which every non-``O`` tag of ``tags`` (one list per sentence) lies in a chunk of the strict
    reading: the hint when strict decoding drops tags (the original CoNLL-2003 files are IOB1)."""
    out = []
    for name in SCHEMES:
        try:
            table = LabelTable(name, suffix)
            if not len(invalid_positions(encode(table, tags, side), table)):
                out.append(name)
        except (TagError, ValueError):
            continue
    return out


def _score_conlleval_run(gold: str | os.PathLike[str], pred: str | os.PathLike[str] | None, *, task: str | None,
                         match: str, profile: str, beta: float | None, threshold: float | None, sweep: bool, ci: int,
                         level: float, seed: int,
                         kb_namespaces: Sequence[str], same_as: Sequence[str | os.PathLike[str]],
                         system: str | None, set_name: str | None, strict: bool, gold_format: str | None,
                         pred_format: str | None, scheme: str, mode: str, suffix: bool,
                         json_path: str | os.PathLike[str] | None, lenient: bool) -> ScoreRun:
    """:func:`score_files` of one conlleval file (``pred`` None, or the same file, or a conlleval format)."""
    if pred is not None and os.fspath(pred) != os.fspath(gold):
        raise UsageError("a conlleval file holds the gold and the predicted tags (token ... gold pred): give that "
                         "one file, without PRED")
    if task not in (None, "chunk"):
        raise UsageError(f"a conlleval file is scored by chunks (--task chunk), not --task {task}")
    for side, fmt in (("--gold-format", gold_format), ("--pred-format", pred_format)):
        if fmt not in (None, "conlleval"):
            raise UsageError(f"one file is read as a conlleval file (token ... gold pred), not {side} {fmt}")
    if lenient:
        raise UsageError("--lenient repairs the IRIs of NIF files; a conlleval file has none")
    if gold_format is None and pred_format is None and (seen := detect_format(gold)) != "conll":
        raise UsageError(f"one file alone is scored as a conlleval file (token ... gold pred), but {os.fspath(gold)} "
                         f"reads as {FORMATS[seen].label}: give PRED too")
    _refuse_unused_options("chunk", match=match, profile=profile, beta=beta, threshold=threshold, sweep=sweep, ci=ci,
                           kb_namespaces=kb_namespaces, same_as=same_as)
    path = resolve_corpus(gold)[0]
    if json_path is not None:
        check_writable(json_path, inputs=(path,))
    block, problems = provenance(gold, path, gold, system=system, set_name=set_name)
    _check_ci(ci, level)
    chunks = score_conlleval(path, scheme=scheme, mode=mode, suffix=suffix, beta=1.0 if beta is None else beta,
                             ci=ci, level=level, seed=seed)
    if strict and (chunks.invalid_gold or chunks.invalid_pred):
        w = chunks.warnings[0]
        raise InputError(f"{w.message} (an error under --strict)", source=w.where)
    run = ScoreRun(chunks, block, (), tuple(problems), None)
    if json_path is not None:
        write_payload(run.to_json(), Path(json_path))
    return run


def score_conlleval(path: str | os.PathLike[str] | bytes, *, scheme: str = "iob2", mode: str = LENIENT,
                    suffix: bool = False, beta: float = 1.0, ci: int = 0, level: float = 0.95,
                    seed: int = 0) -> ChunkReport:
    """Chunk metrics of a conlleval file: ``token … gold pred`` per line, the gold tag in the
    next-to-last column and the predicted one in the last (conlleval.pl's input; blank lines end
    sentences, ``-DOCSTART-`` lines are skipped). ``bengal score FILE`` with one file.

    Args:
        path: the file (gzip recognised), or its bytes.
        scheme, mode, suffix: as :func:`bengal.score.chunks.score_chunks` (the default, IOB2
            lenient, counts chunks as conlleval.pl does).
        beta, ci, level, seed: as :func:`score_conll`.

    Raises:
        InputError: naming the file and line: fewer than 3 columns, lines of different column
            counts, a malformed tag.
    """
    head = read_conll_file(path)
    if head.columns and head.columns < 3:
        raise InputError(f"a conlleval file has token ... gold pred per line: at least 3 columns, this one has "
                         f"{head.columns}", source=head.source, line=head.sentences[0].line if head.sentences else None)
    return score_conll(path, path, scheme=scheme, mode=mode, suffix=suffix, tag_column=-2, pred_column=-1, beta=beta,
                       ci=ci, level=level, seed=seed)


def score_conll(gold: str | os.PathLike[str] | IO[bytes] | bytes, pred: str | os.PathLike[str] | IO[bytes] | bytes,
                *, scheme: str = "iob2", mode: str = LENIENT, suffix: bool = False, tag_column: int = -1,
                pred_column: int | None = None, beta: float = 1.0, ci: int = 0, level: float = 0.95,
                seed: int = 0, stream: bool = True) -> ChunkReport:
    """Chunk metrics of two CoNLL column files (``bengal score`` on CoNLL files).

    Args:
        gold, pred: paths (or streams / bytes) of CoNLL files with the same tokens
            in the same sentences (:mod:`bengal.io.conll`).
        scheme, mode, suffix: as :func:`bengal.score.chunks.score_chunks`.
        tag_column: the column of the tag in both files (default the last).
        pred_column: the column of the tag in ``pred`` when it differs (None: ``tag_column``).
        beta: the F-beta reported beside F1.
        ci, level, seed: bootstrap intervals over sentences from ``ci`` resamplings (0: none),
            :func:`bengal.score.chunks.with_chunk_ci`.
        stream: read paths and bytes in lockstep, a batch of :data:`STREAM_BATCH_TOKENS` tokens at a
            time, counting as they come (:class:`bengal.score.chunks.ChunkTally`): memory holds one
            batch, the counts, the first invalid tags' lines and (with ``ci``) three counts per
            sentence, not the files. On any broken input the files are read whole again, so that the
            error is the one the whole reading gives (the gold's first broken line before any of the
            prediction, then sentence counts, then tokens per sentence, then a bad tag). False, or a
            stream source (it cannot be read twice): the whole files are read. The report is the same
            either way.

    Raises:
        InputError: a broken file, or sentences / tags that do not line up, naming
            the file and line; TagError (an InputError) for a bad tag, naming the
            file and line.
    """
    if stream and _rereadable(gold) and _rereadable(pred):
        try:
            return _score_conll_streamed(gold, pred, scheme=scheme, mode=mode, suffix=suffix, tag_column=tag_column,
                                         pred_column=pred_column, beta=beta, ci=ci, level=level, seed=seed)
        except (InputError, _NotAligned):
            pass  # read whole below: the error is then the one the whole reading gives
    return _score_conll_whole(gold, pred, scheme=scheme, mode=mode, suffix=suffix, tag_column=tag_column,
                              pred_column=pred_column, beta=beta, ci=ci, level=level, seed=seed)


#: Tokens per batch of the streamed CoNLL scoring (:func:`score_conll`): large enough for NumPy to pay
#: (a batch of 65,536 tokens takes some milliseconds), small enough to be a few MB.
STREAM_BATCH_TOKENS = 65_536


class _NotAligned(Exception):
    """The two files' sentences do not line up (or the gold has none): read whole to name the error."""


def _rereadable(source: object) -> bool:
    return isinstance(source, (str, os.PathLike, bytes, bytearray))


def _batches(sentences: Iterator[tuple[ConllSentence, ConllSentence]],
             size: int) -> Iterator[list[tuple[ConllSentence, ConllSentence]]]:
    """Pairs of sentences in lists of at least ``size`` tokens (the last one shorter)."""
    batch: list[tuple[ConllSentence, ConllSentence]] = []
    tokens = 0
    for pair in sentences:
        batch.append(pair)
        tokens += len(pair[0].tags)
        if tokens >= size:
            yield batch
            batch, tokens = [], 0
    if batch:
        yield batch


def _aligned(gold: Iterator[ConllSentence], pred: Iterator[ConllSentence]) -> Iterator[tuple[ConllSentence,
                                                                                             ConllSentence]]:
    """The sentences of both files side by side; :class:`_NotAligned` when they differ in number or length."""
    for a in gold:
        b = next(pred, None)
        if b is None or len(a.tags) != len(b.tags):
            raise _NotAligned
        yield a, b
    if next(pred, None) is not None:
        raise _NotAligned


def _score_conll_streamed(gold: str | os.PathLike[str] | IO[bytes] | bytes,
                          pred: str | os.PathLike[str] | IO[bytes] | bytes, *, scheme: str, mode: str, suffix: bool,
                          tag_column: int, pred_column: int | None, beta: float, ci: int, level: float,
                          seed: int) -> ChunkReport:
    """:func:`score_conll` reading both files in lockstep (its ``stream`` argument); raises InputError or
    :class:`_NotAligned` on broken input, for the caller to read the files whole."""
    p_column = tag_column if pred_column is None else pred_column
    tally = ChunkTally(scheme, mode, suffix, units=bool(ci))
    lines: dict[str, list[int]] = {GOLD: [], PREDICTION: []}  # lines of the first invalid tags of each side
    files = {GOLD: ConllFile(""), PREDICTION: ConllFile("")}  # their source names, once read
    pairs = _aligned(iter_conll_file(gold, tag_column=tag_column, into=files[GOLD]),
                     iter_conll_file(pred, tag_column=p_column, into=files[PREDICTION]))
    with gc_paused():
        for batch in _batches(pairs, STREAM_BATCH_TOKENS):
            first = tally.counts.sentences
            kept = {side: len(tally.invalid[side]) for side in lines}
            tally.add([list(a.tags) for a, _ in batch], [list(b.tags) for _, b in batch])
            for k, side in enumerate(lines):
                for si, ti in tally.invalid[side][kept[side]:]:
                    lines[side].append(batch[si - first][k].line + ti)
    if not tally.counts.sentences:
        raise _NotAligned  # the whole reading says the gold has no token
    report = tally.report()
    warnings: list[ScoreWarning] = []
    for side, n, column in ((GOLD, report.invalid_gold, tag_column), (PREDICTION, report.invalid_pred, p_column)):
        if n:
            source = gold if side == GOLD else pred
            hint = ""
            if mode == STRICT:
                fits = _fitting_schemes_streamed(source, column, side, suffix)
                if fits and scheme not in fits:
                    hint = (f"; the tags fit the scheme{'s' if len(fits) > 1 else ''} {', '.join(fits)} "
                            f"(give --scheme {fits[0]})")
            warnings.append(_invalid_tag_warning(files[side].source, side, n, lines[side], tally.table, mode, hint))
    if (empty := no_gold_chunk(files[GOLD].source, report)) is not None:
        warnings.append(empty)
    report = replace(report, warnings=tuple(warnings), beta=_check_beta(beta))
    return with_units_ci(report, tally.units(), samples=ci, level=level, seed=seed) if ci else report


def _fitting_schemes_streamed(source: str | os.PathLike[str] | IO[bytes] | bytes, tag_column: int, side: str,
                              suffix: bool) -> list[str]:
    """:func:`fitting_schemes` of all the tags of one file, read again a batch at a time (a scheme fits
    the file when it fits every batch: chunks never cross a sentence)."""
    fits: list[str] | None = None
    sentences = iter_conll_file(source, tag_column=tag_column)
    for batch in _batches(((s, s) for s in sentences), STREAM_BATCH_TOKENS):
        here = fitting_schemes([list(s.tags) for s, _ in batch], side, suffix)
        fits = here if fits is None else [name for name in fits if name in here]
        if not fits:
            break
    return fits or []


def _invalid_tag_warning(source: str, side: str, n: int, lines: Sequence[int], table: LabelTable, mode: str,
                         hint: str) -> ScoreWarning:
    """The ``invalid_tag`` warning of one side: ``n`` tags, the first at these lines."""
    # (tags in no chunk the scheme allows, counted alike in both modes: "I-X I-X" is two, though conlleval's reading
    # changes one; "repaired" read as "changed", a new user's reading of case C1, twentieth session)
    what = f"{INVALID_TAG_TREATMENT[mode]} ({mode} mode)"
    at = ", ".join(f"{source}:{line}" for line in lines) + (" …" if n > len(lines) else "")
    return ScoreWarning("invalid_tag", source, f"{n} tags in no chunk the scheme "
                        f"{table.scheme.label} allows: {what}; at {at}{hint}", side)


def _score_conll_whole(gold: str | os.PathLike[str] | IO[bytes] | bytes,
                       pred: str | os.PathLike[str] | IO[bytes] | bytes, *, scheme: str, mode: str, suffix: bool,
                       tag_column: int, pred_column: int | None, beta: float, ci: int, level: float,
                       seed: int) -> ChunkReport:
    """:func:`score_conll` reading both files whole (``stream=False``, a stream source, broken input)."""
    with gc_paused():  # millions of small acyclic objects: the collector's passes only cost time
        g = read_conll_file(gold, tag_column=tag_column)
        p = read_conll_file(pred, tag_column=tag_column if pred_column is None else pred_column)
        g_tags, p_tags = g.tags(), p.tags()
    if not g.sentences:  # as the span tasks refuse a gold without documents (GERBIL issue 206: F1 = 1 of nothing)
        raise InputError("the gold has no token (an empty CoNLL file): nothing to score", source=g.source)
    if len(g.sentences) != len(p.sentences):
        raise InputError(f"the gold {g.source} has {len(g.sentences)} sentences but the prediction has "
                         f"{len(p.sentences)}: the files must have the same sentences", source=p.source)
    for i, (a, b) in enumerate(zip(g.sentences, p.sentences)):
        if len(a.tokens) != len(b.tokens):
            raise InputError(f"sentence {i + 1} has {len(b.tokens)} tokens here but {len(a.tokens)} in the gold "
                             f"({g.source}:{a.line})", source=p.source, line=b.line)
    try:
        report = score_chunks(g_tags, p_tags, scheme=scheme, mode=mode, suffix=suffix)
    except TagError as err:
        cf = g if err.side == GOLD else p
        detail = str(err).split(": ", 1)[-1]
        sentence, token = err.sentence or 0, err.token or 0
        raise TagError(f"sentence {sentence + 1}, token {token + 1}: {detail}", side=err.side,
                       sentence=err.sentence, token=err.token, source=cf.source,
                       line=cf.line_of(sentence, token)) from None
    warnings: list[ScoreWarning] = []
    for side, n, cf, tags in ((GOLD, report.invalid_gold, g, g_tags), (PREDICTION, report.invalid_pred, p, p_tags)):
        if n:
            table = LabelTable(scheme, suffix)
            place = flat_places([len(t) for t in tags])
            first = [cf.line_of(*place(pos)) for pos in invalid_positions(encode(table, tags, side), table)[:3]]
            hint = ""
            if mode == STRICT:
                fits = fitting_schemes(tags, side, suffix)
                if fits and scheme not in fits:
                    hint = (f"; the tags fit the scheme{'s' if len(fits) > 1 else ''} {', '.join(fits)} "
                            f"(give --scheme {fits[0]})")
            warnings.append(_invalid_tag_warning(cf.source, side, n, first, table, mode, hint))
    if (empty := no_gold_chunk(g.source, report)) is not None:
        warnings.append(empty)
    report = replace(report, warnings=tuple(warnings), beta=_check_beta(beta))
    return with_chunk_ci(report, g_tags, p_tags, samples=ci, level=level, seed=seed) if ci else report


def _check_threshold(threshold: float | None) -> None:
    """A one-line UsageError for a ``--threshold`` that is NaN or infinite (click's float type reads
    ``nan`` and ``inf``; no score compares with NaN, and the JSON result could not hold it)."""
    if threshold is not None and not math.isfinite(threshold):
        raise UsageError(f"--threshold must be a finite number, not {threshold}")


def _check_beta(beta: float) -> float:
    """``beta`` as a float; a one-line UsageError unless it is a positive finite number."""
    if not (beta > 0 and math.isfinite(beta)):
        raise UsageError(f"--beta must be a positive number, not {beta}")
    return float(beta)
