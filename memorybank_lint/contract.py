"""`Contract`: the rules a bank declares for itself in `dna/`, read from its own prose and tables.

Why read prose: a bank's governance is written for people first. Real banks state it in English
or in Russian with a handful of stock sentences; the contract recognises both, and a bank without
`dna/` runs in degraded mode (no contract-dependent rules, one MB012 warning).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection
from dataclasses import dataclass, field

from .tables import Table, tables

TRACKED_FIELDS = ("doc_kind", "doc_function", "status", "delivery_status", "decision_status")
_NOISE = {"enum", "string", "array", "object", "md", "yaml", "true", "false"}
_TOKEN = re.compile(r"`([^\W\d_][^`\s]*)`")  # a value, in any script: `draft`, `черновик`, `草稿`
_OPEN_LIST = re.compile(r"(?:\.\.\.|…)")
_SEPARATOR = re.compile(r"^[\s,/;|()…\.]*(?:(?:or|или|and|и)[\s,/;|()…\.]*)?$", re.I)
_CODE = re.compile(r"`[^`]*`")
_TRAILING_OPEN = re.compile(r"^[\s,/;]*(?:\.\.\.|…)")

_VALUES_HEADERS = re.compile(r"^(?:allowed\s+)?values?$|^(?:допустимые\s+)?значени[яе]$", re.I)
_TYPE_HEADERS = re.compile(r"^(?:type|тип)$", re.I)
_SCOPE_HEADERS = re.compile(r"где|когда|where|when|applies|обязател|required|scope", re.I)
# Two searches instead of `A.*B`: from every occurrence of A the `.*` rescanned the rest of the
# paragraph, quadratic when A repeats and B never comes.
_GOVERNANCE = re.compile(r"governance(?:-|\s+)документ|governance\s+documents?", re.I)
_ONLY = re.compile(r"не\s+требуются|not\s+required|only|только", re.I)

# Linear: the optional separator owns the spaces after it, so a run of spaces is not split two
# ways (quadratic before); the root path is at most 300 characters, so a keyword repeated inside
# one long word does not rescan the word each time; and the arrow form starts a path only at the
# start of a run of path characters (the look-behind), which is where the leftmost match starts.
_ROOT = re.compile(
    r"(?:root\s+document|корневой\s+документ|корень)\s*(?:(?:is\b|—|–|-|:)\s*)?\[?`?([\w./-]{1,300}\.md)",
    re.I,
)
_ROOT_ARROW = re.compile(r"(?<![\w./-])`?([\w./-]+\.md)`?\s*←\s*root\b", re.I)
_REQUIRES = re.compile(r"must\s+define|is\s+required|required\s+for|обязател|задан", re.I)
_REQUIRED_SCOPE = re.compile(r"non-root|active", re.I)
_CYCLES = re.compile(
    r"(?:cyclic\s+dependencies|cycles)\s+(?:are\s+)?(?:forbidden|not\s+allowed|prohibited)"
    r"|(?:циклические\s+зависимости|циклы)\s+(?:запрещены|недопустимы|не\s+допускаются)",
    re.I,
)


@dataclass(frozen=True)
class ValueSet:
    """One table row's declaration of a field's values.

    `open` is set when the list trails off (`…`, `...`): a list of examples, not an enum.
    `governance_only` when the table is introduced as applying to governance documents only.
    """

    values: frozenset[str]
    open: bool
    governance_only: bool
    source: str
    line: int


@dataclass
class Contract:
    declared: dict[str, list[ValueSet]] = field(default_factory=dict)
    roots: set[str] = field(default_factory=set)
    requires_derived_from: bool = False
    forbids_cycles: bool = False
    source: list[str] = field(default_factory=list)
    _allowed: dict[tuple[str, bool], frozenset[str] | None] = field(default_factory=dict, repr=False)

    def allowed(self, field_name: str, doc_kind: str) -> frozenset[str] | None:
        """The closed set a document's value must belong to, or None when nothing is enforced."""
        key = (field_name, doc_kind == "governance")
        if key not in self._allowed:
            self._allowed[key] = self._compute_allowed(field_name, doc_kind)
        return self._allowed[key]

    def _compute_allowed(self, field_name: str, doc_kind: str) -> frozenset[str] | None:
        applicable = [
            vs
            for vs in self.declared.get(field_name, ())
            if not vs.governance_only or doc_kind == "governance"
        ]
        if not applicable or any(vs.open for vs in applicable):
            return None
        values = frozenset().union(*(vs.values for vs in applicable))
        return values or None


def _values_column(table: Table) -> int | None:
    header = [cell.replace("`", "").strip() for cell in table.header]
    for index, cell in enumerate(header[1:], start=1):
        if _VALUES_HEADERS.match(cell):
            return index
    if len(header) > 2 and _TYPE_HEADERS.match(header[1]):
        return 2
    return None


def _governance_only(paragraph: str) -> bool:
    """Whether a paragraph says a table applies to governance documents only."""
    mention = _GOVERNANCE.search(paragraph)
    return mention is not None and _ONLY.search(paragraph, mention.end()) is not None


def _value_sets(path: str, table: Table) -> list[tuple[str, ValueSet]]:
    column = _values_column(table)
    skip = {i for i, cell in enumerate(table.header) if _SCOPE_HEADERS.search(cell)}
    scoped = _governance_only(table.before) or _governance_only(table.after)
    found = []
    for line, row in table.rows:
        name = row[0].replace("`", "").strip()
        if name not in TRACKED_FIELDS or len(row) < 2:
            continue
        if column is not None and column < len(row):
            cell = row[column]
        else:
            cell = next((c for i, c in enumerate(row[1:], start=1) if i not in skip and _tokens(c)), "")
        tokens, is_open = _value_run(cell)
        tokens = [t for t in tokens if t not in _NOISE and t not in TRACKED_FIELDS]
        if not tokens:
            continue
        found.append((name, ValueSet(frozenset(tokens), is_open, scoped, path, line)))
    return found


def _tokens(cell: str) -> list[re.Match[str]]:
    """The backticked values of a cell: words in any script (`in_progress`, `черновик`, `草稿`,
    `ร่าง` with its vowel marks), never capitalised (`Feature` or `FT-XXX` is a name or a
    placeholder) and never a file name (`feature.md`)."""
    return [match for match in _TOKEN.finditer(cell) if _is_value(match.group(1))]


def _is_value(word: str) -> bool:
    return word == word.lower() and all(
        char.isalnum() or char in "_-" or unicodedata.category(char).startswith("M") for char in word
    )


def _value_run(cell: str) -> tuple[list[str], bool]:
    """The first run of backticked values in a cell, and whether it trails off (`…`, `...`).

    Values are separated by commas, slashes, "or"/"или" and the like; the first stretch of prose
    ends the run, so a description that mentions another field in backticks adds nothing.
    """
    matches = _tokens(cell)
    if not matches:
        return [], False
    run = [matches[0]]
    is_open = False
    for match in matches[1:]:
        between = _CODE.sub(" ", cell[run[-1].end() : match.start()])
        if not _SEPARATOR.match(between):
            break
        is_open = is_open or bool(_OPEN_LIST.search(between))
        run.append(match)
    tail = cell[run[-1].end() :]
    is_open = is_open or bool(_TRAILING_OPEN.match(tail))
    return [m.group(1) for m in run], is_open


def _root_path(written: str) -> str:
    written = written.removeprefix("./")
    return written if written.startswith("dna/") else f"dna/{written}"


def read_contract(
    dna: list[tuple[str, str]], existing: Collection[str], *, sources: Collection[str] | None = None
) -> Contract | None:
    """Read the contract out of the readable dna documents `(path, text)`.

    `sources` lists every dna document, readable or not; the contract is present when there is
    at least one (an unreadable one says a contract exists even if nothing can be read from it).
    """
    listed = sorted(sources if sources is not None else (path for path, _ in dna))
    if not listed:
        return None
    contract = Contract(source=listed)
    for path, text in dna:
        folded = text.replace("ё", "е").replace("Ё", "Е")
        for line in folded.split("\n"):
            for match in _ROOT.finditer(line):
                contract.roots.add(_root_path(match.group(1)))
            for match in _ROOT_ARROW.finditer(line) if "←" in line else ():
                contract.roots.add(_root_path(match.group(1)))
            if "derived_from" in line and _REQUIRES.search(line) and _REQUIRED_SCOPE.search(line):
                contract.requires_derived_from = True
            if _CYCLES.search(line):
                contract.forbids_cycles = True
        if "|" in text:
            for table in tables(text):
                for name, value_set in _value_sets(path, table):
                    contract.declared.setdefault(name, []).append(value_set)
    if not contract.roots and "dna/principles.md" in existing:
        contract.roots.add("dna/principles.md")
    return contract
