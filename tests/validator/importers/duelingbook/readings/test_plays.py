"""Play kinds (validator/importers/duelingbook/readings/plays.py): second names Duelingbook's server
accepts for a play, and plays of a kind the importer does not know."""

from __future__ import annotations

import pytest

from tests.validator.importers.duelingbook.replays import (
    A1,
    HAND_A,
    HAND_B,
    actions,
    game,
    judged,
    readings_of,
    rule_at,
)


@pytest.mark.parametrize(("line", "expected"), [
    ("A: Summon token | Summoned a token in M-1", ("special_summon", "token")),
    ('A: Flip monster | Flipped "Blade Knight" in M-1', ("change_position", "blade-knight")),
    ('A: Set monster to ST from hand | Set card from hand (2/5) to S-2 || Set "Vorse Raider" '
     '(2/5) to S-2', ("set_spell_trap", "vorse-raider")),
])
def test_second_names_of_a_play_are_read_as_the_play(line: str, expected: tuple[str, str]
                                                     ) -> None:
    imported = game(*A1, 'A: Set monster | Set card from hand (1/6) to M-1 || Set "Blade '
                         'Knight" from hand (1/6) to M-1', line)
    assert imported.stopped is None
    last = actions(imported)[-1]
    assert last[:2] == (expected[0], last[1]) and last[1].startswith(expected[1])


def test_a_monster_set_in_a_spell_trap_zone_by_hand_is_judged() -> None:
    _, verdict = judged(*A1, 'A: Set monster to ST from hand | Set card from hand (2/6) to '
                             'S-2 || Set "Vorse Raider" (2/6) to S-2')
    assert verdict["violation"]["rule"] == "card.wrong-kind"


def test_an_unknown_play_that_sends_a_named_card_to_a_pile_is_followed() -> None:
    imported, verdict = judged(
        *A1, 'A: Crescent pick | Added "Sangan" from Deck to hand', hands=(HAND_A[:4],
                                                                            ["Gemini Elf"]))
    assert imported.stopped is None
    assert actions(imported)[-1][0] == "move"
    assert "import.unknown-kind-followed" in readings_of(imported)
    assert verdict["legal"], verdict["violation"]


def test_an_unknown_play_that_changes_a_card_any_other_way_stops_the_game() -> None:
    imported = game(*A1, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/6) '
                         'to M-1', 'A: Change level | Changed the level of "Blade Knight"',
                    'A: Enter BP | Entered Battle Phase')
    assert imported.stopped is not None
    assert "'Change level'" in imported.stopped and "board after it is unknown" in \
        imported.stopped


def test_an_unknown_play_that_touches_no_card_is_a_note() -> None:
    imported = game(*A1, "A: Spin wheel | Spun the wheel")
    assert imported.stopped is None
    assert [n.at for n in imported.notes if n.reading == "import.unknown-kind"] == ["[0:03]"]


def test_cards_picked_at_random_from_the_deck_are_a_view_then_a_move_to_the_hand() -> None:
    # Enneacraft (advanced-78081346): three cards shown from the Deck, one added at random.
    imported, verdict = judged(
        *A1, "A: Pick 3 cards | Viewed deck",
        'A: Add random card from deck to hand | Randomly added card from Deck to hand || '
        'Randomly added "Sangan" from Deck to hand', hands=(HAND_A[:4], ["Gemini Elf"]))
    assert imported.stopped is None
    assert actions(imported)[-1][:2] == ("move", actions(imported)[-1][1])
    assert actions(imported)[-1][1].startswith("sangan")
    assert not {"import.unknown-kind", "import.unknown-kind-followed"} & set(readings_of(imported))
    assert verdict["legal"], verdict["violation"]


def test_a_reset_board_stops_the_game_where_it_happened() -> None:
    imported = game(*A1, "A: Reset game | Reset the game", "A: Enter BP | Entered Battle Phase")
    assert imported.stopped is not None and "board was reset" in imported.stopped


_MITSURUGI = (["Ame no Habakiri no Mitsurugi", "Mitsurugi Prayers", "Sangan", "Blade Knight",
               "Vorse Raider"], HAND_B)
_ON_TOP = ('A: To T Deck | Returned card from hand (1/6) to top of deck || Returned "Ame no '
           'Habakiri no Mitsurugi" from hand (1/6) to top of deck')
_PRAYERS = 'A: Activate ST | Activated "Mitsurugi Prayers" from hand (1/5) to S-1'
_DRAWN = 'A: Draw card | Drew a card || Drew "Ame no Habakiri no Mitsurugi"'


def test_a_search_made_by_drawing_the_card_its_player_put_on_top_is_that_search() -> None:
    imported, verdict = judged(*A1, _ON_TOP, "A: Enter M1 | Entered Main Phase 1", _PRAYERS,
                               _DRAWN, hands=_MITSURUGI)
    assert verdict["legal"], verdict["violation"]
    assert "draw.search-of-card-put-back" in readings_of(imported)
    assert actions(imported)[-1] == ("move", "ame-no-habakiri-no-mitsurugi")


def test_a_draw_after_a_search_card_of_a_card_not_put_on_top_is_a_draw() -> None:
    # The same card drawn, but never put on top by its player: nothing says the draw is the
    # search (it may be the top card by chance), so it is judged as a draw.
    imported, verdict = judged(*A1, "A: Enter M1 | Entered Main Phase 1", _PRAYERS, _DRAWN,
                               hands=_MITSURUGI)
    assert "draw.search-of-card-put-back" not in readings_of(imported)
    assert rule_at(verdict) == ("draw.once", "Drew a card")


def test_a_monster_shown_before_admitting_defeat_is_moved_nowhere_after_it() -> None:
    """The summon of a card shown before admitting defeat is not judged, nor a move of that
    monster to another zone after it (an Xyz Monster dragged to the Extra Monster Zone):
    the monster never stood in the zone it would move from (an EDOPro game converted,
    real/2020-07-21 14-09-04)."""
    hands = (["Blaster", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        "A: Enter SP | Entered Standby Phase", "A: Enter M1 | Entered Main Phase 1",
        'A: SS ATK | Special Summoned "Blaster" from hand (1/5) to M-3 (ATK)',
        'A: Move | Moved "Blaster" from M-3 to M-4', "A: Admit defeat | Admitted defeat",
        hands=hands, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert "game.shown-before-conceding" in readings_of(imported)
    assert actions(imported)[-2:] == [("phase", "main1"), ("surrender", "None")]
