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
          "EFFECT_SET_POSITION", "EFFECT_EXTRA_RELEASE_SUM", "EFFECT_MATERIAL_CHECK",
          "EFFECT_TRAP_ACT_IN_SET_TURN", "EFFECT_QP_ACT_IN_SET_TURN",
          "EFFECT_CANNOT_SPECIAL_SUMMON", "EFFECT_MULTIPLE_TUNERS", "EFFECT_SYNCHRO_LEVEL",
          "EFFECT_XYZ_LEVEL", "EFFECT_NONTUNER", "EFFECT_SYNCHRO_MAT_FROM_HAND",
          "EFFECT_DEFENSE_ATTACK", "EFFECT_DECREASE_TRIBUTE"]
_EVENTS = ["EVENT_FREE_CHAIN", "EVENT_TO_GRAVE", "EVENT_SUMMON_SUCCESS", "EVENT_SPSUMMON_SUCCESS",
           "EVENT_DAMAGE", "EVENT_FLIP", "EVENT_DESTROYED"]
_OTHER = {"EVENT_PHASE": 1 << 20, "PHASE_END": 1 << 9, "PHASE_DRAW": 1, "RESET_PHASE": 1 << 30,
          "RESET_SELF_TURN": 1 << 28, "POS_FACEUP_ATTACK": 1, "POS_FACEDOWN_ATTACK": 2,
          "POS_FACEUP_DEFENSE": 4, "POS_FACEDOWN_DEFENSE": 8, "SUMMON_TYPE_LINK": 0x5c000000,
          "SUMMON_TYPE_PENDULUM": 0x5a000000, "SUMMON_TYPE_XYZ": 0x59000000,
          "SUMMON_TYPE_SYNCHRO": 0x56000000, "SUMMON_TYPE_RITUAL": 0x55000000,
          "SUMMON_TYPE_FUSION": 0x53000000, "TYPE_MONSTER": 1, "TYPE_SYNCHRO": 0x2000,
          "STATUS_COPYING_EFFECT": 0x8000, "CATEGORY_DRAW": 1 << 5, "CATEGORY_HANDES": 1 << 7,
          "REASON_DISCARD": 1 << 11, "EFFECT_COUNT_CODE_OATH": 1, "EFFECT_COUNT_CODE_DUEL": 2,
          "EFFECT_COUNT_CODE_SINGLE": 4, "EFFECT_COUNT_CODE_CHAIN": 8, "ACTIVITY_SPSUMMON": 3,
          "RACE_CYBERSE": 1 << 24, "RACE_DRAGON": 1 << 13, "TYPE_EFFECT": 0x20,
          "TYPE_FUSION": 0x40, "TYPE_TUNER": 0x1000, "ACTIVITY_NORMALSUMMON": 1}


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
function aux.FilterBoolFunctionEx(f,v) return function(c) return f(c,v) end end
function aux.FilterBoolFunction(f,v) return function(c) return f(c,v) end end
function aux.TargetBoolFunction(f,v) return function(e,c) return f(c,v) end end
function aux.FieldSummonProcTg(f) return function(e,c) return f(e,c) end end
Link, Xyz, Synchro, Fusion, Ritual = {}, {}, {}, {}, {}
Xyz.InfiniteMats = 99
function Link.AddProcedure(c) end
function Xyz.AddProcedure(c) end
function Synchro.AddProcedure(c) end
function Synchro.AddMajesticProcedure(c) end
function Synchro.NonTunerEx(f,v) return f end
function Synchro.NonTuner(f) return f end
function Synchro.AddHandMaterialEffect(c) end
function Fusion.AddProcMixN(c) end
function Ritual.AddProcGreaterCode(c) end
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
    # a Fusion Monster whose procedure helper registers only when the card copies no effect
    # (Fusion.AddContactProc tests c:IsStatus(STATUS_COPYING_EFFECT) first)
    109: """local s,id=GetID()
function s.initial_effect(c)
  if c:IsStatus(STATUS_COPYING_EFFECT) then return end
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_FIELD)
  e:SetCode(EFFECT_SPSUMMON_PROC)
  e:SetRange(LOCATION_EXTRA)
  c:RegisterEffect(e)
end""",
    # a Trap that changes face-down monsters to face-up Defense Position, flipping no effect
    110: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_ACTIVATE)
  e:SetCode(EVENT_FREE_CHAIN)
  e:SetOperation(s.op)
  c:RegisterEffect(e)
end
function s.op(e,tp)
  Duel.ChangePosition(Duel.GetMatchingGroup(),0,0,0,POS_FACEUP_DEFENSE,true)
end""",
    # a monster that checks whether it can change position, then changes a monster's
    111: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_IGNITION)
  e:SetRange(LOCATION_MZONE)
  e:SetCost(s.cost)
  e:SetOperation(s.op)
  c:RegisterEffect(e)
end
function s.cost(e,tp,eg,ep,ev,re,r,rp,chk)
  local c=e:GetHandler()
  if chk==0 then return c:IsCanChangePosition() and not c:IsPosition(POS_FACEDOWN_DEFENSE) end
end
function s.op(e,tp)
  Duel.ChangePosition(Duel.GetFirstTarget(),POS_FACEUP_DEFENSE)
end""",
    # a Continuous Spell that keeps face-up monsters in Defense Position
    112: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_FIELD)
  e:SetCode(EFFECT_SET_POSITION)
  e:SetRange(LOCATION_SZONE)
  e:SetValue(POS_FACEUP_DEFENSE)
  c:RegisterEffect(e)
end""",
    # a Quick-Play Spell whose resolution sets up a change of position in the End Phase
    113: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_ACTIVATE)
  e:SetCode(EVENT_FREE_CHAIN)
  e:SetOperation(s.op)
  c:RegisterEffect(e)
end
function s.op(e,tp)
  local e1=Effect.CreateEffect(e:GetHandler())
  e1:SetType(EFFECT_TYPE_FIELD+EFFECT_TYPE_CONTINUOUS)
  e1:SetCode(EVENT_PHASE+PHASE_END)
  e1:SetOperation(s.endop)
  Duel.RegisterEffect(e1,tp)
end
function s.endop(e,tp)
  Duel.ChangePosition(Duel.GetMatchingGroup(),POS_FACEUP_DEFENSE)
end""",
    # a monster that "can make a second attack in a row" after destroying a monster
    114: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O)
  e:SetCode(EVENT_SUMMON_SUCCESS)
  e:SetOperation(s.op)
  c:RegisterEffect(e)
end
function s.op(e,tp)
  Duel.ChainAttack()
end""",
    # a monster that sets up an End Phase trigger in its Graveyard when it is sent there
    115: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_CONTINUOUS)
  e:SetCode(EVENT_TO_GRAVE)
  e:SetOperation(s.regop)
  c:RegisterEffect(e)
end
function s.regop(e,tp,eg,ep,ev,re,r,rp)
  local e1=Effect.CreateEffect(e:GetHandler())
  e1:SetType(EFFECT_TYPE_FIELD+EFFECT_TYPE_TRIGGER_F)
  e1:SetCode(EVENT_PHASE+PHASE_END)
  e1:SetRange(LOCATION_GRAVE)
  e:GetHandler():RegisterEffect(e1)
end""",
    # a monster whose ignition effect lets it attack directly, but only for a reason the
    # stand-ins do not give (its code is read)
    116: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_IGNITION)
  e:SetRange(LOCATION_MZONE)
  e:SetOperation(s.op)
  c:RegisterEffect(e)
end
function s.op(e,tp,eg,ep,ev,re,r,rp)
  local c=e:GetHandler()
  if r~=7 then return end
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_SINGLE)
  e1:SetCode(EFFECT_DIRECT_ATTACK)
  c:RegisterEffect(e1)
end""",
    # a Gemini monster that attacks every monster once its Gemini Summon gives it effects
    117: """local s,id=GetID()
function s.initial_effect(c)
  Gemini.AddProcedure(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_SINGLE)
  e:SetCode(EFFECT_ATTACK_ALL)
  e:SetCondition(s.geminicon)
  c:RegisterEffect(e)
end
function s.geminicon(e) return false end""",
    # a monster on whose field the opponent's attacks become direct attacks
    118: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_FIELD)
  e:SetCode(EFFECT_DIRECT_ATTACK)
  e:SetRange(LOCATION_MZONE)
  e:SetTargetRange(0,LOCATION_MZONE)
  c:RegisterEffect(e)
end""",
    # a Trap that negates an attack, then is Set again instead of going to the GY
    119: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_ACTIVATE)
  e:SetCode(EVENT_FREE_CHAIN)
  e:SetOperation(s.op)
  c:RegisterEffect(e)
end
function s.op(e,tp)
  local c=e:GetHandler()
  Duel.ChangePosition(c,POS_FACEDOWN_DEFENSE)
end""",
    # a Ritual Spell whose operation asks whether a monster may be Tributed though the
    # opponent controls it (another card's effect), and one whose skipped Draw Phase is set
    # through a variable, past a condition the stand-ins do not meet
    120: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_ACTIVATE)
  e:SetCode(EVENT_FREE_CHAIN)
  e:SetOperation(s.op)
  c:RegisterEffect(e)
end
function s.op(e,tp)
  --an opponent's monster with EFFECT_EXTRA_RELEASE must be Tributed
  return Duel.GetMatchingGroup(function(c) return c:IsHasEffect(EFFECT_EXTRA_RELEASE) end)
end""",
    121: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_ACTIVATE)
  e:SetCode(EVENT_FREE_CHAIN)
  e:SetOperation(s.op)
  c:RegisterEffect(e)
end
function s.op(e,tp,eg,ep,ev,re,r,rp)
  if r~=7 then return end
  local code=EFFECT_SKIP_DP
  local e1=Effect.CreateEffect(e:GetHandler())
  e1:SetType(EFFECT_TYPE_FIELD)
  e1:SetCode(code)
  Duel.RegisterEffect(e1,tp)
end""",
    # a monster that gains an End Phase trigger when Tribute Summoned with the right
    # material: its material check's value function registers it on the card
    123: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_SINGLE)
  e:SetCode(EFFECT_MATERIAL_CHECK)
  e:SetValue(s.valcheck)
  c:RegisterEffect(e)
end
function s.valcheck(e,c)
  if c:GetMaterialCount()~=7 then return end
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_FIELD+EFFECT_TYPE_TRIGGER_F)
  e1:SetCode(EVENT_PHASE+PHASE_END)
  e1:SetRange(LOCATION_MZONE)
  c:RegisterEffect(e1)
end""",
    # a Spell whose effect has the draw category (its operation never runs the draw here)
    124: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetCategory(CATEGORY_DRAW)
  e:SetType(EFFECT_TYPE_ACTIVATE)
  e:SetCode(EVENT_FREE_CHAIN)
  c:RegisterEffect(e)
end""",
    # a Trap whose cost, in a helper of its own, discards: read from the code
    125: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_ACTIVATE)
  e:SetCode(EVENT_FREE_CHAIN)
  e:SetCost(s.cost)
  c:RegisterEffect(e)
end
function s.cost(e,tp,eg,ep,ev,re,r,rp,chk)
  if chk==0 then return true end
  Duel.DiscardHand(tp,nil,1,1,REASON_COST|REASON_DISCARD)
end""",
    # a monster that sends a card from its player's hand to the GY (no discard as such)
    126: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_IGNITION)
  e:SetRange(LOCATION_MZONE)
  e:SetOperation(s.op)
  c:RegisterEffect(e)
end
function s.op(e,tp)
  -- Duel.Draw is only named in this comment
  local g=Duel.GetFieldGroup(tp,LOCATION_HAND,0)
  Duel.SendtoGrave(g,REASON_EFFECT)
end""",
    # a Trap that may be activated the turn it is Set (Maliss <C> TB-11)
    127: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_SINGLE)
  e:SetCode(EFFECT_TRAP_ACT_IN_SET_TURN)
  c:RegisterEffect(e)
end""",
    # a Field Spell letting its controller's Traps be activated the turn they are Set (Temple
    # of the Kings)
    128: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_FIELD)
  e:SetCode(EFFECT_TRAP_ACT_IN_SET_TURN)
  e:SetRange(LOCATION_SZONE)
  c:RegisterEffect(e)
end""",
    # a Spell that Sets a Trap from the Deck, which can be activated this turn, and one that
    # Special Summons a monster from the opponent's hand to their field (R.B. Lambda Cannon)
    129: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_ACTIVATE)
  e:SetCode(EVENT_FREE_CHAIN)
  e:SetOperation(s.op)
  c:RegisterEffect(e)
end
function s.op(e,tp)
  local tc=Duel.GetFirstTarget()
  if Duel.SSet(tp,tc)>0 then
    local e1=Effect.CreateEffect(e:GetHandler())
    e1:SetType(EFFECT_TYPE_SINGLE)
    e1:SetCode(EFFECT_TRAP_ACT_IN_SET_TURN)
    tc:RegisterEffect(e1)
  end
end""",
    130: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_IGNITION)
  e:SetRange(LOCATION_MZONE)
  e:SetOperation(s.op)
  c:RegisterEffect(e)
end
function s.op(e,tp)
  local sc=Duel.GetFirstTarget()
  Duel.SpecialSummonStep(sc,0,tp,1-tp,false,false,POS_FACEUP)
end""",
    # Special Summons itself with another monster, one step each (PSY-Framegear Gamma)
    131: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_QUICK_O)
  e:SetCode(EVENT_FREE_CHAIN)
  e:SetRange(LOCATION_HAND)
  e:SetOperation(s.op)
  c:RegisterEffect(e)
end
function s.op(e,tp)
  local c=e:GetHandler()
  local tc=Duel.GetFirstTarget()
  Duel.SpecialSummonStep(tc,0,tp,tp,false,false,POS_FACEUP)
  Duel.SpecialSummonStep(c,0,tp,tp,false,false,POS_FACEUP)
  Duel.SpecialSummonComplete()
end""",
    # "Requires 1 Tribute to Normal Summon", a count the condition names in a helper's
    # arguments (Flamvell Commando, a Level 6): the Level rule's count
    132: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_SINGLE)
  e:SetCode(EFFECT_LIMIT_SUMMON_PROC)
  e:SetCondition(s.sumcon)
  c:RegisterEffect(e)
end
function s.sumcon(e,c)
  if c==nil then return true end
  local tp=c:GetControler()
  local rg=Duel.GetReleaseGroup(tp)
  return aux.SelectUnselectGroup(rg,e,tp,1,1,s.rescon,0)
end""",
    # "If you control no monsters, you can Normal Summon this card without Tributing" (a
    # Timelord, Level 10): its condition asks only for a free Monster Zone
    133: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_SINGLE)
  e:SetCode(EFFECT_SUMMON_PROC)
  e:SetRange(LOCATION_HAND)
  e:SetCondition(s.spcon)
  c:RegisterEffect(e)
end
function s.spcon(e,c)
  if c==nil then return true end
  return Duel.GetFieldGroupCount(c:GetControler(),LOCATION_MZONE,0)==0
    and Duel.GetLocationCount(c:GetControler(),LOCATION_MZONE)>0
end""",
    # "Target 1 monster you control; it can attack directly this turn" (Infernity Queen)
    134: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_IGNITION)
  e:SetRange(LOCATION_GRAVE)
  e:SetOperation(s.op)
  c:RegisterEffect(e)
end
function s.op(e,tp)
  local tc=Duel.GetFirstTarget()
  if tc and tc:IsRelateToEffect(e) then
    local e1=Effect.CreateEffect(e:GetHandler())
    e1:SetType(EFFECT_TYPE_SINGLE)
    e1:SetCode(EFFECT_DIRECT_ATTACK)
    tc:RegisterEffect(e1)
  end
end""",
    # a Pendulum Monster's trigger when destroyed (Supreme King Gate Zero)
    135: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O)
  e:SetCode(EVENT_DESTROYED)
  c:RegisterEffect(e)
end""",
    # a Trap its own text lets be activated from the hand, with a condition (Infinite
    # Impermanence)
    139: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_SINGLE)
  e:SetCode(EFFECT_TRAP_ACT_IN_HAND)
  e:SetCondition(s.con)
  c:RegisterEffect(e)
end
function s.con(e)
  return true
end""",
    # a monster that lets its controller's Traps be activated from the hand (Traptrix Atrax):
    # a Field effect, not the card's own
    140: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_FIELD)
  e:SetCode(EFFECT_TRAP_ACT_IN_HAND)
  e:SetRange(LOCATION_MZONE)
  e:SetTargetRange(LOCATION_HAND,0)
  e:SetCondition(s.con)
  c:RegisterEffect(e)
end
function s.con(e)
  return true
end""",
    # a Main Deck monster's trigger whose range names every location, the Extra Deck among
    # them (Miracle Flipper's SetRange(0xff))
    141: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_FIELD+EFFECT_TYPE_TRIGGER_F)
  e:SetCode(EVENT_DAMAGE)
  e:SetRange(LOCATION_HAND+LOCATION_MZONE+LOCATION_GRAVE+LOCATION_EXTRA)
  c:RegisterEffect(e)
end""",
    # counts as 2 Tributes for any Tribute Summon (World Ark's SetValue(1))
    142: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_SINGLE)
  e:SetCode(EFFECT_DOUBLE_TRIBUTE)
  e:SetValue(1)
  c:RegisterEffect(e)
end""",
    # counts as 2 Tributes for a LIGHT monster's Tribute Summon (Kaiser Sea Horse)
    143: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_SINGLE)
  e:SetCode(EFFECT_DOUBLE_TRIBUTE)
  e:SetValue(s.condition)
  c:RegisterEffect(e)
end
function s.condition(e,c)
  return c:IsAttribute(ATTRIBUTE_LIGHT)
end""",
    # for an archetype's monster (Steelswarm Genome), inline
    144: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_SINGLE)
  e:SetCode(EFFECT_DOUBLE_TRIBUTE)
  e:SetValue(function(e,c) return c:IsSetCard(SET_TESTARCH) end)
  c:RegisterEffect(e)
end""",
    # a filter the builder does not read
    145: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_SINGLE)
  e:SetCode(EFFECT_DOUBLE_TRIBUTE)
  e:SetValue(s.condition)
  c:RegisterEffect(e)
end
function s.condition(e,c)
  return c:IsRace(RACE_FAIRY) or c:IsLevel(7)
end""",
    # a Spell whose operation changes positions in a helper of its own, both ways
    # (Sol and Luna: face-up to face-down, face-down to face-up Defense)
    146: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_ACTIVATE)
  e:SetCode(EVENT_FREE_CHAIN)
  e:SetOperation(s.activate)
  c:RegisterEffect(e)
end
function s.flipflop(c)
  Duel.ChangePosition(c,c:IsFaceup() and POS_FACEDOWN_DEFENSE or POS_FACEUP_DEFENSE)
end
function s.activate(e,tp,eg,ep,ev,re,r,rp)
  local g=Duel.GetTargetCards(e)
  for tc in g:Iter() do s.flipflop(tc) end
end""",
    # a Tribute Summon with the opponent's monsters as Tributes, to their field
    # (The Winged Dragon of Ra - Sphere Mode)
    147: """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_SINGLE)
  e:SetCode(EFFECT_LIMIT_SUMMON_PROC)
  e:SetCondition(s.ttcon)
  e:SetTarget(s.tttg)
  c:RegisterEffect(e)
end
function s.ttcon(e,c,minc)
  if c==nil then return true end
  local tp=c:GetControler()
  local mg=Duel.GetMatchingGroup(nil,tp,0,LOCATION_MZONE,nil)
  return Duel.CheckTribute(c,3,3,mg,1-tp)
end
function s.tttg(e,tp,eg,ep,ev,re,r,rp,chk,c)
  local mg=Duel.GetMatchingGroup(nil,tp,0,LOCATION_MZONE,nil)
  local g=Duel.SelectTribute(tp,c,3,3,mg,1-tp)
  return true
end""",
    # Special Summons itself with another monster, in one group (Wizard @Ignister), and
    # from the Graveyard with a group it adds itself to
    148: """local s,id=GetID()
function s.initial_effect(c)
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_IGNITION)
  e1:SetRange(LOCATION_HAND)
  e1:SetOperation(s.spop)
  c:RegisterEffect(e1)
  local e2=Effect.CreateEffect(c)
  e2:SetType(EFFECT_TYPE_IGNITION)
  e2:SetRange(LOCATION_GRAVE)
  e2:SetOperation(s.gyop)
  c:RegisterEffect(e2)
end
function s.spop(e,tp,eg,ep,ev,re,r,rp)
  local c=e:GetHandler()
  local tc=Duel.GetFirstTarget()
  Duel.SpecialSummon(Group.FromCards(c,tc),0,tp,tp,false,false,POS_FACEUP_DEFENSE)
end
function s.gyop(e,tp,eg,ep,ev,re,r,rp)
  local c=e:GetHandler()
  local g=Duel.GetMatchingGroup(nil,tp,LOCATION_HAND,0,nil)
  local sg=g+c
  Duel.SpecialSummon(sg,0,tp,tp,false,false,POS_FACEUP)
end""",
    # effects with hard, soft, shared and once-per-Duel limits; Special Summoned once a turn;
    # its hand effect locks its player to Cyberse monsters for the rest of the turn
    149: """local s,id=GetID()
function s.initial_effect(c)
  c:SetSPSummonOnce(id)
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_IGNITION)
  e1:SetRange(LOCATION_HAND)
  e1:SetCountLimit(1,id)
  e1:SetOperation(s.lockop)
  c:RegisterEffect(e1)
  local e2=Effect.CreateEffect(c)
  e2:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O)
  e2:SetCode(EVENT_SUMMON_SUCCESS)
  e2:SetCountLimit(1,{id,1})
  c:RegisterEffect(e2)
  local e3=e2:Clone()
  e3:SetCode(EVENT_SPSUMMON_SUCCESS)
  c:RegisterEffect(e3)
  local e4=Effect.CreateEffect(c)
  e4:SetType(EFFECT_TYPE_IGNITION)
  e4:SetRange(LOCATION_MZONE)
  e4:SetCountLimit(1)
  c:RegisterEffect(e4)
  local e5=Effect.CreateEffect(c)
  e5:SetType(EFFECT_TYPE_QUICK_O)
  e5:SetCode(EVENT_FREE_CHAIN)
  e5:SetRange(LOCATION_GRAVE)
  e5:SetCountLimit(1,{id,2},EFFECT_COUNT_CODE_DUEL)
  c:RegisterEffect(e5)
  local e6=Effect.CreateEffect(c)
  e6:SetType(EFFECT_TYPE_QUICK_O)
  e6:SetCode(EVENT_FREE_CHAIN)
  e6:SetRange(LOCATION_HAND)
  e6:SetCountLimit(1,{id,1})
  c:RegisterEffect(e6)
end
function s.lockop(e,tp,eg,ep,ev,re,r,rp)
  local e1=Effect.CreateEffect(e:GetHandler())
  e1:SetType(EFFECT_TYPE_FIELD)
  e1:SetCode(EFFECT_CANNOT_SPECIAL_SUMMON)
  e1:SetTargetRange(1,0)
  e1:SetTarget(function(e,c) return not c:IsRace(RACE_CYBERSE) end)
  Duel.RegisterEffect(e1,tp)
end""",
    # "You can only activate 1 per turn"; "You cannot Special Summon from the Extra Deck the
    # turn you activate this card, except Fusion Monsters"; a second lock not read
    150: """local s,id=GetID()
function s.initial_effect(c)
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_ACTIVATE)
  e1:SetCode(EVENT_FREE_CHAIN)
  e1:SetCountLimit(1,id,EFFECT_COUNT_CODE_OATH)
  e1:SetCost(s.cost)
  e1:SetOperation(s.op)
  c:RegisterEffect(e1)
  Duel.AddCustomActivityCounter(id,ACTIVITY_SPSUMMON,function(c) return c:IsType(TYPE_FUSION) end)
end
function s.cost(e,tp,eg,ep,ev,re,r,rp,chk)
  if chk==0 then return Duel.GetCustomActivityCount(id,tp,ACTIVITY_SPSUMMON)==0 end
  local e1=Effect.CreateEffect(e:GetHandler())
  e1:SetType(EFFECT_TYPE_FIELD)
  e1:SetCode(EFFECT_CANNOT_SPECIAL_SUMMON)
  e1:SetTargetRange(1,0)
  e1:SetTarget(s.splimit)
  Duel.RegisterEffect(e1,tp)
end
function s.splimit(e,c,sump,sumtype,sumpos,targetp,se)
  return c:IsLocation(LOCATION_EXTRA) and not c:IsType(TYPE_FUSION)
end
function s.op(e,tp,eg,ep,ev,re,r,rp)
  local e2=Effect.CreateEffect(e:GetHandler())
  e2:SetType(EFFECT_TYPE_FIELD)
  e2:SetCode(EFFECT_CANNOT_SPECIAL_SUMMON)
  e2:SetTargetRange(1,0)
  e2:SetTarget(function(e,c) return c:IsLevelAbove(5) end)
  Duel.RegisterEffect(e2,tp)
end""",
    # "2+ Effect Monsters" (a Link-3)
    151: """local s,id=GetID()
function s.initial_effect(c)
  Link.AddProcedure(c,aux.FilterBoolFunctionEx(Card.IsType,TYPE_EFFECT),2)
end""",
    # "2+ Level 4 monsters", or 1 monster its own filter names
    152: """local s,id=GetID()
function s.initial_effect(c)
  Xyz.AddProcedure(c,nil,4,2,s.ovfilter,nil,Xyz.InfiniteMats)
end
function s.ovfilter(c) return c:IsFaceup() end""",
    # "1 Tuner + 1+ non-Tuner Dragon monsters"
    153: """local s,id=GetID()
function s.initial_effect(c)
  Synchro.AddProcedure(c,nil,1,1,Synchro.NonTunerEx(Card.IsRace,RACE_DRAGON),1,99)
end""",
    # "3 monsters of its filter"
    154: """local s,id=GetID()
function s.initial_effect(c)
  Fusion.AddProcMixN(c,true,true,s.ffilter,3)
end
function s.ffilter(c,fc,sumtype,tp) return c:IsRace(RACE_DRAGON,fc,sumtype,tp) end""",
    # a Ritual Monster, and its Ritual Spell: Tributes whose Levels make 8 or more
    155: """local s,id=GetID()
function s.initial_effect(c)
  c:EnableReviveLimit()
end""",
    156: """local s,id=GetID()
function s.initial_effect(c)
  Ritual.AddProcGreaterCode(c,8,nil,155)
end""",
    # a Synchro procedure the builder does not read
    157: """local s,id=GetID()
function s.initial_effect(c)
  Synchro.AddMajesticProcedure(c,nil,true,nil,true,nil,true)
end""",
    # "1 Tuner + 1+ Tuners" (Kewl Tune Loudness War): the others' filter is no
    # Synchro.NonTuner, so every material may be a Tuner
    158: """local s,id=GetID()
function s.initial_effect(c)
  Synchro.AddProcedure(c,nil,1,1,s.tunerfilter,1,99)
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_SINGLE)
  e1:SetCode(EFFECT_MULTIPLE_TUNERS)
  c:RegisterEffect(e1)
end
function s.tunerfilter(c) return c:IsType(TYPE_TUNER) end""",
    # "you can treat 1 Link-1 monster you control as a Level 1 Tuner" (Cupsy★Yummy Way): a
    # substitute Tuner and the card's own EFFECT_SYNCHRO_LEVEL
    159: """local s,id=GetID()
function s.initial_effect(c)
  Synchro.AddProcedure(c,nil,1,1,Synchro.NonTuner(nil),1,1,aux.FilterBoolFunction(Card.IsLink,1))
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_FIELD)
  e1:SetCode(EFFECT_SYNCHRO_LEVEL)
  e1:SetRange(LOCATION_EXTRA)
  c:RegisterEffect(e1)
end""",
    # "treat it as Level 8" for its own Xyz Summon (The Zombie Vampire)
    160: """local s,id=GetID()
function s.initial_effect(c)
  Xyz.AddProcedure(c,nil,8,2,nil,nil,Xyz.InfiniteMats)
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_FIELD)
  e1:SetCode(EFFECT_XYZ_LEVEL)
  e1:SetRange(LOCATION_EXTRA)
  c:RegisterEffect(e1)
end""",
    # locks cloned from an effect with a target: "you cannot Normal Summon or Special Summon
    # monsters with that name" (Salamangreat Sunlight Wolf: a name chosen at resolution) and
    # "except Dragon monsters"
    161: """local s,id=GetID()
function s.initial_effect(c)
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_IGNITION)
  e1:SetRange(LOCATION_MZONE)
  e1:SetOperation(s.op)
  c:RegisterEffect(e1)
  local e2=Effect.CreateEffect(c)
  e2:SetType(EFFECT_TYPE_IGNITION)
  e2:SetRange(LOCATION_GRAVE)
  e2:SetCountLimit(1,id)
  e2:SetOperation(s.op2)
  c:RegisterEffect(e2)
end
function s.op(e,tp,eg,ep,ev,re,r,rp)
  local e1=Effect.CreateEffect(e:GetHandler())
  e1:SetType(EFFECT_TYPE_FIELD)
  e1:SetCode(EFFECT_CANNOT_SUMMON)
  e1:SetTargetRange(1,0)
  e1:SetTarget(function(_e,_c) return _c:IsCode(_e:GetLabel()) end)
  e1:SetLabel(100)
  Duel.RegisterEffect(e1,tp)
  local e2=e1:Clone()
  e2:SetCode(EFFECT_CANNOT_SPECIAL_SUMMON)
  Duel.RegisterEffect(e2,tp)
end
function s.op2(e,tp,eg,ep,ev,re,r,rp)
  local e1=Effect.CreateEffect(e:GetHandler())
  e1:SetType(EFFECT_TYPE_FIELD)
  e1:SetCode(EFFECT_CANNOT_SUMMON)
  e1:SetTargetRange(1,0)
  e1:SetTarget(function(e,c) return not c:IsRace(RACE_DRAGON) end)
  Duel.RegisterEffect(e1,tp)
  local e2=e1:Clone()
  e2:SetCode(EFFECT_CANNOT_SPECIAL_SUMMON)
  Duel.RegisterEffect(e2,tp)
end""",
    # "Your opponent cannot Special Summon for the rest of this turn" (Guard Dog) and "you
    # cannot Special Summon during your next turn" (Lucky Loan): no lock of this turn's; "until
    # the end of your next turn" (a reset of 2 turns alone) is one
    162: """local s,id=GetID()
function s.initial_effect(c)
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_FLIP)
  e1:SetOperation(s.op)
  c:RegisterEffect(e1)
end
function s.op(e,tp,eg,ep,ev,re,r,rp)
  local e1=Effect.CreateEffect(e:GetHandler())
  e1:SetType(EFFECT_TYPE_FIELD)
  e1:SetCode(EFFECT_CANNOT_SPECIAL_SUMMON)
  e1:SetTargetRange(0,1)
  e1:SetReset(RESET_PHASE|PHASE_END)
  Duel.RegisterEffect(e1,tp)
  local e2=Effect.CreateEffect(e:GetHandler())
  e2:SetType(EFFECT_TYPE_FIELD)
  e2:SetCode(EFFECT_CANNOT_SPECIAL_SUMMON)
  e2:SetTargetRange(1,0)
  e2:SetLabel(Duel.GetTurnCount())
  e2:SetCondition(s.later)
  e2:SetReset(RESET_PHASE|PHASE_END|RESET_SELF_TURN,2)
  Duel.RegisterEffect(e2,tp)
  local e3=Effect.CreateEffect(e:GetHandler())
  e3:SetType(EFFECT_TYPE_FIELD)
  e3:SetCode(EFFECT_CANNOT_SPECIAL_SUMMON)
  e3:SetTargetRange(1,0)
  e3:SetTarget(function(e,c) return not c:IsRace(RACE_DRAGON) end)
  e3:SetReset(RESET_PHASE|PHASE_END|RESET_SELF_TURN,2)
  Duel.RegisterEffect(e3,tp)
end
function s.later(e)
  return Duel.GetTurnCount()~=e:GetLabel()
end""",
    # "You cannot Special Summon other monsters the turn you activate this effect" (Nekroz of
    # Sophia): its own Special Summon that turn is allowed
    163: """local s,id=GetID()
function s.initial_effect(c)
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_IGNITION)
  e1:SetRange(LOCATION_MZONE)
  e1:SetCost(s.cost)
  c:RegisterEffect(e1)
end
function s.cost(e,tp,eg,ep,ev,re,r,rp,chk)
  if chk==0 then return Duel.GetActivityCount(tp,ACTIVITY_SPSUMMON)==1 end
  local e1=Effect.CreateEffect(e:GetHandler())
  e1:SetType(EFFECT_TYPE_FIELD)
  e1:SetCode(EFFECT_CANNOT_SPECIAL_SUMMON)
  e1:SetReset(RESET_PHASE|PHASE_END)
  e1:SetTargetRange(1,0)
  Duel.RegisterEffect(e1,tp)
end""",
    # "1 Tuner in your hand can be used as 1 of the other materials" (Kewl Tune Cue) and "you
    # can treat it as a non-Tuner" (Centur-Ion Atrii)
    164: """local s,id=GetID()
function s.initial_effect(c)
  Synchro.AddHandMaterialEffect(c,id,s.filter)
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_SINGLE)
  e1:SetCode(EFFECT_NONTUNER)
  c:RegisterEffect(e1)
end
function s.filter(c) return c:IsType(TYPE_TUNER) end""",
    # "You can Normal Summon Level 7 monsters without Tributing" from the Spell & Trap Zone
    # (Kashtira Birth), "1 Dragon monster with 1 Tribute" too, and one from the Graveyard
    # (Elemental HERO Necroshade's), which is not read
    165: """local s,id=GetID()
function s.initial_effect(c)
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_FIELD)
  e1:SetCode(EFFECT_SUMMON_PROC)
  e1:SetRange(LOCATION_SZONE)
  e1:SetTargetRange(LOCATION_HAND,0)
  e1:SetCondition(s.ntcon)
  e1:SetTarget(aux.FieldSummonProcTg(s.nttg))
  c:RegisterEffect(e1)
  local e2=Effect.CreateEffect(c)
  e2:SetType(EFFECT_TYPE_FIELD)
  e2:SetCode(EFFECT_SUMMON_PROC)
  e2:SetRange(LOCATION_SZONE)
  e2:SetTargetRange(LOCATION_HAND,0)
  e2:SetCondition(s.otcon)
  e2:SetTarget(aux.FieldSummonProcTg(aux.TargetBoolFunction(Card.IsRace,RACE_DRAGON)))
  c:RegisterEffect(e2)
  local e3=e1:Clone()
  e3:SetRange(LOCATION_GRAVE)
  c:RegisterEffect(e3)
end
function s.ntcon(e,c,minc)
  if c==nil then return true end
  return minc==0 and Duel.GetLocationCount(c:GetControler(),LOCATION_MZONE)>0
end
function s.otcon(e,c,minc)
  if c==nil then return true end
  return minc<=1 and Duel.CheckTribute(c,1)
end
function s.nttg(e,c)
  return c:IsLevel(7)
end""",
    # "can attack while in face-up Defense Position" (Scareclaw Kashtira)
    166: """local s,id=GetID()
function s.initial_effect(c)
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_SINGLE)
  e1:SetCode(EFFECT_DEFENSE_ATTACK)
  e1:SetValue(1)
  c:RegisterEffect(e1)
end""",
    # "An Xyz Monster that has this card as material gains this effect" (Zoodiac Whiptail's
    # trigger), and an ATK gain it gives, which is no activated effect
    167: """local s,id=GetID()
function s.initial_effect(c)
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_XMATERIAL+EFFECT_TYPE_TRIGGER_F)
  e1:SetCode(EVENT_DAMAGE)
  c:RegisterEffect(e1)
  local e2=Effect.CreateEffect(c)
  e2:SetType(EFFECT_TYPE_XMATERIAL)
  e2:SetCode(EFFECT_DEFENSE_ATTACK)
  c:RegisterEffect(e2)
end""",
    # a Trap whose effect Special Summons a Gemini monster with its effects (Gemini Ablation)
    168: """local s,id=GetID()
function s.initial_effect(c)
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_ACTIVATE)
  e1:SetCode(EVENT_FREE_CHAIN)
  e1:SetOperation(s.spop)
  c:RegisterEffect(e1)
end
function s.spop(e,tp,eg,ep,ev,re,r,rp)
  local tc=Duel.GetFirstTarget()
  if Duel.SpecialSummonStep(tc,0,tp,tp,false,false,POS_FACEUP) then
    s.gain(tc)
  end
  Duel.SpecialSummonComplete()
end
function s.gain(tc)
  tc:EnableGeminiStatus()
end""",
    # an ignition effect that gives its player 1 less Tribute for a Dragon this turn (Elborz),
    # and a Field Spell that lowers Tributes while face-up (Geartown's: not this fact)
    169: """local s,id=GetID()
function s.initial_effect(c)
  local e1=Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_IGNITION)
  e1:SetRange(LOCATION_FZONE)
  e1:SetOperation(s.trop)
  c:RegisterEffect(e1)
end
function s.trop(e,tp,eg,ep,ev,re,r,rp)
  local e1=Effect.CreateEffect(e:GetHandler())
  e1:SetType(EFFECT_TYPE_FIELD)
  e1:SetCode(EFFECT_DECREASE_TRIBUTE)
  e1:SetTargetRange(LOCATION_HAND,0)
  e1:SetTarget(s.tg)
  e1:SetValue(0x10001)
  Duel.RegisterEffect(e1,tp)
end
function s.tg(e,c)
  return c:IsRace(RACE_DRAGON)
end""",
    170: """local s,id=GetID()
function s.initial_effect(c)
  local e2=Effect.CreateEffect(c)
  e2:SetType(EFFECT_TYPE_FIELD)
  e2:SetCode(EFFECT_DECREASE_TRIBUTE)
  e2:SetRange(LOCATION_FZONE)
  e2:SetTargetRange(LOCATION_HAND,LOCATION_HAND)
  e2:SetValue(0x1)
  c:RegisterEffect(e2)
end""",
}

#: Scripts of pre-errata/, by passcode: a card kept only there (Red-Eyes Darkness Metal
#: Dragon), with a procedure from the hand.
PRE_ERRATA = {137: SCRIPTS[100]}

#: Scripts of pre-release/, by provisional passcode, for the card (of CARDS) they stand for.
PRE_RELEASE = {
    # a card released since its script was written: an ignition effect in the hand
    100000122: (122, """local s,id=GetID()
function s.initial_effect(c)
  local e=Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_IGNITION)
  e:SetRange(LOCATION_HAND)
  c:RegisterEffect(e)
end"""),
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
    109: {"card_type": "Monster", "monster_type_line": "Warrior / Fusion / Effect",
          "level": 8},
    110: {"card_type": "Trap", "property": "Normal"},
    111: {"card_type": "Monster", "monster_type_line": "Warrior / Effect", "level": 4},
    112: {"card_type": "Spell", "property": "Continuous"},
    113: {"card_type": "Spell", "property": "Quick-Play"},
    114: {"card_type": "Monster", "monster_type_line": "Machine / Effect", "level": 4},
    115: {"card_type": "Monster", "monster_type_line": "Fiend / Effect", "level": 2},
    116: {"card_type": "Monster", "monster_type_line": "Warrior / Effect", "level": 4},
    117: {"card_type": "Monster", "monster_type_line": "Insect / Gemini / Effect", "level": 5},
    118: {"card_type": "Monster", "monster_type_line": "Winged Beast / Effect", "level": 1},
    119: {"card_type": "Trap", "property": "Normal"},
    120: {"card_type": "Spell", "property": "Ritual"},
    121: {"card_type": "Spell", "property": "Normal"},
    122: {"card_type": "Monster", "monster_type_line": "Aqua / Effect", "level": 4},
    123: {"card_type": "Monster", "monster_type_line": "Reptile / Effect", "level": 6},
    124: {"card_type": "Spell", "property": "Normal"},
    125: {"card_type": "Trap", "property": "Normal"},
    126: {"card_type": "Monster", "monster_type_line": "Fiend / Effect", "level": 3},
    127: {"card_type": "Trap", "property": "Normal"},
    128: {"card_type": "Spell", "property": "Field"},
    129: {"card_type": "Spell", "property": "Normal"},
    130: {"card_type": "Monster", "monster_type_line": "Machine / Effect", "level": 4},
    131: {"card_type": "Monster", "monster_type_line": "Psychic / Tuner / Effect", "level": 2},
    132: {"card_type": "Monster", "monster_type_line": "Pyro / Effect", "level": 6},
    133: {"card_type": "Monster", "monster_type_line": "Fairy / Effect", "level": 10},
    134: {"card_type": "Monster", "monster_type_line": "Fiend / Effect", "level": 3},
    135: {"card_type": "Monster", "monster_type_line": "Fiend / Pendulum / Effect", "level": 7,
          "pendulum_scale": 0, "atk": 0, "def": 0},
    136: {"card_type": "Monster", "monster_type_line": "Warrior / Ritual", "level": 8},
    137: {"card_type": "Monster", "monster_type_line": "Dragon / Effect", "level": 10},
    138: {"card_type": "Monster", "monster_type_line": "Warrior / Normal", "level": 4,
          "series": ["Test Arch"]},
    139: {"card_type": "Trap", "property": "Normal"},
    140: {"card_type": "Monster", "monster_type_line": "Insect / Effect", "level": 4},
    141: {"card_type": "Monster", "monster_type_line": "Fairy / Effect", "level": 1},
    142: {"card_type": "Monster", "monster_type_line": "Machine / Effect", "level": 4},
    143: {"card_type": "Monster", "monster_type_line": "Sea Serpent / Effect", "level": 4},
    144: {"card_type": "Monster", "monster_type_line": "Fiend / Effect", "level": 2,
          "series": ["Testarch"]},
    145: {"card_type": "Monster", "monster_type_line": "Fairy / Effect", "level": 4},
    146: {"card_type": "Spell", "property": "Quick-Play"},
    147: {"card_type": "Monster", "monster_type_line": "Divine-Beast / Effect", "level": 10},
    148: {"card_type": "Monster", "monster_type_line": "Cyberse / Effect", "level": 4},
    149: {"card_type": "Monster", "monster_type_line": "Cyberse / Effect", "level": 4},
    150: {"card_type": "Spell", "property": "Normal"},
    151: {"card_type": "Monster", "monster_type_line": "Cyberse / Link / Effect",
          "link_arrows": ["⬅", "➡", "⬇"]},
    152: {"card_type": "Monster", "monster_type_line": "Machine / Xyz / Effect", "rank": 4},
    153: {"card_type": "Monster", "monster_type_line": "Dragon / Synchro / Effect", "level": 8},
    154: {"card_type": "Monster", "monster_type_line": "Dragon / Fusion / Effect", "level": 8},
    155: {"card_type": "Monster", "monster_type_line": "Warrior / Ritual / Effect", "level": 8},
    156: {"card_type": "Spell", "property": "Ritual"},
    157: {"card_type": "Monster", "monster_type_line": "Dragon / Synchro / Effect", "level": 10},
    158: {"card_type": "Monster", "monster_type_line": "Machine / Synchro / Effect", "level": 8},
    159: {"card_type": "Monster", "monster_type_line": "Fairy / Synchro / Effect", "level": 2},
    160: {"card_type": "Monster", "monster_type_line": "Zombie / Xyz / Effect", "rank": 8},
    161: {"card_type": "Monster", "monster_type_line": "Pyro / Link / Effect",
          "link_arrows": ["⬅", "➡", "⬇"]},
    162: {"card_type": "Monster", "monster_type_line": "Beast / Flip / Effect", "level": 3},
    163: {"card_type": "Monster", "monster_type_line": "Warrior / Ritual / Effect", "level": 3},
    164: {"card_type": "Monster", "monster_type_line": "Machine / Tuner / Effect", "level": 2},
    165: {"card_type": "Spell", "property": "Continuous"},
    166: {"card_type": "Monster", "monster_type_line": "Beast / Effect", "level": 7},
    167: {"card_type": "Monster", "monster_type_line": "Beast-Warrior / Effect", "level": 4},
    168: {"card_type": "Trap", "property": "Normal"},
    169: {"card_type": "Spell", "property": "Field"},
    170: {"card_type": "Spell", "property": "Field"},
}
#: A card file with no passcode whose name is a scripted card's (a new Normal Monster named
#: as an old Ritual Monster is): never that card.
NAMED_ALIKE = {"card_type": "Monster", "monster_type_line": "Warrior / Normal", "level": 8,
               "name": {"en": "Card 136"}, "text": {"en": "A new card of an old name."}}
#: Another such file, named so that it sorts after the card's own (as yaml-yugi's
#: ``kdb19092.json`` does after ``05405694.json``): read second, and still not that card.
NAMED_ALIKE_LATER = {**NAMED_ALIKE, "text": {"en": "Another new card of an old name."}}
#: A second file with card 138's own passcode (sorted after ``00000138.json``): the first
#: file of a passcode is its card, the second is listed as skipped.
SAME_PASSCODE = {"password": 138, "card_type": "Monster", "monster_type_line": "Warrior / Normal",
                 "level": 4, "name": {"en": "Card 138 again"}, "text": {"en": "A second file."}}


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("sources")
    scripts, yaml_yugi = root / "CardScripts", root / "yaml-yugi"
    (scripts / "official").mkdir(parents=True)
    (scripts / "constant.lua").write_text(_constants())
    (scripts / "utility.lua").write_text(UTILITY)
    for code, text in SCRIPTS.items():
        (scripts / "official" / f"c{code}.lua").write_text(f"--Card {code}\n--Card {code}\n{text}")
    (scripts / "official" / "c136.lua").write_text("--Card 136\n--Card 136\n" + SCRIPTS[106])
    (scripts / "pre-errata").mkdir()
    for code, text in PRE_ERRATA.items():
        (scripts / "pre-errata" / f"c{code}.lua").write_text(
            f"--Card {code}\n--Card {code}\n{text}")
    (scripts / "pre-release").mkdir()
    for provisional, (code, text) in PRE_RELEASE.items():
        (scripts / "pre-release" / f"c{provisional}.lua").write_text(
            f"--Card {code}\n--Card {code}\n{text}")
    (yaml_yugi / "data" / "cards").mkdir(parents=True)
    for code, card in CARDS.items():
        raw = {"password": code, "name": {"en": f"Card {code}"},
               "text": {"en": f"The text of card {code}."}, "atk": 1000, "def": 1000,
               "limit_regulation": {"tcg": "Unlimited"}, **card}
        (yaml_yugi / "data" / "cards" / f"{code:08d}.json").write_text(json.dumps(raw))
    # named before the card of its name's passcode: read first
    (yaml_yugi / "data" / "cards" / "0-new.json").write_text(json.dumps(NAMED_ALIKE))
    # named after it (and a second file of one passcode after the first): read later
    (yaml_yugi / "data" / "cards" / "kdb136.json").write_text(json.dumps(NAMED_ALIKE_LATER))
    (yaml_yugi / "data" / "cards" / "00000138b.json").write_text(json.dumps(SAME_PASSCODE))
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
    # an Extra Deck Effect Monster with no script: never Normal Summoned, effects unknown
    assert facts(built, 108) == {"normal_summon": False, "unscripted": True}


def test_a_card_being_set_up_copies_no_effect(built: Any) -> None:
    assert facts(built, 109) == {"normal_summon": False, "procedures": [{"from": ["extra"]}]}


def test_a_position_change_names_positions_not_its_flags(built: Any) -> None:
    assert facts(built, 110) == {"positions": [["any", "defense"]]}
    assert facts(built, 111)["positions"] == [["any", "defense"]]  # IsCanChangePosition asks
    # EFFECT_SET_POSITION of a field effect: every monster it covers, while it stands
    assert facts(built, 112) == {"positions": [["field", "defense"]]}


def test_what_an_operation_sets_up_for_later_is_run_too(built: Any) -> None:
    assert facts(built, 113) == {"positions": [["any", "defense"]]}


def test_an_attack_again_in_a_row_is_a_further_attack(built: Any) -> None:
    assert facts(built, 114) == {"effects": [{"kind": "trigger", "from": ["field"]}],
                                 "grants": ["attack"], "extra_attack": True}


def test_what_an_operation_registers_on_the_card_itself_is_its_own(built: Any) -> None:
    assert facts(built, 115) == {"effects": [{"kind": "trigger", "from": ["graveyard"]}]}
    assert "an operation registers on the card" in built.details["115"]["sources"]["effects"]
    assert facts(built, 116) == {"effects": [{"kind": "ignition", "from": ["field"]}],
                                 "direct_attack": True}
    assert "its operation's code" in built.details["116"]["sources"]["direct_attack"]
    assert facts(built, 123) == {"effects": [{"kind": "trigger", "from": ["field"]}]}


def test_further_and_direct_attacks_are_the_cards_own(built: Any) -> None:
    assert facts(built, 117) == {"gemini": True, "extra_attack": True}  # conditional: allowed
    assert facts(built, 118) == {}  # its opponent's monsters attack directly, not itself


def test_a_trap_turned_face_down_is_set_again(built: Any) -> None:
    assert facts(built, 119) == {"sets_spell_traps": True}
    assert "positions" not in built.details["119"]["sources"]


def test_code_that_asks_about_an_effect_registers_none(built: Any) -> None:
    assert facts(built, 120) == {}
    assert facts(built, 121) == {"skips_draws": 1}


def test_a_pre_release_script_stands_in_for_a_missing_one(built: Any) -> None:
    assert facts(built, 122) == {"effects": [{"kind": "ignition", "from": ["hand"]}]}
    assert built.details["122"]["sources"]["script"] == "pre-release/c100000122.lua"


def test_cards_that_make_a_player_draw_or_discard(built: Any) -> None:
    assert facts(built, 124) == {"draws": True}
    assert "CATEGORY_DRAW" in built.details["124"]["sources"]["draws"]
    assert facts(built, 125) == {"discards": True}
    assert facts(built, 126) == {"effects": [{"kind": "ignition", "from": ["field"]}],
                                 "discards": True}  # a comment draws nothing
    assert facts(built, 104).keys().isdisjoint({"draws", "discards"})


def test_who_may_activate_a_card_the_turn_it_was_set(built: Any) -> None:
    assert facts(built, 127) == {"set_turn": ["itself"]}
    assert facts(built, 128) == {"set_turn": ["field"]}
    assert facts(built, 129) == {"set_turn": ["sets"], "sets_spell_traps": True}
    assert "EFFECT_TRAP_ACT_IN_SET_TURN" in built.details["127"]["sources"]["set_turn"]


def test_a_card_that_special_summons_to_the_opponents_field(built: Any) -> None:
    assert facts(built, 130) == {"effects": [{"kind": "ignition", "from": ["field"]}],
                                 "foe_summons": True}
    assert facts(built, 126).keys().isdisjoint({"foe_summons"})


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


@pytest.mark.slow
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
    assert tree.names("") == ["a.txt"] and tree.names("nowhere") == []
    assert Tree.open(tmp_path).names("nowhere") == []
    assert tree.read_many(["a.txt", "missing.txt"]) == {"a.txt": "first"}
    with pytest.raises(SourceError):
        Tree.open(repo, "0" * 40)
    with pytest.raises(SourceError):
        Tree.open(tmp_path / "nowhere")


def test_zeros_are_kept(built: Any) -> None:
    card = built.cards["135"]
    assert (card["atk"], card["def"], card["scale"]) == (0, 0, 0)


def test_a_card_of_an_old_cards_name_does_not_replace_it(built: Any) -> None:
    assert built.cards["136"]["types"] == ["Ritual"]
    assert built.details["136"]["text"] == "The text of card 136."
    assert "is the card of data/cards/00000136.json" in built.skipped["0-new.json"]


def test_a_card_of_an_old_cards_name_read_after_it_does_not_replace_it(built: Any) -> None:
    assert sorted(["00000136.json", "kdb136.json"]) == ["00000136.json", "kdb136.json"]
    assert built.cards["136"]["types"] == ["Ritual"]
    assert built.details["136"]["text"] == "The text of card 136."
    assert built.skipped["kdb136.json"] == \
        "passcode 136 is already the card of data/cards/00000136.json"


def test_the_first_file_of_a_passcode_is_its_card(built: Any) -> None:
    assert built.cards["138"]["name"] == "Card 138"
    assert built.details["138"]["text"] == "The text of card 138."
    assert built.skipped["00000138b.json"] == \
        "passcode 138 is already the card of data/cards/00000138.json"


def test_a_script_kept_only_under_pre_errata_is_run(built: Any) -> None:
    assert facts(built, 137) == {"procedures": [{"from": ["hand"]}]}
    assert built.details["137"]["sources"]["script"] == "pre-errata/c137.lua"


def test_a_special_summon_step_of_the_card_itself_is_its_own_summon(built: Any) -> None:
    assert facts(built, 131)["self_summon"] == ["hand"]


def test_a_procedure_whose_count_is_a_helpers_argument(built: Any) -> None:
    assert "tributes" not in facts(built, 132)  # 1: the Level rule's, not 0 or 1
    assert facts(built, 133)["tributes"] == [0, 2]  # without Tributing, or the Level rule


def test_a_direct_attack_given_to_another_monster(built: Any) -> None:
    assert facts(built, 134) == {"effects": [{"kind": "ignition", "from": ["graveyard"]}],
                                 "grants_direct_attack": True}
    assert "direct_attack" not in facts(built, 134)


def test_a_destroyed_pendulum_monsters_trigger_works_from_the_extra_deck(built: Any) -> None:
    assert facts(built, 135)["effects"] == [
        {"kind": "trigger", "from": ["graveyard", "banished", "extra"]}]


def test_a_trap_its_own_text_lets_be_activated_from_the_hand(built: Any) -> None:
    assert facts(built, 139) == {"trap_from_hand": True}


def test_letting_other_traps_be_activated_from_the_hand_is_not_the_cards_own(
        built: Any) -> None:
    assert "trap_from_hand" not in facts(built, 140)


def test_a_range_naming_the_extra_deck_gives_no_extra_to_a_card_that_is_not_pendulum(
        built: Any) -> None:
    # only a Pendulum Monster stands face-up in the Extra Deck (contract §1, revision 4)
    assert facts(built, 141)["effects"] == [
        {"kind": "trigger", "from": ["field", "hand", "graveyard"]}]


def test_what_a_double_tribute_is_for(built: Any) -> None:
    assert facts(built, 142) == {"double_tribute": True}
    assert facts(built, 143) == {"double_tribute": True,
                                 "double_tribute_for": {"attribute": "LIGHT"}}
    # an archetype: its cards, by yaml-yugi's series
    assert facts(built, 144) == {"double_tribute": True,
                                 "double_tribute_for": {"cards": [138, 144]}}
    # not read: said so, and (validator/cards) no double_tribute in the document
    assert facts(built, 145) == {"double_tribute": True, "double_tribute_for": "unread"}
    assert "not read" in built.details["145"]["sources"]["double_tribute_for"]


def test_a_position_change_written_in_a_helper_names_every_position(built: Any) -> None:
    # the run takes one side of the choice; the helper's code names both (issue 25)
    assert facts(built, 146) == {"positions": [["any", "facedown_defense"],
                                               ["any", "defense"]]}
    assert "helper" in built.details["146"]["sources"]["positions"]


def test_a_tribute_summon_with_the_opponents_monsters_tributes_foes(built: Any) -> None:
    assert facts(built, 147).get("tributes_foes") is True
    assert "1-tp" in built.details["147"]["sources"]["tributes_foes"]


def test_a_card_special_summoned_in_a_group_with_another_summons_itself(built: Any) -> None:
    assert facts(built, 148) == {"effects": [{"kind": "ignition", "from": ["hand", "graveyard"]}],
                                 "self_summon": ["hand", "graveyard"]}


def test_each_limited_effect_is_an_entry_with_its_limit(built: Any) -> None:
    """An effect and its clone for another event share one hard limit: one entry; effects
    of one kind with other limits: an entry each; one key on entries of two kinds: shared."""
    assert facts(built, 149)["effects"] == [
        {"kind": "ignition", "from": ["hand"], "once": "name"},
        {"kind": "ignition", "from": ["field"], "once": "copy"},
        {"kind": "trigger", "from": ["field"], "once": "name", "shared": "149:1"},
        {"kind": "quick", "from": ["graveyard"], "once": "duel"},
        {"kind": "quick", "from": ["hand"], "once": "name", "shared": "149:1"}]
    assert facts(built, 149)["summons_per_turn"] == 1
    # effects with no limit keep one entry a kind, as before revision 4
    assert facts(built, 103)["effects"] == [{"kind": "trigger", "from": ["hand", "graveyard"]}]


def test_the_cards_activations_a_turn_and_its_locks(built: Any) -> None:
    assert facts(built, 150)["activations_per_turn"] == 1
    assert facts(built, 150)["locks"] == [
        {"applies": "extra_deck", "allows": [{"type": "Fusion"}], "scope": "turn",
         "by": "activation"},
        {"applies": "all", "allows": "unread", "scope": "turn", "by": "activation"}]
    assert facts(built, 149)["locks"] == [
        {"applies": "all", "allows": [{"race": "Cyberse"}], "scope": "rest_of_turn", "by": 0}]


def test_materials_of_each_summon_procedure(built: Any) -> None:
    assert facts(built, 151)["materials"] == [
        {"summon": "link", "min": 2, "max": 3, "rating": 3, "kinds": {"type": "Effect"}}]
    assert facts(built, 152)["materials"] == [
        {"summon": "xyz", "min": 2, "max": 99, "level": 4},
        {"summon": "xyz", "min": 1, "max": 1, "kinds": "unread"}]
    assert facts(built, 153)["materials"] == [
        {"summon": "synchro", "min": 2, "max": 99, "tuners": [1, 1], "level_sum": 8,
         "kinds": {"race": "Dragon"}}]
    assert facts(built, 154)["materials"] == [{"summon": "fusion", "min": 3, "max": 3}]
    assert facts(built, 155)["materials"] == [
        {"summon": "ritual", "level_sum": 8, "ritual": "at_least"}]
    assert facts(built, 157)["materials"] == "unread"
    assert "not read" in built.details["157"]["sources"]["materials"]


def test_others_may_be_tuners_when_their_filter_is_no_non_tuner(built: Any) -> None:
    assert facts(built, 158)["materials"] == [
        {"summon": "synchro", "min": 2, "max": 99, "tuners": [1, 99], "level_sum": 8,
         "kinds": {"type": "Tuner"}}]


def test_a_substitute_tuner_or_a_cards_own_material_level_leaves_levels_uncounted(
        built: Any) -> None:
    assert facts(built, 159)["materials"] == [
        {"summon": "synchro", "min": 2, "max": 2, "tuner_kinds": "unread"}]
    assert facts(built, 160)["materials"] == [{"summon": "xyz", "min": 2, "max": 99}]


def test_a_cloned_lock_is_read_through_the_effect_it_was_cloned_from(built: Any) -> None:
    assert facts(built, 161)["locks"] == [
        {"applies": "all", "allows": "unread", "scope": "rest_of_turn", "by": 0},
        {"applies": "all", "allows": [{"race": "Dragon"}], "scope": "rest_of_turn", "by": 1}]


def test_a_lock_on_the_opponent_or_on_a_later_turn_is_no_lock_of_this_turns(
        built: Any) -> None:
    assert facts(built, 162)["locks"] == [
        {"applies": "all", "allows": [{"race": "Dragon"}], "scope": "rest_of_turn", "by": 0}]


def test_a_lock_on_other_monsters_allows_the_card_itself(built: Any) -> None:
    assert facts(built, 163)["locks"] == [
        {"applies": "all", "allows": [{"cards": [163]}], "scope": "turn", "by": 0}]


def test_what_a_material_lets_another_monsters_summon_take(built: Any) -> None:
    assert facts(built, 164)["material_leeway"] == ["hand", "non_tuner"]
    assert facts(built, 159)["material_leeway"] == ["synchro_level"]
    assert facts(built, 160)["material_leeway"] == ["xyz_level"]


def test_a_normal_summon_procedure_a_card_gives_from_the_field(built: Any) -> None:
    found = facts(built, 165)
    assert found["grants_tributes"] == [{"tributes": [0], "for": {"level": 7}},
                                        {"tributes": [1], "for": {"race": "Dragon"}}]
    assert "tributes" not in found  # none of its own


def test_an_attack_in_defense_position_by_the_cards_own_text(built: Any) -> None:
    assert facts(built, 166)["defense_attack"] is True
    assert "defense_attack" not in facts(built, 165)


def test_the_effects_an_xyz_monster_gains_from_its_material(built: Any) -> None:
    found = facts(built, 167)
    assert found["xyz_material_effects"] == ["trigger"]
    assert found.get("effects", []) == [] and "defense_attack" not in found  # not its own


def test_every_source_names_a_card_fact(built: Any) -> None:
    """A reading says where each fact came from under the fact's own name: every source of
    every built card is a CardFacts field (the one declaration of each fact), or the card's
    ``stats`` and ``script``."""
    from dataclasses import fields

    from validator.cards import CardFacts

    declared = {f.name for f in fields(CardFacts)} | {"stats", "script"}
    named = {fact for detail in built.details.values() for fact in detail.get("sources", {})}
    assert named - declared == set()
    assert {"tributes", "effects", "positions", "locks", "materials"} <= named


def test_a_reading_returns_what_it_found_and_changes_nothing() -> None:
    """The readings are functions: given the facts the readings before found, each returns
    them with what it read (a new CardFacts) and its notes, in the order it found them."""
    from carddb.found import sources
    from carddb.positions import in_code
    from validator.cards.facts import NO_FACTS

    code = "Duel.ChangePosition(c,POS_FACEUP_DEFENSE)\nDuel.ChangePosition(tc,POS_FACEUP_ATTACK)"
    found = in_code(code, NO_FACTS, "c1.lua", "operation")
    again = in_code(code, found.facts, "c1.lua", "operation")
    assert NO_FACTS.positions == ()
    assert found.facts.positions == again.facts.positions == (("self", "defense"),
                                                              ("any", "attack"))
    assert sources(found.notes + again.notes) == {
        "positions": "c1.lua: its operation's code calls Duel.ChangePosition"}


def test_a_level_change_lasts_unless_it_ends_in_the_end_phase() -> None:
    from types import SimpleNamespace

    from carddb import materials
    from carddb.constants import Constants
    from validator.cards.facts import NO_FACTS

    c = Constants({"RESET_EVENT": 0x1000, "RESET_PHASE": 0x40000000, "PHASE_END": 0x200,
                   "RESETS_STANDARD": 0x1fe0000, "RESETS_STANDARD_PHASE_END": 0x41fe1200,
                   "RESET_SELF_TURN": 0x10000000, "RESET_OPPO_TURN": 0x20000000})

    def lasts(code: str) -> bool:
        found = materials.leeway(SimpleNamespace(texts={"c1.lua": code}, c=c),  # type: ignore[arg-type]
                                 SimpleNamespace(path="c1.lua"),  # type: ignore[arg-type]
                                 NO_FACTS, "c1.lua")
        return "lasting_level" in found.facts.material_leeway

    def op(reset: str) -> str:
        return ("function s.op(e,tp)\n  local e1=Effect.CreateEffect(e:GetHandler())\n"
                f"  e1:SetCode(EFFECT_CHANGE_LEVEL)\n  {reset}\n  tc:RegisterEffect(e1)\nend")

    # Hi-Speed Re-Level's "until the end of this turn", as constants or spelt out
    assert not lasts(op("e1:SetReset(RESETS_STANDARD_PHASE_END)"))
    assert not lasts(op("e1:SetReset(RESET_EVENT+RESETS_STANDARD+RESET_PHASE+PHASE_END)"))
    # Chef de Nouvelles' change, with no end; one that counts two End Phases or names a
    # turn; a reset not written in constants (cannot be told)
    assert lasts(op("e1:SetReset(RESET_EVENT|RESETS_STANDARD)"))
    assert lasts(op("e1:SetReset(RESET_PHASE|PHASE_END,2)"))
    assert lasts(op("e1:SetReset(RESETS_STANDARD_PHASE_END|RESET_SELF_TURN)"))
    assert lasts(op("e1:SetReset(reset)"))
    # a continuous effect of the card's own (initial_effect, no reset): it ends as it leaves
    assert not lasts("function s.initial_effect(c)\n  local e1=Effect.CreateEffect(c)\n"
                     "  e1:SetCode(EFFECT_UPDATE_LEVEL)\n  c:RegisterEffect(e1)\nend")
    # UpdateLevel with a reset that ends in the End Phase, and with its default
    assert not lasts("tc:UpdateLevel(1,RESETS_STANDARD_PHASE_END,c)")
    assert lasts("tc:UpdateLevel(1)")


def test_what_a_card_in_play_lets_a_summon_take() -> None:
    from types import SimpleNamespace

    from carddb import materials
    from validator.cards.facts import NO_FACTS

    def read(code: str) -> list[str]:
        found = materials.leeway(SimpleNamespace(texts={"c1.lua": code}),  # type: ignore[arg-type]
                                 SimpleNamespace(path="c1.lua"),  # type: ignore[arg-type]
                                 NO_FACTS, "c1.lua")
        return list(found.facts.material_leeway)

    # Shooting Riser Dragon's Level, Battlewasp Wind's Tuner, Underworld Goddess's place, a
    # Rank-Up-Magic's Xyz Summon on its own terms (a Level change with no reset, outside
    # initial_effect, and UpdateLevel's default reset last: lasting_level)
    assert read("e1:SetCode(EFFECT_UPDATE_LEVEL)\ne2:SetCode(EFFECT_CAN_BE_TUNER)\n"
                "e3:SetCode(EFFECT_EXTRA_MATERIAL)\n"
                "Duel.SpecialSummon(sc,SUMMON_TYPE_XYZ,tp,tp,false,false,POS_FACEUP)") == [
        "level", "tuner", "place", "xyz_summon", "lasting_level"]
    assert read("tk:SetValue(TYPE_TUNER)\nc:UpdateLevel(-1)") == ["level", "tuner",
                                                                   "lasting_level"]
    # a check that the monster could be so Summoned, a comment: nothing
    assert read("c:IsCanBeSpecialSummoned(e,SUMMON_TYPE_XYZ,tp,false,false)\n"
                "--e1:SetCode(EFFECT_CHANGE_LEVEL)") == []


def test_an_effect_that_special_summons_a_gemini_monster_with_its_effects(built: Any) -> None:
    # its operation Special Summons and calls EnableGeminiStatus (here in a helper)
    # by the card's activation (a Trap's EFFECT_TYPE_ACTIVATE), which resolving gives it
    assert facts(built, 168) == {"gives_gemini_status": True,
                                 "gives_gemini_status_by": ["activation"]}
    assert "EnableGeminiStatus" in built.details["168"]["sources"]["gives_gemini_status"]


def test_an_effect_that_lessens_tributes_for_the_turn(built: Any) -> None:
    assert facts(built, 169)["lessens_tributes"] == {"race": "Dragon"}
    # by its ignition effect, not by the Field Spell's activation
    assert facts(built, 169)["lessens_tributes_by"] == [0]
    assert "s.tg" in built.details["169"]["sources"]["lessens_tributes"]
    # lowering Tributes while face-up is the card's own Field effect, not a resolution's
    assert "lessens_tributes" not in facts(built, 170)
