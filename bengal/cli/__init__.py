"""The ``bengal`` command line: a click group; each command is its options, one call to
:mod:`bengal.workflows`, and the text of :mod:`bengal.report` (one module per command, as spaCy's
``spacy/cli``). A command module imports its workflow when the command runs, so that ``bengal --help``
does not load what the other commands need.

Every error the user can cause is printed as one line on stderr (no traceback) with the exit code
its class gives (:mod:`bengal.errors`): 2 for bad usage, 1 for bad input. A new command is a new
module that decorates a function with ``@cli.command()`` and is imported here.
"""

from bengal.cli import (  # noqa: F401
    annotate,
    compare,
    compare_sets,
    convert,
    generate,
    kb,
    prompts,
    report,
    score,
    stats,
)
from bengal.cli._app import cli, main

__all__ = ["cli", "main"]
