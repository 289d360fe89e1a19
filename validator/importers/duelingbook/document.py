"""The duel document of an imported game: the cards its actions mention, defined from the card
database (the replay's own card object for a card it does not know), the opening hands and
decks, and the source."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from validator.importers.duelingbook.readings.catalog import Note
from validator.rules.rulesets import Ruleset

if TYPE_CHECKING:
    from validator.importers.duelingbook.builder import GameBuilder


#: The signs of later rules (docs/duelingbook.md), each with whether a ruleset models it: under
#: one that does, they are no rules the document leaves out.
MODELLED: Final[dict[str, Callable[[Ruleset], bool]]] = {
    "no draw in the first player's first turn": lambda rules: not rules.first_turn_draw,
    "Extra Monster Zones": lambda rules: rules.zone_rules,
    "Link Summons": lambda rules: rules.link_rules,
    "Pendulum Zones": lambda rules: rules.pendulum}


def unmodelled(signs: dict[str, str], rules: Ruleset) -> dict[str, str]:
    """The rules a game showed that its ruleset does not model (sign -> where seen).

    >>> from validator.rules.rulesets import ADVANCED
    >>> unmodelled({"Link Summons": "[1:02] a", "Traps activated from the hand": "[2:00] b"},
    ...            ADVANCED)
    {'Traps activated from the hand': '[2:00] b'}
    """
    return {sign: at for sign, at in signs.items()
            if sign not in MODELLED or not MODELLED[sign](rules)}


def definitions(b: GameBuilder) -> dict[str, dict[str, Any]]:
    """Every card the actions mention, defined from what is known of it."""
    used: set[str | None] = {*b.hands["p1"], *b.hands["p2"]}
    for action in b.actions:
        used.add(action.get("card"))
        used.add(action.get("target"))
        if "tributes" in action:
            used.update(action["tributes"])
    cards = b.board.cards
    return {cid: define(b, cid, card) for cid, card in cards.items() if cid in used}


def define(b: GameBuilder, cid: str, card: dict[str, Any]) -> dict[str, Any]:
    """One card of the document: from the database or its card object, as a token, or (when
    nothing describes it) the laxest stand-in, noted. A copy whose reading widened a fact
    (Tributes another card explains) gets a definition of its own."""
    name = card.get("name")
    owner = {"owner": card["owner"]}
    if card.get("token"):
        return {"name": name or "Token", "kind": "monster", "level": 1, "token": True}
    known = b.knowledge.of(str(name) if name else None)
    if known.error is not None:
        b.game.notes.append(Note("card.lookup-error",
                                 f"{name}: {known.error}; judged as a Normal Spell"))
        return {"name": name, "kind": "spell", "subtype": "normal", **owner}
    if known.definition is not None:
        override = b.overrides.get(cid)
        if override:
            return {**known.definition, **override, **owner}
        key = (str(name), card["owner"])
        done = b.documented.get(key)
        if done is None:  # one dict per name and owner, shared by its copies
            done = b.documented[key] = {**known.definition, **owner}
            if not known.known:
                b.game.notes.append(Note("card.not-in-database",
                                         f"{name} is not in the card database: judged from "
                                         f"the replay's own card object"))
        return done
    placeholder: dict[str, Any] = {"kind": "monster", "level": card.get("level", 4)} \
        if card.get("monster") else {"kind": "trap", "subtype": "normal"}
    if name:
        placeholder["name"] = name
    b.game.notes.append(Note("card.undescribed",
                             f"no card object describes {name or cid!r}: judged as "
                             f"{'a Level 4 monster' if card.get('monster') else 'a Normal Trap'}"))
    return {**placeholder, **owner}


def document(b: GameBuilder) -> dict[str, Any]:
    """The game's duel document, with the importer's ``source`` (format, players, notes,
    where it stopped, rules ``classic`` does not model). The Extra Deck holds the Extra Deck
    monsters the game shows; the Main Deck the rest of the deck size, less the hand."""
    cards = definitions(b)
    kept = {id(a) for a in b.actions} if b.untimed else set()  # a rewind may drop some
    timed = [f"{a['log']['time']} {b.label(a['card'])}" for a in b.untimed if id(a) in kept]
    if timed:
        b.game.notes.append(Note(
            "effect.timing-unchecked",
            f"timing not checked for {len(timed)} effect activation(s) whose card text does "
            f"not say when they may be used: {', '.join(timed)}"))
    extra: dict[str, list[str]] = {"p1": [], "p2": []}
    in_hand = {*b.hands["p1"], *b.hands["p2"]}
    for cid in cards:  # Fusion, Synchro, Xyz and Link Monsters start in the Extra Deck
        card = b.board.cards[cid]
        if cid not in in_hand and not card.get("token") and \
                b.knowledge.is_extra_deck(card.get("name")):
            extra[card["owner"]].append(cid)
    setup = {}
    for player in ("p1", "p2"):
        size = b.deck_sizes.get(player, 60) - len(b.hands[player])
        setup[player] = {"deck": max(size, 0), "hand": b.hands[player]}
        if extra[player]:
            setup[player]["extra"] = extra[player]
    source: dict[str, Any] = {
        "from": "duelingbook", "format": b.game.format, "card_pool": b.game.card_pool,
        "game": b.game.number,
        "players": b.game.players, "notes": [n.to_dict() for n in b.game.notes]}
    signs = unmodelled(b.signs, b.rules)
    if signs:
        source["unmodelled"] = signs
    if b.game.stopped:
        source["stopped"] = b.game.stopped
    return {"ruleset": b.game.ruleset, "cards": cards, "setup": setup, "actions": b.actions,
            "source": source}
