"""A card's printed data (name, kind, subtype, Level/Rank/Link, arrows, ATK/DEF, Scale, monster
types, text) from DawnbrandBots/yaml-yugi's ``data/cards/*.json``, and the type bit mask that
EDOPro's scripts ask for (``c:IsType(TYPE_SYNCHRO)``), built from the same data.

>>> card = stats({"password": 70095154, "name": {"en": "Cyber Dragon"}, "card_type": "Monster",
...               "monster_type_line": "Machine / Effect", "attribute": "LIGHT", "level": 5,
...               "atk": 2100, "def": 1600, "text": {"en": "If only your opponent..."}})
>>> card["kind"], card["level"], card["types"], card["race"]
('monster', 5, ['Effect'], 'Machine')
"""

from __future__ import annotations

from typing import Any, Final

SUBTYPES: Final = {"Normal": "normal", "Continuous": "continuous", "Equip": "equip",
                   "Field": "field", "Quick-Play": "quick_play", "Ritual": "ritual",
                   "Counter": "counter"}
#: yaml-yugi's arrows as the contract names them (§6), as the Link Monster's controller sees.
ARROWS: Final = {"↖": "top-left", "⬆": "top", "↗": "top-right", "⬅": "left", "➡": "right",
                 "↙": "bottom-left", "⬇": "bottom", "↘": "bottom-right"}
ARROW_ORDER: Final = tuple(ARROWS.values())
#: Monster types that start the duel in the Extra Deck.
EXTRA_DECK: Final = frozenset({"Fusion", "Synchro", "Xyz", "Link"})
#: EDOPro's type bits (constant.lua), by the words of a monster type line.
TYPE_BITS: Final = {"Monster": 0x1, "Spell": 0x2, "Trap": 0x4, "Normal": 0x10, "Effect": 0x20,
                    "Fusion": 0x40, "Ritual": 0x80, "Spirit": 0x200, "Union": 0x400,
                    "Gemini": 0x800, "Tuner": 0x1000, "Synchro": 0x2000, "Token": 0x4000,
                    "Flip": 0x200000, "Toon": 0x400000, "Xyz": 0x800000, "Pendulum": 0x1000000,
                    "Link": 0x4000000}
SPELL_TRAP_BITS: Final = {"quick_play": 0x10000, "continuous": 0x20000, "equip": 0x40000,
                          "field": 0x80000, "counter": 0x100000, "ritual": 0x80}
RACES: Final = ("Warrior", "Spellcaster", "Fairy", "Fiend", "Zombie", "Machine", "Aqua", "Pyro",
                "Rock", "Winged Beast", "Plant", "Insect", "Thunder", "Dragon", "Beast",
                "Beast-Warrior", "Dinosaur", "Fish", "Sea Serpent", "Reptile", "Psychic",
                "Divine-Beast", "Creator God", "Wyrm", "Cyberse", "Illusion")
ATTRIBUTES: Final = ("EARTH", "WATER", "FIRE", "WIND", "LIGHT", "DARK", "DIVINE")


def _number(value: Any) -> int | None:
    """ATK/DEF as printed: a number, or None for "?".

    >>> _number(1800), _number("?"), _number(None)
    (1800, None, None)
    """
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 \
        else None


def stats(raw: dict[str, Any]) -> dict[str, Any]:
    """One card's printed data, in the database's words (English name and text)."""
    name = (raw.get("name") or {}).get("en") or ""
    text = (raw.get("text") or {}).get("en") or ""
    card_type = raw.get("card_type")
    out: dict[str, Any] = {"name": name}
    if card_type == "Monster":
        words = [w.strip() for w in str(raw.get("monster_type_line") or "").split("/")]
        race, types = (words[0], [w for w in words[1:] if w]) if words else ("", [])
        out.update(kind="monster", types=types, race=race, attribute=raw.get("attribute"))
        if "Link" in types:
            out["link"] = (raw.get("link_arrows") and len(raw["link_arrows"])) or 1
            out["link_arrows"] = sorted((ARROWS[a] for a in raw.get("link_arrows") or ()
                                         if a in ARROWS), key=ARROW_ORDER.index)
        elif "Xyz" in types:
            out["rank"] = raw.get("rank")
        else:
            out["level"] = raw.get("level")
        for key in ("atk", "def"):
            if (number := _number(raw.get(key))) is not None:
                out[key] = number
        if "Pendulum" in types:
            out["pendulum"] = True
            out["scale"] = raw.get("pendulum_scale")
            out["pendulum_text"] = (raw.get("pendulum_effect") or {}).get("en") or ""
    elif card_type in ("Spell", "Trap"):
        out.update(kind=card_type.lower(), subtype=SUBTYPES.get(str(raw.get("property")),
                                                                "normal"))
    else:
        out["kind"] = None
    out["text"] = text
    regulation = raw.get("limit_regulation") or {}
    out["tcg"] = "tcg" in regulation
    out["ocg"] = "ocg" in regulation
    return out


def type_mask(card: dict[str, Any]) -> int:
    """EDOPro's type bits for a card of :func:`stats`.

    >>> hex(type_mask({"kind": "monster", "types": ["Synchro", "Effect"]}))
    '0x2021'
    >>> hex(type_mask({"kind": "spell", "subtype": "quick_play"}))
    '0x10002'
    """
    if card.get("kind") == "monster":
        mask = TYPE_BITS["Monster"]
        for word in card.get("types", ()):
            mask |= TYPE_BITS.get(word, 0)
        return mask
    mask = TYPE_BITS["Spell"] if card.get("kind") == "spell" else TYPE_BITS["Trap"]
    return mask | SPELL_TRAP_BITS.get(str(card.get("subtype")), 0)


def race_bit(race: str) -> int:
    """EDOPro's race bit for a monster type's name (0 for one it does not know).

    >>> race_bit("Warrior"), race_bit("Dragon")
    (1, 8192)
    """
    return 1 << RACES.index(race) if race in RACES else 0


def attribute_bit(attribute: Any) -> int:
    """EDOPro's attribute bit (0 for none).

    >>> attribute_bit("LIGHT"), attribute_bit(None)
    (16, 0)
    """
    return 1 << ATTRIBUTES.index(attribute) if attribute in ATTRIBUTES else 0
