/* Race Game's own page renderer (a game package may bring one as static/<name>.js): the track,
   a line per runner, and the seat's choices as the runner's steps. */
"use strict";

(() => {
  const { el } = Civ;
  const STEPS = { walk: "Walk 1", sprint: "Sprint 2", boost: "Play the boost card" };

  Civ.renderers.racegame = {
    kindTitles: { walk: "Walk", sprint: "Sprint", boost: "Boost" },
    render(board, payload, ctx) {
      const view = payload.view || {};
      const goal = view.goal || 0;
      const track = el("section", { class: "panel race-track", id: "race-track" }, el("h2", {}, `The track (goal ${goal})`),
        (view.positions || []).map((at, seat) => el("div", { class: "race-lane", dataset: { seat } },
          el("span", { class: "race-name" }, Civ.seatName(payload, seat)),
          el("span", { class: "race-runner", style: `margin-left: ${Math.round((100 * Math.min(at, goal)) / Math.max(goal, 1))}%` },
            `${at}`))));
      const card = view.your_card === null || view.your_card === undefined ? null
        : el("p", { class: "race-card", id: "race-card" }, `Your boost card: ${view.your_card}${view.boost_used[payload.seat] ? " (played)" : ""}`);
      const steps = el("div", { class: "row race-steps" }, ["walk", "sprint", "boost"].map((kind) => {
        const legal = ctx.legal.has(kind);
        return el("button", { type: "button", class: `small race-step${legal ? " clickable" : ""}`, dataset: { action: kind },
          onclick: () => (legal ? ctx.act(kind) : ctx.refuse(kind)) }, STEPS[kind]);
      }));
      Civ.append(board, [track, card, payload.seat === null ? null : steps]);
      if (payload.finished && payload.result) board.append(Civ.renderers.generic.result(payload));
    },
  };
})();
