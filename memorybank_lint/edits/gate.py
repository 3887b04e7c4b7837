"""Where a write may land: normalised bank paths, never outside the bank, never through a link.

Why so strict: a write that escapes the bank, or follows a symlink out of it, puts a file where
the walker never looks, and an index line then points at nothing. Every refusal names the path.
"""

from __future__ import annotations

import os
import re
import stat
import unicodedata
from pathlib import Path

from ..bank import SKIPPED_NAMES
from .checks import checked_text
from .errors import BadValue, Refused

_SKIPPED_FOLDED = frozenset(name.casefold() for name in SKIPPED_NAMES)


def _folded(name: str) -> str:
    return unicodedata.normalize("NFC", name).casefold()


_DRIVE = re.compile(r"^[A-Za-z]:")
MAX_NAME_BYTES = 255  # NAME_MAX on every file system a bank lives on
MAX_DEPTH = 32
MAX_PATH_BYTES = 1024
_PATH_MAX = 4096  # the kernel's limit for a whole absolute path, the temporary file's name included
_TEMP_NAME_BYTES = 32


def _short(text: str) -> str:
    return text if len(text) <= 80 else f"{text[:40]}…{text[-30:]}"


def check_size(root: Path, path: str) -> None:
    """Refuse a path the file system could not hold, before a single folder of it is made."""
    parts = path.split("/")
    if len(parts) > MAX_DEPTH:
        raise BadValue(
            f"'{_short(path)}' is {len(parts) - 1} folders deep; a bank path has at most {MAX_DEPTH - 1}"
        )
    for part in parts:
        size = len(part.encode("utf-8"))
        if size > MAX_NAME_BYTES:
            raise BadValue(
                f"'{_short(part)}': a file or folder name is {size} bytes here, over the "
                f"{MAX_NAME_BYTES}-byte limit of the file system"
            )
    size = len(path.encode("utf-8"))
    whole = len(os.fsencode(root)) + 1 + size + 1 + _TEMP_NAME_BYTES  # the bytes the system is given
    if size > MAX_PATH_BYTES or whole >= _PATH_MAX:
        raise BadValue(
            f"'{_short(path)}' is {size} bytes long; a bank path has at most {MAX_PATH_BYTES} bytes"
        )


_NOT_ON_WINDOWS = '<>:"|?*'  # with the control characters and `\\`, which every path refuses
_DEVICES = frozenset(
    ["con", "prn", "aux", "nul", "conin$", "conout$"]
    + [f"{port}{n}" for port in ("com", "lpt") for n in "0123456789\u00b9\u00b2\u00b3"]
)


def new_name(given: str, path: str) -> None:
    """Refuse a new path (`path`, as `bank_path` read `given`) holding a folder named `~`, or a
    first one such as `~bob`: an agent writing `~/notes.md` means its home, and a folder so named
    in the bank is one `rm -rf ~` away from a disaster. Refuse as well a name Windows cannot hold
    (a `:`, `*`, `"`, `<`, `>`, `|` or `?`; a device name such as `CON.md` or `aux/`, whatever
    follows its first dot; a name ending in a dot or a space, which Windows drops): the bank is
    checked out there too, as two names of one letter case are refused for its sake
    (`check_distinct`). Only for what a write creates: a document the bank already holds there is
    still edited, fixed and recovered like any other."""
    parts = path.split("/")
    if home := next(
        (part for i, part in enumerate(parts) if part == "~" or (i == 0 and part[:1] == "~")), None
    ):
        raise BadValue(
            f"'{given}' has a folder named '{home}', which a shell reads as a home folder (a later "
            "`rm -rf ~` would remove that); pass a bank-relative path"
        )
    if character := next((c for c in path if c in _NOT_ON_WINDOWS), None):
        raise BadValue(f"'{given}' holds '{character}', which Windows does not allow in a name; rename it")
    for part in parts:
        if part.split(".", 1)[0].rstrip(" ").casefold() in _DEVICES:
            raise BadValue(
                f"'{given}' names '{part}', a device name on Windows (CON, NUL, COM1…), which no "
                "file or folder there can have; rename it"
            )
        if part.endswith((".", " ")):
            raise BadValue(
                f"'{given}': '{part}' ends in a {'dot' if part.endswith('.') else 'space'}, which "
                "Windows drops from a name; rename it"
            )


def bank_path(root: Path, given: str) -> str:
    """Normalise a target an agent passes into a bank path, or refuse it.

    Accepted: relative POSIX paths inside the bank, one leading `./`, and a leading
    `<bank folder name>/`; a backslash reads as a folder separator. Refused: empty, absolute,
    drive letters, control characters, `..` segments, hidden names, invisible formatting
    characters (a bidi override or a zero-width space makes a name read as another), folders the
    walk passes over (`SKIPPED_NAMES`: a document there would be written and never seen again), and
    paths the file system could not hold (a name over 255 bytes, more than 31 folders, a path over
    1,024 bytes), so that a refusal never comes from the file system after folders were already
    made. (A new path is held to `new_name` too.)
    """
    text = given.strip()
    if not text:
        raise BadValue("the path is empty; pass a bank-relative path such as domain/model.md")
    checked_text("the path", text)
    text = text.replace("\\", "/")  # a folder separator, as every tool reads a path (`normalize`)
    if text.startswith("/") or _DRIVE.match(text):
        raise BadValue(f"'{given}' must stay inside the bank: pass a bank-relative path")
    text = text.removeprefix("./")
    prefix = root.name + "/"
    if text.startswith(prefix) and not (root / root.name).exists():
        text = text[len(prefix) :]
    parts = text.split("/")
    if any(part == ".." for part in parts):
        raise BadValue(f"'{given}' must stay inside the bank: '..' is not allowed")
    if any(part in ("", ".") for part in parts):
        raise BadValue(f"'{given}' is not a clean path (empty or '.' segment)")
    if any(part.startswith(".") for part in parts):
        raise BadValue(f"'{given}' names a hidden file or folder, which the bank never reads")
    if hidden := next((c for c in text if unicodedata.category(c) == "Cf"), None):
        raise BadValue(
            f"the path holds an invisible formatting character (U+{ord(hidden):04X}), which would make "
            "its name read differently from what it is; remove it"
        )
    if skipped := next((part for part in parts if part.casefold() in _SKIPPED_FOLDED), None):
        raise BadValue(f"'{given}' goes through '{skipped}', a folder the bank never reads")
    path = "/".join(parts)
    check_size(root, path)
    return path


def check_no_links(root: Path, path: str) -> Path:
    """The absolute target, after checking no existing component is a symlink, a file where a
    folder must be, or leaves the bank."""
    current = root
    parts = path.split("/")
    for depth, part in enumerate(parts, start=1):
        current = current / part
        try:
            info = os.lstat(current)
        except FileNotFoundError:
            break
        except OSError as exc:
            raise Refused(f"'{path}' cannot be reached: {exc.strerror or exc}") from exc
        if stat.S_ISLNK(info.st_mode):
            raise Refused(f"'{path}' goes through a symbolic link ({part}); writes never follow links")
        if depth < len(parts) and not stat.S_ISDIR(info.st_mode):
            blocker = "/".join(parts[:depth])
            raise BadValue(f"'{path}' cannot be written: '{blocker}' is a file, not a folder")
    real_root = Path(os.path.realpath(root))
    real_parent = Path(os.path.realpath((root / path).parent))
    if real_parent != real_root and real_root not in real_parent.parents:
        raise Refused(f"'{path}' must stay inside the bank")
    return root / path


def _formed(name: str) -> str:
    """`name` and its Unicode form: two forms of one name print alike, so the form tells them apart
    (where Python's escapes, `caf\\xe9.md`, read as no name at all)."""
    for form, label in (("NFC", "composed"), ("NFD", "decomposed")):
        if unicodedata.normalize(form, name) == name:
            return f"'{name}' ({label})"
    return f"'{name}' (neither composed nor decomposed)"


def check_distinct(root: Path, path: str, leaving: str | None = None) -> None:
    """Refuse a new path one of whose names differs from a name already on disk only by letter
    case or Unicode normalisation (`Pricing.md` beside `pricing.md`, `café` composed or not).

    Why: on macOS and Windows the two are one file or folder, so the write would land on (or
    under) the other, and in an index the two links read the same; `_INBOX/` is the quarantine
    there. Each folder on the way is listed once; a folder that does not exist yet ends the check.
    `leaving` is a file the same write removes: no clash, since the two names are never both in
    the bank (where the file system does not tell them apart, the new path is found taken).
    """
    current = root
    parts = path.split("/")
    folder, _, gone = (leaving or "").rpartition("/")
    beside = leaving is not None and folder == path.rpartition("/")[0]  # its name is the last to check
    for depth, part in enumerate(parts, start=1):
        try:
            names = os.listdir(current)
        except OSError:
            return
        folded = _folded(part)
        kept = (part, gone) if beside and depth == len(parts) else (part,)
        clash = next((name for name in names if name not in kept and _folded(name) == folded), None)
        if clash is not None:
            cased = part.casefold() == clash.casefold()
            ours, theirs = (f"'{part}'", f"'{clash}'") if cased else (_formed(part), _formed(clash))
            raise Refused(
                f"'{path}': {ours} differs from {theirs}, already in the bank, only by letter "
                "case or Unicode form; on macOS and Windows they are the same name"
            )
        current = current / part
