"""The Duelingbook importer on the real sample replay, and on replays edited to break rules
(validator/importers/). The sample stays in ../shared; these tests skip without it."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest

from tests.helpers import SHARED
from validator import validate
from validator.importers.duelingbook.game import GAME_BOUNDARIES
from validator.importers.duelingbook.kinds import OLD_NAMES, kind_of
from validator.importers.duelingbook.replay import (
    Game,
    ReplayError,
    import_replay,
    load_replay,
)

REPLAY = SHARED / "data" / "duelingbook" / "aco77-sdesowitz02-2026-10-07.json"
pytestmark = pytest.mark.skipif(not REPLAY.exists(),
                                reason="the Duelingbook sample in ../shared is not beside it")


@cache
def sample() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(REPLAY.read_text("utf-8"))
    return data


def edited() -> dict[str, Any]:
    return copy.deepcopy(sample())


def find(replay: dict[str, Any], time: str, user: str, text: str) -> int:
    """Index of the play at ``time`` ('m:ss') by ``user`` whose public text starts so."""
    minutes, seconds = time.split(":")
    at = int(minutes) * 60 + int(seconds)
    for i, play in enumerate(replay["plays"]):
        log = play.get("log") if isinstance(play.get("log"), dict) else {}
        if play.get("seconds") == at and play.get("username") == user and \
                str(log.get("public_log", "")).startswith(text):
            return i
    raise LookupError((time, user, text))


def last_life(replay: dict[str, Any], user: str, before: int, after: int = 0) -> int:
    lives = [p["life"] for p in replay["plays"][after:before]
             if p.get("play") == "Life points" and p.get("username") == user]
    return lives[-1] if lives else 8000


def verdict_of(game: Game) -> dict[str, Any]:
    return validate(game.document).to_dict()


def test_the_sample_imports_as_two_legal_games_won_by_surrender() -> None:
    replay = sample()
    games = import_replay(replay)
    assert [g.players for g in games] == [{"p1": "sdesowitz02", "p2": "Aco77"},
                                          {"p1": "Aco77", "p2": "sdesowitz02"}]
    ends = [i for i, p in enumerate(replay["plays"]) if p["play"] == "Admit defeat"]
    starts = [i for i, p in enumerate(replay["plays"]) if p["play"] == "Pick first"]
    for game, start, end in zip(games, starts, ends, strict=True):
        verdict = verdict_of(game)
        assert verdict["legal"], verdict["violation"]
        loser = replay["plays"][end]["username"]
        winner = next(p for p, u in game.players.items() if u != loser)
        assert verdict["outcome"] == {"winner": winner, "reason": "surrender"}
        for player, user in game.players.items():
            assert verdict["state"]["players"][player]["lp"] == last_life(replay, user, end, start)
        assert not [n for n in game.notes if n.reading == "import.lp-audit"]


def test_every_imported_action_keeps_its_play() -> None:
    for game in import_replay(sample()):
        for action in game.document["actions"]:
            log = action["log"]
            assert log["time"].startswith("[") and log["player"] and log["text"]


def test_opening_hands_and_deck_sizes_come_from_pick_first() -> None:
    game = import_replay(sample())[0]
    setup = game.document["setup"]
    names = game.document["cards"]
    assert [names[c]["name"] for c in setup["p1"]["hand"]] == [
        "Scapegoat", "Monster Gate", "Destiny Draw", "Reasoning", "Trade-In"]
    assert setup["p1"]["deck"] == 35 and setup["p2"]["deck"] == 35


def flagged(replay: dict[str, Any]) -> tuple[str, str, str]:
    """(rule, play time, play text) of the first violation in any game of the replay."""
    for game in import_replay(replay):
        v = verdict_of(game)["violation"]
        if v is not None:
            return v["rule"], v["action"]["log"]["time"], v["action"]["log"]["text"]
    raise AssertionError("every game is legal")


def insert_copy(replay: dict[str, Any], after: int, original: dict[str, Any],
                **changes: Any) -> None:
    replay["plays"].insert(after + 1, {**copy.deepcopy(original), **changes})


def test_a_second_normal_summon_in_a_turn() -> None:
    replay = edited()
    set_at = find(replay, "2:07", "Aco77", "Set card from hand")
    summon = replay["plays"][find(replay, "6:47", "Aco77", "Normal Summoned")]
    text = 'Normal Summoned "Breaker the Magical Warrior" from hand (1/4) to M-4'
    insert_copy(replay, set_at, summon, seconds=127, log={**summon["log"], "public_log": text})
    assert flagged(replay) == ("summon.normal-once", "[2:07]", text)


def test_an_attack_after_main_phase_2() -> None:
    replay = edited()
    battle = find(replay, "3:31", "sdesowitz02", "Entered Battle Phase")
    replay["plays"][battle]["play"] = "Enter M2"
    replay["plays"][battle]["log"]["public_log"] = "Entered Main Phase 2"
    rule, time, text = flagged(replay)
    assert (rule, time) == ("phase.restricted-action", "[3:34]")
    assert text.startswith("Attacked Set card in M-3")


def test_a_battle_phase_in_the_first_turn() -> None:
    replay = edited()
    end = find(replay, "1:20", "sdesowitz02", "Entered End Phase")
    insert_copy(replay, end - 1, replay["plays"][end], play="Enter BP", seconds=79,
                log={"public_log": "Entered Battle Phase", "username": "sdesowitz02"})
    assert flagged(replay) == ("turn.first-turn-battle", "[1:19]", "Entered Battle Phase")


def test_a_normal_set_by_the_player_whose_turn_it_is_not() -> None:
    replay = edited()
    at = find(replay, "1:13", "sdesowitz02", "Returned")
    set_play = replay["plays"][find(replay, "2:07", "Aco77", "Set card from hand")]
    insert_copy(replay, at, set_play, seconds=73)
    rule, time, _ = flagged(replay)
    assert (rule, time) == ("turn.not-turn-player", "[1:13]")


def _changes(replay: dict[str, Any], at: int, *plays: tuple[int, str]) -> None:
    for seconds, position in plays:
        replay["plays"].insert(at + 1, {
            "play": f"To {position}", "seconds": seconds, "username": "sdesowitz02",
            "id": 79, "log": {"public_log": f'Changed "Dark Magician of Chaos" in M-3 to '
                                           f'{position}', "username": "sdesowitz02"}})
        at += 1


def test_two_position_changes_by_hand_in_one_turn() -> None:
    replay = edited()
    at = find(replay, "2:16", "sdesowitz02", "Entered Main Phase 1")
    _changes(replay, at, (137, "DEF"))
    replay["plays"].insert(at + 2, {"play": "Declare", "seconds": 137, "username":
                                    "sdesowitz02", "id": 79, "log": {
                                        "public_log": 'Declared effect of "Dark Magician of '
                                                      'Chaos" in M-3'}})
    _changes(replay, at + 2, (138, "ATK"))
    assert flagged(replay) == ("position.once-per-turn", "[2:18]",
                               'Changed "Dark Magician of Chaos" in M-3 to ATK')


def test_a_position_change_undone_at_once_is_no_change() -> None:
    replay = edited()
    _changes(replay, find(replay, "2:16", "sdesowitz02", "Entered Main Phase 1"),
             (137, "DEF"), (138, "ATK"))
    game = import_replay(replay)[0]
    assert verdict_of(game)["legal"]
    assert any(n.reading == "slip.position-undone" for n in game.notes)


def test_an_attack_logged_in_main_phase_1_is_an_implied_battle_phase() -> None:
    replay = edited()
    del replay["plays"][find(replay, "3:31", "sdesowitz02", "Entered Battle Phase")]
    game = import_replay(replay)[0]
    assert verdict_of(game)["legal"]
    implied = [a for a in game.document["actions"] if a["log"].get("implied")
               and a.get("to") == "battle"]
    assert implied and implied[0]["log"]["time"] == "[3:34]"


def test_a_trap_activated_the_turn_it_was_set() -> None:
    replay = edited()
    set_at = find(replay, "2:08", "Aco77", "Set card from hand")
    activation = replay["plays"][find(replay, "3:54", "Aco77", "Activated Set")]
    insert_copy(replay, set_at, activation, seconds=128)
    assert flagged(replay) == ("card.set-this-turn", "[2:08]",
                               'Activated Set "Dimensional Prison" in S-3')


def test_ending_a_turn_with_seven_cards() -> None:
    replay = edited()
    end_at = find(replay, "2:09", "Aco77", "Ended turn")
    draws = [p for p in replay["plays"] if p["play"] == "Draw card"
             and p["username"] == "Aco77"][2:5]
    for draw in draws:  # three cards added to the hand from the Deck (a search, not a draw)
        name = draw["log"]["private_log"].removeprefix("Drew ")
        added = {**copy.deepcopy(draw), "seconds": 128, "play": "To hand"}
        added["log"] = {**added["log"], "public_log": f"Added {name} from Deck to hand"}
        del added["log"]["private_log"]
        replay["plays"].insert(end_at, added)
        end_at += 1
    assert flagged(replay) == ("hand.limit", "[2:09]", "Ended turn")


def test_a_card_put_in_an_occupied_zone_means_the_log_skipped_the_occupants_leaving() -> None:
    # Duelingbook does not let a player put a card in an occupied zone (Xyz piles aside), so
    # a log that shows it skipped the occupant's leaving (as battles often do).
    replay = edited()
    last_token = find(replay, "7:04", "sdesowitz02", "Summoned a token in M-5")
    token = replay["plays"][last_token]
    insert_copy(replay, last_token, token, seconds=245,
                log={**token["log"], "public_log": "Summoned a token in M-1"})
    game = import_replay(replay)[0]
    assert verdict_of(game)["legal"]
    moved = [a for a in game.document["actions"] if "never moved" in a["log"].get("note", "")]
    assert moved and moved[0]["to"] == "graveyard"


@pytest.mark.parametrize(("text", "fragment"), [
    ('{"plays": [', "not valid JSON"),
    ("[]", "not a Duelingbook replay"),
    ('{"plays": []}', "no game"),
    ('{"plays": [3]}', "no game"),
])
def test_files_that_are_not_replays_give_a_clear_error(text: str, fragment: str) -> None:
    with pytest.raises(ReplayError, match=fragment):
        load_replay(text)


def test_fields_of_the_wrong_type_are_skipped_or_stop_a_game_never_raise() -> None:
    replay = edited()
    replay["plays"].insert(5, {"play": ["Draw card"], "username": "Aco77"})
    replay["plays"].append({"play": {"x": 1}})
    at = find(replay, "0:15", "sdesowitz02", "")
    replay["plays"][at]["cards"][0]["type"] = ["Normal"]
    games = import_replay(replay)
    assert len(games) == 2
    assert any(n.reading == "import.not-a-play" for n in games[0].notes)


def test_a_pick_first_without_an_order_is_read_from_who_starts() -> None:
    replay = edited()
    del replay["plays"][find(replay, "0:15", "sdesowitz02", "")]["order"]
    game = import_replay(replay)[0]
    assert game.players["p1"] == "sdesowitz02"
    assert any(n.reading == "game.first-player-inferred" for n in game.notes)


def test_a_play_that_cannot_be_followed_stops_its_game_only() -> None:
    replay = edited()
    at = find(replay, "8:34", "Aco77", "Moved Set card")
    replay["plays"][at]["log"]["public_log"] = "Moved Set card somewhere"
    replay["plays"][at]["log"]["private_log"] = "Moved Set card somewhere"
    del replay["plays"][at]["zone"]
    first, second = import_replay(replay)
    assert first.stopped is not None and second.stopped is None
    assert first.stopped.startswith("import stopped at play [8:34] Aco77: Moved Set card "
                                    "somewhere: cannot read the zones")
    actions = first.document["actions"]
    assert actions and actions[-1]["log"]["time"] <= "[8:34]"
    assert first.document["source"]["stopped"] == first.stopped
    assert verdict_of(first)["legal"]


def test_the_lp_audit_reports_a_mismatch() -> None:
    replay = edited()
    at = find(replay, "8:04", "sdesowitz02", "Lost 800 LP")
    replay["plays"][at]["life"] -= 100
    notes = import_replay(replay)[0].notes
    audit = [n.text for n in notes if n.reading == "import.lp-audit"]
    assert audit and "[8:04]" in audit[0] and "sdesowitz02" in audit[0]


def test_plays_the_importer_does_not_know_are_noted_not_dropped() -> None:
    replay = edited()
    at = find(replay, "2:07", "Aco77", "Set card from hand")
    replay["plays"].insert(at, {"play": "Roll die", "seconds": 120, "username": "Aco77",
                                "log": {"public_log": "Rolled a 3"}})
    notes = import_replay(replay)[0].notes
    assert [n.at for n in notes if n.reading == "import.unknown-kind"] == ["[2:00]"]


def test_a_declared_effect_the_card_has_not_there_is_no_activation() -> None:
    """Reasoning (a Normal Spell) has no effect in the Graveyard (the card database): a
    "Declared effect" of it there announces something else, and is no action."""
    replay = edited()
    sent = find(replay, "2:51", "sdesowitz02", 'Sent "Reasoning" from S-4 to GY')
    text = 'Declared effect of "Reasoning" from GY'
    insert_copy(replay, sent, replay["plays"][sent], play="Declare", seconds=172,
                log={"public_log": text, "type": "duel", "username": "sdesowitz02"})
    game = import_replay(replay)[0]
    assert verdict_of(game)["legal"]
    assert any(n.reading == "effect.none-usable-here" and text in n.text for n in game.notes)


def test_effects_whose_timing_the_text_does_not_tell_are_reported() -> None:
    """A card the database does not know is judged by the replay's own card object; when its
    text does not say when the effect may be used, the note says its timing went unchecked."""
    replay = edited()
    sent = find(replay, "2:51", "sdesowitz02", 'Sent "Reasoning" from S-4 to GY')
    unknown = {"name": "A Card From Nowhere", "card_type": "Monster", "type": "Fiend",
               "level": 4, "atk": "100", "def": "100", "is_effect": 1,
               "effect": "Gain 100 LP."}
    insert_copy(replay, sent, replay["plays"][sent], play="To GY", seconds=171, card=unknown,
                id=999_001, log={"public_log": 'Sent "A Card From Nowhere" from hand to GY',
                                 "type": "duel", "username": "sdesowitz02"})
    insert_copy(replay, sent + 1, replay["plays"][sent], play="Declare", seconds=172,
                card=unknown, id=999_001,
                log={"public_log": 'Declared effect of "A Card From Nowhere" from GY',
                     "type": "duel", "username": "sdesowitz02"})
    game = import_replay(replay)[0]
    assert verdict_of(game)["legal"]
    unchecked = [a for a in game.document["actions"]
                 if "timing not checked" in a["log"].get("note", "")
                 or "not in the card database" in a["log"].get("note", "")]
    summary = [n.text for n in game.notes if n.reading == "effect.timing-unchecked"]
    assert unchecked and summary
    assert unchecked[0]["log"]["time"] in summary[0]
    assert any(n.reading == "card.not-in-database" and "A Card From Nowhere" in n.text
               for n in game.notes)


def test_a_first_game_without_deck_sizes_takes_the_next_games() -> None:
    replay = edited()
    for key in ("player1", "player2"):
        replay[key] = {"username": replay[key]["username"]}
    first = import_replay(replay)[0]
    assert first.document["setup"]["p1"]["deck"] == 35  # 40 from "Begin next duel", less 5
    replay["plays"] = [p for p in replay["plays"] if p["play"] != "Begin next duel"]
    alone = import_replay(replay)[0]
    assert alone.document["setup"]["p1"]["deck"] == 55  # 60, the most a Main Deck holds


def test_a_game_boundary_is_read_by_its_own_name_only() -> None:
    """The boundary scan compares each play's own name with the boundaries (it never reads the
    kind): no older play name may read as one, and no boundary as another kind."""
    assert all(kind_of(b) == b for b in GAME_BOUNDARIES)
    assert not {name for _, name in OLD_NAMES} & set(GAME_BOUNDARIES)
    assert not any(b.startswith(prefix) for b in GAME_BOUNDARIES for prefix, _ in OLD_NAMES)


@pytest.mark.parametrize("code", ["sr", "su", "rr", "ru", "dr", "du"])
def test_a_replay_of_another_game_gets_no_verdict(code: str) -> None:
    from validator.importers.duelingbook.replay import OtherGameError

    pick = {"play": "Pick first", "order": ["ann", "bo"], "username": "ann"}
    with pytest.raises(OtherGameError, match=f"format code {code}.*gives no verdict"):
        import_replay({"format": code, "plays": [pick]})


@pytest.mark.parametrize("code", ["ar", "gu", "er", "uu", "tr", "hr", None])
def test_a_replay_of_the_tcg_is_imported(code: str | None) -> None:
    pick = {"play": "Pick first", "order": ["ann", "bo"], "username": "ann"}
    assert len(import_replay({"format": code, "plays": [pick]})) == 1
