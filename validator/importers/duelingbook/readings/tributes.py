"""The Tributes of a Tribute Summon in a Duelingbook log: the monsters sent off the field
before the Summon (or logged after it, among the plays that may come between), the opponent's
monsters a card lets be Tributed, a banished Tribute, and the Summon's action with its
Tributes and its note (a cost paid in Life Points, a Tribute a card widened). The Normal Summon
handler (:mod:`.summons`) asks how many Tributes the log shows (:func:`tributes_available`) and
whether Life Points were just paid (:func:`lp_paid_just_before`), then reads the Summon
(:func:`summoned_with_tributes`)."""

from __future__ import annotations

from typing import Any

from validator.document.model import Player
from validator.importers.duelingbook.actions import Action
from validator.importers.duelingbook.board.tracker import Spot, is_monster_zone
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.cards import CardKnowledge
from validator.importers.duelingbook.readings.catalog import Reading, read
from validator.importers.duelingbook.readings.result import (
    Changes,
    Emit,
    ReadAs,
)
from validator.importers.duelingbook.readings.windows import (
    TRIBUTES_LOGGED_AFTER,
)

_LATE_TRIBUTES = ("To GY", "Banish", "Remove Token")
#: Plays that end the search for late Tributes.
_NOT_A_TRIBUTE = ("Normal Summon", "Set monster", "End turn", "Enter BP", "SS ATK", "SS DEF",
                  "OL ATK", "OL DEF", "Attack", "Attack directly", "Activate ST")
#: The most seconds between a Set and its Flip Summon read as one face-up Summon.


def _own_sends(b: GameBuilder, player: Player) -> list[tuple[Action, str]]:
    """The monsters sent off the summoner's own Monster Zones just before this play (the
    opponent's only with a card that lets them be Tributed as if controlled)."""
    foes_ok = _foe_enabler(b, player) is not None
    held = b.materials
    return [(a, c) for a, c in held.sends if held.graveyard_from.get(c) == player or foes_ok]


def _foe_enabler(b: GameBuilder, player: Player) -> str | None:
    """A card the summoner just used that lets them Tribute an opponent's monster (Soul
    Exchange) or took control of one (Enemy Controller, Change of Heart)."""
    for _, who, cid in reversed(b.turn.recent):
        facts = b.card(cid).facts
        if who == player and (facts.tributes_foes or facts.takes_control):
            return cid
    return None


def _late(b: GameBuilder, player: Player, cid: str, need: int) -> list[tuple[int, str, Any]]:
    """Tributes logged after their summon: the summoner's monsters sent off the field by the
    summoner in the next plays, before anything else happens (index, card, the move)."""
    found: list[tuple[int, str, Any]] = []
    if need <= 0:
        return found
    user = b.plays[b.cursor].get("username")
    foes_ok = _foe_enabler(b, player) is not None
    for index, later in b.upcoming(TRIBUTES_LOGGED_AFTER):
        if len(found) >= need:
            break
        kind = later.get("play")
        if kind in _NOT_A_TRIBUTE:
            break
        if kind not in _LATE_TRIBUTES or (later.get("username") != user and not foes_ok):
            continue
        step = b.step_at(index)
        move = step.move_of(step.card) if step is not None and step.card else None
        if move is None or move.before is None or not is_monster_zone(move.before.spot):
            continue
        if move.card == cid or (move.before.side != player and _foe_enabler(b, player) is None):
            continue  # a Tribute is the summoner's own monster (a zone read on its side)
        found.append((index, move.card, move))
    return found


def tributes_available(b: GameBuilder, player: Player, cid: str, counts: tuple[int, ...]) -> int:
    """How many Tributes the log shows for this summon, before or after it (none taken): a
    Normal Summon click the log shows too few Tributes for may be another Summon (Cyber
    Dragon's own Special Summon, clicked as a Normal Summon), one with its Tribute logged just
    after it is a Tribute Summon.

    >>> from validator.importers.duelingbook.replay import import_plays as imported
    >>> turn = [("a", "Draw card", 'Drew "Sangan"'), ("a", "Enter M1", "Entered Main Phase 1"),
    ...         ("a", "Normal Summon", 'Normal Summoned "Sangan" from hand to M-1'),
    ...         ("a", "End turn", "Ended turn"), ("b", "Draw card", 'Drew "Cyber Dragon"'),
    ...         ("b", "Draw card", 'Drew "Vorse Raider"'),
    ...         ("b", "Enter M1", "Entered Main Phase 1")]
    >>> dragon = ("b", "Normal Summon", 'Normal Summoned "Cyber Dragon" from hand to M-1')
    >>> [(a["type"], a.get("tributes")) for a in imported(*turn, dragon).document["actions"][-1:]]
    [('special_summon', None)]
    >>> game = imported(*turn, ("b", "SS ATK", 'Special Summoned "Vorse Raider" from hand to M-2'),
    ...                 dragon, ("b", "To GY", 'Sent "Vorse Raider" from M-2 to GY'))
    >>> [(a["type"], a.get("tributes")) for a in game.document["actions"][-1:]]
    [('normal_summon', ['vorse-raider'])]
    """
    most = max(counts)
    before = len(_own_sends(b, player)[-most:]) if most else 0
    if before in counts and (before or min(counts) == 0):
        return before
    need = min((n for n in counts if n > before), default=most)
    return before + len(_late(b, player, cid, need - before))


def _take_foes(b: GameBuilder, player: Player, tributes: list[str],
               controllers: dict[str, Player]) -> tuple[Emit, ...]:
    """An opponent's monster Tributed with a card that allows it: read as taking control for
    the Tribute (``controllers``: who controlled the Tributes logged after the summon)."""
    out: list[Emit] = []
    for tribute in tributes:
        spot = b.board.where.get(tribute)
        held_by = controllers.get(tribute, b.materials.graveyard_from.get(tribute))
        if spot is not None and is_monster_zone(spot.spot):
            held_by = spot.side
        enabler = _foe_enabler(b, player)
        if held_by is None or held_by == player or enabler is None:
            continue
        out.append(Emit("take_control", player, {"card": tribute},
                        note=read("summon.tribute-foe-by-card",
                                  f"{b.label(enabler)} lets {b.game.players[player]} Tribute "
                                  f"{b.label(tribute)} as if they controlled it")))
    return tuple(out)


def _widen(cid: str, known: CardKnowledge, count: int) -> tuple[str, tuple[int, ...]]:
    """Let this copy be summoned with ``count`` Tributes (another card's rule, not its own):
    its definition in the document says so (the result's ``widened``)."""
    return cid, tuple(sorted({*known.tribute_counts(), count}))


def lp_paid_just_before(actions: list[Action], player: Player) -> bool:
    """True when the player paid Life Points just before (a damage action of theirs among the
    last few ``actions``, nothing else of theirs between).

    >>> paid = [{"type": "damage", "player": "p1", "amount": 800}, {"type": "draw", "player": "p2"}]
    >>> lp_paid_just_before(paid, "p1"), lp_paid_just_before(paid, "p2")
    (True, False)
    """
    for action in actions[:-5:-1]:  # (a slice: mypyc cannot compile this reversed())
        if action["type"] == "damage" and action["player"] == player:
            return True
    return False


def _mausoleum(b: GameBuilder) -> str | None:
    """A face-up card on the field that lets a player pay Life Points instead of Tributes."""
    for cid in b.board.zones.values():
        spot = b.board.where[cid]
        if spot.face_up and b.card(cid).facts.lp_for_tributes:
            return cid
    return None


def summoned_with_tributes(b: GameBuilder, player: Player, cid: str, known: CardKnowledge,
                           kind: str, granted: str | None,
                           first_lent: str | None = None) -> ReadAs:
    """The Normal Summon or Set (``kind``) with its Tributes: the summoner's monsters sent
    off the field just before it, else just after it (logs often show them late), as many
    as the card's counts allow; the sends read as Tributes are taken back (the engine sends
    them). ``granted``: the card that grants it as an additional Normal Summon;
    ``first_lent``: a card face-up on the field that lends one for this monster, this being the
    turn's first (:func:`_spare`).

    >>> from validator.importers.duelingbook.replay import import_replay
    >>> game = import_replay({"plays": [{"play": "Pick first", "order": ["a", "b"]}, *(
    ...     {"play": k, "username": u, "log": {"public_log": t}} for u, k, t in [
    ...         ("a", "Draw card", 'Drew "Summoned Skull"'), ("a", "Draw card", 'Drew "Sangan"'),
    ...         ("a", "Enter M1", "Entered Main Phase 1"),
    ...         ("a", "SS ATK", 'Special Summoned "Sangan" from hand to M-1'),
    ...         ("a", "To GY", 'Sent "Sangan" from M-1 to GY'),
    ...         ("a", "Normal Summon", 'Normal Summoned "Summoned Skull" from hand to M-2')])]})[0]
    >>> [(a["type"], a["card"], a.get("tributes")) for a in game.document["actions"][-1:]]
    [('normal_summon', 'summoned-skull', ['sangan'])]
    """
    counts = known.tribute_counts()
    most = max(counts)
    before = _own_sends(b, player)[-most:] if most else []
    tributes = [c for _, c in before]
    dropped = tuple(a for a, _ in before)
    late: list[tuple[int, str, Any]] = []
    if not (len(tributes) in counts and (len(tributes) or min(counts) == 0)):
        need = min((n for n in counts if n > len(tributes)), default=most)
        late = _late(b, player, cid, need - len(tributes))
        tributes += [card for _, card, _ in late]
    controllers = {card: move.before.side for _, card, move in late}
    # the last actions once the Tributes' sends are taken back (lp_paid_just_before reads the
    # last 4)
    tail = b.actions[-4 - len(dropped):] if dropped else b.actions[-4:]
    remaining = [a for a in tail if not any(a is gone for gone in dropped)]
    note, widened = _tribute_note(b, cid, known, tributes, player, remaining)
    fields: dict[str, Any] = {"card": cid}
    if tributes:
        fields["tributes"] = tributes
    if granted is not None:
        fields["by_effect"] = True
        grant = read("summon.granted", f"an additional Normal Summon or Set that "
                                       f"{b.label(granted)} grants")
        note = note.plus(grant) if note is not None else grant
    now = {card: move.after for _, card, move in late}
    return ReadAs(drops=dropped,
                  consumes=tuple(index for index, _, _ in late),
                  uses=((player, cid),),
                  actions=(
                      *_take_foes(b, player, tributes, controllers),
                      Emit(kind, player, fields, note=note, placed=True),
                      *_banished_tributes(b, player, tributes, now)),
                  changes=Changes(tributes_claimed=True, controllers=tuple(controllers.items()),
                                  grant_used=(player, granted) if granted is not None else None,
                                  lent_first=(player, first_lent) if first_lent is not None
                                  else None,
                                  widened=widened, fresh=(cid,)))


def _banished_tributes(b: GameBuilder, player: Player, tributes: list[str],
                       now: dict[str, Spot | None]) -> tuple[Emit, ...]:
    """A Tribute the log banished rather than sent to the Graveyard (Krebons, Battle Fader:
    "if this card leaves the field, banish it"): the engine sends every Tribute to the
    Graveyard, so a ``move`` to ``banished`` follows, and both boards agree (``now``: where
    the Tributes logged after the summon went)."""
    out: list[Emit] = []
    for tribute in tributes:
        spot = now[tribute] if tribute in now else b.board.where.get(tribute)
        if spot is not None and spot.spot == "extra":  # a Pendulum Monster: face-up there
            out.append(Emit("move", player, {"card": tribute, "to": "extra"},
                            note=read("summon.tribute-to-extra",
                                      f"the Tribute {b.label(tribute)}, a Pendulum Monster, "
                                      f"goes face-up to the Extra Deck, as the log shows, not "
                                      f"to the GY")))
        elif spot is not None and spot.spot == "banished":
            out.append(Emit("move", player, {"card": tribute, "to": "banished"},
                            note=read("summon.tribute-banished",
                                      f"the Tribute {b.label(tribute)} is banished, as the log "
                                      f"shows (a card's effect), not left in the Graveyard")))
    return tuple(out)


def _tribute_note(b: GameBuilder, cid: str, known: CardKnowledge, tributes: list[str],
                  player: Player, actions: list[Action]
                  ) -> tuple[Reading | None, tuple[tuple[str, tuple[int, ...]], ...]]:
    """Tribute counts another card explains: a Tribute that counts as two (Totem Dragon),
    Life Points paid instead (Mausoleum of the Emperor; ``actions``: the actions before the
    summon). The condition of a card's own ``tributes`` is not checked: the note says so.
    With the copy's counts widened, when another card's rule allows it."""
    counts = known.tribute_counts()
    n = len(tributes)
    doubles = [t for t in tributes if b.card(t).facts.double_tribute]
    if n not in counts and doubles and n + len(doubles) in counts:
        return read("summon.double-tribute", f"{b.label(doubles[0])} counts as 2 Tributes "
                                             f"(its condition not checked)"), \
            (_widen(cid, known, n),)
    if n not in counts and n < max(counts) and lp_paid_just_before(actions, player):
        mausoleum = _mausoleum(b)  # looked for only then: it scans the field
        if mausoleum is not None:
            return read("summon.lp-for-tributes", f"{b.label(mausoleum)}: Life Points paid "
                                                  f"in place of Tributes"), \
                (_widen(cid, known, n),)
    if known.definition and known.definition.get("tributes") and n in counts and \
            n < max(counts):
        return read("summon.own-tribute-count", f"{b.label(cid)}'s own text allows {n} "
                                                f"Tribute(s); its condition is not checked"), ()
    return None, ()
