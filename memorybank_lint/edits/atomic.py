"""The file-system steps every write is made of: folders, temporary files, atomic renames, bounded reads.

Why a temporary file in the same folder: `os.replace` is atomic only within one file system, and
the fsync before it makes sure the new bytes are on disk before the name points at them. Why the
temporary name carries a random token (`.memorybank-<16 hex>.tmp`): it never collides with a file
a person keeps, and the writer deletes a leftover one only when a journal of its own names it
(`journal.py`), never because a name looks like one of its own.

Why every open refuses links and anything but a regular file: a symlink planted at a name the
writer uses would carry the write out of the bank, and a FIFO or a device given as an argument
file would block the writer (holding the bank's lock) or feed it without end.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
from pathlib import Path

from .errors import Refused

TEMP = re.compile(r"^\.memorybank-[0-9a-f]{16}\.tmp$")
_NO_LINKS = os.O_NOFOLLOW | os.O_CLOEXEC


class UnsafePath(Refused):
    """The target cannot be written safely (a symlink, or a path that leaves the bank)."""


class NotRegular(OSError):
    """The path names a symlink, a folder, a FIFO, a device or a socket, not a regular file."""


class TooBig(OSError):
    """The file holds more bytes than the reader accepts; `size` is what `fstat` reported."""

    def __init__(self, size: int) -> None:
        super().__init__(errno.EFBIG, f"is {size} bytes")
        self.size = size


def read_regular(
    path: Path | str,
    limit: int,
    *,
    follow_links: bool = False,
    head: bool = False,
    beneath: Path | int | None = None,
) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, opened without following a link
    (unless `follow_links`: a file the user names, such as a configuration, may be one). With
    `head`, a longer file gives its first `limit` bytes instead of a refusal (a preview). With
    `beneath` (a folder, or a descriptor of one), `path` is relative to it and opened one folder at
    a time, none of them a link: a folder of the bank swapped for a link at any moment cannot lead
    the read out of it.

    The open cannot block (a FIFO is refused by `fstat` before anything is read), and at most
    `limit + 1` bytes are ever read, whatever size the file claims: a link to `/dev/zero` is not
    a regular file, and one to a huge file is refused by its size.
    """
    flags = os.O_RDONLY | os.O_NONBLOCK | (os.O_CLOEXEC if follow_links else _NO_LINKS)
    try:
        fd = os.open(path, flags) if beneath is None else _open_beneath(beneath, str(path), flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # O_NOFOLLOW met a link (the last component; with `beneath`, any)
            raise NotRegular(exc.errno, "is a symbolic link") from exc
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegular(0, "is not a regular file")
        if info.st_size > limit and not head:
            raise TooBig(info.st_size)
        chunks, left = [], limit if head else limit + 1
        while left > 0:
            asked = min(left, 1 << 20)
            chunk = os.read(fd, asked)
            chunks.append(chunk)
            left -= len(chunk)
            if len(chunk) < asked:  # a regular file reads short only at its end: no call to see b""
                break
        data = b"".join(chunks)
        if len(data) > limit:
            raise TooBig(len(data))
        return data
    finally:
        os.close(fd)


def open_folder(root: Path | int, relative: str) -> int:
    """A new descriptor for the folder `root/relative` (`root` a path or a descriptor; "" is `root`
    itself), each folder opened relative to the one before and none of them through a link
    (ELOOP), so what is opened is what lies under `root` at that moment."""
    parts = relative.split("/") if relative else []
    if any(part in ("", ".", "..") for part in parts):
        raise FileNotFoundError(errno.ENOENT, "is not a clean bank path")
    if isinstance(root, int):
        folder = os.dup(root)
    else:
        folder = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for part in parts:
            try:
                inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | _NO_LINKS, dir_fd=folder)
            except NotADirectoryError:  # what Linux says of a link opened as a folder without following
                if stat.S_ISLNK(os.stat(part, dir_fd=folder, follow_symlinks=False).st_mode):
                    raise OSError(errno.ELOOP, "is a symbolic link") from None
                raise
            os.close(folder)
            folder = inner
    except BaseException:
        os.close(folder)
        raise
    return folder


def _open_beneath(root: Path | int, relative: str, flags: int, mode: int = 0o777) -> int:
    """A descriptor for `root/relative`, its folders opened as `open_folder` does."""
    parts = relative.split("/")
    if any(part in ("", ".", "..") for part in parts):
        raise FileNotFoundError(errno.ENOENT, "is not a clean bank path")
    folder = open_folder(root, "/".join(parts[:-1]))
    try:
        return os.open(parts[-1], flags, mode, dir_fd=folder)
    finally:
        os.close(folder)


def file_in_the_way(folder: Path | str) -> Path | None:
    """What stands where `folder` or the nearest of its parents that exists should be a folder (a
    file, a FIFO, a link to nothing), or None: the name a message should give for `[Errno 20] Not
    a directory`, which names only the whole path. A link to a folder is a folder on the way
    (`/tmp` on macOS, a linked projects folder): the path goes through it as the system does."""
    folder = Path(folder)
    while not os.path.lexists(folder) and folder != folder.parent:
        folder = folder.parent
    with contextlib.suppress(OSError):
        if not stat.S_ISDIR(os.lstat(folder).st_mode) and not os.path.isdir(folder):
            return folder
    return None


def refusal(exc: OSError, limit: int) -> str:
    """Why `read_regular` gave no bytes, as the end of a sentence that names the file first."""
    if isinstance(exc, FileNotFoundError):
        return "does not exist"
    where = exc.filename if isinstance(exc, NotADirectoryError) else None
    # the blocker by its name only: the caller named the path as it was given
    if where and (blocker := file_in_the_way(Path(where).parent)):
        return f"cannot be read: '{blocker.name}' on its way is a file, not a folder"
    if isinstance(exc, NotRegular):
        return str(exc.strerror)
    if isinstance(exc, TooBig):
        return f"is {exc.size} bytes, over the {limit}-byte limit"
    return f"cannot be read ({exc.strerror or exc})"


def missing_directories(root: Path, relative: str) -> list[Path]:
    """The folders of `root/relative` that do not exist yet, outermost first; links are refused."""
    current, missing = root, []
    for part in [p for p in relative.split("/") if p]:
        if part in (".", ".."):
            raise UnsafePath(f"'{relative}' must stay inside the bank")
        current = current / part
        if missing:
            missing.append(current)
            continue
        try:
            info = os.lstat(current)
        except FileNotFoundError:
            missing.append(current)
            continue
        if stat.S_ISLNK(info.st_mode):
            raise UnsafePath(f"'{current}' is a symbolic link; writes never follow links")
        if not stat.S_ISDIR(info.st_mode):
            raise UnsafePath(f"'{current}' exists and is not a directory")
    return missing


def ensure_directory(root: Path, relative: str) -> Path:
    """Create `root/relative` folder by folder, refusing any component that is a symlink."""
    for directory in missing_directories(root, relative):
        directory.mkdir()
    return root / relative if relative else root


def write_files(root: Path, files: dict[str, str]) -> None:
    """Write each of `files` (bank path to text) under `root`, never through a link; if one fails,
    remove the files this call created and re-raise."""
    created: list[Path] = []
    try:
        for path, text in files.items():
            folder, _, name = path.rpartition("/")
            target = ensure_directory(root, folder) / name
            existed = target.exists()
            write_atomic(target, text.encode("utf-8"))
            if not existed:
                created.append(target)
    except BaseException:
        for target in created:
            with contextlib.suppress(OSError):
                target.unlink()
        raise


def temp_name() -> str:
    """A fresh temporary file name: hidden, and reserved to this writer by its random token."""
    return f".memorybank-{secrets.token_hex(8)}.tmp"


def kept_status(path: Path | str, *, beneath: Path | int | None = None) -> os.stat_result | None:
    """The status of the regular file at `path` a replacement keeps: its permission bits, its owner
    and its group (None: no regular file is there); with `beneath`, `path` is relative to it and
    reached as `open_folder` does.

    A file is replaced by renaming a new one over it, and the new one would otherwise get the
    writer's defaults: a private (0600) document would turn world-readable, a group-writable
    one would lose its group's write, a read-only one would become writable, and a document of a
    shared group, or one root edits for a user, would change hands."""
    try:
        if beneath is None:
            info = os.lstat(path)
        else:
            folder_path, _, name = str(path).rpartition("/")
            folder = open_folder(beneath, folder_path)
            try:
                info = os.stat(name, dir_fd=folder, follow_symlinks=False)
            finally:
                os.close(folder)
    except OSError:
        return None
    return info if stat.S_ISREG(info.st_mode) else None


def _keep_owner(fd: int, kept: os.stat_result) -> None:
    """Give the new file `fd` the owner and group of `kept`, as far as the writer may: only root
    gives a file away, and an ordinary writer may still hand it to a group of its own; where
    neither is allowed the file stays the writer's, as any file it creates. Any refusal counts so,
    not a permission alone: in a user namespace (a rootless container) an owner the namespace does
    not map is refused as an invalid argument, and the edit must still land."""
    made = os.fstat(fd)
    if (made.st_uid, made.st_gid) == (kept.st_uid, kept.st_gid):
        return
    try:
        os.fchown(fd, kept.st_uid, kept.st_gid)
    except OSError:
        with contextlib.suppress(OSError):
            os.fchown(fd, -1, kept.st_gid)


def _folder_of(path: Path | str, beneath: Path | int | None) -> tuple[int, str]:
    """A descriptor of the folder `path` is in (the caller closes it) and its name there: from
    `beneath` one folder at a time as `open_folder` goes, or, without, the folder as named."""
    if beneath is None:
        folder_path, name = os.path.split(path)
        return os.open(folder_path or ".", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC), name
    folder_path, _, name = str(path).rpartition("/")
    return open_folder(beneath, folder_path), name


def stage(
    temp: Path | str,
    data: bytes,
    *,
    beneath: Path | int | None = None,
    like: os.stat_result | None = None,
) -> None:
    """Write `data` to the new file `temp` (never an existing one, never through a link), flushed.

    With `beneath` (a folder, or a descriptor of one), `temp` is relative to it and its folders
    are opened one at a time, none through a link: a folder swapped for a link just before cannot
    carry the file out. With `like` (the `kept_status` of the file it will replace), the file gets
    exactly its permission bits, and its owner and group as far as the writer may; without, the
    writer's defaults.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_LINKS
    opening = 0o600 if like is not None else 0o644  # the writer's alone until its bits are set
    folder, name = _folder_of(temp, beneath)
    try:
        fd = os.open(name, flags, opening, dir_fd=folder)
        try:
            if like is not None:
                _keep_owner(fd, like)  # first: a change of owner may clear bits a mode sets
                os.fchmod(fd, stat.S_IMODE(like.st_mode) & 0o777)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(name, dir_fd=folder)  # the file this call made, in the folder it made it in
            raise
        finally:
            os.close(fd)
    finally:
        os.close(folder)


def write_atomic(
    path: Path | str, data: bytes, *, exclusive: bool = False, beneath: Path | int | None = None
) -> None:
    """Write `data` to `path` atomically; with `exclusive`, fail if `path` already exists. With
    `beneath`, `path` is relative to it and its folder reached as `open_folder` does, and every
    step is taken in that one folder: one swapped for a link midway cannot split the write."""
    folder, name = _folder_of(path, beneath)
    try:
        with contextlib.suppress(FileNotFoundError):
            if stat.S_ISLNK(os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode):
                raise UnsafePath(f"'{path}' is a symbolic link; writes never follow links")
        temp = temp_name()
        stage(temp, data, beneath=folder, like=None if exclusive else kept_status(name, beneath=folder))
        try:
            if exclusive:
                os.link(temp, name, src_dir_fd=folder, dst_dir_fd=folder, follow_symlinks=False)
                os.unlink(temp, dir_fd=folder)
            else:
                os.replace(temp, name, src_dir_fd=folder, dst_dir_fd=folder)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temp, dir_fd=folder)
            raise
        sync_folder(folder)
    finally:
        os.close(folder)


def sync_folder(folder: int) -> None:
    """Flush the entries of the folder `folder` is a descriptor of (a rename is durable only once
    its folder is)."""
    with contextlib.suppress(OSError):
        os.fsync(folder)


def sync_directory(directory: Path) -> None:
    """Flush a folder's entries, by its path."""
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
        try:
            sync_folder(fd)
        finally:
            os.close(fd)
