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

WRITE = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False)
WRITE_IDEMPOTENT = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True)


def write_tools(server: MCPServer, state: BankState) -> None:
    """The governed writes: every gate runs first, a refusal writes nothing, files land atomically.

    Each operation module is imported on the tool's first call: a session that only reads never
    pays for them, and the server answers `tools/list` sooner.
    """

    @server.tool(structured_output=False, annotations=WRITE)
    def bank_create(
        docKind: str,
        path: str,
        title: Annotated[str, Field(min_length=1)],
        purpose: Annotated[str, Field(min_length=1)],
        derivedFrom: list[str] | None = None,
        canonicalFor: list[str] | None = None,
        mustNotDefine: list[str] | None = None,
        status: str = "draft",
        body: str | None = None,
        bodyFile: str | None = None,
        extra: dict[str, Any] | None = None,
        inbox: bool = False,
        dryRun: bool = False,
    ) -> str:
        """Create a document from its template with the frontmatter dna/ asks for, registered in its
        index. Refuses a taken path, an unresolved derivedFrom, an owned canonicalFor. inbox=true:
        an unreviewed note in _inbox/."""
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
        find: Annotated[str, Field(min_length=1)],
        replace: str,
        section: str | None = None,
        dryRun: bool = False,
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
        section: str,
        content: str | None = None,
        contentFile: str | None = None,
        mode: Literal["replace", "append"] = "replace",
        dryRun: bool = False,
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
        status: Annotated[str, Field(min_length=1)],
        releaseCanonical: bool = False,
        dryRun: bool = False,
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
        field: Annotated[str, Field(min_length=1)],
        value: str,
        dryRun: bool = False,
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
        to: str,
        docKind: str | None = None,
        title: str | None = None,
        purpose: str | None = None,
        derivedFrom: list[str] | None = None,
        canonicalFor: list[str] | None = None,
        mustNotDefine: list[str] | None = None,
        status: str = "active",
        dryRun: bool = False,
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
    def bank_discard(path: str, reason: Annotated[str, Field(min_length=1)], dryRun: bool = False) -> str:
        """Delete an _inbox/ note; the reason is kept in _inbox/DISCARDED.md."""
        from .writes import inbox

        return state.call(lambda bank: inbox.discard(bank, path=path, reason=reason, dry_run=dryRun))
