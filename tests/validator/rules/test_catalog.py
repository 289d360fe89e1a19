"""The catalog, the registry and the machine agree; precedence follows contract §4."""

from __future__ import annotations

import re

import pytest

from tests.helpers import ROOT, SHARED
from validator import rules
from validator.engine.machine import GUARDS, MACHINE
from validator.rules.catalog import markdown, precedence
from validator.rules.registry import REGISTRY

SPEC = SHARED / "spec" / "duel-format.md"


def test_every_catalog_rule_has_a_check_and_every_check_a_catalog_rule() -> None:
    assert set(rules()) - REGISTRY.rule_ids() == set(), "rules with no check"
    assert REGISTRY.rule_ids() - set(rules()) == set(), "checks with no catalog entry"


def test_every_registered_check_guards_some_transition() -> None:
    used = {c.func.check.name for event in MACHINE.events.values()
            for ts in event.transitions.values() for t in ts for c in t.conditions}
    assert set(REGISTRY.checks) - used == set()


#: The ids the advanced ruleset adds (contract §6).
ADVANCED = ("draw.first-turn", "summon.pendulum-once", "summon.pendulum-scales",
            "zone.extra-deck-summon", "zone.extra-monster-zone")
#: The ids the card limits add (contract §8, revision 4), after summon.special-source.
LIMITS = ("effect.once-per-turn", "summon.once-per-turn", "summon.materials", "summon.locked")
#: The contract's revisions whose rule ids the catalog holds, and the ids of a later revision not
#: built yet, each with the issue that builds it. This list only shrinks: an id leaves it when
#: its rule lands in the catalog.
BUILT_REVISIONS = (1, 2, 3, 4)
NOT_YET_BUILT: dict[str, int] = {}


def test_catalog_entries_are_complete_and_cite_a_seed() -> None:
    for rule in rules().values():
        assert rule.title and rule.text and rule.why and rule.example
        if rule.id in ADVANCED:  # today's rules: the official rulebook and the 2021 revision
            assert "Rulebook" in rule.source and "April 2021" in rule.source, rule.id
        elif rule.id in LIMITS:  # a card's own text, as the card database reads it
            assert "contract §8" in rule.source and "long-standing" in rule.source, rule.id
        else:
            assert "seeds/" in rule.source or "long-standing" in rule.source, rule.id
        for seed in re.findall(r"seeds/\S+", rule.source):  # a player reads its name first
            assert re.search(r"the rulebook's \"[^\"]+\" \(" + re.escape(seed), rule.source), \
                rule.id


@pytest.mark.skipif(not SPEC.exists(), reason="../shared/spec/duel-format.md is not beside it")
def test_catalog_lists_the_contract_ids_in_contract_order() -> None:
    text = SPEC.read_text("utf-8")
    ids = re.findall(r"^\| `([a-z.-]+)` \|", text.split("## 4.")[1].split("## 5.")[0], re.M)
    advanced = re.findall(r"^- `([a-z.-]+)`:", text.split("## 6.")[1].split("## 7.")[0], re.M)
    limits = re.findall(r"^- `([a-z.-]+)`:", text.split("## 8.")[1].split("## 9.")[0]
                        .split("Rule ids")[1], re.M)
    assert sorted(advanced) == sorted(ADVANCED)
    assert sorted(limits) == sorted(LIMITS)  # revision 4's card limits (§8)
    catalog = list(rules())
    assert not set(NOT_YET_BUILT) & set(catalog)
    assert [i for i in catalog if i not in advanced and i not in limits] == ids  # §4's order
    special = catalog.index("summon.special-source")  # §8: after it, in the limits group
    assert catalog[special + 1:special + 1 + len(LIMITS)] == list(LIMITS)
    # §5 counts the ids each revision brings: 39 by revision 3, 43 with revision 4's four.
    totals = [int(n) for n in re.findall(r"\((\d+) in all\)", text.split("## 5.")[1])]
    assert totals == [34, 39, 43]
    assert len(catalog) == totals[BUILT_REVISIONS[-1] - 2] == 43
    assert len(catalog) + len(NOT_YET_BUILT) == totals[-1]
    for rule_id in advanced:  # each with its own prefix, after the §4 ids that share it
        before = catalog[catalog.index(rule_id) - 1]
        assert before.split(".")[0] == rule_id.split(".")[0], rule_id


def test_guards_run_in_precedence_order() -> None:
    for event in MACHINE.events.values():
        for transitions in event.transitions.values():
            for t in transitions:
                keys = [precedence(c.func.check.rule) for c in t.conditions]
                assert keys == sorted(keys), event.name
                assert t.conditions[0].func.check.rule == "duel.over"


def test_precedence_groups() -> None:
    order = ["duel.over", "turn.not-turn-player", "turn.phase-order", "phase.restricted-action",
             "draw.once", "draw.first-turn", "card.set-this-turn", "chain.spell-speed",
             "card.not-in-hand", "trap.from-hand", "summon.normal-once", "summon.pendulum-scales",
             "position.invalid", "zone.monster-full", "zone.extra-deck-summon",
             "zone.extra-monster-zone", "equip.invalid-target"]
    assert sorted(order, key=precedence) == order


def test_machine_is_built_once_without_auto_transitions() -> None:
    assert not MACHINE.auto_transitions
    assert MACHINE.models == []
    assert set(GUARDS) <= set(MACHINE.events)


def test_generated_rule_docs_are_current() -> None:
    assert (ROOT / "docs" / "rules.md").read_text("utf-8") == markdown() + "\n", \
        "docs/rules.md is stale: run `make docs`"


def test_docs_say_where_a_trap_or_an_effect_is_activated_from_as_the_engine_does() -> None:
    """The exceptions of revision 4 are written where a reader looks: a Trap with
    ``trap_from_hand`` is activated from the hand (the rule's text and docs/format.md's table
    of activations), and an effect from the face-up Extra Deck (``extra``) for a card with
    ``effects``."""
    text = rules()["trap.from-hand"].text
    assert "trap_from_hand" in text
    table = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    trap_row = next(line for line in table.splitlines() if line.startswith("| Trap in the hand"))
    assert "trap_from_hand" in trap_row
    monster_row = next(line for line in table.splitlines()
                       if line.startswith("| monster in the hand"))
    assert "face-up Extra Deck" in monster_row and "`effects`" in monster_row
