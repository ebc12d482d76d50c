/* Path of Civilization: the event line, the Wonder and Leader markets drawn as cards with every
   live claim, your Civilization board (hand, the two left and two right spaces, trays, Research,
   tracks), the other civilizations, the Technology library and the Philosophy board.
   Everything comes from the seat's view: another seat's Project is never in it until revealed.
   Every board element that acts goes through Civ.table.actOn (data-action, highlighted when
   legal): a hand card's left or right half places it, a market card claims it (or moves your
   cubes there), the claim bar confirms or takes the cubes back, a tray deploys one cube, a
   Research track takes one point, a library card buys it, a Benefit token takes it, the current
   Challenge's buttons use its Destiny. */
"use strict";

(() => {
  const { el } = Civ;
  const TRAYS = ["leaders", "wonders", "philosophy", "challenges", "battles"];
  const AGENTS = ["Ambassadors", "Builders", "Philosophers", "Sages", "Units"];
  const AGENT = ["Ambassador", "Builder", "Philosopher", "Sage", "Unit"];
  const TYPES = ["cultural", "scientific", "spiritual", "military", "industrial"];
  const ICON = { cultural: "♜", scientific: "⚗", spiritual: "☉", military: "⚔", industrial: "⚙" };
  const count = (n, one, many) => (Civ.count ? Civ.count(n, one, many) : `${n} ${n === 1 ? one : (many || one + "s")}`);

  const typeName = (t) => Civ.titleCase(t);
  function typeTag(type) {
    return el("span", { class: `pc-type pc-t-${type}`, dataset: { term: `type:${type}` } }, `${ICON[type] || ""} ${typeName(type)}`);
  }
  function cubes(vec) {
    const parts = (vec || []).map((k, i) => (k ? `${k} ${k > 1 ? AGENTS[i] : AGENT[i]}` : null)).filter(Boolean);
    return parts.join(", ") || "nothing";
  }
  function points(vec) {
    const parts = (vec || []).map((k, i) => (k ? `${k} ${typeName(TYPES[i])}` : null)).filter(Boolean);
    return parts.join(", ") || "nothing";
  }
  const act = (node, actions, ctx, heading) => Civ.table.actOn(node, actions, ctx, heading ? { heading } : undefined);

  /** The glossary term of a content name ("leader", "wonder"...). */
  let index = null;
  let indexed = null;
  function termOf(prefix, name) {
    if (indexed !== Civ.glossary.terms) {
      indexed = Civ.glossary.terms;
      index = new Map(Object.entries(indexed).map(([id, t]) => [`${id.split(":")[0]}|${t.name}`, id]));
    }
    return index.get(`${prefix}|${name}`) || null;
  }
  function named(prefix, name) {
    const id = termOf(prefix, name);
    return el("span", id ? { dataset: { term: id } } : {}, name);
  }
  /** "Player 1 — Roman"; the name alone before the civilizations are dealt (a replay's start). */
  const whoAndCiv = (payload, p) => (p.civ ? [`${Civ.seatName(payload, p.seat - 1)} — `, named("civ", p.civ)]
    : [Civ.seatName(payload, p.seat - 1)]);
  const list = (prefix, names) => names.flatMap((n, i) => [i ? ", " : "", named(prefix, n)]);

  // ----- cards ------------------------------------------------------------------------------
  /** A Technology drawn as a card: type colour, level, cost, VP, its left side (cubes) and right
      side (Research), the bonus of buying it. */
  function techCard(t, extra) {
    extra = extra || {};
    return el("div", { class: `pc-card pc-tech pc-t-${t.type}${extra.cls ? " " + extra.cls : ""}`, dataset: { term: `tech:${t.id}`, tech: t.id } },
      el("div", { class: "pc-card-head" }, el("strong", {}, t.name),
        el("span", { class: "pc-vp", title: "VP at the end" }, `${t.vp} VP`)),
      el("div", { class: "pc-card-sub" }, typeTag(t.type), t.level ? ` · L${t.level} · costs ${t.cost}` : " · basic",
        extra.left !== undefined ? ` · ${extra.left} left` : ""),
      el("div", { class: "pc-sides" },
        el("div", { class: "pc-side pc-side-left" }, el("span", { class: "muted" }, "◧ left "), cubes(t.deploy)),
        el("div", { class: "pc-side pc-side-right" }, el("span", { class: "muted" }, "right ◨ "), points(t.research))),
      t.level && t.bonus && t.bonus !== "nothing" ? el("div", { class: "pc-card-foot small" }, `Buying: ${t.bonus}`) : null);
  }

  /** A Wonder or Leader drawn as a card, with the cubes claiming it. */
  function marketCard(c, kind, view, payload, ctx) {
    const claims = ((view.claims || {}).cards || {})[c.id] || [];
    const me = payload.seat === null || payload.seat === undefined ? null : payload.seat + 1;
    const mine = claims.some((e) => e.seat === me);
    const agents = kind === "wonders" ? "Builders" : "Ambassadors";
    const node = el("div", { class: `pc-card pc-market pc-t-${c.type}${mine ? " pc-mine" : ""}`,
      dataset: { card: c.id, term: `${kind.slice(0, -1)}:${c.id}` } },
    el("div", { class: "pc-card-head" }, el("strong", {}, c.name), el("span", { class: "pc-vp" }, `${c.vp} VP`)),
    el("div", { class: "pc-card-sub" }, typeTag(c.type), ` · L${c.level}`),
    el("div", { class: "pc-cost" }, `costs ${c.cost} ${agents}`),
    // what the card gives, told apart from its cost ("2 Builders" over "1 Ambassador" read as one price)
    el("div", { class: "pc-effect small" }, kind === "wonders" ? `When built: ${c.bonus || "nothing"}`
      : c.bonus ? c.bonus.charAt(0).toUpperCase() + c.bonus.slice(1) : "No effect"),
    c.end ? el("div", { class: "pc-effect small muted" }, `At the end: ${c.end}`) : null,
    claims.length ? el("div", { class: "pc-claims" }, claims.map((e) => Civ.tint(el("div", {
      class: `pc-claim small${e.leads ? " leads" : " outranked"}`, dataset: { seat: String(e.seat - 1) } },
    `${Civ.playerName(payload, e.seat - 1)} (${e.civ}) · priority ${e.priority}`, e.leads ? (claims.length > 1 ? " — leads" : "") : " — outranked"), e.seat - 1))) : null);
    return act(node, [`claim ${c.id}`], ctx);
  }

  // ----- the event line ------------------------------------------------------------------------
  /** The phase as the board names it: "Project (Phase A)", as "Left: cubes (Phase B)" does
      (the game says "A Project"; a lone letter first reads as a grade). */
  function phaseWords(phase) {
    const m = /^([A-F]) (.+)$/.exec(String(phase || ""));
    return m ? `${m[2]} (Phase ${m[1]})` : String(phase || "");
  }

  /** Where everyone stands for the next Battle (Power, with the External Threat) or Challenge
      (History points) if it were resolved now, strongest first. */
  function standing(e, payload) {
    if (!(e.now || []).length) return null;
    const me = payload.seat === null || payload.seat === undefined ? null : payload.seat + 1;
    const battle = e.kind === "battle";
    const rows = e.now.map((r) => ({ seat: r.seat, value: r.value }));
    if (battle) rows.push({ seat: 0, value: e.threat });
    rows.sort((a, b) => b.value - a.value || a.seat - b.seat);
    const who = (r) => (r.seat === 0 ? el("span", { class: "pc-now-who", dataset: { term: "rule:threat" } }, "Threat ", el("strong", {}, String(r.value)))
      : el("span", { class: "pc-now-who", dataset: { seat: String(r.seat - 1) } }, Civ.swatch(r.seat - 1),
        r.seat === me ? "you" : Civ.playerName(payload, r.seat - 1), " ", el("strong", {}, String(r.value))));
    return el("div", { class: "pc-now small" },
      el("span", { dataset: { term: battle ? "rule:power" : "rule:history" } }, battle ? "Power now" : "History now"), ": ",
      rows.flatMap((r, i) => [i ? " · " : "", who(r)]));
  }

  /** What a resolved Battle or Challenge gave each player, on its card: "Gave: you 7 VP and 2
      Ambassadors · Player 2 3 VP". */
  function outcome(e, payload) {
    if (!(e.result || []).length) return null;
    const me = payload.seat === null || payload.seat === undefined ? null : payload.seat + 1;
    return el("div", { class: "pc-result small" }, el("strong", {}, "Gave"), ": ", e.result.map((r, i) => [i ? " · " : "",
      el("span", { class: "pc-now-who", dataset: { seat: String(r.seat - 1) } }, Civ.swatch(r.seat - 1),
        r.seat === me ? "you" : Civ.playerName(payload, r.seat - 1), " ", r.text)]));
  }

  function eventLine(view, ctx, payload) {
    const now = String(view.round);
    const over = Boolean(view.finished);  // every event is behind: none is current or next
    const current = (e) => !over && [now, now + "a", now + "b"].includes(e.round);
    const past = (e) => over || parseInt(e.round, 10) < view.round;
    const upcoming = over ? null : (view.events || []).find((e) => parseInt(e.round, 10) >= view.round);
    const destiny = [...ctx.legal].filter((t) => t.startsWith("destiny ")).sort((a, b) => Number(a.split(" ")[1]) - Number(b.split(" ")[1]));
    const last = view.last_round || 9;
    const heading = over ? `Game over after round ${view.round} of ${last}`
      : view.round ? `Round ${view.round} of ${last} · ${phaseWords(view.phase)}` : "Setting up the game";
    return el("section", { class: "panel pc-events" },
      el("h2", {}, heading),
      el("p", { class: "small" }, el("span", { dataset: { term: "rule:threat" } }, "External Threat"), ` Power now: ${view.threat}`,
        upcoming ? ` · next event: round ${upcoming.round}, ${upcoming.name}` : ""),
      el("div", { class: "pc-eventline" }, (view.events || []).map((e) => el("div", {
        class: `pc-event pc-${e.kind}${current(e) ? " current" : ""}${past(e) ? " past" : ""}${e === upcoming ? " next" : ""}`,
        dataset: { round: e.round, term: `${e.kind}:${(termOf(e.kind, e.name) || "").split(":")[1] || ""}` },
      }, el("div", { class: "pc-event-round" }, e.kind === "challenge" ? `Challenge · round ${e.round}` : `Battle · round ${e.round}`),
      el("strong", {}, e.name),
      e.kind === "challenge"
        ? el("div", { class: "small" }, typeTag(e.type),
          el("div", {}, e.divisor ? `every ${e.divisor} History points: ${e.bonus}` : `${e.threshold}+ History points: ${e.threshold_vp} VP more`),
          el("div", { class: "muted" }, `Destiny: ${e.destiny}`),
          current(e) && destiny.length ? el("div", { class: "row pc-destiny" }, destiny.map((t) => {
            const n = Number(t.split(" ")[1]);
            return act(el("button", { type: "button", class: "small" }, destinyWords(e, n)), [t], ctx);
          })) : null)
        : el("div", { class: "small" }, `Threat ${e.threat}`, el("ol", { class: "pc-lines" }, e.lines.map((l) => el("li", {}, l)))),
      standing(e, payload), outcome(e, payload)))));
  }

  // ----- markets and the claim bar ---------------------------------------------------------------
  /** The words of a claim's confirm, withdraw and pass, the same on the claim bar, in the options
      list and in their descriptions' titles (the server's glossary says them alike). `me`: the
      seat's player in the view (its claim, a card's name, or none). */
  function claimWords(kind, me) {
    if (kind === "confirm") return me && me.claim ? `Confirm ${me.claim}` : "Confirm: no claim";
    if (kind === "withdraw") return "Take cubes back";
    if (kind === "pass") return "Claim nothing";
    return null;
  }

  function claimBar(view, payload, ctx) {
    const claims = view.claims;
    if (!claims) return null;
    const me = (view.players || [])[payload.seat];
    const kind = claims.kind === "wonder" ? "Wonder" : "Leader";
    const state = me ? me.claim_state : "";
    const words = {
      deciding: me && me.claim ? `Your cubes are on ${me.claim}.` : `Click a ${kind} you can afford to claim it, or confirm to claim nothing.`,
      confirmed: "You have confirmed; you will be asked again if someone changes a claim.",
      done: "You confirmed twice: your choice stands for this pass.",
      outranked: [...ctx.legal].some((a) => a.startsWith("claim "))
        ? `Outranked on ${me && me.claim}: click another ${kind} or take your cubes back.`
        : `Outranked on ${me && me.claim}, and no other ${kind} you can afford is free: take your cubes back.`,
    };
    const buttons = ["confirm", "withdraw", "pass"].filter((t) => ctx.legal.has(t)).map((t) => act(el("button", {
      type: "button", class: t === "confirm" ? "small" : "small secondary", dataset: {} }, claimWords(t, me)), [t], ctx));
    return el("div", { class: "pc-claimbar", id: "pc-claimbar" },
      el("strong", {}, `${kind} claims${claims.mode === "open" ? `, pass ${claims.pass}` : ""}: `),
      el("span", { class: "small" }, words[state] || "Waiting for the others' claims.",
        me && me.changes_left !== undefined && state !== "done" ? ` (${count(me.changes_left, "change")} left)` : ""),
      buttons.length ? el("span", { class: "row pc-claim-buttons" }, buttons) : null);
  }

  function markets(view, payload, ctx) {
    const part = (kind, agents) => {
      const cards = (view.market || {})[kind] || [];
      return el("div", { class: "pc-market-part" }, el("h3", {}, `${Civ.titleCase(kind)} (${agents})`),
        cards.length ? el("div", { class: "pc-cards" }, cards.map((c) => marketCard(c, kind, view, payload, ctx)))
          : el("p", { class: "muted small" }, "none in the market"));
    };
    return el("section", { class: "panel pc-markets" }, el("h2", {}, "Markets"), claimBar(view, payload, ctx),
      el("div", { class: "pc-market-parts" }, part("wonders", "Builders"), part("leaders", "Ambassadors")));
  }

  // ----- a civilization board --------------------------------------------------------------------
  function trays(p, ctx, mine) {
    return el("div", { class: "pc-trays" }, TRAYS.map((t, i) => {
      const chip = el("div", { class: `pc-tray pc-tray-${t}`, dataset: { tray: t, term: `tray:${t}` } },
        el("span", { class: "pc-n" }, String(p.trays[t])), el("span", { class: "small" }, p.trays[t] === 1 ? AGENT[i] : AGENTS[i]));
      return mine ? act(chip, [`deploy ${t}`], ctx) : chip;
    }));
  }
  function research(p, ctx, mine) {
    return el("div", { class: "pc-research" }, TYPES.map((t) => {
      const chip = el("div", { class: `pc-track pc-t-${t}`, dataset: { track: t, term: `type:${t}` } },
        el("span", { class: "small" }, `${ICON[t]} ${typeName(t).slice(0, 3)}`),
        el("span", { class: "pc-bar" }, el("span", { class: "pc-fill", style: `width:${Math.min(100, p.research[t] * 10)}%` })),
        el("span", { class: "pc-n" }, String(p.research[t])));
      return mine ? act(chip, [`research ${t}`], ctx) : chip;
    }));
  }
  function tracks(p) {
    const rule = (term, text) => el("span", { dataset: { term } }, text);
    return el("div", { class: "pc-stats small" },
      el("span", {}, el("strong", {}, `${p.score}`), " VP so far"), " · ", `${p.vp} VP tokens`, " · ",
      rule("rule:population", "Population"), ` ${p.population} · `, rule("rule:philosophy", "Philosophy"), ` ${p.philosophy} · `,
      rule("rule:legacy", "Legacy"), ` ${p.legacy}`);
  }
  function priority(p) {
    if (!p.priority || !p.priority.length) return null;  // before the civilizations are dealt
    return el("div", { class: "pc-priority small" }, el("span", { class: "muted", dataset: { term: "rule:priority" } }, "Priority: "),
      p.priority.map((t, i) => el("span", { class: `pc-prio pc-t-${t}`, dataset: { term: `type:${t}` }, title: `${typeName(t)}: ${i + 1} of 5` }, `${i + 1}${ICON[t]}`)));
  }
  function cardsOwned(p) {
    const parts = [];
    if (p.leader) parts.push(el("div", {}, el("span", { class: "muted" }, "Leader: "), named("leader", p.leader)));
    if (p.cemetery.length) parts.push(el("div", {}, el("span", { class: "muted" }, "Cemetery: "), list("leader", p.cemetery)));
    if (p.wonders.length) parts.push(el("div", {}, el("span", { class: "muted" }, "Wonders: "), list("wonder", p.wonders)));
    if ((p.aside || []).length) parts.push(el("div", {}, el("span", { class: "muted" }, "Set aside: "),
      p.aside.map((a) => `${a.cubes} ${a.agents} for the ${a.event}`).join("; ")));
    if (p.discards.length) parts.push(el("div", { class: "muted" }, `${count(p.discards.length, "card")} discarded face down`));
    return parts.length ? el("div", { class: "pc-owned small" }, parts) : null;
  }

  /** Over the population cap in Phase B or D: how many cubes or points you still choose, from what. */
  function choosing(p, what) {
    const c = p.choosing;
    if (!c || c.what !== what) return null;
    const offer = Object.entries(c.offer || {}).map(([name, k]) => (what === "cubes" ? `${k} ${k === 1 ? name.replace(/s$/, "") : name}` : `${k} ${name}`)).join(", ");
    const one = what === "cubes" ? "cube" : "Research point";
    return el("p", { class: "pc-choosing small" }, el("strong", {}, `Choose ${count(c.left, c.taken ? `more ${one}` : one, c.taken ? `more ${what}` : what)}`),
      ` — your cards offer more than your `, el("span", { dataset: { term: "rule:population" } }, `population (${c.population})`),
      ` allows. Still on offer: ${offer}. Click a highlighted ${what === "cubes" ? "tray" : "track"}, one at a time.`);
  }

  /** Your board: hand cards with a left and a right half to click, the four spaces, trays, Research. */
  function myBoard(p, view, payload, ctx) {
    const cards = view.cards || {};
    const project = p.project || { left_ids: [], right_ids: [] };
    const placed = [...(project.left_ids || []), ...(project.right_ids || [])];
    const hand = (p.hand_ids || []).slice();
    for (const id of placed) { const k = hand.indexOf(id); if (k >= 0) hand.splice(k, 1); }
    const leftIds = (project.left_ids || []).length ? project.left_ids : (p.left_ids || []);
    const rightIds = (project.right_ids || []).length ? project.right_ids : (p.right_ids || []);
    // a card placed in this Project answers a click: it stays, and Undo takes back the last one
    const planning = payload.decision.kind === "project" && ctx.legal.size > 0;
    const placedCard = (t) => {
      const node = techCard(t, { cls: "pc-placed" });
      return planning ? Civ.table.actOn(node, [], ctx, { why: "that card is placed for this round; Undo (beside your options) takes back the last card you placed" }) : node;
    };
    const space = (ids, side) => el("div", { class: `pc-space pc-space-${side}` }, el("div", { class: "pc-space-head small" },
      `${side === "left" ? "Left: cubes (Phase B)" : "Right: Research (Phase D)"}${payload.finished ? " — as played in the last round" : ""}`),
    [0, 1].map((k) => (ids[k] && cards[ids[k]] ? placedCard(cards[ids[k]])
      : el("div", { class: "pc-card pc-empty small muted" }, "empty"))));
    const handCard = (id) => {
      const t = cards[id];
      if (!t) return null;
      const card = techCard(t, { cls: "pc-hand-card" });
      const halves = el("div", { class: "pc-halves" },
        act(el("button", { type: "button", class: "pc-half pc-half-left secondary small", dataset: { side: "left" } }, "◀ Left"), [`left ${id}`], ctx),
        act(el("button", { type: "button", class: "pc-half pc-half-right secondary small", dataset: { side: "right" } }, "Right ▶"), [`right ${id}`], ctx));
      card.append(halves);
      return card;
    };
    return el("section", { class: "panel pc-board pc-me", dataset: { seat: String(p.seat - 1) } },
      el("h2", {}, ...whoAndCiv(payload, p), " (you)"),
      tracks(p), priority(p),
      hand.length ? el("div", { class: "pc-hand" }, el("h3", {}, payload.decision.kind === "project" && ctx.legal.size
        ? "Your hand — click the left or right half of a card to place it" : "Your hand"),
      el("div", { class: "pc-cards" }, hand.map(handCard))) : null,
      el("div", { class: "pc-spaces" }, space(leftIds, "left"), space(rightIds, "right")),
      (p.discovered_ids || []).length ? el("div", { class: "pc-discovered" }, el("h3", {}, payload.finished ? "Discovered in the last round" : "Discovered this round"),
        el("div", { class: "pc-cards" }, p.discovered_ids.map((id) => (cards[id] ? techCard(cards[id]) : null)))) : null,
      el("h3", {}, "Trays"), choosing(p, "cubes"), trays(p, ctx, true),
      el("h3", {}, "Research"), choosing(p, "Research points"), research(p, ctx, true),
      cardsOwned(p));
  }

  /** Where another player's claim stands, in words. */
  const CLAIM_STATE = { deciding: "still deciding", confirmed: "confirmed", done: "confirmed twice: final", outranked: "outranked" };
  function otherBoard(p, payload) {
    const board = [];
    if (p.left.length || p.right.length) board.push(el("div", {}, el("span", { class: "muted" }, "Left: "), list("tech", p.left),
      el("span", { class: "muted" }, " · Right: "), list("tech", p.right)));
    else if (p.hand.length) board.push(el("div", {}, el("span", { class: "muted" }, "Hand: "), list("tech", p.hand)));
    if (p.discovered.length) board.push(el("div", {}, el("span", { class: "muted" }, payload.finished ? "Discovered in the last round: " : "Discovered: "), list("tech", p.discovered)));
    return Civ.tint(el("div", { class: "panel pc-board pc-other", dataset: { seat: String(p.seat - 1) } },
      el("h3", {}, ...whoAndCiv(payload, p)),
      tracks(p), priority(p),
      el("div", { class: "small pc-mini" }, TRAYS.map((t, i) => el("span", { class: "tag", dataset: { term: `tray:${t}` } }, `${AGENTS[i]} ${p.trays[t]}`))),
      el("div", { class: "small pc-mini" }, TYPES.map((t) => el("span", { class: `tag pc-t-${t}`, dataset: { term: `type:${t}` } }, `${ICON[t]} ${p.research[t]}`))),
      el("div", { class: "small" }, board),
      cardsOwned(p),
      p.committed && !(p.left.length) ? el("div", { class: "small muted" }, "has placed a Project (secret until everyone has)") : null,
      p.claim ? el("div", { class: "small pc-claim" }, `claims ${p.claim}${CLAIM_STATE[p.claim_state] ? ` (${CLAIM_STATE[p.claim_state]})` : ""}`) : null), p.seat - 1);
  }

  // ----- the library and the Philosophy board -----------------------------------------------------
  function library(view, ctx) {
    const byType = {};
    for (const t of view.library || []) (byType[t.type] = byType[t.type] || []).push(t);
    const buying = [...ctx.legal].some((a) => a.startsWith("buy "));
    return el("section", { class: "panel pc-library" }, el("h2", {}, "Technology library"),
      buying ? el("p", { class: "small" }, "Click a highlighted card to buy it with Research of its type.") : null,
      TYPES.map((ty) => el("div", { class: "pc-lib-row" }, el("h3", { dataset: { term: `type:${ty}` } }, `${ICON[ty]} ${typeName(ty)}`),
        el("div", { class: "pc-cards" }, (byType[ty] || []).map((t) => act(techCard(t, { left: t.left, cls: t.left ? "" : "pc-gone" }), [`buy ${t.id}`], ctx))))));
  }

  /** The Philosophy board: each level's cost in Philosophers, its Benefit multiplier and VP, who
      stands on it, and its Benefit tokens once turned up (what each gives at that level). */
  function philosophy(view, payload, ctx) {
    const me = payload.seat === null || payload.seat === undefined ? null : payload.seat + 1;
    const choosing = [...ctx.legal].some((a) => a.startsWith("benefit "));
    const on = (level) => (view.players || []).filter((p) => p.philosophy === level).map((p) => el("span", {
      class: "pc-phil-who", dataset: { seat: String(p.seat - 1) } }, Civ.swatch(p.seat - 1), p.seat === me ? "you" : Civ.playerName(payload, p.seat - 1)));
    return el("section", { class: "panel pc-phil" }, el("h2", { dataset: { term: "rule:philosophy" } }, "Philosophy"),
      choosing ? el("p", { class: "small" }, payload.decision.kind === "first"
        ? "You are first on this level: click the Benefit you take (multiplied as its level says). It stays face up for "
          + "everyone reaching the level later; the other goes face down."
        : "Click a highlighted Benefit to take it, multiplied as its level says.") : null,
      el("div", { class: "pc-phil-levels" }, (view.philosophy || []).map((lv) => el("div", { class: "pc-phil-level small" },
        el("strong", {}, `Level ${lv.level}`),
        el("div", { class: "muted" }, `costs ${count(lv.cost, "Philosopher")} · Benefit ×${lv.multiplier} · ${lv.vp} VP at the end`),
        on(lv.level).length ? el("div", { class: "pc-phil-on" }, on(lv.level)) : null,
        el("div", { class: "pc-tokens" }, lv.seen.length ? lv.seen.map((b, k) => {
          const id = (lv.seen_ids || [])[k];
          const up = lv.faceup.includes(b);
          const gives = (lv.gives || [])[k];
          const node = el("span", { class: "tag pc-token" + (up ? "" : " muted"), dataset: id ? { term: `benefit:${id}` } : {} },
            up || !lv.faceup.length ? (gives ? `${b}: ${gives}` : b) : `${b} (face down)`);
          return id ? act(node, [`benefit ${id}`], ctx) : node;
        }) : el("span", { class: "muted" }, "2 tokens face down"))))));
  }

  // ----- labels of the option buttons ------------------------------------------------------------
  function destinyWords(event, n) {
    if (!n) return "Don't use the Destiny";
    return ((event && event.uses) || [])[n - 1] || `Use the Destiny ${count(n, "time")}`;
  }

  function label(text, payload) {
    const parts = text.split(" ");
    const kind = parts[0];
    const arg = parts[1];
    const view = (payload && payload.view) || {};
    const cards = view.cards || {};
    const market = [...((view.market || {}).wonders || []), ...((view.market || {}).leaders || [])];
    const nameOf = (id) => (cards[id] && cards[id].name) || (market.find((c) => c.id === id) || {}).name || Civ.titleCase(String(id).replace(/_/g, " "));
    if (kind === "left") return `${nameOf(arg)} ◀ left`;
    if (kind === "right") return `${nameOf(arg)} right ▶`;
    if (kind === "deploy") return `one ${AGENT[TRAYS.indexOf(arg)] || arg}`;
    if (kind === "research") return `1 ${typeName(arg)} point`;
    if (kind === "claim") return nameOf(arg);
    if (kind === "buy") return nameOf(arg);
    if (kind === "benefit") {  // "Sage: 2 Sages": what it gives at the level being reached
      const lv = (view.philosophy || []).find((l) => (l.seen_ids || []).includes(arg));
      const k = lv ? lv.seen_ids.indexOf(arg) : -1;
      const name = lv ? lv.seen[k] : Civ.titleCase(String(arg).replace(/_/g, " "));
      return lv && (lv.gives || [])[k] ? `${name}: ${lv.gives[k]}` : name;
    }
    if (kind === "destiny") {  // what the use does ("Turn 2 Philosophers into 2 Ambassadors"), not "use 2 times"
      const now = (view.events || []).find((e) => e.kind === "challenge" && [String(view.round), view.round + "a"].includes(e.round));
      return destinyWords(now, Number(arg));
    }
    if (kind === "confirm" || kind === "withdraw" || kind === "pass") {  // the claim bar's words
      return claimWords(kind, (view.players || []).find((p) => payload && p.seat === payload.seat + 1));
    }
    return null;
  }

  Civ.renderers.pathciv = {
    optionsAfter: ".pc-me",  // on one column the options follow the part of the table played on (game_options.js)
    progressOnBoard: true,  // each civilization's panel says its score, VP tokens, Population, Philosophy and Legacy
    // the options' group headings, in the rules' words (not the actions' kinds "left", "withdraw"...)
    kindTitles: { left: "Left side: cubes", right: "Right side: Research", deploy: "Deploy a cube", research: "Research point",
      claim: "Claim", withdraw: "Take cubes back", confirm: "Confirm", pass: "Pass", buy: "Buy a Technology",
      benefit: "Philosophy Benefit", destiny: "Destiny" },
    render(board, payload, ctx) {
      const view = payload.view || {};
      const me = payload.seat === null || payload.seat === undefined ? null : payload.seat + 1;
      const players = view.players || [];
      const mine = players.find((p) => p.seat === me);
      const others = players.filter((p) => p.seat !== me);
      const root = el("div", { class: "pc" });
      Civ.append(root, [
        eventLine(view, ctx, payload),
        markets(view, payload, ctx),
        mine ? myBoard(mine, view, payload, ctx) : null,
        el("section", { class: "panel" }, el("h2", {}, mine ? "The other civilizations" : "Civilizations"),
          el("div", { class: "pc-others" }, others.map((p) => otherBoard(p, payload)))),
        library(view, ctx),
        philosophy(view, payload, ctx),
      ]);
      board.append(root);
      if (payload.finished && payload.result && !payload.score_sheet) board.append(Civ.renderers.generic.result(payload));
    },
    label,
  };
})();
