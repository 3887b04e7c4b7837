"""A write that would give a file it writes a finding is refused, and nothing is written.

Why: body edits were checked for structure (fences, comments, suppressions) but not by the
linter, so `bank_edit` could turn an index entry into a dangling one (MB007, and its page then
unregistered, MB009) and `bank_update_section` could name a `dna/` rule that does not exist
(MB010), each answered as done.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.linter import Selection
from memorybank_server.errors import ToolInputError
from memorybank_server.writes.added_findings import judged_by
from memorybank_server.writes.create import create
from memorybank_server.writes.edit import edit
from memorybank_server.writes.fields import set_field
from memorybank_server.writes.sections import update_section
from tests.writes.conftest import findings, tree_hash

MISSING_RULE = "The rule is defined in `dna/missing.md`."
WRITES: dict[str, Callable[[Bank, bool], object]] = {
    "an index entry edited to a page that is not there": lambda bank, dry: edit(
        bank, path="product/README.md", find="(context.md)", replace="(contxt.md)", dry_run=dry
    ),
    "a section naming a rule dna/ does not hold": lambda bank, dry: update_section(
        bank, path="product/context.md", section="Problem", content=MISSING_RULE, dry_run=dry
    ),
    "a new page whose purpose names such a rule": lambda bank, dry: create(
        bank,
        doc_kind="domain",
        path="domain/terms.md",
        title="Terms",
        purpose=MISSING_RULE,
        derived_from=["../product/context.md"],
        dry_run=dry,
    ),
    "a purpose set to name such a rule": lambda bank, dry: set_field(
        bank, path="product/context.md", field="purpose", value=MISSING_RULE, dry_run=dry
    ),
}
NAMED = ["MB007 [dangling-index-entry]", "MB010 [unresolved-rule-reference]"]


@pytest.mark.parametrize("dry_run", [False, True], ids=["write", "dry run"])
@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
def test_a_write_that_adds_a_finding_is_refused_by_it_and_writes_nothing(
    seeded: Bank, write: Callable, dry_run: bool
) -> None:
    before = tree_hash(seeded.root)
    with pytest.raises(ToolInputError) as refused:
        write(seeded, dry_run)
    assert "the write would give " in str(refused.value) and any(code in str(refused.value) for code in NAMED)
    assert str(refused.value).endswith("nothing was written")
    assert tree_hash(seeded.root) == before
    assert findings(seeded) == set()


def test_a_rule_the_project_leaves_out_does_not_stop_a_write(seeded: Bank) -> None:
    with judged_by(Selection(ignore=frozenset({"MB007"}))):
        edit(seeded, path="product/README.md", find="(context.md)", replace="(contxt.md)")
    assert ("MB007", "product/README.md") in {(code, path) for code, path, _ in findings(seeded)}


def test_a_finding_on_a_page_the_write_does_not_write_is_not_its_to_refuse(seeded: Bank) -> None:
    """Unregistering a page (MB009 on the page, not on the index written) is a person's call."""
    index = seeded.root / "product/README.md"
    line = next(line for line in index.read_text().splitlines() if "(context.md)" in line)
    edit(seeded, path="product/README.md", find=line, replace="- the context page is kept apart for now")
    assert {(code, path) for code, path, _ in findings(seeded)} == {("MB009", "product/context.md")}


def test_a_finding_the_file_already_had_in_other_words_is_not_added(seeded: Bank) -> None:
    """Findings were compared with their messages, and an MB008 listing the declared values was
    "new" once an edit declared one more, so declaring a value beside an undeclared one in use
    was refused."""
    contract = seeded.root / "dna/frontmatter.md"
    contract.write_text(contract.read_text().replace("status: active", "status: current", 1))
    seeded.refresh()
    assert ("MB008", "dna/frontmatter.md") in {(code, path) for code, path, _ in findings(seeded)}
    edit(
        seeded,
        path="dna/frontmatter.md",
        find="`draft` / `active` / `archived` |",
        replace="`draft` / `active` / `archived` / `superseded` |",
    )


def test_a_promoted_note_with_no_index_above_it_is_promoted_with_the_warning(seeded: Bank) -> None:
    from memorybank_server.writes.inbox import promote

    (seeded.root / "README.md").unlink()
    seeded.refresh()
    create(seeded, doc_kind="engineering", path="_inbox/n.md", title="N", purpose="Read for n.", inbox=True)
    result = promote(seeded, path="_inbox/n.md", to="misc/n.md", derived_from=["../dna/principles.md"])
    assert any(warning.startswith("No index found above misc/n.md") for warning in result["warnings"])
    assert (seeded.root / "misc/n.md").is_file()


def test_promote_refuses_a_purpose_holding_a_line_break(seeded: Bank) -> None:
    from memorybank_server.writes.inbox import promote

    create(seeded, doc_kind="engineering", path="_inbox/m.md", title="M", purpose="Read.", inbox=True)
    before = tree_hash(seeded.root)
    with pytest.raises(ToolInputError, match="`purpose` must be one line"):
        promote(seeded, path="_inbox/m.md", to="engineering/m.md", purpose="line one\nline two")
    assert tree_hash(seeded.root) == before


def test_a_second_dangling_entry_in_an_index_that_has_one_is_refused_and_named(seeded: Bank) -> None:
    """Counted by rule and file alone, an index already holding one dangling entry took another:
    the count of its MB007 findings did not move. The refusal names the entry the write adds."""
    index = seeded.root / "product/README.md"
    index.write_text(index.read_text() + "- [Old](gone.md) — removed page\n")
    seeded.refresh()
    before = tree_hash(seeded.root)
    with pytest.raises(ToolInputError, match=r"index entry 'also-gone\.md' leads nowhere"):
        edit(seeded, path="product/README.md", find="(gone.md)", replace="(also-gone.md)")
    assert tree_hash(seeded.root) == before


@pytest.mark.parametrize("purpose", ["|\n  one\n  two", '"one\\u2028two"', '"one\\x85two"'])
def test_promote_names_the_notes_own_purpose_when_it_holds_a_line_break(seeded: Bank, purpose: str) -> None:
    """The refusal blamed a `purpose` the caller never passed."""
    from memorybank_server.writes.inbox import promote

    note = seeded.root / "_inbox/n.md"
    note.parent.mkdir(exist_ok=True)
    note.write_text(f"---\ntitle: N\ndoc_kind: domain\npurpose: {purpose}\nstatus: draft\n---\n# N\n")
    seeded.refresh()
    with pytest.raises(
        ToolInputError,
        match=r"the note's own purpose (must be one line|contains a control).*Or pass `purpose`",
    ):
        promote(seeded, path="_inbox/n.md", to="domain/n.md", derived_from=["../product/context.md"])


def test_promote_names_the_notes_own_title_and_refuses_it_as_the_banks_state(seeded: Bank) -> None:
    """A bidi override in the note's title blamed `--title`, never passed, as a usage mistake."""
    from memorybank_server.errors import BadValue
    from memorybank_server.writes.inbox import promote

    note = seeded.root / "_inbox/n.md"
    note.parent.mkdir(exist_ok=True)
    note.write_text(
        '---\ntitle: "N\\u202eote"\ndoc_kind: domain\npurpose: Read it.\nstatus: draft\n---\n# N\n'
    )
    seeded.refresh()
    with pytest.raises(
        ToolInputError, match=r"the note's own title contains a bidirectional control \(U\+202E\)"
    ) as refused:
        promote(seeded, path="_inbox/n.md", to="domain/n.md", derived_from=["../product/context.md"])
    assert not isinstance(refused.value, BadValue)


@pytest.mark.parametrize("field", ["title", "purpose"])
def test_promote_refuses_a_notes_own_title_or_purpose_that_prints_as_another(
    seeded: Bank, field: str
) -> None:
    """A zero-width space was refused in a path and kept in a title or purpose, where two documents
    that read alike route alike; the note's own value is the bank's state, so the note is named,
    with the character (a generic "no value a header can hold" left the user looking for it)."""
    from memorybank_server.errors import BadValue
    from memorybank_server.writes.inbox import promote

    values = {"title": "N", "purpose": "Read it."}
    values[field] = values[field][:1] + "\\u200b" + values[field][1:]
    note = seeded.root / "_inbox/n.md"
    note.parent.mkdir(exist_ok=True)
    note.write_text(
        f'---\ntitle: "{values["title"]}"\ndoc_kind: domain\npurpose: "{values["purpose"]}"\n'
        "status: draft\n---\n# N\n"
    )
    seeded.refresh()
    with pytest.raises(
        ToolInputError, match=rf"the note's own {field} holds a character that prints as nothing \(U\+200B\)"
    ) as refused:
        promote(seeded, path="_inbox/n.md", to="domain/n.md", derived_from=["../product/context.md"])
    assert not isinstance(refused.value, BadValue)
