"""Which of a card's limits (contract §8) a Duelingbook document carries.

The engine judges every limit a document gives. A Duelingbook log does not say which effect a
"Declared effect" used, which monsters a Summon's materials were, nor when a lock was taken
on: each limit is carried only once the importer's readings can back it (issue 27, item 3;
which effect a declaration used: readings/effects.py), and the others are left out of the
document's card entries, so that the judge flags nothing the log cannot tell
(docs/duelingbook.md, "Card limits"). A Link Monster's own procedure is carried: the Link
Summons whose materials the log shows name them (``readings/materials.py``, ``xyz.py`` and
``fusion.py``, which reads Fusion and Ritual Summons).
"""

from __future__ import annotations

from typing import Any, Final

#: The limit facts the importer's readings back, carried into a document's card entries:
#: the locks "the turn you activate this card" and an effect's or a Spell's or Trap's "for the
#: rest of this turn" on the Extra Deck, "You can only activate 1 X per turn" (its traps read:
#: an activation undone or negated, a Set card shown, "Activate ST" then "Declare", a turn
#: restarted; with it the activation's own use, ``activation_once``, read with the same traps
#: but negation), and an effect's ``once`` and ``shared`` (which effect a declaration used:
#: readings/effects.py; docs/duelingbook.md, "Card limits").
CARRIED: Final[frozenset[str]] = frozenset({"locks", "activations_per_turn", "once"})
#: Those carried under an old format's card texts (Edison, Goat): today's ``once`` set aside.
OLD_FORMATS: Final[frozenset[str]] = CARRIED - {"once"}
#: The Summons whose ``materials`` procedures are carried: those whose materials a reading
#: writes on the Summon (``readings/materials.py``); a Summon without them is not judged.
MATERIALS_CARRIED: Final[frozenset[str]] = frozenset({"link", "xyz", "synchro", "fusion",
                                                     "ritual"})
#: Every limit fact of a card entry (an effect's ``once`` and ``shared`` are ``once``).
LIMIT_FACTS: Final = ("once", "activations_per_turn", "summons_per_turn", "materials", "locks")


def carried(entry: dict[str, Any], facts: frozenset[str] = CARRIED) -> dict[str, Any]:
    """The card entry with only the limit facts in ``facts``: the others set aside (null, or
    no ``locks``), since a document given by passcode is completed from the card database
    and its own fields win (docs/format.md).

    >>> carried({"kind": "spell", "activations_per_turn": 1, "effects": [{"kind": "quick",
    ...          "from": ["field"], "once": "name", "shared": "1"}]}, OLD_FORMATS)["effects"]
    [{'kind': 'quick', 'from': ['field']}]
    >>> carried({"kind": "spell", "activations_per_turn": 1})
    {'kind': 'spell', 'activations_per_turn': 1}
    >>> carried({"kind": "trap", "activation_once": "name"}, frozenset())["activation_once"]
    >>> carried({"kind": "trap", "activation_once": "name", "activation_shared": "7"},
    ...         OLD_FORMATS)["activation_shared"]
    >>> carried({"kind": "monster", "summons_per_turn": 1})
    {'kind': 'monster', 'summons_per_turn': None}

    A Link, Xyz, Synchro, Fusion or Ritual Monster's procedure is carried
    (:data:`MATERIALS_CARRIED`), any other not:

    >>> carried({"materials": [{"summon": "link", "min": 2, "max": 2, "rating": 2}]})
    {'materials': [{'summon': 'link', 'min': 2, 'max': 2, 'rating': 2}]}
    >>> carried({"materials": [{"summon": "pendulum"}]})
    {'materials': None}
    """
    out = dict(entry)
    for key in ("activations_per_turn", "summons_per_turn", "materials"):
        if key not in facts and key in out:
            out[key] = None
    if "activations_per_turn" not in facts:  # the activation's use, read with the same traps
        for key in ("activation_once", "activation_shared"):
            if key in out:
                out[key] = None
    if "materials" not in facts and isinstance(entry.get("materials"), list):
        out["materials"] = [m for m in entry["materials"]
                            if m.get("summon") in MATERIALS_CARRIED] or None
    if "locks" in out and ("locks" not in facts or any(
            not _backed(out, lock) for lock in out["locks"])):
        out["locks"] = [lock for lock in out["locks"] if _backed(out, lock)] \
            if "locks" in facts else []
    if "once" not in facts and out.get("activation_shared") is not None:
        out["activation_shared"] = None  # shared with effects whose limits are set aside
    if "once" not in facts and isinstance(out.get("effects"), list) and any(
            "once" in e or "shared" in e for e in out["effects"]):
        out["effects"] = [{k: v for k, v in e.items() if k not in ("once", "shared")}
                          for e in out["effects"]]
    return out


def _backed(entry: dict[str, Any], lock: dict[str, Any]) -> bool:
    """True for a lock the log can back, not imposed by a joined entry (:func:`_joined`): one
    "for the turn you activate this card" (held from the activation, which the log shows, and
    broken by the Special Summons before it), and one "for the rest of this turn" on Summons
    from the Extra Deck imposed by one of the card's effects (held from that effect's
    resolution, once the importer's readings say which effect a declaration used: the
    action's ``effect``, or the only one usable there) or by a Spell's or Trap's activation
    (Sky Striker Mobilize - Linkage!, R.B. Last Stand: held from the chain's resolution, which
    the engine finds at the next play that is no response, the Summons and moves that
    resolution makes right after it coming first; a Duelingbook log does not show the
    resolution, but a player's next play after the card's own results is after it: the two
    games that read unclear before, advanced-76381692 game 2, read real, and -78105300 game 3,
    whose first try rewind.turn-restarted takes back, legal). Not one on every Special Summon
    (Sangenpai Bident Dragion's "except Dragon monsters"): a monster that comes back to the
    field by an effect ("banish it until the End Phase", S:P Little Knight) is no Special
    Summon, and a log writes it as one (a converted EDOPro game, selfplay-0737); a monster
    coming back never comes from the Extra Deck.

    >>> _backed({}, {"scope": "turn", "by": "activation"}), _backed({}, {"scope": "rest_of_turn",
    ...                                            "by": 0, "applies": "extra_deck"})
    (True, True)
    >>> _backed({}, {"scope": "rest_of_turn", "by": "activation", "applies": "extra_deck"})
    True
    >>> _backed({}, {"scope": "rest_of_turn", "by": 0, "applies": "all"})
    False
    """
    if lock.get("scope") == "rest_of_turn" and lock.get("applies") != "extra_deck":
        return False
    return lock.get("scope") in ("turn", "rest_of_turn") and not _joined(entry, lock)


def _joined(entry: dict[str, Any], lock: dict[str, Any]) -> bool:
    """True for a lock imposed by an entry of ``effects`` that joins effects used from
    several places (one count code: Crystron Smiger's field and Graveyard effects): the
    database cannot tell which of them imposes it, and a log's "Declared effect" from one
    place does not say either, so the lock is not carried.

    >>> _joined({"effects": [{"kind": "ignition", "from": ["field", "graveyard"]}]}, {"by": 0})
    True
    >>> _joined({"effects": [{"kind": "ignition", "from": ["field"]}]}, {"by": 0})
    False
    """
    by = lock.get("by")
    effects = entry.get("effects")
    if type(by) is not int or not isinstance(effects, list) or by >= len(effects):
        return False
    return len(effects[by].get("from", ())) > 1
