"""The materials of a Link Summon in a Duelingbook log (contract §8 ``method`` and
``materials``; docs/duelingbook.md, "Card limits").

A Duelingbook log has no Link Summon: a player sends monsters off the field and drags a Link
Monster from the Extra Deck, the sends just before the click or just after it (read before the
summon, :func:`.extra.late_materials`). The summoner's own monsters sent that way are read as
its Link Materials where they can make it, or where they are sure to be more than it takes;
where they cannot tell (too few: an effect's Special Summon with a cost, or materials the log
does not show; a kind of monster the text excludes; one batch another Extra Deck Summon made at
once may share), nothing is written and a note says so: the reading that flags least (§8).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final

from validator.document.model import Player
from validator.importers.duelingbook import logtext
from validator.importers.duelingbook.actions import Action
from validator.importers.duelingbook.game import GAME_BOUNDARIES, Play, texts
from validator.importers.duelingbook.readings.catalog import Reading, read
from validator.importers.duelingbook.readings.pendulum import is_pendulum
from validator.importers.duelingbook.readings.result import Emit, Revise
from validator.importers.duelingbook.readings.windows import NEXT_CLICK
from validator.importers.duelingbook.readings.xyz import leeway_seen, unjudged

if TYPE_CHECKING:
    from validator.cards.facts import Materials
    from validator.importers.duelingbook.board.follow import Move
    from validator.importers.duelingbook.builder import GameBuilder

#: Plays that Special Summon a card, which may be the next Extra Deck Summon of a batch.
SUMMON_CLICKS: Final = frozenset({"SS ATK", "SS DEF"})
#: Plays that send a material off the field, and the pile each sends it to (the Graveyard,
#: banished, or a Pendulum Monster face-up to the Extra Deck).
MATERIAL_PILES: Final = {"To GY": "graveyard", "Remove Token": "graveyard", "Banish": "banished",
                        "Banish FD": "banished", "To ED FU": "extra", "To ED": "extra"}
#: The plays of :data:`MATERIAL_PILES`.
MATERIAL_SENDS: Final = frozenset(MATERIAL_PILES)
#: The most doubtful sends (a token removed, a monster banished) whose leaving out is tried.
_MOST_DOUBTFUL: Final = 4


@dataclass(slots=True, init=False, unsafe_hash=True)
class LinkMaterials:
    """What the log says of a Link Monster's materials: the monsters (empty: not written),
    the sends of them taken back (the Summon sends them), the moves that follow (a material
    banished rather than sent to the Graveyard), and the note.

    A value never changed once made, compared by its fields; not frozen, so that its
    constructor (written out) is compiled, as :class:`~.catalog.Reading`'s is.

    >>> LinkMaterials().materials
    ()
    """

    materials: tuple[str, ...]
    drops: tuple[Action, ...]
    after: tuple[Emit, ...]
    note: Reading | None
    #: the procedures this game's copy is judged by, where the duel leaves a part of them
    #: unjudged (:func:`.xyz.unjudged`; empty: the database's)
    procedures: tuple[Any, ...]
    #: the sends already emitted read again (a Fusion Material discarded from the hand: by
    #: the Fusion Spell's effect)
    revises: tuple[Revise, ...]

    def __init__(self, materials: tuple[str, ...] = (), drops: tuple[Action, ...] = (),
                 after: tuple[Emit, ...] = (), note: Reading | None = None,
                 procedures: tuple[Any, ...] = (), revises: tuple[Revise, ...] = ()) -> None:
        self.materials = materials
        self.drops = drops
        self.after = after
        self.note = note
        self.procedures = procedures
        self.revises = revises


def ratings(values: Sequence[int | None]) -> set[int] | None:
    """Every total a Link Summon's materials of these Link Ratings (None: not a Link
    Monster) can make: a Link Monster counts as 1 or as its rating.

    >>> sorted(ratings([3, None]) or ())
    [2, 4]
    """
    totals = {0}
    for link in values:
        options = (1, link) if link else (1,)
        totals = {t + v for t in totals for v in options}
    return totals


def why_not(proc: Materials, links: Sequence[int | None]) -> str | None:
    """Why monsters of these Link Ratings cannot make a Link Monster by ``proc``: ``few``
    (fewer than it takes, or ratings that cannot reach its own), ``many`` (more than it
    takes, or ratings that pass it or miss it), None when they can.

    >>> from validator.cards.facts import Materials
    >>> proc = Materials("link", 2, 3, rating=3)
    >>> why_not(proc, [3, None]), why_not(proc, [None]), why_not(proc, [None, None, None])
    ('many', 'few', None)
    """
    low = proc.min if proc.min is not None else 1
    high = proc.max if proc.max is not None else 99
    totals = ratings(links) or {0}
    if len(links) < low or (proc.rating is not None and max(totals) < proc.rating):
        return "few"
    if len(links) > high or (proc.rating is not None and proc.rating not in totals):
        return "many"
    return None


def of_kind(data: Mapping[str, Any] | None, passcode: Any, kinds: Any) -> bool | None:
    """True when a monster (its printed ``data``) is of the kinds a procedure names, False
    when it is not, None when the data cannot tell (a filter the database could not read).

    >>> of_kind({"types": ["Effect"]}, 1, {"type": "Effect"}), of_kind({}, 1, "unread")
    (True, None)
    """
    if kinds is None:
        return True
    if not isinstance(kinds, Mapping) or data is None:
        return None
    cards = kinds.get("cards")
    if cards is not None and passcode not in cards:
        return False
    for key, field in (("attribute", "attribute"), ("race", "race")):
        if kinds.get(key) is not None and data.get(field) != kinds[key]:
            return False
    if kinds.get("type") is not None and kinds["type"] not in data.get("types", ()):
        return False
    atk = data.get("atk")
    return not (kinds.get("atk_max") is not None and isinstance(atk, int) and
                atk > kinds["atk_max"])


def link_summon(b: GameBuilder, player: Player, cid: str) -> LinkMaterials | None:
    """The materials of a Link Monster Special Summoned from the Extra Deck (None: no
    monster of the summoner's was sent for it, or the database does not know its procedure):
    the summoner's own monsters sent off the field just before it (with those logged just
    after it, read first). Where some of them may make it, the set that does, its doubtful
    members (a token removed, a monster banished, one that may be the cost of an effect
    activated just before, those logged after it when others were sent before) left out
    where the others make it without them; where every reading has more than it takes (or
    ratings that cannot add up), the surest set, which the judge flags; else nothing
    written, with a note."""
    known = b.card(cid)
    procs = [p for p in known.facts.materials if p.summon == "link"] \
        if known.known and not isinstance(known.facts.materials, str) else []
    sends, moved_on, cost = _run(b, player, cid)
    if not procs or not sends:
        return None
    doubtful = [c for a, c in sends if a.get("to") == "banished" or c in cost or
                b.board.cards.get(c, {}).get("token")]
    late = {c for a, c in sends if _logged_after(a)}
    cards = [c for _, c in sends]
    options = [[c for c in cards if c not in left and not (drop_late and c in late)]
               for drop_late in ((False, True) if late and len(late) < len(cards) else (False,))
               for n in range(len(doubtful) + 1 if len(doubtful) <= _MOST_DOUBTFUL else 1)
               for left in combinations(doubtful, n)]
    found = [(_judged(b, procs, option), option) for option in options if option]
    if not found:
        return None
    legal = next((option for why, option in found if why is None), None)
    if legal is not None:
        return _written(b, player, sends, moved_on, legal, read(
            "materials.link", f"the monsters sent for it, {_names(b, legal)}, are its Link "
                              f"Materials"))
    if all(why == "many" for why, _ in found) and not _next_extra_summon(b, player):
        surest = found[-1][1]
        return _written(b, player, sends, moved_on, surest, read(
            "materials.link-too-many",
            f"the monsters sent for it, {_names(b, surest)}, are its Link Materials: more "
            f"than it takes, or ratings that cannot add up to its own"))
    why = "too few to make it (an effect's Special Summon with a cost, or materials the " \
          "log does not show)" if any(why == "few" for why, _ in found) else \
        "shared with the Extra Deck Summon that follows at once" \
        if _next_extra_summon(b, player) else "of a kind its text does not take" \
        if any(why == "kind" for why, _ in found) else "cards the database does not describe"
    return LinkMaterials(note=read("materials.link-unknown",
                                   f"the monsters sent around it ({_names(b, cards)}) are "
                                   f"{why}: its materials are not known, not judged"))


def synchro_summon(b: GameBuilder, player: Player, cid: str) -> LinkMaterials | None:
    """The materials of a Synchro Monster Special Summoned from the Extra Deck (None: no
    monster of the summoner's was sent for it, or the database does not know its
    procedure): the summoner's own monsters sent to the GY just before it (with those
    logged just after it, read first), written only where the log is sure of them: none
    banished, no token (a Swordsoul Token is a Level 4 Tuner: a token's Level and Tuner are
    the effect's that made it), none an Xyz or Link Monster or a monster of unknown Level
    (a Link-1 treated as a Level 1 Tuner), none the possible cost of an effect activated just
    before, no batch the next Extra Deck Summon may share, no mix of sends before and after
    it, at least 2; else a note. With a card that Synchro Summons on its own terms in the
    duel so far, nothing is written; with one that changes Levels, or makes a Tuner, a
    non-Tuner or a material from the hand, this game's copy is judged without its Level sum
    or its Tuner count (:func:`.xyz.unjudged`)."""
    known = b.card(cid)
    given = known.facts.materials
    procs = [p for p in given if p.summon == "synchro"] \
        if known.known and not isinstance(given, str) else []
    sends, moved_on, cost = _run(b, player, cid)
    if not procs or not sends:
        return None
    cards = [c for _, c in sends]
    late = [c for a, c in sends if _logged_after(a)]
    why = _unsure(b, sends, cost)
    if why is None and late and len(late) < len(cards):
        why = "some logged before it and some after"
    if why is None and _next_extra_summon(b, player):
        why = "shared with the Extra Deck Summon that follows at once"
    if why is None and len(cards) < 2:
        why = "too few to make it (an effect's Special Summon with a cost, or materials the " \
              "log does not show, as a Tuner from the hand)"
    leeway = leeway_seen(b, (cid, *cards)) if why is None else frozenset()
    if why is None and "synchro_summon" in leeway:
        why = "sent while a card that Synchro Summons on its own terms has been in the duel"
    if why is not None:
        return LinkMaterials(note=read("materials.synchro-unknown",
                                       f"the monsters sent around it ({_names(b, cards)}) are "
                                       f"{why}: its materials are not known, not judged"))
    note = read("materials.synchro", f"the monsters sent for it, {_names(b, cards)}, are its "
                                     f"Synchro Materials")
    said, procedures = unjudged(b, cid, "synchro", leeway)
    written = _written(b, player, sends, moved_on, cards, note.plus(said))
    return LinkMaterials(written.materials, written.drops, written.after, written.note,
                         procedures)


def _unsure(b: GameBuilder, sends: list[tuple[Action, str]], cost: set[str]) -> str | None:
    """Why sends are not surely a Synchro Summon's materials (None: they may be)."""
    for action, card in sends:
        known = b.card(card)
        if action.get("to") not in ("graveyard", "extra"):
            return "not all sent to the GY (a monster banished)"
        if b.board.cards.get(card, {}).get("token"):
            return "a token among them, whose Level and Tuner the log does not give"
        if card in cost:
            return "perhaps the cost of the effect activated just before"
        level = (known.definition or {}).get("level")
        if not known.known or {"Xyz", "Link"} & set(known.types) or not isinstance(level, int):
            return "a monster without a Level the database gives among them"
    return None


def _judged(b: GameBuilder, procs: list[Materials], option: list[str]) -> str | None:
    """None when ``option`` can make the monster by one of ``procs``; else ``few``, ``many``,
    ``kind`` (the materials' kinds excluded) or ``unknown`` (a material nothing describes, or
    whose Link Rating is not known): the reading flags only ``many``."""
    from validator.cards import database

    links: list[int | None] = []
    for c in option:
        known = b.card(c)
        link = (known.definition or {}).get("link")
        if b.board.cards.get(c, {}).get("token"):
            link = None  # a token: a monster, no Link Monster
        elif not known.definition or ("Link" in known.types and not isinstance(link, int)):
            return "unknown"  # a card nothing describes, a Link Monster of unknown rating
        links.append(link if isinstance(link, int) else None)
    reasons = []
    for proc in procs:
        why = why_not(proc, links)
        if why is None:
            for c in option:
                known = b.card(c)
                passcode = (known.definition or {}).get("passcode")
                info = database().card(passcode) if isinstance(passcode, int) else None
                if of_kind(info.data if info is not None else None, passcode,
                           proc.kinds) is False:
                    why = "kind"
                    break
        if why is None:
            return None
        reasons.append(why)
    return "few" if "few" in reasons else "kind" if "kind" in reasons else "many"


def _run(b: GameBuilder, player: Player, cid: str
         ) -> tuple[list[tuple[Action, str]], list[Action], set[str]]:
    """The summoner's monsters sent off the field in the run of actions that ends the log so
    far (the sends held for a summon, :attr:`.state.Materials.sends`), and the moves of them
    after their sends (a Pendulum Monster returned face-up to the Extra Deck, a material
    banished from the Graveyard by its own effect). Any other action ends the run: a card
    sent from a Spell & Trap Zone or added to the hand (an effect resolving: the monsters
    sent before it were its cost), an opponent's play. With them, the sends that may be the
    cost of an effect activated just before the run (:func:`_cost`)."""
    held = {id(a): c for a, c in b.materials.sends
            if b.materials.graveyard_from.get(c) == player and c != cid}
    cards = set(held.values())
    sends: list[tuple[Action, str]] = []
    moved_on: list[Action] = []
    for action in reversed(b.actions):
        if id(action) in held:
            sends.append((action, held[id(action)]))
        elif action.get("type") == "move" and action.get("card") in cards and \
                action.get("player") == player and \
                not any(c == action.get("card") for _, c in sends):
            moved_on.append(action)
        else:
            break
    sends.reverse()
    moved_on.reverse()
    cost = _cost(b, player, sends)
    return sends, [a for a in moved_on if any(c == a.get("card") for _, c in sends)], cost


def _cost(b: GameBuilder, player: Player, sends: list[tuple[Action, str]]) -> set[str]:
    """The sends that may be the cost of an effect its player activated or declared just
    before them (the last play before the run of sends, the log's quiet plays aside): the
    first send, and a send of that card itself (Salamangreat Almiraj Tributing itself for its
    own effect)."""
    if not sends:
        return set()
    user = b.plays[b.cursor].get("username")
    used = {index: card for index, who, card in b.turn.recent if who == player}
    for index, play, kind in b.said(range(b.cursor - 1, -1, -1)):
        if play.get("username") == user and kind in MATERIAL_SENDS:
            continue
        if play.get("username") != user or index not in used or \
                not (kind == "Declare" or kind.startswith("Activate")):
            return set()
        return {sends[0][1]} | {c for _, c in sends if c == used[index]}
    return set()


def _written(b: GameBuilder, player: Player, sends: list[tuple[Action, str]],
             moved_on: list[Action], chosen: list[str], note: Reading) -> LinkMaterials:
    """The chosen materials written: their sends taken back (the Summon sends them to the
    Graveyard, a Pendulum Monster face-up to the Extra Deck), a banished one moved on, and
    the moves of them after their sends made again after the Summon (a Pendulum Monster's
    return to the Extra Deck: the Summon made it)."""
    later = [a for a in moved_on if a.get("card") in chosen]
    after = [Emit("move", player, {"card": c, "to": "banished"})
             for a, c in sends if c in chosen and a.get("to") == "banished"]
    after += [Emit("move", player, {k: v for k, v in a.items()
                                    if k not in ("type", "player", "log")})
              for a in later if not (a.get("to") == "extra" and b.rules.pendulum and
                                     is_pendulum(b, str(a.get("card"))))]
    late = [c for a, c in sends if c in chosen and _logged_after(a)]
    if late:
        note = note.plus(read("extra.material-logged-after",
                              f"{_names(b, late)} logged after it: left the field first"))
    return LinkMaterials(tuple(chosen), (*(a for a, c in sends if c in chosen), *later),
                         tuple(after), note)


def _logged_after(action: Action) -> bool:
    """True for a send logged after the summon (:func:`.extra.late_materials`)."""
    log = action.get("log")
    return isinstance(log, dict) and "extra.material-logged-after" in log.get("readings", ())


def _names(b: GameBuilder, cards: list[str]) -> str:
    return ", ".join(b.label(c) for c in cards)


def _next_extra_summon(b: GameBuilder, player: Player) -> bool:
    """True when the summoner's very next play (the log's quiet plays aside) is another
    Special Summon from the Extra Deck: one batch of sends may be both Summons'."""
    user = b.plays[b.cursor].get("username")
    for index, later in b.upcoming(NEXT_CLICK):
        if later.get("play") in GAME_BOUNDARIES or later.get("username") != user or \
                later.get("play") not in SUMMON_CLICKS:
            return False
        return extra_summon_at(b, index)
    return False


def from_extra_deck(play: Play, move: Move | None) -> bool:
    """True when a play takes its card from the Extra Deck: where the log had it, or, for a
    card the log shows for the first time, where its line says it comes from.

    >>> from_extra_deck({"play": "SS ATK", "log": {"public_log": 'Special Summoned "X" from '
    ...                  'Extra Deck to M-1 (ATK)'}}, None)
    True
    """
    before = move.before if move is not None else None
    if before is not None:
        return before.spot == "extra"
    return logtext.source_pile(texts(play)[1]) == "extra"


def extra_summon_at(b: GameBuilder, index: int) -> bool:
    """True when the play at ``index`` of ``b``'s game takes its card from the Extra Deck
    (:func:`from_extra_deck`, with the move the board saw)."""
    step = b.step_at(index)
    move = step.move_of(step.card) if step is not None and step.card else None
    return from_extra_deck(b.plays[index], move)
