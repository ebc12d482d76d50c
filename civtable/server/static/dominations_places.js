/* Dominations: the names of the places on the land, as the board's rulers show them.

   The same names as civtable/games/dominations/places.py: a space is its row's letters (north to
   south; the Cradle on rows M and N) and its column number (the same in every row: the Cradle
   covers 18-20), e.g. "M20"; a Locus is the two rows it lies between and its column, "M/N19".
   This file draws the rulers round the land, names every space on the board (a faint label on
   the empty spaces, on the one pointed at and on the ones a text points at), turns names a player
   types into the numbers of the actions, and makes every name in the log, the descriptions and
   the guide a link-like word that, pointed at, lights its place on the board. Zoomed in, the
   rulers keep to the edges of the part of the land shown (pin). */
"use strict";

(() => {
  const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const MIDDLE_ROW = 12;
  const COLUMN_BASE = 20;
  const RULER_MARGIN = [40, 26];  // what the rulers need beside and above/below the land (SVG units)

  function bijective(n) {  // 0 -> A, 25 -> Z, 26 -> AA
    let out = "";
    n += 1;
    while (n) { const r = (n - 1) % 26; n = Math.floor((n - 1) / 26); out = LETTERS[r] + out; }
    return out;
  }
  function unbijective(text) {
    let n = 0;
    for (const ch of text) n = n * 26 + LETTERS.indexOf(ch) + 1;
    return n - 1;
  }
  function rowName(j) {
    const k = MIDDLE_ROW - j;
    if (k >= 0 && k < 26) return LETTERS[k];
    return k < 0 ? `A${bijective(-k - 1)}` : `Z${bijective(k - 26)}`;
  }
  function rowOf(letters) {
    const t = letters.toUpperCase();
    if (!/^[A-Z]+$/.test(t)) return null;
    if (t.length === 1) return MIDDLE_ROW - LETTERS.indexOf(t);
    if (t[0] === "A") return MIDDLE_ROW + 1 + unbijective(t.slice(1));
    if (t[0] === "Z") return MIDDLE_ROW - 26 - unbijective(t.slice(1));
    return null;
  }
  const column = (i, j, o) => 2 * Number(i) + Number(j) + Number(o) + COLUMN_BASE;
  const cellName = (c) => `${rowName(Number(c[1]))}${column(c[0], c[1], c[2])}`;
  const pointName = (p) => `${rowName(Number(p[1]))}/${rowName(Number(p[1]) - 1)}${2 * Number(p[0]) + Number(p[1]) - 1 + COLUMN_BASE}`;

  /** "M20" -> [0, 0, 0]; null when it is no space's name. */
  function parseCell(name) {
    const m = /^([A-Z]+)(-?\d+)$/.exec(String(name).trim().toUpperCase());
    const j = m ? rowOf(m[1]) : null;
    if (j === null) return null;
    const c = Number(m[2]) - COLUMN_BASE - j;
    const o = ((c % 2) + 2) % 2;
    return [(c - o) / 2, j, o];
  }
  /** "M/N19" -> [0, 0]; null when it is no Locus's name. */
  function parsePoint(name) {
    const m = /^([A-Z]+)\/([A-Z]+)(-?\d+)$/.exec(String(name).trim().toUpperCase());
    const j = m ? rowOf(m[1]) : null;
    if (j === null || rowOf(m[2]) !== j - 1) return null;
    const c = Number(m[3]) - COLUMN_BASE - j + 1;
    return c % 2 ? null : [c / 2, j];
  }

  const CELL_ARGS = { place: 1, reactivate: 0, city: 0, upgrade: 0, site: 0 };
  /** A typed action with names turned into the action's numbers: "place t4 M20 1" -> "place t4 0 0 0 1"
      (a tile's turn is how many times it is turned: 0 as drawn, 1 once, 2 twice). */
  function typed(line) {
    const w = line.trim().split(/\s+/);
    const at = CELL_ARGS[(w[0] || "").toLowerCase()];
    if (at !== undefined && w.length > at + 1) {
      const c = parseCell(w[at + 1]);
      if (!c) return line;
      return [...w.slice(0, at + 1), ...c.map(String), ...w.slice(at + 2)].join(" ");
    }
    if ((w[0] || "").toLowerCase() === "locus" && w.length > 1) {
      const p = parsePoint(w[1]);
      return p ? [w[0], ...p.map(String), ...w.slice(2)].join(" ") : line;
    }
    return line;
  }

  // ----- on the board ------------------------------------------------------------------------------------
  const SVGNS = "http://www.w3.org/2000/svg";
  function text(attrs, words) {
    const n = document.createElementNS(SVGNS, "text");
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
    n.textContent = words;
    return n;
  }

  /** The rulers round the land: each row's letters at both ends, every column's number above and
      below. `cells`: the [i, j, o] drawn; `point(i, j)`: a lattice point's [x, y]; `unit`: a
      side's length. The land leaves them a margin (RULER_MARGIN). */
  function rulers(root, cells, point, unit) {
    const rows = [...new Set(cells.map((c) => Number(c[1])))];
    const cols = cells.map((c) => column(...c));
    const [left, right] = [Math.min(...cols), Math.max(...cols)];
    const [top, bottom] = [Math.max(...rows), Math.min(...rows)];
    const xOf = (col) => point(0, 0)[0] + (col - COLUMN_BASE + 1) * unit / 2;
    const yOf = (j) => point(0, j)[1] - unit * 0.433;
    const xl = xOf(left) - unit * 0.55, xr = xOf(right) + unit * 0.55;
    const g = document.createElementNS(SVGNS, "g");
    g.setAttribute("class", "rulers");
    g.setAttribute("aria-hidden", "true");
    for (const j of rows) {
      const y = yOf(j) + 4;
      g.append(text({ x: xl, y, "text-anchor": "end", class: "ruler", "data-row": rowName(j), "data-side": "left" }, rowName(j)));
      g.append(text({ x: xr, y, "text-anchor": "start", class: "ruler", "data-row": rowName(j), "data-side": "right" }, rowName(j)));
    }
    const yt = point(0, top + 1)[1] - 6, yb = point(0, bottom)[1] + 15;
    for (let col = left; col <= right; col++) {
      for (const [y, side] of [[yt, "top"], [yb, "bottom"]]) {
        g.append(text({ x: xOf(col), y, "text-anchor": "middle", class: "ruler", "data-col": String(col), "data-side": side }, String(col)));
      }
    }
    root.prepend(g);
    root.addEventListener("zoomchange", (ev) => pin(root, g, ev.detail.s > 1));
  }

  /** Zoomed in (zoom.js), the rulers keep to the edges of the part of the land shown: each row's
      letters at the frame's left and right edges, level with the row; each column's number at
      its top and bottom edges, above and below the column; drawn large enough to read, over the
      tiles. Back at the whole land's size they go back round it. */
  function pin(root, g, zoomed) {
    const labels = [...g.querySelectorAll(".ruler")];
    for (const n of labels) {
      if (!n.dataset.x) { n.dataset.x = n.getAttribute("x"); n.dataset.y = n.getAttribute("y"); }
      n.setAttribute("x", n.dataset.x);
      n.setAttribute("y", n.dataset.y);
      n.removeAttribute("style");
    }
    g.classList.toggle("pinned", zoomed);
    if (!zoomed) { if (root.firstElementChild !== g) root.prepend(g); return; }
    if (root.lastElementChild !== g) root.append(g);  // over the tiles (the labels take no pointer)
    const vb = root.viewBox.baseVal, r = root.getBoundingClientRect(), f = root.parentElement.getBoundingClientRect();
    const k = r.width / vb.width;  // screen px per unit of the land
    if (!k) return;
    const [vl, vr] = [vb.x + (f.left - r.left) / k, vb.x + (f.right - r.left) / k];
    const [vt, vbot] = [vb.y + (f.top - r.top) / k, vb.y + (f.bottom - r.top) / k];
    const size = 13 / k, pad = 4 / k;  // 13 px on the screen at every scale
    for (const n of labels) {
      n.style.fontSize = `${size}px`;
      n.style.strokeWidth = `${size * 0.3}px`;
      const x = Number(n.dataset.x), y = Number(n.dataset.y), w = n.getComputedTextLength();
      const side = n.dataset.side;
      if (side === "left") n.setAttribute("x", Math.max(x, vl + pad + w));
      else if (side === "right") n.setAttribute("x", Math.min(x, vr - pad - w));
      else if (side === "top") n.setAttribute("y", Math.max(y, vt + pad + size * 0.8));
      else n.setAttribute("y", Math.min(y, vbot - pad - size * 0.2));
    }
    wholeAndApart(labels, [vl, vr, vt, vbot], pad);
  }

  /** Every ruler label shown whole and none over another: a label the frame would cut is left
      out, and so is a column's number in the corners (where the rows' letters stand) or over its
      neighbour's (one column in two at a small zoom) and a row's letter over its neighbour's;
      the column is still named at the other edge or at the next zoom. */
  function wholeAndApart(labels, [vl, vr, vt, vbot], pad) {
    const boxes = new Map(labels.map((n) => [n, n.getBBox()]));
    const hide = (n) => { n.style.visibility = "hidden"; boxes.delete(n); };
    for (const [n, b] of boxes) if (b.x < vl || b.x + b.width > vr || b.y < vt || b.y + b.height > vbot) hide(n);
    const letters = labels.filter((n) => n.dataset.row && boxes.has(n));
    const reach = (side) => letters.filter((n) => n.dataset.side === side).map((n) => boxes.get(n));
    const leftEdge = Math.max(vl, ...reach("left").map((b) => b.x + b.width)) + pad;
    const rightEdge = Math.min(vr, ...reach("right").map((b) => b.x)) - pad;
    for (const side of ["top", "bottom", "left", "right"]) {
      const across = side === "top" || side === "bottom";
      const row = labels.filter((n) => n.dataset.side === side && boxes.has(n))
        .sort((a, b) => (across ? boxes.get(a).x - boxes.get(b).x : boxes.get(a).y - boxes.get(b).y));
      let end = -Infinity;
      for (const n of row) {
        const b = boxes.get(n);
        const [from, to] = across ? [b.x, b.x + b.width] : [b.y, b.y + b.height];
        if (from < end + pad / 2 || (across && (b.x < leftEdge || b.x + b.width > rightEdge))) hide(n);
        else end = to;
      }
    }
  }

  /** A space's name inside its triangle (shown faintly on empty spaces, else when pointed at or lit). */
  function label(g, cell, cx, cy) {
    const name = cellName(cell);
    g.setAttribute("data-place", name);
    const below = Number(cell[2]) === 0;  // a ▲: under the Camp; a ▼: above it
    g.append(text({ x: cx, y: cy + (below ? 17 : -11), "text-anchor": "middle", class: "cell-name" }, name));
    return name;
  }

  /** Light the places named (and their rows and columns on the rulers); none: put every light out. */
  function light(names, point) {
    for (const land of document.querySelectorAll("svg.dom-land")) {
      for (const n of land.querySelectorAll(".lit")) n.classList.remove("lit");
      for (const n of land.querySelectorAll(".lit-point")) n.remove();
      for (const name of names || []) {
        const p = parsePoint(name);
        if (p) {
          const [x, y] = point(p[0], p[1]);
          const ring = document.createElementNS(SVGNS, "circle");
          for (const [k, v] of Object.entries({ cx: x, cy: y, r: 13, class: "lit-point", "data-place": name })) ring.setAttribute(k, String(v));
          land.append(ring, text({ x, y: y - 17, "text-anchor": "middle", class: "lit-point point-name" }, name));
          continue;
        }
        const c = parseCell(name);
        const cell = c ? land.querySelector(`[data-place="${CSS.escape(cellName(c))}"]`) : null;
        if (!cell) continue;
        cell.classList.add("lit");
        cell.parentNode.append(cell);  // on top: its outline is not hidden under the neighbours'
        for (const r of land.querySelectorAll(`.ruler[data-row="${rowName(c[1])}"], .ruler[data-col="${column(...c)}"]`)) r.classList.add("lit");
      }
    }
  }

  // ----- names in what people read ------------------------------------------------------------------------
  const NAME = /\b([A-Z]{1,3}\/[A-Z]{1,3}-?\d{1,3}|[A-Z]{1,3}-?\d{1,3})\b/g;
  const WHERE = "#log, #planner, #chooser, #dom-preview, #guide, #review, .tip, [role=tooltip], #moments, .happened";

  /** Wrap every place name in the text nodes under `node` (where people read) in a span that
      lights the place when pointed at. */
  function mark(node) {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const found = [];
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const parent = t.parentElement;
      if (!parent || parent.closest("svg, .place-name, button, input, textarea, select, option") || !parent.closest(WHERE)) continue;
      NAME.lastIndex = 0;
      if (NAME.test(t.data)) found.push(t);
    }
    for (const t of found) {
      const frag = document.createDocumentFragment();
      let last = 0;
      NAME.lastIndex = 0;
      for (let m = NAME.exec(t.data); m; m = NAME.exec(t.data)) {
        if (!parsePoint(m[1]) && !parseCell(m[1])) continue;
        frag.append(t.data.slice(last, m.index));
        const span = document.createElement("span");
        span.className = "place-name";
        span.dataset.place = m[1];
        span.textContent = m[1];
        frag.append(span);
        last = m.index + m[0].length;
      }
      if (!last) continue;
      frag.append(t.data.slice(last));
      t.replaceWith(frag);
    }
  }

  let watching = false, lit = false;
  /** From the first drawing of the land on: names in what people read are marked as they appear,
      and pointing at a name, or at a line (of the log, a description) that names places, lights
      them on the board. */
  function watch(point) {
    if (watching) return;
    watching = true;
    mark(document.body);
    new MutationObserver((changes) => {
      for (const ch of changes) for (const n of ch.addedNodes) {
        if (n.nodeType === 1) mark(n);
        else if (n.nodeType === 3 && n.parentElement) mark(n.parentElement);
      }
    }).observe(document.body, { childList: true, subtree: true });
    document.addEventListener("mouseover", (ev) => {
      const at = ev.target instanceof Element ? ev.target : null;
      const one = at && at.closest(".place-name");
      const line = !one && at ? at.closest("li, p, .what, .chooser-item, .desc, .dom-preview") : null;
      const names = one ? [one.dataset.place]
        : line && line.closest(WHERE) ? [...line.querySelectorAll(".place-name")].map((n) => n.dataset.place) : [];
      if (names.length || lit) light(names, point);
      lit = names.length > 0;
    });
  }

  Civ.domPlaces = { RULER_MARGIN, rowName, cellName, pointName, parseCell, parsePoint, typed, rulers, label, light, mark, watch };
})();
