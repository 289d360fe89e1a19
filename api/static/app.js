// duelcheck playground: validate a duel step by step, see the board, take a quiz.
// Plain JavaScript, no library: every call goes to this service's own API.

const $ = (id) => document.getElementById(id);
const PHASES = { draw: "Draw Phase", standby: "Standby Phase", main1: "Main Phase 1",
  battle: "Battle Phase", main2: "Main Phase 2", end: "End Phase" };
const VERBS = { draw: "draws", phase: "enters the", end_turn: "ends the turn",
  normal_summon: "Normal Summons", set_monster: "Sets", flip_summon: "Flip Summons",
  change_position: "changes the position of", special_summon: "Special Summons",
  quick_summon: "Quick Summons", set_spell_trap: "Sets", activate: "activates",
  resolve: "resolves the chain", phase_effect: "resolves the phase effect of",
  declare_attack: "attacks with", take_control: "takes control of", destroy: "destroys",
  move: "moves", discard: "discards", damage: "loses", gain_lp: "gains",
  surrender: "surrenders" };

async function api(path, body) {
  const options = body === undefined ? {} : { method: "POST", body,
    headers: { "Content-Type": "application/json" } };
  const response = await fetch(path, options);
  return { status: response.status, body: await response.json() };
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value; else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function cardName(cards, id) {
  if (id === null || id === undefined) return "an unknown card";
  const card = cards[id];
  return card && card.name ? `${card.name} (${id})` : id;
}

export function describe(action, cards) {
  const who = action.player;
  const card = action.card ? " " + cardName(cards, action.card) : "";
  switch (action.type) {
    case "phase": return `${who} enters the ${PHASES[action.to]}`;
    case "draw": return `${who} draws${action.card ? card : ""}${action.by_effect ? " (by an effect)" : ""}`;
    case "damage": case "gain_lp": return `${who} ${VERBS[action.type]} ${action.amount} LP`;
    case "declare_attack": return `${who} attacks with${card} → ${action.target ? cardName(cards, action.target) : "directly"}`;
    case "change_position": return `${who} changes${card} to ${action.to}${action.by_effect ? " (by an effect)" : ""}`;
    case "move": return `${who} moves${card} to ${action.to}`;
    default: {
      let text = `${who} ${VERBS[action.type] || action.type}${card}`;
      if (action.tributes && action.tributes.length) text += ` tributing ${action.tributes.map((t) => cardName(cards, t)).join(", ")}`;
      if (action.respond) text += " in response";
      if (action.target && action.type === "activate") text += ` on ${cardName(cards, action.target)}`;
      return text;
    }
  }
}

// Turn and phase of each step, as the actions themselves move them.
function timeline(doc) {
  let turn = doc.turn || 1, player = doc.turn_player || "p1", phase = "draw";
  return (doc.actions || []).map((action) => {
    const at = { turn, player, phase };
    if (action.type === "phase") phase = action.to;
    if (action.type === "end_turn") { turn += 1; player = player === "p1" ? "p2" : "p1"; phase = "draw"; }
    return at;
  });
}

function renderBoard(target, state, cards) {
  target.replaceChildren();
  for (const p of ["p1", "p2"]) {
    const side = state.players[p];
    const list = (ids) => ids.length ? ids.map((c) => cardName(cards, c)).join(", ") : "none";
    const zone = (entries, f) => entries.length ? entries.map(f).join(", ") : "none";
    const dl = el("dl", {},
      el("dt", {}, "Life Points"), el("dd", {}, String(side.lp)),
      el("dt", {}, "Deck"), el("dd", {}, `${side.deck} cards`),
      el("dt", {}, "Hand"), el("dd", {}, list(side.hand)),
      el("dt", {}, "Monsters"), el("dd", {}, zone(side.monsters, (m) => `${cardName(cards, m.card)}: ${m.position.replace("_", " ")}`)),
      el("dt", {}, "Spells & Traps"), el("dd", {}, zone(side.spell_traps, (s) => `${cardName(cards, s.card)}${s.face_up ? "" : " (Set)"}`)),
      el("dt", {}, "Graveyard"), el("dd", {}, list(side.graveyard)),
      el("dt", {}, "Banished"), el("dd", {}, list(side.banished)));
    const title = `${p}${state.turn_player === p ? " (turn player)" : ""}`;
    target.append(el("section", { class: "side", "aria-label": title }, el("h3", {}, title), dl));
  }
}

async function renderDiagram(target, phase) {
  const { body } = await api(`/v1/machine?phase=${encodeURIComponent(phase)}`);
  target.innerHTML = body.svg;  // our own server-made SVG
}

async function renderRule(target, ruleId, message) {
  const { body: rule } = await api(`/v1/rules/${encodeURIComponent(ruleId)}`);
  target.replaceChildren(
    el("h3", {}, `${rule.title} (${rule.id})`),
    el("p", {}, el("strong", {}, "What happened: "), message),
    el("p", {}, el("strong", {}, "The rule: "), rule.text),
    el("p", {}, el("strong", {}, "Why: "), rule.why),
    el("p", {}, el("strong", {}, "Source: "), rule.source));
  target.hidden = false;
}

let current = { doc: null, verdict: null };

async function showStep(index) {
  const { doc, verdict } = current;
  for (const button of $("steps").querySelectorAll("button")) button.removeAttribute("aria-current");
  const button = $("steps").querySelector(`button[data-index="${index}"]`);
  if (button) button.setAttribute("aria-current", "step");
  const bad = verdict.violation && verdict.violation.index === index;
  const upto = bad ? index : index + 1;  // an illegal step changes nothing: show the board before it
  const { body } = await api("/v1/validate", JSON.stringify({ ...doc, actions: doc.actions.slice(0, upto) }));
  $("board-title").textContent = bad ? `Board before step ${index} (illegal)` : `Board after step ${index}`;
  renderBoard($("board"), body.state, doc.cards);
  await renderDiagram($("diagram"), body.state.phase);
}

async function validateDoc() {
  $("rule").hidden = true;
  let doc;
  try { doc = JSON.parse($("doc").value); } catch (error) {
    $("summary").className = "summary illegal";
    $("summary").textContent = `Not valid JSON: ${error.message}`;
    return;
  }
  const { status, body } = await api("/v1/validate", JSON.stringify(doc));
  $("steps").replaceChildren();
  if (status !== 200) {
    $("summary").className = "summary illegal";
    const errors = body.errors ? " " + JSON.stringify(body.errors) : "";
    $("summary").textContent = `${body.title}: ${body.detail}${errors}`;
    return;
  }
  current = { doc, verdict: body };
  const v = body.violation;
  const ended = body.outcome ? ` ${body.outcome.winner} won by ${body.outcome.reason.replace("_", " ")}.` : "";
  $("summary").className = `summary ${body.legal ? "legal" : "illegal"}`;
  $("summary").textContent = body.legal ? `Legal: all ${body.actions_checked} actions.${ended}`
    : `Illegal at step ${v.index} (turn ${v.turn}, ${PHASES[v.phase]}): ${v.rule}`;
  const times = timeline(doc);
  let heading = "";
  doc.actions.forEach((action, i) => {
    const at = times[i];
    const label = `Turn ${at.turn} (${at.player}), ${PHASES[at.phase]}`;
    if (label !== heading) { heading = label; $("steps").append(el("li", { class: "heading" }, label)); }
    const classes = v && v.index === i ? "illegal" : v && i > v.index ? "unchecked" : "";
    const note = v && v.index === i ? " (illegal)" : v && i > v.index ? " (not checked)" : "";
    const button = el("button", { class: classes, "data-index": String(i) }, `${i}. ${describe(action, doc.cards)}${note}`);
    button.addEventListener("click", () => showStep(i));
    $("steps").append(el("li", {}, button));
  });
  if (v) await renderRule($("rule"), v.rule, v.message);
  if (doc.actions.length) await showStep(v ? v.index : doc.actions.length - 1);
  else { renderBoard($("board"), body.state, doc.cards); await renderDiagram($("diagram"), body.state.phase); }
}

let quizState = null;

async function newQuiz() {
  const { body: q } = await api(`/v1/quiz?level=${$("level").value}`);
  quizState = q;
  $("quiz-seed").textContent = `question #${q.seed}`;
  const cards = q.scenario.cards;
  $("quiz-question").replaceChildren(
    el("p", {}, `${q.question} It is turn ${q.state.turn} (${q.state.turn_player}'s), ${PHASES[q.state.phase]}.`),
    el("p", {}, el("strong", {}, "Proposed: "), describe(q.proposed, cards)));
  $("quiz-answers").hidden = false;
  $("quiz-feedback").hidden = true;
  renderBoard($("quiz-board"), q.state, cards);
  await renderDiagram($("quiz-diagram"), q.state.phase);
  $("answer-legal").focus();
}

function answerQuiz(saidLegal) {
  const a = quizState.answer;
  const right = saidLegal === a.legal;
  const box = $("quiz-feedback");
  box.className = right ? "rule correct" : "rule";
  const verdict = a.legal ? "The action is legal: no rule forbids it here."
    : `The action is illegal: ${a.title} (${a.rule}).`;
  box.replaceChildren(el("h3", {}, `${right ? "Correct" : "Not quite"}. ${verdict}`));
  if (!a.legal) {
    box.append(el("p", {}, el("strong", {}, "Why it is illegal: "), a.message),
      el("p", {}, el("strong", {}, "The rule: "), a.text),
      el("p", {}, el("strong", {}, "Source: "), a.source));
  }
  box.hidden = false;
  $("quiz-answers").hidden = true;
  $("new-quiz").focus();
}

function selectTab(name) {
  for (const tab of ["validate", "quiz"]) {
    const on = tab === name;
    $(`tab-${tab}`).setAttribute("aria-selected", String(on));
    $(`tab-${tab}`).tabIndex = on ? 0 : -1;
    $(`panel-${tab}`).hidden = !on;
  }
  $(`tab-${name}`).focus();
  if (name === "quiz" && !quizState) newQuiz();
}

async function loadExamples() {
  const { body } = await api("/v1/examples");
  const groups = new Map();
  for (const example of body) {
    const key = example.rule || "how actions change the board";
    if (!groups.has(key)) groups.set(key, el("optgroup", { label: key }));
    groups.get(key).append(el("option", { value: example.id }, `${example.legal ? "legal" : "illegal"}: ${example.name}`));
  }
  for (const group of groups.values()) $("example").append(group);
  $("example").addEventListener("change", () => {
    const example = body.find((e) => e.id === $("example").value);
    if (example) { $("doc").value = JSON.stringify(example.document, null, 2); validateDoc(); }
  });
}

$("validate").addEventListener("click", validateDoc);
$("upload").addEventListener("change", async () => {
  const file = $("upload").files[0];
  if (file) { $("doc").value = await file.text(); validateDoc(); }
});
$("tab-validate").addEventListener("click", () => selectTab("validate"));
$("tab-quiz").addEventListener("click", () => selectTab("quiz"));
for (const tab of document.querySelectorAll("[role=tab]")) {
  tab.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") selectTab(tab.id === "tab-quiz" ? "validate" : "quiz");
  });
}
$("new-quiz").addEventListener("click", newQuiz);
$("answer-legal").addEventListener("click", () => answerQuiz(true));
$("answer-illegal").addEventListener("click", () => answerQuiz(false));
loadExamples();
renderDiagram($("diagram"), "draw");
