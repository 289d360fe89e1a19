"""Card definitions from Duelingbook card objects, and what a card's text tells the importer:
its effect kind, and (as the card database's :class:`~validator.cards.CardFacts`) whether it
changes battle positions, allows further attacks, skips Draw Phases, or lets its player
Tribute an opponent's monster."""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Final

from validator.cards.facts import CardFacts

SPELL_SUBTYPES: Final = {"Normal": "normal", "Continuous": "continuous", "Equip": "equip",
                         "Field": "field", "Quick-Play": "quick_play", "Ritual": "ritual"}
TRAP_SUBTYPES: Final = {"Normal": "normal", "Continuous": "continuous", "Counter": "counter"}

_QUICK = re.compile(r"\(quick effect\)|during either player's turn|during your opponent's turn"
                    r"|in response to", re.I)
_TRIGGER = re.compile(r"^(?:if|when|during|each time|at the (?:start|end)|flip:|after)\b|"
                      r"\b(?:if|when|during|each time|at the (?:start|end) of)\b", re.I)
_IGNITION = re.compile(r"\byou can\b|\bonce per turn\b", re.I)
_CHANGE = re.compile(r"(?<!cannot )\b(?:change[sd]?|switch(?:es|ed)?)\b(?P<what>[^.;:]{0,70}?)"
                     r"\bto (?P<face>face-(?:up|down) )?(?P<pos>Attack|Defense) Position", re.I)
_CHANGE_ANY = re.compile(r"(?<!cannot )\bchange[sd]? (?:that target's|its|their|the) battle "
                         r"positions?\b(?! cannot)", re.I)
_FLIP_UP = re.compile(r"\bflip\b[^.;]{0,40}\bface-up\b", re.I)
_SELF = re.compile(r"^\s*(?:this card|it|itself)\b|^\s*this card you control\b", re.I)
_EXTRA_ATTACK = re.compile(r"second attack|attack twice|attack all|additional attacks?|"
                           r"attack again|two attacks|attacks? (?:up to )?(?:twice|\d+ times)|"
                           r"attack (?:each|every) monster", re.I)
_SKIP_DRAW = re.compile(r"skip (?:your|their|the) next (?P<n>\d+|one|two|three)? ?Draw Phases?",
                        re.I)
_AS_IF = re.compile(r"as if (?:you controlled it|it were (?:a monster )?you control(?:led)?)",
                    re.I)
_DIRECT = re.compile(r"\bcan attack (?:your opponent(?:'s Life Points)? )?directly\b", re.I)
_FROM_HAND = re.compile(r"activate this card from your hand", re.I)
_QUICK_PLAY_GRANT = re.compile(r'\byou can activate (?:1 |a )?(?:"(?P<archetype>[^"]+)" )?'
                               r"Quick-Play Spell Cards?\b[^.]*\bfrom your hand", re.I)
_FIELD_PLACED = re.compile(r'\bplace (?:1|a) (?:"(?P<archetype>[^"]+)" )?Field Spell\b[^.]*'
                           r"\bface-up on your field", re.I)
_SENT_FROM_DECK = re.compile(r'\bsend (?:1|one) "(?P<archetype>[^"]+)" (?:card|monster)\b[^.]*?'
                             r"\bfrom your Deck to the (?:GY|Graveyard)", re.I)
#: A card's effect that adds a card of an archetype from its player's Deck to the hand (Mitsurugi
#: Prayers: 'Add 1 "Mitsurugi" monster from your Deck to your hand').
_SEARCHED: Final = re.compile(r'\badd (?:1|one) "(?P<archetype>[^"]+)" (?:card|monster|Spell|Trap)'
                              r'\b[^.]*?\bfrom your Deck to your hand', re.I)
#: A card's effect that negates an activation, not only an effect ("negate the activation",
#: "negate the Summon or activation", "negate the Spell/Trap activation"; not Ash Blossom's
#: "negate that effect").
_NEGATES_ACTIVATION: Final = re.compile(
    r"\bnegate (?:the |that |its )?(?:(?:Special Summon|Summon|Spell/Trap(?: Card)?|Spell Card|"
    r"Trap Card|Spell|Trap) or |Spell/Trap |Spell |Trap )?activation\b", re.I)
#: "You can only activate 1 "X" per turn" (or "activate "X" once per turn"): a limit on the
#: card's activations, which a negated activation does not spend; not "You can only use 1 "X"
#: effect per turn", which an attempt does.
_ACTIVATION_LIMIT: Final = re.compile(r"\bYou can only activate\b", re.I)
_NUMBERS: Final = {"one": 1, "two": 2, "three": 3}
_END_PHASE_DRAW = re.compile(r"\bduring the End Phase\b[^.]*?\bdraw", re.I)
_LP_COST = re.compile(r"\bpay (\d+) (?:Life Points|LP)\b", re.I)


class CardTextError(ValueError):
    """A card object that cannot be a card of the duel format."""


@cache
def quick_play_grant(text: str) -> str | None:
    """Which Quick-Play Spells a face-up card's text lets its controller activate from the hand
    during the opponent's turn: an archetype's (its quoted name), any (""), or None. Read from
    the text because the card database keeps that permission only as a fact of the Quick-Play
    Spell itself (``trap_from_hand``), not of a Field effect granting it to others.

    >>> quick_play_grant('You can activate "Runick" Quick-Play Spell Cards from your hand '
    ...                  "during your opponent's turn. Once per turn, ...")
    'Runick'
    >>> quick_play_grant("During your opponent's turn, you can activate 1 Quick-Play Spell "
    ...                  "Card from your hand.")
    ''
    >>> quick_play_grant("You can activate Quick-Play Spell Cards from your hand.") is None
    True
    """
    for sentence in re.split(r"(?<=\.)\s+|\n+", text or ""):
        found = _QUICK_PLAY_GRANT.search(sentence)
        if found and "opponent's turn" in sentence:
            return found["archetype"] or ""
    return None


@cache
def field_spell_placement(text: str) -> str | None:
    """Which Field Spells a card's effect places face-up on its controller's field (placed,
    not activated: in either player's turn): an archetype's (its quoted name), any (""), or
    None. Read from the text: the card database has no such fact.

    >>> field_spell_placement('If this card is Special Summoned: You can place 1 "Yummy" '
    ...                       "Field Spell from your hand or Deck, face-up on your field.")
    'Yummy'
    >>> field_spell_placement("Add 1 Field Spell from your Deck to your hand.") is None
    True
    """
    found = _FIELD_PLACED.search(text or "")
    return None if found is None else found["archetype"] or ""


@cache
def deck_to_graveyard(text: str) -> str | None:
    """Which archetype's card a card's effect sends from its player's Deck to the GY (its quoted
    name), or None. Read from the text: the card database has no such fact.

    >>> deck_to_graveyard('If this card is Special Summoned: You can send 1 "K9" card from your '
    ...                   'Deck to the GY, except "K9-17 Izuna".')
    'K9'
    >>> deck_to_graveyard('Add 1 "K9" card from your Deck to your hand.') is None
    True
    """
    found = _SENT_FROM_DECK.search(text or "")
    return None if found is None else found["archetype"]


def deck_search(text: str) -> str | None:
    """Which archetype's card a card's effect adds from its player's Deck to the hand (its
    quoted name), or None. Read from the text: the card database has no such fact.

    >>> deck_search('apply 1 of these effects. ●Add 1 "Mitsurugi" monster from your Deck to '
    ...             'your hand.')
    'Mitsurugi'
    >>> deck_search('Send 1 "K9" card from your Deck to the GY.') is None
    True
    """
    found = _SEARCHED.search(text or "")
    return None if found is None else found["archetype"]


@cache
def negates_activation(text: str) -> bool:
    """True when a card's text negates an activation ("negate the activation", Solemn
    Judgment's "negate the Summon or activation"), not only an effect (Ash Blossom's "negate
    that effect", Called by the Grave's "its effects are negated"). Read from the text: the card
    database has no such fact.

    >>> negates_activation("Pay half your LP; negate the Summon or activation, and if you do, "
    ...                    "destroy that card.")
    True
    >>> negates_activation("You can discard this card; negate that effect.")
    False
    """
    return _NEGATES_ACTIVATION.search(text or "") is not None


#: What an effect that negates an activation answers, when it can answer a Spell or Trap: a
#: Spell/Trap Card, a card or effect ("When a card or effect is activated", "Spell/Trap Card or
#: effect").
_ANSWERS_SPELL_TRAP: Final = re.compile(r"\b(?:Spell|Trap|card or effect|cards? or effects?)\b",
                                        re.I)


@cache
def negates_spell_trap_activation(text: str) -> bool:
    """True when a card's text negates an activation of a Spell or Trap: its negating effect
    (the sentence up to "negate the activation") answers cards or Spells/Traps, not only
    monster effects (Apollousa, Bow of the Goddess and Solemn Strike answer monster effects
    and Summons only).

    >>> negates_spell_trap_activation("When a monster(s) would be Summoned, OR a Spell/Trap "
    ...                               "Card is activated: Pay half your LP; negate the Summon "
    ...                               "or activation, and if you do, destroy that card.")
    True
    >>> negates_spell_trap_activation("When your opponent activates a monster effect (Quick "
    ...                               "Effect): You can make this card lose exactly 800 ATK, "
    ...                               "and if you do, negate the activation.")
    False
    """
    for found in _NEGATES_ACTIVATION.finditer(text or ""):
        effect = text[text.rfind(".", 0, found.start()) + 1:found.start()]
        if _ANSWERS_SPELL_TRAP.search(effect) is not None:
            return True
    return False


@cache
def limits_activations(text: str) -> bool:
    """True when a card's text limits its activations ("You can only activate 1 "Pot of
    Desires" per turn"), not its uses ("You can only use 1 "The Black Goat Laughs" effect per
    turn, and only once that turn"): only the first is left unspent by a negated activation.
    The card database tells them apart too (``activations_per_turn`` for the first,
    ``activation_once`` for the second, by the scripts' oath flag and this text,
    docs/cards.md); the negation reading asks both.

    >>> limits_activations('... You can only activate 1 "Pot of Desires" per turn.')
    True
    >>> limits_activations('... You can only use 1 "The Black Goat Laughs" effect per turn, '
    ...                    'and only once that turn.')
    False
    """
    return _ACTIVATION_LIMIT.search(text or "") is not None


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
        elif head and _TRIGGER.search(head.strip()):
            kinds.add("trigger")
        elif _IGNITION.search(sentence):
            kinds.add("ignition")
    return kinds


@cache
def lp_costs(text: str) -> frozenset[int]:
    """The Life Points a card's text has its player pay (a cost: Ultimate Offering, Instant
    Fusion), so that a loss of that many right after its activation reads as paid, not taken.

    >>> sorted(lp_costs("You can pay 500 Life Points; Normal Summon/Set 1 monster."))
    [500]
    >>> lp_costs("Draw 2 cards.")
    frozenset()
    """
    return frozenset(int(n) for n in _LP_COST.findall(text or ""))


def draws_in_end_phase(text: str) -> bool:
    """True when a card's text has its player draw during the End Phase (Super Rejuvenation),
    a draw a log may write after the turn's "Ended turn".

    >>> draws_in_end_phase("During the End Phase of the turn this card was activated, draw "
    ...                    "a number of cards equal to the number of Dragons you discarded.")
    True
    >>> draws_in_end_phase("Draw 2 cards.")
    False
    """
    return _END_PHASE_DRAW.search(text or "") is not None


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


@cache
def read(text: str) -> CardFacts:
    """The importer's facts a card's text tells, for a card the card database does not know
    (cached: cards repeat): ``positions`` (each scope ``self`` or ``any``, sorted),
    ``extra_attack``, ``skips_draws``, ``tributes_foes``, ``trap_from_hand`` and
    ``direct_attack``.

    >>> read("Target 1 face-up monster on the field; change that target to face-down "
    ...      "Defense Position.").positions
    (('any', 'facedown_defense'),)
    >>> read("If this card attacks, change it to Defense Position at the end of the "
    ...      "Battle Phase.").positions
    (('self', 'defense'),)
    >>> read("Draw 2 cards and skip your next 2 Draw Phases.").skips_draws
    2
    >>> read("If your opponent controls more cards than you do, you can activate this card "
    ...      "from your hand.").trap_from_hand
    True
    >>> read("This card can attack your opponent's Life Points directly even if there is a "
    ...      "monster on your opponent's side of the field.").direct_attack
    True
    """
    text = text or ""
    positions: set[tuple[str, str]] = set()
    for match in _CHANGE.finditer(text):
        before = text[max(0, match.start() - 16):match.start()].lower().rstrip()
        itself = _SELF.match(match["what"]) or before.endswith(("it is", "this card is"))
        if match["face"] and match["face"].lower().startswith("face-down"):
            pos = "facedown_defense"
        else:
            pos = match["pos"].lower()
        positions.add(("self" if itself else "any", pos))
    if _CHANGE_ANY.search(text):
        positions.add(("any", "any"))
    if _FLIP_UP.search(text):
        positions.add(("any", "faceup"))
    skip = _SKIP_DRAW.search(text)
    skips = 0
    if skip:
        n = (skip["n"] or "1").lower()
        skips = int(n) if n.isdigit() else _NUMBERS[n]
    return CardFacts(positions=tuple(sorted(positions)),
                     extra_attack=bool(_EXTRA_ATTACK.search(text)), skips_draws=skips,
                     tributes_foes=bool(_AS_IF.search(text)),
                     trap_from_hand=bool(_FROM_HAND.search(text)),
                     direct_attack=bool(_DIRECT.search(text)))


def _stat(value: Any) -> int | None:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if number >= 0 else None


def is_xyz(obj: Any) -> bool:
    """True for an Xyz Monster's card object."""
    return isinstance(obj, dict) and "Xyz" in str(obj.get("monster_color") or "")


def is_extra_deck(obj: Any) -> bool:
    """True for a card object of a monster that starts the duel in the Extra Deck (Fusion,
    Synchro, Xyz or Link).

    >>> is_extra_deck({"monster_color": "Fusion"}), is_extra_deck({"monster_color": "Effect"})
    (True, False)
    """
    color = str(obj.get("monster_color") or "") if isinstance(obj, dict) else ""
    return any(kind in color for kind in ("Fusion", "Synchro", "Xyz", "Link"))


def is_link(obj: Any) -> bool:
    """True for a Link Monster's card object (rules that ``classic`` does not model)."""
    return isinstance(obj, dict) and "Link" in str(obj.get("monster_color") or "")


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
                out[key] = min(stat, 1_000_000_000)
        if not obj.get("is_effect"):
            return {**out, "effect": "none"}, True
        if obj.get("flip") and effect != "quick":
            effect, told = "trigger", True  # FLIP: effects trigger when the card flips
        return {**out, "effect": effect}, told
    table = SPELL_SUBTYPES if card_type == "Spell" else TRAP_SUBTYPES if card_type == "Trap" \
        else None
    if table is None or type(kind_text) is not str or kind_text not in table:
        raise CardTextError(f"{name!r} is a {card_type} {kind_text}, which the duel format "
                            f"does not know")
    out.update(kind=str(card_type).lower(), subtype=table[kind_text], effect=effect)
    return out, told
