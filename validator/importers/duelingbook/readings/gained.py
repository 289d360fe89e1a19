"""The effects an Xyz Monster gains from its Xyz Materials (``xyz_material_effects``, the
card database's: Zoodiac Whiptail's "An Xyz Monster ... that has this card as material gains
this effect"), as the import's actions so far put the materials under it: a declared effect of
an Xyz Monster may be one of these, whose timing is not its own effects' (a trigger in the
Battle Phase, in the opponent's turn)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from validator.importers.duelingbook.builder import GameBuilder

#: Where a monster that leaves the field goes: its Xyz Materials go to the Graveyard.
_OFF_FIELD: Final = frozenset({"graveyard", "hand", "banished", "deck", "extra"})
#: The actions that take a card out from under its monster (an ``activate`` with a zone).
_LEAVING: Final = frozenset({"move", "special_summon", "normal_summon", "set_monster",
                             "activate", "set_spell_trap"})


def materials(actions: Iterable[dict[str, Any]], cid: str) -> list[str]:
    """The cards ``actions`` put under ``cid`` and moved nowhere since: each ``move`` to
    ``material`` names its holder (as an Xyz Summon's ``materials`` do), and the materials
    of an Xyz Monster that becomes material itself go with it (they become the new
    monster's, as the engine has them); a monster leaving the field takes its pile with it.

    >>> put = [{"type": "move", "card": "w", "to": "material", "target": "d"},
    ...        {"type": "move", "card": "d", "to": "material", "target": "b"}]
    >>> materials(put, "b"), materials([*put, {"type": "move", "card": "b", "to": "hand"}], "b")
    (['w', 'd'], [])

    An Xyz Summon that names its materials (``method`` ``xyz``) puts them under it:

    >>> materials([{"type": "special_summon", "card": "x", "method": "xyz",
    ...             "materials": ["w"]}], "x")
    ['w']
    """
    holder: dict[str, str] = {}
    for action in actions:
        card, kind = action.get("card"), action["type"]
        if not isinstance(card, str) or kind not in _LEAVING:
            continue
        target = action.get("target")
        if kind == "move" and action.get("to") == "material" and isinstance(target, str):
            holder = {m: target if h == card else h for m, h in holder.items()}
            holder[card] = target
            continue
        if kind == "special_summon" and action.get("method") == "xyz":
            for m in action.get("materials") or ():  # the Summon puts them under it
                holder = {x: card if h == m else h for x, h in holder.items()}
                holder[m] = card
        if kind != "activate" or action.get("zone") is not None:
            holder.pop(card, None)  # out from under its monster
        if kind == "move" and action.get("to") in _OFF_FIELD:
            holder = {m: h for m, h in holder.items() if h != card}  # its pile went too
    return [m for m, h in holder.items() if h == cid]


def gained_kinds(b: GameBuilder, cid: str) -> set[str]:
    """The kinds of the effects ``cid`` gains from its Xyz Materials (none for a card that
    is no Xyz Monster): :func:`materials` over the import's actions so far. Read only for a
    declared effect the card's own effects cannot explain (a walk over the actions).

    >>> from types import SimpleNamespace as N
    >>> b = N(knowledge=N(is_xyz=lambda name: False), board=N(name=lambda cid: "Sangan"))
    >>> gained_kinds(b, "sangan")
    set()
    """
    if not b.knowledge.is_xyz(b.board.name(cid)):
        return set()
    return {kind for m in materials(b.actions, cid)
            for kind in b.card(m).facts.xyz_material_effects}
