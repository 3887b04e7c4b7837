"""Reporters: turn sorted findings into the text a user, a script or a CI system reads.

Why pure functions taking a `ReportContext`: the CLI is the only place that knows the terminal,
the working directory and the repository, so it resolves them once and passes them in. The
renderers then stay deterministic and testable without touching the environment, and every
format agrees on how a bank-relative path becomes a displayed one.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from urllib.parse import quote

from .. import __version__
from ..bank import printable, real_name
from ..findings import Finding
from ..fixes.model import Fix
from ..registry import RuleSpec
from . import github, json_format, sarif, text

__all__ = ["FORMATS", "ReportContext", "render"]


def _relative(target: Path, start: Path) -> str:
    """`target` relative to `start` as POSIX, absolute when no relative path exists.

    `os.path.relpath` rather than `Path.relative_to` because the bank may sit outside the
    directory we are relative to (a `../` path is still the most useful thing to show), and
    only fails outright across Windows drives.
    """
    try:
        return PurePath(os.path.relpath(target, start)).as_posix()
    except ValueError:
        return target.as_posix()


def _folder_mark(bank_path: str) -> str:
    """A finding on a folder (MB012 on `dna/`) keeps its slash, in every format."""
    return "/" if bank_path.endswith("/") else ""


@dataclass(frozen=True)
class ReportContext:
    """Everything about the environment a renderer needs, resolved by the CLI."""

    root: Path
    cwd: Path
    repo_root: Path  # SARIF: the repository; github: what annotations resolve against; else the cwd
    color: bool = False
    version: str = __version__
    capped: bool = False  # GitHub: annotate at most 10 + 10, the full list goes to the job summary
    fixes: Mapping[Finding, Fix] = field(default_factory=dict)  # the findings that have a fix
    # SARIF: the line ending a fixed file's new lines get where it is not LF, as `--fix` writes them
    endings: Mapping[str, str] = field(default_factory=dict)

    def shown_path(self, bank_path: str) -> str:
        """Where a human (or a GitHub annotation) finds the file: relative to the cwd, as text even
        when a folder on the way has a name that is not UTF-8, the bank's part as the bank prints it."""
        return printable(_relative(self.root / real_name(bank_path), self.cwd)) + _folder_mark(bank_path)

    def repo_shown(self, bank_path: str) -> str:
        """Where GitHub finds the file: relative to `repo_root` (for the `github` format, the
        workspace), whatever folder the command ran in."""
        return printable(_relative(self.root / real_name(bank_path), self.repo_root)) + _folder_mark(
            bank_path
        )

    def repo_path(self, bank_path: str) -> str:
        """A SARIF artifact uri: relative to `%SRCROOT%` and percent-encoded, as a URI must be.

        Built from the name's bytes (`real_name`), not from the escapes a reader is shown: a name
        holding the byte 0xFE is `%FE`, so the uri names the real file, and one typed with a
        backslash is `%5C`.
        """
        found = _relative(self.root / real_name(bank_path), self.repo_root) + _folder_mark(bank_path)
        return quote(os.fsencode(found), safe="/")


Renderer = Callable[[Sequence[Finding], Sequence[RuleSpec], ReportContext], str]

_RENDERERS: dict[str, Renderer] = {
    "text": text.render,
    "json": json_format.render,
    "sarif": sarif.render,
    "github": github.render,
}

FORMATS: tuple[str, ...] = ("text", "json", "sarif", "github")


def render(fmt: str, findings: Sequence[Finding], rules: Sequence[RuleSpec], ctx: ReportContext) -> str:
    """The whole report in `fmt`, without a trailing newline (the caller prints it)."""
    try:
        renderer = _RENDERERS[fmt]
    except KeyError:
        raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}") from None
    return renderer(findings, rules, ctx)
