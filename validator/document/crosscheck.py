"""Cross-checks of a duel document that no single field can make (§1, §3).

Every error is keyed by its path, as marshmallow keys field errors, so one report holds both.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from typing import Any, Final

from validator.document import model as m
from validator.document.position import owners as position_owners
from validator.document.position import placements
from validator.document.position_schema import CARD_RECORDS, ONCE_RECORDS

Errors = dict[Any, Any]

#: Which kinds of card each setup pile may hold.
_PILE_KINDS: Final = {
    "monsters": ("monster",), "spell_traps": ("spell", "trap"), "field_spell": ("spell",),
    "extra": ("monster",), "extra_face_up": ("monster",),
}
#: Piles whose cards belong to the player whose setup holds them (no control change there).
_OWNED_PILES: Final = frozenset({"deck", "hand", "graveyard", "banished", "extra", "extra_face_up"})
_OWNED_POSITION_PILES = frozenset({"deck_cards", "hand", "graveyard", "banished", "extra",
                                   "extra_face_up"})
#: Where a position may show a token: a Monster Zone, or a Spell & Trap Zone a move put it in.
_TOKEN_PILES = frozenset({"monsters", "spell_traps"})


def _add(errors: Errors, path: tuple[Any, ...], message: str) -> None:
    """Add ``message`` at ``path``. Paths are chosen so that none is a prefix of another
    (a map's key and its value are ``key`` and ``value`` under it, as marshmallow keys them);
    should one be, the message goes to the nearest messages above it, with the rest of its
    path, rather than fail.

    >>> errors: Errors = {}
    >>> _add(errors, ("a", "b"), "one."); _add(errors, ("a", "b", 0), "two.")
    >>> errors
    {'a': {'b': ['one.', '0: two.']}}
    """
    node = errors
    for depth, key in enumerate(path[:-1]):
        child = node.setdefault(key, {})
        if isinstance(child, list):
            child.append(f"{'.'.join(map(str, path[depth + 1:]))}: {message}")
            return
        node = child
    leaf = node.setdefault(path[-1], [])
    if isinstance(leaf, dict):
        leaf = leaf.setdefault("_schema", [])
    leaf.append(message)


def _setup_paths(player: m.Player, setup: m.SetupPlayer) -> list[tuple[str, tuple[Any, ...]]]:
    """Each card id the side places, with the path of the field that places it."""
    out: list[tuple[str, tuple[Any, ...]]] = []
    if isinstance(setup.deck, tuple):
        out += [(c, ("setup", player, "deck", i)) for i, c in enumerate(setup.deck)]
    for pile in ("hand", "graveyard", "banished", "extra", "extra_face_up"):
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
    _check_actions(errors, cards, {cid: path[1] for cid, path in placed.items()}, actions)
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
    if pile == "spell_traps" and card.get("pendulum"):
        kinds = None  # a Pendulum Monster in a Pendulum Zone (or placed there by an effect)
    if pile == "monsters" and card.get("trap_monster") is not None:
        kinds = None  # a Trap Monster Special Summoned earlier (docs/format.md)
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
                   sides: Mapping[str, str], actions: list[m.Action]) -> None:
    """Each action's errors (:func:`check_action`); a named draw is of the drawer's own card
    (its owner, or the side where the document places it: ``sides``)."""
    def owner(cid: str) -> str | None:
        return cards[cid].get("owner") or sides.get(cid)

    def effects(cid: str) -> int | None:
        listed = cards[cid].get("effects")
        return None if listed is None else len(listed)

    for i, action in enumerate(actions):
        check_action(errors, i, action, cards, owner, lambda cid: bool(cards[cid].get("token")),
                     effects)


def check_action(errors: Errors, i: int, action: m.Action, known: Container[str],
                 owner: Callable[[str], str | None], token: Callable[[str], bool],
                 effects: Callable[[str], int | None] = lambda cid: None) -> None:
    """Errors of action ``i`` that its own fields cannot show: unknown card ids, a move to
    material without a target, a draw of a token or of the opponent's card, a summon's
    materials (revision 4: each a card of the document, never the summoned card), an
    activation's ``effect`` beyond the card's ``effects`` (``owner``, ``token`` and
    ``effects``, the number of the card's effects where they are known, tell about a known id).

    >>> errors: Errors = {}
    >>> check_action(errors, 3, m.Action("discard", "p1", card="c9"), {}, lambda c: None,
    ...              lambda c: False)
    >>> errors
    {'actions': {3: {'card': ["Unknown card id 'c9'."]}}}
    >>> errors = {}
    >>> check_action(errors, 0, m.Action("activate", "p1", card="a", effect=2), {"a"},
    ...              lambda c: None, lambda c: False, lambda c: 2)
    >>> errors["actions"][0]["effect"]
    ["Card 'a' has 2 effects (indexes 0 to 1): there is no effect 2."]
    """
    # (each field read once: an Action is an interpreted class, each read a lookup by name)
    card, target, kind = action.card, action.target, action.type
    if card is not None and card not in known:
        _add(errors, ("actions", i, "card"), f"Unknown card id {card!r}.")
    if target is not None and target not in known:
        _add(errors, ("actions", i, "target"), f"Unknown card id {target!r}.")
    tributes = action.tributes
    if tributes:
        for j, cid in enumerate(tributes):
            if cid not in known:
                _add(errors, ("actions", i, "tributes", j), f"Unknown card id {cid!r}.")
    _check_revision4(errors, i, action, known, effects)
    cards = action.cards
    if cards:  # a Pendulum Summon's
        for j, cid in enumerate(cards):
            if cid not in known:
                _add(errors, ("actions", i, "cards", j), f"Unknown card id {cid!r}.")
    if kind == "move" and target is None and action.to == "material":
        _add(errors, ("actions", i, "target"),
             "A move to material needs a target: the Xyz Monster it goes under.")
    if kind == "draw" and card is not None and card in known:
        holder = owner(card)
        if token(card):
            _add(errors, ("actions", i, "card"),
                 f"{card!r} is a token: tokens are never in a Deck, so never drawn.")
        elif holder is not None and holder != action.player:
            _add(errors, ("actions", i, "card"),
                 f"{action.player} cannot draw {card!r}: it is {holder}'s card.")


def _check_revision4(errors: Errors, i: int, action: m.Action, known: Container[str],
                     effects: Callable[[str], int | None]) -> None:
    """A summon's ``materials`` and an activation's ``effect`` (revision 4)."""
    card = action.card
    for j, cid in enumerate(action.materials):
        if cid not in known:
            _add(errors, ("actions", i, "materials", j), f"Unknown card id {cid!r}.")
        elif cid == card:
            _add(errors, ("actions", i, "materials", j),
                 f"{cid!r} is the summoned card: a monster is never its own material.")
    effect = action.effect
    if effect is not None and card is not None and card in known:
        count = effects(card)
        if count is not None and effect >= count:
            _add(errors, ("actions", i, "effect"),
                 f"Card {card!r} has {count} effect{'s' if count != 1 else ''} "
                 f"(indexes 0 to {count - 1}): there is no effect {effect}."
                 if count else f"Card {card!r} has no effects: there is no effect "
                               f"{effect}.")


def cross_check_position(cards: dict[str, dict[str, Any]], position: Mapping[str, Any],
                         actions: list[m.Action]) -> Errors:
    """A ``position`` (§1) against the ``cards``: every id known, each card in one place,
    monsters in Monster Zones and Field Spells in the Field Zone, owners that agree, the
    chain and this turn's records consistent, and the actions' ids known.

    >>> from validator.document.position_schema import StateSchema
    >>> from validator import validate
    >>> state = StateSchema().load(validate({"cards": {}}).state)
    >>> state["players"]["p1"]["hand"] = ["x"]
    >>> cross_check_position({}, state, [])
    {'position': {'players': {'p1': {'hand': {0: ["Unknown card id 'x'."]}}}}}
    """
    errors: Errors = {}
    tokens = {cid for cid, card in cards.items() if card.get("token")}
    placed: dict[str, tuple[Any, ...]] = {}
    for cid, side, pile, path in placements(position):
        card = cards.get(cid)
        if card is None:
            _add(errors, path, f"Unknown card id {cid!r}.")
        elif cid in placed:
            first = ".".join(str(p) for p in placed[cid][1:])
            _add(errors, path, f"Card {cid!r} is placed twice (also at {first}).")
        elif pile == "monsters" and card["kind"] != "monster" and \
                card.get("trap_monster") is None:
            _add(errors, path, f"A {card['kind']} card cannot stand in a Monster Zone.")
        elif pile == "field_spell" and card.get("subtype") != "field":
            _add(errors, path, "Only a Field Spell can stand in the Field Zone.")
        elif card.get("token") and pile not in _TOKEN_PILES:
            _add(errors, path, f"Token {cid!r} cannot stand here: a token exists only on the "
                               f"field, and ceases to exist when it leaves it.")
        elif pile in _OWNED_PILES and card.get("owner", side) != side:
            _add(errors, path, f"Card {cid!r} is owned by {card['owner']} but stands in "
                               f"{side}'s {pile}.")
        placed.setdefault(cid, path)
    _check_references(errors, cards, position, placed)
    for cid, owner in position["owners"].items():
        given = cards.get(cid, {}).get("owner")
        if given is not None and given != owner:
            _add(errors, ("position", "owners", cid), f"The cards table says {cid!r} is "
                                                      f"owned by {given}.")
        elif cid in placed and placed[cid][3] in _OWNED_POSITION_PILES and \
                placed[cid][2] != owner:
            _add(errors, ("position", "owners", cid), f"{cid!r} stands in "
                                                      f"{placed[cid][2]}'s {placed[cid][3]}.")
    for cid, card in cards.items():
        if cid not in placed and cid not in position["gone"] and "owner" not in card and \
                cid not in tokens:
            _add(errors, ("cards", cid, "owner"),
                 "A card that the position does not place needs an owner (p1 or p2).")
    _check_turn(errors, position)
    _check_actions(errors, cards, position_owners(position, tokens), actions)
    return errors


def _check_references(errors: Errors, cards: dict[str, dict[str, Any]],
                      position: Mapping[str, Any], placed: Mapping[str, Any]) -> None:
    """Card ids the position names without placing them."""
    refs: list[tuple[str, tuple[Any, ...]]] = []
    for p in m.PLAYERS:
        side = position["players"][p]
        slots = [(f"spell_traps.{i}", s) for i, s in enumerate(side["spell_traps"])]
        if side["field_spell"] is not None:
            slots.append(("field_spell", side["field_spell"]))
        for where, slot in slots:
            refs += [(slot[key], ("position", "players", p, *where.split("."), key))
                     for key in ("equipped_to", "waiting_for") if slot[key] is not None]
        if side["deck"] < len(side["deck_cards"]):
            _add(errors, ("position", "players", p, "deck"),
                 "Fewer cards in the deck than deck_cards names.")
    for i, pending in enumerate(position["pending_materials"]):
        refs.append((pending["monster"], ("position", "pending_materials", i, "monster")))
    for i, link in enumerate(position["chain_links"]):
        refs.append((link["card"], ("position", "chain_links", i, "card")))
        if link["target"] is not None:
            refs.append((link["target"], ("position", "chain_links", i, "target")))
    this_turn = position["this_turn"]
    for name in (*CARD_RECORDS, "phase_effects_due", "foes_changed"):
        refs += [(cid, ("position", "this_turn", name, i))
                 for i, cid in enumerate(this_turn[name])]
    for name in ("lessened_by", "gemini_status_by"):  # extensions: player -> card ids
        refs += [(cid, ("position", "this_turn", name, p, i))
                 for p, ids in this_turn[name].items() for i, cid in enumerate(ids)]
    refs += [(cid, ("position", "levels_changed", i))
             for i, cid in enumerate(position["levels_changed"])]
    for cid, foes in this_turn["declared"].items():
        refs += [(cid, ("position", "this_turn", "declared", cid, "key"))]
        refs += [(foe, ("position", "this_turn", "declared", cid, "value", i))
                 for i, foe in enumerate(foes)]
    refs += [(cid, ("position", "owners", cid)) for cid in position["owners"]]
    limits = this_turn["limits"]
    if limits is not None:
        base = ("position", "this_turn", "limits")
        refs += [(cid, (*base, "copy_uses", cid, "key")) for cid in limits["copy_uses"]]
        refs += [(done["card"], (*base, "special_summons", i, "card"))
                 for i, done in enumerate(limits["special_summons"])]
        refs += [(lock["card"], (*base, "locks", i, "card"))
                 for i, lock in enumerate(limits["locks"])]
        refs += [(g["card"], (*base, "guesses", i, "card"))
                 for i, g in enumerate(limits.get("guesses", ()))]
    for cid, path in refs:
        if cid not in cards:
            _add(errors, path, f"Unknown card id {cid!r}.")
    for i, cid in enumerate(position["gone"]):
        if not cards.get(cid, {}).get("token"):
            _add(errors, ("position", "gone", i), f"{cid!r} is no token: only a token "
                                                   f"ceases to exist.")
        elif cid in placed:
            _add(errors, ("position", "gone", i), f"Token {cid!r} is gone but stands at "
                                                   f"{'.'.join(map(str, placed[cid][1:]))}.")
    if position["chain"] != [link["card"] for link in position["chain_links"]]:
        _add(errors, ("position", "chain"), "The chain's cards are not those of chain_links.")


def _check_outcome(errors: Errors, position: Mapping[str, Any]) -> None:
    """Life Points and the outcome agree: a player at 0 or less has lost by Life Points (the
    duel ended when they got there), and a Life Points outcome's loser is at 0 or less."""
    outcome = position["outcome"]
    for p in m.PLAYERS:
        lp = position["players"][p]["lp"]
        if lp <= 0 and (outcome is None or outcome["reason"] != "life_points"
                        or outcome["winner"] == p):
            _add(errors, ("position", "players", p, "lp"),
                 f"{p} has {lp} Life Points: the duel ended when they reached 0, so the "
                 f"position's outcome is {m.other(p)}'s win by life_points.")
    if outcome is not None and outcome["reason"] == "life_points":
        loser = m.other(outcome["winner"])
        lp = position["players"][loser]["lp"]
        if lp > 0:
            _add(errors, ("position", "outcome", "reason"),
                 f"{loser} has {lp} Life Points left: a duel is lost by life_points only at "
                 f"0 or less.")


def _check_turn(errors: Errors, position: Mapping[str, Any]) -> None:
    """This turn's records, the indexes of the actions that made them, and the outcome."""
    _check_outcome(errors, position)
    this_turn, judged = position["this_turn"], position["actions_judged"]
    indexes = this_turn["indexes"]
    path = ("position", "this_turn", "indexes")
    for name in ONCE_RECORDS:
        if this_turn[name] != (name in indexes):
            _add(errors, (*path, name), f"An index is given exactly when {name} is true.")
    for name in (*CARD_RECORDS, "declared"):
        if set(this_turn[name]) != set(indexes[name]):
            _add(errors, (*path, name), f"The cards are not those of this_turn.{name}.")
    for i, cid in enumerate(this_turn["foes_changed"]):
        if cid not in this_turn["declared"]:
            _add(errors, ("position", "this_turn", "foes_changed", i),
                 f"{cid!r} has not declared an attack this turn (it is not in declared).")
    for name, value in indexes.items():
        numbers = value.values() if isinstance(value, dict) else [value]
        if any(n >= judged for n in numbers):
            _add(errors, (*path, name), f"An index is not below actions_judged ({judged}).")
