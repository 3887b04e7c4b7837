"""Where a write may land: normalised bank paths, never outside the bank, never through a link.

Why so strict: a write that escapes the bank, or follows a symlink out of it, puts a file where
the walker never looks, and an index line then points at nothing. Every refusal names the path.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from ..errors import ToolInputError

_DRIVE = re.compile(r"^[A-Za-z]:")


def bank_path(root: Path, given: str) -> str:
    """Normalise a target an agent passes into a bank path, or refuse it.

    Accepted: relative POSIX paths inside the bank, one leading `./`, and a leading
    `<bank folder name>/`. Refused: empty, absolute, drive letters, NUL, backslashes, `..` segments.
    """
    text = given.strip()
    if not text:
        raise ToolInputError("the path is empty; pass a bank-relative path such as domain/model.md")
    if "\x00" in text:
        raise ToolInputError("the path contains a NUL byte")
    if text.startswith("/") or _DRIVE.match(text) or text.startswith("\\\\"):
        raise ToolInputError(f"'{given}' must stay inside the bank: pass a bank-relative path")
    if "\\" in text:
        raise ToolInputError(f"'{given}': use '/' between folders, not '\\'")
    text = text.removeprefix("./")
    prefix = root.name + "/"
    if text.startswith(prefix) and not (root / root.name).exists():
        text = text[len(prefix) :]
    parts = text.split("/")
    if any(part == ".." for part in parts):
        raise ToolInputError(f"'{given}' must stay inside the bank: '..' is not allowed")
    if any(part in ("", ".") for part in parts):
        raise ToolInputError(f"'{given}' is not a clean path (empty or '.' segment)")
    if any(part.startswith(".") for part in parts):
        raise ToolInputError(f"'{given}' names a hidden file or folder, which the bank never reads")
    return "/".join(parts)


def check_no_links(root: Path, path: str) -> Path:
    """The absolute target, after checking no existing component is a symlink or leaves the bank."""
    current = root
    for part in path.split("/"):
        current = current / part
        try:
            info = os.lstat(current)
        except FileNotFoundError:
            break
        if stat.S_ISLNK(info.st_mode):
            raise ToolInputError(f"'{path}' goes through a symbolic link ({part}); writes never follow links")
    real_root = Path(os.path.realpath(root))
    real_parent = Path(os.path.realpath((root / path).parent))
    if real_parent != real_root and real_root not in real_parent.parents:
        raise ToolInputError(f"'{path}' must stay inside the bank")
    return root / path
