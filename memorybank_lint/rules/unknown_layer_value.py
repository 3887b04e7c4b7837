"""A row of the bank's layer table names a layer that does not exist, or a weight above 100.

Why it matters: the layer table in `dna/` (`| Directory | Layer | Weight |`) tells routing how to
rank each section. A misspelt layer is ignored, so the directory silently keeps its built-in
layer. A weight above 100 (the built-in ones are 0.2–1.5) is ignored too, so the layer keeps its
previous weight: a weight of hundreds of digits would otherwise overflow every score it touches.

The layers are: dna, knowledge, decision, delivery, flow, inbox, other.

Examples: `| guides | important | 2.0 |`, `| domain | knowledge | 1000 |`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..context import RuleContext
from ..findings import Problem, Severity
from ..layers import LAYERS, MAX_WEIGHT
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
    for rejected in ctx.bank.layers.rejected:
        if not ctx.in_scope(rejected.source):
            continue
        layer, written = rejected.layer, rejected.weight
        shown = written if len(written) <= 12 else f"{written[:8]}… ({len(written)} digits)"
        yield Problem(
            f"layer table gives '{layer}' the weight {shown}, above the most a layer may weigh "
            f"({MAX_WEIGHT:g}); the weight is ignored and '{layer}' weighs {ctx.bank.layers.weight(layer):g}",
            path=rejected.source,
            line=rejected.line,
            value=f"{layer}={written[:20]}",
        )
