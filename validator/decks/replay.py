"""The cards a Duelingbook replay shows, by player, and their deck check.

A replay's deck lists hold only Duelingbook's object numbers, so what can be checked is what
the replay reveals: every card object of a play (played, revealed, searched, drawn in a
private log, the opening hands of "Pick first"), counted by copies. A card object's
``object_id`` is the card's place in its owner's deck list (Main, then Extra, then Side),
the same in every game of a match, so two objects of one card with two ``object_id``s are two
copies. This module reads the replay's JSON itself (it does not depend on the importer).

Whose card a play shows: Duelingbook lets a player move the opponent's cards, so the acting
player is not always the owner. A play from the acting player's hand, Deck or Extra Deck, or a
draw, shows the player's own card; a play "from GY" (or of a banished card) while the player
views the opponent's Graveyard (or banished cards) shows the opponent's; any other play (a
card on the field, which may have changed control) belongs to whichever player's list holds
that card at that ``object_id``, else to the acting player.

>>> plays = [{"play": "Pick first", "log": [{"username": "a", "private_log": 'Drew "Sangan"'}],
...           "cards": [{"name": "Sangan", "serial_number": "26202165", "object_id": 3}]},
...          {"play": "Draw card", "username": "a", "log": {"public_log": "Drew a card"},
...           "card": {"name": "Sangan", "serial_number": "26202165", "object_id": 7}}]
>>> seen = read_replay({"plays": plays, "player1": {"username": "a"}})
>>> [(p.username, {c.name: len(ids) for c, ids in p.copies.items()}) for p in seen.players]
[('a', {'Sangan': 2})]
>>> check_replay(seen, "goat")["players"][0]["findings"][0]["id"]
'deck.over-limit'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from validator.decks.check import card_findings, get_format, size_findings
from validator.decks.formats import Card, DeckError, check_date, identify

#: Duelingbook's format codes by first letter: g Goat, e Edison, a Advanced (u Unlimited and
#: the rest have no list here).
FORMAT_CODES: Final = {"g": "goat", "e": "edison", "a": "advanced"}
#: "Pick first" card pool dates of a format.
CARD_POOLS: Final = {"2005-08-20": "goat"}
_OWN = re.compile(r"\bfrom (?:hand|Deck|Extra Deck)\b|^Drew\b")
_FROM_GY = re.compile(r"\bfrom GY\b")
_BANISHED = re.compile(r"\bbanished\b", re.I)
#: How long a log line a sighting keeps.
LOG_CHARS: Final = 200


@dataclass
class PlayerCards:
    """One player's cards in a replay: the copies (``object_id``s) of each card, where each
    copy was first seen, the deck sizes Duelingbook gives by game, and the cards the card
    database does not know."""

    username: str
    copies: dict[Card, set[int]] = field(default_factory=dict)
    seen: dict[Card, list[dict[str, Any]]] = field(default_factory=dict)
    sizes: list[tuple[int, dict[str, int | None]]] = field(default_factory=list)


@dataclass
class ReplayCards:
    """What a replay shows: its format code, its "Pick first" card pool date, the day it was
    played, each player's cards, and the sightings no player's list could take."""

    format_code: str | None = None
    card_pool: str | None = None
    day: str | None = None
    players: list[PlayerCards] = field(default_factory=list)
    unplaced: int = 0

    def player(self, username: str) -> PlayerCards:
        """The player of that username (added when new).

        >>> ReplayCards().player("a").username
        'a'
        """
        for p in self.players:
            if p.username == username:
                return p
        found = PlayerCards(username)
        self.players.append(found)
        return found


@dataclass(frozen=True, slots=True)
class _Sighting:
    game: int
    play: int
    actor: str
    object_id: int
    card: Card
    kind: str  # "own", "opponent's" or "other"
    log: str
    time: str


def _text(log: object) -> str:
    if not isinstance(log, dict):
        return ""
    public, private = log.get("public_log"), log.get("private_log")
    parts = [p for p in (private, public) if isinstance(p, str)]
    return parts[0] if parts else ""


def _card(obj: object) -> Card | None:
    """The card of a Duelingbook card object (None for a token or a card object without a
    name); a card the database does not know keeps its name and passcode 0."""
    if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
        return None
    if obj.get("monster_color") == "Token" or "token" in str(obj.get("card_type", "")).lower():
        return None
    serial = obj.get("serial_number")
    found = identify(int(serial)) if isinstance(serial, str) and serial.isdigit() and \
        len(serial) <= 10 and int(serial) > 0 else None
    name = str(obj["name"])
    return found or identify(name) or Card(0, name[:100])


def _time(play: dict[str, Any]) -> str:
    """A play's time in the match, ``m:ss`` (as the importer's log lines give it).

    >>> _time({"seconds": 199}), _time({})
    ('3:19', '')
    """
    seconds = play.get("seconds")
    if not isinstance(seconds, int) or isinstance(seconds, bool) or seconds < 0:
        return ""
    return f"{seconds // 60}:{seconds % 60:02}"


def _object_id(obj: dict[str, Any]) -> int | None:
    value = obj.get("object_id")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _usernames(data: dict[str, Any]) -> list[str]:
    names = []
    for key in ("player1", "player2"):
        entry = data.get(key)
        if isinstance(entry, dict) and isinstance(entry.get("username"), str):
            names.append(entry["username"])
    return names


def _sizes(entry: object) -> dict[str, int | None] | None:
    if not isinstance(entry, dict):
        return None
    out: dict[str, int | None] = {}
    for part in ("main", "extra", "side"):
        value = entry.get(f"{part}_total")
        out[part] = value if isinstance(value, int) and not isinstance(value, bool) else None
    return out if any(v is not None for v in out.values()) else None


def read_replay(data: object) -> ReplayCards:
    """The cards a replay (its JSON, parsed) shows, by player. Never raises: what is not a
    play or not a card object is passed over.

    >>> read_replay({"plays": [], "format": "er", "date": "2024-03-15 16:23:30"}).day
    '2024-03-15'
    """
    out = ReplayCards()
    if not isinstance(data, dict):
        return out
    code, when = data.get("format"), data.get("date")
    out.format_code = code if isinstance(code, str) else None
    out.day = when[:10] if isinstance(when, str) and re.match(r"^\d{4}-\d{2}-\d{2}", when) \
        else None
    for name in _usernames(data):
        player = out.player(name)
        sizes = _sizes(data.get("player1" if len(out.players) == 1 else "player2"))
        if sizes:
            player.sizes.append((1, sizes))
    plays = data.get("plays")
    sightings: list[_Sighting] = []
    viewing: dict[str, str] = {}
    game = 0
    for index, play in enumerate(plays if isinstance(plays, list) else ()):
        if not isinstance(play, dict):
            continue
        kind, actor = play.get("play"), play.get("username")
        if kind == "Pick first":
            game += 1
            pool = play.get("date")
            if isinstance(pool, str) and out.card_pool is None:
                out.card_pool = pool
            sightings += _opening(play, game, index)
            continue
        if kind == "Begin next duel":
            for key in ("player1", "player2"):
                entry = play.get(key)
                sizes = _sizes(entry)
                if sizes and isinstance(entry, dict) and isinstance(entry.get("username"), str):
                    out.player(entry["username"]).sizes.append((game + 1, sizes))
            continue
        if not isinstance(actor, str):
            continue
        if isinstance(kind, str) and kind.startswith("View"):
            viewing[actor] = str(play.get("viewing", ""))
            continue
        if kind == "Stop viewing":
            viewing.pop(actor, None)
            continue
        obj = play.get("card")
        card = _card(obj)
        if card is None or not isinstance(obj, dict):
            continue
        object_id = _object_id(obj)
        if object_id is None:
            continue
        log = play.get("log")
        public = log.get("public_log", "") if isinstance(log, dict) else ""
        public = public if isinstance(public, str) else ""
        pile = viewing.get(actor, "")
        if pile.startswith("Opponent's") and (
                ("Graveyard" in pile and _FROM_GY.search(public)) or
                ("Banished" in pile and _BANISHED.search(public))):
            how = "opponent's"
        elif kind == "Draw card" or _OWN.search(public):
            how = "own"
        else:
            how = "other"
        sightings.append(_Sighting(game, index, actor, object_id, card, how,
                                   _text(log)[:LOG_CHARS], _time(play)))
    _place(out, sightings)
    return out


def _opening(play: dict[str, Any], game: int, index: int) -> list[_Sighting]:
    """The opening hands of a "Pick first" play: its ``cards``, in the order of its draws."""
    logs = [x for x in play.get("log") or () if isinstance(x, dict) and
            isinstance(x.get("private_log"), str) and x["private_log"].startswith("Drew")
            and isinstance(x.get("username"), str)]
    cards = [c for c in play.get("cards") or () if isinstance(c, dict)]
    if len(logs) != len(cards):
        return []
    out = []
    for log, obj in zip(logs, cards, strict=True):
        card, object_id = _card(obj), _object_id(obj)
        if card is not None and object_id is not None:
            out.append(_Sighting(game, index, log["username"], object_id, card, "own",
                                 str(log["private_log"])[:LOG_CHARS], _time(play)))
    return out


def _place(out: ReplayCards, sightings: list[_Sighting]) -> None:
    """Give each sighting its owner: first the plays whose owner is sure, then the others by
    the lists those built."""
    names = [p.username for p in out.players]
    for s in sightings:
        if s.actor not in names:
            names.append(s.actor)
            out.player(s.actor)

    def opponent(name: str) -> str | None:
        others = [n for n in names if n != name]
        return others[0] if len(others) == 1 else None

    slots: dict[tuple[str, int], Card] = {}
    placed: list[tuple[str, _Sighting]] = []
    for s in sightings:
        if s.kind == "other":
            continue
        owner = s.actor if s.kind == "own" else opponent(s.actor)
        if owner is None:
            out.unplaced += 1
            continue
        slots.setdefault((owner, s.object_id), s.card)
        placed.append((owner, s))
    for s in sightings:
        if s.kind != "other":
            continue
        other = opponent(s.actor)
        mine, theirs = slots.get((s.actor, s.object_id)), \
            slots.get((other, s.object_id)) if other else None
        where: str | None = None
        if mine == s.card or (mine is None and theirs != s.card):
            where = s.actor
        elif theirs == s.card or (other is not None and theirs is None):
            where = other
        if where is None:
            out.unplaced += 1
            continue
        slots.setdefault((where, s.object_id), s.card)
        placed.append((where, s))
    placed.sort(key=lambda x: x[1].play)
    for owner, s in placed:
        player = out.player(owner)
        ids = player.copies.setdefault(s.card, set())
        if s.object_id not in ids:
            ids.add(s.object_id)
            player.seen.setdefault(s.card, []).append(
                {"game": s.game, "play": s.play, "time": s.time, "player": s.actor,
                 "log": s.log})


def replay_format(cards: ReplayCards, override: str | None = None) -> tuple[str | None, str]:
    """The format a replay's decks are checked against, and why: ``override`` (the command
    line's ``--deck-format``), its format code, or its "Pick first" card pool date.

    >>> replay_format(ReplayCards(format_code="er")), replay_format(ReplayCards("uu"))[0]
    (('edison', 'its format code er'), None)
    """
    if override is not None:
        return get_format(override, "deck_format").key, "asked for"
    code = cards.format_code
    if code:
        found = FORMAT_CODES.get(code[:1])
        if found:
            return found, f"its format code {code}"
        why = "Unlimited has no Forbidden & Limited list" if code[:1] == "u" else \
            "the deck check knows no list for it"
        return None, f"its format code {code}: {why}"
    if cards.card_pool in CARD_POOLS:
        return CARD_POOLS[cards.card_pool], f"its card pool date {cards.card_pool}"
    return None, "no format code and no card pool date the deck check knows"


NOTE: Final = ("Only the cards the replay shows are checked (a deck's other cards never "
               "appear), counted by the copies seen; deck sizes are Duelingbook's totals. A "
               "finding never changes a game's verdict.")


def check_replay(cards: ReplayCards, deck_format: str | None = None) -> dict[str, Any]:
    """The deck check of a replay's match: each player's cards seen against the format (its
    list in force on the day the match was played, for Advanced), as JSON. ``deck_format``
    overrides the replay's own format (a :class:`DeckError` at ``deck_format`` for one the
    check does not know).

    >>> check_replay(ReplayCards(format_code="gu"))["list"]["name"]
    '2005.4 GOAT'
    """
    key, why = replay_format(cards, deck_format)
    out: dict[str, Any] = {"format": key, "format_from": why, "list": None, "legal": None,
                           "players": [], "note": NOTE}
    fmt = get_format(key) if key else None
    lst = None
    day = cards.day if key == "advanced" else None
    if fmt is not None:
        try:
            day = check_date(day)
            lst = fmt.list_on(day)
        except DeckError:
            day, lst = None, fmt.list_on(None)
        out["list"] = lst.to_dict()
    for player in cards.players:
        counts = {card: {"main": len(ids), "extra": 0, "side": 0}
                  for card, ids in player.copies.items()}
        entry: dict[str, Any] = {"username": player.username, "cards": len(counts),
                                 "copies": sum(len(ids) for ids in player.copies.values()),
                                 "legal": None, "findings": []}
        if fmt is not None and lst is not None:
            findings = []
            done: set[tuple[str, int]] = set()
            for game, sizes in player.sizes:
                for f in size_findings(fmt, sizes):
                    if (str(f.deck), f.count) not in done:
                        done.add((str(f.deck), f.count))
                        f.detail += f" (Duelingbook's total, game {game})"
                        findings.append(f)
            findings += card_findings(fmt, lst, day, counts, player.seen)
            entry["findings"] = [f.to_dict() for f in findings]
            entry["legal"] = not findings
        out["players"].append(entry)
    if fmt is not None:
        out["legal"] = all(p["legal"] for p in out["players"])
    if cards.unplaced:
        out["unplaced"] = cards.unplaced
    return out
