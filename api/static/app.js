// The judge's workbench: open a Duelingbook replay or a duel document (upload, drop, paste or
// an example), list its games with their verdicts, and step through one on the board.
// Boards, steps and rules are drawn by board.js (window.duelboard), which the judge's report
// uses too. Every call goes to this service's own API.
import { $, ApiError, api, apiBytes, loadDiagram, markPhase, readAnswer, scrollIntoBox, setStatus } from "./common.js";
import { initPlay, playFrom, stopPlay } from "./play.js";
import { initQuiz } from "./quiz.js";

const board = window.duelboard;
const { el } = board;

// session: {title, replay: bool, games: [{label, players, format, stopped, notes, document,
//           text, steps (POST /v1/steps answer) | null, error | null}], game: index,
//           step: index, asLogged: bool}
// A game's text is what is sent to the service: a document's file exactly as it was read
// (JSON.parse would turn a 5,000-digit number into null and 2.0 into 2, and keep only the
// last of two equal keys: the service would judge another document than the file), an
// imported game's document as the service gave it.
let session = null;
let pendingHash = readHash();
const REPORT_TITLE_LIMIT = 1000; // POST /v1/report's longest title
const rules = new Map();

// -- the URL keeps the game and step: #game=2&step=47 (and example=… for an example) -------
// Steps are numbered as a person counts them, from 1 (session.step is the action's index).
function readHash() {
  return new URLSearchParams(location.hash.slice(1));
}
function writeHash() {
  if (!session) return;
  const params = new URLSearchParams();
  if (session.example) params.set("example", session.example);
  if (session.games.length > 1) params.set("game", String(session.game + 1));
  params.set("step", String(session.step + 1));
  history.replaceState(null, "", "#" + params.toString());
}

// -- opening a duel ------------------------------------------------------------------------
function isReplay(data) {
  return data !== null && typeof data === "object" && !Array.isArray(data) &&
    Array.isArray(data.plays) && !("cards" in data);
}

// A Duelingbook replay's text export ("[0:15] user: Drew a card" lines): the service says
// what it is and what to send instead (validator/importers/duelingbook/textexport.py), in
// one line; null for any other text that is not JSON.
async function textExport(text, title) {
  if ((text.slice(0, 4096).match(/^\[\d{1,3}:\d{2}\] .*?: /gm) || []).length < 3) return null;
  try {
    await api("/v1/import/duelingbook", text);
  } catch (error) {
    const problem = error instanceof ApiError ? error.problem : null;
    if (problem && problem.type === "urn:duelcheck:problem:text-export") {
      return problem.detail.replace(/^The body/, title);
    }
  }
  return null;
}

async function openText(text, title, example = "") {
  const status = $("status");
  let data;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    setStatus(status, (await textExport(text, title)) || `${title} is not JSON: ${error.message}`,
      "error");
    return;
  }
  $("workbench").setAttribute("aria-busy", "true");
  try {
    let games;
    let decks = null;
    const replay = isReplay(data);
    if (replay) {
      setStatus(status, `Importing the Duelingbook replay ${title}…`, "busy");
      const body = await api("/v1/import/duelingbook", text);
      decks = body.deck_check || null;
      games = body.games.map((g) => ({ label: `Game ${g.game}`, players: g.players,
        format: g.format_name, stopped: g.stopped, notes: g.notes, document: g.document,
        text: JSON.stringify(g.document) }));
    } else {
      const source = data && typeof data.source === "object" && data.source ? data.source : {};
      games = [{ label: title, players: source.players || null, format: null,
        stopped: source.stopped || null, notes: Array.isArray(source.notes) ? source.notes : [],
        document: data, text: text.replace(/^\uFEFF/, "") }];
    }
    await openGames(title, games, decks, replay, example);
  } catch (error) {
    setStatus(status, error instanceof ApiError ? error.message : String(error), "error");
  } finally {
    $("workbench").removeAttribute("aria-busy");
  }
}

// An EDOPro replay (.yrpX: a binary file that begins with "yrpX"): its bytes to the service,
// which reads the engine's log into a duel document (docs/edopro.md).
async function openEdopro(bytes, title) {
  const status = $("status");
  $("workbench").setAttribute("aria-busy", "true");
  try {
    setStatus(status, `Importing the EDOPro replay ${title}…`, "busy");
    const body = await apiBytes("/v1/import/edopro", bytes);
    const games = body.games.map((g) => ({ label: `Game ${g.game}`, players: g.players,
      format: `EDOPro ${g.document.source.edopro_version || ""}`.trim(), stopped: g.stopped,
      notes: g.notes, document: g.document, text: JSON.stringify(g.document) }));
    await openGames(title, games, body.deck_check || null, true, "");
  } catch (error) {
    setStatus(status, error instanceof ApiError ? error.message : String(error), "error");
  } finally {
    $("workbench").removeAttribute("aria-busy");
  }
}

async function openGames(title, games, decks, replay, example) {
  const status = $("status");
  setStatus(status, `Judging ${games.length === 1 ? "the duel" : games.length + " games"}…`, "busy");
  await Promise.all(games.map(async (game) => {
    try {
      game.steps = await api("/v1/steps", game.text);
    } catch (error) {
      game.error = error;
    }
  }));
  stopPlay();  // a board of what was open is no longer one to play from (as "Stop playing")
  session = { title, replay, example, games, decks, game: 0, step: 0, asLogged: false };
  const judged = games.filter((g) => g.steps).length;
  setStatus(status, games.length === 1 ? (judged ? `Opened ${title}.` : "")
    : `Opened ${title}: ${games.length} games.`);
  renderGames();
  const wanted = Number(pendingHash.get("game")) - 1;
  openGame(wanted >= 0 && wanted < games.length ? wanted : 0, pendingHash.get("step"));
  pendingHash = new URLSearchParams();
  // the game opened, at the top of the screen: its board above the fold (issue 25, item 11)
  $("workbench").scrollIntoView({ block: "start" });
}

function verdictLine(game) {
  if (game.error) return "could not be judged";
  const v = game.steps.verdict;
  const names = game.players;
  const ended = v.outcome ? `; ${board.who(v.outcome.winner, names)} won by ${v.outcome.reason.replace("_", " ")}` : "";
  const early = board.logEndsEarly(game.document.source, v) ? `; ${board.LOG_ENDS_EARLY}` : "";
  if (v.legal) return `legal (${v.actions_checked} actions${ended}${early})`;
  return `illegal at step ${v.violation.index + 1}: ${v.violation.rule}`;
}

function renderGames() {
  const box = $("games-box");
  const list = $("games");
  list.replaceChildren();
  box.hidden = false;
  $("games-title").textContent = session.replay ? `Games of ${session.title}` : session.title;
  const first = session.games[0];
  $("match-line").textContent = session.replay
    ? `${session.games.length} game${session.games.length === 1 ? "" : "s"}${first.format ? ", " + first.format : ""}.`
    : "One duel document.";
  session.games.forEach((game, i) => {
    const players = game.players ? `${board.who("p1", game.players)} vs ${board.who("p2", game.players)}` : "";
    const bad = game.error || (game.steps && !game.steps.verdict.legal);
    const button = el("button", { type: "button", class: `game ${bad ? "bad" : "good"}`, "data-game": i,
      onclick: () => { openGame(i); $("workbench").scrollIntoView({ block: "start" }); } },
      el("span", { class: "game-label" }, game.label), players ? el("span", {}, players) : null,
      el("span", { class: "game-verdict" }, verdictLine(game)),
      game.stopped ? el("span", { class: "tag note" }, "import stopped early") : null);
    list.append(el("li", {}, button));
  });
  $("download").disabled = !session.games.some((g) => g.steps);
  renderDecks();
}

// The deck check of a replay's match (decks.js draws it): beside the games, never part of a
// game's verdict.
function renderDecks() {
  const old = $("deck-check");
  if (old) old.remove();
  if (!session.decks || !window.duelcheckDecks) return;
  const box = el("div", { id: "deck-check" }, window.duelcheckDecks.renderDeckCheck(session.decks));
  $("download").before(box);
}

function openGame(index, step = null) {
  if (index !== session.game) stopPlay();  // another game: its play is not this one's
  session.game = index;
  session.asLogged = false;
  const game = session.games[index];
  for (const button of $("games").querySelectorAll("button")) {
    if (Number(button.dataset.game) === index) button.setAttribute("aria-current", "true");
    else button.removeAttribute("aria-current");
  }
  $("workbench").hidden = false;
  $("game-title").textContent = game.players
    ? `${game.label}: ${board.who("p1", game.players)} vs ${board.who("p2", game.players)}${game.format ? " (" + game.format + ")" : ""}`
    : game.label;
  renderNotes(game);
  const summary = $("summary");
  if (game.error) {
    summary.className = "summary illegal";
    summary.textContent = game.error.message;
    for (const id of ["steps", "board", "step-panel"]) $(id).replaceChildren();
    $("rule").hidden = true;
    $("play-here").hidden = true;
    return;
  }
  $("play-here").hidden = false;
  const { verdict } = game.steps;
  const v = verdict.violation;
  const actions = game.document.actions || [];
  summary.className = `summary ${verdict.legal ? "legal" : "illegal"}`;
  const early = board.logEndsEarly(game.document.source, verdict)
    ? ` ${board.LOG_ENDS_EARLY[0].toUpperCase()}${board.LOG_ENDS_EARLY.slice(1)}.` : "";
  summary.textContent = verdict.legal
    ? `Legal: all ${verdict.actions_checked} actions. ${board.outcomeText(verdict.outcome, game.players)}${early}`
    : `Illegal at step ${v.index + 1} (turn ${v.turn}, ${board.phaseName(v.phase)}, ${board.who(v.player, game.players)}): ${v.rule}. ${board.namePlayers(v.message, game.players)}`;
  game.places = board.stepPlaces(actions, game.steps.states, verdict.state);
  board.renderSteps($("steps"), actions, ctxOf(game), { violation: v, places: game.places,
    onSelect: (i) => goTo(i, true) });
  renderTurns(game);
  $("slider").max = String(Math.max(actions.length - 1, 0));
  $("slider").disabled = actions.length < 2;
  $("to-violation").hidden = !v;
  renderRule(v, game.players);
  const wanted = step === null || step === undefined ? NaN : Number(step) - 1;
  const start = Number.isInteger(wanted) && wanted >= 0 && wanted < actions.length ? wanted
    : v ? v.index : Math.max(actions.length - 1, 0);
  goTo(start, false);
}

function renderNotes(game) {
  const box = $("import-notes");
  box.replaceChildren();
  const notes = [...(game.stopped ? [game.stopped] : []), ...(game.notes || [])];
  if (!notes.length) return;
  box.append(el("details", { class: "notes" },
    el("summary", {}, `The importer's notes (${notes.length})`),
    el("ul", {}, notes.map((n) => el("li", {}, ...board.noteParts(n))))));
}

// A phone's width (style.css and board.css lay the workbench out for it at the same width).
const PHONE = window.matchMedia("(max-width: 640px)");

// The rule broken, its "What happened" with the players' usernames as the headline has them.
async function renderRule(violation, names) {
  const box = $("rule");
  if (!violation) { box.hidden = true; return; }
  try {
    if (!rules.has(violation.rule)) rules.set(violation.rule, await api(`/v1/rules/${encodeURIComponent(violation.rule)}`));
    box.replaceChildren(board.renderRule(rules.get(violation.rule),
      board.namePlayers(violation.message, names), { collapsed: PHONE.matches }));
  } catch (error) {
    box.replaceChildren(el("p", { class: "status error" }, `The rule ${violation.rule} could not be loaded: ${error.message}`));
  }
  box.hidden = false;
}

function renderTurns(game) {
  const select = $("turn-select");
  select.replaceChildren();
  let last = null;
  game.places.forEach((at, i) => {
    if (!at || at.turn === last) return;
    last = at.turn;
    select.append(el("option", { value: i }, `Turn ${at.turn}: ${board.shortWho(at.player, game.players)}`));
  });
  select.disabled = select.options.length < 2;
}

function ctxOf(game, prefix = "bench") {
  // the cards as judged (a card given by passcode only has its name from the database)
  const cards = (game.steps && game.steps.cards) || game.document.cards || {};
  return { cards, names: game.players, idPrefix: prefix };
}

// -- moving through a game -----------------------------------------------------------------
function currentGame() {
  return session && session.games[session.game];
}

function goTo(index, focus) {
  const game = currentGame();
  if (!game || !game.steps) return;
  const actions = game.document.actions || [];
  if (!actions.length) { showBoard(game, -1); return; }
  const i = Math.min(Math.max(index, 0), actions.length - 1);
  if (i !== session.step) session.asLogged = false;
  session.step = i;
  const list = $("steps");
  let target = null;
  for (const button of list.querySelectorAll("button.step")) {
    const on = Number(button.dataset.index) === i;
    button.tabIndex = on ? 0 : -1;
    if (on) { button.setAttribute("aria-current", "step"); target = button; } else button.removeAttribute("aria-current");
  }
  scrollIntoBox($("steps-box"), target);
  if (focus && target) target.focus({ preventScroll: true });
  $("slider").value = String(i);
  const v = game.steps.verdict.violation;
  $("slider").setAttribute("aria-valuetext", `Step ${i + 1} of ${actions.length}${v && v.index === i ? ", the illegal step" : ""}`);
  const turnOptions = [...$("turn-select").options];
  const turn = turnOptions.filter((o) => Number(o.value) <= i).pop();
  if (turn) $("turn-select").value = turn.value;
  $("prev").disabled = $("first").disabled = i === 0;
  $("next").disabled = $("last").disabled = i === actions.length - 1;
  showStep(game, i);
  showBoard(game, i);
  writeHash();
}

function showStep(game, i) {
  const action = game.document.actions[i];
  const v = game.steps.verdict.violation;
  const status = v && v.index === i ? "illegal" : v && i > v.index ? "unchecked" : "";
  const total = game.document.actions.length;
  $("step-panel").replaceChildren(
    el("p", { class: "step-where" }, `Step ${i + 1} of ${total}`),
    el("div", { class: `step current ${status}` }, board.stepContent(action, i, ctxOf(game), status)));
}

function showBoard(game, i) {
  const { verdict, states, ended_at: endedAt, attempted } = game.steps;
  const v = verdict.violation;
  let state;
  let title;
  const logged = $("as-logged");
  logged.hidden = !(v && i === v.index && attempted);
  if (i < 0) {
    state = states[0]; title = "The board at the start";
  } else if (v && i === v.index && session.asLogged && attempted) {
    state = attempted; title = `Board after step ${i + 1} as the log has it: the rules do not allow it`;
  } else if (v && i === v.index) {
    state = verdict.state; title = `Board before step ${i + 1}: this step is illegal, so it changes nothing`;
  } else if (v && i > v.index) {
    state = verdict.state; title = `Step ${i + 1} is after the first illegal step (${v.index + 1}) and is not judged: the board before step ${v.index + 1}`;
  } else {
    state = states[i + 1]; title = `Board after step ${i + 1}`;
  }
  // "Play from here" starts from a board the rules reached (never the one as the log has it)
  game.playFrom = { state: state === attempted ? verdict.state : state,
    label: i < 0 ? "the start of the game" : v && i >= v.index
      ? `the board before step ${v.index + 1}` : `the board after step ${i + 1}` };
  logged.setAttribute("aria-pressed", String(Boolean(session.asLogged)));
  logged.textContent = session.asLogged ? "Show the board before the illegal step" : "Show the board as the log has it";
  const shownIndex = v && i >= v.index ? v.index : i + 1;
  const over = endedAt !== null && endedAt !== undefined && shownIndex >= endedAt;
  $("board-title").textContent = title;
  const again = focusedPile();
  $("board").replaceChildren(board.renderBoard(state, { ...ctxOf(game), outcome: over ? verdict.outcome : null }));
  if (again) again();
  markPhase($("diagram"), state.phase);
}

// A pile button of the board that has the focus: a function that focuses the same pile of
// the redrawn board (the keys move through steps with the focus anywhere outside a field).
function focusedPile() {
  const active = document.activeElement;
  if (!active || !$("board").contains(active)) return null;
  const pile = [...active.classList].find((c) => c.startsWith("pile-"));
  const side = active.closest(".mat.top") ? "top" : "bottom";
  return () => {
    const same = pile && $("board").querySelector(`.mat.${side} .${pile}`);
    if (same) same.focus({ preventScroll: true });
  };
}

function step(delta) {
  if (currentGame()) goTo(session.step + delta, document.activeElement && document.activeElement.classList.contains("step"));
}

function onKey(event) {
  if (!session || $("panel-validate").hidden || $("workbench").hidden) return;
  if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
  const target = event.target;
  // (the play section has its own buttons: the keys there do not move the game's steps)
  if (target.closest && target.closest("input, textarea, select, [role=tab], dialog, summary, #play")) return;
  const inList = target.closest && target.closest("#steps");
  const game = currentGame();
  if (!game || !game.steps) return;
  const last = (game.document.actions || []).length - 1;
  const moves = { ArrowRight: 1, j: 1, ArrowLeft: -1, k: -1 };
  if (inList) Object.assign(moves, { ArrowDown: 1, ArrowUp: -1 });
  let to = null;
  if (event.key in moves) to = session.step + moves[event.key];
  else if (event.key === "Home") to = 0;
  else if (event.key === "End") to = last;
  else if (event.key === "v" && game.steps.verdict.violation) to = game.steps.verdict.violation.index;
  if (to === null) return;
  event.preventDefault();
  goTo(to, Boolean(inList));
}

// -- the judge's report --------------------------------------------------------------------
async function downloadReport() {
  const status = $("download-status");
  // The games' texts as they were judged (not re-serialised), the title within the
  // service's limit (a file name may be longer).
  const games = session.games.filter((g) => !g.error).map((g) => g.text);
  const title = session.title.slice(0, REPORT_TITLE_LIMIT);
  setStatus(status, "Preparing the report…", "busy");
  try {
    const response = await fetch("/v1/report", { method: "POST", headers: { "Content-Type": "application/json" },
      body: `{"title": ${JSON.stringify(title)}, "games": [${games.join(", ")}]` +
        `${session.decks ? `, "deck_check": ${JSON.stringify(session.decks)}` : ""}}` });
    if (!response.ok || !(response.headers.get("Content-Type") || "").startsWith("text/html")) {
      await readAnswer(response, "/v1/report");
      throw new ApiError("The report could not be made.");
    }
    const blob = await response.blob();
    const disposition = response.headers.get("Content-Disposition") || "";
    const match = /filename="([^"]+)"/.exec(disposition);
    const link = el("a", { href: URL.createObjectURL(blob), download: match ? match[1] : "duelcheck-report.html" });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    setStatus(status, `Report saved: ${link.download}`);
  } catch (error) {
    setStatus(status, error.message, "error");
  }
}

// -- input: upload, drop, paste, examples --------------------------------------------------
async function readFile(file) {
  if (!file) return;
  $("doc").value = "";
  try {
    const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
    const magic = String.fromCharCode(...head);
    if (magic === "yrpX" || magic === "yrp1") {
      await openEdopro(await file.arrayBuffer(), file.name);
      return;
    }
    await openText(await file.text(), file.name);
  } catch (error) {
    setStatus($("status"), `${file.name} could not be read: ${error.message}`, "error");
  }
}

function wireDrop() {
  const zone = $("drop");
  const stop = (event) => { event.preventDefault(); event.stopPropagation(); };
  for (const name of ["dragenter", "dragover"]) {
    zone.addEventListener(name, (event) => { stop(event); zone.classList.add("over"); });
  }
  zone.addEventListener("dragleave", (event) => { stop(event); zone.classList.remove("over"); });
  zone.addEventListener("drop", (event) => {
    stop(event);
    zone.classList.remove("over");
    const file = event.dataTransfer && event.dataTransfer.files[0];
    if (file) readFile(file);
    else if (event.dataTransfer && event.dataTransfer.getData("text")) {
      openText(event.dataTransfer.getData("text"), "dropped text");
    }
  });
}

async function loadExamples() {
  let examples;
  try {
    examples = await api("/v1/examples");
  } catch (error) {
    setStatus($("status"), `The examples could not be loaded: ${error.message}`, "error");
    return;
  }
  const groups = new Map();
  for (const example of examples) {
    const key = example.rule || "how actions change the board";
    if (!groups.has(key)) groups.set(key, el("optgroup", { label: key }));
    groups.get(key).append(el("option", { value: example.id }, `${example.legal ? "legal" : "illegal"}: ${example.name}`));
  }
  for (const group of groups.values()) $("example").append(group);
  const pick = (id) => {
    const example = examples.find((e) => e.id === id);
    if (!example) return;
    $("example").value = id;
    $("doc").value = JSON.stringify(example.document, null, 2);
    openText($("doc").value, `Example: ${example.name}`, id);
  };
  $("example").addEventListener("change", () => pick($("example").value));
  if (pendingHash.get("example")) pick(pendingHash.get("example"));
}

function selectTab(name, focus = true) {
  for (const tab of ["validate", "quiz"]) {
    const on = tab === name;
    $(`tab-${tab}`).setAttribute("aria-selected", String(on));
    $(`tab-${tab}`).tabIndex = on ? 0 : -1;
    $(`panel-${tab}`).hidden = !on;
  }
  if (focus) $(`tab-${name}`).focus();
  if (name === "quiz") quiz.open();
}

const quiz = initQuiz();
initPlay();
$("validate").addEventListener("click", () => openText($("doc").value, "the pasted JSON"));
$("upload").addEventListener("change", () => readFile($("upload").files[0]));
$("download").addEventListener("click", downloadReport);
$("first").addEventListener("click", () => goTo(0));
$("prev").addEventListener("click", () => step(-1));
$("next").addEventListener("click", () => step(1));
$("last").addEventListener("click", () => goTo(Infinity));
$("to-violation").addEventListener("click", () => {
  const v = currentGame() && currentGame().steps && currentGame().steps.verdict.violation;
  if (v) goTo(v.index);
});
$("as-logged").addEventListener("click", () => {
  session.asLogged = !session.asLogged;
  showBoard(currentGame(), session.step);
});
$("play-here").addEventListener("click", () => {
  const game = currentGame();
  if (!game || !game.playFrom) return;
  playFrom({ cards: game.document.cards || {}, names: game.players, ...game.playFrom });
});
$("slider").addEventListener("input", () => goTo(Number($("slider").value)));
$("turn-select").addEventListener("change", () => goTo(Number($("turn-select").value)));
$("tab-validate").addEventListener("click", () => selectTab("validate"));
$("tab-quiz").addEventListener("click", () => selectTab("quiz"));
for (const tab of document.querySelectorAll("[role=tab]")) {
  tab.addEventListener("keydown", (event) => {
    if (["ArrowRight", "ArrowLeft", "Home", "End"].includes(event.key)) {
      event.preventDefault();
      selectTab(tab.id === "tab-quiz" ? "validate" : "quiz");
    }
  });
}
document.addEventListener("keydown", onKey);
window.addEventListener("hashchange", () => {
  const hash = readHash();
  const game = currentGame();
  if (!game || !hash.has("step")) return;
  const wanted = Number(hash.get("game") || 1) - 1;
  if (wanted !== session.game && session.games[wanted]) openGame(wanted, hash.get("step"));
  else if (Number(hash.get("step")) - 1 !== session.step) goTo(Number(hash.get("step")) - 1);
});
wireDrop();
loadDiagram($("diagram"), "bench");
loadExamples();
if (pendingHash.get("tab") === "quiz") selectTab("quiz", false);
