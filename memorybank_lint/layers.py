"""Layers: which kind of knowledge a top-level directory holds, and how much it weighs in ranking.

Why a bank may declare its own: real banks name sections their own way (`scenarios/`, `guides/`),
and routing should rank them as the team means them. The built-in map is the fallback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .tables import tables

LAYERS = ("dna", "knowledge", "decision", "delivery", "flow", "inbox", "other")

BUILTIN: dict[str, str] = {
    "dna": "dna",
    **dict.fromkeys(
        ("product", "domain", "engineering", "ops", "system", "services", "research", "strategies"),
        "knowledge",
    ),
    **dict.fromkeys(("adr", "use-cases", "use_cases", "prd"), "decision"),
    **dict.fromkeys(("features", "epics", "tasks"), "delivery"),
    **dict.fromkeys(("flows", "processes", "prompts"), "flow"),
    "_inbox": "inbox",
}

WEIGHTS: dict[str, float] = {
    "knowledge": 1.5,
    "decision": 1.2,
    "dna": 1.0,
    "flow": 1.0,
    "other": 1.0,
    "delivery": 0.6,
    "inbox": 0.2,
}

_DIR_HEADERS = {"directory", "section", "folder", "каталог", "раздел", "директория", "папка"}
_LAYER_HEADERS = {"layer", "слой"}
_WEIGHT_HEADERS = {"weight", "вес"}
_NUMBER = re.compile(r"^\s*(\d+(?:\.\d+)?)")
MAX_WEIGHT = 100.0  # the heaviest layer weight taken: the built-in ones are 0.2–1.5


@dataclass(frozen=True)
class UnknownLayer:
    directory: str
    layer: str
    source: str
    line: int


@dataclass(frozen=True)
class RejectedWeight:
    """A row's weight above `MAX_WEIGHT`: as written (it may run to thousands of digits)."""

    layer: str
    weight: str
    source: str
    line: int


@dataclass
class LayerTable:
    """What the bank's `dna/` declares: directory → layer, layer weights, and rejected rows."""

    by_dir: dict[str, str] = field(default_factory=dict)
    weights: dict[str, float] = field(default_factory=dict)
    unknown: list[UnknownLayer] = field(default_factory=list)
    rejected: list[RejectedWeight] = field(default_factory=list)
    source: list[str] = field(default_factory=list)

    def layer_of(self, path: str) -> str:
        top = path.split("/", 1)[0] if "/" in path else ""
        return self.by_dir.get(top) or BUILTIN.get(top, "other")

    def weight(self, layer: str) -> float:
        return self.weights.get(layer, WEIGHTS[layer])


def _column(header: list[str], names: set[str]) -> int | None:
    for index, cell in enumerate(header):
        if cell.replace("`", "").strip().lower() in names:
            return index
    return None


def read_layer_table(dna: list[tuple[str, str]]) -> LayerTable:
    """Read every `| Directory | Layer | Weight |` table in the dna documents `(path, text)`."""
    table = LayerTable()
    for path, text in dna:
        if "|" not in text:
            continue
        for found in tables(text):
            dir_col = _column(found.header, _DIR_HEADERS)
            layer_col = _column(found.header, _LAYER_HEADERS)
            if dir_col is None or layer_col is None:
                continue
            weight_col = _column(found.header, _WEIGHT_HEADERS)
            for line, row in found.rows:
                if max(dir_col, layer_col) >= len(row):
                    continue
                directory = row[dir_col].replace("`", "").strip().strip("/")
                layer = row[layer_col].replace("`", "").strip().lower()
                if not directory or not layer:
                    continue
                if path not in table.source:
                    table.source.append(path)
                if layer not in LAYERS:
                    table.unknown.append(UnknownLayer(directory, layer, path, line))
                    continue
                table.by_dir[directory] = layer
                if weight_col is not None and weight_col < len(row):
                    number = _NUMBER.match(row[weight_col].replace("`", ""))
                    weight = float(number.group(1)) if number else None  # 400 digits read as infinity
                    if weight is not None and weight <= MAX_WEIGHT:
                        table.weights[layer] = weight
                    elif number:
                        table.rejected.append(RejectedWeight(layer, number.group(1), path, line))
    return table
