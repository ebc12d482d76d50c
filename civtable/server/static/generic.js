/* The generic game view: seats, the decision, and every field of the seat's view. Works for any game. */
"use strict";

(() => {
  const { el } = Civ;

  function value(v) {
    if (v === null || v === undefined) return "—";
    if (typeof v === "object") return JSON.stringify(v);
    return String(v);
  }

  Civ.renderers.generic = {
    render(board, payload) {
      const view = payload.view || {};
      const deciding = new Set(payload.decision.players);
      const seats = el("div", { class: "seats" }, payload.seats.map((s) => el("span", {
        class: "seatchip" + (deciding.has(s.seat) ? " deciding" : "") + (payload.seat === s.seat ? " me" : ""),
      }, Civ.seatName(payload, s.seat), payload.seat === s.seat ? " — you" : "")));
      const numbers = Object.entries(view).filter(([, v]) => typeof v === "number");
      const others = Object.entries(view).filter(([, v]) => typeof v !== "number");
      Civ.append(board, [
        el("section", { class: "panel" }, el("h2", {}, "Players"), seats),
        numbers.length ? el("section", { class: "panel" }, el("div", { class: "row stats" }, numbers.map(([k, v]) =>
          el("div", { class: "stack", dataset: { field: k } }, el("div", { class: "muted small" }, Civ.titleCase(k)),
            el("div", { class: "bigstat" }, String(v)))))) : null,
        others.length ? el("section", { class: "panel" }, el("h2", {}, "Position"),
          el("dl", { class: "kv" }, others.map(([k, v]) => [el("dt", {}, Civ.titleCase(k)), el("dd", {}, value(v))]))) : null,
      ]);
      if (payload.finished && payload.result) board.append(Civ.renderers.generic.result(payload));
    },
    result(payload) {
      const r = payload.result;
      const winners = r.winners.map((w) => Civ.seatName(payload, w)).join(", ") || "nobody";
      return el("section", { class: "panel summary" }, el("h2", {}, "Game over"),
        el("p", {}, `Winner: ${winners}`, r.reason ? ` — ${r.reason}` : ""),
        el("table", {}, el("tr", {}, el("th", {}, "Seat"), el("th", {}, "Score")),
          r.scores.map((s, i) => el("tr", { class: r.winners.includes(i) ? "winner" : "" },
            el("td", {}, Civ.seatName(payload, i)), el("td", {}, value(s))))));
    },
  };
})();
