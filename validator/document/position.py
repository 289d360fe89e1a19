"""A duel's state as the contract reports it (§3), and back: the ``position`` a document may
start from (§1).

:func:`state_report` writes everything the rules need to go on: the board, who owns what
stands on the other side, the Equips and Xyz Materials still waiting for their monster, the
open chain, what this turn has used up and when, the last attack declarations (for replays),
the tokens gone, the outcome, and how many actions the duel has judged. :func:`restore`
reads it back into a :class:`validator.engine.state.DuelState`, so that judging a document's actions
in two parts, the second from the first part's state, gives the verdict of judging them at
once.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from validator.document.model import PLAYERS, Card, Document, Player
from validator.engine.state import (
    ActiveLock,
    ChainLink,
    DuelState,
    GuessedUse,
    Monster,
    Outcome,
    Side,
    SpecialSummoned,
    SpellTrap,
    ThisTurn,
    TurnLimits,
    setup_state,
    zoned,
)
from validator.engine.zones import MAIN_ZONES
from validator.rules.rulesets import CLASSIC, RULESETS, Ruleset

#: ThisTurn's card -> index records, by the name the state gives them.
_RECORDS: Final = (("positions_changed", "positions_changed"), ("attacked", "attacked"),
            ("placed", "placed"), ("set", "set"),
            ("phase_effects_resolved", "phase_effects_done"))
#: ThisTurn's used-once records (index or None), by the name the state gives them.
_ONCE: Final = (("normal_draw", "drew"), ("normal_summon", "normal_summon"),
         ("quick_summon", "quick_summon"), ("pendulum_summon", "pendulum_summon"))


def _slot(st: SpellTrap | None, waiting: Mapping[str, str]) -> dict[str, Any] | None:
    if st is None:
        return None
    out: dict[str, Any] = {"card": st.card, "face_up": st.face_up}
    if st.zone is not None:
        out["zone"] = st.zone
    if st.equipped_to is not None:
        out["equipped_to"] = st.equipped_to
    if st.card in waiting:
        out["waiting_for"] = waiting[st.card]
    return out


def _monster(mon: Monster) -> dict[str, Any]:
    out: dict[str, Any] = {"card": mon.card, "position": mon.position, "zone": mon.zone}
    if mon.materials:
        out["materials"] = list(mon.materials)
    if mon.gemini:
        out["gemini_summoned"] = True
    return out


def _side(side: Side, waiting: Mapping[str, str]) -> dict[str, Any]:
    return {
        "lp": side.lp, "deck": side.deck_size,
        "hand": [*side.hand, *([None] * side.hand_unknown)],
        "monsters": [_monster(m) for m in side.monsters],
        "spell_traps": [_slot(st, waiting) for st in side.spell_traps],
        "field_spell": _slot(side.field_spell, waiting),
        "graveyard": list(side.graveyard), "banished": list(side.banished),
        "extra": list(side.extra), "deck_cards": list(side.deck),
        "extra_face_up": list(side.extra_face_up),
    }


def _this_turn(t: ThisTurn) -> dict[str, Any]:
    out: dict[str, Any] = {name: getattr(t, attr) is not None for name, attr in _ONCE}
    out.update({name: list(getattr(t, attr)) for name, attr in _RECORDS})
    indexes: dict[str, Any] = {name: getattr(t, attr) for name, attr in _ONCE
                               if getattr(t, attr) is not None}
    indexes.update({name: dict(getattr(t, attr)) for name, attr in _RECORDS})
    indexes["declared"] = {card: index for card, (index, _) in t.declared.items()}
    out["phase_effects_due"] = list(t.phase_effects_due)
    out["declared"] = {card: sorted(foes) for card, (_, foes) in t.declared.items()}
    if t.foes_changed:
        out["foes_changed"] = sorted(t.foes_changed)
    out["indexes"] = indexes
    if t.granted:
        out["granted"] = {p: list(g) for p, g in t.granted.items()}
    for name in ("lessened_by", "gemini_status_by"):  # extensions: only when something
        if getattr(t, name):
            out[name] = {p: list(c) for p, c in getattr(t, name).items()}
    out["pendulum_summon"] = out.pop("pendulum_summon")  # added by revision 3: last
    if t.limits:
        out["limits"] = _limits(t.limits)  # revision 4, after it
    return out


def _limits(t: TurnLimits) -> dict[str, Any]:
    return {"uses": dict(t.uses), "copy_uses": {c: dict(u) for c, u in t.copy_uses.items()},
            "activations": {k: list(v) for k, v in t.activations.items()},
            "summons": {k: list(v) for k, v in t.summons.items()},
            "special_summons": [{"player": d.player, "card": d.card, "index": d.index,
                                 "from_extra": d.from_extra} for d in t.special_summons],
            "locks": [{"player": lock.player, "card": lock.card, "lock": lock.lock,
                       "since": lock.since} for lock in t.locks],
            **({"guesses": [{"player": g.player, "card": g.card, "index": g.index,
                             "options": list(g.options), "chosen": g.chosen}
                            for g in t.guesses]} if t.guesses else {})}


def _limits_of(data: Mapping[str, Any] | None) -> TurnLimits:
    if data is None:
        return TurnLimits()
    return TurnLimits(
        dict(data["uses"]), {c: dict(u) for c, u in data["copy_uses"].items()},
        {k: list(v) for k, v in data["activations"].items()},
        {k: list(v) for k, v in data["summons"].items()},
        [SpecialSummoned(d["player"], d["card"], d["index"], d["from_extra"])
         for d in data["special_summons"]],
        [ActiveLock(lock["player"], lock["card"], lock["lock"], lock["since"])
         for lock in data["locks"]],
        [GuessedUse(g["player"], g["card"], g["index"], tuple(g["options"]), g["chosen"])
         for g in data.get("guesses", ())])


def _owners(state: DuelState) -> dict[str, Player]:
    """Owners a reader of the state cannot tell from where the cards stand."""
    out: dict[str, Player] = {}
    for player in PLAYERS:
        for card in state.field_cards(player):
            owner = state.owner(card)
            if owner != player or (state.cards[card].token and state.cards[card].owner):
                out[card] = owner
    for material in state.attached:
        out[material] = state.owner(material)
    return out


def state_report(state: DuelState) -> dict[str, Any]:
    """The ``state`` object of §3: the board in the shape of the input, and all the rules
    need to go on from it (see the module's docstring); a document's ``position``.

    >>> from validator import validate
    >>> report = validate({"cards": {}, "actions": [{"type": "draw", "player": "p1"}]}).state
    >>> report["players"]["p1"]["hand"], report["this_turn"]["indexes"]["normal_draw"]
    ([None], 0)
    """
    t = state.this_turn
    return {
        "turn": state.turn, "turn_player": state.turn_player, "phase": state.phase,
        "players": {p: _side(state.sides[p], state.pending_equips) for p in PLAYERS},
        "this_turn": _this_turn(t),
        "chain": [link.card for link in state.chain],
        "chain_links": [_link(link) for link in state.chain],
        "owners": _owners(state),
        "pending_materials": [{"card": material, "monster": holder}
                              for material, holder in state.attached.items()
                              if state.monster(holder) is None],
        "gone": sorted(state.gone),
        "outcome": None if state.outcome is None else {"winner": state.outcome.winner,
                                                        "reason": state.outcome.reason},
        "actions_judged": state.index,
        **({"duel_uses": dict(state.duel_uses)} if state.duel_uses else {}),
        **({"levels_changed": sorted(state.levels_changed)} if state.levels_changed else {}),
        "ruleset": state.rules.name,
    }


def _link(link: ChainLink) -> dict[str, Any]:
    out: dict[str, Any] = {"card": link.card, "player": link.player, "speed": link.speed,
                           "card_activation": link.card_activation, "target": link.target}
    if link.locks:
        out["locks"] = list(link.locks)
    if link.effect is not None:
        out["effect"] = link.effect
    return out


Placement = tuple[str, "Player | None", str, tuple[Any, ...]]


def placements(position: Mapping[str, Any]) -> Iterator[Placement]:
    """Every card a position places: ``(card, side, pile, path)``, in the state's order.

    Materials count as the side of the monster they are under; pending ones have no side
    (``None``) and the pile ``"material"``.

    >>> from validator import validate
    >>> state = validate({"cards": {"x": {"kind": "monster", "level": 4, "owner": "p2"}},
    ...                   "setup": {"p2": {"graveyard": ["x"]}}}).state
    >>> list(placements(state))
    [('x', 'p2', 'graveyard', ('position', 'players', 'p2', 'graveyard', 0))]
    """
    for p in PLAYERS:
        side = position["players"][p]
        base = ("position", "players", p)
        for pile in ("deck_cards", "hand"):
            for i, card in enumerate(side[pile]):
                if card is not None:
                    yield card, p, "deck" if pile == "deck_cards" else pile, (*base, pile, i)
        for i, mon in enumerate(side["monsters"]):
            yield mon["card"], p, "monsters", (*base, "monsters", i, "card")
            for j, material in enumerate(mon["materials"]):
                yield material, p, "material", (*base, "monsters", i, "materials", j)
        for i, slot in enumerate(side["spell_traps"]):
            yield slot["card"], p, "spell_traps", (*base, "spell_traps", i, "card")
        if side["field_spell"] is not None:
            yield side["field_spell"]["card"], p, "field_spell", (*base, "field_spell", "card")
        for pile in ("graveyard", "banished", "extra", "extra_face_up"):
            for i, card in enumerate(side[pile]):
                yield card, p, pile, (*base, pile, i)
    for i, pending in enumerate(position["pending_materials"]):
        yield pending["card"], None, "material", ("position", "pending_materials", i, "card")


def owners(position: Mapping[str, Any], tokens: set[str]) -> dict[str, Player]:
    """Each card's owner as the position tells it: its ``owners`` entry, else the side it
    stands on (a token has only the owner its entry gives).

    >>> owners({"owners": {"dm": "p1"}, "pending_materials": [], "players": {
    ...     p: {"deck_cards": [], "hand": [], "monsters": [], "spell_traps": [],
    ...         "field_spell": None, "graveyard": ["x"] if p == "p2" else [], "banished": [],
    ...         "extra": [], "extra_face_up": []} for p in ("p1", "p2")}}, set())
    {'x': 'p2', 'dm': 'p1'}
    """
    out: dict[str, Player] = {card: side for card, side, _, _ in placements(position)
                              if side is not None and card not in tokens}
    out.update(position["owners"])
    return out


def _side_of(data: Mapping[str, Any], rules: Ruleset) -> Side:
    named = [c for c in data["hand"] if c is not None]
    mzones = zoned([m["zone"] for m in data["monsters"]], MAIN_ZONES)
    szones = zoned([s["zone"] for s in data["spell_traps"]], rules.spell_trap_order)
    return Side(
        lp=data["lp"], deck=list(data["deck_cards"]),
        deck_unknown=data["deck"] - len(data["deck_cards"]), hand=named,
        hand_unknown=len(data["hand"]) - len(named),
        monsters=[Monster(m["card"], m["position"], list(m["materials"]), m["gemini_summoned"],
                          zone) for m, zone in zip(data["monsters"], mzones, strict=True)],
        spell_traps=[SpellTrap(s["card"], s["face_up"], s["equipped_to"], zone)
                     for s, zone in zip(data["spell_traps"], szones, strict=True)],
        field_spell=None if data["field_spell"] is None else SpellTrap(
            data["field_spell"]["card"], data["field_spell"]["face_up"],
            data["field_spell"]["equipped_to"]),
        graveyard=list(data["graveyard"]), banished=list(data["banished"]),
        extra=list(data["extra"]), extra_face_up=list(data["extra_face_up"]))


def _turn_of(data: Mapping[str, Any]) -> ThisTurn:
    indexes = data["indexes"]
    turn = ThisTurn(phase_effects_due=list(data["phase_effects_due"]))
    for name, attr in _ONCE:
        setattr(turn, attr, indexes[name] if data[name] else None)
    for name, attr in _RECORDS:
        setattr(turn, attr, {card: indexes[name][card] for card in data[name]})
    turn.declared = {card: (indexes["declared"][card], frozenset(foes))
                     for card, foes in data["declared"].items()}
    turn.granted = {p: list(g) for p, g in data["granted"].items()}
    turn.lessened_by = {p: list(c) for p, c in data["lessened_by"].items()}
    turn.gemini_status_by = {p: list(c) for p, c in data["gemini_status_by"].items()}
    turn.foes_changed = set(data["foes_changed"])
    turn.limits = _limits_of(data["limits"])
    return turn


def restore(cards: dict[str, Card], position: Mapping[str, Any],
            rules: Ruleset = CLASSIC) -> DuelState:
    """The duel state a position describes (it has been loaded and cross-checked).

    >>> from validator import load_document, validate
    >>> doc = {"cards": {}, "actions": [{"type": "draw", "player": "p1"}]}
    >>> state = restore({}, load_document({"cards": {}, "position": validate(doc).state}).position)
    >>> state_report(state) == validate(doc).state
    True
    """
    state = DuelState(cards=cards, turn=position["turn"], turn_player=position["turn_player"],
                      sides={p: _side_of(position["players"][p], rules) for p in PLAYERS},
                      phase=position["phase"], this_turn=_turn_of(position["this_turn"]),
                      index=position["actions_judged"], gone=set(position["gone"]),
                      rules=rules)
    for card, side, pile, _ in placements(position):
        state.where[card] = (side or state.owner(card), pile)
    for p in PLAYERS:
        board = position["players"][p]
        for mon in board["monsters"]:
            state.attached.update((material, mon["card"]) for material in mon["materials"])
        for slot in [*board["spell_traps"], board["field_spell"]]:
            if slot is not None and slot["waiting_for"] is not None:
                state.pending_equips[slot["card"]] = slot["waiting_for"]
    state.attached.update((m["card"], m["monster"]) for m in position["pending_materials"])
    state.chain = [ChainLink(link["card"], link["player"], link["speed"],
                             link["card_activation"], link["target"], tuple(link["locks"]),
                             link["effect"])
                   for link in position["chain_links"]]
    state.duel_uses = dict(position["duel_uses"])
    state.levels_changed = set(position["levels_changed"])
    outcome = position["outcome"]
    state.outcome = None if outcome is None else Outcome(outcome["winner"], outcome["reason"])
    return state


def initial_state(doc: Document) -> DuelState:
    """The state a document starts from: the beginning of its turn, in its Draw Phase, from its
    ``setup``; or the state its ``position`` describes.

    >>> from validator.document.model import SetupPlayer
    >>> s = initial_state(Document({}, {"p1": SetupPlayer(), "p2": SetupPlayer()}, ()))
    >>> (s.turn, s.phase, s.sides["p1"].deck_size)
    (1, 'draw', 40)
    """
    if doc.position is not None:
        return restore(doc.cards, doc.position, RULESETS[doc.ruleset])
    return setup_state(doc)
