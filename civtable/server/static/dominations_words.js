/* Dominations: the words of the options that point at a place. A square of a Civilisation Tree is
   named by a card it touches, as the Tree is drawn (it grows upward): "above Campfire 1", "right of
   Painting" — a card and a side name one square only (square_words in
   civtable/games/dominations/places.py). An edge a placement may score is named by what lies
   across it: "the tile at M15" or "the Cradle" (edge_partner in placement.py), and its option says
   what it brings the seat (the view's decision's `brings`). A tile's turn is
   "as drawn", "turned once" or "turned twice" (turn_words in places.py). The actions keep their
   numbers (develop counting 2 0 1, edge 0, place t4 0 0 1 2). Typed, a tile is named by what it
   shows (its Camp's colour letter and its corners', "Y:YYB", as the terminal types it) and a colour
   by its Domain (Civ.domTyping): the typed box, its suggestions and its hints never show a tile's
   number. */
"use strict";

(() => {
  const BESIDE = [[0, -1, "above"], [0, 1, "below"], [-1, 0, "right of"], [1, 0, "left of"]];

  /** The words of the square (x, y) of `tree` (a player's cards, each with x, y and name). */
  Civ.treeSquare = (tree, x, y) => {
    const sx = Number(x), sy = Number(y);
    for (const [dx, dy, side] of BESIDE) {
      const card = (tree || []).find((c) => c.x === sx + dx && c.y === sy + dy);
      if (card) return `${side} ${card.name}`;
    }
    return `at square (${sx}, ${sy})`;
  };

  const DOMAINS = { yellow: "Trade", orange: "Craftsmanship", blue: "Art", green: "Science", red: "Government", purple: "Religion" };

  /** The Develop phase with no Mastery to take: what a Mastery needs, and the cheapest of each
      Domain left in the supply against the Knowledge held (the phase offered only "Develop
      nothing", the Masteries out of sight). Null out of the Develop phase. */
  Civ.masteriesOutOfReach = (view) => {
    const me = view.you === null || view.you === undefined ? null : view.players[view.you];
    if (!me || !view.masteries || (view.decision || {}).kind !== "develop") return null;
    const cheapest = {};
    for (const m of Object.values(view.masteries)) {
      if (m.copies > 0 && !m.prerequisite && (cheapest[m.colour] === undefined || m.value < cheapest[m.colour])) cheapest[m.colour] = m.value;
    }
    const rows = Object.keys(DOMAINS).filter((c) => cheapest[c] !== undefined)
      .map((c) => Civ.el("li", {}, `${DOMAINS[c]}: from ${cheapest[c]} — you have ${(me.stock || {})[c] ?? 0}`));
    return Civ.el("section", { class: "panel dom-masteries", id: "dom-no-mastery" }, Civ.el("h2", {}, "No Mastery within reach"),
      Civ.el("p", { class: "muted small" }, "A Mastery costs its value (3, 6 or 9) in Knowledge of its colour, less your "
        + "discounts; it needs a free square of your Tree where every side it shares joins a Nodus of the same colour, "
        + "and the strongest need another Mastery of the colour first. The cheapest left:"),
      Civ.el("ul", { class: "small" }, rows));
  };

  /** The Build phase with nothing to build: what a City and a Monument Level cost, against the
      Knowledge held (the phase offered only "Build nothing", no Camp lit up, and no word why).
      Null when something can be built, or out of the Build phase. */
  Civ.buildOutOfReach = (view, legal) => {
    const me = view.you === null || view.you === undefined ? null : view.players[view.you];
    if (!me || (view.decision || {}).kind !== "build" || legal.some((t) => /^(city|upgrade|monument) /.test(t))) return null;
    const held = Object.keys(DOMAINS).filter((c) => (me.stock || {})[c]).map((c) => `${me.stock[c]} ${DOMAINS[c]}`).join(", ");
    return Civ.el("p", { class: "muted small", id: "dom-no-build" }, "Nothing to build now: a City costs 3 Knowledge of its "
      + "Camp's colour (less your discounts) and a City token, on a free Camp; upgrading it to Level 2 costs 6, to Level 3 "
      + `costs 9; a Monument's next Level costs what its card shows (Monuments, below). You hold ${held || "no Knowledge"}.`);
  };

  /** A tile's turn in words (the actions number them 0, 1, 2): "as drawn", "turned once", "turned twice". */
  Civ.turnWords = (k) => ["as drawn", "turned once", "turned twice"][Number(k)] || `turned ${k} times`;

  /** What lies across edge `k` of the tile just placed (the view's decision names its cell). */
  Civ.edgeWith = (view, k) => {
    const cell = ((view && view.decision) || {}).cell;
    if (!cell) return `edge ${Number(k) + 1}`;
    const [i, j, o] = cell.map(Number);
    const across = (o === 0 ? [[i, j - 1, 1], [i, j, 1], [i - 1, j, 1]] : [[i + 1, j, 0], [i, j + 1, 0], [i, j, 0]])[Number(k)];
    const key = across.join(",");
    if ((view.cradle || []).some((c) => c.join(",") === key)) return "the Cradle";
    return `the tile at ${Civ.domPlaces.cellName(across)}`;
  };
  /** A choice of what the tile just placed scores, with what it brings the seat as the view tells
      it (its decision's `brings`): "Score the edge with the tile at O17: 2 Trade, 1 Art". */
  Civ.scoreWords = (view, text) => {
    const p = text.split(" ");
    const brings = (((view && view.decision) || {}).brings || {})[text];
    const gain = brings ? `: ${brings}` : "";
    if (p[0] === "edge") return `Score the edge with ${Civ.edgeWith(view, p[1])}${gain}`;
    if (p[0] === "locus") return `Score the Locus at ${Civ.domPlaces.pointName(p.slice(1, 3))}${gain}`;
    return `Score every edge${gain}`;
  };
  /** The "what just happened" panel of a seat: the others' turns since its last one, each a list
      of what the log says they did (the same line repeated is told once, "(× 5)."), newest first, then
      the big moments of this round and the last (an Age's end, a Locus completed). A spectator, or a
      finished game, keeps the table's default (the newest moments). */
  // ----- typing an action: a tile by what it shows, a Domain by its name (as the terminal types them) ----
  const LETTER = { yellow: "Y", orange: "O", blue: "B", green: "G", red: "R", purple: "P", vestigium: "W", corruptio: "X" };
  const COLOUR_OF = Object.fromEntries(Object.entries(DOMAINS).map(([c, d]) => [d.toLowerCase(), c]));
  const TILE = /^([YOBGRPWX]):?([YOBGRPWX]{3})$/i;
  const handOf = (payload) => {
    const view = (payload && payload.view) || {};
    const me = view.you === null || view.you === undefined ? null : (view.players || [])[view.you];
    return (me && me.hand) || [];
  };
  /** A Land tile by what it shows: its Camp's colour letter, then its corners' ("Y:YYB"). */
  const tileName = (t) => `${LETTER[t.camp]}:${t.resources.map((r) => LETTER[r]).join("")}`;
  /** An action's words as typed: a tile of the hand by what it shows, a colour by its Domain. */
  function typedWords(text, payload) {
    const w = text.split(" ");
    if (["place", "discard"].includes(w[0]) && w[1]) {
      const t = handOf(payload).find((x) => x.id === w[1]);
      if (t) w[1] = tileName(t);
    }
    if (["convert", "vest"].includes(w[0])) for (let k = 1; k < w.length; k += 1) w[k] = DOMAINS[w[k]] || w[k];
    return w.join(" ");
  }
  const NUMBERED = { place: 2, city: 1, upgrade: 1, site: 1, reactivate: 1 };  // where a space's three numbers start
  Civ.domTyping = {
    tileName,
    /** An action as a person types it: "place t9 -5 2 1 0" -> "place Y:YYB K13 0", "city 0 1 0" ->
        "city L20", "convert yellow orange" -> "convert Trade Craftsmanship". */
    form(text, payload) {
      const w = text.split(" ");
      const at = NUMBERED[w[0]];
      if (at !== undefined && w.length >= at + 3) w.splice(at, 3, Civ.domPlaces.cellName(w.slice(at, at + 3)));
      else if (w[0] === "locus" && w.length >= 3) w.splice(1, 2, Civ.domPlaces.pointName(w.slice(1, 3)));
      return typedWords(w.join(" "), payload);
    },
    /** A message of the table with the actions it quotes in the words a person types. */
    said: (message, payload) => message.replace(/'([a-z][^']*)'/g, (m, quoted) => `'${typedWords(quoted, payload)}'`),
    /** A typed line back into the action's words: a tile named by what it shows becomes a tile of
        the hand that shows it; a Domain's name its colour (the places: Civ.domPlaces.typed). */
    back(line, payload) {
      const w = line.trim().split(/\s+/);
      const kind = (w[0] || "").toLowerCase();
      const m = ["place", "discard"].includes(kind) && w[1] ? TILE.exec(w[1]) : null;
      if (m) {
        const name = `${m[1]}:${m[2]}`.toUpperCase();
        const t = handOf(payload).find((x) => tileName(x) === name);
        if (t) w[1] = t.id;
      }
      if (["convert", "vest"].includes(kind)) for (let k = 1; k < w.length; k += 1) w[k] = COLOUR_OF[w[k].toLowerCase()] || w[k];
      return w.join(" ");
    },
  };

  Civ.domRecent = (payload, list) => {
    const view = payload.view || {};
    const me = view.you;
    if (me === null || me === undefined || payload.finished) return null;
    const n = Math.max(1, (view.players || []).length);
    const perAge = Math.max(1, Number(view.turns_per_age) || 5 * n);
    const played = (view.age - 1) * (perAge / n) + Math.max(1, Math.ceil(Math.min(view.turn, perAge) / n)) - 1;
    const turns = Civ.table.turnsSince(payload, me);
    const big = (list || []).filter((m) => typeof m.round === "number" && m.round >= played - 1);
    return { moments: [...big, ...turns], since: "Since your last turn" };
  };
})();
