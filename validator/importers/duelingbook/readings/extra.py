"""Summons from the Extra Deck and cards leaving for it, in the logs of games judged by
``advanced`` (docs/duelingbook.md, "The Extra Deck"): a Link, Synchro or Fusion Summon's
materials logged after the monster, Pendulum Monsters sent face-up to the Extra Deck, and
cards banished face-down.

A Duelingbook player often drags the new monster from the Extra Deck first and sends its
materials after it ("Special Summoned "Maliss <Q> White Binder" from Extra Deck to Left EMZ",
then "Sent "Maliss <Q> Red Ransom" from Right Extra Monster Zone to GY"). The materials leave
the field before the monster arrives, so the zones they free are free for it: the sends that
follow at once are read before the summon.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from validator.document.model import Player
from validator.importers.duelingbook.board.tracker import is_monster_zone
from validator.importers.duelingbook.game import GAME_BOUNDARIES, Play, texts
from validator.importers.duelingbook.readings import specials
from validator.importers.duelingbook.readings.catalog import read
from validator.importers.duelingbook.readings.materials import (
    MATERIAL_PILES,
    MATERIAL_SENDS,
    SUMMON_CLICKS,
    extra_summon_at,
    from_extra_deck,
)
from validator.importers.duelingbook.readings.pendulum import (
    is_pendulum,
    pendulum_summon,
    second_pendulum_summon,
)
from validator.importers.duelingbook.readings.result import Changes, Emit, ReadAs, Sent, seq
from validator.importers.duelingbook.readings.sends import send
from validator.importers.duelingbook.readings.windows import MATERIAL_RUN_WITHIN, MOST_MATERIALS

if TYPE_CHECKING:
    from validator.importers.duelingbook.board.follow import Move
    from validator.importers.duelingbook.builder import GameBuilder

def special_summon(b: GameBuilder, play: Play, player: Player) -> None:
    """"SS ATK"/"SS DEF": under ``advanced``, a Pendulum Summon's monster or a summon from the
    Extra Deck with its materials logged after it (:func:`before_special_summon`); otherwise,
    and then, a Special Summon (:func:`.specials.special_summon`)."""
    if before_special_summon(b, play, player, b.cid, b.moved()):
        return
    specials.special_summon(b, play, player)


def before_special_summon(b: GameBuilder, play: Play, player: Player, cid: str,
                          move: Move | None) -> bool:
    """What a Special Summon click is under ``advanced`` before it is one: part of a Pendulum
    Summon (read whole here: True), or a summon from the Extra Deck whose materials the log
    sends just after it (their sends are read first; False: the summon follows)."""
    if not (b.rules.pendulum or b.rules.zone_rules):
        return False
    if b.read_as(play, pendulum_summon(b, play, player, cid, move)):
        return True
    b.read_as(play, second_pendulum_summon(b, play, player, cid, move))
    if move is not None and move.card in b.rewinds.pending:
        return False  # put back after a rewind: the Special Summon's own reading
    if from_extra_deck(play, move) and not b.knowledge.is_xyz(b.board.name(cid)):
        b.read_as(play, late_materials(b, play, player, cid))
    return False


def late_materials(b: GameBuilder, play: Play, player: Player, cid: str) -> ReadAs | None:
    """The materials of a summon from the Extra Deck that the log sends just after it: the
    summoner's own monsters sent off the field by the summoner in the next plays, with
    nothing else between (at most the Link Rating of a Link Monster). Their sends are read
    now, before the summon. Sends that the summoner's next Special Summon from the Extra Deck
    follows at once are that Summon's, sent before it (the usual order of a log), not this
    one's: a player who logs a monster's materials after it does not log the next monster
    right after them."""
    known = b.card(cid)
    link = (known.definition or {}).get("link")
    most = link if isinstance(link, int) else MOST_MATERIALS
    user = play.get("username")
    run: list[tuple[Play, str, str, str]] = []  # (the play, its card, where it stood, pile)
    indices: list[int] = []
    closed_by_summon = False
    cut: int | None = None
    for index, later, kind in b.said(range(b.cursor + 1, len(b.plays))):
        if kind in GAME_BOUNDARIES or kind not in MATERIAL_SENDS or \
                later.get("username") != user:
            closed_by_summon = kind in SUMMON_CLICKS and later.get("username") == user and \
                extra_summon_at(b, index)
            break
        step = b.step_at(index)
        sent = step.move_of(step.card) if step is not None and step.card else None
        if sent is not None and sent.card == cid and cut is None:
            cut = len(run)  # the monster itself sent on: no material of its own past here
            continue
        if sent is None or sent.before is None or sent.before.side != player or \
                not is_monster_zone(sent.before.spot) or len(run) >= MATERIAL_RUN_WITHIN:
            break
        run.append((later, sent.card, sent.before.spot, MATERIAL_PILES[kind]))
        indices.append(index)
    if closed_by_summon and (cut is None or not isinstance(link, int) or cut > link or
                             _sent_just_before(b, player)):
        # sent just before the next Extra Deck Summon: its materials, unless this Link
        # Monster was itself sent on among them after sends it can take (Proxy Dragon, then
        # two sends, Proxy and another sent, Knightmare Phoenix: two Summons, two materials
        # each); more than it can take are the next one's (advanced-76331969 game 1 [7:05]:
        # five sends, then Maliss <Q> Hearts Crypter, a Link-3, sent too, then Allied Code
        # Talker @Ignister); nor when monsters were sent just before it (its materials, as
        # a converted EDOPro game logs them: selfplay-0752's Linkuriboh)
        return None
    if cut is not None:  # the sends after the monster itself was sent on are not its own
        del run[cut:], indices[cut:]
    found: list[ReadAs] = []
    freed: str | None = None  # an Extra Monster Zone a material leaves
    for index, (later, card, spot, pile) in zip(indices[:most], run[:most], strict=True):
        found.append(ReadAs(consumes=(index,), actions=(Emit(
            "move", player, {"card": card, "to": pile}, play=later,
            sent=Sent(card, player),
            note=read("extra.material-logged-after",
                      f"a material of {b.label(cid)}, logged after it: it left the field "
                      f"first")),)))
        if spot.startswith("EMZ"):
            freed = spot
    zone = _into_freed_zone(b, cid, freed) if freed is not None and isinstance(link, int) \
        else None
    return seq(*found, zone)


def _sent_just_before(b: GameBuilder, player: Player) -> bool:
    """True when the action before the summon being read sends one of ``player``'s cards to
    the GY or banishes it (a material sent before the summon, as logs most often have it).

    >>> from types import SimpleNamespace as N
    >>> _sent_just_before(N(actions=[{"type": "move", "player": "p1", "to": "graveyard"}]),
    ...                   "p1")
    True
    """
    last = b.actions[-1] if b.actions else {}
    return last.get("type") == "move" and last.get("player") == player and \
        last.get("to") in ("graveyard", "banished")


def _into_freed_zone(b: GameBuilder, cid: str, freed: str) -> ReadAs | None:
    """A Link Monster clicked from the Extra Deck while its material still held an Extra
    Monster Zone: Duelingbook put it in a free Main Monster Zone, as the zone it goes to was
    taken then. The summon names no zone, and the judge places it as the rules allow (the
    Extra Monster Zone its material freed first)."""
    spot = b.board.where.get(cid)
    if spot is None or not spot.spot.startswith("M-"):
        return None
    return ReadAs("extra.zone-judges-choice",
                  f"{b.label(cid)} was clicked from the Extra Deck while its material held "
                  f"an Extra Monster Zone, so Duelingbook put it in {spot.spot}: the zone is "
                  f"the judge's choice (the Extra Monster Zone the material freed, if no Link "
                  f"Arrow points to {spot.spot})",
                  changes=Changes(unzoned=(cid,)))


def to_face_up_extra(b: GameBuilder, play: Play, player: Player) -> None:
    """"To ED FU": a Pendulum Monster to its owner's face-up Extra Deck (``move`` to
    ``extra``, ``face_up`` under ``advanced``); any other card goes to the Extra Deck as it
    would face-down, noted."""
    cid = b.cid
    if not is_pendulum(b, cid):
        b.read_as(play, ReadAs("extra.not-pendulum",
                               f"{b.label(cid)} is not a Pendulum Monster: it goes to the "
                               f"Extra Deck, not face-up"))
        send(b, play, player, to="extra")
        return
    # A Pendulum Monster leaving the field goes face-up to the Extra Deck, not to the GY:
    # it may be the Tribute or material of the summon that follows.
    send(b, play, player, to="extra", claimable=True)


def banish_face_down(b: GameBuilder, play: Play, player: Player) -> None:
    """"Banish FD": banished face-down (a ``move`` to ``banished``, as any banishing); a card
    the log does not name, from the Extra Deck, is no card of the document: no action."""
    cid, move = b.cid, b.moved()
    if b.board.name(cid) is None and (move is None or move.before is None or
                                      move.before.spot == "extra") and \
            "Extra Deck" in texts(play)[1]:
        b.read_as(play, ReadAs("extra.unnamed-banished",
                               "a card the log does not name banished face-down from the "
                               "Extra Deck: no card the rules follow"))
        return
    send(b, play, player, to="banished")
