/* Path of Civilization: the event line, the Wonder and Leader markets with every live claim, the
   Technology library, the Philosophy board and each civilization's tracks, trays and cards.
   Everything comes from the seat's view: another seat's Project is never in it until revealed.
   A click on a market card claims it, on a library box buys it. */
"use strict";

(() => {
  const { el } = Civ;
  const TRAYS = ["leaders", "wonders", "philosophy", "challenges", "battles"];
  const AGENTS = ["Ambassadors", "Builders", "Philosophers", "Sages", "Units"];
  const TYPES = ["cultural", "scientific", "spiritual", "military", "industrial"];

  function names(view) {
    const out = {};
    for (const t of view.library || []) out[t.id] = t.name;
    for (const kind of ["wonders", "leaders"]) for (const c of (view.market || {})[kind] || []) out[c.id] = c.name;
    for (const p of view.players || []) (p.hand_ids || []).forEach((id, i) => { out[id] = p.hand[i]; });
    return out;
  }

  function clickable(node, text, ctx) {
    if (ctx.readonly || !ctx.legal.has(text)) return node;
    node.classList.add("clickable");
    node.dataset.action = text;
    node.addEventListener("click", () => ctx.act(text));
    node.addEventListener("mouseenter", () => ctx.preview(text));
    return node;
  }

  function typeTag(type) { return el("span", { class: `tag type-${type}` }, Civ.titleCase(type)); }

  function events(view) {
    const now = String(view.round);
    return el("section", { class: "panel" }, el("h2", {}, `Event line — round ${view.round} of 9, ${view.phase}`),
      el("p", { class: "small" }, `External Threat Power: ${view.threat}`),
      el("div", { class: "row" }, (view.events || []).map((e) => el("div", {
        class: "card event" + ([now, now + "a", now + "b"].includes(e.round) ? " current" : ""), dataset: { round: e.round },
      }, el("div", { class: "muted small" }, `Round ${e.round}`), el("strong", {}, e.name),
      e.kind === "challenge"
        ? el("div", { class: "small" }, typeTag(e.type), e.divisor ? ` History ÷${e.divisor}: ${e.bonus}` : ` ${e.threshold}+ History: ${e.threshold_vp} VP`,
          el("div", { class: "muted" }, `Destiny: ${e.destiny}`))
        : el("div", { class: "small" }, `Threat ${e.threat}; lines: ${e.lines.join(" / ")}`)))));
  }

  function market(view, ctx) {
    const claims = {};
    for (const p of view.players || []) if (p.claim) (claims[p.claim] = claims[p.claim] || []).push(p);
    const part = (kind, agents) => {
      const cards = (view.market || {})[kind] || [];
      return el("div", { class: "stack" }, el("h3", {}, Civ.titleCase(kind)),
        cards.length ? el("div", { class: "row" }, cards.map((c) => clickable(el("div", { class: "card market-card", dataset: { card: c.id } },
          el("strong", {}, c.name), " ", typeTag(c.type),
          el("div", { class: "small" }, `Level ${c.level} · ${c.cost} ${agents} · ${c.vp} VP`),
          el("div", { class: "small muted" }, c.bonus || ""), c.end ? el("div", { class: "small muted" }, `End: ${c.end}`) : null,
          (claims[c.name] || []).map((p) => el("div", { class: "claim small" }, `claimed by Player ${p.seat} (${p.civ})`))),
        `claim ${c.id}`, ctx))) : el("p", { class: "muted small" }, "none"));
    };
    return el("section", { class: "panel" }, el("h2", {}, "Markets"),
      el("div", { class: "row" }, part("wonders", "Builders"), part("leaders", "Ambassadors")));
  }

  function library(view, ctx) {
    const byType = {};
    for (const t of view.library || []) (byType[t.type] = byType[t.type] || []).push(t);
    return el("section", { class: "panel" }, el("h2", {}, "Technology library"),
      el("table", { class: "list small" }, TYPES.map((ty) => el("tr", {}, el("th", {}, Civ.titleCase(ty)),
        (byType[ty] || []).map((t) => clickable(el("td", { class: "tech", dataset: { tech: t.id }, title: `buy: ${t.bonus}` },
          `${t.name} — ${t.cost} RP, ${t.vp} VP (${t.left} left)`), `buy ${t.id}`, ctx))))));
  }

  function philosophy(view, ctx) {
    return el("section", { class: "panel" }, el("h2", {}, "Philosophy"),
      el("div", { class: "row" }, (view.philosophy || []).map((lv) => el("div", { class: "card small" },
        el("strong", {}, `Level ${lv.level}`), ` cost ${lv.cost}, ×${lv.multiplier}, ${lv.vp} VP`,
        el("div", {}, lv.seen.length ? lv.seen.map((b) => {
          const up = lv.faceup.includes(b);
          return el("span", { class: "tag" + (up ? "" : " muted") }, up ? b : `${b} (face down)`);
        }) : el("span", { class: "muted" }, "2 tokens face down"))))));
  }

  function player(p, view, mine, ctx) {
    const trays = el("div", { class: "row small" }, TRAYS.map((t, i) => el("span", { class: "tag", dataset: { tray: t } }, `${AGENTS[i]} ${p.trays[t]}`)));
    const research = el("div", { class: "row small" }, TYPES.map((t) => el("span", { class: "tag" }, `${Civ.titleCase(t)} ${p.research[t]}`)));
    const cards = [];
    if (p.leader) cards.push(`Leader: ${p.leader}`);
    if (p.cemetery.length) cards.push(`Cemetery: ${p.cemetery.join(", ")}`);
    if (p.wonders.length) cards.push(`Wonders: ${p.wonders.join(", ")}`);
    const board = [];
    if (p.hand.length) board.push(`Hand: ${p.hand.join(", ")}`);
    if (p.left.length || p.right.length) board.push(`Left: ${p.left.join(", ")} · Right: ${p.right.join(", ")}`);
    if (p.discovered.length) board.push(`Discovered: ${p.discovered.join(", ")}`);
    if (p.discards.length) board.push(`Discarded: ${p.discards.length}`);
    return el("div", { class: "player" + (mine ? " me" : ""), dataset: { seat: String(p.seat - 1) } },
      el("h3", {}, `Player ${p.seat} — ${p.civ}`, mine ? " (you)" : ""),
      el("div", { class: "small" }, `Score ${p.score} · VP tokens ${p.vp} · Population ${p.population} · Philosophy ${p.philosophy} · Legacy ${p.legacy}`),
      el("div", { class: "small muted" }, `Priority: ${p.priority.map(Civ.titleCase).join(" › ")}`),
      trays, research,
      cards.length ? el("div", { class: "small" }, cards.join(" · ")) : null,
      board.length ? el("div", { class: "small" }, board.join(" · ")) : null,
      p.project && (p.project.left.length || p.project.right.length) ? el("div", { class: "small project" }, `Your Project: left ${p.project.left.join(", ")} · right ${p.project.right.join(", ")}`)
        : (p.committed ? el("div", { class: "small muted" }, "has committed a Project (secret until everyone has)") : null),
      p.claim ? el("div", { class: "claim small" }, `claims ${p.claim}`) : null);
  }

  function label(text, payload) {
    const parts = text.split(" ");
    const kind = parts[0];
    const args = parts.slice(1);
    const n = names(payload.view || {});
    if (kind === "left" || kind === "right") return n[args[0]] || Civ.titleCase(args[0]);
    if (kind === "deploy") return `one ${AGENTS[TRAYS.indexOf(args[0])].slice(0, -1)}`;
    if (kind === "research") return `1 ${Civ.titleCase(args[0])} point`;
    if (kind === "claim" || kind === "buy") return n[args[0]] || Civ.titleCase(args[0]);
    if (kind === "benefit") return Civ.titleCase(args[0]);
    if (kind === "destiny") return `${args[0]} time(s)`;
    if (kind === "pass") return "claim nothing";
    return null;
  }

  Civ.renderers.pathciv = {
    render(board, payload, ctx) {
      const view = payload.view || {};
      const me = payload.seat === null || payload.seat === undefined ? null : payload.seat + 1;
      const players = view.players || [];
      const mine = players.filter((p) => p.seat === me);
      const others = players.filter((p) => p.seat !== me);
      Civ.append(board, [
        events(view),
        market(view, ctx),
        el("section", { class: "panel" }, el("h2", {}, "Civilizations"),
          el("div", { class: "players" }, mine.map((p) => player(p, view, true, ctx)), others.map((p) => player(p, view, false, ctx)))),
        library(view, ctx),
        philosophy(view, ctx),
        (view.log || []).length ? el("section", { class: "panel" }, el("h2", {}, "Event results"),
          el("ul", { class: "small" }, view.log.map((x) => el("li", {}, x)))) : null,
      ]);
      if (payload.finished && payload.result) board.append(Civ.renderers.generic.result(payload));
    },
    label,
  };
})();
