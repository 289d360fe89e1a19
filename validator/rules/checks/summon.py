"""Summons and battle positions: ``summon.*`` and ``position.*``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from validator.document.model import Action, Card, TributeFilter
from validator.engine.state import DuelState
from validator.rules.registry import REGISTRY


def required_tributes(level: int) -> int:
    """Tributes a Normal Summon or Set of a monster of ``level`` needs.

    >>> [required_tributes(n) for n in (4, 5, 6, 7, 12)]
    [0, 1, 1, 2, 2]
    """
    return 0 if level <= 4 else 1 if level <= 6 else 2


@REGISTRY.rule("summon.normal-once")
def normal_summon_unused(s: DuelState, a: Action) -> str | None:
    """One Normal Summon or Set (Tribute ones included) per turn."""
    used = s.this_turn.normal_summon
    if used is None:
        return None
    return f"{a.player} already Normal Summoned or Set a monster this turn (action {used + 1})."


@REGISTRY.rule("summon.quick-summon-lock")
def no_quick_summon_this_turn(s: DuelState, a: Action) -> str | None:
    """After a Quick Summon in a turn, its turn player cannot Normal Summon or Set."""
    used = s.this_turn.quick_summon
    if used is None:
        return None
    return (f"A monster was Quick Summoned this turn (action {used + 1}): {a.player} cannot Normal "
            f"Summon or Set a monster for the rest of the turn.")


def gemini_summon(s: DuelState, a: Action) -> bool:
    """True when ``a`` is the Gemini Summon of a Gemini monster face-up in the summoner's
    Monster Zone: a ``normal_summon`` of it where it stands (§1 ``gemini``).

    >>> from validator.document.model import Card
    >>> from validator.engine.state import DuelState, Monster, Side
    >>> s = DuelState({"dv": Card("dv", "monster", level=4, gemini=True)}, 1, "p1",
    ...               {"p1": Side(8000, [], 0, monsters=[Monster("dv", "attack")]),
    ...                "p2": Side(8000, [], 0)})
    >>> s.where["dv"] = ("p1", "monsters")
    >>> gemini_summon(s, Action("normal_summon", "p1", card="dv"))
    True
    """
    if a.type != "normal_summon" or a.card is None or not s.cards[a.card].gemini:
        return False
    mon = s.monster(a.card)
    return mon is not None and s.in_monster_zone(a.player, a.card) and \
        mon.position != "facedown_defense"


def counts_as_two(s: DuelState, tribute: str, summoned: str) -> bool:
    """True when ``tribute`` can count as 2 Tributes for the Tribute Summon of ``summoned``
    (``double_tribute``, revision 4; its other conditions not checked): for any monster's,
    or, with ``double_tribute_for``, for a monster of that kind as the card database prints
    it. A Summoned card the database does not know (no passcode: the document describes it)
    cannot be checked, and the double counts (the reading that flags least).

    >>> from validator.document.model import Card, TributeFilter
    >>> from validator.engine.state import Side
    >>> light = TributeFilter(attribute="LIGHT")
    >>> s = DuelState({"k": Card("k", "monster", level=4, double_tribute=True,
    ...                          double_tribute_for=light),
    ...                "bewd": Card("bewd", "monster", level=8, passcode=89631139),
    ...                "dm": Card("dm", "monster", level=7, passcode=46986414)}, 1, "p1",
    ...               {"p1": Side(8000, [], 0), "p2": Side(8000, [], 0)})
    >>> counts_as_two(s, "k", "bewd"), counts_as_two(s, "k", "dm")
    (True, False)
    """
    card = s.cards.get(tribute)
    if card is None:
        return False
    if not card.double_tribute:
        return _equip_counts_as_two(s, tribute, summoned)
    allowed = card.double_tribute_for
    target = s.cards.get(summoned)
    if allowed is None or target is None or target.passcode is None:
        return True
    if allowed.attribute is None and allowed.race is None and allowed.type is None:
        return allowed.allows({}, target.passcode)  # passcodes only: no lookup
    from validator.cards import database
    info = database().card(target.passcode)
    return info is None or allowed.allows(info.data, target.passcode)


def _equip_counts_as_two(s: DuelState, tribute: str, summoned: str) -> bool:
    """True when an Equip Card equipped to ``tribute`` lets it count as 2 Tributes for the
    Tribute Summon of ``summoned`` (``grants_double_tribute``, an extension: docs/format.md;
    Saqlifice for a "Qli" monster's), checked as :func:`counts_as_two` checks a monster's own.

    >>> from validator.document.model import Card, TributeFilter
    >>> from validator.engine.state import Monster, Side, SpellTrap
    >>> s = DuelState({"h": Card("h", "monster", level=4),
    ...                "sq": Card("sq", "spell", subtype="equip",
    ...                           grants_double_tribute=TributeFilter(cards=frozenset({8}))),
    ...                "q": Card("q", "monster", level=8, passcode=8)}, 1, "p1",
    ...               {"p1": Side(8000, [], 0, monsters=[Monster("h", "attack")],
    ...                           spell_traps=[SpellTrap("sq", True, "h")]),
    ...                "p2": Side(8000, [], 0)})
    >>> s.where.update({"h": ("p1", "monsters"), "sq": ("p1", "spell_traps")})
    >>> counts_as_two(s, "h", "q")
    True
    """
    target = s.cards.get(summoned)
    for equip in s.equips_of(tribute):
        allowed = s.cards[equip.card].grants_double_tribute
        if allowed is None or not equip.face_up:
            continue
        if target is None or target.passcode is None:
            return True  # a Summoned card the database does not know: not checked
        if allowed.attribute is None and allowed.race is None and allowed.type is None:
            if allowed.allows({"level": target.level}, target.passcode):
                return True
            continue
        from validator.cards import database
        info = database().card(target.passcode)
        if info is None or allowed.allows(info.data, target.passcode):
            return True
    return False


def _plural(n: int) -> str:
    return f"{n} Tribute{'s' if n != 1 else ''}"


@REGISTRY.rule("summon.tribute-count")
def tribute_count_matches_level(s: DuelState, a: Action) -> str | None:
    """Level 1-4: no Tribute; Level 5-6: one; Level 7 or higher: two; or the numbers the
    card's own text allows (``tributes``); a Gemini Summon needs none. A Tribute that can
    count as 2 for this Summon (:func:`counts_as_two`) counts as 1 or 2."""
    assert a.card is not None
    card = s.cards[a.card]
    doubles = sum(1 for t in a.tributes if counts_as_two(s, t, a.card))
    counted = range(len(a.tributes), len(a.tributes) + doubles + 1)
    if gemini_summon(s, a):
        if not a.tributes:
            return None
        return f"{card.label} is Gemini Summoned where it stands: that needs no Tribute, " \
               f"not {len(a.tributes)}."
    if card.tributes is not None:
        if any(n in card.tributes for n in counted):
            return None
        needs: tuple[int, ...] = card.tributes
        counts = " or ".join(str(n) for n in card.tributes)
        why = f"{card.label}'s own text lets it be Normal Summoned or Set with {counts} " \
              f"Tribute{'s' if card.tributes != (1,) else ''}, not {len(a.tributes)}."
    else:
        level = card.level or 0
        need = required_tributes(level)
        if need in counted:
            return None
        needs = (need,)
        why = f"{card.label} is Level {level}: it needs {_plural(need)}, not {len(a.tributes)}."
    # a procedure a face-up card gives, looked for only when the monster's own does not do
    if any(n in counted for n in granted_tributes(s, a)):
        return None
    lessening = lessened_by(s, a)
    if lessening is not None and any(max(n - 1, 0) in counted for n in needs):
        return None
    return why


def lessened_by(s: DuelState, a: Action) -> str | None:
    """The card whose effect, resolved this turn, lets the Tribute Summon ``a`` have 1 less
    Tribute (``lessens_tributes``, an extension: docs/format.md; Elborz, the Sacred Lands of
    Simorgh, for a Winged Beast monster's), or None. Only for a monster from the hand that the
    card names (checked as :func:`granted_tributes` checks it), and never for a Tribute Set
    (the TCG texts say Normal Summon; the scripts' Set is another effect, not read); its once
    per turn, where a card has one, is not checked.

    >>> from validator.document.model import Card, TributeFilter
    >>> from validator.engine.state import Side
    >>> s = DuelState({"el": Card("el", "spell", subtype="field",
    ...                           lessens_tributes=TributeFilter(level_min=5)),
    ...                "sim": Card("sim", "monster", level=8)}, 1, "p1",
    ...               {"p1": Side(8000, [], 0, hand=["sim"]), "p2": Side(8000, [], 0)})
    >>> s.where["sim"] = ("p1", "hand")
    >>> a = Action("normal_summon", "p1", card="sim", tributes=("t",))
    >>> lessened_by(s, a) is None
    True
    >>> s.this_turn.lessened_by["p1"] = ["el"]
    >>> lessened_by(s, a), lessened_by(s, Action("set_monster", "p1", card="sim",
    ...                                           tributes=("t",)))
    ('el', None)
    """
    if a.type != "normal_summon" or a.card is None or \
            not s.in_hand(a.player, a.card):
        return None
    summoned = s.cards[a.card]
    for cid in s.this_turn.lessened_by.get(a.player, ()):
        allowed = s.cards[cid].lessens_tributes
        if allowed is not None and _kind_allows(allowed, summoned):
            return cid
    return None


def granted_tributes(s: DuelState, a: Action) -> set[int]:
    """The Tribute counts the Normal Summon ``a`` may also have by a Summon procedure a card
    face-up on the summoner's field gives the monster (``grants_tributes``, an extension:
    docs/format.md; its condition and its once per turn not checked here): Kashtira Birth lets
    a Level 7 monster be Normal Summoned without Tributing. None for a Set, or a monster
    Summoned from elsewhere than the hand (a Gemini Summon).

    >>> from validator.document.model import Card, GrantedTributes, TributeFilter
    >>> from validator.engine.state import Side, SpellTrap
    >>> birth = Card("kb", "spell", subtype="continuous",
    ...              grants_tributes=(GrantedTributes((0,), TributeFilter(level=7)),))
    >>> s = DuelState({"kb": birth, "f": Card("f", "monster", level=7),
    ...                "g": Card("g", "monster", level=8)}, 1, "p1",
    ...               {"p1": Side(8000, [], 0, hand=["f", "g"],
    ...                           spell_traps=[SpellTrap("kb", True)]),
    ...                "p2": Side(8000, [], 0)})
    >>> s.where.update({"kb": ("p1", "spell_traps"), "f": ("p1", "hand"), "g": ("p1", "hand")})
    >>> granted_tributes(s, Action("normal_summon", "p1", card="f"))
    {0}
    >>> granted_tributes(s, Action("normal_summon", "p1", card="g"))
    set()
    """
    out: set[int] = set()
    if a.type != "normal_summon" or a.card is None or not s.in_hand(a.player, a.card):
        return out
    summoned = s.cards[a.card]
    for cid in s.field_cards(a.player):
        lender = s.cards[cid]
        if not lender.grants_tributes or cid == a.card or not s.face_up_on_field(a.player, cid):
            continue
        for grant in lender.grants_tributes:
            if _kind_allows(grant.allows, summoned):
                out.update(grant.tributes)
    return out


def _kind_allows(allowed: TributeFilter, card: Card) -> bool:
    """True when ``allowed`` names ``card``: its Level as the document gives it, the rest as
    the card database prints it. A card the database does not know (no passcode: the document
    describes it) cannot be checked but for its Level, and the rest allows it (the reading that
    flags least, as for :func:`counts_as_two`)."""
    printed: Mapping[str, Any] | None = {}
    if allowed.attribute or allowed.race or allowed.type or allowed.cards is not None:
        from validator.cards import database
        info = None if card.passcode is None else database().card(card.passcode)
        printed = None if info is None else info.data
    return allowed.names(printed, card.level, card.passcode)


@REGISTRY.rule("summon.invalid-tribute")
def tributes_are_own_monsters(s: DuelState, a: Action) -> str | None:
    """Each Tribute is a different monster on the field under the summoner's control."""
    seen: set[str] = set()
    for cid in a.tributes:
        label = s.cards[cid].label
        if cid in seen:
            return f"{label} is named twice as a Tribute."
        seen.add(cid)
        if cid == a.card or not s.controls(a.player, cid) or s.monster(cid) is None:
            return f"{label} cannot be Tributed: it is not a monster on the field under " \
                   f"{a.player}'s control."
    return None


@REGISTRY.rule("summon.flip-not-face-down")
def flip_summon_of_face_down(s: DuelState, a: Action) -> str | None:
    """Only a face-down Defense Position monster can be Flip Summoned."""
    assert a.card is not None
    mon = s.monster(a.card)
    if mon is not None and mon.position == "facedown_defense":
        return None
    return f"{s.cards[a.card].label} is not in face-down Defense Position: it cannot be " \
           f"Flip Summoned."


@REGISTRY.rule("summon.special-source")
def summoned_from_off_field(s: DuelState, a: Action) -> str | None:
    """A Special or Quick Summon brings a card that is not already in a Monster Zone. A
    monster card in a Spell & Trap Zone (a Trap Monster, a Pendulum Scale, a monster an
    effect treats as a Continuous Trap or equips) is Special Summoned from there, as the TCG
    allows (docs/format.md). A monster that returns to the field (the extension ``returned``)
    comes back from banishment, where an effect put it "until" it returns: from anywhere else
    it would be Summoned, and ``returned`` may not exempt it from the Summon rules."""
    assert a.card is not None
    loc = s.locate(a.card)
    if a.returned and (loc is None or loc[1] != "banished"):
        return f"{s.cards[a.card].label} is not banished: only a banished monster returns to " \
               f"the field without being Summoned (returned)."
    if loc is None or loc[1] != "monsters":
        return None
    return f"{s.cards[a.card].label} is already on the field: it cannot be summoned again."


@REGISTRY.rule("position.placed-this-turn")
def not_placed_this_turn(s: DuelState, a: Action) -> str | None:
    """A monster placed on the field this turn keeps its position for the turn."""
    assert a.card is not None
    when = s.this_turn.placed.get(a.card)
    if when is None:
        return None
    return f"{s.cards[a.card].label} was placed on the field this turn (action {when + 1}): its " \
           f"battle position cannot be changed until the next turn."


@REGISTRY.rule("position.once-per-turn")
def position_unchanged_this_turn(s: DuelState, a: Action) -> str | None:
    """A monster's position changes by hand once per turn (a Flip Summon counts)."""
    assert a.card is not None
    when = s.this_turn.positions_changed.get(a.card)
    if when is None:
        return None
    return f"{s.cards[a.card].label} already changed its battle position this turn " \
           f"(action {when + 1})."


@REGISTRY.rule("position.attacked")
def did_not_attack(s: DuelState, a: Action) -> str | None:
    """A monster that attacked this turn cannot change its position afterwards."""
    assert a.card is not None
    when = s.this_turn.attacked.get(a.card)
    if when is None:
        return None
    return f"{s.cards[a.card].label} attacked this turn (action {when + 1}): its battle position " \
           f"cannot be changed."


@REGISTRY.rule("position.invalid")
def position_change_is_real(s: DuelState, a: Action) -> str | None:
    """A change goes to another position; by hand, only a face-up monster changes, face-up."""
    assert a.card is not None and a.to is not None
    mon = s.monster(a.card)
    if mon is None:
        return None
    label = s.cards[a.card].label
    if mon.position == a.to:
        return f"{label} is already in {a.to.replace('_', ' ')} position."
    if a.by_effect:
        return None
    if mon.position == "facedown_defense":
        return f"{label} is face-down: it changes position by a Flip Summon, not by hand."
    if a.to == "facedown_defense":
        return f"{label} cannot be turned face-down by hand (only by a card effect)."
    return None
