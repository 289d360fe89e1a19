// The deck check of a replay's match, drawn for the workbench page and the judge's report
// (which inlines this file): the format and list it used, then each player's cards seen and
// findings, each with where the replay first shows every copy. A classic script (no module),
// like board.js, whose el() it uses: it defines window.duelcheckDecks. Every text goes in as
// text, never as HTML.
(function (global) {
  "use strict";
  const FORMATS = { goat: "Goat", edison: "Edison", advanced: "Advanced" };

  function seenLine(seen) {
    return `game ${seen.game}, [${seen.time}] ${seen.player}: ${seen.log}`;
  }

  function finding(f) {
    const { el } = global.duelboard;
    const where = (f.seen || []).map(seenLine);
    return el("li", { class: "deck-finding" }, el("code", {}, f.id), ": ", f.detail,
      where.length ? el("ul", { class: "deck-seen", "aria-label": "Where the replay shows it" },
        where.map((w) => el("li", {}, w))) : null);
  }

  // check: the deck_check of POST /v1/import/duelingbook (ReplayDeckCheck in the OpenAPI
  // document). headingLevel: "h2" in the report, "h3" on the page.
  function renderDeckCheck(check, headingLevel = "h3", idPrefix = "deck") {
    const { el } = global.duelboard;
    const title = el(headingLevel, { id: `${idPrefix}-title` }, "Deck check");
    const section = el("section", { class: "deck-check", "aria-labelledby": `${idPrefix}-title` }, title);
    if (!check.format) {
      section.append(el("p", { class: "hint" }, `No format to check the decks against (${check.format_from}).`));
    } else {
      const count = check.players.reduce((n, p) => n + p.findings.length, 0);
      section.append(el("p", { class: `verdict ${check.legal ? "legal" : "illegal"}` },
        `${FORMATS[check.format] || check.format}, by ${check.format_from}; ${check.list.name} ` +
        `(${check.list.date}): ${count ? `${count} finding${count === 1 ? "" : "s"}` : "no finding"}.`));
    }
    section.append(el("ul", { class: "deck-players" }, check.players.map((p) =>
      el("li", {}, el("strong", {}, p.username),
        `: ${p.copies} cop${p.copies === 1 ? "y" : "ies"} of ${p.cards} card${p.cards === 1 ? "" : "s"} seen` +
        (check.format ? (p.findings.length ? "" : ", no finding") : ""),
        p.findings.length ? el("ul", {}, p.findings.map(finding)) : null))));
    section.append(el("p", { class: "hint" }, check.note));
    return section;
  }

  global.duelcheckDecks = { renderDeckCheck };
})(window);
