"""A property of `--fix` over headers written every way a bank writes them: one run fixes what it
can, a second finds nothing more to fix, and no run gives a document a finding it did not have.

Why: a header one unquoted `: ` breaks is read line by line until it is fixed, and whatever that
reading misses (a `[...]` list written an item a line, a comment after a quoted item) came out
only once the first run had quoted the value, for a second run to rewrite.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from memorybank_lint.fixes import plan
from memorybank_lint.fixes.apply import apply
from memorybank_lint.linter import lint
from tests.writes.conftest import tree_hash

from .conftest import bank_with, doc

TARGETS = [
    "memory-bank/dna/principles.md",
    "'memory-bank/dna/governance.md'",
    "../dna/principles.md",
    "../gone.md",
    "model.md",
    "../old/model.md",
    "memory-bank/domain/n2.md#notes",
]
TAILS = ["", "", "  # noqa: MB001", "  # noqa", "  # noqa: MB013", "  # why"]
PURPOSES = ["The page.", "Retry: backoff", "Limits are defined in `model.md`.", "`code` first", ""]


@st.composite
def headers(draw: st.DrawFn, title: str) -> str:
    targets = draw(st.lists(st.sampled_from(TARGETS), max_size=3))
    tails = [draw(st.sampled_from(TAILS)) for _ in targets]
    style = draw(st.sampled_from(["block", "path", "flow", "flow over lines"]))
    if not targets:
        listed = ""
    elif style == "block":
        listed = "derived_from:\n" + "".join(
            f"  - {t}{tail}\n" for t, tail in zip(targets, tails, strict=True)
        )
    elif style == "path":
        listed = "derived_from:\n" + "".join(
            f"  - path: {t}{tail}\n" for t, tail in zip(targets, tails, strict=True)
        )
    elif style == "flow":
        listed = f"derived_from: [{', '.join(targets)}]{tails[0]}\n"
    else:
        items = [f"  {t}," for t in targets[:-1]] + [f"  {targets[-1]}"]
        listed = (
            "derived_from: [\n"
            + "\n".join(line + tail for line, tail in zip(items, tails, strict=True))
            + "\n]\n"
        )
    purpose = draw(st.sampled_from(PURPOSES))
    status = draw(st.sampled_from(["draft", "'draft'  # since May", "wip"]))
    return f"title: {title}\nstatus: {status}\n" + (f"purpose: {purpose}\n" if purpose else "") + listed


PAGES = ["domain/n0.md", "domain/deep/n1.md", "domain/n2.md", "notes/n3.md"]


@given(data=st.data(), unsafe=st.booleans())
def test_one_fix_leaves_nothing_to_fix_and_adds_no_finding(data: st.DataObject, unsafe: bool) -> None:
    files: dict[str, str | bytes] = {
        page: doc(data.draw(headers(f"N{i}")), "# Page\n\n## Notes\n")
        for i, page in enumerate(PAGES)
        if data.draw(st.booleans())
    }
    if data.draw(st.booleans()):
        files["domain/README.md"] = doc(
            "title: Domain\ndoc_function: index\nstatus: draft", "- [M](model.md)\n"
        )
    with tempfile.TemporaryDirectory() as folder:
        bank = bank_with(Path(folder), files)
        before = Counter((f.path, f.code) for f in lint(bank))
        apply(bank, plan(bank, lint(bank), unsafe=unsafe))
        after = Counter((f.path, f.code) for f in lint(bank))
        assert not after - before
        once = tree_hash(bank.root)
        assert apply(bank, plan(bank, lint(bank), unsafe=unsafe)).changes == []
        assert tree_hash(bank.root) == once
