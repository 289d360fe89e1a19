"""Effects declared in a Duelingbook log ("Declare"), judged by their kinds and the places the
card stands in: the effect a declaration names (a Gemini monster's, a card's own from where it
stands: :func:`declare_effect`), and what the other readings ask of declarations (one at the
next play: :func:`declared_next`; one naming a card's archetype within a window:
:func:`declared_for_archetype`; one after a shuffle: :func:`declared_after_shuffle`; the card
whose effect sent a card from the Deck: :func:`sent_from_deck_by`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from validator.document.model import Player
from validator.importers.duelingbook.actions import Action
from validator.importers.duelingbook.board.tracker import is_zone
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.cardtext import (
    deck_to_graveyard,
)
from validator.importers.duelingbook.game import Play
from validator.importers.duelingbook.readings import effects, phases
from validator.importers.duelingbook.readings.catalog import Reading, read
from validator.importers.duelingbook.readings.gained import gained_kinds
from validator.importers.duelingbook.readings.result import (
    Changes,
    Emit,
    ReadAs,
    seq,
)
from validator.importers.duelingbook.readings.windows import (
    DECLARED_NEXT,
    SENT_FROM_DECK_WITHIN,
)


def declared_next(b: GameBuilder, play: Play, cid: str) -> bool:
    """True when the same player's next play declares the card's effect (it is read there):
    a monster's hand effect activated with the card placed in a zone as its marker, then
    declared, is one activation, read at the declaration.

    >>> from validator.importers.duelingbook.replay import import_replay
    >>> ash = "Ash Blossom & Joyous Spring"
    >>> game = import_replay({"plays": [{"play": "Pick first", "order": ["a", "b"]}, *(
    ...     {"play": k, "username": u, "log": {"public_log": t}} for u, k, t in [
    ...         ("b", "Draw card", f'Drew "{ash}"'), ("a", "Enter M1", "Entered Main Phase 1"),
    ...         ("b", "Activate ST", f'Activated "{ash}" from hand to S-1'),
    ...         ("b", "Declare", f'Declared effect of "{ash}" in S-1')])]})[0]
    >>> [(a["type"], a["log"]["text"]) for a in game.document["actions"][-1:]]
    [('activate', 'Declared effect of "Ash Blossom & Joyous Spring" in S-1')]
    """
    for index, later in b.upcoming(DECLARED_NEXT):
        if later.get("username") != play.get("username"):
            continue
        step = b.step_at(index)
        return later.get("play") == "Declare" and step is not None and step.card == cid
    return False


def _declared_at(b: GameBuilder, index: int) -> bool:
    """True when the play at ``index`` declares an effect or activates a card (the builder
    also remembers summons, whose triggers the log may never declare)."""
    raw = b.plays[index].get("play")
    names = b.names
    return type(raw) is str and (names.current.get(raw) or names.canonical(raw)) in (
        "Activate ST", "Declare")


def _place_of(b: GameBuilder, cid: str) -> str:
    """Where a card stands, as the contract's effects name places."""
    spot = b.board.where.get(cid)
    if spot is None:
        return "hand"
    if is_zone(spot.spot):
        return "field"
    return {"graveyard": "graveyard", "banished": "banished"}.get(spot.spot, spot.spot)


def declare(b: GameBuilder, play: Play, player: Player) -> None:
    cid = b.cid
    last = b.actions[-1] if b.actions else {}
    if last.get("type") in ("activate", "normal_summon", "flip_summon", "special_summon") and \
            last.get("card") == cid:
        trigger = None if last.get("type") == "activate" else \
            effects.in_extra_monster_zone(b, play, cid) or \
            effects.summon_trigger(b, cid, last) or effects.detaching(b, play, cid)
        if trigger is None and _gemini_summoned(last):
            # a Gemini Summon gives the monster its effects: the effect declared right
            # after it is one of them used (Blazewing Butterfly Tributing itself), not the
            # Summon's announcement (a Gemini Summon triggers nothing of its own)
            declare_effect(b, play, player, cid, "field")
            return
        if trigger is None:  # it only announces the effect of the card just activated or
            b.read_as(play, ReadAs(uses=((player, cid),)))  # summoned
            return
        b.read_as(play, _effect_declared(b, play, player, cid, trigger))
        return
    spot = b.board.where.get(cid)
    if cid in b.materials.staged and spot is not None and spot.spot.startswith("S-"):
        # the hand effect of a monster placed in a zone as its marker (or the GY effect of one
        # the zone stands in the GY for); one since summoned from the hand is on the field
        came = b.materials.staged[cid]
        place = "graveyard" if came is not None and came.spot == "graveyard" else "hand"
        if not b.read_as(play, effects.staged_spent(b, player, cid, place)):
            declare_effect(b, play, player, cid, place)
        return
    declare_effect(b, play, player, cid, _place_of(b, cid))


def _gemini_summoned(last: Action) -> bool:
    """True when ``last`` is a Gemini Summon where the monster stands (read so: its note's
    ``summon.gemini``).

    >>> _gemini_summoned({"type": "normal_summon", "log": {"readings": ["summon.gemini"]}})
    True
    >>> _gemini_summoned({"type": "normal_summon", "log": {}})
    False
    """
    return last.get("type") == "normal_summon" and \
        "summon.gemini" in (last.get("log") or {}).get("readings", ())


def declare_effect(b: GameBuilder, play: Play, player: Player, cid: str, place: str) -> None:
    """An effect declared where the card stands, judged by the kinds of the card's effects
    usable there (a trigger in the Graveyard in the End Phase, a quick effect in the hand in
    the opponent's turn). A card with no activated effect usable there announces something
    else (a continuous effect, a cost, an effect resolving): no action.

    >>> from validator.importers.duelingbook.replay import import_plays as imported
    >>> game = imported(("a", "Draw card", 'Drew "Vorse Raider"'),
    ...                 ("a", "Enter M1", "Entered Main Phase 1"),
    ...                 ("a", "Normal Summon", 'Normal Summoned "Vorse Raider" from hand to M-1'),
    ...                 ("a", "Enter BP", "Entered Battle Phase"),
    ...                 ("a", "Declare", 'Declared effect of "Vorse Raider" in M-1'))
    >>> game.notes[-1].reading, game.document["actions"][-1]["type"]
    ('effect.none-usable-here', 'phase')
    """
    known = b.card(cid)
    kinds = known.effect_kinds(place)
    if place == "field" and kinds <= {"ignition"}:  # or one its Xyz Materials give it
        kinds |= gained_kinds(b, cid)
    if known.definition is not None and not kinds:
        b.read_as(play, ReadAs("effect.none-usable-here",
                               f"{b.label(cid)} has no activated effect usable {_words(place)} "
                               f"(the card database): the declaration announces another "
                               f"effect, no action", uses=((player, cid),)))
        return
    # the three readings of a card declared again each need an activation of it this turn:
    # one look says whether there is any (most declarations are a card's first in its turn)
    again = effects.activated_this_turn(b, cid)
    if again and b.read_as(play, effects.points_at_moved(b, play, player, cid, place)):
        return
    if b.read_as(play, effects.withdrawn(b, play)):
        return
    if again:
        b.read_as(play, effects.use_undone(b, player, cid, place))  # (then read as any other)
    which = effects.in_extra_monster_zone(b, play, cid) if place == "field" else None
    if again and b.read_as(play, effects.declared_again(b, player, cid, place,
                                                        which[0] if which is not None
                                                        else None)):
        return
    if kinds == {"ignition"} and player == b.turn.player:
        phases.ensure_phase(b, play, player, ("main1", "main2"))
    b.read_as(play, _effect_declared(b, play, player, cid, which))


def _effect_declared(b: GameBuilder, play: Play, player: Player, cid: str,
                     which: tuple[int | None, Reading] | None = None) -> ReadAs:
    """The activation of a declared effect (its timing unchecked when the card's text does
    not say it); ``which``: the effect it used and the reading that says so
    (:mod:`~validator.importers.duelingbook.readings.effects`), written as its ``effect``."""
    known = b.card(cid)
    note = which[1] if which is not None else None
    fields: dict[str, Any] = {"card": cid} if which is None or which[0] is None else \
        {"card": cid, "effect": which[0]}
    if not known.known and not known.told:
        note = read("effect.timing-unknown",
                    "the card's text does not say when its effect may be used: timing not checked")
    elif not known.known:
        note = read("card.from-replay-text",
                    f"{b.label(cid)} is not in the card database: its effect is judged by the " \
                    f"replay's own card text")
    return seq(ReadAs(changes=Changes(last_declared=(player, cid)))
               if known.kind == "monster" else None, phases.settling(b, play, cid),
               ReadAs(uses=((player, cid),), actions=(Emit(
                   "activate", player, fields, note=note,
                   untimed=not known.known and not known.told),))) or ReadAs()


def _words(place: str) -> str:
    return {"field": "on the field", "hand": "in the hand", "graveyard": "in the Graveyard",
            "banished": "while banished"}.get(place, f"in the {place}")


def sent_from_deck_by(b: GameBuilder, player: Player, cid: str) -> str | None:
    """The card of ``player``'s, used in the last few plays, whose effect sends a card of
    ``cid``'s archetype from the Deck to the GY (K9-17 Izuna: 'send 1 "K9" card from your Deck
    to the GY'), or None.

    >>> from validator.importers.duelingbook.replay import import_plays as imported
    >>> game = imported(("a", "Draw card", 'Drew "K9-17 Izuna"'),
    ...                 ("a", "Enter M1", "Entered Main Phase 1"),
    ...                 ("a", "Normal Summon", 'Normal Summoned "K9-17 Izuna" from hand to M-1'),
    ...                 ("a", "Declare", 'Declared effect of "K9-17 Izuna" in M-1'),
    ...                 ("a", "To ST", 'Placed "K9-ØØ Lupis" from Deck to S-3'),
    ...                 ("a", "Shuffle deck", "Shuffled deck"),
    ...                 ("a", "Declare", 'Declared effect of "K9-ØØ Lupis" in S-3'),
    ...                 ("a", "Move", 'Moved "K9-ØØ Lupis" from S-3 to M-2'), fmt="ar")
    >>> [(a["type"], a["log"].get("readings")) for a in game.document["actions"][-3:-1]]
    [('move', ['shortcut.spell-trap-as-graveyard']), ('activate', None)]
    """
    return declared_for_archetype(b, player, cid, SENT_FROM_DECK_WITHIN, deck_to_graveyard)


def declared_for_archetype(b: GameBuilder, player: Player, cid: str, within: int,
                  archetype_of: Callable[[str], str | None]) -> str | None:
    """The latest card of ``player``'s whose effect was declared within ``within`` plays and
    whose text (``archetype_of``) names an archetype in ``cid``'s name, or None.

    >>> from validator.importers.duelingbook.replay import import_plays as imported
    >>> snatchy, acroquey = "Yummy★Snatchy", "Yummyusment★Acroquey"
    >>> game = imported(("a", "Draw card", f'Drew "{acroquey}"'), ("a", "End turn", "Ended turn"),
    ...                 ("b", "Enter M1", "Entered Main Phase 1"),
    ...                 ("a", "SS ATK", f'Special Summoned "{snatchy}" from Extra Deck to M-1'),
    ...                 ("a", "Declare", f'Declared effect of "{snatchy}" in M-1'),
    ...                 ("a", "Activate Field Spell", f'Activated "{acroquey}" from hand'),
    ...                 fmt="au")
    >>> [(a["type"], a["log"].get("readings")) for a in game.document["actions"][-1:]]
    [('move', ['spell.field-placed-by-effect'])]
    """
    name = b.board.name(cid) or ""
    for at, who, used in reversed(b.turn.recent):
        if b.cursor - at > within:
            break
        if who != player or used == cid or not _declared_at(b, at):
            continue
        archetype = archetype_of(b.knowledge.text(b.board.name(used)))
        if archetype is not None and archetype in name:
            return used
    return None


def declared_after_shuffle(b: GameBuilder, play: Play, cid: str) -> bool:
    """True when the same player's next play, past the Deck's shuffle, declares the card's
    effect (a monster placed from the Deck, the Deck shuffled, then its effect declared where
    it was placed: :func:`sent_from_deck_by`'s example).

    >>> from validator.importers.duelingbook.replay import import_plays as imported
    >>> game = imported(("a", "Draw card", 'Drew "K9-17 Izuna"'),
    ...                 ("a", "Enter M1", "Entered Main Phase 1"),
    ...                 ("a", "Normal Summon", 'Normal Summoned "K9-17 Izuna" from hand to M-1'),
    ...                 ("a", "Declare", 'Declared effect of "K9-17 Izuna" in M-1'),
    ...                 ("a", "To ST", 'Placed "K9-ØØ Lupis" from Deck to S-3'),
    ...                 ("a", "Shuffle deck", "Shuffled deck"),
    ...                 ("a", "Declare", 'Declared effect of "K9-ØØ Lupis" in S-3'),
    ...                 ("a", "Move", 'Moved "K9-ØØ Lupis" from S-3 to M-2'), fmt="ar")
    >>> [(a["type"], a["log"].get("readings")) for a in game.document["actions"][-3:-1]]
    [('move', ['shortcut.spell-trap-as-graveyard']), ('activate', None)]
    """
    for index, later in b.upcoming(DECLARED_NEXT):
        if later.get("username") != play.get("username") or \
                later.get("play") in ("Shuffle deck", "Stop viewing"):
            continue
        step = b.step_at(index)
        return later.get("play") == "Declare" and step is not None and step.card == cid
    return False
