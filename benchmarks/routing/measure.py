"""Measure routing quality on the corpus banks: bank_route vs bank_search vs plain BM25.

One run prints, in order:
1. **leave one bank out** (the headline): the hand-written questions of all 7 banks
   (`questions.yaml` + `body.yaml`), each bank's questions ranked by the setting of `lobo.GRID`
   tuned on the other six (the default kept unless a setting beats it by more than one standard
   error; the plain best-MRR choice beside it); top-1 / top-3 / MRR@5 overall, per language and
   per kind, the same for plain BM25 and `bank_search` (nothing to tune), and the per-fold mean;
   then the same on the pooled labels (`pooled.py`: the labels plus the pages judged to answer
   when the top 3 of route and BM25 were pooled);
2. ablations on the same folds: each fold's chosen setting with one mechanism switched off;
3. the gold set (`questions.yaml`), the held-out set (`heldout.yaml`, never tuned on) and the
   silver set (mined index annotations, `silver.py`; also as first mined) with the shipped default;
   then the blind set (`blind.yaml`, written without sight of routing): both splits, the dev
   split (the only one `--review` shows), the test split by group, the second blind round
   (`blind2.yaml`, all test) by group, and the ablations on the dev split (which mechanisms carry
   to questions nobody tuned on);
4. the silver set again, with the mechanisms whose worth is there (`lobo.SILVER_GRID`) chosen
   leaving one bank out;
5. the largest 3-result answer and the corpus latency.

Why BM25 over whole files: the SPEC asks that routing beat plain full-text search, and BM25
(`baseline.py`) is the textbook one. Templates and `_inbox/` documents are removed from every
system's list, since none may answer.

Usage:
    python benchmarks/routing/measure.py [--no-ablate] [--review gold|heldout|body|silver|blind-dev]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import BM25  # noqa: E402
from lobo import DEPTH, GRID, SILVER_GRID, Figures, grouped, hidden, leave_one_bank_out, ranks  # noqa: E402
from pooled import with_pooled  # noqa: E402
from silver import silver  # noqa: E402

from memorybank_lint.bank import Bank  # noqa: E402
from memorybank_server.retrieval.route import DEFAULT, Tuning, route  # noqa: E402
from memorybank_server.retrieval.search import search  # noqa: E402

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"
HERE = Path(__file__).resolve().parent
GROUPS = ("all", "en", "ru", "fact", "how", "what", "why")


def questions(banks: dict[str, Bank], name: str) -> list[dict]:
    """Items (one per question and language) of a question file, answers checked to exist."""
    data = yaml.safe_load((HERE / name).read_text(encoding="utf-8"))
    items = []
    for q in data["questions"]:
        folder = data["banks"][q["bank"]]
        for lang in ("en", "ru"):
            if q.get(lang):
                items.append(
                    {
                        "id": q["id"],
                        "bank": folder,
                        "lang": lang,
                        "kind": q.get("kind"),
                        "split": q.get("split"),
                        "q": q[lang],
                        "answers": q["answers"],
                    }
                )
    for item in items:
        missing = [a for a in item["answers"] if a not in banks[item["bank"]].docs]
        if missing:
            raise SystemExit(f"{item['id']}: no such document {missing}")
    return items


def router(banks: dict[str, Bank], tuning: Tuning) -> Callable[[str, str], list[str]]:
    return lambda f, q: [r["path"] for r in route(banks[f], q, limit=DEPTH, tuning=tuning)["results"]]


def baselines(banks: dict[str, Bank]) -> dict[str, Callable[[str, str], list[str]]]:
    bm25 = {folder: BM25(bank) for folder, bank in banks.items()}
    return {
        "search": lambda f, q: [r["path"] for r in search(banks[f], q, limit=DEPTH)["results"]],
        "bm25": lambda f, q: bm25[f].rank(q, DEPTH),
    }


def print_rows(title: str, rows: dict[str, dict[str, Figures]]) -> None:
    print(f"\n{title}")
    print(f"{'system':<30} {'group':<5} {'n':>4} {'top-1':>7} {'top-3':>7} {'MRR@5':>7}")
    for name, table in rows.items():
        for group in GROUPS:
            if group in table:
                f = table[group]
                print(f"{name:<30} {group:<5} {f.n:>4} {f.top1:>7.1%} {f.top3:>7.1%} {f.mrr:>7.3f}")


def print_compact(title: str, rows: dict[str, dict[str, Figures]]) -> None:
    """One line per system: top-1 overall / EN / RU / fact, top-3 and MRR overall."""
    print(f"\n{title}")
    print(f"{'system':<30} {'top-1':>7} {'EN':>7} {'RU':>7} {'fact':>7} {'top-3':>7} {'MRR@5':>7}")
    for name, t in rows.items():
        fact = t["fact"].top1 if "fact" in t else float("nan")
        print(
            f"{name:<30} {t['all'].top1:>7.1%} {t['en'].top1:>7.1%} {t['ru'].top1:>7.1%} {fact:>7.1%} "
            f"{t['all'].top3:>7.1%} {t['all'].mrr:>7.3f}"
        )


def review(
    items: list[dict], run: dict[str, Callable[[str, str], list[str]]], banks: dict[str, Bank]
) -> None:
    """Print every question whose answer is not first for route, with all systems' top 3."""
    for item in items:
        with hidden(banks, item):
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
    parser.add_argument("--no-ablate", action="store_true", help="skip the ablations")
    sets_named = ("gold", "heldout", "body", "silver", "blind-dev")
    parser.add_argument("--review", choices=sets_named, help="print route's misses")
    args = parser.parse_args()
    banks = {}
    for folder in sorted(p.name for p in CORPUS.iterdir() if (p / "memory-bank").is_dir()):
        banks[folder] = Bank(CORPUS / folder / "memory-bank")
        banks[folder].refresh()
    gold, body = questions(banks, "questions.yaml"), questions(banks, "body.yaml")
    pool = gold + body
    others = baselines(banks)

    def rank_all(change: dict, items: list[dict] = pool) -> list[int | None]:
        return ranks(items, router(banks, replace(DEFAULT, **change)), banks)

    listed: dict[tuple[str, str, str], list[str]] = {}

    def rank_remembered(change: dict, items: list[dict]) -> list[int | None]:
        """`rank_all` for the hand-written items, each ranking kept, so a second label set
        (the pooled judgements) is scored on the same lists without routing again."""
        ranker, key = router(banks, replace(DEFAULT, **change)), repr(sorted(change.items()))

        def remembered(folder: str, question: str) -> list[str]:
            found = listed.get((key, folder, question))
            if found is None:
                found = listed[(key, folder, question)] = ranker(folder, question)
            return found

        return ranks(items, remembered, banks)

    result = leave_one_bank_out(pool, GRID, lambda change: rank_remembered(change, pool))
    greedy = leave_one_bank_out(pool, GRID, rank_all, one_se=False, table=result.table)
    judged = with_pooled(pool)
    on_judged = leave_one_bank_out(judged, GRID, lambda change: rank_remembered(change, judged))
    rows = {"route (leave one bank out)": grouped(pool, result.ranks)}
    rows["route, fold mean"] = {"all": result.fold_mean()}
    rows["route, best MRR per fold"] = grouped(pool, greedy.ranks)
    for name, ranker in others.items():
        rows[name] = grouped(pool, ranks(pool, ranker, banks))
    print_rows(f"leave one bank out: {len(pool)} questions (questions.yaml + body.yaml), 7 banks", rows)
    added = sum(len(j["answers"]) - len(i["answers"]) for i, j in zip(pool, judged, strict=True))
    on_pooled = {"route (leave one bank out)": grouped(judged, on_judged.ranks)}
    for name, ranker in others.items():
        on_pooled[name] = grouped(judged, ranks(judged, ranker, banks))
    print_rows(
        f"the same on the pooled labels ({added} answers added over both languages by judging the "
        "pooled top 3 of route and BM25; pooled.py; search was not pooled)",
        on_pooled,
    )
    rules = (("one-standard-error rule", result), ("best MRR", greedy), ("pooled labels", on_judged))
    for title, found in rules:
        print(f"\nsetting chosen per held-out bank ({title}):")
        for bank, setting in found.chosen.items():
            print(f"  {bank:<32} {setting}  top-1 {found.folds[bank].top1:.1%} (n {found.folds[bank].n})")

    if not args.no_ablate:
        from ablations import ABLATIONS, attested_elsewhere

        def held_out(change_for: Callable[[str], dict]) -> dict[str, Figures]:
            """Each fold's chosen setting with `change_for(bank)` on top, on that bank's items."""
            per_item = {}
            for bank, setting in result.chosen.items():
                subset = [item for item in pool if item["bank"] == bank]
                for item, rank in zip(subset, rank_all({**setting, **change_for(bank)}, subset), strict=True):
                    per_item[id(item)] = rank
            return grouped(pool, [per_item[id(item)] for item in pool])

        table = {"full": rows["route (leave one bank out)"]}
        for label, change in ABLATIONS.items():
            table[label] = held_out(lambda _bank, change=change: change)
        elsewhere = attested_elsewhere(banks)
        table["dictionary grown without the bank"] = held_out(elsewhere.__getitem__)
        table["  same, - transliteration"] = held_out(
            lambda bank: {**elsewhere[bank], "transliteration": 0.0}
        )
        table["  same, - passage floor"] = held_out(lambda bank: {**elsewhere[bank], "passage_floor": 0.0})
        print_compact("ablations, leave one bank out (each fold's setting, one mechanism off)", table)
        cut = {"route, dictionary grown without the bank": table["dictionary grown without the bank"]}
        print_rows("the dictionary cut, every group", cut)

    sets = {
        "gold": gold,
        "heldout": questions(banks, "heldout.yaml"),
        "body": body,
        "silver": silver(banks),
        "silver, first mining": silver(banks, legacy=True),
    }
    shipped = {"route": router(banks, DEFAULT), **others}

    def on_shipped(items: list[dict]) -> dict[str, dict[str, Figures]]:
        return {system: grouped(items, ranks(items, ranker, banks)) for system, ranker in shipped.items()}

    for name, items in sets.items():
        print_compact(f"{name} set ({len(items)} questions), shipped default", on_shipped(items))
    blind = questions(banks, "blind.yaml")
    sets["blind-dev"] = [item for item in blind if item["split"] == "dev"]
    test = [item for item in blind if item["split"] == "test"]
    for name, items in (
        ("blind, both splits", blind),
        ("blind, both splits, pooled labels", with_pooled(blind)),
        ("blind, dev split", sets["blind-dev"]),
    ):
        print_compact(f"{name} ({len(items)} questions), shipped default", on_shipped(items))
    for labels, items in (("labels as written", test), ("pooled labels", with_pooled(test))):
        title = f"blind, test split ({len(test)} questions, never tuned on or read), {labels}"
        print_rows(title, on_shipped(items))
    second = questions(banks, "blind2.yaml")
    print_rows(f"blind, second round ({len(second)} questions, never tuned on or read)", on_shipped(second))
    if not args.no_ablate:
        from ablations import ABLATIONS

        dev = sets["blind-dev"]
        table = {"full": grouped(dev, rank_all({}, dev))}
        for label, change in ABLATIONS.items():
            table[label] = grouped(dev, rank_all(change, dev))
        print_compact("ablations on the blind dev split (shipped default, one mechanism off)", table)
    mined = sets["silver"]
    both = mined + pool
    rank_both = lambda change: rank_all(change, both)  # noqa: E731
    chosen = leave_one_bank_out(both, SILVER_GRID, rank_both)
    greedy = leave_one_bank_out(both, SILVER_GRID, rank_both, one_se=False, table=chosen.table)
    table = {
        "route, chosen leaving one bank out": grouped(mined, chosen.ranks[: len(mined)]),
        "route, best MRR per fold": grouped(mined, greedy.ranks[: len(mined)]),
        "bm25": grouped(mined, ranks(mined, others["bm25"], banks)),
    }
    print_compact(
        f"silver set ({len(mined)} questions), length normalisation, descriptions and section index "
        "chosen per fold on the other banks' silver and hand-written questions",
        table,
    )
    for bank, setting in greedy.chosen.items():
        print(f"  {bank:<32} best MRR: {setting}")
    median_route, median_search, size = latency(gold + body, banks)
    print(f"\nlargest 3-result route answer on the gold and body questions: {size} characters (budget 840)")
    print(f"median latency on the corpus: route {median_route:.2f} ms, search {median_search:.2f} ms")
    if args.review:
        review(sets[args.review], shipped, banks)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
