"""`bank_create`: gates, templates, frontmatter, body, registration, lazy sections, inbox capture."""

from __future__ import annotations

import datetime as dt
import os
import posixpath
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from markdown_it import MarkdownIt

from memorybank_lint import frontmatter
from memorybank_lint.bank import Bank
from memorybank_lint.markdown import links
from memorybank_lint.sections import EMPTY_REGISTRY
from memorybank_server.errors import ToolInputError
from memorybank_server.scaffold import materialize_flows
from memorybank_server.templates import find_template
from memorybank_server.writes.create import create
from memorybank_server.writes.status import set_status

TODAY = dt.date(2026, 3, 14)


def make(bank: Bank, **overrides: Any) -> dict[str, Any]:
    args: dict[str, Any] = {
        "doc_kind": "domain",
        "path": "domain/model.md",
        "title": "Domain Model",
        "purpose": "Read when you need the entities and how they relate.",
        "derived_from": ["../product/context.md"],
        "today": TODAY,
    }
    args.update(overrides)
    return create(bank, **args)


def header(path: Path) -> dict[str, Any]:
    _parts, head = frontmatter.parse(path.read_text("utf-8"))
    assert head.error is None
    return head.data


REFUSALS: list[tuple[str, dict[str, Any], str]] = [
    ("blank title", {"title": "  "}, "`title` is required"),
    ("blank purpose", {"purpose": ""}, "`purpose` is required"),
    ("not markdown", {"path": "domain/model.txt"}, "must end in .md"),
    ("climbs out", {"path": "domain/../../escape.md"}, "must stay inside the bank"),
    ("leading dots", {"path": "../escape.md"}, "must stay inside the bank"),
    ("absolute", {"path": "/tmp/escape.md"}, "must stay inside the bank"),
    ("drive letter", {"path": "C:/escape.md"}, "must stay inside the bank"),
    ("NUL byte", {"path": "domain/a\x00b.md"}, "NUL"),
    ("hidden folder", {"path": ".secret/model.md"}, "hidden"),
    ("home folder", {"path": "~/notes.md"}, "'~', which a shell reads as a home folder"),
    ("a user's home folder", {"path": "~bob/notes.md"}, "'~bob', which a shell reads as a home folder"),
    ("home folder deeper", {"path": "domain/~/notes.md"}, "'~', which a shell reads as a home folder"),
    (
        "folder never read",
        {"path": "domain/node_modules/model.md"},
        "'node_modules', a folder the bank never reads",
    ),
    ("build folder", {"path": "dist/model.md"}, "'dist', a folder the bank never reads"),
    ("bidi override", {"path": "domain/model\u202egnp.md"}, "a bidirectional control"),
    ("bidi override in the title", {"title": "a\u202egnp.md"}, "`title` contains a bidirectional control"),
    (
        "bidi isolate in the purpose",
        {"purpose": "Read when \u2066x."},
        "`purpose` contains a bidirectional control",
    ),
    ("line break in the purpose", {"purpose": "Read when\nstatus: active"}, "`purpose` must be one line"),
    ("zero-width space", {"path": "domain/mo\u200bdel.md"}, "an invisible formatting character"),
    # a title or purpose that prints as another is a routing hazard, as a name that does
    (
        "zero-width space in the title",
        {"title": "Domain\u200bModel"},
        "`title` holds a character that prints as nothing",
    ),
    (
        "word joiner in the purpose",
        {"purpose": "Read\u2060 when."},
        "`purpose` holds a character that prints as nothing",
    ),
    ("soft hyphen in the title", {"title": "Pri\u00adcing"}, "U.00AD"),
    ("byte order mark in the purpose", {"purpose": "Read when\ufeff."}, "U.FEFF"),
    ("word joiner in the title", {"title": "Domain\u2060Model"}, "U.2060"),
    ("soft hyphen in the purpose", {"purpose": "Read\u00ad when."}, "U.00AD"),
    # a key is owned by its exact text: one that prints as another's would be a second owner of it
    (
        "zero-width space in an owned key",
        {"canonical_for": ["domain\u200b_model"]},
        "canonicalFor holds a character that prints as nothing",
    ),
    ("soft hyphen in a forbidden key", {"must_not_define": ["retry\u00adbudget"]}, "mustNotDefine.*U.00AD"),
    ("unlinkable name", {"path": "domain/my model.md"}, "an index link cannot carry"),
    ("escape in the name", {"path": "domain/a%41.md"}, "an index link reads as an escape"),
    ("escaped hash in the name", {"path": "domain/a%23.md"}, "an index link reads as an escape"),
    # read whole, the path keeps its escapes (`%FF` spells no UTF-8); its folder's index would not
    ("escape under a folder", {"path": "domain%FF/a%41.md"}, "an index link reads as an escape"),
    # an index link reads each as another destination: a URL's scheme, an HTML character reference
    ("a scheme before the name", {"path": "engineering/mailto:x.md"}, "as a URL's scheme"),
    ("a web scheme", {"path": "engineering/http:x.md"}, "as a URL's scheme"),
    ("a named reference", {"path": "engineering/a&amp;b.md"}, "an HTML character reference"),
    ("a reference spelling a folder", {"path": "engineering/x&sol;..&sol;..&sol;README.md"}, "reference"),
    ("a numeric reference", {"path": "engineering/x&#47;y.md"}, "an HTML character reference"),
    ("a reference in a folder", {"path": "a&lt;b/x.md"}, "an HTML character reference"),
    ("a one-letter scheme", {"path": "domain/a:b.md"}, "as a URL's scheme"),
    # names Windows cannot hold, as it cannot hold two names of one letter case
    ("a colon", {"path": "domain/1:2.md"}, "':', which Windows does not allow"),
    ("an asterisk", {"path": "domain/a*b.md"}, "'\\*', which Windows does not allow"),
    ("a quote", {"path": 'domain/q"q.md'}, "'\"', which Windows does not allow"),
    ("a device name", {"path": "domain/CON.md"}, "'CON.md', a device name on Windows"),
    ("a device name in any case", {"path": "domain/lpt1.notes.md"}, "'lpt1.notes.md', a device name"),
    ("a device folder", {"path": "aux/model.md"}, "'aux', a device name on Windows"),
    ("a console device", {"path": "domain/CONIN$.md"}, "'CONIN..md', a device name on Windows"),
    ("a folder ending in a dot", {"path": "domain/v1./model.md"}, "'v1.' ends in a dot"),
    ("taken path", {"path": "product/context.md"}, "Refusing to overwrite an existing document"),
    ("unresolved upstream", {"derived_from": ["../does-not-exist.md"]}, "does not resolve to a document"),
    ("owned key", {"canonical_for": ["test_levels"]}, "already owned by engineering/testing-policy.md"),
    ("active orphan", {"derived_from": [], "status": "active"}, "requires every active non-root document"),
    ("governed extra", {"extra": {"canonical_for": ["x"]}}, "extra may not set 'canonical_for'"),
    ("governed extra status", {"extra": {"status": "active"}}, "extra may not set 'status'"),
    (
        "extra key with a line break",
        {"extra": {"owner\n": "x"}},
        "extra key 'owner\\\\n' is not a frontmatter key",
    ),
    (
        "self-contradiction",
        {"canonical_for": ["k"], "must_not_define": ["k"]},
        "also listed in must_not_define",
    ),
    ("blank owned key", {"canonical_for": ["k", ""]}, "canonicalFor lists a blank entry"),
    ("blank forbidden key", {"must_not_define": [" "]}, "mustNotDefine lists a blank entry"),
    ("body twice", {"body": "x", "body_file": "notes.txt"}, "pass either body or bodyFile, not both"),
    ("inbox log name", {"path": "DISCARDED.md", "inbox": True}, "inbox's own file"),
]


@pytest.mark.parametrize(("case", "overrides", "phrase"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_each_gate_refuses_and_leaves_every_byte(
    seeded: Bank, tree: Callable[[Path], str], case: str, overrides: dict[str, Any], phrase: str
) -> None:
    before = tree(seeded.root)
    with pytest.raises(ToolInputError, match=phrase.replace("(", r"\(").replace("?", r"\?")):
        make(seeded, **overrides)
    assert tree(seeded.root) == before


def test_a_title_spelled_with_joiners_is_written_as_given(seeded: Bank, clean_after: Callable) -> None:
    """Persian spells with the zero-width non-joiner and an emoji sequence is joined by U+200D:
    refusing every invisible character refused such titles, which print as what they hold."""
    title, purpose = (
        "\u06a9\u062a\u0627\u0628\u200c\u0647\u0627",
        "Read when \U0001f469\u200d\U0001f4bb pair.",
    )
    make(seeded, title=title, purpose=purpose)
    text = (seeded.root / "domain/model.md").read_text(encoding="utf-8")
    assert f"title: {title}\n" in text and purpose in text


def test_an_unindexed_file_at_the_target_is_not_overwritten(
    seeded: Bank, tree: Callable, put: Callable
) -> None:
    (seeded.root / "domain" / "model.md").mkdir(parents=True)  # a folder the walk goes into, not a document
    put(seeded.root, "domain/model.md/inner.txt", "not a document\n")
    before = tree(seeded.root)
    with pytest.raises(ToolInputError, match="already exists on disk but is not indexed"):
        make(seeded, path="domain/model.md")
    assert tree(seeded.root) == before


def test_a_symlinked_directory_in_the_target_path_is_refused(
    seeded: Bank, tree: Callable, tmp_path: Path
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    os.symlink(outside, seeded.root / "domain" / "linked")
    before = tree(seeded.root)
    with pytest.raises(ToolInputError, match="symbolic link"):
        make(seeded, path="domain/linked/model.md", derived_from=["../../product/context.md"])
    assert tree(seeded.root) == before
    assert list(outside.iterdir()) == []


def test_a_body_file_outside_the_project_is_refused(seeded: Bank, tree: Callable, tmp_path: Path) -> None:
    secret = tmp_path.parent / f"{tmp_path.name}-secret.txt"
    secret.write_text("token=1\n")
    before = tree(seeded.root)
    try:
        with pytest.raises(ToolInputError, match="outside the project directory"):
            make(seeded, body_file=str(secret))
    finally:
        secret.unlink()
    assert tree(seeded.root) == before


@pytest.mark.parametrize("hidden", [".env", ".ssh/id_rsa", ".git/config", "docs/.secret/notes.md"])
def test_a_body_file_that_is_hidden_or_in_a_hidden_folder_is_refused(
    seeded: Bank, tree: Callable, hidden: str
) -> None:
    """Secrets and tool state live in the project's hidden files; a dry run would show them."""
    secret = seeded.root.parent / hidden
    secret.parent.mkdir(parents=True, exist_ok=True)
    secret.write_text("token=1\n")
    before = tree(seeded.root)
    for dry in (True, False):
        with pytest.raises(ToolInputError, match="hidden file or folder") as refused:
            make(seeded, body_file=str(secret), dry_run=dry)
        assert "token" not in str(refused.value)
    assert tree(seeded.root) == before


def test_a_refused_lazy_section_create_writes_no_section(seeded: Bank, tree: Callable) -> None:
    before = tree(seeded.root)
    with pytest.raises(ToolInputError, match="does not resolve"):
        make(seeded, doc_kind="epic", path="epics/EP-01/charter.md", derived_from=["../nowhere.md"])
    assert tree(seeded.root) == before


def test_adr_in_a_seeded_bank_uses_the_shipped_template(seeded: Bank, clean_after: Callable) -> None:
    result = make(
        seeded,
        doc_kind="adr",
        path="adr/ADR-20260314T090000Z-cache.md",
        title="Cache: keep it local",
        purpose="Why reads are cached in-process: latency.",
        derived_from=["../dna/principles.md"],
    )
    assert result["created"] is True and result["dryRun"] is False
    assert result["template"] == "flows/templates/adr/ADR-ID.md"
    assert result["registeredIn"] == ["adr/README.md"]
    assert result["warnings"] == []
    written = seeded.root / result["path"]
    data = header(written)
    assert data == result["frontmatter"]
    assert list(data)[:6] == ["title", "doc_kind", "doc_function", "purpose", "derived_from", "status"]
    assert data["title"] == "Cache: keep it local" and data["purpose"].endswith(": latency.")
    assert data["doc_function"] == "canonical" and data["status"] == "draft"
    assert data["decision_status"] == "proposed"
    assert data["date"] == "2026-03-14"
    body = frontmatter.split(written.read_text("utf-8")).body
    assert body.startswith("# Cache: keep it local\n\n## Context\n")
    assert "ADR-ID" not in body.split("\n", 1)[0]
    index = (seeded.root / "adr/README.md").read_text("utf-8")
    assert EMPTY_REGISTRY not in index
    assert "- [Cache: keep it local](ADR-20260314T090000Z-cache.md) — Why reads are cached" in index
    clean_after(seeded)


def test_dry_run_writes_nothing_and_answers_like_the_real_run(seeded: Bank, tree: Callable) -> None:
    args = {
        "doc_kind": "epic",
        "path": "epics/EP-01/charter.md",
        "derived_from": ["../../flows/epic-flow.md"],
    }
    before = tree(seeded.root)
    dry = make(seeded, dry_run=True, **args)
    assert tree(seeded.root) == before
    assert dry["created"] is False and dry["dryRun"] is True
    real = make(seeded, **args)
    for key in ("path", "frontmatter", "template", "registeredIn", "preview"):
        assert dry[key] == real[key]
    assert dry["registeredIn"] == ["epics/README.md"]
    assert "would be created" in dry["warnings"][-1] and "was created" in real["warnings"][-1]


def test_lazy_epics_section_is_created_once_and_listed_in_the_root(
    seeded: Bank, clean_after: Callable
) -> None:
    first = make(
        seeded, doc_kind="epic", path="epics/EP-01/charter.md", derived_from=["../../flows/epic-flow.md"]
    )
    assert first["template"] == "flows/templates/epic/charter.md"
    assert first["registeredIn"] == ["epics/README.md"]
    assert first["warnings"] == [
        'section "epics/README.md" did not exist yet and was created to register this document'
    ]
    clean_after(seeded)
    second = make(
        seeded,
        doc_kind="epic",
        path="epics/EP-02/charter.md",
        title="Second",
        derived_from=["../../flows/epic-flow.md"],
    )
    assert second["warnings"] == []
    root = (seeded.root / "README.md").read_text("utf-8")
    assert root.count("(epics/README.md)") == 1
    assert "procedure.\n- [`epics/README.md`](epics/README.md)\n  Read this when" in root
    section = (seeded.root / "epics/README.md").read_text("utf-8")
    assert "- [Domain Model](EP-01/charter.md) — Read when" in section
    assert "- [Second](EP-02/charter.md) — Read when" in section
    assert EMPTY_REGISTRY not in section
    assert "## Task-Specific Routes\n\n| Task | Read |" in root
    clean_after(seeded)


def test_a_bank_owned_template_wins_over_the_shipped_one(seeded: Bank, clean_after: Callable) -> None:
    materialize_flows(seeded.root)
    template = seeded.root / "flows/templates/adr/ADR-ID.md"
    template.write_text(
        template.read_text("utf-8").replace("## Context\n", "## Context\n\nBank-owned skeleton.\n")
    )
    result = make(seeded, doc_kind="adr", path="adr/ADR-1-owned.md", derived_from=["../dna/principles.md"])
    assert result["template"] == "flows/templates/adr/ADR-ID.md"
    assert "Bank-owned skeleton." in (seeded.root / "adr/ADR-1-owned.md").read_text("utf-8")
    clean_after(seeded)


def test_placeholders_warn_and_a_supplied_body_replaces_the_template_prose(
    seeded: Bank, clean_after: Callable
) -> None:
    result = make(
        seeded,
        doc_kind="prompt",
        path="prompts/review.md",
        title="Review prompt",
        derived_from=["../dna/governance.md"],
        body="\n  Review the diff.\n",
        extra={"audience": "agents", "anchors": ["src/review.py"]},
    )
    assert result["template"] == "flows/templates/prompt/PROMPT-ID.md"
    assert any('placeholder in "prompt_kind"' in w for w in result["warnings"])
    assert any("was not used because a body was supplied" in w for w in result["warnings"])
    text = (seeded.root / "prompts/review.md").read_text("utf-8")
    assert text.endswith("---\n# Review prompt\n\n  Review the diff.\n")  # its indent is the author's
    data = header(seeded.root / "prompts/review.md")
    assert data["audience"] == "agents" and data["anchors"] == ["src/review.py"]
    assert "variables" in data and "template_for" not in data
    clean_after(seeded)


def test_must_not_define_is_carried_replaced_or_dropped(seeded: Bank, clean_after: Callable) -> None:
    base = {"doc_kind": "feature", "derived_from": ["../../flows/feature-flow.md"]}
    carried = make(seeded, path="features/FT-01/brief.md", **base)
    assert carried["frontmatter"]["must_not_define"] == ["ft_xxx_design", "ft_xxx_implementation_steps"]
    assert "canonical_for" not in carried["frontmatter"]
    replaced = make(seeded, path="features/FT-02/brief.md", must_not_define=["ft_02_design"], **base)
    assert replaced["frontmatter"]["must_not_define"] == ["ft_02_design"]
    dropped = make(seeded, path="features/FT-03/brief.md", must_not_define=[], **base)
    assert "must_not_define" not in dropped["frontmatter"]
    assert carried["registeredIn"] == ["features/README.md"]
    clean_after(seeded)


def test_body_file_inside_the_project_is_used_verbatim(seeded: Bank, clean_after: Callable) -> None:
    source = seeded.root.parent / "notes.md.txt"
    source.write_text("Entities: order, line, customer.\n", encoding="utf-8")
    result = make(seeded, body_file=str(source))
    assert result["template"] is None
    assert result["warnings"][0].startswith('No template matched doc_kind "domain"')
    assert (
        (seeded.root / "domain/model.md")
        .read_text("utf-8")
        .endswith("# Domain Model\n\nEntities: order, line, customer.\n")
    )
    clean_after(seeded)


def test_a_document_outside_any_section_lands_in_the_root_list_not_the_table(
    seeded: Bank, clean_after: Callable
) -> None:
    result = make(
        seeded,
        doc_kind="engineering",
        path="research/spike.md",
        title="Spike | notes",
        derived_from=["../dna/principles.md"],
    )
    assert result["registeredIn"] == ["README.md"]
    root = (seeded.root / "README.md").read_text("utf-8")
    table = root[root.index("## Task-Specific Routes") :]
    assert "spike" not in table
    assert "- [`Spike | notes`](research/spike.md)\n  Read when you need the entities" in root
    clean_after(seeded)


def test_a_broken_upstream_with_a_hash_names_both_paths_it_tried(seeded: Bank, tree: Callable) -> None:
    """The refusal named `domain/gone` only, the part before the `#`: a user whose file is
    `gone#x.md` was sent to the wrong name; it names what MB001 names."""
    before = tree(seeded.root)
    with pytest.raises(
        ToolInputError, match=r"\(tried domain/gone, then domain/gone#x\.md, relative to domain\)"
    ):
        make(seeded, derived_from=["gone#x.md"])
    with pytest.raises(ToolInputError, match=r"^derived_from '#x\.md' names no file; write the path"):
        make(seeded, derived_from=["#x.md"])
    assert tree(seeded.root) == before


def test_a_hash_in_the_name_is_registered_with_a_link_that_leads_to_it(
    seeded: Bank, clean_after: Callable
) -> None:
    """`[C# style](c#-style.md)` would lead to `domain/c`: the entry writes the `#` as `%23`, as
    GitHub does, and a later document may name the file in its `derived_from` as it is."""
    result = make(seeded, path="domain/c#-style.md", title="C# style", derived_from=["../dna/principles.md"])
    assert result["registeredIn"] == ["domain/README.md"]
    index = (seeded.root / "domain/README.md").read_text("utf-8")
    assert "- [C# style](c%23-style.md) — Read when you need the entities" in index
    seeded.refresh()
    make(seeded, path="domain/dep.md", title="Dep", derived_from=["c#-style.md"])
    clean_after(seeded)


def test_no_index_anywhere_warns(tmp_path: Path, put: Callable) -> None:
    root = tmp_path / "bank"
    put(root, "notes/a.md", "---\ntitle: A\ndoc_kind: domain\npurpose: a.\nstatus: draft\n---\n# A\n")
    bank = Bank(root)
    result = create(
        bank, doc_kind="domain", path="notes/b.md", title="B", purpose="b.", derived_from=["a.md"]
    )
    assert result["registeredIn"] == []
    assert any(w.startswith("No index found above notes/b.md") for w in result["warnings"])


def test_inbox_capture_flattens_the_path_and_registers_nowhere(
    seeded: Bank, tree: Callable, clean_after: Callable
) -> None:
    result = make(
        seeded,
        path="domain/deep/idea.md",
        inbox=True,
        derived_from=["../product/context.md"],
        status="active",
    )
    assert result["path"] == "_inbox/idea.md"
    assert result["template"] is None and result["registeredIn"] == []
    assert result["warnings"] == []
    assert result["frontmatter"]["status"] == "active"
    assert header(seeded.root / "_inbox/idea.md")["derived_from"] == ["../product/context.md"]
    clean_after(seeded)
    before = tree(seeded.root)
    with pytest.raises(ToolInputError, match="Refusing to overwrite"):
        make(seeded, path="elsewhere/idea.md", inbox=True)
    with pytest.raises(ToolInputError, match="must stay inside the bank"):
        make(seeded, path="../../idea2.md", inbox=True)
    assert tree(seeded.root) == before


def test_a_path_into_the_inbox_is_a_capture_even_without_the_flag(
    seeded: Bank, clean_after: Callable
) -> None:
    result = make(seeded, path="_inbox/loose.md", derived_from=["../product/context.md"])
    assert result["path"] == "_inbox/loose.md"
    assert result["template"] is None and result["registeredIn"] == [] and result["warnings"] == []
    assert "loose" not in (seeded.root / "README.md").read_text("utf-8")
    clean_after(seeded)


@pytest.mark.parametrize(
    ("path", "title"),
    [
        ("adr/ADR-007-queue-choice.md", "ADR-007 Queue choice"),
        ("adr/ADR-20260314T090000Z-cache.md", "ADR-20260314T090000Z Cache"),
        ("domain/order_states.md", "Order states"),
        ("features/FT-01/README.md", "FT-01"),
        ("prd/PRD-002.md", "PRD-002"),
        ("domain/step-2-setup.md", "Step 2 setup"),
        ("_inbox/заметка-о-ценах.md", "Заметка о ценах"),
    ],
)
def test_without_a_title_the_file_name_gives_one(seeded: Bank, path: str, title: str) -> None:
    result = make(seeded, path=path, title=None, doc_kind="domain", dry_run=True, derived_from=[])
    assert result["frontmatter"]["title"] == title
    assert result["preview"].split("\n---\n", 1)[1].startswith(f"# {title}\n")


def test_a_title_cannot_switch_the_linter_off_for_its_own_document(seeded: Bank) -> None:
    """The title goes into the body's first heading; a comment opener there would be a
    `memorybank-lint: disable` for the whole document, so it is written as an entity, as in
    the index."""
    title = "Quiet <!-- memorybank-lint: disable -->"
    for supplied in (None, "Some prose."):
        path = f"domain/quiet-{'body' if supplied else 'template'}.md"
        make(seeded, path=path, title=title, body=supplied)
        text = (seeded.root / path).read_text("utf-8")
        assert header(seeded.root / path)["title"] == title
        assert "# Quiet &lt;!-- memorybank-lint: disable -->" in text.split("\n")
        assert "<!--" not in frontmatter.split(text).body


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        ("product/Context.md", "'Context.md' differs from 'context.md'"),
        ("Product/new.md", "'Product' differs from 'product'"),
        ("domain/cafe\u0301.md", "'cafe\u0301.md' (decomposed) differs from 'caf\xe9.md' (composed)"),
        ("_INBOX/note.md", "'_INBOX' differs from '_inbox'"),
    ],
)
def test_a_name_that_differs_only_by_case_or_unicode_form_is_refused(
    seeded: Bank, tree: Callable, given: str, shown: str
) -> None:
    """On macOS and Windows the two names are one file or folder: the write would land on the
    other (or in the quarantine), and the index would hold two links that read the same."""
    make(seeded, path="domain/caf\xe9.md")
    make(seeded, path="_inbox/first.md", inbox=True, derived_from=[])
    seeded.refresh()
    before = tree(seeded.root)
    with pytest.raises(ToolInputError, match=re.escape(shown)):
        make(seeded, path=given)
    assert tree(seeded.root) == before


def test_a_backslash_reads_as_a_folder_separator_as_in_every_path(seeded: Bank) -> None:
    """`bank_read` and `bank_edit` take `domain\\model.md` for `domain/model.md`, as the README
    says of every path; `bank_create` alone refused it."""
    result = make(seeded, path="domain\\model.md")
    assert result["path"] == "domain/model.md" and (seeded.root / "domain/model.md").is_file()
    with pytest.raises(ToolInputError, match="must stay inside the bank"):
        make(seeded, path="\\domain\\other.md")


def test_a_body_with_its_own_first_heading_keeps_one(seeded: Bank) -> None:
    """The supplied body's own H1 is renamed to the title, not doubled by a second one."""
    make(seeded, path="domain/vat.md", title="VAT", body="# Value added tax\n\nRules.")
    body = frontmatter.split((seeded.root / "domain/vat.md").read_text("utf-8")).body
    assert [line for line in body.split("\n") if line.startswith("# ")] == ["# VAT"]
    assert "Rules." in body


def _nested(depth: int) -> Any:
    value: Any = "x"
    for _ in range(depth):
        value = {"k": value}
    return value


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        ({"n": 10**150, "refs": [f"entry {i}" for i in range(20_000)]}, "a number 151 characters long"),
        ({"d": _nested(40)}, "nested deeper than 32 levels"),
    ],
)
def test_an_extra_value_the_bank_cannot_read_is_refused_in_a_short_sentence(
    seeded: Bank, tree: Callable[[Path], str], extra: dict, reason: str
) -> None:
    """Named by the reader's reason, never by a dump of the whole header (it was 289 KB)."""
    before = tree(seeded.root)
    with pytest.raises(ToolInputError) as refused:
        make(seeded, extra=extra)
    assert reason in str(refused.value) and len(str(refused.value)) < 300
    assert tree(seeded.root) == before


def test_a_page_its_package_index_already_links_is_not_registered_twice(seeded: Bank) -> None:
    """An epic's index from its template links its charter before the charter exists; creating
    the charter then added a second entry (`[Charter](charter.md)` and `[EP-001 Charter](charter.md)`)."""
    make(
        seeded,
        doc_kind="epic",
        path="epics/EP-001/README.md",
        title="EP-001: Payments",
        purpose="Read when working on payments.",
        derived_from=["../../flows/epic-flow.md"],
    )
    result = make(
        seeded,
        doc_kind="epic",
        path="epics/EP-001/charter.md",
        title="EP-001 Charter",
        purpose="Goal and scope.",
        derived_from=["README.md"],
    )
    assert result["registeredIn"] == ["epics/EP-001/README.md"]
    index = (seeded.root / "epics/EP-001/README.md").read_text()
    assert index.count("(charter.md)") == 1


def test_a_page_an_index_lists_by_a_reference_link_is_not_registered_twice(seeded: Bank) -> None:
    """`- [Model][m]` with `[m]: model.md` below registers the page once it exists; creating it
    added a second, inline entry beside the reference one."""
    index = seeded.root / "domain/README.md"
    listed = index.read_text(encoding="utf-8") + "\n- [Model][m]\n\n[m]: model.md\n"
    index.write_text(listed, encoding="utf-8")
    seeded.refresh()
    result = make(seeded)
    assert result["registeredIn"] == ["domain/README.md"]
    assert index.read_text(encoding="utf-8").count("model.md") == 1
    seeded.refresh()
    assert seeded.docs["domain/model.md"].registered_in == ["domain/README.md"]


# (doc_kind, path, derived_from) in the order the flows create them; the index is the README
PACKAGES: dict[str, list[tuple[str, str, str]]] = {
    "feature: the index with its brief, no design": [
        ("feature", "features/FT-001/README.md", "../../flows/feature-flow.md"),
        ("feature", "features/FT-001/brief.md", "README.md"),
        ("feature", "features/FT-001/implementation-plan.md", "brief.md"),
        ("feature-support", "features/FT-001/support/runtime-surfaces.md", "../brief.md"),
    ],
    "epic: the index last, as the epic flow opens one": [
        ("epic", "epics/EP-001/charter.md", "../../flows/epic-flow.md"),
        ("epic", "epics/EP-001/roadmap.md", "charter.md"),
        ("epic", "epics/EP-001/subissues.md", "charter.md"),
        ("epic", "epics/EP-001/risks.md", "charter.md"),
        ("epic", "epics/EP-001/decision-log.md", "charter.md"),
        ("epic", "epics/EP-001/README.md", "charter.md"),
    ],
    "epic: the index first": [
        ("epic", "epics/EP-001/README.md", "../../flows/epic-flow.md"),
        ("epic", "epics/EP-001/charter.md", "README.md"),
        ("epic", "epics/EP-001/roadmap.md", "charter.md"),
    ],
    "process: the index with its card, no lifecycle protocol": [
        ("process", "processes/release/README.md", "../../flows/workflows.md"),
        ("process", "processes/release/process-card.md", "README.md"),
        ("process", "processes/release/session-handoff.md", "process-card.md"),
    ],
}


# a link from a package index template to a document of its own package, not yet anchored
_SIBLING_LINK = re.compile(r"\]\(((?!\.\./)[^()#\s]+\.md)\)")


@pytest.mark.parametrize(
    ("owned", "anchor"),
    [(False, ""), (True, ""), (True, "#outline")],
    ids=["shipped templates", "materialised templates", "materialised templates linking a section"],
)
@pytest.mark.parametrize("package", PACKAGES)
def test_a_package_made_from_its_templates_has_no_finding_at_any_step(
    seeded: Bank, clean_after: Callable, package: str, owned: bool, anchor: str
) -> None:
    """A package index from its template linked every document the package may hold, so each was
    a dangling index entry (MB007) until created, and for good when the package never got it (a
    design the brief does not ask for). It names those without a link until they exist, and
    creating one links its line: once, with the template's words and the section it points at."""
    if owned:
        materialize_flows(seeded.root)
        for template in (seeded.root / "flows/templates").glob("*/README.md"):
            text = template.read_text("utf-8")
            template.write_text(_SIBLING_LINK.sub(rf"](\1{anchor})", text), encoding="utf-8")
        seeded.refresh()
        clean_after(seeded)
    steps = PACKAGES[package]
    for kind, path, source in steps:
        result = make(
            seeded, doc_kind=kind, path=path, title=None, purpose=f"Read for {path}.", derived_from=[source]
        )
        assert result["template"] is not None and result["template"].endswith(path.rsplit("/", 1)[1])
        clean_after(seeded)
    index = next(path for _kind, path, _source in steps if path.endswith("/README.md"))
    folder = posixpath.dirname(index)
    text = (seeded.root / index).read_text("utf-8")
    template = find_template(seeded, steps[0][0], index)
    assert template is not None
    for line in template.body.split("\n"):
        for _label, target, _column in links(line):
            resolved = posixpath.normpath(f"{folder}/{target.split('#', 1)[0]}")
            if not target.startswith("../") and resolved not in seeded.docs:
                assert target.endswith(f".md{anchor}")
                assert f"(`{target}`, not created yet)" in text
    for _kind, path, _source in steps:
        if path != index and posixpath.dirname(path) == folder:
            linked = posixpath.relpath(path, folder) + anchor
            assert text.count(f"]({linked})") == 1 and f"`{linked}`, not created yet" not in text


def test_a_document_takes_the_function_its_template_declares(seeded: Bank, clean_after: Callable) -> None:
    """A package README's template instantiates `doc_function: index`; it was written as
    `canonical`, which only its file name kept from being judged as a page of content."""
    make(
        seeded,
        doc_kind="process",
        path="processes/release/README.md",
        purpose="Read when you cut a release.",
        derived_from=["../../flows/workflows.md"],
    )
    assert header(seeded.root / "processes/release/README.md")["doc_function"] == "index"
    make(
        seeded,
        doc_kind="process",
        path="processes/release/session-handoff.md",
        purpose="Read when you take over a release.",
        derived_from=["README.md"],
    )
    assert header(seeded.root / "processes/release/session-handoff.md")["doc_function"] == "canonical"
    clean_after(seeded)


def test_an_entry_written_before_its_document_is_linked_in_place(seeded: Bank, clean_after: Callable) -> None:
    """The line keeps the template's label and words; the new document's title and purpose are
    not added as a second entry."""
    make(
        seeded,
        doc_kind="process",
        path="processes/release/README.md",
        purpose="Read when you cut a release.",
        derived_from=["../../flows/workflows.md"],
    )
    index = seeded.root / "processes/release/README.md"
    waiting = "- Session handoff (`session-handoff.md`, not created yet) — where the last session stopped"
    assert waiting in index.read_text("utf-8")
    result = make(
        seeded,
        doc_kind="process",
        path="processes/release/session-handoff.md",
        title="Release handoff",
        purpose="Read when you take over a release.",
        derived_from=["README.md"],
    )
    assert result["registeredIn"] == ["processes/release/README.md"]
    text = index.read_text("utf-8")
    assert "- [Session handoff](session-handoff.md) — where the last session stopped" in text
    assert "Release handoff" not in text and "Read when you take over" not in text
    clean_after(seeded)


def test_an_entry_written_before_its_document_keeps_the_section_its_template_links(
    seeded: Bank, clean_after: Callable
) -> None:
    """The anchor was dropped from the waiting line, so the link made later lost the section."""
    materialize_flows(seeded.root)
    template = seeded.root / "flows/templates/process/README.md"
    text = template.read_text("utf-8").replace("](session-handoff.md)", "](session-handoff.md#next-session)")
    template.write_text(text, encoding="utf-8")
    seeded.refresh()
    make(
        seeded,
        doc_kind="process",
        path="processes/release/README.md",
        purpose="Read when you cut a release.",
        derived_from=["../../flows/workflows.md"],
    )
    clean_after(seeded)
    index = seeded.root / "processes/release/README.md"
    waiting = "- Session handoff (`session-handoff.md#next-session`, not created yet) — where the last"
    assert waiting in index.read_text("utf-8")
    make(
        seeded,
        doc_kind="process",
        path="processes/release/session-handoff.md",
        title="Release handoff",
        purpose="Read when you take over a release.",
        derived_from=["README.md"],
    )
    clean_after(seeded)
    text = index.read_text("utf-8")
    assert "- [Session handoff](session-handoff.md#next-session) — where the last session stopped" in text
    assert text.count("session-handoff.md") == 1


def test_a_package_its_section_links_by_folder_is_not_registered_twice(seeded: Bank) -> None:
    features = seeded.root / "features/README.md"
    make(
        seeded,
        doc_kind="feature",
        path="features/FT-001/brief.md",
        title="FT-001 brief",
        purpose="Scope.",
        derived_from=["../../flows/feature-flow.md"],
    )
    features.write_text(features.read_text() + "\n- [FT-002](FT-002/) — the next package.\n")
    seeded.refresh()
    before = features.read_text()
    result = make(
        seeded,
        doc_kind="project",
        path="features/FT-002/README.md",
        title="FT-002",
        purpose="Read when on FT-002.",
        derived_from=["../../flows/feature-flow.md"],
    )
    assert result["registeredIn"] == ["features/README.md"]
    assert features.read_text() == before


def test_a_name_its_folder_index_would_link_as_an_escape_is_refused(
    seeded: Bank, tree: Callable[[Path], str], put: Callable
) -> None:
    """`d%FF/README.md` links `d%FF/a%41.md` as `a%41.md`, which leads to `d%FF/aA.md`: the entry
    would dangle (MB007) and the document stay unregistered (MB009)."""
    put(
        seeded.root,
        "d%FF/README.md",
        "---\ntitle: D\ndoc_function: index\npurpose: D docs.\nstatus: draft\n---\n# D\n",
    )
    seeded.refresh()
    before = tree(seeded.root)
    with pytest.raises(ToolInputError, match="an index link reads as an escape"):
        make(seeded, path="d%FF/a%41.md")
    assert tree(seeded.root) == before


ODD_BUT_LINKABLE = [
    "engineering/c#-style.md",
    "engineering/a&b.md",
    "engineering/a&amp.md",  # no `;`: no character reference
    "engineering/caf\u00e9.md",
    "engineering/it's!.md",
    "engineering/a{b}^~.md",
    "engineering/x;y=z,+$@.md",
    "engineering/-mailto.md",
    "engineering/v1.2/notes.md",
]


@pytest.mark.parametrize("path", ODD_BUT_LINKABLE)
def test_a_name_the_gates_accept_is_linked_so_that_a_markdown_reader_reaches_it(
    seeded: Bank, clean_after: Callable, path: str
) -> None:
    """`mailto:x.md`, `a&amp;b.md` and `x&sol;..&sol;README.md` were registered as written, and
    a CommonMark reader follows such a link to `mailto:`, to `a&b.md` or out of the folder; each
    is now refused, and every name still accepted is written in its index so that markdown-it
    reads the link back as the file, as the linter does."""
    result = make(seeded, path=path, doc_kind="engineering", derived_from=[])
    (index,) = result["registeredIn"]
    text = (seeded.root / index).read_text("utf-8")
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    hrefs = [
        child.attrGet("href")
        for token in tokens
        for child in token.children or []
        if child.type == "link_open"
    ]
    folder = posixpath.dirname(index)
    reached = {
        posixpath.normpath(posixpath.join(folder, unquote(str(href).partition("#")[0]))) for href in hrefs
    }
    assert path in reached, (path, hrefs)
    clean_after(seeded)


def test_opening_an_epic_in_the_flows_order_registers_each_page_once(
    seeded: Bank, clean_after: Callable
) -> None:
    """The epic flow's "Opening an Epic" steps, followed as written, leave the registry listing the
    epic and the epic's own README listing its pages, with zero findings."""
    flow = (seeded.root / "flows/epic-flow.md").read_text("utf-8")
    steps = flow.split("## Opening an Epic", 1)[1].split("\n## ", 1)[0]
    order = list(dict.fromkeys(re.findall(r"`([\w-]+\.md)`", steps)))
    assert order[0] == "README.md" and len(order) == 6
    for name in order:
        result = make(
            seeded,
            doc_kind="epic",
            path=f"epics/EP-01/{name}",
            title=f"EP-01 {name[:-3]}",
            derived_from=["../../flows/epic-flow.md"],
        )
        assert result["created"] is True
    registry = (seeded.root / "epics/README.md").read_text("utf-8")
    assert [raw for _label, raw, _column in links(registry)] == ["EP-01/README.md"]
    epic = (seeded.root / "epics/EP-01/README.md").read_text("utf-8")
    assert sorted(raw for _label, raw, _column in links(epic) if not raw.startswith("../")) == sorted(
        order[1:]
    )
    clean_after(seeded)


def test_a_bank_that_is_its_own_repository_reads_body_files_from_itself_only(
    seeded: Bank, tree: Callable, tmp_path: Path
) -> None:
    """A bank cloned as its own repository to `~/memory-bank` offered the whole home folder, and a
    bank at the top of the disk every file on the machine (`bodyFile: /etc/passwd`)."""
    beside = tmp_path / "notes.md"
    beside.write_text("# Notes\n\nfrom beside the bank\n")
    (seeded.root / ".git").mkdir()
    before = tree(seeded.root)
    with pytest.raises(ToolInputError, match="outside the project directory"):
        make(seeded, body_file=str(beside))
    assert tree(seeded.root) == before
    from memorybank_server.writes.common import project_directory

    assert project_directory(seeded) == seeded.root
    (seeded.root / ".git").rmdir()
    (seeded.root / ".git").write_text("gitdir: /elsewhere/.git/worktrees/bank\n")  # a linked worktree
    assert project_directory(seeded) == seeded.root
    (tmp_path / ".git").mkdir()  # the bank inside a project's repository: a submodule
    (seeded.root / ".git").write_text("gitdir: ../.git/modules/memory-bank\n")
    assert project_directory(seeded) == tmp_path
    (seeded.root / ".git").unlink()
    (seeded.root / ".git").mkdir()  # a clone of its own under a folder with one (`~/.git`)
    assert project_directory(seeded) == seeded.root
    assert project_directory(Bank(Path("/memory-bank"))) == Path("/memory-bank")
    assert project_directory(Bank(tmp_path / "other" / "memory-bank")) == tmp_path / "other"


def test_the_preview_of_a_body_of_one_long_line_is_bounded_by_bytes(seeded: Bank) -> None:
    """The preview was cut by lines alone: a body of one 1 MB line came back whole."""
    body = "# Long\n\n" + "ж" * 300_000
    result = make(seeded, path="domain/long.md", title="Long", body=body, dry_run=True)
    shown = result["preview"]
    assert len(shown.encode("utf-8")) <= 4_000 and shown.endswith("жж…")
    assert "# Long\n" in shown


def test_a_body_opening_with_indented_code_keeps_it_code(seeded: Bank, clean_after: Callable) -> None:
    """A body whose first block is an indented code block keeps its first line's indent: trimmed
    whole, the first command became a paragraph and the next lines ran on into it as text."""
    body = "\n    rm -rf build/\n    make all\n\nAfter that.\n"
    create(
        seeded,
        doc_kind="domain",
        path="domain/cleanup.md",
        title="Cleanup",
        purpose="Read when you need the cleanup commands.",
        derived_from=["../dna/principles.md"],
        body=body,
    )
    text = (seeded.root / "domain/cleanup.md").read_text("utf-8")
    assert text.endswith("# Cleanup\n\n    rm -rf build/\n    make all\n\nAfter that.\n")
    clean_after(seeded)


def test_a_level_one_heading_below_the_bodys_opening_text_keeps_its_words(
    seeded: Bank, clean_after: Callable
) -> None:
    """Only a body's opening `# heading` is its title, renamed rather than doubled: the first one
    further down (`# Appendix: wire format`) was renamed to the title, and its words were lost."""
    create(
        seeded,
        doc_kind="domain",
        path="domain/wire.md",
        title="Wire protocol",
        purpose="Read when you need the wire protocol.",
        derived_from=["../dna/principles.md"],
        body="Intro.\n\n# Appendix: wire format\n\nBytes.\n",
    )
    text = (seeded.root / "domain/wire.md").read_text("utf-8")
    assert text.endswith("# Wire protocol\n\nIntro.\n\n# Appendix: wire format\n\nBytes.\n")
    create(
        seeded,
        doc_kind="domain",
        path="domain/wire-v2.md",
        title="Wire protocol, version 2",
        purpose="Read when you need version 2 of the wire protocol.",
        derived_from=["../dna/principles.md"],
        body="\n# Old name\n\nBytes.\n",
    )
    text = (seeded.root / "domain/wire-v2.md").read_text("utf-8")
    assert text.endswith("---\n# Wire protocol, version 2\n\nBytes.\n")
    clean_after(seeded)


@pytest.mark.parametrize("opening", ["   # Old name", "# Old name", "#", "  #\tOld name"])
def test_an_opening_heading_indented_up_to_three_spaces_is_the_one_renamed(
    seeded: Bank, clean_after: Callable, opening: str
) -> None:
    """A body's indent is kept as written, and `   # T` is a level-one heading all the same
    (up to three spaces, CommonMark): it was left in place under a second title heading."""
    create(
        seeded,
        doc_kind="domain",
        path="domain/indented.md",
        title="Indented",
        purpose="Read when you need the indented page.",
        derived_from=["../dna/principles.md"],
        body=f"\n\n{opening}\n\nText.\n",
    )
    text = (seeded.root / "domain/indented.md").read_text("utf-8")
    assert text.endswith("---\n# Indented\n\nText.\n")
    clean_after(seeded)


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("## Steps\n\nOne.\n\n## steps\n\nTwo.\n", "second section headed 'Steps'"),
        ("## Context\n\nOne.\n\nRisks\n-----\n\nTwo.\n", "as a heading readers show"),
        ("## Context\n\nOne.\n\nRisks\n=====\n\nTwo.\n", "as a heading readers show"),
        ("## Context\n\nOne.\n\n# Appendix\n\nTwo.\n", "as a heading readers show"),
    ],
    ids=["two sections of one name", "setext h2", "setext h1", "level one below a section"],
)
def test_a_body_whose_sections_no_tool_could_name_is_refused(
    seeded: Bank, tree: Callable, body: str, words: str
) -> None:
    """A new document's body is held to what the edits hold a changed one to. Two sections headed
    alike (`## Steps`, `## steps`) could neither be read nor rewritten by name, every request
    refused as ambiguous. A heading readers show but the bank's section scan runs past (a setext
    underline, a level-one `#` below a section) was written, though `bank_edit` and
    `bank_update_section` refuse the same text: the section above it could then not be rewritten
    without deleting what follows, and readers showed a section no tool names."""
    before = tree(seeded.root)
    with pytest.raises(ToolInputError, match=words):
        create(
            seeded,
            doc_kind="domain",
            path="domain/steps.md",
            title="Steps",
            purpose="Read when you need the steps.",
            derived_from=["../dna/principles.md"],
            body=body,
        )
    assert tree(seeded.root) == before


def test_an_unwritten_entry_whose_label_holds_brackets_or_a_badge_is_linked_again() -> None:
    """A template index's entry for a page not created yet is written as text, its label kept;
    a label holding brackets (`[DRAFT] Notes`) or a badge was never made a link again, so
    registering the page added a second entry beside the stale one."""
    from memorybank_lint.edits.entries import add_entry
    from memorybank_server.templates import unlinked_unwritten

    index = "# X\n\n- [[DRAFT] Notes](notes.md) — the notes\n- [![b](b.svg)](guide.md) — guide\n"
    unwritten = unlinked_unwritten(index, "x/README.md", lambda _path, _folder: False)
    assert "- [DRAFT] Notes (`notes.md`, not created yet) — the notes\n" in unwritten
    registered = add_entry(add_entry(unwritten, "notes.md", "Notes", "p"), "guide.md", "Guide", "p")
    assert registered == index


def test_a_status_that_prints_as_another_is_refused(seeded: Bank, tree: Callable) -> None:
    """In a bank whose contract declares no status values, `active` followed by a zero-width space
    passed as some other status: the gate that asks an active document for its sources never ran,
    and every reader saw an active page without them. A status is held to what it prints as, as a
    title is."""
    contract = seeded.root / "dna" / "frontmatter.md"
    undeclared = contract.read_text("utf-8").replace("| `status` | enum |", "| `state` | enum |")
    contract.write_text(undeclared, "utf-8")
    seeded.refresh()
    before = tree(seeded.root)
    with pytest.raises(ToolInputError, match="`status` holds a character that prints as nothing"):
        make(seeded, derived_from=[], status="active\u200b")
    with pytest.raises(ToolInputError, match="status holds a character that prints as nothing"):
        set_status(seeded, path="dna/principles.md", status="active\u200b")
    assert tree(seeded.root) == before
