"""Card definitions from Duelingbook card objects, and an effect's kind read from its text."""

from __future__ import annotations

import re
from typing import Any, Final

SPELL_SUBTYPES: Final = {"Normal": "normal", "Continuous": "continuous", "Equip": "equip",
                         "Field": "field", "Quick-Play": "quick_play", "Ritual": "ritual"}
TRAP_SUBTYPES: Final = {"Normal": "normal", "Continuous": "continuous", "Counter": "counter"}

_QUICK = re.compile(r"\(quick effect\)|during either player's turn|during your opponent's turn"
                    r"|in response to", re.I)
_TRIGGER = re.compile(r"^(?:if|when|during|each time|at the (?:start|end)|flip:|after)\b", re.I)
_IGNITION = re.compile(r"\byou can\b|\bonce per turn\b", re.I)


class CardTextError(ValueError):
    """A card object that cannot be a card of the duel format."""


def effect_kinds(text: str) -> set[str]:
    """The kinds of the activated effects a card text describes.

    >>> sorted(effect_kinds("If this card is Normal Summoned: You can add 1 card."))
    ['trigger']
    >>> sorted(effect_kinds("Once per turn: You can target 1 monster; destroy it."))
    ['ignition']
    >>> sorted(effect_kinds("Cannot be Normal Summoned/Set."))
    []
    """
    kinds: set[str] = set()
    for sentence in re.split(r"(?<=\.)\s+|\n+", text or ""):
        head = sentence.split(":", 1)[0] if ":" in sentence else ""
        if _QUICK.search(sentence):
            kinds.add("quick")
        elif head and _TRIGGER.match(head.strip()):
            kinds.add("trigger")
        elif _IGNITION.search(sentence):
            kinds.add("ignition")
    return kinds


def effect_kind(text: str) -> tuple[str, bool]:
    """The effect kind to judge a card by, and whether its text told us.

    Where a card has several, the one that restricts timing least is chosen (quick, then
    trigger, then ignition); where the text tells nothing, ``quick``, and False.

    >>> effect_kind("You can remove 1 Spell Counter from this card; destroy 1 card.")
    ('ignition', True)
    >>> effect_kind("Add 1 monster from your Deck to your hand.")
    ('quick', False)
    """
    kinds = effect_kinds(text)
    for kind in ("quick", "trigger", "ignition"):
        if kind in kinds:
            return kind, True
    return "quick", False


def _stat(value: Any) -> int | None:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if number >= 0 else None


def definition(obj: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """The duel-format card for a Duelingbook card object, and whether its effect kind came
    from its text.

    >>> definition({"name": "Pot of Greed", "card_type": "Spell", "type": "Normal"})[0]
    {'name': 'Pot of Greed', 'kind': 'spell', 'subtype': 'normal', 'effect': 'quick'}
    """
    name = str(obj.get("name") or "?")
    card_type, kind_text = obj.get("card_type"), obj.get("type")
    effect, told = effect_kind(str(obj.get("effect") or ""))
    out: dict[str, Any] = {"name": name}
    if card_type == "Monster":
        level = _stat(obj.get("level")) or 0
        out.update(kind="monster", level=min(max(level, 1), 12))
        for key in ("atk", "def"):
            if (stat := _stat(obj.get(key))) is not None:
                out[key] = stat
        if not obj.get("is_effect"):
            return {**out, "effect": "none"}, True
        if obj.get("flip") and effect != "quick":
            effect, told = "trigger", True  # FLIP: effects trigger when the card flips
        return {**out, "effect": effect}, told
    table = SPELL_SUBTYPES if card_type == "Spell" else TRAP_SUBTYPES if card_type == "Trap" \
        else None
    if table is None or kind_text not in table:
        raise CardTextError(f"{name!r} is a {card_type} {kind_text}, which the duel format "
                            f"does not know")
    out.update(kind=str(card_type).lower(), subtype=table[kind_text], effect=effect)
    return out, told
