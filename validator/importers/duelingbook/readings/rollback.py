"""A rollback agreed in chat: a player asks to go back ("we need to rewind", "wait ... i
couldn't do it"), the other agrees in chat or takes part (puts back cards or Life Points of
their own, clicks the phases back), and the cards moved since the moment they go back to are
put back where they stood then, Life Points as they were. The plays since that moment are
undone: the turn is judged from the restored board, as the players replayed it.

The reading needs all three in the log: the request, the consent, the board put back (every
card of a player who puts cards back, back where it stood; Life Points restored). Without
any of them nothing is excused, and the plays are judged as they stand
(docs/duelingbook.md, "Readings")."""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import Any, Final

from validator.document.model import Player
from validator.importers.duelingbook.board.follow import Step
from validator.importers.duelingbook.board.tracker import Spot, is_monster_zone
from validator.importers.duelingbook.builder import UNSEEN, GameBuilder
from validator.importers.duelingbook.game import CHAT, ORDER, Declaration, Play, stamp, where_said
from validator.importers.duelingbook.readings.result import Changes, ReadAs
from validator.importers.duelingbook.readings.windows import (
    ROLLBACK_CHAIN_BACK,
    ROLLBACK_STARTS_WITHIN,
    ROLLBACK_WINDOW,
)
from validator.importers.duelingbook.state import Point
from validator.rules.checks.turn import phase_name

#: A chat line asking to go back, or owning up to a play that must be undone, in the languages
#: the shared logs are written in ("we need to rewind", "wait", "i couldn t do it", "can i
#: replay?", "aspetta").
ASKED: Final = re.compile(
    r"\b(?:re-?wind(?:ed)?|roll ?back|undo|go back|take (?:it |that |this )?back|re-?do|"
    r"re-?play|do (?:it |that )?(?:again|over)|start over|put (?:it |them |everything |all )?"
    r"back|my bad|mistake|miss?-?click(?:ed)?|wait|i could ?n['\u2019 ]?o?t|"
    r"i can['\u2019 ]?t|i cannot|(?:u|you) can['\u2019 ]?t|(?:u|you) cannot|illegal|"
    r"not legal|aspetta|rifa(?:i|re)|indietro|"
    r"espera|deshacer|warte|zur(?:ü|ue)ck|attends|annule)\b", re.I)
#: :data:`ASKED` for an ASCII line made lower-case: the same matches, without the costly
#: case-insensitive search (:func:`asks` runs on every chat line of every replay).
_ASKED_LOWER: Final = re.compile(ASKED.pattern)
#: Words one of which every match of :data:`ASKED` holds, lower-cased (a test checks each of
#: its alternatives): a line with none of them ("gg", "nice", "ty") asks nothing, told
#: without a search.
ASKED_ANCHORS: Final = ("wind", "roll", "undo", "back", "do", "play", "over", "bad",
                        "mistake", "click", "wait", "could", "can", "legal", "aspetta",
                        "rifa", "indietro", "espera", "deshacer", "warte", "zur", "attend",
                        "annule")
#: Whether a word of a chat line (lower-cased, between whitespace) holds one of
#: :data:`ASKED_ANCHORS`, kept as found (up to :data:`_WORDS_KEPT` words): chat is mostly the
#: same few words ("gg", "ok", "ty"), each tested once where every line cost two dozen
#: substring searches. (A search for the anchors as one alternation was tried: it cost more,
#: nearly every letter begins one.)
_HOLDS_ANCHOR: Final[dict[str, bool]] = {}
_WORDS_KEPT: Final = 20_000


def anchored(low: str) -> bool:
    """True when a lower-cased line holds one of :data:`ASKED_ANCHORS` (no anchor holds
    whitespace: a word holds it, or none does).

    >>> anchored("ok wait a sec"), anchored("gg wp"), anchored("")
    (True, False, False)
    """
    for word in low.split():
        held = _HOLDS_ANCHOR.get(word)
        if held is None:
            held = False
            for anchor in ASKED_ANCHORS:
                if anchor in word:
                    held = True
                    break
            if len(_HOLDS_ANCHOR) < _WORDS_KEPT:
                _HOLDS_ANCHOR[word] = held
        if held:
            return True
    return False
#: A chat line agreeing ("sure", "ok", "we'll do it your way", "se vuoi").
_AGREED: Final = re.compile(
    r"\b(?:ok(?:ay)?|k+|sure|yes|yeah|yep|ya|fine|np|go ahead|alright|right|agreed|of course|"
    r"your way|do it|si|sì|va bene|se vuoi|certo|vale|claro|ja|oui|d'?accord)\b", re.I)
#: The phase each phase play enters.
_ENTERS: Final = {"Enter SP": "standby", "Enter M1": "main1", "Enter BP": "battle",
                  "Enter M2": "main2", "Enter EP": "end"}
#: Where the other player's cards used in the plays undone may be left (activated, paid).
_USED_UP: Final = frozenset({"graveyard", "banished"})
#: What an effect's cost and resolution make, which a rollback to its activation takes with it.
_RESOLVING: Final = frozenset({"move", "discard"})


def asks(play: Play) -> bool:
    """True when a chat line asks to go back, or owns up to a play that must be undone.

    >>> asks({"play": "Duel message", "message": "we need to rewind"})
    True
    >>> asks({"play": "Duel message", "message": "gg"}), asks({"message": "undo"})
    (False, False)
    >>> [asks({"play": "Message", "message": m}) for m in ("WAIT", "ZURÜCK", "awaits")]
    [True, True, False]
    """
    if type(play) is not dict:
        return False
    kind = play.get("play")
    if type(kind) is not str or kind not in CHAT:
        return False
    text = str(play.get("message") or "")
    if text.isascii():  # lower-cased, an ASCII line matches alike (and 3 times faster)
        low = text.lower()
        return anchored(low) and _ASKED_LOWER.search(low) is not None
    return ASKED.search(text) is not None


def agrees(play: Play) -> bool:
    """True when a chat line agrees ("sure", "ok", "se vuoi"); a question ("yes?", "ok?")
    asks for consent and gives none.

    >>> agrees({"play": "Duel message", "message": "ok"}), agrees({"message": "ok"})
    (True, False)
    >>> agrees({"play": "Duel message", "message": "yes?"})
    False
    """
    return _said(play, _AGREED) and not str(play.get("message")).rstrip().endswith("?")


def _said(play: Any, words: re.Pattern[str]) -> bool:
    """True when ``play`` is a chat line with ``words`` in it.

    >>> _said({"play": "Duel message", "message": "sure"}, _AGREED), _said([], _AGREED)
    (True, False)
    """
    if type(play) is not dict:
        return False
    kind = play.get("play")
    return type(kind) is str and kind in CHAT and \
        words.search(str(play.get("message") or "")) is not None


def rolled_back(b: GameBuilder, play: Play, player: Player) -> ReadAs | None:
    """This play puts a card back where it stood before plays the players agreed in chat to
    undo (a request, then the other player's consent or their part in it): the moment they
    go back to is the one before the first move put back (before the activation whose cost or
    resolution it was), when every card a putting-back player moved since is back where it
    stood then (this play or the next few put it back) and Life Points are restored. Read as
    the rollback: the actions since that moment are undone, the Life Point restores and the
    phase clicks back through are part of it, the cards not put back yet are followed as the
    log puts them back; None when the evidence does not hold.

    >>> from validator.importers.duelingbook.readings.catalog import catalog
    >>> catalog()["rewind.agreed-in-chat"].family
    'rewind'
    """
    points, step = b.rewinds.points, b.step
    if step is None or step.first == step.last or len(points) < 2 or \
            points[-1].index != b.cursor:
        return None
    here, requests = points[-1], b.rewinds.asked
    at = bisect_left(requests, b.cursor) - 1  # the latest request before this play
    asked = requests[at] if at >= 0 else -1
    if asked <= points[0].index or asked in b.rewinds.used:
        return None
    for since, index in enumerate(range(len(points) - 1, -1, -1)):  # the plays since it
        if points[index].index < asked:
            break
        if points[index].last is not here.last or since > ROLLBACK_STARTS_WITHIN:
            return None  # something was played between the request and this play
    at_request = points[index + 1].journal
    window = _window(b, step)
    first = _first_undone(b, window, at_request)
    if first is None:
        return None
    latest = max(i for i, p in enumerate(points) if p.journal <= first and p.index < asked)
    rolling = b.board.owner(b.board.journal[first][0])
    start = _chain_start(b, points, latest, rolling)  # an effect goes back with its activation
    return _evidence(b, play, points[latest if start is None else start], asked, at_request,
                     window)


def _window(b: GameBuilder, step: Step) -> list[tuple[int, Play, Step | None]]:
    """This play and the next ones a rollback may take to put the board back (not past the
    next turn's start), each with its step."""
    found: list[tuple[int, Play, Step | None]] = [
        (b.cursor, {**b.plays[b.cursor], "play": b.kind}, step)]
    for index, later in b.upcoming(ROLLBACK_WINDOW):
        if later.get("play") == "Start turn":
            break
        found.append((index, later, b.step_at(index)))
    return found


def _first_undone(b: GameBuilder, window: list[tuple[int, Play, Step | None]],
                  at_request: int) -> int | None:
    """The earliest move before the request (its place in the board's journal) that a move
    of the window undoes: the card brought back to the spot that move took it from."""
    journal = b.board.journal
    back: set[tuple[str, Spot]] = set()
    for _, _, step in window:
        for move in step.moves if step is not None else ():
            if move.after is not None and move.before != move.after:
                back.add((move.card, move.after))
    if not back:
        return None
    cards = {card for card, _ in back}
    for index in range(at_request):
        cid, old = journal[index]
        if cid in cards and old is not None and (cid, old) in back:
            return index
    return None


def _made(b: GameBuilder, points: list[Point], index: int) -> list[dict[str, Any]] | None:
    """The actions the play of ``points[index]`` made (None when the log no longer holds
    them)."""
    start, end = points[index].last, points[index + 1].last
    at = b.log.position(start) + 1 if start is not None else 0
    to = b.log.position(end) + 1 if end is not None else 0
    if (start is not None and at == 0) or (end is not None and to == 0):
        return None
    return b.actions[at:to]


def _chain_start(b: GameBuilder, points: list[Point], latest: int,
                 rolling: Player) -> int | None:
    """The point before the rolling player's activation whose cost or resolution the plays
    from ``latest`` on begin (only moves and the opponent's chained cards between), or None
    when there is none just before."""
    index = latest
    for _ in range(ROLLBACK_CHAIN_BACK):
        if index == 0:
            return None
        made = _made(b, points, index - 1)
        if made is None:
            return None
        if any(a["type"] == "activate" and a["player"] == rolling for a in made):
            return index - 1
        if any(a["type"] not in _RESOLVING and
               not (a["type"] == "activate" and a["player"] != rolling) for a in made):
            return None
        index -= 1
    return None


def _evidence(b: GameBuilder, play: Play, point: Point, asked: int, at_request: int,
              window: list[tuple[int, Play, Step | None]]) -> ReadAs | None:
    """The rollback to ``point``, when the log holds its evidence (see :func:`rolled_back`)."""
    journal, board = b.board.journal, b.board
    then: dict[str, Spot | None] = {}
    for cid, old in journal[point.journal:at_request]:
        then.setdefault(cid, old)
    at_ask: dict[str, Spot | None] = {}
    for cid, old in journal[at_request:]:
        at_ask.setdefault(cid, old)
    undone = b.actions[b.log.position(point.last) + 1 if point.last is not None else 0:]
    if not then or not undone or (point.last is not None and b.log.position(point.last) < 0):
        return None
    put_back: dict[str, str] = {}  # card -> the user who put it back
    strayed: set[str] = set()  # cards moved elsewhere before they were put back
    for _, later, step in window:
        for move in step.moves if step is not None else ():
            cid = move.card
            if cid not in then or cid in put_back or \
                    _back(then[cid], at_ask.get(cid, board.where.get(cid))):
                continue
            if _back(then[cid], move.after):
                put_back[cid] = str(later.get("username"))
            else:
                strayed.add(cid)
    if not all(move.card in put_back for move in (b.step.moves if b.step else ())):
        return None  # this play does more than put a card back
    rolling = {board.owner(cid) for cid in put_back}
    if b.users.get(str(b.plays[point.index].get("username"))) not in rolling:
        return None  # the first play undone is not of a player putting their cards back
    if any(board.owner(cid) in rolling for cid in strayed):
        return None  # a card moved elsewhere first: not put back as it stood
    left: set[Player] = set()
    for cid, spot in then.items():
        now = at_ask.get(cid, board.where.get(cid))
        if cid in put_back or _back(spot, now):
            continue
        owner = board.owner(cid)
        if owner in rolling or cid in strayed or now is None or now.spot not in _USED_UP:
            return None  # a card of a player putting back their cards is not back
        left.add(owner)  # the other player's card used up in the plays undone
    restores = _life_points(b, point, window)
    if restores is None:
        return None
    clicks = _clicked_back(b, point, window)
    last = window[-1][0]
    takers = set(put_back.values()) | {str(b.plays[i].get("username")) for i in
                                       (*restores, *clicks)}
    found = consent(b, point.index, asked, last, takers)
    if found is None or any(b.game.players[who] not in found[1] for who in left):
        return None  # no consent, or cards of a player who had no part in it left out
    said = found[0]
    lp = " and Life Points restored" if restores else ""
    clicked = f", the phases clicked back through to the {phase_name(point.phase)}" \
        if clicks else ""
    return ReadAs("rewind.agreed-in-chat",
                  f"a rollback agreed in chat ({said}): {len(put_back)} card(s) put back "
                  f"where they stood before {where_said(b.plays[point.index])}{lp}{clicked}; "
                  f"{len(undone)} action(s) from {undone[0]['log']['time']} on are undone and "
                  f"the turn is judged from the restored board, in the "
                  f"{phase_name(point.phase)}",
                  consumes=(*restores, *clicks), changes=Changes(rollback=point))


def _back(then: Spot | None, now: Spot | None) -> bool:
    """True when a card stands where it stood then: the same spot, or a pile a card the log
    had not shown yet comes from unseen (the Deck, the Extra Deck).

    >>> _back(None, Spot("p1", "extra", None, False)), _back(None, Spot("p1", "hand"))
    (True, False)
    """
    if then is None:
        return now is not None and now.spot in UNSEEN
    return then == now


def _life_points(b: GameBuilder, point: Point,
                 window: list[tuple[int, Play, Step | None]]) -> tuple[int, ...] | None:
    """The window's Life Point plays that restore each player's Life Points to what they were
    at ``point`` (None when a player's are not restored)."""
    found: list[int] = []
    sides: tuple[Player, Player] = ("p1", "p2")
    for who, then in zip(sides, point.lp, strict=True):
        if b.lp[who] == then:
            continue
        user, mine = b.game.players[who], []
        for index, later, _ in window:
            if later.get("play") == "Life points" and later.get("username") == user:
                mine.append(index)
                if later.get("life") == then:
                    found += mine
                    break
        else:
            return None
    return tuple(found)


def _clicked_back(b: GameBuilder, point: Point,
                  window: list[tuple[int, Play, Step | None]]) -> tuple[int, ...]:
    """The turn player's phase clicks in the window that go back through the phases to the
    one the rollback returns to (Duelingbook's phase marker put back): no steps."""
    shown, found = b.turn.logged_phase, []
    user = b.game.players[b.turn.player]
    for index, later, _ in window:
        target = _ENTERS.get(str(later.get("play")))
        if shown == point.phase:
            break
        if target is None or later.get("username") != user:
            continue
        if ORDER[target] >= ORDER[shown] or ORDER[target] < ORDER[point.phase]:
            break
        found.append(index)
        shown = target
    return tuple(found)


def consent(b: GameBuilder, since: int, asked: int, last: int,
            takers: set[str]) -> tuple[str, set[str]] | None:
    """Who asked and who agreed, as the note names them, and every user who asked, agreed or
    took part: a request (the chat line at play ``asked``, or another after play ``since``, up
    to play ``last``) and another player's consent: their answer to a request (their next chat
    line after it) agreeing, not a question (:func:`agrees`), a request of their own, or their
    part in putting the game back (``takers``); None without both. The rollback agreed in chat
    and the turn restarted (``readings.restart``) both ask this.

    >>> from validator.importers.duelingbook.readings.catalog import catalog
    >>> catalog()["rewind.agreed-in-chat"].title
    'A rollback agreed in chat'
    """
    askers: dict[str, int] = {}
    for index in b.rewinds.asked:
        if since < index <= last:
            askers.setdefault(str(b.plays[index].get("username")), index)
    agreed = dict.fromkeys(sorted(takers), "took part")  # (what they did says most)
    for index in b.rewinds.asked:
        if asked <= index <= last:
            answer = _answer(b, index, last)
            if answer is not None and agrees(b.plays[answer]):
                agreed.setdefault(str(b.plays[answer].get("username")),
                                  f"agreed at {stamp(b.plays[answer].get('seconds'))}")
    first = str(b.plays[asked].get("username"))
    askers[first] = asked
    involved = set(askers) | set(agreed)
    for user, index in sorted(askers.items(), key=lambda item: item[0] != first):
        if user in b.users:
            for other, how in [*agreed.items(), *((u, "asked too") for u in askers)]:
                if other != user and other in b.users:
                    return f"{user} asked at {stamp(b.plays[index].get('seconds'))}, " \
                           f"{other} {how}", involved
    return None


def _answer(b: GameBuilder, request: int, last: int) -> int | None:
    """The index of the first chat line after the request at ``request``, up to ``last``, by
    a user other than the one who asked (the answer to it), or None."""
    asker = b.plays[request].get("username")
    for index in range(request + 1, last + 1):
        line = b.plays[index]
        if type(line) is dict and line.get("play") in CHAT and \
                line.get("username") not in (asker, None):
            return index
    return None


def unrestored(b: GameBuilder, side: Player) -> frozenset[str]:
    """The monsters of ``side`` that a rollback left out of place and that are not back in
    their Monster Zone yet (the engine has them there).

    >>> from types import SimpleNamespace as N
    >>> spot = Spot("p1", "M-4", "defense")
    >>> sorted(unrestored(N(rewinds=N(pending={"c": spot, "d": None})), "p1"))
    ['c']
    """
    return frozenset(cid for cid, spot in b.rewinds.pending.items()
                     if spot is not None and spot.side == side and is_monster_zone(spot.spot))


def declared_again(b: GameBuilder, attacker: str, decl: Declaration) -> ReadAs | None:
    """A monster declares an attack again after its first declaration, made while a monster
    of the defender that a rollback left out of place was still to be put back, and that
    monster was put back since, with no battle between (no Life Points lost, the target still
    there): the attack declared on the board put back. The first declaration is taken back
    (it was made on a board not yet restored); this one is judged.

    >>> from validator.importers.duelingbook.readings.catalog import catalog
    >>> catalog()["rewind.attack-redeclared"].family
    'rewind'
    """
    spot = b.board.where.get(attacker)
    foes = b.foes(spot.side if spot is not None else b.board.owner(attacker))
    back = sorted(cid for cid in decl.unrestored if cid not in b.rewinds.pending and
                  cid in foes)
    if not back or decl.damaged or (decl.target is not None and
                                     decl.target not in b.board.where):
        return None
    first = next((a for a in b.this_turn_backwards() if a["type"] == "declare_attack" and
                  a.get("card") == attacker), None)
    if first is None:
        return None
    return ReadAs("rewind.attack-redeclared",
                  f"{b.label(attacker)} declared an attack at {first['log']['time']} while "
                  f"{', '.join(b.label(c) for c in back)} was still to be put back by the "
                  f"rollback; put back since, with no battle between: the attack is declared "
                  f"again on the restored board, the first declaration is taken back",
                  drops=(first,), changes=Changes(attacks_ended=(attacker,)))
