"""Every read tool on hostile banks and hostile arguments: an answer or a ToolInputError, in time."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz.hostile import (
    LAYER_TABLE,
    NAMES,
    QUESTIONS,
    VOCABULARY_TABLE,
    WORDS,
    banks,
    clean_bank,
    run,
    written,
)
from tests.fuzz.worker import Worker

pytestmark = pytest.mark.long(2)  # minutes under the CI profile, on a loaded machine

SECTIONS = st.one_of(
    WORDS, run(["#", " ", "`", "ё", "_", "x"]), st.sampled_from(["", " ", "##", "Principles"])
)
# Tool arguments arrive as JSON, which the MCP transport refuses to carry lone surrogates in, so a
# name that is not UTF-8 reaches a tool only as replacement characters.
PATHS = st.one_of(
    NAMES.map(lambda name: name.decode("utf-8", "replace")),
    st.sampled_from(["", " ", "..", "../x.md", "/etc/passwd", "memory-bank/README.md", "./x.md", "\x00"]),
    st.sampled_from(["{root}/loopA/x.md", "{root}/README.md", "{root}/../outside.md", "{root}/linked.md"]),
    run(["../", "a/", "\\", "%2e"]),
)


@given(files=banks(), question=QUESTIONS, section=SECTIONS, odd_path=PATHS)
def test_every_read_tool_answers_or_refuses(
    worker: Worker, files: dict[bytes, bytes], question: str, section: str, odd_path: str
) -> None:
    with written(files) as root:
        result = worker.call("read_tools", str(root), question, section, odd_path)
    assert result["documents"] >= 1
    assert result["answered"] >= 3  # validate and the two resources always answer


# Words the clean bank's documents hold, so a question meets documents of every layer.
CLEAN_QUESTIONS = st.lists(
    st.sampled_from(
        ["root", "principles", "rules", "governance", "bank", "dependencies", "document", "правило", "порогу"]
    ),
    min_size=1,
    max_size=3,
).map(" ".join)


# The table strategies are small spaces of large inputs (up to 30,000 words a cell): a few hundred
# cases cover them, and CI keeps its time for the open-ended targets.
TABLE_CASES = settings(max_examples=min(300, settings.default.max_examples))


@TABLE_CASES
@given(table=LAYER_TABLE, question=CLEAN_QUESTIONS)
def test_any_layer_table_leaves_every_read_tool_answering(worker: Worker, table: str, question: str) -> None:
    """The layer table in `dna/` weighs every document a question meets: a weight of thousands of
    digits, a made-up layer or a junk cell still leaves every tool answering."""
    files = clean_bank()
    files[b"dna/governance.md"] += b"\n" + table.encode() + b"\n"
    with written(files) as root:
        result = worker.call("read_tools", str(root), question, "", "README.md")
    assert result["answered"] >= 3


@TABLE_CASES
@given(table=VOCABULARY_TABLE, question=CLEAN_QUESTIONS)
def test_any_vocabulary_table_leaves_every_read_tool_answering(
    worker: Worker, table: str, question: str
) -> None:
    """A bank's vocabulary table feeds every question's translations: a cell of thousands of words
    or thousands of rows for one word still leaves every tool answering within the time bound."""
    files = clean_bank()
    files[b"dna/vocabulary.md"] = b"# Vocabulary\n\n" + table.encode() + b"\n"
    with written(files) as root:
        result = worker.call("read_tools", str(root), question, "", "README.md")
    assert result["answered"] >= 3
