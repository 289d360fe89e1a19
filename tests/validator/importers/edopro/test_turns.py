"""How the importer reads the engine's turns and the duel's end
(validator/importers/edopro/turns.py), held at a real game of the shared replays: the turn
that begins with an empty Deck."""

from __future__ import annotations

import pytest

from tests.validator.importers.edopro.replays import EDOPRO, game
from validator import validate

pytestmark = pytest.mark.skipif(not EDOPRO.is_dir(), reason="../shared/data/edopro is not "
                                                            "beside the repository")


def test_actions_before_a_draw_from_an_empty_deck_are_dropped_as_the_tcg_has_it() -> None:
    """selfplay-0660: Abyss Dweller chained at the start of the Draw Phase of a player whose
    Deck is empty; the TCG ends the duel as that turn begins."""
    g = game("selfplay/selfplay-0660.yrpX")
    assert [n.at for n in g.notes if n.reading == "edopro.tcg-differs"] == ["[T37 #7043]"]
    verdict = validate(g.document).to_dict()
    assert verdict["legal"] and verdict["outcome"] == {"winner": "p2", "reason": "deck_out"}
