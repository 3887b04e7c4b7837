"""Prose says a rule is defined in a file, and that file is not in the bank.

Why it matters: sentences such as "The escalation ladder is governed by `escalation-ladder.md`"
or "Этапы релиза описаны в `ops/stages.md`" are how documents hand a fact to its owner. When
the named file does not exist, the fact has no owner a reader can find.

A claim is a short phrase, a verb (`defined`, `described`, `specified`, `owned`, `governed` +
`by`/`in`, or `зафиксирован`, `определён`, `определяется`, `описан` + `в`/`во`) and a markdown
path, bare or as a link. The path is resolved against the document, then from the bank root.

A path starting with `/` is read two ways: as a filesystem path (`/home/me/project/memory-bank/
ops/stages.md`), which counts when it lies inside this bank and names one of its documents; and
otherwise as written from the bank root (`/ops/stages.md`, the way a site links). The message
quotes the path as written and says what it was read as.

Not reported: templates; claims inside fenced code (examples); paths that leave the bank; bare
file names that several documents share, that name a template, or that name a template the
starter ships (`brief.md`, `ADR-ID.md`, …).

Example: `The escalation ladder is governed by escalation-ladder.md` when no such file exists.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path, PurePosixPath

from ..context import RuleContext
from ..document import Document
from ..findings import Problem, Severity
from ..paths import real_path, unescaped
from ..registry import rule

SHIPPED_TEMPLATE_NAMES = frozenset(
    {
        "ADR-ID.md",
        "PRD-ID.md",
        "PROMPT-ID.md",
        "README.md",
        "UC-XXX.md",
        "brief.md",
        "charter.md",
        "decision-log.md",
        "design.md",
        "implementation-plan.md",
        "large.md",
        "lifecycle-protocol.md",
        "process-card.md",
        "runtime-surfaces.md",
        "session-handoff.md",
        "short.md",
        "subissues.md",
        "ui-reference.md",
        "use-cases.md",
    }
)


@lru_cache(maxsize=16)
def _roots(root: Path) -> frozenset[PurePosixPath]:
    """The bank folder as given and as resolved: a `/…` path may name either."""
    return frozenset({PurePosixPath(root.as_posix()), PurePosixPath(real_path(root).as_posix())})


def _resolve(base: str, target: str) -> str | None:
    parts: list[str] = [p for p in base.split("/") if p] if base else []
    for segment in target.split("/"):
        if segment in ("", "."):
            continue
        if segment == "..":
            if not parts:
                return None
            parts.pop()
        else:
            parts.append(segment)
    return "/".join(parts)


def _absolute(target: str, roots: frozenset[PurePosixPath]) -> str | None:
    """The bank path a `/…` target names: inside the bank's folder on disk, else from the bank root."""
    written = PurePosixPath(posixpath.normpath(target))
    for root in roots:
        if written.is_relative_to(root):
            return written.relative_to(root).as_posix()
    return _resolve("", target)


def _excused(target: str, ctx: RuleContext) -> bool:
    """A bare file name is excused when it cannot be a specific missing document."""
    if "/" in target:
        return False
    same_name = ctx.bank.by_name(target)
    if len(same_name) >= 2:
        return True
    if len(same_name) == 1:
        return ctx.bank.docs[same_name[0]].is_template
    return target in SHIPPED_TEMPLATE_NAMES


@rule("MB010", "unresolved-rule-reference", severity=Severity.WARNING)
def check(doc: Document, ctx: RuleContext) -> Iterator[Problem]:
    if doc.is_template:
        return
    docs = ctx.bank.docs
    base = posixpath.dirname(doc.path)
    roots = _roots(ctx.bank.root)
    for index, phrase_written, target, column in doc.rule_claims:
        tried = _absolute(target, roots) if target.startswith("/") else _resolve(base, target)
        if tried is None or tried == doc.path or tried in docs:
            continue
        if (spelled := unescaped(target)) != target and _resolve(base, spelled) in docs:
            continue  # a link's escapes spell the name (`my%20doc.md`), as index links read them
        from_root = _resolve("", target.removeprefix(ctx.bank.name + "/"))
        if "/" in target and from_root in docs:
            continue
        if _excused(target, ctx):
            continue
        phrase = phrase_written.replace("`", "").strip()
        message = (
            f"\"{phrase}\" is said to be defined in '{target}', but '{tried}' is not a document of this bank"
        )
        same_name = ctx.bank.by_name(posixpath.basename(target))
        if len(same_name) == 1:
            message += f"; did you mean '{same_name[0]}'?"
        yield Problem(message, line=index + 1, column=column, value=f"{phrase}->{target}")
