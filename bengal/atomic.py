"""Atomic file output: a temporary file in the target's folder, then ``os.replace``.

Readers of the target never see a half-written file: either the old content
(or no file) or the complete new one. When the ``with`` body raises, the
temporary file is removed and the target is left untouched.

>>> with atomic_write("corpus.ttl") as fh:      # doctest: +SKIP
...     fh.write("...")
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path
from typing import IO, Any, Iterator

from bengal.errors import UsageError

__all__ = ["atomic_write", "check_writable"]


def check_writable(*paths: str | os.PathLike[str], inputs: tuple[str | os.PathLike[str], ...] = ()) -> None:
    """Check, before any work, that each path can be written as a file: its folder
    exists and is a folder, the path itself is not a folder, and it is none of ``inputs``
    (an output written over its own input would destroy it).

    Raises:
        bengal.errors.UsageError: naming the first path that cannot be written.
    """
    given = [Path(i) for i in inputs]
    for path in paths:
        p = Path(path)
        for i in given:
            if p.resolve() == i.resolve() or (p.exists() and i.exists() and os.path.samefile(p, i)):
                raise UsageError(f"cannot write {p}: it is also an input ({i}); choose another output path")
        folder = p.parent
        if not folder.is_dir():
            raise UsageError(f"cannot write {p}: the folder {folder} does not exist")
        if p.is_dir():
            raise UsageError(f"cannot write {p}: it is a folder")
        if not os.access(folder, os.W_OK):
            raise UsageError(f"cannot write {p}: the folder {folder} is not writable")


@contextlib.contextmanager
def atomic_write(path: str | os.PathLike[str], mode: str = "w", *, encoding: str = "utf-8") -> Iterator[IO]:
    """Open a temporary file next to ``path``; on a clean exit, rename it onto ``path``.

    Args:
        path: the final file. Its folder must exist.
        mode: ``"w"`` (text, ``encoding``, ``\\n`` line ends on every platform)
            or ``"wb"`` (bytes).
        encoding: text encoding for ``mode="w"``.

    Yields:
        the open file handle. Do not close it yourself.

    The temporary file is created with the usual permissions (``0o666`` minus
    the umask), is named ``.<name>.<random>.tmp`` in the same folder (so that
    ``os.replace`` is atomic: same file system), and is flushed and fsync'ed
    before the rename. On any exception inside the ``with`` body (including
    ``KeyboardInterrupt``) it is closed and deleted, and the exception
    propagates.

    Raises:
        ValueError: for a mode other than ``"w"`` / ``"wb"``.
        OSError: when the folder is missing or not writable.
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_write: mode must be 'w' or 'wb', not {mode!r}")
    target = Path(path)
    folder = target.parent
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        tmp = folder / f".{target.name}.{secrets.token_hex(6)}.tmp"
        try:
            fd = os.open(tmp, flags, 0o666)
            break
        except FileExistsError:  # pragma: no cover - 48 random bits
            continue
    fh: IO[Any]
    try:
        if mode == "w":
            fh = os.fdopen(fd, "w", encoding=encoding, newline="\n")
        else:
            fh = os.fdopen(fd, "wb")
    except BaseException:
        os.close(fd)
        _unlink(tmp)
        raise
    try:
        with fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        _unlink(tmp)
        raise


def _unlink(p: Path) -> None:
    try:
        os.unlink(p)
    except FileNotFoundError:
        pass
