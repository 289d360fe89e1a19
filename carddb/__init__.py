"""The card database's builder (``make card-db``): not shipped with the package. It runs the
community's card scripts in Lua with stand-ins and writes ``validator/cards/data/``."""
