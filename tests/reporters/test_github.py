"""The GitHub reporter: toolkit-compatible escaping, the 10/10 annotation cap and the summary."""

from __future__ import annotations

import re
from pathlib import Path

from memorybank_lint.bank import visible
from memorybank_lint.diagrams import mermaid_text
from memorybank_lint.findings import Finding, Severity
from memorybank_lint.reporters import ReportContext, render
from memorybank_lint.reporters.github import escape_data, escape_property, render_step_summary
from memorybank_lint.reporters.pictures import render_pictures

ROOT = Path("/repo/memory-bank")
CTX = ReportContext(root=ROOT, cwd=Path("/repo"), repo_root=Path("/repo"))
CAPPED = ReportContext(root=ROOT, cwd=Path("/repo"), repo_root=Path("/repo"), capped=True)


def finding(n: int, severity: Severity = Severity.ERROR, message: str = "bad") -> Finding:
    code, rule = ("MB001", "broken-derived-from") if severity is Severity.ERROR else ("MB006", "stale-doc")
    return Finding(code, rule, severity, f"doc{n:02}.md", f"{message} {n}", n + 1, 2)


def test_annotation_shape() -> None:
    out = render("github", [finding(3)], [], CTX).splitlines()
    assert out[0] == ("::error file=memory-bank/doc03.md,line=4,col=2,title=MB001 broken-derived-from::bad 3")


def test_warning_command_and_whole_file_location() -> None:
    whole = Finding("MB006", "stale-doc", Severity.WARNING, "a.md", "old")
    assert render("github", [whole], [], CTX).splitlines()[0] == (
        "::warning file=memory-bank/a.md,line=1,col=1,title=MB006 stale-doc::old"
    )


def test_escape_functions_match_actions_core() -> None:
    assert escape_data("100%\r\nx:y,z") == "100%25%0D%0Ax:y,z"
    assert escape_property("100%\r\nx:y,z") == "100%25%0D%0Ax%3Ay%2Cz"
    assert escape_data("%0A") == "%250A"  # `%` first, so an existing escape is not decoded


def test_message_and_properties_escaped_in_the_command() -> None:
    """A line break in a message is written as the text format writes it, so an annotation shows
    no line the bank forged; `%` is still the command's own escape."""
    odd = Finding("MB001", "broken-derived-from", Severity.ERROR, "a:b,c%.md", "50% of\nlinks: a,b\r", 1, 1)
    line = render("github", [odd], [], CTX).splitlines()[0]
    assert line == (
        "::error file=memory-bank/a%3Ab%2Cc%25.md,line=1,col=1,"
        "title=MB001 broken-derived-from::50%25 of\\nlinks: a,b\\r"
    )


# a header value quoted by MB008, as YAML's "\u001b" and "\u0000" escapes read it
QUOTING_CONTROLS = "status 'act\x1b[2Jive\x00' is not a declared value"
SHOWN_CONTROLS = "status 'act\\x1b[2Jive\\x00' is not a declared value"
RAW_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")  # a line break ends a line of output


def test_a_message_quoting_control_characters_reads_as_in_the_text_format() -> None:
    """A header value a message quotes can hold an escape sequence or a NUL: raw in the command,
    the runner hands them on to whoever reads the log. The annotation says what the text line says."""
    odd = Finding("MB008", "unknown-enum-value", Severity.WARNING, "a.md", QUOTING_CONTROLS, 4, 1)
    annotation = render("github", [odd], [], CTX)
    text_line = render("text", [odd], [], CTX).splitlines()[0]
    assert annotation.splitlines()[0].endswith(f"::{SHOWN_CONTROLS}")
    assert text_line.endswith(SHOWN_CONTROLS)
    assert not RAW_CONTROL.search(annotation)


def test_cap_ten_errors_and_ten_warnings() -> None:
    findings = [finding(n) for n in range(12)] + [finding(n, Severity.WARNING) for n in range(3)]
    lines = render("github", findings, [], CAPPED).splitlines()
    annotations = [line for line in lines if line.startswith("::")]
    assert len(annotations) == 13
    assert sum(line.startswith("::error ") for line in annotations) == 10
    assert sum(line.startswith("::warning ") for line in annotations) == 3
    assert "doc10.md" not in "\n".join(annotations)  # the 11th and 12th errors are the ones cut
    assert lines[-1] == (
        "memorybank-lint: 15 findings (12 errors, 3 warnings); 2 not annotated, see the job summary."
    )


def test_step_summary_lists_every_finding() -> None:
    findings = [finding(n) for n in range(12)] + [finding(n, Severity.WARNING) for n in range(3)]
    summary = render_step_summary(findings, CAPPED)
    assert summary is not None
    assert summary.startswith("## ")
    assert "2 of 15 findings" in summary
    lines = summary.splitlines()
    header = lines.index("| Severity | Code | Rule | File | Line | Message |")
    rows = lines[header + 2 :]
    assert len(rows) == 15
    assert rows[0] == "| error | MB001 | broken-derived-from | memory-bank/doc00.md | 1 | bad 0 |"
    assert rows[11] == ("| error | MB001 | broken-derived-from | memory-bank/doc11.md | 12 | bad 11 |")
    assert rows[-1].startswith("| warning | MB006 | stale-doc | memory-bank/doc02.md | 3 |")


def test_step_summary_escapes_pipes_and_newlines() -> None:
    findings = [finding(n) for n in range(10)] + [finding(10, message="a|b\nc")]
    summary = render_step_summary(findings, CAPPED)
    assert summary is not None
    assert summary.splitlines()[-1].endswith("| a\\|b\\\\nc 10 |")


# What GitHub's Markdown reads as a bare link ("extended autolinks"): a scheme's `://` after its
# letters, a `www.` host, an address's `@` after its name.
AUTOLINKED = re.compile(r"[a-z]://|www\.|\w@", re.IGNORECASE)


def test_step_summary_breaks_every_bare_link_and_address() -> None:
    """Links written `[text](url)` were escaped, but a bare `https://…`, `www.…` or `a@b.c` in a
    header value still rendered as a link the reviewer could click."""
    quoted = "approve https://evil.example/x, HTTP://a.b, www.evil.example, WWW.c.d, mailto:a@b.c"
    findings = [finding(n) for n in range(10)] + [finding(10, message=quoted)]
    summary = render_step_summary(findings, CAPPED)
    assert summary is not None and not AUTOLINKED.search(summary)
    cell = summary.splitlines()[-1]
    assert cell.replace("<!-- -->", "").endswith(f"| {quoted} 10 |")


def test_step_summary_writes_control_characters_as_escapes() -> None:
    """The summary is the bank's text too: an escape sequence or a NUL in a quoted header value is
    shown as its escape (Markdown's `\\` before it), as the text format shows it."""
    findings = [finding(n) for n in range(10)] + [finding(10, message=QUOTING_CONTROLS)]
    summary = render_step_summary(findings, CAPPED)
    assert summary is not None and not RAW_CONTROL.search(summary)
    last = summary.splitlines()[-1]
    assert last.endswith("| status 'act\\\\x1b\\[2Jive\\\\x00' is not a declared value 10 |")


def test_the_job_summarys_pictures_write_control_characters_as_escapes() -> None:
    """A `derived_from` target is drawn by name in the summary: its control characters as escapes."""
    target = "../gone\x1b]0;x\x07\x00.md"
    said = f"derived_from target '{target}' does not exist"
    broken = Finding("MB001", "broken-derived-from", Severity.ERROR, "a.md", said, 5, 3, value=target)
    drawn = render_pictures([broken], CAPPED)
    assert drawn is not None and not RAW_CONTROL.search(drawn)
    assert mermaid_text(visible(target)) in drawn  # `\x1b` as the text format writes it, then coded


def test_step_summary_shows_the_banks_text_as_inert_text() -> None:
    """File names and header values come from the pull request: raw, an `<img>` is a tracking
    pixel and `[text](url)` a link in the summary the reviewer reads."""
    hostile = "<img src=https://evil/p.png> [Fix it here](https://evil) **BUILD OK** `x` \\ !"
    findings = [finding(n) for n in range(10)] + [finding(10, message=hostile)]
    last = render_step_summary(findings, CAPPED).splitlines()[-1]
    assert "<img" not in last and "&lt;img src=https<!-- -->://evil/p.png&gt;" in last
    assert "\\[Fix it here\\](https<!-- -->://evil)" in last and "\\*\\*BUILD OK\\*\\*" in last
    assert "\\`x\\`" in last and "\\\\" in last and "\\!" in last


def test_step_summary_stays_under_githubs_size_limit() -> None:
    """GitHub drops a step summary over 1 MiB whole: long values are cut and rows stop in time."""
    from memorybank_lint.reporters.github import CELL_LIMIT, SUMMARY_LIMIT

    findings = [finding(n, message="x" * 5_000) for n in range(6_000)]
    summary = render_step_summary(findings, CAPPED)
    assert len(summary.encode("utf-8")) < SUMMARY_LIMIT + 10_000
    assert max(len(line) for line in summary.splitlines()) < CELL_LIMIT + 200
    assert summary.splitlines()[-1].endswith("run memorybank-lint locally to see them all.")


def test_no_summary_when_everything_fits() -> None:
    findings = [finding(n) for n in range(10)] + [finding(n, Severity.WARNING) for n in range(10)]
    assert render_step_summary(findings, CTX) is None
    assert render_step_summary([], CTX) is None
    lines = render("github", findings, [], CTX).splitlines()
    assert len(lines) == 21
    assert lines[-1] == "memorybank-lint: 20 findings (10 errors, 10 warnings)."


def test_no_findings() -> None:
    assert render("github", [], [], CTX) == "memorybank-lint: no findings."


def test_outside_actions_every_finding_is_annotated_and_no_summary_is_mentioned() -> None:
    findings = [finding(n) for n in range(70)] + [finding(n, Severity.WARNING) for n in range(20)]
    lines = render("github", findings, [], CTX).splitlines()
    assert sum(line.startswith("::") for line in lines) == 90
    assert lines[-1] == "memorybank-lint: 90 findings (70 errors, 20 warnings)."


def test_what_earlier_steps_wrote_counts_against_the_summarys_limit(tmp_path, monkeypatch) -> None:
    """The Action's diff and any earlier step share the file: the linter's part fits in what is
    left, and its pictures (long Cyrillic labels, two bytes a letter) are counted in bytes."""
    import subprocess
    import sys
    from pathlib import Path

    from memorybank_lint.reporters.github import SUMMARY_LIMIT
    from tests.conftest import CLEAN_BANK, write_bank

    long = "документ-" * 60
    files = dict(CLEAN_BANK)
    for n in range(300):
        head = f"---\ntitle: D{n}\ndoc_kind: domain\nstatus: draft\n"
        files[f"domain/{n:03}.md"] = f"{head}derived_from:\n  - ../{long}{n}.md\n---\n# D\n"
    root = write_bank(tmp_path / "memory-bank", files)
    summary = tmp_path / "summary.md"
    summary.write_bytes(b"x" * (SUMMARY_LIMIT - 20_000))
    env = {"PATH": "/usr/bin:/bin", "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)}
    lint = str(Path(sys.executable).with_name("memorybank-lint"))
    done = subprocess.run([lint, "--root", str(root), "--no-cache"], capture_output=True, text=True, env=env)
    assert done.returncode == 1, done.stderr
    assert summary.stat().st_size <= SUMMARY_LIMIT
    assert "more findings are not listed" in summary.read_text(encoding="utf-8")


def test_a_run_under_actions_writes_no_control_character_from_the_bank(tmp_path: Path) -> None:
    """The command as the Action runs it: header values holding an escape sequence, a bell and a
    NUL reach neither the annotations nor the job summary's table and pictures raw."""
    import subprocess
    import sys

    from tests.conftest import CLEAN_BANK, write_bank

    table = "# Frontmatter\n\n| Field | Values |\n|---|---|\n| `status` | `draft` / `active` |\n"
    files = {**CLEAN_BANK, "dna/frontmatter.md": table}
    for n in range(11):  # one past the cap, so the summary lists them
        files[f"domain/odd{n}.md"] = (
            f'---\ntitle: Odd\ndoc_kind: domain\nstatus: "act\\u001b[2Jive\\u0000{n}"\n'
            'derived_from:\n  - "../gone\\u001b]0;x\\u0007.md"\n---\n# Odd\n'
        )
    root = write_bank(tmp_path / "memory-bank", files)
    summary = tmp_path / "summary.md"
    env = {"PATH": "/usr/bin:/bin", "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)}
    lint = str(Path(sys.executable).with_name("memorybank-lint"))
    done = subprocess.run(
        [lint, "--root", str(root), "--select", "MB001,MB008", "--no-cache"], capture_output=True, env=env
    )
    assert done.returncode == 1, done.stderr
    out, drawn = done.stdout.decode("utf-8"), summary.read_text(encoding="utf-8")
    assert "status 'act\\x1b[2Jive\\x000'" in out and "```mermaid" in drawn
    assert not RAW_CONTROL.search(out) and not RAW_CONTROL.search(drawn)
