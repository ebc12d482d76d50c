/* The table around a game: claiming an invitation, the players (name, colour, rating, clock, whether
   each other person has the game open now), the
   game clocks ticking beside each name and in the tab title, a table waiting for its players (and
   its offer of bots), resigning, and the choice the others make when someone's time runs out.
   Needs common.js; game.js calls Civ.clocks.claim / sync / show / presence. */
"use strict";

Civ.clocks = (() => {
  const { api, el, clear, toast } = Civ;
  let offset = 0;  // server time minus this browser's time, in seconds (from the pushes' "now")
  let payload = null;
  let opts = null;
  let baseTitle = null;
  let timer = null;

  function serverNow() { return Date.now() / 1000 + offset; }
  function sync(now) { offset = now - Date.now() / 1000; }

  /** Claim an invitation of this game: {token} of the seat, or {} after saying plainly why not. */
  async function claim(gameId, invitation) {
    const res = await api("POST", `/api/games/${encodeURIComponent(gameId)}/claim`, { invitation });
    if (res.ok) {
      Civ.saveSeat(gameId, res.data.seat, res.data.token, res.data.game);
      return { token: res.data.token };
    }
    if (res.data && res.data.code === "not_invitation") return { token: invitation };  // a seat's own link
    const box = document.getElementById("table-box");
    box.textContent = res.data.error || "This invitation cannot be used.";
    box.className = "status refused";
    box.setAttribute("role", "alert");
    box.dataset.code = res.data.code || "";
    toast(res.data.error || "This invitation cannot be used.");
    return {};
  }

  /** "4:59", "1:02:03", "2 d 3 h". */
  function format(seconds) {
    const s = Math.max(0, seconds);
    if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
    const whole = Math.ceil(s);
    const h = Math.floor(whole / 3600), m = Math.floor((whole % 3600) / 60), sec = whole % 60;
    const pad = (n) => String(n).padStart(2, "0");
    return h ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
  }

  function left(clock, seat) {
    const base = clock.left[seat];
    return clock.running.includes(seat) ? base - Math.max(0, serverNow() - clock.at) : base;
  }

  const REASONS = { timeout: "ran out of time", resigned: "resigned", abandoned: "left the game" };

  function players() {
    const bar = clear(document.getElementById("players-bar"));
    const table = payload.table || {};
    const clock = table.clock;
    for (const s of payload.seats || []) {
      const bits = [Civ.swatch(s.seat), el("span", { class: "name" }, Civ.playerName(payload, s.seat))];
      if (online && s.player === "human" && !s.bot && !s.left && s.held !== false && s.seat !== payload.seat) {
        const here = online.has(s.seat);  // another person: has this game open now, or not
        bits.push(el("span", { class: `presence ${here ? "here" : "away"}`, title: here ? "at the table now" : "not at the table now",
          "aria-label": here ? "at the table now" : "not at the table now" }, here ? "●" : "away"));
      }
      if (s.account) bits.push(el("span", { class: "rating muted small",
        title: s.rating !== undefined ? `rating of the account ${s.account}` : `the account ${s.account} has no rating in this game yet` },
        s.rating !== undefined ? ` ${s.rating}` : " new"));
      if (s.player !== "human") bits.push(el("span", { class: "muted small" }, ` ${String(s.player).split(":")[0]} bot`));
      if (s.bot) bits.push(el("span", { class: "badge small" }, `${s.bot} bot plays`));
      else if (s.left) bits.push(el("span", { class: "badge small" }, REASONS[s.left] || s.left));
      // a closed table has no seat to take
      if (s.player === "human" && s.held === false && payload.status !== "closed") bits.push(el("span", { class: "badge small" }, "free seat"));
      if (clock && s.player === "human" && !s.bot) {
        bits.push(el("span", { class: "clock", dataset: { seat: s.seat } }, format(left(clock, s.seat))));
      }
      const chip = el("span", { class: "player", dataset: { seat: s.seat } }, bits);
      if (clock && clock.running.includes(s.seat)) chip.classList.add("running");
      if (s.seat === payload.seat) chip.classList.add("me");
      bar.append(Civ.tint(chip, s.seat));
    }
    if (clock) bar.append(el("span", { class: "muted small speed" }, `clock ${clock.label}`));
    if (table.rated) bar.append(el("span", { class: "badge small rated" }, "rated"));
  }

  async function post(path, body) {
    const res = await api("POST", `/api/games/${encodeURIComponent(opts.gameId)}/${path}`, body);
    if (!res.ok) toast(res.data.error || "That did not work.");
    else opts.reload();
    return res;
  }

  /** A person who joined a table still waiting for players leaves it (its creator cannot: the
      server answers 409): the seat is free again, this browser forgets it, and the lobby opens. */
  async function leave() {
    if (!window.confirm("Leave this table? Your seat becomes free for someone else, and you go back to the lobby.")) return;
    const { gameId, token } = opts;
    const seat = payload.seat;
    opts.leaving(true);  // the server closes this seat's socket: no reconnecting, no "seat lost"
    const res = await api("POST", `/api/games/${encodeURIComponent(gameId)}/resign`, { token });
    if (!res.ok) {
      opts.leaving(false);
      toast(res.data.error || "You cannot leave this table now.");
      opts.reload();
      return;
    }
    if (Civ.tokenFor(gameId, seat) === token) Civ.forgetSeat(gameId, seat);
    location.href = "/";
  }

  function box() {
    const node = document.getElementById("table-box");
    if (node.dataset.code) return;  // a refused invitation stays said
    clear(node);
    node.className = "status hidden";
    const table = payload.table || {};
    const parts = [];
    if (payload.status === "waiting") {
      const free = (table.free || []).map((s) => `Player ${s + 1}`);
      parts.push(el("span", {}, `Waiting for ${free.length} more player${free.length === 1 ? "" : "s"} (${free.join(", ")}): `
        + "the game and its clocks start when every seat is taken."));
      const mayFill = payload.seat !== null && (payload.seat === table.creator || (table.fill_by && serverNow() >= table.fill_by));
      if (mayFill) {
        parts.push(" ", el("button", { type: "button", class: "small", id: "fill-bots",
          onclick: () => post("fill", { token: opts.token }) }, "Fill the free seats with bots and start"));
      } else if (table.fill_by) {
        parts.push(el("span", { class: "muted small" }, " Bots are offered if nobody comes."));
      }
      if (payload.seat !== null && payload.seat !== table.creator && opts.token && opts.leaving) {
        parts.push(" ", el("button", { type: "button", class: "small secondary", id: "leave-table", onclick: leave }, "Leave the table"));
      }
    }
    if (table.choice && payload.seat !== null) {
      const who = Civ.playerName(payload, table.choice.seat);
      parts.push(el("span", {}, `${who} ${REASONS[table.choice.reason] || "left"}. `),
        el("button", { type: "button", class: "small", id: "forfeit-bot",
          onclick: () => post("forfeit", { token: opts.token, choice: "bot" }) }, `Let a bot play ${who}'s seat`), " ",
        el("button", { type: "button", class: "small secondary", id: "forfeit-end",
          onclick: () => post("forfeit", { token: opts.token, choice: "end" }) }, "End the game"));
      if (table.choice.until) parts.push(el("span", { class: "muted small" }, " (a bot takes the seat if nobody answers)"));
    }
    const mine = (payload.seats || [])[payload.seat];
    if (mine && (mine.left || mine.bot)) {
      const why = `You ${REASONS[mine.left] || "left"}`;
      parts.push(el("span", {}, payload.finished ? (mine.bot ? `${why}; a bot played your seat to the end.` : `${why}.`)
        : mine.bot ? `${why}: a bot plays your seat now.` : `${why}; the others decide whether a bot takes your seat.`));
    }
    if (payload.finished && table.rated && table.rating_note !== null && table.rating_note !== undefined) {
      parts.push(el("span", { class: "muted small", id: "rating-note" },
        table.rating_note ? ` Not rated: ${table.rating_note}.` : " Rated: the players' ratings were updated."));
    }
    if (payload.status === "active" && mine && mine.player === "human" && !mine.left && !mine.bot && opts.token) {
      parts.push(" ", el("button", { type: "button", class: "small secondary", id: "resign", onclick: () => {
        if (window.confirm(table.rated ? "Resign? In a rated game this counts as a loss." : "Resign this game?")) {
          post("resign", { token: opts.token });
        }
      } }, "Resign"));
    }
    if (parts.length) { node.append(...parts); node.classList.remove("hidden"); }
  }

  /** Every quarter second: the running clocks, the tab title, and the offer of bots once due. */
  function tick() {
    if (!payload) return;
    const clock = (payload.table || {}).clock;
    if (clock) {
      for (const node of document.querySelectorAll("#players-bar .clock")) {
        const seat = Number(node.dataset.seat);
        const t = left(clock, seat);
        node.textContent = format(t);
        node.classList.toggle("low", clock.running.includes(seat) && t < 30);
      }
      const watched = payload.seat !== null && clock.left[payload.seat] !== undefined && !clock.out.includes(payload.seat)
        ? payload.seat : clock.running[0];
      if (watched !== undefined && baseTitle !== null && payload.status === "active") {
        document.title = `${format(left(clock, watched))} · ${baseTitle}`;
      }
    }
    const table = payload.table || {};
    if (payload.status === "waiting" && table.fill_by && serverNow() >= table.fill_by && !document.getElementById("fill-bots")
        && payload.seat !== null) box();
  }

  /** Who has the game open (seats), as the server's pushes say (game.js); null until one says. */
  let online = null;
  function presence(seats) {
    online = new Set(seats);
    if (payload) players();
  }

  function show(next, options) {
    payload = next;
    opts = options;
    baseTitle = document.title;
    players();
    box();
    Civ.invites.show(payload);  // a new game's invitations, for its creator (invites.js)
    if (!timer) timer = setInterval(tick, 250);
    tick();
  }

  return { claim, sync, show, presence, format };
})();
