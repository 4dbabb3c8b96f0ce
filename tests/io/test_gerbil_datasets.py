"""GERBIL's dataset zoo beyond NIF: the Wikipedia-datasets XML (MSNBC, ACE2004), IITB, Microposts 2014,
lenient NIF (historic N3 IRIs), the conlleval single file, and the registry's detection and refusals.

Counts on the real files are taken by grep-like counting in the test, not by the readers."""

from __future__ import annotations

import json
import re
import tarfile
from pathlib import Path

import pytest
from cli_helpers import bengal

from bengal.errors import InputError, UsageError
from bengal.io.formats import detect_format, read_corpus, write_corpus
from bengal.io.lenient import read_nif_lenient, repair_iris
from bengal.io.microposts import read_microposts2014
from bengal.io.nif import read_nif
from bengal.io.wikixml import read_iitb, read_wikipedia_xml
from bengal.workflows.score_files import score_conlleval, score_files
from tests.conftest import shared_path

DBR = "http://dbpedia.org/resource/"
MICRO = ("nif", "eaglet-gerbil_data", "datasets", "microposts2014")


@pytest.fixture(scope="module")
def wiki(tmp_path_factory) -> Path:
    """The GERBIL Wikipedia-datasets tarball, unpacked (MSNBC, ACE2004, IITB)."""
    tar = shared_path("nif", "eaglet-gerbil_data", "datasets", "gerbil_wikipedia_datasets_ACE2004_MSNBC_IITB.tar.gz")
    out = tmp_path_factory.mktemp("wiki")
    with tarfile.open(tar) as tf:
        tf.extractall(out, filter="data")
    return out / "datasets"


def _instances(folder: Path) -> tuple[int, int, int]:
    """(annotation files, <ReferenceInstance>s, *null* annotations) of the visible files, by counting text."""
    files = [f for f in folder.iterdir() if not f.name.startswith(".")]
    text = "".join(f.read_text(encoding="utf-8") for f in files)
    return len(files), text.count("<ReferenceInstance>"), len(re.findall(r"<ChosenAnnotation>\s*\*null\*", text))


def test_msnbc_counts_and_warnings(wiki):
    files, instances, nulls = _instances(wiki / "MSNBC" / "Problems")
    corpus = read_wikipedia_xml(wiki / "MSNBC")
    mentions = [m for d in corpus for m in d.mentions]
    assert (len(corpus), len(mentions), sum(m.is_nil for m in mentions)) == (files, instances, nulls) == (20, 755, 8)
    doc = next(d for d in corpus if d.uri == "urn:msnbc:Bus16451112.txt")
    # <Offset>0</Offset><Length>10</Length> http://en.wikipedia.org/wiki/Home_Depot
    assert (doc.mentions[0].span, doc.mentions[0].surface, doc.mentions[0].uris) == (
        (0, 10), "Home Depot", {DBR + "Home_Depot"})
    codes = [w.code for w in corpus.warnings]
    # the texts have curly quotes where the XML's SurfaceForm has ' (Rosie O'Donnell, N' Sync, ...)
    assert codes.count("anchor_mismatch") == 12
    # Bus16451112.txt: "Blake" [705,710) inside "Frank Blake" [699,710), both Frank_Blake, and 7 more
    assert codes.count("nested_same_entity") == 8
    assert any("[705,710)" in w.message and "[699,710)" in w.message for w in corpus.warnings)
    assert detect_format(wiki / "MSNBC") == detect_format(wiki / "MSNBC" / "Problems") == "wikipedia-xml"
    one = read_corpus(wiki / "MSNBC" / "Problems" / "Bus16451112.txt")
    assert [d.uri for d in one] == ["urn:msnbc:Bus16451112.txt"]
    with pytest.raises(InputError, match="several datasets' annotation folders .*MSNBC.*give one dataset's folder"):
        read_wikipedia_xml(wiki)


def test_ace2004_skips_the_editor_leftover(wiki):
    folder = wiki / "ACE2004_Coref_Turking" / "Dev" / "ProblemsNoTranscripts"
    files, instances, nulls = _instances(folder)
    corpus = read_corpus(wiki / "ACE2004_Coref_Turking")
    mentions = [m for d in corpus for m in d.mentions]
    assert (len(corpus), len(mentions), sum(m.is_nil for m in mentions)) == (files, instances, nulls) == (57, 306, 49)
    assert [(w.code, Path(w.where).name) for w in corpus.warnings] == [("stray_file", ".goutputstream-9OIWHW")]
    assert corpus.documents[0].uri.startswith("urn:ace2004:")
    with pytest.raises(InputError, match="stray_file"):
        read_wikipedia_xml(wiki / "ACE2004_Coref_Turking", strict=True)


def test_iitb_counts_first_annotation_wins(wiki):
    xml = (wiki / "iitb" / "CSAW_Annotations.xml").read_text(encoding="utf-8")
    records = re.findall(r"<docName>(.*?)</docName>\s*<userId>.*?</userId>\s*<wikiName>(.*?)</wikiName>\s*"
                         r"<offset>(\d+)</offset>\s*<length>(\d+)</length>", xml)
    assert len(records) == xml.count("<annotation>")
    first: dict[tuple[str, str, str], str] = {}
    for doc, title, off, length in records:
        first.setdefault((doc, off, length), title)
    corpus = read_iitb(wiki / "iitb")
    mentions = [m for d in corpus for m in d.mentions]
    assert len(corpus) == len({r[0] for r in records}) == 104
    assert len(mentions) == len(first) == 18308
    assert sum(m.is_nil for m in mentions) == sum(1 for t in first.values() if not t.strip())
    codes = [w.code for w in corpus.warnings]
    again = len(records) - len(first)
    assert codes.count("duplicate_annotation") + codes.count("conflicting_annotation") == again
    assert corpus.metadata["texts_without_annotations"] == 650 - 104
    assert detect_format(wiki / "iitb") == detect_format(wiki / "iitb" / "CSAW_Annotations.xml") == "iitb"


def _dataset(tmp_path: Path, xml: str, text: str = "Berlin is big.") -> Path:
    (tmp_path / "DS" / "Problems").mkdir(parents=True)
    (tmp_path / "DS" / "RawTexts").mkdir()
    (tmp_path / "DS" / "RawTexts" / "a.txt").write_text(text, encoding="utf-8")
    (tmp_path / "DS" / "Problems" / "a.txt").write_text(xml, encoding="utf-8")
    return tmp_path / "DS"


def _problem(offset: str = "0", length: str = "6", target: str = "http://en.wikipedia.org/wiki/Berlin",
             name: str = "a.txt") -> str:
    return (f"<ReferenceProblem>\n<ReferenceFileName>\n{name}\n</ReferenceFileName>\n<ReferenceInstance>\n"
            f"<SurfaceForm>Berlin</SurfaceForm>\n<Offset>{offset}</Offset>\n<Length>{length}</Length>\n"
            f"<ChosenAnnotation>{target}</ChosenAnnotation>\n</ReferenceInstance>\n</ReferenceProblem>\n")


def test_wikixml_small_dataset_and_nil(tmp_path):
    corpus = read_wikipedia_xml(_dataset(tmp_path, _problem(target="*null*")))
    assert [(d.uri, [(m.span, m.is_nil) for m in d.mentions]) for d in corpus] == [
        ("urn:ds:a.txt", [((0, 6), True)])]


@pytest.mark.parametrize("xml, message, line", [
    (_problem(offset="x"), "<Offset> is 'x', not an integer", 7),
    (_problem(offset="10"), "lies outside the text of a.txt", 5),
    (_problem(name="b.txt"), "cannot read the text file", 2),
    (_problem().replace("</ReferenceInstance>", ""), "malformed XML", 11),
    ('<!DOCTYPE x [<!ENTITY e "boom">]>\n' + _problem(), "reads no DTD", 1),
    (_problem(target="http://example.org/Berlin"), "neither an English Wikipedia URL", 9),
])
def test_wikixml_bad_input_one_line(tmp_path, xml, message, line):
    with pytest.raises(InputError) as err:
        read_wikipedia_xml(_dataset(tmp_path, xml))
    text = str(err.value)
    assert message in text and "\n" not in text
    assert err.value.line == line and err.value.source.endswith("a.txt")


def test_wikixml_looks_like_when_refused(tmp_path):
    folder = _dataset(tmp_path, _problem(offset="x"))
    with pytest.raises(InputError, match=r"a\.txt:7: looks like Wikipedia-datasets XML .*, but <Offset> is 'x'"):
        read_corpus(folder)


# --- Microposts 2014 -------------------------------------------------------------------------------

def test_microposts_real_files_counts():
    for name, not_found in (("Microposts2014-NEEL_challenge_TweetsTestSet.csv", 2),
                            ("Microposts2014-NEEL_challenge_TweetsTrainingSet.csv", 1)):
        path = shared_path(*MICRO, name)
        lines = [ln for ln in path.read_text(encoding="utf-8").split("\n") if ln]
        distinct = list(dict.fromkeys(lines))  # one line of the training set is repeated exactly
        pairs = sum(ln.count("\thttp://dbpedia.org/resource/") for ln in distinct)
        corpus = read_microposts2014(path)
        assert len(corpus) == len(distinct)
        assert sum(len(d.mentions) for d in corpus) == pairs - not_found
        assert [w.code for w in corpus.warnings].count("mention_not_found") == not_found
        assert detect_format(path) == "microposts2014"
    test = read_microposts2014(shared_path(*MICRO, "Microposts2014-NEEL_challenge_TweetsTestSet.csv"))
    # line 396 has a tab inside the quoted text ("http://t.co/5ppAC<TAB>Ki")
    doc = next(d for d in test if d.uri == "urn:microposts2014:93338456318689280")
    assert "5ppAC\tKi" in doc.text and doc.mentions[0].uris == {DBR + "A.S._Red_&_Blue"}


def test_microposts_placement_by_hand():
    data = ('1234567\t"a b a"\ta\thttp://ex.org/A\ta\thttp://ex.org/A\n'
            '1234568\t"Go #Amy #Winehouse now"\tAmy Winehouse\thttp://dbpedia.org/resource/Amy_Winehouse\n'
            '1234569\t"x y"\tzz\thttp://ex.org/Z\n').encode()
    corpus = read_microposts2014(data, name="m.tsv")
    a, amy, lost = corpus.documents
    assert [m.span for m in a.mentions] == [(0, 1), (4, 5)]  # the second "a" after the first
    assert [(m.span, m.surface) for m in amy.mentions] == [((3, 18), "#Amy #Winehouse")]
    assert lost.mentions == ()
    assert [w.code for w in corpus.warnings] == ["hashtag_mention", "mention_not_found"]


@pytest.mark.parametrize("line, message", [
    ('1234567\t"text"\tmention\n', "annotations come in pairs"),
    ('1234567\t"no closing quote\n', "no closing double quote"),
    ('1234567\tunquoted\n', "does not start with a double quote"),
    ('1234567\t"t"\tt\tnot a uri\n', "not an absolute IRI"),
])
def test_microposts_bad_input_one_line(line, message):
    with pytest.raises(InputError) as err:
        read_microposts2014(line.encode(), name="m.tsv")
    assert message in str(err.value) and str(err.value).startswith("m.tsv:1:")


# --- lenient NIF ------------------------------------------------------------------------------------

def test_lenient_reuters128_historic_iri(tmp_path):
    fixed = shared_path("nif", "n3-collection", "Reuters-128.ttl").read_bytes()
    good = b"<http://aksw.org/notInWiki/Colorado_Rural_Electric_Association>"
    historic = tmp_path / "Reuters-128.ttl"
    historic.write_bytes(fixed.replace(good, b"<http://aksw.org/notInWiki/Colorado Rural Electric Association>"))
    # the 2014 file's error (dice-group/n3-collection#12): line 1930
    with pytest.raises(InputError) as err:
        read_corpus(historic)
    assert "Reuters-128.ttl:1930:" in str(err.value) and "--lenient" in str(err.value)
    corpus = read_corpus(historic, lenient=True)
    assert corpus.documents == read_nif(shared_path("nif", "n3-collection", "Reuters-128.ttl")).documents
    repaired = [w for w in corpus.warnings if w.code == "repaired_iri"]
    assert len(repaired) == 1 and repaired[0].where.endswith(":1930")
    assert "Colorado Rural Electric Association" in repaired[0].message
    assert "notInWiki/Colorado_Rural_Electric_Association" in repaired[0].message


def test_no_lenient_hint_where_lenient_reading_fails_too_and_a_json_hint_for_json_lines(tmp_path):
    """A Markdown page named .ttl whose prose holds "<…>" with spaces is no historic NIF: --lenient would fail
    on it too, so the error does not send the user there (a new user's try with the README, 7 December 2026);
    JSON Lines named .ttl are named as such, with the options that read them."""
    page = tmp_path / "notes.ttl"
    page.write_text("# Notes\n\n* the tag <a b> holds a space\n")
    with pytest.raises(InputError) as err:
        read_corpus(page)
    assert "notes.ttl:3:1: malformed Turtle" in str(err.value) and "--lenient" not in str(err.value)
    lines = tmp_path / "corpus.ttl"
    lines.write_text('  {"uri": "http://ex.org/d", "text": "A", "mentions": []}\n')
    with pytest.raises(InputError) as err:
        read_corpus(lines)
    assert "JSON Lines" in str(err.value) and "--gold-format jsonl" in str(err.value)
    assert "--lenient" not in str(err.value)


def test_lenient_line_breaks_keep_line_numbers():
    ttl = (b"@prefix nif: <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#> .\n"
           b"<http://ex.org/d#char=0,2> a nif:Context ; nif:isString \"ab\" ;\n"
           b"  nif:sourceUrl <\n    > .\n"
           b"<http://ex.org/x> <http://ex.org/p> <http://dbpedia.org/resource/New York> .\n"
           b"this is broken\n")
    fixed, repairs = repair_iris(ttl)
    assert [(line, after) for line, _, after in repairs] == [(3, ""), (5, "http://dbpedia.org/resource/New_York")]
    assert fixed.count(b"\n") == ttl.count(b"\n")
    with pytest.raises(InputError) as err:  # the syntax error after the repairs keeps its line, 6
        read_nif_lenient(ttl, name="h.ttl")
    assert str(err.value).startswith("h.ttl:6:")
    nt = b"<http://ex.org/a\n b> <http://ex.org/p> \"x\" .\n<http://ex.org/c> <http://ex.org/p> \"y\" .\n"
    fixed_nt, _ = repair_iris(nt, "ntriples")
    # not a title IRI: the white space is percent-encoded; the line break goes after the line
    assert fixed_nt == (b"<http://ex.org/a%0A%20b> <http://ex.org/p> \"x\" .\n\n"
                        b"<http://ex.org/c> <http://ex.org/p> \"y\" .\n")
    assert repair_iris(b'<http://ex.org/a> <http://ex.org/p> "<not an iri>" . # <a b>\n') == (
        b'<http://ex.org/a> <http://ex.org/p> "<not an iri>" . # <a b>\n', [])


# --- conlleval single file ----------------------------------------------------------------------------

CONLLEVAL = ("John B-PER B-PER\nlives O O\nin O O\nNew B-LOC B-LOC\nYork I-LOC O\n. O O\n\n"
             "Paris B-LOC I-LOC\nis O O\nBig B-MISC B-ORG\n")


def test_conlleval_single_file_cli(tmp_path):
    (tmp_path / "out.txt").write_text(CONLLEVAL)
    proc = bengal("score", "out.txt", "--json", "-", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    # conlleval.pl by hand: gold PER, LOC(New York), LOC(Paris), MISC; predicted PER, LOC(New), LOC(Paris)
    # (an I-LOC after a blank line starts a chunk), ORG: correct 2 of 4 found, 2 of 4 gold:
    # precision 50.00%, recall 50.00%, FB1 50.00; accuracy 6 of 9 tokens = 66.67%
    assert (out["micro"]["tp"], out["micro"]["fp"], out["micro"]["fn"]) == (2, 2, 2)
    assert out["micro"]["f1"] == pytest.approx(0.5) and out["token_accuracy"] == pytest.approx(6 / 9)
    forced = json.loads(bengal("score", "out.txt", "--gold-format", "conlleval", "--json", "-", cwd=tmp_path).stdout)
    assert forced["micro"] == out["micro"]


def test_conlleval_agrees_with_seqeval(tmp_path):
    seqeval = pytest.importorskip("seqeval.metrics")
    path = tmp_path / "out.txt"
    path.write_text(CONLLEVAL)
    sents = [[ln.split() for ln in block.splitlines()] for block in CONLLEVAL.strip().split("\n\n")]
    gold = [[c[1] for c in s] for s in sents]
    pred = [[c[2] for c in s] for s in sents]
    report = score_conlleval(path)
    assert report.micro.f1 == pytest.approx(seqeval.f1_score(gold, pred))


def test_conlleval_bad_input(tmp_path):
    (tmp_path / "two.txt").write_text("John B-PER\nlives O\n")
    with pytest.raises(InputError, match=r"two\.txt:1: a conlleval file has token \.\.\. gold pred"):
        score_files(tmp_path / "two.txt")
    (tmp_path / "other.txt").write_text(CONLLEVAL)
    with pytest.raises(UsageError, match="give that one file, without PRED"):
        score_files(tmp_path / "two.txt", tmp_path / "other.txt", gold_format="conlleval")
    with pytest.raises(UsageError, match="not --task a2kb"):
        score_files(tmp_path / "other.txt", task="a2kb")


# --- the registry -------------------------------------------------------------------------------------

def test_aida_tsv_refused_says_what_it_looked_like(tmp_path):
    lines = ["-DOCSTART- (1 EU)", "EU\tB\tEU\t--NME--", "rejects", "German\tB\tGerman\t--NME--"] + ["x"] * 7
    lines.append("call\tB\tcall")  # line 12: three columns
    (tmp_path / "aida.tsv").write_text("\n".join(lines) + "\n")
    with pytest.raises(InputError) as err:
        read_corpus(tmp_path / "aida.tsv")
    assert re.search(r"aida\.tsv:12: looks like AIDA/CoNLL-YAGO TSV, but 3 columns", str(err.value))
    with pytest.raises(InputError) as forced:  # forced: the reader's own message
        read_corpus(tmp_path / "aida.tsv", "aida")
    assert "looks like" not in str(forced.value) and ":12: 3 columns" in str(forced.value)


def test_forcing_a_format(tmp_path):
    (tmp_path / "tweets.txt").write_text('1234567\t"Hi Berlin"\tBerlin\thttp://dbpedia.org/resource/Berlin\n')
    assert detect_format(tmp_path / "tweets.txt") == "microposts2014"
    assert len(read_corpus(tmp_path / "tweets.txt", "microposts2014").documents[0].mentions) == 1
    (tmp_path / "odd.txt").write_text("?\n")
    with pytest.raises(InputError, match="cannot tell the corpus format"):
        detect_format(tmp_path / "odd.txt")


def test_lenient_cli(tmp_path):
    ttl = (b"@prefix nif: <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#> .\n"
           b"@prefix itsrdf: <http://www.w3.org/2005/11/its/rdf#> .\n"
           b"<http://ex.org/d#char=0,25> a nif:Context ; nif:isString \"Bureau of Land Management\" .\n"
           b"<http://ex.org/d#char=0,25> nif:referenceContext <http://ex.org/d#char=0,25> ;\n"
           b"  nif:beginIndex 0 ; nif:endIndex 25 ;\n"
           b"  itsrdf:taIdentRef <http://dbpedia.org/resource/Bureau of Land Management> .\n")
    (tmp_path / "gold.ttl").write_bytes(ttl)
    pred = ('{"uri": "http://ex.org/d", "text": "Bureau of Land Management", "mentions": [{"begin": 0, "end": 25, '
            '"uris": ["http://dbpedia.org/resource/Bureau_of_Land_Management"]}]}\n')
    (tmp_path / "pred.jsonl").write_text(pred)
    refused = bengal("score", "gold.ttl", "pred.jsonl", cwd=tmp_path)
    assert refused.returncode == 1 and "gold.ttl:6:" in refused.stderr and "--lenient" in refused.stderr
    proc = bengal("score", "gold.ttl", "pred.jsonl", "--lenient", "--json", "-", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["micro"]["f1"] == 1.0  # the repaired IRI is the KB's Bureau_of_Land_Management
    assert "repaired_iri" in proc.stderr
    (tmp_path / "gold.jsonl").write_text(pred)
    usage = bengal("score", "gold.jsonl", "pred.jsonl", "--lenient", cwd=tmp_path)
    assert usage.returncode == 2 and "--lenient repairs the IRIs of NIF files" in usage.stderr


def test_one_file_that_is_no_conlleval_file(tmp_path):
    (tmp_path / "gold.jsonl").write_text('{"uri": "http://ex.org/d", "text": "a", "mentions": []}\n')
    with pytest.raises(UsageError, match="reads as JSON Lines: give PRED too"):
        score_files(tmp_path / "gold.jsonl")


def test_aquaint_layout_and_round_trip(tmp_path):
    root = tmp_path / "AQUAINT"
    (root / "Problems").mkdir(parents=True)
    (root / "RawTexts").mkdir()
    (root / "RawTexts" / "APW19980603_0791.htm").write_text("Kosovo and Serbia", encoding="utf-8")
    (root / "Problems" / "APW19980603_0791.htm").write_text(
        _problem(name="APW19980603_0791.htm", length="6", target="http://en.wikipedia.org/wiki/Kosovo")
        .replace("Berlin</SurfaceForm>", "Kosovo</SurfaceForm>"), encoding="utf-8")
    corpus = read_corpus(root)
    assert [(d.uri, [(m.span, sorted(m.uris)) for m in d.mentions]) for d in corpus] == [
        ("urn:aquaint:APW19980603_0791.htm", [((0, 6), [DBR + "Kosovo"])])]
    out = tmp_path / "aquaint.ttl"
    write_corpus(corpus, out)
    run = score_files(root, out)
    assert run.result.micro.f1 == 1.0 and run.result.micro.tp == 1


@pytest.mark.parametrize("name, good, historic", [
    ("RSS-500.ttl", b"<http://dbpedia.org/resource/Bureau_of_Land_Management>",
     b"<http://dbpedia.org/resource/Bureau of Land Management>"),
    ("News-100.ttl", b"<http://www.news.de/sport/843651108/skaten-rugby-und-golf-wollen-olympisch-werden/1/>",
     b"<\n    >"),
])
def test_lenient_more_n3_flaws(tmp_path, name, good, historic):
    real = shared_path("nif", "n3-collection", name)
    fixed = real.read_bytes()
    assert fixed.count(good) == 1
    path = tmp_path / name
    path.write_bytes(fixed.replace(good, historic))
    line = fixed[:fixed.index(good)].count(b"\n") + 1
    with pytest.raises(InputError, match=f"{name}:{line}:.*--lenient"):
        read_corpus(path)
    corpus = read_corpus(path, lenient=True)
    assert corpus.documents == read_nif(real).documents  # nif:sourceUrl is not read; the IRI is the KB's
    assert [w.where for w in corpus.warnings if w.code == "repaired_iri"] == [f"{path}:{line}"]
