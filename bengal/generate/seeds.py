"""The seed class mix (``--classes dbo:Place=0.6,dbo:Organisation=0.25,dbo:Person=0.15``).

Without weights the seed candidates of all classes are shuffled together, so the corpus's seeds follow
the KB's class sizes and how usable each class's seeds are (the bundled sample has 44,000 persons and
27,000 places, and few places have the facts a five-sentence document needs: most documents are about a
person or a band). With weights, each class's share of ``--docs`` (:func:`class_quotas`) is made from its
own candidates (a class whose usable seeds are too few leaves its shortfall to the others; the manifest's
``stats.seed_classes`` gives the documents wanted and made per class), and the documents are interleaved in the
order :func:`mix_seeds` gives their seeds. Every mention of a document is of the seed or of an entity a
fact links it to, so the seed mix moves the mentions' type mix without a single fact being invented; how
far is measured (docs/generate.md, `--classes` and `--like`; issue 11).
"""

from __future__ import annotations

import random
from typing import Sequence

__all__ = ["seed_class", "split_by_class", "class_quotas", "mix_seeds", "seed_class_stats"]


def seed_class(uri: str, members: Sequence[set[str] | frozenset[str]]) -> int | None:
    """The index of the first class of ``members`` (per class, its instances) that ``uri`` is an instance
    of, or ``None``: a seed of two listed classes counts for the one listed first."""
    return next((i for i, m in enumerate(members) if uri in m), None)


def split_by_class(order: Sequence[str], members: Sequence[set[str] | frozenset[str]]) -> tuple[list[list[str]],
                                                                                                list[str]]:
    """``(per class, its candidates of order in that order; the candidates of no class)``, each candidate
    counted for its :func:`seed_class`."""
    queues: list[list[str]] = [[] for _ in members]
    rest: list[str] = []
    for uri in order:
        i = seed_class(uri, members)
        (rest if i is None else queues[i]).append(uri)
    return queues, rest


def class_quotas(weights: Sequence[float], docs: int) -> list[int]:
    """Documents per class for ``docs`` documents: ``weights`` (summing to 1) × ``docs`` rounded by the
    largest remainder (Hamilton's method; ties to the class listed first), so that they sum to ``docs``.

    >>> class_quotas([0.6, 0.25, 0.15], 10)
    [6, 3, 1]
    """
    exact = [w * docs for w in weights]
    quotas = [int(x) for x in exact]
    by_remainder = sorted(range(len(weights)), key=lambda i: (-(exact[i] - quotas[i]), i))
    for i in by_remainder[:docs - sum(quotas)]:
        quotas[i] += 1
    return quotas


def mix_seeds(order: Sequence[str], members: Sequence[set[str] | frozenset[str]], weights: Sequence[float],
              seed: int) -> list[str]:
    """``order`` re-ordered so that each next candidate comes from class ``i`` with probability
    ``weights[i]`` (renormalised over the classes with candidates left), keeping each class's candidates
    in their given order; a draw of ``Random(f"{seed}|classes")``.

    Args:
        order: the shuffled seed candidates (each an instance of at least one class of ``members``).
        members: per class, its instances (:func:`bengal.generate.kbview.seed_candidates` of it).
        weights: per class, its weight (> 0; need not sum to 1).
        seed: the corpus's seed.

    Returns:
        a permutation of ``order``; a candidate of none of the classes (none, when ``order`` is the pool
        of these classes) goes last, in its given order.

    Raises:
        ValueError: ``members`` and ``weights`` differ in length, or a weight is not above 0.
    """
    if len(members) != len(weights):
        raise ValueError(f"{len(members)} classes but {len(weights)} weights")
    if any(not w > 0 for w in weights):
        raise ValueError(f"class weights must be above 0: {list(weights)}")
    queues, rest = split_by_class(order, members)
    heads = [0] * len(queues)
    rng = random.Random(f"{seed}|classes")
    out: list[str] = []
    live = [i for i, q in enumerate(queues) if q]
    while live:
        i = rng.choices(live, weights=[weights[j] for j in live])[0]
        out.append(queues[i][heads[i]])
        heads[i] += 1
        if heads[i] == len(queues[i]):
            live.remove(i)
    return out + rest


def seed_class_stats(names: Sequence[str], weights: Sequence[float], wanted: Sequence[int],
                     members: Sequence[set[str] | frozenset[str]],
                     seeds: Sequence[str]) -> dict[str, dict[str, float | int]]:
    """The manifest's ``stats.seed_classes``: per class name, its normalised ``weight``, the documents ``wanted``
    of it, the ``documents`` whose seed (of ``seeds``, one per document) counts for it (:func:`seed_class`)
    and their ``share``."""
    counts = [0] * len(names)
    for uri in seeds:
        i = seed_class(uri, members)
        if i is not None:
            counts[i] += 1
    return {name: {"weight": round(w, 6), "wanted": k, "documents": n,
                   "share": round(n / len(seeds), 6) if seeds else 0.0}
            for name, w, k, n in zip(names, weights, wanted, counts)}
