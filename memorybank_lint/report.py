"""What `memorybank-lint` prints once the findings are known: the report in its format, the job
summary under GitHub Actions, and the closing line that says what `--fix` did or could do.

Why apart from `cli.py`: the command resolves options and runs the steps; this module owns the
environment-dependent output (terminal colour, the repository root SARIF paths start from, the
job summary file), so the reporters stay pure functions.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

import click

from . import git
from .bank import Bank
from .edits.atomic import file_in_the_way
from .edits.errors import Refused
from .edits.text import read
from .findings import Finding
from .fixes import command as fixing
from .fixes import fixability
from .fixes.model import Fix
from .paths import real_path
from .registry import all_rules
from .reporters import ReportContext, github, pictures, render, text
from .usage import UsageProblem


def repo_root(start: Path) -> Path:
    """The working tree holding `start`, found from `start` alone (a hook's `GIT_DIR` ignored),
    or `start` outside one."""
    top, _problem = git.toplevel(start)
    return top or start


def _workspace(start: Path) -> Path | None:
    """The Actions workspace, when it holds `start`: what GitHub resolves a file named in a
    workflow's output against, with or without a repository in it."""
    workspace = os.environ.get("GITHUB_WORKSPACE")
    if workspace:
        folder = real_path(workspace)
        if folder == start or folder in start.parents:
            return folder
    return None


def annotation_root(start: Path, cwd: Path) -> Path:
    """What GitHub resolves an annotation's `file=` against: the workspace, when it holds the bank
    (a checkout into a subfolder included), else the repository, else (no repository) the cwd."""
    return _workspace(start) or git.toplevel(start)[0] or cwd


def sarif_root(start: Path) -> Path:
    """What a SARIF log's paths start from: the workspace when it holds the bank, as annotations
    do (code scanning finds no file from a path that starts at the bank, in a workspace without
    git or a bank in a nested repository), else the repository, else the bank."""
    return _workspace(start) or repo_root(start)


def summary_target() -> Path | None:
    """The job summary file under GitHub Actions, checked writable before anything is printed."""
    if os.environ.get("GITHUB_ACTIONS") != "true" or not os.environ.get("GITHUB_STEP_SUMMARY"):
        return None
    target = Path(os.environ["GITHUB_STEP_SUMMARY"])
    problem = None
    if target.is_dir():
        problem = "it is a directory"
    elif target.exists() and not target.is_file():
        problem = "it is not a regular file (a FIFO or a device would block the run)"
    elif blocker := file_in_the_way(target.parent):
        problem = f"{blocker} is a file, not a folder"
    elif not target.parent.is_dir():
        problem = f"its folder {target.parent} does not exist"
    elif not os.access(target if target.exists() else target.parent, os.W_OK):
        problem = "permission denied"
    if problem:
        raise UsageProblem(f"cannot write the job summary GITHUB_STEP_SUMMARY={target}: {problem}")
    return target


def output_format(opts: dict) -> str:
    """The `--format` given, else `github` inside GitHub Actions and `text` elsewhere."""
    return opts["format"] or ("github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text")


def line_endings(bank: Bank, fixes: Iterable[Fix]) -> dict[str, str]:
    """The usual line ending of each file a fix edits, where it is not LF, read as `--fix` reads
    it (a file it cannot read keeps LF: its fix will be refused anyway)."""
    endings: dict[str, str] = {}
    for path in {fix.path for fix in fixes}:
        try:
            ending = read(bank.root, path, bank.max_bytes).eol
        except Refused:
            continue
        if ending != "\n":
            endings[path] = ending
    return endings


def report(findings: list[Finding], opts: dict, bank: Bank, cwd: Path, fixed: int | None) -> None:
    """Print the findings in the chosen format, then how many were fixed or could be."""
    # the counts print as text unless json is asked for: GitHub's implicit default has no counts
    fmt = (opts["format"] or "text") if opts["statistics"] else output_format(opts)
    color = fmt == "text" and sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    summary_file = summary_target() if fmt == "github" else None
    root = bank.root
    fixable = fixability(bank, findings) if fmt != "github" or fixed is not None else {}
    ctx = ReportContext(
        root=root,
        cwd=cwd,
        repo_root=sarif_root(root)
        if fmt == "sarif"
        else annotation_root(root, cwd)
        if fmt == "github"
        else cwd,
        color=color,
        capped=summary_file is not None,
        fixes=fixable,
        endings=line_endings(bank, fixable.values()) if fmt == "sarif" else {},
    )
    closing = (
        fixing.hint(findings, fixable)
        if fixed is None
        else fixing.fix_summary(fixed, findings, fixable, opts["unsafe_fixes"])
    )
    if opts["statistics"]:
        click.echo(statistics(findings, fmt, fixable))
    else:
        click.echo(render(fmt, findings, all_rules(), ctx))
    if closing:
        click.echo(closing, err=fmt != "text" or opts["statistics"])
    if opts["statistics"]:
        return
    if summary_file is None:
        return
    # GitHub drops a summary over 1 MiB whole: what earlier steps wrote counts, the list of
    # findings comes before the pictures, and sizes are bytes (a Cyrillic letter is two)
    budget = github.SUMMARY_LIMIT - (summary_file.stat().st_size if summary_file.is_file() else 0)
    table = github.render_step_summary(findings, ctx, max(budget, 0))
    drawn = pictures.render_pictures(findings, ctx)
    listed = len((table or "").encode("utf-8"))
    if drawn and listed + len(drawn.encode("utf-8")) > budget:
        drawn = pictures.render_left_out(findings)
        if listed + len(drawn.encode("utf-8")) > budget:
            drawn = None  # not even the note fits; a summary past the limit would show nothing
    parts = [part.rstrip("\n") for part in (table, drawn) if part]
    if parts:
        descriptor = os.open(summary_file, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK, 0o644)
        with open(descriptor, "a", encoding="utf-8") as handle:
            handle.write("\n\n".join(parts) + "\n")


def statistics(findings: list[Finding], fmt: str, fixable: Mapping[Finding, object] | None = None) -> str:
    """`--statistics`: counts per rule as text, or as a JSON array with `--format json`; each
    rule's count of findings with a fix too, when `fixable` is given."""
    if fmt == "json":
        return json.dumps(text.statistics(findings, fixable), indent=2)
    if fmt != "text":
        raise UsageProblem(f"--statistics prints text or json, not {fmt}")
    return "\n".join(filter(None, [text.render_statistics(findings, fixable), text.summary(findings)]))
