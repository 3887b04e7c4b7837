"""MB009's fix (unsafe): the document is registered in its nearest index, in that index's own shape."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from memorybank_lint.linter import lint

from .conftest import bank_with, doc, fixed_text

HEAD = "---\ntitle: Domain\ndoc_function: index\npurpose: Domain docs.\nstatus: active\n---\n# Domain\n\n"
NEW = doc(
    "title: Terms\npurpose: Read this for the words we use.\nstatus: active\n"
    "derived_from: [../dna/principles.md]"
)


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        ("- [Model](model.md) — the model\n", "- [Terms](terms.md) — Read this for the words we use.\n"),
        ("1. [Model](model.md) — the model\n", "2. [Terms](terms.md) — Read this for the words we use.\n"),
        (
            "| Document | Purpose | Status |\n|---|---|---|\n| [Model](model.md) | the model | `active` |\n",
            "| [Terms](terms.md) | Read this for the words we use. | `active` |\n",
        ),
    ],
    ids=["bullet", "numbered", "table"],
)
def test_the_entry_takes_the_shape_of_the_last_one(tmp_path: Path, entries: str, expected: str) -> None:
    readme = HEAD + entries
    files = {"domain/README.md": readme, "domain/terms.md": NEW}
    files["README.md"] = (
        "---\ntitle: Bank\ndoc_function: index\npurpose: Root.\nstatus: draft\n---\n"
        "- [Principles](dna/principles.md)\n- [Governance](dna/governance.md)\n- [Domain](domain/README.md)\n"
    )
    files["domain/model.md"] = doc("title: Model\nstatus: draft")
    bank = bank_with(tmp_path, files)
    fix, text = fixed_text(bank, "MB009", "domain/terms.md")
    assert fix is not None and not fix.safe and fix.path == "domain/README.md"
    assert text is not None and text == readme + expected


def test_a_document_with_no_index_above_it_has_no_fix(tmp_path: Path) -> None:
    bank = bank_with(tmp_path, {"notes/loose.md": doc("title: Loose\nstatus: draft")}, clean=False)
    assert fixed_text(bank, "MB009", "notes/loose.md") == (None, None)


def test_a_document_whose_nearest_index_cannot_be_read_has_no_fix(tmp_path: Path) -> None:
    # Passing over `domain/README.md` would register the page in the root index, where a reader
    # of `domain/` never looks; the unreadable index has its own finding (MB002).
    files: dict[str, str | bytes] = {"domain/README.md": HEAD.encode() + b"\xff\n", "domain/terms.md": NEW}
    bank = bank_with(tmp_path, files)
    assert bank.docs["domain/README.md"].read_error
    assert fixed_text(bank, "MB009", "domain/terms.md") == (None, None)


def test_a_name_whose_entry_would_read_as_an_escape_has_no_fix(tmp_path: Path) -> None:
    # `[A](a%41.md)` leads to `aA.md`: such an entry would dangle and leave the document unregistered.
    bank = bank_with(tmp_path, {"domain/a%41.md": doc("title: A\nstatus: draft")})
    assert fixed_text(bank, "MB009", "domain/a%41.md") == (None, None)


def test_a_name_with_a_space_has_no_fix(tmp_path: Path) -> None:
    # Entries are written as plain links, which cannot carry a space; `bank_create` refuses such a
    # name too. A hand-written `[Mine](<my doc.md>)` registers it.
    bank = bank_with(tmp_path, {"domain/my doc.md": doc("title: Mine\nstatus: draft")})
    assert fixed_text(bank, "MB009", "domain/my doc.md") == (None, None)


@pytest.mark.parametrize("name", ["a&amp;b.md", "x&#47;y.md", "mailto:x.md", "a?b.md"])
def test_a_name_whose_entry_a_markdown_reader_would_follow_elsewhere_has_no_fix(
    tmp_path: Path, name: str
) -> None:
    """`[A](a&amp;b.md)` leads a CommonMark reader to `a&b.md`, `[X](mailto:x.md)` to a mail
    client, `[A](a?b.md)` to `a`: the fix wrote such entries, which the linter read as the
    document and a reader followed elsewhere. As `bank_create` refuses the name, no fix is offered."""
    bank = bank_with(tmp_path, {f"domain/{name}": doc("title: A\nstatus: draft")})
    assert fixed_text(bank, "MB009", f"domain/{name}") == (None, None)


def test_a_document_without_a_purpose_gets_an_entry_without_one(tmp_path: Path) -> None:
    bank = bank_with(tmp_path, {"domain/bare.md": doc("title: Bare\nstatus: draft")})
    _fix, text = fixed_text(bank, "MB009", "domain/bare.md")
    assert text is not None and text.endswith("- [Model](domain/model.md)\n- [Bare](domain/bare.md)\n")
    (bank.root / "README.md").write_text(text, encoding="utf-8")
    bank.refresh()
    assert not [f for f in lint(bank) if f.code == "MB009"]


@pytest.mark.parametrize(
    "entries",
    [
        "- [Model](model.md) — the model\n",
        "| Document | Purpose | Status |\n|---|---|---|\n| [Model](model.md) | the model | active |\n",
    ],
    ids=["bullet", "table"],
)
def test_a_hostile_header_adds_one_line_and_no_suppression_to_the_index(tmp_path: Path, entries: str) -> None:
    """The entry is composed from the document's own header: line breaks of every kind and a
    disable comment in its title, purpose or status stay inside the one new line, inert (HTML and
    autolinks too); a bidirectional control or an escape character is left out."""
    hostile = (
        'title: "Terms\\u2028## Forged heading \\u202edm.esle\\u202c\\x1b[31m"\n'
        'purpose: "Words.\\n\\n- [forged](../../etc/passwd) <!-- memorybank-lint: disable -->'
        ' \\u2067x\\u2069 <a href=\\"https://evil.example\\">docs</a> <https://evil.example>"\n'
        'status: "active\\u0085<!-- memorybank-lint: disable -->"\n'
        "derived_from: [../dna/principles.md]"
    )
    readme = HEAD + entries
    files = {"domain/README.md": readme, "domain/terms.md": doc(hostile)}
    bank = bank_with(tmp_path, files)
    _fix, text = fixed_text(bank, "MB009", "domain/terms.md")
    assert text is not None and text.startswith(readme)
    added = text[len(readme) :]
    assert added.count("\n") == 1 and "\u2028" not in added and "\x85" not in added
    assert not any(c in added for c in "\u202e\u202c\u2067\u2069\x1b")  # nothing reorders or drives a screen
    assert "<!--" not in added and "&lt;!-- memorybank-lint: disable -->" in added
    assert "<a" not in added and "<https" not in added  # no link whose target the text hides
    assert '&lt;a href="https://evil.example">docs&lt;/a> &lt;https://evil.example>' in added
    (bank.root / "domain/README.md").write_text(text + "[dangling](nowhere.md)\n", encoding="utf-8")
    bank.refresh()
    assert [f for f in lint(bank) if f.path == "domain/README.md" and f.code == "MB007"]  # not switched off


@pytest.mark.parametrize(
    "entries",
    [
        "- [Model](model.md) — the model\n",
        "| Document | Purpose | Status |\n|---|---|---|\n| [Model](model.md) | the model | active |\n",
    ],
    ids=["bullet", "table"],
)
def test_format_characters_in_a_header_are_left_out_of_the_entry(tmp_path: Path, entries: str) -> None:
    """A zero-width space (U+200B) in the purpose, a word joiner, a soft hyphen, a byte order mark
    was written into the index line, while the control characters beside it were left out: the
    line printed as text it does not hold. Those are left out now, as a bidirectional control
    is; a format character that prints (U+0600, an Arabic number sign) and a joiner that spells
    a word (Devanagari's half form) are text and stay."""
    hidden = "\u200b\u2060\u00ad\ufeff\u200e"
    hostile = (
        'title: "Te\\u200brms"\n'
        'purpose: "Wo\\u200brds \\u2060kept\\u00ad, \\ufeffall here\\u200e'
        ' \\u060012 \\u0915\\u094d\\u200d\\u0937."\n'
        "status: active\nderived_from: [../dna/principles.md]"
    )
    readme = HEAD + entries
    bank = bank_with(tmp_path, {"domain/README.md": readme, "domain/terms.md": doc(hostile)})
    assert "\u200b" in bank.docs["domain/terms.md"].purpose
    _fix, text = fixed_text(bank, "MB009", "domain/terms.md")
    assert text is not None and text.startswith(readme)
    added = text[len(readme) :]
    assert not any(c in added for c in hidden), ascii(added)
    assert "Words kept, all here \u060012 \u0915\u094d\u200d\u0937." in added and "Terms" in added


@pytest.mark.parametrize(
    "entries",
    [
        "- [Model](model.md) — the model\n",
        "1. [Model](model.md) — the model\n",
        "| Document | Purpose | Status |\n|---|---|---|\n| [Model](model.md) | the model | `active` |\n",
    ],
    ids=["bullet", "numbered", "table"],
)
def test_registering_many_in_one_index_writes_what_one_by_one_writes(tmp_path: Path, entries: str) -> None:
    """Thousands of registrations in one index are applied together (one by one re-read the index
    each time: 6,000 took 20 s); the index ends exactly as applying each fix in turn leaves it."""
    from memorybank_lint.fixes.apply import apply
    from memorybank_lint.fixes.plan import plan

    files = {"domain/README.md": HEAD + entries, "domain/model.md": doc("title: Model\nstatus: draft")}
    files["README.md"] = (
        "---\ntitle: Bank\ndoc_function: index\npurpose: Root.\nstatus: draft\n---\n"
        "- [Principles](dna/principles.md)\n- [Governance](dna/governance.md)\n- [Domain](domain/README.md)\n"
    )
    for n in range(40):
        files[f"domain/note-{n:02}.md"] = doc(f"title: Note {n}\npurpose: Note {n} | of {40}.\nstatus: draft")
    bank = bank_with(tmp_path, files)
    fixes = plan(bank, lint(bank), unsafe=True)
    registrations = [fix for fix in fixes if fix.path == "domain/README.md"]
    assert len(registrations) == 40 and all(fix.batch is not None for fix in registrations)
    one_by_one = bank.docs["domain/README.md"].text
    for fix in registrations:
        one_by_one = fix.edit(one_by_one) or one_by_one
    outcome = apply(bank, fixes, write=False)
    [change] = [c for c in outcome.changes if c.path == "domain/README.md"]
    assert change.after.decode("utf-8") == one_by_one and len(change.fixes) == 40
    # a batch that declines (an entry that would not land) leaves its fixes to go one by one
    declined = [
        replace(fix, batch=(fix.batch[0], lambda _text, _fixes: None)) if fix.batch else fix for fix in fixes
    ]
    [change] = [c for c in apply(bank, declined, write=False).changes if c.path == "domain/README.md"]
    assert change.after.decode("utf-8") == one_by_one and len(change.fixes) == 40


def test_an_entry_written_before_its_document_is_linked_in_place(tmp_path: Path) -> None:
    """A package index from its template names a document not created yet without a link; the
    document written by hand is registered by linking that line, in one fix or in a batch."""
    from memorybank_lint.fixes.apply import apply
    from memorybank_lint.fixes.plan import plan

    waiting = "- Terms (`terms.md`, not created yet) — the words we use.\n- [Model](model.md) — the model\n"
    files = {"domain/README.md": HEAD + waiting, "domain/terms.md": NEW}
    files["domain/model.md"] = doc("title: Model\nstatus: draft")
    bank = bank_with(tmp_path, files)
    _fix, text = fixed_text(bank, "MB009", "domain/terms.md")
    linked = HEAD + waiting.replace("Terms (`terms.md`, not created yet)", "[Terms](terms.md)")
    assert text == linked
    (bank.root / "domain/glossary.md").write_text(doc("title: Glossary\nstatus: draft"), encoding="utf-8")
    bank.refresh()
    [change] = [c for c in apply(bank, plan(bank, lint(bank), unsafe=True), write=False).changes]
    assert change.after.decode("utf-8") == linked + "- [Glossary](glossary.md)\n"


def test_an_entry_written_before_its_document_keeps_the_section_it_points_at(tmp_path: Path) -> None:
    """The template linked a section (`terms.md#glossary`): the line written before the document
    names it, and linking the line links that section, each of them when the index lists two."""
    waiting = (
        "- Terms (`terms.md#glossary`, not created yet) — the words we use.\n"
        "- Abbreviations (`terms.md#abbreviations`, not created yet) — short forms.\n"
        "- [Model](model.md) — the model\n"
    )
    files = {"domain/README.md": HEAD + waiting, "domain/terms.md": NEW}
    files["domain/model.md"] = doc("title: Model\nstatus: draft")
    bank = bank_with(tmp_path, files)
    _fix, text = fixed_text(bank, "MB009", "domain/terms.md")
    assert text == HEAD + (
        "- [Terms](terms.md#glossary) — the words we use.\n"
        "- [Abbreviations](terms.md#abbreviations) — short forms.\n"
        "- [Model](model.md) — the model\n"
    )


@pytest.mark.parametrize("name", ["x|y.md", "x%23y.md"])
def test_a_name_a_link_cannot_carry_whole_has_no_fix(tmp_path: Path, name: str) -> None:
    """`|` splits a table cell, and `%23` is read as a `#` (the link leads to `x#y.md`): the entry
    would never land on the document, so the report must not call the finding fixable. A `#` of
    the name itself is written `%23`, which leads to it."""
    files = {"domain/README.md": HEAD + "- [Model](model.md) — the model\n", f"domain/{name}": NEW}
    files["domain/model.md"] = doc("title: Model\nstatus: draft")
    bank = bank_with(tmp_path, files)
    fix, _text = fixed_text(bank, "MB009", f"domain/{name}")
    assert fix is None


def test_a_hash_in_the_name_is_written_as_an_escape_that_leads_to_it(tmp_path: Path) -> None:
    # `[C#](c#-style.md)` would lead to `c`; GitHub writes and follows `c%23-style.md`.
    files = {"domain/README.md": HEAD + "- [Model](model.md) — the model\n", "domain/c#-style.md": NEW}
    files["domain/model.md"] = doc("title: Model\nstatus: draft")
    bank = bank_with(tmp_path, files)
    fix, text = fixed_text(bank, "MB009", "domain/c#-style.md")
    assert fix is not None and text is not None
    assert text.endswith("- [Terms](c%23-style.md) — Read this for the words we use.\n")
    (bank.root / "domain/README.md").write_text(text, "utf-8")
    bank.refresh()
    assert "domain/README.md" in bank.docs["domain/c#-style.md"].registered_in


def test_an_entry_whose_purpose_names_a_rule_the_index_cannot_find_is_not_written(tmp_path: Path) -> None:
    """A page's purpose saying a rule is defined in a file beside it (`limits.md`) read, as the
    index's entry, as a claim that the rule lives beside the index, where no such file is: the
    fix of a warning on the page gave the index a warning of its own (MB010), which `bank_create`
    refuses to write. Such a page is left unregistered; the one whose reference also holds from
    the index, and the others of the same index, are registered as before."""
    from memorybank_lint.fixes.apply import apply
    from memorybank_lint.fixes.plan import plan

    files = {
        "domain/limits.md": doc("title: Limits\nstatus: draft"),
        "domain/terms.md": doc(
            "title: Terms\npurpose: The retry rule is defined in `limits.md`.\nstatus: draft"
        ),
        "domain/rates.md": doc(
            "title: Rates\npurpose: The rate rule is defined in `domain/limits.md`.\nstatus: draft"
        ),
        "domain/words.md": doc("title: Words\npurpose: The words we use.\nstatus: draft"),
    }
    bank = bank_with(tmp_path, files)
    (bank.root / "README.md").write_text(bank.docs["README.md"].text + "- [Limits](domain/limits.md)\n")
    bank.refresh()
    assert fixed_text(bank, "MB009", "domain/terms.md") == (None, None)
    [change] = apply(bank, plan(bank, lint(bank), unsafe=True)).changes
    assert sorted(fix.finding.path for fix in change.fixes) == ["domain/rates.md", "domain/words.md"]
    assert {(f.code, f.path) for f in lint(bank)} == {("MB009", "domain/terms.md")}
