"""Measure routing quality on the corpus banks: bank_route vs bank_search vs plain BM25.

Why three systems: the SPEC asks that routing (ranking the hand-written header plus some body
evidence) beat plain full-text search; `bank_search` is our own full-text tool and BM25 over whole
files (frontmatter included, same tokeniser as search, k1 1.2, b 0.75) is the textbook baseline.
Templates and `_inbox/` documents are removed from every system's list, since none may answer.

Three question sets:
* gold — `questions.yaml`, hand-written, answers checked by reading the documents;
* held-out — `heldout.yaml`, written the same way after the mechanisms were settled, never tuned on;
* silver — mined from the banks' own annotated index lines (`- [Name](path.md) — annotation` and
  a link followed by an indented "Читать, когда нужно: …" / "Read when …" line): the annotation
  is the question, the linked document the answer. Its Russian half is easy (annotations
  paraphrase the target's purpose), so it is a second measure, not the target.

Usage:
    python benchmarks/routing/measure.py [--ablate] [--review] [--set gold|heldout|silver|all]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from silver import silver  # noqa: E402

from memorybank_lint.bank import Bank  # noqa: E402
from memorybank_server.retrieval.body_index import index_terms  # noqa: E402
from memorybank_server.retrieval.lang import SEARCH_STOP, search_tokens  # noqa: E402
from memorybank_server.retrieval.ranking import eligible  # noqa: E402
from memorybank_server.retrieval.route import DEFAULT, Tuning, route  # noqa: E402
from memorybank_server.retrieval.search import search  # noqa: E402

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"
HERE = Path(__file__).resolve().parent
DEPTH = 5


class BM25:
    """Plain BM25 over whole files (frontmatter included), the search tokeniser, k1 1.2, b 0.75."""

    def __init__(self, bank: Bank) -> None:
        self.bank = bank
        self.tf: dict[str, dict[str, int]] = {}
        self.length: dict[str, int] = {}
        for path, doc in bank.docs.items():
            counts: dict[str, int] = {}
            terms = index_terms(doc.text)
            for term in terms:
                counts[term] = counts.get(term, 0) + 1
            self.length[path] = len(terms)
            for term, count in counts.items():
                self.tf.setdefault(term, {})[path] = count
        self.average = sum(self.length.values()) / max(1, len(self.length))

    def rank(self, query: str, limit: int) -> list[str]:
        tokens = list(dict.fromkeys(search_tokens(query)))
        tokens = [t for t in tokens if t not in SEARCH_STOP] or tokens
        total = len(self.length)
        scores: dict[str, float] = {}
        for token in tokens:
            posting = self.tf.get(token, {})
            idf = math.log(1 + (total - len(posting) + 0.5) / (len(posting) + 0.5))
            for path, freq in posting.items():
                norm = 1.2 * (0.25 + 0.75 * self.length[path] / self.average)
                scores[path] = scores.get(path, 0.0) + idf * freq * 2.2 / (freq + norm)
        ranked = sorted(scores, key=lambda p: (-scores[p], p))
        docs = self.bank.docs
        return [p for p in ranked if p in docs and eligible(docs[p], None, None)][:limit]


def gold(banks: dict[str, Bank], name: str = "questions.yaml") -> list[dict]:
    data = yaml.safe_load((HERE / name).read_text(encoding="utf-8"))
    items = []
    for q in data["questions"]:
        folder = data["banks"][q["bank"]]
        for lang in ("en", "ru"):
            if q.get(lang):
                item = {"id": q["id"], "bank": folder, "lang": lang, "q": q[lang], "answers": q["answers"]}
                items.append(item)
    for item in items:
        missing = [a for a in item["answers"] if a not in banks[item["bank"]].docs]
        if missing:
            raise SystemExit(f"{item['id']}: no such document {missing}")
    return items


def systems(banks: dict[str, Bank], tuning: Tuning = DEFAULT) -> dict[str, Callable[[str, str], list[str]]]:
    baselines = {folder: BM25(bank) for folder, bank in banks.items()}
    return {
        "route": lambda f, q: [r["path"] for r in route(banks[f], q, limit=DEPTH, tuning=tuning)["results"]],
        "search": lambda f, q: [r["path"] for r in search(banks[f], q, limit=DEPTH)["results"]],
        "bm25": lambda f, q: baselines[f].rank(q, DEPTH),
    }


@contextmanager
def hidden(banks: dict[str, Bank], item: dict) -> Iterator[None]:
    """Hide a silver question's own index document from every system while it is asked.

    The annotation is quoted verbatim there, so full-text systems would otherwise find the index
    line itself (and search's all-words pool would keep nothing else).
    """
    source = item.get("source")
    bank = banks[item["bank"]]
    doc = bank.docs.pop(source) if source else None
    try:
        yield
    finally:
        if doc is not None:
            bank.docs[source] = doc


def score(
    items: list[dict], ranker: Callable[[str, str], list[str]], banks: dict[str, Bank]
) -> dict[str, dict[str, float]]:
    by_lang: dict[str, list[tuple[int | None, int]]] = {}
    for item in items:
        with hidden(banks, item):
            ranked = ranker(item["bank"], item["q"])[:5]
        rank = next((i for i, p in enumerate(ranked) if p in item["answers"]), None)
        by_lang.setdefault(item["lang"], []).append((rank, len(ranked)))
    table = {}
    for lang, ranks in sorted(by_lang.items()):
        n = len(ranks)
        table[lang] = {
            "n": n,
            "top1": sum(1 for r, _ in ranks if r == 0) / n,
            "top3": sum(1 for r, _ in ranks if r is not None and r < 3) / n,
            "mrr5": sum(1 / (r + 1) for r, _ in ranks if r is not None) / n,
            "empty": sum(1 for _, size in ranks if size == 0) / n,
        }
    return table


def print_table(title: str, rows: dict[str, dict[str, dict[str, float]]]) -> None:
    print(f"\n{title}")
    print(f"{'system':<28} {'lang':<4} {'n':>4} {'top-1':>7} {'top-3':>7} {'MRR@5':>7} {'empty':>6}")
    for name, table in rows.items():
        for lang, m in table.items():
            print(
                f"{name:<28} {lang:<4} {m['n']:>4} {m['top1']:>7.1%} {m['top3']:>7.1%} {m['mrr5']:>7.3f} "
                f"{m['empty']:>6.1%}"
            )


NO_PATH = {"k": 5.0, "p": 3.0, "t": 2.0, "s": 1.0, "f": 0.0}
ABLATIONS: dict[str, dict] = {
    "full": {},
    "- dictionary": {"dictionary": False},
    "- synonyms": {"synonym": 0.0},
    "- rarity (idf)": {"idf": False},
    "rarity without sqrt": {"idf_power": 1.0},
    "- coverage": {"coverage_power": 0.0},
    "- body evidence": {"body_weight": 0.0, "body_coverage": 0.0},
    "- path field (W14)": {"weights": NO_PATH},
    "- why intent": {"why_intent": False},
    "- layer weights": {"layer_weights": False},
    "- closed halving": {"closed_halving": False},
    "- package status": {"package_status": False},
    "- key cap (W9)": {"key_cap": None},
    "prefix min 3 (W8)": {"min_prefix": 3},
    "no additions (stems+dict)": {
        "idf": False,
        "body_weight": 0.0,
        "body_coverage": 0.0,
        "coverage_power": 0.0,
        "synonym": 0.0,
        "package_status": False,
        "key_cap": None,
        "weights": NO_PATH,
    },
}


def review(items: list[dict], run: dict[str, Callable[[str, str], list[str]]]) -> None:
    """Print every question whose answer is not first for route, with all systems' top 3."""
    for item in items:
        ranked = {name: f(item["bank"], item["q"])[:3] for name, f in run.items()}
        if ranked["route"][:1] and ranked["route"][0] in item["answers"]:
            continue
        print(f"\n[{item['id']} {item['lang']}] {item['q']}  →  {item['answers']}")
        for name, paths in ranked.items():
            marks = ["*" if p in item["answers"] else " " for p in paths]
            print(f"  {name:<7}" + "  ".join(f"{m}{p}" for m, p in zip(marks, paths, strict=True)))


def latency(items: list[dict], banks: dict[str, Bank]) -> tuple[float, float, int]:
    route_ms, search_ms, size = [], [], 0
    for item in items:
        bank = banks[item["bank"]]
        started = time.perf_counter()
        answer = route(bank, item["q"], limit=3)
        route_ms.append((time.perf_counter() - started) * 1000)
        size = max(size, len(json.dumps(answer, ensure_ascii=False, separators=(",", ":"))))
        started = time.perf_counter()
        search(bank, item["q"], limit=10)
        search_ms.append((time.perf_counter() - started) * 1000)
    return statistics.median(route_ms), statistics.median(search_ms), size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ablate", action="store_true", help="route with one mechanism off at a time")
    parser.add_argument("--review", action="store_true", help="print gold questions route misses at rank 1")
    parser.add_argument("--set", choices=("gold", "heldout", "silver", "all"), default="all")
    args = parser.parse_args()
    banks = {}
    for folder in sorted(p.name for p in CORPUS.iterdir() if (p / "memory-bank").is_dir()):
        banks[folder] = Bank(CORPUS / folder / "memory-bank")
        banks[folder].refresh()
    sets = {"gold": gold(banks), "heldout": gold(banks, "heldout.yaml"), "silver": silver(banks)}
    if args.set != "all":
        sets = {args.set: sets[args.set]}
    run = systems(banks)
    for name, items in sets.items():
        route(banks[items[0]["bank"]], "warm up", limit=1)
        rows = {system: score(items, ranker, banks) for system, ranker in run.items()}
        print_table(f"{name} set ({len(items)} questions)", rows)
    if "gold" in sets:
        median_route, median_search, size = latency(sets["gold"], banks)
        print(f"\nlargest 3-result route answer on the gold questions: {size} characters (budget 840)")
        print(f"median latency on the corpus: route {median_route:.2f} ms, search {median_search:.2f} ms")
    if args.review:
        for name in ("gold", "heldout"):
            if name in sets:
                review(sets[name], run)
    if args.ablate:
        for name, items in sets.items():
            rows = {}
            for label, change in ABLATIONS.items():
                tuned = replace(DEFAULT, **change)
                rows[label] = score(items, systems(banks, tuned)["route"], banks)
            print_table(f"route ablations, {name} set", rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
