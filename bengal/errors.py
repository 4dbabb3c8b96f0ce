"""Every error bengal reports to a user, as one tree; the CLI prints ``str(error)`` as one line.

::

    BengalError                      the root: anything bengal itself refuses (CLI exit 1 unless below)
    ├── UsageError (ValueError)      arguments that cannot work (CLI exit 2); a bad argument value,
    │   │                            so Python callers may also catch it as ValueError
    │   └── UnknownOptionError       a name that is none of a registry's (task, match, format, scheme …)
    ├── InputError                   a broken input file, KB or endpoint answer, naming where (exit 1)
    │   └── bengal.tagging.TagError  a broken tag sequence, naming side, sentence and token; also a
    │                                ValueError (tags given from Python are argument values)
    ├── GoldError                    a generated gold standard failed a check; nothing written (exit 1)
    └── bengal.annotate.AnnotationFailure
                                     a system failed on one document (counted by the runner; exit 1
                                     when it escapes)

Exit codes (:func:`exit_code`): 2 for a :class:`UsageError`, 1 for any other :class:`BengalError`.
Anything else that escapes is a bug and shows its traceback. Model invariants (a mention with
``end <= begin``) stay ``ValueError``: they are programming errors, not user input.
"""

from __future__ import annotations

import errno
from typing import Mapping, TypeVar

__all__ = ["BengalError", "InputError", "GoldError", "UsageError", "UnknownOptionError", "exit_code", "lookup",
           "WRITE_ERRNOS"]

#: The errors of a file system that cannot take what is written (full disk, quota, file size limit,
#: I/O error): raised by write, flush or fsync, which give no file name
#: (:func:`bengal.atomic.atomic_write` names its target; the CLI names stdout).
WRITE_ERRNOS = frozenset(getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG", "EIO") if hasattr(errno, name))

T = TypeVar("T")


class BengalError(Exception):
    """Base class of every error bengal reports to the user (see the module docstring)."""


class UsageError(BengalError, ValueError):
    """Arguments that cannot work together or are out of range (CLI exit code 2)."""


class UnknownOptionError(UsageError):
    """A name that is none of a registry's names: an unknown task, match, profile, format or scheme.
    The message lists the known names."""


class InputError(BengalError):
    """An input file is broken: the message names the file and, when known,
    the line and column, or the document / phrase IRI, and what is wrong.

    Args:
        message: what is wrong.
        source: the file (or corpus name) the flaw is in.
        line: 1-based line number, when known.
        column: 1-based column number, when known.
    """

    def __init__(self, message: str, source: str | None = None, line: int | None = None,
                 column: int | None = None) -> None:
        self.source = source
        self.line = line
        self.column = column
        self.detail = message
        where = source or ""
        if line is not None:
            where += f":{line}" + (f":{column}" if column is not None else "")
        super().__init__(f"{where}: {message}" if where else message)


class GoldError(BengalError):
    """A generated gold standard failed a check before writing (nothing is written)."""


def exit_code(error: BengalError) -> int:
    """The CLI's exit code for ``error``: 2 for a :class:`UsageError`, else 1."""
    return 2 if isinstance(error, UsageError) else 1


def lookup(table: Mapping[str, T], name: str, what: str) -> T:
    """``table[name]`` (names compared in lower case), the way every registry is read.

    Raises:
        UnknownOptionError: ``name`` is none of ``table``'s keys; the message lists them.
    """
    key = name.lower() if isinstance(name, str) else name
    if key not in table:
        raise UnknownOptionError(f"unknown {what} {name!r}: choose one of {', '.join(sorted(table))}")
    return table[key]
