"""The importer's board agrees with the engine's at every turn end of every real game in
../shared: the cards the follower found where Duelingbook shows them are where the engine,
judging the imported actions, has them (monsters, Spells and Traps, hands, Graveyards,
banished piles, Xyz Materials). A disagreement is a misreading waiting to flag a later play
(an Xyz Monster's material left standing in its zone; a Tribute the log banished). The one kind of
difference allowed: a Spell or Trap whose resolution the engine finished (it is in the
Graveyard) that its player left on the field (Swords of Revealing Light, Gold Sarcophagus)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.validator.importers.duelingbook.corpora import CORPORA, CORPUS
from validator import validate
from validator.importers.duelingbook import builder
from validator.importers.duelingbook.board.tracker import Spot, is_monster_zone
from validator.importers.duelingbook.board.zones import contract_zone
from validator.importers.duelingbook.replay import load_replay

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(),
                                reason="the Duelingbook corpus in ../shared is not beside it")

#: Differences known when the games arrived, each with its reason; the test wants exactly these, so
#: the list only shrinks as the importer is fixed. The follower writes a turn's ``end_turn`` when it
#: reads the next turn's first play, so plays logged between "Ended turn" and "Entered Draw Phase"
#: are already on its board at that turn end.
KNOWN: dict[str, str] = {
    "advanced-77011623.json game 2 [16:44]: p2 hand: engine only [], import only "
    "['mulcharmy-purulia-2']":
        "The next turn's normal draw, logged before its 'Entered Draw Phase' (the player then "
        "conceded): the document is right, and the follower had read the draw when it wrote "
        "the end of the turn before.",
    "advanced-77169594.json game 2 [13:51]: p1 hand: engine only "
    "['ash-blossom-joyous-spring', 'vanquish-soul-caesar-valius'], import only []":
        "Cards shown by placing them: after 'Ended turn' the player laid known hand cards in "
        "the Spell & Trap Zone ('thses known') and the follower takes them as placed there "
        "(issue 24: cards shown).",
    "advanced-77169594.json game 2 [13:51]: p1 spell_traps: engine only [], import only "
    "['ash-blossom-joyous-spring', 'vanquish-soul-caesar-valius']":
        "The same cards shown, seen from the Spell & Trap Zone (issue 24).",
    "edison-58638913.json game 2 [7:43]: p1 ryko-lightsworn-hunter: in M3, the log's M4":
        "Two monsters sent to the GY and brought straight back into each other's zones "
        "([7:04] X-Saber Airbellum M-4 to M-3, [7:05] Ryko M-3 to M-4): each is a slip undone, "
        "its send dropped, so for the engine both stand where they stood and the first move "
        "back finds its zone held; the cards are right, their zones swapped.",
}

#: At a turn end: its ``end_turn`` action, and the reading's board (card -> where it stands).
#: The action itself, not a count: a later reading may take back an action of the turn before
#: (a Set card flipped up in the End Phase to show it, Set again in the next turn).
Mark = tuple[dict[str, Any], dict[str, Spot]]


def _turn_ends(monkeypatch: pytest.MonkeyPatch, path: Path) -> list[tuple[Any, list[Mark]]]:
    marks: dict[int, list[Mark]] = {}
    emit = builder.GameBuilder._emit

    def recording(self: builder.GameBuilder, play: Any, kind: str, player: Any,
                  fields: dict[str, Any], **options: Any) -> Any:
        action = emit(self, play, kind, player, fields, **options)
        if kind == "end_turn" and fields.get("at") is None and action is not None:
            marks.setdefault(id(self.game), []).append((action, dict(self.board.where)))
        return action

    monkeypatch.setattr(builder.GameBuilder, "_emit", recording)
    games = load_replay(path.read_text("utf-8"))
    return [(game, marks.get(id(game), [])) for game in games]


def _differences(document: dict[str, Any], where: dict[str, Spot]) -> list[str]:
    state = validate(document).to_dict()["state"]["players"]
    cards = document["cards"]
    tokens = {cid for cid, card in cards.items() if card.get("token")}
    out: list[str] = []
    for side in ("p1", "p2"):
        engine = state[side]
        ours = {cid: spot for cid, spot in where.items() if spot.side == side and
                cid not in tokens}
        piles = {"monsters": ({m["card"] for m in engine["monsters"]} - tokens,
                              {c for c, s in ours.items() if is_monster_zone(s.spot)}),
                 "hand": (set(engine["hand"]), {c for c, s in ours.items() if s.spot == "hand"}),
                 "graveyard": (set(engine["graveyard"]),
                               {c for c, s in ours.items() if s.spot == "graveyard"}),
                 "banished": (set(engine["banished"]),
                              {c for c, s in ours.items() if s.spot == "banished"}),
                 "Xyz Materials": ({c for m in engine["monsters"] for c in m.get("materials", ())},
                                   {c for c, s in ours.items() if s.spot == "material"})}
        field = {s["card"] for s in engine["spell_traps"]} | (
            {engine["field_spell"]["card"]} if engine.get("field_spell") else set())
        left_on_field = {c for c, s in ours.items() if s.spot.startswith(("S-", "F", "PZ")) and
                         c not in field}
        resolved = left_on_field & piles["graveyard"][0]
        piles["spell_traps"] = (field, {c for c in ours if ours[c].spot.startswith(
            ("S-", "F", "PZ"))} - resolved)
        piles["graveyard"] = (piles["graveyard"][0] - resolved, piles["graveyard"][1])
        for pile, (theirs, mine) in piles.items():
            if theirs != mine:
                out.append(f"{side} {pile}: engine only {sorted(theirs - mine)}, import only "
                           f"{sorted(mine - theirs)}")
        out += _zone_differences(side, engine, ours)
    return out


def _zone_differences(side: str, engine: dict[str, Any], ours: dict[str, Spot]) -> list[str]:
    """The cards on both boards that stand in another zone than the log's, under every
    ruleset: the board a judge compares with the log must show the log's zone (issue 25,
    trial item 6: a Goat "Normal Summoned ... to M-5" was drawn in M4)."""
    out = []
    for entry in (*engine["monsters"], *engine["spell_traps"]):
        spot = ours.get(entry["card"])
        if spot is None:
            continue
        logged = contract_zone(spot.side, spot.spot)
        if logged is not None and entry.get("zone") != logged:
            out.append(f"{side} {entry['card']}: in {entry.get('zone')}, the log's {logged}")
    return out


@pytest.mark.parametrize("corpus", list(CORPORA))
def test_the_importers_board_is_the_engines_at_every_turn_end(
        corpus: str, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = CORPORA[corpus][0]
    compared, found = 0, []
    for path in sorted(folder.glob("*.json")):
        for game, marks in _turn_ends(monkeypatch, path):
            for action, where in marks:
                count = next((i + 1 for i, a in enumerate(game.document["actions"])
                              if a is action), None)
                if count is None:
                    continue
                document = {**game.document, "actions": game.document["actions"][:count]}
                if not validate(document).legal:
                    break  # the board after a violation is the judge's to read, not ours
                compared += 1
                time = game.document["actions"][count - 1]["log"]["time"]
                found += [f"{path.name} game {game.number} {time}: {d}"
                          for d in _differences(document, where)]
    assert compared > 50
    known = sorted(k for k in KNOWN if k.startswith(f"{corpus}-"))
    assert sorted(found) == known
