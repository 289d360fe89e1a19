"""Flip Summons and battle positions in a Duelingbook log: a Flip Summon (or a flip by an
effect), a change of position by its player or by an effect (a card that explains it), and
the clicks a judge lets pass (a change undone at once, or on the opponent's objection)."""

from __future__ import annotations

from validator.document.model import Player
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.game import Play, texts
from validator.importers.duelingbook.readings import corrections, phases
from validator.importers.duelingbook.readings.catalog import Reading, read
from validator.importers.duelingbook.readings.result import (
    Changes,
    Emit,
    ReadAs,
    Revise,
    seq,
)
from validator.importers.duelingbook.readings.windows import (
    OBJECTION_UNDONE_WITHIN,
)


def position_by_effect(b: GameBuilder, play: Play, player: Player, cid: str,
                       to: str) -> ReadAs | None:
    """A position change an effect makes (the card whose effect, when one explains it)."""
    why = b.explain_position(cid, to)
    note = read("position.by-effect", f"by {why}") if why else read(
        "position.by-unseen-effect", "by a card effect the log does not show (a position "
                                     "change no player may make by hand)")
    owner = b.board.where[cid].side if cid in b.board.where else player
    return seq(phases.settling(b, play, cid), ReadAs(actions=(Emit(
        "change_position", owner if player not in (owner,) else player,
        {"card": cid, "to": to, "by_effect": True}, note=note),)))


def flip_summon(b: GameBuilder, play: Play, player: Player) -> None:
    cid = b.cid
    if cid in b.attacks.flipped and player != b.turn.player:
        # the defender flips the monster an attack flipped
        b.read_as(play, ReadAs("battle.defender-flip-click",
                               f"a \"Flip Summon\" click by the defender on {b.label(cid)}, "
                               f"which the attack on it flipped: the flip of the battle, no "
                               f"action",
                               uses=((player, cid),),
                               changes=Changes(flips_seen=(cid,))))
        return
    if (player != b.turn.player or b.turn.phase in ("battle", "end")) and \
            b.explain_position(cid, "attack") is not None:
        # an effect flips it (Dark Gaia)
        b.read_as(play, seq(position_by_effect(b, play, player, cid, "attack"),
                            ReadAs(uses=((player, cid),))))
        return
    phases.ensure_phase(b, play, player, ("main1", "main2"))
    b.read_as(play, _flip_summoned(b, play, player, cid))


def _flip_summoned(b: GameBuilder, play: Play, player: Player, cid: str,
                   note: Reading | None = None) -> ReadAs | None:
    """A Flip Summon (the card a rewind left out of place followed first; an attack's flip
    the log never showed undone)."""
    return seq(phases.settling(b, play, cid), b.unflipped(cid), ReadAs(
        actions=(Emit("flip_summon", player, {"card": cid}, note=note),),
        uses=((player, cid),)))


def flip(b: GameBuilder, play: Play, player: Player) -> None:
    """Face-down to face-up Defense Position: an attack's flip already followed, a Flip
    Summon in two clicks ("Flip" then "To ATK"), or an effect."""
    step, cid = b.card_step, b.cid
    if cid in b.attacks.flipped:  # the engine turned it face-up when it was attacked
        b.read_as(play, ReadAs(uses=((player, cid),),
                               changes=Changes(flips_seen=(cid,))))
        return
    if not step.turned:
        return
    spot = b.board.where[cid]
    if player == b.turn.player == spot.side and b.turn.phase in ("main1", "main2"):
        found = b.next_own(play, cid, ("To ATK",))
        if found is not None:
            b.read_as(play, seq(ReadAs(consumes=(found[0],)), b.unflipped(cid), ReadAs(
                actions=(Emit("flip_summon", player, {"card": cid}, note=read(
                    "position.flip-in-two-clicks",
                    "\"Flipped\" then \"Changed to ATK\": one Flip Summon in two clicks")),),
                uses=((player, cid),))))
            return
    b.read_as(play, seq(position_by_effect(b, play, player, cid, "defense"),
                        ReadAs(uses=((player, cid),))))


def change_position(b: GameBuilder, play: Play, player: Player) -> None:
    """"To ATK"/"To DEF": an attack's flip the log never showed undone, then what the change
    is (:func:`_position_changed`)."""
    b.read_as(play, b.unflipped(b.cid))
    found = _position_changed(b, play, player)
    if found is not None:
        b.read_as(play, found)
        return
    phases.ensure_phase(b, play, player, ("main1", "main2"))
    b.read_as(play, _flip_summoned(b, play, player, b.cid) if _flip_summon_by_hand(b, player)
              else seq(phases.settling(b, play, b.cid), ReadAs(actions=(Emit(
                  "change_position", player, {"card": b.cid, "to": _to(b, play)}),))))


def _to(b: GameBuilder, play: Play) -> str:
    return "attack" if b.kind == "To ATK" else \
        "facedown_defense" if play.get("face_down") is True else "defense"


def _flip_summon_by_hand(b: GameBuilder, player: Player) -> bool:
    """A face-down monster of the turn player's changed to Attack Position with no effect
    that explains it: a Flip Summon."""
    cid = b.cid
    spot = b.board.where.get(cid)
    return b.card_step.turned[0][1].position == "facedown_defense" and \
        b.kind == "To ATK" and spot is not None and spot.side == player == b.turn.player and \
        b.explain_position(cid, "attack") is None


def _position_changed(b: GameBuilder, play: Play, player: Player) -> ReadAs | None:
    """A position change that is no change by hand: none at all, a slip undone or fixed at
    once, a Special Summon's position fixed, an effect's; None for a change by hand (a Flip
    Summon, or a change of position)."""
    step, cid = b.card_step, b.cid
    to = _to(b, play)
    if not step.turned:
        return ReadAs("position.unchanged",
                      f"{b.label(cid)} is already in that position: nothing to change")
    undone = _undone_on_objection(b, play, cid)
    if undone is not None:
        return undone
    last = b.actions[-1] if b.actions else {}
    if last.get("type") == "activate" and last.get("card") == cid and len(b.actions) > 1 and \
            "effect.summon-trigger" in (last.get("log") or {}).get("readings", ()):
        last = b.actions[-2]  # its trigger on being Summoned declared at once (effects.py)
    if last.get("type") == "special_summon" and last.get("card") == cid and \
            last.get("player") == player and to in ("attack", "defense"):
        # the summon's position, fixed at once: no change of its own
        return corrections.summon_position_undone(
            b, play, cid, str(last.get("position", "attack"))) or ReadAs(changes=Changes(
                revises=(Revise(last, {"position": to}, read(
                    "slip.summon-position-fixed",
                    f"Special Summoned, then changed to {to} at once ({texts(play)[0]}): a "
                    f"misclick fixed, read as summoned in {to.capitalize()} Position"),
                    replace=True),)))
    if last.get("type") == "take_control" and last.get("card") == cid:
        # Goyo Guardian's "Special Summon that monster to your field in Defense Position",
        # which a log shows as the monster moved across, then changed
        return seq(phases.settling(b, play, cid), ReadAs(actions=(Emit(
            "change_position", player, {"card": cid, "to": to, "by_effect": True},
            note=read("position.set-by-moving-effect",
                      "the effect that just moved it to this side sets its position too")),)))
    undone = _undone_at_once(b, play, cid)
    if undone is not None:
        return undone
    spot = b.board.where.get(cid)
    mine = spot is not None and spot.side == player == b.turn.player
    why = b.explain_position(cid, to) if to != "facedown_defense" else "a card effect"
    if _flip_summon_by_hand(b, player):
        return None
    if not mine or why is not None or to == "facedown_defense":
        return position_by_effect(b, play, player, cid, to)
    return None


def _undone_on_objection(b: GameBuilder, play: Play, cid: str) -> ReadAs | None:
    """A position change its player undoes later in the turn after the opponent objected in
    chat ("it has to come out in def"), with nothing between but a Battle Phase click and the
    attacks the monster declared (no battle result: no Life Points lost, nothing removed): a
    slip fixed at the opponent's demand; the change, its undoing and those attacks are no
    steps. (Changed back as the very next play, it is a slip fixed at once: read there.)"""
    before = b.card_step.turned[0][1].position
    user = play.get("username")
    attacks: list[int] = []
    between = False
    for index, later in b.upcoming(OBJECTION_UNDONE_WITHIN):
        kind, step = later.get("play"), b.step_at(index)
        if kind == "Enter BP" and later.get("username") == user:
            between = True
            continue
        if step is None or step.card != cid or later.get("username") != user:
            return None
        if kind in ("Attack", "Attack directly"):
            attacks.append(index)
            continue
        if kind not in ("To ATK", "To DEF") or not (between or attacks) or not step.turned or \
                step.turned[0][2].position != before or not any(
                    type(said) is dict and said.get("play") == "Duel message" and
                    said.get("username") not in (None, user)
                    for said in b.plays[b.cursor + 1:index]):
            return None
        return ReadAs("slip.undone-on-objection",
                      f"{b.label(cid)}'s position changed, then changed back after the "
                      f"opponent objected in chat, with no battle result between: a slip "
                      f"fixed at the opponent's demand; the change"
                      f"{', the attacks it declared' if attacks else ''} and the change back "
                      f"are no steps", consumes=(*attacks, index))
    return None


def _undone_at_once(b: GameBuilder, play: Play, cid: str) -> ReadAs | None:
    """A position change its player undoes as the very next play (DEF, then back to ATK):
    a slip fixed, neither is a change."""
    found = b.next_own(play, cid, ("To ATK", "To DEF"))
    if found is None or not found[2].turned:
        return None
    index, _, step = found
    current = b.step
    if current is None or not current.turned or \
            step.turned[0][2].position != current.turned[0][1].position:
        return None
    return ReadAs("slip.position-undone",
                  f"{b.label(cid)}'s position changed and changed back at once: a slip fixed, "
                  f"no change", consumes=(index,))
