/* Conquest: the map picture (SVG drawn on the server from the seat's view) with clickable
   territories, colour and terrain legends, and a panel per player (VP, civilization and traits
   with their levels, settlements and units) — no raw state. A click plays the legal action naming
   that territory, or offers the choice. */
"use strict";

(() => {
  const { el, clear, titleCase } = Civ;
  const PHASES = {
    setup: "choosing civilizations and starting cities", produce: "production", upkeep: "feeding units",
    monument: "building Monuments", city: "founding Cities", village: "placing Villages", move: "moving units",
    battle: "battles", recruit: "recruiting units", research: "research", score: "scoring", over: "game over",
  };

  function actionsFor(territory, legal) {
    return [...legal].filter((t) => t.split(" ").slice(1).map(String).includes(String(territory)));
  }

  function categoryChips(pool) {
    const names = Object.keys(pool || {});
    return el("span", { class: "reslist" }, names.map((k, i) => el("span", { class: "tag cat", dataset: { term: `category:${i}` } },
      `${titleCase(k)} ${pool[k]}`)));
  }

  function playerPanel(p, view, payload) {
    const traits = Object.entries(p.traits || {}).filter(([, t]) => t && t.level > 0)
      .map(([id, t]) => el("span", { class: "tag", dataset: { term: `trait:${id}` } }, `${(Civ.term(`trait:${id}`) || {}).name || titleCase(id)} ${t.level}`));
    const cls = ["panel", "player", "compact", "cq-player"];
    if (p.seat === view.you) cls.push("me");
    if (p.seat === view.current && !view.finished) cls.push("current");
    const pieces = [
      ["piece:city", `Cities ${p.cities}`], ["piece:village", `Villages ${p.villages}`],
      ["piece:monument", `Monuments ${p.monuments}/${p.monument_limit} per city`],
      ["piece:army", `Armies ${p.armies}`], ["piece:fleet", `Fleets ${p.fleets}`],
    ];
    return Civ.tint(el("section", { class: cls.join(" "), dataset: { seat: p.seat } },
      el("h2", {}, Civ.seatChip(payload, p.seat, p.seat === view.you ? " (you)" : ""), el("span", { class: "spacer" }),
        el("span", { class: "cp", dataset: { term: "rule:vp" } }, `${p.vp} / ${view.victory_points} VP`)),
      el("div", {}, p.civ ? el("span", { class: "tag civ", dataset: { term: `civ:${p.civ}` } }, p.civ_name || titleCase(p.civ))
        : el("span", { class: "muted small" }, "no civilization yet")),
      el("div", { class: "tags" }, traits.length ? traits : el("span", { class: "muted small" }, "no traits yet")),
      el("div", { class: "tags" }, pieces.map(([term, text]) => el("span", { class: "tag", dataset: { term } }, text)),
        el("span", { class: "tag" }, `unit limit ${p.unit_limit}`))), p.seat);
  }

  function turnLine(view, payload) {
    const t = view.turn || {};
    const bits = [];
    if (t.villages_placed) bits.push(`${t.villages_placed} Village(s) placed`);
    if (t.recruited) bits.push(`${t.recruited} unit(s) recruited`);
    if (t.rolls_due) bits.push(`${t.rolls_due} research roll(s) due`);
    if (view.phase === "research") bits.push(`an extra roll costs ${t.next_roll_cost}`);
    if (t.famine_deficit) bits.push(`${t.famine_deficit} Food short`);
    if (t.battle) bits.push(`battle in territory ${t.battle}${t.battle_defender !== null && t.battle_defender !== undefined
      ? ` against ${Civ.seatName(payload, t.battle_defender)}` : ""}`);
    const f = view.frame;
    if (f && f.kind === "pay") bits.push(`paying for territory ${f.territory}: ${f.left} left${f.chosen && f.chosen.length ? ` (chosen: ${f.chosen.join(", ")})` : ""}`);
    if (f && f.kind === "move") bits.push(`moving ${f.unit === "army" ? "an Army" : "a Fleet"} from territory ${f.from}`);
    return bits.join(" · ");
  }

  function legends(view, payload) {
    const colour = el("div", { class: "legend", id: "colour-legend" }, el("strong", {}, "Players: "),
      (view.players || []).map((p) => el("span", { class: "legend-item" }, Civ.swatch(p.seat), Civ.seatName(payload, p.seat),
        p.civ_name ? ` — ${p.civ_name}` : "")));
    const resources = Object.entries(Civ.glossary.terms).filter(([k]) => k.startsWith("resource:"));
    const land = el("span", { class: "legend-item" }, el("span", { class: "swatch land" }), "Land");
    const sea = el("span", { class: "legend-item" }, el("span", { class: "swatch sea" }), "Sea");
    land.dataset.term = "terrain:land";
    sea.dataset.term = "terrain:sea";
    const terrain = el("div", { class: "legend", id: "terrain-legend" }, el("strong", {}, "Terrain: "), land, sea,
      el("span", { class: "legend-item", dataset: { term: "piece:city" } }, "⌂ City"),
      el("span", { class: "legend-item", dataset: { term: "piece:village" } }, "● Village"),
      el("span", { class: "legend-item", dataset: { term: "piece:monument" } }, "▲ Monuments"),
      el("span", { class: "legend-item", dataset: { term: "piece:army" } }, "■ Army"),
      el("span", { class: "legend-item", dataset: { term: "piece:fleet" } }, "▼ Fleet"),
      resources.length ? el("div", { class: "legend small" }, el("span", {}, "Resources:"), resources.map(([k, r]) =>
        el("span", { class: "legend-item", dataset: { term: k } }, `${r.name.slice(0, 2)} ${r.name}`))) : null);
    return el("div", { class: "legends" }, colour, terrain);
  }

  Civ.renderers.conquest = {
    render(board, payload, ctx) {
      const view = payload.view || {};
      const active = view.current;
      const top = el("section", { class: "panel", id: "cq-turn" },
        el("h2", {}, `Round ${view.round ?? 0}`, el("span", { class: "muted small" },
          ` · ${active !== null && active !== undefined ? `${Civ.seatName(payload, active)}'s turn: ` : ""}${PHASES[view.phase] || view.phase || ""}`)),
        el("div", { class: "resline" }, el("span", { class: "label" }, "Pool"), categoryChips(view.pool),
          el("span", { class: "muted small" }, " (this turn's resources; unused ones are lost)")),
        turnLine(view, payload) ? el("div", { class: "small", id: "cq-turn-line" }, turnLine(view, payload)) : null);
      const players = el("div", { class: "players", id: "cq-players" }, (view.players || []).map((p) => playerPanel(p, view, payload)));
      const mapBox = el("section", { class: "panel map" }, el("h2", {}, "Map"), legends(view, payload),
        el("p", { class: "muted small" }, "Loading the map…"));
      const choice = el("div", { class: "row", id: "cq-choice" });
      board.append(top, players, mapBox, choice);
      if (payload.finished && payload.result) board.append(Civ.renderers.generic.result(payload));
      if (!ctx.svgUrl) { mapBox.classList.add("hidden"); return; }
      fetch(ctx.svgUrl).then((res) => (res.ok ? res.text() : Promise.reject(res.status))).then((text) => {
        const doc = new DOMParser().parseFromString(text, "image/svg+xml");
        const svg = document.importNode(doc.documentElement, true);
        clear(mapBox).append(el("h2", {}, "Map"), legends(view, payload),
          el("p", { class: "muted small" }, "Outlined territories are where your options lead; point at an option to see its territory."), svg);
        for (const node of svg.querySelectorAll("[data-territory]")) {
          const options = actionsFor(node.getAttribute("data-territory"), ctx.legal);
          if (!options.length || ctx.readonly) continue;
          node.classList.add("clickable", "legal");
          node.addEventListener("click", () => {
            if (options.length === 1) { ctx.act(options[0]); return; }
            clear(choice).append(el("span", { class: "muted small" }, `Territory ${node.getAttribute("data-territory")}:`),
              options.map((t) => el("button", { type: "button", class: "small", dataset: { action: t }, onclick: () => ctx.act(t) }, t)));
          });
        }
      }).catch(() => mapBox.classList.add("hidden"));
    },
    /** Point at an option: its territory lights up on the map. */
    preview(text) {
      for (const n of document.querySelectorAll(".map [data-territory].hl")) n.classList.remove("hl");
      for (const arg of String(text || "").split(" ").slice(1)) {
        for (const n of document.querySelectorAll(`.map [data-territory="${CSS.escape(arg)}"]`)) n.classList.add("hl");
      }
      return null;
    },
    label(text) {
      const parts = text.split(" ");
      if (parts.length >= 2 && /^\d+$/.test(parts[parts.length - 1])) {
        return `${parts.slice(1, -1).join(" ")} territory ${parts[parts.length - 1]}`.trim();
      }
      return null;
    },
  };
})();
