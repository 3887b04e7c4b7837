"""Two or more documents claim the same `canonical_for` key.

Why it matters: `canonical_for` names the facts a document is the single source of truth for.
With two owners, readers and agents get two answers and edits land in one copy only.

Counted over the whole bank, whatever the status; reported at the first owner in path order,
listing all, when any owner is in scope. A suppression (`# noqa: MB004` on the key, a
`disable` naming the rule, or a per-file ignore of MB004 for the owner) accepts its own
document's claim only: that owner leaves the count (its suppression is used), and while two or
more owners remain, one of them in scope, their conflict is reported at the first of them. Why
claim by claim: the finding sits on one owner, and a suppression there silenced the conflict of
all the others with it. The whole conflict, as a run with no suppression reports it, is handed to
the engine as suppressed, so a baseline recorded before the suppression still knows it.

Example: `canonical_for: [filter_thresholds]` in both `conflict.md` and `domain/rules.md`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..context import RuleContext
from ..findings import Finding, Problem, Severity, composed
from ..registry import rule

CODE = "MB004"
NAME = "ssot-conflict"
_MESSAGE = re.compile(r"canonical_for '(.*)' is claimed by ([0-9]+) documents: (.*)", re.DOTALL)


@rule(CODE, NAME, severity=Severity.ERROR, scope="bank")
def check(ctx: RuleContext) -> Iterator[Problem]:
    for key, owners in ctx.bank.owners.items():
        if len(owners) < 2 or not any(ctx.in_scope(owner) for owner in owners):
            continue
        claims = _claims(ctx, key, owners)
        # every owner is asked, so each suppression that accepts a claim counts as used
        standing = [claim for claim in claims if not ctx.suppressed(CODE, claim[0], claim[1][0])]
        if len(standing) < len(claims):  # what --ignore-noqa reports: hidden, never reported
            yield _conflict(key, claims, suppressed=True)
        if len(standing) >= 2 and any(ctx.in_scope(owner) for owner, _ in standing):
            yield _conflict(key, standing)


def _claims(ctx: RuleContext, key: str, owners: list[str]) -> list[tuple[str, tuple[int | None, int | None]]]:
    """Each owner of `key` with where its claim is written: the n-th claim of a document that
    lists the key more than once at the n-th item of it. Why: a suppression accepts a claim on
    its own line, and the duplicate is the one to accept; asked at the first, it was never met."""
    claims = []
    seen: dict[str, int] = {}
    for owner in owners:
        nth = seen.get(owner, 0)
        seen[owner] = nth + 1
        claims.append((owner, ctx.bank.docs[owner].nth_value_position("canonical_for", key, nth)))
    return claims


def _conflict(
    key: str, claims: list[tuple[str, tuple[int | None, int | None]]], *, suppressed: bool = False
) -> Problem:
    """The conflict of `claims` (owner, position of the key in it) over `key`, at the first."""
    owners = [owner for owner, _ in claims]
    line, column = claims[0][1]
    return Problem(
        f"canonical_for '{key}' is claimed by {len(owners)} documents: {', '.join(owners)}",
        path=owners[0],
        line=line,
        column=column,
        value=" ".join((key, *sorted(map(composed, owners)))),  # a baseline of two does not hide a third
        suppressed=suppressed,
        earlier_value=" ".join((key, *sorted(owners))),  # what a baseline written before that holds
    )


def claimed_key(message: str) -> str | None:
    """The key a message of this rule names, or None: the first step of `claim_named`, cheap
    enough to ask of every baseline entry before its owners are read."""
    match = _MESSAGE.fullmatch(message)
    return match.group(1) if match is not None else None


def claim_named(path: str, message: str, fingerprint: str) -> tuple[str, frozenset[str]] | None:
    """`(key, claims)` of a conflict this rule reported at `path`, read back from its `message`
    (a finding's, or a baseline entry's); None unless they give back its `fingerprint`, or the
    one a baseline written before fingerprints were composed holds. Each claim is `n owner`, the
    owner's n-th, so one conflict's claims hold another's only when each owner claims the key at
    least as often.

    Why: a baseline absorbs a conflict among some of a recorded conflict's owners over the same
    key (one claim suppressed or withdrawn), so it needs the owners of both. The fingerprint
    check makes the reading safe: a message cut short, a path holding ', ' or an entry edited by
    hand reads as nothing, and such a finding is matched by its fingerprint alone.
    """
    match = _MESSAGE.fullmatch(message)
    if match is None:
        return None
    key, count, listed = match.groups()
    owners = listed.split(", ")
    # owners compared composed: a baseline's message names them as the machine that wrote it
    # keeps them (a Mac may keep `é.md` decomposed), its entry's path is read composed
    if str(len(owners)) != count or composed(owners[0]) != composed(path):
        return None
    value = " ".join((key, *sorted(map(composed, owners))))  # as `_conflict` writes it
    earlier = " ".join((key, *sorted(owners)))
    # at its first owner as named: a baseline written before fingerprints were composed hashed it so
    found = Finding(CODE, NAME, Severity.ERROR, owners[0], message, value=value, earlier_value=earlier)
    if fingerprint not in (found.fingerprint, found.earlier_fingerprint):
        return None
    seen: dict[str, int] = {}  # a document claiming the key twice is two owners: a set of the two
    for owner in map(composed, owners):
        seen[owner] = seen.get(owner, 0) + 1
    return key, frozenset(f"{n} {owner}" for owner, count in seen.items() for n in range(count))
