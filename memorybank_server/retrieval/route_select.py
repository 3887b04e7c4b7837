"""Choosing the best documents: coverage, exact scores, and bounds that skip the rest.

Why bounds: on a 10,000-document bank a common question word sits in thousands of headers and
bodies, and scoring each exactly costs more than the 20 ms budget. Every candidate gets a cheap
upper bound (header bound from the postings, body and passage at their maximum, coverage as if
every concept missing from the header were in the body); candidates are then scored exactly, best
bound first, until no remaining bound can reach the current top. Header holders that hold the
same question words share one bound first (a group of thousands is split by static weight), and
get their own only when it can still reach: even a cheap bound per document cost milliseconds
where a word sits in 9 of 10 headers. A document that can at best tie the last shown and lose the
tie on its path is not scored at all unless the spread could change the answer.
"""

from __future__ import annotations

import bisect
import heapq
import posixpath
from dataclasses import dataclass, field

from memorybank_lint.document import Document

from . import route_score
from .body_index import Evidence
from .passages import best_passage
from .ranking import round_half_up
from .route_folder import Folder
from .route_index import HeaderIndex
from .tuning import Tuning

SPLIT = 1_000  # a group of more header holders is split by static weight before it is weighed
CLASSES_SPLIT = 64  # the most static weights such a group is split by (a dozen in practice)
IN_BODIES_LISTED = 2_000  # the most body holders listed to split such a group by


def coverage(
    header: int,
    passage: int,
    body: int,
    weights: list[float],
    tuning: Tuning,
    folder: int = 0,
    folder_share: float = 0.0,
) -> float:
    """How much of the question a document answers, as a multiplier: (covered share) ** power.

    A concept found in the header counts fully, one found in the document's best passage counts
    `passage_coverage` (at least `body_coverage`), one found elsewhere in the body counts
    `body_coverage`, one only an index page's linked pages hold counts `folder_coverage`
    (`route_folder`); concepts are weighted by rarity, so a missing common word costs little.
    `Scoring.exact` raises this to the passage floor when one paragraph holds the question.
    """
    total = sum(weights)
    if tuning.coverage_power <= 0 or not total:
        return 1.0
    in_passage = max(tuning.passage_coverage, tuning.body_coverage)
    covered = 0.0
    for position, weight in enumerate(weights):
        if header >> position & 1:
            covered += weight
            continue
        share = 0.0
        if passage >> position & 1:
            share = in_passage
        elif body >> position & 1:
            share = tuning.body_coverage
        if folder >> position & 1:
            share = max(share, folder_share)
        covered += weight * share
    return (covered / total) ** tuning.coverage_power


@dataclass
class Scoring:
    """Everything one question's scores are computed from, once the postings have been read."""

    tuning: Tuning
    index: HeaderIndex
    tables: list[route_score.Table]
    weights: list[float]
    header: route_score.HeaderBounds
    held: dict[str, int]
    groups: dict[int, set[str]]
    evidence: Evidence | None
    body_scale: float
    static: dict[str, float]
    folder: Folder = field(default_factory=Folder)
    classes: dict[float, set[str]] = field(default_factory=dict)  # documents by static weight
    coverages: dict[tuple[int, int, int, int, float], float] = field(default_factory=dict)
    _ceiling: dict[int, float] = field(init=False)  # per concept mask: coverage as if the body held the rest
    _padded: list[float] = field(init=False)  # body scores by id, and 0.0 last for a path the index lacks
    _most_extra: float = field(init=False)  # the most body and passage add to any document
    _parts: dict[tuple[int, float, bool], set[str]] = field(init=False)  # a split group's parts
    _bodied: set[str] | bool | None = field(init=False)  # `_in_bodies`, False until listed

    def __post_init__(self) -> None:
        full = (1 << len(self.weights)) - 1
        floor = self.passage_floor(1.0)
        self._ceiling = {mask: max(floor, self.cover(mask, full, full)) for mask in {*self.groups, 0}}
        self._padded = [*self.evidence.scores, 0.0] if self.evidence else [0.0]
        most_body = max(self.evidence.scores, default=0.0) if self.evidence else 0.0
        self._most_extra = most_body * self.body_scale + self.tuning.passage_weight if most_body else 0.0
        self._parts, self._bodied = {}, False

    def cover(
        self,
        header_mask: int,
        passage_mask: int,
        body_mask: int,
        folder_mask: int = 0,
        folder_share: float = 0.0,
    ) -> float:
        key = (header_mask, passage_mask, body_mask, folder_mask, folder_share)
        found = self.coverages.get(key)
        if found is None:
            found = self.coverages[key] = coverage(
                header_mask, passage_mask, body_mask, self.weights, self.tuning, folder_mask, folder_share
            )
        return found

    def bounds(self, bodies: list[str]) -> list[tuple]:
        """Upper bounds to start from: (−bound, "", mask) for each group of header holders that
        hold the same concepts (`expand` weighs its documents when the group can still reach),
        and (−bound, path) for the best body matches and the index pages `route_folder` lifts.

        A document's bound: its header bound, body and passage at their maximum, coverage as if
        every concept missing from the header were in the body; a group's takes the best of
        each over its documents (route_score.HeaderBounds).
        """
        full = (1 << len(self.weights)) - 1
        floor = self.passage_floor(1.0)
        ids, scores = (self.evidence.ids, self.evidence.scores) if self.evidence else ({}, [])
        weight, k = self.static, self.body_scale
        passage, folder = self.tuning.passage_weight, self.folder.found
        most_weight = max(weight.values(), default=0.0)
        bounds: list[tuple] = [
            (-(self.header.at_most(mask) + self._most_extra) * most_weight * self._ceiling[mask], "", mask)
            for mask in self.groups
        ]
        for p in folder.keys() & self.held.keys():
            extra = self._extra(p) + folder[p][0]
            cover = max(floor, self.cover(self.held[p], full, full, *folder[p][1:]))
            bounds.append((-(self.header.of(p) + extra) * weight[p] * cover, p))
        for p in bodies:
            if p not in self.held and p not in folder:
                bounds.append((-(scores[ids[p]] * k + passage) * weight[p] * self._ceiling[0], p))
        for p, (credit, mask, share) in folder.items():
            if p not in self.held:
                cover = max(floor, self.cover(0, full, full, mask, share))
                bounds.append((-(credit + self._extra(p)) * weight[p] * cover, p))
        return bounds

    def expand(self, mask: int, weight: float | None = None, bodied: bool = True) -> list[tuple]:
        """(−bound, path) for each header holder of the group `mask` (of static weight `weight`,
        whose body holds a question word or not, when given), but the index pages `route_folder`
        lifts (`bounds` weighed those already).

        A group of more than `SPLIT` documents is first split by static weight and by whether
        the body holds a question word, into entries (−bound, "", mask, weight, bodied): a word
        in most headers of a large bank makes one group of thousands, and only its heavier
        weights, with the body's share only where there is a body match, can reach the answer.
        """
        members = self.groups[mask] if weight is None else self._parts.pop((mask, weight, bodied))
        ceiling = self._ceiling[mask]
        if weight is None and len(members) > SPLIT and 1 < len(self.classes) <= CLASSES_SPLIT:
            header = self.header.at_most(mask)
            in_bodies = self._in_bodies()
            parts = []
            for value, paths in self.classes.items():
                part = members & paths
                with_body = part if in_bodies is None else part & in_bodies
                for flag, found in ((True, with_body), (False, part - with_body)):
                    if found:
                        self._parts[(mask, value, flag)] = found
                        extra = self._most_extra if flag else 0.0
                        parts.append((-(header + extra) * value * ceiling, "", mask, value, flag))
            return parts
        of, extra, static, folder = self.header.of, self._extra, self.static, self.folder.found
        return [(-(of(p) + extra(p)) * static[p] * ceiling, p) for p in members if p not in folder]

    def _in_bodies(self) -> set[str] | None:
        """The documents whose body holds a question word, when they are few enough to list
        (None: take every document as one). Listed once per question."""
        if self._bodied is False:
            holders = self.evidence.holders if self.evidence else []
            if sum(map(len, holders)) > IN_BODIES_LISTED:
                self._bodied = None
            else:
                paths = self.evidence.paths if self.evidence else []
                self._bodied = {path for i in set().union(*holders) if (path := paths[i]) is not None}
        return self._bodied

    def _extra(self, path: str) -> float:
        """The most body and passage can add to the document: its BM25 share, and a full passage."""
        body = self._padded[self.evidence.ids.get(path, -1)] if self.evidence else 0.0
        return body * self.body_scale + self.tuning.passage_weight if body else 0.0

    def exact(self, path: str) -> tuple[float, route_score.Evaluation, int]:
        """The document's score, its evaluation and the concepts its body holds."""
        header_mask = self.held.get(path, 0)
        body_mask = passage_mask = 0
        share = 0.0
        evaluation = route_score.evaluate(
            self.index.headers[path],
            self.tables,
            self.weights,
            self.tuning.weights,
            self.tuning.key_cap,
            self.index.mean_lengths,
            self.tuning.length_norm,
        )
        if self.evidence:
            if header_mask != (1 << len(self.weights)) - 1:
                body_mask = self.evidence.mask(path)
            if part := self.evidence.score(path) * self.body_scale:
                evaluation.parts["body"] = part
            if body_mask or part:
                share, passage_mask = best_passage(self.evidence.passages(path), self.weights)
                if share and self.tuning.passage_weight:
                    evaluation.parts["passage"] = share * self.tuning.passage_weight
        folder_mask, folder_share = 0, 0.0
        if path in self.folder.found:
            _, folder_mask, folder_share = self.folder.found[path]
            evaluation.parts["folder"], evaluation.folder = self.folder.credit(path), folder_mask
        covered = max(
            self.cover(header_mask, passage_mask, body_mask, folder_mask, folder_share),
            self.passage_floor(share),
        )
        return evaluation.header * covered * self.static[path], evaluation, body_mask

    def passage_floor(self, share: float) -> float:
        """The coverage a document earns from its best paragraph alone: (floor × share) ** power.

        Why: the mixed coverage counts a word found in a paragraph at `passage_coverage` of a
        header word, so a document whose one paragraph holds the whole question — the answer to
        a fact question, in a document whose header never mentions it — still lost to any
        document whose header held one of the words. With the floor it covers at least
        `passage_floor` × the paragraph's share of the question.
        """
        if self.tuning.coverage_power <= 0 or not self.tuning.passage_floor:
            return 0.0
        return (self.tuning.passage_floor * share) ** self.tuning.coverage_power


def select(scoring: Scoring, bodies: list[str], limit: int) -> tuple[list, dict[str, int]]:
    """The `limit` best documents, evaluated exactly in bound order until no bound can reach:
    the header holders and `bodies` (see `Scoring.bounds`); then an index page and a page of its
    folder are not both shown at full score (`spread`).

    `limit` only cuts: `limit` 3 gives the first three of `limit` 5. Answers are ordered by the
    score as shown (two decimals), then by path, so every document that could round to the last
    score shown is evaluated — but one whose bound rounds to that score and whose path sorts
    after the last shown is set aside (`deferred`): it can only tie, and a tie goes by path (a
    bank of near-identical pages tied 2,000 of them). The set-aside documents are evaluated after
    all when the spread could discount a shown document; and when the spread lowers that score,
    they and the documents that could reach the lowered score are evaluated and spread too,
    until it holds.
    """
    heap = scoring.bounds(bodies)
    heapq.heapify(heap)
    body_hits: dict[str, int] = {}
    ranked: list[tuple[float, str, float, route_score.Evaluation]] = []  # (-shown, path, score, …)
    deferred: list[tuple] = []
    index_pages = scoring.index.index_pages

    def evaluate(floor: float | None) -> None:
        """Evaluate every document whose bound could still be shown at `floor` or above (None:
        until `limit` are kept and none can reach the last of them, ties set aside)."""
        if floor is not None:
            for entry in deferred:
                heapq.heappush(heap, entry)
            deferred.clear()
        while heap and heap[0][0] < 0:
            full = len(ranked) >= limit
            reach = floor if floor is not None else (-ranked[limit - 1][0] if full else None)
            if reach is not None and -heap[0][0] < reach - 0.005:
                return
            entry = heapq.heappop(heap)
            if len(entry) > 2:  # a group of header holders: weigh its documents one by one
                members = scoring.expand(*entry[2:])
                if len(members) > len(heap):  # one pass over the heap beats a push per member
                    heap.extend(members)
                    heapq.heapify(heap)
                else:
                    for member in members:
                        heapq.heappush(heap, member)
                continue
            path = entry[1]
            if floor is None and full and _only_ties(entry, ranked[limit - 1], index_pages):
                deferred.append(entry)
                continue
            score, evaluation, body_hits[path] = scoring.exact(path)
            if score > 0:
                entry = (-round_half_up(score, 2), path, score, evaluation)
                bisect.insort(ranked, entry, key=lambda r: r[:2])

    evaluate(None)
    rows = [(-shown, path, evaluation) for shown, path, _, evaluation in ranked[:limit]]
    floor = rows[-1][0] if len(rows) >= limit else 0.0
    if deferred and _spread_can_discount(ranked, floor, index_pages, scoring.tuning.sibling):
        evaluate(floor)
    while scoring.tuning.sibling < 1.0:
        candidates = [(score, path, found) for shown, path, score, found in ranked if -shown >= floor]
        spread_out = spread(candidates, scoring.tuning.sibling, index_pages)
        shown_now = ((round_half_up(score, 2), path, found) for score, path, found in spread_out)
        rows = sorted(shown_now, key=lambda row: (-row[0], row[1]))[:limit]
        lowered = rows[-1][0] if len(rows) >= limit else 0.0
        if lowered >= floor:
            break
        floor = lowered
        evaluate(floor)
    return reserve(scoring, rows, bodies, body_hits, limit), body_hits


def _only_ties(entry: tuple, last: tuple, index_pages: set[str]) -> bool:
    """Whether the document of a (−bound, path) entry can at best tie the last shown (−shown,
    path, …) and lose on its path. Index pages are never set aside: one can discount the pages
    of its folder in the spread."""
    path, bound, shown = entry[1], -entry[0], -last[0]
    if path <= last[1] or path in index_pages:
        return False
    if bound < shown + 0.004 or bound > shown + 0.006:  # clear either way: no rounding needed
        return bound < shown + 0.004
    return round_half_up(bound, 2) <= shown


def _spread_can_discount(ranked: list, floor: float, index_pages: set[str], sibling: float) -> bool:
    """Whether the spread could discount a document shown at `floor` or above: only when an index
    page is among them. If not, a set-aside page is neither discounted nor discounts anything,
    and sorts after the last shown, so the answer is the same without evaluating it."""
    return sibling < 1.0 and any(-shown >= floor and path in index_pages for shown, path, *_ in ranked)


def spread(ranked: list[tuple[float, str, route_score.Evaluation]], factor: float, index_pages: set[str]):
    """Re-take `ranked` (best first) greedily, a document counting `factor` of its score when a
    document of its folder is already taken and one of the two is that folder's index page.

    Why: a package's README is an annotated list of its pages, so the README and the page it
    annotates say one thing twice, and when the package is the wrong one a 3-result answer held
    nothing else. Two ordinary pages of one folder are different documents and keep their
    scores (a folder-wide discount also pushed down a package's second page that an index line
    named). Greedy, so a sibling still beats a much weaker stranger; the discounted score is the
    one shown, so the answer stays in score order, and the first document never changes.
    """
    taken: dict[str, bool] = {}  # folder → whether an index page of it is taken

    def discounted(path: str) -> bool:
        folder = posixpath.dirname(path)
        return folder in taken and (taken[folder] or path in index_pages)

    # A heap of (−value, position): a document's value only ever drops once (when a document of
    # its folder is taken), so one popped at a stale value is queued again at its new one. The
    # first of equals wins, as `ranked` comes in shown score, then path, order; n log n, since
    # a weak question can bring hundreds of documents to the same shown score.
    queue = [(-score, position) for position, (score, _, _) in enumerate(ranked)]
    heapq.heapify(queue)
    chosen = []
    while queue:
        negative, position = heapq.heappop(queue)
        score, path, evaluation = ranked[position]
        value = score * factor if discounted(path) else score
        if value < -negative:
            heapq.heappush(queue, (-value, position))
            continue
        folder = posixpath.dirname(path)
        taken[folder] = taken.get(folder, False) or path in index_pages
        chosen.append((value, path, evaluation))
    return chosen


SLOT = 2  # the 0-based place reserved for the best paragraph


def reserve(scoring: Scoring, rows: list, bodies: list[str], body_hits: dict[str, int], limit: int) -> list:
    """Give the third place to the body match whose one paragraph holds the largest share of the
    question, at least `passage_slot`, when the first two do not already show it.

    Why: the top-3 misses left were fact questions whose answer is one paragraph under a header
    that never mentions it (the layer prior and header coverage put it fourth or fifth); a
    3-result answer then shows two header-led documents and the strongest paragraph. Only the
    third place moves, so the first two and the order of the rest are the header route's. Among
    equal shares the better body match (BM25, `bodies` order) wins.
    """
    threshold = scoring.tuning.passage_slot
    if threshold <= 0 or not scoring.evidence or len(rows) < SLOT or limit <= SLOT:
        return rows
    shown = {path for _, path, _ in rows[:SLOT]}
    best, found, held = threshold, None, 0
    for path in bodies[: scoring.tuning.passage_slot_pool]:
        if path in shown:
            continue
        share, concepts = best_passage(scoring.evidence.passages(path), scoring.weights)
        if share > best or (found is None and share >= best):
            best, found, held = share, path, concepts
    if found is None or (len(rows) > SLOT and rows[SLOT][1] == found):
        return rows
    score, evaluation, body_hits[found] = scoring.exact(found)
    if score <= 0:
        return rows
    evaluation.paragraph = held
    rest = [row for row in rows[SLOT:] if row[1] != found]
    return [*rows[:SLOT], (round_half_up(score, 2), found, evaluation), *rest][:limit]


# the `doc_function`s of a page that restates a source as steps
PLAN_FUNCTIONS = frozenset({"derived", "implementation-plan", "plan"})


def sources_first(rows: list, docs: dict[str, Document]) -> list:
    """For a why question: a plan shown in the first three places above a page of its own folder
    that it derives from gives its place to that page.

    Why: a package's plan restates its feature page's decisions as steps, in the same words, and
    its checklists often outscore the one paragraph that gives the reason; the bank's own
    `derived_from` says which page the plan was written from, and the reason is kept there. Only
    a plan (`doc_function` derived, implementation-plan or plan) yields, and only to a page of
    its folder (a decision log that derives from its design stays above it: it is where reasons
    are written). Each row keeps its own score, as the reserved third place does.
    """
    window = min(len(rows), SLOT + 1)
    rows = list(rows)
    moved: set[str] = set()  # each page moves up once, so plans deriving from each other end
    place = 0
    while place < window:
        doc = docs.get(rows[place][1])
        later = None
        if doc is not None and doc.doc_function in PLAN_FUNCTIONS:
            folder = posixpath.dirname(doc.path)
            sources = {
                path
                for edge in doc.derived_from
                for path in edge.target.as_written()
                if posixpath.dirname(path) == folder and path not in moved
            }
            later = next((at for at in range(place + 1, window) if rows[at][1] in sources), None)
        if later is None:
            place += 1
            continue
        source = rows.pop(later)  # the page now at this place is looked at again: a plan's plan
        source[2].plan = posixpath.basename(doc.path)  # gives way to the plan, then to its source
        moved.add(source[1])
        rows.insert(place, source)
    return rows
