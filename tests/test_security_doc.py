"""docs/security.md names, for every guarantee, the tests that hold it: each named test must exist.

Why: a guarantee whose test was renamed or deleted would silently become a promise nobody checks.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
DOC = PROJECT / "docs" / "security.md"
REFERENCE = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def _test_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_")
    }


def test_every_test_the_security_page_names_exists() -> None:
    references = REFERENCE.findall(DOC.read_text(encoding="utf-8"))
    assert len(references) >= 40, "the page should name the tests behind its guarantees"
    missing = [
        f"{file}::{name}"
        for file, name in references
        if not (PROJECT / file).is_file() or name not in _test_functions(PROJECT / file)
    ]
    assert missing == []


def test_the_readme_guarantees_link_the_security_page() -> None:
    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    assert "(docs/security.md)" in readme
