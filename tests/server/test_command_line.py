"""`mcp-memorybank` action flags for seeding: output, `--json`, exit codes, and the linter after."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from memorybank_lint.cli import main as lint_main
from memorybank_lint.document import Document, parse
from memorybank_server.cli import main

from ..conftest import captured


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    return captured(main, argv, capsys)


def test_init_dry_run_then_init_then_lint_clean(tmp_path: Path, capsys) -> None:
    root = tmp_path / "memory_bank"
    code, out, _ = run(["--root", str(root), "--init", "Acme Shop", "--dry-run"], capsys)
    assert code == 0 and out.startswith(f"WOULD CREATE {root}") and "files: 24" in out
    assert not root.exists()
    code, out, _ = run(["--root", str(root), "--init", "Acme Shop"], capsys)
    assert code == 0 and out.startswith(f"CREATED {root}")
    assert (
        "directories: adr, dna, domain, engineering, features, flows, ops, processes, product, use-cases"
        in out
    )
    assert lint_main(["--root", str(root), "--strict"]) == 0
    assert "No findings." in capsys.readouterr().out
    code, out, _ = run(["--root", str(root), "--materialize-flows"], capsys)
    assert code == 0 and out.startswith(f"COPIED 24 files into {root}/flows/templates")
    assert lint_main(["--root", str(root), "--strict"]) == 0


def test_json_prints_the_result_object(tmp_path: Path, capsys) -> None:
    root = tmp_path / "memory_bank"
    code, out, _ = run(["--root", str(root), "--init", "Acme", "--json"], capsys)
    result = json.loads(out)
    assert code == 0
    assert set(result) == {
        "root",
        "created",
        "dryRun",
        "files",
        "directories",
        "warnings",
        "overwrites",
        "skipped",
    }
    assert result["created"] is True and len(result["files"]) == 24


def test_a_refusal_exits_one_with_the_reason(tmp_path: Path, capsys) -> None:
    root = tmp_path / "memory_bank"
    assert run(["--root", str(root), "--init", "Acme"], capsys)[0] == 0
    code, _, err = run(["--root", str(root), "--init", "Acme"], capsys)
    assert code == 1 and "already holds 24 documents" in err


def test_usage_errors_exit_two(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(["--init", "Acme"], capsys)[0] == 2
    assert run(["--materialize-flows"], capsys)[0] == 2
    code, _, err = run(["--root", str(tmp_path), "--route", "x", "--limit", "0"], capsys)
    assert code == 2 and "--limit" in err


def test_the_console_scripts_work_as_subprocesses(tmp_path: Path) -> None:
    bin_dir = Path(sys.executable).parent
    root = tmp_path / "memory-bank"
    done = subprocess.run(
        [str(bin_dir / "mcp-memorybank"), "--root", str(root), "--init", "Acme"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    done = subprocess.run(
        [str(bin_dir / "memorybank-lint")], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and "No findings." in done.stdout


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "memory-bank"
MISTAKES = {
    "an empty rule": (["--validate", "--rule", ""], "--rule is empty"),
    "an empty section": (["--read", "domain/pricing.md", "--section", ""], "--section is empty"),
    "an empty kind": (["--create", "adr/ADR-009.md", "--purpose", "Why.", "--kind", ""], "--kind is empty"),
    "an empty folder to leave out": (["--route", "price", "--off", ""], "--off is empty"),
    "a derived list of nothing": (
        ["--create", "adr/ADR-009.md", "--purpose", "Why.", "--derived", ","],
        "--derived holds an empty item: ','",
    ),
    "a canonical list with a gap": (
        ["--create", "adr/ADR-009.md", "--purpose", "Why.", "--canonical", "a,,b"],
        "--canonical holds an empty item",
    ),
    "a drift scope that matches nothing": (["--drift", "--scope", "nowhere"], "matches no document"),
    "a create without its purpose": (["--create", "adr/ADR-009.md"], "--create needs --purpose"),
    "a promote of a note that is not there": (
        ["--promote", "_inbox/none.md", "--to", "domain/n.md"],
        "Not a document of this bank",
    ),
    "a create outside the bank": (["--create", "../x.md", "--purpose", "p"], "'..' is not allowed"),
    "a create that is not markdown": (["--create", "x.txt", "--purpose", "p"], "'x.txt' must end in .md"),
    "a create through a hidden folder": (["--create", ".git/x.md", "--purpose", "p"], "hidden"),
    "a create with a two-line title": (
        ["--create", "adr/ADR-009.md", "--purpose", "p", "--title", "a\nb"],
        "--title must be one line",
    ),
    "a promote of a document outside the inbox": (
        ["--promote", "domain/pricing.md", "--to", "domain/n.md"],
        "Only quarantined documents can be promoted",
    ),
    "a route limit past 25": (["--route", "price", "--limit", "26"], "--limit with --route is 1 to 25"),
    "a route limit of 0": (["--route", "price", "--limit", "0"], "--limit with --route is 1 to 25, not 0"),
    "a search limit past 50": (["--search", "price", "--limit", "51"], "--limit with --search is 1 to 50"),
    "a fenced-off list with a gap": (
        ["--create", "adr/ADR-009.md", "--purpose", "p", "--must-not-define", "a,,b"],
        "--must-not-define holds an empty item: 'a,,b'",
    ),
    "a body file outside the project": (
        ["--create", "adr/ADR-009.md", "--purpose", "p", "--kind", "adr", "--body-file", "/etc/hostname"],
        "--body-file '/etc/hostname' is outside the project directory",
    ),
    "a body file that is not there": (
        ["--create", "adr/ADR-009.md", "--purpose", "p", "--kind", "adr", "--body-file", "no-such.md"],
        "--body-file 'no-such.md'",
    ),
    "an option taken for the title": (
        ["--create", "adr/ADR-009.md", "--kind", "adr", "--purpose", "p", "--title", "--dry-run"],
        "--title takes a value, and --dry-run is an option; give --title its value",
    ),
    "a fenced-off list given to a read": (["--route", "price", "--must-not-define", "a"], "works only with"),
    "a field without its value": (
        ["--create", "adr/ADR-009.md", "--purpose", "p", "--field", "owner"],
        "KEY=VALUE",
    ),
    "a field set twice": (
        ["--create", "adr/ADR-009.md", "--purpose", "p", "--field", "a=1", "--field", "a=2"],
        "--field sets 'a' twice",
    ),
    "a field that is governed": (
        ["--create", "adr/ADR-009.md", "--purpose", "p", "--field", "status=active"],
        "--field may not set 'status': it is governed",
    ),
    "a field that is no key": (
        ["--create", "adr/ADR-009.md", "--purpose", "p", "--field", "1x=y"],
        "--field key '1x' is not a frontmatter key",
    ),
}


@pytest.mark.parametrize(("argv", "phrase"), MISTAKES.values(), ids=MISTAKES.keys())
def test_a_mistaken_value_exits_two_in_one_line_and_writes_nothing(
    tmp_path: Path, capsys, argv: list[str], phrase: str
) -> None:
    """A value given as '' never quietly means "not given", and a mistake in what was asked is a
    usage error (2), not a refused write (1)."""
    root = tmp_path / "memory-bank"
    shutil.copytree(EXAMPLE, root)
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    code, out, err = run(["--root", str(root), *argv], capsys)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1 and phrase in err, err
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before


def document(root: Path, path: str) -> Document:
    return parse(path, (root / path).read_text(encoding="utf-8"))


def test_an_active_document_without_sources_is_refused_with_the_flag_that_makes_it_a_draft(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    """The refusal told a terminal user to "create it as a draft" without the flag that does it;
    the flag it names now works for both commands."""
    project = tmp_path / "project"
    shutil.copytree(EXAMPLE, project / "memory-bank")
    monkeypatch.chdir(project)
    create = ["--create", "domain/x.md", "--kind", "domain", "--purpose", "Why X."]
    code, _, err = run([*create, "--status", "active"], capsys)
    assert code == 1 and "pass --derived, or give it --status draft" in err
    assert run([*create, "--status", "draft"], capsys)[0] == 0
    assert run(["--create", "n.md", "--inbox", "--kind", "domain", "--purpose", "A note."], capsys)[0] == 0
    code, _, err = run(["--promote", "_inbox/n.md", "--to", "domain/n.md"], capsys)
    assert code == 1 and "--status draft" in err


def test_create_and_promote_write_status_body_and_fenced_off_keys_as_the_tools_do(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    """The command line set only kind, title, purpose, derived_from and canonical_for: a document
    created from a terminal could not be born active, with its own body, fencing facts off, or
    with a field of the team's own (`extra`), as one created by an agent can."""
    project = tmp_path / "project"
    root = project / "memory-bank"
    shutil.copytree(EXAMPLE, root)
    (project / "body.md").write_text("Chosen for speed.\n\n## Context\n\nMeasured.\n", encoding="utf-8")
    monkeypatch.chdir(project)
    argv = [
        "--create",
        "adr/ADR-009.md",
        "--purpose",
        "Why X.",
        "--kind",
        "adr",
        "--derived",
        "../domain/pricing.md",
    ]
    code, _, err = run([*argv, "--status", "bogus"], capsys)  # this bank's refusal, not a slip: 1
    assert code == 1 and 'status "bogus" is not among the values declared in dna/' in err
    argv += ["--status", "active", "--must-not-define", "a, b", "--body-file", "body.md"]
    code, _, err = run([*argv, "--field", "owner=alice", "--field", "reviewed = 2026-01-01"], capsys)
    assert code == 0, err
    created = document(root, "adr/ADR-009.md")
    assert created.data["owner"] == "alice" and created.data["reviewed"] == "2026-01-01"
    assert created.status == "active" and created.must_not_define == ["a", "b"]
    assert "Chosen for speed.\n\n## Context\n\nMeasured." in created.text
    assert run(["--create", "n.md", "--inbox", "--kind", "domain", "--purpose", "A note."], capsys)[0] == 0
    promote = ["--promote", "_inbox/n.md", "--to", "domain/n.md", "--derived", "pricing.md"]
    code, _, err = run([*promote, "--must-not-define", "zz"], capsys)
    assert code == 0, err
    promoted = document(root, "domain/n.md")
    assert promoted.status == "active" and promoted.must_not_define == ["zz"]
    assert run(["--create", "n2.md", "--inbox", "--kind", "domain", "--purpose", "Another."], capsys)[0] == 0
    assert run(["--promote", "_inbox/n2.md", "--to", "domain/n2.md", "--status", "draft"], capsys)[0] == 0
    assert document(root, "domain/n2.md").status == "draft"


def test_an_option_where_the_project_name_belongs_seeds_nothing(tmp_path: Path, capsys) -> None:
    """`--init --dry-run` seeded a bank named "--dry-run", for real: click took the flag for the name."""
    root = tmp_path / "memory_bank"
    for slip in ("--dry-run", "--dry-run=1", f"--root={root}"):
        code, out, err = (
            run(["--root", str(root), "--init", slip], capsys)
            if "root" not in slip
            else run(["--init", slip], capsys)
        )
        assert (code, out) == (2, "") and f"--init takes a value, and {slip} is an option" in err, err
        assert not root.exists()


def test_an_empty_project_name_is_a_usage_error(tmp_path: Path, capsys) -> None:
    code, _, err = run(["--root", str(tmp_path / "memory_bank"), "--init", ""], capsys)
    assert code == 2 and "--init is empty" in err and not (tmp_path / "memory_bank").exists()


def test_a_project_name_of_two_lines_is_a_mistaken_value(tmp_path: Path, capsys) -> None:
    root = tmp_path / "memory_bank"
    code, out, err = run(["--root", str(root), "--init", "a\nb", "--dry-run"], capsys)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1 and "the --init name must be one line" in err
    assert not root.exists()


def test_a_write_the_bank_refuses_still_exits_one(tmp_path: Path, capsys) -> None:
    """A well-formed request the bank refuses (a document already there) is not a usage error."""
    root = tmp_path / "memory-bank"
    shutil.copytree(EXAMPLE, root)
    code, out, err = run(["--root", str(root), "--create", "domain/pricing.md", "--purpose", "p"], capsys)
    assert (code, out) == (1, "") and "Refusing to overwrite an existing document" in err


def test_stats_lists_every_field_the_linter_checks_against_the_contract(tmp_path: Path, capsys) -> None:
    """`--stats` showed doc_kind, doc_function and status only, while MB006 also checks
    delivery_status and decision_status against the values dna/ declares."""
    from memorybank_lint.bank import Bank
    from memorybank_lint.contract import TRACKED_FIELDS

    root = tmp_path / "memory_bank"
    assert run(["--root", str(root), "--init", "Acme"], capsys)[0] == 0
    code, out, _ = run(["--root", str(root), "--stats", "--json"], capsys)
    assert code == 0
    allowed = json.loads(out)["contract"]["allowed"]
    assert list(allowed) == list(TRACKED_FIELDS)
    bank = Bank(root)
    bank.refresh()
    assert bank.contract is not None
    for name in ("delivery_status", "decision_status"):
        assert allowed[name] == sorted(bank.contract.allowed(name, "governance") or [])
        assert allowed[name]


def test_a_bank_folder_under_a_file_is_a_mistaken_path_named_by_the_file_it_is_under(
    tmp_path: Path, capsys
) -> None:
    """The refusal was the bare errno text, `[Errno 20] Not a directory: '…/x'`, and it exited 1
    where every other action exits 2 for the same root."""
    (tmp_path / "notes.txt").write_text("kept\n")
    root = tmp_path / "notes.txt" / "docs" / "memory_bank"
    code, _, err = run(["--root", str(root), "--init", "Acme"], capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert f"cannot make the bank folder {root}: {tmp_path / 'notes.txt'} is not a folder" in err
    assert (tmp_path / "notes.txt").read_text() == "kept\n" and sorted(tmp_path.iterdir()) == [
        tmp_path / "notes.txt"
    ]


@pytest.mark.parametrize("under", ["", "docs/memory_bank"], ids=["the-link", "below-it"])
def test_a_bank_folder_reached_through_a_linked_folder_is_seeded(tmp_path: Path, capsys, under: str) -> None:
    """A folder reached through a link (`/tmp` on macOS, a linked projects folder) was refused as
    `… is not a folder`, though every other action, and `bank_init`, follow it to the folder."""
    (tmp_path / "real").mkdir()
    (tmp_path / "linked").symlink_to(tmp_path / "real", target_is_directory=True)
    root = tmp_path / "linked" / under if under else tmp_path / "linked"
    code, _, err = run(["--root", str(root), "--init", "Acme"], capsys)
    assert code == 0, err
    assert (tmp_path / "real" / under / "README.md").is_file()
    assert lint_main(["--root", str(root), "--strict"]) == 0


def test_a_bank_folder_that_is_a_dangling_link_is_a_mistaken_path(tmp_path: Path, capsys) -> None:
    """A link to nothing is not followed to make the folder it names somewhere else."""
    (tmp_path / "memory_bank").symlink_to(tmp_path / "elsewhere")
    code, _, err = run(["--root", str(tmp_path / "memory_bank"), "--init", "Acme"], capsys)
    assert code == 2 and "is not a folder" in err
    assert not (tmp_path / "elsewhere").exists()


def test_search_names_a_word_no_body_holds_under_its_results(capsys) -> None:
    example = Path(__file__).parents[2] / "examples" / "memory-bank"
    code, out, _ = run(["--root", str(example), "--search", "FOO_BAR_BAZ checkout"], capsys)
    lines = out.splitlines()
    assert code == 0 and lines[0].endswith("features/FT-001-checkout/brief.md:16 [feature / delivery] x2.0")
    assert lines[-1].startswith("(No document body holds foo_bar_baz as written")


def test_stats_of_a_bank_without_a_contract_says_so(tmp_path: Path, capsys) -> None:
    """It died with a traceback on any bank without dna/ (the linter's MB012 case)."""
    (tmp_path / "README.md").write_text("# Index\n")
    code, out, _ = run(["--root", str(tmp_path), "--stats"], capsys)
    assert code == 0 and "contract: absent" in out
    code, out, _ = run(["--root", str(tmp_path), "--stats", "--json"], capsys)
    assert code == 0 and json.loads(out)["contract"] is None


def test_materialize_flows_that_copies_nothing_does_not_say_the_bank_took_over(
    tmp_path: Path, capsys
) -> None:
    """`COPIED 0 files`, then "The bank now owns its templates", for a bank that got none; and
    `--init --force` that made no folder printed an empty `directories:` line."""
    root = tmp_path / "memory-bank"
    shutil.copytree(Path(__file__).parents[2] / "examples/memory-bank", root)
    code, out, _ = run(["--root", str(root), "--materialize-flows"], capsys)
    assert code == 0 and out.startswith(f"COPIED 0 files into {root}/flows/templates")
    assert "now owns its templates" not in out and "goes on using the templates it used before" in out
    code, out, _ = run(["--root", str(root), "--init", "Acme", "--force", "--dry-run"], capsys)
    assert code == 0 and "directories: \n" not in out + "\n"


def test_a_read_cut_at_its_cap_says_so_in_text(tmp_path: Path, capsys) -> None:
    """`--read` printed the first 400,000 bytes under `(400000 bytes)` and stopped mid-word."""
    root = tmp_path / "memory-bank"
    shutil.copytree(Path(__file__).parents[2] / "examples/memory-bank", root)
    (root / "domain/long.md").write_text("---\ntitle: Long\n---\n# Long\n\n" + "word " * 100_000 + "\n")
    code, out, _ = run(["--root", str(root), "--read", "domain/long.md"], capsys)
    assert code == 0
    head, *_, last = out.rstrip("\n").split("\n")
    assert head.startswith("=== domain/long.md (first ") and "bytes" in head
    assert last.startswith("--- Cut at ") and "one section at a time" in last
    code, out, _ = run(["--root", str(root), "--read", "dna/principles.md"], capsys)
    assert code == 0 and "(first " not in out and "--- Cut at" not in out


def test_stats_calls_a_file_it_could_not_read_a_parse_error_not_one_without_a_header(
    tmp_path: Path, capsys
) -> None:
    """A file over the size limit was listed under "no frontmatter", though it has one."""
    root = tmp_path / "memory-bank"
    shutil.copytree(Path(__file__).parents[2] / "examples/memory-bank", root)
    (root / "domain/huge.md").write_text("---\ntitle: Huge\n---\n# Huge\n" + "x" * 3_000_000 + "\n")
    code, out, _ = run(["--root", str(root), "--stats", "--json"], capsys)
    result = json.loads(out)
    assert code == 0 and "domain/huge.md" in result["parseErrors"]
    assert "domain/huge.md" not in result["noFrontmatter"]


def test_a_graph_of_a_lone_page_prints_no_empty_layer_list(tmp_path: Path, capsys) -> None:
    """`nodes: 1 ()`: the neighbours' layers, of which a page with none has none."""
    root = tmp_path / "memory_bank"
    assert run(["--root", str(root), "--init", "Acme"], capsys)[0] == 0
    (root / "domain/lone.md").write_text("---\ntitle: Lone\n---\n# Lone\n")
    code, out, _ = run(["--root", str(root), "--graph", "domain/lone.md"], capsys)
    assert code == 0 and out.rstrip("\n").endswith("nodes: 1")


def test_an_empty_answer_in_the_terminal_names_the_other_option_not_the_tool(
    fixture_bank: Path, capsys
) -> None:
    """The hint an agent reads names `bank_search`; a terminal user runs `--search`."""
    code, out, _ = run(["--root", str(fixture_bank), "--route", "zzqxv wqzzv"], capsys)
    assert code == 0 and out.startswith("(no matches)") and "--search" in out and "bank_search" not in out
    code, out, _ = run(["--root", str(fixture_bank), "--search", "zzqxv wqzzv"], capsys)
    assert code == 0 and out.startswith("(no matches)") and "--route" in out and "bank_route" not in out
    _, out, _ = run(["--root", str(fixture_bank), "--route", "zzqxv wqzzv", "--json"], capsys)
    assert "bank_search" in json.loads(out)["hint"]  # the tool's own answer, as the server gives it
    _, out, _ = run(["--root", str(fixture_bank), "--search", "queue", "--kind", "governance"], capsys)
    assert out.startswith("(no matches) No document with --kind 'governance' matches this, though others do")


def test_an_emptied_filter_in_the_terminal_names_every_filter_by_its_flag(fixture_bank: Path, capsys) -> None:
    """The hint renamed docKind only: "No document with --kind 'adr' and layer 'dna'" and
    "status 'draft'" kept the tool's field names beside a flag."""
    root = ["--root", str(fixture_bank)]
    _, out, _ = run([*root, "--route", "queue retention", "--kind", "adr", "--layer", "dna"], capsys)
    assert out.startswith("(no matches) No document with --kind 'adr' and --layer 'dna' matches this")
    _, out, _ = run([*root, "--search", "queue", "--status", "draft", "--layer", "decision"], capsys)
    assert out.startswith("(no matches) No document with --layer 'decision' and --status 'draft' matches")


def test_the_read_tools_filters_have_their_flags_and_answer_as_the_tools_do(
    fixture_bank: Path, capsys
) -> None:
    """`bank_route(docKind, layer)`, `bank_search(docKind, layer, status)` and
    `bank_validate(severity)` could not be asked from a terminal: the filtered answer, as the
    tool gives it, could not be reproduced there."""
    from memorybank_lint.bank import Bank
    from memorybank_server.drift import drift
    from memorybank_server.graph import graph
    from memorybank_server.read import read
    from memorybank_server.retrieval.route import route
    from memorybank_server.retrieval.search import search
    from memorybank_server.validate import validate

    long_page = "---\ntitle: Long\n---\n# Long\n\n" + "A line of the long page.\n" * 200
    (fixture_bank / "engineering" / "long.md").write_text(long_page, encoding="utf-8")
    bank = Bank(fixture_bank)
    bank.refresh()
    root = ["--root", str(fixture_bank), "--json"]
    asked = {
        ("--route", "queue retention", "--kind", "adr"): route(bank, "queue retention", 5, "adr", None),
        ("--route", "queue retention", "--layer", "knowledge"): route(
            bank, "queue retention", 5, None, "knowledge"
        ),
        ("--search", "queue", "--layer", "decision"): search(bank, "queue", 10, None, "decision"),
        ("--search", "queue", "--status", "active", "--kind", "adr"): search(
            bank, "queue", 10, "adr", None, "active"
        ),
        ("--validate", "--severity", "warning"): validate(bank, severity="warning", capped=False),
        ("--graph", "dna/principles.md", "--limit", "2"): graph(bank, "dna/principles.md", "down", 2, 2),
        ("--graph", "adr/ADR-002-storage.md", "--no-neighbours", "--direction", "up"): graph(
            bank, "adr/ADR-002-storage.md", "up", 2, 60, neighbours=False
        ),
        ("--read", "engineering/long.md", "--max-bytes", "1000"): read(
            bank, "engineering/long.md", None, 1000
        ),
        ("--read", "domain/rules.md", "--section", "Invariants"): read(bank, "domain/rules.md", "Invariants"),
        ("--route", "queue retention", "--limit", "1"): route(bank, "queue retention", 1, None, None),
        ("--search", "queue", "--limit", "1"): search(bank, "queue", 1, None, None),
        ("--graph", "dna/principles.md", "--depth", "1"): graph(bank, "dna/principles.md", "down", 1),
        ("--drift", "--threshold-days", "30"): drift(bank, 30),
    }
    for argv, expected in asked.items():
        _, out, _ = run([*root, *argv], capsys)
        answer = json.loads(out)
        assert answer == expected, argv
    assert json.loads(run([*root, "--route", "queue retention", "--kind", "adr"], capsys)[1])["results"]
    unfiltered = {  # each flag changes the answer, so an ignored flag would show
        ("--graph", "dna/principles.md", "--limit", "2"): graph(bank, "dna/principles.md"),
        ("--graph", "adr/ADR-002-storage.md", "--no-neighbours", "--direction", "up"): graph(
            bank, "adr/ADR-002-storage.md", "up"
        ),
        ("--read", "engineering/long.md", "--max-bytes", "1000"): read(bank, "engineering/long.md"),
        ("--read", "domain/rules.md", "--section", "Invariants"): read(bank, "domain/rules.md"),
        ("--route", "queue retention", "--limit", "1"): route(bank, "queue retention", 5, None, None),
        ("--search", "queue", "--limit", "1"): search(bank, "queue", 10, None, None),
        ("--graph", "dna/principles.md", "--depth", "1"): graph(bank, "dna/principles.md"),
        ("--drift", "--threshold-days", "30"): drift(bank),
    }
    assert all(asked[argv] != answer for argv, answer in unfiltered.items())
    assert all(f["severity"] == "warning" for f in asked[("--validate", "--severity", "warning")]["findings"])


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--route", "queue", "--layer", "flows"], "Invalid value for '--layer'"),
        (["--route", "queue", "--kind", "ADR"], "--kind 'ADR' matches no document"),
        (["--search", "queue", "--status", "activ"], "--status 'activ' matches no document"),
        (["--validate", "--severity", "fatal"], "Invalid value for '--severity'"),
        (["--validate", "--layer", "dna"], "--layer"),
        (["--graph", "dna/principles.md", "--limit", "301"], "--limit with --graph is 1 to 300"),
        (["--read", "domain/glossary.md", "--max-bytes", "999"], "--max-bytes must be an integer"),
        (["--route", "queue", "--no-neighbours"], "--no-neighbours"),
        (["--read", "adr/README.md", "--status", "active"], "--status"),
    ],
)
def test_a_mistaken_filter_flag_exits_two_with_the_reason(fixture_bank: Path, capsys, argv, said) -> None:
    code, _, err = run(["--root", str(fixture_bank), *argv], capsys)
    assert code == 2 and said in err and len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--read", "domain/glossary.md", "--max-bytes", "10"], "--max-bytes must be an integer of at least"),
        (["--route", "queue", "--kind", "nope"], "--kind 'nope' matches no document of this bank"),
        (["--search", "queue", "--kind", "nope"], "--kind 'nope' matches no document of this bank"),
        (["--search", "queue", "--status", "nope"], "--status 'nope' matches no document of this bank"),
        (["--validate", "--scope", "nowhere"], "--scope 'nowhere' matches no document of this bank"),
        (["--drift", "--scope", "nowhere"], "--scope 'nowhere' matches no document of this bank"),
        (["--route", "x"], "--route must be at least 2 characters long"),
    ],
)
def test_a_read_refusal_names_the_flags_not_the_tools_arguments(
    fixture_bank: Path, capsys, argv: list[str], said: str
) -> None:
    """A read action's refusal began with the flag and then named the tool's argument
    ("--max-bytes: maxBytes must be …", "--kind: docKind 'nope' …"): it now says the flag alone."""
    code, _, err = run(["--root", str(fixture_bank), *argv], capsys)
    assert code == 2 and said in err and len(err.strip().splitlines()) == 1, err
    assert not re.search(r"maxBytes|docKind|question|(?<!--)\b(status|scope) '", err), err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--read", "domain/docKind.md"], "--read: Not a document of this bank: 'domain/docKind.md'"),
        (["--graph", "fields/maxBytes.md"], "'fields/maxBytes.md'"),
        (["--changed", "query-engine"], "--changed: 'query-engine' is not a commit"),
        (["--changed", "status"], "--changed: 'status' is not a commit"),
    ],
)
def test_a_refusal_quotes_the_users_value_as_typed(
    tmp_path: Path, capsys, argv: list[str], said: str
) -> None:
    """The refusal's argument names were renamed to flags inside the values it quotes too:
    `--read domain/docKind.md` was 'domain/--kind.md', and `--changed query-engine` was read as
    a refusal beginning with the argument `query`, printed as `--search-engine' is not a commit`."""
    project = tmp_path / "project"
    shutil.copytree(EXAMPLE, project / "memory-bank")
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    code, out, err = run(["--root", str(project / "memory-bank"), *argv], capsys)
    assert (code, out) == (2, "") and said in err and len(err.strip().splitlines()) == 1, err


def test_json_answers_escape_control_and_bidi_characters(tmp_path: Path, capsys) -> None:
    """`--read`, `--search` and `--stats` with `--json` wrote a C1 control (U+009B, an 8-bit CSI)
    and a bidi override from the bank raw, so the terminal showing the answer was driven by them.
    They are written as JSON's escapes: the value read back is the bank's."""
    root = tmp_path / "memory-bank"
    shutil.copytree(Path(__file__).parents[2] / "examples/memory-bank", root)
    pricing = root / "domain/pricing.md"
    pricing.write_text(
        pricing.read_text(encoding="utf-8") + "\nzebraword \u009b31m \u202erev\n", encoding="utf-8"
    )
    (root / "odd.md").write_text('---\ntitle: Odd\ndoc_kind: "x\\x9bm"\n---\n# Odd\n', encoding="utf-8")
    for argv, found in (
        (
            ["--read", "domain/pricing.md"],
            lambda answer: "zebraword \u009b31m \u202erev" in json.dumps(answer, ensure_ascii=False),
        ),
        (["--search", "zebraword"], lambda answer: "\u009b31m" in json.dumps(answer, ensure_ascii=False)),
        (["--stats"], lambda answer: "x\u009bm" in answer["byDocKind"]),
    ):
        code, out, _ = run(["--root", str(root), *argv, "--json"], capsys)
        assert code == 0, argv
        assert "\u009b" not in out and "\u202e" not in out, argv
        assert "\\u009b" in out, argv
        assert found(json.loads(out)), argv


def test_stats_cuts_the_header_values_it_counts_by(tmp_path: Path, capsys) -> None:
    """`--stats` keyed its histograms by each doc_kind and doc_function whole, and listed the
    values the contract allows whole: a 100 KB doc_kind was printed in full, once per kind."""
    from memorybank_server.read import HEADER_CHARS

    root = tmp_path / "memory-bank"
    shutil.copytree(Path(__file__).parents[2] / "examples/memory-bank", root)
    governance = root / "dna/governance.md"
    text = governance.read_text(encoding="utf-8")
    governance.write_text(text.replace("`feature` |", f"`feature`, `{'v' * 100_000}` |"), encoding="utf-8")
    for n in range(3):
        header = f"title: H\ndoc_kind: {'K' * 100_000}{n}\ndoc_function: {'F' * 100_000}\n"
        (root / f"domain/huge-{n}.md").write_text(f"---\n{header}---\n# H\n", encoding="utf-8")
    code, out, _ = run(["--root", str(root), "--stats", "--json"], capsys)
    result = json.loads(out)
    assert code == 0 and len(out) < 20_000
    assert result["byDocKind"]["K" * (HEADER_CHARS - 1) + "…"] == 3
    assert result["byDocFunction"]["F" * (HEADER_CHARS - 1) + "…"] == 3
    assert "v" * (HEADER_CHARS - 1) + "…" in result["contract"]["allowed"]["doc_kind"]
    code, out, _ = run(["--root", str(root), "--stats"], capsys)
    assert code == 0 and len(out) < 20_000


def test_seeding_keeps_to_the_projects_max_file_size(tmp_path: Path, capsys, monkeypatch) -> None:
    """A starter file over the project's `max-file-size` was written all the same, and the bank,
    promised to validate clean, read it as unreadable: 22 findings. Now the write is refused,
    naming the file and the limit, as every governed write is, and nothing is written."""
    (tmp_path / ".memorybank.toml").write_text('root = "memory_bank"\nmax-file-size = 8000\n')
    monkeypatch.chdir(tmp_path)
    code, _, err = run(["--init", "Acme"], capsys)
    assert code == 1 and ".md' would be " in err and "8000-byte limit" in err, err
    assert not (tmp_path / "memory_bank").exists()
    (tmp_path / ".memorybank.toml").write_text('root = "memory_bank"\n')
    assert run(["--init", "Acme"], capsys)[0] == 0
    (tmp_path / ".memorybank.toml").write_text('root = "memory_bank"\nmax-file-size = 6000\n')
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    code, _, err = run(["--materialize-flows"], capsys)
    assert code == 1 and "flows/templates/README.md" in err and "6000-byte limit" in err, err
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before
