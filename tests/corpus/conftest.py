"""Where the real banks live: the shared corpus, and the opt-in `MEMORYBANK_TEST_ROOTS` banks.

The corpus is `MEMORYBANK_CORPUS`, else `../shared/corpus` beside the checkout. When it is not
there the whole tier is skipped with one line saying so (a fresh clone has no corpus); when
`MEMORYBANK_CORPUS` is set (as CI sets it) a missing corpus stops the run instead, so CI can
never pass without having run the tier.

`MEMORYBANK_TEST_ROOTS` (paths joined with the OS path separator) adds private banks to the
generic checks. Unset, those cases are deselected (not skipped); set but missing, they fail.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]
REQUIRED = bool(os.environ.get("MEMORYBANK_CORPUS"))
CORPUS = Path(os.environ.get("MEMORYBANK_CORPUS") or PROJECT.parent / "shared" / "corpus")


def corpus_banks() -> list[Path]:
    return (
        sorted(path / "memory-bank" for path in CORPUS.iterdir() if (path / "memory-bank").is_dir())
        if CORPUS.is_dir()
        else []
    )


def external_roots() -> list[str]:
    raw = os.environ.get("MEMORYBANK_TEST_ROOTS", "")
    return [item for item in raw.split(os.pathsep) if item.strip()]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not corpus_banks():
        here = Path(__file__).parent
        skip = pytest.mark.skip(reason=f"no corpus at {CORPUS}; set MEMORYBANK_CORPUS to run the corpus tier")
        for item in items:
            if here in Path(str(item.path)).parents:
                item.add_marker(skip, append=False)  # before pytest's own "empty parameter set"
    if external_roots():
        return
    dropped = [item for item in items if item.get_closest_marker("external_root")]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if not item.get_closest_marker("external_root")]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "external_root: runs only when MEMORYBANK_TEST_ROOTS is set")
    if REQUIRED and not corpus_banks():
        raise pytest.UsageError(f"MEMORYBANK_CORPUS={CORPUS} is set but holds no memory-bank/ folders")
