"""The duel state (validator/engine/state.py): the state a document's ``setup`` starts from,
and the values the card limits keep."""

from __future__ import annotations

import itertools

from validator.document.model import PLAYERS, Document, Placed, Player, SetupPlayer
from validator.engine.state import SpecialSummoned, setup_placements, setup_state
from validator.rules.checks.activation import Activation

PILES = ("deck", "hand", "monsters", "spell_traps", "field_spell", "graveyard", "banished",
         "extra", "extra_face_up")


def _side(ids: dict[str, tuple[str, ...]]) -> SetupPlayer:
    """A side with the given ids in each pile (a list deck, Placed cards on the field)."""
    return SetupPlayer(
        deck=ids["deck"], hand=ids["hand"],
        monsters=tuple(Placed(c) for c in ids["monsters"]),
        spell_traps=tuple(Placed(c) for c in ids["spell_traps"]),
        field_spell=Placed(ids["field_spell"][0]) if ids["field_spell"] else None,
        graveyard=ids["graveyard"], banished=ids["banished"], extra=ids["extra"],
        extra_face_up=ids["extra_face_up"])


def test_the_setup_places_each_card_in_its_pile() -> None:
    # every pile, in document order (PILES'); an id named in more than one pile (or by both
    # players: a document the cross-checks refuse) ends where it is named last, for every
    # order of the piles an id is named in
    for first, second in itertools.permutations(PILES, 2):
        sides: dict[Player, SetupPlayer] = {}
        named: dict[Player, list[tuple[str, str]]] = {}
        for player, other_side in zip(PLAYERS, ("x", "y"), strict=True):
            ids: dict[str, tuple[str, ...]] = {pile: (f"{other_side}{pile}",) for pile in PILES}
            ids[first] = (*ids[first], "shared")
            ids[second] = (*ids[second], "shared")
            ids["field_spell"] = ids["field_spell"][:1]  # one card there
            sides[player] = _side(ids)
            named[player] = [(cid, pile) for pile in PILES for cid in ids[pile]]
        expected: dict[str, tuple[Player, str]] = {}
        for player in PLAYERS:
            assert setup_placements(sides[player]) == named[player]
            for cid, pile in named[player]:
                expected[cid] = (player, pile)
        state = setup_state(Document(cards={}, setup=sides, actions=()))
        assert state.where == expected
        assert list(state.where) == list(expected)


def test_a_count_deck_places_no_card() -> None:
    doc = Document(cards={}, setup={"p1": SetupPlayer(deck=12, hand=("a",)),
                                    "p2": SetupPlayer()}, actions=())
    assert setup_state(doc).where == {"a": ("p1", "hand")}


def test_the_limits_records_are_values() -> None:
    # not frozen (their constructors are compiled), still compared and hashed by their fields
    assert SpecialSummoned("p1", "c", 3, True) == SpecialSummoned("p1", "c", 3, True)
    assert len({SpecialSummoned("p1", "c", 3, True), SpecialSummoned("p1", "c", 3, True),
                SpecialSummoned("p2", "c", 3, True)}) == 2
    made = Activation("hand", 2, True, "card")
    assert made == Activation("hand", 2, True, "card", None, False, ())
    assert hash(made) == hash(Activation("hand", 2, True, "card"))
    assert (made.used, made.known, made.options) == (None, False, ())
