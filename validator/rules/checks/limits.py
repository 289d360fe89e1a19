"""The limits a card's own text sets (contract §8, revision 4): ``effect.once-per-turn``,
``summon.once-per-turn``, ``summon.materials`` and ``summon.locked``.

Each is judged only from what the document (or the card database, for a card given by
passcode) says: a card without the fact, a material whose printed data is unknown, an effect
the document does not name among several, is never flagged (docs/format.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from validator.cards.facts import LEVEL_LEEWAY, TUNER_LEEWAY
from validator.document.model import PLAYERS, Action, Card, Lock, Materials, MonsterKinds
from validator.engine.limits import (
    activated_at,
    activation_used_at,
    blocked,
    from_extra_deck,
    holds,
    summoned_at,
)
from validator.engine.state import DuelState
from validator.rules.checks.activation import classified
from validator.rules.registry import REGISTRY

_SCOPES: Final = {"turn": "once per turn", "copy": "once per turn by this copy",
           "duel": "once per Duel"}


def printed(card: Card) -> Mapping[str, Any] | None:
    """The card as the card database prints it (None: not given by a known passcode).

    >>> printed(Card("x", "monster", level=4)) is None
    True
    """
    passcode = card.passcode
    if passcode is None:
        return None
    if type(passcode) is int and passcode in _PRINTED:
        return _PRINTED[passcode]
    from validator.cards import database
    info = database().card(passcode)
    data = None if info is None else info.data
    if type(passcode) is int:  # (a bool would share an int's entry)
        _PRINTED[passcode] = data
    return data


#: Each passcode's printed data (the database's own entry, or None), looked up once: the shared
#: database never changes while a process runs.
_PRINTED: Final[dict[int, Mapping[str, Any] | None]] = {}


def is_kind(card: Card, kinds: MonsterKinds) -> bool | None:
    """True when the monster is of every kind named, False when it is not, None when the
    judge cannot tell (its printed data unknown).

    >>> is_kind(Card("x", "monster", passcode=1), MonsterKinds(cards=frozenset({1})))
    True

    A Trap Monster (a Trap its text Special Summons, docs/format.md's ``trap_monster``) has no
    Attribute or Type as a monster in the database: the judge cannot tell.

    >>> print(is_kind(Card("t", "trap", name="Shade Brigandine"), MonsterKinds(attribute="DARK")))
    None
    """
    if kinds.cards is not None and card.passcode is not None and card.passcode not in kinds.cards:
        return False
    if card.kind != "monster" and (kinds.attribute or kinds.race or kinds.type or
                                   kinds.atk_max is not None):
        return None
    if kinds.attribute is None and kinds.race is None and kinds.type is None and \
            kinds.atk_max is None:
        return None if card.passcode is None and kinds.cards is not None else True
    data = printed(card)
    if data is None:
        return None
    if kinds.attribute is not None and data.get("attribute") != kinds.attribute:
        return False
    if kinds.race is not None and data.get("race") != kinds.race:
        return False
    if kinds.type is not None and kinds.type not in data.get("types", ()):
        return False
    atk = data.get("atk")
    return not (kinds.atk_max is not None and isinstance(atk, int) and atk > kinds.atk_max)


@REGISTRY.rule("effect.once-per-turn")
def effect_use_allowed(s: DuelState, a: Action) -> str | None:
    """A card is activated, and its effect used, no more often than its text allows: its
    ``activations_per_turn``, an effect's ``once`` (per turn for every copy, per copy, per
    Duel) and ``shared`` uses."""
    card = s.cards[a.card or ""]
    act = classified(s, a)
    if act.card_activation:
        allowed = card.activations_per_turn
        spent = activation_used_at(s, a.player, card)
        if spent is not None:
            return f"{card.label}'s effect can be used only once per turn, and {a.player} " \
                   f"already used it (action {spent + 1})."
        if card.kind == "monster" or allowed is None:
            return None
        earlier = activated_at(s, a.player, card)
        if len(earlier) < allowed:
            return None
        return f"{a.player} can only activate {allowed} {card.label} per turn, and already " \
               f"did (action {earlier[-1] + 1})."
    if act.used is None:
        return None
    used = blocked(s, a.player, card.id, act.used)
    if used is None:
        return None
    scope, when = used
    return f"{card.label}'s effect can be used only {_SCOPES[scope]}, and {a.player} already " \
           f"used it (action {when + 1})."


@REGISTRY.rule("summon.once-per-turn")
def summons_within_limit(s: DuelState, a: Action) -> str | None:
    """A monster is Special Summoned no more often in a turn than its text allows
    (``summons_per_turn``) by the player who Summons it (the ``summoner``, an extension, where
    the other player's effect does); a Pendulum Summon counts for each of its monsters. A
    monster that returns to the field (the extension ``returned``) is not Summoned."""
    if a.returned:
        return None
    for cid in (a.cards if a.type == "pendulum_summon" else (a.card or "",)):
        card = s.cards[cid]
        allowed = card.summons_per_turn
        if allowed is None:
            continue
        earlier = summoned_at(s, a.summoner or a.player, card)
        if len(earlier) >= allowed:
            return f"{a.summoner or a.player} can Special Summon {card.label} only {allowed} time" \
                   f"{'s' if allowed != 1 else ''} per turn, and already did (action " \
                   f"{earlier[-1] + 1})."
    return None


def _forbids(s: DuelState, lock: Lock, cid: str, from_extra: bool) -> bool:
    """True when ``lock`` forbids this Special Summon (one the judge cannot tell is allowed
    is not forbidden)."""
    if lock.applies == "extra_deck" and not from_extra:
        return False
    card = s.cards[cid]
    return all(is_kind(card, kinds) is False for kinds in lock.allows)


@REGISTRY.rule("summon.locked")
def summon_not_locked(s: DuelState, a: Action) -> str | None:
    """A Special Summon (each monster of a Pendulum Summon) that a lock the player took on
    this turn forbids: a ``turn`` lock from the activation on, a ``rest_of_turn`` one after
    its resolution (and the Summons that resolution made). A monster that returns to the
    field (the extension ``returned``: S:P Little Knight's banished monster at the End Phase)
    is not Special Summoned, and no lock forbids it. A lock binds the player who Special
    Summons: the ``summoner`` (an extension) where the other player's effect puts the monster
    on this player's field (Concours de Cuisine's)."""
    held_now = s.this_turn.limits.locks
    if not held_now or a.returned:  # most turns hold none
        return None
    summoner = a.summoner or a.player
    locks = [lock for lock in held_now if lock.player == summoner and holds(lock, s, a)]
    if not locks:
        return None
    for cid in (a.cards if a.type == "pendulum_summon" else (a.card or "",)):
        from_extra = from_extra_deck(s, cid)
        for held in locks:
            held_locks = s.cards[held.card].locks
            lock = held_locks[held.lock] if held.lock < len(held_locks) else None
            if lock is not None and _forbids(s, lock, cid, from_extra):
                return f"{summoner} cannot Special Summon {s.cards[cid].label}" \
                       f"{' from the Extra Deck' if lock.applies == 'extra_deck' else ''}: " \
                       f"{s.cards[held.card].label} (action {held.since + 1}) locks it " \
                       f"{'this turn' if lock.scope == 'turn' else 'for the rest of the turn'}."
    return None


@REGISTRY.rule("summon.locked")
def activation_lock_unbroken(s: DuelState, a: Action) -> str | None:
    """A card whose ``turn`` lock ("the turn you activate this card") the player's Special
    Summons earlier this turn already broke cannot be activated (or its effect used)."""
    card = s.cards[a.card or ""]
    if not card.locks:
        return None
    act = classified(s, a)
    by: int | str | None = "activation" if act.card_activation else \
        act.used if act.known else None
    for lock in card.locks:
        if lock.scope != "turn" or lock.by != by:
            continue
        for done in s.this_turn.limits.special_summons:
            if done.player == a.player and _forbids(s, lock, done.card, done.from_extra):
                return f"{card.label} cannot be activated: {a.player} Special Summoned " \
                       f"{s.cards[done.card].label} this turn (action {done.index + 1}), " \
                       f"which its lock for the whole turn forbids."
    return None


def _sums(values: Iterable[tuple[int, ...]]) -> set[int]:
    """Every total one choice from each tuple can make.

    >>> sorted(_sums([(1,), (1, 2)]))
    [2, 3]
    """
    totals = {0}
    for options in values:
        totals = {t + v for t in totals for v in options}
    return totals


def _count(proc: Materials, n: int, what: str = "materials") -> str | None:
    low = proc.min if proc.min is not None else 0
    high = proc.max if proc.max is not None else 99
    if low <= n <= high:
        return None
    wanted = f"{low}" if low == high else f"{low} to {high}" if high < 99 else f"{low} or more"
    return f"it takes {wanted} {what}, not {n}"


def _on_field(s: DuelState, a: Action) -> str | None:
    for cid in a.materials:
        if not s.in_monster_zone(a.player, cid):
            return f"{s.cards[cid].label} is not {a.player}'s monster on the field"
    return None


def _kinds(s: DuelState, a: Action, kinds: MonsterKinds | None) -> str | None:
    if kinds is None:
        return None
    for cid in a.materials:
        if is_kind(s.cards[cid], kinds) is False:
            return f"{s.cards[cid].label} is not a kind of monster its text allows"
    return None


def _tuner(card: Card) -> bool | None:
    data = printed(card)
    return None if data is None else "Tuner" in data.get("types", ())


def leeway_in_play(s: DuelState, a: Action) -> frozenset[str]:
    """What the cards in play let this Summon take beyond the monster's own procedure (their
    ``material_leeway``, docs/cards.md): the summoned monster's own, its materials', a face-up
    card's on either field, and a card's its summoner activated this turn, as the limits'
    bookkeeping shows it (a Spell or Trap Card activated, an effect with a use limit used).

    >>> from validator.engine.state import Side
    >>> s = DuelState({"x": Card("x", "monster")}, 1, "p1",
    ...               {"p1": Side(8000, [], 0), "p2": Side(8000, [], 0)})
    >>> sorted(leeway_in_play(s, Action("special_summon", "p1", card="x")))
    []
    """
    return frozenset(_leeway_of(s, [a.card or "", *a.materials, *_face_up(s)],
                                _used(s, (a.player,))))


def levels_kept(s: DuelState) -> set[str]:
    """At the end of a turn, the monsters face-up on the field whose Level a card may have
    changed this turn for longer than the turn, which they keep while they stay there face-up
    (Chef de Nouvelles raising Patissciel Couverture to Level 7): every one of them, where a
    card whose Level changes may outlast the turn (``lasting_level``, docs/cards.md) was used
    this turn by either player (a Spell or Trap Card activated, an effect with a use limit
    used, a soft once per turn too, as the limits' bookkeeping shows it; the log does not say
    which monster it changed: the reading that flags least); else none. A change "until the
    end of this turn" (Hi-Speed Re-Level) marks none, nor does a card that merely stands
    face-up: its continuous effect ends when it leaves, and while it stays
    :func:`leeway_in_play` finds it.

    >>> from validator.engine.state import Side
    >>> s = DuelState({}, 1, "p1", {"p1": Side(8000, [], 0), "p2": Side(8000, [], 0)})
    >>> levels_kept(s)
    set()
    """
    monsters = [m.card for side in s.sides.values() for m in side.monsters
                if not m.position.startswith("facedown")]
    # an effect with a soft once per turn (Chef de Nouvelles') counts on the card itself
    if not monsters or "lasting_level" not in _leeway_of(s, s.this_turn.limits.copy_uses,
                                                          _used(s, PLAYERS)):
        return set()
    return set(monsters)


def _face_up(s: DuelState) -> list[str]:
    """The cards face-up on either field."""
    ids: list[str] = []
    for side in s.sides.values():
        ids += [m.card for m in side.monsters if not m.position.startswith("facedown")]
        ids += [st.card for st in side.spell_traps if st.face_up]
        if side.field_spell is not None and side.field_spell.face_up:
            ids.append(side.field_spell.card)
    return ids


def _used(s: DuelState, players: Iterable[str]) -> list[int]:
    """The passcodes of the cards whose names ``players`` activated this turn (a Spell or Trap
    Card activated, an effect with a use limit used), as the limits' bookkeeping shows them:
    every card of the duel whose :func:`~validator.engine.limits.name_key` the bookkeeping
    names, which for a card with a leeway (it has a passcode) is ``#`` and its passcode. Read
    from the keys and the duel's passcodes (:func:`_passcodes`), not by walking every card of
    the duel, which at each turn's end made a duel's judging grow with the square of its
    length where its cards grow with it (a synthetic duel's do)."""
    limits = s.this_turn.limits
    heads = tuple(f"{p}|" for p in players)
    used = {k.split("|", 1)[1] for k in limits.activations if k.startswith(heads)}
    used |= {k.split("|", 1)[1].rsplit(":", 1)[0] for k in limits.uses
             if k.startswith(heads) and k.split("|", 1)[1].startswith("#")}
    if not used:
        return []
    present = _passcodes(s.cards)
    out: list[int] = []
    for key in used:
        digits = key[1:].removeprefix("-")
        if key.startswith("#") and digits.isascii() and digits.isdigit():
            passcode = int(key[1:])
            # (a card's id may look like a passcode's key: "#007" names no passcode 7)
            if f"#{passcode}" == key and passcode in present:
                out.append(passcode)
    return out


#: Each duel's passcodes, by the identity of its table of cards (kept beside, so that no other
#: table takes its address; a duel's table is its document's, never changed once loaded).
_PASSCODES: Final[dict[int, tuple[Mapping[str, Card], frozenset[int]]]] = {}
#: Tables whose passcodes are kept (the duels judged last).
_PASSCODE_TABLES: Final = 64


def _passcodes(cards: Mapping[str, Card]) -> frozenset[int]:
    """The passcodes of a duel's cards (made once per table of cards).

    >>> sorted(_passcodes({"a": Card("a", "spell", passcode=9), "b": Card("b", "monster")}))
    [9]
    """
    held = _PASSCODES.get(id(cards))
    if held is None or held[0] is not cards:
        if len(_PASSCODES) >= _PASSCODE_TABLES:
            _PASSCODES.clear()
        held = _PASSCODES[id(cards)] = (cards, frozenset(
            card.passcode for card in cards.values() if card.passcode is not None))
    return held[1]


def _leeway_of(s: DuelState, ids: Iterable[str], passcodes: Iterable[int] = ()) -> set[str]:
    """The leeway of these cards, and of these passcodes, as the card database reads it."""
    cards = [s.cards.get(cid) for cid in dict.fromkeys(ids)]
    found: set[str] = set()
    for passcode in (*(card.passcode for card in cards if card is not None), *passcodes):
        if passcode is not None:
            leeway = _leeway(passcode)
            if leeway:  # (most cards have none: no update from an empty tuple)
                found.update(leeway)
    return found


#: Each passcode's ``material_leeway``, read once: the shipped database never changes, and
#: reading a card's facts builds them all.
_LEEWAY: Final[dict[int, tuple[str, ...]]] = {}


def _leeway(passcode: int) -> tuple[str, ...]:
    known = _LEEWAY.get(passcode) if type(passcode) is int else None
    if known is None:
        from validator.cards import database
        info = database().card(passcode)
        known = () if info is None else info.facts.material_leeway
        if type(passcode) is int:  # (a bool would share an int's entry)
            _LEEWAY[passcode] = known
    return known


#: The leeway that leaves a part of the procedure unjudged, by Summon: the Levels and the
#: Tuners (``LEVEL_LEEWAY``, ``TUNER_LEEWAY``: shared with the Duelingbook importer), the place
#: of the materials (docs/rules.md, ``summon.materials``).
_PLACES: Final = {"synchro": {"place", "hand"}, "xyz": {"place"}, "link": {"place"}}


def _why_not(s: DuelState, a: Action, proc: Materials,
             leeway: frozenset[str] = frozenset()) -> str | None:
    """Why these materials cannot make the monster by ``proc`` (None: they can), the parts
    that a card in play (``leeway``) may change left unjudged."""
    mats = [s.cards[cid] for cid in a.materials]
    levels = not leeway & LEVEL_LEEWAY.get(proc.summon, frozenset())
    # a material whose Level a card may have changed on an earlier turn (on the field since):
    # its own Level not judged, nor a sum it is part of
    kept = {m.id for m in mats if m.id in s.levels_changed}
    if proc.summon in ("link", "xyz", "synchro"):
        on_field = None if leeway & _PLACES[proc.summon] else _on_field(s, a)
        why = on_field or _kinds(s, a, proc.kinds if proc.summon != "synchro" else None)
        if why:
            return why
    if proc.summon == "link":
        why = _count(proc, len(mats))
        if why is None and proc.rating is not None and proc.rating not in _sums(
                (1, m.link) if m.link else (1,) for m in mats):
            why = f"their Link Ratings (a Link Monster counts as 1 or its rating) cannot " \
                  f"add up to {proc.rating}"
        return why
    if proc.summon == "xyz":
        # a Link Monster has no Level: no material of a procedure that names one (another
        # procedure, as Dingirsu's "1 "Orcust" Link Monster", names none)
        off = [m for m in mats if proc.level is not None and levels and (
            m.link is not None or (m.level is not None and m.level != proc.level and
                                   m.id not in kept))]
        if off:
            return f"{off[0].label} is not Level {proc.level}"
        return _count(proc, len(mats))
    if proc.summon == "synchro":
        return _synchro(proc, mats, levels and not kept, not leeway & TUNER_LEEWAY)
    if proc.summon == "ritual":
        values = [m.level for m in mats]
        if proc.level_sum is not None and levels and not kept and None not in values:
            total = sum(lv for lv in values if lv is not None)
            short = total < proc.level_sum if proc.ritual == "at_least" else \
                total != proc.level_sum
            if short:
                return f"their Levels add up to {total}, not " \
                       f"{'at least ' if proc.ritual == 'at_least' else ''}{proc.level_sum}"
        return None
    return _count(proc, len(mats))  # fusion: the count alone


def _synchro(proc: Materials, mats: list[Card], levels: bool = True,
             tuners: bool = True) -> str | None:
    """Why these materials cannot make the Synchro Monster (None: they can); ``levels`` and
    ``tuners``: whether their Levels and their Tuners are judged. A procedure without
    ``tuners`` (a substitute Tuner, as Cupsy★Yummy Way's Link-1) has its Tuners unjudged."""
    low_t, high_t = proc.tuners if proc.tuners is not None else (1, 1)
    if tuners and proc.tuners is not None:
        found = [_tuner(m) for m in mats]
        sure = sum(1 for t in found if t is True)
        maybe = sum(1 for t in found if t is None)
        if sure > high_t or sure + maybe < low_t:
            return f"it takes {low_t if low_t == high_t else f'{low_t} to {high_t}'} Tuner" \
                   f"{'s' if high_t != 1 else ''}, not {sure}"
    low = proc.min if proc.min is not None else low_t + 1  # the count of all materials (§8)
    high = proc.max if proc.max is not None else 99
    if not low <= len(mats) <= high:
        return _count(proc, len(mats)) if proc.min is not None else \
            f"it takes {low} or more materials, not {len(mats)}"
    values = [m.level for m in mats]
    if proc.level_sum is not None and levels and None not in values:
        total = sum(lv for lv in values if lv is not None)
        if total != proc.level_sum:
            return f"their Levels add up to {total}, not {proc.level_sum}"
    return None


@REGISTRY.rule("summon.materials")
def materials_make_monster(s: DuelState, a: Action) -> str | None:
    """An Extra Deck or Ritual Summon (``method``) with named ``materials`` that none of the
    card's own procedures of that kind (``materials``) can make."""
    card = s.cards[a.card or ""]
    if not a.materials or card.materials is None:
        return None
    procs = [proc for proc in card.materials if proc.summon == a.method]
    if not procs:
        return None
    leeway = leeway_in_play(s, a)
    if f"{a.method}_summon" in leeway:
        return None  # a Summon on a card's own terms (a Rank-Up-Magic): not the procedure's
    reasons = [_why_not(s, a, proc, leeway) for proc in procs]
    if any(why is None for why in reasons):
        return None
    return f"{card.label} cannot be {a.method.capitalize() if a.method else ''} Summoned " \
           f"with these materials: {reasons[0]}."
