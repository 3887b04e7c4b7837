"""MB003 cycle-in-derived-from: `derived_from` edges loop, and `dna/` forbids cycles."""

from __future__ import annotations

import pytest

CODE = "MB003"
FORBIDS = {
    "dna/principles.md": "# Principles\n",
    "dna/governance.md": "# Governance\n\nCyclic dependencies are forbidden.\n",
}


def edges(*targets: str) -> str:
    return "---\nderived_from:\n" + "".join(f"  - {t}\n" for t in targets) + "---\n"


def test_loop_is_reported_at_the_document_that_closes_it(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        FORBIDS | {"adr/a.md": edges("b.md"), "adr/b.md": edges("c.md"), "adr/c.md": edges("a.md")},
    )
    [finding] = run_rule(bank, CODE)
    assert finding.code == CODE
    assert finding.rule == "cycle-in-derived-from"
    assert finding.path == "adr/c.md"
    assert (finding.line, finding.column) == (3, 5)
    assert "adr/a.md -> adr/b.md -> adr/c.md -> adr/a.md" in finding.message


def test_russian_prohibition_enables_the_rule(make_bank, run_rule, tmp_path) -> None:
    dna = {"dna/governance.md": "# Управление\n\nЦиклические зависимости запрещены.\n"}
    bank = make_bank(tmp_path, dna | {"a.md": edges("b.md"), "b.md": edges("a.md")})
    assert [f.path for f in run_rule(bank, CODE)] == ["b.md"]


def test_acyclic_graph_is_silent(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        FORBIDS | {"a.md": edges("b.md", "c.md"), "b.md": edges("c.md"), "c.md": edges("dna/principles.md")},
    )
    assert run_rule(bank, CODE) == []


def test_not_reported_when_the_contract_does_not_forbid_cycles(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        {"dna/principles.md": "# Principles\n", "a.md": edges("b.md"), "b.md": edges("a.md")},
    )
    assert bank.contract is not None
    assert run_rule(bank, CODE) == []


def test_not_reported_without_a_contract(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"a.md": edges("b.md"), "b.md": edges("a.md")})
    assert run_rule(bank, CODE) == []


def test_self_loop(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, FORBIDS | {"b.md": edges("b.md")})
    [finding] = run_rule(bank, CODE)
    assert finding.path == "b.md"
    assert "b.md -> b.md" in finding.message


def test_each_loop_is_reported_once(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        FORBIDS
        | {
            "a.md": edges("b.md"),
            "b.md": edges("a.md", "a.md#again"),
            "x.md": edges("y.md"),
            "y.md": edges("x.md"),
        },
    )
    findings = run_rule(bank, CODE)
    assert [f.path for f in findings] == ["b.md", "y.md"]
    assert "a.md -> b.md -> a.md" in findings[0].message
    assert "x.md -> y.md -> x.md" in findings[1].message


@pytest.mark.parametrize(
    ("scope", "expected"),
    [("domain", ["domain/x.md"]), ("adr", ["domain/x.md"]), ("ops", []), (None, ["domain/x.md"])],
)
def test_a_loop_is_reported_when_any_member_is_checked(
    make_bank, run_rule, tmp_path, scope, expected
) -> None:
    """At the document that closes it, whichever member is being checked: pre-commit staging only
    `adr/y.md`, the edit that closed the loop, passed while the whole bank failed."""
    bank = make_bank(
        tmp_path,
        FORBIDS
        | {"adr/y.md": edges("../domain/x.md"), "domain/x.md": edges("../adr/y.md"), "ops/z.md": edges()},
    )
    findings = run_rule(bank, CODE, scope=scope) if scope else run_rule(bank, CODE)
    assert [f.path for f in findings] == expected


def test_templates_are_checked(make_bank, run_rule, tmp_path) -> None:
    template = "---\ndoc_function: template\nderived_from:\n  - {}\n---\n"
    bank = make_bank(
        tmp_path,
        FORBIDS
        | {"flows/templates/a.md": template.format("b.md"), "flows/templates/b.md": template.format("a.md")},
    )
    assert [f.path for f in run_rule(bank, CODE)] == ["flows/templates/b.md"]


def test_external_and_broken_edges_are_not_followed(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, FORBIDS | {"a.md": edges("../a.md", "missing.md", "https://x.org/a.md")})
    assert run_rule(bank, CODE) == []


def test_long_loops_are_summarised_so_the_report_grows_with_the_bank(make_bank, run_rule, tmp_path) -> None:
    """Each page of a chain also derives from the first: one loop per page, each as long as the
    chain so far. Spelled out in full the report grew with the square of the bank."""
    from memorybank_lint.graph import SPELLED

    chain = {f"c/p{i:02}.md": edges(*([f"p{i + 1:02}.md"] if i < 39 else []), "p00.md") for i in range(40)}
    findings = run_rule(make_bank(tmp_path, FORBIDS | chain), CODE)
    assert len(findings) == 40 and len({f.value for f in findings}) == 40
    assert max(f.message.count(" -> ") for f in findings) <= SPELLED
    longest = next(f for f in findings if f.path == "c/p39.md")
    assert (
        "c/p00.md -> c/p01.md" in longest.message and "… 29 more … -> c/p39.md -> c/p00.md" in longest.message
    )
    assert longest.value.startswith("40 documents ") and len(longest.value) < 40
    short = next(f for f in findings if f.path == "c/p03.md")
    assert short.value == "c/p00.md c/p01.md c/p02.md c/p03.md" and list(short.related) == short.value.split()


def test_a_loops_identity_does_not_depend_on_where_the_walk_entered_it() -> None:
    from memorybank_lint.graph import DRAWN, SPELLED, Cycle, _Path

    def walked(members: tuple[str, ...]) -> Cycle:
        """The loop a walk down `members` closes with an edge back to the first of them."""
        path = _Path(None)
        for member in members:
            path.push(member)
        return path.loop(0, 1, None, [(None, None)] * len(members))

    for size in (SPELLED, SPELLED + 1, DRAWN + 1):
        ring = tuple(f"r{i:03d}.md" for i in range(size))
        turned = ring[5:] + ring[:5]
        assert walked(ring).identity() == walked(turned).identity()
        assert walked(ring).identity() != walked(ring[:-1]).identity()
        assert walked(turned).drawable() == (ring if size <= DRAWN else ())
        assert walked(turned).closer == ring[-1] and walked(turned).spelled[0] == ring[0]


def test_a_document_outside_a_loop_does_not_move_it(make_bank, run_rule, tmp_path) -> None:
    """`adr/0-x.md` derives from a member and is met first: the walk then entered the loop there,
    and the loop was reported at another member, as a finding its baseline entry did not know."""
    loop = FORBIDS | {"adr/a.md": edges("b.md"), "adr/b.md": edges("c.md"), "adr/c.md": edges("a.md")}
    [alone] = run_rule(make_bank(tmp_path / "alone", loop), CODE)
    [joined] = run_rule(make_bank(tmp_path / "joined", loop | {"adr/0-x.md": edges("b.md")}), CODE)
    assert (alone.path, alone.line, alone.column) == ("adr/c.md", 3, 5)
    assert (joined.path, joined.line, joined.column) == (alone.path, alone.line, alone.column)
    assert joined.fingerprint == alone.fingerprint and joined.message == alone.message


def test_a_loop_the_walk_enters_past_its_smallest_member_is_told_from_it(
    make_bank, run_rule, tmp_path
) -> None:
    """The walk goes `a.md -> d.md -> b.md -> c.md` and closes `d -> b -> c -> d` with `c.md`'s
    edge to `d.md`: that loop is still told from `b.md`, at `d.md`, whose edge leads back to it."""
    bank = make_bank(
        tmp_path,
        FORBIDS
        | {"a.md": edges("d.md"), "b.md": edges("c.md"), "c.md": edges("d.md", "a.md")}
        | {"d.md": edges("x.md", "b.md"), "x.md": edges()},
    )
    inner, outer = sorted(run_rule(bank, CODE), key=lambda f: len(f.related))
    assert inner.message.endswith(": b.md -> c.md -> d.md -> b.md")
    assert (inner.path, inner.line, inner.column) == ("d.md", 4, 5)
    assert inner.related == ("b.md", "c.md", "d.md")
    assert outer.message.endswith(": a.md -> d.md -> b.md -> c.md -> a.md")
    assert (outer.path, outer.line, outer.column) == ("c.md", 4, 5)
