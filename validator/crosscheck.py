"""Cross-checks of a duel document that no single field can make (§1, §3).

Every error is keyed by its path, as marshmallow keys field errors, so one report holds both.
"""

from __future__ import annotations

from typing import Any

from . import model as m

Errors = dict[Any, Any]

#: Which kinds of card each setup pile may hold.
_PILE_KINDS = {
    "monsters": ("monster",), "spell_traps": ("spell", "trap"), "field_spell": ("spell",),
    "extra": ("monster",),
}
#: Piles whose cards belong to the player whose setup holds them (no control change there).
_OWNED_PILES = frozenset({"deck", "hand", "graveyard", "banished", "extra"})


def _add(errors: Errors, path: tuple[Any, ...], message: str) -> None:
    node = errors
    for key in path[:-1]:
        node = node.setdefault(key, {})
    node.setdefault(path[-1], []).append(message)


def _setup_paths(player: m.Player, setup: m.SetupPlayer) -> list[tuple[str, tuple[Any, ...]]]:
    """Each card id the side places, with the path of the field that places it."""
    out: list[tuple[str, tuple[Any, ...]]] = []
    if isinstance(setup.deck, tuple):
        out += [(c, ("setup", player, "deck", i)) for i, c in enumerate(setup.deck)]
    for pile in ("hand", "graveyard", "banished", "extra"):
        out += [(c, ("setup", player, pile, i)) for i, c in enumerate(getattr(setup, pile))]
    for pile in ("monsters", "spell_traps"):
        out += [(p.card, ("setup", player, pile, i, "card"))
                for i, p in enumerate(getattr(setup, pile))]
    if setup.field_spell is not None:
        out.append((setup.field_spell.card, ("setup", player, "field_spell", "card")))
    return out


def cross_check(cards: dict[str, dict[str, Any]], setup: dict[str, m.SetupPlayer],
                actions: list[m.Action]) -> Errors:
    """Unknown ids, cards placed twice or where their kind cannot stand, missing owners.

    >>> cross_check({}, {"p1": m.SetupPlayer(hand=("x",)), "p2": m.SetupPlayer()}, [])
    {'setup': {'p1': {'hand': {0: ["Unknown card id 'x'."]}}}}
    """
    errors: Errors = {}
    placed: dict[str, tuple[Any, ...]] = {}
    for player in m.PLAYERS:
        side = setup[player]
        for cid, path in _setup_paths(player, side):
            _check_placement(errors, cards, placed, player, cid, path)
        for pos, slot in enumerate(side.spell_traps):
            target = slot.equipped_to
            if target is not None and target not in cards:
                _add(errors, ("setup", player, "spell_traps", pos, "equipped_to"),
                     f"Unknown card id {target!r}.")
    for cid, card in cards.items():
        if cid not in placed and "owner" not in card and not card.get("token"):
            _add(errors, ("cards", cid, "owner"),
                 "A card that setup does not place needs an owner (p1 or p2).")
    _check_actions(errors, cards, placed, actions)
    return errors


def _check_placement(errors: Errors, cards: dict[str, dict[str, Any]],
                     placed: dict[str, tuple[Any, ...]], player: m.Player, cid: str,
                     path: tuple[Any, ...]) -> None:
    card = cards.get(cid)
    if card is None:
        _add(errors, path, f"Unknown card id {cid!r}.")
        return
    if cid in placed:
        first = ".".join(str(p) for p in placed[cid])
        _add(errors, path, f"Card {cid!r} is placed twice (also at {first}).")
        return
    placed[cid] = path
    pile = path[2]
    kinds = _PILE_KINDS.get(pile)
    if kinds and card["kind"] not in kinds:
        _add(errors, path, f"A {card['kind']} card cannot stand in {pile}.")
    elif pile == "field_spell" and card.get("subtype") != "field":
        _add(errors, path, "Only a Field Spell can stand in the Field Zone.")
    elif card.get("token") and pile != "monsters":
        _add(errors, path, "A token exists only on the field.")
    elif pile in _OWNED_PILES and card.get("owner", player) != player:
        _add(errors, path, f"Card {cid!r} is owned by {card['owner']} but stands in "
                           f"{player}'s {pile}.")


def _check_actions(errors: Errors, cards: dict[str, dict[str, Any]],
                   placed: dict[str, tuple[Any, ...]], actions: list[m.Action]) -> None:
    for i, action in enumerate(actions):
        cid, target = action.card, action.target
        card = None if cid is None else cards.get(cid)
        if cid is not None and card is None:
            _add(errors, ("actions", i, "card"), f"Unknown card id {cid!r}.")
        if target is not None and target not in cards:
            _add(errors, ("actions", i, "target"), f"Unknown card id {target!r}.")
        for j, tribute in enumerate(action.tributes):
            if tribute not in cards:
                _add(errors, ("actions", i, "tributes", j), f"Unknown card id {tribute!r}.")
        if action.type == "move" and action.to == "material" and target is None:
            _add(errors, ("actions", i, "target"),
                 "A move to material needs a target: the Xyz Monster it goes under.")
        if card is not None and action.type == "draw":
            owner = card.get("owner") or _owner_from(placed, action.card or "")
            if owner is not None and owner != action.player:
                _add(errors, ("actions", i, "card"),
                     f"{action.player} cannot draw {action.card!r}: it is {owner}'s card.")


def _owner_from(placed: dict[str, tuple[Any, ...]], cid: str) -> str | None:
    path = placed.get(cid)
    return str(path[1]) if path else None
