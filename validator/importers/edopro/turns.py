"""The EDOPro messages of the turn's course read as actions: a new turn (the last one's
``end_turn``), the phases it enters, draws (the turn's normal draw or an effect's), Life Points
gained and lost, the hands' and Extra Decks' shuffles the board follows, and the duel's end
(a surrender, a Deck out, an effect's win).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from validator.importers.edopro import messages as msg
from validator.importers.edopro.messages import Loc
from validator.importers.edopro.records import PHASES

if TYPE_CHECKING:
    from validator.importers.edopro.builder import GameBuilder


def _new_turn(b: GameBuilder, m: msg.NewTurn) -> None:
    if b.first_player is None:
        b.first_player = m.player
        b.hands = (list(b.board.hands[0]), list(b.board.hands[1]))
    else:
        if b.phase != "end":
            b.emit("phase", b.turn_player, "the turn ends", to="end")
        b.emit("end_turn", b.turn_player, "the turn ends")
    b.turn += 1
    b.turn_start = len(b.actions)
    b.turn_player = m.player
    b.phase = "draw"
    b.normal_summons = 0
    b.drew = False
    b.draw_phase = False
    b.set_this_turn = set()
    b.attacking = {}


def _new_phase(b: GameBuilder, m: msg.NewPhase) -> None:
    b.window = None
    to = PHASES.get(m.phase)
    if to == "draw":
        b.draw_phase = True
    if to is None or to == b.phase or to == "draw":
        return
    fields: dict[str, Any] = {"to": to}
    if b.phase == "draw" and not b.draw_phase and not b.drew and b.turn > 1:
        fields["by_effect"] = True  # the engine skipped the Draw Phase (Reckless Greed)
    b.phase = to
    b.emit("phase", b.turn_player, f"enters the {to} phase", **fields)


def _draw(b: GameBuilder, m: msg.Draw) -> None:
    for code in m.codes:
        cid = b.card(Loc(m.player, msg.DECK, 0, 0), code)
        b.board.lift(cid)
        b.board.put(cid, Loc(m.player, msg.HAND, len(b.board.hands[m.player & 1]), 0))
        if b.first_player is None:
            continue  # the opening hand
        normal = b.phase == "draw" and not b.solving and not b.drew and \
            m.player == b.turn_player
        fields: dict[str, Any] = {"card": cid}
        if normal:
            b.drew = True
        else:
            fields["by_effect"] = True
        b.emit("draw", m.player, f"draws {b.name(cid)}", **fields)


def _life_points(b: GameBuilder, m: msg.LifePoints) -> None:
    p = m.player & 1
    amount = m.amount
    if m.msg == msg.MSG_LPUPDATE:
        amount = m.amount - b.lp[p]
        if amount == 0:
            return
        kind = "gain_lp" if amount > 0 else "damage"
        amount = abs(amount)
    else:
        kind = "gain_lp" if m.msg == msg.MSG_RECOVER else "damage"
    if amount <= 0:
        return
    b.lp[p] += amount if kind == "gain_lp" else -amount
    b.emit(kind, m.player, f"{'gains' if kind == 'gain_lp' else 'loses'} {amount} LP",
           amount=amount)


def _shuffle_hand(b: GameBuilder, m: msg.ShuffleHand) -> None:
    hand = b.board.hands[m.player & 1]
    pool = list(hand)
    order = []
    for code in m.codes:
        found = next((cid for cid in pool if b.board.pieces[cid].code == code), None)
        if found is None:
            return
        pool.remove(found)
        order.append(found)
    hand[:] = order + pool


def _shuffle_extra(b: GameBuilder, m: msg.ShuffleExtra) -> None:
    b.board.shuffle_extra(m.player & 1, m.codes)


def _win(b: GameBuilder, m: msg.Win) -> None:
    b.over = True
    loser = 1 - m.player if m.player in (0, 1) else None
    if m.reason == 0 and loser is not None:
        b.note("edopro.surrender", f"{b.names[loser]} surrendered")
        b.emit("surrender", loser, "surrenders")
    elif m.reason == 2 and loser is not None and \
            loser == b.turn_player and b.phase == "draw" and not b.drew:
        # a turn that begins with an empty Deck: the document's duel ends there itself
        dropped = len(b.actions) - b.turn_start
        if dropped:
            del b.actions[b.turn_start:]
            b.note("edopro.tcg-differs", f"the engine let {dropped} action(s) be taken "
                                         f"at the start of the Draw Phase of a player "
                                         f"with an empty Deck; in the TCG that player "
                                         f"loses as the turn begins: not imported")
    elif m.reason == 2 and loser is not None:
        b.emit("draw", loser, "must draw from an empty Deck", by_effect=True)
    elif m.reason not in (1, 2):
        who = b.names[m.player] if m.player in (0, 1) else "nobody (a draw)"
        b.note("edopro.win-by-effect", f"the engine ended the duel (reason "
                                          f"{m.reason}): {who} won")


#: The handler of each message this module reads (the builder's table gathers them).
HANDLERS: Final[dict[type, Callable[[GameBuilder, Any], None]]] = {
    msg.NewTurn: _new_turn,
    msg.NewPhase: _new_phase,
    msg.Draw: _draw,
    msg.LifePoints: _life_points,
    msg.ShuffleHand: _shuffle_hand,
    msg.ShuffleExtra: _shuffle_extra,
    msg.Win: _win,
}
