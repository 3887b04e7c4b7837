"""The read-only view a rule gets: the bank, its contract, and which paths are being reported."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .bank import Bank
from .contract import Contract


def _never(code: str, path: str, line: int | None) -> bool:
    return False


@dataclass(frozen=True)
class RuleContext:
    """`suppressed(code, path, line)`: whether a per-file ignore of `code` for `path`, or an inline
    suppression there covering `line` (None: the whole file), silences it, the engine noting what
    was used; inline suppressions count only when honoured (not under `--ignore-noqa`). Why a
    rule may ask: a finding about several documents' claims (MB004) is silenced claim by claim,
    not wherever the engine happens to place it."""

    bank: Bank
    in_scope: Callable[[str], bool]
    suppressed: Callable[[str, str, int | None], bool] = _never

    @property
    def contract(self) -> Contract | None:
        return self.bank.contract
