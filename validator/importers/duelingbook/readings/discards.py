"""Cards discarded in a Duelingbook log (sent from the hand to the Graveyard): a Spell's
activation written as the card sent from the hand, the cost of a Ritual Summon, the hand limit
at the End Phase, or a discard an effect made: :func:`discard`, which :func:`.sends.send` asks
for a card that leaves the hand for the Graveyard."""

from __future__ import annotations

from typing import Final

from validator.document.model import Player
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.game import Play
from validator.importers.duelingbook.readings import phases
from validator.importers.duelingbook.readings.cardplays import last_declared_forgotten
from validator.importers.duelingbook.readings.catalog import read
from validator.importers.duelingbook.readings.explain import explaining
from validator.importers.duelingbook.readings.result import (
    Emit,
    ReadAs,
    emitting,
    seq,
)
from validator.importers.duelingbook.readings.windows import (
    SAME_PLAYER_NEXT,
)

#: Spells whose activation a log may write as the card sent from the hand to the Graveyard.
ONE_SHOT_SPELLS: Final = frozenset({"normal", "quick_play", "ritual"})


def discard(b: GameBuilder, play: Play, player: Player, cid: str) -> None:
    """From the hand to the Graveyard: the End Phase hand-limit discard when the turn player
    holds 7 or more and ends the turn next, otherwise a discard by an effect or by the rules,
    or a Spell activated and resolved in one click (:func:`.sends.send`'s, for a card that
    leaves the hand for the GY).

    >>> from validator.importers.duelingbook.replay import import_replay
    >>> game = import_replay({"plays": [{"play": "Pick first", "order": ["a", "b"]}, *(
    ...     {"play": k, "username": u, "log": {"public_log": t}} for u, k, t in [
    ...         ("a", "Draw card", 'Drew "Vorse Raider"'),
    ...         ("a", "Draw card", 'Drew "Pot of Greed"'),
    ...         ("a", "Enter M1", "Entered Main Phase 1"),
    ...         ("a", "To GY", 'Sent "Pot of Greed" from hand to GY'),
    ...         ("a", "To GY", 'Sent "Vorse Raider" from hand to GY')])]})[0]
    >>> [(a["type"], a["card"], a["log"].get("readings"))
    ...  for a in game.document["actions"][-2:]]
    [('activate', 'pot-of-greed', None), ('discard', 'vorse-raider', ['hand.discard-by-rules'])]
    """
    hand = b.board.hand_size(player) + 1  # the hand before this card left it
    ending = b.turn.phase == "end"
    if player == b.turn.player and hand >= 7 and not ending:
        for _, later in b.upcoming(SAME_PLAYER_NEXT):
            kind = later.get("play")
            if later.get("username") != play.get("username"):
                continue
            if kind in ("End turn", "Enter EP"):
                ending = True
            if kind not in ("To GY", "Discard") or ending:
                break
    limit = player == b.turn.player and hand >= 7 and ending
    if limit:
        phases.ensure_phase(b, play, player, ("end",))
        b.read_as(play, seq(phases.settling(b, play, cid),
                            emitting(Emit("discard", player, {"card": cid}))))
        return
    b.read_as(play, _discarded(b, play, player, cid))


def _activate_in_one_click(b: GameBuilder, play: Play, player: Player, cid: str) -> ReadAs:
    """A Spell the log shows going from the hand to the Graveyard, read as activated."""
    return seq(phases.implied(b, play, player, ("main1", "main2"))
               if b.card(cid).subtype != "quick_play" else None,
               phases.settling(b, play, cid),
               ReadAs(uses=((player, cid),),
                      actions=(Emit("activate", player, {"card": cid}),),
                      changes=last_declared_forgotten(b, player))) or ReadAs()


def _ritual_next(b: GameBuilder, play: Play) -> bool:
    """True when the player's next play but other cards sent from the hand to the GY (the
    other Tributes) Special Summons a Ritual Monster."""
    for index, later in b.upcoming(SAME_PLAYER_NEXT):
        if later.get("username") != play.get("username"):
            continue
        kind = later.get("play")
        if kind in ("To GY", "Discard", "Shuffle hand"):
            continue
        step = b.step_at(index)
        return kind in ("SS ATK", "SS DEF") and step is not None and \
            "Ritual" in b.card(step.card).types
    return False


def _discarded(b: GameBuilder, play: Play, player: Player, cid: str) -> ReadAs:
    """A card sent from the hand to the Graveyard that is no hand-limit discard: a discard
    a card explains, a Spell activated and resolved in one click, or a discard by the
    rules (judged so)."""
    cause = explaining(b, "discards", player, itself=cid)
    known = b.card(cid)
    if cause is None and known.kind == "spell" and known.subtype in ONE_SHOT_SPELLS:
        return seq(ReadAs("spell.resolved-in-one-click",
                          f"{b.label(cid)} sent from the hand to the Graveyard, and no card "
                          f"that makes a player discard explains it: the Spell activated and "
                          f"resolved in one click"),
                   _activate_in_one_click(b, play, player, cid)) or ReadAs()
    if cause is None and known.kind == "monster" and _ritual_next(b, play):
        return seq(phases.settling(b, play, cid), emitting(Emit(
            "discard", player, {"card": cid, "by_effect": True},
            note=read("summon.ritual-tribute-from-hand",
                      f"{b.label(cid)} sent from the hand to the GY right before its player "
                      f"Special Summons a Ritual Monster: its Tribute for that Ritual Summon, "
                      f"as the Ritual Spell's or effect's text allows")))) or ReadAs()
    if cause is None:
        emit = Emit("discard", player, {"card": cid},
                    note=read("hand.discard-by-rules",
                              "no card that makes a player discard was used around this play, "
                              "nor stands face-up on the field (the card database), and the "
                              "card has no effect of its own in the hand: a discard by the "
                              "rules, judged so"))
    else:
        emit = Emit("discard", player, {"card": cid, "by_effect": True})
    return seq(phases.settling(b, play, cid), emitting(emit)) or ReadAs()
