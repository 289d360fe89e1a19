"""The card database: every official card with its printed data and rule facts, built from the
community's card scripts and card data (``make card-db``; docs/cards.md).

>>> from validator.cards import database
>>> database().card(9126351).facts.grants
('normal_summon',)
"""

from validator.cards.database import (
           CardDatabase,
           CardInfo,
           database,
           normalized,
)
from validator.cards.facts import DOCUMENT_FACTS, IMPORTER_FACTS, CardFacts

__all__ = ["DOCUMENT_FACTS", "IMPORTER_FACTS", "CardDatabase", "CardFacts", "CardInfo",
           "database", "normalized"]
