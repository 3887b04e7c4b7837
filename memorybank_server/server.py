"""`build_server(root)`: the MCP surface over one bank — tools, resources and prompts as thin adapters.

Why thin: every answer is computed by a pure module (route, read, search, graph, …) over a bank
refreshed at the start of the call, so the terminal (`mcp-memorybank --route …`) and an agent get
the same answer, and nothing here holds state the disk does not.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

from mcp.server.lowlevel.server import NotificationOptions
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceNotFoundError, ToolError
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError
from mcp.types import INTERNAL_ERROR, INVALID_PARAMS, ToolAnnotations
from pydantic import Field, ValidationError

from memorybank_lint import __version__
from memorybank_lint.config import Config, Reload
from memorybank_lint.paths import real_path

from . import prompts, resources, scaffold
from .arguments import compact_schema, flat, given, problem
from .errors import ToolInputError, refusal
from .state import BankState, as_json
from .surface import Surface, decide
from .validate import validate
from .write_tools import DRY_RUN, write_tools

INSTRUCTIONS = {
    Surface.FULL: (
        "Tools for this project's memory bank (bank_*). Read memorybank://index first; call bank_route "
        "before reading any file and read only what it returns, by section; bank_search finds literal "
        "terms; run bank_validate before committing. Ask in English or Russian. `path`: relative to "
        "the bank root, as bank_route gives it; `dryRun: true` previews a write and changes nothing."
    ),
    Surface.SEED: (
        "This project has no memory bank yet. Call bank_init only when the user asks for one; "
        "the other bank tools appear once it exists."
    ),
    Surface.OFF: "The memory bank server is switched off for this project.",
}
READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True)
LAYERS = Literal["dna", "knowledge", "decision", "delivery", "flow", "other"]
SCOPE = Annotated[str | None, Field(min_length=1, description="only documents under this folder")]


class BankServer(MCPServer):
    """An MCPServer that advertises list changes in the handshake too (older clients listen there)
    and lists compact input schemas."""

    async def list_tools(self) -> list[Any]:
        tools = await super().list_tools()
        for tool in tools:
            tool.input_schema = compact_schema(tool.input_schema)
            tool.description = flat(tool.description)
        return tools

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        """Every refusal of a call as `refusal` bounds the tools' own, the SDK's included: its
        `Unknown tool: <name>` echoed a 1 MB name whole, line breaks and escape sequences as sent."""
        try:
            return await self._checked_call(name, arguments, context)
        except ToolError as exc:
            said = refusal(str(exc))
            if said == str(exc):
                raise
            raise type(exc)(said) from exc.__cause__

    async def _checked_call(self, name: str, arguments: dict[str, Any], context: Any) -> Any:
        """Refuse unknown, missing and mistyped arguments in one sentence before the tool runs."""
        tool = self._tool_manager.get_tool(name)
        if tool is not None:
            schema = compact_schema(tool.parameters)
            wrong = problem(name, schema, arguments)
            if wrong:
                raise ToolError(wrong)
            arguments = given(schema, arguments)
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(cause, ValidationError) and cause.errors():
                first = cause.errors()[0]
                where = ".".join(str(part) for part in first["loc"])
                raise ToolError(f"{name}: '{where}' {first['msg'].lower()}.") from None
            raise

    async def get_prompt(
        self, name: str, arguments: dict[str, Any] | None = None, context: Any = None
    ) -> Any:
        """Refuse an unknown prompt and unknown or missing arguments in one sentence.

        Why: the SDK turns each of these into "Internal server error" with a traceback in the log,
        so the client never learns what it got wrong.
        """
        prompt = self._prompt_manager.get_prompt(name)
        if prompt is None:
            known = ", ".join(p.name for p in self._prompt_manager.list_prompts())
            raise MCPError(INVALID_PARAMS, refusal(f"There is no prompt '{name}'; the prompts are: {known}."))
        declared = prompt.arguments or []
        schema = {
            "properties": {argument.name: {"type": "string"} for argument in declared},
            "required": [argument.name for argument in declared if argument.required],
        }
        wrong = problem(f"The prompt {name}", schema, arguments or {})
        if wrong:
            raise MCPError(INVALID_PARAMS, refusal(wrong))
        return await super().get_prompt(name, arguments, context)

    async def read_resource(self, uri: Any, context: Any = None) -> Any:
        """The SDK's `Unknown resource: <uri>` bounded as the tools' refusals are (a 1 MB URI
        came back whole, and twice: in the message and in its data)."""
        try:
            return await super().read_resource(uri, context)
        except ResourceNotFoundError as exc:
            raise MCPError(INVALID_PARAMS, refusal(str(exc))) from None

    preload: Callable[[], Any] | None = None  # loads the bank ahead of the first call

    async def run_stdio_async(self) -> None:
        await self.run_lines(None, None)

    async def run_lines(self, stdin: Any, stdout: Any) -> None:
        """Serve over line streams (`quickstart` relays stdio through its own), else stdio itself."""
        options = NotificationOptions(tools_changed=True, resources_changed=True, prompts_changed=True)
        lowlevel = self._lowlevel_server  # the SDK exposes no public way to pass notification options
        async with stdio_server(stdin, stdout) as (read_stream, write_stream):
            await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options(options))


def _read_tools(server: MCPServer, state: BankState) -> None:
    """The read tools; each imports its module on first call, so `tools/list` is answered sooner."""

    @server.tool(annotations=READ_ONLY, structured_output=False)
    def bank_route(
        question: Annotated[str, Field(min_length=2, description="as the user asked it")],
        limit: Annotated[int, Field(ge=1, le=25, description="results")] = 5,
        docKind: Annotated[str | None, Field(min_length=1, description="only this doc_kind")] = None,
        layer: Annotated[LAYERS | None, Field(description="only this layer")] = None,
    ) -> str:
        """Which documents answer a question: paths, titles, purpose, why, best section. Use first."""
        from .retrieval.route import route

        return state.call(lambda bank: route(bank, question, limit, docKind, layer))

    @server.tool(annotations=READ_ONLY, structured_output=False)
    def bank_read(
        path: str | list[str | dict[str, str | None]],  # a null member is not given (`_given_member`)
        section: Annotated[str | None, Field(description="a ## heading to read alone")] = None,
        maxBytes: Annotated[
            int | None, Field(ge=1000, description="byte budget: a list at most 40000, one page 400000")
        ] = None,
    ) -> str:
        """Read a document, one ## section, or a list of paths ({path, section}) under a byte budget."""
        from .read import read

        return state.call(lambda bank: read(bank, path, section, maxBytes))

    @server.tool(annotations=READ_ONLY, structured_output=False)
    def bank_search(
        query: Annotated[str, Field(min_length=2, description="words, an identifier or a phrase")],
        limit: Annotated[int, Field(ge=1, le=50, description="results")] = 10,
        docKind: Annotated[str | None, Field(min_length=1, description="only this doc_kind")] = None,
        layer: Annotated[LAYERS | None, Field(description="only this layer")] = None,
        status: Annotated[str | None, Field(min_length=1, description="only this status")] = None,
    ) -> str:
        """Full-text search of document bodies: literal terms, identifiers, phrases."""
        from .retrieval.search import search

        return state.call(lambda bank: search(bank, query, limit, docKind, layer, status))

    @server.tool(annotations=READ_ONLY, structured_output=False)
    def bank_graph(
        path: str,
        direction: Annotated[
            Literal["up", "down", "both"], Field(description="up: built on; down: depends on it")
        ] = "down",
        depth: Annotated[int, Field(ge=1, le=6, description="hops")] = 2,
        limit: Annotated[int, Field(ge=1, le=300, description="most nodes")] = 60,
        neighbours: Annotated[bool, Field(description="also list one-hop links outside the bank")] = True,
    ) -> str:
        """derived_from graph: up = what a document is built on, down = what depends on it."""
        from .graph import graph

        return state.call(lambda bank: graph(bank, path, direction, depth, limit, neighbours))

    @server.tool(annotations=READ_ONLY, structured_output=False)
    def bank_validate(
        scope: Annotated[
            str | None, Field(min_length=1, description="only documents under this folder")
        ] = None,
        severity: Annotated[
            Literal["error", "warning"] | None, Field(description="only this severity")
        ] = None,
        rule: Annotated[str | None, Field(min_length=1, description="one rule, by name or code")] = None,
    ) -> str:
        """The findings pre-commit and CI report (the project's configuration applies). Run before
        committing."""
        return state.call(lambda bank: validate(bank, scope, severity, rule, state.config.selection()))

    @server.tool(annotations=READ_ONLY, structured_output=False)
    def bank_changed(
        since: Annotated[str, Field(min_length=1, description="a git ref (HEAD~5) or a date (2026-01-31)")],
    ) -> str:
        """Documents added, modified, renamed or deleted since then; in git, dates use commit history."""
        from .changed import changed

        return state.call(lambda bank: changed(bank, since))

    @server.tool(annotations=READ_ONLY, structured_output=False)
    def bank_drift(
        thresholdDays: Annotated[int, Field(ge=0, le=3650, description="days code may run ahead")] = 90,
        scope: Annotated[
            str | None, Field(min_length=1, description="only documents under this folder")
        ] = None,
    ) -> str:
        """Documents whose anchors: code changed in git more than thresholdDays after the document."""
        from .drift import drift

        return state.call(lambda bank: drift(bank, thresholdDays, scope))

    @server.tool(
        structured_output=False, annotations=ToolAnnotations(destructive_hint=True, idempotent_hint=False)
    )
    def bank_materialize_flows(
        force: Annotated[bool, Field(description="replace the templates the bank owns")] = False,
        dryRun: DRY_RUN = False,
    ) -> str:
        """Copy the shipped templates into flows/templates/; the bank's copies win from then on. Never
        adds a finding: a template that would is left out and named."""
        return state.call(
            lambda bank: _scaffold(
                lambda: scaffold.materialize_flows(
                    bank.root, force=force, dry_run=dryRun, max_bytes=bank.max_bytes
                )
            )
        )


def _scaffold(action: Callable[[], scaffold.ScaffoldResult]) -> dict[str, Any]:
    try:
        return action().as_dict()
    except scaffold.ScaffoldError as exc:
        raise ToolInputError(str(exc)) from exc


def _said(read: Callable[..., str]) -> Callable[..., str]:
    """A resource or prompt whose refusal (a configuration broken mid-session, the bank folder
    gone) reaches the client as the tools' one sentence: anything else than an `MCPError` the
    SDK answers "Error reading resource …" with no reason, and logs a traceback."""

    @functools.wraps(read)
    def answered(*args: Any, **kwargs: Any) -> str:
        try:
            return read(*args, **kwargs)
        except (ToolError, ToolInputError) as exc:
            raise MCPError(INTERNAL_ERROR, str(exc)) from None

    return answered


def _resources(server: MCPServer, state: BankState) -> None:
    @server.resource("memorybank://index", mime_type="application/json")
    @_said
    def index() -> str:
        """Every document: path, title, purpose, kind, layer, status (within 40 KB). Read first."""
        return as_json(resources.index(state.bank()))

    @server.resource("memorybank://schema/frontmatter", mime_type="text/markdown")
    @_said
    def schema() -> str:
        """The bank's frontmatter schema (dna/frontmatter.md)."""
        return resources.schema(state.bank())

    @server.resource("memorybank://health", mime_type="application/json")
    @_said
    def health() -> str:
        """Validation counts and findings, errors first (within 40 KB)."""
        return as_json(resources.health(state.bank(), state.config.selection()))

    @server.resource("memorybank://inbox", mime_type="application/json")
    @_said
    def inbox() -> str:
        """Quarantined _inbox/ notes waiting for review, oldest first."""
        return as_json(resources.inbox(state.bank()))


def _prompts(server: MCPServer, state: BankState) -> None:
    def session_start(
        since: Annotated[str, Field(description="a git ref or date; default HEAD~20")] = "HEAD~20",
    ) -> str:
        return prompts.session_start(since)

    def route_then_read(question: Annotated[str, Field(description="the question to answer")]) -> str:
        return prompts.route_then_read(question)

    def check_before_commit(
        scope: Annotated[str, Field(description="only documents under this folder")] = "",
    ) -> str:
        return prompts.check_before_commit(scope)

    @_said
    def record_adr(decision: Annotated[str, Field(description="the decision, in a sentence")]) -> str:
        return prompts.record_adr(decision, prompts.next_adr(state.bank()))

    server.prompt(
        name="session-start", description="Catch up: what this is, where we stopped, what is open."
    )(session_start)
    server.prompt(name="route-then-read", description="Answer a question from the bank, reading little.")(
        route_then_read
    )
    server.prompt(name="check-before-commit", description="Validate and propose the smallest fixes.")(
        check_before_commit
    )
    server.prompt(name="record-adr", description="Record a decision as a draft ADR.")(record_adr)
    server.prompt(name="review-inbox", description="Walk the _inbox/ notes: promote, fold in or discard.")(
        prompts.review_inbox
    )


def build_server(
    root: Path | str,
    off: Sequence[Path | str] = (),
    config: Config | None = None,
    *,
    cache: bool = True,
    reload: Reload | None = None,
) -> MCPServer:
    """The MCP server for the bank at `root`, with the surface the project should see, judging the
    bank by `config` (the project's configuration, as `memorybank-lint` reads it, read again
    through `reload` on every call when given); `cache: False` parses every document afresh
    (`--no-cache`)."""
    root = real_path(root)
    surface = decide(root, [Path(p) for p in off])
    server = BankServer(
        name="memorybank", version=__version__, instructions=INSTRUCTIONS[surface], log_level="WARNING"
    )
    if surface is Surface.OFF:
        return server
    state = BankState(root, config or Config(), cache=cache, reload=reload)
    if surface is Surface.FULL:
        server.preload = state.bank

    def open_full_surface() -> None:
        _read_tools(server, state)
        write_tools(server, state)
        _resources(server, state)
        _prompts(server, state)

    @server.tool(
        structured_output=False, annotations=ToolAnnotations(destructive_hint=False, idempotent_hint=False)
    )
    async def bank_init(
        name: Annotated[str, Field(min_length=1, description="the project name")],
        dryRun: DRY_RUN = False,
        force: Annotated[
            bool, Field(description="add the missing starter files to an existing bank")
        ] = False,
        ctx: Context | None = None,
    ) -> str:
        """Seed a new memory bank here (24 files that validate clean). Only when the user asks."""
        first_bank = surface is Surface.SEED and not server_state["opened"]
        result = state.call(
            lambda bank: _scaffold(
                lambda: scaffold.init(root, name, dry_run=dryRun, force=force, max_bytes=bank.max_bytes)
            )
        )
        if first_bank and not dryRun:
            open_full_surface()
            server_state["opened"] = True
            if ctx is not None:
                await _announce_list_changes(ctx)
        return result

    server_state = {"opened": surface is Surface.FULL}
    if surface is Surface.FULL:
        open_full_surface()
    return server


async def _announce_list_changes(ctx: Context) -> None:
    """Tell the client its lists changed: on the current channel and the legacy notifications."""
    await ctx.notify_tools_changed()
    await ctx.notify_resources_changed()
    await ctx.notify_prompts_changed()
    try:
        await ctx.session.send_tool_list_changed()
        await ctx.session.send_resource_list_changed()
        await ctx.session.send_prompt_list_changed()
    except (AttributeError, ValueError, RuntimeError):
        pass  # no legacy session on this connection: the current channel already carried it
