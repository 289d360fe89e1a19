"""Summons in a Duelingbook log, read through the card database: Normal Summons and Sets with
their Tributes (logged before or after), additional Normal Summons a card grants, Gemini
Summons, a card's own Special Summon clicked as a Normal Summon, the clicks a judge lets pass
(a Summon taken back, a Set Flip Summoned at once, the moves made for an opponent's effect),
Special Summons, tokens and Xyz Summons."""

from __future__ import annotations

import re
from typing import Any, Final

from validator.cards import database
from validator.document.model import Player, TributeFilter, other
from validator.importers.duelingbook import logtext
from validator.importers.duelingbook.actions import Action
from validator.importers.duelingbook.board.tracker import Spot, is_monster_zone
from validator.importers.duelingbook.board.zones import contract_zone
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.cards import CardKnowledge
from validator.importers.duelingbook.game import GAME_BOUNDARIES, Play, texts
from validator.importers.duelingbook.readings import corrections, fusion, materials, phases
from validator.importers.duelingbook.readings.catalog import Reading, read
from validator.importers.duelingbook.readings.result import (
    Changes,
    Emit,
    ReadAs,
    Revise,
    emitting,
    seq,
)
from validator.importers.duelingbook.readings.windows import (
    AT_ONCE_SECONDS,
    CARRIED_OUT_WITHIN,
    FOE_SUMMON_WITHIN,
    OBJECTION_UNDONE_WITHIN,
    OPPONENT_USED_WITHIN,
    TRIBUTES_LOGGED_AFTER,
)
from validator.importers.duelingbook.readings.xyz import xyz_materials

#: Plays a Tribute logged after its summon may come among (nothing else may come between).
_LATE_TRIBUTES = ("To GY", "Banish", "Remove Token")
#: Plays that end the search for late Tributes.
_NOT_A_TRIBUTE = ("Normal Summon", "Set monster", "End turn", "Enter BP", "SS ATK", "SS DEF",
                  "OL ATK", "OL DEF", "Attack", "Attack directly", "Activate ST")
#: The most seconds between a Set and its Flip Summon read as one face-up Summon.


def _own_sends(b: GameBuilder, player: Player) -> list[tuple[Action, str]]:
    """The monsters sent off the summoner's own Monster Zones just before this play (the
    opponent's only with a card that lets them be Tributed as if controlled)."""
    foes_ok = _foe_enabler(b, player) is not None
    held = b.materials
    return [(a, c) for a, c in held.sends if held.graveyard_from.get(c) == player or foes_ok]


def _foe_enabler(b: GameBuilder, player: Player) -> str | None:
    """A card the summoner just used that lets them Tribute an opponent's monster (Soul
    Exchange) or took control of one (Enemy Controller, Change of Heart)."""
    for _, who, cid in reversed(b.turn.recent):
        facts = b.card(cid).facts
        if who == player and (facts.tributes_foes or facts.takes_control):
            return cid
    return None


def _late(b: GameBuilder, player: Player, cid: str, need: int) -> list[tuple[int, str, Any]]:
    """Tributes logged after their summon: the summoner's monsters sent off the field by the
    summoner in the next plays, before anything else happens (index, card, the move)."""
    found: list[tuple[int, str, Any]] = []
    if need <= 0:
        return found
    user = b.plays[b.cursor].get("username")
    foes_ok = _foe_enabler(b, player) is not None
    for index, later in b.upcoming(TRIBUTES_LOGGED_AFTER):
        if len(found) >= need:
            break
        kind = later.get("play")
        if kind in _NOT_A_TRIBUTE:
            break
        if kind not in _LATE_TRIBUTES or (later.get("username") != user and not foes_ok):
            continue
        step = b.step_at(index)
        move = step.move_of(step.card) if step is not None and step.card else None
        if move is None or move.before is None or not is_monster_zone(move.before.spot):
            continue
        if move.card == cid or (move.before.side != player and _foe_enabler(b, player) is None):
            continue  # a Tribute is the summoner's own monster (a zone read on its side)
        found.append((index, move.card, move))
    return found


def _available(b: GameBuilder, player: Player, cid: str, counts: tuple[int, ...]) -> int:
    """How many Tributes the log shows for this summon, before or after it (none taken)."""
    most = max(counts)
    before = len(_own_sends(b, player)[-most:]) if most else 0
    if before in counts and (before or min(counts) == 0):
        return before
    need = min((n for n in counts if n > before), default=most)
    return before + len(_late(b, player, cid, need - before))


def _take_foes(b: GameBuilder, player: Player, tributes: list[str],
               controllers: dict[str, Player]) -> tuple[Emit, ...]:
    """An opponent's monster Tributed with a card that allows it: read as taking control for
    the Tribute (``controllers``: who controlled the Tributes logged after the summon)."""
    out: list[Emit] = []
    for tribute in tributes:
        spot = b.board.where.get(tribute)
        held_by = controllers.get(tribute, b.materials.graveyard_from.get(tribute))
        if spot is not None and is_monster_zone(spot.spot):
            held_by = spot.side
        enabler = _foe_enabler(b, player)
        if held_by is None or held_by == player or enabler is None:
            continue
        out.append(Emit("take_control", player, {"card": tribute},
                        note=read("summon.tribute-foe-by-card",
                                  f"{b.label(enabler)} lets {b.game.players[player]} Tribute "
                                  f"{b.label(tribute)} as if they controlled it")))
    return tuple(out)


def _widen(cid: str, known: CardKnowledge, count: int) -> tuple[str, tuple[int, ...]]:
    """Let this copy be summoned with ``count`` Tributes (another card's rule, not its own):
    its definition in the document says so (the result's ``widened``)."""
    return cid, tuple(sorted({*known.tribute_counts(), count}))


def _lp_paid(actions: list[Action], player: Player) -> bool:
    """True when the player paid Life Points just before (a damage action of theirs among the
    last few ``actions``, nothing else of theirs between)."""
    for action in actions[:-5:-1]:  # (a slice: mypyc cannot compile this reversed())
        if action["type"] == "damage" and action["player"] == player:
            return True
    return False


def _mausoleum(b: GameBuilder) -> str | None:
    """A face-up card on the field that lets a player pay Life Points instead of Tributes."""
    for cid in b.board.zones.values():
        spot = b.board.where[cid]
        if spot.face_up and b.card(cid).facts.lp_for_tributes:
            return cid
    return None


def normal_summon(b: GameBuilder, play: Play, player: Player, *, kind: str = "normal_summon",
                  position: str = "attack") -> None:
    """A "Normal Summon" (or, with ``kind``, "Set monster") click: what it carries out when
    it is no Normal Summon (a take-back, an effect's move or Special Summon), the phase the
    log skipped, then the Summon or Set with its Tributes."""
    cid, move = b.cid, b.moved()
    known = b.card(cid)
    if move is None:  # no move: a monster Normal Summoned where it stands
        _where_it_stands(b, play, player, cid, known)
        return
    if b.restores(move):
        b.read_as(play, ReadAs("rewind.put-back",
                               f"{b.label(cid)} put back where it stood "
                                                  f"before the rewind: no action",
                               changes=Changes(restores=(cid,))))
        return
    if b.read_as(play, _taken_back(b, play, cid, move.after.spot if move.after else None,
                                   known) or
                 _for_an_opponents_effect(b, play, player, cid, known) or
                 (_summoned_by_opponent(b, play, player, cid) if kind == "normal_summon"
                  else None) or
                 _for_own_resolving_spell(b, play, player, cid) or
                 # (a Normal Set it could also be: the declaration says which it is)
                 (_set_by_declared_effect(b, play, player, cid) if kind == "set_monster"
                  else None)):
        return
    phases.settle_rewound(b, play, cid)
    granted = _grant(b, player)
    own_turn = player == b.turn.player
    used = b.summons_this_turn(player)
    if granted is None and used and own_turn:
        granted = _lent(b, player, known) or _spare(b, player)
    # the turn's first Normal Summon may be the one a face-up card lends (_spare)
    first_lent = _lent(b, player, known) if not used and own_turn and granted is None \
        else None
    counts = known.tribute_counts()
    illegal = not known.normal_summon or (not own_turn and granted is None) or \
        (used and granted is None and own_turn) or \
        (_available(b, player, cid, counts) < min(counts) and not _lp_paid(b.actions, player))
    if illegal and b.read_as(play, _own_special_summon(b, player, cid, known, position) or
                             corrections.summon_redone(b, play, player, cid, move)):
        return
    if own_turn and not (granted is not None and used):
        phases.ensure_phase(b, play, player, ("main1", "main2"), tributes=max(counts) > 0)
    b.read_as(play, _summoned(b, player, cid, known, kind,
                              granted if granted is not None and (used or not own_turn)
                              else None, first_lent))


def _summoned(b: GameBuilder, player: Player, cid: str, known: CardKnowledge, kind: str,
              granted: str | None, first_lent: str | None = None) -> ReadAs:
    """The Normal Summon or Set (``kind``) with its Tributes: the summoner's monsters sent
    off the field just before it, else just after it (logs often show them late), as many
    as the card's counts allow; the sends read as Tributes are taken back (the engine sends
    them). ``granted``: the card that grants it as an additional Normal Summon;
    ``first_lent``: a card face-up on the field that lends one for this monster, this being the
    turn's first (:func:`_spare`)."""
    counts = known.tribute_counts()
    most = max(counts)
    before = _own_sends(b, player)[-most:] if most else []
    tributes = [c for _, c in before]
    dropped = tuple(a for a, _ in before)
    late: list[tuple[int, str, Any]] = []
    if not (len(tributes) in counts and (len(tributes) or min(counts) == 0)):
        need = min((n for n in counts if n > len(tributes)), default=most)
        late = _late(b, player, cid, need - len(tributes))
        tributes += [card for _, card, _ in late]
    controllers = {card: move.before.side for _, card, move in late}
    # the last actions once the Tributes' sends are taken back (_lp_paid reads the last 4)
    tail = b.actions[-4 - len(dropped):] if dropped else b.actions[-4:]
    remaining = [a for a in tail if not any(a is gone for gone in dropped)]
    note, widened = _tribute_note(b, cid, known, tributes, player, remaining)
    fields: dict[str, Any] = {"card": cid}
    if tributes:
        fields["tributes"] = tributes
    if granted is not None:
        fields["by_effect"] = True
        grant = read("summon.granted", f"an additional Normal Summon or Set that "
                                       f"{b.label(granted)} grants")
        note = note.plus(grant) if note is not None else grant
    now = {card: move.after for _, card, move in late}
    return ReadAs(drops=dropped,
                  consumes=tuple(index for index, _, _ in late),
                  uses=((player, cid),),
                  actions=(
                      *_take_foes(b, player, tributes, controllers),
                      Emit(kind, player, fields, note=note, placed=True),
                      *_banished_tributes(b, player, tributes, now)),
                  changes=Changes(tributes_claimed=True, controllers=tuple(controllers.items()),
                                  grant_used=(player, granted) if granted is not None else None,
                                  lent_first=(player, first_lent) if first_lent is not None
                                  else None,
                                  widened=widened, fresh=(cid,)))


def _banished_tributes(b: GameBuilder, player: Player, tributes: list[str],
                       now: dict[str, Spot | None]) -> tuple[Emit, ...]:
    """A Tribute the log banished rather than sent to the Graveyard (Krebons, Battle Fader:
    "if this card leaves the field, banish it"): the engine sends every Tribute to the
    Graveyard, so a ``move`` to ``banished`` follows, and both boards agree (``now``: where
    the Tributes logged after the summon went)."""
    out: list[Emit] = []
    for tribute in tributes:
        spot = now[tribute] if tribute in now else b.board.where.get(tribute)
        if spot is not None and spot.spot == "extra":  # a Pendulum Monster: face-up there
            out.append(Emit("move", player, {"card": tribute, "to": "extra"},
                            note=read("summon.tribute-to-extra",
                                      f"the Tribute {b.label(tribute)}, a Pendulum Monster, "
                                      f"goes face-up to the Extra Deck, as the log shows, not "
                                      f"to the GY")))
        elif spot is not None and spot.spot == "banished":
            out.append(Emit("move", player, {"card": tribute, "to": "banished"},
                            note=read("summon.tribute-banished",
                                      f"the Tribute {b.label(tribute)} is banished, as the log "
                                      f"shows (a card's effect), not left in the Graveyard")))
    return tuple(out)


def _tribute_note(b: GameBuilder, cid: str, known: CardKnowledge, tributes: list[str],
                  player: Player, actions: list[Action]
                  ) -> tuple[Reading | None, tuple[tuple[str, tuple[int, ...]], ...]]:
    """Tribute counts another card explains: a Tribute that counts as two (Totem Dragon),
    Life Points paid instead (Mausoleum of the Emperor; ``actions``: the actions before the
    summon). The condition of a card's own ``tributes`` is not checked: the note says so.
    With the copy's counts widened, when another card's rule allows it."""
    counts = known.tribute_counts()
    n = len(tributes)
    doubles = [t for t in tributes if b.card(t).facts.double_tribute]
    if n not in counts and doubles and n + len(doubles) in counts:
        return read("summon.double-tribute", f"{b.label(doubles[0])} counts as 2 Tributes "
                                             f"(its condition not checked)"), \
            (_widen(cid, known, n),)
    if n not in counts and n < max(counts) and _lp_paid(actions, player):
        mausoleum = _mausoleum(b)  # looked for only then: it scans the field
        if mausoleum is not None:
            return read("summon.lp-for-tributes", f"{b.label(mausoleum)}: Life Points paid "
                                                  f"in place of Tributes"), \
                (_widen(cid, known, n),)
    if known.definition and known.definition.get("tributes") and n in counts and \
            n < max(counts):
        return read("summon.own-tribute-count", f"{b.label(cid)}'s own text allows {n} "
                                                f"Tribute(s); its condition is not checked"), ()
    return None, ()


def _grant(b: GameBuilder, player: Player) -> str | None:
    """A card used this turn that grants the player one more Normal Summon, if any is left."""
    granted = b.turn.granted[player]
    return granted[0] if granted else None


def _lent(b: GameBuilder, player: Player, known: CardKnowledge) -> str | None:
    """A card face-up on the player's field that gives them an additional Normal Summon of
    this monster while it stands there (``lends_normal_summon``: Catalyst Field, a Gemini
    monster's), not used yet this turn. A monster the database does not know is not checked
    against the card's filter (as the judge's Tribute filters are not)."""
    for cid in b.board.zones.values():
        spot = b.board.where[cid]
        allowed = b.card(cid).facts.lends_normal_summon
        if spot.side != player or not spot.face_up or not isinstance(allowed, dict) or \
                cid in b.turn.lent_used or cid in b.turn.granted[player]:
            continue
        if _allows(allowed, known):
            return cid
    return None


def _spare(b: GameBuilder, player: Player) -> str | None:
    """A card that lent the turn's first Normal Summon (``lent_first``): that Summon, of a
    monster it names while it was face-up, may have been its additional one (the player
    chooses, as in the TCG), which keeps the turn's own Normal Summon for later, even once the
    lender has left the field (JJ "Kewl Tune" destroyed before the second Tuner's Summon:
    advanced-77476299 game 2 [21:07]), the reading that flags least. A reading, not a change:
    the builder spends it with ``grant_used``."""
    spare = b.turn.lent_spare[player]
    return spare[0] if spare else None


def _allows(allowed: dict[str, Any], known: CardKnowledge) -> bool:
    """True when the monster ``known`` is one a filter of the card database names (its
    printed data; one the database does not know is allowed).

    >>> _allows({"type": "Gemini"}, CardKnowledge("x", None))
    True
    >>> _allows({"race": "Psychic"}, CardKnowledge("Blade Knight", {}, known=True))
    False
    """
    info = database().named(known.name) if known.known else None
    if info is None:
        return True
    return TributeFilter.from_json(allowed).names(info.data, known.level, info.passcode)


def _own_special_summon(b: GameBuilder, player: Player, cid: str, known: CardKnowledge,
                        position: str) -> ReadAs | None:
    """A "Normal Summon" (or "Set") click of a card whose own procedure or effect Special
    Summons it from the hand, where its Normal Summon would be illegal: that Special Summon."""
    if not (known.procedure_from("hand") or "hand" in known.facts.self_summon):
        return None
    how = "its own procedure" if known.procedure_from("hand") else "its own effect"
    return ReadAs(uses=((player, cid),), actions=(Emit(
        "special_summon", player,
        {"card": cid,
         "position": "facedown_defense" if position == "facedown_defense" else "attack"},
        note=read("summon.own-procedure",
                  f"a Normal Summon click of a card that {how} Special Summons from the hand, "
                  f"where its Normal Summon would break the rules: read as that Special "
                  f"Summon")),))


#: A card's text that Special Summons a monster from the hand face-down, which Duelingbook
#: players place with the "Set" click (the Enneacraft reveal effects: "You can reveal this
#: card in your hand; Special Summon 1 monster from your hand in face-down Defense Position").
_SETS_FROM_HAND: Final = re.compile(r'Special Summon 1 (?:"[^"]+" )?monster from your hand '
                                    r'in face-down Defense Position', re.I)


def _set_by_declared_effect(b: GameBuilder, play: Play, player: Player,
                            cid: str) -> ReadAs | None:
    """A "Set" click that resolves the player's last declared effect this turn, whose text in
    the replay Special Summons a monster from the hand in face-down Defense Position: that
    Special Summon. Between the declaration and the Set the player only moved cards (a cost,
    the card shown, the opponent's chain answered), so each declaration places one monster."""
    user, quiet = play.get("username"), b.names.quiet
    declared = None
    for index in range(b.cursor - 1, -1, -1):
        earlier = b.plays[index]
        kind = earlier.get("play")
        if kind in GAME_BOUNDARIES or kind == "Start turn":
            return None
        if earlier.get("username") != user or kind in quiet:
            continue
        if kind == "Declare":
            step = b.step_at(index)
            declared = step.card if step is not None else None
            break
        if kind not in _WHILE_RESOLVING:
            return None
    if declared is None:
        return None
    name = b.board.name(declared)
    text = (b.knowledge.objects.get(name) or {}).get("effect") if name else None
    if not isinstance(text, str) or _SETS_FROM_HAND.search(text) is None:
        return None
    return ReadAs(uses=((player, cid),), actions=(Emit(
        "special_summon", player, {"card": cid, "position": "facedown_defense"},
        note=read("summon.set-by-declared-effect",
                  f"a Set click resolving {b.label(declared)}'s declared effect, which Special "
                  f"Summons a monster from the hand in face-down Defense Position (its text): "
                  f"read as that Special Summon")),))


#: The player's own plays that may come between an effect's declaration and the Set that
#: resolves it: cards moved (a cost paid, the card shown and put back), no other play.
_WHILE_RESOLVING: Final = frozenset({"To GY", "To hand", "To ST", "Banish", "Move"})


def _where_it_stands(b: GameBuilder, play: Play, player: Player, cid: str,
                     known: CardKnowledge) -> None:
    """A Normal Summon of a monster already on the field: a Gemini monster's Gemini Summon
    (uses the turn's Normal Summon, unless a card granted one); any other is a click on a
    card already summoned (no action)."""
    spot = b.board.where.get(cid)
    if not (known.definition or {}).get("gemini") or spot is None or spot.side != player:
        b.read_as(play, ReadAs("summon.already-on-field",
                               f"{b.label(cid)} is already on the field: a Normal Summon "
                               f"click with no move, no action"))
        return
    granted = _grant(b, player)
    used = b.summons_this_turn(player)
    if granted is None and used and player == b.turn.player:
        granted = _lent(b, player, known) or _spare(b, player)
    first_lent = _lent(b, player, known) if not used and player == b.turn.player and \
        granted is None else None
    fields: dict[str, Any] = {"card": cid}
    note = read("summon.gemini", "a Gemini Summon where it stands")
    phase = None
    if granted is not None and (used or player != b.turn.player):
        fields["by_effect"] = True
        note = Reading((*note.ids, "summon.granted"), f"{note.text}: an additional Normal "
                                                       f"Summon that {b.label(granted)} grants")
    elif player == b.turn.player:
        phase = phases.implied(b, play, player, ("main1", "main2"))
    b.read_as(play, seq(phase, ReadAs(actions=(Emit("normal_summon", player, fields, note=note),),
                                      uses=((player, cid),),
                                      changes=Changes(grant_used=(player, granted))
                                      if "by_effect" in fields and granted is not None
                                      else Changes(lent_first=(player, first_lent))
                                      if first_lent is not None else None)))


def _taken_back(b: GameBuilder, play: Play, cid: str, zone: str | None,
                known: CardKnowledge) -> ReadAs | None:
    """A monster its player returns from that zone to the hand as the very next play: a
    take-back (the player changed their mind), never summoned; the return is read with it."""
    found = b.next_own(play, cid, ("To hand",))
    if found is None or zone is None:
        return None
    if known.level > 4 and b.summons_this_turn(b.users[str(play.get("username"))]):
        return None
    return ReadAs("slip.taken-back",
                  f"{b.label(cid)} returned to the hand by its player as the very next play: "
                  f"a take-back, read as never placed", consumes=(found[0],))


def _for_an_opponents_effect(b: GameBuilder, play: Play, player: Player, cid: str,
                             known: CardKnowledge, what: str = "Summon") -> ReadAs | None:
    """The moves a player makes to carry out an opponent's effect (Trap Dustshoot: the
    chosen monster dragged to the field, then returned to the Deck; Triple Tactics Talent:
    the chosen Spell dragged to a Spell & Trap Zone, then to the Deck): the card only goes
    from the hand to where it ends, no ``what`` (Summon, activation). Read so when the
    opponent used a card just before and the card goes to the Deck within a few plays,
    unused."""
    if not any(who != player and b.cursor - at <= OPPONENT_USED_WITHIN
               for at, who, _ in b.turn.recent):
        return None
    for index, later in b.upcoming(CARRIED_OUT_WITHIN):
        step = b.step_at(index)
        if later.get("play") in ("Attack", "Attack directly", "Declare", "Activate ST",
                                 "To ATK", "To DEF", "Normal Summon", "Set monster"):
            return None  # something happened with it on the field: it was summoned
        if later.get("username") != play.get("username") or step is None or step.card != cid:
            continue
        move = step.move_of(cid)
        if move is None or move.after is None or move.after.spot != "deck":
            return None  # back to the hand: read there (a Summon put back, or a take-back)
        return ReadAs(consumes=(index,), actions=(Emit(
            "move", player, {"card": cid, "to": "deck"},
            note=read("shortcut.opponent-effect-to-deck",
                      f"{b.label(cid)} moved from the hand to the field and on to the Deck to "
                      f"carry out the opponent's effect: no {what}")),))
    return None


def _for_own_resolving_spell(b: GameBuilder, play: Play, player: Player,
                             cid: str) -> ReadAs | None:
    """A monster dragged from the hand to the field and, by its player's very next play, on
    to the Deck while their own Spell that shuffles cards into the Deck is resolving (it
    stands face-up in its zone, not yet sent away: Pot of Avarice's targets, carried through
    the wrong piles): the card only goes from the hand to the Deck, no Summon."""
    found = b.next_own(play, cid, ("To T Deck", "To B Deck", "To deck"))
    if found is None:
        return None
    for _, who, source in reversed(b.turn.recent):
        spot, known = b.board.where.get(source), b.card(source)
        name = b.board.name(source)
        text = (b.knowledge.objects.get(name) or {}).get("effect") if name else None
        if who == player and known.kind == "spell" and known.subtype in ("normal", "quick_play") \
                and spot is not None and spot.face_up and spot.spot[:1] == "S" and \
                isinstance(text, str) and "into the Deck" in text:
            return ReadAs(consumes=(found[0],), actions=(Emit(
                "move", player, {"card": cid, "to": "deck"},
                note=read("shortcut.own-effect-to-deck",
                          f"{b.label(cid)} moved from the hand to the field and on to the Deck "
                          f"at once while {b.label(source)} resolves, which shuffles cards "
                          f"into the Deck: carried through the wrong piles, no Summon")),))
    return None


def _foe_summoner(b: GameBuilder, player: Player, first_of: object = None) -> str | None:
    """The card the opponent used just before (within ``FOE_SUMMON_WITHIN`` plays) whose
    effect Special Summons a monster to its opponent's field (``foe_summons``: Concours de
    Cuisine, R.B. Lambda Cannon), or None. With ``first_of`` (a username), only where this is
    that user's first play since but for chat and showing the hand (a monster the player's own
    effect summons a few plays later is theirs: after Nibiru, the Primal Being's Token), and
    where the card was activated or its effect declared there (not only summoned)."""
    for at, who, c in reversed(b.turn.recent):
        if who == player or b.cursor - at > FOE_SUMMON_WITHIN or not b.card(c).facts.foe_summons:
            continue
        clicked = b.plays[at] if 0 <= at < len(b.plays) else None
        if first_of is not None and not (type(clicked) is dict and str(
                clicked.get("play", "")).startswith(("Declare", "Activate"))):
            continue  # summoned, not used: its effect is not the one that summons
        if first_of is not None and any(
                type(p) is dict and p.get("username") == first_of and
                p.get("play") not in b.names.quiet and p.get("play") not in _ASIDE
                for p in b.plays[at + 1:b.cursor]):
            return None
        return c
    return None


#: A player's plays that are no move of theirs (:func:`_foe_summoner`).
_ASIDE: Final = frozenset({"Duel message", "Show hand", "Thinking", "Good"})


def _summoned_by_opponent(b: GameBuilder, play: Play, player: Player,
                          cid: str) -> ReadAs | None:
    """A "Normal Summon" click in the opponent's turn, just after the opponent used a card
    whose effect Special Summons a monster to this player's field (``foe_summons``: R.B.
    Lambda Cannon looks at the hand and Special Summons 1 monster from it to their field):
    that Special Summon, the player carrying it out."""
    if player == b.turn.player:
        return None
    cause = _foe_summoner(b, player)
    if cause is None:
        return None
    return seq(phases.settling(b, play, cid), ReadAs(actions=(Emit(
        "special_summon", player, {"card": cid, "summoner": other(player)}, placed=True,
        note=read("summon.for-opponent-effect",
                  f"a Normal Summon click in the opponent's turn, just after "
                  f"{b.label(cause)}'s effect, which Special Summons a monster to this "
                  f"player's field: read as that Special Summon")),)))


def _set_for_opponents_summon(b: GameBuilder, play: Play, player: Player,
                              cid: str) -> ReadAs | None:
    """A "Set" click in the opponent's turn just after the opponent used a card whose effect
    Special Summons a monster from this player's hand to their field (``foe_summons``: R.B.
    Lambda Cannon), the same monster flipped face-up by its player at once (a Special Summon
    is face-up): that Special Summon, in face-up Defense Position, the player carrying it
    out with the wrong click and fixing it."""
    if player == b.turn.player:
        return None
    cause = _foe_summoner(b, player)
    found = b.next_own(play, cid, ("Flip",)) if cause is not None else None
    if cause is None or found is None or \
            int(found[1].get("seconds") or 0) - int(play.get("seconds") or 0) > AT_ONCE_SECONDS:
        return None
    return seq(ReadAs(consumes=(found[0],)), phases.settling(b, play, cid), ReadAs(actions=(Emit(
        "special_summon", player, {"card": cid, "position": "defense",
                                   "summoner": other(player)}, placed=True,
        note=read("summon.set-for-opponent-effect",
                  f"a Set click in the opponent's turn just after {b.label(cause)}'s effect, "
                  f"which Special Summons a monster to this player's field, flipped face-up "
                  f"by its player at once: read as that Special Summon")),)))


def set_monster(b: GameBuilder, play: Play, player: Player) -> None:
    step, cid, move = b.card_step, b.cid, b.moved()
    if move is not None:  # from the hand
        flipped = _flip_summoned_at_once(b, play, cid)
        if flipped is not None:
            normal_summon(b, play, player, kind="normal_summon", position="attack")
            last = b.actions[-1] if b.actions else {}
            b.read_as(play, ReadAs(consumes=(flipped,),
                                   changes=Changes(revises=(Revise(last, {}, read(
                "slip.set-then-flip", "Set, then Flip Summoned at once by the same player: a "
                                      "Summon clicked as a Set and fixed, read as a face-up "
                                      "Summon")),) if last.get("card") == cid and
                last.get("type") == "normal_summon" else ())))
            return
        if b.read_as(play, _set_for_opponents_summon(b, play, player, cid)):
            return
        normal_summon(b, play, player, kind="set_monster", position="facedown_defense")
        return
    spot = b.board.where.get(cid)
    if spot is not None and not is_monster_zone(spot.spot):
        b.read_as(play, ReadAs("spell-trap.turned-face-down",
                               "a face-up card turned face-down in its Spell & Trap Zone"))
        return
    b.read_as(play, seq(ReadAs(changes=Changes(flips_seen=(cid,))),
                        position_by_effect(b, play, player, cid, "facedown_defense")
                        if step.turned else None))


def _flip_summoned_at_once(b: GameBuilder, play: Play, cid: str) -> int | None:
    """A Set Flip Summoned at once by the same player (a Summon clicked as a Set and fixed):
    read as one face-up Normal (or Tribute) Summon; the Flip Summon's play."""
    found = b.next_own(play, cid, ("Flip Summon",))
    if found is None:
        return None
    index, later, _ = found
    if int(later.get("seconds") or 0) - int(play.get("seconds") or 0) > AT_ONCE_SECONDS:
        return None
    return index


def position_by_effect(b: GameBuilder, play: Play, player: Player, cid: str,
                       to: str) -> ReadAs | None:
    """A position change an effect makes (the card whose effect, when one explains it)."""
    why = b.explain_position(cid, to)
    note = read("position.by-effect", f"by {why}") if why else read(
        "position.by-unseen-effect", "by a card effect the log does not show (a position "
                                     "change no player may make by hand)")
    owner = b.board.where[cid].side if cid in b.board.where else player
    return seq(phases.settling(b, play, cid), ReadAs(actions=(Emit(
        "change_position", owner if player not in (owner,) else player,
        {"card": cid, "to": to, "by_effect": True}, note=note),)))


def flip_summon(b: GameBuilder, play: Play, player: Player) -> None:
    cid = b.cid
    if cid in b.attacks.flipped and player != b.turn.player:
        # the defender flips the monster an attack flipped
        b.read_as(play, ReadAs("battle.defender-flip-click",
                               f"a \"Flip Summon\" click by the defender on {b.label(cid)}, "
                               f"which the attack on it flipped: the flip of the battle, no "
                               f"action",
                               uses=((player, cid),),
                               changes=Changes(flips_seen=(cid,))))
        return
    if (player != b.turn.player or b.turn.phase in ("battle", "end")) and \
            b.explain_position(cid, "attack") is not None:
        # an effect flips it (Dark Gaia)
        b.read_as(play, seq(position_by_effect(b, play, player, cid, "attack"),
                            ReadAs(uses=((player, cid),))))
        return
    phases.ensure_phase(b, play, player, ("main1", "main2"))
    b.read_as(play, _flip_summoned(b, play, player, cid))


def _flip_summoned(b: GameBuilder, play: Play, player: Player, cid: str,
                   note: Reading | None = None) -> ReadAs | None:
    """A Flip Summon (the card a rewind left out of place followed first; an attack's flip
    the log never showed undone)."""
    return seq(phases.settling(b, play, cid), b.unflipped(cid), ReadAs(
        actions=(Emit("flip_summon", player, {"card": cid}, note=note),),
        uses=((player, cid),)))


def flip(b: GameBuilder, play: Play, player: Player) -> None:
    """Face-down to face-up Defense Position: an attack's flip already followed, a Flip
    Summon in two clicks ("Flip" then "To ATK"), or an effect."""
    step, cid = b.card_step, b.cid
    if cid in b.attacks.flipped:  # the engine turned it face-up when it was attacked
        b.read_as(play, ReadAs(uses=((player, cid),),
                               changes=Changes(flips_seen=(cid,))))
        return
    if not step.turned:
        return
    spot = b.board.where[cid]
    if player == b.turn.player == spot.side and b.turn.phase in ("main1", "main2"):
        found = b.next_own(play, cid, ("To ATK",))
        if found is not None:
            b.read_as(play, seq(ReadAs(consumes=(found[0],)), b.unflipped(cid), ReadAs(
                actions=(Emit("flip_summon", player, {"card": cid}, note=read(
                    "position.flip-in-two-clicks",
                    "\"Flipped\" then \"Changed to ATK\": one Flip Summon in two clicks")),),
                uses=((player, cid),))))
            return
    b.read_as(play, seq(position_by_effect(b, play, player, cid, "defense"),
                        ReadAs(uses=((player, cid),))))


def change_position(b: GameBuilder, play: Play, player: Player) -> None:
    """"To ATK"/"To DEF": an attack's flip the log never showed undone, then what the change
    is (:func:`_position_changed`)."""
    b.read_as(play, b.unflipped(b.cid))
    found = _position_changed(b, play, player)
    if found is not None:
        b.read_as(play, found)
        return
    phases.ensure_phase(b, play, player, ("main1", "main2"))
    b.read_as(play, _flip_summoned(b, play, player, b.cid) if _flip_summon_by_hand(b, player)
              else seq(phases.settling(b, play, b.cid), ReadAs(actions=(Emit(
                  "change_position", player, {"card": b.cid, "to": _to(b, play)}),))))


def _to(b: GameBuilder, play: Play) -> str:
    return "attack" if b.kind == "To ATK" else \
        "facedown_defense" if play.get("face_down") is True else "defense"


def _flip_summon_by_hand(b: GameBuilder, player: Player) -> bool:
    """A face-down monster of the turn player's changed to Attack Position with no effect
    that explains it: a Flip Summon."""
    cid = b.cid
    spot = b.board.where.get(cid)
    return b.card_step.turned[0][1].position == "facedown_defense" and \
        b.kind == "To ATK" and spot is not None and spot.side == player == b.turn.player and \
        b.explain_position(cid, "attack") is None


def _position_changed(b: GameBuilder, play: Play, player: Player) -> ReadAs | None:
    """A position change that is no change by hand: none at all, a slip undone or fixed at
    once, a Special Summon's position fixed, an effect's; None for a change by hand (a Flip
    Summon, or a change of position)."""
    step, cid = b.card_step, b.cid
    to = _to(b, play)
    if not step.turned:
        return ReadAs("position.unchanged",
                      f"{b.label(cid)} is already in that position: nothing to change")
    undone = _undone_on_objection(b, play, cid)
    if undone is not None:
        return undone
    last = b.actions[-1] if b.actions else {}
    if last.get("type") == "activate" and last.get("card") == cid and len(b.actions) > 1 and \
            "effect.summon-trigger" in (last.get("log") or {}).get("readings", ()):
        last = b.actions[-2]  # its trigger on being Summoned declared at once (effects.py)
    if last.get("type") == "special_summon" and last.get("card") == cid and \
            last.get("player") == player and to in ("attack", "defense"):
        # the summon's position, fixed at once: no change of its own
        return corrections.summon_position_undone(
            b, play, cid, str(last.get("position", "attack"))) or ReadAs(changes=Changes(
                revises=(Revise(last, {"position": to}, read(
                    "slip.summon-position-fixed",
                    f"Special Summoned, then changed to {to} at once ({texts(play)[0]}): a "
                    f"misclick fixed, read as summoned in {to.capitalize()} Position"),
                    replace=True),)))
    if last.get("type") == "take_control" and last.get("card") == cid:
        # Goyo Guardian's "Special Summon that monster to your field in Defense Position",
        # which a log shows as the monster moved across, then changed
        return seq(phases.settling(b, play, cid), ReadAs(actions=(Emit(
            "change_position", player, {"card": cid, "to": to, "by_effect": True},
            note=read("position.set-by-moving-effect",
                      "the effect that just moved it to this side sets its position too")),)))
    undone = _undone_at_once(b, play, cid)
    if undone is not None:
        return undone
    spot = b.board.where.get(cid)
    mine = spot is not None and spot.side == player == b.turn.player
    why = b.explain_position(cid, to) if to != "facedown_defense" else "a card effect"
    if _flip_summon_by_hand(b, player):
        return None
    if not mine or why is not None or to == "facedown_defense":
        return position_by_effect(b, play, player, cid, to)
    return None


def _undone_on_objection(b: GameBuilder, play: Play, cid: str) -> ReadAs | None:
    """A position change its player undoes later in the turn after the opponent objected in
    chat ("it has to come out in def"), with nothing between but a Battle Phase click and the
    attacks the monster declared (no battle result: no Life Points lost, nothing removed): a
    slip fixed at the opponent's demand; the change, its undoing and those attacks are no
    steps. (Changed back as the very next play, it is a slip fixed at once: read there.)"""
    before = b.card_step.turned[0][1].position
    user = play.get("username")
    attacks: list[int] = []
    between = False
    for index, later in b.upcoming(OBJECTION_UNDONE_WITHIN):
        kind, step = later.get("play"), b.step_at(index)
        if kind == "Enter BP" and later.get("username") == user:
            between = True
            continue
        if step is None or step.card != cid or later.get("username") != user:
            return None
        if kind in ("Attack", "Attack directly"):
            attacks.append(index)
            continue
        if kind not in ("To ATK", "To DEF") or not (between or attacks) or not step.turned or \
                step.turned[0][2].position != before or not any(
                    type(said) is dict and said.get("play") == "Duel message" and
                    said.get("username") not in (None, user)
                    for said in b.plays[b.cursor + 1:index]):
            return None
        return ReadAs("slip.undone-on-objection",
                      f"{b.label(cid)}'s position changed, then changed back after the "
                      f"opponent objected in chat, with no battle result between: a slip "
                      f"fixed at the opponent's demand; the change"
                      f"{', the attacks it declared' if attacks else ''} and the change back "
                      f"are no steps", consumes=(*attacks, index))
    return None


def _undone_at_once(b: GameBuilder, play: Play, cid: str) -> ReadAs | None:
    """A position change its player undoes as the very next play (DEF, then back to ATK):
    a slip fixed, neither is a change."""
    found = b.next_own(play, cid, ("To ATK", "To DEF"))
    if found is None or not found[2].turned:
        return None
    index, _, step = found
    current = b.step
    if current is None or not current.turned or \
            step.turned[0][2].position != current.turned[0][1].position:
        return None
    return ReadAs("slip.position-undone",
                  f"{b.label(cid)}'s position changed and changed back at once: a slip fixed, "
                  f"no change", consumes=(index,))


def special_summon(b: GameBuilder, play: Play, player: Player) -> None:
    cid, move = b.cid, b.moved()
    if b.restores(move):
        b.read_as(play, ReadAs("rewind.put-back",
                               f"{b.label(cid)} put back where it stood "
                                                  f"before the rewind: no action",
                               changes=Changes(restores=(cid,))))
        return
    b.read_as(play, _summoned_where_it_stands(b, play, cid, move) or
              _back_at_once_where_the_log_puts_it(b, play, cid, move) or
              corrections.extra_deck_card_shown(b, play, cid, move) or
              (_for_an_opponents_effect(b, play, player, cid, b.card(cid))
               if move is not None and move.before is not None and move.before.spot == "hand"
               else None) or
              _special_summoned(b, play, player, cid, move))


def _special_summoned(b: GameBuilder, play: Play, player: Player, cid: str,
                      move: Any) -> ReadAs | None:
    """A Special Summon, in the position the log shows (its zone fixed at once, when its
    player moved it to the Extra Monster Zone next)."""
    position = move.after.position if move and move.after and move.after.position else "attack"
    fixed = _zone_fixed_at_once(b, play, cid, move)
    signs = _signs(b, play, cid)
    fields: dict[str, Any] = {"card": cid, "position": position}
    note = fixed[0] if fixed is not None else None
    extra = materials.from_extra_deck(play, move)
    types = fusion.monster_types(b, cid)
    method = "link" if signs and extra else \
        "synchro" if extra and "Synchro" in b.card(cid).types else \
        "fusion" if extra and "Fusion" in types else "ritual" if "Ritual" in types else None
    linked = materials.link_summon(b, player, cid) if method == "link" else \
        materials.synchro_summon(b, player, cid) if method == "synchro" else \
        fusion.fusion_or_ritual(b, player, cid, extra) if method is not None else None
    if linked is not None and linked.materials:
        fields.update(method=method, materials=list(linked.materials))
    if linked is not None and linked.note is not None:
        note = linked.note.plus(note)
    cause = _foe_summoner(b, player, play.get("username")) if "method" not in fields else None
    if cause is not None:  # the opponent's Special Summon onto this player's field
        fields["summoner"] = other(player)
        note = read("summon.by-opponent-effect",
                    f"{b.label(cid)} Special Summoned to this player's field just after "
                    f"{b.label(cause)}'s effect, the opponent's, which Special Summons a "
                    f"monster to its opponent's field: the opponent's Summon (summoner), "
                    f"which their locks bind, not this player's").plus(note)
    return seq(phases.settling(b, play, cid), ReadAs(
        drops=linked.drops if linked is not None else (),
        consumes=(fixed[1],) if fixed is not None else (),
        actions=(Emit("special_summon", player, fields, note=note),
                 *(linked.after if linked is not None else ())),
        uses=((player, cid),), changes=Changes(
            signs=signs, procedures=((cid, linked.procedures),)
            if linked is not None and linked.procedures else (),
            revises=linked.revises if linked is not None else ())
        if signs or (linked is not None and (linked.procedures or linked.revises)) else None))


def _zone_fixed_at_once(b: GameBuilder, play: Play, cid: str,
                        move: Any) -> tuple[Reading, int] | None:
    """A monster Special Summoned from the Extra Deck to a Main Monster Zone and moved to an
    Extra Monster Zone by its player's very next play, before anything else (its Link
    Materials sent after): a zone slip fixed at once, the Summon made into the Extra Monster
    Zone. The move is read now (its play, returned), so the Summon is judged in the zone it
    ended in."""
    if move is None or move.after is None or not move.after.spot.startswith("M-") or \
            (move.before.spot if move.before is not None  # a card seen first: its line
             else logtext.source_pile(texts(play)[1])) != "extra":
        return None
    found = b.next_own(play, cid, ("Move",))
    moved = found[2].move_of(cid) if found is not None else None
    if found is None or moved is None or moved.after is None or \
            not moved.after.spot.startswith("EMZ") or moved.after.side != move.after.side:
        return None
    return read("slip.summon-zone-fixed",
                f"{b.label(cid)} Special Summoned from the Extra Deck to {move.after.spot} and "
                f"moved to the Extra Monster Zone by its player's next play, before anything "
                f"else: a zone slip fixed at once, the Summon made there"), found[0]


def _summoned_where_it_stands(b: GameBuilder, play: Play, cid: str,
                              move: Any) -> ReadAs | None:
    """A Special Summon click whose own line has the card come from the Monster Zone it goes
    to ("from M-4 to M-4"), of the card the board already has there: Duelingbook writes a
    click repeated on a monster just placed so. It moves nothing, so it is no summon; a summon
    that moves the card (from the hand, a pile, another zone) is read as usual."""
    if move is not None:
        return None  # the board changed: a real move
    zones = logtext.zones_moved(texts(play)[0])
    spot = b.board.where.get(cid)
    if zones is None or zones[0] != zones[1] or spot is None or spot.spot != zones[1] or \
            not is_monster_zone(spot.spot):
        return None
    return ReadAs("slip.summoned-where-it-stands",
                  f"{b.label(cid)} Special Summoned from {zones[0]} to {zones[1]}, where it "
                  f"already stands: a repeated click Duelingbook logs as a summon, no move and "
                  f"no summon")


def _back_at_once(b: GameBuilder, play: Play, cid: str, move: Any) -> ReadAs | None:
    """A monster sent from the field to the Graveyard or banished and brought straight back
    from there with nothing between (a slip undone): the send before it is dropped, and the
    card is the same card as before. (Not from the Deck or the hand: a card that comes back
    from a hidden pile may be another, and an effect's "shuffle it into the Deck, then
    Special Summon" looks the same.)"""
    if move is None or move.before is None or move.after is None:
        return None
    sent = b.materials.sent_from.get(cid)
    if sent is None:
        return None
    action, spot, user = sent
    later = b.log.since(action)
    back = move.after
    same = back.side == spot.side and is_monster_zone(back.spot) and (
        back.position == spot.position or  # or flipped face-up meanwhile (by an attack)
        (spot.position == "facedown_defense" and back.position == "defense"))
    if not later or later[0] is not action or not same or move.before.spot != action["to"] or \
            user != play.get("username") or any(a["type"] != "move" for a in later) or \
            any(a.get("card") == cid for a in later[1:]):  # it went on elsewhere first
        return None
    return ReadAs("slip.sent-and-back",
                  f"{b.label(cid)} sent from {spot.spot} and brought straight back with "
                  f"nothing between: a slip undone, the same card as before", drops=(action,))


def _back_at_once_where_the_log_puts_it(b: GameBuilder, play: Play, cid: str,
                                        move: Any) -> ReadAs | None:
    """A monster brought straight back (:func:`_back_at_once`), and moved to the zone the log
    puts it in when that is another (:func:`_back_in_another_zone`)."""
    undone = _back_at_once(b, play, cid, move)
    if undone is None:
        return None
    sent = b.materials.sent_from.get(cid)
    return seq(undone, _back_in_another_zone(b, cid, sent[1] if sent else None, move))


def _back_in_another_zone(b: GameBuilder, cid: str, spot: Any, move: Any) -> ReadAs | None:
    """A monster brought straight back (:func:`_back_at_once`) to another of its side's Monster
    Zones than the one it left, under ``classic``: the same card, moved there (``move`` to
    ``monster_zone``), so that the board shows it where the log put it (edison-58558820 game 3
    [24:44]). Not under ``advanced``, where a move into a zone held is
    ``zone.extra-monster-zone``: two monsters sent and brought back into each other's zones
    (edison-58638913 game 2 [7:04]-[7:05]) both stand where they were for the engine, their
    sends dropped, so the first move finds its zone held (under ``classic`` the card stays)."""
    back = move.after
    zone = contract_zone(back.side, back.spot)
    if b.rules.zone_rules or spot is None or spot.spot == back.spot or zone is None:
        return None
    return emitting(Emit("move", back.side, {"card": cid, "to": "monster_zone", "zone": zone},
                         note=read("zone.monster-moved",
                                   f"brought back to {zone} on its side of the field, not to "
                                   f"{contract_zone(spot.side, spot.spot)} where it stood: the "
                                   f"same card, moved")))


def summon_token(b: GameBuilder, play: Play, player: Player) -> None:
    b.read_as(play, emitting(Emit(
        "special_summon", player, {"card": b.cid, "position": "defense"},
        note=read("summon.token-position",
                  "a token's position is not in the log: Defense Position assumed"))))


def overlay(b: GameBuilder, play: Play, player: Player) -> None:
    """"Overlayed A onto B" (:func:`_overlaid`)."""
    b.read_as(play, _overlaid(b, play, player, b.cid, b.other_cid))


def _overlaid(b: GameBuilder, play: Play, player: Player, card: str,
              onto: str) -> ReadAs | None:
    """"Overlayed A onto B": onto an Xyz Monster, A goes under it at once (``move`` to
    ``material``). An Xyz Monster A on the field laid onto another monster B takes B as its
    material (Cyber Dragon Infinity's effect): B goes under A, and when B was A's
    controller's own, A now stands in B's zone (under ``advanced``, a ``move`` to
    ``monster_zone``); an opponent's B leaves A on its side. Onto another monster, the pile
    waits for its Xyz Summon."""
    settle = phases.settling(b, play, card)
    if b.knowledge.is_xyz(b.board.name(onto)):
        return seq(settle, emitting(Emit("move", player, {"card": card, "to": "material",
                                                          "target": onto})))
    spot = b.board.where.get(card)
    if not b.knowledge.is_xyz(b.board.name(card)) or spot is None or \
            not is_monster_zone(spot.spot):
        return settle
    emits = [Emit("move", player, {"card": onto, "to": "material", "target": card},
                  note=read("xyz.overlay-material",
                            f"{b.label(card)} laid on it: it becomes that Xyz Monster's "
                            f"material"))]
    moved = b.moved()
    zone = contract_zone(spot.side, spot.spot)
    if b.rules.zone_rules and moved is not None and moved.before is not None and \
            zone is not None and spot.side == moved.before.side:
        emits.append(Emit("move", spot.side, {"card": card, "to": "monster_zone", "zone": zone},
                          note=read("xyz.overlay-zone",
                                    f"{b.label(card)} now stands in {zone}, where its new "
                                    f"material stood")))
    return seq(settle, emitting(*emits))


def xyz_summon(b: GameBuilder, play: Play, player: Player) -> None:
    """The Xyz Summon: the pile under A becomes X's materials, which leave their zones before
    X arrives (so five monsters can make room)."""
    step, xyz = b.card_step, b.cid
    named, note, procedures = xyz_materials(b, xyz, step.materials, step.from_field)
    found: list[ReadAs | None] = []
    for material in step.materials:
        found.append(phases.settling(b, play, material))
        if not named:
            found.append(emitting(Emit(
                "move", player, {"card": material, "to": "material", "target": xyz},
                note=read("xyz.material-before-summon",
                          "an Xyz Material, out of its zone before the Xyz Summon"))))
    spot = b.board.where[xyz]
    fields: dict[str, Any] = {"card": xyz, "position": spot.position or "attack"}
    if named:  # the Summon uses them itself (the engine attaches them)
        fields.update(method="xyz", materials=named)
    found.append(ReadAs(actions=(Emit("special_summon", player, fields, note=note),),
                        uses=((player, xyz),), changes=Changes(procedures=(
                            (xyz, procedures),)) if procedures else None))
    b.read_as(play, seq(*found))


def attach(b: GameBuilder, play: Play, player: Player) -> None:
    """"Attach": a card from anywhere becomes an Xyz Material of ``end_id``."""
    cid, holder = b.cid, b.other_cid
    b.read_as(play, seq(phases.settling(b, play, cid), emitting(
        Emit("move", player, {"card": cid, "to": "material", "target": holder}))))


def detach(b: GameBuilder, play: Play, player: Player) -> None:
    cid = b.cid
    b.read_as(play, seq(phases.settling(b, play, cid), emitting(
        Emit("move", player, {"card": cid, "to": "graveyard"}))))


def change_control(b: GameBuilder, play: Play, player: Player) -> None:
    """"Change control": a monster moves to the other player's Monster Zone."""
    cid, move = b.cid, b.moved()
    to = move.after.side if move is not None and move.after is not None else other(player)
    b.read_as(play, emitting(Emit("take_control", to, {"card": cid})))


def _signs(b: GameBuilder, play: Play, cid: str) -> tuple[tuple[str, str], ...]:
    if b.knowledge.is_link(b.board.name(cid)):
        return (("Link Summons", texts(play)[0]),)
    return ()
