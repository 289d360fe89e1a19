"""The shipped card database (validator/cards): lookups, entries, facts, and what it knows of
the real matches in ../shared."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import CORPUS, ROOT, opening
from validator import DocumentError, load_document, validate
from validator.cards import CardFacts, CardInfo, database, normalized
from validator.cards.facts import Materials


def test_a_card_is_found_by_passcode_and_by_name_loosely() -> None:
    db = database()
    assert db.card(70095154).name == "Cyber Dragon"
    assert db.named("Cyber Dragon").passcode == 70095154
    assert db.named("cyber  DRAGON").passcode == 70095154
    assert db.named('Maxx "C"').passcode == db.named("Maxx C").passcode
    assert db.card(1) is None and db.named("No Such Card Anywhere") is None
    assert "Cyber Dragon" in db.similar("Cyber Dragun")
    # "and" for "&" (issue 25): both spellings are one card
    assert db.named("Ash Blossom and Joyous Spring").passcode == 14558127
    assert db.named("ash blossom & joyous spring").passcode == 14558127


@pytest.mark.parametrize(("passcode", "fact", "value"), [
    (75498415, "tributes", [0, 1]),        # Blackwing - Sirocco the Dawn
    (78651105, "tributes", [0, 2, 3]),     # Beast King Barbaros
    (58554959, "tributes", [1, 2]),        # Evil HERO Malicious Edge
    (65192027, "normal_summon", False),    # Dark Armed Dragon
    (83965310, "normal_summon", False),    # Destiny HERO - Plasma
    (50321796, "normal_summon", False),    # Brionac, Dragon of the Ice Barrier (Synchro)
    (83269557, "gemini", True),            # Dark Valkyria
    (9126351, "grants", ["normal_summon"]),  # Swap Frog
    (43422537, "grants", ["normal_summon"]),  # Double Summon
    (80604091, "grants", ["normal_summon"]),  # Ultimate Offering
    (564541, "double_tribute", True),      # Totem Dragon
    (68005187, "tributes_foes", True),     # Soul Exchange
    (37576645, "skips_draws", 2),          # Reckless Greed
    (14087893, "positions", [["any", "facedown_defense"]]),  # Book of Moon
    (70095154, "procedures", [{"from": ["hand"]}]),  # Cyber Dragon
])
def test_facts_of_cards_a_judge_knows(passcode: int, fact: str, value: object) -> None:
    assert database().card(passcode).facts.to_json()[fact] == value


@pytest.mark.parametrize(("passcode", "effects"), [
    (23558733, [{"kind": "trigger", "from": ["graveyard"]}]),  # Phoenixian Cluster Amaryllis
    (19665973, [{"kind": "trigger", "from": ["hand"]}]),       # Battle Fader
    (612115, [{"kind": "trigger", "from": ["field"]}]),        # Gladiator Beast Retiari
    (78349103, [{"kind": "ignition", "from": ["field"]},       # Machina Peacekeeper
                {"kind": "trigger", "from": ["graveyard"]}]),
])
def test_effects_have_their_kinds_and_places(passcode: int, effects: list[object]) -> None:
    assert database().card(passcode).entry()["effects"] == effects


@pytest.mark.parametrize(("passcode", "fact", "value"), [
    (38814750, "self_summon", ["hand"]),    # PSY-Framegear Gamma (SpecialSummonStep(c, ...))
    (88264978, "procedures", [{"from": ["hand"]}]),  # Red-Eyes Darkness Metal Dragon
    (6616912, "tributes", [0, 2]),          # Gabrion, the Timelord: without Tributing
    (41753322, "tributes", [1, 2]),         # Sauropod Brachion: by Tributing 1 Dinosaur
    (53246495, "grants_direct_attack", True),  # Infernity Queen
    (5257687, "grants_direct_attack", True),   # Jowls of Dark Demise
    (6772168, "grants_direct_attack", True),   # Invoked Oceanus
    (10045474, "trap_from_hand", True),     # Infinite Impermanence
    (17444133, "double_tribute", True),     # Kaiser Sea Horse
])
def test_facts_the_audit_of_issue_25_found(passcode: int, fact: str, value: object) -> None:
    assert database().card(passcode).facts.to_json().get(fact) == value


@pytest.mark.parametrize(("passcode", "fact", "value"), [
    # Sol and Luna: face-up to face-down, and face-down to face-up Defense (its helper's code)
    (19739265, "positions", [["any", "facedown_defense"], ["any", "defense"]]),
    # The Winged Dragon of Ra - Sphere Mode: 3 Tributes from the opponent's side
    (10000080, "tributes_foes", True),
    # Wizard @Ignister: "Special Summon both this card in your hand and that monster"
    (3723262, "self_summon", ["hand"]),
])
def test_facts_the_second_audit_of_issue_25_found(passcode: int, fact: str,
                                                  value: object) -> None:
    assert database().card(passcode).facts.to_json().get(fact) == value


def test_a_summon_procedure_that_names_its_count_in_a_helper() -> None:
    """Flamvell Commando: "Requires 1 'Flamvell' monster Tribute": 1, the Level rule's count
    for a Level 6, never 0."""
    commando = database().card(40189917)
    assert commando.facts.tributes is None and "tributes" not in commando.entry()
    assert not database().card(88264978).facts.unscripted


def test_a_destroyed_pendulum_monsters_trigger_works_from_the_extra_deck() -> None:
    gate = database().card(96227613).entry()  # Supreme King Gate Zero
    assert {"kind": "trigger", "from": ["graveyard", "banished", "extra"]} in gate["effects"]


def test_document_facts_of_revision_4_are_in_the_entry() -> None:
    assert database().card(10045474).entry()["trap_from_hand"] is True
    kaiser = database().card(17444133).entry()
    assert kaiser["double_tribute"] is True
    assert kaiser["double_tribute_for"] == {"attribute": "LIGHT"}  # a LIGHT monster's Summon
    assert "trap_from_hand" not in database().card(92107604).entry()  # Runick Fountain, a Spell


def test_the_ritual_monster_keeps_its_passcode() -> None:
    """A new Normal Monster named "Black Luster Soldier" once replaced the Ritual Monster."""
    bls = database().card(5405694)
    # its Ritual Spell (Black Luster Ritual): Tributes whose Levels make 8 or more
    assert bls.types == ("Ritual",) and bls.facts == CardFacts(
        normal_summon=False, materials=(Materials("ritual", level_sum=8, ritual="at_least"),))
    assert bls.details()["text"].startswith('You can Ritual Summon this card with "Black Luster')


@pytest.mark.parametrize("passcode", [
    423705,    # Gearfried the Iron Knight: its Goat text has no activated effect
    94773007,  # Jirai Gumo
    61622107,  # Bubble Crash: no discard in its Goat script
])
def test_a_goat_version_has_its_own_scripts_facts_not_todays(passcode: int) -> None:
    today = database().card(passcode)
    goat = today.as_variant("goat")
    assert today.facts != CardFacts() and goat.facts == CardFacts()
    assert goat.entry().get("effects", []) == []


@pytest.mark.parametrize(("passcode", "printed"), [
    (97268402, {"atk": 0, "def": 0}),             # Effect Veiler
    (14558127, {"atk": 0, "def": 1800}),          # Ash Blossom & Joyous Spring
    (18210764, {"scale": 0}),                     # Pendulumucho, a Scale 0 Pendulum Monster
    (1686814, {"level": 0, "atk": 0, "def": 0}),  # Ultimaya Tzolkin, a Level 0 Synchro
])
def test_zeros_are_values_not_left_out(passcode: int, printed: dict[str, int]) -> None:
    """A 0 (ATK, DEF, Scale, Level) is kept: ``0 == False`` once dropped 1,286 of them."""
    entry = database().card(passcode).entry()
    assert {key: entry.get(key) for key in printed} == printed
    assert load_document({"cards": {"x": {**entry, "owner": "p1"}}}).cards["x"].level == \
        entry["level"]


def test_an_entry_is_a_document_card_and_loads_as_one() -> None:
    entry = database().card(75498415).entry()
    assert entry["passcode"] == 75498415 and entry["level"] == 5 and entry["tributes"] == [0, 1]
    doc = load_document({"cards": {"s": {**entry, "owner": "p1"}}})
    assert doc.cards["s"].tributes == (0, 1)


def test_every_entry_and_goat_version_loads_as_a_document_card() -> None:
    """What the builder writes of revision 4's limits is what a document may hold: no entry
    is refused for them (a count over 99, an unread filter left in the entry). (Its other
    facts are the older tests' to check.)"""
    db = database()
    kept = ("kind", "level", "link", "link_arrows", "subtype", "effects", "pendulum", "scale",
            "activations_per_turn", "summons_per_turn", "materials", "locks")
    entries = {}
    for card in db:
        entries[str(card.passcode)] = card.entry()
        goat = db.card(card.passcode, "goat")
        if goat is not None and goat.variant == "goat":
            entries[f"{card.passcode}-goat"] = goat.entry()
    keys = sorted(entries)
    for start in range(0, len(keys), 2000):
        load_document({"cards": {f"c{k}": {**{f: v for f, v in entries[k].items()
                                              if f in kept}, "owner": "p1"}
                                 for k in keys[start:start + 2000]}})


def test_every_fact_has_a_source_and_every_card_its_text() -> None:
    info = database().card(75498415).describe()
    assert info["text"].startswith("If only your opponent controls a monster")
    assert "official/c75498415.lua" in info["sources"]["tributes"]
    assert info["sources"]["stats"].startswith("yaml-yugi ")
    for card in list(database())[:500]:
        sources = card.details()["sources"]
        for fact in card.facts.to_json():
            assert fact in sources, (card.passcode, fact)


def test_goat_versions_are_variants_of_their_card() -> None:
    spy = database().card(24317029)  # Gravekeeper's Spy
    assert "goat" in spy.describe()["variants"]
    goat = spy.as_variant("goat")
    assert goat.variant == "goat" and goat.details()["text"] != spy.details()["text"]


def test_the_database_names_its_sources_and_commits() -> None:
    sources = database().sources["sources"]
    assert {"yaml-yugi", "CardScripts", "BabelCDB"} <= set(sources)
    assert all(len(s["commit"]) == 40 for s in sources.values())
    assert database().sources["counts"]["cards"] == len(database()) > 13_000


def test_cards_by_passcode_or_name_fill_a_document() -> None:
    doc = {"cards": {"cd": {"passcode": 70095154, "owner": "p1"},
                     "frog": {"name": "Swap Frog", "owner": "p1"},
                     "mine": {"passcode": 70095154, "name": "My Cyber Dragon", "atk": 1}},
           "setup": {"p1": {"hand": ["cd", "frog", "mine"]}},
           "actions": [*opening(), {"type": "normal_summon", "player": "p1", "card": "cd"}]}
    loaded = load_document(doc)
    assert loaded.cards["cd"].level == 5 and loaded.cards["frog"].grants == ("normal_summon",)
    assert loaded.cards["mine"].name == "My Cyber Dragon" and loaded.cards["mine"].atk == 1
    verdict = validate(doc)  # a Level 5 without a Tribute: the Level rule from the database
    assert verdict.violation is not None and verdict.violation.rule == "summon.tribute-count"


@pytest.mark.parametrize(("card", "message"), [
    ({"passcode": 1}, "No card with passcode 1 in the card database."),
    ({"name": "Cyber Dragun"}, "No card named 'Cyber Dragun' in the card database. Did you "
                               "mean: 'Cyber Dragon'"),
])
def test_a_card_the_database_does_not_know_is_a_document_error(card: dict[str, object],
                                                                message: str) -> None:
    with pytest.raises(DocumentError) as caught:
        load_document({"cards": {"x": {**card, "owner": "p1"}}})
    assert caught.value.errors["cards"]["x"][0].startswith(message)


def test_normalized_names() -> None:
    assert normalized("Blackwing - Bora the Spear") == "blackwingborathespear"


def _passcodes(path: object) -> dict[str, str]:
    found: dict[str, str] = {}

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if "serial_number" in node and isinstance(node.get("name"), str):
                found[str(node["serial_number"])] = node["name"]
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(json.loads(path.read_text("utf-8")))  # type: ignore[attr-defined]
    return found


def test_every_official_card_of_the_real_matches_is_known() -> None:
    """Every card the Goat, Edison and Advanced matches in ../shared show: known by its
    passcode, or (an alternate artwork's, a Duelingbook number) by its name."""
    db = database()
    seen: dict[str, str] = {}
    for path in sorted(CORPUS.glob("**/*.json")):
        seen.update(_passcodes(path))
    unknown = [(code, name) for code, name in seen.items() if name != "Token" and
               db.lookup(int(code) if code.isdigit() else None, name) is None]
    assert len(seen) > 600 and unknown == []


@pytest.mark.slow
def test_a_duel_whose_cards_the_document_describes_never_loads_the_database(
        tmp_path: Path) -> None:
    """Issue 14: loading the database adds nothing to a command that needs no card from it
    (checking a document that describes its cards); one that does load it, once."""
    described = tmp_path / "duel.json"
    described.write_text(json.dumps({"cards": {"x": {"kind": "monster", "level": 4,
                                                       "owner": "p1"}},
                                     "actions": [{"type": "draw", "player": "p1"}]}))
    by_passcode = tmp_path / "by-passcode.json"
    by_passcode.write_text(json.dumps({"cards": {"x": {"passcode": 55144522, "owner": "p1"}}}))
    probe = ("import sys; from duelcheck.cli import main; code = main(['check', sys.argv[1]]); "
             "d = sys.modules.get('validator.cards.database'); "
             "print(code, bool(d and d._DATABASE), file=sys.stderr)")
    for path, loaded in ((described, "False"), (by_passcode, "True")):
        done = subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True,
                              text=True, cwd=ROOT, check=False)
        assert done.stderr.split()[-2:] == ["0", loaded], done.stderr


def test_the_shipped_file_loads_card_by_card_and_as_a_whole_alike() -> None:
    """One card a line: loading splits the file and parses a card on its first use; a file
    of another shape is parsed whole, with the same cards and names."""
    from importlib import resources

    from validator.cards.database import Entries
    text = resources.files("validator.cards").joinpath("data", "cards.json").read_text("utf-8")
    lazy = Entries.read(text)
    assert lazy._parsed == {}  # nothing parsed yet: the fast path
    whole = Entries.read(json.dumps(json.loads(text)))  # one line: parsed whole
    assert whole.names == lazy.names and len(whole) == len(lazy)
    for key in list(lazy)[::97]:
        assert lazy.get(key) == whole.get(key)
    assert lazy.get("0") is None


@pytest.mark.parametrize(("passcode", "allowed"), [
    (42388271, None),                                     # World Ark: any Tribute Summon
    (11662742, {"attribute": "LIGHT", "race": "Fairy"}),  # Gellenduo
    (53461122, {"attribute": "EARTH", "type": "Normal"}),  # Earth Effigy
    (64450427, {"type": "Pendulum"}),                     # Performapal Whim Witch
])
def test_what_each_double_tribute_counts_for(passcode: int, allowed: object) -> None:
    entry = database().card(passcode).entry()
    assert entry["double_tribute"] is True and entry.get("double_tribute_for") == allowed


def test_a_double_tribute_for_an_archetype_lists_its_cards() -> None:
    genome = database().card(62729173).entry()["double_tribute_for"]  # Steelswarm Genome
    assert set(genome) == {"cards"} and 37926346 in genome["cards"]  # Steelswarm Roach
    assert 46986414 not in genome["cards"]


def test_a_double_tribute_the_builder_could_not_read_is_not_in_the_document() -> None:
    card = CardInfo(1, {"name": "X", "kind": "monster", "level": 4, "facts": {
        "double_tribute": True, "double_tribute_for": "unread"}})
    entry = card.entry()
    assert "double_tribute" not in entry and "double_tribute_for" not in entry
    assert card.facts.double_tribute is True  # the importer's fact stays


@pytest.mark.parametrize(("passcode", "granted"), [
    (69540484, [{"tributes": [0], "for": {"level": 7}}]),  # Kashtira Birth: "Level 7 monsters"
    # Advance Force: "Level 7 or higher monster by Tributing 1 Level 5 or higher monster"
    (38589847, [{"tributes": [1], "for": {"level_min": 7}}]),
    # Jurassic Power: "1 Level 5 or higher Dinosaur monster without Tributing"
    (99531088, [{"tributes": [0], "for": {"level_min": 5, "race": "Dinosaur"}}]),
    (89252153, None),  # Elemental HERO Necroshade's works from the Graveyard: not read
    (70095154, None),  # Cyber Dragon gives nothing
])
def test_a_normal_summon_procedure_a_card_gives_from_the_field(passcode: int,
                                                                granted: object) -> None:
    assert database().card(passcode).entry().get("grants_tributes") == granted


def test_a_procedure_given_for_monsters_the_builder_could_not_read_is_not_in_the_document(
        ) -> None:
    card = CardInfo(1, {"name": "X", "kind": "spell", "subtype": "continuous", "facts": {
        "grants_tributes": [{"tributes": [0], "for": "unread"}, {"tributes": [1]}]}})
    assert card.entry()["grants_tributes"] == [{"tributes": [1]}]


def test_an_equip_that_lets_its_monster_count_as_2_tributes() -> None:
    saqlifice = database().card(17639150).entry()["grants_double_tribute"]
    assert set(saqlifice) == {"cards"} and 13073850 in saqlifice["cards"]  # Qliphort Stealth
    # Restoration of the Monarchs: a filter not read gives the document no double Tribute
    restoration = database().card(98552723)
    assert restoration.facts.grants_double_tribute == "unread"
    assert "grants_double_tribute" not in restoration.entry()


def test_the_gemini_monsters_an_effect_special_summons_gain_their_effects() -> None:
    # Gemini Ablation's operation Special Summons a Gemini monster and calls
    # EnableGeminiStatus on it; Super Double Summon gives a monster already on the field its
    # effects (no Special Summon: not this fact); a Gemini monster itself has none
    assert database().card(80758812).entry()["gives_gemini_status"] is True
    assert database().card(26120084).facts.gives_gemini_status is False
    assert database().card(16146511).facts.gives_gemini_status is False  # Evocator Eveque
    found = [c.passcode for c in database() if c.facts.gives_gemini_status]
    assert sorted(found) == [16984449, 25669282, 54485355, 80758812, 96029574]
    # Burnout: its Graveyard effect (effects' first), not its card activation, which
    # Special Summons 2 Chemicritter monsters as they are
    assert database().card(25669282).entry()["gives_gemini_status_by"] == [0]


def test_an_effect_that_lessens_tributes_for_the_turn() -> None:
    # Elborz, the Sacred Lands of Simorgh: EFFECT_DECREASE_TRIBUTE an operation registers on
    # its player, for a Winged Beast; Amarylease's has no target: any monster
    assert database().card(92223430).entry()["lessens_tributes"] == {"race": "Winged Beast"}
    assert database().card(18988391).entry()["lessens_tributes"] == {}
    # by Elborz's first activated effect (reveal a monster), not by the Field Spell's activation
    assert database().card(92223430).entry()["lessens_tributes_by"] == [0]
    # Geartown's decrease is a field effect while it is face-up, not one a resolution gives
    assert database().card(37694547).facts.lessens_tributes is None
    found = [c.passcode for c in database() if c.facts.lessens_tributes is not None]
    assert sorted(found) == [4756629, 18988391, 78358521, 92223430]


def test_an_additional_normal_summon_a_face_up_card_lends() -> None:
    # Catalyst Field: a Field effect EFFECT_EXTRA_SUMMON_COUNT for a Gemini monster; Brain
    # Research Lab's for a Psychic; Double Summon's is an operation's (grants, not this)
    assert database().card(65959844).facts.lends_normal_summon == {"type": "Gemini"}
    assert database().card(85668449).facts.lends_normal_summon == {"race": "Psychic"}
    assert database().card(43422537).facts.lends_normal_summon is None
    assert "lends_normal_summon" not in database().card(65959844).entry()  # the importer's


@pytest.mark.parametrize(("passcode", "allows"), [
    (37617348, ["field"]),   # Rescue-ACE Hydrant: Traps and Quick-Plays on its player's field
    (98827725, ["itself"]),  # The Phantom Knights of Shade Brigandine
    (70095154, None),
])
def test_who_may_activate_a_card_the_turn_it_was_set_is_in_the_entry(passcode: int,
                                                                      allows: object) -> None:
    assert database().card(passcode).entry().get("set_turn") == allows


@pytest.mark.parametrize(("passcode", "attacks"), [
    (88205593, True),  # Wattcobra: "This card can attack directly"
    (9418534, True),   # Jinzo - Returner
    (74311226, None),  # Atlantean Dragoons gives it to Level 3 or lower Sea Serpents only
    (70095154, None),
])
def test_a_monster_whose_own_text_lets_it_attack_directly(passcode: int,
                                                          attacks: object) -> None:
    assert database().card(passcode).entry().get("attacks_directly") == attacks


@pytest.mark.parametrize(("passcode", "as_monster"), [
    (98827725, {"level": 4, "atk": 0, "def": 300}),  # The Phantom Knights of Shade Brigandine
    (83968380, None),  # Jar of Greed (a Trap that is no monster)
    (70095154, None),
])
def test_a_trap_that_special_summons_itself_as_a_monster(passcode: int,
                                                         as_monster: object) -> None:
    assert database().card(passcode).entry().get("trap_monster") == as_monster


@pytest.mark.parametrize(("passcode", "gained"), [
    (31755044, ["trigger"]),  # Zoodiac Whiptail: "If it battles ... destroy that monster"
    (4367330, ["quick"]),     # Zoodiac Bunnyblast: "negate the activation" (a quick effect)
    (70095154, None),
])
def test_the_effects_an_xyz_monster_gains_from_this_card_as_material(passcode: int,
                                                                     gained: object) -> None:
    assert database().card(passcode).entry().get("xyz_material_effects") == gained


@pytest.mark.parametrize(("passcode", "attacks"), [
    (78534861, True),   # Scareclaw Kashtira: "can attack while in face-up Defense Position"
    (17775525, True),   # Superheavy Samurai Steam Train King
    (79552283, None),   # Scareclaw Sclash gives it to a monster for the turn: not its own
    (70095154, None),
])
def test_a_monster_that_attacks_in_defense_position_by_its_own_text(passcode: int,
                                                                   attacks: object) -> None:
    assert database().card(passcode).entry().get("defense_attack") == attacks


@pytest.mark.parametrize(("passcode", "fact", "value"), [
    # "You can only use each of the following effects ... once per turn": an entry each
    (99193444, "effects", [{"kind": "ignition", "from": ["hand"], "once": "name"},
                           {"kind": "trigger", "from": ["field"], "once": "name"}]),
    # "You can only use 1 "Shaddoll Beast" effect per turn": one count, one entry
    (3717252, "effects", [{"kind": "trigger", "from": ["field", "graveyard"], "once": "name"}]),
    (45171524, "activations_per_turn", 1),   # Mitsurugi Prayers
    (2463794, "summons_per_turn", 1),        # Fiendsmith's Requiem
    (39138610, "materials", [{"summon": "link", "min": 3, "max": 5, "rating": 5,
                              "kinds": {"type": "Effect"}}]),  # Allied Code Talker @Ignister
    # "treat it as Level 8" (its own EFFECT_XYZ_LEVEL): the materials' Levels not counted
    (73082255, "materials", [{"summon": "xyz", "min": 2, "max": 99}]),
    (5109321, "locks", [{"applies": "extra_deck",             # R.B. Stage Landing
                         "allows": [{"race": "Machine", "atk_max": 1500}], "scope": "turn",
                         "by": "activation"}]),
    (613496, "locks", [{"applies": "extra_deck", "allows": [{"type": "Synchro"}],  # Over Tuning
                        "scope": "rest_of_turn", "by": "activation"}]),
    (39030883, "locks", [{"applies": "all", "allows": [{"attribute": "DARK"}],  # DAD Punisher
                          "scope": "rest_of_turn", "by": 0}]),
])
def test_card_limits_of_cards_a_judge_knows(passcode: int, fact: str, value: object) -> None:
    """Revision 4's limits (§8), among them the examples of issue 27."""
    assert database().card(passcode).facts.to_json().get(fact) == value


@pytest.mark.parametrize(("passcode", "fact", "value"), [
    # "2+ Tuners": the others' filter is no Synchro.NonTuner (EFFECT_MULTIPLE_TUNERS)
    (41069676, "materials", [{"summon": "synchro", "min": 2, "max": 99, "tuners": [1, 99],
                              "level_sum": 6, "kinds": "unread"}]),
    # X-Saber Gottoms: "1 Tuner + 1+ EARTH monsters", a Tuner among them too
    (8252010, "materials", [{"summon": "synchro", "min": 2, "max": 99, "tuners": [1, 99],
                             "level_sum": 7, "kinds": {"attribute": "EARTH"}}]),
    # Cupsy★Yummy Way: "you can treat 1 Link-1 monster you control as a Level 1 Tuner"
    (31603289, "materials", [{"summon": "synchro", "min": 2, "max": 2,
                              "kinds": "unread", "tuner_kinds": "unread"}]),
    # Salamangreat Sunlight Wolf: a lock on one name chosen at resolution, not read
    (87871125, "locks", [{"applies": "all", "allows": "unread", "scope": "rest_of_turn",
                          "by": 1}]),
    # Galaxy Trance: "except Photon and Galaxy monsters", cloned from its Normal Summon lock
    (63956833, "locks", [{"applies": "all", "allows": "unread", "scope": "turn",
                          "by": "activation"}]),
    # Guard Dog: "Your opponent cannot Special Summon": no lock of its player's
    (57346400, "locks", None),
    # Lucky Loan: "during your next turn": no lock of this turn's
    (67955331, "locks", None),
    # Nekroz of Sophia: "other monsters the turn you activate this effect": itself allowed
    (21105106, "locks", [{"applies": "all", "allows": [{"cards": [21105106]}], "scope": "turn",
                          "by": 0}]),
    (16387555, "material_leeway", ["hand"]),       # Kewl Tune Cue
    (96030710, "material_leeway", ["non_tuner"]),  # Centur-Ion Atrii
    # Revolution Synchron (its Level too, for as long as it stays: no End Phase reset)
    (97682931, "material_leeway", ["hand", "level", "lasting_level"]),
    # Chef de Nouvelles: "increase its Level by up to 3", no end; Hi-Speed Re-Level: "until
    # the end of this turn", no Level kept past it
    (29251488, "material_leeway", ["level", "lasting_level"]),
    (15555120, "material_leeway", ["level"]),
])
def test_card_limits_the_audit_found_narrower(passcode: int, fact: str, value: object) -> None:
    """The facts docs/cards-limits-review.md found forbidding a legal play, as fixed."""
    assert database().card(passcode).facts.to_json().get(fact) == value
