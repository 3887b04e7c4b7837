"""The cache folder: where it is, and reading and replacing its files without ever trusting it.

Why a folder of the project (`.memorybank_cache/` next to the configuration, else next to the
bank, holding a `.gitignore` of `*`, as ruff keeps `.ruff_cache/`): a pre-commit run, a one-shot
command and the server of one repository share it, and deleting it changes no answer.
`MEMORYBANK_CACHE_DIR` moves it (a read-only checkout, a folder outside the project);
`cache-dir` in the configuration moves it within the project.

Why so careful: the folder lives in a working tree anyone can write to, and a repository can
commit one, so it is treated as hostile. Every file is opened through a descriptor of the folder
itself (so a folder swapped for a link mid-run cannot carry a write elsewhere), never through a
link, never blocking (a FIFO in place of a cache file is refused by `fstat` before a byte is read).
Every file carries an HMAC-SHA256 of its name and payload under this user's key, which lives
outside every repository (`user_state.cache_key`), and nothing of a file is decoded before its MAC
holds: the decoders (`marshal`, `json`) are not safe on hostile bytes (a five-byte `marshal`
payload asks for a 16 GB tuple), and a recorded handshake replayed to a client must be one this
user's server recorded. Its header carries a MAC of its name and length too, so a planted file of
gigabytes is refused by its first bytes rather than read whole (into memory, for seconds). Any
doubt means "no cache"; a folder that cannot be written, or no private place for the key, means
running without one, with one warning per process.
"""

from __future__ import annotations

import contextlib
import errno
import hmac
import os
import re
import secrets
import stat
import sys
import time
from pathlib import Path

from .user_state import cache_key, key_problem

ENV = "MEMORYBANK_CACHE_DIR"
NAME = ".memorybank_cache"
MAGIC = b"MBC3"
SIZE = 8  # bytes of the payload's length
HEADER = len(MAGIC) + SIZE + 32 + 32  # magic, payload length, its MAC, the payload's MAC
MAX_BYTES = 1 << 31  # far above any real cache; a larger file is not a cache of ours
_OPEN = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
# Without opening relative to a folder's descriptor and refusing links, the folder cannot be
# trusted, so such a platform runs without the cache.
SUPPORTED = bool(_DIRECTORY and getattr(os, "O_NOFOLLOW", 0)) and os.open in os.supports_dir_fd
_warned = False
GITIGNORE = b"# written by mcp-memorybank: nothing here belongs in git\n*\n"


def location(bank_root: Path, config_source: Path | None = None, configured: Path | None = None) -> Path:
    """The cache folder for a bank: `MEMORYBANK_CACHE_DIR`, else `cache-dir` of the configuration,
    else `.memorybank_cache/` beside the configuration file, else beside the bank folder."""
    given = os.environ.get(ENV, "").strip()
    if given:
        return Path(given).expanduser().absolute()
    if configured is not None:
        return configured
    return (config_source.parent if config_source is not None else bank_root.parent) / NAME


def warn_once(message: str) -> None:
    """One line on stderr, the first time only: a cache problem never deserves more."""
    from .usage import program, say  # the bank reads through this module: imported when needed

    global _warned
    if not _warned:
        _warned = True
        with contextlib.suppress(OSError, ValueError):
            say(program(), f"{message}; running without the cache")
            sys.stderr.flush()


class CacheFolder:
    """One cache folder; each method returns None or False rather than raise."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _open(self, create: bool) -> int | None:
        """A descriptor of the folder itself, refusing a link; for writing, the folder is created
        when missing and given its `.gitignore`."""
        if not SUPPORTED:
            return None
        try:
            fd = os.open(self.path, os.O_RDONLY | _DIRECTORY | _OPEN)
        except FileNotFoundError:
            if not create:
                return None
            try:
                self.path.mkdir(parents=True, exist_ok=True)
                fd = os.open(self.path, os.O_RDONLY | _DIRECTORY | _OPEN)
            except OSError as exc:
                warn_once(f"cannot create the cache folder {self.path} ({exc.strerror or exc})")
                return None
        except OSError as exc:
            if create:
                reason = (
                    _why_not_a_folder(self.path)
                    if exc.errno in (errno.ELOOP, errno.ENOTDIR)
                    else exc.strerror
                )
                warn_once(f"the cache folder {self.path} {reason}")
            return None
        if create and not _own_folder(fd):
            os.close(fd)
            warn_once(
                f"the cache folder {self.path} holds files of its own (a cache needs a folder of its "
                "own, which it hides from git)"
            )
            return None
        if create and not _exists(fd, ".gitignore") and not _replace(fd, ".gitignore", GITIGNORE):
            os.close(fd)
            warn_once(f"cannot write in the cache folder {self.path}")
            return None
        return fd

    def read(self, name: str) -> memoryview | None:
        """The payload of `name` if this user's key signed it; None when missing, odd or foreign."""
        key = _key()
        folder = self._open(create=False) if key is not None else None
        if folder is None:
            return None
        try:
            fd = os.open(name, os.O_RDONLY | _OPEN, dir_fd=folder)
        except OSError:
            return None
        finally:
            os.close(folder)
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or not HEADER <= info.st_size <= MAX_BYTES:
                return None
            head = _read_all(fd, HEADER - 1)  # at most HEADER bytes
            size = info.st_size - HEADER
            if not hmac.compare_digest(head, _header(key, name, size, head[HEADER - 32 :])):
                return None  # not ours, or not whole: the payload is never read
            payload = _read_all(fd, size)
        except OSError:
            return None
        finally:
            os.close(fd)
        if len(payload) != size or not hmac.compare_digest(head[HEADER - 32 :], _mac(key, name, payload)):
            return None
        return memoryview(payload)

    def write(self, name: str, payload: bytes) -> bool:
        """Replace `name` atomically (a temporary file, then `os.replace`); False when refused."""
        key = _key()
        folder = self._open(create=True) if key is not None else None
        if folder is None:
            return False
        header = _header(key, name, len(payload), _mac(key, name, payload))
        try:
            _sweep(folder)
            if _replace(folder, name, header, payload):
                return True
            warn_once(f"cannot write in the cache folder {self.path}")
            return False
        finally:
            os.close(folder)


def _key() -> bytes | None:
    key = cache_key()
    if key is None:
        warn_once(key_problem())
    return key


def _mac(key: bytes, name: str, payload: bytes | memoryview) -> bytes:
    """The MAC binds the file's name too, so one of our files renamed over another is refused."""
    mac = hmac.new(key, name.encode("utf-8", "surrogateescape") + b"\0", "sha256")
    mac.update(payload)
    return mac.digest()


def _header(key: bytes, name: str, size: int, sealed: bytes) -> bytes:
    """The header of the file `name` holding `size` bytes of payload whose MAC is `sealed`. The
    length is signed on its own, so its first `HEADER` bytes tell a file of ours (and a length
    this user's process wrote) before any of its payload is read."""
    length = size.to_bytes(SIZE, "little")
    seal = hmac.new(key, b"length\0" + name.encode("utf-8", "surrogateescape") + b"\0" + length, "sha256")
    return MAGIC + length + seal.digest() + sealed


_OURS = re.compile(r"(?:parse|route|body)-[0-9a-f]+\.marshal|surface-[a-z]+\.json|\.tmp-[0-9a-f]+")
_TEMPORARY = re.compile(r"\.tmp-[0-9a-f]+")
_PER_BANK = re.compile(r"(?:parse|route|body)-[0-9a-f]+\.marshal")
STALE_TEMPORARY = 10 * 60  # seconds: no write takes this long, so its temporary file was orphaned
STALE_BANK_FILES = 30 * 24 * 3600  # seconds unwritten: a bank's files outlived its path (moved, renamed)


def _sweep(folder: int) -> None:
    """Remove what no run will read again: temporary files a killed writer left (each a whole
    cache file), and a bank's files unwritten for `STALE_BANK_FILES` (its checkout moved, or it
    was one of many in a shared folder). A bank still in use is written again on its next change;
    at worst one run indexes it afresh."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    now = time.time()
    for name in names:
        if _TEMPORARY.fullmatch(name):
            age = STALE_TEMPORARY
        elif _PER_BANK.fullmatch(name):
            age = STALE_BANK_FILES
        else:
            continue
        try:
            found = os.stat(name, dir_fd=folder, follow_symlinks=False)
            if stat.S_ISREG(found.st_mode) and now - found.st_mtime > age:
                os.unlink(name, dir_fd=folder)
        except OSError:
            continue


def _own_folder(folder: int) -> bool:
    """Whether the folder is the cache's alone: its `.gitignore` is the one the cache writes, or
    it holds nothing but cache files.

    A `.gitignore` that appears between looking for it and listing the folder is read, not
    counted as a stranger: two processes creating the same new cache folder race exactly there.

    Why: the cache hides its folder from git with a `.gitignore` of `*`; `cache-dir = "."`
    (or the bank's folder) would have hidden every new file of the repository.
    """
    for _ in range(2):
        try:
            fd = os.open(".gitignore", os.O_RDONLY | _OPEN, dir_fd=folder)
        except FileNotFoundError:
            try:
                names = os.listdir(folder)
            except OSError:
                return False
            if ".gitignore" in names:  # another writer of a new folder wrote it meanwhile: judge it
                continue
            return all(_OURS.fullmatch(name) for name in names)
        except OSError:
            return False
        try:  # a folder or a FIFO named `.gitignore` opens, then fails or reads nothing: not ours
            return os.read(fd, len(GITIGNORE) + 1) == GITIGNORE
        except OSError:
            return False
        finally:
            os.close(fd)
    return False


def _exists(folder: int, name: str) -> bool:
    try:
        os.stat(name, dir_fd=folder, follow_symlinks=False)
    except OSError:
        return False
    return True


def _read_all(fd: int, size: int) -> bytes:
    """At most `size + 1` bytes (a file that grew is then refused by its length)."""
    chunks, left = [], size + 1
    while left > 0 and (chunk := os.read(fd, left)):
        chunks.append(chunk)
        left -= len(chunk)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def _replace(folder: int, name: str, *parts: bytes) -> bool:
    """Write a fresh temporary file in `folder` and rename it over `name`.

    No fsync: a cache need not survive a power cut, and a torn file fails its MAC. The
    temporary name is random, so two processes writing at once each rename a whole file of
    their own and the last one wins.
    """
    temp = f".tmp-{secrets.token_hex(8)}"
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _OPEN, 0o644, dir_fd=folder)
    except OSError:
        return False
    try:
        for part in parts:
            view = memoryview(part)
            while view:
                view = view[os.write(fd, view) :]
        os.close(fd)
        fd = -1
        os.replace(temp, name, src_dir_fd=folder, dst_dir_fd=folder)
        return True
    except OSError:
        if fd >= 0:
            os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(temp, dir_fd=folder)
        return False


def _why_not_a_folder(path: Path) -> str:
    """Linux says ENOTDIR both of a link and of a file opened as a folder without following."""
    try:
        return "is a symbolic link" if stat.S_ISLNK(os.lstat(path).st_mode) else "is not a folder"
    except OSError:
        return "is not a folder"
