/* Dominations: the Civilisation Trees and the Masteries within reach (dominations.js draws the rest
   of the table). Each card on its square with its Nodus on its four sides and what it gives; pick a
   Mastery (or a Monument Level) and the squares it fits are highlighted, a click on one puts it
   there. Civ.domTree.cardOf / squareOf read which card and which square a Tree action names;
   Civ.domTree.make({ pick, acting, label }) gives the drawing functions, sharing the table's
   picks (pick.card, pick.want), its acting elements and its options' words. Civ.domTree.DOMAIN:
   each colour's Domain. */
"use strict";

Civ.domTree = (() => {
  const { el } = Civ;
  const words = (t) => t.split(" ");
  const DOMAIN = { yellow: "Trade", orange: "Craftsmanship", blue: "Art", green: "Science", red: "Government",
                   purple: "Religion", vestigium: "Vestigium", corruptio: "Corruptio" };

  /** Which card a Tree action puts down: "develop:bartering", "monument:great_pyramid". */
  function cardOf(t) {
    const p = words(t);
    if ((p[0] === "develop" || p[0] === "assimilate") && p.length === 5) return `${p[0]}:${p[1]}`;
    if (p[0] === "monument" && p.length === 4) return `monument:${p[1]}`;
    return null;
  }
  function squareOf(t) {
    const p = words(t);
    if ((p[0] === "develop" || p[0] === "assimilate") && p.length === 5) return `${p[3]},${p[4]}`;
    if (p[0] === "monument" && p.length === 4) return `${p[2]},${p[3]}`;
    return null;
  }

  function effectWords(e) {
    const c = e.colour ? DOMAIN[e.colour] || e.colour : "";
    const per = { mastery: `${c} Mastery`, city_level: "City level", city: "City", nodus: `full ${c} Nodus`,
                  monument_level: "Monument Level", advanced: "Advanced Mastery" }[e.per] || e.per;
    return ({ vp: `${e.n} VP`, influence: `+${e.n} Influence`, gain: `Gain ${e.n} ${c}`, limit: `${c} limit ${e.n}`,
              city_discount: `Cities −${e.n}`, mastery_discount: `${c} Masteries −${e.n}`,
              on_produce: `+${e.n} ${c} when you Produce ${c}`, camp_bonus: `Camps Produce +${e.n}`,
              on_locus: `+${e.n} ${c} per Locus`, turn_start: `+${e.n} ${c} each turn`, age_end: `+${e.n} ${c} at Age end`,
              carry: `keep ${e.n} ${c} at Age end`, hand_size: `hand +${e.n}`, final_vp: `${e.n} VP per ${per} at the end` })[e.do]
      || e.do;
  }

  /** The drawing functions, over the table's picks, acting elements, options' words and Domains. */
  function make({ pick, acting, label }) {
    function treeCard(c, ctx, mine, legal) {
      const termId = c.kind === "mastery" ? `mastery:${c.id}` : c.kind === "level" ? `monument:${c.id}` : `campfire:${c.id}`;
      const node = el("div", { class: `tcard k-${c.kind} c-${c.colour || "none"}` + (c.advanced ? " advanced" : ""),
        dataset: { card: c.id, term: termId } },
      ["n", "e", "s", "w"].map((side, k) => el("span", { class: `nodus ${side} c-${c.nodus[k]}`, title: `${DOMAIN[c.nodus[k]]} Nodus` })),
      el("div", { class: "tname" }, c.name + (c.advanced ? " ★" : "")),
      el("div", { class: "tgives" }, c.kind === "campfire" ? "2 → 1 exchange" : (c.effects || []).map(effectWords).join(" · ") || "—"),
      c.value ? el("div", { class: "tvalue muted" }, `value ${c.value}`) : null);
      if (mine && c.kind === "mastery") {
        const up = legal.filter((t) => t === `advance ${c.id}` || t === `flip ${c.id}`);
        if (up.length) node.append(acting(el("button", { type: "button", class: "small up" }, "Advanced side"), up, ctx));
      }
      return node;
    }

    function tree(p, ctx, mine, payload) {
      const legal = mine && !ctx.readonly ? [...(ctx.legal || [])] : [];
      const squares = new Map();
      for (const t of legal) {
        const sq = squareOf(t);
        if (!sq || (pick.card && cardOf(t) !== pick.card)) continue;
        if (!squares.has(sq)) squares.set(sq, []);
        squares.get(sq).push(t);
      }
      const spots = [...squares.keys()].map((k) => k.split(",").map(Number));
      const xs = p.tree.map((c) => c.x).concat(spots.map((s) => s[0]));
      const ys = p.tree.map((c) => c.y).concat(spots.map((s) => s[1]));
      const minX = Math.min(...xs); const maxX = Math.max(...xs); const minY = Math.min(...ys); const maxY = Math.max(...ys);
      const grid = el("div", { class: "dom-tree" });
      grid.style.gridTemplateColumns = `repeat(${maxX - minX + 1}, var(--tcard))`;
      const at = new Map(p.tree.map((c) => [`${c.x},${c.y}`, c]));
      for (let y = maxY; y >= minY; y--) {
        for (let x = minX; x <= maxX; x++) {
          const c = at.get(`${x},${y}`);
          if (c) { grid.append(treeCard(c, ctx, mine, legal)); continue; }
          const found = squares.get(`${x},${y}`);
          if (!found) { grid.append(el("div", { class: "tgap" })); continue; }
          const acts = found.includes(pick.want) ? [pick.want, ...found.filter((t) => t !== pick.want)] : found;
          const names = [...new Set(acts.map((t) => label(t, payload).split(" (")[0]))];
          const spot = el("div", { class: "tspot", dataset: { x: String(x), y: String(y) } },
            el("span", { class: "small" }, pick.card ? "Put it here" : names.length === 1 ? names[0] : `${names.length} cards fit`));
          grid.append(acting(spot, acts, ctx, `The square ${Civ.treeSquare(p.tree, x, y)}`));
        }
      }
      return el("div", { class: "tree-scroll" }, grid);
    }

    /** During the Develop phase (or assimilation): the Masteries within reach, as cards to pick. */
    function masteries(view, ctx) {
      const cat = view.masteries;
      const legal = ctx.readonly ? [] : [...(ctx.legal || [])];
      if (!cat) return null;
      const kinds = new Map();
      for (const t of legal) { const c = cardOf(t); if (c && !c.startsWith("monument:")) kinds.set(c, (kinds.get(c) || 0) + 1); }
      if (!kinds.size) return Civ.masteriesOutOfReach(view);
      const cards = [...kinds.keys()].map((ck) => {
        const [kind, id] = ck.split(":");
        const m = cat[id];
        const cost = kind === "develop" ? `costs ${m.value} ${DOMAIN[m.colour]}` : "free (assimilated)";
        return el("button", { type: "button", class: `mcard c-${m.colour}` + (pick.card === ck ? " chosen" : ""),
          dataset: { pick: ck, term: `mastery:${id}` }, "aria-pressed": pick.card === ck ? "true" : "false",
          onclick: () => { pick.card = pick.card === ck ? null : ck; ctx.rerender(); } },
        el("div", { class: "tname" }, m.name), el("div", { class: "small" }, `${DOMAIN[m.colour]} · value ${m.value} · ${cost}`),
        el("div", { class: "small" }, m.basic.join("; ")),
        el("div", { class: "small muted" }, `Advanced side (turn it over later for ${m.upgrade_cost} ${DOMAIN[m.colour]}): ${m.advanced.join("; ")}`));
      });
      const title = view.decision.kind === "assimilate" ? "Masteries you may assimilate" : "Masteries you can develop";
      return el("section", { class: "panel dom-masteries" }, el("h2", {}, title),
        el("p", { class: "muted small" }, "Pick a card: the squares of your Tree where it fits light up."), el("div", { class: "mcards" }, cards));
    }

    return { tree, masteries };
  }

  return { DOMAIN, cardOf, squareOf, effectWords, make };
})();
