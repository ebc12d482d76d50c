/* The game page's words about the game: the status line (whose decision, who won, the rematch and
   the series' tally), the log, the seat's display name asked once, and the turn notification.
   game.js builds it: Civ.gameStatus(page). */
"use strict";

(() => {
  const { api, el, clear, toast } = Civ;

  /** `page`: the table page as game.js shares it (the payload shown, the seat's token, rematch). */
  Civ.gameStatus = (page) => {
    document.getElementById("notify").addEventListener("click", async () => {
      if (!window.Notification) return;
      await Notification.requestPermission();
      document.getElementById("notify").classList.add("hidden");
    });

    // ----- the player's display name: asked once when a seat without a chosen name is opened ---------
    const NAME_KEY = "civtable.name";
    let nameAsked = false;
    let accountName = null;
    async function showNameForm() {
      const seat = page.payload.seat === null ? null : (page.payload.seats || [])[page.payload.seat];
      const old = document.getElementById("name-form");
      if (!page.token || !seat || seat.named || page.payload.finished) { if (old) old.remove(); return; }
      if (old) return;
      if (!nameAsked) {
        nameAsked = true;
        const res = await api("GET", "/api/account");
        if (res.ok && res.data && res.data.name) accountName = res.data.name;
      }
      if (document.getElementById("name-form")) return;
      const input = el("input", { id: "name-input", name: "name", maxlength: 24, required: true, autocomplete: "nickname", size: 12,
        placeholder: "Your name", "aria-label": `Your name at this table (otherwise ${Civ.playerName(page.payload, page.payload.seat)})`,
        title: "The name the other players see", value: localStorage.getItem(NAME_KEY) || accountName || "" });
      const form = el("form", { id: "name-form", class: "name-form" }, input, el("button", { type: "submit", class: "small" }, "Save name"));
      form.addEventListener("submit", async (ev) => {
        ev.preventDefault();
        const res = await api("POST", `/api/games/${encodeURIComponent(page.gameId)}/name`, { token: page.token, name: input.value });
        if (!res.ok) { toast(res.data.error || "This name cannot be used."); return; }
        localStorage.setItem(NAME_KEY, input.value.trim());
        form.remove();
        page.redraw(res.data);
      });
      document.getElementById("seat-info").after(form);
    }

    function showStatus() {
      const { payload } = page;
      const status = document.getElementById("status");
      const names = payload.decision.players.filter((p) => p >= 0).map((p) => Civ.seatName(payload, p));
      status.className = "status";
      if (payload.finished) {
        status.classList.add("over");
        const winners = (payload.result && payload.result.winners || []).map((w) => Civ.seatName(payload, w));
        status.textContent = `Game over. Winner: ${winners.join(", ") || "nobody"}.`;
        status.append(" ", el("a", { href: `/replay/${payload.id}` }, "Watch the replay"),
          " · ", el("a", { href: `/review/${payload.id}`, class: "review-link" }, "Review the game"));
        if (payload.seat !== null && page.token && payload.seats[payload.seat].player === "human") {
          status.append(" ", el("button", { type: "button", id: "rematch", onclick: page.rematch },
            page.heldThere() ? "Go to the rematch" : payload.rematch ? "Join the rematch" : "Play again"));
        } else if (payload.rematch) {
          status.append(" · ", el("a", { href: `/play/${payload.rematch}?watch` }, "Watch the rematch"));
        }
        const series = seriesTally();
        if (series) status.append(series);
      } else if (payload.status === "closed") {  // a waiting table whose creator deleted their account
        status.classList.add("over");
        status.textContent = "This table was closed before its game started: the player who opened it deleted their account.";
        status.append(" ", el("a", { href: "/", id: "to-lobby" }, "Find another table in the lobby"));
      } else if (payload.status === "waiting") {  // nobody decides before every seat is taken
        status.textContent = "Waiting for players to join the table.";
      } else if (payload.your_turn) {
        status.classList.add("yours");
        status.textContent = `Your decision: ${payload.decision.prompt || payload.decision.kind}`;
      } else {
        status.textContent = `Waiting for ${names.join(", ") || "chance"}: ${payload.decision.prompt || payload.decision.kind}`;
      }
    }

    /** A game of a series of rematches, once over: "Game N of this series" and the tally after it
     * (wins per player by name and colour, shared wins, ties, total scores), as the server counts it. */
    function seriesTally() {
      const { payload } = page;
      const s = payload.series;
      if (!s) return null;
      const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
      const rows = s.players.map((p) => el("li", { dataset: { seat: p.seat } },
        el("span", { class: "who" }, Civ.swatch(p.seat), Civ.seatName(payload, p.seat)), ": ", count(p.wins, "win"),
        p.shared ? `, ${p.shared} shared` : "", p.score === null || p.score === undefined ? "" : ` · total score ${p.score}`));
      const notes = [];
      if (s.ties) notes.push(count(s.ties, "tie"));
      if (s.games > s.decided) notes.push(`${count(s.games - s.decided, "game")} without a result`);
      return el("div", { id: "series", class: "series" },
        el("strong", {}, `Game ${s.game} of this series`), " — standings after it:",
        el("ul", { class: "series-tally" }, rows), notes.length ? el("div", { class: "small" }, notes.join(" · ")) : "");
    }

    function showLog() {
      const { payload } = page;
      const log = clear(document.getElementById("log"));
      for (const entry of payload.log) {
        if (!entry.text) continue;  // nothing worth a line (e.g. composing a trade offer)
        const li = el("li", { class: entry.seat === null || entry.seat < 0 ? "chance" : "", dataset: { seat: entry.seat } }, entry.text);
        if (entry.seat !== null && entry.seat >= 0) Civ.tint(li, entry.seat);
        log.append(li);
      }
      log.scrollTop = log.scrollHeight;
    }

    return { showStatus, showNameForm, showLog };
  };
})();
