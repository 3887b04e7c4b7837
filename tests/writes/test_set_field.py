"""`bank_set_field`: one scalar header value, quoted until both YAML versions read it back."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from markdown_it import MarkdownIt

from memorybank_lint import frontmatter
from memorybank_lint.edits.transaction import Transaction
from memorybank_server.writes.fields import set_field
from tests.conftest import copy_of_fixture, write_bank
from tests.writes._edit_helpers import (
    crlf_bom,
    decoded,
    findings,
    no_new_findings,
    open_bank,
    refused,
    seeded,
    tree_hash,
    write_during_commit,
)

MODEL = "engineering/model.md"


def _doc(extra: str = "", title: str = "Model", purpose: str = "The model of orders.") -> str:
    return (
        f"---\ntitle: {title}\ndoc_kind: engineering\ndoc_function: canonical\npurpose: {purpose}\n"
        f"derived_from:\n  - ../dna/principles.md\nstatus: draft\n{extra}---\n# {title}\n\nText.\n"
    )


def _bank(tmp_path: Path, model: str | bytes | None = None, entries: str = "") -> Path:
    root = seeded(tmp_path, {MODEL: model if model is not None else _doc()})
    readme = root / "engineering/README.md"
    readme.write_text(readme.read_text() + (entries or "- [Model](model.md) — The model of orders.\n"))
    return root


def _set(root: Path, field: str, value: str, **options: object) -> dict:
    return set_field(open_bank(root), path=MODEL, field=field, value=value, **options)


def _header(path: Path) -> dict:
    _split, header = frontmatter.parse(decoded(path))
    assert header.error is None
    return header.data


QUOTING_TABLE = [
    "yes", "on", "no", "0777", "1_000", "1:20", "~", "null", "true", "1.10", "2026-01-02",
    "a #b", "x: y", "[a]", "@handle", "it's \"x\"", "Привет: мир", "back\\slash", "'quoted'",
]  # fmt: skip
EXISTING = {
    "new key": "",
    "plain": "owner: someone\n",
    "single": "owner: 'someone'\n",
    "double": 'owner: "s"\n',
}


@pytest.mark.parametrize("value", QUOTING_TABLE)
@pytest.mark.parametrize("existing", sorted(EXISTING))
def test_quoting_table_reads_back_under_yaml_1_1_and_1_2(tmp_path: Path, value: str, existing: str) -> None:
    root = _bank(tmp_path, _doc(EXISTING[existing]))
    with no_new_findings(root):
        result = _set(root, "owner", value)
    line = result["line"]
    assert frontmatter.load(line).data == {"owner": value}
    assert yaml.safe_load(line) == {"owner": value}
    assert _header(root / MODEL)["owner"] == value
    assert result["changed"] is True and result["to"] == value
    assert (
        result["from"] == {"new key": None, "plain": "someone", "single": "someone", "double": "s"}[existing]
    )


@pytest.mark.parametrize(
    ("existing", "value", "line"),
    [
        ("owner: someone\n", "x: y", 'owner: "x: y"'),
        ("owner: someone\n", 'it\'s "x"', 'owner: it\'s "x"'),
        ("owner: 'someone'\n", "it's", "owner: 'it''s'"),
        ("owner: someone  # who to ask\n", "x: y", 'owner: "x: y"  # who to ask'),
        ("owner: 'a #b' # note\n", "c #d", "owner: 'c #d' # note"),
        ("owner: >\n  folded\n\n  text\n", "one line", "owner: one line"),
        ("date: 2026-01-01\n", "2026-02-03", "date: 2026-02-03"),
        ("date: 2026-01-01\n", "soon", "date: soon"),
        ("since: '2026-01-01'\n", "2026-02-03", "since: '2026-02-03'"),
        ("version: 2\n", "3", "version: 3"),
        ("version: 2\n", "0777", 'version: "0777"'),
        ("draft: true\n", "false", "draft: false"),
        ("draft: true\n", "no", 'draft: "no"'),
    ],
)
def test_the_line_keeps_its_style_and_its_comment(
    tmp_path: Path, existing: str, value: str, line: str
) -> None:
    root = _bank(tmp_path, _doc(existing))
    with no_new_findings(root):
        result = _set(root, existing.split(":")[0], value)
    assert result["line"] == line
    assert line in (root / MODEL).read_text().split("\n")
    assert (root / MODEL).read_text() == _doc(existing).replace(existing, line + "\n")


@pytest.mark.parametrize(
    ("existing", "written"),
    [
        ("owner: alice\n  # TODO confirm with bob\n", "owner: bob\n  # TODO confirm with bob\n"),
        ("owner: alice  # who\n  # TODO\n\n  # and this\n", "owner: bob  # who\n  # TODO\n\n  # and this\n"),
        ("owner:\n  # TODO\n", "owner: bob\n  # TODO\n"),
        ("owner: alice\n  smith\n  # TODO\n", "owner: bob\n  # TODO\n"),
        (
            "owner: alice\n  # memorybank-lint: disable MB009\n",
            "owner: bob\n  # memorybank-lint: disable MB009\n",
        ),
        ("owner: |\n  alice\n  # her words\n", "owner: bob\n"),
        ("owner: >-\n  alice\n\n  # her words\n", "owner: bob\n"),
        ('owner: "alice\n  # her words"\n', 'owner: "bob"\n'),
        ("owner: 'alice\n  # her words'\n", "owner: 'bob'\n"),
    ],
)
def test_a_comment_line_after_the_value_stays(tmp_path: Path, existing: str, written: str) -> None:
    """An indented comment line below a key was read as part of its value, and setting the key
    deleted it. It follows the value and stays; a `#` line a block scalar or an open quote holds is
    the value's text, and goes with it."""
    root = _bank(tmp_path, _doc(existing))
    with no_new_findings(root):
        _set(root, "owner", "bob")
    assert (root / MODEL).read_text() == _doc(written)
    assert _header(root / MODEL)["owner"] == "bob"


def test_title_and_purpose_are_always_written_as_strings(tmp_path: Path) -> None:
    root = _bank(tmp_path, _doc(title="2026", purpose="2026-01-01"))
    with no_new_findings(root):
        assert _set(root, "title", "2027")["line"] == 'title: "2027"'
        assert _set(root, "purpose", "2026-02-02")["line"] == 'purpose: "2026-02-02"'
    assert _header(root / MODEL)["title"] == "2027" and _header(root / MODEL)["purpose"] == "2026-02-02"


def test_same_value_changes_nothing(tmp_path: Path) -> None:
    root = _bank(tmp_path, _doc("owner: someone  # hi\n"))
    before = tree_hash(root)
    result = _set(root, "owner", " someone ")
    assert result["changed"] is False and result["line"] == "owner: someone  # hi" and result["indexes"] == []
    assert tree_hash(root) == before


REFUSED = {
    "status": "bank_set_status",
    "doc_kind": "re-creates the document",
    "doc_function": "re-creates the document",
    "derived_from": "carries governance",
    "canonical_for": "releaseCanonical",
    "must_not_define": "carries governance",
    "anchors": "carries governance",
}


@pytest.mark.parametrize(
    ("field", "value", "match"),
    [
        *[(field, "x", reason) for field, reason in REFUSED.items()],
        ("1abc", "x", "not a frontmatter key"),
        ("has space", "x", "not a frontmatter key"),
        ("owner", "   ", "blank"),
        ("owner", "a\nstatus: active", "one line"),
        ("owner", "a\r", "one line"),
        ("title", "Pri\u200bcing", "title holds a character that prints as nothing"),
        ("purpose", "Read\u2060 when.", "purpose holds a character that prints as nothing"),
        ("tags", "x", "list or mapping"),
        ("meta", "x", "list or mapping"),
        ("twice", "x", "more than once"),
        ("yes", "x", "YAML 1.1 readers .* as True"),
        ("Off", "x", "YAML 1.1 readers .* as False"),
        ("null", "x", "YAML 1.1 readers .* as None"),
        ("delivery_status", "shipped", r"cancelled \| done \| in_progress \| planned \(from dna/\)"),
    ],
)
def test_refusals_change_no_byte(tmp_path: Path, field: str, value: str, match: str) -> None:
    root = _bank(tmp_path, _doc("tags: [a, b]\nmeta:\n  a: 1\ntwice: 1\ntwice: 2\n"))
    refused(root, lambda: _set(root, field, value), match)


@pytest.mark.parametrize(
    ("model", "field", "cause"),
    [
        (_doc('"owner": alice\n'), "owner", 'the key is written quoted \\("owner":\\)'),
        (_doc("'owner': alice\n"), "owner", "the key is written quoted \\('owner':\\)"),
        (_doc("owner: &who alice\nreviewer: *who\n"), "owner", "anchor &who, which \\*who repeats"),
        (_doc("...\n"), "owner", "'\\.\\.\\.' on line 9 ends the header's YAML"),
        (_doc().replace("---\ntitle: Model", "---title: Model"), "title", "on the opening '---' line"),
    ],
)
def test_a_refusal_over_how_the_header_is_written_names_the_cause(
    tmp_path: Path, model: str, field: str, cause: str
) -> None:
    """These refusals read only "would leave the frontmatter reading differently from what was
    asked", which does not say what to fix: a quoted key or one on the opening fence is not the
    key the tool looks for (a second one would be added), an anchor its aliases read would be
    taken away, and a key added after a `...` is past the end of the YAML. Each now names it."""
    root = _bank(tmp_path, model)
    message = refused(root, lambda: _set(root, field, "bob"), cause)
    assert "\n" not in message and message.endswith("nothing was written")


def test_allowed_delivery_status_and_documents_without_a_usable_header(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    write_bank(
        root, {"engineering/bare.md": "# Bare\n", "engineering/open.md": "---\ntitle: Open\n# no end\n"}
    )
    readme = root / "engineering/README.md"
    readme.write_text(readme.read_text() + "- [Bare](bare.md) — b\n- [Open](open.md) — o\n")
    with no_new_findings(root):
        assert _set(root, "delivery_status", "done")["line"] == "delivery_status: done"
    bank = open_bank(root)
    refused(root, lambda: set_field(bank, path="engineering/bare.md", field="x", value="y"), "no frontmatter")
    refused(root, lambda: set_field(bank, path="engineering/open.md", field="x", value="y"), "never closes")
    refused(root, lambda: set_field(bank, path="nope.md", field="x", value="y"), "Not a document")


PURPOSE_ENTRIES = (
    "- [Model](model.md) — The model of orders.\n"
    "- [The model of orders.](model.md) — summary written by hand\n"
    "| [Model](model.md) | The model of orders. |\n"
)


def test_purpose_moves_into_the_index_entries_that_repeat_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _bank(tmp_path, entries=PURPOSE_ENTRIES)
    commits: list[list[str]] = []
    original = Transaction.commit

    def counting(self: Transaction) -> None:
        commits.append([write.path for write in self.writes])
        original(self)

    monkeypatch.setattr(Transaction, "commit", counting)
    with no_new_findings(root):
        result = _set(root, "purpose", "Orders: states | totals.")
    assert commits == [[MODEL, "engineering/README.md"]]
    assert (
        result["indexes"] == ["engineering/README.md"]
        and result["line"] == 'purpose: "Orders: states | totals."'
    )
    index = (root / "engineering/README.md").read_text()
    assert index.endswith(
        "- [Model](model.md) — Orders: states | totals.\n"
        "- [The model of orders.](model.md) — summary written by hand\n"
        "| [Model](model.md) | Orders: states \\| totals. |\n"
    )


def test_purpose_moves_into_reference_style_entries_too(tmp_path: Path) -> None:
    """`- [Model][m] — The model of orders.` with `[m]: model.md` below repeats the purpose as
    much as `[Model](model.md) — …` does, and kept the old one. Text inside the link is not the
    purpose (`[The model of orders.][m]`), and neither code nor another page's entry moves."""
    entries = (
        "- [Model][m] — The model of orders.\n- [Model] — The model of orders.\n"
        "- [The model of orders.][m] — by hand\n- [Other][o] — The model of orders.\n"
        "- `[Model][m] — The model of orders.`\n\n| Document | Purpose |\n|---|---|\n"
        "| [Model][m] | The model of orders. |\n\n[m]: model.md\n[Model]: model.md\n"
        "[o]: ../dna/README.md\n"
    )
    root = _bank(tmp_path, entries=entries)
    with no_new_findings(root):
        result = _set(root, "purpose", "Every order and its lines.")
    assert result["indexes"] == ["engineering/README.md"]
    assert (
        (root / "engineering/README.md")
        .read_text()
        .endswith(
            "- [Model][m] — Every order and its lines.\n- [Model] — Every order and its lines.\n"
            "- [The model of orders.][m] — by hand\n- [Other][o] — The model of orders.\n"
            "- `[Model][m] — The model of orders.`\n\n| Document | Purpose |\n|---|---|\n"
            "| [Model][m] | Every order and its lines. |\n\n"
            "[m]: model.md\n[Model]: model.md\n[o]: ../dna/README.md\n"
        )
    )


def test_title_renames_labels_and_the_h1(tmp_path: Path) -> None:
    entries = (
        "- [Model](model.md) — The model of orders.\n- [`Model`](model.md) — twice\n- [Other](model.md)\n"
    )
    root = _bank(tmp_path, entries=entries)
    with no_new_findings(root):
        result = _set(root, "title", "Order model")
    assert result["heading"] is True and result["indexes"] == ["engineering/README.md"]
    assert "\n# Order model\n" in (root / MODEL).read_text()
    assert (
        (root / "engineering/README.md")
        .read_text()
        .endswith(
            "- [Order model](model.md) — The model of orders.\n"
            "- [`Order model`](model.md) — twice\n"
            "- [Other](model.md)\n"
        )
    )
    result = _set(root, "title", "Order [model]")
    assert "heading" in result and result["indexes"] == ["engineering/README.md"]


def test_title_renames_the_text_of_reference_style_entries_and_keeps_their_labels(tmp_path: Path) -> None:
    """`- [Model][m]` with `[m]: model.md` below shows the title as `[Model](model.md)` does, and
    kept the old one. `[Model][]` and `[Model]` use their text as the label: it stays on as the
    label (`[Order model][Model]`), so the definition is left and the entry still leads there;
    code, and text naming another label, are left."""
    entries = (
        "- [Model][m] — The model of orders.\n- [Model][] — collapsed\n- [Model] — shortcut\n"
        "- [Other][m] — other text\n- `[Model][m]` in code\n\n| Document | Title |\n|---|---|\n"
        "| [Model][m] | Model |\n\n[m]: model.md\n[Model]: model.md\n"
    )
    root = _bank(tmp_path, entries=entries)
    index = root / "engineering/README.md"
    with no_new_findings(root):
        result = _set(root, "title", "Order model")
    assert result["indexes"] == ["engineering/README.md"]
    assert index.read_text().endswith(
        "- [Order model][m] — The model of orders.\n- [Order model][Model] — collapsed\n"
        "- [Order model][Model] — shortcut\n- [Other][m] — other text\n- `[Model][m]` in code\n\n"
        "| Document | Title |\n|---|---|\n| [Order model][m] | Order model |\n\n"
        "[m]: model.md\n[Model]: model.md\n"
    )
    with no_new_findings(root):
        _set(root, "title", "Orders")
    assert "- [Orders][m] — The model of orders.\n- [Orders][Model] — collapsed\n" in index.read_text()


def _linked(path: Path) -> list[str]:
    """The destinations of the links markdown-it-py reads in `path`, in order."""
    tokens = MarkdownIt("commonmark").parse(path.read_text())
    inline = [child for token in tokens if token.type == "inline" for child in token.children or []]
    return [str(child.attrs["href"]) for child in inline if child.type == "link_open"]


RELABELLED_AS_READ = {
    # A label wrapped inside a paragraph (`[Order` then `model][m]`) shows the title as a reader
    # sees it, and was left stale: the index was read a line at a time, where neither line holds
    # the link. With a label of its own the lines join; one using its text keeps it as the label.
    "a text that wraps": (
        "Order model",
        "- [Order\n  model][m] — the model.\n- [Order\n  model][] — collapsed\n"
        "- see [Order\n  model] too\n\n[m]: model.md\n[Order model]: model.md\n",
        "Orders",
        "- [Orders][m] — the model.\n- [Orders][Order\n  model] — collapsed\n"
        "- see [Orders][Order\n  model] too\n\n[m]: model.md\n[Order model]: model.md\n",
    ),
    # `[see][Model][m]` with no `Model` defined links `Model` by `m` (CommonMark): the entry
    # shows the title, and was left stale, read as `[see][Model]` and nothing after.
    "a link an undefined label leaves free": (
        "Model",
        "- [see][Model][m] — the model.\n\n[m]: model.md\n",
        "Order model",
        "- [see][Order model][m] — the model.\n\n[m]: model.md\n",
    ),
    # A code span may open on one line and close on the next. `` ` tick`` then `` ` [Model][m] ` ``
    # is a code span, then a link a reader sees: read a line at a time, the second line was code
    # and the entry stayed stale. `` `echo `` then `` [Model][m]` `` is code alone: read a line at
    # a time, it was a link and the code was changed.
    "code spans across a paragraph's lines": (
        "Model",
        "- [Model][m] — the model.\n- a ` tick\n  ` [Model][m] ` here\n"
        "- run `echo\n  [Model][m]` now\n\n[m]: model.md\n",
        "Order model",
        "- [Order model][m] — the model.\n- a ` tick\n  ` [Order model][m] ` here\n"
        "- run `echo\n  [Model][m]` now\n\n[m]: model.md\n",
    ),
}


@pytest.mark.parametrize(
    ("title", "entries", "new", "expected"), RELABELLED_AS_READ.values(), ids=RELABELLED_AS_READ
)
def test_a_new_title_renames_reference_entries_as_a_reader_reads_them(
    tmp_path: Path, title: str, entries: str, new: str, expected: str
) -> None:
    """Each reference entry a reader sees follows the title, read a paragraph at a time, and the
    same pages are linked after the write as before it (markdown-it-py)."""
    root = _bank(tmp_path, model=_doc(title=title), entries=entries)
    index = root / "engineering/README.md"
    linked = _linked(index)
    with no_new_findings(root):
        _set(root, "title", new)
    assert index.read_text().endswith(expected)
    assert _linked(index) == linked


def test_a_new_title_that_a_definition_names_leaves_a_link_right_behind_brackets(tmp_path: Path) -> None:
    """Relabelled, `[see][Model][m]` would read `[see][Guide]`, a link to what `Guide` defines,
    and the entry would lead there: it is left as written."""
    entries = "- [see][Model][m] — the model.\n\n[m]: model.md\n[Guide]: ../dna/principles.md\n"
    root = _bank(tmp_path, entries=entries)
    index = root / "engineering/README.md"
    _set(root, "title", "Guide")
    assert index.read_text().endswith(entries)


def test_a_new_title_leaves_reference_links_in_an_html_block_as_written(tmp_path: Path) -> None:
    """Brackets in an HTML block are shown as written, never a link: `[Model][m]` below `<div>`
    was relabelled as if it were an entry, changing text no link shows."""
    entries = "- [Model][m] — The model of orders.\n\n<div>\n[Model][m]\n</div>\n\n[m]: model.md\n"
    root = _bank(tmp_path, entries=entries)
    index = root / "engineering/README.md"
    with no_new_findings(root):
        _set(root, "title", "Order model")
    assert index.read_text().endswith(
        "- [Order model][m] — The model of orders.\n\n<div>\n[Model][m]\n</div>\n\n[m]: model.md\n"
    )


def test_a_new_title_renames_the_heading_a_reader_sees_not_one_in_a_comment(tmp_path: Path) -> None:
    """A commented-out `# Model` above the real one was renamed, the real title left stale."""
    root = _bank(tmp_path)
    text = (root / MODEL).read_text()
    (root / MODEL).write_text(text.replace("\n# Model\n", "\n<!--\n# Model\nguidance\n-->\n\n# Model\n", 1))
    result = _set(root, "title", "Order model")
    after = (root / MODEL).read_text()
    assert result["heading"] is True and "<!--\n# Model\nguidance\n-->\n\n# Order model\n" in after


@pytest.mark.parametrize(
    ("title", "label", "again"),
    [
        ("Use `uv`", "Use uv", "Use pip"),
        ("C:\\models\\", "C:/models/", "Models"),
        ("Order [model]", "Order (model)", "Order [v2]"),
    ],
)
def test_a_title_a_link_label_cannot_hold_as_typed_is_labelled_as_bank_create_labels_it(
    tmp_path: Path, title: str, label: str, again: str
) -> None:
    """Such a title left the label as it was, and an entry bank_create wrote for it (brackets as
    parentheses, no backtick, a backslash as `/`) never followed a later rename."""
    root = _bank(tmp_path, entries="- [Model](model.md) — The model of orders.\n")
    index = root / "engineering/README.md"
    with no_new_findings(root):
        result = _set(root, "title", title)
    assert result["indexes"] == ["engineering/README.md"]
    assert index.read_text().endswith(f"- [{label}](model.md) — The model of orders.\n")
    with no_new_findings(root):
        _set(root, "title", again)
    assert index.read_text().endswith(
        f"- [{again.replace('[', '(').replace(']', ')')}](model.md) — The model of orders.\n"
    )


def test_dry_run_lists_what_would_change_and_writes_nothing(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    before = tree_hash(root)
    result = _set(root, "purpose", "New purpose.", dry_run=True)
    assert result["changed"] is False and result["dryRun"] is True
    assert result["indexes"] == ["engineering/README.md"]
    assert tree_hash(root) == before


def test_an_index_changed_after_it_was_read_refuses_the_whole_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _bank(tmp_path)
    model_before = (root / MODEL).read_bytes()
    index = root / "engineering/README.md"
    theirs = index.read_bytes() + b"- [Theirs](theirs.md) - x\n"
    write_during_commit(monkeypatch, index, theirs)
    with pytest.raises(Exception, match="changed on disk since it was read"):
        _set(root, "purpose", "New purpose.")
    assert index.read_bytes() == theirs and (root / MODEL).read_bytes() == model_before


def test_crlf_and_bom_are_kept_in_the_document_and_the_index(tmp_path: Path) -> None:
    root = _bank(tmp_path, crlf_bom(_doc()))
    index = root / "engineering/README.md"
    index.write_bytes(crlf_bom(index.read_text()))
    with no_new_findings(root):
        _set(root, "title", "Order model")
    assert (root / MODEL).read_bytes() == crlf_bom(_doc(title="Order model"))
    data = index.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\n" not in data.replace(b"\r\n", b"")
    assert "- [Order model](model.md) — The model of orders." in decoded(index)


def test_lone_carriage_returns_are_kept_in_the_document_and_the_index(tmp_path: Path) -> None:
    """Old Mac files (a carriage return alone ends each line): the header is found, the title
    changed, and the index entry that repeats it follows; neither file gains an LF."""
    root = _bank(tmp_path, _doc().replace("\n", "\r").encode())
    index = root / "engineering/README.md"
    index.write_bytes(index.read_text().replace("\n", "\r").encode())
    with no_new_findings(root):
        _set(root, "title", "Order model")
    assert (root / MODEL).read_bytes() == _doc(title="Order model").replace("\n", "\r").encode()
    data = index.read_bytes()
    assert b"\n" not in data and b"- [Order model](model.md) \xe2\x80\x94 The model of orders.\r" in data


def test_a_leniently_parsed_document_is_not_made_worse(tmp_path: Path) -> None:
    root = copy_of_fixture(tmp_path)
    target = root / "broken/bad-yaml.md"
    before = target.read_text()
    with no_new_findings(root):
        result = set_field(open_bank(root), path="broken/bad-yaml.md", field="title", value="Retry: layer")
        set_field(open_bank(root), path="broken/bad-yaml.md", field="owner", value="platform team")
    assert result["indexes"] == ["domain/README.md"] and result["heading"] is True
    assert target.read_text() == before.replace("title: Retry layer", 'title: "Retry: layer"').replace(
        "# Retry layer", "# Retry: layer"
    ).replace("status: draft\n", "status: draft\nowner: platform team\n")
    assert "- [Retry: layer](../broken/bad-yaml.md)" in (root / "domain/README.md").read_text()
    fixed = set_field(
        open_bank(root), path="broken/bad-yaml.md", field="purpose", value="Defines the retry layer: backoff."
    )
    assert fixed["line"] == 'purpose: "Defines the retry layer: backoff."'
    assert _header(target)["owner"] == "platform team"
    assert not any(path == "broken/bad-yaml.md" for _code, path, _m in findings(root))


def test_a_new_title_cannot_switch_the_linter_off_and_renames_again(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    hostile = "Model <!-- memorybank-lint: disable -->"
    _set(root, "title", hostile)
    body = frontmatter.split(decoded(root / MODEL)).body
    assert "<!--" not in body and "# Model &lt;!-- memorybank-lint: disable -->" in body.split("\n")
    _set(root, "title", "Orders")  # the escaped heading still reads as the old title
    assert "# Orders" in frontmatter.split(decoded(root / MODEL)).body.split("\n")


def test_a_new_purpose_carried_into_the_index_adds_no_link_and_no_comment(tmp_path: Path) -> None:
    root = _bank(tmp_path, entries=PURPOSE_ENTRIES)
    _set(root, "purpose", "Orders; see [old](old.md) <!-- memorybank-lint: disable -->")
    index = (root / "engineering/README.md").read_text()
    assert "<!--" not in index and "(old.md)" in index and "](old.md)" not in index
    _set(root, "purpose", "Orders, again.")  # the entry written that way still moves
    assert "- [Model](model.md) — Orders, again.\n" in (root / "engineering/README.md").read_text()


def test_a_title_with_a_pipe_keeps_a_table_row_whole(tmp_path: Path) -> None:
    root = _bank(
        tmp_path, entries="| Doc | Summary |\n|---|---|\n| [Model](model.md) | The model of orders. |\n"
    )
    _set(root, "title", "Model | Orders")
    row = next(
        line for line in (root / "engineering/README.md").read_text().split("\n") if "model.md" in line
    )
    assert row == "| [Model \\| Orders](model.md) | The model of orders. |"


REGISTRY = (
    "| Document | Title | Status | Purpose |\n|---|---|---|---|\n"
    "| [MD-1](model.md) | Model | `draft` | The model of orders. |\n"
)


def _row(root: Path) -> str:
    index = (root / "engineering/README.md").read_text().split("\n")
    return next(line for line in index if "(model.md)" in line)


def test_a_registry_tables_title_cell_moves_with_the_title(tmp_path: Path) -> None:
    root = _bank(tmp_path, entries=REGISTRY)
    result = _set(root, "title", "Order model")
    assert result["indexes"] == ["engineering/README.md"]
    assert _row(root) == "| [MD-1](model.md) | Order model | `draft` | The model of orders. |"


def test_a_purpose_equal_to_the_title_moves_only_in_the_purpose_column(tmp_path: Path) -> None:
    root = _bank(
        tmp_path,
        _doc(title="Orders", purpose="Orders"),
        "| Document | Title | Purpose |\n|---|---|---|\n| [MD-1](model.md) | Orders | Orders |\n",
    )
    _set(root, "purpose", "Every order and its lines.")
    assert _row(root) == "| [MD-1](model.md) | Orders | Every order and its lines. |"
    _set(root, "title", "Order book")
    assert _row(root) == "| [MD-1](model.md) | Order book | Every order and its lines. |"


def test_a_table_without_a_purpose_column_keeps_its_other_cells(tmp_path: Path) -> None:
    root = _bank(
        tmp_path,
        _doc(title="Orders", purpose="Orders"),
        "| Document | Title |\n|---|---|\n| [MD-1](model.md) | Orders |\n",
    )
    result = _set(root, "purpose", "Every order.")
    assert result["indexes"] == [] and _row(root) == "| [MD-1](model.md) | Orders |"


def test_a_hand_written_title_cell_stays(tmp_path: Path) -> None:
    entries = "| Document | Title |\n|---|---|\n| [MD-1](model.md) | The order model (v2) |\n"
    root = _bank(tmp_path, entries=entries)
    assert _set(root, "title", "Order model")["indexes"] == []
    assert _row(root) == "| [MD-1](model.md) | The order model (v2) |"


def test_a_new_title_relabelling_an_index_entry_cannot_switch_the_linter_off(tmp_path: Path) -> None:
    root = _bank(tmp_path)
    _set(root, "title", "Model <!-- memorybank-lint: disable MB007 -->")
    index = (root / "engineering/README.md").read_text()
    assert "<!--" not in index and "[Model &lt;!-- memorybank-lint: disable MB007 -->](model.md)" in index
    _set(root, "title", "Model")  # the entry written that way still follows the title
    assert "- [Model](model.md) — The model of orders.\n" in (root / "engineering/README.md").read_text()


def test_a_block_value_in_a_header_that_does_not_parse_is_refused_untouched(tmp_path: Path) -> None:
    """Line-by-line recovery reads no block, so `meta:` over `  a: 1` looked empty and setting it
    left `  a: 1` behind under the new value."""
    root = _bank(tmp_path, _doc("meta:\n  a: 1\nlist:\n- x\npurpose: broken: colon\n"))
    for field in ("meta", "list"):
        refused(root, lambda field=field: _set(root, field, "x"), "list or mapping")


def test_purpose_moves_into_the_line_below_a_two_line_index_entry(tmp_path: Path) -> None:
    """Registration writes the two-line shape (the link alone, the purpose indented below it)
    where the index has it; a new purpose left that line repeating the old one, so the index
    contradicted the document."""
    root = _bank(tmp_path, entries="- [Model](model.md)\n  The model of orders.\n- [Other](other.md)\n")
    _set(root, "purpose", "Orders and their states.")
    index = (root / "engineering/README.md").read_text()
    assert index.endswith("- [Model](model.md)\n  Orders and their states.\n- [Other](other.md)\n")


def test_a_new_purpose_leaves_the_nested_entries_of_other_pages_alone(tmp_path: Path) -> None:
    """Below an entry whose own line does not repeat the purpose, the search for it stops at a
    nested item or a line with a link: those are other pages' entries, and one repeating the old
    words was rewritten with this page's new purpose."""
    nested = "- [Model](model.md) — the group page\n  - [Other](other.md) — The model of orders.\n"
    root = _bank(tmp_path, entries=nested)
    _set(root, "purpose", "Orders and their states.")
    assert (root / "engineering/README.md").read_text().endswith(nested)


def test_title_renames_entries_using_a_definition_in_a_list_item(tmp_path: Path) -> None:
    """A definition in a list item (`- [m]: model.md`) registers its page as one of its own does,
    and the entries using it show the title too."""
    root = _bank(tmp_path, entries="- [Model][m] — The model of orders.\n\n- [m]: model.md\n")
    index = root / "engineering/README.md"
    with no_new_findings(root):
        _set(root, "title", "Order model")
    assert index.read_text().endswith("- [Order model][m] — The model of orders.\n\n- [m]: model.md\n")
