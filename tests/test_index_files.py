"""`index-files`: the file names a bank keeps its indexes in, read alike by every part of the project.

A bank whose sections are listed in `index.md` files gets MB009 for nearly every document until the
configuration names `index.md`; then the links in those files register what they list (MB009),
dangle when they lead nowhere (MB007), receive the entry a new document needs (registration), and
say nothing about a document's subject (routing). Both commands read the one configuration.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from memorybank_lint.bank import Bank
from memorybank_lint.linter import lint
from memorybank_server.retrieval.route_index import path_words

from .conftest import git, write_bank

BIN = Path(sys.executable).parent
HEAD = "---\ntitle: {title}\ndoc_kind: {kind}\npurpose: {purpose}\nstatus: active\n{extra}---\n# {title}\n"


def _doc(title: str, kind: str = "domain", purpose: str = "Read this for it.", extra: str = "") -> str:
    return HEAD.format(title=title, kind=kind, purpose=purpose, extra=extra)


BANK = {
    "index.md": _doc("Root", "index") + "\n- [Domain](domain/index.md)\n- [Rules](domain/rules.md)\n",
    "domain/index.md": _doc("Domain index", "index")
    + "\n## Registry\n\n- [Model](model.md) — the model.\n- [Gone](gone.md) — moved away.\n",
    "domain/model.md": _doc("Model"),
    "domain/rules.md": _doc("Rules"),
}


def _codes(root: Path, **options: object) -> list[tuple[str, str]]:
    bank = Bank(root, **options)  # type: ignore[arg-type]
    bank.refresh()
    return [(f.code, f.path) for f in lint(bank) if f.code in ("MB007", "MB009")]


def test_without_the_setting_index_md_files_are_ordinary_documents(tmp_path: Path) -> None:
    root = write_bank(tmp_path / "memory-bank", BANK)
    assert _codes(root) == [
        ("MB009", "domain/index.md"),
        ("MB009", "domain/model.md"),
        ("MB009", "domain/rules.md"),
        ("MB009", "index.md"),
    ]


def test_named_index_files_register_their_links_and_their_dead_links_dangle(tmp_path: Path) -> None:
    root = write_bank(tmp_path / "memory-bank", BANK)
    assert _codes(root, index_files=("README.md", "index.md")) == [("MB007", "domain/index.md")]


def _project(tmp_path: Path, setting: str | None) -> Path:
    project = tmp_path / "project"
    write_bank(project / "memory-bank", BANK)
    if setting is not None:
        (project / ".memorybank.toml").write_text(setting, encoding="utf-8")
    git(project, "init", "-q")
    return project


def _json(project: Path, *argv: str) -> tuple[int, object]:
    done = subprocess.run(argv, cwd=project, capture_output=True, text=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    return done.returncode, json.loads(done.stdout)


def test_both_commands_read_the_setting_and_agree(tmp_path: Path) -> None:
    project = _project(tmp_path, 'index-files = ["README.md", "index.md"]\n')
    _, linted = _json(project, str(BIN / "memorybank-lint"), "--format", "json")
    _, served = _json(project, str(BIN / "mcp-memorybank"), "--validate", "--json")
    assert [(f["code"], f["path"]) for f in linted] == [  # type: ignore[index]
        ("MB007", "domain/index.md"),
        ("MB012", "dna/"),
    ]
    assert [(f["code"], f["path"]) for f in served["findings"]] == [  # type: ignore[index]
        (f["code"], f["path"])
        for f in linted  # type: ignore[union-attr]
    ]


def test_a_new_document_is_registered_in_the_named_index_of_its_folder(tmp_path: Path) -> None:
    project = _project(tmp_path, 'index-files = ["README.md", "index.md"]\n')
    create = [str(BIN / "mcp-memorybank"), "--create", "domain/terms.md", "--kind", "domain"]
    done = subprocess.run(
        [*create, "--title", "Terms", "--purpose", "Read this for the words we use."],
        cwd=project,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    index = (project / "memory-bank" / "domain" / "index.md").read_text(encoding="utf-8")
    assert "- [Terms](terms.md) — Read this for the words we use.\n" in index
    assert not (project / "memory-bank" / "domain" / "README.md").exists()


def test_show_settings_prints_the_names(tmp_path: Path) -> None:
    project = _project(tmp_path, 'index-files = ["index.md"]\n')
    done = subprocess.run(
        [str(BIN / "memorybank-lint"), "--show-settings"], cwd=project, capture_output=True, text=True
    )
    assert "index-files: index.md" in done.stdout.splitlines()
    default = _project(tmp_path / "other", None)
    done = subprocess.run(
        [str(BIN / "mcp-memorybank"), "--show-settings"], cwd=default, capture_output=True, text=True
    )
    assert "index-files: README.md" in done.stdout.splitlines()


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ('index-files = "index.md"', "index-files must be a list"),
        ("index-files = []", "index-files must be a list"),
        ('index-files = ["docs/index.md"]', "each entry is a file name ending in .md"),
        ('index-files = ["index.txt"]', "each entry is a file name ending in .md"),
        ("index-files = [3]", "each entry is a file name ending in .md"),
        ('index-files = ["a\\u0000b.md"]', "each entry is a file name ending in .md"),
        ('index-files = ["a\\nb.md"]', "each entry is a file name ending in .md"),
    ],
)
@pytest.mark.parametrize("command", ["memorybank-lint", "mcp-memorybank"])
def test_a_wrong_setting_stops_both_commands(
    tmp_path: Path, setting: str, message: str, command: str
) -> None:
    project = _project(tmp_path, setting + "\n")
    argv = [str(BIN / command)] + (["--validate"] if command == "mcp-memorybank" else [])
    done = subprocess.run(argv, cwd=project, capture_output=True, text=True)
    assert done.returncode == 2
    assert message in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_a_named_index_says_nothing_about_its_subject_to_routing() -> None:
    assert path_words("domain/overview.md") == "domain overview"
    assert path_words("domain/overview.md", named_index=True) == "domain"
    assert path_words("domain/index.md") == "domain"
