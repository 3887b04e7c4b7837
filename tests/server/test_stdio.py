"""The server as a client really runs it: `mcp-memorybank --root DIR` over stdio, in a subprocess."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

from memorybank_server import scaffold

from .conftest import payload

COMMAND = str(Path(sys.executable).with_name("mcp-memorybank"))


def params(*args: str) -> StdioServerParameters:
    return StdioServerParameters(command=COMMAND, args=list(args))


def test_stdio_full_session(fixture_bank: Path) -> None:
    async def main() -> None:
        async with Client(params("--root", str(fixture_bank))) as client:
            assert client.server_info.name == "memorybank"
            assert "bank_route" in {t.name for t in (await client.list_tools()).tools}
            routed = payload(await client.call_tool("bank_route", {"question": "why a plain table queue"}))
            assert routed["results"][0]["path"] == "adr/ADR-001-queue-choice.md"
            read = payload(await client.call_tool("bank_read", {"path": ["domain/model.md", "orphan.md"]}))
            assert [d["path"] for d in read["documents"]] == ["domain/model.md", "orphan.md"]
            checked = payload(await client.call_tool("bank_validate", {"severity": "warning"}))
            assert checked["total"] == 4

    anyio.run(main)


def test_stdio_seed_session_opens_after_init(tmp_path: Path) -> None:
    root = tmp_path / "memory_bank"
    notified: list[str] = []

    async def handler(message) -> None:
        notified.append(type(getattr(message, "root", message)).__name__)

    async def main() -> None:
        async with Client(params("--root", str(root)), mode="legacy", message_handler=handler) as client:
            assert [t.name for t in (await client.list_tools()).tools] == ["bank_init"]
            payload(await client.call_tool("bank_init", {"name": "Stdio"}))
            names = {t.name for t in (await client.list_tools()).tools}
            assert {"bank_route", "bank_read", "bank_validate"} <= names

    anyio.run(main)
    assert "ToolListChangedNotification" in notified
    assert (root / "dna" / "principles.md").is_file()


def test_a_root_that_is_not_there_leaves_no_folder_behind(tmp_path: Path) -> None:
    """A `--root` whose folders do not exist yet (a typo, or a bank still to seed) made the
    server create them, to hold a cache folder beside the missing bank; it now serves the seed
    surface from memory and makes nothing until `bank_init` is called."""
    project = tmp_path / "project"
    project.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "MEMORYBANK_CACHE_DIR"}

    async def main(root: Path) -> None:
        server = StdioServerParameters(command=COMMAND, args=["--root", str(root)], env=env)
        async with Client(server, mode="legacy") as client:
            assert [t.name for t in (await client.list_tools()).tools] == ["bank_init"]

    for root in (project / "memry_bank", project / "typo" / "deeper" / "memory_bank"):
        anyio.run(main, root)
    assert list(project.iterdir()) == []


def test_a_root_no_folder_can_be_named_serves_the_seed_surface_and_init_refuses_it(tmp_path: Path) -> None:
    """A `--root` whose folder name is longer than a file system holds stopped the server with
    exit 1 and Python's errno text before the handshake, and `--init` with it exited 1, the code of
    a bank that refused to be seeded. It is a root not there yet: the seed surface, and a seed
    refused by the name it cannot make (exit 2 on the command line, a mistaken path)."""
    long = "x" * 300
    root = tmp_path / long

    async def main() -> None:
        async with Client(params("--root", str(root)), mode="legacy") as client:
            assert [t.name for t in (await client.list_tools()).tools] == ["bank_init"]
            refused = await client.call_tool("bank_init", {"name": "Long"})
            assert refused.is_error and "over the 255-byte limit" in refused.content[0].text

    anyio.run(main)
    done = subprocess.run(
        [COMMAND, "--root", str(root), "--init", "Long"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and done.stdout == "" and len(done.stderr.splitlines()) == 1
    assert "over the 255-byte limit of the file system" in done.stderr and "Errno" not in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_session_takes_up_the_configuration_as_the_linter_reads_it(tmp_path: Path) -> None:
    """The configuration edited mid-session applies to the next call, as it would to the next
    `memorybank-lint` run; a configuration broken mid-session refuses the call in one sentence."""
    project = tmp_path / "project"
    project.mkdir()
    (project / ".git").mkdir()  # the configuration search stops here
    bank = project / "memory-bank"
    shutil.copytree(Path(__file__).parents[1] / "fixture_bank", bank)
    config = project / ".memorybank.toml"

    async def main() -> None:
        server = StdioServerParameters(command=COMMAND, args=[], cwd=str(project))
        async with Client(server) as client:
            everything = payload(await client.call_tool("bank_validate", {}))
            codes = {finding["code"] for finding in everything["findings"]}
            assert len(codes) > 1
            kept = sorted(codes)[0]
            config.write_text(f'select = ["{kept}"]\n', encoding="utf-8")
            narrowed = payload(await client.call_tool("bank_validate", {}))
            assert {finding["code"] for finding in narrowed["findings"]} == {kept}
            config.write_text("bogus = 1\n", encoding="utf-8")
            broken = await client.call_tool("bank_validate", {})
            assert broken.is_error and "unknown key(s) bogus" in broken.content[0].text
            config.unlink()
            again = payload(await client.call_tool("bank_validate", {}))
            assert again["total"] == everything["total"]

    anyio.run(main)


def test_a_server_started_with_config_reads_that_file_on_every_call(tmp_path: Path) -> None:
    """`mcp-memorybank --config FILE`, as an MCP client starts it, judges by the file named and not by
    the project's own, as `memorybank-lint --config FILE` does; an edit to it applies to the next
    call."""
    project = tmp_path / "project"
    project.mkdir()
    (project / ".git").mkdir()
    shutil.copytree(Path(__file__).parents[1] / "fixture_bank", project / "memory-bank")
    (project / ".memorybank.toml").write_text('select = ["MB009"]\n', encoding="utf-8")
    named = project / "ci.toml"
    named.write_text('select = ["MB001"]\n', encoding="utf-8")

    async def main() -> None:
        server = StdioServerParameters(command=COMMAND, args=["--config", "ci.toml"], cwd=str(project))
        async with Client(server) as client:
            checked = payload(await client.call_tool("bank_validate", {}))
            assert {finding["code"] for finding in checked["findings"]} == {"MB001"}
            named.write_text('select = ["MB004"]\n', encoding="utf-8")
            checked = payload(await client.call_tool("bank_validate", {}))
            assert {finding["code"] for finding in checked["findings"]} == {"MB004"}

    anyio.run(main)


def test_validate_names_a_per_file_ignores_glob_that_matches_no_file(tmp_path: Path) -> None:
    """The agent is told what the linter warns of: a per-file-ignores glob that silences nothing."""
    project = tmp_path / "project"
    project.mkdir()
    (project / ".git").mkdir()
    shutil.copytree(Path(__file__).parents[1] / "fixture_bank", project / "memory-bank")
    config = project / ".memorybank.toml"
    config.write_text('[per-file-ignores]\n"_archve/*" = ["MB001"]\n', encoding="utf-8")

    async def main() -> None:
        server = StdioServerParameters(command=COMMAND, args=[], cwd=str(project))
        async with Client(server) as client:
            checked = payload(await client.call_tool("bank_validate", {}))
            assert checked["idleIgnores"] == ["_archve/*"]
            config.write_text('[per-file-ignores]\n"engineering/*" = ["MB001"]\n', encoding="utf-8")
            assert "idleIgnores" not in payload(await client.call_tool("bank_validate", {}))

    anyio.run(main)


def test_two_bank_folders_are_refused_as_the_linter_refuses_them(tmp_path: Path) -> None:
    for name in ("memory_bank", "memory-bank"):
        shutil.copytree(Path(__file__).parents[1] / "fixture_bank", tmp_path / name)
    done = subprocess.run([COMMAND], cwd=tmp_path, input="", capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == (
        f"mcp-memorybank: both memory_bank/ and memory-bank/ exist in {tmp_path}; pass --root DIR"
    )


def test_resources_and_prompts_refuse_a_broken_configuration_in_one_sentence(tmp_path: Path) -> None:
    """The tools refused a configuration broken mid-session by name; every resource answered
    "Error reading resource …" and the record-adr prompt "Error rendering prompt …" (code 0),
    each with a traceback in the server's log and no reason for the client."""
    from mcp import MCPError

    project = tmp_path / "project"
    project.mkdir()
    (project / ".git").mkdir()
    shutil.copytree(Path(__file__).parents[1] / "fixture_bank", project / "memory-bank")
    log = tmp_path / "server.log"

    async def main() -> None:
        logged = f'exec "{COMMAND}" 2>"{log}"'  # the server's own log, to read after the session
        server = StdioServerParameters(command="sh", args=["-c", logged], cwd=str(project))
        if True:
            async with Client(server) as client:
                await client.read_resource("memorybank://index")  # served while the file is sound
                (project / ".memorybank.toml").write_text("bogus = 1\n", encoding="utf-8")
                uris = [
                    "memorybank://index",
                    "memorybank://health",
                    "memorybank://inbox",
                    "memorybank://schema/frontmatter",
                ]
                for uri in uris:
                    try:
                        await client.read_resource(uri)
                    except MCPError as exc:
                        assert "unknown key(s) bogus" in exc.error.message, (uri, exc.error)
                    else:
                        raise AssertionError(f"{uri} answered from a broken configuration")
                try:
                    await client.get_prompt("record-adr", {"decision": "Use a queue"})
                except MCPError as exc:
                    assert "unknown key(s) bogus" in exc.error.message and exc.error.code != 0, exc.error
                else:
                    raise AssertionError("record-adr rendered from a broken configuration")

    anyio.run(main)
    assert "Traceback" not in log.read_text(encoding="utf-8")


def test_a_relative_body_file_refusal_says_where_it_was_looked_for(tmp_path: Path) -> None:
    """A server started outside the project (a user-wide install with an absolute `--root`) reads a
    relative `bodyFile` from its own working folder: a project file named from the project's top
    was refused as "outside the project directory", with no word of the folder the agent cannot
    see, where a missing one named it."""
    project, elsewhere = tmp_path / "project", tmp_path / "elsewhere"
    elsewhere.mkdir()
    root = project / "memory-bank"
    scaffold.init(root, "Demo")
    (project / "notes.md").write_text("Body.\n", "utf-8")
    before = sorted(p.read_bytes() for p in project.rglob("*") if p.is_file())
    arguments = {"docKind": "domain", "path": "domain/n.md", "title": "N", "purpose": "Read for n."}

    async def main() -> str:
        server = StdioServerParameters(
            command=COMMAND, args=["--root", str(root)], env=dict(os.environ), cwd=str(elsewhere)
        )
        async with Client(server) as client:
            result = await client.call_tool("bank_create", {**arguments, "bodyFile": "notes.md"})
            assert result.is_error
            return result.content[0].text

    said = anyio.run(main)
    assert "outside the project directory" in said and f"relative to {elsewhere}" in said, said
    assert sorted(p.read_bytes() for p in project.rglob("*") if p.is_file()) == before


def test_every_note_a_capture_makes_is_listed_in_the_inbox(tmp_path: Path) -> None:
    """The inbox listing left out every note named `README.md` or `DISCARDED.md`, in whatever
    folder of `_inbox/`, though only `_inbox/README.md` and `_inbox/DISCARDED.md` are the inbox's
    own files: `bank_create` captured `_inbox/sub/README.md`, and promote and discard take it, but
    no review ever saw it."""
    root = tmp_path / "memory-bank"
    scaffold.init(root, "Demo")
    note = {"docKind": "domain", "title": "Sub note", "purpose": "Read for the sub note.", "inbox": True}

    async def main() -> list[str]:
        server = StdioServerParameters(command=COMMAND, args=["--root", str(root)], env=dict(os.environ))
        async with Client(server) as client:
            for path in ("_inbox/sub/README.md", "_inbox/sub/DISCARDED.md"):
                payload(await client.call_tool("bank_create", {**note, "path": path}))
            listed = await client.read_resource("memorybank://inbox")
            return [entry["path"] for entry in json.loads(listed.contents[0].text)["entries"]]

    assert sorted(anyio.run(main)) == ["_inbox/sub/DISCARDED.md", "_inbox/sub/README.md"]
