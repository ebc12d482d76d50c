/* The generic game view: seats, the decision, and every field of the seat's view. Works for any game. */
"use strict";

(() => {
  const { el } = Civ;
  const LONG = 240;

  function compact(v) {
    if (v === null || v === undefined) return "—";
    if (Array.isArray(v)) return v.map(compact).join(", ");
    if (typeof v === "object") {
      return Object.entries(v).filter(([, x]) => x !== null && x !== 0 && x !== false && !(Array.isArray(x) && !x.length))
        .map(([k, x]) => `${k}: ${typeof x === "object" ? JSON.stringify(x) : x}`).join(" · ") || "—";
    }
    return String(v);
  }

  /** A value: short ones inline, tables for lists of records, long ones folded away. */
  function value(v) {
    if (Array.isArray(v) && v.length && v.every((x) => x && typeof x === "object" && !Array.isArray(x))) {
      const keys = [...new Set(v.flatMap((x) => Object.keys(x)))].slice(0, 12);
      const table = el("table", { class: "list small" }, el("tr", {}, keys.map((k) => el("th", {}, Civ.titleCase(k)))),
        v.map((row) => el("tr", {}, keys.map((k) => {
          const text = compact(row[k]);
          return el("td", { title: text.length > 60 ? text : null }, text.length > 60 ? text.slice(0, 57) + "…" : text);
        }))));
      return v.length > 8 ? el("details", {}, el("summary", {}, `${v.length} entries`), table) : table;
    }
    const text = compact(v);
    if (text.length > LONG) {
      return el("details", {}, el("summary", {}, text.slice(0, 80) + "…"), el("div", { class: "mono" }, JSON.stringify(v)));
    }
    return text;
  }

  Civ.renderers.generic = {
    render(board, payload, ctx, opts) {
      const skip = new Set((opts && opts.skip) || []);
      const view = payload.view || {};
      const deciding = new Set(payload.decision.players);
      const seats = el("div", { class: "seats" }, payload.seats.map((s) => el("span", {
        class: "seatchip" + (deciding.has(s.seat) ? " deciding" : "") + (payload.seat === s.seat ? " me" : ""),
      }, Civ.seatName(payload, s.seat), payload.seat === s.seat ? " — you" : "")));
      const fields = Object.entries(view).filter(([k]) => !skip.has(k) && !["game", "decision", "you"].includes(k));
      const numbers = fields.filter(([, v]) => typeof v === "number");
      const others = fields.filter(([, v]) => typeof v !== "number");
      Civ.append(board, [
        el("section", { class: "panel" }, el("h2", {}, "Players"), seats),
        numbers.length ? el("section", { class: "panel" }, el("div", { class: "row stats" }, numbers.map(([k, v]) =>
          el("div", { class: "stack", dataset: { field: k } }, el("div", { class: "muted small" }, Civ.titleCase(k)),
            el("div", { class: "bigstat" }, String(v)))))) : null,
        others.length ? el("section", { class: "panel" }, el("h2", {}, "Position"),
          el("dl", { class: "kv" }, others.map(([k, v]) => [el("dt", {}, Civ.titleCase(k)), el("dd", { dataset: { field: k } }, value(v))]))) : null,
      ]);
      if (payload.finished && payload.result) board.append(Civ.renderers.generic.result(payload));
    },
    /** The end of the game: the game's score sheet when it has one (Civ.table.scoreSheet), else
        the result's scores. */
    result(payload) {
      const sheet = Civ.table ? Civ.table.scoreSheet(payload) : null;
      if (sheet) return sheet;
      const r = payload.result;
      const winners = r.winners.map((w) => Civ.seatName(payload, w)).join(", ") || "nobody";
      return el("section", { class: "panel summary" }, el("h2", {}, "Game over"),
        el("p", {}, `Winner: ${winners}`, r.reason ? ` — ${r.reason}` : ""),
        el("table", {}, el("tr", {}, el("th", {}, "Player"), el("th", {}, "Score")),
          r.scores.map((s, i) => el("tr", { class: r.winners.includes(i) ? "winner" : "" },
            el("td", {}, Civ.seatName(payload, i)),
            el("td", {}, s && typeof s === "object" ? Object.entries(s).map(([k, v]) => `${k}: ${v}`).join(" · ") : String(s))))));
    },
  };
})();
