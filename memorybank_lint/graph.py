"""The `derived_from` graph: cycles for the linter, bounded walks up and down for the server.

Why iterative: a real bank's dependency chains can be deep, and recursion limits are not a
property of the bank.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from .bank import Bank


@dataclass(frozen=True)
class Cycle:
    """A loop found by the depth-first search: `members` in walk order, closed by `closer`."""

    members: tuple[str, ...]
    closer: str
    line: int | None
    column: int | None = None

    def render(self) -> str:
        return " -> ".join((*self.members, self.members[0]))


def _targets(bank: Bank, path: str) -> list[tuple[str, int | None, int | None]]:
    return [
        (target, edge.line, edge.column)
        for edge in bank.docs[path].derived_from
        if (target := bank.edge_target(edge)) is not None
    ]


def find_cycles(bank: Bank) -> Iterator[Cycle]:
    """Every loop the DFS closes through a back edge, each member set reported once."""
    state: dict[str, int] = {}  # 1 on the current path, 2 finished
    reported: set[tuple[str, ...]] = set()
    for start in bank.docs:
        if start in state:
            continue
        path: list[str] = [start]
        position = {start: 0}
        state[start] = 1
        stack = [iter(_targets(bank, start))]
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                done = path.pop()
                del position[done]
                state[done] = 2
                continue
            target, line, column = step
            mark = state.get(target)
            if mark == 1:
                members = tuple(path[position[target] :])
                identity = tuple(sorted(members))
                if identity not in reported:
                    reported.add(identity)
                    yield Cycle(members, path[-1], line, column)
            elif mark is None:
                state[target] = 1
                position[target] = len(path)
                path.append(target)
                stack.append(iter(_targets(bank, target)))


def walk(bank: Bank, start: str, direction: str, depth: int, limit: int) -> list[tuple[str, int]]:
    """Breadth-first from `start` along edges (`up`: what it derives from; `down`: what derives
    from it), at most `depth` hops and `limit` nodes: `(path, distance)` in discovery order."""
    seen = {start}
    order: list[tuple[str, int]] = []
    queue = deque([(start, 0)])
    while queue and len(order) < limit:
        node, distance = queue.popleft()
        if distance >= depth:
            continue
        if direction == "up":
            nexts = [target for target, _, _ in _targets(bank, node)]
        else:
            nexts = bank.incoming.get(node, [])
        for nxt in nexts:
            if nxt not in seen and nxt in bank.docs:
                seen.add(nxt)
                order.append((nxt, distance + 1))
                queue.append((nxt, distance + 1))
                if len(order) >= limit:
                    break
    return order
