"""Configuration from `.memorybank.toml` or `[tool.memorybank]` in `pyproject.toml`.

Why strict: a misspelt key or rule code in a config file would otherwise silently switch a check
off. Every unknown key, code or severity, and every value of the wrong type, is a configuration
error (exit 2) that names itself.

Why one loader for both commands: `memorybank-lint` in pre-commit and CI and `mcp-memorybank`
(its tools and its action flags) must judge the same bank by the same rules, so both read the
configuration here and build their rule selection and bank root from it.

The search starts in the working directory and climbs to the repository root (the first folder
holding `.git`); outside a repository it climbs to the filesystem root. In each folder a
`.memorybank.toml` (top-level keys) wins over a `[tool.memorybank]` table in `pyproject.toml`.

Why `root` and `cache-dir` must stay inside the configuration's repository: the file comes with
the repository, and a cloned repository must not point `--fix`, the governed writes or the cache
at a folder of the user's elsewhere. A bank or a cache elsewhere is the user's to name:
`--root`, `MEMORYBANK_CACHE_DIR`. Nor may `root` or `cache-dir` lie in the repository's `.git`
folder (`bank.refuse_git_folder`), which `--root` may not name either.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import cachedir
from .bank import (
    DEFAULT_MAX_BYTES,
    Bank,
    BankNotFound,
    BankRefused,
    find_root,
    inert,
    printable,
    refuse_git_folder,
    visible,
)
from .edits.atomic import file_in_the_way, read_regular, refusal
from .findings import Severity
from .frontmatter import BOM
from .linter import MAX_GLOBS, Selection, glob_forms
from .paths import real_path
from .registry import all_rules, find_rule
from .untrusted import toml_table
from .usage import program, say

LIMIT = 4 * 1024 * 1024  # bytes a configuration file may hold: a link to a device is refused
KEYS = {
    "root",
    "select",
    "ignore",
    "extend-select",
    "per-file-ignores",
    "severity",
    "strict",
    "max-file-size",
    "cache-dir",
    "index-files",
}


class ConfigError(Exception):
    """The configuration cannot be used; the message names the file and the problem."""


@dataclass
class Config:
    source: Path | None = None
    root: Path | None = None
    select: list[str] | None = None
    ignore: list[str] = field(default_factory=list)
    extend_select: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    severity: dict[str, Severity] = field(default_factory=dict)
    strict: bool = False
    max_file_size: int | None = None
    cache_dir: Path | None = None
    index_files: tuple[str, ...] | None = None
    searched: list[Path] = field(default_factory=list)  # the folders looked in, nearest first

    def selection(
        self, select: str | None = None, ignore: str | None = None, extend: str | None = None
    ) -> Selection:
        """The rules in force: the configuration, with command-line `--select`/`--ignore` on top.

        A rule the command line names in `--select` or `--extend-select` runs even when the
        configuration ignores it (the later word wins, and `mcp-memorybank --rule` sends a user
        here for just that); a command-line `--ignore` still beats both. A command-line
        `--select` means only those rules: as in ruff, a later select resets the extends before
        it, so the configured `extend-select` is dropped (`--extend-select` still adds).
        """
        named = rule_codes(select, "--select", chosen=True) if select is not None else None
        named_extra = rule_codes(extend, "--extend-select") if extend is not None else []
        chosen = named if named is not None else self.select
        extra = (self.extend_select if named is None else []) + named_extra
        if chosen is not None or extra:
            chosen = list(chosen if chosen is not None else [s.code for s in all_rules()]) + extra
        asked = set(named or ()) | set(named_extra)
        ignored = [code for code in self.ignore if code not in asked]
        ignored += rule_codes(ignore, "--ignore") if ignore else []
        selection = Selection(
            select=frozenset(chosen) if chosen is not None else None,
            ignore=frozenset(ignored),
            per_file_ignores=tuple((glob, frozenset(codes)) for glob, codes in self.per_file_ignores.items()),
            severities=dict(self.severity),
        )
        if (select or ignore or extend) and not selection.active():
            given = [
                f"--{name}"
                for name, value in (("select", select), ("ignore", ignore), ("extend-select", extend))
                if value
            ]
            verb = "leaves" if len(given) == 1 else "leave"
            raise ConfigError(f"{' and '.join(given)} {verb} no rule to run; nothing would be checked")
        return selection

    def files(self) -> list[Path]:
        """The file the configuration came from and every file the search looked for: writing
        over one (a `--write-baseline` target) would change or break the next run's settings."""
        looked = [
            folder / name for folder in self.searched for name in (".memorybank.toml", "pyproject.toml")
        ]
        return [self.source, *looked] if self.source is not None else looked

    def bank_root(self, cwd: Path, given: str | Path | None = None) -> Path:
        """`--root` when given, else the configured `root`, else `memory_bank/` or `memory-bank/`."""
        if given:
            return real_path(given)
        return self.root or find_root(cwd)

    def bank_options(self) -> dict[str, Any]:
        """Keyword arguments for `Bank(...)` the configuration implies."""
        options: dict[str, Any] = {"max_bytes": self.max_file_size} if self.max_file_size else {}
        if self.index_files is not None:
            options["index_files"] = self.index_files
        return options

    def cache_folder(self, root: Path) -> Path:
        """Where the bank at `root` keeps its cache (`MEMORYBANK_CACHE_DIR` first)."""
        return cachedir.location(root, self.source, self.cache_dir)


def open_bank(root: Path, config: Config, *, cache: bool = True) -> Bank:
    """The refreshed bank at `root`, through the parse cache unless `cache` is False; a folder
    without a single markdown document is an error, so a mistyped `--root` or `root` never looks
    like a clean bank, and so is a root in git's own folder (`refuse_git_folder`), however it was
    found. A root no folder can be (a name longer than the file system holds) is not a folder
    either: `os.path.isdir` answers no where `Path.is_dir` raised, and the two commands then
    disagreed on the exit code of the same mistake."""
    refuse_git_folder(root)
    if not os.path.isdir(root):
        raise BankNotFound(f"bank root {root} is not a directory")
    folder = config.cache_folder(real_path(root)) if cache else None
    bank = Bank(root, **config.bank_options(), cache=folder)
    bank.refresh()
    unread = dict(bank.unread)
    if "." in unread:
        raise BankNotFound(f"bank root {root} cannot be read ({unread['.']})")
    if not bank.docs:
        raise BankNotFound(f"no documents in {root}: a bank is a folder of markdown files")
    for name, reason in unread.items():  # its documents are neither checked nor answered from
        say(program(), f"{name}/ in the bank cannot be read ({reason}); its documents were skipped")
    bank.save_cache()
    return bank


Reload = Callable[[], "tuple[Config, Path]"]  # reads the configuration again: it, and the bank root it gives


def find_config(start: Path, searched: list[Path] | None = None) -> tuple[Path, dict[str, Any]] | None:
    """The nearest config at or above `start`, stopping at the repository root."""
    for directory in (start, *start.parents):
        if searched is not None:
            searched.append(directory)
        dedicated = directory / ".memorybank.toml"
        if _present(dedicated):
            return dedicated, _read(dedicated)
        project = directory / "pyproject.toml"
        if _present(project):
            table = _project_table(project, _read(project))
            if table is not None:
                return project, table
        if os.path.lexists(directory / ".git"):  # never raises: the bank folder may be unlistable
            return None
    return None


def _project_table(path: Path, document: dict[str, Any]) -> dict[str, Any] | None:
    """`[tool.memorybank]` of a pyproject.toml, None when it has none; a `tool` or a
    `tool.memorybank` that is not a table is an error, never read as no configuration."""
    tool = document.get("tool", {})
    if not isinstance(tool, dict):
        raise ConfigError(f"{path}: tool must be a table, not {tool!r}")
    table = tool.get("memorybank")
    if table is not None and not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.memorybank] must be a table, not {table!r}")
    return table


def _present(path: Path) -> bool:
    """Anything by that name, a FIFO or a dangling link included: it is then read, or refused
    out loud, never passed over as if the project had no configuration."""
    return os.path.lexists(path)


def _read(path: Path) -> dict[str, Any]:
    """The TOML document at `path`; a UTF-8 BOM (an editor on Windows may write one) is read as
    if absent, as in the bank's documents, where TOML would stop at line 1, column 1."""
    try:
        text = read_regular(path, LIMIT, follow_links=True).decode("utf-8")
        return toml_table(text.removeprefix(BOM))
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read configuration: it {refusal(exc, LIMIT)}") from exc
    except ValueError as exc:
        raise ConfigError(f"{path}: cannot read configuration: {exc}") from exc


def rule_codes(tokens: list[str] | str, where: str, *, chosen: bool = False) -> list[str]:
    """Codes for listed rule codes/names (comma-separated on the command line, where `where`
    starts with `--`); an unknown one is an error, and so is naming no rule where the rules
    `chosen` are the only ones that run: an empty selection would switch every check off. An
    empty entry (`--ignore MB001,`, `ignore = [""]`) is an error too: it is a slip, and passing
    over it would run with a list the user did not write."""
    if isinstance(tokens, str) and where.startswith("--"):
        tokens = tokens.split(",")
    if not isinstance(tokens, list) or not all(isinstance(token, str) for token in tokens):
        raise ConfigError(f"{where}: expected a list of rule codes or names, not {tokens!r}")
    if chosen and not any(token.strip() for token in tokens):
        raise ConfigError(f"{where}: names no rule; selecting none would switch every check off")
    if any(not token.strip() for token in tokens):
        raise ConfigError(f"{where}: an empty rule code in {tokens!r}")
    codes = []
    for token in tokens:
        if token.strip().upper() == "ALL":
            codes.extend(spec.code for spec in all_rules())
            continue
        spec = find_rule(token)
        if spec is None:
            raise ConfigError(f"{where}: unknown rule '{visible(token.strip())}' (see --list-rules)")
        codes.append(spec.code)
    return codes


def _table(table: dict[str, Any], key: str, where: str, shape: str) -> dict[str, Any]:
    value = table.get(key, {})
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: {key} must be a table of {shape}, not {value!r}")
    return value


def parse(source: Path, table: dict[str, Any]) -> Config:
    where = f"{source}"
    unknown = set(table) - KEYS
    if unknown:
        raise ConfigError(
            f"{where}: unknown key(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(KEYS))}"
        )
    config = Config(source=source)
    if "root" in table:
        config.root = _inside(source, "root", _folder(table, "root", where), "--root")
        try:
            refuse_git_folder(config.root)
        except BankRefused as exc:
            raise ConfigError(f"{where}: root {table['root']!r}: {exc}") from None
    if "select" in table:
        config.select = rule_codes(table["select"], f"{where}: select", chosen=True)
    config.ignore = rule_codes(table.get("ignore", []), f"{where}: ignore")
    config.extend_select = rule_codes(table.get("extend-select", []), f"{where}: extend-select")
    ignores = _table(table, "per-file-ignores", where, "glob = [rules]")
    if len(ignores) > MAX_GLOBS:
        raise ConfigError(f"{where}: per-file-ignores holds {len(ignores)} globs, more than {MAX_GLOBS}")
    for glob, codes in ignores.items():  # a blank glob matches nothing, an empty list ignores nothing
        if not glob.strip():
            raise ConfigError(f"{where}: per-file-ignores has an empty glob")
        if codes == []:
            raise ConfigError(f"{where}: per-file-ignores {glob!r} names no rule")
        if glob.startswith("/") or {".", ".."} & set(glob.split("/")):  # a bank path is neither
            raise ConfigError(
                f"{where}: per-file-ignores {glob!r} can match no file: globs match paths inside the "
                "bank folder, such as 'adr/x.md'"
            )
        try:
            glob_forms(glob)
        except ValueError as exc:
            raise ConfigError(f"{where}: per-file-ignores {glob!r} {exc}") from None
    config.per_file_ignores = {
        glob: rule_codes(codes, f"{where}: per-file-ignores {glob!r}") for glob, codes in ignores.items()
    }
    for token, level in _table(table, "severity", where, 'rule = "error"|"warning"').items():
        codes = rule_codes([token], f"{where}: severity")
        if len(codes) != 1:
            raise ConfigError(f"{where}: severity is set per rule; {token!r} names no single rule")
        (code,) = codes
        if level not in ("error", "warning"):
            raise ConfigError(f'{where}: severity of {token} must be "error" or "warning", not {level!r}')
        if code in config.severity:  # `MB008` and `unknown-enum-value`: the later one won, unsaid
            raise ConfigError(f"{where}: severity sets {code} twice (again as {token!r}); set it once")
        config.severity[code] = Severity(level)
    strict = table.get("strict", False)
    if not isinstance(strict, bool):
        raise ConfigError(f"{where}: strict must be true or false (a TOML boolean), not {strict!r}")
    config.strict = strict
    if "max-file-size" in table:
        size = table["max-file-size"]
        if isinstance(size, bool) or not isinstance(size, int) or size <= 0:
            raise ConfigError(f"{where}: max-file-size must be a positive number of bytes, not {size!r}")
        config.max_file_size = size
    if "cache-dir" in table:
        config.cache_dir = _inside(
            source, "cache-dir", _folder(table, "cache-dir", where), "MEMORYBANK_CACHE_DIR"
        )
        try:
            refuse_git_folder(config.cache_dir, "cache folder", "the cache's files")
        except BankRefused as exc:
            raise ConfigError(f"{where}: cache-dir {table['cache-dir']!r}: {exc}") from None
        blocker = file_in_the_way(config.cache_dir)
        if blocker is not None and blocker.is_file():  # as a `root` that is a file: a mistake in the file
            raise ConfigError(
                f"{where}: cache-dir {table['cache-dir']!r}: '{blocker}' is a file, not a folder"
            )
    if "index-files" in table:
        config.index_files = _index_files(table["index-files"], where)
    if not config.selection().active():
        raise ConfigError(f"{where}: every selected rule is also ignored; nothing would be checked")
    return config


def _folder(table: dict[str, Any], key: str, where: str) -> str:
    """A folder path: a string that is not blank and holds no NUL (no file system takes one)."""
    value = table[key]
    if not isinstance(value, str) or not value.strip() or "\0" in value:
        raise ConfigError(f"{where}: {key} must be a folder path as a string, not {value!r}")
    return value


def _inside(source: Path, key: str, value: str, elsewhere: str) -> Path:
    """`value` read from the configuration's folder, links resolved; refused when it leads out of
    the configuration's repository (its folder, outside a repository)."""
    folder = source.absolute().parent
    repository = real_path(next((d for d in (folder, *folder.parents) if (d / ".git").exists()), folder))
    path = real_path(folder / value)
    if path != repository and repository not in path.parents:
        raise ConfigError(
            f"{source}: {key} {value!r} leads outside the repository {repository}; "
            f"a folder elsewhere is named with {elsewhere}"
        )
    return path


def _index_files(value: Any, where: str) -> tuple[str, ...]:
    """`index-files`: a non-empty list of plain markdown file names (`README.md`, `index.md`)."""
    if not isinstance(value, list) or not value:
        raise ConfigError(
            f'{where}: index-files must be a list of file names such as ["README.md"], not {value!r}'
        )
    for name in value:
        if (
            not isinstance(name, str)
            or not name.endswith(".md")
            or name.startswith(".")
            or "/" in name
            or "\\" in name
            or name != name.strip()
            or name == ".md"
            or visible(name) != name  # a NUL, a line break: no file is called that
        ):
            raise ConfigError(
                f"{where}: index-files lists {name!r}; each entry is a file name ending in .md, "
                "without a folder (README.md, index.md)"
            )
    return tuple(dict.fromkeys(value))


def load(start: Path, explicit: Path | None = None) -> Config:
    """The configuration in force for a run started in `start` (or read from `explicit`)."""
    if explicit is not None:
        data = _read(explicit)
        if explicit.name == "pyproject.toml":
            table = _project_table(explicit, data)
            if table is None:  # asked for by name: reading it as the defaults would hide a typo
                raise ConfigError(
                    f"{explicit} has no [tool.memorybank] table; nothing in it configures a run"
                )
            data = table
        return parse(explicit, data)
    searched: list[Path] = []
    found = find_config(start, searched)
    config = parse(*found) if found else Config()
    config.searched = searched
    return config


def for_bank(config: Config, root: Path, explicit: Path | None = None) -> Config:
    """The configuration of the bank at `root`: the nearest file at or above the bank folder,
    whatever folder the command ran in (`--config` wins, as it does everywhere); where there is
    none, the file whose `root` named this bank (`backend/.memorybank.toml` naming `../memory-bank`).

    Why not the search from the current directory alone: that one finds the bank (its `root`),
    but a `.memorybank.toml` inside the bank folder counted only when the run started inside the
    bank, and a server started with an absolute `--root` from the home folder read no project
    configuration at all: one bank, other findings, as the folder a command ran in changed.
    """
    if explicit is not None:
        return config
    found = load(root)
    if found.source is None:  # no file at or above the bank: the one that named it, or none
        named = config.root is not None and real_path(config.root) == real_path(root)
        return config if named or config.source is None else found
    return config if found.source == config.source else found


def settings(config: Config, root: Path | None) -> dict[str, Any]:
    """The resolved settings (`--show-settings`): what is in force and where it came from.

    A root given or configured that is not a folder, or that lies in git's own folder, is refused
    as a run refuses it, so the settings shown are never ones a run would not start with.
    """
    if root is not None:
        refuse_git_folder(root)
    if root is not None and not os.path.isdir(root):  # as `open_bank`: a name too long is no folder
        raise BankNotFound(f"bank root {root} is not a directory")
    searched = config.searched
    stop = None
    if searched and config.source is None:
        stop = (
            f"{searched[-1]} ({'repository root' if (searched[-1] / '.git').exists() else 'filesystem root'})"
        )
    elif searched:
        stop = str(searched[-1])
    selection = config.selection()
    # every path and name as the reports print them: the repository chose them, and a line break or
    # an escape in a folder's name must not start a line of its own or drive the terminal
    return {
        "configuration": printable(str(config.source)) if config.source else None,
        "searched": {"from": printable(str(searched[0])), "to": printable(stop or "")} if searched else None,
        "root": printable(str(root)) if root is not None else None,
        "rules": [spec.code for spec in selection.active()],
        "ignore": sorted(selection.ignore),
        "perFileIgnores": {printable(glob): codes for glob, codes in config.per_file_ignores.items()},
        "severity": {code: str(level) for code, level in sorted(config.severity.items())},
        "strict": config.strict,
        "maxFileSize": config.max_file_size or DEFAULT_MAX_BYTES,  # what is in force, not "unset"
        "cacheDir": printable(str(config.cache_folder(root))) if root is not None else None,
        "indexFiles": [printable(name) for name in config.index_files or ("README.md",)],
    }


def show(resolved: dict[str, Any]) -> str:
    """`settings()` as `key: value` lines, ruff-style, made `inert`: the values come from the
    repository's own configuration, and a `##[` in a glob would be a command to a CI runner."""
    searched = resolved["searched"]
    ignores = resolved["perFileIgnores"]
    lines = [
        f"configuration: {resolved['configuration'] or '(none found: defaults)'}",
        f"searched: {searched['from']} up to {searched['to']}" if searched else "searched: (not: --config)",
        f"root: {resolved['root'] or '(none found)'}",
        f"rules: {', '.join(resolved['rules'])}",
        f"ignore: {', '.join(resolved['ignore']) or '(none)'}",
        "per-file-ignores: "
        + ("; ".join(f"{glob} = {', '.join(codes)}" for glob, codes in ignores.items()) or "(none)"),
        "severity: "
        + (", ".join(f"{code} = {level}" for code, level in resolved["severity"].items()) or "(defaults)"),
        f"strict: {str(resolved['strict']).lower()}",
        f"max-file-size: {resolved['maxFileSize']}",
        f"cache-dir: {resolved['cacheDir'] or '(no bank: none)'}",
        f"index-files: {', '.join(resolved['indexFiles'])}",
    ]
    return inert("\n".join(lines))
