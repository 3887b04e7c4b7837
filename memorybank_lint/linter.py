"""The engine: run the selected rules over a refreshed bank and return sorted findings.

Why the engine stamps code and severity: rules stay pure functions of a document and a read-only
context, and selection, per-file ignores and severity overrides live in one place.
"""

from __future__ import annotations

import fnmatch
import functools
import itertools
import re
import unicodedata
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field, replace

from .bank import Bank, visible
from .context import RuleContext
from .document import Document
from .findings import Finding, Problem, Severity
from .findings import composed as _composed  # `composed` is a flag of `scope_filter`
from .quoting import shortened
from .registry import RuleSpec, all_rules, find_rule
from .suppressions import Suppression

MAX_GLOBS = 1_000  # per-file-ignores: every finding and every file is tried against each
MAX_DOUBLE_STARS = 3  # `**` folders in one per-file-ignores glob: each doubles the patterns tried


@functools.lru_cache(maxsize=4096)
def glob_forms(glob: str) -> tuple[str, ...]:
    """The fnmatch patterns a per-file-ignores `glob` stands for, composed (NFC): each `**` folder
    (a `**` between slashes, or first, before one) both dropped and kept. ValueError beyond
    `MAX_DOUBLE_STARS`.

    Why: fnmatch reads `**/` as `*` then `/`, at least one folder, while ruff's per-file-ignores
    and .gitignore read it as no folder or any: `**/draft.md` missed the top-level `draft.md`, and
    `_archive/**/*.md` the files directly in `_archive/`. `*` still matches across folders, as
    configurations written for it expect (`_archive/*` covers its subfolders).
    """
    parts: list[str] = []
    for part in unicodedata.normalize("NFC", glob).split("/"):
        if not (part == "**" and parts and parts[-1] == "**"):  # `**/**/` is `**/`
            parts.append(part)
    stars = [i for i, part in enumerate(parts[:-1]) if part == "**"]
    if len(stars) > MAX_DOUBLE_STARS:
        raise ValueError(f"has more than {MAX_DOUBLE_STARS} '**' folders")
    forms = []
    for dropped in itertools.product((False, True), repeat=len(stars)):
        gone = {i for i, drop in zip(stars, dropped, strict=True) if drop}
        forms.append("/".join(part for i, part in enumerate(parts) if i not in gone))
    return tuple(dict.fromkeys(forms))


@functools.lru_cache(maxsize=4096)  # more than a configuration may hold: none is compiled twice
def _glob_pattern(glob: str) -> re.Pattern[str]:
    """One expression for every form of `glob`: a path is tried once per glob, not once per form."""
    return re.compile("|".join(fnmatch.translate(form) for form in glob_forms(glob)))


def glob_matches(path: str, glob: str) -> bool:
    """Whether bank path `path` is one a per-file-ignores `glob` names (see `glob_forms`), the
    two compared composed (NFC): macOS may keep `café/` decomposed on disk while the configuration
    was typed composed, or the other way round, as a scope may be typed."""
    return _glob_pattern(glob).match(_composed(path)) is not None


@dataclass(frozen=True)
class Selection:
    """Which rules run, where they are silenced, and what severity they report at."""

    select: frozenset[str] | None = None
    ignore: frozenset[str] = frozenset()
    per_file_ignores: tuple[tuple[str, frozenset[str]], ...] = ()
    severities: dict[str, Severity] = field(default_factory=dict)
    # the per-file-ignores globs that silenced a finding in this run (`idle_globs`)
    used: set[str] = field(default_factory=set, compare=False, hash=False, repr=False)

    def active(self) -> list[RuleSpec]:
        return [
            spec
            for spec in all_rules()
            if (self.select is None or spec.code in self.select) and spec.code not in self.ignore
        ]

    def silenced(self, code: str, path: str, *, counted: bool = True) -> bool:
        """Whether a per-file ignore silences `code` at `path`; `counted` marks the glob as used.
        Why not always: a witness rule's finding, or MB013 asking about a suppression, is no
        finding of this run, and counting it hid a glob that matches no file whenever MB013 ran."""
        for pattern, codes in self.per_file_ignores:
            if code in codes and glob_matches(path, pattern):
                if counted:
                    self.used.add(pattern)
                return True
        return False

    def idle_globs(self, paths: Collection[str], configured: Selection | None = None) -> list[str]:
        """The per-file-ignores globs that silenced nothing so far and match none of `paths` (the
        bank's files; a bank-wide finding may name a file that is not there, such as a missing
        contract, so what a glob silenced counts too).

        Why: a glob with a typo (`_archve/*`) or written from the repository's root
        (`memory_bank/_archive/*`) silences nothing, and the run looked as if it were obeyed.
        A glob is judged when a rule it names ran and, for a run the command line narrowed from
        the `configured` one, every rule of it the configuration runs ran too: one left out may be
        what it silences (MB012 at `dna/`, a path no file holds).
        """
        ran = {spec.code for spec in self.active()}
        expected = {spec.code for spec in (configured or self).active()}
        return [
            pattern
            for pattern, codes in self.per_file_ignores
            if codes & ran  # a rule the configuration ignores never runs: not what a glob is for
            and codes & expected <= ran
            and pattern not in self.used
            and not any(glob_matches(path, pattern) for path in paths)
        ]


def idle_glob_note(glob: str) -> str:
    """What every command says of a per-file-ignores glob that matches no file of the bank: the
    glob quoted as the commands quote values, cut to 200 characters (a cloned configuration's
    glob may run to hundreds of kilobytes, and the note is printed on every run)."""
    return (
        f"per-file-ignores '{visible(shortened(glob, 200))}' matches no file of the bank, so it "
        "silences nothing (globs match paths inside the bank folder, such as 'adr/x.md')"
    )


def scope_filter(
    paths: Collection[str] | None = None, scope: str | None = None, *, composed: bool = True
) -> Callable[[str], bool]:
    """The in-scope test: given files only (pre-commit), a subdirectory, or everything.

    The scope is taken as written, surrounding whitespace included, since a name may begin with a
    space; a caller that also takes a scope typed with stray whitespace tries it stripped too.
    With `composed`, a scope matches in either Unicode normalisation (macOS types NFD); a caller
    that has the bank tries it exactly first, so of two folders that differ only by form the one
    named is the one meant.
    """
    if paths is not None:
        wanted = frozenset(paths)
        return wanted.__contains__
    if scope:
        prefix = scope.removeprefix("./").strip("/")
        if prefix and not composed:
            return lambda path: path == prefix or path.startswith(prefix + "/")
        prefix = unicodedata.normalize("NFC", prefix)
        if prefix:
            return lambda path: _composed(path) == prefix or _composed(path).startswith(prefix + "/")
    return lambda path: True


@dataclass
class _Reach:
    """A document's suppressions by where they reach: the line each `noqa` covers, the `disable`
    comments that cover the whole document, and the rule codes each names (None: every rule)."""

    lines: dict[int, list[int]] = field(default_factory=dict)
    whole: list[int] = field(default_factory=list)
    codes: list[frozenset[str | None] | None] = field(default_factory=list)


class Usage:
    """Which suppressions silenced which findings in one run, for MB013 to name the idle ones.

    Why the engine keeps it: whether a comment silences anything is known only once every other
    rule has run, so MB013 is handed this record instead of looking for findings itself.
    """

    def __init__(self, bank: Bank, selection: Selection, witnesses: Collection[RuleSpec] = ()) -> None:
        self.bank = bank
        self.selection = selection
        # the rules whose codes can be idle: an ignored rule runs only as a witness for bare ones
        self.ran = frozenset(
            spec.code for spec in (*selection.active(), *witnesses) if spec.code not in selection.ignore
        )
        # the rules that judge suppressions: a suppression naming one is never idle for it, since
        # the finding that would say so is one it silences (as ruff reads a noqa naming RUF100)
        self.judges = frozenset(spec.code for spec in all_rules() if spec.scope == "suppressions")
        self.used: dict[tuple[str, int], set[str]] = {}
        self._codes: dict[str, str | None] = {}
        self._reach: dict[str, tuple[Document, _Reach]] = {}
        self._whole: dict[tuple[str, str], bool] = {}  # (path, code): a `disable` silences it

    def code(self, token: str) -> str | None:
        """The rule code a written token names (`MB001`, `broken-derived-from`), or None."""
        if token not in self._codes:
            spec = find_rule(token)
            self._codes[token] = spec.code if spec else None
        return self._codes[token]

    def silences(self, finding: Finding) -> bool:
        """Whether a suppression in the finding's document covers it (and note which did). A
        finding of a rule that judges suppressions (MB013) is covered only by one naming that rule
        (`disable MB013` in a template of example comments, `# noqa: MB004, MB013`): a bare `# noqa`
        that silenced its own report could never be called idle.

        Why the suppressions are sorted by reach first: a document may hold thousands of `noqa`
        lines over as many findings, and checking each finding against each comment took
        seconds; a finding is checked against the comments on its own line, and a document's
        `disable` comments are checked once per rule.
        """
        return self.suppresses(finding.code, finding.path, finding.line, named=finding.code in self.judges)

    def suppresses(self, code: str, path: str, line: int | None, *, named: bool = False) -> bool:
        """Whether a suppression in `path` silences `code` at `line` (None: the whole file), noting
        which did: `silences` for a finding, `RuleContext.suppressed` for a rule that asks."""
        doc = self.bank.docs.get(path)
        if doc is None or not doc.suppressions:
            return False
        reach = self._reach_of(path, doc)
        silenced = False
        for index in reach.lines.get(line, ()) if line is not None else ():
            silenced = self._mark(code, path, index, reach.codes[index], named) or silenced
        if reach.whole:
            key = (path, code)
            if key not in self._whole:  # every `disable` naming this rule is marked once
                self._whole[key] = False
                for index in reach.whole:
                    marked = self._mark(code, path, index, reach.codes[index], named)
                    self._whole[key] = marked or self._whole[key]
            silenced = self._whole[key] or silenced
        return silenced

    def _mark(
        self, code: str, path: str, index: int, codes: frozenset[str | None] | None, named: bool = False
    ) -> bool:
        """Note that suppression `index` silences `code`, when it covers it (`named`: only by
        naming it, not as a bare `noqa` or `disable`)."""
        if (codes is None and named) or (codes is not None and code not in codes):
            return False
        self.used.setdefault((path, index), set()).add(code)
        return True

    def _reach_of(self, path: str, doc: Document) -> _Reach:
        found = self._reach.get(path)
        if found is not None and found[0] is doc:
            return found[1]
        reach = _Reach()
        for index, item in enumerate(doc.suppressions):
            reach.codes.append(frozenset(self.code(token) for token in item.tokens) if item.tokens else None)
            if item.covers(None):  # whatever the line: a `disable`
                reach.whole.append(index)
            else:
                reach.lines.setdefault(item.line, []).append(index)
        self._reach[path] = (doc, reach)
        return reach

    def idle(self, path: str, index: int, item: Suppression) -> tuple[list[str], list[str]]:
        """`(codes that silenced nothing, tokens that name no rule)` of one suppression.

        A code whose rule is ignored (for this file or everywhere) is not idle: the rule may run
        elsewhere, or again once the ignore goes.
        """
        used = self.used.get((path, index), set())
        if not item.tokens:
            return ([] if used else ["*"]), []
        idle, unknown = [], []
        for token in item.tokens:
            code = self.code(token)
            if code is None:
                unknown.append(token)
            elif (
                code in self.ran
                and code not in self.judges
                and not self.selection.silenced(code, path, counted=False)
                and code not in used
            ):
                idle.append(code)
        return idle, unknown


def lint(
    bank: Bank,
    selection: Selection | None = None,
    *,
    in_scope: Callable[[str], bool] | None = None,
    noqa: bool = True,
    hidden: list[Finding] | None = None,
) -> list[Finding]:
    """Every finding of the selected rules, ordered by rule, then path, then line.

    With `noqa` (the default) inline suppressions silence the findings they cover, and rules of
    scope `suppressions` (MB013) then report the ones that silenced nothing; without it every
    finding is reported and those rules stay quiet (an audit).

    Why MB013 has the rules left out of `select` run too (their findings only recorded, never
    reported): whether a suppression silences anything depends on the rules it names, not on the
    ones this run reports, so `--select MB013` answers what a full run's MB013 answers. Rules
    the configuration ignores run as witnesses too, and a finding an ignore (global or per file)
    hides still counts as what a suppression covering it silences: a bare `# noqa` over a finding
    of an ignored rule is not idle, and a code naming an ignored rule is never called idle.

    `hidden`, when given, receives the findings of the selected rules that an inline suppression
    silenced (a per-file ignore's are not among them: a baseline entry at an ignored file is not
    judged). Why: a baseline recorded under `--ignore-noqa` holds them, and a run that honours
    suppressions has to tell such an entry, whose finding is still there, from one whose finding
    is gone. A rule that asks about suppressions itself (`RuleContext.suppressed`, per-file
    ignores included) reports what they silenced as a `suppressed` problem, which goes there too
    unless a per-file ignore covers the file it is placed at.
    """
    selection = selection or Selection()
    active = selection.active()
    judged = noqa and any(spec.scope == "suppressions" for spec in active)
    witnesses = [
        spec for spec in all_rules() if judged and spec not in active and spec.scope != "suppressions"
    ]
    usage = Usage(bank, selection, witnesses) if noqa else None
    ctx = RuleContext(bank, in_scope or scope_filter(), _asker(selection, usage, counted=True))
    findings: list[Finding] = []
    for spec in witnesses:
        witness = replace(ctx, suppressed=_asker(selection, usage, counted=False))
        for finding, suppressed in _found(spec, witness, usage, selection, witness=True):
            if usage is not None and not suppressed:
                usage.silences(finding)
    for spec in sorted(active, key=lambda spec: spec.scope == "suppressions"):
        for finding, suppressed in _found(spec, ctx, usage, selection):
            if suppressed or (usage is not None and usage.silences(finding)):
                if hidden is not None:
                    hidden.append(finding)
                continue
            findings.append(finding)
    findings.sort(key=Finding.sort_key)
    return findings


def _asker(
    selection: Selection, usage: Usage | None, *, counted: bool
) -> Callable[[str, str, int | None], bool]:
    """`RuleContext.suppressed` for one run: a per-file ignore of the rule for the file, or an
    inline suppression (when honoured) covering the line, accepts what a rule asks about there.

    Why one answer for both: a per-file ignore of MB004 for the owner the conflict is placed on
    silenced the conflict between all the other owners, where its `# noqa` took out only its own
    claim. Both suppressions are asked, so a comment beside an ignore is still counted as used;
    `counted` says whether the glob is (not for a witness rule, whose findings are no finding of
    this run).
    """

    def suppressed(code: str, path: str, line: int | None) -> bool:
        inline = usage is not None and usage.suppresses(code, path, line)
        return selection.silenced(code, path, counted=counted) or inline

    return suppressed


def _found(
    spec: RuleSpec, ctx: RuleContext, usage: Usage | None, selection: Selection, *, witness: bool = False
) -> Iterator[tuple[Finding, bool]]:
    """The findings of one rule in scope, stamped, less those its per-file ignores silence; each
    with whether the rule found it silenced by inline suppressions (`Problem.suppressed`)."""
    severity = selection.severities.get(spec.code, spec.severity)
    if spec.scope == "suppressions":
        problems = ((problem, "") for problem in (spec.check(ctx, usage) if usage else ()))
    elif spec.scope == "bank":
        problems = ((problem, "") for problem in spec.check(ctx))
    else:
        problems = (
            (problem, doc.path)
            for doc in list(ctx.bank.docs.values())
            if ctx.in_scope(doc.path)
            for problem in spec.check(doc, ctx)
        )
    for problem, doc_path in problems:
        finding = _stamp(spec, severity, problem, doc_path)
        if not selection.silenced(spec.code, finding.path, counted=not witness):
            yield finding, problem.suppressed
        elif usage is not None and spec.scope != "suppressions" and not problem.suppressed:
            usage.silences(finding)  # hidden by a per-file ignore, yet covered by a suppression


MESSAGE_CHARS = 2_000  # a finding's message; what it quotes is the bank's, of any length


def bounded(message: str) -> str:
    """`message` within `MESSAGE_CHARS`, its start and its end kept (the end says what was looked
    for): a `doc_kind` of 50,000 characters made every format print a 100 KB line per finding."""
    if len(message) <= MESSAGE_CHARS:
        return message
    head, tail = MESSAGE_CHARS * 2 // 3, MESSAGE_CHARS // 3 - 3
    return f"{message[:head]} … {message[-tail:]}"


def _stamp(spec: RuleSpec, severity: Severity, problem: Problem, doc_path: str) -> Finding:
    return Finding(
        code=spec.code,
        rule=spec.name,
        severity=severity,
        path=problem.path or doc_path,
        message=bounded(problem.message),
        line=problem.line,
        column=problem.column,
        value=problem.value,
        order=spec.order,
        related=problem.related,
        earlier_value=problem.earlier_value,
    )
