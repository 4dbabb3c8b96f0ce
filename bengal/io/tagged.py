"""LLM answers in XML-tag form (evalscope's ``conllpp`` answer format), read in one pass.

The format (evalscope, ``evalscope/benchmarks/conllpp``, NER adapter): the
answer is the source sentence with entities wrapped in tags, the whole inside
``<response>…</response>``::

    <response>SOCCER - <location>JAPAN</location> GET LUCKY WIN , <location>CHINA</location> IN SURPRISE DEFEAT .</response>

:func:`parse_tagged` reads it with its own tolerant tokenizer, one pass over
the string, no XML library: a *tag* is ``<`` name ``>`` or ``</`` name ``>``
(ASCII letters, digits, ``_``, ``-``, read case-insensitively; spaces allowed inside the brackets); any
other ``<`` is text. Character references (``&amp;``) stay as they are: they
are text, not expanded (the alignment then counts them as altered text).

The result is the answer's *plain text* (the tags removed) and its mentions as
half-open code-point spans of that plain text, with a type. Flaws are counted
per rule in :attr:`ParsedAnswer.flaws` (one count per occurrence), never
raised:

``no_response``
    no ``<response>`` tag: the whole answer is read as the response.
``unbalanced_tag``
    a closing tag with no open tag of its name, an entity tag still open at
    ``</response>`` or the end (no mention), a ``</response>`` without
    ``<response>``, a ``<response>`` never closed (its text is still read), or a closing tag that
    does not match the innermost open entity tag (``<person>X</location>``: no mention).
``unknown_tag``
    a tag whose name is not an entity tag (``<date>``): the markup is removed,
    its content kept as plain text, no mention.
``nested_tag``
    an entity tag opened inside another one: the outer tag gives the mention,
    the inner markup is removed (its text stays).
``recovered_inner_tag``
    an entity tag left open at ``</response>`` or the end around well-formed inner
    entity tags (``<person>John lives in <location>Paris</location> .``): the outer
    tag gives no mention (``unbalanced_tag``), each inner one does (the outermost of
    them where they nest), and each is counted here.
``empty_mention``
    an entity tag with no text but whitespace inside: no mention.
``text_outside_response``
    non-blank text before ``<response>`` or after ``</response>``: ignored.

Whitespace at the edges of a tag's content is not part of the mention
(``<person> Smith </person>`` is the mention ``Smith``; case C24).
"""  # noqa: E501 - the example answer above is one line, as an LLM writes it

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

__all__ = ["TAG_TYPES", "FLAW_RULES", "ParsedAnswer", "parse_tagged", "render_tagged"]

#: evalscope's entity tags and the CoNLL types they stand for.
TAG_TYPES = {"person": "PER", "organization": "ORG", "location": "LOC", "miscellaneous": "MISC"}
_TYPE_TAGS = {v: k for k, v in TAG_TYPES.items()}
RESPONSE = "response"

#: The flaw rules of :func:`parse_tagged`, by name (see the module docstring).
FLAW_RULES = {
    "no_response": "no <response> tag: the whole answer is read as the response",
    "unbalanced_tag": "a closing tag without its opening tag, an entity tag never closed, or a closing tag "
                      "that does not match the open entity tag: no mention from it",
    "unknown_tag": "a tag that is not person/organization/location/miscellaneous/response: markup removed, "
                   "text kept, no mention",
    "nested_tag": "an entity tag inside another: the outer one gives the mention",
    "recovered_inner_tag": "an entity tag left unclosed around a well-formed inner one: the inner one gives the "
                           "mention",
    "empty_mention": "an entity tag with only whitespace inside: no mention",
    "text_outside_response": "text before <response> or after </response>: ignored",
}

# ``(/\s*)?`` rather than ``(/?)\s*``: two adjacent ``\s*`` would split a run of k spaces after a ``<`` in
# k ways, a k² backtrack on ``<`` followed by spaces and no name; this form matches the same tags in linear time.
_TAG = re.compile(r"<\s*(/\s*)?([A-Za-z][A-Za-z0-9_\-]*)\s*>")


@dataclass
class ParsedAnswer:
    """One parsed answer.

    Attributes:
        text: the plain text of the response (tags removed, nothing else changed).
        mentions: ``(begin, end, type)`` half-open code-point spans of ``text``
            (whitespace at the edges trimmed), CoNLL types, in text order.
        flaws: ``{rule: occurrences}`` (rules of :data:`FLAW_RULES`).
    """

    text: str
    mentions: list[tuple[int, int, str]] = field(default_factory=list)
    flaws: Counter = field(default_factory=Counter)


def parse_tagged(answer: str) -> ParsedAnswer:
    """Parse an answer in evalscope's tag format (module docstring) in one pass.

    Args:
        answer: the model's answer string.

    Returns:
        A :class:`ParsedAnswer`; never raises on malformed markup.
    """
    flaws: Counter = Counter()
    has_response = re.search(r"<\s*response\s*>", answer, re.IGNORECASE) is not None
    if not has_response:
        flaws["no_response"] += 1
    inside = not has_response  # inside the response
    done = False  # after </response>
    parts: list[str] = []
    length = 0
    # Linear time: a mention's edges are known without re-reading its text. ``last_ink`` is the end of
    # the last non-whitespace character of the plain text so far; each open entity tag is a list
    # ``[name, first non-whitespace offset at or after the tag, or None while there is none]``, the
    # open tags still waiting for one in ``waiting``; ``open_names`` counts the names on the stack.
    last_ink = 0
    stack: list[list] = []  # open entity tags; only stack[0] makes a mention
    waiting: list[list] = []
    open_names: Counter = Counter()
    mentions: list[tuple[int, int, str]] = []
    inner: list[tuple[int, int, str]] = []  # well-formed entity tags closed inside the open stack[0]
    pos = 0

    def pop() -> list:
        entry = stack.pop()
        open_names[entry[0]] -= 1
        return entry

    def mention(entry: list) -> tuple[int, int, str] | None:
        """The tag's content with whitespace at its edges trimmed, or None when it is blank."""
        first = entry[1]
        return None if first is None else (first, last_ink, TAG_TYPES[entry[0]])

    def recover() -> None:
        """The outer tag stays open: its well-formed inner tags (outermost first) become mentions."""
        last_end = -1
        for b, e, t in sorted(inner, key=lambda x: (x[0], -x[1])):
            if b >= last_end:
                mentions.append((b, e, t))
                flaws["recovered_inner_tag"] += 1
                last_end = e
        inner.clear()

    def text(piece: str) -> None:
        nonlocal length, last_ink
        if not piece:
            return
        if inside:
            parts.append(piece)
            stripped = piece.lstrip()
            if stripped:
                first = length + len(piece) - len(stripped)
                for entry in waiting:
                    entry[1] = first
                waiting.clear()
                last_ink = length + len(stripped.rstrip()) + len(piece) - len(stripped)
            length += len(piece)
        elif piece.strip():
            flaws["text_outside_response"] += 1

    for m in _TAG.finditer(answer):
        text(answer[pos:m.start()])
        pos = m.end()
        closing, name = m.group(1) is not None, m.group(2).lower()
        if name == RESPONSE:
            if not closing:
                if inside or done:  # a second <response>: unknown structure, keep reading
                    flaws["unbalanced_tag"] += 1
                inside, done = True, False
            elif not inside:
                flaws["unbalanced_tag"] += 1
            else:
                flaws["unbalanced_tag"] += len(stack)
                stack.clear()
                waiting.clear()
                open_names.clear()
                recover()
                inside, done = False, True
            continue
        if not inside:  # markup outside the response
            flaws["text_outside_response"] += 1
            continue
        if name not in TAG_TYPES:
            flaws["unknown_tag"] += 1
            continue
        if not closing:
            if stack:
                flaws["nested_tag"] += 1
            entry = [name, None]
            stack.append(entry)
            waiting.append(entry)
            open_names[name] += 1
            continue
        if not open_names[name]:
            flaws["unbalanced_tag"] += 1
            continue
        entry = pop()
        if entry[0] != name:  # <a> … <b> … </a>: the tags cross
            flaws["unbalanced_tag"] += 1
            while stack and stack[-1][0] != name:
                pop()
            if stack:
                pop()
            if not stack:
                inner.clear()
            continue
        made = mention(entry)
        if stack:  # an inner tag closed: the outer one gives the mention, unless it is never closed
            if made is not None:
                inner.append(made)
            continue
        inner.clear()
        if made is None:
            flaws["empty_mention"] += 1
            continue
        mentions.append(made)
    text(answer[pos:])
    if inside:  # entity tags left open at the end; a <response> never closed
        flaws["unbalanced_tag"] += len(stack) + (1 if has_response else 0)
        if stack:
            recover()
    mentions.sort()
    return ParsedAnswer("".join(parts), mentions, +flaws)


def render_tagged(tokens: list[str] | tuple[str, ...], chunks: list[tuple[int, int, str]]) -> str:
    """The answer evalscope expects for a sentence: tokens joined by single spaces, each chunk
    ``(first token, last token, CoNLL type)`` (inclusive token indices) wrapped in its tag, the whole
    in ``<response>…</response>`` (the ``target`` of evalscope's conllpp samples).

    Raises:
        KeyError: a type that is not PER, ORG, LOC or MISC.
    """
    starts = {s: (e, t) for s, e, t in chunks}
    out: list[str] = []
    i = 0
    while i < len(tokens):
        if i in starts:
            e, t = starts[i]
            tag = _TYPE_TAGS[t]
            out.append(f"<{tag}>{' '.join(tokens[i:e + 1])}</{tag}>")
            i = e + 1
        else:
            out.append(tokens[i])
            i += 1
    return "<response>" + " ".join(out) + "</response>"
