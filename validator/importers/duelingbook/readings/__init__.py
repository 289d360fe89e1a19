"""The readings of a real log's plays (docs/duelingbook.md): the catalog of reading ids
(``catalog``), one handler per play kind (``plays``), the readings by subject (summons, card
plays, battle, phases, placing, the Extra Deck, Pendulums, explained draws) and how far each
looks (``windows``)."""
