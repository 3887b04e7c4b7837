"""The governed writes as MCP tools: thin adapters, one per operation in `memorybank_server.writes`.

Why separate from `server.py`: the write tools carry the longest signatures; the server module
keeps the surface, the state and the read side readable on one screen.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations
from pydantic import Field

from .state import BankState

DRY_RUN = bool  # explained once, in the server instructions
PATHS = Annotated[list[str] | None, Field(description="what it is built on")]
KEYS = Annotated[list[str] | None, Field(description="facts it owns")]
NOT_DEFINED = Annotated[list[str] | None, Field(description="facts it must not define")]
WRITE = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False)
WRITE_IDEMPOTENT = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True)


def write_tools(server: MCPServer, state: BankState) -> None:
    """The governed writes: every gate runs first, a refusal writes nothing, files land atomically.

    Each operation module is imported on the tool's first call: a session that only reads never
    pays for them, and the server answers `tools/list` sooner.
    """

    @server.tool(structured_output=False, annotations=WRITE)
    def bank_create(
        docKind: Annotated[str, Field(description="picks the template: adr, prd, feature, domain, ...")],
        path: str,
        title: Annotated[str, Field(min_length=1, description="the document's title")],
        purpose: Annotated[str, Field(min_length=1, description="one sentence: when to read it")],
        derivedFrom: PATHS = None,
        canonicalFor: KEYS = None,
        mustNotDefine: NOT_DEFINED = None,
        status: Annotated[str, Field(description="lifecycle status")] = "draft",
        body: Annotated[str | None, Field(description="body instead of the template")] = None,
        bodyFile: Annotated[str | None, Field(description="read the body from this project file")] = None,
        extra: Annotated[dict[str, Any] | None, Field(description="more frontmatter fields")] = None,
        inbox: Annotated[bool, Field(description="an unreviewed note in _inbox/")] = False,
        dryRun: DRY_RUN = False,
    ) -> str:
        """Create a document from its template with the frontmatter dna/ asks for, registered in its
        index. Refuses a taken path, an unresolved derivedFrom, an owned canonicalFor."""
        from .writes import create

        return state.call(
            lambda bank: create.create(
                bank,
                doc_kind=docKind,
                path=path,
                title=title,
                purpose=purpose,
                derived_from=derivedFrom or [],
                canonical_for=canonicalFor or [],
                must_not_define=mustNotDefine,
                status=status,
                body=body,
                body_file=bodyFile,
                extra=extra,
                inbox=inbox,
                dry_run=dryRun,
            )
        )

    @server.tool(structured_output=False, annotations=WRITE)
    def bank_edit(
        path: str,
        find: Annotated[str, Field(min_length=1, description="exact text, occurring once")],
        replace: Annotated[str, Field(description="its replacement")],
        section: Annotated[str | None, Field(description="look only in this ## section")] = None,
        dryRun: DRY_RUN = False,
    ) -> str:
        """Replace one exact fragment of a body (refused unless it occurs exactly once). Frontmatter:
        bank_set_field / bank_set_status."""
        from .writes import edit

        return state.call(
            lambda bank: edit.edit(
                bank, path=path, find=find, replace=replace, section=section, dry_run=dryRun
            )
        )

    @server.tool(structured_output=False, annotations=WRITE)
    def bank_update_section(
        path: str,
        section: Annotated[str, Field(description="an existing ## heading")],
        content: Annotated[str | None, Field(description="the section's new markdown")] = None,
        contentFile: Annotated[
            str | None, Field(description="read the content from this project file")
        ] = None,
        mode: Annotated[
            Literal["replace", "append"], Field(description="replace or append to it")
        ] = "replace",
        dryRun: DRY_RUN = False,
    ) -> str:
        """Replace or append to one existing ## section; nothing else in the file changes."""
        from .writes import sections

        return state.call(
            lambda bank: sections.update_section(
                bank,
                path=path,
                section=section,
                content=content,
                content_file=contentFile,
                mode=mode,
                dry_run=dryRun,
            )
        )

    @server.tool(structured_output=False, annotations=WRITE_IDEMPOTENT)
    def bank_set_status(
        path: str,
        status: Annotated[str, Field(min_length=1, description="draft, active or archived")],
        releaseCanonical: Annotated[bool, Field(description="archiving: give up its canonical_for")] = False,
        dryRun: DRY_RUN = False,
    ) -> str:
        """Move a document between draft, active, archived under the governance gates.
        releaseCanonical with archived gives up its canonical_for keys. Inbox notes: bank_promote."""
        from .writes import status as lifecycle

        return state.call(
            lambda bank: lifecycle.set_status(
                bank, path=path, status=status, release_canonical=releaseCanonical, dry_run=dryRun
            )
        )

    @server.tool(structured_output=False, annotations=WRITE_IDEMPOTENT)
    def bank_set_field(
        path: str,
        field: Annotated[str, Field(min_length=1, description="a frontmatter key")],
        value: Annotated[str, Field(description="its new scalar value")],
        dryRun: DRY_RUN = False,
    ) -> str:
        """Set one scalar frontmatter field (one line; purpose/title changes reach the index).
        Not status, doc_kind, doc_function or lists."""
        from .writes import fields

        return state.call(
            lambda bank: fields.set_field(bank, path=path, field=field, value=value, dry_run=dryRun)
        )

    @server.tool(structured_output=False, annotations=WRITE)
    def bank_promote(
        path: str,
        to: Annotated[str, Field(description="its bank path after promotion")],
        docKind: Annotated[str | None, Field(description="default: the note's")] = None,
        title: Annotated[str | None, Field(description="default: the note's")] = None,
        purpose: Annotated[str | None, Field(description="default: the note's")] = None,
        derivedFrom: PATHS = None,
        canonicalFor: KEYS = None,
        mustNotDefine: NOT_DEFINED = None,
        status: Annotated[str, Field(description="lifecycle status")] = "active",
        dryRun: DRY_RUN = False,
    ) -> str:
        """Move an _inbox/ note into the bank as a governed document, registered; only when asked."""
        from .writes import inbox

        return state.call(
            lambda bank: inbox.promote(
                bank,
                path=path,
                to=to,
                doc_kind=docKind,
                title=title,
                purpose=purpose,
                derived_from=derivedFrom,
                canonical_for=canonicalFor,
                must_not_define=mustNotDefine,
                status=status,
                dry_run=dryRun,
            )
        )

    @server.tool(
        structured_output=False,
        annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=False),
    )
    def bank_discard(
        path: str,
        reason: Annotated[str, Field(min_length=1, description="kept in _inbox/DISCARDED.md")],
        dryRun: DRY_RUN = False,
    ) -> str:
        """Delete an _inbox/ note; the reason is kept in _inbox/DISCARDED.md."""
        from .writes import inbox

        return state.call(lambda bank: inbox.discard(bank, path=path, reason=reason, dry_run=dryRun))
