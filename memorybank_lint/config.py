"""Configuration from `.memorybank.toml` or `[tool.memorybank]` in `pyproject.toml`.

Why strict: a misspelt key or rule code in a config file would otherwise silently switch a check
off. Every unknown key, code or severity is a configuration error (exit 2) that names itself.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .findings import Severity
from .registry import find_rule

KEYS = {
    "root",
    "select",
    "ignore",
    "extend-select",
    "per-file-ignores",
    "severity",
    "strict",
    "max-file-size",
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


def find_config(start: Path) -> tuple[Path, dict[str, Any]] | None:
    """The nearest config at or above `start`, stopping at the repository root."""
    for directory in (start, *start.parents):
        dedicated = directory / ".memorybank.toml"
        if dedicated.is_file():
            return dedicated, _read(dedicated)
        project = directory / "pyproject.toml"
        if project.is_file():
            table = _read(project).get("tool", {}).get("memorybank")
            if table is not None:
                return project, table
        if (directory / ".git").exists():
            return None
    return None


def _read(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read configuration: {exc}") from exc


def rule_codes(tokens: list[str] | str, where: str) -> list[str]:
    """Codes for comma-separated or listed rule codes/names; an unknown one is an error."""
    if isinstance(tokens, str):
        tokens = tokens.split(",")
    codes = []
    for token in tokens:
        if not str(token).strip():
            continue
        if str(token).strip().upper() == "ALL":
            from .registry import all_rules

            codes.extend(spec.code for spec in all_rules())
            continue
        spec = find_rule(str(token))
        if spec is None:
            raise ConfigError(f"{where}: unknown rule '{str(token).strip()}' (see --list-rules)")
        codes.append(spec.code)
    return codes


def parse(source: Path, table: dict[str, Any]) -> Config:
    where = f"{source}"
    unknown = set(table) - KEYS
    if unknown:
        raise ConfigError(
            f"{where}: unknown key(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(KEYS))}"
        )
    config = Config(source=source)
    if "root" in table:
        config.root = (source.parent / str(table["root"])).resolve()
    if "select" in table:
        config.select = rule_codes(table["select"], f"{where}: select")
    config.ignore = rule_codes(table.get("ignore", []), f"{where}: ignore")
    config.extend_select = rule_codes(table.get("extend-select", []), f"{where}: extend-select")
    ignores = table.get("per-file-ignores", {})
    if not isinstance(ignores, dict):
        raise ConfigError(f"{where}: per-file-ignores must be a table of glob = [rules]")
    config.per_file_ignores = {
        str(glob): rule_codes(codes, f"{where}: per-file-ignores '{glob}'") for glob, codes in ignores.items()
    }
    severities = table.get("severity", {})
    if not isinstance(severities, dict):
        raise ConfigError(f'{where}: severity must be a table of rule = "error"|"warning"')
    for token, level in severities.items():
        (code,) = rule_codes([token], f"{where}: severity")
        if level not in ("error", "warning"):
            raise ConfigError(f'{where}: severity of {token} must be "error" or "warning", not {level!r}')
        config.severity[code] = Severity(level)
    config.strict = bool(table.get("strict", False))
    if "max-file-size" in table:
        size = table["max-file-size"]
        if not isinstance(size, int) or size <= 0:
            raise ConfigError(f"{where}: max-file-size must be a positive number of bytes")
        config.max_file_size = size
    return config


def load(start: Path, explicit: Path | None = None) -> Config:
    """The configuration in force for a run started in `start` (or read from `explicit`)."""
    if explicit is not None:
        data = _read(explicit)
        if explicit.name == "pyproject.toml":
            data = data.get("tool", {}).get("memorybank", {})
        return parse(explicit, data)
    found = find_config(start)
    return parse(*found) if found else Config()
