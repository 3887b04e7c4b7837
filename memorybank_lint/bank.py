"""`Bank`: the only filesystem walk, the mtime-incremental refresh, and the cross-document maps.

Why incremental: every MCP call and every lint run starts with a refresh, so the common case
(nothing changed) must cost a walk and a `stat` per file, no reads. The folder of markdown files is
the only state; the optional `ParseCache` only spares a new process re-parsing the files that did
not change since the last run, and can never answer for one that did (`parse_cache`).
"""

from __future__ import annotations

import copy
import errno
import gc
import json
import os
import re
import stat
import time
import unicodedata
import weakref
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from . import document, progress
from .contract import Contract, read_contract
from .document import Document, Edge, Link
from .edits.atomic import TooBig, read_regular, refusal
from .layers import LayerTable, read_layer_table
from .parse_cache import RACY_NS, ParseCache, Stamp, is_settled, stamp_of
from .paths import folders_above, real_path

SKIPPED_NAMES = frozenset({"node_modules", ".git", "dist", ".obsidian"})
BANK_DIR_NAMES = ("memory_bank", "memory-bank")
DEFAULT_MAX_BYTES = 2 * 1024 * 1024


class BankNotFound(Exception):
    """No bank at the given or default location; the message says where it looked."""


class BankRefused(BankNotFound):
    """A bank folder is there and is refused: `memory_bank/` and `memory-bank/` side by side (which
    is meant is not guessed), or a link out of the repository. Never a reason to serve another."""


def find_root(start: Path) -> Path:
    """The bank folder for a run started in `start`.

    A `memory_bank/` or `memory-bank/` child of `start` comes first (the repository root case);
    otherwise the bank folder `start` is or lies in (`enclosing_bank`: a run from inside the
    bank); otherwise such a child of the repository holding `start` (a run from `src/a`).
    Nothing above the repository is searched: a bank of another project is named with --root.
    """
    child = _bank_child(start)
    if child is not None:  # of the bank `start` lies in, when that is a folder of a bank around it
        return _within_repository(start, enclosing_bank(child) or child)
    top = _repository_top(start)
    enclosing = enclosing_bank(start)
    if enclosing is not None:
        return enclosing
    child = _bank_child(top) if top not in (None, start) else None
    if top is not None and child is not None:
        return _within_repository(top, child)
    where = f"{start} or at the top of its repository {top}" if top not in (None, start) else str(start)
    raise BankNotFound(f"no memory_bank/ or memory-bank/ folder in {where}; pass --root DIR")


def enclosing_bank(folder: Path) -> Path | None:
    """The bank folder `folder` is or lies in: a folder named `memory_bank/` or `memory-bank/` at
    or above it, within its repository (the top included) when it is in one, that holds no
    seeded bank of its own. Of several, the outermost that holds the governance folder `dna/` (a
    seeded bank); when none does, the repository's top when it is so named and holds no bank
    folder of that name right in it, else the outermost below the top, and outside any
    repository the nearest.

    Why the outermost: a bank may hold a folder of that name (the documents of a feature about
    the bank itself), which is one of its folders: a run over the whole bank judges its documents
    by the bank's contract, and taken for a bank of its own they were judged by none (a hook over
    the staged files passed what CI failed). Why seeded first, and never a folder holding a
    seeded bank: a package or a clone named `memory-bank` that holds the bank is no bank itself.
    Why not above the repository: a folder so named there is another project's.
    """
    top = _repository_top(folder)
    named = [
        d
        for d in (folder, *folder.parents)
        if d.name in BANK_DIR_NAMES
        and (top is None or d == top or top in d.parents)
        and not any(os.path.isdir(d / name / "dna") for name in BANK_DIR_NAMES)
    ]  # os.path.isdir: a folder that cannot be entered is no bank here, and raises nothing
    seeded = [d for d in named if os.path.isdir(d / "dna")]
    if seeded:
        return seeded[-1]
    if top is None:
        return named[0] if named else None
    if top in named and not any(d.parent == top for d in named):
        return top  # a repository that is the bank; a bank folder right in it would be a clone's
    below_top = [d for d in named if top in d.parents]
    return below_top[-1] if below_top else None


def _bank_child(folder: Path) -> Path | None:
    """`folder`'s `memory_bank/` or `memory-bank/`; both present is a question only --root answers."""
    found = [folder / name for name in BANK_DIR_NAMES if (folder / name).is_dir()]
    if len(found) > 1:
        raise BankRefused(f"both memory_bank/ and memory-bank/ exist in {folder}; pass --root DIR")
    return found[0] if found else None


def _repository_top(start: Path) -> Path | None:
    """The nearest folder at or above `start` holding a `.git` (a folder, or a worktree's file)."""
    return next((d for d in (start, *start.parents) if os.path.lexists(d / ".git")), None)


def _within_repository(start: Path, bank: Path) -> Path:
    """`bank`, unless it is a link that leads out of the repository holding `start` (`start`
    itself outside a repository).

    Why: a cloned repository can commit `memory_bank` as a link to a folder of yours elsewhere,
    and the fixes, the governed writes and `bank_changed` would then act on that folder. A
    configured `root` is held to the same boundary; a folder elsewhere is named with `--root`.
    """
    top = _repository_top(start) or start
    boundary, target = real_path(top), real_path(bank)
    if target != boundary and boundary not in target.parents:
        raise BankRefused(
            f"{bank.name}/ in {start} is a link that leads outside the repository {boundary} "
            f"(to {target}); name a bank elsewhere with --root DIR"
        )
    return bank


def refuse_git_folder(root: Path, what: str = "bank root", whose: str = "the bank's files") -> None:
    """Refuse a bank root (or another folder the tools write in, `what`) that is or lies in a
    folder named `.git` (in any letter case: on macOS and Windows `.GIT` is the same folder), as
    written or with its links resolved.

    Why: that is git's own folder. No commit carries what is written there, and the starter
    bank's files or a document named like one of git's (`config`, `HEAD`) would damage the
    repository; a cache folder among `refs/` reads to git as broken refs. Other hidden folders
    (`.github/bank`) are banks like any: the root is named explicitly, and the bank's own paths
    start with no dot.
    """
    given = Path(os.path.abspath(root))
    for path in (given, real_path(root)):
        for depth, part in enumerate(path.parts, start=1):
            if part.casefold() == ".git":
                git = Path(*path.parts[:depth])
                shown = printable(str(git))
                where = "is" if git == given else f"leads to {shown}," if git == path else f"lies in {shown},"
                raise BankRefused(
                    f"{what} {printable(str(given))} {where} git's own folder: nothing written "
                    f"there is committed, and {whose} could damage the repository; name a "
                    "folder of the working tree"
                )


@dataclass
class RefreshResult:
    added: int = 0
    changed: int = 0
    removed: int = 0
    duration_ms: float = 0.0


@dataclass
class IndexLink:
    """A link from an index document, with where it lands in this bank (None when nowhere)."""

    source: str
    link: Link
    lands: str | None


# U+2028/9 end a line for many readers; Unicode's bidirectional controls (the overrides,
# embeddings and isolates, and the marks U+061C, U+200E, U+200F) reorder what a line shows (a name
# ending `\u202egnp.md` reads as one ending `.png`, and a mark makes two names look alike); a lone
# surrogate is how the file system hands over a byte of a name that is not UTF-8, and no UTF-8
# output can hold it; the invisible format characters (a zero-width space or joiner, a word
# joiner, a byte order mark, a soft hyphen, the tag characters) print as nothing at all, so
# `z<U+200B>w.md` would print as `zw.md`; so do the rarer blanks of `_BLANK`
_BLANK = (  # the combining grapheme joiner, the Hangul fillers, the Khmer inherent vowels, the
    # deprecated format characters (U+206A-F), the interlinear annotation marks, the shorthand
    # format controls and the musical symbol format characters
    "\u034f\u115f\u1160\u17b4\u17b5\u206a-\u206f\u3164\uffa0\ufff9-\ufffb"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
)
_INVISIBLE = "\u00ad\u180e\u200b-\u200d\u2060-\u2064\ufeff\U000e0000-\U000e007f" + _BLANK
_BEYOND_C0 = (  # json.dumps escapes the C0 controls itself, and none of these
    "\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff" + _INVISIBLE
)
_CONTROL = re.compile(f"[\x00-\x1f{_BEYOND_C0}]")
_RAW_IN_JSON = re.compile(f"[{_BEYOND_C0}]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
_ESCAPED = re.compile(r"\\(?:x([0-9a-f]{2})|u([0-9a-f]{4})|U([0-9a-f]{8})|([\\nrt]))")
_UNNAMED = {"\\": "\\", "n": "\n", "r": "\r", "t": "\t"}


# Of those, the ones that print as nothing wherever they stand: the joiners (U+200C, U+200D) and
# the tag characters also spell Persian and Indic words and emoji sequences (a family, a flag)
_ONLY_INVISIBLE = "\u00ad\u180e\u200b\u2060-\u2064\ufeff" + _BLANK
_PRINTS_AS_NOTHING = re.compile(f"[{_ONLY_INVISIBLE}]")
_HIDDEN = re.compile(f"[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069{_ONLY_INVISIBLE}]")


def without_hidden(text: str) -> str:
    """`text` less the characters that reorder what follows them (bidirectional controls) or
    print as nothing wherever they stand (`invisible_character`'s). The joiners and tag characters
    spell words and emoji sequences, and other format characters (U+0600, an Arabic number sign)
    are visible text: they stay."""
    return _HIDDEN.sub("", text)


def invisible_character(text: str) -> str | None:
    """The first character of `text` that prints as nothing wherever it stands (a zero-width space,
    a word joiner, a byte order mark, a soft hyphen), or None: a title or purpose holding one reads
    as another. The joiners and tag characters are left to text: `کتاب\u200cها` and an emoji
    sequence need them (a file name may hold none of them)."""
    found = _PRINTS_AS_NOTHING.search(text)
    return found[0] if found else None


def never_read(relative: str, absolute: Path) -> str | None:
    """Why a path inside the bank names nothing the bank reads as a document, or None: a run over
    it must not answer "No findings." as if it had been checked, nor a read tool refuse it as if
    nothing were there. `absolute` is read through links: the caller rules them out first."""
    *folders, name = relative.split("/")
    if any(part.startswith(".") or part in SKIPPED_NAMES for part in folders):
        return "is in a folder the bank never reads (hidden, or one of dist, node_modules, .obsidian)"
    if absolute.is_dir():
        if name.startswith(".") or name in SKIPPED_NAMES:
            return "is a folder the bank never reads (hidden, or one of dist, node_modules, .obsidian)"
        return None
    if not absolute.is_file():
        return "is not a regular file (a FIFO, a socket, a device)"
    if name.startswith("."):
        return "is a hidden file, which the bank never reads"
    if not name.endswith(".md"):
        return "is not a markdown document"
    return None


def visible(text: str) -> str:
    """`text` with each control character (and bidirectional control) written as an escape
    (`\\n`, `\\x1b`, `\\u0085`, `\\u202e`), and each byte that is not UTF-8 as `\\xNN`.

    Why: the human outputs are read line by line (problem matchers, `grep`, a terminal), so a line
    break in a file name or a header value would forge a line of its own, and an escape sequence
    would drive the reader's terminal. Below 0x80 `\\xNN` is a control character, from 0x80 on a
    byte: U+0085 is `\\u0085`, so it never reads as the byte 0x85 of a name.
    """
    if _CONTROL.search(text) is None:
        return text
    return _CONTROL.sub(lambda found: _NAMED.get(found[0], _escape(found[0])), text)


def _escape(character: str) -> str:
    code = ord(character)
    if 0xDC80 <= code <= 0xDCFF:  # the byte `code - 0xDC00` of a name, as surrogateescape holds it
        return f"\\x{code - 0xDC00:02x}"
    if code > 0xFFFF:  # a tag character: eight digits, so it never reads as four and a letter
        return f"\\U{code:08x}"
    return f"\\x{code:02x}" if code < 0x80 else f"\\u{code:04x}"


# A CI runner's older command form, read anywhere in a line of a job's log: GitHub's runner still
# acts on `##[error]…`, `##[add-mask]…`, `##[stop-commands]…`, Azure Pipelines' agent on `##vso[…]`
# (`##teamcity[…]` is TeamCity's service message): `##`, letters or none, then `[`
_CI_COMMAND = re.compile(r"(?<=#)#(?=[a-z]*\[)", re.IGNORECASE)
_CI_COMMAND_IN_JSON = re.compile(r"##([a-z]*)\[", re.IGNORECASE)


def inert(text: str) -> str:
    """`text` with each `##[`, `##vso[` or `##teamcity[` written `#\\x23[`, `#\\x23vso[`,
    `#\\x23teamcity[`, so no line of it is a command to a CI runner.

    Why: GitHub's runner reads `##[command]data` anywhere in a line of a step's log (the form
    before `::`), and its registered commands include `stop-commands` (every later annotation and
    output of the step ignored), `add-mask` and `set-output`; Azure Pipelines reads `##vso[…]`
    the same way, TeamCity `##teamcity[…]`. A document's header value quoted by a finding, or a
    file's name, would speak to the runner from a pull request. The escape is `visible`'s own
    `\\xNN`, so a reader still sees where the `#` stood. The `::` form needs a line to start
    with it, which only a path can do (the text format writes such a path `./::…`).
    """
    return _CI_COMMAND.sub(r"\\x23", text)


def json_text(value: object) -> str:
    """`value` as indented JSON for a person to read (a terminal, a log, a file in a diff): text
    kept as written (`é`, `«»`), but each character `visible` escapes (a C1 control such as U+009B,
    DEL, a bidirectional control, an invisible format character, a lone surrogate) written as
    JSON's own `\\uXXXX` escape, so the value read back is unchanged.

    Why: `ensure_ascii=False` writes those raw, C0 controls aside; the JSON stays valid, but a
    terminal showing it is driven by an 8-bit CSI, and an override reorders what it shows. A `[`
    after `##` and letters or none (`##[`, `##vso[`) is written `\\u005b` too: printed in a CI
    job's log, the line would be a command to the runner (`inert`). Every JSON output of the
    command lines goes through here; what the MCP server answers does not.
    """
    text = _RAW_IN_JSON.sub(_json_escape, json.dumps(value, indent=2, ensure_ascii=False))
    # `#` is never JSON's own mark, so a `##[` stands inside a string, where `\\u005b` reads as `[`
    return _CI_COMMAND_IN_JSON.sub(r"##\1\\u005b", text)


def _json_escape(found: re.Match[str]) -> str:
    code = ord(found[0])
    if code > 0xFFFF:  # a tag character: JSON writes it as its UTF-16 surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def printable(path: str) -> str:
    """`path` as text every output can carry, one line of it, that no other name prints as: a
    backslash is doubled, then a byte that is not UTF-8 becomes `\\xNN` and a control character
    its escape (`visible`).

    Why: the file system hands such bytes over as lone surrogates, which no UTF-8 stream, JSON
    answer or SARIF log can encode, so one oddly named file would stop every report of the bank.
    And a name typed as `lit\\xfe.md` would otherwise print as the one holding the byte 0xFE:
    the two documents would be one in the bank and their findings could not be told apart.
    `real_name` reads the name back.
    """
    return visible(path.replace("\\", "\\\\"))


def real_name(shown: str) -> str:
    """The name `printable` shows as `shown`, as the file system hands it over (a byte that is
    not UTF-8 as its lone surrogate, which `os.fsencode` turns back into the byte).

    Why: what must name the file itself, not show it (a SARIF artifact's URI, a path joined to
    the bank's folder), is built from the name, and never from the escapes a reader is shown.
    """
    if "\\" not in shown:
        return shown

    def one(found: re.Match[str]) -> str:
        byte, code, wide, named = found.groups()
        if byte is not None:
            value = int(byte, 16)
            return chr(value) if value < 0x80 else chr(0xDC00 + value)
        code = code if code is not None else wide
        return chr(int(code, 16)) if code is not None else _UNNAMED[named]

    return _ESCAPED.sub(one, shown)


def _name_problem(path: str) -> str | None:
    """Why a document cannot be read under the name the file system gives it, if it cannot."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return "the path is not valid UTF-8"
    found = _CONTROL.search(path)
    if found and re.fullmatch(f"[{_INVISIBLE}]", found[0]):
        return f"the path holds an invisible character ({_escape(found[0])}), so it prints like another name"
    if found:
        return "the path holds a control character (a line break, a tab, an escape)"
    if "\\" in path:  # printed doubled, so the bank's key for it could not open it
        return "the path holds a backslash, which Windows reads as a folder separator"
    return None


def walk(root: Path, unread: list[tuple[str, str]] | None = None) -> Iterator[tuple[str, os.stat_result]]:
    """Yield `(bank path, lstat)` for every markdown document, in directory-listing order.

    The order is the file system's; `Bank` sorts its documents by code point. Hidden entries and
    `node_modules`, `.git`, `dist`, `.obsidian` are skipped; symlinks are never followed (neither
    as files nor as directories). A directory that cannot be listed, or listed but not entered, is
    skipped and, when `unread` is given, added to it as `(bank path, reason)` (`.` for the root): a
    folder the run could not see must be said, not pass for one without documents.

    Each folder is listed through a descriptor opened relative to its parent's, without following
    a link: a folder swapped for a link between its listing as a folder and its own listing is
    passed over like any link, never listed. A parent's descriptor stays open until the last of
    its subfolders is opened, so the walk holds about one per level, not one per folder.
    """
    try:
        top = os.open(root, _FOLDER)
    except OSError as exc:
        if unread is not None:
            unread.append((".", exc.strerror or str(exc)))
        return
    stack: list[tuple[_Held, str, str]] = []  # (parent, name, bank path with a final "/")
    held: _Held | None = _Held(top)
    prefix = ""
    try:
        while True:
            if held is not None:
                yield from _listed(held, prefix, stack, unread)
            if not stack:
                break
            parent, name, prefix = stack.pop()
            try:
                held = _Held(os.open(name, _FOLDER | os.O_NOFOLLOW, dir_fd=parent.fd))
            except OSError as exc:
                held = None
                if unread is not None and not _a_link(parent.fd, name, exc):
                    unread.append((prefix.rstrip("/"), exc.strerror or str(exc)))
            finally:
                parent.release()
    finally:
        for parent, _, _ in stack:
            parent.release()


_FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC


def _a_link(parent: int, name: str, exc: OSError) -> bool:
    """Whether `exc`, opening `name` as a folder without following a link, met a link (Linux says
    "Not a directory" for one): passed over like any link, where another failure is reported."""
    if exc.errno == errno.ELOOP:
        return True
    try:
        return exc.errno == errno.ENOTDIR and stat.S_ISLNK(
            os.stat(name, dir_fd=parent, follow_symlinks=False).st_mode
        )
    except OSError:
        return False


class _Held:
    """A folder's descriptor, closed once the walk no longer needs it: after its own listing and
    the opening of each subfolder it pushed (`users` counts them)."""

    __slots__ = ("fd", "users")

    def __init__(self, fd: int) -> None:
        self.fd, self.users = fd, 1

    def release(self) -> None:
        self.users -= 1
        if self.users == 0:
            os.close(self.fd)


def _listed(
    held: _Held, prefix: str, stack: list[tuple[_Held, str, str]], unread: list[tuple[str, str]] | None
) -> Iterator[tuple[str, os.stat_result]]:
    """The documents directly in the folder `held`, its subfolders pushed onto `stack`.

    A folder that can be listed but not entered (read permission without search, mode 644) names
    its entries, yet none of them can be looked at: it goes into `unread` like a folder that
    cannot be listed, never passes for one without documents. An entry gone since the listing is
    simply passed over.
    """
    folder = prefix.rstrip("/") or "."
    try:
        try:
            with os.scandir(held.fd) as it:
                entries = list(it)
        except OSError as exc:
            if unread is not None:
                unread.append((folder, exc.strerror or str(exc)))
            return
        said = False
        for entry in entries:
            name = entry.name
            if name.startswith(".") or name in SKIPPED_NAMES:
                continue
            try:
                if entry.is_dir(follow_symlinks=False):
                    held.users += 1
                    stack.append((held, name, f"{prefix}{name}/"))
                elif name.endswith(".md") and entry.is_file(follow_symlinks=False):
                    yield f"{prefix}{name}", entry.stat(follow_symlinks=False)
            except OSError as exc:
                if exc.errno != errno.ENOENT and unread is not None and not said:
                    unread.append((folder, exc.strerror or str(exc)))
                    said = True
    finally:
        held.release()


T = TypeVar("T")


class PerRevision(Generic[T]):
    """A value derived from a bank, built on first use and kept until its documents change
    (`Bank.revision` moves): the lookups a run makes once per finding build it once per state."""

    def __init__(self, build: Callable[[Bank], T]) -> None:
        self._build = build
        self._kept: weakref.WeakKeyDictionary[Bank, tuple[int, T]] = weakref.WeakKeyDictionary()

    def __call__(self, bank: Bank) -> T:
        found = self._kept.get(bank)
        if found is None or found[0] != bank.revision:
            found = self._kept[bank] = (bank.revision, self._build(bank))
        return found[1]


class Bank:
    """A memory bank on disk, kept in step with it by `refresh()`."""

    def __init__(
        self,
        root: Path | str,
        *,
        max_bytes: int = DEFAULT_MAX_BYTES,
        index_files: tuple[str, ...] = document.INDEX_NAMES,
        cache: Path | None = None,
    ) -> None:
        self.root = real_path(root)
        self.name = self.root.name
        self.max_bytes = max_bytes
        self.index_files = tuple(index_files)  # the file names that make a document an index
        self.cache = None
        if cache is not None:
            self.cache = ParseCache(cache, self.root, self.name, max_bytes, self.index_files)
        self.docs: dict[str, Document] = {}
        self._stamps: dict[str, Stamp] = {}
        self._read_at: dict[str, int] = {}  # when each stamp was taken (`settled_stamp`)
        # documents the system refused to read (out of descriptors, an I/O error): a reason of the
        # moment, not of the file, so no cache keeps them (`stamp`) and the next process reads them again
        self._refused: set[str] = set()
        self.contract: Contract | None = None
        self.layers = LayerTable()
        self.owners: dict[str, list[str]] = {}
        self.incoming: dict[str, list[str]] = {}
        self.index_links: list[IndexLink] = []
        self._names: dict[str, list[str]] = {}
        self._folders: tuple[tuple[int, int, int], set[str]] | None = None
        self._composed: tuple[tuple[int, int, int], dict[str, str]] | None = None
        self._loaded = False
        self.revision = 0  # moves whenever `docs` changes; code that edits `docs` by hand moves it too
        self.unread: list[tuple[str, str]] = []  # folders the last refresh could not list, and why

    # -- reading the disk ------------------------------------------------------------------
    def _load(self, path: str, stat: os.stat_result) -> Document:
        mtime = stat.st_mtime_ns / 1e6
        problem = _name_problem(path)
        if problem is not None:
            return document.unreadable(
                printable(path), f"{problem}; rename it", mtime=mtime, size=stat.st_size
            )
        size = stat.st_size
        try:
            if size > self.max_bytes:
                raise TooBig(size)
            # Opened again, folder by folder from the root, without following a link and without
            # blocking: the walk saw a regular file, but a FIFO or a link could have taken its
            # name, or a link the name of one of its folders, since.
            raw = read_regular(path, self.max_bytes, beneath=self.root)
        except OSError as exc:
            if not isinstance(exc, TooBig):  # its size, unlike an error of the moment, is in its stamp
                self._refused.add(printable(path))
            message = f"file {refusal(exc, self.max_bytes)}; not parsed"
            return document.unreadable(
                path, message, mtime=mtime, size=exc.size if isinstance(exc, TooBig) else 0
            )
        if b"\x00" in raw[:8192]:
            return document.unreadable(
                path, "binary file (contains NUL bytes); not parsed", mtime=mtime, size=len(raw)
            )
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            return document.unreadable(
                path,
                f"not valid UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start}); not parsed",
                mtime=mtime,
                size=len(raw),
            )
        return document.parse(
            path, text, bank_name=self.name, mtime=mtime, size=len(raw), index_names=self.index_files
        )

    def refresh(self) -> RefreshResult:
        """Bring the documents in step with the disk; rebuild the maps only if anything moved."""
        started = time.perf_counter()
        result = RefreshResult()
        seen: set[str] = set()
        collecting = gc.isenabled()
        gc.disable()  # a cold load allocates many long-lived objects; collections would only rescan them
        try:
            self._scan(seen, result)
            for path in [p for p in self.docs if p not in seen]:
                del self.docs[path]
                del self._stamps[path]
                del self._read_at[path]
                self._refused.discard(path)
                result.removed += 1
            if result.added or result.changed or result.removed or not self._loaded:
                if result.added:
                    self.docs = dict(sorted(self.docs.items()))
                self._rebuild()
                self._loaded = True
        finally:
            if result.added or result.changed or result.removed:
                self.revision += 1
            if collecting:
                gc.enable()
        result.duration_ms = (time.perf_counter() - started) * 1000
        return result

    def _scan(self, seen: set[str], result: RefreshResult) -> None:
        stamps, docs, cache, refused = self._stamps, self.docs, self.cache, self._refused
        read_at, now = self._read_at, time.time_ns()
        unread: list[tuple[str, str]] = []
        with progress.task("indexing") as tick:
            for name, stat in walk(self.root, unread):
                path = printable(name)  # the key every answer shows; `name` opens the file
                seen.add(path)
                stamp = stamp_of(stat)
                retried, unchanged = None, stamps.get(path) == stamp
                if unchanged and (path not in refused or (retried := self._retried(name, stat)) is None):
                    continue
                if path in docs:
                    result.changed += 1
                else:
                    result.added += 1
                if retried is None:
                    refused.discard(path)
                    cached = cache.lookup(path, stamp) if cache is not None and path == name else None
                    retried = cached or self._load(name, stat)
                docs[path] = retried
                stamps[path] = stamp
                read_at[path] = now
                if not len(seen) & 255:
                    tick(len(seen))
        self.unread = [(printable(folder), reason) for folder, reason in unread]

    def _retried(self, name: str, stat: os.stat_result) -> Document | None:
        """A document the system refused to read, its file unchanged, read again; None when it is
        refused the same way. Why try: the reason was of the moment (out of descriptors, an I/O
        error), and a long-running server reported the document unreadable until the file
        changed. Why None: a refusal that lasts (a file of another user) must not count as a
        change, rebuilding the bank on every refresh."""
        path = printable(name)
        self._refused.discard(path)
        again = self._load(name, stat)  # refused again, it is marked again
        return None if again.read_error == self.docs[path].read_error else again

    def save_cache(self) -> bool:
        """Store the parse of every settled document for the next process; True when written."""
        if self.cache is None:
            return False
        settled = time.time_ns() - RACY_NS
        stamps = {path: stamp for path in self._stamps if (stamp := self.settled_stamp(path, settled))}
        return self.cache.save(self.docs, stamps)

    def as_written(self, written: dict[str, str], removed: Iterable[str] = ()) -> Bank:
        """A copy in memory with `written` (path → text) in place and `removed` gone, the disk
        untouched: what a write would leave, judged before it is made, or the bank a commit leaves.

        The documents are copied, since relinking them (`registered_in`, `layer`) edits them. A
        `Bank` never refreshed stands for a bank not written yet (`bank_init`).
        """
        trial = copy.copy(self)
        docs = {path: copy.copy(doc) for path, doc in self.docs.items()}
        for path, text in written.items():
            docs[path] = document.parse(
                path, text, bank_name=self.name, size=len(text.encode("utf-8")), index_names=self.index_files
            )
        for path in removed:
            docs.pop(path, None)
        trial.docs = dict(sorted(docs.items()))
        trial.revision = self.revision + 1
        trial._rebuild()
        return trial

    # -- derived maps ----------------------------------------------------------------------
    def _rebuild(self) -> None:
        dna_paths = [p for p in self.docs if p.startswith("dna/")]
        dna = [(p, self.docs[p].text) for p in dna_paths if self.docs[p].read_error is None]
        self.contract = read_contract(dna, self.docs.keys(), sources=dna_paths)
        self.layers = read_layer_table(dna)
        self.owners, self.incoming, self._names = {}, {}, {}
        self.index_links = []
        for path, doc in self.docs.items():
            doc.layer = self.layers.layer_of(path)
            doc.registered_in = []
            self._names.setdefault(doc.name, []).append(path)
            for key in doc.canonical_for:
                self.owners.setdefault(key, []).append(path)
            for edge in doc.derived_from:
                if edge.target.resolved:
                    self.incoming.setdefault(self.edge_target(edge) or edge.target.resolved, []).append(path)
        for path, doc in self.docs.items():
            for link in doc.links:
                lands = self._link_lands(link)
                self.index_links.append(IndexLink(path, link, lands))
                if lands and lands != path and path not in self.docs[lands].registered_in:
                    self.docs[lands].registered_in.append(path)

    def _link_lands(self, link: Link) -> str | None:
        resolved = link.target.resolved
        if resolved is None:
            return None
        if not link.directory:
            return resolved if resolved in self.docs else None
        return self.directory_index(resolved)

    def directory_index(self, directory: str) -> str | None:
        """The document a link to a folder (`FT-001/`) lands on: its index, by the bank's names
        first, then `README.md`, then `index.md`; None when the folder has none of them."""
        prefix = "" if directory == "." else directory + "/"
        for name in dict.fromkeys((*self.index_files, "README.md", "index.md")):
            if prefix + name in self.docs:
                return prefix + name
        return None

    # -- lookups -----------------------------------------------------------------------------
    def edge_target(self, edge: Edge) -> str | None:
        """The document an edge lands on: as written (`x.md#part` is `x.md`; `c#-style.md`, when
        `c` is none, the file of that name), else from the repository root; or None."""
        return edge.target.landing(self.docs)

    def directory_has_docs(self, resolved: str) -> bool:
        """Whether a document lives under the folder `resolved` (`.` is the bank), at any depth.

        Why a set of folders: an index of thousands of folder links that register nothing was
        checked with a look at every document per link, links × documents on every run.
        """
        if resolved == ".":
            return bool(self.docs)
        key = (self.revision, id(self.docs), len(self.docs))
        if self._folders is None or self._folders[0] != key:
            folders: set[str] = set()
            for path in self.docs:
                for folder in folders_above(path):
                    if folder in folders:
                        break  # and every folder above it
                    folders.add(folder)
            self._folders = (key, folders)
        return resolved in self._folders[1]

    def spelled_otherwise(self, path: str) -> str | None:
        """The document whose path reads as `path` but is stored in the other Unicode
        normalisation (`café.md` composed, the file decomposed), or None. Why: on Linux, and on
        the forge that serves the bank, the two names are different files, so a link between them
        is broken, yet "does not exist" names a file the user can see. One map per bank state."""
        if path.isascii():
            return None
        key = (self.revision, id(self.docs), len(self.docs))
        if self._composed is None or self._composed[0] != key:
            composed = {unicodedata.normalize("NFC", p): p for p in self.docs if not p.isascii()}
            self._composed = (key, composed)
        found = self._composed[1].get(unicodedata.normalize("NFC", path))
        return found if found != path else None

    def by_name(self, name: str) -> list[str]:
        """Bank paths of every document with this file name."""
        return self._names.get(name, [])

    def get(self, path: str) -> Document | None:
        return self.docs.get(path)

    def stamp(self, path: str) -> Stamp | None:
        """The `lstat` stamp the document at `path` was read under: what caches are keyed on; None
        for a document the system refused to read, which no cache may keep."""
        return None if path in self._refused else self._stamps.get(path)

    def settled_stamp(self, path: str, settled: int) -> Stamp | None:
        """The stamp of `path` when a cache may keep it: modified before `settled` and changed a
        clock tick before it was read (`parse_cache.is_settled`); None otherwise."""
        stamp = self.stamp(path)
        return stamp if stamp is not None and is_settled(stamp, settled, self._read_at[path]) else None
