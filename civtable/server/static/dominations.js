/* Dominations: the table drawn from the seat's view.

   - The land to scale: every placed tile a triangle showing its Camp (the big disc) and its three
     corner Resources as turned, Cities (level, owner's colour) and Monuments on it.
   - Your Land tiles drawn as tiles: pick one, every legal position is highlighted; turn it with the
     button or the R key; point at (or, on a touch screen, tap) a position to preview the tile there
     and what it would Produce; click to place. After a placement, the edges or Loci it may score
     are drawn on the land to click; Cities, upgrades, Monuments' sites and the Inventor's
     reactivation are clicked on their tiles.
   - The Civilisation Tree drawn as a tree (dominations_tree.js): each card on its square with its
     Nodus on its four sides and what it gives; pick a Mastery (or a Monument Level) and the
     squares it fits are highlighted, click one to put it there.
   - The setup choice, the hand's redraw, the Governor's order and Vestigium as cards and buttons.
   Every element that acts goes through Civ.table.actOn (data-action and the highlight class
   "clickable"); the page describes the action before it is chosen (tips, the chooser, the
   preview line under the land). */
"use strict";

(() => {
  const { el, clear } = Civ;
  const SVGNS = "http://www.w3.org/2000/svg";
  const COLOURS = ["yellow", "orange", "blue", "green", "red", "purple"];
  const DOMAIN = Civ.domTree.DOMAIN;  // a colour's Domain
  const placeNames = Civ.domPlaces;  // the places' names (dominations_places.js)
  const UNIT = 60;
  const READABLE_SIDE = 64;  // CSS px: a tile's side at which its Camp and Resources read well
  // what the player has picked on the table (kept across updates of the same decision)
  const pick = { tile: null, rotation: 0, card: null, want: null, preview: null, objective: null, monument: null, from: null };

  // ----- SVG and the triangular lattice ------------------------------------------------------------
  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
      else if (k === "class") node.setAttribute("class", v);
      else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, String(v));
    }
    for (const c of children.flat()) if (c) node.append(c);
    return node;
  }
  const point = (i, j) => [(i + j * 0.5) * UNIT, -j * 0.8660254 * UNIT];
  const corners = (i, j, o) => (Number(o) === 0 ? [[i, j], [i + 1, j], [i, j + 1]] : [[i + 1, j], [i + 1, j + 1], [i, j + 1]]);
  const neighbours = (i, j, o) => (Number(o) === 0 ? [[i, j - 1, 1], [i, j, 1], [i - 1, j, 1]] : [[i + 1, j, 0], [i, j + 1, 0], [i, j, 0]]);
  const key = (c) => c.map(Number).join(",");
  const where = (c) => placeNames.cellName(c);
  const words = (t) => t.split(" ");
  const shown = (resources, r) => [0, 1, 2].map((k) => resources[(k + Number(r)) % 3]);

  /** A tile's triangle: the Camp's disc in the middle, the Resources near their corners. */
  function triangle(cell, tile, resources, cls) {
    const pts = corners(...cell).map(([a, b]) => point(a, b));
    const cx = (pts[0][0] + pts[1][0] + pts[2][0]) / 3;
    const cy = (pts[0][1] + pts[1][1] + pts[2][1]) / 3;
    const g = svg("g", { class: `cell ${cls || ""}`.trim(), "data-cell": key(cell) },
      svg("polygon", { class: "tri", points: pts.map((p) => p.join(",")).join(" ") }));
    if (tile) {
      g.append(svg("circle", { class: `camp c-${tile.camp}`, cx, cy, r: UNIT * 0.15 }));
      (resources || []).forEach((r, k) => {
        const [px, py] = pts[k];
        g.append(svg("circle", { class: `res c-${r}`, cx: px + (cx - px) * 0.32, cy: py + (cy - py) * 0.32, r: UNIT * 0.075 }));
      });
    }
    if (!(cls === "placed" && tile && !tile.cell)) placeNames.label(g, cell, cx, cy);  // a space's name (not in the hand)
    return { g, cx, cy, pts };
  }

  function placedTile(cell, tile, payload) {
    const { g, cx, cy } = triangle(cell, tile, shown(tile.resources, tile.rotation), "placed");
    if (tile.city) {
      const [owner, level] = tile.city;
      g.house = svg("g", { class: "city" },  // drawn over every tile by land(): it overlaps the tile above
        svg("rect", { x: cx - 9, y: cy - 27, width: 18, height: 14, rx: 2, fill: Civ.seatColour(owner) }),
        svg("text", { x: cx, y: cy - 16, "text-anchor": "middle", class: "city-level" }, String(level)));
    }
    if (tile.monument) g.append(svg("text", { x: cx, y: cy + 26, "text-anchor": "middle", class: "standee" }, "★"));
    const city = tile.city ? `; Level ${tile.city[1]} City of ${Civ.playerName(payload, tile.city[0])}` : "";
    const mon = tile.monument ? `; Monument ${(Civ.term(`monument:${tile.monument}`) || {}).name || tile.monument}` : "";
    g.append(svg("title", {}, `${where(cell)}: ${DOMAIN[tile.camp]} Camp; Resources ${shown(tile.resources, tile.rotation)
      .map((r) => DOMAIN[r]).join(", ")}; placed by ${Civ.playerName(payload, tile.by)}${city}${mon}`));
    g.setAttribute("data-term", tile.monument ? `monument:${tile.monument}` : tile.city ? "piece:city" : `colour:${tile.camp}`);
    return g;
  }

  /** Make an SVG or HTML element act (the shared Civ.table.actOn: data-action, the highlight class
      "clickable", click / Enter, the description when pointed at, a chooser for several actions). */
  function acting(node, actions, ctx, heading) {
    if (!actions.length) return node;
    node.setAttribute("aria-label", actions.length === 1 ? label(actions[0], ctx.payload) || actions[0] : heading || "choose");
    return Civ.table.actOn(node, actions, ctx, { heading });
  }
  /** A place of the land with nothing to play now still answers a click: why the action it would
      play is refused (`tried`), or `why` with the decision of the moment. */
  function dimmed(node, ctx, tried, why) { return Civ.table.actOn(node, [], ctx, { tried, why }); }

  // ----- the land ------------------------------------------------------------------------------------
  function placeActions(legal, tile) {
    const out = new Map();
    for (const t of legal) {
      const p = words(t);
      if (p[0] !== "place" || p[1] !== tile) continue;
      const k = `${p[2]},${p[3]},${p[4]}`;
      if (!out.has(k)) out.set(k, []);
      out.get(k).push(t);
    }
    return out;
  }

  function cellActions(legal, cellKey) {
    const [i, j, o] = cellKey.split(",");
    return legal.filter((t) => {
      const p = words(t);
      return ["city", "upgrade", "site", "reactivate"].includes(p[0]) && p[1] === i && p[2] === j && p[3] === o;
    });
  }

  const touch = () => window.matchMedia && window.matchMedia("(hover: none)").matches;

  function land(view, ctx, payload) {
    const legal = ctx.readonly ? [] : [...(ctx.legal || [])];
    const cells = new Map();
    for (const c of view.cradle) cells.set(key(c), { cell: c, cradle: true });
    for (const t of view.board) cells.set(key(t.cell), { cell: t.cell, tile: t });
    const me = view.you !== null && view.you !== undefined ? view.players[view.you] : null;
    const tile = pick.tile && me && me.hand ? me.hand.find((t) => t.id === pick.tile) : null;
    const places = tile ? placeActions(legal, tile.id) : new Map();
    const free = new Set();
    for (const { cell } of cells.values()) for (const nb of neighbours(...cell)) if (!cells.has(key(nb))) free.add(key(nb));
    const all = [...cells.values()].map((x) => x.cell).concat([...free].map((k) => k.split(",").map(Number)));
    const xs = all.flatMap((c) => corners(...c).map(([a, b]) => point(a, b)[0]));
    const ys = all.flatMap((c) => corners(...c).map(([a, b]) => point(a, b)[1]));
    const [padX, padY] = placeNames.RULER_MARGIN;
    const box = [Math.min(...xs) - padX, Math.min(...ys) - padY, Math.max(...xs) - Math.min(...xs) + 2 * padX,
      Math.max(...ys) - Math.min(...ys) + 2 * padY];
    const root = svg("svg", { viewBox: box.join(" "), class: "dom-land", role: "group", "aria-label": "the land", "data-zoom": "land" });
    root.style.maxWidth = `${Math.round(Math.min(1000, box[2] * 1.25))}px`;  // to scale: 75 px a tile's side at most
    // a phone would draw a tile's side at some 35 px: the land opens zoomed to 64 px a side (zoom.js), dragged to see the rest
    root.dataset.zoomReadable = String(Math.round(box[2] * READABLE_SIDE / UNIT));
    const cradle = svg("g", { class: "cradle" }), cities = svg("g", { class: "cities" });
    const kind = (view.decision || {}).kind;
    for (const { cell, tile: t, cradle: isCradle } of cells.values()) {
      if (isCradle) { cradle.append(dimmed(triangle(cell, null, null, "cradle").g, ctx, null, "The Cradle takes no tile, City or Monument.")); continue; }
      const g = placedTile(cell, t, payload);
      const acts = cellActions(legal, key(cell));
      if (acts.length) acting(g, acts, ctx, `On the tile at ${where(cell)}`);
      else {  // the action this decision would play on the tile, to hear why it cannot
        const verb = { build: t.city && t.city[0] === view.you ? "upgrade" : "city", site: "site" }[kind];
        dimmed(g, ctx, verb ? `${verb} ${key(cell).replace(/,/g, " ")}` : null, `Nothing can be done on the tile at ${where(cell)} now.`);
      }
      root.append(g);
      if (g.house) cities.append(g.house);
    }
    root.prepend(cradle);
    const ctr = point(0, 0);
    root.append(svg("text", { x: ctr[0], y: ctr[1] + 5, "text-anchor": "middle", class: "cradle-name" }, "Cradle"));
    for (const k of free) {
      const cell = k.split(",").map(Number);
      const acts = places.get(k);
      if (!acts) {
        const placing = legal.some((x) => x.startsWith("place "));
        const why = !placing ? "Nothing can be placed on the land now." : tile ? `Your chosen tile cannot go at ${where(cell)}.`
          : "Nothing can be placed there now: choose a tile from your hand first.";
        root.append(dimmed(triangle(cell, null, null, "free").g, ctx, null, why));
        continue;
      }
      const action = acts.find((t) => t.endsWith(` ${pick.rotation}`)) || acts[0];
      const r = Number(words(action)[5]);
      const { g } = triangle(cell, tile, shown(tile.resources, r), "target" + (pick.preview === action ? " previewing" : ""));
      const look = () => {  // the tile shown in place, and what it would Produce
        for (const n of root.querySelectorAll(".previewing")) n.classList.remove("previewing");
        g.classList.add("previewing");
        pick.preview = action;
        showPreview(action, ctx);
      };
      g.addEventListener("mouseenter", look);
      g.addEventListener("focus", look);
      g.addEventListener("click", look);  // before playing it: on a touch screen the first tap only shows it
      root.append(acting(g, [action], ctx));
    }
    root.append(cities);  // over every tile, under the marks to click
    scoringMarks(root, view, ctx);
    placeNames.rulers(root, all, point, UNIT);
    placeNames.watch(point);
    return root;
  }

  /** After a placement: the edges (or Loci) it may score, drawn on the land to click. */
  function scoringMarks(root, view, ctx) {
    const d = view.decision || {};
    if (d.kind !== "source" || !d.cell || ctx.readonly) return;
    const legal = new Set(ctx.legal || []);
    const cell = d.cell;
    const pts = corners(...cell);
    for (const [kind, a, b] of d.options || []) {
      if (kind === 0) {
        const act = `edge ${a}`;
        if (!legal.has(act)) continue;
        // a band along the edge, inside the new tile (something with an area, easy to point at)
        const [p, q] = [point(...pts[a]), point(...pts[(a + 1) % 3])];
        const c = corners(...cell).map(([x, y]) => point(x, y)).reduce((s, v) => [s[0] + v[0] / 3, s[1] + v[1] / 3], [0, 0]);
        const inward = (v) => [v[0] + (c[0] - v[0]) * 0.3, v[1] + (c[1] - v[1]) * 0.3];
        const band = [p, q, inward(q), inward(p)].map((v) => v.join(",")).join(" ");
        // it answers a touch anywhere in the tile's third along that edge (the band alone is a finger's width on a phone)
        root.append(acting(svg("g", { class: "edge-pick" }, svg("polygon", { class: "edge-reach", points: [p, q, c].map((v) => v.join(",")).join(" ") }),
          svg("polygon", { class: "edge-mark", points: band })), [act], ctx));
      } else if (kind === 1) {
        const act = `locus ${a} ${b}`;
        if (!legal.has(act)) continue;
        const [x, y] = point(a, b);
        root.append(acting(svg("circle", { class: "locus-mark", cx: x, cy: y, r: UNIT * 0.2, "data-place": placeNames.pointName([a, b]) },
          svg("title", {}, `The Locus ${placeNames.pointName([a, b])}`)), [act], ctx));
      }
    }
  }

  /** The line under the land: what the pointed-at placement would do, and on touch screens its button. */
  function showPreview(action, ctx) {
    const box = document.getElementById("dom-preview");
    if (!box) return;
    clear(box);
    const said = Civ.table && Civ.table.describe ? Civ.table.describe(action) : null;
    box.append(el("strong", {}, said ? said.title : label(action, ctx.payload)), said ? ` — ${said.text}` : "");
    if (touch()) box.append(" ", el("span", { class: "muted" }, "Tap the place again to put the tile there."));
  }

  // ----- your tiles ----------------------------------------------------------------------------------
  function tileIcon(t, rotation, size) {
    const box = svg("svg", { viewBox: `-6 ${-UNIT * 0.87 - 6} ${UNIT + 12} ${UNIT * 0.87 + 12}`, class: "dom-tile",
                             width: size, height: Math.round(size * 0.87) });
    box.append(triangle([0, 0, 0], t, shown(t.resources, rotation), "placed").g);
    return box;
  }

  function hand(view, ctx, payload) {
    const me = view.players[view.you];
    const legal = ctx.readonly ? [] : [...(ctx.legal || [])];
    const placing = legal.some((t) => t.startsWith("place "));
    const discarding = legal.includes("keep");
    if (!me || !me.hand || (!me.hand.length && !discarding)) return null;
    const tiles = me.hand.map((t) => {
      const chosen = placing && t.id === pick.tile;
      const rot = chosen ? pick.rotation : 0;
      const desc = `${DOMAIN[t.camp]} Camp; corners ${t.resources.map((r) => DOMAIN[r]).join(", ")} (typed ${Civ.domTyping.tileName(t)})`;
      const put = discarding && legal.includes(`discard ${t.id}`)
        ? acting(el("button", { type: "button", class: "small secondary" }, "Put back"), [`discard ${t.id}`], ctx) : null;
      return el("div", { class: "hand-tile" + (chosen ? " chosen" : "") },
        el("button", { type: "button", class: "tilepick", dataset: { tile: t.id, term: `colour:${t.camp}` },
          "aria-pressed": chosen ? "true" : "false", title: desc, disabled: !placing,
          onclick: () => { pick.tile = t.id; pick.preview = null; ctx.rerender(); } }, tileIcon(t, rot, 64)),
        el("div", { class: "small muted" }, DOMAIN[t.camp]), put);
    });
    const farmer = legal.includes("pass") && (view.decision || {}).kind === "farmer";
    const controls = placing ? el("div", { class: "row" },
      el("button", { type: "button", class: "small", id: "rotate", title: "turn the tile (key R)",
        onclick: rotate }, `⟳ Turn the tile (R) — ${Civ.turnWords(pick.rotation)}`),
      farmer ? acting(el("button", { type: "button", class: "small secondary" }, "No second tile"), ["pass"], ctx) : null) : null;
    if (payload.finished) {  // the end position: the tiles left were never placed, and score nothing
      return el("section", { class: "panel dom-hand ended", id: "dom-hand" },
        el("h2", {}, `Land tiles left unplaced (${me.hand.length})`),
        el("p", { class: "muted small" }, "The game is over: these tiles stayed in your hand and score nothing."),
        el("div", { class: "row hand-row" }, tiles));
    }
    const help = placing ? "Pick a tile, turn it (R), then click a highlighted space of the land. Point at (or tap) a space to see what it Produces."
      : discarding ? "Put back the tiles you do not want, then keep: new tiles replace them (once per Age)."
        : "Your hand of Land tiles.";
    return el("section", { class: "panel dom-hand", id: "dom-hand" },
      el("h2", {}, `Your Land tiles (${me.hand.length})`), el("p", { class: "muted small" }, help),
      el("div", { class: "row hand-row" }, tiles), controls,
      discarding ? acting(el("button", { type: "button", class: "keep" }, "Keep this hand"), ["keep"], ctx) : null);
  }

  let rerender = () => {};
  function rotate() { pick.rotation = (pick.rotation + 1) % 3; pick.preview = null; rerender(); }
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "r" && ev.key !== "R") return;
    const t = ev.target;
    if (t instanceof HTMLElement && (t.closest("input, textarea, select") || t.isContentEditable)) return;
    if (!document.getElementById("rotate")) return;
    ev.preventDefault();
    rotate();
  });

  /** Keep a chosen tile while placing (the first one by default), so legal spaces show at once. */
  function choosePick(view, ctx) {
    const me = view.players[view.you];
    const legal = ctx.readonly ? [] : [...(ctx.legal || [])];
    const placing = legal.some((t) => t.startsWith("place "));
    if (!me || !me.hand) return;
    if (pick.tile && !me.hand.some((t) => t.id === pick.tile)) pick.tile = null;
    if (placing && !pick.tile && me.hand.length) pick.tile = me.hand[0].id;
    if (pick.preview && !legal.includes(pick.preview)) pick.preview = null;
    if (pick.card && !legal.some((t) => cardOf(t) === pick.card)) pick.card = null;
  }

  // ----- Knowledge and players ---------------------------------------------------------------------------
  function knowledge(p, mine) {
    return el("div", { class: "stocks" + (mine ? " mine" : "") }, COLOURS.map((c) => {
      const full = p.stock[c] >= p.limit[c] && p.limit[c] > 0;
      return el("span", { class: `stock c-${c}` + (full ? " full" : ""), dataset: { term: `colour:${c}` },
        title: `${DOMAIN[c]}: ${p.stock[c]} of ${p.limit[c]}` }, el("span", { class: "dom-name" }, DOMAIN[c]),
      el("span", {}, el("b", {}, String(p.stock[c])), el("span", { class: "muted" }, `/${p.limit[c]}`)));
    }));
  }

  function players(view, payload) {
    const order = view.initiative || [];
    return el("section", { class: "panel dom-players" }, el("h2", {}, "Players"),
      view.players.map((p) => {
        const roles = Object.entries(view.roles || {}).filter(([, q]) => q === p.seat)
          .map(([r]) => el("span", { class: "tag", dataset: { term: `domination:${r}` } }, termName(`domination:${r}`, r)));
        const place = order.indexOf(p.seat);
        return Civ.tint(el("div", { class: "dom-player" + (p.seat === view.you ? " me" : ""), dataset: { seat: String(p.seat) } },
          el("div", { class: "row" }, Civ.seatChip(payload, p.seat, p.seat === view.you ? " (you)" : ""),
            el("span", { dataset: { term: "rule:vp" } }, el("b", {}, String(p.vp)), " VP"),
            el("span", { dataset: { term: "rule:influence" } }, `Influence ${p.influence}`),
            place >= 0 ? el("span", { class: "muted small", dataset: { term: "rule:initiative" } }, `plays ${place + 1}${["st", "nd", "rd"][place] || "th"}`) : null,
            el("span", { class: "muted small", dataset: { term: "piece:city" } }, `${p.city_tokens} City tokens`),
            el("span", { class: "muted small" }, `${p.hand_size} tiles`), roles),
          knowledge(p, p.seat === view.you),
          p.objective ? el("div", { class: "small" }, "Objective ", el("span", { dataset: { term: `objective:${p.objective}` } },
            termName(`objective:${p.objective}`, p.objective)), " · Monument ",
          el("span", { dataset: { term: `monument:${p.monument}` } }, termName(`monument:${p.monument}`, p.monument))) : null), p.seat);
      }));
  }

  // ----- the Civilisation Tree (dominations_tree.js) ---------------------------------------------------------
  const { cardOf, effectWords } = Civ.domTree;
  const { tree, masteries } = Civ.domTree.make({ pick, acting, label: (t, p) => label(t, p) });

  // ----- Monuments ------------------------------------------------------------------------------------------
  function monuments(view, ctx, payload) {
    if (!view.monuments.length) return null;
    const legal = ctx.readonly ? [] : [...(ctx.legal || [])];
    return el("section", { class: "panel dom-monuments" }, el("h2", {}, "Monuments"),
      el("div", { class: "mons" }, view.monuments.map((m) => {
        const ck = `monument:${m.id}`;
        const can = legal.some((t) => cardOf(t) === ck);
        const next = m.cards[m.built];
        // "Player 1 2" read as a typo: say what the numbers count and what control is worth
        const control = m.control.map((n, q) => (n ? `${Civ.playerName(payload, q)}: ${n}` : null)).filter(Boolean).join(", ") || "nobody yet";
        return el("div", { class: `mon c-${m.colour}` },
          el("div", { class: "row" }, el("strong", { dataset: { term: `monument:${m.id}` } }, m.name),
            el("span", { class: "muted small dom-control" }, `${m.built} of ${m.levels} Levels · control scores ${m.control_vp} VP at the end: `
              + `most Level cards + levels of own Cities next to it — now ${control}`)),
          next ? el("div", { class: "small" }, `Next: Level ${m.built + 1} costs ${Object.entries(next.cost).map(([c, n]) => `${n} ${DOMAIN[c]}`).join(", ")}`,
            next.effects.length ? ` — gives ${next.effects.map(effectWords).join(", ")}` : "") : el("div", { class: "small" }, "Complete."),
          can ? el("button", { type: "button", class: "small" + (pick.card === ck ? " chosen" : ""), dataset: { pick: ck },
            onclick: () => { pick.card = pick.card === ck ? null : ck; ctx.rerender(); } },
          pick.card === ck ? "Now click a square of your Tree" : `Build Level ${m.built + 1}`) : null);
      })));
  }

  // ----- decisions that are not on the land -------------------------------------------------------------------
  function setup(view, ctx) {
    const me = view.players[view.you];
    const legal = ctx.readonly ? [] : [...(ctx.legal || [])];
    if (!me || !me.dealt_objectives || !legal.some((t) => t.startsWith("choose "))) return null;
    const objCard = (id) => {
      const t = Civ.term(`objective:${id}`) || { name: id, text: "" };
      return el("button", { type: "button", class: "ocard" + (pick.objective === id ? " chosen" : ""), dataset: { term: `objective:${id}` },
        onclick: () => { pick.objective = id; ctx.rerender(); } }, el("div", { class: "tname" }, `Objective: ${t.name}`),
      el("div", { class: "small" }, t.text));
    };
    const monCard = (id) => {
      const t = Civ.term(`monument:${id}`) || { name: id, text: "" };
      return el("button", { type: "button", class: "ocard" + (pick.monument === id ? " chosen" : ""), dataset: { term: `monument:${id}` },
        onclick: () => { pick.monument = id; ctx.rerender(); } }, el("div", { class: "tname" }, `Monument: ${t.name}`),
      el("div", { class: "small" }, t.text));
    };
    const o = pick.objective || me.dealt_objectives[0];
    const m = pick.monument || me.dealt_monuments[0];
    const action = `choose ${o} ${m}`;
    return el("section", { class: "panel dom-setup" }, el("h2", {}, "Keep one Objective and one Monument"),
      el("p", { class: "small muted" }, "Your Objective stays secret until everyone has chosen; it scores at the end. "
        + "Your Monument comes into play for everyone to build."),
      el("div", { class: "cards2" }, me.dealt_objectives.map(objCard)), el("div", { class: "cards2" }, me.dealt_monuments.map(monCard)),
      legal.includes(action) ? acting(el("button", { type: "button", class: "keep" }, `Keep ${label(action, ctx.payload)}`), [action], ctx) : null);
  }

  function smallChoices(view, ctx, payload) {
    const legal = ctx.readonly ? [] : [...(ctx.legal || [])];
    const d = view.decision || {};
    if (d.kind === "vestige") {
      return el("section", { class: "panel" }, el("h2", {}, `Vestigium: ${d.remaining} point${d.remaining === 1 ? "" : "s"} to assign`),
        el("div", { class: "row" }, legal.filter((t) => t.startsWith("vest ")).map((t) =>
          acting(el("button", { type: "button", class: `small vest c-${words(t)[1]}` }, DOMAIN[words(t)[1]]), [t], ctx))));
    }
    if (d.kind === "governor") {
      return el("section", { class: "panel" }, el("h2", {}, "Governor: who plays next in the coming Age?"),
        el("div", { class: "row" }, legal.filter((t) => t.startsWith("first ")).map((t) =>
          acting(el("button", { type: "button", class: "small governor-pick" }, Civ.seatChip(payload, Number(words(t)[1]) - 1,
            Number(words(t)[1]) - 1 === view.you ? " (you)" : "")), [t], ctx))));
    }
    if (["build", "develop", "assimilate"].includes(d.kind) && legal.includes("pass")) {
      const word = { build: "Build nothing", develop: "Develop nothing", assimilate: "Assimilate nothing" }[d.kind];
      return el("div", { class: "row dom-pass" }, acting(el("button", { type: "button", class: "secondary" }, `${word} — end this phase`), ["pass"], ctx), Civ.buildOutOfReach(view, legal));
    }
    return null;
  }

  function campfire(view, ctx) {
    const legal = ctx.readonly ? [] : [...(ctx.legal || [])];
    const ex = legal.filter((t) => t.startsWith("convert "));
    if (!ex.length) return null;
    const from = [...new Set(ex.map((t) => words(t)[1]))];
    const chosen = pick.from && from.includes(pick.from) ? pick.from : null;
    return el("details", { class: "panel dom-campfire", open: chosen ? true : null },
      el("summary", {}, "Campfire: exchange 2 Knowledge of one Domain for 1 of another"),
      el("div", { class: "row" }, el("span", { class: "small" }, "Give 2:"), from.map((c) =>
        el("button", { type: "button", class: `small vest c-${c}` + (chosen === c ? " chosen" : ""), onclick: () => { pick.from = c; ctx.rerender(); } }, DOMAIN[c]))),
      chosen ? el("div", { class: "row" }, el("span", { class: "small" }, "Take 1:"), ex.filter((t) => words(t)[1] === chosen).map((t) =>
        acting(el("button", { type: "button", class: `small vest c-${words(t)[2]}` }, DOMAIN[words(t)[2]]), [t], ctx))) : null);
  }

  /** A named thing's name from the glossary (content names), else its id in title case. */
  const termName = (id, fallback) => (Civ.term(id) ? Civ.term(id).name : Civ.titleCase(fallback));

  /** A finished game's final result: every player by name and colour with their VP, the winner
      first (most VP, ties to the Initiative order, as the final scoring decides). */
  function finalResult(view, payload) {
    const order = [...(view.initiative || [])];
    view.players.forEach((p, q) => { if (!order.includes(q)) order.push(q); });
    const ranked = order.slice().sort((a, b) => (view.players[b].vp || 0) - (view.players[a].vp || 0));
    return el("p", { class: "small dom-final", id: "dom-final" }, "Final result: ", ranked.map((q, k) => [
      k ? " · " : null, Civ.seatChip(payload, q), ` ${view.players[q].vp || 0} VP${k ? "" : " (wins)"}`]));
  }

  function header(view, payload) {
    if (view.finished) {
      return el("section", { class: "panel dom-head" }, el("h2", {}, "The game is over"), finalResult(view, payload));
    }
    const order = (view.initiative || []).map((q) => Civ.playerName(payload, q)).join(" → ");
    const turn = Math.min(view.turn, view.turns_per_age);
    const round = Math.ceil(turn / Math.max(1, view.players.length));
    return el("section", { class: "panel dom-head" },
      el("h2", {}, `Age ${view.age} of 3 — round ${Math.max(1, round)} of 5`),
      el("p", { class: "small" }, el("span", { dataset: { term: "rule:initiative" } }, "Initiative"), `: ${order || "—"}. `,
        `Land tiles left: ${view.pile}.`));
  }

  // ----- the renderer ---------------------------------------------------------------------------------------
  function label(text, payload) {
    const p = words(text);
    const view = payload && payload.view;
    const cat = view && view.masteries;
    const me = view && view.you !== null && view.you !== undefined ? view.players[view.you] : null;
    const tile = me && me.hand && ["place", "discard"].includes(p[0]) ? me.hand.find((t) => t.id === p[1]) : null;
    const named = tile ? `${DOMAIN[tile.camp]} tile (${tile.resources.map((r) => DOMAIN[r]).join("/")})` : "a tile";
    if (p[0] === "place") return `${named} at ${where(p.slice(2, 5))}, ${Civ.turnWords(p[5])}`;
    if (p[0] === "discard") return `Put back the ${named}`;
    if (p[0] === "keep") return "Keep this hand";
    if (cat && ["develop", "assimilate"].includes(p[0]) && cat[p[1]]) return `${cat[p[1]].name} (copy ${p[2]}) ${Civ.treeSquare(me && me.tree, p[3], p[4])}`;
    if (["develop", "assimilate", "advance", "flip"].includes(p[0])) {
      const name = (Civ.term(`mastery:${p[1]}`) || {}).name || Civ.titleCase(p[1]);
      return p.length > 2 ? `${name} (copy ${p[2]}) ${Civ.treeSquare(me && me.tree, p[3], p[4])}` : `${name}: Advanced side`;
    }
    if (p[0] === "monument") return `${termName(`monument:${p[1]}`, p[1])} Level ${Civ.treeSquare(me && me.tree, p[2], p[3])}`;
    if (p[0] === "choose" && p.length === 3) return `${termName(`objective:${p[1]}`, p[1])} + ${termName(`monument:${p[2]}`, p[2])}`;
    if (["city", "upgrade", "site", "reactivate"].includes(p[0])) {
      const standing = ((view && view.decision) || {}).monument_id;  // the site of a Monument: which one
      const verb = { city: "City on", upgrade: "Upgrade the City on", reactivate: "Reactivate",
        site: standing ? `Stand ${termName(`monument:${standing}`, standing)} on` : "Stand the Monument on" }[p[0]];
      return `${verb} ${where(p.slice(1, 4))}`;
    }
    if (["edge", "locus", "all_edges"].includes(p[0])) return Civ.scoreWords(view, text);
    if (p[0] === "vest") return `Vestigium as ${DOMAIN[p[1]]}`;
    if (p[0] === "convert") return `2 ${DOMAIN[p[1]]} → 1 ${DOMAIN[p[2]]}`;
    if (p[0] === "first") return `${payload ? Civ.playerName(payload, Number(p[1]) - 1) : `Player ${p[1]}`} next`;
    if (p[0] === "pass") return "Pass";
    return null;
  }

  let last = null;
  Civ.renderers.dominations = {
    optionsBefore: ".dom-players",  // on one column the options follow the part of the table played on (game_options.js)
    boardKinds: ["place", "edge", "locus", "city", "upgrade", "site", "reactivate", "develop", "assimilate", "monument",
      "advance", "flip", "vest", "first", "choose", "discard", "keep", "convert"],
    kindTitles: { place: "Place a Land tile", edge: "Score an edge", locus: "Score a Locus", all_edges: "Score every edge",
      city: "Build a City", upgrade: "Upgrade a City", site: "Stand the Monument", reactivate: "Reactivate a tile (Inventor)",
      develop: "Develop a Mastery", assimilate: "Assimilate a Mastery", advance: "Turn to the Advanced side",
      flip: "Turn to the Advanced side", vest: "Vestigium Knowledge", first: "Initiative", choose: "Objective and Monument",
      discard: "Put back", keep: "Keep", convert: "Campfire exchange", monument: "Build a Monument Level", pass: "Pass" },
    render(board, payload, ctx) {
      const view = payload.view;
      const kind = (view.decision || {}).kind;
      if (last && last.kind !== kind) { pick.card = null; pick.from = null; pick.preview = null; }
      last = { board, payload, ctx, kind };
      ctx.rerender = () => { clear(last.board); Civ.renderers.dominations.render(last.board, last.payload, last.ctx); };
      rerender = ctx.rerender;
      const seated = view.you !== null && view.you !== undefined;
      if (seated) choosePick(view, ctx);
      const me = seated ? view.players[view.you] : null;
      Civ.append(board, [
        header(view, payload),
        seated ? setup(view, ctx) : null,
        el("section", { class: "panel map dom-map" }, el("h2", {}, "The land"), land(view, ctx, payload),
          el("div", { class: "small dom-preview", id: "dom-preview", "aria-live": "polite" })),
        seated ? smallChoices(view, ctx, payload) : null,
        seated ? hand(view, ctx, payload) : null,
        seated ? campfire(view, ctx) : null,
        seated ? masteries(view, ctx) : null,
        players(view, payload),
        me ? el("section", { class: "panel player me dom-tree-panel", dataset: { seat: String(me.seat) } },
          el("h2", {}, "Your Civilisation Tree"), tree(me, ctx, true, payload)) : null,
        monuments(view, ctx, payload),
        view.players.filter((p) => p.seat !== view.you).map((p) => el("details", { class: "panel player", dataset: { seat: String(p.seat) } },
          el("summary", {}, `${Civ.playerName(payload, p.seat)}'s Civilisation Tree (${p.tree.length - 1} cards)`), tree(p, ctx, false, payload))),
      ]);
      if (pick.preview) showPreview(pick.preview, ctx);
      if (payload.finished && payload.result && !payload.score_sheet) board.append(Civ.renderers.generic.result(payload));
    },
    preview(text, payload) {
      const p = words(text);
      const cat = payload.view.masteries;
      if (!cat || !["develop", "advance", "assimilate", "flip"].includes(p[0]) || !cat[p[1]]) return null;
      const m = cat[p[1]];
      const side = ["advance", "flip"].includes(p[0]) ? m.advanced : m.basic;
      return el("div", { class: "small" }, el("strong", { dataset: { term: `mastery:${p[1]}` } }, m.name), ` — ${DOMAIN[m.colour]}, value ${m.value}`,
        el("ul", {}, side.map((e) => el("li", {}, e))));
    },
    label,
    /** What happened since the seat's last turn (dominations_words.js). */
    recentMoments: (payload, list) => Civ.domRecent(payload, list),
    /** A typed action: the places as the board names them become the action's numbers. */
    typed: (line) => placeNames.typed(Civ.domTyping.back(line, last && last.payload)),
    /** An action as typed (the typed box's suggestions) and a hint's quoted actions: content names. */
    typedForm: (text, payload) => Civ.domTyping.form(text, payload),
    said: (message, payload) => Civ.domTyping.said(message, payload),
    /** The guide suggests `text`: show it on the table (its tile picked and turned, its card picked). */
    reveal(text) {
      const p = words(text);
      if (p[0] === "place") { pick.tile = p[1]; pick.rotation = Number(p[5]); pick.preview = null; }
      else if (cardOf(text)) { pick.card = cardOf(text); pick.want = text; }
      else return;
      rerender();
    },
  };
})();
