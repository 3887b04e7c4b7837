"""The bank one server process serves, shared by the read and the write tools.

Why its own module: both `server.py` and `write_tools.py` need it, and neither should import the
other. A call takes the lock, refreshes the bank (an mtime walk) and turns the library's refusals
into MCP tool errors.

Why the configuration is read again on every call: `bank_validate` promises the findings
`memorybank-lint` gives now, and a project edits `.memorybank.toml` while its agent's session runs.
Reading it is a few `stat` calls and one small file. A new selection or severity applies at once;
new limits (`max-file-size`, `index-files`, `cache-dir`) rebuild the bank; a configuration that is
now broken, or that now names another bank root, refuses every call in one sentence (the root a
session serves cannot move under it: restarting the server is how it moves).
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mcp.server.mcpserver.exceptions import ToolError

from memorybank_lint.bank import Bank, BankNotFound
from memorybank_lint.config import Config, ConfigError, Reload
from memorybank_lint.paths import real_path

from .errors import ToolInputError, refusal
from .writes.added_findings import judged_by


def as_json(result: Any) -> str:
    return json.dumps(result, ensure_ascii=False, separators=(",", ":"))


class BankState:
    """The bank of one server process, refreshed (mtime walk) at the start of every call."""

    def __init__(
        self, root: Path, config: Config | None = None, *, cache: bool = True, reload: Reload | None = None
    ) -> None:
        self.root = root
        self.config = config or Config()  # the project's configuration: limits and rule selection
        self.cache = cache
        self.reload = reload
        self.lock = threading.Lock()
        self._bank: Bank | None = None
        self._existed = False
        self._real = ""

    def _configured(self) -> None:
        """Take up the project's configuration as it is now; see the module doc."""
        if self.reload is None:
            return
        try:
            config, root = self.reload()
        except (ConfigError, BankNotFound) as exc:
            raise ToolError(f"the project's configuration cannot be used: {exc}") from exc
        if real_path(root) != real_path(self.root):
            raise ToolError(
                f"the configuration now names the bank {root}, not {self.root} this server serves; "
                "restart the server to serve it"
            )
        if config == self.config:
            return
        if (config.bank_options(), config.cache_folder(self.root)) != (
            self.config.bank_options(),
            self.config.cache_folder(self.root),
        ):
            self._bank = None
        self.config = config

    def _refreshed(self) -> Bank:
        """The bank, refreshed; the first refresh goes through the parse cache and stores it."""
        self._configured()
        # here, or seeded now; `os.path`'s looks answer no where `Path`'s raised (a name too long)
        if not self._real and not os.path.islink(self.root) and os.path.isdir(self.root):
            self._existed, self._real = True, os.path.realpath(self.root)  # where it really is, once
        if self._existed and not os.path.isdir(self.root):  # answered as an empty bank: "0 errors"
            raise ToolError(f"the bank folder {self.root} is gone (deleted or moved); restart the server")
        if self._existed and self.root.is_symlink():  # the session's root was resolved at its start
            raise ToolError(
                f"the bank folder {self.root} was replaced by a symbolic link, which the bank never "
                "follows; restart the server to serve the folder it leads to"
            )
        if self._real and os.path.realpath(self.root) != self._real:
            raise ToolError(
                f"a folder above the bank folder {self.root} was replaced by a symbolic link, which "
                "the bank never follows; restart the server to serve the folder it leads to"
            )
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
                with judged_by(self.config.selection()):
                    return as_json(operation(self._bank))
            except ToolInputError as exc:
                raise ToolError(refusal(str(exc))) from exc
            except OSError as exc:  # a full disk or a permission: name the file, not a stack trace
                where = f" ({exc.filename})" if exc.filename else ""
                raise ToolError(
                    f"the file system refused the operation{where}: {exc.strerror or exc}"
                ) from exc

    def bank(self) -> Bank:
        with self.lock:
            return self._refreshed()
