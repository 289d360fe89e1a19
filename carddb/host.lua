-- Stand-ins for the C side of EDOPro's scripting API (Card, Effect, Duel, Group, Debug), so that
-- the community's card scripts (ProjectIgnis/CardScripts) run their initial_effect here and tell
-- us what each card registers. Nothing is judged in Lua: every call is recorded and the Python
-- side (carddb/facts.py and the readings it runs) reads the record. This file is ours; no script
-- code is copied into it.
--
-- Unknown functions return STUB, a value that every operation accepts (call, index,
-- arithmetic, comparison), so scripts run to the end of initial_effect whatever they ask.

local STUB
local stub_mt = {}
STUB = setmetatable({}, stub_mt)
local function give_stub() return STUB end
stub_mt.__index = function(_, key)
	if type(key) == "number" then return nil end -- ipairs() over a stub ends at once
	return STUB
end
stub_mt.__newindex = function() end
stub_mt.__call = give_stub
-- Arithmetic on a stand-in gives a number: scripts use such results as loop bounds.
local function give_one() return 1 end
for _, op in ipairs({"__add", "__sub", "__mul", "__div", "__mod", "__pow", "__unm", "__idiv",
		"__band", "__bor", "__bxor", "__shl", "__shr", "__bnot"}) do
	stub_mt[op] = give_one
end
stub_mt.__concat = function(a, b)
	return (type(a) == "string" and a or "") .. (type(b) == "string" and b or "")
end
stub_mt.__len = function() return 1 end
stub_mt.__lt = function() return true end
stub_mt.__le = function() return true end
stub_mt.__eq = function() return false end
stub_mt.__tostring = function() return "STUB" end

-- What the current card registers; reset by begin_card().
REC = nil
local in_operation = false -- true while an effect's operation runs (dynamic registrations)

-- An argument as the record keeps it: a scalar as it is, the card itself as "SELF".
function shown_arg(v)
	if type(v) == "number" or type(v) == "string" or type(v) == "boolean" then return v end
	if REC ~= nil and REC.card ~= nil and v == REC.card then return "SELF" end
	return nil
end

local function record_call(name, args)
	if REC == nil then return end
	local calls = in_operation and REC.op_calls or REC.calls
	calls[#calls + 1] = {name = name, args = args}
end

-- A table whose missing functions are recorded and answer STUB. The C side's functions are
-- named in CamelCase; any other missing key is nil, as in EDOPro (scripts store their own
-- lower-case fields on card tables and test them against nil).
local function fallback_table(tname, t)
	t = t or {}
	setmetatable(t, {__index = function(self, key)
		if type(key) ~= "string" or not key:match("^%u") then return nil end
		local f = function(...)
			local args = {...}
			local shown = {}
			for i = 1, math.min(select("#", ...), 8) do
				shown[i] = shown_arg(args[i])
			end
			record_call(tname .. "." .. key, shown)
			return STUB
		end
		rawset(self, key, f)
		return f
	end})
	return t
end

-- EDOPro's type() names its objects: "Card", "Effect", "Group" (scripts and helpers rely on
-- it, aux.FunctionWithNamedArgs among them). Ours are tables, so type() says so for them.
local lua_type = type
function type(v)
	local t = lua_type(v)
	if t ~= "table" then return t end
	if rawget(v, "_code") ~= nil then return "Card" end
	if rawget(v, "_effect") ~= nil then return "Effect" end
	if v == STUB then return "Group" end
	return t
end

Card = fallback_table("Card")
Effect = fallback_table("Effect")
Duel = fallback_table("Duel")
Group = fallback_table("Group")
Debug = fallback_table("Debug")

-- Cards ----------------------------------------------------------------------------------
-- A card object is a table whose metatable is its script's table (as EDOPro's are); the
-- script table falls back to Card. Its data comes from the card database being built.
Card.__index = Card
local CARD_DATA = {}

function host_card_data(code, ctype, level, race, attribute, atk, def)
	CARD_DATA[code] = {type = ctype, level = level, race = race, attribute = attribute,
		atk = atk, def = def}
end

local function data_of(c)
	return CARD_DATA[rawget(c, "_code")] or {type = 0, level = 0, race = 0, attribute = 0,
		atk = 0, def = 0}
end

function Card.GetCode(c) return rawget(c, "_code") end
function Card.GetOriginalCode(c) return rawget(c, "_code") end
function Card.GetOriginalCodeRule(c) return rawget(c, "_code") end
function Card.IsCode(c, ...)
	for _, code in ipairs({...}) do
		if code == rawget(c, "_code") then return true end
	end
	return false
end
function Card.IsOriginalCode(c, ...) return Card.IsCode(c, ...) end
function Card.GetType(c) return data_of(c).type end
function Card.GetOriginalType(c) return data_of(c).type end
function Card.IsType(c, t) return (data_of(c).type & t) ~= 0 end
function Card.IsOriginalType(c, t) return (data_of(c).type & t) ~= 0 end
function Card.IsExactType(c, t) return (data_of(c).type & t) == t end
function Card.GetLevel(c) return data_of(c).level end
function Card.GetOriginalLevel(c) return data_of(c).level end
function Card.GetRank(c) return data_of(c).level end
function Card.GetLink(c) return data_of(c).level end
function Card.GetRace(c) return data_of(c).race end
function Card.GetOriginalRace(c) return data_of(c).race end
function Card.GetAttribute(c) return data_of(c).attribute end
function Card.GetOriginalAttribute(c) return data_of(c).attribute end
function Card.GetBaseAttack(c) return data_of(c).atk end
function Card.GetBaseDefense(c) return data_of(c).def end
function Card.GetTextAttack(c) return data_of(c).atk end
function Card.GetTextDefense(c) return data_of(c).def end
function Card.GetAttack(c) return data_of(c).atk end
function Card.GetDefense(c) return data_of(c).def end
function Card.GetControler(c) return 0 end
function Card.GetOwner(c) return 0 end
function Card.GetMetatable(c) return getmetatable(c) end
function Card.GetFlagEffect() return 0 end
-- A card whose initial_effect runs has no status yet: in particular it is not copying another
-- card's effects (STATUS_COPYING_EFFECT), which the procedure helpers test before registering
-- (Fusion.AddContactProc's Special Summon from the Extra Deck among them).
function Card.IsStatus() return false end
function Card.GetFlagEffectLabel() return nil end

function Card.RegisterEffect(c, e, forced)
	if REC == nil then return 0 end
	local list = in_operation and REC.op_effects or REC.effects
	if rawget(c, "_code") ~= REC.code then list = REC.op_effects end
	rawset(e, "_on_card", true)
	list[#list + 1] = e
	return 1
end

local function flag(name)
	return function(c, ...)
		if REC ~= nil and not in_operation then
			REC.flags[#REC.flags + 1] = {name = name, args = {...}}
		end
	end
end
Card.EnableReviveLimit = flag("revive_limit")
Card.EnableUnsummonable = flag("unsummonable")
Card.EnableCounterPermit = flag("counter_permit")
Card.SetCounterLimit = flag("counter_limit")
Card.SetUniqueOnField = flag("unique_on_field")
Card.SetSPSummonOnce = flag("special_summon_once")
Card.AddMonsterAttribute = flag("trap_monster")
Card.EnableGeminiState = flag("gemini_state")
Card.RegisterFlagEffect = function() return STUB end

-- Effects --------------------------------------------------------------------------------
local effect_mt = {}
effect_mt.__index = function(e, key)
	local f = rawget(Effect, key)
	if f ~= nil then return f end
	return Effect[key] -- recorded fallback
end

local function new_effect(owner)
	local e = setmetatable({_effect = true, _owner = owner, type = 0, code = 0, range = 0, property = 0,
		count = nil, count_code = nil, category = 0, reset = nil, reset_count = nil}, effect_mt)
	if REC ~= nil then REC.created = REC.created + 1 end
	return e
end

function Effect.CreateEffect(c) return new_effect(c) end
function Effect.GlobalEffect() return new_effect(nil) end

local function setter(field)
	return function(e, v, ...)
		rawset(e, field, v)
		return e
	end
end
Effect.SetType = setter("type")
Effect.SetCode = setter("code")
Effect.SetRange = setter("range")
Effect.SetCategory = setter("category")
Effect.SetValue = setter("value")
Effect.SetCondition = setter("condition")
Effect.SetCost = setter("cost")
Effect.SetTarget = setter("target")
Effect.SetOperation = setter("operation")
Effect.SetLabelObject = setter("label_object")
Effect.SetTargetRange = setter("target_range")
Effect.SetHintTiming = setter("hint")
function Effect.SetProperty(e, p, p2) rawset(e, "property", p or 0); return e end
function Effect.SetDescription(e, d) rawset(e, "description", d); return e end
-- A count limit: its number of uses, its code (a number, or {code, n}: the n-th limit of
-- that code) and its flags (EFFECT_COUNT_CODE_OATH, _DUEL, _SINGLE, _CHAIN).
function Effect.SetCountLimit(e, n, code, flags)
	rawset(e, "count", n)
	if lua_type(code) == "table" then
		rawset(e, "count_code", code[1])
		rawset(e, "count_index", code[2])
	else
		rawset(e, "count_code", code)
	end
	rawset(e, "count_flags", flags)
	return e
end
function Effect.SetReset(e, r, n) rawset(e, "reset", r); rawset(e, "reset_count", n); return e end
function Effect.SetLabel(e, ...) rawset(e, "label", ({...})[1]); return e end
function Effect.GetLabel(e) return rawget(e, "label") or 0 end
function Effect.GetLabelObject(e) return rawget(e, "label_object") end
function Effect.GetType(e) return rawget(e, "type") end
function Effect.GetCode(e) return rawget(e, "code") end
function Effect.GetRange(e) return rawget(e, "range") end
function Effect.GetProperty(e) return rawget(e, "property") end
function Effect.GetValue(e) return rawget(e, "value") end
function Effect.GetCondition(e) return rawget(e, "condition") end
function Effect.GetTarget(e) return rawget(e, "target") end
function Effect.GetOperation(e) return rawget(e, "operation") end
function Effect.GetCost(e) return rawget(e, "cost") end
function Effect.GetHandler(e) return rawget(e, "_owner") or STUB end
function Effect.GetOwner(e) return rawget(e, "_owner") or STUB end
function Effect.GetHandlerPlayer() return 0 end
function Effect.GetOwnerPlayer() return 0 end
function Effect.IsHasType(e, t) return (rawget(e, "type") & t) ~= 0 end
function Effect.IsHasProperty(e, p) return ((rawget(e, "property") or 0) & p) ~= 0 end
function Effect.IsHasCategory(e, c) return ((rawget(e, "category") or 0) & c) ~= 0 end
function Effect.Clone(e)
	local copy = new_effect(rawget(e, "_owner"))
	for k, v in pairs(e) do
		if k ~= "_on_card" and k ~= "_index" and k ~= "_from" and k ~= "_queued" then
			rawset(copy, k, v)
		end
	end
	return copy
end
function Effect.Reset() end

-- The duel -------------------------------------------------------------------------------
local LIBRARIES = {} -- file name -> source, given by the Python side
local LOADED = {}

function host_library(name, source) LIBRARIES[name] = source end

function Duel.LoadScript(name)
	if LOADED[name] then return true end
	local source = LIBRARIES[name]
	if source == nil then
		record_call("Duel.LoadScript", {name})
		return false
	end
	LOADED[name] = true
	local chunk, err = load(source, "@" .. name, "t")
	if chunk == nil then error(err) end
	chunk()
	return true
end

function Duel.RegisterEffect(e, p)
	if REC == nil then return end
	local list = REC.op_effects
	if not in_operation then list = REC.global_effects end
	list[#list + 1] = e
end
function Duel.GetFlagEffect() return 0 end
function Duel.GetTurnCount() return 1 end
function Duel.GetTurnPlayer() return 0 end
function Duel.IsDuelType() return false end
function Duel.GetMasterRule() return 5 end
function Duel.IsExistingMatchingCard() return true end
function Duel.GetLocationCount() return 1 end
function Duel.GetMatchingGroupCount() return 1 end
function Duel.GetFieldGroupCount() return 1 end
function Duel.IsChainSolving() return false end
function Duel.GetCurrentChain() return 0 end
function Duel.GetReasonEffect() return nil end

-- Group: a group is a stub whose iteration ends at once.
function Group.CreateGroup() return STUB end
function Group.FromCards() return STUB end

-- Loading one card script -----------------------------------------------------------------
function begin_card(code)
	REC = {code = code, effects = {}, op_effects = {}, global_effects = {}, flags = {},
		calls = {}, op_calls = {}, created = 0}
	local name = "c" .. code
	local t = {}
	_G[name] = t
	setmetatable(t, Card)
	rawset(t, "__index", t)
	self_table = t
	self_code = code
	return t
end

function run_card(code, source, chunkname)
	local t = begin_card(code)
	local chunk, err = load(source, "@" .. chunkname, "t")
	if chunk == nil then return false, "syntax: " .. tostring(err) end
	local ok, msg = pcall(chunk)
	if not ok then return false, "load: " .. tostring(msg) end
	local init = rawget(t, "initial_effect")
	if init == nil then
		local base = rawget(t, "__index")
		if base ~= nil and base ~= t then init = base.initial_effect end
	end
	if init == nil then return true, "no initial_effect" end
	local card = setmetatable({_code = code}, t)
	REC.card = card
	ok, msg = pcall(init, card)
	if not ok then return false, "initial_effect: " .. tostring(msg) end
	return true, nil
end

-- Run each registered effect's operation with stand-in arguments, to see what it registers
-- in its turn (an additional Normal Summon, an extra attack, a skipped Draw Phase...). A
-- budget of instructions stops a loop that stand-ins cannot end. What an operation registers
-- (a delayed effect: "during the End Phase of this turn, ...") is run in its turn too, up to
-- MAX_RUN effects a card, each credited to the card's own effect it came from.
local MAX_RUN = 64
function run_operations(budget)
	local done = {}
	local list = {}
	for n, e in ipairs(REC.effects) do
		list[#list + 1] = e
		rawset(e, "_index", n - 1)
	end
	local i = 1
	while i <= #list do
		local e = list[i]
		i = i + 1
		for _, key in ipairs({"operation", "target"}) do
			local f = rawget(e, key)
			if type(f) == "function" and not done[f] then
				done[f] = true
				in_operation = true
				REC.current = e
				debug.sethook(function() error("budget spent", 2) end, "", budget)
				local ok = pcall(f, e, 0, STUB, 0, 0, STUB, 0, 0, 1, STUB)
				debug.sethook()
				in_operation = false
				for _, d in ipairs(REC.op_effects) do
					if rawget(d, "_from") == nil then rawset(d, "_from", rawget(e, "_index")) end
				end
				for _, call in ipairs(REC.op_calls) do
					if call.from == nil then call.from = rawget(e, "_index") end
				end
			end
		end
		for _, d in ipairs(REC.op_effects) do
			if not rawget(d, "_queued") and #list < MAX_RUN then
				rawset(d, "_queued", true)
				rawset(d, "_index", rawget(d, "_from"))
				list[#list + 1] = d
			end
		end
	end
	REC.current = nil
end

-- Where a function is written: the chunk's name and its first and last lines.
function where_defined(f)
	if type(f) ~= "function" then return nil end
	local info = debug.getinfo(f, "S")
	return {source = info.source, first = info.linedefined, last = info.lastlinedefined}
end

-- A field of an effect as it was set (never a fallback function).
function field_of(e, key) return rawget(e, key) end

-- Watch the procedure helpers of EDOPro's libraries (aux.AddNormalSummonProcedure,
-- Gemini.AddProcedure, Synchro.AddProcedure...): each call is recorded with its scalar
-- arguments before the helper runs as written.
function watch_helpers()
	local tables = {Auxiliary = Auxiliary, Gemini = Gemini, Spirit = Spirit, Pendulum = Pendulum,
		Synchro = Synchro, Xyz = Xyz, Link = Link, Fusion = Fusion, Ritual = Ritual, Card = Card}
	for tname, t in pairs(tables) do
		if type(t) == "table" then
			for key, f in pairs(t) do
				if type(key) == "string" and type(f) == "function" and
						(key:sub(1, 3) == "Add" or key:sub(1, 6) == "Enable") and
						rawget(t, key) == f then
					local name = tname .. "." .. key
					rawset(t, key, function(...)
						local args = {...}
						local shown = {}
						for i = 1, math.min(select("#", ...), 8) do shown[i] = shown_arg(args[i]) end
						record_call(name, shown)
						return f(...)
					end)
				end
			end
		end
	end
end
