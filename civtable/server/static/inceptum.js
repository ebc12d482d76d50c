/* The Inceptum table: tech board, 5x5 cities with dice slot, hands and PTP, wonders, government
   benefits, trades (bank and offers), turn planner and end-of-game summary. Everything shown comes
   from the seat's own view; every click plays one of the seat's legal actions in its text form. */
"use strict";

(() => {
  const { el, resources, titleCase, RESOURCES } = Civ;
  const AGES = ["ancient", "medieval", "modern"];
  // the tech board's arrows are drawn where the cards were: a new window size (a phone turned)
  // moves the cards, so the arrows go until the next pointing
  window.addEventListener("resize", () => {
    for (const overlay of document.querySelectorAll(".tech-edges")) overlay.replaceChildren();
  });

  function seatLabel(payload, seat) {
    if (seat === null || seat === undefined) return "—";
    return Civ.seatChip(payload, seat, payload.seat === seat ? " (you)" : "");
  }
  function seatText(payload, seat) {
    return Civ.seatName(payload, seat) + (payload.seat === seat ? " (you)" : "");
  }
  const MODE_TITLES = { mission1: "Mission 1: The Foundations", mission2: "Mission 2: The Mastery",
    journey: "Journey to Modern Civilization", glory: "For The Glory" };

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

  /** A board element that plays one of `actions` (legal ones) through the shared Civ.table.actOn
      (the highlight, a chooser for several, the description when pointed at); with none legal, a
      click says why `tried` (the action it would play) is refused, or what the decision is. */
  function clickable(node, ctx, actions, tried) {
    if (ctx.readonly) return node;
    return Civ.table.actOn(node, actions, ctx, { tried: actions.length ? null : tried || null });
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
      el("h2", {}, view.round ? `Round ${view.round}` : "Before round 1", view.mode ? el("span", { class: "muted small", id: "mode-label", dataset: { term: `mode:${view.mode}` } },
        ` · ${MODE_TITLES[view.mode] || Civ.modeName(view.mode)}`) : null),
      el("div", { class: "row" },
        dice ? el("div", { class: "dice", dataset: { term: "rule:bonus_slot" } },
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
    if (pending.slot_for) {
      const f = pending.slot_for;
      const t = Civ.term(f.kind === "wonder" ? `wonder:${f.id}` : `building:${f.id}`);
      parts.push(el("div", { class: "small" }, `Placing ${t ? t.name : titleCase(f.id)}${f.free ? " (free)" : ""}: choose an empty slot of your city.`));
    }
    for (const [what, seats] of Object.entries(pending)) {
      if (!seats || typeof seats !== "object") continue;
      const entries = Object.entries(seats).filter(([seat]) => /^\d+$/.test(seat));
      if (!entries.length) continue;
      parts.push(el("div", { class: "small muted" }, what === "redraw" ? "Trait decisions: " : `${titleCase(what)}: `,
        entries.map(([seat, st]) => `${Civ.seatName(payload, Number(seat))} ${typeof st === "object" ? "" : st}`).join(" · ")));
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
      el("div", { class: "resline" },
        el("span", { class: "label", dataset: { term: "rule:ptp" } }, "PTP"), resources(production, { all: true })),
      el("div", { class: "resline", title: "your hand plus next round's production, if you spend nothing more" },
        el("span", { class: "label" }, "Next round"), resources(next, { all: true })),
      me.population ? el("div", { class: "small muted" }, `Population ${me.population.total ?? 0} (${me.population.free ?? 0} free)`) : null,
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
        el("div", {}, el("strong", {}, seatLabel(payload, offer.from), " → ", seatLabel(payload, offer.to))),
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
    const grid = el("div", { class: "city", role: "grid", "aria-label": `city of ${seatText(payload, player.seat)}` });
    const slot = view.dice && view.dice.slot;
    const mine = player.seat === view.you;
    const deciding = ((ctx.payload || {}).decision || {}).kind;
    const axis = (kind, n) => {
      const node = el("span", { class: "axis", dataset: { [kind]: n } }, String(n));
      return mine ? clickable(node, ctx, ctx.legal.has(`${kind} ${n}`) ? [`${kind} ${n}`] : [], deciding === "bonus_slot" ? `${kind} ${n}` : null) : node;
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
          node.dataset.term = `wonder:${cell.id}`;
          node.append(el("span", {}, Civ.breakable(cell.name || titleCase(cell.id))));
        } else if (cell) {
          node.classList.add("filled", "building", `line-${cell.line}`);
          if (cell.special) node.classList.add("special");
          node.append(el("span", { class: "lvl" }, `${titleCase(cell.line || "")} ${cell.level ?? ""}`), el("span", {}, Civ.breakable(cell.name || "")));
          if (cell.pop) node.append(el("span", { class: "pop", "aria-label": "population" }, `♟${cell.pop}`));
          node.dataset.term = `level:${cell.line}:${cell.level}`;
        }
        if (slot && slot[0] === r && slot[1] === c) { node.classList.add("bonus"); if (!node.dataset.term) node.dataset.term = "rule:bonus_slot"; }
        // a slot that cannot act says why: taken (choosing a slot), or its building not upgradable now
        const tried = deciding === "slot" ? `slot ${r} ${c}` : deciding === "bonus_slot" ? `bonus ${r} ${c}` : cell ? `upgrade ${r} ${c}` : null;
        if (mine) clickable(node, ctx, [...ctx.legal].filter((t) => t.split(" ").length === 3 && t.endsWith(` ${r} ${c}`)), tried);
        grid.append(node);
      }
    }
    return grid;
  }

  function tags(player, view) {
    const trait = view.mode === "mission1" ? null : player.trait === null || player.trait === undefined ? el("span", { class: "tag", title: "secret until everyone has decided" }, "trait ?")
      : el("span", { class: "tag", dataset: { term: `trait:${player.trait}` } }, titleCase(player.trait));
    const gov = player.government ? el("span", { class: "tag", dataset: { term: `advance:${player.government}` } }, titleCase(player.government)) : null;
    const hb = player.humble_beginnings ? el("span", { class: "tag", dataset: { term: `hb:${player.humble_beginnings}` } },
      hbName(player.humble_beginnings)) : null;
    return el("div", { class: "tags" }, trait, gov, player.age ? el("span", { class: "tag" }, titleCase(player.age)) : null,
      el("span", { class: "tag" }, Civ.count((player.researched || []).length, "advance")),
      player.population ? el("span", { class: "tag" }, `population ${player.population.total ?? 0} (${player.population.free ?? 0} free)`) : null,
      hb,
      player.achieved ? el("span", { class: "tag wonder", title: "objective met this round" }, "objectives met") : null,
      player.blocked ? el("span", { class: "tag", title: "For The Glory: this player can no longer win by civilization" }, "civ victory blocked") : null);
  }
  function hbName(id) {
    const t = Civ.term(`hb:${id}`);
    return t ? t.name : titleCase(id);
  }

  /** A small picture of a city: one coloured square per slot (click to see the whole city). */
  function miniCity(player, view) {
    const grid = el("div", { class: "mini-city", "aria-hidden": "true" });
    const slot = view.dice && view.dice.slot;
    (player.city || []).forEach((row, r) => row.forEach((cell, c) => {
      const cls = ["m"];
      if (cell && cell.kind === "wonder") cls.push("wonder");
      else if (cell) cls.push(cell.special ? "special" : `line-${cell.line}`, `lv${cell.level}`);
      if (slot && slot[0] === r + 1 && slot[1] === c + 1) cls.push("bonus");
      grid.append(el("span", { class: cls.join(" ") }, cell && cell.kind !== "wonder" ? String(cell.level) : ""));
    }));
    return grid;
  }

  /** Every player at a glance: name and colour, CP, hand, production, population, a miniature
      city that opens on click. The four of a full table fit one row of a laptop screen. */
  function playerPanel(player, view, payload, ctx) {
    const cls = ["panel", "player", "compact"];
    if (player.seat === view.you) cls.push("me");
    if (player.seat === view.current && !view.finished) cls.push("current");
    const bd = player.cp_breakdown || {};
    const details = el("div", { class: "player-city hidden" }, city(player, view, payload, ctx),
      el("div", { class: "breakdown" }, Object.entries(bd).map(([k, v]) => `${titleCase(k)} ${v}`).join(" · ")));
    const mini = miniCity(player, view);
    const toggle = el("button", { type: "button", class: "secondary small city-toggle", "aria-expanded": "false",
      onclick: () => {
        const open = details.classList.toggle("hidden") === false;
        toggle.setAttribute("aria-expanded", String(open));
        toggle.textContent = open ? "Hide city" : "City";
        mini.classList.toggle("hidden", open);
      } }, "City");
    const panel = el("section", { class: cls.join(" "), dataset: { seat: player.seat } },
      el("h2", {}, seatLabel(payload, player.seat), el("span", { class: "spacer" }),
        el("span", { class: "cp", dataset: { term: "rule:cp" } }, `${player.cp ?? 0} CP`)),
      el("div", { class: "resline hand" }, el("span", { class: "label" }, "Hand"), resources(player.hand, { all: true })),
      el("div", { class: "resline ptp" }, el("span", { class: "label", dataset: { term: "rule:ptp" } }, "PTP"), resources(player.ptp_next || player.ptp, { all: true })),
      tags(player, view),
      (player.wonders || []).length || (player.benefits || []).length ? el("div", { class: "tags" },
        (player.wonders || []).map((w) => el("span", { class: "tag wonder", dataset: { term: `wonder:${w}` } }, wonderName(view, w))),
        (player.benefits || []).map((b) => el("span", { class: "tag", dataset: { term: `benefit:${b}` } }, benefitName(view, b)))) : null,
      player.seat === view.you ? null : el("div", { class: "row mini-row" }, mini, toggle),
      player.seat === view.you ? null : details);
    return Civ.tint(panel, player.seat);
  }

  /** Your own city, full size, where building and upgrading happen. */
  function myCityPanel(view, payload, ctx) {
    const me = view.you !== null && view.you !== undefined ? (view.players || [])[view.you] : null;
    if (!me) return null;
    const bd = me.cp_breakdown || {};
    return el("section", { class: "panel", id: "my-city" }, el("h2", {}, "Your city"),
      el("p", { class: "muted small" }, "The red frame is this round's bonus slot. Point at (or tap) a building for what it gives."),
      city(me, view, payload, ctx),
      el("div", { class: "breakdown" }, "CP: ", Object.entries(bd).map(([k, v]) => `${titleCase(k)} ${v}`).join(" · ")));
  }

  /** The keep-or-redraw decision, with what the trait does and how it wins. */
  function traitDecision(view, payload, ctx) {
    if (!payload.your_turn || payload.decision.kind !== "redraw") return null;
    const me = (view.players || [])[view.you] || {};
    if (!me.trait) return null;
    const t = Civ.term(`trait:${me.trait}`);
    return el("section", { class: "panel decision-card", id: "trait-decision" },
      el("h2", {}, "Your trait: ", el("span", { dataset: { term: `trait:${me.trait}` } }, t ? t.name : titleCase(me.trait))),
      t ? el("p", { class: "big", id: "trait-text" }, t.effect || t.text) : null,
      t && t.victory ? el("p", { class: "small" }, el("strong", {}, "Its victory (For The Glory): "), t.victory) : null,
      el("p", { class: "small muted" }, "Keep it, or redraw once: the new card must be kept."),
      el("div", { class: "row" }, ["keep", "redraw"].filter((a) => ctx.legal.has(a)).map((a) =>
        el("button", { type: "button", class: a === "keep" ? "" : "secondary", dataset: { action: a }, onclick: () => ctx.act(a) },
          a === "keep" ? "Keep this trait" : "Redraw"))));
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
        const card = el("div", { class: `tech ${t.status || "locked"}`, dataset: { tech: t.id, term: `advance:${t.id}` } },
          el("span", { class: "cost", title: "cost in gold" }, reduced ? el("s", {}, String(t.cost)) : null,
            el("span", { class: "res gold" }, String(t.your_cost ?? t.cost ?? "?"))),
          el("div", { class: "name" }, t.name || titleCase(t.id)),
          (t.requires || []).length ? el("div", { class: "unl" }, "needs " + t.requires.map((r) => (byId.get(r) || { name: titleCase(r) }).name).join(", ")) : null,
          (t.unlocks || []).length ? el("div", { class: "unl" }, "unlocks " + t.unlocks.map((u) => (byId.get(u) ? byId.get(u).name : titleCase(u))).join(", ")) : null);
        cards.set(t.id, card);
        clickable(card, ctx, legalNaming(ctx, t.id, ["research"]), `research ${t.id}`);
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
        + "Point at (or tap) a card: red lines come from the advances it needs, blue lines go to the advances it opens."),
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
        const card = el("div", { class: "wonder-card building-card" + (line.kind === "special" ? " special" : ""), dataset: { building: line.id, term: `building:${line.id}` } },
          el("div", { class: "name" }, first.name || titleCase(line.id), el("span", { class: "muted small" }, ` · ${line.kind}`)),
          el("div", { class: "small muted" }, (line.levels || []).map((l) => `${l.level}. ${l.name}`).join(" → ")),
          el("div", { class: "small" }, "new: ", resources(first.your_cost || first.cost, { empty: "free" }),
            built !== null ? el("span", { class: "muted" }, ` · yours ${built}/${line.max_count ?? "?"}`) : null));
        clickable(card, ctx, ctx.legal.has(`build ${line.id}`) ? [`build ${line.id}`] : [], `build ${line.id}`);
        return card;
      })));
  }

  function wondersPanel(view, payload, ctx) {
    const wonders = view.wonders || [];
    if (!wonders.length) return null;
    return el("section", { class: "panel", id: "wonders" }, el("h2", {}, "Wonders"), el("div", { class: "wonders" }, wonders.map((w) => {
      const card = el("div", { class: "wonder-card" + (w.owner !== null && w.owner !== undefined ? " taken" : ""), dataset: { wonder: w.id, term: `wonder:${w.id}` } },
        el("div", { class: "name" }, w.name || titleCase(w.id)),
        el("div", { class: "small muted" }, [titleCase(w.age || ""), titleCase(w.kind || ""), `${w.cp ?? "?"} CP`].filter(Boolean).join(" · ")),
        w.owner !== null && w.owner !== undefined ? el("div", { class: "small" }, "built by ", seatLabel(payload, w.owner))
          : el("div", { class: "small" }, resources(w.your_cost || w.cost, { empty: "free" })));
      clickable(card, ctx, legalNaming(ctx, w.id), `wonder ${w.id}`);
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
          const card = el("div", { class: "wonder-card" + (taken ? " taken" : ""), dataset: { benefit: b.id, term: `benefit:${b.id}` } },
            el("div", { class: "name" }, b.name || titleCase(b.id)),
            taken ? el("div", { class: "small" }, "taken by ", seatLabel(payload, b.taken_by)) : null);
          clickable(card, ctx, legalNaming(ctx, b.id), `benefit ${b.id}`);
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
    } else if (["research", "wonder", "benefit"].includes(parts[0])) {  // not trades: "give food" is no building
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

  /** Tooltip extras: your cost after reductions, from your own view. */
  function termExtra(id, payload) {
    const view = payload.view || {};
    const [kind, key, level] = id.split(":");
    let cost = null;
    if (kind === "advance") { const t = (view.tech || []).find((x) => x.id === key); if (t && t.your_cost !== undefined) cost = { gold: t.your_cost }; }
    if (kind === "wonder") { const w = (view.wonders || []).find((x) => x.id === key); if (w && w.your_cost) cost = w.your_cost;
      if (w && w.owner !== null && w.owner !== undefined) return el("div", { class: "small" }, `Built by ${Civ.seatName(payload, w.owner)}.`); }
    if (kind === "building" || kind === "level") {
      const line = (view.buildings || []).find((x) => x.id === key);
      const lv = line && (line.levels || [])[(Number(level) || 1) - 1];
      if (lv && lv.your_cost) cost = lv.your_cost;
    }
    if (kind === "benefit") { const b = (view.benefits || []).find((x) => x.id === key);
      if (b && b.taken_by !== null && b.taken_by !== undefined) return el("div", { class: "small" }, `Taken by ${Civ.seatName(payload, b.taken_by)}.`); }
    if (!cost) return null;
    return el("div", { class: "resline" }, el("span", { class: "label" }, "Your cost"), resources(cost, { empty: "free" }));
  }

  // an answered offer: tell the player who made it
  let openOffer = null;
  function offerNotice(view, payload) {
    const mine = openOffer && openOffer.from === view.you && openOffer.proposed;
    if (mine && !view.offer) {
      const answer = [...(payload.log || [])].reverse().find((e) => e.text && e.text.includes("trade offer"));
      Civ.toast(answer ? answer.text : "Your trade offer was answered.", "info");
    }
    openOffer = view.offer ? { ...view.offer } : null;
  }

  /** The end of the seat's turn (or of its free actions), as a button right under the turn's
      banner when it is legal: the same action as in the options list. */
  function endTurn(ctx) {
    const action = ctx.readonly ? null : ["end", "done"].find((t) => ctx.legal.has(t));
    if (!action) return null;
    return el("div", { class: "row inc-end", id: "inc-end" },
      clickable(el("button", { type: "button", class: "secondary" }, action === "end" ? "End your turn" : "Done: end the free actions"), ctx, [action]),
      el("span", { class: "small muted" }, action === "end" ? "when you have nothing more to do this turn" : "and go on with your turn"));
  }

  Civ.renderers.inceptum = {
    optionsAfter: ".inc-top",  // on one column the options follow the part of the table played on (game_options.js)
    render(board, payload, ctx) {
      const view = payload.view || {};
      offerNotice(view, payload);
      const finish = endTurn(ctx);
      if (finish) board.append(finish);
      const decision = traitDecision(view, payload, ctx);
      if (decision) board.append(decision);
      if (payload.finished || view.finished) board.append(payload.score_sheet ? Civ.table.scoreSheet(payload) : summary(view, payload));
      const players = [...(view.players || [])];
      if (view.you !== null && view.you !== undefined) players.sort((a, b) => (b.seat === view.you) - (a.seat === view.you));
      board.append(el("div", { class: "players", id: "players" }, players.map((p) => playerPanel(p, view, payload, ctx))));
      // the round and your resources share one column beside your city: each panel as tall as what it
      // holds (side by side, the short ones stretched to the city's height stood half empty)
      board.append(el("div", { class: "inc-top" },
        el("div", { class: "inc-side", id: "inc-side" }, roundPanel(view, payload), mePanel(view, payload, ctx)),
        myCityPanel(view, payload, ctx)));
      const anchor = board.lastChild;
      // the panel holding the current choice comes first, so nobody has to scroll for it
      const panels = [techBoard(view, ctx), buildingsPanel(view, payload, ctx), wondersPanel(view, payload, ctx),
        benefitsPanel(view, payload, ctx)].filter(Boolean);
      const urgent = (p) => p.querySelector(".clickable") && (
        (p.id === "benefits" && payload.your_turn) || (p.id === "wonders" && payload.decision.kind === "wonder"));
      for (const p of panels) {
        if (urgent(p)) board.insertBefore(p, anchor);
        else board.append(p);
      }
    },
    termExtra,
    preview,
    label(text, payload) {
      const parts = text.split(" ");
      if (parts[0] === "offer" && parts.length === 2) return `to ${Civ.seatName(payload, Number(parts[1]))}`;
      if (parts[0] === "slot" && parts.length === 3) return `row ${parts[1]}, column ${parts[2]}`;
      if (parts[0] === "bonus" && parts.length === 3) return `bonus slot: row ${parts[1]}, column ${parts[2]}`;
      if ((parts[0] === "row" || parts[0] === "col") && parts.length === 2) return `${parts[0] === "row" ? "row" : "column"} ${parts[1]}`;
      if (parts[0] === "upgrade" && parts.length === 3) return `upgrade at row ${parts[1]}, column ${parts[2]}`;
      if (parts[0] === "build" && parts.length === 2) {
        const line = ((payload.view || {}).buildings || []).find((l) => l.id === parts[1]);
        const first = line && (line.levels || [])[0];
        if (first) return `build ${first.name}`;
      }
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
