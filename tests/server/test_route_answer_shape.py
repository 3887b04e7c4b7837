"""A route answer fits its budget with whole paths, reads the same at any limit, and its reasons
name words the page holds."""

from __future__ import annotations

import json
import string
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memorybank_server.retrieval.route import answer_size, route
from tests.conftest import refreshed_bank
from tests.server.test_route import doc

HEADER_TEXT = st.text(
    alphabet=st.sampled_from([*string.printable, "\x01", "\x1b", '"', "\\", "ж", "…", "\u2028"]), max_size=300
)


def _page(title: str, purpose: str, label: str, heading: str) -> str:
    """A page whose header values are written as JSON strings (valid YAML double-quoted scalars),
    so any character, control characters included, reaches the header as itself."""
    fields = {"title": title, "purpose": purpose, "doc_kind": label, "status": label}
    header = "".join(f"{key}: {json.dumps(value)}\n" for key, value in fields.items())
    return f"---\n{header}---\n## {heading}\n\nbudget\n"


def _answer_of_three(
    root: Path, title: str, purpose: str, label: str, heading: str
) -> tuple[dict, list[str]]:
    files = {f"domain/budget-{i}.md": _page(f"budget {title}", purpose, label, heading) for i in range(3)}
    return route(refreshed_bank(root, files), "budget", limit=3), sorted(files)


def test_headers_full_of_escapes_fit_840_characters_with_their_paths_whole(tmp_path: Path) -> None:
    """Control characters and quotes cost several characters each in JSON: headers full of them
    once made an answer of 1,390 characters whose paths were all cut to `domain/…`."""
    result, paths = _answer_of_three(tmp_path, '"' * 40, "budget", "\x01" * 24, '"' * 40 + " budget")
    assert answer_size(result) <= 840
    assert sorted(r["path"] for r in result["results"]) == paths


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(title=HEADER_TEXT, purpose=HEADER_TEXT, label=HEADER_TEXT, heading=HEADER_TEXT)
def test_any_header_fits_840_characters_with_the_paths_whole(
    tmp_path_factory, title: str, purpose: str, label: str, heading: str
) -> None:
    heading = " ".join(heading.split()) or "x"  # one heading line
    result, paths = _answer_of_three(tmp_path_factory.mktemp("bank"), title, purpose, label, heading)
    assert answer_size(result) <= 840
    assert sorted(r["path"] for r in result["results"]) == paths


def test_a_long_path_is_never_cut(tmp_path: Path) -> None:
    folder = "features/FT-777-" + "-".join(["zephyr-ingestion-pipeline-with-retry-and-backoff"] * 4)
    files = {f"{folder}/plan-{i}.md": doc(f"Zephyr plan {i}", "Zephyr retry backoff plan.") for i in range(3)}
    result = route(refreshed_bank(tmp_path, files), "zephyr retry backoff", limit=3)
    assert sorted(r["path"] for r in result["results"]) == sorted(files)


def test_the_first_three_of_five_results_are_the_three_result_answer(tmp_path: Path) -> None:
    """Results were fitted to one budget shared by all of them, so two short results after three
    long ones left the long ones more of their purpose at limit 5 than at limit 3."""
    purpose = "Canonical description of customer segments, jobs to be done, evidence and assumptions " * 2
    files = {
        f"product/segment-{i}.md": doc(
            f"Customer segments and their evidence, part {i} " * 2, purpose, "## Evidence"
        )
        for i in range(3)
    }
    files |= {f"product/note-{i}.md": doc(f"Note {i}", "Evidence.") for i in range(2)}
    bank = refreshed_bank(tmp_path, files)
    for question in ("customer segments evidence", "evidence"):
        five = route(bank, question, limit=5)["results"]
        assert len(five) == 5
        assert five[:3] == route(bank, question, limit=3)["results"]


def test_a_body_reason_names_the_word_the_page_holds(tmp_path: Path) -> None:
    """`ремонт` reaches `repair` through the dictionaries; the reason once said the page mentions
    `ремонт`, a word it never holds."""
    bank = refreshed_bank(
        tmp_path,
        {
            "ops/requests.md": doc(
                "Requests", "Incoming requests.", "A repair of the boiler is booked by phone."
            ),
            "ops/other.md": doc("Other", "Other notes.", "Nothing here."),
        },
    )
    [first] = route(bank, "ремонт", limit=1)["results"]
    assert first["path"] == "ops/requests.md"
    assert "ремонт" not in first["why"] and "repair" in first["why"]


def test_answers_do_not_depend_on_the_hash_seed(tmp_path: Path) -> None:
    """The words a body holds were taken from a set, so a reason read `holds test` in one process
    and `holds tests` in another."""
    import os
    import subprocess
    import sys

    bank = tmp_path / "memory_bank"
    (bank / "engineering").mkdir(parents=True)
    for name, body in {
        "runs": "Each test runs alone; the tests share no state, and testing is parallel.",
        "notes": "Testers test what the tests leave out; a tested path is kept.",
        "other": "Builds are cached.",
    }.items():
        (bank / "engineering" / f"{name}.md").write_text(f"---\ntitle: {name}\nstatus: active\n---\n{body}\n")
    script = (
        "import json, sys\n"
        "from memorybank_lint.bank import Bank\n"
        "from memorybank_server.retrieval.route import route\n"
        "bank = Bank(sys.argv[1]); bank.refresh()\n"
        "questions = ['how are tests run', 'testing in parallel', 'tested paths', 'what do testers do']\n"
        "print(json.dumps([route(bank, q, 5) for q in questions], ensure_ascii=False))\n"
    )
    answers = {
        subprocess.run(
            [sys.executable, "-c", script, str(bank)],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2", "3", "4")
    }
    assert len(answers) == 1
