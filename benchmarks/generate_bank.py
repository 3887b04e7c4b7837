"""Generate a deterministic, realistic memory bank of N documents (default 10,000).

Why generate: the shared corpus tops out at ~250 documents, so it cannot show how indexing and
validation scale, and a synthetic bank made of identical stubs would flatter the YAML loader, the
line scanners and the regexes. This one follows the shape of the real banks (dapi/zelma,
Arshev/apartus): a `dna/` folder that declares a contract in prose and tables, section folders with
`README.md` indexes, feature packages, 1–8 KB documents with full frontmatter, English and Russian
prose, fenced code, tables and links. About 1% of the documents carry a realistic defect so that
validation produces findings rather than short-circuiting on a clean bank.

Determinism: everything is drawn from one `random.Random(seed)`, no set is ever iterated, and
files are written in plan order, so the same `(n, seed)` always gives a byte-identical tree.

Usage:
    python benchmarks/generate_bank.py OUT_DIR --docs 10000 [--seed 7]

Importable: `generate(root, n, seed)` writes the bank; `planted_defects(n, seed)` says which
documents carry which defect (the tests compare it with the linter's findings).
"""

from __future__ import annotations

import argparse
import datetime
import posixpath
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

MIN_DOCS = 40
DEFECT_RATE = 0.01

# Defect kind -> the rule code the linter reports it under.
DEFECT_CODES: dict[str, str] = {
    "broken_derived_from": "MB001",
    "unquoted_colon": "MB002",
    "orphan": "MB009",
}

# Share of the content documents per section; `features` takes whatever is left.
SECTION_SHARES: tuple[tuple[str, float], ...] = (
    ("product", 0.05),
    ("domain", 0.12),
    ("engineering", 0.12),
    ("ops", 0.08),
    ("adr", 0.10),
    ("prd", 0.07),
    ("flows", 0.05),
)
SECTIONS: tuple[str, ...] = (*(name for name, _ in SECTION_SHARES), "features")
SECTION_KIND: dict[str, str] = {
    "product": "product",
    "domain": "domain",
    "engineering": "engineering",
    "ops": "ops",
    "adr": "adr",
    "prd": "prd",
    "flows": "process",
    "features": "feature",
}
SECTION_TITLES: dict[str, tuple[str, str]] = {
    "product": ("Product", "Продукт: контекст, роадмап и пользователи"),
    "domain": ("Domain Model", "Предметная область"),
    "engineering": ("Engineering", "Инженерные правила и архитектура"),
    "ops": ("Operations", "Эксплуатация и окружения"),
    "adr": ("Architecture Decision Records", "Архитектурные решения"),
    "prd": ("Product Requirements", "Продуктовые требования"),
    "flows": ("Flows and Templates", "Процессы и шаблоны"),
    "features": ("Feature Packages", "Feature packages"),
}
FIXED_NAMES: dict[str, tuple[str, ...]] = {
    "product": ("context.md", "roadmap.md", "personas.md"),
    "engineering": ("architecture.md", "testing-policy.md", "coding-style.md", "git-workflow.md"),
    "ops": ("environments.md", "release-process.md", "configuration.md"),
    "flows": ("feature-flow.md", "epic-flow.md", "lifecycle-gates.md"),
}

# The values the contract declares (dna/frontmatter.md); every generated value is one of these.
DOC_KINDS = (
    "governance",
    "project",
    "product",
    "domain",
    "engineering",
    "ops",
    "adr",
    "prd",
    "feature",
    "feature-support",
    "process",
)
DOC_FUNCTIONS = ("canonical", "index", "template", "derived", "reference", "convention")
STATUSES = ("draft", "active", "archived")
DELIVERY_STATUSES = ("planned", "in_progress", "done", "cancelled")
DECISION_STATUSES = ("proposed", "accepted", "superseded", "rejected")

NOUNS = (
    "booking", "payment", "invoice", "tenant", "property", "unit", "session", "registry", "queue",
    "retry", "notification", "report", "calendar", "pricing", "guest", "owner", "account",
    "permission", "audit", "export", "import", "sync", "cache", "search", "webhook", "schedule",
    "message", "channel", "catalog", "order", "cart", "delivery", "refund", "ledger", "migration",
    "backup", "metric", "alert", "pane", "workspace", "token", "branch", "amenity", "review",
)  # fmt: skip
ASPECTS = (
    "lifecycle", "rules", "model", "policy", "states", "events", "api", "storage", "limits", "errors",
    "overview", "contract", "workflow", "invariants", "glossary", "boundaries", "permissions",
)  # fmt: skip
EN_SUBJECTS = (
    "The {n} service", "Each {n} record", "The agent", "The operator", "The {n} worker",
    "A draft {n}", "The CLI", "The scheduler", "Every {n} event", "The `{c}` module", "The API layer",
)  # fmt: skip
EN_VERBS = (
    "validates", "stores", "publishes", "rejects", "reconciles", "caches", "emits", "locks",
    "archives", "retries", "normalises", "forwards", "records", "deduplicates",
)  # fmt: skip
EN_OBJECTS = (
    "the {n} state", "incoming {n} events", "the `{c}` field", "pending changes", "the environment config",
    "the audit trail", "each {n} transition", "the upstream snapshot", "stale {n} entries",
)  # fmt: skip
EN_TAILS = (
    "before the release gate", "on every start", "without side effects", "in a single transaction",
    "when the upstream document changes", "after the owner confirms", "within the retry budget",
    "so that reviewers see one answer", "unless the feature flag is off", "for at most 30 seconds",
)  # fmt: skip
RU_SUBJECTS = (
    "Сервис {n}", "Каждая запись {n}", "Агент", "Оператор", "Модуль `{c}`", "Планировщик",
    "Команда разработки", "CLI", "Воркер {n}", "Черновик {n}", "API-слой",
)  # fmt: skip
RU_VERBS = (
    "проверяет", "сохраняет", "публикует", "отклоняет", "сверяет", "кэширует", "фиксирует",
    "блокирует", "архивирует", "повторяет", "нормализует", "передаёт", "дедуплицирует",
)  # fmt: skip
RU_OBJECTS = (
    "состояние записи", "входящие события {n}", "поле `{c}`", "список изменений",
    "конфигурацию окружения", "журнал аудита", "каждый переход {n}", "upstream-снимок",
)  # fmt: skip
RU_TAILS = (
    "до начала релиза", "при каждом запуске", "без побочных эффектов", "в рамках одной транзакции",
    "если upstream-документ изменился", "после подтверждения владельца", "в пределах retry budget",
    "чтобы у ревьюеров был один ответ", "пока feature flag выключен", "не дольше 30 секунд",
)  # fmt: skip
EN_HEADINGS = (
    "Context", "Scope", "Decision", "Constraints", "Details", "Risks", "Open questions", "Invariants",
    "Acceptance criteria", "Rollout", "Failure modes", "Interfaces",
)  # fmt: skip
RU_HEADINGS = (
    "Контекст", "Объем работ", "Решение", "Ограничения", "Детали", "Риски", "Открытые вопросы",
    "Инварианты", "Критерии приемки", "Выкатка", "Сценарии отказа", "Интерфейсы",
)  # fmt: skip
FITS = (
    "only the retry limits", "используются только ограничения по VRAM", "the state names, not the flow",
    "только публичный контракт API", "terminology only", "только правила валидации",
)  # fmt: skip
CODE_BLOCKS = (
    ("yaml", "{c}:\n  enabled: true\n  retries: 3\n  timeout_ms: 1500\n# owner: {n} team"),
    ("bash", "# rebuild the {n} index\nmake {c}\n./bin/{c} --check --root ./data\necho done"),
    ("python", "def {c}(record):\n    # keep the {n} invariant\n    return record.status == 'active'"),
    ("go", "func {C}(ctx context.Context) error {{\n\t// {n}: single writer\n\treturn nil\n}}"),
    ("sql", "SELECT id, status\nFROM {c}\nWHERE updated_at > now() - interval '1 day';"),
    ("json", '{{\n  "{c}": {{"status": "active", "retries": 3}},\n  "owner": "{n}"\n}}'),
    ("ruby", "class {C}\n  # {n} aggregate\n  def call = validate!\nend"),
)  # fmt: skip


@dataclass
class Planned:
    """One document of the plan: everything the renderer needs, decided before any text is written."""

    path: str
    title: str
    doc_kind: str
    doc_function: str
    status: str
    lang: str
    size: int
    derived_from: list[str] = field(default_factory=list)
    canonical_for: list[str] = field(default_factory=list)
    must_not_define: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    delivery_status: str | None = None
    decision_status: str | None = None
    defect: str | None = None
    purpose: str = ""

    @property
    def is_index(self) -> bool:
        return self.doc_function == "index"

    @property
    def section(self) -> str:
        return self.path.split("/", 1)[0] if "/" in self.path else ""


def _rel(source: str, target: str) -> str:
    """`target` as written inside `source` (both bank paths); directory targets keep their slash."""
    start = posixpath.dirname(source) or "."
    relative = posixpath.relpath(target.rstrip("/"), start)
    return relative + "/" if target.endswith("/") else relative


def _slug(rng: random.Random) -> str:
    return f"{rng.choice(NOUNS)}-{rng.choice(ASPECTS)}"


def _unique(directory: str, name: str, taken: set[str]) -> str:
    """A path in `directory` not yet taken: `name`, else `name-2`, `name-3`, …"""
    stem, ext = name.rsplit(".", 1)
    candidate, counter = f"{directory}/{name}", 2
    while candidate in taken:
        candidate = f"{directory}/{stem}-{counter}.{ext}"
        counter += 1
    taken.add(candidate)
    return candidate


def _humanize(slug: str) -> str:
    return slug.replace("-", " ").capitalize()


def _allocate(content: int) -> dict[str, int]:
    """Content documents per section (section READMEs excluded); features take the rest, at least 2."""
    counts = {name: max(1, round(share * content)) for name, share in SECTION_SHARES}
    counts["features"] = content - sum(counts.values())
    if counts["features"] < 2:
        raise ValueError("too few documents to lay out every section")
    return counts


def _feature_folders(rng: random.Random, total: int) -> list[int]:
    """Sizes of the feature packages (README + brief + companions), summing to `total`, none of 1."""
    sizes = []
    while total > 0:
        size = rng.choice((2, 3, 4, 4, 5, 6))
        if total - size == 1:
            size += 1
        size = min(size, total)
        sizes.append(size)
        total -= size
    return sizes


def _fixed_docs() -> list[Planned]:
    """`dna/` and the root README: the governance every other document derives from."""

    def doc(path: str, title: str, function: str, derived: list[str], keys: list[str]) -> Planned:
        return Planned(
            path, title, "governance", function, "active", "en", 0, derived, keys, purpose=f"{title}."
        )

    dna = [
        doc("dna/principles.md", "Documentation Principles", "canonical", [], ["ssot_principle"]),
        doc("dna/governance.md", "Document Governance", "canonical", ["dna/principles.md"],
            ["dependency_tree", "layer_table"]),
        doc("dna/frontmatter.md", "Frontmatter Schema", "canonical", ["dna/governance.md"],
            ["frontmatter_schema"]),
        doc("dna/lifecycle.md", "Document Lifecycle", "canonical",
            ["dna/governance.md", "dna/frontmatter.md"], ["status_transitions"]),
    ]  # fmt: skip
    readme = doc("dna/README.md", "DNA Index", "index", ["dna/principles.md"], [])
    readme.links = [d.path for d in dna]
    root = Planned(
        "README.md",
        "Documentation Index",
        "project",
        "index",
        "active",
        "en",
        0,
        ["dna/principles.md", "dna/governance.md"],
        purpose="Root navigation of the memory bank. Read first.",
    )
    root.links = ["dna/README.md", *(f"{section}/README.md" for section in SECTIONS)]
    return [*dna, readme, root]


def _content_doc(rng: random.Random, path: str, title: str, kind: str, function: str) -> Planned:
    status = rng.choices(STATUSES, weights=(10, 85, 5))[0]
    size = int(rng.triangular(1024, 8192, 2300))
    return Planned(path, title, kind, function, status, rng.choice(("en", "ru", "ru")), size)


def _plan(n: int, rng: random.Random) -> list[Planned]:
    """Lay out the whole bank: paths, metadata, edges, index links and defects, in write order."""
    if n < MIN_DOCS:
        raise ValueError(f"a realistic bank needs at least {MIN_DOCS} documents, not {n}")
    docs = _fixed_docs()
    taken = {d.path for d in docs}
    counts = _allocate(n - len(docs) - len(SECTIONS))
    sections: dict[str, list[Planned]] = {}
    for section in SECTIONS:
        title_en, title_ru = SECTION_TITLES[section]
        readme = Planned(
            f"{section}/README.md",
            title_en,
            SECTION_KIND[section],
            "index",
            "active",
            "en",
            0,
            ["dna/governance.md"],
            purpose=f"Навигация по разделу: {title_ru.lower()}.",
        )
        taken.add(readme.path)
        members = _section_docs(rng, section, counts[section], taken)
        readme.links = [d.path for d in members if d.path.count("/") == 1 and not d.is_index]
        if section == "features":
            readme.links = [d.path[: -len("README.md")] for d in members if d.is_index]
        sections[section] = [readme, *members]
        docs.extend(sections[section])
    _add_edges(rng, docs)
    _add_keys(rng, docs)
    _plant_defects(rng, docs, n)
    return docs


def _section_docs(rng: random.Random, section: str, count: int, taken: set[str]) -> list[Planned]:
    kind = SECTION_KIND[section]
    if section == "features":
        return _feature_docs(rng, count, taken)
    fixed = FIXED_NAMES.get(section, ())
    result = []
    for i in range(count):
        functions = ("canonical", "derived", "reference", "convention")
        function = rng.choices(functions, weights=(60, 20, 15, 5))[0]
        if section == "adr":
            slug = _slug(rng)
            path = _unique(section, f"ADR-{i + 1:04d}-{slug}.md", taken)
            title = f"ADR-{i + 1:04d}: Use {_humanize(slug).lower()} as the single writer"
        elif section == "prd":
            slug = _slug(rng)
            path = _unique(section, f"PRD-{i + 1:03d}-{slug}.md", taken)
            title = f"PRD-{i + 1:03d}: {_humanize(slug)}"
        elif i < len(fixed):
            path = _unique(section, fixed[i], taken)
            title = _humanize(fixed[i][:-3])
        elif section == "flows" and rng.random() < 0.25:
            slug = _slug(rng)
            path = _unique(section, f"{slug}-template.md", taken)
            title = f"{_humanize(slug)} template"
            function = "template"
        else:
            slug = _slug(rng)
            path = _unique(section, f"{slug}.md", taken)
            title = _humanize(slug)
        doc = _content_doc(rng, path, title, kind, function)
        if section == "adr":
            doc.decision_status = rng.choices(DECISION_STATUSES, weights=(15, 70, 10, 5))[0]
        result.append(doc)
    return result


def _feature_docs(rng: random.Random, count: int, taken: set[str]) -> list[Planned]:
    """Feature packages `features/FT-xxxx/`: README index, canonical brief, then companions."""
    result = []
    companions = ("design.md", "implementation-plan.md", "decision-log.md")
    for number, size in enumerate(_feature_folders(rng, count), start=1):
        folder = f"features/FT-{number:04d}"
        name = _humanize(_slug(rng))
        readme = Planned(
            _unique(folder, "README.md", taken),
            f"FT-{number:04d}: {name}",
            "feature",
            "index",
            "active",
            "en",
            0,
            ["dna/governance.md", "flows/feature-flow.md"],
            purpose=f"Навигация по feature package FT-{number:04d}.",
        )
        brief = _content_doc(rng, _unique(folder, "brief.md", taken), f"FT-{number:04d}: {name}", "feature",
                             "canonical")  # fmt: skip
        brief.delivery_status = rng.choices(DELIVERY_STATUSES, weights=(25, 20, 50, 5))[0]
        package = [readme, brief]
        for k in range(size - 2):
            if k < len(companions):
                path = _unique(folder, companions[k], taken)
                doc = _content_doc(rng, path, f"FT-{number:04d}: {_humanize(companions[k][:-3])}",
                                   "feature", "derived")  # fmt: skip
            else:
                path = _unique(folder, f"{rng.choice(NOUNS)}-notes.md", taken)
                doc = _content_doc(rng, path, f"FT-{number:04d}: {_humanize(path.rsplit('/', 1)[1][:-3])}",
                                   "feature-support", "reference")  # fmt: skip
            package.append(doc)
        readme.links = [d.path for d in package[1:]]
        result.extend(package)
    return result


def _add_edges(rng: random.Random, docs: list[Planned]) -> None:
    """1–3 `derived_from` edges per content document, always to earlier documents (so no cycles)."""
    earlier: list[str] = []
    recent: dict[str, list[str]] = {}
    dna = [d.path for d in docs if d.path.startswith("dna/") and not d.is_index]
    for doc in docs:
        if not doc.derived_from and not doc.is_index and doc.path != "dna/principles.md":
            wanted = rng.choice((1, 1, 2, 2, 2, 3))
            chosen: list[str] = []
            if doc.section == "features" and not doc.path.endswith("/brief.md"):
                chosen.append(posixpath.dirname(doc.path) + "/brief.md")
            for _ in range(wanted * 3):
                if len(chosen) >= wanted:
                    break
                roll = rng.random()
                local = recent.get(doc.section, [])
                if roll < 0.4 and local:
                    target = rng.choice(local[-15:])
                elif roll < 0.8 and earlier:
                    target = rng.choice(earlier)
                else:
                    target = rng.choice(dna)
                if target not in chosen:
                    chosen.append(target)
            doc.derived_from = chosen
        if not doc.is_index:
            earlier.append(doc.path)
            recent.setdefault(doc.section, []).append(doc.path)


def _add_keys(rng: random.Random, docs: list[Planned]) -> None:
    """`canonical_for` keys, unique across the bank; some `must_not_define` naming others' keys."""
    used: set[str] = {key for d in docs for key in d.canonical_for}
    owned: list[str] = [key for d in docs for key in d.canonical_for]
    for doc in docs:
        if doc.is_index or doc.path.startswith("dna/"):
            continue
        for _ in range(rng.choice((0, 1, 1, 2, 3))):
            base = f"{doc.section}_{rng.choice(NOUNS)}_{rng.choice(ASPECTS)}"
            key, counter = base, 2
            while key in used:
                key, counter = f"{base}_{counter}", counter + 1
            used.add(key)
            doc.canonical_for.append(key)
        if owned and rng.random() < 0.2:
            doc.must_not_define = sorted(rng.sample(owned, min(len(owned), rng.choice((1, 2)))))
        owned.extend(doc.canonical_for)


def _plant_defects(rng: random.Random, docs: list[Planned], n: int) -> None:
    """About 1% of the documents get one defect each, every kind at least once."""
    candidates = [d for d in docs if not d.is_index and not d.path.startswith("dna/")]
    per_kind = max(1, round(n * DEFECT_RATE / len(DEFECT_CODES)))
    picked = rng.sample(candidates, per_kind * len(DEFECT_CODES))
    for number, doc in enumerate(picked):
        doc.defect = list(DEFECT_CODES)[number // per_kind]
        if doc.defect == "broken_derived_from":
            doc.derived_from.append(f"{doc.section}/retired-{_slug(rng)}.md")
        elif doc.defect == "orphan":
            for index in docs:
                if doc.path in index.links:
                    index.links.remove(doc.path)


# -- text ------------------------------------------------------------------------------------------


def _fill(rng: random.Random, template: str) -> str:
    if "{" not in template:
        return template
    noun = rng.choice(NOUNS)
    code = f"{noun}_{rng.choice(ASPECTS)}"
    return template.format(n=noun, c=code, C="".join(part.capitalize() for part in code.split("_")))


def _sentence(rng: random.Random, lang: str) -> str:
    if lang == "ru":
        parts = (RU_SUBJECTS, RU_VERBS, RU_OBJECTS, RU_TAILS)
    else:
        parts = (EN_SUBJECTS, EN_VERBS, EN_OBJECTS, EN_TAILS)
    return " ".join(_fill(rng, rng.choice(options)) for options in parts) + "."


def _paragraph(rng: random.Random, lang: str) -> str:
    return " ".join(_sentence(rng, lang) for _ in range(rng.randint(2, 6)))


def _table(rng: random.Random, lang: str) -> str:
    header = "| ID | Metric | Base | Target |" if lang == "en" else "| ID | Метрика | База | Цель |"
    rows = [header, "| --- | --- | --- | --- |"]
    for number in range(1, rng.randint(3, 7)):
        noun = rng.choice(NOUNS)
        rows.append(f"| `MET-{number:02d}` | {noun} p95 latency | {rng.randint(200, 900)} ms | "
                    f"{rng.randint(50, 199)} ms |")  # fmt: skip
    return "\n".join(rows)


def _code(rng: random.Random) -> str:
    language, template = rng.choice(CODE_BLOCKS)
    fence = "~~~" if rng.random() < 0.1 else "```"
    return f"{fence}{language}\n{_fill(rng, template)}\n{fence}"


def _bullets(rng: random.Random, lang: str) -> str:
    return "\n".join(f"- {_sentence(rng, lang)}" for _ in range(rng.randint(2, 5)))


def _claim(rng: random.Random, doc: Planned, target: str, title: str) -> str:
    """A sentence handing a fact to its owner document (what MB010 checks); the target exists."""
    relative = _rel(doc.path, target)
    topic = f"{rng.choice(NOUNS)} {rng.choice(ASPECTS)}"
    if doc.lang == "ru":
        return rng.choice(
            (
                f"Правила {topic} зафиксированы в [{title}]({relative}).",
                f"Порядок {topic} описан в `{relative}`.",
            )
        )
    return rng.choice(
        (f"The {topic} is defined in [{title}]({relative}).", f"The {topic} is described in `{relative}`.")
    )


def _fenced_example(rng: random.Random) -> str:
    """An example inside fenced code: a claim to a file that does not exist, which must be ignored."""
    return (
        "```markdown\n"
        f"The escalation ladder for {rng.choice(NOUNS)} is governed by `escalation-ladder.md`.\n"
        "```"
    )


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _purpose(doc: Planned) -> str:
    if doc.purpose:
        return doc.purpose
    stem = posixpath.basename(doc.path)[:-3]
    if doc.section in ("adr", "prd"):
        topic = stem.split("-", 2)[2].replace("-", " ")
    elif ": " in doc.title:
        number, name = doc.title.split(": ", 1)
        topic = f"{number} {name.lower()}"
    else:
        topic = doc.title.lower()
    if doc.lang == "ru":
        return f"Канонический документ про {topic} — кто владеет фактом и где граница ответственности."
    return f"Canonical owner of the {topic} facts — what holds, who decides, and where the boundary is."


def _frontmatter(rng: random.Random, doc: Planned, date: str) -> str:
    lines = ["---"]
    if ": " in doc.title or rng.random() < 0.5:
        lines.append(f"title: {_quote(doc.title) if ': ' in doc.title else doc.title}")
    lines += [f"doc_kind: {doc.doc_kind}", f"doc_function: {doc.doc_function}"]
    purpose = _purpose(doc)
    if doc.defect == "unquoted_colon":
        lines.append(f"purpose: {purpose.split(' — ')[0]}: {rng.choice(NOUNS)} and {rng.choice(NOUNS)}")
    elif rng.random() < 0.01:
        # `*` in a header sends it to the pure-Python alias-counting loader, as in ~1% of real headers.
        lines.append(f"purpose: {_quote(purpose.replace(' — ', ' — **not** ', 1))}")
    elif ": " in purpose or rng.random() < 0.4:
        lines.append(f"purpose: {_quote(purpose)}")
    else:
        lines.append(f"purpose: {purpose}")
    if doc.derived_from:
        lines.append("derived_from:")
        for target in doc.derived_from:
            if rng.random() < 0.15:
                lines += [f"  - path: {_rel(doc.path, target)}", f"    fit: {_quote(rng.choice(FITS))}"]
            else:
                lines.append(f"  - {_rel(doc.path, target)}")
    lines.append(f"status: {doc.status}")
    if doc.delivery_status:
        lines.append(f"delivery_status: {doc.delivery_status}")
    if doc.decision_status:
        lines.append(f"decision_status: {doc.decision_status}")
    for name in ("canonical_for", "must_not_define"):
        values = getattr(doc, name)
        if values:
            lines.append(f"{name}:")
            lines += [f"  - {value}" for value in values]
    lines += ["audience: humans_and_agents", f"last_verified: {date}", "---"]
    return "\n".join(lines)


def _body(rng: random.Random, doc: Planned, titles: dict[str, str]) -> str:
    """Blocks of prose, lists, tables and code under `##` headings until the size target is met."""
    blocks = [f"# {doc.title}", _paragraph(rng, doc.lang)]
    size = sum(len(b.encode()) for b in blocks)
    headings = RU_HEADINGS if doc.lang == "ru" else EN_HEADINGS
    owners = [t for t in doc.derived_from if t in titles]
    claims = 0
    while size < doc.size:
        block_kind = rng.choices(
            ("heading", "paragraph", "bullets", "table", "code", "claim", "example"),
            weights=(18, 45, 12, 6, 10, 1, 1),
        )[0]
        if block_kind == "heading":
            block = f"{'###' if rng.random() < 0.2 else '##'} {rng.choice(headings)}"
        elif block_kind == "bullets":
            block = _bullets(rng, doc.lang)
        elif block_kind == "table":
            block = _table(rng, doc.lang)
        elif block_kind == "code":
            block = _code(rng)
        elif block_kind == "claim" and owners and claims < 2:
            target = rng.choice(owners)
            block = _claim(rng, doc, target, titles[target])
            claims += 1
        elif block_kind == "example":
            block = _fenced_example(rng)
        else:
            block = _paragraph(rng, doc.lang)
        blocks.append(block)
        size += len(block.encode()) + 2
    if owners:
        heading = "## Связанные документы" if doc.lang == "ru" else "## Related documents"
        blocks += [heading, "\n".join(f"- [{titles[t]}]({_rel(doc.path, t)})" for t in owners)]
    return "\n\n".join(blocks)


def _index_body(rng: random.Random, doc: Planned, titles: dict[str, str], purposes: dict[str, str]) -> str:
    blocks = [f"# {doc.title}", _paragraph(rng, "ru")]
    entries = []
    for target in doc.links:
        relative = _rel(doc.path, target)
        if target.endswith("/"):
            readme = target + "README.md"
            entries.append(f"| [{target.rstrip('/').rsplit('/', 1)[1]}]({relative}) | {titles[readme]} |")
        else:
            entries.append(f"- [`{relative}`]({relative})\n  Читать, когда нужно: {purposes[target]}")
    if entries and entries[0].startswith("|"):
        blocks += ["## Packages", "| Package | Title |\n| --- | --- |\n" + "\n".join(entries)]
    else:
        blocks += ["## Аннотированный индекс", "\n\n".join(entries)]
    return "\n\n".join(blocks)


def _dna_body(rng: random.Random, doc: Planned) -> str:
    """The governance texts the contract reader recognises, with some ordinary prose around them."""
    prose = _paragraph(rng, "en")
    if doc.path == "dna/principles.md":
        extra = (
            "## Single source of truth\n\nEvery fact has exactly one owner document, named by its "
            "`canonical_for` keys. Other documents link to the owner instead of restating the fact.\n\n"
            "Каждый факт имеет ровно одного владельца; остальные документы ссылаются на него."
        )
    elif doc.path == "dna/governance.md":
        extra = (
            "## Source dependency tree\n\n"
            "The root document is `principles.md`.\n"
            "Every `active` non-root document must define `derived_from`.\n"
            "Cyclic dependencies are forbidden.\n\n"
            "Корневой документ — `principles.md`. Циклические зависимости запрещены.\n\n"
            "## Layers\n\nRouting ranks sections by layer:\n\n"
            "| Directory | Layer | Weight |\n| --- | --- | --- |\n"
            "| product | knowledge | 1.5 |\n| domain | knowledge | 1.5 |\n| engineering | knowledge | 1.4 |\n"
            "| adr | decision | 1.2 |\n| features | delivery | 0.6 |\n| flows | flow | 1.0 |"
        )
    elif doc.path == "dna/frontmatter.md":
        rows = (
            ("doc_kind", DOC_KINDS),
            ("doc_function", DOC_FUNCTIONS),
            ("status", STATUSES),
            ("delivery_status", DELIVERY_STATUSES),
            ("decision_status", DECISION_STATUSES),
        )
        table = "\n".join(
            f"| `{name}` | enum | {', '.join(f'`{v}`' for v in values)} |" for name, values in rows
        )
        extra = (
            "## Fields\n\nEvery governed document declares these fields in its YAML header.\n\n"
            "| Field | Type | Values |\n|---|---|---|\n" + table + "\n\n"
            "Additional fields (`audience`, `last_verified`) are allowed and not validated.\n\n"
            "```yaml\n---\nderived_from:\n  - ../../product/context.md\nstatus: active\n"
            "delivery_status: planned\n---\n```"
        )
    else:
        extra = "## Transitions\n\n`draft` → `active` → `archived`. " + _paragraph(rng, "ru")
    return f"# {doc.title}\n\n{prose}\n\n{extra}"


def _render(rng: random.Random, docs: list[Planned]) -> list[tuple[str, bytes]]:
    titles = {d.path: d.title for d in docs}
    purposes = {d.path: _purpose(d).split(" — ")[0] for d in docs}
    start = datetime.date(2025, 1, 1)
    rendered = []
    for doc in docs:
        date = (start + datetime.timedelta(days=rng.randrange(500))).isoformat()
        if doc.path.startswith("dna/") and not doc.is_index:
            body = _dna_body(rng, doc)
        elif doc.is_index:
            body = _index_body(rng, doc, titles, purposes)
        else:
            body = _body(rng, doc, titles)
        text = f"{_frontmatter(rng, doc, date)}\n\n{body}\n"
        rendered.append((doc.path, text.encode("utf-8")))
    return rendered


# -- public API ------------------------------------------------------------------------------------


def planted_defects(n: int, seed: int = 7) -> dict[str, list[str]]:
    """Which documents `generate(root, n, seed)` gives a defect: rule code -> sorted bank paths."""
    found: dict[str, list[str]] = {code: [] for code in DEFECT_CODES.values()}
    for doc in _plan(n, random.Random(seed)):
        if doc.defect:
            found[DEFECT_CODES[doc.defect]].append(doc.path)
    return {code: sorted(paths) for code, paths in found.items()}


def generate(root: Path, n: int, seed: int = 7) -> None:
    """Write a bank of exactly `n` documents into `root` (created; must be empty if it exists)."""
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    if any(root.iterdir()):
        raise FileExistsError(f"{root} is not empty; refusing to mix a generated bank into it")
    rng = random.Random(seed)
    docs = _plan(n, rng)
    for path, data in _render(rng, docs):
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out_dir", type=Path, help="the bank folder to create (must be empty or absent)")
    parser.add_argument("--docs", type=int, default=10_000, help="number of documents (default 10000)")
    parser.add_argument("--seed", type=int, default=7, help="random seed (default 7)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        generate(args.out_dir, args.docs, args.seed)
    except (ValueError, FileExistsError) as exc:
        print(f"generate_bank: {exc}", file=sys.stderr)
        return 2
    total = sum(p.stat().st_size for p in args.out_dir.rglob("*.md"))
    print(
        f"wrote {args.docs} documents ({total / 1e6:.1f} MB) to {args.out_dir} "
        f"in {time.perf_counter() - started:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
