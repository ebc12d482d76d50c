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

  function typeTag(type) { return el("span", { class: `tag type-${type}`, dataset: { term: `type:${type}` } }, Civ.titleCase(type)); }

  /** The glossary term of a thing the view names by its content name ("leader", "wonder"...). */
  let index = null;
  let indexed = null;
  function termOf(prefix, name) {
    if (indexed !== Civ.glossary.terms) {
      indexed = Civ.glossary.terms;
      index = new Map(Object.entries(indexed).map(([id, t]) => [`${id.split(":")[0]}|${t.name}`, id]));
    }
    return index.get(`${prefix}|${name}`) || null;
  }
  /** A content name that explains itself on hover (when the glossary knows it). */
  function named(prefix, name) {
    const id = termOf(prefix, name);
    return el("span", id ? { dataset: { term: id } } : {}, name);
  }
  const list = (prefix, names) => names.flatMap((n, i) => [i ? ", " : "", named(prefix, n)]);

  function events(view) {
    const now = String(view.round);
    return el("section", { class: "panel" }, el("h2", {}, `Event line — round ${view.round} of 9, ${view.phase}`),
      el("p", { class: "small" }, el("span", { dataset: { term: "rule:threat" } }, "External Threat"), ` Power: ${view.threat}`),
      el("div", { class: "row" }, (view.events || []).map((e) => el("div", {
        class: "card event" + ([now, now + "a", now + "b"].includes(e.round) ? " current" : ""), dataset: { round: e.round },
      }, el("div", { class: "muted small" }, `Round ${e.round}`), el("strong", {}, named(e.kind, e.name)),
      e.kind === "challenge"
        ? el("div", { class: "small" }, typeTag(e.type), e.divisor ? ` History ÷${e.divisor}: ${e.bonus}` : ` ${e.threshold}+ History: ${e.threshold_vp} VP`,
          el("div", { class: "muted" }, `Destiny: ${e.destiny}`))
        : el("div", { class: "small" }, el("span", { dataset: { term: "rule:threat" } }, "Threat"), ` ${e.threat}; lines: ${e.lines.join(" / ")}`)))));
  }

  function market(view, ctx, payload) {
    const claims = {};
    for (const p of view.players || []) if (p.claim) (claims[p.claim] = claims[p.claim] || []).push(p);
    const part = (kind, agents) => {
      const cards = (view.market || {})[kind] || [];
      return el("div", { class: "stack" }, el("h3", {}, Civ.titleCase(kind)),
        cards.length ? el("div", { class: "row" }, cards.map((c) => clickable(el("div", { class: "card market-card",
          dataset: { card: c.id, term: `${kind.slice(0, -1)}:${c.id}` } },
          el("strong", {}, c.name), " ", typeTag(c.type),
          el("div", { class: "small" }, `Level ${c.level} · ${c.cost} ${agents} · ${c.vp} VP`),
          el("div", { class: "small muted" }, c.bonus || ""), c.end ? el("div", { class: "small muted" }, `End: ${c.end}`) : null,
          (claims[c.name] || []).map((p) => el("div", { class: "claim small" }, `claimed by ${Civ.playerName(payload, p.seat - 1)} (${p.civ})`))),
        `claim ${c.id}`, ctx))) : el("p", { class: "muted small" }, "none"));
    };
    return el("section", { class: "panel" }, el("h2", {}, "Markets"),
      el("div", { class: "row" }, part("wonders", "Builders"), part("leaders", "Ambassadors")));
  }

  function library(view, ctx) {
    const byType = {};
    for (const t of view.library || []) (byType[t.type] = byType[t.type] || []).push(t);
    return el("section", { class: "panel" }, el("h2", {}, "Technology library"),
      el("table", { class: "list small" }, TYPES.map((ty) => el("tr", {}, el("th", { dataset: { term: `type:${ty}` } }, Civ.titleCase(ty)),
        (byType[ty] || []).map((t) => clickable(el("td", { class: "tech", dataset: { tech: t.id, term: `tech:${t.id}` } },
          `${t.name} — ${t.cost} RP, ${t.vp} VP (${t.left} left)`), `buy ${t.id}`, ctx))))));
  }

  function philosophy(view, ctx) {
    return el("section", { class: "panel" }, el("h2", { dataset: { term: "rule:philosophy" } }, "Philosophy"),
      el("div", { class: "row" }, (view.philosophy || []).map((lv) => el("div", { class: "card small" },
        el("strong", {}, `Level ${lv.level}`), ` cost ${lv.cost}, ×${lv.multiplier}, ${lv.vp} VP`,
        el("div", {}, lv.seen.length ? lv.seen.map((b, k) => {
          const up = lv.faceup.includes(b);
          const id = (lv.seen_ids || [])[k];
          return el("span", { class: "tag" + (up ? "" : " muted"), dataset: id ? { term: `benefit:${id}` } : {} }, up ? b : `${b} (face down)`);
        }) : el("span", { class: "muted" }, "2 tokens face down"))))));
  }

  function player(p, view, mine, ctx, payload) {
    const trays = el("div", { class: "row small" }, TRAYS.map((t, i) => el("span", { class: "tag", dataset: { tray: t, term: `tray:${t}` } }, `${AGENTS[i]} ${p.trays[t]}`)));
    const research = el("div", { class: "row small" }, TYPES.map((t) => el("span", { class: "tag", dataset: { term: `type:${t}` } }, `${Civ.titleCase(t)} ${p.research[t]}`)));
    const join = (parts) => parts.flatMap((x, i) => [i ? " · " : "", x]);
    const cards = [];
    if (p.leader) cards.push(["Leader: ", named("leader", p.leader)]);
    if (p.cemetery.length) cards.push(["Cemetery: ", list("leader", p.cemetery)]);
    if (p.wonders.length) cards.push(["Wonders: ", list("wonder", p.wonders)]);
    const board = [];
    if (p.hand.length) board.push(["Hand: ", list("tech", p.hand)]);
    if (p.left.length || p.right.length) board.push(["Left: ", list("tech", p.left), " · Right: ", list("tech", p.right)]);
    if (p.discovered.length) board.push(["Discovered: ", list("tech", p.discovered)]);
    if (p.discards.length) board.push(`Discarded: ${p.discards.length}`);
    const rule = (term, text) => el("span", { dataset: { term } }, text);
    return el("div", { class: "player" + (mine ? " me" : ""), dataset: { seat: String(p.seat - 1) } },
      el("h3", {}, `${Civ.playerName(payload, p.seat - 1)} — `, named("civ", p.civ), mine ? " (you)" : ""),
      el("div", { class: "small" }, `Score ${p.score} · VP tokens ${p.vp} · `, rule("rule:population", "Population"), ` ${p.population} · `,
        rule("rule:philosophy", "Philosophy"), ` ${p.philosophy} · `, rule("rule:legacy", "Legacy"), ` ${p.legacy}`),
      el("div", { class: "small muted" }, "Priority: ", join(p.priority.map((t) => rule(`type:${t}`, Civ.titleCase(t))))),
      trays, research,
      cards.length ? el("div", { class: "small" }, join(cards)) : null,
      board.length ? el("div", { class: "small" }, join(board)) : null,
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
        market(view, ctx, payload),
        el("section", { class: "panel" }, el("h2", {}, "Civilizations"),
          el("div", { class: "players" }, mine.map((p) => player(p, view, true, ctx, payload)), others.map((p) => player(p, view, false, ctx, payload)))),
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
