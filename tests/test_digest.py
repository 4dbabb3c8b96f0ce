"""bengal.digest against independent peers: coreutils' sha256sum for files, hashlib over the joined bytes."""

import hashlib
import shutil
import subprocess

import pytest

from bengal.digest import code_digest, file_sha256


def test_file_sha256_is_sha256sum(tmp_path):
    path = tmp_path / "x.bin"
    path.write_bytes(bytes(range(256)) * 9000)  # more than one 1 MiB block
    if shutil.which("sha256sum") is None:
        pytest.skip("no sha256sum")
    expected = subprocess.run(["sha256sum", str(path)], capture_output=True, text=True, check=True).stdout.split()[0]
    assert file_sha256(path) == expected


def test_code_digest_hashes_the_files_in_order(tmp_path):
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("x = 1\n")
    b.write_text("y = 2\n")
    assert code_digest(a, b) == hashlib.sha256(b"x = 1\ny = 2\n").hexdigest()[:12]
    assert code_digest(b, a) != code_digest(a, b)


def test_a_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(OSError):
        file_sha256(tmp_path / "nope")
