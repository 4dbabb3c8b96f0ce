"""The one-line statements of the rules a result's numbers follow (every result's ``conventions``).

Span results (:func:`span_conventions`) state the zero-division rule, micro and macro, the
matching, the task, the URI rule, the document pairing, the profile, the InKB / EE lines, the
per-type attribution and the threshold; chunk results use the ``CHUNK_*`` statements.
"""

from __future__ import annotations

from bengal.score import metrics
from bengal.score.matching import GREEDY_RULE, MATCHING_RULE, SpanMatch
from bengal.score.pairing import PAIRING_RULE
from bengal.score.tasks import Task
from bengal.score.uris import UriMatcher

__all__ = ["span_conventions", "CHUNK_MATCH", "CHUNK_MICRO", "MACRO_OVER_TYPES", "WEIGHTED_DEFINITION",
           "ACCURACY_DEFINITION", "LENIENT_DEFINITION", "STRICT_DEFINITION", "GERBIL_PROFILE", "BENGAL_PROFILE",
           "GS_INKB_DEFINITION"]

CHUNK_MATCH = "a predicted chunk counts when a gold chunk has the same type, first and last token"
CHUNK_MICRO = "micro: TP, FP, FN summed over types, then P, R, F1 of the sums"
#: Macro of chunk scores: over types (span results' macro is over documents: metrics.MACRO_DEFINITION).
MACRO_OVER_TYPES = "macro: unweighted mean over the reported types of per-type P, R and F1"
WEIGHTED_DEFINITION = ("weighted: mean of per-type P, R and F1 weighted by support (gold chunks); "
                       "equals micro when there is no gold chunk")
ACCURACY_DEFINITION = "token accuracy: tokens whose predicted tag equals the gold tag, over all tokens"
LENIENT_DEFINITION = ("lenient: conlleval's chunk rules (seqeval's default mode); tags the scheme does not "
                      "allow in place are repaired and counted as invalid_tags")
STRICT_DEFINITION = ("strict: only chunks the scheme allows (seqeval's mode='strict'); tags outside a valid "
                     "chunk are dropped and counted as invalid_tags")

#: GERBIL's GSInKB line (D2KB only, in both profiles).
GS_INKB_DEFINITION = ("GSInKB (D2KB, GERBIL's GSInKBClassifyingEvaluatorDecorator): the gold's InKB mentions and "
                      "the predictions at exactly their spans, matched on their own; answers on the gold's emerging "
                      "entities count neither way; no line when neither side has such a mention")

GERBIL_PROFILE = ("GERBIL 1.2.x (greedy first fit in gold order, EE matches EE, empty document scores 1, "
                  "macro F1 = mean of per-document F1; owl:sameAs expands the gold URIs only; "
                  "C2KB keeps the emerging entities of both sides, EE matching EE one-to-one; "
                  "ETyping's GERBIL score is the hierarchical line)")
BENGAL_PROFILE = ("one-to-one maximum matching, independent of input order; owl:sameAs expands gold and "
                  "predicted URIs; C2KB leaves emerging entities out on "
                  "both sides (GERBIL keeps them, EE matching EE)")


def span_conventions(task: Task, span_match: SpanMatch, strategy: str, profile: str, uri_matcher: UriMatcher,
                     *, threshold: float | None, sweep: bool) -> dict[str, str]:
    """``{name: one-line statement}`` of a span score made with these settings."""
    rule = GREEDY_RULE if strategy == "greedy" else MATCHING_RULE
    edge = span_match.description if task.uses_spans else "no spans (bag of URIs)"
    conventions = {
        "zero_division": metrics.ZERO_DIVISION,
        "micro": metrics.MICRO_DEFINITION,
        "macro": metrics.MACRO_DEFINITION,
        "matching": f"{rule}; edge: {edge}" + (f" and {uri_matcher.description}" if task.uses_uris else ""),
        "task": f"{task.label}: {task.description}",
        "uris": uri_matcher.description if task.uses_uris else "URIs ignored",
        "documents": PAIRING_RULE,
        "profile": f"{profile}: " + (GERBIL_PROFILE if profile == "gerbil" else BENGAL_PROFILE),
        "inkb_ee": "InKB / EE lines: gold and predictions restricted to InKB (resp. EE) mentions, matched on their own "
                   "(GERBIL's per-class counts)",
        "per_type": ("per type: gold and predictions restricted to mentions carrying the type, matched on their own"
                     if task.name == "etyping" else
                     "per type (types not judged): TP and FN count for the gold mention's types, an FP for the "
                     "types of the gold mentions at an accepted span, else for its own types"),
        "threshold": ("predictions with score >= threshold are kept; unscored ones are kept" if threshold is not None
                      else "all predictions scored (no threshold)"),
    }
    if task.name == "d2kb":
        conventions["gs_inkb"] = GS_INKB_DEFINITION
    if sweep:
        conventions["sweep"] = ("the sweep's best threshold is tuned on the test data (optimistic), reported "
                                "apart from the headline numbers")
    return conventions
