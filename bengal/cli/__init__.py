"""The ``bengal`` command line: a click group whose commands are thin wrappers over the library.

One module per command (as spaCy's ``spacy/cli``):

- ``bengal generate`` (:mod:`bengal.cli.generate`) → :func:`bengal.generate.generate_to_file`
- ``bengal score``    (:mod:`bengal.cli.score`)    → :func:`bengal.io.read_corpus` + :func:`bengal.score.score`
- ``bengal compare`` (:mod:`bengal.cli.compare`) → :func:`bengal.score.bootstrap.paired_bootstrap`
- ``bengal prompts`` (:mod:`bengal.cli.prompts`) → :func:`bengal.prompts.corpus_prompts`
- ``bengal convert`` (:mod:`bengal.cli.convert`) → :func:`bengal.io.read_corpus` + :func:`bengal.io.write_corpus`
- ``bengal compare-sets`` (:mod:`bengal.cli.compare_sets`) → :func:`bengal.score.sets.score_set`
- ``bengal annotate`` / ``bengal serve`` (:mod:`bengal.cli.annotate`) → :func:`bengal.annotate.annotate_corpus`,
  :func:`bengal.annotate.make_server`
- ``bengal report`` (:mod:`bengal.cli.report`) → :func:`bengal.report.html.write_report`
- ``bengal kb info`` / ``bengal kb build`` (:mod:`bengal.cli.kb`) → :func:`bengal.kb.info.kb_info`,
  :func:`bengal.kb.sample.build_sample`

Every error the user can cause is printed as one line on stderr (no traceback)
with a non-zero exit: 2 for bad usage, 1 for bad input. A new command is a new
module that decorates a function with ``@cli.command()`` and is imported here.
"""

# Importing the command modules registers their commands on the group.
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
)
from bengal.cli._app import cli, echo_warnings, main

__all__ = ["cli", "main", "echo_warnings"]
