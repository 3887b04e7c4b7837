"""`bank_init` and `bank_materialize_flows`: a seeded bank validates clean, before and after."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import posixpath
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from memorybank_lint import frontmatter, markdown
from memorybank_lint.bank import Bank
from memorybank_lint.frontmatter import split
from memorybank_lint.linter import lint
from memorybank_lint.paths import resolve
from memorybank_server import scaffold
from memorybank_server.errors import ToolInputError
from memorybank_server.starter import templates_root
from memorybank_server.templates import find_template, unwrap
from memorybank_server.trial import harmless
from tests.conftest import as_another_user, owned_by_another_user

SEEDED = {
    "README.md",
    "dna/README.md",
    "dna/principles.md",
    "dna/governance.md",
    "dna/frontmatter.md",
    "dna/lifecycle.md",
    "dna/cross-references.md",
    "dna/glossary.md",
    "dna/changelog.md",
    "flows/README.md",
    "flows/feature-flow.md",
    "flows/epic-flow.md",
    "flows/workflows.md",
    "flows/templates/README.md",
    "product/context.md",
    "engineering/testing-policy.md",
    "product/README.md",
    "domain/README.md",
    "engineering/README.md",
    "ops/README.md",
    "adr/README.md",
    "use-cases/README.md",
    "features/README.md",
    "processes/README.md",
}
TODAY = dt.date(2026, 11, 30)


def seeded(tmp_path: Path, name: str = "Acme Shop") -> Bank:
    root = tmp_path / "memory_bank"
    scaffold.init(root, name, today=TODAY)
    bank = Bank(root)
    bank.refresh()
    return bank


def tree_digest(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_init_writes_exactly_the_24_starter_files(tmp_path: Path) -> None:
    result = scaffold.init(tmp_path / "memory_bank", "Acme Shop", today=TODAY)
    assert set(result.files) == SEEDED and len(result.files) == 24
    assert result.created and not result.dryRun
    assert set(tree_digest(tmp_path / "memory_bank")) == SEEDED
    assert result.directories[-2:] == ["dna", "flows"]


def test_a_fresh_bank_has_zero_findings(tmp_path: Path) -> None:
    findings = lint(seeded(tmp_path))
    assert [(f.code, f.path, f.message) for f in findings] == []


def test_a_materialised_bank_has_zero_findings_and_owns_every_template(tmp_path: Path) -> None:
    bank = seeded(tmp_path)
    result = scaffold.materialize_flows(bank.root)
    shipped = {
        f"flows/templates/{p.relative_to(templates_root()).as_posix()}"
        for p in templates_root().rglob("*.md")
    }
    assert set(result.files) == shipped and len(shipped) == 24
    bank.refresh()
    assert [(f.code, f.path, f.message) for f in lint(bank)] == []
    assert bank.docs["flows/templates/README.md"].text != scaffold.templates_pointer()
    assert bank.docs["flows/templates/adr/ADR-ID.md"].registered_in == ["flows/templates/README.md"]


def test_placeholders_are_filled(tmp_path: Path) -> None:
    bank = seeded(tmp_path, "Acme Shop")
    for path, doc in bank.docs.items():
        assert "{{" not in doc.text, path
    assert "Acme Shop" in bank.docs["README.md"].text
    assert "Acme Shop" in bank.docs["product/context.md"].text
    assert TODAY.isoformat() in bank.docs["dna/changelog.md"].text


def test_a_project_name_with_yaml_characters_still_validates(tmp_path: Path) -> None:
    bank = seeded(tmp_path, "Acme: Shop #1, 'beta'")
    assert bank.docs["README.md"].parse_error is None
    assert "Acme: Shop #1, 'beta'" in bank.docs["README.md"].purpose
    assert lint(bank) == []


MARKDOWN_NAMES = [
    "Acme [x](nowhere.md) <!-- memorybank-lint: disable MB007 -->",
    "Acme <!-- noqa -->",
    "Acme # noqa: MB001",
    "Acme `code | pipe ](",
]


@pytest.mark.parametrize("name", MARKDOWN_NAMES)
def test_a_project_name_adds_no_link_and_no_suppression_to_the_bank_it_seeds(
    tmp_path: Path, name: str
) -> None:
    """The name is written into bodies as header text is written into an index line: the seeded
    bank has zero findings with its suppressions honoured and with them switched off."""
    bank = seeded(tmp_path, name)
    assert lint(bank) == [] and lint(bank, noqa=False) == []
    assert not any(doc.suppressions for doc in bank.docs.values())
    bodies = [split(doc.text).body for doc in bank.docs.values()]
    assert all("nowhere.md" not in target for body in bodies for _l, target, _c in markdown.links(body))


def test_the_starter_contract_is_read_as_intended(tmp_path: Path) -> None:
    bank = seeded(tmp_path)
    contract = bank.contract
    assert contract is not None
    assert contract.roots == {"dna/principles.md"}
    assert contract.requires_derived_from and contract.forbids_cycles
    assert contract.allowed("doc_kind", "governance") == {
        "governance",
        "project",
        "product",
        "domain",
        "prd",
        "use_case",
        "feature",
        "feature-support",
        "epic",
        "process",
        "prompt",
        "engineering",
        "ops",
        "adr",
    }
    assert contract.allowed("doc_function", "governance") == {
        "canonical",
        "index",
        "template",
        "reference",
        "derived",
        "roadmap",
        "risk_register",
        "decision_log",
        "subissue_registry",
    }
    assert contract.allowed("status", "adr") == {"draft", "active", "archived"}
    assert contract.allowed("delivery_status", "feature") == {"planned", "in_progress", "done", "cancelled"}
    assert contract.allowed("decision_status", "adr") == {"proposed", "accepted", "superseded", "rejected"}
    layers = bank.layers
    assert layers.unknown == []
    assert layers.by_dir["features"] == "delivery" and layers.by_dir["_inbox"] == "inbox"
    assert set(layers.by_dir) >= {
        "dna",
        "product",
        "domain",
        "engineering",
        "ops",
        "adr",
        "use-cases",
        "prd",
        "features",
        "epics",
        "flows",
        "processes",
        "prompts",
        "_inbox",
    }
    assert layers.weight("knowledge") == 1.5 and layers.weight("delivery") == 0.6


def test_the_seeded_roles(tmp_path: Path) -> None:
    bank = seeded(tmp_path)
    assert bank.docs["dna/principles.md"].derived_from == []
    assert bank.docs["product/context.md"].status == "draft"
    assert bank.docs["engineering/testing-policy.md"].status == "draft"
    assert "Simplify Review" in [s.title for s in bank.docs["engineering/testing-policy.md"].sections]
    assert "engineering/testing-policy.md" in {
        bank.edge_target(e) for e in bank.docs["flows/feature-flow.md"].derived_from
    }
    assert not any(p.startswith("flows/templates/adr/") for p in bank.docs)


def test_init_refuses_a_root_with_documents_and_writes_nothing(tmp_path: Path) -> None:
    root = tmp_path / "memory_bank"
    (root / "notes").mkdir(parents=True)
    (root / "notes" / "keep.md").write_text("# Keep me\n", encoding="utf-8")
    before = tree_digest(root)
    for dry_run in (False, True):
        with pytest.raises(scaffold.ScaffoldError, match="already holds 1 documents"):
            scaffold.init(root, "Acme", dry_run=dry_run)
    assert tree_digest(root) == before


def test_a_root_holding_only_other_files_counts_as_empty(tmp_path: Path) -> None:
    root = tmp_path / "memory_bank"
    root.mkdir()
    (root / "diagram.png").write_bytes(b"\x89PNG")
    assert scaffold.init(root, "Acme", today=TODAY).created


def test_force_adds_only_the_missing_starter_files_and_keeps_the_banks_own(tmp_path: Path) -> None:
    root = tmp_path / "memory_bank"
    scaffold.init(root, "Acme", today=TODAY)
    own = root / "dna/glossary.md"
    own.write_text(own.read_text(encoding="utf-8") + "\nOur own term.\n", encoding="utf-8")
    (root / "engineering/testing-policy.md").unlink()
    result = scaffold.init(root, "Acme", force=True, today=TODAY)
    assert result.files == ["engineering/testing-policy.md"]
    assert result.overwrites == []
    assert {item["path"] for item in result.skipped} == SEEDED - {"engineering/testing-policy.md"}
    assert "Our own term." in own.read_text(encoding="utf-8")
    assert result.warnings == [
        "Seeding around 23 existing documents: 1 starter files added, 23 left as they are."
    ]
    # it created no bank and no folder: it said it had created both (`created`, every folder)
    assert not result.created and result.directories == []
    shutil.rmtree(root / "ops")
    again = scaffold.init(root, "Acme", force=True, today=TODAY)
    assert not again.created and again.directories == ["ops"] and again.files == ["ops/README.md"]


def test_dry_run_writes_nothing_not_even_the_root(tmp_path: Path) -> None:
    root = tmp_path / "memory_bank"
    result = scaffold.init(root, "Acme", dry_run=True, today=TODAY)
    assert not root.exists()
    assert set(result.files) == SEEDED and not result.created and result.dryRun


@pytest.mark.parametrize(
    "name",
    [
        *["", "   ", "two\nlines", "line\u2028break", "\x1b[31mred", "nul\x00", "x" * 70_000, "Ac\u200bme"],
        *["Acme\x1f", "Acme\n", "\x85Acme", "Acme\r", " \u2029"],  # at the ends: refused, not trimmed away
    ],
)
def test_a_bad_name_is_refused(tmp_path: Path, name: str) -> None:
    """The name is written into every starter header: it is checked as any header value a write
    is handed (one line, no control character, at most 65,536 characters), and, as it becomes a
    title and a purpose, holds no character that prints as nothing."""
    with pytest.raises(scaffold.ScaffoldError):
        scaffold.init(tmp_path / "memory_bank", name)
    assert not (tmp_path / "memory_bank").exists()


def _hostile_links(tmp_path: Path, kind: str, at: str = "") -> tuple[Path, Path]:
    """A bank with a document of its own and one link the seeding would write through (the
    folder `flows`, or the file `at`), and the folder outside it the link leads to (holding one
    file of the user's)."""
    root, outside = tmp_path / "memory_bank", tmp_path / "outside"
    (root / "notes").mkdir(parents=True)
    (root / "notes" / "keep.md").write_text("# Keep me\n", encoding="utf-8")
    outside.mkdir()
    (outside / "precious.txt").write_text("the user's own\n", encoding="utf-8")
    if kind == "folder":
        (root / "flows").symlink_to(outside, target_is_directory=True)
    else:
        link = root / at
        link.parent.mkdir(parents=True)
        link.symlink_to(outside / ("precious.txt" if kind == "file" else "planted.md"))
    return root, outside


@pytest.mark.parametrize("kind", ["folder", "file", "dangling"])
@pytest.mark.parametrize("dry_run", [True, False])
@pytest.mark.parametrize("seeding", ["init", "materialize"])
def test_seeding_never_writes_through_a_link_not_even_in_its_trial(
    tmp_path: Path, kind: str, dry_run: bool, seeding: str
) -> None:
    """`--init --force` and `--materialize-flows` try their files on a copy of the bank that keeps
    its links; a link on a path they would write is refused by its bank path, dry run or not, and
    nothing outside the bank or in it changes. A link to a file is refused too: the linter never
    follows one, so kept as the bank's own it left the seeded indexes pointing at no document."""
    template = _shipped_templates()[0].relative_to(templates_root()).as_posix()
    at = "flows/templates/README.md" if seeding == "init" else f"flows/templates/{template}"
    root, outside = _hostile_links(tmp_path, kind, at)
    before, bank_before = tree_digest(outside), tree_digest(root)
    named = re.escape(at) if kind != "folder" else "flows/[^']*"
    with pytest.raises(ToolInputError, match=f"^'{named}' goes through a symbolic link"):
        if seeding == "init":
            scaffold.init(root, "Acme", force=True, dry_run=dry_run, today=TODAY)
        else:
            scaffold.materialize_flows(root, force=True, dry_run=dry_run)
    assert tree_digest(outside) == before
    assert sorted(p.name for p in outside.iterdir()) == ["precious.txt"]
    assert tree_digest(root) == bank_before


def test_the_trial_itself_refuses_a_path_through_a_link(tmp_path: Path) -> None:
    root, outside = _hostile_links(tmp_path, "folder")
    with pytest.raises(ToolInputError, match="symbolic link"):
        harmless(root, {"flows/README.md": "# Flows\n"})
    assert sorted(p.name for p in outside.iterdir()) == ["precious.txt"]


def test_materialize_refuses_over_the_banks_own_templates_unless_forced(tmp_path: Path) -> None:
    bank = seeded(tmp_path)
    scaffold.materialize_flows(bank.root)
    custom = bank.root / "flows/templates/adr/ADR-ID.md"
    custom.write_text(custom.read_text(encoding="utf-8") + "\nOur own addition.\n", encoding="utf-8")
    before = tree_digest(bank.root)
    with pytest.raises(scaffold.ScaffoldError, match=r"already holds 1 document\(s\) that differ"):
        scaffold.materialize_flows(bank.root)
    assert tree_digest(bank.root) == before
    preview = scaffold.materialize_flows(bank.root, force=True, dry_run=True)
    assert tree_digest(bank.root) == before
    assert preview.dryRun and preview.overwrites == preview.files == ["flows/templates/adr/ADR-ID.md"]
    result = scaffold.materialize_flows(bank.root, force=True)
    assert result.warnings == ["Overwrote 1 files that flows/templates/ already held."]
    assert "Our own addition." not in custom.read_text(encoding="utf-8")


def test_materialize_again_over_the_shipped_copies_writes_nothing_and_refuses_nothing(tmp_path: Path) -> None:
    """A second run, or one whose first was killed and finished by the journal, finds copies equal
    to the shipped templates: they are not the bank's own work, so nothing is refused, and the one
    file a kill left missing is written back alone."""
    bank = seeded(tmp_path)
    first = scaffold.materialize_flows(bank.root)
    assert first.created and first.files  # into the folder the seeded bank points from
    before = tree_digest(bank.root)
    again = scaffold.materialize_flows(bank.root)
    assert again.files == [] and again.overwrites == [] and not again.created and again.directories == []
    assert again.warnings == ["flows/templates/ already holds the shipped templates; nothing to write."]
    assert tree_digest(bank.root) == before
    (bank.root / "flows/templates/adr/ADR-ID.md").unlink()
    ours = bank.root / "flows/templates/custom/OURS.md"  # a template of the bank's own, overwritten by none
    ours.parent.mkdir()
    ours.write_text("---\ntitle: Ours\n---\n# Ours\n", encoding="utf-8")
    with_ours = tree_digest(bank.root)
    missing = scaffold.materialize_flows(bank.root)
    assert missing.files == ["flows/templates/adr/ADR-ID.md"] and missing.warnings == []
    assert missing.created and missing.directories == []  # the folder was there
    ours.unlink()
    ours.parent.rmdir()
    assert tree_digest(bank.root) == before and with_ours != before


def test_a_bank_owned_template_is_preferred_over_the_shipped_one(tmp_path: Path) -> None:
    bank = seeded(tmp_path)
    shipped = find_template(bank, "adr", "adr/ADR-7-queue.md")
    assert shipped is not None and shipped.from_server and shipped.path == "flows/templates/adr/ADR-ID.md"
    own = bank.root / "flows/templates/adr/ADR-ID.md"
    own.parent.mkdir(parents=True)
    own.write_text(
        (templates_root() / "adr/ADR-ID.md")
        .read_text("utf-8")
        .replace("## Instantiated Body", "Local rule: every ADR names its reviewer.\n\n## Instantiated Body"),
        encoding="utf-8",
    )
    bank.refresh()
    local = find_template(bank, "adr", "adr/ADR-7-queue.md")
    assert local is not None and not local.from_server and local.path == "flows/templates/adr/ADR-ID.md"
    assert find_template(bank, "domain", "domain/model.md") is None


def _shipped_templates() -> list[Path]:
    return sorted(
        p for p in templates_root().rglob("*.md") if p.name != "README.md" or p.parent.name != "templates"
    )


@pytest.mark.parametrize(
    "template", _shipped_templates(), ids=lambda p: p.relative_to(templates_root()).as_posix()
)
def test_every_shipped_template_instantiates_cleanly(template: Path, tmp_path: Path) -> None:
    """Valid wrapper YAML, and every link in the instantiated body resolves from the target."""
    text = template.read_text("utf-8")
    data, body, wrapper = unwrap(text)
    assert wrapper, "a shipped template must be a wrapper with both instantiated blocks"
    assert isinstance(data, dict) and data.get("doc_kind")
    assert "{{" not in body
    from memorybank_lint.frontmatter import parse

    _, header = parse(text)
    assert header.error is None
    target_rel = header.data["template_target_path"]
    template_bank_path = f"flows/templates/{template.relative_to(templates_root()).as_posix()}"
    target = posixpath.normpath(posixpath.join(posixpath.dirname(template_bank_path), target_rel))
    assert not target.startswith("..")
    bank = seeded(tmp_path)
    scaffold.materialize_flows(bank.root)
    bank.refresh()
    siblings = _instance_targets()
    lines = split(body).body.split("\n") if body.startswith("---") else body.split("\n")
    for _, line in markdown.iter_unfenced(lines):
        for _, raw, _ in markdown.links(line):
            resolved = resolve(target, raw)
            if resolved.external or resolved.resolved is None:
                continue
            assert resolved.resolved in bank.docs or resolved.resolved in siblings, (raw, target)
    for edge in data.get("derived_from") or []:
        raw = edge["path"] if isinstance(edge, dict) else edge
        if raw.startswith("<") and raw.endswith(">"):
            continue  # a placeholder the author replaces
        resolved = resolve(target, raw).resolved
        assert resolved in bank.docs or resolved in siblings, (raw, target)


def _instance_targets() -> set[str]:
    """Where instances of every shipped template would live (sibling links may point there)."""
    from memorybank_lint.frontmatter import parse

    targets = set()
    for template in templates_root().rglob("*.md"):
        _, header = parse(template.read_text("utf-8"))
        target_rel = header.data.get("template_target_path")
        if isinstance(target_rel, str):
            bank_path = f"flows/templates/{template.relative_to(templates_root()).as_posix()}"
            targets.add(posixpath.normpath(posixpath.join(posixpath.dirname(bank_path), target_rel)))
    return targets


def test_the_trial_copies_nothing_and_judges_an_asset_and_a_huge_page_as_the_bank_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The trial once copied the bank into the temporary folder for every seeding write, dry runs
    included (a killed one left the copy behind); it now lints the bank in memory. An asset a page
    links to and a page too large to parse are judged as a plain run judges them."""
    from memorybank_lint.bank import DEFAULT_MAX_BYTES

    root = seeded(tmp_path).root
    (root / "product/diagram.png").write_bytes(b"\x89PNG" + bytes(range(256)) * 64)
    context = root / "product/context.md"
    context.write_text(context.read_text("utf-8") + "\n![diagram](diagram.png)\n", encoding="utf-8")
    with open(root / "product/huge.md", "wb") as huge:
        huge.truncate(DEFAULT_MAX_BYTES + 1)
    made: list[str] = []
    real_mkdtemp = tempfile.mkdtemp
    monkeypatch.setattr(tempfile, "mkdtemp", lambda *a, **k: made.append(real_mkdtemp(*a, **k)) or made[-1])
    result = scaffold.materialize_flows(root, dry_run=True)
    assert len(result.files) == 24 and not result.skipped
    assert made == []  # no copy of the bank was made to try the files on


@pytest.mark.parametrize("seeding", ["init", "materialize"])
def test_a_seeding_write_waits_for_the_banks_write_lock(tmp_path: Path, seeding: str) -> None:
    """`--init --force` and `--materialize-flows` judge what is present and write it under the
    lock every governed write takes, so a `bank_create` in between cannot be overwritten."""
    import threading

    from memorybank_lint.edits.lock import bank_lock

    root = seeded(tmp_path).root
    (root / "dna/glossary.md").unlink()
    done: list[object] = []

    def run() -> None:
        if seeding == "init":
            done.append(scaffold.init(root, "Acme", force=True, today=TODAY))
        else:
            done.append(scaffold.materialize_flows(root))

    with bank_lock(root):
        worker = threading.Thread(target=run, daemon=True)
        worker.start()
        worker.join(timeout=1.0)
        assert worker.is_alive() and not done  # waiting on the lock, nothing written
        assert not (root / "dna/glossary.md").exists() and not (root / "flows/templates/adr").exists()
    worker.join(timeout=60)
    assert done and ((root / "dna/glossary.md").exists() or (root / "flows/templates/adr").exists())


def test_a_seeding_that_fails_part_way_leaves_every_file_and_folder_as_it_was(tmp_path: Path) -> None:
    """`--materialize-flows --force` replaces the bank's own templates in one transaction: a folder
    it may not write in refuses the whole copy, by that folder's bank path. `--init` refused the
    same way leaves no folder behind, its own root included."""
    base = Path(tempfile.mkdtemp(prefix="seeding-"))  # outside pytest's private folder
    try:
        root = base / "memory_bank"
        scaffold.init(root, "Acme", today=TODAY)
        scaffold.materialize_flows(root)
        edited = root / "flows/templates/adr/ADR-ID.md"
        edited.write_text(edited.read_text(encoding="utf-8") + "\nOur own addition.\n", encoding="utf-8")
        in_locked = root / "flows/templates/use-case/UC-XXX.md"  # differs, so the copy must write there
        in_locked.write_text(in_locked.read_text(encoding="utf-8") + "\nOurs too.\n", encoding="utf-8")
        fresh = base / "fresh"
        (fresh / "product").mkdir(parents=True)
        owned_by_another_user(base)
        locked = [root / "flows/templates/use-case", fresh / "product"]
        if os.geteuid() == 0:
            for folder in locked:
                os.chown(folder, 0, 0)  # the other user may not write here
        for folder in locked:
            folder.chmod(0o555)
        before = tree_digest(root)
        base.chmod(0o555)  # nor make a new bank folder beside them
        answers = [  # a dry run answers what the write would
            as_another_user(
                [
                    lambda d=dry_run: scaffold.materialize_flows(root, force=True, dry_run=d),
                    lambda d=dry_run: scaffold.init(fresh, "Acme", today=TODAY, dry_run=d),
                    lambda d=dry_run: scaffold.init(base / "new_bank", "Acme", today=TODAY, dry_run=d),
                ]
            )
            for dry_run in (True, False)
        ]
        for materialized, seeded_fresh, seeded_new in answers:
            assert materialized.startswith(
                "refused: the file system refused writing 'flows/templates/use-case/"
            )
            assert materialized.endswith(
                "in 'flows/templates/use-case' (Permission denied); nothing was written"
            )
            assert "in 'product' (Permission denied); nothing was written" in seeded_fresh
            assert (
                seeded_new == f"refused: cannot make the bank folder {base / 'new_bank'}: Permission denied"
            )
        assert tree_digest(root) == before and "Our own addition." in edited.read_text(encoding="utf-8")
        assert sorted(p.name for p in fresh.iterdir()) == ["product"]
        assert sorted(p.name for p in base.iterdir()) == ["fresh", "memory_bank"]
    finally:
        subprocess.run(["chmod", "-R", "u+w", str(base)], check=False)
        shutil.rmtree(base, ignore_errors=True)


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_starter_path_held_by_something_other_than_a_document_is_refused(tmp_path: Path, kind: str) -> None:
    root = tmp_path / "memory_bank"
    (root / "dna").mkdir(parents=True)
    if kind == "fifo":
        os.mkfifo(root / "dna/principles.md")
    else:
        (root / "dna/principles.md").mkdir()
    with pytest.raises(scaffold.ScaffoldError, match=r"^'dna/principles\.md' is there but is not a document"):
        scaffold.init(root, "Acme", today=TODAY)
    assert sorted(p.relative_to(root).as_posix() for p in root.rglob("*")) == ["dna", "dna/principles.md"]


def test_an_edited_templates_page_counts_as_the_banks_own(tmp_path: Path) -> None:
    """The templates page `--init` writes is a pointer, replaced freely; once a person edited it,
    it is the bank's own and `--materialize-flows` needs force to replace it."""
    bank = seeded(tmp_path)
    page = bank.root / "flows/templates/README.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nEvery template change needs two reviewers.\n")
    before = tree_digest(bank.root)
    with pytest.raises(scaffold.ScaffoldError, match=r"already holds 1 document\(s\) that differ"):
        scaffold.materialize_flows(bank.root)
    assert tree_digest(bank.root) == before


def test_seeding_adds_no_name_that_differs_from_the_banks_only_by_case(tmp_path: Path) -> None:
    """`README.md` beside the bank's `readme.md`, or `dna/` beside `DNA/`, is one name on macOS and
    Windows: with documents the file is left out and named, into an empty folder it is refused."""
    root = tmp_path / "memory_bank"
    (root / "DNA").mkdir(parents=True)
    with pytest.raises(scaffold.ScaffoldError, match="'dna' differs from 'DNA'"):
        scaffold.init(root, "Acme", today=TODAY)
    assert sorted(p.name for p in root.iterdir()) == ["DNA"]
    other = tmp_path / "other"
    other.mkdir()
    (other / "readme.md").write_text("---\ntitle: Ours\n---\n# Ours\n", encoding="utf-8")
    result = scaffold.init(other, "Acme", force=True, today=TODAY)
    assert "README.md" not in result.files
    assert any(
        item["path"] == "README.md" and "only by letter case" in item["reason"] for item in result.skipped
    )
    assert sorted(p.name for p in other.iterdir() if p.name.lower() == "readme.md") == ["readme.md"]


KILLED_AFTER_FIVE = """
import os, sys
from memorybank_lint.edits import journal
from memorybank_server import scaffold
real, count = os.link, [0]
def link(*args, **kwargs):
    count[0] += 1
    if count[0] > 5:
        os._exit(9)  # what SIGKILL does at this moment: no cleanup of any kind
    return real(*args, **kwargs)
journal.os.link = link
scaffold.init(__import__("pathlib").Path(sys.argv[1]), "Acme")
"""


def test_a_seeding_killed_after_its_commit_point_is_finished_by_seeding_again(tmp_path: Path) -> None:
    """The documents a killed seeding had moved into place were counted as the bank's own before
    its journal was finished, so the same `--init` was refused, and `--force` said it added none."""
    import sys

    root = tmp_path / "memory_bank"
    killed = subprocess.run([sys.executable, "-c", KILLED_AFTER_FIVE, str(root)], check=False)
    assert killed.returncode == 9
    assert 0 < len(list(root.rglob("*.md"))) < len(scaffold.plan("Acme", TODAY))
    result = scaffold.init(root, "Acme", today=TODAY)
    assert any("interrupted" in warning for warning in result.warnings)
    bank = Bank(root)
    bank.refresh()
    assert lint(bank) == []


SEED = """
import sys
from pathlib import Path
from memorybank_server import scaffold
try:
    result = scaffold.init(Path(sys.argv[1]), "Acme")
except scaffold.ScaffoldError as exc:
    print("refused:", exc)
else:
    print("seeded", len(result.files))
"""


def test_of_two_seedings_at_once_the_second_is_refused(tmp_path: Path) -> None:
    """The documents were counted before the lock was taken, so the second of two seedings at
    once 'succeeded' without writing a file, past the refusal it owes a folder that holds some."""
    import sys

    root = tmp_path / "memory_bank"
    runs = [
        subprocess.Popen([sys.executable, "-c", SEED, str(root)], stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    said = sorted(run.communicate()[0].strip() for run in runs)
    assert said[0].startswith("refused:") and "already holds" in said[0]
    assert said[1] == f"seeded {len(scaffold.plan('Acme', TODAY))}"


def test_a_link_at_a_starter_path_of_a_fresh_folder_is_refused_by_name(tmp_path: Path) -> None:
    root, outside = tmp_path / "memory_bank", tmp_path / "outside"
    (root / "dna").mkdir(parents=True)
    outside.mkdir()
    (outside / "g.md").write_text("SECRET\n")
    (root / "dna" / "glossary.md").symlink_to(outside / "g.md")
    with pytest.raises(ToolInputError, match=r"^'dna/glossary\.md' goes through a symbolic link"):
        scaffold.init(root, "Acme", today=TODAY)
    assert sorted(p.relative_to(root).as_posix() for p in root.rglob("*")) == ["dna", "dna/glossary.md"]


def test_a_refused_seeding_removes_the_parent_folders_it_made(tmp_path: Path) -> None:
    """Only the bank's own folder was removed; `a/` and `a/b/`, made for it, stayed behind. The
    commit is refused for a starter file past the project's `max-file-size`."""
    (tmp_path / "kept").mkdir()
    with pytest.raises(scaffold.ScaffoldError, match="over the 8000-byte limit"):
        scaffold.init(tmp_path / "kept" / "a" / "b" / "memory_bank", "Acme", today=TODAY, max_bytes=8000)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept"]
    assert not any((tmp_path / "kept").iterdir())


def test_a_project_name_holding_a_placeholder_is_written_as_typed(tmp_path: Path) -> None:
    root = tmp_path / "memory_bank"
    scaffold.init(root, "{{DATE}} Labs", today=TODAY)
    context = (root / "product" / "context.md").read_text()
    assert "{{DATE}} Labs" in context and TODAY.isoformat() + " Labs" not in context


def test_a_bank_folder_whose_name_is_not_utf8_gets_an_answer_that_encodes(tmp_path: Path) -> None:
    """The result named the folder by its raw bytes, which no JSON answer can carry: the server's
    writer died after the seeding was written, and the client got no answer at all."""
    import json

    root = tmp_path / os.fsdecode(b"bank\xff")
    for result in (scaffold.init(root, "Acme", today=TODAY), scaffold.materialize_flows(root)):
        json.dumps(result.as_dict(), ensure_ascii=False).encode("utf-8")
        assert result.root.endswith("bank\\xff")


def test_a_shipped_template_is_found_exactly_as_if_it_lived_in_the_bank(tmp_path: Path) -> None:
    """The shipped lookup looked only directly in a kind's folder: the feature-support templates
    (in `feature/support/`) were found only once the templates were materialised."""
    fresh, owned = tmp_path / "fresh", tmp_path / "owned"
    for root in (fresh, owned):
        scaffold.init(root, "Acme", today=TODAY)
    scaffold.materialize_flows(owned)
    banks = {}
    for name, root in (("fresh", fresh), ("owned", owned)):
        banks[name] = Bank(root)
        banks[name].refresh()
    asked = set()
    for template in _shipped_templates():
        data = frontmatter.parse(template.read_text("utf-8"))[1].data
        kind = str(data.get("template_for") or data.get("doc_kind"))
        target = posixpath.normpath(
            posixpath.join("flows/templates", str(data.get("template_target_path", "x.md")))
        )
        asked |= {(kind, target), (kind, "features/FT-009/unknown.md"), (kind.replace("-", "_"), target)}
    for kind, target in sorted(asked):
        shipped, own = (find_template(banks[n], kind, target) for n in ("fresh", "owned"))
        assert (shipped and shipped.path) == (own and own.path), (kind, target)
        assert shipped is None or shipped.from_server
    support = find_template(banks["fresh"], "feature-support", "features/FT-001/support/use-cases.md")
    assert support is not None and support.path == "flows/templates/feature/support/use-cases.md"


@pytest.mark.parametrize("force", [False, True], ids=["new", "force"])
def test_a_project_name_that_would_seed_a_finding_is_refused_and_nothing_is_made(
    tmp_path: Path, force: bool
) -> None:
    """The name is written into the starter's prose, where `… is defined in dna/nope.md` names a
    rule the bank does not hold: 13 MB010 warnings in a bank promised to seed with none."""
    root = tmp_path / "memory_bank"
    with pytest.raises(scaffold.ScaffoldError, match=r"would give the seeded bank a finding: .*MB010"):
        scaffold.init(root, "The rule is defined in `dna/nope.md`", force=force)
    assert not root.exists()


OBVIOUS_QUESTIONS = {
    "how do I record a decision": "adr/README.md",
    "where do new notes go": "dna/governance.md",
    "where should an agent write down a gotcha it noticed": "dna/governance.md",
    "how do I start a feature": "flows/feature-flow.md",
    "how much documentation does a task need": "flows/workflows.md",
    "what problem does the project solve": "product/context.md",
    "how do I archive a document": "dna/lifecycle.md",
    "what is a canonical key": "dna/glossary.md",
    "where are the templates": "flows/templates/README.md",
    "how do I write a test": "engineering/testing-policy.md",
}


@pytest.mark.parametrize("question", sorted(OBVIOUS_QUESTIONS))
def test_a_fresh_bank_routes_an_obvious_question_to_the_page_that_answers_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], question: str
) -> None:
    """A new bank is read through `--route` from its first day: the starter's own pages must be
    the answer to the questions a newcomer asks of it, first."""
    from memorybank_server.cli import main

    from ..conftest import captured

    root = seeded(tmp_path).root
    code, out, _ = captured(main, ["--root", str(root), "--route", question, "--json"], capsys)
    assert code == 0
    assert json.loads(out)["results"][0]["path"] == OBVIOUS_QUESTIONS[question]


def test_a_bank_is_not_seeded_inside_another(tmp_path: Path) -> None:
    """`--init` at a folder inside a seeded bank wrote a second dna/ and root index into it, and
    the outer bank then found every starter key claimed twice (22 findings). A folder named like
    a bank that holds no dna/ (a clone named `memory-bank` holding its own bank) is no bank yet."""
    outer = tmp_path / "memory-bank"
    scaffold.init(outer, "Outer")
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    with pytest.raises(scaffold.BadRoot, match=r"lies inside the bank .*memory-bank: a bank seeded there"):
        scaffold.init(outer / "features" / "inner", "Inner")
    (outer / "features" / "sub" / ".git").mkdir(parents=True)  # a repository in between changes nothing
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    with pytest.raises(scaffold.BadRoot, match=r"lies inside the bank"):
        scaffold.init(outer / "features" / "sub" / "memory-bank", "Inner")
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before
    shutil.rmtree(outer / "features" / "sub")
    clone = tmp_path / "clone" / "memory-bank"
    clone.mkdir(parents=True)
    assert scaffold.init(clone / "memory-bank", "Clone").created
    bank = Bank(outer)
    bank.refresh()
    assert lint(bank) == []
