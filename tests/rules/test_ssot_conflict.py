"""MB004 ssot-conflict: two or more documents claim the same `canonical_for` key."""

from __future__ import annotations

CODE = "MB004"


def owns(*keys: str, extra: str = "") -> str:
    return "---\n" + extra + "canonical_for:\n" + "".join(f"  - {k}\n" for k in keys) + "---\n"


def test_conflict_is_reported_at_the_first_owner(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        {
            "domain/rules.md": owns("filter_thresholds", "retry_policy"),
            "conflict.md": "---\ntitle: Conflict\ncanonical_for:\n  - filter_thresholds\n---\n",
        },
    )
    [finding] = run_rule(bank, CODE)
    assert finding.code == CODE
    assert finding.rule == "ssot-conflict"
    assert finding.path == "conflict.md"
    assert finding.line == 4
    assert "'filter_thresholds' is claimed by 2 documents: conflict.md, domain/rules.md" in finding.message


def test_line_is_the_line_of_the_key_in_the_first_owner(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"a.md": owns("limits_v2", "limits"), "b.md": owns("limits")})
    [finding] = run_rule(bank, CODE)
    assert (finding.path, finding.line) == ("a.md", 4)


def test_distinct_keys_are_silent(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"a.md": owns("one"), "b.md": owns("two"), "c.md": owns("three")})
    assert run_rule(bank, CODE) == []


def test_first_owner_is_in_code_point_path_order(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path, {"z.md": owns("k"), "a.md": owns("k"), "_inbox/n.md": owns("k"), "B.md": owns("k")}
    )
    [finding] = run_rule(bank, CODE)
    assert finding.path == "B.md"
    assert "claimed by 4 documents: B.md, _inbox/n.md, a.md, z.md" in finding.message


def test_whole_bank_counts_whatever_the_status(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        {
            "adr/old.md": owns("k", extra="status: archived\n"),
            "flows/templates/t.md": owns("k", extra="doc_function: template\n"),
            "_inbox/draft.md": owns("k", extra="status: draft\n"),
        },
    )
    [finding] = run_rule(bank, CODE)
    assert "claimed by 3 documents: _inbox/draft.md, adr/old.md, flows/templates/t.md" in finding.message


def test_reported_when_any_owner_is_in_scope_at_the_first_owner(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path, {"conflict.md": owns("k"), "domain/rules.md": owns("k"), "adr/x.md": owns("other")}
    )
    assert [f.path for f in run_rule(bank, CODE, scope="domain")] == ["conflict.md"]
    assert run_rule(bank, CODE, scope="adr") == []


def test_same_key_twice_in_one_document_conflicts_with_itself(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"a.md": owns("k", "k")})
    [finding] = run_rule(bank, CODE)
    assert finding.path == "a.md"
    assert "claimed by 2 documents: a.md, a.md" in finding.message


def test_string_canonical_for_counts(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"a.md": "---\ncanonical_for: k\n---\n", "b.md": owns("k")})
    assert [f.path for f in run_rule(bank, CODE)] == ["a.md"]


def test_the_finding_points_at_the_key_as_written(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"a.md": owns("limits_v2", "limits"), "b.md": owns("limits")})
    [finding] = run_rule(bank, CODE)
    assert (finding.line, finding.column) == (4, 5)


def test_a_third_claimant_changes_what_the_finding_is(make_bank, run_rule, tmp_path) -> None:
    """The baseline knows a finding by its value: with only the key there, a baseline taken on two
    owners went on hiding the conflict when a third document claimed the key."""
    two = run_rule(make_bank(tmp_path / "two", {"a.md": owns("limits"), "b.md": owns("limits")}), CODE)
    three = run_rule(
        make_bank(
            tmp_path / "three", {"a.md": owns("limits"), "b.md": owns("limits"), "c.md": owns("limits")}
        ),
        CODE,
    )
    assert [f.value for f in two] == ["limits a.md b.md"]
    assert [f.value for f in three] == ["limits a.md b.md c.md"]
    assert two[0].fingerprint != three[0].fingerprint


def _claims(key: str, *, comment: str = "", body: str = "") -> str:
    return f"---\ncanonical_for:\n  - {key}{comment}\n---\n# Doc\n{body}"


def _codes(findings) -> list[tuple[str, str]]:
    return [(f.code, f.path) for f in findings if f.code in (CODE, "MB013")]


def test_a_suppression_in_one_owner_does_not_hide_the_conflict_of_the_others(make_bank, tmp_path) -> None:
    """The conflict was reported at the first owner in path order, so a suppression there hid the
    conflict between the other owners too: a new `aaa.md` accepting its own claim silenced an
    error between two documents it had nothing to do with. A suppression now takes its own
    document's claim out of the count, and the others' conflict is reported at one of them."""
    from memorybank_lint.linter import lint

    for name, owner in {
        "noqa": _claims("price", comment="  # noqa: MB004"),
        "disable": _claims("price", body="<!-- memorybank-lint: disable -->\n"),
    }.items():
        bank = make_bank(
            tmp_path / name, {"aaa.md": owner, "domain/pricing.md": owns("price"), "zz.md": owns("price")}
        )
        [finding] = [f for f in lint(bank) if f.code in (CODE, "MB013")]
        assert (finding.code, finding.path, finding.line) == (CODE, "domain/pricing.md", 3), name
        assert "'price' is claimed by 2 documents: domain/pricing.md, zz.md" in finding.message
        assert finding.value == "price domain/pricing.md zz.md"


def test_a_conflict_every_claim_but_one_accepts_is_silenced_and_its_suppressions_are_used(
    make_bank, tmp_path
) -> None:
    """Whichever owner comes first: a suppression in the second owner left the finding on the
    first, and MB013 called the comment that accepts the claim idle."""
    from memorybank_lint.linter import lint

    accepted = _claims("price", comment="  # noqa: MB004")
    bank = make_bank(tmp_path / "second", {"a.md": owns("price"), "b.md": accepted})
    assert _codes(lint(bank)) == []
    bank = make_bank(tmp_path / "all", {"a.md": accepted, "b.md": accepted, "c.md": owns("price")})
    assert _codes(lint(bank)) == []
    lone = make_bank(tmp_path / "lone", {"a.md": accepted, "b.md": owns("other")})
    assert _codes(lint(lone)) == [("MB013", "a.md")]  # no conflict: the comment silences nothing


def test_the_whole_conflict_is_what_an_audit_reports_and_a_suppression_hides(make_bank, tmp_path) -> None:
    """Under `--ignore-noqa` the conflict is reported whole at its first owner, and a run that
    honours the suppression hands that finding to `hidden`, so a baseline recorded by the audit
    still matches it."""
    from memorybank_lint.linter import lint

    bank = make_bank(
        tmp_path,
        {"a.md": owns("price"), "b.md": _claims("price", comment="  # noqa: MB004"), "c.md": owns("price")},
    )
    [audit] = [f for f in lint(bank, noqa=False) if f.code == CODE]
    assert (audit.path, audit.value) == ("a.md", "price a.md b.md c.md")
    hidden: list = []
    [reported] = [f for f in lint(bank, hidden=hidden) if f.code == CODE]
    assert (reported.path, reported.value) == ("a.md", "price a.md c.md")
    assert hidden == [audit]


def test_a_per_file_ignore_of_one_owner_takes_only_its_claim_out(make_bank, tmp_path) -> None:
    """A per-file ignore of MB004 for the first owner hid the conflict between the other owners:
    the finding sat on that owner, and the ignore silenced it whole. It now accepts that owner's
    claim only, as a `# noqa: MB004` on the key does: the others' conflict is reported at the
    first of them, whichever owner the ignore names, and the glob counts as used."""
    from memorybank_lint.linter import Selection, lint

    bank = make_bank(tmp_path, {"a.md": owns("pricing"), "b.md": owns("pricing"), "c.md": owns("pricing")})
    for ignored, expected in [("a.md", "b.md c.md"), ("b.md", "a.md c.md"), ("c.md", "a.md b.md")]:
        selection = Selection(per_file_ignores=((ignored, frozenset({CODE})),))
        hidden: list = []
        [finding] = [f for f in lint(bank, selection, hidden=hidden) if f.code == CODE]
        assert (finding.path, finding.value) == (expected.split()[0], f"pricing {expected}"), ignored
        assert "claimed by 2 documents" in finding.message
        assert selection.used == {ignored}
    both = Selection(per_file_ignores=(("[ab].md", frozenset({CODE})),))
    assert [f for f in lint(bank, both) if f.code == CODE] == []
    everywhere = Selection(per_file_ignores=(("*", frozenset({CODE})),))
    assert [f for f in lint(bank, everywhere) if f.code == CODE] == []


def test_a_per_file_ignore_beside_a_noqa_leaves_no_conflict(make_bank, tmp_path) -> None:
    """One owner ignored by the configuration and one by its own comment: one claim stands."""
    from memorybank_lint.linter import Selection, lint

    accepted = _claims("pricing", comment="  # noqa: MB004")
    bank = make_bank(tmp_path, {"a.md": owns("pricing"), "b.md": accepted, "c.md": owns("pricing")})
    selection = Selection(per_file_ignores=(("c.md", frozenset({CODE})),))
    assert _codes(lint(bank, selection)) == []


def test_each_claim_of_a_key_a_document_lists_twice_is_asked_at_its_own_line(make_bank, tmp_path) -> None:
    """A document listing a key twice conflicts with itself, and both claims were asked about at
    the first one's line: a `# noqa: MB004` on the duplicate, the line to accept, was called unused
    and the conflict stayed."""
    from memorybank_lint.linter import lint

    for line in (0, 1):
        items = ["  - pricing\n", "  - pricing\n"]
        items[line] = "  - pricing  # noqa: MB004\n"
        bank = make_bank(tmp_path / str(line), {"a.md": "---\ncanonical_for:\n" + "".join(items) + "---\n"})
        assert _codes(lint(bank)) == [], line


def test_a_quoted_key_holding_a_comma_is_placed_at_its_item(make_bank, run_rule, tmp_path) -> None:
    head = "---\ncanonical_for: [k0, \"retry, backoff\", 'it''s, x']\n---\n"
    bank = make_bank(tmp_path, {"a.md": head, "b.md": head})
    findings = run_rule(bank, CODE)
    assert [
        f.message.startswith(f"canonical_for '{key}'")
        for f, key in zip(findings, ["k0", "retry, backoff", "it's, x"], strict=True)
    ] == [True] * 3
    assert [(f.line, f.column) for f in findings] == [(2, 17), (2, 21), (2, 39)]
