"""The MCP surface as an agent reads it over a real stdio session: complete schemas with a short
description for every parameter, arguments refused in one sentence, the project's configuration
in force, and resources that stay within their byte budget."""

from __future__ import annotations

import json
import shutil
import sys
import unicodedata
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters

from memorybank_lint.bank import Bank
from memorybank_server import prompts, resources, scaffold
from memorybank_server.read import HEADER_CHARS, read
from memorybank_server.server import build_server

from ..conftest import CLEAN_BANK, git, load_generator, write_bank
from .conftest import payload

COMMAND = str(Path(sys.executable).with_name("mcp-memorybank"))
FIXTURE = Path(__file__).resolve().parents[1] / "fixture_bank"
EXPLAINED_ONCE = {"path", "dryRun"}  # the server's instructions explain these for every tool


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURE, tmp_path / "docs-bank")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.memorybank]\nroot = "docs-bank"\nignore = ["unregistered-doc"]\n', encoding="utf-8"
    )
    return tmp_path


def test_a_real_session_sees_a_complete_surface_and_short_refusals(project: Path) -> None:
    async def main() -> None:
        params = StdioServerParameters(command=COMMAND, args=[], cwd=str(project))
        async with Client(params) as client:
            assert "`path`" in client.instructions and "`dryRun" in client.instructions
            tools = (await client.list_tools()).tools
            assert len(tools) == 16
            for tool in tools:
                schema = tool.input_schema
                properties = schema.get("properties", {})
                assert set(schema.get("required", [])) <= set(properties), tool.name
                for name, prop in properties.items():
                    if name not in EXPLAINED_ONCE:
                        assert prop.get("description"), (tool.name, name)
                    assert "  " not in prop.get("description", "") and "\n" not in prop.get("description", "")
                assert "  " not in tool.description and "\n" not in tool.description, tool.name
            by_name = {tool.name: tool.input_schema for tool in tools}
            assert "title" in by_name["bank_create"]["properties"]
            assert "title" in by_name["bank_create"]["required"]
            assert "title" in by_name["bank_promote"]["properties"]
            for listed in (await client.list_prompts()).prompts:
                assert all(argument.description for argument in listed.arguments or []), listed.name

            checked = payload(await client.call_tool("bank_validate", {}))
            assert "MB009" not in {f["code"] for f in checked["findings"]}  # the configuration applies

            for name, arguments, named in (
                ("bank_validate", {"summary": True}, "'summary'"),
                ("bank_route", {}, "'question'"),
                ("bank_route", {"question": "queue", "limit": "five"}, "'limit'"),
                ("bank_graph", {"path": "domain/model.md", "direction": "sideways"}, "'direction'"),
                ("bank_read", {"path": 7}, "'path'"),
            ):
                refused = await client.call_tool(name, arguments)
                text = refused.content[0].text
                assert refused.is_error, (name, arguments)
                assert named in text and "\n" not in text and "http" not in text and len(text) < 200, text

    anyio.run(main)


def test_bank_read_honours_max_bytes_for_a_single_path(tmp_path: Path) -> None:
    long = "---\ntitle: Long\n---\n# Long\n\n" + "Ёлка и слово. " * 2000
    bank = Bank(write_bank(tmp_path / "memory-bank", {**CLEAN_BANK, "long.md": long}))
    bank.refresh()
    answer = read(bank, "long.md", max_bytes=5000)
    assert answer["truncated"] and len(answer["content"].encode("utf-8")) <= 5000
    assert "maxBytes" in answer["note"]
    assert not read(bank, "long.md")["truncated"]


def _size(value: object) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def test_index_and_health_stay_within_the_budget_and_say_what_they_left_out(tmp_path: Path) -> None:
    root = tmp_path / "memory-bank"
    load_generator().generate(root, 420)
    for n in range(300):
        (root / f"stray-{n:03}.md").write_text(f"---\ntitle: S{n}\nderived_from: [gone-{n}.md]\n---\n")
    bank = Bank(root)
    bank.refresh()
    index = resources.index(bank)
    assert _size(index) <= 40_000 and index["count"] >= 700  # templates are not listed
    assert len(index["documents"]) + index["omitted"]["count"] == index["count"]
    assert "bank_route" in index["note"]
    assert {d["layer"] for d in index["documents"]} >= {"dna"}
    health = resources.health(bank)
    assert _size(health) <= 40_000 and health["total"] >= 600
    assert len(health["findings"]) + health["omittedFindings"] == health["total"]
    assert "bank_validate" in health["note"]
    small = Bank(write_bank(tmp_path / "small", CLEAN_BANK))
    small.refresh()
    assert "note" not in resources.index(small) and "note" not in resources.health(small)


def test_record_adr_proposes_the_banks_next_number(tmp_path: Path) -> None:
    files = {**CLEAN_BANK, "adr/ADR-007-queue.md": "# q\n", "adr/ADR-012-s.md": "# s\n", "adr/ADR-ID.md": ""}
    bank = Bank(write_bank(tmp_path / "memory-bank", files))
    bank.refresh()
    assert prompts.next_adr(bank) == "ADR-013"
    text = prompts.record_adr("Use a queue", prompts.next_adr(bank))
    assert "adr/ADR-013-<short-name>.md" in text and "T" not in text.split("adr/")[1][:12]
    empty = Bank(write_bank(tmp_path / "other", CLEAN_BANK))
    empty.refresh()
    assert prompts.next_adr(empty) == "ADR-001"


def test_materialize_flows_over_mcp_has_a_dry_run(tmp_path: Path) -> None:
    root = tmp_path / "memory_bank"
    scaffold.init(root, "Dry")
    before = sorted(root.rglob("*"))

    async def main() -> dict:
        async with Client(build_server(root)) as client:
            return payload(await client.call_tool("bank_materialize_flows", {"dryRun": True}))

    answer = anyio.run(main)
    assert answer["dryRun"] is True and len(answer["files"]) == 24
    assert answer["overwrites"] == ["flows/templates/README.md"]
    assert sorted(root.rglob("*")) == before


def test_a_path_in_another_unicode_normalisation_is_read(tmp_path: Path) -> None:
    name = unicodedata.normalize("NFC", "domain/заметка-й.md")
    bank = Bank(write_bank(tmp_path / "memory-bank", {**CLEAN_BANK, name: "---\ntitle: Й\n---\n# Й\n"}))
    bank.refresh()
    answer = read(bank, unicodedata.normalize("NFD", name))
    assert answer["path"] == name and answer["title"] == "Й"


def test_the_resources_stay_within_the_budget_whatever_the_banks_shape(tmp_path: Path) -> None:
    """Thousands of folders with long names, a contract read from thousands of dna documents,
    inbox notes with long purposes: each list a resource repeats is named in part and counted.
    A document or note whose header values are huge is listed with them cut, where its whole
    100 KB title made its entry too big and left it out."""
    files = dict(CLEAN_BANK)
    huge = "".join(f"{key}: {key[0] * 100_000}\n" for key in ("title", "purpose", "doc_kind", "status"))
    keys = "".join(f"  - {'k' * 10_000}{n}\n" for n in range(20))
    files["dna/a-huge.md"] = f"---\n{huge}canonical_for:\n{keys}---\n# H\n"
    files["_inbox/a-huge.md"] = f"---\n{huge}---\n# H\n"
    for n in range(1500):
        files[f"{'f' * 200}{n:04}/doc.md"] = f"---\ntitle: D{n}\npurpose: {'p' * 200}\n---\n# D\n"
    for n in range(600):
        files[f"dna/{'g' * 150}{n:04}.md"] = f"# Rule {n}\n"
    for n in range(200):
        files[f"_inbox/note-{n:03}.md"] = f"---\ntitle: N{n}\npurpose: {'q' * 20_000}\n---\n# N\n"
    bank = Bank(write_bank(tmp_path / "memory-bank", files))
    bank.refresh()
    index, health, inbox = resources.index(bank), resources.health(bank), resources.inbox(bank)
    assert _size(index) <= 40_000 and index["omitted"]["otherFolders"] > 0
    assert _size(health) <= 40_000
    assert _size(inbox) <= 40_000 and inbox["count"] == 201 and "left out" in inbox["note"]
    for listed in (inbox["entries"], index["documents"]):
        [entry] = [entry for entry in listed if entry["path"].endswith("a-huge.md")]
        assert {len(entry[key]) for key in ("title", "purpose", "docKind", "status")} == {HEADER_CHARS}
    [entry] = [entry for entry in index["documents"] if entry["path"] == "dna/a-huge.md"]
    assert {len(key) for key in entry["canonicalFor"]} == {HEADER_CHARS}


# What a read answer may hold beside the header values it quotes: its own sentences (bounded by
# their makers), the bank's place on disk, and bank_read's text (held by its byte budget).
FREE_TEXT = {"note", "hint", "content", "frontmatterLeftOut", "root", "repo", "message", "unreadable"}
BUDGETS = {"search": 80_000, "graph": 1_400_000, "drift": 500_000, "changed": 300_000}  # characters


def _hostile_project(root: Path, letter: str) -> Path:
    """A repository whose bank quotes `letter` thousands of times in every header value an answer
    can repeat: titles, purposes, kinds, statuses, functions, keys, anchors, fits, entries as
    written, a neighbour outside the bank; 36 documents deriving from one another."""
    value = letter * 5_000
    names = [f"m/d{n:02}.md" for n in range(36)]
    header = "".join(f"{key}: {value}\n" for key in ("title", "purpose", "status", "doc_function"))
    keys = "".join(f"  - {letter * 500}{n}\n" for n in range(30))
    write_bank(root / "outside", {"far.md": f"---\n{header}doc_kind: {value}\ncanonical_for:\n{keys}---\n"})
    files = dict(CLEAN_BANK)
    for n, name in enumerate(names):
        sources = [f"{{path: {other[2:]}, fit: {letter * 1_000}}}" for other in names if other != name]
        sources += ["../../outside/" + "./" * 1_000 + "far.md", f"gone-{letter * 5_000}.md"]
        anchors = [f"gone/{a}.py" for a in range(220)] + [f"{letter * 5_000}.py"]
        files[name] = (
            f"---\n{header}doc_kind: {value}{n}\ncanonical_for:\n"
            + "".join(f"  - {letter * 500}{name}{k}\n" for k in range(30))
            + "anchors:\n"
            + "".join(f"  - {anchor}\n" for anchor in anchors)
            + "derived_from:\n"
            + "".join(f"  - {source}\n" for source in sources)
            + f"---\n# D\n\nprice {letter}\n"
        )
    files["_inbox/note.md"] = f"---\n{header}doc_kind: {value}\n---\n# N\n"
    write_bank(root / "memory-bank", files)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "hostile")
    return root / "memory-bank"


def _quoted(value: object, key: str = "") -> list[str]:
    """Every string an answer holds outside `FREE_TEXT`, its dictionaries' keys too."""
    if isinstance(value, str):
        return [] if key in FREE_TEXT else [value]
    if isinstance(value, dict):
        return [*value] + [s for name, item in value.items() for s in _quoted(item, name)]
    if isinstance(value, list):
        return [s for item in value for s in _quoted(item, key)]
    return []


def _characters(value: object) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


@pytest.mark.parametrize("letter", ["x", "ж", "🙂"])
def test_every_read_answer_stays_within_its_budget_whatever_its_headers_hold(
    tmp_path: Path, letter: str
) -> None:
    """A hostile bank made read answers unbounded: drift repeated a 2 MB title per anchor (400 MB),
    search 34 MB, graph 106 MB of fits, changed and --stats whole kinds. Every header value an
    answer quotes is now cut to `HEADER_CHARS`, every list it repeats is bounded, and so each
    answer stays within the budget docs/security.md §6 states for it."""
    from memorybank_server.changed import changed
    from memorybank_server.drift import drift
    from memorybank_server.graph import graph
    from memorybank_server.read import json_bytes
    from memorybank_server.retrieval.route import route
    from memorybank_server.retrieval.search import search
    from memorybank_server.textviews import stats
    from memorybank_server.validate import validate

    bank = Bank(_hostile_project(tmp_path, letter))
    bank.refresh()
    first = "m/d00.md"
    answers = {
        "route": route(bank, "price", 3, None, None),
        "search": search(bank, "price", 50),
        "graph": graph(bank, first, "both", 6, 300, True),
        "graph-default": graph(bank, first),
        "drift": drift(bank, 0),
        "changed": changed(bank, "HEAD~1"),  # past the first commit: every document is added
        "stats": stats(bank, 1.0),
        "read": read(bank, first),
        "read-list": read(bank, [first, "m/d01.md", "_inbox/note.md"]),
        "validate": validate(bank),
        "index": resources.index(bank),
        "health": resources.health(bank),
        "list_inbox": resources.inbox(bank),
    }
    for name, answer in answers.items():
        if name.startswith("read"):
            continue  # the document itself, header and all: held by bank_read's byte budgets
        longest = max(map(len, _quoted(answer)), default=0)
        assert longest <= HEADER_CHARS, (name, longest)
    assert len(answers["search"]["results"]) == 36 and answers["graph"]["edgesLeftOut"] > 0
    assert answers["drift"]["missingLeftOut"] > 0 and len(answers["changed"]["changes"]) > 36
    assert _characters(answers["route"]) <= 840
    for name, budget in BUDGETS.items():
        assert _characters(answers[name]) <= budget, name
    assert _characters(answers["graph-default"]) <= BUDGETS["graph"]
    assert json_bytes(answers["read"]) <= 400_000 and json_bytes(answers["read-list"]) <= 40_000
    assert json_bytes(answers["validate"]["findings"]) <= 40_000
    for name in ("index", "health", "list_inbox"):
        assert json_bytes(answers[name]) <= 40_000, name
    assert {entry["path"] for entry in answers["list_inbox"]["entries"]} == {"_inbox/note.md"}
