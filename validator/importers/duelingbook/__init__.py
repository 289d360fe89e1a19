"""The Duelingbook importer (docs/duelingbook.md): a replay (``replay``) read into games; the
board as Duelingbook shows it (``board``); the log's text (``logtext``, ``game``); the readings
of its plays (``readings``); the duel document built (``builder``, ``document``) with the cards
it names (``cards``, ``cardtext``)."""
