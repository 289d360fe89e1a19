"""The materials of a Fusion or Ritual Summon in a Duelingbook log (contract §8 ``method`` and
``materials``; docs/duelingbook.md, "Card limits").

A Duelingbook log has no Fusion or Ritual Summon: a player activates a Fusion Spell (a Ritual
Spell, or declares a monster's effect that Fusion or Ritual Summons), sends the materials (the
Tributes) to the GY or banishes them, from the hand, the field, the Deck or the GY as the
card's text allows, and drags the monster out. The sends between that activation and the
Summon are its materials only where a judge would be sure of every one: the activation just
before them is its player's, of a card whose text Fusion (Ritual) Summons without a cost that
sends a card ("Discard 1 card; Fusion Summon ..."), every card sent is a monster of its own
(no token, no Spell or Trap but the activated card's own send to the GY), each went to the GY
or was banished, none was logged after the Summon, and no card that Fusion (Ritual) Summons on
its own terms has been in the duel. Else nothing is written and a note says so, the reading
that flags least (§8). The judge counts a Fusion Summon's materials against the monster's
procedures; a Ritual Summon's Tributes' Levels against its Level, at least (the Ritual Spell
used may be another than those the database read), and only while no card that changes Levels
has been in the duel, the Spell's text speaks of Levels and no Tribute's text lets it be the
entire requirement (Nekroz, Nouvelles).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from validator.document.model import Player
from validator.importers.duelingbook.game import GAME_BOUNDARIES
from validator.importers.duelingbook.readings.catalog import Reading, read
from validator.importers.duelingbook.readings.materials import LinkMaterials
from validator.importers.duelingbook.readings.result import Revise
from validator.importers.duelingbook.readings.windows import NEXT_CLICK
from validator.importers.duelingbook.readings.xyz import leeway_seen, unjudged

if TYPE_CHECKING:
    from validator.importers.duelingbook.actions import Action
    from validator.importers.duelingbook.builder import GameBuilder

#: The plays that send a card, which logged right after the Summon may be its material.
_SENDS: Final = frozenset({"To GY", "Banish", "Banish FD", "To ED FU", "To ED", "To Deck",
                           "To T Deck", "To B Deck", "Remove Token"})
#: A cost that moves a card, in the part of an effect's text before its ";".
_COST: Final = re.compile(r"\b(?:discard|send|tribute|banish|shuffle|return|detach|place)",
                          re.IGNORECASE)
#: A cost that is the activated card itself, sent ("You can discard this card; Fusion Summon").
_ITSELF: Final = re.compile(r"(?:[^;]*:\s*)?(?:You can )?(?:discard|banish|send|Tribute) this "
                            r"card(?: (?:from your (?:hand|GY|field)|to the GY))?\s*",
                            re.IGNORECASE)
#: A monster's text that lets it be a Ritual Summon's whole Tribute, or count as another Level.
_WHOLE: Final = re.compile(r"\bentire (?:requirement|Tribute)|\bfor a Ritual Summon\b",
                           re.IGNORECASE)



def monster_types(b: GameBuilder, cid: str) -> set[str]:
    """A card's monster types, as the database or the replay's card object gives them.

    >>> from types import SimpleNamespace as N
    >>> sorted(monster_types(N(card=lambda cid: N(types=("Fusion",), definition={
    ...     "types": ["Effect"]})), "x"))
    ['Effect', 'Fusion']
    """
    known = b.card(cid)
    given = (known.definition or {}).get("types")
    return set(known.types) | (set(given) if isinstance(given, list) else set())


def fusion_or_ritual(b: GameBuilder, player: Player, cid: str,
                     extra: bool) -> LinkMaterials | None:
    """The materials of a Fusion Monster Special Summoned from the Extra Deck (``extra``) or a
    Ritual Monster from elsewhere, where the log is sure of them (module docstring); None
    where the card is neither, the database knows none of its procedures of that kind, or
    nothing was sent or activated just before it (an effect's Special Summon, read as
    before); else the materials with their note, or only a note saying why they are not
    known.

    >>> from types import SimpleNamespace as N
    >>> fusion_or_ritual(N(card=lambda cid: N(types=(), definition={}, known=True, facts=N(
    ...     materials=()))), "p1", "x", True)
    """
    types = monster_types(b, cid)
    summon = "fusion" if extra and "Fusion" in types else \
        "ritual" if not extra and "Ritual" in types else None
    known = b.card(cid)
    given = known.facts.materials
    procs = [p for p in given if p.summon == summon] \
        if summon is not None and known.known and not isinstance(given, str) else []
    if summon is None or not procs:
        return None
    cause, sends = _batch(b, player)
    if cause is None and not sends:
        return None
    cards = list(dict.fromkeys(str(a.get("card")) for a in sends))
    why = _unsure(b, summon, cause, sends, cards)
    if why is None and f"{summon}_summon" in leeway_seen(b, (cid, *cards)):
        why = f"sent while a card that {summon.capitalize()} Summons on its own terms has " \
              f"been in the duel"
    names = ", ".join(b.label(c) for c in cards) or "none"
    if why is not None or cause is None:
        return LinkMaterials(note=_said(summon, False,
                                       f"the cards sent just before it ({names}): {why}; its "
                                       f"materials are not known, not judged"))
    word = "Fusion Materials" if summon == "fusion" else "Tributes"
    note = _said(summon, True, f"the monsters sent for it after "
                                       f"{b.label(str(cause.get('card')))}'s activation, "
                                       f"{names}, are its {word}")
    procedures: tuple[Any, ...] = ()
    if summon == "ritual":
        said, procedures = _ritual_levels(b, cid, cause, cards)
        note = note.plus(said)
    return LinkMaterials(tuple(cards), note=note, procedures=procedures,
                         revises=_by_effect(b, cause, sends, cards))


def _by_effect(b: GameBuilder, cause: Action | None, sends: list[Action],
               cards: list[str]) -> tuple[Revise, ...]:
    """The materials' discards from the hand read again as the activated card's effect's
    (``by_effect``): the import read them as plain discards where no card explained them."""
    used = b.label(str(cause.get("card"))) if cause is not None else "its card"
    return tuple(Revise(a, {"by_effect": True}, read(
        "materials.discarded-by-effect",
        f"{b.label(str(a.get('card')))} sent from the hand as a material of the Summon that "
        f"follows: by {used}'s effect, no discard of the player's own"), replace=True)
        for a in sends if a.get("type") == "discard" and not a.get("by_effect") and
        a.get("card") in cards)


def _said(summon: str, sure: bool, text: str) -> Reading:
    """The reading that writes a ``summon``'s materials (``sure``), or says they are not
    known."""
    if summon == "fusion":
        return read("materials.fusion", text) if sure else read("materials.fusion-unknown", text)
    return read("materials.ritual", text) if sure else read("materials.ritual-unknown", text)


def _batch(b: GameBuilder, player: Player) -> tuple[Action | None, list[Action]]:
    """The player's moves and discards that end the actions so far, and the action just
    before them when it is the player's activation (None: another action)."""
    sends: list[Action] = []
    for action in reversed(b.actions):
        if action.get("type") in ("move", "discard") and action.get("player") == player:
            sends.append(action)
            continue
        sends.reverse()
        if action.get("type") == "activate" and action.get("player") == player:
            return action, sends
        return None, sends
    sends.reverse()
    return None, sends


def _unsure(b: GameBuilder, summon: str, cause: Action | None, sends: list[Action],
            cards: list[str]) -> str | None:
    """Why the sends are not surely the Summon's materials (None: they are)."""
    if cause is None:
        return "no activation of its player's just before them (a Contact Fusion, an " \
               "effect's Special Summon, or plays the log splits)"
    used = str(cause.get("card"))
    words = "Fusion Summon" if summon == "fusion" else "Ritual Summon"
    text = b.knowledge.text(b.board.name(used))
    does = re.compile(rf'\b{words} (?:(?:1|any|up to|a|one|that)\b|")')  # not "if ... Summoned"
    clause = next((c for c in re.split(r"(?<=[.●])\s+|\(\d\)", text) if does.search(c)),
                  None)
    if clause is None:
        return f"{b.label(used)}, activated just before, does not say it {words}s"
    before = clause.split(words)[0]
    cost = before.split(";")[0] if ";" in before else ""
    itself = _ITSELF.fullmatch(cost) is not None  # the cost is the card itself, sent
    if _COST.search(cost) and not itself:
        return f"{b.label(used)}'s effect has a cost that moves a card"
    cards[:] = [c for c in cards if c != used or (b.card(c).kind == "monster" and not itself)]
    own = [a for a in sends if a.get("card") not in cards]  # the activated card's own send
    sends = [a for a in sends if a.get("card") in cards]
    if not cards:
        return "no monster sent: the log does not show its materials"
    for action in sends:
        card = str(action.get("card"))
        if action.get("type") == "move" and action.get("to") not in ("graveyard", "banished"):
            return f"{b.label(card)} sent elsewhere than the GY or banished"
        if b.card(card).kind != "monster" or b.board.cards.get(card, {}).get("token"):
            return f"{b.label(card)} is no monster of the Deck's (a Spell, a Trap, a token)"
        log = action.get("log")
        if isinstance(log, dict) and "extra.material-logged-after" in log.get("readings", ()):
            return "some logged after the Summon"
    if _send_plays(b) != len(sends) + len(own):
        return "a play between the activation and the Summon that the import does not read " \
               "as a send of the player's (a card moved within a pile, the opponent's play)"
    if _chained(b, cause) & set(cards):
        return "a card whose own effect was activated just before is among them (its cost)"
    if _sent_next(b, used):
        return "its player's next play sends a card, which may be a material logged after it"
    return None


def _send_plays(b: GameBuilder) -> int | None:
    """How many plays between the summon and the player's last activation or declaration
    before it (the log's quiet plays aside) send a card; None where another play is among
    them (the opponent's, or any other of the player's)."""
    user = b.plays[b.cursor].get("username")
    for count, (_, play, kind) in enumerate(b.said(range(b.cursor - 1, -1, -1))):
        if play.get("username") != user:
            return None
        if kind == "Declare" or kind.startswith("Activate"):
            return count
        if kind not in _SENDS:
            return None
    return None


def _chained(b: GameBuilder, cause: Action) -> set[str]:
    """The cards activated in the chain below ``cause``: the activations (and their costs'
    moves) just before it."""
    found: set[str] = set()
    index = next((i for i in range(len(b.actions) - 1, -1, -1) if b.actions[i] is cause), 0)
    for action in reversed(b.actions[:index]):
        if action.get("type") == "activate":
            found.add(str(action.get("card")))
        elif action.get("type") not in ("move", "discard"):
            break
    return found


def _sent_next(b: GameBuilder, used: str) -> bool:
    """True when the summoner's very next play (the log's quiet plays aside, and the send of
    ``used``, the activated card, to the GY: a Fusion Spell sent after the Summon) sends a
    card."""
    user = b.plays[b.cursor].get("username")
    for index, later in b.upcoming(NEXT_CLICK + 1):
        step = b.step_at(index)
        if later.get("play") == "To GY" and later.get("username") == user and \
                step is not None and step.card == used:
            continue
        return later.get("play") not in GAME_BOUNDARIES and later.get("username") == user \
            and later.get("play") in _SENDS
    return False


def _ritual_levels(b: GameBuilder, cid: str, cause: Action,
                   cards: list[str]) -> tuple[Reading | None, tuple[Any, ...]]:
    """The Ritual procedures this game's copy of ``cid`` is judged by: the Tributes' Levels
    at least its Level (the database's sum where lower), the reading that flags least (the
    Spell used may allow more than those the database read); without the sum where a card
    that changes Levels has been in the duel (:func:`.xyz.unjudged`), or where the Spell's
    text does not count Levels, a Tribute has no Level the database gives or may be the
    entire requirement (its reading, ``materials.levels-unjudged``, says which)."""
    level = (b.card(cid).definition or {}).get("level")
    why = _levels_untold(b, cause, cards) if isinstance(level, int) else \
        "the Ritual Monster has no Level the database gives"
    leeway = leeway_seen(b, (cid, *cards))
    said, entries = unjudged(b, cid, "ritual", leeway | ({"level"} if why else set()))
    if why is not None and "level" not in leeway:
        said = read("materials.levels-unjudged", f"{why}: their Levels are not judged")
    if not entries:  # nothing left unjudged: at least the monster's Level
        given = (b.card(cid).definition or {}).get("materials")
        entries = tuple(_at_least(e, level) for e in given) if isinstance(given, list) and \
            isinstance(level, int) else ()
    return said, entries


def _levels_untold(b: GameBuilder, cause: Action, cards: list[str]) -> str | None:
    """Why a Ritual Summon's Tributes' Levels cannot be judged, beyond a card that changes
    Levels (None: they can)."""
    spell = b.knowledge.text(b.board.name(str(cause.get("card"))))
    if "Level" not in spell or "total ATK" in spell:  # Meteonis Drytron counts ATK
        return f"{b.label(str(cause.get('card')))}'s text does not count the Tributes' Levels"
    for card in cards:
        if not isinstance((b.card(card).definition or {}).get("level"), int) or \
                {"Xyz", "Link"} & monster_types(b, card):
            return f"{b.label(card)} has no Level the database gives"
        if _WHOLE.search(b.knowledge.text(b.board.name(card))):
            return f"{b.label(card)} may be the entire requirement"
    return None


def _at_least(entry: Any, level: int) -> Any:
    """A Ritual procedure's entry asking for Levels at least the monster's (the database's sum
    where lower); any other entry as it is.

    >>> _at_least({"summon": "ritual", "level_sum": 8, "ritual": "equal"}, 6)
    {'summon': 'ritual', 'level_sum': 6, 'ritual': 'at_least'}
    """
    if not isinstance(entry, dict) or entry.get("summon") != "ritual":
        return entry
    low = entry.get("level_sum")
    return {**entry, "level_sum": min(low, level) if isinstance(low, int) else level,
            "ritual": "at_least"}
