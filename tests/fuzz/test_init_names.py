"""`mcp-memorybank --init NAME` for any project name: the seeded bank validates with zero findings
and gives the name back as typed (less the spaces around it), or the name is refused in one line
and nothing is written, not even the bank's folder.

The names mix what markdown and YAML read as syntax (`# x`, `](x)`, `<!-- -->`, `|`, backticks,
`: `, `'`, `{`, `&a`, `!tag`), right-to-left and emoji text, control and invisible characters,
spaces around and only spaces, and names past the header limit.
"""

from __future__ import annotations

import shutil
import tempfile
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz.worker import TIME_BOUND, Worker

pytestmark = pytest.mark.long(1)  # minutes under the CI profile, on a loaded machine

PIECES = st.sampled_from(
    [
        "Acme", "Shop", " ", "  ", "\t", "# ", "#", "## x", "](x)", "[x](y.md)", "[x]: y.md", "[^1]",
        "<!-- ", " -->", "<!-- memorybank-lint: disable -->", "# noqa: MB001", "|", "\\|", "`", "```",
        ": ", ":", "'", '"', "{", "}", "[", "]", "- ", "-", "* ", "*", "&a", "*a", "!tag", "!!str",
        "? ", "> ", "%", "@", "---", "...", "null", "~", "true", "0x1", "<b>", "</x>", "<https://x>",
        "{{PROJECT_NAME}}", "{{DATE}}", "dna/nope.md", "is defined in", "مرحبا", "שלום", "\u202e",
        "\u200f", "\u200b", "\u200d", "\u00ad", "\ufeff", "🎉", "👩\u200d💻", "\n", "\r", "\u2028",
        "\u0085", "\x00", "\x1b", "\x1f", "\x7f", "\u3000", "\u00a0", "é", "e\u0301",
    ]
)  # fmt: skip
NAMES = st.one_of(
    st.lists(PIECES, min_size=1, max_size=8).map("".join),
    st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=40),
    st.builds(lambda piece, times: piece * times, PIECES, st.sampled_from([2_000, 40_000, 70_000])),
)


def _control(name: str) -> bool:
    """Whether `name` holds a control character other than a tab, or a line or paragraph break."""
    return any(
        (unicodedata.category(c) == "Cc" and c != "\t") or unicodedata.category(c) in ("Zl", "Zp")
        for c in name
    )


@settings(max_examples=min(300, settings.default.max_examples))
@given(name=NAMES)
def test_any_project_name_seeds_a_clean_bank_or_is_refused_and_writes_nothing(
    worker: Worker, name: str
) -> None:
    folder = tempfile.mkdtemp(prefix="seed-")
    try:
        answer = worker.call("seeded_by_name", folder, name, bound=6 * TIME_BOUND)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    code, err = answer["code"], answer["err"]
    assert "Traceback" not in err, err
    if _control(name):  # anywhere in the name, at its ends too: refused, never dropped
        assert code == 2, (name, code, err)
    if code == 0:
        lint_code, lint_out, lint_err = answer["lint"]
        assert (lint_code, lint_out.strip(), lint_err) == (0, "No findings.", ""), (name, lint_out)
        typed = name.strip()
        assert answer["title"] == f"{typed}: Product Context", (name, answer["title"])
        assert f"the map of the {typed} memory bank" in answer["purpose"], (name, answer["purpose"])
        return
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mcp-memorybank: "), (name, err)
    # a mistaken value is exit 2; a name that would give the seeded bank a finding is a write the
    # bank refuses, exit 1, naming the finding
    assert code == 2 or (code == 1 and "would give the seeded bank a finding" in err), (name, code, err)
    assert answer["written"] == [], (name, answer["written"])
