/* The Inceptum table: tech board, 5x5 cities with dice slot, hands and PTP, wonders, government
   benefits, trades (bank and offers), turn planner and end-of-game summary. Everything shown comes
   from the seat's own view; every click plays one of the seat's legal actions in its text form. */
"use strict";

(() => {
  const { el, resources, titleCase, RESOURCES } = Civ;
  const AGES = ["ancient", "medieval", "modern"];

  function seatLabel(payload, seat) {
    if (seat === null || seat === undefined) return "—";
    return Civ.seatName(payload, seat) + (payload.seat === seat ? " (you)" : "");
  }

  /** Legal actions (text) whose kind is one of `kinds` (or any) and that name `id` among their arguments. */
  function legalNaming(ctx, id, kinds) {
    const out = [];
    for (const text of ctx.legal) {
      const parts = text.split(" ");
      if (kinds && !kinds.includes(parts[0])) continue;
      if (parts.slice(1).includes(String(id))) out.push(text);
    }
    return out;
  }

  function clickable(node, ctx, actions, label) {
    if (ctx.readonly || !actions.length) return node;
    node.classList.add("clickable");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.title = actions.length === 1 ? `${label || ""} ${actions[0]}`.trim() : actions.join(" | ");
    node.dataset.action = actions[0];
    const go = () => (actions.length === 1 || !ctx.choose ? ctx.act(actions[0]) : ctx.choose(node, actions));
    node.addEventListener("click", go);
    node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); } });
    node.addEventListener("mouseenter", () => ctx.preview(actions[0]));
    return node;
  }

  function costObject(cost) {
    if (cost === null || cost === undefined) return null;
    if (typeof cost === "number") return { gold: cost };
    return cost;
  }

  // ----- top: round, dice, order ------------------------------------------------------------
  function roundPanel(view, payload) {
    const dice = view.dice;
    const order = (view.order || []).map((s) => el("span", {
      class: "seatchip" + (s === view.current ? " deciding" : "") + (s === payload.seat ? " me" : ""),
    }, seatLabel(payload, s)));
    return el("section", { class: "panel", id: "round-panel" },
      el("h2", {}, `Round ${view.round ?? "?"}`, view.mode ? el("span", { class: "muted small" }, ` · ${titleCase(view.mode)}`) : null),
      el("div", { class: "row" },
        dice ? el("div", { class: "dice", title: "black die: row, white die: column" },
          el("span", { class: "die black" }, dice.black ?? "?"), el("span", { class: "die white" }, dice.white ?? "?"),
          dice.slot ? el("span", { class: "small" }, `bonus slot: row ${dice.slot[0]}, column ${dice.slot[1]}`)
            : el("span", { class: "small muted" }, "bonus slot to choose")) : el("span", { class: "muted small" }, "dice not rolled yet")),
      el("div", { class: "seats", title: "turn order" }, el("span", { class: "muted small" }, "Order:"), order),
      pendingLine(view, payload));
  }

  /** Simultaneous decisions (trait redraw, government choices): who has answered. */
  function pendingLine(view, payload) {
    const pending = view.pending || {};
    const parts = [];
    for (const [what, seats] of Object.entries(pending)) {
      if (!seats || typeof seats !== "object") continue;
      parts.push(el("div", { class: "small muted" }, `${titleCase(what)}: `,
        Object.entries(seats).map(([seat, st]) => `${Civ.seatName(payload, Number(seat))} ${st}`).join(" · ")));
    }
    return parts.length ? el("div", { class: "stack" }, parts) : null;
  }

  function mePanel(view, payload, ctx) {
    const me = view.you !== null && view.you !== undefined ? (view.players || [])[view.you] : null;
    if (!me) return null;
    const production = me.ptp_next || me.ptp || {};
    const next = {};
    for (const r of RESOURCES) next[r] = ((me.hand || {})[r] || 0) + (production[r] || 0);
    return el("section", { class: "panel", id: "me-panel" },
      el("h2", {}, "Your resources"),
      el("div", { class: "resline" }, el("span", { class: "label" }, "Hand"), resources(me.hand, { all: true })),
      el("div", { class: "resline", title: "per-turn production collected at the start of the next round" },
        el("span", { class: "label" }, "PTP"), resources(production, { all: true })),
      el("div", { class: "resline", title: "your hand plus next round's production, if you spend nothing more" },
        el("span", { class: "label" }, "Next round"), resources(next, { all: true })),
      me.population ? el("div", { class: "small muted" }, `Population ${me.population.total ?? 0} (free ${me.population.free ?? 0})`) : null,
      me.free_research_this_turn ? el("div", { class: "small" }, `Free research this turn: ${me.free_research_this_turn}`) : null,
      tradePanel(view, payload, ctx));
  }

  // ----- trades -------------------------------------------------------------------------------
  function tradePanel(view, payload, ctx) {
    const box = el("div", { class: "trade", id: "trade" });
    const legal = [...ctx.legal];
    const offer = view.offer;
    if (offer) {
      box.append(el("div", { class: "offer-box", id: "offer" },
        el("div", {}, el("strong", {}, `${seatLabel(payload, offer.from)} → ${seatLabel(payload, offer.to)}`)),
        el("div", { class: "resline" }, el("span", { class: "label" }, "gives"), resources(offer.give, { empty: "nothing yet" })),
        el("div", { class: "resline" }, el("span", { class: "label" }, "asks for"), resources(offer.get, { empty: "nothing yet" })),
        el("div", { class: "row" }, ["accept", "decline", "propose", "cancel"].filter((a) => ctx.legal.has(a)).map((a) =>
          el("button", { type: "button", class: a === "decline" || a === "cancel" ? "secondary small" : "small", dataset: { action: a },
            onclick: () => ctx.act(a) }, titleCase(a))))));
      const gives = legal.filter((t) => t.startsWith("give "));
      const asks = legal.filter((t) => t.startsWith("ask "));
      if (gives.length || asks.length) {
        box.append(
          gives.length ? el("div", { class: "row small" }, el("span", { class: "label" }, "Give 1:"),
            gives.map((t) => el("button", { type: "button", class: "small secondary", dataset: { action: t }, onclick: () => ctx.act(t) },
              resources({ [t.split(" ")[1]]: 1 })))) : null,
          asks.length ? el("div", { class: "row small" }, el("span", { class: "label" }, "Ask 1:"),
            asks.map((t) => el("button", { type: "button", class: "small secondary", dataset: { action: t }, onclick: () => ctx.act(t) },
              resources({ [t.split(" ")[1]]: 1 })))) : null);
      }
    }
    const offers = legal.filter((t) => t.startsWith("offer "));
    if (offers.length) {
      box.append(el("div", { class: "row small" }, el("span", { class: "muted" }, "Trade with a player:"),
        offers.map((t) => el("button", { type: "button", class: "small secondary", dataset: { action: t }, onclick: () => ctx.act(t) },
          Civ.seatName(payload, Number(t.split(" ")[1]))))));
    }
    const bank = legal.filter((t) => t.startsWith("bank "));
    if (bank.length) {
      const gives = [...new Set(bank.map((t) => t.split(" ")[1]))];
      const giveSel = el("select", { "aria-label": "give to the bank", id: "bank-give" }, gives.map((g) => el("option", { value: g }, titleCase(g))));
      const getSel = el("select", { "aria-label": "get from the bank", id: "bank-get" });
      const fillGet = () => {
        Civ.clear(getSel);
        for (const t of bank.filter((b) => b.split(" ")[1] === giveSel.value)) getSel.append(el("option", { value: t }, titleCase(t.split(" ")[2])));
      };
      giveSel.addEventListener("change", fillGet);
      fillGet();
      const me = (view.players || [])[view.you] || {};
      const d = me.discounts || {};
      const ratio = Math.max(1, 4 - (d.bank_trade || 0));
      const ironRatio = Math.max(1, 3 - (d.bank_trade || 0) - (d.iron_trade || 0));
      box.append(el("div", { class: "row small" }, el("span", { class: "muted" }, `Bank (${ratio}:1, iron ${ironRatio}:1):`),
        giveSel, "→", getSel, el("button", { type: "button", class: "small", id: "bank-trade", onclick: () => ctx.act(getSel.value),
          onmouseenter: () => ctx.preview(getSel.value) }, "Trade")));
    }
    return box.childNodes.length ? box : null;
  }

  // ----- players and cities -------------------------------------------------------------------
  function city(player, view, payload, ctx) {
    const grid = el("div", { class: "city", role: "grid", "aria-label": `city of seat ${player.seat}` });
    const slot = view.dice && view.dice.slot;
    const mine = player.seat === view.you;
    const axis = (kind, n) => {
      const node = el("span", { class: "axis", dataset: { [kind]: n } }, String(n));
      return mine ? clickable(node, ctx, ctx.legal.has(`${kind} ${n}`) ? [`${kind} ${n}`] : [], "") : node;
    };
    grid.append(el("span", { class: "axis" }));
    for (let c = 1; c <= 5; c++) grid.append(axis("col", c));
    const rows = player.city || [];
    for (let r = 1; r <= 5; r++) {
      grid.append(axis("row", r));
      for (let c = 1; c <= 5; c++) {
        const cell = (rows[r - 1] || [])[c - 1] || null;
        const node = el("div", { class: "slot", dataset: { row: r, col: c, seat: player.seat } });
        if (cell && cell.kind === "wonder") {
          node.classList.add("filled", "wonder");
          node.append(el("span", {}, cell.name || titleCase(cell.id)));
          node.title = cell.name || cell.id;
        } else if (cell) {
          node.classList.add("filled", "building", `line-${cell.line}`);
          if (cell.special) node.classList.add("special");
          node.append(el("span", { class: "lvl" }, `${titleCase(cell.line || "")} ${cell.level ?? ""}`), el("span", {}, cell.name || ""));
          if (cell.pop) node.append(el("span", { class: "pop", title: "population" }, `♟${cell.pop}`));
          node.title = `${cell.name || ""} (level ${cell.level ?? "?"}, ${cell.line || ""})`;
        }
        if (slot && slot[0] === r && slot[1] === c) { node.classList.add("bonus"); node.title = (node.title ? node.title + " — " : "") + "bonus slot"; }
        if (mine) clickable(node, ctx, [...ctx.legal].filter((t) => t.split(" ").length === 3 && t.endsWith(` ${r} ${c}`)), "");
        grid.append(node);
      }
    }
    return grid;
  }

  function playerPanel(player, view, payload, ctx) {
    const cls = ["panel", "player"];
    if (player.seat === view.you) cls.push("me");
    if (player.seat === view.current && !view.finished) cls.push("current");
    const bd = player.cp_breakdown || {};
    const trait = player.trait === null || player.trait === undefined ? el("span", { class: "tag", title: "hidden" }, "trait ?")
      : el("span", { class: "tag" }, titleCase(player.trait));
    const gov = player.government ? el("span", { class: "tag" }, titleCase(player.government)) : null;
    return el("section", { class: cls.join(" "), dataset: { seat: player.seat } },
      el("h2", {}, seatLabel(payload, player.seat), el("span", { class: "cp" }, `${player.cp ?? 0} CP`)),
      el("div", { class: "tags" }, trait, gov, player.age ? el("span", { class: "tag" }, titleCase(player.age)) : null,
        el("span", { class: "tag" }, `${(player.researched || []).length} researched`),
        player.population ? el("span", { class: "tag" }, `pop ${player.population.total ?? 0} / free ${player.population.free ?? 0}`) : null,
        player.humble_beginnings ? el("span", { class: "tag", title: "humble beginnings" }, titleCase(player.humble_beginnings)) : null,
        player.achieved ? el("span", { class: "tag wonder", title: "objective met this round" }, `${titleCase(player.achieved)} achieved`) : null,
        player.blocked ? el("span", { class: "tag", title: "For The Glory: this seat can no longer win by civilization" }, "civ victory blocked") : null),
      el("div", { class: "breakdown" }, Object.entries(bd).map(([k, v]) => `${titleCase(k)} ${v}`).join(" · ")),
      player.hand ? el("div", { class: "resline" }, el("span", { class: "label" }, "Hand"), resources(player.hand, { all: true })) : null,
      player.ptp ? el("div", { class: "resline" }, el("span", { class: "label" }, "PTP"), resources(player.ptp, { all: true })) : null,
      city(player, view, payload, ctx),
      (player.wonders || []).length || (player.benefits || []).length ? el("div", { class: "tags" },
        (player.wonders || []).map((w) => el("span", { class: "tag wonder" }, wonderName(view, w))),
        (player.benefits || []).map((b) => el("span", { class: "tag" }, benefitName(view, b)))) : null);
  }

  function wonderName(view, id) {
    const w = (view.wonders || []).find((x) => x.id === id);
    return w ? w.name : titleCase(id);
  }
  function benefitName(view, id) {
    const b = (view.benefits || []).find((x) => x.id === id);
    return b ? b.name : titleCase(id);
  }

  // ----- tech board ---------------------------------------------------------------------------
  function techBoard(view, ctx) {
    const techs = view.tech || [];
    if (!techs.length) return null;
    const byId = new Map(techs.map((t) => [t.id, t]));
    const board = el("div", { class: "techboard" });
    const cards = new Map();
    for (const age of AGES.concat([...new Set(techs.map((t) => t.age))].filter((a) => !AGES.includes(a)))) {
      const list = techs.filter((t) => t.age === age);
      if (!list.length) continue;
      board.append(el("div", { class: "age" }, el("h3", {}, titleCase(age)), el("div", { class: "techs" }, list.map((t) => {
        const reduced = t.your_cost !== undefined && t.your_cost !== null && t.your_cost !== t.cost;
        const card = el("div", { class: `tech ${t.status || "locked"}`, dataset: { tech: t.id } },
          el("span", { class: "cost", title: "cost in gold" }, reduced ? el("s", {}, String(t.cost)) : null,
            el("span", { class: "res gold" }, String(t.your_cost ?? t.cost ?? "?"))),
          el("div", { class: "name" }, t.name || titleCase(t.id)),
          (t.requires || []).length ? el("div", { class: "unl" }, "needs " + t.requires.map((r) => (byId.get(r) || { name: titleCase(r) }).name).join(", ")) : null,
          (t.unlocks || []).length ? el("div", { class: "unl" }, "unlocks " + t.unlocks.map((u) => (byId.get(u) ? byId.get(u).name : titleCase(u))).join(", ")) : null);
        cards.set(t.id, card);
        clickable(card, ctx, legalNaming(ctx, t.id, ["research"]), "");
        return card;
      }))));
    }
    // the graph: pointing at a card draws arrows from the advances it needs and to the advances
    // it opens, and lights those cards up
    const needs = (t) => [...(t.requires || []), ...(t.requires_any || [])];
    const opens = new Map(techs.map((t) => [t.id, []]));
    for (const t of techs) for (const r of needs(t)) if (opens.has(r)) opens.get(r).push(t.id);
    const SVG = "http://www.w3.org/2000/svg";
    const overlay = document.createElementNS(SVG, "svg");
    overlay.setAttribute("class", "tech-edges");
    overlay.setAttribute("aria-hidden", "true");
    board.append(overlay);
    const clearEdges = () => {
      while (overlay.firstChild) overlay.removeChild(overlay.firstChild);
      for (const n of cards.values()) n.classList.remove("highlight", "opens");
    };
    const edge = (from, to, cls) => {
      const base = board.getBoundingClientRect();
      const a = from.getBoundingClientRect();
      const b = to.getBoundingClientRect();
      const line = document.createElementNS(SVG, "line");
      line.setAttribute("x1", String(a.left + a.width / 2 - base.left));
      line.setAttribute("y1", String(a.top + a.height / 2 - base.top));
      line.setAttribute("x2", String(b.left + b.width / 2 - base.left));
      line.setAttribute("y2", String(b.top + b.height / 2 - base.top));
      line.setAttribute("class", cls);
      overlay.append(line);
    };
    for (const t of techs) {
      const card = cards.get(t.id);
      card.addEventListener("mouseenter", () => {
        clearEdges();
        for (const r of needs(t)) {
          const n = cards.get(r);
          if (n) { n.classList.add("highlight"); edge(n, card, "needs"); }
        }
        for (const o of opens.get(t.id) || []) {
          const n = cards.get(o);
          if (n) { n.classList.add("opens"); edge(card, n, "opens"); }
        }
      });
      card.addEventListener("mouseleave", clearEdges);
    }
    return el("section", { class: "panel", id: "techboard" }, el("h2", {}, "Technology"),
      el("p", { class: "muted small" }, "Green: researched · blue border: available · grey: locked. "
        + "Point at a card: red lines come from the advances it needs, blue lines go to the advances it opens."),
      board);
  }

  function buildingsPanel(view, payload, ctx) {
    const lines = view.buildings || [];
    if (!lines.length) return null;
    const you = view.you;
    return el("section", { class: "panel", id: "buildings" }, el("h2", {}, "Buildings"),
      el("p", { class: "muted small" }, "Build a new building (then choose its slot), or click one of your buildings to upgrade it."),
      el("div", { class: "wonders" }, lines.map((line) => {
        const first = (line.levels || [])[0] || {};
        const built = you !== null && you !== undefined && Array.isArray(line.built) ? line.built[you] : null;
        const card = el("div", { class: "wonder-card building-card" + (line.kind === "special" ? " special" : ""), dataset: { building: line.id } },
          el("div", { class: "name" }, `${titleCase(line.id)}`, el("span", { class: "muted small" }, ` · ${line.kind}`)),
          el("div", { class: "small muted" }, (line.levels || []).map((l) => `${l.level}. ${l.name}`).join(" → ")),
          el("div", { class: "small" }, "new: ", resources(first.your_cost || first.cost, { empty: "free" }),
            built !== null ? el("span", { class: "muted" }, ` · yours ${built}/${line.max_count ?? "?"}`) : null));
        clickable(card, ctx, ctx.legal.has(`build ${line.id}`) ? [`build ${line.id}`] : [], "");
        return card;
      })));
  }

  function wondersPanel(view, payload, ctx) {
    const wonders = view.wonders || [];
    if (!wonders.length) return null;
    return el("section", { class: "panel", id: "wonders" }, el("h2", {}, "Wonders"), el("div", { class: "wonders" }, wonders.map((w) => {
      const card = el("div", { class: "wonder-card" + (w.owner !== null && w.owner !== undefined ? " taken" : ""), dataset: { wonder: w.id } },
        el("div", { class: "name" }, w.name || titleCase(w.id)),
        el("div", { class: "small muted" }, [titleCase(w.age || ""), titleCase(w.kind || ""), `${w.cp ?? "?"} CP`].filter(Boolean).join(" · ")),
        w.owner !== null && w.owner !== undefined ? el("div", { class: "small" }, `built by ${seatLabel(payload, w.owner)}`)
          : el("div", { class: "small" }, resources(w.your_cost || w.cost, { empty: "free" })));
      clickable(card, ctx, legalNaming(ctx, w.id), "");
      return card;
    })));
  }

  function benefitsPanel(view, payload, ctx) {
    const benefits = view.benefits || [];
    if (!benefits.length) return null;
    const groups = {};
    for (const b of benefits) (groups[b.government || "common"] = groups[b.government || "common"] || []).push(b);
    return el("section", { class: "panel", id: "benefits" }, el("h2", {}, "Government benefits"),
      el("div", { class: "row top" }, Object.entries(groups).map(([gov, list]) => el("div", { class: "stack" },
        el("h3", {}, titleCase(gov)), list.map((b) => {
          const taken = b.taken_by !== null && b.taken_by !== undefined;
          const card = el("div", { class: "wonder-card" + (taken ? " taken" : ""), dataset: { benefit: b.id } },
            el("div", { class: "name" }, b.name || titleCase(b.id)),
            taken ? el("div", { class: "small" }, `taken by ${seatLabel(payload, b.taken_by)}`) : null);
          clickable(card, ctx, legalNaming(ctx, b.id), "");
          return card;
        })))));
  }

  function summary(view, payload) {
    const players = view.players || [];
    const result = payload.result || view.result || {};
    const winners = result.winners || [];
    const keys = [...new Set(players.flatMap((p) => Object.keys(p.cp_breakdown || {})))];
    return el("section", { class: "panel summary", id: "summary" }, el("h2", {}, "Final score"),
      result.reason ? el("p", { class: "muted" }, result.reason) : null,
      el("table", {}, el("tr", {}, el("th", {}, "Player"), keys.map((k) => el("th", {}, titleCase(k))), el("th", {}, "CP")),
        players.map((p) => el("tr", { class: winners.includes(p.seat) ? "winner" : "" }, el("td", {}, seatLabel(payload, p.seat),
          winners.includes(p.seat) ? " ★" : ""),
        keys.map((k) => el("td", {}, String((p.cp_breakdown || {})[k] ?? 0))), el("td", {}, String(p.cp ?? 0))))));
  }

  // ----- planner ------------------------------------------------------------------------------
  function findCost(view, id) {
    for (const [key, list] of Object.entries(view)) {
      if (!Array.isArray(list) || key === "players") continue;
      const item = list.find((x) => x && typeof x === "object" && (x.id === id || x.name === id));
      if (item && (item.your_cost !== undefined || item.cost !== undefined)) {
        return { item, cost: costObject(item.your_cost ?? item.cost) };
      }
    }
    return null;
  }

  function preview(text, payload) {
    const view = payload.view || {};
    const me = view.you !== null && view.you !== undefined ? (view.players || [])[view.you] : null;
    if (!me || !text) return null;
    const parts = text.split(" ");
    let found = null;
    const lines = view.buildings || [];
    if (parts[0] === "build") {
      const line = lines.find((l) => l.id === parts[1]);
      const first = line && (line.levels || [])[0];
      if (first) found = { item: first, cost: costObject(first.your_cost ?? first.cost) };
    } else if (parts[0] === "upgrade" && parts.length === 3) {
      const cell = ((me.city || [])[Number(parts[1]) - 1] || [])[Number(parts[2]) - 1];
      const line = cell && lines.find((l) => l.id === cell.line);
      const nextLevel = line && (line.levels || []).find((l) => l.level === (cell.level || 0) + 1);
      if (nextLevel) found = { item: nextLevel, cost: costObject(nextLevel.your_cost ?? nextLevel.cost) };
    } else if (parts[0] !== "slot" && parts[0] !== "assign") {
      for (const arg of parts.slice(1)) { found = findCost(view, arg); if (found) break; }
    }
    if (!found) {
      if (parts[0] === "bank") {
        const d = me.discounts || {};
        const n = Math.max(1, parts[1] === "iron" ? 3 - (d.bank_trade || 0) - (d.iron_trade || 0) : 4 - (d.bank_trade || 0));
        const cost = { [parts[1]]: n };
        const left = {};
        for (const r of RESOURCES) left[r] = ((me.hand || {})[r] || 0) - (cost[r] || 0) + (r === parts[2] ? 1 : 0);
        return el("div", {},
          el("div", { class: "resline" }, el("span", { class: "label" }, "Costs"), resources(cost)),
          el("div", { class: "resline" }, el("span", { class: "label" }, "Leaves"), resources(left, { all: true })));
      }
      return null;
    }
    const cost = found.cost || {};
    const left = {};
    const short = {};
    for (const r of RESOURCES) {
      left[r] = ((me.hand || {})[r] || 0) - (cost[r] || 0);
      if (left[r] < 0) short[r] = true;
    }
    return el("div", {},
      found.item && found.item.name ? el("div", {}, found.item.name) : null,
      el("div", { class: "resline" }, el("span", { class: "label" }, "Costs"), resources(cost, { empty: "nothing" })),
      el("div", { class: "resline" }, el("span", { class: "label" }, "Leaves"), resources(left, { all: true, short })));
  }

  Civ.renderers.inceptum = {
    render(board, payload, ctx) {
      const view = payload.view || {};
      board.append(el("div", { class: "inc-top" }, roundPanel(view, payload), mePanel(view, payload, ctx)));
      if (payload.finished || view.finished) board.append(summary(view, payload));
      const players = [...(view.players || [])];
      if (view.you !== null && view.you !== undefined) players.sort((a, b) => (b.seat === view.you) - (a.seat === view.you));
      const playersGrid = el("div", { class: "players" }, players.map((p) => playerPanel(p, view, payload, ctx)));
      board.append(playersGrid);
      // the panel holding the current choice comes first, so nobody has to scroll for it
      const panels = [techBoard(view, ctx), buildingsPanel(view, payload, ctx), wondersPanel(view, payload, ctx),
        benefitsPanel(view, payload, ctx)].filter(Boolean);
      const urgent = (p) => p.querySelector(".clickable") && (
        (p.id === "benefits" && payload.your_turn) || (p.id === "wonders" && payload.decision.kind === "wonder"));
      for (const p of panels) {
        if (urgent(p)) board.insertBefore(p, playersGrid);
        else board.append(p);
      }
    },
    preview,
    label(text, payload) {
      const parts = text.split(" ");
      if (parts[0] === "offer" && parts.length === 2) return `to ${Civ.seatName(payload, Number(parts[1]))}`;
      if (parts[0] === "bank" && parts.length === 3) return `${parts[1]} → ${parts[2]}`;
      const view = payload.view || {};
      if (parts[0] === "research" || parts[0] === "wonder" || parts[0] === "benefit") {
        const list = parts[0] === "research" ? view.tech : parts[0] === "wonder" ? view.wonders : view.benefits;
        const item = (list || []).find((x) => x.id === parts[1]);
        if (item && item.name) return item.name;
      }
      return null;
    },
  };
})();
