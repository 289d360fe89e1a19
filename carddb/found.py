"""What a reading of a card's script returns (:class:`Found`: the facts with what it read in
them, and where each came from), and the sources the data keeps (:func:`sources`). Every
reading (:mod:`.summons`, :mod:`.effects`...) returns one; :meth:`.facts.Reader.read` chains
them in one place.
"""

from __future__ import annotations

from dataclasses import dataclass

from validator.cards.facts import NO_FACTS, CardFacts

#: Where a reading's facts came from, in the order it found them: ``(fact, source)`` pairs (a
#: sentence naming the script and what in it says so).
Notes = tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Found:
    """What a reading found: the card's facts with what it read in them (a
    :class:`~validator.cards.CardFacts`, the one declaration of every fact, changed with
    :func:`dataclasses.replace`, whose keywords mypy checks) and where each came from. A reading
    takes the facts the readings before it found and returns this; :meth:`Reader.read` is the
    one place that chains them.

    >>> from dataclasses import replace
    >>> drew = Found(replace(NO_FACTS, draws=True), (("draws", "c1.lua: Duel.Draw"),))
    >>> both = drew.then(Found(replace(drew.facts, discards=True), (("discards", "c1.lua"),)))
    >>> both.facts.draws, both.facts.discards, [fact for fact, _ in both.notes]
    (True, True, ['draws', 'discards'])
    """

    facts: CardFacts = NO_FACTS
    notes: Notes = ()

    def said(self, facts: CardFacts, fact: str, source: str) -> Found:
        """This, its facts now ``facts`` (what it read in them), ``fact`` noted as found in
        ``source``."""
        return Found(facts, (*self.notes, (fact, source)))

    def then(self, later: Found) -> Found:
        """What a later reading found, given this one's facts: its facts, both notes."""
        return Found(later.facts, self.notes + later.notes)


def sources(notes: Notes) -> dict[str, str]:
    """Each fact's source: its first note, the others it has joined (one said twice, once).

    >>> sources((("gemini", "a"), ("draws", "b"), ("gemini", "c"), ("gemini", "a")))
    {'gemini': 'a; c', 'draws': 'b'}
    """
    out: dict[str, str] = {}
    for fact, source in notes:
        known = out.get(fact)
        if known is None:
            out[fact] = source
        elif source not in known:
            out[fact] = f"{known}; {source}"
    return out
