"""Cards an effect puts on the field, and cards moved where they stand (docs/duelingbook.md,
"Cards placed by effects"): a Spell or Trap activated from the Deck or the Graveyard by an
effect, a card Set by an effect ("Placed" then "Set" where it stands), an activation clicked
for a Set, Pendulum Scales, and zone changes on one side of the field.

These handlers come before the general ones of :mod:`.cardplays` in the play table: each reads
what it knows and hands the rest on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..model import Player
from . import cardplays, logtext, phases
from .game import Play, texts
from .pendulum import scale_activation
from .tracker import is_monster_zone, is_zone
from .zones import contract_zone

if TYPE_CHECKING:
    from .builder import GameBuilder

#: Piles an effect activates a Spell or Trap from.
EFFECT_PILES: Final = frozenset({"deck", "graveyard", "banished"})


def activate(b: GameBuilder, play: Play, player: Player) -> None:
    """"Activate ST": a Pendulum Scale (``advanced``), a Spell or Trap an effect activates
    from the Deck, the Graveyard or banishment (followed as a card placed face-up: the
    contract activates a card only from the hand or where it is Set), else
    :func:`.cardplays.activate`."""
    step = b.step
    assert step is not None and step.card is not None
    cid, move = step.card, b.moved()
    before = move.before if move is not None else None
    if before is not None and before.spot == "hand" and b.game.ruleset == "advanced" and \
            scale_activation(b, play, player, cid, move):
        return
    pile = before.spot if before is not None else logtext.source_pile(texts(play)[1])
    if move is not None and pile in EFFECT_PILES and b.card(cid).kind != "monster":
        phases.sync(b, play, cid)
        b.emit(play, "move", player, card=cid, to="spell_trap",
               note=f"activated from the {_pile(pile)} by an effect: followed as a card placed "
                    f"face-up (a card is activated from the hand or where it is Set)")
        b.remember(player, cid)
        return
    cardplays.activate(b, play, player)


def _pile(pile: str) -> str:
    return {"deck": "Deck", "graveyard": "Graveyard", "banished": "banishment"}.get(pile, pile)


def set_spell_trap(b: GameBuilder, play: Play, player: Player) -> None:
    """"Set ST": a card activated from the hand and Set at once where it went (the activation
    was a click for the Set: one ``set_spell_trap``); under ``advanced``, a face-up card
    turned face-down where it stands by its player, which is no misclick undone, is Set by
    an effect (``move`` with ``face_down``); else :func:`.cardplays.set_spell_trap`."""
    step = b.step
    assert step is not None and step.card is not None
    cid = step.card
    if b.moved() is None and _set_for_activation(b, play, player, cid):
        return
    if b.moved() is None and b.game.ruleset == "advanced" and _set_by_effect(b, play, player,
                                                                            cid):
        return
    cardplays.set_spell_trap(b, play, player)


def _set_for_activation(b: GameBuilder, play: Play, player: Player, cid: str) -> bool:
    """The card was activated from the hand as the last action and is Set now where it went:
    the player clicked "Activate" for "Set". Read as the Set."""
    last = b.actions[-1] if b.actions else {}
    if last.get("type") != "activate" or last.get("card") != cid or \
            last.get("player") != player:
        return False
    came = _came_from(b, cid)
    if came != "hand":
        return False
    b.drop([len(b.actions) - 1])
    phases.ensure_phase(b, play, player, ("main1", "main2"))
    b.emit(play, "set_spell_trap", player, card=cid,
           note=f"activated from the hand, then Set where it went at once: a click for the Set "
                f"({last['log']['time']}), read as one Set")
    return True


def _came_from(b: GameBuilder, cid: str) -> str | None:
    """Where the last play about the card (its activation) took it from onto the field; None
    when that play did not move it (a Set card turned face-up)."""
    for index in range(b.cursor - 1, -1, -1):
        step = b.step_at(index)
        if step is None or step.card != cid:
            continue
        moved = step.move_of(cid)
        if moved is None or moved.after is None or not is_zone(moved.after.spot):
            return None
        return moved.before.spot if moved.before is not None else None
    return None


def _set_by_effect(b: GameBuilder, play: Play, player: Player, cid: str) -> bool:
    """A face-up Spell or Trap its controller turns face-down where it stands, that no
    misclicked activation explains: an effect Sets it (Placed from the Deck, then Set: "Set 1
    "R.B." Trap from your Deck"). Followed as a ``move`` face-down in its zone."""
    last = b.actions[-1] if b.actions else {}
    if last.get("type") == "activate" and last.get("card") == cid:
        return False  # a misclicked activation undone: the general reading
    spot = b.board.where.get(cid)
    if spot is None or not is_zone(spot.spot) or is_monster_zone(spot.spot) or \
            spot.side != player:
        return False
    phases.sync(b, play, cid)
    b.emit(play, "move", player, card=cid, to="spell_trap", face_down=True,
           note="turned face-down where it stands: Set by an effect (the Set counts as this "
                "turn's)")
    return True


def move(b: GameBuilder, play: Play, player: Player) -> None:
    """"Move" within one side of the field under ``advanced``: a monster to another of its
    controller's Monster Zones (``move`` to ``monster_zone``: R.B. VALCan Booster's effect,
    or an Xyz pile moved to where its Xyz Monster goes), a card to another Spell & Trap
    Zone; else :func:`.cardplays.move`."""
    step = b.step
    assert step is not None and step.card is not None
    cid, moved = step.card, b.moved()
    if b.game.ruleset != "advanced" or moved is None or moved.before is None or \
            moved.after is None or moved.before.side != moved.after.side or \
            cid in b.staged:
        cardplays.move(b, play, player)
        return
    src, dst = moved.before.spot, moved.after.spot
    zone = contract_zone(moved.after.side, dst)
    if is_monster_zone(src) != is_monster_zone(dst) or zone is None:
        cardplays.move(b, play, player)
        return
    phases.sync(b, play, cid)
    side = moved.after.side
    if is_monster_zone(dst):
        b.emit(play, "move", side, card=cid, to="monster_zone", zone=zone,
               note=f"moved to {zone} on its side of the field (an effect, or the Xyz "
                    f"Monster's zone chosen): the same card")
    else:
        b.emit(play, "move", side, card=cid, to="spell_trap", zone=zone,
               note=f"moved to {zone} in its Spell & Trap Zones")
