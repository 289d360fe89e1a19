"""Cross-checks of the zones a document's ``setup`` or ``position`` names (docs/format.md).

A zone holds one card; each side has at most 5 monsters, or under ``advanced`` 5 in its Main
Monster Zones and one in an Extra Monster Zone; the Field Zone has no number; the face-up
Extra Deck holds Pendulum Monsters. Errors are keyed by path, as every document error is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from validator.document import model as m
from validator.engine.zones import EXTRA_ZONES, MAIN_ZONES
from validator.rules.rulesets import CLASSIC, RULESETS

Errors = dict[Any, Any]


def _add(errors: Errors, path: tuple[Any, ...], message: str) -> None:
    """Add ``message`` at ``path``; where a field has messages of its own and errors inside
    it too, the inner ones join its own (marshmallow's error tree has no room for both)."""
    node = errors
    for key in path[:-1]:
        child = node.setdefault(key, {})
        if isinstance(child, list):
            child.append(message)
            return
        node = child
    leaf = node.setdefault(path[-1], [])
    if isinstance(leaf, dict):
        leaf.setdefault("_schema", []).append(message)
    else:
        leaf.append(message)


def _slots(data: Mapping[str, Any], player: m.Player) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """The path of a side and its slots: ``monsters``, ``spell_traps`` (zone or None each),
    ``field_zone`` (the Field Zone's zone field, or None) and ``extra_face_up``."""
    if "position" in data:
        side = data["position"]["players"][player]
        field_spell = side["field_spell"]
        return ("position", "players", player), {
            "monsters": [slot["zone"] for slot in side["monsters"]],
            "spell_traps": [slot["zone"] for slot in side["spell_traps"]],
            "field_zone": None if field_spell is None else field_spell["zone"],
            "extra_face_up": side["extra_face_up"]}
    setup: m.SetupPlayer = data["setup"][player]
    return ("setup", player), {
        "monsters": [slot.zone for slot in setup.monsters],
        "spell_traps": [slot.zone for slot in setup.spell_traps],
        "field_zone": None if setup.field_spell is None else setup.field_spell.zone,
        "extra_face_up": setup.extra_face_up}


def zone_errors(data: Mapping[str, Any], ruleset: str, errors: Errors | None = None) -> Errors:
    """The zone errors of a loaded document's ``setup`` (or ``position``) under ``ruleset``,
    added to ``errors`` (other errors of the document, keyed the same way).

    >>> zone_errors({"cards": {}, "setup": {p: m.SetupPlayer(monsters=(
    ...     m.Placed("a", zone="M2"), m.Placed("b", zone="M2"))) for p in m.PLAYERS}},
    ...     "classic")["setup"]["p1"]
    {'monsters': {1: {'zone': ['M2 already holds the card at monsters.0.']}}}
    """
    errors = {} if errors is None else errors
    emz: dict[str, tuple[Any, ...]] = {}
    for player in m.PLAYERS:
        base, side = _slots(data, player)
        monsters = side["monsters"]
        in_emz = [i for i, zone in enumerate(monsters) if zone in EXTRA_ZONES]
        if RULESETS.get(ruleset, CLASSIC).zone_rules:
            if len(monsters) - len(in_emz) > len(MAIN_ZONES):
                _add(errors, (*base, "monsters"), "At most 5 monsters stand in the Main Monster "
                                                  "Zones: name the Extra Monster Zone (zone) "
                                                  "of the sixth.")
            for i in in_emz[1:]:
                _add(errors, (*base, "monsters", i, "zone"), "A player has at most one monster "
                                                             "in the Extra Monster Zones.")
        elif len(monsters) > len(MAIN_ZONES):
            _add(errors, (*base, "monsters"), "Longer than maximum length 5.")
        for pile in ("monsters", "spell_traps"):
            seen: dict[str, int] = {}
            for i, zone in enumerate(side[pile]):
                if zone is None:
                    continue
                if zone in seen:
                    _add(errors, (*base, pile, i, "zone"),
                         f"{zone} already holds the card at {pile}.{seen[zone]}.")
                seen.setdefault(zone, i)
        for i in in_emz:
            zone = monsters[i]
            if zone in emz:
                other = ".".join(str(p) for p in emz[zone])
                _add(errors, (*base, "monsters", i, "zone"),
                     f"{zone} already holds the card at {other}.")
            emz.setdefault(zone, (*base[1:], "monsters", i))
        if side["field_zone"] is not None:
            _add(errors, (*base, "field_spell", "zone"),
                 "The Field Zone has no number: leave zone out.")
        for i, cid in enumerate(side["extra_face_up"]):
            card = data["cards"].get(cid)
            if card is None or (card["kind"] != "monster" and "position" not in data):
                continue  # unknown, or a Spell or Trap: the setup's cross-checks say so
            if not (card["kind"] == "monster" and card.get("pendulum")):
                _add(errors, (*base, "extra_face_up", i),
                     f"Only a Pendulum Monster stands face-up in the Extra Deck; {cid!r} is "
                     f"not one.")
    return errors
