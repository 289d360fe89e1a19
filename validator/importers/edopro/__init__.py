"""The EDOPro importer (docs/edopro.md): the ``.yrpX`` file (``yrp``), the engine's messages
decoded (``messages``) and its state refreshes (``query``), which card stands where
(``board``), each message read as actions (``builder``), the decks for the deck check
(``decks``), the notes (``notes``), and the duel document (``replay``)."""
