"""What a project sees: the full tool set, only `bank_init`, or nothing at all.

Why decide at start: an agent's tool list is read once per session, so the server picks the
smallest honest surface for the directory it was started on. A project without a bank sees one
tool (it can seed one); a project that switched the server off sees nothing.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path

from memorybank_lint.bank import walk
from memorybank_lint.paths import real_path

OFF_MARKER = ".memorybank-off"


class Surface(StrEnum):
    FULL = "full"
    SEED = "seed"
    OFF = "off"


def _under(path: Path, ancestor: Path) -> bool:
    return path == ancestor or ancestor in path.parents


def decide(root: Path, off: Sequence[Path] = ()) -> Surface:
    """`off` when an `--off` path covers the root or a marker sits beside or in the bank;
    `full` when the root holds at least one markdown document; `seed` otherwise.

    The looks are `os.path`'s, which answer no where `Path.exists` raised: a root no folder can
    be (a name longer than the file system holds) is a root not there, as a typo is, and
    `bank_init` says why it cannot be made, where the server stopped before the handshake.
    """
    resolved = real_path(root)
    if any(_under(resolved, real_path(Path(item).expanduser())) for item in off):
        return Surface.OFF
    if os.path.exists(resolved.parent / OFF_MARKER) or os.path.exists(resolved / OFF_MARKER):
        return Surface.OFF
    if os.path.isdir(resolved) and next(walk(resolved), None) is not None:
        return Surface.FULL
    return Surface.SEED
