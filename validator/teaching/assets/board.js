// duelcheck's board renderer: a duel's state as two play mats, actions in words, steps with
// their log lines, a rule, and piles opened in a dialog. Written once and used by the
// playground page, its quiz and the judge's report (which inlines this file), so that all
// three draw the same board. A classic script (no module): it defines window.duelboard.
(function (global) {
  "use strict";

  const PHASES = { draw: "Draw Phase", standby: "Standby Phase", main1: "Main Phase 1",
    battle: "Battle Phase", main2: "Main Phase 2", end: "End Phase" };
  const POSITIONS = { attack: "face-up Attack Position", defense: "face-up Defense Position",
    facedown_defense: "face-down Defense Position" };
  const REASONS = { surrender: "surrender", deck_out: "deck-out (no card to draw)",
    life_points: "Life Points (the loser's reached 0)" };
  const SUBTYPES = { normal: "Normal", continuous: "Continuous", equip: "Equip", field: "Field",
    quick_play: "Quick-Play", ritual: "Ritual", counter: "Counter" };
  const VERBS = { draw: "draws", end_turn: "ends the turn", normal_summon: "Normal Summons",
    set_monster: "Sets", flip_summon: "Flip Summons", special_summon: "Special Summons",
    quick_summon: "Quick Summons", set_spell_trap: "Sets", activate: "activates",
    resolve: "resolves the chain", phase_effect: "resolves the phase effect of",
    take_control: "takes control of", destroy: "destroys", discard: "discards",
    surrender: "surrenders" };
  const PILES = { graveyard: "Graveyard", banished: "Banished", deck: "Deck",
    extra: "Extra Deck", hand: "hand", spell_trap: "a Spell & Trap Zone", material: "Xyz Material" };
  // Zones (docs/format.md): the Extra Monster Zones are left and right as p1 sees them.
  const EMZ = { "EMZ-L": "left", "EMZ-R": "right" };
  // A Link Arrow as its controller sees it; p2's are drawn turned round (p2 faces p1).
  const ARROW_GLYPHS = { "top-left": "◤", top: "▲", "top-right": "◥", left: "◀", right: "▶",
    "bottom-left": "◣", bottom: "▼", "bottom-right": "◢" };
  const TURNED = { "top-left": "bottom-right", top: "bottom", "top-right": "bottom-left",
    left: "right", right: "left", "bottom-left": "top-right", bottom: "top", "bottom-right": "top-left" };

  // -- small DOM helpers ---------------------------------------------------------------------
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined && child !== false) node.append(child);
    }
    return node;
  }
  const srOnly = (text) => el("span", { class: "sr-only" }, text);

  // -- names ---------------------------------------------------------------------------------
  function who(player, names) {
    return names && names[player] ? `${names[player]} (${player})` : player;
  }
  function shortWho(player, names) {
    return names && names[player] ? names[player] : player;
  }
  function cardName(cards, id) {
    if (id === null || id === undefined) return "an unknown card";
    const card = cards && cards[id];
    return card && card.name ? card.name : id;
  }
  function cardKind(card) {
    if (!card) return "";
    if (card.kind === "monster") {
      if (card.link !== undefined && card.link !== null) {  // no Level, no DEF
        return `Link-${card.link}${card.atk !== undefined ? " · " + card.atk : ""}`;
      }
      const stats = card.atk !== undefined || card.def !== undefined
        ? ` · ${card.atk ?? "?"}/${card.def ?? "?"}` : "";
      const scale = card.pendulum ? ` · Scale ${card.scale ?? 0}` : "";
      return `${card.token ? "Token" : "Lv " + (card.level ?? "?")}${scale}${stats}`;
    }
    const kind = card.kind === "spell" ? "Spell" : "Trap";
    return card.subtype ? `${SUBTYPES[card.subtype] || card.subtype} ${kind}` : kind;
  }
  // Text that may wrap after each "/" ("2300/" then "1500") rather than inside a number.
  function breakable(text) {
    const parts = text.split("/");
    return parts.flatMap((part, i) => (i < parts.length - 1 ? [`${part}/`, el("wbr")] : [part]));
  }
  function phaseName(phase) { return PHASES[phase] || phase || ""; }
  // A message with each player named by username where the log gives one: "bo (p2) already…".
  function namePlayers(text, names) {
    if (!names) return text;
    return String(text).replace(/\b(p1|p2)\b/g, (p) => (names[p] ? `${names[p]} (${p})` : p));
  }
  // An imported game whose every action is legal but that nobody has won: its log ends
  // before the game does (a document written by hand may rightly go on later).
  const LOG_ENDS_EARLY = "the log ends before the game does: no one has won yet";
  function logEndsEarly(source, verdict) {
    return Boolean(source && typeof source === "object" && source.from && !source.stopped &&
      verdict && verdict.legal && !verdict.outcome);
  }
  function outcomeText(outcome, names) {
    if (!outcome) return "";
    return `The duel is over: ${who(outcome.winner, names)} won by ` +
      `${REASONS[outcome.reason] || outcome.reason}.`;
  }

  // An action in words: "sdesowitz02 Normal Summons Dark Magician to M3".
  function describe(action, cards, names) {
    const p = shortWho(action.player, names);
    const to = action.zone && action.type !== "move" ? ` to ${action.zone}` : "";
    const card = action.card ? " " + cardName(cards, action.card) + to : "";
    const effect = action.by_effect ? " (by an effect)" : "";
    return describeAction(action, cards, names, p, card, effect);
  }

  function describeAction(action, cards, names, p, card, effect) {
    switch (action.type) {
      case "pendulum_summon": {
        const zones = Array.isArray(action.zones) ? action.zones : [];
        const each = (action.cards || []).map((c, i) => cardName(cards, c) + (zones[i] ? ` (${zones[i]})` : ""));
        return `${p} Pendulum Summons ${each.join(", ")}`;
      }
      case "phase": return `${p} enters the ${phaseName(action.to)}${effect}`;
      case "draw": return `${p} draws${card}${effect}`;
      case "damage": return `${p} loses ${action.amount} LP`;
      case "gain_lp": return `${p} gains ${action.amount} LP`;
      case "declare_attack": return `${p} attacks with${card} → ` +
        `${action.target ? cardName(cards, action.target) : "directly"}` +
        `${action.replay ? " (replay)" : ""}${effect}`;
      case "change_position": return `${p} changes${card} to ${POSITIONS[action.to] || action.to}${effect}`;
      case "move": return `${p} moves${card} to ${action.face_up ? "the face-up " : ""}` +
        `${PILES[action.to] || action.to}${action.zone ? " " + action.zone : ""}` +
        `${action.target ? " (" + cardName(cards, action.target) + ")" : ""}`;
      case "special_summon": case "quick_summon":
        return `${p} ${VERBS[action.type]}${card}` +
          `${action.position && action.position !== "attack" ? " in " + POSITIONS[action.position] : ""}`;
      default: {
        let text = `${p} ${VERBS[action.type] || action.type}${card}`;
        if (action.tributes && action.tributes.length) {
          text += `, Tributing ${action.tributes.map((t) => cardName(cards, t)).join(" and ")}`;
        }
        if (action.respond) text += " in response";
        if (action.target && action.type === "activate") text += ` on ${cardName(cards, action.target)}`;
        return text + (action.type === "discard" ? effect : "");
      }
    }
  }

  // "[3:34] sdesowitz02: Attacked Set card in M-3 …", or "" for an action without a log.
  function logLine(action) {
    const log = action && action.log;
    if (!log || typeof log !== "object") return "";
    return [log.time, log.player ? log.player + ":" : "", log.text].filter(Boolean).join(" ");
  }

  // -- one step, as the steps list and the step panel show it -----------------------------------
  // status: "" | "illegal" | "unchecked"
  function stepContent(action, index, ctx, status) {
    const log = action.log || {};
    return [
      el("span", { class: "step-num" }, String(index + 1)),
      el("span", { class: "step-body" },
        el("span", { class: "step-what" }, describe(action, ctx.cards, ctx.names)),
        logLine(action) ? el("span", { class: "step-log" }, logLine(action)) : null,
        log.implied ? el("span", { class: "tag implied", title: "The log skipped this step; the importer added it" }, "implied") : null,
        log.note ? el("span", { class: "tag note" }, srOnly("Importer's note: "), log.note) : null,
        status === "illegal" ? el("span", { class: "tag bad" }, "illegal") : null,
        status === "unchecked" ? el("span", { class: "tag muted" }, "not judged") : null),
    ];
  }

  // -- cards ---------------------------------------------------------------------------------
  // A Link Monster's arrows: drawn round the card as the board shows the field (p2's turned
  // round), read out as its controller sees them.
  function linkArrows(card, controller) {
    const arrows = (card && Array.isArray(card.link_arrows)) ? card.link_arrows : [];
    if (!arrows.length) return [];
    return [el("span", { class: "link-arrows", "aria-hidden": "true" }, arrows.map((a) => {
      const shown = controller === "p2" ? TURNED[a] || a : a;
      return el("span", { class: `link-arrow at-${shown}`, "data-arrow": a }, ARROW_GLYPHS[shown] || "•");
    })), srOnly(`, Link Arrows: ${arrows.join(", ")}`)];
  }

  // A card's name, with its longest word's length (--longest): a narrow zone (a phone's five
  // in a row) sizes the name's font by it, so that no word of a name is cut in two.
  function nameSpan(name) {
    const span = el("span", { class: "card-name" }, name || srOnly("an unknown card"));
    const longest = Math.max(0, ...String(name || "").split(/[\s\-\/]+/).map((w) => w.length));
    if (longest) span.style.setProperty("--longest", String(longest));
    return span;
  }

  function cardFace(id, ctx, opts) {
    const card = (ctx.cards && ctx.cards[id]) || null;
    const faceDown = opts.faceDown;
    const classes = ["card", card ? card.kind : "unknown", faceDown ? "back" : "",
      opts.sideways ? "sideways" : "", card && card.token ? "token" : "",
      card && card.pendulum ? "pendulum" : "", card && card.link !== undefined ? "link" : ""]
      .filter(Boolean).join(" ");
    const name = id === null || id === undefined ? null : cardName(ctx.cards, id);
    return el("div", { class: classes, "data-card": id ?? null, title: name && opts.describeAs ? `${name}: ${opts.describeAs}` : name },
      faceDown && opts.backLabel !== null ? el("span", { class: "card-back-label", "aria-hidden": "true" }, opts.backLabel || "Set") : null,
      nameSpan(name),
      card && !faceDown ? el("span", { class: "card-info", "aria-hidden": "true" }, breakable(cardKind(card))) : null,
      opts.describeAs ? srOnly(`, ${opts.describeAs}`) : null,
      card && !faceDown ? srOnly(`, ${cardKind(card).replace("Lv", "Level").replace(/·/g, ",")}`) : null,
      ...(opts.extra || []));
  }

  // Equip links: monster -> badge number, shared by the Equip and its monster.
  function equipLinks(state) {
    const links = new Map();
    let n = 0;
    for (const p of ["p1", "p2"]) {
      for (const st of (state.players[p].spell_traps || [])) {
        if (st && st.equipped_to) {
          n += 1;
          links.set(st.card, `E${n}`);
          if (!links.has("m:" + st.equipped_to)) links.set("m:" + st.equipped_to, []);
          links.get("m:" + st.equipped_to).push({ badge: `E${n}`, card: st.card });
        }
      }
    }
    return links;
  }

  // -- piles ---------------------------------------------------------------------------------
  let dialog = null;
  function pileDialog() {
    if (dialog) return dialog;
    dialog = el("dialog", { class: "pile-dialog", "aria-labelledby": "pile-dialog-title" },
      el("div", { class: "pile-dialog-head" },
        el("h2", { id: "pile-dialog-title" }),
        el("button", { type: "button", class: "close", onclick: () => dialog.close() }, "Close")),
      el("div", { class: "pile-dialog-body" }));
    dialog.addEventListener("close", () => {
      if (dialog.opener && document.contains(dialog.opener)) dialog.opener.focus();
    });
    dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });
    document.body.append(dialog);
    return dialog;
  }

  function openPile(title, ids, ctx, opener, note, faceUp) {
    const box = pileDialog();
    box.querySelector("h2").textContent = title;
    const body = box.querySelector(".pile-dialog-body");
    body.replaceChildren();
    if (note) body.append(el("p", { class: "hint" }, note));
    if (ids.length) {
      body.append(el("ol", { class: "pile-list" }, ids.map((id) =>
        el("li", {}, cardFace(id, ctx, { faceDown: false, extra: faceUp && faceUp.includes(id)
          ? [el("span", { class: "tag face-up-tag" }, "face-up")] : [] })))));
    } else if (!note) {
      body.append(el("p", {}, "No cards."));
    }
    box.opener = opener;
    box.showModal();
    box.querySelector(".close").focus();
  }

  function pileButton(label, ids, ctx, owner, opts) {
    const count = opts && opts.count !== undefined ? opts.count : ids.length;
    const newestFirst = !(opts && opts.inOrder);
    const shown = newestFirst ? [...ids].reverse() : ids;
    const faceUp = (opts && opts.faceUp) || [];
    const title = `${owner}'s ${label} (${count} card${count === 1 ? "" : "s"})`;
    const button = el("button", { type: "button", class: `pile pile-${label.toLowerCase().replace(/\W+/g, "-")}`,
      "aria-haspopup": "dialog" },
      el("span", { class: "pile-label" }, label), " ", el("span", { class: "pile-count" }, String(count)),
      srOnly(` card${count === 1 ? "" : "s"}`),
      faceUp.length ? el("span", { class: "pile-face-up" }, ` (${faceUp.length} face-up)`) : null);
    button.addEventListener("click", () => openPile(title, shown, ctx, button,
      (opts && opts.note) || (shown.length && newestFirst ? "The most recent card first." : null),
      faceUp));
    return button;
  }

  // -- the play mat ----------------------------------------------------------------------------
  // A side's entries by zone: "M3" in the third slot; one without a zone (or whose zone is
  // taken) in the first free slot, and any beyond five after them.
  function slots(entries, prefix) {
    const out = [null, null, null, null, null];
    const rest = [];
    for (const entry of entries) {
      if (!entry) continue;
      const n = typeof entry.zone === "string" && entry.zone.startsWith(prefix)
        ? Number(entry.zone.slice(prefix.length)) : 0;
      if (n >= 1 && n <= 5 && !out[n - 1]) out[n - 1] = entry; else rest.push(entry);
    }
    for (const entry of rest) {
      const free = out.indexOf(null);
      if (free >= 0) out[free] = entry; else out.push(entry);
    }
    return out;
  }

  // zone: {label (read out), short (drawn when empty), cls}; controller: whose monster it is.
  function monsterZone(entry, zone, ctx, links, owner, controller) {
    const li = el("li", { class: `zone ${zone.cls || ""}`.trim() });
    li.append(srOnly(`${zone.label}: ${entry && zone.tag ? zone.tag + " " : ""}`));
    if (!entry) {
      li.classList.add("empty");
      li.append(el("span", { class: "zone-label", "aria-hidden": "true" }, zone.short), srOnly("empty"));
      return li;
    }
    const extra = [];
    if (zone.tag) extra.push(el("span", { class: "zone-owner", "aria-hidden": "true" }, zone.tag));
    for (const link of links.get("m:" + entry.card) || []) {
      extra.push(el("span", { class: "link-badge", title: `equipped with ${cardName(ctx.cards, link.card)}` },
        link.badge, srOnly(` (equipped with ${cardName(ctx.cards, link.card)})`)));
    }
    const materials = Array.isArray(entry.materials) ? entry.materials : [];
    if (materials.length) {
      const label = `${materials.length} Xyz Material${materials.length === 1 ? "" : "s"}`;
      const button = el("button", { type: "button", class: "materials", "aria-haspopup": "dialog" }, label);
      button.addEventListener("click", () => openPile(
        `Xyz Materials of ${cardName(ctx.cards, entry.card)} (${owner})`, materials, ctx, button));
      extra.push(button);
    }
    const position = entry.position || "attack";
    const faceDown = position === "facedown_defense";
    if (!faceDown) extra.push(...linkArrows(ctx.cards && ctx.cards[entry.card], controller));
    li.append(cardFace(entry.card, ctx, { faceDown, sideways: position !== "attack",
      describeAs: POSITIONS[position] || position, extra }));
    return li;
  }

  function spellTrapZone(entry, n, ctx, links, label, pendulum) {
    const zoneClass = label === "Field Zone" || n > 5 ? "" : ` z${n}`;
    const li = el("li", { class: `zone${zoneClass}${pendulum ? " pendulum-zone" : ""}` });
    li.append(srOnly(`${label} ${n}${pendulum ? " (Pendulum Zone)" : ""}: `));
    if (!entry) {
      li.classList.add("empty");
      li.append(el("span", { class: "zone-label", "aria-hidden": "true" },
        label === "Field Zone" ? "Field" : `S${n}${pendulum ? " · P" : ""}`), srOnly("empty"));
      return li;
    }
    const extra = [];
    if (entry.equipped_to) {
      extra.push(el("span", { class: "link-badge" }, links.get(entry.card) || "E"),
        el("span", { class: "card-equip" }, srOnly("equipped to "), "→ " + cardName(ctx.cards, entry.equipped_to)));
    }
    li.append(cardFace(entry.card, ctx, { faceDown: entry.face_up === false,
      describeAs: entry.face_up === false ? "Set (face-down)" : "face-up", extra }));
    return li;
  }

  function mat(player, state, ctx, links, top) {
    const side = state.players[player] || {};
    const name = who(player, ctx.names);
    const owner = shortWho(player, ctx.names);
    const headingId = `${ctx.idPrefix || "board"}-${player}-title`;
    const isTurn = state.turn_player === player;
    const monsters = (side.monsters || []).filter((m) => !(m && m.zone in EMZ));
    const spellTraps = side.spell_traps || [];
    const hand = side.hand || [];
    const advanced = state.ruleset === "advanced";
    const field = el("div", { class: "mat-field" },
      el("ul", { class: "zones fieldzone", "aria-label": `${owner}'s Field Zone` },
        spellTrapZone(side.field_spell || null, 1, ctx, links, "Field Zone")),
      el("ul", { class: "zones monsters", "aria-label": `${owner}'s Monster Zones` },
        slots(monsters, "M").map((m, i) => monsterZone(m, { label: `Monster Zone ${i + 1}`,
          short: `M${i + 1}`, cls: i < 5 ? `z${i + 1}` : "" }, ctx, links, owner, player))),
      el("ul", { class: "zones spelltraps", "aria-label": `${owner}'s Spell & Trap Zones` },
        slots(spellTraps, "S").map((s, i) => spellTrapZone(s, i + 1, ctx, links,
          "Spell & Trap Zone", advanced && (i === 0 || i === 4)))),
      el("div", { class: "piles", role: "group", "aria-label": `${owner}'s piles` },
        pileButton("Graveyard", side.graveyard || [], ctx, owner),
        pileButton("Banished", side.banished || [], ctx, owner),
        pileButton("Deck", [], ctx, owner, { count: side.deck ?? 0,
          note: `${side.deck ?? 0} card${side.deck === 1 ? "" : "s"}, face-down: the deck's cards and their order are hidden.` }),
        pileButton("Extra Deck", [...(side.extra || []), ...(side.extra_face_up || [])], ctx, owner,
          { inOrder: true, faceUp: side.extra_face_up || [] })));
    // focusable: on a phone the hand is one row that scrolls sideways (board.css)
    const handList = el("ul", { class: "hand", tabindex: hand.length ? "0" : null,
      "aria-label": `${owner}'s hand, ${hand.length} card${hand.length === 1 ? "" : "s"}` },
      // a card the duel does not know in a hand is a card back, not a Set card
      hand.map((id) => el("li", {}, cardFace(id, ctx, { faceDown: id === null, backLabel: null }))));
    const handBox = el("div", { class: "hand-box" },
      el("span", { class: "hand-label", "aria-hidden": "true" }, `Hand (${hand.length})`), handList);
    return el("section", { class: `mat ${top ? "top" : "bottom"}${isTurn ? " turn" : ""}`, "aria-labelledby": headingId },
      el("header", { class: "mat-head" },
        el("h3", { id: headingId }, name),
        el("span", { class: "lp" }, el("abbr", { title: "Life Points" }, "LP"), " ", String(side.lp ?? "?")),
        isTurn ? el("span", { class: "tag turn-tag" }, "turn player") : null),
      top ? handBox : null, field, top ? null : handBox);
  }

  function chainView(state, ctx) {
    const chain = Array.isArray(state.chain) ? state.chain : [];
    if (!chain.length) return null;
    return el("div", { class: "chain" },
      el("h3", { id: `${ctx.idPrefix || "board"}-chain` }, "Open chain"),
      el("ol", { "aria-labelledby": `${ctx.idPrefix || "board"}-chain` }, chain.map((link, i) => {
        const id = typeof link === "string" ? link : link && link.card;
        const player = link && typeof link === "object" ? link.player : null;
        return el("li", {}, el("span", { class: "link-num", "aria-hidden": "true" }, `Link ${i + 1}`),
          srOnly(`Chain Link ${i + 1}: `), cardName(ctx.cards, id),
          player ? ` (${shortWho(player, ctx.names)})` : "");
      })));
  }

  // The Extra Monster Zones between the mats, shared by both players: left above p1's
  // Main Monster Zone 2 (below p2's 4), right above p1's 4. Drawn under advanced, or when a
  // monster stands there.
  function extraZones(state, ctx, links) {
    const held = {};
    for (const p of ["p1", "p2"]) {
      for (const m of ((state.players[p] || {}).monsters || [])) {
        if (m && m.zone in EMZ) held[m.zone] = { entry: m, player: p };
      }
    }
    if (state.ruleset !== "advanced" && !Object.keys(held).length) return null;
    const zone = (id) => {
      const h = held[id];
      const owner = h ? shortWho(h.player, ctx.names) : "";
      return monsterZone(h ? h.entry : null, { label: `Extra Monster Zone, ${EMZ[id]}`,
        short: id, cls: `emz emz-${EMZ[id]}`, tag: h ? `${owner}'s` : "" },
      ctx, links, owner, h ? h.player : "p1");
    };
    return el("div", { class: "emz-row" },
      el("ul", { class: "zones extra", "aria-label": "Extra Monster Zones (left and right as " +
        `${shortWho("p1", ctx.names)} sees them)` }, zone("EMZ-L"), zone("EMZ-R")));
  }

  // The board: the opponent's mat on top (p2), p1's below, the turn, chain and outcome between.
  // ctx: {cards, names, outcome, idPrefix}
  function renderBoard(state, ctx) {
    const links = equipLinks(state);
    const middle = el("div", { class: "board-middle" },
      el("p", { class: "turn-line" }, `Turn ${state.turn} · ${shortWho(state.turn_player, ctx.names)}'s ${phaseName(state.phase)}`),
      state.ruleset === "advanced" ? el("span", { class: "tag ruleset-tag" }, "advanced rules") : null,
      chainView(state, ctx),
      ctx.outcome ? el("p", { class: "outcome", role: "note" }, outcomeText(ctx.outcome, ctx.names)) : null);
    return el("div", { class: "board" }, mat("p2", state, ctx, links, true),
      extraZones(state, ctx, links), middle, mat("p1", state, ctx, links, false));
  }

  // -- the rule an action breaks ---------------------------------------------------------------
  // The rule broken: its headline and what happened, then the rule's text, why and source;
  // with opts.collapsed (a phone, where the board and the rule share one screen) those three
  // are behind a disclosure that opens them.
  function renderRule(rule, message, opts = {}) {
    const more = [
      el("p", {}, el("strong", {}, "The rule: "), rule.text),
      el("p", {}, el("strong", {}, "Why: "), rule.why),
      el("p", {}, el("strong", {}, "Source: "), rule.source)];
    return el("div", { class: "rule" },
      el("h3", {}, `${rule.title} (${rule.id})`),
      message ? el("p", {}, el("strong", {}, "What happened: "), message) : null,
      opts.collapsed ? el("details", { class: "rule-more" },
        el("summary", {}, "The rule, why, and its source"), more) : more);
  }

  // Turn and phase of each step, from the boards before them (states[i] is before action i).
  function stepPlaces(actions, states, fallbackState) {
    return actions.map((_, i) => {
      const s = states[i] || fallbackState;
      return s ? { turn: s.turn, player: s.turn_player, phase: s.phase } : null;
    });
  }

  // A list of steps grouped by turn and phase. opts: {violation, places, onSelect, offset}:
  // actions[j] is step offset + j, places[j] its turn and phase (or null).
  function renderSteps(list, actions, ctx, opts) {
    list.replaceChildren();
    const v = opts.violation;
    const offset = opts.offset || 0;
    let heading = "";
    actions.forEach((action, j) => {
      const i = offset + j;
      const at = opts.places && opts.places[j];
      if (at) {
        const label = `Turn ${at.turn} · ${shortWho(at.player, ctx.names)} · ${phaseName(at.phase)}`;
        if (label !== heading) {
          heading = label;
          list.append(el("li", { class: "steps-heading" }, label));
        }
      }
      const status = v && v.index === i ? "illegal" : v && i > v.index ? "unchecked" : "";
      const body = stepContent(action, i, ctx, status);
      const item = opts.onSelect
        ? el("button", { type: "button", class: `step ${status}`, "data-index": i, tabindex: -1,
            onclick: () => opts.onSelect(i) }, body)
        : el("div", { class: `step ${status}`, "data-index": i }, body);
      list.append(el("li", {}, item));
    });
  }

  // An importer's note: its text, then the id of the reading it comes from (docs/duelingbook.md);
  // an older document's note is plain text.
  function noteParts(note) {
    if (typeof note === "string") return [note];
    const parts = [String((note && note.text) || "")];
    if (note && note.reading) parts.push(" ", el("code", { class: "reading", title: "reading" }, note.reading));
    return parts;
  }

  global.duelboard = { PHASES, LOG_ENDS_EARLY, el, srOnly, who, shortWho, cardName, cardKind,
    phaseName, namePlayers, logEndsEarly, noteParts,
    outcomeText, describe, logLine, stepContent, renderBoard, renderRule, renderSteps,
    stepPlaces, openPile };
})(typeof window !== "undefined" ? window : globalThis);
