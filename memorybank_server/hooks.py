"""`mcp-memorybank-hook`: the end-of-session Stop hook that asks the agent to capture durable facts.

Why it exists: what a session learns (a decision, a constraint, a gotcha) is lost when the chat ends
unless someone writes it down, and the agent is the one who knows it. The hook asks the agent to
file such facts as quarantined `_inbox/` notes; a person promotes or discards them later.

Why a fingerprint and a cooldown: the client fires Stop at the end of every turn, not once per
session. A one-shot "already asked" marker would speak on the first turn that dirtied the tree,
the least informed one, and never again. So the marker stores when the hook last spoke and a
fingerprint of the working tree (the porcelain status plus a hash of each dirty file's content);
the hook speaks again only when the work has changed since then and the cooldown has passed.

Why so quiet: anything the hook prints is injected into the conversation, and a traceback or a
non-zero exit would break the user's session. Every failure, and every case with nothing worth
asking, prints nothing and exits 0. `stop_hook_active` marks the re-entry caused by our own
block, so it is always silent: that is what makes blocking safe. Pure standard library plus this
project (never `mcp`), so it runs wherever the package is installed, without `jq`.

Why it asks the server's `surface.decide`: the request names `bank_create`, so it is made only
where the server lists that tool. A project switched off (a `.memorybank-off` marker, or under an
`--off PATH` the hook is given as the server is) or whose bank folder holds no document yet (the
server offers only `bank_init`) gets nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from memorybank_lint import config, git
from memorybank_lint.bank import BankNotFound, find_root, refuse_git_folder
from memorybank_lint.edits.atomic import TooBig, read_regular, write_atomic
from memorybank_lint.environment import number
from memorybank_lint.paths import real_path
from memorybank_lint.sections import INBOX_NOT_NOTES
from memorybank_lint.user_state import state_dir

from . import surface

USAGE = (
    "usage: mcp-memorybank-hook [--off PATH]...  (reads the client's Stop-hook JSON on stdin)\n"
    "Register it as a Stop hook in .claude/settings.json; see docs/hook.md. --off PATH: stay\n"
    "silent when the bank lies under PATH, as the server's --off (repeatable)."
)
LARGE_FILE_BYTES = 8 * 1024 * 1024  # past this a dirty file counts by size and mtime, not content
CONTENT_BYTES = 64 * 1024 * 1024  # read in all per Stop event; past it, files count as large ones do
SAFE_SESSION = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,99}")

CAPTURE = (
    "Before you finish: did this session produce a durable fact worth keeping for the next person "
    "or agent? That means an accepted decision, a constraint you discovered, a gotcha that cost real "
    "time, or a contract that changed. If so, record each one with bank_create and inbox: true: one "
    "note per fact, a one-line purpose that says when someone should read it, and derivedFrom "
    "pointing at the bank document that owns the topic (bank_route finds it). Write down only what "
    "cannot be re-derived from the code. If nothing durable came up, say nothing about it and "
    "finish. Never promote or move a note out of _inbox/ yourself; a person reviews the inbox."
)
REMINDER = (
    "Also tell the user plainly that {waiting} quarantined note(s) are waiting in the bank's "
    "_inbox/{stale_part}, and suggest running the review-inbox prompt. Do not review, promote or "
    "discard any of them unless the user asks."
)


def find_bank(cwd: Path) -> Path | None:
    """The bank the linter and server would use for `cwd`: the configured root, else a probe; None
    where the server would not start (a broken configuration, a root in `.git`), so the hook never
    asks for a tool that is not there."""
    try:
        configured = config.load(cwd).root
        if configured is not None:
            refuse_git_folder(configured)
    except (config.ConfigError, BankNotFound):
        return None
    if configured is not None:
        return configured if configured.is_dir() else None
    try:
        return find_root(cwd)
    except BankNotFound:
        return None


def fingerprint(top: Path, porcelain: str) -> str:
    """12 hex chars over the `status --porcelain -z` output and the content of each dirty file
    (its size and mtime instead, past `LARGE_FILE_BYTES` or once `CONTENT_BYTES` are read).

    A dirty link counts by where it points, not by what it points at, and every read is of a
    regular file that cannot block: the tree is the repository's, and any name in it may be a
    link out of it, or turn into a FIFO between two looks.
    """
    digest = hashlib.sha256(porcelain.encode("utf-8", "surrogateescape"))
    budget = CONTENT_BYTES  # gigabytes of untracked files must not outlast the client's hook timeout
    entries = iter(porcelain.split("\0"))
    for entry in entries:
        if len(entry) < 4:
            continue
        if "R" in entry[:2] or "C" in entry[:2]:
            next(entries, None)  # a rename or copy is followed by its source path
        name = entry[3:].encode("utf-8", "surrogateescape")
        path = top / entry[3:]
        try:
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):
                content = b"link:" + os.fsencode(os.readlink(path))
            elif stat.S_ISREG(info.st_mode):
                try:
                    if info.st_size > budget:
                        raise TooBig(info.st_size)
                    data = read_regular(path, LARGE_FILE_BYTES)
                    budget -= len(data)
                    content = hashlib.sha256(data).digest()
                except TooBig as big:
                    content = f"{big.size}:{info.st_mtime_ns}".encode()
            else:
                continue
        except OSError:
            continue
        digest.update(b"\0" + name + b"\0" + content)
    return digest.hexdigest()[:12]


def marker_name(session_id: str, cwd: Path) -> str:
    """One marker per session; a hash of the directory when the client sends no session id."""
    if SAFE_SESSION.fullmatch(session_id):
        return f"session-{session_id}"
    if session_id:
        return f"session-{hashlib.sha256(session_id.encode()).hexdigest()[:16]}"
    return f"cwd-{hashlib.sha256(str(cwd).encode('utf-8', 'surrogateescape')).hexdigest()[:16]}"


def _read_marker(path: Path) -> tuple[float, str] | None:
    try:
        stamp, stored = path.read_text(encoding="utf-8").split()
        return float(stamp), stored
    except (OSError, ValueError):
        return None  # absent or malformed: as if never asked


def inbox_counts(bank: Path, stale_days: float, now: float) -> tuple[int, int]:
    """(waiting, stale): `*.md` notes directly in `_inbox/`, and those untouched for `stale_days`."""
    try:  # opened without following a link, as the server lists it: an `_inbox` link counts nothing
        folder = os.open(bank / "_inbox", os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return 0, 0
    try:
        return _counted(list(os.scandir(folder)), stale_days, now)
    except OSError:
        return 0, 0
    finally:
        os.close(folder)  # the entries' stat goes through it


def _counted(entries: list[os.DirEntry[str]], stale_days: float, now: float) -> tuple[int, int]:
    waiting = stale = 0
    for entry in entries:
        name = entry.name
        if not name.endswith(".md") or name in INBOX_NOT_NOTES or name.startswith("."):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            age = now - entry.stat(follow_symlinks=False).st_mtime
        except OSError:
            continue
        waiting += 1
        if age > stale_days * 86400:
            stale += 1
    return waiting, stale


def message(bank: Path, env: Mapping[str, str], now: float) -> str:
    """The capture instruction, with the queue reminder when the inbox is full or going stale."""
    waiting, stale = inbox_counts(bank, number(env, "MEMORYBANK_INBOX_STALE_DAYS", 14), now)
    if waiting < number(env, "MEMORYBANK_INBOX_LIMIT", 8) and not stale:
        return CAPTURE
    stale_part = f", {stale} of them older than the stale limit" if stale else ""
    return CAPTURE + "\n\n" + REMINDER.format(waiting=waiting, stale_part=stale_part)


def _server_options() -> set[str]:
    """The server command's own option names (read only when an `--off` value looks like one)."""
    import click

    from memorybank_server.options import options

    names = {"--help", "-h", "--version"}
    for param in click.command()(options(lambda **_: None)).params:
        names.update((*param.opts, *param.secondary_opts))
    return names


def off_paths(args: Sequence[str]) -> list[Path] | None:
    """The `--off PATH` / `--off=PATH` values among `args`, or None when an `--off` has no value or
    takes one of the server's options as its value (`--off --off X`): the server refuses that
    command line and would not start, so the hook, given the server's list, stays silent too.
    Other words are passed over, since a hook that refused its command line would print into, or
    break, the session."""
    paths: list[Path] = []
    words = iter(args)
    for word in words:
        if word == "--off":
            value = next(words, "")
        elif word.startswith("--off="):
            value = word.removeprefix("--off=")
        else:
            continue
        if not value.strip() or (value.startswith("-") and value.split("=", 1)[0] in _server_options()):
            return None
        paths.append(Path(value))
    return paths


def decide(payload: Any, env: Mapping[str, str], now: float, off: Sequence[Path] = ()) -> str | None:
    """The message to inject for this Stop event, or None to stay silent (writing the marker);
    `off` are the `--off` paths (`off_paths`)."""
    if not isinstance(payload, dict) or payload.get("stop_hook_active") in (True, "true"):
        return None
    cwd_field = payload.get("cwd")
    cwd = Path(cwd_field) if isinstance(cwd_field, str) and cwd_field else Path.cwd()
    if not cwd.is_dir():
        return None
    top, _ = git.toplevel(cwd)
    if top is None:
        return None
    # from a subfolder the agent changed into, the project's bank is the repository's
    bank = find_bank(cwd) or (find_bank(top) if real_path(cwd) != top else None)
    if bank is None or surface.decide(bank, off) is not surface.Surface.FULL:
        return None  # switched off, or no bank_create to call: the server would not list it
    # `--no-renames`: a rename staged is a change all the same, and pairing renames costs
    # sources × destinations comparisons that the repository's `status.renameLimit=0` leaves unbounded
    status = git.run(cwd, "status", "--porcelain", "-z", "--untracked-files=all", "--no-renames")
    if not status.ok or not status.out.strip("\0"):
        return None
    current = fingerprint(top, status.out)
    directory = state_dir(env)
    if directory is None:
        return None  # nowhere to remember that we asked: staying silent beats asking every turn
    session = payload.get("session_id")
    marker = directory / marker_name(session if isinstance(session, str) else "", real_path(cwd))
    stored = _read_marker(marker)
    cooldown = number(env, "MEMORYBANK_CAPTURE_COOLDOWN_MIN", 30) * 60
    if stored is not None and (stored[1] == current or 0 <= now - stored[0] < cooldown):
        return None
    write_atomic(marker, f"{int(now)} {current}\n".encode())
    _clear_old_markers(directory, now)
    return message(bank, env, now)


MARKER_KEPT_DAYS = 30


def _clear_old_markers(directory: Path, now: float) -> None:
    """Remove the markers nobody wrote for `MARKER_KEPT_DAYS`: one is written per session, so
    without this the folder gains a file for every session ever held. A marker removed too early
    costs one more question, never a lost one. Only plain files named as markers go; links and
    whatever else shares the folder are left alone."""
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return
    for entry in entries:
        if not entry.name.startswith(("session-", "cwd-")):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > MARKER_KEPT_DAYS * 86400:
                os.unlink(entry.path)
        except OSError:
            continue


def main(argv: list[str] | None = None) -> int:
    """Read the Stop-hook JSON on stdin; print a block decision or nothing. Always returns 0."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    try:
        if sys.stdin is None or sys.stdin.isatty():
            return 0  # run by hand in a terminal: nothing to read, do not hang
        payload = json.loads(sys.stdin.buffer.read())
        off = off_paths(args)
        if off is None:
            return 0  # the server would refuse this --off list and not start: nothing to offer
        text = decide(payload, os.environ, time.time(), off)
        if text:
            answer = {"decision": "block", "reason": text, "continue": True, "instruction": text}
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()
    except Exception:  # never a traceback into the user's session
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
