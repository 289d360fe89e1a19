"""The card limits' bookkeeping (contract §8): which effect an activation uses, whether its
use is still allowed, and what activating, resolving and summoning records.

A limited use is counted per player. A hard limit (``once: name``, or a ``shared`` key) is
shared by every copy of the card (copies are known by passcode, else by name, else by id);
a soft one (``once: copy``, or ``shared: copy``) belongs to the copy and is renewed when the
card leaves where it stands; ``once: duel`` lasts the whole duel. The checks that read this
are in :mod:`validator.rules.checks.limits`.
"""

from __future__ import annotations

from typing import Final

from validator.document.model import MAIN_PHASES, Action, Card, Player
from validator.engine.state import ActiveLock, DuelState, GuessedUse, SpecialSummoned

#: How many cards' keys are kept made (:func:`name_key`, :func:`use_key`): the bookkeeping
#: asks them at every activation and Special Summon, and real duels repeat a few hundred cards.
KEPT: Final = 4096
#: A limited use of a card's effect: ``(scope, key)`` (:func:`use_key`), and the keys of p1's
#: and p2's use in the turn's or the duel's bookkeeping.
Use = tuple[tuple[str, str], str, str]
_PASSCODE_KEYS: Final[dict[int, str]] = {}
#: By a card's identity (the card kept beside, so that no other object takes its address; a
#: card is a value, never changed once made): per effect, its ``(scope, key)`` and the keys
#: of p1's and p2's uses in the turn's or the duel's bookkeeping (None: no limit).
_USES: Final[dict[int, tuple[Card, tuple[Use | None, ...]]]] = {}


def name_key(card: Card) -> str:
    """What every copy of a card shares: its passcode, else its name, else its id.

    >>> name_key(Card("a", "monster", passcode=123)), name_key(Card("b", "spell", name="Pot"))
    ('#123', '@Pot')
    """
    passcode = card.passcode
    if passcode is not None:
        key = _PASSCODE_KEYS.get(passcode) if type(passcode) is int else None
        if key is None:
            key = f"#{passcode}"
            if type(passcode) is int:  # (a bool would share an int's entry)
                if len(_PASSCODE_KEYS) >= KEPT:
                    _PASSCODE_KEYS.clear()
                _PASSCODE_KEYS[passcode] = key
        return key
    return f"@{card.name}" if card.name else card.id


def use_key(card: Card, index: int) -> tuple[str, str] | None:
    """``(scope, key)`` of a use of the card's effect ``index``: scope ``turn`` (a hard
    limit), ``copy`` (a soft one: the key names the use within the copy) or ``duel``; None
    for an effect without a limit.

    >>> from validator.document.model import EffectFact
    >>> f = frozenset({"field"})
    >>> c = Card("a", "monster", passcode=7, effects=(EffectFact("ignition", f, "name"),
    ...          EffectFact("quick", f, "copy"), EffectFact("trigger", f, None, "7:1")))
    >>> use_key(c, 0), use_key(c, 1), use_key(c, 2)
    (('turn', '#7:0'), ('copy', '1'), ('turn', 's:7:1'))
    """
    use = _use(card, index)
    return None if use is None else use[0]


def _use(card: Card, index: int) -> Use | None:
    """:func:`use_key`'s ``(scope, key)`` and the keys of p1's and p2's use, made once per
    card."""
    effects = card.effects
    if effects is None or not 0 <= index < len(effects):
        return None
    made = _USES.get(id(card))
    if made is None or made[0] is not card:
        made = (card, tuple(_made_use(card, i) for i in range(len(effects))))
        if len(_USES) >= KEPT:
            _USES.clear()
        _USES[id(card)] = made
    return made[1][index]


def _made_use(card: Card, index: int) -> Use | None:
    fact = (card.effects or ())[index]
    if fact.once is None and fact.shared is None:
        return None
    if fact.shared == "copy" or (fact.shared is None and fact.once == "copy"):
        name = "shared" if fact.shared else str(index)
        return ("copy", name), f"p1|{name}", f"p2|{name}"
    key = f"s:{fact.shared}" if fact.shared else f"{name_key(card)}:{index}"
    return ("duel" if fact.once == "duel" else "turn", key), f"p1|{key}", f"p2|{key}"


def _mine(use: Use, player: Player) -> str:
    """The key of ``player``'s use in the turn's or the duel's bookkeeping."""
    return use[1] if player == "p1" else use[2] if player == "p2" else f"{player}|{use[0][1]}"


def activation_key(card: Card) -> str | None:
    """The key of the use a Spell's or Trap's activation spends (``activation_once``, an
    extension: "You can only use each effect of X once per turn"): that of the card's effects
    it shares the use with (``activation_shared``), else its own, shared by every copy; None
    when the card has no such limit.

    >>> activation_key(Card("a", "trap", passcode=9, activation_once="name"))
    '#9:activation'
    >>> activation_key(Card("a", "trap", passcode=9, activation_once="name",
    ...                     activation_shared="9"))
    's:9'
    """
    if card.activation_once is None or card.kind == "monster":
        return None
    return f"s:{card.activation_shared}" if card.activation_shared else \
        f"{name_key(card)}:activation"


def activation_used_at(s: DuelState, player: Player, card: Card) -> int | None:
    """The action at which ``player`` spent the use the card's activation needs this turn
    (:func:`activation_key`: an earlier activation, negated or not, or an effect sharing it),
    or None."""
    key = activation_key(card)
    return None if key is None else s.this_turn.limits.uses.get(f"{player}|{key}")


def used_at(s: DuelState, player: Player, card_id: str, index: int) -> tuple[str, int] | None:
    """``(scope, action index)`` of the earlier use that exhausts this use, or None when the
    effect may still be used."""
    use = _use(s.cards[card_id], index)
    if use is None:
        return None
    scope, name = use[0]
    if scope == "copy":
        earlier = s.this_turn.limits.copy_uses.get(card_id, {}).get(name)
    elif scope == "duel":
        earlier = s.duel_uses.get(_mine(use, player))
    else:
        earlier = s.this_turn.limits.uses.get(_mine(use, player))
    return None if earlier is None else (scope, earlier)


def movable(s: DuelState, player: Player, card_id: str,
            index: int) -> tuple[GuessedUse, int] | None:
    """The earlier activation that took this use by the judge's choice (its document named
    no effect) and another of its options whose use is still allowed, to which it can move
    (not one of a copy's own uses); None when there is none.

    >>> from validator.document.model import EffectFact
    >>> from validator.engine.state import Side
    >>> f = frozenset({"field"})
    >>> c = Card("a", "monster", passcode=7, effects=(EffectFact("trigger", f, "name"),
    ...          EffectFact("quick", f, "name")))
    >>> s = DuelState({"a": c}, 1, "p1", {"p1": Side(8000, [], 0), "p2": Side(8000, [], 0)})
    >>> record_use(s, "p1", "a", 0)
    >>> s.this_turn.limits.guesses.append(GuessedUse("p1", "a", 0, (0, 1), 0))
    >>> movable(s, "p1", "a", 0)[1]
    1
    """
    key = use_key(s.cards[card_id], index)
    earlier = used_at(s, player, card_id, index)
    if key is None or earlier is None:
        return None
    for guess in s.this_turn.limits.guesses:
        if guess.index != earlier[1] or guess.player != player or \
                use_key(s.cards[guess.card], guess.chosen) != key:
            continue
        for other in guess.options:
            there = use_key(s.cards[guess.card], other)
            if other != guess.chosen and there != key and (there is None or there[0] != "copy") \
                    and used_at(s, player, guess.card, other) is None:
                return guess, other
    return None


def blocked(s: DuelState, player: Player, card_id: str, index: int) -> tuple[str, int] | None:
    """``(scope, action index)`` of the earlier use that exhausts this use and that no
    re-reading of an activation whose effect the judge chose can free (:func:`movable`)."""
    earlier = used_at(s, player, card_id, index)
    if earlier is None or movable(s, player, card_id, index) is not None:
        return None
    return earlier


def record_use(s: DuelState, player: Player, card_id: str, index: int) -> None:
    """The effect ``index`` of the card was used by ``player`` at the action being judged."""
    key = use_key(s.cards[card_id], index)
    if key is None:
        return
    moved = movable(s, player, card_id, index)
    if moved is not None:  # the earlier activation read as its other effect
        guess, other = moved
        limits = s.this_turn.limits
        limits.guesses[limits.guesses.index(guess)] = GuessedUse(
            guess.player, guess.card, guess.index, guess.options, other)
        _record(s, player, guess.card, other, guess.index)
    _record(s, player, card_id, index, s.index)


def _record(s: DuelState, player: Player, card_id: str, index: int, at: int) -> None:
    use = _use(s.cards[card_id], index)
    if use is None:
        return
    scope, name = use[0]
    if scope == "copy":
        s.this_turn.limits.copy_uses.setdefault(card_id, {})[name] = at
    elif scope == "duel":
        s.duel_uses[_mine(use, player)] = at
    else:
        s.this_turn.limits.uses[_mine(use, player)] = at


def usable(s: DuelState, a: Action, place: str) -> list[int]:
    """The card's effects an activation by ``a`` from ``place`` may be: those usable there,
    but ignition effects where one cannot be activated now (out of its player's Main Phase
    with no chain, or as a response) when another is usable."""
    card = s.cards[a.card or ""]
    if card.effects is None:
        return []
    there = [i for i, fact in enumerate(card.effects) if place in fact.places]
    ignition_now = (not a.respond and a.player == s.turn_player and s.phase in MAIN_PHASES)
    timely = [i for i in there if ignition_now or card.effects[i].kind != "ignition"]
    return timely or there


def choose(s: DuelState, a: Action, place: str) -> tuple[int | None, bool]:
    """The effect an activation uses and whether the document says which: its ``effect``,
    else among :func:`usable` the first whose use is still allowed (the first of them when
    none is). The second value is True when the effect is known (given, or the only one).

    >>> from validator.document.model import EffectFact
    >>> from validator.engine.state import Side
    >>> f = frozenset({"field"})
    >>> c = Card("a", "monster", level=4, effects=(EffectFact("ignition", f, "name"),
    ...                                            EffectFact("ignition", f, "name")))
    >>> s = DuelState({"a": c}, 1, "p1", {"p1": Side(8000, [], 0), "p2": Side(8000, [], 0)},
    ...               phase="main1")
    >>> choose(s, Action("activate", "p1", card="a"), "field")
    (0, False)
    >>> record_use(s, "p1", "a", 0)
    >>> choose(s, Action("activate", "p1", card="a"), "field")
    (1, False)
    """
    used, known, _ = choice(s, a, place)
    return used, known


def choice(s: DuelState, a: Action,
           place: str) -> tuple[int | None, bool, tuple[int, ...]]:
    """:func:`choose`'s two values, and the effects the judge chose among (:func:`usable`;
    empty when the document names the effect or none is usable), which
    :func:`record_activation` keeps as a guess when there are several.

    >>> from validator.document.model import EffectFact
    >>> from validator.engine.state import Side
    >>> f = frozenset({"field"})
    >>> c = Card("a", "monster", level=4, effects=(EffectFact("quick", f, "name"),
    ...                                            EffectFact("quick", f)))
    >>> s = DuelState({"a": c}, 1, "p1", {"p1": Side(8000, [], 0), "p2": Side(8000, [], 0)})
    >>> choice(s, Action("activate", "p1", card="a"), "field")
    (0, False, (0, 1))
    >>> choice(s, Action("activate", "p1", card="a", effect=1), "field")
    (1, True, ())
    """
    card = s.cards[a.card or ""]
    if card.effects is None:
        return None, False, ()
    if a.effect is not None:
        return (a.effect, True, ()) if a.effect < len(card.effects) else (None, False, ())
    options = usable(s, a, place)
    if not options:
        return None, False, ()
    if len(options) == 1:  # the only one: whether its use is still allowed or not
        return options[0], True, (options[0],)
    free = [i for i in options if blocked(s, a.player, a.card or "", i) is None]
    return (free or options)[0], False, tuple(options)


def activated_at(s: DuelState, player: Player, card: Card) -> list[int]:
    """The actions at which ``player`` activated a card of this name this turn."""
    return s.this_turn.limits.activations.get(f"{player}|{name_key(card)}", [])


def summoned_at(s: DuelState, player: Player, card: Card) -> list[int]:
    """The actions at which ``player`` Special Summoned a card of this name this turn."""
    return s.this_turn.limits.summons.get(f"{player}|{name_key(card)}", [])


def locks_by(card: Card, by: int | str, scope: str) -> tuple[int, ...]:
    """Indexes in the card's ``locks`` of those of ``scope`` that ``by`` (an effect's index,
    or ``activation``) imposes.

    >>> from validator.document.model import Lock
    >>> c = Card("a", "spell", locks=(Lock("all", (), "turn", "activation"),
    ...                               Lock("all", (), "rest_of_turn", 0)))
    >>> locks_by(c, "activation", "turn"), locks_by(c, 0, "rest_of_turn"), locks_by(c, 0, "turn")
    ((0,), (1,), ())
    """
    return tuple(i for i, lock in enumerate(card.locks) if lock.by == by and lock.scope == scope)


def impose(s: DuelState, player: Player, card: str, locks: tuple[int, ...]) -> None:
    """The card's ``locks`` (indexes) hold on ``player`` from the action being judged."""
    s.this_turn.limits.locks.extend(ActiveLock(player, card, i, s.index) for i in locks)


def record_activation(s: DuelState, a: Action, used: int | None, known: bool,
                      card_activation: bool, place: str = "field",
                      options: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """What an activation counts (the card activated, the effect used, and, where the judge
    chose the effect among several usable from ``place``, that choice: ``options``, as
    :func:`choice` found them, else found again) and the ``turn`` locks it imposes at once;
    returns the ``rest_of_turn`` locks its resolution imposes. A lock is taken on only when
    the effect that imposes it is known."""
    card = s.cards[a.card or ""]
    if card_activation:
        # "You can only activate 1 X per turn": an activation that was negated is not counted
        # (the TCG's ruling on such a limit, unlike an effect's "use", which an attempt spends)
        if card.kind != "monster" and not a.negated:
            key = f"{a.player}|{name_key(card)}"
            s.this_turn.limits.activations.setdefault(key, []).append(s.index)
        use = activation_key(card)
        if use is not None:  # the effect's use, which an attempt spends, negated or not
            s.this_turn.limits.uses[f"{a.player}|{use}"] = s.index
        by: int | str | None = "activation"
    else:
        if used is not None:
            record_use(s, a.player, a.card or "", used)
            if options is None:
                options = tuple(usable(s, a, place)) if a.effect is None else ()
            if len(options) > 1:
                s.this_turn.limits.guesses.append(
                    GuessedUse(a.player, a.card or "", s.index, options, used))
        by = used if known else None
    if by is None or not card.locks:
        return ()
    impose(s, a.player, a.card or "", locks_by(card, by, "turn"))
    # "after this card resolves": an activation that was negated does not resolve
    return () if a.negated else locks_by(card, by, "rest_of_turn")


def record_summon(s: DuelState, player: Player, card_id: str, from_extra: bool) -> None:
    """A Special Summon of ``card_id`` by ``player`` at the action being judged."""
    limits = s.this_turn.limits
    limits.special_summons.append(SpecialSummoned(player, card_id, s.index, from_extra))
    key = f"{player}|{name_key(s.cards[card_id])}"
    limits.summons.setdefault(key, []).append(s.index)


def from_extra_deck(s: DuelState, card_id: str) -> bool:
    """True when the card stands in its owner's Extra Deck (face-down or face-up)."""
    loc = s.locate(card_id)
    return loc is not None and loc[1] in ("extra", "extra_face_up")


#: Action types an effect carries out (with ``by_effect`` where the type has it): those right
#: after a resolution are that resolution's.
_RESULTS: Final = frozenset({"move", "destroy", "damage", "gain_lp", "take_control"})
_RESULTS_BY_EFFECT: Final = frozenset({"draw", "discard", "change_position"})


def carried_out(a: Action) -> bool:
    """True when ``a`` is what an effect carries out (a Special Summon without ``method``, a
    move, damage, a draw by an effect, ...), not a play of its own.

    >>> carried_out(Action("special_summon", "p1", card="x")), carried_out(
    ...     Action("special_summon", "p1", card="x", method="link"))
    (True, False)
    >>> carried_out(Action("damage", "p1", amount=2000)), carried_out(Action("draw", "p1"))
    (True, False)
    """
    if a.type == "special_summon":
        return a.method is None
    return a.type in _RESULTS or (a.type in _RESULTS_BY_EFFECT and a.by_effect)


def holds(lock: ActiveLock, s: DuelState, a: Action) -> bool:
    """Whether ``lock`` holds at ``a`` (the action being judged): after the action it starts
    from; a lock a resolution took on starts at the first action after that resolution that
    is not one its effects carry out (:func:`carry`)."""
    return lock.since < s.index or (lock.since == s.index and not carried_out(a))


def carry(s: DuelState, a: Action) -> None:
    """After a resolution (``a`` the ``resolve``, or an action its effects carry out right
    after it), the locks that resolution took on start one action later: "Special Summon 2
    monsters, and for the rest of this turn after this card resolves, you cannot Special
    Summon" lets the Summons, moves and damage the resolution makes come first."""
    limits = s.this_turn.limits
    if not limits.locks or (a.type != "resolve" and not carried_out(a)):
        return  # most turns hold no lock: nothing to carry
    if any(lock.since == s.index for lock in limits.locks):
        limits.locks = [ActiveLock(lock.player, lock.card, lock.lock, s.index + 1)
                        if lock.since == s.index else lock for lock in limits.locks]
