"""What each routing mechanism is worth: the changes `measure.py` applies one at a time.

Each entry switches one mechanism off (or back to the reference behaviour) on top of the
setting a leave-one-bank-out fold chose, so the figure beside it is what the mechanism adds on
a bank the weights were not tuned on.
"""

from __future__ import annotations

NO_PATH = {"k": 5.0, "p": 3.0, "t": 2.0, "s": 1.0, "f": 0.0}
ABLATIONS: dict[str, dict] = {
    "- dictionary": {"dictionary": False},
    "- synonyms": {"synonym": 0.0},
    "- rarity (idf)": {"idf": False},
    "- coverage": {"coverage_power": 0.0},
    "- body evidence (all of it)": {
        "body_weight": 0.0,
        "body_coverage": 0.0,
        "passage_weight": 0.0,
        "passage_coverage": 0.0,
    },
    "- passage evidence": {"passage_weight": 0.0, "passage_coverage": 0.0},
    "- mined bilingual pairs": {"mined": False},
    "reference layer strength": {"static_power": 1.0},
    "- path field (W14)": {"weights": NO_PATH},
    "- why intent": {"why_intent": False},
    "- layer weights": {"layer_weights": False},
    "- closed halving": {"closed_halving": False},
    "- package status": {"package_status": False},
    "- key cap (W9)": {"key_cap": None},
}
