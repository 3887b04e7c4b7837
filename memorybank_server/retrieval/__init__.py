"""Retrieval: `bank_route` ("which documents answer this") and `bank_search` (literal body search).

The pipeline, stage by stage, with the module that holds each stage:

    question ──► concepts ──────► candidates ──────► scores ──────────► answer
                 lang, stemmer,   route_index,       route_score,       route_answer (route),
                 lexicon_data,    body_index,        route_select,      search (hits, excerpt
                 general_data,    passages,          route_weights      from search_heads)
                 jargon_data,     search_heads,      (header × coverage
                 mined, translit, postings           × layer + body +
                 acronyms                            best passage)
                 (tokens, stems,
                 EN ↔ RU)

`route` runs the pipeline with one `tuning.Tuning`: every weight and switch, so the benchmark can
take one mechanism out at a time.

* **concepts** — a question is split into words, folded (`ё` = `е`), stemmed (Snowball for
  Russian, a light stripper for English) and joined to its translations and synonyms, from the
  built-in dictionary, the bank's own vocabulary page and the `term (другой язык)` pairs its
  glossary lines state (`mined`), and to the bank's words of the other script that sound the
  same (`translit`: `инстансов` for `instance`). An acronym the question spells out
  (`language model`) joins each word of the phrase (`acronyms`: `LLM`). A colloquial Russian
  word the dictionary does not know takes the standard words of its jargon line as synonyms
  (`jargon_data`: `тулза` → `инструмент`). A word no body holds is looked up in a general
  dictionary of everyday words (`general_data`), for the body evidence only.
* **candidates** — postings over the header fields (`canonical_for`, purpose, title, headings,
  path) and over the bodies give every document that holds a question word, with an upper bound
  on what it can score. Each body posting also says in which passages (paragraph, list item,
  table row: `passages`) the word occurs.
* **scores** — the best-bounded candidates are scored exactly: per-field credits weighted by each
  word's rarity, a coverage multiplier, layer and status weights (softened), body BM25 at a lower
  weight, and the best passage: the share of the question one paragraph holds, which lifts a
  document whose header never mentions the fact and sets a floor under its coverage (`ranking`
  holds the argument checks and eligibility both tools share). A delivery package's README
  weighs half, and a folder's index page and one of its pages are not both shown at full score
  (`route_select.spread`); a section's index page stands for the pages it links when the
  question is spread over them (`route_folder`), and a question too long for any header (a
  description) leans on the body (`tuning.for_question`). The third place goes to the body
  match whose one paragraph holds most of the question, when the first two do not show it
  (`route_select.reserve`); for a why question, a plan shown above the page of its folder it
  derives from gives that page its place (`route_select.sources_first`). The free weights are
  chosen leaving one bank out (benchmarks/routing).
* **answer** — a bounded result: path, title, purpose, why, the best section; 3 results fit in
  840 characters.

Both indexes are incremental: `Bank.refresh()` replaces a document's object only when its file
changed, so an index re-reads only those.
"""
