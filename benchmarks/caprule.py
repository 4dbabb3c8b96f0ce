"""A capitalisation rule as a system: runs of capitalised tokens not at a sentence start are entities.

The shortcut the issue 11 benchmark must not reward: a run of tokens that each begin with an
upper-case letter (joined by at most one lower-case connector such as "of" or "de" inside the
run) is one NIL mention; a sentence-initial capitalised word (text start, or after ". ", "! ",
"? ") counts only when a capitalised word follows it ("Angela Merkel is", not "The band"). No KB, no model. Used by
``benchmarks/bench_validity.py`` through the annotator protocol (``annotate(Document) -> Document``).
"""

from __future__ import annotations

import re

from bengal.model import Document, Mention

__all__ = ["CapitalisationRule"]

_TOKEN = re.compile(r"[\w][\w'’.-]*\w|\w", re.UNICODE)
_CONNECTORS = frozenset({"of", "de", "du", "von", "van", "der", "la", "le", "del", "da"})
_SENTENCE_END = re.compile(r"[.!?][\"')\]]*\s+$")


class CapitalisationRule:
    """Tags runs of capitalised tokens (offsets: half-open code points; no URIs, no types)."""

    name = "caprule"

    def annotate(self, document: Document) -> Document:
        """``document`` with one NIL mention per capitalised run (see the module docstring)."""
        text = document.text
        spans: list[tuple[int, int]] = []
        run: list[tuple[int, int]] = []
        pending: list[tuple[int, int]] = []  # connectors seen inside a run, kept if a name follows
        initial: tuple[int, int] | None = None

        def close() -> None:
            if run:
                spans.append((run[0][0], run[-1][1]))
            run.clear()
            pending.clear()

        for m in _TOKEN.finditer(text):
            word, b, e = m.group(), m.start(), m.end()
            starts = b == 0 or bool(_SENTENCE_END.search(text[max(0, b - 4):b]))
            if word[0].isupper() and not word.isdigit():
                if starts:
                    close()
                    initial = (b, e)  # a sentence-initial word is a name only if a name follows
                    continue
                if initial is not None and text[initial[1]:b] == " ":
                    run.append(initial)
                initial = None
                if run and text[run[-1][1]:b].strip(" ") and not pending:
                    close()  # punctuation between the tokens ends the run
                run.extend(pending)
                pending.clear()
                run.append((b, e))
            elif run and word in _CONNECTORS and not pending and text[run[-1][1]:b] == " ":
                pending.append((b, e))
            else:
                close()
            if not (word[0].isupper() and not word.isdigit()):
                initial = None
        close()
        mentions = tuple(Mention.in_text(text, b, e, ()) for b, e in spans)
        return Document(document.uri, text, mentions)
