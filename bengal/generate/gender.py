"""Pronouns for ``--pronouns``: the pronoun class of a subject and where it came from.

A subject that was the previous sentence's subject may be written he / she / it / they.
The gender of a person comes from ``foaf:gender`` in the KB, else from the first name
(``nameparser``) by ``gender-guesser``'s offline name list ("male"/"mostly_male" → he,
"female" → she), else "they"; any other subject is "it". "mostly_female" is no answer: over the
bundled KB's 4,443 entities with ``foaf:gender`` it was wrong for 36 of 64 names (Jamie, Kim, Val,
Gill, Hikaru), where "mostly_male" was wrong for 6 of 129.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Sequence, cast

import gender_guesser.detector as gd

from bengal.generate.kbview import Entity
from bengal.generate.nameparts import name_parts, person_names_file
from bengal.kb.diskcache import read_cached, write_cached
from bengal.kb.labels import surface_of
from bengal.kb.sparql import PREFIXES, SparqlKB, values

__all__ = ["Gender", "first_name_gender", "is_given_name", "kb_genders", "gender_of", "given_names_path"]


@dataclass(frozen=True)
class Gender:
    """A subject's pronoun class: ``pronoun`` in he / she / it / they and the ``source``
    that decided it: ``foaf:gender``, ``first_name``, ``unknown`` (a person → they)
    or ``class`` (not a person → it)."""

    pronoun: str
    source: str


@lru_cache(maxsize=1)
def _detector() -> gd.Detector:
    return gd.Detector(case_sensitive=False)


def first_name_gender(label: str) -> str | None:
    """"he", "she" or ``None`` from the first name (``nameparser``) by ``gender-guesser``."""
    first = name_parts(surface_of(label))[0]  # nameparser's, kept between runs (bengal.generate.nameparts)
    if not first or not first[:1].isalpha():
        return None
    answer = _detector().get_gender(first)
    return {"male": "he", "mostly_male": "he", "female": "she"}.get(answer)


def is_given_name(first: str) -> bool:
    """Whether ``first`` is a given name in ``gender-guesser``'s list (any answer but "unknown",
    androgynous names too): "Reggie", "Indira", "Kim"; not "Tinchy", "Yung", "Xi" (a stage name, or
    a family name written first). The detector answers "unknown" exactly for a name (in lower case) that
    is not among its names (:func:`_given_names`), which this reads without building the detector."""
    return bool(first) and first.lower() in _given_names()


@lru_cache(maxsize=1)
def _given_names() -> frozenset[str]:
    """The names of ``gender-guesser``'s list in lower case (:func:`_read_given_names`), kept as a pickle in
    ``$BENGAL_CACHE/person-names/`` in a file named by gender-guesser's version (:func:`given_names_path`): read in
    about 0.01 CPU s instead of the 0.04-0.1 s of parsing the list, paid by every run that writes a performer's
    family name (issue 15). A damaged or foreign file is read again from the list and replaced."""
    path = given_names_path()
    found = read_cached(path, frozenset, lambda names: all(type(n) is str for n in names))
    if found is None:
        found = _read_given_names()
        write_cached(path, found)
    return found


def given_names_path() -> Path:
    """The file of :func:`_given_names` for the installed gender-guesser (``$BENGAL_CACHE/person-names/``)."""
    return person_names_file("given", "gender-guesser")


def _read_given_names() -> frozenset[str]:
    """The keys of ``Detector(case_sensitive=False).names``, read from gender-guesser's file
    (``data/nam_dict.txt``) as ``Detector._parse`` reads them (lines split as ``codecs``' reader splits them,
    ``str.splitlines``; a line that opens with "#" or "=" is a comment; the name is the line's second field,
    each "+" in it written as "", " " and "-"), without the countries' figures it keeps per name and gender:
    0.04-0.1 instead of 0.16 CPU s."""
    text = resources.files("gender_guesser").joinpath("data").joinpath("nam_dict.txt").read_text("utf-8")
    names: set[str] = set()
    for raw in text.splitlines():
        line = raw.strip()
        if line[0] in "#=":
            continue
        name = line.split()[1].lower()
        if "+" in name:
            names.update(name.replace("+", joint) for joint in ("", " ", "-"))
        else:
            names.add(name)
    return frozenset(names)


def kb_genders(kb: SparqlKB, uris: Sequence[str]) -> dict[str, str]:
    """``{uri: "male"|"female"}`` from ``foaf:gender`` (entities with two values are left out)."""
    found: dict[str, set[str]] = {}
    uris = sorted(set(uris))
    for start in range(0, len(uris), 500):
        chunk = uris[start : start + 500]
        rows = kb.select(PREFIXES + f"SELECT ?e ?g WHERE {{ {values('e', chunk)} ?e foaf:gender ?g }}")
        for e, g in cast("list[tuple[str, str]]", rows):  # no OPTIONAL: both bound
            found.setdefault(e, set()).add(str(g).strip().lower())
    return {e: next(iter(v)) for e, v in found.items() if len(v) == 1 and next(iter(v)) in ("male", "female")}


def gender_of(entity: Entity, is_person: bool, kb_gender: str | None) -> Gender:
    """The pronoun of a subject (see :class:`Gender`)."""
    if not is_person:
        return Gender("it", "class")
    if kb_gender:
        return Gender("he" if kb_gender == "male" else "she", "foaf:gender")
    guess = first_name_gender(entity.label)
    if guess:
        return Gender(guess, "first_name")
    return Gender("they", "unknown")
