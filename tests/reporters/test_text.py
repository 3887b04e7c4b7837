"""The text reporter: the line shape editors link, the summary, colour and cwd-relative paths."""

from __future__ import annotations

from pathlib import Path

from memorybank_lint.findings import Finding, Severity
from memorybank_lint.reporters import ReportContext, render
from memorybank_lint.reporters.text import render_statistics

ROOT = Path("/repo/memory-bank")


def ctx(cwd: Path = ROOT, *, color: bool = False) -> ReportContext:
    return ReportContext(root=ROOT, cwd=cwd, repo_root=Path("/repo"), color=color)


def error(path: str = "a.md", line: int | None = 3, column: int | None = 5, **kw: str) -> Finding:
    fields = {"code": "MB001", "rule": "broken-derived-from", "message": "target missing"} | kw
    return Finding(severity=Severity.ERROR, path=path, line=line, column=column, **fields)


def warning(path: str = "b.md", line: int | None = 1, column: int | None = 1) -> Finding:
    return Finding("MB006", "stale-doc", Severity.WARNING, path, "too old", line, column)


def test_line_format() -> None:
    out = render("text", [error()], [], ctx())
    assert out.splitlines()[0] == "a.md:3:5: MB001 [broken-derived-from] target missing"


def test_whole_file_finding_points_at_line_and_column_one() -> None:
    out = render("text", [error(line=None, column=None)], [], ctx())
    assert out.splitlines()[0].startswith("a.md:1:1: MB001")


def test_findings_keep_their_order() -> None:
    findings = [error(path="z.md"), error(path="a.md")]
    lines = render("text", findings, [], ctx()).splitlines()
    assert [line.split(":")[0] for line in lines[:2]] == ["z.md", "a.md"]


def test_summary_counts_errors_warnings_and_files() -> None:
    findings = [
        error("a.md"),
        error("a.md", line=4),
        error("c.md"),
        warning("b.md"),
        warning("d.md"),
    ]
    out = render("text", findings, [], ctx())
    assert out.splitlines()[-1] == "Found 5 findings (3 errors, 2 warnings) in 4 files."


def test_summary_singular() -> None:
    out = render("text", [error()], [], ctx())
    assert out.splitlines()[-1] == "Found 1 finding (1 error, 0 warnings) in 1 file."


def test_no_findings() -> None:
    assert render("text", [], [], ctx()) == "No findings."


def test_no_colour_by_default() -> None:
    assert "\x1b[" not in render("text", [error(), warning()], [], ctx())


def test_colour_bold_path_red_error_yellow_warning() -> None:
    err_line, warn_line, _ = render("text", [error(), warning()], [], ctx(color=True)).splitlines()
    assert err_line.startswith("\x1b[1ma.md:3:5:\x1b[0m ")
    assert "\x1b[1;31mMB001\x1b[0m" in err_line
    assert "\x1b[1;33mMB006\x1b[0m" in warn_line
    assert "\x1b[1;31m" not in warn_line


def test_path_relative_to_cwd_outside_the_bank() -> None:
    out = render("text", [error("docs/a.md")], [], ctx(cwd=Path("/repo")))
    assert out.startswith("memory-bank/docs/a.md:3:5:")


def test_path_relative_to_cwd_beside_the_bank() -> None:
    out = render("text", [error("docs/a.md")], [], ctx(cwd=Path("/repo/src")))
    assert out.startswith("../memory-bank/docs/a.md:3:5:")


def test_path_relative_to_cwd_inside_the_bank() -> None:
    out = render("text", [error("docs/a.md")], [], ctx(cwd=ROOT / "docs"))
    assert out.startswith("a.md:3:5:")


def test_statistics_most_frequent_first_ties_by_code() -> None:
    findings = [
        warning(),
        error(code="MB004", rule="ssot-conflict"),
        error(),
        error(),
        error(),
        error(code="MB002", rule="bad-frontmatter"),
    ]
    assert render_statistics(findings).splitlines() == [
        "   3  MB001  broken-derived-from",
        "   1  MB002  bad-frontmatter",
        "   1  MB004  ssot-conflict",
        "   1  MB006  stale-doc",
    ]


def test_statistics_empty() -> None:
    assert render_statistics([]) == ""


def test_a_path_cannot_start_a_line_as_a_workflow_command() -> None:
    """A CI runner reads a log line starting `::` as a command (`::error …::`, `::stop-commands::`)."""
    names = ["::error title=Injected::owned.md", "::stop-commands::tok.md", "docs/::x.md"]
    out = render("text", [error(name) for name in names], [], ctx())
    assert not any(line.startswith("::") for line in out.splitlines())
    assert out.splitlines()[0].startswith("./::error title=Injected::owned.md:3:5: MB001")
    assert out.splitlines()[2].startswith("docs/::x.md:3:5:")


def test_a_path_cannot_start_a_line_as_a_workflow_command_behind_blanks() -> None:
    """The runner trims a line's leading blanks before it looks for `::` (any Unicode white
    space: a space, a no-break space, an ideographic space), so a file named ` ::error::x.md`
    at the folder the command ran in would forge an annotation as surely as `::error::x.md`."""
    names = [" ::error::sp.md", "\u00a0::add-mask::nb.md", "\u3000 ::stop-commands::tok.md"]
    out = render("text", [error(name) for name in names], [], ctx())
    assert not any(line.lstrip().startswith("::") for line in out.splitlines())
    assert out.splitlines()[0].startswith("./ ::error::sp.md:3:5: MB001")
