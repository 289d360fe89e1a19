// The quiz: a position (how the duel got there, the board, the outcome if it is over), a
// proposed action, Legal or Illegal, then why. Questions come from the rules' golden cases or
// from real Duelingbook games; boards and steps are drawn by board.js.
import { $, api, loadDiagram, markPhase, scrollIntoBox, setStatus } from "./common.js";

const board = window.duelboard;
const { el } = board;

export function initQuiz() {
  let current = null;
  let diagram = null;

  function ctx(q) {
    const names = q.origin && q.origin.players ? q.origin.players : null;
    return { cards: q.scenario.cards || {}, names, idPrefix: "quiz" };
  }

  async function ask() {
    const source = $("quiz-source").value;
    $("level").disabled = source !== "rules";
    setStatus($("quiz-status"), "Finding a question…", "busy");
    $("quiz-answers").hidden = true;
    $("quiz-feedback").hidden = true;
    let q;
    try {
      q = await api(`/v1/quiz?level=${$("level").value}&source=${encodeURIComponent(source)}`);
    } catch (error) {
      setStatus($("quiz-status"), error.message, "error");
      return;
    }
    current = q;
    let places = null;
    try {  // the turn and phase of each step, for the steps' headings
      const judged = await api("/v1/steps", JSON.stringify(q.scenario));
      places = board.stepPlaces(q.scenario.actions || [], judged.states, judged.verdict.state);
    } catch {
      places = null;  // the steps are shown without headings
    }
    setStatus($("quiz-status"), "");
    show(q, places);
    $("answer-legal").focus();
  }

  function show(q, places) {
    const c = ctx(q);
    const names = c.names;
    const state = q.state;
    const where = q.origin
      ? `From a real game: ${q.origin.replay}, game ${q.origin.game} (${q.origin.format}), ` +
        `${board.who("p1", names)} vs ${board.who("p2", names)}.`
      : "From a rule's example.";
    $("quiz-seed").textContent = `question #${q.seed}`;
    $("quiz-question").replaceChildren(
      el("p", { class: "question-text" }, el("strong", {}, q.question), " ",
        `It is turn ${state.turn}, ${board.shortWho(state.turn_player, names)}'s ${board.phaseName(state.phase)}.`),
      el("p", { class: "hint" }, where));
    const actions = q.scenario.actions || [];
    const list = $("quiz-steps");
    if (actions.length) {
      board.renderSteps(list, actions, c, { violation: null, places });
      scrollIntoBox($("quiz-steps-box"), list.lastElementChild);
    } else {
      list.replaceChildren(el("li", { class: "hint" }, "Nothing yet: the duel document starts here."));
    }
    $("quiz-board").replaceChildren(board.renderBoard(state, { ...c, outcome: q.outcome }));
    $("quiz-outcome").replaceChildren(q.outcome
      ? el("p", { class: "outcome-note" }, board.outcomeText(q.outcome, names)) : "");
    // The proposal in words only: a log line (which only a real play has) would tell the
    // real plays from the others; it is shown with the answer.
    $("quiz-proposed").replaceChildren(
      el("p", { class: "proposed-what" }, board.describe(q.proposed, c.cards, names)));
    $("quiz-answers").hidden = false;
    if (diagram) diagram.then(() => markPhase($("quiz-diagram"), state.phase));
  }

  function answer(saidLegal) {
    const a = current.answer;
    const right = saidLegal === a.legal;
    const box = $("quiz-feedback");
    box.className = right ? "rule correct" : "rule";
    const verdict = a.legal ? "The action is legal: no rule forbids it here."
      : `The action is illegal: ${a.title} (${a.rule}).`;
    box.replaceChildren(el("h3", {}, `${right ? "Correct" : "Not quite"}. ${verdict}`));
    if (!a.legal) {
      box.append(el("p", {}, el("strong", {}, "Why it is illegal: "), a.message),
        el("p", {}, el("strong", {}, "The rule: "), a.text),
        el("p", {}, el("strong", {}, "Why the rule exists: "), a.why),
        el("p", {}, el("strong", {}, "Source: "), a.source));
    }
    if (current.origin) {
      box.append(el("p", { class: "hint" }, current.origin.real_play
        ? "This is the play that was really made at this point of the game."
        : "The player made another play here; this one was proposed to test the rule."));
      const log = board.logLine({ log: current.origin.log });
      if (log) box.append(el("p", { class: "step-log" }, `As the log wrote it: ${log}`));
    }
    box.hidden = false;
    $("quiz-answers").hidden = true;
    // The answer buttons are gone: the focus goes to the explanation, which is brought into
    // view (not to "New question", at the top, which would scroll it away).
    box.focus({ preventScroll: true });
    box.scrollIntoView({ block: "nearest" });
  }

  $("new-quiz").addEventListener("click", ask);
  $("quiz-source").addEventListener("change", ask);
  $("answer-legal").addEventListener("click", () => answer(true));
  $("answer-illegal").addEventListener("click", () => answer(false));
  return {
    open() {
      if (!diagram) diagram = loadDiagram($("quiz-diagram"), "quiz");
      if (!current) ask();
    },
  };
}
