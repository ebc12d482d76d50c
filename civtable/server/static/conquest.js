/* Conquest: the map drawn in the page from the seat's view — built once per map and then updated
   in place (owners, settlements, units, highlights), never downloaded again — with every decision
   made on the table: click a territory to found, settle, build, upgrade, move, attack or recruit
   (legal territories are highlighted; pointing at one says what the click does), pick a
   civilization from its card, and the phase's own buttons (Done, an extra research roll, paying
   a Monument, whom to fight first). Panels per player: VP, civilization, traits, pieces. */
"use strict";

(() => {
  const { el, clear, titleCase } = Civ;
  const SVG = "http://www.w3.org/2000/svg";
  const CELL = 14;
  const READABLE = 1.2;  // CSS px a map unit: a territory's number some 12 px high, a unit's marker 8 px wide
  const LAND = "#e8dcb5";
  const SEA = "#a9cfe8";
  const MARK = { salt: "Sa", fish: "Fi", trade: "Tr", grain: "Gr", herds: "He", wine: "Wi", olives: "Ol",
    wood: "Wo", iron: "Ir", stone: "St", gold: "Go" };
  const PHASES = {
    map: "drawing the map", civ: "choosing civilizations", city: "placing starting Cities", famine: "famine: feeding units",
    build: "building Monuments", upgrade: "turning Villages into Cities", settle: "placing Villages", move: "moving units",
    battle: "battles", recruit: "recruiting units", research: "research", over: "game over",
  };
  /** What to do in each phase, in a newcomer's words (shown above the map when it is your turn). */
  const HOWTO = {
    civ: "Choose your civilization: each starts with two traits.",
    city: "Click a highlighted land territory to found your first City.",
    famine: "Not enough Food: click a unit or City to leave unfed.",
    build: "Click one of your highlighted Cities to build a Monument (1 VP every turn), or Done.",
    upgrade: "Click a highlighted Village to make it a City, or Done.",
    settle: "Click a highlighted empty territory to place a Village, or Done.",
    move: "Click your units' territory, then where they go; Done when finished.",
    battle: "Choose whom to fight first.",
    recruit: "Click a highlighted City (Army) or sea next to it (Fleet) to recruit, or Done.",
    research: "Buy an extra research roll, or Done.",
  };

  function svgEl(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) node.setAttribute(k, String(v));
    return node;
  }

  /** The territory number an action names (its last whole-number argument), or null. */
  function territoryOf(text) {
    const nums = text.split(" ").slice(1).filter((a) => /^\d+$/.test(a));
    return nums.length ? Number(nums[0]) : null;
  }

  // ----- the map, kept between positions --------------------------------------------------------------
  const kept = { key: null, box: null, svg: null, paths: new Map(), marks: null, titles: new Map() };

  const OWNED = 0.72;  // how much of the owner's colour: the sea (light blue) and a blue player's land stay apart
  /** A territory's colour once a player holds it: the owner's colour (as beside the player's
      name) lightened toward white, drawn in place of the land's — never blended with the land's
      beige, which turned blue into grey-green. Its hue stays the owner's, clear of the sea. */
  function ownedFill(seat) {
    const hex = Civ.seatColour(seat);
    const mix = (k) => Math.round(Number.parseInt(hex.slice(k, k + 2), 16) * OWNED + 255 * (1 - OWNED));
    return `rgb(${mix(1)}, ${mix(3)}, ${mix(5)})`;
  }


  function buildMap(view, key) {
    const mp = view.map;
    const w = mp.width * CELL;
    const h = mp.height * CELL;
    const svg = svgEl("svg", { viewBox: `0 0 ${w} ${h}`, class: "conquest-map", role: "img",
      "aria-label": "the map: click a highlighted territory to act on it", "font-family": "sans-serif", "data-zoom": "map" });
    // a phone would draw a territory's number some 5 px high: the map opens zoomed to a readable
    // size (zoom.js), dragged inside its frame to see the rest, Fit for the whole
    svg.dataset.zoomReadable = String(Math.round(w * READABLE));
    svg.append(svgEl("rect", { width: w, height: h, fill: SEA }));
    const ground = svgEl("g", { class: "territories", stroke: "#555", "stroke-width": 1, "fill-rule": "evenodd" });
    const labels = svgEl("g", { class: "labels", "pointer-events": "none", "font-size": 9 });
    kept.paths = new Map();
    kept.titles = new Map();
    for (const t of mp.territories) {
      const d = t.outline.map((loop) => `M${loop.map(([x, y]) => `${x * CELL} ${y * CELL}`).join(" L")} Z`).join(" ");
      const path = svgEl("path", { d, fill: t.land ? LAND : SEA, class: `territory ${t.land ? "land" : "sea"}`,
        "data-territory": t.id, "data-land": t.land ? "true" : "false" });
      const title = svgEl("title", {});
      path.append(title);
      ground.append(path);
      kept.paths.set(t.id, path);
      kept.titles.set(t.id, title);
      const [cx, cy] = [t.center[0] * CELL, t.center[1] * CELL];
      // the number and the resource on one line above the centre: the settlement and the units
      // drawn below it never cover them
      const label = svgEl("text", { x: cx.toFixed(1), y: (cy - 7).toFixed(1), "text-anchor": "middle", fill: "#333" });
      const num = svgEl("tspan", { class: "tid" });
      num.textContent = String(t.id);
      const res = svgEl("tspan", { fill: "#555", "font-size": 8, class: "tres" });
      res.textContent = ` ${MARK[t.resource] || String(t.resource).slice(0, 2)}`;
      label.append(num, res);
      // a light plate under the label (sized once laid out: plateLabels) keeps it readable over
      // any border, however thick a highlight draws it
      labels.append(svgEl("rect", { class: "plate", rx: 2, fill: "#fff", "fill-opacity": 0.8 }), label);
    }
    kept.marks = svgEl("g", { class: "marks", "pointer-events": "none", "font-size": 9 });
    svg.append(ground, labels, kept.marks);
    kept.svg = svg;
    kept.key = key;
    kept.plated = false;
    kept.box = el("div", { class: "map-box", id: "cq-map" }, svg);
  }

  function who(payload, view, seat) {
    if (seat === null || seat === undefined) return "nobody";
    const p = (view.players || [])[seat];
    return `${Civ.seatName(payload, seat)}${p && p.civ_name ? ` (${p.civ_name})` : ""}`;
  }

  /** Owners, settlements, Monuments and units of this position, drawn over the kept map. */
  function updateMap(view, payload) {
    const dyn = new Map((view.territories || []).map((t) => [t.id, t]));
    const marks = clear(kept.marks);
    for (const t of view.map.territories) {
      const d = dyn.get(t.id) || {};
      const path = kept.paths.get(t.id);
      const owned = d.owner !== null && d.owner !== undefined;
      path.setAttribute("fill", owned ? ownedFill(d.owner) : t.land ? LAND : SEA);
      if (owned) path.dataset.owner = String(d.owner); else delete path.dataset.owner;
      const res = (Civ.term(`resource:${t.resource}`) || {}).name || titleCase(t.resource);
      const bits = [`Territory ${t.id} (${t.land ? "land" : "sea"}, ${res})`];
      if (d.settlement) bits.push(`${titleCase(d.settlement)} of ${who(payload, view, d.owner)}`);
      if (d.monuments) bits.push(`${d.monuments} Monument${d.monuments > 1 ? "s" : ""}`);
      for (const [s, n] of Object.entries(d.armies || {})) bits.push(`${n} ${n > 1 ? "Armies" : "Army"} of ${who(payload, view, Number(s))}`);
      for (const [s, n] of Object.entries(d.fleets || {})) bits.push(`${n} ${n > 1 ? "Fleets" : "Fleet"} of ${who(payload, view, Number(s))}`);
      kept.titles.get(t.id).textContent = bits.join("; ");
      const [cx, cy] = [t.center[0] * CELL, t.center[1] * CELL];
      // below the label line: the settlement (and its Monuments), then a row of units under it
      let top = cy - 4;
      if (d.settlement) {
        const col = Civ.seatColour(d.owner);
        if (d.settlement === "city") {
          marks.append(svgEl("rect", { x: cx - 6, y: cy + 2, width: 12, height: 9, fill: col, stroke: "#000", class: "city" }),
            svgEl("polygon", { points: `${cx - 7},${cy + 2} ${cx},${cy - 4} ${cx + 7},${cy + 2}`, fill: col, stroke: "#000" }));
        } else {
          marks.append(svgEl("circle", { cx, cy: cy + 3, r: 4.5, fill: col, stroke: "#000", class: "village" }));
        }
        if (d.monuments) {
          const m = svgEl("text", { x: cx + 9, y: cy + 9, fill: "#000", "font-weight": "bold", class: "monument" });
          m.textContent = `▲${d.monuments}`;
          marks.append(m);
        }
        top = cy + 13;
      }
      const units = [...Object.entries(d.armies || {}).sort().map(([seat, n]) => ["army", seat, n]),
        ...Object.entries(d.fleets || {}).sort().map(([seat, n]) => ["fleet", seat, n])];
      let dx = -units.length * 7;
      for (const [kind, seat, n] of units) {
        const fill = Civ.seatColour(Number(seat));
        marks.append(kind === "army"
          ? svgEl("rect", { x: cx + dx, y: top, width: 7, height: 7, fill, stroke: "#000", class: "army" })
          : svgEl("polygon", { points: `${cx + dx},${top} ${cx + dx + 8},${top} ${cx + dx + 4},${top + 7}`, fill, stroke: "#000", class: "fleet" }));
        const c = svgEl("text", { x: cx + dx + 9, y: top + 7, "font-size": 8 });
        c.textContent = String(n);
        marks.append(c);
        dx += 14;
      }
    }
  }

  /** Size every label's plate to its text, once the map is laid out (getBBox needs it). */
  function plateLabels() {
    if (kept.plated || !kept.svg || !kept.svg.isConnected) return;
    for (const text of kept.svg.querySelectorAll(".labels text")) {
      const b = text.getBBox();
      if (!b.width) return;  // not laid out yet (a folded panel): the next drawing sizes them
      const plate = text.previousElementSibling;
      for (const [k, v] of Object.entries({ x: b.x - 1.5, y: b.y, width: b.width + 3, height: b.height })) plate.setAttribute(k, v.toFixed(1));
    }
    kept.plated = true;
  }

  /** A territory in words: "Territory 25 (Iron)". */
  function territoryName(view, t) {
    const found = (view.map.territories || []).find((x) => x.id === t);
    const res = found ? (Civ.term(`resource:${found.resource}`) || {}).name || titleCase(found.resource) : null;
    return `Territory ${t}${res ? ` (${res})` : ""}`;
  }

  /** The action a click on territory `t` would play in this phase (to hear why it cannot), or null. */
  function wouldPlay(view, t, land) {
    const unit = land ? "army" : "fleet";
    const frame = view.frame || {};
    const tried = { city: `city ${t}`, settle: `village ${t}`, upgrade: `upgrade ${t}`, build: `monument ${t}`,
      famine: `starve ${unit} ${t}`, recruit: `recruit ${unit} ${t}`,
      move: frame.kind === "move" ? `to ${t}` : `unit ${unit} ${t}` }[view.phase];
    return frame.kind && frame.kind !== "move" ? null : tried || null;
  }

  /** Every territory acts on the legal actions that name it (a chooser when there are several);
      the others say why a click does nothing (the phase's action refused, or nothing to do there). */
  function wireMap(view, ctx) {
    const byTerritory = new Map();
    for (const text of ctx.legal) {
      const t = territoryOf(text);
      if (t === null) continue;
      if (!byTerritory.has(t)) byTerritory.set(t, []);
      byTerritory.get(t).push(text);
    }
    const frame = view.frame || {};
    for (const [t, path] of kept.paths) {
      const name = territoryName(view, t);
      Civ.table.actOn(path, byTerritory.get(t) || [], ctx, { heading: name,
        tried: wouldPlay(view, t, path.dataset.land === "true"), why: `${name}: there is nothing to do there now.` });
      path.classList.toggle("source", frame.kind === "move" && frame.from === t);
      path.classList.toggle("fight", frame.kind === "fight" && frame.territory === t);
    }
  }

  /** When the map is zoomed in and none of the highlighted territories shows in its frame, move
      it to the one nearest the frame's centre (zoom.js). */
  function revealTargets() {
    requestAnimationFrame(() => {
      const frame = kept.box && kept.box.querySelector(".zoom-frame.zoomed");
      const targets = frame ? [...frame.querySelectorAll(".territory.clickable")] : [];
      if (!targets.length) return;
      const f = frame.getBoundingClientRect();
      const centre = (n) => { const b = n.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; };
      const inside = ([x, y]) => x >= f.left && x <= f.right && y >= f.top && y <= f.bottom;
      if (targets.some((n) => inside(centre(n)))) return;  // one is in view
      const far = (n) => { const [x, y] = centre(n); return Math.hypot(x - (f.left + f.width / 2), y - (f.top + f.height / 2)); };
      Civ.zoom.show(targets.reduce((a, b) => (far(b) < far(a) ? b : a)));
    });
  }

  // ----- panels -------------------------------------------------------------------------------------
  function categoryChips(pool) {
    const names = Object.keys(pool || {});
    return el("span", { class: "reslist" }, names.map((k, i) => el("span", { class: `tag cat${pool[k] ? "" : " zero"}`, dataset: { term: `category:${i}` } },
      `${titleCase(k)} ${pool[k]}`)));
  }

  const ORDINAL = ["1st", "2nd", "3rd", "4th", "5th", "6th"];
  /** One player's panel, the players' table of the page: its place in the turn order (every
      round goes round the table from Player 1), name and colour, VP, civilization and pieces. */
  function playerPanel(p, view, payload) {
    const traits = Object.entries(p.traits || {}).filter(([, t]) => t && t.level > 0)
      .map(([id, t]) => el("span", { class: "tag", dataset: { term: `trait:${id}` } }, `${(Civ.term(`trait:${id}`) || {}).name || titleCase(id)} ${t.level}`));
    const cls = ["panel", "player", "compact", "cq-player"];
    if (p.seat === view.you) cls.push("me");
    if (p.seat === view.current && !view.finished) cls.push("current");
    const pieces = [
      ["piece:city", `Cities ${p.cities}`], ["piece:village", `Villages ${p.villages}`],
      ["piece:monument", `Monuments ${p.monuments} (limit ${p.monument_limit})`],
      ["piece:army", `Armies ${p.armies}`], ["piece:fleet", `Fleets ${p.fleets}`],
    ];
    const place = ORDINAL[p.seat] || `${p.seat + 1}th`;
    return Civ.tint(el("section", { class: cls.join(" "), dataset: { seat: p.seat } },
      el("h2", {}, el("span", { class: "cq-order", title: `plays ${place} in every round` }, place),
        Civ.seatChip(payload, p.seat, p.seat === view.you ? " (you)" : ""), el("span", { class: "spacer" }),
        el("span", { class: "cp", dataset: { term: "rule:vp" } }, `${p.vp} / ${view.victory_points} VP`)),
      el("div", {}, p.civ ? el("span", { class: "tag civ", dataset: { term: `civ:${p.civ}` } }, p.civ_name || titleCase(p.civ))
        : el("span", { class: "muted small" }, "no civilization yet")),
      el("div", { class: "tags" }, traits.length ? traits : el("span", { class: "muted small" }, "no traits yet")),
      el("div", { class: "tags" }, pieces.map(([term, text]) => el("span", { class: "tag", dataset: { term } }, text)),
        el("span", { class: "tag", title: "units you may recruit this turn" }, `unit limit ${p.unit_limit}`))), p.seat);
  }

  function turnLine(view, payload) {
    const t = view.turn || {};
    const bits = [];
    if (t.villages_placed) bits.push(Civ.count(t.villages_placed, "Village") + " placed");
    if (t.recruited) bits.push(Civ.count(t.recruited, "unit") + " recruited");
    if (t.rolls_due) bits.push(Civ.count(t.rolls_due, "free research roll") + " due");
    if (view.phase === "research") bits.push(`an extra roll costs ${Civ.count(t.next_roll_cost, "resource")}`);
    if (t.famine_deficit) bits.push(`${t.famine_deficit} Food short`);
    if (t.battle) bits.push(`battle in territory ${t.battle}${t.battle_defender !== null && t.battle_defender !== undefined
      ? ` against ${Civ.seatName(payload, t.battle_defender)}` : ""}`);
    const f = view.frame;
    if (f && f.kind === "pay") bits.push(`paying for the Monument in territory ${f.territory}: ${Civ.count(f.left, "resource")} left`);
    if (f && f.kind === "move") bits.push(`moving ${f.unit === "army" ? "Armies" : "Fleets"} from territory ${f.from}: click where they go`);
    return bits.join(" · ");
  }

  /** The civilizations to choose from, as cards (taken ones greyed). */
  function civChooser(view, payload, ctx) {
    const offered = [...ctx.legal].filter((t) => t.startsWith("civ "));
    if (!offered.length) return null;
    const taken = new Map((view.players || []).filter((p) => p.civ).map((p) => [p.civ, p.seat]));
    const civs = Object.entries(Civ.glossary.terms).filter(([k]) => k.startsWith("civ:"));
    return el("section", { class: "panel", id: "cq-civs" }, el("h2", {}, "Choose your civilization"),
      el("div", { class: "civ-cards" }, civs.map(([k, c]) => {
        const id = k.slice(4);
        const card = el("div", { class: `civ-card${taken.has(id) ? " taken" : ""}`, dataset: { civ: id } },
          el("div", { class: "name", dataset: { term: k } }, c.name),
          el("div", { class: "small" }, c.text),
          taken.has(id) ? el("div", { class: "muted small" }, `taken by ${Civ.seatName(payload, taken.get(id))}`) : null);
        return Civ.table.actOn(card, [`civ ${id}`], ctx);
      })));
  }

  /** The phase's own buttons: Done, an extra research roll, Cancel, Feed, paying, whom to fight. */
  function phaseBar(view, payload, ctx) {
    const legal = [...ctx.legal];
    const buttons = [];
    const button = (text, label, cls) => Civ.table.actOn(el("button", { type: "button", class: `small ${cls || ""}`.trim() }, label), [text], ctx);
    for (const t of legal.filter((x) => x.startsWith("pay "))) {
      const cat = t.split(" ")[1];
      buttons.push(button(t, `Pay 1 ${titleCase(cat)} (${(view.pool || {})[cat] || 0} in the pool)`));
    }
    for (const t of legal.filter((x) => x.startsWith("fight "))) {
      const civ = t.split(" ")[1];
      const owner = (view.players || []).find((p) => p.civ === civ);
      buttons.push(button(t, `Fight ${owner ? Civ.seatName(payload, owner.seat) : ""} (${(Civ.term(`civ:${civ}`) || {}).name || titleCase(civ)}) first`));
    }
    if (ctx.legal.has("feed")) buttons.push(button("feed", "Feed with 1 Gold"));
    if (ctx.legal.has("buy")) buttons.push(button("buy", `Buy a research roll (${Civ.count((view.turn || {}).next_roll_cost, "resource")})`));
    if (ctx.legal.has("cancel")) buttons.push(button("cancel", "Cancel", "secondary"));
    if (ctx.legal.has("done")) buttons.push(button("done", `Done ${PHASES[view.phase] ? `— end ${PHASES[view.phase]}` : ""}`, "done"));
    if (!buttons.length) return null;
    return el("div", { class: "row phase-bar", id: "cq-phase-bar" }, buttons);
  }

  let keyOpen = null;  // the resource key opened or folded by the person (null: open)
  function legends(view, payload) {
    // the players and their colours are in the bar above and in the players' panels (with their
    // civilizations and their turn order): not listed here a third time
    const resources = Object.entries(Civ.glossary.terms).filter(([k]) => k.startsWith("resource:"));
    const land = el("span", { class: "legend-item", dataset: { term: "terrain:land" } }, el("span", { class: "swatch land" }), "Land");
    const sea = el("span", { class: "legend-item", dataset: { term: "terrain:sea" } }, el("span", { class: "swatch sea" }), "Sea");
    const terrain = el("div", { class: "legend", id: "terrain-legend" }, el("strong", {}, "Map: "), land, sea,
      el("span", { class: "legend-item", dataset: { term: "piece:city" } }, "⌂ City"),
      el("span", { class: "legend-item", dataset: { term: "piece:village" } }, "● Village"),
      el("span", { class: "legend-item", dataset: { term: "piece:monument" } }, "▲ Monuments"),
      el("span", { class: "legend-item", dataset: { term: "piece:army" } }, "■ Army"),
      el("span", { class: "legend-item", dataset: { term: "piece:fleet" } }, "▼ Fleet"));
    // the key of the labels' abbreviations ("25 Ir": territory 25 yields Iron), open on every
    // screen (a phone has no pointer to read a territory's tooltip); a person who folds it keeps it folded
    const marks = resources.length ? el("details", { class: "small resource-key", id: "resource-key", open: keyOpen ?? true },
    el("summary", { onclick: (ev) => { keyOpen = !ev.currentTarget.parentElement.open; } }, "Resources on the map"),
    el("div", { class: "legend" }, resources.map(([k, r]) => el("span", { class: "legend-item", dataset: { term: k } },
      el("strong", {}, MARK[k.slice(9)] || r.name.slice(0, 2)), ` ${r.name}`)))) : null;
    return el("div", { class: "legends" }, terrain, marks);
  }

  Civ.renderers.conquest = {
    optionsAfter: "section.panel.map",  // on one column the options follow the part of the table played on (game_options.js)
    kindTitles: { civ: "Civilization", city: "Starting City", village: "Place a Village", upgrade: "Village into City",
      monument: "Build a Monument", unit: "Move a unit", to: "Move it to", recruit: "Recruit", starve: "Famine: lose",
      feed: "Feed", fight: "Fight", pay: "Pay with", buy: "Buy", done: "Done", cancel: "Cancel" },
    render(board, payload, ctx) {
      const view = payload.view || {};
      const active = view.current;
      const mine = payload.your_turn;
      const top = el("section", { class: "panel", id: "cq-turn" },
        el("h2", {}, `Round ${view.round ?? 0}`, el("span", { class: "muted small" },
          ` · ${active !== null && active !== undefined && view.phase !== "over" ? `${Civ.seatName(payload, active)}'s turn: ` : ""}${PHASES[view.phase] || view.phase || ""}`)),
        // the pool is a turn's resources: once the game is over there is no turn, and no pool to show
        payload.finished || view.phase === "over" ? null
          : el("div", { class: "resline", id: "cq-pool" }, el("span", { class: "label" }, "Pool"), categoryChips(view.pool),
            el("span", { class: "muted small" }, " this turn's resources (unused ones are lost)")),
        turnLine(view, payload) ? el("div", { class: "small", id: "cq-turn-line" }, turnLine(view, payload)) : null,
        mine && HOWTO[view.phase] ? el("p", { class: "howto-now", id: "cq-howto" }, HOWTO[view.phase]) : null,
        mine ? phaseBar(view, payload, ctx) : null);
      board.append(top);
      if (mine && view.phase === "civ") { const chooser = civChooser(view, payload, ctx); if (chooser) board.append(chooser); }
      if (view.map) {
        const key = `${payload.id}/${view.map.seed}/${view.map.width}x${view.map.height}`;
        if (kept.key !== key) buildMap(view, key);
        updateMap(view, payload);
        wireMap(view, ctx);
        board.append(el("section", { class: "panel map" }, el("h2", {}, "Map"), legends(view, payload), kept.box));
        requestAnimationFrame(plateLabels);
        revealTargets();
      } else {
        board.append(el("section", { class: "panel map" }, el("p", { class: "muted" }, "The map is being drawn.")));
      }
      board.append(el("div", { class: "players", id: "cq-players" }, (view.players || []).map((p) => playerPanel(p, view, payload))));
      if (payload.finished && payload.result) board.append(Civ.renderers.generic.result(payload));
    },
    /** The big moments since the seat's last turn (its last turn and the others' since, or the
        others' since its previous turn and this one while it plays), after the others' turns as
        the log tells them; for a spectator, the big moments of the last turn of every player.
        Moments told before the game counted turns are older. */
    recentMoments(payload, list) {
      const view = payload.view || {};
      const n = (view.players || []).length || 1;
      const now = view.turns ?? 0;
      const me = view.you;
      const playing = me !== null && me !== undefined;
      const from = !playing || me === view.current || view.current === null || view.current === undefined
        ? now - n + 1 : now - ((view.current - me + n) % n);
      const big = list.filter((m) => typeof m.turn === "number" && m.turn >= from);
      // what the others did, as the log tells it (their phases' ends and the units picked before
      // they move left out), under the battles
      const turns = playing && !payload.finished ? Civ.table.turnsSince(payload, me, / ends the \w+ phase\.$| to move\.$/) : [];
      return { moments: [...turns, ...big],
        since: playing && !payload.finished ? "Since your last turn" : "In the last turn of every player" };
    },
    /** Point at an option: its territory lights up on the map. */
    preview(text) {
      for (const n of kept.paths.values()) n.classList.remove("hl");
      const t = territoryOf(String(text || ""));
      if (t !== null && kept.paths.has(t)) kept.paths.get(t).classList.add("hl");
      return null;
    },
    /** An option's words: the game's description when there is one, else the action with its territory. */
    label(text) {
      const said = Civ.table.describe(text);
      if (said) return said.title;
      const parts = text.split(" ");
      if (parts.length >= 2 && /^\d+$/.test(parts[parts.length - 1])) {
        return `${parts.slice(1, -1).join(" ")} territory ${parts[parts.length - 1]}`.trim();
      }
      return null;
    },
  };
})();
