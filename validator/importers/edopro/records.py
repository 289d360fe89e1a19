"""What the EDOPro importer's reading shares: the document's names of the engine's phases,
positions, places and summon methods, the messages passed over, and the records the
:class:`~.builder.GameBuilder` keeps while it reads (a chain link, a summon being gathered),
with the error that stops an import.

>>> PLACES[msg.GRAVE], POSITIONS[msg.FACEDOWN_DEFENSE], MSG_NAMES[msg.MSG_WIN]
('GY', 'facedown_defense', 'WIN')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from validator.importers.edopro import messages as msg

#: The document's phase of each engine phase the turn enters (the Battle Phase's steps are
#: one phase in the document).
PHASES: Final = {msg.PHASE_DRAW: "draw", msg.PHASE_STANDBY: "standby",
                 msg.PHASE_MAIN1: "main1", msg.PHASE_BATTLE_START: "battle",
                 msg.PHASE_MAIN2: "main2", msg.PHASE_END: "end"}
#: The summon method each material reason says (revision 4 ``method``).
METHODS: Final = ((msg.R_LINK, "link"), (msg.R_XYZ, "xyz"), (msg.R_SYNCHRO, "synchro"),
                  (msg.R_FUSION, "fusion"), (msg.R_RITUAL, "ritual"))
#: Messages that say nothing the document holds: passed over when looking ahead.
QUIET: Final = frozenset({msg.MSG_HINT, msg.MSG_UPDATE_DATA, msg.MSG_UPDATE_CARD,
                          msg.MSG_CARD_HINT, msg.MSG_PLAYER_HINT, msg.MSG_SHUFFLE_DECK,
                          msg.MSG_CONFIRM_CARDS, msg.MSG_CONFIRM_DECKTOP,
                          msg.MSG_BECOME_TARGET, msg.MSG_CARD_SELECTED,
                          msg.MSG_RANDOM_SELECTED, msg.MSG_CARD_TARGET,
                          msg.MSG_FIELD_DISABLED, msg.MSG_ADD_COUNTER,
                          msg.MSG_REMOVE_COUNTER,
                          msg.MSG_SHUFFLE_SET_CARD, msg.MSG_MISSED_EFFECT})
MSG_NAMES: Final = {v: k.removeprefix("MSG_") for k, v in vars(msg).items()
                    if k.startswith("MSG_") and isinstance(v, int)}
#: Positions of the document by the engine's.
POSITIONS: Final = {msg.FACEUP_ATTACK: "attack", msg.FACEUP_DEFENSE: "defense",
                    msg.FACEDOWN_DEFENSE: "facedown_defense", msg.FACEDOWN_ATTACK: "attack"}
#: The ``effects`` place (§1) of each engine location.
PLACE_NAMES: Final = {msg.HAND: "hand", msg.MZONE: "field", msg.SZONE: "field",
                      msg.GRAVE: "graveyard", msg.REMOVED: "banished", msg.EXTRA: "extra"}
#: Places as the engine's log names them, for the words kept in each action's log.
PLACES: Final = {msg.DECK: "Deck", msg.HAND: "hand", msg.MZONE: "Monster Zone",
                 msg.SZONE: "Spell & Trap Zone", msg.GRAVE: "GY", msg.REMOVED: "banishment",
                 msg.EXTRA: "Extra Deck"}


class CannotFollow(ValueError):
    """A message the importer cannot follow: the game is judged up to it."""


@dataclass(slots=True)
class Link:
    """A chain link as the importer keeps it: the card, whether it is a card's activation,
    where the card stood (an ``effects`` place), and its ``activate`` action."""

    card: str
    activation: bool
    place: str = "field"
    action: dict[str, Any] | None = None


@dataclass(slots=True)
class Pending:
    """A summon being gathered: its monsters (id, zone, position, from where), and the
    materials and Tributes that went before it."""

    kind: int
    cards: list[tuple[str, str | None, str, int]] = field(default_factory=list)

