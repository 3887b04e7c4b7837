"""The governance gates every write that sets links, ownership, kind or status runs through.

Why shared: `bank_create`, `bank_promote` and `bank_set_status` must refuse the same things for
the same reasons, or the bank can be talked past its own rules by choosing another tool.

Why a value the contract does not declare is refused, not warned about: the contract is the
bank's own word on which kinds and statuses exist; a write that adds `status: bogus` creates the
finding the linter then reports (MB008). Where the contract declares no closed set, any value
goes. Why the kind is checked as a name first: it chooses a template folder, so `../x` or an
absolute path must never reach a path.
"""

from __future__ import annotations

import posixpath

from memorybank_lint.bank import Bank
from memorybank_lint.paths import resolve

from ..errors import BadValue, ToolInputError
from ..templates import is_kind


def check_derived_from(bank: Bank, target: str, entries: list[str]) -> list[str]:
    """Refuse an entry that resolves to nothing in the bank; warn about entries leaving it."""
    warnings = []
    for raw in entries:
        resolved = resolve(target, raw, bank.name)
        if resolved.url or (resolved.external and resolved.resolved is None and raw.strip()):
            warnings.append(f"derived_from '{raw}' points outside the bank; it will not be checked")
            continue
        landed = resolved.landing(bank.docs)
        if landed is not None and landed not in resolved.as_written():
            relative = posixpath.relpath(landed, posixpath.dirname(target) or ".")
            warnings.append(
                f"derived_from '{raw}' is written from the repository root; relative to this document "
                f"it is '{relative}'"
            )
            continue
        if landed is None:
            tried = ", then ".join(resolved.as_written())
            if not tried:  # `''` or `#part`: nothing was looked for
                raise ToolInputError(f"derived_from '{raw}' names no file; write the path of a document")
            raise ToolInputError(
                f"derived_from '{raw}' does not resolve to a document of this bank "
                f"(tried {tried}, relative to {posixpath.dirname(target) or 'the bank root'})"
            )
    return warnings


ARCHIVED = "archived"


def check_archived_owner(path: str, keys: list[str], status: str, instead: str) -> None:
    """Refuse an archived document that owns `canonical_for` keys: it blocks any successor from
    claiming them (one owner per fact), whichever write would leave it so; `instead` says how
    that write gives the keys up."""
    if status == ARCHIVED and keys:
        listed = ", ".join(f"'{key}'" for key in keys)
        raise ToolInputError(
            f"{path} owns canonical_for {listed}, and an archived owner blocks any successor; {instead}"
        )


def check_ownership(bank: Bank, keys: list[str], owner: str | None = None) -> None:
    """Refuse a `canonical_for` key another document already owns (one owner per fact)."""
    for key in keys:
        others = [path for path in bank.owners.get(key, []) if path != owner]
        if others:
            raise ToolInputError(
                f"canonical_for '{key}' is already owned by {', '.join(others)}: one owner per fact. "
                "Link to the owner instead, or move the fact there"
            )


def check_kind(doc_kind: str) -> str:
    """`doc_kind` when it is a plain kind name (letters, digits, `_`, `-`), else a refusal."""
    if not is_kind(doc_kind):
        raise BadValue(
            f"docKind {doc_kind!r} is not a kind name: use letters, digits, _ or -, such as use_case"
        )
    return doc_kind


def check_contract(
    bank: Bank, target: str, status: str, doc_kind: str, derived_from: list[str], *, kind_given: bool = True
) -> list[str]:
    """The contract's demands on a document with this status and kind: a refusal or warnings."""
    contract = bank.contract
    if contract is None:
        return []
    warnings = []
    if contract.requires_derived_from and not derived_from and target not in contract.roots:
        if status == "active":
            remedy = (  # a status change takes no derivedFrom: its sources are set on their own
                "pass derivedFrom, or give it status draft"
                if kind_given
                else "write its sources into derived_from by hand first (no tool sets that list), "
                "validate, then set the status again; or leave it a draft"
            )
            raise ToolInputError(
                "this bank's governance requires every active non-root document to declare "
                f"derived_from; {remedy}"
            )
        warnings.append("derived_from is empty; it must name the sources before the document becomes active")
    checked = (("docKind", "doc_kind", doc_kind), ("status", "status", status))
    for argument, field_name, value in checked if kind_given else checked[1:]:
        allowed = contract.allowed(field_name, doc_kind)
        if value and allowed is not None and value not in allowed:
            raise ToolInputError(
                f'{argument} "{value}" is not among the values declared in dna/ '
                f"({' | '.join(sorted(allowed))}); use one of them or declare it there first"
            )
    return warnings


def governance(
    bank: Bank,
    target: str,
    *,
    derived_from: list[str],
    canonical_for: list[str],
    status: str,
    doc_kind: str,
    owner: str | None = None,
    kind_given: bool = True,
) -> list[str]:
    """Run every gate in order; return the warnings, or raise the first refusal.

    `kind_given` is False when the kind is the document's own (a status change), not an argument.
    """
    if kind_given:
        check_kind(doc_kind)
    warnings = check_derived_from(bank, target, derived_from)
    check_ownership(bank, canonical_for, owner)
    check_archived_owner(target, canonical_for, status, "give it another status, or canonicalFor: []")
    return warnings + check_contract(bank, target, status, doc_kind, derived_from, kind_given=kind_given)
