"""Reading deck lists: the contract's lists, the text form, .ydk files and JSON files, and
every card that cannot be read named at its path."""

from __future__ import annotations

import pytest

from validator.decks import DeckError, from_lists, parse_text, read_file
from validator.decks.lists import MAX_CARDS, as_json


def names(entries: list) -> list[str]:  # type: ignore[type-arg]
    return [e.card.name for e in entries]


def test_the_text_form_with_headings_counts_and_comments() -> None:
    deck = parse_text("\ufeff// my deck\n# Goat Control\nMain Deck (4)\n3x Sangan\n"
                      "Mirror Force x2\n\nMonsters (1)\n1 Dark Magician\nFusion Deck:\n"
                      "Thousand-Eyes Restrict\nSide Deck: 2\n2 mirror force\n")
    assert names(deck.main) == ["Sangan"] * 3 + ["Mirror Force"] * 2 + ["Dark Magician"]
    assert names(deck.extra) == ["Thousand-Eyes Restrict"]
    assert names(deck.side) == ["Mirror Force"] * 2
    assert deck.main[0].where == "line 4" and deck.side[0].where == "line 12"


def test_a_name_that_starts_with_a_number_is_one_card() -> None:
    deck = parse_text("7 Colored Fish\n2 7 Colored Fish\n3 14087893\n")
    assert names(deck.main) == ["7 Colored Fish"] * 3 + ["Book of Moon"] * 3


def test_every_unknown_card_is_named_at_its_line() -> None:
    with pytest.raises(DeckError) as caught:
        parse_text("3 Sangn\n1 Pot of Greed\n100 Sangan\n12345678\n")
    errors = caught.value.errors
    assert errors["line 1"] == ["No card has the name 'Sangn'; did you mean Sangan, Scanner, "
                                "Sangen Furo?"]
    assert errors["line 3"] == ["A count from 1 to 99, not 100."]
    assert errors["line 4"] == ["No card has the passcode 12345678."]
    assert "line 2" not in errors


def test_a_ydk_file_by_passcode_with_alternate_and_goat_ids() -> None:
    text = ("#created by EDOPro\n#main\n83764719\n504700178\n26202165\n#extra\n"
            "63519819\n!side\n44095762\n")
    deck = parse_text(text)
    assert names(deck.main) == ["Monster Reborn", "Sangan", "Sangan"]
    assert names(deck.extra) == ["Thousand-Eyes Restrict"]
    assert names(deck.side) == ["Mirror Force"]
    assert deck.main[0].card.passcode == 83764718


def test_a_ydk_line_that_is_not_a_passcode() -> None:
    with pytest.raises(DeckError) as caught:
        parse_text("#main\nSangan\n")
    assert caught.value.errors == {"line 2": ["A .ydk line holds one passcode, not 'Sangan'."]}


def test_the_contracts_lists_by_passcode_or_name() -> None:
    deck = from_lists([26202165, "sangan", "26202165"], side=["Maxx C"])
    assert names(deck.main) == ["Sangan"] * 3 and names(deck.side) == ['Maxx "C"']
    assert as_json(deck) == '{"main": [26202165, 26202165, 26202165], "extra": [], ' \
                            '"side": [23434538]}'
    with pytest.raises(DeckError) as caught:
        from_lists(["Sangan", True, 3.5, -1, ""], extra="Sangan")
    assert caught.value.errors == {
        "main.1": ["A card is a passcode (a whole number) or a name."],
        "main.2": ["A card is a passcode (a whole number) or a name."],
        "main.3": ["No card has the passcode -1."],
        "main.4": ["A card name of 1 to 200 characters."],
        "extra": ["A list of cards (passcodes or names)."]}


def test_a_list_too_long_is_an_error_not_a_slow_check() -> None:
    with pytest.raises(DeckError) as caught:
        from_lists(["Sangan"] * (MAX_CARDS + 1))
    assert caught.value.errors == {"main": [f"A deck list holds at most {MAX_CARDS} cards."]}
    with pytest.raises(DeckError):
        parse_text("99 Sangan\n" * 11)


def test_a_json_file_keeps_its_format_and_date() -> None:
    deck, given = read_file('{"format": "advanced", "date": "2024-01-01", "main": ["Sangan"]}')
    assert names(deck.main) == ["Sangan"] and given == {"format": "advanced",
                                                       "date": "2024-01-01"}
    with pytest.raises(DeckError) as caught:
        read_file('{"main": [], "mian": []}', "d.json")
    assert caught.value.errors == {"mian": ["Unknown field."]}
    with pytest.raises(DeckError) as caught:
        read_file("{oops", "d.json")
    assert list(caught.value.errors) == ["_file"]
    deck, given = read_file("3 Sangan\n", "deck.txt")
    assert len(deck.main) == 3 and given == {}


@pytest.mark.parametrize("text", ["", "\n\n", "#main\n#extra\n!side\n", "Main\nExtra\nSide\n"])
def test_a_list_with_no_card_is_an_error_not_a_0_card_deck(text: str) -> None:
    with pytest.raises(DeckError) as caught:
        parse_text(text)
    assert list(caught.value.errors) == ["_file"]
    assert "holds no card" in caught.value.errors["_file"][0]
