"""A row of the bank's layer table names a layer that does not exist.

Why it matters: the layer table in `dna/` (`| Directory | Layer | Weight |`) tells routing how to
rank each section. A misspelt layer is ignored, so the directory silently keeps its built-in
layer.

The layers are: dna, knowledge, decision, delivery, flow, inbox, other.

Example: `| guides | important | 2.0 |`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..context import RuleContext
from ..findings import Problem, Severity
from ..layers import LAYERS
from ..registry import rule


@rule("MB011", "unknown-layer-value", severity=Severity.WARNING, scope="bank")
def check(ctx: RuleContext) -> Iterator[Problem]:
    for row in ctx.bank.layers.unknown:
        if not ctx.in_scope(row.source):
            continue
        yield Problem(
            f"layer table maps '{row.directory}/' to '{row.layer}', which is not a layer "
            f"({', '.join(LAYERS)}); the row is ignored and '{row.directory}/' keeps its default layer",
            path=row.source,
            line=row.line,
            value=f"{row.directory}={row.layer}",
        )
