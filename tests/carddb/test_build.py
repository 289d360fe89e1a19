"""The card database's builder (carddb/), on small sources written here: a CardScripts-like
tree whose constants have other values than EDOPro's (so no number is assumed), a few card
scripts, and yaml-yugi-like card files."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from carddb.build import build, write
from carddb.sources import SourceError, Tree

#: The constants the builder reads, with values of our own (powers of two, then counters).
_BITS = ["LOCATION_DECK", "LOCATION_HAND", "LOCATION_MZONE", "LOCATION_SZONE",
         "LOCATION_GRAVE", "LOCATION_REMOVED", "LOCATION_EXTRA", "LOCATION_OVERLAY",
         "LOCATION_FZONE", "LOCATION_PZONE"]
_TYPES = ["EFFECT_TYPE_SINGLE", "EFFECT_TYPE_FIELD", "EFFECT_TYPE_EQUIP", "EFFECT_TYPE_ACTIONS",
          "EFFECT_TYPE_ACTIVATE", "EFFECT_TYPE_FLIP", "EFFECT_TYPE_IGNITION",
          "EFFECT_TYPE_TRIGGER_O", "EFFECT_TYPE_QUICK_O", "EFFECT_TYPE_TRIGGER_F",
          "EFFECT_TYPE_QUICK_F", "EFFECT_TYPE_CONTINUOUS", "EFFECT_TYPE_XMATERIAL",
          "EFFECT_TYPE_GRANT"]
_CODES = ["EFFECT_SUMMON_PROC", "EFFECT_SET_PROC", "EFFECT_LIMIT_SUMMON_PROC",
          "EFFECT_LIMIT_SET_PROC", "EFFECT_SPSUMMON_PROC", "EFFECT_CANNOT_SUMMON",
          "EFFECT_CANNOT_MSET", "EFFECT_UNSUMMONABLE_CARD", "EFFECT_GEMINI_SUMMONABLE",
          "EFFECT_DOUBLE_TRIBUTE", "EFFECT_DIRECT_ATTACK", "EFFECT_EXTRA_ATTACK",
          "EFFECT_EXTRA_ATTACK_MONSTER", "EFFECT_ATTACK_ALL", "EFFECT_TRAP_ACT_IN_HAND",
          "EFFECT_QP_ACT_IN_NTPHAND", "EFFECT_EXTRA_SUMMON_COUNT", "EFFECT_SET_SUMMON_COUNT_LIMIT",
          "EFFECT_SKIP_DP", "EFFECT_EXTRA_RELEASE", "EFFECT_EXTRA_RELEASE_NONSUM",
          "EFFECT_SET_POSITION"]
_EVENTS = ["EVENT_FREE_CHAIN", "EVENT_TO_GRAVE", "EVENT_SUMMON_SUCCESS", "EVENT_SPSUMMON_SUCCESS",
           "EVENT_DAMAGE", "EVENT_FLIP"]
_OTHER = {"EVENT_PHASE": 1 << 20, "PHASE_END": 1 << 9, "PHASE_DRAW": 1, "RESET_PHASE": 1 << 30,
          "RESET_SELF_TURN": 1 << 28, "POS_FACEUP_ATTACK": 1, "POS_FACEDOWN_ATTACK": 2,
          "POS_FACEUP_DEFENSE": 4, "POS_FACEDOWN_DEFENSE": 8, "SUMMON_TYPE_LINK": 0x5c000000,
          "SUMMON_TYPE_PENDULUM": 0x5a000000, "SUMMON_TYPE_XYZ": 0x59000000,
          "SUMMON_TYPE_SYNCHRO": 0x56000000, "SUMMON_TYPE_RITUAL": 0x55000000,
          "SUMMON_TYPE_FUSION": 0x53000000, "TYPE_MONSTER": 1, "TYPE_SYNCHRO": 0x2000}


def _constants() -> str:
    lines = [f"{name} = {1 << (n + 3)}" for n, name in enumerate(_BITS)]
    lines += [f"{name} = {1 << (n + 2)}" for n, name in enumerate(_TYPES)]
    lines += [f"{name} = {500 + n}" for n, name in enumerate(_CODES)]
    lines += [f"{name} = {3000 + n}" for n, name in enumerate(_EVENTS)]
    lines += [f"{name} = {value}" for name, value in _OTHER.items()]
    return "\n".join(lines) + "\n"


UTILITY = """
Auxiliary = {}
aux = Auxiliary
function GetID() return self_table, self_code end
Gemini = {}
function Gemini.AddProcedure(c)
  local e = Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_SINGLE)
  e:SetCode(EFFECT_GEMINI_SUMMONABLE)
  c:RegisterEffect(e)
end
"""

SCRIPTS = {
    # Special Summoned from the hand by its own procedure
    100: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_FIELD)
  e:SetCode(EFFECT_SPSUMMON_PROC)
  e:SetRange(LOCATION_HAND)
  c:RegisterEffect(e)
end""",
    # Normal Summoned without Tributing (a Level 5)
    101: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_SINGLE)
  e:SetCode(EFFECT_SUMMON_PROC)
  e:SetCondition(s.ntcon)
  c:RegisterEffect(e)
end
function s.ntcon(e,c,minc)
  if c==nil then return true end
  return minc==0 and c:GetLevel()>4
end""",
    # a Gemini monster with an ignition effect on the field
    102: """local s,id=GetID()
function s.initial_effect(c)
  Gemini.AddProcedure(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_IGNITION)
  e:SetRange(LOCATION_MZONE)
  c:RegisterEffect(e)
end""",
    # a trigger of its own in the Graveyard, and a Field trigger in the hand
    103: """local s,id=GetID()
function s.initial_effect(c)
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O)
  e1:SetCode(EVENT_TO_GRAVE)
  c:RegisterEffect(e1)
  local e2=Effect.CreateEffect(c)
  e2:SetType(EFFECT_TYPE_FIELD+EFFECT_TYPE_TRIGGER_O)
  e2:SetCode(EVENT_DAMAGE)
  e2:SetRange(LOCATION_HAND)
  c:RegisterEffect(e2)
end""",
    # a Spell whose resolution grants one more Normal Summon
    104: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_ACTIVATE)
  e:SetCode(EVENT_FREE_CHAIN)
  e:SetOperation(s.op)
  c:RegisterEffect(e)
end
function s.op(e,tp)
  local e1=Effect.CreateEffect(e:GetHandler())
  e1:SetType(EFFECT_TYPE_FIELD)
  e1:SetCode(EFFECT_EXTRA_SUMMON_COUNT)
  Duel.RegisterEffect(e1,tp)
end""",
    # a script that fails to load
    105: """local s,id=GetID()
function s.initial_effect(c)
  error("broken on purpose")
end""",
    # cannot be Normal Summoned/Set (a Main Deck monster with a revive limit)
    106: """local s,id=GetID()
function s.initial_effect(c)
  c:EnableReviveLimit()
end""",
}

CARDS: dict[int, dict[str, Any]] = {
    100: {"card_type": "Monster", "monster_type_line": "Machine / Effect", "level": 5},
    101: {"card_type": "Monster", "monster_type_line": "Winged Beast / Effect", "level": 5},
    102: {"card_type": "Monster", "monster_type_line": "Spellcaster / Gemini / Effect",
          "level": 4},
    103: {"card_type": "Monster", "monster_type_line": "Fairy / Effect", "level": 7},
    104: {"card_type": "Spell", "property": "Normal"},
    105: {"card_type": "Trap", "property": "Normal"},
    106: {"card_type": "Monster", "monster_type_line": "Dragon / Effect", "level": 7},
    107: {"card_type": "Monster", "monster_type_line": "Dragon / Normal", "level": 8},
    108: {"card_type": "Monster", "monster_type_line": "Dragon / Synchro / Effect",
          "level": 8},
}


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("sources")
    scripts, yaml_yugi = root / "CardScripts", root / "yaml-yugi"
    (scripts / "official").mkdir(parents=True)
    (scripts / "constant.lua").write_text(_constants())
    (scripts / "utility.lua").write_text(UTILITY)
    for code, text in SCRIPTS.items():
        (scripts / "official" / f"c{code}.lua").write_text(f"--Card {code}\n--Card {code}\n{text}")
    (yaml_yugi / "data" / "cards").mkdir(parents=True)
    for code, card in CARDS.items():
        raw = {"password": code, "name": {"en": f"Card {code}"},
               "text": {"en": f"The text of card {code}."}, "atk": 1000, "def": 1000,
               "limit_regulation": {"tcg": "Unlimited"}, **card}
        (yaml_yugi / "data" / "cards" / f"{code:08d}.json").write_text(json.dumps(raw))
    return scripts, yaml_yugi


@pytest.fixture(scope="module")
def built(sources: tuple[Path, Path]) -> Any:
    scripts, yaml_yugi = sources
    return build(Tree.open(yaml_yugi), Tree.open(scripts), None)


def facts(built: Any, code: int) -> dict[str, Any]:
    found: dict[str, Any] = built.cards[str(code)].get("facts", {})
    return found


def test_a_special_summon_procedure_from_the_hand(built: Any) -> None:
    assert facts(built, 100) == {"procedures": [{"from": ["hand"]}]}


def test_a_summon_without_tributes_adds_to_the_level_rule(built: Any) -> None:
    assert facts(built, 101)["tributes"] == [0, 1]
    assert "minc" not in json.dumps(built.details["101"])  # facts and texts, no script code


def test_a_gemini_monster_and_its_effect(built: Any) -> None:
    assert facts(built, 102) == {"gemini": True,
                                 "effects": [{"kind": "ignition", "from": ["field"]}]}


def test_triggers_work_from_where_their_event_leaves_the_card(built: Any) -> None:
    assert facts(built, 103)["effects"] == [{"kind": "trigger", "from": ["hand", "graveyard"]}]


def test_what_an_operation_registers_is_what_the_card_grants(built: Any) -> None:
    assert facts(built, 104) == {"grants": ["normal_summon"]}
    assert "EFFECT_EXTRA_SUMMON_COUNT" in built.details["104"]["sources"]["grants"]


def test_a_script_that_fails_is_counted_and_listed(built: Any) -> None:
    assert "105" in built.failed and "broken on purpose" in built.failed["105"]


def test_cannot_be_normal_summoned(built: Any) -> None:
    assert facts(built, 106) == {"normal_summon": False}
    assert facts(built, 108) == {"normal_summon": False}  # an Extra Deck monster, no script


def test_a_normal_monster_has_no_script_and_no_facts(built: Any) -> None:
    assert "107" in built.no_script and facts(built, 107) == {}


def test_the_written_database_diffs_card_by_card(built: Any, tmp_path: Path) -> None:
    write(built, tmp_path, {"yaml-yugi": {"repository": "r", "commit": "c", "licence": "l"}})
    lines = (tmp_path / "cards.json").read_text().splitlines()
    assert lines[0] == "{" and lines[1].startswith('"100": ') and len(lines) == len(CARDS) + 2
    report = json.loads((tmp_path / "sources.json").read_text())
    assert report["counts"]["scripts that failed"] == 1 and "105" in report["failed"]
    assert json.loads((tmp_path / "texts.json").read_text())["101"]["text"] == \
        "The text of card 101."


def test_a_git_source_is_read_at_its_commit(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "a.txt").write_text("first")
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "one"], check=True)
    first = subprocess.run([*git, "rev-parse", "HEAD"], check=True, capture_output=True,
                           text=True).stdout.strip()
    (repo / "a.txt").write_text("second")
    subprocess.run([*git, "commit", "-qam", "two"], check=True)
    tree = Tree.open(repo, first)
    assert tree.commit == first and tree.read("a.txt") == "first"
    assert tree.read_many(["a.txt", "missing.txt"]) == {"a.txt": "first"}
    with pytest.raises(SourceError):
        Tree.open(repo, "0" * 40)
    with pytest.raises(SourceError):
        Tree.open(tmp_path / "nowhere")
