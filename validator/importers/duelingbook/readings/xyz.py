"""The materials of an Xyz Summon in a Duelingbook log (contract §8 ``method`` and
``materials``; docs/duelingbook.md, "Card limits").

Duelingbook logs an Xyz Summon as a pile: the player overlays the monsters one onto the other
("Overlayed A in M-3 onto B in M-1") and drags the Xyz Monster onto the pile ("Special
Summoned X from Extra Deck onto A in M-1"). Where every card of the pile joined it as a
face-up monster standing alone in one of the summoner's Monster Zones (the follower records
it: :meth:`.board.follow.Follower.joined`), the pile is the Summon's materials, and the judge
counts them against the monster's own procedures. Where a card of it did not (an Xyz Monster
with its materials under it: a Rank-Up or an alternative procedure; a card from the hand or
the Graveyard, a face-down or an opponent's monster: an effect's), or a card that Xyz
Summons on its own terms (a Rank-Up-Magic: ``xyz_summon`` leeway) has been in play or used in
the duel so far, nothing is written and a note says so. The materials' Levels are judged
only while no card that changes Levels (``level``, ``xyz_level``) has been in play or used in
the duel so far, either player's: the reading that flags least (§8). What cards were in the
duel (:func:`leeway_seen`) and the parts of a procedure they leave unjudged (:func:`unjudged`)
serve a Synchro Summon's materials too (``readings/materials.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from validator.cards.facts import LEVEL_LEEWAY, TUNER_LEEWAY
from validator.importers.duelingbook.readings.catalog import Reading, read
from validator.importers.duelingbook.readings.windows import NEXT_CLICK

if TYPE_CHECKING:
    from validator.importers.duelingbook.builder import GameBuilder

#: The leeway (docs/cards.md, ``material_leeway``) that leaves an Xyz Summon's materials
#: unknown: a card Xyz Summoning on its own terms, which the pile cannot tell from the
#: monster's procedure.
_ANOTHER_WAY: Final = frozenset({"xyz_summon"})
#: The leeway that leaves the materials' Levels unjudged: a card changing Levels (the rule's
#: own table).
_LEVELS: Final = LEVEL_LEEWAY["xyz"]


def leeway_seen(b: GameBuilder, also: tuple[str, ...] = ()) -> frozenset[str]:
    """The ``material_leeway`` of every card the game's actions so far name (either
    player's: used, summoned, moved, targeted, a material: the builder's running
    :meth:`~.builder.GameBuilder.named_counts`), and of the cards ``also``.

    >>> from types import SimpleNamespace as N
    >>> sorted(leeway_seen(N(named_counts=lambda: {"a": 1}, material_leeway=lambda cid: (
    ...     "level",) if cid == "a" else ()), ("b",)))
    ['level']
    """
    found: set[str] = set()
    for cid in b.named_counts():
        leeway = b.material_leeway(cid)
        if leeway:  # (most cards have none: no update from an empty tuple)
            found.update(leeway)
    for cid in also:
        leeway = b.material_leeway(cid)
        if leeway:
            found.update(leeway)
    return frozenset(found)


def xyz_materials(b: GameBuilder, xyz: str, pile: list[str],
                  from_field: bool) -> tuple[list[str], Reading | None, tuple[Any, ...]]:
    """The materials an Xyz Summon onto ``pile`` names (empty: none written), its note and the
    procedures this game's copy of the monster is judged by, where they lose a part
    (:func:`unjudged`; empty: as the database has them). Written where the database knows
    the monster's Xyz procedures and every card of the pile joined it as a face-up monster of
    the summoner's standing alone (``from_field``), its player's next play lays no card under
    it, and no card Xyz Summoning on its own terms has been in play or used; with a card that
    changes Levels in play or used so far, the procedures lose their ``level``: the count is
    judged, not the Levels."""
    known = b.card(xyz)
    given = known.facts.materials
    procs = [p for p in given if p.summon == "xyz"] \
        if known.known and not isinstance(given, str) else []
    if not procs or not pile:
        return [], None, ()
    names = ", ".join(b.label(c) for c in pile)
    if not from_field:
        return [], read("materials.xyz-unknown",
                        f"the pile under it ({names}) holds a card that did not join it as a "
                        f"face-up monster of its summoner's own standing alone in their "
                        f"Monster Zone (an Xyz or Link Monster, a card from another place, an "
                        f"opponent's monster, a pile moved or split): a Rank-Up, an "
                        f"alternative procedure or an effect may have made it, its materials "
                        f"are not judged"), ()
    if _laid_under_next(b, xyz):
        return [], read("materials.xyz-unknown",
                        f"a card is laid under it by its player's next play: a material logged "
                        f"after the Summon, or an effect's; the pile under it ({names}) is not "
                        f"judged"), ()
    leeway = leeway_seen(b, (xyz, *pile))
    if leeway & _ANOTHER_WAY:
        return [], read("materials.xyz-unknown",
                        f"a card that Xyz Summons on its own terms has been in play or used "
                        f"in this duel: the pile under it ({names}) may not be its own "
                        f"procedure's materials, not judged"), ()
    note = read("materials.xyz", f"the monsters overlaid for it, {names}, are its Xyz "
                                 f"Materials")
    said, entries = unjudged(b, xyz, "xyz", leeway)
    return list(pile), note.plus(said), entries


def _laid_under_next(b: GameBuilder, xyz: str) -> bool:
    """True when the next play (the log's quiet plays aside) is its player's overlay or
    attachment of a card onto ``xyz``."""
    user = b.plays[b.cursor].get("username")
    for index, later in b.upcoming(NEXT_CLICK):
        step = b.step_at(index)
        return later.get("username") == user and later.get("play") in ("Overlay", "Attach") \
            and step is not None and step.other == xyz
    return False


#: What the readings say of a part of the procedures left unjudged.
_LEVELS_SAID: Final = read("materials.levels-unjudged",
                           "a card that changes Levels has been in play or used in this duel: "
                           "their Levels are not judged")
_TUNERS_SAID: Final = read("materials.tuners-unjudged",
                           "a card that makes a Tuner or a non-Tuner, or a material from the "
                           "hand, has been in play or used in this duel: their Tuners are not "
                           "judged")
#: For each Summon, the leeway that leaves a part of its procedures unjudged, the keys of
#: them it takes away and the reading that says so: the Levels (an Xyz Monster's ``level``, a
#: Synchro or Ritual Monster's ``level_sum``), the Tuners (a Synchro Monster's ``tuners``: a
#: card making a Tuner or a non-Tuner, or a material from the hand that the sends do not
#: show).
_UNJUDGED: Final = {"xyz": ((_LEVELS, ("level",), _LEVELS_SAID),),
                    "synchro": ((LEVEL_LEEWAY["synchro"], ("level_sum",), _LEVELS_SAID),
                                (TUNER_LEEWAY | {"hand"}, ("tuners",), _TUNERS_SAID)),
                    "ritual": ((LEVEL_LEEWAY["ritual"], ("level_sum", "ritual"), _LEVELS_SAID),)}


def unjudged(b: GameBuilder, cid: str, summon: str,
             leeway: frozenset[str]) -> tuple[Reading | None, tuple[Any, ...]]:
    """Where ``leeway`` (:func:`leeway_seen`) leaves parts of the ``summon`` procedures of the
    card ``cid`` unjudged: the readings that say so and the card's ``materials`` entries
    without those parts, which this game's copy is judged by (a result's
    ``Changes.procedures``); ``(None, ())`` where nothing is left unjudged.

    >>> from types import SimpleNamespace as N
    >>> b = N(card=lambda cid: N(definition={"materials": [{"summon": "xyz", "level": 4}]}))
    >>> said, entries = unjudged(b, "x", "xyz", frozenset({"level"}))
    >>> said.ids, entries
    (('materials.levels-unjudged',), ({'summon': 'xyz'},))
    """
    drop: set[str] = set()
    said: Reading | None = None
    for wide, keys, reading in _UNJUDGED[summon]:
        if leeway & wide:
            drop.update(keys)
            said = reading if said is None else said.plus(reading)
    entries = (b.card(cid).definition or {}).get("materials")
    if not drop or not isinstance(entries, list):
        return said, ()
    return said, tuple(_without(m, summon, drop) for m in entries)


def _without(entry: Any, summon: str, keys: set[str]) -> Any:
    """A ``summon`` procedure's entry without ``keys`` (any other entry as it is).

    >>> _without({"summon": "xyz", "min": 2, "max": 2, "level": 4}, "xyz", {"level"})
    {'summon': 'xyz', 'min': 2, 'max': 2}
    """
    if not isinstance(entry, dict) or entry.get("summon") != summon:
        return entry
    return {k: v for k, v in entry.items() if k not in keys}
