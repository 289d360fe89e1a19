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
from typing import Any, Final

from validator.document.model import Action, Player, other
from validator.engine import apply
from validator.importers.edopro.dbplays import PHASES, PLAYERS, STARTS, Place, Writer, place_of

__all__ = ["source_index", "to_duelingbook"]

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


#: The engine's move reason (``REASON_COST``) as the EDOPro import writes it in a log line.
_REASON: Final = re.compile(r"\(reason (0x[0-9a-f]+)\)")
REASON_COST: Final = 0x80
#: The Life Points a Duelingbook duel starts at; a replay has no field for others.
DUELINGBOOK_LP: Final = 8000


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
        return {cid: place_of(self.s, cid) for cid in self.doc.cards}

    def carry_out(self, action: Action) -> None:
        s = self.s
        if not apply.carry_out(s, action):  # the log and the engine disagree: carried on as is
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
            now = place_of(self.s, cid)
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
        if self._placed_by_owner(card, was, place, pos):
            return
        if was is not None and was.pile in ("spell_traps", "monsters"):
            self.play("Move", a.player, f"Moved {self.from_text(card, was, a.player)} to {zone}",
                      card=card, zone=zone)
            return
        self.play(f"SS {pos}", a.player, f"Special Summoned "
                  f"{self.from_text(card, was, a.player)} to {zone} ({pos})", card=card,
                  zone=zone)
        if place.position == "facedown_defense":
            self.play("Set monster", a.player, f'Set "{self.name(card)}" in {zone}', card=card)

    def free_main_zone(self, side: Player) -> str | None:
        """The first Main Monster Zone of ``side`` no monster stands in (``M1`` ...)."""
        taken = {m.zone for m in self.s.sides[side].monsters}
        return next((f"M{n}" for n in range(1, 6) if f"M{n}" not in taken), None)

    def _placed_by_owner(self, card: str, was: Place | None, place: Place, pos: str) -> bool:
        """A monster Special Summoned from its owner's hidden Deck, face-down Extra Deck or
        hand to the other player's field (Concours de Cuisine puts one of its player's
        "Nouvelles" onto the opponent's field): Duelingbook shows a player only the public
        part of the opponent's Extra Deck ("Viewed Opponent's Extra Deck") and never their
        Deck or hand, so the owner Special Summons it to a free zone of their own and moves it
        across ("Moved X from M-4 to M2-2"), as owners do for Lava Golem, Special Summoned to
        the opponent's field by its own text (edison-58708954 game 2 [14:17]-[14:25],
        advanced-76356373 game 3 [35:43]; docs/edopro.md). Into an Extra Monster Zone, which
        a log names from its writer's side only, its new controller then moves it there from
        the Main Monster Zone it received it in. A card the other player can see (in a GY,
        banished, the face-up Extra Deck) keeps the number Duelingbook gave it, which says
        whose it is: its new controller takes it (advanced-76237695 game 3 [19:51],
        GranSolfachord Coolia from the opponent's GY). False where this is no such Summon,
        or no zone is free for the way."""
        owner = was.side if was is not None else self.doc.cards[card].owner
        if owner is None or owner == place.side or (
                was is not None and was.pile not in ("deck", "extra", "hand")):
            return False
        controller = place.side
        emz = (place.zone or "").startswith("EMZ")
        stop = self.free_main_zone(owner)
        via = self.free_main_zone(controller) if emz else place.zone
        if stop is None or via is None:
            return False
        here = Place(owner, "monsters", stop, place.face_up, place.position)
        there = Place(controller, "monsters", via, place.face_up, place.position)
        zone = self.zone_text(here, owner, short=True)
        self.play(f"SS {pos}", owner, f"Special Summoned {self.from_text(card, was, owner)} to "
                  f"{zone} ({pos})", card=card, zone=zone)
        if place.position == "facedown_defense":
            self.play("Set monster", owner, f'Set "{self.name(card)}" in {zone}', card=card)
        across = self.zone_text(there, owner, short=True)
        self.play("Move", owner, f"Moved {self.from_text(card, here, owner)} to {across}",
                  card=card, zone=across)
        if emz:
            mine = self.zone_text(there, controller, short=True)
            final = self.zone_text(place, controller, short=True)
            self.play("Move", controller, f"Moved {self.quoted(card, place)} from {mine} to "
                      f"{final}", card=card, zone=final, owner=self.names[owner])
        return True

    def _xyz(self, a: Action, before: dict[str, Place | None],
             after: dict[str, Place | None], pos: str) -> None:
        """Overlay the materials one onto the other, the first where the Xyz Monster goes,
        then summon it onto the pile ("OL ATK"): Duelingbook lays each card on top, so each
        next one goes onto the last. An Xyz Monster the engine put in another zone than its
        materials' (the other Extra Monster Zone, a free Main Monster Zone) is summoned onto
        them and moved there, as a player drags it: an Xyz Monster used as material keeps its
        own materials under the pile (they become the new monster's). One none of whose
        materials stands on the field is summoned first and its materials attached to it."""
        card, place = a.card or "", after[a.card or ""]
        assert place is not None
        on_field = [m for m in a.materials if (p := before.get(m)) is not None
                    and p.pile == "monsters"]
        base = next((m for m in on_field if (p := before.get(m)) is not None
                     and p.zone == place.zone), None)
        if base is None and (place.zone or "").startswith("EMZ"):
            base = next((m for m in on_field if (p := before.get(m)) is not None
                         and (p.zone or "").startswith("EMZ")), None)
        if base is None and on_field:  # the engine chose another zone: summoned onto the pile
            base = on_field[0]
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
        was, now = before.get(card), after.get(card)
        if was is not None and was.zone is not None and was == now:
            return  # an Equip Spell equipped where it was activated: nobody clicks anything
        self.send(card, was, now, a.player)

    # methods of their own, not ``_destroy = _move``: compiled by mypyc, a class attribute
    # naming a method fails as the class is made (KeyError '_move', left set as a pending
    # exception: a SystemError later, or a Converter without these handlers)
    def _destroy(self, a: Action, before: dict[str, Place | None],
                 after: dict[str, Place | None]) -> None:
        self._move(a, before, after)

    def _discard(self, a: Action, before: dict[str, Place | None],
                 after: dict[str, Place | None]) -> None:
        self._move(a, before, after)

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
    for player in PLAYERS:
        _starting_life_points(c, player, (setup.get(player) or {}).get("lp"))
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


def _starting_life_points(c: Converter, player: Player, lp: Any) -> None:
    """A duel started at other Life Points than Duelingbook's 8000 (an EDOPro host's
    setting): the player sets them with Duelingbook's Life Points control before the first
    turn, as a person hosting such a duel there would."""
    if isinstance(lp, int) and not isinstance(lp, bool) and lp != DUELINGBOOK_LP:
        change = lp - DUELINGBOOK_LP
        word = "increased" if change > 0 else "decreased"
        c.play("Life points", player, f"{'Gained' if change > 0 else 'Lost'} {abs(change)} LP",
               amount=change, life=lp, points=abs(change), word=word)
