"""The read-only view a rule gets: the bank, its contract, and which paths are being reported."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .bank import Bank
from .contract import Contract


@dataclass(frozen=True)
class RuleContext:
    bank: Bank
    in_scope: Callable[[str], bool]

    @property
    def contract(self) -> Contract | None:
        return self.bank.contract
