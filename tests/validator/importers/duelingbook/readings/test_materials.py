"""A Link Summon's materials in a Duelingbook log (validator/importers/duelingbook/readings/
materials.py): the sends around the Link Monster read as its materials where they can make it,
flagged where they are surely more than it takes, not written where the log cannot tell."""

from __future__ import annotations

import json
from typing import Any

from tests.validator.importers.duelingbook.replays import (
    actions,
    judged,
    readings_of,
    rule_at,
    said,
)
from validator.importers.duelingbook.game import Game

_OPEN = ["A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1",
         'A: Normal Summon | Normal Summoned "Sangan" from hand (5/6) to M-1',
         'A: SS ATK | Special Summoned "Vorse Raider" from hand (2/5) to M-3 (ATK)']
_SANGAN = 'A: To GY | Sent "Sangan" from M-1 to GY'
_VORSE = 'A: To GY | Sent "Vorse Raider" from M-3 to GY'
_PROXY = 'A: SS ATK | Special Summoned "Proxy Dragon" from Extra Deck to Left EMZ (ATK)'
_SPIDER = 'A: SS ATK | Special Summoned "Link Spider" from Extra Deck to Left EMZ (ATK)'


def _summon(imported: Game, card: str) -> dict[str, Any]:
    return next(a for a in imported.document["actions"]
                if a["type"] == "special_summon" and a["card"] == card)


def test_the_monsters_sent_just_before_a_link_monster_are_its_materials() -> None:
    imported, verdict = judged(*_OPEN, _SANGAN, _VORSE, _PROXY, fmt="au")
    assert verdict["legal"], verdict["violation"]
    summon = _summon(imported, "proxy-dragon")
    assert (summon["method"], summon["materials"]) == ("link", ["sangan", "vorse-raider"])
    assert ("move", "sangan") not in actions(imported)  # the Summon sends them
    assert readings_of(imported) == ["materials.link"]
    assert verdict["state"]["players"]["p1"]["graveyard"] == ["sangan", "vorse-raider"]


def test_the_materials_logged_after_a_link_monster_are_its_materials() -> None:
    imported, verdict = judged(*_OPEN, _PROXY, _SANGAN, _VORSE, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert _summon(imported, "proxy-dragon")["materials"] == ["sangan", "vorse-raider"]
    assert readings_of(imported) == ["materials.link", "extra.material-logged-after"]


def test_more_monsters_sent_than_a_link_monster_takes_are_flagged() -> None:
    """advanced-76331969 game 1 [7:13]: six monsters sent for the Link-5 Allied Code
    Talker @Ignister (3 to 5 materials)."""
    imported, verdict = judged(
        *_OPEN, 'A: SS ATK | Special Summoned "Blade Knight" from hand (1/4) to M-2 (ATK)',
        _SANGAN, 'A: To GY | Sent "Blade Knight" from M-2 to GY', _VORSE, _PROXY, fmt="au")
    assert rule_at(verdict) == ("summon.materials", _PROXY[len("A: SS ATK | "):])
    assert readings_of(imported) == ["materials.link-too-many"]


def test_too_few_monsters_sent_for_a_link_monster_are_not_its_materials() -> None:
    """advanced-77067194 game 1 [2:19]: Sky Striker Ace - Raye Tributed for its own effect,
    which Special Summons a Sky Striker Link Monster: no Link Summon the log shows."""
    imported, verdict = judged(*_OPEN, _SANGAN, _PROXY, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert "materials" not in _summon(imported, "proxy-dragon")
    assert readings_of(imported) == ["materials.link-unknown"]
    assert "too few" in said(imported, "materials.link-unknown")[0]


def test_a_monster_of_a_kind_the_text_excludes_is_not_read_as_a_material() -> None:
    imported, verdict = judged(*_OPEN, _SANGAN, _SPIDER, fmt="au")  # "1 Normal Monster"
    assert verdict["legal"], verdict["violation"]
    assert "materials" not in _summon(imported, "link-spider")
    assert "of a kind its text does not take" in said(imported, "materials.link-unknown")[0]


def test_one_batch_before_two_link_summons_is_not_judged() -> None:
    imported, verdict = judged(
        *_OPEN, 'A: SS ATK | Special Summoned "Blade Knight" from hand (1/4) to M-2 (ATK)',
        _SANGAN, 'A: To GY | Sent "Blade Knight" from M-2 to GY', _VORSE, _PROXY,
        'A: SS ATK | Special Summoned "Link Spider" from Extra Deck to M-5 (ATK)', fmt="au")
    # (no Link Arrow of Proxy Dragon's points to M-5: the next rule judged is the zone's)
    assert rule_at(verdict) == ("zone.extra-deck-summon", 'Special Summoned "Link Spider" '
                                                          'from Extra Deck to M-5 (ATK)')
    assert "materials" not in _summon(imported, "proxy-dragon")
    assert "shared with the Extra Deck Summon" in said(imported, "materials.link-unknown")[0]


def test_sends_the_next_link_summon_follows_at_once_are_its_own() -> None:
    """advanced-76331969 game 1 [7:05]: Maliss <Q> Hearts Crypter, then six sends (itself
    among them) and Allied Code Talker @Ignister: the sends are the second one's."""
    imported, verdict = judged(
        *_OPEN, _SPIDER, _SANGAN, _VORSE,
        'A: SS ATK | Special Summoned "Proxy Dragon" from Extra Deck to M-2 (ATK)', fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert "materials" not in _summon(imported, "link-spider")
    assert _summon(imported, "proxy-dragon")["materials"] == ["sangan", "vorse-raider"]
    assert "extra.material-logged-after" not in readings_of(imported)


def test_a_monster_sent_right_after_its_own_effect_may_be_its_cost() -> None:
    """selfplay-0715 converted: Salamangreat Almiraj declared, then sent with Cupsy☆Yummy
    before Linkuriboh: Almiraj Tributed itself for its effect, Cupsy is the one material."""
    imported, verdict = judged(*_OPEN, 'A: Declare | Declared effect of "Sangan" in M-1',
                               _SANGAN, _VORSE, _SPIDER, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert _summon(imported, "link-spider")["materials"] == ["vorse-raider"]
    assert ("move", "sangan") in actions(imported)


def test_a_spell_resolving_between_the_sends_ends_the_run() -> None:
    """advanced-77603336 game 1 [16:03]: Ame no Murakumo no Mitsurugi sent, then Mitsurugi
    Prayers sent from its zone as it resolved: the monster was Prayers' Tribute, not a
    material of R.B. Shepherd's Crook."""
    imported, verdict = judged(
        *_OPEN, 'A: Activate ST | Activated "Book of Moon" from hand (2/4) to S-1', _SANGAN,
        'A: To GY | Sent "Book of Moon" from S-1 to GY', _VORSE, _SPIDER, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert _summon(imported, "link-spider")["materials"] == ["vorse-raider"]
    assert ("move", "sangan") in actions(imported)


def test_a_link_monster_clicked_while_its_material_held_the_extra_monster_zone() -> None:
    """A Link Monster dragged to a Main Monster Zone before its materials, one of them in the
    Extra Monster Zone, were sent: the zone is the judge's choice, the materials its own."""
    imported, verdict = judged(
        *_OPEN, _VORSE, _SPIDER,
        'A: SS ATK | Special Summoned "Proxy Dragon" from Extra Deck to M-4 (ATK)',
        'A: To GY | Sent "Link Spider" from Left Extra Monster Zone to GY', _SANGAN, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert "extra.zone-judges-choice" in readings_of(imported)
    assert _summon(imported, "proxy-dragon")["materials"] == ["link-spider", "sangan"]


def test_a_material_banished_or_moved_on_after_its_send_ends_where_the_log_puts_it() -> None:
    """advanced-77360936 game 3 [10:55]: Maliss <P> White Rabbit banished from M-5, Maliss
    <Q> Hearts Crypter sent to the GY and banished from there, then Firewall Dragon."""
    imported, verdict = judged(
        *_OPEN, 'A: Banish | Banished "Vorse Raider" from M-3', _SANGAN,
        'A: Banish | Banished "Sangan" from GY', _PROXY, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert _summon(imported, "proxy-dragon")["materials"] == ["vorse-raider", "sangan"]
    player = verdict["state"]["players"]["p1"]
    assert (player["graveyard"], sorted(player["banished"])) == ([], ["sangan", "vorse-raider"])


def test_a_token_removed_is_left_out_where_the_others_make_the_link_monster() -> None:
    """advanced-77512398 game 1 [6:08]: a token removed besides the one material of a
    Link-1 (Galatea-I, the Orcust Automaton)."""
    imported, verdict = judged(
        *_OPEN, 'A: Summon Token | Summoned a token in M-2',
        'A: Remove Token | Removed "Token" from M-2', _VORSE, _SPIDER, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert _summon(imported, "link-spider")["materials"] == ["vorse-raider"]


def test_a_material_the_database_does_not_describe_leaves_the_materials_unknown() -> None:
    unknown = json.dumps({"card": {"name": "Zz Unprinted Link", "card_type": "Monster",
                                   "type": "Cyberse", "level": 2, "atk": "1000", "def": "0",
                                   "is_effect": 1, "monster_color": "Link",
                                   "effect": "2 monsters"}})
    imported, verdict = judged(
        *_OPEN, f'A: SS ATK | Special Summoned "Zz Unprinted Link" from Extra Deck to Left '
                f'EMZ (ATK) {unknown}', _SANGAN, _VORSE,
        f'A: To GY | Sent "Zz Unprinted Link" from Left Extra Monster Zone to GY {unknown}',
        _PROXY, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert "materials" not in _summon(imported, "proxy-dragon")
    assert "does not describe" in said(imported, "materials.link-unknown")[-1]


def test_a_link_monster_sent_on_after_the_materials_it_can_take_keeps_them() -> None:
    """Proxy Dragon, its two materials logged after it, then Proxy and Blade Knight sent and
    Knightmare Phoenix Summoned: two Link-2 Summons of two materials each (a reviewer's
    probe), not four sends for Phoenix. Five sends before a Link-3 sent on are more than it
    takes: the next Summon's (test_sends_the_next_link_summon_follows_at_once_are_its_own)."""
    imported, verdict = judged(
        *_OPEN, 'A: SS ATK | Special Summoned "Blade Knight" from hand (1/4) to M-2 (ATK)',
        _PROXY, _SANGAN, _VORSE, 'A: To GY | Sent "Proxy Dragon" from Left EMZ to GY',
        'A: To GY | Sent "Blade Knight" from M-2 to GY',
        'A: SS ATK | Special Summoned "Knightmare Phoenix" from Extra Deck to Left EMZ (ATK)',
        fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert _summon(imported, "proxy-dragon")["materials"] == ["sangan", "vorse-raider"]
    assert _summon(imported, "knightmare-phoenix")["materials"] == ["proxy-dragon",
                                                                     "blade-knight"]
