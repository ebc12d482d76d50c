/* "How to win" in the side panel: the mode's objectives and every player's progress, from the
   game's glossary module (GET /api/games/{id}/progress), asked again shortly after each new view.
   Needs common.js; game.js calls Civ.progress.refresh. */
"use strict";

Civ.progress = (() => {
  const { api, el, clear } = Civ;
  let timer = null;
  let asked = 0;
  let shown = 0;

  /** Ask for the progress at `path` (the seat's own view of it) and show it; `current()` is the
      page's view when the answer comes. A finished game hides the panel: its score sheet says it all. */
  function refresh(current, path) {
    clearTimeout(timer);
    if (current().finished) { document.getElementById("howto").classList.add("hidden"); return; }  // the score sheet says it all
    timer = setTimeout(async () => {
      const mine = ++asked;
      const res = await api("GET", path);
      if (mine < shown) return;  // an older answer arriving late
      shown = mine;
      const payload = current();
      const panel = document.getElementById("howto");
      if (!res.ok || !res.data.players || !res.data.players.length || payload.finished) { panel.classList.add("hidden"); return; }
      panel.classList.remove("hidden");
      const d = res.data;
      const body = clear(document.getElementById("howto-body"));
      if (d.title) body.append(el("div", { class: "small" }, el("strong", {}, d.title)));
      if (d.objectives && d.objectives.length) body.append(el("ul", { class: "objectives" }, d.objectives.map((o) => el("li", {}, o))));
      // a game whose board already gives every player's standing in its one players' table
      // (Path of Civilization's civilizations) shows the goal only: not the players a second time
      if ((Civ.renderers[payload.game] || {}).progressOnBoard) return;
      body.append(el("ul", { class: "progress-list", id: "progress" }, d.players.map((p) => {
        const parts = p.lines.map((l) => {
          if (!l.need) return el("span", { class: "goal" }, `${l.label} ${l.have}${l.note ? ` (${l.note})` : ""}`);
          if (l.label === "Dawn") return el("span", { class: l.done ? "done" : "goal" }, l.done ? "Dawn reached ✓" : "Dawn not reached yet");
          return el("span", { class: l.done ? "done" : "" }, `${l.label} ${l.have}/${l.need}${l.done ? " ✓" : ""}`);
        });
        const joined = [];
        parts.forEach((x, i) => { if (i) joined.push(" · "); joined.push(x); });
        const li = el("li", { dataset: { seat: p.seat } }, el("div", {}, Civ.seatChip(payload, p.seat),
          p.achieved ? el("span", { class: "done" }, " — objectives met") : null), el("div", {}, joined),
          p.trait ? el("div", { class: "muted small" }, `${p.trait}: ${p.civ_victory}${p.blocked ? " (blocked)" : ""}`) : null,
          p.objective ? el("div", { class: "muted small" }, `Objective card: ${p.objective}`) : null);
        return Civ.tint(li, p.seat);
      })));
    }, 150);
  }

  return { refresh };
})();
