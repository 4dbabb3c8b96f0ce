"""Answer files of LLMs: JSON Lines, one ``{"id": …, "answer": "<response>…</response>"}`` per line.

:func:`read_answers` never raises on the content: every flaw of the file is counted per rule
(:data:`INPUT_RULES`) with its first places, and the line is skipped or read as the rule says;
only a file that cannot be opened raises. The answers are then placed and scored by
:mod:`bengal.llm.answers`; the tags inside an answer are parsed by :mod:`bengal.io.tagged`.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from dataclasses import dataclass, field

__all__ = ["INPUT_RULES", "is_answers_file", "AnswerFile", "read_answers"]

#: Rules of the answer file, counted per occurrence.
INPUT_RULES = {
    "missing_answer": "a sentence without an answer line: it predicts no entity",
    "unknown_id": "an answer whose id is no sentence id of the gold: ignored",
    "duplicate_id": "a second answer for the same id: ignored (the first one counts)",
    "empty_answer": "an answer that is empty or only whitespace: no entity",
    "not_utf8": "a line with bytes that are not UTF-8: read with U+FFFD in their place",
    "bad_line": "a line that is not a JSON object with an \"id\" and a string \"answer\": ignored",
    "byte_order_mark": "the file starts with a UTF-8 byte-order mark (U+FEFF): skipped",
    "lone_surrogate": "an id or answer holding a lone UTF-16 surrogate (a JSON \\ud800 escape; no UTF-8 text "
                      "can hold it): ignored",
}


#: A UTF-16 surrogate code point (an unpaired ``\\ud800`` escape of JSON decodes to one).
_SURROGATE = re.compile("[\ud800-\udfff]")


def is_answers_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a JSON Lines answer file: its first non-blank line is an object with an
    ``"answer"`` key."""
    try:
        with open(path, "rb") as fh:
            for raw in fh:
                if raw.strip():
                    obj = json.loads(raw.decode("utf-8-sig", "replace"))  # a byte-order mark is no content
                    return isinstance(obj, dict) and "answer" in obj
    except (OSError, ValueError, RecursionError):
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
        if lineno == 1 and line.startswith("\ufeff"):
            out.add("byte_order_mark", "line 1")
            line = line[1:]
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError):  # RecursionError: arrays or objects nested thousands deep
            obj = None
        if not isinstance(obj, dict) or "id" not in obj or not isinstance(obj.get("answer"), str):
            out.add("bad_line", f"line {lineno}")
            continue
        key = str(obj["id"])
        if _SURROGATE.search(key) or _SURROGATE.search(obj["answer"]):
            out.add("lone_surrogate", f"line {lineno}")
            continue
        if key in out.answers:
            out.add("duplicate_id", f"line {lineno} ({key})")
            continue
        out.answers[key] = obj["answer"]
    return out
