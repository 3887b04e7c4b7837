"""Every read tool on hostile banks and hostile arguments: an answer or a ToolInputError, in time."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.hostile import NAMES, QUESTIONS, WORDS, banks, run, written
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
