"""`bank_graph`: up/down/both walks, the node ceiling, URLs as external, and one-hop neighbours."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_server.errors import ToolInputError
from memorybank_server.graph import MAX_NEIGHBOURS, NEIGHBOUR_READ_BYTES, graph
from tests.conftest import write_bank


def doc(title: str, *sources: str, kind: str = "domain", extra: str = "") -> str:
    lines = ["---", f"title: {title}", f"doc_kind: {kind}", "status: active"]
    if sources:
        lines.append("derived_from:")
        lines += [f'  - "{s}"' if s.startswith("#") else f"  - {s}" for s in sources]
    return "\n".join([*lines, *([extra] if extra else []), "---", f"# {title}", ""])


BANK = {
    "dna/principles.md": doc("Principles", kind="governance"),
    "dna/governance.md": doc("Governance", "principles.md", kind="governance"),
    "domain/model.md": doc("Model", "{path: ../dna/principles.md, fit: the entities}"),
    "domain/orders.md": doc(
        "Orders",
        "model.md",
        "https://github.com/acme/shop/issues/41",
        "../../outside/notes.md",
        "../../outside/build.yml",
        "missing.md",
        "#just-an-anchor",
    ),
    "adr/ADR-001.md": doc("Queue", "../domain/orders.md", kind="adr"),
}


def make_bank(root: Path, files: dict[str, str] | None = None) -> Bank:
    write_bank(root, BANK if files is None else files)
    bank = Bank(root)
    bank.refresh()
    return bank


@pytest.fixture
def bank(tmp_path: Path) -> Bank:
    root = tmp_path / "a" / "b" / "c" / "memory-bank"
    write_bank(
        tmp_path / "a" / "b" / "c" / "outside",
        {"notes.md": "---\ntitle: Outside notes: lenient\ndoc_kind: research\ncanonical_for: key\n---\n"},
    )
    return make_bank(root)


def paths(answer: dict) -> list[tuple[str, int, str]]:
    return [(n["path"], n["depth"], n["via"]) for n in answer["nodes"]]


def test_down_is_the_blast_radius_sorted_by_depth_then_path(bank: Bank) -> None:
    answer = graph(bank, "dna/principles.md", neighbours=False)
    assert paths(answer) == [
        ("dna/principles.md", 0, "down"),
        ("dna/governance.md", 1, "down"),
        ("domain/model.md", 1, "down"),
        ("domain/orders.md", 2, "down"),
    ]
    assert answer["edges"] == [
        {"from": "dna/governance.md", "to": "dna/principles.md"},
        {"from": "domain/model.md", "to": "dna/principles.md", "fit": "the entities"},
        {"from": "domain/orders.md", "to": "domain/model.md"},
    ]
    assert answer["byLayer"] == {"dna": 1, "knowledge": 2}
    assert (answer["root"], answer["direction"], answer["depth"], answer["truncated"]) == (
        "dna/principles.md",
        "down",
        2,
        False,
    )
    assert "neighbours" not in answer
    assert answer["nodes"][0] == {
        "path": "dna/principles.md",
        "title": "Principles",
        "docKind": "governance",
        "layer": "dna",
        "status": "active",
        "depth": 0,
        "via": "down",
    }


def test_up_classifies_urls_as_external_never_broken(bank: Bank) -> None:
    answer = graph(bank, "domain/orders.md", direction="up", depth=6)
    assert paths(answer) == [
        ("domain/orders.md", 0, "up"),
        ("domain/model.md", 1, "up"),
        ("dna/principles.md", 2, "up"),
    ]
    assert answer["external"] == [
        {"from": "domain/orders.md", "raw": "../../outside/build.yml"},
        {"from": "domain/orders.md", "raw": "../../outside/notes.md"},
        {"from": "domain/orders.md", "raw": "https://github.com/acme/shop/issues/41", "url": True},
    ]
    assert answer["broken"] == [{"from": "domain/orders.md", "raw": "missing.md"}]


def test_neighbours_are_read_leniently_and_urls_are_never_read(bank: Bank) -> None:
    neighbours = graph(bank, "domain/orders.md", direction="up")["neighbours"]
    assert [n["raw"] for n in neighbours] == ["../../outside/build.yml", "../../outside/notes.md"]
    build, notes = neighbours
    assert build["unreadable"] == "not a markdown file"
    assert notes["file"] == "b/c/outside/notes.md"
    assert notes["title"] == "Outside notes: lenient"
    assert notes["docKind"] == "research"
    assert notes["canonicalFor"] == ["key"]
    assert "unreadable" not in notes and "status" not in notes


def test_the_default_down_direction_shows_external_neighbours_of_the_nodes_found(bank: Bank) -> None:
    answer = graph(bank, "domain/model.md")
    assert [n["path"] for n in answer["nodes"]] == ["domain/model.md", "domain/orders.md", "adr/ADR-001.md"]
    assert {n["raw"] for n in answer["neighbours"]} == {"../../outside/build.yml", "../../outside/notes.md"}
    assert answer["broken"] == [{"from": "domain/orders.md", "raw": "missing.md"}]


def test_the_node_ceiling_counts_the_root(bank: Bank) -> None:
    answer = graph(bank, "dna/principles.md", depth=6, limit=2)
    assert len(answer["nodes"]) == 2
    assert answer["truncated"] is True
    assert all(e["from"] in {n["path"] for n in answer["nodes"]} for e in answer["edges"])


def test_both_walks_over_cycles_and_expands_down_through_nodes_found_going_up(tmp_path: Path) -> None:
    bank = make_bank(
        tmp_path / "memory-bank",
        {
            "r.md": doc("R", "s.md"),
            "s.md": doc("S", "r.md"),
            "x.md": doc("X", "s.md"),
            "y.md": doc("Y", "x.md", "r.md"),
        },
    )
    answer = graph(bank, "r.md", direction="both", depth=6)
    assert paths(answer) == [("r.md", 0, "both"), ("s.md", 1, "up"), ("y.md", 1, "down"), ("x.md", 2, "down")]
    assert [(e["from"], e["to"]) for e in answer["edges"]] == [
        ("r.md", "s.md"),
        ("s.md", "r.md"),
        ("x.md", "s.md"),
        ("y.md", "r.md"),
        ("y.md", "x.md"),
    ]
    assert answer["byLayer"] == {"other": 3}


def test_neighbours_never_reach_beyond_three_levels_above_the_bank(bank: Bank, tmp_path: Path) -> None:
    (tmp_path / "top.md").write_text("# too far\n", encoding="utf-8")
    (tmp_path / "a" / "near.md").write_text("---\ntitle: Near\n---\n", encoding="utf-8")
    os.symlink(tmp_path / "top.md", tmp_path / "a" / "sneaky.md")
    sources = ("../../../../top.md", "../../../near.md", "../../../sneaky.md", "../../../gone.md")
    write_bank(bank.root, {"far.md": doc("Far", *sources)})
    bank.refresh()
    by_raw = {n["raw"]: n for n in graph(bank, "far.md", direction="up")["neighbours"]}
    assert "beyond" in by_raw["../../../../top.md"]["unreadable"]
    assert by_raw["../../../../top.md"]["file"] == os.path.join("..", "top.md")
    assert by_raw["../../../near.md"]["title"] == "Near"
    assert by_raw["../../../near.md"]["file"] == "near.md"
    assert "beyond" in by_raw["../../../sneaky.md"]["unreadable"]
    assert "no such file" in by_raw["../../../gone.md"]["unreadable"]


def test_at_most_25_external_entries_are_resolved(tmp_path: Path) -> None:
    sources = [f"../n{i:02}.md" for i in range(30)]
    bank = make_bank(tmp_path / "memory-bank", {"x.md": doc("X", *sources)})
    answer = graph(bank, "x.md", direction="up")
    assert len(answer["external"]) == 30
    assert len(answer["neighbours"]) == MAX_NEIGHBOURS


def test_an_unknown_start_is_an_error(bank: Bank) -> None:
    with pytest.raises(ToolInputError, match="Not a document of this bank"):
        graph(bank, "nowhere.md")
    with pytest.raises(ToolInputError, match="Not a document of this bank"):
        graph(bank, "../outside/notes.md")


@pytest.mark.parametrize(
    ("argument", "value"),
    [("direction", "sideways"), ("depth", 0), ("depth", 7), ("limit", 0), ("limit", 301), ("depth", True)],
)
def test_bad_arguments_are_refused(bank: Bank, argument: str, value: object) -> None:
    with pytest.raises(ToolInputError, match=argument):
        graph(bank, "dna/principles.md", **{argument: value})  # type: ignore[arg-type]


def test_a_neighbour_swapped_after_its_check_is_never_read(
    bank: Bank, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The checked name is opened, without following a link: a swap for a link out of the ceiling,
    or for a FIFO, made right after the check reads nothing and blocks nothing."""
    (tmp_path / "far.md").write_text("---\ntitle: Far away\n---\n", encoding="utf-8")
    near = tmp_path / "a" / "near.md"
    write_bank(bank.root, {"x.md": doc("X", "../../../near.md")})
    bank.refresh()
    checked = os.path.realpath
    for swap in (lambda: near.symlink_to(tmp_path / "far.md"), lambda: os.mkfifo(near)):
        near.write_text("---\ntitle: Near\n---\n", encoding="utf-8")

        def realpath(path: str, swap=swap, **options: object) -> str:
            answer = checked(path, **options)
            if answer == str(near):
                near.unlink()
                swap()
            return answer

        monkeypatch.setattr(os.path, "realpath", realpath)
        (found,) = graph(bank, "x.md", direction="up")["neighbours"]
        monkeypatch.setattr(os.path, "realpath", checked)
        assert "title" not in found
        assert found["unreadable"] in ("the file is a symbolic link", "the file is not a regular file")
        near.unlink()


def test_a_long_neighbour_is_read_by_its_head(bank: Bank, tmp_path: Path) -> None:
    long = tmp_path / "a" / "long.md"
    long.write_text("---\ntitle: Long\n---\n" + "x" * (4 * NEIGHBOUR_READ_BYTES), encoding="utf-8")
    write_bank(bank.root, {"x.md": doc("X", "../../../long.md")})
    bank.refresh()
    (found,) = graph(bank, "x.md", direction="up")["neighbours"]
    assert found["title"] == "Long"


def test_a_neighbour_whose_name_holds_a_hash_is_read_by_its_whole_name(bank: Bank, tmp_path: Path) -> None:
    """A `derived_from` value is a plain path whose part before its first `#` is the file, unless
    that names nothing: then the whole value is (`c#-style.md`), as the bank reads its own
    documents. A neighbour outside the bank was read by the part alone, `c`: "not a markdown file"."""
    outside = tmp_path / "a" / "b" / "c" / "outside"
    (outside / "c#-style.md").write_text("---\ntitle: C sharp style\n---\n", encoding="utf-8")
    (outside / "guide.md").write_text("---\ntitle: Guide\n---\n", encoding="utf-8")
    (outside / "guide.md#usage.md").write_text("---\ntitle: Not this one\n---\n", encoding="utf-8")
    sources = ("../outside/c#-style.md", "../outside/guide.md#usage.md", "../outside/gone.md#x")
    write_bank(bank.root, {"styled.md": doc("Styled", *sources)})
    bank.refresh()
    by_raw = {n["raw"]: n for n in graph(bank, "styled.md", direction="up")["neighbours"]}
    assert by_raw["../outside/c#-style.md"]["file"] == "b/c/outside/c#-style.md"
    assert by_raw["../outside/c#-style.md"]["title"] == "C sharp style"
    assert by_raw["../outside/guide.md#usage.md"]["title"] == "Guide"  # the part names a file: a section
    assert by_raw["../outside/gone.md#x"]["file"] == "b/c/outside/gone.md"
    assert by_raw["../outside/gone.md#x"]["unreadable"].startswith("no such file")


def test_neighbours_are_never_read_above_the_repository_that_holds_the_bank(
    bank: Bank, tmp_path: Path
) -> None:
    """Three levels above the bank is the limit, and so is the repository: a `derived_from` that
    climbs out of the project does not get a header read from beside it."""
    project = tmp_path / "a" / "b"
    (project / ".git").mkdir()
    (tmp_path / "a" / "near.md").write_text("---\ntitle: Near\n---\n", encoding="utf-8")
    (project / "inside.md").write_text("---\ntitle: Inside\n---\n", encoding="utf-8")
    write_bank(bank.root, {"far.md": doc("Far", "../../../near.md", "../../inside.md")})
    bank.refresh()
    by_raw = {n["raw"]: n for n in graph(bank, "far.md", direction="up")["neighbours"]}
    assert "beyond" in by_raw["../../../near.md"]["unreadable"] and "title" not in by_raw["../../../near.md"]
    assert by_raw["../../inside.md"]["title"] == "Inside"


def test_the_file_systems_root_is_never_the_ceiling() -> None:
    from memorybank_server.graph import _ceiling

    assert _ceiling(Path("/srv/bank")) == Path("/srv")
    assert _ceiling(Path("/bank")) == Path("/bank")


def test_external_and_broken_entries_are_listed_up_to_a_bound_and_the_rest_counted(tmp_path: Path) -> None:
    """A page naming 9,000 targets outside the bank answered 484 KB, every entry listed."""
    from memorybank_server.graph import MAX_LISTED

    sources = [f"https://example.com/{n}" for n in range(150)] + [f"missing-{n}.md" for n in range(130)]
    bank = make_bank(tmp_path / "memory-bank", {"dna/principles.md": doc("Principles", *sources)})
    answer = graph(bank, "dna/principles.md", direction="up", neighbours=False)
    assert len(answer["external"]) == len(answer["broken"]) == MAX_LISTED
    assert (answer["externalLeftOut"], answer["brokenLeftOut"]) == (150 - MAX_LISTED, 130 - MAX_LISTED)
    small = graph(make_bank(tmp_path / "small"), "domain/orders.md", direction="up")
    assert "externalLeftOut" not in small and "brokenLeftOut" not in small


def test_titles_and_purposes_are_held_to_a_few_hundred_characters(tmp_path: Path) -> None:
    """A node's 100 KB title came back whole (200 KB for two), and a neighbour's purpose too."""
    from memorybank_server.read import HEADER_CHARS

    long = "T" * 100_000
    write_bank(tmp_path / "outside", {"far.md": f"---\ntitle: {long}\npurpose: {long}\n---\n"})
    bank = make_bank(
        tmp_path / "memory-bank",
        {
            "a.md": f"---\ntitle: {long}\nderived_from:\n  - b.md\n  - ../outside/far.md\n---\n",
            "b.md": f"---\ntitle: {long}\n---\n",
        },
    )
    answer = graph(bank, "a.md", direction="up")
    assert [len(node["title"]) for node in answer["nodes"]] == [HEADER_CHARS, HEADER_CHARS]
    [far] = answer["neighbours"]
    assert len(far["title"]) == len(far["purpose"]) == HEADER_CHARS


def test_edges_are_listed_up_to_a_bound_nearest_first_and_the_rest_counted(tmp_path: Path) -> None:
    """Every edge between the nodes was listed, each with its whole `fit`: 60 documents deriving
    from one another with 30 KB fits answered 106 MB. The edges the walk meets first are kept,
    each fit and each node's kind and status cut, and the rest counted."""
    from memorybank_server.graph import MAX_EDGES
    from memorybank_server.read import HEADER_CHARS, json_bytes

    count = 40
    edges = count * (count - 1)
    assert edges > MAX_EDGES
    header = "---\ntitle: D{n}\ndoc_kind: {kind}{n}\nstatus: {kind}\nderived_from:\n{sources}---\n# D\n"
    files = {}
    for n in range(count):
        sources = "".join(f"  - {{path: d{m}.md, fit: {'F' * 2_000}}}\n" for m in range(count) if m != n)
        files[f"d{n}.md"] = header.format(n=n, kind="K" * 5_000, sources=sources)
    answer = graph(make_bank(tmp_path / "memory-bank", files), "d0.md", neighbours=False)
    assert len(answer["nodes"]) == count and not answer["truncated"]
    assert len(answer["edges"]) == MAX_EDGES and answer["edgesLeftOut"] == edges - MAX_EDGES
    listed = {(edge["from"], edge["to"]) for edge in answer["edges"]}
    assert {(f"d{n}.md", "d0.md") for n in range(1, count)} <= listed  # the hop that found each node
    assert all(len(edge["fit"]) == HEADER_CHARS for edge in answer["edges"])
    assert all(len(node["docKind"]) == len(node["status"]) == HEADER_CHARS for node in answer["nodes"])
    assert json_bytes(answer) < MAX_EDGES * (HEADER_CHARS + 100) + count * 4 * HEADER_CHARS


def test_with_both_directions_the_cut_keeps_the_edges_nearest_the_root_of_either_sweep(
    tmp_path: Path,
) -> None:
    """`both` sweeps up to its end before down, and the cut kept edges in the order met: 955 edges
    two hops up were listed and the one edge that found a document below the root was not."""
    from memorybank_server.graph import MAX_EDGES

    count = 46
    files = {f"up/a{i:02}.md": doc(f"A{i}", *[f"a{j:02}.md" for j in range(i)]) for i in range(count)}
    files["root.md"] = doc("Root", *[f"up/a{i:02}.md" for i in range(count)])
    files["dep.md"] = doc("Dep", "root.md")
    answer = graph(make_bank(tmp_path / "memory-bank", files), "root.md", direction="both", neighbours=False)
    assert answer["edgesLeftOut"] > 0 and len(answer["edges"]) == MAX_EDGES
    listed = {(edge["from"], edge["to"]) for edge in answer["edges"]}
    assert ("dep.md", "root.md") in listed
    assert {("root.md", f"up/a{i:02}.md") for i in range(count)} <= listed


def test_what_a_graph_quotes_from_outside_the_bank_is_cut(tmp_path: Path) -> None:
    """A neighbour's `canonical_for` was listed whole, every key of it, and so was an entry as
    written (`raw`) however long: each is now cut, and a neighbour's keys past a bound counted."""
    from memorybank_server.graph import MAX_NEIGHBOUR_KEYS
    from memorybank_server.read import HEADER_CHARS

    keys = "".join(f"  - {'k' * 1_000}{n}\n" for n in range(MAX_NEIGHBOUR_KEYS + 30))
    far = f"---\ntitle: Far\ndoc_kind: {'K' * 50_000}\nstatus: {'S' * 50_000}\ncanonical_for:\n{keys}---\n"
    write_bank(tmp_path / "outside", {"far.md": far})
    long_way = "../outside/" + "./" * 2_000 + "far.md"
    missing = "missing-" + "m" * 100_000 + ".md"
    bank = make_bank(tmp_path / "memory-bank", {"a.md": doc("A", long_way, missing)})
    answer = graph(bank, "a.md", direction="up")
    [outside], [broken], [neighbour] = answer["external"], answer["broken"], answer["neighbours"]
    assert len(outside["raw"]) == len(broken["raw"]) == len(neighbour["raw"]) == HEADER_CHARS
    assert neighbour["title"] == "Far" and neighbour["file"].endswith("/outside/far.md")  # read whole
    assert len(neighbour["docKind"]) == len(neighbour["status"]) == HEADER_CHARS
    assert len(neighbour["canonicalFor"]) == MAX_NEIGHBOUR_KEYS and neighbour["canonicalForLeftOut"] == 30
    assert all(len(key) == HEADER_CHARS for key in neighbour["canonicalFor"])
