"""GitHub Actions workflow commands, so findings appear as annotations on the pull request diff.

Why a cap and a job summary: GitHub displays at most 10 error and 10 warning annotations per step
and silently drops the rest. Rather than let findings vanish, under GitHub Actions with a job
summary (`ctx.capped`) we annotate the first ten of each severity and put the complete list in the
job summary (`$GITHUB_STEP_SUMMARY`, written by the CLI). Anywhere else nothing drops annotations,
so every finding is printed.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..bank import visible
from ..findings import Finding, Severity
from ..quoting import shortened
from ..registry import RuleSpec
from .text import plural

if TYPE_CHECKING:
    from . import ReportContext

ANNOTATION_LIMIT = 10  # per severity, per step


def escape_data(value: str) -> str:
    """`@actions/core`'s escapeData: a command's message must not break the one-line syntax."""
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(value: str) -> str:
    """`@actions/core`'s escapeProperty: `:` and `,` would otherwise end the property list."""
    return escape_data(value).replace(":", "%3A").replace(",", "%2C")


def annotated(findings: Sequence[Finding]) -> list[bool]:
    """For each finding, whether it is among the first `ANNOTATION_LIMIT` of its severity."""
    seen = {Severity.ERROR: 0, Severity.WARNING: 0}
    flags = []
    for finding in findings:
        seen[finding.severity] = seen.get(finding.severity, 0) + 1
        flags.append(seen[finding.severity] <= ANNOTATION_LIMIT)
    return flags


def annotation(finding: Finding, ctx: ReportContext) -> str:
    """One `::error`/`::warning` command; whole-file findings point at line 1, column 1.

    The message is written as the text format writes it (`visible`): a header value it quotes can
    hold an escape sequence or a NUL, which the runner would pass on to whoever reads the log.
    """
    command = "error" if finding.severity is Severity.ERROR else "warning"
    properties = ",".join(
        f"{key}={escape_property(value)}"
        for key, value in (
            ("file", ctx.repo_shown(finding.path)),
            ("line", str(finding.line or 1)),
            ("col", str(finding.column or 1)),
            ("title", f"{finding.code} {finding.rule}"),
        )
    )
    return f"::{command} {properties}::{escape_data(visible(finding.message))}"


def _counts(findings: Sequence[Finding]) -> str:
    errors = sum(1 for finding in findings if finding.is_error)
    return (
        f"{plural(len(findings), 'finding')} ({plural(errors, 'error')}, "
        f"{plural(len(findings) - errors, 'warning')})"
    )


def render(findings: Sequence[Finding], rules: Sequence[RuleSpec], ctx: ReportContext) -> str:
    """The capped annotations, then a plain summary line that says if any were left out."""
    flags = annotated(findings) if ctx.capped else [True] * len(findings)
    lines = [annotation(finding, ctx) for finding, shown in zip(findings, flags, strict=True) if shown]
    hidden = flags.count(False)
    if not findings:
        lines.append("memorybank-lint: no findings.")
    elif hidden:
        lines.append(f"memorybank-lint: {_counts(findings)}; {hidden} not annotated, see the job summary.")
    else:
        lines.append(f"memorybank-lint: {_counts(findings)}.")
    return "\n".join(lines)


_MARKDOWN = re.compile(r"[\\`*_\[\]!|~]")  # what Markdown reads as syntax in a table cell
# Where GitHub's Markdown turns bare text into a link (its "extended autolinks": a scheme's `://`,
# a `www.` host, an address's `@`): an empty comment there splits the text, and shows nothing.
_AUTOLINK = re.compile(r"(?=://)|(?<=www)(?=\.)|(?=@)", re.IGNORECASE)
_SPLIT = "<!-- -->"
CELL_LIMIT = 300  # characters of one value shown in the job summary
SUMMARY_LIMIT = 900_000  # bytes: GitHub refuses a step summary over 1 MiB, and drops all of it
_FRAME_BYTES = 2_000  # the heading, the note and the table's head around the rows


def summary_text(value: str, limit: int = CELL_LIMIT) -> str:
    """A value from the bank as inert text in the job summary's Markdown: control characters
    written as the text format writes them (`visible`), cut at `limit`, HTML characters as
    entities, Markdown's punctuation escaped, one line.

    Why: file names and header values come from the pull request; raw, `<img src=…>` is a
    tracking pixel, `[Fix it here](https://…)` or a bare `https://…`, `www.…` or `a@b.c` a link,
    a `|` or a line break a new row, and an escape sequence or a NUL reaches whatever reads the
    summary.
    """
    text = visible(value)
    text = shortened(text, limit)
    text = _MARKDOWN.sub(r"\\\g<0>", html.escape(text, quote=False))
    return _AUTOLINK.sub(_SPLIT, " ".join(text.split()))


def render_step_summary(
    findings: Sequence[Finding], ctx: ReportContext, budget: int = SUMMARY_LIMIT
) -> str | None:
    """Markdown listing every finding within `budget` bytes, or None when every finding got an
    annotation."""
    hidden = annotated(findings).count(False)
    if not hidden:
        return None
    rows = [
        "| "
        + " | ".join(
            summary_text(cell)
            for cell in (
                str(finding.severity),
                finding.code,
                finding.rule,
                ctx.repo_shown(finding.path),
                str(finding.line or 1),
                finding.message,
            )
        )
        + " |"
        for finding in findings
    ]
    size, shown = 0, 0
    for row in rows:
        size += len(row.encode("utf-8")) + 1
        if size > budget - _FRAME_BYTES:
            break
        shown += 1
    left = (
        [f"{len(rows) - shown} more findings are not listed: a job summary holds at most 1 MiB; "
         "run memorybank-lint locally to see them all."]
        if shown < len(rows)
        else []
    )  # fmt: skip
    return "\n".join(
        [
            "## memorybank-lint",
            "",
            f"{hidden} of {plural(len(findings), 'finding')} went beyond GitHub's annotation cap "
            f"({ANNOTATION_LIMIT} errors and {ANNOTATION_LIMIT} warnings per step) and "
            "appear only here; the table lists all of them.",
            "",
            "| Severity | Code | Rule | File | Line | Message |",
            "| --- | --- | --- | --- | --- | --- |",
            *rows[:shown],
            *(["", *left] if left else []),
        ]
    )
