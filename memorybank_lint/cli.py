"""`memorybank-lint`: the command behind the pre-commit hook and the GitHub Action.

Exit codes: 0 no failing findings, 1 failing findings, 2 usage or configuration error or no bank.
`run()` returns the code; only `main()` hands it to the interpreter.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click

from . import __version__, baseline
from .bank import BANK_DIR_NAMES, Bank, BankNotFound, find_root
from .config import Config, ConfigError, load, rule_codes
from .findings import Finding
from .linter import Selection, lint, scope_filter
from .registry import all_rules, find_rule
from .reporters import FORMATS, ReportContext, github, render, text


class UsageProblem(Exception):
    """A one-line reason to exit with code 2."""


def _repo_root(start: Path) -> Path:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--show-toplevel"], cwd=start, capture_output=True, text=True, timeout=10
        )
    except (OSError, subprocess.SubprocessError):
        return start
    return Path(out.stdout.strip()) if out.returncode == 0 and out.stdout.strip() else start


def _bank_paths(root: Path, given: tuple[str, ...], bank: Bank) -> set[str]:
    """Bank paths for the files or directories given on the command line (others are ignored)."""
    wanted: set[str] = set()
    for item in given:
        absolute = Path(item).resolve()
        try:
            relative = absolute.relative_to(root).as_posix()
        except ValueError:
            click.echo(f"memorybank-lint: {item} is not inside the bank {root}; skipped", err=True)
            continue
        if relative in ("", "."):
            wanted.update(bank.docs)
        elif absolute.is_dir():
            wanted.update(p for p in bank.docs if p.startswith(relative + "/"))
        else:
            wanted.add(relative)
    return wanted


def _root_of(paths: tuple[str, ...]) -> Path | None:
    """The one bank the given files live in (a nested `docs/memory-bank/` included), if any."""
    roots = set()
    for item in paths:
        for directory in Path(item).resolve().parents:
            if directory.name in BANK_DIR_NAMES:
                roots.add(directory)
                break
    if len(roots) > 1:
        listed = ", ".join(sorted(str(r) for r in roots))
        raise UsageProblem(f"the files belong to several banks ({listed}); run once per bank with --root")
    return roots.pop() if roots else None


def _selection(config: Config, select: str | None, ignore: str | None, extend: str | None) -> Selection:
    chosen = rule_codes(select, "--select") if select else config.select
    extra = config.extend_select + (rule_codes(extend, "--extend-select") if extend else [])
    if chosen is not None or extra:
        chosen = list(chosen if chosen is not None else [s.code for s in all_rules()]) + extra
    ignored = config.ignore + (rule_codes(ignore, "--ignore") if ignore else [])
    return Selection(
        select=frozenset(chosen) if chosen is not None else None,
        ignore=frozenset(ignored),
        per_file_ignores=tuple((glob, frozenset(codes)) for glob, codes in config.per_file_ignores.items()),
        severities=dict(config.severity),
    )


def _list_rules() -> str:
    rows = [f"{s.code}  {s.name:<28} {s.severity!s:<8} {s.summary}" for s in all_rules()]
    return "\n".join(rows)


def _explain(token: str) -> str:
    spec = find_rule(token)
    if spec is None:
        raise UsageProblem(f"unknown rule '{token}' (see --list-rules)")
    return f"{spec.code} {spec.name} ({spec.severity})\n\n{spec.doc.strip()}"


def run(opts: dict, paths: tuple[str, ...]) -> int:
    cwd = Path.cwd()
    if opts["list_rules"]:
        click.echo(_list_rules())
        return 0
    if opts["explain"]:
        click.echo(_explain(opts["explain"]))
        return 0
    config = load(cwd, Path(opts["config"]) if opts["config"] else None)
    root = Path(opts["root"]).resolve() if opts["root"] else config.root or _root_of(paths) or find_root(cwd)
    if not root.is_dir():
        raise BankNotFound(f"bank root {root} is not a directory")
    selection = _selection(config, opts["select"], opts["ignore"], opts["extend_select"])
    bank = Bank(root, **({"max_bytes": config.max_file_size} if config.max_file_size else {}))
    bank.refresh()
    in_scope = scope_filter(_bank_paths(root, paths, bank)) if paths else scope_filter()
    findings = lint(bank, selection, in_scope=in_scope)
    if opts["write_baseline"]:
        Path(opts["write_baseline"]).write_text(baseline.dumps(findings), encoding="utf-8")
        click.echo(f"memorybank-lint: wrote {len(findings)} finding(s) to {opts['write_baseline']}", err=True)
        return 0
    if opts["baseline"]:
        known = baseline.load(Path(opts["baseline"]))
        total = len(findings)
        findings = baseline.new_findings(findings, known)
        if total > len(findings):
            click.echo(
                f"memorybank-lint: {total - len(findings)} known finding(s) hidden by the baseline", err=True
            )
    _report(findings, opts, root, cwd)
    strict = opts["strict"] or config.strict
    failing = [f for f in findings if f.is_error or strict]
    return 0 if opts["exit_zero"] or not failing else 1


def _report(findings: list[Finding], opts: dict, root: Path, cwd: Path) -> None:
    fmt = opts["format"] or ("github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text")
    color = fmt == "text" and sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    ctx = ReportContext(
        root=root, cwd=cwd, repo_root=_repo_root(root) if fmt == "sarif" else cwd, color=color
    )
    if opts["statistics"]:
        click.echo(text.render_statistics(findings) or "No findings.")
        return
    click.echo(render(fmt, findings, all_rules(), ctx))
    summary_file = os.environ.get("GITHUB_STEP_SUMMARY")
    if fmt == "github" and summary_file:
        table = github.render_step_summary(findings, ctx)
        if table:
            with open(summary_file, "a", encoding="utf-8") as handle:
                handle.write(table + "\n")


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("paths", nargs=-1, type=click.Path())
@click.option(
    "--root",
    type=click.Path(file_okay=False),
    help="The bank folder (default: memory_bank/ or memory-bank/ here).",
)
@click.option(
    "--format",
    "format",
    type=click.Choice(FORMATS),
    help="Output format (default: text; github under GitHub Actions).",
)
@click.option("--select", help="Only these rules (codes or names, comma-separated).")
@click.option("--ignore", help="Skip these rules (codes or names, comma-separated).")
@click.option("--extend-select", help="Add these rules to the selection.")
@click.option("--statistics", is_flag=True, help="Print a count per rule instead of the findings.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@click.option("--strict", is_flag=True, help="Warnings fail too.")
@click.option(
    "--baseline", type=click.Path(dir_okay=False), help="Report only findings not recorded in this file."
)
@click.option(
    "--write-baseline", type=click.Path(dir_okay=False), help="Record the current findings and exit 0."
)
@click.option(
    "--config", type=click.Path(dir_okay=False, exists=True), help="Read configuration from this file."
)
@click.option("--list-rules", is_flag=True, help="List every rule and exit.")
@click.option("--explain", metavar="RULE", help="Print a rule's documentation and exit.")
@click.version_option(__version__, "--version", prog_name="memorybank-lint")
def command(paths: tuple[str, ...], **opts: object) -> None:
    """Check a memory bank against the rules its own dna/ declares."""
    try:
        code = run(opts, paths)
    except (UsageProblem, ConfigError, BankNotFound, baseline.BaselineError) as exc:
        click.echo(f"memorybank-lint: {exc}", err=True)
        code = 2
    except OSError as exc:
        click.echo(f"memorybank-lint: {exc}", err=True)
        code = 2
    raise SystemExit(code)


def invoke(cmd: click.Command, argv: list[str] | None, prog_name: str) -> int:
    """Run a click command and return its exit code instead of exiting (usage errors give 2)."""
    try:
        cmd.main(args=argv, prog_name=prog_name, standalone_mode=False)
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.exceptions.Abort:
        return 2
    except SystemExit as done:
        return int(done.code or 0)
    return 0


def main(argv: list[str] | None = None) -> int:
    return invoke(command, argv, "memorybank-lint")


if __name__ == "__main__":
    sys.exit(main())
