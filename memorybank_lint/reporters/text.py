"""The human format: one `path:line:col:` line per finding, the shape editors and terminals link.

Why this shape: `path:line:col:` is what compilers and ruff print, so terminal emulators, editors'
problem matchers and `grep` all understand it without configuration.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Mapping, Sequence
from typing import TYPE_CHECKING

from ..bank import inert, visible
from ..findings import Finding, Severity
from ..registry import RuleSpec

if TYPE_CHECKING:
    from . import ReportContext

_BOLD = "\x1b[1m"
_RED = "\x1b[1;31m"
_YELLOW = "\x1b[1;33m"
_RESET = "\x1b[0m"


def plural(count: int, word: str) -> str:
    """`1 error`, `2 errors`: shared by the formats that print a summary line."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _paint(text: str, style: str, color: bool) -> str:
    return f"{style}{text}{_RESET}" if color else text


def format_finding(finding: Finding, ctx: ReportContext) -> str:
    """One finding as one line, whatever its message quotes (`visible`); a whole-file finding
    points at 1:1 so the location stays clickable, and a path that starts with `::` is shown as
    `./::…`, so a file's name cannot be read as a GitHub workflow command in a CI log. Blanks
    before the `::` count for nothing: the runner trims a line's leading white space (a space, a
    no-break space) before it looks for a command. The older `##[command]` form counts anywhere in
    a line, so the line is made `inert`."""
    shown = ctx.shown_path(finding.path)
    if shown.lstrip().startswith("::"):  # a line starting `::` is a workflow command to a CI runner
        shown = "./" + shown
    location = f"{shown}:{finding.line or 1}:{finding.column or 1}:"
    code_style = _RED if finding.severity is Severity.ERROR else _YELLOW
    return inert(
        f"{_paint(location, _BOLD, ctx.color)} {_paint(finding.code, code_style, ctx.color)} "
        f"[{finding.rule}] {visible(finding.message)}"
    )


def summary(findings: Sequence[Finding]) -> str:
    """The closing line, so a user sees the size of the problem without counting lines."""
    if not findings:
        return "No findings."
    errors = sum(1 for finding in findings if finding.is_error)
    files = len({finding.path for finding in findings})
    return (
        f"Found {plural(len(findings), 'finding')} ({plural(errors, 'error')}, "
        f"{plural(len(findings) - errors, 'warning')}) in {plural(files, 'file')}."
    )


def render(findings: Sequence[Finding], rules: Sequence[RuleSpec], ctx: ReportContext) -> str:
    """Every finding in the order given, then the summary."""
    return "\n".join([*(format_finding(finding, ctx) for finding in findings), summary(findings)])


def statistics(
    findings: Sequence[Finding], fixable: Container[Finding] | None = None
) -> list[dict[str, object]]:
    """Counts per rule, most frequent first (ties by code, so the order is stable); with
    `fixable`, each rule's count of findings a fix can repair too, and with the fixes themselves
    (a mapping), how many of those need `--unsafe-fixes` (`unsafe`): the text line says so, and
    JSON said only `fixable`, a safe fix and an unsafe one alike."""
    counts = Counter((finding.code, finding.rule) for finding in findings)
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0][0]))
    rows: list[dict[str, object]] = [
        {"code": code, "rule": name, "count": count} for (code, name), count in ordered
    ]
    if fixable is not None:
        fixed = Counter(finding.code for finding in findings if finding in fixable)
        unsafe = Counter(
            finding.code
            for finding in findings
            if isinstance(fixable, Mapping)
            and finding in fixable
            and not getattr(fixable[finding], "safe", True)
        )
        for row in rows:
            row["fixable"] = fixed[str(row["code"])]
            if isinstance(fixable, Mapping):
                row["unsafe"] = unsafe[str(row["code"])]
    return rows


def render_statistics(findings: Sequence[Finding], fixable: Container[Finding] | None = None) -> str:
    """Counts per rule, most frequent first (ruff's `--statistics`), to see where to start.

    Empty when there are no findings.
    """
    rows = statistics(findings, fixable)
    if not rows:
        return ""
    width = max(4, len(str(rows[0]["count"])))
    return "\n".join(f"{row['count']:>{width}}  {row['code']}  {row['rule']}" + _fixable(row) for row in rows)


def _fixable(row: dict[str, object]) -> str:
    """How many of a rule's findings a fix takes care of, saying which need `--unsafe-fixes`, as
    the line after the report does."""
    fixable = int(str(row.get("fixable") or 0))
    unsafe = int(str(row.get("unsafe") or 0))
    if not fixable:
        return ""
    if not unsafe:
        return f"  ({fixable} fixable)"
    if unsafe == fixable:
        return f"  ({fixable} fixable with --unsafe-fixes)"
    return f"  ({fixable - unsafe} fixable, {unsafe} more with --unsafe-fixes)"
