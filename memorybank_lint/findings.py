"""Findings: the immutable value every rule produces and every reporter consumes.

Why a separate module: rules, the engine, the baseline and the reporters all speak in findings,
and none of them should import another to get the type.
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum


def composed(text: str) -> str:
    """`text` in NFC: macOS may keep a name decomposed (NFD, `café/`) on disk where the
    configuration, a typed path or another machine's checkout of the same commit has it composed."""
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """What a rule reports; the engine turns it into a `Finding` by stamping code and severity.

    `path` defaults to the document the rule was called for. `value` is the offending value
    (a target, a key, a field value) that the baseline fingerprints instead of the line number.
    `related` names, in order, the documents the finding is about beyond its own (the members of
    a loop), so a report can draw them. `suppressed` marks a problem the rule found silenced by
    suppressions it asked about (`RuleContext.suppressed`: inline ones, per-file ignores): the
    engine never reports it, only hands it to `hidden`, as it does a finding a suppression covers
    where it stands. `earlier_value` is what baselines written before fingerprints were composed
    hashed where that differs from `value` (see `Finding.earlier_fingerprint`).
    """

    message: str
    line: int | None = None
    column: int | None = None
    path: str | None = None
    value: str = ""
    related: tuple[str, ...] = ()
    suppressed: bool = False
    earlier_value: str | None = None


@dataclass(frozen=True)
class Finding:
    """One rule violation at one place in the bank.

    `path` is bank-relative POSIX; `line`/`column` are 1-based and `None` when the finding
    belongs to the whole file. `order` is the rule's position in the output order.
    """

    code: str
    rule: str
    severity: Severity
    path: str
    message: str
    line: int | None = None
    column: int | None = None
    value: str = ""
    order: int = field(default=0, compare=False)
    related: tuple[str, ...] = field(default=(), compare=False)
    earlier_value: str | None = field(default=None, compare=False)

    def sort_key(self) -> tuple[int, str, int, int]:
        return (self.order, self.path, self.line or 0, self.column or 0)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    @property
    def fingerprint(self) -> str:
        """A hash of what the finding is about, not where: it survives lines moving above it.

        The offending `value` identifies a finding better than its message; the message is the
        fallback for rules that report no value. Baselines and SARIF both key on this. Path and
        value are hashed composed (NFC), so a baseline recorded on a machine that keeps a name
        decomposed matches the same finding on one that keeps it composed.
        """
        return _digest(composed(part) for part in (self.code, self.path, self.value or self.message))

    @property
    def earlier_fingerprint(self) -> str:
        """The fingerprint baselines written before fingerprints were composed hold for this
        finding: path and value hashed as they stand, and `earlier_value` (MB002's reason with the
        file's size or bad byte, MB004's owners sorted as named) where the value changed since.

        Why keep it: such a baseline is committed in repositories, and its format did not change;
        matched on `fingerprint` alone, every finding of a decomposed name, an unread file or a
        conflict of decomposed owners came back as new on upgrade and failed the build. A baseline
        is written with `fingerprint` only. For a finding named and valued in composed text, with
        no `earlier_value`, it is `fingerprint`.
        """
        value = self.value if self.earlier_value is None else self.earlier_value
        return _digest((self.code, self.path, value or self.message))


def _digest(parts: Iterable[str]) -> str:
    """The first 32 hex digits of the SHA-256 of `parts`, each UTF-8 and closed by a NUL."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode("utf-8"))
        digest.update(b"\x00")
    return digest.hexdigest()[:32]
