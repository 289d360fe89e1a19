"""What explains a draw or a discard the log shows outside the Draw Phase and the hand limit:
a card that can make a player draw or discard (the card database's ``draws`` and ``discards``
facts, docs/cards.md) used in the plays around it, or standing face-up on the field.

A log writes the draws and discards of an effect as plain clicks ("Drew a card", "Sent X from
hand to GY"), before or after the card's own line; a card nothing describes (not in the
database, or with no script) may do either: the reading that flags least.

>>> from validator.cards import CardFacts
>>> from validator.importers.duelingbook.cards import CardKnowledge
>>> may("draws", CardKnowledge("Pot of Greed", {}, CardFacts(draws=True), True))
True
>>> may("draws", CardKnowledge("Sangan", {}, known=True)), may("draws", CardKnowledge("", None))
(False, False)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, Literal

from validator.document.model import Player
from validator.importers.duelingbook.board.tracker import is_monster_zone
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.cards import CardKnowledge
from validator.importers.duelingbook.readings.windows import EXPLAINED_AFTER

#: Plays a window does not reach past: the turn changes there (or the game starts).
TURN_EDGES: Final = frozenset({"Start turn", "End turn", "Pick first"})
#: Plays whose cards explain nothing: a card drawn does nothing yet, a shuffle only renames
#: the cards of a hand or a Deck.
IDLE: Final = frozenset({"Draw card", "Shuffle hand", "Shuffle deck"})
#: The facts a draw or a discard is explained by (a CardFacts field each).
HandFact = Literal["draws", "discards"]


def may(fact: HandFact, known: CardKnowledge) -> bool:
    """True when the card can make a player draw (``draws``) or discard (``discards``), or
    when nothing tells: a named card the database does not know or has no script for."""
    if not known.name:
        return False  # a hidden card: its line names it when it is used
    facts = known.facts
    return (facts.draws if fact == "draws" else facts.discards) or not known.known or \
        facts.unscripted


def explaining(b: GameBuilder, fact: HandFact, player: Player, *, itself: str | None = None
               ) -> str | None:
    """The card that explains a draw or a discard by ``player`` now, as notes name it: the
    card itself (a discard: its own cost, any effect of its own, or its activation from the
    hand), an effect used this turn, a card in this turn's plays or just after this one, or
    a face-up card on the field; None when nothing does."""
    if itself is not None:  # its own cost, or a shortcut of its own effect (Lonefire Blossom
        own = b.card(itself)  # sent from the hand: Summoned and Tributed for its effect; a
        if may(fact, own) or own.has_effects or own.facts.trap_from_hand:  # hand trap
            return f"its own effect ({b.label(itself)})"
    for cid in _nearby(b):
        if cid != itself and may(fact, b.card(cid)):
            return f"{b.label(cid)}'s effect"
    for (_, spot), cid in b.board.zones.items():
        place = b.board.where[cid]
        if place.face_up and cid != itself and may(fact, b.card(cid)):
            where = "a monster" if is_monster_zone(spot) else "face-up"
            return f"{b.label(cid)}'s effect ({where} on the field)"
    del player  # either player's card may make either player draw or discard (Dark Bribe)
    return None


def _nearby(b: GameBuilder) -> Iterator[str]:
    """The cards of this turn's used effects (the latest first), then of the plays around
    the current one: those a play names or moves."""
    for _, _, cid in reversed(b.turn.recent):
        yield cid
    for index in _window(b):
        step = b.step_at(index)
        if step is None or b.plays[index].get("play") in IDLE:
            continue
        if step.card is not None:
            yield step.card
        for move in step.moves:
            yield move.card


def _window(b: GameBuilder) -> Iterator[int]:
    """The indexes of the plays of the current one's turn before it, and up to
    :data:`.windows.EXPLAINED_AFTER` ahead of it. A play after the turn's "Ended turn" is in
    its End Phase: the turn's plays before that click are its turn's too."""
    ending = b.turn.ending
    for index in range(b.cursor - 1, -1, -1):
        if _edge(b, index) and b.plays[index] is not ending:
            break
        yield index
    for index in range(b.cursor + 1, min(b.cursor + 1 + EXPLAINED_AFTER, len(b.plays))):
        if _edge(b, index):
            break
        yield index


def _edge(b: GameBuilder, index: int) -> bool:
    play = b.plays[index]
    return isinstance(play, dict) and play.get("play") in TURN_EDGES
