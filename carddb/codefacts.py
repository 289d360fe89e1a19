"""Facts read from a card's whole script, helpers and costs included, not from what it
registers alone (docs/cards.md): ``draws`` and ``discards`` (what explains a log's draw or
discard outside the Draw Phase and the hand limit), ``foe_summons`` (a Special Summon to the
opponent's field) and ``set_turn`` (who may activate a card the turn it was Set).

>>> COMMENT.sub("", "Duel.Draw(tp,1,REASON_EFFECT) -- draw 1")
'Duel.Draw(tp,1,REASON_EFFECT) '
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Final

from validator.cards.facts import CardFacts

from .found import Found

if TYPE_CHECKING:
    from .facts import Reader
    from .scripts import Script

#: A Lua comment, to the end of its line.
COMMENT: Final = re.compile(r"--[^\n]*")
#: Code that asks whether a card or player is affected by an effect (registering none).
QUERY: Final = re.compile(r"[\w.:]*(?:IsHasEffect|GetEffectCount|IsPlayerAffectedByEffect|"
                          r"GetCardEffect|GetPlayerEffect|IsAffectedByEffect)\([^()]*\)")
#: ``Duel.SpecialSummon(g,0,tp,1-tp,...)`` (or ``SpecialSummonStep``): to the opponent's field.
_FOE_SUMMON: Final = re.compile(r"Duel\.SpecialSummon(?:Step)?\(\s*[^,()]+,\s*[^,()]+,\s*tp\s*,"
                                r"\s*1\s*-\s*tp\b")
#: What in a script makes a player draw or discard: the fact, the category of an effect that
#: does, and the code that does.
_HAND_CHANGES: Final = (
    ("draws", "CATEGORY_DRAW", ("Duel.Draw(",)),
    ("discards", "CATEGORY_HANDES", ("Duel.DiscardHand(", "REASON_DISCARD", "Cost.Discard",
                                     "SelfDiscard", "DiscardCost", "IsDiscardable")))


def read(reader: Reader, script: Script, facts: CardFacts) -> Found:
    """The facts of the whole script, its comments left out (read once)."""
    code = COMMENT.sub("", reader.texts.get(script.path, ""))
    found = hand_changes(reader, script, facts, QUERY.sub("", code))
    found = found.then(foe_summons(found.facts, script.path, code))
    return found.then(set_turn(reader, script, found.facts, code))


def hand_changes(reader: Reader, script: Script, facts: CardFacts, code: str) -> Found:
    """``draws``: the card can make a player draw (an effect of category CATEGORY_DRAW, or
    code calling Duel.Draw); ``discards``: it can make a player discard (CATEGORY_HANDES,
    Duel.DiscardHand, a discard as a cost or by an effect, REASON_DISCARD), or send a card
    from the hand to the Graveyard. Read from the whole script, helpers and costs included:
    a log's draw or discard outside the Draw Phase and the hand limit is explained by such a
    card (validator/importers/duelingbook/readings/explain.py)."""
    categories = 0
    for e in [*script.effects, *script.operation_effects]:
        categories |= e.category
    calls = {name for name, _, _ in script.operation_calls}
    said: dict[str, str] = {}
    for fact, category, needles in _HAND_CHANGES:
        if categories & reader.c[category]:
            source = f"an effect of category {category}"
        elif any(needle.rstrip("(") in calls for needle in needles):
            source = "an operation calls " + next(
                n.rstrip("(") for n in needles if n.rstrip("(") in calls)
        elif any(needle in code for needle in needles):
            source = "its code uses " + next(n.rstrip("(") for n in needles if n in code)
        elif fact == "discards" and "SendtoGrave" in code and "LOCATION_HAND" in code:
            source = "its code sends cards to the GY and looks in the hand (a card " \
                     "sent from the hand, which a log shows as a discard)"
        else:
            continue
        said[fact] = f"{script.path}: {source}"
    return Found(replace(facts, draws=facts.draws or "draws" in said,
                         discards=facts.discards or "discards" in said),
                 tuple(said.items()))


def foe_summons(facts: CardFacts, where: str, code: str) -> Found:
    """``foe_summons``: the card's code Special Summons a monster to the opponent's field
    (``Duel.SpecialSummon(g,0,tp,1-tp,...)``: R.B. Lambda Cannon Summons a monster from the
    opponent's hand to their field). A log shows such a summon as the opponent's own click,
    often "Normal Summoned" (validator/importers/duelingbook/readings/summons.py)."""
    if not _FOE_SUMMON.search(code):
        return Found(facts)
    return Found(replace(facts, foe_summons=True), (
        ("foe_summons", f"{where}: its code calls Duel.SpecialSummon with the opponent (1-tp) "
                        f"as the player whose field it goes to"),))


def set_turn(reader: Reader, script: Script, facts: CardFacts, code: str) -> Found:
    """``set_turn``: who may activate a Trap or Quick-Play Spell the turn it was Set, as this
    card's script says (EFFECT_TRAP_ACT_IN_SET_TURN, EFFECT_QP_ACT_IN_SET_TURN): ``itself``
    (an effect on the card itself: Maliss <C> TB-11), ``sets`` (an operation registers it on
    the card it Sets from the Deck), ``field`` (a field effect for its controller's cards:
    Temple of the Kings)."""
    c, where = reader.c, script.path
    codes = {c["EFFECT_TRAP_ACT_IN_SET_TURN"], c["EFFECT_QP_ACT_IN_SET_TURN"]}
    found: dict[str, str] = {}
    for e in script.effects:
        if e.code in codes:
            word = "field" if e.type & c["EFFECT_TYPE_FIELD"] else "itself"
            found.setdefault(word, f"{where}: {reader.describe(e)}")
    for e in script.operation_effects:
        if e.code in codes:
            word = "itself" if e.on_card else "sets"
            found.setdefault(word, f"{where}: an operation registers {reader.describe(e)}")
    if not found and ("EFFECT_TRAP_ACT_IN_SET_TURN" in code or
                      "EFFECT_QP_ACT_IN_SET_TURN" in code):
        found["sets"] = f"{where}: its code registers an activation in the turn it is Set"
    words = tuple(word for word in ("itself", "sets", "field") if word in found)
    return Found(replace(facts, set_turn=(*facts.set_turn, *words)),
                 tuple(("set_turn", found[word]) for word in words))
