"""`memorybank-lint`: the command behind the pre-commit hook and the GitHub Action.

Exit codes: 0 no failing findings, 1 failing findings, 2 usage or configuration error or no bank.
`run()` returns the code; only `main()` hands it to the interpreter.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

import click

from . import __version__, baseline, progress, staged
from .bank import Bank, BankNotFound, enclosing_bank, find_root, json_text, never_read, printable
from .config import ConfigError, for_bank, load, open_bank, rule_codes, settings, show
from .edits.errors import Refused
from .edits.journal import COMMITTED, PENDING, interrupted
from .findings import Finding
from .fixes import command as fixing
from .fixes import fixability
from .fixes.apply import finish_interrupted
from .linter import Selection, idle_glob_note, lint, scope_filter
from .paths import real_path
from .registry import all_rules, find_rule
from .report import output_format, repo_root, report, summary_target
from .reporters import FORMATS, ReportContext
from .usage import OnceEach, UsageProblem, say

__all__ = ["UsageProblem", "invoke", "main", "run"]


def on_disk(item: str) -> Path | None:
    """`item` as it exists on disk, also when typed in another Unicode normalisation (NFC vs NFD)."""
    for form in (item, unicodedata.normalize("NFC", item), unicodedata.normalize("NFD", item)):
        if os.path.lexists(form):
            return Path(form)
    # split as typed: `abspath` would drop a last `/` and fold `..` by spelling, so `x.md/`,
    # `x.md/..` or `gone/../x.md`, which the system refuses, found a file or a folder all the same
    parent, name = os.path.split(item)
    if name not in ("", ".", "..") and os.path.isdir(parent or "."):
        wanted = unicodedata.normalize("NFC", name)
        try:
            entries = os.listdir(parent or ".")
        except OSError as exc:  # a folder this user may not list: say so, not "no such file"
            raise UsageProblem(f"{item}: cannot be read ({exc.strerror or exc})") from exc
        for entry in entries:
            if unicodedata.normalize("NFC", entry) == wanted:
                return Path(parent, entry)
    return None


def _under(path: str, folder: str) -> bool:
    """Whether bank path `path` lies in bank folder `folder` ("" is the whole bank). `folder` is
    the one found on disk (`on_disk` took care of the form it was typed in), so a twin folder whose
    name differs only by Unicode form is not in it."""
    return not folder or path.startswith(folder + "/")


def _bank_paths(root: Path, given: tuple[str, ...], bank: Bank) -> tuple[set[str], list[str]]:
    """Bank paths for the files or directories given on the command line (outside the bank:
    skipped), and the folders among them ("" for the bank itself, or a folder holding it).

    A name is looked up as the bank keys it (`printable`: a backslash doubled, a control
    character or a byte that is not UTF-8 escaped), exactly first, so of two names that differ
    only by Unicode form the one given is the one judged; a name typed in the other form finds
    its file when only one exists.
    """
    by_nfc: dict[str, list[str]] = {}
    for path in bank.docs:
        by_nfc.setdefault(unicodedata.normalize("NFC", path), []).append(path)
    wanted: set[str] = set()
    folders: list[str] = []
    for item in given:
        if os.path.islink(item):  # named by the link, not by where it leads
            say("memorybank-lint", f"{item} is a symbolic link, which the bank never follows; skipped")
            continue
        absolute = real_path(item)
        try:
            relative = printable(absolute.relative_to(root).as_posix())
        except ValueError:
            if absolute not in root.parents:
                say("memorybank-lint", f"{item} is not inside the bank {root}; skipped")
                continue
            relative = ""  # a folder holding the bank (`.` at the repository's root): all of it
        if relative in ("", "."):
            wanted.update(bank.docs)
            folders.append("")
            continue
        if relative in bank.docs:
            wanted.add(relative)
            continue
        twins = by_nfc.get(unicodedata.normalize("NFC", relative), [])
        if not absolute.is_dir() and len(twins) == 1:
            wanted.add(twins[0])
            continue
        why = never_read(relative, absolute)
        if why is not None:
            say("memorybank-lint", f"{item} {why}; skipped")
        elif absolute.is_dir():
            inside = [path for path in bank.docs if _under(path, relative)]
            if not inside:
                say("memorybank-lint", f"{item} holds no document of the bank; skipped")
            wanted.update(inside)
            folders.append(relative)
        else:
            wanted.add(relative)
    return wanted, folders


def _reported_on(in_scope: Callable[[str], bool], folders: list[str], bank: Bank) -> Callable[[str], bool]:
    """Whether a run over the given paths reported on bank path `path`, for baseline entries.

    Why more than `in_scope`: that test is built from the documents that exist, and a baseline
    entry can name one deleted since. Under a folder (or the bank) given as a path it was
    checked all the same: nothing is there any more, so its entry is gone, as in a run over the
    whole bank.
    """
    if not folders:
        return in_scope
    return lambda path: (
        in_scope(path) or (path not in bank.docs and any(_under(path, folder) for folder in folders))
    )


def _untracked_unless_named(root: Path, paths: tuple[str, ...], bank: Bank, gone: set[str]) -> set[str]:
    """The documents of the bank git does not track, to read as gone, less the files named on the
    command line that the commit does not delete: those are checked as on the disk, and a note
    says the commit does not carry them.

    Why: pre-commit names only staged files on a commit, but `pre-commit run --files new.md`, or
    the hook run by hand on a page not added yet, names one git does not track. Read as gone, it
    was reported on not at all, and silently; the person named it to have it checked. A named
    file the commit deletes (`git rm --cached`) stays gone, as the commit has it, and is said so.
    """
    untracked = staged.untracked(root, bank.docs)
    checked = set()
    for item in paths:
        if os.path.isdir(item) or os.path.islink(item):
            continue  # a folder names what git holds in it; a link is skipped, and said so, later
        try:
            path = printable(real_path(item).relative_to(root).as_posix())
        except ValueError:
            continue
        if path in gone:
            say("memorybank-lint", f"{item}: the commit deletes it, so it is read as gone and not checked")
        elif path in untracked:
            say(
                "memorybank-lint",
                f"{item}: git does not track it, so a commit does not carry it (git add it); "
                "checked as on the disk",
            )
            checked.add(path)
    return untracked - checked


def _existing(paths: tuple[str, ...]) -> tuple[str, ...]:
    """The given paths as found on disk; a path that does not exist is a usage error."""
    found = []
    for item in paths:
        real = on_disk(item)
        if real is None:
            raise UsageProblem(f"{item}: no such file or directory")
        found.append(str(real))
    return tuple(found)


def _root_of(paths: tuple[str, ...]) -> Path | None:
    """The one bank the given files or folders live in (a nested `docs/memory-bank/` included,
    or named itself), if any.

    A link is placed by the folder it sits in, never by where it leads: the bank skips it, and
    a link in the bank to another project's document must not make the run open that bank.
    """
    roots = set()
    for item in paths:
        if os.path.isdir(item) and not os.path.islink(item):
            folder = real_path(item)
        else:
            folder = real_path(os.path.dirname(os.path.abspath(item)))
        found = enclosing_bank(folder)
        if found is not None:
            roots.add(found)
    if len(roots) > 1:
        listed = ", ".join(sorted(str(r) for r in roots))
        raise UsageProblem(f"the files belong to several banks ({listed}); run once per bank with --root")
    return roots.pop() if roots else None


def _list_rules(fmt: str | None) -> str:
    if fmt == "json":
        rules = [
            {"code": s.code, "name": s.name, "severity": str(s.severity), "summary": s.summary}
            for s in all_rules()
        ]
        return json_text(rules)
    if fmt not in (None, "text"):
        raise UsageProblem(f"--list-rules prints text or json, not {fmt}")
    return "\n".join(f"{s.code}  {s.name:<28} {s.severity!s:<8} {s.summary}" for s in all_rules())


def _text_or_json(fmt: str | None, value: object, as_text, what: str) -> str:
    if fmt == "json":
        return json_text(value)
    if fmt not in (None, "text"):
        raise UsageProblem(f"{what} prints text or json, not {fmt}")
    return as_text(value)


def _explain(token: str, fmt: str | None) -> str:
    spec = find_rule(token)
    if spec is None:
        raise UsageProblem(f"unknown rule '{token}' (see --list-rules)")
    doc = {"code": spec.code, "name": spec.name, "severity": str(spec.severity), "doc": spec.doc.strip()}
    return _text_or_json(
        fmt, doc, lambda d: f"{d['code']} {d['name']} ({d['severity']})\n\n{d['doc']}", "--explain"
    )


# Pairs of options where one would silently win over the other: each is refused, naming both.
_CLASHES = (
    ("list_rules", "explain"),
    ("show_settings", "list_rules"),
    ("show_settings", "explain"),
    ("show_settings", "fix"),
    ("show_settings", "diff"),
    ("show_settings", "write_baseline"),
    ("show_settings", "baseline"),
    ("diff", "fix"),
    ("diff", "write_baseline"),
    ("diff", "statistics"),
    ("write_baseline", "baseline"),
    ("write_baseline", "statistics"),
    ("staged_deletions", "write_baseline"),  # a commit's check wrote none when nothing was deleted
    ("fix", "ignore_noqa"),  # it would fix what a suppression accepts and leave the comment unused
    ("diff", "ignore_noqa"),
)


# The modes that only print (with --format) and the options of a run they would pass over.
_INFO_MODES = {"list_rules": (), "explain": (), "show_settings": ("root", "config")}
_RUN_OPTIONS = (
    "root", "config", "select", "ignore", "extend_select", "statistics", "fix", "unsafe_fixes", "diff",
    "exit_zero", "ignore_noqa", "strict", "baseline", "write_baseline", "no_cache", "staged_deletions",
)  # fmt: skip


def _refuse_mistakes(opts: dict, paths: tuple[str, ...]) -> None:
    """An empty value, or two options of which one would be passed over, is a usage error: a
    value given as `''` must not quietly mean "not given"."""
    for name in ("root", "select", "ignore", "extend_select", "baseline", "write_baseline", "explain"):
        value = opts.get(name)
        if isinstance(value, str) and not value.strip():
            raise UsageProblem(f"--{name.replace('_', '-')} is empty")
    if any(not path.strip() for path in paths):
        raise UsageProblem("a path is empty")
    for name in ("baseline", "write_baseline"):  # a last `/`, `/.` or `/..` goes when it becomes a Path
        value = opts.get(name)
        if isinstance(value, str) and value.replace(os.sep, "/").rsplit("/", 1)[-1] in ("", ".", ".."):
            raise UsageProblem(
                f"--{name.replace('_', '-')} {value} ends with a slash, '.' or '..', so it names a folder; "
                "give a file"
            )
    for one, other in _CLASHES:
        if opts.get(one) and opts.get(other):
            raise UsageProblem(
                f"--{one.replace('_', '-')} and --{other.replace('_', '-')} do not go together; pick one"
            )
    for mode, allowed in _INFO_MODES.items():
        if opts.get(mode):
            extra = [name for name in _RUN_OPTIONS if name not in allowed and opts.get(name)]
            if extra or paths:
                what = f"--{extra[0].replace('_', '-')}" if extra else "a path"
                raise UsageProblem(
                    f"{what} does not apply to --{mode.replace('_', '-')}, which only prints; give it alone"
                )
    if opts.get("unsafe_fixes") and not (opts.get("fix") or opts.get("diff")):
        raise UsageProblem("--unsafe-fixes applies to --fix or --diff")
    if opts.get("diff") and opts.get("format") not in (None, "text"):
        raise UsageProblem(f"--diff prints a unified diff, not {opts['format']}")
    if opts.get("statistics") and opts.get("format") not in (None, "text", "json"):
        raise UsageProblem(f"--statistics prints text or json, not {opts['format']}")
    if opts.get("write_baseline") and opts.get("format") not in (None, "text"):
        raise UsageProblem(
            f"--write-baseline prints one line, not {opts['format']}; it writes the file it names"
        )


NOQA_ONLY = "--ignore-noqa leaves no rule to run: MB013 judges the suppressions it turns off"


def _refuse_unknown_rules(opts: dict) -> None:
    """Every rule `--select`, `--ignore` and `--extend-select` name exists, checked before a run
    can end early: `--staged-deletions` on a commit that stages nothing of a bank passed with 0
    before the lists were read, so a typo in a hook's `args` went unsaid until a commit touched
    the bank. Whether the lists leave a rule to run is the bank's configuration's to tell."""
    named = {}
    for name, chosen in (("select", True), ("ignore", False), ("extend_select", False)):
        if opts.get(name) is not None:
            named[name] = rule_codes(opts[name], f"--{name.replace('_', '-')}", chosen=chosen)
    # a selection the command line alone makes MB013 and nothing else leaves `--ignore-noqa`
    # nothing to run on any bank; one the configuration makes is judged once the bank is read
    if opts.get("ignore_noqa") and "select" in named:
        scopes = {spec.code: spec.scope for spec in all_rules()}
        judged = (set(named["select"]) | set(named.get("extend_select", ()))) - set(named.get("ignore", ()))
        if judged and all(scopes[code] == "suppressions" for code in judged):
            raise UsageProblem(NOQA_ONLY)


def _ran(selection: Selection, noqa: bool) -> frozenset[str]:
    """The rules a run judged the bank by: the selected ones, less MB013 under `--ignore-noqa`.

    Why: a baseline entry of a rule that did not run cannot have been matched. It is neither
    gone (the run would say "fixed or gone") nor to be dropped when the baseline is rewritten,
    and the same holds where a per-file ignore hides a rule, or for a file not checked.
    """
    return frozenset(spec.code for spec in selection.active() if noqa or spec.scope != "suppressions")


def run(opts: dict, paths: tuple[str, ...]) -> int:
    cwd = Path.cwd()
    _refuse_mistakes(opts, paths)
    if opts["list_rules"]:
        click.echo(_list_rules(opts["format"]))
        return 0
    if opts["explain"]:
        click.echo(_explain(opts["explain"], opts["format"]))
        return 0
    config = load(cwd, Path(opts["config"]) if opts["config"] else None)
    paths = _existing(paths)
    _refuse_unknown_rules(opts)
    # read before --fix writes, and before a commit with nothing to check passes, so a baseline
    # that cannot be read stops the run with the bank untouched, and a typo in a hook's args shows
    known = baseline.load(Path(opts["baseline"])) if opts["baseline"] else None
    if opts["show_settings"]:
        try:
            root: Path | None = real_path(opts["root"]) if opts["root"] else config.bank_root(cwd)
        except BankNotFound:
            root = None
        if root is not None:
            config = for_bank(config, root, Path(opts["config"]) if opts["config"] else None)
        resolved = settings(config, root)
        click.echo(_text_or_json(opts["format"], resolved, show, "--show-settings"))
        return 0
    named = real_path(opts["root"]) if opts["root"] else config.root  # the bank asked for, if any
    deleted = staged.deleted_documents(named or cwd) if opts["staged_deletions"] else []
    deleted_from = None if named else staged.bank_of(deleted)  # the bank a deletion was in
    root = named or _root_of(paths) or deleted_from
    if root is None:
        if opts["staged_deletions"] and not paths:
            return 0  # the commit stages nothing of a bank: nothing to check
        root = find_root(cwd)
    if deleted_from not in (None, root):
        raise UsageProblem(
            f"the commit changes documents of several banks ({root}, {deleted_from}); "
            "run once per bank with --root"
        )
    gone = staged.in_bank(deleted, root)
    if opts["staged_deletions"] and not paths and not gone:
        return 0
    config = for_bank(config, root, Path(opts["config"]) if opts["config"] else None)
    selection = config.selection(opts["select"], opts["ignore"], opts["extend_select"])
    if opts["ignore_noqa"] and not _ran(selection, noqa=False):
        raise UsageProblem(NOQA_ONLY)
    if output_format(opts) == "text":
        progress.enable(sys.stderr)
    bank = open_bank(root, config, cache=not opts["no_cache"])
    if opts["fix"] and (done := finish_interrupted(bank)):
        say("memorybank-lint", f"a write that was interrupted earlier was {done} first")
    elif interrupted(root):
        left = COMMITTED if os.path.lexists(root / COMMITTED) else PENDING
        say(
            "memorybank-lint",
            f"a write was interrupted in this bank ({left} is left in it); the findings may show it "
            "half done until the next governed write or --fix finishes or undoes it",
        )
    before = bank  # with the deleted documents in it: what they linked and claimed (`affected`)
    if missing := gone - bank.docs.keys():
        before = bank.as_written(staged.written_before(root, missing, bank.max_bytes))
    kept = gone & bank.docs.keys()  # `git rm --cached`: the commit deletes what the disk keeps
    if opts["staged_deletions"]:  # and never carries what was not added
        kept |= _untracked_unless_named(root, paths, bank, gone)
    if kept:
        bank = bank.as_written({}, kept)
    gc.freeze()  # one run: the bank lives to the end, so collections need not walk it again
    if paths or opts["staged_deletions"]:
        wanted, folders = _bank_paths(root, paths, bank) if paths else (set(), [])
        wanted |= staged.affected(bank, gone, before)
        in_scope = scope_filter(wanted)
        reported_on = _reported_on(in_scope, folders, bank)
    else:
        in_scope = reported_on = scope_filter()
    hidden: list[Finding] = []  # what inline suppressions silenced: a baseline entry may name it
    findings = lint(bank, selection, in_scope=in_scope, noqa=not opts["ignore_noqa"], hidden=hidden)
    for glob in selection.idle_globs(bank.docs, config.selection()):
        say("memorybank-lint", idle_glob_note(glob))
    if opts["diff"]:  # what --fix would change, with the same baseline: only the new findings' fixes
        # a patch names files from where it is applied: here, when the bank is here or below;
        # from inside the bank, `../adr/x.md` would apply nowhere, so from the repository's root
        base = cwd if cwd == root or cwd in root.parents else repo_root(root)
        if base != cwd:
            say("memorybank-lint", f"the diff's paths are relative to {printable(str(base))}; apply it there")
        shown = ReportContext(root=root, cwd=base, repo_root=base).shown_path
        offered = findings if known is None else baseline.new_findings(findings, known)
        code = fixing.show_diff(bank, offered, opts["unsafe_fixes"], shown)
        return 0 if opts["exit_zero"] else code
    fixed = None
    if not opts["write_baseline"] and not opts["statistics"] and output_format(opts) == "github":
        summary_target()  # a job summary that cannot be written stops the run before --fix writes
    ran = _ran(selection, noqa=not opts["ignore_noqa"])
    target = Path(opts["write_baseline"]) if opts["write_baseline"] else None
    replaced: list[dict] | None = None  # the entries a partial rewrite may keep; None: replaced whole
    if target is not None:
        # so is the baseline to write, and the old one a partial rewrite keeps entries of
        tools = [root.parent / baseline.OFF_MARKER, config.cache_folder(root)]  # kept beside the bank
        baseline.check_target(target, root, config.files(), tools)
        whole = (
            not paths
            and not opts["staged_deletions"]
            and not selection.per_file_ignores
            and not hidden
            and ran >= {spec.code for spec in all_rules()}
        )
        replaced = None if whole else baseline.previous(target)
    if opts["fix"]:
        # a baselined finding was accepted as it is: only the findings the run reports are fixed
        reported = findings if known is None else baseline.new_findings(findings, known)
        fixed = fixing.fix(bank, reported, opts["unsafe_fixes"])
        hidden.clear()
        findings = lint(bank, selection, in_scope=in_scope, noqa=not opts["ignore_noqa"], hidden=hidden)

    def checked(code: str, where: str) -> bool:
        return code in ran and reported_on(where) and not selection.silenced(code, where)

    if target is not None:
        kept = [] if replaced is None else baseline.unchecked_entries(replaced, findings, checked, hidden)
        baseline.write(target, findings, kept, root, config.files())
        if fixed is not None:  # the documents were written: say so, as a --fix without it does
            say(
                "memorybank-lint",
                fixing.fix_summary(fixed, findings, fixability(bank, findings), opts["unsafe_fixes"]),
            )
        also = (
            f" and kept {len(kept)} entr{'y' if len(kept) == 1 else 'ies'} this run did not check"
            if kept
            else ""
        )
        say("memorybank-lint", f"wrote {len(findings)} finding(s){also} to {opts['write_baseline']}")
        return 0
    if known is not None:
        findings, notes = baseline.screen(findings, known, Path(opts["baseline"]), checked, hidden)
        for note in notes:
            say("memorybank-lint", note)
    report(findings, opts, bank, cwd, fixed)
    strict = opts["strict"] or config.strict
    failing = [f for f in findings if f.is_error or strict]
    return 0 if opts["exit_zero"] or not failing else 1


@click.command(cls=OnceEach, context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("paths", nargs=-1, type=click.Path())
@click.option(
    "--root",
    type=click.Path(file_okay=False),
    help="The bank folder (default: the configured root, else memory_bank/ or memory-bank/ here, "
    "the bank folder this is in, or at the top of this git repository).",
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
@click.option(
    "--statistics", is_flag=True, help="Print a count per rule instead of the findings (text or json)."
)
@click.option("--fix", is_flag=True, help="Apply the safe fixes, then report what remains.")
@click.option(
    "--unsafe-fixes",
    is_flag=True,
    help="With --fix or --diff, also the fixes that edit another document, pick a target or change a value.",
)
@click.option(
    "--diff", is_flag=True, help="Print the fixes --fix would apply as a unified diff; write nothing."
)
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@click.option(
    "--ignore-noqa",
    is_flag=True,
    help="Report findings inline suppressions (# noqa, <!-- noqa -->, disable) would silence.",
)
@click.option("--strict", is_flag=True, help="Warnings fail too.")
@click.option(
    "--staged-deletions",
    is_flag=True,
    help="Also check the documents that name a document the git index deletes or renames away; "
    "with no PATHS, only those (the pre-commit hook's run).",
)
@click.option(
    "--baseline", type=click.Path(dir_okay=False), help="Report only findings not recorded in this file."
)
@click.option(
    "--write-baseline", type=click.Path(dir_okay=False), help="Record the current findings and exit 0."
)
@click.option(
    "--config", type=click.Path(dir_okay=False, exists=True), help="Read configuration from this file."
)
@click.option(
    "--no-cache", is_flag=True, help="Parse every document afresh and leave the cache folder untouched."
)
@click.option(
    "--show-settings", is_flag=True, help="Print the configuration in force, where it came from, and exit."
)
@click.option("--list-rules", is_flag=True, help="List every rule and exit (text or --format json).")
@click.option("--explain", metavar="RULE", help="Print a rule's documentation and exit.")
@click.version_option(__version__, "--version", prog_name="memorybank-lint")
def command(paths: tuple[str, ...], **opts: object) -> None:
    """Check a memory bank against the rules its own dna/ declares."""
    try:
        code = run(opts, paths)
    except (UsageProblem, ConfigError, BankNotFound, baseline.BaselineError) as exc:
        say("memorybank-lint", str(exc))
        code = 2
    except Refused as exc:  # the bank could not be locked for --fix, or holds a journal it may not
        say("memorybank-lint", str(exc))  # finish: nothing was written, and no finding was judged
        code = 2
    except BrokenPipeError:  # the reader went away (`| head`): nothing more to say, to anyone
        code = 1
    except OSError as exc:
        say("memorybank-lint", str(exc))
        code = 2
    raise SystemExit(code)


def invoke(cmd: click.Command, argv: list[str] | None, prog_name: str) -> int:
    """Run a click command and return its exit code instead of exiting.

    A usage error click finds (an unknown flag, a bad value) is one line on stderr and exit 2,
    the same as the usage errors the command finds itself.
    """
    given = list(sys.argv[1:] if argv is None else argv)
    options = given[: given.index("--")] if "--" in given else given
    if "--version" in options and len(given) > 1:  # eager: whatever else was asked would not run
        say(prog_name, "--version prints the version only; give it alone")
        return 2
    try:
        cmd.main(args=argv, prog_name=prog_name, standalone_mode=False)
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.UsageError as exc:
        say(prog_name, f"{exc.format_message()} (see --help)")
        return 2
    except click.ClickException as exc:
        say(prog_name, exc.format_message())
        return exc.exit_code
    except click.exceptions.Abort:
        return 2
    except SystemExit as done:
        return int(done.code or 0)
    return 0


def main(argv: list[str] | None = None) -> int:
    return invoke(command, operands_last(sys.argv[1:] if argv is None else argv), "memorybank-lint")


def operands_last(argv: list[str]) -> list[str]:
    """`argv` with the staged file names pre-commit appends moved after a `--`, where they can
    only be paths, whatever they start with.

    Why: pre-commit appends the staged names after the hook's own arguments, with no `--`, and a
    repository can hold `--write-baseline=./memory-bank/x.md` (a folder named `--write-baseline=.`):
    read as an option, it overwrote a document and ended the run with 0. Only the trailing run
    of arguments is such a list, and only a markdown file's name (the hook passes nothing else):
    a file named `--format` or `--strict` beside the bank must not turn the command's own
    options into paths (a pull request adding two empty files, `--format` and `github`, left the
    Action checking nothing). A value an option takes (`--root -bank`) stays its value.
    """
    stop = argv.index("--") if "--" in argv else len(argv)
    head, tail = argv[:stop], argv[stop + 1 :]
    takes_value = _value_options()
    first = len(head)
    while first > 0:
        arg, before = head[first - 1], head[first - 2] if first > 1 else ""
        if before in takes_value:
            break  # the value of the option before it
        dashed = len(arg) > 1 and arg.startswith("-")
        if dashed and not (arg.casefold().endswith(".md") and os.path.lexists(arg)):
            break
        first -= 1
    moved = head[first:]
    if not any(len(arg) > 1 and arg.startswith("-") for arg in moved):
        return argv
    return [*head[:first], "--", *moved, *tail]


def _value_options() -> frozenset[str]:
    """Every spelling of an option that takes a value as the next argument (`--root`, `--format`)."""
    return frozenset(
        spelling
        for param in command.params
        if isinstance(param, click.Option) and not param.is_flag and not param.count
        for spelling in (*param.opts, *param.secondary_opts)
    )


def exit_now(code: int) -> NoReturn:
    """End the process with `code`, output flushed, skipping the interpreter's teardown.

    Why: a run over a large bank ends holding millions of small objects, and the teardown frees
    them one by one (~0.2 s of a 10,000-document run) for a process that is ending anyway.
    Nothing is left open for writing by then: the report and the cache are written and closed.
    """
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)


def open_streams(prog: str) -> None:
    """Refuse a run whose standard output is closed (`>&-`), before it does anything.

    Why: Python starts such a process with `sys.stdout` set to None, and the report, the JSON or
    the exit's flush raised a traceback, after `--fix` had already rewritten documents. A closed
    standard error gets a sink instead, so no message can raise."""
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (open until the process ends)
    if sys.stdout is None:
        print(
            f"{prog}: standard output is closed, so nothing could be reported; nothing was done",
            file=sys.stderr,
        )
        os._exit(2)


def utf8_output() -> None:
    """Write stdout and stderr as UTF-8, whatever the locale says.

    Why: a report quotes the bank's own text; under a locale whose encoding cannot hold it
    (`PYTHONIOENCODING=cp1252`, a Windows pipe) printing raised, and the run ended with a
    traceback, exit 1 and no report at all. SARIF and JSON readers expect UTF-8 in any case.
    """
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "")
        if encoding != "utf8" and hasattr(stream, "reconfigure"):
            with contextlib.suppress(OSError, ValueError):
                stream.reconfigure(encoding="utf-8", errors="backslashreplace")


def entry() -> NoReturn:
    """The `memorybank-lint` console script."""
    open_streams("memorybank-lint")
    utf8_output()
    exit_now(main())


if __name__ == "__main__":
    sys.exit(main())
