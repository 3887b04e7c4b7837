"""The `derived_from` graph: cycles for the linter, bounded walks up and down for the server.

Why iterative: a real bank's dependency chains can be deep, and recursion limits are not a
property of the bank.
"""

from __future__ import annotations

import weakref
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


class Ancestry:
    """Which documents each document derives from through any chain of `derived_from`.

    Why: the fix that re-points a broken edge must not close a loop, and the report asks that of
    every MB001 finding; a walk up the graph per finding made a bank of N broken edges into a
    chain cost N² steps in every lint run. Here the graph is condensed into its strongly connected
    groups once (iterative Tarjan: a group is finished after every group it derives from), and
    each group holds its ancestors as one bitset, so each question is a bit test.
    """

    def __init__(self, bank: Bank) -> None:
        nodes = list(bank.docs)
        self._index = {path: i for i, path in enumerate(nodes)}
        ups = [[self._index[t] for t, _, _ in _targets(bank, path)] for path in nodes]
        self._group = group = _strong_groups(ups)
        members: dict[int, int] = {}
        for node, g in enumerate(group):
            members[g] = members.get(g, 0) | 1 << node
        self._above = above = [0] * (max(group, default=-1) + 1)
        for g in range(len(above)):  # groups are numbered as finished: ancestors first
            bits = 0
            for node in _bits(members[g]):
                for up in ups[node]:
                    if group[up] != g:
                        bits |= above[group[up]] | members[group[up]]
                    else:  # an edge inside the group: a loop, each member derives from all
                        bits |= members[g]
            above[g] = bits

    def derives_from(self, path: str, ancestor: str) -> bool:
        """Whether `path` derives, through one edge or many, from `ancestor`."""
        i, j = self._index.get(path), self._index.get(ancestor)
        return i is not None and j is not None and bool(self._above[self._group[i]] >> j & 1)


def _bits(value: int) -> Iterator[int]:
    while value:
        low = value & -value
        yield low.bit_length() - 1
        value ^= low


def _strong_groups(ups: list[list[int]]) -> list[int]:
    """Each node's strongly connected group, numbered in the order Tarjan finishes them."""
    count = len(ups)
    order, low, group = [-1] * count, [0] * count, [-1] * count
    on_stack, stack, counter, finished = [False] * count, [], 0, 0
    for start in range(count):
        if order[start] != -1:
            continue
        work = [(start, 0)]
        while work:
            node, edge = work[-1]
            if edge == 0 and order[node] == -1:
                order[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack[node] = True
            if edge < len(ups[node]):
                work[-1] = (node, edge + 1)
                nxt = ups[node][edge]
                if order[nxt] == -1:
                    work.append((nxt, 0))
                elif on_stack[nxt]:
                    low[node] = min(low[node], order[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == order[node]:
                while True:
                    member = stack.pop()
                    on_stack[member] = False
                    group[member] = finished
                    if member == node:
                        break
                finished += 1
    return group


_ancestries: weakref.WeakKeyDictionary[Bank, tuple[int, Ancestry]] = weakref.WeakKeyDictionary()


def ancestry(bank: Bank) -> Ancestry:
    """The bank's `Ancestry`, built once per state of its documents (`Bank.revision`)."""
    found = _ancestries.get(bank)
    if found is None or found[0] != bank.revision:
        found = (bank.revision, Ancestry(bank))
        _ancestries[bank] = found
    return found[1]
