"""The words of the Duelingbook plays the EDOPro converter writes (:mod:`.to_duelingbook`):
where a card stands as a Duelingbook log names it (``"X" from hand (2/5)``, ``M2-3``, "Left
EMZ", ``banished "X" (1/3)``), the card objects and object ids, and each move of a card as
the play a player clicks for it (docs/edopro.md, "The two importers held together").

>>> Place("p2", "monsters", "EMZ-L").zone, Place("p1", "hand", index=2, size=5).size
('EMZ-L', 5)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from validator.cards.database import database
from validator.document.model import Player
from validator.document.position import initial_state
from validator.engine.duel import load_document
from validator.engine.state import DuelState

__all__ = ["PHASES", "PLAYERS", "STARTS", "Place", "Writer", "place_of"]

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


def place_of(s: DuelState, cid: str) -> Place | None:
    """Where ``cid`` stands on the engine's board, or None where it stands nowhere yet.

    >>> s = initial_state(load_document({"cards": {"x": {"kind": "monster", "level": 4}},
    ...                                  "setup": {"p1": {"hand": ["x"]}}}))
    >>> place_of(s, "x")
    Place(side='p1', pile='hand', zone=None, face_up=True, position='attack', index=1, size=1, \
holder=None)
    """
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
            hp = place_of(self.s, holder) or Place(before.side, "monsters")
            self.play("Detach", actor, f'Detached Xyz Material "{self.name(cid)}" from '
                      f"{self.at_text(holder, hp, actor)}", card=cid)
            if after.pile == "graveyard":
                return
            before = Place(after.side, "graveyard")
        src = self.from_text(cid, before, actor)
        pile = after.pile
        # a card of the opponent's its controller sends to its owner's pile: Duelingbook names
        # the owner ("Sent "Lava Golem" from M-2 to GY", owner Madmike-_0: edison-58708954
        # game 2 [14:54])
        owned = {"owner": self.names[after.side]} if before is not None and \
            before.side == actor != after.side else {}
        if pile == "graveyard":
            self.play("To GY", actor, f"Sent {src} to GY", card=cid, **owned)
        elif pile == "banished":
            down = not after.face_up
            self.play("Banish FD" if down else "Banish", actor,
                      f"Banished {src}" + (" face-down" if down else ""), card=cid, **owned)
        elif pile == "hand":
            verb = "Added" if before is None or before.pile == "deck" else "Returned"
            self.play("To hand", actor, f"{verb} {src} to hand", card=cid)
        elif pile == "deck":
            self.play("To B Deck", actor, f"Returned {src} to bottom of deck", card=cid,
                      **owned)
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
            held = place_of(self.s, holder)
            if before is not None and before.pile == "monsters":
                self.play("Overlay", actor, f"Overlayed {self.at_text(cid, before, actor)} "
                          f"onto {self.at_text(holder, held, actor)}",
                          start_id=self.object_id(cid), end_id=self.object_id(holder),
                          zone=self.zone_text(held, actor) if held else None)
            else:
                self.play("Attach", actor, f"Attached {src} to "
                          f"{self.at_text(holder, held, actor)}",
                          start_id=self.object_id(cid), end_id=self.object_id(holder))
