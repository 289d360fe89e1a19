"""What the importer knows of a replay's cards: the card database's entry and facts
(docs/cards.md), looked up by the passcode the replay's card object carries, else by name; for
a card the database does not know, the replay's own card object (and a note says so).

>>> k = Knowledge({"Sangan": {"name": "Sangan", "serial_number": "26202165"}})
>>> k.of("Sangan").definition["kind"], k.of("Sangan").known
('monster', True)
>>> k.of("Swap Frog").facts.grants
('normal_summon',)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from validator.cards import CardFacts, database
from validator.importers.duelingbook.cardtext import (
    CardTextError,
    definition,
    is_extra_deck,
    is_link,
    is_xyz,
    read,
)
from validator.importers.duelingbook.limits import CARRIED, carried
from validator.rules.checks.summon import required_tributes

#: Card pool dates and format codes whose cards are Goat Format's pre-errata versions.
GOAT_FORMATS: Final = frozenset({"gu", "gr"})
GOAT_POOLS: Final = frozenset({"2005-08-20"})


def variant_of(fmt: str | None, card_pool: str | None) -> str | None:
    """The card database's variant a replay's format plays with (``goat``), or None.

    >>> variant_of("gu", None), variant_of(None, "2005-08-20"), variant_of("er", None)
    ('goat', 'goat', None)
    """
    return "goat" if fmt in GOAT_FORMATS or card_pool in GOAT_POOLS else None


@dataclass(frozen=True, slots=True)
class CardKnowledge:
    """One card name of a replay: its document definition (no owner), its facts, whether the
    database knew it, and the replay's card object (for a card the database does not know:
    the database's own cards leave it empty, they are shared by every replay).

    ``definition`` is None when no source describes the card (a name the log shows with no
    card object and no database entry); ``error`` says why a card object is no card of the
    duel format.
    """

    name: str
    definition: dict[str, Any] | None
    facts: CardFacts = field(default_factory=CardFacts)
    known: bool = False
    obj: dict[str, Any] = field(default_factory=dict)
    types: tuple[str, ...] = ()
    error: str | None = None
    told: bool = True  # False: a card object whose text does not say when its effect works

    @property
    def kind(self) -> str | None:
        """``monster``, ``spell``, ``trap``, or None when nothing describes the card."""
        found = (self.definition or {}).get("kind")
        return str(found) if found else None

    @property
    def subtype(self) -> str | None:
        """A Spell's or Trap's subtype."""
        found = (self.definition or {}).get("subtype")
        return str(found) if found else None

    @property
    def level(self) -> int:
        """A monster's Level (Rank for an Xyz Monster; 4 for a card nothing describes)."""
        found = (self.definition or {}).get("level")
        return found if isinstance(found, int) else 4

    def tribute_counts(self) -> tuple[int, ...]:
        """The numbers of Tributes a Normal Summon or Set of it may have."""
        given = (self.definition or {}).get("tributes")
        return tuple(given) if given else (required_tributes(self.level),)

    @property
    def normal_summon(self) -> bool:
        """False for a monster that cannot be Normal Summoned or Set."""
        return bool((self.definition or {}).get("normal_summon", True) is not False)

    def effect_kinds(self, place: str) -> set[str]:
        """The kinds of the card's activated effects usable from ``place`` (``field``,
        ``hand``, ``graveyard``, ``banished``); for a card the database does not know, the
        kind its text reads as (from anywhere)."""
        effects = (self.definition or {}).get("effects")
        if effects is None:
            effect = (self.definition or {}).get("effect")
            return {effect} if effect and effect != "none" else set()
        return {e["kind"] for e in effects if place in e["from"]}

    @property
    def has_effects(self) -> bool:
        """True when the card has any activated effect (or, unknown to the database, its
        definition gives it one)."""
        effects = (self.definition or {}).get("effects")
        if effects is None:
            return bool((self.definition or {}).get("effect", "none") != "none")
        return bool(effects)

    def procedure_from(self, place: str) -> bool:
        """True when the card's own procedure (not an Extra Deck one) Special Summons it from
        ``place``."""
        return any(place in p.places and p.summon is None for p in self.facts.procedures)

    def changes_to(self, position: str, *, itself: bool) -> bool:
        """True when an effect of this card may change a monster (itself, or any monster) to
        ``position`` (``attack``, ``defense``, ``facedown_defense``)."""
        for scope, pos in self.facts.positions:
            if (scope in ("any", "field") or itself) and (pos in (position, "any") or (
                    pos == "faceup" and position in ("attack", "defense"))):
                return True
        return False

    def holds_in(self, position: str) -> bool:
        """True when a continuous effect of this card, while it stands face-up, changes the
        monsters it covers to ``position`` (Number 41: Bagooska the Terribly Tired Tapir:
        "change all face-up monsters on the field to Defense Position")."""
        return any(scope == "field" and pos in (position, "any")
                   for scope, pos in self.facts.positions)

    def grants(self, what: str) -> bool:
        """True when resolving the card lets its controller do ``what`` again this turn
        (``normal_summon``, ``attack``)."""
        return what in (self.definition or {}).get("grants", ()) or \
            (what == "attack" and self.facts.extra_attack)


class Knowledge:
    """The cards of one replay, by name: the database first, the replay's card objects
    (``objects``: name -> card object as plays show it) as the fallback."""

    def __init__(self, objects: dict[str, dict[str, Any]], variant: str | None = None,
                 limits: frozenset[str] = CARRIED) -> None:
        self.objects = objects
        self.variant = variant
        self.limits = limits  # the limit facts carried (limits.py)
        self._known: dict[str, CardKnowledge] = {}

    def of(self, name: str | None) -> CardKnowledge:
        """What is known of a card name (an empty knowledge for None: a hidden card)."""
        if name is None:
            return _NOTHING
        found = self._known.get(name)
        if found is None:
            found = self._known[name] = self._look_up(name)
        return found

    def _look_up(self, name: str) -> CardKnowledge:
        obj = self.objects.get(name) or {}
        serial = obj.get("serial_number")
        given = obj.get("treated_as")
        treated_as = given if type(given) is str and given else None
        key = (name, serial if type(serial) is str or type(serial) is int else None,
               treated_as, self.variant, self.limits)
        cached = _KNOWN.get(key)
        if cached is not None:
            return cached
        passcode = int(serial) if isinstance(serial, str | int) and str(serial).isdigit() \
            else None
        db = database()
        info = db.lookup(passcode, treated_as or name, self.variant)
        if info is None and treated_as not in (None, name):
            info = db.named(name, self.variant)
        if info is not None:
            entry = carried(info.entry(), self.limits)
            if info.variant is not None:
                del entry["passcode"]  # a document by passcode would get the current text
            entry["name"] = name  # the log's name: what a judge reads in the report
            known = CardKnowledge(name, entry, info.facts, True, types=info.types)
            if len(_KNOWN) < _KNOWN_MOST:
                _KNOWN[key] = known
            return known
        if not obj:
            return CardKnowledge(name, None)
        try:
            found, told = definition(obj)
        except CardTextError as exc:
            return CardKnowledge(name, None, obj=obj, error=str(exc))
        types = ("Xyz",) if is_xyz(obj) else ("Link",) if is_link(obj) else \
            ("Fusion",) if is_extra_deck(obj) else ()
        return CardKnowledge(name, found, read(str(obj.get("effect") or "")), False, obj, types,
                             told=told)

    def text(self, name: str | None) -> str:
        """A card's text: the replay's own card object's (what the players read), else the
        card database's ("" when neither has one).

        >>> Knowledge({"Sangan": {"name": "Sangan", "effect": "Add 1 monster."}}).text("Sangan")
        'Add 1 monster.'
        >>> Knowledge({}).text("Sangan").startswith("If this card is sent")
        True
        """
        if name is None:
            return ""
        found = (self.objects.get(name) or {}).get("effect")
        if isinstance(found, str) and found:
            return found
        passcode = (self.of(name).definition or {}).get("passcode")
        text = database().details(str(passcode)).get("text") if passcode is not None else None
        return text if isinstance(text, str) else ""

    # -- what the board needs ------------------------------------------------------------
    def is_xyz(self, name: str | None) -> bool:
        """True for an Xyz Monster."""
        return "Xyz" in self.of(name).types

    def is_link(self, name: str | None) -> bool:
        """True for a Link Monster."""
        return "Link" in self.of(name).types

    def is_extra_deck(self, name: str | None) -> bool:
        """True for a monster that starts in the Extra Deck."""
        return bool({"Fusion", "Synchro", "Xyz", "Link"} & set(self.of(name).types))

    def is_field_spell(self, name: str | None) -> bool:
        """True for a Field Spell."""
        known = self.of(name)
        return known.kind == "spell" and known.subtype == "field"


_NOTHING: Final = CardKnowledge("", None)
#: What the database says of a name as a replay's card object gives it (name, passcode,
#: ``treated_as``, the format's variant), shared by every replay a process imports: the
#: database never changes while it runs, and a tournament's replays name the same cards.
#: Only database cards are kept (a replay's own card object is read again for each replay).
_KNOWN: Final[dict[tuple[str, object, str | None, str | None, frozenset[str]],
                  CardKnowledge]] = {}
_KNOWN_MOST: Final = 50_000
