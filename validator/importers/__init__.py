"""Importers from other game-log formats to duel documents (docs/duelingbook.md)."""
