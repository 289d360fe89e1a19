"""Who put a monster on the field, where the log's click is not its player's own Summon: a
monster moved for the opponent's effect (:func:`moved_for_opponents_effect`), carried to the
Deck while its player's own Spell resolves (:func:`moved_for_own_resolving_spell`), or
Summoned or Set by an opponent's effect (:func:`summoned_for_opponents_effect`,
:func:`set_for_opponents_summon`; the card whose effect it is, which a Special Summon names as
its summoner: :func:`foe_summoner`). The readings return what the play becomes, or None;
the handlers of the Summon and activation clicks ask them (:mod:`.summons`, :mod:`.specials`,
:mod:`.cardplays`)."""

from __future__ import annotations

from typing import Final

from validator.document.model import Player, other
from validator.importers.duelingbook.builder import GameBuilder
from validator.importers.duelingbook.cards import CardKnowledge
from validator.importers.duelingbook.game import Play
from validator.importers.duelingbook.readings import phases
from validator.importers.duelingbook.readings.catalog import read
from validator.importers.duelingbook.readings.result import (
    Emit,
    ReadAs,
    seq,
)
from validator.importers.duelingbook.readings.windows import (
    AT_ONCE_SECONDS,
    CARRIED_OUT_WITHIN,
    FOE_SUMMON_WITHIN,
    OPPONENT_USED_WITHIN,
)


def moved_for_opponents_effect(b: GameBuilder, play: Play, player: Player, cid: str,
                             known: CardKnowledge, what: str = "Summon") -> ReadAs | None:
    """The moves a player makes to carry out an opponent's effect (Trap Dustshoot: the
    chosen monster dragged to the field, then returned to the Deck; Triple Tactics Talent:
    the chosen Spell dragged to a Spell & Trap Zone, then to the Deck): the card only goes
    from the hand to where it ends, no ``what`` (Summon, activation). Read so when the
    opponent used a card just before and the card goes to the Deck within a few plays,
    unused.

    >>> from validator.importers.duelingbook.replay import import_plays as imported
    >>> game = imported(("a", "Draw card", 'Drew "Trap Dustshoot"'),
    ...                 ("b", "Draw card", 'Drew "Summoned Skull"'),
    ...                 ("a", "Activate ST", 'Activated "Trap Dustshoot" from hand to S-2'),
    ...                 ("b", "Normal Summon", 'Normal Summoned "Summoned Skull" from hand to M-1'),
    ...                 ("b", "To deck", 'Returned "Summoned Skull" from M-1 to deck'))
    >>> [(a["type"], a["log"].get("readings")) for a in game.document["actions"][-1:]]
    [('move', ['shortcut.opponent-effect-to-deck'])]
    """
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


def moved_for_own_resolving_spell(b: GameBuilder, play: Play, player: Player,
                             cid: str) -> ReadAs | None:
    """A monster dragged from the hand to the field and, by its player's very next play, on
    to the Deck while their own Spell that shuffles cards into the Deck is resolving (it
    stands face-up in its zone, not yet sent away: Pot of Avarice's targets, carried through
    the wrong piles): the card only goes from the hand to the Deck, no Summon.

    >>> from validator.importers.duelingbook.replay import import_plays as imported
    >>> avarice = {"name": "Pot of Avarice", "effect": "Shuffle all 5 into the Deck."}
    >>> game = imported(("a", "Draw card", 'Drew "Pot of Avarice"'),
    ...                 ("a", "Draw card", 'Drew "Sangan"'),
    ...                 ("a", "Enter M1", "Entered Main Phase 1"),
    ...                 ("a", "Activate ST", 'Activated "Pot of Avarice" from hand to S-1'),
    ...                 ("a", "Normal Summon", 'Normal Summoned "Sangan" from hand to M-1'),
    ...                 ("a", "To T Deck", 'Returned "Sangan" from M-1 to top of deck'),
    ...                 cards=[avarice])
    >>> [(a["type"], a["log"].get("readings")) for a in game.document["actions"][-2:]]
    [('activate', None), ('move', ['shortcut.own-effect-to-deck'])]
    """
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


def foe_summoner(b: GameBuilder, player: Player, first_of: object = None) -> str | None:
    """The card the opponent used just before (within ``FOE_SUMMON_WITHIN`` plays) whose
    effect Special Summons a monster to its opponent's field (``foe_summons``: Concours de
    Cuisine, R.B. Lambda Cannon), or None. With ``first_of`` (a username), only where this is
    that user's first play since but for chat and showing the hand (a monster the player's own
    effect summons a few plays later is theirs: after Nibiru, the Primal Being's Token), and
    where the card was activated or its effect declared there (not only summoned).

    >>> from validator.importers.duelingbook.replay import import_plays as imported
    >>> cannon = [("a", "Draw card", 'Drew "R.B. Lambda Cannon"'),
    ...           ("b", "Draw card", 'Drew "Gemini Elf"'),
    ...           ("a", "Enter M1", "Entered Main Phase 1"),
    ...           ("a", "SS ATK", 'Special Summoned "R.B. Lambda Cannon" from hand to M-1 (ATK)'),
    ...           ("a", "Declare", 'Declared effect of "R.B. Lambda Cannon" in M-1')]
    >>> game = imported(*cannon, ("b", "SS ATK", 'Special Summoned "Gemini Elf" from hand to M-2'))
    >>> summon = game.document["actions"][-1]
    >>> summon["player"], summon["summoner"], summon["log"]["readings"]
    ('p2', 'p1', ['summon.by-opponent-effect'])
    """
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


#: A player's plays that are no move of theirs (:func:`foe_summoner`).
_ASIDE: Final = frozenset({"Duel message", "Show hand", "Thinking", "Good"})


def summoned_for_opponents_effect(b: GameBuilder, play: Play, player: Player,
                          cid: str) -> ReadAs | None:
    """A "Normal Summon" click in the opponent's turn, just after the opponent used a card
    whose effect Special Summons a monster to this player's field (``foe_summons``: R.B.
    Lambda Cannon looks at the hand and Special Summons 1 monster from it to their field):
    that Special Summon, the player carrying it out.

    >>> from validator.importers.duelingbook.replay import import_plays as imported
    >>> cannon = [("a", "Draw card", 'Drew "R.B. Lambda Cannon"'),
    ...           ("b", "Draw card", 'Drew "Gemini Elf"'),
    ...           ("a", "Enter M1", "Entered Main Phase 1"),
    ...           ("a", "SS ATK", 'Special Summoned "R.B. Lambda Cannon" from hand to M-1 (ATK)'),
    ...           ("a", "Declare", 'Declared effect of "R.B. Lambda Cannon" in M-1')]
    >>> game = imported(*cannon, ("b", "Normal Summon",
    ...                           'Normal Summoned "Gemini Elf" from hand to M-2'))
    >>> summon = game.document["actions"][-1]
    >>> summon["type"], summon["summoner"], summon["log"]["readings"]
    ('special_summon', 'p1', ['summon.for-opponent-effect'])
    """
    if player == b.turn.player:
        return None
    cause = foe_summoner(b, player)
    if cause is None:
        return None
    return seq(phases.settling(b, play, cid), ReadAs(actions=(Emit(
        "special_summon", player, {"card": cid, "summoner": other(player)}, placed=True,
        note=read("summon.for-opponent-effect",
                  f"a Normal Summon click in the opponent's turn, just after "
                  f"{b.label(cause)}'s effect, which Special Summons a monster to this "
                  f"player's field: read as that Special Summon")),)))


def set_for_opponents_summon(b: GameBuilder, play: Play, player: Player,
                              cid: str) -> ReadAs | None:
    """A "Set" click in the opponent's turn just after the opponent used a card whose effect
    Special Summons a monster from this player's hand to their field (``foe_summons``: R.B.
    Lambda Cannon), the same monster flipped face-up by its player at once (a Special Summon
    is face-up): that Special Summon, in face-up Defense Position, the player carrying it
    out with the wrong click and fixing it.

    >>> from validator.importers.duelingbook.replay import import_plays as imported
    >>> cannon = [("a", "Draw card", 'Drew "R.B. Lambda Cannon"'),
    ...           ("b", "Draw card", 'Drew "Gemini Elf"'),
    ...           ("a", "Enter M1", "Entered Main Phase 1"),
    ...           ("a", "SS ATK", 'Special Summoned "R.B. Lambda Cannon" from hand to M-1 (ATK)'),
    ...           ("a", "Declare", 'Declared effect of "R.B. Lambda Cannon" in M-1')]
    >>> game = imported(*cannon, ("b", "Set monster", 'Set "Gemini Elf" from hand to M-2'),
    ...                 ("b", "Flip", 'Flipped Set "Gemini Elf" in M-2'))
    >>> summon = game.document["actions"][-1]
    >>> summon["type"], summon["position"], summon["log"]["readings"]
    ('special_summon', 'defense', ['summon.set-for-opponent-effect'])
    """
    if player == b.turn.player:
        return None
    cause = foe_summoner(b, player)
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
