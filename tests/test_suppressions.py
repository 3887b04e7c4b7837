"""Inline suppressions: each form silences what it names where it stands, and nothing else.

The banks are real folders; the command-line cases run both console scripts as subprocesses.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memorybank_lint.bank import Bank
from memorybank_lint.linter import Selection, lint
from memorybank_lint.suppressions import body_disables, body_noqa, header_noqa

from .conftest import CLEAN_BANK, write_bank

BIN = Path(sys.executable).parent

BROKEN_EDGES = """\
    ---
    title: Edges
    doc_kind: domain
    purpose: Two broken edges.
    status: active
    derived_from:
      - ../gone/first.md{first}
      - ../gone/second.md{second}
    ---
    # Edges
    """


def _bank(tmp_path: Path, extra: dict[str, str]) -> Bank:
    bank = Bank(write_bank(tmp_path / "memory-bank", {**CLEAN_BANK, **extra}))
    bank.refresh()
    return bank


def _found(bank: Bank, **options: object) -> list[tuple[str, str, int | None]]:
    return [(f.code, f.path, f.line) for f in lint(bank, **options)]  # type: ignore[arg-type]


def _edges(first: str = "", second: str = "") -> dict[str, str]:
    readme = CLEAN_BANK["README.md"] + "        - [Edges](domain/edges.md)\n"
    return {"README.md": readme, "domain/edges.md": BROKEN_EDGES.format(first=first, second=second)}


def test_a_header_noqa_silences_its_rule_on_its_line_only(tmp_path: Path) -> None:
    bank = _bank(tmp_path, _edges(first="  # noqa: MB001"))
    assert _found(bank) == [("MB001", "domain/edges.md", 8)]


def test_a_noqa_on_a_line_of_a_flow_list_spanning_lines_silences_the_item_there(tmp_path: Path) -> None:
    """Items of a `[...]` list written over several lines were all placed at the key's line, so a
    `# noqa` on an item's own line (a YAML comment there) silenced nothing and was itself called
    unused (MB013), while the finding it meant stayed."""
    header = "derived_from: [\n  ../gone/first.md,  # noqa: MB001\n  ../gone/second.md\n]"
    edges = _edges()
    edges["domain/edges.md"] = f"---\ntitle: Edges\nstatus: draft\n{header}\n---\n# Edges\n"
    bank = _bank(tmp_path, edges)
    assert _found(bank) == [("MB001", "domain/edges.md", 6)]
    [finding] = lint(bank)
    assert finding.column == 3


def test_a_rule_name_works_as_well_as_its_code(tmp_path: Path) -> None:
    bank = _bank(tmp_path, _edges(first="  # noqa: broken-derived-from", second="  # noqa:MB001"))
    assert _found(bank) == []


def test_a_noqa_for_another_rule_silences_nothing_and_is_named(tmp_path: Path) -> None:
    bank = _bank(tmp_path, _edges(first="  # noqa: MB009"))
    assert _found(bank) == [
        ("MB001", "domain/edges.md", 7),
        ("MB001", "domain/edges.md", 8),
        ("MB013", "domain/edges.md", 7),
    ]


def test_a_bare_noqa_silences_every_rule_on_the_line(tmp_path: Path) -> None:
    text = "---\ntitle: T\npurpose: Retry layer: backoff  # noqa\nstatus: draft\n---\n"
    bank = _bank(tmp_path, {"domain/broken.md": text, "README.md": CLEAN_BANK["README.md"]})
    assert ("MB002", "domain/broken.md", 3) in _found(bank, noqa=False)
    assert [f for f in _found(bank) if f[1] == "domain/broken.md" and f[0] != "MB009"] == []


def test_a_noqa_comment_does_not_change_what_the_header_says(tmp_path: Path) -> None:
    plain, marked = _bank(tmp_path / "a", _edges()), _bank(tmp_path / "b", _edges(first="  # noqa: MB001"))
    assert plain.docs["domain/edges.md"].data == marked.docs["domain/edges.md"].data
    assert [e.column for e in plain.docs["domain/edges.md"].derived_from] == [
        e.column for e in marked.docs["domain/edges.md"].derived_from
    ]


@pytest.mark.parametrize(
    "line",
    [
        'purpose: "quoted # noqa: MB001"',
        "purpose: 'quoted # noqa: MB001'",
        "purpose: a#noqa",
        "purpose: x  # noqa: MB001 and more words!",
        "purpose: x  # noqa MB001",
        "  - pricing  # noqa:",  # it promised codes and named none: not silence-everything
        "  - pricing  # noqa:   ",
        "  - pricing  # noqa: ,",
    ],
)
def test_what_is_not_a_header_noqa(line: str) -> None:
    assert header_noqa(line) is None


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("  - x.md  # noqa: MB001, MB003", (10, ("MB001", "MB003"))),
        ("key: v # why it is so # NOQA", (22, ())),
        ("key: 'it''s' # noqa:ssot-conflict", (13, ("ssot-conflict",))),
        ('key: "a \\" # b" # noqa: MB004', (16, ("MB004",))),
    ],
)
def test_what_a_header_noqa_names(line: str, expected: tuple[int, tuple[str, ...]]) -> None:
    assert header_noqa(line) == expected


def _index_bank(tmp_path: Path, line_end: str) -> Bank:
    readme = CLEAN_BANK["README.md"] + f"        - [Gone](domain/gone.md){line_end}\n"
    return _bank(tmp_path, {"README.md": readme})


def test_a_body_noqa_silences_its_rule_on_its_line(tmp_path: Path) -> None:
    assert _found(_index_bank(tmp_path / "a", "")) == [("MB007", "README.md", 10)]
    assert _found(_index_bank(tmp_path / "b", " <!-- noqa: MB007 -->")) == []
    assert _found(_index_bank(tmp_path / "c", " <!-- noqa -->")) == []


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("- [a](b.md) <!-- noqa: MB007, MB010 -->", (12, ("MB007", "MB010"))),
        ("text<!--noqa-->  ", (4, ())),
        ("- [a](b.md) `<!-- noqa -->`", None),
        ("- [a](b.md) <!-- noqa --> more", None),
        ("- [a](b.md) <!-- noqa: MB007 (why) -->", None),
        ("- [a](b.md) <!-- noqa: -->", None),
        ("- [a](b.md) <!-- noqa: , -->", None),
    ],
)
def test_what_a_body_noqa_names(line: str, expected: tuple[int, tuple[str, ...]] | None) -> None:
    assert body_noqa(line) == expected


def test_a_whole_document_disable_silences_its_rule_anywhere_in_the_document(tmp_path: Path) -> None:
    orphan = "---\ntitle: Orphan\nstatus: draft\n---\n# Orphan\n\nKept apart on purpose. "
    silenced = orphan + "<!-- memorybank-lint: disable MB009 --> More prose.\n"
    assert _found(_bank(tmp_path / "a", {"orphan.md": orphan})) == [("MB009", "orphan.md", None)]
    assert _found(_bank(tmp_path / "b", {"orphan.md": silenced})) == []


def test_a_disable_as_a_header_comment_works_too(tmp_path: Path) -> None:
    text = "---\ntitle: Loose\n# memorybank-lint: disable missing-derived-from\nstatus: active\n---\n"
    readme = CLEAN_BANK["README.md"] + "        - [Loose](loose.md)\n"
    assert _found(_bank(tmp_path, {"loose.md": text, "README.md": readme})) == []


@pytest.mark.parametrize("indicator", ["|", ">", "|-", ">+", "|2"])
def test_a_comment_inside_a_block_scalar_is_the_values_text_not_a_suppression(
    tmp_path: Path, indicator: str
) -> None:
    """Such a line silenced the rule for the whole document, and a `# noqa` there was reported as
    an unused suppression, though YAML reads both as the value's text."""
    orphan = (
        f"---\ntitle: Orphan\nstatus: draft\nnotes: {indicator}\n"
        "  # memorybank-lint: disable MB009\n  see also # noqa: MB008\n---\n# Orphan\n"
    )
    assert _found(_bank(tmp_path, {"orphan.md": orphan})) == [("MB009", "orphan.md", None)]


def test_a_noqa_after_a_quoted_value_spanning_lines_is_read_and_one_inside_it_is_not(
    tmp_path: Path,
) -> None:
    # the comment after the closing quote is a suppression (unused: MB013 on its line 6); the
    # line inside the quotes (line 5) is the value's text
    edges = BROKEN_EDGES.format(first="", second="").replace(
        "purpose: Two broken edges.",
        'purpose: "Two broken\n      # noqa: MB001\n      edges."  # noqa: MB001',
    )
    readme = CLEAN_BANK["README.md"] + "        - [Edges](domain/edges.md)\n"
    found = _found(_bank(tmp_path, {"README.md": readme, "domain/edges.md": edges}))
    assert found == [
        ("MB001", "domain/edges.md", 9),
        ("MB001", "domain/edges.md", 10),
        ("MB013", "domain/edges.md", 6),
    ]


def test_a_disable_inside_fenced_or_inline_code_is_an_example(tmp_path: Path) -> None:
    orphan = (
        "# Orphan\n\nWrite `<!-- memorybank-lint: disable MB009 -->` to accept it.\n\n"
        "```markdown\n<!-- memorybank-lint: disable MB009 -->\n```\n"
    )
    assert _found(_bank(tmp_path, {"orphan.md": orphan})) == [("MB009", "orphan.md", None)]
    assert body_disables("a <!-- memorybank-lint: disable MB009, MB005 --> b") == [(2, ("MB009", "MB005"))]
    assert body_disables("<!-- memorybank-lint: disabled MB009 -->") == []


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("<!-- memorybank-lint: disable -->", [(0, ())]),  # every rule, as documented
        ("<!-- memorybank-lint: disable: -->", []),  # a colon promises codes: naming none is no disable
        ("<!-- memorybank-lint: disable: , -->", []),
        ("<!-- memorybank-lint: disable , -->", []),
    ],
)
def test_a_disable_that_promises_codes_and_names_none_disables_nothing(line: str, found: list) -> None:
    """`disable:` silenced every rule for the whole document once `# noqa:` stopped doing so on
    its line: both promise codes, and neither is the bare form."""
    assert body_disables(line) == found


def test_ignore_noqa_reports_everything_and_names_no_stale_comment(tmp_path: Path) -> None:
    bank = _bank(tmp_path, _edges(first="  # noqa: MB001", second="  # noqa: MB009"))
    assert _found(bank, noqa=False) == [("MB001", "domain/edges.md", 7), ("MB001", "domain/edges.md", 8)]


def _project(tmp_path: Path) -> Path:
    files = {**CLEAN_BANK, **_edges(first="  # noqa: MB001", second="  # noqa: MB009")}
    write_bank(tmp_path / "memory-bank", files)
    return tmp_path


def _run(project: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=project, capture_output=True, text=True, check=False)


def test_the_command_line_applies_them_and_ignore_noqa_turns_them_off(tmp_path: Path) -> None:
    project = _project(tmp_path)
    linted = _run(project, str(BIN / "memorybank-lint"), "--format", "json")
    assert linted.returncode == 1
    assert [(f["code"], f["line"]) for f in json.loads(linted.stdout)] == [("MB001", 8), ("MB013", 8)]
    audit = _run(project, str(BIN / "memorybank-lint"), "--format", "json", "--ignore-noqa")
    assert [(f["code"], f["line"]) for f in json.loads(audit.stdout)] == [("MB001", 7), ("MB001", 8)]


def test_an_unused_suppression_fails_only_under_strict(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "memory-bank" / "domain" / "edges.md").write_text(
        "---\ntitle: Edges\nstatus: active\nderived_from: [../dna/principles.md]  # noqa: MB001\n---\n",
        encoding="utf-8",
    )
    assert _run(project, str(BIN / "memorybank-lint")).returncode == 0
    strict = _run(project, str(BIN / "memorybank-lint"), "--strict")
    assert strict.returncode == 1 and "MB013 [unused-suppression]" in strict.stdout


def test_the_server_validates_with_the_same_suppressions(tmp_path: Path) -> None:
    project = _project(tmp_path)
    linted = json.loads(_run(project, str(BIN / "memorybank-lint"), "--format", "json").stdout)
    served = json.loads(_run(project, str(BIN / "mcp-memorybank"), "--validate", "--json").stdout)
    assert [(f["code"], f["path"], f["line"], f["message"]) for f in served["findings"]] == [
        (f["code"], f["path"], f["line"], f["message"]) for f in linted
    ]


def test_selecting_only_unused_suppression_judges_what_a_full_run_judges(tmp_path: Path) -> None:
    """The rules left out of `select` still decide whether a suppression silences anything; a rule
    the selection ignores does not, so its suppressions are never called idle."""
    bank = _bank(tmp_path, _edges(first="  # noqa: MB009", second="  # noqa: MB001"))
    full = [f for f in _found(bank) if f[0] == "MB013"]
    assert full == [("MB013", "domain/edges.md", 7)]
    assert _found(bank, selection=Selection(select=frozenset({"MB013"}))) == full
    ignoring = Selection(select=frozenset({"MB013"}), ignore=frozenset({"MB009"}))
    assert _found(bank, selection=ignoring) == []


def test_select_unused_suppression_and_the_servers_rule_agree(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "memory-bank" / "domain" / "edges.md").write_text(
        "---\ntitle: Edges\nstatus: active\nderived_from: [../dna/principles.md]  # noqa: MB001\n---\n",
        encoding="utf-8",
    )
    linted = _run(project, str(BIN / "memorybank-lint"), "--select", "MB013", "--format", "json")
    served = _run(project, str(BIN / "mcp-memorybank"), "--validate", "--rule", "MB013", "--json")
    pairs = [(f["code"], f["path"], f["line"]) for f in json.loads(linted.stdout)]
    assert pairs == [("MB013", "domain/edges.md", 4)]
    assert [(f["code"], f["line"], f["message"]) for f in json.loads(served.stdout)["findings"]] == [
        (f["code"], f["line"], f["message"]) for f in json.loads(linted.stdout)
    ]


_COMMENTS = [
    "<!-- noqa -->",
    "<!-- noqa: MB007 -->",
    "<!-- noqa: MB007, dangling-index-entry -->",
    "<!-- noqa: MB001 MB999 -->",
    "<!-- memorybank-lint: disable MB007 -->",
    "<!-- memorybank-lint: disable -->",
    "<!-- memorybank-lint: disable MB001, nothing-by-that-name -->",
]


@given(
    lines=st.lists(st.sampled_from(["text", *_COMMENTS]), min_size=1, max_size=12),
    findings=st.lists(
        st.tuples(st.sampled_from(["MB001", "MB007", "MB009"]), st.one_of(st.none(), st.integers(1, 20))),
        max_size=12,
    ),
)
def test_which_suppression_silences_which_finding_is_what_each_comment_says(
    lines: list[str], findings: list[tuple[str, int | None]]
) -> None:
    """The engine looks suppressions up by line and `disable`s once per rule; what it answers,
    and which comments it marks as used, is what asking every comment of the document gives."""
    import tempfile

    from hypothesis import event

    from memorybank_lint.findings import Finding, Severity
    from memorybank_lint.linter import Usage
    from memorybank_lint.registry import find_rule

    with tempfile.TemporaryDirectory() as folder:
        body = "".join(f"{line}\n" for line in lines)
        bank = Bank(
            write_bank(Path(folder) / "memory-bank", {**CLEAN_BANK, "notes.md": f"# Notes\n\n{body}"})
        )
        bank.refresh()
        usage = Usage(bank, Selection())
        comments = bank.docs["notes.md"].suppressions
        used: dict[tuple[str, int], set[str]] = {}
        for code, line in findings:
            finding = Finding(code, code, Severity.ERROR, "notes.md", "m", line)
            expected = False
            for index, item in enumerate(comments):
                named = {(spec.code if (spec := find_rule(token)) else None) for token in item.tokens}
                if item.covers(line) and (not item.tokens or code in named):
                    used.setdefault(("notes.md", index), set()).add(code)
                    expected = True
            event(f"silenced: {expected}")
            assert usage.silences(finding) == expected, (code, line)
        assert usage.used == used


_VALUE_LINES = st.lists(
    st.one_of(
        st.sampled_from(
            ["# noqa", "# noqa: MB001", "# memorybank-lint: disable MB009", "x # noqa", "", "'a"]
        ),
        st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), max_size=20),
    ),
    min_size=1,
    max_size=6,
)


@given(indicator=st.sampled_from(["|", ">", "|-", ">+"]), value=_VALUE_LINES)
def test_no_line_of_a_block_scalar_is_ever_a_suppression(indicator: str, value: list[str]) -> None:
    """Whatever a block scalar holds, YAML reads it as the value's text, so no line of it is a
    suppression; the comment on the indicator's line, a YAML comment, still is."""
    from memorybank_lint.document import parse

    inner = [f"  {line}".rstrip() for line in value]
    text = (
        f"---\ntitle: T\nnotes: {indicator}  # noqa: MB005\n"
        + "\n".join(inner)
        + "\nstatus: draft\n---\n# T\n"
    )
    doc = parse("t.md", text)
    if doc.parse_error:  # a line the scalar cannot hold (indentation), not what is asked here
        return
    assert [(s.line, s.tokens) for s in doc.suppressions] == [(3, ("MB005",))]
