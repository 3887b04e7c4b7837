"""Where the starter bank and the shipped templates are, in a wheel and in a checkout alike.

Why a package: the repository's top-level `starter/` folder is installed as the
`memorybank_starter` package, so `importlib.resources` finds it in an installed wheel, and an
editable install maps the same name back to the checkout.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


class StarterMissing(Exception):
    """The starter files are not installed with the package."""


def starter_root() -> Path:
    try:
        root = Path(str(resources.files("memorybank_starter")))
    except ModuleNotFoundError:
        root = Path(__file__).resolve().parents[1] / "starter"
    if not (root / "dna" / "principles.md").is_file():
        raise StarterMissing(f"the starter bank is missing from {root}; the package is incomplete")
    return root


def templates_root() -> Path:
    return starter_root() / "flows" / "templates"
