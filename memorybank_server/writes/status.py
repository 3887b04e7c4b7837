"""`bank_set_status`: move a document through its lifecycle, through the same gates as creating it.

Why the governance gates run on every transition: activating a document without its sources, or
re-activating one whose sources broke, is exactly what the contract forbids; checking only at
creation would let a draft be talked into `active` afterwards.

Why archiving an owner is refused unless it releases its keys: an archived document that still
claims `canonical_for` keys blocks any successor from claiming them (one owner per fact). With
`release_canonical` the keys leave in the same write, whatever list style they were written in
(indented block list, `- key` at column 0, or `[a, b]`), and the header is re-parsed to prove it.

Why the value is quoted like `bank_set_field` does and a line break is refused: the reference
wrote the status unquoted, so `active\\ncanonical_for: [x]` injected a key past the ownership gate
and `yes` became a boolean.

Why a registry table's status cell moves with it: a table that shows `draft` for an active
document contradicts it (`index_lines`); the document and the tables commit in one transaction.

Deliberate choice: when keys are released, the ownership gate runs on the keys the document keeps
(none), so archiving is also how the losing side of an ownership conflict steps aside.
"""

from __future__ import annotations

from typing import Any

from memorybank_lint.bank import Bank

from ..errors import ToolInputError
from . import head
from .common import locked
from .governance import ARCHIVED, check_archived_owner, governance
from .index_lines import index_changes
from .values import one_line


def _in_inbox(loaded: head.Loaded) -> bool:
    return loaded.path.startswith("_inbox/") or loaded.indexed.layer == "inbox"


def _only_once(lines: list[str], key: str, path: str) -> None:
    if len(head.key_starts(lines, key)) > 1:
        raise ToolInputError(f"{path} declares {key} more than once; fix its frontmatter by hand first")


def set_status(
    bank: Bank,
    *,
    path: str,
    status: str,
    release_canonical: bool = False,
    dry_run: bool = False,
) -> dict[str, Any]:
    """Set `status`, running the gates in the order of the specification; see the module doc."""
    with locked(bank):
        loaded = head.load(bank, path)
        if _in_inbox(loaded):
            raise ToolInputError(
                f"{loaded.path} is a quarantined note; status does not move it out of _inbox/, "
                "use bank_promote or bank_discard"
            )
        value = one_line("status", status)
        if release_canonical and value != ARCHIVED:
            raise ToolInputError(
                f"releaseCanonical is only allowed when archiving (status '{ARCHIVED}'), not with '{value}'"
            )
        doc = loaded.fresh
        keys = list(doc.canonical_for)
        check_archived_owner(
            loaded.path,
            [] if release_canonical else keys,
            value,
            "pass releaseCanonical to give the keys up while archiving",
        )
        released = keys if release_canonical else []
        warnings = governance(
            bank,
            loaded.path,
            derived_from=[edge.raw for edge in doc.derived_from],
            canonical_for=[] if released else keys,
            status=value,
            doc_kind=doc.doc_kind,
            owner=loaded.path,
            kind_given=False,
        )
        current = doc.data.get("status")
        before = None if "status" not in doc.data else head.as_text(current)
        result: dict[str, Any] = {
            "path": loaded.path,
            "from": before,
            "to": value,
            "changed": False,
            "dryRun": dry_run,
            "warnings": warnings,
            "released": released,
            "indexes": [],
        }
        if before == value and not released:
            return result
        loaded.require_closed()
        if not loaded.parts.present:
            raise ToolInputError(f"{loaded.path} has no frontmatter, so it has no status to set")
        lines = loaded.parts.head.split("\n")
        _only_once(lines, "status", loaded.path)
        if released:
            _only_once(lines, "canonical_for", loaded.path)
            span = head.key_span(lines, "canonical_for", comments_after=True)
            if span is not None:
                del lines[span[0] : span[1]]
        line = head.set_key(lines, "status", value, None)  # a status is always written as a string
        new_text = "\n".join(lines) + loaded.parts.body
        head.verify(
            loaded.path, loaded.file.text, new_text, {"status": line}, ["canonical_for"] if released else []
        )
        changes = [(loaded.path, loaded.file.encode(new_text), loaded.file.digest)]
        if before is not None and before != value:
            changes += index_changes(bank, loaded.path, "status", before, value)
        head.commit(bank, changes, dry_run=dry_run)
        result["changed"] = not dry_run
        result["indexes"] = [path for path, _d, _h in changes[1:]]
    return result
