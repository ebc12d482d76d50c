/* Dominations: the triangular land as SVG (click a free space to place the chosen tile, with the
   chosen rotation; click a tile for its City, Monument or Inventor actions), your hand, stocks and
   limits, the Civilisation Tree as a grid of cards, the Monuments and the other players. */
"use strict";

(() => {
  const { el, clear } = Civ;
  const SVGNS = "http://www.w3.org/2000/svg";
  const COLOURS = ["yellow", "orange", "blue", "green", "red", "purple"];
  const DOMAIN = { yellow: "Trade", orange: "Craftsmanship", blue: "Art", green: "Science", red: "Government", purple: "Religion" };
  const FILL = { yellow: "#e8c531", orange: "#e48a2a", blue: "#3d7fd6", green: "#3fa34d", red: "#cf3b32",
                 purple: "#8a4fb8", vestigium: "#ffffff", corruptio: "#222222" };
  const UNIT = 46;
  const pick = { tile: null, rotation: 0 };

  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
      else if (k === "style") node.style.cssText = String(v);  // CSSOM: the page's CSP refuses style attributes
      else if (v !== null && v !== undefined) node.setAttribute(k, String(v));
    }
    for (const c of children.flat()) if (c) node.append(c);
    return node;
  }
  const point = (i, j) => [(i + j * 0.5) * UNIT, -j * 0.8660254 * UNIT];
  function corners(i, j, o) {
    return o === 0 ? [[i, j], [i + 1, j], [i, j + 1]] : [[i + 1, j], [i + 1, j + 1], [i, j + 1]];
  }
  function neighbours(i, j, o) {
    return o === 0 ? [[i, j - 1, 1], [i, j, 1], [i - 1, j, 1]] : [[i + 1, j, 0], [i, j + 1, 0], [i, j, 0]];
  }
  const key = (c) => c.join(",");
  const orient = (o) => (Number(o) === 0 ? "▲" : "▼");

  /** One triangle: Camp in the middle, the three Resources in its corners (as turned). */
  function triangle(cell, camp, resources, extra) {
    const pts = corners(...cell).map(([a, b]) => point(a, b));
    const cx = (pts[0][0] + pts[1][0] + pts[2][0]) / 3;
    const cy = (pts[0][1] + pts[1][1] + pts[2][1]) / 3;
    const g = svg("g", { class: "cell" + (extra && extra.cls ? ` ${extra.cls}` : ""), "data-cell": key(cell) },
      svg("polygon", { points: pts.map((p) => p.join(",")).join(" "), fill: camp ? "#f3ecd9" : "none",
        stroke: "#6b5b3e", "stroke-width": 1 }));
    if (camp) g.append(svg("circle", { cx, cy, r: UNIT * 0.13, fill: FILL[camp], stroke: "#333" }));
    (resources || []).forEach((r, k) => {
      const [px, py] = pts[k];
      g.append(svg("circle", { cx: px + (cx - px) * 0.3, cy: py + (cy - py) * 0.3, r: UNIT * 0.07, fill: FILL[r], stroke: "#333" }));
    });
    if (extra && extra.label) g.append(svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 11, "font-weight": "bold" }, extra.label));
    return g;
  }

  function placeActions(legal, tile) {
    const out = new Map();
    for (const t of legal) {
      const p = t.split(" ");
      if (p[0] !== "place" || p[1] !== tile) continue;
      const k = `${p[2]},${p[3]},${p[4]}`;
      if (!out.has(k)) out.set(k, []);
      out.get(k).push(t);
    }
    return out;
  }

  function cellActions(legal, cellKey) {
    const [i, j, o] = cellKey.split(",");
    return [...legal].filter((t) => {
      const p = t.split(" ");
      return ["city", "upgrade", "site", "reactivate"].includes(p[0]) && p[1] === i && p[2] === j && p[3] === o;
    });
  }

  function land(view, ctx, payload) {
    const cells = new Map();
    for (const c of view.cradle) cells.set(key(c), { cell: c, cradle: true });
    for (const t of view.board) cells.set(key(t.cell), { cell: t.cell, tile: t });
    const legal = ctx.readonly ? [] : [...(ctx.legal || [])];
    const places = pick.tile ? placeActions(legal, pick.tile) : new Map();
    const free = new Set();
    for (const { cell } of cells.values()) for (const nb of neighbours(...cell)) if (!cells.has(key(nb))) free.add(key(nb));
    for (const k of places.keys()) free.add(k);
    const all = [...cells.values()].map((x) => x.cell).concat([...free].map((k) => k.split(",").map(Number)));
    const xs = all.flatMap((c) => corners(...c).map(([a, b]) => point(a, b)[0]));
    const ys = all.flatMap((c) => corners(...c).map(([a, b]) => point(a, b)[1]));
    const pad = 10;
    const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad];
    // drawn at about 1.6 px per unit of the land, never wider than its panel (a young land stays small)
    const wide = Math.min(900, Math.max(280, box[2] * 1.6));
    const root = svg("svg", { viewBox: box.join(" "), class: "dom-land", role: "img", "aria-label": "the land",
                              style: `width:100%;max-width:${wide}px;height:auto` });
    for (const { cell, cradle, tile } of cells.values()) {
      if (cradle) { root.append(triangle(cell, null, null, { cls: "cradle", label: "" })); continue; }
      const shown = [0, 1, 2].map((k) => tile.resources[(k + tile.rotation) % 3]);
      const label = tile.monument ? "M" : tile.city ? `${tile.city[1]}` : "";
      const g = triangle(cell, tile.camp, shown, { label });
      const acts = ctx.readonly ? [] : cellActions(ctx.legal || [], key(cell));
      if (acts.length) {
        g.classList.add("clickable");
        g.addEventListener("click", () => (acts.length === 1 ? ctx.act(acts[0]) : ctx.choose(g, acts)));
        g.addEventListener("mouseenter", () => ctx.preview(acts[0]));
      }
      g.setAttribute("data-term", tile.monument ? `monument:${tile.monument}` : tile.city ? "piece:city" : `colour:${tile.camp}`);
      g.append(svg("title", {}, `${DOMAIN[tile.camp]} Camp${tile.city ? `, City level ${tile.city[1]} of ${Civ.playerName(payload, tile.city[0])}` : ""}`));
      root.append(g);
    }
    for (const k of free) {
      const cell = k.split(",").map(Number);
      const acts = places.get(k);
      if (!acts) { root.append(triangle(cell, null, null, { cls: "free" })); continue; }
      const action = acts.find((t) => t.endsWith(` ${pick.rotation}`)) || acts[0];
      const tile = view.players[view.you].hand.find((t) => t.id === pick.tile);
      const r = Number(action.split(" ")[5]);
      const g = triangle(cell, tile.camp, [0, 1, 2].map((x) => tile.resources[(x + r) % 3]), { cls: "target clickable" });
      g.setAttribute("data-action", action);
      g.setAttribute("opacity", "0.55");
      g.addEventListener("click", () => ctx.act(action));
      g.addEventListener("mouseenter", () => ctx.preview(action));
      root.append(g);
    }
    return root;
  }

  function hand(view, ctx) {
    const me = view.players[view.you];
    if (!me || !me.hand) return null;
    const placing = choosePick(view, ctx);
    const tiles = me.hand.map((t) => {
      const mini = svg("svg", { viewBox: `-4 -44 54 48`, width: 60, class: "dom-tile" },
        triangle([0, 0, 0], t.camp, [0, 1, 2].map((k) => t.resources[(k + (t.id === pick.tile ? pick.rotation : 0)) % 3])));
      return el("button", { type: "button", class: "small tilepick" + (t.id === pick.tile ? " chosen" : ""), dataset: { tile: t.id },
        title: `${DOMAIN[t.camp]} Camp; Resources ${t.resources.map((r) => DOMAIN[r] || Civ.titleCase(r)).join(", ")}`,
        onclick: () => { pick.tile = t.id; ctx.rerender(); } }, mini, el("div", { class: "small" }, t.id));
    });
    const turn = placing ? el("button", { type: "button", class: "small", id: "rotate",
      onclick: () => { pick.rotation = (pick.rotation + 1) % 3; ctx.rerender(); } }, `Turn the tile (rotation ${pick.rotation})`) : null;
    return el("section", { class: "panel" }, el("h2", {}, "Your Land tiles"),
      placing ? el("p", { class: "muted small" }, "Choose a tile, turn it, then click a highlighted space of the land.") : null,
      el("div", { class: "row" }, tiles, turn));
  }

  /** Keep a chosen tile from the hand while placing (the first one by default). */
  function choosePick(view, ctx) {
    const me = view.players[view.you];
    const placing = !ctx.readonly && [...(ctx.legal || [])].some((t) => t.startsWith("place "));
    if (!me || !me.hand) return false;
    if (pick.tile && !me.hand.some((t) => t.id === pick.tile)) pick.tile = null;
    if (placing && !pick.tile && me.hand.length) pick.tile = me.hand[0].id;
    return placing;
  }

  function stocks(view, payload) {
    const rows = view.players.map((p) => el("tr", { class: p.seat === view.you ? "me" : "" },
      el("td", {}, Civ.playerName(payload, p.seat) + (p.seat === view.you ? " (you)" : "")), el("td", {}, String(p.vp)), el("td", {}, String(p.influence)),
      COLOURS.map((c) => el("td", { dataset: { term: `colour:${c}` } }, `${p.stock[c]}/${p.limit[c]}`)),
      el("td", {}, String(p.city_tokens)), el("td", {}, String(p.hand_size))));
    return el("section", { class: "panel" }, el("h2", {}, "Knowledge / limit"),
      el("table", { class: "list small" }, el("tr", {}, el("th", {}, "Player"), el("th", { dataset: { term: "rule:vp" } }, "VP"),
        el("th", { dataset: { term: "rule:influence" } }, "Influence"),
        COLOURS.map((c) => el("th", { style: `color:${FILL[c]}`, dataset: { term: `colour:${c}` } }, DOMAIN[c])),
        el("th", { dataset: { term: "piece:city" } }, "Cities left"), el("th", {}, "Hand")), rows));
  }

  /** Legal actions putting a card on a Tree square, by "x,y" (develop, assimilate, monument). */
  function squareActions(legal) {
    const out = new Map();
    for (const t of legal) {
      const p = t.split(" ");
      let xy = null;
      if ((p[0] === "develop" || p[0] === "assimilate") && p.length === 5) xy = `${p[3]},${p[4]}`;
      if (p[0] === "monument" && p.length === 4) xy = `${p[2]},${p[3]}`;
      if (!xy) continue;
      if (!out.has(xy)) out.set(xy, []);
      out.get(xy).push(t);
    }
    return out;
  }

  function treeGrid(p, ctx, mine) {
    const squares = mine && !ctx.readonly ? squareActions([...(ctx.legal || [])]) : new Map();
    const spots = [...squares.keys()].map((k) => k.split(",").map(Number));
    const xs = p.tree.map((c) => c.x).concat(spots.map((s) => s[0]));
    const ys = p.tree.map((c) => c.y).concat(spots.map((s) => s[1]));
    const minX = Math.min(...xs); const maxX = Math.max(...xs); const maxY = Math.max(...ys); const minY = Math.min(...ys);
    const grid = el("div", { class: "dom-tree", style: `display:grid;grid-template-columns:repeat(${maxX - minX + 1}, 8.5em);gap:4px` });
    const at = new Map(p.tree.map((c) => [`${c.x},${c.y}`, c]));
    for (let y = maxY; y >= minY; y--) {
      for (let x = minX; x <= maxX; x++) {
        const c = at.get(`${x},${y}`);
        if (!c) {
          const acts = squares.get(`${x},${y}`);
          if (!acts) { grid.append(el("div", {})); continue; }
          const spot = el("button", { type: "button", class: "small secondary tree-spot", dataset: { x: String(x), y: String(y) },
            title: `${acts.length} card(s) can go here`, style: "min-height:4em;border-style:dashed" }, `+ ${acts.length} card(s)`);
          spot.addEventListener("click", () => (acts.length === 1 ? ctx.act(acts[0]) : ctx.choose(spot, acts)));
          grid.append(spot);
          continue;
        }
        const nod = (k) => el("span", { class: "nodus", dataset: { term: `colour:${c.nodus[k]}` }, style: `display:inline-block;width:10px;height:10px;border-radius:50%;border:1px solid #333;background:${FILL[c.nodus[k]]}` }, "");
        const termId = c.kind === "mastery" ? `mastery:${c.id}` : c.kind === "level" ? `monument:${c.id}` : `campfire:${c.id}`;
        grid.append(el("div", { class: "card" + (c.advanced ? " advanced" : ""), dataset: { card: c.id, term: termId },
          style: `border:2px solid ${FILL[c.colour] || "#999"};padding:3px;min-height:4em;position:relative` },
        el("div", { class: "small" }, nod(0)), el("strong", { class: "small" }, c.name + (c.advanced ? " ★" : "")),
        el("div", { class: "small muted" }, c.value ? `value ${c.value}` : c.kind),
        el("div", { class: "small" }, "W ", nod(3), " E ", nod(1), " S ", nod(2))));
      }
    }
    return grid;
  }

  function monuments(view, payload) {
    return el("section", { class: "panel" }, el("h2", {}, "Monuments"),
      el("ul", { class: "small" }, view.monuments.map((m) => el("li", {},
        el("span", { dataset: { term: `monument:${m.id}` } }, m.name), `: ${m.built}/${m.levels} levels; next `,
        m.next_cost ? Object.entries(m.next_cost).map(([c, n]) => `${n} ${DOMAIN[c]}`).join(", ") : "complete",
        `; control ${m.control.map((n, q) => `${Civ.playerName(payload, q)} ${n}`).join(", ")} (${m.control_vp} VP)`))));
  }

  /** A named thing's name from the glossary (content names), else its id in title case. */
  const termName = (id, fallback) => (Civ.term(id) ? Civ.term(id).name : Civ.titleCase(fallback));

  let last = null;
  Civ.renderers.dominations = {
    render(board, payload, ctx) {
      const view = payload.view;
      last = { board, payload, ctx };
      if (view.you !== null && view.you !== undefined) choosePick(view, ctx);
      ctx.rerender = () => { clear(last.board); Civ.renderers.dominations.render(last.board, last.payload, last.ctx); };
      const roleList = Object.entries(view.roles || {});
      const roles = roleList.length ? roleList.flatMap(([r, q], k) => [k ? ", " : "",
        el("span", { dataset: { term: `domination:${r}` } }, Civ.titleCase(r)), `: ${Civ.seatName(payload, q)}`]) : null;
      const order = (view.initiative || []).map((q) => Civ.seatName(payload, q)).join(" → ");
      Civ.append(board, [
        el("section", { class: "panel" }, el("h2", {}, `Age ${view.age} of 3 — turn ${Math.min(view.turn, view.turns_per_age)} of ${view.turns_per_age}`),
          el("p", { class: "small" }, el("span", { dataset: { term: "rule:initiative" } }, "Initiative"), `: ${order || "—"}. Land tiles left: ${view.pile}.`), roles ? el("p", { class: "small", id: "dom-roles" }, el("span", {}, "Domination cards: "), roles) : null),
        el("section", { class: "panel map" }, el("h2", {}, "The land"), land(view, ctx, payload)),
        view.you !== null && view.you !== undefined ? hand(view, ctx) : null,
        stocks(view, payload),
        view.players.map((p) => el("section", { class: "panel player" + (p.seat === view.you ? " me" : ""), dataset: { seat: String(p.seat) } },
          el("h2", {}, `${Civ.playerName(payload, p.seat)}'s Civilisation Tree`, p.objective ? [" — Objective ",
            el("span", { dataset: { term: `objective:${p.objective}` } }, termName(`objective:${p.objective}`, p.objective)), ", Monument ",
            el("span", { dataset: { term: `monument:${p.monument}` } }, termName(`monument:${p.monument}`, p.monument))] : ""),
          treeGrid(p, ctx, p.seat === view.you))),
        monuments(view, payload),
      ]);
      if (payload.finished && payload.result) board.append(Civ.renderers.generic.result(payload));
    },
    preview(text, payload) {
      const p = text.split(" ");
      const cat = payload.view.masteries;
      if (!cat || !["develop", "advance", "assimilate", "flip"].includes(p[0]) || !cat[p[1]]) return null;
      const m = cat[p[1]];
      const side = ["advance", "flip"].includes(p[0]) ? m.advanced : m.basic;
      const cost = p[0] === "advance" ? m.upgrade_cost : p[0] === "develop" ? m.value : 0;
      return el("div", { class: "small" }, el("strong", { dataset: { term: `mastery:${p[1]}` } }, m.name), ` — ${DOMAIN[m.colour]}, value ${m.value}`,
        cost ? `; costs ${cost} ${DOMAIN[m.colour]}` : "; free", m.prerequisite ? `; needs ${m.prerequisite}` : "",
        el("ul", {}, side.map((e) => el("li", {}, e))));
    },
    label(text, payload) {
      const p = text.split(" ");
      const cat = payload && payload.view && payload.view.masteries;
      if (cat && ["develop", "assimilate"].includes(p[0]) && cat[p[1]]) return `${cat[p[1]].name} (copy ${p[2]}) at (${p[3]},${p[4]})`;
      if (cat && ["advance", "flip"].includes(p[0]) && cat[p[1]]) return cat[p[1]].name;
      const me = payload && payload.view && payload.view.you !== null && payload.view.you !== undefined
        ? payload.view.players[payload.view.you] : null;
      const tile = me && me.hand && ["place", "discard"].includes(p[0]) ? me.hand.find((t) => t.id === p[1]) : null;
      // a tile by what it shows: its Camp's Domain and its three corners' Domains
      const named = tile ? `${DOMAIN[tile.camp] || tile.camp} Camp (${tile.resources.map((r) => DOMAIN[r] || r).join("/")})` : p[1];
      if (p[0] === "discard") return named;
      if (p[0] === "choose" && p.length === 3) {  // the secret Objective and Monument kept at setup
        const name = (kind, id) => (Civ.term(`${kind}:${id}`) || {}).name || id;
        return `${name("objective", p[1])} + ${name("monument", p[2])}`;
      }
      if (p[0] === "place") return `${named} at (${p[2]},${p[3]},${orient(p[4])}) turn ${p[5]}`;
      if (["city", "upgrade", "site", "reactivate"].includes(p[0])) return `(${p[1]},${p[2]},${orient(p[3])})`;
      if (p[0] === "vest" || p[0] === "convert") return p.slice(1).map((c) => DOMAIN[c] || c).join(" → ");
      return null;
    },
  };
})();
