/* Replays of finished games: each step is rebuilt on the server by re-executing the record. */
"use strict";

(() => {
  const { api, el, clear, toast } = Civ;
  const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const range = document.getElementById("step");
  const seatSelect = document.getElementById("seat");
  let total = 0;
  let timer = null;
  let pending = 0;
  document.getElementById("review-link").href = `/review/${encodeURIComponent(gameId)}`;

  async function go(step) {
    step = Math.max(0, Math.min(total || step, step));
    const ticket = ++pending;
    const seat = seatSelect.value;
    const res = await api("GET", `/api/games/${encodeURIComponent(gameId)}/replay?step=${step}${seat !== "" ? `&seat=${seat}` : ""}`);
    if (ticket !== pending) return;
    if (!res.ok) {
      const status = document.getElementById("status");
      status.textContent = res.data.error || "Cannot load the replay.";
      stop();
      if (!total) {  // nothing to replay (no such game, or one still played): no controls that cannot work
        for (const node of document.querySelectorAll(".replay-controls, .layout, #review-link")) node.classList.add("hidden");
        if (res.status === 409) status.append(" ", el("a", { href: `/play/${encodeURIComponent(gameId)}?watch` }, "Watch the game"));
      }
      return;
    }
    const p = res.data;
    if (!total) {
      total = p.total;
      range.max = String(total);
      for (const s of p.seats) seatSelect.append(el("option", { value: s.seat }, Civ.seatName(p, s.seat)));
    }
    range.value = String(p.step);
    document.getElementById("title").textContent = `Replay: ${p.title}`;
    document.getElementById("step-label").textContent = `action ${p.step} of ${p.total}`;
    const status = document.getElementById("status");
    status.className = "status" + (p.finished ? " over" : "");
    const last = p.log[p.log.length - 1];
    status.textContent = p.finished ? endOfGame(p) : (last ? last.text : "The game begins.");
    const payload = Object.assign({ seat: p.seat, legal: [], can_undo: false, your_turn: false, state_id: p.step }, p);
    const board = clear(document.getElementById("board"));
    board.dataset.step = String(p.step);
    const renderer = Civ.renderers[p.game] || Civ.renderers.generic;
    Civ.glossary.extra = renderer.termExtra ? (id, target) => renderer.termExtra(id, payload, target) : null;
    renderer.render(board, payload, { readonly: true, legal: new Set(), act: async () => false, preview() {} });
    const log = clear(document.getElementById("log"));
    for (const e of p.log) {
      if (!e.text) continue;
      const li = el("li", { class: e.seat === null || e.seat < 0 ? "chance" : "" }, e.text);
      if (e.seat !== null && e.seat >= 0) Civ.tint(li, e.seat);
      log.append(li);
    }
    log.scrollTop = log.scrollHeight;
  }

  /** "End of the game: Eve won." ("Bob won; Ada left the game before its end.") */
  function endOfGame(p) {
    const r = p.result || {};
    const names = (seats) => (seats || []).map((w) => Civ.playerName(p, w)).join(" and ");
    const won = names(r.winners);
    const left = names(r.left);
    return `End of the game: ${won || "nobody"} won` + (left ? `; ${left} left the game before its end.` : ".");
  }

  function stop() { clearInterval(timer); timer = null; document.getElementById("play").textContent = "Play"; }
  function step(delta) { stop(); go(Number(range.value) + delta); }

  document.getElementById("first").addEventListener("click", () => { stop(); go(0); });
  document.getElementById("last").addEventListener("click", () => { stop(); go(total); });
  document.getElementById("prev").addEventListener("click", () => step(-1));
  document.getElementById("next").addEventListener("click", () => step(1));
  range.addEventListener("input", () => { stop(); go(Number(range.value)); });
  seatSelect.addEventListener("change", () => go(Number(range.value)));
  document.getElementById("play").addEventListener("click", () => {
    if (timer) { stop(); return; }
    document.getElementById("play").textContent = "Pause";
    timer = setInterval(() => {
      if (Number(range.value) >= total) { stop(); return; }
      go(Number(range.value) + 1);
    }, 700);
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowRight") step(1);
    if (ev.key === "ArrowLeft") step(-1);
  });
  Civ.zoom.watch(document.getElementById("board"));  // a board drawn too small to read zooms (zoom.js)
  Civ.loadGlossary(gameId).then((g) => Civ.table.loadCss(g.css))
    .finally(() => go(0).catch(() => toast("cannot load the replay")));
})();
