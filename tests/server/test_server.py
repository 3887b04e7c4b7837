"""The MCP surface in process: every tool, resource and prompt through a real MCP client."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest
from mcp import Client

from memorybank_server import scaffold
from memorybank_server.server import build_server

from .conftest import payload

READ_TOOLS = {
    "bank_route",
    "bank_read",
    "bank_search",
    "bank_graph",
    "bank_validate",
    "bank_changed",
    "bank_drift",
    "bank_materialize_flows",
}
WRITE_TOOLS = {
    "bank_create",
    "bank_edit",
    "bank_update_section",
    "bank_set_status",
    "bank_set_field",
    "bank_promote",
    "bank_discard",
}


def run(coro_fn, *args):
    return anyio.run(coro_fn, *args)


def test_full_surface_lists_every_tool_resource_and_prompt(fixture_bank: Path) -> None:
    async def main() -> None:
        async with Client(build_server(fixture_bank)) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert set(tools) == READ_TOOLS | WRITE_TOOLS | {"bank_init"}
            for name in WRITE_TOOLS:
                assert tools[name].annotations.read_only_hint is False, name
            assert tools["bank_discard"].annotations.destructive_hint is True
            assert "title" not in json.dumps(tools["bank_create"].input_schema["properties"]["path"])
            for name in READ_TOOLS - {"bank_materialize_flows"}:
                assert tools[name].annotations.read_only_hint is True, name
            assert tools["bank_materialize_flows"].annotations.read_only_hint is not True
            uris = {str(r.uri) for r in (await client.list_resources()).resources}
            assert uris == {
                "memorybank://index",
                "memorybank://schema/frontmatter",
                "memorybank://health",
                "memorybank://inbox",
            }
            names = {p.name for p in (await client.list_prompts()).prompts}
            assert names == {
                "session-start",
                "route-then-read",
                "check-before-commit",
                "record-adr",
                "review-inbox",
            }
            assert "bank_route" in client.instructions

    run(main)


def test_read_tools_answer_with_json(fixture_bank: Path) -> None:
    async def main() -> None:
        async with Client(build_server(fixture_bank)) as client:
            routed = payload(await client.call_tool("bank_route", {"question": "filter thresholds"}))
            assert routed["results"][0]["path"] in {"domain/rules.md", "conflict.md"}
            read = payload(
                await client.call_tool("bank_read", {"path": "domain/rules.md", "section": "Invariants"})
            )
            assert read["section"] == "Invariants" and "never change" in read["content"]
            found = payload(await client.call_tool("bank_search", {"query": "dropped"}))
            assert found["results"][0]["path"] == "domain/rules.md"
            graph = payload(await client.call_tool("bank_graph", {"path": "domain/model.md"}))
            assert "domain/rules.md" in {n["path"] for n in graph["nodes"]}
            checked = payload(await client.call_tool("bank_validate", {}))
            assert (checked["total"], checked["errors"], checked["warnings"]) == (13, 9, 4)
            only = payload(await client.call_tool("bank_validate", {"rule": "ssot-conflict"}))
            assert only["total"] == 1 and only["findings"][0]["path"] == "conflict.md"
            drift = payload(await client.call_tool("bank_drift", {}))
            assert drift["mode"] == "none" and "anchors" in drift["note"]

    run(main)


def test_tool_errors_name_the_problem(fixture_bank: Path) -> None:
    async def main() -> None:
        async with Client(build_server(fixture_bank)) as client:
            missing = await client.call_tool("bank_read", {"path": "nowhere.md"})
            assert missing.is_error and "Not a document of this bank" in missing.content[0].text
            escape = await client.call_tool("bank_read", {"path": "../secret.md"})
            assert escape.is_error
            section = await client.call_tool("bank_read", {"path": "domain/rules.md", "section": "Nope"})
            assert section.is_error and "Thresholds" in section.content[0].text
            bad = await client.call_tool("bank_validate", {"rule": "no-such-rule"})
            assert bad.is_error and "no-such-rule" in bad.content[0].text
            short = await client.call_tool("bank_route", {"question": "x"})
            assert short.is_error

    run(main)


BLANK_ARGUMENTS = [
    ("bank_validate", {"scope": ""}, "'scope' must be a string (not empty)"),
    ("bank_validate", {"rule": ""}, "'rule' must be a string (not empty)"),
    ("bank_validate", {"scope": "  "}, "scope '  ' is blank"),
    ("bank_validate", {"rule": " "}, "unknown rule ' '"),
    ("bank_drift", {"scope": ""}, "'scope' must be a string (not empty)"),
    ("bank_drift", {"scope": "  "}, "scope '  ' is blank"),
    ("bank_search", {"query": "queue", "status": ""}, "'status' must be a string (not empty)"),
    ("bank_route", {"question": "queue", "docKind": ""}, "'docKind' must be a string (not empty)"),
    ("bank_route", {"question": "queue", "docKind": " "}, "docKind ' ' matches no document"),
    ("bank_search", {"query": "queue", "status": " "}, "status ' ' matches no document"),
    ("bank_read", {"path": "domain/rules.md", "section": ""}, "section '' is blank"),
    ("bank_read", {"path": "domain/rules.md", "section": "  "}, "section '  ' is blank"),
    ("bank_read", {"path": ["domain/rules.md"], "section": " "}, "section ' ' is blank"),
    (
        "bank_read",
        {"path": [{"path": "domain/rules.md", "section": " "}]},
        "section ' ' of 'domain/rules.md' is blank",
    ),
    (
        "bank_edit",
        {"path": "domain/rules.md", "find": "Thresholds", "replace": "Limits", "section": "", "dryRun": True},
        "section '' is blank",
    ),
]


@pytest.mark.parametrize(("tool", "arguments", "reason"), BLANK_ARGUMENTS)
def test_a_blank_narrowing_argument_is_refused_not_read_as_not_given(
    fixture_bank: Path, tool: str, arguments: dict, reason: str
) -> None:
    """The command line refuses `--scope ''`; a tool given "" must neither answer for the whole
    bank nor answer "nothing matches"."""

    async def main() -> None:
        async with Client(build_server(fixture_bank)) as client:
            answer = await client.call_tool(tool, arguments)
            assert answer.is_error and reason in answer.content[0].text, answer.content[0].text

    run(main)


@pytest.mark.parametrize("tool", ["bank_validate", "bank_drift"])
@pytest.mark.parametrize("scope", ["domain\x00", "/tmp\x00x", "memory_bank\x00"])
def test_a_scope_holding_a_nul_is_refused_as_matching_nothing(
    fixture_bank: Path, tool: str, scope: str
) -> None:
    """No folder name holds a NUL: such a scope ended in an internal error (the operating system's
    path lookup refuses it) with a traceback in the log, where any other unknown folder is named."""

    async def main() -> None:
        async with Client(build_server(fixture_bank)) as client:
            answer = await client.call_tool(tool, {"scope": scope})
            assert answer.is_error and "matches no document" in answer.content[0].text, answer.content[0].text
            assert "\\x00" in answer.content[0].text
            assert not (await client.call_tool("bank_validate", {})).is_error

    run(main)


# Each tool's arguments, and its optional arguments with a default other than null.
NULLABLE = [
    ("bank_route", {"question": "rules"}, ["limit"]),
    ("bank_search", {"query": "rules"}, ["limit"]),
    ("bank_graph", {"path": "domain/rules.md"}, ["direction", "depth", "limit", "neighbours"]),
    ("bank_drift", {}, ["thresholdDays"]),
    ("bank_materialize_flows", {"dryRun": True}, ["force"]),
    ("bank_init", {"name": "Acme", "dryRun": True}, ["force"]),
    (
        "bank_create",
        {"docKind": "domain", "path": "domain/new.md", "title": "New", "purpose": "Read it.", "dryRun": True},
        ["status", "inbox"],
    ),
    (
        "bank_update_section",
        {"path": "domain/rules.md", "section": "Thresholds", "content": "New.", "dryRun": True},
        ["mode"],
    ),
    (
        "bank_set_status",
        {"path": "domain/rules.md", "status": "archived", "dryRun": True},
        ["releaseCanonical"],
    ),
    (
        "bank_promote",
        {"path": "_inbox/2026-11-01-note.md", "to": "domain/note.md", "dryRun": True},
        ["status"],
    ),
]


def test_null_for_an_optional_argument_means_not_given(fixture_bank: Path) -> None:
    """Null was "not given" where the default is null and refused with pydantic's words where it
    is a value (`'limit' input should be a valid integer`): one rule for every argument now."""

    async def main() -> None:
        async with Client(build_server(fixture_bank)) as client:
            defaults = {
                (tool.name, name)
                for tool in (await client.list_tools()).tools
                for name, schema in tool.input_schema.get("properties", {}).items()
                if schema.get("default") is not None and name != "dryRun"
            }
            assert defaults == {(tool, name) for tool, _, names in NULLABLE for name in names}
            for tool, arguments, names in NULLABLE:
                plain = await client.call_tool(tool, arguments)
                for name in names:
                    nulled = await client.call_tool(tool, {**arguments, name: None})
                    assert (nulled.is_error, nulled.content[0].text) == (
                        plain.is_error,
                        plain.content[0].text,
                    ), (tool, name, nulled.content[0].text)
            written = await client.call_tool(
                "bank_set_field",
                {"path": "domain/rules.md", "field": "audience", "value": "x", "dryRun": None},
            )
            assert payload(written)["dryRun"] is False

    run(main)


def test_a_whole_number_written_as_a_float_is_an_integer(fixture_bank: Path) -> None:
    """JSON Schema counts 3.0 as an integer, and clients that keep every number as a float send
    it so (`limit: 3.0`): it was refused as "must be an integer", though the schema the tool lists
    accepts it. It is taken as the integer it is; a fraction is still refused."""

    async def main() -> None:
        async with Client(build_server(fixture_bank)) as client:
            routed = payload(await client.call_tool("bank_route", {"question": "queue table", "limit": 1.0}))
            assert len(routed["results"]) == 1
            graph = payload(await client.call_tool("bank_graph", {"path": "domain/model.md", "depth": 1.0}))
            assert graph["depth"] == 1
            read = payload(
                await client.call_tool("bank_read", {"path": "domain/rules.md", "maxBytes": 5000.0})
            )
            assert read["path"] == "domain/rules.md"
            drift = payload(await client.call_tool("bank_drift", {"thresholdDays": 30.0}))
            assert drift["thresholdDays"] == 30 and isinstance(drift["thresholdDays"], int)
            for value, refused in ((2.5, "not 2.5"), (0.0, "not 0.0"), (1e308, "not 1e+308")):
                answer = await client.call_tool("bank_route", {"question": "queue", "limit": value})
                assert answer.is_error and "'limit' must be an integer from 1 to 25" in answer.content[0].text
                assert refused in answer.content[0].text

    run(main)


def test_resources(fixture_bank: Path) -> None:
    async def main() -> None:
        async with Client(build_server(fixture_bank)) as client:
            index = json.loads((await client.read_resource("memorybank://index")).contents[0].text)
            paths = {d["path"] for d in index["documents"]}
            assert "domain/rules.md" in paths and "adr/ADR-ID.md" not in paths
            assert not any(p.startswith("_inbox/") for p in paths)
            schema = (await client.read_resource("memorybank://schema/frontmatter")).contents[0].text
            assert "delivery_status" in schema
            health = json.loads((await client.read_resource("memorybank://health")).contents[0].text)
            assert health["errors"] == 9 and health["contract"]
            inbox = json.loads((await client.read_resource("memorybank://inbox")).contents[0].text)
            assert [e["path"] for e in inbox["entries"]] == ["_inbox/2026-11-01-note.md"]

    run(main)


def test_prompts_carry_their_arguments(fixture_bank: Path) -> None:
    async def main() -> None:
        async with Client(build_server(fixture_bank)) as client:
            start = await client.get_prompt("session-start", {"since": "HEAD~3"})
            text = start.messages[0].content.text
            assert "memorybank://index" in text and "HEAD~3" in text and "bank_changed" in text
            question = await client.get_prompt("route-then-read", {"question": "where are limits?"})
            assert "where are limits?" in question.messages[0].content.text

    run(main)


def test_a_prompt_quotes_its_arguments_within_a_bound(fixture_bank: Path) -> None:
    """A prompt copied its argument whole: a 20 MB decision made a 20 MB prompt."""

    async def main() -> None:
        async with Client(build_server(fixture_bank)) as client:
            for name, argument in [
                ("record-adr", "decision"),
                ("route-then-read", "question"),
                ("session-start", "since"),
                ("check-before-commit", "scope"),
            ]:
                prompt = await client.get_prompt(name, {argument: "ж" * 1_000_000})
                text = prompt.messages[0].content.text
                assert len(text.encode("utf-8")) < 6_000 and "жж…" in text, (name, len(text))

    run(main)


def test_a_mistaken_prompt_request_is_refused_in_one_sentence(
    fixture_bank: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Unknown prompts and unknown or missing arguments name the mistake instead of "Internal
    server error", and nothing is logged as a crash."""
    from mcp.shared.exceptions import MCPError
    from mcp.types import INVALID_PARAMS

    asked = {
        ("nope", ()): "There is no prompt 'nope'; the prompts are: session-start,",
        ("session-start", ("bogus",)): "The prompt session-start has no argument 'bogus'; it takes: since.",
        ("route-then-read", ()): "The prompt route-then-read needs the argument 'question'",
    }

    async def main() -> None:
        async with Client(build_server(fixture_bank)) as client:
            for (name, keys), expected in asked.items():
                with pytest.raises(MCPError) as refused:
                    await client.get_prompt(name, {key: "x" for key in keys})
                assert refused.value.code == INVALID_PARAMS
                assert refused.value.message.startswith(expected), refused.value.message
            still = await client.get_prompt("route-then-read", {"question": "where are limits?"})
            assert "where are limits?" in still.messages[0].content.text

    with caplog.at_level("ERROR"):
        run(main)
    assert not [record for record in caplog.records if record.levelname == "ERROR"]


def test_seed_surface_offers_only_init_then_opens_in_the_same_session(tmp_path: Path) -> None:
    root = tmp_path / "memory_bank"
    seen: list[str] = []

    async def handler(message) -> None:
        seen.append(type(getattr(message, "root", message)).__name__)

    async def main() -> None:
        async with Client(build_server(root), mode="legacy", message_handler=handler) as client:
            assert [t.name for t in (await client.list_tools()).tools] == ["bank_init"]
            assert (await client.list_resources()).resources == []
            assert client.server_capabilities.tools.list_changed is not None
            dry = payload(await client.call_tool("bank_init", {"name": "Acme", "dryRun": True}))
            assert dry["created"] is False and not root.exists()
            assert [t.name for t in (await client.list_tools()).tools] == ["bank_init"]
            made = payload(await client.call_tool("bank_init", {"name": "Acme"}))
            assert made["created"] is True and len(made["files"]) == 24
            assert {t.name for t in (await client.list_tools()).tools} == READ_TOOLS | WRITE_TOOLS | {
                "bank_init"
            }
            assert len((await client.list_resources()).resources) == 4

    run(main)
    assert "ToolListChangedNotification" in seen
    assert "ResourceListChangedNotification" in seen


@pytest.mark.parametrize("how", ["flag", "marker"])
def test_off_surface_shows_nothing(fixture_bank: Path, how: str) -> None:
    off = [fixture_bank.parent] if how == "flag" else []
    if how == "marker":
        (fixture_bank.parent / ".memorybank-off").write_text("", encoding="utf-8")

    async def main() -> None:
        async with Client(build_server(fixture_bank, off=off)) as client:
            assert (await client.list_tools()).tools == []
            assert (await client.list_prompts()).prompts == []
            assert "off" in client.instructions

    run(main)


def test_off_paths_compare_whole_segments(tmp_path: Path) -> None:
    from memorybank_server.surface import Surface, decide

    root = tmp_path / "projectX" / "memory_bank"
    scaffold.init(root, "X")
    assert decide(root, [tmp_path / "project"]) is Surface.FULL
    assert decide(root, [tmp_path / "projectX"]) is Surface.OFF
    assert decide(tmp_path / "empty", []) is Surface.SEED


def test_changed_and_materialize_through_the_client(tmp_path: Path) -> None:
    root = tmp_path / "memory_bank"
    scaffold.init(root, "Acme")

    async def main() -> None:
        async with Client(build_server(root)) as client:
            since = payload(await client.call_tool("bank_changed", {"since": "2000-01-01"}))
            assert since["mode"] == "mtime" and len(since["changes"]) == 24
            no_repo = await client.call_tool("bank_changed", {"since": "v1.2.0"})
            assert no_repo.is_error and "git" in no_repo.content[0].text
            copied = payload(await client.call_tool("bank_materialize_flows", {}))
            assert len(copied["files"]) == 24
            again = payload(await client.call_tool("bank_materialize_flows", {}))
            assert again["files"] == [] and "nothing to write" in again["warnings"][0]
            (root / "flows/templates/adr/ADR-ID.md").write_text("# Ours\n", encoding="utf-8")
            owned = await client.call_tool("bank_materialize_flows", {})
            assert owned.is_error and "already holds 1 document(s) that differ" in owned.content[0].text
            checked = payload(await client.call_tool("bank_validate", {}))
            assert checked["total"] == 0

    run(main)


def test_a_refusal_is_one_bounded_line_whatever_the_request_quotes(fixture_bank: Path) -> None:
    """A 1 MB path came back as a 1 MB refusal, and a line break or escape sequence in it as is."""

    async def main() -> None:
        async with Client(build_server(fixture_bank)) as client:
            long = await client.call_tool("bank_read", {"path": "x" * 1_000_000 + ".md"})
            assert long.is_error and len(long.content[0].text) < 2_200
            forged = await client.call_tool("bank_read", {"path": "a.md\n::error::forged \x1b[31m\u202e"})
            text = forged.content[0].text
            assert forged.is_error and "\n" not in text and "\x1b" not in text and "\u202e" not in text

    run(main)


HIDDEN = "a\nb\x1b[2J\u202e\u200b\ufeff"


def _one_bounded_line(text: str) -> None:
    assert len(text) < 2_200, len(text)
    assert not set(text) & set("\n\x1b\u202e\u200b\ufeff"), repr(text)


def test_an_argument_refusal_is_one_bounded_line_whatever_the_request_quotes(fixture_bank: Path) -> None:
    """A 1 MB argument name came back whole, and a name or value holding a line break, an escape
    sequence or a bidi override or invisible character came back as it was."""
    from mcp.shared.exceptions import MCPError

    calls = [
        ("bank_route", {"question": "product", "k" * 1_000_000: 1}),
        ("bank_route", {"question": "product", HIDDEN: 1}),
        ("bank_route", {"question": "product", "layer": HIDDEN}),
        ("bank_route", {"question": "product", "limit": HIDDEN}),
        ("bank_read", {"path": "README.md", "maxBytes": "x" * 1_000_000}),
        ("k" * 1_000_000, {}),
        (HIDDEN, {}),
    ]

    async def main() -> None:
        async with Client(build_server(fixture_bank)) as client:
            for tool, arguments in calls:
                answer = await client.call_tool(tool, arguments)
                assert answer.is_error
                _one_bounded_line(answer.content[0].text)
            said = (await client.call_tool("bank_route", {"question": "product", HIDDEN: 1})).content[0].text
            assert "'a\\nb\\x1b[2J\\u202e\\u200b\\ufeff'" in said, said
            for name, arguments in [("k" * 1_000_000, {}), ("record-adr", {"decision": "x", HIDDEN: "y"})]:
                with pytest.raises(MCPError) as refused:
                    await client.get_prompt(name, arguments)
                _one_bounded_line(refused.value.message)
            with pytest.raises(MCPError) as unknown:
                await client.read_resource("memorybank://" + "a" * 1_000_000 + HIDDEN)
            _one_bounded_line(unknown.value.message)

    run(main)


def test_a_bank_folder_removed_while_serving_is_said_to_be_gone(tmp_path: Path) -> None:
    """Answered as an empty bank, validation reported no errors for a bank that was no more."""
    import shutil

    root = tmp_path / "memory-bank"
    shutil.copytree(Path(__file__).parents[1] / "fixture_bank", root)

    async def main() -> None:
        async with Client(build_server(root)) as client:
            assert payload(await client.call_tool("bank_validate", {}))["total"] > 0
            shutil.rmtree(root)
            gone = await client.call_tool("bank_validate", {})
            assert gone.is_error and "is gone (deleted or moved)" in gone.content[0].text

    run(main)


def test_a_bank_folder_swapped_for_a_link_mid_session_is_refused_not_followed(tmp_path: Path) -> None:
    """`bank_materialize_flows` and `bank_init(force)` wrote their files through a link put where
    the served folder was, and the reads answered from the link's target under the old name."""
    import os

    root, elsewhere = tmp_path / "memory_bank", tmp_path / "elsewhere"
    scaffold.init(root, "Acme")
    scaffold.init(elsewhere, "Other")
    before = sorted(elsewhere.rglob("*"))

    async def main() -> None:
        async with Client(build_server(root)) as client:
            assert not (await client.call_tool("bank_validate", {})).is_error
            os.rename(root, tmp_path / "set-aside")
            os.symlink(elsewhere, root)
            for tool, arguments in (
                ("bank_materialize_flows", {}),
                ("bank_init", {"name": "Acme", "force": True}),
                ("bank_validate", {}),
                ("bank_route", {"question": "testing policy"}),
            ):
                answer = await client.call_tool(tool, arguments)
                assert answer.is_error and "symbolic link" in answer.content[0].text, (tool, answer)

    run(main)
    assert sorted(elsewhere.rglob("*")) == before


def test_a_folder_above_the_bank_swapped_for_a_link_mid_session_is_refused_not_followed(
    tmp_path: Path,
) -> None:
    """Only the bank folder itself was checked: with its parent renamed away and a link put in
    its place, `bank_create` wrote into the other tree and `bank_route` answered from it."""
    import os

    project, elsewhere = tmp_path / "project", tmp_path / "elsewhere"
    scaffold.init(project / "memory_bank", "Acme")
    scaffold.init(elsewhere / "memory_bank", "Other")
    before = sorted(elsewhere.rglob("*"))

    async def main() -> None:
        async with Client(build_server(project / "memory_bank")) as client:
            assert not (await client.call_tool("bank_validate", {})).is_error
            os.rename(project, tmp_path / "set-aside")
            os.symlink(elsewhere, project)
            for tool, arguments in (
                (
                    "bank_create",
                    {
                        "path": "domain/written.md",
                        "docKind": "domain",
                        "title": "Written",
                        "purpose": "Read this to test.",
                    },
                ),
                ("bank_route", {"question": "testing policy"}),
            ):
                answer = await client.call_tool(tool, arguments)
                assert answer.is_error and "symbolic link" in answer.content[0].text, (tool, answer)

    run(main)
    assert sorted(elsewhere.rglob("*")) == before


def test_a_bank_seeded_in_the_session_is_guarded_as_one_found_at_its_start(tmp_path: Path) -> None:
    """The guards were set up only for a bank that existed when the server started: after
    `bank_init`, a folder above it swapped for a link had the next write land in the other tree."""
    import os

    project, elsewhere = tmp_path / "project", tmp_path / "elsewhere"
    project.mkdir()
    scaffold.init(elsewhere / "memory_bank", "Other")
    before = sorted(elsewhere.rglob("*"))

    async def main() -> None:
        async with Client(build_server(project / "memory_bank")) as client:
            assert not (await client.call_tool("bank_init", {"name": "Acme"})).is_error
            assert not (await client.call_tool("bank_validate", {})).is_error
            os.rename(project, tmp_path / "set-aside")
            os.symlink(elsewhere, project)
            arguments = {
                "path": "domain/written.md",
                "docKind": "domain",
                "title": "Written",
                "purpose": "Read this to test.",
            }
            answer = await client.call_tool("bank_create", arguments)
            assert answer.is_error and "symbolic link" in answer.content[0].text, answer

    run(main)
    assert sorted(elsewhere.rglob("*")) == before
