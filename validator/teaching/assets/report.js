// The judge's report: draws each game of the match from the data inlined in the file
// (#report-data) with board.js, the renderer the page uses. No network: everything it needs
// is in the file.
(function () {
  "use strict";
  const board = window.duelboard;
  const { el } = board;
  const BEFORE = 8;
  const AFTER = 4;

  function stepsList(actions, from, to, ctx, violation, idPrefix) {
    const list = el("ol", { class: "steps", "aria-label": `Steps ${from + 1} to ${to}`, id: idPrefix });
    board.renderSteps(list, actions.slice(from, to), ctx, { violation, offset: from });
    return list;
  }

  function notes(game) {
    const source = game.source || {};
    const items = [...(source.stopped ? [source.stopped] : []), ...(source.notes || [])];
    for (const [sign, at] of Object.entries(source.unmodelled || {})) {
      items.push(`${game.ruleset || "classic"} does not model ${sign}: seen at ${at}`);
    }
    if (!items.length) return null;
    return el("details", { class: "notes" }, el("summary", {}, `The importer's notes (${items.length})`),
      el("ul", {}, items.map((n) => el("li", {}, ...board.noteParts(n)))));
  }

  function malformed(game, n) {
    const lines = [];
    const walk = (value, path) => {  // errors of the whole file or document: no path shown
      if (Array.isArray(value)) value.forEach((m) => lines.push(path.startsWith("_") ? String(m) : `${path}: ${m}`));
      else if (value && typeof value === "object") Object.entries(value).forEach(([k, v]) => walk(v, path ? `${path}.${k}` : k));
    };
    walk(game.errors, "");
    return el("section", { class: "game-report", "aria-labelledby": `g${n}-title` },
      el("h2", { id: `g${n}-title` }, game.label),
      el("p", { class: "verdict illegal" }, "Malformed: this duel document could not be judged."),
      el("ul", {}, lines.map((l) => el("li", {}, l))));
  }

  function gameSection(game, n) {
    if (game.errors) return malformed(game, n);
    const names = game.source && game.source.players ? game.source.players : null;
    const ctx = { cards: game.cards, names, idPrefix: `g${n}` };
    const v = game.verdict.violation;
    const actions = game.actions;
    const section = el("section", { class: "game-report", "aria-labelledby": `g${n}-title` },
      el("h2", { id: `g${n}-title` }, game.label));
    if (game.verdict.legal) {
      const early = board.logEndsEarly(game.source, game.verdict)
        ? ` ${board.LOG_ENDS_EARLY[0].toUpperCase()}${board.LOG_ENDS_EARLY.slice(1)}.` : "";
      section.append(el("p", { class: "verdict legal" },
        `Legal: all ${game.verdict.actions_checked} actions. ${board.outcomeText(game.verdict.outcome, names)}${early}`));
    } else {
      section.append(el("p", { class: "verdict illegal" },
        `Illegal at step ${v.index + 1} (turn ${v.turn}, ${board.phaseName(v.phase)}, ` +
        `${board.who(v.player, names)}): ${v.rule}.`));
    }
    const extra = notes(game);
    if (extra) section.append(extra);
    if (!v) {
      section.append(el("h3", {}, "The board at the end"),
        board.renderBoard(game.verdict.state, { ...ctx, outcome: game.verdict.outcome }));
      if (actions.length) {
        section.append(el("h3", {}, "The last plays"),
          stepsList(actions, Math.max(0, actions.length - BEFORE), actions.length, ctx, null, `g${n}-last`));
      }
    } else {
      const action = actions[v.index];
      const message = board.namePlayers(v.message, names);
      section.append(el("h3", {}, `The illegal step: ${v.index + 1}`),
        el("div", { class: "step-panel" }, el("div", { class: "step illegal" }, board.stepContent(action, v.index, ctx, "illegal"))),
        game.rule ? board.renderRule(game.rule, message) : el("p", {}, message));
      const before = el("div", { class: "report-board" }, el("h3", {}, `The board before step ${v.index + 1}`),
        board.renderBoard(game.verdict.state, { ...ctx, idPrefix: `g${n}-before` }));
      const after = el("div", { class: "report-board" },
        el("h3", {}, `The board after step ${v.index + 1}, as the log has it`),
        game.attempted
          ? [el("p", { class: "hint" }, "The rules do not allow this step; this is the board had it been allowed."),
            board.renderBoard(game.attempted, { ...ctx, idPrefix: `g${n}-after` })]
          : el("p", { class: "hint" }, "This step cannot be carried out at all (its card is not where the step needs it), so there is no board after it."));
      section.append(el("div", { class: "report-boards" }, before, after),
        el("h3", {}, "The plays around it"),
        stepsList(actions, Math.max(0, v.index - BEFORE), Math.min(actions.length, v.index + AFTER + 1), ctx, v, `g${n}-around`));
    }
    if (actions.length) {
      section.append(el("details", { class: "all-steps" },
        el("summary", {}, `Every step of this game (${actions.length})`),
        stepsList(actions, 0, actions.length, ctx, v, `g${n}-all`)));
    }
    return section;
  }

  function render() {
    const data = JSON.parse(document.getElementById("report-data").textContent);
    const main = document.getElementById("report");
    const legal = data.games.filter((g) => g.verdict && g.verdict.legal).length;
    const illegal = data.games.filter((g) => g.verdict && !g.verdict.legal).length;
    const bad = data.games.length - legal - illegal;
    main.replaceChildren(
      el("p", { class: "tally" }, `${data.games.length} game${data.games.length === 1 ? "" : "s"}: ` +
        `${legal} legal, ${illegal} illegal${bad ? `, ${bad} malformed` : ""}.`),
      el("nav", { "aria-label": "Games" }, el("ul", { class: "toc" }, data.games.map((g, n) =>
        el("li", {}, el("a", { href: `#g${n + 1}-title` }, g.label), " · ",
          g.errors ? "malformed" : g.verdict.legal ? "legal" : `illegal at step ${g.verdict.violation.index + 1}: ${g.verdict.violation.rule}`)))),
      ...data.games.map((g, n) => gameSection(g, n + 1)));
    if (data.decks) {
      main.querySelector(".tally").after(window.duelcheckDecks.renderDeckCheck(data.decks, "h2", "decks"));
    }
    main.removeAttribute("aria-busy");
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", render);
  else render();
})();
