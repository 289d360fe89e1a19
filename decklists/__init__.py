"""The builder of the deck check's formats and lists (``make deck-lists``; docs/decks.md).
Not shipped with the package: it reads local checkouts of its sources."""
