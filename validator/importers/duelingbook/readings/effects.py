"""Which of a card's effects a "Declared effect" used (contract §8, issue 27 item 3).

A Duelingbook log says only "Declared effect of X in M-1": the importer tells which entry of
the card's ``effects`` was used from where it was declared (the hand, the field, the
Graveyard, banished, and on the field the Extra Monster Zone), from when (just after the
card's own Summon: its trigger on being Summoned) and from what came before (the same card
declared again where it still stands: the same use). Where none of these tells, the action
names no effect and the judge takes the one whose use is still allowed (§8), which flags least.
The choice is written into the action's ``effect`` (docs/duelingbook.md, "Card limits").
"""

from __future__ import annotations

import re
from typing import Any, Final

from validator.document.model import Player
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.game import CHAT, Play, texts
from validator.importers.duelingbook.readings.catalog import Reading, read
from validator.importers.duelingbook.readings.result import ReadAs
from validator.importers.duelingbook.readings.windows import WITHDRAWN_CHAT_WITHIN

#: Action types that move a card (a card that moved is a new card: a new use is possible).
_MOVES: Final = frozenset({"special_summon", "normal_summon", "set_monster", "move", "destroy",
                    "discard", "take_control", "set_spell_trap", "draw", "pendulum_summon"})
#: What a card's text says of an effect usable only in an Extra Monster Zone.
_IN_EMZ: Final = ("is in the Extra Monster Zone", "is in an Extra Monster Zone")
#: How many of the next plays a resolution is looked for in.
RESOLUTION_WITHIN: Final = 8
#: How many moves right after a declaration are read as its cost and resolution, at most.
RESOLUTION_MOVES: Final = 4
#: The player's own plays that move no card (looked past for the resolution).
_QUIET_OWN: Final = CHAT | {"View deck", "View GY", "View ED", "Shuffle deck", "Thinking",
                            "Stop viewing", "View Banished", "Shuffle hand"}


def _effects(b: GameBuilder, cid: str) -> list[dict[str, Any]]:
    effects = (b.card(cid).definition or {}).get("effects")
    return effects if isinstance(effects, list) else []


def limited(effect: dict[str, Any]) -> bool:
    """True for an effect whose use its text limits (``once`` or ``shared``, contract §8).

    >>> limited({"kind": "ignition", "from": ["field"], "once": "name"}), limited({})
    (True, False)
    """
    return "once" in effect or "shared" in effect


def summon_trigger(b: GameBuilder, cid: str,
                   summon: dict[str, Any]) -> tuple[int | None, Reading] | None:
    """The effect a declaration just after the card's own Summon (``summon``, the action)
    used, when the card has one trigger usable only on the field whose use is limited and its
    text has an "If this card is ... Summoned" clause this Summon meets (K9-04 Noroi's "If this
    card is Normal Summoned" is no trigger of a Special Summon): that trigger, when it is the
    card's only effect usable on the field; None for the effect when another is usable there
    too (Tenpai Dragon Fadra's Battle Phase Synchro Summon: the judge takes the one whose use
    is still allowed). None when the card has no such trigger: the declaration only announces
    the card, as before.

    Poseidra, the Storming Atlantean's "If this card is Normal or Special Summoned" effect
    (advanced-76246577 game 1 [11:28]) is its second entry, the trigger.
    """
    effects = _effects(b, cid)
    found = [i for i, e in enumerate(effects)
             if e.get("kind") == "trigger" and list(e.get("from", ())) == ["field"] and
             limited(e)]
    if len(found) != 1 or not summoned_so(b.knowledge.text(b.board.name(cid)),
                                          _summon_words(b, cid, summon)):
        return None
    if any("field" in e.get("from", ()) for i, e in enumerate(effects) if i != found[0]):
        return None, read("effect.summon-trigger",
                          f"{b.label(cid)}'s effect declared just after its Summon: its "
                          f"trigger on being Summoned or another of its effects on the field, "
                          f"the judge takes one whose use is still allowed")
    return found[0], read("effect.summon-trigger",
                          f"{b.label(cid)}'s effect declared just after its Summon: its "
                          f"trigger on being Summoned (effect {found[0] + 1}), its use counted")


def detaching(b: GameBuilder, play: Play, cid: str) -> tuple[int, Reading] | None:
    """The effect a declaration just after an Xyz Monster's Summon used, when the player's next
    play detaches a material from it (the cost of its effect) and it has one effect usable on
    the field: that effect (The Zombie Vampire's "detach 1 material", advanced-76248357 game 2
    [8:52]), when that effect's use is limited. None otherwise: the declaration only announces
    the card, as before."""
    effects = _effects(b, cid)
    found = [i for i, e in enumerate(effects) if "field" in e.get("from", ())]
    name = b.board.name(cid)
    if len(found) != 1 or name is None or not limited(effects[found[0]]):
        return None  # (an effect whose use is not limited: nothing to count, as before)
    for _, later in b.upcoming(RESOLUTION_WITHIN):
        if later.get("username") != play.get("username"):
            continue
        kind = later.get("play")
        if kind == "Detach":
            if not texts(later)[0].endswith(f'from "{name}"') and \
                    f'from "{name}" in ' not in texts(later)[0]:
                return None
            return found[0], read("effect.detached-next",
                                  f"{b.label(cid)}'s effect declared just after its Summon, "
                                  f"a material detached from it next (its cost): its one "
                                  f"effect on the field (effect {found[0] + 1})")
        if kind not in _QUIET_OWN:
            return None
    return None


def _summon_words(b: GameBuilder, cid: str, summon: dict[str, Any]) -> frozenset[str]:
    """The words a card's text may name this Summon by ("Normal", "Special", "Link", ...)."""
    kind = summon.get("type")
    if kind == "normal_summon":
        return frozenset({"Normal", "Tribute"} if summon.get("tributes") else {"Normal"})
    if kind == "flip_summon":
        return frozenset({"Flip"})
    return frozenset({"Special", *(t for t in b.card(cid).types
                                   if t in ("Fusion", "Synchro", "Xyz", "Link"))})


_SUMMONED: Final = re.compile(r"\b(?:If|When) this card is ((?:[A-Z][a-z]+,? (?:or )?)*)Summoned")


def summoned_so(text: str, words: frozenset[str]) -> bool:
    """True when the card's text has an "If this card is ... Summoned" clause that a Summon
    named by ``words`` meets ("Summoned" alone: any Summon).

    >>> t = 'If this card is Normal or Special Summoned: You can add 1 card.'
    >>> summoned_so(t, frozenset({"Special"})), summoned_so(t, frozenset({"Link", "Special"}))
    (True, True)
    >>> summoned_so("If this card is Normal Summoned: draw.", frozenset({"Special"}))
    False
    >>> summoned_so("If this card is Link Summoned: draw.", frozenset({"Special", "Link"}))
    True
    """
    for found in _SUMMONED.finditer(text):
        said = set(re.findall(r"[A-Z][a-z]+", found.group(1)))
        if not said or said & words:
            return True
    return False


def in_extra_monster_zone(b: GameBuilder, play: Play, cid: str) -> tuple[int, Reading] | None:
    """The effect a declaration in an Extra Monster Zone used, when the card's text has an
    effect usable only there ("If this card is in the Extra Monster Zone") and one effect on
    the field that is no trigger (R.B. VALCan Booster's Special Summon, which carries its
    lock, not its "If this card is Link Summoned" search), and the resolution says so: the
    player's next play is a Special Summon from the hand or the GY (advanced-76356373 game 1
    [0:58], R.B. Ga10 Cutter; a search next is the trigger, advanced-77511191 game 1 [1:32]),
    just after its Summon or later. None otherwise."""
    spot = b.board.where.get(cid)
    if spot is None or not spot.spot.startswith("EMZ"):
        return None
    if not any(words in b.knowledge.text(b.board.name(cid)) for words in _IN_EMZ):
        return None
    found = [i for i, e in enumerate(_effects(b, cid))
             if e.get("kind") != "trigger" and "field" in e.get("from", ())]
    if len(found) != 1 or not _summons_next(b, play):
        return None
    return found[0], read("effect.extra-monster-zone",
                          f"{b.label(cid)}'s effect declared in the Extra Monster Zone: the "
                          f"effect its text allows there (effect {found[0] + 1})")


def _summons_next(b: GameBuilder, play: Play) -> bool:
    """True when the player's next play that moves a card is a Special Summon from the hand
    or the GY (the opponent's plays in between skipped)."""
    for _, later in b.upcoming(RESOLUTION_WITHIN):
        if later.get("username") != play.get("username"):
            continue
        kind = later.get("play")
        if kind in ("SS ATK", "SS DEF"):
            public = texts(later)[0]
            return " from hand" in public or " from GY" in public
        if kind not in _QUIET_OWN:
            return False
    return False


def activated_this_turn(b: GameBuilder, cid: str) -> bool:
    """True when an action of this turn (back to the last ``end_turn``) activates ``cid``, by
    either player: :func:`points_at_moved`, :func:`use_undone` and :func:`declared_again`
    each find nothing without one, so a declaration that is its card's first this turn is
    read without their three scans of the turn. A card never activated in the game is told
    without a scan (:attr:`.GameBuilder.activated`).

    >>> from types import SimpleNamespace as N
    >>> turn = [{"type": "activate", "card": "a"}, {"type": "end_turn"}, {"type": "draw"}]
    >>> b = N(activated={"a"}, actions=turn)
    >>> activated_this_turn(b, "a"), activated_this_turn(N(activated=set(), actions=[]), "a")
    (False, False)
    >>> activated_this_turn(N(activated={"a"}, actions=turn[:1]), "a")
    True
    """
    if cid not in b.activated:
        return False
    actions = b.actions
    for index in range(len(actions) - 1, -1, -1):  # (an index walk: see this_turn_backwards)
        action = actions[index]
        kind = action["type"]
        if kind == "end_turn":
            return False
        if kind == "activate" and action.get("card") == cid:
            return True
    return False


def declared_again(b: GameBuilder, player: Player, cid: str, place: str,
                   which: int | None = None) -> ReadAs | None:
    """A declaration of a card whose effects its player declared earlier this turn, when every
    effect usable where it stands has a limited use and those declarations already took
    every use the card has there now (its effects sharing one use count once; an ignition
    effect only in its player's own Main Phase), or the one this declaration used (``which``):
    the same use declared again (at its resolution, after a reconnection, clicked twice), no
    second action. Declarations count while the card is unmoved since (no Summon, move or send
    named it), or while it only moved and came back with nothing but cards moved between (added
    to the hand and put back, a misclick undone; Kewl Tune Clip and the material sent with it
    put back into the hand after the opponent's objection, advanced-77358957 game 1 [5:29]). A
    card that left and came back amid other plays (a Summon, an activation) is a new card, and
    its declaration is judged (The Zombie Vampire re-summoned, advanced-76248357 game 2)."""
    effects = _effects(b, cid)
    usable = [i for i, e in enumerate(effects) if place in e.get("from", ())]
    if not usable or not all(limited(effects[i]) for i in usable):
        return None
    main = player == b.turn.player and b.turn.phase in ("main1", "main2")
    timely = [i for i in usable if main or effects[i].get("kind") != "ignition"] or usable
    uses = {effects[i].get("shared") or i for i in timely}
    earlier: list[dict[str, Any]] = []
    moved = False
    for action in b.this_turn_backwards():
        if action.get("type") == "activate" and action.get("card") == cid:
            text = str((action.get("log") or {}).get("text", ""))
            if action.get("player") != player or not text.startswith("Declared effect") or \
                    place_said(text) != place:
                break
            earlier.append(action)
        elif _names(action, cid):
            if earlier:
                break
            moved = True
        elif moved and action.get("type") not in ("phase", "move", "discard"):
            break  # a play of another card's (a summon, an activation) since it moved
    if not earlier:
        return None
    if not _again(which, [a.get("effect") for a in earlier], len(uses)):
        return None
    time = (earlier[0].get("log") or {}).get("time")
    return ReadAs("effect.declared-again",
                  f"{b.label(cid)}'s effect declared again, the card "
                  f"{'back where it stood' if moved else 'unmoved'} since its player declared "
                  f"it at {time}: the same use, no action", uses=((player, cid),))


def _again(which: int | None, earlier: list[int | None], uses: int) -> bool:
    """Whether a declaration that used ``which`` (None: not known) repeats one of ``earlier``
    (the effects the card's earlier declarations used, None where not known), the card having
    ``uses`` uses where it stands: the same effect, or, not known, every use already taken.

    >>> _again(0, [0], 2), _again(0, [1], 2), _again(0, [None], 2), _again(0, [None, 1], 2)
    (True, False, False, True)
    >>> _again(None, [None], 1), _again(None, [1], 2)
    (True, False)
    """
    if which is not None and which in earlier:
        return True
    if which is not None and None not in earlier:
        return False
    return len(earlier) >= uses


def place_said(text: str) -> str:
    """Where a "Declared effect" line says the card stood, as the contract's effects name
    places.

    >>> place_said('Declared effect of "X" from GY'), place_said('Declared effect of "X" in M-3')
    ('graveyard', 'field')
    >>> place_said('Declared effect of "X" in hand (2/5)'), place_said('Declared effect of "X"')
    ('hand', '')
    """
    tail = text.rsplit('"', 1)[-1]
    if tail.startswith(" in hand"):
        return "hand"
    if tail.startswith(" from GY"):
        return "graveyard"
    if "banished" in tail:
        return "banished"
    return "field" if tail.startswith(" in ") else ""


def _names(action: dict[str, Any], cid: str) -> bool:
    """True when the action moves ``cid`` (as its card, one of its cards, a Tribute or a
    material).

    >>> _names({"type": "move", "card": "a", "to": "graveyard"}, "a")
    True
    >>> _names({"type": "special_summon", "card": "x", "materials": ["a"]}, "a")
    True
    >>> _names({"type": "activate", "card": "a"}, "a")
    False
    """
    if action.get("type") in _MOVES and action.get("card") == cid:
        return True
    return any(cid in (action.get(key) or ()) for key in ("cards", "tributes", "materials"))


def points_at_moved(b: GameBuilder, play: Play, player: Player, cid: str,
                    place: str) -> ReadAs | None:
    """A declaration of a card in the GY or banished whose effect its player already declared
    this turn, followed at once by the player's Special Summon or adding of that very card:
    the declaration points at the card another effect moves (Mermail Shadow Squad declared
    and then Special Summoned from the GY, advanced-76284145 game 1 [9:01]), no second use,
    when every effect usable there has a limited use (nothing to count otherwise). A judge
    would ask; the reading that flags least takes it so."""
    usable = [e for e in _effects(b, cid) if place in e.get("from", ())]
    if place not in ("graveyard", "banished") or not usable or \
            not all(limited(e) for e in usable):
        return None
    if not any(a.get("type") == "activate" and a.get("card") == cid and
               a.get("player") == player and
               place_said(str((a.get("log") or {}).get("text", ""))) == place
               for a in b.this_turn_backwards()):
        return None
    for _, later in b.upcoming(RESOLUTION_WITHIN):
        if later.get("username") != play.get("username"):
            continue
        kind = later.get("play")
        if kind in ("SS ATK", "SS DEF", "To hand"):
            public = texts(later)[0]
            name = b.board.name(cid) or ""
            if f'"{name}" from GY' not in public and f'banished "{name}"' not in public:
                return None
            return ReadAs("effect.points-at-moved",
                          f"{b.label(cid)}'s effect declared again where it lies, and the card "
                          f"moved at once: the declaration points at the card another effect "
                          f"moves, no second use", uses=((player, cid),))
        if kind not in _QUIET_OWN:
            return None
    return None


def staged_spent(b: GameBuilder, player: Player, cid: str, place: str) -> ReadAs | None:
    """A declaration of a card standing in a Spell & Trap Zone where it was placed as the
    marker of a Summon from ``place`` (the hand, the GY: the staging in cardplays.py and
    moving.py; the caller looks where it stands), when the card's effects usable there
    are hard limited and its player already declared a card of that name there this turn:
    the card stands in the zone as a card (a Centur-Ion monster placed as a Continuous Trap,
    whose own effect there Special Summons it; a converted EDOPro game, selfplay-0004), not
    as a marker, and its effect there is not read as a second use of the hand's, no action."""
    usable = [e for e in _effects(b, cid) if place in e.get("from", ())]
    if not usable or not all(e.get("once") == "name" for e in usable):
        return None
    name = b.board.name(cid)
    where = {"hand": " in hand", "graveyard": " from GY"}.get(place)
    if name is None or where is None:
        return None
    for action in b.this_turn_backwards():
        text = str((action.get("log") or {}).get("text", ""))
        if action.get("type") == "activate" and action.get("player") == player and \
                text.startswith(f'Declared effect of "{name}"{where}'):
            return ReadAs("effect.staged-spent",
                          f"{b.label(cid)} declared where it was placed as a Summon's marker, "
                          f"its effects {_words(place)} already used this turn: the effect "
                          f"of the card where it stands, not judged, no action",
                          uses=((player, cid),))
    return None


def _words(place: str) -> str:
    return {"hand": "in the hand", "graveyard": "in the GY"}.get(place, place)


def use_undone(b: GameBuilder, player: Player, cid: str, place: str) -> ReadAs | None:
    """A declaration of a card whose effect its player declared there earlier this turn, when
    every card that earlier use moved at once (its cost and resolution: the player's moves right
    after it, to its first Special Summon or the card's own move, at most
    ``RESOLUTION_MOVES``) was since moved back where it came from: that use was put
    back (a play rolled back to before it), so the earlier activation is taken back and this one
    is the use (Fiendsmith Engraver's Graveyard effect replayed after its cost, Fabled Lurrie,
    went back from the Deck to the GY, advanced-77236311 game 1 [6:17]). None otherwise."""
    if not any(limited(e) for e in _effects(b, cid) if place in e.get("from", ())):
        return None
    after = 0  # how many actions came after it (the latest of this turn's)
    earlier: dict[str, Any] | None = None
    for action in b.this_turn_backwards():
        if action.get("type") == "activate" and action.get("card") == cid and \
                action.get("player") == player:  # (its text read only then)
            text = str((action.get("log") or {}).get("text", ""))
            if text.startswith("Declared effect") and place_said(text) == place:
                earlier = action
                break
        after += 1
    if earlier is None:
        return None
    since = b.actions[len(b.actions) - after:] if after else []
    moved: list[tuple[str, str, str]] = []
    for action in since[:RESOLUTION_MOVES]:
        if action.get("player") != player or \
                action.get("type") not in ("move", "special_summon", "discard"):
            break
        route = route_said(str((action.get("log") or {}).get("text", "")))
        if route is None or not action.get("card"):
            return None
        moved.append((str(action["card"]), *route))
        if action.get("type") == "special_summon" or action.get("card") == cid:
            break  # a resolution ends with its Special Summon, or with the card itself moved
    if not moved:
        return None
    later = since[len(moved):]
    for card, came, went in moved:
        if not any(a.get("card") == card and
                   route_said(str((a.get("log") or {}).get("text", ""))) == (went, came)
                   for a in later):
            return None
    time = (earlier.get("log") or {}).get("time")
    return ReadAs("effect.use-undone",
                  f"{b.label(cid)}'s effect declared again, every card its use at {time} moved "
                  f"since put back where it came from: that use was rolled back, this is the use",
                  drops=(earlier,))


_ROUTE: Final = re.compile(r'" (?:\(\d+/\d+\) )?from (.+?) to (.+?)(?: \(|$)')


def route_said(text: str) -> tuple[str, str] | None:
    """Where a log line says a card went from and to, as piles and ``field`` (None: it does
    not say both).

    >>> route_said('Returned "Fabled Lurrie" from GY to top of deck')
    ('graveyard', 'deck')
    >>> route_said('Special Summoned "Fiendsmith Engraver" from GY to M-1 (DEF)')
    ('graveyard', 'field')
    >>> route_said('Sent "Fabled Lurrie" from Deck to GY'), route_said('Banished "X" from GY')
    (('deck', 'graveyard'), None)
    """
    found = _ROUTE.search(text)
    if found is None:
        return None
    return _pile(found.group(1)), _pile(found.group(2))


def _pile(said: str) -> str:
    said = said.lower()
    for words, pile in (("extra deck", "extra"), ("deck", "deck"), ("gy", "graveyard"),
                        ("hand", "hand"), ("banished", "banished")):
        if words in said:
            return pile
    return "field"


#: The plays that leave a declaration standing as it was: chat aside, nobody's click.
_IDLE: Final = frozenset({"Thinking", "Add watcher", "Remove watcher", "Watcher message",
                          "Countdown"})
#: A chat line owning up to a play made by mistake ("mb", "my bad", "I used it before").
_OWNED_UP: Final = re.compile(
    r"\b(?:mb|my bad|mistake|miss?-?click(?:ed)?|mc|oops|already used|"
    r"used (?:it|that|this)(?: already| before))\b", re.I)


def withdrawn(b: GameBuilder, play: Play) -> ReadAs | None:
    """A "Declared effect" that its player owns up to in chat ("I used it before", "mb") before
    anyone plays anything else: the effect was not used (nothing of it carried out), so it is
    no activation and spends no use (advanced-78104029 game 2 [19:21]: Ame no Habakiri's once
    per Duel declared again, "2 times?", "I used it before", "mb", and nothing followed).
    Without the player's own words, or with any click of either player first, the declaration
    stands.

    >>> _OWNED_UP.search("I used it before") is not None, _OWNED_UP.search("gg") is None
    (True, True)
    """
    user, chats = play.get("username"), 0
    for index in range(b.cursor + 1, len(b.plays)):
        later = b.plays[index]
        raw = later.get("play") if type(later) is dict else None
        if type(raw) is not str or raw in _IDLE or raw == "Stop viewing" or (
                raw.startswith("View") and not (raw == "View deck" and
                                                later.get("username") == user)):
            continue  # looking at a pile (the player's own Deck: carrying the effect out)
        if raw not in CHAT:
            return None  # a click first: the declaration stands
        chats += 1
        if chats > WITHDRAWN_CHAT_WITHIN:
            return None
        if later.get("username") == user and \
                _OWNED_UP.search(str(later.get("message") or "")) is not None:
            return ReadAs("effect.declaration-withdrawn",
                          f"the declared effect owned up to as a mistake by its player in chat "
                          f"(\"{str(later.get('message'))[:40]}\") before any other click: "
                          f"not used, no action")
    return None
