"""Entity density: gold mentions per token, its presets, and the token count behind it.

Tokens are counted (:func:`bengal.tokens.count_tokens`) with spaCy's rule-based tokenizer of the
lexicon's language (``spacy.blank(lang)``; for English the tokenizer that ``en_core_web_sm`` also
uses), so
the density bengal reports is the one a spaCy-based meter measures. Sentences are joined by single spaces, which
spaCy always splits on, so a document's token count is the sum of its
sentences' counts.
"""

from __future__ import annotations

from bengal.errors import UsageError
from bengal.tokens import count_tokens

__all__ = ["DENSITY_PRESETS", "parse_density", "count_tokens"]

#: Mentions per token for ``--density low|medium|high``. Every strategy reaches
#: them within 15 % on 100-document corpora of the bundled sample (docs/generate.md, block `density`):
#: the verbaliser's levers (descriptions, appositions, joined clauses, wordings,
#: the opening type sentence) span about 0.11-0.13 to 0.23 per strategy (sym:
#: 0.15-0.23).
DENSITY_PRESETS: dict[str, float] = {"low": 0.15, "medium": 0.18, "high": 0.21}


def parse_density(value: str | float) -> tuple[str, float]:
    """``("high", 0.21)`` for a preset name (its :data:`DENSITY_PRESETS` value), ``("0.2", 0.2)``
    for a number (the name is ``str(value)``).

    Raises:
        UsageError: for an unknown name or a number outside (0, 1].
    """
    if isinstance(value, str) and value.strip().lower() in DENSITY_PRESETS:
        name = value.strip().lower()
        return name, DENSITY_PRESETS[name]
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise UsageError(
            f"--density must be one of {', '.join(DENSITY_PRESETS)} or a number of mentions per token, not {value!r}"
        ) from None
    if not 0.0 < number <= 1.0:
        raise UsageError(f"--density must lie in (0, 1] mentions per token, not {number}")
    return str(value), number
