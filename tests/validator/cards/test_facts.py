"""CardFacts (validator/cards/facts.py): the one declaration of a card's rule facts, read from
the shipped database and written back byte for byte, and built from a card's text."""

from __future__ import annotations

import json
from dataclasses import fields
from importlib import resources
from typing import Any

import pytest

from validator.cards import DOCUMENT_FACTS, IMPORTER_FACTS, CardFacts, database
from validator.cards.facts import Effect, Materials, Procedure
from validator.importers.duelingbook.cards import Knowledge
from validator.importers.duelingbook.cardtext import read


def _shipped() -> list[tuple[str, dict[str, Any]]]:
    """Every facts object of the shipped cards.json, each card's and each variant's."""
    path = resources.files("validator.cards").joinpath("data", "cards.json")
    cards: dict[str, dict[str, Any]] = json.loads(path.read_text("utf-8"))
    found = []
    for passcode, card in cards.items():
        if "facts" in card:
            found.append((passcode, card["facts"]))
        for variant, changes in card.get("variants", {}).items():
            if "facts" in changes:
                found.append((f"{passcode}/{variant}", changes["facts"]))
    return found


def test_every_shipped_facts_object_round_trips_byte_for_byte() -> None:
    """JSON -> CardFacts -> JSON gives the same text (keys, order, values) for every card:
    what carddb writes through CardFacts is what the data holds."""
    shipped = _shipped()
    assert len(shipped) > 10_000  # the cards with a fact, variants included
    differ = [key for key, raw in shipped if json.dumps(CardFacts.from_json(raw).to_json(),
                                                        separators=(",", ":")) !=
              json.dumps(raw, separators=(",", ":"))]
    assert differ == []
    assert {k for _, raw in shipped for k in raw} == {f.name for f in fields(CardFacts)}


def test_real_entries_read_as_typed_facts() -> None:
    db = database()
    sirocco = db.card(75498415).facts  # Blackwing - Sirocco the Dawn
    assert sirocco.tributes == (0, 1) and sirocco.normal_summon
    assert db.card(9126351).facts.grants == ("normal_summon",)  # Swap Frog
    assert db.card(70095154).facts.procedures == (Procedure(("hand",)),)  # Cyber Dragon
    assert db.card(14087893).facts.positions == (("any", "facedown_defense"),)  # Book of Moon
    assert db.card(37576645).facts.skips_draws == 2  # Reckless Greed
    assert db.card(23558733).facts.effects == (Effect("trigger", ("graveyard",)),)
    assert db.card(17444133).facts.double_tribute_for == {"attribute": "LIGHT"}  # Kaiser
    assert db.card(5405694).facts == CardFacts(  # Black Luster Soldier, by its Ritual Spell
        normal_summon=False, materials=(Materials("ritual", level_sum=8, ritual="at_least"),))
    assert db.card(423705).as_variant("goat").facts == CardFacts()  # no fact: all defaults


def test_a_zero_is_kept_and_a_default_left_out() -> None:
    """A 0 is a value where the default is something else (``tributes: [0]``: a Summon
    without a Tribute); a fact at its default (``skips_draws: 0``, ``normal_summon: true``)
    is left out, as the builder always wrote it."""
    assert CardFacts.from_json({"tributes": [0, 1]}).to_json() == {"tributes": [0, 1]}
    assert CardFacts(tributes=(0,)).to_json() == {"tributes": [0]}
    assert CardFacts(tributes=()).to_json() == {"tributes": []}  # not the default (None)
    assert CardFacts(skips_draws=0, normal_summon=True, effects=()).to_json() == {}
    assert CardFacts(normal_summon=False).to_json() == {"normal_summon": False}
    assert CardFacts.from_json({}) == CardFacts()


@pytest.mark.parametrize(("raw", "named"), [
    ({"draw": True}, "'draw'"),
    ({"effects": [{"kind": "quick", "from": ["field"], "when": "always"}]}, "'when'"),
])
def test_an_unknown_key_is_an_error_naming_it(raw: dict[str, Any], named: str) -> None:
    """The data and the code ship together: a key the code does not declare would be a fact
    silently dropped, so it is an error (found by the round trip above before a release)."""
    with pytest.raises(ValueError, match=named):
        CardFacts.from_json(raw)


def test_where_each_fact_goes_is_declared_beside_it() -> None:
    assert DOCUMENT_FACTS == ("tributes", "normal_summon", "gemini", "effects", "grants",
                              "set_turn", "trap_from_hand", "double_tribute", "double_tribute_for",
                              "activations_per_turn", "activation_once", "activation_shared",
                              "summons_per_turn", "materials", "locks", "defense_attack",
                              "grants_tributes", "xyz_material_effects", "trap_monster",
                              "grants_double_tribute", "attacks_directly",
                              "gives_gemini_status", "gives_gemini_status_by",
                              "lessens_tributes", "lessens_tributes_by")
    assert set(IMPORTER_FACTS) == {
        "procedures", "positions", "skips_draws", "tributes_foes", "direct_attack",
        "grants_direct_attack", "extra_attack", "pendulum_activation", "sets_spell_traps",
        "self_summon", "lp_for_tributes", "takes_control", "draws", "discards", "foe_summons",
        "unscripted", "material_leeway", "lends_normal_summon"}
    assert sorted(DOCUMENT_FACTS + IMPORTER_FACTS) == sorted(f.name for f in fields(CardFacts))


def test_the_text_fallback_builds_card_facts() -> None:
    assert read("Draw 2 cards and skip your next 2 Draw Phases.") == CardFacts(skips_draws=2)
    assert read("Change all face-up monsters to Defense Position. This card can attack "
                "directly.") == CardFacts(positions=(("any", "defense"),), direct_attack=True)
    assert read("Target 1 monster; it can make a second attack.").extra_attack
    assert read("You can activate this card from your hand.").trap_from_hand
    assert read("Tribute 1 monster your opponent controls as if you controlled it."
                ).tributes_foes
    assert read("") == CardFacts()
    known = Knowledge({"Homebrew Trap": {
        "name": "Homebrew Trap", "card_type": "Trap", "type": "Normal",
        "effect": "You can activate this card from your hand. Change all face-up monsters "
                  "to face-down Defense Position."}}).of("Homebrew Trap")
    assert not known.known and known.facts == CardFacts(
        positions=(("any", "facedown_defense"),), trap_from_hand=True)


def test_the_importer_reads_the_databases_card_facts() -> None:
    known = Knowledge({}).of("Swap Frog")
    assert known.known and known.facts == database().card(9126351).facts
    assert known.facts.procedures and known.procedure_from("hand")
