"""What each routing mechanism is worth: the changes `measure.py` applies one at a time.

Each entry switches one mechanism off (or back to the reference behaviour) on top of the
setting a leave-one-bank-out fold chose, so the figure beside it is what the mechanism adds on
a bank the weights were not tuned on.
"""

from __future__ import annotations

from memorybank_lint.bank import Bank
from memorybank_server.retrieval.lang import builtin_entries, normal, route_tokens

NO_PATH = {"k": 5.0, "p": 3.0, "t": 2.0, "s": 1.0, "f": 0.0}
ABLATIONS: dict[str, dict] = {
    "- dictionary": {"dictionary": False},
    "- synonyms": {"synonym": 0.0},
    "- jargon": {"jargon": False},
    "- transliteration": {"transliteration": 0.0},
    "- general dictionary": {"general": 0.0},
    "- acronyms": {"acronym": 0.0},
    "- rarity (idf)": {"idf": False},
    "- coverage": {"coverage_power": 0.0},
    "- body evidence (all of it)": {
        "body_weight": 0.0,
        "body_coverage": 0.0,
        "passage_weight": 0.0,
        "passage_coverage": 0.0,
        "passage_floor": 0.0,
    },
    "- passage evidence": {"passage_weight": 0.0, "passage_coverage": 0.0, "passage_floor": 0.0},
    "- passage floor on coverage": {"passage_floor": 0.0},
    "- mined bilingual pairs": {"mined": False},
    "reference layer strength": {"static_power": 1.0},
    "- path field (W14)": {"weights": NO_PATH},
    "- why intent": {"why_intent": False},
    "- layer weights": {"layer_weights": False},
    "- closed halving": {"closed_halving": False},
    "- package status": {"package_status": False},
    "- key cap (W9)": {"key_cap": None},
    "- index page spread": {"sibling": 1.0},
    "- package index at half": {"package_index": 1.0},
    "- section index from its pages": {"folder": 0.0, "folder_coverage": 0.0},
    "- descriptions lean on the body": {"long_question": None},
    "- third place for the best paragraph": {"passage_slot": 0.0},
    "- a why question's plan after its source": {"plan_source": False},
    "- length normalisation (BM25F)": {"length_norm": 0.0},
}


def attested_elsewhere(banks: dict[str, Bank]) -> dict[str, dict]:
    """Per bank, the change that keeps only the dictionary entries another bank attests.

    The built-in dictionary was grown from the corpus banks, so leaving a bank out of the weight
    tuning does not leave it out of the dictionary. An entry is attested by a bank when one of its
    Russian words and one of its English words (by stem) both occur in that bank's text; keeping,
    for each held-out bank, only the entries some *other* bank attests approximates a dictionary
    grown without it: what a bank nobody has read would get.
    """
    vocabulary = {}
    for folder, bank in banks.items():
        stems: set[str] = set()
        for doc in bank.docs.values():
            stems.update(normal(token) for token in route_tokens(doc.text))
        vocabulary[folder] = stems
    entries = builtin_entries()
    attested = {
        folder: {
            i
            for i, (russian, english) in enumerate(entries)
            if any(normal(w) in stems for w in russian) and any(normal(w) in stems for w in english)
        }
        for folder, stems in vocabulary.items()
    }
    elsewhere = {folder: [found for other, found in attested.items() if other != folder] for folder in banks}
    return {folder: {"entries": frozenset().union(*found)} for folder, found in elsewhere.items()}
