"""The bank one server process serves, shared by the read and the write tools.

Why its own module: both `server.py` and `write_tools.py` need it, and neither should import the
other. A call takes the lock, refreshes the bank (an mtime walk) and turns the library's refusals
into MCP tool errors.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mcp.server.mcpserver.exceptions import ToolError

from memorybank_lint.bank import Bank
from memorybank_lint.config import Config

from .errors import ToolInputError


def as_json(result: Any) -> str:
    return json.dumps(result, ensure_ascii=False, separators=(",", ":"))


class BankState:
    """The bank of one server process, refreshed (mtime walk) at the start of every call."""

    def __init__(self, root: Path, config: Config | None = None, *, cache: bool = True) -> None:
        self.root = root
        self.config = config or Config()  # the project's configuration: limits and rule selection
        self.cache = cache
        self.lock = threading.Lock()
        self._bank: Bank | None = None

    def _refreshed(self) -> Bank:
        """The bank, refreshed; the first refresh goes through the parse cache and stores it."""
        if self._bank is None:
            folder = self.config.cache_folder(self.root) if self.cache else None
            self._bank = Bank(self.root, **self.config.bank_options(), cache=folder)
            self._bank.refresh()
            self._bank.save_cache()
        else:
            self._bank.refresh()
        return self._bank

    def call(self, operation: Callable[[Bank], Any]) -> str:
        with self.lock:
            self._refreshed()
            try:
                return as_json(operation(self._bank))
            except ToolInputError as exc:
                raise ToolError(str(exc)) from exc
            except OSError as exc:  # a full disk or a permission: name the file, not a stack trace
                where = f" ({exc.filename})" if exc.filename else ""
                raise ToolError(
                    f"the file system refused the operation{where}: {exc.strerror or exc}"
                ) from exc

    def bank(self) -> Bank:
        with self.lock:
            return self._refreshed()
