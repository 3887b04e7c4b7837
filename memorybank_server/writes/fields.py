"""`bank_set_field`: set one scalar frontmatter value, and carry a new title or purpose along.

Why some fields are refused: `status` has lifecycle gates (`bank_set_status`), `doc_kind` and
`doc_function` change what the document is (re-create it), and the list fields carry governance
(sources, ownership, prohibitions, anchors) that a one-line setter cannot check.

Why the line keeps its style: a value is written in the quoting the line already uses, and quoted
further only until YAML 1.2 and 1.1 both read it back as the same string (`head.scalar_line`). A
trailing `# comment` stays, and so do comment lines below the value (`  # TODO confirm with bob`):
they are not the value (`head.key_span`). The whole header is re-parsed before anything is written.
One exception, kept from the specification: a field that holds an unquoted date, number or
boolean (an ADR's `date: 2026-01-02`) stays unquoted when the new text reads back as the same kind
of value in both readers; `title`, `purpose` and the status fields are always written as strings.

Why indexes move with `title` and `purpose`: an index entry that repeats the old value would
silently contradict the document (`index_lines` says which text moves). The document and every
touched index commit in one transaction.
"""

from __future__ import annotations

from typing import Any

from memorybank_lint import markdown
from memorybank_lint.bank import Bank, visible
from memorybank_lint.edits.table import title_heading

from ..errors import ToolInputError
from . import head
from .common import locked
from .index_lines import index_changes
from .values import FIELD_NAME, FIELD_NAME_RULE, one_line

CHECKED_FIELDS = ("delivery_status", "decision_status")
STRING_FIELDS = ("title", "purpose", *CHECKED_FIELDS)  # read as text only: never keep a number or date
_LISTS = "is a list that carries governance; change it by hand and validate the bank afterwards"
REFUSED = {
    "status": "status is changed with bank_set_status, which runs the lifecycle gates",
    "doc_kind": "changing doc_kind re-creates the document: create it anew under the right kind",
    "doc_function": "changing doc_function re-creates the document: create it anew with the right function",
    "derived_from": f"derived_from {_LISTS}",
    "canonical_for": f"canonical_for {_LISTS} (archiving with releaseCanonical gives its keys up)",
    "must_not_define": f"must_not_define {_LISTS}",
    "anchors": f"anchors {_LISTS}",
}


def _rename_h1(body: str, old: str, new: str) -> tuple[str, bool]:
    """The body with its first H1 renamed to `new` when it reads exactly `old`."""
    lines = body.split("\n")
    for i, line in markdown.iter_unfenced(lines, markdown.unheaded(lines)):  # as the reader's title
        if (text := markdown.heading(line, 1)) is not None:
            if text not in (old, title_heading(old)[2:]):
                return body, False
            lines[i] = title_heading(new)
            return "\n".join(lines), True
    return body, False


def _gates(bank: Bank, loaded: head.Loaded, name: str, value: str) -> str:
    if not FIELD_NAME.fullmatch(name):
        raise ToolInputError(f"'{visible(name)}' is not a frontmatter key ({FIELD_NAME_RULE})")
    if name in REFUSED:
        raise ToolInputError(f"{REFUSED[name]}; bank_set_field refuses it")
    text = one_line(name, value)
    if name in CHECKED_FIELDS and bank.contract is not None:
        allowed = bank.contract.allowed(name, loaded.fresh.doc_kind)
        if allowed and text not in allowed:
            raise ToolInputError(
                f"{name} '{text}' is not an allowed value: {' | '.join(sorted(allowed))} (from dna/)"
            )
    loaded.require_closed()
    if not loaded.parts.present:
        raise ToolInputError(f"{loaded.path} has no frontmatter, so it has no field to set")
    if isinstance(loaded.fresh.data.get(name), list | dict | set | tuple):
        raise ToolInputError(
            f"{name} in {loaded.path} holds a list or mapping; only scalar values can be set"
        )
    return text


def set_field(bank: Bank, *, path: str, field: str, value: str, dry_run: bool = False) -> dict[str, Any]:
    """Set one scalar header value; see the module doc for what moves with it."""
    name = field.strip()
    with locked(bank):
        loaded = head.load(bank, path)
        text = _gates(bank, loaded, name, value)
        lines = loaded.parts.head.split("\n")
        if len(head.key_starts(lines, name)) > 1:
            raise ToolInputError(
                f"{loaded.path} declares {name} more than once; fix its frontmatter by hand first"
            )
        if loaded.fresh.parse_error is not None and head.holds_block(lines, name):
            # the values of an unreadable header are recovered line by line, which reads no
            # block: the lines below the key would be left behind under a new value
            raise ToolInputError(
                f"{name} in {loaded.path} holds a list or mapping, or a value on the lines below it, "
                "in a header that does not parse; fix its frontmatter by hand first"
            )
        span = head.key_span(lines, name)
        if span is None and (read := head.key_read11(name)) != name:
            # a key the header already holds is the team's; one added is written as `bank_create`
            # would have to quote it, and a quoted key is one the tools cannot find again
            raise ToolInputError(
                f"'{name}' written as a new key is read by YAML 1.1 readers (PyYAML's safe_load, what "
                f"most scripts use) as {read!r}, not as the text '{name}'; pick another name"
            )
        old = loaded.fresh.data.get(name)
        before = None if span is None else head.as_text(old)
        result: dict[str, Any] = {"path": loaded.path, "field": name, "from": before, "to": text}
        if span is not None and before == text:
            result.update(changed=False, dryRun=dry_run, line=lines[span[0]], indexes=[])
            return result
        line = head.set_key(lines, name, text, None if name in STRING_FIELDS else old)
        body, renamed = loaded.parts.body, False
        previous = old.strip() if isinstance(old, str) else ""
        if name == "title" and previous:
            body, renamed = _rename_h1(body, previous, text)
        new_text = "\n".join(lines) + body
        head.verify(loaded.path, loaded.file.text, new_text, {name: line})
        changes = [(loaded.path, loaded.file.encode(new_text), loaded.file.digest)]
        if name in ("title", "purpose") and previous:
            changes += index_changes(bank, loaded.path, name, previous, text)
        head.commit(bank, changes, dry_run=dry_run)
    result.update(
        changed=not dry_run, dryRun=dry_run, line=line, indexes=[path for path, _d, _h in changes[1:]]
    )
    if renamed:
        result["heading"] = True
    return result
