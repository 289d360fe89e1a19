"""The card database's builder (``make card-db``): not shipped with the package. It runs the
community's card scripts in Lua with stand-ins and writes ``validator/cards/data/``.

:mod:`.build` builds and writes the database from :mod:`.sources` (folders or git checkouts);
:mod:`.stats` reads a card's printed data; :mod:`.scripts` runs its script with ``host.lua``'s
stand-ins; :mod:`.facts` reads what it registered as facts, one module a reading
(:mod:`.summons`, :mod:`.effects`, :mod:`.resolution`, :mod:`.positions`, :mod:`.codefacts`,
:mod:`.limits`, :mod:`.materials`, :mod:`.locks`), each returning what it found
(:class:`.found.Found`), with EDOPro's constants and places from :mod:`.constants`.
"""
