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
import re
import secrets
import shutil
import signal
import sys
import threading
from pathlib import Path
from typing import IO, Any, Iterator

from bengal.errors import WRITE_ERRNOS, UsageError

__all__ = ["atomic_write", "atomic_files", "check_writable", "clean_stale", "staging_name"]


def staging_name(name: str) -> str:
    """A fresh name for the staging file or folder of the target ``name``: ``.<name>.<pid>-<12 hex>.tmp``,
    hidden, beside the target; the pid of the writing process is in the name so that a later write can
    tell a staging a killed process left (:func:`clean_stale`) from one a running process is writing."""
    return f".{name}.{os.getpid()}-{secrets.token_hex(6)}.tmp"


def _alive(pid: int) -> bool:
    """Whether a process ``pid`` runs on this machine (a process of another user counts as running)."""
    if pid <= 0:
        return True  # not a pid this module wrote: never taken for dead
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def clean_stale(folder: str | os.PathLike[str], *names: str) -> list[Path]:
    """Remove the staging files and folders of the targets ``names`` in ``folder`` that a process no
    longer running left (a SIGKILL or a power loss during a write: ``.<name>.<pid>-<hex>.tmp``, see
    :func:`staging_name`), each said on stderr in one line. A staging whose process still runs (or
    whose pid may belong to another user's process) is kept; so is a name without a pid (written by an
    older bengal: its writer cannot be told). A pid can be reused by another process after a crash:
    then the staging stays until that process ends, never the other way round. Processes on another
    machine (a shared network folder) are not seen: their pid is looked up on this one.

    Returns:
        the paths removed.
    """
    base = Path(folder)
    removed: list[Path] = []
    try:
        entries = os.listdir(base)
    except OSError:
        return removed
    for name in names:
        pattern = re.compile(r"\." + re.escape(name) + r"\.([0-9]{1,10})-[0-9a-f]{12}\.tmp")
        for entry in entries:
            m = pattern.fullmatch(entry)
            if m is None or _alive(int(m.group(1))):
                continue
            path = base / entry
            try:
                if path.is_dir() and not path.is_symlink():
                    shutil.rmtree(path)
                else:
                    os.unlink(path)
            except FileNotFoundError:
                continue
            except OSError as err:
                print(f"bengal: could not remove {path}, left by process {m.group(1)} that no longer runs: "
                      f"{err.strerror}", file=sys.stderr)
                continue
            print(f"bengal: removed {path}, left by process {m.group(1)} that no longer runs (killed during "
                  f"a write)", file=sys.stderr)
            removed.append(path)
    return removed


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
    the umask), is named ``.<name>.<pid>-<random>.tmp`` in the same folder (so that
    ``os.replace`` is atomic: same file system), and is flushed and fsync'ed
    before the rename. On any exception inside the ``with`` body (including
    ``KeyboardInterrupt``) it is closed and deleted, and the exception
    propagates. Before it, the staging files a killed process left for ``path`` are removed
    (:func:`clean_stale`, said on stderr). A full disk's (or quota's) :class:`OSError`, which write
    and fsync raise without a file name, gets ``path`` as its ``filename``.

    Raises:
        ValueError: for a mode other than ``"w"`` / ``"wb"``.
        OSError: when the folder is missing or not writable.
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_write: mode must be 'w' or 'wb', not {mode!r}")
    target = Path(path)
    folder = target.parent
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    # Every step is inside the try, so that an interrupt (Ctrl-C, SIGTERM under the CLI) raised
    # between any two of them still removes the temporary file.
    tmp: Path | None = None
    fd = -1
    fh: IO[Any] | None = None
    clean_stale(folder, target.name)
    try:
        while True:
            tmp = folder / staging_name(target.name)
            try:
                fd = os.open(tmp, flags, 0o666)
                break
            except FileExistsError:  # pragma: no cover - 48 random bits
                tmp = None
                continue
        if mode == "w":
            fh = os.fdopen(fd, "w", encoding=encoding, newline="\n")
        else:
            fh = os.fdopen(fd, "wb")
        with fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException as exc:
        if fh is None and fd >= 0:
            with contextlib.suppress(OSError):
                os.close(fd)
        if tmp is not None:
            _unlink(tmp)
        _name_target(exc, target)
        raise


def _name_target(exc: BaseException, target: str | os.PathLike[str]) -> None:
    """Give a full-disk (or quota, size, I/O) :class:`OSError` without a file name the target's
    name, so that the one-line error says which output could not be written."""
    if isinstance(exc, OSError) and exc.filename is None and exc.errno in WRITE_ERRNOS:
        exc.filename = os.fspath(target)


def _unlink(p: Path) -> None:
    try:
        os.unlink(p)
    except FileNotFoundError:
        pass


@contextlib.contextmanager
def atomic_files(*paths: str | os.PathLike[str]) -> Iterator[tuple[Path, ...]]:
    """Write several files of one folder as one unit (a corpus and its manifest): the body writes
    each to the staging path yielded for it, and only when all are written are they put in place.

    Args:
        paths: the final files, all in one folder (which must exist), in the order they are put
            in place: give last the one whose presence says the unit is complete (the corpus after
            its manifest, so no new corpus is ever seen without its manifest).

    Yields:
        one staging path per target, in a hidden folder ``.<first name>.<pid>-<random>.tmp`` beside the
        targets (same file system, so the renames are atomic), each with its target's name (so a
        writer that looks at the name, e.g. for ``.gz``, does the same as for the target).

    On a clean exit every staged file must exist; each is fsync'ed, then all are renamed onto their
    targets one after the other, with Ctrl-C (SIGINT) and SIGTERM held back until the last rename
    (in the main thread), and the staging folder is removed. On any exception inside the body
    (including a full disk or ``KeyboardInterrupt``) the staging folder is removed and every target
    keeps its old content. Only a SIGKILL or a power loss between two renames of the commit (a
    few microseconds) can leave a mix of old and new files, which is why a manifest names its
    corpus's sha256. Before staging, what a killed process left for these targets is removed
    (:func:`clean_stale`, said on stderr).

    Raises:
        ValueError: no paths, paths in different folders, or the same path twice.
        FileNotFoundError: the body did not write one of the staged files (naming it).
        OSError: the folder is missing or not writable.
    """
    targets = [Path(p) for p in paths]
    if not targets:
        raise ValueError("atomic_files: no paths given")
    folder = targets[0].parent
    if any(t.parent != folder for t in targets):
        raise ValueError(f"atomic_files: the files are not all in {folder}: {', '.join(map(str, targets))}")
    if len({t.name for t in targets}) != len(targets):
        raise ValueError(f"atomic_files: a path is given twice: {', '.join(map(str, targets))}")
    clean_stale(folder, *(t.name for t in targets))
    while True:
        stage = folder / staging_name(targets[0].name)
        try:
            os.mkdir(stage)
            break
        except FileExistsError:  # pragma: no cover - 48 random bits
            continue
    staged = tuple(stage / t.name for t in targets)
    try:
        yield staged
        for s, t in zip(staged, targets):
            if not s.is_file():
                raise FileNotFoundError(f"atomic_files: {t} was not written")
            fd = os.open(s, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        with _signals_held():
            for s, t in zip(staged, targets):
                os.replace(s, t)
    except BaseException as exc:
        _name_target(exc, targets[-1])  # the unit is named by its last file (the corpus beside its manifest)
        raise
    finally:
        shutil.rmtree(stage, ignore_errors=True)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold back SIGINT and SIGTERM for the body (their Python handlers run after it); in a thread
    other than the main one (where handlers cannot be set) the body runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        handler = signal.getsignal(sig)
        if handler is not None:  # None: a handler not set from Python, left alone
            previous[sig] = handler
            signal.signal(sig, lambda signum, _frame: caught.append(signum))
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        for signum in dict.fromkeys(caught):
            os.kill(os.getpid(), signum)
