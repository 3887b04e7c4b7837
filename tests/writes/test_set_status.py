"""`bank_set_status`: lifecycle transitions through the governance gates, no header injection."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from memorybank_lint import frontmatter
from memorybank_server.writes.status import set_status
from tests.conftest import copy_of_fixture, write_bank
from tests.writes._edit_helpers import (
    crlf_bom,
    decoded,
    findings,
    no_new_findings,
    open_bank,
    refused,
    seeded,
    write_during_commit,
)

CONTEXT = "product/context.md"


def _doc(header: str, title: str = "Doc") -> str:
    top = f"---\ntitle: {title}\ndoc_kind: engineering\ndoc_function: canonical\n"
    return f"{top}{header}---\n# {title}\n\nText.\n"


def _bank(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    """A seeded bank with `files` under engineering/, each registered in engineering/README.md."""
    root = seeded(tmp_path, {f"engineering/{name}": text for name, text in files.items()})
    readme = root / "engineering/README.md"
    readme.write_text(readme.read_text() + "".join(f"- [{n}]({n}) — a document\n" for n in files))
    return root


def test_draft_becomes_active_and_the_result_says_so(tmp_path: Path) -> None:
    root = seeded(tmp_path)
    before = (root / CONTEXT).read_text()
    with no_new_findings(root):
        result = set_status(open_bank(root), path=CONTEXT, status=" active ")
    assert result == {
        "path": CONTEXT,
        "from": "draft",
        "to": "active",
        "changed": True,
        "dryRun": False,
        "warnings": [],
        "released": [],
        "indexes": [],
    }
    assert (root / CONTEXT).read_text() == before.replace("\nstatus: draft\n", "\nstatus: active\n")
    again = set_status(open_bank(root), path=CONTEXT, status="active")
    assert again["changed"] is False and (root / CONTEXT).read_text() == before.replace("draft", "active", 1)


def test_activation_without_derived_from_is_refused_under_the_contract(tmp_path: Path) -> None:
    root = _bank(tmp_path, {"loose.md": _doc("purpose: A loose note.\nstatus: draft\n")})
    message = refused(
        root,
        lambda: set_status(open_bank(root), path="engineering/loose.md", status="active"),
        "derived_from",
    )
    assert "requires every active non-root document" in message
    # no create here, and bank_set_field refuses derived_from: the remedy names neither
    assert "into derived_from by hand first (no tool sets that list)" in message
    assert "bank_set_field" not in message and "create" not in message
    result = set_status(open_bank(root), path="engineering/loose.md", status="draft")
    assert result["changed"] is False
    assert any("derived_from is empty" in warning for warning in result["warnings"])


@pytest.mark.parametrize("status", ["bogus", "yes", "Active"])
def test_a_status_the_contract_does_not_declare_is_refused(tmp_path: Path, status: str) -> None:
    root = seeded(tmp_path)
    message = refused(
        root,
        lambda: set_status(open_bank(root), path=CONTEXT, status=status),
        f'status "{status}" is not among the values declared in dna/',
    )
    assert "active | archived | draft" in message


def test_where_the_contract_declares_no_statuses_any_value_goes_quoted_to_stay_a_string(
    tmp_path: Path,
) -> None:
    root = seeded(tmp_path)
    (root / "dna/frontmatter.md").unlink()  # the table of status values lives there
    readme = root / "dna/README.md"
    readme.write_text(
        "\n".join(line for line in readme.read_text().split("\n") if "frontmatter.md" not in line)
    )
    before = findings(root)
    result = set_status(open_bank(root), path=CONTEXT, status="yes")
    assert result["changed"] and result["warnings"] == []
    line = next(line for line in (root / CONTEXT).read_text().split("\n") if line.startswith("status:"))
    assert line == 'status: "yes"' and yaml.safe_load(line) == {"status": "yes"}
    assert findings(root) - before == set()


def test_a_status_that_read_as_a_boolean_becomes_a_string(tmp_path: Path) -> None:
    root = _bank(
        tmp_path, {"odd.md": _doc("purpose: p\nderived_from:\n  - ../dna/principles.md\nstatus: true\n")}
    )
    result = set_status(open_bank(root), path="engineering/odd.md", status="draft")
    assert result["from"] == "true" and "\nstatus: draft\n" in (root / "engineering/odd.md").read_text()


@pytest.mark.parametrize(
    "value",
    ["active\ncanonical_for: [x]", "active\rcanonical_for: [x]", "active\u2028canonical_for: [x]", " \n "],
)
def test_line_breaks_never_reach_the_header(tmp_path: Path, value: str) -> None:
    root = seeded(tmp_path)
    refused(root, lambda: set_status(open_bank(root), path=CONTEXT, status=value), "one line")


@pytest.mark.parametrize(
    ("path", "status", "release", "match"),
    [
        ("nowhere.md", "active", False, "Not a document of this bank"),
        (CONTEXT, "   ", False, "blank"),
        (CONTEXT, "active", True, "only allowed when archiving"),
        (CONTEXT, "archived", False, "owns canonical_for 'product_problem', 'product_audience'"),
    ],
)
def test_gate_refusals_change_no_byte(
    tmp_path: Path, path: str, status: str, release: bool, match: str
) -> None:
    root = seeded(tmp_path)
    refused(
        root,
        lambda: set_status(open_bank(root), path=path, status=status, release_canonical=release),
        match,
    )


def test_templates_and_inbox_notes_are_refused(tmp_path: Path) -> None:
    root = copy_of_fixture(tmp_path)
    bank = open_bank(root)
    refused(root, lambda: set_status(bank, path="adr/ADR-ID.md", status="active"), "is a template")
    refused(root, lambda: set_status(bank, path="_inbox/2026-11-01-note.md", status="active"), "bank_promote")


def test_broken_sources_or_a_shared_key_block_every_transition(tmp_path: Path) -> None:
    root = _bank(
        tmp_path,
        {
            "broken.md": _doc("purpose: p\nderived_from:\n  - ../nowhere.md\nstatus: draft\n"),
            "rival.md": _doc(
                "purpose: p\nderived_from:\n  - ../dna/principles.md\ncanonical_for:\n"
                "  - product_problem\nstatus: draft\n"
            ),
        },
    )
    bank = open_bank(root)
    refused(
        root, lambda: set_status(bank, path="engineering/broken.md", status="archived"), "does not resolve"
    )
    refused(root, lambda: set_status(bank, path="engineering/rival.md", status="active"), "already owned by")


RELEASE_STYLES = {
    "indented": "canonical_for:\n  - key_one\n  - filter_thresholds\n",
    "column_zero": "canonical_for:\n- key_one\n- filter_thresholds\n",
    "flow": "canonical_for: [key_one, filter_thresholds]\n",
    "flow_wrapped": "canonical_for: [key_one,\n  filter_thresholds]\n",
    "blank_inside": "canonical_for:\n\n  - key_one\n\n  - filter_thresholds\n",
    "commented": "canonical_for:  # owned facts\n  - key_one\n  - filter_thresholds\n",
    "comment_after": "canonical_for:\n  - key_one\n  - filter_thresholds\n  # owned since v2\n",
}


@pytest.mark.parametrize("style", sorted(RELEASE_STYLES))
def test_archive_with_release_removes_the_keys_in_every_list_style(tmp_path: Path, style: str) -> None:
    root = copy_of_fixture(tmp_path)
    keys = RELEASE_STYLES[style]
    header = "title: Conflicting thresholds\ndoc_kind: domain\ndoc_function: canonical\n"
    original = f"---\n{header}purpose: p\nderived_from:\n  - domain/rules.md\nstatus: draft\n{keys}---\n# C\n"
    write_bank(root, {"conflict.md": original})
    assert any(code == "MB004" for code, _p, _m in findings(root))
    with no_new_findings(root):
        result = set_status(open_bank(root), path="conflict.md", status="archived", release_canonical=True)
    assert result["released"] == ["key_one", "filter_thresholds"] and result["changed"] is True
    text = (root / "conflict.md").read_text()
    assert text == original.replace(keys, "").replace("status: draft", "status: archived")
    assert "canonical_for" not in frontmatter.load(frontmatter.split(text).block or "").data
    assert not any(code == "MB004" for code, _p, _m in findings(root))


def test_release_dry_run_reports_the_keys_and_writes_nothing(tmp_path: Path) -> None:
    root = seeded(tmp_path)
    before = (root / CONTEXT).read_bytes()
    result = set_status(
        open_bank(root), path=CONTEXT, status="archived", release_canonical=True, dry_run=True
    )
    assert result["released"] == ["product_problem", "product_audience"]
    assert result["changed"] is False and result["dryRun"] is True
    assert (root / CONTEXT).read_bytes() == before


def test_archiving_the_seeded_owner_with_release_keeps_the_bank_clean(tmp_path: Path) -> None:
    root = seeded(tmp_path)
    with no_new_findings(root):
        set_status(open_bank(root), path=CONTEXT, status="archived", release_canonical=True)
    data = frontmatter.load(frontmatter.split((root / CONTEXT).read_text()).block or "").data
    assert (
        data["status"] == "archived"
        and "canonical_for" not in data
        and data["audience"] == "humans_and_agents"
    )


def test_comment_kept_missing_line_inserted_and_no_header_refused(tmp_path: Path) -> None:
    root = _bank(
        tmp_path,
        {
            "commented.md": _doc(
                "purpose: p\nderived_from:\n  - ../dna/principles.md\nstatus: draft  # lifecycle\n"
            ),
            "unset.md": _doc("purpose: p\nderived_from:\n  - ../dna/principles.md\n"),
            "bare.md": "# Bare\n\nNo header.\n",
        },
    )
    with no_new_findings(root):
        set_status(open_bank(root), path="engineering/commented.md", status="active")
        result = set_status(open_bank(root), path="engineering/unset.md", status="active")
    assert "\nstatus: active  # lifecycle\n---\n" in (root / "engineering/commented.md").read_text()
    assert result["from"] is None
    assert "  - ../dna/principles.md\nstatus: active\n---\n" in (root / "engineering/unset.md").read_text()
    refused(
        root,
        lambda: set_status(open_bank(root), path="engineering/bare.md", status="draft"),
        "no frontmatter",
    )


def test_crlf_and_bom_are_kept(tmp_path: Path) -> None:
    text = _doc("purpose: p\nderived_from:\n  - ../dna/principles.md\ncanonical_for: [k]\nstatus: draft\n")
    root = _bank(tmp_path, {"win.md": crlf_bom(text)})
    with no_new_findings(root):
        set_status(open_bank(root), path="engineering/win.md", status="archived", release_canonical=True)
    expected = text.replace("canonical_for: [k]\n", "").replace("draft", "archived")
    assert (root / "engineering/win.md").read_bytes() == crlf_bom(expected)
    assert decoded(root / "engineering/win.md") == expected


def test_a_leniently_parsed_document_changes_status_without_getting_worse(tmp_path: Path) -> None:
    root = copy_of_fixture(tmp_path)
    target = root / "broken/bad-yaml.md"
    before = target.read_text()
    with no_new_findings(root):
        set_status(open_bank(root), path="broken/bad-yaml.md", status="active")
    assert target.read_text() == before.replace("status: draft", "status: active")


def test_a_file_changed_after_it_was_read_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = seeded(tmp_path)
    target = root / CONTEXT
    theirs = target.read_bytes() + b"\nTheir paragraph.\n"
    write_during_commit(monkeypatch, target, theirs)
    with pytest.raises(Exception, match="changed on disk since it was read"):
        set_status(open_bank(root), path=CONTEXT, status="active")
    assert target.read_bytes() == theirs


def test_a_registry_tables_status_cell_moves_with_the_status(tmp_path: Path) -> None:
    root = seeded(
        tmp_path,
        {
            "engineering/model.md": _doc(
                "purpose: Orders.\nderived_from:\n  - ../dna/principles.md\nstatus: draft\n"
            )
        },
    )
    readme = root / "engineering/README.md"
    readme.write_text(
        readme.read_text()
        + "\n| Document | Status | Purpose |\n|---|---|---|\n| [Doc](model.md) | `draft` | draft notes |\n"
    )
    result = set_status(open_bank(root), path="engineering/model.md", status="active")
    assert result["indexes"] == ["engineering/README.md"]
    assert "| [Doc](model.md) | `active` | draft notes |\n" in readme.read_text()
    dry = set_status(open_bank(root), path="engineering/model.md", status="archived", dry_run=True)
    assert dry["indexes"] == ["engineering/README.md"] and "`active`" in readme.read_text()


def test_a_status_in_a_list_entry_is_never_guessed_at(tmp_path: Path) -> None:
    root = _bank(
        tmp_path,
        {
            "loose.md": _doc(
                "purpose: A draft note.\nderived_from:\n  - ../dna/principles.md\nstatus: draft\n"
            )
        },
    )
    before = (root / "engineering/README.md").read_text()
    result = set_status(open_bank(root), path="engineering/loose.md", status="active")
    assert result["indexes"] == [] and (root / "engineering/README.md").read_text() == before


def test_a_quoted_status_key_is_named_as_the_cause_of_the_refusal(tmp_path: Path) -> None:
    """A `"status": draft` is not the key the tool rewrites (it would add a second status beside
    it); the refusal said only that the header would read differently, and now says why."""
    root = _bank(tmp_path, {"quoted.md": _doc('purpose: p\n"status": draft\n')})
    message = refused(
        root,
        lambda: set_status(open_bank(root), path="engineering/quoted.md", status="archived"),
        r'the key is written quoted \("status":\)',
    )
    assert message.endswith("nothing was written")
