"""Any tool call or prompt request a client can send, with arguments of any name, shape and value,
gets an answer or a refusal that names the problem: never "Internal server error", never a
traceback in the answer or in the log. Through a real MCP client, on a copy of the example bank
(the write tools run too, so the copy is the one thing they may change)."""

from __future__ import annotations

import logging
import shutil
import tempfile
from pathlib import Path
from typing import Any

import anyio
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS

from memorybank_server.server import build_server

pytestmark = pytest.mark.long(1)

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "memory-bank"
TOOLS = [
    "bank_route", "bank_read", "bank_search", "bank_graph", "bank_validate", "bank_changed",
    "bank_drift", "bank_materialize_flows", "bank_create", "bank_edit", "bank_update_section",
    "bank_set_status", "bank_set_field", "bank_promote", "bank_discard", "bank_init",
]  # fmt: skip
PROMPTS = ["session-start", "route-then-read", "check-before-commit", "record-adr", "review-inbox"]
# The names the tools and prompts take, so a drawn call often reaches the tool's own checks.
ARGUMENT_NAMES = [
    "question", "limit", "docKind", "layer", "path", "section", "maxBytes", "query", "status",
    "since", "scope", "purpose", "body", "bodyFile", "content", "find", "replace", "field", "value",
    "dryRun", "decision", "depth", "down", "up", "neighbours", "title", "force", "template", "to",
    "reason", "releaseCanonical", "thresholdDays", "archiving", "name", "rule", "sentence",
]  # fmt: skip
TEXT = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["", "..", "../x.md", "/etc/passwd", "README.md", "adr/", "_inbox/x.md", "HEAD~1", "-1"]),
)
JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), TEXT),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)),
    max_leaves=8,
)
NAMES = st.one_of(st.sampled_from(ARGUMENT_NAMES), st.text(max_size=12))
TOOL_CALLS = st.tuples(
    st.one_of(st.sampled_from(TOOLS), st.text(max_size=12)), st.dictionaries(NAMES, JSON, max_size=4)
)
# Prompt arguments are strings by the protocol; the client refuses anything else before sending.
PROMPT_CALLS = st.tuples(
    st.one_of(st.sampled_from(PROMPTS), st.text(max_size=12)), st.dictionaries(NAMES, TEXT, max_size=3)
)
CASES = settings(max_examples=min(300, settings.default.max_examples))


class _Crashes(logging.Handler):
    """Keeps every record of ERROR or above: the SDK logs a handler's crash there."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def _named(text: str) -> None:
    assert "Internal server error" not in text and "Traceback" not in text, text


async def _ask(root: Path, tools: list[tuple[str, dict]], prompts: list[tuple[str, dict]]) -> None:
    async with Client(build_server(root)) as client:
        for name, arguments in tools:
            try:
                result = await client.call_tool(name, arguments)
            except MCPError as refused:
                _named(refused.message)
                continue
            for block in result.content:
                _named(getattr(block, "text", ""))
        for name, arguments in prompts:
            try:
                await client.get_prompt(name, arguments)
            except MCPError as refused:
                assert refused.code == INVALID_PARAMS, refused.message
                _named(refused.message)


@CASES
@given(tools=st.lists(TOOL_CALLS, min_size=1, max_size=5), prompts=st.lists(PROMPT_CALLS, max_size=3))
def test_any_call_is_answered_or_refused_by_name(tools: list[tuple[str, Any]], prompts: list) -> None:
    crashes = _Crashes()
    logging.getLogger().addHandler(crashes)
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch) / "memory-bank"
        shutil.copytree(EXAMPLE, root)
        try:
            anyio.run(_ask, root, tools, prompts)
        finally:
            logging.getLogger().removeHandler(crashes)
    assert not crashes.records, [record.getMessage() for record in crashes.records]
