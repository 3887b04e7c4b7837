"""MB006 must-not-define-violated: a document owns a key its own `must_not_define` forbids."""

from __future__ import annotations

from memorybank_lint.linter import Selection, lint

CODE = "MB006"


def test_owned_and_forbidden_key_is_reported(make_bank, run_rule, tmp_path) -> None:
    text = """
        ---
        title: Retry
        canonical_for:
          - backoff
          - retry_policy
        must_not_define:
          - retry_policy
        ---
        """
    bank = make_bank(tmp_path, {"engineering/retry.md": text})
    [finding] = run_rule(bank, CODE)
    assert finding.code == CODE
    assert finding.rule == "must-not-define-violated"
    assert finding.path == "engineering/retry.md"
    assert finding.line == 5
    assert "'retry_policy'" in finding.message
    assert "must_not_define forbids" in finding.message


def test_disjoint_lists_are_silent(make_bank, run_rule, tmp_path) -> None:
    text = "---\ncanonical_for: [thresholds]\nmust_not_define: [invariants, retry_policy]\n---\n"
    bank = make_bank(tmp_path, {"domain/rules.md": text})
    assert run_rule(bank, CODE) == []


def test_line_is_the_line_of_the_offending_entry(make_bank, run_rule, tmp_path) -> None:
    text = """
        ---
        canonical_for:
          - retry_policy_v2
          - retry_policy
        must_not_define:
          - retry_policy
        ---
        """
    bank = make_bank(tmp_path, {"a.md": text})
    assert [(f.value, f.line) for f in run_rule(bank, CODE)] == [("retry_policy", 4)]


def test_duplicate_keys_give_one_finding_each(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"a.md": "---\ncanonical_for: [k1, k1]\nmust_not_define: k1\n---\n"})
    findings = run_rule(bank, CODE)
    assert [(f.path, f.value) for f in findings] == [("a.md", "k1"), ("a.md", "k1")]


def test_entries_are_compared_after_trimming(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(tmp_path, {"a.md": "---\ncanonical_for: ['  k1 ']\nmust_not_define: ['k1  ']\n---\n"})
    assert [f.value for f in run_rule(bank, CODE)] == ["k1"]


def test_body_is_never_inspected(make_bank, run_rule, tmp_path) -> None:
    text = """
        ---
        canonical_for: [k1]
        ---
        # Doc

        This document must not define k1 either.

        ```yaml
        must_not_define:
          - k1
        ```
        """
    bank = make_bank(tmp_path, {"a.md": text})
    assert run_rule(bank, CODE) == []


def test_other_documents_lists_are_not_compared(make_bank, run_rule, tmp_path) -> None:
    bank = make_bank(
        tmp_path,
        {"a.md": "---\ncanonical_for: [k1]\n---\n", "b.md": "---\nmust_not_define: [k1]\n---\n"},
    )
    assert run_rule(bank, CODE) == []


def test_templates_and_archived_documents_are_checked(make_bank, run_rule, tmp_path) -> None:
    header = "canonical_for: [k]\nmust_not_define: [k]\n"
    bank = make_bank(
        tmp_path,
        {
            "flows/templates/t.md": f"---\ndoc_function: template\n{header}---\n",
            "adr/old.md": f"---\nstatus: archived\n{header}---\n",
        },
    )
    assert [f.path for f in run_rule(bank, CODE)] == ["adr/old.md", "flows/templates/t.md"]


def test_a_repeated_key_is_reported_at_each_of_its_items(make_bank, run_rule, tmp_path) -> None:
    text = """
        ---
        canonical_for:
          - k1
          - k1
        must_not_define: [k1]
        ---
        """
    bank = make_bank(tmp_path, {"a.md": text})
    assert [(f.line, f.column) for f in run_rule(bank, CODE)] == [(3, 5), (4, 5)]


def test_a_noqa_on_the_repeat_silences_the_repeat_alone(make_bank, run_rule, tmp_path) -> None:
    text = """
        ---
        canonical_for:
          - k1
          - k1  # noqa: MB006
        must_not_define: [k1]
        ---
        """
    bank = make_bank(tmp_path, {"a.md": text})
    findings = lint(bank, Selection(select=frozenset({CODE, "MB013"})))
    assert [(f.code, f.line) for f in findings] == [(CODE, 3)]  # and no unused suppression
