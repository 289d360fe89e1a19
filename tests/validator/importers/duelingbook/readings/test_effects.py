"""Which effect a "Declared effect" used (readings/effects.py, contract §8), on real logs: the
readings that say so, and the plays they must not misread (docs/duelingbook.md, "Card
limits")."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from tests.helpers import CORPUS
from tests.validator.importers.edopro.replays import EDOPRO
from validator import validate
from validator.importers.duelingbook.replay import Game, load_replay
from validator.importers.duelingbook.replay import import_replay as import_duelingbook
from validator.importers.edopro.replay import import_replay as import_edopro
from validator.importers.edopro.to_duelingbook import to_duelingbook

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(),
                                reason="../shared/data/duelingbook is not beside it")


@cache
def _games(replay: str) -> list[Game]:
    return load_replay((CORPUS / replay).read_bytes())


def _declared(replay: str, game: int, at: str, name: str) -> list[dict[str, Any]]:
    """The actions a "Declared effect of <name>" play at ``at`` became."""
    return [a for a in _games(replay)[game - 1].document["actions"]
            if a["log"].get("time") == at and
            a["log"].get("text", "").startswith(f'Declared effect of "{name}"')]


def _flag(replay: str, game: int) -> tuple[str, str] | None:
    verdict = validate(_games(replay)[game - 1].document)
    if verdict.violation is None:
        return None
    return verdict.violation.rule, str(verdict.violation.action["log"].get("time"))


def test_a_trigger_on_being_summoned_declared_at_once_is_used_and_counted() -> None:
    replay = "advanced/advanced-76246577.json"
    [first] = _declared(replay, 1, "[11:28]", "Poseidra, the Storming Atlantean")
    assert first["type"] == "activate" and first["effect"] == 1
    assert _flag(replay, 1) == ("effect.once-per-turn", "[15:32]")


def test_a_normal_summon_trigger_is_no_special_summons_trigger() -> None:
    # K9-04 Noroi, "If this card is Normal Summoned", has an ignition effect on the field too:
    # after its Normal Summon the declaration is an activation, the judge takes the effect
    [normal] = _declared("advanced/advanced-76310709.json", 2, "[3:21]", "K9-04 Noroi")
    assert "effect.summon-trigger" in normal["log"]["readings"] and "effect" not in normal
    # Special Summoned from the GY at [4:51], its declaration at [5:08] is no such trigger:
    # it only announces the card, as before (no action)
    assert _declared("advanced/advanced-76310709.json", 2, "[5:08]", "K9-04 Noroi") == []


def test_a_trigger_joined_with_other_places_is_no_trigger_on_being_summoned() -> None:
    # Dracotail Mululu's trigger is usable from the field, the GY and banished (one entry):
    # the declaration after its Normal Summon is not read as that trigger (no action)
    assert _declared("advanced/advanced-76304536.json", 3, "[19:46]", "Dracotail Mululu") == []


def test_the_extra_monster_zone_effect_needs_its_resolution() -> None:
    replay = "advanced/advanced-77511191.json"
    # [1:32]: a Field Spell searched next: the Link Summon's search, no effect written
    [search] = _declared(replay, 1, "[1:32]", "R.B. VALCan Booster")
    assert "effect" not in search
    # [3:01]: R.B. Ga10 Driller Special Summoned from the GY next: the EMZ effect and its lock
    [emz] = _declared(replay, 1, "[3:01]", "R.B. VALCan Booster")
    assert emz["effect"] == 0 and "effect.extra-monster-zone" in emz["log"]["readings"]
    assert _flag(replay, 1) == ("summon.locked", "[5:42]")


def test_an_xyz_monsters_effect_is_known_by_the_detach_that_follows() -> None:
    replay = "advanced/advanced-76248357.json"
    for at in ("[8:52]", "[10:38]"):
        [used] = _declared(replay, 2, at, "The Zombie Vampire")
        assert used["effect"] == 0
    assert _flag(replay, 2) == ("effect.once-per-turn", "[10:38]")


def test_the_same_use_declared_again_is_one_action() -> None:
    # Mermail King - Neptabyss declared from the GY at [9:58] and again at [10:14], unmoved
    replay = "advanced/advanced-76242969.json"
    assert len(_declared(replay, 1, "[9:58]", "Mermail King - Neptabyss")) == 1
    assert _declared(replay, 1, "[10:14]", "Mermail King - Neptabyss") == []
    notes = [n for n in _games(replay)[0].notes if n.reading == "effect.declared-again"]
    assert any(n.at == "[10:14]" for n in notes)


def test_a_card_that_left_and_came_back_amid_other_plays_is_judged_again() -> None:
    # R.B. VALCan Booster sent to the GY at [17:37], Special Summoned back and moved to the
    # Extra Monster Zone: its EMZ effect at [18:35] is a second use of the turn
    assert _flag("advanced/advanced-77512398.json", 3) == ("effect.once-per-turn", "[18:35]")


def test_once_is_not_carried_under_an_old_formats_texts() -> None:
    # Red-Eyes Darkness Metal Dragon's Edison text: "Once per turn" (each copy its own); two
    # copies each used it in one turn (edison-58697288 game 2 [7:09], [7:24])
    game = _games("edison/edison-58697288.json")[1]
    assert all("once" not in e for card in game.document["cards"].values()
               for e in card.get("effects", ()))
    assert validate(game.document).violation is None


@pytest.mark.skipif(not (EDOPRO / "selfplay" / "selfplay-0004.yrpX").is_file(),
                    reason="../shared/data/edopro is not beside it")
def test_a_staged_monsters_effect_where_its_hand_effect_is_spent_is_no_second_use() -> None:
    # the engine-played selfplay-0004, converted: Centur-Ion Gargoyle II's hand effect used by
    # one copy, then the other copy placed as a Continuous Trap in S-2 (read as a Summon's
    # marker) uses its own effect there: no second use of the hand effect
    [game] = import_edopro((EDOPRO / "selfplay" / "selfplay-0004.yrpX").read_bytes())
    [converted] = import_duelingbook(to_duelingbook(game.document))
    spent = [n for n in converted.notes if n.reading == "effect.staged-spent"]
    assert spent and "Centur-Ion Gargoyle II" in spent[0].text
    assert validate(converted.document).legal


#: Matches whose declarations the readings of a card declared again read (declared again,
#: use undone, points at the card moved, left and came back).
_DECLARED_AGAIN = ("advanced/advanced-76242969.json", "advanced/advanced-77236311.json",
                   "advanced/advanced-76284145.json", "advanced/advanced-77358957.json",
                   "advanced/advanced-76248357.json", "advanced/advanced-77512398.json")


def test_a_declaration_with_no_activation_of_its_card_this_turn_skips_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The look that spares a card's first declaration of a turn the three scans
    (effects.activated_this_turn) changes no import: with it always True (every declaration
    scanned, as before it), the same actions and notes."""
    from validator.importers.duelingbook.readings import effects

    def imported() -> list[Any]:
        return [(g.document["actions"], g.notes) for replay in _DECLARED_AGAIN
                for g in load_replay((CORPUS / replay).read_bytes())]

    gated = imported()
    monkeypatch.setattr(effects, "activated_this_turn", lambda b, cid: True)
    assert imported() == gated
