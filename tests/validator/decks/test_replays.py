"""The cards a Duelingbook replay shows, by player, and the match's deck check: small replays
written here for each way a card shows, then every real match in ../shared (the expected
findings are data: specs/deck-replays.json)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.helpers import CORPUS, ROOT
from validator.decks import DeckError
from validator.decks.replay import check_replay, read_replay

EXPECTED = json.loads((ROOT / "specs" / "deck-replays.json").read_text("utf-8"))


def card(name: str, serial: str, object_id: int, **extra: Any) -> dict[str, Any]:
    return {"name": name, "serial_number": serial, "object_id": object_id, "card_type": "Monster",
            **extra}


def play(kind: str, user: str, public: str = "", obj: dict[str, Any] | None = None,
         **extra: Any) -> dict[str, Any]:
    out = {"play": kind, "username": user, "seconds": 61, "log": {"public_log": public}, **extra}
    if obj is not None:
        out["card"] = obj
    return out


SANGAN, JAR, SCAPEGOAT = "26202165", "33508719", "73915051"


def replay(*plays: dict[str, Any], **top: Any) -> dict[str, Any]:
    opening = {"play": "Pick first", "date": "2005-08-20", "seconds": 5, "log": [
        {"username": "a", "private_log": "Chose to go first"},
        {"username": "a", "private_log": 'Drew "Sangan"'},
        {"username": "b", "private_log": 'Drew "Morphing Jar"'}],
        "cards": [card("Sangan", SANGAN, 1), card("Morphing Jar", JAR, 1)]}
    return {"plays": [opening, *plays], "player1": {"username": "a"},
            "player2": {"username": "b"}, **top}


def copies(data: dict[str, Any]) -> dict[str, dict[str, int]]:
    return {p.username: {c.name: len(ids) for c, ids in p.copies.items()}
            for p in read_replay(data).players}


def test_the_opening_hands_and_draws_are_their_players_cards() -> None:
    data = replay(play("Draw card", "b", "Drew a card", card("Sangan", SANGAN, 2)))
    assert copies(data) == {"a": {"Sangan": 1}, "b": {"Morphing Jar": 1, "Sangan": 1}}


def test_a_card_moved_from_the_opponents_graveyard_is_the_opponents() -> None:
    data = replay(play("View GY 2", "b", viewing="Opponent's Graveyard"),
                  play("Banish", "b", 'Banished "Sangan" from GY', card("Sangan", SANGAN, 1)),
                  play("Stop viewing", "b"),
                  play("Banish", "b", 'Banished "Sangan" from GY', card("Sangan", SANGAN, 9)))
    assert copies(data) == {"a": {"Sangan": 1}, "b": {"Morphing Jar": 1, "Sangan": 1}}


def test_a_card_on_the_field_belongs_to_whoever_s_list_holds_it() -> None:
    # b took a's Sangan (object 1 of a's list) and sends it to the Graveyard: still a's copy
    data = replay(play("To GY", "b", 'Sent "Sangan" from M-1 to GY', card("Sangan", SANGAN, 1)),
                  play("To GY", "b", 'Sent "Scapegoat" from S-1 to GY',
                       card("Scapegoat", SCAPEGOAT, 5)))
    assert copies(data) == {"a": {"Sangan": 1}, "b": {"Morphing Jar": 1, "Scapegoat": 1}}


def test_tokens_and_cards_without_an_object_are_not_cards_of_a_deck() -> None:
    data = replay(play("Summon Token", "a", "", card("Sheep Token", "0", 40,
                                                   monster_color="Token")),
                  play("Draw card", "a", "Drew a card", {"name": "Sangan"}))
    assert copies(data) == {"a": {"Sangan": 1}, "b": {"Morphing Jar": 1}}


def test_copies_over_the_limit_and_where_each_was_seen() -> None:
    data = replay(play("Draw card", "a", "Drew a card", card("Sangan", SANGAN, 7)))
    check = check_replay(read_replay(data))
    assert (check["format"], check["format_from"]) == ("goat", "its card pool date 2005-08-20")
    (finding,) = check["players"][0]["findings"]
    assert (finding["id"], finding["count"], finding["allowed"]) == ("deck.over-limit", 2, 1)
    assert finding["detail"].endswith("2 copies seen in the replay.")
    assert [s["game"] for s in finding["seen"]] == [1, 1]
    assert finding["seen"][1] == {"game": 1, "play": 1, "time": "1:01", "player": "a",
                                  "log": "Drew a card"}
    assert check["legal"] is False and check["players"][1]["legal"] is True


def test_a_custom_card_is_outside_every_pool() -> None:
    data = replay(play("Draw card", "a", "Drew a card", card("My Own Dragon", "", 8, custom=1)))
    (finding,) = check_replay(read_replay(data))["players"][0]["findings"]
    assert finding["card"] == {"passcode": None, "name": "My Own Dragon"}
    assert "not a card the card database knows" in finding["detail"]


def test_deck_sizes_are_duelingbooks_totals() -> None:
    data = replay(player1={"username": "a", "main_total": 39, "extra_total": 3,
                           "side_total": 7})
    findings = check_replay(read_replay(data))["players"][0]["findings"]
    assert [(f["deck"], f["count"]) for f in findings] == [("main", 39), ("side", 7)]


def test_the_format_from_its_code_its_pool_date_or_the_command_line() -> None:
    assert check_replay(read_replay(replay(format="er")))["format"] == "edison"
    unlimited = check_replay(read_replay(replay(format="uu")))
    assert unlimited["format"] is None and unlimited["legal"] is None
    assert unlimited["format_from"] == ("its format code uu: Unlimited has no Forbidden & "
                                        "Limited list")
    assert check_replay(read_replay(replay(format="uu")), "edison")["format"] == "edison"
    with pytest.raises(DeckError):
        check_replay(read_replay(replay()), "speed")


def test_advanced_uses_the_list_in_force_on_the_day_of_the_match() -> None:
    data = replay(format="ar", date="2024-10-01 12:00:00")
    assert check_replay(read_replay(data))["list"]["name"] == "2024.09 TCG"


def test_what_is_not_a_replay_reads_as_no_card() -> None:
    for junk in (None, [], {"plays": "x"}, {"plays": [1, None, {"play": "Draw card"}]}):
        assert read_replay(junk).players == []


def _matches() -> list[str]:
    return sorted(str(p.relative_to(CORPUS)) for p in CORPUS.rglob("*.json"))


@pytest.mark.skipif(not CORPUS.exists(), reason="../shared is not beside the checkout")
def test_every_shared_match_is_listed() -> None:
    assert _matches() == sorted(EXPECTED["matches"])


@pytest.mark.skipif(not CORPUS.exists(), reason="../shared is not beside the checkout")
@pytest.mark.parametrize("name", sorted(EXPECTED["matches"]))
def test_the_deck_check_of_a_shared_match(name: str) -> None:
    check = check_replay(read_replay(json.loads((CORPUS / name).read_text("utf-8"))))
    want = EXPECTED["matches"][name]
    assert (check["format"], check["list"]["name"] if check["list"] else None) == \
        (want["format"], want["list"])
    assert {p["username"]: [p["copies"], p["cards"]] for p in check["players"]} == \
        want["players"]
    assert [[p["username"], f["id"], f["card"]["name"] if f["card"] else f.get("deck"),
             f["count"]] for p in check["players"] for f in p["findings"]] == want["findings"]
    assert "unplaced" not in check
    for _, _, card, _ in want["findings"]:
        assert card in EXPECTED["readings"], f"no reading of {card} in specs/deck-replays.json"
