"""What `--fix`, `--diff` and `--unsafe-fixes` do on the command line, and the lines they print.

Why apart from `cli.py`: the command wires options to steps; the steps and their wording live
here, beside the fixes they report on.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping

import click

from ..bank import Bank, visible
from ..findings import Finding
from ..usage import say
from .apply import Outcome, apply, unified
from .model import Fix
from .plan import plan


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _named(outcome: Outcome) -> None:
    for _path, why in outcome.refused:
        say("memorybank-lint", why)  # a refusal quotes the file's name


def _for_terminal(diff: str) -> str:
    """A diff shown on a terminal, each control character of the bank's text written as the text
    format writes it: raw, an escape sequence in a document would drive the reader's terminal."""
    return "\n".join(visible(line) for line in diff.split("\n"))


def show_diff(bank: Bank, findings: list[Finding], unsafe: bool, shown: Callable[[str], str]) -> int:
    """`--diff`: print what `--fix` would change as a unified diff; write nothing.

    Exit 1 when there is something to fix (as `ruff --diff` does), 0 when there is not.
    """
    outcome = apply(bank, plan(bank, findings, unsafe=unsafe), write=False)
    _named(outcome)
    text = unified(outcome.changes, shown)
    if text:  # written as it is (`color`: click would strip some escape sequences), so it applies
        click.echo(_for_terminal(text) if sys.stdout.isatty() else text, nl=False, color=True)
    fixes, files = len(outcome.fixed), len(outcome.changes)
    counted = "1 fix" if fixes == 1 else f"{fixes} fixes"
    click.echo(
        f"memorybank-lint: {counted} in {_plural(files, 'file')} would be applied"
        + (" (run with --fix to write them)" if fixes else ""),
        err=True,
    )
    return 1 if outcome.changes else 0


def fix(bank: Bank, findings: list[Finding], unsafe: bool) -> int:
    """`--fix`: write the fixes, name each file left alone; return how many were applied."""
    outcome = apply(bank, plan(bank, findings, unsafe=unsafe))
    _named(outcome)
    return len(outcome.fixed)


def fix_summary(fixed: int, remaining: list[Finding], fixable: Mapping[Finding, Fix], unsafe: bool) -> str:
    """`N fixed, M remaining (K fixable with --unsafe-fixes).`"""
    line = f"{fixed} fixed, {len(remaining)} remaining"
    later = sum(1 for finding in remaining if finding in fixable and not fixable[finding].safe)
    if later and not unsafe:
        line += f" ({later} fixable with --unsafe-fixes)"
    return line + "."


def hint(findings: list[Finding], fixable: Mapping[Finding, Fix]) -> str:
    """The line after a report that says how much `--fix` would take care of, or ""."""
    safe = sum(1 for finding in findings if finding in fixable and fixable[finding].safe)
    unsafe = sum(1 for finding in findings if finding in fixable and not fixable[finding].safe)
    if not safe and not unsafe:
        return ""
    parts = [f"{safe} fixable with --fix"] if safe else []
    if unsafe:
        parts.append(f"{unsafe} {'more ' if safe else ''}with --fix --unsafe-fixes")
    return "; ".join(parts) + " (--diff shows them first)."
