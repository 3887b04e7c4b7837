"""`bank_promote` and `bank_discard`: quarantined notes leaving `_inbox/`, rebased, registered, logged."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import posixpath
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from markdown_it import MarkdownIt

from memorybank_lint import frontmatter
from memorybank_lint.bank import Bank
from memorybank_lint.markdown import links
from memorybank_lint.paths import link_target
from memorybank_server import resources, scaffold
from memorybank_server.errors import ToolInputError
from memorybank_server.writes import inbox
from memorybank_server.writes.create import create
from memorybank_server.writes.inbox import discard, promote
from memorybank_server.writes.status import set_status
from tests.conftest import as_another_user
from tests.writes.conftest import tree_hash

TODAY = dt.date(2026, 3, 14)
NOW = dt.datetime(2026, 3, 14, 9, 30, tzinfo=dt.UTC)
NOTE = """\
---
title: Retry budget
doc_kind: domain
purpose: 'Read when you need when retries stop: the budget.'
derived_from:
  - ../product/context.md
  - path: ../dna/principles.md
    fit: partial
must_not_define:
  - retry_transport
status: draft
captured_by: session-42
---
# Retry budget

Retries stop after three attempts; see [the context](../product/context.md#problem),
[a missing page](../nowhere.md) and [the web](https://example.com/a.md).

```text
[an example](../product/context.md)
```
"""


def header(path: Path) -> dict[str, Any]:
    _parts, head = frontmatter.parse(path.read_text("utf-8"))
    assert head.error is None
    return head.data


@pytest.fixture
def noted(seeded: Bank, put: Callable) -> Bank:
    put(seeded.root, "_inbox/retry.md", NOTE)
    seeded.refresh()
    return seeded


def test_promote_rebases_into_a_deeper_folder_and_keeps_the_notes_fields(
    noted: Bank, clean_after: Callable
) -> None:
    result = promote(noted, path="_inbox/retry.md", to="domain/rules/retry/budget.md", today=TODAY)
    assert result["from"] == "_inbox/retry.md" and result["to"] == "domain/rules/retry/budget.md"
    assert result["promoted"] is True and result["registeredIn"] == ["domain/README.md"]
    data = header(noted.root / "domain/rules/retry/budget.md")
    assert data == result["frontmatter"]
    assert data["derived_from"] == [
        "../../../product/context.md",
        {"path": "../../../dna/principles.md", "fit": "partial"},
    ]
    assert data["must_not_define"] == ["retry_transport"]
    assert data["captured_by"] == "session-42"
    assert data["status"] == "active" and data["doc_function"] == "canonical"
    body = (noted.root / "domain/rules/retry/budget.md").read_text("utf-8")
    assert "[the context](../../../product/context.md#problem)" in body
    assert "[a missing page](../nowhere.md)" in body and "(https://example.com/a.md)" in body
    assert "[an example](../product/context.md)" in body  # fenced code is an example, left alone
    rewritten = "../product/context.md#problem -> ../../../product/context.md#problem"
    assert f"Link rewritten for the new location: {rewritten}" in result["warnings"]
    assert not (noted.root / "_inbox/retry.md").exists()
    assert "- [Retry budget](rules/retry/budget.md) — Read when you need when retries stop" in (
        noted.root / "domain/README.md"
    ).read_text("utf-8")
    clean_after(noted)


def test_promote_into_a_missing_section_creates_it_and_adds_template_keys(
    seeded: Bank, clean_after: Callable
) -> None:
    create(
        seeded,
        doc_kind="epic",
        path="plan.md",
        title="Payments epic",
        purpose="Read for the payments plan.",
        derived_from=["../flows/epic-flow.md"],
        inbox=True,
    )
    result = promote(seeded, path="_inbox/plan.md", to="epics/EP-01/charter.md", today=TODAY)
    assert result["template"] == "flows/templates/epic/charter.md"
    assert result["registeredIn"] == ["epics/README.md"]
    assert result["frontmatter"]["derived_from"] == ["../../flows/epic-flow.md"]
    assert result["frontmatter"]["delivery_status"] == "planned"
    assert 'section "epics/README.md" did not exist yet and was created' in result["warnings"][-1]
    root = (seeded.root / "README.md").read_text("utf-8")
    assert root.count("(epics/README.md)") == 1
    assert "charter" not in root[root.index("## Task-Specific Routes") :]
    clean_after(seeded)


def test_promote_dry_run_writes_nothing_and_answers_like_the_real_run(noted: Bank, tree: Callable) -> None:
    before = tree(noted.root)
    dry = promote(noted, path="_inbox/retry.md", to="domain/retry.md", dry_run=True, today=TODAY)
    assert tree(noted.root) == before
    real = promote(noted, path="_inbox/retry.md", to="domain/retry.md", today=TODAY)
    assert dry["promoted"] is False and real["promoted"] is True
    for key in ("to", "frontmatter", "template", "registeredIn", "warnings", "preview"):
        assert dry[key] == real[key]


def test_promote_refuses_when_the_note_changed_under_it(
    noted: Bank, tree: Callable, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The note is edited by "someone else" after promote read it, just before the commit.

    The module's `Transaction` is swapped for a subclass whose `commit` first appends to the note
    (as a concurrent editor would) and then runs the real commit, which must refuse: the note's
    bytes no longer hash to what promote read, so nothing may be written or removed.
    """
    seen: dict[str, str] = {}

    class EditedUnderneath(inbox.Transaction):
        def commit(self) -> None:
            note = self.root / "_inbox/retry.md"
            note.write_text(note.read_text("utf-8") + "\nA late addition.\n", encoding="utf-8")
            seen["after edit"] = tree(self.root)
            super().commit()

    monkeypatch.setattr(inbox, "Transaction", EditedUnderneath)
    with pytest.raises(ToolInputError, match="changed on disk since it was read"):
        promote(noted, path="_inbox/retry.md", to="domain/retry.md")
    assert tree(noted.root) == seen["after edit"]
    assert not (noted.root / "domain/retry.md").exists()
    assert "A late addition." in (noted.root / "_inbox/retry.md").read_text("utf-8")


@pytest.mark.parametrize(("ending", "bom"), [("\r\n", "\ufeff"), ("\r", "")], ids=["windows", "old-mac"])
def test_a_promoted_note_keeps_its_line_endings(
    noted: Bank, put: Callable, tmp_path: Path, ending: str, bom: str
) -> None:
    """A note saved with CRLF endings (and a BOM, as a Windows editor saves it) or lone CRs is
    promoted with them, as every other write keeps a file's own; written with LF, the move would
    show as a change to every line of the note."""
    other = tmp_path / "other"
    scaffold.init(other, "demo")
    put(other, "_inbox/retry.md", (bom + NOTE.replace("\n", ending)).encode())
    saved = Bank(other)
    saved.refresh()
    promote(noted, path="_inbox/retry.md", to="domain/retry.md", today=TODAY)
    promote(saved, path="_inbox/retry.md", to="domain/retry.md", today=TODAY)
    lf = (noted.root / "domain/retry.md").read_text("utf-8")
    assert (other / "domain/retry.md").read_bytes() == (bom + lf.replace("\n", ending)).encode()


PROMOTE_REFUSALS: list[tuple[str, dict[str, Any], str]] = [
    ("unknown note", {"path": "_inbox/none.md"}, "Not a document of this bank"),
    ("not quarantined", {"path": "product/context.md"}, "Only quarantined documents can be promoted"),
    ("into the inbox", {"to": "_inbox/again.md"}, "must leave the quarantine"),
    ("taken destination", {"to": "product/context.md"}, "Refusing to overwrite an existing document"),
    ("escaping destination", {"to": "domain/../../x.md"}, "must stay inside the bank"),
    ("home folder", {"to": "~/x.md"}, "'~', which a shell reads as a home folder"),
    ("not markdown", {"to": "domain/retry.txt"}, "must end in .md"),
    ("into a folder never read", {"to": "domain/dist/retry.md"}, "'dist', a folder the bank never reads"),
    ("no kind", {"path": "_inbox/kindless.md"}, "the captured note does not declare one"),
    ("active orphan", {"derived_from": []}, "requires every active non-root document"),
    ("owned key", {"canonical_for": ["test_levels"]}, "already owned by engineering/testing-policy.md"),
    ("broken upstream", {"derived_from": ["../nowhere.md"]}, "does not resolve to a document"),
    ("blank title", {"title": ""}, "`title` is blank; leave it out to keep the note's"),
    ("blank purpose", {"purpose": "  "}, "`purpose` is blank; leave it out to keep the note's"),
    ("blank kind", {"doc_kind": " "}, "`docKind` is blank; leave it out to keep the note's"),
    ("blank owned key", {"canonical_for": [""]}, "canonicalFor lists a blank entry"),
    ("invisible title", {"title": "Re\u200btry"}, "`title` holds a character that prints as nothing"),
    (
        "invisible purpose",
        {"purpose": "Read\ufeff it."},
        "`purpose` holds a character that prints as nothing",
    ),
]


@pytest.mark.parametrize(
    ("case", "overrides", "phrase"), PROMOTE_REFUSALS, ids=[r[0] for r in PROMOTE_REFUSALS]
)
def test_promote_gates_refuse_and_leave_every_byte(
    noted: Bank, put: Callable, tree: Callable, case: str, overrides: dict[str, Any], phrase: str
) -> None:
    put(noted.root, "_inbox/kindless.md", "---\ntitle: K\npurpose: k.\nstatus: draft\n---\n# K\n")
    before = tree(noted.root)
    args: dict[str, Any] = {"path": "_inbox/retry.md", "to": "domain/retry.md", **overrides}
    with pytest.raises(ToolInputError, match=phrase):
        promote(noted, **args)
    assert tree(noted.root) == before


def test_promote_overrides_and_ownership_moving_with_the_note(seeded: Bank, clean_after: Callable) -> None:
    create(
        seeded,
        doc_kind="domain",
        path="owner.md",
        title="Owner",
        purpose="Read for the owned fact.",
        canonical_for=["retry_budget"],
        must_not_define=["x"],
        inbox=True,
    )
    result = promote(
        seeded,
        path="_inbox/owner.md",
        to="domain/owner.md",
        title="Retry owner",
        derived_from=["../product/context.md"],
        must_not_define=[],
        status="draft",
    )
    data = result["frontmatter"]
    assert data["title"] == "Retry owner" and data["canonical_for"] == ["retry_budget"]
    assert data["derived_from"] == ["../product/context.md"] and "must_not_define" not in data
    assert data["status"] == "draft"
    assert (
        (seeded.root / "domain/owner.md").read_text("utf-8").split("---\n", 2)[2].startswith("# Retry owner")
    )
    clean_after(seeded)


def test_discard_removes_the_note_and_logs_it_with_its_hash(noted: Bank, clean_after: Callable) -> None:
    raw = (noted.root / "_inbox/retry.md").read_bytes()
    result = discard(noted, path="_inbox/retry.md", reason="  Folded into domain rules.  ", now=NOW)
    assert result == {
        "path": "_inbox/retry.md",
        "title": "Retry budget",
        "purpose": "Read when you need when retries stop: the budget.",
        "reason": "Folded into domain rules.",
        "discarded": True,
        "dryRun": False,
        "bytes": len(raw),
        "sha256": hashlib.sha256(raw).hexdigest(),
        "log": "_inbox/DISCARDED.md",
    }
    assert not (noted.root / "_inbox/retry.md").exists()
    log = noted.root / "_inbox/DISCARDED.md"
    data = header(log)
    assert data["title"] == "Discarded inbox notes" and data["doc_kind"] == "governance"
    assert data["doc_function"] == "reference" and data["status"] == "active"
    assert data["derived_from"] == ["../dna/governance.md"]
    text = log.read_text("utf-8")
    entry = text[text.index("## 2026-03-14T09:30:00+00:00 — `_inbox/retry.md`") :]
    block = entry.split("```yaml\n", 1)[1].split("\n```", 1)[0]
    assert frontmatter.load(block).data == {
        "path": "_inbox/retry.md",
        "title": "Retry budget",
        "purpose": "Read when you need when retries stop: the budget.",
        "reason": "Folded into domain rules.",
        "sha256": hashlib.sha256(raw).hexdigest(),
        "bytes": len(raw),
        "discarded": "2026-03-14T09:30:00+00:00",
    }
    assert resources.inbox(noted)["count"] == 0  # the log is never listed as a note
    clean_after(noted)


@pytest.mark.parametrize("reason", ["0E0", "1e3", "0o17", "yes", ".5"])
def test_a_reason_a_yaml_reader_could_take_for_a_value_is_logged_as_typed(
    noted: Bank, clean_after: Callable, reason: str
) -> None:
    """`0E0` reads as a float under YAML 1.2: the discard was refused as not reading back."""
    assert discard(noted, path="_inbox/retry.md", reason=reason, now=NOW)["discarded"] is True
    text = (noted.root / "_inbox/DISCARDED.md").read_text("utf-8")
    block = text.split("```yaml\n", 1)[1].split("\n```", 1)[0]
    assert frontmatter.load(block).data["reason"] == reason
    clean_after(noted)


def test_a_second_discard_appends_and_keeps_the_first_entry(noted: Bank, clean_after: Callable) -> None:
    discard(noted, path="_inbox/retry.md", reason="duplicate", now=NOW)
    first = (noted.root / "_inbox/DISCARDED.md").read_text("utf-8")
    create(
        noted,
        doc_kind="domain",
        path="other.md",
        title="Other",
        purpose="Read for the other idea.",
        inbox=True,
    )
    reason = "not durable\n```` after all"
    discard(noted, path="_inbox/other.md", reason=reason, now=NOW + dt.timedelta(hours=1))
    second = (noted.root / "_inbox/DISCARDED.md").read_text("utf-8")
    assert second.startswith(first.rstrip("\n"))
    assert second.count("\n## 2026-03-14T") == 2
    last = second[second.index("## 2026-03-14T10:30:00+00:00 — `_inbox/other.md`") :]
    block = re.search(r"^(`{3,})yaml\n(.*?)\n\1$", last, re.S | re.M)
    assert block is not None and len(block.group(1)) == 5  # longer than any backtick run inside
    assert frontmatter.load(block.group(2)).data["reason"] == reason
    clean_after(noted)


@pytest.mark.parametrize("name", ["x` <!-- memorybank-lint: disable --> `.md", "x` <!-- .md", "a``b`.md"])
def test_a_note_name_holding_backticks_stays_one_code_span_in_the_log(
    noted: Bank, put: Callable, name: str
) -> None:
    """The log's heading wrapped the name in single backticks: a backtick in the name closed the
    span, and what followed was markdown (a whole-document `disable`, or a comment left open)."""
    discard(noted, path="_inbox/retry.md", reason="first", now=NOW)
    put(noted.root, f"_inbox/{name}", NOTE)
    noted.refresh()
    discard(noted, path=f"_inbox/{name}", reason="duplicate", now=NOW + dt.timedelta(hours=1))
    log = noted.docs["_inbox/DISCARDED.md"]
    assert log.suppressions == ()
    heading = next(line for line in log.text.splitlines() if line.startswith("## 2026-03-14T10:30"))
    inline = MarkdownIt("commonmark").parseInline(heading[3:])[0].children or []
    assert [token.type for token in inline] == ["text", "code_inline"]
    assert inline[1].content == f"_inbox/{name}"


DISCARD_REFUSALS: list[tuple[str, dict[str, Any], str]] = [
    ("blank reason", {"reason": "   "}, "`reason` is required"),
    ("not quarantined", {"path": "product/context.md"}, "Only quarantined documents can be discarded"),
    ("unknown note", {"path": "_inbox/none.md"}, "Not a document of this bank"),
]


@pytest.mark.parametrize(
    ("case", "overrides", "phrase"), DISCARD_REFUSALS, ids=[r[0] for r in DISCARD_REFUSALS]
)
def test_discard_gates_refuse_and_leave_every_byte(
    noted: Bank, tree: Callable, case: str, overrides: dict[str, Any], phrase: str
) -> None:
    before = tree(noted.root)
    with pytest.raises(ToolInputError, match=phrase):
        discard(noted, **{"path": "_inbox/retry.md", "reason": "r", **overrides})
    assert tree(noted.root) == before


def test_the_discard_log_itself_cannot_be_discarded_or_promoted(noted: Bank, tree: Callable) -> None:
    discard(noted, path="_inbox/retry.md", reason="gone", now=NOW)
    before = tree(noted.root)
    with pytest.raises(ToolInputError, match="inbox's own file"):
        discard(noted, path="_inbox/DISCARDED.md", reason="tidy")
    with pytest.raises(ToolInputError, match="inbox's own file"):
        promote(noted, path="_inbox/DISCARDED.md", to="dna/discarded.md")
    assert tree(noted.root) == before


def test_the_discard_log_is_not_rewritten_by_the_edit_tools(noted: Bank, tree: Callable) -> None:
    """The log says it is append-only, and it is the one record of what left the inbox and why:
    `bank_edit`, `bank_update_section` and `bank_set_field` rewrote its entries (a reason
    changed, a whole entry replaced by a line), so a discard could be taken off the record."""
    from memorybank_server.writes.edit import edit
    from memorybank_server.writes.fields import set_field
    from memorybank_server.writes.sections import update_section

    discard(noted, path="_inbox/retry.md", reason="gone", now=NOW)
    before = tree(noted.root)
    log = "_inbox/DISCARDED.md"
    entry = noted.docs[log].sections[0].title
    for call in (
        lambda: edit(noted, path=log, find="reason: gone", replace="reason: kept"),
        lambda: update_section(noted, path=log, section=entry, content="Nothing was dropped."),
        lambda: set_field(noted, path=log, field="title", value="Notes"),
        lambda: set_status(noted, path=log, status="archived"),
    ):
        with pytest.raises(ToolInputError, match="discard log"):
            call()
    assert tree(noted.root) == before


def test_discard_dry_run_writes_nothing(noted: Bank, tree: Callable) -> None:
    before = tree(noted.root)
    result = discard(noted, path="_inbox/retry.md", reason="r", dry_run=True, now=NOW)
    assert result["discarded"] is False and result["dryRun"] is True
    assert tree(noted.root) == before


def test_discard_refuses_when_the_note_changed_under_it(
    noted: Bank, tree: Callable, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same approach as for promote: the note is edited right before the real commit runs."""

    class EditedUnderneath(inbox.Transaction):
        def commit(self) -> None:
            (self.root / "_inbox/retry.md").write_text("---\ntitle: Rewritten\n---\n# Rewritten\n")
            super().commit()

    monkeypatch.setattr(inbox, "Transaction", EditedUnderneath)
    with pytest.raises(ToolInputError, match="changed on disk since it was read"):
        discard(noted, path="_inbox/retry.md", reason="r", now=NOW)
    assert not (noted.root / "_inbox/DISCARDED.md").exists()
    assert (noted.root / "_inbox/retry.md").read_text("utf-8").startswith("---\ntitle: Rewritten")


def test_a_note_that_cannot_be_removed_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    """A promote or discard whose note's folder forbids removing it would pass the commit point
    and then fail: half done, and every later write blocked. It is refused up front, dry run too."""
    base = Path(tempfile.mkdtemp(prefix="unremovable-"))  # outside pytest's private folder
    try:
        root = base / "memory-bank"
        scaffold.init(root, "demo")
        (root / "_inbox").mkdir()
        note = "---\ntitle: N\ndoc_kind: engineering\npurpose: A note.\n"
        note += "derived_from:\n  - ../dna/principles.md\n---\n# N\n"
        (root / "_inbox" / "n.md").write_text(note, encoding="utf-8")
        if os.geteuid() == 0:
            for path in [base, *base.rglob("*")]:
                os.lchown(path, 65534, 65534)
        before = tree_hash(root)
        (root / "_inbox").chmod(0o555)

        def opened() -> Bank:
            bank = Bank(root)
            bank.refresh()
            return bank

        dry, real, dropped, later = as_another_user(
            [
                lambda: promote(opened(), path="_inbox/n.md", to="engineering/n.md", dry_run=True),
                lambda: promote(opened(), path="_inbox/n.md", to="engineering/n.md"),
                lambda: discard(opened(), path="_inbox/n.md", reason="not needed"),
                lambda: set_status(opened(), path="product/context.md", status="active"),
            ]
        )
        for answer in (dry, real, dropped):
            assert answer.startswith("refused: '_inbox/n.md' cannot be removed"), answer
        assert later == "done", later  # nothing half done blocks the next write
        (root / "_inbox").chmod(0o755)
        after = tree_hash(root)
        assert {k: v for k, v in after.items() if k != "product/context.md"} == {
            k: v for k, v in before.items() if k != "product/context.md"
        }
    finally:
        subprocess.run(["chmod", "-R", "u+w", str(base)], check=False)
        shutil.rmtree(base, ignore_errors=True)


def test_no_inbox_name_differs_from_the_inboxs_own_files_only_by_case(noted: Bank, tree: Callable) -> None:
    """A `discarded.md` note (written by hand) holds the log's name on macOS and Windows: another
    discard cannot write the log beside it, and says so with what to do, not only what is wrong."""
    with pytest.raises(ToolInputError, match="the inbox's own file"):
        create(noted, doc_kind="domain", path="_inbox/discarded.md", title="D", purpose="A note.", inbox=True)
    (noted.root / "_inbox" / "discarded.md").write_text("---\ntitle: D\n---\n# D\n", encoding="utf-8")
    noted.refresh()
    before = tree(noted.root)
    with pytest.raises(ToolInputError, match="only by letter case") as refused:
        discard(noted, path="_inbox/retry.md", reason="not needed", now=NOW)
    assert "'DISCARDED.md' differs from 'discarded.md'" in str(refused.value)
    assert (
        "the discard log cannot be written beside it: rename that first, or discard it if it is a note "
        "(its own discard writes the log in its place); then discard '_inbox/retry.md'" in str(refused.value)
    )
    assert tree(noted.root) == before


def test_a_note_named_like_the_discard_log_can_itself_be_discarded(noted: Bank) -> None:
    """`_inbox/discarded.md` blocked every discard, its own too: the log's name differed from it
    only by case, though the same write removes it. Discarded, it leaves the log in its place, and
    the other notes can then be discarded."""
    note = "---\ntitle: D\ndoc_kind: domain\npurpose: A note.\n---\n# D\n"
    (noted.root / "_inbox" / "discarded.md").write_text(note, encoding="utf-8")
    noted.refresh()
    assert discard(noted, path="_inbox/discarded.md", reason="stale", now=NOW)["discarded"] is True
    assert sorted(os.listdir(noted.root / "_inbox")) == ["DISCARDED.md", "retry.md"]
    assert "— `_inbox/discarded.md`" in (noted.root / "_inbox/DISCARDED.md").read_text("utf-8")
    assert discard(noted, path="_inbox/retry.md", reason="stale", now=NOW)["discarded"] is True


def test_a_note_that_is_the_discard_log_on_this_file_system_is_refused_with_what_to_do(
    noted: Bank, tree: Callable
) -> None:
    """Where the file system does not tell `discarded.md` from `DISCARDED.md` (macOS, Windows) the
    note holds the log's name until the write ends, so the log cannot be written; a hard link
    stands in for that here. The refusal says what to do instead of calling the log unreadable."""
    note = "---\ntitle: D\ndoc_kind: domain\npurpose: A note.\n---\n# D\n"
    (noted.root / "_inbox" / "discarded.md").write_text(note, encoding="utf-8")
    os.link(noted.root / "_inbox" / "discarded.md", noted.root / "_inbox" / "DISCARDED.md")
    noted.refresh()
    before = tree(noted.root)
    with pytest.raises(ToolInputError, match="rename the note, then discard it under its new name"):
        discard(noted, path="_inbox/discarded.md", reason="stale", now=NOW)
    assert tree(noted.root) == before


def test_promote_rebases_link_reference_definitions_too(seeded: Bank, put: Callable) -> None:
    """`[policy][p]` takes its target from `[p]: ../engineering/testing-policy.md`: left as it was,
    the definition would point at nothing from the note's new folder."""
    note = (
        "---\ntitle: N\ndoc_kind: engineering\npurpose: A note.\n"
        "derived_from:\n  - ../dna/principles.md\n---\n# N\n\nSee [the policy][p] and [the context][c].\n\n"
        '[p]: ../engineering/testing-policy.md\n  [c]: <../product/context.md> "Context"\n'
    )
    put(seeded.root, "_inbox/n.md", note)
    seeded.refresh()
    result = promote(seeded, path="_inbox/n.md", to="engineering/deep/n.md", today=TODAY)
    body = (seeded.root / "engineering/deep/n.md").read_text("utf-8")
    assert "[p]: ../testing-policy.md\n" in body
    assert '  [c]: <../../product/context.md> "Context"\n' in body
    assert (
        "Link rewritten for the new location: ../engineering/testing-policy.md -> ../testing-policy.md"
        in (result["warnings"])
    )


def test_promote_rebases_links_written_with_escapes_or_angle_brackets_in_their_own_form(
    seeded: Bank, put: Callable
) -> None:
    """`../my%20doc.md` and `<../my doc.md>` lead to `my doc.md` as any link does: left as written,
    they would lead nowhere from the note's new folder; rewritten, they keep the note's spelling."""
    note = (
        "---\ntitle: N\ndoc_kind: engineering\npurpose: A note.\n"
        "derived_from:\n  - ../dna/principles.md\n---\n# N\n\n"
        'See [escaped](../my%20doc.md#part), [pointed](<../my doc.md> "Mine"), '
        "[both](<../my%20doc.md>), [Cyrillic](../%D0%B7%D0%B0%D0%BC%D0%B5%D1%82%D0%BA%D0%B0.md)\n"
        "and [plain](../product/context.md).\n\n"
        "[p]: ../my%20doc.md\n[q]: <../my doc.md>\n"
    )
    put(seeded.root, "_inbox/n.md", note)
    put(seeded.root, "my doc.md", "# Mine\n")
    put(seeded.root, "заметка.md", "# Заметка\n")
    seeded.refresh()
    result = promote(seeded, path="_inbox/n.md", to="engineering/deep/n.md", today=TODAY)
    body = (seeded.root / "engineering/deep/n.md").read_text("utf-8")
    assert (
        'See [escaped](../../my%20doc.md#part), [pointed](<../../my doc.md> "Mine"), '
        "[both](<../../my%20doc.md>), [Cyrillic](../../%D0%B7%D0%B0%D0%BC%D0%B5%D1%82%D0%BA%D0%B0.md)\n"
        "and [plain](../../product/context.md).\n"
    ) in body
    assert "[p]: ../../my%20doc.md\n[q]: <../../my doc.md>\n" in body
    assert (
        "Link rewritten for the new location: ../my%20doc.md#part -> ../../my%20doc.md#part"
        in (result["warnings"])
    )
    assert "Link rewritten for the new location: ../my doc.md -> ../../my doc.md" in result["warnings"]


def _promoted_deep(seeded: Bank, put: Callable, body: str, files: dict[str, str]) -> tuple[str, dict]:
    """`_inbox/n.md` holding `body`, promoted two folders down beside `files` written at the bank's
    root: the promoted text and the answer."""
    note = (
        "---\ntitle: N\ndoc_kind: engineering\npurpose: A note.\n"
        "derived_from:\n  - ../dna/principles.md\n---\n# N\n\n" + body
    )
    put(seeded.root, "_inbox/n.md", note)
    for name, text in files.items():
        put(seeded.root, name, text)
    seeded.refresh()
    result = promote(seeded, path="_inbox/n.md", to="engineering/deep/n.md", today=TODAY)
    return (seeded.root / "engineering/deep/n.md").read_text("utf-8"), result


def test_promote_rebases_links_whose_label_holds_brackets_or_destination_parentheses(
    seeded: Bank, put: Callable
) -> None:
    """`[[DRAFT] Context](…)` and `[Guide](../guide_(v2).md)` are links to CommonMark: the scanner
    read neither, so both were left to lead nowhere from the note's new folder."""
    body, result = _promoted_deep(
        seeded,
        put,
        "See [[DRAFT] Context](../product/context.md), [Guide](../guide_(v2).md "
        '"v2 (draft)") and [see [it] \\] here](../product/context.md).\n',
        {"guide_(v2).md": "# Guide\n"},
    )
    assert (
        "See [[DRAFT] Context](../../product/context.md), [Guide](../../guide_(v2).md "
        '"v2 (draft)") and [see [it] \\] here](../../product/context.md).\n'
    ) in body
    # balanced parentheses are kept as written, as a plain destination may hold them
    assert (
        "Link rewritten for the new location: ../guide_(v2).md -> ../../guide_(v2).md" in (result["warnings"])
    )


def test_promote_rebases_a_name_with_a_hash_as_that_name(seeded: Bank, put: Callable) -> None:
    """`../c#-style.md` in `derived_from` names the file of that name (no document is `../c`), and
    a link writes it `c%23-style.md`: rebased, neither loses the part after its `#` to a fragment."""
    note = (
        "---\ntitle: N\ndoc_kind: engineering\npurpose: A note.\n"
        "derived_from:\n  - ../engineering/c#-style.md\n---\n# N\n\n"
        "See [the style](../engineering/c%23-style.md#usage) and [raw](../engineering/c%23-style.md).\n"
    )
    put(seeded.root, "_inbox/n.md", note)
    put(seeded.root, "engineering/c#-style.md", "# C#\n")
    seeded.refresh()
    result = promote(seeded, path="_inbox/n.md", to="engineering/deep/n.md", today=TODAY)
    text = (seeded.root / "engineering/deep/n.md").read_text("utf-8")
    assert "derived_from:\n  - ../c#-style.md\n" in text
    assert "See [the style](../c%23-style.md#usage) and [raw](../c%23-style.md).\n" in text
    assert (
        "derived_from rebased for the new location: ../engineering/c#-style.md -> ../c#-style.md"
        in (result["warnings"])
    )


def test_promote_spells_a_link_so_it_reads_back_as_the_document_it_led_to(
    seeded: Bank, put: Callable
) -> None:
    """A note in `_inbox/q%41/` links its neighbour as `other.md`; from the note's new folder the
    link names the note's folder, whose `%41` a link reads as `A`: written as it is, the link would
    lead to `_inbox/qA/other.md`, a document that does not exist."""
    note = (
        "---\ntitle: N\ndoc_kind: engineering\npurpose: A note.\n"
        "derived_from:\n  - ../../dna/principles.md\n---\n# N\n\nSee [the other](other.md).\n"
    )
    put(seeded.root, "_inbox/q%41/n.md", note)
    put(seeded.root, "_inbox/q%41/other.md", "# Other\n")
    seeded.refresh()
    promote(seeded, path="_inbox/q%41/n.md", to="engineering/n.md", today=TODAY)
    body = (seeded.root / "engineering/n.md").read_text("utf-8")
    (written,) = [raw for line in body.split("\n") for _label, raw, _column in links(line)]
    assert written == "../_inbox/q%2541/other.md"
    assert link_target("engineering/n.md", written).resolved == "_inbox/q%41/other.md"


@pytest.mark.parametrize("folder", ["a b", "a(b", "a)b", "a<b>"])
def test_promote_writes_a_rebased_link_a_plain_destination_can_carry(
    seeded: Bank, put: Callable, folder: str
) -> None:
    """A note in `_inbox/a b/` links its neighbour as `other.md`; from the note's new folder the
    path names the note's folder, whose space (or bracket) ends a plain destination: written raw,
    the line would hold no link at all. It is written with that character escaped, as `%20`."""
    note = (
        "---\ntitle: N\ndoc_kind: engineering\npurpose: A note.\n"
        "derived_from:\n  - ../../dna/principles.md\n---\n# N\n\nSee [the other](other.md).\n\n"
        "[o]: other.md\n"
    )
    put(seeded.root, f"_inbox/{folder}/n.md", note)
    put(seeded.root, f"_inbox/{folder}/other.md", "# Other\n")
    seeded.refresh()
    promote(seeded, path=f"_inbox/{folder}/n.md", to="engineering/n.md", today=TODAY)
    body = (seeded.root / "engineering/n.md").read_text("utf-8")
    (written,) = [raw for line in body.split("\n") for _label, raw, _column in links(line)]
    assert link_target("engineering/n.md", written).resolved == f"_inbox/{folder}/other.md"
    (definition,) = [line for line in body.split("\n") if line.startswith("[o]: ")]
    assert definition == f"[o]: {written}"


def test_promote_rebases_a_pointed_definition_holding_an_escaped_bracket(seeded: Bank, put: Callable) -> None:
    """`[q]: <../x\\>y.md>` is the file `x>y.md`, as CommonMark reads `\\>` inside `<…>`: the
    definition must be read whole and rewritten, not skipped as if it had no destination."""
    note = (
        "---\ntitle: N\ndoc_kind: engineering\npurpose: A note.\n"
        "derived_from:\n  - ../dna/principles.md\n---\n# N\n\nSee [it][q].\n\n[q]: <../x\\>y.md>\n"
    )
    put(seeded.root, "_inbox/n.md", note)
    put(seeded.root, "x>y.md", "# XY\n")
    seeded.refresh()
    promote(seeded, path="_inbox/n.md", to="engineering/deep/n.md", today=TODAY)
    body = (seeded.root / "engineering/deep/n.md").read_text("utf-8")
    (definition,) = [line for line in body.split("\n") if line.startswith("[q]: ")]
    written = definition.removeprefix("[q]: <").removesuffix(">")
    assert link_target("engineering/deep/n.md", written).resolved == "x>y.md"


@pytest.mark.parametrize(
    ("written", "phrase"),
    [
        (
            "derived_from: ../product/context.md",
            "the note's derived_from '../product/context.md' is a single value",
        ),
        (
            "derived_from:\n  - see: ../product/context.md",
            "'see: ../product/context.md' is a key: value pair",
        ),
        ("derived_from:\n  - 42", "'42' is a number"),
        ("derived_from:\n  - ../product/context.md\n  -", "the note's derived_from has an empty item"),
    ],
)
def test_promote_refuses_a_derived_from_it_cannot_read_instead_of_dropping_it(
    seeded: Bank, put: Callable, tree: Callable, written: str, phrase: str
) -> None:
    """A note's `derived_from: x.md` (a single value) or `- see: x.md` was promoted with no
    derived_from at all, and only "derived_from is empty" said so: the note's source was lost."""
    put(
        seeded.root,
        "_inbox/n.md",
        f"---\ntitle: N\ndoc_kind: domain\npurpose: A note.\n{written}\n---\n# N\n",
    )
    seeded.refresh()
    before = tree(seeded.root)
    with pytest.raises(ToolInputError, match=re.escape(phrase)):
        promote(seeded, path="_inbox/n.md", to="domain/n.md", status="draft", today=TODAY)
    assert tree(seeded.root) == before
    promote(
        seeded, path="_inbox/n.md", to="domain/n.md", status="draft", derived_from=["../product/context.md"]
    )
    assert header(seeded.root / "domain/n.md")["derived_from"] == ["../product/context.md"]


@pytest.mark.parametrize(
    ("written", "line"),
    [
        ("notes: |\n  Three retries, then the breaker opens.\n  Measured in March.", 7),
        ("limits:\n  retries: 3\n  window: 10s", 8),
        ("why: 'the budget keeps the\n  queue short'", 7),
        ("summary: retries stop\n  after three attempts", 8),
    ],
    ids=["block-scalar", "mapping", "quoted-over-lines", "plain-over-lines"],
)
def test_promote_refuses_a_note_whose_unparsed_header_it_would_read_in_part(
    seeded: Bank, put: Callable, tree: Callable, written: str, line: int
) -> None:
    """A header strict YAML rejects (`title: Retry: budget`) is read line by line, which reads
    `key: value` lines and list items only: a block scalar's text, a mapping's keys or a value's
    second line were left out of the promoted document, and the note holding them was removed in
    the same write. Such a note is refused until its header is fixed; one whose every line is
    read still promotes."""
    head = "---\ntitle: Retry: budget\ndoc_kind: domain\npurpose: A note.\nstatus: draft\ncaptured_by: s-42\n"
    put(seeded.root, "_inbox/n.md", f"{head}{written}\n---\n# N\n")
    seeded.refresh()
    before = tree(seeded.root)
    with pytest.raises(ToolInputError, match=f"line {line} .* would be lost"):
        promote(seeded, path="_inbox/n.md", to="domain/n.md", status="draft", today=TODAY)
    assert tree(seeded.root) == before
    put(seeded.root, "_inbox/n.md", f"{head}owners:\n  - alice\n---\n# N\n")
    seeded.refresh()
    promote(seeded, path="_inbox/n.md", to="domain/n.md", status="draft", today=TODAY)
    assert header(seeded.root / "domain/n.md")["owners"] == ["alice"]


@pytest.mark.parametrize("to", ["engineering/deep/note.md", "engineering/kept.md"])
def test_promote_points_a_notes_link_to_itself_at_its_new_name(seeded: Bank, put: Callable, to: str) -> None:
    """`[me](note.md)` in `_inbox/note.md` names the note itself: it was rebased to
    `../../_inbox/note.md`, the note the same write removes, so the link led nowhere."""
    note = (
        "---\ntitle: Note\ndoc_kind: engineering\npurpose: A note.\nstatus: draft\n"
        "derived_from: [../dna/principles.md]\n---\n# Note\n\n"
        "Self: [me](note.md), [part](./note.md#part) and [it][s].\n\n[s]: note.md#part\n"
    )
    put(seeded.root, "_inbox/note.md", note)
    seeded.refresh()
    result = promote(seeded, path="_inbox/note.md", to=to, today=TODAY)
    name = posixpath.basename(to)
    body = (seeded.root / to).read_text("utf-8")
    assert f"Self: [me]({name}), [part]({name}#part) and [it][s].\n\n[s]: {name}#part\n" in body
    assert "_inbox" not in body
    assert not any("_inbox" in warning for warning in result["warnings"])


@pytest.mark.parametrize(
    ("to", "up"), [("n2.md", ""), ("engineering/deep/n2.md", "../../")], ids=["bank root", "deeper"]
)
def test_promote_rebases_paths_that_leave_the_bank_so_they_name_the_same_file(
    seeded: Bank, put: Callable, to: str, up: str
) -> None:
    """`[app](../../src/app.py)` and `derived_from: ../../src/app.py`, written in `_inbox/`, name
    the project's `src/app.py`: kept as written they named `memory-bank/src/app.py` from a deeper
    folder (and that derived_from was refused as a path the caller never passed), or a file above
    the project from the bank root."""
    note = (
        "---\ntitle: N\ndoc_kind: engineering\npurpose: A note.\nstatus: draft\n"
        "derived_from:\n  - ../dna/principles.md\n  - path: ../../src/app.py#L3\n    fit: partial\n"
        "---\n# N\n\nCode: [app](../../src/app.py), [escaped](<../../src/my app.py#L2>), "
        "[web](https://example.com/x.md).\n\n[a]: ../../src/my%20app.py\n"
    )
    put(seeded.root, "_inbox/n.md", note)
    put(seeded.root.parent, "src/app.py", "")
    put(seeded.root.parent, "src/my app.py", "")
    seeded.refresh()
    result = promote(seeded, path="_inbox/n.md", to=to, today=TODAY)
    data = header(seeded.root / to)
    assert data["derived_from"] == [
        posixpath.relpath("dna/principles.md", posixpath.dirname(to) or "."),
        {"path": f"{up}../src/app.py#L3", "fit": "partial"},
    ]
    body = (seeded.root / to).read_text("utf-8")
    assert (
        f"Code: [app]({up}../src/app.py), [escaped](<{up}../src/my app.py#L2>), "
        f"[web](https://example.com/x.md).\n\n[a]: {up}../src/my%20app.py\n"
    ) in body
    folder = (seeded.root / to).parent
    assert os.path.normpath(folder / f"{up}../src/app.py") == str(seeded.root.parent / "src/app.py")
    assert f"Link rewritten for the new location: ../../src/app.py -> {up}../src/app.py" in result["warnings"]


def test_promote_rewrites_only_what_commonmark_reads_as_a_link(seeded: Bank, put: Callable) -> None:
    """`\\[e](../x.md)` is text and `    [i](../x.md)` an indented code block: neither is a link,
    yet both were rewritten as if they were. A link CommonMark does read (in a list item's indented
    paragraph, after an escaped bracket, inside a heading) is still rebased."""
    note = (
        "---\ntitle: N\ndoc_kind: engineering\npurpose: A note.\nstatus: draft\n"
        "derived_from:\n  - ../dna/principles.md\n---\n# N\n\n"
        "Escaped \\[e](../product/context.md) and [real](../product/context.md).\n\n"
        "    [indented](../product/context.md)\n    [i]: ../product/context.md\n\n"
        "<div>\n[html](../product/context.md)\n</div>\n\n"
        "- item\n\n    [in the item](../product/context.md)\n\n"
        "\\[a [after](../product/context.md)\n\n"
        "## See [the context](../product/context.md)\n"
    )
    put(seeded.root, "_inbox/n.md", note)
    seeded.refresh()
    promote(seeded, path="_inbox/n.md", to="engineering/deep/n.md", today=TODAY)
    body = (seeded.root / "engineering/deep/n.md").read_text("utf-8")
    assert (
        "Escaped \\[e](../product/context.md) and [real](../../product/context.md).\n\n"
        "    [indented](../product/context.md)\n    [i]: ../product/context.md\n\n"
        "<div>\n[html](../product/context.md)\n</div>\n\n"
        "- item\n\n    [in the item](../../product/context.md)\n\n"
        "\\[a [after](../../product/context.md)\n\n"
        "## See [the context](../../product/context.md)\n"
    ) in body


def test_a_promoted_note_opening_with_indented_code_keeps_it_code(
    seeded: Bank, put: Callable, clean_after: Callable
) -> None:
    """The note is moved, not rewritten: the indent of its first line of code stays, so the
    commands it opens with are still code (trimmed, they read as one paragraph of prose)."""
    put(
        seeded.root,
        "_inbox/cleanup.md",
        "---\ntitle: Cleanup\ndoc_kind: domain\npurpose: Read when you need the cleanup commands.\n"
        "derived_from:\n  - ../dna/principles.md\nstatus: draft\n---\n\n    rm -rf build/\n    make all\n",
    )
    seeded.refresh()
    promote(seeded, path="_inbox/cleanup.md", to="domain/cleanup.md", today=TODAY)
    text = (seeded.root / "domain/cleanup.md").read_text("utf-8")
    assert text.endswith("# Cleanup\n\n    rm -rf build/\n    make all\n")
    clean_after(seeded)


@pytest.mark.parametrize("leave", ["discard", "promote"])
def test_a_note_another_document_derives_from_or_an_index_lists_does_not_leave_silently(
    noted: Bank, put: Callable, tree: Callable, leave: str
) -> None:
    """Removing the note would leave the documents that name it pointing at nothing: a
    `derived_from` that no longer resolves (MB001), an index entry that leads nowhere (MB007).
    The write is refused naming the finding, and no byte changes."""
    dependent = NOTE.replace("title: Retry budget", "title: Retry rules").replace(
        "  - ../product/context.md\n", "  - ../_inbox/retry.md\n"
    )
    put(noted.root, "domain/retry-rules.md", dependent)
    readme = noted.root / "domain/README.md"
    readme.write_text(readme.read_text("utf-8") + "\n- [Retry rules](retry-rules.md)\n", "utf-8")
    noted.refresh()
    before = tree(noted.root)
    with pytest.raises(ToolInputError, match=r"domain/retry-rules\.md a finding: MB001"):
        if leave == "discard":
            discard(noted, path="_inbox/retry.md", reason="folded into the rules", now=NOW)
        else:
            promote(noted, path="_inbox/retry.md", to="domain/retry-budget.md", today=TODAY)
    assert tree(noted.root) == before
    put(noted.root, "domain/retry-rules.md", NOTE.replace("title: Retry budget", "title: Retry rules"))
    readme.write_text(readme.read_text("utf-8") + "- [Retry note](../_inbox/retry.md)\n", "utf-8")
    noted.refresh()
    before = tree(noted.root)
    with pytest.raises(ToolInputError, match=r"domain/README\.md a finding: MB007"):
        if leave == "discard":
            discard(noted, path="_inbox/retry.md", reason="folded into the rules", now=NOW)
        else:
            promote(noted, path="_inbox/retry.md", to="domain/retry-budget.md", today=TODAY)
    assert tree(noted.root) == before


def test_promote_places_a_link_inside_an_image_alt_on_its_line(seeded: Bank, put: Callable) -> None:
    """markdown-it reads an image's alt text with positions from its start: a link there was
    placed as if at the line's start, so a link-like attribute of raw HTML earlier on the line was
    rewritten and the real link left, while the answer said it was rebased."""
    body, _ = _promoted_deep(
        seeded,
        put,
        'x <b t="[c](../x.md)"> ![zzzzzzzz[b](../x.md)](../i.png)\n',
        {"x.md": "# X\n", "i.png": "png"},
    )
    assert 'x <b t="[c](../x.md)"> ![zzzzzzzz[b](../../x.md)](../../i.png)\n' in body


def test_promote_rebases_definitions_in_quotes_and_list_items_and_escaped_labels(
    seeded: Bank, put: Callable
) -> None:
    """A link reference definition in a quote or a list item, or with an escaped bracket in its
    label, is a definition to CommonMark: it was left as written, leading nowhere after the move."""
    body, _ = _promoted_deep(
        seeded,
        put,
        "See [a][q], [b][l] and [c][r\\]].\n\n> [q]: ../x.md\n\n- [l]: ../x.md\n\n[r\\]]: ../x.md\n",
        {"x.md": "# X\n"},
    )
    assert "> [q]: ../../x.md\n\n- [l]: ../../x.md\n\n[r\\]]: ../../x.md\n" in body


def test_promote_rebases_a_definition_written_over_more_than_one_line(seeded: Bank, put: Callable) -> None:
    """CommonMark lets a definition put its destination on the next line (`[p]:` then `../x.md`),
    wrap its label, or stand behind a quote's tab: each is a definition, and was left as written,
    leading nowhere from the note's new folder, while the rest of the note was rebased."""
    body, result = _promoted_deep(
        seeded,
        put,
        "See [a][p], [b][long label], [c][q], [d][t] and [e][r].\n\n[p]:\n../x.md\n\n"
        '[long\nlabel]: ../x.md\n\n> [q]:\n> <../x.md> "Q"\n\n>\t[t]: ../x.md\n\n'
        '- [r]:\n  ../x.md\n  "a title\n  [s]: ../x.md"\n',
        {"x.md": "# X\n"},
    )
    assert (
        '[p]:\n../../x.md\n\n[long\nlabel]: ../../x.md\n\n> [q]:\n> <../../x.md> "Q"\n\n'
        '>\t[t]: ../../x.md\n\n- [r]:\n  ../../x.md\n  "a title\n  [s]: ../x.md"\n'
    ) in body
    assert result["warnings"].count("Link rewritten for the new location: ../x.md -> ../../x.md") == 5


def test_promote_rebases_a_link_whose_label_wraps_over_lines(seeded: Bank, put: Callable) -> None:
    """A paragraph wrapped at a fixed width wraps link labels too: read line by line, `[the\\nx]
    (../x.md)` was never found and was left leading nowhere from the note's new folder."""
    body, result = _promoted_deep(
        seeded,
        put,
        "See [the\nwrapped label](../x.md), ![an\nimage](../x.md) and\n> [a quoted\n> one](<../x.md>).\n",
        {"x.md": "# X\n"},
    )
    assert (
        "See [the\nwrapped label](../../x.md), ![an\nimage](../../x.md) and\n"
        "> [a quoted\n> one](<../../x.md>).\n"
    ) in body
    assert result["warnings"].count("Link rewritten for the new location: ../x.md -> ../../x.md") == 3


def test_promote_rebases_a_link_whose_destination_or_title_is_on_the_next_line(
    seeded: Bank, put: Callable
) -> None:
    """CommonMark lets one line ending stand before a link's destination and before its title:
    `[a](` then `../x.md)` is a link, and was left leading nowhere from the note's new folder."""
    body, result = _promoted_deep(
        seeded,
        put,
        'See [a](\n../x.md) and [b](../x.md\n"the title").\n',
        {"x.md": "# X\n"},
    )
    assert 'See [a](\n../../x.md) and [b](../../x.md\n"the title").\n' in body
    assert result["warnings"].count("Link rewritten for the new location: ../x.md -> ../../x.md") == 2


def test_promote_reads_each_paragraph_as_the_parser_bounds_it(seeded: Bank, put: Callable) -> None:
    """A fence, a quote or a list item right below a paragraph ends it: read on with it, a backtick
    there paired with one in the paragraph and hid a link the reader follows. A quote's `>` before
    a destination on the next line, and a line of no-break spaces the parser trims, hid others."""
    body, result = _promoted_deep(
        seeded,
        put,
        "`[a](../x.md)\n~~~\n`\n~~~\n\n"
        "b `[b](../x.md)\n> c `\n\n"
        "> [d](\n> ../x.md)\n\n"
        "\u00a0\n[e](../x.md)\n",
        {"x.md": "# X\n"},
    )
    assert (
        "`[a](../../x.md)\n~~~\n`\n~~~\n\n"
        "b `[b](../../x.md)\n> c `\n\n"
        "> [d](\n> ../../x.md)\n\n"
        "\u00a0\n[e](../../x.md)\n"
    ) in body
    rewritten = [w for w in result["warnings"] if w.startswith("Link rewritten")]
    assert rewritten == ["Link rewritten for the new location: ../x.md -> ../../x.md"] * 4


NOTE_PATH = "_inbox/retry.md"


def test_no_write_leaves_an_archived_owner(noted: Bank, tree: Callable) -> None:
    """`bank_set_status` refuses to archive an owner of `canonical_for` keys (it blocks any
    successor from claiming them), but `bank_create` and `bank_promote` wrote an archived owner
    directly: the bank was talked past its own rule by choosing another tool."""
    before = tree(noted.root)
    with pytest.raises(ToolInputError, match="an archived owner blocks any successor"):
        create(
            noted,
            doc_kind="domain",
            path="domain/old.md",
            title="Old",
            purpose="Read for the old rule.",
            derived_from=["../dna/principles.md"],
            canonical_for=["old_rule"],
            status="archived",
        )
    with pytest.raises(ToolInputError, match="an archived owner blocks any successor"):
        promote(noted, path=NOTE_PATH, to="domain/retry.md", canonical_for=["retry"], status="archived")
    assert tree(noted.root) == before
    archived = promote(noted, path=NOTE_PATH, to="domain/retry.md", canonical_for=[], status="archived")
    assert archived["promoted"] is True and "canonical_for" not in archived["frontmatter"]
