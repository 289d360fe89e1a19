"""Normal Summons and Sets in a Duelingbook log
(validator/importers/duelingbook/readings/summons.py): a Summon taken back at once, Summons
granted or lent by a card, a Set click resolving a declared effect, Gemini Summons, copies in
the face-up Extra Deck."""

from __future__ import annotations

from typing import Any

from tests.validator.importers.duelingbook.replays import (
    A1,
    ATORI_DECLARE,
    ATORI_HANDS,
    ATORI_OPEN,
    ATORI_SET,
    B2,
    HAND_A,
    HAND_B,
    SKULL,
    actions,
    game,
    judged,
    opening,
    readings_of,
    rule_at,
    said,
)
from validator.importers.duelingbook.game import Game


def test_an_attacked_set_monster_that_left_and_came_back_is_a_new_card() -> None:
    _, verdict = judged(
        *A1, 'A: Set monster | Set card from hand (1/6) to M-1 || Set "Blade Knight" from '
             'hand (1/6) to M-1', "A: End turn | Ended turn", *opening("B", "Sangan"),
        'B: Normal Summon | Normal Summoned "Gemini Elf" from hand (1/6) to M-1',
        "B: Enter BP | Entered Battle Phase",
        'B: Attack | Attacked Set card in M-1 with "Gemini Elf" in M-1',
        'A: To GY | Sent Set "Blade Knight" from M-1 to GY', "B: End turn | Ended turn",
        *opening("A", "Vorse Raider"), 'A: To hand | Returned "Blade Knight" from GY to hand',
        'A: Set monster | Set card from hand (1/6) to M-2 || Set "Blade Knight" from hand '
        '(1/6) to M-2', "A: End turn | Ended turn", *opening("B", "Pot of Greed"),
        "B: End turn | Ended turn", *opening("A", "Sangan"),
        'A: Flip Summon | Flip Summoned Set "Blade Knight" in M-2')
    assert verdict["legal"], verdict["violation"]


def test_a_monster_its_player_takes_back_at_once_was_never_set() -> None:
    imported, verdict = judged(
        *A1, 'A: Set monster | Set card from hand (1/6) to M-2 || Set "Blade Knight" from '
             'hand (1/6) to M-2',
        'A: To hand | Returned Set card from M-2 to hand || Returned Set "Blade Knight" from '
        'M-2 to hand',
        'A: Set monster | Set card from hand (2/6) to M-2 || Set "Vorse Raider" from hand '
        '(2/6) to M-2')
    assert verdict["legal"], verdict["violation"]
    assert [a for a in actions(imported) if a[0] == "set_monster"] == [
        ("set_monster", "vorse-raider")]
    assert "slip.taken-back" in readings_of(imported)


def test_a_summon_returned_after_a_card_was_searched_from_the_deck_stands() -> None:
    """The same, but the card taken from the Deck was never put in it: a search (the summoned
    monster's effect may be what resolved), so the second Normal Summon stays flagged."""
    _, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Vorse Raider" from hand (2/6) to M-1',
        'A: Normal Summon | Normal Summoned "Blade Knight" from hand (1/5) to M-2',
        'A: To hand | Added "Dark Magician" from Deck to hand',
        'A: To hand | Returned "Blade Knight" from M-2 to hand')
    assert rule_at(verdict) == ("summon.normal-once", 'Normal Summoned "Blade Knight" from hand '
                                                      '(1/5) to M-2')


def test_a_monster_that_did_something_before_going_back_to_the_hand_was_summoned() -> None:
    hands = (["Tsukuyomi", *HAND_A[1:]], HAND_B)
    _, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Tsukuyomi" from hand (5/6) to M-2',
        'A: Declare | Declared effect of "Tsukuyomi" in M-2',
        'A: To hand | Returned "Tsukuyomi" from M-2 to hand',
        'A: Set monster | Set card from hand (2/6) to M-2 || Set "Vorse Raider" from hand '
        '(2/6) to M-2', hands=hands)
    assert verdict["violation"]["rule"] == "summon.normal-once"


def test_a_monster_its_owner_summons_and_moves_across_stays_theirs() -> None:
    """edison-58708954 game 2 [14:17]-[14:25], and EDOPro's Concours de Cuisine converted
    (docs/edopro.md): a monster Special Summoned to the opponent's field is placed by its
    owner on their own field and moved across; its new controller later sends it with the
    `owner` Duelingbook writes, and it goes to its owner's GY."""
    hands = (["Summoned Skull", *HAND_A[1:]], HAND_B)
    imported, verdict = judged(
        *A1, 'A: SS ATK | Special Summoned "Summoned Skull" from hand (1/6) to M-4 (ATK)',
        'A: Move | Moved "Summoned Skull" from M-4 to M2-2', *B2,
        'B: To GY | Sent "Summoned Skull" from M-2 to GY {"owner": "Alice"}', hands=hands)
    assert verdict["legal"], verdict["violation"]
    assert [(a["type"], a["player"]) for a in imported.document["actions"]
            if a.get("card") == "summoned-skull"] == [
        ("special_summon", "p1"), ("take_control", "p2"), ("move", "p2")]
    players = verdict["state"]["players"]
    assert (players["p1"]["graveyard"], players["p2"]["graveyard"]) == (["summoned-skull"], [])


# -- a "Set" click that resolves a declared reveal effect (Enneacraft) ---------------------------
#: Enneacraft - Atori.MAR as the replay's card object carries it (a Level 9 Pendulum Monster).
_ATORI_UP = 'A: To ED FU | Returned Set "Enneacraft - Atori.MAR" from M-3 to Extra Deck'


def test_a_set_click_resolving_a_declared_reveal_effect_is_its_special_summon() -> None:
    """advanced-78081346 games 1-3: an Enneacraft's reveal ("Special Summon 1 monster from
    your hand in face-down Defense Position") declared, then a Level 9 placed with "Set"; the
    turn's Normal Summon Tributes it, and as a Pendulum Monster it goes face-up to the
    Extra Deck."""
    imported, verdict = judged(*ATORI_OPEN, ATORI_DECLARE, ATORI_SET, _ATORI_UP, SKULL,
                               hands=ATORI_HANDS, fmt="au")
    assert verdict["legal"], verdict["violation"]
    assert readings_of(imported) == ["summon.set-by-declared-effect", "summon.tribute-to-extra"]


def test_a_set_click_with_no_declared_effect_is_a_normal_set() -> None:
    _, verdict = judged(*ATORI_OPEN, ATORI_SET, hands=ATORI_HANDS, fmt="au")
    assert rule_at(verdict) == ("summon.tribute-count", "Set card from hand (1/5) to M-3")


def test_another_number_from_the_face_up_extra_deck_is_another_copy() -> None:
    """A face-up copy in the Extra Deck keeps its number: a Pendulum Monster taken from the
    face-up Extra Deck with another number is another copy (an EDOPro game converted showed a
    Pendulum Fusion Monster merged with it, put under the face-up Extra Deck's zone rule)."""
    imported = game(
        *A1, 'A: SS ATK | Special Summoned "Odd-Eyes Pendulum Dragon" from Extra Deck to M-3 '
             '(ATK) {"id": 245}',
        'A: To ED FU | Sent "Odd-Eyes Pendulum Dragon" from M-3 to Extra Deck {"id": 245}',
        'A: SS ATK | Special Summoned "Odd-Eyes Pendulum Dragon" from Extra Deck to M-3 (ATK) '
        '{"id": 246}')
    summoned = [card for kind, card in actions(imported) if kind == "special_summon"]
    assert summoned == ["odd-eyes-pendulum-dragon", "odd-eyes-pendulum-dragon-2"]


def test_a_face_down_extra_deck_is_renumbered() -> None:
    """advanced-77511191 game 1: R.B. VALCan Booster returned to the Extra Deck as 48 is taken
    from it as 47 (Duelingbook renumbers a face-down Extra Deck): the same copy, not another,
    as edison-58612464's Gladiator Beast Gyzarus 245, returned and then 246, could also be
    read; the reading that flags least keeps the card that is there."""
    imported = game(
        *A1, 'A: SS ATK | Special Summoned "Gladiator Beast Gyzarus" from Extra Deck to M-3 '
             '(ATK) {"id": 245}',
        'A: To ED | Returned "Gladiator Beast Gyzarus" from M-3 to Extra Deck {"id": 245}',
        'A: SS ATK | Special Summoned "Gladiator Beast Gyzarus" from Extra Deck to M-3 (ATK) '
        '{"id": 246}')
    summoned = [card for kind, card in actions(imported) if kind == "special_summon"]
    assert summoned == ["gladiator-beast-gyzarus", "gladiator-beast-gyzarus"]


_LAB = ("A: Activate Field Spell | Activated Field Spell \"Brain Research Lab\" from hand "
        "(1/6)")
_PSYCHICS = (["Brain Research Lab", "Psi-Beast", "Hushed Psychic Cleric", "Blade Knight",
              "Sangan", "Book of Moon"], HAND_B)


def _lab_turn(*plays: str) -> tuple[Game, dict[str, Any]]:
    """Brain Research Lab activated in turn 1; in turn 3, ``plays``."""
    return judged(*A1, _LAB, "A: End turn | Ended turn", *opening("B", "Sangan"), _B_SETS,
                  "B: End turn | Ended turn", *opening("A", "Sangan"), *plays, hands=_PSYCHICS)


def test_a_second_normal_summon_a_face_up_field_card_lends_is_granted() -> None:
    """Brain Research Lab, face-up since an earlier turn: "you can Normal Summon 1 Psychic
    monster in addition" while it stands there (lends_normal_summon, read from its script):
    a second Psychic's Normal Summon is the additional one (GG Psy vs IA_Dogmatika, converted
    from EDOPro)."""
    imported, verdict = _lab_turn(
        'A: Normal Summon | Normal Summoned "Psi-Beast" from hand (1/6) to M-1',
        'A: Normal Summon | Normal Summoned "Hushed Psychic Cleric" from hand (1/5) to M-2')
    assert verdict["legal"], verdict["violation"]
    assert ("normal_summon", "hushed-psychic-cleric", "by_effect") in actions(imported)
    assert said(imported, "summon.granted") == [
        "an additional Normal Summon or Set that Brain Research Lab grants"]


def test_the_card_lends_one_a_turn_and_for_its_kind_only() -> None:
    # a third Normal Summon: Brain Research Lab's one is used
    _, verdict = _lab_turn(
        'A: Normal Summon | Normal Summoned "Psi-Beast" from hand (1/6) to M-1',
        'A: Normal Summon | Normal Summoned "Hushed Psychic Cleric" from hand (1/5) to M-2',
        'A: Normal Summon | Normal Summoned "Sangan" from hand (3/4) to M-3')
    assert rule_at(verdict) == ("summon.normal-once",
                                'Normal Summoned "Sangan" from hand (3/4) to M-3')
    # neither Blade Knight nor Sangan is a Psychic: no additional Normal Summon for them
    _, verdict = _lab_turn(
        'A: Normal Summon | Normal Summoned "Blade Knight" from hand (3/6) to M-1',
        'A: Normal Summon | Normal Summoned "Sangan" from hand (3/5) to M-2')
    assert rule_at(verdict) == ("summon.normal-once",
                                'Normal Summoned "Sangan" from hand (3/5) to M-2')
    # a Psychic after Blade Knight: the Lab's
    _, verdict = _lab_turn(
        'A: Normal Summon | Normal Summoned "Blade Knight" from hand (3/6) to M-1',
        'A: Normal Summon | Normal Summoned "Psi-Beast" from hand (1/5) to M-2')
    assert verdict["legal"], verdict["violation"]


def test_the_first_summon_may_be_the_lent_one_and_the_turns_own_kept() -> None:
    """The turn's first Normal Summon, of a Psychic while Brain Research Lab is face-up, may
    be the Lab's additional one (the player chooses): the turn's own is kept for any monster,
    even once the Lab has left the field (advanced-77476299 game 2: JJ "Kewl Tune" destroyed
    between Kewl Tune Cue's Summon and Kewl Tune Reco's)."""
    imported, verdict = _lab_turn(
        'A: Normal Summon | Normal Summoned "Psi-Beast" from hand (1/6) to M-1',
        'A: To GY | Sent "Brain Research Lab" from Field Spell Zone to GY',
        'A: Normal Summon | Normal Summoned "Blade Knight" from hand (2/5) to M-2')
    assert verdict["legal"], verdict["violation"]
    assert ("normal_summon", "blade-knight", "by_effect") in actions(imported)


_B_SETS = 'B: Set monster | Set card from hand (1/6) to M-1 || Set "Sangan" from hand (6/6) to M-1'


def test_a_gemini_summon_written_from_its_zone_to_itself_keeps_its_position() -> None:
    """ "Normal Summoned X from M-1 to M-1" of a Gemini monster in face-up Defense Position:
    its Gemini Summon where it stands, which changes no battle position (as the judge has
    it), so a later change to Attack Position is one (GG Gemeau vs IA_Orcust, converted)."""
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blazewing Butterfly" from hand (1/6) to M-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"), _B_SETS,
        "B: End turn | Ended turn", *opening("A", "Sangan"),
        'A: To DEF | Changed "Blazewing Butterfly" in M-1 to DEF', "A: End turn | Ended turn",
        *opening("B", "Sangan"), _B_SETS, "B: End turn | Ended turn", *opening("A", "Sangan"),
        'A: Normal Summon | Normal Summoned "Blazewing Butterfly" from M-1 to M-1',
        'A: To ATK | Changed "Blazewing Butterfly" in M-1 to ATK',
        hands=(["Blazewing Butterfly", *HAND_A[1:]], HAND_B))
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-2:] == [("normal_summon", "blazewing-butterfly"),
                                      ("change_position", "blazewing-butterfly")]


def test_an_effect_declared_right_after_a_gemini_summon_is_used() -> None:
    """A Gemini Summon gives the monster its effects and triggers nothing of its own: the
    effect declared right after it is one of them used (Blazewing Butterfly Tributing itself,
    GG Gemeau vs IA_Orcust converted from EDOPro), where a declaration right after a Summon
    otherwise only announces that Summon's trigger."""
    imported, verdict = judged(
        *A1, 'A: Normal Summon | Normal Summoned "Blazewing Butterfly" from hand (1/6) to M-1',
        "A: End turn | Ended turn", *opening("B", "Sangan"), _B_SETS,
        "B: End turn | Ended turn", *opening("A", "Sangan"),
        'A: Normal Summon | Normal Summoned "Blazewing Butterfly" from M-1 to M-1',
        'A: Declare | Declared effect of "Blazewing Butterfly" in M-1',
        hands=(["Blazewing Butterfly", *HAND_A[1:]], HAND_B))
    assert verdict["legal"], verdict["violation"]
    assert actions(imported)[-2:] == [("normal_summon", "blazewing-butterfly"),
                                      ("activate", "blazewing-butterfly")]


def test_a_card_that_lends_a_summon_activated_this_turn_lends_it_for_its_kind_only() -> None:
    # activating Brain Research Lab is no grant of any Normal Summon: it lends one, for a
    # Psychic monster, while it is face-up
    _, verdict = judged(
        *A1, _LAB, 'A: Normal Summon | Normal Summoned "Psi-Beast" from hand (1/5) to M-1',
        'A: Normal Summon | Normal Summoned "Hushed Psychic Cleric" from hand (1/4) to M-2',
        hands=_PSYCHICS)
    assert verdict["legal"], verdict["violation"]
    _, verdict = judged(
        *A1, _LAB, 'A: Normal Summon | Normal Summoned "Blade Knight" from hand (2/5) to M-1',
        'A: Normal Summon | Normal Summoned "Sangan" from hand (2/4) to M-2',
        hands=_PSYCHICS)
    assert rule_at(verdict) == ("summon.normal-once",
                                'Normal Summoned "Sangan" from hand (2/4) to M-2')
