"""The `derived_from` graph: cycles for the linter, bounded walks up and down for the server.

Why iterative: a real bank's dependency chains can be deep, and recursion limits are not a
property of the bank.
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from .bank import Bank, PerRevision

SPELLED = 12  # members a loop's message and identity spell out; a longer loop is summarised
DRAWN = 60  # members a report may draw; a longer loop is listed, not drawn


@lru_cache(maxsize=1 << 16)
def _member_digest(path: str) -> int:
    return int.from_bytes(hashlib.sha256(path.encode("utf-8", "surrogatepass")).digest()[:8], "big")


@dataclass(frozen=True)
class Cycle:
    """A loop found by the depth-first search, in edge order from its smallest member and closed
    by `closer` (the last member, whose edge leads back to the first).

    Why it does not hold every member: one document deriving from the first of a long chain
    closes a loop per link, N loops of up to N members; copying each made the search grow with
    the square of the bank. A loop keeps what a report shows of it: its members when it is short
    enough to draw (`spelled`; else the first `SPELLED - 2`), its size, an order-free digest of
    its members, and whether any member is in the scope asked for.
    """

    size: int
    spelled: tuple[str, ...]
    closer: str
    line: int | None
    column: int | None
    digest: int
    touches: bool = True

    def render(self) -> str:
        """The loop as `a -> b -> a`; past `SPELLED` members, its start and its end."""
        if self.size <= SPELLED:
            return " -> ".join((*self.spelled, self.spelled[0]))
        head = " -> ".join(self.spelled[: SPELLED - 2])
        return f"{head} -> … {self.size - SPELLED + 1} more … -> {self.closer} -> {self.spelled[0]}"

    def identity(self) -> str:
        """What the loop is, whatever the walk order: its members sorted, or past `SPELLED`
        members their count and an order-free digest of them."""
        if self.size <= SPELLED:
            return " ".join(sorted(self.spelled))
        return f"{self.size} documents {self.digest:016x}"

    def drawable(self) -> tuple[str, ...]:
        """The members a report draws: all of them, or none past `DRAWN`."""
        return self.spelled if self.size <= DRAWN else ()


def _targets(bank: Bank, path: str) -> list[tuple[str, int | None, int | None]]:
    return [
        (target, edge.line, edge.column)
        for edge in bank.docs[path].derived_from
        if (target := bank.edge_target(edge)) is not None
    ]


def find_cycles(bank: Bank, in_scope: Callable[[str], bool] | None = None) -> Iterator[Cycle]:
    """Every loop the DFS closes through a back edge, each member set reported once, each
    starting at its smallest member and closed by the edge back to it.

    Why the walk is confined to one strongly connected group and starts at its smallest member:
    a loop found from wherever the walk happened to enter it had its closer, and so its baseline
    entry, change when an unrelated document started to derive from one of its members. Only
    edges inside a group can lie on a loop, and a group is the same whatever points into it.

    A back edge `closer -> target` names its loop: the path below `closer` does not change while
    `closer` is on it, and a finished document never returns to it, so two back edges close the
    same members only when they are one edge written twice.

    `in_scope`, when given, sets each loop's `touches`: whether any of its members is in scope.
    """
    nodes = list(bank.docs)
    index = {path: i for i, path in enumerate(nodes)}
    edges = [_targets(bank, path) for path in nodes]
    group = _strong_groups([[index[target] for target, _, _ in out] for out in edges])
    members: dict[int, list[str]] = {}
    for node, g in enumerate(group):
        members.setdefault(g, []).append(nodes[node])
    for g in sorted(members, key=lambda g: min(members[g])):
        inside = members[g]
        start = min(inside)
        if len(inside) == 1 and all(target != start for target, _, _ in edges[index[start]]):
            continue
        yield from _group_cycles(start, g, group, index, edges, in_scope)


class _Path:
    """The depth-first walk's current path, with what a loop along its end is asked in O(1):
    the smallest member of any stretch up to the end (a sparse table built as the path grows:
    `mins[p][k]` is the smallest of the `2**k` members ending at `p`), and running sums of the
    members' digests and of those in scope."""

    def __init__(self, in_scope: Callable[[str], bool] | None) -> None:
        self.members: list[str] = []
        self.mins: list[list[tuple[str, int]]] = []
        self.digests = [0]
        self.scoped = [0]
        self.in_scope = in_scope

    def push(self, member: str) -> None:
        at = len(self.members)
        self.members.append(member)
        row = [(member, at)]
        span = 1
        while span * 2 <= at + 1:
            row.append(min(row[-1], self.mins[at - span][len(row) - 1]))
            span *= 2
        self.mins.append(row)
        self.digests.append(self.digests[-1] + _member_digest(member))
        self.scoped.append(self.scoped[-1] + (self.in_scope is None or self.in_scope(member)))

    def pop(self) -> str:
        self.mins.pop()
        self.digests.pop()
        self.scoped.pop()
        return self.members.pop()

    def smallest_from(self, first: int) -> int:
        """The position of the smallest member of `members[first:]`."""
        end = len(self.members) - 1
        k = (end - first + 1).bit_length() - 1
        return min(self.mins[end][k], self.mins[first + (1 << k) - 1][k])[1]

    def loop(self, first: int, line: int | None, column: int | None, into: list) -> Cycle:
        """The loop `members[first:]` closed by the edge back to `members[first]`."""
        members, size = self.members, len(self.members) - first
        turn = self.smallest_from(first) - first
        if turn:  # the edge back to the smallest member is one the walk went down
            line, column = into[first + turn]
        shown = size if size <= DRAWN else SPELLED - 2
        spelled = tuple(members[first + (turn + i) % size] for i in range(shown))
        closer = members[first + (turn - 1) % size]
        digest = (self.digests[-1] - self.digests[first]) % (1 << 64)
        touches = self.scoped[-1] > self.scoped[first]
        return Cycle(size, spelled, closer, line, column, digest, touches)


def _group_cycles(
    start: str,
    g: int,
    group: list[int],
    index: dict[str, int],
    edges: list[list[tuple[str, int | None, int | None]]],
    in_scope: Callable[[str], bool] | None = None,
) -> Iterator[Cycle]:
    """The loops a depth-first walk from `start` closes along the edges of group `g`."""
    state: dict[str, int] = {start: 1}  # 1 on the current path, 2 finished
    reported: set[tuple[str, str]] = set()
    path = _Path(in_scope)
    path.push(start)
    into: list[tuple[int | None, int | None]] = [(None, None)]  # the edge that led to each step
    position = {start: 0}
    stack = [iter(edges[index[start]])]
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            done = path.pop()
            into.pop()
            del position[done]
            state[done] = 2
            continue
        target, line, column = step
        if group[index[target]] != g:
            continue
        mark = state.get(target)
        if mark == 1:
            edge = (path.members[-1], target)
            if edge not in reported:
                reported.add(edge)
                yield path.loop(position[target], line, column, into)
        elif mark is None:
            state[target] = 1
            position[target] = len(path.members)
            path.push(target)
            into.append((line, column))
            stack.append(iter(edges[index[target]]))


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
        self._nodes = nodes = list(bank.docs)
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

    def bit(self, path: str) -> int:
        """`path` as a one-member set of documents (0 when it is not one), for `reached`."""
        i = self._index.get(path)
        return 0 if i is None else 1 << i

    def reached(self, path: str, among: int) -> list[str]:
        """The documents of the set `among` (bits from `bit`) that `path` is or derives from:
        one set operation, where asking `derives_from` of each member costs one each."""
        i = self._index.get(path)
        if i is None:
            return []
        return [self._nodes[j] for j in _bits((self._above[self._group[i]] | 1 << i) & among)]


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


_ancestries: PerRevision[Ancestry] = PerRevision(Ancestry)


def ancestry(bank: Bank) -> Ancestry:
    """The bank's `Ancestry`, built once per state of its documents (`Bank.revision`)."""
    return _ancestries(bank)
