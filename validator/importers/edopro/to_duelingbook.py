"""An imported EDOPro game written as the Duelingbook replay a person would have clicked
(issue 26 item 4; docs/edopro.md, "The two importers held together").

The converter walks the game's duel document action by action, on the engine's own board
(the actions carried out as the log has them, :func:`validator.teaching.steps.attempt`'s way),
and writes each action as the plays a Duelingbook player clicks for it, with the play names,
log texts, zones and card object ids the Duelingbook importer reads
(docs/duelingbook.md): a Tribute or a material sent to its pile before its summon, an Xyz
Summon's materials overlaid, a resolved Normal Spell sent to the GY by hand, "Entered Draw
Phase" before each later turn's draw. Each play's ``seconds`` is the index of the EDOPro
action it was written for, so an action of the imported replay names the EDOPro action it
came from (:func:`source_index`).

>>> doc = {"ruleset": "advanced", "turn_player": "p1",
...        "cards": {"a1": {"passcode": 89631139}},
...        "setup": {"p1": {"hand": ["a1"], "deck": 39}, "p2": {"hand": [], "deck": 40}},
...        "actions": [{"type": "phase", "player": "p1", "to": "standby"},
...                    {"type": "phase", "player": "p1", "to": "main1"},
...                    {"type": "normal_summon", "player": "p1", "card": "a1", "zone": "M3"}],
...        "source": {"players": {"p1": "Ann", "p2": "Bob"}}}
>>> [p["log"]["public_log"] for p in to_duelingbook(doc)["plays"][1:]]
['Entered Standby Phase', 'Entered Main Phase 1', 'Normal Summoned "Blue-Eyes White Dragon" \
from hand (1/1) to M-3']
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from validator.cards.database import database
from validator.document.model import Action, Player, other
from validator.document.position import initial_state
from validator.engine import apply
from validator.engine.duel import load_document
from validator.engine.state import DuelState

__all__ = ["source_index", "to_duelingbook"]

#: Where each player's opening hand's object ids start (``player1.start``, ``player2.start``).
STARTS: Final = {"p1": 1, "p2": 5001}
#: The first object id of a card that is not in an opening hand.
LATER_IDS: Final = 10001
PHASES: Final = {"standby": ("Enter SP", "Entered Standby Phase"),
                 "main1": ("Enter M1", "Entered Main Phase 1"),
                 "battle": ("Enter BP", "Entered Battle Phase"),
                 "main2": ("Enter M2", "Entered Main Phase 2"),
                 "end": ("Enter EP", "Entered End Phase")}
PLAYERS: Final[tuple[Player, Player]] = ("p1", "p2")
_TIME: Final = re.compile(r"\[(\d+):(\d\d)\]")


def source_index(action: Mapping[str, Any]) -> int | None:
    """The index of the EDOPro action a converted replay's action was written for (its log's
    time, ``[m:ss]``, is that index in seconds), or None.

    >>> source_index({"log": {"time": "[2:05]"}}), source_index({})
    (125, None)
    """
    log = action.get("log")
    found = _TIME.fullmatch(str(log.get("time"))) if isinstance(log, dict) else None
    return int(found[1]) * 60 + int(found[2]) if found else None


@dataclass(frozen=True, slots=True)
class Place:
    """Where a card stands, as Duelingbook's log names it: the side, the pile (the engine's:
    ``hand``, ``deck``, ``graveyard``, ``banished``, ``extra``, ``extra_face_up``,
    ``monsters``, ``spell_traps``, ``field_spell``, ``material``), the zone, face and
    position, and its place in the hand or banished pile (1-based) and the pile's size."""

    side: Player
    pile: str
    zone: str | None = None
    face_up: bool = True
    position: str = "attack"
    index: int = 0
    size: int = 0
    holder: str | None = None


def _place(s: DuelState, cid: str) -> Place | None:
    found = s.where.get(cid)
    if found is None:
        return None
    side, pile = found
    own = s.sides[side]
    if pile == "monsters":
        mon = next((m for m in own.monsters if m.card == cid), None)
        if mon is not None:
            return Place(side, pile, mon.zone, mon.position != "facedown_defense",
                         mon.position)
    if pile == "spell_traps":
        st = next((x for x in own.spell_traps if x.card == cid), None)
        if st is not None:
            return Place(side, pile, st.zone, st.face_up)
    if pile == "field_spell":
        fs = own.field_spell
        return Place(side, pile, None, fs.face_up if fs is not None else True)
    if pile in ("hand", "banished"):
        cards = own.hand if pile == "hand" else own.banished
        return Place(side, pile, index=cards.index(cid) + 1 if cid in cards else 1,
                     size=max(len(cards), 1))
    if pile == "material":
        return Place(side, pile, holder=s.attached.get(cid))
    return Place(side, pile)


class Writer:
    """The plays of one game, written action by action."""

    def __init__(self, document: Mapping[str, Any]) -> None:
        self.raw = document
        self.doc = load_document(dict(document))
        self.s = initial_state(self.doc)
        players = (document.get("source") or {}).get("players") or {}
        self.names: dict[Player, str] = {"p1": str(players.get("p1") or "player 1"),
                                         "p2": str(players.get("p2") or "player 2")}
        if self.names["p1"] == self.names["p2"]:
            self.names["p2"] += " (2)"
        self.plays: list[dict[str, Any]] = []
        self.ids: dict[str, int] = {}
        self.next_id = LATER_IDS
        self.second = 0
        self.turn_started = True  # turn 1 begins at "Pick first"
        self.db = database()

    # -- cards -------------------------------------------------------------------------------
    def name(self, cid: str) -> str:
        card = self.doc.cards.get(cid)
        if card is not None and card.token:
            return "Token"
        entry = (self.raw.get("cards") or {}).get(cid) or {}
        code = entry.get("passcode")
        found = self.db.card(int(code)) if isinstance(code, int) else None
        if found is not None:
            return found.name
        return str(entry.get("name") or (card.name if card is not None else None) or cid)

    def object_id(self, cid: str) -> int:
        if cid not in self.ids:
            self.ids[cid] = self.next_id
            self.next_id += 1
        return self.ids[cid]

    def card_object(self, cid: str) -> dict[str, Any]:
        entry = (self.raw.get("cards") or {}).get(cid) or {}
        card = self.doc.cards[cid]
        kind = card.kind
        out: dict[str, Any] = {"name": self.name(cid), "card_type": kind.capitalize(),
                               "type": (card.subtype or "normal").replace("_", "-").title()
                               if kind != "monster" else "Effect",
                               "level": card.level or 0, "atk": str(card.atk or 0),
                               "def": str(card.def_ or 0), "pendulum": int(card.pendulum),
                               "effect": "", "is_effect": int(card.effect != "none")}
        if kind == "monster":  # what kind of monster a card the database does not know is
            extra = any(cid in ((self.raw.get("setup") or {}).get(p) or {}).get("extra", ())
                        for p in ("p1", "p2"))
            out["monster_color"] = "Link" if card.link else "Fusion" if extra else "Effect"
        if isinstance(entry.get("passcode"), int):
            out["serial_number"] = f"{entry['passcode']:08d}"
        return out

    # -- texts -------------------------------------------------------------------------------
    def quoted(self, cid: str, place: Place | None) -> str:
        """The card as a log line shows it where it stands: face-down cards are "Set"."""
        if place is not None and not place.face_up and place.pile in (
                "monsters", "spell_traps", "field_spell"):
            return f'Set "{self.name(cid)}"'
        return f'"{self.name(cid)}"'

    def zone_text(self, place: Place, actor: Player, *, short: bool = False) -> str:
        """A zone as the acting player's log names it (the other side's zones are ``M2-n``)."""
        zone = place.zone or ""
        mine = place.side == actor
        if place.pile == "field_spell":
            return "Field Spell Zone" if mine else "Field Spell Zone 2"
        if zone.startswith("EMZ"):
            left = (zone == "EMZ-L") == (place.side == "p1")
            word = "Left" if left else "Right"
            return f"{word} EMZ" if short else f"{word} Extra Monster Zone"
        row = "M" if place.pile == "monsters" or zone.startswith("M") else "S"
        number = zone[1:] or "1"
        return f"{row}-{number}" if mine else f"{row}2-{number}"

    def from_text(self, cid: str, place: Place | None, actor: Player) -> str:
        """``"X" from hand (2/5)``, ``banished "X" (1/3)``, ``"X" from M-3`` ..."""
        q = self.quoted(cid, place)
        if place is None:
            return f"{q} from Deck"
        pile = place.pile
        if pile == "hand":
            return f"{q} from hand ({place.index}/{place.size})"
        if pile == "banished":
            return f"banished {q} ({place.index}/{place.size})"
        if pile in ("monsters", "spell_traps", "field_spell"):
            return f"{q} from {self.zone_text(place, actor)}"
        return f"{q} from " + {"deck": "Deck", "graveyard": "GY", "extra": "Extra Deck",
                               "extra_face_up": "Extra Deck"}.get(pile, "GY")

    def at_text(self, cid: str, place: Place | None, actor: Player) -> str:
        """``"X" in M-3``, ``"X" in hand (1/4)``, ``"X" from GY`` (a Declare's words)."""
        q = self.quoted(cid, place)
        if place is None:
            return f"{q} from Deck"
        if place.pile == "hand":
            return f"{q} in hand ({place.index}/{place.size})"
        if place.pile == "banished":
            return f"banished {q} ({place.index}/{place.size})"
        if place.pile in ("monsters", "spell_traps", "field_spell"):
            return f"{q} in {self.zone_text(place, actor)}"
        return self.from_text(cid, place, actor)

    # -- plays -------------------------------------------------------------------------------
    def play(self, kind: str, player: Player, text: str, *, private: str | None = None,
             card: str | None = None, shown: str | None = None, **fields: Any) -> None:
        if not self.turn_started and kind not in ("Admit defeat",):
            self.turn_started = True
            self.play("Start turn", self.s.turn_player, "Entered Draw Phase")
        log: dict[str, Any] = {"public_log": text, "type": "duel",
                               "username": self.names[player]}
        if private is not None:
            log["private_log"] = private
        out: dict[str, Any] = {"play": kind, "seconds": self.second, "log": log,
                               "action": "Duel", "username": self.names[player], **fields}
        if card is not None:
            out["id"] = self.object_id(card)
            out["card"] = self.card_object(card)
        if shown is not None:  # the card object alone (an Xyz Summon's play names it so)
            out["card"] = self.card_object(shown)
        self.plays.append(out)

    def send(self, cid: str, before: Place | None, after: Place | None,
             actor: Player) -> None:
        """A card moved from ``before`` to ``after`` by hand (a pile or another zone)."""
        if after is None:  # a token ceased to exist
            if before is not None and before.zone:
                self.play("Remove Token", actor, f'Removed "Token" from '
                          f"{self.zone_text(before, actor)}", card=cid)
            return
        if before is not None and before.pile == "material":
            holder = before.holder or ""
            hp = _place(self.s, holder) or Place(before.side, "monsters")
            self.play("Detach", actor, f'Detached Xyz Material "{self.name(cid)}" from '
                      f"{self.at_text(holder, hp, actor)}", card=cid)
            if after.pile == "graveyard":
                return
            before = Place(after.side, "graveyard")
        src = self.from_text(cid, before, actor)
        pile = after.pile
        if pile == "graveyard":
            self.play("To GY", actor, f"Sent {src} to GY", card=cid)
        elif pile == "banished":
            down = not after.face_up
            self.play("Banish FD" if down else "Banish", actor,
                      f"Banished {src}" + (" face-down" if down else ""), card=cid)
        elif pile == "hand":
            verb = "Added" if before is None or before.pile == "deck" else "Returned"
            self.play("To hand", actor, f"{verb} {src} to hand", card=cid)
        elif pile == "deck":
            self.play("To B Deck", actor, f"Returned {src} to bottom of deck", card=cid)
        elif pile in ("extra", "extra_face_up"):
            self.play("To ED FU" if pile == "extra_face_up" else "To ED", actor,
                      f"Returned {src} to Extra Deck", card=cid,
                      owner=self.names[after.side])
        elif pile in ("spell_traps", "field_spell"):
            where = self.zone_text(after, actor)
            self.play("To ST", actor, f'Placed {src.replace("Set ", "", 1)} to {where}',
                      card=cid, zone=where)
            if not after.face_up:
                self.play("Set ST", actor, f'Set "{self.name(cid)}" in {where}', card=cid)
        elif pile == "monsters":
            self.play("Move", actor, f"Moved {src} to {self.zone_text(after, actor, short=True)}",
                      card=cid, zone=self.zone_text(after, actor, short=True))
        elif pile == "material":
            holder = after.holder or ""
            held = _place(self.s, holder)
            if before is not None and before.pile == "monsters":
                self.play("Overlay", actor, f"Overlayed {self.at_text(cid, before, actor)} "
                          f"onto {self.at_text(holder, held, actor)}",
                          start_id=self.object_id(cid), end_id=self.object_id(holder),
                          zone=self.zone_text(held, actor) if held else None)
            else:
                self.play("Attach", actor, f"Attached {src} to "
                          f"{self.at_text(holder, held, actor)}",
                          start_id=self.object_id(cid), end_id=self.object_id(holder))


#: The engine's move reason (``REASON_COST``) as the EDOPro import writes it in a log line.
_REASON: Final = re.compile(r"\(reason (0x[0-9a-f]+)\)")
REASON_COST: Final = 0x80


def _is_cost(action: Mapping[str, Any]) -> bool:
    """Whether an EDOPro action's log says the engine moved the card as a cost.

    >>> _is_cost({"log": {"text": "Naturia Cosmobeet: Monster Zone -> GY (reason 0x82)"}})
    True
    >>> _is_cost({"log": {"text": "Naturia Antjaw: Monster Zone -> GY (reason 0x21)"}})
    False
    """
    log = action.get("log")
    found = _REASON.search(str(log.get("text"))) if isinstance(log, Mapping) else None
    return found is not None and bool(int(found[1], 16) & REASON_COST)


class Converter(Writer):
    """Each action of the document as its plays."""

    def __init__(self, document: Mapping[str, Any]) -> None:
        super().__init__(document)
        self.pending: list[dict[str, Any]] = []  # a cost's plays, written after its activation

    def snapshot(self) -> dict[str, Place | None]:
        return {cid: _place(self.s, cid) for cid in self.doc.cards}

    def carry_out(self, action: Action) -> None:
        s = self.s
        try:
            if action.type == "phase":
                s.phase = action.to or s.phase
                apply.enter_phase(s, action)
            else:
                apply.EFFECTS[action.type](s, action)
                if action.type == "end_turn":
                    s.phase = "draw"
        except Exception:  # a board the log and the engine disagree on: carried on as is
            s.activating = None
            s.placing = None
        s.index += 1

    def resolve_first(self, action: Action) -> None:
        """The open chain resolves before ``action``: a one-shot Spell or Trap is sent to
        the GY by its player, as Duelingbook players do."""
        if not apply.resolves_chain_first(self.s, action) and action.type != "resolve":
            return
        before = self.snapshot()
        players = {link.card: link.player for link in self.s.chain}
        apply.resolve_chain(self.s)
        for cid, was in before.items():
            now = _place(self.s, cid)
            if now != was and was is not None and was.pile in ("spell_traps", "field_spell"):
                self.send(cid, was, now, players.get(cid, was.side))

    def convert(self, index: int, action: Action) -> None:
        """The plays of one action. A cost the engine paid before the activation it is for
        (its move's reason says COST) is written after that activation, as a Duelingbook
        player declares an effect and then pays for it."""
        self.second = index
        cost = action.type != "activate" and _is_cost(self.raw_action(index))
        if self.pending and (action.type != "activate" and not cost):
            self.plays.extend(self.pending)
            self.pending.clear()
        mark = len(self.plays)
        self._convert(action)
        if cost:
            self.pending.extend(self.plays[mark:])
            del self.plays[mark:]
        elif action.type == "activate" and self.pending:
            self.plays.extend(self.pending)
            self.pending.clear()

    def raw_action(self, index: int) -> Mapping[str, Any]:
        actions = self.raw.get("actions") or []
        found = actions[index] if index < len(actions) else {}
        return found if isinstance(found, Mapping) else {}

    def _convert(self, action: Action) -> None:
        self.resolve_first(action)
        before = self.snapshot()
        self.carry_out(action)
        after = self.snapshot()
        handler = getattr(self, f"_{action.type}", None)
        if handler is not None:
            handler(action, before, after)

    def leftovers(self, action: Action, before: dict[str, Place | None],
                  after: dict[str, Place | None], done: set[str]) -> None:
        """Cards the action moved besides its own (a summon's Tributes and materials)."""
        for cid in (*action.tributes, *action.materials):
            if cid in done:
                continue
            done.add(cid)
            self.send(cid, before.get(cid), after.get(cid), action.player)

    # -- the actions -------------------------------------------------------------------------
    def _phase(self, a: Action, before: Any, after: Any) -> None:
        if a.to in PHASES:
            self.play(PHASES[a.to][0], a.player, PHASES[a.to][1])

    def _end_turn(self, a: Action, before: Any, after: Any) -> None:
        self.play("End turn", a.player, "Ended turn")
        self.turn_started = False

    def _draw(self, a: Action, before: Any, after: Any) -> None:
        card = a.card or ""
        self.play("Draw card", a.player, "Drew a card", private=f'Drew "{self.name(card)}"',
                  card=card)

    def _normal_summon(self, a: Action, before: dict[str, Place | None],
                       after: dict[str, Place | None]) -> None:
        self.leftovers(a, before, after, set())
        card, place = a.card or "", after.get(a.card or "")
        zone = self.zone_text(place, a.player) if place else "M-1"
        self.play("Normal Summon", a.player, f"Normal Summoned "
                  f"{self.from_text(card, before.get(card), a.player)} to {zone}",
                  card=card, zone=zone)

    def _set_monster(self, a: Action, before: dict[str, Place | None],
                     after: dict[str, Place | None]) -> None:
        self.leftovers(a, before, after, set())
        card, place, was = a.card or "", after.get(a.card or ""), before.get(a.card or "")
        zone = self.zone_text(place, a.player) if place else "M-1"
        n = f"({was.index}/{was.size})" if was else "(1/1)"
        self.play("Set monster", a.player, f"Set card from hand {n} to {zone}",
                  private=f'Set "{self.name(card)}" from hand {n} to {zone}', card=card,
                  zone=zone)

    def _set_spell_trap(self, a: Action, before: dict[str, Place | None],
                        after: dict[str, Place | None]) -> None:
        card, place, was = a.card or "", after.get(a.card or ""), before.get(a.card or "")
        n = f"({was.index}/{was.size})" if was else "(1/1)"
        if place is not None and place.pile == "field_spell":
            self.play("Set Field Spell", a.player, f"Set Field Spell card from hand {n}",
                      private=f'Set Field Spell "{self.name(card)}" from hand {n}', card=card)
            return
        zone = self.zone_text(place, a.player) if place else "S-1"
        self.play("Set ST", a.player, f"Set card from hand {n} to {zone}",
                  private=f'Set "{self.name(card)}" from hand {n} to {zone}', card=card,
                  zone=zone)

    def _special_summon(self, a: Action, before: dict[str, Place | None],
                        after: dict[str, Place | None]) -> None:
        card = a.card or ""
        was, place = before.get(card), after.get(card)
        if place is None or place.pile != "monsters":
            return
        pos = "DEF" if place.position != "attack" else "ATK"
        zone = self.zone_text(place, a.player, short=True)
        if self.doc.cards[card].token:
            self.play("Summon Token", a.player, f"Summoned a token in {zone}", card=card,
                      zone=zone, token="1")
            if place.position == "attack":
                self.play("To ATK", a.player, f'Changed "Token" in {zone} to ATK', card=card)
            return
        if a.method == "xyz" and a.materials:
            self._xyz(a, before, after, pos)
            return
        self.leftovers(a, before, after, set())
        if was is not None and was.pile in ("spell_traps", "monsters"):
            self.play("Move", a.player, f"Moved {self.from_text(card, was, a.player)} to {zone}",
                      card=card, zone=zone)
            return
        self.play(f"SS {pos}", a.player, f"Special Summoned "
                  f"{self.from_text(card, was, a.player)} to {zone} ({pos})", card=card,
                  zone=zone)
        if place.position == "facedown_defense":
            self.play("Set monster", a.player, f'Set "{self.name(card)}" in {zone}', card=card)

    def _xyz(self, a: Action, before: dict[str, Place | None],
             after: dict[str, Place | None], pos: str) -> None:
        """Overlay the materials one onto the other, the first where the Xyz Monster goes,
        then summon it onto the pile ("OL ATK"): Duelingbook lays each card on top, so each
        next one goes onto the last. An Xyz Monster the engine put in the other Extra Monster
        Zone than its material's is moved there; one going where no material stands is
        summoned first and its materials overlaid onto it."""
        card, place = a.card or "", after[a.card or ""]
        assert place is not None
        on_field = [m for m in a.materials if (p := before.get(m)) is not None
                    and p.pile == "monsters"]
        base = next((m for m in on_field if (p := before.get(m)) is not None
                     and p.zone == place.zone), None)
        if base is None and (place.zone or "").startswith("EMZ"):
            base = next((m for m in on_field if (p := before.get(m)) is not None
                         and (p.zone or "").startswith("EMZ")), None)
        zone = self.zone_text(place, a.player, short=True)
        if base is None:
            self.play(f"SS {pos}", a.player, f'Special Summoned "{self.name(card)}" from '
                      f"Extra Deck to {zone} ({pos})", card=card, zone=zone)
            for m in a.materials:
                self.send(m, before.get(m), after.get(m), a.player)
            return
        base_place = before[base]
        assert base_place is not None
        top = base
        for m in [base, *(m for m in on_field if m != base)][1:]:
            self.play("Overlay", a.player, f"Overlayed {self.at_text(m, before[m], a.player)} "
                      f"onto {self.at_text(top, base_place, a.player)}",
                      start_id=self.object_id(m), end_id=self.object_id(top),
                      zone=self.zone_text(base_place, a.player))
            top = m
        self.play(f"OL {pos}", a.player, f'Special Summoned "{self.name(card)}" from Extra '
                  f"Deck onto {self.at_text(top, base_place, a.player)} ({pos})",
                  start_id=self.object_id(card), end_id=self.object_id(top),
                  zone=self.zone_text(base_place, a.player), shown=card)
        for m in a.materials:
            if m not in on_field:
                self.send(m, before.get(m), after.get(m), a.player)
        if base_place.zone != place.zone:
            self.play("Move", a.player, f'Moved "{self.name(card)}" from '
                      f"{self.zone_text(base_place, a.player)} to {zone}", card=card, zone=zone)

    def _pendulum_summon(self, a: Action, before: dict[str, Place | None],
                         after: dict[str, Place | None]) -> None:
        for card in a.cards:
            was, place = before.get(card), after.get(card)
            if place is None or place.pile != "monsters":
                continue
            pos = "DEF" if place.position != "attack" else "ATK"
            zone = self.zone_text(place, a.player, short=True)
            self.play(f"SS {pos}", a.player, f"Special Summoned "
                      f"{self.from_text(card, was, a.player)} to {zone} ({pos})", card=card,
                      zone=zone)

    def _flip_summon(self, a: Action, before: dict[str, Place | None], after: Any) -> None:
        card = a.card or ""
        self.play("Flip Summon", a.player, f"Flip Summoned "
                  f"{self.at_text(card, before.get(card), a.player)}", card=card)

    def _change_position(self, a: Action, before: dict[str, Place | None],
                         after: Any) -> None:
        card = a.card or ""
        was = before.get(card)
        if was is None:
            return
        where = self.zone_text(was, a.player)
        if a.to == "facedown_defense":
            self.play("Set monster", a.player, f'Set "{self.name(card)}" in {where}',
                      card=card)
        elif not was.face_up and a.to == "defense":
            self.play("Flip", a.player, f"Flipped {self.at_text(card, was, a.player)}",
                      card=card)
        else:
            word = "ATK" if a.to == "attack" else "DEF"
            self.play(f"To {word}", a.player, f'Changed "{self.name(card)}" in {where} to '
                      f"{word}", card=card)

    def _activate(self, a: Action, before: dict[str, Place | None],
                  after: dict[str, Place | None]) -> None:
        card = a.card or ""
        was, place = before.get(card), after.get(card)
        info = self.doc.cards[card]
        q = f'"{self.name(card)}"'
        if was is not None and was.pile == "hand" and (
                info.kind != "monster" or (place is not None and place.pile == "spell_traps")):
            n = f"({was.index}/{was.size})"
            if place is not None and place.pile == "field_spell":
                self.play("Activate Field Spell", a.player,
                          f"Activated Field Spell {q} from hand {n}", card=card)
            elif info.kind == "monster" and place is not None and place.zone in ("S1", "S5"):
                side = "Left" if place.zone == "S1" else "Right"
                self.play(f"Activate Pendulum {side}", a.player,
                          f"Activated {q} from hand {n} to {side} Pendulum Zone", card=card)
            else:
                zone = self.zone_text(place, a.player) if place else "S-1"
                self.play("Activate ST", a.player, f"Activated {q} from hand {n} to {zone}",
                          card=card, zone=zone)
            return
        if was is not None and not was.face_up and was.pile in ("spell_traps", "field_spell"):
            if was.pile == "field_spell":
                self.play("Activate Field Spell", a.player,
                          f"Activated Field Spell Set {q} in Field Spell Zone", card=card)
            else:
                self.play("Activate ST", a.player, f"Activated Set {q} in "
                          f"{self.zone_text(was, a.player)}", card=card)
            return
        self.play("Declare", a.player, f"Declared effect of {self.at_text(card, was, a.player)}",
                  card=card, name=self.name(card))

    def _move(self, a: Action, before: dict[str, Place | None],
              after: dict[str, Place | None]) -> None:
        card = a.card or ""
        self.send(card, before.get(card), after.get(card), a.player)

    _destroy = _move
    _discard = _move

    def _take_control(self, a: Action, before: dict[str, Place | None],
                      after: dict[str, Place | None]) -> None:
        card = a.card or ""
        was, now = before.get(card), after.get(card)
        if was is None or now is None:
            return
        giver = other(a.player)
        self.play("Move", giver, f"Moved {self.from_text(card, was, giver)} to "
                  f"{self.zone_text(now, giver, short=True)}", card=card,
                  zone=self.zone_text(now, giver, short=True))

    def _declare_attack(self, a: Action, before: dict[str, Place | None],
                        after: Any) -> None:
        card = a.card or ""
        mine = self.at_text(card, before.get(card), a.player)
        if a.target is None:
            self.play("Attack directly", a.player, f"Attacked directly with {mine}",
                      card=card)
            return
        target = before.get(a.target)
        them = "Set card in " + self.zone_text(target, a.player) if target is not None and \
            not target.face_up else self.at_text(a.target, target, a.player)
        self.play("Attack", a.player, f"Attacked {them} with {mine}",
                  attacking_id=self.object_id(card), attacked_id=self.object_id(a.target))

    def _damage(self, a: Action, before: Any, after: Any) -> None:
        self.play("Life points", a.player, f"Lost {a.amount} LP", amount=-a.amount,
                  life=self.s.sides[a.player].lp, points=a.amount, word="decreased")

    def _gain_lp(self, a: Action, before: Any, after: Any) -> None:
        self.play("Life points", a.player, f"Gained {a.amount} LP", amount=a.amount,
                  life=self.s.sides[a.player].lp, points=a.amount, word="increased")

    def _surrender(self, a: Action, before: Any, after: Any) -> None:
        self.play("Admit defeat", a.player, "Admitted defeat")


def to_duelingbook(document: Mapping[str, Any]) -> dict[str, Any]:
    """An imported EDOPro game (its duel document) as the Duelingbook replay JSON a person
    would have clicked for it: ``player1``/``player2`` with the deck sizes, "Pick first" with
    the opening hands, then one or more plays per action (see the module's docstring).

    >>> replay = to_duelingbook({"cards": {}, "actions": [],
    ...                          "source": {"players": {"p1": "Ann", "p2": "Bob"}}})
    >>> replay["format"], [p["play"] for p in replay["plays"]], replay["plays"][0]["order"]
    ('ar', ['Pick first'], ['Ann', 'Bob'])
    """
    c = Converter(document)
    first: Player = "p2" if document.get("turn_player") == "p2" else "p1"
    setup = document.get("setup") or {}
    pick_log: list[dict[str, Any]] = [{"public_log": "Chose to go first", "type": "game",
                                       "username": c.names[first]}]
    shown: list[dict[str, Any]] = []
    for player in PLAYERS:
        for n, cid in enumerate((setup.get(player) or {}).get("hand") or ()):
            c.ids[cid] = STARTS[player] + n
            pick_log.append({"private_log": f'Drew "{c.name(cid)}"', "public_log": "Drew a card",
                             "type": "duel", "username": c.names[player]})
            shown.append(c.card_object(cid))
    c.plays.append({"play": "Pick first", "seconds": 0, "cards": shown, "log": pick_log,
                    "action": "Duel", "username": c.names[first],
                    "order": [c.names[first], c.names[other(first)]]})
    for index, action in enumerate(c.doc.actions):
        c.convert(index, action)
    c.plays.extend(c.pending)
    sides = {}
    for player in PLAYERS:
        side = setup.get(player) or {}
        sides[player] = {"username": c.names[player], "start": STARTS[player],
                         "main_total": int(side.get("deck", 40)) + len(side.get("hand") or ()),
                         "extra_total": len(side.get("extra") or ())}
    return {"format": "ar", "rules": "TCG", "version": 17, "conceal": False,
            "tag_duel": False, "player1": sides["p1"], "player2": sides["p2"],
            "plays": c.plays}
