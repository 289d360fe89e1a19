"""The engine's messages an importer reads, decoded from their packets (the formats of
``../shared/data/edopro/README.md``, which names the ygopro-core sources that write them).

Each decoder reads one message's data into a small typed record; messages the importer does
not read have none (:data:`DECODERS`; docs/edopro.md says why each is skipped).

>>> decode(Packet(MSG_NEW_TURN, b"\\x01"))
NewTurn(player=1)
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from validator.importers.edopro.yrp import Packet, Reader

# Message numbers (ocgapi_constants.h ``MSG_*``).
MSG_HINT: Final = 2
MSG_START: Final = 4
MSG_WIN: Final = 5
MSG_UPDATE_DATA: Final = 6
MSG_UPDATE_CARD: Final = 7
MSG_CONFIRM_DECKTOP: Final = 30
MSG_CONFIRM_CARDS: Final = 31
MSG_SHUFFLE_DECK: Final = 32
MSG_SHUFFLE_HAND: Final = 33
MSG_SHUFFLE_SET_CARD: Final = 36
MSG_SHUFFLE_EXTRA: Final = 39
MSG_NEW_TURN: Final = 40
MSG_NEW_PHASE: Final = 41
MSG_MOVE: Final = 50
MSG_POS_CHANGE: Final = 53
MSG_SET: Final = 54
MSG_SWAP: Final = 55
MSG_FIELD_DISABLED: Final = 56
MSG_SUMMONING: Final = 60
MSG_SUMMONED: Final = 61
MSG_SPSUMMONING: Final = 62
MSG_SPSUMMONED: Final = 63
MSG_FLIPSUMMONING: Final = 64
MSG_FLIPSUMMONED: Final = 65
MSG_CHAINING: Final = 70
MSG_CHAINED: Final = 71
MSG_CHAIN_SOLVING: Final = 72
MSG_CHAIN_SOLVED: Final = 73
MSG_CHAIN_END: Final = 74
MSG_CHAIN_NEGATED: Final = 75
MSG_CHAIN_DISABLED: Final = 76
MSG_CARD_SELECTED: Final = 80
MSG_RANDOM_SELECTED: Final = 81
MSG_BECOME_TARGET: Final = 83
MSG_DRAW: Final = 90
MSG_DAMAGE: Final = 91
MSG_RECOVER: Final = 92
MSG_EQUIP: Final = 93
MSG_LPUPDATE: Final = 94
MSG_UNEQUIP: Final = 95
MSG_CARD_TARGET: Final = 96
MSG_PAY_LPCOST: Final = 100
MSG_ADD_COUNTER: Final = 101
MSG_REMOVE_COUNTER: Final = 102
MSG_ATTACK: Final = 110
MSG_BATTLE: Final = 111
MSG_ATTACK_DISABLED: Final = 112
MSG_DAMAGE_STEP_START: Final = 113
MSG_DAMAGE_STEP_END: Final = 114
MSG_MISSED_EFFECT: Final = 120
MSG_TOSS_COIN: Final = 130
MSG_TOSS_DICE: Final = 131
MSG_CARD_HINT: Final = 160
MSG_PLAYER_HINT: Final = 165

# Locations (``LOCATION_*``) and positions (``POS_*``).
DECK: Final = 0x1
HAND: Final = 0x2
MZONE: Final = 0x4
SZONE: Final = 0x8
GRAVE: Final = 0x10
REMOVED: Final = 0x20
EXTRA: Final = 0x40
OVERLAY: Final = 0x80
FACEUP_ATTACK: Final = 0x1
FACEDOWN_ATTACK: Final = 0x2
FACEUP_DEFENSE: Final = 0x4
FACEDOWN_DEFENSE: Final = 0x8
FACEUP: Final = 0x5
FACEDOWN: Final = 0xA

# Move reasons (``REASON_*``).
R_DESTROY: Final = 0x1
R_RELEASE: Final = 0x2
R_MATERIAL: Final = 0x8
R_SUMMON: Final = 0x10
R_BATTLE: Final = 0x20
R_EFFECT: Final = 0x40
R_COST: Final = 0x80
R_LOST_TARGET: Final = 0x200
R_RULE: Final = 0x400
R_SPSUMMON: Final = 0x800
R_DISCARD: Final = 0x4000
R_RETURN: Final = 0x20000
R_FUSION: Final = 0x40000
R_SYNCHRO: Final = 0x80000
R_RITUAL: Final = 0x100000
R_XYZ: Final = 0x200000
R_DRAW: Final = 0x2000000
R_LINK: Final = 0x10000000
R_LOST_OVERLAY: Final = 0x20000000

# Phases (``PHASE_*``).
PHASE_DRAW: Final = 0x1
PHASE_STANDBY: Final = 0x2
PHASE_MAIN1: Final = 0x4
PHASE_BATTLE_START: Final = 0x8
PHASE_MAIN2: Final = 0x100
PHASE_END: Final = 0x200


# The most decoded records have their own __init__ (compiled with the module), not the one
# dataclass writes (interpreted, and frozen, one object.__setattr__ per field): a few hundred
# thousand of them in the corpus. Never changed once made (no code assigns them); hashable as
# the frozen ones were (unsafe_hash).
@dataclass(slots=True, unsafe_hash=True)
class Loc:
    """Where a card stands (``loc_info``): controller, location, sequence, position."""

    controller: int
    location: int
    sequence: int
    position: int

    def __init__(self, controller: int, location: int, sequence: int, position: int) -> None:
        self.controller = controller
        self.location = location
        self.sequence = sequence
        self.position = position


@dataclass(frozen=True, slots=True)
class Win:
    player: int
    reason: int


@dataclass(slots=True, unsafe_hash=True)
class NewTurn:
    player: int

    def __init__(self, player: int) -> None:
        self.player = player


@dataclass(slots=True, unsafe_hash=True)
class NewPhase:
    phase: int

    def __init__(self, phase: int) -> None:
        self.phase = phase


@dataclass(slots=True, unsafe_hash=True)
class Move:
    code: int
    old: Loc
    new: Loc
    reason: int

    def __init__(self, code: int, old: Loc, new: Loc, reason: int) -> None:
        self.code = code
        self.old = old
        self.new = new
        self.reason = reason


@dataclass(frozen=True, slots=True)
class PosChange:
    code: int
    controller: int
    location: int
    sequence: int
    old: int
    new: int


@dataclass(frozen=True, slots=True)
class SetCard:
    code: int
    loc: Loc


@dataclass(frozen=True, slots=True)
class Swap:
    code1: int
    loc1: Loc
    code2: int
    loc2: Loc


@dataclass(slots=True, unsafe_hash=True)
class Summoning:
    """SUMMONING, SPSUMMONING or FLIPSUMMONING (``msg`` says which) of one monster."""

    msg: int
    code: int
    loc: Loc

    def __init__(self, msg: int, code: int, loc: Loc) -> None:
        self.msg = msg
        self.code = code
        self.loc = loc


@dataclass(slots=True, unsafe_hash=True)
class Summoned:
    """SUMMONED, SPSUMMONED or FLIPSUMMONED: the summon is over."""

    msg: int

    def __init__(self, msg: int) -> None:
        self.msg = msg


@dataclass(slots=True, unsafe_hash=True)
class Chaining:
    code: int
    loc: Loc
    controller: int
    location: int
    sequence: int
    description: int
    link: int

    def __init__(self, code: int, loc: Loc, controller: int, location: int, sequence: int,
                 description: int, link: int) -> None:
        self.code = code
        self.loc = loc
        self.controller = controller
        self.location = location
        self.sequence = sequence
        self.description = description
        self.link = link


@dataclass(slots=True, unsafe_hash=True)
class ChainEvent:
    """CHAINED, CHAIN_SOLVING, CHAIN_SOLVED, CHAIN_NEGATED, CHAIN_DISABLED (``msg``), a link."""

    msg: int
    link: int

    def __init__(self, msg: int, link: int) -> None:
        self.msg = msg
        self.link = link


@dataclass(slots=True, unsafe_hash=True)
class ChainEnd:

    def __init__(self) -> None:
        pass


@dataclass(slots=True, unsafe_hash=True)
class Draw:
    player: int
    codes: tuple[int, ...]

    def __init__(self, player: int, codes: tuple[int, ...]) -> None:
        self.player = player
        self.codes = codes


@dataclass(frozen=True, slots=True)
class LifePoints:
    """DAMAGE, RECOVER, PAY_LPCOST (``msg``) or LPUPDATE (the new total)."""

    msg: int
    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class Equip:
    equip: Loc
    target: Loc


@dataclass(frozen=True, slots=True)
class Attack:
    attacker: Loc
    target: Loc | None


@dataclass(frozen=True, slots=True)
class Battle:
    pass


@dataclass(frozen=True, slots=True)
class AttackDisabled:
    pass


@dataclass(frozen=True, slots=True)
class ShuffleHand:
    player: int
    codes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ShuffleExtra:
    player: int
    codes: tuple[int, ...]


Message = (ShuffleExtra | Win | NewTurn | NewPhase | Move | PosChange | SetCard | Swap
           | Summoning | Summoned | Chaining | ChainEvent | ChainEnd | Draw | LifePoints
           | Equip | Attack | Battle | AttackDisabled | ShuffleHand)


def loc(r: Reader) -> Loc:
    """One ``loc_info`` (10 bytes)."""
    return Loc(r.u8(), r.u8(), r.u32(), r.u32())


# The hot messages read at once (a game holds thousands of moves and chain events).
_MOVE = struct.Struct("<IBBIIBBIII")
_CHAINING = struct.Struct("<IBBIIBBIQI")


def _win(r: Reader, msg: int) -> Message:
    return Win(r.u8(), r.u8())


def _new_turn(r: Reader, msg: int) -> Message:
    return NewTurn(r.u8())


def _new_phase(r: Reader, msg: int) -> Message:
    return NewPhase(r.u16())


def _move(r: Reader, msg: int) -> Message:
    if r.left < _MOVE.size:
        return Move(r.u32(), loc(r), loc(r), r.u32())  # says where it ends early
    code, c1, l1, s1, p1, c2, l2, s2, p2, reason = _MOVE.unpack_from(r.data)
    return Move(code, Loc(c1, l1, s1, p1), Loc(c2, l2, s2, p2), reason)


def _pos_change(r: Reader, msg: int) -> Message:
    return PosChange(r.u32(), r.u8(), r.u8(), r.u8(), r.u8(), r.u8())


def _set(r: Reader, msg: int) -> Message:
    return SetCard(r.u32(), loc(r))


def _swap(r: Reader, msg: int) -> Message:
    return Swap(r.u32(), loc(r), r.u32(), loc(r))


def _summoning(r: Reader, msg: int) -> Message:
    return Summoning(msg, r.u32(), loc(r))


def _summoned(r: Reader, msg: int) -> Message:
    return Summoned(msg)


def _chaining(r: Reader, msg: int) -> Message:
    if r.left < _CHAINING.size:
        return Chaining(r.u32(), loc(r), r.u8(), r.u8(), r.u32(), r.u64(), r.u32())
    code, c, lo, sq, pos, tc, tl, ts, desc, link = _CHAINING.unpack_from(r.data)
    return Chaining(code, Loc(c, lo, sq, pos), tc, tl, ts, desc, link)


def _chain_event(r: Reader, msg: int) -> Message:
    if not r.data:
        r.u8()  # says it ends early
    return ChainEvent(msg, r.data[0])


def _chain_end(r: Reader, msg: int) -> Message:
    return ChainEnd()


def _draw(r: Reader, msg: int) -> Message:
    player, count = r.u8(), r.u32()
    codes = []
    for _ in range(min(count, r.left // 8)):
        codes.append(r.u32())
        r.u32()  # the position it is drawn in
    return Draw(player, tuple(codes))


def _life_points(r: Reader, msg: int) -> Message:
    return LifePoints(msg, r.u8(), r.u32())


def _equip(r: Reader, msg: int) -> Message:
    return Equip(loc(r), loc(r))


def _attack(r: Reader, msg: int) -> Message:
    attacker, target = loc(r), loc(r)
    return Attack(attacker, target if target.location else None)


def _battle(r: Reader, msg: int) -> Message:
    return Battle()


def _attack_disabled(r: Reader, msg: int) -> Message:
    return AttackDisabled()


def _shuffle_hand(r: Reader, msg: int) -> Message:
    player, count = r.u8(), r.u32()
    return ShuffleHand(player, tuple(r.u32() for _ in range(min(count, r.left // 4))))


def _shuffle_extra(r: Reader, msg: int) -> Message:
    player, count = r.u8(), r.u32()
    return ShuffleExtra(player, tuple(r.u32() for _ in range(min(count, r.left // 4))))


#: Message number -> its decoder (the messages the importer reads).
DECODERS: Final[dict[int, Callable[[Reader, int], Message]]] = {
    MSG_WIN: _win, MSG_NEW_TURN: _new_turn, MSG_NEW_PHASE: _new_phase, MSG_MOVE: _move,
    MSG_POS_CHANGE: _pos_change, MSG_SET: _set, MSG_SWAP: _swap,
    MSG_SUMMONING: _summoning, MSG_SPSUMMONING: _summoning, MSG_FLIPSUMMONING: _summoning,
    MSG_SUMMONED: _summoned, MSG_SPSUMMONED: _summoned, MSG_FLIPSUMMONED: _summoned,
    MSG_CHAINING: _chaining, MSG_CHAINED: _chain_event, MSG_CHAIN_SOLVING: _chain_event,
    MSG_CHAIN_SOLVED: _chain_event, MSG_CHAIN_NEGATED: _chain_event,
    MSG_CHAIN_DISABLED: _chain_event, MSG_CHAIN_END: _chain_end, MSG_DRAW: _draw,
    MSG_DAMAGE: _life_points, MSG_RECOVER: _life_points, MSG_PAY_LPCOST: _life_points,
    MSG_LPUPDATE: _life_points, MSG_EQUIP: _equip, MSG_ATTACK: _attack, MSG_BATTLE: _battle,
    MSG_ATTACK_DISABLED: _attack_disabled, MSG_SHUFFLE_HAND: _shuffle_hand,
    MSG_SHUFFLE_EXTRA: _shuffle_extra,
}


#: Each read message's name in an error ("message 50"), written once, not at each message.
_WHAT: Final = {number: f"message {number}" for number in DECODERS}


def decode(packet: Packet) -> Message | None:
    """The packet's message as a record, or None for a message the importer does not read.

    >>> decode(Packet(MSG_UPDATE_DATA, b"")) is None
    True
    """
    decoder = DECODERS.get(packet.msg)
    if decoder is None:
        return None
    return decoder(Reader(packet.data, _WHAT[packet.msg]), packet.msg)
