"""MB001 and MB007 fixes: a target written from the repository root (safe), a document that moved (unsafe)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from memorybank_lint.fixes import fix_for
from memorybank_lint.linter import lint

from .conftest import bank_with, doc, fixed_text, only

INDEXED = "---\ntitle: Bank\ndoc_function: index\npurpose: Root.\nstatus: draft\n---\n"


def _node(derived: str, title: str = "Node") -> str:
    return doc(f"title: {title}\nstatus: draft\nderived_from:\n{derived}")


def _readme(*paths: str) -> str:
    return INDEXED + "".join(f"- [{p}]({p})\n" for p in paths)


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("  - memory-bank/dna/principles.md", "  - ../dna/principles.md"),
        ('  - "memory-bank/dna/principles.md"', '  - "../dna/principles.md"'),
        ("  - memory-bank/dna/principles.md#the-root", "  - ../dna/principles.md#the-root"),
        ("  - ./memory-bank/dna/principles.md", "  - ../dna/principles.md"),
    ],
)
def test_a_target_from_the_repository_root_is_rewritten_relative_to_the_document(
    tmp_path: Path, written: str, expected: str
) -> None:
    bank = bank_with(tmp_path, {"domain/n.md": _node(written), "README.md": _readme("domain/n.md")})
    fix, text = fixed_text(bank, "MB001")
    assert fix is not None and fix.safe
    assert text is not None and text.split("\n")[4] == expected


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("  - memory-bank/c#/x.md", "  - x.md"),
        ("  - memory-bank/c#/sub/y.md", "  - sub/y.md"),
    ],
)
def test_a_target_from_the_repository_root_through_a_folder_named_with_a_hash_is_rewritten_whole(
    tmp_path: Path, written: str, expected: str
) -> None:
    """The fix replaced only the part before the `#` and wrote `x.md#/x.md`, a safe fix that read
    back as right because the part before the `#` happened to name the same page."""
    files = {
        "c#/a.md": _node(written),
        "c#/x.md": _node("  - ../dna/principles.md", "X"),
        "c#/sub/y.md": _node("  - ../../dna/principles.md", "Y"),
        "README.md": _readme("c%23/a.md", "c%23/x.md", "c%23/sub/y.md"),
    }
    bank = bank_with(tmp_path, files)
    fix, text = fixed_text(bank, "MB001")
    assert fix is not None and fix.safe
    assert text is not None and text.split("\n")[4] == expected


def test_a_flow_list_target_is_rewritten_in_place(tmp_path: Path) -> None:
    node = doc("title: N\nstatus: draft\nderived_from: [../dna/governance.md, memory-bank/dna/principles.md]")
    bank = bank_with(tmp_path, {"domain/n.md": node, "README.md": _readme("domain/n.md")})
    _fix, text = fixed_text(bank, "MB001")
    assert text is not None
    assert "derived_from: [../dna/governance.md, ../dna/principles.md]" in text


def test_a_target_on_a_line_of_a_flow_list_spanning_lines_is_rewritten_in_place(tmp_path: Path) -> None:
    """Placed at the key's line, a target written from the repository root on a later line of a
    `[...]` list had no fix at all."""
    node = doc(
        "title: N\nstatus: draft\nderived_from: [../dna/governance.md,\n  memory-bank/dna/principles.md]"
    )
    bank = bank_with(tmp_path, {"domain/n.md": node, "README.md": _readme("domain/n.md")})
    fix, text = fixed_text(bank, "MB001")
    assert fix is not None and fix.safe and text is not None
    assert "derived_from: [../dna/governance.md,\n  ../dna/principles.md]\n" in text


def test_a_moved_document_is_found_by_its_name(tmp_path: Path) -> None:
    files = {
        "domain/n.md": _node("  - ../adr/ADR-001-cache.md"),
        "decisions/ADR-001-cache.md": _node("  - ../dna/principles.md", "Cache"),
        "README.md": _readme("domain/n.md", "decisions/ADR-001-cache.md"),
    }
    fix, text = fixed_text(bank_with(tmp_path, files), "MB001")
    assert fix is not None and not fix.safe
    assert text is not None and "  - ../decisions/ADR-001-cache.md\n" in text


def test_of_several_documents_of_that_name_the_one_ending_the_same_way_is_chosen(tmp_path: Path) -> None:
    files = {
        "domain/n.md": _node("  - ../features/FT-001/brief.md"),
        "delivery/FT-001/brief.md": _node("  - ../../dna/principles.md", "One"),
        "delivery/FT-002/brief.md": _node("  - ../../dna/principles.md", "Two"),
    }
    _fix, text = fixed_text(bank_with(tmp_path, files), "MB001", "domain/n.md")
    assert text is not None and "  - ../delivery/FT-001/brief.md\n" in text


def test_no_pick_is_made_when_it_is_not_clear(tmp_path: Path) -> None:
    files = {
        "domain/n.md": _node("  - ../features/brief.md"),
        "delivery/FT-001/brief.md": _node("  - ../../dna/principles.md", "One"),
        "delivery/FT-002/brief.md": _node("  - ../../dna/principles.md", "Two"),
    }
    assert fixed_text(bank_with(tmp_path, files), "MB001", "domain/n.md") == (None, None)


def test_no_pick_closes_a_loop(tmp_path: Path) -> None:
    files = {
        "domain/n.md": _node("  - ../old/cache.md"),
        "adr/cache.md": _node("  - ../domain/n.md", "Cache"),
    }
    bank = bank_with(tmp_path, files)
    assert fix_for(only(bank, "MB001", "domain/n.md"), bank) is None


def test_no_two_picks_close_a_loop_together(tmp_path: Path) -> None:
    """Each pick alone is safe from loops; taken together, `alpha` repointed at `beta` and `beta`
    at `alpha` would close one, so the run takes the first and leaves the second for a person."""
    from memorybank_lint.fixes import plan

    files = {
        "domain/alpha.md": _node("  - ../old/beta.md", "Alpha"),
        "adr/beta.md": _node("  - ../old/alpha.md", "Beta"),
    }
    bank = bank_with(tmp_path, files)
    broken = [f for f in lint(bank) if f.code == "MB001"]
    assert len(broken) == 2 and all(fix_for(f, bank) is not None for f in broken)
    chosen = plan(bank, broken, unsafe=True)
    assert [fix.edge for fix in chosen] == [("adr/beta.md", "domain/alpha.md")]


def test_an_index_file_name_alone_is_no_reason_to_pick(tmp_path: Path) -> None:
    """`README.md` names every folder's index: a dead `domain/README.md` is not `adr/README.md`."""
    files = {
        "README.md": INDEXED + "- [Principles](dna/principles.md)\n- [Domain](domain/README.md)\n",
        "adr/README.md": INDEXED.replace("Root.", "Decisions."),
    }
    bank = bank_with(tmp_path, files)
    assert fix_for(only(bank, "MB007"), bank) is None


def test_a_dangling_index_entry_is_pointed_at_the_moved_document(tmp_path: Path) -> None:
    files = {
        "README.md": INDEXED + "- [Principles](dna/principles.md)\n- [Cache](adr/cache.md) — why\n",
        "decisions/cache.md": _node("  - ../dna/principles.md", "Cache"),
    }
    bank = bank_with(tmp_path, files)
    fix, text = fixed_text(bank, "MB007")
    assert fix is not None and not fix.safe and fix.path == "README.md"
    assert text is not None and "- [Cache](decisions/cache.md) — why\n" in text


@pytest.mark.parametrize(
    ("entry", "fixed"),
    [
        ("[Cache](adr/cache.md#why) — why", "[Cache](decisions/cache.md#why) — why"),
        ("[adr/cache.md](adr/cache.md#why)", "[adr/cache.md](decisions/cache.md#why)"),
    ],
    ids=["its section kept", "a label that spells its path"],
)
def test_a_dangling_entry_is_pointed_at_the_moved_document_in_its_destination_alone(
    tmp_path: Path, entry: str, fixed: str
) -> None:
    """The fix replaced the whole destination, `#why` included, so the reader landed at the top of
    the page instead of the section the entry named; and it looked for the path from the label on,
    so an entry labelled with its own path was rewritten in the label and got no fix."""
    files = {
        "README.md": INDEXED + f"- [Principles](dna/principles.md)\n- {entry}\n",
        "decisions/cache.md": _node("  - ../dna/principles.md", "Cache"),
    }
    bank = bank_with(tmp_path, files)
    fix, text = fixed_text(bank, "MB007")
    assert fix is not None and text is not None and f"- {fixed}\n" in text


def test_the_fixed_bank_has_no_finding_the_fix_was_for(tmp_path: Path) -> None:
    bank = bank_with(tmp_path, {"domain/n.md": _node("  - memory-bank/dna/principles.md")})
    fix, text = fixed_text(bank, "MB001")
    assert fix is not None and text is not None
    (bank.root / "domain" / "n.md").write_text(text, encoding="utf-8")
    bank.refresh()
    assert [f for f in lint(bank) if f.code == "MB001"] == []


def test_two_fixes_of_one_line_land_in_one_run(tmp_path: Path) -> None:
    """Two targets of one `derived_from: [a, b]`, or two dead links of one index line: each fix
    once checked that its whole line read as before, so the second waited for another run."""
    from memorybank_lint.fixes import apply, plan

    files = {
        "README.md": INDEXED
        + "- [Principles](dna/principles.md)\n- [T](old/taxes.md) and [P](old/pricing.md)\n",
        "domain/taxes.md": _node("  - ../dna/principles.md", "Taxes"),
        "domain/pricing.md": _node("  - ../dna/principles.md", "Pricing"),
        "domain/sync.md": doc(
            "title: Sync\nstatus: draft\n"
            "derived_from: [memory-bank/dna/principles.md, memory-bank/domain/pricing.md]"
        ),
    }
    bank = bank_with(tmp_path, files)
    chosen = plan(bank, lint(bank), unsafe=True)
    apply.apply(bank, chosen)
    assert "- [T](domain/taxes.md) and [P](domain/pricing.md)" in (bank.root / "README.md").read_text()
    assert "derived_from: [../dna/principles.md, pricing.md]" in (bank.root / "domain/sync.md").read_text()
    bank.refresh()
    assert plan(bank, lint(bank), unsafe=True) == []


def test_a_badge_and_its_link_both_dead_are_both_repointed_in_one_run(tmp_path: Path) -> None:
    """An image inside a link's label (a badge) and the link, both to a moved page: the edits went
    by the links' columns, the image's (right of the link's `[`) first, and the link's destination
    stands right of the image's, so its edit no longer read as computed and was never applied."""
    from memorybank_lint.fixes import apply, plan

    files = {
        "README.md": INDEXED + "- [Principles](dna/principles.md)\n- [![b](adr/cache.md)](adr/cache.md)\n",
        "decisions/cache.md": _node("  - ../dna/principles.md", "Cache"),
    }
    bank = bank_with(tmp_path, files)
    apply.apply(bank, plan(bank, lint(bank), unsafe=True))
    assert "- [![b](decisions/cache.md)](decisions/cache.md)\n" in (bank.root / "README.md").read_text()


@pytest.mark.parametrize("index", ["README.md", "domain/README.md"], ids=["same index", "another index"])
def test_a_document_an_entry_is_repointed_at_is_not_registered_again(tmp_path: Path, index: str) -> None:
    """A document that moved leaves a dead entry (MB007) and is itself unregistered (MB009); with
    `--unsafe-fixes` both fixes ran, so the entry was repointed at it and a second entry added for
    it: the index listed the document twice. The repointed entry registers it."""
    from memorybank_lint.fixes import apply, plan

    files = {
        "README.md": INDEXED + "- [Principles](dna/principles.md)\n- [Domain](domain/README.md)\n",
        "domain/README.md": INDEXED + "- [Model](model.md) — the model\n",
        "domain/model.md": _node("  - ../dna/principles.md", "Model"),
        "domain/cache.md": _node("  - ../dna/principles.md", "Cache"),
    }
    old = "adr/cache.md" if index == "README.md" else "../adr/cache.md"
    files[index] += f"- [Cache]({old}) — why\n"
    bank = bank_with(tmp_path, files)
    about_cache = {f.code for f in lint(bank) if "cache" in f.path or "cache" in (f.value or "")}
    assert about_cache == {"MB007", "MB009"}
    apply.apply(bank, plan(bank, lint(bank), unsafe=True))
    texts = {name: (bank.root / name).read_text("utf-8") for name in ("README.md", "domain/README.md")}
    assert sum(text.count("cache.md") for text in texts.values()) == 1, texts
    assert "- [Cache](" in texts[index] and "cache.md) — why\n" in texts[index]
    bank.refresh()
    assert [f for f in lint(bank) if f.code in ("MB007", "MB009")] == []


def test_a_dead_entry_is_not_pointed_at_a_document_its_index_already_lists(tmp_path: Path) -> None:
    """The moved document was already listed under its new path: repointing the dead entry at it
    made the index list it twice, where the dead entry is for a person to remove."""
    listed = "- [Cache](decisions/cache.md) — why\n"
    files = {
        "README.md": INDEXED + "- [Principles](dna/principles.md)\n- [Cache](adr/cache.md) — why\n" + listed,
        "decisions/cache.md": _node("  - ../dna/principles.md", "Cache"),
    }
    bank = bank_with(tmp_path, files)
    assert fixed_text(bank, "MB007") == (None, None)


def test_of_two_dead_entries_for_one_moved_document_one_is_repointed(tmp_path: Path) -> None:
    """Two dead entries of one index (`adr/cache.md`, `old/cache.md`) both had the moved document
    as their pick, and both were repointed: the index then listed it twice."""
    from memorybank_lint.fixes import apply, plan

    files = {
        "README.md": INDEXED
        + "- [Principles](dna/principles.md)\n- [Cache](adr/cache.md) — why\n- [C](old/cache.md)\n",
        "decisions/cache.md": _node("  - ../dna/principles.md", "Cache"),
    }
    bank = bank_with(tmp_path, files)
    dead = [f for f in lint(bank) if f.code == "MB007"]
    assert len(dead) == 2
    # what is offered is what the run does: the second entry is for a person, not a fix dropped
    assert [fix_for(f, bank) is not None for f in dead] == [True, False]
    apply.apply(bank, plan(bank, lint(bank), unsafe=True))
    text = (bank.root / "README.md").read_text("utf-8")
    assert text.count("decisions/cache.md") == 1, text


def test_a_dead_entry_the_index_repeats_is_repointed_alike(tmp_path: Path) -> None:
    """The index listed `adr/cache.md` twice (in two lists of it): both are repointed, so it
    lists the document as often as it did, rather than once and once dead."""
    from memorybank_lint.fixes import apply, plan

    files = {
        "README.md": INDEXED
        + "- [Principles](dna/principles.md)\n- [Cache](adr/cache.md)\n"
        + "\n## By age\n\n- [Cache](adr/cache.md)\n",
        "decisions/cache.md": _node("  - ../dna/principles.md", "Cache"),
    }
    bank = bank_with(tmp_path, files)
    apply.apply(bank, plan(bank, lint(bank), unsafe=True))
    text = (bank.root / "README.md").read_text("utf-8")
    assert text.count("(decisions/cache.md)") == 2 and "adr/cache.md" not in text, text


@pytest.mark.parametrize(
    "entries",
    [
        "- [Why](decisions/cache.md#why)\n- [How](adr/cache.md#how)\n",
        "- [Why](adr/cache.md#why)\n- [How](old/cache.md#how)\n",
    ],
    ids=["one listed", "both dead"],
)
def test_entries_for_two_sections_of_one_moved_document_are_both_repointed(
    tmp_path: Path, entries: str
) -> None:
    """Two entries for two sections of one document are two entries, not one listed twice."""
    from memorybank_lint.fixes import apply, plan

    files = {
        "README.md": INDEXED + "- [Principles](dna/principles.md)\n" + entries,
        "decisions/cache.md": _node("  - ../dna/principles.md", "Cache"),
    }
    bank = bank_with(tmp_path, files)
    apply.apply(bank, plan(bank, lint(bank), unsafe=True))
    text = (bank.root / "README.md").read_text("utf-8")
    assert "(decisions/cache.md#why)" in text and "(decisions/cache.md#how)" in text, text


@pytest.mark.parametrize(
    "derived",
    ["  - old/taxes.md\n  - taxes.md", "  - old/taxes.md\n  - older/taxes.md"],
    ids=["already derived from", "two broken targets"],
)
def test_a_broken_target_is_not_pointed_at_a_document_its_header_already_derives_from(
    tmp_path: Path, derived: str
) -> None:
    """`derived_from` then named one document twice: the broken target that would repeat it is
    for a person to remove."""
    from memorybank_lint.fixes import apply, plan

    files = {
        "domain/taxes.md": _node("  - ../dna/principles.md", "Taxes"),
        "domain/sync.md": _node(derived, "Sync"),
    }
    bank = bank_with(tmp_path, files)
    apply.apply(bank, plan(bank, lint(bank), unsafe=True))
    text = (bank.root / "domain/sync.md").read_text("utf-8")
    assert text.count("  - taxes.md\n") == 1, text


@pytest.mark.parametrize(
    "derived",
    [
        "  - memory-bank/dna/principles.md\n  - ../dna/principles.md",
        "  - ../dna/principles.md\n  - memory-bank/dna/principles.md",
    ],
    ids=["written from the root first", "written from the root second"],
)
def test_a_path_from_the_repository_root_is_not_rewritten_into_one_the_header_already_names(
    tmp_path: Path, derived: str
) -> None:
    """The safe rewrite of `memory-bank/dna/principles.md` beside `../dna/principles.md` wrote the
    same line twice: the entry is for a person to remove, as with an unsafe pick."""
    from memorybank_lint.fixes import apply, plan

    bank = bank_with(tmp_path, {"domain/n.md": _node(derived), "README.md": _readme("domain/n.md")})
    assert any(f.code == "MB001" for f in lint(bank))
    apply.apply(bank, plan(bank, lint(bank), unsafe=True))
    text = (bank.root / "domain/n.md").read_text("utf-8")
    assert text.count("  - ../dna/principles.md\n") == 1 and "memory-bank/dna" in text, text


def test_a_broken_target_the_header_repeats_is_repointed_alike(tmp_path: Path) -> None:
    """The header named `old/taxes.md` twice: both are repointed, so it names the document as
    often as it did, rather than once and once broken."""
    from memorybank_lint.fixes import apply, plan

    files = {
        "domain/taxes.md": _node("  - ../dna/principles.md", "Taxes"),
        "domain/sync.md": _node("  - old/taxes.md\n  - old/taxes.md", "Sync"),
    }
    bank = bank_with(tmp_path, files)
    apply.apply(bank, plan(bank, lint(bank), unsafe=True))
    assert "  - taxes.md\n  - taxes.md\n" in (bank.root / "domain/sync.md").read_text("utf-8")


def test_broken_targets_naming_two_sections_of_one_moved_document_are_both_repointed(tmp_path: Path) -> None:
    """`taxes.md#rates` and `taxes.md#rounding` are two sources, not one document named twice."""
    from memorybank_lint.fixes import apply, plan

    files = {
        "domain/taxes.md": _node("  - ../dna/principles.md", "Taxes"),
        "domain/sync.md": _node("  - taxes.md#rates\n  - old/taxes.md#rounding", "Sync"),
    }
    bank = bank_with(tmp_path, files)
    apply.apply(bank, plan(bank, lint(bank), unsafe=True))
    assert "  - taxes.md#rounding\n" in (bank.root / "domain/sync.md").read_text("utf-8")


def test_a_deleted_document_is_not_taken_for_the_template_of_its_name(tmp_path: Path) -> None:
    """A package's deleted `brief.md` was linked to the feature template's `brief.md` by the
    unsafe fix, and the bank then validated clean."""
    template = doc("title: Brief Template\ndoc_function: template\nstatus: active")
    files = {
        "features/FT-001/README.md": INDEXED + "- [Brief](brief.md)\n",
        "flows/templates/feature/brief.md": template,
        "README.md": _readme("features/FT-001/README.md", "flows/templates/feature/brief.md"),
    }
    bank = bank_with(tmp_path, files)
    assert [f for f in lint(bank) if f.code == "MB007"]
    fix, _text = fixed_text(bank, "MB007")
    assert fix is None


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("adr/cache.md", "- [Cache](decisions%20old/cache.md) — why\n"),
        ("<adr/cache.md>", "- [Cache](<decisions old/cache.md>) — why\n"),
        ("adr/my%20cache.md", None),  # another name: not the moved document
    ],
)
def test_a_moved_document_in_a_folder_with_a_space_is_linked_in_the_entrys_own_form(
    tmp_path: Path, written: str, expected: str | None
) -> None:
    """A document moved to `decisions old/`: a plain entry cannot carry the space, so it is
    written `%20`, as a renderer reads it; an entry in `<…>` keeps its brackets and the space."""
    files = {
        "README.md": INDEXED + f"- [Principles](dna/principles.md)\n- [Cache]({written}) — why\n",
        "decisions old/cache.md": _node("  - ../dna/principles.md", "Cache"),
    }
    bank = bank_with(tmp_path, files)
    fix, text = fixed_text(bank, "MB007")
    if expected is None:
        assert fix is None
        return
    assert fix is not None and text is not None and expected in text
    (bank.root / "README.md").write_text(text, encoding="utf-8")
    bank.refresh()
    findings = lint(bank)
    assert [f for f in findings if f.code == "MB007"] == []
    assert [f for f in findings if f.path == "decisions old/cache.md"] == []  # registered now


_NODES = [f"n{i}.md" for i in range(8)]


@given(
    edges=st.dictionaries(
        st.sampled_from(_NODES),
        st.lists(st.tuples(st.sampled_from(_NODES), st.booleans()), max_size=3),
        min_size=1,
    ),
    folders=st.lists(st.sampled_from(["adr", "domain"]), min_size=len(_NODES), max_size=len(_NODES)),
)
def test_the_picks_taken_together_close_no_loop_and_those_left_would(
    edges: dict[str, list[tuple[str, bool]]], folders: list[str]
) -> None:
    """Each unsafe pick a run takes leaves its target unable to reach its source through the
    bank's edges and the picks taken before it; each pick it leaves would close a loop with
    them; and no pick names a document its header already names, unless as a target the header
    repeats as it is written. Checked by walking the graph as written, pick by pick (edges written
    at `old/` moved)."""
    import tempfile

    from memorybank_lint.fixes import plan

    where = dict(zip(_NODES, folders, strict=True))
    files = {}
    for name in _NODES:
        written = "".join(
            f"  - ../old/{target}\n" if moved else f"  - ../{where[target]}/{target}\n"
            for target, moved in edges.get(name, [])
        )
        files[f"{where[name]}/{name}"] = _node(written or "  - ../dna/principles.md", name)
    with tempfile.TemporaryDirectory() as folder:
        bank = bank_with(Path(folder), files)
        broken = [f for f in lint(bank) if f.code == "MB001"]
        picks = [found.edge for f in broken if (found := fix_for(f, bank)) is not None and found.edge]
        fixes = [fix for fix in plan(bank, broken, unsafe=True) if fix.edge is not None]
        chosen = [fix.edge for fix in fixes]
        graph: dict[str, set[str]] = {}
        for path, document in bank.docs.items():
            graph[path] = {t for e in document.derived_from if (t := bank.edge_target(e)) is not None}

        def reaches(start: str, goal: str) -> bool:
            seen, frontier = {start}, [start]
            while frontier:
                node = frontier.pop()
                if node == goal:
                    return True
                for nxt in graph.get(node, ()):
                    if nxt not in seen:
                        seen.add(nxt)
                        frontier.append(nxt)
            return False

        # each document a header names, as which target it was first written (None: one that leads)
        named = {source: dict.fromkeys(targets) for source, targets in graph.items()}
        for fix in fixes:
            assert fix.edge is not None
            source, target = fix.edge
            written = named.setdefault(source, {}).setdefault(target, fix.finding.value)
            assert written == fix.finding.value, (source, target)  # only as the header repeated it
        event(f"picks: {min(len(picks), 3)}, left: {min(len(picks) - len(chosen), 2)}")
        taken = iter(chosen)
        expected = next(taken, None)
        for source, target in picks:
            if (source, target) == expected:
                assert not reaches(target, source), (source, target)
                graph.setdefault(source, set()).add(target)
                expected = next(taken, None)
            else:
                assert reaches(target, source), (source, target)
        assert expected is None  # every chosen pick was met in order


def test_a_target_written_in_the_other_unicode_normalisation_is_pointed_at_the_file(tmp_path: Path) -> None:
    """An entry and a target naming `é.md` composed, where the file is stored decomposed, were
    said to read the same as the file and got no fix; with `--unsafe-fixes` the page, unregistered
    for it, was then registered again, and the index listed two entries that read alike."""
    from memorybank_lint.fixes.apply import apply
    from memorybank_lint.fixes.plan import plan

    stored, written = unicodedata.normalize("NFD", "é.md"), "\u00e9.md"
    files = {
        f"domain/{stored}": doc("title: E\nstatus: draft"),
        "domain/n.md": _node(f"  - {written}"),
        "README.md": _readme(f"domain/{written}", "domain/n.md"),
    }
    bank = bank_with(tmp_path, files)
    assert {f.code for f in lint(bank)} == {"MB001", "MB007", "MB009"}
    apply(bank, plan(bank, lint(bank), unsafe=True))
    assert lint(bank) == []
    readme = (bank.root / "README.md").read_text("utf-8")
    assert (
        unicodedata.normalize("NFC", readme).count("(domain/\u00e9.md)") == 1
        and f"(domain/{stored})" in readme
    )
    assert f"  - {stored}\n" in (bank.root / "domain/n.md").read_text("utf-8")
