"""How the importer's builder reads what every handler shares
(validator/importers/edopro/builder.py: its actions, as ``emit`` makes them), held at a real
action of a shared replay: a Trap Monster the card database knows."""

from __future__ import annotations

import pytest

from tests.validator.importers.edopro.replays import EDOPRO, action, game

pytestmark = pytest.mark.skipif(not EDOPRO.is_dir(), reason="../shared/data/edopro is not "
                                                            "beside the repository")


def test_a_trap_monster_the_database_knows_is_special_summoned_as_a_monster() -> None:
    """The Phantom Knights of Shade Brigandine (its ``trap_monster``): Special Summoned where
    the engine put it, not sent to the GY as a Trap the contract cannot place (docs/edopro.md),
    so that a later Tribute Summon can Tribute it (selfplay-0106 [T9 #1924])."""
    name = "real/GG Gemeau vs IA_Orcust spam de Gemeaux.yrpX"
    assert action(name, 144) == {"type": "special_summon", "player": "p2", "card": "b14",
                                 "position": "defense", "zone": "M2", "at": "[T6 #2195]"}
    assert not [n for n in game(name).notes if n.reading == "edopro.trap-monster"]
    tribute = action("selfplay/selfplay-0106.yrpX", 124)
    assert (tribute["type"], tribute["tributes"]) == ("normal_summon", ["a16", "a13"])
