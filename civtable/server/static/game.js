/* The game page: finds the seat's token, loads the seat's view and keeps it live over a WebSocket,
   sends actions and undo, and draws each new position: the game's renderer draws the board, and
   the page's parts draw the rest — the options (game_options.js), the status line, the log and
   the name (game_status.js), the guide (game_guide.js). */
"use strict";

(() => {
  const { api, el, clear, toast } = Civ;
  const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  let token = null;
  let payload = null;
  let socket = null;
  let retry = 500;
  let busy = false;
  let leaving = false;  // this page is leaving its waiting table (clock.js): its socket's close is expected

  // A token in the address (#token=...) is stored in this browser, then removed from the address bar.
  // The seat stays in the address (?seat=N) so that a reload, or another tab of this browser
  // holding another seat of the same game, finds the right token.
  const hash = new URLSearchParams(location.hash.slice(1));
  const params = new URLSearchParams(location.search);
  const seatParam = params.get("seat") === null || params.get("seat") === "" ? null : Number(params.get("seat"));
  // An invitation (#invite=...) is claimed once: the server answers a fresh seat token for this
  // browser, and the link then works for nobody else (see clock.js). A seat's own link (#token=...)
  // is used as it is; an older link whose token became an invitation is claimed once the server
  // says so (load).
  let invitation = hash.get("invite");
  if (invitation || hash.get("token")) {
    token = invitation ? null : hash.get("token");
    history.replaceState(null, "", location.pathname);
  } else if (params.get("watch") === null) {
    token = Civ.tokenFor(gameId, seatParam);
  }
  // ?seat=N without a token in this browser: say so plainly instead of silently spectating
  const missingSeat = !token && seatParam !== null && params.get("watch") === null;

  function query() { return token ? `?token=${encodeURIComponent(token)}` : ""; }

  async function load() {
    if (invitation) {
      const claimed = await Civ.clocks.claim(gameId, invitation);
      invitation = null;
      if (claimed.token) token = claimed.token;
    }
    const res = await api("GET", `/api/games/${encodeURIComponent(gameId)}${query()}`);
    if (!res.ok) {
      if (res.status === 403 && token && res.data.code === "invitation") {  // a stored older link: claim it
        invitation = token;
        token = null;
        return load();
      }
      if (res.status === 403 && token) {
        toast("this seat's link is not valid for this game; showing the spectator view");
        Civ.forgetSeat(gameId, seatParam);
        token = null;
        return load();
      }
      document.getElementById("status").textContent = res.data.error || "Cannot load the game.";
      if (res.status === 404) {  // no such game: nothing of a table to show, only the way back
        document.getElementById("status").append(" ", el("a", { href: "/", id: "to-lobby" }, "Go to the lobby"));
        for (const sel of [".layout", "label.pace", "#conn"]) document.querySelector(sel)?.classList.add("hidden");
      }
      return;
    }
    if (token) {
      Civ.saveSeat(gameId, res.data.seat, token, res.data.game);
      history.replaceState(null, "", `${location.pathname}?seat=${res.data.seat}`);
    }
    if (missingSeat) {
      const box = document.getElementById("seat-missing") || el("div", { id: "seat-missing", class: "status", role: "alert" });
      box.textContent = `This browser holds no invitation for Player ${seatParam + 1} of this game, so you are watching. `
        + "Open your invitation link (it ends in #invite=...) to play that seat.";
      document.getElementById("status").after(box);
    }
    if (!Object.keys(Civ.glossary.terms).length) {
      Civ.loadGlossary(gameId).then((g) => {
        Civ.table.loadCss(g.css);
        if (payload) { const keep = payload; payload = null; show(keep); }
      });
    }
    Civ.table.paceControl(gameId, () => token);
    Civ.table.typingToggle();
    show(res.data);
    if (!socket) connect();
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const used = token;  // the token this socket was opened with
    const mine = new WebSocket(`${proto}//${location.host}/ws/games/${encodeURIComponent(gameId)}${query()}`);
    socket = mine;
    const conn = document.getElementById("conn");
    mine.addEventListener("open", () => { if (socket === mine) { conn.textContent = "live"; conn.className = "conn live"; retry = 500; } });
    mine.addEventListener("message", (ev) => {
      if (socket !== mine) return;
      const msg = JSON.parse(ev.data);
      if (msg.now) Civ.clocks.sync(msg.now);
      if (msg.type === "presence" || Array.isArray(msg.online)) Civ.clocks.presence(msg.online);  // who has the game open
      if (msg.type === "state") show(msg);
      else if (msg.type === "chat") Civ.chat.receive(msg.message);
    });
    mine.addEventListener("close", (ev) => {
      if (socket !== mine) return;  // replaced meanwhile
      if (leaving) { socket = null; return; }  // this page is leaving the table
      if (ev.code === 4403 && used) { socket = null; seatLost(used, ev.reason); return; }  // the token is dead: never again
      if (ev.code === 4403) { socket = null; conn.textContent = "closed"; conn.className = "conn down"; return; }
      if (ev.code === 4404) {  // the game is gone: asking again cannot bring it back
        socket = null; conn.textContent = "no such game"; conn.className = "conn down";
        toast(ev.reason || "there is no such game"); return;
      }
      conn.textContent = ev.code === 4429 ? "too many connections" : "reconnecting"; conn.className = "conn down";
      if (ev.code === 4429) { toast(ev.reason || "too many connections"); retry = 30000; }
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    });
  }

  /** The server closed the seat's socket with 4403: `dead` holds the seat no more (the seat was
      given to someone else by a new invitation, was left at a waiting table, or this browser signed
      out). The page forgets the token, says why in plain words and shows the game as a spectator
      sees it; another token of this browser for the seat (claimed in another tab) plays on. */
  function seatLost(dead, reason) {
    if (token === dead) {
      token = null;
      const seat = payload && payload.seat !== null ? payload.seat : seatParam;
      const stored = seat === null ? null : Civ.tokenFor(gameId, seat);
      if (stored && stored !== dead) {
        token = stored;
      } else {
        if (stored) Civ.forgetSeat(gameId, seat);
        history.replaceState(null, "", `${location.pathname}?watch`);
        const words = sentence(reason || "this seat is no longer yours");
        const who = seat === null || !payload ? "" : ` You were ${Civ.playerName(payload, seat)}.`;
        const box = document.getElementById("seat-lost") || el("div", { id: "seat-lost", class: "status refused", role: "alert" });
        box.textContent = `${words}${who} You are now watching the game.`;
        document.getElementById("status").after(box);
      }
    }
    load();  // the view of the token now held (none: the spectator's), and its socket
  }

  /** A server's words as a sentence: a capital first letter and a full stop. */
  function sentence(words) {
    const text = String(words).trim();
    return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
  }

  /** Send an action in the text form; the new view comes back in the answer (and over the socket).
      A refusal says the table's plain sentence (`error`); an action typed in the box (`typed`)
      hears the answer's `typed` instead when there is one: the same refusal with how what can be
      played now is typed. The server writes both as sentences, and answers a refusal as an
      answer (POST .../actions/try), not a failed request the browser logs as an error. */
  async function act(text, typed) {
    if (!token || busy || !payload) return false;
    const refused = guide.acting();  // what the guide counts from: this action on, unless refused
    busy = true;
    const res = await api("POST", `/api/games/${encodeURIComponent(gameId)}/actions/try`,
      { token, action: text, state_id: payload.state_id });
    busy = false;
    if (!res.ok || !res.data.ok) {
      refused();
      if (res.data.code === "stale") {  // legal when drawn, but the position moved meanwhile
        toast("The position had changed before your choice arrived, so nothing was played: here is the new position.");
      } else {
        const said = (typed && res.data.typed) || res.data.error || "The action was refused.";
        toast(renderer().said ? renderer().said(said, payload) : said);  // its quoted actions as typed
      }
      if (res.data.status === 409) load();  // the position, or the game, is not the one shown
      return false;
    }
    // the answer can arrive after the pushes of later positions (a fast bot): never go back to it
    if (!payload || res.data.game.state_id >= payload.state_id) show(res.data.game);
    return true;
  }

  /** A click on a board element that cannot act now: the table's plain-words reason why `text`
      (the action it would play) is refused (nothing changes), or, with no such action, `why` and
      the decision of the moment; or whose turn it is. */
  let refusing = false;
  async function refuse(text, why) {
    if (!token || busy || refusing || !payload || payload.finished) return;
    if (!payload.your_turn) { toast(`Not your turn: ${document.getElementById("status").textContent}`); return; }
    if (!text) { toast(`${sentence(why || "nothing to do there now")} ${document.getElementById("status").textContent}.`); return; }
    refusing = true;
    const said = await whyNot(text).finally(() => { refusing = false; });
    if (said && said.code === "stale") {  // the position moved before the question arrived (whyNot loads it)
      toast("The position had changed before your click arrived, so nothing was played: here is the new position.");
    } else if (said) toast(said.error); else act(text);  // else it had just become possible
  }

  /** The refusal `text` would meet now ({error, typed, code}; null: it would be taken), answered
      by the server as an answer, not a failed request the browser logs as an error. */
  async function whyNot(text) {
    const res = await api("POST", `/api/games/${encodeURIComponent(gameId)}/actions/check`, { token, action: text, state_id: payload.state_id });
    if (res.ok && res.data.ok) return null;
    if (["stale", "not_your_turn"].includes(res.data.code)) load();  // the position has moved on
    return { ...res.data, error: res.data.error || "Not possible now." };
  }

  /** Play again: the same game, seats and bots, a new deal; the first to ask makes it, the
      others join their own seat of it; a seat this browser already holds there is simply opened. */
  function heldThere() { return payload.rematch && Civ.tokenFor(payload.rematch, payload.seat) ? payload.rematch : null; }
  async function rematch() {
    if (heldThere()) { location.href = `/play/${encodeURIComponent(heldThere())}?seat=${payload.seat}`; return; }
    const res = await api("POST", `/api/games/${encodeURIComponent(gameId)}/rematch`, { token });
    if (!res.ok) { toast(res.data.error || "No rematch now."); return; }
    guide.carryTo(res.data.id);  // a guided game's rematch is guided again
    location.href = res.data.url;
  }

  async function undo() {
    if (!token) return;
    const res = await api("POST", `/api/games/${encodeURIComponent(gameId)}/undo`, { token });
    if (!res.ok) { toast(res.data.error || "Cannot undo."); return; }
    show(res.data);
  }

  function renderer() { return Civ.renderers[payload.game] || Civ.renderers.generic; }

  const ctx = {
    act,
    refuse,
    readonly: false,
    legal: new Set(),
    svgUrl: null,
    preview(text) { options.showPlanner(text); },
    choose(anchor, actions, heading) { options.showChooser(anchor, actions, heading); },
  };

  /** The page as its parts see it: the position shown and the seat's token as they are now. */
  const page = {
    gameId,
    params,  // the address's query as the page was opened (the token's address is tidied away at once)
    get payload() { return payload; },
    get token() { return token; },
    query, act, rematch, heldThere, renderer, sentence,
    /** Draw `next` even if it is the position shown (the seat's name changed). */
    redraw(next) { payload = null; show(next); },
  };
  const options = Civ.gameOptions(page);
  const status = Civ.gameStatus(page);
  const guide = Civ.gameGuide(page);
  page.label = options.label;
  page.guide = guide;

  let fullLog = [];

  /** Views carry the end of the log; keep the whole of it here, merged by entry index. */
  function mergeLog(next) {
    const merged = fullLog.slice(0, Math.min(next.log_start || 0, next.state_id));
    for (const entry of next.log) merged[entry.i] = entry;
    fullLog = merged.slice(0, next.state_id).filter(Boolean);
    next.log = fullLog;
  }

  function show(next) {
    if (payload && next.state_id === payload.state_id && next.status === payload.status
        && next.can_undo === payload.can_undo && JSON.stringify(next.legal) === JSON.stringify(payload.legal)
        && JSON.stringify(next.view) === JSON.stringify(payload.view)
        && JSON.stringify(next.seats) === JSON.stringify(payload.seats)
        && JSON.stringify(next.table) === JSON.stringify(payload.table) && next.rematch === payload.rematch
        && JSON.stringify(next.series) === JSON.stringify(payload.series)) return;
    mergeLog(next);
    payload = next;
    options.reset();
    ctx.legal = new Set(payload.legal);
    ctx.payload = payload;
    ctx.svgUrl = `/api/games/${encodeURIComponent(gameId)}/svg${query()}`;
    const wasMine = lastYourTurn;
    lastYourTurn = payload.your_turn;
    const me = payload.seat === null ? "" : `${Civ.playerName(payload, payload.seat)} · `;
    document.title = `${payload.your_turn ? "● Your turn — " : ""}${me}${payload.title} — civtable`;
    if (payload.your_turn && !wasMine && wasMine !== null && document.hidden && window.Notification
        && Notification.permission === "granted") {
      new Notification(`${payload.title}: your turn`, { body: payload.decision.prompt || "", tag: gameId });
    }
    document.getElementById("title").textContent = payload.title;
    const info = clear(document.getElementById("seat-info"));
    if (payload.seat === null) info.append("watching");
    else info.append("you are ", Civ.seatChip(payload, payload.seat));
    const rules = document.getElementById("rules-link");
    if (Civ.glossary.rules) rules.href = `${Civ.glossary.rules}?table=${encodeURIComponent(gameId)}${payload.seat === null ? "" : `&seat=${payload.seat}`}`;
    rules.classList.toggle("hidden", !Civ.glossary.rules);
    // the bots' pace is a seated player's choice, at a table that has bots, while the game goes on
    document.querySelector("label.pace")?.classList.toggle("hidden",
      payload.seat === null || payload.finished || !(payload.seats || []).some((s) => s.player !== "human"));
    document.getElementById("notify").classList.toggle("hidden",
      payload.seat === null || !window.Notification || Notification.permission !== "default");
    Civ.glossary.extra = renderer().termExtra ? (id, target) => renderer().termExtra(id, payload, target) : null;
    status.showStatus();
    Civ.clocks.show(payload, { gameId, token, reload: load, leaving: (on) => { leaving = on; } });  // players, clocks, waiting, forfeits (clock.js)
    Civ.chat.start(gameId, token, payload);  // the table chat (chat.js)
    status.showNameForm();
    const board = clear(document.getElementById("board"));
    board.dataset.stateId = String(payload.state_id);
    renderer().render(board, payload, ctx);
    if (payload.score_sheet) {  // the end of the game leads the table
      const sheet = board.querySelector("#score-sheet") || Civ.table.scoreSheet(payload);
      board.prepend(sheet);
    }
    options.dock();  // on one column, after the part of the table the options act on
    options.showLegal();
    status.showLog();
    Civ.table.showMoments(payload);
    Civ.table.fetchDescriptions(gameId, token, payload, () => {
      // the options' words may come from the descriptions: relabel the buttons in place
      for (const b of document.querySelectorAll("#legal button[data-action]")) {
        const words = options.label(b.dataset.action);
        if (b.textContent !== words) b.textContent = words;
      }
      for (const item of document.querySelectorAll("#chooser .chooser-item")) {
        if (!item.querySelector(".described")) Civ.append(item, [Civ.table.descriptionNode(item.dataset.action, "small")]);
      }
    });
    Civ.progress.refresh(() => payload, `/api/games/${encodeURIComponent(gameId)}/progress${query()}`);
    guide.show();
    Civ.focus.decision(payload);  // focus.js: a new decision's places in sight
  }

  let lastYourTurn = null;

  document.getElementById("undo").addEventListener("click", undo);
  Civ.zoom.watch(document.getElementById("board"));  // a board drawn too small to read zooms (zoom.js)
  document.getElementById("typed").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const input = document.getElementById("typed-input");
    // a game whose board names things its own way (Dominations' "M20") turns them back into the action's words
    const raw = input.value.trim();
    const text = raw && renderer().typed ? renderer().typed(raw) : raw;
    if (text && await act(text, true)) input.value = "";
  });
  load();
})();
