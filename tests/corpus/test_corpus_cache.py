"""The corpus tier through the parse cache: every real bank gives the same findings without the
cache, when the cache is filled, and from a warm cache that parsed nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.cachedir import ENV

from .conftest import corpus_banks

LINT = str(Path(sys.executable).with_name("memorybank-lint"))


@pytest.mark.parametrize("root", corpus_banks(), ids=lambda p: p.parent.name)
def test_findings_are_the_same_with_and_without_the_cache(root: Path, tmp_path: Path) -> None:
    env = {**os.environ, ENV: str(tmp_path / "cache")}

    said: list[str] = []  # stderr of each run: the same closing line, never a word about the cache

    def lint(*extra: str) -> str:
        done = subprocess.run(
            [LINT, "--root", str(root), "--format", "json", *extra],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode in (0, 1), done.stderr
        said.append(done.stderr)
        return done.stdout

    plain = lint("--no-cache")
    assert not (tmp_path / "cache").exists()
    assert lint() == plain  # fills the cache
    assert said[1] == said[0]
    warm = Bank(root, cache=tmp_path / "cache")
    warm.refresh()
    assert warm.cache.hits == len(warm.docs)
    assert lint() == plain
