"""The inputs of ``bengal report``: score result files (``bengal score --json``), read and checked.

:func:`load_result` reads one file into a :class:`ReportInput` and checks every key the page reads,
so that a bad file is one error naming the file and the key, before anything is written;
:func:`load_results` reads several, refuses two of one task, system and set, and puts them in page
order (:data:`TASK_ORDER`, then set, then system).
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from bengal.errors import InputError, UsageError
from bengal.io import file_stem

__all__ = ["ReportInput", "load_result", "load_results", "TASK_ORDER"]

#: Task order and labels of the page.
TASK_ORDER = {"a2kb": "A2KB", "d2kb": "D2KB", "c2kb": "C2KB", "erec": "ERec", "etyping": "ETyping",
              "chunk": "NER chunks (CoNLL)"}
_METRIC_KEYS = ("tp", "fp", "fn", "precision", "recall", "f1")


@dataclass(frozen=True)
class ReportInput:
    """One score result read for the report.

    Attributes:
        path: the JSON file.
        task: ``a2kb`` … ``etyping`` or ``chunk`` (an LLM answers result counts as ``chunk``).
        system, set: the labels (``bengal score --system-name / --set-name``).
        data: the result object (for an answers file: its ``"chunk"`` object).
        set_info: the generator parameters of the set (None for a static corpus).
        note: how the input was read, when it needs saying (e.g. "LLM answers").
    """

    path: Path
    task: str
    system: str
    set: str
    data: Mapping[str, Any]
    set_info: Mapping[str, Any] | None = None
    note: str = ""
    warnings: tuple[tuple[str, str, int], ...] = field(default=())

    @property
    def micro(self) -> Mapping[str, Any]:
        return self.data["micro"]

    @property
    def failed_documents(self) -> int:
        """Gold documents the prediction lacked (the system failed on them, or skipped them)."""
        return sum(n for code, side, n in self.warnings if code == "missing_document" and side == "prediction")

    def ci(self, measure: str = "f1") -> tuple[float, float] | None:
        """The bootstrap interval of the micro ``measure``, if the score had one."""
        ci = self.data.get("ci")
        if isinstance(ci, Mapping) and isinstance(ci.get("micro"), Mapping):
            lo_hi = ci["micro"].get(measure)
            if isinstance(lo_hi, (list, tuple)) and len(lo_hi) == 2:
                return float(lo_hi[0]), float(lo_hi[1])
        return None


#: A JSON escape of a UTF-16 surrogate (``\\ud800``); only such an escape can put one in a string read
#: from UTF-8 text.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _no_surrogate(path: Path, obj: Any, where: str) -> None:
    """Refuse a key or string holding an unpaired UTF-16 surrogate (the page, UTF-8, cannot hold it),
    naming its place (``system``, ``per_type['x']``)."""
    if isinstance(obj, str):
        if _SURROGATE.search(obj):
            raise _bad(path, f"{where or 'a string'} holds an unpaired UTF-16 surrogate (a \\ud800 escape)")
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if _SURROGATE.search(k):
                raise _bad(path, f"a key of {where or 'the top level'} holds an unpaired UTF-16 surrogate")
            _no_surrogate(path, v, f"{where}.{k}" if where else k)
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            _no_surrogate(path, v, f"{where}[{i}]")


def _bad(path: Path, what: str) -> InputError:
    return InputError(f"{what}; bengal report reads the JSON of bengal score --json", source=str(path))


def _check_metrics(path: Path, obj: Any, where: str, keys: Sequence[str] = _METRIC_KEYS) -> None:
    if not isinstance(obj, Mapping):
        raise _bad(path, f"{where} is not an object")
    for k in keys:
        v = obj.get(k)
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise _bad(path, f"{where}.{k} is missing or not a number")
        if not math.isfinite(v) or abs(v) > _LARGEST:  # Python's json reads NaN, Infinity and 4,000-digit numbers
            raise _bad(path, f"{where}.{k} is {_number(v)}, not a finite number")


#: The largest count or measure a result may hold (a float's exact integers end at 2**53).
_LARGEST = 2 ** 53


def _number(v: float) -> str:
    return f"a number of {len(str(abs(v))):,} digits" if isinstance(v, int) else repr(v)


def _finite_number(v: Any) -> bool:
    return not isinstance(v, bool) and isinstance(v, (int, float)) and math.isfinite(v) and abs(v) <= _LARGEST


def _check_ci(path: Path, ci: Any) -> None:
    """A bootstrap block (``bengal score --ci``): ``level`` a number in (0, 1), each ``micro`` measure
    a ``[low, high]`` pair of finite numbers."""
    if ci is None:
        return
    if not isinstance(ci, Mapping):
        raise _bad(path, "ci is not an object")
    level = ci.get("level")
    if level is not None and not (_finite_number(level) and 0 < level < 1):
        raise _bad(path, "ci.level is not a number between 0 and 1")
    micro = ci.get("micro")
    if micro is None:
        return
    if not isinstance(micro, Mapping):
        raise _bad(path, "ci.micro is not an object")
    for k, pair in micro.items():
        if isinstance(pair, (list, tuple)) and not (len(pair) == 2 and all(_finite_number(x) for x in pair)):
            raise _bad(path, f"ci.micro.{k} is not a [low, high] pair of numbers")


def _check_confusion(path: Path, confusion: Any) -> None:
    """A type confusion table: ``{gold type: {predicted type: count}}``, counts non-negative integers."""
    if confusion is None:
        return
    if not isinstance(confusion, Mapping):
        raise _bad(path, "confusion is not an object")
    for g, row in confusion.items():
        if not isinstance(row, Mapping):
            raise _bad(path, f"confusion[{g!r}] is not an object")
        for t, n in row.items():
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= _LARGEST:
                raise _bad(path, f"confusion[{g!r}][{t!r}] is not a count")


def _check_mention(path: Path, m: Any, where: str, text: str) -> None:
    """One mention of the error browser (:mod:`bengal.score.explain`): its span in ``text``, its
    surface form, ``outcome`` a string, ``uris`` a list of strings (or absent), ``type`` a string
    or null, ``error`` a string or null."""
    b, e = (m.get("begin"), m.get("end")) if isinstance(m, Mapping) else (None, None)
    if isinstance(b, bool) or isinstance(e, bool) or not (isinstance(b, int) and isinstance(e, int)
                                                          and 0 <= b < e <= len(text)):
        raise _bad(path, f"{where} has no span inside the text")
    assert isinstance(m, Mapping)
    if m.get("surface") != text[b:e]:
        raise _bad(path, f"{where}: surface {m.get('surface')!r} is not the text at [{b},{e}) ({text[b:e]!r})")
    if not isinstance(m.get("outcome"), str):
        raise _bad(path, f"{where}.outcome is missing or not a string")
    uris = m.get("uris")
    if uris is not None and not (isinstance(uris, list) and all(isinstance(u, str) for u in uris)):
        raise _bad(path, f"{where}.uris is not a list of strings")
    for key in ("type", "error"):
        if m.get(key) is not None and not isinstance(m.get(key), str):
            raise _bad(path, f"{where}.{key} is not a string or null")


def load_result(path: str | os.PathLike[str]) -> ReportInput:
    """Read one ``bengal score --json`` file.

    Accepts the span tasks (A2KB, D2KB, C2KB, ERec, ETyping), CoNLL chunk scores
    and LLM answer scores (their chunk part); a result written before results carried
    labels gets them from its ``inputs`` paths, else the file name as system and ``"(unnamed)"`` as set.

    Raises:
        InputError: the file is unreadable, not JSON (with line and column), or not
            a score result of those tasks (naming the missing or wrong key).
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text ({exc.reason} at byte {exc.start})", source=str(p)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not JSON: {exc.msg}", source=str(p), line=exc.lineno, column=exc.colno) from None
    except RecursionError:  # arrays or objects nested thousands deep
        raise InputError("not JSON that bengal reads: nested too deep", source=str(p)) from None
    except ValueError as exc:  # an integer of over 4,300 digits (Python's int_max_str_digits)
        raise InputError(f"not JSON that bengal reads: {exc}", source=str(p)) from None
    if not isinstance(data, dict):
        raise _bad(p, f"the top level is a JSON {type(data).__name__}, not an object")
    if _SURROGATE_ESCAPE.search(text):
        _no_surrogate(p, data, "")
    task = data.get("task")
    note = ""
    result: Mapping[str, Any] = data
    if task == "answers":
        chunk = data.get("chunk")
        if not isinstance(chunk, Mapping):
            raise _bad(p, 'an answers result without its "chunk" object')
        result, task, note = chunk, "chunk", "LLM answers (evalscope tags)"
    if task not in TASK_ORDER:
        if task in ("semeval", "jaccard"):
            raise _bad(p, f"a {task} result: the report shows the tasks {', '.join(TASK_ORDER)} "
                          "(their micro counts); print this one with bengal score")
        raise _bad(p, 'no "task" key' if task is None else f"unknown task {task!r}")
    _check_metrics(p, result.get("micro"), "micro")
    per_type = result.get("per_type", {})
    if not isinstance(per_type, Mapping):
        raise _bad(p, "per_type is not an object")
    for t, m in per_type.items():
        _check_metrics(p, m, f"per_type[{t!r}]")
    if result.get("macro") is not None:
        _check_metrics(p, result["macro"], "macro", ("f1",))
    for sub in ("inkb", "ee", "gs_inkb"):
        if result.get(sub) is not None:
            _check_metrics(p, result[sub].get("micro") if isinstance(result[sub], Mapping) else None, f"{sub}.micro")
    _check_ci(p, result.get("ci"))
    _check_confusion(p, result.get("confusion"))
    info = data.get("set_info")
    if info is not None:
        if not isinstance(info, Mapping):
            raise _bad(p, "set_info is not an object")
        if info.get("density") is not None:
            _check_metrics(p, info, "set_info", ("density",))
    errors = result.get("errors")
    if errors is not None:
        if not isinstance(errors, Mapping) or not isinstance(errors.get("documents"), list):
            raise _bad(p, 'errors is not an object with a "documents" list')
        kinds = errors.get("kinds", {})
        if not isinstance(kinds, Mapping) or not all(isinstance(v, int) for v in kinds.values()):
            raise _bad(p, "errors.kinds is not an object of counts")
        _check_metrics(p, errors, "errors", [k for k in ("documents_with_errors",) if k in errors])
        for i, d in enumerate(errors["documents"]):
            if not (isinstance(d, Mapping) and isinstance(d.get("text"), str)
                    and isinstance(d.get("gold"), list) and isinstance(d.get("prediction"), list)):
                raise _bad(p, f"errors.documents[{i}] lacks text, gold or prediction")
            _check_metrics(p, d, f"errors.documents[{i}]", [k for k in ("tp", "fp", "fn", "f1") if k in d])
            if d.get("uri") is not None and not isinstance(d.get("uri"), str):
                raise _bad(p, f"errors.documents[{i}].uri is not a string")
            for side in ("gold", "prediction"):
                for j, m in enumerate(d[side]):
                    _check_mention(p, m, f"errors.documents[{i}].{side}[{j}]", d["text"])
    counts: dict[tuple[str, str], int] = {}
    for w in data.get("warnings") or result.get("warnings") or ():
        if isinstance(w, Mapping):
            key = (str(w.get("code", "?")), str(w.get("side", "")))
            counts[key] = counts.get(key, 0) + 1
    given_inputs = data.get("inputs")
    inputs: Mapping[str, Any] = given_inputs if isinstance(given_inputs, Mapping) else {}

    def input_label(side: str) -> str | None:
        path = inputs.get(side, {}).get("path") if isinstance(inputs.get(side), Mapping) else None
        return file_stem(path) if isinstance(path, str) and path else None

    system = data.get("system") or input_label("prediction") or p.stem
    set_name = data.get("set") or input_label("gold") or "(unnamed)"
    return ReportInput(p, task, str(system), str(set_name), result, info, note,
                       tuple((c, s, n) for (c, s), n in counts.items()))


def load_results(paths: Iterable[str | os.PathLike[str]]) -> list[ReportInput]:
    """:func:`load_result` of each path, in task, set and system order.

    Raises:
        UsageError: no path, or two files with the same task, system and set (name them
            apart with ``bengal score --system-name / --set-name``).
        InputError: as :func:`load_result`.
    """
    results = [load_result(p) for p in paths]
    if not results:
        raise UsageError("bengal report needs at least one result (bengal score … --json RESULT.json)")
    seen: dict[tuple[str, str, str], Path] = {}
    for r in results:
        key = (r.task, r.system, r.set)
        if key in seen:
            raise UsageError(f"{seen[key]} and {r.path} both hold {TASK_ORDER[r.task]} of system {r.system!r} "
                             f"on set {r.set!r}: name them apart with bengal score --system-name/--set-name")
        seen[key] = r.path
    order = list(TASK_ORDER)

    def set_key(r: ReportInput) -> tuple:
        info = r.set_info or {}
        return (r.set_info is None, str(info.get("strategy") or ""), float(info.get("density") or 0.0), r.set)

    return sorted(results, key=lambda r: (order.index(r.task), set_key(r), r.system))
