"""Deck checks (contract §7): a deck list against a format's card pool and its Forbidden &
Limited list, and the cards a Duelingbook replay shows against its match's format.

>>> from validator.decks import check_deck, parse_text
>>> check_deck(parse_text("40 Sangan"), "goat").to_dict()["findings"][0]["id"]
'deck.over-limit'
"""

from validator.decks.check import DeckCheck, Finding, check_deck
from validator.decks.formats import (
           FORMAT_NAMES,
           Card,
           CardList,
           DeckError,
           Format,
           formats,
           identify,
           sources,
)
from validator.decks.lists import DeckList, Entry, from_lists, parse_text, read_file

__all__ = ["FORMAT_NAMES", "Card", "CardList", "DeckCheck", "DeckError", "DeckList", "Entry",
           "Finding", "Format", "check_deck", "formats", "from_lists", "identify",
           "parse_text", "read_file", "sources"]
