"""EDOPro replays (``.yrpX``) to duel documents: the file read (:mod:`.yrp`), its messages
read as actions (:mod:`.builder`), the cards by passcode from the card database, the rule mode
from the duel flags (docs/edopro.md).

>>> try:
...     import_replay(b"not a replay at all, but long enough to have a header")
... except NotAReplay as error:
...     print(error)
not an EDOPro replay: the file does not begin with "yrpX" or "yrp1"
"""

from __future__ import annotations

import struct
from typing import Any, Final

from validator.cards.database import CardInfo, database
from validator.decks.formats import identify
from validator.decks.replay import ReplayCards
from validator.importers.duelingbook.game import Game
from validator.importers.duelingbook.readings.catalog import Note
from validator.importers.edopro import messages as msg
from validator.importers.edopro.builder import GameBuilder
from validator.importers.edopro.decks import replay_cards
from validator.importers.edopro.query import (
    TYPE_LINK,
    TYPE_SPELL,
    TYPE_TOKEN,
    TYPE_TRAP,
    extra_decks,
    queried,
)
from validator.importers.edopro.yrp import (
    HAND_TEST,
    SINGLE_MODE,
    NoLog,
    NotAReplay,
    Replay,
    ReplayFileError,
    read_replay,
)

__all__ = ["NoLog", "NotAReplay", "ReplayFileError", "import_file", "import_replay",
           "is_edopro", "not_judged"]

# Duel flags (``DUEL_*``) that say which rules the engine played by.
DUEL_1ST_TURN_DRAW: Final = 0x200
DUEL_PZONE: Final = 0x800
DUEL_EMZONE: Final = 0x2000
DUEL_FSX_MMZONE: Final = 0x4000
DUEL_3_COLUMNS_FIELD: Final = 0x400000
DUEL_NO_MAIN_PHASE_2: Final = 0x200000
DUEL_OCG_OBSOLETE_IGNITION: Final = 0x100
#: The flags of today's rules (Master Rule 2020, EDOPro's MR5): the advanced ruleset's.
TODAY: Final = DUEL_PZONE | DUEL_EMZONE | DUEL_FSX_MMZONE
#: A Spell's or Trap's subtype by its card type bits (``TYPE_*``), as the engine's refresh
#: gives it for a card the database does not know.
SUBTYPES: Final = ((0x10000, "quick_play"), (0x20000, "continuous"), (0x40000, "equip"),
                   (0x80000, "field"), (0x100000, "counter"), (0x80, "ritual"))
#: Spells and Traps that go to the Graveyard once their chain link resolves (§2).
ONE_SHOT: Final = frozenset({("spell", "normal"), ("spell", "quick_play"), ("spell", "ritual"),
                             ("trap", "normal"), ("trap", "counter")})


def is_edopro(data: bytes) -> bool:
    """Whether ``data`` is an EDOPro replay file, by its first four bytes.

    >>> is_edopro(b"yrpX" + bytes(40)), is_edopro(b'{"plays": []}')
    (True, False)
    """
    return len(data) >= 4 and data[:4] in (b"yrpX", b"yrp1")


def not_judged(flags: int) -> str | None:
    """Why a duel played with these duel flags is not judged, or None for today's rules.

    >>> not_judged(0x2e800) is None
    True
    >>> not_judged(0x2e800 | DUEL_1ST_TURN_DRAW)
    'the duel flags (0x2ea00) give the first player a draw in turn 1, which the TCG has not'
    """
    if flags & (DUEL_3_COLUMNS_FIELD | DUEL_NO_MAIN_PHASE_2):
        return f"the duel flags ({flags:#x}) are a Speed or Rush Duel's, another game"
    if flags & TODAY != TODAY or flags & DUEL_OCG_OBSOLETE_IGNITION:
        return f"the duel flags ({flags:#x}) are an older Master Rule's, which the advanced " \
               f"ruleset (today's rules) does not judge"
    if flags & DUEL_1ST_TURN_DRAW:
        return f"the duel flags ({flags:#x}) give the first player a draw in turn 1, which " \
               f"the TCG has not"
    return None


class Cards:
    """What the importer knows of each passcode: the card database, else what the engine's
    own refreshes say (an alternate artwork's alias, a token's stats)."""

    def __init__(self, replay: Replay) -> None:
        self.db = database()
        self.replay = replay
        self.known: dict[int, CardInfo | None] = {}
        self.queried: dict[int, Any] | None = None
        self.notes: list[Note] = []

    def _ask(self, code: int) -> CardInfo | None:
        if code in self.known:
            return self.known[code]
        found = self.db.card(code)
        if found is None:
            known = identify(code)  # an alternate artwork the deck lists know
            found = self.db.card(known.passcode) if known is not None else None
            if found is not None:
                self.notes.append(Note("edopro.card-alias", f"passcode {code} is an "
                                       f"alternate artwork of {found.name} "
                                       f"({found.passcode})"))
        if found is None:
            alias = self._query(code).alias if self._query(code) is not None else 0
            if alias and alias != code:
                found = self.db.card(alias)
                if found is not None:
                    self.notes.append(Note("edopro.card-alias", f"passcode {code} is an "
                                           f"alternate artwork of {found.name} ({alias})"))
        self.known[code] = found
        return found

    def _query(self, code: int) -> Any:
        if self.queried is None:
            wanted = self._unknown_codes()
            self.queried = queried(self.replay.body, self.replay.refreshes, wanted) \
                if wanted else {}
        return self.queried.get(code)

    def _unknown_codes(self) -> set[int]:
        codes: set[int] = set()
        for p in self.replay.packets:
            if p.msg == msg.MSG_MOVE and len(p.data) >= 4:
                code = struct.unpack_from("<I", p.data)[0]
                if code and self.db.card(code) is None:
                    codes.add(code)
        return codes

    def name(self, code: int) -> str:
        """The card's name (its passcode when nobody knows it)."""
        found = self._ask(code)
        return found.name if found is not None else f"card {code}"

    def kind(self, code: int) -> str:
        """``monster``, ``spell``, ``trap``, or ``pendulum`` for a Pendulum Monster."""
        found = self._ask(code)
        if found is None:
            q = self._query(code)
            if q is not None and q.type & TYPE_SPELL:
                return "spell"
            if q is not None and q.type & TYPE_TRAP:
                return "trap"
            return "monster"
        if found.kind == "monster" and found.data.get("pendulum"):
            return "pendulum"
        return found.kind

    def subtype(self, code: int) -> str | None:
        """A Spell's or Trap's subtype."""
        found = self._ask(code)
        if found is not None:
            return found.data.get("subtype")
        q = self._query(code)
        if q is None or not q.type & (TYPE_SPELL | TYPE_TRAP):
            return None
        return next((name for bit, name in SUBTYPES if q.type & bit), "normal")

    def effects(self, code: int) -> list[tuple[str, tuple[str, ...]]]:
        """The card's activated effects as the database lists them: (kind, places)."""
        found = self._ask(code)
        if found is None:
            return []
        return [(e.kind, e.places) for e in found.facts.effects]

    def limited(self, code: int) -> tuple[bool, ...]:
        """Which of the card's ``effects`` have a use limit (``once`` or ``shared``)."""
        found = self._ask(code)
        if found is None:
            return ()
        return tuple(e.once is not None or e.shared is not None for e in found.facts.effects)

    def info(self, code: int) -> CardInfo | None:
        """The card the database gives for the engine's code (an alternate artwork's own)."""
        return self._ask(code)

    def own(self, code: int, source: int) -> bool:
        """Whether the card whose string an activation's description is (``source``) is the
        activated card itself: False only for another card the database knows, activated by
        a card whose effects it lists (one it does not script is judged without them)."""
        found, other = self._ask(code), self.db.card(source)
        if found is None or other is None or "effects" not in found.entry():
            return True
        return found.name == other.name

    def set_turn(self, code: int) -> tuple[str, ...]:
        """The card database's ``set_turn``: what the card lets be activated the turn it
        was Set."""
        found = self._ask(code)
        return () if found is None else found.facts.set_turn

    def trap_monster(self, code: int) -> bool:
        """Whether the card database knows the card as a Trap Monster (``trap_monster``)."""
        found = self._ask(code)
        return found is not None and found.facts.trap_monster is not None

    def one_shot(self, code: int) -> bool:
        """Whether the card goes to the Graveyard once its activation resolves."""
        found = self._ask(code)
        return found is not None and (found.kind, found.data.get("subtype")) in ONE_SHOT

    def entry(self, code: int, owner: str, token: bool) -> dict[str, Any]:
        """The card's entry in the document's ``cards``."""
        found = self._ask(code)
        if found is not None and not token:
            return {"passcode": found.passcode, "owner": owner}
        q = self._query(code)
        out: dict[str, Any] = {"name": found.name if found else f"card {code}",
                               "kind": "monster", "owner": owner}
        if token or (q is not None and q.type & TYPE_TOKEN):
            out["token"] = True
            out["name"] = found.name if found else f"Token {code}"
        if q is not None and q.type & (TYPE_SPELL | TYPE_TRAP):
            out.update(kind="spell" if q.type & TYPE_SPELL else "trap",
                       subtype=next((name for bit, name in SUBTYPES if q.type & bit), "normal"),
                       effect="quick")  # nothing says when its effects may be used
        elif q is not None and q.type & TYPE_LINK:
            out["link"] = max(1, q.link)
        else:
            level = (q.level or q.rank) if q is not None else 1
            out["level"] = min(max(level, 0), 13)
            if q is not None:
                out.update(atk=q.atk, **{"def": q.def_})
        if out["kind"] == "monster":
            out["effect"] = "quick"  # nothing says when its effects may be used: the laxest
        if not token and found is None:
            self.notes.append(Note("edopro.card-unknown", f"passcode {code}: taken as the "
                                   f"engine's log shows it"))
        return out


def import_replay(data: bytes) -> list[Game]:
    """The game of an EDOPro replay file, as a duel document (one game per file).

    :class:`NoLog` for a response-only ``.yrp``; :class:`NotAReplay` for anything else.
    """
    return import_file(data)[0]


def import_file(data: bytes) -> tuple[list[Game], ReplayCards]:
    """The game of an EDOPro replay file, and the decks it holds as the deck check reads a
    replay's cards (:func:`.decks.replay_cards`)."""
    replay = read_replay(bytes(data))
    games = [_game(replay)]
    return games, replay_cards(replay.decks, (games[0].players["p1"], games[0].players["p2"]),
                               replay.header.timestamp)


def _game(replay: Replay) -> Game:
    cards = Cards(replay)
    names = (" & ".join(replay.names[0]) or "player 1", " & ".join(replay.names[1]) or
             "player 2")
    b = GameBuilder(replay.packets, names, describe=cards.name)
    b.kinds, b.subtype, b.one_shot = cards.kind, cards.subtype, cards.one_shot
    b.effects, b.set_turn, b.trap_monster = cards.effects, cards.set_turn, cards.trap_monster
    b.own, b.limited = cards.own, cards.limited
    start = next((p for p in replay.packets if p.msg == msg.MSG_START), None)
    if start is not None and len(start.data) >= 17:
        _, _, _, main0, _, main1, _ = struct.unpack_from("<BIIHHHH", start.data)
        b.deck_sizes = [main0, main1]
        b.lp = list(struct.unpack_from("<II", start.data, 1))
        b.start_lp = list(b.lp)
    elif replay.decks is not None and len(replay.decks.main) >= 2:
        b.deck_sizes = [len(replay.decks.main[0]), len(replay.decks.main[-1])]
    b.after_hands = replay.after_hands
    for n, codes in enumerate(extra_decks(replay.body, replay.refreshes)):
        b.board.extras[n][:] = [[code, None] for code in codes]
    b.read()
    game = Game(1, {"p1": names[0], "p2": names[1]}, {})
    why_not = not_judged(replay.duel_flags)
    if why_not is not None:
        game.notes.append(Note("edopro.rule-mode", why_not))
    if replay.header.flag & HAND_TEST or replay.header.flag & SINGLE_MODE:
        game.notes.append(Note("edopro.hand-test", "a single-player replay (hand test or "
                                                   "puzzle)"))
    game.ruleset = "advanced"
    game.stopped = b.stopped
    game.document = _document(b, cards, replay, game, why_not)
    game.notes.extend(cards.notes)
    game.notes.extend(Note(r, t, at) for r, t, at in b.notes)
    game.document["source"]["notes"] = [n.to_dict() for n in game.notes]
    return game


def _document(b: GameBuilder, cards: Cards, replay: Replay, game: Game,
              why_not: str | None) -> dict[str, Any]:
    placed_extra: dict[str, list[str]] = {"p1": [], "p2": []}
    entries: dict[str, dict[str, Any]] = {}
    for cid, piece in b.board.pieces.items():
        owner = "p1" if piece.owner == 0 else "p2"
        entries[cid] = cards.entry(piece.code, owner, piece.token)
        if cid in b.granted:
            found = cards.info(piece.code)
            own = found.entry().get("effects", []) if found is not None else []
            entries[cid]["effects"] = [*own, {"kind": "quick",
                                              "from": sorted(b.granted[cid])}]
        if cid in b.born_in_extra:
            placed_extra[owner].append(cid)
    setup: dict[str, Any] = {}
    for n, player in enumerate(("p1", "p2")):
        hand = b.hands[n]
        side: dict[str, Any] = {"deck": max(b.deck_sizes[n] - len(hand), 0), "hand": hand,
                                "lp": b.start_lp[n]}
        if placed_extra[player]:
            side["extra"] = placed_extra[player]
        setup[player] = side
    for cid in {c for side in setup.values() for c in (*side["hand"],
                                                       *side.get("extra", ()))}:
        entries[cid].pop("owner", None)
    source: dict[str, Any] = {
        "from": "edopro", "edopro_version": replay.header.edopro_version,
        "duel_flags": f"{replay.duel_flags:#x}", "players": game.players, "notes": []}
    if why_not is not None:
        source["not_judged"] = why_not
    if b.stopped:
        source["stopped"] = b.stopped
    return {"ruleset": "advanced", "turn_player": "p1" if (b.first_player or 0) == 0 else "p2",
            "cards": entries, "setup": setup, "actions": b.actions, "source": source}
