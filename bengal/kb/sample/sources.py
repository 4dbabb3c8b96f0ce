"""The sample's source files: where each lies in the sources folder, and how it is read.

Every read failure (missing file, broken gzip, not UTF-8, a bad CSV or TSV row, RDF that
does not parse) is an :class:`bengal.errors.InputError` naming the file and, where there
is one, the line.
"""

from __future__ import annotations

import csv
import gzip
import io
import zlib
from pathlib import Path
from typing import Any, Iterator

import pyoxigraph as ox

from bengal.errors import InputError

__all__ = ["SOURCE_FILES", "Sources"]

SOURCE_FILES: dict[str, str] = {
    "dbpedia50_train": "dbpedia_kb/kelpie/DBpedia50/train.txt.gz",
    "dbpedia50_valid": "dbpedia_kb/kelpie/DBpedia50/valid.txt",
    "dbpedia50_test": "dbpedia_kb/kelpie/DBpedia50/test.txt",
    "dbpedia50_entities": "dbpedia_kb/kelpie/DBpedia50/entities.csv",
    "db100k_valid": "dbpedia_kb/kelpie/DB100K/valid.txt.gz",
    "db100k_test": "dbpedia_kb/kelpie/DB100K/test.txt.gz",
    "db100k_mapping": "dbpedia_kb/kelpie/DB100K/mapping.csv.gz",
    "db100k_entities": "dbpedia_kb/kelpie/DB100K/entities.csv.gz",
    "lpbenchgen_test90": "dbpedia_kb/lpbenchgen/dbpedia-test90-ontology.ttl.gz",
    "factbench_office": "dbpedia_kb/factbench/files/dbpedia/dbpedia_001.csv",
    "factbench_birth": "dbpedia_kb/factbench/files/dbpedia/dbpedia_002.csv",
    "factbench_starring": "dbpedia_kb/factbench/files/dbpedia/dbpedia_003.csv.gz",
    "factbench_death": "dbpedia_kb/factbench/files/dbpedia/dbpedia_004.csv.gz",
    "factbench_nbateam": "dbpedia_kb/factbench/files/dbpedia/dbpedia_005.csv",
    "factbench_ttl": "dbpedia_kb/factbench/factbench_correct_facts.tar.gz",
    "genders": "bengal/genders_en.ttl",
    "ontology": "dbpedia_kb/ontology/2016-10-14/ontology.owl.gz",
    # entity labels in de, es, fr, pt (multilingual/README.md there), best source first within a tier
    "labels_kens_dbp5l": "multilingual/kens_dbp5l.tsv.gz",
    "labels_srprs": "multilingual/srprs_defr.tsv.gz",
    "labels_dbp15k": "multilingual/dbp15k_fr.tsv.gz",
    "labels_factbench": "multilingual/factbench_defr.tsv.gz",
    "labels_cldr": "multilingual/cldr.tsv.gz",
    "labels_bmlama": "multilingual/bmlama.tsv.gz",
    "labels_mlkge": "multilingual/mlkge.tsv.gz",
    "labels_xfactr": "multilingual/xfactr_esfr.tsv.gz",
}
"""Every source file, relative to the sources folder (laid out like ``shared/data``)."""


class Sources:
    """Resolves source paths and opens them, turning read failures into InputError."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path(self, key: str) -> Path:
        """The file of a :data:`SOURCE_FILES` key."""
        return self.root / SOURCE_FILES[key]

    def check(self) -> None:
        """Raise :class:`InputError` naming the folder, or the first source file that is missing."""
        if not self.root.is_dir():
            raise InputError("the KB sources folder does not exist (expected a folder laid out "
                             "like shared/data)", source=str(self.root))
        for key, rel in SOURCE_FILES.items():
            p = self.root / rel
            if not p.is_file():
                raise InputError(f"missing KB source file {rel} (needed for {key})", source=str(p))

    def read_bytes(self, key: str) -> bytes:
        """The file's bytes, gunzipped when its name ends in ``.gz``."""
        p = self.path(key)
        try:
            raw = p.read_bytes()
            return gzip.decompress(raw) if p.name.endswith(".gz") else raw
        except (OSError, EOFError, zlib.error) as e:  # gzip.BadGzipFile is an OSError
            raise InputError(f"cannot read: {e}", source=str(p)) from e

    def text_lines(self, key: str) -> Iterator[tuple[int, str]]:
        """``(line number, line)`` of a UTF-8 text file, line ends removed."""
        p = self.path(key)
        try:
            text = self.read_bytes(key).decode("utf-8")
        except UnicodeDecodeError as e:
            raise InputError(f"not UTF-8: {e}", source=str(p)) from e
        for number, line in enumerate(text.splitlines(), 1):
            yield number, line

    def csv_rows(self, key: str, header: list[str]) -> Iterator[tuple[int, list[str]]]:
        """``(line number, fields)`` of a CSV file whose first row must be ``header``."""
        p = self.path(key)
        try:
            text = self.read_bytes(key).decode("utf-8")
        except UnicodeDecodeError as e:
            raise InputError(f"not UTF-8: {e}", source=str(p)) from e
        reader = csv.reader(io.StringIO(text, newline=""))
        try:
            first = next(reader, None)
            if first != header:
                raise InputError(f"expected the CSV header {','.join(header)}, found {first!r}",
                                 source=str(p), line=1)
            for row in reader:
                if len(row) != len(header):
                    raise InputError(f"expected {len(header)} fields, found {len(row)}",
                                     source=str(p), line=reader.line_num)
                yield reader.line_num, row
        except csv.Error as e:
            raise InputError(f"broken CSV: {e}", source=str(p), line=reader.line_num) from e

    def tsv_triples(self, key: str) -> Iterator[tuple[int, str, str, str]]:
        """``(line number, subject, predicate, object)`` of a three-column TSV file; empty lines skipped."""
        p = self.path(key)
        for number, line in self.text_lines(key):
            if not line:
                continue
            fields = line.split("\t")
            if len(fields) != 3:
                raise InputError(f"expected 3 tab-separated fields, found {len(fields)}",
                                 source=str(p), line=number)
            yield number, fields[0], fields[1], fields[2]

    def tsv_rows(self, key: str, header: list[str]) -> Iterator[tuple[int, list[str]]]:
        """``(line number, fields)`` of a UTF-8 tab-separated file without quoting whose first
        line must be ``header``. Lines end at ``\\n`` only (a label may hold U+2028 or U+0085);
        every line has as many fields as the header, except an empty last line (the final
        line end)."""
        p = self.path(key)
        try:
            text = self.read_bytes(key).decode("utf-8")
        except UnicodeDecodeError as e:
            raise InputError(f"not UTF-8: {e}", source=str(p)) from e
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if not lines or lines[0].split("\t") != header:
            raise InputError(f"expected the TSV header {' '.join(header)} (tab-separated), found "
                             f"{lines[0] if lines else ''!r}", source=str(p), line=1)
        for number, line in enumerate(lines[1:], 2):
            fields = line.split("\t")
            if len(fields) != len(header):
                raise InputError(f"expected {len(header)} tab-separated fields, found {len(fields)}",
                                 source=str(p), line=number)
            yield number, fields

    def rdf(self, key: str, fmt: ox.RdfFormat, data: bytes | None = None,
            name: str | None = None) -> list[Any]:
        """The quads of an RDF file, or of ``data`` read from its archive member ``name``."""
        where = str(self.path(key)) + (f"!{name}" if name else "")
        try:
            return list(ox.parse(self.read_bytes(key) if data is None else data, format=fmt))
        except SyntaxError as e:
            raise InputError(f"cannot parse as {fmt}: {e}", source=where) from e
