"""Control characters never reach a document: every value a write takes refuses them.

Why: a NUL byte turns a document into a file the linter calls binary (and with it its index and
any note promoted from it); an escape or a form feed hides text from the person reading it. A tab
is ordinary text; a line break is allowed only where the value may span lines (a body, a purpose).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.edits.errors import BadValue
from memorybank_server.errors import ToolInputError
from memorybank_server.writes.edit import edit
from memorybank_server.writes.fields import set_field
from memorybank_server.writes.inbox import discard, promote
from memorybank_server.writes.sections import update_section
from memorybank_server.writes.status import set_status
from memorybank_server.writes.values import listed

from .conftest import finishes, tree_hash
from .test_create import make

CONTEXT = "product/context.md"
NOTE = "_inbox/note.md"


def _note(bank: Bank) -> None:
    make(bank, path=NOTE, inbox=True, derived_from=[])


CALLS: dict[str, Callable[[Bank, str], Any]] = {
    "create title": lambda b, v: make(b, title=f"a{v}b"),
    "create purpose": lambda b, v: make(b, purpose=f"a{v}b"),
    "create status": lambda b, v: make(b, status=f"draft{v}"),
    "create derived_from": lambda b, v: make(b, derived_from=[f"../product/context.md{v}"]),
    "create canonical_for": lambda b, v: make(b, canonical_for=[f"key{v}"]),
    "create must_not_define": lambda b, v: make(b, must_not_define=[f"key{v}"]),
    "create body": lambda b, v: make(b, body=f"Prose {v} here."),
    "create extra value": lambda b, v: make(b, extra={"owner": f"a{v}b"}),
    "create nested extra": lambda b, v: make(b, extra={"owners": [{"name": f"a{v}b"}]}),
    "create path": lambda b, v: make(b, path=f"domain/a{v}b.md"),
    "edit replace": lambda b, v: edit(b, path=CONTEXT, find="## Audience", replace=f"## Audience{v}"),
    "update_section content": lambda b, v: update_section(b, path=CONTEXT, section="Problem", content=v),
    "set_status": lambda b, v: set_status(b, path=CONTEXT, status=f"draft{v}"),
    "set_field": lambda b, v: set_field(b, path=CONTEXT, field="owner", value=f"a{v}b"),
    "promote title": lambda b, v: promote(b, path=NOTE, to="domain/note.md", title=f"a{v}b"),
    "promote purpose": lambda b, v: promote(b, path=NOTE, to="domain/note.md", purpose=f"a{v}b"),
    "discard reason": lambda b, v: discard(b, path=NOTE, reason=f"a{v}b"),
}
CONTROLS = {"NUL": "\x00", "escape": "\x1b", "DEL": "\x7f", "C1": "\x85"}


@pytest.mark.parametrize("control", list(CONTROLS), ids=list(CONTROLS))
@pytest.mark.parametrize("call", list(CALLS), ids=list(CALLS))
def test_control_characters_are_refused_in_every_value(seeded: Bank, call: str, control: str) -> None:
    if call.startswith(("promote", "discard")):
        _note(seeded)
    before = tree_hash(seeded.root)
    with pytest.raises(ToolInputError, match="control character"):
        CALLS[call](seeded, CONTROLS[control])
    assert tree_hash(seeded.root) == before


def test_a_lone_surrogate_is_refused_as_text_that_cannot_be_written(seeded: Bank) -> None:
    before = tree_hash(seeded.root)
    with pytest.raises(ToolInputError, match="not valid Unicode"):
        make(seeded, title="a\ud800b")
    assert tree_hash(seeded.root) == before


def test_a_tab_is_ordinary_text(seeded: Bank) -> None:
    result = make(seeded, title="Domain\tModel", body="Col\tumn")
    assert result["created"]
    seeded.refresh()
    assert seeded.docs["domain/model.md"].read_error is None


MULTI_LINE = ("create body", "edit replace", "update_section content")


@pytest.mark.parametrize("call", MULTI_LINE)
def test_a_carriage_return_is_allowed_only_before_a_line_feed(seeded: Bank, call: str) -> None:
    """Markdown reads a lone CR as a line break, so `x\\r```` would open a code fence that the
    checks, which split at line feeds, never saw. CRLF stays ordinary text."""
    before = tree_hash(seeded.root)
    for lone in ("x\r```\ry", "x\r## Heading", "x\r"):
        with pytest.raises(ToolInputError, match="carriage return that does not end a line"):
            CALLS[call](seeded, lone)
        assert tree_hash(seeded.root) == before
    CALLS[call](seeded, "first line\r\nsecond line")


def test_a_long_key_list_is_checked_for_a_repeat_in_one_pass() -> None:
    """Each key was looked for among all the keys before it, so 100,000 keys held the server (and,
    in bank_promote, the bank's write lock) for minutes before an answer; a repeat is still named."""
    keys = [f"key-{n}" for n in range(200_000)]
    assert finishes(lambda: listed(keys, "canonicalFor")) == keys
    with pytest.raises(BadValue, match="canonicalFor lists 'key-7' twice"):
        finishes(lambda: listed([*keys, " key-7 "], "canonicalFor"))
