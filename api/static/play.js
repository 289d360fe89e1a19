// "Play from here": a step's board opened as a duel the service holds (POST /v1/duels with the
// board as the document's position), its legal next actions proposed (POST /v1/legal-actions)
// and each action the player picks, or writes, judged by the held duel
// (POST /v1/duels/{id}/actions with expect), so a teacher can let a student try moves from a
// real game's position. The duel is forgotten (DELETE) when play stops, starts elsewhere, or
// the workbench opens anything else; one moved on by another client (409) is read again and
// its legal next actions asked for again.
import { $, ApiError, api, setStatus } from "./common.js";

const board = window.duelboard;
const { el } = board;

// play: {id, held (actions kept), state, cards, names, label, moves: [{action, verdict}]}
let play = null;
let starts = 0;  // the play started last (a start overtaken by another, or a stop, is dropped)

function ctx() {
  return { cards: play.cards, names: play.names, idPrefix: "play" };
}

function render() {
  $("play").hidden = false;
  $("play").dataset.duel = play.id;  // the held duel's id (GET /v1/duels/{id} shows it)
  $("play-title").textContent = `Playing from ${play.label}`;
  $("play-board").replaceChildren(board.renderBoard(play.state,
    { ...ctx(), outcome: play.state.outcome || null }));
  const list = $("play-moves");
  list.replaceChildren(...play.moves.map((move, i) => el("li", { class: `step ${move.verdict.legal ? "" : "illegal"}` },
    board.stepContent(move.action, i, ctx(), move.verdict.legal ? "" : "illegal"))));
  $("play-moves-box").hidden = !play.moves.length;
}

function showVerdict(action, verdict) {
  const box = $("play-verdict");
  const what = board.describe(action, play.cards, play.names);
  if (verdict.legal) {
    box.className = "play-verdict legal";
    box.replaceChildren(el("p", {}, el("strong", {}, "Legal: "), what + "."),
      ...(verdict.outcome ? [el("p", { class: "outcome-note" }, board.outcomeText(verdict.outcome, play.names))] : []));
  } else {
    const v = verdict.violation;
    box.className = "play-verdict illegal";
    box.replaceChildren(el("p", {}, el("strong", {}, "Illegal: "), what + "."),
      el("p", {}, el("code", {}, v.rule), " ", board.namePlayers(v.message, play.names)),
      el("p", { class: "hint" }, "It is not kept: the duel stays where it was; try another action."));
  }
  box.hidden = false;
}

// The legal next actions of the board the section shows, asked for again each time that board
// changes (a legal pick kept, or the duel read again after another client moved it on); lead
// is said before their count.
async function propose(lead = "") {
  const mine = play;
  const list = $("play-actions");
  list.replaceChildren();
  setStatus($("play-status"), `${lead}Finding the legal next actions…`, "busy");
  try {
    const found = await api("/v1/legal-actions", JSON.stringify({ cards: mine.cards, position: mine.state }));
    if (play !== mine) return;  // stopped, or started elsewhere, meanwhile
    list.replaceChildren(...found.actions.map((action) => el("li", {},
      el("button", { type: "button", class: "play-action", onclick: () => judge(action) },
        board.describe(action, mine.cards, mine.names)))));
    const more = found.truncated ? " (the first ones only)" : "";
    setStatus($("play-status"), lead + (found.count
      ? `${found.count} legal next action${found.count === 1 ? "" : "s"}${more}; effects (special summons, moves, damage…) can be written below.`
      : "No legal next action: the duel is over."));
  } catch (error) {
    if (play === mine) setStatus($("play-status"), error.message, "error");
  }
}

async function judge(action) {
  const mine = play;
  if (!mine) return;
  setStatus($("play-status"), "Judging…", "busy");
  let verdict;
  try {
    verdict = await api(`/v1/duels/${mine.id}/actions`,
      JSON.stringify({ actions: [action], expect: mine.held }));
  } catch (error) {
    if (play !== mine) return;
    if (error instanceof ApiError && error.problem && error.problem.status === 409) {
      await resync();  // another tab played on this duel: go on from where it stands
    } else {
      setStatus($("play-status"), error.message, "error");
    }
    return;
  }
  if (play !== mine) return;
  mine.moves.push({ action, verdict });
  if (verdict.legal) {
    mine.held += 1;
    mine.state = verdict.state;
  }
  render();
  showVerdict(action, verdict);
  await propose();
}

// The duel as the service holds it now (another client kept steps on it): its board drawn and
// its legal next actions asked for again, with a line a student can read (the 409's own
// wording is for programs).
async function resync() {
  const mine = play;
  let held;
  try {
    held = await api(`/v1/duels/${mine.id}`);
  } catch (error) {
    if (play === mine) setStatus($("play-status"), error.message, "error");
    return;
  }
  if (play !== mine) return;
  mine.held = held.actions;
  mine.state = held.state;
  render();
  $("play-verdict").hidden = true;  // the move picked was not judged
  await propose("This duel was moved on elsewhere (in another tab or window), so your move "
    + "was not judged: the board now shows where the duel stands. ");
}

function tryWritten() {
  let action;
  try {
    action = JSON.parse($("play-json").value);
  } catch (error) {
    setStatus($("play-status"), `The action is not JSON: ${error.message}`, "error");
    return;
  }
  judge(action);
}

// Start a held duel at a board of the open game: {cards, names, state, label}.
export async function playFrom(start) {
  await stopPlay(false);
  const ticket = ++starts;
  $("play").hidden = false;
  $("play-verdict").hidden = true;
  setStatus($("play-status"), "Opening the duel…", "busy");
  try {
    const made = await api("/v1/duels", JSON.stringify({ cards: start.cards, position: start.state }));
    if (ticket !== starts) {  // stopped, or started again, while it was being made
      forget(made.id);
      return;
    }
    play = { id: made.id, held: made.actions, state: made.verdict.state, cards: start.cards,
      names: start.names, label: start.label, moves: [] };
    render();
    $("play-title").focus();
    await propose();
  } catch (error) {
    if (ticket === starts) setStatus($("play-status"), error.message, "error");
  }
}

async function forget(id) {
  try { await fetch(`/v1/duels/${id}`, { method: "DELETE" }); } catch { /* it expires anyway */ }
}

// Stop playing: the held duel forgotten (DELETE) and, with hide, the section closed. "Stop
// playing" calls it, and the workbench whenever it opens anything else (another game, an
// example, a pasted or uploaded document), since the section would go on showing a board of
// what is no longer open.
export async function stopPlay(hide = true) {
  starts += 1;  // a start still under way is not shown
  if (hide) $("play").hidden = true;
  if (play) {
    const id = play.id;
    play = null;
    await forget(id);
  }
}

export function initPlay() {
  $("play-try").addEventListener("click", tryWritten);
  $("play-stop").addEventListener("click", () => stopPlay(true));
  window.addEventListener("pagehide", () => {
    if (play) fetch(`/v1/duels/${play.id}`, { method: "DELETE", keepalive: true }).catch(() => {});
  });
}
