"""Special Summons in a Duelingbook log, with Tokens, Xyz piles, attachments and control
changes: a Special Summon (from where, by whom, in which zone; a monster put straight back, a
zone fixed at once), a Token, a monster overlaid onto a pile and the Xyz Summon onto it
(its materials: :mod:`.xyz`), a material attached or detached, and a change of control."""

from __future__ import annotations

from typing import Any

from validator.document.model import Player, other
from validator.importers.duelingbook import logtext
from validator.importers.duelingbook.board.tracker import is_monster_zone
from validator.importers.duelingbook.board.zones import contract_zone
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.game import Play, texts
from validator.importers.duelingbook.readings import corrections, fusion, materials, phases
from validator.importers.duelingbook.readings.catalog import Reading, read
from validator.importers.duelingbook.readings.result import (
    Changes,
    Emit,
    ReadAs,
    emitting,
    seq,
)
from validator.importers.duelingbook.readings.summoners import (
    foe_summoner,
    moved_for_opponents_effect,
)
from validator.importers.duelingbook.readings.xyz import xyz_materials


def special_summon(b: GameBuilder, play: Play, player: Player) -> None:
    cid, move = b.cid, b.moved()
    if b.restores(move):
        b.read_as(play, corrections.put_back(b, cid))
        return
    b.read_as(play, _summoned_where_it_stands(b, play, cid, move) or
              _back_at_once_where_the_log_puts_it(b, play, cid, move) or
              corrections.extra_deck_card_shown(b, play, cid, move) or
              (moved_for_opponents_effect(b, play, player, cid, b.card(cid))
               if move is not None and move.before is not None and move.before.spot == "hand"
               else None) or
              _special_summoned(b, play, player, cid, move))


def _special_summoned(b: GameBuilder, play: Play, player: Player, cid: str,
                      move: Any) -> ReadAs | None:
    """A Special Summon, in the position the log shows (its zone fixed at once, when its
    player moved it to the Extra Monster Zone next)."""
    position = move.after.position if move and move.after and move.after.position else "attack"
    fixed = _zone_fixed_at_once(b, play, cid, move)
    signs = _signs(b, play, cid)
    fields: dict[str, Any] = {"card": cid, "position": position}
    note = fixed[0] if fixed is not None else None
    extra = materials.from_extra_deck(play, move)
    types = fusion.monster_types(b, cid)
    method = "link" if signs and extra else \
        "synchro" if extra and "Synchro" in b.card(cid).types else \
        "fusion" if extra and "Fusion" in types else "ritual" if "Ritual" in types else None
    linked = materials.link_summon(b, player, cid) if method == "link" else \
        materials.synchro_summon(b, player, cid) if method == "synchro" else \
        fusion.fusion_or_ritual(b, player, cid, extra) if method is not None else None
    if linked is not None and linked.materials:
        fields.update(method=method, materials=list(linked.materials))
    if linked is not None and linked.note is not None:
        note = linked.note.plus(note)
    cause = foe_summoner(b, player, play.get("username")) if "method" not in fields else None
    if cause is not None:  # the opponent's Special Summon onto this player's field
        fields["summoner"] = other(player)
        note = read("summon.by-opponent-effect",
                    f"{b.label(cid)} Special Summoned to this player's field just after "
                    f"{b.label(cause)}'s effect, the opponent's, which Special Summons a "
                    f"monster to its opponent's field: the opponent's Summon (summoner), "
                    f"which their locks bind, not this player's").plus(note)
    return seq(phases.settling(b, play, cid), ReadAs(
        drops=linked.drops if linked is not None else (),
        consumes=(fixed[1],) if fixed is not None else (),
        actions=(Emit("special_summon", player, fields, note=note),
                 *(linked.after if linked is not None else ())),
        uses=((player, cid),), changes=Changes(
            signs=signs, procedures=((cid, linked.procedures),)
            if linked is not None and linked.procedures else (),
            revises=linked.revises if linked is not None else ())
        if signs or (linked is not None and (linked.procedures or linked.revises)) else None))


def _zone_fixed_at_once(b: GameBuilder, play: Play, cid: str,
                        move: Any) -> tuple[Reading, int] | None:
    """A monster Special Summoned from the Extra Deck to a Main Monster Zone and moved to an
    Extra Monster Zone by its player's very next play, before anything else (its Link
    Materials sent after): a zone slip fixed at once, the Summon made into the Extra Monster
    Zone. The move is read now (its play, returned), so the Summon is judged in the zone it
    ended in."""
    if move is None or move.after is None or not move.after.spot.startswith("M-") or \
            (move.before.spot if move.before is not None  # a card seen first: its line
             else logtext.source_pile(texts(play)[1])) != "extra":
        return None
    found = b.next_own(play, cid, ("Move",))
    moved = found[2].move_of(cid) if found is not None else None
    if found is None or moved is None or moved.after is None or \
            not moved.after.spot.startswith("EMZ") or moved.after.side != move.after.side:
        return None
    return read("slip.summon-zone-fixed",
                f"{b.label(cid)} Special Summoned from the Extra Deck to {move.after.spot} and "
                f"moved to the Extra Monster Zone by its player's next play, before anything "
                f"else: a zone slip fixed at once, the Summon made there"), found[0]


def _summoned_where_it_stands(b: GameBuilder, play: Play, cid: str,
                              move: Any) -> ReadAs | None:
    """A Special Summon click whose own line has the card come from the Monster Zone it goes
    to ("from M-4 to M-4"), of the card the board already has there: Duelingbook writes a
    click repeated on a monster just placed so. It moves nothing, so it is no summon; a summon
    that moves the card (from the hand, a pile, another zone) is read as usual."""
    if move is not None:
        return None  # the board changed: a real move
    zones = logtext.zones_moved(texts(play)[0])
    spot = b.board.where.get(cid)
    if zones is None or zones[0] != zones[1] or spot is None or spot.spot != zones[1] or \
            not is_monster_zone(spot.spot):
        return None
    return ReadAs("slip.summoned-where-it-stands",
                  f"{b.label(cid)} Special Summoned from {zones[0]} to {zones[1]}, where it "
                  f"already stands: a repeated click Duelingbook logs as a summon, no move and "
                  f"no summon")


def _back_at_once(b: GameBuilder, play: Play, cid: str, move: Any) -> ReadAs | None:
    """A monster sent from the field to the Graveyard or banished and brought straight back
    from there with nothing between (a slip undone): the send before it is dropped, and the
    card is the same card as before. (Not from the Deck or the hand: a card that comes back
    from a hidden pile may be another, and an effect's "shuffle it into the Deck, then
    Special Summon" looks the same.)"""
    if move is None or move.before is None or move.after is None:
        return None
    sent = b.materials.sent_from.get(cid)
    if sent is None:
        return None
    action, spot, user = sent
    later = b.log.since(action)
    back = move.after
    same = back.side == spot.side and is_monster_zone(back.spot) and (
        back.position == spot.position or  # or flipped face-up meanwhile (by an attack)
        (spot.position == "facedown_defense" and back.position == "defense"))
    if not later or later[0] is not action or not same or move.before.spot != action["to"] or \
            user != play.get("username") or any(a["type"] != "move" for a in later) or \
            any(a.get("card") == cid for a in later[1:]):  # it went on elsewhere first
        return None
    return ReadAs("slip.sent-and-back",
                  f"{b.label(cid)} sent from {spot.spot} and brought straight back with "
                  f"nothing between: a slip undone, the same card as before", drops=(action,))


def _back_at_once_where_the_log_puts_it(b: GameBuilder, play: Play, cid: str,
                                        move: Any) -> ReadAs | None:
    """A monster brought straight back (:func:`_back_at_once`), and moved to the zone the log
    puts it in when that is another (:func:`_back_in_another_zone`)."""
    undone = _back_at_once(b, play, cid, move)
    if undone is None:
        return None
    sent = b.materials.sent_from.get(cid)
    return seq(undone, _back_in_another_zone(b, cid, sent[1] if sent else None, move))


def _back_in_another_zone(b: GameBuilder, cid: str, spot: Any, move: Any) -> ReadAs | None:
    """A monster brought straight back (:func:`_back_at_once`) to another of its side's Monster
    Zones than the one it left, under ``classic``: the same card, moved there (``move`` to
    ``monster_zone``), so that the board shows it where the log put it (edison-58558820 game 3
    [24:44]). Not under ``advanced``, where a move into a zone held is
    ``zone.extra-monster-zone``: two monsters sent and brought back into each other's zones
    (edison-58638913 game 2 [7:04]-[7:05]) both stand where they were for the engine, their
    sends dropped, so the first move finds its zone held (under ``classic`` the card stays)."""
    back = move.after
    zone = contract_zone(back.side, back.spot)
    if b.rules.zone_rules or spot is None or spot.spot == back.spot or zone is None:
        return None
    return emitting(Emit("move", back.side, {"card": cid, "to": "monster_zone", "zone": zone},
                         note=read("zone.monster-moved",
                                   f"brought back to {zone} on its side of the field, not to "
                                   f"{contract_zone(spot.side, spot.spot)} where it stood: the "
                                   f"same card, moved")))


def summon_token(b: GameBuilder, play: Play, player: Player) -> None:
    b.read_as(play, emitting(Emit(
        "special_summon", player, {"card": b.cid, "position": "defense"},
        note=read("summon.token-position",
                  "a token's position is not in the log: Defense Position assumed"))))


def overlay(b: GameBuilder, play: Play, player: Player) -> None:
    """"Overlayed A onto B" (:func:`_overlaid`)."""
    b.read_as(play, _overlaid(b, play, player, b.cid, b.other_cid))


def _overlaid(b: GameBuilder, play: Play, player: Player, card: str,
              onto: str) -> ReadAs | None:
    """"Overlayed A onto B": onto an Xyz Monster, A goes under it at once (``move`` to
    ``material``). An Xyz Monster A on the field laid onto another monster B takes B as its
    material (Cyber Dragon Infinity's effect): B goes under A, and when B was A's
    controller's own, A now stands in B's zone (under ``advanced``, a ``move`` to
    ``monster_zone``); an opponent's B leaves A on its side. Onto another monster, the pile
    waits for its Xyz Summon."""
    settle = phases.settling(b, play, card)
    if b.knowledge.is_xyz(b.board.name(onto)):
        return seq(settle, emitting(Emit("move", player, {"card": card, "to": "material",
                                                          "target": onto})))
    spot = b.board.where.get(card)
    if not b.knowledge.is_xyz(b.board.name(card)) or spot is None or \
            not is_monster_zone(spot.spot):
        return settle
    emits = [Emit("move", player, {"card": onto, "to": "material", "target": card},
                  note=read("xyz.overlay-material",
                            f"{b.label(card)} laid on it: it becomes that Xyz Monster's "
                            f"material"))]
    moved = b.moved()
    zone = contract_zone(spot.side, spot.spot)
    if b.rules.zone_rules and moved is not None and moved.before is not None and \
            zone is not None and spot.side == moved.before.side:
        emits.append(Emit("move", spot.side, {"card": card, "to": "monster_zone", "zone": zone},
                          note=read("xyz.overlay-zone",
                                    f"{b.label(card)} now stands in {zone}, where its new "
                                    f"material stood")))
    return seq(settle, emitting(*emits))


def xyz_summon(b: GameBuilder, play: Play, player: Player) -> None:
    """The Xyz Summon: the pile under A becomes X's materials, which leave their zones before
    X arrives (so five monsters can make room)."""
    step, xyz = b.card_step, b.cid
    named, note, procedures = xyz_materials(b, xyz, step.materials, step.from_field)
    found: list[ReadAs | None] = []
    for material in step.materials:
        found.append(phases.settling(b, play, material))
        if not named:
            found.append(emitting(Emit(
                "move", player, {"card": material, "to": "material", "target": xyz},
                note=read("xyz.material-before-summon",
                          "an Xyz Material, out of its zone before the Xyz Summon"))))
    spot = b.board.where[xyz]
    fields: dict[str, Any] = {"card": xyz, "position": spot.position or "attack"}
    if named:  # the Summon uses them itself (the engine attaches them)
        fields.update(method="xyz", materials=named)
    found.append(ReadAs(actions=(Emit("special_summon", player, fields, note=note),),
                        uses=((player, xyz),), changes=Changes(procedures=(
                            (xyz, procedures),)) if procedures else None))
    b.read_as(play, seq(*found))


def attach(b: GameBuilder, play: Play, player: Player) -> None:
    """"Attach": a card from anywhere becomes an Xyz Material of ``end_id``."""
    cid, holder = b.cid, b.other_cid
    b.read_as(play, seq(phases.settling(b, play, cid), emitting(
        Emit("move", player, {"card": cid, "to": "material", "target": holder}))))


def detach(b: GameBuilder, play: Play, player: Player) -> None:
    cid = b.cid
    b.read_as(play, seq(phases.settling(b, play, cid), emitting(
        Emit("move", player, {"card": cid, "to": "graveyard"}))))


def change_control(b: GameBuilder, play: Play, player: Player) -> None:
    """"Change control": a monster moves to the other player's Monster Zone."""
    cid, move = b.cid, b.moved()
    to = move.after.side if move is not None and move.after is not None else other(player)
    b.read_as(play, emitting(Emit("take_control", to, {"card": cid})))


def _signs(b: GameBuilder, play: Play, cid: str) -> tuple[tuple[str, str], ...]:
    if b.knowledge.is_link(b.board.name(cid)):
        return (("Link Summons", texts(play)[0]),)
    return ()
