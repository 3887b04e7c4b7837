"""`graph.ancestry`: which documents derive from which, through any chain, as one bit test.

It answers the fixes' "would this edge close a loop" for every MB001 finding of a run, so it must
agree with walking the graph, cycles, self-loops and broken edges included.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from memorybank_lint.bank import Bank
from memorybank_lint.graph import ancestry, find_cycles, walk
from tests.conftest import write_bank

NAMES = [f"d{i}.md" for i in range(10)]


def _bank(root: Path, edges: dict[str, list[str]]) -> Bank:
    files = {}
    for name in NAMES:
        sources = "".join(f"  - {target}\n" for target in edges.get(name, []))
        header = f"title: {name}\nstatus: draft\n" + (f"derived_from:\n{sources}" if sources else "")
        files[name] = f"---\n{header}---\n# {name}\n"
    return Bank(write_bank(root, files))


def _reached(bank: Bank, path: str) -> set[str]:
    """Every document one or more edges up from `path` (itself, when a loop comes back)."""
    reached: set[str] = set()
    frontier = [path]
    while frontier:
        node = frontier.pop()
        for edge in bank.docs[node].derived_from:
            target = bank.edge_target(edge)
            if target is not None and target not in reached:
                reached.add(target)
                frontier.append(target)
    return reached


@given(
    edges=st.dictionaries(
        st.sampled_from(NAMES), st.lists(st.sampled_from([*NAMES, "missing.md"]), max_size=3), max_size=10
    )
)
def test_ancestry_agrees_with_walking_the_graph(edges: dict[str, list[str]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        bank = _bank(Path(folder) / "memory-bank", edges)
        bank.refresh()
        found = ancestry(bank)
        for path in NAMES:
            above = _reached(bank, path)
            assert {a for a in NAMES if found.derives_from(path, a)} == above, path
            walked = {other for other, _ in walk(bank, path, "up", len(NAMES), len(NAMES))}
            assert walked == above - {path}  # the server's walk, which never lists its start
            among = set(NAMES[::3]) | {path}
            bits = 0
            for name in among:
                bits |= found.bit(name)
            assert set(found.reached(path, bits)) == {a for a in among if a == path or a in above}, path


@given(
    edges=st.dictionaries(
        st.sampled_from(NAMES), st.lists(st.sampled_from([*NAMES, "missing.md"]), max_size=3), max_size=10
    ),
    scope=st.sets(st.sampled_from(NAMES), max_size=3),
)
def test_every_loop_found_is_a_loop_of_the_graph(edges: dict[str, list[str]], scope: set[str]) -> None:
    """Each loop MB003 reports runs along real edges from its smallest member back to it, is
    named by its members, and touches the scope exactly when a member is in it; a graph with a
    loop has one reported."""
    with tempfile.TemporaryDirectory() as folder:
        bank = _bank(Path(folder) / "memory-bank", edges)
        bank.refresh()
        loops = list(find_cycles(bank, scope.__contains__))
        on_a_loop = {path for path in NAMES if path in _reached(bank, path)}
        # one loop per back edge of the walk: a loop that shares its back edge is not told again
        assert {member for loop in loops for member in loop.spelled} <= on_a_loop
        assert bool(loops) == bool(on_a_loop)
        for loop in loops:
            ring = loop.spelled
            assert loop.size == len(ring) and ring[0] == min(ring) and loop.closer == ring[-1]
            for source, target in zip(ring, (*ring[1:], ring[0]), strict=True):
                assert target in {bank.edge_target(edge) for edge in bank.docs[source].derived_from}
            assert loop.identity() == " ".join(sorted(ring))
            assert loop.touches == bool(scope & set(ring))


def test_a_changed_edge_is_seen_after_the_refresh(tmp_path: Path) -> None:
    bank = _bank(tmp_path / "memory-bank", {"d1.md": ["d0.md"], "d2.md": ["d1.md"]})
    bank.refresh()
    assert ancestry(bank).derives_from("d2.md", "d0.md")
    assert not ancestry(bank).derives_from("d0.md", "d2.md")
    write_bank(bank.root, {"d0.md": "---\ntitle: d0\nstatus: draft\nderived_from: [d2.md]\n---\n# d0\n"})
    bank.refresh()
    assert ancestry(bank).derives_from("d0.md", "d0.md")  # now a loop: each derives from all three
    assert ancestry(bank).derives_from("d0.md", "d2.md")
