"""The textbook baseline routing must beat: plain BM25 over whole files, no stemming.

Frontmatter is included (a file is what a plain full-text engine would index), the tokeniser is
`bank_search`'s (identifiers stay whole, their fragments are posted too), k1 1.2, b 0.75. Templates
and `_inbox/` documents are removed from its list, since no system may answer with them.
"""

from __future__ import annotations

import math

from memorybank_lint.bank import Bank
from memorybank_server.retrieval.body_index import index_terms
from memorybank_server.retrieval.lang import SEARCH_STOP, search_tokens
from memorybank_server.retrieval.ranking import eligible


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
