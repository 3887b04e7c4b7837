"""Running the real `git` binary, read-only, without ever raising past here.

Why a wrapper: `bank_changed`, `bank_drift`, the Stop hook and the SARIF report ask git read-only
questions about the repository around the bank, and each must turn every failure (git missing,
not a repository, a bad ref, a hung process) into a sentence or a note, never a traceback.

Why these flags: `-z` and `core.quotePath=false` keep non-ASCII file names byte-exact (a quoted
`заметка.md` would otherwise be dropped), and literal pathspecs stop an anchor such as `src/*.py`
or `:(exclude)x` from being read as pathspec magic. A repository's configuration may name
commands, and a read-only question must start none: `core.fsmonitor=false`, hooks switched off
(`core.hooksPath=/dev/null`: a command that writes the index runs `post-index-change`), the filter
drivers switched off (`_filters_off`), submodules left unvisited by `diff`, `diff-index` and
`status` (each would run its own configuration's filters), and no transport allowed, so a partial
clone cannot fetch a missing object through its configured ssh command. A call that hangs is stopped after
`TIMEOUT_SECONDS` together with every process it started.

Why ignore and attributes files are checked first: `diff`, `diff-index` and `status` read the
ignore files (`core.excludesFile` and the repository's `info/exclude`) even where the answer
cannot depend on them, `diff-index`, `check-attr` and `hash-object` read the attributes files
(`core.attributesFile`, `info/attributes`), and a FIFO or a device named there holds git until
the time limit. Calls whose answer needs no ignore rule read none from `core.excludesFile`; the
rest are refused at once, with the file named, when a file git would read is no file.

Why a scrubbed environment: inside a git hook `GIT_DIR` and `GIT_INDEX_FILE` point at another
repository's internals (a linked worktree's hook gets its own `GIT_DIR`); the bank's repository
must be found from the bank directory alone. Tracing (`GIT_TRACE*`, `trace2.*`) is switched off,
since it writes to the stderr that tells a broken git from a quiet "no", and so are the pathspec
modes git refuses to combine with literal pathspecs.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import stat
import subprocess
from dataclasses import dataclass
from pathlib import Path

from .bank import printable

TIMEOUT_SECONDS = 60
_LOCATION_VARIABLES = (
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_COMMON_DIR",
    "GIT_NAMESPACE",
    "GIT_PREFIX",
)
# Global pathspec modes other than the literal one set here: git refuses to mix them, and the
# case-insensitive one would match anchors and the bank's folder other than as written.
_PATHSPEC_VARIABLES = ("GIT_GLOB_PATHSPECS", "GIT_NOGLOB_PATHSPECS", "GIT_ICASE_PATHSPECS")
# Tracing a caller switched on (or the user's `trace2.*Target`, which these override) writes to
# git's stderr, and a `--verify --quiet` question that finds nothing must stay silent there.
_TRACE_OFF = {"GIT_TRACE2": "0", "GIT_TRACE2_EVENT": "0", "GIT_TRACE2_PERF": "0"}


# Commands that may compare a working-tree file with git's copy, which runs its `clean` filter.
_READS_THE_WORKING_TREE = frozenset({"diff", "diff-index", "status", "ls-files", "hash-object"})
# Commands that look inside submodules, each under its own configuration, unless told not to.
_VISITS_SUBMODULES = frozenset({"diff", "diff-index", "status"})
# Commands that open the ignore files whatever they are asked (`diff --cached` and `diff-index` as
# they compare trees), and the argument that makes `ls-files` read them.
_OPENS_IGNORE_FILES = frozenset({"diff", "diff-index", "status"})
_IGNORE_RULES_ASKED = "--exclude-standard"
# Commands that open the attributes files (`diff-index` to pair renames by their converted text).
_OPENS_ATTRIBUTES = frozenset({"diff", "diff-index", "status", "hash-object", "check-attr"})
# The file each setting names, by git's lower-case key; where git reads one when none is set.
_USERS_FILES = {"core.excludesfile": "ignore", "core.attributesfile": "attributes"}
_SAFE = (
    "-c",
    "core.quotePath=false",
    "-c",
    "core.fsmonitor=false",
    "-c",
    "core.hooksPath=/dev/null",
    "-c",
    "protocol.allow=never",
    "-c",  # a user's `diff.relative` names paths from the folder git runs in; `--no-relative`, which
    "diff.relative=false",  # says the same, is refused by git before 2.28
    "-c",  # `diff.orderFile` (often relative, `.gitorder`) only reorders what `diff`, `log` and
    "diff.orderFile=/dev/null",  # `status` list, which no caller reads in order; a file the
)  # repository lacks failed the call, and a FIFO held it until the time limit
ARGUMENT_BYTES = 64 * 1024  # paths given to one git call: far below any kernel's limit


@dataclass(frozen=True)
class Result:
    """What one git call produced; `ok` is False for a non-zero exit, a missing git or a timeout."""

    ok: bool
    out: str
    err: str
    timed_out: bool = False

    @property
    def failed(self) -> bool:
        """Whether git broke rather than answered "no": a `--verify --quiet` question that finds
        nothing exits non-zero in silence, while a timeout, a missing git or an error says why.
        A warning is no error: git warns of a name a branch and a tag share even when quiet."""
        said = [line for line in self.err.splitlines() if line.strip() and not line.startswith("warning: ")]
        return not self.ok and (self.timed_out or bool(said))


def run(directory: Path | str, *args: str, stdin: str | None = None, index: str | None = None) -> Result:
    """`git -C directory args…` with quoting off and literal pathspecs; never raises.

    `index` is the index file to read instead of the repository's own (what git hands a commit
    hook in `GIT_INDEX_FILE`: `git commit -a` stages into a temporary one); every other location
    a caller's environment names is dropped.
    """
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in _LOCATION_VARIABLES and k not in _PATHSPEC_VARIABLES and not k.startswith("GIT_TRACE")
    }
    if index is not None:
        env["GIT_INDEX_FILE"] = index
    env |= _TRACE_OFF
    env["GIT_LITERAL_PATHSPECS"] = "1"
    env["LC_ALL"] = "C"  # git's own words, which the callers read (`expected commit type`)
    env["GIT_OPTIONAL_LOCKS"] = "0"
    env["GIT_NO_LAZY_FETCH"] = "1"
    # and should a git that predates that variable (May 2024) fetch anyway, no transport may
    # carry it: an empty list allows none, over any `protocol.<name>.allow` the repository sets
    # (`protocol.ext.allow=always` beats `-c protocol.allow=never`, and `ext::` runs a command)
    env["GIT_ALLOW_PROTOCOL"] = ""
    if args[:1] and args[0] in _READS_THE_WORKING_TREE:
        env |= _filters_off(directory, env)
    if args[:1] and args[0] in _VISITS_SUBMODULES:
        args = (args[0], "--ignore-submodules=all", *args[1:])
    ignoring = _ignoring(directory, args)
    if isinstance(ignoring, Result):
        return ignoring
    command = ["git", "-C", str(directory), *_SAFE, *ignoring, *args]
    try:
        process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            start_new_session=True,  # its own process group, so a timeout stops its children too
        )
    except FileNotFoundError:
        return Result(False, "", "git is not installed or not on PATH")
    except OSError as exc:
        return Result(False, "", f"git could not be started: {exc.strerror}")
    except ValueError:
        return Result(False, "", "an argument for git contains a NUL character")
    with process:
        try:
            given = stdin.encode("utf-8", errors="surrogateescape") if stdin is not None else None
            out, err = process.communicate(given, TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            _stop(process)
            return Result(False, "", f"git did not answer within {TIMEOUT_SECONDS} seconds", timed_out=True)
    text = out.decode("utf-8", errors="surrogateescape")
    return Result(process.returncode == 0, text, err.decode("utf-8", errors="replace").strip())


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Kill git and every process it started (a fetch, a filter, an ssh command)."""
    with contextlib.suppress(OSError):
        os.killpg(process.pid, signal.SIGKILL)
    process.kill()
    process.communicate()


def _ignoring(directory: Path | str, args: tuple[str, ...]) -> tuple[str, ...] | Result:
    """The options that keep a call from reading `core.excludesFile` when its answer needs no
    ignore rule, or the refusal of a call that would wait on an ignore or attributes file that
    is no file.

    Why: `diff-index` and `diff --cached` open the ignore files though they list only tracked
    files, so the user's file is not read for them (their answer is the same without it); a
    call that needs the user's rules (`status`, `ls-files --exclude-standard`), or attributes,
    which change what a file's text is, is refused fast, naming the file, rather than waiting
    out `TIMEOUT_SECONDS` on a FIFO.
    """
    command = args[0] if args else ""
    needs_rules = command == "status" or _IGNORE_RULES_ASKED in args
    names = {
        "info/exclude": needs_rules or command in _OPENS_IGNORE_FILES,
        "info/attributes": command in _OPENS_ATTRIBUTES,
        "core.excludesfile": needs_rules,
        "core.attributesfile": command in _OPENS_ATTRIBUTES,
    }
    wanted = [name for name, read in names.items() if read]
    if not wanted:
        return ()
    for setting, path in _files_git_opens(directory, wanted).items():
        kind = _not_a_file(path)
        if kind is not None:
            return Result(
                False, "", f"{setting} names '{printable(str(path))}', {kind}, which git would wait on"
            )
    return () if needs_rules or "info/exclude" not in wanted else ("-c", f"core.excludesFile={os.devnull}")


def _files_git_opens(directory: Path | str, wanted: list[str]) -> dict[str, Path]:
    """The files git would open for `wanted` (`info/…` in the repository; `core.…file` as
    configured in any scope, the repository's own included, relative to the work tree's top,
    else under `$XDG_CONFIG_HOME/git/` or `~/.config/git/`, as git reads them), by the setting
    or the repository's file that names them."""
    inside = [name for name in wanted if name.startswith("info/")]
    asked = [arg for name in inside for arg in ("--git-path", name)]
    where = run(directory, "rev-parse", "--show-cdup", *asked)
    lines = where.out.removesuffix("\n").split("\n") if where.ok else []
    top = lines[0] if lines else ""
    found = {
        f"the repository's {name}": Path(directory, path)
        for name, path in zip(inside, lines[1:], strict=False)
    }
    users = [name for name in wanted if name in _USERS_FILES]
    if not users:
        return found
    listed = run(directory, "config", "-z", "--path", "--get-regexp", r"^core\.(excludes|attributes)file$")
    configured = dict(entry.partition("\n")[::2] for entry in listed.out.split("\0") if entry)
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.environ.get("HOME", ""), ".config")
    for name in users:
        setting = name.replace("file", "File")  # as the user writes it: `core.excludesFile`
        if configured.get(name):
            found[setting] = Path(directory, top, configured[name])
        elif name not in configured and os.path.isabs(base):
            found[setting] = Path(base, "git", _USERS_FILES[name])
    return found


def _not_a_file(path: Path) -> str | None:
    """What `path` is when reading it could wait or never end (a FIFO, a socket, a device other
    than the null device), else None: a regular file, a folder or nothing at all is read at once."""
    try:
        mode = os.stat(path).st_mode  # a link is followed, as git's open follows it
    except OSError:
        return None
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode) or os.path.realpath(path) == os.devnull:
        return None
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    return "a socket" if stat.S_ISSOCK(mode) else "a device"


def _filters_off(directory: Path | str, env: dict[str, str]) -> dict[str, str]:
    """Environment that switches off every filter driver the repository's configuration defines.

    Why: comparing the working tree with a commit makes git run a file's `clean` filter (a
    command the configuration names, chosen by `.gitattributes`), and a read-only question must
    not start one. The overrides go through `GIT_CONFIG_KEY_n`, so no driver name is parsed as
    an option; an empty command is no filter, and a required one stops being required.
    """
    try:
        listed = subprocess.run(
            ["git", "-C", str(directory), *_SAFE, "config", "-z", "--get-regexp", r"^filter\."],
            capture_output=True,
            env=env,
            timeout=TIMEOUT_SECONDS,
            check=False,
        ).stdout.decode("utf-8", errors="surrogateescape")
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return {}
    names = {
        key[len("filter.") : key.rfind(".")] for key in (e.split("\n", 1)[0] for e in listed.split("\0"))
    }
    settings = [
        (f"filter.{name}.{variable}", value)
        for name in sorted(n for n in names if n)
        for variable, value in (("clean", ""), ("smudge", ""), ("process", ""), ("required", "false"))
    ]
    given = env.get("GIT_CONFIG_COUNT", "0")
    first = int(given) if given.isdigit() else 0  # after any the caller's environment sets
    extra = {"GIT_CONFIG_COUNT": str(first + len(settings))} if settings else {}
    for number, (key, value) in enumerate(settings, start=first):
        extra[f"GIT_CONFIG_KEY_{number}"], extra[f"GIT_CONFIG_VALUE_{number}"] = key, value
    return extra


def batches(paths: list[str]) -> list[list[str]]:
    """`paths` in runs of at most `ARGUMENT_BYTES` bytes: one command line holds only so much
    (the kernel refuses the whole command past it), and a bank may name thousands of paths."""
    runs: list[list[str]] = [[]]
    size = 0
    for path in paths:
        cost = len(os.fsencode(path)) + 1
        if runs[-1] and size + cost > ARGUMENT_BYTES:
            runs.append([])
            size = 0
        runs[-1].append(path)
        size += cost
    return runs


def toplevel(directory: Path | str) -> tuple[Path | None, str | None]:
    """The real path of the working tree holding `directory`; or None and why git could not say.

    The reason is None when there is simply no repository, and git's own words otherwise (git
    missing, a repository git refuses to use, …), so callers never call the latter "no repository".

    A repository's `core.worktree` may name any folder as its work tree: git answers with it all
    the same, though it may not hold `directory` (the folder git found the repository from), and
    git asked there may find no repository or another one. Callers ask from both folders, so
    either answered "not a git repository" of a repository just found, or read another's
    history as the bank's; both are said as what they are.
    """
    result = run(directory, "rev-parse", "--is-inside-work-tree", "--show-toplevel")
    inside, _, found = result.out.partition("\n")
    found = found.removesuffix("\n")  # only git's own line end: a folder may end in a blank
    # asked of git, not compared here: on macOS a path may differ from git's in case alone
    if result.ok and found and inside != "true":
        return None, (
            f"the repository's work tree is set to '{printable(found)}' (core.worktree), which does "
            f"not hold '{printable(str(directory))}'"
        )
    if result.ok and found:
        return _same_repository(directory, found)
    if result.ok:
        return None, None
    if "not a git repository (or any" in result.err:  # the search found none, or passed one over
        return None, _closed_repository(Path(directory))
    lines = result.err.splitlines()
    if not lines:
        return None, "git failed without a message"
    # the lines indented below the first are its list (`unknown repository extension found:`
    # then `\tobjectformat2`): the first alone named no extension
    said = [lines[0], *(line.strip() for line in itertools.takewhile(lambda x: x[:1] == "\t", lines[1:]))]
    return None, " ".join(said).removeprefix("fatal: ")


def _same_repository(directory: Path | str, top: str) -> tuple[Path | None, str | None]:
    """`top`, the work tree git named for `directory`, when git finds the same repository from
    it; else None and why (`toplevel`)."""
    here, there = (run(folder, "rev-parse", "--absolute-git-dir") for folder in (directory, top))
    if here.ok and there.ok and here.out == there.out:
        return Path(os.path.realpath(top)), None
    found = "another repository" if there.ok else "no repository"
    return (
        None,
        f"the repository's work tree is set to '{printable(top)}' (core.worktree), where git finds {found}",
    )


def _closed_repository(directory: Path) -> str | None:
    """Why a `.git` above `directory` that git passed over cannot be used, or None when there is
    none: git says "not a git repository" of a `.git` it may not read, and the bank is in one.
    The folder is named as text (`printable`): an answer carries the reason, and a name that is
    not UTF-8 would otherwise hold a lone surrogate no answer can encode."""
    for folder in (directory, *directory.parents):
        dot_git = folder / ".git"
        if not os.path.lexists(dot_git):
            continue
        shown = printable(str(dot_git))
        try:  # asked of its mode and permissions, never opened: it may be a FIFO
            mode = os.stat(dot_git).st_mode
        except OSError as exc:
            return f"'{shown}' cannot be read ({exc.strerror or exc})"
        if stat.S_ISDIR(mode) and not os.access(dot_git, os.R_OK | os.X_OK):
            return f"'{shown}' cannot be read (Permission denied)"
        if stat.S_ISREG(mode) and not os.access(dot_git, os.R_OK):
            return f"'{shown}' cannot be read (Permission denied)"
        return None
    return None


def shallow(directory: Path | str) -> bool:
    """Whether the repository is a shallow clone (CI's default): its oldest commits are cut off,
    so "the first commit" and "last changed" are only as old as the cut."""
    result = run(directory, "rev-parse", "--is-shallow-repository")
    return result.ok and result.out.strip() == "true"


def bank_prefix(repo: Path, bank_root: Path) -> str | None:
    """The bank's directory relative to the repository (`""` at the top), or None if outside it."""
    try:
        relative = Path(os.path.realpath(bank_root)).relative_to(repo)
    except ValueError:
        return None
    posix = relative.as_posix()
    return "" if posix == "." else posix
